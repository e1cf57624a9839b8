//! William Stein and Amnon Rapoport's first-tournament entry.

use super::{FINAL_DD, defect_on_last_two};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::chi_squared;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// William Stein and Amnon Rapoport's entry (6th in 1980): Tit For Tat
/// after four cooperations, defecting for good stretches once a chi-squared
/// test says the opponent plays at random, and D on the last two turns.
#[derive(Clone, Debug)]
pub struct FirstBySteinAndRapoport {
    /// Significance level of the chi-squared test.
    pub alpha: f64,
    /// The test at level `alpha` (a threshold on the statistic).
    randomness: chi_squared::RandomnessTest,
    opponent_is_random: bool,
}

impl FirstBySteinAndRapoport {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-stein-and-rapoport",
        name: "First by Stein and Rapoport",
        aliases: &["stein-and-rapoport"],
        description: "Tit For Tat after four cooperations, defecting throughout against an \
                      opponent that a chi-squared test finds random, and on the last two turns. \
                      It cooperates on the first four turns, then plays Tit For Tat. On turns 15, \
                      30, 45, ... it runs a chi-squared test of the opponent's cooperations and \
                      defections so far against a 50-50 split (scipy's `chisquare`, one degree \
                      of freedom); until the next test it defects throughout when the p-value \
                      is at least `alpha` (0.05, the opponent looks random) and plays Tit For \
                      Tat otherwise. Defects on the last two turns when the length is known.",
        source: "Axelrod (1980), first tournament entry by William Stein and Amnon Rapoport",
        memory_depth: None,
        stochastic: false,
        uses_length: true,
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
        display_name: Some(|v| {
            format!(
                "First by Stein and Rapoport: {}{FINAL_DD}",
                crate::ipd::strategies::catalogue::python_float(v[0])
            )
        }),
        build: |v| {
            Strategy::from(FirstBySteinAndRapoport {
                alpha: v[0],
                randomness: chi_squared::RandomnessTest::new(v[0]),
                opponent_is_random: false,
            })
        },
    };

    fn inner(&mut self, them: &History, round: u32) -> Action {
        let tit_for_tat = them.last().unwrap_or(C);
        if round < 5 {
            return C;
        }
        if round < 15 {
            return tit_for_tat;
        }
        if round % 15 == 0 {
            self.opponent_is_random = self
                .randomness
                .looks_random(them.cooperations(), them.defections());
        }
        if self.opponent_is_random {
            D
        } else {
            tit_for_tat
        }
    }
}

impl Rule for FirstBySteinAndRapoport {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let proposed = self.inner(them, me.len() + 1);
        defect_on_last_two(proposed, me.len(), context)
    }
}
