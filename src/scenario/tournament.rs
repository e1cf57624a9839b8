//! The `tournament` scenario kind: a round robin of configured players, or
//! only the pairs of a graph of them (`[tournament] edges`).
//!
//! ```toml
//! name = "classic"          # default: the file name without .toml
//! kind = "tournament"
//! seed = 1                  # default 1
//! [game]
//! payoffs = "standard"      # a preset, or { R = 3, S = 0, T = 5, P = 1 }
//! [match]
//! turns = 200               # fixed horizon (default 200), or
//! # continuation = 0.99654  # random horizon: continue with this probability
//! # cap = 1000              # optional upper bound for a random horizon
//! noise = 0.0               # default 0
//! repetitions = 10          # default 10
//! [[players]]
//! strategy = "tit-for-tat"
//! [[players]]
//! strategy = "random"
//! p = 0.5                   # strategy parameters sit beside `strategy`
//! [[players]]
//! strategy = "fsm-tit-for-two-tats"   # or a strategy file: by name, path or inline
//!                                     # table (scenario/strategy_file.rs)
//! [tournament]              # optional: who plays whom (default: every pair
//! edges = [[0, 1], [1, 2]]  # and self-play); only these pairs of players (by
//!                           # index from 0; [2, 2] is self-play), as axelrod's
//!                           # Tournament(edges=...), or a graph of the players as
//!                           # the Moran kind writes it: "cycle", "star", "lattice",
//!                           # "complete" (no self-play), { lattice = [rows, cols],
//!                           # periodic = false } (scenario/graph.rs)
//! [output]
//! charts = true             # default true
//! matches = true            # write matches.csv, default true
//! interactions = false      # write interactions.csv (axelrod's format, every
//!                           # move of every match), default false
//! compress = "none"         # or "gzip": matches.csv.gz, interactions.csv.gz
//! [shards]                  # optional, for clusters (also sweeps, fixation):
//! count = 4                 # the split for `--shard auto`; not in the results
//! ```

use crate::ipd::horizon::{Horizon, check_random_horizon};
use crate::ipd::pairings::{PairingError, Pairings};
use crate::ipd::payoffs::{PRESETS, Payoffs};
use crate::ipd::play::MatchSettings;
use crate::ipd::results::MAX_SCORE_CELLS;
use crate::ipd::strategies::catalogue::find;
use crate::ipd::strategies::{Player, PlayerSpec, StrategyError};
use crate::ipd::tournament::Tournament;
use crate::output::compression::{COMPRESSIONS, Compression};
use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::graph::read_graph;
use crate::scenario::reader::{At, TableReader};
use crate::scenario::strategy_file::{Chain, defined_player, player_toml};
use serde::Serialize;
use toml::Spanned;
use toml::de::DeValue;

/// Default number of turns of a fixed horizon.
pub const DEFAULT_TURNS: u32 = 200;
/// Default repetitions.
pub const DEFAULT_REPETITIONS: u32 = 10;

/// A validated tournament scenario with every default filled in.
#[derive(Clone, Debug)]
pub struct TournamentScenario {
    /// Name of the results folder.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Master seed.
    pub seed: u64,
    /// Preset name, when a preset was used.
    pub payoffs_preset: Option<String>,
    /// How matches are played.
    pub settings: MatchSettings,
    /// How many times each pair meets.
    pub repetitions: u32,
    /// Players as written.
    pub player_specs: Vec<PlayerSpec>,
    /// Players built from the catalogue.
    pub players: Vec<Player>,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
    /// Write `matches.csv`.
    pub write_matches: bool,
    /// Write `interactions.csv` (axelrod's format, every move).
    pub write_interactions: bool,
    /// How `matches.csv` and `interactions.csv` are written (`[output]
    /// compress`).
    pub compress: Compression,
    /// Count self-play in the normalised scores and the ranking
    /// (`[ranking] include_self_play`; axelrod and the default: no).
    pub self_play_in_ranking: bool,
    /// How matches are computed (`[match] method`).
    pub method: Method,
    /// Who plays whom (`[tournament] edges`; a round robin by default).
    pub pairings: Pairings,
    /// `[tournament] edges` as the resolved scenario writes it.
    pub edges_resolved: Option<toml::Value>,
}

