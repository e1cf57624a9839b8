//! The files of a Moran or ecological sweep (`[sweep]` in a `moran` or
//! `ecological` scenario):
//!
//! - `sweep.csv`, tidy, one row per grid point x strategy: `Point`, the
//!   swept keys' values, then
//!   - Moran (strategies in scenario order): `Name`, `Initial_count`,
//!     `Runs`, `Fixations`, `Fixation_probability`, `Fixation_low95`,
//!     `Fixation_high95` (Wilson score interval over the runs),
//!     `Unfixed_runs` (stopped at `moran.steps` before any type took over),
//!     `Mean_steps` (steps per run, over all runs of the point), and with
//!     mutation `Long_run_share`, `Long_run_low95`, `Long_run_high95`
//!     (time-averaged share, mean over runs; empty without mutation);
//!   - ecological (strategies in rank order): `Rank` (1 = largest final
//!     share), `Name`, `Initial_share`, `Final_share`, `Extinct_from` (the
//!     step from which the share stays below 1e-6; empty if it never does);
//! - charts, one axis: one line per strategy against the swept value,
//!   labelled at its right end (`charts::labelled_lines`, legible with 20
//!   and more strategies): Moran `sweep_fixation` (fixation probability; at
//!   points without mutation) and `sweep_long_run` (long-run share; at
//!   points with mutation), ecological `sweep_final_share` and `sweep_rank`;
//!   two axes, heat maps over the grid: Moran `sweep_focal` (the fixation
//!   probability, or the long-run share when every point mutates, of the
//!   strategy that starts with the fewest individuals, the first of them in
//!   a tie; a grid with points of both kinds gets two heat maps instead,
//!   each with its own colour scale: `sweep_focal_fixation` over the points
//!   without mutation and `sweep_focal_long_run` over those with it) and
//!   `sweep_mean_steps`; ecological `sweep_top_share` (the largest final
//!   share) and `sweep_diversity` (effective number of strategies,
//!   1 / sum of squared final shares).
//!
//! Axes name the swept keys in words (`axis_words`); titles say what a
//! chart shows, without the scenario's name.

use crate::evolution::fixation::FixationResult;
use crate::evolution::long_run::LongRunShares;
use crate::evolution::share_outcome::ShareOutcome;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::axis_words::{sweep_axis_label, sweep_axis_title};
use crate::output::charts::{
    ChartError, HeatMap, LabelledLines, Series, draw_heat_map, draw_labelled_lines,
};
use crate::output::sweep_files::grid_value;
use std::io;
use std::path::Path;

/// The results of one Moran grid point.
#[derive(Clone, Debug)]
pub struct MoranPoint {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// Individuals per strategy at the start.
    pub initial: Vec<u32>,
    /// Fixation counts over the point's runs.
    pub fixation: FixationResult,
    /// Long-run shares, when the point mutates.
    pub long_run: Option<LongRunShares>,
}

/// The results of one ecological grid point.
#[derive(Clone, Debug)]
pub struct EcologicalPoint {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// Per strategy (scenario order).
    pub outcomes: Vec<ShareOutcome>,
}

pub(crate) fn writer(path: &Path) -> io::Result<csv::Writer<std::fs::File>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)
        .map_err(io::Error::other)
}

pub(crate) fn prefix(k: usize, coordinates: &[f64], keys: &[(String, bool)]) -> Vec<String> {
    std::iter::once(k.to_string())
        .chain(
            coordinates
                .iter()
                .zip(keys)
                .map(|(&v, (_, integer))| grid_value(v, *integer)),
        )
        .collect()
}

