//! Kind `fingerprint`: axelrod's Ashlock or transitive fingerprint of each
//! strategy of the scenario (one, or an atlas), exact or simulated
//! (`exact/fingerprint.rs`), as a study of units that shards and merges.
//!
//! Units are the rows of every strategy's grid: unit `id` is row `id % rows`
//! of strategy `id / rows` (Ashlock: the x of the row, every y; transitive:
//! one opponent Random(p), every turn). Rows of one strategy are equal work,
//! so a contiguous block of ids (a shard) is an even share of points: one
//! strategy at step 0.01 splits into 101 units, an atlas of 79 at step 0.05
//! into 79 x 21, where units of whole strategies would leave a single
//! fingerprint unsplit and an atlas split by its strategies' unequal sizes.
//! A simulated row draws as it would inside its strategy's whole grid (each
//! match's generator keyed by (seed + strategy, point in the grid,
//! repetition)), so values depend on the unit alone, never on the split. In
//! a shard the units are the lines of `fingerprint_rows.csv`.
//!
//! Written (`output/fingerprint_files.rs`): `fingerprint.csv` (Ashlock:
//! `x,y,score`; transitive: `opponent,turn,cooperation`; an atlas adds a
//! first column `strategy`) and the heat map `fingerprint`; an atlas (more
//! than one strategy) writes each strategy into its folder `<n>-<slug>/`
//! (its `fingerprint.csv` and heat map) and the contact sheet
//! `contact_sheet` of them all at the top; `scenario.toml`, `run.json`.

use crate::exact::fingerprint::{
    Draws, ashlock_exact, ashlock_simulated_block, points, transitive_exact,
    transitive_simulated_block,
};
use crate::exact::machine::Machine;
use crate::ipd::strategies::Player;
use crate::output::charts::{ChartError, ChartJob, par_draw};
use crate::output::fingerprint_files::{
    FINGERPRINT_ROWS, FingerprintChart, FingerprintRow, Layout, draw_sheet, read_rows, write_rows,
    write_values,
};
use crate::output::table;
use crate::scenario::fingerprint::{Fingerprint, FingerprintMethod, FingerprintScenario};
use crate::study::folder::dependencies;
use crate::study::registry::Context;
use crate::study::shard::{RowsAtEnd, read_rows as read_unit_rows};
use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink, Study, StudyError,
    Timing, UnitWriter,
};
use rayon::prelude::*;
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::Path;

/// Units played at once (in parallel, handed on in id order).
const BATCH: usize = 16;

/// A fingerprint study.
pub struct FingerprintStudy<'a> {
    scenario: &'a FingerprintScenario,
    context: Context,
    layout: Layout,
    /// Exact: every strategy's machine, then the probe's (Ashlock) or the
    /// opponents' (transitive).
    machines: Option<&'a (Vec<Machine>, Vec<Machine>)>,
    /// Ashlock: the grid (x outer, y inner).
    grid: Vec<(f64, f64)>,
    /// Transitive, simulated: the opponents.
    opponents: Vec<Player>,
}

impl<'a> FingerprintStudy<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a FingerprintScenario, context: Context) -> Self {
        let (grid, opponents) = match &scenario.fingerprint {
            Fingerprint::Ashlock { step, .. } => (points(*step), Vec::new()),
            Fingerprint::Transitive { opponents } => {
                let simulated = scenario.method == FingerprintMethod::Simulate;
                let players = if simulated {
                    scenario.opponents(*opponents)
                } else {
                    Vec::new()
                };
                (Vec::new(), players)
            }
        };
        FingerprintStudy {
            scenario,
            context,
            layout: scenario.layout(),
            machines: scenario.machines(),
            grid,
            opponents,
        }
    }

    /// The values of unit `id`: row `id % rows` of strategy `id / rows`.
    fn row(&self, id: u64) -> Result<FingerprintRow, StudyError> {
        let s = self.scenario;
        let rows = self.layout.rows();
        let (k, i) = ((id / rows as u64) as usize, (id % rows as u64) as usize);
        let draws = |first: usize| Draws {
            seed: s.seed.wrapping_add(k as u64),
            first,
        };
        let values = match (&s.fingerprint, self.machines, s.method) {
            (_, None, FingerprintMethod::Exact) => {
                return Err(StudyError::Input(format!(
                    "{}: a player is not finite-state; use method = \"simulate\"",
                    s.name
                )));
            }
            (Fingerprint::Ashlock { .. }, Some((ms, probe)), _) => {
                let n = self.layout.row_len();
                let block = &self.grid[i * n..(i + 1) * n];
                ashlock_exact(&ms[k], &probe[0], block, s.turns, s.payoffs)
            }
            (Fingerprint::Ashlock { probe, .. }, None, _) => {
                let n = self.layout.row_len();
                let block = &self.grid[i * n..(i + 1) * n];
                let (turns, reps) = (s.turns, s.repetitions);
                let strategy = &s.strategies[k];
                ashlock_simulated_block(
                    strategy,
                    probe,
                    block,
                    turns,
                    reps,
                    s.payoffs,
                    draws(i * n),
                )
            }
            (Fingerprint::Transitive { .. }, Some((ms, opponents)), _) => {
                transitive_exact(&ms[k], &opponents[i..=i], s.turns).remove(0)
            }
            (Fingerprint::Transitive { .. }, None, _) => transitive_simulated_block(
                &s.strategies[k],
                &self.opponents[i..=i],
                s.turns,
                s.repetitions,
                s.payoffs,
                draws(i),
            )
            .remove(0),
        };
        Ok(FingerprintRow {
            strategy: k,
            row: i,
            values,
        })
    }

    fn names(&self) -> Vec<String> {
        self.scenario
            .strategies
            .iter()
            .map(|p| p.name.clone())
            .collect()
    }
}

