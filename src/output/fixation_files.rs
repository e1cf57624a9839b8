//! The files of a fixation matrix: `fixation_matrix.csv`, tidy, one row per
//! ordered pair (Mutant, Resident, Runs, Fixations, Probability, the 95%
//! Wilson interval Low/High, Exact for deterministic matches (empty
//! otherwise), Neutral = 1/N), and `fixation_matrix.png/.svg`, a heat map
//! of the estimates (rows: mutant, columns: resident; the diagonal is
//! empty).

use crate::evolution::fixation_matrix::PairFixation;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::charts::{ChartError, HeatMap, draw_heat_map};
use std::io;
use std::path::Path;

/// The CSV header.
pub const FIXATION_HEADER: [&str; 9] = [
    "Mutant",
    "Resident",
    "Runs",
    "Fixations",
    "Probability",
    "Low",
    "High",
    "Exact",
    "Neutral",
];

/// Writes `fixation_matrix.csv`.
pub fn write_fixation_matrix(
    path: &Path,
    names: &[String],
    size: usize,
    estimates: &[PairFixation],
) -> io::Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)
        .map_err(io::Error::other)?;
    writer
        .write_record(FIXATION_HEADER)
        .map_err(io::Error::other)?;
    for e in estimates {
        let (low, high) = e.interval();
        writer
            .write_record([
                names[e.mutant].clone(),
                names[e.resident].clone(),
                e.runs.to_string(),
                e.fixations.to_string(),
                python_float(e.probability()),
                python_float(low),
                python_float(high),
                e.exact.map_or_else(String::new, python_float),
                python_float(1.0 / size as f64),
            ])
            .map_err(io::Error::other)?;
    }
    writer.flush()
}

/// Draws the heat map of the estimates.
pub fn draw_fixation_matrix(
    stem: &Path,
    title: &str,
    names: &[String],
    estimates: &[PairFixation],
) -> Result<(), ChartError> {
    let k = names.len();
    let mut values = vec![vec![f64::NAN; k]; k];
    for e in estimates {
        values[e.mutant][e.resident] = e.probability();
    }
    draw_heat_map(
        stem,
        &HeatMap {
            title,
            row_label: "Mutant (one individual)",
            col_label: "Resident (N - 1 individuals)",
            value_label: "Fixation probability of the mutant",
            row_names: names,
            col_names: names,
            values: &values,
        },
    )
}
