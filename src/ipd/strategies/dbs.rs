//! DBS, the Derived Belief Strategy (Au & Nau 2006): it learns the
//! opponent's policy (the chance it cooperates after each joint outcome),
//! tells deliberate changes from noise, and picks its move by a look-ahead
//! search against that policy.
//!
//! It follows the axelrod library (4.14, `strategies/dbs.py`) move for
//! move, with the same floating-point operations in the same order, so the
//! search's ties (broken towards C) fall the same way. Where the library
//! recomputes from scratch every turn, this keeps state:
//!
//! - the promotion test (the opponent answered an outcome the same way the
//!   last k times) is a per-outcome streak;
//! - the discounted frequencies are sums over the turns where the outcome
//!   occurred, newest first, with the library's own powers of the discount
//!   factor; a sum stops at the first term too small to change it (each
//!   later term is smaller still, so the float result is unchanged), which
//!   bounds the work per turn (about 130 terms for the default 0.75);
//! - the search tree's value depends only on a node's outcome and depth, so
//!   the depth-5 tree (4^5 leaves in the library) is 4 values per level.
//!
//! Its memory grows with the match: one turn index per turn (the turns on
//! which each outcome occurred), and the powers of the discount factor
//! until they underflow to 0.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::action::state_index;
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Value of each joint outcome (CC, CD, DC, DD) in the search: the standard
/// payoffs, fixed whatever the match's payoffs (as in the library).
const VALUES: [f64; 4] = [3.0, 0.0, 5.0, 1.0];

/// A term `t` with `t * 2^54 <= s` is below half the spacing of floats
/// above `s`, so `s + t` rounds back to `s`.
const NEGLIGIBLE: f64 = (1u64 << 54) as f64;

/// The opponent's answers (cooperated or not) to one joint outcome, as the
/// library's lists G and F: entry 0 is the prior (Tit For Tat), entry `i`
/// the `i`-th update.
#[derive(Clone, Debug, Default)]
struct Answers {
    /// Entries where the outcome occurred (F = 1), in increasing order.
    occurred: Vec<u32>,
    /// Entries where it occurred and the opponent then cooperated (G = 1).
    cooperated: Vec<u32>,
    /// Latest answer and how many times in a row (prior excluded) the
    /// opponent gave it.
    streak: (bool, u32),
}

/// The Derived Belief Strategy (Tsz-Chiu Au and Dana Nau).
///
/// Rules are kept as `Option<bool>` per outcome (CC, CD, DC, DD): `None`
/// when the set has no rule for it, else whether the opponent cooperates.
/// Quirk kept from the library: when an outcome has a rule both in the
/// deterministic set Rc and in the default set Rd (possible after a
/// demotion), the Rd rule is the one used.
///
/// Where the library divides 0 by 0 (an outcome not seen for so long that
/// every discounted weight underflowed, about 2,600 turns at 0.75; the
/// library raises ZeroDivisionError), the weights are rescaled so the
/// latest occurrence weighs 1.
#[derive(Clone, Debug)]
pub struct Dbs {
    alpha: f64,
    promotion_threshold: u32,
    violation_threshold: u32,
    reject_threshold: u32,
    depth: u32,
    /// Default rules (start: Tit For Tat) and deterministic rules.
    rd: [Option<bool>; 4],
    rc: [Option<bool>; 4],
    /// Consecutive violations of each Rc rule.
    violations: [u32; 4],
    /// Violations of Rd rules since Rd was last cleared.
    v: u32,
    /// Boxed to keep the strategy enum small.
    answers: Box<[Answers; 4]>,
    /// Updates so far (the index of the latest list entry).
    updates: u32,
    /// alpha^k as the library computes it (repeated products), until 0.
    powers: Vec<f64>,
    /// The opponent's modelled chance of cooperating after each outcome.
    policy: [f64; 4],
}

