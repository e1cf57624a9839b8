//! Vertices of a polytope `{z >= 0 : M z <= 1}` with `M > 0` (integer),
//! found by a depth-first walk over its feasible bases. Used for the best
//! response polytopes of a bimatrix game (von Stengel 2002, "Computing
//! equilibria for two-person games", Handbook of Game Theory 3, ch. 45;
//! Avis, Rosenberg, Savani and von Stengel 2010).
//!
//! The walk keeps one integer tableau ([`crate::normal_form::tableau`]):
//! from each basis it tries every entering variable with the lexicographic
//! ratio test, pivots forward into each basis not yet seen and, when that
//! branch is done, restores a copy of the parent's tableau (a memory copy
//! instead of a pivot; beyond a 64 MB budget of copies it pivots back).
//! Visited bases are kept as bitsets. The
//! lexicographic rule walks the bases that stay feasible when the
//! right-hand side is perturbed to `1 + (eps, eps^2, ...)` (Dantzig, Orden
//! and Wolfe 1955; the lex-positive bases of lrs, Avis and Fukuda 1992):
//! the perturbed polytope is simple, its graph is connected and each vertex
//! of the real polytope is the limit of at least one perturbed vertex, so
//! every vertex is reached, while a degenerate vertex is visited through
//! its lex-feasible bases only, not through all of its (possibly very many)
//! feasible bases.
//! Arithmetic is fixed-width 256-bit ([`I256`], no heap; entries are minors
//! of `M`, so they stay small for games up to about 15x15); if any
//! operation might leave 256 bits the walk restarts in [`Num`], each entry
//! switching to `BigInt` only when it outgrows 256 bits.
//!
//! Invariant: each returned vertex is exact and distinct, with the full set
//! of constraints tight at it (not just those of the basis that found it);
//! distinct vertices have distinct tight sets, which is how they are
//! deduplicated.

use crate::normal_form::int256::I256;
use crate::normal_form::integer::{Int, Num, Overflow};
use crate::normal_form::labels::Labels;
use crate::normal_form::tableau::Tableau;
use num_bigint::BigInt;
use std::collections::HashSet;

/// A vertex and what is tight at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vertex {
    /// Tight set, over the `d + k` variables: `l < d` means `z_l = 0`,
    /// `d + c` means constraint `c` holds with equality.
    pub labels: Labels,
    /// Coordinates times `den`: `z_l = coords[l] / den`.
    pub coords: Vec<BigInt>,
    /// The common denominator (positive).
    pub den: BigInt,
}

/// Why the vertices could not be listed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PolytopeError {
    /// More feasible bases than the limit (a huge or very degenerate game).
    #[error(
        "more than {limit} feasible bases; the game is too large or too degenerate for exact vertex enumeration of every equilibrium (games with random payoffs are within reach up to about 16x16 strategies after eliminating dominated ones)"
    )]
    TooManyBases {
        /// The limit.
        limit: usize,
    },
    /// Integer arithmetic overflowed (cannot happen with `Num`).
    #[error("integer overflow in vertex enumeration")]
    Overflow,
    /// An entry of `M` is not positive.
    #[error("the constraint matrix must be positive")]
    NotPositive,
}

/// The most bases visited before giving up. Random 15x15 and 16x16 games
/// (payoffs 0..99) finish within it in about 2 s; a random 18x18 game
/// reaches it in under ten seconds and about 1 GB, where 2,000,000 took
/// over three minutes and 3 GB on a random 22x22 game.
pub const BASIS_LIMIT: usize = 300_000;

enum WalkError {
    Overflow,
    TooMany,
}

impl From<Overflow> for WalkError {
    fn from(_: Overflow) -> Self {
        WalkError::Overflow
    }
}

/// Lists every vertex of `{z >= 0 : m z <= 1}` (`m` is `k x d`, positive).
pub fn vertices(m: &[Vec<BigInt>], d: usize) -> Result<Vec<Vertex>, PolytopeError> {
    vertices_with_limit(m, d, BASIS_LIMIT)
}

