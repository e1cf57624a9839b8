//! The guessing game and its parameters.
//!
//! Rules (GAMES.md section 5, seed 000; Moulin 1986, Nagel 1995): each of
//! n players picks a number in [lo, hi]; the target is p times the mean of
//! all choices (the player's own included); whoever is closest to the target
//! wins, and tied winners share the prize equally.
//!
//! Choices are either any real number in the range (continuous) or whole
//! numbers. With whole numbers the rounding rule is stated: `exact` compares
//! choices with the exact rational target (default); `nearest` first rounds
//! the target to the nearest whole number, halves upwards.
//!
//! Invariant: a [`GuessGame`] has p > 0, lo < hi, at least two players, and
//! magnitudes small enough that every exact computation fits in i128.

use crate::normal_form::rational::Rational;

/// Largest |lo|, |hi| accepted.
pub const MAX_ABS_BOUND: i64 = 1_000_000_000;
/// Largest number of players accepted.
pub const MAX_PLAYERS: i64 = 1_000_000;
/// Largest numerator or denominator of p accepted.
pub const MAX_P_TERM: i128 = 1_000_000_000;

/// Which numbers may be chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choices {
    /// Any real number in the range.
    Continuous,
    /// Whole numbers in the range.
    Integer,
}

/// How the target is compared with whole-number choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// The exact rational target.
    Exact,
    /// The target rounded to the nearest whole number, halves upwards.
    Nearest,
}

impl Choices {
    /// Name on the command line and in scenario files.
    pub fn name(self) -> &'static str {
        match self {
            Choices::Continuous => "continuous",
            Choices::Integer => "integer",
        }
    }
    /// Parses [`Choices::name`].
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "continuous" => Some(Choices::Continuous),
            "integer" => Some(Choices::Integer),
            _ => None,
        }
    }
    /// Allowed names.
    pub const NAMES: &'static str = "integer, continuous";
}

impl Rounding {
    /// Name on the command line and in scenario files.
    pub fn name(self) -> &'static str {
        match self {
            Rounding::Exact => "exact",
            Rounding::Nearest => "nearest",
        }
    }
    /// Parses [`Rounding::name`].
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "exact" => Some(Rounding::Exact),
            "nearest" => Some(Rounding::Nearest),
            _ => None,
        }
    }
    /// Allowed names.
    pub const NAMES: &'static str = "exact, nearest";
}

/// A guessing game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuessGame {
    /// The multiplier p (> 0).
    pub p: Rational,
    /// Lowest allowed choice.
    pub lo: i64,
    /// Highest allowed choice (> lo).
    pub hi: i64,
    /// Continuous or whole-number choices.
    pub choices: Choices,
    /// Rounding rule (whole-number choices only).
    pub rounding: Rounding,
    /// Number of players (at least 2).
    pub players: usize,
}

/// A guessing game that cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuessError {
    /// p is zero, negative or too finely written.
    #[error("p must be a positive number such as 2/3, 0.5 or 4/3, got {got}")]
    P {
        /// What was given.
        got: String,
    },
    /// lo >= hi, or a bound too large.
    #[error(
        "the range must have its low end below its high end, both within ±{max}, got {lo}..{hi}"
    )]
    Range {
        /// Low end given.
        lo: i64,
        /// High end given.
        hi: i64,
        /// Largest magnitude allowed.
        max: i64,
    },
    /// Fewer than two players, or too many.
    #[error("the number of players must be a whole number from 2 to {max}, got {got}")]
    Players {
        /// What was given.
        got: i64,
        /// Largest allowed.
        max: i64,
    },
    /// A rounding rule for continuous choices.
    #[error("rounding = nearest applies to whole-number choices only; use choices = integer")]
    RoundingNeedsIntegers,
}