pub(crate) fn header(keys: &[(String, bool)], columns: &[&str]) -> Vec<String> {
    let mut header = vec!["Point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(columns.iter().map(|c| c.to_string()));
    header
}

/// Writes a Moran sweep's `sweep.csv`.
pub fn write_moran_sweep_csv(
    path: &Path,
    keys: &[(String, bool)],
    points: &[MoranPoint],
) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(header(
        keys,
        &[
            "Name",
            "Initial_count",
            "Runs",
            "Fixations",
            "Fixation_probability",
            "Fixation_low95",
            "Fixation_high95",
            "Unfixed_runs",
            "Mean_steps",
            "Long_run_share",
            "Long_run_low95",
            "Long_run_high95",
        ],
    ))
    .map_err(io::Error::other)?;
    for (k, p) in points.iter().enumerate() {
        let f = &p.fixation;
        for (t, name) in f.type_names.iter().enumerate() {
            let mut row = prefix(k, &p.coordinates, keys);
            row.extend([
                name.clone(),
                p.initial[t].to_string(),
                f.runs.to_string(),
                f.fixations[t].to_string(),
                python_float(f.probabilities[t]),
                python_float(f.intervals[t].0),
                python_float(f.intervals[t].1),
                f.unfixed.to_string(),
                python_float(f.mean_steps),
            ]);
            match &p.long_run {
                Some(l) => row.extend([
                    python_float(l.shares[t]),
                    python_float(l.intervals[t].0),
                    python_float(l.intervals[t].1),
                ]),
                None => row.extend([String::new(), String::new(), String::new()]),
            }
            w.write_record(&row).map_err(io::Error::other)?;
        }
    }
    w.flush()
}

/// Writes an ecological sweep's `sweep.csv`; `names` in scenario order.
pub fn write_ecological_sweep_csv(
    path: &Path,
    keys: &[(String, bool)],
    names: &[String],
    points: &[EcologicalPoint],
) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(header(
        keys,
        &[
            "Rank",
            "Name",
            "Initial_share",
            "Final_share",
            "Extinct_from",
        ],
    ))
    .map_err(io::Error::other)?;
    for (k, p) in points.iter().enumerate() {
        let mut order: Vec<usize> = (0..p.outcomes.len()).collect();
        order.sort_by_key(|&t| p.outcomes[t].rank);
        for t in order {
            let o = &p.outcomes[t];
            let mut row = prefix(k, &p.coordinates, keys);
            row.extend([
                o.rank.to_string(),
                names[t].clone(),
                python_float(o.initial),
                python_float(o.last),
                o.extinct_from.map_or(String::new(), |s| s.to_string()),
            ]);
            w.write_record(&row).map_err(io::Error::other)?;
        }
    }
    w.flush()
}

/// File stems of a Moran sweep's charts. Fixation probabilities (points
/// without mutation) and long-run shares (points with it) are different
/// measures: a grid holding both gets a heat map of each, with its own
/// colour scale (`sweep_focal_fixation`, `sweep_focal_long_run`); a grid of
/// one kind gets `sweep_focal`.
pub fn moran_chart_stems(points: &[MoranPoint], axes: usize) -> Vec<&'static str> {
    let fixed = points.iter().any(|p| p.long_run.is_none());
    let mutating = points.iter().any(|p| p.long_run.is_some());
    if axes == 2 {
        return if fixed && mutating {
            vec![
                "sweep_focal_fixation",
                "sweep_focal_long_run",
                "sweep_mean_steps",
            ]
        } else {
            vec!["sweep_focal", "sweep_mean_steps"]
        };
    }
    let mut stems = Vec::new();
    if fixed {
        stems.push("sweep_fixation");
    }
    if mutating {
        stems.push("sweep_long_run");
    }
    stems
}

/// File stems of an ecological sweep's charts.
pub fn ecological_chart_stems(axes: usize) -> &'static [&'static str] {
    if axes == 1 {
        &["sweep_final_share", "sweep_rank"]
    } else {
        &["sweep_top_share", "sweep_diversity"]
    }
}

/// One line per strategy: `value(point, strategy)` against the x value;
/// legend (and label) order `order`.
fn lines(
    stem: &Path,
    (title, x_label, y_label): (&str, &str, &str),
    names: &[String],
    order: &[usize],
    data: &[Vec<(f64, f64)>],
    y_downwards: bool,
) -> Result<(), ChartError> {
    draw_labelled_lines(
        stem,
        &LabelledLines {
            title,
            x_label,
            y_label,
            series: order
                .iter()
                .map(|&t| Series {
                    name: names[t].clone(),
                    points: &data[t],
                })
                .collect(),
            y_downwards,
            x_log: false,
        },
    )
}

