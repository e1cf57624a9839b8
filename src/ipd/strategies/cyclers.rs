//! Cyclers: rules that play a fixed sequence regardless of the opponent.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/alternator.py` and `strategies/cycler.py`).

use crate::ipd::action::Action::{self, C};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates first, then alternates D, C, D, ... by flipping its own last
/// move (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct Alternator;

impl Alternator {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "alternator",
        name: "Alternator",
        aliases: &[],
        description: "Cooperates first, then alternates: plays the opposite of its own previous \
                      move (C, D, C, D, ...).",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        build: |_| Strategy::Alternator(Alternator),
    };
}

impl Rule for Alternator {
    #[inline(always)]
    fn choose(&mut self, me: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        if me.is_empty() {
            C
        } else {
            Action::from_bit(me.recent_bits() ^ 1)
        }
    }
}
