//! `kind = "meta"`: a composite player (axelrod 4.14's `meta.py`): a team of
//! strategies plays inside the player every turn, and a rule turns the
//! team's proposals into the player's move.
//!
//! Semantics, each as axelrod's `MetaPlayer` and its subclasses:
//! - Every turn every member is asked for its move (`MetaPlayer.strategy`),
//!   in team order, each drawing from the match's generator when it is
//!   stochastic. A member sees the real opponent's history, and as its own
//!   history the moves IT PROPOSED (not the moves the meta player played):
//!   axelrod updates each member with `update_history(proposal, coplay)`.
//!   The opponent's moves are the ones actually played (after noise).
//! - The members are told the match length and the payoffs, as the meta
//!   player is (`receive_match_attributes`).
//! - Rules (`MetaRule`):
//!   - `majority`: D when more members propose D than C, else C (a tie is
//!     C; `MetaMajority`); `minority`: D when fewer propose D than C, else C
//!     (a tie is C; `MetaMinority`).
//!   - `winner`: every member keeps a running score, the payoff its own
//!     proposal would have earned against the opponent's actual move, summed
//!     from the first turn (a float sum from 0, in turn order, as axelrod's
//!     numpy array); the move is the proposal of the best-scoring members: C
//!     when any of them proposes C, else D (`MetaWinner`).
//!   - `winner-ensemble`: the members sorted by (score, index) descending
//!     (so among equal scores the LATER member ranks first, as axelrod's
//!     `sort(reverse=True)` of (score, index) pairs), the top
//!     max(1, floor(0.08 n)) kept, and one of them drawn uniformly; its
//!     proposal is the move. A team of one, or of identical members (same
//!     strategy, same parameters), plays the first member's proposal without
//!     a draw (`MetaWinnerEnsemble`'s `singular`).
//!   - `nice-winner`, `nice-winner-ensemble`: the same, then a D becomes C
//!     while the opponent has never defected (axelrod's `NiceTransformer`
//!     applied to the two classes; the team is asked and scored as before).
//!   - `hunter`: D when any member proposes D; otherwise, after more than
//!     100 opponent moves, the opponent's last move (tit for tat), else C
//!     (`MetaHunter`, `MetaHunterAggressive`: they differ by team only).
//!   - `mixer`: one member drawn by `distribution` (uniform when absent or
//!     all zero) plays its proposal (`MetaMixer`). The weights must sum to 1
//!     (within 1.5e-8, numpy's tolerance; axelrod fails otherwise) unless only
//!     one is positive: a team of one, or one positive weight, asks only that
//!     member and never draws (axelrod's `index_strategy`).
//!   - `memory-decay`: the `start` member plays the first `duration` turns
//!     (counted by the player's own history); the opponent's moves are
//!     memorised from the second turn on (after an optional initial
//!     `memory`). Afterwards each turn, a draw u <= `p_alter` flips one
//!     memorised move chosen uniformly, then a draw u <= `p_delete` forgets
//!     one chosen uniformly; the move is D when gain * (memorised C) + loss *
//!     (memorised D) < 0, else C (`MemoryDecay`). The memory is kept as two
//!     counts: a uniform choice of a position only matters through the move
//!     at it, so counts give the same distribution without a growing list.
//!     (axelrod sums the memory in list order; with non-integer gain and
//!     loss the rounding may differ at exactly 0.) With an empty memory
//!     (duration 0 and no initial memory) axelrod raises an error; here
//!     nothing is altered or forgotten.
//! - Classifiers: memory depth unbounded (axelrod's class value); stochastic
//!   when any member is (majority, minority, winner, hunter), always for a
//!   non-singular ensemble, a mixer that draws and memory decay; uses the
//!   length or the payoffs when a member does (axelrod's `makes_use_of`
//!   union), and the winner rules use the payoffs for their scores.
//!
//! Speed: the team is cloned once per match with the rest of the state
//! (members, their histories, scores, a ranking buffer); a turn allocates
//! nothing. One pass over the team per turn updates the scores, one asks the members (pushing each one's last proposal
//! first); an ensemble finds its drawn rank in one more pass that keeps
//! only the best `rank + 1` members, never sorting the team. A team with
//! at least [`MEMO_MIN_MEMBERS`] deterministic members asks only its
//! stochastic ones every turn (in team order: they alone draw); while the
//! opponent's moves follow a path already played, the deterministic ones
//! are not asked and their scores not kept: a per-thread trie
//! (`meta_memo`) gives what the rule needs of them at that node (their
//! defections, their best score and whether a best scorer proposes C,
//! their best few by rank, or for a mixer their proposals), combined with
//! the stochastic members' in one short pass. From the first turn that
//! leaves the path they replay the skipped turns (proposals and scores)
//! and are asked: in axelrod's standard reference tournament this halves
//! the long-memory meta players' work against most opponents. Outside the memo,
//! a member that is a memory-one vector (`Rule::memory_one_vector`: Tit For
//! Tat, GTFT, the zero-determinant players, ...) is asked through its
//! vector from the second turn on, without the dispatch or its history.

use crate::ipd::action::{Action, state_index};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::Player;
use crate::ipd::strategies::defined::meta_memo;
use crate::ipd::strategies::defined::{DefinitionError, Place, check_probability};
use crate::ipd::strategies::{MatchContext, Strategy};
use std::sync::atomic::{AtomicU64, Ordering};

/// The rule names a file may use.
pub const RULES: &[&str] = &[
    "majority",
    "minority",
    "winner",
    "winner-ensemble",
    "nice-winner",
    "nice-winner-ensemble",
    "hunter",
    "mixer",
    "memory-decay",
];

/// The named groups a team may be.
pub const GROUPS: &[&str] = &[
    "ordinary",
    "memory-one",
    "finite-memory",
    "long-memory",
    "stochastic",
    "deterministic",
];

/// A team named by a group of the catalogue (see [`GROUPS`]); every group
/// is drawn from the ordinary strategies, as axelrod's `meta.py` filters
/// `ordinary_strategies`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Every catalogue strategy with its default parameters (built-ins and
    /// shipped files), except meta players: axelrod's `ordinary_strategies`
    /// (those that obey Axelrod's rules: no source inspection or
    /// manipulation, which no strategy of ours does), meta players removed.
    Ordinary,
    /// Memory depth at most 1.
    MemoryOne,
    /// Finite memory depth.
    FiniteMemory,
    /// Unbounded memory depth.
    LongMemory,
    /// Stochastic (with default parameters).
    Stochastic,
    /// Deterministic (with default parameters).
    Deterministic,
}

impl Group {
    /// The group of this name.
    pub fn parse(name: &str) -> Option<Group> {
        Some(match name {
            "ordinary" => Group::Ordinary,
            "memory-one" => Group::MemoryOne,
            "finite-memory" => Group::FiniteMemory,
            "long-memory" => Group::LongMemory,
            "stochastic" => Group::Stochastic,
            "deterministic" => Group::Deterministic,
            _ => return None,
        })
    }

