//! The files of a normal-form game's analysis (`kind = "game"`, and the game
//! behind `pigs` and `travelers`): payoffs.csv (the payoff table, one row per
//! cell, with its pure-equilibrium and Pareto flags), equilibria.csv (every
//! extreme equilibrium, one row per strategy played with positive
//! probability), dominance.csv (the iterated strict elimination trail) and
//! the chart `game` (the payoff grid with equilibrium cells marked). Numbers
//! are exact (fractions as "3/5").

use crate::normal_form::analysis::Analysis;
use crate::normal_form::dominance::Dominator;
use crate::normal_form::elimination::Player;
use crate::normal_form::rational::Rational;
use crate::output::charts::{ChartError, PayoffGrid, draw_payoff_grid};
use std::path::Path;

fn writer(path: &Path) -> std::io::Result<csv::Writer<std::fs::File>> {
    Ok(csv::Writer::from_writer(std::fs::File::create(path)?))
}

/// payoffs.csv: `row,col,row_payoff,col_payoff,pure_equilibrium,pareto_optimal`.
pub fn write_payoffs(path: &Path, a: &Analysis) -> std::io::Result<()> {
    let g = &a.game;
    let mut w = writer(path)?;
    w.write_record([
        "row",
        "col",
        "row_payoff",
        "col_payoff",
        "pure_equilibrium",
        "pareto_optimal",
    ])?;
    for (i, row) in g.rows.iter().enumerate() {
        for (j, col) in g.cols.iter().enumerate() {
            w.write_record([
                row.clone(),
                col.clone(),
                g.a[i][j].to_string(),
                g.b[i][j].to_string(),
                a.pure.contains(&(i, j)).to_string(),
                a.pareto.contains(&(i, j)).to_string(),
            ])?;
        }
    }
    w.flush()
}

/// equilibria.csv: `equilibrium,component,player,strategy,probability,
/// row_payoff,col_payoff`, equilibria numbered from 1 in the analysis'
/// order, components from 1.
pub fn write_equilibria(path: &Path, a: &Analysis) -> std::io::Result<()> {
    let g = &a.game;
    let set = &a.equilibria;
    let mut w = writer(path)?;
    w.write_record([
        "equilibrium",
        "component",
        "player",
        "strategy",
        "probability",
        "row_payoff",
        "col_payoff",
    ])?;
    for (k, e) in set.extreme.iter().enumerate() {
        let component = set
            .components
            .iter()
            .position(|c| c.contains(&k))
            .map_or(String::new(), |c| (c + 1).to_string());
        let sides = [("row", &g.rows, &e.row), ("col", &g.cols, &e.col)];
        for (player, names, probabilities) in sides {
            for (name, p) in names.iter().zip(probabilities.iter()) {
                if p.is_zero() {
                    continue;
                }
                w.write_record([
                    (k + 1).to_string(),
                    component.clone(),
                    player.to_string(),
                    name.clone(),
                    p.to_string(),
                    e.payoffs[0].to_string(),
                    e.payoffs[1].to_string(),
                ])?;
            }
        }
    }
    w.flush()
}

