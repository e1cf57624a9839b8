//! Dominance between strategies, by pure and by mixed strategies.
//!
//! Strategy `i` is *strictly* dominated by a (possibly mixed) strategy `s`
//! when `s` earns strictly more against every opposing strategy, *weakly*
//! dominated when `s` earns at least as much everywhere and strictly more
//! somewhere. Mixed dominance is decided by linear programming: `i` is
//! strictly dominated by a mixture of the others iff the zero-sum game with
//! payoffs `u[k][j] - u[i][j]` has positive value; otherwise the minimax
//! column strategy is a belief to which `i` is a best response (Pearce 1984,
//! Lemma 3). Every answer comes with an exact certificate that is checked.
//!
//! All functions look at one player's payoffs `u[i][j]` (own strategy `i`,
//! opponent's `j`) restricted to the `own` and `other` index lists.

use crate::normal_form::lp::{
    FloatPacking, LpError, maximize, packing_f64, positive_mixture, solve_zero_sum,
};
use crate::normal_form::rational::ArithmeticError;
use crate::normal_form::rational::{Checked, Rational};

/// Strict or weak dominance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// Strictly better against everything.
    Strict,
    /// At least as good everywhere, strictly better somewhere.
    Weak,
}

/// What dominates a strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dominator {
    /// A pure strategy (index into the full game).
    Pure(usize),
    /// A mixture: (strategy index, probability > 0), probabilities sum to 1.
    Mixed(Vec<(usize, Rational)>),
}

fn compare_all(
    u: &[Vec<Rational>],
    other: &[usize],
    k: usize,
    i: usize,
    strength: Strength,
) -> bool {
    let mut some_strict = false;
    for &j in other {
        match u[k][j].cmp(&u[i][j]) {
            std::cmp::Ordering::Less => return false,
            std::cmp::Ordering::Equal if strength == Strength::Strict => return false,
            std::cmp::Ordering::Greater => some_strict = true,
            std::cmp::Ordering::Equal => {}
        }
    }
    some_strict
}

/// The first pure strategy in `own` that dominates `i` with this strength.
pub fn pure_dominator(
    u: &[Vec<Rational>],
    own: &[usize],
    other: &[usize],
    i: usize,
    strength: Strength,
) -> Option<usize> {
    own.iter()
        .copied()
        .find(|&k| k != i && compare_all(u, other, k, i, strength))
}

/// Whether `i` is a best response to some pure opposing strategy (then no
/// mixture strictly dominates it). With `unique`, whether it is the only
/// best response somewhere (then nothing weakly dominates it).
fn pure_best_response(
    u: &[Vec<Rational>],
    own: &[usize],
    other: &[usize],
    i: usize,
    unique: bool,
) -> bool {
    other.iter().any(|&j| {
        own.iter().all(|&k| {
            k == i
                || if unique {
                    u[k][j] < u[i][j]
                } else {
                    u[k][j] <= u[i][j]
                }
        })
    })
}

/// A mixture of the other strategies in `own` that strictly dominates `i`,
/// if one exists (found by LP, verified exactly).
pub fn mixed_strict_dominator(
    u: &[Vec<Rational>],
    own: &[usize],
    other: &[usize],
    i: usize,
) -> Result<Option<Vec<(usize, Rational)>>, LpError> {
    strict_dominator(u, own, other, i, true)
}

