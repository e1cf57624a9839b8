//! Exact linear programming: the simplex method on an integer tableau
//! pivoted fraction-free (Edmonds 1967; Bareiss 1968) with Bland's rule
//! (Bland 1977), which never cycles, so degenerate programs (common in game
//! theory) terminate.
//!
//! Solves `maximize c.x subject to A x <= b, x >= 0` with `b >= 0` (the
//! slack basis is then feasible, so no phase one is needed; every program
//! built in this crate has that form). Returns an optimal primal `x`, an
//! optimal dual `y` (`A^T y >= c`, `y >= 0`, `b.y = c.x`) and the value.
//! Invariant: all arithmetic is exact; the pivoting cannot overflow
//! (`i128` entries grow into `BigInt` as needed); an answer too large for
//! 128-bit rationals is an error, not a guess.

use crate::normal_form::integer::{Int, Num, big_lcm, big_ratio};
use crate::normal_form::rational::{ArithmeticError, Checked, Rational};
use crate::normal_form::tableau::Tableau;
use num_bigint::BigInt;

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
///
/// Each constraint row is scaled to integers (by the lcm of its
/// denominators) and the objective likewise; the tableau is then pivoted
/// fraction-free ([`crate::normal_form::tableau`]) in [`Num`], which never
/// overflows. Only the final answer is converted to 128-bit [`Rational`]s;
/// if it does not fit, that is an [`ArithmeticError::Overflow`] error.
pub fn maximize(
    c: &[Rational],
    a: &[Vec<Rational>],
    b: &[Rational],
) -> Result<LpSolution, LpError> {
    let (m, n) = (a.len(), c.len());
    let opt = optimal_tableau(c, a, b)?;
    let t = &opt.tableau;
    let d = t.det().to_big();
    let x = (0..n)
        .map(|j| match t.row_of(j) {
            Some(r) => big_ratio(&t.rhs(r).to_big(), &d),
            None => Ok(Rational::ZERO),
        })
        .collect::<Checked<Vec<_>>>()?;
    let dc = &d * &opt.objective_scale;
    let y = (0..m)
        .map(|i| big_ratio(&(-t.get(m, n + i).to_big() * &opt.row_scales[i]), &dc))
        .collect::<Checked<Vec<_>>>()?;
    Ok(LpSolution {
        value: big_ratio(&-t.get(m, n + m).to_big(), &dc)?,
        x,
        y,
    })
}

/// An optimal integer tableau and the scales that made the program integer.
struct Optimal {
    tableau: Tableau<Num>,
    /// Constraint row `i` was multiplied by `row_scales[i]`.
    row_scales: Vec<BigInt>,
    /// The objective was multiplied by this.
    objective_scale: BigInt,
}

/// Runs the simplex method to an optimal tableau (row `m` is the objective).
fn optimal_tableau(
    c: &[Rational],
    a: &[Vec<Rational>],
    b: &[Rational],
) -> Result<Optimal, LpError> {
    let m = a.len();
    let n = c.len();
    if b.iter().any(|v| v.is_negative()) {
        return Err(LpError::NegativeRhs);
    }
    let width = n + m + 1; // variables, slacks, rhs
    let scaled = |v: &Rational, s: &BigInt| Num::normal(BigInt::from(v.numer()) * (s / v.denom()));
    let mut cells: Vec<Num> = Vec::with_capacity((m + 1) * width);
    let mut scales = Vec::with_capacity(m);
    for (i, row) in a.iter().enumerate() {
        let s = big_lcm(row[..n].iter().chain([&b[i]]).map(|v| v.denom()));
        cells.extend(row[..n].iter().map(|v| scaled(v, &s)));
        cells.extend((0..m).map(|k| Num::from_i128(i128::from(k == i))));
        cells.push(scaled(&b[i], &s));
        scales.push(s);
    }
    // The objective row holds the reduced costs c_j - z_j (times D); its
    // right-hand side is minus the value (times D).
    let cs = big_lcm(c.iter().map(|v| v.denom()));
    cells.extend(c.iter().map(|v| scaled(v, &cs)));
    cells.extend((0..=m).map(|_| Num::from_i128(0)));
    let mut t = Tableau::new(cells, m, width, (n..n + m).collect());
    let mut ties = Vec::new();
    // Bland: the lowest-index variable with positive reduced cost enters.
    while let Some(enter) = (0..n + m).find(|&j| t.get(m, j).is_positive()) {
        // Ratio test; ties broken by the lowest-index basic variable.
        t.min_ratio_rows(enter, &mut ties)
            .map_err(|_| ArithmeticError::Overflow)?;
        let Some(&row) = ties.iter().min_by_key(|&&r| t.basis()[r]) else {
            return Err(LpError::Unbounded);
        };
        t.pivot(row, enter).map_err(|_| ArithmeticError::Overflow)?;
    }
    Ok(Optimal {
        tableau: t,
        row_scales: scales,
        objective_scale: cs,
    })
}

