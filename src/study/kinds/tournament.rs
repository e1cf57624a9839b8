//! Kind `tournament`: a round robin, or the pairs of a graph. Units are matches (see
//! [`super::matches`]); the fold is axelrod's results and ResultSet extras,
//! with `matches.csv` and `interactions.csv` streamed as the matches come
//! (a merge appends the shards' `interactions.csv` parts instead: they are
//! the single run's bytes). Written: summary, payoff matrix, the ResultSet
//! CSVs, charts, `scenario.toml`, `run.json`.

use crate::ipd::Horizon;
use crate::ipd::result_set::ResultSetExtras;
use crate::ipd::results::TournamentResults;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::compression::Compression;
use crate::output::shard_files::{INTERACTIONS, Manifest, append_interactions};
use crate::output::table;
use crate::output::tournament_files::{
    InteractionsWriter, MatchesWriter, summary_records, write_payoff_matrix, write_summary,
};
use crate::output::width::{count, fit};
use crate::scenario::TournamentScenario;
use crate::study::folder::dependencies;
use crate::study::kinds::matches::{MatchUnit, Matches};
use crate::study::registry::Context;
use crate::study::{
    AppendError, Origin, Plan, Progress, Report, ResultsFolder, ShardFormat, ShardRead, Sink,
    Study, StudyError, Timing, UnitWriter,
};
use serde_json::json;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A tournament study.
pub struct Tournament<'a> {
    scenario: &'a TournamentScenario,
    context: Context,
    matches: Matches,
}

impl<'a> Tournament<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a TournamentScenario, context: Context) -> Self {
        Tournament {
            scenario,
            context,
            matches: Matches::new(vec![scenario.tournament()], false),
        }
    }

    fn names(&self) -> Vec<String> {
        self.scenario
            .players
            .iter()
            .map(|p| p.name.clone())
            .collect()
    }

    /// `matches.csv`, or `matches.csv.gz` with `[output] compress = "gzip"`.
    fn matches_file(&self) -> String {
        self.scenario.compress.file_name("matches.csv")
    }

    /// `interactions.csv`, with `.gz` when compressed.
    fn interactions_file(&self) -> String {
        self.scenario.compress.file_name(INTERACTIONS)
    }
}

/// The fold: results, extras and the files streamed as matches come.
pub struct Fold {
    results: TournamentResults,
    extras: ResultSetExtras,
    matches: Option<MatchesWriter>,
    interactions: Option<InteractionsWriter>,
    destination: PathBuf,
}

/// The folded results, their files closed.
pub struct Done {
    results: TournamentResults,
    extras: ResultSetExtras,
}

