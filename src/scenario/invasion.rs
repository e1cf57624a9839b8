//! The `invasion` scenario kind: who invades whom in a finite population,
//! analytically (`evolution::invasion`): every fixation probability, the
//! small-mutation chain's stationary distribution.
//!
//! ```toml
//! kind = "invasion"
//! [population]
//! size = 100             # Z, at least 2 (default 100)
//! [selection]
//! process = "fermi"      # "fermi" (pairwise comparison, default) or "moran"
//! beta = 1.0             # intensity of selection: beta >= 0 for "fermi",
//!                        # w in [0, 1] for "moran" (default 1)
//! [payoffs]
//! table = "results/classic/payoff_matrix.csv"  # relative to this file
//! strategies = ["Cooperator", "Defector"]      # optional: a subset, in order
//! [alpharank]            # optional: also alpha-Rank (alpharank.csv)
//! alpha = 1.0            # ranking intensity >= 0, or "infinite"
//! m = 50                 # its population size (default: population.size)
//! epsilon = 0.01         # the noise of infinite alpha (default 0.01)
//! [curve]                # optional: stationary abundance against the intensity
//! from = 0.001           # of selection, at `points` log-spaced values from `from`
//! to = 10.0              # to `to` (defaults: fermi 0.001 to 10, moran 0.001 to 1,
//! points = 41            # 41 points; on by default up to 12 strategies; 0: none)
//! [gradient]             # optional: gradient of selection of [mutant, resident]
//! pairs = [["Defector", "Tit For Tat"]]  # default: the most abundant strategy
//!                        # and the mutant that takes it over most easily
//! ```
//!
//! Without `[payoffs] table` the payoffs come from the tournament the file
//! describes (`[game]`, `[match]`, `[[players]]` and `[output]` as in a
//! `tournament` scenario), played before the analysis. A table is a
//! `payoff_matrix.csv` as `dilemma run` writes it: a header `Player,<name>,
//! ...`, then one row per strategy in the header's order, its mean score
//! per turn against each column. It is read while the scenario is, so a
//! mistake in it (a name that does not match the header, a missing or
//! extra cell, NaN) is an error of the scenario naming the table's line
//! and column.

use crate::evolution::invasion::alpharank::Alpha;
use crate::evolution::invasion::{PayoffMatrix, Selection};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use crate::scenario::strategy_file::base_of;
use crate::scenario::tournament::{TournamentScenario, read_tournament};
use std::path::PathBuf;
use toml::de::DeValue;

/// Default population size.
pub const DEFAULT_POPULATION: u32 = 100;
/// Most strategies in a table (the work limits bound it further).
pub const MAX_STRATEGIES: usize = 10_000;

/// Where the payoffs come from.
#[derive(Clone, Debug)]
pub enum InvasionPayoffs {
    /// Read from a payoff table.
    Table {
        /// The path as written in the scenario.
        given: String,
        /// The path it resolves to.
        path: PathBuf,
        /// The strategies asked for (`strategies`), when a subset.
        subset: Option<Vec<String>>,
        /// The strategies' names, in order.
        names: Vec<String>,
        /// Their payoffs (mean score per turn).
        matrix: Vec<Vec<f64>>,
    },
    /// Played by a tournament.
    Tournament(Box<TournamentScenario>),
}

/// A validated invasion scenario.
#[derive(Clone, Debug)]
pub struct InvasionScenario {
    /// Results folder name.
    pub name: String,
    /// Master seed (the tournament's, when one is played).
    pub seed: u64,
    /// Population size Z.
    pub population: usize,
    /// The process and its intensity.
    pub selection: Selection,
    /// The payoffs.
    pub payoffs: InvasionPayoffs,
    /// Draw the charts (`[output] charts`, default true).
    pub charts: bool,
    /// How charts are drawn (`[output]`).
    pub chart_style: crate::output::charts::ChartStyle,
    /// Free text (the tournament's, when one is played).
    pub description: Option<String>,
    /// α-Rank too (`[alpharank]`): its population m and α.
    pub alpharank: Option<(usize, Alpha)>,
    /// Stationary abundance against the intensity (`[curve]`).
    pub curve: Option<Curve>,
    /// Gradients of selection to draw, `(mutant, resident)` by index;
    /// empty: the default pair, chosen from the results.
    pub gradient: Vec<(usize, usize)>,
}