/// A certificate that some row of `d` mixture beats zero in every column:
/// integer weights `w >= 0` with `w^T d > 0` column by column, or `None`
/// if no mixture of the rows is positive against every column.
///
/// Solves the packing program `max 1.t, d t <= 1, t >= 0` exactly. It is
/// unbounded iff no such mixture exists (Farkas' lemma); otherwise its
/// optimal dual `y >= 0` has `y^T d >= 1` in every column. The dual is
/// rounded up on the grid `1 / (B + 1)` with `B >= max_j sum_i |d_ij|`:
/// `w_i = ceil((B + 1) y_i)` changes each column's margin by less than `B`,
/// so `w^T d > (B + 1) - B > 0`: small integer weights, proved positive,
/// whatever the size of the exact optimum. An error only if even these
/// weights exceed 128 bits.
pub fn positive_mixture(d: &[Vec<Rational>]) -> Result<Option<Vec<i128>>, LpError> {
    let m = d.len();
    let n = d.first().map_or(0, Vec::len);
    let opt = match optimal_tableau(&vec![Rational::ONE; n], d, &vec![Rational::ONE; m]) {
        Err(LpError::Unbounded) => return Ok(None),
        other => other?,
    };
    let mut bound = Rational::ZERO;
    for j in 0..n {
        let mut col = Rational::ZERO;
        for row in d {
            col = col.add(if row[j].is_negative() {
                row[j].neg()?
            } else {
                row[j]
            })?;
        }
        bound = bound.max(col);
    }
    // B + 1 as an integer: floor(bound) + 1 > bound.
    let grid = BigInt::from(bound.numer().div_euclid(bound.denom())) + 1;
    let t = &opt.tableau;
    let den = t.det().to_big() * &opt.objective_scale;
    (0..m)
        .map(|i| {
            let y = -t.get(m, n + i).to_big() * &opt.row_scales[i] * &grid;
            // ceil(y / den) for y >= 0, den > 0.
            let w = (y + &den - 1) / &den;
            i128::try_from(&w).map_err(|_| LpError::Arithmetic(ArithmeticError::Overflow))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
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

    /// The program that shows claim `high` of the traveler's dilemma
    /// (claims 2..=high, bonus 2) strictly dominated by a mixture of the
    /// lower claims: the zero-sum game `u(k, j) - u(high, j)`.
    fn traveler_dominance(high: i128) -> Vec<Vec<Rational>> {
        let u = |x: i128, y: i128| match x.cmp(&y) {
            std::cmp::Ordering::Equal => x,
            std::cmp::Ordering::Less => x + 2,
            std::cmp::Ordering::Greater => y - 2,
        };
        (2..high)
            .map(|k| (2..=high).map(|j| r(u(k, j) - u(high, j))).collect())
            .collect()
    }

    #[test]
    fn traveler_dominance_program_is_exact_without_a_float_screen() {
        // Small cases: the optimal (minimax) mixture fits and certifies.
        for high in [10, 40] {
            let d = traveler_dominance(high);
            let s = solve_zero_sum(&d).unwrap();
            assert!(s.value.is_positive(), "claim {high} is strictly dominated");
            for j in 0..d[0].len() {
                let margin = d.iter().zip(&s.row).fold(Rational::ZERO, |acc, (row, p)| {
                    acc.add(p.mul(row[j]).unwrap()).unwrap()
                });
                assert!(margin.is_positive());
            }
        }
        // 98 x 99 for claims 2..=100: the simplex runs without overflow
        // (the optimal value itself does not fit a 128-bit rational, so
        // `solve_zero_sum` reports Overflow: see benches/normal_form.rs);
        // `positive_mixture` gives a proved certificate.
        let d = traveler_dominance(100);
        let w = positive_mixture(&d)
            .unwrap()
            .expect("claim 100 is dominated");
        for j in 0..d[0].len() {
            let margin = d.iter().zip(&w).fold(Rational::ZERO, |acc, (row, &x)| {
                acc.add(Rational::int(x).mul(row[j]).unwrap()).unwrap()
            });
            assert!(margin.is_positive(), "column {j}");
        }
        // Claim 2 is a best response to claim 2: nothing dominates it.
        let u = traveler_dominance(30);
        let low: Vec<Vec<Rational>> = (0..u.len())
            .map(|k| {
                (0..u[0].len())
                    .map(|j| u[k][j].sub(u[0][j]).unwrap())
                    .collect()
            })
            .skip(1)
            .collect();
        assert_eq!(positive_mixture(&low).unwrap(), None);
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