impl Dbs {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "dbs",
        name: "DBS",
        aliases: &["derived-belief-strategy"],
        description: "Models the opponent as the chance it cooperates after each joint outcome, \
                      starting from Tit For Tat. An answer repeated promotion_threshold times in \
                      a row becomes a deterministic rule; a rule violated violation_threshold \
                      times in a row is demoted to the default rules, which are dropped after \
                      more than reject_threshold violations; other outcomes use discounted \
                      frequencies of the opponent's answers. Each turn it searches tree_depth \
                      turns ahead (values 3, 0, 5, 1) and plays the move with the higher \
                      expected value, C on a tie.",
        source: "Au & Nau (2006), Accident or intention: that is the question (in the \
                 noisy iterated prisoner's dilemma), AAMAS",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: true,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "discount_factor",
                description: "weight of each older answer in the discounted frequencies",
                default: 0.75,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "promotion_threshold",
                description: "same answers in a row that make a deterministic rule",
                default: 3.0,
                min: 0.0,
                max: 1000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "violation_threshold",
                description: "violations in a row that demote the deterministic rules",
                default: 4.0,
                min: 0.0,
                max: 1000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "reject_threshold",
                description: "violations of the default rules beyond which they are dropped",
                default: 3.0,
                min: 0.0,
                max: 1000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "tree_depth",
                description: "turns the search looks ahead",
                default: 5.0,
                min: 1.0,
                max: 100.0,
                kind: ParamKind::Integer,
            },
        ],
        display_name: None,
        build: |v| {
            Strategy::from(Dbs::new(
                v[0],
                v[1] as u32,
                v[2] as u32,
                v[3] as u32,
                v[4] as u32,
            ))
        },
    };

    /// Tit For Tat: the prior rules and the prior list entries.
    const TIT_FOR_TAT: [bool; 4] = [true, true, false, false];

    /// A fresh player with these parameters.
    pub fn new(
        alpha: f64,
        promotion_threshold: u32,
        violation_threshold: u32,
        reject_threshold: u32,
        depth: u32,
    ) -> Dbs {
        let answers = Self::TIT_FOR_TAT.map(|cooperates| Answers {
            occurred: vec![0],
            cooperated: if cooperates { vec![0] } else { Vec::new() },
            streak: (false, 0),
        });
        Dbs {
            alpha,
            promotion_threshold,
            violation_threshold,
            reject_threshold,
            depth,
            rd: Self::TIT_FOR_TAT.map(Some),
            rc: [None; 4],
            violations: [0; 4],
            v: 0,
            answers: Box::new(answers),
            updates: 0,
            powers: vec![1.0],
            policy: Self::TIT_FOR_TAT.map(|c| if c { 1.0 } else { 0.0 }),
        }
    }

    /// alpha^k, the library's `alpha_k` after k products.
    fn power(&mut self, k: u32) -> f64 {
        let k = k as usize;
        while self.powers.len() <= k {
            let last = self.powers[self.powers.len() - 1];
            if last == 0.0 {
                return 0.0;
            }
            self.powers.push(self.alpha * last);
        }
        self.powers[k]
    }

    /// The discounted sum over `entries` (newest last) of alpha^(age -
    /// `shift`), added newest first as the library does, stopping once the
    /// terms can no longer change it.
    fn discounted(&mut self, entries: &[u32], shift: u32) -> f64 {
        let mut sum = 0.0;
        for &entry in entries.iter().rev() {
            let term = self.power(self.updates - entry - shift);
            if term * NEGLIGIBLE <= sum {
                break;
            }
            sum += term;
        }
        sum
    }

    /// The library's `compute_prob_rule`: the discounted share of C answers
    /// to `outcome`.
    fn probability(&mut self, outcome: usize) -> f64 {
        let answers = std::mem::take(&mut self.answers[outcome]);
        let p = if self.alpha == 1.0 {
            // Every weight is 1: the sums are counts, exact.
            answers.cooperated.len() as f64 / answers.occurred.len() as f64
        } else {
            let g = self.discounted(&answers.cooperated, 0);
            let f = self.discounted(&answers.occurred, 0);
            if f > 0.0 {
                g / f
            } else {
                // Every weight underflowed: rescale so the latest
                // occurrence weighs 1.
                let latest = answers.occurred.last().copied().unwrap_or(0);
                let shift = self.updates - latest;
                self.discounted(&answers.cooperated, shift)
                    / self.discounted(&answers.occurred, shift)
            }
        };
        self.answers[outcome] = answers;
        p
    }

    /// Learns from the opponent's latest move, answering `outcome` (the
    /// joint outcome of the turn before).
    fn learn(&mut self, outcome: usize, cooperated: bool) {
        self.updates += 1;
        let answers = &mut self.answers[outcome];
        answers.occurred.push(self.updates);
        if cooperated {
            answers.cooperated.push(self.updates);
        }
        answers.streak = match answers.streak {
            (last, run) if last == cooperated => (last, run + 1),
            _ => (cooperated, 1),
        };
        let streak = answers.streak.1;

        if self.rc[outcome].is_none() && streak >= self.promotion_threshold {
            self.rc[outcome] = Some(cooperated);
            self.violations[outcome] = 0;
        }
        if let Some(rule) = self.rc[outcome] {
            if rule == cooperated {
                self.violations[outcome] = 0;
            } else {
                self.violations[outcome] += 1;
                if self.violations[outcome] >= self.violation_threshold {
                    for (default, deterministic) in self.rd.iter_mut().zip(self.rc) {
                        if deterministic.is_some() {
                            *default = deterministic;
                        }
                    }
                    self.rc = [None; 4];
                    self.violations = [0; 4];
                    self.v = 0;
                }
            }
        }
        let confirms_rc = self.rc[outcome] == Some(cooperated);
        let violates_rd = self.rd[outcome] == Some(!cooperated);
        if violates_rd {
            self.v += 1;
        }
        if self.v > self.reject_threshold || (confirms_rc && violates_rd) {
            self.rd = [None; 4];
            self.v = 0;
        }

        for o in 0..4 {
            // Rd before Rc: the library's dict update order.
            self.policy[o] = match self.rd[o].or(self.rc[o]) {
                Some(rule) => f64::from(u8::from(rule)),
                None => self.probability(o),
            };
        }
    }

    /// The expected values of playing C and of playing D after `outcome`,
    /// searching `depth` turns against `policy` (the library's
    /// `minimax_tree_search` from a depth-0 node).
    fn search(policy: &[f64; 4], outcome: usize, depth: u32) -> (f64, f64) {
        // The value of a node at the deepest level is its outcome's value.
        let mut below = VALUES;
        // Expected value of my move `mine` (0 = C, 2 = D) after an outcome
        // whose opponent policy is p, from the values one level down.
        let expect =
            |below: &[f64; 4], p: f64, mine: usize| p * below[mine] + (1.0 - p) * below[mine + 1];
        for _ in 1..depth {
            let mut level = [0.0; 4];
            for (o, value) in level.iter_mut().enumerate() {
                let c = expect(&below, policy[o], 0);
                let d = expect(&below, policy[o], 2);
                *value = if d > c { d } else { c } + VALUES[o];
            }
            below = level;
        }
        let p = policy[outcome];
        (
            expect(&below, p, 0) + VALUES[outcome],
            expect(&below, p, 2) + VALUES[outcome],
        )
    }
}