/// A two-axis grid as a heat map shows it: row names (y values, top row the
/// largest index), column names (x values) and `values[row][col]`.
pub(crate) type Grid = (Vec<String>, Vec<String>, Vec<Vec<f64>>);

/// The grid of `value(k)` over the points `keep(k)` holds: only the columns
/// and rows with at least one kept point (points are numbered
/// `k = ix * ny + iy`); a point left out inside them is a missing cell.
pub(crate) fn grid(
    keys: &[(String, bool)],
    sizes: &[usize],
    coordinates: &dyn Fn(usize) -> Vec<f64>,
    value: &dyn Fn(usize) -> f64,
    keep: &dyn Fn(usize) -> bool,
) -> Grid {
    let (nx, ny) = (sizes[0], sizes[1]);
    let xs: Vec<usize> = (0..nx)
        .filter(|&ix| (0..ny).any(|iy| keep(ix * ny + iy)))
        .collect();
    let ys: Vec<usize> = (0..ny)
        .rev()
        .filter(|&iy| (0..nx).any(|ix| keep(ix * ny + iy)))
        .collect();
    let rows = ys
        .iter()
        .map(|&iy| grid_value(coordinates(iy)[1], keys[1].1))
        .collect();
    let cols = xs
        .iter()
        .map(|&ix| grid_value(coordinates(ix * ny)[0], keys[0].1))
        .collect();
    let values = ys
        .iter()
        .map(|&iy| {
            xs.iter()
                .map(|&ix| {
                    let k = ix * ny + iy;
                    if keep(k) { value(k) } else { f64::NAN }
                })
                .collect()
        })
        .collect();
    (rows, cols, values)
}

/// What a focal heat map shows: its title, value label, the value of point
/// k and which points it holds.
type Focal<'a> = (
    String,
    &'a str,
    &'a dyn Fn(usize) -> f64,
    &'a dyn Fn(usize) -> bool,
);

/// A heat map over the two swept keys, said in words (`names` the
/// strategies, for `players.<i>` keys).
pub(crate) fn heat_map(
    stem: &Path,
    (title, value_label): (&str, &str),
    (keys, names): (&[(String, bool)], &[String]),
    (rows, cols, values): &Grid,
) -> Result<(), ChartError> {
    draw_heat_map(
        stem,
        &HeatMap {
            title,
            row_label: &sweep_axis_title(&keys[1].0, names),
            col_label: &sweep_axis_title(&keys[0].0, names),
            value_label,
            row_names: rows,
            col_names: cols,
            values,
        },
    )
}

