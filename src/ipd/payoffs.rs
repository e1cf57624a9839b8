//! The payoff matrix of the prisoner's dilemma, written (R, S, T, P).
//!
//! R is the reward for mutual cooperation, S the sucker's payoff, T the
//! temptation to defect and P the punishment for mutual defection. A matrix is
//! a prisoner's dilemma when T > R > P > S; an *iterated* one also asks
//! 2R > T + S (GAMES.md section 1). Other matrices are accepted, but
//! [`Payoffs::dilemma_violations`] says which inequality fails so callers can
//! warn.

use crate::ipd::action::Action;
use serde::Serialize;

/// (R, S, T, P) payoffs of a symmetric 2x2 game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Payoffs {
    /// Reward: both cooperate.
    #[serde(rename = "R")]
    pub r: f64,
    /// Sucker: I cooperate, the other defects.
    #[serde(rename = "S")]
    pub s: f64,
    /// Temptation: I defect, the other cooperates.
    #[serde(rename = "T")]
    pub t: f64,
    /// Punishment: both defect.
    #[serde(rename = "P")]
    pub p: f64,
}

/// A named payoff matrix from GAMES.md.
pub struct Preset {
    /// The name used in scenario files and on the command line.
    pub name: &'static str,
    /// The matrix.
    pub payoffs: Payoffs,
    /// Where it comes from.
    pub source: &'static str,
}

/// The presets of GAMES.md section 1.
pub const PRESETS: [Preset; 3] = [
    Preset {
        name: "standard",
        payoffs: Payoffs::STANDARD,
        source: "Axelrod's tournaments; the research default",
    },
    Preset {
        name: "prison-years-a",
        payoffs: Payoffs {
            r: -0.5,
            s: -10.0,
            t: 0.0,
            p: -2.0,
        },
        source: "seed 000: minus the years served (0.5 / 10 / 0 / 2)",
    },
    Preset {
        name: "prison-years-b",
        payoffs: Payoffs {
            r: -1.0,
            s: -15.0,
            t: 0.0,
            p: -8.0,
        },
        source: "seed 001: minus the years served (1 / 15 / 0 / 8)",
    },
];

/// The largest payoff magnitude accepted, so that totals over the longest
/// matches stay far from floating-point overflow.
pub const MAX_PAYOFF: f64 = 1e12;

impl Payoffs {
    /// Checks that every payoff is finite and at most [`MAX_PAYOFF`] in
    /// magnitude; `Err` names the first one that is not.
    pub fn check_range(&self) -> Result<(), String> {
        for (name, value) in [("R", self.r), ("S", self.s), ("T", self.t), ("P", self.p)] {
            if !value.is_finite() || value.abs() > MAX_PAYOFF {
                return Err(format!(
                    "{name} = {value} is out of range (allowed: -1e12 to 1e12)"
                ));
            }
        }
        Ok(())
    }

    /// Axelrod's (3, 0, 5, 1).
    pub const STANDARD: Payoffs = Payoffs {
        r: 3.0,
        s: 0.0,
        t: 5.0,
        p: 1.0,
    };

    /// The preset called `name`, if any.
    pub fn preset(name: &str) -> Option<Payoffs> {
        PRESETS.iter().find(|p| p.name == name).map(|p| p.payoffs)
    }

    /// Names of all presets, for error messages.
    pub fn preset_names() -> Vec<&'static str> {
        PRESETS.iter().map(|p| p.name).collect()
    }

    /// The four payoffs of a player indexed by joint state (CC, CD, DC, DD from
    /// that player's view): R, S, T, P.
    #[inline]
    pub fn by_state(&self) -> [f64; 4] {
        [self.r, self.s, self.t, self.p]
    }

    /// The payoff of `mine` against `theirs`.
    #[inline]
    pub fn payoff(&self, mine: Action, theirs: Action) -> f64 {
        self.by_state()[crate::ipd::action::state_index(mine, theirs)]
    }

    /// A player's total score from how often each joint state (its own view)
    /// occurred. Counting states and multiplying keeps totals exact and
    /// independent of summation order.
    pub fn total(&self, state_counts: &[u32; 4]) -> f64 {
        let by_state = self.by_state();
        state_counts
            .iter()
            .zip(by_state)
            .map(|(&count, payoff)| count as f64 * payoff)
            .sum()
    }

    /// The inequalities of a (iterated) prisoner's dilemma that this matrix
    /// breaks, in words; empty for a true iterated PD.
    pub fn dilemma_violations(&self) -> Vec<String> {
        let Payoffs { r, s, t, p } = *self;
        let mut broken = Vec::new();
        if t.partial_cmp(&r) != Some(std::cmp::Ordering::Greater) {
            broken.push(format!("T > R fails (T = {t}, R = {r})"));
        }
        if r.partial_cmp(&p) != Some(std::cmp::Ordering::Greater) {
            broken.push(format!("R > P fails (R = {r}, P = {p})"));
        }
        if p.partial_cmp(&s) != Some(std::cmp::Ordering::Greater) {
            broken.push(format!("P > S fails (P = {p}, S = {s})"));
        }
        if (2.0 * r).partial_cmp(&(t + s)) != Some(std::cmp::Ordering::Greater) {
            broken.push(format!(
                "2R > T + S fails (2R = {}, T + S = {})",
                2.0 * r,
                t + s
            ));
        }
        broken
    }
}

impl std::fmt::Display for Payoffs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "R={} S={} T={} P={}", self.r, self.s, self.t, self.p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_prisoners_dilemmas() {
        for preset in &PRESETS {
            assert!(
                preset.payoffs.dilemma_violations().is_empty(),
                "{} should be an iterated PD",
                preset.name
            );
        }
    }

    #[test]
    fn prison_years_values_match_games_md() {
        let a = Payoffs::preset("prison-years-a").unwrap();
        assert_eq!((a.r, a.s, a.t, a.p), (-0.5, -10.0, 0.0, -2.0));
        let b = Payoffs::preset("prison-years-b").unwrap();
        assert_eq!((b.r, b.s, b.t, b.p), (-1.0, -15.0, 0.0, -8.0));
        assert!(Payoffs::preset("nope").is_none());
    }

    #[test]
    fn chicken_and_stag_hunt_are_flagged_with_the_failing_inequality() {
        // Chicken: T > R > S > P.
        let chicken = Payoffs {
            r: 4.0,
            s: 1.0,
            t: 5.0,
            p: 0.0,
        };
        let broken = chicken.dilemma_violations();
        assert_eq!(broken.len(), 1);
        assert!(broken[0].starts_with("P > S fails"), "{broken:?}");
        // Stag hunt: R > T > P > S.
        let stag = Payoffs {
            r: 5.0,
            s: 0.0,
            t: 3.0,
            p: 1.0,
        };
        let broken = stag.dilemma_violations();
        assert!(broken[0].starts_with("T > R fails"), "{broken:?}");
        // 2R > T + S fails.
        let alternating = Payoffs {
            r: 3.0,
            s: 0.0,
            t: 7.0,
            p: 1.0,
        };
        assert!(alternating.dilemma_violations()[0].starts_with("2R > T + S"));
    }

    #[test]
    fn totals_weight_each_state_by_its_payoff() {
        let p = Payoffs::STANDARD;
        assert_eq!(p.total(&[2, 1, 1, 3]), 2.0 * 3.0 + 0.0 + 5.0 + 3.0);
        assert_eq!(p.payoff(Action::D, Action::C), 5.0);
        assert_eq!(p.payoff(Action::C, Action::D), 0.0);
    }
}
