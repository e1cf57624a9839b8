//! The files and report of an invasion analysis (`study::kinds::invasion`):
//! `fixation.csv` (one row per ordered pair: `resident,mutant,probability`,
//! then `relative_to_neutral` = ρ Z and `ln_probability`, exact where ρ
//! underflows), `stationary.csv` (`strategy,abundance,ln_abundance`, in the
//! table's order), `alpharank.csv` (`rank,strategy,score`, when asked)
//! and the ranked table of the report. Floats as Python's
//! `repr` shows them (`python_float`), `-inf` for ln 0. Charts:
//! `stationary` (bars of the abundances, ranked) and `fixation` (a heat
//! map of ρ Z, mutant by resident: above 1 the mutant is favoured).

use crate::evolution::invasion::{AlphaRank, Fixation, SmallMutation};
use crate::ipd::strategies::catalogue::python_float;
use crate::output::charts::{BarChart, ChartError, HeatMap, draw_bar_chart, draw_heat_map};
use std::io;
use std::path::Path;

/// The header of `fixation.csv`.
pub const FIXATION_HEADER: [&str; 5] = [
    "resident",
    "mutant",
    "probability",
    "relative_to_neutral",
    "ln_probability",
];

/// The header of `stationary.csv`.
pub const STATIONARY_HEADER: [&str; 3] = ["strategy", "abundance", "ln_abundance"];

fn writer(path: &Path) -> io::Result<csv::Writer<std::fs::File>> {
    csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)
        .map_err(io::Error::other)
}

/// Writes `fixation.csv`: `rho[resident][mutant]`, every ordered pair of
/// distinct strategies, residents in order, then mutants.
pub fn write_fixation(
    path: &Path,
    names: &[String],
    population: usize,
    rho: &[Vec<Fixation>],
) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(FIXATION_HEADER).map_err(io::Error::other)?;
    for (r, row) in rho.iter().enumerate() {
        for (m, f) in row.iter().enumerate() {
            if m == r {
                continue;
            }
            w.write_record([
                names[r].clone(),
                names[m].clone(),
                python_float(f.probability),
                python_float(f.probability * population as f64),
                python_float(f.ln),
            ])
            .map_err(io::Error::other)?;
        }
    }
    w.flush()
}

/// Writes `stationary.csv`.
pub fn write_stationary(path: &Path, names: &[String], chain: &SmallMutation) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(STATIONARY_HEADER)
        .map_err(io::Error::other)?;
    for (i, name) in names.iter().enumerate() {
        w.write_record([
            name.clone(),
            python_float(chain.abundance[i]),
            python_float(chain.ln_abundance[i]),
        ])
        .map_err(io::Error::other)?;
    }
    w.flush()
}

/// Writes `alpharank.csv`: `rank,strategy,score`, best first.
pub fn write_alpharank(path: &Path, names: &[String], rank: &AlphaRank) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(["rank", "strategy", "score"])
        .map_err(io::Error::other)?;
    for (place, &i) in rank.ranking.iter().enumerate() {
        w.write_record([
            (place + 1).to_string(),
            names[i].clone(),
            python_float(rank.scores[i]),
        ])
        .map_err(io::Error::other)?;
    }
    w.flush()
}

/// A share for people: 4 decimals, or 3 significant digits below 10^-4,
/// or `e^ln` where it underflows f64.
pub fn share(value: f64, ln: f64) -> String {
    if value == 0.0 && ln.is_finite() {
        format!("e^{ln:.1}")
    } else if value != 0.0 && value < 1e-4 {
        format!("{value:.3e}")
    } else {
        format!("{value:.4}")
    }
}

/// Strategy indices from the most abundant down (ties by index).
pub fn ranked(chain: &SmallMutation) -> Vec<usize> {
    let mut order: Vec<usize> = (0..chain.ln_abundance.len()).collect();
    order.sort_by(|&a, &b| {
        chain.ln_abundance[b]
            .total_cmp(&chain.ln_abundance[a])
            .then(a.cmp(&b))
    });
    order
}

/// The ranked stationary distribution as a table: rank, strategy,
/// abundance, how many strategies it takes over from (ρ > 1/Z as a
/// mutant) and how many take over from it.
pub fn stationary_table(
    names: &[String],
    population: usize,
    rho: &[Vec<Fixation>],
    chain: &SmallMutation,
) -> String {
    let neutral = 1.0 / population as f64;
    let mut rows = vec![vec![
        "Rank".to_string(),
        "Strategy".to_string(),
        "Abundance".to_string(),
        "Invades".to_string(),
        "Invaded by".to_string(),
    ]];
    for (rank, &i) in ranked(chain).iter().enumerate() {
        let s = names.len();
        let invades = (0..s)
            .filter(|&r| r != i && rho[r][i].probability > neutral)
            .count();
        let invaded = (0..s)
            .filter(|&m| m != i && rho[i][m].probability > neutral)
            .count();
        let abundance = share(chain.abundance[i], chain.ln_abundance[i]);
        rows.push(vec![
            (rank + 1).to_string(),
            names[i].clone(),
            abundance,
            invades.to_string(),
            invaded.to_string(),
        ]);
    }
    crate::output::table::render(&rows, &[true, false, true, true, true])
}

/// Draws `stationary.png/.svg`: the abundances, most abundant first.
pub fn draw_stationary(
    stem: &Path,
    title: &str,
    names: &[String],
    chain: &SmallMutation,
) -> Result<(), ChartError> {
    let order = ranked(chain);
    let names: Vec<String> = order.iter().map(|&i| names[i].clone()).collect();
    let values: Vec<f64> = order.iter().map(|&i| chain.abundance[i]).collect();
    draw_bar_chart(
        stem,
        &BarChart {
            title,
            value_label: "Stationary abundance (rare mutations)",
            category_label: "Strategy",
            names: &names,
            values: &values,
        },
    )
}

/// Draws `fixation.png/.svg`: ρ(resident -> mutant) x Z, rows the mutant,
/// columns the resident (the diagonal empty).
pub fn draw_fixation(
    stem: &Path,
    title: &str,
    names: &[String],
    population: usize,
    rho: &[Vec<Fixation>],
) -> Result<(), ChartError> {
    let k = names.len();
    let mut values = vec![vec![f64::NAN; k]; k];
    for (r, row) in rho.iter().enumerate() {
        for (m, f) in row.iter().enumerate() {
            if m != r {
                values[m][r] = f.probability * population as f64;
            }
        }
    }
    draw_heat_map(
        stem,
        &HeatMap {
            title,
            row_label: "Mutant (one individual)",
            col_label: "Resident (Z - 1 individuals)",
            value_label: "Fixation probability x Z (1 = neutral)",
            row_names: names,
            col_names: names,
            values: &values,
        },
    )
}