impl Study for Tournament<'_> {
    type Unit = MatchUnit;
    type Fold = Fold;
    type Done = Done;

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
            units: self.matches.total,
            noun: "matches",
            parts: false,
            shown: true,
        }
    }

    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, MatchUnit>,
    ) -> Result<(), StudyError> {
        let record = self.scenario.write_interactions;
        self.matches.play(ids, record, progress, sink)
    }

    fn begin(&self, folder: &ResultsFolder, origin: Origin) -> Result<Fold, StudyError> {
        let t = &self.matches.tournaments[0];
        let payoffs = self.scenario.settings.payoffs;
        let matches = if self.scenario.write_matches {
            let name = self.matches_file();
            let writer = MatchesWriter::create(
                &folder.file(&name),
                self.scenario.compress,
                self.names(),
                payoffs,
            )
            .map_err(|e| folder.write_error(&name, e))?;
            Some(writer)
        } else {
            None
        };
        let interactions = if self.scenario.write_interactions && origin == Origin::Played {
            let writer = InteractionsWriter::create(
                &folder.file(&self.interactions_file()),
                self.scenario.compress,
                self.names(),
                payoffs,
            )
            .map_err(|e| folder.write_error(&self.interactions_file(), e))?;
            Some(writer)
        } else {
            None
        };
        Ok(Fold {
            results: t.empty_results(),
            extras: ResultSetExtras::new(t.players.len(), t.repetitions),
            matches,
            interactions,
            destination: folder.destination().to_path_buf(),
        })
    }

    fn fold(
        &self,
        fold: &mut Fold,
        _: u64,
        unit: MatchUnit,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError> {
        let record = &unit.record;
        let t = &self.matches.tournaments[0];
        fold.extras.add(record, &self.scenario.settings.payoffs);
        // A repeatable pair's match is simulated once for every repetition.
        if !t.is_repeatable(record.first, record.second) || record.repetition == 0 {
            fold.results
                .add_simulated_turns(record.outcome.length as u64);
        }
        fold.results.add(record);
        if let Some(writer) = fold.matches.as_mut() {
            writer
                .write(record)
                .map_err(|e| folder.write_error(&self.matches_file(), e))?;
        }
        if let (Some(writer), Some(moves)) = (fold.interactions.as_mut(), &unit.moves) {
            writer
                .write(record, moves)
                .map_err(|e| folder.write_error(&self.interactions_file(), e))?;
        }
        Ok(())
    }

    fn finish(&self, fold: Fold) -> Result<Done, StudyError> {
        let closed = |name: &str, result: io::Result<()>| {
            result.map_err(|e| {
                crate::study::error::failed("cannot write", &fold.destination.join(name), e)
            })
        };
        if let Some(writer) = fold.matches {
            closed(&self.matches_file(), writer.finish())?;
        }
        if let Some(writer) = fold.interactions {
            closed(&self.interactions_file(), writer.finish())?;
        }
        let mut results = fold.results;
        results.count_self_play_in_scores(self.scenario.self_play_in_ranking);
        Ok(Done {
            results,
            extras: fold.extras,
        })
    }

    fn write(
        &self,
        done: Done,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let (results, extras) = (&done.results, &done.extras);
        let summary = results.summary();
        folder.write("summary.csv", |p| write_summary(p, &summary))?;
        folder.write("payoff_matrix.csv", |p| {
            write_payoff_matrix(p, &results.names, &results.payoff_matrix())
        })?;
        folder.write("scenario.toml", |p| {
            crate::output::tournament_files::write_text(p, &self.context.resolved)
        })?;
        let stats =
            crate::output::result_set_files::write_result_set_files(folder.path(), results, extras)
                .map_err(|(name, e)| folder.write_error(&name, e))?;
        if scenario.charts {
            // The two groups of charts are independent files: drawn at once.
            let continuation = match scenario.settings.horizon {
                Horizon::Random { continuation, .. } => Some(continuation),
                Horizon::Fixed { .. } => None,
            };
            let (extras_drawn, summary_drawn) = crate::output::charts::join(
                || {
                    crate::output::result_set_files::write_result_set_charts(
                        folder.path(),
                        results,
                        extras,
                        &stats,
                        continuation,
                    )
                },
                || {
                    crate::output::tournament_charts::write_tournament_charts(
                        folder.path(),
                        results,
                    )
                },
            );
            extras_drawn
                .and(summary_drawn)
                .map_err(|e| folder.chart_failed(e))?;
        }
        let simulated = timing.computed.as_secs_f64();
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": "tournament",
            "seed": scenario.seed,
            "threads": rayon::current_num_threads(),
            "players": results.player_count(),
            "repetitions": results.repetitions,
            "matches": results.total_matches(),
            "turns": results.total_turns(),
            "turns_simulated": results.simulated_turns(),
            "note": "turns counts every match of every repetition; turns_simulated counts a deterministic match reused across repetitions once",
            "simulation_seconds": simulated,
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "simulated_turns_per_second": if simulated > 0.0 { results.simulated_turns() as f64 / simulated } else { 0.0 },
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        Ok(Report {
            name: scenario.name.clone(),
            summary_key: "summary",
            summary: summary_json(&summary),
            run,
            text: summary_text(scenario, results, simulated),
            // The page leaves out the terminal's timing: it holds the table.
            page: Some(String::new()),
        })
    }

    fn shard_format(&self) -> Option<ShardFormat> {
        Some(ShardFormat {
            kind: "tournament",
            data: crate::output::shard_files::OUTCOMES,
            unit_key: "matches",
            ids_key: "match_ids",
            unit_words: "matches",
        })
    }

    fn shard_writer<'b>(
        &'b self,
        dir: &Path,
        ids: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<MatchUnit> + Send + 'b>, (&'static str, io::Error)> {
        let interactions = self
            .scenario
            .write_interactions
            .then(|| (self.names(), self.scenario.settings.payoffs));
        Ok(Box::new(self.matches.shard_writer(
            dir,
            ids,
            interactions,
        )?))
    }

    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, MatchUnit>,
    ) -> Result<(), ShardRead> {
        self.matches.read_shard(dir, ids, each)
    }

    fn same_unit(&self, replayed: &MatchUnit, kept: &MatchUnit) -> Option<bool> {
        Some(replayed.same_as(kept))
    }

    fn check_manifest(&self, manifest: &Manifest) -> Result<(), (&'static str, String)> {
        if self.scenario.write_interactions && !manifest.files.contains_key(INTERACTIONS) {
            return Err((
                INTERACTIONS,
                format!(
                    "the scenario asks for {INTERACTIONS} ([output] interactions = true) and the shard has none in its {}",
                    crate::output::shard_files::MANIFEST
                ),
            ));
        }
        Ok(())
    }

    fn appended_files(&self) -> Vec<&'static str> {
        if self.scenario.write_interactions {
            vec![INTERACTIONS]
        } else {
            Vec::new()
        }
    }

    fn compression(&self) -> Compression {
        self.scenario.compress
    }

    fn append_part(
        &self,
        _: &str,
        part: &Path,
        out: &mut dyn io::Write,
        first: bool,
        ids: Range<u64>,
    ) -> Result<(), AppendError> {
        append_interactions(part, out, first, ids)
    }
}