    /// The name used in files.
    pub fn name(self) -> &'static str {
        match self {
            Group::Ordinary => "ordinary",
            Group::MemoryOne => "memory-one",
            Group::FiniteMemory => "finite-memory",
            Group::LongMemory => "long-memory",
            Group::Stochastic => "stochastic",
            Group::Deterministic => "deterministic",
        }
    }

    /// True when an ordinary strategy belongs to the group.
    pub fn admits(self, player: &Player) -> bool {
        match self {
            Group::Ordinary => true,
            Group::MemoryOne => player.memory_depth().is_some_and(|d| d <= 1),
            Group::FiniteMemory => player.memory_depth().is_some(),
            Group::LongMemory => player.memory_depth().is_none(),
            Group::Stochastic => player.is_stochastic(),
            Group::Deterministic => !player.is_stochastic(),
        }
    }
}

/// Memory Decay's parameters (axelrod's `MemoryDecay` constructor).
#[derive(Clone, Debug, PartialEq)]
pub struct Decay {
    /// Probability of forgetting one memorised move each turn.
    pub p_delete: f64,
    /// Probability of flipping one memorised move each turn.
    pub p_alter: f64,
    /// Weight of a memorised D.
    pub loss: f64,
    /// Weight of a memorised C.
    pub gain: f64,
    /// Turns played by the start strategy (the team's only member).
    pub duration: u32,
    /// Moves memorised before the match.
    pub memory: Vec<Action>,
}

/// How the team's proposals become the move.
#[derive(Clone, Debug, PartialEq)]
pub enum MetaRule {
    /// Majority vote, ties C.
    Majority,
    /// Minority vote, ties C.
    Minority,
    /// The best scorers' proposal, C if any proposes C.
    Winner,
    /// One of the top 8% scorers, drawn.
    WinnerEnsemble,
    /// `Winner`, never the first to defect.
    NiceWinner,
    /// `WinnerEnsemble`, never the first to defect.
    NiceWinnerEnsemble,
    /// D when any member proposes D, else C (tit for tat after 100 turns).
    Hunter,
    /// A member drawn by the weights (uniform when `None`).
    Mixer(Option<Vec<f64>>),
    /// Memory Decay.
    MemoryDecay(Decay),
}

impl MetaRule {
    /// The name used in files.
    pub fn name(&self) -> &'static str {
        match self {
            MetaRule::Majority => "majority",
            MetaRule::Minority => "minority",
            MetaRule::Winner => "winner",
            MetaRule::WinnerEnsemble => "winner-ensemble",
            MetaRule::NiceWinner => "nice-winner",
            MetaRule::NiceWinnerEnsemble => "nice-winner-ensemble",
            MetaRule::Hunter => "hunter",
            MetaRule::Mixer(_) => "mixer",
            MetaRule::MemoryDecay(_) => "memory-decay",
        }
    }

    fn scores(&self) -> bool {
        matches!(
            self,
            MetaRule::Winner
                | MetaRule::WinnerEnsemble
                | MetaRule::NiceWinner
                | MetaRule::NiceWinnerEnsemble
        )
    }

    /// axelrod's `long_run_time` for the class of this rule: false for the
    /// hunters and Memory Decay, true for every other meta player (axelrod's
    /// memory-one-team players set it false; a file says so with
    /// `long_run_time = false`).
    pub fn default_long_run_time(&self) -> bool {
        !matches!(self, MetaRule::Hunter | MetaRule::MemoryDecay(_))
    }
}

/// How a mixer picks its member.
#[derive(Clone, Debug, PartialEq)]
enum Pick {
    /// Only this member is asked; no draw.
    Single(usize),
    /// Uniform over the team.
    Uniform,
    /// By the cumulative weights (last = 1).
    Weighted(Vec<f64>),
}

/// A validated meta definition.
#[derive(Clone, Debug)]
pub struct Meta {
    /// The team, in order.
    pub team: Vec<Player>,
    /// The group the team was named by, if any (written back instead of
    /// the members).
    pub group: Option<Group>,
    /// The rule.
    pub rule: MetaRule,
    /// The declared `long_run_time`, if the file gives one.
    pub declared_long_run_time: Option<bool>,
    pick: Pick,
    singular: bool,
    /// A number no other meta definition of this process has: the key of
    /// its proposal tries (clones share it, as they share the team).
    id: u64,
    /// Indexes of the deterministic members (asked through the memo).
    deterministic: Vec<usize>,
    /// Indexes of the other members, in team order.
    stochastic: Vec<usize>,
    /// Per member: true when it is asked through its memory-one vector
    /// (`MetaState::vectors`) rather than its rule, outside the memo.
    vector_members: Vec<bool>,
    /// True when some member is asked through its vector.
    any_vector_member: bool,
    /// True when the deterministic members' proposals are remembered
    /// ([`meta_memo`]).
    memo: bool,
    /// What the memo's nodes hold of them.
    summary: Summary,
}

/// Fewest deterministic members for which the memo pays: a few cheap
/// members cost about what storing their proposals does (measured: the
/// memory-one meta players, 11 of 37 deterministic, ran 0-10% slower with
/// it; the long-memory ones, 103 of 138, 9-32% faster).
const MEMO_MIN_MEMBERS: usize = 16;

/// What a trie node holds of the deterministic members (see [`meta_memo`]):
/// what the rule needs of them, so that a match following a stored path
/// neither reads their proposals one by one nor keeps their scores. Their
/// scores, like their proposals, are functions of the opponent's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Summary {
    /// Their proposals, one bit each (bit j: the j-th deterministic member
    /// proposes D): for a mixer, which plays one member's proposal.
    Proposals,
    /// How many of them propose D: for majority, minority and hunter.
    Defections,
    /// Their best score (as `f64` bits) and whether one of them with that
    /// score proposes C: for the winner rules.
    Best,
    /// Their best this-many by (score, team index) descending, each as its
    /// score's total-order key and `team index << 1 | proposal bit`: for
    /// the ensembles (the drawn rank is below `keep`, so the union's member
    /// of that rank is among these and the stochastic members).
    Top(usize),
}

impl Summary {
    fn words(self, deterministic: usize) -> usize {
        match self {
            Summary::Proposals => deterministic.div_ceil(64),
            Summary::Defections => 1,
            Summary::Best => 2,
            Summary::Top(kept) => 2 * kept,
        }
    }
}

/// An ensemble keeps the best 8% of its team (at least one).
fn ensemble_keep(team: usize) -> usize {
    ((team as f64 * 0.08) as usize).max(1)
}