/// The intensities of selection of the abundance curve: `points` values
/// spaced evenly in logarithm from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Curve {
    /// Smallest intensity (> 0).
    pub from: f64,
    /// Largest intensity.
    pub to: f64,
    /// How many (2 to [`MAX_CURVE_POINTS`]).
    pub points: usize,
}

/// Most points of an abundance curve.
pub const MAX_CURVE_POINTS: usize = 200;
/// Most strategies drawn as an invasion diagram, and the default curve's.
pub const DIAGRAM_STRATEGIES: usize = 12;
/// Most gradient pairs.
pub const MAX_GRADIENT_PAIRS: usize = 8;

impl Curve {
    /// The default curve of a process.
    pub fn default_for(selection: Selection) -> Curve {
        let to = match selection {
            Selection::Fermi { .. } => 10.0,
            Selection::Moran { .. } => 1.0,
        };
        Curve {
            from: 0.001,
            to,
            points: 41,
        }
    }

    /// The intensities, smallest first.
    pub fn intensities(&self) -> Vec<f64> {
        let (lo, hi) = (self.from.ln(), self.to.ln());
        let last = (self.points - 1).max(1) as f64;
        (0..self.points)
            .map(|k| {
                let v = (lo + (hi - lo) * k as f64 / last).exp();
                // Decimal values as written (0.001, not 0.0010000000000000002).
                let digits = 12 - v.abs().log10().floor() as i32;
                let scale = 10f64.powi(digits.clamp(0, 300));
                if scale.is_finite() {
                    (v * scale).round() / scale
                } else {
                    v
                }
            })
            .collect()
    }
}

impl InvasionScenario {
    /// The number of strategies.
    pub fn strategies(&self) -> usize {
        match &self.payoffs {
            InvasionPayoffs::Table { names, .. } => names.len(),
            InvasionPayoffs::Tournament(t) => t.players.len(),
        }
    }

    /// The strategies' names, in order.
    pub fn names(&self) -> Vec<String> {
        match &self.payoffs {
            InvasionPayoffs::Table { names, .. } => names.clone(),
            InvasionPayoffs::Tournament(t) => t.players.iter().map(|p| p.name.clone()).collect(),
        }
    }

    /// Replaces the seed.
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
        if let InvasionPayoffs::Tournament(t) = &mut self.payoffs {
            t.seed = seed;
        }
    }

    /// The scenario with defaults written out.
    pub fn resolved_toml(&self) -> String {
        let mut population = toml::Table::new();
        population.insert("size".into(), (self.population as i64).into());
        let mut selection = toml::Table::new();
        selection.insert("process".into(), self.selection.process().into());
        selection.insert("beta".into(), self.selection.intensity().into());
        let mut tail = toml::Table::new();
        tail.insert("population".into(), population.into());
        tail.insert("selection".into(), selection.into());
        if let Some((m, alpha)) = self.alpharank {
            let mut table = toml::Table::new();
            match alpha {
                Alpha::Finite(a) => {
                    table.insert("alpha".into(), a.into());
                }
                Alpha::Infinite { epsilon } => {
                    table.insert("alpha".into(), "infinite".into());
                    table.insert("epsilon".into(), epsilon.into());
                }
            }
            table.insert("m".into(), (m as i64).into());
            tail.insert("alpharank".into(), table.into());
        }
        let mut curve = toml::Table::new();
        match self.curve {
            Some(c) => {
                curve.insert("from".into(), c.from.into());
                curve.insert("to".into(), c.to.into());
                curve.insert("points".into(), (c.points as i64).into());
            }
            None => {
                curve.insert("points".into(), 0.into());
            }
        }
        tail.insert("curve".into(), curve.into());
        if !self.gradient.is_empty() {
            let names = self.names();
            let pairs: Vec<toml::Value> = self
                .gradient
                .iter()
                .map(|&(a, b)| {
                    toml::Value::Array(vec![names[a].clone().into(), names[b].clone().into()])
                })
                .collect();
            let mut gradient = toml::Table::new();
            gradient.insert("pairs".into(), pairs.into());
            tail.insert("gradient".into(), gradient.into());
        }
        match &self.payoffs {
            InvasionPayoffs::Table { given, subset, .. } => {
                let mut payoffs = toml::Table::new();
                payoffs.insert("table".into(), given.clone().into());
                if let Some(subset) = subset {
                    payoffs.insert(
                        "strategies".into(),
                        subset
                            .iter()
                            .map(|s| toml::Value::from(s.clone()))
                            .collect::<Vec<_>>()
                            .into(),
                    );
                }
                tail.insert("payoffs".into(), payoffs.into());
                let mut output = toml::Table::new();
                output.insert("charts".into(), self.charts.into());
                crate::scenario::chart_options::write(&self.chart_style, &mut output);
                tail.insert("output".into(), output.into());
                let mut head = toml::Table::new();
                head.insert("name".into(), self.name.clone().into());
                head.insert("kind".into(), "invasion".into());
                if let Some(d) = &self.description {
                    head.insert("description".into(), d.clone().into());
                }
                head.insert("seed".into(), (self.seed as i64).into());
                format!(
                    "{}\n{}",
                    toml::to_string(&head).unwrap_or_default(),
                    toml::to_string(&tail).unwrap_or_default()
                )
            }
            InvasionPayoffs::Tournament(t) => {
                let base =
                    t.resolved_toml()
                        .replacen("kind = \"tournament\"", "kind = \"invasion\"", 1);
                format!("{base}\n{}", toml::to_string(&tail).unwrap_or_default())
            }
        }
    }
}

