//! The spatial prisoner's dilemma on a square lattice (M. A. Nowak and
//! R. M. May, "Evolutionary games and spatial chaos", Nature 359, 1992).
//!
//! Every cell holds a type. Each step every cell plays each cell of its
//! neighbourhood (von Neumann: 4, Moore: 8; plus itself when `with_self`)
//! and sums the payoffs; then, synchronously, every cell adopts the type of
//! the highest-scoring cell among itself and its neighbours. Ties keep the
//! cell's own type when it is among the best; otherwise the first best
//! neighbour in the fixed order (rows top to bottom, columns left to right)
//! wins, so the rule never depends on scheduling. With a fixed boundary,
//! cells outside the lattice simply do not exist; with a periodic one the
//! lattice is a torus.
//!
//! Nowak & May's game has two types, C and D, with payoffs C-C 1, D-C b,
//! C-D 0, D-D 0 ([`SpatialGame::nowak_may`]). Catalogue strategies can be
//! cell types too: payoffs are then total match scores, precomputed for
//! deterministic pairs; other pairs are played afresh each step from a
//! generator keyed by (seed, step, lower cell, higher cell), so both cells
//! of a pair see the same match and results do not depend on threads.

use crate::evolution::error::EvolutionError;
use crate::evolution::payoff_table::PayoffTable;
use crate::ipd::random::{match_rng, unit_interval};
use rayon::prelude::*;
use std::sync::Arc;

/// Which cells are neighbours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Neighbourhood {
    /// The 4 orthogonal cells.
    VonNeumann,
    /// The 8 surrounding cells.
    Moore,
}

/// What happens at the edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Boundary {
    /// The lattice wraps around (a torus).
    Periodic,
    /// Edge cells have fewer neighbours.
    Fixed,
}

/// Where payoffs come from.
#[derive(Clone, Debug)]
pub enum CellPayoff {
    /// `matrix[a][b]`: payoff of type a against type b.
    Matrix(Vec<Vec<f64>>),
    /// Matches between catalogue strategies.
    Matches(Arc<PayoffTable>),
}

/// A configured lattice game.
#[derive(Clone, Debug)]
pub struct SpatialGame {
    /// Rows of the lattice.
    pub rows: usize,
    /// Columns of the lattice.
    pub cols: usize,
    /// Neighbourhood shape.
    pub neighbourhood: Neighbourhood,
    /// Whether a cell also plays itself.
    pub with_self: bool,
    /// Edge rule.
    pub boundary: Boundary,
    /// Type names.
    pub type_names: Vec<String>,
    /// Payoffs.
    pub payoff: CellPayoff,
    /// Seed of sampled matches.
    pub seed: u64,
}

/// Every cell's neighbours (see [`SpatialGame::neighbour_lists`]).
#[derive(Clone, Debug)]
pub struct NeighbourLists {
    table: Vec<u32>,
    count: Vec<u8>,
}

/// Types of all cells, row-major.
pub type Lattice = Vec<u8>;

/// The largest number of types a lattice holds.
pub const MAX_TYPES: usize = 255;

impl SpatialGame {
    /// Nowak & May's game with temptation `b`: types C (0) and D (1).
    pub fn nowak_may(
        size: usize,
        b: f64,
        neighbourhood: Neighbourhood,
        with_self: bool,
        boundary: Boundary,
    ) -> SpatialGame {
        SpatialGame {
            rows: size,
            cols: size,
            neighbourhood,
            with_self,
            boundary,
            type_names: vec!["Cooperator".into(), "Defector".into()],
            payoff: CellPayoff::Matrix(vec![vec![1.0, 0.0], vec![b, 0.0]]),
            seed: 0,
        }
    }

    /// Checks sizes and types.
    pub fn validate(&self) -> Result<(), EvolutionError> {
        if self.rows * self.cols < 2 {
            return Err(EvolutionError::PopulationTooSmall(self.rows * self.cols));
        }
        let k = self.type_names.len();
        if k == 0 || k > MAX_TYPES {
            return Err(EvolutionError::Invalid(format!(
                "a lattice holds 1 to {MAX_TYPES} types, got {k}"
            )));
        }
        if let CellPayoff::Matrix(m) = &self.payoff
            && (m.len() != k
                || m.iter()
                    .any(|r| r.len() != k || r.iter().any(|v| !v.is_finite())))
        {
            return Err(EvolutionError::Invalid(format!(
                "the payoff matrix must be {k}x{k} finite numbers"
            )));
        }
        Ok(())
    }

