//! James Graaskamp's first-tournament entry.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::chi_squared;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// James Graaskamp's entry (9th in 1980): Tit For Tat with one probe on
/// turn 51, then defection against an opponent that looks random, Tit For
/// Tat against Tit For Tat or its own twin, and otherwise cooperation with a
/// defection every 5 to 14 turns.
#[derive(Clone, Debug)]
pub struct FirstByGraaskamp {
    /// Significance level of the chi-squared test.
    pub alpha: f64,
    /// The test at level `alpha` (a threshold on the statistic).
    randomness: chi_squared::RandomnessTest,
    opponent_is_random: bool,
    /// Every opponent move so far copied this player's previous move.
    opponent_copies_me: bool,
    /// Every opponent move so far equals this player's move of that turn.
    opponent_is_twin: bool,
    /// Turn count (moves played) at which the next random defection falls.
    next_random_defection_turn: Option<u32>,
}

impl FirstByGraaskamp {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-graaskamp",
        name: "First by Graaskamp",
        aliases: &["graaskamp"],
        description: "Tit For Tat with a probe on turn 51; later D for good against an opponent \
                      that looks random, Tit For Tat against Tit For Tat or its twin, otherwise C \
                      with a defection every 5 to 14 turns. It plays Tit For Tat for 50 turns, defects on turn 51, and plays Tit For \
                      Tat up to turn 56. From turn 57 on: once a chi-squared test of the \
                      opponent's cooperations and defections against a 50-50 split gives a \
                      p-value of at least `alpha` (0.05), it defects for the rest of the \
                      match; otherwise, if every opponent move so far copied its own previous \
                      move (Tit For Tat) or equalled its own move (a twin), it plays Tit For \
                      Tat; otherwise it cooperates except for one defection after a random \
                      5 to 14 turns (numpy's randint(5, 15)), again and again.",
        source: "Axelrod (1980), first tournament entry by James Graaskamp",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "alpha",
            description: "significance level: the opponent counts as random when p >= alpha",
            default: 0.05,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| {
            Strategy::from(FirstByGraaskamp {
                alpha: v[0],
                randomness: chi_squared::RandomnessTest::new(v[0]),
                opponent_is_random: false,
                opponent_copies_me: true,
                opponent_is_twin: true,
                next_random_defection_turn: None,
            })
        },
    };

    /// A gap of 5 to 14 turns, uniformly (numpy's `randint(5, 15)`
    /// excludes 15).
    fn gap(rng: &mut MatchRng) -> u32 {
        5 + ((unit_interval(rng) * 10.0) as u32).min(9)
    }
}

impl Rule for FirstByGraaskamp {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let turns = me.len();
        let Some(theirs) = them.last() else {
            return C;
        };
        // Keep the Tit For Tat and twin checks over the whole history: the
        // latest opponent move against this player's move before it and of
        // the same turn.
        if turns >= 2 && me.ago(1) != Some(theirs) {
            self.opponent_copies_me = false;
        }
        if me.last() != Some(theirs) {
            self.opponent_is_twin = false;
        }
        if turns < 56 {
            return if theirs == D || turns == 50 { D } else { C };
        }
        // Once random, random for good (the library recomputes the test
        // every turn but ORs it with the earlier verdict).
        if self.opponent_is_random
            || self
                .randomness
                .looks_random(them.cooperations(), them.defections())
        {
            self.opponent_is_random = true;
            return D;
        }
        if self.opponent_copies_me || self.opponent_is_twin {
            return theirs;
        }
        let next = *self
            .next_random_defection_turn
            .get_or_insert_with(|| Self::gap(rng) + turns);
        if turns == next {
            self.next_random_defection_turn = Some(Self::gap(rng) + turns);
            return D;
        }
        C
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}
