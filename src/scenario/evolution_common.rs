//! Pieces shared by the evolutionary scenario kinds (`moran`, `ecological`,
//! `spatial`): the `[game]` and `[match]` tables of a match-based fitness,
//! strategy entries with parameters, and TOML helpers for resolved files.

use crate::ipd::horizon::Horizon;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::play::MatchSettings;
use crate::ipd::strategies::catalogue::find;
use crate::ipd::strategies::{Player, PlayerSpec, StrategyError};
use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::reader::TableReader;
use crate::scenario::strategy_file::{Chain, defined_player};
use crate::scenario::tournament::no_parameters_except;
use crate::scenario::tournament::{DEFAULT_TURNS, read_horizon, read_method, read_payoffs};

/// How `[game]` and `[match]` were read: the settings, the payoff preset
/// if one was named, and where `method = "exact"` is written when it is.
pub type MatchTables = (MatchSettings, Option<String>, Option<usize>);

/// Reads `[game] payoffs` (with any extra keys asked by `extra`) and
/// `[match]` (turns / continuation / cap, noise, method).
pub fn read_match_settings(
    top: &mut TableReader<'_>,
    mut extra: impl FnMut(&mut TableReader<'_>) -> Result<(), ScenarioError>,
) -> Result<MatchTables, ScenarioError> {
    let mut payoffs = Payoffs::STANDARD;
    let mut preset = Some("standard".to_string());
    if let Some(mut game) = top.table("game")? {
        if let Some(value) = game.value("payoffs") {
            (payoffs, preset) = read_payoffs(&game, value)?;
        }
        extra(&mut game)?;
        game.finish()?;
    }
    let mut horizon = Horizon::Fixed {
        turns: DEFAULT_TURNS,
    };
    let mut noise = 0.0;
    let mut exact_at = None;
    if let Some(mut table) = top.table("match")? {
        exact_at = read_method(&mut table)?;
        let turns = table.count("turns", 1)?;
        let continuation = table.probability("continuation")?;
        let cap = table.count("cap", 1)?;
        noise = table.probability("noise")?.map_or(0.0, |n| n.value);
        horizon = read_horizon(&table, turns, continuation, cap)?;
        table.finish()?;
    }
    Ok((
        MatchSettings {
            horizon,
            noise,
            payoffs,
        },
        preset,
        exact_at,
    ))
}

/// One entry of a strategy list: `strategy = "id"`, parameters beside it,
/// and the extra keys the caller reads through `extra` (e.g. `count`).
pub fn read_strategy_entry<T>(
    source: &Source,
    field: &str,
    item: &toml::Spanned<toml::de::DeValue<'_>>,
    extra_keys: &[&str],
    mut extra: impl FnMut(&mut TableReader<'_>) -> Result<T, ScenarioError>,
) -> Result<(Player, T), ScenarioError> {
    let start = item.span().start;
    let toml::de::DeValue::Table(table) = item.get_ref() else {
        return Err(source.invalid(
            start,
            field,
            "expected a table with `strategy` (and its parameters)",
        ));
    };
    let mut reader = TableReader::new(source, field, table, item.span());
    if let Some(value) = reader.value("strategy")
        && let Some(player) = defined_player(
            source,
            &format!("{field}.strategy"),
            value,
            &mut Chain::default(),
        )?
    {
        let extra_value = extra(&mut reader)?;
        no_parameters_except(&reader, field, extra_keys)?;
        reader.finish()?;
        return Ok((player, extra_value));
    }
    let strategy = reader.string("strategy")?.ok_or_else(|| {
        source.invalid(
            start,
            &format!("{field}.strategy"),
            "missing; every entry needs a strategy id (`dilemma strategies` lists them)",
        )
    })?;
    let extra_value = extra(&mut reader)?;
    let mut spec = PlayerSpec::new(&strategy.value);
    let mut spans = Vec::new();
    for key in reader.keys() {
        if key.value == "strategy" || extra_keys.contains(&key.value.as_str()) {
            continue;
        }
        if let Some(info) = find(&strategy.value)
            && !info.params.iter().any(|p| p.name == key.value)
        {
            let mut allowed: Vec<String> = info.params.iter().map(|p| p.name.to_string()).collect();
            allowed.extend(extra_keys.iter().map(|k| k.to_string()));
            return Err(source.invalid(
                key.span.start,
                &format!("{field}.{}", key.value),
                format!(
                    "unknown field (allowed here: strategy, {})",
                    allowed.join(", ")
                ),
            ));
        }
        let value = reader.number(&key.value)?.ok_or_else(|| {
            source.invalid(
                key.span.start,
                &format!("{field}.{}", key.value),
                "missing value",
            )
        })?;
        spans.push((key.value.clone(), value.span.start));
        spec.params.push((key.value.clone(), value.value));
    }
    reader.finish()?;
    let player = spec.build().map_err(|error| {
        let (offset, name) = match &error {
            StrategyError::UnknownStrategy { .. } => {
                (strategy.span.start, format!("{field}.strategy"))
            }
            StrategyError::UnknownParameter { param, .. }
            | StrategyError::ParameterOutOfRange { param, .. }
            | StrategyError::ParameterWrongKind { param, .. } => (
                spans
                    .iter()
                    .find(|(k, _)| k == param)
                    .map_or(start, |s| s.1),
                format!("{field}.{param}"),
            ),
        };
        source.invalid(offset, &name, error.to_string())
    })?;
    Ok((player, extra_value))
}

/// `[game]` and `[match]` as resolved TOML tables.
pub fn settings_toml(
    settings: &MatchSettings,
    preset: &Option<String>,
) -> (toml::Table, toml::Table) {
    let mut game = toml::Table::new();
    let payoffs = match preset {
        Some(name) => toml::Value::String(name.clone()),
        None => {
            let p = settings.payoffs;
            let mut t = toml::Table::new();
            for (k, v) in [("R", p.r), ("S", p.s), ("T", p.t), ("P", p.p)] {
                t.insert(k.into(), toml::Value::Float(v));
            }
            toml::Value::Table(t)
        }
    };
    game.insert("payoffs".into(), payoffs);
    let mut m = toml::Table::new();
    match settings.horizon {
        Horizon::Fixed { turns } => {
            m.insert("turns".into(), toml::Value::Integer(turns as i64));
        }
        Horizon::Random { continuation, cap } => {
            m.insert("continuation".into(), toml::Value::Float(continuation));
            if let Some(cap) = cap {
                m.insert("cap".into(), toml::Value::Integer(cap as i64));
            }
        }
    }
    m.insert("noise".into(), toml::Value::Float(settings.noise));
    (game, m)
}

pub use crate::scenario::strategy_file::player_toml;
