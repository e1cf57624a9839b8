//! The pirate game and its rule variants.
//!
//! Rules (GAMES.md section 3, seed 000): the most senior living pirate
//! proposes an allocation of the coins; everyone alive votes, the proposer
//! included. Each pirate wants, in order: to survive; the most gold; (for
//! bloodthirsty pirates) to see others thrown overboard.
//!
//! Invariant: a [`PirateGame`] has at least one pirate, at most
//! [`MAX_PIRATES`], and at most [`MAX_COINS`] coins; construction is the
//! only place where these are checked.

use std::fmt;

/// Largest number of pirates a scenario accepts (the induction is O(N^2):
/// 10000 pirates take about 0.3 s in a release build).
pub const MAX_PIRATES: i64 = 10_000;
/// Largest number of pirates ever accepted (`dilemma pirates` measures the
/// work against `scenario::work::MAX_INDUCTION_STEPS` below this; memory is
/// O(N), about 150 bytes a round, so 150 MB here).
pub const HARD_MAX_PIRATES: i64 = 1_000_000;
/// Largest number of coins accepted (so every sum of prices fits in a u64).
pub const MAX_COINS: i64 = 1_000_000_000_000_000;

/// How many yes votes a proposal needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Majority {
    /// At least half of those alive (a tie passes: the proposer has the
    /// casting vote). The seed's rule and the default.
    TiePasses,
    /// More than half of those alive.
    Strict,
}

/// What a pirate who is indifferent (same survival, same gold) votes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Temperament {
    /// Votes no: prefers to see the proposer thrown overboard (the default,
    /// the seed's third preference).
    Bloodthirsty,
    /// Votes yes.
    Benevolent,
}

/// Which equally good proposal a proposer makes when several give him the
/// same gold (they differ only in which of the equally cheap voters are paid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// Pay the most junior of the equally cheap voters (the default).
    Junior,
    /// Pay the most senior of the equally cheap voters.
    Senior,
}

/// The rule variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Votes needed.
    pub majority: Majority,
    /// Indifferent voters' choice.
    pub temperament: Temperament,
    /// The proposal chosen among equally good ones.
    pub tie_break: TieBreak,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            majority: Majority::TiePasses,
            temperament: Temperament::Bloodthirsty,
            tie_break: TieBreak::Junior,
        }
    }
}

impl Rules {
    /// Yes votes needed when `alive` pirates vote.
    pub fn votes_needed(&self, alive: usize) -> usize {
        match self.majority {
            Majority::TiePasses => alive.div_ceil(2),
            Majority::Strict => alive / 2 + 1,
        }
    }
}

impl Majority {
    /// The name used on the command line and in scenario files.
    pub fn name(self) -> &'static str {
        match self {
            Majority::TiePasses => "tie-passes",
            Majority::Strict => "strict",
        }
    }
    /// Parses [`Majority::name`].
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "tie-passes" => Some(Majority::TiePasses),
            "strict" => Some(Majority::Strict),
            _ => None,
        }
    }
    /// Allowed names.
    pub const NAMES: &'static str = "tie-passes, strict";
}

impl Temperament {
    /// The name used on the command line and in scenario files.
    pub fn name(self) -> &'static str {
        match self {
            Temperament::Bloodthirsty => "bloodthirsty",
            Temperament::Benevolent => "benevolent",
        }
    }
    /// Parses [`Temperament::name`].
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "bloodthirsty" => Some(Temperament::Bloodthirsty),
            "benevolent" => Some(Temperament::Benevolent),
            _ => None,
        }
    }
    /// Allowed names.
    pub const NAMES: &'static str = "bloodthirsty, benevolent";
}

impl TieBreak {
    /// The name used on the command line and in scenario files.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Junior => "junior",
            TieBreak::Senior => "senior",
        }
    }
    /// Parses [`TieBreak::name`].
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "junior" => Some(TieBreak::Junior),
            "senior" => Some(TieBreak::Senior),
            _ => None,
        }
    }
    /// Allowed names.
    pub const NAMES: &'static str = "junior, senior";
    /// One sentence for reports.
    pub fn describe(self) -> &'static str {
        match self {
            TieBreak::Junior => {
                "among equally good proposals the proposer pays the most junior of the equally cheap voters"
            }
            TieBreak::Senior => {
                "among equally good proposals the proposer pays the most senior of the equally cheap voters"
            }
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, tie-break {}",
            self.majority.name(),
            self.temperament.name(),
            self.tie_break.name()
        )
    }
}

