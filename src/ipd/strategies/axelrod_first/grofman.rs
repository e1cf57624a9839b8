//! Bernard Grofman's first-tournament entry: a memory-one vector.

use crate::ipd::action::Action::C;
use crate::ipd::strategies::Strategy;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::memory_one::MemoryOne;

/// Bernard Grofman's entry (4th in 1980): cooperates after both players did
/// the same, and with probability 2/7 after they differed: the memory-one
/// vector (1, 2/7, 2/7, 1), opening with C.
pub struct FirstByGrofman;

impl FirstByGrofman {
    /// Catalogue entry (built as a [`MemoryOne`]).
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-grofman",
        name: "First by Grofman",
        aliases: &["grofman"],
        description: "Cooperates first and whenever both players made the same move on the \
                      previous turn; when they differed, cooperates with probability 2/7: the \
                      memory-one vector (1, 2/7, 2/7, 1).",
        source: "Axelrod (1980), first tournament entry by Bernard Grofman",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(MemoryOne::new([1.0, 2.0 / 7.0, 2.0 / 7.0, 1.0], C)),
    };
}
