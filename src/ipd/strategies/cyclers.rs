//! Cyclers: rules that play a fixed sequence regardless of the opponent.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/alternator.py` and `strategies/cycler.py`).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates first, then alternates D, C, D, ... by flipping its own last
/// move (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct Alternator;

impl Alternator {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "alternator",
        name: "Alternator",
        aliases: &[],
        description: "Cooperates first, then alternates: plays the opposite of its own previous \
                      move (C, D, C, D, ...).",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Alternator),
    };
}

impl Rule for Alternator {
    #[inline(always)]
    fn choose(&mut self, me: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        if me.is_empty() {
            C
        } else {
            Action::from_bit(me.recent_bits() ^ 1)
        }
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([0.0, 0.0, 1.0, 1.0])
    }
}

/// Repeats a fixed sequence of moves forever, from the first turn, whatever
/// the opponent does (Marc Harper's Cycler in the axelrod library). The
/// catalogue has one entry per pattern the axelrod library names.
#[derive(Clone, Debug)]
pub struct Cycler {
    /// The moves of one cycle.
    pub pattern: &'static [Action],
}

impl Rule for Cycler {
    #[inline(always)]
    fn choose(&mut self, me: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        self.pattern[me.len() as usize % self.pattern.len()]
    }
}

/// A catalogue entry for the cycler of `pattern`.
const fn cycler_info(
    id: &'static str,
    name: &'static str,
    description: &'static str,
    memory_depth: u32,
    build: fn(&[f64]) -> Strategy,
) -> StrategyInfo {
    StrategyInfo {
        id,
        name,
        aliases: &[],
        description,
        source: "Marc Harper, the axelrod library (Cycler)",
        memory_depth: Some(memory_depth),
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

impl Cycler {
    /// Catalogue entry of the cycle DC.
    pub const INFO_DC: StrategyInfo = cycler_info(
        "cycler-dc",
        "Cycler DC",
        "Repeats the moves D C forever, whatever the opponent does.",
        1,
        |_| Strategy::from(Cycler { pattern: &[D, C] }),
    );
    /// Catalogue entry of the cycle CCD.
    pub const INFO_CCD: StrategyInfo = cycler_info(
        "cycler-ccd",
        "Cycler CCD",
        "Repeats the moves C C D forever, whatever the opponent does.",
        2,
        |_| {
            Strategy::from(Cycler {
                pattern: &[C, C, D],
            })
        },
    );
    /// Catalogue entry of the cycle DDC.
    pub const INFO_DDC: StrategyInfo = cycler_info(
        "cycler-ddc",
        "Cycler DDC",
        "Repeats the moves D D C forever, whatever the opponent does.",
        2,
        |_| {
            Strategy::from(Cycler {
                pattern: &[D, D, C],
            })
        },
    );
    /// Catalogue entry of the cycle CCCD.
    pub const INFO_CCCD: StrategyInfo = cycler_info(
        "cycler-cccd",
        "Cycler CCCD",
        "Repeats the moves C C C D forever, whatever the opponent does.",
        3,
        |_| {
            Strategy::from(Cycler {
                pattern: &[C, C, C, D],
            })
        },
    );
    /// Catalogue entry of the cycle CCCCCD.
    pub const INFO_CCCCCD: StrategyInfo = cycler_info(
        "cycler-cccccd",
        "Cycler CCCCCD",
        "Repeats the moves C C C C C D forever, whatever the opponent does.",
        5,
        |_| {
            Strategy::from(Cycler {
                pattern: &[C, C, C, C, C, D],
            })
        },
    );
    /// Catalogue entry of the cycle CCCDCD.
    pub const INFO_CCCDCD: StrategyInfo = cycler_info(
        "cycler-cccdcd",
        "Cycler CCCDCD",
        "Repeats the moves C C C D C D forever, whatever the opponent does.",
        5,
        |_| {
            Strategy::from(Cycler {
                pattern: &[C, C, C, D, C, D],
            })
        },
    );
}

/// Plays C, D, D, then cycles of growing length: C D, C C D, C C C D, ...,
/// so its sequence never repeats (Marc Harper's AntiCycler).
#[derive(Clone, Debug, Default)]
pub struct AntiCycler {
    /// Length of the current run of C (before its closing D).
    cycle_length: u32,
    /// How many C of the current run have been played.
    cycle_counter: u32,
}

impl AntiCycler {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "anti-cycler",
        name: "AntiCycler",
        aliases: &[],
        description: "Plays C, D, D, then C D, C C D, C C C D, ...: runs of C one longer each \
                      time, each closed by a D, so its moves never cycle.",
        source: "Marc Harper, the axelrod library (AntiCycler)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| {
            Strategy::from(AntiCycler {
                cycle_length: 1,
                cycle_counter: 0,
            })
        },
    };
}

impl Rule for AntiCycler {
    #[inline(always)]
    fn choose(&mut self, me: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        match me.len() {
            0 => C,
            1 | 2 => D,
            _ if self.cycle_counter < self.cycle_length => {
                self.cycle_counter += 1;
                C
            }
            _ => {
                self.cycle_length += 1;
                self.cycle_counter = 0;
                D
            }
        }
    }
}

family! {
    "Cyclers";
    Alternator => [Alternator::INFO],
    Cycler => [Cycler::INFO_DC, Cycler::INFO_CCD, Cycler::INFO_DDC, Cycler::INFO_CCCD, Cycler::INFO_CCCCCD, Cycler::INFO_CCCDCD],
    AntiCycler => [AntiCycler::INFO],
}
