//! Eventual periodicity, detected and *proven*.
//!
//! Given values g(0..len), [`find_certified`] finds the least period p and,
//! for it, the least pre-period n0 such that g(n + p) = g(n) for every n with
//! n0 <= n < len - p, and accepts it only if the caller's theorem says the
//! checked range is long enough to imply g(n + p) = g(n) for *all* n >= n0:
//!
//! * Subtraction games with finite S, m = max S ([`subtraction_needs`]):
//!   g(n) depends only on g(n - s), s in S, i.e. on the m values before n.
//!   So if g(n + p) = g(n) for m consecutive n = n0 .. n0 + m - 1, induction
//!   on n gives g(n + p) = mex{g(n + p - s)} = mex{g(n - s)} = g(n) for every
//!   n >= n0 + m (all n - s >= n0). Values needed: n0 + p + m.
//! * Octal games, t = the largest number of tokens a move may remove
//!   ([`octal_needs`]); Guy and Smith (1956), "The G-values of various games",
//!   Proc. Cambridge Philos. Soc. 52; Winning Ways ch. 4; Siegel,
//!   Combinatorial Game Theory (2013) Thm IV.2.7: if g(n + p) = g(n) for all
//!   n0 <= n < 2 n0 + p + t + 2, then for all n >= n0. Values needed:
//!   2 n0 + 2p + t + 2.
//!
//! Invariant: a returned [`Periodicity`] is a theorem about the infinite
//! sequence, not a pattern in a sample.

use serde::Serialize;

/// A proven eventual period.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The least n0 with g(n + p) = g(n) for all n >= n0.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
    /// How many values were computed to prove it.
    pub checked: u64,
}

impl Periodicity {
    /// The index whose value equals g(n), within 0 .. preperiod + period.
    pub fn reduce(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// Values a subtraction game with largest take `m` needs to certify (n0, p).
pub fn subtraction_needs(m: u64) -> impl Fn(u64, u64) -> u64 {
    move |n0, p| n0 + p + m
}

/// Values an octal game with largest take `t` needs to certify (n0, p).
pub fn octal_needs(t: u64) -> impl Fn(u64, u64) -> u64 {
    move |n0, p| 2 * n0 + 2 * p + t + 2
}

/// The least period (and its least pre-period) that `values` certify under
/// `needs(n0, p)` = the number of values the theorem requires.
pub fn find_certified<T: PartialEq>(
    values: &[T],
    needs: impl Fn(u64, u64) -> u64,
) -> Option<Periodicity> {
    let len = values.len();
    for p in 1..len {
        if needs(0, p as u64) > len as u64 {
            break;
        }
        // Last index i (from the end) with g(i) != g(i - p).
        let mut n0 = 0;
        let mut i = len;
        while i > p {
            i -= 1;
            if values[i] != values[i - p] {
                n0 = i - p + 1;
                break;
            }
        }
        if needs(n0 as u64, p as u64) <= len as u64 {
            return Some(Periodicity {
                preperiod: n0 as u64,
                period: p as u64,
                checked: len as u64,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_least_period_and_preperiod() {
        let v: Vec<u8> = [9, 9, 9]
            .iter()
            .chain([1, 2, 3].iter().cycle().take(60))
            .copied()
            .collect();
        let p = find_certified(&v, subtraction_needs(3)).unwrap();
        assert_eq!((p.preperiod, p.period), (3, 3));
        assert_eq!(v[p.reduce(1000) as usize], v[3 + (1000 - 3) % 3]);
    }

    #[test]
    fn too_short_is_not_certified() {
        let v: Vec<u8> = [1, 2].iter().cycle().take(10).copied().collect();
        assert!(find_certified(&v, octal_needs(100)).is_none());
    }
}
