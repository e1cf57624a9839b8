//! Built-in strategies, grouped by family, and the catalogue that names them.
//!
//! Every strategy is a small struct implementing [`Rule`]. The [`Strategy`]
//! enum wraps them all so a match dispatches on the strategy with a `match`
//! that the branch predictor learns at once (the variant never changes within
//! a match), instead of a virtual call. A strategy value holds its own
//! per-match state; the tournament clones a fresh prototype for every match.
//!
//! Strategies are grouped in families, one file (or folder) each. A family
//! registers its rules in one place: the [`family!`] invocation at the end of
//! its file, which lists each rule type with its catalogue entries and
//! produces the family's dispatch enum, the conversions into [`Strategy`] and
//! the family's slice of the catalogue. The [`families!`] list below names
//! every family once; [`CATALOGUE`] is their entries, family by family.
//!
//! To add a strategy: write its struct, its `Rule` impl and its catalogue
//! entry (`pub const INFO: StrategyInfo`) in the family's file and add one
//! line `Rule => [Rule::INFO]` to that file's `family!` list. A new family is
//! a new file with its own `family!` list plus one line in `families!`.

/// Registers a family's rules: `family! { "Title"; Rule => [Rule::INFO, ...], ...; also [Other::INFO] }`.
///
/// Each `Rule` is a type of the current module implementing [`Rule`]; its
/// entries are the catalogue rows built from it (a rule may have several, e.g.
/// the cyclers). `also` lists entries whose rule is another family's type (a
/// first-tournament entry that is a memory-one vector). The macro defines
/// `Family` (the dispatch enum), `From<Rule> for Strategy`, `FAMILY` (the
/// title shown by `dilemma strategies`) and `ENTRIES` (the catalogue rows).
///
/// A family whose every entry is built from another family's rule (the
/// zero-determinant players, which are memory-one vectors) lists only
/// `also`: `family! { "Title"; also [Other::INFO, ...] }`. Its `Family` has no
/// variant; its players dispatch through the other family.
macro_rules! family {
    (
        $title:literal;
        also [$($extra:expr),* $(,)?]
    ) => {
        /// Every rule of this family, for dispatch: none, its entries are
        /// built from other families' rules.
        #[derive(Clone, Debug)]
        pub enum Family {}

        impl Family {
            /// The move for the next turn.
            #[inline(always)]
            pub fn choose(
                &mut self,
                _: &$crate::ipd::history::History,
                _: &$crate::ipd::history::History,
                _: &$crate::ipd::strategies::MatchContext,
                _: &mut $crate::ipd::random::MatchRng,
            ) -> $crate::ipd::action::Action {
                match *self {}
            }

            /// True when this rule draws random numbers.
            pub fn is_stochastic(&self) -> bool {
                match *self {}
            }

            /// The rule's own memory depth, when its parameters decide it.
            pub fn memory_depth(&self) -> Option<Option<u32>> {
                match *self {}
            }

            /// The rule as a memory-one vector (none: the family is empty).
            pub fn memory_one_vector(
                &self,
                _: &$crate::ipd::payoffs::Payoffs,
            ) -> Option<[f64; 4]> {
                match *self {}
            }
        }

        /// This family's title in `dilemma strategies`.
        pub const FAMILY: &str = $title;

        /// This family's catalogue entries, in listing order.
        pub static ENTRIES: &[$crate::ipd::strategies::StrategyInfo] = &[
            $($extra,)*
        ];
    };
    (
        $title:literal;
        $($rule:ident => [$($info:expr),* $(,)?]),+ $(,)?
        $(; also [$($extra:expr),* $(,)?])?
    ) => {
        /// Every rule of this family, for dispatch.
        #[derive(Clone, Debug)]
        pub enum Family {
            $(
                #[allow(missing_docs)]
                $rule($rule),
            )+
        }

        impl Family {
            /// The move for the next turn.
            #[inline(always)]
            pub fn choose(
                &mut self,
                me: &$crate::ipd::history::History,
                them: &$crate::ipd::history::History,
                context: &$crate::ipd::strategies::MatchContext,
                rng: &mut $crate::ipd::random::MatchRng,
            ) -> $crate::ipd::action::Action {
                match self {
                    $(Family::$rule(rule) => $crate::ipd::strategies::Rule::choose(rule, me, them, context, rng),)+
                }
            }

            /// True when this rule draws random numbers.
            pub fn is_stochastic(&self) -> bool {
                match self {
                    $(Family::$rule(rule) => $crate::ipd::strategies::Rule::is_stochastic(rule),)+
                }
            }

            /// The rule's own memory depth, when its parameters decide it.
            pub fn memory_depth(&self) -> Option<Option<u32>> {
                match self {
                    $(Family::$rule(rule) => $crate::ipd::strategies::Rule::memory_depth(rule),)+
                }
            }

            /// The rule as a memory-one vector (see `Rule::memory_one_vector`).
            pub fn memory_one_vector(
                &self,
                payoffs: &$crate::ipd::payoffs::Payoffs,
            ) -> Option<[f64; 4]> {
                match self {
                    $(Family::$rule(rule) => {
                        $crate::ipd::strategies::Rule::memory_one_vector(rule, payoffs)
                    })+
                }
            }
        }

        $(
            impl From<$rule> for $crate::ipd::strategies::Strategy {
                fn from(rule: $rule) -> Self {
                    $crate::ipd::strategies::Strategy::from(Family::$rule(rule))
                }
            }
        )+

        /// This family's title in `dilemma strategies`.
        pub const FAMILY: &str = $title;

        /// This family's catalogue entries, in listing order.
        pub static ENTRIES: &[$crate::ipd::strategies::StrategyInfo] = &[
            $($($info,)*)+
            $($($extra,)*)?
        ];
    };
}

