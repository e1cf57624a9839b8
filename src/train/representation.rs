//! What a candidate is. This slice trains axelrod's lookup tables
//! (`LookerUp`: a key of the player's own last `own` moves, the opponent's
//! last `opponent` moves and the opponent's first `opponent_first` moves,
//! see `ipd::strategies::defined::lookup`); a trained candidate is written
//! as our existing `kind = "lookup"` strategy file, so `dilemma run` plays
//! it like any other.
//!
//! Also axelrod's `Cycler` (`cycle`: a fixed sequence of `length` moves
//! played over and over; our `kind = "cycle"` strategy file).
//!
//! A [`Genome`] is a string of moves. For a lookup table: the `depth =
//! max(own, opponent, opponent_first)` opening moves, then the table's move
//! for every key in key order (the key read as a binary number, C = 0,
//! D = 1, first letter most significant). For a cycle: its moves.
//! Real-valued representations (gambler, ann) will bring a genome of their
//! own.

use crate::ipd::action::Action;
use crate::ipd::strategies::Player;
use crate::ipd::strategies::defined::cycle::Cycle;
use crate::ipd::strategies::defined::lookup::LookupTable;
use crate::ipd::strategies::defined::{Body, Definition};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Most moves of one part of a lookup key (own, opponent, opponent_first):
/// 8 + 8 is already a table of 65 536 entries.
pub const MAX_KEY_PART: u32 = 8;

/// Longest trained cycle.
pub const MAX_CYCLE_LENGTH: u32 = 4096;

/// The representations this version trains.
pub const REPRESENTATIONS: &[&str] = &["lookup", "cycle"];

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
    /// axelrod's `Cycler`.
    Cycle {
        /// Moves in one period.
        length: u32,
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
            Representation::Cycle { .. } => "cycle",
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
            Representation::Cycle { length } => format!("cycle of {length}"),
        }
    }

    /// Turns played from the opening moves (a lookup table's).
    fn depth(&self) -> usize {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => own.max(opponent).max(opponent_first) as usize,
            Representation::Cycle { .. } => 0,
        }
    }

    /// Entries of the table: 2^(own + opponent + opponent_first); a
    /// cycle's moves.
    pub fn entries(&self) -> usize {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => 1usize << (own + opponent + opponent_first).min(63),
            Representation::Cycle { length } => length as usize,
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

    /// The rule a genome stands for.
    pub fn body(&self, genome: &Genome) -> Body {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => {
                let depth = self.depth();
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
            Representation::Cycle { .. } => Body::Cycle(Cycle {
                moves: genome.moves.clone(),
            }),
        }
    }

    /// A genome's rule in words: a lookup table's moves in key order (C
    /// before D) and its opening moves, a cycle's moves.
    pub fn describe_genome(&self, genome: &Genome) -> String {
        let letters = |moves: &[Action]| moves.iter().map(|m| m.letter()).collect::<String>();
        let shown = |text: String| {
            if text.len() > 64 {
                format!("{}... (see best.toml)", &text[..64])
            } else {
                text
            }
        };
        match self {
            Representation::Lookup { .. } => {
                let depth = self.depth();
                let opening = letters(&genome.moves[..depth]);
                format!(
                    "its table (keys in order, C before D): {}; opening moves: {}",
                    shown(letters(&genome.moves[depth..])),
                    if opening.is_empty() { "none" } else { &opening }
                )
            }
            Representation::Cycle { .. } => {
                format!("its cycle: {}", shown(letters(&genome.moves)))
            }
        }
    }

    /// The definition a genome stands for, named `name`.
    pub fn definition(&self, genome: &Genome, name: &str) -> Definition {
        Definition::new(name, None, self.body(genome))
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
        let Body::Lookup(table) = r.body(&Genome { moves }) else {
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
        let cycle = Representation::Cycle { length: 3 };
        let genome = Genome {
            moves: vec![C, C, D],
        };
        let Body::Cycle(c) = cycle.body(&genome) else {
            panic!("a cycle")
        };
        assert_eq!(c.moves, vec![C, C, D]);
        assert_eq!(cycle.describe_genome(&genome), "its cycle: CCD");
    }
}
