//! Kind `invasion`: who invades whom, analytically. The payoff table (read
//! from a `payoff_matrix.csv`, or the tournament the scenario describes,
//! played first with its progress shown) gives every fixation probability
//! ρ(resident -> mutant) at population Z (`evolution::invasion`), and the
//! small-mutation chain its stationary distribution. Written:
//! `fixation.csv`, `stationary.csv`, `alpharank.csv` (with `[alpharank]`),
//! `payoff_matrix.csv` (the table used), `abundance_curve.csv` (with a
//! `[curve]`, by default up to 12 strategies), `gradient.csv`, the charts
//! `stationary`, `fixation`, `invasion_diagram` (up to 12 strategies),
//! `abundance_curve` and `gradient` (`[output] charts`),
//! `scenario.toml`, `run.json`. One computation (`Whole`): no shards.

use crate::evolution::invasion::{
    AlphaRank, Fixation, PayoffMatrix, SmallMutation, abundance_curve, alpharank, fixation_matrix,
    gradient, small_mutation,
};
use crate::output::invasion_files as files;
use crate::output::tournament_files::write_payoff_matrix;
use crate::scenario::InvasionScenario;
use crate::scenario::invasion::DIAGRAM_STRATEGIES;
use crate::scenario::invasion::InvasionPayoffs;
use crate::scenario::tournament::{Method, TournamentScenario};
use crate::study::folder::dependencies;
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;

/// An invasion analysis.
pub struct Invasion<'a> {
    scenario: &'a InvasionScenario,
    context: Context,
}

impl<'a> Invasion<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a InvasionScenario, context: Context) -> Self {
        Invasion { scenario, context }
    }
}

/// The table, every fixation probability and the chain.
pub struct Invaded {
    names: Vec<String>,
    matrix: Vec<Vec<f64>>,
    rho: Vec<Vec<Fixation>>,
    chain: SmallMutation,
    alpharank: Option<AlphaRank>,
    /// The intensities of the abundance curve and the chain at each.
    curve: Option<(Vec<f64>, Vec<SmallMutation>)>,
    gradients: Vec<files::Gradient>,
}

