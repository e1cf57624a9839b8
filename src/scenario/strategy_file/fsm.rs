//! Reading and writing `kind = "fsm"` definitions (see
//! `ipd::strategies::defined::fsm`): the `start` state, the `first` move
//! and `[states.NAME]` tables whose `C` and `D` entries give the transition
//! on the opponent's move, `{ next = "STATE", play = "C" or "D" }`.

use super::fields::read_move;
use super::{Read, Spans, record};
use crate::ipd::action::Action;
use crate::ipd::strategies::defined::fsm::{Fsm, StateSpec};
use crate::ipd::strategies::defined::{Body, Place};
use crate::scenario::reader::TableReader;
use toml::de::DeValue;

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_fsm(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    let start_state = reader.string("start")?.ok_or_else(|| {
        reader.error(
            start,
            "start",
            "missing; name the state the machine starts in",
        )
    })?;
    record(
        spans,
        &Place::Field("start"),
        start_state.span.clone(),
        "start",
    );
    let first = read_move(reader, "first", Some(Action::C))?;
    let Some(mut states) = reader.table("states")? else {
        return Err(reader.error(
            start,
            "states",
            "missing; a state machine needs [states.NAME] tables with C and D transitions",
        ));
    };
    record(spans, &Place::Field("states"), states.span(), "states");
    let mut specs = Vec::new();
    for (i, key) in states.keys().into_iter().enumerate() {
        let state_field = format!("states.{}", key.value);
        record(spans, &Place::State(i), key.span.clone(), &state_field);
        let Some(mut state) = states.table(&key.value)? else {
            continue;
        };
        let mut on = [None, None];
        for input in [Action::C, Action::D] {
            let letter = input.letter().to_string();
            let Some(transition) = state.value(&letter) else {
                continue;
            };
            let DeValue::Table(t) = transition.get_ref() else {
                return Err(state.error(
                    transition.span().start,
                    &letter,
                    format!(
                        "expected a table {{ next = \"STATE\", play = \"C\" or \"D\" }} for the \
                         opponent's {letter}"
                    ),
                ));
            };
            let mut t =
                TableReader::new(reader.source(), &state.field(&letter), t, transition.span());
            let next = t.string("next")?.ok_or_else(|| {
                t.error(
                    transition.span().start,
                    "next",
                    "missing; name the state to go to",
                )
            })?;
            let play = read_move(&mut t, "play", None)?;
            t.finish()?;
            let next_field = format!("{state_field}.{letter}.next");
            record(
                spans,
                &Place::TransitionNext(i, input),
                next.span.clone(),
                &next_field,
            );
            on[input.bit() as usize] = Some((next.value, play));
        }
        state.finish()?;
        specs.push(StateSpec {
            name: key.value.clone(),
            on,
        });
    }
    states.finish()?;
    Ok(Fsm::new(&specs, &start_state.value, first).map(Body::Fsm))
}

/// The fields of a state machine definition, as `read_fsm` reads them back.
pub(super) fn write_fsm(machine: &Fsm, t: &mut toml::Table) {
    use toml::Value;
    t.insert(
        "start".into(),
        Value::String(machine.states[machine.start].clone()),
    );
    t.insert(
        "first".into(),
        Value::String(machine.first.letter().to_string()),
    );
    let mut states = toml::Table::new();
    for (name, transitions) in machine.states.iter().zip(&machine.transitions) {
        let mut state = toml::Table::new();
        for (input, (next, play)) in [Action::C, Action::D].iter().zip(transitions) {
            let mut transition = toml::Table::new();
            transition.insert("next".into(), Value::String(machine.states[*next].clone()));
            transition.insert("play".into(), Value::String(play.letter().to_string()));
            state.insert(input.letter().to_string(), Value::Table(transition));
        }
        states.insert(name.clone(), Value::Table(state));
    }
    t.insert("states".into(), Value::Table(states));
}
