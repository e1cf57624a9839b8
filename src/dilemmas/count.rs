//! Exact counts that can exceed any machine integer, such as the number of
//! equally good pirate allocations (a binomial coefficient like C(8292, 100)).
//!
//! Invariant: a [`BigCount`] is an exact non-negative integer; there is no
//! rounding anywhere. Only the operations the analyses need are provided:
//! multiplication and exact division by small numbers, binomial
//! coefficients, comparison with a `u64` and decimal printing.

use std::fmt;

/// An exact non-negative integer of any size (little-endian base 2^32 limbs,
/// no trailing zero limbs; zero is the empty vector).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigCount {
    limbs: Vec<u32>,
}

impl BigCount {
    /// The number `n`.
    pub fn from_u64(n: u64) -> Self {
        let mut limbs = vec![n as u32, (n >> 32) as u32];
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        BigCount { limbs }
    }

    /// Zero.
    pub fn zero() -> Self {
        BigCount { limbs: Vec::new() }
    }

    /// One.
    pub fn one() -> Self {
        Self::from_u64(1)
    }

    /// Multiplies in place by `m`.
    pub fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.limbs.push(carry as u32);
        }
        if m == 0 {
            self.limbs.clear();
        }
    }

    /// Divides in place by `d` (which must not be 0) and returns the remainder.
    pub fn div_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*limb);
            *limb = (v / u64::from(d)) as u32;
            rem = v % u64::from(d);
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        rem as u32
    }

    /// The binomial coefficient C(n, k), exactly (0 when k > n).
    pub fn binomial(n: u32, k: u32) -> Self {
        if k > n {
            return Self::zero();
        }
        let k = k.min(n - k);
        let mut c = Self::one();
        for i in 0..k {
            // c * (n - i) / (i + 1) is C(n, i + 1): always an exact division.
            c.mul_small(n - i);
            c.div_small(i + 1);
        }
        c
    }

    /// The value, if it fits in a u64.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(u64::from(self.limbs[0])),
            2 => Some(u64::from(self.limbs[0]) | (u64::from(self.limbs[1]) << 32)),
            _ => None,
        }
    }

    /// True when the value is 1.
    pub fn is_one(&self) -> bool {
        self.to_u64() == Some(1)
    }

    /// Number of decimal digits.
    pub fn digits(&self) -> usize {
        self.to_string().len()
    }
}

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.limbs.is_empty() {
            return f.write_str("0");
        }
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.limbs.is_empty() {
            chunks.push(n.div_small(1_000_000_000));
        }
        let mut text = chunks.last().map(|c| c.to_string()).unwrap_or_default();
        for chunk in chunks.iter().rev().skip(1) {
            text.push_str(&format!("{chunk:09}"));
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::BigCount;

    #[test]
    fn small_binomials_match_pascal() {
        let mut row = vec![1u64];
        for n in 0..60u32 {
            for (k, &expected) in row.iter().enumerate() {
                assert_eq!(
                    BigCount::binomial(n, k as u32).to_u64(),
                    Some(expected),
                    "C({n},{k})"
                );
            }
            let mut next = vec![1u64];
            next.extend(row.windows(2).map(|w| w[0] + w[1]));
            next.push(1);
            row = next;
        }
        assert_eq!(BigCount::binomial(3, 5), BigCount::zero());
    }

    #[test]
    fn large_binomials_print_exactly() {
        // C(100, 50) = 100891344545564193334812497256
        assert_eq!(
            BigCount::binomial(100, 50).to_string(),
            "100891344545564193334812497256"
        );
        assert_eq!(BigCount::binomial(100, 50).to_u64(), None);
        assert_eq!(
            BigCount::from_u64(u64::MAX).to_string(),
            u64::MAX.to_string()
        );
        assert_eq!(BigCount::zero().to_string(), "0");
        assert_eq!(BigCount::binomial(1000, 1).digits(), 4);
    }
}
