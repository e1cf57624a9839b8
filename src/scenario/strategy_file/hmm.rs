//! Reading and writing `kind = "hmm"` definitions (see
//! `ipd::strategies::defined::hmm`): the probability of C each hidden state
//! emits (`emissions`), one transition matrix per opponent move
//! (`transitions_C`, `transitions_D`), the `start` state and the `first`
//! move. Wrong numbers point at the item or cell (`transitions_D[1][0]`).

use super::fields::read_move;
use super::{Read, Spans, record};
use crate::ipd::action::Action;
use crate::ipd::strategies::defined::hmm::{Hmm, MATRICES};
use crate::ipd::strategies::defined::{Body, Place};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::{TableReader, finite_number};
use toml::Spanned;
use toml::de::DeValue;

/// A number inside an array (integer or float, finite), or the error.
fn array_number(
    reader: &TableReader<'_>,
    field: &str,
    value: &Spanned<DeValue<'_>>,
    what: &str,
) -> Result<f64, ScenarioError> {
    finite_number(value.get_ref()).ok_or_else(|| {
        reader.error(
            value.span().start,
            field,
            format!("expected a number ({what})"),
        )
    })
}

/// A required array field, or the error naming the expected shape.
fn required_array<'a>(
    reader: &mut TableReader<'a>,
    key: &'static str,
    shape: &str,
    spans: &mut Spans,
) -> Result<&'a [Spanned<DeValue<'a>>], ScenarioError> {
    let start = reader.span().start;
    let list = reader
        .array(key)?
        .ok_or_else(|| reader.error(start, key, format!("missing; give {shape}")))?;
    record(spans, &Place::Field(key), list.span.clone(), key);
    Ok(list.value)
}

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_hmm(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    let emissions_list = required_array(
        reader,
        "emissions",
        "the probability of C emitted in each hidden state, e.g. emissions = [1, 0, 0.5]",
        spans,
    )?;
    let mut emissions = Vec::with_capacity(emissions_list.len());
    for (i, item) in emissions_list.iter().enumerate() {
        let field = format!("emissions[{i}]");
        record(spans, &Place::Item("emissions", i), item.span(), &field);
        emissions.push(array_number(
            reader,
            &field,
            item,
            "the probability of C emitted in this state",
        )?);
    }
    let n = emissions.len();
    let mut transitions: [Vec<Vec<f64>>; 2] = [Vec::new(), Vec::new()];
    for (matrix, key) in transitions.iter_mut().zip(MATRICES) {
        let opponent = &key[key.len() - 1..];
        let shape = format!(
            "the {n} x {n} matrix of transitions after the opponent's {opponent}: one row per state, each the probabilities of the next state, e.g. {key} = [[1, 0], [0.5, 0.5]]"
        );
        let rows = required_array(reader, key, &shape, spans)?;
        for (r, row) in rows.iter().enumerate() {
            let field = format!("{key}[{r}]");
            record(spans, &Place::Item(key, r), row.span(), &field);
            let DeValue::Array(items) = row.get_ref() else {
                return Err(reader.error(
                    row.span().start,
                    &field,
                    format!("expected a row (an array of {n} probabilities); {key} is {shape}"),
                ));
            };
            let mut values = Vec::with_capacity(items.len());
            for (c, item) in items.iter().enumerate() {
                let field = format!("{key}[{r}][{c}]");
                record(spans, &Place::Cell(key, r, c), item.span(), &field);
                values.push(array_number(
                    reader,
                    &field,
                    item,
                    "the probability of moving to this state",
                )?);
            }
            matrix.push(values);
        }
    }
    let state = match reader.integer("start")? {
        Some(s) => {
            record(spans, &Place::Field("start"), s.span.clone(), "start");
            usize::try_from(s.value).map_err(|_| {
                reader.error(
                    s.span.start,
                    "start",
                    format!("expected a state number from 0 to {}", n.saturating_sub(1)),
                )
            })?
        }
        None => {
            return Err(reader.error(
                start,
                "start",
                "missing; give the number of the hidden state the model starts in (states are numbered from 0 in the order of `emissions`)",
            ));
        }
    };
    let first = read_move(reader, "first", Some(Action::C))?;
    Ok(Hmm::new(transitions, emissions, state, first).map(Body::Hmm))
}

/// The fields of a hidden Markov model definition, as `read_hmm` reads them
/// back.
pub(super) fn write_hmm(model: &Hmm, t: &mut toml::Table) {
    use toml::Value;
    t.insert("start".into(), Value::Integer(model.start as i64));
    t.insert(
        "first".into(),
        Value::String(model.first.letter().to_string()),
    );
    let floats = |row: &[f64]| Value::Array(row.iter().map(|p| Value::Float(*p)).collect());
    t.insert("emissions".into(), floats(&model.emissions));
    for (matrix, key) in model.transitions.iter().zip(MATRICES) {
        let rows = matrix.iter().map(|row| floats(row)).collect();
        t.insert(key.into(), Value::Array(rows));
    }
}
