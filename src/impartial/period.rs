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
///
/// For each p the least pre-period is `len - p - L(p)`, where L(p) is the
/// longest common suffix of `values` and `values[..len - p]`. Every L(p) comes
/// from one Z-function pass over the reversed sequence, so the search is
/// O(len) time whatever the period (the scan per p it replaces was O(len p):
/// hours for a subtraction set with a move of 10^6).
pub fn find_certified<T: PartialEq>(
    values: &[T],
    needs: impl Fn(u64, u64) -> u64,
) -> Option<Periodicity> {
    let len = values.len();
    if len < 2 || needs(0, 1) > len as u64 {
        return None;
    }
    let z = reversed_z(values);
    for (p, &common) in z.iter().enumerate().skip(1) {
        if needs(0, p as u64) > len as u64 {
            break;
        }
        let common = common as usize;
        let n0 = len - p - common;
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

/// The Z-function of the reversed sequence: `z[p]` = the number of k with
/// `values[len-1-k] == values[len-1-p-k]` for every smaller k (the longest
/// common suffix of `values` and `values[..len - p]`); `z[0] = len`. Stored as
/// u32 (4 bytes a value: the callers' searches stop far below 2^32).
fn reversed_z<T: PartialEq>(values: &[T]) -> Vec<u32> {
    let len = values.len();
    let at = |i: usize| &values[len - 1 - i];
    let mut z = vec![0u32; len];
    z[0] = len as u32;
    let (mut l, mut r) = (0usize, 0usize);
    for i in 1..len {
        let mut k = if i < r {
            (z[i - l] as usize).min(r - i)
        } else {
            0
        };
        while i + k < len && at(k) == at(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > r {
            l = i;
            r = i + k;
        }
    }
    z
}

/// The same search by a direct scan per period (O(len p)): the reference
/// the fast search is tested against.
#[cfg(test)]
fn find_certified_by_scan<T: PartialEq>(
    values: &[T],
    needs: impl Fn(u64, u64) -> u64,
) -> Option<Periodicity> {
    let len = values.len();
    for p in 1..len {
        if needs(0, p as u64) > len as u64 {
            break;
        }
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

    #[test]
    fn fast_search_agrees_with_the_scan() {
        // Pseudo-random sequences over small alphabets, with and without a
        // periodic tail, under both theorems.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for case in 0..400 {
            let len = 2 + (next() % 300) as usize;
            let alphabet = 1 + next() % 4;
            let head = (next() % 40) as usize;
            let period = 1 + (next() % 30) as usize;
            let cycle: Vec<u64> = (0..period).map(|_| next() % alphabet).collect();
            let v: Vec<u64> = (0..len)
                .map(|i| {
                    if i < head {
                        next() % alphabet
                    } else {
                        cycle[(i - head) % period]
                    }
                })
                .collect();
            let m = 1 + next() % 20;
            assert_eq!(
                find_certified(&v, subtraction_needs(m)),
                find_certified_by_scan(&v, subtraction_needs(m)),
                "case {case} subtraction"
            );
            assert_eq!(
                find_certified(&v, octal_needs(m)),
                find_certified_by_scan(&v, octal_needs(m)),
                "case {case} octal"
            );
        }
    }
}
