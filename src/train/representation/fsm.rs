//! `fsm`: axelrod's `FSMPlayer` (Harper et al. 2017's Evolved FSMs), a
//! machine of `states` states driven by the opponent's last move, written
//! as our `kind = "fsm"` strategy file (states named 0 to n - 1).
//!
//! Genes: for each transition t = 2 x state + the opponent's move (C = 0,
//! D = 1) its move (moves[t]) and next state (states[t]); then the first
//! move (moves[2n]) and the start state (states[2n]). Mutation, as
//! axelrod-dojo's FSM: each transition's next state and move are drawn
//! anew (uniformly) with probability `mutation`, and so are the start
//! state and the first move. Crossover cuts the transition list: a locus
//! is one transition (its next state and move together), the start state
//! with the first move the last locus.

use crate::ipd::action::Action;
use crate::ipd::strategies::defined::Body;
use crate::ipd::strategies::defined::fsm::{Fsm, StateSpec};
use crate::train::genome::{Genome, Layout};
use crate::train::operators::Locus;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;

/// Two transitions per state, then the first move and start state.
pub fn layout(states: u32) -> Layout {
    let n = 2 * states as usize + 1;
    Layout {
        moves: n,
        states: n,
        reals: 0,
    }
}

/// A transition (or the start) drawn uniformly.
fn draw(states: u32, rng: &mut ChaCha8Rng) -> (Action, u32) {
    let next = rng.random_range(0..states);
    (Action::from_bit(rng.next_u64()), next)
}

/// Every transition, the start state and the first move drawn uniformly.
pub fn random(states: u32, rng: &mut ChaCha8Rng) -> Genome {
    let n = layout(states).moves;
    let (moves, states) = (0..n).map(|_| draw(states, rng)).unzip();
    Genome {
        moves,
        states,
        reals: Vec::new(),
    }
}

/// Each transition (and the start) drawn anew with probability `rate`.
pub fn mutate(states: u32, genome: &mut Genome, rate: f64, rng: &mut ChaCha8Rng) {
    for t in 0..genome.moves.len() {
        if crate::ipd::random::bernoulli(rng, rate) {
            (genome.moves[t], genome.states[t]) = draw(states, rng);
        }
    }
}

/// One locus per transition, and the start.
pub fn loci(states: u32) -> usize {
    layout(states).moves
}

/// Transition `i` (its move and next state together).
pub fn locus(i: usize) -> Locus {
    Locus {
        moves: i..i + 1,
        states: i..i + 1,
        reals: 0..0,
    }
}

/// Every state number below `states`.
pub fn check(states: u32, genome: &Genome) -> Result<(), String> {
    match genome.states.iter().find(|&&s| s >= states) {
        Some(s) => Err(format!(
            "state {s} does not exist; states are 0 to {}",
            states - 1
        )),
        None => Ok(()),
    }
}

/// The machine a genome stands for.
pub fn body(genome: &Genome) -> Body {
    let n = genome.moves.len() / 2;
    let specs: Vec<StateSpec> = (0..n)
        .map(|s| StateSpec {
            name: s.to_string(),
            on: [0, 1].map(|input| {
                let t = 2 * s + input;
                Some((genome.states[t].to_string(), genome.moves[t]))
            }),
        })
        .collect();
    Body::Fsm(
        Fsm::new(
            &specs,
            &genome.states[2 * n].to_string(),
            genome.moves[2 * n],
        )
        .expect("a checked genome is a machine"),
    )
}

/// Its start, first move and transitions.
pub fn describe(states: u32, genome: &Genome) -> String {
    let n = states as usize;
    let transitions: Vec<String> = (0..n)
        .map(|s| {
            let [c, d] = [2 * s, 2 * s + 1]
                .map(|t| format!("{}{}", genome.states[t], genome.moves[t].letter()));
            format!("{s}: C->{c} D->{d}")
        })
        .collect();
    format!(
        "its machine starts in state {} playing {}; on the opponent's move, next state \
         and move: {}",
        genome.states[2 * n],
        genome.moves[2 * n].letter(),
        super::shown(transitions.join(", "))
    )
}

#[cfg(test)]
mod tests {
    use super::super::Representation;
    use super::*;
    use crate::ipd::action::Action::{C, D};

    #[test]
    fn a_machine_is_its_transitions_then_its_start() {
        let r = Representation::Fsm { states: 2 };
        assert_eq!(r.layout().moves, 5);
        assert_eq!(r.loci(), 5);
        // Tit For Tat in one state, a second state unreached.
        let genome = Genome {
            moves: vec![C, D, D, D, C],
            states: vec![0, 0, 1, 1, 0],
            reals: vec![],
        };
        let Body::Fsm(machine) = r.body(&genome) else {
            panic!("a machine")
        };
        assert_eq!(machine.transitions[0], [(0, C), (0, D)]);
        assert_eq!((machine.start, machine.first), (0, C));
        assert_eq!(
            r.describe_genome(&genome),
            "its machine starts in state 0 playing C; on the opponent's move, next state \
             and move: 0: C->0C D->0D, 1: C->1D D->1D"
        );
        let bad = Genome {
            states: vec![0, 2, 1, 1, 0],
            ..genome.clone()
        };
        let e = r.read_genome(&r.text(&bad)).unwrap_err().to_string();
        assert_eq!(e, "state 2 does not exist; states are 0 to 1");
        super::super::tests::operators_keep_genomes_valid(r);
        super::super::tests::operators_keep_genomes_valid(Representation::Fsm { states: 1 });
        super::super::tests::operators_keep_genomes_valid(Representation::Fsm { states: 64 });
    }
}