/// How a tournament's matches are computed.
#[derive(Clone, Debug, PartialEq)]
pub enum Method {
    /// Played, with random draws (the default).
    Simulate,
    /// Expected values of the joint Markov chain (`exact/`): every player
    /// finite-state; its machine, read once, in player order.
    Exact(Vec<crate::exact::machine::Machine>),
}

impl Method {
    /// The name written in `[match] method`.
    pub fn id(&self) -> &'static str {
        match self {
            Method::Simulate => "simulate",
            Method::Exact(_) => "exact",
        }
    }
}

impl TournamentScenario {
    /// The tournament to run.
    pub fn tournament(&self) -> Tournament {
        Tournament {
            players: self.players.clone(),
            pairings: self.pairings.clone(),
            settings: self.settings,
            repetitions: self.repetitions,
            seed: self.seed,
        }
    }

    /// The players' machines of an exact tournament, in player order (none
    /// for a simulated one).
    pub fn machines(&self) -> &[crate::exact::machine::Machine] {
        match &self.method {
            Method::Exact(machines) => machines,
            Method::Simulate => &[],
        }
    }

    /// The scenario as TOML with every default written out, so a run can be
    /// repeated exactly from its results folder.
    pub fn resolved_toml(&self) -> String {
        #[derive(Serialize)]
        struct Resolved<'a> {
            name: &'a str,
            kind: &'static str,
            #[serde(skip_serializing_if = "Option::is_none")]
            description: Option<&'a str>,
            seed: u64,
            game: Game,
            #[serde(rename = "match")]
            match_: Match,
            players: Vec<toml::Table>,
            #[serde(skip_serializing_if = "Option::is_none")]
            tournament: Option<TournamentTable>,
            #[serde(skip_serializing_if = "Option::is_none")]
            ranking: Option<Ranking>,
            output: Output,
        }
        #[derive(Serialize)]
        struct TournamentTable {
            edges: toml::Value,
        }
        #[derive(Serialize)]
        struct Game {
            payoffs: toml::Value,
        }
        #[derive(Serialize)]
        struct Match {
            #[serde(skip_serializing_if = "Option::is_none")]
            turns: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            continuation: Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            cap: Option<u32>,
            noise: f64,
            repetitions: u32,
            #[serde(skip_serializing_if = "Option::is_none")]
            method: Option<&'static str>,
        }
        #[derive(Serialize)]
        struct Output {
            charts: bool,
            matches: bool,
            interactions: bool,
            #[serde(skip_serializing_if = "Option::is_none")]
            compress: Option<&'static str>,
            #[serde(flatten)]
            style: toml::Table,
        }
        #[derive(Serialize)]
        struct Ranking {
            include_self_play: bool,
        }
        let payoffs = match &self.payoffs_preset {
            Some(name) => toml::Value::String(name.clone()),
            None => {
                let p = self.settings.payoffs;
                let mut table = toml::Table::new();
                for (key, value) in [("R", p.r), ("S", p.s), ("T", p.t), ("P", p.p)] {
                    table.insert(key.to_string(), toml::Value::Float(value));
                }
                toml::Value::Table(table)
            }
        };
        let (turns, continuation, cap) = match self.settings.horizon {
            Horizon::Fixed { turns } => (Some(turns), None, None),
            Horizon::Random { continuation, cap } => (None, Some(continuation), cap),
        };
        let players = self.players.iter().map(player_toml).collect();
        let resolved = Resolved {
            name: &self.name,
            kind: "tournament",
            description: self.description.as_deref(),
            seed: self.seed,
            game: Game { payoffs },
            match_: Match {
                turns,
                continuation,
                cap,
                noise: self.settings.noise,
                repetitions: self.repetitions,
                method: matches!(self.method, Method::Exact(_)).then_some("exact"),
            },
            players,
            tournament: self
                .edges_resolved
                .clone()
                .map(|edges| TournamentTable { edges }),
            ranking: self.self_play_in_ranking.then_some(Ranking {
                include_self_play: true,
            }),
            output: Output {
                charts: self.charts,
                matches: self.write_matches,
                interactions: self.write_interactions,
                compress: (self.compress != Compression::None).then(|| self.compress.name()),
                style: crate::scenario::chart_options::table(&self.chart_style),
            },
        };
        toml::to_string(&resolved).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

/// Reads the tournament-specific parts of a scenario. `top` is the
/// top-level table with `name`, `kind` and `seed` already taken. Every
/// kind that reads a tournament (a tournament and its sweep, an ecological
/// study and its sweep, an invasion study) takes `[match] method =
/// "exact"`: each player's machine is read here, and a player that is not
/// finite-state is refused naming it.
pub fn read_tournament(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
    warnings: &mut Vec<String>,
) -> Result<TournamentScenario, ScenarioError> {
    let description = top.string("description")?.map(|d| d.value);

    let mut payoffs = Payoffs::STANDARD;
    let mut payoffs_preset = Some("standard".to_string());
    if let Some(mut game) = top.table("game")? {
        if let Some(value) = game.value("payoffs") {
            (payoffs, payoffs_preset) = read_payoffs(&game, value)?;
            let broken = payoffs.dilemma_violations();
            if !broken.is_empty() {
                let (line, _) = game.source().line_column(value.span().start);
                warnings.push(format!(
                    "{}:{line}: warning: game.payoffs ({payoffs}) is not an iterated prisoner's dilemma: {}",
                    game.source().path.display(),
                    broken.join("; ")
                ));
            }
        }
        game.finish()?;
    }

    let mut horizon = Horizon::Fixed {
        turns: DEFAULT_TURNS,
    };
    let mut noise = 0.0;
    let mut repetitions = DEFAULT_REPETITIONS;
    let mut repetitions_at = None;
    let mut method_at = None;
    if let Some(mut table) = top.table("match")? {
        method_at = read_method(&mut table)?;
        let turns = table.count("turns", 1)?;
        let continuation = table.probability("continuation")?;
        let cap = table.count("cap", 1)?;
        noise = table.probability("noise")?.map_or(0.0, |n| n.value);
        if let Some(r) = table.count("repetitions", 1)? {
            repetitions = r.value;
            repetitions_at = Some(r.span.start);
        }
        horizon = read_horizon(&table, turns, continuation, cap)?;
        table.finish()?;
    }

    let (player_specs, players) = read_players(top)?;
    let players: Vec<Player> = players.into_iter().map(|p| p.with_game(&payoffs)).collect();
    let method = match method_at {
        None => Method::Simulate,
        Some(at) => {
            let settings = MatchSettings {
                horizon,
                noise,
                payoffs,
            };
            Method::Exact(read_machines(top.source(), at, &players, &settings)?)
        }
    };
    // Checked: players x players x repetitions can exceed 2^64 (it must be
    // refused, not wrap around to a small number and pass).
    let n = players.len() as u64;
    let cells = n
        .checked_mul(n)
        .and_then(|c| c.checked_mul(repetitions as u64));
    if cells.is_none_or(|c| c > MAX_SCORE_CELLS) {
        let at = repetitions_at.unwrap_or(0);
        let product = cells.map_or_else(|| "more than 2^64".to_string(), |c| c.to_string());
        return Err(top.source().invalid(
            at,
            "match.repetitions",
            format!(
                "{n} players x {n} players x {repetitions} repetitions = {product} stored scores, more than the \
                 {MAX_SCORE_CELLS} allowed; use fewer repetitions"
            ),
        ));
    }

    let mut self_play_in_ranking = false;
    if let Some(mut ranking) = top.table("ranking")? {
        self_play_in_ranking = ranking
            .boolean("include_self_play")?
            .is_some_and(|b| b.value);
        ranking.finish()?;
    }

    let mut charts = true;
    let mut write_matches = true;
    let mut write_interactions = false;
    let mut compress = Compression::None;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        write_matches = output.boolean("matches")?.is_none_or(|b| b.value);
        write_interactions = output.boolean("interactions")?.is_some_and(|b| b.value);
        if let Some(name) = output.string("compress")? {
            compress = Compression::from_name(&name.value).ok_or_else(|| {
                output.error(
                    name.span.start,
                    "compress",
                    format!(
                        "unknown compression `{}` (allowed: {}; \"gzip\" writes matches.csv.gz \
                         and interactions.csv.gz, which pandas and polars read as they are)",
                        name.value,
                        COMPRESSIONS.map(|c| format!("\"{c}\"")).join(", ")
                    ),
                )
            })?;
        }
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }

