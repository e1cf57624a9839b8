//! The graph syntax every kind shares: a Moran process's `interaction` and
//! `replacement` graphs and a tournament's `[tournament] edges`.
//!
//! ```toml
//! interaction = "cycle"        # "complete", "cycle", "star" (node 0 in the
//!                              # middle) or "lattice" (square, periodic)
//! interaction = { lattice = [rows, cols], periodic = true }
//! interaction = { edges = [[0, 1], [1, 2]] }
//! interaction = [[0, 1], [1, 2]]   # an edge list as it is
//! ```
//!
//! Nodes are numbered from 0. [`read_graph`] returns the [`Graph`] (its
//! neighbour lists: self-loops dropped, repeats merged), the edges exactly
//! as written when an edge list was given (a tournament keeps their order,
//! seats and self-loops) and the form to write back into a resolved
//! scenario.

use crate::evolution::graph::Graph;
use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::reader::TableReader;
use toml::Spanned;
use toml::de::DeValue;

/// The allowed forms, for error messages.
pub const ALLOWED: &str = "allowed: \"complete\", \"cycle\", \"star\", \"lattice\", \
     { lattice = [rows, cols], periodic = true }, { edges = [[0, 1], ...] } or [[0, 1], ...]";

/// One edge as written: its two ends and where it starts in the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenEdge {
    /// First end.
    pub a: usize,
    /// Second end.
    pub b: usize,
    /// Offset of the edge in the file.
    pub at: usize,
    /// Its position in the list (`edges[index]`).
    pub index: usize,
}

/// A graph as read.
#[derive(Clone, Debug)]
pub struct GraphSpec {
    /// The graph (self-loops dropped, repeats merged).
    pub graph: Graph,
    /// An edge list exactly as written (order, seats, self-loops, repeats);
    /// `None` for a named graph or a lattice.
    pub written: Option<Vec<WrittenEdge>>,
    /// The field of the written edges (`tournament.edges` or
    /// `moran.interaction.edges`), for errors about one of them.
    pub edges_field: String,
    /// The form to write back (reads as the same graph).
    pub resolved: toml::Value,
}

/// Reads a graph for `n` nodes (`what` names them in messages: "the
/// population", "players") at `field`.
pub fn read_graph(
    source: &Source,
    field: &str,
    value: &Spanned<DeValue<'_>>,
    n: usize,
    what: &str,
) -> Result<GraphSpec, ScenarioError> {
    let at = value.span().start;
    let bad = |message: String| source.invalid(at, field, message);
    let named = |graph: Graph, name: &str| GraphSpec {
        graph,
        written: None,
        edges_field: field.to_string(),
        resolved: name.into(),
    };
    match value.get_ref() {
        DeValue::String(s) => match s.as_ref() {
            "complete" => Ok(named(Graph::complete(n), "complete")),
            "cycle" => Ok(named(Graph::cycle(n), "cycle")),
            "star" => Ok(named(Graph::star(n), "star")),
            "lattice" => {
                let side = (n as f64).sqrt().round() as usize;
                if side * side != n {
                    return Err(bad(format!(
                        "\"lattice\" needs a square number of {what}, got {n}; use \
                         {{ lattice = [rows, cols] }} with rows x cols = {n}"
                    )));
                }
                Ok(named(Graph::lattice(side, side, true), "lattice"))
            }
            other => Err(bad(format!("unknown graph `{other}` ({ALLOWED})"))),
        },
        DeValue::Array(list) => {
            let written = read_edges(source, field, list, n, what)?;
            let graph = graph_of(n, &written).map_err(bad)?;
            Ok(GraphSpec {
                graph,
                resolved: edges_value(&written),
                written: Some(written),
                edges_field: field.to_string(),
            })
        }
        DeValue::Table(table) => {
            let mut reader = TableReader::new(source, field, table, value.span());
            let mut resolved = toml::Table::new();
            let edges_field = format!("{field}.edges");
            let (graph, written) = if let Some(list) = reader.array("edges")? {
                let written = read_edges(source, &edges_field, list.value, n, what)?;
                resolved.insert("edges".into(), edges_value(&written));
                (graph_of(n, &written).map_err(bad)?, Some(written))
            } else if let Some(dims) = reader.array("lattice")? {
                let nums: Vec<usize> = dims
                    .value
                    .iter()
                    .filter_map(|d| match d.get_ref() {
                        DeValue::Integer(v) => v.as_str().parse().ok(),
                        _ => None,
                    })
                    .collect();
                if nums.len() != 2 || nums[0].checked_mul(nums[1]) != Some(n) {
                    return Err(source.invalid(
                        dims.span.start,
                        &format!("{field}.lattice"),
                        format!("expected [rows, cols] with rows x cols = {n} ({n} {what})"),
                    ));
                }
                let periodic = reader.boolean("periodic")?.is_none_or(|b| b.value);
                resolved.insert(
                    "lattice".into(),
                    vec![nums[0] as i64, nums[1] as i64].into(),
                );
                resolved.insert("periodic".into(), periodic.into());
                (Graph::lattice(nums[0], nums[1], periodic), None)
            } else {
                return Err(bad(format!(
                    "a graph table needs `edges` or `lattice` ({ALLOWED})"
                )));
            };
            reader.finish()?;
            Ok(GraphSpec {
                graph,
                written,
                edges_field,
                resolved: resolved.into(),
            })
        }
        _ => Err(bad(format!("expected a graph ({ALLOWED})"))),
    }
}

/// The edges of an edge list, each end in `0..n`.
fn read_edges(
    source: &Source,
    field: &str,
    list: &[Spanned<DeValue<'_>>],
    n: usize,
    what: &str,
) -> Result<Vec<WrittenEdge>, ScenarioError> {
    let mut edges = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        let at = format!("{field}[{i}]");
        let DeValue::Array(pair) = item.get_ref() else {
            return Err(source.invalid(
                item.span().start,
                &at,
                "an edge is a pair of nodes [a, b]",
            ));
        };
        if pair.len() != 2 {
            return Err(source.invalid(
                item.span().start,
                &at,
                "an edge is a pair of nodes [a, b]",
            ));
        }
        let mut ends = [0usize; 2];
        for (slot, end) in ends.iter_mut().zip(pair.iter()) {
            let node = match end.get_ref() {
                DeValue::Integer(v) => v.as_str().parse::<usize>().ok().filter(|&x| x < n),
                _ => None,
            };
            *slot = node.ok_or_else(|| {
                source.invalid(
                    end.span().start,
                    &at,
                    format!(
                        "a node is a whole number from 0 to {} ({n} {what})",
                        n.saturating_sub(1)
                    ),
                )
            })?;
        }
        edges.push(WrittenEdge {
            a: ends[0],
            b: ends[1],
            at: item.span().start,
            index: i,
        });
    }
    Ok(edges)
}

fn graph_of(n: usize, written: &[WrittenEdge]) -> Result<Graph, String> {
    let pairs: Vec<(usize, usize)> = written.iter().map(|e| (e.a, e.b)).collect();
    Graph::from_edges(n, &pairs).map_err(|e| e.to_string())
}

fn edges_value(written: &[WrittenEdge]) -> toml::Value {
    written
        .iter()
        .map(|e| toml::Value::from(vec![e.a as i64, e.b as i64]))
        .collect::<Vec<_>>()
        .into()
}
