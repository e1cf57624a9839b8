//! Exact linear programming: the simplex method on a rational tableau with
//! Bland's rule (Bland 1977), which never cycles, so degenerate programs
//! (common in game theory) terminate.
//!
//! Solves `maximize c.x subject to A x <= b, x >= 0` with `b >= 0` (the
//! slack basis is then feasible, so no phase one is needed; every program
//! built in this crate has that form). Returns an optimal primal `x`, an
//! optimal dual `y` (`A^T y >= c`, `y >= 0`, `b.y = c.x`) and the value.
//! Invariant: all arithmetic is exact; overflow is an error, not a guess.

use crate::normal_form::rational::{ArithmeticError, Checked, Rational};

/// Why a linear program has no optimum.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LpError {
    /// The objective is unbounded.
    #[error("the linear program is unbounded")]
    Unbounded,
    /// The right-hand side has a negative entry (not supported: no phase one).
    #[error("the linear program needs b >= 0")]
    NegativeRhs,
    /// Exact arithmetic overflowed.
    #[error(transparent)]
    Arithmetic(#[from] ArithmeticError),
}

/// An optimal solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LpSolution {
    /// Optimal value of `c.x`.
    pub value: Rational,
    /// Primal solution.
    pub x: Vec<Rational>,
    /// Dual solution (one per constraint).
    pub y: Vec<Rational>,
}

/// Maximises `c.x` subject to `a x <= b`, `x >= 0`; requires `b >= 0`.
pub fn maximize(
    c: &[Rational],
    a: &[Vec<Rational>],
    b: &[Rational],
) -> Result<LpSolution, LpError> {
    let m = a.len();
    let n = c.len();
    if b.iter().any(|v| v.is_negative()) {
        return Err(LpError::NegativeRhs);
    }
    let width = n + m + 1; // variables, slacks, rhs
    let mut t: Vec<Vec<Rational>> = Vec::with_capacity(m);
    for (i, row) in a.iter().enumerate() {
        let mut r = vec![Rational::ZERO; width];
        r[..n].copy_from_slice(&row[..n]);
        r[n + i] = Rational::ONE;
        r[width - 1] = b[i];
        t.push(r);
    }
    // Reduced costs: objective row holds c_j - z_j; value in last entry (negated).
    let mut obj = vec![Rational::ZERO; width];
    obj[..n].copy_from_slice(c);
    let mut basis: Vec<usize> = (n..n + m).collect();
    // Bland: the lowest-index variable with positive reduced cost enters.
    while let Some(enter) = (0..n + m).find(|&j| obj[j].is_positive()) {
        // Ratio test; ties broken by the lowest-index basic variable.
        let mut leave: Option<(usize, Rational)> = None;
        for i in 0..m {
            if t[i][enter].is_positive() {
                let ratio = t[i][width - 1].div(t[i][enter])?;
                let better = match &leave {
                    None => true,
                    Some((l, best)) => ratio < *best || (ratio == *best && basis[i] < basis[*l]),
                };
                if better {
                    leave = Some((i, ratio));
                }
            }
        }
        let Some((row, _)) = leave else {
            return Err(LpError::Unbounded);
        };
        pivot(&mut t, &mut obj, row, enter)?;
        basis[row] = enter;
    }
    let mut x = vec![Rational::ZERO; n];
    for (i, &v) in basis.iter().enumerate() {
        if v < n {
            x[v] = t[i][width - 1];
        }
    }
    let y = (0..m)
        .map(|i| obj[n + i].neg())
        .collect::<Checked<Vec<_>>>()?;
    Ok(LpSolution {
        value: obj[width - 1].neg()?,
        x,
        y,
    })
}

fn pivot(
    t: &mut [Vec<Rational>],
    obj: &mut [Rational],
    row: usize,
    col: usize,
) -> Result<(), ArithmeticError> {
    let p = t[row][col];
    for v in t[row].iter_mut() {
        *v = v.div(p)?;
    }
    let pivot_row = t[row].clone();
    let eliminate = |r: &mut [Rational]| -> Result<(), ArithmeticError> {
        let f = r[col];
        if f.is_zero() {
            return Ok(());
        }
        for (v, pv) in r.iter_mut().zip(&pivot_row) {
            if !pv.is_zero() {
                *v = v.sub(f.mul(*pv)?)?;
            }
        }
        Ok(())
    };
    for (i, r) in t.iter_mut().enumerate() {
        if i != row {
            eliminate(r)?;
        }
    }
    eliminate(obj)
}

/// The value and optimal strategies of the zero-sum game where the row
/// player receives `m[i][j]` and maximises (von Neumann's minimax theorem,
/// solved as the classic LP after shifting payoffs to be positive).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZeroSumSolution {
    /// The value to the row player.
    pub value: Rational,
    /// An optimal (maximin) row strategy.
    pub row: Vec<Rational>,
    /// An optimal (minimax) column strategy.
    pub col: Vec<Rational>,
}

