//! The two moves of the prisoner's dilemma.
//!
//! An [`Action`] is one bit: `C` is 0 and `D` is 1, so a joint outcome of two
//! players is a two-bit index (`CC = 0, CD = 1, DC = 2, DD = 3`, the first
//! letter being the player whose point of view is taken).

use std::fmt;

/// A move: cooperate or defect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Action {
    /// Cooperate (stay silent).
    C = 0,
    /// Defect (confess).
    D = 1,
}

impl Action {
    /// The action encoded by the lowest bit of `bit` (0 = C, 1 = D).
    #[inline(always)]
    pub fn from_bit(bit: u64) -> Action {
        if bit & 1 == 0 { Action::C } else { Action::D }
    }

    /// 0 for C, 1 for D.
    #[inline(always)]
    pub fn bit(self) -> u64 {
        self as u64
    }

    /// The other action.
    #[inline(always)]
    pub fn flip(self) -> Action {
        Action::from_bit(self.bit() ^ 1)
    }

    /// `'C'` or `'D'`.
    pub fn letter(self) -> char {
        match self {
            Action::C => 'C',
            Action::D => 'D',
        }
    }

    /// Parses `'C'`/`'D'` (either case).
    pub fn from_letter(letter: char) -> Option<Action> {
        match letter {
            'C' | 'c' => Some(Action::C),
            'D' | 'd' => Some(Action::D),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Index of the joint outcome `(mine, theirs)`: CC = 0, CD = 1, DC = 2, DD = 3.
#[inline(always)]
pub fn state_index(mine: Action, theirs: Action) -> usize {
    ((mine.bit() << 1) | theirs.bit()) as usize
}

/// The same joint outcome seen from the other player: CD and DC swap.
#[inline(always)]
pub fn swap_state(state: usize) -> usize {
    ((state & 1) << 1) | (state >> 1)
}

/// Names of the joint outcomes, in index order.
pub const STATE_NAMES: [&str; 4] = ["CC", "CD", "DC", "DD"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_indices_follow_my_move_first() {
        assert_eq!(state_index(Action::C, Action::C), 0);
        assert_eq!(state_index(Action::C, Action::D), 1);
        assert_eq!(state_index(Action::D, Action::C), 2);
        assert_eq!(state_index(Action::D, Action::D), 3);
    }

    #[test]
    fn swapping_views_exchanges_cd_and_dc() {
        assert_eq!(swap_state(0), 0);
        assert_eq!(swap_state(1), 2);
        assert_eq!(swap_state(2), 1);
        assert_eq!(swap_state(3), 3);
    }

    #[test]
    fn letters_round_trip() {
        for a in [Action::C, Action::D] {
            assert_eq!(Action::from_letter(a.letter()), Some(a));
            assert_eq!(a.flip().flip(), a);
            assert_ne!(a.flip(), a);
        }
        assert_eq!(Action::from_letter('x'), None);
    }
}
