//! The 2 x n colouring game (GAMES.md section 6, seed 002 "塗色遊戲"): a
//! board of 2 rows and n columns, some cells already coloured; a move colours
//! one uncoloured cell, or a 2 x 2 block (two adjacent columns) whose four
//! cells are all uncoloured; a player who cannot move loses (the last mover
//! wins). Rows are 1 and 2, columns 1 .. n (1-based).
//!
//! Analysis (Sprague-Grundy): no move ever involves two cells of different
//! "components", where a component is a maximal run of fully uncoloured
//! columns, or a column with exactly one uncoloured cell (a lone cell, value
//! *1). So a board is the sum of its components. A run of k empty columns
//! has value G(k) with G(0) = 0 and
//!
//!   G(k) = mex( { G(i) ^ G(k-1-i) ^ 1 : 0 <= i < k }      colour one cell
//!             u { G(i) ^ G(k-2-i)     : 0 <= i <= k-2 } )  colour a block
//!
//! (colouring one cell of column i+1 leaves runs i and k-1-i and a lone
//! cell). Each move removes at most t = 2 columns and leaves at most two runs
//! plus a constant, which is exactly the situation of the Guy-Smith
//! periodicity theorem for octal games (the constant *1 XORs every option of
//! the same kind alike and does not affect the induction), so
//! [`period::octal_needs`]`(2)` certifies a period: G has period 12 from
//! k = 71, proven from [`RUN_VALUES`] values.
//!
//! Invariant: coloured cells are sorted, distinct, inside the board; every
//! value is checked against the engine on every raw cell mask of 2 x 5 boards and the empty 2 x 7.

use super::period::{self, Periodicity};
use super::position::{Move, OPTION_SCAN_LIMIT, Outcome, Position, TooManyMoves};
use std::sync::OnceLock;

/// How many run values are computed to certify the period.
pub const RUN_VALUES: usize = 1000;

/// A 2 x n board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coloring {
    /// Number of columns.
    pub n: u64,
    /// Coloured cells as (row 1 or 2, column 1 ..= n), sorted by (column, row).
    pub colored: Vec<(u8, u64)>,
}

/// G(0 .. len) by the mex recursion above.
pub fn run_values(len: usize) -> Vec<u64> {
    let mut g = vec![0u64; len];
    let mut seen = Vec::new();
    for k in 1..len {
        seen.clear();
        let mut mark = |v: u64| {
            let v = v as usize;
            if v >= seen.len() {
                seen.resize(v + 1, false);
            }
            seen[v] = true;
        };
        for i in 0..k {
            mark(g[i] ^ g[k - 1 - i] ^ 1);
        }
        for i in 0..k.saturating_sub(1) {
            mark(g[i] ^ g[k - 2 - i]);
        }
        g[k] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
    }
    g
}

struct Runs {
    values: Vec<u64>,
    periodicity: Periodicity,
}

fn runs() -> &'static Runs {
    static RUNS: OnceLock<Runs> = OnceLock::new();
    RUNS.get_or_init(|| {
        let values = run_values(RUN_VALUES);
        let periodicity = period::find_certified(&values, period::octal_needs(2))
            .expect("the 2 x n colouring game's period is certified within RUN_VALUES");
        Runs {
            values,
            periodicity,
        }
    })
}

/// The proven period of the run values.
pub fn periodicity() -> Periodicity {
    runs().periodicity
}

/// G(k) for any k, exactly, via the proven period.
pub fn run_value(k: u64) -> u64 {
    let r = runs();
    r.values[r.periodicity.reduce(k) as usize]
}

/// A component of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    /// Empty columns first ..= first + len - 1.
    Run { first: u64, len: u64 },
    /// The one uncoloured cell (row, column) of a column.
    Lone { row: u8, col: u64 },
}

impl Coloring {
    /// A fully uncoloured board of n columns.
    pub fn empty(n: u64) -> Self {
        Coloring {
            n,
            colored: Vec::new(),
        }
    }

