//! Symmetric logit quantal-response equilibrium (McKelvey and Palfrey 1995)
//! of the traveler's dilemma, traced over the precision `lambda` by
//! predictor-corrector continuation (Turocy 2005, "A dynamic homotopy
//! interpretation of the logistic quantal response equilibrium
//! correspondence"), not by fixed-point iteration (which cycles).
//!
//! Unknowns `w = (z, lambda)` with `z_i = log p_i`. The branch is the zero
//! set of `H_i = z_i - z_0 - lambda (u_i - u_0)` (i >= 1) and
//! `H_0 = sum_i exp(z_i) - 1`, where `u = A p`. It starts at the uniform
//! strategy with `lambda = 0`. Each step predicts along the unit tangent
//! (the null vector of the Jacobian, oriented like the last one) and
//! corrects with Newton steps orthogonal to it; the step halves when Newton
//! fails and grows when it converges (up to 1, or a tenth of the largest
//! unknown where log probabilities are large and the branch nearly straight).
//! Floating point: the QRE is a statistical model, reported with its
//! tolerance (residual < 1e-10 relative to the unknowns).
//!
//! Termination: every trace ends, at lambda or with an error: a step below
//! the unknowns' precision or a collapsed step size is [`QreError::Stalled`],
//! and more than [`step_budget`] steps is [`QreError::TooManySteps`].

use crate::dilemmas::travelers::game::TravelersGame;

/// One point on the branch.
#[derive(Clone, Debug, PartialEq)]
pub struct QrePoint {
    /// Precision.
    pub lambda: f64,
    /// Claim probabilities, lowest claim first.
    pub p: Vec<f64>,
    /// Mean claim.
    pub mean: f64,
}

/// Why tracing failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QreError {
    /// The step size collapsed.
    #[error("the continuation stalled at lambda = {lambda} (step size below 1e-12)")]
    Stalled {
        /// Where.
        lambda: String,
    },
    /// A singular system.
    #[error("singular Jacobian during continuation")]
    Singular,
    /// The step budget ran out before lambda was reached.
    #[error(
        "the continuation did not reach lambda = {target} within {steps} steps (it stopped at lambda = {lambda}); \
         use a smaller lambda or a smaller bonus"
    )]
    TooManySteps {
        /// The precision asked for.
        target: String,
        /// Where it stopped.
        lambda: String,
        /// The budget.
        steps: u64,
    },
    /// Tracing this far would take too long (see [`check_cost`]).
    #[error(
        "the QRE up to lambda = {lambda} would take too long: lambda x (high - low + 2R) x claims^3 = {cost}, \
         at most {MAX_QRE_COST:.1e} allowed (the path's length grows with lambda times the payoff spread, each \
         step costs claims^3); use a smaller lambda, a smaller bonus or fewer claims"
    )]
    TooCostly {
        /// The precision asked for.
        lambda: String,
        /// Its estimated cost.
        cost: String,
    },
}

#[allow(clippy::needless_range_loop)] // Gaussian elimination reads best with indices.
fn solve(mut m: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))?;
        if m[p][c].abs() < 1e-300 {
            return None;
        }
        m.swap(c, p);
        b.swap(c, p);
        for r in c + 1..n {
            let f = m[r][c] / m[c][c];
            if f != 0.0 {
                for k in c..n {
                    m[r][k] -= f * m[c][k];
                }
                b[r] -= f * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|k| m[r][k] * x[k]).sum();
        x[r] = (b[r] - s) / m[r][r];
    }
    Some(x)
}

struct System {
    a: Vec<Vec<f64>>,
}

impl System {
    fn h(&self, w: &[f64]) -> Vec<f64> {
        let n = self.a.len();
        let lambda = w[n];
        let p: Vec<f64> = w[..n].iter().map(|z| z.exp()).collect();
        let u: Vec<f64> = self
            .a
            .iter()
            .map(|r| r.iter().zip(&p).map(|(x, y)| x * y).sum())
            .collect();
        let mut h = vec![0.0; n];
        h[0] = p.iter().sum::<f64>() - 1.0;
        for i in 1..n {
            h[i] = w[i] - w[0] - lambda * (u[i] - u[0]);
        }
        h
    }

    fn jacobian(&self, w: &[f64]) -> Vec<Vec<f64>> {
        let n = self.a.len();
        let lambda = w[n];
        let p: Vec<f64> = w[..n].iter().map(|z| z.exp()).collect();
        let u: Vec<f64> = self
            .a
            .iter()
            .map(|r| r.iter().zip(&p).map(|(x, y)| x * y).sum())
            .collect();
        let mut j = vec![vec![0.0; n + 1]; n];
        j[0][..n].copy_from_slice(&p);
        for i in 1..n {
            for k in 0..n {
                j[i][k] = -lambda * (self.a[i][k] - self.a[0][k]) * p[k];
            }
            j[i][i] += 1.0;
            j[i][0] -= 1.0;
            j[i][n] = -(u[i] - u[0]);
        }
        j
    }