    fn offsets(&self) -> &'static [(isize, isize)] {
        match self.neighbourhood {
            Neighbourhood::VonNeumann => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
            Neighbourhood::Moore => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
        }
    }

    /// Neighbours of cell (r, c), in the fixed order, without the cell itself.
    fn neighbours(&self, r: usize, c: usize, out: &mut Vec<usize>) {
        out.clear();
        for &(dr, dc) in self.offsets() {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            let (nr, nc) = match self.boundary {
                Boundary::Periodic => (
                    nr.rem_euclid(self.rows as isize) as usize,
                    nc.rem_euclid(self.cols as isize) as usize,
                ),
                Boundary::Fixed => {
                    if nr < 0 || nc < 0 || nr >= self.rows as isize || nc >= self.cols as isize {
                        continue;
                    }
                    (nr as usize, nc as usize)
                }
            };
            let j = nr * self.cols + nc;
            if j != r * self.cols + c && !out.contains(&j) {
                out.push(j);
            }
        }
    }

    fn pay(&self, step: u64, i: usize, j: usize, lattice: &Lattice) -> f64 {
        let (a, b) = (lattice[i] as usize, lattice[j] as usize);
        match &self.payoff {
            CellPayoff::Matrix(m) => m[a][b],
            CellPayoff::Matches(table) => match table.fixed(a, b) {
                Some(x) => x,
                None => {
                    let (lo, hi) = (i.min(j), i.max(j));
                    let mut rng = match_rng(self.seed, step, lo as u64, hi as u64);
                    let (x, y) = if i == lo {
                        table.play(a, b, &mut rng)
                    } else {
                        let (y, x) = table.play(b, a, &mut rng);
                        (x, y)
                    };
                    let _ = y;
                    x
                }
            },
        }
    }

    /// Neighbours of every cell, flat: cell i's are `table[i * 8..i * 8 + count[i]]`.
    fn neighbour_table(&self) -> (Vec<u32>, Vec<u8>) {
        let cells = self.rows * self.cols;
        let mut table = vec![0u32; cells * 8];
        let mut count = vec![0u8; cells];
        let mut buffer = Vec::with_capacity(8);
        for i in 0..cells {
            self.neighbours(i / self.cols, i % self.cols, &mut buffer);
            for (slot, &j) in table[i * 8..].iter_mut().zip(&buffer) {
                *slot = j as u32;
            }
            count[i] = buffer.len() as u8;
        }
        (table, count)
    }

    fn scores_with(&self, lattice: &Lattice, step: u64, table: &[u32], count: &[u8]) -> Vec<f64> {
        let score = |i: usize| {
            let near = &table[i * 8..i * 8 + count[i] as usize];
            match &self.payoff {
                CellPayoff::Matrix(m) => {
                    let row = &m[lattice[i] as usize];
                    let mut total = if self.with_self {
                        row[lattice[i] as usize]
                    } else {
                        0.0
                    };
                    for &j in near {
                        total += row[lattice[j as usize] as usize];
                    }
                    total
                }
                CellPayoff::Matches(_) => {
                    let mut total = if self.with_self {
                        self.pay(step, i, i, lattice)
                    } else {
                        0.0
                    };
                    for &j in near {
                        total += self.pay(step, i, j as usize, lattice);
                    }
                    total
                }
            }
        };
        (0..self.rows * self.cols)
            .into_par_iter()
            .with_min_len(1024)
            .map(score)
            .collect()
    }

    /// Every cell's total payoff in `lattice` at step `step`.
    pub fn scores(&self, lattice: &Lattice, step: u64) -> Vec<f64> {
        let (table, count) = self.neighbour_table();
        self.scores_with(lattice, step, &table, &count)
    }

    /// One synchronous step: play, then imitate the best.
    pub fn step(&self, lattice: &Lattice, step: u64) -> Lattice {
        let (table, count) = self.neighbour_table();
        self.step_with(lattice, step, &table, &count)
    }

    /// Every cell's neighbours, built once for many [`SpatialGame::step_using`]
    /// calls (32 bytes a cell: rebuilding them every step cost more than the
    /// step itself on large lattices).
    pub fn neighbour_lists(&self) -> NeighbourLists {
        let (table, count) = self.neighbour_table();
        NeighbourLists { table, count }
    }

    /// [`SpatialGame::step`] with neighbour lists built once.
    pub fn step_using(&self, lattice: &Lattice, step: u64, lists: &NeighbourLists) -> Lattice {
        self.step_with(lattice, step, &lists.table, &lists.count)
    }

    /// Cells each cell plays in one step (its neighbours, plus itself with
    /// `self = true`), the largest over the lattice.
    pub fn opponents_per_cell(&self) -> u64 {
        let near = match self.neighbourhood {
            Neighbourhood::Moore => 8,
            Neighbourhood::VonNeumann => 4,
        };
        near + u64::from(self.with_self)
    }

    fn step_with(&self, lattice: &Lattice, step: u64, table: &[u32], count: &[u8]) -> Lattice {
        let scores = self.scores_with(lattice, step, table, count);
        (0..self.rows * self.cols)
            .into_par_iter()
            .with_min_len(1024)
            .map(|i| {
                let mut best = i;
                for &j in &table[i * 8..i * 8 + count[i] as usize] {
                    if scores[j as usize] > scores[best] {
                        best = j as usize;
                    }
                }
                lattice[best]
            })
            .collect()
    }

    /// `steps` steps from `start`: lattices at steps 0..=steps.
    pub fn run(&self, start: Lattice, steps: u64) -> Vec<Lattice> {
        let mut out = Vec::with_capacity(steps as usize + 1);
        out.push(start);
        let (table, count) = self.neighbour_table();
        for s in 0..steps {
            let next = self.step_with(out.last().expect("non-empty"), s, &table, &count);
            out.push(next);
        }
        out
    }

    /// All cells type `background` except the centre cell, type `centre`.
    pub fn single_centre(&self, background: u8, centre: u8) -> Lattice {
        let mut lattice = vec![background; self.rows * self.cols];
        lattice[(self.rows / 2) * self.cols + self.cols / 2] = centre;
        lattice
    }

    /// Each cell independently of type t with probability `shares[t]`
    /// (normalised), from a generator keyed by the seed.
    pub fn random_start(&self, shares: &[f64]) -> Lattice {
        let total: f64 = shares.iter().sum();
        let mut rng = match_rng(self.seed, u64::from_le_bytes(*b"spatial\0"), 0, 0);
        (0..self.rows * self.cols)
            .map(|_| {
                let u = unit_interval(&mut rng) * total;
                let mut acc = 0.0;
                for (t, s) in shares.iter().enumerate() {
                    acc += s;
                    if u < acc {
                        return t as u8;
                    }
                }
                (shares.len() - 1) as u8
            })
            .collect()
    }

    /// Number of cells of each type.
    pub fn counts(&self, lattice: &Lattice) -> Vec<u32> {
        let mut counts = vec![0u32; self.type_names.len()];
        for &t in lattice {
            counts[t as usize] += 1;
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 12 ln 2 - 8, the published asymptotic cooperator fraction.
    const NOWAK_MAY_FRACTION: f64 = 0.3177662;

    fn nm(size: usize, b: f64) -> SpatialGame {
        SpatialGame::nowak_may(size, b, Neighbourhood::Moore, true, Boundary::Periodic)
    }

    /// True when the lattice (odd square) is invariant under all 8
    /// symmetries of the square about its centre.
    fn has_d4_symmetry(lattice: &Lattice, n: usize) -> bool {
        let at = |r: usize, c: usize| lattice[r * n + c];
        (0..n).all(|r| {
            (0..n).all(|c| {
                let v = at(r, c);
                v == at(c, r)
                    && v == at(n - 1 - r, c)
                    && v == at(r, n - 1 - c)
                    && v == at(n - 1 - c, n - 1 - r)
            })
        })
    }

    #[test]
    fn one_defector_grows_into_a_block_then_a_symmetric_kaleidoscope() {
        let n = 41;
        let game = nm(n, 1.85);
        let frames = game.run(game.single_centre(0, 1), 30);
        // Step 1: the defector scores 8b against 8 C; every neighbour sees it
        // as best, so a 3x3 block of D appears.
        let d: Vec<usize> = (0..n * n).filter(|&i| frames[1][i] == 1).collect();
        let centre = (n / 2) * n + n / 2;
        let expected: Vec<usize> = [-1isize, 0, 1]
            .iter()
            .flat_map(|dr| {
                [-1isize, 0, 1].map(|dc| (centre as isize + dr * n as isize + dc) as usize)
            })
            .collect();
        assert_eq!(d, expected);
        for (step, frame) in frames.iter().enumerate() {
            assert!(has_d4_symmetry(frame, n), "symmetry broken at step {step}");
        }
        // The pattern keeps changing (it does not die out or freeze).
        let d_counts: Vec<u32> = frames.iter().map(|f| game.counts(f)[1]).collect();
        assert!(
            d_counts[10] > 9 && d_counts[20] != d_counts[21],
            "{d_counts:?}"
        );
        assert!(d_counts.iter().all(|&c| c > 0 && c < (n * n) as u32));
    }

    #[test]
    fn random_start_settles_near_the_published_cooperator_fraction() {
        // Nowak & May (1992): for 1.8 < b < 2 the cooperator fraction
        // fluctuates around 12 ln 2 - 8 = 0.318 on large lattices. A 50x50
        // torus from 90% C, averaged over steps 100..150, is within 0.04
        // (benches/evolution.rs runs 400x400).
        let mut game = nm(50, 1.9);
        game.seed = 3;
        let frames = game.run(game.random_start(&[0.9, 0.1]), 150);
        let late: Vec<f64> = frames[100..]
            .iter()
            .map(|f| game.counts(f)[0] as f64 / 2500.0)
            .collect();
        let mean = late.iter().sum::<f64>() / late.len() as f64;
        assert!(
            (mean - NOWAK_MAY_FRACTION).abs() < 0.04,
            "cooperator fraction {mean}"
        );
    }

    #[test]
    fn neighbour_lists_built_once_step_as_step_does() {
        for boundary in [Boundary::Periodic, Boundary::Fixed] {
            let game = SpatialGame::nowak_may(9, 1.85, Neighbourhood::Moore, true, boundary);
            let lists = game.neighbour_lists();
            let mut a = game.random_start(&[0.7, 0.3]);
            let mut b = a.clone();
            for step in 0..6 {
                a = game.step(&a, step);
                b = game.step_using(&b, step, &lists);
                assert_eq!(a, b, "step {step}");
            }
        }
        let game =
            SpatialGame::nowak_may(5, 1.5, Neighbourhood::VonNeumann, false, Boundary::Fixed);
        assert_eq!(game.opponents_per_cell(), 4);
        let game = SpatialGame::nowak_may(5, 1.5, Neighbourhood::Moore, true, Boundary::Fixed);
        assert_eq!(game.opponents_per_cell(), 9);
    }

    #[test]
    fn step_agrees_with_a_brute_force_rule_and_thread_counts() {
        // Brute force: scores from an explicit neighbour scan, fixed boundary,
        // von Neumann without self.
        let mut game =
            SpatialGame::nowak_may(7, 1.6, Neighbourhood::VonNeumann, false, Boundary::Fixed);
        game.seed = 5;
        let start = game.random_start(&[0.6, 0.4]);
        let n = 7i64;
        let pay = |a: u8, b: u8| [[1.0, 0.0], [1.6, 0.0]][a as usize][b as usize];
        let near = |i: i64| -> Vec<i64> {
            let (r, c) = (i / n, i % n);
            [(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)]
                .into_iter()
                .filter(|&(r, c)| r >= 0 && c >= 0 && r < n && c < n)
                .map(|(r, c)| r * n + c)
                .collect()
        };
        let scores: Vec<f64> = (0..n * n)
            .map(|i| {
                near(i)
                    .iter()
                    .map(|&j| pay(start[i as usize], start[j as usize]))
                    .sum()
            })
            .collect();
        let expected: Lattice = (0..n * n)
            .map(|i| {
                let mut best = i;
                for j in near(i) {
                    if scores[j as usize] > scores[best as usize] {
                        best = j;
                    }
                }
                start[best as usize]
            })
            .collect();
        assert_eq!(game.scores(&start, 0), scores);
        assert_eq!(game.step(&start, 0), expected);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        assert_eq!(
            one.install(|| game.run(start.clone(), 5)),
            game.run(start, 5)
        );
    }
}