/// Reads an invasion scenario.
pub fn read_invasion(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
    warnings: &mut Vec<String>,
) -> Result<InvasionScenario, ScenarioError> {
    let source = top.source();
    let mut population = DEFAULT_POPULATION as usize;
    if let Some(mut table) = top.table("population")? {
        if let Some(size) = table.count("size", 2)? {
            population = size.value as usize;
        }
        table.finish()?;
    }
    let mut selection = Selection::Fermi { beta: 1.0 };
    if let Some(mut table) = top.table("selection")? {
        let process = table.string("process")?;
        let beta = table.number("beta")?;
        let value = beta.as_ref().map_or(1.0, |b| b.value);
        let at = beta.as_ref().map_or(table.span().start, |b| b.span.start);
        selection = match process.as_ref().map(|p| p.value.as_str()) {
            None | Some("fermi") => {
                if value < 0.0 {
                    return Err(table.error(
                        at,
                        "beta",
                        format!("the intensity of selection must be at least 0, got {value}"),
                    ));
                }
                Selection::Fermi { beta: value }
            }
            Some("moran") => {
                if !(0.0..=1.0).contains(&value) {
                    return Err(table.error(
                        at,
                        "beta",
                        format!(
                            "for process = \"moran\" the intensity w (fitness 1 - w + w x payoff) must be between 0 and 1, got {value}"
                        ),
                    ));
                }
                Selection::Moran { w: value }
            }
            Some(other) => {
                let at = process.as_ref().map_or(0, |p| p.span.start);
                return Err(table.error(
                    at,
                    "process",
                    format!("unknown process `{other}` (allowed: \"fermi\", \"moran\")"),
                ));
            }
        };
        table.finish()?;
    }
    let mut alpharank = None;
    if let Some(mut table) = top.table("alpharank")? {
        let m = table
            .count("m", 2)?
            .map_or(population, |m| m.value as usize);
        let epsilon = table.number("epsilon")?;
        let alpha = match table.value("alpha") {
            None => Alpha::Finite(1.0),
            Some(value) => match value.get_ref() {
                DeValue::String(s) if s == "infinite" => {
                    let e = epsilon.as_ref().map_or(0.01, |e| e.value);
                    if !(e > 0.0 && e < 1.0) {
                        let at = epsilon.as_ref().map_or(0, |e| e.span.start);
                        return Err(table.error(
                            at,
                            "epsilon",
                            format!("must be above 0 and below 1, got {e}"),
                        ));
                    }
                    Alpha::Infinite { epsilon: e }
                }
                _ => match crate::scenario::reader::finite_number(value.get_ref()) {
                    Some(a) if a >= 0.0 => {
                        if let Some(e) = &epsilon {
                            return Err(table.error(
                                e.span.start,
                                "epsilon",
                                "`epsilon` is for alpha = \"infinite\"",
                            ));
                        }
                        Alpha::Finite(a)
                    }
                    _ => {
                        return Err(table.error(
                            value.span().start,
                            "alpha",
                            "expected a finite number of at least 0 or \"infinite\"",
                        ));
                    }
                },
            },
        };
        table.finish()?;
        alpharank = Some((m, alpha));
    }
    let mut from_table = None;
    if let Some(mut table) = top.table("payoffs")? {
        let Some(path) = table.string("table")? else {
            return Err(table.error(
                table.span().start,
                "table",
                "missing: `[payoffs]` needs `table = \"path/to/payoff_matrix.csv\"` (or leave \
                 `[payoffs]` out and give [[players]] to play a tournament)",
            ));
        };
        let subset = match table.array("strategies")? {
            None => None,
            Some(list) => {
                let mut names = Vec::new();
                for item in list.value {
                    match item.get_ref() {
                        DeValue::String(s) => names.push((s.to_string(), item.span().start)),
                        _ => {
                            return Err(table.error(
                                item.span().start,
                                "strategies",
                                "expected the names of strategies in the table, as strings",
                            ));
                        }
                    }
                }
                Some((names, list.span.start))
            }
        };
        let resolved = base_of(source).join(&path.value);
        let text = std::fs::read_to_string(&resolved).map_err(|e| {
            table.error(
                path.span.start,
                "table",
                format!("cannot read {}: {e}", resolved.display()),
            )
        })?;
        let (mut names, mut matrix) = parse_payoff_table(&text).map_err(|(line, column, m)| {
            table.error(
                path.span.start,
                "table",
                format!("{}:{line}:{column}: {m}", resolved.display()),
            )
        })?;
        let mut kept = None;
        if let Some((subset, at)) = subset {
            let mut index = Vec::new();
            for (wanted, offset) in &subset {
                match names.iter().position(|n| n == wanted) {
                    Some(i) if index.contains(&i) => {
                        return Err(table.error(
                            *offset,
                            "strategies",
                            format!("`{wanted}` is listed twice"),
                        ));
                    }
                    Some(i) => index.push(i),
                    None => {
                        return Err(table.error(
                            *offset,
                            "strategies",
                            format!(
                                "`{wanted}` is not in {} (its strategies: {})",
                                resolved.display(),
                                names.join(", ")
                            ),
                        ));
                    }
                }
            }
            if index.len() < 2 {
                return Err(table.error(at, "strategies", "name at least two strategies"));
            }
            matrix = index
                .iter()
                .map(|&i| index.iter().map(|&j| matrix[i][j]).collect())
                .collect();
            names = index.iter().map(|&i| names[i].clone()).collect();
            kept = Some(subset.into_iter().map(|(n, _)| n).collect());
        }
        if let (Selection::Moran { w }, Ok(m)) = (selection, PayoffMatrix::new(&matrix)) {
            let min = m.min();
            if 1.0 - w + w * min < 0.0 {
                return Err(table.error(
                    path.span.start,
                    "table",
                    format!(
                        "the Moran process needs fitness 1 - w + w x payoff of at least 0; the smallest payoff {min} with w = {w} gives {}",
                        1.0 - w + w * min
                    ),
                ));
            }
        }
        table.finish()?;
        from_table = Some(InvasionPayoffs::Table {
            given: path.value,
            path: resolved,
            subset: kept,
            names,
            matrix,
        });
    }
    let mut description = None;
    let payoffs = match from_table {
        Some(table) => {
            description = top.string("description")?.map(|d| d.value);
            for key in ["players", "game", "match", "ranking"] {
                if let Some(value) = top.value(key) {
                    return Err(top.error(
                        value.span().start,
                        key,
                        "the payoffs come from `[payoffs] table`; give either a table or a \
                         tournament ([game], [match], [[players]]), not both",
                    ));
                }
            }
            table
        }
        None => InvasionPayoffs::Tournament(Box::new(read_tournament(
            top,
            name.clone(),
            seed,
            warnings,
        )?)),
    };
    let (charts, chart_style) = match &payoffs {
        InvasionPayoffs::Tournament(t) => (t.charts, t.chart_style),
        InvasionPayoffs::Table { .. } => match top.table("output")? {
            None => (true, crate::output::charts::ChartStyle::default()),
            Some(mut output) => {
                let charts = output.boolean("charts")?.is_none_or(|b| b.value);
                let style = crate::scenario::chart_options::read(&mut output)?;
                output.finish()?;
                (charts, style)
            }
        },
    };
    let names = match &payoffs {
        InvasionPayoffs::Table { names, .. } => names.clone(),
        InvasionPayoffs::Tournament(t) => t.players.iter().map(|p| p.name.clone()).collect(),
    };
    let curve = read_curve(top, selection, names.len())?;
    let gradient = read_gradient(top, &names)?;
    Ok(InvasionScenario {
        name,
        seed,
        population,
        selection,
        payoffs,
        charts,
        chart_style,
        description,
        alpharank,
        curve,
        gradient,
    })
}

