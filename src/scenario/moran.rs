//! The `moran` scenario kind: fixation of strategies under the Moran process.
//!
//! ```toml
//! name = "moran-example"
//! kind = "moran"
//! seed = 1
//! [game]
//! payoffs = "standard"        # fitness = total match score (payoffs must be >= 0)
//! [match]
//! turns = 200                 # or continuation = 0.99 (random horizon); noise = 0.0
//! # method = "exact"          # fitness = expected total score (finite-state players only)
//! [moran]
//! mode = "bd"                 # "bd" birth-death (default), "db" death-birth (fitness
//!                             # before the death: the dying individual still counts as an
//!                             # opponent) or "db-survivors" (fitness among the survivors)
//! runs = 1000                 # independent runs for fixation probabilities (default 1000)
//! mutation = 0.0              # mutation probability per birth (default 0)
//! steps = 500                 # stop after this many steps (required when mutation > 0)
//! interaction = "complete"    # "complete", "cycle", "star", "lattice" (square,
//!                             # periodic), { lattice = [rows, cols], periodic = true },
//!                             # or { edges = [[0, 1], [1, 2], ...] } (scenario/graph.rs)
//! replacement = "complete"    # same forms; default: the interaction graph
//! [[players]]                 # (older name: [[population]])
//! strategy = "tit-for-tat"
//! count = 3                   # individuals of this strategy (default 1); two entries with
//!                             # the same strategy and parameters are refused (one type)
//! # fitness = 1.5             # constant fitness instead of matches (all entries or none)
//! [output]
//! charts = true
//! ```

use crate::evolution::graph::Graph;
use crate::evolution::moran::{Fitness, Mode, MoranProcess};
use crate::evolution::payoff_table::PayoffTable;
use crate::ipd::play::MatchSettings;
use crate::ipd::strategies::Player;
use crate::scenario::error::ScenarioError;
use crate::scenario::evolution_common::{
    player_toml, read_match_settings, read_strategy_entry, settings_toml,
};
use crate::scenario::graph::read_graph;
use crate::scenario::reader::TableReader;
use crate::scenario::tournament::read_machines;
use std::sync::Arc;

/// Default number of fixation runs.
pub const DEFAULT_RUNS: u64 = 1000;
/// Largest population accepted.
pub const MAX_POPULATION: u64 = 100_000;

/// A validated `moran` scenario.
#[derive(Clone, Debug)]
pub struct MoranScenario {
    /// Results folder name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Master seed.
    pub seed: u64,
    /// Payoff preset, if one was named.
    pub payoffs_preset: Option<String>,
    /// Match settings (for match fitness).
    pub settings: MatchSettings,
    /// Distinct strategies with their counts and optional constant fitness.
    pub population: Vec<(Player, u32, Option<f64>)>,
    /// Runs for the fixation estimate.
    pub runs: u64,
    /// The process.
    pub process: MoranProcess,
    /// Graph specs as written, for the resolved file.
    pub graphs: (toml::Value, toml::Value),
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
}

impl MoranScenario {
    /// Fitness from expected match scores (`[match] method = "exact"`).
    pub fn exact(&self) -> bool {
        matches!(&self.process.fitness, Fitness::Matches(t) if t.machines().is_some())
    }

