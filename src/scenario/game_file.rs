//! Games written as TOML: a standalone game file for `dilemma game FILE`
//! and the `[game]` table of a `game` scenario.
//!
//! ```toml
//! title = "Stag hunt"                 # optional
//! players = ["Hunter 1", "Hunter 2"]  # optional
//! rows = ["Stag", "Hare"]             # row player's strategies
//! cols = ["Stag", "Hare"]             # column player's (omit when symmetric)
//! row_payoffs = [[4, 0], [3, 3]]      # integers, decimals or "3/4" strings
//! col_payoffs = [[4, 3], [0, 3]]      # omit when symmetric = true
//! symmetric = false                   # true: col_payoffs = transpose of row_payoffs
//! ```
//! Every error names the file, line, column and the field, down to the
//! entry (`row_payoffs[2][3]`).

use crate::normal_form::game::Bimatrix;
use crate::normal_form::rational::Rational;
use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::reader::{TableReader, parse_document};
use toml::Spanned;
use toml::de::DeValue;

/// Reads a whole TOML game file.
pub fn parse_game_file(source: &Source) -> Result<Bimatrix, ScenarioError> {
    let document = parse_document(source)?;
    let mut top = TableReader::new(source, "", document.get_ref(), document.span());
    let game = read_game_table(&mut top)?;
    top.finish()?;
    Ok(game)
}

/// Where a TOML game file's payoffs are: an error (its message left empty,
/// for the caller to fill) at the `row_payoffs` field, for failures the
/// payoffs cause after reading (an exact analysis that overflows). None
/// when the file does not parse or has no `row_payoffs`.
pub fn payoffs_field(source: &Source) -> Option<ScenarioError> {
    let document = parse_document(source).ok()?;
    let offset = document
        .get_ref()
        .iter()
        .find(|(k, _)| k.get_ref() == "row_payoffs")
        .map(|(_, v)| v.span().start)?;
    Some(source.invalid(offset, "row_payoffs", ""))
}

fn names(
    t: &mut TableReader<'_>,
    key: &str,
) -> Result<Option<(Vec<String>, usize)>, ScenarioError> {
    let Some(items) = t.array(key)? else {
        return Ok(None);
    };
    let mut out: Vec<String> = Vec::new();
    for (k, item) in items.value.iter().enumerate() {
        let field = format!("{key}[{}]", k + 1);
        match item.get_ref() {
            DeValue::String(s) if !s.trim().is_empty() => {
                if out.iter().any(|o| o == s.as_ref()) {
                    return Err(t.error(
                        item.span().start,
                        &field,
                        format!("duplicate strategy name `{s}` (names must be unique)"),
                    ));
                }
                out.push(s.to_string());
            }
            DeValue::String(_) => {
                return Err(t.error(item.span().start, &field, "empty strategy name"));
            }
            _ => {
                return Err(t.error(
                    item.span().start,
                    &field,
                    "expected a strategy name in quotes",
                ));
            }
        }
    }
    if out.is_empty() {
        return Err(t.error(
            items.span.start,
            key,
            "empty strategy list; give at least one strategy name",
        ));
    }
    Ok(Some((out, items.span.start)))
}

fn number(
    t: &TableReader<'_>,
    item: &Spanned<DeValue<'_>>,
    field: &str,
) -> Result<Rational, ScenarioError> {
    let text = match item.get_ref() {
        DeValue::Integer(i) => i.as_str().to_string(),
        DeValue::Float(f) => f.as_str().to_string(),
        DeValue::String(s) => s.to_string(),
        _ => {
            return Err(t.error(
                item.span().start,
                field,
                "expected a number (integer, decimal like 0.25, or a fraction in quotes like \"3/4\")",
            ));
        }
    };
    Rational::parse(&text).map_err(|e| t.error(item.span().start, field, e.to_string()))
}

