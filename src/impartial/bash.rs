//! Bash's game (GAMES.md section 6): one pile of n, a move takes 1..=m.
//! Closed form: `g(n) = n mod (m + 1)`; P iff `(m + 1)` divides n; the
//! unique winning move takes `n mod (m + 1)`.

use super::position::{Move, Outcome, Position, TooManyMoves};

/// A Bash position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bash {
    /// The pile.
    pub n: u64,
    /// The most a move may take (at least 1).
    pub max: u64,
}

impl Bash {
    /// `g(n) = n mod (m + 1)` (with m + 1 computed without overflow).
    pub fn value(n: u64, max: u64) -> u64 {
        match max.checked_add(1) {
            Some(m1) => n % m1,
            None => n,
        }
    }
    fn take(&self, k: u64) -> Move {
        Move {
            label: format!("take {k}"),
            next: Box::new(Bash {
                n: self.n - k,
                max: self.max,
            }),
        }
    }
}

impl Position for Bash {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("bash {} --max {}", self.n, self.max)
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(Self::value(self.n, self.max))
    }
    fn grundy(&self) -> Option<u64> {
        Some(Self::value(self.n, self.max))
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let k = self.max.min(self.n);
        if k > limit as u64 {
            return Err(TooManyMoves);
        }
        Ok((1..=k).map(|k| self.take(k)).collect())
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        // The options n-1 .. n-k have consecutive residues; at most one hits.
        let mut found = Vec::new();
        let mut count = 0;
        let g = Self::value(self.n, self.max);
        if target < g {
            let k = g - target;
            if k <= self.max.min(self.n) {
                count = 1;
                if limit > 0 {
                    found.push(self.take(k));
                }
            }
        } else if target > g && target <= self.max {
            // Wrap around: n - k with k = g + (m + 1) - target.
            let k = g + (self.max - target) + 1;
            if k <= self.max.min(self.n) {
                count = 1;
                if limit > 0 {
                    found.push(self.take(k));
                }
            }
        }
        Some((found, count))
    }
    fn reason(&self) -> String {
        let g = Self::value(self.n, self.max);
        if g == 0 {
            format!(
                "Bash: {} is a multiple of max + 1 = {} (P-position)",
                self.n,
                self.max as u128 + 1
            )
        } else {
            format!(
                "Bash: {} mod (max + 1 = {}) is {g}, not 0: take {g}",
                self.n,
                self.max as u128 + 1
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    #[test]
    fn bash_matches_brute_force() {
        for max in 1..6u64 {
            let mut e = Engine::new(move |&n: &u64| (1..=max.min(n)).map(|k| n - k).collect());
            for n in 0..40 {
                let b = Bash { n, max };
                assert_eq!(b.grundy(), Some(e.grundy(&n).unwrap()));
                for t in 0..=max + 1 {
                    let (_, count) = b.moves_to_value(t, 5).unwrap();
                    assert_eq!(
                        count as usize,
                        e.moves_to_value(&n, t).unwrap().len(),
                        "n {n} max {max} t {t}"
                    );
                }
            }
        }
    }

    #[test]
    fn twenty_one_take_three() {
        let b = Bash { n: 21, max: 3 };
        assert_eq!(b.grundy(), Some(1));
        assert_eq!(b.winning_moves(5).unwrap().0[0].label, "take 1");
    }
}