/// `[curve]`: the abundance curve, or none.
fn read_curve(
    top: &mut TableReader<'_>,
    selection: Selection,
    strategies: usize,
) -> Result<Option<Curve>, ScenarioError> {
    let default = Curve::default_for(selection);
    let Some(mut table) = top.table("curve")? else {
        return Ok((strategies <= DIAGRAM_STRATEGIES).then_some(default));
    };
    let points = match table.integer("points")? {
        None => default.points,
        Some(p) if p.value == 0 => 0,
        Some(p) if (2..=MAX_CURVE_POINTS as i64).contains(&p.value) => p.value as usize,
        Some(p) => {
            return Err(table.error(
                p.span.start,
                "points",
                format!(
                    "expected 0 (no curve) or 2 to {MAX_CURVE_POINTS} intensities, got {}",
                    p.value
                ),
            ));
        }
    };
    let mut bound = |key: &str, fallback: f64| -> Result<(f64, usize), ScenarioError> {
        let span = table.span().start;
        Ok(match table.number(key)? {
            None => (fallback, span),
            Some(v) => (v.value, v.span.start),
        })
    };
    let (from, from_at) = bound("from", default.from)?;
    let (to, to_at) = bound("to", default.to)?;
    if points == 0 {
        table.finish()?;
        return Ok(None);
    }
    let upper = match selection {
        Selection::Fermi { .. } => f64::MAX,
        Selection::Moran { .. } => 1.0,
    };
    if !(from > 0.0 && from <= upper) {
        return Err(table.error(
            from_at,
            "from",
            format!("the smallest intensity must be above 0 and at most {upper}, got {from}"),
        ));
    }
    if !(to > from && to <= upper) {
        return Err(table.error(
            to_at,
            "to",
            format!(
                "the largest intensity must be above `from` ({from}) and at most {upper}, got {to}"
            ),
        ));
    }
    table.finish()?;
    Ok(Some(Curve { from, to, points }))
}