/// The next meta definition's id.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Meta {
    /// A meta definition; the team must not be empty, a mixer's weights
    /// must fit the team, Memory Decay has exactly one member.
    pub fn new(
        team: Vec<Player>,
        group: Option<Group>,
        rule: MetaRule,
    ) -> Result<Meta, DefinitionError> {
        if team.is_empty() {
            return Err(DefinitionError::new(
                Place::Field("team"),
                "the team is empty; name at least one strategy (or a group with members)",
            ));
        }
        let mut pick = Pick::Uniform;
        match &rule {
            MetaRule::Mixer(weights) => {
                pick = mixer_pick(team.len(), weights.as_deref())?;
            }
            MetaRule::MemoryDecay(decay) => {
                if team.len() != 1 {
                    return Err(DefinitionError::new(
                        Place::Field("team"),
                        format!(
                            "memory-decay plays one start strategy; the team has {} members",
                            team.len()
                        ),
                    ));
                }
                check_probability(decay.p_delete, "p_delete", Place::Field("p_delete"))?;
                check_probability(decay.p_alter, "p_alter", Place::Field("p_alter"))?;
                for (value, field) in [(decay.loss, "loss"), (decay.gain, "gain")] {
                    if !value.is_finite() {
                        return Err(DefinitionError::new(
                            Place::Field(field),
                            format!("{field} must be a finite number"),
                        ));
                    }
                }
            }
            _ => {}
        }
        let first = &team[0];
        let singular = team
            .iter()
            .all(|p| p.id() == first.id() && p.params == first.params && p.name == first.name);
        let (deterministic, stochastic): (Vec<usize>, Vec<usize>) =
            (0..team.len()).partition(|&i| !team[i].is_stochastic());
        let memo = !matches!(pick, Pick::Single(_)) && deterministic.len() >= MEMO_MIN_MEMBERS;
        // Whether a member is a vector does not depend on the payoffs
        // (`Rule::memory_one_vector`); its numbers do, so they are taken
        // on each match's first turn. With a memo, the deterministic
        // members are replayed from their histories: only the stochastic
        // ones are asked through their vector.
        let vector_members: Vec<bool> = team
            .iter()
            .map(|player| {
                (!memo || player.is_stochastic())
                    && player
                        .prototype
                        .memory_one_vector(&Payoffs::STANDARD)
                        .is_some()
            })
            .collect();
        let any_vector_member = vector_members.iter().any(|&v| v);
        let summary = match &rule {
            MetaRule::Majority | MetaRule::Minority | MetaRule::Hunter => Summary::Defections,
            MetaRule::Winner | MetaRule::NiceWinner => Summary::Best,
            MetaRule::WinnerEnsemble | MetaRule::NiceWinnerEnsemble => {
                Summary::Top(ensemble_keep(team.len()).min(deterministic.len()))
            }
            MetaRule::Mixer(_) | MetaRule::MemoryDecay(_) => Summary::Proposals,
        };
        Ok(Meta {
            team,
            group,
            rule,
            declared_long_run_time: None,
            pick,
            singular,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            deterministic,
            stochastic,
            vector_members,
            any_vector_member,
            memo,
            summary,
        })
    }

    /// axelrod's `long_run_time`: declared, else the rule's class value.
    pub fn long_run_time(&self) -> bool {
        self.declared_long_run_time
            .unwrap_or_else(|| self.rule.default_long_run_time())
    }

    /// True when the player draws random numbers (see the module doc).
    pub fn is_stochastic(&self) -> bool {
        let any = || self.team.iter().any(Player::is_stochastic);
        match &self.rule {
            MetaRule::Majority
            | MetaRule::Minority
            | MetaRule::Winner
            | MetaRule::NiceWinner
            | MetaRule::Hunter => any(),
            MetaRule::WinnerEnsemble | MetaRule::NiceWinnerEnsemble => {
                if self.singular {
                    self.team[0].is_stochastic()
                } else {
                    true
                }
            }
            MetaRule::Mixer(_) => match self.pick {
                Pick::Single(i) => self.team[i].is_stochastic(),
                _ => true,
            },
            MetaRule::MemoryDecay(_) => true,
        }
    }

    /// True when a member looks at the match length.
    pub fn uses_length(&self) -> bool {
        self.team.iter().any(Player::uses_length)
    }

    /// True when a member looks at the payoffs, or the rule scores.
    pub fn uses_payoffs(&self) -> bool {
        self.rule.scores() || self.team.iter().any(Player::uses_payoffs)
    }

    /// The per-match state: a fresh copy of every member.
    pub fn state(&self) -> MetaState {
        let n = self.team.len();
        let memory = match &self.rule {
            MetaRule::MemoryDecay(decay) => {
                let d = decay.memory.iter().filter(|a| **a == Action::D).count() as u64;
                [decay.memory.len() as u64 - d, d]
            }
            _ => [0, 0],
        };
        MetaState {
            members: self.team.iter().map(|p| p.prototype.clone()).collect(),
            histories: vec![History::new(); n],
            proposals: vec![Action::C; n],
            scores: if self.rule.scores() {
                vec![0.0; n]
            } else {
                Vec::new()
            },
            top: if matches!(
                self.rule,
                MetaRule::WinnerEnsemble | MetaRule::NiceWinnerEnsemble
            ) {
                Vec::with_capacity(ensemble_keep(n))
            } else {
                Vec::new()
            },
            memory,
            memo: self.memo.then(|| MemoState {
                handle: None,
                mode: Mode::Start,
                opponent: Vec::new(),
                summary: vec![0; self.summary.words(self.deterministic.len())],
            }),
            vectors: vec![[0.0; 4]; n],
        }
    }

    /// Turns the memo off (the members are asked every turn): for tests
    /// that compare the two ways.
    #[cfg(test)]
    pub(crate) fn without_memo(mut self) -> Meta {
        self.memo = false;
        self
    }

    /// Asks every member through its rule, none through a memory-one
    /// vector: for tests that compare the two ways.
    #[cfg(test)]
    pub(crate) fn without_vectors(mut self) -> Meta {
        self.vector_members.iter_mut().for_each(|v| *v = false);
        self.any_vector_member = false;
        self
    }

    /// The members asked every move: the whole team, or the one member a
    /// mixer with a single positive weight (or a team of one) asks.
    pub fn asked(&self) -> impl Iterator<Item = &Player> {
        let range = match self.pick {
            Pick::Single(i) => i..i + 1,
            _ => 0..self.team.len(),
        };
        self.team[range].iter()
    }

    /// The move for the next turn.
    pub fn choose(
        &self,
        state: &mut MetaState,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        // Last turn's update: each member's own history gets its proposal
        // (pushed in the loop that asks it), its score the payoff of that
        // proposal against the opponent's move.
        let last = them.last();
        if let Some(coplay) = last
            && !state.scores.is_empty()
        {
            // The payoff of C and of D against the opponent's move: the
            // same value added as before. While a match follows a stored
            // path the deterministic members' scores wait (a replay
            // catches them up).
            let gain = [
                context.payoffs.payoff(Action::C, coplay),
                context.payoffs.payoff(Action::D, coplay),
            ];
            let pick = |proposal: Action| {
                if proposal == Action::C {
                    gain[0]
                } else {
                    gain[1]
                }
            };
            if state.following() {
                for &i in &self.stochastic {
                    state.scores[i] += pick(state.proposals[i]);
                }
            } else {
                for (score, &proposal) in state.scores.iter_mut().zip(&state.proposals) {
                    *score += pick(proposal);
                }
            }
        }
        if let Pick::Single(i) = self.pick {
            if last.is_some() {
                state.histories[i].push(state.proposals[i]);
            }
            let action = state.members[i].choose(&state.histories[i], them, context, rng);
            state.proposals[i] = action;
            return action;
        }
        // With a memo, only the stochastic members draw: they are asked in
        // team order, the deterministic ones come after, from the memo or
        // asked. Without one, every member in team order.
        if let Some(coplay) = last {
            if state.memo.is_some() {
                for &i in &self.stochastic {
                    let own = state.proposals[i];
                    state.proposals[i] = if self.vector_members[i] {
                        random_choice(rng, state.vectors[i][state_index(own, coplay)])
                    } else {
                        state.histories[i].push(own);
                        state.members[i].choose(&state.histories[i], them, context, rng)
                    };
                }
                self.ask_deterministic(state, them, context, rng);
            } else if !self.any_vector_member {
                for ((member, history), proposal) in state
                    .members
                    .iter_mut()
                    .zip(state.histories.iter_mut())
                    .zip(state.proposals.iter_mut())
                {
                    history.push(*proposal);
                    *proposal = member.choose(history, them, context, rng);
                }
            } else {
                // The same, a member that is a vector asked through it.
                for ((((member, history), proposal), vector), &is_vector) in state
                    .members
                    .iter_mut()
                    .zip(state.histories.iter_mut())
                    .zip(state.proposals.iter_mut())
                    .zip(&state.vectors)
                    .zip(&self.vector_members)
                {
                    *proposal = if is_vector {
                        random_choice(rng, vector[state_index(*proposal, coplay)])
                    } else {
                        history.push(*proposal);
                        member.choose(history, them, context, rng)
                    };
                }
            }
        } else {
            // The first turn: every member through its own rule (first
            // moves), and the vectors for this match's payoffs.
            if state.memo.is_some() {
                for &i in &self.stochastic {
                    state.proposals[i] =
                        state.members[i].choose(&state.histories[i], them, context, rng);
                }
                self.ask_deterministic(state, them, context, rng);
            } else {
                for ((member, history), proposal) in state
                    .members
                    .iter_mut()
                    .zip(&state.histories)
                    .zip(state.proposals.iter_mut())
                {
                    *proposal = member.choose(history, them, context, rng);
                }
            }
            for (i, vector) in state.vectors.iter_mut().enumerate() {
                if self.vector_members[i] {
                    *vector = state.members[i]
                        .memory_one_vector(&context.payoffs)
                        .unwrap_or([0.0; 4]);
                }
            }
        }
        let n = self.team.len();
        let defections = || self.defections(state);
        let nice = |action: Action| {
            if action == Action::D && them.defections() == 0 {
                Action::C
            } else {
                action
            }
        };
        match &self.rule {
            MetaRule::Majority => {
                let defections = defections();
                if defections > n - defections {
                    Action::D
                } else {
                    Action::C
                }
            }
            MetaRule::Minority => {
                let defections = defections();
                if defections < n - defections {
                    Action::D
                } else {
                    Action::C
                }
            }
            MetaRule::Winner => self.winner(state),
            MetaRule::NiceWinner => nice(self.winner(state)),
            MetaRule::WinnerEnsemble => self.ensemble(state, rng),
            MetaRule::NiceWinnerEnsemble => nice(self.ensemble(state, rng)),
            MetaRule::Hunter => {
                if defections() > 0 {
                    Action::D
                } else if them.len() > 100 {
                    them.last().unwrap_or(Action::C)
                } else {
                    Action::C
                }
            }
            MetaRule::Mixer(_) => {
                let u = unit_interval(rng);
                let index = match &self.pick {
                    Pick::Weighted(cumulative) => {
                        cumulative.iter().position(|&c| c > u).unwrap_or(n - 1)
                    }
                    _ => ((u * n as f64) as usize).min(n - 1),
                };
                state.proposals[index]
            }
            MetaRule::MemoryDecay(decay) => decay_move(decay, state, me, them, rng),
        }
    }

    /// This turn's proposals of the deterministic members: read from the
    /// trie while the opponent's moves follow a path already played on this
    /// thread; at the first turn that leaves it, the members replay the
    /// turns they skipped and are asked from then on (each turn stored).
    fn ask_deterministic(
        &self,
        state: &mut MetaState,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) {
        let Some(memo) = state.memo.as_mut() else {
            return;
        };
        let last = them.last();
        if let Some(action) = last {
            memo.opponent.push(action);
        }
        // Where this turn's proposals are: Ok(node) when stored; else
        // where to store them: Some(None) as the root, Some(Some((parent,
        // move))) below a node, None nowhere.
        type Store = Option<Option<(u32, Action)>>;
        let found: Result<u32, Store> = match (memo.mode, last) {
            (Mode::Start, _) => {
                let words = self.summary.words(self.deterministic.len());
                let handle = meta_memo::start(self.id, words, context);
                memo.handle = Some(handle);
                if let Some(length) = context.length {
                    memo.opponent.reserve(length.min(1 << 16) as usize);
                }
                let summary = &mut memo.summary;
                match meta_memo::with_trie(handle, |trie| {
                    if !trie.worth_using() {
                        return Err(None);
                    }
                    match trie.root() {
                        Some(root) => {
                            summary.copy_from_slice(trie.summary(root));
                            trie.count_read(1);
                            Ok(root)
                        }
                        None => Err(Some(None)),
                    }
                }) {
                    Some(found) => found,
                    None => Err(None),
                }
            }
            (Mode::Following(node), Some(action)) => {
                let summary = &mut memo.summary;
                let handle = memo.handle.expect("a followed trie has a handle");
                match meta_memo::with_trie(handle, |trie| {
                    let child = trie.child(node, action);
                    if let Some(child) = child {
                        summary.copy_from_slice(trie.summary(child));
                        trie.count_read(1);
                    }
                    child
                }) {
                    Some(Some(child)) => Ok(child),
                    Some(None) => Err(Some(Some((node, action)))),
                    None => Err(None),
                }
            }
            (Mode::Live(node), Some(action)) => Err(Some(Some((node, action)))),
            _ => Err(None),
        };
        match found {
            Ok(node) => {
                #[cfg(test)]
                tests::COUNTS.with(|c| c.set((c.get().0 + 1, c.get().1)));
                memo.mode = Mode::Following(node);
                if self.summary == Summary::Proposals {
                    for (word, members) in memo.summary.iter().zip(self.deterministic.chunks(64)) {
                        for (j, &i) in members.iter().enumerate() {
                            state.proposals[i] = Action::from_bit(word >> j);
                        }
                    }
                }
            }
            Err(store) => {
                let mut replayed = 0;
                if let Mode::Following(_) = memo.mode {
                    replayed = u64::from(them.len());
                    // The members were never asked in this match: replay
                    // the turns before this one on the opponent's moves,
                    // and their scores with them (each member's payoffs
                    // added in turn order, as every turn adds them).
                    #[cfg(test)]
                    tests::COUNTS.with(|c| c.set((c.get().0, c.get().1 + 1)));
                    let mut seen = History::new();
                    for &action in &memo.opponent[..them.len() as usize] {
                        self.step_deterministic(
                            &mut state.members,
                            &mut state.histories,
                            &mut state.proposals,
                            &seen,
                            context,
                            rng,
                        );
                        seen.push(action);
                        if !state.scores.is_empty() {
                            for &i in &self.deterministic {
                                state.scores[i] +=
                                    context.payoffs.payoff(state.proposals[i], action);
                            }
                        }
                    }
                }
                self.step_deterministic(
                    &mut state.members,
                    &mut state.histories,
                    &mut state.proposals,
                    them,
                    context,
                    rng,
                );
                let stored = match (store, state.memo.as_ref().and_then(|m| m.handle)) {
                    (Some(parent), Some(handle)) => {
                        let mut summary = std::mem::take(
                            &mut state.memo.as_mut().expect("checked above").summary,
                        );
                        self.summarise(state, &mut summary);
                        let stored = meta_memo::with_trie(handle, |trie| {
                            trie.count_asked(replayed + 1);
                            trie.insert(parent, &summary)
                        })
                        .flatten();
                        state.memo.as_mut().expect("checked above").summary = summary;
                        stored
                    }
                    _ => None,
                };
                let memo = state.memo.as_mut().expect("checked above");
                if stored.is_none() && matches!(memo.mode, Mode::Start) {
                    // Not remembering in this match: ask every member in
                    // the one loop from the next turn on, as without a memo
                    // (the members' states are current).
                    state.memo = None;
                    return;
                }
                memo.mode = stored.map_or(Mode::Untracked, Mode::Live);
            }
        }
    }

    /// Asks every deterministic member for the turn after `them` (its own
    /// last proposal pushed onto its history first, after the first turn).
    fn step_deterministic(
        &self,
        members: &mut [Strategy],
        histories: &mut [History],
        proposals: &mut [Action],
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) {
        let started = !them.is_empty();
        for &i in &self.deterministic {
            if started {
                histories[i].push(proposals[i]);
            }
            proposals[i] = members[i].choose(&histories[i], them, context, rng);
        }
    }

    /// Writes the node summary of the deterministic members' current
    /// proposals and scores ([`Summary`]).
    fn summarise(&self, state: &mut MetaState, out: &mut [u64]) {
        let det = &self.deterministic;
        match self.summary {
            Summary::Proposals => {
                for (word, members) in out.iter_mut().zip(det.chunks(64)) {
                    *word = members
                        .iter()
                        .enumerate()
                        .fold(0, |w, (j, &i)| w | (state.proposals[i].bit() << j));
                }
            }
            Summary::Defections => {
                out[0] = det
                    .iter()
                    .filter(|&&i| state.proposals[i] == Action::D)
                    .count() as u64;
            }
            Summary::Best => {
                let (best, any_c) = best_scorers(
                    f64::NEG_INFINITY,
                    false,
                    det.iter().map(|&i| (state.scores[i], state.proposals[i])),
                );
                out[0] = best.to_bits();
                out[1] = u64::from(any_c);
            }
            Summary::Top(kept) => {
                let top = &mut state.top;
                top.clear();
                offer(
                    top,
                    kept,
                    det.iter()
                        .rev()
                        .map(|&i| ranked(state.scores[i], i, state.proposals[i])),
                );
                for (pair, &(key, tag)) in out.chunks_exact_mut(2).zip(top.iter()) {
                    pair[0] = key as u64;
                    pair[1] = tag;
                }
            }
        }
    }

    /// How many members propose D this turn.
    fn defections(&self, state: &MetaState) -> usize {
        let stochastic_only = |state: &MetaState| {
            self.stochastic
                .iter()
                .filter(|&&i| state.proposals[i] == Action::D)
                .count()
        };
        match state.followed_summary() {
            Some(summary) if self.summary == Summary::Defections => {
                summary[0] as usize + stochastic_only(state)
            }
            _ => state.proposals.iter().filter(|p| **p == Action::D).count(),
        }
    }

    /// The best scorers' proposal: C when any of them proposes C.
    fn winner(&self, state: &MetaState) -> Action {
        let (_, any_c) = match state.followed_summary() {
            Some(summary) if self.summary == Summary::Best => best_scorers(
                f64::from_bits(summary[0]),
                summary[1] != 0,
                self.stochastic
                    .iter()
                    .map(|&i| (state.scores[i], state.proposals[i])),
            ),
            _ => best_scorers(
                f64::NEG_INFINITY,
                false,
                state
                    .scores
                    .iter()
                    .copied()
                    .zip(state.proposals.iter().copied()),
            ),
        };
        if any_c { Action::C } else { Action::D }
    }

    fn ensemble(&self, state: &mut MetaState, rng: &mut MatchRng) -> Action {
        let summary = match state.memo.as_ref() {
            Some(memo) if matches!(memo.mode, Mode::Following(_)) => Some(memo.summary.as_slice()),
            _ => None,
        };
        if self.singular {
            // Identical members: all deterministic or all not.
            return match summary {
                Some(summary) => Action::from_bit(summary[1]),
                None => state.proposals[0],
            };
        }
        let keep = ensemble_keep(state.scores.len());
        let drawn = ((unit_interval(rng) * keep as f64) as usize).min(keep - 1);
        // The draw picks the member of rank `drawn` (0 = best) among the
        // top `keep`: the rank order is strict (ties broken by index), so
        // finding that rank directly is the same member as sorting the top
        // `keep` and indexing them.
        let want = drawn + 1;
        let top = &mut state.top;
        top.clear();
        let scores = &state.scores;
        let proposals = &state.proposals;
        let tag = match summary {
            Some(summary) => {
                // The deterministic members' best (a prefix of their rank
                // order), then the others.
                top.extend(
                    summary
                        .chunks_exact(2)
                        .take(want)
                        .map(|pair| (pair[0] as i64, pair[1])),
                );
                offer(
                    top,
                    want,
                    self.stochastic
                        .iter()
                        .rev()
                        .map(|&i| ranked(scores[i], i, proposals[i])),
                )
            }
            None => offer(
                top,
                want,
                (0..scores.len())
                    .rev()
                    .map(|i| ranked(scores[i], i, proposals[i])),
            ),
        };
        Action::from_bit(tag)
    }
}

