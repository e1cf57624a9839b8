//! A simplex tableau in integers, pivoted fraction-free (integer pivoting:
//! Edmonds 1967, Bareiss 1968; as used for Lemke–Howson by von Stengel
//! 2002, Handbook of Game Theory 3, ch. 45, section 2.5, and by Avis' lrs).
//!
//! The tableau of basis `B` is kept as `D * A_B^{-1} [A | I | b]` with
//! `D = |det A_B|`, so every entry is an integer and the values of the basic
//! variables are `rhs / D`. Pivoting on row `r`, column `s` with pivot
//! element `p > 0` replaces every other entry by
//! `(t[i][j] * p - t[i][s] * t[r][j]) / D`, the division exact, and `D` by
//! `p`; row `r` is unchanged. No gcds, no fractions.
//!
//! Invariants: `D > 0`; the tableau is a function of the basis (pivoting
//! back on the entering variable's row and the leaving variable's column
//! restores the previous tableau exactly); extra rows (an objective) are
//! updated like the others but never chosen as pivot rows.

use crate::normal_form::integer::{Int, IntResult};
use std::cmp::Ordering;

/// An integer tableau.
#[derive(Clone, Debug)]
pub struct Tableau<I> {
    width: usize,
    rows: usize,
    t: Vec<I>,
    det: I,
    basis: Vec<usize>,
    row_of: Vec<Option<usize>>,
    scratch: Vec<I>,
    cols: Vec<usize>,
}

impl<I: Int> Tableau<I> {
    /// A tableau from its cells, row-major: `rows` constraint rows then any
    /// extra rows, each `width` long (the last column is the right-hand
    /// side). `basis[r]` is the variable of row `r`, whose column must be
    /// the unit column `e_r` (so `D = 1`).
    pub fn new(cells: Vec<I>, rows: usize, width: usize, basis: Vec<usize>) -> Self {
        debug_assert_eq!(cells.len() % width, 0);
        debug_assert_eq!(basis.len(), rows);
        let mut row_of = vec![None; width - 1];
        for (r, &v) in basis.iter().enumerate() {
            row_of[v] = Some(r);
        }
        Tableau {
            width,
            rows,
            t: cells,
            det: I::from_i128(1),
            basis,
            row_of,
            scratch: Vec::new(),
            cols: Vec::new(),
        }
    }

    /// Makes `self` a copy of `o`, reusing `self`'s memory.
    pub fn copy_from(&mut self, o: &Self) {
        self.width = o.width;
        self.rows = o.rows;
        self.t.clone_from(&o.t);
        self.det.clone_from(&o.det);
        self.basis.clone_from(&o.basis);
        self.row_of.clone_from(&o.row_of);
    }

    /// Number of constraint rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of variables (columns before the right-hand side).
    pub fn variables(&self) -> usize {
        self.width - 1
    }

    /// Entry at row `r` (extra rows follow the constraint rows), column `c`.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> &I {
        &self.t[r * self.width + c]
    }

    /// Right-hand side of row `r` (the basic variable's value times `D`).
    #[inline]
    pub fn rhs(&self, r: usize) -> &I {
        self.get(r, self.width - 1)
    }

    /// The common denominator `D > 0`.
    pub fn det(&self) -> &I {
        &self.det
    }

    /// The basic variable of each row.
    pub fn basis(&self) -> &[usize] {
        &self.basis
    }

    /// The row of a basic variable.
    pub fn row_of(&self, var: usize) -> Option<usize> {
        self.row_of[var]
    }

    /// Pivots: variable `s` enters in row `r` (whose basic variable leaves).
    /// Requires `t[r][s] > 0`.
    pub fn pivot(&mut self, r: usize, s: usize) -> IntResult<()> {
        let w = self.width;
        let p = self.t[r * w + s].clone();
        debug_assert!(p.is_positive());
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.t[r * w..(r + 1) * w]);
        let total = self.t.len() / w;
        let det = I::divisor(&self.det)?;
        let leaving = self.basis[r];
        // Basic columns are D e_r, so only the non-basic columns and the
        // right-hand side need the Bareiss update (k (d + 1) entries instead
        // of k (d + k + 1)): in row i != r the entering column becomes 0,
        // the leaving one (t[i][l] p - t[i][s] D) / D = -t[i][s], row i's
        // own basic column p, and the other basic columns stay 0.
        let mut cols = std::mem::take(&mut self.cols);
        cols.clear();
        cols.extend((0..w - 1).filter(|&j| j != s && self.row_of[j].is_none()));
        cols.push(w - 1);
        let zero = I::from_i128(0);
        for i in 0..total {
            if i == r {
                continue;
            }
            let row = &mut self.t[i * w..(i + 1) * w];
            let f = row[s].clone();
            if i >= self.rows {
                // An extra row (objective): no basic column of its own, so
                // every column is updated.
                for (v, g) in row.iter_mut().zip(&self.scratch) {
                    *v = if f.is_zero() || g.is_zero() {
                        v.scale_by(&p, &det)?
                    } else {
                        v.bareiss_by(&p, &f, g, &det)?
                    };
                }
                continue;
            }
            debug_assert!(row[self.basis[i]] == self.det);
            if f.is_zero() {
                if p != self.det {
                    for &j in &cols {
                        if !row[j].is_zero() {
                            row[j] = row[j].scale_by(&p, &det)?;
                        }
                    }
                }
            } else {
                for &j in &cols {
                    let g = &self.scratch[j];
                    row[j] = if g.is_zero() {
                        row[j].scale_by(&p, &det)?
                    } else {
                        row[j].bareiss_by(&p, &f, g, &det)?
                    };
                }
                row[leaving] = f.neg()?;
                row[s] = zero.clone();
            }
            row[self.basis[i]] = p.clone();
        }
        self.cols = cols;
        self.det = p;
        let leaving = self.basis[r];
        self.row_of[leaving] = None;
        self.row_of[s] = Some(r);
        self.basis[r] = s;
        Ok(())
    }

    /// The rows attaining the minimum ratio `rhs / t[r][s]` over rows with
    /// `t[r][s] > 0` (all ties), written to `out`; empty if the column has no
    /// positive entry (the ray is unbounded).
    pub fn min_ratio_rows(&self, s: usize, out: &mut Vec<usize>) -> IntResult<()> {
        out.clear();
        for r in 0..self.rows {
            let a = self.get(r, s);
            if !a.is_positive() {
                continue;
            }
            match out.first() {
                None => out.push(r),
                Some(&b) => {
                    // rhs_r / a  vs  rhs_b / a_b  <=>  rhs_r * a_b vs rhs_b * a.
                    match I::cmp_products(self.rhs(r), self.get(b, s), self.rhs(b), a)? {
                        Ordering::Less => {
                            out.clear();
                            out.push(r);
                        }
                        Ordering::Equal => out.push(r),
                        Ordering::Greater => {}
                    }
                }
            }
        }
        Ok(())
    }
}

