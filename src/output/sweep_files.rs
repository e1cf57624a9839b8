//! The files of a sweep (`[sweep]` in a tournament scenario):
//!
//! - `sweep.csv`, tidy: one row per grid point x player, `Point`, the swept
//!   keys' values, then the columns of `summary.csv` (axelrod's header:
//!   Rank, Name, Median_score, Cooperation_rating, Wins, ...), players in
//!   rank order within a point;
//! - `points/<k>/summary.csv` and `payoff_matrix.csv` when `points = true`;
//! - an exact sweep (`[match] method = "exact"`) writes instead, per point
//!   x player, `point`, the keys' values and an exact tournament's
//!   `ranking.csv` columns (`rank` from 1, `name`, `score`: the mean
//!   expected score per turn, `score_exact`, `cooperation`); its points
//!   hold an exact tournament's `exact_payoffs.csv`, `payoff_matrix.csv` and
//!   `ranking.csv`;
//! - charts: for one axis, median score against the swept value (one line
//!   per strategy) and the rank against it (rank 1 at the top); for two
//!   axes, heat maps over the grid of the mean cooperation rating and of the
//!   winner's median score (an exact sweep: the expected score and
//!   cooperation rate). The line charts label each line at its right end
//!   (`charts::labelled_lines`), legible with 20 and more strategies.

use crate::ipd::results::SummaryRow;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::axis_words::{sweep_axis_label, sweep_axis_title};
use crate::output::charts::{
    ChartError, ChartJob, HeatMap, LabelledLines, Series, draw_heat_map, draw_labelled_lines,
    par_draw,
};
use crate::output::exact_files::Ranked;
use crate::output::tournament_files::summary_records;
use std::io;
use std::path::Path;

/// The summary of one grid point.
#[derive(Clone, Debug)]
pub struct PointSummary {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// The point's summary rows (rank order).
    pub rows: Vec<SummaryRow>,
}

fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A grid value as written in CSVs and labels (Python's float repr, or an
/// integer for integer keys).
pub fn grid_value(value: f64, integer: bool) -> String {
    if integer {
        format!("{}", value as i64)
    } else {
        python_float(value)
    }
}

/// Writes `sweep.csv`. `keys` are the swept keys with their integer flags.
pub fn write_sweep_csv(
    path: &Path,
    keys: &[(String, bool)],
    points: &[PointSummary],
) -> io::Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)
        .map_err(io::Error::other)?;
    let mut header = vec!["Point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(summary_records(&[]).remove(0));
    writer.write_record(&header).map_err(io::Error::other)?;
    for (k, point) in points.iter().enumerate() {
        let prefix: Vec<String> = std::iter::once(k.to_string())
            .chain(
                point
                    .coordinates
                    .iter()
                    .zip(keys)
                    .map(|(&v, (_, integer))| grid_value(v, *integer)),
            )
            .collect();
        for record in summary_records(&point.rows).into_iter().skip(1) {
            let row: Vec<&str> = prefix
                .iter()
                .map(String::as_str)
                .chain(record.iter().map(String::as_str))
                .collect();
            writer.write_record(&row).map_err(io::Error::other)?;
        }
    }
    writer.flush()
}

/// One grid point of an exact sweep: its coordinates and its ranking.
#[derive(Clone, Debug)]
pub struct ExactPointSummary {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// The point's ranking by expected score (rank from 1).
    pub ranking: Vec<Ranked>,
}

impl ExactPointSummary {
    /// What the charts show of it: the expected score and cooperation.
    pub fn chart_point(&self) -> ChartPoint {
        let n = self.ranking.len().max(1) as f64;
        ChartPoint {
            coordinates: self.coordinates.clone(),
            ranked: self
                .ranking
                .iter()
                .map(|r| (r.index, r.rank, r.score))
                .collect(),
            cooperation: self.ranking.iter().map(|r| r.cooperation).sum::<f64>() / n,
        }
    }
}

/// The header of an exact sweep's `sweep.csv` after the point and the keys:
/// the columns of an exact tournament's `ranking.csv`.
pub const EXACT_COLUMNS: [&str; 5] = ["rank", "name", "score", "score_exact", "cooperation"];

