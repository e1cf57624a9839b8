//! `ann`: axelrod's `ANN` (Harper et al. 2017's Evolved ANNs), a network
//! of `hidden` units over axelrod's 17 features of the play so far
//! (`ipd::strategies::defined::ann`), written as our `kind = "ann"`
//! strategy file.
//!
//! Genes: reals only, the input weights row by row as the file writes
//! them (feature i's weight into unit j at i x hidden + j), then the
//! hidden units' biases, then their output weights. A random genome draws
//! every weight uniformly from [-1, 1] (axelrod's `EvolvableANN`).
//! Mutation: each weight with probability `mutation` takes a Gaussian
//! step of [`SIGMA`] = 0.5, unclamped: half the spread of a random weight
//! (sd 0.58), and weights may grow as large as the count features (up to
//! the match length) need. axelrod multiplies a weight by 1 + 5 x U(-1, 1)
//! instead, which can never move a weight away from 0; an additive step
//! can. Crossover as axelrod's `crossover_lists`: each weight a locus.

use crate::ipd::random::unit_interval;
use crate::ipd::strategies::defined::Body;
use crate::ipd::strategies::defined::ann::{Ann, FEATURES};
use crate::train::genome::{Genome, Layout};
use crate::train::operators::gaussian_each;
use rand_chacha::ChaCha8Rng;

/// The standard deviation of a mutation step of a weight.
pub const SIGMA: f64 = 0.5;

/// 17 x hidden input weights, hidden biases, hidden output weights.
pub fn layout(hidden: u32) -> Layout {
    Layout {
        moves: 0,
        states: 0,
        reals: (FEATURES + 2) * hidden as usize,
    }
}

/// Every weight uniform on [-1, 1).
pub fn random(hidden: u32, rng: &mut ChaCha8Rng) -> Genome {
    Genome {
        reals: (0..layout(hidden).reals)
            .map(|_| 2.0 * unit_interval(rng) - 1.0)
            .collect(),
        ..Genome::default()
    }
}

/// Gaussian steps (see the module doc).
pub fn mutate(genome: &mut Genome, rate: f64, rng: &mut ChaCha8Rng) {
    gaussian_each(&mut genome.reals, rate, SIGMA, None, rng);
}

/// The network a genome stands for.
pub fn body(hidden: u32, genome: &Genome) -> Body {
    let h = hidden as usize;
    let rows: Vec<Vec<f64>> = genome.reals[..FEATURES * h]
        .chunks(h)
        .map(|r| r.to_vec())
        .collect();
    let bias = &genome.reals[FEATURES * h..(FEATURES + 1) * h];
    let output = &genome.reals[(FEATURES + 1) * h..];
    Body::Ann(Ann::new(h, &rows, bias, output).expect("a genome of this representation fits"))
}

/// Its output weights (the rest is in best.toml).
pub fn describe(hidden: u32, genome: &Genome) -> String {
    let h = hidden as usize;
    let output: Vec<String> = genome.reals[(FEATURES + 1) * h..]
        .iter()
        .map(|w| format!("{w:.2}"))
        .collect();
    format!(
        "its network's output weights: {} (its input weights and biases in best.toml)",
        super::shown(output.join(" "))
    )
}

#[cfg(test)]
mod tests {
    use super::super::Representation;
    use super::*;

    #[test]
    fn a_network_is_its_input_rows_then_biases_then_output_weights() {
        let r = Representation::Ann { hidden: 2 };
        assert_eq!(r.layout().reals, 38);
        let genome = Genome {
            reals: (0..38).map(|k| k as f64).collect(),
            ..Genome::default()
        };
        let Body::Ann(net) = r.body(&genome) else {
            panic!("a network")
        };
        assert_eq!(net.input_rows()[1], vec![2.0, 3.0]);
        assert_eq!(net.hidden_bias, vec![34.0, 35.0]);
        assert_eq!(net.output_weights, vec![36.0, 37.0]);
        let random = r.random(&mut crate::train::keys::generator(
            1,
            0,
            0,
            crate::train::keys::Role::Start,
            0,
        ));
        assert!(random.reals.iter().all(|w| (-1.0..1.0).contains(w)));
        super::super::tests::operators_keep_genomes_valid(r);
        super::super::tests::operators_keep_genomes_valid(Representation::Ann { hidden: 15 });
    }
}
