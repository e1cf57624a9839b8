//! The hunters: rules that watch for one kind of opponent (an unconditional
//! defector or cooperator, an alternator, a cycler, a mathematical-constant
//! or a random player) and defect once they think they have found it.
//!
//! Each rule follows the axelrod library (4.14, `strategies/hunter.py`) move
//! for move. The library rescans the opponent's whole history for a cycle
//! every turn (`detect_cycle`); here each candidate period keeps a flag that
//! a single comparison per turn updates, which gives the same answers.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Shortest cycle the cycle hunters look for.
const MIN_PERIOD: u32 = 3;
/// Longest cycle the cycle hunters look for (axelrod's `detect_cycle` default).
const MAX_PERIOD: u32 = 12;
/// Bits `MIN_PERIOD..=MAX_PERIOD` set: every candidate period.
const ALL_PERIODS: u32 = ((1 << (MAX_PERIOD + 1)) - 1) & !((1 << MIN_PERIOD) - 1);

/// The periods `p` (bits of a mask) for which a sequence is still a
/// repetition of its first `p` moves, kept up to date one move at a time.
///
/// The sequence is the opponent's history from move `start` on (0-based).
/// A new move at position `j` (counted from `start`) breaks period `p`
/// when `j >= p` and it differs from the move `p` turns earlier, which is
/// exactly when axelrod's `detect_cycle` (comparing with the first `p`
/// moves) would reject `p`. Periods are at most 12, within the 64 moves
/// [`History`] keeps.
#[derive(Clone, Copy, Debug)]
struct Periods {
    start: u32,
    alive: u32,
}

impl Periods {
    const fn new(start: u32) -> Periods {
        Periods {
            start,
            alive: ALL_PERIODS,
        }
    }

    /// Takes in the opponent's latest move (`them` already holds it).
    #[inline]
    fn observe(&mut self, them: &History) {
        let Some(j) = them.len().checked_sub(1 + self.start) else {
            return;
        };
        let recent = them.recent_bits();
        let mut candidates = self.alive;
        while candidates != 0 {
            let p = candidates.trailing_zeros();
            candidates &= candidates - 1;
            if j >= p && (recent ^ (recent >> p)) & 1 == 1 {
                self.alive &= !(1 << p);
            }
        }
    }

    /// True when `detect_cycle` finds a cycle of 3 to 12 moves in the
    /// sequence (which holds `len` moves): some surviving period fits at
    /// least twice.
    #[inline]
    fn has_cycle(&self, len: u32) -> bool {
        let longest = (len / 2).min(MAX_PERIOD);
        if longest < MIN_PERIOD {
            return false;
        }
        let in_range = ((1u32 << (longest + 1)) - 1) & ALL_PERIODS;
        self.alive & in_range != 0
    }
}

/// Common catalogue fields of the hunters (all deterministic, unbounded
/// memory, no length, no payoffs).
macro_rules! hunter_info {
    ($id:literal, $name:literal, $description:expr, $source:literal, $build:expr) => {
        StrategyInfo {
            id: $id,
            name: $name,
            aliases: &[],
            description: $description,
            source: $source,
            memory_depth: None,
            stochastic: false,
            uses_length: false,
            uses_payoffs: false,
            long_run_time: false,
            game_display_name: None,
            params: &[],
            display_name: None,
            build: $build,
        }
    };
}

/// Defects once it has played 4 turns and the opponent has defected on
/// every turn so far (Karol Langner).
#[derive(Clone, Debug, Default)]
pub struct DefectorHunter;

impl DefectorHunter {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = hunter_info!(
        "defector-hunter",
        "Defector Hunter",
        "Cooperates, but from the fifth turn on defects whenever the opponent has defected on \
         every turn so far.",
        "Karol Langner, the axelrod library",
        |_| Strategy::from(DefectorHunter)
    );
}

impl Rule for DefectorHunter {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() >= 4 && them.cooperations() == 0 {
            D
        } else {
            C
        }
    }
}

/// Defects once it has played 4 turns and the opponent has cooperated on
/// every turn so far (Karol Langner).
#[derive(Clone, Debug, Default)]
pub struct CooperatorHunter;

impl CooperatorHunter {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = hunter_info!(
        "cooperator-hunter",
        "Cooperator Hunter",
        "Cooperates, but from the fifth turn on defects whenever the opponent has cooperated \
         on every turn so far.",
        "Karol Langner, the axelrod library",
        |_| Strategy::from(CooperatorHunter)
    );
}

impl Rule for CooperatorHunter {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() >= 4 && them.defections() == 0 {
            D
        } else {
            C
        }
    }
}

/// Cooperates for 6 turns; if the opponent alternated on all of them it
/// defects for the rest of the match (Karol Langner). As in the library the
/// verdict is taken once, on the seventh turn, from the first six moves.
#[derive(Clone, Debug, Default)]
pub struct AlternatorHunter {
    is_alternator: bool,
}

