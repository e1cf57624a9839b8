//! Morton Davis's first-tournament entry.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Morton Davis's entry: cooperates for the first rounds whatever happens,
/// then plays Grudger.
#[derive(Clone, Debug)]
pub struct FirstByDavis {
    /// Rounds of unconditional cooperation.
    pub rounds_to_cooperate: u32,
}

impl FirstByDavis {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-davis",
        name: "First by Davis",
        aliases: &["davis"],
        description: "Cooperates on the first `rounds_to_cooperate` turns (10) whatever the \
                      opponent does; afterwards defects for ever once the opponent has \
                      defected, and cooperates otherwise.",
        source: "Axelrod (1980), first tournament entry by Morton Davis",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "rounds_to_cooperate",
            description: "turns of unconditional cooperation at the start",
            default: 10.0,
            min: 0.0,
            max: 1e9,
            kind: ParamKind::Integer,
        }],
        display_name: None,
        build: |v| {
            Strategy::from(FirstByDavis {
                rounds_to_cooperate: v[0] as u32,
            })
        },
    };
}

impl Rule for FirstByDavis {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() < self.rounds_to_cooperate || them.defections() == 0 {
            C
        } else {
            D
        }
    }
}
