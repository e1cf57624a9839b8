//! Boxed pigs (智猪博弈; GAMES.md section 2): a big and a small pig, each
//! Press the lever or Wait. Parameters: food `F`, cost of pressing `c`, and
//! the big pig's share of the food when only the big pig presses, when only
//! the small pig presses, and when both press. Nobody presses: nobody eats.
//!
//! Payoffs (big, small):
//! - both press: `(d F - c, (1 - d) F - c)`
//! - big presses, small waits: `(a F - c, (1 - a) F)`
//! - big waits, small presses: `(b F, (1 - b) F - c)`
//! - both wait: `(0, 0)`
//!
//! The seeds leave the both-press share `d` open. **Documented default:**
//! `d = (a + b) / 2`, the midpoint of the two one-presser shares (when both
//! press they arrive together, so neither gets the head start that decides
//! `a` and `b`). The `textbook` preset states its own `d = 7/10`.
//!
//! Invariants: shares lie in `[0, 1]`, `F >= 0`, `c >= 0`.

use crate::normal_form::game::Bimatrix;
use crate::normal_form::rational::{Checked, Rational};

/// Parameters out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PigsError {
    /// A share outside [0, 1].
    #[error("the share `{name}` must be between 0 and 1, got {value}")]
    Share {
        /// Which share.
        name: &'static str,
        /// The value.
        value: Rational,
    },
    /// A negative food amount or cost.
    #[error("`{name}` must be 0 or more, got {value}")]
    Negative {
        /// Which parameter.
        name: &'static str,
        /// The value.
        value: Rational,
    },
}

/// A boxed pigs game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PigsGame {
    /// Food dropped per press.
    pub food: Rational,
    /// Cost of pressing.
    pub cost: Rational,
    /// Big pig's share when only the big pig presses.
    pub big_presses: Rational,
    /// Big pig's share when only the small pig presses.
    pub small_presses: Rational,
    /// Big pig's share when both press.
    pub both_press: Rational,
    /// Whether `both_press` was the documented default.
    pub both_press_defaulted: bool,
}

/// The preset names with their descriptions.
pub const PRESETS: &[(&str, &str)] = &[
    ("seed", "F = 1, c = 0, shares 1/2 / 1 / default (seed 001)"),
    (
        "seed-modified",
        "F = 1, c = 0, shares 3/4 / 1/2 / default (seed 001, changed rules)",
    ),
    ("textbook", "F = 10, c = 2, shares 6/10 / 9/10 / 7/10"),
];

fn q(s: &str) -> Rational {
    Rational::parse(s).expect("preset numbers are valid")
}

impl PigsGame {
    /// A validated game; `both_press = None` takes the default `(a + b) / 2`.
    pub fn new(
        food: Rational,
        cost: Rational,
        big_presses: Rational,
        small_presses: Rational,
        both_press: Option<Rational>,
    ) -> Result<PigsGame, PigsError> {
        for (name, v) in [("food", food), ("cost", cost)] {
            if v.is_negative() {
                return Err(PigsError::Negative { name, value: v });
            }
        }
        let default = big_presses
            .add(small_presses)
            .and_then(|s| s.div(Rational::int(2)))
            .unwrap_or(Rational::ZERO);
        let d = both_press.unwrap_or(default);
        for (name, v) in [
            ("big_presses", big_presses),
            ("small_presses", small_presses),
            ("both_press", d),
        ] {
            if v.is_negative() || v > Rational::ONE {
                return Err(PigsError::Share { name, value: v });
            }
        }
        Ok(PigsGame {
            food,
            cost,
            big_presses,
            small_presses,
            both_press: d,
            both_press_defaulted: both_press.is_none(),
        })
    }

    /// A preset by name (`seed`, `seed-modified`, `textbook`).
    pub fn preset(name: &str) -> Option<PigsGame> {
        let (f, c, a, b, d) = match name {
            "seed" => ("1", "0", "1/2", "1", None),
            "seed-modified" => ("1", "0", "3/4", "1/2", None),
            "textbook" => ("10", "2", "6/10", "9/10", Some("7/10")),
            _ => return None,
        };
        PigsGame::new(q(f), q(c), q(a), q(b), d.map(q)).ok()
    }

    /// A copy with one parameter replaced (names as in [`PARAMETERS`]).
    /// When the both-press share is the documented default, it keeps
    /// following the default `(a + b) / 2` as the other shares change.
    pub fn with(&self, name: &str, value: Rational) -> Option<Result<PigsGame, PigsError>> {
        let mut p = [
            self.food,
            self.cost,
            self.big_presses,
            self.small_presses,
            self.both_press,
        ];
        let k = PARAMETERS.iter().position(|n| *n == name)?;
        p[k] = value;
        let both = if self.both_press_defaulted && name != "both_press" {
            None
        } else {
            Some(p[4])
        };
        Some(PigsGame::new(p[0], p[1], p[2], p[3], both))
    }

    /// The payoff matrix: row = big pig, column = small pig, strategies
    /// Press and Wait.
    pub fn bimatrix(&self) -> Checked<Bimatrix> {
        let (f, c) = (self.food, self.cost);
        let one = Rational::ONE;
        let share = |s: Rational| s.mul(f);
        let a = vec![
            vec![
                share(self.both_press)?.sub(c)?,
                share(self.big_presses)?.sub(c)?,
            ],
            vec![share(self.small_presses)?, Rational::ZERO],
        ];
        let b = vec![
            vec![
                share(one.sub(self.both_press)?)?.sub(c)?,
                share(one.sub(self.big_presses)?)?,
            ],
            vec![share(one.sub(self.small_presses)?)?.sub(c)?, Rational::ZERO],
        ];
        Ok(Bimatrix::new(
            format!(
                "Boxed pigs (F = {}, c = {}, big's share {} / {} / {})",
                f, c, self.big_presses, self.small_presses, self.both_press
            ),
            ["Big pig".into(), "Small pig".into()],
            vec!["Press".into(), "Wait".into()],
            vec!["Press".into(), "Wait".into()],
            a,
            b,
        )
        .expect("2x2 is well formed"))
    }
}

/// The documented default of the both-press share, in words.
pub const BOTH_PRESS_DEFAULT: &str = "(big_presses + small_presses) / 2";

/// Parameter names accepted by [`PigsGame::with`] and the sweep.
pub const PARAMETERS: &[&str] = &["food", "cost", "big_presses", "small_presses", "both_press"];

/// What a parameter means, for axis labels and text.
pub fn parameter_meaning(name: &str) -> &'static str {
    match name {
        "food" => "food dropped per press, F",
        "cost" => "cost of pressing, c",
        "big_presses" => "big pig's share when only the big pig presses",
        "small_presses" => "big pig's share when only the small pig presses",
        "both_press" => "big pig's share when both press",
        _ => "",
    }
}
