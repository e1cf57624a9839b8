//! Vertices of a polytope `{z >= 0 : M z <= 1}` with `M > 0`, found by a
//! breadth-first walk over its feasible bases (simplex pivots that keep
//! feasibility; every tie in the ratio test is followed, so degenerate
//! vertices with many bases are still all reached). Used for the best
//! response polytopes of a bimatrix game (von Stengel 2002, "Computing
//! equilibria for two-person games", Handbook of Game Theory 3, ch. 45;
//! Avis, Rosenberg, Savani and von Stengel 2010).
//!
//! Invariant: each returned vertex is exact and distinct, with the full set
//! of constraints tight at it (not just those of the basis that found it).

use crate::normal_form::rational::{ArithmeticError, Rational};
use std::collections::{HashMap, HashSet, VecDeque};

/// A vertex and what is tight at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// Coordinates.
    pub z: Vec<Rational>,
    /// `zero[l]`: coordinate `l` is 0.
    pub zero: Vec<bool>,
    /// `tight[c]`: constraint `c` holds with equality.
    pub tight: Vec<bool>,
}

/// Why the vertices could not be listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PolytopeError {
    /// More feasible bases than the limit (a huge or very degenerate game).
    #[error(
        "more than {limit} feasible bases; the game is too large or too degenerate for exact vertex enumeration"
    )]
    TooManyBases {
        /// The limit.
        limit: usize,
    },
    /// Exact arithmetic overflowed.
    #[error(transparent)]
    Arithmetic(#[from] ArithmeticError),
}

/// The most bases visited before giving up.
pub const BASIS_LIMIT: usize = 2_000_000;

struct Tableau {
    rows: Vec<Vec<Rational>>, // k rows x (d + k + 1)
    basis: Vec<usize>,
}

/// Lists every vertex of `{z >= 0 : m z <= 1}` (`m` is `k x d`, positive).
pub fn vertices(m: &[Vec<Rational>], d: usize) -> Result<Vec<Vertex>, PolytopeError> {
    let k = m.len();
    let width = d + k + 1;
    let mut rows = Vec::with_capacity(k);
    for (c, row) in m.iter().enumerate() {
        let mut r = vec![Rational::ZERO; width];
        r[..d].copy_from_slice(&row[..d]);
        r[d + c] = Rational::ONE;
        r[width - 1] = Rational::ONE;
        rows.push(r);
    }
    let start = Tableau {
        rows,
        basis: (d..d + k).collect(),
    };
    let key = |b: &[usize]| {
        let mut v = b.to_vec();
        v.sort_unstable();
        v
    };
    let mut seen: HashSet<Vec<usize>> = HashSet::new();
    seen.insert(key(&start.basis));
    let mut found: HashMap<Vec<Rational>, ()> = HashMap::new();
    let mut out = Vec::new();
    let mut queue = VecDeque::from([start]);
    while let Some(t) = queue.pop_front() {
        // The vertex of this basis.
        let mut values = vec![Rational::ZERO; d + k];
        for (r, &v) in t.basis.iter().enumerate() {
            values[v] = t.rows[r][width - 1];
        }
        let z = values[..d].to_vec();
        if found.insert(z.clone(), ()).is_none() {
            out.push(Vertex {
                zero: values[..d].iter().map(|v| v.is_zero()).collect(),
                tight: values[d..].iter().map(|v| v.is_zero()).collect(),
                z,
            });
        }
        let in_basis: HashSet<usize> = t.basis.iter().copied().collect();
        for enter in 0..d + k {
            if in_basis.contains(&enter) {
                continue;
            }
            let mut best: Option<Rational> = None;
            let mut ties: Vec<usize> = Vec::new();
            for r in 0..k {
                let a = t.rows[r][enter];
                if a.is_positive() {
                    let ratio = t.rows[r][width - 1].div(a)?;
                    match best {
                        Some(b) if ratio > b => {}
                        Some(b) if ratio == b => ties.push(r),
                        _ => {
                            best = Some(ratio);
                            ties = vec![r];
                        }
                    }
                }
            }
            for r in ties {
                let mut nb = t.basis.clone();
                nb[r] = enter;
                if !seen.insert(key(&nb)) {
                    continue;
                }
                if seen.len() > BASIS_LIMIT {
                    return Err(PolytopeError::TooManyBases { limit: BASIS_LIMIT });
                }
                let mut rows = t.rows.clone();
                pivot(&mut rows, r, enter)?;
                queue.push_back(Tableau { rows, basis: nb });
            }
        }
    }
    Ok(out)
}

fn pivot(t: &mut [Vec<Rational>], row: usize, col: usize) -> Result<(), ArithmeticError> {
    let p = t[row][col];
    for v in t[row].iter_mut() {
        *v = v.div(p)?;
    }
    let pr = t[row].clone();
    for (i, r) in t.iter_mut().enumerate() {
        if i == row {
            continue;
        }
        let f = r[col];
        if f.is_zero() {
            continue;
        }
        for (v, pv) in r.iter_mut().zip(&pr) {
            if !pv.is_zero() {
                *v = v.sub(f.mul(*pv)?)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square() {
        // z1 <= 1, z2 <= 1 (as 1*z <= 1): the unit square has 4 vertices.
        let o = Rational::ONE;
        let z = Rational::ZERO;
        let v = vertices(&[vec![o, z], vec![z, o]], 2).unwrap();
        assert_eq!(v.len(), 4);
        // A degenerate pyramid apex: three constraints through one point.
        let h = Rational::new(1, 2).unwrap();
        let v = vertices(&[vec![o, z], vec![z, o], vec![h, h]], 2).unwrap();
        assert_eq!(v.len(), 4);
        let apex = v.iter().find(|x| x.z == vec![o, o]).unwrap();
        assert_eq!(apex.tight, vec![true, true, true]);
    }
}
