//! The whole analysis of a bimatrix game in one value: dominance facts,
//! the elimination trail, pure and extreme mixed equilibria (with
//! components and degeneracy), dominant-strategy equilibria, Pareto-optimal
//! outcomes and, for constant-sum games, the minimax value.
//!
//! Equilibria are enumerated on the full game when it is small (both sides
//! at most [`FULL_ENUMERATION`] strategies) and otherwise on the game left
//! after iterated strict dominance, which has exactly the same equilibria;
//! `degenerate_scope` says which game the degeneracy flag describes.

use crate::normal_form::dominance::{StrategyStatus, statuses};
use crate::normal_form::elimination::{Reduction, iterated_strict};
use crate::normal_form::equilibria::{
    Equilibrium, EquilibriumError, EquilibriumSet, all_equilibria, pure_equilibria,
};
use crate::normal_form::game::Bimatrix;
use crate::normal_form::lp::{LpError, ZeroSumSolution, solve_zero_sum};
use crate::normal_form::pareto::pareto_optimal;
use crate::normal_form::rational::Rational;

/// Largest side for which equilibria are enumerated on the unreduced game.
/// With fixed-width 256-bit pivoting a random non-degenerate 12x12 game
/// takes about 0.1 s (`cargo bench --bench normal_form`), so games up to
/// 12x12 get their degeneracy flag for the full game; 15x15 still takes a
/// few seconds, too slow for an interactive default, so larger games are
/// first reduced by iterated strict dominance (same equilibria).
pub const FULL_ENUMERATION: usize = 12;

/// Largest side for which per-strategy mixed-dominance facts are computed
/// (the elimination trail is always computed).
pub const STATUS_LIMIT: usize = 40;

/// Why a game could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalysisError {
    /// A linear program failed.
    #[error(transparent)]
    Lp(#[from] LpError),
    /// Equilibrium enumeration failed.
    #[error(transparent)]
    Equilibria(#[from] EquilibriumError),
    /// The game left after eliminating dominated strategies is too large to
    /// enumerate every equilibrium (refused before any enumeration).
    #[error(
        "after eliminating strictly dominated strategies the game is {rows} x {cols}; its best-response \
         polytopes may have up to {bound} vertices (the upper bound theorem), more than the \
         {VERTEX_BOUND_LIMIT:.0e} allowed for exact enumeration of every equilibrium (random games are \
         within reach up to about 19 x 19); use a smaller game, or `dilemma game --no-limit`"
    )]
    TooLarge {
        /// Rows left.
        rows: usize,
        /// Columns left.
        cols: usize,
        /// The vertex bound, as text.
        bound: String,
    },
}

impl AnalysisError {
    /// True when the cause is the game itself (numbers beyond exact 128-bit
    /// arithmetic, or a game too large to enumerate), not a failure of the
    /// machine: the CLI reports these as bad input (exit code 2).
    pub fn is_input_limit(&self) -> bool {
        matches!(
            self,
            AnalysisError::TooLarge { .. }
                | AnalysisError::Lp(LpError::Arithmetic(_))
                | AnalysisError::Equilibria(EquilibriumError::Arithmetic(_))
                | AnalysisError::Equilibria(EquilibriumError::Polytope(_))
        )
    }
}

/// Largest upper-bound-theorem vertex count accepted for either
/// best-response polytope (a d-polytope with f facets has at most
/// C(f - ceil(d/2), floor(d/2)) + C(f - floor(d/2) - 1, ceil(d/2) - 1)
/// vertices). 19 x 19 games are within it (1.4e7), 20 x 20 are not (4.0e7;
/// their enumeration ran past 30 s and 1 GB before the basis limit stopped
/// it); 2 x n games are within it up to n of about 12 000 (the column
/// player's n-polytope with n + 2 facets: about n^2 / 8 vertices).
pub const VERTEX_BOUND_LIMIT: f64 = 2.0e7;

/// ln C(n, k) for real arguments (0 when k <= 0).
fn ln_choose(n: f64, k: f64) -> f64 {
    if k <= 0.0 || n < k {
        return if k <= 0.0 { 0.0 } else { f64::NEG_INFINITY };
    }
    (1..=k as u64)
        .map(|i| ((n - k + i as f64) / i as f64).ln())
        .sum()
}

/// The upper bound theorem's vertex bound for a polytope of dimension `d`
/// with `f` facets (McMullen 1970).
pub fn vertex_bound(d: usize, f: usize) -> f64 {
    let (d, f) = (d as f64, f as f64);
    let (lo, hi) = ((d / 2.0).floor(), (d / 2.0).ceil());
    ln_choose(f - hi, lo).exp() + ln_choose(f - lo - 1.0, hi - 1.0).exp()
}

/// Refuses, before enumerating, a game whose best-response polytopes (the
/// row player's in dimension m with m + n facets, the column player's in
/// dimension n) may have more vertices than [`VERTEX_BOUND_LIMIT`].
pub fn check_size(rows: usize, cols: usize) -> Result<(), AnalysisError> {
    let bound = vertex_bound(rows, rows + cols).max(vertex_bound(cols, rows + cols));
    if bound > VERTEX_BOUND_LIMIT {
        return Err(AnalysisError::TooLarge {
            rows,
            cols,
            bound: format!("{bound:.2e}"),
        });
    }
    Ok(())
}

