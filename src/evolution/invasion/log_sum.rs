//! Sums of exponentials kept as logarithms: `ln Σ exp(x_i)` without ever
//! forming `exp(x_i)` when it would overflow or underflow (the log-sum-exp
//! trick, streamed: the running sum is kept relative to the largest term
//! seen).

/// A running `ln Σ exp(x_i)`.
#[derive(Clone, Copy, Debug)]
pub struct LogSum {
    /// The largest term so far (-inf when empty).
    max: f64,
    /// Σ exp(x_i - max).
    scaled: f64,
}

impl Default for LogSum {
    fn default() -> Self {
        LogSum::new()
    }
}

impl LogSum {
    /// The empty sum (ln 0 = -inf).
    pub fn new() -> LogSum {
        LogSum {
            max: f64::NEG_INFINITY,
            scaled: 0.0,
        }
    }

    /// Adds `exp(x)`; `x = -inf` adds nothing.
    pub fn add(&mut self, x: f64) {
        if x == f64::NEG_INFINITY {
            return;
        }
        if x <= self.max {
            self.scaled += (x - self.max).exp();
        } else {
            self.scaled = self.scaled * (self.max - x).exp() + 1.0;
            self.max = x;
        }
    }

    /// `ln Σ exp(x_i)`.
    pub fn ln(&self) -> f64 {
        if self.max == f64::NEG_INFINITY {
            f64::NEG_INFINITY
        } else {
            self.max + self.scaled.ln()
        }
    }

    /// `1 / Σ exp(x_i)`, computed as `exp(-max) / scaled` so that a sum of
    /// terms that are all `exp(0) = 1` (or smaller) gives `1 / scaled`
    /// exactly.
    pub fn reciprocal(&self) -> f64 {
        (-self.max).exp() / self.scaled
    }
}

/// `ln(exp(a) + exp(b))`.
pub fn log_add(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if lo == f64::NEG_INFINITY {
        hi
    } else {
        hi + (lo - hi).exp().ln_1p()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_agree_with_direct_ones_and_survive_huge_terms() {
        let mut s = LogSum::new();
        for x in [0.0, -1.0, 2.0, 0.5] {
            s.add(x);
        }
        let direct: f64 = [0.0f64, -1.0, 2.0, 0.5].iter().map(|x| x.exp()).sum();
        assert!((s.ln() - direct.ln()).abs() < 1e-15);
        let mut big = LogSum::new();
        big.add(0.0);
        big.add(5000.0);
        big.add(5000.0);
        assert!((big.ln() - (5000.0 + 2f64.ln())).abs() < 1e-12);
        assert_eq!(big.reciprocal(), 0.0);
        assert_eq!(LogSum::new().ln(), f64::NEG_INFINITY);
        assert!((log_add(1000.0, 1000.0) - (1000.0 + 2f64.ln())).abs() < 1e-12);
        assert_eq!(log_add(f64::NEG_INFINITY, -3.0), -3.0);
    }

    #[test]
    fn ones_give_an_exact_reciprocal() {
        let mut s = LogSum::new();
        for _ in 0..100 {
            s.add(0.0);
        }
        assert_eq!(s.reciprocal(), 1.0 / 100.0);
    }
}
