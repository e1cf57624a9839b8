//! Two-player games in normal form (bimatrix games) with named strategies.
//!
//! Invariants of a [`Bimatrix`]: at least one strategy per player, the two
//! payoff matrices are `rows x cols`, strategy names are non-empty and
//! unique per player. Row player's payoffs are `a[i][j]`, column player's
//! `b[i][j]`, for row strategy `i` against column strategy `j`.

use crate::normal_form::rational::Rational;

/// A game that cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A player has no strategies.
    #[error("the {player} player has no strategies (at least one is needed)")]
    NoStrategies {
        /// "row" or "column".
        player: &'static str,
    },
    /// Two strategies of one player share a name.
    #[error("the {player} player has two strategies named `{name}` (names must be unique)")]
    DuplicateName {
        /// "row" or "column".
        player: &'static str,
        /// The repeated name.
        name: String,
    },
    /// A strategy name is empty.
    #[error("the {player} player has an empty strategy name")]
    EmptyName {
        /// "row" or "column".
        player: &'static str,
    },
    /// A payoff matrix has the wrong shape.
    #[error("{matrix}: {message}")]
    Shape {
        /// Which matrix.
        matrix: &'static str,
        /// What is wrong.
        message: String,
    },
}

/// A two-player game in normal form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bimatrix {
    /// A title.
    pub title: String,
    /// The players' names: row, column.
    pub players: [String; 2],
    /// Row strategy names.
    pub rows: Vec<String>,
    /// Column strategy names.
    pub cols: Vec<String>,
    /// Row player's payoffs, `a[i][j]`.
    pub a: Vec<Vec<Rational>>,
    /// Column player's payoffs, `b[i][j]`.
    pub b: Vec<Vec<Rational>>,
}

fn check_names(names: &[String], player: &'static str) -> Result<(), GameError> {
    if names.is_empty() {
        return Err(GameError::NoStrategies { player });
    }
    for (i, n) in names.iter().enumerate() {
        if n.trim().is_empty() {
            return Err(GameError::EmptyName { player });
        }
        if names[..i].contains(n) {
            return Err(GameError::DuplicateName {
                player,
                name: n.clone(),
            });
        }
    }
    Ok(())
}

fn check_shape(
    m: &[Vec<Rational>],
    rows: usize,
    cols: usize,
    matrix: &'static str,
) -> Result<(), GameError> {
    if m.len() != rows {
        return Err(GameError::Shape {
            matrix,
            message: format!(
                "has {} rows, expected {rows} (one per row strategy)",
                m.len()
            ),
        });
    }
    for (i, r) in m.iter().enumerate() {
        if r.len() != cols {
            return Err(GameError::Shape {
                matrix,
                message: format!(
                    "row {} has {} entries, expected {cols} (one per column strategy); the matrix is ragged",
                    i + 1,
                    r.len()
                ),
            });
        }
    }
    Ok(())
}

impl Bimatrix {
    /// A validated game.
    pub fn new(
        title: impl Into<String>,
        players: [String; 2],
        rows: Vec<String>,
        cols: Vec<String>,
        a: Vec<Vec<Rational>>,
        b: Vec<Vec<Rational>>,
    ) -> Result<Bimatrix, GameError> {
        check_names(&rows, "row")?;
        check_names(&cols, "column")?;
        check_shape(&a, rows.len(), cols.len(), "row player's payoffs")?;
        check_shape(&b, rows.len(), cols.len(), "column player's payoffs")?;
        Ok(Bimatrix {
            title: title.into(),
            players,
            rows,
            cols,
            a,
            b,
        })
    }

    /// A symmetric game from the row player's matrix: `b = a^T`.
    pub fn symmetric(
        title: impl Into<String>,
        names: Vec<String>,
        a: Vec<Vec<Rational>>,
    ) -> Result<Bimatrix, GameError> {
        check_names(&names, "row")?;
        check_shape(&a, names.len(), names.len(), "payoffs")?;
        let n = names.len();
        let b = (0..n).map(|i| (0..n).map(|j| a[j][i]).collect()).collect();
        Bimatrix::new(
            title,
            ["Player 1".into(), "Player 2".into()],
            names.clone(),
            names,
            a,
            b,
        )
    }

    /// Number of row strategies.
    pub fn m(&self) -> usize {
        self.rows.len()
    }

    /// Number of column strategies.
    pub fn n(&self) -> usize {
        self.cols.len()
    }

    /// The game with the players swapped (column player becomes row player).
    pub fn transposed(&self) -> Bimatrix {
        let t = |m: &Vec<Vec<Rational>>| -> Vec<Vec<Rational>> {
            (0..self.n())
                .map(|j| (0..self.m()).map(|i| m[i][j]).collect())
                .collect()
        };
        Bimatrix {
            title: self.title.clone(),
            players: [self.players[1].clone(), self.players[0].clone()],
            rows: self.cols.clone(),
            cols: self.rows.clone(),
            a: t(&self.b),
            b: t(&self.a),
        }
    }

    /// The subgame on the given row and column indices (in that order).
    pub fn restricted(&self, rows: &[usize], cols: &[usize]) -> Bimatrix {
        let pick = |m: &Vec<Vec<Rational>>| -> Vec<Vec<Rational>> {
            rows.iter()
                .map(|&i| cols.iter().map(|&j| m[i][j]).collect())
                .collect()
        };
        Bimatrix {
            title: self.title.clone(),
            players: self.players.clone(),
            rows: rows.iter().map(|&i| self.rows[i].clone()).collect(),
            cols: cols.iter().map(|&j| self.cols[j].clone()).collect(),
            a: pick(&self.a),
            b: pick(&self.b),
        }
    }

    /// Whether the game is symmetric (`b = a^T`, same strategy names).
    pub fn is_symmetric(&self) -> bool {
        self.rows == self.cols
            && (0..self.m()).all(|i| (0..self.n()).all(|j| self.b[i][j] == self.a[j][i]))
    }
}
