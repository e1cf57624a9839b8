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
//!                       # (wythoff: the (table+1)^2 grid); default limit
//!                       # 10^7 (wythoff 2000), lifted up to 10^8 (3000)
//! positions = ["kayles 10", ["nim 3", "bash 5 --max 2"]]  # optional
//! [output]
//! charts = true         # default true
//! ```
//!
//! Graph positions (`graph FILE NODE`) read FILE relative to the folder of
//! the scenario file.
//!
//! Work limits: the reader decides every refusal while it reads the file,
//! within the limits in force (the default ones, or none with `[limits]
//! none = true` or `dilemma run --no-limit`, which `scenario::load_within`
//! passes in), so nothing is refused or fails at run time:
//! - `game.table` over its default limit (the rows, Wythoff's cubic grid,
//!   Fibonacci Nim's rows, a game tabulated position by position, an octal
//!   table whose values reach the work limit, counted as they are computed
//!   here, before its period is proven) and
//!   a subtraction set whose period search is over its limit (`game.rule`)
//!   are the table's work refusal ([`crate::impartial::table::plan`]);
//! - a position over a default work limit of its solver (an octal heap
//!   whose values reach the work limit before a period is proven, a
//!   subtraction set's period search, ...) is the position's
//!   (`game.positions`);
//! - the positions together: every position's work is estimated before
//!   any is solved ([`position_work`]) and the estimates added; the
//!   position that pushes the sum over
//!   [`crate::scenario::work::MAX_POSITIONS_WORK`] is the refusal
//!   (`game.positions`), and none is solved. Positions of one rule share
//!   its analysis ([`Shared`]: the period searches the estimate made are
//!   kept and used, not made again).
//!
//! A refusal is not an error of the file: it is kept as
//! [`ImpartialScenario::over_limit`] (file, line, column, field, the
//! estimate and the limit), reported by `dilemma run` like every other work
//! estimate, and lifted by either switch. A hard bound (memory) stays an
//! error of the file, lifted or not.
//!
//! Nothing is done twice: each position is solved here, once (the run
//! writes [`ImpartialScenario::solutions`]), and the work that decided the
//! table (a subtraction set's period, an octal code's short period search)
//! is kept in [`ImpartialScenario::table_plan`], from which the run computes
//! the values. The table's values themselves are computed by the run only,
//! so reading stays fast, except an octal table's whose worst case is more
//! than a moment: its values are what decide it (computed within the work
//! limit while reading, kept for the run).

use crate::impartial::catalogue::{Shared, parse_game_shared, position_floor, position_work};
use crate::impartial::table::{Cause, Plan, plan};
use crate::impartial::{Solution, solve};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use crate::scenario::work;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use toml::de::DeValue;

