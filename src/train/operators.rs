//! The genetic operators, and the genetic algorithm's settings.
//!
//! Mutation is each representation's own (`train::representation`); the
//! moves of a lookup table or a cycle use [`flip_each`]: each move flips
//! with probability `mutation`, independently: the operator of
//! axelrod-dojo's lookup tables and the classic bit-flip of a binary genome
//! (Holland). It changes `mutation x genes` entries on average, reaches
//! every table from every other, and has no bias towards C or D; a table
//! entry that is never consulted drifts freely, one that matters is held
//! by selection. Real genes take Gaussian steps ([`gaussian`]).
//!
//! Crossover takes the child's loci from two parents (a representation
//! says what a locus is: a move of a lookup table, a transition of a state
//! machine with its next state and move, a row of a hidden Markov model's
//! matrix, a weight): `one-point` (the first parent's loci up to a random
//! cut, the second's after it; as axelrod-dojo, it keeps runs of
//! neighbouring keys, which share their first letters, together),
//! `uniform` (each locus from either parent with probability 1/2) or
//! `none` (a copy of the first parent).

use crate::ipd::action::Action;
use crate::train::genome::{Genome, Layout};
use crate::train::representation::Representation;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;
use std::ops::Range;

/// The genes of one locus: a range of each kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Locus {
    /// Its move genes.
    pub moves: Range<usize>,
    /// Its state genes.
    pub states: Range<usize>,
    /// Its real genes.
    pub reals: Range<usize>,
}

impl Locus {
    /// Gene `i` alone, counting the moves, then the states, then the reals.
    pub fn gene(layout: Layout, i: usize) -> Locus {
        let none = 0..0;
        if i < layout.moves {
            Locus {
                moves: i..i + 1,
                states: none.clone(),
                reals: none,
            }
        } else if i < layout.moves + layout.states {
            let k = i - layout.moves;
            Locus {
                moves: none.clone(),
                states: k..k + 1,
                reals: none,
            }
        } else {
            let k = i - layout.moves - layout.states;
            Locus {
                moves: none.clone(),
                states: none,
                reals: k..k + 1,
            }
        }
    }

    /// Copies this locus's genes from `from` into `to`.
    fn copy(&self, from: &Genome, to: &mut Genome) {
        to.moves[self.moves.clone()].copy_from_slice(&from.moves[self.moves.clone()]);
        to.states[self.states.clone()].copy_from_slice(&from.states[self.states.clone()]);
        to.reals[self.reals.clone()].copy_from_slice(&from.reals[self.reals.clone()]);
    }
}

/// The crossovers, as `[algorithm] crossover` names them.
pub const CROSSOVERS: &[&str] = &["one-point", "uniform", "none"];

/// How a child's genes are taken from its two parents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossover {
    /// The first parent's genes before a random cut, the second's after.
    OnePoint,
    /// Each gene from either parent with probability 1/2.
    Uniform,
    /// A copy of the first parent.
    None,
}

impl Crossover {
    /// The operator named `name`.
    pub fn named(name: &str) -> Option<Crossover> {
        match name {
            "one-point" => Some(Crossover::OnePoint),
            "uniform" => Some(Crossover::Uniform),
            "none" => Some(Crossover::None),
            _ => None,
        }
    }

    /// Its name.
    pub fn id(&self) -> &'static str {
        match self {
            Crossover::OnePoint => "one-point",
            Crossover::Uniform => "uniform",
            Crossover::None => "none",
        }
    }

    /// The child of `first` and `second` (genomes of `representation`).
    pub fn child(
        &self,
        representation: Representation,
        first: &Genome,
        second: &Genome,
        rng: &mut ChaCha8Rng,
    ) -> Genome {
        let n = representation.loci();
        let mut child = first.clone();
        match self {
            Crossover::None => {}
            Crossover::OnePoint => {
                // A cut in 0..=n: 0 gives the second parent, n the first.
                let cut = rng.random_range(0..=n);
                for i in cut..n {
                    representation.locus(i).copy(second, &mut child);
                }
            }
            Crossover::Uniform => {
                let mut bits = 0u64;
                for i in 0..n {
                    if i % 64 == 0 {
                        bits = rng.next_u64();
                    }
                    if bits >> (i % 64) & 1 != 0 {
                        representation.locus(i).copy(second, &mut child);
                    }
                }
            }
        }
        child
    }
}

/// Flips each move with probability `rate` (exactly none at 0, every one
/// at 1).
pub fn flip_each(moves: &mut [Action], rate: f64, rng: &mut ChaCha8Rng) {
    if rate <= 0.0 {
        return;
    }
    for gene in moves {
        if crate::ipd::random::bernoulli(rng, rate) {
            *gene = gene.flip();
        }
    }
}