impl GuessGame {
    /// Validates a game.
    pub fn new(
        p: Rational,
        lo: i64,
        hi: i64,
        choices: Choices,
        rounding: Rounding,
        players: i64,
    ) -> Result<GuessGame, GuessError> {
        if p.numer() <= 0 || p.numer() > MAX_P_TERM || p.denom() > MAX_P_TERM {
            return Err(GuessError::P { got: p.to_string() });
        }
        if lo >= hi || lo.abs() > MAX_ABS_BOUND || hi.abs() > MAX_ABS_BOUND {
            return Err(GuessError::Range {
                lo,
                hi,
                max: MAX_ABS_BOUND,
            });
        }
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(GuessError::Players {
                got: players,
                max: MAX_PLAYERS,
            });
        }
        if choices == Choices::Continuous && rounding == Rounding::Nearest {
            return Err(GuessError::RoundingNeedsIntegers);
        }
        Ok(GuessGame {
            p,
            lo,
            hi,
            choices,
            rounding,
            players: players as usize,
        })
    }

    /// The standard game: p = 2/3, 0..100, whole numbers, exact target.
    pub fn standard(players: usize) -> GuessGame {
        GuessGame {
            p: Rational::new(2, 3).expect("2/3"),
            lo: 0,
            hi: 100,
            choices: Choices::Integer,
            rounding: Rounding::Exact,
            players,
        }
    }

    /// The midpoint of the range (the mean of a uniform level-0 player).
    pub fn midpoint(&self) -> Rational {
        Rational::new(i128::from(self.lo) + i128::from(self.hi), 2).expect("2 != 0")
    }

    /// `x` moved into [lo, hi].
    pub fn clamp(&self, x: Rational) -> Rational {
        x.max(Rational::from(self.lo)).min(Rational::from(self.hi))
    }

    /// p * x (exact; the terms are bounded so this cannot overflow for the
    /// values the analyses use, and saturates to the range otherwise).
    pub fn times_p(&self, x: Rational) -> Rational {
        match x.mul(self.p).ok() {
            Some(v) => v,
            None if x.numer() >= 0 => Rational::from(self.hi),
            None => Rational::from(self.lo),
        }
    }

    /// A whole-number player's distance to the target when the choices sum
    /// to `sum`, scaled by a positive constant that depends only on the game
    /// (so distances compare exactly).
    pub fn scaled_distance(&self, choice: i64, sum: i128) -> i128 {
        let (a, b) = (self.p.numer(), self.p.denom());
        let n = self.players as i128;
        match self.rounding {
            // |x - a S / (b n)| * b n
            Rounding::Exact => (i128::from(choice) * b * n - a * sum).abs(),
            Rounding::Nearest => {
                let target = (2 * a * sum + b * n).div_euclid(2 * b * n);
                (i128::from(choice) - target).abs()
            }
        }
    }

    /// The prize share of a player choosing `choice` when `others` are the
    /// other players' choices: 1/w if among the w closest, else 0, as an
    /// exact ratio.
    pub fn payoff(&self, choice: i64, others: &[i64]) -> Rational {
        let sum = i128::from(choice) + others.iter().map(|&x| i128::from(x)).sum::<i128>();
        let mine = self.scaled_distance(choice, sum);
        let mut winners = 1;
        for &x in others {
            let d = self.scaled_distance(x, sum);
            if d < mine {
                return Rational::from(0);
            }
            if d == mine {
                winners += 1;
            }
        }
        Rational::new(1, winners).expect("winners > 0")
    }

    /// One line describing the game and its rounding rule.
    pub fn describe(&self) -> String {
        let choices = match (self.choices, self.rounding) {
            (Choices::Continuous, _) => "any real number".to_string(),
            (Choices::Integer, Rounding::Exact) => {
                "whole numbers, compared with the exact target".to_string()
            }
            (Choices::Integer, Rounding::Nearest) => {
                "whole numbers, compared with the target rounded to the nearest whole number (halves up)"
                    .to_string()
            }
        };
        format!(
            "{} players pick in [{}, {}] ({choices}); the closest to {} x the mean wins, ties share",
            self.players, self.lo, self.hi, self.p
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(a: i128, b: i128) -> Rational {
        Rational::new(a, b).unwrap()
    }

    #[test]
    fn validation() {
        let ok = GuessGame::new(r(2, 3), 0, 100, Choices::Integer, Rounding::Exact, 3);
        assert!(ok.is_ok());
        assert!(matches!(
            GuessGame::new(r(0, 1), 0, 100, Choices::Integer, Rounding::Exact, 3),
            Err(GuessError::P { .. })
        ));
        assert!(matches!(
            GuessGame::new(r(-1, 2), 0, 100, Choices::Integer, Rounding::Exact, 3),
            Err(GuessError::P { .. })
        ));
        assert!(matches!(
            GuessGame::new(r(2, 3), 5, 5, Choices::Integer, Rounding::Exact, 3),
            Err(GuessError::Range { .. })
        ));
        assert!(matches!(
            GuessGame::new(r(2, 3), 0, 100, Choices::Integer, Rounding::Exact, 1),
            Err(GuessError::Players { .. })
        ));
        assert!(matches!(
            GuessGame::new(r(2, 3), 0, 100, Choices::Continuous, Rounding::Nearest, 3),
            Err(GuessError::RoundingNeedsIntegers)
        ));
    }

    #[test]
    fn payoffs() {
        let g = GuessGame::standard(3);
        // 0, 50, 100: mean 50, target 33.3: 50 is closest.
        assert_eq!(g.payoff(50, &[0, 100]), Rational::from(1));
        assert_eq!(g.payoff(0, &[50, 100]), Rational::from(0));
        // Everyone equal: everyone shares.
        assert_eq!(g.payoff(7, &[7, 7]), r(1, 3));
        let rounded = GuessGame {
            rounding: Rounding::Nearest,
            ..g
        };
        // 1, 1, 0: target 4/9 -> exact: 0 wins; rounded to 0: 0 wins too.
        assert_eq!(g.payoff(0, &[1, 1]), Rational::from(1));
        assert_eq!(rounded.payoff(0, &[1, 1]), Rational::from(1));
        let four = GuessGame {
            players: 4,
            ..rounded
        };
        // 1, 1, 1, 0: target 1/2 rounds up to 1: the three 1s win.
        assert_eq!(four.payoff(0, &[1, 1, 1]), Rational::from(0));
    }
}
