//! A player as a finite-state machine: what the exact engine needs to know
//! about a strategy.
//!
//! A [`Machine`] has states numbered from 0 (the state before the first
//! turn). In each state the player cooperates with a probability (before
//! the match's noise); after a turn it moves to a next state drawn from a
//! distribution that depends on the joint moves actually played (own move
//! first, after noise), as every strategy of the engine sees the moves
//! actually played. A deterministic player has probabilities 0 and 1 and
//! one next state per joint move.
//!
//! Machines are built from a strategy's data (memory-one vectors, state
//! machines, hidden Markov models, cycles) or read off a rule by asking it
//! about every short history ([`Machine::from_windows`]); transformers map
//! machines to machines; [`Machine::minimized`] merges states that no
//! sequence of moves can tell apart, so the joint chain stays small.

use crate::exact::number::{Number, Ratio, Value};
use crate::ipd::action::{Action, state_index};
use std::collections::HashMap;

/// One state: P(C) and the next-state distribution per joint move.
#[derive(Clone, Debug, PartialEq)]
pub struct MachineState {
    /// Probability of cooperating in this state, before noise.
    pub cooperate: Value,
    /// Next states and their probabilities, indexed by
    /// [`state_index`]`(own move, opponent's move)`.
    pub next: [Vec<(usize, Value)>; 4],
}

/// A finite-state player; state 0 is the start.
#[derive(Clone, Debug, PartialEq)]
pub struct Machine {
    /// The states.
    pub states: Vec<MachineState>,
}

/// What tells a state apart in one round of refinement, flat: its block,
/// then per joint move the number of next blocks and each (block, id of
/// its probability).
type Signature = Vec<usize>;

/// A joint move: own move, opponent's move.
pub type Turn = (Action, Action);

/// Why a rule could not be read as a machine of windows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooManyStates {
    /// The limit that was reached.
    pub limit: usize,
}

fn certain(state: usize) -> Vec<(usize, Value)> {
    vec![(state, Value::ratio(Ratio::integer(1)))]
}

fn probability_of(action: Action) -> Value {
    Value::ratio(Ratio::integer(i64::from(action == Action::C)))
}

impl Machine {
    /// The number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// True for a machine without states (never built).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// True when the machine draws nothing: every probability is 0 or 1.
    pub fn is_deterministic(&self) -> bool {
        self.states.iter().all(|s| {
            (s.cooperate.float == 0.0 || s.cooperate.float == 1.0)
                && s.next.iter().all(|n| n.len() == 1)
        })
    }

    /// True when every probability has an exact fraction.
    pub fn is_rational(&self) -> bool {
        self.states.iter().all(|s| {
            s.cooperate.exact.is_some() && s.next.iter().flatten().all(|(_, p)| p.exact.is_some())
        })
    }

    /// A deterministic machine: per state its move and its next state per
    /// joint move.
    pub fn deterministic(states: &[(Action, [usize; 4])]) -> Machine {
        Machine {
            states: states
                .iter()
                .map(|(play, next)| MachineState {
                    cooperate: probability_of(*play),
                    next: next.map(certain),
                })
                .collect(),
        }
    }

    /// A cycle of moves played by turn number, whatever happens: state i
    /// plays `moves[i]` and goes to i + 1 (mod the length).
    pub fn cycle(moves: &[Action]) -> Machine {
        let n = moves.len();
        let states: Vec<(Action, [usize; 4])> = moves
            .iter()
            .enumerate()
            .map(|(i, &m)| (m, [(i + 1) % n; 4]))
            .collect();
        Machine::deterministic(&states)
    }

    /// A memory-one player: `first` = P(C) on the first move, `vector` =
    /// P(C) after CC, CD, DC, DD (own move first). States: 0 the start, 1 +
    /// the index of the last joint move.
    pub fn memory_one(first: Value, vector: [Value; 4]) -> Machine {
        let after = [1, 2, 3, 4].map(certain);
        let mut states = vec![MachineState {
            cooperate: first,
            next: after.clone(),
        }];
        for p in vector {
            states.push(MachineState {
                cooperate: p,
                next: after.clone(),
            });
        }
        Machine { states }
    }