/// As [`mixed_strict_dominator`], choosing whether to try the
/// floating-point screen first (`false`: exact LP only).
pub fn strict_dominator(
    u: &[Vec<Rational>],
    own: &[usize],
    other: &[usize],
    i: usize,
    screen: bool,
) -> Result<Option<Vec<(usize, Rational)>>, LpError> {
    let candidates: Vec<usize> = own.iter().copied().filter(|&k| k != i).collect();
    if candidates.is_empty() || pure_best_response(u, own, other, i, false) {
        return Ok(None);
    }
    let d = difference(u, &candidates, other, i)?;
    if screen && candidates.len() > EXACT_FIRST {
        if let Some(mix) = screened_dominator(&d, &candidates)? {
            return Ok(Some(mix));
        }
    }
    let sol = match solve_zero_sum(&d) {
        Ok(sol) => sol,
        // The optimal mixture does not fit 128-bit rationals (its weights
        // can span 2^-97..1): ask instead for any dominating mixture with
        // small integer weights, found and proved exactly.
        Err(LpError::Arithmetic(ArithmeticError::Overflow)) => {
            return match positive_mixture(&d)? {
                None => Ok(None),
                Some(w) => {
                    let weights = w.into_iter().enumerate().filter(|&(_, x)| x > 0).collect();
                    verified_weights(&d, &candidates, weights)?
                        .map(Some)
                        .ok_or(LpError::Arithmetic(ArithmeticError::Overflow))
                }
            };
        }
        Err(e) => return Err(e),
    };
    if !sol.value.is_positive() {
        return Ok(None);
    }
    let mix: Vec<(usize, Rational)> = candidates
        .iter()
        .zip(&sol.row)
        .filter(|(_, p)| p.is_positive())
        .map(|(&k, &p)| (k, p))
        .collect();
    // Certificate check: the mixture earns strictly more against every j.
    for &j in other {
        let got = mix
            .iter()
            .try_fold(Rational::ZERO, |acc, &(k, p)| acc.add(p.mul(u[k][j])?))?;
        if got <= u[i][j] {
            return Err(LpError::Arithmetic(
                crate::normal_form::rational::ArithmeticError::Overflow,
            ));
        }
    }
    Ok(Some(mix))
}

/// Above this many candidate strategies, a floating-point LP proposes a
/// dominating mixture first and it is verified exactly. This is a speed
/// screen only, and sound: a proposal is accepted only after every column's
/// margin has been checked positive in exact arithmetic, and when it fails
/// (or the float LP gives up) the exact path runs. The exact path no longer
/// overflows inside the simplex (integer pivoting in `Num`); when the
/// *optimal* mixture does not fit 128-bit rationals (the traveler's dilemma
/// 2..100: weights spanning 2^-97..1) it proves a rounded mixture with
/// small integer weights instead ([`positive_mixture`]).
pub const EXACT_FIRST: usize = 8;

/// Proposes a dominating mixture with a floating-point LP and accepts it
/// only if it strictly dominates in exact arithmetic. The packing program
/// `max 1.t, D t <= 1, t >= 0` (rows of `D` = candidates) has the dual
/// `min 1.s, s^T D >= 1, s >= 0`: an optimal `s` is an unnormalised
/// dominating mixture. It is scaled by 2^20, rounded to integers and
/// checked column by column; `None` means "no verified proposal" (the
/// caller then solves the exact LP).
#[allow(clippy::needless_range_loop)]
fn screened_dominator(
    d: &[Vec<Rational>],
    candidates: &[usize],
) -> Result<Option<Vec<(usize, Rational)>>, LpError> {
    let df: Vec<Vec<f64>> = d
        .iter()
        .map(|r| r.iter().map(|v| v.to_f64()).collect())
        .collect();
    let FloatPacking::Optimal { s, .. } = packing_f64(&df) else {
        return Ok(None);
    };
    let scale = (1u64 << 20) as f64;
    let mut weights: Vec<(usize, i128)> = Vec::new();
    for (k, &v) in s.iter().enumerate() {
        let w = (v * scale).round();
        if !w.is_finite() || w.abs() >= 1e36 {
            return Ok(None);
        }
        if w >= 1.0 {
            weights.push((k, w as i128));
        }
    }
    verified_weights(d, candidates, weights)
}

