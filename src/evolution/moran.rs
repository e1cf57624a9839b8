//! The Moran process on a population of strategy types.
//!
//! Each step one individual reproduces and one dies, keeping the size N
//! fixed (P. A. P. Moran, "Random processes in genetics", 1958). Fitness is
//! either a constant per type or, as in the axelrod library's
//! `MoranProcess`, the total score of an individual's matches against every
//! neighbour on the interaction graph (each pair meets once per step).
//!
//! * Birth-death: an individual is chosen to reproduce with probability
//!   proportional to fitness; its offspring replaces a uniformly chosen
//!   neighbour on the replacement graph (on the complete graph: any other
//!   individual).
//! * Death-birth (`db`): a uniformly chosen individual dies; a neighbour on
//!   the replacement graph, chosen proportionally to fitness, fills the
//!   place. Fitness is computed before the death: the dying individual
//!   still counts as an opponent of its neighbours (as axelrod's
//!   `MoranProcess` does for its death-birth mode).
//! * Death-birth among survivors (`db-survivors`): the same, but fitness is
//!   computed after the death, in the population without the dying
//!   individual (its matches do not count), the other common convention
//!   (e.g. Ohtsuki et al., Nature 441, 2006, score the survivors).
//!
//! With mutation rate mu the offspring becomes, with probability mu, a type
//! drawn uniformly from the other types. Without mutation a run ends at
//! fixation (one type left), or after `max_steps` when that is set; with
//! mutation it runs exactly `max_steps` steps.
//!
//! Invariants: a run draws only from its own ChaCha8 generator keyed by
//! (seed, run index) ([`run_rng`]), so runs are independent of scheduling.
//! On the complete graph with precomputed or constant fitness the state is
//! the count of each type and a step costs O(k^2) for k types, not O(N^2);
//! on other graphs fitness is updated incrementally around the changed node.
//! Matches that cannot be precomputed (noise, random horizon, stochastic
//! strategies) are played afresh every step from the run's generator. An
//! expected payoff table (`[match] method = "exact"`,
//! `PayoffTable::expected`) precomputes every pair (its expected total
//! score), so fitness is then an individual's expected total score, nothing
//! is sampled, and the count-based path applies on the complete graph.

use crate::evolution::error::EvolutionError;
use crate::evolution::graph::Graph;
use crate::evolution::payoff_table::PayoffTable;
use crate::ipd::random::{MatchRng, match_rng, unit_interval};
use rand::RngExt;
use std::sync::Arc;

/// Update rule of the Moran process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Birth (fitness-proportional) then death (uniform neighbour).
    BirthDeath,
    /// Death (uniform) then birth (fitness-proportional neighbour; fitness
    /// computed before the death, the dying individual counted).
    DeathBirth,
    /// Death (uniform) then birth, fitness computed among the survivors.
    DeathBirthSurvivors,
}

impl Mode {
    /// The scenario-file spelling.
    pub fn id(self) -> &'static str {
        match self {
            Mode::BirthDeath => "bd",
            Mode::DeathBirth => "db",
            Mode::DeathBirthSurvivors => "db-survivors",
        }
    }
}

/// Where fitness comes from.
#[derive(Clone, Debug)]
pub enum Fitness {
    /// A fixed fitness per type (the textbook Moran process).
    Constant(Vec<f64>),
    /// Total match scores against the neighbours on the interaction graph.
    Matches(Arc<PayoffTable>),
}

/// A configured Moran process.
#[derive(Clone, Debug)]
pub struct MoranProcess {
    /// Type names, in index order.
    pub type_names: Vec<String>,
    /// Fitness source.
    pub fitness: Fitness,
    /// Type of each individual at the start.
    pub initial: Vec<usize>,
    /// Update rule.
    pub mode: Mode,
    /// Mutation probability per birth.
    pub mutation: f64,
    /// Who plays whom.
    pub interaction: Graph,
    /// Who may replace whom.
    pub replacement: Graph,
    /// Stop after this many steps (required with mutation).
    pub max_steps: Option<u64>,
}

/// What one run produced.
#[derive(Clone, Debug, PartialEq)]
pub struct MoranRun {
    /// The type that took over, if one did.
    pub fixed: Option<usize>,
    /// Steps taken.
    pub steps: u64,
    /// (step, count of each type), when recording was asked for: the start,
    /// every step, and the end.
    pub counts: Vec<(u64, Vec<u32>)>,
}

/// The generator of run `run` under `seed` (a stream apart from matches).
pub fn run_rng(seed: u64, run: u64) -> MatchRng {
    match_rng(seed, run, u64::from_le_bytes(*b"moran\0\0\0"), 0)
}

