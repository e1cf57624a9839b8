//! All-or-even (GAMES.md section 6): one pile; remove any even number of
//! tokens but not the whole pile, or the whole pile if it is odd.
//! Closed form: g(0) = 0, g(2k) = k - 1 (k >= 1), g(2k - 1) = k.

use super::position::{Move, Outcome, Position, TooManyMoves};

/// An all-or-even position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllOrEven {
    /// The pile.
    pub n: u64,
}

/// The closed form.
pub fn value(n: u64) -> u64 {
    if n == 0 {
        0
    } else if n % 2 == 0 {
        n / 2 - 1
    } else {
        n / 2 + 1
    }
}

/// The piles reachable from n.
pub fn options_of(n: u64) -> Vec<u64> {
    let mut out: Vec<u64> = (1..)
        .map(|j| 2 * j)
        .take_while(|&e| e < n)
        .map(|e| n - e)
        .collect();
    if n % 2 == 1 {
        out.push(0);
    }
    out
}

impl AllOrEven {
    fn leave(&self, y: u64) -> Move {
        Move {
            label: format!("take {} (leave {y})", self.n - y),
            next: Box::new(AllOrEven { n: y }),
        }
    }
}

impl Position for AllOrEven {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("all-or-even {}", self.n)
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(value(self.n))
    }
    fn grundy(&self) -> Option<u64> {
        Some(value(self.n))
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        if self.n / 2 > limit as u64 {
            return Err(TooManyMoves);
        }
        Ok(options_of(self.n)
            .into_iter()
            .map(|y| self.leave(y))
            .collect())
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        // Options are n - 2j (same parity, >= 1) and 0 if n is odd; values
        // are injective on each parity class, so at most two candidates.
        let mut ys = Vec::new();
        let cands = [2 * target + 2, 2 * target.saturating_sub(1) + 1];
        for y in cands {
            if y < self.n && y % 2 == self.n % 2 && value(y) == target {
                ys.push(y);
            }
        }
        if target == 0 && self.n % 2 == 1 {
            ys.push(0);
        }
        ys.sort_unstable();
        ys.dedup();
        let count = ys.len() as u64;
        Some((
            ys.into_iter().take(limit).map(|y| self.leave(y)).collect(),
            count,
        ))
    }
    fn reason(&self) -> String {
        format!(
            "all-or-even: g(2k) = k - 1, g(2k - 1) = k, so g({}) = {}",
            self.n,
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
        let mut e = Engine::new(|&x: &u64| options_of(x));
        for x in 0..200 {
            assert_eq!(value(x), e.grundy(&x).unwrap(), "{x}");
            let p = AllOrEven { n: x };
            for t in 0..12 {
                assert_eq!(
                    p.moves_to_value(t, 100).unwrap().1 as usize,
                    e.moves_to_value(&x, t).unwrap().len(),
                    "{x} {t}"
                );
            }
        }
    }
}