/// The mixture `weights / sum(weights)` of `candidates` (indices into the
/// rows of `d`, weights positive) if it is strictly positive against every
/// column of `d` in exact arithmetic; `None` if not (or if checking it
/// overflows).
#[allow(clippy::needless_range_loop)]
fn verified_weights(
    d: &[Vec<Rational>],
    candidates: &[usize],
    weights: Vec<(usize, i128)>,
) -> Result<Option<Vec<(usize, Rational)>>, LpError> {
    if weights.is_empty() {
        return Ok(None);
    }
    let cols = d.first().map_or(0, Vec::len);
    for j in 0..cols {
        let mut margin = Rational::ZERO;
        for &(k, w) in &weights {
            margin = match Rational::int(w).mul(d[k][j]).and_then(|x| margin.add(x)) {
                Ok(v) => v,
                Err(_) => return Ok(None),
            };
        }
        if !margin.is_positive() {
            return Ok(None);
        }
    }
    let total = match weights
        .iter()
        .try_fold(0i128, |acc, &(_, w)| acc.checked_add(w))
    {
        Some(t) => t,
        None => return Ok(None),
    };
    let mix = weights
        .iter()
        .map(|&(k, w)| Ok((candidates[k], Rational::new(w, total)?)))
        .collect::<Checked<Vec<_>>>()?;
    Ok(Some(mix))
}

fn difference(
    u: &[Vec<Rational>],
    candidates: &[usize],
    other: &[usize],
    i: usize,
) -> Checked<Vec<Vec<Rational>>> {
    candidates
        .iter()
        .map(|&k| other.iter().map(|&j| u[k][j].sub(u[i][j])).collect())
        .collect()
}

/// A mixture of the other strategies that weakly dominates `i`, if any:
/// maximise the total surplus `sum_j (s.u)_j - u_ij` subject to no
/// shortfall against any `j` (positive optimum = weak dominance).
pub fn mixed_weak_dominator(
    u: &[Vec<Rational>],
    own: &[usize],
    other: &[usize],
    i: usize,
) -> Result<Option<Vec<(usize, Rational)>>, LpError> {
    let candidates: Vec<usize> = own.iter().copied().filter(|&k| k != i).collect();
    if candidates.is_empty() || pure_best_response(u, own, other, i, true) {
        return Ok(None);
    }
    let d = difference(u, &candidates, other, i)?;
    // Variables s_k; constraints -sum_k s_k d_kj <= 0 for every j, sum s_k <= 1.
    let mut a: Vec<Vec<Rational>> = Vec::with_capacity(other.len() + 1);
    for col in 0..other.len() {
        a.push(
            d.iter()
                .map(|row| row[col].neg())
                .collect::<Checked<Vec<_>>>()?,
        );
    }
    a.push(vec![Rational::ONE; candidates.len()]);
    let mut b = vec![Rational::ZERO; other.len()];
    b.push(Rational::ONE);
    let c = d
        .iter()
        .map(|row| crate::normal_form::rational::sum(row.iter().copied()))
        .collect::<Checked<Vec<_>>>()?;
    let sol = maximize(&c, &a, &b)?;
    if !sol.value.is_positive() {
        return Ok(None);
    }
    let total = crate::normal_form::rational::sum(sol.x.iter().copied())?;
    let mix = candidates
        .iter()
        .zip(&sol.x)
        .filter(|(_, p)| p.is_positive())
        .map(|(&k, &p)| Ok((k, p.div(total)?)))
        .collect::<Checked<Vec<_>>>()?;
    Ok(Some(mix))
}

/// How one strategy stands, in the full game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrategyStatus {
    /// Strictly dominated by this pure strategy.
    pub strictly_by_pure: Option<usize>,
    /// Strictly dominated by this mixture (only looked for when no pure one).
    pub strictly_by_mixed: Option<Vec<(usize, Rational)>>,
    /// Weakly dominated by this pure strategy.
    pub weakly_by_pure: Option<usize>,
    /// Weakly dominated by this mixture (only looked for when no pure one).
    pub weakly_by_mixed: Option<Vec<(usize, Rational)>>,
    /// Strictly dominates every other strategy.
    pub strictly_dominant: bool,
    /// Weakly dominates every other strategy (and is not strictly dominant).
    pub weakly_dominant: bool,
}