/// Index drawn proportionally to `weights` (uniformly when they sum to 0).
fn proportional(
    weights: impl Iterator<Item = f64> + Clone,
    count: usize,
    rng: &mut MatchRng,
) -> usize {
    let total: f64 = weights.clone().sum();
    if total <= 0.0 || !total.is_finite() {
        return rng.random_range(0..count);
    }
    let target = unit_interval(rng) * total;
    let mut acc = 0.0;
    let mut last = 0;
    for (i, w) in weights.enumerate() {
        if w > 0.0 {
            acc += w;
            last = i;
            if target < acc {
                return i;
            }
        }
    }
    last
}

/// Index drawn proportionally to `weights`, or to `fallback` (counts of
/// individuals, i.e. uniformly over individuals) when the weights sum to 0.
fn proportional_or_uniform(
    weights: impl Iterator<Item = f64> + Clone,
    fallback: impl Iterator<Item = f64> + Clone,
    rng: &mut MatchRng,
) -> usize {
    let total: f64 = weights.clone().sum();
    if total > 0.0 && total.is_finite() {
        proportional(weights, 0, rng)
    } else {
        proportional(fallback, 0, rng)
    }
}

impl MoranProcess {
    /// Checks the process; every error says what is allowed.
    pub fn validate(&self) -> Result<(), EvolutionError> {
        let n = self.initial.len();
        if n < 2 {
            return Err(EvolutionError::PopulationTooSmall(n));
        }
        if !(0.0..=1.0).contains(&self.mutation) {
            return Err(EvolutionError::NotAProbability {
                name: "mutation",
                value: self.mutation,
            });
        }
        let k = self.type_names.len();
        if let Some(&bad) = self.initial.iter().find(|&&t| t >= k) {
            return Err(EvolutionError::Invalid(format!(
                "individual of type {bad} but only {k} types"
            )));
        }
        match &self.fitness {
            Fitness::Constant(values) => {
                if values.len() != k {
                    return Err(EvolutionError::Invalid(format!(
                        "{} constant fitness values for {k} types",
                        values.len()
                    )));
                }
                for (name, &value) in self.type_names.iter().zip(values) {
                    if !value.is_finite() || value < 0.0 {
                        return Err(EvolutionError::BadFitness {
                            who: name.clone(),
                            value,
                        });
                    }
                }
            }
            Fitness::Matches(table) => {
                if table.len() != k {
                    return Err(EvolutionError::Invalid(format!(
                        "payoff table of {} types for {k} types",
                        table.len()
                    )));
                }
                if table.min_payoff() < 0.0 {
                    return Err(EvolutionError::Invalid(format!(
                        "fitness-proportional selection needs payoffs of at least 0, got {}",
                        table.settings.payoffs
                    )));
                }
            }
        }
        self.interaction.check(n, "interaction")?;
        self.replacement.check(n, "replacement")?;
        if self.mutation > 0.0 && self.max_steps.is_none() {
            return Err(EvolutionError::Invalid(
                "with mutation the process never fixes; give a number of steps".into(),
            ));
        }
        if self.max_steps.is_none() && !connected(&self.replacement) {
            return Err(EvolutionError::Invalid(
                "the replacement graph is not connected, so fixation may never happen; \
                 connect it or give a number of steps"
                    .into(),
            ));
        }
        Ok(())
    }

    /// Number of individuals.
    pub fn size(&self) -> usize {
        self.initial.len()
    }

    /// Runs once with generator [`run_rng`]`(seed, run)`; records counts
    /// when `record` is true.
    pub fn run(&self, seed: u64, run: u64, record: bool) -> MoranRun {
        let mut rng = run_rng(seed, run);
        let fast = self.interaction.is_complete()
            && self.replacement.is_complete()
            && match &self.fitness {
                Fitness::Constant(_) => true,
                Fitness::Matches(table) => table.is_deterministic(),
            };
        if fast {
            self.run_counts(&mut rng, record)
        } else {
            self.run_nodes(&mut rng, record)
        }
    }

    fn offspring_type(&self, parent: usize, rng: &mut MatchRng) -> usize {
        let k = self.type_names.len();
        if self.mutation > 0.0 && k > 1 && unit_interval(rng) < self.mutation {
            let other = rng.random_range(0..k - 1);
            if other >= parent { other + 1 } else { other }
        } else {
            parent
        }
    }

