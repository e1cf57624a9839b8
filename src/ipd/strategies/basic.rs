//! Unconditional strategies: Cooperator, Defector and Random.
//!
//! Each rule follows the axelrod library's implementation (4.14), including
//! first moves and display names; sources are cited per rule.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::{MatchRng, bernoulli};
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Always cooperates.
#[derive(Clone, Debug, Default)]
pub struct Cooperator;

impl Cooperator {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "cooperator",
        name: "Cooperator",
        aliases: &["allc", "always-cooperate"],
        description: "Always cooperates.",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(0),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Cooperator),
    };
}

impl Rule for Cooperator {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        C
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([1.0; 4])
    }
}

/// Always defects.
#[derive(Clone, Debug, Default)]
pub struct Defector;

impl Defector {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "defector",
        name: "Defector",
        aliases: &["alld", "always-defect"],
        description: "Always defects.",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(0),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Defector),
    };
}

impl Rule for Defector {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        D
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([0.0; 4])
    }
}

/// Cooperates with probability `p` on every turn, independently
/// (Axelrod 1980, the first tournament's RANDOM entry, p = 0.5). It draws
/// on every turn, even for p = 0 or 1 (kept so seeded results stay as they
/// were; the moves are the same either way).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    /// Probability of cooperating.
    pub p: f64,
}

impl RandomPlayer {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "random",
        name: "Random",
        aliases: &[],
        description: "Cooperates with probability p on every turn, independently of the history.",
        source: "Axelrod (1980), first tournament entry RANDOM (p = 0.5)",
        memory_depth: Some(0),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "p",
            description: "probability of cooperating on each turn",
            default: 0.5,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |values| Strategy::from(RandomPlayer { p: values[0] }),
    };
}

impl Rule for RandomPlayer {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, rng: &mut MatchRng) -> Action {
        if bernoulli(rng, self.p) { C } else { D }
    }

    fn is_stochastic(&self) -> bool {
        self.p > 0.0 && self.p < 1.0
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        // It draws even at p = 0 or 1, where `random_choice` does not.
        (self.p > 0.0 && self.p < 1.0).then_some([self.p; 4])
    }
}

/// C with probability `p`, else D; like axelrod's `random_choice`, p = 0 and
/// p = 1 decide without drawing, so deterministic settings use no randomness.
#[inline(always)]
pub fn random_choice(rng: &mut MatchRng, p: f64) -> Action {
    if p <= 0.0 {
        D
    } else if p >= 1.0 || bernoulli(rng, p) {
        C
    } else {
        D
    }
}

family! {
    "Basic";
    Cooperator => [Cooperator::INFO],
    Defector => [Defector::INFO],
    RandomPlayer => [RandomPlayer::INFO],
}

