//! The files of a training run (`study/kinds/train.rs`): `training.csv`
//! (one row per generation: the best, mean, median and worst value of the
//! objective, and the seconds since training began), the chart of the
//! objective by generation (`training.png`/`.svg`: best and mean), and the
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
    /// The generation, from 1 (the random start).
    pub generation: u32,
    /// Its values.
    pub summary: Summary,
    /// Seconds since training began, at its end.
    pub seconds: f64,
}

/// The header of `training.csv`.
pub const HEADER: [&str; 6] = ["generation", "best", "mean", "median", "worst", "seconds"];

/// Writes `training.csv`. Every column but `seconds` depends only on the
/// scenario and its seed; `seconds` is the wall time (like `run.json`'s).
pub fn write_training(path: &Path, rows: &[Row]) -> io::Result<()> {
    let mut out = csv::Writer::from_path(path)?;
    out.write_record(HEADER)?;
    for row in rows {
        let s = row.summary;
        out.write_record([
            row.generation.to_string(),
            s.best.to_string(),
            s.mean.to_string(),
            s.median.to_string(),
            s.worst.to_string(),
            format!("{:.3}", row.seconds),
        ])?;
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

/// Draws the objective by generation (best and mean) to `stem`.png/.svg.
pub fn draw_training(
    stem: &Path,
    title: &str,
    objective: &str,
    rows: &[Row],
) -> Result<(), ChartError> {
    let best: Vec<(f64, f64)> = rows
        .iter()
        .map(|r| (r.generation as f64, r.summary.best))
        .collect();
    let mean: Vec<(f64, f64)> = rows
        .iter()
        .map(|r| (r.generation as f64, r.summary.mean))
        .collect();
    draw_line_chart(
        stem,
        &LineChart {
            title,
            x_label: "Generation",
            y_label: objective,
            series: vec![
                Series {
                    name: "best of the generation".into(),
                    points: &best,
                },
                Series {
                    name: "mean of the generation".into(),
                    points: &mean,
                },
            ],
            steps: false,
            y_from_zero: false,
        },
    )
}
