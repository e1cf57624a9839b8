//! Exact counts that can exceed any machine integer, such as the number of
//! equally good pirate allocations (a binomial coefficient like C(8292, 100)).
//!
//! Invariant: counts are [`BigUint`] (num-bigint, the same crate the exact
//! equilibrium pivoting uses), so there is no rounding anywhere; this module
//! only adds the binomial coefficient the analyses need.

use num_bigint::BigUint;

/// The binomial coefficient C(n, k), exactly (0 when k > n).
pub fn binomial(n: u32, k: u32) -> BigUint {
    if k > n {
        return BigUint::ZERO;
    }
    let k = k.min(n - k);
    let mut c = BigUint::ONE;
    for i in 0..k {
        // c * (n - i) / (i + 1) is C(n, i + 1): always an exact division.
        c *= n - i;
        c /= i + 1;
    }
    c
}

/// Number of decimal digits of `n` (1 for zero).
pub fn digits(n: &BigUint) -> usize {
    n.to_string().len()
}

#[cfg(test)]
mod tests {
    use super::{binomial, digits};
    use num_bigint::BigUint;

    #[test]
    fn small_binomials_match_pascal() {
        let mut row = vec![1u64];
        for n in 0..60u32 {
            for (k, &expected) in row.iter().enumerate() {
                assert_eq!(
                    u64::try_from(&binomial(n, k as u32)).ok(),
                    Some(expected),
                    "C({n},{k})"
                );
            }
            let mut next = vec![1u64];
            next.extend(row.windows(2).map(|w| w[0] + w[1]));
            next.push(1);
            row = next;
        }
        assert_eq!(binomial(3, 5), BigUint::ZERO);
    }

    #[test]
    fn large_binomials_print_exactly() {
        // C(100, 50) = 100891344545564193334812497256
        assert_eq!(
            binomial(100, 50).to_string(),
            "100891344545564193334812497256"
        );
        assert!(u64::try_from(&binomial(100, 50)).is_err());
        assert_eq!(BigUint::from(u64::MAX).to_string(), u64::MAX.to_string());
        assert_eq!(BigUint::ZERO.to_string(), "0");
        assert_eq!(digits(&binomial(1000, 1)), 4);
        assert_eq!(digits(&BigUint::ZERO), 1);
    }
}