/// Solves a matrix game exactly.
pub fn solve_zero_sum(m: &[Vec<Rational>]) -> Result<ZeroSumSolution, LpError> {
    let rows = m.len();
    let cols = m.first().map_or(0, Vec::len);
    let min = m.iter().flatten().copied().min().unwrap_or(Rational::ZERO);
    let shift = Rational::ONE.sub(min)?; // makes every entry >= 1
    let a = m
        .iter()
        .map(|r| r.iter().map(|v| v.add(shift)).collect::<Checked<Vec<_>>>())
        .collect::<Checked<Vec<_>>>()?;
    let sol = maximize(&vec![Rational::ONE; cols], &a, &vec![Rational::ONE; rows])?;
    // sol.value = 1 / v' where v' is the shifted value.
    let shifted = sol.value.recip()?;
    let scale = |v: &Vec<Rational>| -> Checked<Vec<Rational>> {
        v.iter().map(|x| x.mul(shifted)).collect()
    };
    Ok(ZeroSumSolution {
        value: shifted.sub(shift)?,
        row: scale(&sol.y)?,
        col: scale(&sol.x)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(n: i128) -> Rational {
        Rational::int(n)
    }

    #[test]
    fn small_program() {
        // max 3x + 2y, x + y <= 4, x + 3y <= 6, x <= 3  -> x=3, y=1, value 11.
        let s = maximize(
            &[r(3), r(2)],
            &[vec![r(1), r(1)], vec![r(1), r(3)], vec![r(1), r(0)]],
            &[r(4), r(6), r(3)],
        )
        .unwrap();
        assert_eq!(s.value, r(11));
        assert_eq!(s.x, vec![r(3), r(1)]);
        // Strong duality.
        let dual: Rational = [r(4), r(6), r(3)]
            .iter()
            .zip(&s.y)
            .fold(Rational::ZERO, |acc, (b, y)| {
                acc.add(b.mul(*y).unwrap()).unwrap()
            });
        assert_eq!(dual, r(11));
    }

    #[test]
    fn matching_pennies_and_rps() {
        let mp = solve_zero_sum(&[vec![r(1), r(-1)], vec![r(-1), r(1)]]).unwrap();
        assert_eq!(mp.value, r(0));
        let half = Rational::new(1, 2).unwrap();
        assert_eq!(mp.row, vec![half, half]);
        assert_eq!(mp.col, vec![half, half]);
        let rps = solve_zero_sum(&[
            vec![r(0), r(-1), r(1)],
            vec![r(1), r(0), r(-1)],
            vec![r(-1), r(1), r(0)],
        ])
        .unwrap();
        let third = Rational::new(1, 3).unwrap();
        assert_eq!(rps.value, r(0));
        assert_eq!(rps.row, vec![third; 3]);
        assert_eq!(rps.col, vec![third; 3]);
    }

    #[test]
    fn saddle_point() {
        let s = solve_zero_sum(&[vec![r(3), r(5)], vec![r(1), r(7)]]).unwrap();
        assert_eq!(s.value, r(3));
        assert_eq!(s.row, vec![r(1), r(0)]);
    }
}

/// A floating-point solution of `maximize 1.t subject to d t <= 1, t >= 0`
/// (a screen only: callers verify what it suggests exactly).
#[derive(Clone, Debug, PartialEq)]
pub enum FloatPacking {
    /// Optimal: the primal `t` and the dual `s` (`s^T d >= 1`, `s >= 0`).
    Optimal {
        /// Primal.
        t: Vec<f64>,
        /// Dual.
        s: Vec<f64>,
    },
    /// Unbounded along the ray `t` (`d t <= 0`, `t >= 0`, `t != 0`).
    Ray(Vec<f64>),
    /// Gave up (too many pivots: numerical trouble).
    Failed,
}

/// Solves the packing program `max sum t, d t <= 1, t >= 0` in `f64` with
/// Bland's rule and a relative tolerance.
pub fn packing_f64(d: &[Vec<f64>]) -> FloatPacking {
    let m = d.len();
    let n = d.first().map_or(0, Vec::len);
    let width = n + m + 1;
    let eps = 1e-11;
    let mut t: Vec<Vec<f64>> = d
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = vec![0.0; width];
            r[..n].copy_from_slice(row);
            r[n + i] = 1.0;
            r[width - 1] = 1.0;
            r
        })
        .collect();
    let mut obj = vec![0.0; width];
    obj[..n].iter_mut().for_each(|v| *v = 1.0);
    let mut basis: Vec<usize> = (n..n + m).collect();
    for _ in 0..50 * (m + n + 10) {
        let Some(enter) = (0..n + m).find(|&j| obj[j] > eps) else {
            let mut x = vec![0.0; n];
            for (i, &v) in basis.iter().enumerate() {
                if v < n {
                    x[v] = t[i][width - 1];
                }
            }
            let s = (0..m).map(|i| -obj[n + i]).collect();
            return FloatPacking::Optimal { t: x, s };
        };
        let mut leave: Option<(usize, f64)> = None;
        for i in 0..m {
            if t[i][enter] > eps {
                let ratio = t[i][width - 1] / t[i][enter];
                let better = match leave {
                    None => true,
                    Some((l, best)) => {
                        ratio < best - eps || ((ratio - best).abs() <= eps && basis[i] < basis[l])
                    }
                };
                if better {
                    leave = Some((i, ratio));
                }
            }
        }
        let Some((row, _)) = leave else {
            // Ray: increase `enter`; basic variables change by -column.
            let mut ray = vec![0.0; n];
            if enter < n {
                ray[enter] = 1.0;
            }
            for (i, &v) in basis.iter().enumerate() {
                if v < n {
                    ray[v] = -t[i][enter];
                }
            }
            return FloatPacking::Ray(ray.iter().map(|v| v.max(0.0)).collect());
        };
        let p = t[row][enter];
        t[row].iter_mut().for_each(|v| *v /= p);
        let pr = t[row].clone();
        for (i, r) in t.iter_mut().enumerate() {
            if i != row && r[enter] != 0.0 {
                let f = r[enter];
                r.iter_mut().zip(&pr).for_each(|(v, p)| *v -= f * p);
            }
        }
        let f = obj[enter];
        obj.iter_mut().zip(&pr).for_each(|(v, p)| *v -= f * p);
        basis[row] = enter;
    }
    FloatPacking::Failed
}