/// Per strategy: its rows (Ashlock: a row per x, a value per y; transitive:
/// a row per opponent, a value per turn).
pub struct Prints {
    values: Vec<Vec<Vec<f64>>>,
}

impl Study for FingerprintStudy<'_> {
    type Unit = FingerprintRow;
    type Fold = Prints;
    type Done = Prints;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: (self.scenario.strategies.len() * self.layout.rows()) as u64,
            noun: "rows",
            parts: false,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, FingerprintRow>,
    ) -> Result<(), StudyError> {
        let ids: Vec<u64> = ids.collect();
        let mut done = 0;
        for batch in ids.chunks(BATCH) {
            let rows: Vec<Result<FingerprintRow, StudyError>> =
                batch.par_iter().map(|&id| self.row(id)).collect();
            for (&id, row) in batch.iter().zip(rows) {
                sink(id, row?)?;
            }
            done += batch.len() as u64;
            progress.set(done);
        }
        Ok(())
    }

    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Prints, StudyError> {
        let rows = self.layout.rows();
        Ok(Prints {
            values: vec![Vec::with_capacity(rows); self.scenario.strategies.len()],
        })
    }

    fn fold(
        &self,
        fold: &mut Prints,
        id: u64,
        unit: FingerprintRow,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let rows = self.layout.rows() as u64;
        match fold.values.get_mut(unit.strategy) {
            Some(strategy) if id / rows == unit.strategy as u64 && strategy.len() == unit.row => {
                strategy.push(unit.values);
                Ok(())
            }
            _ => Err(StudyError::Failed(format!(
                "{}: row {} of strategy {} arrived as unit {id}",
                self.scenario.name, unit.row, unit.strategy
            ))),
        }
    }

    fn finish(&self, fold: Prints) -> Result<Prints, StudyError> {
        Ok(fold)
    }

    fn write(
        &self,
        done: Prints,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let s = self.scenario;
        let names = self.names();
        let atlas = names.len() > 1;
        let layout = self.layout;
        let describe = s.describe();
        let all: Vec<&[Vec<f64>]> = done.values.iter().map(Vec::as_slice).collect();
        folder.write("fingerprint.csv", |path| {
            write_values(path, layout, atlas.then_some(&names[..]), &all)
        })?;
        let dirs: Vec<String> = if atlas {
            let width = names.len().to_string().len().max(3);
            names
                .iter()
                .enumerate()
                .map(|(k, name)| format!("{:0width$}-{}", k + 1, slug(name)))
                .collect()
        } else {
            Vec::new()
        };
        for (dir, values) in dirs.iter().zip(&all) {
            folder.create_dir(dir)?;
            let file = format!("{dir}/fingerprint.csv");
            folder.write(&file, |path| write_values(path, layout, None, &[values]))?;
        }
        folder.text("scenario.toml", &self.context.resolved)?;
        let stems: Vec<String> = if atlas {
            dirs.iter().map(|d| format!("{d}/fingerprint")).collect()
        } else {
            vec!["fingerprint".into()]
        };
        if s.charts {
            let describe = &describe;
            let mut jobs: Vec<ChartJob<'_, ChartError>> = names
                .iter()
                .zip(&all)
                .zip(&stems)
                .map(|((name, values), stem)| {
                    let path = folder.file(stem);
                    Box::new(move || {
                        FingerprintChart::new(layout, describe, name, values).draw(&path)
                    }) as ChartJob<'_, ChartError>
                })
                .collect();
            if atlas {
                let (path, names, all) = (folder.file("contact_sheet"), &names, &all);
                jobs.push(Box::new(move || {
                    draw_sheet(&path, layout, describe, names, all)
                }));
            }
            par_draw(jobs).map_err(|e| folder.chart_failed(e))?;
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
        let method = describe.method;
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": s.name,
            "kind": "fingerprint",
            "fingerprint": kind,
            "method": method,
            "seed": s.seed,
            "threads": rayon::current_num_threads(),
            "strategies": names.len(),
            "rows": done.values.iter().map(Vec::len).sum::<usize>(),
            "turns": s.turns,
            "repetitions": s.repetitions,
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        let head = format!(
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
        let table_of = |shown: usize| {
            let mut rows = vec![vec![
                "strategy".to_string(),
                format!("mean {value}"),
                "min".into(),
                "max".into(),
            ]];
            for row in summary.iter().take(shown) {
                rows.push(vec![
                    crate::output::width::elide(row["strategy"].as_str().unwrap_or(""), 36),
                    format!("{:.4}", row["mean"].as_f64().unwrap_or(f64::NAN)),
                    format!("{:.4}", row["min"].as_f64().unwrap_or(f64::NAN)),
                    format!("{:.4}", row["max"].as_f64().unwrap_or(f64::NAN)),
                ]);
            }
            table::render(&rows, &[false, true, true, true])
        };
        let mut text = head.clone() + &table_of(40);
        if summary.len() > 40 {
            text += &format!("... {} more in fingerprint.csv\n", summary.len() - 40);
        }
        if atlas {
            text += &format!(
                "Each strategy in its folder ({} ... {}); all on contact_sheet\n",
                dirs[0],
                dirs[dirs.len() - 1]
            );
        }
        let page = atlas.then(|| {
            let mut page = head + &table_of(summary.len());
            if s.charts {
                let ext = if s.chart_style.format.png() {
                    "png"
                } else {
                    "svg"
                };
                page += "\nCharts:\n";
                page += &format!("  contact_sheet.{ext}   every strategy, one colour scale\n");
                for (stem, name) in stems.iter().zip(&names) {
                    page += &format!("  {stem}.{ext}   {name}\n");
                }
            }
            page
        });
        Ok(Report {
            name: s.name.clone(),
            summary_key: "summary",
            summary: serde_json::Value::Array(summary),
            run,
            text,
            page,
        })
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "fingerprint",
            data: FINGERPRINT_ROWS,
            unit_key: "rows",
            ids_key: "row_ids",
            unit_words: "rows of fingerprint grids",
        })
    }

    fn shard_writer<'b>(
        &'b self,
        dir: &Path,
        _: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<FingerprintRow> + Send + 'b>, (&'static str, io::Error)> {
        let row = |id: u64, unit: &FingerprintRow| (id, unit.clone());
        Ok(Box::new(RowsAtEnd::new(
            dir,
            FINGERPRINT_ROWS,
            row,
            write_rows,
        )))
    }

    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, FingerprintRow>,
    ) -> Result<(), ShardRead> {
        let path = dir.join(FINGERPRINT_ROWS);
        let row_len = self.layout.row_len();
        let read = |row: &mut dyn FnMut((u64, FingerprintRow)) -> Result<(), String>| {
            read_rows(&path, row_len, |id, values| row((id, values)))
        };
        let rows = self.layout.rows() as u64;
        let count = self.scenario.strategies.len();
        let unit = |id: u64, (row_id, values): (u64, FingerprintRow)| {
            let want = ((id / rows) as usize, (id % rows) as usize);
            if row_id != id || (values.strategy, values.row) != want || want.0 >= count {
                return Err(format!(
                    "unit {row_id} (strategy {}, row {}) where unit {id} belongs",
                    values.strategy, values.row
                ));
            }
            Ok(values)
        };
        read_unit_rows(FINGERPRINT_ROWS, ids, "rows", read, unit, each)
    }

    fn same_unit(&self, replayed: &FingerprintRow, kept: &FingerprintRow) -> Option<bool> {
        Some(replayed.same(kept))
    }
}

/// A file-name-safe form of a strategy name: lower-case letters and digits,
/// runs of anything else one `-`, at most 40 characters.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out: String = out.trim_matches('-').chars().take(40).collect();
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "strategy".into()
    } else {
        out.into()
    }
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_are_safe_file_names() {
        assert_eq!(slug("Tit For Tat"), "tit-for-tat");
        assert_eq!(
            slug("First by Tideman and Chieruzzi: (D, D)"),
            "first-by-tideman-and-chieruzzi-d-d"
        );
        assert_eq!(slug("$\\pi$"), "pi");
        assert_eq!(slug("…"), "strategy");
        assert!(slug(&"Very Long Name ".repeat(10)).len() <= 40);
        assert!(!slug(&"ab ".repeat(20)).ends_with('-'));
    }
}
