//! Kind `fingerprint`: axelrod's Ashlock or transitive fingerprint of each
//! strategy of the scenario (one, or an atlas), exact or simulated
//! (`exact/fingerprint.rs`). Written: `fingerprint.csv` (Ashlock: `x,y,score`;
//! transitive: `opponent,turn,cooperation`; with several strategies a
//! first column `strategy`), one heat map per strategy (`fingerprint`, or
//! `fingerprint-<n>-<name>` in an atlas), `scenario.toml`, `run.json`. One
//! computation (`Whole`): no shards yet.

use crate::exact::fingerprint::{
    ashlock_exact, ashlock_simulated, linspace, points, transitive_exact, transitive_simulated,
};
use crate::output::charts::{HeatMap, draw_heat_map};
use crate::output::table;
use crate::scenario::fingerprint::{Fingerprint, FingerprintMethod, FingerprintScenario};
use crate::study::folder::dependencies;
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;
use std::io::Write;

/// A fingerprint study.
pub struct FingerprintStudy<'a> {
    scenario: &'a FingerprintScenario,
    context: Context,
}

impl<'a> FingerprintStudy<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a FingerprintScenario, context: Context) -> Self {
        FingerprintStudy { scenario, context }
    }
}

/// Per strategy: its values (Ashlock: one per point; transitive: one row
/// per opponent, one value per turn).
pub struct Prints {
    values: Vec<Vec<Vec<f64>>>,
}

impl Analysis for FingerprintStudy<'_> {
    type Result = Prints;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, progress: &dyn Progress) -> Result<Prints, StudyError> {
        let s = self.scenario;
        let machines = s.machines();
        if s.method == FingerprintMethod::Exact && machines.is_none() {
            return Err(StudyError::Input(format!(
                "{}: a player is not finite-state; use method = \"simulate\"",
                s.name
            )));
        }
        progress.start(s.strategies.len() as u64, "strategies", &s.name, false);
        let mut values = Vec::with_capacity(s.strategies.len());
        for (k, strategy) in s.strategies.iter().enumerate() {
            let seed = s.seed.wrapping_add(k as u64);
            let one = match (&s.fingerprint, &machines) {
                (Fingerprint::Ashlock { step, .. }, Some((ms, probe))) => {
                    vec![ashlock_exact(
                        &ms[k],
                        &probe[0],
                        &points(*step),
                        s.turns,
                        s.payoffs,
                    )]
                }
                (Fingerprint::Ashlock { step, probe }, None) => vec![ashlock_simulated(
                    strategy,
                    probe,
                    &points(*step),
                    s.turns,
                    s.repetitions,
                    s.payoffs,
                    seed,
                )],
                (Fingerprint::Transitive { .. }, Some((ms, opponents))) => {
                    transitive_exact(&ms[k], opponents, s.turns)
                }
                (Fingerprint::Transitive { opponents }, None) => transitive_simulated(
                    strategy,
                    &s.opponents(*opponents),
                    s.turns,
                    s.repetitions,
                    s.payoffs,
                    seed,
                ),
            };
            values.push(one);
            progress.set(k as u64 + 1);
        }
        progress.finish();
        Ok(Prints { values })
    }

    fn write(
        &self,
        done: Prints,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let s = self.scenario;
        let names: Vec<String> = s.strategies.iter().map(|p| p.name.clone()).collect();
        let atlas = names.len() > 1;
        let method = match s.method {
            FingerprintMethod::Exact => "exact",
            FingerprintMethod::Simulate => "simulated",
        };
        folder.write("fingerprint.csv", |path| {
            let mut out = std::io::BufWriter::new(std::fs::File::create(path)?);
            let first = if atlas { "strategy," } else { "" };
            let quote = |n: &str| {
                if n.contains([',', '"']) {
                    format!("\"{}\",", n.replace('"', "\"\""))
                } else {
                    format!("{n},")
                }
            };
            match &s.fingerprint {
                Fingerprint::Ashlock { step, .. } => {
                    writeln!(out, "{first}x,y,score")?;
                    let grid = points(*step);
                    for (name, v) in names.iter().zip(&done.values) {
                        let lead = if atlas { quote(name) } else { String::new() };
                        for ((x, y), score) in grid.iter().zip(&v[0]) {
                            writeln!(out, "{lead}{x},{y},{score}")?;
                        }
                    }
                }
                Fingerprint::Transitive { opponents } => {
                    writeln!(out, "{first}opponent,turn,cooperation")?;
                    let ps = linspace(*opponents as usize);
                    for (name, v) in names.iter().zip(&done.values) {
                        let lead = if atlas { quote(name) } else { String::new() };
                        for (p, row) in ps.iter().zip(v) {
                            for (t, c) in row.iter().enumerate() {
                                writeln!(out, "{lead}{p},{},{c}", t + 1)?;
                            }
                        }
                    }
                }
            }
            out.flush()
        })?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if s.charts {
            let jobs: Vec<crate::output::charts::ChartJob<'_, _>> = names
                .iter()
                .zip(&done.values)
                .enumerate()
                .map(|(k, (name, v))| {
                    let stem = if atlas {
                        folder.file(&format!("fingerprint-{:03}-{}", k + 1, slug(name)))
                    } else {
                        folder.file("fingerprint")
                    };
                    let chart = self.chart(name, v, method);
                    Box::new(move || {
                        let (title, rows, cols, values, row_label, col_label, value_label) = chart;
                        draw_heat_map(
                            &stem,
                            &HeatMap {
                                title: &title,
                                row_label,
                                col_label,
                                value_label,
                                row_names: &rows,
                                col_names: &cols,
                                values: &values,
                            },
                        )
                    }) as crate::output::charts::ChartJob<'_, _>
                })
                .collect();
            crate::output::charts::par_draw(jobs).map_err(|e| folder.chart_failed(e))?;
        }
        let summary: Vec<serde_json::Value> = names
            .iter()
            .zip(&done.values)
            .map(|(name, v)| {
                let all: Vec<f64> = v.iter().flatten().copied().collect();
                let mean = all.iter().sum::<f64>() / all.len().max(1) as f64;
                let min = all.iter().copied().fold(f64::INFINITY, f64::min);
                let max = all.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                json!({"strategy": name, "mean": mean, "min": min, "max": max})
            })
            .collect();
        let kind = match s.fingerprint {
            Fingerprint::Ashlock { .. } => "ashlock",
            Fingerprint::Transitive { .. } => "transitive",
        };
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": s.name,
            "kind": "fingerprint",
            "fingerprint": kind,
            "method": method,
            "seed": s.seed,
            "threads": rayon::current_num_threads(),
            "strategies": names.len(),
            "turns": s.turns,
            "repetitions": s.repetitions,
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        let mut text = format!(
            "{}: {kind} fingerprint ({method}), {} strateg{}, {} turns{}\n",
            s.name,
            names.len(),
            if names.len() == 1 { "y" } else { "ies" },
            s.turns,
            if s.method == FingerprintMethod::Simulate {
                format!(", {} repetitions", s.repetitions)
            } else {
                String::new()
            }
        );
        let value = if kind == "ashlock" {
            "score"
        } else {
            "cooperation"
        };
        let mut rows = vec![vec![
            "strategy".to_string(),
            format!("mean {value}"),
            "min".into(),
            "max".into(),
        ]];
        for row in summary.iter().take(40) {
            rows.push(vec![
                crate::output::width::elide(row["strategy"].as_str().unwrap_or(""), 36),
                format!("{:.4}", row["mean"].as_f64().unwrap_or(f64::NAN)),
                format!("{:.4}", row["min"].as_f64().unwrap_or(f64::NAN)),
                format!("{:.4}", row["max"].as_f64().unwrap_or(f64::NAN)),
            ]);
        }
        text += &table::render(&rows, &[false, true, true, true]);
        if summary.len() > 40 {
            text += &format!("... {} more in fingerprint.csv\n", summary.len() - 40);
        }
        Ok(Report {
            name: s.name.clone(),
            summary_key: "summary",
            summary: serde_json::Value::Array(summary),
            run,
            text,
            page: None,
        })
    }
}