    Ok(TournamentScenario {
        name,
        description,
        seed,
        payoffs_preset,
        settings: MatchSettings {
            horizon,
            noise,
            payoffs,
        },
        repetitions,
        player_specs,
        players,
        charts,
        chart_style,
        write_matches,
        write_interactions,
        compress,
        self_play_in_ranking,
        method,
        pairings: Pairings::RoundRobin,
        edges_resolved: None,
    })
}

/// Reads `[tournament] edges` of a tournament (and its sweep) into
/// `scenario`: an edge list (kept as written) or a graph of the players in
/// the Moran kind's syntax (`scenario::graph`; a named graph's edges in
/// order (i, j), i < j, no self-play). Errors name the edge and say what is
/// allowed. An exact tournament (`[match] method = "exact"`) computes the
/// same pairs.
pub fn read_pairings(
    top: &mut TableReader<'_>,
    scenario: &mut TournamentScenario,
) -> Result<(), ScenarioError> {
    let Some(mut table) = top.table("tournament")? else {
        return Ok(());
    };
    if let Some(value) = table.value("edges") {
        let source = table.source();
        let field = table.field("edges");
        let at = value.span().start;
        let n = scenario.players.len();
        let spec = read_graph(source, &field, value, n, "players")?;
        let edges: Vec<(usize, usize)> = match &spec.written {
            Some(written) => written.iter().map(|e| (e.a, e.b)).collect(),
            None => spec.graph.edges(),
        };
        scenario.pairings = Pairings::edges(n, &edges).map_err(|error| {
            let edge = |index: usize| {
                spec.written
                    .as_ref()
                    .and_then(|w| w.get(index))
                    .map_or((at, field.clone()), |e| {
                        (e.at, format!("{}[{}]", spec.edges_field, e.index))
                    })
            };
            let (offset, name) = match &error {
                PairingError::OutOfRange { index, .. } | PairingError::Duplicate { index, .. } => {
                    edge(*index)
                }
                PairingError::Unplayed { .. } | PairingError::Empty => (at, field.clone()),
            };
            source.invalid(offset, &name, error.to_string())
        })?;
        scenario.edges_resolved = Some(spec.resolved);
    }
    table.finish()
}