/// Writes an exact sweep's `sweep.csv`: one row per point x player, `point`,
/// the swept keys' values, then `ranking.csv`'s columns (rank from 1, the
/// mean expected score per turn against the others, its exact fraction
/// when every pair has one, the mean expected cooperation rate), players in
/// rank order within a point.
pub fn write_exact_sweep_csv(
    path: &Path,
    keys: &[(String, bool)],
    points: &[ExactPointSummary],
) -> io::Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)
        .map_err(io::Error::other)?;
    let mut header = vec!["point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(EXACT_COLUMNS.map(String::from));
    writer.write_record(&header).map_err(io::Error::other)?;
    for (k, point) in points.iter().enumerate() {
        for r in &point.ranking {
            let mut row = vec![k.to_string()];
            row.extend(
                point
                    .coordinates
                    .iter()
                    .zip(keys)
                    .map(|(&v, (_, integer))| grid_value(v, *integer)),
            );
            row.extend([
                r.rank.to_string(),
                r.name.clone(),
                r.score.to_string(),
                r.score_exact.clone().unwrap_or_default(),
                r.cooperation.to_string(),
            ]);
            writer.write_record(&row).map_err(io::Error::other)?;
        }
    }
    writer.flush()
}

/// File stems of the charts of a sweep with `axes` axes.
pub fn chart_stems(axes: usize) -> &'static [&'static str] {
    if axes == 1 {
        &["sweep_score", "sweep_rank"]
    } else {
        &["sweep_cooperation", "sweep_winner_score"]
    }
}

/// What a sweep's charts show of one grid point.
#[derive(Clone, Debug)]
pub struct ChartPoint {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// The players in rank order: (index in the scenario, rank from 1,
    /// score).
    pub ranked: Vec<(usize, usize, f64)>,
    /// The mean cooperation over the players.
    pub cooperation: f64,
}

impl ChartPoint {
    /// A simulated point: the median score, axelrod's rank (from 0) + 1,
    /// the mean cooperation rating.
    pub fn of_summary(point: &PointSummary) -> ChartPoint {
        let n = point.rows.len().max(1) as f64;
        ChartPoint {
            coordinates: point.coordinates.clone(),
            ranked: point
                .rows
                .iter()
                .map(|r| (r.original_index, r.rank + 1, r.median_score))
                .collect(),
            cooperation: point.rows.iter().map(|r| r.cooperation_rating).sum::<f64>() / n,
        }
    }
}

/// How a sweep's charts name the score they show.
#[derive(Clone, Copy, Debug)]
pub struct ScoreWords {
    /// The y label of the score chart, e.g. "Median score per turn".
    pub score: &'static str,
    /// The two-axis heat map of the winner's score, in the title.
    pub winner: &'static str,
    /// The two-axis heat map of the cooperation, in the title.
    pub cooperation: &'static str,
    /// Its value label.
    pub winner_label: &'static str,
    /// The value label of the cooperation heat map.
    pub cooperation_label: &'static str,
}

/// A simulated sweep's words: medians and cooperation ratings.
pub const MEDIAN_WORDS: ScoreWords = ScoreWords {
    score: "Median score per turn",
    winner: "the winner's median score",
    cooperation: "mean cooperation rating",
    winner_label: "Median score per turn of the top-ranked player",
    cooperation_label: "Cooperation rating (mean over players)",
};

/// An exact sweep's words: expected values.
pub const EXPECTED_WORDS: ScoreWords = ScoreWords {
    score: "Expected score per turn",
    winner: "the winner's expected score",
    cooperation: "mean expected cooperation rate",
    winner_label: "Expected score per turn of the top-ranked player",
    cooperation_label: "Expected cooperation rate (mean over players)",
};

/// Draws a simulated sweep's charts into `folder` ([`draw_sweep_charts`]
/// with the median score and the cooperation rating). `names` are the
/// players in scenario order.
pub fn write_sweep_charts(
    folder: &Path,
    keys: &[(String, bool)],
    sizes: &[usize],
    names: &[String],
    points: &[PointSummary],
) -> Result<(), ChartError> {
    let points: Vec<ChartPoint> = points.iter().map(ChartPoint::of_summary).collect();
    draw_sweep_charts(folder, keys, sizes, names, &points, &MEDIAN_WORDS)
}

