//! Rules whose only randomness is the first move: ALLCorALLD (repeats its
//! own first move, `strategies/memoryone.py`) and Negation (plays the
//! opposite of the opponent's last move, `strategies/negation.py`), as in
//! the axelrod library (4.14).

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates on the first move with probability 0.6 (the library's
/// arbitrary choice), then repeats its own last move: Cooperator or
/// Defector for the whole match (Marc Harper; "Repeat" in Akin 2015, the
/// phi = 0 extreme of the zero-determinant strategies). Only noise changes
/// its course.
#[derive(Clone, Debug, Default)]
pub struct AllCOrAllD;

impl AllCOrAllD {
    /// Probability of cooperating on the first move.
    const FIRST_C: f64 = 0.6;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "allc-or-alld",
        name: "ALLCorALLD",
        aliases: &["repeat"],
        description: "Cooperates on the first move with probability 0.6, defects otherwise, \
                      and then repeats its own last move for the rest of the match (the memory-one \
                      vector (1, 1, 0, 0)).",
        source: "Marc Harper, the axelrod library; Repeat in Akin (2015), What You Gotta Know to \
                 Play Good in the Iterated Prisoner's Dilemma",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(AllCOrAllD),
    };
}

impl Rule for AllCOrAllD {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        _: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match me.last() {
            Some(last) => last,
            None => random_choice(rng, Self::FIRST_C),
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([1.0, 1.0, 0.0, 0.0])
    }
}

/// Random first move (C with probability 1/2), then the opposite of the
/// opponent's last move (PRISON project, 2017).
#[derive(Clone, Debug, Default)]
pub struct Negation;

impl Negation {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "negation",
        name: "Negation",
        aliases: &[],
        description: "First move at random (C with probability 1/2); afterwards plays the \
                      opposite of the opponent's last move (the memory-one vector (0, 1, 0, 1)).",
        source: "PRISON project (2017), Negation",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Negation),
    };
}

impl Rule for Negation {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match them.last() {
            Some(last) => last.flip(),
            None => random_choice(rng, 0.5),
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([0.0, 1.0, 0.0, 1.0])
    }
}

family! {
    "Random first move";
    AllCOrAllD => [AllCOrAllD::INFO],
    Negation => [Negation::INFO],
}

#[cfg(test)]
mod tests {
    use crate::ipd::Action::{self, C, D};
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    /// Both players' moves, `a` against `b`, over 20 turns (seed `seed`).
    fn moves(a: &str, b: &str, seed: u64) -> (Vec<Action>, Vec<Action>) {
        let a = PlayerSpec::new(a).build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns: 20 },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut list = MoveList::default();
        play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut list,
        );
        (list.first, list.second)
    }

    /// True when `count` of `n` is within 5 standard deviations of n p.
    fn near(count: u32, n: u32, p: f64) -> bool {
        let n = f64::from(n);
        (f64::from(count) - n * p).abs() <= 5.0 * (n * p * (1.0 - p)).sqrt()
    }

    #[test]
    fn allc_or_alld_repeats_a_first_move_that_is_c_at_rate_0_6() {
        let mut first_c = 0;
        for seed in 0..2000 {
            let (mine, _) = moves("allc-or-alld", "alternator", seed);
            assert!(mine.iter().all(|&m| m == mine[0]), "{mine:?}");
            first_c += u32::from(mine[0] == C);
        }
        assert!(near(first_c, 2000, 0.6), "{first_c}");
    }

    #[test]
    fn negation_plays_the_opposite_of_the_opponent_after_a_fair_first_move() {
        let mut first_c = 0;
        for seed in 0..2000 {
            let (mine, theirs) = moves("negation", "random", seed);
            for t in 1..mine.len() {
                assert_eq!(mine[t], theirs[t - 1].flip());
            }
            first_c += u32::from(mine[0] == C);
        }
        assert!(near(first_c, 2000, 0.5), "{first_c}");
        assert_eq!(moves("negation", "defector", 0).0[1..], [C; 19]);
        assert_eq!(moves("negation", "cooperator", 0).0[1..], [D; 19]);
    }
}
