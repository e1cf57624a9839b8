//! Single-population α-Rank (Omidshafiei, Papadimitriou, Piliouras, Tuyls,
//! Rowland, Lespiau, Czarnecki, Lanctot, Perolat & Munos, "α-Rank:
//! Multi-Agent Evaluation by Evolution", Sci. Rep. 9, 2019), as OpenSpiel's
//! `alpharank.compute([table], m, alpha)` computes it with its defaults
//! (the local selection model): a mutant r in a population of m playing s
//! has the fitness advantage u = α (a[r][s] - a[s][r]) throughout, so
//! ρ(s -> r) = (1 - e^{-u}) / (1 - e^{-m u}) (1 / m when u = 0); the chain
//! over monomorphic states is the small-mutation chain with η = 1 / (S - 1);
//! the scores are its stationary distribution and the ranking sorts them.
//!
//! Infinite α (OpenSpiel's `use_inf_alpha`, noise ε): T[s][r] = η (1 - ε)
//! when r beats s (a[r][s] > a[s][r]), η ε when it loses, η / 2 on a tie.
//! A tie is OpenSpiel's `np.isclose(a[r][s], a[s][r], atol=1e-14)`:
//! |a[r][s] - a[s][r]| <= 1e-14 + 1e-5 |a[s][r]| (numpy's default relative
//! tolerance included, so the same tables tie).
//!
//! ρ is computed as a logarithm (ln(1 - e^{-u}) by `expm1`), so large α
//! does not round it to 0 and small u loses no digits (OpenSpiel's direct
//! formula cancels for |u| below about 1e-8, where the two differ).

use crate::evolution::invasion::fixation::Fixation;
use crate::evolution::invasion::stationary::stationary_from_log;
use crate::evolution::invasion::{InvasionError, PayoffMatrix};

/// The α of α-Rank.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Alpha {
    /// A finite ranking intensity α >= 0.
    Finite(f64),
    /// The infinite-α limit with noise ε in (0, 1).
    Infinite {
        /// OpenSpiel's `inf_alpha_eps` (0.01 by default).
        epsilon: f64,
    },
}

/// α-Rank's result.
#[derive(Clone, Debug, PartialEq)]
pub struct AlphaRank {
    /// ρ(s -> r) as `rho[s][r]` (finite α; the diagonal is 1 / m). With
    /// infinite α: the transition probabilities times S - 1.
    pub rho: Vec<Vec<Fixation>>,
    /// The scores: the stationary distribution (sums to 1).
    pub scores: Vec<f64>,
    /// Strategy indices from the highest score down (ties by index).
    pub ranking: Vec<usize>,
}

/// ln((1 - e^{-u}) / (1 - e^{-m u})).
fn ln_rho(u: f64, m: usize) -> f64 {
    let m = m as f64;
    if u == 0.0 {
        -m.ln()
    } else if u > 0.0 {
        (-(-u).exp_m1()).ln() - (-(-m * u).exp_m1()).ln()
    } else {
        // Multiply through by e^{m u}: e^{(m-1) u} (1 - e^{u}) / (1 - e^{m u}).
        (m - 1.0) * u + (-u.exp_m1()).ln() - (-(m * u).exp_m1()).ln()
    }
}