/// A member as the ensembles rank it: its score's total-order key, and
/// `index << 1 | proposal bit` (among equal scores the later member ranks
/// first).
#[inline(always)]
fn ranked(score: f64, index: usize, proposal: Action) -> (i64, u64) {
    (total_order_key(score), (index as u64) << 1 | proposal.bit())
}

/// Offers `entries` to `top`, which holds (in descending order, at most
/// `want`) the best entries so far, and returns the tag of the `want`-th
/// best of all. `top`'s capacity must hold `want` (nothing is allocated).
/// Most entries fail the worst kept one, the threshold, in one comparison.
#[inline(always)]
fn offer(top: &mut Vec<(i64, u64)>, want: usize, entries: impl Iterator<Item = (i64, u64)>) -> u64 {
    let mut threshold = if top.len() == want {
        top[want - 1]
    } else {
        (i64::MIN, 0)
    };
    for entry in entries {
        if top.len() == want {
            if entry <= threshold {
                continue;
            }
            top.pop();
        }
        let at = top
            .iter()
            .position(|&kept| kept < entry)
            .unwrap_or(top.len());
        top.insert(at, entry);
        if top.len() == want {
            threshold = top[want - 1];
        }
    }
    top[want - 1].1
}

/// The member of rank `rank` (0 = best) by (score, index) descending: among
/// equal scores the later member ranks first. One pass from the last member
/// to the first keeps the best `rank + 1` seen so far in rank order in
/// `top`; scores are compared as `f64::total_cmp` does, through integer
/// keys.
#[cfg(test)]
fn member_of_rank(scores: &[f64], rank: usize, top: &mut Vec<(i64, u64)>) -> usize {
    top.clear();
    let entries = (0..scores.len())
        .rev()
        .map(|i| ranked(scores[i], i, Action::C));
    (offer(top, rank + 1, entries) >> 1) as usize
}

