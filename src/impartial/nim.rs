//! Nim and misère Nim (GAMES.md section 6).
//!
//! Nim (Bouton 1901): piles; a move takes any positive amount from one pile.
//! The Grundy value is the XOR ("nim-sum") of the piles; the winning moves
//! change a pile `a` to `a XOR x` where `x` is the nim-sum, whenever that is
//! smaller than `a`.
//!
//! Misère Nim (Bouton 1901): the last mover loses. Play as in Nim unless every
//! pile is 0 or 1; then the position is P iff the number of 1-piles is odd.
//! Misère play has no additive Grundy theory, so `grundy()` is `None`.

use super::position::{Move, Outcome, Position, TooManyMoves, words};

/// A Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    /// Pile sizes, in order.
    pub piles: Vec<u64>,
}

/// The nim-sum (XOR) of the piles.
pub fn nim_sum(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |x, &p| x ^ p)
}

/// Every way to take from one pile, as (pile index, new size), for piles
/// whose total options do not exceed `limit`.
fn pile_reductions(piles: &[u64], limit: usize) -> Result<Vec<(usize, u64)>, TooManyMoves> {
    let total: u128 = piles.iter().map(|&p| p as u128).sum();
    if total > limit as u128 {
        return Err(TooManyMoves);
    }
    let mut out = Vec::new();
    for (i, &p) in piles.iter().enumerate() {
        for to in (0..p).rev() {
            out.push((i, to));
        }
    }
    Ok(out)
}

fn take_label(piles: &[u64], i: usize, to: u64) -> String {
    format!(
        "take {} from pile {} (size {})",
        piles[i] - to,
        i + 1,
        piles[i]
    )
}

fn with_pile(piles: &[u64], i: usize, to: u64) -> Vec<u64> {
    let mut next = piles.to_vec();
    next[i] = to;
    next
}

impl Position for Nim {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("nim {}", words(&self.piles))
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(nim_sum(&self.piles))
    }
    fn grundy(&self) -> Option<u64> {
        Some(nim_sum(&self.piles))
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        Ok(pile_reductions(&self.piles, limit)?
            .into_iter()
            .map(|(i, to)| Move {
                label: take_label(&self.piles, i, to),
                next: Box::new(Nim {
                    piles: with_pile(&self.piles, i, to),
                }),
            })
            .collect())
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        let x = nim_sum(&self.piles) ^ target;
        let mut found = Vec::new();
        let mut count = 0;
        for (i, &a) in self.piles.iter().enumerate() {
            let to = a ^ x;
            if to < a {
                count += 1;
                if found.len() < limit {
                    found.push(Move {
                        label: take_label(&self.piles, i, to),
                        next: Box::new(Nim {
                            piles: with_pile(&self.piles, i, to),
                        }),
                    });
                }
            }
        }
        Some((found, count))
    }
    fn reason(&self) -> String {
        let x = nim_sum(&self.piles);
        if x == 0 {
            "Bouton: the XOR of the piles is 0, so every move leaves a non-zero XOR (P-position)"
                .to_string()
        } else {
            format!(
                "Bouton: the XOR of the piles is {x}, not 0: change a pile a to a XOR {x} where that is smaller"
            )
        }
    }
}

/// A misère Nim position (the last mover loses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereNim {
    /// Pile sizes, in order.
    pub piles: Vec<u64>,
}

impl MisereNim {
    fn all_small(&self) -> bool {
        self.piles.iter().all(|&p| p <= 1)
    }
    fn next(&self, i: usize, to: u64) -> Move {
        Move {
            label: take_label(&self.piles, i, to),
            next: Box::new(MisereNim {
                piles: with_pile(&self.piles, i, to),
            }),
        }
    }
}

