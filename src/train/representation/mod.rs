//! What a candidate is: a [`Representation`] (the kind of strategy and its
//! sizes) and the [`Genome`] it reads. Every trained candidate is written
//! as one of our existing strategy file kinds, so `dilemma run` plays it
//! like any other:
//!
//! | kind      | axelrod        | strategy file      | genes (`train::genome`)         |
//! |-----------|----------------|--------------------|---------------------------------|
//! | `lookup`  | `LookerUp`     | `lookup` (C/D)     | moves                           |
//! | `cycle`   | `Cycler`       | `cycle`            | moves                           |
//! | `gambler` | `Gambler`      | `lookup` (P(C))    | moves (openings), reals         |
//! | `fsm`     | `FSMPlayer`    | `fsm`              | moves and states                |
//! | `hmm`     | `HMMPlayer`    | `hmm`              | move, state and reals           |
//! | `ann`     | `ANN`          | `ann`              | reals (weights)                 |
//!
//! One file per kind ([`lookup`], [`cycle`], [`gambler`], [`fsm`], [`hmm`],
//! [`ann`]) says its genes' layout, draws a random genome, mutates one,
//! cuts it into loci for crossover, checks one read from a file and turns
//! it into the strategy's rule; this file is the one registration point
//! (the enum, [`REPRESENTATIONS`] and the dispatch).
//!
//! Invariants: a random genome is valid; mutation and crossover of valid
//! genomes give valid genomes (each kind's unit test); a genome's draws
//! come only from the generator it is handed.

pub mod ann;
pub mod cycle;
pub mod fsm;
pub mod gambler;
pub mod hmm;
pub mod lookup;

use crate::ipd::strategies::Player;
use crate::ipd::strategies::defined::{Body, Definition};
pub use crate::train::genome::{Genome, GenomeError, Layout};
use crate::train::operators::Locus;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// Most moves of one part of a lookup key (own, opponent, opponent_first):
/// 8 + 8 is already a table of 65 536 entries.
pub const MAX_KEY_PART: u32 = 8;

/// Longest trained cycle.
pub const MAX_CYCLE_LENGTH: u32 = 4096;

/// The representations this version trains.
pub const REPRESENTATIONS: &[&str] = &["lookup", "cycle", "gambler", "fsm", "hmm", "ann"];

/// The representations whose genes are all real numbers in a box, the
/// ones particle swarm optimisation takes.
pub const REAL_VALUED: &[&str] = &["gambler", "ann"];

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
    /// axelrod's `Gambler`: a lookup table of probabilities of C.
    Gambler {
        /// Own last moves in a key.
        own: u32,
        /// Opponent's last moves in a key.
        opponent: u32,
        /// Opponent's first moves in a key.
        opponent_first: u32,
    },
    /// axelrod's `FSMPlayer`.
    Fsm {
        /// Its states (1 to `fsm::MAX_STATES`).
        states: u32,
    },
    /// axelrod's `HMMPlayer`.
    Hmm {
        /// Its hidden states (1 to `hmm::MAX_STATES`).
        states: u32,
    },
    /// axelrod's `ANN` (17 features, one hidden layer).
    Ann {
        /// Hidden units (1 to `ann::MAX_HIDDEN`).
        hidden: u32,
    },
}

