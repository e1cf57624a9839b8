//! The equally good proposals of the round whose proposal passes, listed in
//! tie-break order (the first one is the headline answer).
//!
//! They differ only in which b of the a voters at the threshold price are
//! paid (see [`crate::dilemmas::pirates::induction`]); this enumerates those
//! choices, most preferred by the tie-break first, up to a limit.
//!
//! Invariant: every listed allocation gives the proposer the same gold and
//! passes; the voters' prices come from the continuation the induction kept
//! ([`Solution::continuation`]: the game of the pirates junior to the
//! proposer, as solving it again would give), so listing costs no second
//! induction.

use crate::dilemmas::pirates::induction::{Fate, Solution};
use crate::dilemmas::pirates::rules::{Temperament, TieBreak};

/// Most equally good proposals listed (there can be astronomically many;
/// each listed one is a vector of N amounts).
pub const MAX_LISTED: usize = 1000;

/// Up to `limit` equally good allocations of the passing round, each for all
/// N pirates (0 for those thrown overboard), in tie-break order.
pub fn equally_good(solution: &Solution, limit: usize) -> Vec<Vec<u64>> {
    let game = solution.game;
    let round = solution.passing_round();
    let proposer = round.proposer;
    let keeps = round.proposer_keeps.unwrap_or(0);
    let prices: Vec<u64> = solution
        .continuation
        .iter()
        .map(|f| match (f, game.rules.temperament) {
            (Fate::Overboard, _) => 0,
            (Fate::Keeps(c), Temperament::Bloodthirsty) => c + 1,
            (Fate::Keeps(c), Temperament::Benevolent) => *c,
        })
        .collect();
    let base = |amounts: &[u64]| {
        let mut a = vec![0u64; game.pirates];
        a[proposer] = keeps;
        a[proposer + 1..].copy_from_slice(amounts);
        a
    };
    let (t, b) = match round.threshold {
        Some((t, _, b)) if t > 0 => (t, b),
        _ => return vec![solution.allocation()],
    };
    let fixed: Vec<u64> = prices.iter().map(|&p| if p < t { p } else { 0 }).collect();
    // Candidates in tie-break order of preference.
    let mut candidates: Vec<usize> = (0..prices.len()).filter(|&i| prices[i] == t).collect();
    if game.rules.tie_break == TieBreak::Junior {
        candidates.reverse();
    }
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..b).collect();
    loop {
        let mut amounts = fixed.clone();
        for &i in &pick {
            amounts[candidates[i]] = t;
        }
        out.push(base(&amounts));
        if out.len() >= limit {
            break;
        }
        // Next combination in lexicographic order of candidate positions.
        let a = candidates.len();
        let Some(j) = (0..b).rev().find(|&j| pick[j] < a - b + j) else {
            break;
        };
        pick[j] += 1;
        for k in j + 1..b {
            pick[k] = pick[k - 1] + 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dilemmas::pirates::brute_force::brute_force;
    use crate::dilemmas::pirates::induction::solve;
    use crate::dilemmas::pirates::rules::PirateGame;
    use crate::dilemmas::pirates::rules::{Majority, Rules};

    #[test]
    fn lists_every_alternative_of_small_games() {
        for majority in [Majority::TiePasses, Majority::Strict] {
            for tie_break in [TieBreak::Junior, TieBreak::Senior] {
                let rules = Rules {
                    majority,
                    tie_break,
                    ..Rules::default()
                };
                for (n, g) in [(6, 2), (7, 2), (8, 2), (10, 3), (9, 1), (4, 5)] {
                    let game = PirateGame::new(n, g, rules).unwrap();
                    let s = solve(&game, 0);
                    let listed = equally_good(&s, usize::MAX);
                    // The kept continuation is the smaller game's solution.
                    let alive = s.passing_round().alive;
                    let smaller = PirateGame {
                        pirates: alive - 1,
                        ..game
                    };
                    let again = if alive == 1 {
                        Vec::new()
                    } else {
                        solve(&smaller, 0).fates
                    };
                    assert_eq!(s.continuation, again, "N={n} G={g} {rules}");
                    let count = usize::try_from(&s.passing_round().alternatives()).unwrap();
                    assert_eq!(listed.len(), count, "N={n} G={g} {rules}");
                    assert_eq!(listed[0], s.allocation(), "headline first");
                    let mut unique = listed.clone();
                    unique.sort();
                    unique.dedup();
                    assert_eq!(unique.len(), listed.len());
                    // Each is a passing best allocation per brute force: same
                    // proposer gold, same total.
                    let brute = brute_force(&game);
                    let best = brute.rounds[s.passing_round().alive - 1]
                        .best
                        .clone()
                        .unwrap();
                    for a in &listed {
                        assert_eq!(a.iter().sum::<u64>(), g as u64);
                        assert_eq!(a[s.proposer()], best[0]);
                    }
                }
            }
        }
    }
}
