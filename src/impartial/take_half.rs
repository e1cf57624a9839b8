//! Take at least half (GAMES.md section 6): one pile x; a move removes at
//! least half of it, i.e. leaves y with 0 <= y <= floor(x / 2). Closed form:
//! g(x) = the number of binary digits of x (0 1 2 2 3 3 3 3 4 ...), since the
//! options of x are exactly the piles with fewer binary digits.

use super::position::{Move, Outcome, Position, TooManyMoves};

/// A take-at-least-half position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeHalf {
    /// The pile.
    pub n: u64,
}

/// The number of binary digits of x.
pub fn value(x: u64) -> u64 {
    (64 - x.leading_zeros()) as u64
}

impl TakeHalf {
    fn leave(&self, y: u64) -> Move {
        Move {
            label: format!("take {} (leave {y})", self.n - y),
            next: Box::new(TakeHalf { n: y }),
        }
    }
}

impl Position for TakeHalf {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("take-half {}", self.n)
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(value(self.n))
    }
    fn grundy(&self) -> Option<u64> {
        Some(value(self.n))
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        if self.n / 2 >= limit as u64 {
            return Err(TooManyMoves);
        }
        Ok((0..=self.n / 2).map(|y| self.leave(y)).collect())
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        // Piles with exactly `target` binary digits, at most n / 2.
        if target >= value(self.n) {
            return Some((Vec::new(), 0));
        }
        let (lo, hi) = if target == 0 {
            (0, 0)
        } else {
            (1u64 << (target - 1), (1u64 << target) - 1)
        };
        let hi = hi.min(self.n / 2);
        let count = hi - lo + 1;
        Some((
            (lo..=hi).take(limit).map(|y| self.leave(y)).collect(),
            count,
        ))
    }
    fn reason(&self) -> String {
        format!(
            "take at least half: g(x) = number of binary digits of x = {}",
            value(self.n)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    #[test]
    fn matches_brute_force() {
        let mut e = Engine::new(|&x: &u64| (0..=x / 2).filter(|&y| y < x).collect());
        for x in 0..300 {
            assert_eq!(value(x), e.grundy(&x).unwrap(), "{x}");
            let p = TakeHalf { n: x };
            for t in 0..10 {
                assert_eq!(
                    p.moves_to_value(t, 1000).unwrap().1 as usize,
                    e.moves_to_value(&x, t).unwrap().len()
                );
            }
        }
        assert_eq!(
            (0..9).map(value).collect::<Vec<_>>(),
            vec![0, 1, 2, 2, 3, 3, 3, 3, 4]
        );
    }
}
