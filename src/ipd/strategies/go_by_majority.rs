//! Go By Majority: cooperate when the opponent has cooperated at least as
//! often as it defected, over the whole match or over the last n turns; the
//! soft version cooperates on a tie (and so first), the hard one defects.
//!
//! Follows the axelrod library's implementation (4.14,
//! `strategies/gobymajority.py`), including its display names ("Soft Go By
//! Majority: 10"). Windows are at most 64 turns, read from the bits of
//! [`History`]; the unbounded versions use its counters.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Goes with the opponent's majority move (Axelrod 1984; Mathieu & Delahaye
/// 2015 for the hard version).
#[derive(Clone, Debug)]
pub struct GoByMajority {
    /// Turns looked at; 0 means the whole match. At most 64.
    pub memory: u32,
    /// Cooperate on a tie (soft) or defect (hard).
    pub soft: bool,
}

impl Rule for GoByMajority {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let (defections, cooperations) = if self.memory == 0 || self.memory >= them.len() {
            (them.defections(), them.cooperations())
        } else {
            let mask = if self.memory >= 64 {
                u64::MAX
            } else {
                (1u64 << self.memory) - 1
            };
            let d = (them.recent_bits() & mask).count_ones();
            (d, self.memory - d)
        };
        if defections > cooperations || (defections == cooperations && !self.soft) {
            D
        } else {
            C
        }
    }
}

/// A catalogue entry for one window and tie rule.
const fn majority_info(
    id: &'static str,
    name: &'static str,
    description: &'static str,
    memory_depth: Option<u32>,
    build: fn(&[f64]) -> Strategy,
) -> StrategyInfo {
    StrategyInfo {
        id,
        name,
        aliases: &[],
        description,
        source: "Axelrod (1984), The Evolution of Cooperation; Mathieu & Delahaye (2015) for \
                 the hard version",
        memory_depth,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build,
    }
}

impl GoByMajority {
    /// Catalogue entry: Soft Go By Majority.
    pub const INFO_SOFT: StrategyInfo = majority_info(
        "go-by-majority",
        "Soft Go By Majority",
        "Cooperates when the opponent cooperated more often than it defected over all the opponent's moves; \
         cooperates on a tie (so it opens with C).",
        None,
        |_| {
            Strategy::from(GoByMajority {
                memory: 0,
                soft: true,
            })
        },
    );
    /// Catalogue entry: Soft Go By Majority: 40.
    pub const INFO_SOFT_40: StrategyInfo = majority_info(
        "go-by-majority-40",
        "Soft Go By Majority: 40",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 40 moves; \
         cooperates on a tie (so it opens with C).",
        Some(40),
        |_| {
            Strategy::from(GoByMajority {
                memory: 40,
                soft: true,
            })
        },
    );
    /// Catalogue entry: Soft Go By Majority: 20.
    pub const INFO_SOFT_20: StrategyInfo = majority_info(
        "go-by-majority-20",
        "Soft Go By Majority: 20",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 20 moves; \
         cooperates on a tie (so it opens with C).",
        Some(20),
        |_| {
            Strategy::from(GoByMajority {
                memory: 20,
                soft: true,
            })
        },
    );
    /// Catalogue entry: Soft Go By Majority: 10.
    pub const INFO_SOFT_10: StrategyInfo = majority_info(
        "go-by-majority-10",
        "Soft Go By Majority: 10",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 10 moves; \
         cooperates on a tie (so it opens with C).",
        Some(10),
        |_| {
            Strategy::from(GoByMajority {
                memory: 10,
                soft: true,
            })
        },
    );
    /// Catalogue entry: Soft Go By Majority: 5.
    pub const INFO_SOFT_5: StrategyInfo = majority_info(
        "go-by-majority-5",
        "Soft Go By Majority: 5",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 5 moves; \
         cooperates on a tie (so it opens with C).",
        Some(5),
        |_| {
            Strategy::from(GoByMajority {
                memory: 5,
                soft: true,
            })
        },
    );
    /// Catalogue entry: Hard Go By Majority.
    pub const INFO_HARD: StrategyInfo = majority_info(
        "hard-go-by-majority",
        "Hard Go By Majority",
        "Cooperates when the opponent cooperated more often than it defected over all the opponent's moves; \
         defects on a tie (so it opens with D).",
        None,
        |_| {
            Strategy::from(GoByMajority {
                memory: 0,
                soft: false,
            })
        },
    );
    /// Catalogue entry: Hard Go By Majority: 40.
    pub const INFO_HARD_40: StrategyInfo = majority_info(
        "hard-go-by-majority-40",
        "Hard Go By Majority: 40",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 40 moves; \
         defects on a tie (so it opens with D).",
        Some(40),
        |_| {
            Strategy::from(GoByMajority {
                memory: 40,
                soft: false,
            })
        },
    );
    /// Catalogue entry: Hard Go By Majority: 20.
    pub const INFO_HARD_20: StrategyInfo = majority_info(
        "hard-go-by-majority-20",
        "Hard Go By Majority: 20",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 20 moves; \
         defects on a tie (so it opens with D).",
        Some(20),
        |_| {
            Strategy::from(GoByMajority {
                memory: 20,
                soft: false,
            })
        },
    );
    /// Catalogue entry: Hard Go By Majority: 10.
    pub const INFO_HARD_10: StrategyInfo = majority_info(
        "hard-go-by-majority-10",
        "Hard Go By Majority: 10",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 10 moves; \
         defects on a tie (so it opens with D).",
        Some(10),
        |_| {
            Strategy::from(GoByMajority {
                memory: 10,
                soft: false,
            })
        },
    );
    /// Catalogue entry: Hard Go By Majority: 5.
    pub const INFO_HARD_5: StrategyInfo = majority_info(
        "hard-go-by-majority-5",
        "Hard Go By Majority: 5",
        "Cooperates when the opponent cooperated more often than it defected over the opponent's last 5 moves; \
         defects on a tie (so it opens with D).",
        Some(5),
        |_| {
            Strategy::from(GoByMajority {
                memory: 5,
                soft: false,
            })
        },
    );
}

family! {
    "Go by majority";
    GoByMajority => [GoByMajority::INFO_SOFT, GoByMajority::INFO_SOFT_40, GoByMajority::INFO_SOFT_20, GoByMajority::INFO_SOFT_10, GoByMajority::INFO_SOFT_5, GoByMajority::INFO_HARD, GoByMajority::INFO_HARD_40, GoByMajority::INFO_HARD_20, GoByMajority::INFO_HARD_10, GoByMajority::INFO_HARD_5],
}
