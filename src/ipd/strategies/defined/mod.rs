//! Strategies defined as data rather than code: memory-one vectors, lookup
//! tables, finite state machines, fixed cycles, hidden Markov models, neural
//! networks (a feed-forward one and a transformer encoder) and transformers of any other strategy. A researcher writes one in a TOML file under `strategies/`; the
//! scenario reader (`scenario/strategy_file.rs`, the IO edge) turns the file
//! into a [`Definition`] through the validating constructors here, and
//! [`Definition::player`] makes a [`Player`] that plays like a built-in one.
//!
//! Invariants:
//! - A `Definition` is valid by construction: every lookup key is present
//!   exactly once, every state has both transitions and every target exists,
//!   cycles are non-empty, probabilities lie in [0, 1]. Constructors report
//!   the exact place of a mistake as a [`Place`] so the reader can point at
//!   the line and column.
//! - Classifiers come from the definition: a definition that never draws a
//!   random number is deterministic (so a tournament plays its deterministic
//!   pairs once), and the memory depth is computed from the data.
//! - Semantics follow the axelrod library 4.14: `LookerUp` for lookup
//!   tables, `FSMPlayer` for state machines, `Cycler` for cycles,
//!   `MemoryOnePlayer` for memory-one vectors, `HMMPlayer` for hidden
//!   Markov models (see [`hmm`]), `ANN` for neural networks (see [`ann`]), `EvolvedAttention` for the
//!   transformer encoder (see [`attention`]),
//!   `strategy_transformers.py` for the transformers (see [`transformer`])
//!   and `meta.py` for the composite players (see [`meta`]). axelrod's
//!   `Gambler` (a lookup table of probabilities of C) is the `lookup` kind
//!   with probabilities as values.

pub mod ann;
pub mod attention;
pub mod attention_memo;
pub mod cycle;
pub mod fsm;
pub mod hmm;
pub mod lookup;
pub mod memory_one;
pub mod meta;
pub mod meta_memo;
pub mod shipped;
pub mod transformer;

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{Origin, Player};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};
use std::sync::Arc;

/// The kinds of definition a strategy file may have.
pub const KINDS: &[&str] = &[
    "memory-one",
    "lookup",
    "fsm",
    "hmm",
    "cycle",
    "ann",
    "transformed",
    "meta",
    "attention",
];

/// A validated strategy definition.
#[derive(Clone, Debug)]
pub struct Definition {
    /// Display name (shown in results in place of an axelrod name).
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Where the strategy comes from (paper, tournament, author).
    pub source: Option<String>,
    /// The memory depth the file declares (`Some(None)`: unbounded), as a
    /// library may classify a rule more conservatively than its data show
    /// (axelrod's hand-set classifiers). Never below the computed depth:
    /// checked by [`Definition::declare_memory_depth`].
    pub declared_memory_depth: Option<Option<u32>>,
    /// The rule.
    pub body: Body,
}

/// The rule of a definition, one variant per kind.
#[derive(Clone, Debug)]
pub enum Body {
    /// `kind = "memory-one"`.
    MemoryOne(memory_one::MemoryOneDef),
    /// `kind = "lookup"`.
    Lookup(lookup::LookupTable),
    /// `kind = "fsm"`.
    Fsm(fsm::Fsm),
    /// `kind = "hmm"`.
    Hmm(hmm::Hmm),
    /// `kind = "cycle"`.
    Cycle(cycle::Cycle),
    /// `kind = "ann"`.
    Ann(ann::Ann),
    /// `kind = "transformed"`.
    Transformed(transformer::Transformed),
    /// `kind = "meta"`.
    Meta(Box<meta::Meta>),
    /// `kind = "attention"`.
    Attention(Box<attention::Attention>),
}