/// `[gradient] pairs`: `[mutant, resident]` names, as indices.
fn read_gradient(
    top: &mut TableReader<'_>,
    names: &[String],
) -> Result<Vec<(usize, usize)>, ScenarioError> {
    let Some(mut table) = top.table("gradient")? else {
        return Ok(Vec::new());
    };
    let Some(list) = table.array("pairs")? else {
        return Err(table.error(
            table.span().start,
            "pairs",
            "missing: `[gradient]` needs `pairs = [[\"mutant\", \"resident\"], ...]`",
        ));
    };
    let at = list.span.start;
    let mut pairs = Vec::new();
    for item in list.value {
        let offset = item.span().start;
        let pair: Option<Vec<&str>> = match item.get_ref() {
            DeValue::Array(two) if two.len() == 2 => two
                .iter()
                .map(|v| match v.get_ref() {
                    DeValue::String(s) => Some(s.as_ref()),
                    _ => None,
                })
                .collect(),
            _ => None,
        };
        let Some(pair) = pair else {
            return Err(table.error(
                offset,
                "pairs",
                "expected pairs of names, [\"mutant\", \"resident\"]",
            ));
        };
        let mut index = [0usize; 2];
        for (slot, wanted) in index.iter_mut().zip(&pair) {
            *slot = names.iter().position(|n| n == wanted).ok_or_else(|| {
                table.error(
                    offset,
                    "pairs",
                    format!(
                        "`{wanted}` is not one of the strategies ({})",
                        names.join(", ")
                    ),
                )
            })?;
        }
        if index[0] == index[1] {
            return Err(table.error(
                offset,
                "pairs",
                format!(
                    "a pair needs two different strategies, got `{}` twice",
                    pair[0]
                ),
            ));
        }
        pairs.push((index[0], index[1]));
    }
    if pairs.is_empty() || pairs.len() > MAX_GRADIENT_PAIRS {
        return Err(table.error(
            at,
            "pairs",
            format!("give 1 to {MAX_GRADIENT_PAIRS} pairs, got {}", pairs.len()),
        ));
    }
    table.finish()?;
    Ok(pairs)
}

/// A payoff table read from CSV: the strategies' names and their rows.
pub type NamedTable = (Vec<String>, Vec<Vec<f64>>);