impl AlternatorHunter {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = hunter_info!(
        "alternator-hunter",
        "Alternator Hunter",
        "Cooperates on the first six turns. If the opponent's first six moves alternated \
         (each differs from the one before), defects for the rest of the match; otherwise \
         cooperates for the rest of the match.",
        "Karol Langner, the axelrod library",
        |_| Strategy::from(AlternatorHunter::default())
    );
}

impl Rule for AlternatorHunter {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.len() < 6 {
            return C;
        }
        if me.len() == 6 {
            let moves = them.recent_bits();
            // Each of the 5 neighbouring pairs among the 6 moves differs.
            self.is_alternator = (moves ^ (moves >> 1)) & 0b11111 == 0b11111;
        }
        if self.is_alternator { D } else { C }
    }
}

/// Defects for ever once the opponent's whole history is a repetition of a
/// cycle of 3 to 12 moves (seen at least twice) that mixes C and D
/// (Marc Harper).
#[derive(Clone, Debug)]
pub struct CycleHunter {
    periods: Periods,
    found: bool,
}

impl Default for CycleHunter {
    fn default() -> Self {
        CycleHunter {
            periods: Periods::new(0),
            found: false,
        }
    }
}

impl CycleHunter {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = hunter_info!(
        "cycle-hunter",
        "Cycle Hunter",
        "Cooperates until the opponent's history, from its first move, is a cycle of 3 to 12 \
         moves repeated (at least twice, the last repetition possibly cut short) and that \
         cycle holds both C and D; then defects for the rest of the match.",
        "Marc Harper, the axelrod library",
        |_| Strategy::from(CycleHunter::default())
    );
}

impl Rule for CycleHunter {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if self.found {
            return D;
        }
        self.periods.observe(them);
        // A periodic history is constant exactly when its cycle is.
        let mixed = them.defections() > 0 && them.cooperations() > 0;
        if mixed && self.periods.has_cycle(them.len()) {
            self.found = true;
            D
        } else {
            C
        }
    }
}

/// Cycle Hunter that ignores the opponent's first 10 moves and looks again
/// every 10 turns (Marc Harper). As in the library, the cycle found need
/// not mix C and D, and the verdict holds until the next check.
#[derive(Clone, Debug)]
pub struct EventualCycleHunter {
    periods: Periods,
    found: bool,
}

impl Default for EventualCycleHunter {
    fn default() -> Self {
        EventualCycleHunter {
            periods: Periods::new(Self::OFFSET),
            found: false,
        }
    }
}

impl EventualCycleHunter {
    /// Opponent moves skipped before looking for a cycle.
    const OFFSET: u32 = 10;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = hunter_info!(
        "eventual-cycle-hunter",
        "Eventual Cycle Hunter",
        "Cooperates for 10 turns and while the opponent has only cooperated. Every 10 turns \
         it checks whether the opponent's moves after the first 10 are a cycle of 3 to 12 \
         moves repeated at least twice (a constant run counts); until the next check it \
         defects if so and cooperates if not.",
        "Marc Harper, the axelrod library",
        |_| Strategy::from(EventualCycleHunter::default())
    );
}

impl Rule for EventualCycleHunter {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        self.periods.observe(them);
        let n = them.len();
        if n < Self::OFFSET || them.defections() == 0 {
            return C;
        }
        if n % 10 == 0 {
            self.found = self.periods.has_cycle(n - Self::OFFSET);
        }
        if self.found { D } else { C }
    }
}

/// Defects when the share of cooperation (both players' moves together)
/// is about the same in the first half, the middle half and the second half
/// of the match so far, as it is for the mathematical-constant players
/// (Karol Langner).
///
/// The window bounds move with the turn count, so the rule needs every
/// past turn: it keeps an unbounded buffer of one byte per turn (the
/// number of cooperations in it) plus three running window sums, so each
/// turn costs O(1).
#[derive(Clone, Debug, Default)]
pub struct MathConstantHunter {
    /// Cooperations (0 to 2) of both players on each turn so far.
    turns: Vec<u8>,
    /// Cooperations on turns `0..quarter`, `0..half`, `0..three_quarters`
    /// and `0..n`, with the bounds those sums have reached.
    quarter: (usize, u32),
    half: (usize, u32),
    three_quarters: (usize, u32),
    total: u32,
}

impl MathConstantHunter {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = hunter_info!(
        "math-constant-hunter",
        "Math Constant Hunter",
        "From turn 9 on, once the opponent has both cooperated and defected, compares the \
         share of cooperation among both players' moves in the first half, the middle half \
         and the second half of the turns so far; defects when the middle and second half \
         are both within 0.2 of the first half, otherwise cooperates.",
        "Karol Langner, the axelrod library",
        |_| Strategy::from(MathConstantHunter::default())
    );

    /// Moves a prefix sum's bound forward to `to`.
    fn advance(turns: &[u8], prefix: &mut (usize, u32), to: usize) {
        while prefix.0 < to {
            prefix.1 += u32::from(turns[prefix.0]);
            prefix.0 += 1;
        }
    }
}

