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

    /// The pairs (state, move that entered it) reachable from the start,
    /// which is entered by the first move; index `2 * state + move bit`.
    fn reachable(&self) -> Vec<bool> {
        let entered = |state: usize, play: Action| 2 * state + play.bit() as usize;
        let mut seen = vec![false; 2 * self.states.len()];
        let first = entered(self.start, self.first);
        let mut stack = vec![first];
        seen[first] = true;
        while let Some(e) = stack.pop() {
            for (next, play) in self.transitions[e / 2] {
                let f = entered(next, play);
                if !seen[f] {
                    seen[f] = true;
                    stack.push(f);
                }
            }
        }
        seen
    }

    /// The smallest d such that the last d turns (both players' moves, as
    /// axelrod's memory depth counts them) fix the next move, from any
    /// reachable state; `None` when no such d exists.
    ///
    /// The player's own last move is the output of the transition that
    /// entered its state, so a state is tracked with that move. Two such
    /// (state, move) pairs that differ in the state but show the same move
    /// cannot be told apart by the last turn; they stay indistinguishable
    /// along an opponent's move while both transitions play the same move
    /// into different states. d = 2 + the longest walk of indistinguishable
    /// pairs that ends in a pair whose transitions play different moves on
    /// some input (1 when no pair ever does, 0 when every reachable
    /// transition plays the same move). A walk longer than the number of
    /// pairs repeats one, so it can be pumped: unbounded.
    pub fn memory_depth(&self) -> Option<u32> {
        let n = self.states.len();
        let reachable = self.reachable();
        let plays: Vec<Action> = (0..2 * n)
            .filter(|&e| reachable[e])
            .flat_map(|e| self.transitions[e / 2].iter().map(|t| t.1))
            .collect();
        if plays.iter().all(|&a| a == plays[0]) {
            return Some(0);
        }
        // Pair (a < b, shown move m) at index (a * n + b) * 2 + m.
        let index = |a: usize, b: usize, m: usize| (a.min(b) * n + a.max(b)) * 2 + m;
        let mut current = vec![false; 2 * n * n];
        for m in 0..2 {
            for a in 0..n {
                for b in a + 1..n {
                    current[index(a, b, m)] = reachable[2 * a + m] && reachable[2 * b + m];
                }
            }
        }
        let pairs = n * (n - 1);
        let mut deepest: Option<u32> = None;
        for step in 0..=pairs {
            let mut any = false;
            let mut next = vec![false; 2 * n * n];
            for a in 0..n {
                for b in a + 1..n {
                    for m in 0..2 {
                        if !current[index(a, b, m)] {
                            continue;
                        }
                        any = true;
                        let (x, y) = (self.transitions[a], self.transitions[b]);
                        if (0..2).any(|i| x[i].1 != y[i].1) {
                            if step >= pairs {
                                return None;
                            }
                            deepest = Some(step as u32);
                        }
                        for i in 0..2 {
                            let ((p, pm), (q, qm)) = (x[i], y[i]);
                            if pm == qm && p != q {
                                next[index(p, q, pm.bit() as usize)] = true;
                            }
                        }
                    }
                }
            }
            if !any {
                break;
            }
            current = next;
        }
        Some(deepest.map_or(1, |d| d + 2))
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
            source: None,
            declared_memory_depth: None,
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
        // Grudger: its own last move shows whether it is angry, so the last
        // turn decides (as "defect if either defected last turn").
        let grudger = Fsm::new(
            &[
                state("calm", ("calm", C), ("angry", D)),
                state("angry", ("angry", D), ("angry", D)),
            ],
            "calm",
            C,
        )
        .unwrap();
        assert_eq!(grudger.memory_depth(), Some(1));
        // A machine that counts the opponent's defections modulo 2, playing C
        // throughout, then D on the opponent's D after an odd count: its
        // moves do not show the parity, so no finite window fixes it.
        let parity = Fsm::new(
            &[
                state("even", ("even", C), ("odd", C)),
                state("odd", ("odd", C), ("even", D)),
            ],
            "even",
            C,
        )
        .unwrap();
        assert_eq!(parity.memory_depth(), None);
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
        // Every 2-state machine and first move: compare with enumerating the
        // last `len` turns from every reachable (state, entering move).
        let targets = ["a", "b"];
        for code in 0u32..512 {
            let bit = |k: u32| (code >> k) & 1;
            let t = |k: u32| {
                (
                    targets[bit(k) as usize],
                    if bit(k + 4) == 1 { D } else { C },
                )
            };
            let first = if bit(8) == 1 { D } else { C };
            let machine = Fsm::new(
                &[state("a", t(0), t(1)), state("b", t(2), t(3))],
                "a",
                first,
            )
            .unwrap();
            let reachable = machine.reachable();
            // From (state, shown move) `e` and the opponent's moves `word`:
            // own moves seen over `len` turns and the move that follows.
            let play = |e: usize, word: u32, len: u32| {
                let (mut s, mut own) = (e / 2, (e % 2) as u64);
                for i in 0..len - 1 {
                    let (n, a) = machine.transitions[s][((word >> i) & 1) as usize];
                    s = n;
                    own |= a.bit() << (i + 1);
                }
                (
                    own,
                    machine.transitions[s][((word >> (len - 1)) & 1) as usize].1,
                )
            };
            let determined = |len: u32| {
                (0..1u32 << len).all(|w| {
                    let seen: Vec<(u64, Action)> = (0..4)
                        .filter(|&e| reachable[e])
                        .map(|e| play(e, w, len))
                        .collect();
                    seen.iter()
                        .all(|x| seen.iter().all(|y| x.0 != y.0 || x.1 == y.1))
                })
            };
            let constant = (0..4)
                .filter(|&e| reachable[e])
                .flat_map(|e| machine.transitions[e / 2].iter().map(|t| t.1))
                .collect::<Vec<_>>();
            let brute = if constant.iter().all(|&a| a == constant[0]) {
                Some(0)
            } else {
                (1..=8).find(|&len| determined(len))
            };
            assert_eq!(machine.memory_depth(), brute, "machine {code:09b}");
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
