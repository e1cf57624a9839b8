//! `kind = "fsm"`: a finite state machine driven by the opponent's moves
//! (axelrod's `FSMPlayer`, 4.14 `strategies/finite_state_machines.py`).
//!
//! The first move is `first`. On every later turn the machine reads the
//! opponent's last move, follows the transition of its current state for
//! that move to the next state, and plays the transition's move (the move
//! output on a transition is the one played, as in axelrod). Every state
//! has a transition for C and for D, and every target is a state.

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::strategies::defined::{DefinitionError, Place};

/// Most states accepted (the memory-depth analysis is quadratic in them).
pub const MAX_STATES: usize = 64;

/// A state as written: its name and its transitions on C and on D, each
/// (target state name, move played), `None` when missing.
#[derive(Clone, Debug, PartialEq)]
pub struct StateSpec {
    /// Name of the state.
    pub name: String,
    /// Transitions on the opponent's C and D.
    pub on: [Option<(String, Action)>; 2],
}

/// A validated state machine.
#[derive(Clone, Debug, PartialEq)]
pub struct Fsm {
    /// State names, in file order.
    pub states: Vec<String>,
    /// Index of the start state.
    pub start: usize,
    /// The first move.
    pub first: Action,
    /// For each state and the opponent's move (C = 0, D = 1): next state
    /// and the move played.
    pub transitions: Vec<[(usize, Action); 2]>,
}

impl Fsm {
    /// Checks the machine: at least one state, both transitions of every
    /// state, every target and the start state exist.
    pub fn new(states: &[StateSpec], start: &str, first: Action) -> Result<Fsm, DefinitionError> {
        if states.is_empty() {
            return Err(DefinitionError::new(
                Place::Field("states"),
                "the machine has no states; give at least one [states.NAME] table",
            ));
        }
        if states.len() > MAX_STATES {
            return Err(DefinitionError::new(
                Place::Field("states"),
                format!(
                    "the machine has {} states; at most {MAX_STATES} are allowed",
                    states.len()
                ),
            ));
        }
        let names: Vec<String> = states.iter().map(|s| s.name.clone()).collect();
        let listed = names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ");
        let index_of = |name: &str| names.iter().position(|n| n == name);
        let start_index = index_of(start).ok_or_else(|| {
            DefinitionError::new(
                Place::Field("start"),
                format!("start state `{start}` is not a state (states: {listed})"),
            )
        })?;
        let mut transitions = Vec::with_capacity(states.len());
        for (i, state) in states.iter().enumerate() {
            let mut pair = [(0, Action::C); 2];
            for (slot, input) in pair.iter_mut().zip([Action::C, Action::D]) {
                let Some((target, play)) = &state.on[input.bit() as usize] else {
                    return Err(DefinitionError::new(
                        Place::State(i),
                        format!(
                            "state `{}` has no transition for the opponent's {input}; every \
                             state needs both C and D",
                            state.name
                        ),
                    ));
                };
                let next = index_of(target).ok_or_else(|| {
                    DefinitionError::new(
                        Place::TransitionNext(i, input),
                        format!(
                            "the transition of state `{}` on the opponent's {input} goes to \
                             `{target}`, which is not a state (states: {listed})",
                            state.name
                        ),
                    )
                })?;
                *slot = (next, *play);
            }
            transitions.push(pair);
        }
        Ok(Fsm {
            states: names,
            start: start_index,
            first,
            transitions,
        })
    }

    /// The move of the next turn; `state` is the current state.
    #[inline]
    pub fn choose(&self, state: &mut usize, me: &History, them: &History) -> Action {
        let Some(last) = them.last().filter(|_| !me.is_empty()) else {
            return self.first;
        };
        let (next, play) = self.transitions[*state][last.bit() as usize];
        *state = next;
        play
    }