/// Adds a Gaussian step of standard deviation `sigma` to each real with
/// probability `rate`, then clamps it to `range` (when one is given).
pub fn gaussian_each(
    reals: &mut [f64],
    rate: f64,
    sigma: f64,
    range: Option<(f64, f64)>,
    rng: &mut ChaCha8Rng,
) {
    for gene in reals {
        if crate::ipd::random::bernoulli(rng, rate) {
            *gene += sigma * gaussian(rng);
            if let Some((low, high)) = range {
                *gene = gene.clamp(low, high);
            }
        }
    }
}

/// A standard normal draw (Box and Muller 1958: two uniform draws, the
/// cosine branch; `ln` and `cos` from the platform's maths library, the
/// same bits on one platform whatever the thread).
pub fn gaussian(rng: &mut ChaCha8Rng) -> f64 {
    let u = 1.0 - crate::ipd::random::unit_interval(rng); // in (0, 1]
    let v = crate::ipd::random::unit_interval(rng);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// The algorithm's settings (`[algorithm] kind = "genetic"` or
/// `"swarm"`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Genetic {
    /// Candidates per generation.
    pub population: u32,
    /// Generations evaluated (the first is the random start).
    pub generations: u32,
    /// Probability that mutation flips a gene.
    pub mutation: f64,
    /// How children are made.
    pub crossover: Crossover,
    /// The best kept unchanged into the next generation (axelrod-dojo's
    /// bottleneck); the parents of every child.
    pub keep: u32,
    /// A particle swarm instead (`[algorithm] kind = "swarm"`): its
    /// weights; population and generations as above, the rest unused.
    pub swarm: Option<crate::train::swarm::Swarm>,
}

/// The moves of a genome as letters (for tests and messages).
pub fn letters(genome: &Genome) -> String {
    genome.moves.iter().map(|m| Action::letter(*m)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::train::keys::{Role, generator};

    fn genome(text: &str) -> Genome {
        Genome::of_moves(text.chars().map(|c| if c == 'C' { C } else { D }).collect())
    }

    const TEN: Representation = Representation::Cycle { length: 10 };

    #[test]
    fn crossovers_take_each_gene_from_a_parent() {
        let (a, b) = (genome("CCCCCCCCCC"), genome("DDDDDDDDDD"));
        let mut cuts = std::collections::BTreeSet::new();
        for stream in 0..200 {
            let mut rng = generator(7, 0, 0, Role::Breed, stream);
            let child = letters(&Crossover::OnePoint.child(TEN, &a, &b, &mut rng));
            let cut = child.find('D').unwrap_or(10);
            assert_eq!(
                child,
                format!("{}{}", "C".repeat(cut), "D".repeat(10 - cut))
            );
            cuts.insert(cut);
            let uniform = letters(&Crossover::Uniform.child(TEN, &a, &b, &mut rng));
            assert_eq!(uniform.len(), 10);
            assert_eq!(
                letters(&Crossover::None.child(TEN, &a, &b, &mut rng)),
                "CCCCCCCCCC"
            );
        }
        assert_eq!(cuts.len(), 11, "every cut from 0 to 10 happens");
        for name in CROSSOVERS {
            assert_eq!(Crossover::named(name).unwrap().id(), *name);
        }
    }

    #[test]
    fn mutation_flips_each_gene_with_its_probability() {
        let mut rng = generator(3, 0, 0, Role::Breed, 0);
        let mut g = genome(&"C".repeat(10_000));
        flip_each(&mut g.moves, 0.0, &mut rng);
        assert!(!letters(&g).contains('D'));
        flip_each(&mut g.moves, 1.0, &mut rng);
        assert!(!letters(&g).contains('C'));
        let mut g = genome(&"C".repeat(10_000));
        flip_each(&mut g.moves, 0.1, &mut rng);
        let flips = letters(&g).matches('D').count();
        // Binomial(10 000, 0.1): sd 30.
        assert!((850..1150).contains(&flips), "{flips}");
    }

    #[test]
    fn gaussian_draws_have_mean_0_and_variance_1_and_clamping_holds() {
        let mut rng = generator(4, 0, 0, Role::Breed, 0);
        let n = 20_000;
        let draws: Vec<f64> = (0..n).map(|_| gaussian(&mut rng)).collect();
        let mean = draws.iter().sum::<f64>() / n as f64;
        let variance = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        // Standard errors: 0.007 for the mean, 0.01 for the variance.
        assert!(mean.abs() < 0.03, "{mean}");
        assert!((variance - 1.0).abs() < 0.05, "{variance}");
        let mut reals = vec![0.5; 1000];
        gaussian_each(&mut reals, 1.0, 2.0, Some((0.0, 1.0)), &mut rng);
        assert!(reals.iter().all(|r| (0.0..=1.0).contains(r)));
        assert!(reals.contains(&0.0) && reals.contains(&1.0));
        let mut reals = vec![0.5; 1000];
        gaussian_each(&mut reals, 0.0, 2.0, None, &mut rng);
        assert!(reals.iter().all(|&r| r == 0.5));
    }
}
