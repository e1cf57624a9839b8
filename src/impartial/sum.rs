//! Sums of games: play in exactly one component per move. By the
//! Sprague-Grundy theorem the value of a sum is the XOR of the values of its
//! parts, and the winning moves are the moves in a part of value g_i to an
//! option of value g_i XOR X, where X is the value of the sum.
//!
//! Invariant: a sum has an exact outcome only if every part has a Grundy
//! value (misère parts cannot be added this way; that is an error upstream).

use super::position::{Move, Outcome, Position, TooManyMoves};

/// A sum of positions.
pub struct Sum {
    /// The components.
    pub parts: Vec<Box<dyn Position>>,
}

impl Sum {
    fn total(&self) -> Option<u64> {
        self.parts
            .iter()
            .try_fold(0u64, |x, p| Some(x ^ p.grundy()?))
    }
    fn replaced(&self, i: usize, m: Move) -> Move {
        let parts: Vec<Box<dyn Position>> = self
            .parts
            .iter()
            .enumerate()
            .map(|(j, p)| {
                if j == i {
                    clone_box(m.next.as_ref())
                } else {
                    clone_box(p.as_ref())
                }
            })
            .collect();
        Move {
            label: format!(
                "in part {} ({}): {}",
                i + 1,
                self.parts[i].describe(),
                m.label
            ),
            next: Box::new(Sum { parts }),
        }
    }
}

fn clone_box(p: &dyn Position) -> Box<dyn Position> {
    p.boxed()
}

impl Position for Sum {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(Sum {
            parts: self.parts.iter().map(|p| p.boxed()).collect(),
        })
    }
    fn describe(&self) -> String {
        self.parts
            .iter()
            .map(|p| format!("\"{}\"", p.describe()))
            .collect::<Vec<_>>()
            .join(" + ")
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.total().unwrap_or(1))
    }
    fn grundy(&self) -> Option<u64> {
        self.total()
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let mut out = Vec::new();
        for (i, p) in self.parts.iter().enumerate() {
            for m in p.options(limit)? {
                out.push(self.replaced(i, m));
                if out.len() > limit {
                    return Err(TooManyMoves);
                }
            }
        }
        Ok(out)
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        let x = self.total()? ^ target;
        let mut found = Vec::new();
        let mut count = 0;
        for (i, p) in self.parts.iter().enumerate() {
            let g = p.grundy()?;
            if g ^ x == g {
                continue;
            }
            let (moves, c) = p.moves_to_value(g ^ x, limit.saturating_sub(found.len()))?;
            count += c;
            for m in moves {
                found.push(self.replaced(i, m));
            }
        }
        Some((found, count))
    }
    fn reason(&self) -> String {
        let values: Vec<String> = self
            .parts
            .iter()
            .map(|p| p.grundy().map_or("?".into(), |g| g.to_string()))
            .collect();
        match self.total() {
            Some(x) => format!(
                "Sprague-Grundy: the sum's value is the XOR of its parts' values {} = {x}{}",
                values.join(" ^ "),
                if x == 0 { " (P-position)" } else { ", not 0" }
            ),
            None => "a part has no Grundy value, so the sum cannot be solved by XOR".into(),
        }
    }
}