impl Analysis for Invasion<'_> {
    type Result = Invaded;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, progress: &dyn Progress) -> Result<Invaded, StudyError> {
        let s = self.scenario;
        let (names, matrix) = match &s.payoffs {
            InvasionPayoffs::Table { names, matrix, .. } => (names.clone(), matrix.clone()),
            InvasionPayoffs::Tournament(t) if matches!(t.method, Method::Exact(_)) => {
                let Method::Exact(machines) = &t.method else {
                    unreachable!("matched above")
                };
                let names = t.players.iter().map(|p| p.name.clone()).collect();
                (names, exact_matrix(t, machines, self.context.no_limit)?)
            }
            InvasionPayoffs::Tournament(t) => {
                let tournament = t.tournament();
                progress.start(tournament.match_count(), "matches", &t.name, false);
                let results = match tournament
                    .run::<std::convert::Infallible>(|_| Ok(()), |done| progress.set(done))
                {
                    Ok(results) => results,
                    Err(never) => match never {},
                };
                progress.finish();
                let names = t.players.iter().map(|p| p.name.clone()).collect();
                (names, results.payoff_matrix())
            }
        };
        let input = |e: crate::evolution::invasion::InvasionError| {
            StudyError::Input(format!("{}: {e}", s.name))
        };
        let payoffs = PayoffMatrix::new(&matrix).map_err(input)?;
        let rho = fixation_matrix(&payoffs, s.population, s.selection).map_err(input)?;
        let chain = small_mutation(&rho).map_err(input)?;
        let alpharank = match s.alpharank {
            Some((m, alpha)) => Some(alpharank(&payoffs, m, alpha).map_err(input)?),
            None => None,
        };
        let curve = match s.curve {
            Some(curve) => {
                let intensities = curve.intensities();
                let chains = abundance_curve(&payoffs, s.population, s.selection, &intensities)
                    .map_err(input)?;
                Some((intensities, chains))
            }
            None => None,
        };
        let pairs = if s.gradient.is_empty() {
            default_pair(&payoffs, s, &rho, &chain)
                .into_iter()
                .collect()
        } else {
            s.gradient.clone()
        };
        let gradients = pairs
            .into_iter()
            .map(|(m, r)| (m, r, gradient(&payoffs, m, r, s.population, s.selection)))
            .collect();
        Ok(Invaded {
            names,
            matrix,
            rho,
            chain,
            alpharank,
            curve,
            gradients,
        })
    }

    fn write(
        &self,
        done: Invaded,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let s = self.scenario;
        let Invaded {
            names,
            matrix,
            rho,
            chain,
            alpharank,
            curve,
            gradients,
        } = done;
        let intensity = match s.selection.process() {
            "moran" => "w",
            _ => "beta",
        };
        folder.write("fixation.csv", |p| {
            files::write_fixation(p, &names, s.population, &rho)
        })?;
        folder.write("stationary.csv", |p| {
            files::write_stationary(p, &names, &chain)
        })?;
        if let Some(rank) = &alpharank {
            folder.write("alpharank.csv", |p| files::write_alpharank(p, &names, rank))?;
        }
        folder.write("payoff_matrix.csv", |p| {
            write_payoff_matrix(p, &names, &matrix)
        })?;
        if let Some((values, chains)) = &curve {
            folder.write("abundance_curve.csv", |p| {
                files::write_curve(p, intensity, &names, values, chains)
            })?;
        }
        if !gradients.is_empty() {
            folder.write("gradient.csv", |p| {
                files::write_gradient(p, &names, &gradients)
            })?;
        }
        folder.text("scenario.toml", &self.context.resolved)?;
        if s.charts {
            if names.len() <= DIAGRAM_STRATEGIES {
                files::draw_diagram(
                    &folder.file("invasion_diagram"),
                    &format!("Who invades whom (Z = {})", s.population),
                    &names,
                    s.population,
                    &rho,
                    &chain,
                )
                .map_err(|e| folder.chart_failed(e))?;
            }
            if let Some((values, chains)) = &curve {
                let label = match intensity {
                    "w" => "Intensity of selection w (logarithmic)",
                    _ => "Intensity of selection β (logarithmic)",
                };
                files::draw_curve(
                    &folder.file("abundance_curve"),
                    "Abundance against the intensity of selection",
                    label,
                    &names,
                    values,
                    chains,
                )
                .map_err(|e| folder.chart_failed(e))?;
            }
            if !gradients.is_empty() {
                let title = match gradients.as_slice() {
                    [(m, r, _)] => {
                        format!("Gradient of selection, {} in {}", names[*m], names[*r])
                    }
                    _ => "Gradients of selection".to_string(),
                };
                files::draw_gradient(&folder.file("gradient"), &title, &names, &gradients)
                    .map_err(|e| folder.chart_failed(e))?;
            }
            files::draw_stationary(
                &folder.file("stationary"),
                "Stationary distribution, rare mutations",
                &names,
                &chain,
            )
            .map_err(|e| folder.chart_failed(e))?;
            files::draw_fixation(
                &folder.file("fixation"),
                "Fixation probability x Z",
                &names,
                s.population,
                &rho,
            )
            .map_err(|e| folder.chart_failed(e))?;
        }
        let ranking: Vec<&String> = files::ranked(&chain).iter().map(|&i| &names[i]).collect();
        let source = match &s.payoffs {
            InvasionPayoffs::Table { given, .. } => given.clone(),
            InvasionPayoffs::Tournament(_) => "tournament".into(),
        };
        let summary = json!({
            "strategies": names,
            "population": s.population,
            "process": s.selection.process(),
            "beta": s.selection.intensity(),
            "payoffs": source,
            "stationary": chain.abundance,
            "ln_stationary": chain.ln_abundance,
            "ranking": ranking,
            "alpharank": alpharank.as_ref().map(|r| json!({
                "scores": r.scores,
                "ranking": r.ranking.iter().map(|&i| &names[i]).collect::<Vec<_>>(),
            })),
        });
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": s.name,
            "kind": "invasion",
            "seed": s.seed,
            "threads": rayon::current_num_threads(),
            "population": s.population,
            "process": s.selection.process(),
            "beta": s.selection.intensity(),
            "strategies": names.len(),
            "payoffs": source,
            "compute_seconds": timing.computed.as_secs_f64(),
            "total_seconds": timing.started.elapsed().as_secs_f64(),
            "dependencies": dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        let mut text = format!(
            "{}: {} strategies, population {}, {} process, {intensity} = {}; stationary \
             distribution of the small-mutation limit (Invades: residents a single mutant \
             takes over from more often than the neutral 1/{}):\n{}",
            s.name,
            names.len(),
            s.population,
            s.selection.process(),
            s.selection.intensity(),
            s.population,
            files::stationary_table(&names, s.population, &rho, &chain)
        );
        if let Some(rank) = &alpharank {
            let top: Vec<String> = rank
                .ranking
                .iter()
                .take(5)
                .map(|&i| {
                    let score = rank.scores[i];
                    format!("{} ({})", names[i], files::share(score, score.ln()))
                })
                .collect();
            text += &format!(
                "alpha-Rank (m = {}, head-to-head payoffs): {}\n",
                s.alpharank.map_or(0, |(m, _)| m),
                top.join(", ")
            );
        }
        Ok(Report {
            name: s.name.clone(),
            summary_key: "summary",
            summary,
            run,
            text,
            page: None,
        })
    }
}

/// The expected payoff per turn of every ordered pair, from the joint
/// chains of the players' machines (`[match] method = "exact"`).
fn exact_matrix(
    t: &TournamentScenario,
    machines: &[crate::exact::machine::Machine],
    no_limit: bool,
) -> Result<Vec<Vec<f64>>, StudyError> {
    crate::study::kinds::exact_pairs::expected_matrix(t, machines, no_limit).map(|m| m.per_turn)
}

/// The pair a gradient chart shows by default: the most abundant strategy
/// as the resident and, among the mutants whose gradient against it is not
/// zero throughout (a neutral pair's chart would be a flat line), the one
/// that takes it over most easily.
fn default_pair(
    payoffs: &PayoffMatrix,
    scenario: &InvasionScenario,
    rho: &[Vec<Fixation>],
    chain: &SmallMutation,
) -> Option<(usize, usize)> {
    let resident = *files::ranked(chain).first()?;
    let others = (0..rho.len()).filter(|&m| m != resident);
    let selected: Vec<usize> = others
        .clone()
        .filter(|&m| {
            gradient(
                payoffs,
                m,
                resident,
                scenario.population,
                scenario.selection,
            )
            .iter()
            .any(|g| g.abs() > 1e-12)
        })
        .collect();
    let candidates = if selected.is_empty() {
        others.collect()
    } else {
        selected
    };
    let mutant = candidates
        .into_iter()
        .max_by(|&a, &b| rho[resident][a].ln.total_cmp(&rho[resident][b].ln))?;
    Some((mutant, resident))
}
