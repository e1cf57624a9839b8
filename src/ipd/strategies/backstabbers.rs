//! The backstabbers (Thomas Campbell): rules that forgive the opponent's
//! first three defections, defect for ever after the fourth, and defect on
//! the last two turns of a match of known length.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/backstabber.py`). Both carry the library's
//! `FinalTransformer((D, D))`, which shows in their names ("BackStabber:
//! (D, D)") and is the same final-moves rule as the first tournament's
//! entries ([`defect_on_last_two`]): it applies only when the length is
//! known (never under a random horizon).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::axelrod_first::{FINAL_DD, defect_on_last_two};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// BackStabber's rule before the final moves: C until the opponent has
/// defected four times, then D.
#[inline(always)]
fn backstab(them: &History) -> Action {
    if them.defections() > 3 { D } else { C }
}

/// Cooperates until the opponent's fourth defection, then defects for
/// ever; defects on the last two turns when the length is known.
#[derive(Clone, Debug, Default)]
pub struct BackStabber;

impl BackStabber {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "backstabber",
        name: "BackStabber",
        aliases: &[],
        description: "Forgives the opponent's first three defections and defects for the rest \
                      of the match after the fourth. Defects on the last two turns when the \
                      length is known.",
        source: "Thomas Campbell, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: true,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| format!("BackStabber{FINAL_DD}")),
        build: |_| Strategy::from(BackStabber),
    };
}

impl Rule for BackStabber {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        defect_on_last_two(backstab(them), me.len(), context)
    }
}

/// BackStabber that, against an opponent that cooperated on all of the
/// first 7 turns, plays on turns 8 to 180 as Tit For Two Tats (D only after
/// two opponent defections in a row); otherwise, and outside those turns, it
/// plays BackStabber. It defects on the last two turns when the length is
/// known. Whether the opponent defected in its first 7 moves is remembered
/// as a flag, so turns beyond the 64-move window need nothing more.
#[derive(Clone, Debug, Default)]
pub struct DoubleCrosser {
    /// The opponent defected on one of the first 7 turns.
    defected_early: bool,
}

impl DoubleCrosser {
    /// Turns at the start whose defections rule out the alternative play.
    const WATCHED: u32 = 7;
    /// The last turn (1-based) of the alternative play.
    const LAST_ALTERNATIVE_TURN: u32 = 180;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "double-crosser",
        name: "DoubleCrosser",
        aliases: &[],
        description: "BackStabber with a soft middle: if the opponent cooperated on each of the \
                      first 7 turns, on turns 8 to 180 it defects only after two opponent \
                      defections in a row. Otherwise it forgives the opponent's first three \
                      defections and defects for ever after the fourth. Defects on the last \
                      two turns when the length is known.",
        source: "Thomas Campbell, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: true,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| format!("DoubleCrosser{FINAL_DD}")),
        build: |_| Strategy::from(DoubleCrosser::default()),
    };
}

impl Rule for DoubleCrosser {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.len() <= Self::WATCHED && them.last() == Some(D) {
            self.defected_early = true;
        }
        let turn = them.len() + 1;
        let proposed = if !self.defected_early
            && turn > Self::WATCHED
            && turn <= Self::LAST_ALTERNATIVE_TURN
        {
            if them.recent_bits() & 0b11 == 0b11 {
                D
            } else {
                C
            }
        } else {
            backstab(them)
        };
        defect_on_last_two(proposed, me.len(), context)
    }
}

family! {
    "Backstabbers";
    BackStabber => [BackStabber::INFO],
    DoubleCrosser => [DoubleCrosser::INFO],
}
