//! Gradual Killer (PRISON project, 1998): an entry designed to stop Gradual
//! from beating Tit For Tat in a three-player tournament.
//!
//! The rule follows the axelrod library's implementation (4.14,
//! `strategies/gradualkiller.py`): the opening is the library's
//! `InitialTransformer((D, D, D, D, D, C, C))`, which shows in its name
//! ("Gradual Killer: (D, D, D, D, D, C, C)").

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Plays D, D, D, D, D, C, C; then defects for ever if the opponent
/// defected on both turns 6 and 7, and cooperates for ever otherwise. The
/// verdict is taken once, on turn 8, from the 64-move window.
#[derive(Clone, Debug, Default)]
pub struct GradualKiller {
    /// Decided on turn 8: the opponent defected on turns 6 and 7.
    kill: Option<bool>,
}

impl GradualKiller {
    const OPENING: [Action; 7] = [D, D, D, D, D, C, C];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "gradual-killer",
        name: "Gradual Killer",
        aliases: &[],
        description: "Defects on the first five turns and cooperates on the next two; then \
                      defects for the rest of the match if the opponent defected on both turns 6 \
                      and 7, and cooperates for the rest of the match otherwise.",
        source: "PRISON project (1998), Gradual Killer",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| "Gradual Killer: (D, D, D, D, D, C, C)".to_string()),
        build: |_| Strategy::from(GradualKiller::default()),
    };
}

impl Rule for GradualKiller {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len() as usize;
        if turn < Self::OPENING.len() {
            return Self::OPENING[turn];
        }
        // On turn 8 the opponent's turns 6 and 7 are its last two moves.
        let kill = *self
            .kill
            .get_or_insert_with(|| them.recent_bits() & 0b11 == 0b11);
        if kill { D } else { C }
    }
}

family! {
    "Gradual Killer";
    GradualKiller => [GradualKiller::INFO],
}
