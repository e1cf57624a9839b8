//! The genetic operators on strings of moves, and the genetic algorithm's
//! settings.
//!
//! Mutation flips each move (every opening move and table entry) with
//! probability `mutation`, independently: the operator of axelrod-dojo's
//! lookup tables and the classic bit-flip of a binary genome (Holland). It
//! changes `mutation x genes` entries on average, reaches every table from
//! every other, and has no bias towards C or D; a table entry that is
//! never consulted drifts freely, one that matters is held by selection.
//!
//! Crossover takes the child's genes from two parents: `one-point` (the
//! first parent's genes up to a random cut, the second's after it; as
//! axelrod-dojo, it keeps runs of neighbouring keys, which share their
//! first letters, together), `uniform` (each gene from either parent with
//! probability 1/2) or `none` (a copy of the first parent).

use crate::ipd::action::Action;
use crate::train::representation::Genome;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

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

    /// The child of `first` and `second` (genomes of one representation).
    pub fn child(&self, first: &Genome, second: &Genome, rng: &mut ChaCha8Rng) -> Genome {
        let n = first.moves.len().min(second.moves.len());
        let moves = match self {
            Crossover::None => first.moves.clone(),
            Crossover::OnePoint => {
                // A cut in 0..=n: 0 gives the second parent, n the first.
                let cut = rng.random_range(0..=n);
                first.moves[..cut]
                    .iter()
                    .chain(&second.moves[cut..])
                    .copied()
                    .collect()
            }
            Crossover::Uniform => {
                let mut bits = 0u64;
                (0..n)
                    .map(|i| {
                        if i % 64 == 0 {
                            bits = rng.next_u64();
                        }
                        let pick = bits >> (i % 64) & 1 == 0;
                        if pick {
                            first.moves[i]
                        } else {
                            second.moves[i]
                        }
                    })
                    .collect()
            }
        };
        Genome { moves }
    }
}

/// Flips each move of `genome` with probability `rate` (exactly none at
/// 0, every one at 1).
pub fn mutate(genome: &mut Genome, rate: f64, rng: &mut ChaCha8Rng) {
    if rate <= 0.0 {
        return;
    }
    for gene in &mut genome.moves {
        if crate::ipd::random::bernoulli(rng, rate) {
            *gene = gene.flip();
        }
    }
}

/// The genetic algorithm's settings (`[algorithm] kind = "genetic"`).
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
        Genome {
            moves: text.chars().map(|c| if c == 'C' { C } else { D }).collect(),
        }
    }

    #[test]
    fn crossovers_take_each_gene_from_a_parent() {
        let (a, b) = (genome("CCCCCCCCCC"), genome("DDDDDDDDDD"));
        let mut cuts = std::collections::BTreeSet::new();
        for stream in 0..200 {
            let mut rng = generator(7, 0, 0, Role::Breed, stream);
            let child = letters(&Crossover::OnePoint.child(&a, &b, &mut rng));
            let cut = child.find('D').unwrap_or(10);
            assert_eq!(
                child,
                format!("{}{}", "C".repeat(cut), "D".repeat(10 - cut))
            );
            cuts.insert(cut);
            let uniform = letters(&Crossover::Uniform.child(&a, &b, &mut rng));
            assert_eq!(uniform.len(), 10);
            assert_eq!(
                letters(&Crossover::None.child(&a, &b, &mut rng)),
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
        mutate(&mut g, 0.0, &mut rng);
        assert!(!letters(&g).contains('D'));
        mutate(&mut g, 1.0, &mut rng);
        assert!(!letters(&g).contains('C'));
        let mut g = genome(&"C".repeat(10_000));
        mutate(&mut g, 0.1, &mut rng);
        let flips = letters(&g).matches('D').count();
        // Binomial(10 000, 0.1): sd 30.
        assert!((850..1150).contains(&flips), "{flips}");
    }
}
