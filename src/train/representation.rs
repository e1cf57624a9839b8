//! What a candidate is. This slice trains axelrod's lookup tables
//! (`LookerUp`: a key of the player's own last `own` moves, the opponent's
//! last `opponent` moves and the opponent's first `opponent_first` moves,
//! see `ipd::strategies::defined::lookup`); a trained candidate is written
//! as our existing `kind = "lookup"` strategy file, so `dilemma run` plays
//! it like any other.
//!
//! A [`Genome`] is a string of moves: the `depth = max(own, opponent,
//! opponent_first)` opening moves, then the table's move for every key in
//! key order (the key read as a binary number, C = 0, D = 1, first letter
//! most significant). A string of moves is also what a `cycle` would be;
//! real-valued representations (gambler, ann) will bring a genome of their
//! own.

use crate::ipd::action::Action;
use crate::ipd::strategies::Player;
use crate::ipd::strategies::defined::lookup::LookupTable;
use crate::ipd::strategies::defined::{Body, Definition};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Most moves of one part of a lookup key (own, opponent, opponent_first):
/// 8 + 8 is already a table of 65 536 entries.
pub const MAX_KEY_PART: u32 = 8;

/// The representations this version trains.
pub const REPRESENTATIONS: &[&str] = &["lookup"];

/// A representation and its sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Representation {
    /// axelrod's `LookerUp`.
    Lookup {
        /// Own last moves in a key.
        own: u32,
        /// Opponent's last moves in a key.
        opponent: u32,
        /// Opponent's first moves in a key.
        opponent_first: u32,
    },
}

/// A candidate's genes: a string of moves (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genome {
    /// The moves: the opening moves, then the table.
    pub moves: Vec<Action>,
}

impl Representation {
    /// The name written in `[representation] kind`.
    pub fn id(&self) -> &'static str {
        match self {
            Representation::Lookup { .. } => "lookup",
        }
    }

    /// The sizes in words ("lookup 1-1-1": own, opponent, opponent_first).
    pub fn describe(&self) -> String {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => format!("lookup {own}-{opponent}-{opponent_first}"),
        }
    }

    /// Turns played from the opening moves.
    fn depth(&self) -> usize {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => own.max(opponent).max(opponent_first) as usize,
        }
    }

    /// Entries of the table: 2^(own + opponent + opponent_first).
    pub fn entries(&self) -> usize {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => 1usize << (own + opponent + opponent_first).min(63),
        }
    }

    /// Genes of a genome: the opening moves and the table.
    pub fn genes(&self) -> usize {
        self.depth() + self.entries()
    }

    /// A random genome: every move C or D with probability 1/2.
    pub fn random(&self, rng: &mut ChaCha8Rng) -> Genome {
        let mut moves = Vec::with_capacity(self.genes());
        while moves.len() < self.genes() {
            let bits = rng.next_u64();
            let take = (self.genes() - moves.len()).min(64);
            moves.extend((0..take).map(|b| Action::from_bit(bits >> b)));
        }
        Genome { moves }
    }

    /// The lookup table a genome stands for.
    pub fn table(&self, genome: &Genome) -> LookupTable {
        let Representation::Lookup {
            own,
            opponent,
            opponent_first,
        } = *self;
        let depth = self.depth();
        LookupTable::from_moves(
            own,
            opponent,
            opponent_first,
            genome.moves[..depth].to_vec(),
            &genome.moves[depth..],
        )
        .expect("a genome of this representation has its sizes")
    }

    /// The definition a genome stands for, named `name`.
    pub fn definition(&self, genome: &Genome, name: &str) -> Definition {
        Definition::new(name, None, Body::Lookup(self.table(genome)))
    }

    /// The player a genome stands for (for evaluation; `reference` is its id).
    pub fn player(&self, genome: &Genome, reference: &str) -> Player {
        Arc::new(self.definition(genome, reference)).player(reference)
    }
}

#[cfg(test)]
mod tests {
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
        assert_eq!((r.entries(), r.genes()), (8, 9));
        // EvolvedLookerUp1_1_1: first move C, pattern CDDDDCDD.
        let moves = [C, C, D, D, D, D, C, D, D].to_vec();
        let table = r.table(&Genome { moves });
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
    }
}
