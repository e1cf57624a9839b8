//! Lasker's Nim (GAMES.md section 6): piles; take any positive amount from
//! one pile, or split a pile into two non-empty piles. Closed form:
//! g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3, g(0) = 0.

use super::position::{Move, Outcome, Position, TooManyMoves, words};

/// A Lasker's Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lasker {
    /// The piles.
    pub piles: Vec<u64>,
}

/// The closed form for one pile.
pub fn value(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The options of one pile, as lists of piles.
pub fn pile_options(n: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = (0..n)
        .map(|y| if y == 0 { vec![] } else { vec![y] })
        .collect();
    for a in 1..=n / 2 {
        out.push(vec![a, n - a]);
    }
    out
}

impl Lasker {
    fn with(&self, i: usize, left: Vec<u64>) -> Move {
        let n = self.piles[i];
        let label = match left.len() {
            0 => format!("take all {n} from pile {}", i + 1),
            1 => format!("take {} from pile {} (size {n})", n - left[0], i + 1),
            _ => format!(
                "split pile {} (size {n}) into {} and {}",
                i + 1,
                left[0],
                left[1]
            ),
        };
        let mut piles = self.piles.clone();
        piles.remove(i);
        for (j, &p) in left.iter().enumerate() {
            piles.insert(i + j, p);
        }
        Move {
            label,
            next: Box::new(Lasker { piles }),
        }
    }
    fn total(&self) -> u64 {
        self.piles.iter().fold(0, |x, &p| x ^ value(p))
    }
}

impl Position for Lasker {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("lasker {}", words(&self.piles))
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.total())
    }
    fn grundy(&self) -> Option<u64> {
        Some(self.total())
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let count: u128 = self.piles.iter().map(|&p| p as u128 * 3 / 2).sum();
        if count > limit as u128 {
            return Err(TooManyMoves);
        }
        let mut out = Vec::new();
        for (i, &p) in self.piles.iter().enumerate() {
            for left in pile_options(p) {
                out.push(self.with(i, left));
            }
        }
        Ok(out)
    }
    fn reason(&self) -> String {
        let vals: Vec<String> = self.piles.iter().map(|&p| value(p).to_string()).collect();
        let x = self.total();
        format!(
            "Lasker's Nim: g(4k+1)=4k+1, g(4k+2)=4k+2, g(4k+3)=4k+4, g(4k+4)=4k+3; pile values {} XOR to {x}{}",
            vals.join(" ^ "),
            if x == 0 { " (P-position)" } else { ", not 0" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    #[test]
    fn matches_brute_force() {
        let mut e = Engine::new(|ps: &Vec<u64>| {
            let mut out = Vec::new();
            for i in 0..ps.len() {
                for left in pile_options(ps[i]) {
                    let mut v = ps.clone();
                    v.remove(i);
                    v.extend(left);
                    v.sort_unstable();
                    out.push(v);
                }
            }
            out
        });
        for n in 0..22u64 {
            assert_eq!(value(n), e.grundy(&vec![n]).unwrap(), "{n}");
        }
        let p = Lasker {
            piles: vec![3, 5, 7],
        };
        let (moves, _) = p.winning_moves(50).unwrap();
        assert!(!moves.is_empty());
        for m in moves {
            assert_eq!(m.next.outcome(), Outcome::P);
        }
    }
}
