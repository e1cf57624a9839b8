//! `hmm`: axelrod's `HMMPlayer` (Harper et al. 2017's Evolved HMMs), a
//! hidden Markov model of `states` states driven by the opponent's last
//! move, written as our `kind = "hmm"` strategy file.
//!
//! Genes: the first move (moves[0]), the start state (states[0]), and the
//! reals: the rows of the transition matrix after the opponent's C, then
//! after its D (n x n each, row-major), then each state's probability of
//! emitting C (n). Mutation: each probability with probability `mutation`
//! takes a Gaussian step of [`SIGMA`] = 0.15 (the spread of axelrod's
//! `mutate_row`, uniform on [-1/4, 1/4]), clamped to [0, 1]; then every
//! transition row is divided by its sum, so it stays a distribution (a row
//! clamped to all zeros becomes uniform); the start state is drawn anew
//! and the first move flipped, each with probability `mutation`. Crossover
//! exchanges whole rows (a row, or an emission, is a locus; the start and
//! first move the last two), so every child's rows are distributions.

use crate::ipd::action::Action;
use crate::ipd::random::unit_interval;
use crate::ipd::strategies::defined::Body;
use crate::ipd::strategies::defined::hmm::Hmm;
use crate::train::genome::{Genome, Layout};
use crate::train::operators::{Locus, gaussian_each};
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

/// The standard deviation of a mutation step of a probability.
pub const SIGMA: f64 = 0.15;

/// The first move, the start state, two n x n matrices and n emissions.
pub fn layout(states: u32) -> Layout {
    let n = states as usize;
    Layout {
        moves: 1,
        states: 1,
        reals: 2 * n * n + n,
    }
}

/// Divides a row by its sum (a zero row becomes uniform).
fn normalise(row: &mut [f64]) {
    let sum: f64 = row.iter().sum();
    if sum > 0.0 {
        row.iter_mut().for_each(|p| *p /= sum);
    } else {
        let uniform = 1.0 / row.len() as f64;
        row.iter_mut().for_each(|p| *p = uniform);
    }
}

/// Uniform draws, every transition row normalised; the start state and
/// first move uniform.
pub fn random(states: u32, rng: &mut ChaCha8Rng) -> Genome {
    let n = states as usize;
    let mut reals: Vec<f64> = (0..2 * n * n + n).map(|_| unit_interval(rng)).collect();
    reals[..2 * n * n].chunks_mut(n).for_each(normalise);
    let start = rng.random_range(0..states);
    Genome {
        moves: vec![Action::from_bit(rng.next_u64())],
        states: vec![start],
        reals,
    }
}

/// Gaussian steps, rows normalised, start and first move redrawn.
pub fn mutate(states: u32, genome: &mut Genome, rate: f64, rng: &mut ChaCha8Rng) {
    let n = states as usize;
    gaussian_each(&mut genome.reals, rate, SIGMA, Some((0.0, 1.0)), rng);
    genome.reals[..2 * n * n].chunks_mut(n).for_each(normalise);
    if crate::ipd::random::bernoulli(rng, rate) {
        genome.states[0] = rng.random_range(0..states);
    }
    if crate::ipd::random::bernoulli(rng, rate) {
        genome.moves[0] = genome.moves[0].flip();
    }
}

/// 2n rows, n emissions, the start state, the first move.
pub fn loci(states: u32) -> usize {
    3 * states as usize + 2
}

/// Locus `i`: a row, an emission, the start state or the first move.
pub fn locus(states: u32, i: usize) -> Locus {
    let n = states as usize;
    let none = 0..0;
    let reals = if i < 2 * n {
        i * n..(i + 1) * n
    } else if i < 3 * n {
        let k = 2 * n * n + (i - 2 * n);
        k..k + 1
    } else {
        none.clone()
    };
    Locus {
        reals,
        states: if i == 3 * n { 0..1 } else { none.clone() },
        moves: if i == 3 * n + 1 { 0..1 } else { none },
    }
}

/// The model of a genome, or why it is none.
fn model(states: u32, genome: &Genome) -> Result<Hmm, String> {
    let n = states as usize;
    let rows = |k: usize| -> Vec<Vec<f64>> {
        genome.reals[k * n * n..(k + 1) * n * n]
            .chunks(n)
            .map(|r| r.to_vec())
            .collect()
    };
    Hmm::new(
        [rows(0), rows(1)],
        genome.reals[2 * n * n..].to_vec(),
        genome.states[0] as usize,
        genome.moves[0],
    )
    .map_err(|e| e.message)
}

/// A valid model: probabilities, row sums, the start state.
pub fn check(states: u32, genome: &Genome) -> Result<(), String> {
    model(states, genome).map(|_| ())
}

/// The model a genome stands for.
pub fn body(states: u32, genome: &Genome) -> Body {
    Body::Hmm(model(states, genome).expect("a checked genome is a model"))
}

/// Its start, first move and emissions.
pub fn describe(states: u32, genome: &Genome) -> String {
    let n = states as usize;
    let emissions: Vec<String> = genome.reals[2 * n * n..]
        .iter()
        .map(|p| format!("{p:.2}"))
        .collect();
    format!(
        "its model starts in state {} playing {}; probability of C emitted in each state: {}",
        genome.states[0],
        genome.moves[0].letter(),
        super::shown(emissions.join(" "))
    )
}

#[cfg(test)]
mod tests {
    use super::super::Representation;
    use super::*;
    use crate::ipd::action::Action::C;

    #[test]
    fn a_model_is_its_rows_then_its_emissions_and_rows_stay_distributions() {
        let r = Representation::Hmm { states: 2 };
        assert_eq!(r.layout().reals, 10);
        assert_eq!(r.loci(), 8);
        assert_eq!(r.locus(1).reals, 2..4);
        assert_eq!(r.locus(5).reals, 9..10);
        let genome = Genome {
            moves: vec![C],
            states: vec![1],
            reals: vec![1.0, 0.0, 0.5, 0.5, 0.0, 1.0, 0.25, 0.75, 0.9, 0.1],
        };
        let Body::Hmm(model) = r.body(&genome) else {
            panic!("a model")
        };
        assert_eq!(model.transitions[1][1], vec![0.25, 0.75]);
        assert_eq!(model.emissions, vec![0.9, 0.1]);
        assert_eq!((model.start, model.first), (1, C));
        let bad = Genome {
            reals: vec![1.0, 0.5, 0.5, 0.5, 0.0, 1.0, 0.25, 0.75, 0.9, 0.1],
            ..genome.clone()
        };
        let e = r.read_genome(&r.text(&bad)).unwrap_err().to_string();
        assert!(e.contains("sums to 1.5"), "{e}");
        let mut row = [0.0, 0.0, 0.0, 0.0];
        normalise(&mut row);
        assert_eq!(row, [0.25; 4]);
        super::super::tests::operators_keep_genomes_valid(r);
        super::super::tests::operators_keep_genomes_valid(Representation::Hmm { states: 1 });
        super::super::tests::operators_keep_genomes_valid(Representation::Hmm { states: 9 });
    }
}