/// Dominance facts for every strategy of the player with payoffs `u`.
pub fn statuses(
    u: &[Vec<Rational>],
    own: usize,
    other: usize,
) -> Result<Vec<StrategyStatus>, LpError> {
    let own_ix: Vec<usize> = (0..own).collect();
    let other_ix: Vec<usize> = (0..other).collect();
    let mut out = Vec::with_capacity(own);
    for i in 0..own {
        let strictly_by_pure = pure_dominator(u, &own_ix, &other_ix, i, Strength::Strict);
        let strictly_by_mixed = if strictly_by_pure.is_none() {
            mixed_strict_dominator(u, &own_ix, &other_ix, i)?
        } else {
            None
        };
        let weakly_by_pure = pure_dominator(u, &own_ix, &other_ix, i, Strength::Weak);
        let weakly_by_mixed = if weakly_by_pure.is_none() {
            mixed_weak_dominator(u, &own_ix, &other_ix, i)?
        } else {
            None
        };
        let dominates_all =
            |s: Strength| own > 1 && (0..own).all(|k| k == i || compare_all(u, &other_ix, i, k, s));
        let strictly_dominant = dominates_all(Strength::Strict);
        let weakly_dominant = !strictly_dominant && dominates_all(Strength::Weak);
        out.push(StrategyStatus {
            strictly_by_pure,
            strictly_by_mixed,
            weakly_by_pure,
            weakly_by_mixed,
            strictly_dominant,
            weakly_dominant,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(rows: &[&[i128]]) -> Vec<Vec<Rational>> {
        rows.iter()
            .map(|r| r.iter().map(|&v| Rational::int(v)).collect())
            .collect()
    }

    #[test]
    fn mixed_but_not_pure() {
        // Row 2 (1,1) is strictly dominated by 1/2 (3,0) + 1/2 (0,3) only.
        let u = m(&[&[3, 0], &[0, 3], &[1, 1]]);
        let own = [0, 1, 2];
        let other = [0, 1];
        assert_eq!(pure_dominator(&u, &own, &other, 2, Strength::Strict), None);
        let mix = mixed_strict_dominator(&u, &own, &other, 2)
            .unwrap()
            .unwrap();
        let half = Rational::new(1, 2).unwrap();
        assert_eq!(mix, vec![(0, half), (1, half)]);
        // With (2,2) instead, it is a best response to the uniform belief.
        let u = m(&[&[3, 0], &[0, 3], &[2, 2]]);
        assert_eq!(mixed_strict_dominator(&u, &own, &other, 2).unwrap(), None);
    }

    #[test]
    fn weak_dominance() {
        let u = m(&[&[1, 1], &[1, 0]]);
        assert_eq!(
            pure_dominator(&u, &[0, 1], &[0, 1], 1, Strength::Weak),
            Some(0)
        );
        assert_eq!(
            pure_dominator(&u, &[0, 1], &[0, 1], 1, Strength::Strict),
            None
        );
        // (1.5,0) weakly dominated by 1/2 (3,0) + 1/2 (0,0)? no: (1.5,0) equals it.
        let u = m(&[&[4, 0], &[0, 2], &[2, 1]]);
        let mix = mixed_weak_dominator(&u, &[0, 1, 2], &[0, 1], 2).unwrap();
        assert_eq!(
            mix, None,
            "(2,1) = 1/2 (4,0) + 1/2 (0,2): equal, not dominated"
        );
        let u = m(&[&[4, 0], &[0, 2], &[2, 0]]);
        assert!(
            mixed_weak_dominator(&u, &[0, 1, 2], &[0, 1], 2)
                .unwrap()
                .is_some()
        );
    }
}
