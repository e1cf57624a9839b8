//! Kind `ecological`: a tournament, then replicator dynamics on its
//! payoff matrix (axelrod's Ecosystem, or continuous time). With `[match]
//! method = "exact"` the matrix is every pair's expected score per turn
//! (`exact::matrix`), nothing played. Written:
//! `payoff_matrix.csv`, `shares.csv`, the shares chart, `scenario.toml`,
//! `run.json`.

use crate::evolution::replicator::{ReplicatorDynamics, ReplicatorKind};
use crate::output::evolution_files as files;
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::EcologicalScenario;
use crate::scenario::tournament::Method;
use crate::study::folder::dependencies;
use crate::study::kinds::exact_pairs::expected_matrix;
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;

/// An ecological study.
pub struct Ecological<'a> {
    scenario: &'a EcologicalScenario,
    context: Context,
}

impl<'a> Ecological<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a EcologicalScenario, context: Context) -> Self {
        Ecological { scenario, context }
    }
}

/// The payoff matrix, the dynamics and its shares step by step.
pub struct Dynamics {
    names: Vec<String>,
    matrix: Vec<Vec<f64>>,
    dynamics: ReplicatorDynamics,
    shares: Vec<Vec<f64>>,
}

impl Analysis for Ecological<'_> {
    type Result = Dynamics;

    fn name(&self) -> &str {
        &self.scenario.tournament.name
    }
    fn seed(&self) -> u64 {
        self.scenario.tournament.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, progress: &dyn Progress) -> Result<Dynamics, StudyError> {
        let scenario = self.scenario;
        let t = &scenario.tournament;
        let matrix = match &t.method {
            Method::Exact(machines) => {
                expected_matrix(t, machines, self.context.no_limit)?.per_turn
            }
            Method::Simulate => {
                let tournament = t.tournament();
                progress.start(tournament.match_count(), "matches", &t.name, false);
                let results = match tournament
                    .run::<std::convert::Infallible>(|_| Ok(()), |done| progress.set(done))
                {
                    Ok(results) => results,
                    Err(never) => match never {},
                };
                progress.finish();
                results.payoff_matrix()
            }
        };
        let names: Vec<String> = t.players.iter().map(|p| p.name.clone()).collect();
        let dynamics = ReplicatorDynamics {
            names: names.clone(),
            matrix: matrix.clone(),
            initial: scenario.initial.clone(),
            kind: scenario.kind,
            steps: scenario.steps,
        };
        dynamics
            .validate()
            .map_err(|e| StudyError::Input(format!("{}: {e}", t.name)))?;
        let shares = dynamics.run();
        Ok(Dynamics {
            names,
            matrix,
            dynamics,
            shares,
        })
    }

    fn write(
        &self,
        computed: Dynamics,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let t = &scenario.tournament;
        let Dynamics {
            names,
            matrix,
            dynamics,
            shares,
        } = computed;
        let dt = match scenario.kind {
            ReplicatorKind::Continuous { dt } => Some(dt),
            ReplicatorKind::Discrete => None,
        };
        folder.write("payoff_matrix.csv", |p| {
            write_payoff_matrix(p, &names, &matrix)
        })?;
        folder.write("shares.csv", |p| {
            files::write_shares(p, &names, &shares, dt)
        })?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if t.charts {
            let xs: Vec<f64> = (0..shares.len())
                .map(|s| s as f64 * dt.unwrap_or(1.0))
                .collect();
            let label = if dt.is_some() { "Time" } else { "Generation" };
            files::draw_shares(
                &folder.file("shares"),
                "Ecological dynamics: population shares",
                label,
                &names,
                &xs,
                &shares,
            )
            .map_err(|e| folder.chart_failed(e))?;
        }
        let last = shares.last().cloned().unwrap_or_default();
        let summary = json!({"strategies": names, "initial": scenario.initial, "final": last, "shift": dynamics.discrete_shift()});
        let mut run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": t.name,
            "kind": "ecological",
            "seed": t.seed,
            "threads": rayon::current_num_threads(),
            "steps": scenario.steps,
            "time": if dt.is_some() { "continuous" } else { "discrete" },
            "compute_seconds": timing.computed.as_secs_f64(),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        let exact = matches!(t.method, Method::Exact(_));
        if exact {
            run["method"] = json!("exact");
        }
        let mut report = format!(
            "{}: replicator dynamics{}, {}; final shares:\n",
            t.name,
            if exact { " on expected payoffs" } else { "" },
            crate::output::width::count(scenario.steps, "step", "steps")
        );
        for (name, s) in names.iter().zip(&last) {
            let name = crate::output::label::display_label(name);
            report += &format!("  {name:<32} {s:.4}\n");
        }
        folder.text("run.json", &format!("{run:#}\n"))?;
        Ok(Report {
            name: t.name.clone(),
            summary_key: "summary",
            summary,
            run,
            text: report,
            page: None,
        })
    }
}