/// Where a payoff table is wrong: (line, column, message), 1-based, the
/// column counting cells.
pub type TableMistake = (usize, usize, String);

/// Reads a `payoff_matrix.csv`: the names and the rows.
pub fn parse_payoff_table(text: &str) -> Result<NamedTable, TableMistake> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut records = reader.records();
    let header = match records.next() {
        Some(Ok(h)) => h,
        Some(Err(e)) => return Err((1, 1, format!("not CSV: {e}"))),
        None => return Err((1, 1, "empty: expected a header `Player,<name>,...`".into())),
    };
    let names: Vec<String> = header.iter().skip(1).map(str::to_string).collect();
    if names.len() < 2 {
        return Err((
            1,
            1,
            "the header names fewer than two strategies (expected `Player,<name>,<name>,...`)"
                .into(),
        ));
    }
    if names.len() > MAX_STRATEGIES {
        return Err((
            1,
            1,
            format!(
                "{} strategies, more than the {MAX_STRATEGIES} allowed",
                names.len()
            ),
        ));
    }
    for (i, name) in names.iter().enumerate() {
        if name.is_empty() {
            return Err((1, i + 2, "a strategy without a name".into()));
        }
        if names[..i].contains(name) {
            return Err((1, i + 2, format!("`{name}` is named twice")));
        }
    }
    let mut matrix = Vec::new();
    for (row, record) in records.enumerate() {
        let line = row + 2;
        let record = record.map_err(|e| (line, 1, format!("not CSV: {e}")))?;
        let Some(expected) = names.get(row) else {
            return Err((
                line,
                1,
                format!(
                    "more rows than the {} strategies of the header",
                    names.len()
                ),
            ));
        };
        let name = record.get(0).unwrap_or("");
        if name != expected {
            return Err((
                line,
                1,
                format!(
                    "row {} is `{name}` but the header's strategy {} is `{expected}`; rows must follow the header's order",
                    row + 1,
                    row + 1
                ),
            ));
        }
        if record.len() != names.len() + 1 {
            return Err((
                line,
                record.len().min(names.len() + 1),
                format!(
                    "{} payoffs for {} strategies",
                    record.len().saturating_sub(1),
                    names.len()
                ),
            ));
        }
        let mut values = Vec::with_capacity(names.len());
        for (j, cell) in record.iter().skip(1).enumerate() {
            match cell.trim().parse::<f64>() {
                Ok(v) if v.is_finite() => values.push(v),
                _ => {
                    return Err((
                        line,
                        j + 2,
                        format!(
                            "payoff of `{name}` against `{}` is `{cell}`; every payoff must be a finite number",
                            names[j]
                        ),
                    ));
                }
            }
        }
        matrix.push(values);
    }
    if matrix.len() < names.len() {
        return Err((
            matrix.len() + 2,
            1,
            format!(
                "`{}` has no row: {} rows for {} strategies",
                names[matrix.len()],
                matrix.len(),
                names.len()
            ),
        ));
    }
    Ok((names, matrix))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payoff_table_reads_back_and_mistakes_are_located() {
        let ok = "Player,A,B\nA,3.0,0.0\nB,5.0,1.0\n";
        let (names, m) = parse_payoff_table(ok).unwrap();
        assert_eq!(names, ["A", "B"]);
        assert_eq!(m, vec![vec![3.0, 0.0], vec![5.0, 1.0]]);
        let nan = "Player,A,B\nA,3.0,nan\nB,5.0,1.0\n";
        let (line, column, message) = parse_payoff_table(nan).unwrap_err();
        assert_eq!((line, column), (2, 3));
        assert!(message.contains("`A` against `B`"), "{message}");
        let swapped = "Player,A,B\nB,5.0,1.0\nA,3.0,0.0\n";
        assert_eq!(parse_payoff_table(swapped).unwrap_err().0, 2);
        let missing = "Player,A,B\nA,3.0,0.0\n";
        assert!(
            parse_payoff_table(missing)
                .unwrap_err()
                .2
                .contains("`B` has no row")
        );
        let short = "Player,A,B\nA,3.0\nB,5.0,1.0\n";
        assert!(
            parse_payoff_table(short)
                .unwrap_err()
                .2
                .contains("1 payoffs for 2")
        );
        assert!(
            parse_payoff_table("Player,A,A\n")
                .unwrap_err()
                .2
                .contains("twice")
        );
    }
}