/// Reads `[match] method`: the offset of `"exact"` when it is asked for
/// (`None` for `"simulate"`, the default).
pub(crate) fn read_method(table: &mut TableReader<'_>) -> Result<Option<usize>, ScenarioError> {
    let Some(m) = table.string("method")? else {
        return Ok(None);
    };
    match m.value.as_str() {
        "simulate" => Ok(None),
        "exact" => Ok(Some(m.span.start)),
        other => Err(table.error(
            m.span.start,
            "method",
            format!(
                "unknown method `{other}`; allowed: \"simulate\" (play the matches) or \
                 \"exact\" (expected values of finite-state players)"
            ),
        )),
    }
}

/// Each player's machine for `[match] method = "exact"` (written at `at`)
/// under `settings`; a player that is not finite-state is refused naming
/// it (`players[k]`) and why.
pub(crate) fn read_machines(
    source: &crate::scenario::error::Source,
    at: usize,
    players: &[Player],
    settings: &MatchSettings,
) -> Result<Vec<crate::exact::machine::Machine>, ScenarioError> {
    let reading = crate::exact::reading::Reading {
        payoffs: settings.payoffs,
        length_known: matches!(settings.horizon, Horizon::Fixed { .. }),
    };
    players
        .iter()
        .enumerate()
        .map(|(k, player)| {
            crate::exact::reading::machine_of(player, &reading).map_err(|e| {
                source.invalid(
                    at,
                    "match.method",
                    format!(
                        "\"exact\" needs finite-state players; players[{k}]: {e}; \
                         use method = \"simulate\" or leave the player out"
                    ),
                )
            })
        })
        .collect()
}

