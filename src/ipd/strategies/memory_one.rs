//! Memory-one strategies: the move depends only on the last joint outcome
//! (and a first move). Win-Stay Lose-Shift, Win-Shift Lose-Stay, the generic
//! Memory-One player and the rules defined by a four-vector
//! (P(C | CC), P(C | CD), P(C | DC), P(C | DD)).
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/memoryone.py`), including first moves.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Pavlov: cooperates first; keeps its move after a reward (R or T) and
/// switches after a punishment (S or P), i.e. cooperates exactly when both
/// players made the same move last turn (Nowak & Sigmund 1993). As the
/// memory-one vector (1, 0, 0, 1).
#[derive(Clone, Debug, Default)]
pub struct WinStayLoseShift;

impl WinStayLoseShift {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "win-stay-lose-shift",
        name: "Win-Stay Lose-Shift",
        aliases: &["wsls", "pavlov"],
        description: "Cooperates first. After a good outcome (R or T) repeats its last move; \
                      after a bad one (S or P) switches. Equivalently, cooperates exactly when \
                      both players made the same move last turn.",
        source: "Nowak & Sigmund (1993), A strategy of win-stay, lose-shift that outperforms \
                 tit-for-tat in the Prisoner's Dilemma game",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        build: |_| Strategy::WinStayLoseShift(WinStayLoseShift),
    };
}

impl Rule for WinStayLoseShift {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        // Equal last moves (or no moves yet) give 0, i.e. C.
        Action::from_bit(me.recent_bits() ^ them.recent_bits())
    }
}

/// The first move, as a parameter (0 = C, 1 = D).
const fn initial_move(default: Action) -> ParamSpec {
    ParamSpec {
        name: "initial",
        description: "first move: 0 for C, 1 for D",
        default: default as u8 as f64,
        min: 0.0,
        max: 1.0,
        kind: ParamKind::Action,
    }
}

/// Reverse Pavlov: opens with `initial` (D by default), then cooperates
/// exactly when the two players made different moves last turn; the
/// memory-one vector (0, 1, 1, 0) (Li 2011).
#[derive(Clone, Debug)]
pub struct WinShiftLoseStay {
    /// First move.
    pub initial: Action,
}

impl WinShiftLoseStay {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "win-shift-lose-stay",
        name: "Win-Shift Lose-Stay",
        aliases: &["wshls", "reverse-pavlov"],
        description: "Opens with the `initial` move (D by default). After a good outcome (R or \
                      T) switches its move; after a bad one (S or P) repeats it. Equivalently, \
                      cooperates exactly when the two players' last moves differed.",
        source: "Li (2011), How to design a strategy to win an IPD tournament",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[initial_move(D)],
        build: |values| {
            Strategy::WinShiftLoseStay(WinShiftLoseStay {
                initial: Action::from_bit(values[0] as u64),
            })
        },
    };
}

impl Rule for WinShiftLoseStay {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            self.initial
        } else if me.last() == them.last() {
            D
        } else {
            C
        }
    }
}
