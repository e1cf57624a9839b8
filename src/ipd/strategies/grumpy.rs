//! Grumpy (Jason Young): a mood that follows the opponent's balance of
//! defections over cooperations, with hysteresis between two thresholds.
//!
//! The rule follows the axelrod library's implementation (4.14,
//! `strategies/grumpy.py`). The library's text parameter `starting_state`
//! ("Nice" or "Grumpy") is the whole number `starting_state` here: 0 for
//! Nice, 1 for Grumpy; the display name spells it out as the library does
//! ("Grumpy: Nice, 10, -10").

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Nice (C) until the opponent's defections exceed its cooperations by more
/// than `grumpy_threshold`, then Grumpy (D) until that difference falls
/// below `nice_threshold`, and so on. The mood changes on the turn the
/// threshold is crossed.
#[derive(Clone, Debug)]
pub struct Grumpy {
    grumpy: bool,
    grumpy_threshold: i64,
    nice_threshold: i64,
}

/// The library's names of the two moods, by the value of `starting_state`.
const MOODS: [&str; 2] = ["Nice", "Grumpy"];

impl Grumpy {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "grumpy",
        name: "Grumpy",
        aliases: &[],
        description: "Has a mood, Nice (cooperates) or Grumpy (defects). Its grumpiness is the \
                      opponent's defections minus its cooperations so far: when Nice it turns \
                      Grumpy once the grumpiness exceeds grumpy_threshold, when Grumpy it turns \
                      Nice once the grumpiness falls below nice_threshold. Starts Nice \
                      (starting_state 0) or Grumpy (1).",
        source: "Jason Young, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "starting_state",
                description: "mood on the first turn: 0 = Nice, 1 = Grumpy",
                default: 0.0,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "grumpy_threshold",
                description: "grumpiness (opponent's defections minus cooperations) above which \
                              a Nice player turns Grumpy",
                default: 10.0,
                min: -1_000_000.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "nice_threshold",
                description: "grumpiness below which a Grumpy player turns Nice",
                default: -10.0,
                min: -1_000_000.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
        ],
        display_name: Some(|v| {
            format!(
                "Grumpy: {}, {}, {}",
                MOODS[v[0] as usize], v[1] as i64, v[2] as i64
            )
        }),
        build: |v| {
            Strategy::from(Grumpy {
                grumpy: v[0] == 1.0,
                grumpy_threshold: v[1] as i64,
                nice_threshold: v[2] as i64,
            })
        },
    };
}

impl Rule for Grumpy {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let grumpiness = i64::from(them.defections()) - i64::from(them.cooperations());
        if self.grumpy {
            self.grumpy = grumpiness >= self.nice_threshold;
        } else {
            self.grumpy = grumpiness > self.grumpy_threshold;
        }
        if self.grumpy { D } else { C }
    }
}

family! {
    "Grumpy";
    Grumpy => [Grumpy::INFO],
}

#[cfg(test)]
mod tests {
    use crate::ipd::strategies::{PlayerSpec, StrategyError};

    #[test]
    fn the_starting_mood_is_0_or_1_and_is_named_like_axelrod() {
        let name = |mood: f64| {
            PlayerSpec::new("grumpy")
                .with("starting_state", mood)
                .build()
                .map(|p| p.name)
        };
        assert_eq!(name(0.0).unwrap(), "Grumpy: Nice, 10, -10");
        assert_eq!(name(1.0).unwrap(), "Grumpy: Grumpy, 10, -10");
        assert!(matches!(
            name(2.0),
            Err(StrategyError::ParameterOutOfRange { .. })
        ));
        assert!(matches!(
            name(0.5),
            Err(StrategyError::ParameterWrongKind { .. })
        ));
    }
}