/// An integer that orders as `f64::total_cmp` orders the floats (the
/// standard library's own transformation: negative numbers' magnitude bits
/// flipped).
#[inline(always)]
fn total_order_key(x: f64) -> i64 {
    let bits = x.to_bits() as i64;
    bits ^ ((((bits >> 63) as u64) >> 1) as i64)
}

/// The best score among `members` and whether a member with it proposes C,
/// continuing from `best` and `any_c` (a summary of members before them:
/// start from -inf and false). One pass; a NaN score is never best nor
/// equal to it, as with `f64::max`; +0 and -0 are equal.
#[inline(always)]
fn best_scorers(
    mut best: f64,
    mut any_c: bool,
    members: impl Iterator<Item = (f64, Action)>,
) -> (f64, bool) {
    for (score, proposal) in members {
        if score > best {
            best = score;
            any_c = proposal == Action::C;
        } else if score == best {
            any_c |= proposal == Action::C;
        }
    }
    (best, any_c)
}

fn decay_move(
    decay: &Decay,
    state: &mut MetaState,
    me: &History,
    them: &History,
    rng: &mut MatchRng,
) -> Action {
    if let Some(last) = them.last() {
        state.memory[last.bit() as usize] += 1;
    }
    if me.len() < decay.duration {
        return state.proposals[0];
    }
    // [C count, D count]; a uniformly chosen position holds a C with
    // probability C / (C + D).
    let pick = |memory: &[u64; 2], rng: &mut MatchRng| -> Option<usize> {
        let total = memory[0] + memory[1];
        (total > 0).then(|| {
            let position = ((unit_interval(rng) * total as f64) as u64).min(total - 1);
            usize::from(position >= memory[0])
        })
    };
    if unit_interval(rng) <= decay.p_alter
        && let Some(kind) = pick(&state.memory, rng)
    {
        state.memory[kind] -= 1;
        state.memory[1 - kind] += 1;
    }
    if unit_interval(rng) <= decay.p_delete
        && let Some(kind) = pick(&state.memory, rng)
    {
        state.memory[kind] -= 1;
    }
    let value = decay.gain * state.memory[0] as f64 + decay.loss * state.memory[1] as f64;
    if value < 0.0 { Action::D } else { Action::C }
}