    fn parts(&self) -> Vec<Part> {
        let mut parts = Vec::new();
        let mut next = 1u64; // first column not yet assigned
        let mut i = 0;
        while i < self.colored.len() {
            let col = self.colored[i].1;
            let both = i + 1 < self.colored.len() && self.colored[i + 1].1 == col;
            if col > next {
                parts.push(Part::Run {
                    first: next,
                    len: col - next,
                });
            }
            if both {
                i += 2;
            } else {
                parts.push(Part::Lone {
                    row: 3 - self.colored[i].0,
                    col,
                });
                i += 1;
            }
            next = col + 1;
        }
        if self.n >= next {
            parts.push(Part::Run {
                first: next,
                len: self.n - next + 1,
            });
        }
        parts
    }

    fn part_value(part: &Part) -> u64 {
        match *part {
            Part::Run { len, .. } => run_value(len),
            Part::Lone { .. } => 1,
        }
    }

    /// The value: XOR over components.
    pub fn total(&self) -> u64 {
        self.parts().iter().fold(0, |x, p| x ^ Self::part_value(p))
    }

    /// The board with `cells` coloured too.
    pub fn with(&self, cells: &[(u8, u64)]) -> Coloring {
        let mut colored = self.colored.clone();
        colored.extend_from_slice(cells);
        colored.sort_by_key(|&(r, c)| (c, r));
        Coloring { n: self.n, colored }
    }

    /// Whether (row, col) is on the board and uncoloured.
    pub fn is_free(&self, row: u8, col: u64) -> bool {
        (row == 1 || row == 2)
            && (1..=self.n).contains(&col)
            && self
                .colored
                .binary_search_by_key(&(col, row), |&(r, c)| (c, r))
                .is_err()
    }

    fn cell_move(&self, row: u8, col: u64) -> Move {
        Move {
            label: format!("colour cell {row}:{col}"),
            next: Box::new(self.with(&[(row, col)])),
        }
    }

    fn block_move(&self, col: u64) -> Move {
        Move {
            label: format!("colour the 2x2 block at columns {col}-{}", col + 1),
            next: Box::new(self.with(&[(1, col), (2, col), (1, col + 1), (2, col + 1)])),
        }
    }

