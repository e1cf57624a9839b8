//! The uniform interface every game family offers to the solver, sums, the
//! CLI and interactive play: a position knows its outcome, its Grundy value
//! (when the theory defines one and it is computable), its options, the moves
//! to an option of a given value, and a one-line reason naming the rule used.
//!
//! Invariant: `outcome()` is always exact; `grundy()` is `None` only when the
//! value is undefined (misère play) or beyond what can be computed exactly,
//! never approximated.

use serde::Serialize;

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins.
    P,
    /// The next player (the one to move) wins.
    N,
}

impl Outcome {
    /// `P` for Grundy value 0, `N` otherwise.
    pub fn from_grundy(g: u64) -> Outcome {
        if g == 0 { Outcome::P } else { Outcome::N }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// A move: a human description and the position it leads to.
pub struct Move {
    /// What the move does, e.g. "take 2 from pile 3".
    pub label: String,
    /// The resulting position.
    pub next: Box<dyn Position>,
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} -> {}", self.label, self.next.describe())
    }
}

/// Too many options to list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyMoves;

/// A position of some impartial game.
pub trait Position: Send + Sync {
    /// The position as command-line words, e.g. `nim 3 4 5`.
    fn describe(&self) -> String;
    /// A boxed copy.
    fn boxed(&self) -> Box<dyn Position>;
    /// Exact outcome.
    fn outcome(&self) -> Outcome;
    /// The Grundy value, if defined and computable exactly.
    fn grundy(&self) -> Option<u64>;
    /// Every option, or `TooManyMoves` if there are more than `limit`.
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves>;
    /// One line naming the rule that decides this position.
    fn reason(&self) -> String;
    /// The moves to options of Grundy value `target` (at most `limit` of
    /// them) and how many there are in all; `None` if unknown.
    /// The default enumerates the options.
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        let all = self.options(OPTION_SCAN_LIMIT).ok()?;
        let mut found = Vec::new();
        let mut count = 0;
        for m in all {
            if m.next.grundy()? == target {
                count += 1;
                if found.len() < limit {
                    found.push(m);
                }
            }
        }
        Some((found, count))
    }
    /// The winning moves (to a P-position), at most `limit`, and their
    /// count. The default uses Grundy values, or outcomes when the game has
    /// none (misère play).
    fn winning_moves(&self, limit: usize) -> Option<(Vec<Move>, u64)> {
        if self.grundy().is_some() {
            return self.moves_to_value(0, limit);
        }
        let all = self.options(OPTION_SCAN_LIMIT).ok()?;
        let mut found = Vec::new();
        let mut count = 0;
        for m in all {
            if m.next.outcome() == Outcome::P {
                count += 1;
                if found.len() < limit {
                    found.push(m);
                }
            }
        }
        Some((found, count))
    }
}

/// How many options the default methods are willing to enumerate.
pub const OPTION_SCAN_LIMIT: usize = 1_000_000;

/// Everything `dilemma solve` reports about a position.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    /// The position, as command-line words.
    pub position: String,
    /// "P" or "N".
    pub outcome: Outcome,
    /// The Grundy value (null when undefined or not computable exactly).
    pub grundy: Option<u64>,
    /// The winning moves (at most the requested limit), as "label -> position".
    pub winning_moves: Vec<String>,
    /// How many winning moves there are in all (null if not known).
    pub winning_move_count: Option<u64>,
    /// One line naming the rule used.
    pub reason: String,
}

/// Solves a position: outcome, value, winning moves (up to `limit`), reason.
pub fn solve(p: &dyn Position, limit: usize) -> Solution {
    let outcome = p.outcome();
    let (winning_moves, winning_move_count) = if outcome == Outcome::P {
        (Vec::new(), Some(0))
    } else {
        match p.winning_moves(limit) {
            Some((moves, count)) => (
                moves
                    .iter()
                    .map(|m| format!("{} -> {}", m.label, m.next.describe()))
                    .collect(),
                Some(count),
            ),
            None => (Vec::new(), None),
        }
    };
    Solution {
        position: p.describe(),
        outcome,
        grundy: p.grundy(),
        winning_moves,
        winning_move_count,
        reason: p.reason(),
    }
}

/// Joins numbers with spaces.
pub fn words(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}