/// Checks a mixer's weights and decides how it picks.
fn mixer_pick(n: usize, weights: Option<&[f64]>) -> Result<Pick, DefinitionError> {
    let Some(weights) = weights else {
        return Ok(if n == 1 {
            Pick::Single(0)
        } else {
            Pick::Uniform
        });
    };
    let place = Place::Field("distribution");
    if weights.len() != n {
        return Err(DefinitionError::new(
            place,
            format!(
                "the distribution has {} weights for a team of {n}; give one per member",
                weights.len()
            ),
        ));
    }
    if let Some(bad) = weights.iter().find(|w| !w.is_finite() || **w < 0.0) {
        return Err(DefinitionError::new(
            place,
            format!("weights must be finite and not negative, got {bad}"),
        ));
    }
    if n == 1 {
        return Ok(Pick::Single(0));
    }
    if weights.iter().all(|&w| w == 0.0) {
        // axelrod: an all-zero distribution means uniform.
        return Ok(Pick::Uniform);
    }
    let total: f64 = weights.iter().sum();
    if let Some(i) = weights.iter().position(|&w| w / total == 1.0) {
        return Ok(Pick::Single(i));
    }
    if (total - 1.0).abs() > 1.5e-8 {
        return Err(DefinitionError::new(
            place,
            format!(
                "the weights sum to {total}; they must sum to 1 (as axelrod's numpy choice \
                 requires) unless only one is positive"
            ),
        ));
    }
    let mut cumulative = Vec::with_capacity(n);
    let mut sum = 0.0;
    for &w in weights {
        sum += w;
        cumulative.push(sum);
    }
    for c in &mut cumulative {
        *c /= sum;
    }
    Ok(Pick::Weighted(cumulative))
}

/// A meta player's per-match state.
#[derive(Clone, Debug)]
pub struct MetaState {
    members: Vec<Strategy>,
    /// Each member's own proposals, as its history.
    histories: Vec<History>,
    /// This turn's (after the turn: last turn's) proposals.
    proposals: Vec<Action>,
    /// Running scores (winner rules only).
    scores: Vec<f64>,
    /// The ensemble's best members so far while it ranks them, as (score
    /// key, index) (a buffer of capacity max(1, floor(0.08 n))).
    top: Vec<(i64, u64)>,
    /// Memory Decay's memorised moves: [C count, D count].
    memory: [u64; 2],
    /// The deterministic members' memo, when the definition uses one.
    memo: Option<MemoState>,
    /// Per member, its memory-one vector for this match's payoffs when it
    /// plays as one (`Rule::memory_one_vector`; set on the first turn; 0s
    /// for the others): from the second turn on such a member is asked
    /// through the vector (its own last proposal and the opponent's last
    /// move), without the dispatch or its history. In a team with a memo
    /// only the stochastic members are asked this way (the deterministic
    /// ones are replayed from their histories).
    vectors: Vec<[f64; 4]>,
}

impl MetaState {
    /// True while the match follows a stored path: the deterministic
    /// members' proposals and scores are not kept, their summary is read.
    fn following(&self) -> bool {
        self.memo
            .as_ref()
            .is_some_and(|memo| matches!(memo.mode, Mode::Following(_)))
    }

    /// The summary read this turn, while following a stored path.
    fn followed_summary(&self) -> Option<&[u64]> {
        self.following()
            .then(|| self.memo.as_ref().map(|m| m.summary.as_slice()))
            .flatten()
    }
}

/// Where a match stands in its proposal trie ([`meta_memo`]).
#[derive(Clone, Debug)]
struct MemoState {
    /// The trie, from the first turn on.
    handle: Option<meta_memo::Handle>,
    mode: Mode,
    /// The opponent's moves so far (for a replay).
    opponent: Vec<Action>,
    /// One node's summary (a buffer).
    summary: Vec<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Before the first turn.
    Start,
    /// The opponent's moves so far are a stored path ending at this node;
    /// the deterministic members have not been asked in this match.
    Following(u32),
    /// Asking the members, each turn stored below this node.
    Live(u32),
    /// Asking the members, storing nothing (the trie is full or was
    /// replaced).
    Untracked,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::strategies::PlayerSpec;
    use crate::ipd::strategies::defined::test_support::{moves, moves_in, moves_with};
    use crate::ipd::strategies::defined::{Body, Definition};
    use Action::{C, D};
    use std::sync::Arc;

    fn builtin(id: &str) -> Player {
        PlayerSpec::new(id).build().unwrap()
    }

    fn meta(ids: &[&str], rule: MetaRule) -> Strategy {
        let team = ids.iter().map(|id| builtin(id)).collect();
        let body = Body::Meta(Box::new(Meta::new(team, None, rule).unwrap()));
        Arc::new(Definition::new("m", None, body))
            .player("m")
            .prototype
    }

    thread_local! {
        /// Turns read from a trie, and replays, on this thread.
        pub(super) static COUNTS: std::cell::Cell<(u64, u64)> =
            const { std::cell::Cell::new((0, 0)) };
    }

    fn strategy(meta: Meta) -> Strategy {
        let body = Body::Meta(Box::new(meta));
        Arc::new(Definition::new("m", None, body))
            .player("m")
            .prototype
    }

    /// The built-in long-memory strategies (98 of them deterministic).
    fn long_memory_team() -> Vec<Player> {
        crate::ipd::strategies::CATALOGUE
            .iter()
            .map(|info| builtin(info.id))
            .filter(|p| Group::LongMemory.admits(p))
            .collect()
    }

    /// A prisoner's dilemma whose payoffs have no exact binary form.
    const FRACTIONAL: Payoffs = Payoffs {
        r: 0.3,
        s: -0.1,
        t: 0.7,
        p: 0.1,
    };

