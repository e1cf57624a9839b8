//! Which players are finite-state, and their machines.
//!
//! A player's [`Machine`] comes from what defines it, never from a second
//! copy of its rule:
//! - strategies defined as data: a memory-one vector, a state machine, a
//!   hidden Markov model, a cycle are machines already; a lookup table (or a
//!   gambler) is asked, through the table's own `response`, about every
//!   history of its first and last turns; a transformed strategy is its
//!   inner player's machine mapped by each transformer (noise, flip, dual,
//!   initial, Joss-Ann; `final` only where the length is unknown);
//! - built-in memory-one players (GTFT, ZD, Stochastic WSLS, ...) and
//!   Random give their probabilities, the cyclers their pattern (their move
//!   is set by the turn number, not by the moves they remember);
//! - any other deterministic built-in of finite memory depth k is asked,
//!   by replaying the history on a fresh copy of the rule, for its move
//!   after every history of at most k turns ([`Machine::from_windows`]).
//!
//! Every deterministic machine is then checked against the real rule on
//! random histories (every move sequence is possible with noise), so a
//! classifier that overstates what a rule forgets is caught here, and
//! the player is refused rather than played wrongly. Everything else
//! (networks, composite players, rules that count the whole history or
//! draw without a published probability) is refused with the reason.

use crate::exact::machine::{Machine, Turn};
use crate::exact::number::Value;
use crate::ipd::action::{Action, state_index};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::{MatchRng, match_rng, unit_interval};
use crate::ipd::strategies::defined::transformer::Transformer;
use crate::ipd::strategies::defined::{Body, hmm::Hmm, lookup::Response};
use crate::ipd::strategies::{
    MatchContext, Player, Strategy, basic, catalogue::Origin, cyclers, memory_one,
};

/// The most states a rule read off by its answers may have before it is
/// minimised.
pub const MAX_WINDOW_STATES: usize = 100_000;

/// What the reading needs to know about the match.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// The payoffs (memory-one players built from them, rules that read them).
    pub payoffs: Payoffs,
    /// True for a fixed horizon, where players are told the length.
    pub length_known: bool,
}

/// Why a player is not finite-state (or not one this engine can read).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{player} {reason}")]
pub struct NotFinite {
    /// The player's name.
    pub player: String,
    /// Why, as the end of a sentence that starts with the name.
    pub reason: String,
}

fn refuse(player: &Player, reason: impl Into<String>) -> NotFinite {
    NotFinite {
        player: player.name.clone(),
        reason: reason.into(),
    }
}

/// The player's machine, minimised, or why it has none.
pub fn machine_of(player: &Player, reading: &Reading) -> Result<Machine, NotFinite> {
    let machine = read(player, reading)?;
    if machine.is_deterministic() {
        check_against_rule(player, &machine, reading)?;
    }
    Ok(machine.minimized())
}

fn read(player: &Player, reading: &Reading) -> Result<Machine, NotFinite> {
    if let Origin::Defined { definition, .. } = &player.origin {
        return read_definition(player, &definition.body, reading);
    }
    if reading.length_known && player.uses_length() {
        return Err(refuse(
            player,
            "plays by the match length, which a fixed horizon tells it; \
             exact play reads it with a continuation or infinite play",
        ));
    }
    match &player.prototype {
        Strategy::MemoryOne(memory_one::Family::MemoryOne(rule)) => {
            let vector = rule.vector_for(&reading.payoffs);
            Ok(Machine::memory_one(
                Value::of(rule.initial),
                vector.map(Value::of),
            ))
        }
        Strategy::Cyclers(cyclers::Family::Cycler(rule)) => Ok(Machine::cycle(rule.pattern)),
        Strategy::Basic(basic::Family::RandomPlayer(rule)) => {
            let p = Value::of(rule.p);
            Ok(Machine::memory_one(
                p.clone(),
                [p.clone(), p.clone(), p.clone(), p],
            ))
        }
        _ if player.is_stochastic() => Err(refuse(
            player,
            "draws random numbers without a probability table the engine can read \
             (only memory-one players, Random and data-defined players are read)",
        )),
        _ => match player.memory_depth() {
            None => Err(refuse(
                player,
                "remembers the whole match (its memory depth is unbounded)",
            )),
            Some(depth) => {
                let context = context(reading);
                let prototype = player.prototype.clone();
                windows(player, 0, depth as usize, |window| {
                    let mut rule = prototype.clone();
                    replay(window, |me, them| {
                        rule.choose(me, them, &context, &mut quiet_rng())
                    })
                })
            }
        },
    }
}