fn matrix(
    t: &mut TableReader<'_>,
    key: &str,
    rows: usize,
    cols: usize,
) -> Result<Option<Vec<Vec<Rational>>>, ScenarioError> {
    let Some(items) = t.array(key)? else {
        return Ok(None);
    };
    if items.value.len() != rows {
        return Err(t.error(
            items.span.start,
            key,
            format!(
                "has {} rows, expected {rows} (one per row strategy)",
                items.value.len()
            ),
        ));
    }
    let mut out = Vec::with_capacity(rows);
    for (i, row) in items.value.iter().enumerate() {
        let field = format!("{key}[{}]", i + 1);
        let DeValue::Array(entries) = row.get_ref() else {
            return Err(t.error(row.span().start, &field, "expected a row like [1, 2]"));
        };
        if entries.len() != cols {
            return Err(t.error(
                row.span().start,
                &field,
                format!(
                    "has {} entries, expected {cols} (one per column strategy); the matrix is ragged",
                    entries.len()
                ),
            ));
        }
        let mut r = Vec::with_capacity(cols);
        for (j, e) in entries.iter().enumerate() {
            r.push(number(t, e, &format!("{field}[{}]", j + 1))?);
        }
        out.push(r);
    }
    Ok(Some(out))
}

/// Reads a game from the fields of `t` (title, players, rows, cols,
/// row_payoffs, col_payoffs, symmetric).
pub fn read_game_table(t: &mut TableReader<'_>) -> Result<Bimatrix, ScenarioError> {
    let title = t.string("title")?.map_or("Game".to_string(), |s| s.value);
    let players = match t.array("players")? {
        None => ["Row".to_string(), "Column".to_string()],
        Some(p) => {
            let list: Vec<String> = p
                .value
                .iter()
                .filter_map(|v| match v.get_ref() {
                    DeValue::String(s) => Some(s.to_string()),
                    _ => None,
                })
                .collect();
            if list.len() != 2 || p.value.len() != 2 {
                return Err(t.error(
                    p.span.start,
                    "players",
                    "expected two player names in quotes",
                ));
            }
            [list[0].clone(), list[1].clone()]
        }
    };
    let symmetric = t.boolean("symmetric")?.is_some_and(|b| b.value);
    let Some((rows, _)) = names(t, "rows")? else {
        return Err(t.error(
            t.span().start,
            "rows",
            "missing; list the row player's strategies, e.g. rows = [\"C\", \"D\"]",
        ));
    };
    let cols = match names(t, "cols")? {
        Some((c, at)) => {
            if symmetric && c != rows {
                return Err(t.error(
                    at,
                    "cols",
                    "a symmetric game has the same strategies for both players; omit `cols`",
                ));
            }
            c
        }
        None if symmetric => rows.clone(),
        None => {
            return Err(t.error(
                t.span().start,
                "cols",
                "missing; list the column player's strategies (or set symmetric = true)",
            ));
        }
    };
    let (m, n) = (rows.len(), cols.len());
    let Some(a) = matrix(t, "row_payoffs", m, n)? else {
        return Err(t.error(
            t.span().start,
            "row_payoffs",
            format!("missing; a {m}x{n} matrix of the row player's payoffs"),
        ));
    };
    let b = match matrix(t, "col_payoffs", m, n)? {
        Some(b) if symmetric => {
            let _ = b;
            return Err(t.error(
                t.span().start,
                "col_payoffs",
                "omit col_payoffs when symmetric = true (it is the transpose of row_payoffs)",
            ));
        }
        Some(b) => b,
        None if symmetric => (0..m).map(|i| (0..n).map(|j| a[j][i]).collect()).collect(),
        None => {
            return Err(t.error(
                t.span().start,
                "col_payoffs",
                format!("missing; a {m}x{n} matrix of the column player's payoffs (or set symmetric = true)"),
            ));
        }
    };
    if symmetric && m != n {
        return Err(t.error(
            t.span().start,
            "symmetric",
            "a symmetric game needs a square matrix",
        ));
    }
    Bimatrix::new(title, players, rows, cols, a, b)
        .map_err(|e| t.error(t.span().start, "game", e.to_string()))
}
