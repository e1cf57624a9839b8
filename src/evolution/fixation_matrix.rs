//! Fixation matrices: for every ordered pair (A, B) of a strategy list, the
//! probability that one mutant A in a population of N - 1 residents B takes
//! over, under the Moran process on the complete graph
//! ([`crate::evolution::moran`], birth-death, death-birth or death-birth
//! among survivors; fitness = total match score against everyone else).
//!
//! Work units: pair p (ordered pairs `a != b`, row-major: (0, 1), (0, 2),
//! ..., (1, 0), (1, 2), ...) and run r have id `p * runs + r`; unit id u
//! draws from the Moran run generator keyed by (seed, u), so estimates are
//! the same on any thread count and any split into shards. Fixation counts
//! are integers, folded per pair.
//!
//! For deterministic matches the mutant count is a birth-death chain and
//! the fixation probability has the closed form
//! `rho = 1 / (1 + sum_{k=1}^{N-1} prod_{j=1}^{k} T-(j) / T+(j))`
//! (Nowak, Evolutionary Dynamics, 2006, ch. 6), computed by [`exact`] for the
//! three update rules; the CSV reports it next to the estimate. With an
//! expected table ([`FixationMatrix::expected`], `[match] method =
//! "exact"`) every pair's fitness is deterministic (expected total scores),
//! so every pair has it, noise or not.

use crate::evolution::graph::Graph;
use crate::evolution::interval::{Z95, wilson_interval};
use crate::evolution::moran::{Fitness, Mode, MoranProcess};
use crate::evolution::payoff_table::PayoffTable;
use crate::ipd::play::MatchSettings;
use crate::ipd::strategies::Player;
use rayon::prelude::*;
use std::sync::Arc;

/// A fixation-matrix study.
#[derive(Clone, Debug)]
pub struct FixationMatrix {
    /// The strategies (distinct).
    pub players: Vec<Player>,
    /// How matches are played.
    pub settings: MatchSettings,
    /// Population size N (one mutant, N - 1 residents).
    pub size: usize,
    /// Runs per ordered pair.
    pub runs: u64,
    /// Update rule.
    pub mode: Mode,
    /// Master seed.
    pub seed: u64,
    /// The expected table of every player (`[match] method = "exact"`):
    /// fitness from expected match scores, every pair's process then has
    /// its exact value; `None`: matches are played.
    pub expected: Option<Arc<PayoffTable>>,
}

/// The estimate for one ordered pair.
#[derive(Clone, Debug, PartialEq)]
pub struct PairFixation {
    /// Index of the mutant's strategy.
    pub mutant: usize,
    /// Index of the residents' strategy.
    pub resident: usize,
    /// Runs played.
    pub runs: u64,
    /// Runs in which the mutant took over.
    pub fixations: u64,
    /// The exact probability, for deterministic matches.
    pub exact: Option<f64>,
}

impl PairFixation {
    /// fixations / runs.
    pub fn probability(&self) -> f64 {
        if self.runs == 0 {
            f64::NAN
        } else {
            self.fixations as f64 / self.runs as f64
        }
    }

    /// 95% Wilson interval.
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.fixations, self.runs, Z95)
    }
}

impl FixationMatrix {
    /// Ordered pairs (mutant, resident), `a != b`, row-major.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let k = self.players.len();
        (0..k)
            .flat_map(|a| (0..k).filter(move |&b| b != a).map(move |b| (a, b)))
            .collect()
    }

    /// Work units: pairs x runs.
    pub fn unit_count(&self) -> u64 {
        self.pairs().len() as u64 * self.runs
    }

    /// The Moran process of one pair: type 0 = mutant (one individual),
    /// type 1 = resident (N - 1).
    pub fn process(&self, mutant: usize, resident: usize) -> MoranProcess {
        let players = [self.players[mutant].clone(), self.players[resident].clone()];
        let table = match &self.expected {
            Some(all) => all.pair(mutant, resident),
            None => PayoffTable::build(&players, self.settings),
        };
        let mut initial = vec![1usize; self.size];
        initial[0] = 0;
        MoranProcess {
            type_names: players.iter().map(|p| p.name.clone()).collect(),
            fitness: Fitness::Matches(Arc::new(table)),
            initial,
            mode: self.mode,
            mutation: 0.0,
            interaction: Graph::complete(self.size),
            replacement: Graph::complete(self.size),
            max_steps: None,
        }
    }

    /// Plays the units with ids in `ids` (in parallel, batch by batch) and
    /// hands `(id, mutant fixed)` to `each` in id order; `on_progress`
    /// hears the number of units done.
    pub fn run_ids(
        &self,
        ids: std::ops::Range<u64>,
        mut each: impl FnMut(u64, bool),
        mut on_progress: impl FnMut(u64),
    ) {
        let pairs = self.pairs();
        let runs = self.runs.max(1);
        let total = self.unit_count();
        let ids = ids.start.min(total)..ids.end.min(total);
        let mut processes: Vec<Option<MoranProcess>> = vec![None; pairs.len()];
        let batch = (rayon::current_num_threads() as u64 * 64).max(64);
        let mut start = ids.start;
        while start < ids.end {
            let end = (start + batch).min(ids.end);
            for p in (start / runs)..=((end - 1) / runs) {
                let (a, b) = pairs[p as usize];
                processes[p as usize].get_or_insert_with(|| self.process(a, b));
            }
            let processes = &processes;
            let fixed: Vec<bool> = (start..end)
                .into_par_iter()
                .map(|id| match &processes[(id / runs) as usize] {
                    Some(process) => process.run(self.seed, id, false).fixed == Some(0),
                    None => false,
                })
                .collect();
            for (id, f) in (start..end).zip(fixed) {
                each(id, f);
            }
            on_progress(end - ids.start);
            start = end;
        }
    }

    /// Empty estimates, one per ordered pair, with the exact value where the
    /// matches are deterministic.
    pub fn empty_estimates(&self) -> Vec<PairFixation> {
        self.pairs()
            .into_iter()
            .map(|(a, b)| PairFixation {
                mutant: a,
                resident: b,
                runs: 0,
                fixations: 0,
                exact: exact(&self.process(a, b)),
            })
            .collect()
    }

    /// Runs every unit and folds the estimates.
    pub fn estimate(&self, on_progress: impl FnMut(u64)) -> Vec<PairFixation> {
        let mut estimates = self.empty_estimates();
        let runs = self.runs.max(1);
        self.run_ids(
            0..self.unit_count(),
            |id, fixed| {
                let e = &mut estimates[(id / runs) as usize];
                e.runs += 1;
                e.fixations += u64::from(fixed);
            },
            on_progress,
        );
        estimates
    }
}