pub(crate) fn read_horizon(
    table: &TableReader<'_>,
    turns: Option<At<u32>>,
    continuation: Option<At<f64>>,
    cap: Option<At<u32>>,
) -> Result<Horizon, ScenarioError> {
    match (turns, continuation, cap) {
        (Some(_), Some(w), _) => Err(table.error(
            w.span.start,
            "continuation",
            "give either `turns` (a fixed horizon) or `continuation` (a random horizon), not both; \
             `cap` bounds a random horizon",
        )),
        (_, None, Some(cap)) => Err(table.error(
            cap.span.start,
            "cap",
            "`cap` bounds a random horizon and needs `continuation`; for a fixed horizon use `turns`",
        )),
        (_, Some(w), cap) => {
            let cap = cap.map(|c| c.value);
            check_random_horizon(w.value, cap).map_err(|message| table.error(w.span.start, "continuation", message))?;
            Ok(Horizon::Random { continuation: w.value, cap })
        }
        (turns, None, None) => Ok(Horizon::Fixed { turns: turns.map_or(DEFAULT_TURNS, |t| t.value) }),
    }
}

pub(crate) fn read_payoffs(
    game: &TableReader<'_>,
    value: &toml::Spanned<DeValue<'_>>,
) -> Result<(Payoffs, Option<String>), ScenarioError> {
    let start = value.span().start;
    match value.get_ref() {
        DeValue::String(name) => match Payoffs::preset(name) {
            Some(p) => Ok((p, Some(name.to_string()))),
            None => Err(game.error(
                start,
                "payoffs",
                format!(
                    "unknown preset `{name}` (allowed: {}, or a table {{ R = 3, S = 0, T = 5, P = 1 }})",
                    PRESETS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
                ),
            )),
        },
        DeValue::Table(table) => {
            let mut reader = TableReader::new(game.source(), &game.field("payoffs"), table, value.span());
            let mut values = [0.0; 4];
            for (slot, key) in values.iter_mut().zip(["R", "S", "T", "P"]) {
                *slot = reader
                    .number(key)?
                    .ok_or_else(|| {
                        game.error(start, &format!("payoffs.{key}"), "missing; a payoff table needs R, S, T and P")
                    })?
                    .value;
            }
            reader.finish()?;
            let [r, s, t, p] = values;
            let payoffs = Payoffs { r, s, t, p };
            payoffs.check_range().map_err(|message| game.error(start, "payoffs", message))?;
            Ok((payoffs, None))
        }
        _ => Err(game.error(
            start,
            "payoffs",
            "expected a preset name (standard, prison-years-a, prison-years-b) or a table { R, S, T, P }",
        )),
    }
}

fn read_players(
    top: &mut TableReader<'_>,
) -> Result<(Vec<PlayerSpec>, Vec<Player>), ScenarioError> {
    let source = top.source();
    let Some(list) = top.array("players")? else {
        return Err(top.error(
            top.span().start,
            "players",
            "missing; a tournament needs at least two [[players]] entries",
        ));
    };
    if list.value.len() < 2 {
        return Err(top.error(
            list.span.start,
            "players",
            format!(
                "a tournament needs at least two players, found {}",
                list.value.len()
            ),
        ));
    }
    let mut specs = Vec::new();
    let mut players = Vec::new();
    let mut chain = Chain::default();
    for (index, item) in list.value.iter().enumerate() {
        let field = format!("players[{index}]");
        let (spec, player) = read_player_entry(source, &field, item, &mut chain)?;
        specs.push(spec);
        players.push(player);
    }
    Ok((specs, players))
}

