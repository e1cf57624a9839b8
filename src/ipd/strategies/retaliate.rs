//! The retaliators: rules that defect while the opponent has exploited them
//! (their C against its D) more than a set share of the times they exploited
//! it, for ever (Retaliate) or in bursts of limited length (Limited
//! Retaliate).
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/retaliate.py`; all by Owen Campbell). The library counts every
//! joint outcome of the match; only the two exploitation counts decide, so
//! the rules keep just those, updated once per turn.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// How often each side has exploited the other so far.
#[derive(Clone, Debug, Default)]
struct Exploitations {
    /// Turns with my C against their D.
    suffered: u32,
    /// Turns with my D against their C.
    inflicted: u32,
}

impl Exploitations {
    /// Counts the latest turn (none before the first).
    #[inline(always)]
    fn record(&mut self, me: &History, them: &History) {
        match (me.last(), them.last()) {
            (Some(C), Some(D)) => self.suffered += 1,
            (Some(D), Some(C)) => self.inflicted += 1,
            _ => {}
        }
    }

    /// True when the opponent's exploitations exceed `threshold` times this
    /// player's (compared as the library does, in floating point).
    #[inline(always)]
    fn exceed(&self, threshold: f64) -> bool {
        f64::from(self.suffered) > f64::from(self.inflicted) * threshold
    }
}

/// The parameter both rules take, with the entry's default.
const fn threshold(default: f64) -> ParamSpec {
    ParamSpec {
        name: "retaliation_threshold",
        description: "defect while (their D against my C) > threshold x (my D against their C)",
        default,
        min: 0.0,
        max: 1000.0,
        kind: ParamKind::Real,
    }
}

/// Cooperates until the opponent has exploited it more than
/// `retaliation_threshold` times as often as it exploited the opponent, then
/// defects while that holds (Owen Campbell). Retaliate 2 and 3 are the same
/// rule with thresholds 0.08 and 0.05.
#[derive(Clone, Debug)]
pub struct Retaliate {
    threshold: f64,
    counts: Exploitations,
}

impl Retaliate {
    /// A player with the given threshold.
    pub fn new(threshold: f64) -> Retaliate {
        Retaliate {
            threshold,
            counts: Exploitations::default(),
        }
    }

    /// An entry of this rule with its own name and default threshold.
    const fn entry(
        id: &'static str,
        name: &'static str,
        params: &'static [ParamSpec],
    ) -> StrategyInfo {
        StrategyInfo {
            id,
            name,
            aliases: &[],
            description: "Cooperates first; afterwards defects whenever the number of turns in \
                          which the opponent defected against its cooperation exceeds \
                          `retaliation_threshold` times the number of turns in which it defected \
                          against the opponent's cooperation, and cooperates otherwise.",
            source: "Owen Campbell, the axelrod library",
            memory_depth: None,
            stochastic: false,
            uses_length: false,
            uses_payoffs: false,
            long_run_time: false,
            game_display_name: None,
            params,
            display_name: None,
            build: |v| Strategy::from(Retaliate::new(v[0])),
        }
    }

    /// Catalogue entry (threshold 0.1).
    pub const INFO: StrategyInfo = Self::entry("retaliate", "Retaliate", Self::PARAMS[0]);
    /// Catalogue entry (threshold 0.08).
    pub const INFO_2: StrategyInfo = Self::entry("retaliate-2", "Retaliate 2", Self::PARAMS[1]);
    /// Catalogue entry (threshold 0.05).
    pub const INFO_3: StrategyInfo = Self::entry("retaliate-3", "Retaliate 3", Self::PARAMS[2]);

    /// Parameters of the three entries.
    const PARAMS: [&'static [ParamSpec]; 3] =
        [&[threshold(0.1)], &[threshold(0.08)], &[threshold(0.05)]];
}

impl Rule for Retaliate {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        self.counts.record(me, them);
        if self.counts.exceed(self.threshold) {
            D
        } else {
            C
        }
    }
}

/// Retaliate whose bursts of defection last at most `retaliation_limit`
/// turns (Owen Campbell): after that many defections in a row it cooperates
/// once and, if the condition still holds, starts a new burst. Limited
/// Retaliate 2 and 3 are the same rule with (0.08, 15) and (0.05, 20).
#[derive(Clone, Debug)]
pub struct LimitedRetaliate {
    threshold: f64,
    limit: u32,
    counts: Exploitations,
    /// Defections in the current burst.
    burst: u32,
}

impl LimitedRetaliate {
    /// A player with the given threshold and burst limit.
    pub fn new(threshold: f64, limit: u32) -> LimitedRetaliate {
        LimitedRetaliate {
            threshold,
            limit,
            counts: Exploitations::default(),
            burst: 0,
        }
    }

    /// An entry of this rule with its own name and defaults.
    const fn entry(
        id: &'static str,
        name: &'static str,
        params: &'static [ParamSpec],
    ) -> StrategyInfo {
        StrategyInfo {
            id,
            name,
            aliases: &[],
            description: "Retaliate with bursts of limited length: defects while the opponent's \
                          defections against its cooperation exceed `retaliation_threshold` times \
                          its own defections against the opponent's cooperation, but after \
                          `retaliation_limit` defections in a row it cooperates once before it \
                          may start again. It cooperates first and whenever the condition fails.",
            source: "Owen Campbell, the axelrod library",
            memory_depth: None,
            stochastic: false,
            uses_length: false,
            uses_payoffs: false,
            long_run_time: false,
            game_display_name: None,
            params,
            display_name: None,
            build: |v| Strategy::from(LimitedRetaliate::new(v[0], v[1] as u32)),
        }
    }

    /// The burst-limit parameter.
    const fn limit(default: f64) -> ParamSpec {
        ParamSpec {
            name: "retaliation_limit",
            description: "most defections in a row before one cooperation",
            default,
            min: 0.0,
            max: 1_000_000.0,
            kind: ParamKind::Integer,
        }
    }

    /// Catalogue entry (0.1, 20).
    pub const INFO: StrategyInfo =
        Self::entry("limited-retaliate", "Limited Retaliate", Self::PARAMS[0]);
    /// Catalogue entry (0.08, 15).
    pub const INFO_2: StrategyInfo = Self::entry(
        "limited-retaliate-2",
        "Limited Retaliate 2",
        Self::PARAMS[1],
    );
    /// Catalogue entry (0.05, 20).
    pub const INFO_3: StrategyInfo = Self::entry(
        "limited-retaliate-3",
        "Limited Retaliate 3",
        Self::PARAMS[2],
    );

    /// Parameters of the three entries.
    const PARAMS: [&'static [ParamSpec]; 3] = [
        &[threshold(0.1), Self::limit(20.0)],
        &[threshold(0.08), Self::limit(15.0)],
        &[threshold(0.05), Self::limit(20.0)],
    ];
}

impl Rule for LimitedRetaliate {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        self.counts.record(me, them);
        if !self.counts.exceed(self.threshold) {
            self.burst = 0;
            C
        } else if self.burst < self.limit {
            self.burst += 1;
            D
        } else {
            self.burst = 0;
            C
        }
    }
}

family! {
    "Retaliate";
    Retaliate => [Retaliate::INFO, Retaliate::INFO_2, Retaliate::INFO_3],
    LimitedRetaliate => [LimitedRetaliate::INFO, LimitedRetaliate::INFO_2, LimitedRetaliate::INFO_3],
}
