//! End-Nim (GAMES.md section 6, seed 000 "variant 2"): a row of piles; a move
//! takes any positive amount from the leftmost or the rightmost pile (an
//! emptied pile leaves the row). Plain XOR is wrong here.
//!
//! Solution (Albert and Nowakowski, "The game of End-Nim", Electron. J.
//! Combin. 8(2), 2001): for every row w there is exactly one x >= 0 such that
//! the row `x w` (a pile x put on the left; x = 0 means w itself) is a
//! P-position, written L(w), and likewise R(w) on the right. (Two values would
//! give a move between two P-positions; none would make every `x w` an
//! N-position, whose winning moves could not all be on the right.) With
//! l = L(w), r = R(w) and a new right pile y:
//!
//! * L(w y) = 0 if y = r;
//! * L(w y) = y if y < l and y < r, or y > l and y > r;
//! * L(w y) = y + 1 if l <= y < r;  L(w y) = y - 1 if r < y <= l;
//!
//! and symmetrically for R(x w). This gives the outcome and the (at most two)
//! winning moves in O(k^2) for k piles. Grundy values have no such form; they
//! are computed by the general engine when the position is small.

use super::engine::Engine;
use super::position::{Move, Outcome, Position, TooManyMoves, words};

/// An End-Nim row (every pile at least 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndNim {
    /// The piles from left to right.
    pub piles: Vec<u64>,
}

/// Largest product of (pile + 1) over the row for which the engine computes
/// a Grundy value.
const GRUNDY_STATE_LIMIT: u128 = 200_000;

/// The L-value given L(w), R(w) and a pile y added on the right.
fn extend(l: u64, r: u64, y: u64) -> u64 {
    if y == r {
        0
    } else if (y < l && y < r) || (y > l && y > r) {
        y
    } else if l <= y && y < r {
        y + 1
    } else {
        y - 1
    }
}

/// `(L, R)` for `piles[i..j]` for every 0 <= i <= j <= k, as closures
/// over a table: returns the pair for a half-open range.
pub struct Table {
    k: usize,
    left: Vec<u64>,
    right: Vec<u64>,
}

impl Table {
    /// Builds the table in O(k^2).
    pub fn new(piles: &[u64]) -> Table {
        let k = piles.len();
        let idx = |i: usize, j: usize| i * (k + 1) + j;
        let mut left = vec![0u64; (k + 1) * (k + 1)];
        let mut right = vec![0u64; (k + 1) * (k + 1)];
        for len in 1..=k {
            for i in 0..=k - len {
                let j = i + len;
                // L(piles[i..j]): w = piles[i..j-1], y = piles[j-1].
                let (l, r) = (left[idx(i, j - 1)], right[idx(i, j - 1)]);
                left[idx(i, j)] = extend(l, r, piles[j - 1]);
                // R(piles[i..j]): w = piles[i+1..j], x = piles[i]; mirror image.
                let (l2, r2) = (left[idx(i + 1, j)], right[idx(i + 1, j)]);
                right[idx(i, j)] = extend(r2, l2, piles[i]);
            }
        }
        Table { k, left, right }
    }
    /// L of `piles[i..j]`.
    pub fn left(&self, i: usize, j: usize) -> u64 {
        self.left[i * (self.k + 1) + j]
    }
    /// R of `piles[i..j]`.
    pub fn right(&self, i: usize, j: usize) -> u64 {
        self.right[i * (self.k + 1) + j]
    }
}

/// The positions reachable in one move (for the engine and play).
pub fn options_of(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let k = piles.len();
    if k == 0 {
        return out;
    }
    for to in 0..piles[0] {
        let mut v = piles.to_vec();
        if to == 0 {
            v.remove(0);
        } else {
            v[0] = to;
        }
        out.push(v);
    }
    if k > 1 {
        for to in 0..piles[k - 1] {
            let mut v = piles.to_vec();
            if to == 0 {
                v.pop();
            } else {
                v[k - 1] = to;
            }
            out.push(v);
        }
    }
    out
}

impl EndNim {
    fn set(&self, first: bool, to: u64) -> Move {
        let k = self.piles.len();
        let i = if first { 0 } else { k - 1 };
        let mut v = self.piles.clone();
        if to == 0 {
            v.remove(i);
        } else {
            v[i] = to;
        }
        Move {
            label: format!(
                "take {} from the {} pile",
                self.piles[i] - to,
                if first { "leftmost" } else { "rightmost" }
            ),
            next: Box::new(EndNim { piles: v }),
        }
    }
    fn targets(&self) -> (u64, u64) {
        let k = self.piles.len();
        let t = Table::new(&self.piles);
        (t.left(1, k), t.right(0, k - 1))
    }
}

