//! Pearson's chi-squared test of a 50-50 split, as two entries of Axelrod's
//! first tournament (Stein and Rapoport, Graaskamp) use it to decide whether
//! the opponent "plays randomly".
//!
//! The axelrod library calls `scipy.stats.chisquare([cooperations,
//! defections])`: expected counts n/2 each, statistic
//! X = sum (observed - n/2)^2 / (n/2), one degree of freedom, p-value
//! `chi2.sf(X, 1)` = Q(1/2, X/2), the regularised upper incomplete gamma
//! function (scipy's `chdtrc`, Cephes `igamc`). The statistic is computed
//! here with the same float operations in the same order, so it is
//! bit-identical; the p-value is computed with the series and continued
//! fraction of Numerical Recipes (Press et al., 3rd ed., section 6.2) to a
//! relative error of a few units in the last place, and
//! `tests/suite/axelrod_first.rs` checks it and every accept/reject decision
//! against scipy's for all splits of up to 1000 moves.
//!
//! Invariant: pure functions; a split of no moves gives NaN (as scipy), which
//! never passes a `p >= alpha` test. [`RandomnessTest`] makes the `p >= alpha`
//! decision from the statistic alone (two comparisons) except in a thin band
//! around the critical value, where it computes the p-value: same decisions,
//! without an incomplete-gamma evaluation every turn.

/// scipy's `chisquare([cooperations, defections]).statistic`.
pub fn statistic(cooperations: u32, defections: u32) -> f64 {
    let observed = [cooperations as f64, defections as f64];
    // numpy's mean of two numbers: (a + b) / 2.
    let expected = (observed[0] + observed[1]) / 2.0;
    let term = |o: f64| (o - expected) * (o - expected) / expected;
    // numpy's sum of a short array starts from -0.0.
    -0.0 + term(observed[0]) + term(observed[1])
}

/// scipy's `chisquare([cooperations, defections]).pvalue`: the probability
/// that a chi-squared variable with one degree of freedom is at least the
/// statistic.
pub fn p_value(cooperations: u32, defections: u32) -> f64 {
    chi2_sf_one(statistic(cooperations, defections))
}

/// The survival function of the chi-squared distribution with one degree of
/// freedom: Q(1/2, x/2).
pub fn chi2_sf_one(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x <= 0.0 {
        return 1.0;
    }
    upper_gamma_half(x / 2.0)
}

/// Q(1/2, y) = erfc(sqrt(y)) for y > 0, the regularised upper incomplete
/// gamma function at a = 1/2.
fn upper_gamma_half(y: f64) -> f64 {
    const A: f64 = 0.5;
    // ln Γ(1/2) = ln sqrt(pi).
    let ln_gamma_a = 0.5 * std::f64::consts::PI.ln();
    // y^a e^-y / Γ(a), in logs to avoid overflow.
    let prefactor = (A * y.ln() - y - ln_gamma_a).exp();
    if y < A + 1.0 {
        // Series for P(a, y): y^a e^-y / Γ(a + 1) * sum y^n / ((a+1)...(a+n)).
        let mut term = 1.0 / A;
        let mut sum = term;
        let mut denominator = A;
        for _ in 0..500 {
            denominator += 1.0;
            term *= y / denominator;
            sum += term;
            if term.abs() < sum.abs() * f64::EPSILON * 0.25 {
                break;
            }
        }
        1.0 - sum * prefactor
    } else {
        // Continued fraction for Q(a, y) by the modified Lentz method.
        let tiny = f64::MIN_POSITIVE / f64::EPSILON;
        let mut b = y + 1.0 - A;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let i = i as f64;
            let an = -i * (i - A);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < f64::EPSILON * 0.25 {
                break;
            }
        }
        prefactor * h
    }
}

