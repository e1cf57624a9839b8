//! The training loop, one generation at a time. The genetic algorithm
//! (axelrod-dojo's `Population`): evaluate every candidate against the
//! field (in parallel, values collected in candidate order), rank them
//! (best value first, ties by candidate index), keep the best `keep`
//! unchanged, and fill the rest of the next generation with children: two
//! parents drawn uniformly from the kept, crossed over, mutated.
//! Generation 0 is random.
//!
//! A particle swarm (`train::swarm`, `Genetic::swarm` set): evaluate every
//! particle's position, update its own best, then move every particle
//! towards its own best and the swarm's. A swarm's generation reports the
//! particles' own bests (what the swarm remembers; the best of them is
//! the swarm's best, the trained player), so its best never decreases.
//!
//! Every draw comes from `train::keys`: candidate k of the start from
//! (seed, restart, 0, Start) stream k, child k of generation g + 1 (or
//! particle k's move into it) from (seed, restart, g, Breed) stream k, the
//! matches from (seed, restart, g, Match). So a restart is a pure function of its inputs on any thread
//! count, and restarts never share draws.

use crate::train::keys::{Role, generator};
use crate::train::objective::Field;
use crate::train::operators::Genetic;
use crate::train::representation::{Genome, Representation};
use crate::train::swarm::{Particle, start_velocity};
use rand::RngExt;
use rayon::prelude::*;

/// A candidate and the generation it first appeared in.
#[derive(Clone, Debug, PartialEq)]
pub struct Individual {
    /// Its genes.
    pub genome: Genome,
    /// The generation (from 0) it was born in.
    pub born: u32,
    /// A particle's velocity and own best (a swarm's candidates only).
    pub particle: Option<Particle>,
}

/// One evaluated generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    /// Its index, from 0 (the random start).
    pub index: u32,
    /// Every candidate's value, in candidate order.
    pub values: Vec<f64>,
    /// The best candidate (the first of the best values).
    pub best: Individual,
    /// Turns played to evaluate it.
    pub turns: u64,
}

/// The best, mean, median and worst of a generation's values.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    /// The largest value.
    pub best: f64,
    /// The mean (summed in candidate order).
    pub mean: f64,
    /// The median (the mean of the middle two of an even count).
    pub median: f64,
    /// The smallest value.
    pub worst: f64,
}

impl Generation {
    /// Its values summarised.
    pub fn summary(&self) -> Summary {
        let mut sorted = self.values.clone();
        sorted.sort_by(f64::total_cmp);
        let n = sorted.len();
        let median = if n == 0 {
            f64::NAN
        } else if n % 2 == 1 {
            sorted[n / 2]
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
        };
        Summary {
            best: sorted.last().copied().unwrap_or(f64::NAN),
            mean: self.values.iter().sum::<f64>() / n.max(1) as f64,
            median,
            worst: sorted.first().copied().unwrap_or(f64::NAN),
        }
    }

    /// The best value.
    pub fn best_value(&self) -> f64 {
        self.summary().best
    }
}

/// One restart of a training run, generation after generation.
pub struct Training<'a> {
    representation: Representation,
    genetic: Genetic,
    field: &'a Field,
    seed: u64,
    restart: u64,
    population: Vec<Individual>,
    next: u32,
}

