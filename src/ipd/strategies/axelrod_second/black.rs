//! Paul E. Black's second-tournament entry (K83R, fifteenth).

use super::{Uniform, random_choice};
use crate::ipd::action::Action::{self, C};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates for five turns, then with a probability that falls with the
/// number of the opponent's defections in its last five moves.
#[derive(Clone, Debug, Default)]
pub struct SecondByBlack;

impl SecondByBlack {
    /// Probability of C by the opponent's defections in its last five moves:
    /// 1 - (n^2 - 1) / 25, capped at 1.
    pub const COOPERATION: [f64; 6] = [1.0, 1.0, 0.88, 0.68, 0.4, 0.04];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-black",
        name: "Second by Black",
        aliases: &[],
        description: "Cooperates with a probability that falls with the opponent's defections in \
                      its last five moves. It cooperates on the first five turns; afterwards with \
                      probability 1 - (n^2 - 1) / 25 (at most 1), n the opponent's defections in \
                      its last five moves: 1, 1, 0.88, 0.68, 0.4, 0.04 for n = 0 to 5.",
        source: "Axelrod (1980), second tournament entry by Paul E. Black (K83R)",
        memory_depth: Some(5),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByBlack),
    };

    /// The move given the opponent's history, drawing as the library does.
    pub(super) fn decide(them: &History, uniform: &mut impl Uniform) -> Action {
        if them.len() < 5 {
            return C;
        }
        let defections = (them.recent_bits() & 0b11111).count_ones() as usize;
        random_choice(Self::COOPERATION[defections], uniform)
    }
}

impl Rule for SecondByBlack {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        Self::decide(them, &mut || unit_interval(rng))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::D;

    #[test]
    fn the_table_is_the_formula() {
        for (n, p) in SecondByBlack::COOPERATION.iter().enumerate() {
            let formula = (1.0 - ((n * n) as f64 - 1.0) / 25.0).min(1.0);
            assert!((p - formula).abs() < 1e-12, "{n}");
        }
    }

    #[test]
    fn counts_the_last_five_moves() {
        let mut them = History::new();
        for m in [D, D, D, D] {
            them.push(m);
        }
        assert_eq!(SecondByBlack::decide(&them, &mut || panic!()), C);
        // D D D D C C: three of the last five; C below 0.68.
        them.push(C);
        them.push(C);
        assert_eq!(SecondByBlack::decide(&them, &mut || 0.67), C);
        assert_eq!(SecondByBlack::decide(&them, &mut || 0.68), D);
    }
}