/// Names every family once: `Variant => module`. Produces [`Strategy`] (one
/// variant per family plus `Defined`), the conversions from each family's
/// enum and the [`CATALOGUE`].
macro_rules! families {
    ($($variant:ident => $module:ident),+ $(,)?) => {
        /// Any built-in strategy, with its per-match state.
        #[derive(Clone, Debug)]
        pub enum Strategy {
            $(
                #[allow(missing_docs)]
                $variant($module::Family),
            )+
            /// A strategy defined as data (a file or an inline table).
            Defined(defined::DefinedStrategy),
        }

        impl Strategy {
            /// The move for the next turn (see [`Rule::choose`]).
            #[inline(always)]
            pub fn choose(
                &mut self,
                me: &History,
                them: &History,
                context: &MatchContext,
                rng: &mut MatchRng,
            ) -> Action {
                match self {
                    $(Strategy::$variant(family) => family.choose(me, them, context, rng),)+
                    Strategy::Defined(rule) => rule.choose(me, them, context, rng),
                }
            }

            /// True when this strategy draws random numbers.
            pub fn is_stochastic(&self) -> bool {
                match self {
                    $(Strategy::$variant(family) => family.is_stochastic(),)+
                    Strategy::Defined(rule) => rule.is_stochastic(),
                }
            }

            /// A built-in rule's memory depth when its parameters decide it
            /// (see [`Rule::memory_depth`]).
            pub fn memory_depth(&self) -> Option<Option<u32>> {
                match self {
                    $(Strategy::$variant(family) => family.memory_depth(),)+
                    Strategy::Defined(_) => None,
                }
            }

            /// The strategy as a memory-one vector for these payoffs, when
            /// it plays as one from its second move on (see
            /// [`Rule::memory_one_vector`]).
            pub fn memory_one_vector(&self, payoffs: &Payoffs) -> Option<[f64; 4]> {
                match self {
                    $(Strategy::$variant(family) => family.memory_one_vector(payoffs),)+
                    Strategy::Defined(rule) => rule.memory_one_vector(payoffs),
                }
            }
        }

        $(
            impl From<$module::Family> for Strategy {
                fn from(family: $module::Family) -> Self {
                    Strategy::$variant(family)
                }
            }
        )+

        /// Every family: its title and its catalogue entries, in listing order.
        pub static FAMILIES: &[(&str, &[StrategyInfo])] = &[$(($module::FAMILY, $module::ENTRIES)),+];
    };
}