    /// Unit tangent oriented along `previous`.
    fn tangent(&self, w: &[f64], previous: &[f64]) -> Option<Vec<f64>> {
        let mut m = self.jacobian(w);
        m.push(previous.to_vec());
        let n = w.len();
        let mut b = vec![0.0; n];
        b[n - 1] = 1.0;
        let t = solve(m, b)?;
        let norm = t.iter().map(|x| x * x).sum::<f64>().sqrt();
        Some(t.iter().map(|x| x / norm).collect())
    }
}

/// Largest `lambda x (high - low + 2R) x claims^3` traced: the continuation
/// takes a number of steps roughly proportional to lambda times the payoff
/// spread, each a dense `claims^3` solve; 1.5e10 is 10 to 30 s in a release
/// build (the default game at lambda = 100 is 1.0e10).
pub const MAX_QRE_COST: f64 = 1.5e10;

/// Refuses, before any work, a trace to `lambda` that would run for minutes
/// or hours.
pub fn check_cost(game: &TravelersGame, lambda: f64) -> Result<(), QreError> {
    let claims = (game.high - game.low + 1) as f64;
    let spread = (game.high - game.low) as f64 + 2.0 * game.bonus.to_f64();
    let cost = lambda * spread * claims.powi(3);
    if cost.is_nan() || cost > MAX_QRE_COST {
        return Err(QreError::TooCostly {
            lambda: lambda.to_string(),
            cost: format!("{cost:.3e}"),
        });
    }
    Ok(())
}

/// Most predictor-corrector steps of one trace: the cost budget
/// [`MAX_QRE_COST`] over the `claims^3` of a step, between 10^4 and 10^6. So
/// a trace always ends: at lambda, or with [`QreError::TooManySteps`].
pub fn step_budget(claims: usize) -> u64 {
    (MAX_QRE_COST / (claims as f64).powi(3)).clamp(1e4, 1e6) as u64
}

/// Traces the branch from `lambda = 0` to `lambda_max`, recording a point
/// whenever lambda passes the next multiple of `record_every`. The cost is
/// not checked here: callers measure every trace they will run together
/// (`scenario::work::travelers_estimate`, liftable with `--no-limit`); the
/// step budget still ends every trace.
pub fn trace(
    game: &TravelersGame,
    lambda_max: f64,
    record_every: f64,
) -> Result<Vec<QrePoint>, QreError> {
    let claims = game.claims();
    let n = claims.len();
    let a: Vec<Vec<f64>> = claims
        .iter()
        .map(|&x| {
            claims
                .iter()
                .map(|&y| game.payoff(x, y).map_or(0.0, |v| v.to_f64()))
                .collect()
        })
        .collect();
    let sys = System { a };
    let point = |w: &[f64]| {
        let p: Vec<f64> = w[..n].iter().map(|z| z.exp()).collect();
        let mean = p.iter().zip(&claims).map(|(q, &c)| q * c as f64).sum();
        QrePoint {
            lambda: w[n],
            p,
            mean,
        }
    };
    let mut w: Vec<f64> = vec![-(n as f64).ln(); n];
    w.push(0.0);
    let mut t = vec![0.0; n + 1];
    t[n] = 1.0;
    let mut h = 0.05_f64.min(lambda_max.max(1e-9));
    let mut out = vec![point(&w)];
    let mut next_record = record_every;
    let budget = step_budget(n);
    let mut steps = 0u64;
    while w[n] < lambda_max {
        steps += 1;
        if steps > budget {
            return Err(QreError::TooManySteps {
                target: lambda_max.to_string(),
                lambda: format!("{:.6}", w[n]),
                steps: budget,
            });
        }
        t = sys.tangent(&w, &t).ok_or(QreError::Singular)?;
        // Only the first tangent is oriented by lambda (towards larger
        // lambda); later ones follow the previous tangent, through folds
        // where lambda turns back. (The test used to be "nothing recorded
        // yet", true for a whole trace without records: past a fold every
        // tangent was flipped and the trace zig-zagged in place for ever.)
        if t[n] < 0.0 && w[n] == 0.0 {
            t.iter_mut().for_each(|x| *x = -*x);
        }
        let step = h.min(((lambda_max - w[n]) / t[n].max(1e-12)).abs().max(1e-9));
        let mut guess: Vec<f64> = w.iter().zip(&t).map(|(x, d)| x + step * d).collect();
        if guess == w {
            // The step is below the precision of the unknowns: no progress
            // is possible (this once looped for hours).
            return Err(QreError::Stalled {
                lambda: format!("{:.6}", w[n]),
            });
        }
        // The residual's terms are as large as the unknowns (log
        // probabilities reach -lambda x payoff spread), so the tolerance is
        // relative to them; an absolute 1e-10 is below the rounding error of
        // terms near 10^6 and Newton then never "converges".
        let scale = 1.0 + w.iter().fold(0.0_f64, |m, x| m.max(x.abs()));
        let mut converged = false;
        for _ in 0..8 {
            let r = sys.h(&guess);
            let norm = r.iter().map(|x| x.abs()).fold(0.0, f64::max);
            if norm < 1e-10 * scale {
                converged = true;
                break;
            }
            let mut m = sys.jacobian(&guess);
            m.push(t.clone());
            let mut b: Vec<f64> = r.iter().map(|x| -x).collect();
            b.push(0.0);
            let Some(d) = solve(m, b) else { break };
            guess.iter_mut().zip(&d).for_each(|(x, y)| *x += y);
        }
        if !converged {
            h /= 2.0;
            if h < 1e-12 * scale {
                return Err(QreError::Stalled {
                    lambda: format!("{:.6}", w[n]),
                });
            }
            continue;
        }
        w = guess;
        // Step control relative to the unknowns: where the log
        // probabilities are large the branch is nearly straight and a step
        // of 1 would take millions of steps (two claims with a huge bonus).
        h = (h * 1.5).min(1.0_f64.max(0.1 * scale));
        while w[n] >= next_record && next_record <= lambda_max + 1e-12 {
            out.push(point(&w));
            next_record += record_every;
        }
    }
    if out.last().is_none_or(|p| p.lambda < w[n]) {
        out.push(point(&w));
    }
    Ok(out)
}