/// How many winning moves each solved position lists.
pub const LISTED_MOVES: usize = 20;

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
    /// Each position solved while the file was read (within the limits in
    /// force), in the order of `positions`; `None` for one not solved
    /// because the scenario is refused ([`ImpartialScenario::over_limit`]).
    pub solutions: Vec<Option<Solution>>,
    /// Seconds spent solving the positions while the file was read.
    pub solve_seconds: f64,
    /// The table checked within the limits in force, with the work that
    /// decided it; `None` when it is refused ([`ImpartialScenario::over_limit`]).
    pub table_plan: Option<Arc<Plan>>,
    /// Folder graph files are read relative to.
    pub folder: PathBuf,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
    /// The table (`game.table`, or `game.rule` for a subtraction set's
    /// period search) or else the first position (`game.positions`) over
    /// its solver's default work limit, as a refusal naming the file, line,
    /// column and field; `None` when within the limits or lifted.
    pub over_limit: Option<ScenarioError>,
    /// Read without the default work limits (`[limits] none = true` or
    /// `dilemma run --no-limit`): the table and the positions were checked
    /// and solved as lifted.
    pub lifted: bool,
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
/// taken; `lifted` is the scenario's `[limits] none` or `dilemma run
/// --no-limit`: the table and the positions are checked (and the positions
/// solved) without the default work limits.
pub fn read_impartial(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
    lifted: bool,
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
    let lift = "lift the limit with `dilemma run --no-limit` or `[limits] none = true` in the \
                scenario";
    // The rule and the size, without computing the values: an error of the
    // file, or (over a default work limit) the scenario's refusal.
    let mut over_limit = None;
    let table_plan = match plan(&words(&rule.value), table.value as u64, lifted) {
        Ok(p) => Some(Arc::new(p)),
        Err(e) => {
            let (at, field) = match e.cause {
                Cause::Rule => (rule.span.start, "rule"),
                Cause::Size => (table.span.start, "table"),
            };
            if !e.error.is_work_limit() {
                return Err(game.error(at, field, e.to_string()));
            }
            over_limit = Some(game.error(at, field, format!("{e}; {lift}")));
            None
        }
    };
    let mut positions = Vec::new();
    let mut solutions = Vec::new();
    let started = Instant::now();
    let mut shared = Shared::default();
    if let Some(items) = game.array("positions")? {
        // Over the positions' count limit (`work::estimate`), the scenario
        // is refused unless lifted: they are checked, not solved.
        let solving = lifted || items.value.len() as u128 <= work::MAX_POSITIONS;
        // Before any is solved, the positions' work is added up twice: their
        // floors (`position_floor`, pure), then their estimates
        // (`position_work`: cheap, but for capped short period searches,
        // kept in `shared`); the first position that pushes either sum over
        // `work::MAX_POSITIONS_WORK` is the scenario's work refusal.
        let mut listed = Vec::new();
        let mut total = 0u128;
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
            listed.push((start, w));
        }
        // A floor under each estimate first (no search at all): a list over
        // the limit by its floors alone is refused without searching.
        let mut floor = 0u128;
        let mut seen = Shared::default();
        for (start, w) in &listed {
            let bad = |m: String| game.error(*start, "positions", m);
            match position_floor(w, &reader(&folder), &mut seen) {
                Ok(amount) => floor = floor.saturating_add(amount),
                Err(e) if e.is_work_limit() => {
                    over_limit = over_limit.or_else(|| Some(bad(format!("{e}; {lift}"))));
                }
                Err(e) => return Err(bad(e.to_string())),
            }
            if !lifted && floor > work::MAX_POSITIONS_WORK && over_limit.is_none() {
                over_limit = Some(bad(format!(
                    "too much work: the positions up to this one add up to at least {:.1e} \
                     steps (split evaluations, mex steps, table entries: each position's \
                     least work before it is solved), over the default limit of {:.0e} for \
                     the whole list; {lift}",
                    floor as f64,
                    work::MAX_POSITIONS_WORK as f64
                )));
            }
        }
        for (start, w) in &listed {
            let bad = |m: String| game.error(*start, "positions", m);
            if !lifted && over_limit.is_none() {
                match position_work(w, &reader(&folder), &mut shared) {
                    Ok(amount) => {
                        total = total.saturating_add(amount);
                        if total > work::MAX_POSITIONS_WORK {
                            over_limit = Some(bad(format!(
                                "too much work: the positions up to this one add up to about \
                                 {total:.1e} steps (split evaluations, mex steps, table \
                                 entries: each position's estimate before it is solved), over \
                                 the default limit of {:.0e} for the whole list; {lift}",
                                work::MAX_POSITIONS_WORK as f64,
                                total = total as f64
                            )));
                        }
                    }
                    Err(e) if e.is_work_limit() => {
                        over_limit = Some(bad(format!("{e}; {lift}")));
                    }
                    Err(e) => return Err(bad(e.to_string())),
                }
            }
        }
        // Then, unless refused, each is checked within the limits in
        // force and solved, once: one over the default limits is the
        // scenario's work refusal, and the rest are not solved.
        for (start, w) in listed {
            let bad = |m: String| game.error(start, "positions", m);
            if over_limit.is_some() {
                solutions.push(None);
            } else {
                match parse_game_shared(&w, &reader(&folder), lifted, &mut shared) {
                    Ok(p) => solutions.push(solving.then(|| solve(p.as_ref(), LISTED_MOVES))),
                    Err(e) if e.is_work_limit() => {
                        over_limit = Some(bad(format!("{e}; {lift}")));
                        solutions.push(None);
                    }
                    Err(e) => return Err(bad(e.to_string())),
                }
            }
            positions.push(w);
        }
    }
    let solve_seconds = started.elapsed().as_secs_f64();
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
        solutions,
        solve_seconds,
        table_plan,
        folder,
        charts,
        chart_style,
        over_limit,
        lifted,
    })
}