impl<I: Int> Tableau<I> {
    /// The leaving row under the lexicographic ratio test (Dantzig, Orden
    /// and Wolfe 1955): among the rows tied in the minimum-ratio test, the
    /// one minimising `t[r][c] / t[r][s]` for the columns `lex` in order
    /// (the columns of `A_B^{-1}`, i.e. the slacks of the starting basis).
    /// This is the ratio test of the right-hand side perturbed by
    /// `(eps, eps^2, ...)`, so it is never tied when the `lex` columns
    /// hold `A_B^{-1}`; `None` if the column has no positive entry.
    pub fn lex_min_ratio_row(
        &self,
        s: usize,
        lex: std::ops::Range<usize>,
        ties: &mut Vec<usize>,
    ) -> IntResult<Option<usize>> {
        self.min_ratio_rows(s, ties)?;
        for c in lex {
            if ties.len() <= 1 {
                break;
            }
            let mut best = vec![ties[0]];
            for &r in &ties[1..] {
                let b = best[0];
                match I::cmp_products(
                    self.get(r, c),
                    self.get(b, s),
                    self.get(b, c),
                    self.get(r, s),
                )? {
                    Ordering::Less => best = vec![r],
                    Ordering::Equal => best.push(r),
                    Ordering::Greater => {}
                }
            }
            *ties = best;
        }
        Ok(ties.first().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;

    fn sample<I: Int>() -> Tableau<I> {
        // x + 2y + s1 = 4, 3x + y + s2 = 6: basis {s1, s2}.
        let c = |v: i128| I::from_i128(v);
        let cells = vec![c(1), c(2), c(1), c(0), c(4), c(3), c(1), c(0), c(1), c(6)];
        Tableau::new(cells, 2, 5, vec![2, 3])
    }

    #[test]
    fn pivots_are_exact_and_reversible() {
        let mut t = sample::<i128>();
        let start = t.t.clone();
        let mut rows = Vec::new();
        t.min_ratio_rows(0, &mut rows).unwrap();
        assert_eq!(rows, vec![1]); // 6/3 < 4/1
        t.pivot(1, 0).unwrap();
        assert_eq!(*t.det(), 3);
        // x = 6/3 = 2.
        assert_eq!(*t.rhs(1), 6);
        t.min_ratio_rows(1, &mut rows).unwrap();
        t.pivot(rows[0], 1).unwrap();
        // x = 8/5, y = 6/5: D = 5.
        assert_eq!(*t.det(), 5);
        assert_eq!((*t.rhs(0), *t.rhs(1)), (6, 8));
        // Back to the start.
        t.pivot(0, 2).unwrap();
        t.pivot(1, 3).unwrap();
        assert_eq!(t.t, start);
        assert_eq!(*t.det(), 1);
        // The same in Num (fixed-width 256 bits).
        let mut n = sample::<crate::normal_form::integer::Num>();
        n.pivot(1, 0).unwrap();
        n.pivot(0, 1).unwrap();
        assert_eq!(n.det().to_big(), BigInt::from(5));
        assert_eq!((n.rhs(0).to_big(), n.rhs(1).to_big()), (6.into(), 8.into()));
        // The same in BigInt.
        let mut b = sample::<BigInt>();
        b.pivot(1, 0).unwrap();
        b.pivot(0, 1).unwrap();
        assert_eq!(*b.det(), BigInt::from(5));
    }
}