impl Position for MisereNim {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("misere-nim {}", words(&self.piles))
    }
    fn outcome(&self) -> Outcome {
        if self.all_small() {
            let ones = self.piles.iter().filter(|&&p| p == 1).count();
            if ones % 2 == 1 {
                Outcome::P
            } else {
                Outcome::N
            }
        } else {
            Outcome::from_grundy(nim_sum(&self.piles))
        }
    }
    fn grundy(&self) -> Option<u64> {
        None
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        Ok(pile_reductions(&self.piles, limit)?
            .into_iter()
            .map(|(i, to)| self.next(i, to))
            .collect())
    }
    fn winning_moves(&self, limit: usize) -> Option<(Vec<Move>, u64)> {
        let mut targets: Vec<(usize, u64)> = Vec::new();
        let big: Vec<usize> = (0..self.piles.len())
            .filter(|&i| self.piles[i] >= 2)
            .collect();
        let ones = self.piles.iter().filter(|&&p| p == 1).count();
        match big.len() {
            0 => {
                if ones % 2 == 0 {
                    for (i, &p) in self.piles.iter().enumerate() {
                        if p == 1 {
                            targets.push((i, 0));
                        }
                    }
                }
            }
            1 => {
                // Leave an odd number of 1-piles and nothing bigger.
                let to = if ones % 2 == 0 { 1 } else { 0 };
                targets.push((big[0], to));
            }
            _ => {
                let x = nim_sum(&self.piles);
                for (i, &a) in self.piles.iter().enumerate() {
                    if a ^ x < a {
                        targets.push((i, a ^ x));
                    }
                }
            }
        }
        let count = targets.len() as u64;
        let moves = targets
            .into_iter()
            .take(limit)
            .map(|(i, to)| self.next(i, to))
            .collect();
        Some((moves, count))
    }
    fn reason(&self) -> String {
        if self.all_small() {
            let ones = self.piles.iter().filter(|&&p| p == 1).count();
            format!(
                "Bouton (misère): every pile is 0 or 1 and there are {ones} 1-piles; P iff that count is odd"
            )
        } else {
            let x = nim_sum(&self.piles);
            format!(
                "Bouton (misère): some pile exceeds 1, so play as in Nim: the XOR of the piles is {x}{}",
                if x == 0 { " (P-position)" } else { ", not 0" }
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::{Engine, misere_next_wins};

    #[allow(clippy::ptr_arg)] // the engine passes &Position = &Vec<u64>
    fn reductions(p: &Vec<u64>) -> Vec<Vec<u64>> {
        pile_reductions(p, usize::MAX)
            .unwrap()
            .into_iter()
            .map(|(i, to)| with_pile(p, i, to))
            .collect()
    }

    fn all_positions(max: u64, piles: usize) -> Vec<Vec<u64>> {
        let mut out = vec![vec![]];
        for _ in 0..piles {
            out = out
                .into_iter()
                .flat_map(|v| {
                    (0..=max).map(move |x| {
                        let mut w = v.clone();
                        w.push(x);
                        w
                    })
                })
                .collect();
        }
        out
    }

    #[test]
    fn nim_matches_brute_force() {
        let mut e = Engine::new(reductions);
        for p in all_positions(5, 3) {
            let nim = Nim { piles: p.clone() };
            assert_eq!(nim.grundy(), Some(e.grundy(&p).unwrap()), "{p:?}");
            let (moves, count) = nim.moves_to_value(0, 100).unwrap();
            let brute = e.moves_to_value(&p, 0).unwrap();
            assert_eq!(count as usize, brute.len());
            assert_eq!(moves.len(), brute.len());
        }
    }

    #[test]
    fn misere_nim_matches_brute_force() {
        for p in all_positions(4, 3) {
            let m = MisereNim { piles: p.clone() };
            let wins = misere_next_wins(&p, reductions, 100_000).unwrap();
            assert_eq!(m.outcome() == Outcome::N, wins, "{p:?}");
            let (moves, count) = m.winning_moves(100).unwrap();
            let brute = reductions(&p)
                .into_iter()
                .filter(|q| !misere_next_wins(q, reductions, 100_000).unwrap())
                .count();
            assert_eq!(count as usize, brute, "{p:?}");
            for mv in moves {
                assert_eq!(mv.next.outcome(), Outcome::P);
            }
        }
    }

    #[test]
    fn nim_345() {
        let nim = Nim {
            piles: vec![3, 4, 5],
        };
        assert_eq!(nim.grundy(), Some(2));
        let (moves, _) = nim.moves_to_value(0, 10).unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].next.describe(), "nim 1 4 5");
    }
}