/// As [`vertices`], giving up after `limit` bases.
pub fn vertices_with_limit(
    m: &[Vec<BigInt>],
    d: usize,
    limit: usize,
) -> Result<Vec<Vertex>, PolytopeError> {
    if m.iter().flatten().any(|v| !v.is_positive()) {
        return Err(PolytopeError::NotPositive);
    }
    // Fixed-width 256-bit arithmetic first (no heap); if an entry outgrows
    // it, the walk starts again in `Num` (per-entry BigInt fallback).
    let fixed: Option<Vec<Vec<I256>>> = m
        .iter()
        .map(|r| r.iter().map(I256::from_big).collect())
        .collect();
    if let Some(fixed) = fixed {
        match walk::<I256>(&fixed, d, limit, SNAPSHOT_BYTES) {
            Ok(v) => return Ok(v),
            Err(WalkError::TooMany) => return Err(PolytopeError::TooManyBases { limit }),
            Err(WalkError::Overflow) => {}
        }
    }
    let nums: Vec<Vec<Num>> = m
        .iter()
        .map(|r| r.iter().map(|v| Num::normal(v.clone())).collect())
        .collect();
    match walk::<Num>(&nums, d, limit, SNAPSHOT_BYTES) {
        Ok(v) => Ok(v),
        Err(WalkError::TooMany) => Err(PolytopeError::TooManyBases { limit }),
        // `Num` never overflows; kept as an error rather than a panic.
        Err(WalkError::Overflow) => Err(PolytopeError::Overflow),
    }
}

/// Most bytes of tableau copies kept to return from a branch without
/// pivoting back (deeper frames pivot back instead).
const SNAPSHOT_BYTES: usize = 64 << 20;

struct Frame<I> {
    /// The pivot that led here, to undo: (row, variable that left).
    undo: Option<(usize, usize)>,
    /// The parent's tableau, restored instead of pivoting back (when the
    /// copy budget allows).
    parent: Option<Tableau<I>>,
    /// Feasible pivots not yet tried: (row, entering variable).
    moves: Vec<(usize, usize)>,
}

