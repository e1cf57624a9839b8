//! Johann Joss's first-tournament entry: a memory-one vector.

use crate::ipd::action::Action::C;
use crate::ipd::strategies::Strategy;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::memory_one::MemoryOne;

/// Johann Joss's entry: Tit For Tat that defects instead of cooperating
/// with probability 1 - p: the memory-one vector (p, 0, p, 0).
pub struct FirstByJoss;

impl FirstByJoss {
    /// Catalogue entry (built as a [`MemoryOne`]).
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-joss",
        name: "First by Joss",
        aliases: &["joss"],
        description: "Cooperates first; afterwards copies a defection and answers a \
                      cooperation with C only with probability p (0.9), else D: the memory-one \
                      vector (p, 0, p, 0).",
        source: "Axelrod (1980), first tournament entry by Johann Joss",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "p",
            description: "probability of cooperating after the opponent cooperated",
            default: 0.9,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| Strategy::from(MemoryOne::new([v[0], 0.0, v[0], 0.0], C)),
    };
}
