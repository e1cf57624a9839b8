//! Reading and writing `kind = "cycle"` definitions (see
//! `ipd::strategies::defined::cycle`): the moves of one `cycle`, played
//! over and over; a wrong letter is pointed at.

use super::fields::record_letters;
use super::{Read, Spans, record};
use crate::ipd::strategies::defined::cycle::Cycle;
use crate::ipd::strategies::defined::{Body, Place, moves_text};
use crate::scenario::reader::TableReader;

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_cycle(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    let text = reader.string("cycle")?.ok_or_else(|| {
        reader.error(
            start,
            "cycle",
            "missing; give the moves of one cycle, e.g. cycle = \"CCD\"",
        )
    })?;
    record(spans, &Place::Field("cycle"), text.span.clone(), "cycle");
    record_letters(spans, &text, |i| Place::FieldChar("cycle", i), "cycle");
    Ok(Cycle::parse(&text.value).map(Body::Cycle))
}

/// The fields of a cycle definition, as `read_cycle` reads them back.
pub(super) fn write_cycle(cycle: &Cycle, t: &mut toml::Table) {
    t.insert(
        "cycle".into(),
        toml::Value::String(moves_text(&cycle.moves)),
    );
}