    #[test]
    fn remembered_proposals_change_no_move() {
        // Long-memory teams under every rule with a memo (each reads its
        // own summary of the deterministic members from the trie), against
        // deterministic and stochastic opponents and themselves, seeds 0-4,
        // matches played one after another on this thread as a tournament
        // plays them: the moves with the memo are the moves without it,
        // and the memo was both read (whole repeated paths) and left
        // (replays, which catch the members' scores up).
        let team = long_memory_team();
        let opponents: Vec<Strategy> = [
            "cooperator",
            "defector",
            "tit-for-tat",
            "alternator",
            "random",
            "joss",
            "grudger",
        ]
        .iter()
        .map(|id| builtin(id).prototype)
        .collect();
        COUNTS.with(|c| c.set((0, 0)));
        for rule in [
            MetaRule::Winner,
            MetaRule::NiceWinner,
            MetaRule::Majority,
            MetaRule::Minority,
            MetaRule::Hunter,
            MetaRule::WinnerEnsemble,
            MetaRule::NiceWinnerEnsemble,
            MetaRule::Mixer(None),
        ] {
            let with = Meta::new(team.clone(), None, rule.clone()).unwrap();
            assert!(with.memo && with.deterministic.len() > 60, "{rule:?}");
            let without = strategy(with.clone().without_memo());
            let with = strategy(with);
            for opponent in opponents.iter().chain([&with]) {
                for seed in 0..5 {
                    let a = moves_with(&with, opponent, 40, seed);
                    let b = moves_with(&without, opponent, 40, seed);
                    assert_eq!(a, b, "{rule:?}, seed {seed}");
                }
                // Fractional payoffs (scores that are not whole numbers:
                // a replay must add each member's payoffs in turn order)
                // and a little noise (paths left at any turn).
                for seed in 0..3 {
                    let a = moves_in(&with, opponent, 60, seed, FRACTIONAL, 0.02);
                    let b = moves_in(&without, opponent, 60, seed, FRACTIONAL, 0.02);
                    assert_eq!(a, b, "{rule:?}, fractional, seed {seed}");
                }
            }
        }
        let (hits, replays) = COUNTS.with(|c| c.get());
        assert!(
            hits > 1000 && replays > 10,
            "hits {hits}, replays {replays}"
        );
    }