impl Representation {
    /// The name written in `[representation] kind`.
    pub fn id(&self) -> &'static str {
        match self {
            Representation::Lookup { .. } => "lookup",
            Representation::Cycle { .. } => "cycle",
            Representation::Gambler { .. } => "gambler",
            Representation::Fsm { .. } => "fsm",
            Representation::Hmm { .. } => "hmm",
            Representation::Ann { .. } => "ann",
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
            Representation::Gambler {
                own,
                opponent,
                opponent_first,
            } => format!("gambler {own}-{opponent}-{opponent_first}"),
            Representation::Fsm { states } => format!("fsm of {states} states"),
            Representation::Hmm { states } => format!("hmm of {states} states"),
            Representation::Ann { hidden } => format!("ann of {hidden} hidden units"),
        }
    }

    /// What the trained player is, in a sentence's words (best.toml's
    /// description).
    pub fn what(&self) -> String {
        match *self {
            Representation::Lookup { .. } => format!(
                "A lookup table ({}: own, opponent and opponent's first moves in a key)",
                self.describe()
            ),
            Representation::Cycle { length } => format!("A cycle of {length} moves"),
            Representation::Gambler { .. } => format!(
                "A lookup table of probabilities of C ({}: own, opponent and opponent's \
                 first moves in a key)",
                self.describe()
            ),
            Representation::Fsm { states } => format!("A state machine of {states} states"),
            Representation::Hmm { states } => {
                format!("A hidden Markov model of {states} states")
            }
            Representation::Ann { hidden } => {
                format!("A neural network of {hidden} hidden units over 17 features")
            }
        }
    }

    /// The sizes as `[representation]` keys, in the order written.
    pub fn sizes(&self) -> Vec<(&'static str, u32)> {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            }
            | Representation::Gambler {
                own,
                opponent,
                opponent_first,
            } => vec![
                ("own", own),
                ("opponent", opponent),
                ("opponent_first", opponent_first),
            ],
            Representation::Cycle { length } => vec![("length", length)],
            Representation::Fsm { states } | Representation::Hmm { states } => {
                vec![("states", states)]
            }
            Representation::Ann { hidden } => vec![("hidden", hidden)],
        }
    }

    /// True when every gene is a real number in a box (particle swarm).
    pub fn is_real_valued(&self) -> bool {
        REAL_VALUED.contains(&self.id())
    }

    /// The box of the real genes of a real-valued kind (particle swarm):
    /// a gambler's probabilities in [0, 1], a network's weights in [-1, 1]
    /// (axelrod's `create_vector_bounds`).
    pub fn bounds(&self) -> Option<(f64, f64)> {
        match self {
            Representation::Gambler { .. } => Some((0.0, 1.0)),
            Representation::Ann { .. } => Some((-1.0, 1.0)),
            _ => None,
        }
    }

    /// The genes of each kind a genome has.
    pub fn layout(&self) -> Layout {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => lookup::layout(own, opponent, opponent_first),
            Representation::Cycle { length } => cycle::layout(length),
            Representation::Gambler {
                own,
                opponent,
                opponent_first,
            } => gambler::layout(own, opponent, opponent_first),
            Representation::Fsm { states } => fsm::layout(states),
            Representation::Hmm { states } => hmm::layout(states),
            Representation::Ann { hidden } => ann::layout(hidden),
        }
    }

    /// Genes of a genome, every kind counted.
    pub fn genes(&self) -> usize {
        self.layout().genes()
    }

    /// A random genome.
    pub fn random(&self, rng: &mut ChaCha8Rng) -> Genome {
        match *self {
            Representation::Lookup { .. } | Representation::Cycle { .. } => {
                Genome::of_moves(lookup::random_moves(self.layout().moves, rng))
            }
            Representation::Gambler { .. } => gambler::random(self.layout(), rng),
            Representation::Fsm { states } => fsm::random(states, rng),
            Representation::Hmm { states } => hmm::random(states, rng),
            Representation::Ann { hidden } => ann::random(hidden, rng),
        }
    }

    /// Mutates `genome` at rate `rate` (each kind's operator: see its file).
    pub fn mutate(&self, genome: &mut Genome, rate: f64, rng: &mut ChaCha8Rng) {
        if rate <= 0.0 {
            return;
        }
        match *self {
            Representation::Lookup { .. } | Representation::Cycle { .. } => {
                crate::train::operators::flip_each(&mut genome.moves, rate, rng)
            }
            Representation::Gambler { .. } => gambler::mutate(genome, rate, rng),
            Representation::Fsm { states } => fsm::mutate(states, genome, rate, rng),
            Representation::Hmm { states } => hmm::mutate(states, genome, rate, rng),
            Representation::Ann { .. } => ann::mutate(genome, rate, rng),
        }
    }

    /// The loci crossover exchanges whole, in order.
    pub fn loci(&self) -> usize {
        match *self {
            Representation::Fsm { states } => fsm::loci(states),
            Representation::Hmm { states } => hmm::loci(states),
            _ => self.layout().genes(),
        }
    }

    /// Locus `i` (below [`Representation::loci`]): the genes it holds.
    pub fn locus(&self, i: usize) -> Locus {
        match *self {
            Representation::Fsm { .. } => fsm::locus(i),
            Representation::Hmm { states } => hmm::locus(states, i),
            _ => Locus::gene(self.layout(), i),
        }
    }

    /// Reads a genome written by [`Genome::text`] and checks it is one of
    /// this representation (lengths, states in range, probabilities).
    pub fn read_genome(&self, text: &str) -> Result<Genome, GenomeError> {
        let genome = Genome::parse(text, self.layout())?;
        self.check(&genome).map_err(GenomeError::Value)?;
        Ok(genome)
    }

    /// Whether `genome` (of the right lengths) stands for a valid rule.
    pub fn check(&self, genome: &Genome) -> Result<(), String> {
        match *self {
            Representation::Lookup { .. } | Representation::Cycle { .. } => Ok(()),
            Representation::Gambler { .. } => gambler::check(genome),
            Representation::Fsm { states } => fsm::check(states, genome),
            Representation::Hmm { states } => hmm::check(states, genome),
            Representation::Ann { .. } => Ok(()),
        }
    }

    /// The genome as text (`restarts.csv`, checkpoints).
    pub fn text(&self, genome: &Genome) -> String {
        genome.text(self.layout())
    }

    /// The rule a genome stands for.
    pub fn body(&self, genome: &Genome) -> Body {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => lookup::body(own, opponent, opponent_first, genome),
            Representation::Cycle { .. } => cycle::body(genome),
            Representation::Gambler {
                own,
                opponent,
                opponent_first,
            } => gambler::body(own, opponent, opponent_first, genome),
            Representation::Fsm { .. } => fsm::body(genome),
            Representation::Hmm { states } => hmm::body(states, genome),
            Representation::Ann { hidden } => ann::body(hidden, genome),
        }
    }

    /// A genome's rule in words.
    pub fn describe_genome(&self, genome: &Genome) -> String {
        match *self {
            Representation::Lookup {
                own,
                opponent,
                opponent_first,
            } => lookup::describe(lookup::depth(own, opponent, opponent_first), genome),
            Representation::Cycle { .. } => cycle::describe(genome),
            Representation::Gambler { .. } => gambler::describe(genome),
            Representation::Fsm { states } => fsm::describe(states, genome),
            Representation::Hmm { states } => hmm::describe(states, genome),
            Representation::Ann { hidden } => ann::describe(hidden, genome),
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

    /// A player of this representation (a random genome), for the work
    /// estimate: its move cost and whether it draws random numbers.
    pub fn sample_player(&self) -> Player {
        let mut rng = crate::train::keys::generator(0, 0, 0, crate::train::keys::Role::Start, 0);
        self.player(&self.random(&mut rng), "sample")
    }
}

/// Text cut to 64 characters (the rest is in best.toml).
pub(crate) fn shown(text: String) -> String {
    if text.len() > 64 {
        let mut cut = 64;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        format!("{}... (see best.toml)", &text[..cut])
    } else {
        text
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::train::keys::{Role, generator};

    /// Random genomes of `r` are valid, and so are their mutants and
    /// children (every crossover, mutation at rates 0.1 and 1); their
    /// text reads back to them; the rule builds and plays a match.
    pub(crate) fn operators_keep_genomes_valid(r: Representation) {
        use crate::train::operators::{CROSSOVERS, Crossover};
        let layout = r.layout();
        for stream in 0..20 {
            let mut rng = generator(9, 0, 0, Role::Start, stream);
            let a = r.random(&mut rng);
            let b = r.random(&mut rng);
            for g in [&a, &b] {
                assert_eq!(g.layout(), layout);
                assert_eq!(r.check(g), Ok(()), "{}", r.text(g));
                let back = r.read_genome(&r.text(g)).unwrap();
                assert_eq!(r.text(&back), r.text(g));
            }
            for name in CROSSOVERS {
                let mut child = Crossover::named(name).unwrap().child(r, &a, &b, &mut rng);
                assert_eq!(child.layout(), layout);
                assert_eq!(r.check(&child), Ok(()), "{name}: {}", r.text(&child));
                for rate in [0.1, 1.0] {
                    r.mutate(&mut child, rate, &mut rng);
                    assert_eq!(child.layout(), layout);
                    assert_eq!(r.check(&child), Ok(()), "{rate}: {}", r.text(&child));
                }
                let player = r.player(&child, "x");
                let opponent = crate::ipd::strategies::PlayerSpec::new("random")
                    .build()
                    .unwrap();
                let settings = crate::ipd::play::MatchSettings {
                    horizon: crate::ipd::horizon::Horizon::Fixed { turns: 20 },
                    noise: 0.0,
                    payoffs: crate::ipd::payoffs::Payoffs::STANDARD,
                };
                let outcome = crate::ipd::play::play_match(
                    &player.prototype,
                    &opponent.prototype,
                    &settings,
                    &mut rng,
                    &mut crate::ipd::play::NoRecording,
                );
                assert_eq!(outcome.length, 20);
            }
        }
    }

    #[test]
    fn every_representation_is_registered_once_with_its_name() {
        let all = [
            Representation::Lookup {
                own: 1,
                opponent: 1,
                opponent_first: 1,
            },
            Representation::Cycle { length: 3 },
            Representation::Gambler {
                own: 1,
                opponent: 1,
                opponent_first: 0,
            },
            Representation::Fsm { states: 3 },
            Representation::Hmm { states: 2 },
            Representation::Ann { hidden: 2 },
        ];
        let ids: Vec<&str> = all.iter().map(|r| r.id()).collect();
        assert_eq!(ids, REPRESENTATIONS);
        for r in all {
            assert_eq!(r.is_real_valued(), REAL_VALUED.contains(&r.id()));
            assert_eq!(r.is_real_valued(), r.bounds().is_some());
            operators_keep_genomes_valid(r);
        }
    }
}