#[cfg(test)]
mod tests {
    //! Exact move sequences worked out by hand from each rule.

    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    /// Plays `a` against `b` for `turns` turns with the standard payoffs and
    /// returns both move strings and both scores.
    fn play(a: &str, b: &str, turns: u32) -> (String, String, [f64; 2]) {
        let a = PlayerSpec::new(a).build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut moves = MoveList::default();
        let outcome = play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(1, 0, 1, 0),
            &mut moves,
        );
        let text = |list: &[crate::ipd::Action]| list.iter().map(|m| m.letter()).collect();
        (
            text(&moves.first),
            text(&moves.second),
            outcome.scores(&Payoffs::STANDARD),
        )
    }

    #[test]
    fn tit_for_tat_against_alternator() {
        // TFT copies the Alternator one turn late: after the opening CC the
        // pair alternates CD, DC; 5 turns of CD (0:5) and 4 of DC (5:0).
        let (tft, alt, scores) = play("tit-for-tat", "alternator", 10);
        assert_eq!(tft, "CCDCDCDCDC");
        assert_eq!(alt, "CDCDCDCDCD");
        assert_eq!(scores, [3.0 + 4.0 * 5.0, 3.0 + 5.0 * 5.0]);
    }

    #[test]
    fn grudger_never_forgives_the_alternator() {
        let (grudger, alt, scores) = play("grudger", "alternator", 10);
        assert_eq!(grudger, "CCDDDDDDDD");
        assert_eq!(alt, "CDCDCDCDCD");
        // CC, CD, then DC on odd turns (5:0) and DD on even turns (1:1).
        assert_eq!(scores, [3.0 + 0.0 + 4.0 * 5.0 + 4.0, 3.0 + 5.0 + 0.0 + 4.0]);
    }

    #[test]
    fn win_stay_lose_shift_against_defector_cycles() {
        // CD is a loss: shift to D; DD is a loss: shift back to C.
        let (wsls, alld, scores) = play("win-stay-lose-shift", "defector", 8);
        assert_eq!(wsls, "CDCDCDCD");
        assert_eq!(alld, "DDDDDDDD");
        assert_eq!(scores, [4.0, 4.0 * 5.0 + 4.0]);
    }

    #[test]
    fn win_stay_lose_shift_stays_after_exploiting() {
        // Against Cooperator: CC forever. Against Alternator: CC (stay C), CD
        // (shift to D), DC (a win: stay D), DD (shift to C), ...
        assert_eq!(play("win-stay-lose-shift", "cooperator", 4).0, "CCCC");
        let (wsls, alt, _) = play("win-stay-lose-shift", "alternator", 9);
        assert_eq!(alt, "CDCDCDCDC");
        assert_eq!(wsls, "CCDDCCDDC");
    }

    #[test]
    fn tit_for_two_tats_needs_two_defections_in_a_row() {
        assert_eq!(play("tit-for-2-tats", "alternator", 10).0, "CCCCCCCCCC");
        assert_eq!(play("tit-for-2-tats", "defector", 6).0, "CCDDDD");
        // Suspicious TFT opens with D, then copies TF2T's C: only one D.
        let (tf2t, stft, _) = play("tit-for-2-tats", "suspicious-tit-for-tat", 6);
        assert_eq!(stft, "DCCCCC");
        assert_eq!(tf2t, "CCCCCC");
    }

    #[test]
    fn suspicious_tit_for_tat_against_tit_for_tat_echoes_forever() {
        let (stft, tft, scores) = play("suspicious-tit-for-tat", "tit-for-tat", 6);
        assert_eq!(stft, "DCDCDC");
        assert_eq!(tft, "CDCDCD");
        assert_eq!(scores, [15.0, 15.0]);
        assert_eq!(
            play("suspicious-tit-for-tat", "suspicious-tit-for-tat", 4).0,
            "DDDD"
        );
    }

    #[test]
    fn unconditional_strategies() {
        let (c, d, scores) = play("cooperator", "defector", 5);
        assert_eq!((c.as_str(), d.as_str()), ("CCCCC", "DDDDD"));
        assert_eq!(scores, [0.0, 25.0]);
        assert_eq!(play("alternator", "alternator", 5).0, "CDCDC");
        assert_eq!(play("grudger", "cooperator", 5).0, "CCCCC");
    }

    #[test]
    fn random_cooperates_at_its_rate() {
        // 200,000 turns with p = 0.3: standard deviation of the count is
        // sqrt(n p (1 - p)) ~= 205; allow 5 sigma.
        let random = PlayerSpec::new("random").with("p", 0.3).build().unwrap();
        let defector = PlayerSpec::new("defector").build().unwrap();
        let n = 200_000;
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns: n },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let outcome = play_match(
            &random.prototype,
            &defector.prototype,
            &settings,
            &mut match_rng(3, 0, 1, 0),
            &mut crate::ipd::play::NoRecording,
        );
        let cooperations = outcome.cooperations()[0] as f64;
        assert!(
            (cooperations - 0.3 * n as f64).abs() < 5.0 * 205.0,
            "{cooperations}"
        );
        for p in [0.0, 1.0] {
            let fixed = PlayerSpec::new("random").with("p", p).build().unwrap();
            let outcome = play_match(
                &fixed.prototype,
                &defector.prototype,
                &settings,
                &mut match_rng(3, 0, 1, 0),
                &mut crate::ipd::play::NoRecording,
            );
            assert_eq!(outcome.cooperations()[0], (p * n as f64) as u32);
        }
    }
}