    #[test]
    fn members_asked_through_their_vectors_change_no_move() {
        // A team of memory-one vectors (deterministic, stochastic, from
        // files' rules) and others, with and without a memo, under four
        // rules, against deterministic and stochastic opponents, seeds
        // 0-5: the moves are those of asking every member's rule.
        let vectors = [
            "gtft",
            "tit-for-tat",
            "random",
            "first-by-joss",
            "zd-extort-2",
            "win-stay-lose-shift",
            "alternator",
            "stochastic-wsls",
            "cooperator",
            "defector",
            "negation",
            "allc-or-alld",
            "naive-prober",
            "burn-both-ends",
            "bully",
            "hopeless",
        ];
        let others = ["grudger", "first-by-feld", "adaptive", "worse-and-worse"];
        let small: Vec<Player> = vectors
            .iter()
            .chain(&others)
            .map(|id| builtin(id))
            .collect();
        let mut large = long_memory_team();
        large.extend(small.iter().cloned());
        let opponents: Vec<Strategy> = ["tit-for-tat", "random", "first-by-joss", "grudger"]
            .iter()
            .map(|id| builtin(id).prototype)
            .collect();
        for (team, memo) in [(small, false), (large, true)] {
            for rule in [
                MetaRule::Winner,
                MetaRule::Majority,
                MetaRule::NiceWinnerEnsemble,
                MetaRule::Minority,
            ] {
                let with = Meta::new(team.clone(), None, rule.clone()).unwrap();
                assert_eq!(with.memo, memo);
                let asked_by_vector = |i: &usize| with.vector_members[*i];
                assert!(
                    with.stochastic
                        .iter()
                        .filter(|i| asked_by_vector(i))
                        .count()
                        >= 8
                );
                assert!(
                    memo || with
                        .deterministic
                        .iter()
                        .filter(|i| asked_by_vector(i))
                        .count()
                        >= 6
                );
                assert!(!memo || !with.deterministic.iter().any(asked_by_vector));
                let without = strategy(with.clone().without_vectors());
                let with = strategy(with);
                for opponent in opponents.iter().chain([&with]) {
                    for seed in 0..6 {
                        let a = moves_with(&with, opponent, 50, seed);
                        let b = moves_with(&without, opponent, 50, seed);
                        assert_eq!(a, b, "{rule:?}, memo {memo}, seed {seed}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_trie_replaced_or_full_mid_match_changes_no_move() {
        use crate::ipd::payoffs::Payoffs;
        use crate::ipd::random::match_rng;
        let meta = Meta::new(long_memory_team(), None, MetaRule::Winner).unwrap();
        let (id, members) = (meta.id, meta.deterministic.len());
        let with = strategy(meta.clone());
        let without = strategy(meta.without_memo());
        let context = MatchContext {
            length: Some(60),
            payoffs: Payoffs::STANDARD,
        };
        // Plays 60 turns against Tit For Tat; before turn 30, `meddle`
        // runs.
        let play = |player: &Strategy, meddle: &dyn Fn()| {
            let (mut a, mut b) = (player.clone(), builtin("random").prototype);
            let (mut ha, mut hb) = (History::new(), History::new());
            let mut rng = match_rng(3, 0, 1, 0);
            let mut moves = Vec::new();
            for turn in 0..60 {
                if turn == 30 {
                    meddle();
                }
                let x = a.choose(&ha, &hb, &context, &mut rng);
                let y = b.choose(&hb, &ha, &context, &mut rng);
                ha.push(x);
                hb.push(y);
                moves.push(x);
            }
            moves
        };
        let fill = || {
            let handle = meta_memo::start(id, members, &context);
            meta_memo::with_trie(handle, |trie| {
                let words = members.div_ceil(64);
                let mut node = trie.root().or_else(|| trie.insert(None, &vec![0; words]));
                while let Some(n) = node {
                    node = trie.insert(Some((n, Action::D)), &vec![u64::MAX; words]);
                    if node.is_none() {
                        break;
                    }
                }
            });
        };
        let reference = play(&without, &|| {});
        // An empty trie filled up under a match that is storing its turns.
        assert_eq!(play(&with, &fill), reference);
        // A stored path, then the trie replaced under a match following it.
        assert_eq!(play(&with, &|| {}), reference);
        assert_eq!(play(&with, &|| {}), reference);
        let replace = || {
            fill();
            meta_memo::start(id, members, &context);
        };
        assert_eq!(play(&with, &replace), reference);
    }

    fn letters(m: &[Action]) -> String {
        m.iter().map(|a| a.letter()).collect()
    }

    #[test]
    fn the_winner_is_c_when_any_best_scorer_proposes_c() {
        // Against the definition: the maximum by f64::max, then any member
        // at it proposing C; on ties, signed zeros, infinities and NaNs.
        let reference = |scores: &[f64], proposals: &[Action]| {
            let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let any_c = scores
                .iter()
                .zip(proposals)
                .any(|(&s, &p)| s == best && p == Action::C);
            if any_c { Action::C } else { Action::D }
        };
        let values = [-1.0, -0.0, 0.0, 2.5, 3.0, f64::INFINITY, f64::NAN];
        let mut rng = crate::ipd::random::match_rng(7, 0, 1, 0);
        for n in 1..9 {
            for _ in 0..400 {
                let scores: Vec<f64> = (0..n)
                    .map(|_| values[(unit_interval(&mut rng) * 7.0) as usize])
                    .collect();
                let proposals: Vec<Action> = (0..n)
                    .map(|_| Action::from_bit((unit_interval(&mut rng) < 0.5) as u64))
                    .collect();
                let members = || scores.iter().copied().zip(proposals.iter().copied());
                let (_, any_c) = best_scorers(f64::NEG_INFINITY, false, members());
                let one_pass = if any_c { Action::C } else { Action::D };
                assert_eq!(
                    one_pass,
                    reference(&scores, &proposals),
                    "{scores:?} {proposals:?}"
                );
                // Continued from a summary of the first members: the same.
                for split in 0..=n {
                    let (best, any_c) =
                        best_scorers(f64::NEG_INFINITY, false, members().take(split));
                    let (_, any_c) = best_scorers(best, any_c, members().skip(split));
                    assert_eq!(
                        any_c,
                        one_pass == Action::C,
                        "{scores:?} {proposals:?} {split}"
                    );
                }
            }
        }
    }

    #[test]
    fn votes_break_ties_towards_c() {
        let team = ["cooperator", "defector"];
        let alt = builtin("alternator").prototype;
        let (a, _) = moves(&meta(&team, MetaRule::Majority), &alt, 4);
        assert_eq!(letters(&a), "CCCC");
        let (a, _) = moves(&meta(&team, MetaRule::Minority), &alt, 4);
        assert_eq!(letters(&a), "CCCC");
        let team = ["cooperator", "defector", "defector"];
        let (a, _) = moves(&meta(&team, MetaRule::Majority), &alt, 3);
        assert_eq!(letters(&a), "DDD");
        let (a, _) = moves(&meta(&team, MetaRule::Minority), &alt, 3);
        assert_eq!(letters(&a), "CCC");
    }

    #[test]
    fn members_see_their_own_proposals_as_their_history() {
        // Team: Tit For Tat alone under a majority vote, against Defector:
        // TFT's own history is its proposals, so it plays C then D forever.
        let (a, _) = moves(
            &meta(&["tit-for-tat"], MetaRule::Majority),
            &builtin("defector").prototype,
            4,
        );
        assert_eq!(letters(&a), "CDDD");
        // Cooperator + Defector by winner: against Cooperator, Defector
        // scores 5 a turn and wins from turn 2 on; turn 1 is a tie (C).
        let (a, _) = moves(
            &meta(&["cooperator", "defector"], MetaRule::Winner),
            &builtin("cooperator").prototype,
            4,
        );
        assert_eq!(letters(&a), "CDDD");
        // Nice: never the first to defect.
        let (a, _) = moves(
            &meta(&["cooperator", "defector"], MetaRule::NiceWinner),
            &builtin("cooperator").prototype,
            4,
        );
        assert_eq!(letters(&a), "CCCC");
    }

    #[test]
    fn a_single_weight_mixer_never_draws() {
        let m = Meta::new(
            vec![builtin("cooperator"), builtin("defector")],
            None,
            MetaRule::Mixer(Some(vec![0.0, 3.0])),
        )
        .unwrap();
        assert!(!m.is_stochastic());
        assert_eq!(m.pick, Pick::Single(1));
        let e = Meta::new(
            vec![builtin("cooperator"), builtin("defector")],
            None,
            MetaRule::Mixer(Some(vec![0.5, 0.6])),
        )
        .unwrap_err();
        assert!(e.message.contains("sum to 1"), "{e}");
        let e = Meta::new(
            vec![builtin("cooperator")],
            None,
            MetaRule::Mixer(Some(vec![0.5, 0.5])),
        )
        .unwrap_err();
        assert!(e.message.contains("one per member"), "{e}");
    }

    #[test]
    fn finding_a_rank_is_indexing_the_sorted_members() {
        // Scores with many ties (and a few -0.0 / 0.0 pairs, which
        // total_cmp orders): the member of rank r by (score desc, index
        // desc) found in one pass is the one the full sort puts at r, and
        // the buffer never grows past its capacity.
        let mut state = 12345u64;
        let mut next = || {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
            state >> 33
        };
        for n in [1usize, 2, 13, 37, 68, 138] {
            let keep = ((n as f64 * 0.08) as usize).max(1);
            let mut top: Vec<(i64, u64)> = Vec::with_capacity(keep);
            let capacity = top.capacity();
            for round in 0..200 {
                let scores: Vec<f64> = (0..n)
                    .map(|_| match next() % 9 {
                        7 if round % 3 != 2 => -0.0,
                        8 if round % 3 != 2 => 0.0,
                        v => {
                            v as f64 * if round % 2 == 0 { 1.0 } else { 0.1 }
                                - 3.0 * (round % 3 == 2) as u8 as f64
                        }
                    })
                    .collect();
                let by_rank =
                    |a: &usize, b: &usize| scores[*b].total_cmp(&scores[*a]).then_with(|| b.cmp(a));
                let mut sorted: Vec<usize> = (0..n).collect();
                sorted.sort_by(by_rank);
                for (rank, &expected) in sorted.iter().enumerate().take(keep) {
                    let found = member_of_rank(&scores, rank, &mut top);
                    assert_eq!(found, expected, "n {n}, rank {rank}");
                    assert_eq!(top.capacity(), capacity);
                }
            }
        }
    }

    #[test]
    fn a_positive_zero_outranks_negative_zeros_kept_before_it() {
        // 0.0 equals -0.0 as floats; by total order it is greater, so
        // member 0 is the best (a float comparison would keep member 5).
        let scores = [0.0, -0.0, -0.0, -0.0, -0.0, -0.0];
        let mut top = Vec::with_capacity(1);
        assert_eq!(member_of_rank(&scores, 0, &mut top), 0);
    }

    #[test]
    fn ensemble_ranks_later_members_first_among_equals() {
        // 13 members: 8% keeps 1; all scores equal, so the last member is
        // the one played (Defector), with one (irrelevant) draw.
        let mut ids = vec!["cooperator"; 12];
        ids.push("defector");
        let (a, _) = moves(
            &meta(&ids, MetaRule::WinnerEnsemble),
            &builtin("cooperator").prototype,
            1,
        );
        assert_eq!(a, vec![D]);
        // Identical members: singular, deterministic.
        let m = Meta::new(
            vec![builtin("cooperator"), builtin("cooperator")],
            None,
            MetaRule::WinnerEnsemble,
        )
        .unwrap();
        assert!(!m.is_stochastic());
        assert_eq!(C, C);
    }

    #[test]
    fn memory_decay_defects_on_a_bad_memory() {
        let decay = Decay {
            p_delete: 0.0,
            p_alter: 0.0,
            loss: -2.0,
            gain: 1.0,
            duration: 3,
            memory: Vec::new(),
        };
        let (a, _) = moves(
            &meta(&["tit-for-tat"], MetaRule::MemoryDecay(decay)),
            &builtin("alternator").prototype,
            6,
        );
        // TFT for 3 turns (C C D), then memory C, D, C, D, ...: sums 1-2+1 = 0
        // (C), then -2 (D), -1 (D).
        assert_eq!(letters(&a), "CCDCDD");
    }
}