    /// A rule read off by its answers: its move depends only on the first
    /// `first` and the last `last` turns of the history (and, before that,
    /// on the whole history). `decide` gives P(C) after a history of at
    /// most `first + last` turns, oldest first. Refused above `limit`
    /// states.
    pub fn from_windows(
        first: usize,
        last: usize,
        limit: usize,
        mut decide: impl FnMut(&[Turn]) -> Value,
    ) -> Result<Machine, TooManyStates> {
        let keep = first + last;
        if keep > 28 {
            return Err(TooManyStates { limit });
        }
        // A window as a number: its length, then 2 bits a turn.
        let code = |w: &[Turn]| {
            w.iter().fold(w.len() as u64, |acc, &(own, opponent)| {
                (acc << 2) | (own.bit() << 1) | opponent.bit()
            })
        };
        let mut index: HashMap<u64, usize> = HashMap::new();
        let mut windows: Vec<Vec<Turn>> = vec![Vec::new()];
        index.insert(code(&[]), 0);
        let mut states = Vec::new();
        let mut k = 0;
        while k < windows.len() {
            let window = windows[k].clone();
            let cooperate = decide(&window);
            let mut next: [Vec<(usize, Value)>; 4] = Default::default();
            for own in [Action::C, Action::D] {
                for opponent in [Action::C, Action::D] {
                    let mut longer = window.clone();
                    longer.push((own, opponent));
                    if longer.len() > keep {
                        longer.remove(first);
                    }
                    let target = match index.get(&code(&longer)) {
                        Some(&t) => t,
                        None => {
                            if windows.len() >= limit {
                                return Err(TooManyStates { limit });
                            }
                            index.insert(code(&longer), windows.len());
                            windows.push(longer);
                            windows.len() - 1
                        }
                    };
                    next[state_index(own, opponent)] = certain(target);
                }
            }
            states.push(MachineState { cooperate, next });
            k += 1;
        }
        Ok(Machine { states })
    }

    /// The same machine with every state no sequence of moves reaches from
    /// the start removed and every two states no sequence of moves can tell
    /// apart merged (partition refinement on P(C) and the distribution of
    /// next blocks).
    pub fn minimized(&self) -> Machine {
        // Reachable states, renumbered in discovery order.
        let mut order = vec![0];
        let mut seen = vec![false; self.len()];
        seen[0] = true;
        let mut k = 0;
        while k < order.len() {
            for (t, _) in self.states[order[k]].next.iter().flatten() {
                if !seen[*t] {
                    seen[*t] = true;
                    order.push(*t);
                }
            }
            k += 1;
        }
        let key = |v: &Value| match &v.exact {
            Some(r) => format!("{r}"),
            None => format!("{:e}", v.float),
        };
        let mut block = vec![usize::MAX; self.len()];
        let mut names: HashMap<String, usize> = HashMap::new();
        for &s in &order {
            let n = names.len();
            block[s] = *names.entry(key(&self.states[s].cooperate)).or_insert(n);
        }
        let mut blocks = names.len();
        // Ids of the probabilities of stochastic moves (0: certain).
        let mut probabilities: HashMap<String, usize> = HashMap::new();
        loop {
            let mut signatures: HashMap<Signature, usize> = HashMap::new();
            let mut refined = vec![usize::MAX; self.len()];
            for &s in &order {
                let mut signature: Signature = Vec::with_capacity(9);
                signature.push(block[s]);
                for next in &self.states[s].next {
                    // A certain move (the common case) needs no number.
                    if let [(t, _)] = next.as_slice() {
                        signature.extend([1, block[*t], 0]);
                        continue;
                    }
                    let mut by_block: Vec<(usize, Value)> = Vec::new();
                    for (t, p) in next {
                        let b = block[*t];
                        match by_block.iter_mut().find(|(c, _)| *c == b) {
                            Some((_, q)) => *q = add_values(q, p),
                            None => by_block.push((b, p.clone())),
                        }
                    }
                    by_block.sort_by_key(|(b, _)| *b);
                    signature.push(by_block.len());
                    for (b, p) in &by_block {
                        let n = probabilities.len() + 1;
                        let id = *probabilities.entry(key(p)).or_insert(n);
                        signature.extend([*b, id]);
                    }
                }
                let n = signatures.len();
                refined[s] = *signatures.entry(signature).or_insert(n);
            }
            let stable = signatures.len() == blocks;
            blocks = signatures.len();
            block = refined;
            if stable {
                break;
            }
        }
        // One state per block, numbered by first appearance (the start is 0).
        let mut number: HashMap<usize, usize> = HashMap::new();
        let mut representative = Vec::new();
        for &s in &order {
            let b = block[s];
            if let std::collections::hash_map::Entry::Vacant(e) = number.entry(b) {
                e.insert(representative.len());
                representative.push(s);
            }
        }
        let states = representative
            .iter()
            .map(|&s| {
                let state = &self.states[s];
                let next = state.next.clone().map(|next| {
                    let mut merged: Vec<(usize, Value)> = Vec::new();
                    for (t, p) in next {
                        let n = number[&block[t]];
                        match merged.iter_mut().find(|(c, _)| *c == n) {
                            Some((_, q)) => *q = add_values(q, &p),
                            None => merged.push((n, p)),
                        }
                    }
                    merged
                });
                MachineState {
                    cooperate: state.cooperate.clone(),
                    next,
                }
            })
            .collect();
        Machine { states }
    }

