//! Revised Downing (Leslie Downing's entry to Axelrod's second tournament,
//! K59R): an estimate of how the opponent answers each of its moves, and the
//! move that pays best if those estimates hold.
//!
//! The rule follows the axelrod library's implementation (4.14,
//! `strategies/revised_downing.py`): each opponent move is counted as an
//! answer to its own move of the turn before (the one the opponent had
//! seen), from the third turn on, so the opponent's first move is not
//! counted (unlike First by Downing's). The coefficients of the decision
//! come from the standard payoffs (3, 0, 5, 1) and are fixed whatever the
//! game, as in the library.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Revised Downing: keeps the share of the opponent's cooperations that
/// answered its own C (`good`, 1 to start with) and its own D (`bad`, 0 to
/// start with). Then
/// with c = 6 good - 8 bad - 2 and alt = 4 good - 5 bad - 1 it cooperates
/// when c >= 0 and c >= alt, plays the opposite of its last move when only
/// alt >= 0, and defects otherwise.
#[derive(Clone, Debug)]
pub struct RevisedDowning {
    good: f64,
    bad: f64,
    /// Opponent's cooperations counted after its own C and after its own D.
    nice_after_c: u32,
    nice_after_d: u32,
    /// Turns counted after its own C and after its own D.
    after_c: u32,
    after_d: u32,
}

impl Default for RevisedDowning {
    fn default() -> Self {
        RevisedDowning {
            good: 1.0,
            bad: 0.0,
            nice_after_c: 0,
            nice_after_d: 0,
            after_c: 0,
            after_d: 0,
        }
    }
}

impl RevisedDowning {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "revised-downing",
        name: "Revised Downing",
        aliases: &[],
        description: "Estimates how often the opponent cooperates after its own C (good, 1 at \
                      first) and after its own D (bad, 0 at first), from the opponent's second \
                      move on. With c = 6 good \
                      - 8 bad - 2 and alt = 4 good - 5 bad - 1 it cooperates when c >= 0 and c \
                      >= alt, switches its last move when alt >= 0 otherwise, and defects \
                      otherwise. Cooperates first.",
        source: "Axelrod (1980), More Effective Choice in the Prisoner's Dilemma, second \
                 tournament entry by Leslie Downing (K59R)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(RevisedDowning::default()),
    };
}

impl Rule for RevisedDowning {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let Some(my_last) = me.last() else {
            return C;
        };
        // From the third turn: the opponent's last move answered its own
        // move of the turn before.
        if let Some(mine) = me.ago(1) {
            let nice = u32::from(them.last() == Some(C));
            if mine == D {
                self.nice_after_d += nice;
                self.after_d += 1;
                self.bad = f64::from(self.nice_after_d) / f64::from(self.after_d);
            } else {
                self.nice_after_c += nice;
                self.after_c += 1;
                self.good = f64::from(self.nice_after_c) / f64::from(self.after_c);
            }
        }
        let c = 6.0 * self.good - 8.0 * self.bad - 2.0;
        let alt = 4.0 * self.good - 5.0 * self.bad - 1.0;
        if c >= 0.0 && c >= alt {
            C
        } else if (0.0 <= c && c < alt) || alt >= 0.0 {
            my_last.flip()
        } else {
            D
        }
    }
}

family! {
    "Revised Downing";
    RevisedDowning => [RevisedDowning::INFO],
}
