//! How long a match lasts: a fixed number of turns, or a random (geometric)
//! length from a continuation probability.
//!
//! With continuation probability w the match goes on after every turn with
//! probability w, so P(length = n) = w^(n-1) (1 - w), n >= 1, with mean
//! 1 / (1 - w). The length is drawn by inversion exactly as the axelrod
//! library does, `ceil(ln(1 - u) / ln(w))` for a uniform u, and capped when a
//! cap is given. Strategies are told the length only for a fixed horizon.

use crate::ipd::random::{MatchRng, unit_interval};
use serde::Serialize;

/// The longest match the engine will play (turn counters are 32-bit).
pub const MAX_TURNS: u32 = u32::MAX - 1;

/// The longest mean match length a random horizon may have without a cap:
/// beyond it lengths would approach [`MAX_TURNS`] and be cut silently.
pub const MAX_UNCAPPED_MEAN: f64 = 1e8;

/// Checks a random horizon: `Err` says what is wrong and what is allowed.
pub fn check_random_horizon(continuation: f64, cap: Option<u32>) -> Result<(), String> {
    if !(0.0..=1.0).contains(&continuation) {
        return Err(format!(
            "continuation must be between 0 and 1, got {continuation}"
        ));
    }
    if cap.is_none() {
        if continuation >= 1.0 {
            return Err(
                "continuation = 1 never ends a match; use a value below 1 or add a cap".into(),
            );
        }
        let mean = 1.0 / (1.0 - continuation);
        if mean > MAX_UNCAPPED_MEAN {
            return Err(format!(
                "continuation = {continuation} gives a mean of {mean:.3e} turns per match; \
                 above {MAX_UNCAPPED_MEAN:.0e} a cap is required"
            ));
        }
    }
    Ok(())
}

/// The length rule of a match.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Horizon {
    /// Exactly `turns` turns, known to both strategies.
    Fixed {
        /// Number of turns, at least 1.
        turns: u32,
    },
    /// A geometric number of turns, unknown to the strategies.
    Random {
        /// Probability w in [0, 1] that the match continues after a turn.
        continuation: f64,
        /// Optional upper bound on the length (required when w = 1).
        cap: Option<u32>,
    },
}

impl Horizon {
    /// The length strategies are told: `Some(n)` only for a fixed horizon.
    pub fn known_length(&self) -> Option<u32> {
        match *self {
            Horizon::Fixed { turns } => Some(turns),
            Horizon::Random { .. } => None,
        }
    }

    /// True for a random horizon.
    pub fn is_random(&self) -> bool {
        matches!(self, Horizon::Random { .. })
    }

    /// Draws the length of one match. A fixed horizon draws nothing.
    pub fn draw_length(&self, rng: &mut MatchRng) -> u32 {
        match *self {
            Horizon::Fixed { turns } => turns,
            Horizon::Random { continuation, cap } => {
                let cap = cap.unwrap_or(MAX_TURNS).min(MAX_TURNS);
                geometric_length(continuation, unit_interval(rng)).min(cap)
            }
        }
    }

    /// The expected length (ignoring the cap for a random horizon without
    /// one; infinite when w = 1).
    pub fn mean_length(&self) -> f64 {
        match *self {
            Horizon::Fixed { turns } => turns as f64,
            Horizon::Random { continuation, cap } => {
                let w = continuation;
                match cap {
                    // E[min(L, c)] = sum_{n=0}^{c-1} P(L > n) = (1 - w^c) / (1 - w).
                    Some(c) if w < 1.0 => (1.0 - w.powf(c as f64)) / (1.0 - w),
                    Some(c) => c as f64,
                    None => 1.0 / (1.0 - w),
                }
            }
        }
    }
}

/// The geometric length for continuation probability `w` given a uniform
/// `u` in [0, 1): `ceil(ln(1 - u) / ln(w))`, at least 1, saturating at
/// [`MAX_TURNS`].
pub fn geometric_length(w: f64, u: f64) -> u32 {
    if w >= 1.0 {
        return MAX_TURNS;
    }
    if w <= 0.0 {
        return 1;
    }
    let length = ((1.0 - u).ln() / w.ln()).ceil();
    if length.is_nan() || length < 1.0 {
        1
    } else if length >= MAX_TURNS as f64 {
        MAX_TURNS
    } else {
        length as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::random::match_rng;

    #[test]
    fn inversion_matches_the_geometric_cdf() {
        // P(L <= n) = 1 - w^n, so u just below 1 - w^n gives n.
        let w: f64 = 0.9;
        for n in 1..20u32 {
            let edge = 1.0 - w.powi(n as i32);
            assert_eq!(geometric_length(w, edge - 1e-9), n);
            assert_eq!(geometric_length(w, edge + 1e-9), n + 1);
        }
        assert_eq!(geometric_length(0.5, 0.0), 1);
        assert_eq!(geometric_length(0.0, 0.7), 1);
    }

    #[test]
    fn random_lengths_have_the_geometric_mean() {
        // Mean 1/(1-w) = 20, variance w/(1-w)^2 = 380; with 200,000 draws the
        // standard error of the mean is sqrt(380/200000) ~= 0.0436, so a
        // 5-sigma interval is +-0.22.
        let horizon = Horizon::Random {
            continuation: 0.95,
            cap: None,
        };
        let draws = 200_000u64;
        let mut total = 0u64;
        for k in 0..draws {
            let mut rng = match_rng(7, k, 0, 0);
            total += horizon.draw_length(&mut rng) as u64;
        }
        let mean = total as f64 / draws as f64;
        assert!((mean - 20.0).abs() < 0.22, "mean length {mean}");
        assert!((horizon.mean_length() - 20.0).abs() < 1e-9);
    }

    #[test]
    fn the_cap_bounds_lengths_and_the_capped_mean() {
        let horizon = Horizon::Random {
            continuation: 0.99,
            cap: Some(5),
        };
        let mut rng = match_rng(1, 0, 0, 0);
        for _ in 0..1000 {
            let n = horizon.draw_length(&mut rng);
            assert!((1..=5).contains(&n));
        }
        let expected = (1.0 - 0.99f64.powi(5)) / 0.01;
        assert!((horizon.mean_length() - expected).abs() < 1e-9);
        let certain = Horizon::Random {
            continuation: 1.0,
            cap: Some(12),
        };
        assert_eq!(certain.draw_length(&mut rng), 12);
    }

    #[test]
    fn only_fixed_horizons_are_known_to_strategies() {
        assert_eq!(Horizon::Fixed { turns: 10 }.known_length(), Some(10));
        assert_eq!(
            Horizon::Random {
                continuation: 0.5,
                cap: Some(3)
            }
            .known_length(),
            None
        );
    }
}
