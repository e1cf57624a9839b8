//! The `fixation` scenario kind: a fixation matrix, the probability that
//! one mutant of strategy A takes over a population of N - 1 of strategy B,
//! for every ordered pair of a strategy list (Moran process on the complete
//! graph, see `evolution::fixation_matrix`).
//!
//! ```toml
//! name = "fixation-example"
//! kind = "fixation"
//! seed = 1
//! [game]
//! payoffs = "standard"        # fitness = total match score (payoffs must be >= 0)
//! [match]
//! turns = 200                 # or continuation = 0.99 (random horizon); noise = 0.0
//! # method = "exact"          # fitness = expected total score (finite-state players only)
//! [fixation]
//! size = 10                   # population size N (2 to 100000; default 10)
//! runs = 1000                 # runs per ordered pair (default 1000)
//! mode = "bd"                 # "bd" birth-death (default), "db" death-birth (fitness before
//!                             # the death), "db-survivors" (fitness among the survivors)
//! [[players]]
//! strategy = "tit-for-tat"    # two entries with the same strategy and parameters are refused
//! [output]
//! charts = true
//! ```
//!
//! The work (ordered pairs x runs) may not exceed [`MAX_FIXATION_RUNS`].

use crate::evolution::fixation_matrix::FixationMatrix;
use crate::evolution::moran::Mode;
use crate::evolution::payoff_table::PayoffTable;
use crate::scenario::error::ScenarioError;
use crate::scenario::evolution_common::{
    player_toml, read_match_settings, read_strategy_entry, settings_toml,
};
use crate::scenario::reader::TableReader;
use crate::scenario::tournament::read_machines;
use std::sync::Arc;

/// Most Moran runs in all (ordered pairs x runs).
pub const MAX_FIXATION_RUNS: u64 = 1_000_000_000;

/// A validated `fixation` scenario.
#[derive(Clone, Debug)]
pub struct FixationScenario {
    /// Results folder name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Payoff preset, if one was named.
    pub payoffs_preset: Option<String>,
    /// The study (players, settings, size, runs, mode, seed).
    pub study: FixationMatrix,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
}

impl FixationScenario {
    /// The scenario with defaults written out.
    pub fn resolved_toml(&self) -> String {
        let s = &self.study;
        let mut top = toml::Table::new();
        top.insert("name".into(), self.name.clone().into());
        top.insert("kind".into(), "fixation".into());
        if let Some(d) = &self.description {
            top.insert("description".into(), d.clone().into());
        }
        top.insert("seed".into(), (s.seed as i64).into());
        let (game, mut m) = settings_toml(&s.settings, &self.payoffs_preset);
        if s.expected.is_some() {
            m.insert("method".into(), "exact".into());
        }
        top.insert("game".into(), game.into());
        top.insert("match".into(), m.into());
        let mut fixation = toml::Table::new();
        fixation.insert("size".into(), (s.size as i64).into());
        fixation.insert("runs".into(), (s.runs as i64).into());
        fixation.insert("mode".into(), s.mode.id().into());
        top.insert("fixation".into(), fixation.into());
        let players: Vec<toml::Value> = s.players.iter().map(|p| player_toml(p).into()).collect();
        top.insert("players".into(), players.into());
        let mut output = toml::Table::new();
        output.insert("charts".into(), self.charts.into());
        output.extend(crate::scenario::chart_options::table(&self.chart_style));
        top.insert("output".into(), output.into());
        toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

/// Reads the fixation-specific parts; `top` has `name`, `kind` and `seed`
/// taken.
pub fn read_fixation(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
) -> Result<FixationScenario, ScenarioError> {
    let source = top.source();
    let description = top.string("description")?.map(|d| d.value);
    let (settings, payoffs_preset, exact_at) = read_match_settings(top, |_| Ok(()))?;
    let p = settings.payoffs;
    if p.r.min(p.s).min(p.t).min(p.p) < 0.0 {
        return Err(source.invalid(
            0,
            "game.payoffs",
            "fitness-proportional selection needs payoffs of at least 0 (use the standard payoffs or a table with R, S, T, P >= 0)",
        ));
    }
    let Some(list) = top.array("players")? else {
        return Err(top.error(
            top.span().start,
            "players",
            "missing; a fixation matrix needs [[players]] entries (at least 2 strategies)",
        ));
    };
    let mut players: Vec<crate::ipd::strategies::Player> = Vec::new();
    for (i, item) in list.value.iter().enumerate() {
        let field = format!("players[{i}]");
        let (player, ()) = read_strategy_entry(source, &field, item, &[], |_| Ok(()))?;
        if let Some(j) = players
            .iter()
            .position(|p| player_toml(p) == player_toml(&player))
        {
            return Err(source.invalid(
                item.span().start,
                &field,
                format!(
                    "the same strategy and parameters as players[{j}] (`{}`); a fixation matrix needs distinct strategies",
                    player.name
                ),
            ));
        }
        players.push(player);
    }
    if players.len() < 2 {
        return Err(source.invalid(
            list.span.start,
            "players",
            format!(
                "a fixation matrix needs at least 2 strategies, got {}",
                players.len()
            ),
        ));
    }
    let (mut size, mut runs, mut mode) = (10usize, 1000u64, Mode::BirthDeath);
    if let Some(mut table) = top.table("fixation")? {
        if let Some(n) = table.count("size", 2)? {
            if n.value > 100_000 {
                return Err(table.error(
                    n.span.start,
                    "size",
                    format!("the population size must be 2 to 100000, got {}", n.value),
                ));
            }
            size = n.value as usize;
        }
        if let Some(r) = table.count("runs", 1)? {
            runs = r.value as u64;
        }
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
            };
        }
        let total = (players.len() * (players.len() - 1)) as u64 * runs;
        if total > MAX_FIXATION_RUNS {
            let at = table
                .value("runs")
                .map_or(table.span().start, |v| v.span().start);
            return Err(table.error(
                at,
                "runs",
                format!(
                    "{} ordered pairs x {runs} runs = {total} Moran runs, above the limit of {MAX_FIXATION_RUNS}",
                    players.len() * (players.len() - 1)
                ),
            ));
        }
        table.finish()?;
    }
    let expected = match exact_at {
        Some(at) => {
            let machines = read_machines(source, at, &players, &settings)?;
            Some(Arc::new(PayoffTable::expected(
                &players, settings, machines,
            )))
        }
        None => None,
    };
    let mut charts = true;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }
    Ok(FixationScenario {
        name,
        description,
        payoffs_preset,
        study: FixationMatrix {
            players,
            settings,
            size,
            runs,
            mode,
            seed,
            expected,
        },
        charts,
        chart_style,
    })
}
