//! The `spatial` scenario kind: the spatial prisoner's dilemma on a lattice
//! (Nowak & May 1992), with C/D cells or catalogue strategies as cell types.
//!
//! ```toml
//! name = "nowak-may"
//! kind = "spatial"
//! seed = 1
//! [lattice]
//! size = 99                   # or rows = .., cols = .. (default 99 x 99)
//! neighbourhood = "moore"     # "moore" (default) or "von-neumann"
//! self = true                 # a cell also plays itself (default true)
//! boundary = "periodic"       # "periodic" (default) or "fixed"
//! steps = 100                 # default 100
//! start = "centre"            # "centre": one cell of the second type in the middle of the
//!                             # first (default); "random": cells drawn with `shares`
//! shares = [0.9, 0.1]         # for start = "random", one per type (default equal)
//! [game]
//! b = 1.85                    # Nowak & May's temptation (C-C 1, D-C b, else 0); or, with
//!                             # [[players]], payoffs = "standard" and a [match] table
//! # [[players]]               # (older name: [[cells]]) catalogue strategies as cell types (at least 2)
//! # strategy = "tit-for-tat"
//! [output]
//! charts = true
//! frames = true               # one PNG per step in frames/ (default true, at most 1000)
//! snapshots = [0, 10, 50]     # steps saved as CSV + PNG (default: first, middle, last)
//! ```

use crate::evolution::payoff_table::PayoffTable;
use crate::evolution::spatial::{
    Boundary, CellPayoff, Lattice, MAX_TYPES, Neighbourhood, SpatialGame,
};
use crate::ipd::play::MatchSettings;
use crate::scenario::error::ScenarioError;
use crate::scenario::evolution_common::{
    player_toml, read_match_settings, read_strategy_entry, settings_toml,
};
use crate::scenario::reader::TableReader;
use std::sync::Arc;
use toml::de::DeValue;

/// Largest lattice side.
pub const MAX_SIDE: u32 = 4000;
/// Most steps.
pub const MAX_STEPS: u32 = 1_000_000;
/// Most frames written.
pub const MAX_FRAMES: u32 = 1000;

/// A validated spatial scenario.
#[derive(Clone, Debug)]
pub struct SpatialScenario {
    /// Results folder name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Master seed.
    pub seed: u64,
    /// The game.
    pub game: SpatialGame,
    /// Steps.
    pub steps: u64,
    /// "centre" or "random".
    pub start: String,
    /// Shares of a random start.
    pub shares: Vec<f64>,
    /// Nowak & May's b, when that game is used.
    pub b: Option<f64>,
    /// Catalogue cells: players and match settings.
    pub cells: Option<(
        Vec<crate::ipd::strategies::Player>,
        MatchSettings,
        Option<String>,
    )>,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
    /// Write a frame per step.
    pub frames: bool,
    /// Steps to save.
    pub snapshots: Vec<u64>,
}

impl SpatialScenario {
    /// The starting lattice.
    pub fn start_lattice(&self) -> Lattice {
        if self.start == "random" {
            self.game.random_start(&self.shares)
        } else {
            self.game.single_centre(0, 1)
        }
    }