    /// States reachable from the start.
    fn reachable(&self) -> Vec<bool> {
        let mut seen = vec![false; self.states.len()];
        let mut stack = vec![self.start];
        seen[self.start] = true;
        while let Some(s) = stack.pop() {
            for (next, _) in self.transitions[s] {
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        seen
    }

    /// The smallest d such that, from any reachable state, the move played
    /// after the opponent's last d moves depends on those moves only; `None`
    /// when no such d exists. Found on the graph of pairs of distinct
    /// states: d = 1 + the longest walk from a pair of reachable states to
    /// a pair whose transitions on one input play different moves (0 when
    /// every reachable transition plays the same move). A walk longer than
    /// the number of pairs repeats a pair, so it can be pumped: unbounded.
    pub fn memory_depth(&self) -> Option<u32> {
        let n = self.states.len();
        let reachable = self.reachable();
        let live: Vec<usize> = (0..n).filter(|&s| reachable[s]).collect();
        let plays: Vec<Action> = live
            .iter()
            .flat_map(|&s| self.transitions[s].iter().map(|t| t.1))
            .collect();
        if plays.iter().all(|&a| a == plays[0]) {
            return Some(0);
        }
        let splits = |a: usize, b: usize| {
            (0..2).any(|i| self.transitions[a][i].1 != self.transitions[b][i].1)
        };
        let mut current = vec![false; n * n];
        for (k, &a) in live.iter().enumerate() {
            for &b in &live[k + 1..] {
                current[a * n + b] = true;
            }
        }
        let pairs = n * (n - 1) / 2;
        let mut deepest = 0u32;
        for depth in 1..=pairs + 1 {
            let mut any = false;
            let mut next = vec![false; n * n];
            for a in 0..n {
                for b in a + 1..n {
                    if !current[a * n + b] {
                        continue;
                    }
                    any = true;
                    if splits(a, b) {
                        if depth > pairs {
                            return None;
                        }
                        deepest = depth as u32;
                    }
                    for i in 0..2 {
                        let (x, y) = (self.transitions[a][i].0, self.transitions[b][i].0);
                        if x != y {
                            next[x.min(y) * n + x.max(y)] = true;
                        }
                    }
                }
            }
            if !any {
                break;
            }
            current = next;
        }
        Some(deepest + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::ipd::strategies::defined::test_support::moves;
    use crate::ipd::strategies::defined::{Body, Definition};
    use crate::ipd::strategies::{CATALOGUE, PlayerSpec};
    use std::sync::Arc;

    fn state(name: &str, c: (&str, Action), d: (&str, Action)) -> StateSpec {
        StateSpec {
            name: name.into(),
            on: [Some((c.0.into(), c.1)), Some((d.0.into(), d.1))],
        }
    }

    fn tf2t() -> Fsm {
        Fsm::new(
            &[
                state("calm", ("calm", C), ("wary", C)),
                state("wary", ("calm", C), ("wary", D)),
            ],
            "calm",
            C,
        )
        .unwrap()
    }

    #[test]
    fn tit_for_two_tats_machine_plays_like_the_built_in() {
        let machine = tf2t();
        assert_eq!(machine.memory_depth(), Some(2));
        let player = Arc::new(Definition {
            name: "TF2T machine".into(),
            description: None,
            body: Body::Fsm(machine),
        })
        .player("tf2t");
        let built_in = PlayerSpec::new("tit-for-two-tats").build().unwrap();
        for info in CATALOGUE.iter() {
            let other = PlayerSpec::new(info.id).build().unwrap();
            if other.is_stochastic() {
                continue;
            }
            for turns in [1, 10, 200] {
                assert_eq!(
                    moves(&player.prototype, &other.prototype, turns),
                    moves(&built_in.prototype, &other.prototype, turns),
                    "{}",
                    info.id
                );
            }
        }
    }

    #[test]
    fn memory_depth_of_small_machines() {
        // Tit for tat: one state.
        let tft = Fsm::new(&[state("s", ("s", C), ("s", D))], "s", C).unwrap();
        assert_eq!(tft.memory_depth(), Some(1));
        // Cooperator.
        let all_c = Fsm::new(&[state("s", ("s", C), ("s", C))], "s", D).unwrap();
        assert_eq!(all_c.memory_depth(), Some(0));
        // Grudger: once in `angry`, stays there whatever happens: unbounded.
        let grudger = Fsm::new(
            &[
                state("calm", ("calm", C), ("angry", D)),
                state("angry", ("angry", D), ("angry", D)),
            ],
            "calm",
            C,
        )
        .unwrap();
        assert_eq!(grudger.memory_depth(), None);
        // An unreachable state does not count.
        let with_island = Fsm::new(
            &[
                state("s", ("s", C), ("s", D)),
                state("island", ("island", D), ("island", C)),
            ],
            "s",
            C,
        )
        .unwrap();
        assert_eq!(with_island.memory_depth(), Some(1));
    }

    #[test]
    fn brute_force_agrees_on_memory_depth() {
        // Every 2-state machine: compare with enumerating words up to 6.
        let targets = ["a", "b"];
        for code in 0u32..256 {
            let bit = |k: u32| (code >> k) & 1;
            let t = |k: u32| {
                (
                    targets[bit(k) as usize],
                    if bit(k + 4) == 1 { D } else { C },
                )
            };
            let machine =
                Fsm::new(&[state("a", t(0), t(1)), state("b", t(2), t(3))], "a", C).unwrap();
            let reachable = machine.reachable();
            let play = |mut s: usize, word: u32, len: u32| {
                let mut out = C;
                for i in 0..len {
                    let (n, a) = machine.transitions[s][((word >> i) & 1) as usize];
                    s = n;
                    out = a;
                }
                out
            };
            let determined = |len: u32| {
                (0..1u32 << len).all(|w| {
                    let outs: Vec<Action> = (0..2)
                        .filter(|&s| reachable[s])
                        .map(|s| play(s, w, len))
                        .collect();
                    outs.iter().all(|&a| a == outs[0])
                })
            };
            let constant = (0..2)
                .filter(|&s| reachable[s])
                .flat_map(|s| machine.transitions[s].iter().map(|t| t.1))
                .collect::<Vec<_>>();
            let brute = if constant.iter().all(|&a| a == constant[0]) {
                Some(0)
            } else {
                (1..=6).find(|&len| determined(len))
            };
            assert_eq!(machine.memory_depth(), brute, "machine {code:08b}");
        }
    }

    #[test]
    fn mistakes_name_the_state_and_transition() {
        let missing = Fsm::new(
            &[StateSpec {
                name: "s".into(),
                on: [Some(("s".into(), C)), None],
            }],
            "s",
            C,
        )
        .unwrap_err();
        assert_eq!(missing.place, Place::State(0));
        assert!(missing.message.contains("opponent's D"), "{missing}");
        let unknown = Fsm::new(&[state("s", ("s", C), ("t", D))], "s", C).unwrap_err();
        assert_eq!(unknown.place, Place::TransitionNext(0, D));
        assert!(
            unknown.message.contains("`t`, which is not a state"),
            "{unknown}"
        );
        let start = Fsm::new(&[state("s", ("s", C), ("s", D))], "x", C).unwrap_err();
        assert_eq!(start.place, Place::Field("start"));
    }
}