    /// The scenario with defaults written out.
    pub fn resolved_toml(&self) -> String {
        let mut top = toml::Table::new();
        top.insert("name".into(), self.name.clone().into());
        top.insert("kind".into(), "moran".into());
        if let Some(d) = &self.description {
            top.insert("description".into(), d.clone().into());
        }
        top.insert("seed".into(), (self.seed as i64).into());
        let (game, mut m) = settings_toml(&self.settings, &self.payoffs_preset);
        if self.exact() {
            m.insert("method".into(), "exact".into());
        }
        top.insert("game".into(), game.into());
        top.insert("match".into(), m.into());
        let mut moran = toml::Table::new();
        moran.insert("mode".into(), self.process.mode.id().into());
        moran.insert("runs".into(), (self.runs as i64).into());
        moran.insert("mutation".into(), self.process.mutation.into());
        if let Some(steps) = self.process.max_steps {
            moran.insert("steps".into(), (steps as i64).into());
        }
        moran.insert("interaction".into(), self.graphs.0.clone());
        moran.insert("replacement".into(), self.graphs.1.clone());
        top.insert("moran".into(), moran.into());
        let population: Vec<toml::Value> = self
            .population
            .iter()
            .map(|(p, count, fitness)| {
                let mut t = player_toml(p);
                t.insert("count".into(), (*count as i64).into());
                if let Some(f) = fitness {
                    t.insert("fitness".into(), (*f).into());
                }
                t.into()
            })
            .collect();
        top.insert("players".into(), population.into());
        let mut output = toml::Table::new();
        output.insert("charts".into(), self.charts.into());
        crate::scenario::chart_options::write(&self.chart_style, &mut output);
        top.insert("output".into(), output.into());
        toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

/// Reads the moran-specific parts; `top` has `name`, `kind`, `seed` taken.
pub fn read_moran(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
) -> Result<MoranScenario, ScenarioError> {
    let source = top.source();
    let description = top.string("description")?.map(|d| d.value);
    let (settings, payoffs_preset, exact_at) = read_match_settings(top, |_| Ok(()))?;

    // `players` is the name every kind uses; `population` is its older name here.
    let key = top.key_or_alias("players", "population")?;
    let Some(list) = top.array(key)? else {
        return Err(top.error(
            top.span().start,
            "players",
            "missing; a Moran process needs [[players]] entries (strategy, count)",
        ));
    };
    let mut population = Vec::new();
    for (i, item) in list.value.iter().enumerate() {
        let field = format!("{key}[{i}]");
        let (player, (count, fitness)) =
            read_strategy_entry(source, &field, item, &["count", "fitness"], |r| {
                let count = r.count("count", 1)?.map_or(1, |c| c.value);
                let fitness = match r.number("fitness")? {
                    Some(f) if f.value < 0.0 => {
                        return Err(r.error(
                            f.span.start,
                            "fitness",
                            format!("must be at least 0, got {}", f.value),
                        ));
                    }
                    f => f.map(|f| f.value),
                };
                Ok((count, fitness))
            })?;
        if let Some(j) = population
            .iter()
            .position(|(p, _, _): &(Player, u32, Option<f64>)| {
                player_toml(p) == player_toml(&player)
            })
        {
            return Err(source.invalid(
                item.span().start,
                &field,
                format!(
                    "the same strategy and parameters as population[{j}] (`{}`); one type is one entry: give it count = {} instead",
                    player.name,
                    population[j].1 + count
                ),
            ));
        }
        population.push((player, count, fitness));
    }
    let size: u64 = population.iter().map(|p| p.1 as u64).sum();
    if size < 2 {
        return Err(source.invalid(
            list.span.start,
            key,
            format!("a population needs at least 2 individuals, got {size}"),
        ));
    }
    if size > MAX_POPULATION {
        return Err(source.invalid(
            list.span.start,
            key,
            format!("at most {MAX_POPULATION} individuals, got {size}"),
        ));
    }
    let constant = population.iter().filter(|p| p.2.is_some()).count();
    if constant != 0 && constant != population.len() {
        return Err(source.invalid(
            list.span.start,
            key,
            "give `fitness` for every entry (constant fitness) or for none (fitness from matches)",
        ));
    }
    let n = size as usize;

    let mut mode = Mode::BirthDeath;
    let mut runs = DEFAULT_RUNS;
    let mut mutation = 0.0;
    let mut steps = None;
    let mut graphs = (Graph::complete(n), toml::Value::from("complete"));
    let mut replacement = None;
    if let Some(mut table) = top.table("moran")? {
        if let Some(m) = table.string("mode")? {
            mode = match m.value.as_str() {
                "bd" | "birth-death" => Mode::BirthDeath,
                "db" | "death-birth" => Mode::DeathBirth,
                "db-survivors" => Mode::DeathBirthSurvivors,
                other => {
                    return Err(table.error(
                        m.span.start,
                        "mode",
                        format!(
                            "unknown mode `{other}` (allowed: \"bd\", \"db\", \"db-survivors\")"
                        ),
                    ));
                }
            }
        }
        if let Some(r) = table.count("runs", 1)? {
            runs = r.value as u64;
        }
        let mutation_at = table.probability("mutation")?;
        if let Some(m) = &mutation_at {
            mutation = m.value;
        }
        steps = table.count("steps", 1)?;
        if let Some(value) = table.value("interaction") {
            let spec = read_graph(source, &table.field("interaction"), value, n, "individuals")?;
            graphs = (spec.graph, spec.resolved);
            graphs.0.check(n, "interaction").map_err(|e| {
                source.invalid(
                    value.span().start,
                    &table.field("interaction"),
                    e.to_string(),
                )
            })?;
        }
        if let Some(value) = table.value("replacement") {
            let spec = read_graph(source, &table.field("replacement"), value, n, "individuals")?;
            let g = (spec.graph, spec.resolved);
            g.0.check(n, "replacement").map_err(|e| {
                source.invalid(
                    value.span().start,
                    &table.field("replacement"),
                    e.to_string(),
                )
            })?;
            replacement = Some(g);
        }
        if mutation > 0.0 && steps.is_none() {
            let at = mutation_at.map_or(0, |m| m.span.start);
            return Err(table.error(
                at,
                "steps",
                "with mutation > 0 the process never fixes; give `steps`",
            ));
        }
        table.finish()?;
    }
    let replacement = replacement.unwrap_or_else(|| graphs.clone());
    let type_names: Vec<String> = population.iter().map(|p| p.0.name.clone()).collect();
    let initial: Vec<usize> = population
        .iter()
        .enumerate()
        .flat_map(|(t, p)| std::iter::repeat_n(t, p.1 as usize))
        .collect();
    let fitness = if constant > 0 {
        if let Some(at) = exact_at {
            return Err(source.invalid(
                at,
                "match.method",
                "\"exact\" computes fitness from expected match scores, but every entry \
                 gives a constant `fitness`; leave out one or the other",
            ));
        }
        Fitness::Constant(population.iter().map(|p| p.2.unwrap_or(1.0)).collect())
    } else {
        if settings
            .payoffs
            .r
            .min(settings.payoffs.s)
            .min(settings.payoffs.t)
            .min(settings.payoffs.p)
            < 0.0
        {
            return Err(source.invalid(
                0,
                "game.payoffs",
                "fitness-proportional selection needs payoffs of at least 0 (use the standard payoffs or a table with R, S, T, P >= 0)",
            ));
        }
        let players: Vec<Player> = population.iter().map(|p| p.0.clone()).collect();
        let table = match exact_at {
            Some(at) => {
                let machines = read_machines(source, at, &players, &settings)?;
                PayoffTable::expected(&players, settings, machines)
            }
            None => PayoffTable::build(&players, settings),
        };
        Fitness::Matches(Arc::new(table))
    };
    let process = MoranProcess {
        type_names,
        fitness,
        initial,
        mode,
        mutation,
        interaction: graphs.0.clone(),
        replacement: replacement.0.clone(),
        max_steps: steps.map(|s| s.value as u64),
    };
    process
        .validate()
        .map_err(|e| source.invalid(0, "moran", e.to_string()))?;
    let mut charts = true;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }
    Ok(MoranScenario {
        name,
        description,
        seed,
        payoffs_preset,
        settings,
        population,
        runs,
        process,
        graphs: (graphs.1, replacement.1),
        charts,
        chart_style,
    })
}

#[cfg(test)]
mod tests {
    use crate::evolution::moran::Fitness;
    use crate::scenario::{Scenario, Source, parse};