/// The summary rows as JSON objects keyed by summary.csv's header.
fn summary_json(summary: &[crate::ipd::results::SummaryRow]) -> serde_json::Value {
    let rows = summary_records(summary);
    let header = &rows[0];
    let objects: Vec<serde_json::Value> = rows[1..]
        .iter()
        .map(|row| {
            let map: serde_json::Map<String, serde_json::Value> = header
                .iter()
                .zip(row)
                .map(|(k, v)| (k.clone(), json_cell(v)))
                .collect();
            serde_json::Value::Object(map)
        })
        .collect();
    serde_json::Value::Array(objects)
}

fn json_cell(cell: &str) -> serde_json::Value {
    if let Ok(n) = cell.parse::<i64>() {
        return json!(n);
    }
    match cell.parse::<f64>() {
        Ok(x) if x.is_finite() => json!(x),
        _ => json!(cell),
    }
}

/// The terminal report: a headline with the time, then the ranking.
fn summary_text(
    scenario: &TournamentScenario,
    results: &TournamentResults,
    seconds: f64,
) -> String {
    let summary = results.summary();
    let mut rows = vec![
        [
            "rank",
            "strategy",
            "median score",
            "cooperation",
            "wins",
            "CC",
            "DD",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for row in &summary {
        let share = |r: Option<f64>| format!("{:.3}", r.unwrap_or(0.0));
        rows.push(vec![
            (row.rank + 1).to_string(),
            row.name.clone(),
            format!("{:.4}", row.median_score),
            format!("{:.3}", row.cooperation_rating),
            python_float(row.wins),
            share(row.state_rates[0]),
            share(row.state_rates[3]),
        ]);
    }
    let players = count(results.player_count(), "player", "players");
    let players = match &scenario.pairings {
        crate::ipd::Pairings::RoundRobin => players,
        edges => format!(
            "{players} on {}",
            count(edges.count(results.player_count()), "edge", "edges")
        ),
    };
    let headline = format!(
        "{}: {}, {}, {}, {} in {:.3} s\n",
        scenario.name,
        players,
        count(results.repetitions, "repetition", "repetitions"),
        count(results.total_matches(), "match", "matches"),
        count(results.total_turns(), "turn", "turns"),
        seconds
    );
    fit(&headline) + &table::render(&rows, &[true, false, true, true, true, true, true])
}