impl<'a> Training<'a> {
    /// Restart `restart` under `seed`: generation 0 drawn at random.
    pub fn start(
        representation: Representation,
        genetic: Genetic,
        field: &'a Field,
        seed: u64,
        restart: u64,
    ) -> Training<'a> {
        let population = (0..genetic.population as u64)
            .map(|k| {
                let mut rng = generator(seed, restart, 0, Role::Start, k);
                let genome = representation.random(&mut rng);
                let particle = match (genetic.swarm, representation.bounds()) {
                    (Some(_), Some(bounds)) => Some(Particle {
                        velocity: start_velocity(genome.reals.len(), bounds, &mut rng),
                        best: genome.clone(),
                        best_value: f64::NEG_INFINITY,
                        best_born: 0,
                    }),
                    _ => None,
                };
                Individual {
                    genome,
                    born: 0,
                    particle,
                }
            })
            .collect();
        Training {
            representation,
            genetic,
            field,
            seed,
            restart,
            population,
            next: 0,
        }
    }

    /// Restart `restart` going on from a checkpoint: `population` is the
    /// generation with index `next` (as [`Training::population`] and
    /// [`Training::next`] gave them), not yet evaluated. It goes on exactly
    /// as the unbroken restart would: every later draw is keyed by the
    /// generation, not by what came before.
    pub fn resume(
        representation: Representation,
        genetic: Genetic,
        field: &'a Field,
        (seed, restart): (u64, u64),
        population: Vec<Individual>,
        next: u32,
    ) -> Training<'a> {
        Training {
            representation,
            genetic,
            field,
            seed,
            restart,
            population,
            next,
        }
    }

    /// The candidates of the generation evaluated next (what a checkpoint
    /// keeps).
    pub fn population(&self) -> &[Individual] {
        &self.population
    }

    /// The index of the generation evaluated next, from 0.
    pub fn next(&self) -> u32 {
        self.next
    }

    /// Evaluates the current generation, breeds the next one (unless it
    /// was the last) and returns the evaluated generation; `None` after
    /// the last.
    pub fn step(&mut self) -> Option<Generation> {
        if self.next >= self.genetic.generations {
            return None;
        }
        let g = self.next;
        let (representation, field) = (self.representation, self.field);
        let (seed, restart) = (self.seed, self.restart);
        let evaluations: Vec<_> = self
            .population
            .par_iter()
            .map(|candidate| {
                let player = representation.player(&candidate.genome, "candidate");
                field.evaluate(&player, seed, restart, g as u64)
            })
            .collect();
        let mut values: Vec<f64> = evaluations.iter().map(|e| e.value).collect();
        let turns = evaluations.iter().map(|e| e.turns).sum();
        if self.genetic.swarm.is_some() {
            // Each particle's own best, then the values it remembers.
            for (candidate, &value) in self.population.iter_mut().zip(&values) {
                if let Some(p) = candidate.particle.as_mut()
                    && value > p.best_value
                {
                    p.best = candidate.genome.clone();
                    p.best_value = value;
                    p.best_born = candidate.born;
                }
            }
            values = self
                .population
                .iter()
                .map(|c| c.particle.as_ref().map_or(f64::NAN, |p| p.best_value))
                .collect();
        }
        let mut ranked: Vec<usize> = (0..values.len()).collect();
        ranked.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
        let top = &self.population[ranked[0]];
        let best = match &top.particle {
            Some(p) => Individual {
                genome: p.best.clone(),
                born: p.best_born,
                particle: None,
            },
            None => top.clone(),
        };
        let generation = Generation {
            index: g,
            best,
            values,
            turns,
        };
        self.next += 1;
        if self.next < self.genetic.generations {
            if self.genetic.swarm.is_some() {
                self.fly(&generation.best.genome, g);
            } else {
                self.breed(&ranked, g);
            }
        }
        Some(generation)
    }

    /// Moves every particle towards its own best and the swarm's `best`.
    fn fly(&mut self, best: &Genome, g: u32) {
        let (seed, restart) = (self.seed, self.restart);
        let (Some(swarm), Some(bounds)) = (self.genetic.swarm, self.representation.bounds()) else {
            return;
        };
        self.population
            .par_iter_mut()
            .enumerate()
            .for_each(|(k, candidate)| {
                let mut rng = generator(seed, restart, g as u64, Role::Breed, k as u64);
                if let Some(particle) = candidate.particle.as_mut() {
                    swarm.step(&mut candidate.genome, particle, best, bounds, &mut rng);
                }
                candidate.born = g + 1;
            });
    }

    /// The next generation from this one's ranking.
    fn breed(&mut self, ranked: &[usize], g: u32) {
        let keep = (self.genetic.keep as usize).clamp(1, ranked.len());
        let kept: Vec<Individual> = ranked[..keep]
            .iter()
            .map(|&i| self.population[i].clone())
            .collect();
        let children = self.population.len() - keep;
        let (seed, restart, genetic) = (self.seed, self.restart, self.genetic);
        let representation = self.representation;
        let born: Vec<Individual> = (0..children as u64)
            .into_par_iter()
            .map(|k| {
                let mut rng = generator(seed, restart, g as u64, Role::Breed, k);
                let a = rng.random_range(0..keep);
                let b = rng.random_range(0..keep);
                let mut genome = genetic.crossover.child(
                    representation,
                    &kept[a].genome,
                    &kept[b].genome,
                    &mut rng,
                );
                representation.mutate(&mut genome, genetic.mutation, &mut rng);
                Individual {
                    genome,
                    born: g + 1,
                    particle: None,
                }
            })
            .collect();
        self.population = kept;
        self.population.extend(born);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::D;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::MatchSettings;
    use crate::ipd::strategies::PlayerSpec;
    use crate::train::objective::Objective;
    use crate::train::operators::Crossover;

    fn field(ids: &[&str]) -> Field {
        Field {
            opponents: ids
                .iter()
                .map(|id| PlayerSpec::new(id).build().unwrap())
                .collect(),
            settings: MatchSettings {
                horizon: Horizon::Fixed { turns: 20 },
                noise: 0.0,
                payoffs: Payoffs::STANDARD,
            },
            repetitions: 3,
            objective: Objective::Score,
            residents: Vec::new(),
        }
    }

    const GENETIC: Genetic = Genetic {
        population: 12,
        generations: 15,
        mutation: 0.1,
        crossover: Crossover::OnePoint,
        keep: 4,
        swarm: None,
    };
    const ONE_ONE_ZERO: Representation = Representation::Lookup {
        own: 1,
        opponent: 1,
        opponent_first: 0,
    };

    fn train(field: &Field, threads: usize) -> Vec<Generation> {
        train_as(ONE_ONE_ZERO, field, threads)
    }

    fn train_as(representation: Representation, field: &Field, threads: usize) -> Vec<Generation> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut training = Training::start(representation, GENETIC, field, 5, 0);
            std::iter::from_fn(|| training.step()).collect()
        })
    }

    #[test]
    fn the_best_never_gets_worse_against_a_deterministic_field_and_threads_do_not_matter() {
        let f = field(&["tit-for-tat", "grudger", "alternator", "defector"]);
        let one = train(&f, 1);
        assert_eq!(one.len(), 15);
        assert_eq!(one, train(&f, 2));
        for pair in one.windows(2) {
            assert!(pair[1].best_value() >= pair[0].best_value());
        }
        let last = one.last().unwrap();
        assert!(last.best.born <= last.index);
        let s = last.summary();
        assert!(s.worst <= s.median && s.median <= s.mean.max(s.median) && s.mean <= s.best);
    }

    #[test]
    fn a_restart_resumed_from_its_population_goes_on_as_the_unbroken_one() {
        let f = field(&["tit-for-tat", "random", "alternator"]);
        let unbroken = train(&f, 2);
        let mut first = Training::start(ONE_ONE_ZERO, GENETIC, &f, 5, 0);
        let mut resumed: Vec<Generation> = (0..6).map(|_| first.step().unwrap()).collect();
        assert_eq!(first.next(), 6);
        let mut second = Training::resume(
            ONE_ONE_ZERO,
            GENETIC,
            &f,
            (5, 0),
            first.population().to_vec(),
            first.next(),
        );
        resumed.extend(std::iter::from_fn(|| second.step()));
        assert_eq!(resumed, unbroken);
    }

    #[test]
    fn against_defectors_it_learns_to_defect() {
        let f = field(&["defector", "defector"]);
        let generations = train(&f, 2);
        let best = &generations.last().unwrap().best;
        // Against a defector every key it meets ends in the opponent's D.
        assert_eq!(generations.last().unwrap().best_value(), 1.0);
        let crate::ipd::strategies::defined::Body::Lookup(table) = ONE_ONE_ZERO.body(&best.genome)
        else {
            panic!("a lookup table")
        };
        assert_eq!(table.initial, vec![D]);
        let entries = table.entries();
        assert_eq!(entries[3].0, "D D");
        assert_eq!(
            entries[3].1,
            crate::ipd::strategies::defined::lookup::Response::Move(D)
        );
    }

    #[test]
    fn a_cycle_against_an_alternator_learns_to_always_defect() {
        // Alternator ignores its opponent: D on every turn is the best
        // reply, (5 + 1) / 2 a turn.
        let f = field(&["alternator"]);
        let generations = train_as(Representation::Cycle { length: 4 }, &f, 2);
        let last = generations.last().unwrap();
        assert_eq!(last.best_value(), 3.0);
        assert_eq!(last.best.genome.moves, vec![D; 4]);
    }
}