    fn load(text: &str) -> Result<Scenario, String> {
        let source = Source {
            path: "t.toml".into(),
            text: text.into(),
        };
        parse(&source, std::path::Path::new("t.toml"))
            .map(|l| l.scenario)
            .map_err(|e| e.to_string())
    }

    const EXACT: &str = r#"
kind = "moran"
[match]
method = "exact"
turns = 10
noise = 0.1
[moran]
runs = 5
[[players]]
strategy = "tit-for-tat"
count = 2
[[players]]
strategy = "gtft"
count = 2
"#;

    #[test]
    fn exact_fitness_is_an_expected_table_and_reads_back_from_the_resolved_file() {
        let Scenario::Moran(m) = load(EXACT).unwrap() else {
            panic!("moran")
        };
        assert!(m.exact());
        let Fitness::Matches(table) = &m.process.fitness else {
            panic!("match fitness")
        };
        // Noise and GTFT's draws: nothing is sampled all the same.
        assert!(table.is_deterministic());
        assert_eq!(table.machines().map(<[_]>::len), Some(2));
        let resolved = m.resolved_toml();
        assert!(resolved.contains("method = \"exact\""), "{resolved}");
        let Scenario::Moran(again) = load(&resolved).unwrap() else {
            panic!("moran")
        };
        assert!(again.exact());
        assert_eq!(again.resolved_toml(), resolved);
        // A played study says nothing of a method.
        let played = EXACT.replace("method = \"exact\"\n", "");
        let Scenario::Moran(p) = load(&played).unwrap() else {
            panic!("moran")
        };
        assert!(!p.exact() && !p.resolved_toml().contains("method"));
    }

    #[test]
    fn exact_fitness_refuses_players_without_machines_constant_fitness_and_lattices() {
        let grudger = EXACT.replace("\"gtft\"", "\"grudger\"");
        let error = load(&grudger).unwrap_err();
        assert!(
            error.contains("match.method")
                && error.contains("Grudger")
                && error.contains("players[1]"),
            "{error}"
        );
        let constant = EXACT.replace("count = 2\n", "count = 2\nfitness = 1.0\n");
        let error = load(&constant).unwrap_err();
        assert!(
            error.contains("match.method") && error.contains("constant"),
            "{error}"
        );
        let spatial = "kind = \"spatial\"\n[lattice]\nsize = 4\nsteps = 1\n[match]\nmethod = \"exact\"\n\
                       [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"defector\"\n";
        let error = load(spatial).unwrap_err();
        assert!(
            error.contains("match.method") && error.contains("spatial"),
            "{error}"
        );
        // The fixation kind reads the method too.
        let fixation = "kind = \"fixation\"\n[match]\nmethod = \"exact\"\nturns = 5\n\
                        [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"grudger\"\n";
        let error = load(fixation).unwrap_err();
        assert!(
            error.contains("match.method") && error.contains("Grudger"),
            "{error}"
        );
        let fine = fixation.replace("grudger", "defector");
        let Scenario::Fixation(f) = load(&fine).unwrap() else {
            panic!("fixation")
        };
        assert!(f.study.expected.is_some());
        assert!(f.resolved_toml().contains("method = \"exact\""));
    }
}