    /// Every move as (is_block, row, column) with the resulting value, in
    /// board order; `Err` if more than `limit`.
    fn moves_with_values(&self, limit: usize) -> Result<Vec<(Move, u64)>, TooManyMoves> {
        let parts = self.parts();
        let total = parts.iter().fold(0, |x, p| x ^ Self::part_value(p));
        let count: u128 = parts
            .iter()
            .map(|p| match *p {
                Part::Run { len, .. } => 3 * len as u128,
                Part::Lone { .. } => 1,
            })
            .sum();
        if count > limit as u128 {
            return Err(TooManyMoves);
        }
        let mut out = Vec::new();
        for p in &parts {
            let rest = total ^ Self::part_value(p);
            match *p {
                Part::Lone { row, col } => out.push((self.cell_move(row, col), rest)),
                Part::Run { first, len } => {
                    for i in 0..len {
                        let v = rest ^ run_value(i) ^ run_value(len - 1 - i) ^ 1;
                        for row in [1, 2] {
                            out.push((self.cell_move(row, first + i), v));
                        }
                        if i + 1 < len {
                            let v = rest ^ run_value(i) ^ run_value(len - 2 - i);
                            out.push((self.block_move(first + i), v));
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// The board as two text rows ('#' coloured, '.' free).
    pub fn picture(&self) -> String {
        if self.n > 200 {
            return format!("(2 x {} board)", self.n);
        }
        let mut s = String::new();
        for row in [1u8, 2] {
            for col in 1..=self.n {
                s.push(if self.is_free(row, col) { '.' } else { '#' });
            }
            if row == 1 {
                s.push('\n');
            }
        }
        s
    }
}

impl Position for Coloring {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        if self.colored.is_empty() {
            format!("coloring {}", self.n)
        } else {
            let cells: Vec<String> = self
                .colored
                .iter()
                .map(|(r, c)| format!("{r}:{c}"))
                .collect();
            format!("coloring {} --colored {}", self.n, cells.join(","))
        }
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.total())
    }
    fn grundy(&self) -> Option<u64> {
        Some(self.total())
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        Ok(self
            .moves_with_values(limit)?
            .into_iter()
            .map(|(m, _)| m)
            .collect())
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        let all = self.moves_with_values(OPTION_SCAN_LIMIT).ok()?;
        let mut found = Vec::new();
        let mut count = 0;
        for (m, v) in all {
            if v == target {
                count += 1;
                if found.len() < limit {
                    found.push(m);
                }
            }
        }
        Some((found, count))
    }
    fn reason(&self) -> String {
        let parts = self.parts();
        let runs: Vec<String> = parts
            .iter()
            .filter_map(|p| match *p {
                Part::Run { len, .. } => Some(format!("G({len}) = {}", run_value(len))),
                _ => None,
            })
            .collect();
        let lone = parts
            .iter()
            .filter(|p| matches!(p, Part::Lone { .. }))
            .count();
        let x = self.total();
        let p = periodicity();
        format!(
            "2 x n colouring: a sum of empty-column runs and lone cells (*1 each); runs {}{}, XOR {x}{} (G has period {} from {}, proven)",
            if runs.is_empty() {
                "none".to_string()
            } else {
                runs.join(", ")
            },
            if lone > 0 {
                format!(", {lone} lone cell(s)")
            } else {
                String::new()
            },
            if x == 0 { " (P-position)" } else { ", not 0" },
            p.period,
            p.preperiod
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    /// Brute force on raw cells: bit (row - 1) * n + (col - 1) = coloured.
    fn moves(n: u32, mask: u32) -> Vec<u32> {
        let bit = |row: u32, col: u32| 1u32 << ((row - 1) * n + col - 1);
        let mut out = Vec::new();
        for row in 1..=2 {
            for col in 1..=n {
                if mask & bit(row, col) == 0 {
                    out.push(mask | bit(row, col));
                }
            }
        }
        for col in 1..n {
            let block = bit(1, col) | bit(2, col) | bit(1, col + 1) | bit(2, col + 1);
            if mask & block == 0 {
                out.push(mask | block);
            }
        }
        out
    }

    fn board(n: u32, mask: u32) -> Coloring {
        let mut colored = Vec::new();
        for col in 1..=n {
            for row in 1..=2u32 {
                if mask & (1 << ((row - 1) * n + col - 1)) != 0 {
                    colored.push((row as u8, col as u64));
                }
            }
        }
        Coloring {
            n: n as u64,
            colored,
        }
    }

    #[test]
    fn every_board_up_to_2x5_matches_brute_force() {
        for n in 0..=5u32 {
            let mut e = Engine::new(move |&m: &u32| moves(n, m));
            for mask in 0..(1u32 << (2 * n)) {
                let b = board(n, mask);
                let g = e.grundy(&mask).unwrap();
                assert_eq!(b.grundy(), Some(g), "n = {n}\n{}", b.picture());
                let brute_zero = moves(n, mask)
                    .into_iter()
                    .filter(|&m| e.grundy(&m).unwrap() == 0)
                    .count() as u64;
                assert_eq!(b.winning_moves(100).unwrap().1, brute_zero);
                assert_eq!(b.options(1000).unwrap().len(), moves(n, mask).len());
            }
        }
    }

    #[test]
    fn empty_boards_to_2x7_and_the_period() {
        for n in 6..=7u32 {
            let mut e = Engine::new(move |&m: &u32| moves(n, m));
            assert_eq!(run_value(n as u64), e.grundy(&0).unwrap(), "n = {n}");
        }
        let p = periodicity();
        assert_eq!((p.period, p.preperiod), (12, 71));
        assert_eq!(run_value(13), 0);
        assert_eq!(
            run_value(10u64.pow(15)),
            run_value(71 + (10u64.pow(15) - 71) % 12)
        );
    }
}
