//! Memory-one strategies: the move depends only on the last joint outcome
//! (and a first move). Win-Stay Lose-Shift, Win-Shift Lose-Stay, the generic
//! Memory-One player and the rules defined by a four-vector
//! (P(C | CC), P(C | CD), P(C | DC), P(C | DD)).
//! The zero-determinant entries, also [`MemoryOne`] players, are their own
//! family (`zero_determinant.rs`).
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
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(WinStayLoseShift),
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

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([1.0, 0.0, 0.0, 1.0])
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
        long_run_time: false,
        game_display_name: None,
        params: &[initial_move(D)],
        display_name: None,
        build: |values| {
            Strategy::from(WinShiftLoseStay {
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

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([0.0, 1.0, 1.0, 0.0])
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
    /// A zero-determinant strategy enforcing the linear relation
    /// s (S_X - l) = S_Y - l between the players' long-run scores, with scale
    /// phi (Press & Dyson 2012; Stewart & Plotkin 2012). The vector is
    /// built from the match's payoffs as the axelrod library builds it
    /// (`LRPlayer.receive_match_attributes`):
    /// p1 = 1 - phi (1 - s)(R - l), p2 = 1 - phi (s (l - S) + (T - l)),
    /// p3 = phi ((l - S) + s (T - l)), p4 = phi (1 - s)(l - P).
    /// When the relation is infeasible for the game (l outside [P, R], or
    /// s outside [s_min, 1]) the library refuses to play; here the
    /// probabilities are clamped to [0, 1].
    Linear {
        /// Scale.
        phi: f64,
        /// Slope.
        s: f64,
        /// Baseline score.
        l: Baseline,
    },
}

/// The baseline `l` of a zero-determinant relation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Baseline {
    /// A fixed number.
    Value(f64),
    /// The punishment payoff P of the match (extortionate strategies).
    Punishment,
    /// The reward payoff R of the match (generous strategies).
    Reward,
}

/// A memory-one player: opens with `initial`, then cooperates with the
/// probability its vector gives for the last joint outcome (Nowak & Sigmund
/// 1990). Probabilities of exactly 0 or 1 decide without a random draw, so a
/// vector of 0s and 1s is deterministic and draws nothing.
#[derive(Clone, Debug)]
pub struct MemoryOne {
    /// The four probabilities.
    pub vector: Vector,
    /// Probability of cooperating on the first move (1 = C, 0 = D).
    pub initial: f64,
    /// The vector in use this match (resolved on the first move).
    resolved: [f64; 4],
}

impl MemoryOne {
    /// A memory-one player with a fixed vector.
    pub fn new(vector: [f64; 4], initial: Action) -> MemoryOne {
        MemoryOne {
            vector: Vector::Fixed(vector),
            initial: if initial == C { 1.0 } else { 0.0 },
            resolved: vector,
        }
    }

    /// A memory-one player whose first move is C with probability 1/2.
    fn random_start(vector: [f64; 4]) -> Strategy {
        Strategy::from(MemoryOne {
            vector: Vector::Fixed(vector),
            initial: 0.5,
            resolved: vector,
        })
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
            Vector::Linear { phi, s, l } => {
                let Payoffs {
                    r: rr,
                    s: ss,
                    t: tt,
                    p: pp,
                } = *payoffs;
                let l = match l {
                    Baseline::Value(v) => v,
                    Baseline::Punishment => pp,
                    Baseline::Reward => rr,
                };
                let p1 = 1.0 - phi * (1.0 - s) * (rr - l);
                let p2 = 1.0 - phi * (s * (l - ss) + (tt - l));
                let p3 = phi * ((l - ss) + s * (tt - l));
                let p4 = phi * (1.0 - s) * (l - pp);
                [p1, p2, p3, p4].map(|p| p.clamp(0.0, 1.0))
            }
        }
    }

    /// A zero-determinant player (see [`Vector::Linear`]); first move C.
    pub(super) fn linear(phi: f64, s: f64, l: Baseline) -> Strategy {
        Strategy::from(MemoryOne {
            vector: Vector::Linear { phi, s, l },
            initial: 1.0,
            resolved: [1.0; 4],
        })
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
        long_run_time: false,
        game_display_name: None,
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
            Strategy::from(MemoryOne::new(
                [v[0], v[1], v[2], v[3]],
                Action::from_bit(v[4] as u64),
            ))
        },
    };

    /// Catalogue entry of Generous Tit For Tat, as axelrod has it: a fixed
    /// generosity `p` whose default is the one the standard payoffs give,
    /// min(1 - (T - R)/(R - S), (R - P)/(T - P)) = 1 - 2/3 (axelrod computes
    /// it once, from the standard game, when the player is made). Like
    /// axelrod's classifier, it counts as using the payoffs.
    pub const INFO_GTFT: StrategyInfo = StrategyInfo {
        id: "gtft",
        name: "GTFT",
        aliases: &["generous-tit-for-tat"],
        description: "Generous Tit For Tat: cooperates first and after the opponent cooperated; \
                      after a defection forgives (cooperates) with probability p. The default \
                      p = 1/3 is g = min(1 - (T - R)/(R - S), (R - P)/(T - P)) for the standard \
                      payoffs, whatever the match's payoffs (as in axelrod). \"Uses payoffs: \
                      yes\" is axelrod's classifier: p is computed from payoffs, but from the \
                      standard ones when the player is made, never from the match's; \
                      `gtft-from-payoffs` computes g from the match's payoffs instead.",
        source: "Nowak & Sigmund (1992), Tit for tat in heterogeneous populations",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[probability(
            "p",
            "probability of forgiving a defection",
            1.0 - 2.0 / 3.0,
        )],
        display_name: Some(|v| format!("GTFT: {}", python_float(python_round(v[0], 2)))),
        build: |v| Strategy::from(MemoryOne::new([1.0, v[0], 1.0, v[0]], C)),
    };

    /// Catalogue entry of Generous Tit For Tat with its generosity computed
    /// from the match's payoffs (not in axelrod, which fixes it at
    /// construction); the name shows the value used ("GTFT: 0.25").
    pub const INFO_GTFT_FROM_PAYOFFS: StrategyInfo = StrategyInfo {
        id: "gtft-from-payoffs",
        name: "GTFT",
        aliases: &["generous-tit-for-tat-from-payoffs"],
        description: "Generous Tit For Tat whose generosity comes from the match's payoffs: \
                      cooperates first and after the opponent cooperated; after a defection \
                      forgives with probability g = min(1 - (T - R)/(R - S), (R - P)/(T - P)) \
                      (1/3 for the standard payoffs). Its name shows g under the scenario's \
                      payoffs, rounded to 2 decimals as axelrod rounds it.",
        source: "Nowak & Sigmund (1992), Tit for tat in heterogeneous populations",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: Some(|_, payoffs| {
            let g = MemoryOne::generosity(payoffs);
            format!("GTFT: {}", python_float(python_round(g, 2)))
        }),
        params: &[],
        display_name: Some(|_| {
            let g = MemoryOne::generosity(&Payoffs::STANDARD);
            format!("GTFT: {}", python_float(python_round(g, 2)))
        }),
        build: |_| {
            Strategy::from(MemoryOne {
                vector: Vector::GenerousFromPayoffs,
                initial: 1.0,
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
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(MemoryOne::new([1.0, 0.0, 1.0, 2.0 / 3.0], C)),
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
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(MemoryOne::new([0.935, 0.229, 0.266, 0.42], C)),
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
        long_run_time: false,
        game_display_name: None,
        params: &[probability(
            "ep",
            "probability of not doing what WSLS would",
            0.05,
        )],
        display_name: None,
        build: |v| Strategy::from(MemoryOne::new([1.0 - v[0], v[0], v[0], 1.0 - v[0]], C)),
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
        long_run_time: false,
        game_display_name: None,
        params: &[probability(
            "q",
            "probability of answering a defection with D",
            0.9,
        )],
        display_name: Some(|v| format!("Soft Joss: {}", python_float(python_round(v[0], 2)))),
        build: |v| Strategy::from(MemoryOne::new([1.0, 1.0 - v[0], 1.0, 1.0 - v[0]], C)),
    };

    /// Catalogue entry of Desperate.
    pub const INFO_DESPERATE: StrategyInfo = StrategyInfo {
        id: "desperate",
        name: "Desperate",
        aliases: &[],
        description: "First move at random (C with probability 1/2); afterwards cooperates only after mutual defection.",
        source: "Van den Berg & Weissing (2015), The importance of mechanisms for the \
                 evolution of cooperation",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| MemoryOne::random_start([0.0, 0.0, 0.0, 1.0]),
    };

    /// Catalogue entry of Hopeless.
    pub const INFO_HOPELESS: StrategyInfo = StrategyInfo {
        id: "hopeless",
        name: "Hopeless",
        aliases: &[],
        description: "First move at random (C with probability 1/2); afterwards defects only after mutual cooperation.",
        source: "Van den Berg & Weissing (2015), The importance of mechanisms for the \
                 evolution of cooperation",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| MemoryOne::random_start([0.0, 1.0, 1.0, 1.0]),
    };

    /// Catalogue entry of Willing.
    pub const INFO_WILLING: StrategyInfo = StrategyInfo {
        id: "willing",
        name: "Willing",
        aliases: &[],
        description: "First move at random (C with probability 1/2); afterwards defects only after mutual defection.",
        source: "Van den Berg & Weissing (2015), The importance of mechanisms for the \
                 evolution of cooperation",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| MemoryOne::random_start([1.0, 1.0, 1.0, 0.0]),
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
                random_choice(rng, self.initial)
            }
        }
    }

    fn is_stochastic(&self) -> bool {
        self.initial > 0.0 && self.initial < 1.0
            || match self.vector {
                Vector::Fixed(v) => v.iter().any(|&p| p > 0.0 && p < 1.0),
                Vector::GenerousFromPayoffs | Vector::Linear { .. } => true,
            }
    }

    fn memory_one_vector(&self, payoffs: &Payoffs) -> Option<[f64; 4]> {
        Some(self.vector_for(payoffs))
    }
}