fn context(reading: &Reading) -> MatchContext {
    MatchContext {
        length: None,
        payoffs: reading.payoffs,
    }
}

/// A generator for deterministic rules, which never draw from it.
fn quiet_rng() -> MatchRng {
    match_rng(0, 0, 0, 0)
}

/// Asks `choose` at every turn of `window` (its state advancing as in a
/// match) and returns P(C) of its answer after the whole window.
fn replay(window: &[Turn], mut choose: impl FnMut(&History, &History) -> Action) -> Value {
    let (mut me, mut them) = (History::new(), History::new());
    for &(own, opponent) in window {
        choose(&me, &them);
        me.push(own);
        them.push(opponent);
    }
    certain(choose(&me, &them))
}

fn certain(action: Action) -> Value {
    Value::ratio(crate::exact::number::Ratio::integer(i64::from(
        action == Action::C,
    )))
}

fn windows(
    player: &Player,
    first: usize,
    last: usize,
    decide: impl FnMut(&[Turn]) -> Value,
) -> Result<Machine, NotFinite> {
    Machine::from_windows(first, last, MAX_WINDOW_STATES, decide).map_err(|e| {
        refuse(
            player,
            format!(
                "looks at {} turns, more than {} histories to read (the limit)",
                first + last,
                e.limit
            ),
        )
    })
}

fn read_definition(player: &Player, body: &Body, reading: &Reading) -> Result<Machine, NotFinite> {
    match body {
        Body::MemoryOne(def) => Ok(Machine::memory_one(
            Value::of(def.first),
            def.vector.map(Value::of),
        )),
        Body::Lookup(table) => windows(
            player,
            table.opponent_first as usize,
            table.own.max(table.opponent) as usize,
            |window| {
                let mut openings = 0;
                let (mut me, mut them) = (History::new(), History::new());
                for &(own, opponent) in window {
                    table.response(&mut openings, &me, &them);
                    me.push(own);
                    them.push(opponent);
                }
                match table.response(&mut openings, &me, &them) {
                    Response::Move(action) => certain(action),
                    Response::Probability(p) => Value::of(p),
                }
            },
        ),
        Body::Fsm(fsm) => {
            // State 0: before the first move; 1 + 2 s + bit(m): in state s
            // having just played m (the move is the state's output).
            let entered = |(s, m): (usize, Action)| 1 + 2 * s + m.bit() as usize;
            let mut states = vec![(fsm.first, [0; 4]); 1 + 2 * fsm.transitions.len()];
            let after = |s: usize| {
                let mut next = [0; 4];
                for own in [Action::C, Action::D] {
                    for opponent in [Action::C, Action::D] {
                        next[state_index(own, opponent)] =
                            entered(fsm.transitions[s][opponent.bit() as usize]);
                    }
                }
                next
            };
            states[0] = (fsm.first, after(fsm.start));
            for s in 0..fsm.transitions.len() {
                for m in [Action::C, Action::D] {
                    states[entered((s, m))] = (m, after(s));
                }
            }
            Ok(Machine::deterministic(&states))
        }
        Body::Hmm(model) => Ok(hmm_machine(model)),
        Body::Cycle(cycle) => Ok(Machine::cycle(&cycle.moves)),
        Body::Transformed(t) => {
            let mut machine = read(&t.inner, reading)?;
            for transformer in &t.transformers {
                machine = match transformer {
                    Transformer::Noise { p } => machine.noisy(&Value::of(*p)),
                    Transformer::Flip => machine.flipped(),
                    Transformer::Dual => machine.dual(),
                    Transformer::Initial(moves) => machine.opening(moves),
                    Transformer::Final(_) if reading.length_known => {
                        return Err(refuse(
                            player,
                            "plays final moves by the match length, which a fixed horizon \
                             tells it; exact play reads it with a continuation or infinite play",
                        ));
                    }
                    Transformer::Final(_) => machine,
                    Transformer::JossAnn { p, q } => {
                        let (p, q) = if p + q > 1.0 {
                            (p / (p + q), q / (p + q))
                        } else {
                            (*p, *q)
                        };
                        machine.joss_ann(&Value::of(p), &Value::of(q))
                    }
                };
            }
            Ok(machine)
        }
        Body::Ann(_) => Err(refuse(
            player,
            "is a neural network whose inputs count the whole match (not finite-state)",
        )),
        Body::Attention(_) => Err(refuse(
            player,
            "is a transformer network over the last 200 turns (not finite-state in practice)",
        )),
        Body::Meta(_) => Err(refuse(
            player,
            "is a composite player whose team is scored over the whole match (not finite-state)",
        )),
    }
}

