//! The files of a sweep (`[sweep]` in a tournament scenario):
//!
//! - `sweep.csv`, tidy: one row per grid point x player, `Point`, the swept
//!   keys' values, then the columns of `summary.csv` (axelrod's header:
//!   Rank, Name, Median_score, Cooperation_rating, Wins, ...), players in
//!   rank order within a point;
//! - `points/<k>/summary.csv` and `payoff_matrix.csv` when `points = true`;
//! - charts: for one axis, median score against the swept value (one line
//!   per strategy) and the rank against it (rank 1 at the top); for two
//!   axes, heat maps over the grid of the mean cooperation rating and of the
//!   winner's median score. The line charts label each line at its right
//!   end (`charts::labelled_lines`), legible with 20 and more strategies.

use crate::ipd::results::SummaryRow;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::charts::{
    ChartError, ChartJob, HeatMap, LabelledLines, Series, draw_heat_map, draw_labelled_lines,
    par_draw,
};
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

/// File stems of the charts of a sweep with `axes` axes.
pub fn chart_stems(axes: usize) -> &'static [&'static str] {
    if axes == 1 {
        &["sweep_score", "sweep_rank"]
    } else {
        &["sweep_cooperation", "sweep_winner_score"]
    }
}

/// Draws the sweep's charts into `folder`. `names` are the players in
/// scenario order.
pub fn write_sweep_charts(
    folder: &Path,
    title: &str,
    keys: &[(String, bool)],
    sizes: &[usize],
    names: &[String],
    points: &[PointSummary],
) -> Result<(), ChartError> {
    if keys.len() == 1 {
        let per_player = |value: &dyn Fn(&SummaryRow) -> f64| -> Vec<Vec<(f64, f64)>> {
            (0..names.len())
                .map(|i| {
                    points
                        .iter()
                        .map(|p| {
                            let row = p.rows.iter().find(|r| r.original_index == i);
                            (p.coordinates[0], row.map_or(f64::NAN, value))
                        })
                        .collect()
                })
                .collect()
        };
        // Legend in the order of the last point's ranking, best first.
        let mut order: Vec<usize> = (0..names.len()).collect();
        if let Some(last) = points.last() {
            order = last.rows.iter().map(|r| r.original_index).collect();
        }
        let scores = per_player(&|r| r.median_score);
        let ranks = per_player(&|r| (r.rank + 1) as f64);
        let series = |data: &[Vec<(f64, f64)>]| -> Vec<(String, Vec<(f64, f64)>)> {
            order
                .iter()
                .map(|&i| (names[i].clone(), data[i].clone()))
                .collect()
        };
        let jobs = [
            (
                chart_stems(1)[0],
                "Median score per turn",
                series(&scores),
                false,
            ),
            (chart_stems(1)[1], "Rank (1 = best)", series(&ranks), true),
        ]
        .map(
            |(stem, label, data, downwards)| -> ChartJob<'_, ChartError> {
                Box::new(move || {
                    draw_labelled_lines(
                        &folder.join(stem),
                        &LabelledLines {
                            title: &format!(
                                "{title}: {} against {}",
                                label.to_lowercase(),
                                keys[0].0
                            ),
                            x_label: &keys[0].0,
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
    let grid = |value: &dyn Fn(&PointSummary) -> f64| -> Vec<Vec<f64>> {
        (0..ny)
            .rev()
            .map(|iy| (0..nx).map(|ix| value(&points[ix * ny + iy])).collect())
            .collect()
    };
    let cooperation = grid(&|p| {
        let n = p.rows.len().max(1) as f64;
        p.rows.iter().map(|r| r.cooperation_rating).sum::<f64>() / n
    });
    let winner = grid(&|p| p.rows.first().map_or(f64::NAN, |r| r.median_score));
    let (row_names, col_names) = (&row_names, &col_names);
    let jobs = [
        (
            chart_stems(2)[0],
            "mean cooperation rating",
            "Cooperation rating (mean over players)",
            cooperation,
        ),
        (
            chart_stems(2)[1],
            "the winner's median score",
            "Median score per turn of the top-ranked player",
            winner,
        ),
    ]
    .map(|(stem, what, label, values)| -> ChartJob<'_, ChartError> {
        Box::new(move || {
            draw_heat_map(
                &folder.join(stem),
                &HeatMap {
                    title: &format!("{title}: {what}"),
                    row_label: &keys[1].0,
                    col_label: &keys[0].0,
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