/// The QRE at precision `lambda` (the end of the traced branch).
pub fn qre_at(game: &TravelersGame, lambda: f64) -> Result<QrePoint, QreError> {
    let path = trace(game, lambda, f64::INFINITY)?;
    path.last().cloned().ok_or(QreError::Singular)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normal_form::rational::Rational;

    #[test]
    fn uniform_at_zero_and_fixed_point_along_the_branch() {
        let game = TravelersGame::new(2, 12, Rational::int(2)).unwrap();
        let path = trace(&game, 10.0, 1.0).unwrap();
        assert!((path[0].mean - 7.0).abs() < 1e-12);
        for pt in &path {
            // Check the logit fixed point directly.
            let claims = game.claims();
            let u: Vec<f64> = claims
                .iter()
                .map(|&x| {
                    claims
                        .iter()
                        .zip(&pt.p)
                        .map(|(&y, q)| q * game.payoff(x, y).unwrap().to_f64())
                        .sum()
                })
                .collect();
            let z: f64 = u.iter().map(|v| (pt.lambda * v).exp()).sum();
            for (q, v) in pt.p.iter().zip(&u) {
                assert!((q - (pt.lambda * v).exp() / z).abs() < 1e-8);
            }
        }
        // High precision approaches the Nash equilibrium (all claim 2).
        assert!(path.last().unwrap().mean < 3.0);
    }

    #[test]
    fn small_bonus_high_claims_large_bonus_low() {
        let small = qre_at(&TravelersGame::new(2, 30, Rational::int(1)).unwrap(), 0.5).unwrap();
        let large = qre_at(&TravelersGame::new(2, 30, Rational::int(10)).unwrap(), 0.5).unwrap();
        assert!(small.mean > 20.0, "{}", small.mean);
        assert!(large.mean < 8.0, "{}", large.mean);
    }

    /// The logit fixed point at a traced point, checked directly in log
    /// space (probabilities may underflow to 0).
    fn assert_fixed_point(game: &TravelersGame, pt: &QrePoint) {
        let claims = game.claims();
        let u: Vec<f64> = claims
            .iter()
            .map(|&x| {
                claims
                    .iter()
                    .zip(&pt.p)
                    .map(|(&y, q)| q * game.payoff(x, y).unwrap().to_f64())
                    .sum()
            })
            .collect();
        let best = u.iter().cloned().fold(f64::MIN, f64::max);
        let z: f64 = u.iter().map(|v| (pt.lambda * (v - best)).exp()).sum();
        for (q, v) in pt.p.iter().zip(&u) {
            let want = (pt.lambda * (v - best)).exp() / z;
            assert!((q - want).abs() < 1e-8, "{q} vs {want}");
        }
    }

    #[test]
    fn two_claims_with_a_huge_bonus_end_quickly() {
        // Regression: log probabilities near -10^6 made the absolute Newton
        // tolerance unreachable and the step of at most 1 took 10^6 steps per
        // unit of lambda; the trace ran for 10+ minutes.
        let game = TravelersGame::new(2, 3, Rational::int(1_000_000)).unwrap();
        let path = trace(&game, 2.0, 0.1).unwrap();
        let last = path.last().unwrap();
        assert!((last.lambda - 2.0).abs() < 1e-9, "{}", last.lambda);
        assert!((last.mean - 2.0).abs() < 1e-6, "{}", last.mean);
        for pt in &path {
            assert_fixed_point(&game, pt);
        }
    }

    #[test]
    fn a_bonus_of_twenty_at_lambda_one_ends() {
        // The other reported hang: 2..100, R = 20, lambda = 1.
        let game = TravelersGame::new(2, 100, Rational::int(20)).unwrap();
        let q = qre_at(&game, 1.0).unwrap();
        assert!((q.lambda - 1.0).abs() < 1e-9);
        assert_fixed_point(&game, &q);
        assert!(q.mean < 10.0, "{}", q.mean);
    }

    #[test]
    fn every_trace_has_a_step_budget() {
        assert_eq!(step_budget(2), 1_000_000);
        assert_eq!(step_budget(99), 15_459);
        assert_eq!(step_budget(1000), 10_000);
    }
}
