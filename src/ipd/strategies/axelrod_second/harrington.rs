//! Paul Harrington's second-tournament entry (K75R, eighth).

use super::Uniform;
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// The three modes (the names are the library's, not Harrington's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Mode {
    #[default]
    Normal,
    /// Against an opponent that cooperated 36 times, then defected on turn 37.
    FairWeather,
    /// Against a random opponent, until the exit meter reaches 11.
    Defect,
}

/// Tit For Tat with a test defection on turn 37, occasional generous
/// "D, C, C" probes later, breaks of defection and parity streaks, and a
/// defect mode against opponents its chi-squared test finds random.
///
/// The rule in the library's reconstruction from the Fortran source, in
/// order, from turn 2 on:
///
/// - Defect mode: an exit meter goes up by 1 after an opponent D and down
///   by 3 after a C; at 11 or more it cooperates, schedules two more
///   cooperations and returns to Normal mode for good (no more random
///   tests); otherwise D.
/// - Until the first defect mode: from turn 3 it counts the opponent's
///   moves in a table by (own move, opponent move) two turns ago and the
///   opponent's last move, and on turns 30, 45, 60, ... it enters defect
///   mode (with D) when the opponent looks random: the CC-to-C cell holds
///   under 80 % of the counts, 25 % to 75 % of the counted opponent moves
///   are D, and the chi-squared statistic of the table, summed only over
///   cells whose expected count exceeds 1, is at most 3.
/// - An opponent D right after a generous move (two turns ago) sets
///   `burned` for good.
/// - Turn 38 with the opponent at 36 C and a D last: Fair-weather mode and
///   C. In Fair-weather mode an opponent C is answered with C; a D ends the
///   mode and the turn goes on as Normal.
/// - Normal: after 20 opponent D in a row, D. Otherwise the parity bit
///   flips and the streak it points to counts the opponent's D (reset by a
///   C); at the limit (5, 3 once it has been reached 8 times) the streak
///   resets and it cooperates. Otherwise a scheduled cooperation, then Tit
///   For Tat before turn 37, a generous D on turn 37, and afterwards, unless
///   burned, a generous D with probability `prob` (0.25, +0.05 each time)
///   instead of Tit For Tat. A generous D schedules two cooperations.
///
/// Bookkeeping kept exactly as the library's `try_return`: most C moves
/// use up a scheduled cooperation (the count may go negative) and age the
/// last generous move; most D moves of Normal mode (not those of the 37th
/// turn, of a generous probe or of the random test) also add one to the
/// current parity streak. Draws happen only where the library draws: after
/// turn 37 in Normal mode, not burned, with no streak and no scheduled
/// cooperation.
#[derive(Clone, Debug)]
pub struct SecondByHarrington {
    mode: Mode,
    /// Opponent defections counted in the table (from turn 3).
    recorded_defects: u32,
    exit_defect_meter: i64,
    /// Has been in defect mode (the table and the random test stop).
    was_defective: bool,
    /// Probability of a generous D after turn 37.
    prob: f64,
    /// Counts by row (own move two turns ago D: +2, opponent's D: +1) and
    /// column (opponent's last move).
    move_history: [[u32; 2]; 4],
    /// Scheduled cooperations (may go negative, as in the library).
    more_coop: i64,
    last_generous_n_turns_ago: u32,
    burned: bool,
    defect_streak: u32,
    parity_streak: [u32; 2],
    parity_bit: usize,
    parity_limit: u32,
    parity_hits: u32,
}

impl Default for SecondByHarrington {
    fn default() -> Self {
        SecondByHarrington {
            mode: Mode::Normal,
            recorded_defects: 0,
            exit_defect_meter: 0,
            was_defective: false,
            prob: 0.25,
            move_history: [[0; 2]; 4],
            more_coop: 0,
            last_generous_n_turns_ago: 3,
            burned: false,
            defect_streak: 0,
            parity_streak: [0; 2],
            parity_bit: 0,
            parity_limit: 5,
            parity_hits: 0,
        }
    }
}