    /// The scenario with defaults written out.
    pub fn resolved_toml(&self) -> String {
        let mut top = toml::Table::new();
        top.insert("name".into(), self.name.clone().into());
        top.insert("kind".into(), "spatial".into());
        if let Some(d) = &self.description {
            top.insert("description".into(), d.clone().into());
        }
        top.insert("seed".into(), (self.seed as i64).into());
        let g = &self.game;
        let mut lattice = toml::Table::new();
        lattice.insert("rows".into(), (g.rows as i64).into());
        lattice.insert("cols".into(), (g.cols as i64).into());
        let hood = match g.neighbourhood {
            Neighbourhood::Moore => "moore",
            Neighbourhood::VonNeumann => "von-neumann",
        };
        lattice.insert("neighbourhood".into(), hood.into());
        lattice.insert("self".into(), g.with_self.into());
        let boundary = match g.boundary {
            Boundary::Periodic => "periodic",
            Boundary::Fixed => "fixed",
        };
        lattice.insert("boundary".into(), boundary.into());
        lattice.insert("steps".into(), (self.steps as i64).into());
        lattice.insert("start".into(), self.start.clone().into());
        if self.start == "random" {
            lattice.insert(
                "shares".into(),
                self.shares
                    .iter()
                    .map(|&s| toml::Value::Float(s))
                    .collect::<Vec<_>>()
                    .into(),
            );
        }
        top.insert("lattice".into(), lattice.into());
        if let Some(b) = self.b {
            let mut game = toml::Table::new();
            game.insert("b".into(), b.into());
            top.insert("game".into(), game.into());
        }
        if let Some((players, settings, preset)) = &self.cells {
            let (game, m) = settings_toml(settings, preset);
            top.insert("game".into(), game.into());
            top.insert("match".into(), m.into());
            top.insert(
                "players".into(),
                players
                    .iter()
                    .map(|p| toml::Value::from(player_toml(p)))
                    .collect::<Vec<_>>()
                    .into(),
            );
        }
        let mut output = toml::Table::new();
        output.insert("charts".into(), self.charts.into());
        crate::scenario::chart_options::write(&self.chart_style, &mut output);
        output.insert("frames".into(), self.frames.into());
        output.insert(
            "snapshots".into(),
            self.snapshots
                .iter()
                .map(|&s| toml::Value::Integer(s as i64))
                .collect::<Vec<_>>()
                .into(),
        );
        top.insert("output".into(), output.into());
        toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

fn numbers(
    table: &TableReader<'_>,
    key: &str,
    value: &toml::Spanned<DeValue<'_>>,
) -> Result<Vec<f64>, ScenarioError> {
    let DeValue::Array(items) = value.get_ref() else {
        return Err(table.error(value.span().start, key, "expected a list of numbers"));
    };
    items
        .iter()
        .map(|item| {
            let v = match item.get_ref() {
                DeValue::Integer(i) => i.as_str().parse::<f64>().ok(),
                DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
                _ => None,
            };
            v.filter(|v| v.is_finite() && *v >= 0.0).ok_or_else(|| {
                table.error(
                    item.span().start,
                    key,
                    "every entry must be a number of at least 0",
                )
            })
        })
        .collect()
}

/// Reads a spatial scenario.
pub fn read_spatial(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
) -> Result<SpatialScenario, ScenarioError> {
    let source = top.source();
    let description = top.string("description")?.map(|d| d.value);
    let mut rows = 99u32;
    let mut cols = 99u32;
    let mut neighbourhood = Neighbourhood::Moore;
    let mut with_self = true;
    let mut boundary = Boundary::Periodic;
    let mut steps = 100u32;
    let mut start = "centre".to_string();
    let mut shares_at = None;
    let mut shares = None;
    if let Some(mut t) = top.table("lattice")? {
        let size = t.count("size", 1)?;
        let r = t.count("rows", 1)?;
        let c = t.count("cols", 1)?;
        if let Some(size) = &size {
            if r.is_some() || c.is_some() {
                return Err(t.error(
                    size.span.start,
                    "size",
                    "give `size` or `rows` and `cols`, not both",
                ));
            }
            rows = size.value;
            cols = size.value;
        }
        for (v, slot) in [(r, &mut rows), (c, &mut cols)] {
            if let Some(v) = v {
                *slot = v.value;
            }
        }
        for (value, key) in [
            (size.as_ref().map(|s| s.value).unwrap_or(rows), "rows"),
            (cols, "cols"),
        ] {
            if value > MAX_SIDE {
                return Err(t.error(
                    t.span().start,
                    key,
                    format!("at most {MAX_SIDE} cells per side, got {value}"),
                ));
            }
        }
        if (rows as u64) * (cols as u64) < 2 {
            return Err(t.error(
                t.span().start,
                "size",
                format!("a lattice needs at least 2 cells, got {}", rows * cols),
            ));
        }
        if let Some(h) = t.string("neighbourhood")? {
            neighbourhood =
                match h.value.as_str() {
                    "moore" => Neighbourhood::Moore,
                    "von-neumann" | "von_neumann" | "vonneumann" => Neighbourhood::VonNeumann,
                    other => return Err(t.error(
                        h.span.start,
                        "neighbourhood",
                        format!(
                            "unknown neighbourhood `{other}` (allowed: \"moore\", \"von-neumann\")"
                        ),
                    )),
                };
        }
        if let Some(s) = t.boolean("self")? {
            with_self = s.value;
        }
        if let Some(b) = t.string("boundary")? {
            boundary = match b.value.as_str() {
                "periodic" => Boundary::Periodic,
                "fixed" => Boundary::Fixed,
                other => {
                    return Err(t.error(
                        b.span.start,
                        "boundary",
                        format!("unknown boundary `{other}` (allowed: \"periodic\", \"fixed\")"),
                    ));
                }
            };
        }
        if let Some(s) = t.count("steps", 0)? {
            if s.value > MAX_STEPS {
                return Err(t.error(
                    s.span.start,
                    "steps",
                    format!("at most {MAX_STEPS}, got {}", s.value),
                ));
            }
            steps = s.value;
        }
        if let Some(s) = t.string("start")? {
            if s.value != "centre" && s.value != "center" && s.value != "random" {
                return Err(t.error(
                    s.span.start,
                    "start",
                    format!(
                        "unknown start `{}` (allowed: \"centre\", \"random\")",
                        s.value
                    ),
                ));
            }
            start = if s.value == "random" {
                "random".into()
            } else {
                "centre".into()
            };
        }
        if let Some(value) = t.value("shares") {
            shares_at = Some(value.span().start);
            shares = Some(numbers(&t, "shares", value)?);
        }
        t.finish()?;
    }

    // Cell types: Nowak & May's C and D, or catalogue strategies.
    // `players` is the name every kind uses; `cells` is its older name here.
    let key = top.key_or_alias("players", "cells")?;
    let has_cells = top.keys().iter().any(|k| k.value == key);
    let mut b = None;
    let (type_names, payoff, cells) = if has_cells {
        let (settings, preset, exact_at) = read_match_settings(top, |_| Ok(()))?;
        if let Some(at) = exact_at {
            return Err(source.invalid(
                at,
                "match.method",
                "\"exact\" is not available in a spatial game (its cells play sampled \
                 matches); use method = \"simulate\" or leave it out",
            ));
        }
        let list = top.array(key)?.expect("checked");
        if list.value.len() < 2 || list.value.len() > MAX_TYPES {
            return Err(source.invalid(
                list.span.start,
                key,
                format!(
                    "give 2 to {MAX_TYPES} [[{key}]] entries, got {}",
                    list.value.len()
                ),
            ));
        }
        let mut players = Vec::new();
        for (i, item) in list.value.iter().enumerate() {
            let (p, ()) =
                read_strategy_entry(source, &format!("{key}[{i}]"), item, &[], |_| Ok(()))?;
            players.push(p);
        }
        let table = Arc::new(PayoffTable::build(&players, settings));
        (
            players.iter().map(|p| p.name.clone()).collect(),
            CellPayoff::Matches(table),
            Some((players, settings, preset)),
        )
    } else {
        let mut value = 1.85;
        if let Some(mut game) = top.table("game")? {
            if let Some(v) = game.number("b")? {
                if !(v.value >= 1.0 && v.value <= 3.0) {
                    return Err(game.error(
                        v.span.start,
                        "b",
                        format!(
                            "Nowak & May's temptation must be between 1 and 3, got {}",
                            v.value
                        ),
                    ));
                }
                value = v.value;
            }
            game.finish()?;
        }
        b = Some(value);
        (
            vec!["Cooperator".to_string(), "Defector".to_string()],
            CellPayoff::Matrix(vec![vec![1.0, 0.0], vec![value, 0.0]]),
            None,
        )
    };
    let k = type_names.len();
    let shares = match shares {
        Some(s) => {
            if s.len() != k || s.iter().sum::<f64>() <= 0.0 {
                return Err(source.invalid(
                    shares_at.unwrap_or(0),
                    "lattice.shares",
                    format!(
                        "give {k} shares (one per cell type), not all 0; got {}",
                        s.len()
                    ),
                ));
            }
            s
        }
        None => vec![1.0 / k as f64; k],
    };

    let mut charts = true;
    let mut frames = true;
    let mut snapshots = vec![0, steps as u64 / 2, steps as u64];
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        frames = output.boolean("frames")?.is_none_or(|b| b.value);
        if let Some(value) = output.value("snapshots") {
            let list = numbers(&output, "snapshots", value)?;
            snapshots = Vec::new();
            for s in list {
                if s.fract() != 0.0 || s > steps as f64 {
                    return Err(output.error(
                        value.span().start,
                        "snapshots",
                        format!("snapshots are whole steps from 0 to {steps}, got {s}"),
                    ));
                }
                snapshots.push(s as u64);
            }
        }
        if frames && steps >= MAX_FRAMES {
            return Err(output.error(
                output.span().start,
                "frames",
                format!("at most {MAX_FRAMES} frames; use fewer steps or frames = false"),
            ));
        }
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    } else if steps >= MAX_FRAMES {
        frames = false;
    }
    snapshots.sort_unstable();
    snapshots.dedup();
    let game = SpatialGame {
        rows: rows as usize,
        cols: cols as usize,
        neighbourhood,
        with_self,
        boundary,
        type_names,
        payoff,
        seed,
    };
    game.validate()
        .map_err(|e| source.invalid(0, "lattice", e.to_string()))?;
    Ok(SpatialScenario {
        name,
        description,
        seed,
        game,
        steps: steps as u64,
        start,
        shares,
        b,
        cells,
        charts,
        chart_style,
        frames,
        snapshots,
    })
}