impl Rule for MathConstantHunter {
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if let (Some(mine), Some(theirs)) = (me.last(), them.last()) {
            if self.turns.is_empty() {
                let expected = context.length.unwrap_or(0).min(1 << 16) as usize;
                self.turns.reserve(expected);
            }
            let cooperations = u8::from(mine == C) + u8::from(theirs == C);
            self.turns.push(cooperations);
            self.total += u32::from(cooperations);
        }
        let n = self.turns.len();
        if n < 8 || them.cooperations() == 0 || them.defections() == 0 {
            return C;
        }
        let (q, h, t) = (n / 4, n / 2, 3 * n / 4);
        Self::advance(&self.turns, &mut self.quarter, q);
        Self::advance(&self.turns, &mut self.half, h);
        Self::advance(&self.turns, &mut self.three_quarters, t);
        let first = self.half.1;
        let middle = self.three_quarters.1 - self.quarter.1;
        let second = self.total - self.half.1;
        let ratio = |count: u32, width: usize| 0.5 * f64::from(count) / width as f64;
        let ratio1 = ratio(first, h);
        let ratio2 = ratio(middle, t - q);
        let ratio3 = ratio(second, n - h);
        if (ratio1 - ratio2).abs() < 0.2 && (ratio1 - ratio3).abs() < 0.2 {
            D
        } else {
            C
        }
    }
}

/// Defects when the opponent's answers look random: after its own C the
/// opponent cooperated, and after its own D the opponent defected, each
/// about half the time (Karol Langner).
#[derive(Clone, Debug, Default)]
pub struct RandomHunter {
    /// Turns where its own previous move was C and the opponent then played C.
    count_cc: u32,
    /// Turns where its own previous move was D and the opponent then played D.
    count_dd: u32,
}

impl RandomHunter {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = hunter_info!(
        "random-hunter",
        "Random Hunter",
        "Counts how often the opponent answered its C with C and its D with D. After 10 \
         turns, divides each count by its own number of C (resp. D) moves, for the moves \
         played more than 5 times; defects when every such ratio is within 0.25 of one half, \
         otherwise cooperates.",
        "Karol Langner, the axelrod library",
        |_| Strategy::from(RandomHunter::default())
    );
}

impl Rule for RandomHunter {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() > 1 {
            match (me.ago(1), them.last()) {
                (Some(C), Some(C)) => self.count_cc += 1,
                (Some(D), Some(D)) => self.count_dd += 1,
                _ => {}
            }
        }
        if me.len() <= 10 {
            return C;
        }
        let near_half = |count: u32, of: u32| (f64::from(count) / f64::from(of) - 0.5).abs() < 0.25;
        let cooperations = me.cooperations();
        let defections = me.defections();
        let mut any = false;
        let mut all = true;
        if cooperations > 5 {
            any = true;
            all &= near_half(self.count_cc, cooperations);
        }
        if defections > 5 {
            any = true;
            all &= near_half(self.count_dd, defections);
        }
        if any && all { D } else { C }
    }
}

family! {
    "Hunters";
    DefectorHunter => [DefectorHunter::INFO],
    CooperatorHunter => [CooperatorHunter::INFO],
    AlternatorHunter => [AlternatorHunter::INFO],
    CycleHunter => [CycleHunter::INFO],
    EventualCycleHunter => [EventualCycleHunter::INFO],
    MathConstantHunter => [MathConstantHunter::INFO],
    RandomHunter => [RandomHunter::INFO],
}

#[cfg(test)]
mod tests {
    use super::*;

    /// axelrod's `detect_cycle(history, min_size=3, offset=start)` is not
    /// None, written plainly.
    fn detect_cycle(history: &[Action], start: usize) -> bool {
        let tail = &history[start.min(history.len())..];
        let longest = (tail.len() / 2).min(12);
        (3..=longest).any(|p| tail.iter().enumerate().all(|(j, a)| *a == tail[j % p]))
    }

    #[test]
    fn periods_agree_with_a_full_rescan() {
        // Every history of up to 16 moves, then a few long patterns.
        let mut cases: Vec<Vec<Action>> = Vec::new();
        for len in 0..=16u32 {
            for bits in 0..(1u32 << len) {
                cases.push(
                    (0..len)
                        .map(|i| Action::from_bit(u64::from(bits >> i)))
                        .collect(),
                );
            }
        }
        for pattern in [
            &[C, D, D][..],
            &[C, C, D, D, C],
            &[D, C, C, C, C, C, C, C, C, C, C, D],
        ] {
            cases.push(pattern.iter().copied().cycle().take(70).collect());
        }
        for start in [0u32, 10] {
            for case in &cases {
                let mut periods = Periods::new(start);
                let mut them = History::new();
                for (i, a) in case.iter().enumerate() {
                    them.push(*a);
                    periods.observe(&them);
                    let len = (i as u32 + 1).saturating_sub(start);
                    assert_eq!(
                        periods.has_cycle(len),
                        detect_cycle(&case[..=i], start as usize),
                        "{case:?} up to {i}, start {start}"
                    );
                }
            }
        }
    }
}