impl SecondByHarrington {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "second-by-harrington",
        name: "Second by Harrington",
        aliases: &[],
        description: "Tit For Tat with a test defection on turn 37 followed by two scheduled \
                      cooperations, and afterwards a generous D (then C, C) with probability \
                      0.25, growing by 0.05 each time, until the opponent answers one with D. \
                      It defects after 20 opponent defections in a row and cooperates to break \
                      alternating-parity streaks of opponent defections. Every 15 turns from \
                      turn 30 a chi-squared test on the opponent's answers to the last two \
                      moves may find it random: then it defects until a meter (+1 per opponent \
                      D, -3 per C) reaches 11. An opponent that cooperates 36 times then \
                      defects is met with cooperation while it keeps cooperating.",
        source: "Axelrod (1980), second tournament entry by Paul Harrington (K75R)",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SecondByHarrington::default()),
    };

    /// The library's end-of-turn bookkeeping for a returned move: a C uses
    /// up a scheduled cooperation and ages the last generous move
    /// (`lower_flags`); a D adds to the current parity streak (`inc_parity`).
    fn answer(&mut self, action: Action, lower_flags: bool, inc_parity: bool) -> Action {
        if lower_flags && action == C {
            self.more_coop -= 1;
            self.last_generous_n_turns_ago = self.last_generous_n_turns_ago.saturating_add(1);
        }
        if inc_parity && action == D {
            self.parity_streak[self.parity_bit] += 1;
        }
        action
    }

    /// Pearson's statistic of the table against independence, summed over
    /// the cells whose expected count exceeds 1 (the library's float order).
    fn chi_squared(&self, turn: u32) -> f64 {
        let denominator = (turn - 2) as f64;
        let rows = self.move_history.map(|[a, b]| (a + b) as f64);
        let columns = [0, 1].map(|j| self.move_history.iter().map(|r| r[j]).sum::<u32>() as f64);
        let mut statistic = 0.0;
        for (i, row) in rows.iter().enumerate() {
            for (j, column) in columns.iter().enumerate() {
                let expected = row * column / denominator;
                if expected > 1.0 {
                    let observed = self.move_history[i][j] as f64;
                    statistic += (expected - observed).powi(2) / expected;
                }
            }
        }
        statistic
    }

    /// The random test of turn `turn` (a multiple of 15 from 30).
    fn looks_random(&self, turn: u32) -> bool {
        let denominator = (turn - 2) as f64;
        if self.move_history[0][0] as f64 / denominator >= 0.8 {
            return false;
        }
        let defect_rate = self.recorded_defects as f64 / denominator;
        if !(0.25..=0.75).contains(&defect_rate) {
            return false;
        }
        self.chi_squared(turn) <= 3.0
    }

    /// The move after both histories, drawing from `uniform` where the
    /// library draws.
    pub(super) fn decide(
        &mut self,
        me: &History,
        them: &History,
        uniform: &mut impl Uniform,
    ) -> Action {
        let Some(their_last) = them.last() else {
            return C;
        };
        let turn = me.len() + 1;

        if self.mode == Mode::Defect {
            if their_last == D {
                self.exit_defect_meter += 1;
            } else {
                self.exit_defect_meter -= 3;
            }
            if self.exit_defect_meter >= 11 {
                self.mode = Mode::Normal;
                self.was_defective = true;
                self.more_coop = 2;
                return C;
            }
            return D;
        }

        if !self.was_defective {
            if turn > 2 {
                if their_last == D {
                    self.recorded_defects += 1;
                }
                let row =
                    (me.ago(1).unwrap_or(C).bit() * 2 + them.ago(1).unwrap_or(C).bit()) as usize;
                self.move_history[row][their_last.bit() as usize] += 1;
            }
            if turn % 15 == 0 && turn > 15 && self.looks_random(turn) {
                self.mode = Mode::Defect;
                return D;
            }
        }

        if self.last_generous_n_turns_ago == 2 && their_last == D {
            self.burned = true;
        }

        if turn == 38 && their_last == D && them.cooperations() == 36 {
            self.mode = Mode::FairWeather;
            return C;
        }
        if self.mode == Mode::FairWeather {
            if their_last == D {
                self.mode = Mode::Normal;
            } else {
                return self.answer(C, true, false);
            }
        }

        // Streaks of opponent defections.
        if their_last == D {
            self.defect_streak += 1;
        } else {
            self.defect_streak = 0;
        }
        if self.defect_streak >= 20 {
            return self.answer(D, true, true);
        }
        self.parity_bit = 1 - self.parity_bit;
        let bit = self.parity_bit;
        if their_last == D {
            self.parity_streak[bit] += 1;
        } else {
            self.parity_streak[bit] = 0;
        }
        if self.parity_streak[bit] >= self.parity_limit {
            self.parity_streak[bit] = 0;
            self.parity_hits += 1;
            if self.parity_hits >= 8 {
                self.parity_limit = 3;
            }
            return self.answer(C, true, true);
        }

        if self.more_coop >= 1 {
            return self.answer(C, true, true);
        }
        if turn < 37 {
            return self.answer(their_last, true, true);
        }
        if turn == 37 {
            self.more_coop = 2;
            self.last_generous_n_turns_ago = 1;
            return D;
        }
        // The library draws r and plays Tit For Tat when r > prob.
        if self.burned || uniform() > self.prob {
            return self.answer(their_last, true, true);
        }
        self.prob += 0.05;
        self.more_coop = 2;
        self.last_generous_n_turns_ago = 1;
        D
    }
}

impl Rule for SecondByHarrington {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        self.decide(me, them, &mut || unit_interval(rng))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_random_test_is_the_librarys() {
        // Values from the library's calculate_chi_squared / detect_random.
        let mut rule = SecondByHarrington {
            move_history: [[5, 3], [2, 4], [1, 6], [3, 2]],
            recorded_defects: 15,
            ..SecondByHarrington::default()
        };
        assert_eq!(rule.chi_squared(28), 4.427503607503607);
        assert!(!rule.looks_random(28));
        rule.move_history = [[4, 4], [3, 4], [3, 4], [3, 3]];
        assert_eq!(rule.chi_squared(30), 0.14358974358974358);
        assert!(rule.looks_random(30));
        // Mostly mutual cooperation (25 of 30) is never random.
        rule.move_history = [[25, 1], [1, 1], [1, 0], [1, 0]];
        assert!(!rule.looks_random(32));
        // Nor is an opponent defecting under 25 % of the time.
        rule.move_history = [[4, 4], [3, 4], [3, 4], [3, 3]];
        rule.recorded_defects = 6;
        assert!(!rule.looks_random(30));
    }

    #[test]
    fn defects_on_turn_37_then_cooperates_twice() {
        let mut rule = SecondByHarrington::default();
        let (mut me, mut them) = (History::new(), History::new());
        let mut moves = String::new();
        for _ in 0..40 {
            let ours = rule.decide(&me, &them, &mut || panic!("no draw"));
            moves.push(ours.letter());
            me.push(ours);
            // Tit For Tat.
            them.push(me.ago(1).unwrap_or(C));
        }
        assert_eq!(moves, format!("{}DCCC", "C".repeat(36)));
        assert!(rule.burned);
    }
}
