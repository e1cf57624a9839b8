//! Memory-one strategies: the move depends only on the last joint outcome
//! (and a first move). Win-Stay Lose-Shift, Win-Shift Lose-Stay, the generic
//! Memory-One player and the rules defined by a four-vector
//! (P(C | CC), P(C | CD), P(C | DC), P(C | DD)).
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/memoryone.py`), including first moves.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::action::state_index;
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::{
    ParamKind, ParamSpec, StrategyInfo, python_float, python_round,
};
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
        display_name: None,
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
        display_name: None,
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

/// A probability parameter.
const fn probability(name: &'static str, description: &'static str, default: f64) -> ParamSpec {
    ParamSpec {
        name,
        description,
        default,
        min: 0.0,
        max: 1.0,
        kind: ParamKind::Real,
    }
}

/// Where the four probabilities come from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Vector {
    /// Fixed (P(C | CC), P(C | CD), P(C | DC), P(C | DD)), own move first.
    Fixed([f64; 4]),
    /// Generous Tit For Tat with its generosity computed from the payoffs
    /// of the match: (1, g, 1, g), g = min(1 - (T - R)/(R - S), (R - P)/(T - P))
    /// (Nowak & Sigmund 1992).
    GenerousFromPayoffs,
}

/// A memory-one player: opens with `initial`, then cooperates with the
/// probability its vector gives for the last joint outcome (Nowak & Sigmund
/// 1990). Probabilities of exactly 0 or 1 decide without a random draw, so a
/// vector of 0s and 1s is deterministic and draws nothing.
#[derive(Clone, Debug)]
pub struct MemoryOne {
    /// The four probabilities.
    pub vector: Vector,
    /// First move.
    pub initial: Action,
    /// The vector in use this match (resolved on the first move).
    resolved: [f64; 4],
}

impl MemoryOne {
    /// A memory-one player with a fixed vector.
    pub fn new(vector: [f64; 4], initial: Action) -> MemoryOne {
        MemoryOne {
            vector: Vector::Fixed(vector),
            initial,
            resolved: vector,
        }
    }

    /// The generosity of Generous Tit For Tat under `payoffs`:
    /// min(1 - (T - R)/(R - S), (R - P)/(T - P)), computed in the same
    /// order of operations as the axelrod library.
    pub fn generosity(payoffs: &Payoffs) -> f64 {
        let Payoffs { r, s, t, p } = *payoffs;
        (1.0 - (t - r) / (r - s)).min((r - p) / (t - p))
    }

    /// The vector used under `payoffs`.
    pub fn vector_for(&self, payoffs: &Payoffs) -> [f64; 4] {
        match self.vector {
            Vector::Fixed(v) => v,
            Vector::GenerousFromPayoffs => {
                let g = Self::generosity(payoffs);
                [1.0, g, 1.0, g]
            }
        }
    }

    /// Catalogue entry of the generic player.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "memory-one",
        name: "Generic Memory One Player",
        aliases: &["memory-one-player"],
        description: "Opens with the `initial` move, then cooperates with probability p_cc, \
                      p_cd, p_dc or p_dd after the outcomes CC, CD, DC, DD of the last turn \
                      (own move first). The default (1, 0, 0, 1) is Win-Stay Lose-Shift.",
        source: "Nowak & Sigmund (1990), The evolution of stochastic strategies in the \
                 Prisoner's Dilemma",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        params: &[
            probability("p_cc", "probability of C after CC (own move first)", 1.0),
            probability("p_cd", "probability of C after CD (own move first)", 0.0),
            probability("p_dc", "probability of C after DC (own move first)", 0.0),
            probability("p_dd", "probability of C after DD (own move first)", 1.0),
            initial_move(C),
        ],
        display_name: Some(|v| {
            format!(
                "Generic Memory One Player: ({}, {}, {}, {}), {}",
                python_float(v[0]),
                python_float(v[1]),
                python_float(v[2]),
                python_float(v[3]),
                ParamKind::Action.show(v[4])
            )
        }),
        build: |v| {
            Strategy::MemoryOne(MemoryOne::new(
                [v[0], v[1], v[2], v[3]],
                Action::from_bit(v[4] as u64),
            ))
        },
    };

    /// Catalogue entry of Generous Tit For Tat.
    pub const INFO_GTFT: StrategyInfo = StrategyInfo {
        id: "gtft",
        name: "GTFT",
        aliases: &["generous-tit-for-tat"],
        description: "Generous Tit For Tat: cooperates first and after the opponent cooperated; \
                      after a defection forgives (cooperates) with probability \
                      g = min(1 - (T - R)/(R - S), (R - P)/(T - P)), computed from the match's \
                      payoffs (1/3 for the standard ones).",
        source: "Nowak & Sigmund (1992), Tit for tat in heterogeneous populations",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        params: &[],
        display_name: Some(|_| {
            let g = MemoryOne::generosity(&Payoffs::STANDARD);
            format!("GTFT: {}", python_float(python_round(g, 2)))
        }),
        build: |_| {
            Strategy::MemoryOne(MemoryOne {
                vector: Vector::GenerousFromPayoffs,
                initial: C,
                resolved: [1.0; 4],
            })
        },
    };

    /// Catalogue entry of Firm But Fair.
    pub const INFO_FIRM_BUT_FAIR: StrategyInfo = StrategyInfo {
        id: "firm-but-fair",
        name: "Firm But Fair",
        aliases: &[],
        description: "Cooperates first and after CC and DC; after being suckered (CD) defects; \
                      after mutual defection cooperates with probability 2/3: the memory-one \
                      vector (1, 0, 1, 2/3).",
        source: "Frean (1994), The Prisoner's Dilemma without Synchrony",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::MemoryOne(MemoryOne::new([1.0, 0.0, 1.0, 2.0 / 3.0], C)),
    };

    /// Catalogue entry of Stochastic Cooperator.
    pub const INFO_STOCHASTIC_COOPERATOR: StrategyInfo = StrategyInfo {
        id: "stochastic-cooperator",
        name: "Stochastic Cooperator",
        aliases: &[],
        description: "Cooperates first, then follows the memory-one vector \
                      (0.935, 0.229, 0.266, 0.42).",
        source: "Adami & Hintze (2013), Evolutionary instability of zero-determinant \
                 strategies demonstrates that winning is not everything",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        params: &[],
        display_name: None,
        build: |_| Strategy::MemoryOne(MemoryOne::new([0.935, 0.229, 0.266, 0.42], C)),
    };

    /// Catalogue entry of Stochastic WSLS.
    pub const INFO_STOCHASTIC_WSLS: StrategyInfo = StrategyInfo {
        id: "stochastic-wsls",
        name: "Stochastic WSLS",
        aliases: &[],
        description: "Win-Stay Lose-Shift that errs with probability ep: cooperates first, \
                      then follows the memory-one vector (1 - ep, ep, ep, 1 - ep).",
        source: "Marc Harper, the axelrod library",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        params: &[probability(
            "ep",
            "probability of not doing what WSLS would",
            0.05,
        )],
        display_name: None,
        build: |v| Strategy::MemoryOne(MemoryOne::new([1.0 - v[0], v[0], v[0], 1.0 - v[0]], C)),
    };

    /// Catalogue entry of Soft Joss.
    pub const INFO_SOFT_JOSS: StrategyInfo = StrategyInfo {
        id: "soft-joss",
        name: "Soft Joss",
        aliases: &[],
        description: "Cooperates first and after the opponent cooperated; after a defection \
                      defects with probability q: the memory-one vector (1, 1 - q, 1, 1 - q).",
        source: "Prison project (1998), Soft Joss",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        params: &[probability(
            "q",
            "probability of answering a defection with D",
            0.9,
        )],
        display_name: Some(|v| format!("Soft Joss: {}", python_float(python_round(v[0], 2)))),
        build: |v| Strategy::MemoryOne(MemoryOne::new([1.0, 1.0 - v[0], 1.0, 1.0 - v[0]], C)),
    };
}

impl Rule for MemoryOne {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match (me.last(), them.last()) {
            (Some(mine), Some(theirs)) => {
                random_choice(rng, self.resolved[state_index(mine, theirs)])
            }
            _ => {
                self.resolved = self.vector_for(&context.payoffs);
                self.initial
            }
        }
    }

    fn is_stochastic(&self) -> bool {
        match self.vector {
            Vector::Fixed(v) => v.iter().any(|&p| p > 0.0 && p < 1.0),
            Vector::GenerousFromPayoffs => true,
        }
    }
}
