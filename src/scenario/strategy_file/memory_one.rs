//! Reading and writing `kind = "memory-one"` definitions (see
//! `ipd::strategies::defined::memory_one`): the probability of C after each
//! of `CC`, `CD`, `DC`, `DD` (own move first) and on the `first` move.

use super::fields::required_number;
use super::{Read, Spans, record};
use crate::ipd::strategies::defined::memory_one::{MemoryOneDef, OUTCOMES};
use crate::ipd::strategies::defined::{Body, Place};
use crate::scenario::reader::TableReader;

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_memory_one(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let mut vector = [0.0; 4];
    for (slot, outcome) in vector.iter_mut().zip(OUTCOMES) {
        let value = required_number(
            reader,
            outcome,
            &format!(
                "a memory-one strategy gives the probability of C after {outcome} \
                 (and after each of CC, CD, DC, DD, own move first) and `first`"
            ),
        )?;
        record(spans, &Place::Field(outcome), value.span.clone(), outcome);
        *slot = value.value;
    }
    let first = required_number(reader, "first", "the probability of C on the first move")?;
    record(spans, &Place::Field("first"), first.span.clone(), "first");
    Ok(MemoryOneDef::new(vector, first.value).map(Body::MemoryOne))
}

/// The fields of a memory-one definition, as `read_memory_one` reads them
/// back.
pub(super) fn write_memory_one(m: &MemoryOneDef, t: &mut toml::Table) {
    use toml::Value;
    for (outcome, p) in OUTCOMES.iter().zip(m.vector) {
        t.insert(outcome.to_string(), Value::Float(p));
    }
    t.insert("first".into(), Value::Float(m.first));
}
