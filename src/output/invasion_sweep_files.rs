//! The files of an invasion sweep (`[sweep]` in an `invasion` scenario,
//! `study::kinds::invasion_sweep`):
//!
//! - `sweep.csv`, tidy, one row per grid point x strategy (strategies in
//!   the table's order): `Point`, the swept keys' values, `Name`,
//!   `Abundance` and `Ln_abundance` (the stationary distribution of the
//!   small-mutation limit; the logarithm stays finite where the abundance
//!   underflows), `Rank` (1 = most abundant, ties by table order) and
//!   `Invaded_by` (how many mutant strategies fix in a population of it
//!   more often than the neutral 1/Z);
//! - charts, one axis: `sweep_abundance`, one line per strategy against
//!   the swept value, labelled at its right end (a logarithmic x axis
//!   when every value is positive and they span a factor of 100 or more,
//!   as an intensity of selection does); two axes, heat maps over the grid:
//!   `sweep_top_abundance` (the largest abundance) and `sweep_diversity`
//!   (effective number of strategies, 1 / sum of squared abundances).

use crate::evolution::invasion::SmallMutation;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::axis_words::{sweep_axis_label, sweep_axis_title};
use crate::output::charts::{ChartError, LabelledLines, Series, draw_labelled_lines};
use crate::output::evolution_sweep_files::{grid, header, heat_map, prefix, writer};
use std::io;
use std::path::Path;

/// The results of one invasion grid point.
#[derive(Clone, Debug)]
pub struct InvasionPoint {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// The small-mutation chain and its stationary distribution.
    pub chain: SmallMutation,
    /// Per strategy as resident: how many mutants fix more often than 1/Z.
    pub invaded_by: Vec<usize>,
}

impl InvasionPoint {
    /// The effective number of strategies, 1 / sum of squared abundances.
    pub fn effective_number(&self) -> f64 {
        1.0 / self.chain.abundance.iter().map(|a| a * a).sum::<f64>()
    }

    /// Rank of each strategy by abundance (1 = most abundant; ties by
    /// order, compared in logarithms so underflowed abundances still rank).
    pub fn ranks(&self) -> Vec<usize> {
        let ln = &self.chain.ln_abundance;
        let mut order: Vec<usize> = (0..ln.len()).collect();
        order.sort_by(|&a, &b| ln[b].total_cmp(&ln[a]).then(a.cmp(&b)));
        let mut ranks = vec![0; ln.len()];
        for (place, &t) in order.iter().enumerate() {
            ranks[t] = place + 1;
        }
        ranks
    }
}

/// File stems of an invasion sweep's charts.
pub fn invasion_chart_stems(axes: usize) -> &'static [&'static str] {
    if axes == 1 {
        &["sweep_abundance"]
    } else {
        &["sweep_top_abundance", "sweep_diversity"]
    }
}

/// Writes an invasion sweep's `sweep.csv`; `names` in the table's order.
pub fn write_invasion_sweep_csv(
    path: &Path,
    keys: &[(String, bool)],
    names: &[String],
    points: &[InvasionPoint],
) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(header(
        keys,
        &["Name", "Abundance", "Ln_abundance", "Rank", "Invaded_by"],
    ))
    .map_err(io::Error::other)?;
    for (k, p) in points.iter().enumerate() {
        let ranks = p.ranks();
        for (t, name) in names.iter().enumerate() {
            let mut row = prefix(k, &p.coordinates, keys);
            row.extend([
                name.clone(),
                python_float(p.chain.abundance[t]),
                python_float(p.chain.ln_abundance[t]),
                ranks[t].to_string(),
                p.invaded_by[t].to_string(),
            ]);
            w.write_record(&row).map_err(io::Error::other)?;
        }
    }
    w.flush()
}

/// Whether the x values are drawn on a logarithmic axis: all positive and
/// spanning a factor of 100 or more.
fn logarithmic(values: &[f64]) -> bool {
    let (low, high) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });
    low > 0.0 && high / low >= 100.0
}

/// Draws an invasion sweep's charts into `folder`; `names` in the table's
/// order.
pub fn write_invasion_sweep_charts(
    folder: &Path,
    keys: &[(String, bool)],
    sizes: &[usize],
    names: &[String],
    points: &[InvasionPoint],
) -> Result<(), ChartError> {
    let stems = invasion_chart_stems(keys.len());
    if keys.len() == 2 {
        let coordinates = |k: usize| points[k].coordinates.clone();
        let top = |k: usize| {
            points[k]
                .chain
                .abundance
                .iter()
                .copied()
                .fold(f64::NAN, f64::max)
        };
        heat_map(
            &folder.join(stems[0]),
            (
                "Stationary abundance of the most abundant strategy",
                "Largest stationary abundance",
            ),
            (keys, names),
            &grid(keys, sizes, &coordinates, &top, &|_| true),
        )?;
        heat_map(
            &folder.join(stems[1]),
            (
                "Effective number of strategies, rare mutations",
                "1 / sum of squared abundances",
            ),
            (keys, names),
            &grid(
                keys,
                sizes,
                &coordinates,
                &|k| points[k].effective_number(),
                &|_| true,
            ),
        )?;
        return Ok(());
    }
    let data: Vec<Vec<(f64, f64)>> = (0..names.len())
        .map(|t| {
            points
                .iter()
                .map(|p| (p.coordinates[0], p.chain.abundance[t]))
                .collect()
        })
        .collect();
    // Legend and labels in the order of the last point's abundance.
    let mut order: Vec<usize> = (0..names.len()).collect();
    if let Some(last) = points.last() {
        let ranks = last.ranks();
        order.sort_by_key(|&t| ranks[t]);
    }
    let xs: Vec<f64> = points.iter().map(|p| p.coordinates[0]).collect();
    let x_log = logarithmic(&xs);
    let x_label = if x_log {
        format!("{} (logarithmic)", sweep_axis_title(&keys[0].0, names))
    } else {
        sweep_axis_title(&keys[0].0, names)
    };
    draw_labelled_lines(
        &folder.join(stems[0]),
        &LabelledLines {
            title: &format!(
                "Stationary abundance against {}, rare mutations",
                sweep_axis_label(&keys[0].0, names)
            ),
            x_label: &x_label,
            y_label: "Stationary abundance",
            series: order
                .iter()
                .map(|&t| Series {
                    name: names[t].clone(),
                    points: &data[t],
                })
                .collect(),
            y_downwards: false,
            x_log,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(abundance: &[f64]) -> InvasionPoint {
        InvasionPoint {
            coordinates: vec![1.0],
            chain: SmallMutation {
                log_transitions: Vec::new(),
                abundance: abundance.to_vec(),
                ln_abundance: abundance.iter().map(|a| a.ln()).collect(),
            },
            invaded_by: vec![0; abundance.len()],
        }
    }

    #[test]
    fn ranks_put_the_most_abundant_first_and_break_ties_by_order() {
        let p = point(&[0.25, 0.5, 0.25]);
        assert_eq!(p.ranks(), vec![2, 1, 3]);
        assert!((p.effective_number() - 1.0 / 0.375).abs() < 1e-12);
        let even = point(&[0.5, 0.5]);
        assert_eq!(even.effective_number(), 2.0);
    }

    #[test]
    fn an_axis_is_logarithmic_only_over_two_decades_of_positive_values() {
        assert!(logarithmic(&[0.01, 0.1, 1.0]));
        assert!(!logarithmic(&[0.1, 1.0]));
        assert!(!logarithmic(&[0.0, 1.0, 100.0]));
    }
}
