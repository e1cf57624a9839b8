//! Files of the evolutionary kinds: counts per step, fixation results and
//! lattice states as CSV, and their charts (stacked shares, fixation
//! probabilities with intervals, lattice snapshots and PNG frames).
//! Numbers are written with Python's float formatting, like the other CSVs.

use crate::evolution::fixation::FixationResult;
use crate::evolution::long_run::LongRunShares;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::charts::{
    ChartError, IntervalChart, LatticeImage, StackedArea, draw_interval_chart, draw_lattice,
    draw_lattice_frame, draw_stacked_area,
};
use std::io;
use std::path::Path;

fn csv_error(e: csv::Error) -> io::Error {
    io::Error::other(e.to_string())
}

fn writer(path: &Path) -> io::Result<csv::Writer<std::fs::File>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)
        .map_err(csv_error)
}

/// `Step,<name>...` with the count of each type per recorded step.
pub fn write_counts(path: &Path, names: &[String], counts: &[(u64, Vec<u32>)]) -> io::Result<()> {
    let mut w = writer(path)?;
    let mut header = vec!["Step".to_string()];
    header.extend(names.iter().cloned());
    w.write_record(&header).map_err(csv_error)?;
    for (step, row) in counts {
        let mut record = vec![step.to_string()];
        record.extend(row.iter().map(|c| c.to_string()));
        w.write_record(&record).map_err(csv_error)?;
    }
    w.flush()
}

/// `Step,<name>...` with shares per step (`dt` scales steps to time when given).
pub fn write_shares(
    path: &Path,
    names: &[String],
    shares: &[Vec<f64>],
    dt: Option<f64>,
) -> io::Result<()> {
    let mut w = writer(path)?;
    let mut header = vec!["Step".to_string()];
    if dt.is_some() {
        header.push("Time".into());
    }
    header.extend(names.iter().cloned());
    w.write_record(&header).map_err(csv_error)?;
    for (step, row) in shares.iter().enumerate() {
        let mut record = vec![step.to_string()];
        if let Some(dt) = dt {
            record.push(python_float(step as f64 * dt));
        }
        record.extend(row.iter().map(|v| python_float(*v)));
        w.write_record(&record).map_err(csv_error)?;
    }
    w.flush()
}

/// One row per type: initial count, fixations, probability and interval.
pub fn write_fixation(path: &Path, result: &FixationResult, initial: &[u32]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record([
        "Strategy",
        "Initial_count",
        "Runs",
        "Fixations",
        "Probability",
        "CI95_low",
        "CI95_high",
    ])
    .map_err(csv_error)?;
    for (t, name) in result.type_names.iter().enumerate() {
        w.write_record([
            name.clone(),
            initial.get(t).copied().unwrap_or(0).to_string(),
            result.runs.to_string(),
            result.fixations[t].to_string(),
            python_float(result.probabilities[t]),
            python_float(result.intervals[t].0),
            python_float(result.intervals[t].1),
        ])
        .map_err(csv_error)?;
    }
    w.flush()
}

/// A lattice as a grid of type indices (one CSV row per lattice row).
pub fn write_lattice(path: &Path, cols: usize, cells: &[u8]) -> io::Result<()> {
    let mut w = writer(path)?;
    for row in cells.chunks(cols.max(1)) {
        w.write_record(row.iter().map(|t| t.to_string()))
            .map_err(csv_error)?;
    }
    w.flush()
}

/// `Index,Strategy` legend of the lattice files.
pub fn write_types(path: &Path, names: &[String]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(["Index", "Strategy"]).map_err(csv_error)?;
    for (i, n) in names.iter().enumerate() {
        w.write_record([i.to_string(), n.clone()])
            .map_err(csv_error)?;
    }
    w.flush()
}

/// Stacked shares chart from counts or shares per step.
pub fn draw_shares(
    stem: &Path,
    title: &str,
    x_label: &str,
    names: &[String],
    xs: &[f64],
    shares: &[Vec<f64>],
) -> Result<(), ChartError> {
    draw_stacked_area(
        stem,
        &StackedArea {
            title,
            x_label,
            y_label: "Share of the population",
            names,
            xs,
            shares,
        },
    )
}

/// Fixation probabilities with 95% intervals and the neutral reference
/// (initial count / N).
pub fn draw_fixation(
    stem: &Path,
    title: &str,
    result: &FixationResult,
    neutral: Option<f64>,
) -> Result<(), ChartError> {
    draw_interval_chart(
        stem,
        &IntervalChart {
            title,
            value_label: "Fixation probability (95% Wilson interval)",
            category_label: "Strategy",
            names: &result.type_names,
            values: &result.probabilities,
            intervals: &result.intervals,
            reference: neutral.map(|v| ("neutral 1/N".to_string(), v)),
        },
    )
}

/// `Strategy,Share,Low95,High95`: long-run shares of a process with mutation.
pub fn write_long_run(path: &Path, shares: &LongRunShares) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(["Strategy", "Share", "Low95", "High95"])
        .map_err(csv_error)?;
    for (t, name) in shares.type_names.iter().enumerate() {
        let (lo, hi) = shares.intervals[t];
        w.write_record([
            name.clone(),
            python_float(shares.shares[t]),
            python_float(lo),
            python_float(hi),
        ])
        .map_err(csv_error)?;
    }
    w.flush()
}

/// Long-run shares with their intervals and the equal-shares reference (1/k).
pub fn draw_long_run(stem: &Path, title: &str, shares: &LongRunShares) -> Result<(), ChartError> {
    let k = shares.type_names.len().max(1);
    draw_interval_chart(
        stem,
        &IntervalChart {
            title,
            value_label: "Share of the population over time (mean over runs, 95% interval)",
            category_label: "Strategy",
            names: &shares.type_names,
            values: &shares.shares,
            intervals: &shares.intervals,
            reference: Some((format!("equal shares 1/{k}"), 1.0 / k as f64)),
        },
    )
}

/// One lattice snapshot (PNG and SVG) or frame (PNG only).
pub fn draw_lattice_state(
    stem: &Path,
    title: &str,
    rows: usize,
    cols: usize,
    cells: &[u8],
    names: &[String],
    frame: bool,
) -> Result<(), ChartError> {
    let image = LatticeImage {
        title,
        rows,
        cols,
        cells,
        names,
    };
    if frame {
        draw_lattice_frame(stem, &image)
    } else {
        draw_lattice(stem, &image)
    }
}