/// α-Rank of `payoffs` with population `m` (OpenSpiel's `m`, at least 2).
pub fn alpharank(
    payoffs: &PayoffMatrix,
    m: usize,
    alpha: Alpha,
) -> Result<AlphaRank, InvasionError> {
    if m < 2 {
        return Err(InvasionError::PopulationTooSmall(m));
    }
    match alpha {
        Alpha::Finite(a) if !(a.is_finite() && a >= 0.0) => {
            return Err(InvasionError::Intensity {
                name: "alpha",
                allowed: "a finite number of at least 0",
                value: a,
            });
        }
        Alpha::Infinite { epsilon } if !(epsilon > 0.0 && epsilon < 1.0) => {
            return Err(InvasionError::Intensity {
                name: "epsilon",
                allowed: "above 0 and below 1",
                value: epsilon,
            });
        }
        _ => {}
    }
    let s = payoffs.size();
    let neutral = Fixation {
        probability: 1.0 / m as f64,
        ln: -(m as f64).ln(),
    };
    let rho: Vec<Vec<Fixation>> = (0..s)
        .map(|from| {
            (0..s)
                .map(|to| {
                    if to == from {
                        return neutral;
                    }
                    let (won, lost) = (payoffs.get(to, from), payoffs.get(from, to));
                    let ln = match alpha {
                        Alpha::Finite(a) if a * (won - lost) == 0.0 => return neutral,
                        Alpha::Finite(a) => ln_rho(a * (won - lost), m),
                        Alpha::Infinite { epsilon } => {
                            if (won - lost).abs() <= 1e-14 + 1e-5 * lost.abs() {
                                0.5f64.ln()
                            } else if won > lost {
                                (-epsilon).ln_1p()
                            } else {
                                epsilon.ln()
                            }
                        }
                    };
                    Fixation {
                        probability: ln.exp(),
                        ln,
                    }
                })
                .collect()
        })
        .collect();
    let share = if s > 1 { -((s - 1) as f64).ln() } else { 0.0 };
    let log_p: Vec<Vec<f64>> = (0..s)
        .map(|i| {
            (0..s)
                .map(|j| {
                    if i == j {
                        f64::NEG_INFINITY
                    } else {
                        rho[i][j].ln + share
                    }
                })
                .collect()
        })
        .collect();
    let scores: Vec<f64> = stationary_from_log(&log_p)?
        .iter()
        .map(|l| l.exp())
        .collect();
    let mut ranking: Vec<usize> = (0..s).collect();
    ranking.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    Ok(AlphaRank {
        rho,
        scores,
        ranking,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rock_paper_scissors_is_uniform_and_a_dominant_strategy_wins() {
        let rps = PayoffMatrix::new(&[
            vec![0.0, -1.0, 1.0],
            vec![1.0, 0.0, -1.0],
            vec![-1.0, 1.0, 0.0],
        ])
        .unwrap();
        let r = alpharank(&rps, 50, Alpha::Finite(1.0)).unwrap();
        for s in &r.scores {
            assert!((s - 1.0 / 3.0).abs() < 1e-14);
        }
        let pd = PayoffMatrix::new(&[vec![3.0, 0.0], vec![5.0, 1.0]]).unwrap();
        let r = alpharank(&pd, 50, Alpha::Finite(1.0)).unwrap();
        assert_eq!(r.ranking, vec![1, 0]);
        assert!(r.scores[0] > 0.0 && r.scores[0] < 1e-100, "{:?}", r.scores);
        let inf = alpharank(&pd, 50, Alpha::Infinite { epsilon: 0.01 }).unwrap();
        assert!((inf.scores[1] - 0.99).abs() < 1e-14, "{:?}", inf.scores);
    }

    #[test]
    fn the_log_form_is_the_geometric_sum() {
        for (u, m) in [(0.3, 10usize), (-0.3, 10), (1e-9, 50), (-2.0, 7)] {
            let direct: f64 = 1.0 / (0..m).map(|i| (-(i as f64) * u).exp()).sum::<f64>();
            assert!((ln_rho(u, m).exp() / direct - 1.0).abs() < 1e-12, "{u} {m}");
        }
        assert!((ln_rho(0.0, 8).exp() - 0.125).abs() < 1e-16);
        assert!(ln_rho(-1e4, 100).is_finite());
    }

    #[test]
    fn bad_parameters_are_refused() {
        let pd = PayoffMatrix::new(&[vec![3.0, 0.0], vec![5.0, 1.0]]).unwrap();
        assert!(alpharank(&pd, 1, Alpha::Finite(1.0)).is_err());
        assert!(alpharank(&pd, 10, Alpha::Finite(-1.0)).is_err());
        assert!(alpharank(&pd, 10, Alpha::Infinite { epsilon: 0.0 }).is_err());
    }
}