/// Where in a definition a mistake is, so the reader can point at it.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A top-level field, e.g. `CD`, `cycle`, `initial`, `start`.
    Field(&'static str),
    /// Item `i` (from 0) of an array field, e.g. a row of `input_weights`.
    FieldItem(&'static str, usize),
    /// The character at this index (in characters) of a string field.
    FieldChar(&'static str, usize),
    /// The key of the lookup table's entry number `i` (in file order).
    TableKey(usize),
    /// The value of the lookup table's entry number `i`.
    TableValue(usize),
    /// The lookup table as a whole (e.g. a key is missing).
    Table,
    /// State number `i` of a state machine (in file order).
    State(usize),
    /// The `next` of state `i`'s transition on the opponent's move.
    TransitionNext(usize, Action),
    /// Transformer number `i` (in file order), field `field`.
    Transformer(usize, &'static str),
    /// Character `c` of the string field `field` of transformer `i`.
    TransformerChar(usize, &'static str, usize),
    /// Item `i` of the array field `field` (a row of a matrix, an entry of
    /// a vector).
    Item(&'static str, usize),
    /// Row `r`, column `c` of the matrix field `field`.
    Cell(&'static str, usize, usize),
}

/// A mistake in a definition: where, and what is wrong and allowed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct DefinitionError {
    /// Where it is.
    pub place: Place,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl DefinitionError {
    pub(crate) fn new(place: Place, message: impl Into<String>) -> DefinitionError {
        DefinitionError {
            place,
            message: message.into(),
        }
    }
}

/// Checks that `value` is a probability.
pub(crate) fn check_probability(
    value: f64,
    what: &str,
    place: Place,
) -> Result<f64, DefinitionError> {
    if value.is_finite() && (0.0..=1.0).contains(&value) {
        Ok(value)
    } else {
        Err(DefinitionError::new(
            place,
            format!("{what} must be between 0 and 1, got {value}"),
        ))
    }
}

/// Parses a string of moves (`"CCD"`); `field` names it in errors.
pub fn parse_moves(
    text: &str,
    place: impl Fn(usize) -> Place,
    what: &str,
) -> Result<Vec<Action>, DefinitionError> {
    text.chars()
        .enumerate()
        .map(|(i, c)| match c {
            'C' => Ok(Action::C),
            'D' => Ok(Action::D),
            other => Err(DefinitionError::new(
                place(i),
                format!(
                    "{what}: character {} is `{other}`; only C and D (upper case) are allowed",
                    i + 1
                ),
            )),
        })
        .collect()
}

/// Moves as a string of letters.
pub fn moves_text(moves: &[Action]) -> String {
    moves.iter().map(|a| a.letter()).collect()
}

impl Definition {
    /// A definition with no source and the memory depth computed from the body.
    pub fn new(name: impl Into<String>, description: Option<String>, body: Body) -> Definition {
        Definition {
            name: name.into(),
            description,
            source: None,
            declared_memory_depth: None,
            body,
        }
    }

    /// Declares the memory depth (`None`: unbounded). Refused when it is
    /// below the depth computed from the body: the rule does look that far
    /// back, so a smaller classifier would be wrong.
    ///
    /// A stochastic `hmm` is exempt: its computed depth is unbounded for
    /// almost every model (the belief over hidden states carries the whole
    /// history), while axelrod hand-sets a finite classifier for its
    /// `HMMPlayer`s (1 by default, 5 for Evolved HMM 5); the file's value is
    /// taken as given, like axelrod's.
    pub fn declare_memory_depth(&mut self, depth: Option<u32>) -> Result<(), DefinitionError> {
        if matches!(&self.body, Body::Hmm(h) if h.is_stochastic()) {
            self.declared_memory_depth = Some(depth);
            return Ok(());
        }
        let computed = self.computed_memory_depth();
        let below = match (depth, computed) {
            (_, None) => depth.is_some(),
            (None, Some(_)) => false,
            (Some(d), Some(c)) => d < c,
        };
        if below {
            let show = |d: Option<u32>| d.map_or_else(|| "inf".to_string(), |d| d.to_string());
            return Err(DefinitionError::new(
                Place::Field("memory_depth"),
                format!(
                    "memory_depth {} is below the depth computed from the definition ({}); \
                     a declared depth may only be larger (or \"inf\")",
                    show(depth),
                    show(computed)
                ),
            ));
        }
        self.declared_memory_depth = Some(depth);
        Ok(())
    }

    /// The `kind` written in the file.
    pub fn kind(&self) -> &'static str {
        match self.body {
            Body::MemoryOne(_) => "memory-one",
            Body::Lookup(_) => "lookup",
            Body::Fsm(_) => "fsm",
            Body::Hmm(_) => "hmm",
            Body::Cycle(_) => "cycle",
            Body::Ann(_) => "ann",
            Body::Transformed(_) => "transformed",
            Body::Meta(_) => "meta",
            Body::Attention(_) => "attention",
        }
    }

    /// How many past turns the rule looks at; `None` means unbounded. The
    /// declared depth when the file gives one, else the computed one.
    pub fn memory_depth(&self) -> Option<u32> {
        self.declared_memory_depth
            .unwrap_or_else(|| self.computed_memory_depth())
    }

    /// The memory depth computed from the body alone.
    pub fn computed_memory_depth(&self) -> Option<u32> {
        match &self.body {
            Body::MemoryOne(m) => Some(m.memory_depth()),
            Body::Lookup(t) => t.memory_depth(),
            Body::Fsm(f) => f.memory_depth(),
            Body::Hmm(h) => h.memory_depth(),
            Body::Cycle(c) => Some(c.memory_depth()),
            // The opponent's first moves and the counters: unbounded.
            Body::Ann(_) => None,
            Body::Transformed(t) => t.memory_depth(),
            Body::Meta(_) => None,
            Body::Attention(a) => Some(a.memory_depth()),
        }
    }

    /// True when the rule draws random numbers.
    pub fn is_stochastic(&self) -> bool {
        match &self.body {
            Body::MemoryOne(m) => m.is_stochastic(),
            Body::Lookup(t) => t.is_stochastic(),
            Body::Hmm(h) => h.is_stochastic(),
            Body::Fsm(_) | Body::Cycle(_) | Body::Ann(_) | Body::Attention(_) => false,
            Body::Transformed(t) => t.is_stochastic(),
            Body::Meta(m) => m.is_stochastic(),
        }
    }

    /// True when the rule looks at the match length.
    pub fn uses_length(&self) -> bool {
        match &self.body {
            Body::Transformed(t) => t.uses_length(),
            Body::Meta(m) => m.uses_length(),
            _ => false,
        }
    }

    /// True when the rule looks at the payoff matrix.
    pub fn uses_payoffs(&self) -> bool {
        match &self.body {
            Body::Transformed(t) => t.uses_payoffs(),
            Body::Meta(m) => m.uses_payoffs(),
            _ => false,
        }
    }

    /// axelrod's `long_run_time` classifier: a meta player's (see
    /// [`meta::Meta::long_run_time`]), a transformed strategy's inner one's.
    pub fn long_run_time(&self) -> bool {
        match &self.body {
            Body::Transformed(t) => t.inner.long_run_time(),
            Body::Meta(m) => m.long_run_time(),
            Body::Attention(a) => a.long_run_time,
            _ => false,
        }
    }

    /// The strategy in its start-of-match state.
    pub fn prototype(self: &Arc<Self>) -> DefinedStrategy {
        let state = match &self.body {
            Body::MemoryOne(m) => State::MemoryOne(m.rule()),
            Body::Lookup(_) => State::Lookup { openings: 0 },
            Body::Fsm(f) => State::Fsm { state: f.start },
            Body::Hmm(h) => State::Hmm { state: h.start },
            Body::Cycle(_) => State::Cycle,
            Body::Ann(_) => State::Ann(ann::AnnState::default()),
            Body::Transformed(t) => State::Transformed(Box::new(t.inner.prototype.clone())),
            Body::Meta(m) => State::Meta(Box::new(m.state())),
            Body::Attention(_) => State::Attention(Box::default()),
        };
        DefinedStrategy {
            definition: Arc::clone(self),
            state,
        }
    }

    /// A player for this definition. `reference` is how the scenario named
    /// it (a strategy name, a path or `inline`); it becomes the player's id.
    pub fn player(self: Arc<Self>, reference: &str) -> Player {
        Player {
            name: self.name.clone(),
            params: Vec::new(),
            prototype: Strategy::Defined(self.prototype()),
            origin: Origin::Defined {
                reference: reference.to_string(),
                definition: self,
            },
        }
    }
}

/// A data-defined strategy with its per-match state.
#[derive(Clone, Debug)]
pub struct DefinedStrategy {
    definition: Arc<Definition>,
    state: State,
}

#[derive(Clone, Debug)]
enum State {
    MemoryOne(crate::ipd::strategies::memory_one::MemoryOne),
    Lookup { openings: u64 },
    Fsm { state: usize },
    Hmm { state: usize },
    Cycle,
    Ann(ann::AnnState),
    Transformed(Box<Strategy>),
    Meta(Box<meta::MetaState>),
    Attention(Box<attention::AttentionState>),
}

impl DefinedStrategy {
    /// The definition this strategy plays.
    pub fn definition(&self) -> &Arc<Definition> {
        &self.definition
    }
}

impl Rule for DefinedStrategy {
    #[inline]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match (&self.definition.body, &mut self.state) {
            (Body::MemoryOne(_), State::MemoryOne(rule)) => rule.choose(me, them, context, rng),
            (Body::Lookup(table), State::Lookup { openings }) => {
                table.choose(openings, me, them, rng)
            }
            (Body::Fsm(machine), State::Fsm { state }) => machine.choose(state, me, them),
            (Body::Hmm(model), State::Hmm { state }) => model.choose(state, me, them, rng),
            (Body::Cycle(cycle), State::Cycle) => cycle.choose(me),
            (Body::Ann(network), State::Ann(state)) => network.choose(state, me, them),
            (Body::Transformed(t), State::Transformed(inner)) => {
                transformer::apply(&t.transformers, inner, me, them, context, rng)
            }
            (Body::Meta(m), State::Meta(state)) => m.choose(state, me, them, context, rng),
            (Body::Attention(a), State::Attention(state)) => a.choose(state, me, them),
            // The state is made from the body in `prototype` and never
            // changes variant.
            _ => unreachable!("a defined strategy's state matches its body"),
        }
    }

    fn is_stochastic(&self) -> bool {
        self.definition.is_stochastic()
    }

    fn memory_one_vector(&self, payoffs: &crate::ipd::payoffs::Payoffs) -> Option<[f64; 4]> {
        match &self.state {
            State::MemoryOne(rule) => rule.memory_one_vector(payoffs),
            _ => None,
        }
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    //! Playing strategies against each other in unit tests.

    use crate::ipd::action::Action;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::Strategy;

    /// The moves of both players over `turns` turns, seed 7.
    pub fn moves(a: &Strategy, b: &Strategy, turns: u32) -> (Vec<Action>, Vec<Action>) {
        moves_with(a, b, turns, 7)
    }

    /// The moves of both players over `turns` turns with this seed.
    pub fn moves_with(
        a: &Strategy,
        b: &Strategy,
        turns: u32,
        seed: u64,
    ) -> (Vec<Action>, Vec<Action>) {
        moves_in(a, b, turns, seed, Payoffs::STANDARD, 0.0)
    }

    /// The moves of both players over `turns` turns with this seed, game
    /// and noise.
    pub fn moves_in(
        a: &Strategy,
        b: &Strategy,
        turns: u32,
        seed: u64,
        payoffs: Payoffs,
        noise: f64,
    ) -> (Vec<Action>, Vec<Action>) {
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise,
            payoffs,
        };
        let mut list = MoveList::default();
        play_match(a, b, &settings, &mut match_rng(seed, 0, 1, 0), &mut list);
        (list.first, list.second)
    }
}
