//! Iterated elimination of strictly dominated strategies, by pure and mixed
//! strategies, with the full trail (which strategy, dominated by what, in
//! which round).
//!
//! Each round removes, simultaneously, every strategy of either player that
//! is strictly dominated in the game left after the previous round. The
//! order does not change the result for strict dominance (Gilboa, Kalai and
//! Zemel 1990), and the Nash equilibria of the reduced game are exactly
//! those of the original (strictly dominated strategies are never played).
//! Invariant: every recorded dominator was checked exactly.

use crate::normal_form::dominance::{Dominator, Strength, mixed_strict_dominator, pure_dominator};
use crate::normal_form::game::Bimatrix;
use crate::normal_form::lp::LpError;
use crate::normal_form::rational::Rational;

/// Which player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The row player.
    Row,
    /// The column player.
    Col,
}

impl Player {
    /// "row" or "column".
    pub fn name(self) -> &'static str {
        match self {
            Player::Row => "row",
            Player::Col => "column",
        }
    }
}

/// One eliminated strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elimination {
    /// 1-based round.
    pub round: usize,
    /// Whose strategy.
    pub player: Player,
    /// Strategy index in the original game.
    pub strategy: usize,
    /// What dominates it (indices in the original game).
    pub by: Dominator,
    /// Always strict here.
    pub strength: Strength,
}

/// The result of iterated strict elimination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// Surviving row strategies (original indices, in order).
    pub rows: Vec<usize>,
    /// Surviving column strategies.
    pub cols: Vec<usize>,
    /// Every elimination in order.
    pub trail: Vec<Elimination>,
}

fn column_payoffs(game: &Bimatrix) -> Vec<Vec<Rational>> {
    (0..game.n())
        .map(|j| (0..game.m()).map(|i| game.b[i][j]).collect())
        .collect()
}

/// Eliminates strictly dominated strategies until none is left.
pub fn iterated_strict(game: &Bimatrix) -> Result<Reduction, LpError> {
    let bt = column_payoffs(game);
    // In a symmetric game the column player's eliminations mirror the row
    // player's (the reduced game stays symmetric), so only rows are solved.
    let symmetric = game.is_symmetric();
    let mut rows: Vec<usize> = (0..game.m()).collect();
    let mut cols: Vec<usize> = (0..game.n()).collect();
    let mut trail = Vec::new();
    let mut round = 0;
    loop {
        round += 1;
        let mut found = Vec::new();
        for (player, u, own, other) in [
            (Player::Row, &game.a, &rows, &cols),
            (Player::Col, &bt, &cols, &rows),
        ] {
            if symmetric && player == Player::Col {
                let mirrored: Vec<Elimination> = found
                    .iter()
                    .map(|e: &Elimination| Elimination {
                        player: Player::Col,
                        ..e.clone()
                    })
                    .collect();
                found.extend(mirrored);
                continue;
            }
            // A best response to some pure opposing strategy is never
            // strictly dominated: skip those without solving anything.
            let best: Vec<Rational> = other
                .iter()
                .map(|&j| own.iter().map(|&k| u[k][j]).max().unwrap_or(Rational::ZERO))
                .collect();
            for &i in own.iter() {
                if other.iter().zip(&best).any(|(&j, b)| u[i][j] == *b) {
                    continue;
                }
                let by = match pure_dominator(u, own, other, i, Strength::Strict) {
                    Some(k) => Some(Dominator::Pure(k)),
                    None => mixed_strict_dominator(u, own, other, i)?.map(Dominator::Mixed),
                };
                if let Some(by) = by {
                    found.push(Elimination {
                        round,
                        player,
                        strategy: i,
                        by,
                        strength: Strength::Strict,
                    });
                }
            }
        }
        if found.is_empty() {
            break;
        }
        for e in &found {
            match e.player {
                Player::Row => rows.retain(|&r| r != e.strategy),
                Player::Col => cols.retain(|&c| c != e.strategy),
            }
        }
        trail.extend(found);
    }
    Ok(Reduction { rows, cols, trail })
}