/// Draws a Moran sweep's charts into `folder`; `names` in scenario order.
/// The titles say what a chart shows (the scenario's name is the folder's).
pub fn write_moran_sweep_charts(
    folder: &Path,
    keys: &[(String, bool)],
    sizes: &[usize],
    names: &[String],
    points: &[MoranPoint],
) -> Result<(), ChartError> {
    let stems = moran_chart_stems(points, keys.len());
    if keys.len() == 2 {
        // The focal strategy: fewest individuals at the start of point 0.
        let initial = &points[0].initial;
        let focal = (0..names.len())
            .min_by_key(|&t| (initial[t], t))
            .unwrap_or(0);
        let coordinates = |k: usize| points[k].coordinates.clone();
        let fixation = |k: usize| points[k].fixation.probabilities[focal];
        let long_run = |k: usize| {
            points[k]
                .long_run
                .as_ref()
                .map_or(f64::NAN, |l| l.shares[focal])
        };
        let fixed = |k: usize| points[k].long_run.is_none();
        let mutating = |k: usize| points[k].long_run.is_some();
        let who = &names[focal];
        for &stem in &stems {
            let (title, label, value, keep): Focal<'_> = match stem {
                "sweep_mean_steps" => (
                    "Mean steps per run".to_string(),
                    "Mean steps per run (one birth and one death each)",
                    &|k| points[k].fixation.mean_steps,
                    &|_| true,
                ),
                "sweep_focal_fixation" => (
                    format!("Fixation probability of {who} (points without mutation)"),
                    "Fixation probability",
                    &fixation,
                    &fixed,
                ),
                "sweep_focal_long_run" => (
                    format!("Long-run share of {who} (points with mutation)"),
                    "Long-run share (time average)",
                    &long_run,
                    &mutating,
                ),
                _ if points.iter().any(|p| p.long_run.is_some()) => (
                    format!("Long-run share of {who}"),
                    "Long-run share (time average)",
                    &long_run,
                    &|_| true,
                ),
                _ => (
                    format!("Fixation probability of {who}"),
                    "Fixation probability",
                    &fixation,
                    &|_| true,
                ),
            };
            heat_map(
                &folder.join(stem),
                (&title, label),
                (keys, names),
                &grid(keys, sizes, &coordinates, value, keep),
            )?;
        }
        return Ok(());
    }
    let x = |p: &MoranPoint| p.coordinates[0];
    let fixation: Vec<Vec<(f64, f64)>> = (0..names.len())
        .map(|t| {
            points
                .iter()
                .map(|p| match p.long_run {
                    None => (x(p), p.fixation.probabilities[t]),
                    Some(_) => (x(p), f64::NAN),
                })
                .collect()
        })
        .collect();
    let long_run: Vec<Vec<(f64, f64)>> = (0..names.len())
        .map(|t| {
            points
                .iter()
                .map(|p| (x(p), p.long_run.as_ref().map_or(f64::NAN, |l| l.shares[t])))
                .collect()
        })
        .collect();
    // Legend and labels in the order of the last point's value, largest first.
    let order = |data: &[Vec<(f64, f64)>]| -> Vec<usize> {
        let last = |t: usize| {
            data[t]
                .iter()
                .rev()
                .map(|p| p.1)
                .find(|v| v.is_finite())
                .unwrap_or(f64::NEG_INFINITY)
        };
        let mut order: Vec<usize> = (0..names.len()).collect();
        order.sort_by(|&a, &b| last(b).total_cmp(&last(a)).then(a.cmp(&b)));
        order
    };
    let x_words = sweep_axis_label(&keys[0].0, names);
    let x_label = sweep_axis_title(&keys[0].0, names);
    for stem in stems {
        let (data, what) = if stem == "sweep_fixation" {
            (&fixation, "Fixation probability")
        } else {
            (&long_run, "Long-run share (time average)")
        };
        lines(
            &folder.join(stem),
            (&format!("{what} against {x_words}"), &x_label, what),
            names,
            &order(data),
            data,
            false,
        )?;
    }
    Ok(())
}