/// One player entry as `[[players]]` and resolved scenarios write it: a
/// string (a built-in id with optional `:key=value,...`, a strategy name or
/// file) or a table `{ strategy = ..., <parameters> }` whose `strategy` may
/// be an inline definition. Errors name `field` (and its keys).
pub(crate) fn read_player_entry(
    source: &Source,
    field: &str,
    item: &Spanned<DeValue<'_>>,
    chain: &mut Chain,
) -> Result<(PlayerSpec, Player), ScenarioError> {
    let start = item.span().start;
    if let DeValue::String(_) = item.get_ref()
        && let Some(player) = defined_player(source, field, item, chain)?
    {
        return Ok((PlayerSpec::new(player.id()), player));
    }
    let (spec, strategy_at, param_spans) = match item.get_ref() {
        DeValue::String(id) => (PlayerSpec::new(id), start, Vec::new()),
        DeValue::Table(table) => {
            let mut reader = TableReader::new(source, field, table, item.span());
            if let Some(value) = reader.value("strategy")
                && let Some(player) =
                    defined_player(source, &format!("{field}.strategy"), value, chain)?
            {
                no_parameters(&reader, field)?;
                reader.finish()?;
                return Ok((PlayerSpec::new(player.id()), player));
            }
            let strategy = reader.string("strategy")?.ok_or_else(|| {
                source.invalid(
                    start,
                    &format!("{field}.strategy"),
                    "missing; every player needs a strategy id",
                )
            })?;
            let mut spec = PlayerSpec::new(&strategy.value);
            let mut spans = Vec::new();
            let known = find(&strategy.value);
            for key in reader.keys() {
                if key.value == "strategy" {
                    continue;
                }
                if let Some(info) =
                    known.filter(|info| !info.params.iter().any(|p| p.name == key.value))
                {
                    let error = StrategyError::UnknownParameter {
                        strategy: info.id.to_string(),
                        param: key.value.clone(),
                        allowed: info.params.iter().map(|p| p.name.to_string()).collect(),
                    };
                    return Err(source.invalid(
                        key.span.start,
                        &format!("{field}.{}", key.value),
                        error.to_string(),
                    ));
                }
                let value = reader.number(&key.value)?.ok_or_else(|| {
                    source.invalid(
                        key.span.start,
                        &format!("{field}.{}", key.value),
                        "missing value",
                    )
                })?;
                spans.push((key.value.clone(), key.span.start, value.span.start));
                spec.params.push((key.value.clone(), value.value));
            }
            reader.finish()?;
            (spec, strategy.span.start, spans)
        }
        _ => {
            return Err(source.invalid(
                start,
                field,
                "expected a strategy id or a table with `strategy` and parameters",
            ));
        }
    };
    let player = spec.build().map_err(|error| {
        let (offset, name) = match &error {
            StrategyError::UnknownStrategy { .. } => (strategy_at, format!("{field}.strategy")),
            StrategyError::UnknownParameter { param, .. } => {
                let key = param_spans
                    .iter()
                    .find(|(k, _, _)| k == param)
                    .map_or(start, |s| s.1);
                (key, format!("{field}.{param}"))
            }
            StrategyError::ParameterOutOfRange { param, .. }
            | StrategyError::ParameterWrongKind { param, .. } => {
                let value = param_spans
                    .iter()
                    .find(|(k, _, _)| k == param)
                    .map_or(start, |s| s.2);
                (value, format!("{field}.{param}"))
            }
        };
        source.invalid(offset, &name, error.to_string())
    })?;
    Ok((spec, player))
}

/// A strategy defined in a file takes no parameters beside `strategy`:
/// fails on the first other key of a player entry, except `allowed`.
pub(crate) fn no_parameters(reader: &TableReader<'_>, field: &str) -> Result<(), ScenarioError> {
    no_parameters_except(reader, field, &[])
}

/// As [`no_parameters`], allowing the keys in `allowed` (e.g. `count`).
pub(crate) fn no_parameters_except(
    reader: &TableReader<'_>,
    field: &str,
    allowed: &[&str],
) -> Result<(), ScenarioError> {
    if let Some(key) = reader
        .keys()
        .into_iter()
        .find(|k| k.value != "strategy" && !allowed.contains(&k.value.as_str()))
    {
        return Err(reader.source().invalid(
            key.span.start,
            &format!("{field}.{}", key.value),
            "a strategy defined in a file takes no parameters; write them in its definition",
        ));
    }
    Ok(())
}