/// A pirate game that can be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PirateGame {
    /// Number of pirates (at least 1).
    pub pirates: usize,
    /// Coins to share.
    pub coins: u64,
    /// Rule variant.
    pub rules: Rules,
}

/// A pirate game that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PirateError {
    /// Fewer than one pirate or more than [`MAX_PIRATES`].
    #[error("the number of pirates must be a whole number from 1 to {max}, got {got}")]
    Pirates {
        /// What was given.
        got: i64,
        /// The largest allowed.
        max: i64,
    },
    /// Negative coins or more than [`MAX_COINS`].
    #[error("the number of coins must be a whole number from 0 to {max}, got {got}")]
    Coins {
        /// What was given.
        got: i64,
        /// The largest allowed.
        max: i64,
    },
}

impl PirateGame {
    /// Validates a game of at most [`MAX_PIRATES`] pirates.
    pub fn new(pirates: i64, coins: i64, rules: Rules) -> Result<Self, PirateError> {
        Self::new_at_most(pirates, coins, rules, MAX_PIRATES)
    }

    /// Validates a game of at most `max` pirates (capped at
    /// [`HARD_MAX_PIRATES`]).
    pub fn new_at_most(
        pirates: i64,
        coins: i64,
        rules: Rules,
        max: i64,
    ) -> Result<Self, PirateError> {
        let max = max.min(HARD_MAX_PIRATES);
        if !(1..=max).contains(&pirates) {
            return Err(PirateError::Pirates { got: pirates, max });
        }
        if !(0..=MAX_COINS).contains(&coins) {
            return Err(PirateError::Coins {
                got: coins,
                max: MAX_COINS,
            });
        }
        Ok(PirateGame {
            pirates: pirates as usize,
            coins: coins as u64,
            rules,
        })
    }
}

/// The conventional name of pirate `index` (0 = A, 25 = Z, 26 = P27, ...).
pub fn pirate_name(index: usize) -> String {
    if index < 26 {
        char::from(b'A' + index as u8).to_string()
    } else {
        format!("P{}", index + 1)
    }
}

/// Parses the three rule names.
pub fn parse_rules(majority: &str, temperament: &str, tie_break: &str) -> Result<Rules, String> {
    Ok(Rules {
        majority: Majority::parse(majority).ok_or_else(|| {
            format!(
                "unknown majority rule `{majority}` (allowed: {})",
                Majority::NAMES
            )
        })?,
        temperament: Temperament::parse(temperament).ok_or_else(|| {
            format!(
                "unknown temperament `{temperament}` (allowed: {})",
                Temperament::NAMES
            )
        })?,
        tie_break: TieBreak::parse(tie_break).ok_or_else(|| {
            format!(
                "unknown tie-break `{tie_break}` (allowed: {})",
                TieBreak::NAMES
            )
        })?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn votes_needed() {
        let tie = Rules::default();
        let strict = Rules {
            majority: Majority::Strict,
            ..tie
        };
        assert_eq!(
            (1..=6).map(|k| tie.votes_needed(k)).collect::<Vec<_>>(),
            [1, 1, 2, 2, 3, 3]
        );
        assert_eq!(
            (1..=6).map(|k| strict.votes_needed(k)).collect::<Vec<_>>(),
            [1, 2, 2, 3, 3, 4]
        );
    }

    #[test]
    fn validation() {
        let r = Rules::default();
        assert!(matches!(
            PirateGame::new(0, 100, r),
            Err(PirateError::Pirates { got: 0, .. })
        ));
        assert!(matches!(
            PirateGame::new(5, -1, r),
            Err(PirateError::Coins { got: -1, .. })
        ));
        assert!(PirateGame::new(1, 0, r).is_ok());
        assert_eq!(pirate_name(0), "A");
        assert_eq!(pirate_name(4), "E");
        assert_eq!(pirate_name(26), "P27");
    }
}