    fn done(&self, counts: &[u32], steps: u64) -> Option<Option<usize>> {
        let n = self.size() as u32;
        let fixed = counts.iter().position(|&c| c == n);
        if let Some(max) = self.max_steps
            && steps >= max
        {
            return Some(fixed);
        }
        if self.mutation == 0.0 && fixed.is_some() {
            return Some(fixed);
        }
        None
    }

    /// Complete graphs with constant or precomputed fitness: the state is
    /// the count of each type.
    fn run_counts(&self, rng: &mut MatchRng, record: bool) -> MoranRun {
        let k = self.type_names.len();
        let n = self.size();
        let mut counts = vec![0u32; k];
        for &t in &self.initial {
            counts[t] += 1;
        }
        let mut history = Vec::new();
        if record {
            history.push((0, counts.clone()));
        }
        let matrix: Option<Vec<Vec<f64>>> = match &self.fitness {
            Fitness::Matches(table) => Some(
                (0..k)
                    .map(|a| (0..k).map(|b| table.fixed(a, b).unwrap_or(0.0)).collect())
                    .collect(),
            ),
            Fitness::Constant(_) => None,
        };
        let mut fit = vec![0.0; k];
        let mut steps = 0u64;
        loop {
            if let Some(fixed) = self.done(&counts, steps) {
                if record && history.last().is_none_or(|h| h.0 != steps) {
                    history.push((steps, counts.clone()));
                }
                return MoranRun {
                    fixed,
                    steps,
                    counts: history,
                };
            }
            // Among survivors, the dying individual is drawn first and left
            // out of everyone's fitness.
            let early_dead = (self.mode == Mode::DeathBirthSurvivors)
                .then(|| pick_type(&counts, None, rng.random_range(0..n as u32)));
            let alive = |b: usize| counts[b] - u32::from(early_dead == Some(b));
            match (&self.fitness, &matrix) {
                (Fitness::Constant(values), _) => fit.copy_from_slice(values),
                (_, Some(m)) => {
                    for a in 0..k {
                        fit[a] = if alive(a) == 0 {
                            0.0
                        } else {
                            (0..k).map(|b| alive(b) as f64 * m[a][b]).sum::<f64>() - m[a][a]
                        };
                    }
                }
                _ => {}
            }
            let (parent, dead) = match self.mode {
                Mode::DeathBirthSurvivors => {
                    let dead = early_dead.unwrap_or(0);
                    let parent = proportional_or_uniform(
                        (0..k).map(|a| alive(a) as f64 * fit[a]),
                        (0..k).map(|a| alive(a) as f64),
                        rng,
                    );
                    (parent, dead)
                }
                Mode::BirthDeath => {
                    let parent = proportional_or_uniform(
                        (0..k).map(|a| counts[a] as f64 * fit[a]),
                        (0..k).map(|a| counts[a] as f64),
                        rng,
                    );
                    // Any other individual dies: type b has counts[b] - [a == b] of N - 1.
                    let pick = rng.random_range(0..n as u32 - 1);
                    let dead = pick_type(&counts, Some(parent), pick);
                    (parent, dead)
                }
                Mode::DeathBirth => {
                    let pick = rng.random_range(0..n as u32);
                    let dead = pick_type(&counts, None, pick);
                    let others = |a: usize| (counts[a] - u32::from(a == dead)) as f64;
                    let parent = proportional_or_uniform(
                        (0..k).map(|a| others(a) * fit[a]),
                        (0..k).map(others),
                        rng,
                    );
                    (parent, dead)
                }
            };
            let child = self.offspring_type(parent, rng);
            counts[dead] -= 1;
            counts[child] += 1;
            steps += 1;
            if record {
                history.push((steps, counts.clone()));
            }
        }
    }

