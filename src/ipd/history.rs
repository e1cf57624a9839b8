//! What a player has done so far in a match, kept as running counters.
//!
//! The match loop must not allocate, so instead of a growing list of moves a
//! [`History`] keeps the last 64 moves as bits (bit 0 = the latest move,
//! 1 = D), the number of turns played and the number of defections. Strategies
//! that need more than that keep their own state.

use crate::ipd::action::Action;

/// One player's moves so far in the current match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History {
    recent: u64,
    turns: u32,
    defections: u32,
}

impl History {
    /// An empty history.
    pub const fn new() -> History {
        History {
            recent: 0,
            turns: 0,
            defections: 0,
        }
    }

    /// Appends a move.
    #[inline(always)]
    pub fn push(&mut self, action: Action) {
        self.recent = (self.recent << 1) | action.bit();
        self.turns += 1;
        self.defections += action.bit() as u32;
    }

    /// Number of moves played.
    #[inline(always)]
    pub fn len(&self) -> u32 {
        self.turns
    }

    /// True before the first move.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.turns == 0
    }

    /// The latest move, if any.
    #[inline(always)]
    pub fn last(&self) -> Option<Action> {
        (self.turns > 0).then(|| Action::from_bit(self.recent))
    }

    /// The move played `back` turns ago (0 = the latest), if it is within
    /// both the history and the 64-move window.
    #[inline]
    pub fn ago(&self, back: u32) -> Option<Action> {
        (back < self.turns && back < 64).then(|| Action::from_bit(self.recent >> back))
    }

    /// The last 64 moves as bits, bit 0 the latest, 1 meaning D. Bits before
    /// the first move are 0 (C).
    #[inline(always)]
    pub fn recent_bits(&self) -> u64 {
        self.recent
    }

    /// Number of D moves so far.
    #[inline(always)]
    pub fn defections(&self) -> u32 {
        self.defections
    }

    /// Number of C moves so far.
    #[inline(always)]
    pub fn cooperations(&self) -> u32 {
        self.turns - self.defections
    }

    /// The same turns with every move flipped (C <-> D), as axelrod's
    /// `History.flip_plays` gives the dual transformer. Bits before the first
    /// move stay 0.
    #[inline]
    pub fn flipped(&self) -> History {
        let mask = if self.turns >= 64 {
            u64::MAX
        } else {
            (1u64 << self.turns) - 1
        };
        History {
            recent: self.recent ^ mask,
            turns: self.turns,
            defections: self.turns - self.defections,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Action::{C, D};

    #[test]
    fn keeps_counts_and_recent_moves() {
        let mut h = History::new();
        assert!(h.is_empty());
        assert_eq!(h.last(), None);
        for a in [C, D, D, C, D] {
            h.push(a);
        }
        assert_eq!(h.len(), 5);
        assert_eq!(h.defections(), 3);
        assert_eq!(h.cooperations(), 2);
        assert_eq!(h.last(), Some(D));
        assert_eq!(h.ago(1), Some(C));
        assert_eq!(h.ago(4), Some(C));
        assert_eq!(h.ago(3), Some(D));
        assert_eq!(h.ago(5), None);
        assert_eq!(h.recent_bits() & 0b11111, 0b01101);
        let f = h.flipped();
        assert_eq!(f.len(), 5);
        assert_eq!(f.defections(), 2);
        assert_eq!(f.recent_bits(), 0b10010);
        assert_eq!(f.flipped(), h);
    }
}
