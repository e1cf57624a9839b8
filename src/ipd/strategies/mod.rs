//! Built-in strategies, grouped by family, and the catalogue that names them.
//!
//! Every strategy is a small struct implementing [`Rule`]. The [`Strategy`]
//! enum wraps them all so a match dispatches on the strategy with a `match`
//! that the branch predictor learns at once (the variant never changes within
//! a match), instead of a virtual call. A strategy value holds its own
//! per-match state; the tournament clones a fresh prototype for every match.
//!
//! To add a strategy: write its struct, its `Rule` impl and its catalogue
//! entry (`pub const INFO: StrategyInfo`) in the family's file, add it to the
//! `strategies!` list below and list its `INFO` in [`catalogue::CATALOGUE`].

pub mod adaptive;
pub mod axelrod_first;
pub mod basic;
pub mod catalogue;
pub mod chi_squared;
pub mod cyclers;
pub mod defined;
pub mod filter;
pub mod go_by_majority;
pub mod grudgers;
pub mod memory_one;
pub mod probers;
pub mod punishers;
pub mod tit_for_tat;

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::MatchRng;

pub use catalogue::{
    CATALOGUE, ParamKind, ParamSpec, Player, PlayerSpec, StrategyError, StrategyInfo,
};

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
}

macro_rules! strategies {
    ($($variant:ident($rule:path)),* $(,)?) => {
        /// Any built-in strategy, with its per-match state.
        #[derive(Clone, Debug)]
        pub enum Strategy {
            $(
                #[allow(missing_docs)]
                $variant($rule),
            )*
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
                    $(Strategy::$variant(rule) => rule.choose(me, them, context, rng),)*
                }
            }

            /// True when this strategy draws random numbers.
            pub fn is_stochastic(&self) -> bool {
                match self {
                    $(Strategy::$variant(rule) => rule.is_stochastic(),)*
                }
            }
        }
    };
}

strategies! {
    Cooperator(basic::Cooperator),
    Defector(basic::Defector),
    Random(basic::RandomPlayer),
    TitForTat(tit_for_tat::TitForTat),
    TitForTwoTats(tit_for_tat::TitForTwoTats),
    SuspiciousTitForTat(tit_for_tat::SuspiciousTitForTat),
    AntiTitForTat(tit_for_tat::AntiTitForTat),
    Bully(tit_for_tat::Bully),
    TwoTitsForTat(tit_for_tat::TwoTitsForTat),
    HardTitForTat(tit_for_tat::HardTitForTat),
    HardTitForTwoTats(tit_for_tat::HardTitForTwoTats),
    Grudger(grudgers::Grudger),
    ForgetfulGrudger(grudgers::ForgetfulGrudger),
    OppositeGrudger(grudgers::OppositeGrudger),
    Aggravater(grudgers::Aggravater),
    SoftGrudger(grudgers::SoftGrudger),
    GrudgerAlternator(grudgers::GrudgerAlternator),
    EasyGo(grudgers::EasyGo),
    SpitefulCc(grudgers::SpitefulCc),
    WinStayLoseShift(memory_one::WinStayLoseShift),
    WinShiftLoseStay(memory_one::WinShiftLoseStay),
    MemoryOne(memory_one::MemoryOne),
    Alternator(cyclers::Alternator),
    Cycler(cyclers::Cycler),
    AntiCycler(cyclers::AntiCycler),
    GoByMajority(go_by_majority::GoByMajority),
    FoolMeOnce(grudgers::FoolMeOnce),
    OnceBitten(grudgers::OnceBitten),
    Punisher(punishers::Punisher),
    LevelPunisher(punishers::LevelPunisher),
    TrickyLevelPunisher(punishers::TrickyLevelPunisher),
    Appeaser(punishers::Appeaser),
    Prober(probers::Prober),
    Prober4(probers::Prober4),
    Detective(probers::Detective),
    Handshake(probers::Handshake),
    CollectiveStrategy(probers::CollectiveStrategy),
    Gradual(tit_for_tat::Gradual),
    OriginalGradual(tit_for_tat::OriginalGradual),
    Alexei(tit_for_tat::Alexei),
    EugineNier(tit_for_tat::EugineNier),
    SneakyTitForTat(tit_for_tat::SneakyTitForTat),
    SpitefulTitForTat(tit_for_tat::SpitefulTitForTat),
    SlowTitForTwoTats2(tit_for_tat::SlowTitForTwoTats2),
    ForgivingTitForTat(tit_for_tat::ForgivingTitForTat),
    Forgiver(tit_for_tat::Forgiver),
    Adaptive(adaptive::Adaptive),
    FirstByDavis(axelrod_first::FirstByDavis),
    FirstByShubik(axelrod_first::FirstByShubik),
    FirstByNydegger(axelrod_first::FirstByNydegger),
    Calculator(axelrod_first::Calculator),
    Defined(defined::DefinedStrategy),
    FirstByTidemanAndChieruzzi(axelrod_first::FirstByTidemanAndChieruzzi),
    FirstBySteinAndRapoport(axelrod_first::FirstBySteinAndRapoport),
    FirstByGraaskamp(axelrod_first::FirstByGraaskamp),
    FirstByDowning(axelrod_first::FirstByDowning),
    FirstByFeld(axelrod_first::FirstByFeld),
    FirstByTullock(axelrod_first::FirstByTullock),
    FirstByAnonymous(axelrod_first::FirstByAnonymous),
}
