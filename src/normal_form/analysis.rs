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
