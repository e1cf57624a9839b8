//! The minimum excludant: the least non-negative integer not in a set.
//! Invariant: `mex` of any finite collection is at most its length.

/// The least non-negative integer not among `values`.
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut seen: Vec<bool> = Vec::new();
    for v in values {
        // Values above the count can never be the mex; skip them cheaply.
        let v = v as usize;
        if v >= seen.len() {
            if v > 1 << 20 {
                continue;
            }
            seen.resize(v + 1, false);
        }
        seen[v] = true;
    }
    seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64
}

/// A reusable mex scratchpad for hot loops: marks are stamped with a round
/// number, so clearing is O(1).
#[derive(Clone, Debug, Default)]
pub struct MexScratch {
    stamp: Vec<u32>,
    round: u32,
}

impl MexScratch {
    /// Starts a new set (forgets every mark).
    pub fn clear(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.round = 1;
        }
    }

    /// Adds a value to the current set.
    #[inline]
    pub fn mark(&mut self, v: u64) {
        let v = v as usize;
        if v >= self.stamp.len() {
            self.stamp.resize((v + 1).next_power_of_two(), 0);
        }
        self.stamp[v] = self.round;
    }

    /// Whether `v` is in the current set.
    #[inline]
    pub fn contains(&self, v: u64) -> bool {
        (v as usize) < self.stamp.len() && self.stamp[v as usize] == self.round
    }

    /// The mex of the current set.
    pub fn mex(&self) -> u64 {
        let mut v = 0;
        while self.contains(v) {
            v += 1;
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_examples() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 2, 1, 5]), 3);
        assert_eq!(mex([0, 0, 1]), 2);
        let mut s = MexScratch::default();
        s.clear();
        s.mark(0);
        s.mark(1);
        assert_eq!(s.mex(), 2);
        s.clear();
        assert_eq!(s.mex(), 0);
    }
}
