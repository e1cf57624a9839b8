//! The moves of one match packed one bit per turn and player, for writing
//! every action of a tournament (`interactions.csv`) without holding more
//! than a batch of matches in memory.
//!
//! Invariant: bit `t % 64` of word `t / 64` is turn `t`'s action (0 = C,
//! 1 = D); `len` turns are stored for both players. The tournament records
//! moves only when asked, so the match loop stays allocation-free otherwise.

use crate::ipd::action::Action;
use crate::ipd::play::MoveRecorder;

/// Both players' moves of one match, one bit each per turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PackedMoves {
    len: u32,
    bits: [Vec<u64>; 2],
}

impl PackedMoves {
    /// An empty record with room for `turns` turns.
    pub fn with_capacity(turns: u32) -> PackedMoves {
        let words = (turns as usize).div_ceil(64);
        PackedMoves {
            len: 0,
            bits: [Vec::with_capacity(words), Vec::with_capacity(words)],
        }
    }

    /// Turns recorded.
    pub fn len(&self) -> u32 {
        self.len
    }

    /// True when no turn was recorded.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The action of `seat` (0 = first player, 1 = second) on `turn`.
    pub fn action(&self, seat: usize, turn: u32) -> Action {
        let t = turn as usize;
        Action::from_bit(self.bits[seat][t / 64] >> (t % 64))
    }

    /// Appends `seat`'s moves as the letters `C`/`D` to `out`.
    pub fn push_letters(&self, seat: usize, out: &mut Vec<u8>) {
        out.reserve(self.len as usize);
        let mut left = self.len as usize;
        for &word in &self.bits[seat] {
            let take = left.min(64);
            // 'C' + bit ('D' is 'C' + 1).
            out.extend((0..take).map(|k| b'C' + ((word >> k) & 1) as u8));
            left -= take;
        }
    }
}

impl MoveRecorder for PackedMoves {
    #[inline]
    fn record(&mut self, first: Action, second: Action) {
        let t = self.len as usize;
        if t % 64 == 0 {
            self.bits[0].push(0);
            self.bits[1].push(0);
        }
        self.bits[0][t / 64] |= first.bit() << (t % 64);
        self.bits[1][t / 64] |= second.bit() << (t % 64);
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_every_turn_across_word_boundaries() {
        let mut moves = PackedMoves::with_capacity(130);
        let pattern = |t: u32| Action::from_bit(((t * 7) % 3 == 0) as u64);
        for t in 0..130 {
            moves.record(pattern(t), pattern(t + 1));
        }
        assert_eq!(moves.len(), 130);
        for t in 0..130 {
            assert_eq!(moves.action(0, t), pattern(t), "turn {t}");
            assert_eq!(moves.action(1, t), pattern(t + 1), "turn {t}");
        }
        let mut letters = Vec::new();
        moves.push_letters(1, &mut letters);
        let expected: String = (0..130).map(|t| pattern(t + 1).letter()).collect();
        assert_eq!(String::from_utf8(letters).unwrap(), expected);
    }
}
