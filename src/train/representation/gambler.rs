//! `gambler`: axelrod's `Gambler` (Harper et al. 2017's PSO Gamblers), a
//! lookup table whose entries are probabilities of C, keyed as `lookup`
//! (own last moves, opponent's last moves, opponent's first moves),
//! written as our `kind = "lookup"` strategy file with probabilities as
//! values (0 and 1 decide without a draw).
//!
//! Genes: the `depth` opening moves (moves), then the probability of C of
//! every key in key order (reals in [0, 1]). Mutation: each opening move
//! flips with probability `mutation`, each probability with probability
//! `mutation` takes a Gaussian step of [`SIGMA`] = 0.15 and is clamped to
//! [0, 1]. The step's spread is that of axelrod's `EvolvableGambler`
//! (uniform on [-1/4, 1/4], sd 0.144), the Gaussian's tails allow the odd
//! larger jump; clamping makes 0 and 1 (pure moves, no draw) reachable and
//! sticky. Crossover as for `lookup`: each gene (an opening move, a key's
//! probability) a locus, keys in order.

use crate::ipd::strategies::defined::Body;
use crate::ipd::strategies::defined::lookup::LookupTable;
use crate::train::genome::{Genome, Layout};
use crate::train::operators::{flip_each, gaussian_each};
use rand_chacha::ChaCha8Rng;

use super::lookup::{depth, entries, random_moves};

/// The standard deviation of a mutation step of a probability.
pub const SIGMA: f64 = 0.15;

/// The openings (moves) and a probability per key (reals).
pub fn layout(own: u32, opponent: u32, opponent_first: u32) -> Layout {
    Layout {
        moves: depth(own, opponent, opponent_first),
        states: 0,
        reals: entries(own, opponent, opponent_first),
    }
}

/// Random openings, every probability uniform on [0, 1).
pub fn random(layout: Layout, rng: &mut ChaCha8Rng) -> Genome {
    let moves = random_moves(layout.moves, rng);
    let reals = (0..layout.reals)
        .map(|_| crate::ipd::random::unit_interval(rng))
        .collect();
    Genome {
        moves,
        states: Vec::new(),
        reals,
    }
}

/// Flips openings, steps probabilities (see the module doc).
pub fn mutate(genome: &mut Genome, rate: f64, rng: &mut ChaCha8Rng) {
    flip_each(&mut genome.moves, rate, rng);
    gaussian_each(&mut genome.reals, rate, SIGMA, Some((0.0, 1.0)), rng);
}

/// Every probability in [0, 1].
pub fn check(genome: &Genome) -> Result<(), String> {
    match genome.reals.iter().position(|p| !(0.0..=1.0).contains(p)) {
        Some(k) => Err(format!(
            "probability {} of key {k} is not between 0 and 1",
            genome.reals[k]
        )),
        None => Ok(()),
    }
}

/// The table a genome stands for.
pub fn body(own: u32, opponent: u32, opponent_first: u32, genome: &Genome) -> Body {
    Body::Lookup(
        LookupTable::from_probabilities(
            own,
            opponent,
            opponent_first,
            genome.moves.clone(),
            &genome.reals,
        )
        .expect("a genome of this representation has its sizes and probabilities"),
    )
}

/// Its probabilities of C in key order and its opening moves.
pub fn describe(genome: &Genome) -> String {
    let table: Vec<String> = genome.reals.iter().map(|p| format!("{p:.2}")).collect();
    let opening: String = genome.moves.iter().map(|m| m.letter()).collect();
    format!(
        "its probabilities of C (keys in order, C before D): {}; opening moves: {}",
        super::shown(table.join(" ")),
        if opening.is_empty() { "none" } else { &opening }
    )
}

#[cfg(test)]
mod tests {
    use super::super::Representation;
    use super::*;
    use crate::ipd::action::Action::D;
    use crate::ipd::strategies::defined::lookup::Response;
    use crate::train::keys::{Role, generator};

    #[test]
    fn a_gambler_is_its_openings_then_a_probability_per_key() {
        let r = Representation::Gambler {
            own: 1,
            opponent: 1,
            opponent_first: 0,
        };
        assert_eq!((r.layout().moves, r.layout().reals), (1, 4));
        let genome = Genome {
            moves: vec![D],
            states: vec![],
            reals: vec![1.0, 0.25, 0.0, 0.5],
        };
        let Body::Lookup(table) = r.body(&genome) else {
            panic!("a lookup table")
        };
        assert_eq!(table.initial, vec![D]);
        assert_eq!(
            table.entries()[1],
            ("C D".to_string(), Response::Probability(0.25))
        );
        assert!(table.is_stochastic());
        assert!(check(&genome).is_ok());
        let bad = Genome {
            reals: vec![1.0, 1.5, 0.0, 0.5],
            ..genome.clone()
        };
        assert!(r.read_genome(&r.text(&bad)).is_err());
        // Mutation at rate 1 moves every probability, keeps them in [0, 1].
        let mut rng = generator(2, 0, 0, Role::Breed, 0);
        let mut m = r.random(&mut rng);
        let before = m.clone();
        r.mutate(&mut m, 1.0, &mut rng);
        assert!(m.reals.iter().zip(&before.reals).all(|(a, b)| a != b));
        assert_eq!(m.moves[0], before.moves[0].flip());
        super::super::tests::operators_keep_genomes_valid(r);
    }
}
