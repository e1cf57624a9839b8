//! The cognitive-hierarchy model (Camerer, Ho and Chong 2004, "A cognitive
//! hierarchy model of games", QJE 119(3)).
//!
//! Thinking levels are Poisson distributed with mean tau: f(k) = e^-tau
//! tau^k / k!. Level 0 picks uniformly at random (mean: the midpoint of the
//! range). A level-k player believes the others are spread over levels
//! 0..k-1 in proportions f(0..k-1) (normalised) and picks p times the mean
//! choice of that belief, kept in the range. The model's prediction is the
//! population mean sum_k f(k) x_k and its target p times that mean.
//!
//! Invariant: floating point (Poisson weights are irrational); levels are
//! added until the remaining Poisson mass is below 1e-15, and the weights
//! used are normalised to sum to 1, so the truncation error is below 1e-13
//! of the range.

use crate::dilemmas::guess::game::GuessGame;

/// Largest tau accepted.
pub const MAX_TAU: f64 = 100.0;

/// A tau that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("tau (the mean thinking level) must be a number from 0 to {max}, got {got}")]
pub struct TauError {
    /// What was given.
    pub got: f64,
    /// Largest allowed.
    pub max: f64,
}

/// The model's prediction.
#[derive(Clone, Debug, PartialEq)]
pub struct CognitiveHierarchy {
    /// The Poisson mean.
    pub tau: f64,
    /// Share of each level (normalised over the levels kept).
    pub shares: Vec<f64>,
    /// Choice of each level.
    pub choices: Vec<f64>,
    /// Predicted mean choice.
    pub mean: f64,
    /// Predicted winning target, p times the mean.
    pub target: f64,
}

/// Computes the prediction for Poisson mean `tau`.
pub fn cognitive_hierarchy(game: &GuessGame, tau: f64) -> Result<CognitiveHierarchy, TauError> {
    if !tau.is_finite() || !(0.0..=MAX_TAU).contains(&tau) {
        return Err(TauError {
            got: tau,
            max: MAX_TAU,
        });
    }
    let p = game.p.to_f64();
    let (lo, hi) = (game.lo as f64, game.hi as f64);
    let mut weights = Vec::new();
    let mut w = (-tau).exp();
    let mut mass = 0.0;
    let mut k = 0usize;
    while (1.0 - mass > 1e-15 || k <= tau as usize) && k < 1000 {
        weights.push(w);
        mass += w;
        k += 1;
        w *= tau / k as f64;
        if w == 0.0 && k > tau as usize {
            break;
        }
    }
    let total: f64 = weights.iter().sum();
    let shares: Vec<f64> = weights.iter().map(|w| w / total).collect();
    let mut choices = vec![game.midpoint().to_f64()];
    let (mut below_weight, mut below_sum) = (shares[0], shares[0] * choices[0]);
    for &share in &shares[1..] {
        let believed_mean = below_sum / below_weight;
        let x = (p * believed_mean).clamp(lo, hi);
        choices.push(x);
        below_weight += share;
        below_sum += share * x;
    }
    let mean: f64 = shares.iter().zip(&choices).map(|(s, x)| s * x).sum();
    Ok(CognitiveHierarchy {
        tau,
        shares,
        choices,
        mean,
        target: p * mean,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normal_form::rational::Rational;

    #[test]
    fn standard_game_tau_one_and_a_half() {
        let ch = cognitive_hierarchy(&GuessGame::standard(10), 1.5).unwrap();
        // Level 1 best-responds to level 0 only: 2/3 of 50.
        assert!((ch.choices[1] - 100.0 / 3.0).abs() < 1e-12);
        // Level 2: 2/3 of (f0 50 + f1 33.3)/(f0 + f1), f1/f0 = 1.5.
        let l2 = 2.0 / 3.0 * (50.0 + 1.5 * 100.0 / 3.0) / 2.5;
        assert!((ch.choices[2] - l2).abs() < 1e-12);
        // GAMES.md: the mean is near 33.5 (33.49947, computed independently).
        assert!((ch.mean - 33.4995).abs() < 1e-4, "mean {}", ch.mean);
        assert!((ch.shares.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((ch.target - 2.0 / 3.0 * ch.mean).abs() < 1e-12);
    }

    #[test]
    fn tau_zero_is_all_level_zero() {
        let ch = cognitive_hierarchy(&GuessGame::standard(10), 0.0).unwrap();
        assert_eq!(ch.mean, 50.0);
        assert!(cognitive_hierarchy(&GuessGame::standard(10), -1.0).is_err());
        assert!(cognitive_hierarchy(&GuessGame::standard(10), f64::NAN).is_err());
    }

    #[test]
    fn four_thirds_moves_up() {
        let game = GuessGame {
            p: Rational::new(4, 3).unwrap(),
            ..GuessGame::standard(10)
        };
        let ch = cognitive_hierarchy(&game, 1.5).unwrap();
        assert!(ch.mean > 50.0 && ch.mean <= 100.0);
    }
}
