//! `lookup`: axelrod's `LookerUp` (a key of the player's own last `own`
//! moves, the opponent's last `opponent` moves and the opponent's first
//! `opponent_first` moves, see `ipd::strategies::defined::lookup`),
//! written as our `kind = "lookup"` strategy file.
//!
//! Genes: moves only, the `depth = max(own, opponent, opponent_first)`
//! opening moves, then the table's move for every key in key order (the
//! key read as a binary number, C = 0, D = 1, first letter most
//! significant). Mutation flips each move with probability `mutation`
//! (`operators::flip_each`); every move is a locus of crossover.

use crate::ipd::action::Action;
use crate::ipd::strategies::defined::Body;
use crate::ipd::strategies::defined::lookup::LookupTable;
use crate::train::genome::{Genome, Layout};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Turns played from the opening moves.
pub fn depth(own: u32, opponent: u32, opponent_first: u32) -> usize {
    own.max(opponent).max(opponent_first) as usize
}

/// Entries of a table: 2^(own + opponent + opponent_first).
pub fn entries(own: u32, opponent: u32, opponent_first: u32) -> usize {
    1usize << (own + opponent + opponent_first).min(63)
}

/// The openings and the table, all moves.
pub fn layout(own: u32, opponent: u32, opponent_first: u32) -> Layout {
    Layout {
        moves: depth(own, opponent, opponent_first) + entries(own, opponent, opponent_first),
        states: 0,
        reals: 0,
    }
}

/// `n` random moves, each C or D with probability 1/2 (64 from each draw).
pub fn random_moves(n: usize, rng: &mut ChaCha8Rng) -> Vec<Action> {
    let mut moves = Vec::with_capacity(n);
    while moves.len() < n {
        let bits = rng.next_u64();
        let take = (n - moves.len()).min(64);
        moves.extend((0..take).map(|b| Action::from_bit(bits >> b)));
    }
    moves
}

/// The table a genome stands for.
pub fn body(own: u32, opponent: u32, opponent_first: u32, genome: &Genome) -> Body {
    let depth = depth(own, opponent, opponent_first);
    Body::Lookup(
        LookupTable::from_moves(
            own,
            opponent,
            opponent_first,
            genome.moves[..depth].to_vec(),
            &genome.moves[depth..],
        )
        .expect("a genome of this representation has its sizes"),
    )
}

/// Its table's moves in key order (C before D) and its opening moves.
pub fn describe(depth: usize, genome: &Genome) -> String {
    let letters = |moves: &[Action]| moves.iter().map(|m| m.letter()).collect::<String>();
    let opening = letters(&genome.moves[..depth]);
    format!(
        "its table (keys in order, C before D): {}; opening moves: {}",
        super::shown(letters(&genome.moves[depth..])),
        if opening.is_empty() { "none" } else { &opening }
    )
}

#[cfg(test)]
mod tests {
    use super::super::Representation;
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::ipd::strategies::defined::lookup::Response;
    use crate::train::keys::{Role, generator};

    #[test]
    fn a_genome_is_the_openings_then_the_table_in_key_order() {
        let r = Representation::Lookup {
            own: 1,
            opponent: 1,
            opponent_first: 1,
        };
        assert_eq!(r.genes(), 9);
        // EvolvedLookerUp1_1_1: first move C, pattern CDDDDCDD.
        let moves = [C, C, D, D, D, D, C, D, D].to_vec();
        let Body::Lookup(table) = r.body(&Genome::of_moves(moves)) else {
            panic!("a lookup table")
        };
        assert_eq!(table.initial, vec![C]);
        let entries = table.entries();
        assert_eq!(entries[0], ("C C C".to_string(), Response::Move(C)));
        assert_eq!(entries[5], ("D C D".to_string(), Response::Move(C)));
        assert_eq!(entries[7], ("D D D".to_string(), Response::Move(D)));
        let genome = r.random(&mut generator(1, 0, 0, Role::Start, 0));
        assert_eq!(genome.moves.len(), 9);
        let big = Representation::Lookup {
            own: 8,
            opponent: 8,
            opponent_first: 0,
        };
        let genome = big.random(&mut generator(1, 0, 0, Role::Start, 0));
        assert_eq!(genome.moves.len(), 8 + 65_536);
        let ds = genome.moves.iter().filter(|&&m| m == D).count();
        assert!((31_000..34_600).contains(&ds), "{ds}");
        super::super::tests::operators_keep_genomes_valid(r);
    }
}