impl Position for EndNim {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("end-nim {}", words(&self.piles))
    }
    fn outcome(&self) -> Outcome {
        if self.piles.is_empty() {
            return Outcome::P;
        }
        let (l, _) = self.targets();
        if self.piles[0] == l {
            Outcome::P
        } else {
            Outcome::N
        }
    }
    fn grundy(&self) -> Option<u64> {
        let states: u128 = self
            .piles
            .iter()
            .fold(1u128, |s, &p| s.saturating_mul(p as u128 + 1));
        if states > GRUNDY_STATE_LIMIT {
            return None;
        }
        let mut e = Engine::new(|p: &Vec<u64>| options_of(p));
        e.grundy(&self.piles).ok()
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let k = self.piles.len();
        if k == 0 {
            return Ok(Vec::new());
        }
        let n = self.piles[0] as u128 + if k > 1 { self.piles[k - 1] as u128 } else { 0 };
        if n > limit as u128 {
            return Err(TooManyMoves);
        }
        let mut out: Vec<Move> = (0..self.piles[0])
            .rev()
            .map(|to| self.set(true, to))
            .collect();
        if k > 1 {
            out.extend((0..self.piles[k - 1]).rev().map(|to| self.set(false, to)));
        }
        Ok(out)
    }
    fn winning_moves(&self, limit: usize) -> Option<(Vec<Move>, u64)> {
        let k = self.piles.len();
        if k == 0 {
            return Some((Vec::new(), 0));
        }
        let (l, r) = self.targets();
        let mut moves = Vec::new();
        if l < self.piles[0] {
            moves.push(self.set(true, l));
        }
        if k > 1 && r < self.piles[k - 1] {
            moves.push(self.set(false, r));
        }
        let count = moves.len() as u64;
        moves.truncate(limit);
        Some((moves, count))
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        self.grundy()?;
        let all = self.options(super::position::OPTION_SCAN_LIMIT).ok()?;
        let mut found = Vec::new();
        let mut count = 0;
        for m in all {
            if m.next.grundy()? == target {
                count += 1;
                if found.len() < limit {
                    found.push(m);
                }
            }
        }
        Some((found, count))
    }
    fn reason(&self) -> String {
        if self.piles.is_empty() {
            return "End-Nim: no piles, no move (P-position)".into();
        }
        let (l, _) = self.targets();
        if self.piles[0] == l {
            format!(
                "End-Nim (Albert-Nowakowski): the leftmost pile equals L(rest) = {l}, the one value that makes the row a P-position"
            )
        } else {
            format!(
                "End-Nim (Albert-Nowakowski): the leftmost pile is {}, but only L(rest) = {l} makes the row a P-position",
                self.piles[0]
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn end_nim_matches_brute_force() {
        let mut e = Engine::new(|p: &Vec<u64>| options_of(p));
        let mut rows: Vec<Vec<u64>> = vec![vec![]];
        let mut frontier: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..4 {
            frontier = frontier
                .iter()
                .flat_map(|r| {
                    (1..=4u64).map(move |x| {
                        let mut v = r.clone();
                        v.push(x);
                        v
                    })
                })
                .collect();
            rows.extend(frontier.iter().cloned());
        }
        let mut checked = 0;
        for row in rows {
            let pos = EndNim { piles: row.clone() };
            let g = e.grundy(&row).unwrap();
            assert_eq!(pos.outcome(), Outcome::from_grundy(g), "{row:?}");
            assert_eq!(pos.grundy(), Some(g));
            let (moves, count) = pos.winning_moves(10).unwrap();
            let brute = e.moves_to_value(&row, 0).unwrap();
            assert_eq!(count as usize, brute.len(), "{row:?}");
            for m in moves {
                assert_eq!(m.next.outcome(), Outcome::P);
            }
            checked += 1;
        }
        assert!(checked > 300);
    }

    #[test]
    fn xor_is_wrong_for_end_nim() {
        // 1 2 3 has XOR 0 but the first player wins End-Nim.
        assert_eq!(
            EndNim {
                piles: vec![1, 2, 3]
            }
            .outcome(),
            Outcome::N
        );
    }
}