/// The exact fixation probability of type 0 (one individual) against type
/// 1 (the rest) on the complete graph, when fitness is deterministic;
/// `None` otherwise (sampled matches, or not two types).
pub fn exact(process: &MoranProcess) -> Option<f64> {
    let n = process.size();
    if process.type_names.len() != 2 || process.mutation != 0.0 || n < 2 {
        return None;
    }
    let m = match &process.fitness {
        Fitness::Matches(table) => {
            let get = |a, b| table.fixed(a, b);
            [[get(0, 0)?, get(0, 1)?], [get(1, 0)?, get(1, 1)?]]
        }
        Fitness::Constant(values) => [[values[0], values[0]], [values[1], values[1]]],
    };
    let constant = matches!(process.fitness, Fitness::Constant(_));
    // Fitness of an individual of type t when (i, j) individuals of types
    // (0, 1) are counted as its population (itself included).
    let fitness = |t: usize, i: f64, j: f64| {
        if constant {
            m[t][0]
        } else if t == 0 {
            (i - 1.0) * m[0][0] + j * m[0][1]
        } else {
            i * m[1][0] + (j - 1.0) * m[1][1]
        }
    };
    // Probability that type `t` is picked proportionally to fitness among
    // (i, j) individuals (uniformly when all fitness is 0).
    let pick = |t: usize, i: f64, j: f64, fi: f64, fj: f64| {
        let (wi, wj) = (i * fi, j * fj);
        let total = wi + wj;
        let (a, b) = if total > 0.0 { (wi, wj) } else { (i, j) };
        let sum = a + b;
        if sum <= 0.0 {
            0.0
        } else if t == 0 {
            a / sum
        } else {
            b / sum
        }
    };
    let nf = n as f64;
    let step = |i: usize| -> (f64, f64) {
        let (x, y) = (i as f64, nf - i as f64);
        match process.mode {
            Mode::BirthDeath => {
                let (fa, fb) = (fitness(0, x, y), fitness(1, x, y));
                let up = pick(0, x, y, fa, fb) * y / (nf - 1.0);
                let down = pick(1, x, y, fa, fb) * x / (nf - 1.0);
                (up, down)
            }
            Mode::DeathBirth => {
                let (fa, fb) = (fitness(0, x, y), fitness(1, x, y));
                let up = y / nf * pick(0, x, y - 1.0, fa, fb);
                let down = x / nf * pick(1, x - 1.0, y, fa, fb);
                (up, down)
            }
            Mode::DeathBirthSurvivors => {
                // A resident dies: survivors (x, y - 1); a mutant: (x - 1, y).
                let up = y / nf
                    * pick(
                        0,
                        x,
                        y - 1.0,
                        fitness(0, x, y - 1.0),
                        fitness(1, x, y - 1.0),
                    );
                let down = x / nf
                    * pick(
                        1,
                        x - 1.0,
                        y,
                        fitness(0, x - 1.0, y),
                        fitness(1, x - 1.0, y),
                    );
                (up, down)
            }
        }
    };
    let mut sum = 1.0;
    let mut product = 1.0;
    for k in 1..n {
        let (up, down) = step(k);
        if up <= 0.0 {
            return Some(0.0);
        }
        product *= down / up;
        sum += product;
    }
    Some(1.0 / sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::strategies::PlayerSpec;

    fn study(ids: &[&str], size: usize, runs: u64, mode: Mode) -> FixationMatrix {
        FixationMatrix {
            players: ids
                .iter()
                .map(|id| PlayerSpec::new(id).build().unwrap())
                .collect(),
            settings: MatchSettings {
                horizon: Horizon::Fixed { turns: 10 },
                noise: 0.0,
                payoffs: Payoffs::STANDARD,
            },
            size,
            runs,
            mode,
            seed: 3,
            expected: None,
        }
    }

    #[test]
    fn neutral_pairs_fix_with_one_over_n() {
        // Cooperator and Tit For Tat are indistinguishable without defectors.
        for mode in [
            Mode::BirthDeath,
            Mode::DeathBirth,
            Mode::DeathBirthSurvivors,
        ] {
            let s = study(&["cooperator", "tit-for-tat"], 7, 10, mode);
            let e = exact(&s.process(0, 1)).unwrap();
            assert!((e - 1.0 / 7.0).abs() < 1e-12, "{mode:?}: {e}");
        }
    }

    #[test]
    fn the_constant_fitness_case_is_the_moran_formula() {
        // Birth-death with constant relative fitness r: (1 - 1/r) / (1 - 1/r^N).
        let mut p = study(&["cooperator", "defector"], 10, 1, Mode::BirthDeath).process(0, 1);
        p.fitness = Fitness::Constant(vec![1.5, 1.0]);
        let r: f64 = 1.5;
        let formula = (1.0 - 1.0 / r) / (1.0 - r.powi(-10));
        assert!((exact(&p).unwrap() - formula).abs() < 1e-12);
    }

    #[test]
    fn estimates_agree_with_the_exact_chain_for_every_rule() {
        for mode in [
            Mode::BirthDeath,
            Mode::DeathBirth,
            Mode::DeathBirthSurvivors,
        ] {
            let s = study(&["tit-for-tat", "defector", "alternator"], 6, 3000, mode);
            for e in s.estimate(|_| {}) {
                let exact = e.exact.unwrap();
                // 99.9% Wilson interval (z = 3.29) around the estimate.
                let (lo, hi) = wilson_interval(e.fixations, e.runs, 3.29);
                assert!(
                    lo <= exact && exact <= hi,
                    "{mode:?} {} vs {}: estimate {} exact {exact}",
                    e.mutant,
                    e.resident,
                    e.probability()
                );
            }
        }
    }

    #[test]
    fn the_node_path_agrees_with_the_exact_chain_for_every_rule() {
        // An explicit complete edge list forces the per-node implementation
        // (the one graphs use); its fixation frequency must match the chain.
        let n = 6;
        let edges: Vec<_> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let explicit = Graph::from_edges(n, &edges).unwrap();
        for mode in [
            Mode::BirthDeath,
            Mode::DeathBirth,
            Mode::DeathBirthSurvivors,
        ] {
            let s = study(&["tit-for-tat", "defector"], n, 1, mode);
            for (a, b) in [(0, 1), (1, 0)] {
                let mut p = s.process(a, b);
                let exact = exact(&p).unwrap();
                p.interaction = explicit.clone();
                p.replacement = explicit.clone();
                let runs = 3000;
                let fixed = (0..runs)
                    .filter(|&r| p.run(9, r, false).fixed == Some(0))
                    .count();
                let (lo, hi) = wilson_interval(fixed as u64, runs, 3.29);
                assert!(
                    lo <= exact && exact <= hi,
                    "{mode:?} {a} {b}: {fixed}/{runs} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn the_two_death_birth_rules_differ() {
        let db = study(&["tit-for-tat", "defector"], 5, 1, Mode::DeathBirth);
        let dbs = study(
            &["tit-for-tat", "defector"],
            5,
            1,
            Mode::DeathBirthSurvivors,
        );
        let (a, b) = (
            exact(&db.process(0, 1)).unwrap(),
            exact(&dbs.process(0, 1)).unwrap(),
        );
        assert!((a - b).abs() > 1e-6, "{a} {b}");
    }

    #[test]
    fn estimates_do_not_depend_on_threads_or_splits() {
        let s = study(
            &["tit-for-tat", "random", "grudger"],
            5,
            200,
            Mode::DeathBirth,
        );
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| s.estimate(|_| {}))
        };
        let one = on(1);
        assert_eq!(one, on(3));
        // Seven pieces in reverse order, folded by id.
        let mut fixed = vec![false; s.unit_count() as usize];
        for piece in (0..7u64).rev() {
            let total = s.unit_count();
            s.run_ids(
                total * piece / 7..total * (piece + 1) / 7,
                |id, f| fixed[id as usize] = f,
                |_| {},
            );
        }
        let counts: Vec<u64> = fixed
            .chunks(s.runs as usize)
            .map(|c| c.iter().filter(|&&f| f).count() as u64)
            .collect();
        assert_eq!(counts, one.iter().map(|e| e.fixations).collect::<Vec<_>>());
    }
}
