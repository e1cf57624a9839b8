//! Confidence intervals for a proportion.
//!
//! Wilson score interval (E. B. Wilson, "Probable inference, the law of
//! succession, and statistical inference", JASA 22, 1927): for k successes
//! in n trials and normal quantile z,
//! centre = (p + z^2/2n) / (1 + z^2/n),
//! half-width = z sqrt(p(1-p)/n + z^2/4n^2) / (1 + z^2/n).
//! Unlike the normal approximation it stays inside [0, 1] and is sensible
//! for k = 0 or k = n.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959963984540054;

/// The Wilson interval (low, high) of `successes` out of `trials` at normal
/// quantile `z`; (0, 1) when there are no trials.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // 8 of 10 at 95%: (0.4902, 0.9433) (Newcombe 1998, Table I, example).
        let (lo, hi) = wilson_interval(8, 10, Z95);
        assert!(
            (lo - 0.4902).abs() < 1e-4 && (hi - 0.9433).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-4);
        let (lo, hi) = wilson_interval(10, 10, Z95);
        assert!((lo - 0.7225).abs() < 1e-4 && (hi - 1.0).abs() < 1e-12);
        assert_eq!(wilson_interval(0, 0, Z95), (0.0, 1.0));
    }
}