impl Rule for Dbs {
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let (Some(mine), Some(theirs)) = (me.last(), them.last()) else {
            return C;
        };
        if let (Some(before_mine), Some(before_theirs)) = (me.ago(1), them.ago(1)) {
            self.learn(state_index(before_mine, before_theirs), theirs == C);
        }
        let (c, d) = Self::search(&self.policy, state_index(mine, theirs), self.depth);
        if d > c { D } else { C }
    }
}

family! {
    "Derived belief";
    Dbs => [Dbs::INFO],
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The library's `compute_prob_rule` over full 0/1 lists, plainly.
    fn plain_probability(g: &[u8], f: &[u8], alpha: f64) -> f64 {
        let (mut dg, mut df, mut alpha_k) = (0.0, 0.0, 1.0);
        for (&gi, &fi) in g.iter().rev().zip(f.iter().rev()) {
            dg += alpha_k * f64::from(gi);
            df += alpha_k * f64::from(fi);
            alpha_k *= alpha;
        }
        dg / df
    }

    #[test]
    fn discounted_frequencies_match_the_full_sums() {
        for alpha in [0.75, 0.9, 0.5, 0.99, 0.3, 1.0] {
            let mut dbs = Dbs::new(alpha, 3, 4, 3, 5);
            // Lists as the library keeps them, with the prior entries.
            let mut g: Vec<Vec<u8>> = Dbs::TIT_FOR_TAT
                .iter()
                .map(|&c| vec![u8::from(c)])
                .collect();
            let mut f: Vec<Vec<u8>> = vec![vec![1]; 4];
            let mut state = 12_345u64;
            for turn in 0..600 {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                // Outcome 3 stops occurring after turn 100.
                let outcome = ((state >> 33) % if turn < 100 { 4 } else { 3 }) as usize;
                let cooperated = (state >> 40) % 3 != 0;
                dbs.learn(outcome, cooperated);
                for o in 0..4 {
                    let hit = o == outcome;
                    g[o].push(u8::from(hit && cooperated));
                    f[o].push(u8::from(hit));
                    let expected = plain_probability(&g[o], &f[o], alpha);
                    assert_eq!(
                        dbs.probability(o).to_bits(),
                        expected.to_bits(),
                        "alpha {alpha}, turn {turn}, outcome {o}"
                    );
                }
            }
        }
    }

    /// The library's recursive search, plainly.
    fn plain_search(policy: &[f64; 4], outcome: usize, depth: u32, max: u32) -> f64 {
        if depth == max {
            return VALUES[outcome];
        }
        let p = policy[outcome];
        let child = |mine: usize| {
            p * plain_search(policy, mine, depth + 1, max)
                + (1.0 - p) * plain_search(policy, mine + 1, depth + 1, max)
        };
        let (a, b) = (child(0), child(2));
        (if b > a { b } else { a }) + VALUES[outcome]
    }

    #[test]
    fn level_search_equals_the_tree() {
        let policies = [
            [1.0, 1.0, 0.0, 0.0],
            [0.3, 0.9, 0.1, 0.55],
            [0.5, 0.5, 0.5, 0.5],
        ];
        for policy in &policies {
            for depth in 1..=6 {
                for outcome in 0..4 {
                    let (c, d) = Dbs::search(policy, outcome, depth);
                    let p = policy[outcome];
                    let child = |mine: usize| {
                        p * plain_search(policy, mine, 1, depth)
                            + (1.0 - p) * plain_search(policy, mine + 1, 1, depth)
                    };
                    assert_eq!(c.to_bits(), (child(0) + VALUES[outcome]).to_bits());
                    assert_eq!(d.to_bits(), (child(2) + VALUES[outcome]).to_bits());
                }
            }
        }
    }
}
