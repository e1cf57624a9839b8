//! The `guess` scenario kind: guess p of the average, every analysis.
//!
//! ```toml
//! name = "guess-two-thirds"
//! kind = "guess"
//! seed = 1                 # the simulation's seed (default 1)
//! [game]
//! p = "2/3"                # a fraction in a string, or a number (default 2/3)
//! range = [0, 100]         # whole-number ends, low below high (default [0, 100])
//! choices = "integer"      # or "continuous" (default integer)
//! rounding = "exact"       # or "nearest": target rounded, halves up (default exact)
//! players = 10             # at least 2 (default 10)
//! [analysis]
//! levels = 6               # level-k levels beyond 0 (default 6)
//! tau = 1.5                # cognitive hierarchy Poisson mean (default 1.5)
//! elimination_rounds = 30  # most elimination rounds (default 30)
//! [simulation]
//! rounds = 10              # default 10
//! noise = 0.02             # uniform noise half-width, share of the range (default 0.02)
//! [output]
//! charts = true            # default true
//! ```

use crate::dilemmas::guess::GuessGame;
use crate::dilemmas::guess::analysis::AnalysisSettings;
use crate::dilemmas::guess::inputs::{build, settings};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use toml::de::DeValue;

/// A validated guess scenario.
#[derive(Clone, Debug)]
pub struct GuessScenario {
    /// Results folder name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// The simulation seed.
    pub seed: u64,
    /// The game.
    pub game: GuessGame,
    /// What to compute (its simulation seed is `seed`).
    pub settings: AnalysisSettings,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
}

