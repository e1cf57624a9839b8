//! The equilibrium set of a boxed-pigs game as one comparable value, named
//! in words a teacher can read ("Big presses, small waits"), and the four
//! incentive differences that decide it.
//!
//! Strategy 0 is Press and 1 is Wait for both pigs (row = big pig,
//! column = small pig), as in [`crate::dilemmas::pigs::PigsGame::bimatrix`].
//!
//! Invariant: in a 2x2 game each player's best-response correspondence is
//! fixed by the signs of that player's two payoff differences (Press minus
//! Wait against each strategy of the other), so the set of equilibria --
//! which pure profiles, whether a mixed one exists, whether there is a
//! continuum -- and the degeneracy flag depend only on the signs of the four
//! [`incentives`] (see e.g. Osborne, *An Introduction to Game Theory*, 2004,
//! section 4.3, where 2x2 equilibria are read off the best-response graphs).

use crate::dilemmas::pigs::game::PigsGame;
use crate::normal_form::analysis::Analysis;
use crate::normal_form::rational::{Checked, Rational};

/// What the four incentive differences are, in order: short key and words.
pub const INCENTIVES: [(&str, &str); 4] = [
    (
        "big_when_small_presses",
        "the big pig's gain from pressing when the small pig presses",
    ),
    (
        "big_when_small_waits",
        "the big pig's gain from pressing when the small pig waits",
    ),
    (
        "small_when_big_presses",
        "the small pig's gain from pressing when the big pig presses",
    ),
    (
        "small_when_big_waits",
        "the small pig's gain from pressing when the big pig waits",
    ),
];

/// Press-minus-Wait payoff differences, in the order of [`INCENTIVES`]:
/// `(d - b)F - c`, `aF - c`, `(a - d)F - c`, `(1 - b)F - c`.
pub fn incentives(game: &PigsGame) -> Checked<[Rational; 4]> {
    let m = game.bimatrix()?;
    Ok([
        m.a[0][0].sub(m.a[1][0])?,
        m.a[0][1].sub(m.a[1][1])?,
        m.b[0][0].sub(m.b[0][1])?,
        m.b[1][0].sub(m.b[1][1])?,
    ])
}

/// The sign pattern of the incentives (-1, 0 or 1 each).
pub fn signs(values: &[Rational; 4]) -> [i8; 4] {
    values.map(|v| {
        if v.is_positive() {
            1
        } else if v.is_negative() {
            -1
        } else {
            0
        }
    })
}

/// Which equilibria a boxed-pigs game has.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Pure equilibria (big's strategy, small's strategy), 0 = Press, 1 = Wait.
    pub pure: Vec<(usize, usize)>,
    /// Whether some extreme equilibrium is mixed.
    pub mixed: bool,
    /// Whether some equilibria form a continuum.
    pub continuum: bool,
    /// Whether the game is degenerate.
    pub degenerate: bool,
}

const STRATEGY: [&str; 2] = ["Press", "Wait"];

/// A pure profile in words.
pub fn profile_words(big: usize, small: usize) -> &'static str {
    match (big, small) {
        (0, 0) => "Both press",
        (0, _) => "Big presses, small waits",
        (_, 0) => "Big waits, small presses",
        _ => "Both wait",
    }
}

impl Outcome {
    /// Reads the outcome off a computed analysis of a pigs game.
    pub fn of(analysis: &Analysis) -> Outcome {
        Outcome {
            pure: analysis.pure.clone(),
            mixed: analysis.equilibria.extreme.iter().any(|e| !e.is_pure()),
            continuum: analysis.equilibria.has_continuum(),
            degenerate: analysis.equilibria.degenerate,
        }
    }

    /// Short symbolic label: "(Press, Wait)", "(Press, Press) + (Wait, Wait) + mixed",
    /// with " (continuum)" when there is one.
    pub fn profiles(&self) -> String {
        let mut parts: Vec<String> = self
            .pure
            .iter()
            .map(|&(i, j)| format!("({}, {})", STRATEGY[i], STRATEGY[j]))
            .collect();
        if self.mixed {
            parts.push("mixed".into());
        }
        let mut label = parts.join(" + ");
        if self.continuum {
            label.push_str(" (continuum)");
        }
        label
    }

    /// The equilibria in words, e.g. "Big presses, small waits" or
    /// "Both press; Both wait; plus a mixed equilibrium".
    pub fn words(&self) -> String {
        let mut parts: Vec<String> = self
            .pure
            .iter()
            .map(|&(i, j)| profile_words(i, j).to_string())
            .collect();
        if parts.is_empty() {
            return if self.continuum {
                "Only a continuum of mixed equilibria".into()
            } else if self.mixed {
                "Only a mixed equilibrium (both pigs randomise)".into()
            } else {
                "No equilibrium".into()
            };
        }
        if self.continuum {
            parts.push("plus a continuum of equilibria".into());
        } else if self.mixed {
            parts.push("plus a mixed equilibrium".into());
        }
        parts.join("; ")
    }
}
