//! The pirate split solved by trying every allocation: a check on
//! [`crate::dilemmas::pirates::induction`] for small N and G.
//!
//! For each number of pirates alive, every way of splitting the coins among
//! them (C(G + k - 1, k - 1) allocations) is put to the vote. Each voter
//! compares the proposal with what he gets if the proposer is thrown
//! overboard (the smaller game, solved the same way): survival first, then
//! gold, then the temperament decides when he is indifferent. Among passing
//! allocations the proposer takes those giving him the most gold; the
//! tie-break picks the lexicographically smallest allocation, most senior
//! first (coins go to the most junior), for [`TieBreak::Junior`] and the
//! largest for [`TieBreak::Senior`]. Nothing about prices or thresholds is
//! assumed. Exponential: only for tests and small teaching examples.

use crate::dilemmas::pirates::induction::Fate;
use crate::dilemmas::pirates::rules::{PirateGame, Temperament, TieBreak};

/// One round of the brute-force solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BruteRound {
    /// Pirates alive.
    pub alive: usize,
    /// Whether some allocation passes.
    pub survives: bool,
    /// The chosen allocation (proposer first) when one passes.
    pub best: Option<Vec<u64>>,
    /// How many allocations give the proposer the most gold and pass.
    pub count: u64,
    /// Yes votes the chosen allocation gets.
    pub yes_votes: usize,
}

/// The brute-force solution.
#[derive(Clone, Debug)]
pub struct BruteSolution {
    /// Round k - 1 has k pirates alive.
    pub rounds: Vec<BruteRound>,
    /// Final fates, most senior first.
    pub fates: Vec<Fate>,
}

/// Solves `game` by enumerating every allocation in every round.
pub fn brute_force(game: &PirateGame) -> BruteSolution {
    let n = game.pirates;
    let coins = game.coins;
    let rules = game.rules;
    let mut outcome: Vec<Fate> = vec![Fate::Overboard; n];
    let mut rounds = Vec::new();
    for alive in 1..=n {
        let proposer = n - alive;
        let needed = rules.votes_needed(alive);
        let mut best: Option<(u64, Vec<u64>, usize)> = None;
        let mut count = 0u64;
        let mut allocation = vec![0u64; alive];
        for_each_split(coins, &mut allocation, 0, &mut |a| {
            let mut yes = 1;
            for (offset, &amount) in a.iter().enumerate().skip(1) {
                let says_yes = match outcome[proposer + offset] {
                    Fate::Overboard => true,
                    Fate::Keeps(c) if amount != c => amount > c,
                    Fate::Keeps(_) => rules.temperament == Temperament::Benevolent,
                };
                yes += usize::from(says_yes);
            }
            if yes < needed {
                return;
            }
            let better = match &best {
                None => true,
                Some((gold, chosen, _)) => {
                    if a[0] != *gold {
                        a[0] > *gold
                    } else {
                        count += 1;
                        match rules.tie_break {
                            TieBreak::Junior => a < chosen.as_slice(),
                            TieBreak::Senior => a > chosen.as_slice(),
                        }
                    }
                }
            };
            if better {
                if best.as_ref().is_none_or(|(gold, _, _)| a[0] != *gold) {
                    count = 1;
                }
                best = Some((a[0], a.to_vec(), yes));
            }
        });
        match best {
            Some((_, chosen, yes)) => {
                for (offset, &amount) in chosen.iter().enumerate() {
                    outcome[proposer + offset] = Fate::Keeps(amount);
                }
                rounds.push(BruteRound {
                    alive,
                    survives: true,
                    best: Some(chosen),
                    count,
                    yes_votes: yes,
                });
            }
            None => {
                outcome[proposer] = Fate::Overboard;
                rounds.push(BruteRound {
                    alive,
                    survives: false,
                    best: None,
                    count: 0,
                    yes_votes: 0,
                });
            }
        }
    }
    BruteSolution {
        rounds,
        fates: outcome,
    }
}

/// Calls `visit` with every split of `left` coins over `slots[at..]`.
fn for_each_split(left: u64, slots: &mut [u64], at: usize, visit: &mut dyn FnMut(&[u64])) {
    if at + 1 == slots.len() {
        slots[at] = left;
        visit(slots);
        return;
    }
    for amount in 0..=left {
        slots[at] = amount;
        for_each_split(left - amount, slots, at + 1, visit);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dilemmas::pirates::rules::Rules;

    #[test]
    fn classic_five() {
        let s = brute_force(&PirateGame::new(5, 20, Rules::default()).unwrap());
        assert_eq!(s.rounds[4].best.as_deref(), Some(&[18, 0, 1, 0, 1][..]));
        assert_eq!(s.rounds[4].count, 1);
    }

    #[test]
    fn counts_every_split() {
        let mut n = 0;
        for_each_split(4, &mut [0; 3], 0, &mut |_| n += 1);
        assert_eq!(n, 15); // C(6, 2)
    }
}
