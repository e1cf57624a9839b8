//! The files of a training run (`study/kinds/train.rs`): `training.csv`
//! (one row per generation: the best, mean, median and worst value of the
//! objective, and the seconds since training began; with more than one
//! restart a first `restart` column, the restarts one after the other),
//! the chart of the objective by generation (`training.png`/`.svg`: best
//! and mean of one restart; the best of each of several restarts, or of
//! many their best, median and worst and the winner's), and the
//! trained player as a strategy file (`best.toml`: provenance in comments
//! and in its `description` and `source`, then the definition as
//! `strategy_file::definition_toml` writes it, so it reads back to the
//! same player).

use crate::ipd::strategies::defined::Definition;
use crate::output::charts::{ChartError, LineChart, Series, draw_line_chart};
use crate::train::genetic::Summary;
use std::io;
use std::path::Path;

/// One row of `training.csv`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row {
    /// The restart, from 0.
    pub restart: u32,
    /// The generation, from 1 (the random start).
    pub generation: u32,
    /// Its values.
    pub summary: Summary,
    /// Seconds since training began, at its end; `None` when not known
    /// (a merge of shards: shards keep no wall time).
    pub seconds: Option<f64>,
}

/// The header of `training.csv`.
pub const HEADER: [&str; 6] = ["generation", "best", "mean", "median", "worst", "seconds"];

/// Writes `training.csv`, with a first `restart` column when `restarts`.
/// Every column but `seconds` depends only on the scenario and its seed;
/// `seconds` is the wall time (like `run.json`'s), empty after a merge.
pub fn write_training(path: &Path, rows: &[Row], restarts: bool) -> io::Result<()> {
    let mut out = csv::Writer::from_path(path)?;
    let lead: &[&str] = if restarts { &["restart"] } else { &[] };
    out.write_record(lead.iter().chain(HEADER.iter()))?;
    for row in rows {
        let s = row.summary;
        let mut record = Vec::with_capacity(7);
        if restarts {
            record.push(row.restart.to_string());
        }
        record.extend([
            row.generation.to_string(),
            s.best.to_string(),
            s.mean.to_string(),
            s.median.to_string(),
            s.worst.to_string(),
            row.seconds.map_or_else(String::new, |t| format!("{t:.3}")),
        ]);
        out.write_record(&record)?;
    }
    out.flush()
}

/// The text of `best.toml`: `comments` (one `#` line each), then the
/// definition.
pub fn best_toml(definition: &Definition, comments: &[String]) -> String {
    let mut text: String = comments.iter().map(|c| format!("# {c}\n")).collect();
    let table = crate::scenario::strategy_file::definition_toml(definition);
    text.push_str(&toml::to_string(&table).unwrap_or_else(|e| format!("# could not write: {e}\n")));
    text
}

/// Most restarts drawn one line each; more are drawn as the best, median
/// and worst over the restarts, and the winner's line.
pub const MAX_RESTART_LINES: u32 = 8;

/// The names of a single restart's two lines: the best and the mean of
/// each generation's values (a swarm's: of its particles' own bests).
pub const GENERATION_LINES: [&str; 2] = ["best of the generation", "mean of the generation"];

/// A swarm's: the values of its generations are the particles' own bests.
pub const SWARM_LINES: [&str; 2] = ["the swarm's best", "mean of the particles' own bests"];

/// Draws the objective by generation to `stem`.png/.svg: the best and
/// mean of each generation for one restart (`restarts` = 1, the lines
/// named `names`); the best of
/// each generation of every restart for up to [`MAX_RESTART_LINES`]; for
/// more, the best, median and worst of those over the restarts and the
/// line of restart `winner` (the trained player's). `level`: a named
/// value drawn across every generation (the Moran objective's 1/Z).
pub fn draw_training(
    stem: &Path,
    title: &str,
    objective: &str,
    rows: &[Row],
    (restarts, winner): (u32, u32),
    names: [&str; 2],
    level: Option<(String, f64)>,
) -> Result<(), ChartError> {
    let line = |restart: u32, value: fn(&Summary) -> f64| -> Vec<(f64, f64)> {
        rows.iter()
            .filter(|r| r.restart == restart)
            .map(|r| (r.generation as f64, value(&r.summary)))
            .collect()
    };
    let mut lines: Vec<(String, Vec<(f64, f64)>)> = if restarts <= 1 {
        vec![
            (names[0].into(), line(0, |s| s.best)),
            (names[1].into(), line(0, |s| s.mean)),
        ]
    } else if restarts <= MAX_RESTART_LINES {
        (0..restarts)
            .map(|r| (format!("best of restart {r}"), line(r, |s| s.best)))
            .collect()
    } else {
        let generations = rows.iter().map(|r| r.generation).max().unwrap_or(0);
        let mut by_generation = vec![Vec::new(); generations as usize];
        for r in rows {
            by_generation[r.generation as usize - 1].push(r.summary.best);
        }
        for values in &mut by_generation {
            values.sort_by(f64::total_cmp);
        }
        let over = |pick: fn(&[f64]) -> f64| -> Vec<(f64, f64)> {
            by_generation
                .iter()
                .enumerate()
                .map(|(g, values)| ((g + 1) as f64, pick(values)))
                .collect()
        };
        vec![
            (
                "best over the restarts".into(),
                over(|v| v.last().copied().unwrap_or(f64::NAN)),
            ),
            (
                "median over the restarts".into(),
                over(|v| {
                    let n = v.len();
                    if n == 0 {
                        f64::NAN
                    } else if n % 2 == 1 {
                        v[n / 2]
                    } else {
                        (v[n / 2 - 1] + v[n / 2]) / 2.0
                    }
                }),
            ),
            (
                "worst over the restarts".into(),
                over(|v| v.first().copied().unwrap_or(f64::NAN)),
            ),
            (
                format!("restart {winner} (the trained player's)"),
                line(winner, |s| s.best),
            ),
        ]
    };
    if let Some((name, value)) = level {
        let last = rows.iter().map(|r| r.generation).max().unwrap_or(1);
        lines.push((name, vec![(1.0, value), (last as f64, value)]));
    }
    draw_line_chart(
        stem,
        &LineChart {
            title,
            x_label: "Generation",
            y_label: objective,
            series: lines
                .iter()
                .map(|(name, points)| Series {
                    name: name.clone(),
                    points,
                })
                .collect(),
            steps: false,
            y_from_zero: false,
        },
    )
}
