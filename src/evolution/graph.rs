//! Population structure: who plays whom (interaction graph) and whose
//! offspring may replace whom (replacement graph).
//!
//! Shapes: complete, cycle, star, lattice, an edge list.
//! A graph is stored as sorted, duplicate-free neighbour lists; edges are
//! undirected and self-loops are dropped. Invariants after [`Graph::check`]:
//! every node has at least one neighbour and every edge names nodes in
//! 0..n. The complete graph is kept implicit (no O(N^2) lists) and flagged so
//! the Moran process can use its count-based fast path.

use crate::evolution::error::EvolutionError;

/// An undirected graph on nodes 0..n.
#[derive(Clone, Debug, PartialEq)]
pub struct Graph {
    n: usize,
    /// `None` for the complete graph.
    neighbours: Option<Vec<Vec<usize>>>,
    /// What it is, for reports.
    pub description: String,
}

impl Graph {
    /// Every node linked to every other (no self-loops).
    pub fn complete(n: usize) -> Graph {
        Graph {
            n,
            neighbours: None,
            description: "complete".into(),
        }
    }

    /// A ring: node i linked to i - 1 and i + 1 (mod n).
    pub fn cycle(n: usize) -> Graph {
        let edges: Vec<(usize, usize)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let mut g = Graph::from_edges(n, &edges).unwrap_or_else(|_| Graph::complete(n));
        g.description = "cycle".into();
        g
    }

    /// A star: node 0 linked to every other node, no other links.
    pub fn star(n: usize) -> Graph {
        let edges: Vec<(usize, usize)> = (1..n).map(|j| (0, j)).collect();
        let mut g = Graph::from_edges(n, &edges).unwrap_or_else(|_| Graph::complete(n));
        g.description = "star".into();
        g
    }

    /// A rows x cols square lattice with von Neumann neighbours (4), wrapping
    /// around at the edges when `periodic`.
    pub fn lattice(rows: usize, cols: usize, periodic: bool) -> Graph {
        let mut edges = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let i = r * cols + c;
                if c + 1 < cols {
                    edges.push((i, i + 1));
                } else if periodic && cols > 1 {
                    edges.push((i, r * cols));
                }
                if r + 1 < rows {
                    edges.push((i, i + cols));
                } else if periodic && rows > 1 {
                    edges.push((i, c));
                }
            }
        }
        let n = rows * cols;
        let mut g = Graph::from_edges(n, &edges).unwrap_or_else(|_| Graph::complete(n));
        g.description = format!(
            "{rows}x{cols} lattice ({})",
            if periodic { "periodic" } else { "fixed" }
        );
        g
    }

    /// A graph from an edge list; fails on a node outside 0..n.
    pub fn from_edges(n: usize, edges: &[(usize, usize)]) -> Result<Graph, EvolutionError> {
        let mut neighbours = vec![Vec::new(); n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(EvolutionError::EdgeOutOfRange { a, b, n });
            }
            if a != b {
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        Ok(Graph {
            n,
            neighbours: Some(neighbours),
            description: format!("edge list ({} edges)", edges.len()),
        })
    }

    /// Every edge once as `(i, j)` with `i < j`, ordered by `i` then `j`
    /// (the complete graph's too).
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut edges = Vec::new();
        for i in 0..self.n {
            self.for_each_neighbour(i, |j| {
                if j > i {
                    edges.push((i, j));
                }
            });
        }
        edges
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.n
    }

    /// True for a graph without nodes.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// True for the complete graph.
    pub fn is_complete(&self) -> bool {
        self.neighbours.is_none()
    }

    /// Degree of node `i`.
    pub fn degree(&self, i: usize) -> usize {
        match &self.neighbours {
            None => self.n - 1,
            Some(lists) => lists[i].len(),
        }
    }

    /// The `k`-th neighbour of `i` (k < degree).
    pub fn neighbour(&self, i: usize, k: usize) -> usize {
        match &self.neighbours {
            None => {
                if k < i {
                    k
                } else {
                    k + 1
                }
            }
            Some(lists) => lists[i][k],
        }
    }

    /// Calls `f` on every neighbour of `i`, in increasing order.
    pub fn for_each_neighbour(&self, i: usize, mut f: impl FnMut(usize)) {
        match &self.neighbours {
            None => (0..self.n).filter(|&j| j != i).for_each(f),
            Some(lists) => lists[i].iter().for_each(|&j| f(j)),
        }
    }

    /// Checks the graph fits a population of `population` and has no
    /// isolated node; `which` names it in the error.
    pub fn check(&self, population: usize, which: &'static str) -> Result<(), EvolutionError> {
        if self.n != population {
            return Err(EvolutionError::GraphSizeMismatch {
                which,
                graph: self.n,
                population,
            });
        }
        for i in 0..self.n {
            if self.degree(i) == 0 {
                return Err(EvolutionError::IsolatedNode { which, node: i });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_have_the_right_degrees() {
        let c = Graph::complete(5);
        assert!((0..5).all(|i| c.degree(i) == 4));
        let mut seen = Vec::new();
        c.for_each_neighbour(2, |j| seen.push(j));
        assert_eq!(seen, vec![0, 1, 3, 4]);
        assert_eq!((0..4).map(|k| c.neighbour(2, k)).collect::<Vec<_>>(), seen);
        let cy = Graph::cycle(6);
        assert!((0..6).all(|i| cy.degree(i) == 2));
        let torus = Graph::lattice(4, 5, true);
        assert!((0..20).all(|i| torus.degree(i) == 4));
        let star = Graph::star(5);
        assert_eq!(star.degree(0), 4);
        assert!((1..5).all(|i| star.degree(i) == 1));
        assert_eq!(star.edges(), vec![(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(
            Graph::cycle(4).edges(),
            vec![(0, 1), (0, 3), (1, 2), (2, 3)]
        );
        assert_eq!(Graph::complete(3).edges(), vec![(0, 1), (0, 2), (1, 2)]);
        // A 2x2 periodic lattice wraps onto the same neighbours: each edge once.
        assert_eq!(Graph::lattice(2, 2, true).edges().len(), 4);
        let fixed = Graph::lattice(3, 3, false);
        assert_eq!(fixed.degree(0), 2);
        assert_eq!(fixed.degree(4), 4);
        assert_eq!(fixed.degree(1), 3);
    }

    #[test]
    fn isolated_nodes_and_bad_edges_are_errors() {
        let g = Graph::from_edges(4, &[(0, 1), (1, 2)]).unwrap();
        assert_eq!(
            g.check(4, "interaction"),
            Err(EvolutionError::IsolatedNode {
                which: "interaction",
                node: 3
            })
        );
        assert!(matches!(
            Graph::from_edges(3, &[(0, 3)]),
            Err(EvolutionError::EdgeOutOfRange { .. })
        ));
        assert!(Graph::complete(3).check(4, "interaction").is_err());
    }
}
