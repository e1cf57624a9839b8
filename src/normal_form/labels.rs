//! Sets of small integers as bitsets: the label sets of polytope vertices
//! and the bases of a tableau, compact enough to hash by the million.
//!
//! Invariant: bits at or above the set's capacity are always zero, so
//! equal sets have equal words (derived `Eq` and `Hash` are set equality).

/// A set of integers below a fixed capacity.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Labels(Box<[u64]>);

impl Labels {
    /// The empty set with room for `0..capacity`.
    pub fn empty(capacity: usize) -> Labels {
        Labels(vec![0; capacity.div_ceil(64).max(1)].into_boxed_slice())
    }

    /// The full set `0..capacity`.
    pub fn full(capacity: usize) -> Labels {
        let mut s = Labels::empty(capacity);
        for i in 0..capacity {
            s.insert(i);
        }
        s
    }

    /// Adds `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Whether `i` is in the set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether every element of `self` is in `o` (same capacity).
    pub fn is_subset(&self, o: &Labels) -> bool {
        self.0.iter().zip(o.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// `full \ self` (same capacity as `full`).
    pub fn complement_in(&self, full: &Labels) -> Labels {
        Labels(
            self.0
                .iter()
                .zip(full.0.iter())
                .map(|(a, f)| f & !a)
                .collect(),
        )
    }

    /// The elements, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            (0..64)
                .filter(move |b| bits >> b & 1 == 1)
                .map(move |b| w * 64 + b)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut a = Labels::empty(70);
        a.insert(3);
        a.insert(69);
        assert!(a.contains(69) && !a.contains(4));
        assert_eq!(a.len(), 2);
        let full = Labels::full(70);
        let c = a.complement_in(&full);
        assert_eq!(c.len(), 68);
        assert!(!a.is_subset(&c));
        assert!(a.is_subset(&full));
        a.remove(3);
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![69]);
    }
}
