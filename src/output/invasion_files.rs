//! The files and report of an invasion analysis (`study::kinds::invasion`):
//! `fixation.csv` (one row per ordered pair: `resident,mutant,probability`,
//! then `relative_to_neutral` = ρ Z and `ln_probability`, exact where ρ
//! underflows), `stationary.csv` (`strategy,abundance,ln_abundance`, in the
//! table's order), `alpharank.csv` (`rank,strategy,score`, when asked)
//! and the ranked table of the report. Floats as Python's
//! `repr` shows them (`python_float`), `-inf` for ln 0. Charts:
//! `stationary` (bars of the abundances, ranked) and `fixation` (a heat
//! map of ρ Z, mutant by resident: above 1 the mutant is favoured),
//! `invasion_diagram` (who invades whom, up to a dozen strategies),
//! `abundance_curve` (the stationary abundances against the intensity of
//! selection, logarithmic axis; data in `abundance_curve.csv`:
//! `beta,strategy,abundance,ln_abundance`, `w` for Moran) and `gradient`
//! (T+(k) - T-(k) of each pair against the mutants' share; data in
//! `gradient.csv`: `mutant,resident,k,share,gradient`).

use crate::evolution::invasion::{AlphaRank, Fixation, SmallMutation};
use crate::ipd::strategies::catalogue::python_float;
use crate::output::charts::{
    BarChart, ChartError, HeatMap, InvasionDiagram, LabelledLines, LineChart, Series,
    draw_bar_chart, draw_heat_map, draw_invasion_diagram, draw_labelled_lines, draw_line_chart,
};
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

/// Writes `abundance_curve.csv`: one row per intensity and strategy;
/// `intensity` names the first column (`beta` or `w`).
pub fn write_curve(
    path: &Path,
    intensity: &str,
    names: &[String],
    intensities: &[f64],
    chains: &[SmallMutation],
) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record([intensity, "strategy", "abundance", "ln_abundance"])
        .map_err(io::Error::other)?;
    for (value, chain) in intensities.iter().zip(chains) {
        for (i, name) in names.iter().enumerate() {
            w.write_record([
                python_float(*value),
                name.clone(),
                python_float(chain.abundance[i]),
                python_float(chain.ln_abundance[i]),
            ])
            .map_err(io::Error::other)?;
        }
    }
    w.flush()
}

/// One pair's gradient of selection: `(mutant, resident, G(k) for k = 0..=Z)`.
pub type Gradient = (usize, usize, Vec<f64>);

/// Writes `gradient.csv`: `mutant,resident,k,share,gradient`, k = 0..=Z.
pub fn write_gradient(path: &Path, names: &[String], gradients: &[Gradient]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(["mutant", "resident", "k", "share", "gradient"])
        .map_err(io::Error::other)?;
    for (mutant, resident, values) in gradients {
        let z = values.len().saturating_sub(1).max(1);
        for (k, g) in values.iter().enumerate() {
            w.write_record([
                names[*mutant].clone(),
                names[*resident].clone(),
                k.to_string(),
                python_float(k as f64 / z as f64),
                python_float(*g),
            ])
            .map_err(io::Error::other)?;
        }
    }
    w.flush()
}

/// The arrows of the invasion diagram: `(resident, mutant, ρZ)` for every
/// ordered pair with ρZ > 1.
pub fn invasions(population: usize, rho: &[Vec<Fixation>]) -> Vec<(usize, usize, f64)> {
    let mut arrows = Vec::new();
    for (r, row) in rho.iter().enumerate() {
        for (m, f) in row.iter().enumerate() {
            // ln ρZ > 0, so that ρ underflowing to 0 never draws an arrow.
            if m != r && f.ln + (population as f64).ln() > 1e-12 {
                arrows.push((r, m, (f.ln + (population as f64).ln()).exp()));
            }
        }
    }
    arrows
}

/// Draws `invasion_diagram.png/.svg`.
pub fn draw_diagram(
    stem: &Path,
    title: &str,
    names: &[String],
    population: usize,
    rho: &[Vec<Fixation>],
    chain: &SmallMutation,
) -> Result<(), ChartError> {
    draw_invasion_diagram(
        stem,
        &InvasionDiagram {
            title,
            names,
            abundance: &chain.abundance,
            arrows: &invasions(population, rho),
            population,
        },
    )
}

/// Draws `abundance_curve.png/.svg`: each strategy's abundance against the
/// intensity (logarithmic axis), labelled at the right end.
pub fn draw_curve(
    stem: &Path,
    title: &str,
    intensity_label: &str,
    names: &[String],
    intensities: &[f64],
    chains: &[SmallMutation],
) -> Result<(), ChartError> {
    let lines: Vec<Vec<(f64, f64)>> = (0..names.len())
        .map(|i| {
            intensities
                .iter()
                .zip(chains)
                .map(|(&x, c)| (x, c.abundance[i]))
                .collect()
        })
        .collect();
    draw_labelled_lines(
        stem,
        &LabelledLines {
            title,
            x_label: intensity_label,
            y_label: "Stationary abundance (rare mutations)",
            series: names
                .iter()
                .zip(&lines)
                .map(|(name, points)| Series {
                    name: name.clone(),
                    points,
                })
                .collect(),
            y_downwards: false,
            x_log: true,
        },
    )
}

/// Draws `gradient.png/.svg`: G against the mutants' share k/Z, one line
/// per pair (named "mutant in resident").
pub fn draw_gradient(
    stem: &Path,
    title: &str,
    names: &[String],
    gradients: &[Gradient],
) -> Result<(), ChartError> {
    let lines: Vec<Vec<(f64, f64)>> = gradients
        .iter()
        .map(|(_, _, values)| {
            let z = values.len().saturating_sub(1).max(1) as f64;
            values
                .iter()
                .enumerate()
                .map(|(k, &g)| (k as f64 / z, g))
                .collect()
        })
        .collect();
    draw_line_chart(
        stem,
        &LineChart {
            title,
            x_label: "Share of the mutant, k / Z",
            y_label: "Gradient of selection T+(k) - T-(k)",
            series: gradients
                .iter()
                .zip(&lines)
                .map(|((m, r, _), points)| Series {
                    name: format!("{} in {}", names[*m], names[*r]),
                    points,
                })
                .collect(),
            steps: false,
            y_from_zero: false,
        },
    )
}
