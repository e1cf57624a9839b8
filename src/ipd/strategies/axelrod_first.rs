//! Entries of Axelrod's first tournament (1980) under their axelrod library
//! names ("First by Davis: 10", ...): with Tit For Tat and Grudger
//! (`tit_for_tat.rs`, `grudgers.rs`) and Random (`basic.rs`) all fifteen of
//! the library's `axelrod_first_strategies`, plus Calculator (PRISON).
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/axelrod_first.py`), which reconstructs the entries from
//! Axelrod (1980), Effective Choice in the Prisoner's Dilemma, quirks
//! included: Tideman and Chieruzzi and Stein and Rapoport defect on the last
//! two turns (the library's `FinalTransformer((D, D))`, which also shows in
//! their names) only when the length is known; Graaskamp's random gaps are
//! numpy's `randint(5, 15)`, i.e. 5 to 14; Downing's estimates count the
//! opponent's first move as an answer to a C; Feld's and Graaskamp's
//! stochastic flag is set whatever the parameters, as the library classifies
//! them. The chi-squared test is scipy's (`chi_squared.rs`).
//!
//! Invariant: a deterministic rule here plays exactly the library's moves
//! (tests/axelrod_catalogue.rs); a stochastic one draws only from the
//! match's generator and matches the library in distribution
//! (tests/axelrod_first.rs).

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, unit_interval};
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::chi_squared;
use crate::ipd::strategies::memory_one::MemoryOne;
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

/// Martin Shubik's entry: answers a defection that follows its own
/// cooperation with a run of defections one longer each time.
#[derive(Clone, Debug, Default)]
pub struct FirstByShubik {
    is_retaliating: bool,
    retaliation_length: u32,
    retaliation_remaining: u32,
}

impl FirstByShubik {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-shubik",
        name: "First by Shubik",
        aliases: &["shubik"],
        description: "Cooperates first. When the opponent defects after it cooperated, it \
                      defects k times in a row, where k is 1 the first time and grows by one \
                      each time; otherwise cooperates.",
        source: "Axelrod (1980), first tournament entry by Martin Shubik",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByShubik::default()),
    };

    fn decrease_retaliation_counter(&mut self) {
        if self.is_retaliating {
            self.retaliation_remaining -= 1;
            if self.retaliation_remaining == 0 {
                self.is_retaliating = false;
            }
        }
    }
}

impl Rule for FirstByShubik {
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
        if self.is_retaliating {
            self.decrease_retaliation_counter();
            return D;
        }
        if them.last() == Some(D) && me.last() == Some(C) {
            self.is_retaliating = true;
            self.retaliation_length += 1;
            self.retaliation_remaining = self.retaliation_length;
            self.decrease_retaliation_counter();
            return D;
        }
        C
    }
}

/// Johann Joss's entry: Tit For Tat that defects instead of cooperating
/// with probability 1 - p: the memory-one vector (p, 0, p, 0).
pub struct FirstByJoss;

impl FirstByJoss {
    /// Catalogue entry (built as a [`MemoryOne`]).
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-joss",
        name: "First by Joss",
        aliases: &["joss"],
        description: "Cooperates first; afterwards copies a defection and answers a \
                      cooperation with C only with probability p (0.9), else D: the memory-one \
                      vector (p, 0, p, 0).",
        source: "Axelrod (1980), first tournament entry by Johann Joss",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "p",
            description: "probability of cooperating after the opponent cooperated",
            default: 0.9,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| Strategy::from(MemoryOne::new([v[0], 0.0, v[0], 0.0], C)),
    };
}

/// Rudy Nydegger's entry: from the fourth turn on, scores the last three
/// turns as A = 16 a1 + 4 a2 + a3 (a = 0 for CC, 2 for CD, 1 for DC, 3 for
/// DD, own move first; a1 the latest) and defects exactly when A is one of
/// 19 listed values.
#[derive(Clone, Debug, Default)]
pub struct FirstByNydegger;

impl FirstByNydegger {
    /// The values of A after which it defects.
    const DEFECT_AFTER: [u32; 19] = [
        1, 6, 7, 17, 22, 23, 26, 29, 30, 31, 33, 38, 39, 45, 49, 54, 55, 58, 61,
    ];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-nydegger",
        name: "First by Nydegger",
        aliases: &["nydegger"],
        description: "Tit For Tat on the first three turns, except that it defects on the \
                      third turn when the opponent opened with D, C. Afterwards it scores the \
                      last three turns as A = 16 a1 + 4 a2 + a3 (a = 0 for CC, 2 for CD, 1 for \
                      DC, 3 for DD, own move first, a1 the latest turn) and defects exactly \
                      when A is one of 1, 6, 7, 17, 22, 23, 26, 29, 30, 31, 33, 38, 39, 45, \
                      49, 54, 55, 58, 61.",
        source: "Axelrod (1980), first tournament entry by Rudy Nydegger",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByNydegger),
    };
}

impl Rule for FirstByNydegger {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let tit_for_tat = if them.last() == Some(D) { D } else { C };
        match me.len() {
            0 => C,
            1 => tit_for_tat,
            // Opponent's first two moves D, C: bit 1 (turn 0) set, bit 0 clear.
            2 if them.recent_bits() & 0b11 == 0b10 => D,
            2 => tit_for_tat,
            _ => {
                let a = |back: u32| -> u32 {
                    let mine = me.ago(back).map_or(0, |m| m.bit() as u32);
                    let theirs = them.ago(back).map_or(0, |m| m.bit() as u32);
                    // CC 0, CD 2, DC 1, DD 3.
                    (theirs << 1) | mine
                };
                let score = 16 * a(0) + 4 * a(1) + a(2);
                if Self::DEFECT_AFTER.contains(&score) {
                    D
                } else {
                    C
                }
            }
        }
    }
}

/// Plays First by Joss (p = 0.9) for 20 turns; then, if the opponent's 20
/// moves so far repeat a cycle of length at most 10 (the axelrod library's
/// `detect_cycle`), defects for ever, otherwise plays Tit For Tat
/// (Calculator, from the PRISON project).
#[derive(Clone, Debug, Default)]
pub struct Calculator {
    /// Decided on turn 21: the opponent's opening was cyclic.
    cyclic: Option<bool>,
}

impl Calculator {
    /// Turns of Joss before the check.
    const JOSS_TURNS: u32 = 20;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "calculator",
        name: "Calculator",
        aliases: &[],
        description: "Plays First by Joss (p = 0.9) for 20 turns. If the opponent's 20 moves \
                      are a repetition of a cycle of length 1 to 10 it then defects for the \
                      rest of the match; otherwise it plays Tit For Tat.",
        source: "PRISON project (1998), Calculator",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Calculator::default()),
    };

    /// True when the opponent's first `n` moves (bit n - 1 = the first move,
    /// bit 0 the latest) repeat their first i moves for some i in
    /// 1..=min(n / 2, 10): the library's `detect_cycle(history)`.
    fn is_cyclic(bits: u64, n: u32) -> bool {
        let at = |j: u32| (bits >> (n - 1 - j)) & 1;
        (1..=(n / 2).min(10)).any(|i| (0..n).all(|j| at(j) == at(j % i)))
    }
}

impl Rule for Calculator {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let turn = me.len();
        if turn < Self::JOSS_TURNS {
            return match them.last() {
                None => C,
                Some(D) => D,
                Some(C) => crate::ipd::strategies::basic::random_choice(rng, 0.9),
            };
        }
        let cyclic = *self
            .cyclic
            .get_or_insert_with(|| Self::is_cyclic(them.recent_bits(), Self::JOSS_TURNS));
        // Defect for ever against a cycle; otherwise Tit For Tat.
        if cyclic || them.last() == Some(D) {
            D
        } else {
            C
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// The axelrod library's `FinalTransformer((D, D))`: the move on the last two
/// turns of a match of known length is D, whatever the rule proposed (the
/// rule is still consulted, so its state moves on). With no known length
/// (a random horizon; the library's length is then infinite) nothing
/// changes.
#[inline(always)]
pub(crate) fn defect_on_last_two(
    proposed: Action,
    turns_played: u32,
    context: &MatchContext,
) -> Action {
    match context.length {
        Some(length) if length > turns_played && length - turns_played <= 2 => D,
        _ => proposed,
    }
}

/// Display name suffix the library's `FinalTransformer((D, D))` adds.
pub(crate) const FINAL_DD: &str = ": (D, D)";

/// Nicolas Tideman and Paula Chieruzzi's entry (2nd in 1980): Tit For Tat
/// whose punishments grow by one with every defection it answers, with
/// "fresh starts" for an opponent that is behind and not random, and D on
/// the last two turns.
#[derive(Clone, Debug, Default)]
pub struct FirstByTidemanAndChieruzzi {
    is_retaliating: bool,
    retaliation_length: u32,
    retaliation_remaining: u32,
    current_score: f64,
    opponent_score: f64,
    /// Turn (1-based) of the last fresh start; 0 for none.
    last_fresh_start: u32,
    /// The second cooperation of a fresh start is due.
    fresh_start: bool,
    /// Opponent's defections since the last fresh start.
    remembered_defections: u32,
}

impl FirstByTidemanAndChieruzzi {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-tideman-and-chieruzzi",
        name: "First by Tideman and Chieruzzi",
        aliases: &["tideman-and-chieruzzi"],
        description: "Tit For Tat whose punishments grow by one defection each time, with fresh \
                      starts for an opponent that is behind and not random, and D on the last \
                      two turns. It cooperates first. Each time the opponent's last move is D while it is \
                      not already punishing, it starts a punishment of k defections, k = 1 the \
                      first time and one more each time. The opponent gets a fresh start (C, C, \
                      then everything forgotten) when it has just cooperated, it is at least 10 \
                      points behind, at least 20 turns have passed since the last fresh start, \
                      at least 10 turns remain, and its defections since the last fresh start \
                      are at least 3 standard deviations away from n/2 (n its moves so far). \
                      Defects on the last two turns when the length is known.",
        source: "Axelrod (1980), first tournament entry by Nicolas Tideman and Paula Chieruzzi",
        memory_depth: None,
        stochastic: false,
        uses_length: true,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| format!("First by Tideman and Chieruzzi{FINAL_DD}")),
        build: |_| Strategy::from(FirstByTidemanAndChieruzzi::default()),
    };

    fn decrease_retaliation_counter(&mut self) {
        if self.is_retaliating {
            self.retaliation_remaining -= 1;
            if self.retaliation_remaining == 0 {
                self.is_retaliating = false;
            }
        }
    }

    fn inner(&mut self, me: &History, them: &History, context: &MatchContext) -> Action {
        let (Some(mine), Some(theirs)) = (me.last(), them.last()) else {
            return C;
        };
        if theirs == D {
            self.remembered_defections += 1;
        }
        self.current_score += context.payoffs.payoff(mine, theirs);
        self.opponent_score += context.payoffs.payoff(theirs, mine);
        if self.fresh_start {
            self.fresh_start = false;
            return C; // the second cooperation of a fresh start
        }
        let current_round = me.len() + 1;
        let valid_fresh_start =
            self.last_fresh_start == 0 || current_round - self.last_fresh_start >= 20;
        if valid_fresh_start {
            let valid_points = self.current_score - self.opponent_score >= 10.0;
            // The library's length is infinite when it is not known.
            let valid_rounds = context
                .length
                .is_none_or(|l| i64::from(l) - i64::from(current_round) >= 10);
            if valid_points && valid_rounds && theirs == C {
                // Within 3 standard deviations of a fair coin's n / 2?
                let n = them.len() as f64;
                let std_deviation = n.powf(0.5) / 2.0;
                let lower = n / 2.0 - 3.0 * std_deviation;
                let upper = n / 2.0 + 3.0 * std_deviation;
                let remembered = self.remembered_defections as f64;
                if remembered <= lower || remembered >= upper {
                    self.last_fresh_start = current_round;
                    self.is_retaliating = false;
                    self.retaliation_length = 0;
                    self.retaliation_remaining = 0;
                    self.remembered_defections = 0;
                    self.fresh_start = true;
                    return C; // the first cooperation of a fresh start
                }
            }
        }
        if self.is_retaliating {
            self.decrease_retaliation_counter();
            return D;
        }
        if theirs == D {
            self.is_retaliating = true;
            self.retaliation_length += 1;
            self.retaliation_remaining = self.retaliation_length;
            self.decrease_retaliation_counter();
            return D;
        }
        C
    }
}

impl Rule for FirstByTidemanAndChieruzzi {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let proposed = self.inner(me, them, context);
        defect_on_last_two(proposed, me.len(), context)
    }
}

/// Bernard Grofman's entry (4th in 1980): cooperates after both players did
/// the same, and with probability 2/7 after they differed: the memory-one
/// vector (1, 2/7, 2/7, 1), opening with C.
pub struct FirstByGrofman;

impl FirstByGrofman {
    /// Catalogue entry (built as a [`MemoryOne`]).
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-grofman",
        name: "First by Grofman",
        aliases: &["grofman"],
        description: "Cooperates first and whenever both players made the same move on the \
                      previous turn; when they differed, cooperates with probability 2/7: the \
                      memory-one vector (1, 2/7, 2/7, 1).",
        source: "Axelrod (1980), first tournament entry by Bernard Grofman",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(MemoryOne::new([1.0, 2.0 / 7.0, 2.0 / 7.0, 1.0], C)),
    };
}

/// William Stein and Amnon Rapoport's entry (6th in 1980): Tit For Tat
/// after four cooperations, defecting for good stretches once a chi-squared
/// test says the opponent plays at random, and D on the last two turns.
#[derive(Clone, Debug)]
pub struct FirstBySteinAndRapoport {
    /// Significance level of the chi-squared test.
    pub alpha: f64,
    /// The test at level `alpha` (a threshold on the statistic).
    randomness: chi_squared::RandomnessTest,
    opponent_is_random: bool,
}

impl FirstBySteinAndRapoport {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-stein-and-rapoport",
        name: "First by Stein and Rapoport",
        aliases: &["stein-and-rapoport"],
        description: "Tit For Tat after four cooperations, defecting throughout against an \
                      opponent that a chi-squared test finds random, and on the last two turns. \
                      It cooperates on the first four turns, then plays Tit For Tat. On turns 15, \
                      30, 45, ... it runs a chi-squared test of the opponent's cooperations and \
                      defections so far against a 50-50 split (scipy's `chisquare`, one degree \
                      of freedom); until the next test it defects throughout when the p-value \
                      is at least `alpha` (0.05, the opponent looks random) and plays Tit For \
                      Tat otherwise. Defects on the last two turns when the length is known.",
        source: "Axelrod (1980), first tournament entry by William Stein and Amnon Rapoport",
        memory_depth: None,
        stochastic: false,
        uses_length: true,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "alpha",
            description: "significance level: the opponent counts as random when p >= alpha",
            default: 0.05,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: Some(|v| {
            format!(
                "First by Stein and Rapoport: {}{FINAL_DD}",
                crate::ipd::strategies::catalogue::python_float(v[0])
            )
        }),
        build: |v| {
            Strategy::from(FirstBySteinAndRapoport {
                alpha: v[0],
                randomness: chi_squared::RandomnessTest::new(v[0]),
                opponent_is_random: false,
            })
        },
    };

    fn inner(&mut self, them: &History, round: u32) -> Action {
        let tit_for_tat = them.last().unwrap_or(C);
        if round < 5 {
            return C;
        }
        if round < 15 {
            return tit_for_tat;
        }
        if round % 15 == 0 {
            self.opponent_is_random = self
                .randomness
                .looks_random(them.cooperations(), them.defections());
        }
        if self.opponent_is_random {
            D
        } else {
            tit_for_tat
        }
    }
}

impl Rule for FirstBySteinAndRapoport {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let proposed = self.inner(them, me.len() + 1);
        defect_on_last_two(proposed, me.len(), context)
    }
}

/// James Graaskamp's entry (9th in 1980): Tit For Tat with one probe on
/// turn 51, then defection against an opponent that looks random, Tit For
/// Tat against Tit For Tat or its own twin, and otherwise cooperation with a
/// defection every 5 to 14 turns.
#[derive(Clone, Debug)]
pub struct FirstByGraaskamp {
    /// Significance level of the chi-squared test.
    pub alpha: f64,
    /// The test at level `alpha` (a threshold on the statistic).
    randomness: chi_squared::RandomnessTest,
    opponent_is_random: bool,
    /// Every opponent move so far copied this player's previous move.
    opponent_copies_me: bool,
    /// Every opponent move so far equals this player's move of that turn.
    opponent_is_twin: bool,
    /// Turn count (moves played) at which the next random defection falls.
    next_random_defection_turn: Option<u32>,
}

impl FirstByGraaskamp {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-graaskamp",
        name: "First by Graaskamp",
        aliases: &["graaskamp"],
        description: "Tit For Tat with a probe on turn 51; later D for good against an opponent \
                      that looks random, Tit For Tat against Tit For Tat or its twin, otherwise C \
                      with a defection every 5 to 14 turns. It plays Tit For Tat for 50 turns, defects on turn 51, and plays Tit For \
                      Tat up to turn 56. From turn 57 on: once a chi-squared test of the \
                      opponent's cooperations and defections against a 50-50 split gives a \
                      p-value of at least `alpha` (0.05), it defects for the rest of the \
                      match; otherwise, if every opponent move so far copied its own previous \
                      move (Tit For Tat) or equalled its own move (a twin), it plays Tit For \
                      Tat; otherwise it cooperates except for one defection after a random \
                      5 to 14 turns (numpy's randint(5, 15)), again and again.",
        source: "Axelrod (1980), first tournament entry by James Graaskamp",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "alpha",
            description: "significance level: the opponent counts as random when p >= alpha",
            default: 0.05,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| {
            Strategy::from(FirstByGraaskamp {
                alpha: v[0],
                randomness: chi_squared::RandomnessTest::new(v[0]),
                opponent_is_random: false,
                opponent_copies_me: true,
                opponent_is_twin: true,
                next_random_defection_turn: None,
            })
        },
    };

    /// A gap of 5 to 14 turns, uniformly (numpy's `randint(5, 15)`
    /// excludes 15).
    fn gap(rng: &mut MatchRng) -> u32 {
        5 + ((unit_interval(rng) * 10.0) as u32).min(9)
    }
}

impl Rule for FirstByGraaskamp {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let turns = me.len();
        let Some(theirs) = them.last() else {
            return C;
        };
        // Keep the Tit For Tat and twin checks over the whole history: the
        // latest opponent move against this player's move before it and of
        // the same turn.
        if turns >= 2 && me.ago(1) != Some(theirs) {
            self.opponent_copies_me = false;
        }
        if me.last() != Some(theirs) {
            self.opponent_is_twin = false;
        }
        if turns < 56 {
            return if theirs == D || turns == 50 { D } else { C };
        }
        // Once random, random for good (the library recomputes the test
        // every turn but ORs it with the earlier verdict).
        if self.opponent_is_random
            || self
                .randomness
                .looks_random(them.cooperations(), them.defections())
        {
            self.opponent_is_random = true;
            return D;
        }
        if self.opponent_copies_me || self.opponent_is_twin {
            return theirs;
        }
        let next = *self
            .next_random_defection_turn
            .get_or_insert_with(|| Self::gap(rng) + turns);
        if turns == next {
            self.next_random_defection_turn = Some(Self::gap(rng) + turns);
            return D;
        }
        C
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Leslie Downing's entry (10th in 1980): estimates how likely the opponent
/// is to cooperate after its own C and after its own D, and plays whichever
/// of "always C" and "always D" pays more against those estimates.
#[derive(Clone, Debug, Default)]
pub struct FirstByDowning {
    /// Opponent cooperations that answered this player's C.
    cooperations_after_c: u32,
    /// Opponent cooperations that answered this player's D.
    cooperations_after_d: u32,
}

impl FirstByDowning {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-downing",
        name: "First by Downing",
        aliases: &["downing"],
        description: "Plays whichever of always-C and always-D pays more against its estimates \
                      of how often the opponent answers its C and its D with C, after opening \
                      D, D. It counts the opponent's cooperations that \
                      answered its own C (the opponent's first move counts as answering a C) \
                      and its own D, and estimates alpha = (answers to C) / (own C + 1) and \
                      beta = (answers to D) / max(own D, 2). It cooperates when \
                      alpha R + (1 - alpha) S > beta T + (1 - beta) P, defects when it is \
                      smaller, and reverses its previous move on a tie.",
        source: "Axelrod (1980), first tournament entry by Leslie Downing; Downing (1975)",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByDowning::default()),
    };
}

impl Rule for FirstByDowning {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match me.len() {
            0 => return D,
            1 => {
                if them.last() == Some(C) {
                    self.cooperations_after_c += 1;
                }
                return D;
            }
            _ => {}
        }
        if them.last() == Some(C) {
            match me.ago(1) {
                Some(C) => self.cooperations_after_c += 1,
                _ => self.cooperations_after_d += 1,
            }
        }
        let alpha = self.cooperations_after_c as f64 / (me.cooperations() + 1) as f64;
        let beta = self.cooperations_after_d as f64 / me.defections().max(2) as f64;
        let game = &context.payoffs;
        let cooperating = alpha * game.r + (1.0 - alpha) * game.s;
        let defecting = beta * game.t + (1.0 - beta) * game.p;
        if cooperating > defecting {
            C
        } else if cooperating < defecting {
            D
        } else {
            me.last().unwrap_or(C).flip()
        }
    }
}

/// Scott Feld's entry (11th in 1980): Tit For Tat whose answer to a
/// cooperation becomes C only with a probability falling linearly from 1 to
/// 1/2 over 200 turns.
#[derive(Clone, Debug)]
pub struct FirstByFeld {
    /// Probability of cooperating at the start.
    pub start_coop_prob: f64,
    /// Probability of cooperating at the end of the decay and after.
    pub end_coop_prob: f64,
    /// Turns over which the probability decays.
    pub rounds_of_decay: u32,
}

impl FirstByFeld {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-feld",
        name: "First by Feld",
        aliases: &["feld"],
        description: "Tit For Tat whose answer to a cooperation is C only with a probability \
                      falling linearly from 1 to 0.5 over 200 turns. It cooperates first and \
                      defects after every defection of the opponent. \
                      After a cooperation it cooperates with probability \
                      max(start + (end - start) k / rounds, end), k the number of turns \
                      played (start 1.0, end 0.5, rounds 200).",
        source: "Axelrod (1980), first tournament entry by Scott Feld",
        memory_depth: Some(200),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "start_coop_prob",
                description: "probability of cooperating after a C at the start",
                default: 1.0,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "end_coop_prob",
                description: "probability of cooperating after a C once the decay is over",
                default: 0.5,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "rounds_of_decay",
                description: "turns over which the probability falls linearly",
                default: 200.0,
                min: 1.0,
                max: 1e9,
                kind: ParamKind::Integer,
            },
        ],
        display_name: None,
        build: |v| {
            Strategy::from(FirstByFeld {
                start_coop_prob: v[0],
                end_coop_prob: v[1],
                rounds_of_decay: v[2] as u32,
            })
        },
    };

    /// The probability of answering a C with C after `turns` turns.
    pub fn cooperation_probability(&self, turns: u32) -> f64 {
        let slope = (self.end_coop_prob - self.start_coop_prob) / self.rounds_of_decay as f64;
        (self.start_coop_prob + slope * turns as f64).max(self.end_coop_prob)
    }
}

impl Rule for FirstByFeld {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match them.last() {
            None => C,
            Some(D) => D,
            Some(C) => random_choice(rng, self.cooperation_probability(me.len())),
        }
    }

    /// Stochastic for every parameter value, as the library classifies it.
    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Gordon Tullock's entry (13th in 1980): cooperates 11 times, then
/// cooperates 10 percentage points less often than the opponent did over
/// the last 10 turns.
#[derive(Clone, Debug, Default)]
pub struct FirstByTullock;

impl FirstByTullock {
    /// Turns of unconditional cooperation.
    const ROUNDS_TO_COOPERATE: u32 = 11;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-tullock",
        name: "First by Tullock",
        aliases: &["tullock"],
        description: "Cooperates on the first 11 turns, then 10 percentage points less often \
                      than the opponent did in the last 10 turns: with probability \
                      max(0, c / 10 - 0.1), c the opponent's cooperations in the last 10 turns.",
        source: "Axelrod (1980), first tournament entry by Gordon Tullock",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByTullock),
    };

    /// The probability of C given the opponent's cooperations in the last
    /// 10 turns (the library's float arithmetic).
    pub fn cooperation_probability(cooperations: u32) -> f64 {
        let rounds = (Self::ROUNDS_TO_COOPERATE - 1) as f64;
        (cooperations as f64 / rounds - 0.10).max(0.0)
    }
}

impl Rule for FirstByTullock {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if me.len() < Self::ROUNDS_TO_COOPERATE {
            return C;
        }
        let window = Self::ROUNDS_TO_COOPERATE - 1;
        let defections = (them.recent_bits() & ((1 << window) - 1)).count_ones();
        random_choice(rng, Self::cooperation_probability(window - defections))
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// The anonymous graduate student's entry (1980): every turn, draws a
/// cooperation probability uniformly from [0.3, 0.7] and cooperates with it.
#[derive(Clone, Debug, Default)]
pub struct FirstByAnonymous;

impl FirstByAnonymous {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-anonymous",
        name: "First by Anonymous",
        aliases: &["anonymous"],
        description: "Every turn draws a probability r uniformly from [0.3, 0.7] and \
                      cooperates with probability r, ignoring the opponent (so each move is C \
                      with probability 1/2).",
        source: "Axelrod (1980), first tournament entry by a graduate student whose name was \
                 withheld",
        memory_depth: Some(0),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByAnonymous),
    };
}

impl Rule for FirstByAnonymous {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, rng: &mut MatchRng) -> Action {
        // The library: uniform(3, 7) / 10, then random_choice.
        let r = (3.0 + 4.0 * unit_interval(rng)) / 10.0;
        random_choice(rng, r)
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

family! {
    "Axelrod's first tournament";
    FirstByDavis => [FirstByDavis::INFO],
    FirstByShubik => [FirstByShubik::INFO],
    FirstByNydegger => [FirstByNydegger::INFO],
    Calculator => [Calculator::INFO],
    FirstByTidemanAndChieruzzi => [FirstByTidemanAndChieruzzi::INFO],
    FirstBySteinAndRapoport => [FirstBySteinAndRapoport::INFO],
    FirstByGraaskamp => [FirstByGraaskamp::INFO],
    FirstByDowning => [FirstByDowning::INFO],
    FirstByFeld => [FirstByFeld::INFO],
    FirstByTullock => [FirstByTullock::INFO],
    FirstByAnonymous => [FirstByAnonymous::INFO]
    ; also [FirstByJoss::INFO, FirstByGrofman::INFO]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    fn moves(a: &str, b: &str, turns: u32, seed: u64) -> String {
        let a = PlayerSpec::new(a).build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut list = MoveList::default();
        play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut list,
        );
        list.first.iter().map(|m| m.letter()).collect()
    }

    /// Moves of `a` against `b` over a random horizon (length not told).
    fn moves_unknown_length(a: &str, b: &str, seed: u64) -> String {
        let a = PlayerSpec::new(a).build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Random {
                continuation: 0.99,
                cap: Some(300),
            },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut list = MoveList::default();
        play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut list,
        );
        list.first.iter().map(|m| m.letter()).collect()
    }

    #[test]
    fn the_last_two_defections_need_a_known_length() {
        for id in [
            "first-by-tideman-and-chieruzzi",
            "first-by-stein-and-rapoport",
        ] {
            // Cooperator is neither random nor ever defecting.
            assert_eq!(moves(id, "cooperator", 10, 0), "CCCCCCCCDD", "{id}");
            assert_eq!(moves(id, "cooperator", 1, 0), "D", "{id}");
            assert_eq!(moves(id, "cooperator", 2, 0), "DD", "{id}");
            for seed in 0..5 {
                let unknown = moves_unknown_length(id, "cooperator", seed);
                assert!(!unknown.contains('D'), "{id}: {unknown}");
            }
        }
    }

    #[test]
    fn tideman_punishes_longer_each_time() {
        // Against Alternator (C D C D ...): a D of the opponent seen while not
        // punishing starts a punishment one longer than the last. Turn 3
        // answers turn 2's D with 1 D; turn 5 answers turn 4's D with 2 (turns
        // 5-6); turn 7 sees turn 6's D, not punishing any more: 3 (turns 7-9);
        // turn 10 sees turn 9's C; turn 11 starts 4 (turns 11-14).
        let ours = moves("first-by-tideman-and-chieruzzi", "alternator", 16, 0);
        assert_eq!(&ours[..14], "CCDCDDDDDCDDDD");
    }

    #[test]
    fn downing_opens_with_two_defections_and_maximises_against_its_estimates() {
        // Against Defector: alpha = beta = 0, E(C) = S < E(D) = P.
        assert_eq!(moves("first-by-downing", "defector", 6, 0), "DDDDDD");
        // Against Cooperator, turn 3: alpha = 1/1 (the opening C counts as an
        // answer to a C), beta = 1/2: E(C) = R = 3 = E(D) = (T + P)/2, a tie,
        // so it reverses its last move to C. Turn 4: alpha = 1/2, beta = 1:
        // D; afterwards beta stays 1 and alpha at most 1: D.
        assert_eq!(moves("first-by-downing", "cooperator", 8, 0), "DDCDDDDD");
    }

    #[test]
    fn cycle_detection_is_the_librarys() {
        // Bits are read with the first move highest.
        let from = |text: &str| {
            text.chars()
                .fold(0u64, |bits, c| (bits << 1) | u64::from(c == 'D'))
        };
        assert!(Calculator::is_cyclic(from("CCCCCCCCCCCCCCCCCCCC"), 20));
        assert!(Calculator::is_cyclic(from("CDCDCDCDCDCDCDCDCDCD"), 20));
        assert!(Calculator::is_cyclic(from("CCDCCDCCDCCDCCDCCDCC"), 20));
        // Period 11 is longer than the library looks.
        assert!(!Calculator::is_cyclic(from("CCCCCCCCCCDCCCCCCCCC"), 20));
        assert!(!Calculator::is_cyclic(from("DCCCCCCCCCCCCCCCCCCC"), 20));
    }

    #[test]
    fn calculator_defects_against_cycles_and_answers_others_with_tit_for_tat() {
        for seed in 0..20 {
            // Alternator cycles: D from turn 21 on, whatever Joss did.
            let against_alternator = moves("calculator", "alternator", 40, seed);
            assert_eq!(&against_alternator[20..], "D".repeat(20), "seed {seed}");
            // Joss copies every D at once.
            let against_defector = moves("calculator", "defector", 30, seed);
            assert_eq!(against_defector, format!("C{}", "D".repeat(29)));
        }
    }
}