family! {
    "Memory one";
    WinStayLoseShift => [WinStayLoseShift::INFO],
    WinShiftLoseStay => [WinShiftLoseStay::INFO],
    MemoryOne => [MemoryOne::INFO, MemoryOne::INFO_GTFT, MemoryOne::INFO_GTFT_FROM_PAYOFFS, MemoryOne::INFO_FIRM_BUT_FAIR, MemoryOne::INFO_STOCHASTIC_COOPERATOR, MemoryOne::INFO_STOCHASTIC_WSLS, MemoryOne::INFO_SOFT_JOSS, MemoryOne::INFO_DESPERATE, MemoryOne::INFO_HOPELESS, MemoryOne::INFO_WILLING],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    #[test]
    fn gtft_has_a_fixed_p_and_gtft_from_payoffs_follows_the_game() {
        let game = Payoffs {
            r: 4.0,
            s: 0.0,
            t: 5.0,
            p: 1.0,
        };
        let vector = |player: &crate::ipd::strategies::Player| match &player.prototype {
            Strategy::MemoryOne(Family::MemoryOne(m)) => m.vector_for(&game),
            other => panic!("{other:?}"),
        };
        // axelrod's GTFT: p fixed (1 - 2/3 by default) whatever the game.
        let gtft = PlayerSpec::new("gtft").build().unwrap().with_game(&game);
        assert_eq!(gtft.name, "GTFT: 0.33");
        assert_eq!(vector(&gtft), [1.0, 1.0 - 2.0 / 3.0, 1.0, 1.0 - 2.0 / 3.0]);
        let gtft = PlayerSpec::new("gtft").with("p", 0.1).build().unwrap();
        assert_eq!(gtft.name, "GTFT: 0.1");
        assert!(
            !PlayerSpec::new("gtft")
                .with("p", 0.0)
                .build()
                .unwrap()
                .is_stochastic()
        );
        // From the payoffs: g = min(1 - (5 - 4)/(4 - 0), (4 - 1)/(5 - 1)) = 0.75.
        let from_game = PlayerSpec::new("gtft-from-payoffs").build().unwrap();
        assert_eq!(from_game.name, "GTFT: 0.33");
        let from_game = from_game.with_game(&game);
        assert_eq!(from_game.name, "GTFT: 0.75");
        assert_eq!(vector(&from_game), [1.0, 0.75, 1.0, 0.75]);
    }

    #[test]
    fn deterministic_vectors_draw_no_random_numbers() {
        // Memory-one (1, 0, 1, 0) is Tit For Tat; if it drew numbers, the
        // Random opponent's moves (same generator) would differ.
        let tft_vector = PlayerSpec::new("memory-one")
            .with("p_cd", 0.0)
            .with("p_dc", 1.0)
            .with("p_dd", 0.0)
            .build()
            .unwrap();
        assert!(!tft_vector.is_stochastic());
        let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
        let random = PlayerSpec::new("random").build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns: 300 },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let play = |p: &Strategy| {
            let mut moves = MoveList::default();
            play_match(
                p,
                &random.prototype,
                &settings,
                &mut match_rng(5, 0, 1, 0),
                &mut moves,
            );
            (moves.first, moves.second)
        };
        assert_eq!(play(&tft_vector.prototype), play(&tft.prototype));
    }
}
