//! Rules that follow a mathematical object rather than the opponent: the
//! ratio players ($\phi$, $\pi$, $e$), which steer the match's ratio of
//! cooperations to defections towards a constant, and the Thue-Morse
//! sequence players.
//!
//! Each follows the axelrod library (4.14, `strategies/mathematicalconstants.py`
//! and `strategies/sequence_player.py`). The Thue-Morse term of turn `n` is
//! the parity of the number of 1 bits of `n`, so no generator state is kept.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates first; then defects while the opponent has never defected,
/// and otherwise defects exactly when the ratio of cooperations to
/// defections (both players' moves together) is above its constant
/// (Timothy Standen's "Co to Do Ratio").
#[derive(Clone, Debug)]
pub struct RatioPlayer {
    ratio: f64,
}

impl RatioPlayer {
    /// The golden ratio (1 + sqrt 5) / 2, computed as the library does.
    fn golden() -> f64 {
        (1.0 + 5f64.sqrt()) / 2.0
    }

    const fn info(
        id: &'static str,
        name: &'static str,
        description: &'static str,
        build: fn(&[f64]) -> Strategy,
    ) -> StrategyInfo {
        StrategyInfo {
            id,
            name,
            aliases: &[],
            description,
            source: "Timothy Standen, the axelrod library",
            memory_depth: None,
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

    /// Catalogue entry of the golden-ratio player.
    pub const GOLDEN: StrategyInfo = Self::info(
        "golden",
        "$\\phi$",
        "Cooperates first, then defects until the opponent has defected once. Afterwards \
         defects when the ratio of cooperations to defections, counting both players' moves, \
         is above the golden ratio (1.618...), and cooperates otherwise.",
        |_| {
            Strategy::from(RatioPlayer {
                ratio: RatioPlayer::golden(),
            })
        },
    );

    /// Catalogue entry of the pi player.
    pub const PI: StrategyInfo = Self::info(
        "pi",
        "$\\pi$",
        "Cooperates first, then defects until the opponent has defected once. Afterwards \
         defects when the ratio of cooperations to defections, counting both players' moves, \
         is above pi (3.14159...), and cooperates otherwise.",
        |_| {
            Strategy::from(RatioPlayer {
                ratio: std::f64::consts::PI,
            })
        },
    );

    /// Catalogue entry of the e player.
    pub const E: StrategyInfo = Self::info(
        "e",
        "$e$",
        "Cooperates first, then defects until the opponent has defected once. Afterwards \
         defects when the ratio of cooperations to defections, counting both players' moves, \
         is above e (2.71828...), and cooperates otherwise.",
        |_| {
            Strategy::from(RatioPlayer {
                ratio: std::f64::consts::E,
            })
        },
    );
}

impl Rule for RatioPlayer {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            return C;
        }
        if them.defections() == 0 {
            return D;
        }
        let cooperations = f64::from(them.cooperations() + me.cooperations());
        let defections = f64::from(them.defections() + me.defections());
        if cooperations / defections > self.ratio {
            D
        } else {
            C
        }
    }
}

/// Plays the Thue-Morse sequence 0 1 1 0 1 0 0 1 ..., a term 1 as C and 0 as
/// D, or the other way round for the inverse (Geraint Palmer).
#[derive(Clone, Debug)]
pub struct ThueMorse {
    /// The move for a term 0.
    on_zero: Action,
}

impl ThueMorse {
    const fn info(
        id: &'static str,
        name: &'static str,
        description: &'static str,
        build: fn(&[f64]) -> Strategy,
    ) -> StrategyInfo {
        StrategyInfo {
            id,
            name,
            aliases: &[],
            description,
            source: "Geraint Palmer, the axelrod library",
            memory_depth: None,
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

    /// Catalogue entry: a term 1 is C, a term 0 is D.
    pub const INFO: StrategyInfo = Self::info(
        "thue-morse",
        "ThueMorse",
        "Plays the Thue-Morse sequence 0 1 1 0 1 0 0 1 1 0 0 1 ... (term n is the parity of \
         the number of 1 bits of n), defecting on a 0 and cooperating on a 1: D, C, C, D, C, \
         D, D, C, ...",
        |_| Strategy::from(ThueMorse { on_zero: D }),
    );

    /// Catalogue entry: a term 0 is C, a term 1 is D.
    pub const INVERSE: StrategyInfo = Self::info(
        "thue-morse-inverse",
        "ThueMorseInverse",
        "Plays the Thue-Morse sequence 0 1 1 0 1 0 0 1 1 0 0 1 ... (term n is the parity of \
         the number of 1 bits of n), cooperating on a 0 and defecting on a 1: C, D, D, C, D, \
         C, C, D, ...",
        |_| Strategy::from(ThueMorse { on_zero: C }),
    );
}

impl Rule for ThueMorse {
    #[inline(always)]
    fn choose(&mut self, me: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        if me.len().count_ones() % 2 == 0 {
            self.on_zero
        } else {
            self.on_zero.flip()
        }
    }
}

family! {
    "Sequences and constants";
    RatioPlayer => [RatioPlayer::GOLDEN, RatioPlayer::PI, RatioPlayer::E],
    ThueMorse => [ThueMorse::INFO, ThueMorse::INVERSE],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn golden_ratio_is_the_library_value() {
        assert_eq!(RatioPlayer::golden(), 1.618_033_988_749_895);
    }
}
