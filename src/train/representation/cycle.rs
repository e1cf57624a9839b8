//! `cycle`: axelrod's `Cycler` (a fixed sequence of `length` moves played
//! over and over), written as our `kind = "cycle"` strategy file. Genes:
//! its moves; mutation flips each with probability `mutation`; every move
//! is a locus of crossover.

use crate::ipd::strategies::defined::Body;
use crate::ipd::strategies::defined::cycle::Cycle;
use crate::train::genome::{Genome, Layout};

/// `length` moves.
pub fn layout(length: u32) -> Layout {
    Layout {
        moves: length as usize,
        states: 0,
        reals: 0,
    }
}

/// The cycle a genome stands for.
pub fn body(genome: &Genome) -> Body {
    Body::Cycle(Cycle {
        moves: genome.moves.clone(),
    })
}

/// Its moves.
pub fn describe(genome: &Genome) -> String {
    let letters: String = genome.moves.iter().map(|m| m.letter()).collect();
    format!("its cycle: {}", super::shown(letters))
}

#[cfg(test)]
mod tests {
    use super::super::Representation;
    use super::*;
    use crate::ipd::action::Action::{C, D};

    #[test]
    fn a_cycle_is_its_moves() {
        let cycle = Representation::Cycle { length: 3 };
        let genome = Genome::of_moves(vec![C, C, D]);
        let Body::Cycle(c) = cycle.body(&genome) else {
            panic!("a cycle")
        };
        assert_eq!(c.moves, vec![C, C, D]);
        assert_eq!(cycle.describe_genome(&genome), "its cycle: CCD");
        super::super::tests::operators_keep_genomes_valid(cycle);
    }
}