/// Draws an ecological sweep's charts into `folder`; `names` in scenario
/// order. The titles say what a chart shows.
pub fn write_ecological_sweep_charts(
    folder: &Path,
    keys: &[(String, bool)],
    sizes: &[usize],
    names: &[String],
    points: &[EcologicalPoint],
) -> Result<(), ChartError> {
    let stems = ecological_chart_stems(keys.len());
    if keys.len() == 2 {
        let coordinates = |k: usize| points[k].coordinates.clone();
        let top = |k: usize| {
            points[k]
                .outcomes
                .iter()
                .map(|o| o.last)
                .fold(f64::NAN, f64::max)
        };
        let diversity = |k: usize| {
            let sum: f64 = points[k].outcomes.iter().map(|o| o.last * o.last).sum();
            1.0 / sum
        };
        heat_map(
            &folder.join(stems[0]),
            ("The largest final share", "Final share of the top strategy"),
            (keys, names),
            &grid(keys, sizes, &coordinates, &top, &|_| true),
        )?;
        heat_map(
            &folder.join(stems[1]),
            (
                "Effective number of strategies at the end",
                "1 / sum of squared final shares",
            ),
            (keys, names),
            &grid(keys, sizes, &coordinates, &diversity, &|_| true),
        )?;
        return Ok(());
    }
    let per = |value: &dyn Fn(&ShareOutcome) -> f64| -> Vec<Vec<(f64, f64)>> {
        (0..names.len())
            .map(|t| {
                points
                    .iter()
                    .map(|p| (p.coordinates[0], value(&p.outcomes[t])))
                    .collect()
            })
            .collect()
    };
    let mut order: Vec<usize> = (0..names.len()).collect();
    if let Some(last) = points.last() {
        order.sort_by_key(|&t| last.outcomes[t].rank);
    }
    let x_words = sweep_axis_label(&keys[0].0, names);
    let x_label = sweep_axis_title(&keys[0].0, names);
    lines(
        &folder.join(stems[0]),
        (
            &format!("Final share against {x_words}"),
            &x_label,
            "Final population share",
        ),
        names,
        &order,
        &per(&|o| o.last),
        false,
    )?;
    lines(
        &folder.join(stems[1]),
        (
            &format!("Rank by final share against {x_words}"),
            &x_label,
            "Rank by final share (1 = largest)",
        ),
        names,
        &order,
        &per(&|o| o.rank as f64),
        true,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_grid_keeps_only_the_columns_and_rows_of_its_points() {
        // x = mutation [0, 0.01, 0.1] (outer), y = count [1, 2] (inner):
        // point k = ix * 2 + iy; value = k.
        let keys = [
            ("moran.mutation".to_string(), false),
            ("players.0.count".to_string(), true),
        ];
        let xs = [0.0, 0.01, 0.1];
        let ys = [1.0, 2.0];
        let coordinates = |k: usize| vec![xs[k / 2], ys[k % 2]];
        let value = |k: usize| k as f64;
        let fixed = |k: usize| k / 2 == 0;
        let mutating = |k: usize| k / 2 > 0;
        let (rows, cols, values) = grid(&keys, &[3, 2], &coordinates, &value, &fixed);
        assert_eq!(cols, ["0.0"]);
        assert_eq!(rows, ["2", "1"], "top row the largest");
        assert_eq!(values, [vec![1.0], vec![0.0]]);
        let (rows, cols, values) = grid(&keys, &[3, 2], &coordinates, &value, &mutating);
        assert_eq!(cols, ["0.01", "0.1"]);
        assert_eq!(rows, ["2", "1"]);
        assert_eq!(values, [vec![3.0, 5.0], vec![2.0, 4.0]]);
        // A point left out inside the kept rows and columns is missing.
        let (_, _, values) = grid(&keys, &[3, 2], &coordinates, &value, &|k| k != 3 && k > 1);
        assert!(values[0][0].is_nan() && values[1][0] == 2.0);
    }

    #[test]
    fn mixed_mutation_gets_two_focal_maps() {
        let point = |long_run: bool| MoranPoint {
            coordinates: vec![0.0, 1.0],
            initial: vec![1, 2],
            fixation: FixationResult {
                type_names: vec!["A".into(), "B".into()],
                runs: 0,
                fixations: vec![0, 0],
                probabilities: vec![0.0, 0.0],
                intervals: vec![(0.0, 0.0); 2],
                unfixed: 0,
                mean_steps: 0.0,
            },
            long_run: long_run.then(|| LongRunShares {
                type_names: vec!["A".into(), "B".into()],
                shares: vec![0.5, 0.5],
                intervals: vec![(0.0, 1.0); 2],
                runs: 1,
            }),
        };
        let mixed = [point(false), point(true)];
        assert_eq!(
            moran_chart_stems(&mixed, 2),
            [
                "sweep_focal_fixation",
                "sweep_focal_long_run",
                "sweep_mean_steps"
            ]
        );
        assert_eq!(
            moran_chart_stems(&mixed[..1], 2),
            ["sweep_focal", "sweep_mean_steps"]
        );
        assert_eq!(
            moran_chart_stems(&mixed[1..], 2),
            ["sweep_focal", "sweep_mean_steps"]
        );
        assert_eq!(
            moran_chart_stems(&mixed, 1),
            ["sweep_fixation", "sweep_long_run"]
        );
    }
}