    /// Any graph, any fitness: one type per node.
    fn run_nodes(&self, rng: &mut MatchRng, record: bool) -> MoranRun {
        let k = self.type_names.len();
        let n = self.size();
        let mut types = self.initial.clone();
        let mut counts = vec![0u32; k];
        for &t in &types {
            counts[t] += 1;
        }
        let mut history = Vec::new();
        if record {
            history.push((0, counts.clone()));
        }
        let sampled = matches!(&self.fitness, Fitness::Matches(t) if !t.is_deterministic());
        let mut fit = vec![0.0f64; n];
        if !sampled {
            for (i, f) in fit.iter_mut().enumerate() {
                *f = self.node_fitness(i, &types);
            }
        }
        let mut steps = 0u64;
        loop {
            if let Some(fixed) = self.done(&counts, steps) {
                if record && history.last().is_none_or(|h| h.0 != steps) {
                    history.push((steps, counts.clone()));
                }
                return MoranRun {
                    fixed,
                    steps,
                    counts: history,
                };
            }
            // Among survivors, the dying node is drawn first; its matches
            // do not count.
            let early_dead =
                (self.mode == Mode::DeathBirthSurvivors).then(|| rng.random_range(0..n));
            if sampled && let Fitness::Matches(table) = &self.fitness {
                fit.iter_mut().for_each(|f| *f = 0.0);
                for i in 0..n {
                    if early_dead == Some(i) {
                        continue;
                    }
                    let degree = self.interaction.degree(i);
                    for d in 0..degree {
                        let j = self.interaction.neighbour(i, d);
                        if j > i && early_dead != Some(j) {
                            let (x, y) = table.play(types[i], types[j], rng);
                            fit[i] += x;
                            fit[j] += y;
                        }
                    }
                }
            }
            let (parent_node, dead) = match self.mode {
                Mode::DeathBirthSurvivors => {
                    let dead = early_dead.unwrap_or(0);
                    let degree = self.replacement.degree(dead);
                    // Deterministic fitness is kept for the whole population:
                    // take out each neighbour's match against the dying node.
                    let weight = |j: usize| {
                        if sampled {
                            return fit[j];
                        }
                        let mut edges = 0u32;
                        self.interaction
                            .for_each_neighbour(j, |u| edges += u32::from(u == dead));
                        let lost = edges as f64 * self.pair_fitness(types[j], types[dead]);
                        (fit[j] - lost).max(0.0)
                    };
                    let d = proportional(
                        (0..degree).map(|d| weight(self.replacement.neighbour(dead, d))),
                        degree,
                        rng,
                    );
                    (self.replacement.neighbour(dead, d), dead)
                }
                Mode::BirthDeath => {
                    let parent = proportional(fit.iter().copied(), n, rng);
                    let d = rng.random_range(0..self.replacement.degree(parent));
                    (parent, self.replacement.neighbour(parent, d))
                }
                Mode::DeathBirth => {
                    let dead = rng.random_range(0..n);
                    let degree = self.replacement.degree(dead);
                    let d = proportional(
                        (0..degree).map(|d| fit[self.replacement.neighbour(dead, d)]),
                        degree,
                        rng,
                    );
                    (self.replacement.neighbour(dead, d), dead)
                }
            };
            let child = self.offspring_type(types[parent_node], rng);
            let old = types[dead];
            counts[old] -= 1;
            counts[child] += 1;
            if child != old {
                types[dead] = child;
                if !sampled {
                    self.update_fitness(dead, old, &types, &mut fit);
                }
            }
            steps += 1;
            if record {
                history.push((steps, counts.clone()));
            }
        }
    }

    fn pair_fitness(&self, a: usize, b: usize) -> f64 {
        match &self.fitness {
            Fitness::Constant(_) => 0.0,
            Fitness::Matches(table) => table.fixed(a, b).unwrap_or(0.0),
        }
    }

    fn node_fitness(&self, i: usize, types: &[usize]) -> f64 {
        match &self.fitness {
            Fitness::Constant(values) => values[types[i]],
            Fitness::Matches(_) => {
                let mut total = 0.0;
                self.interaction
                    .for_each_neighbour(i, |j| total += self.pair_fitness(types[i], types[j]));
                total
            }
        }
    }

    /// After node `v` changed from type `old`: recompute `v` and adjust its
    /// neighbours (deterministic fitness only).
    fn update_fitness(&self, v: usize, old: usize, types: &[usize], fit: &mut [f64]) {
        fit[v] = self.node_fitness(v, types);
        if let Fitness::Matches(_) = &self.fitness {
            let new = types[v];
            self.interaction.for_each_neighbour(v, |u| {
                fit[u] += self.pair_fitness(types[u], new) - self.pair_fitness(types[u], old);
            });
        }
    }
}

/// The type of the `pick`-th individual counting types in order, leaving
/// out one individual of type `skip`.
fn pick_type(counts: &[u32], skip: Option<usize>, mut pick: u32) -> usize {
    for (t, &c) in counts.iter().enumerate() {
        let c = c - u32::from(skip == Some(t));
        if pick < c {
            return t;
        }
        pick -= c;
    }
    counts.len() - 1
}