/// Draws the sweep's charts into `folder`: for one axis the score and the
/// rank of every player against it; for two, heat maps of the mean
/// cooperation and of the winner's score. `names` are the players in
/// scenario order. Axes name the swept keys in words (`axis_words`); titles
/// say what a chart shows, without the scenario's name.
pub fn draw_sweep_charts(
    folder: &Path,
    keys: &[(String, bool)],
    sizes: &[usize],
    names: &[String],
    points: &[ChartPoint],
    words: &ScoreWords,
) -> Result<(), ChartError> {
    let axis = |a: usize| sweep_axis_title(&keys[a].0, names);
    if keys.len() == 1 {
        let (x_words, x_label) = (sweep_axis_label(&keys[0].0, names), axis(0));
        let (x_words, x_label) = (&x_words, &x_label);
        let per_player = |value: &dyn Fn(usize, f64) -> f64| -> Vec<Vec<(f64, f64)>> {
            (0..names.len())
                .map(|i| {
                    points
                        .iter()
                        .map(|p| {
                            let row = p.ranked.iter().find(|r| r.0 == i);
                            (
                                p.coordinates[0],
                                row.map_or(f64::NAN, |&(_, rank, score)| value(rank, score)),
                            )
                        })
                        .collect()
                })
                .collect()
        };
        // Legend in the order of the last point's ranking, best first.
        let mut order: Vec<usize> = (0..names.len()).collect();
        if let Some(last) = points.last() {
            order = last.ranked.iter().map(|r| r.0).collect();
        }
        let scores = per_player(&|_, score| score);
        let ranks = per_player(&|rank, _| rank as f64);
        let series = |data: &[Vec<(f64, f64)>]| -> Vec<(String, Vec<(f64, f64)>)> {
            order
                .iter()
                .map(|&i| (names[i].clone(), data[i].clone()))
                .collect()
        };
        let jobs = [
            (chart_stems(1)[0], words.score, series(&scores), false),
            (chart_stems(1)[1], "Rank (1 = best)", series(&ranks), true),
        ]
        .map(
            |(stem, label, data, downwards)| -> ChartJob<'_, ChartError> {
                Box::new(move || {
                    draw_labelled_lines(
                        &folder.join(stem),
                        &LabelledLines {
                            title: &format!("{label} against {x_words}"),
                            x_label,
                            y_label: label,
                            series: data
                                .iter()
                                .map(|(name, points)| Series {
                                    name: name.clone(),
                                    points,
                                })
                                .collect(),
                            y_downwards: downwards,
                            x_log: false,
                        },
                    )
                })
            },
        );
        return par_draw(jobs.into());
    }
    let (nx, ny) = (sizes[0], sizes[1]);
    let row_names: Vec<String> = (0..ny)
        .rev()
        .map(|iy| grid_value(points[iy].coordinates[1], keys[1].1))
        .collect();
    let col_names: Vec<String> = (0..nx)
        .map(|ix| grid_value(points[ix * ny].coordinates[0], keys[0].1))
        .collect();
    let grid = |value: &dyn Fn(&ChartPoint) -> f64| -> Vec<Vec<f64>> {
        (0..ny)
            .rev()
            .map(|iy| (0..nx).map(|ix| value(&points[ix * ny + iy])).collect())
            .collect()
    };
    let cooperation = grid(&|p| p.cooperation);
    let winner = grid(&|p| p.ranked.first().map_or(f64::NAN, |r| r.2));
    let (row_names, col_names) = (&row_names, &col_names);
    let (row_label, col_label) = (&axis(1), &axis(0));
    let jobs = [
        (
            chart_stems(2)[0],
            words.cooperation,
            words.cooperation_label,
            cooperation,
        ),
        (chart_stems(2)[1], words.winner, words.winner_label, winner),
    ]
    .map(|(stem, what, label, values)| -> ChartJob<'_, ChartError> {
        Box::new(move || {
            draw_heat_map(
                &folder.join(stem),
                &HeatMap {
                    title: &capitalised(what),
                    row_label,
                    col_label,
                    value_label: label,
                    row_names,
                    col_names,
                    values: &values,
                },
            )
        })
    });
    par_draw(jobs.into())
}