/// dominance.csv: `round,player,strategy,dominated_by,dominator` for every
/// step of iterated strict elimination; `dominated_by` is `pure` or `mixed`,
/// `dominator` the strategy or the mixture as "name:probability" pairs
/// joined by spaces.
pub fn write_dominance(path: &Path, a: &Analysis) -> std::io::Result<()> {
    let g = &a.game;
    let mut w = writer(path)?;
    w.write_record(["round", "player", "strategy", "dominated_by", "dominator"])?;
    for e in &a.reduction.trail {
        let names = match e.player {
            Player::Row => &g.rows,
            Player::Col => &g.cols,
        };
        let (kind, by) = match &e.by {
            Dominator::Pure(k) => ("pure", names[*k].clone()),
            Dominator::Mixed(mix) => (
                "mixed",
                mix.iter()
                    .map(|(k, p)| format!("{}:{p}", names[*k]))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        };
        w.write_record([
            e.round.to_string(),
            e.player.name().to_string(),
            names[e.strategy].clone(),
            kind.to_string(),
            by,
        ])?;
    }
    w.flush()
}

/// One equilibrium in words: pure strategies by name, mixtures with their
/// probabilities, then the payoffs.
pub fn equilibrium_words(a: &Analysis, k: usize) -> String {
    let g = &a.game;
    let e = &a.equilibria.extreme[k];
    let side = |names: &[String], p: &[Rational]| {
        let support: Vec<(usize, &Rational)> =
            p.iter().enumerate().filter(|(_, p)| !p.is_zero()).collect();
        if support.len() == 1 {
            names[support[0].0].clone()
        } else {
            support
                .iter()
                .map(|(i, p)| format!("{} {p}", names[*i]))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    format!(
        "{}: {}; {}: {}; payoffs ({}, {})",
        g.players[0],
        side(&g.rows, &e.row),
        g.players[1],
        side(&g.cols, &e.col),
        e.payoffs[0],
        e.payoffs[1]
    )
}

/// The chart `game`: the payoff grid with pure equilibria and Pareto-optimal
/// cells marked, the equilibria listed under it.
pub fn draw_game(stem: &Path, a: &Analysis) -> Result<(), ChartError> {
    let g = &a.game;
    let cells: Vec<Vec<String>> = (0..g.m())
        .map(|i| {
            (0..g.n())
                .map(|j| format!("{}, {}", g.a[i][j], g.b[i][j]))
                .collect()
        })
        .collect();
    let row_values: Vec<Vec<f64>> =
        g.a.iter()
            .map(|r| r.iter().map(|v| v.to_f64()).collect())
            .collect();
    let count = a.equilibria.extreme.len();
    let mut notes = vec![format!(
        "{} extreme Nash equilibri{}{}:",
        count,
        if count == 1 { "um" } else { "a" },
        if a.enumerated_full {
            ""
        } else {
            " (found after iterated strict dominance)"
        }
    )];
    notes.extend((0..count).map(|k| format!("{}. {}", k + 1, equilibrium_words(a, k))));
    if g.m() > 16 || g.n() > 16 {
        notes.push(format!(
            "Cells shaded by {}'s payoff (darker = higher).",
            g.players[0]
        ));
    }
    draw_payoff_grid(
        stem,
        &PayoffGrid {
            title: &g.title,
            row_label: &g.players[0],
            col_label: &g.players[1],
            row_names: &g.rows,
            col_names: &g.cols,
            cells: &cells,
            row_values: &row_values,
            equilibria: &a.pure,
            pareto: &a.pareto,
            notes: &notes,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normal_form::analysis::analyse;

    fn analysis(name: &str) -> Analysis {
        analyse(&crate::normal_form::presets::classic(name).unwrap()).unwrap()
    }

    fn read(path: &Path) -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }

    #[test]
    fn battle_of_the_sexes_files() {
        let dir = std::env::temp_dir().join(format!("dilemma-game-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = analysis("battle-of-the-sexes");
        write_payoffs(&dir.join("payoffs.csv"), &a).unwrap();
        write_equilibria(&dir.join("equilibria.csv"), &a).unwrap();
        write_dominance(&dir.join("dominance.csv"), &a).unwrap();
        let payoffs = read(&dir.join("payoffs.csv"));
        assert_eq!(payoffs.len(), 5);
        assert_eq!(payoffs[1], "Opera,Opera,3,2,true,true");
        assert_eq!(payoffs[2], "Opera,Football,0,0,false,false");
        let equilibria = read(&dir.join("equilibria.csv"));
        // Two pure equilibria (two rows each) and the mixed one (four rows).
        assert_eq!(equilibria.len(), 1 + 2 + 4 + 2, "{equilibria:?}");
        assert!(
            equilibria.contains(&"2,2,row,Opera,3/5,6/5,6/5".to_string()),
            "{equilibria:?}"
        );
        assert!(
            equilibria.contains(&"2,2,col,Football,3/5,6/5,6/5".to_string()),
            "{equilibria:?}"
        );
        // Nothing is dominated.
        assert_eq!(read(&dir.join("dominance.csv")).len(), 1);
        assert_eq!(
            equilibrium_words(&a, 1),
            "Row: Opera 3/5, Football 2/5; Column: Opera 2/5, Football 3/5; payoffs (6/5, 6/5)"
        );
        draw_game(&dir.join("game"), &a).unwrap();
        assert!(dir.join("game.png").is_file() && dir.join("game.svg").is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn prisoners_dilemma_dominance_trail() {
        let dir = std::env::temp_dir().join(format!("dilemma-game-pd-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = analysis("standard");
        write_dominance(&dir.join("dominance.csv"), &a).unwrap();
        let rows = read(&dir.join("dominance.csv"));
        assert_eq!(rows[0], "round,player,strategy,dominated_by,dominator");
        assert_eq!(rows.len(), 3, "{rows:?}");
        assert!(rows[1].starts_with("1,row,"), "{rows:?}");
        assert!(
            rows[1].ends_with(",pure,D") || rows[1].ends_with(",pure,Defect"),
            "{rows:?}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
