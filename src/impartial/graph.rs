//! A game given as an explicit finite directed graph: a token on a node; a
//! move follows an edge. Grundy values by the general engine's mex recursion
//! (iterative); a cycle is an error, since normal-play theory here needs
//! every play to end.
//!
//! Text format: one edge per line, `FROM TO` (node names without spaces);
//! a line with a single name declares a node; `#` starts a comment.

use super::engine::Engine;
use super::error::ImpartialError;
use super::position::{Move, Outcome, Position, TooManyMoves};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A validated acyclic game graph with every node's Grundy value.
#[derive(Debug)]
pub struct Graph {
    names: Vec<String>,
    edges: Vec<Vec<usize>>,
    values: Vec<u64>,
}

impl Graph {
    /// Parses and checks a graph (acyclic), computing all values.
    pub fn parse(text: &str) -> Result<Graph, ImpartialError> {
        let mut index: BTreeMap<String, usize> = BTreeMap::new();
        let mut names = Vec::new();
        let mut edges: Vec<Vec<usize>> = Vec::new();
        let mut id = |name: &str, names: &mut Vec<String>, edges: &mut Vec<Vec<usize>>| -> usize {
            *index.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                edges.push(Vec::new());
                names.len() - 1
            })
        };
        for (line_no, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                [a] => {
                    id(a, &mut names, &mut edges);
                }
                [a, b] => {
                    let (i, j) = (id(a, &mut names, &mut edges), id(b, &mut names, &mut edges));
                    edges[i].push(j);
                }
                _ => {
                    return Err(ImpartialError::BadGraph(format!(
                        "line {}: expected 'FROM TO' or a single node name, found {} words",
                        line_no + 1,
                        words.len()
                    )));
                }
            }
        }
        if names.is_empty() {
            return Err(ImpartialError::BadGraph(
                "no nodes (write one edge per line: FROM TO)".into(),
            ));
        }
        let mut values = vec![0; names.len()];
        let edges_ref = &edges;
        let mut e = Engine::new(|&i: &usize| edges_ref[i].clone());
        for (i, v) in values.iter_mut().enumerate() {
            *v = e.grundy(&i).map_err(|err| match err {
                ImpartialError::Cycle(node) => {
                    let n: usize = node.parse().unwrap_or(0);
                    ImpartialError::Cycle(format!("node '{}'", names.get(n).map_or("?", |s| s)))
                }
                other => other,
            })?;
        }
        Ok(Graph {
            names,
            edges,
            values,
        })
    }
    /// The index of a node name.
    pub fn node(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }
    /// The node names.
    pub fn names(&self) -> &[String] {
        &self.names
    }
}

/// A token on a node of a graph.
#[derive(Clone, Debug)]
pub struct GraphPosition {
    /// The graph.
    pub graph: Arc<Graph>,
    /// The node.
    pub node: usize,
    /// The graph's file name, for descriptions.
    pub file: String,
}

impl Position for GraphPosition {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("graph {} {}", self.file, self.graph.names[self.node])
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.graph.values[self.node])
    }
    fn grundy(&self) -> Option<u64> {
        Some(self.graph.values[self.node])
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let out = &self.graph.edges[self.node];
        if out.len() > limit {
            return Err(TooManyMoves);
        }
        Ok(out
            .iter()
            .map(|&j| Move {
                label: format!("move to {}", self.graph.names[j]),
                next: Box::new(GraphPosition {
                    graph: self.graph.clone(),
                    node: j,
                    file: self.file.clone(),
                }),
            })
            .collect())
    }
    fn reason(&self) -> String {
        format!(
            "game graph: g({}) = mex of its successors' values = {}",
            self.graph.names[self.node], self.graph.values[self.node]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_graph_and_cycle() {
        let g = Graph::parse("a b\nb c\na c\nc d\n").unwrap();
        let v = |n: &str| g.values[g.node(n).unwrap()];
        assert_eq!((v("d"), v("c"), v("b"), v("a")), (0, 1, 0, 2));
        assert!(matches!(
            Graph::parse("a b\nb a\n"),
            Err(ImpartialError::Cycle(_))
        ));
        assert!(matches!(
            Graph::parse("a b c\n"),
            Err(ImpartialError::BadGraph(_))
        ));
    }
}
