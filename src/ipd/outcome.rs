//! The result of one match, kept as a handful of counters.
//!
//! A [`MatchOutcome`] does not store the moves. It counts how often each
//! joint state occurred after each joint state, which is enough to rebuild
//! both scores, both cooperation counts, the state distribution and the
//! "cooperate after CC/CD/DC/DD" rates the axelrod summary reports. Its size
//! is constant, so a tournament's memory does not grow with the turns.

use crate::ipd::action::{Action, state_index, swap_state};
use crate::ipd::payoffs::Payoffs;

/// Counters describing a whole match, from player 1's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    /// Number of turns played.
    pub length: u32,
    /// Both players' first moves.
    pub first_moves: [Action; 2],
    /// Joint state of the first turn (player 1's view: CC, CD, DC, DD).
    pub first_state: u8,
    /// `transitions[a][b]`: turns in state `b` whose previous turn was in
    /// state `a` (player 1's view).
    pub transitions: [[u32; 4]; 4],
}

impl MatchOutcome {
    /// The counters of a match given as its two move lists (the shorter list
    /// sets the length). Used to aggregate matches played elsewhere, such as
    /// the axelrod library's recorded interactions.
    pub fn from_moves(first: &[Action], second: &[Action]) -> MatchOutcome {
        let length = first.len().min(second.len());
        let mut outcome = MatchOutcome {
            length: length as u32,
            first_moves: [Action::C, Action::C],
            first_state: 0,
            transitions: [[0; 4]; 4],
        };
        if length == 0 {
            return outcome;
        }
        outcome.first_moves = [first[0], second[0]];
        outcome.first_state = state_index(first[0], second[0]) as u8;
        let mut previous = outcome.first_state as usize;
        for (&a, &b) in first.iter().zip(second).take(length).skip(1) {
            let state = state_index(a, b);
            outcome.transitions[previous][state] += 1;
            previous = state;
        }
        outcome
    }

    /// How many turns ended in each joint state (player 1's view).
    pub fn state_counts(&self) -> [u32; 4] {
        let mut counts = [0u32; 4];
        for row in &self.transitions {
            for (count, &n) in counts.iter_mut().zip(row) {
                *count += n;
            }
        }
        if self.length > 0 {
            counts[self.first_state as usize] += 1;
        }
        counts
    }

    /// The same match seen from player 2: the seats swap.
    pub fn swapped(&self) -> MatchOutcome {
        let mut transitions = [[0u32; 4]; 4];
        for (from, row) in self.transitions.iter().enumerate() {
            for (to, &n) in row.iter().enumerate() {
                transitions[swap_state(from)][swap_state(to)] = n;
            }
        }
        MatchOutcome {
            length: self.length,
            first_moves: [self.first_moves[1], self.first_moves[0]],
            first_state: swap_state(self.first_state as usize) as u8,
            transitions,
        }
    }

    /// Total scores of player 1 and player 2.
    pub fn scores(&self, payoffs: &Payoffs) -> [f64; 2] {
        [
            payoffs.total(&self.state_counts()),
            payoffs.total(&self.swapped().state_counts()),
        ]
    }

    /// Number of C moves of player 1 and player 2.
    pub fn cooperations(&self) -> [u32; 2] {
        let [cc, cd, dc, _] = self.state_counts();
        [cc + cd, cc + dc]
    }

    /// For player 1: how many turns followed each state (`.0`) and on how many
    /// of them player 1 then cooperated (`.1`), per state CC, CD, DC, DD.
    pub fn cooperation_after_states(&self) -> ([u32; 4], [u32; 4]) {
        let mut followed = [0u32; 4];
        let mut cooperated = [0u32; 4];
        for (from, row) in self.transitions.iter().enumerate() {
            followed[from] = row.iter().sum();
            // Player 1 cooperated in CC (0) and CD (1).
            cooperated[from] = row[0] + row[1];
        }
        (followed, cooperated)
    }

    /// 1 when player 1 won (strictly more points), -1 when player 2 did, 0 on
    /// a tie.
    pub fn winner(&self, payoffs: &Payoffs) -> i8 {
        let [a, b] = self.scores(payoffs);
        if a > b {
            1
        } else if b > a {
            -1
        } else {
            0
        }
    }
}