/// The decision "the p-value of the 50-50 test is at least alpha" (the
/// opponent looks random), as a strategy asks it every turn. The p-value
/// falls as the statistic grows, so the decision is a threshold on the
/// statistic: below `surely_random_below` it is yes, above
/// `surely_not_above` no, and in between (a relative band of 1e-4 around the
/// critical value, where rounding could matter) the p-value is computed and
/// compared exactly as before. So every decision equals `p_value(c, d) >=
/// alpha` (tested for every split of up to 1000 moves).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomnessTest {
    alpha: f64,
    surely_random_below: f64,
    surely_not_above: f64,
}

impl RandomnessTest {
    /// The test at significance level `alpha`.
    pub fn new(alpha: f64) -> RandomnessTest {
        // The critical statistic: the largest x with sf(x) >= alpha, by
        // bisection (sf(0) = 1, and sf(2000) underflows to 0).
        let (mut low, mut high) = (0.0_f64, 2000.0_f64);
        if alpha.is_nan() || chi2_sf_one(high) >= alpha {
            // Every split passes (alpha <= 0) or the test is meaningless:
            // decide every time from the p-value.
            return RandomnessTest {
                alpha,
                surely_random_below: f64::NEG_INFINITY,
                surely_not_above: f64::INFINITY,
            };
        }
        if chi2_sf_one(low) < alpha {
            // alpha > 1: no split passes.
            return RandomnessTest {
                alpha,
                surely_random_below: f64::NEG_INFINITY,
                surely_not_above: f64::NEG_INFINITY,
            };
        }
        for _ in 0..200 {
            let middle = 0.5 * (low + high);
            if chi2_sf_one(middle) >= alpha {
                low = middle;
            } else {
                high = middle;
            }
        }
        let band = 1e-4 * low + 1e-12;
        RandomnessTest {
            alpha,
            surely_random_below: low - band,
            surely_not_above: high + band,
        }
    }

    /// True when `p_value(cooperations, defections) >= alpha`.
    #[inline]
    pub fn looks_random(&self, cooperations: u32, defections: u32) -> bool {
        let x = statistic(cooperations, defections);
        if x.is_nan() {
            false
        } else if x < self.surely_random_below {
            true
        } else if x > self.surely_not_above {
            false
        } else {
            chi2_sf_one(x) >= self.alpha
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // erfc(1) = 0.157299207050285130658...; chi2.sf(2, 1) = erfc(1).
        let p = chi2_sf_one(2.0);
        assert!((p - 0.157_299_207_050_285_1).abs() < 1e-15, "{p}");
        // The 5% critical value of chi2 with 1 df is 3.841458820694124.
        let p = chi2_sf_one(3.841_458_820_694_124);
        assert!((p - 0.05).abs() < 1e-15, "{p}");
        // Small and large arguments: erfc(0.1) and erfc(5).
        let p = chi2_sf_one(0.02);
        assert!((p / 0.887_537_083_981_715 - 1.0).abs() < 1e-14, "{p}");
        let p = chi2_sf_one(50.0);
        assert!((p / 1.537_459_794_428_035e-12 - 1.0).abs() < 1e-13, "{p}");
        assert_eq!(chi2_sf_one(0.0), 1.0);
        assert!(p_value(0, 0).is_nan());
        assert_eq!(p_value(7, 7), 1.0);
    }

    #[test]
    fn the_threshold_test_decides_as_the_p_value() {
        for alpha in [
            0.0, 1e-300, 1e-12, 0.001, 0.01, 0.05, 0.1, 0.3, 0.5, 0.9, 0.999, 1.0, 1.5,
        ] {
            let test = RandomnessTest::new(alpha);
            for n in 0..=1000u32 {
                for c in 0..=n {
                    assert_eq!(
                        test.looks_random(c, n - c),
                        p_value(c, n - c) >= alpha,
                        "alpha {alpha}, split {c}:{}",
                        n - c
                    );
                }
            }
        }
    }

    #[test]
    fn statistic_is_pearsons() {
        // (10 - 7)^2 / 7 * 2 = 18 / 7.
        assert_eq!(statistic(10, 4), 18.0 / 7.0);
        assert_eq!(statistic(3, 3), 0.0);
    }
}