fn connected(graph: &Graph) -> bool {
    if graph.is_complete() || graph.is_empty() {
        return true;
    }
    let n = graph.len();
    let mut seen = vec![false; n];
    let mut stack = vec![0];
    seen[0] = true;
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        graph.for_each_neighbour(i, |j| {
            if !seen[j] {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        });
    }
    reached == n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::{Horizon, MatchSettings, Payoffs, PlayerSpec};

    pub(crate) fn constant(
        n: usize,
        mutants: usize,
        r: f64,
        mode: Mode,
        graph: Graph,
    ) -> MoranProcess {
        let mut initial = vec![0; n - mutants];
        initial.extend(std::iter::repeat_n(1, mutants));
        MoranProcess {
            type_names: vec!["resident".into(), "mutant".into()],
            fitness: Fitness::Constant(vec![1.0, r]),
            initial,
            mode,
            mutation: 0.0,
            interaction: graph.clone(),
            replacement: graph,
            max_steps: None,
        }
    }

    #[test]
    fn runs_end_in_fixation_and_are_reproducible() {
        let p = constant(10, 1, 1.5, Mode::BirthDeath, Graph::complete(10));
        p.validate().unwrap();
        let a = p.run(3, 7, true);
        assert_eq!(a, p.run(3, 7, true));
        let last = &a.counts.last().unwrap().1;
        assert!(last.contains(&10));
        assert_eq!(Some(last.iter().position(|&c| c == 10).unwrap()), a.fixed);
        assert!(a.counts.iter().all(|(_, c)| c.iter().sum::<u32>() == 10));
    }

    #[test]
    fn node_path_agrees_with_count_path_in_distribution_on_complete_graphs() {
        // Same model, two implementations: force the node path with an
        // explicit complete edge list and compare fixation frequencies.
        let n = 6;
        let edges: Vec<_> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let explicit = Graph::from_edges(n, &edges).unwrap();
        for mode in [Mode::BirthDeath, Mode::DeathBirth] {
            let fast = constant(n, 2, 2.0, mode, Graph::complete(n));
            let slow = constant(n, 2, 2.0, mode, explicit.clone());
            let runs = 2000;
            let f = (0..runs)
                .filter(|&r| fast.run(1, r, false).fixed == Some(1))
                .count() as f64;
            let s = (0..runs)
                .filter(|&r| slow.run(2, r, false).fixed == Some(1))
                .count() as f64;
            // Two proportions of 2000 near 0.8: sd of the difference ~0.013.
            assert!((f - s).abs() / runs as f64 <= 0.06, "{mode:?} {f} {s}");
        }
    }

    #[test]
    fn match_fitness_follows_the_payoff_table() {
        // Defectors invade cooperators: with 200 turns D scores 5 per turn
        // against C; a single D fixes far more often than 1/N.
        let players: Vec<_> = ["cooperator", "defector"]
            .iter()
            .map(|id| PlayerSpec::new(id).build().unwrap())
            .collect();
        let table = Arc::new(PayoffTable::build(
            &players,
            MatchSettings {
                horizon: Horizon::Fixed { turns: 200 },
                noise: 0.0,
                payoffs: Payoffs::STANDARD,
            },
        ));
        let p = MoranProcess {
            type_names: vec!["C".into(), "D".into()],
            fitness: Fitness::Matches(table),
            initial: vec![0, 0, 0, 0, 0, 0, 0, 1],
            mode: Mode::BirthDeath,
            mutation: 0.0,
            interaction: Graph::complete(8),
            replacement: Graph::complete(8),
            max_steps: None,
        };
        let d = (0..500)
            .filter(|&r| p.run(5, r, false).fixed == Some(1))
            .count();
        assert!(d > 150, "{d}");
    }

    #[test]
    fn mutation_runs_a_fixed_number_of_steps_and_bad_input_is_rejected() {
        let mut p = constant(5, 1, 1.0, Mode::DeathBirth, Graph::cycle(5));
        p.mutation = 0.1;
        assert!(p.validate().is_err());
        p.max_steps = Some(50);
        p.validate().unwrap();
        let run = p.run(1, 0, true);
        assert_eq!(run.steps, 50);
        assert_eq!(run.counts.len(), 51);
        p.mutation = 1.5;
        assert!(matches!(
            p.validate(),
            Err(EvolutionError::NotAProbability { .. })
        ));
        let small = constant(1, 0, 1.0, Mode::BirthDeath, Graph::complete(1));
        assert_eq!(small.validate(), Err(EvolutionError::PopulationTooSmall(1)));
        let isolated = Graph::from_edges(4, &[(0, 1), (1, 2)]).unwrap();
        let p = constant(4, 1, 1.0, Mode::BirthDeath, isolated);
        assert!(matches!(
            p.validate(),
            Err(EvolutionError::IsolatedNode { node: 3, .. })
        ));
    }
}
