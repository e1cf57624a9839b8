//! The `impartial` scenario kind: a table of Grundy values with its proven
//! period and charts, plus any positions to solve (a string is one game, an
//! array of strings is their sum).
//!
//! ```toml
//! name = "kayles-values"
//! kind = "impartial"
//! [game]
//! rule = "kayles"       # required: `dilemma solve` words without the heap,
//!                       # e.g. "subtraction --set 1,3,4", "octal --code 0.07",
//!                       # "ruler", "coloring", "wythoff" (a grid of piles)
//! table = 200           # required: values for n = 0..=table
//!                       # (wythoff: 0 to 300, the (table+1)^2 grid)
//! positions = ["kayles 10", ["nim 3", "bash 5 --max 2"]]  # optional
//! [output]
//! charts = true         # default true
//! ```
//!
//! Graph positions (`graph FILE NODE`) read FILE relative to the folder of
//! the scenario file.
//!
//! A position over a default work limit of its solver (an octal heap beyond
//! direct reach without a proven period, a subtraction set's period search,
//! ...) is not an error of the file: it is the scenario's work refusal
//! ([`ImpartialScenario::over_limit`], reported by `dilemma run` like every
//! other work estimate), lifted by `dilemma run --no-limit` or
//! `[limits] none = true`, which the run then passes to the solvers
//! (`impartial::catalogue::parse_game_within`, the same switch as
//! `dilemma solve --no-limit`). A hard bound (memory) stays an error.

use crate::impartial::catalogue::parse_game;
use crate::impartial::table::tabulate;
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use std::path::{Path, PathBuf};
use toml::de::DeValue;

/// A validated impartial scenario.
#[derive(Clone, Debug)]
pub struct ImpartialScenario {
    /// Results folder name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Seed (unused: everything is exact; kept for the record).
    pub seed: u64,
    /// The game's words without the heap.
    pub rule: String,
    /// Tabulate n = 0..=table.
    pub table: u64,
    /// Positions to solve, as `dilemma solve` words (a sum is `sum` followed
    /// by its parts).
    pub positions: Vec<Vec<String>>,
    /// Folder graph files are read relative to.
    pub folder: PathBuf,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
    /// The first position over its solver's default work limit, as a
    /// refusal naming the file, line, column and `game.positions`.
    pub over_limit: Option<ScenarioError>,
    /// `[limits] none = true`: the solvers run without their default work
    /// limits (as with `dilemma run --no-limit`).
    pub limits_lifted: bool,
}

/// Splits a rule into words.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Reads a graph file relative to `folder`.
pub fn reader(folder: &Path) -> impl Fn(&str) -> Result<String, String> + '_ {
    move |path: &str| std::fs::read_to_string(folder.join(path)).map_err(|e| e.to_string())
}

impl ImpartialScenario {
    /// The scenario with every default written out.
    pub fn resolved_toml(&self) -> String {
        let mut top = toml::Table::new();
        top.insert("name".into(), self.name.clone().into());
        top.insert("kind".into(), "impartial".into());
        if let Some(d) = &self.description {
            top.insert("description".into(), d.clone().into());
        }
        top.insert("seed".into(), toml::Value::Integer(self.seed as i64));
        let mut game = toml::Table::new();
        game.insert("rule".into(), self.rule.clone().into());
        game.insert("table".into(), toml::Value::Integer(self.table as i64));
        let positions: Vec<toml::Value> = self
            .positions
            .iter()
            .map(|w| {
                if w[0] == "sum" {
                    toml::Value::Array(w[1..].iter().map(|p| p.clone().into()).collect())
                } else {
                    w.join(" ").into()
                }
            })
            .collect();
        game.insert("positions".into(), toml::Value::Array(positions));
        top.insert("game".into(), toml::Value::Table(game));
        let mut output = toml::Table::new();
        output.insert("charts".into(), self.charts.into());
        crate::scenario::chart_options::write(&self.chart_style, &mut output);
        top.insert("output".into(), toml::Value::Table(output));
        toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

/// Reads the impartial-specific parts; `top` has `name`, `kind`, `seed`
/// taken; `limits_lifted` is the scenario's `[limits] none`.
pub fn read_impartial(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
    limits_lifted: bool,
) -> Result<ImpartialScenario, ScenarioError> {
    let description = top.string("description")?.map(|d| d.value);
    let folder = top
        .source()
        .path
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let Some(mut game) = top.table("game")? else {
        return Err(top.error(
            top.span().start,
            "game",
            "missing; an impartial scenario needs [game] with rule and table",
        ));
    };
    let rule = game.string("rule")?.ok_or_else(|| {
        game.error(
            game.span().start,
            "rule",
            "missing; the game as `dilemma solve` words without the heap, e.g. \"kayles\" or \"subtraction --set 1,3,4\"",
        )
    })?;
    let table = game.integer("table")?.ok_or_else(|| {
        game.error(
            game.span().start,
            "table",
            "missing; tabulate Grundy values for n = 0..=table",
        )
    })?;
    if table.value < 0 {
        return Err(game.error(
            table.span.start,
            "table",
            format!("must be 0 or more, got {}", table.value),
        ));
    }
    // Validate the rule and the size without computing the whole table.
    tabulate(&words(&rule.value), 0)
        .map_err(|e| game.error(rule.span.start, "rule", e.to_string()))?;
    let limit = match words(&rule.value).first().map(String::as_str) {
        Some("wythoff") => crate::impartial::table::MAX_WYTHOFF_TABLE,
        _ => crate::impartial::table::MAX_HEAP_TABLE,
    };
    if table.value as u64 > limit {
        return Err(game.error(
            table.span.start,
            "table",
            format!("must be at most {limit} for this game, got {}", table.value),
        ));
    }
    let mut positions = Vec::new();
    let mut over_limit = None;
    if let Some(items) = game.array("positions")? {
        for item in items.value {
            let start = item.span().start;
            let bad = |m: String| game.error(start, "positions", m);
            let w = match item.get_ref() {
                DeValue::String(s) => words(s),
                DeValue::Array(parts) => {
                    let mut w = vec!["sum".to_string()];
                    for part in parts {
                        match part.get_ref() {
                            DeValue::String(s) => w.push(s.to_string()),
                            _ => {
                                return Err(bad(
                                    "a sum is an array of strings, e.g. [\"nim 3\", \"kayles 5\"]"
                                        .into(),
                                ));
                            }
                        }
                    }
                    w
                }
                _ => {
                    return Err(bad(
                        "each position is a string like \"nim 3 4 5\" or an array of them (a sum)"
                            .into(),
                    ));
                }
            };
            // Checked within the default limits; one over them is the
            // scenario's work refusal, lifted at run time.
            match parse_game(&w, &reader(&folder)) {
                Ok(_) => {}
                Err(e) if e.is_work_limit() => {
                    over_limit = over_limit.or_else(|| {
                        Some(bad(format!(
                            "{e}; lift the limit with `dilemma run --no-limit` or \
                             `[limits] none = true` in the scenario"
                        )))
                    });
                }
                Err(e) => return Err(bad(e.to_string())),
            }
            positions.push(w);
        }
    }
    game.finish()?;
    let mut charts = true;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }
    Ok(ImpartialScenario {
        name,
        description,
        seed,
        rule: rule.value,
        table: table.value as u64,
        positions,
        folder,
        charts,
        chart_style,
        over_limit,
        limits_lifted,
    })
}