fn walk<I: Int>(
    m: &[Vec<I>],
    d: usize,
    limit: usize,
    snapshot_bytes: usize,
) -> Result<Vec<Vertex>, WalkError> {
    let k = m.len();
    let vars = d + k;
    let width = vars + 1;
    let mut cells = Vec::with_capacity(k * width);
    for (c, row) in m.iter().enumerate() {
        cells.extend(row[..d].iter().cloned());
        cells.extend((0..k).map(|x| I::from_i128(i128::from(x == c))));
        cells.push(I::from_i128(1));
    }
    let mut t = Tableau::new(cells, k, width, (d..vars).collect());
    let mut basis = Labels::empty(vars);
    for v in d..vars {
        basis.insert(v);
    }
    let mut seen: HashSet<Labels> = HashSet::from([basis.clone()]);
    let mut found: HashSet<Labels> = HashSet::new();
    let mut out = Vec::new();
    let mut ties = Vec::new();
    let moves = |t: &Tableau<I>, ties: &mut Vec<usize>| -> Result<Vec<_>, WalkError> {
        let mut moves = Vec::new();
        for s in 0..vars {
            if t.row_of(s).is_some() {
                continue;
            }
            if let Some(r) = t.lex_min_ratio_row(s, d..vars, ties)? {
                moves.push((r, s));
            }
        }
        Ok(moves)
    };
    let record = |t: &Tableau<I>, found: &mut HashSet<Labels>, out: &mut Vec<Vertex>| {
        let mut labels = Labels::empty(vars);
        for v in 0..vars {
            match t.row_of(v) {
                None => labels.insert(v),
                Some(r) if t.rhs(r).is_zero() => labels.insert(v),
                Some(_) => {}
            }
        }
        if found.contains(&labels) {
            return;
        }
        found.insert(labels.clone());
        let coords = (0..d)
            .map(|l| match t.row_of(l) {
                Some(r) => t.rhs(r).to_big(),
                None => BigInt::ZERO,
            })
            .collect();
        out.push(Vertex {
            labels,
            coords,
            den: t.det().to_big(),
        });
    };
    record(&t, &mut found, &mut out);
    let snapshot_limit = snapshot_bytes / (std::mem::size_of::<I>() * k * width).max(1);
    let mut pool: Vec<Tableau<I>> = Vec::new();
    let mut stack = vec![Frame {
        undo: None,
        parent: None,
        moves: moves(&t, &mut ties)?,
    }];
    while let Some(frame) = stack.last_mut() {
        if let Some((r, s)) = frame.moves.pop() {
            let leaving = t.basis()[r];
            basis.remove(leaving);
            basis.insert(s);
            if seen.contains(&basis) {
                basis.remove(s);
                basis.insert(leaving);
                continue;
            }
            if seen.len() >= limit {
                return Err(WalkError::TooMany);
            }
            seen.insert(basis.clone());
            let parent = (stack.len() < snapshot_limit).then(|| match pool.pop() {
                Some(mut copy) => {
                    copy.copy_from(&t);
                    copy
                }
                None => t.clone(),
            });
            t.pivot(r, s)?;
            record(&t, &mut found, &mut out);
            stack.push(Frame {
                undo: Some((r, leaving)),
                parent,
                moves: moves(&t, &mut ties)?,
            });
        } else {
            let frame = stack.pop().expect("non-empty");
            if let Some((r, leaving)) = frame.undo {
                let entered = t.basis()[r];
                match frame.parent {
                    Some(mut parent) => {
                        // Back to the parent's tableau, as pivoting back
                        // would give (the tableau is a function of the basis).
                        std::mem::swap(&mut t, &mut parent);
                        pool.push(parent);
                    }
                    None => t.pivot(r, leaving)?,
                }
                basis.remove(entered);
                basis.insert(leaving);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(rows: &[&[i64]]) -> Vec<Vec<BigInt>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| BigInt::from(v)).collect())
            .collect()
    }

    #[test]
    fn square_and_degenerate_apex() {
        // 2 z1 + z2 <= 1 and z1 + 2 z2 <= 1: a quadrilateral.
        let v = vertices(&big(&[&[2, 1], &[1, 2]]), 2).unwrap();
        assert_eq!(v.len(), 4);
        // Three constraints through (1/6, 1/6): a degenerate vertex.
        let v = vertices(&big(&[&[4, 2], &[2, 4], &[3, 3]]), 2).unwrap();
        assert_eq!(v.len(), 4);
        let apex = v
            .iter()
            .find(|x| x.coords.iter().all(|c| c.is_positive()))
            .unwrap();
        // All three constraints tight at the apex (1/6, 1/6).
        assert_eq!(apex.labels.iter().collect::<Vec<_>>(), vec![2, 3, 4]);
        assert_eq!(&apex.coords[0] * 6, apex.den);
    }

    #[test]
    fn big_entries_fall_back_to_bigint() {
        let huge: BigInt = BigInt::from(i128::MAX) * 3;
        let m = vec![
            vec![huge.clone(), BigInt::from(1)],
            vec![BigInt::from(1), huge.clone() + 1],
        ];
        let v = vertices(&m, 2).unwrap();
        assert_eq!(v.len(), 4);
        let m128: Vec<Vec<BigInt>> = big(&[&[i64::MAX, 1], &[1, i64::MAX - 1]]);
        assert_eq!(vertices(&m128, 2).unwrap().len(), 4);
        // Entries that fit 256 bits but whose minors do not: the
        // fixed-width walk overflows part-way and restarts in Num.
        let wide: BigInt = BigInt::from(1) << 200u32;
        let m = vec![
            vec![wide.clone() + 5, BigInt::from(3)],
            vec![BigInt::from(2), wide.clone() * 3 + 1],
        ];
        let v = vertices(&m, 2).unwrap();
        assert_eq!(v.len(), 4);
        // The vertex with both constraints tight solves m z = 1 exactly.
        let apex = v
            .iter()
            .find(|x| x.labels.len() == 2 && x.labels.contains(2) && x.labels.contains(3))
            .unwrap();
        for row in &m {
            let lhs: BigInt = row.iter().zip(&apex.coords).map(|(a, c)| a * c).sum();
            assert_eq!(lhs, apex.den);
        }
    }

    #[test]
    fn pivoting_back_equals_restoring_copies() {
        // A dense 7x7 polytope: the walk with no copy budget (every branch
        // pivots back) finds the same vertices, in the same order.
        let mut x = 12345u64;
        let m: Vec<Vec<I256>> = (0..7)
            .map(|_| {
                (0..7)
                    .map(|_| {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        I256::from_i128((x >> 33) as i128 % 999 + 1)
                    })
                    .collect()
            })
            .collect();
        let (Ok(a), Ok(b)) = (
            walk(&m, 7, BASIS_LIMIT, SNAPSHOT_BYTES),
            walk(&m, 7, BASIS_LIMIT, 0),
        ) else {
            panic!("walk failed");
        };
        assert!(a.len() > 20, "{}", a.len());
        assert_eq!(a, b);
    }

    #[test]
    fn limit_is_an_error() {
        let m = big(&[&[2, 1, 1], &[1, 2, 1], &[1, 1, 2]]);
        assert_eq!(
            vertices_with_limit(&m, 3, 2),
            Err(PolytopeError::TooManyBases { limit: 2 })
        );
    }
}