impl GuessScenario {
    /// Replaces the seed everywhere it is used.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.settings.simulation.seed = seed;
    }

    /// The scenario with every default written out.
    pub fn resolved_toml(&self) -> String {
        let g = &self.game;
        let s = &self.settings;
        let mut top = toml::Table::new();
        top.insert("name".into(), self.name.clone().into());
        top.insert("kind".into(), "guess".into());
        if let Some(d) = &self.description {
            top.insert("description".into(), d.clone().into());
        }
        top.insert("seed".into(), toml::Value::Integer(self.seed as i64));
        let mut game = toml::Table::new();
        game.insert("p".into(), g.p.to_string().into());
        game.insert(
            "range".into(),
            toml::Value::Array(vec![g.lo.into(), g.hi.into()]),
        );
        game.insert("choices".into(), g.choices.name().into());
        game.insert("rounding".into(), g.rounding.name().into());
        game.insert("players".into(), toml::Value::Integer(g.players as i64));
        top.insert("game".into(), toml::Value::Table(game));
        let mut analysis = toml::Table::new();
        analysis.insert("levels".into(), toml::Value::Integer(s.levels as i64));
        analysis.insert("tau".into(), s.tau.into());
        analysis.insert(
            "elimination_rounds".into(),
            toml::Value::Integer(s.elimination_rounds as i64),
        );
        top.insert("analysis".into(), toml::Value::Table(analysis));
        let mut simulation = toml::Table::new();
        simulation.insert(
            "rounds".into(),
            toml::Value::Integer(s.simulation.rounds as i64),
        );
        simulation.insert("noise".into(), s.simulation.noise.into());
        top.insert("simulation".into(), toml::Value::Table(simulation));
        let mut output = toml::Table::new();
        output.insert("charts".into(), self.charts.into());
        crate::scenario::chart_options::write(&self.chart_style, &mut output);
        top.insert("output".into(), toml::Value::Table(output));
        toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

/// Reads the guess-specific parts; `top` has `name`, `kind`, `seed` taken.
pub fn read_guess(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
) -> Result<GuessScenario, ScenarioError> {
    let description = top.string("description")?.map(|d| d.value);
    let mut p = ("2/3".to_string(), 0usize);
    let (mut lo, mut hi, mut range_at) = (0i64, 100i64, 0usize);
    let mut choices = ("integer".to_string(), 0usize);
    let mut rounding = ("exact".to_string(), 0usize);
    let mut players = (10i64, 0usize);
    let mut spans = std::collections::HashMap::new();
    let game_table = top.table("game")?;
    let game_reader_span = game_table
        .as_ref()
        .map_or(top.span().start, |g| g.span().start);
    if let Some(mut game) = game_table {
        if let Some(value) = game.value("p") {
            let start = value.span().start;
            p = match value.get_ref() {
                DeValue::String(s) => (s.to_string(), start),
                DeValue::Integer(i) => (i.as_str().replace('_', ""), start),
                DeValue::Float(f) => (f.as_str().replace('_', ""), start),
                _ => {
                    return Err(game.error(
                        start,
                        "p",
                        "expected a number or a fraction in a string such as \"2/3\"",
                    ));
                }
            };
        }
        if let Some(array) = game.array("range")? {
            range_at = array.span.start;
            let ends: Vec<Option<i64>> = array
                .value
                .iter()
                .map(|v| match v.get_ref() {
                    DeValue::Integer(i) => i.as_str().replace('_', "").parse().ok(),
                    _ => None,
                })
                .collect();
            match ends.as_slice() {
                [Some(a), Some(b)] => (lo, hi) = (*a, *b),
                _ => {
                    return Err(game.error(
                        range_at,
                        "range",
                        "expected two whole numbers [low, high], such as [0, 100]",
                    ));
                }
            }
        }
        for (key, slot) in [("choices", &mut choices), ("rounding", &mut rounding)] {
            if let Some(v) = game.string(key)? {
                *slot = (v.value, v.span.start);
            }
        }
        if let Some(n) = game.integer("players")? {
            players = (n.value, n.span.start);
        }
        game.finish()?;
    }
    spans.insert("p", p.1);
    spans.insert("range", range_at);
    spans.insert("choices", choices.1);
    spans.insert("rounding", rounding.1);
    spans.insert("players", players.1);
    let source = top.source();
    let at = |field: &str| {
        spans
            .get(field)
            .copied()
            .filter(|s| *s > 0)
            .unwrap_or(game_reader_span)
    };
    let game = build(&p.0, lo, hi, &choices.0, &rounding.0, players.0)
        .map_err(|(field, message)| source.invalid(at(field), &format!("game.{field}"), message))?;

    let (mut levels, mut tau, mut elimination_rounds) =
        ((6i64, 0usize), (1.5f64, 0usize), (30i64, 0usize));
    let mut analysis_at = top.span().start;
    if let Some(mut analysis) = top.table("analysis")? {
        analysis_at = analysis.span().start;
        if let Some(n) = analysis.integer("levels")? {
            levels = (n.value, n.span.start);
        }
        if let Some(x) = analysis.number("tau")? {
            tau = (x.value, x.span.start);
        }
        if let Some(n) = analysis.integer("elimination_rounds")? {
            elimination_rounds = (n.value, n.span.start);
        }
        analysis.finish()?;
    }
    let (mut rounds, mut noise) = ((10i64, 0usize), (0.02f64, 0usize));
    let mut simulation_at = top.span().start;
    if let Some(mut simulation) = top.table("simulation")? {
        simulation_at = simulation.span().start;
        if let Some(n) = simulation.integer("rounds")? {
            rounds = (n.value, n.span.start);
        }
        if let Some(x) = simulation.number("noise")? {
            noise = (x.value, x.span.start);
        }
        simulation.finish()?;
    }
    let settings = settings(
        &game,
        levels.0,
        tau.0,
        elimination_rounds.0,
        rounds.0,
        noise.0,
        seed,
    )
    .map_err(|(field, message)| {
        let (table, start, default_at) = match field {
            "levels" => ("analysis.levels", levels.1, analysis_at),
            "tau" => ("analysis.tau", tau.1, analysis_at),
            "elimination-rounds" => (
                "analysis.elimination_rounds",
                elimination_rounds.1,
                analysis_at,
            ),
            "rounds" => ("simulation.rounds", rounds.1, simulation_at),
            "noise" => ("simulation.noise", noise.1, simulation_at),
            _ => ("game.players", players.1, game_reader_span),
        };
        let offset = if start > 0 { start } else { default_at };
        source.invalid(offset, table, message)
    })?;
    let mut charts = true;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }
    Ok(GuessScenario {
        name,
        description,
        seed,
        game,
        settings,
        charts,
        chart_style,
    })
}