type Chart = (
    String,
    Vec<String>,
    Vec<String>,
    Vec<Vec<f64>>,
    &'static str,
    &'static str,
    &'static str,
);

impl FingerprintStudy<'_> {
    /// The heat map of one strategy, oriented as axelrod's `plot`: Ashlock
    /// with x across and y up (rows from y = 1 down), transitive with turns
    /// across and the opponents' p down (p = 0 on top).
    fn chart(&self, name: &str, values: &[Vec<f64>], method: &str) -> Chart {
        let s = self.scenario;
        let label = |v: f64, k: usize, n: usize| {
            // Ticks at the points nearest to tenths of the axis.
            let tick = (0..=10).any(|j| ((j * (n - 1)) as f64 / 10.0).round() as usize == k);
            if n <= 11 || tick {
                format!("{}", (v * 1000.0).round() / 1000.0)
            } else {
                String::new()
            }
        };
        match &s.fingerprint {
            Fingerprint::Ashlock { step, probe } => {
                let n = (1.0 / step).floor() as usize + 1;
                let axis = linspace(n);
                let names: Vec<String> = axis
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| label(v, k, n))
                    .collect();
                // values[0][x * n + y]; row r is y = axis[n - 1 - r].
                let grid: Vec<Vec<f64>> = (0..n)
                    .map(|r| (0..n).map(|c| values[0][c * n + (n - 1 - r)]).collect())
                    .collect();
                let rows: Vec<String> = names.iter().rev().cloned().collect();
                (
                    format!(
                        "Ashlock fingerprint of {name} (probe {}, {} turns, {method})",
                        probe.name, s.turns
                    ),
                    rows,
                    names,
                    grid,
                    "y: probe defects with this probability",
                    "x: probe cooperates with this probability",
                    "Mean score per turn",
                )
            }
            Fingerprint::Transitive { opponents } => {
                let n = *opponents as usize;
                let ps = linspace(n);
                // As axelrod draws it: p = 0 (the opponent that always
                // defects) in the top row.
                let rows: Vec<String> = ps
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| label(p, k, n))
                    .collect();
                let turns = s.turns as usize;
                let cols: Vec<String> = (1..=turns)
                    .map(|t| {
                        if turns <= 20 || t == 1 || t % 10 == 0 {
                            t.to_string()
                        } else {
                            String::new()
                        }
                    })
                    .collect();
                let grid: Vec<Vec<f64>> = values.to_vec();
                (
                    format!(
                        "Transitive fingerprint of {name} ({} turns, {method})",
                        s.turns
                    ),
                    rows,
                    cols,
                    grid,
                    "Opponent: Random(p)",
                    "Turn",
                    "Cooperation rate",
                )
            }
        }
    }
}

/// A file-name-safe form of a strategy name.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').chars().take(40).collect()
}