/// Constant-sum facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstantSum {
    /// `a + b` in every cell (0 for zero-sum).
    pub total: Rational,
    /// Value and optimal strategies for the row player's payoffs.
    pub solution: ZeroSumSolution,
}

/// Everything computed about a game.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The game.
    pub game: Bimatrix,
    /// Per-strategy dominance facts (row, column); empty above [`STATUS_LIMIT`].
    pub status: [Vec<StrategyStatus>; 2],
    /// Iterated strict elimination.
    pub reduction: Reduction,
    /// Pure equilibria (row, column).
    pub pure: Vec<(usize, usize)>,
    /// Extreme equilibria (probabilities over the full game's strategies).
    pub equilibria: EquilibriumSet,
    /// Whether `equilibria` were enumerated on the full game.
    pub enumerated_full: bool,
    /// Dominant-strategy equilibrium (each player's weakly or strictly
    /// dominant strategy), if both have one.
    pub dominant: Option<(usize, usize)>,
    /// Pareto-optimal pure outcomes.
    pub pareto: Vec<(usize, usize)>,
    /// Constant-sum facts, if the game is constant-sum.
    pub constant_sum: Option<ConstantSum>,
}

fn widen(e: &Equilibrium, rows: &[usize], cols: &[usize], m: usize, n: usize) -> Equilibrium {
    let mut row = vec![Rational::ZERO; m];
    for (k, &i) in rows.iter().enumerate() {
        row[i] = e.row[k];
    }
    let mut col = vec![Rational::ZERO; n];
    for (k, &j) in cols.iter().enumerate() {
        col[j] = e.col[k];
    }
    Equilibrium {
        row,
        col,
        payoffs: e.payoffs,
    }
}

/// Analyses a game.
pub fn analyse(game: &Bimatrix) -> Result<Analysis, AnalysisError> {
    analyse_with_limit(game, true)
}

/// [`analyse`], with the size limit ([`check_size`]) checked or not.
pub fn analyse_with_limit(game: &Bimatrix, limited: bool) -> Result<Analysis, AnalysisError> {
    let (m, n) = (game.m(), game.n());
    let bt: Vec<Vec<Rational>> = (0..n)
        .map(|j| (0..m).map(|i| game.b[i][j]).collect())
        .collect();
    let status = if m.max(n) <= STATUS_LIMIT {
        [statuses(&game.a, m, n)?, statuses(&bt, n, m)?]
    } else {
        [Vec::new(), Vec::new()]
    };
    let reduction = iterated_strict(game)?;
    let enumerated_full = m <= FULL_ENUMERATION && n <= FULL_ENUMERATION;
    if limited {
        if enumerated_full {
            check_size(m, n)?;
        } else {
            check_size(reduction.rows.len(), reduction.cols.len())?;
        }
    }
    let equilibria = if enumerated_full {
        all_equilibria(game)?
    } else {
        let sub = game.restricted(&reduction.rows, &reduction.cols);
        let set = all_equilibria(&sub)?;
        EquilibriumSet {
            extreme: set
                .extreme
                .iter()
                .map(|e| widen(e, &reduction.rows, &reduction.cols, m, n))
                .collect(),
            components: set.components,
            degenerate: set.degenerate,
        }
    };
    let dominant_of = |s: &[StrategyStatus]| {
        s.iter()
            .position(|x| x.strictly_dominant || x.weakly_dominant)
    };
    let dominant = if status[0].is_empty() {
        None
    } else {
        dominant_of(&status[0]).zip(dominant_of(&status[1]))
    };
    let total = game.a[0][0].add(game.b[0][0]).map_err(LpError::from)?;
    let mut is_constant = true;
    'cells: for i in 0..m {
        for j in 0..n {
            if game.a[i][j].add(game.b[i][j]).map_err(LpError::from)? != total {
                is_constant = false;
                break 'cells;
            }
        }
    }
    let constant_sum = if is_constant {
        Some(ConstantSum {
            total,
            solution: solve_zero_sum(&game.a)?,
        })
    } else {
        None
    };
    Ok(Analysis {
        game: game.clone(),
        status,
        pure: pure_equilibria(game),
        reduction,
        equilibria,
        enumerated_full,
        dominant,
        pareto: pareto_optimal(game),
        constant_sum,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vertex_bound_is_the_upper_bound_theorem() {
        // A polygon has as many vertices as edges; a 3-polytope at most 2f - 4.
        assert!((vertex_bound(2, 7) - 7.0).abs() < 1e-6);
        assert!((vertex_bound(3, 10) - 16.0).abs() < 1e-6);
        // The cyclic 4-polytope with 8 facets: f(f - 3) / 2 = 20.
        assert!((vertex_bound(4, 8) - 20.0).abs() < 1e-6);
        assert!(check_size(19, 19).is_ok());
        // 2 x n: the column player's n-polytope has n + 2 facets, about n^2 / 8 vertices.
        assert!(check_size(2, 1000).is_ok());
        assert!(check_size(2, 100_000).is_err());
        let e = check_size(20, 20).unwrap_err();
        assert!(e.is_input_limit());
        assert!(e.to_string().contains("20 x 20"), "{e}");
        assert!(check_size(40, 40).is_err());
    }
}