pub mod adaptive;
pub mod adaptive_pavlov;
pub mod adaptor;
pub mod andre;
pub mod average_copier;
pub mod axelrod_first;
pub mod axelrod_second;
pub mod backstabbers;
pub mod basic;
pub mod catalogue;
pub mod chi_squared;
pub mod cost;
pub mod cyclers;
pub mod dbs;
pub mod defined;
pub mod filter;
pub mod go_by_majority;
pub mod gradual_killer;
pub mod grudgers;
pub mod grumpy;
pub mod hunters;
pub mod learners;
pub mod memory_one;
pub mod memory_two;
pub mod probers;
pub mod punishers;
pub mod random_start;
pub mod resurrection;
pub mod retaliate;
pub mod revised_downing;
pub mod sequences;
pub mod tit_for_tat;
pub mod tit_for_tat_variants;
pub mod trackers;
pub mod tricky;
pub mod worse_and_worse;
pub mod zero_determinant;

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::MatchRng;

pub use catalogue::{ParamKind, ParamSpec, Player, PlayerSpec, StrategyError, StrategyInfo};
use std::sync::LazyLock;

/// What a strategy may know about the match besides the two histories.
#[derive(Clone, Copy, Debug)]
pub struct MatchContext {
    /// The number of turns, told only for a fixed horizon.
    pub length: Option<u32>,
    /// The payoff matrix in use.
    pub payoffs: Payoffs,
}

/// A decision rule of the iterated prisoner's dilemma.
pub trait Rule: Clone + std::fmt::Debug {
    /// The move for the next turn, given both histories so far. `me` and
    /// `them` include every earlier turn (with noise applied); stochastic
    /// rules draw from `rng` and nothing else.
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action;

    /// True when the rule (with these parameters) draws random numbers.
    fn is_stochastic(&self) -> bool {
        false
    }

    /// The memory depth for these parameters when it depends on them
    /// (`Some(None)` is unbounded); `None` leaves the catalogue entry's.
    fn memory_depth(&self) -> Option<Option<u32>> {
        None
    }

    /// The rule as a memory-one vector for a match with these payoffs, when
    /// it plays as one from its second move on: each later `choose` returns
    /// exactly `random_choice(rng, vector[state_index(my last, their
    /// last)])`, drawing as that does, whatever else the histories hold,
    /// and no later move reads the rule's own state. A meta player then
    /// asks the member through the vector, without the dispatch or its
    /// history (`defined/meta.rs`). `None` (the default) when it is not
    /// one. Whether it is `Some` must not depend on the payoffs (only the
    /// numbers may). Every claim is checked against `choose` for every
    /// catalogue entry (`tests/suite/memory_one_vectors.rs`).
    fn memory_one_vector(&self, _payoffs: &Payoffs) -> Option<[f64; 4]> {
        None
    }
}

families! {
    Basic => basic,
    TitForTat => tit_for_tat,
    Grudgers => grudgers,
    MemoryOne => memory_one,
    ZeroDeterminant => zero_determinant,
    Cyclers => cyclers,
    GoByMajority => go_by_majority,
    Punishers => punishers,
    Probers => probers,
    Adaptive => adaptive,
    AxelrodFirst => axelrod_first,
    TitForTatVariants => tit_for_tat_variants,
    Retaliate => retaliate,
    Resurrection => resurrection,
    AxelrodSecond => axelrod_second,
    Backstabbers => backstabbers,
    MemoryTwo => memory_two,
    Tricky => tricky,
    Grumpy => grumpy,
    GradualKiller => gradual_killer,
    RevisedDowning => revised_downing,
    RandomStart => random_start,
    Hunters => hunters,
    Sequences => sequences,
    Trackers => trackers,
    Andre => andre,
    Dbs => dbs,
    AdaptivePavlov => adaptive_pavlov,
    Adaptor => adaptor,
    AverageCopier => average_copier,
    Learners => learners,
    WorseAndWorse => worse_and_worse,
}

/// Every built-in strategy, family by family (the order of [`FAMILIES`]).
pub static CATALOGUE: LazyLock<Vec<&'static StrategyInfo>> = LazyLock::new(|| {
    FAMILIES
        .iter()
        .flat_map(|(_, entries)| entries.iter())
        .collect()
});

/// The title of the family a catalogue entry belongs to.
pub fn family_of(info: &StrategyInfo) -> &'static str {
    FAMILIES
        .iter()
        .find(|(_, entries)| {
            entries
                .iter()
                .any(|e| std::ptr::eq(e, info) || e.id == info.id)
        })
        .map_or("", |(title, _)| title)
}