    /// axelrod's noise transformer: the move is flipped with probability `p`.
    pub fn noisy(&self, p: &Value) -> Machine {
        self.map_cooperation(|c| {
            // c (1 - p) + (1 - c) p
            let q = p.complement();
            add_values(&times_values(c, &q), &times_values(&c.complement(), p))
        })
    }

    /// The flip transformer: always the other move.
    pub fn flipped(&self) -> Machine {
        self.map_cooperation(Value::complement)
    }

    /// The Joss-Ann transformer: C with probability `p`, D with `q`, else
    /// the machine's move (`p + q <= 1`, already normalised).
    pub fn joss_ann(&self, p: &Value, q: &Value) -> Machine {
        let rest = p.complement().minus_value(q);
        self.map_cooperation(|c| add_values(p, &times_values(&rest, c)))
    }

    /// The dual: the opposite move of what the machine would play with its
    /// own moves flipped.
    pub fn dual(&self) -> Machine {
        Machine {
            states: self
                .states
                .iter()
                .map(|s| MachineState {
                    cooperate: s.cooperate.complement(),
                    next: [
                        s.next[state_index(Action::D, Action::C)].clone(),
                        s.next[state_index(Action::D, Action::D)].clone(),
                        s.next[state_index(Action::C, Action::C)].clone(),
                        s.next[state_index(Action::C, Action::D)].clone(),
                    ],
                })
                .collect(),
        }
    }

    /// The initial transformer: `moves` first, while the machine follows
    /// the moves played as always.
    pub fn opening(&self, moves: &[Action]) -> Machine {
        let n = self.len();
        // Copy i < moves.len() of state s is i * n + s; the machine itself
        // follows at moves.len() * n.
        let mut states = Vec::with_capacity((moves.len() + 1) * n);
        for (i, play) in moves.iter().enumerate() {
            for s in &self.states {
                states.push(MachineState {
                    cooperate: probability_of(*play),
                    next: s
                        .next
                        .clone()
                        .map(|v| v.into_iter().map(|(t, p)| ((i + 1) * n + t, p)).collect()),
                });
            }
        }
        let base = moves.len() * n;
        for s in &self.states {
            states.push(MachineState {
                cooperate: s.cooperate.clone(),
                next: s
                    .next
                    .clone()
                    .map(|v| v.into_iter().map(|(t, p)| (base + t, p)).collect()),
            });
        }
        Machine { states }.minimized()
    }

