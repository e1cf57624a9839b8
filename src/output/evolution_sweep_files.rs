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
//!   probability, or long-run share with mutation, of the strategy that
//!   starts with the fewest individuals, the first of them in a tie) and
//!   `sweep_mean_steps`; ecological `sweep_top_share` (the largest final
//!   share) and `sweep_diversity` (effective number of strategies,
//!   1 / sum of squared final shares).

use crate::evolution::fixation::FixationResult;
use crate::evolution::long_run::LongRunShares;
use crate::evolution::share_outcome::ShareOutcome;
use crate::ipd::strategies::catalogue::python_float;
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

/// File stems of a Moran sweep's charts.
pub fn moran_chart_stems(points: &[MoranPoint], axes: usize) -> Vec<&'static str> {
    if axes == 2 {
        return vec!["sweep_focal", "sweep_mean_steps"];
    }
    let mut stems = Vec::new();
    if points.iter().any(|p| p.long_run.is_none()) {
        stems.push("sweep_fixation");
    }
    if points.iter().any(|p| p.long_run.is_some()) {
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

/// Row names (y values, top row the largest index) and column names (x
/// values) of a two-axis grid, and `values[row][col]` from `value(k)`.
pub(crate) fn grid(
    keys: &[(String, bool)],
    sizes: &[usize],
    coordinates: &dyn Fn(usize) -> Vec<f64>,
    value: &dyn Fn(usize) -> f64,
) -> (Vec<String>, Vec<String>, Vec<Vec<f64>>) {
    let (nx, ny) = (sizes[0], sizes[1]);
    let rows = (0..ny)
        .rev()
        .map(|iy| grid_value(coordinates(iy)[1], keys[1].1))
        .collect();
    let cols = (0..nx)
        .map(|ix| grid_value(coordinates(ix * ny)[0], keys[0].1))
        .collect();
    let values = (0..ny)
        .rev()
        .map(|iy| (0..nx).map(|ix| value(ix * ny + iy)).collect())
        .collect();
    (rows, cols, values)
}

pub(crate) fn heat_map(
    stem: &Path,
    (title, value_label): (&str, &str),
    keys: &[(String, bool)],
    (rows, cols, values): &(Vec<String>, Vec<String>, Vec<Vec<f64>>),
) -> Result<(), ChartError> {
    draw_heat_map(
        stem,
        &HeatMap {
            title,
            row_label: &keys[1].0,
            col_label: &keys[0].0,
            value_label,
            row_names: rows,
            col_names: cols,
            values,
        },
    )
}

/// Draws a Moran sweep's charts into `folder`; `names` in scenario order.
pub fn write_moran_sweep_charts(
    folder: &Path,
    title: &str,
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
        let value = |k: usize| {
            let p = &points[k];
            match &p.long_run {
                Some(l) => l.shares[focal],
                None => p.fixation.probabilities[focal],
            }
        };
        let coordinates = |k: usize| points[k].coordinates.clone();
        let (what, label) = if points.iter().any(|p| p.long_run.is_some()) {
            (
                "fixation probability or (mutation > 0) long-run share",
                "Fixation probability or long-run share",
            )
        } else {
            ("fixation probability", "Fixation probability")
        };
        heat_map(
            &folder.join(stems[0]),
            (&format!("{title}: {}, {what}", names[focal]), label),
            keys,
            &grid(keys, sizes, &coordinates, &value),
        )?;
        heat_map(
            &folder.join(stems[1]),
            (
                &format!("{title}: mean steps per run"),
                "Mean steps per run (one birth and one death each)",
            ),
            keys,
            &grid(keys, sizes, &coordinates, &|k| {
                points[k].fixation.mean_steps
            }),
        )?;
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
    for stem in stems {
        let (data, what) = if stem == "sweep_fixation" {
            (&fixation, "Fixation probability")
        } else {
            (&long_run, "Long-run share (time average)")
        };
        lines(
            &folder.join(stem),
            (
                &format!("{title}: {} against {}", what.to_lowercase(), keys[0].0),
                &keys[0].0,
                what,
            ),
            names,
            &order(data),
            data,
            false,
        )?;
    }
    Ok(())
}

/// Draws an ecological sweep's charts into `folder`; `names` in scenario
/// order.
pub fn write_ecological_sweep_charts(
    folder: &Path,
    title: &str,
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
            (
                &format!("{title}: the largest final share"),
                "Final share of the top strategy",
            ),
            keys,
            &grid(keys, sizes, &coordinates, &top),
        )?;
        heat_map(
            &folder.join(stems[1]),
            (
                &format!("{title}: effective number of strategies at the end"),
                "1 / sum of squared final shares",
            ),
            keys,
            &grid(keys, sizes, &coordinates, &diversity),
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
    lines(
        &folder.join(stems[0]),
        (
            &format!("{title}: final share against {}", keys[0].0),
            &keys[0].0,
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
            &format!("{title}: rank by final share against {}", keys[0].0),
            &keys[0].0,
            "Rank by final share (1 = largest)",
        ),
        names,
        &order,
        &per(&|o| o.rank as f64),
        true,
    )
}
