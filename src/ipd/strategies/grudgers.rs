//! The grudgers: rules that punish a defection for a long time or forever.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/grudger.py`), including first moves; sources are cited per
//! rule. Counters come from [`History`], so no rule needs more than its own
//! small state.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates until the opponent defects once, then defects forever
/// (Friedman 1971).
#[derive(Clone, Debug, Default)]
pub struct Grudger;

impl Grudger {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "grudger",
        name: "Grudger",
        aliases: &["grim-trigger", "friedman"],
        description: "Cooperates until the opponent defects once, then defects for the rest of \
                      the match (the grim trigger).",
        source: "Axelrod (1980), first tournament entry by James W. Friedman",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        build: |_| Strategy::Grudger(Grudger),
    };
}

impl Rule for Grudger {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.defections() > 0 { D } else { C }
    }
}