/// A hidden Markov model: state 0 plays the first move; state 1 + j is
/// hidden state j, entered by the row of the opponent's last move
/// (normalised by its sum, as the engine draws it), emitting its P(C).
fn hmm_machine(model: &Hmm) -> Machine {
    use crate::exact::machine::MachineState;
    use crate::exact::number::{Number, Ratio};
    let n = model.emissions.len();
    let row = |matrix: usize, from: usize| -> Vec<(usize, Value)> {
        let values: Vec<Value> = model.transitions[matrix][from]
            .iter()
            .map(|&v| Value::of(v))
            .collect();
        let sum_float: f64 = values.iter().map(|v| v.float).sum();
        let sum_exact = values.iter().try_fold(Ratio::zero(), |acc, v| {
            v.exact.as_ref().map(|e| acc.plus(e))
        });
        values
            .into_iter()
            .enumerate()
            .filter(|(_, v)| v.float != 0.0)
            .map(|(j, v)| {
                let exact = v
                    .exact
                    .as_ref()
                    .zip(sum_exact.as_ref())
                    .map(|(e, s)| e.over(s));
                (
                    1 + j,
                    Value {
                        float: v.float / sum_float,
                        exact,
                    },
                )
            })
            .collect()
    };
    let after = |from: usize| -> [Vec<(usize, Value)>; 4] {
        [row(0, from), row(1, from), row(0, from), row(1, from)]
    };
    let mut states = vec![MachineState {
        cooperate: certain(model.first),
        next: after(model.start),
    }];
    for j in 0..n {
        states.push(MachineState {
            cooperate: Value::of(model.emissions[j]),
            next: after(j),
        });
    }
    Machine { states }
}

/// Plays the rule and the machine side by side on random histories and
/// refuses the player at the first move they disagree on.
fn check_against_rule(
    player: &Player,
    machine: &Machine,
    reading: &Reading,
) -> Result<(), NotFinite> {
    let context = context(reading);
    let mut draws = match_rng(0x5eed, 1, 2, 3);
    let depth = player.memory_depth().unwrap_or(8) as usize;
    let turns = (3 * depth + 24).min(200);
    for _ in 0..64 {
        let mut rule = player.prototype.clone();
        let (mut me, mut them) = (History::new(), History::new());
        let mut state = 0;
        for turn in 0..turns {
            let played = rule.choose(&me, &them, &context, &mut quiet_rng());
            let expected = machine.states[state].cooperate.float == 1.0;
            if (played == Action::C) != expected {
                return Err(refuse(
                    player,
                    format!(
                        "plays {} at turn {} where its {} reading says {}: its move is not a \
                         function of the moves it is classified to remember",
                        played.letter(),
                        turn + 1,
                        describe(player),
                        if expected { 'C' } else { 'D' }
                    ),
                ));
            }
            let own = if unit_interval(&mut draws) < 0.5 {
                Action::C
            } else {
                Action::D
            };
            let opponent = if unit_interval(&mut draws) < 0.5 {
                Action::C
            } else {
                Action::D
            };
            me.push(own);
            them.push(opponent);
            state = machine.states[state].next[state_index(own, opponent)][0].0;
        }
    }
    Ok(())
}

fn describe(player: &Player) -> String {
    match player.memory_depth() {
        Some(k) => format!("memory-depth-{k}"),
        None => "finite-state".into(),
    }
}
