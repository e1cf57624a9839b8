//! One finished match as a tournament hands it over: who played (by
//! index), which repetition, and its [`MatchOutcome`]. Its own file so that
//! the tournament (which plays matches) and the results (which fold them)
//! both use it without importing each other.

use crate::ipd::outcome::MatchOutcome;

/// One finished match, handed to the caller in a fixed order.
#[derive(Clone, Copy, Debug)]
pub struct MatchRecord {
    /// Index of the player in the first seat.
    pub first: usize,
    /// Index of the player in the second seat (>= `first` in a round
    /// robin; an edge may seat the higher index first).
    pub second: usize,
    /// Repetition number, from 0.
    pub repetition: u32,
    /// What happened.
    pub outcome: MatchOutcome,
}
