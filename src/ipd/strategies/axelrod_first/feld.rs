//! Scott Feld's first-tournament entry.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Scott Feld's entry (11th in 1980): Tit For Tat whose answer to a
/// cooperation becomes C only with a probability falling linearly from 1 to
/// 1/2 over 200 turns.
#[derive(Clone, Debug)]
pub struct FirstByFeld {
    /// Probability of cooperating at the start.
    pub start_coop_prob: f64,
    /// Probability of cooperating at the end of the decay and after.
    pub end_coop_prob: f64,
    /// Turns over which the probability decays.
    pub rounds_of_decay: u32,
}

impl FirstByFeld {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-feld",
        name: "First by Feld",
        aliases: &["feld"],
        description: "Tit For Tat whose answer to a cooperation is C only with a probability \
                      falling linearly from 1 to 0.5 over 200 turns. It cooperates first and \
                      defects after every defection of the opponent. \
                      After a cooperation it cooperates with probability \
                      max(start + (end - start) k / rounds, end), k the number of turns \
                      played (start 1.0, end 0.5, rounds 200).",
        source: "Axelrod (1980), first tournament entry by Scott Feld",
        memory_depth: Some(200),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "start_coop_prob",
                description: "probability of cooperating after a C at the start",
                default: 1.0,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "end_coop_prob",
                description: "probability of cooperating after a C once the decay is over",
                default: 0.5,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "rounds_of_decay",
                description: "turns over which the probability falls linearly",
                default: 200.0,
                min: 1.0,
                max: 1e9,
                kind: ParamKind::Integer,
            },
        ],
        display_name: None,
        build: |v| {
            Strategy::from(FirstByFeld {
                start_coop_prob: v[0],
                end_coop_prob: v[1],
                rounds_of_decay: v[2] as u32,
            })
        },
    };

    /// The probability of answering a C with C after `turns` turns.
    pub fn cooperation_probability(&self, turns: u32) -> f64 {
        let slope = (self.end_coop_prob - self.start_coop_prob) / self.rounds_of_decay as f64;
        (self.start_coop_prob + slope * turns as f64).max(self.end_coop_prob)
    }
}

impl Rule for FirstByFeld {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match them.last() {
            None => C,
            Some(D) => D,
            Some(C) => random_choice(rng, self.cooperation_probability(me.len())),
        }
    }

    /// Stochastic for every parameter value, as the library classifies it.
    fn is_stochastic(&self) -> bool {
        true
    }
}