    fn map_cooperation(&self, f: impl Fn(&Value) -> Value) -> Machine {
        Machine {
            states: self
                .states
                .iter()
                .map(|s| MachineState {
                    cooperate: f(&s.cooperate),
                    next: s.next.clone(),
                })
                .collect(),
        }
    }
}

/// a + b, exact when both are.
pub fn add_values(a: &Value, b: &Value) -> Value {
    Value {
        float: a.float + b.float,
        exact: a
            .exact
            .as_ref()
            .zip(b.exact.as_ref())
            .map(|(x, y)| x.plus(y)),
    }
}

/// a b, exact when both are.
pub fn times_values(a: &Value, b: &Value) -> Value {
    Value {
        float: a.float * b.float,
        exact: a
            .exact
            .as_ref()
            .zip(b.exact.as_ref())
            .map(|(x, y)| x.times(y)),
    }
}

impl Value {
    /// self - other, exact when both are.
    pub fn minus_value(&self, other: &Value) -> Value {
        Value {
            float: self.float - other.float,
            exact: self
                .exact
                .as_ref()
                .zip(other.exact.as_ref())
                .map(|(x, y)| x.minus(y)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Action::{C, D};

    fn tft_windows() -> Machine {
        Machine::from_windows(0, 1, 100, |h| {
            probability_of(h.last().map_or(C, |&(_, theirs)| theirs))
        })
        .unwrap()
    }

    #[test]
    fn windows_of_tit_for_tat_minimise_to_two_states() {
        let m = tft_windows();
        assert_eq!(m.len(), 5);
        let small = m.minimized();
        assert_eq!(small.len(), 2);
        assert_eq!(small.states[0].cooperate.float, 1.0);
        assert_eq!(small.states[1].cooperate.float, 0.0);
        assert!(small.is_deterministic());
    }

    #[test]
    fn windows_refuse_above_the_limit() {
        assert_eq!(
            Machine::from_windows(0, 6, 1000, |_| probability_of(C)).unwrap_err(),
            TooManyStates { limit: 1000 }
        );
    }

    #[test]
    fn a_first_window_is_kept_for_the_whole_match() {
        // Cooperates iff the opponent's first move was C: the first turn
        // is kept, the middle forgotten.
        let m = Machine::from_windows(1, 0, 100, |h| {
            probability_of(h.first().map_or(C, |&(_, theirs)| theirs))
        })
        .unwrap()
        .minimized();
        assert_eq!(m.len(), 3);
    }

    #[test]
    fn transformers_map_cooperation() {
        let tft = tft_windows().minimized();
        let noisy = tft.noisy(&Value::of(0.1));
        assert_eq!(
            noisy.states[0].cooperate.exact,
            Some(Ratio::fraction(9, 10))
        );
        assert_eq!(
            noisy.states[1].cooperate.exact,
            Some(Ratio::fraction(1, 10))
        );
        let ja = tft.joss_ann(&Value::of(0.1), &Value::of(0.2));
        assert_eq!(ja.states[0].cooperate.exact, Some(Ratio::fraction(8, 10)));
        assert_eq!(ja.states[1].cooperate.exact, Some(Ratio::fraction(1, 10)));
        let flipped = tft.flipped();
        assert_eq!(flipped.states[0].cooperate.float, 0.0);
        // The dual of TFT: D first, then the opposite of TFT's move
        // (which ignores its own moves): Anti Tit For Tat starting with D.
        let dual = tft.dual();
        assert_eq!(dual.states[0].cooperate.float, 0.0);
        let after_c = dual.states[0].next[state_index(C, C)][0].0;
        assert_eq!(dual.states[after_c].cooperate.float, 0.0);
        let opened = tft.opening(&[D, D]);
        assert_eq!(opened.states[0].cooperate.float, 0.0);
    }
}
