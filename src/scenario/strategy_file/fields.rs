//! What the readers of every kind share: the spans of the places a
//! definition was read from ([`Spans`], [`record`]), so that a validation
//! error of the core ([`DefinitionError`] at a [`Place`]) is reported at the
//! file's line and column ([`place_error`]); the common field readers
//! (required numbers, moves, the letters of a move string) and the optional
//! `memory_depth` every definition may declare.

use crate::ipd::action::Action;
use crate::ipd::strategies::defined::{Body, DefinitionError, Place};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::{At, TableReader};
use std::collections::HashMap;
use std::ops::Range;
use toml::de::DeValue;

/// Reading gives either a reader error (wrong type, missing field) or a
/// validation error from the core (mapped to a span afterwards).
pub(super) type Read = Result<Result<Body, DefinitionError>, ScenarioError>;

/// The key under which a place's span is recorded, and its field name.
fn place_key(place: &Place) -> (String, String) {
    match place {
        Place::Field(f) => (f.to_string(), f.to_string()),
        Place::FieldChar(f, i) => (format!("{f}#{i}"), f.to_string()),
        Place::FieldItem(f, i) => (format!("{f}[{i}]"), format!("{f}[{i}]")),
        Place::TableKey(i) => (format!("table.key#{i}"), format!("table#{i}")),
        Place::TableValue(i) => (format!("table.value#{i}"), format!("table#{i}")),
        Place::Table => ("table".into(), "table".into()),
        Place::State(i) => (format!("state#{i}"), format!("state#{i}")),
        Place::TransitionNext(i, a) => {
            (format!("state#{i}.{a}.next"), format!("state#{i}.{a}.next"))
        }
        Place::Transformer(i, f) => (
            format!("transformers#{i}.{f}"),
            format!("transformers[{i}].{f}"),
        ),
        Place::TransformerChar(i, f, c) => (
            format!("transformers#{i}.{f}#{c}"),
            format!("transformers[{i}].{f}"),
        ),
        Place::Item(f, i) => (format!("{f}[{i}]"), format!("{f}[{i}]")),
        Place::Cell(f, r, c) => (format!("{f}[{r}][{c}]"), format!("{f}[{r}][{c}]")),
    }
}

/// A validation error of the core, placed at the span recorded for its
/// place (the whole table when none was recorded).
pub(super) fn place_error(
    reader: &TableReader<'_>,
    spans: &Spans,
    error: DefinitionError,
) -> ScenarioError {
    let (key, default_field) = place_key(&error.place);
    match spans.get(&key) {
        Some((span, field)) => reader.error(span.start, field, error.message),
        None => reader.error(reader.span().start, &default_field, error.message),
    }
}

/// Where each place of a definition was read: span and field name.
pub(super) type Spans = HashMap<String, (Range<usize>, String)>;

/// Records the span of a place and the field name to report for it.
pub(super) fn record(spans: &mut Spans, place: &Place, span: Range<usize>, field: &str) {
    spans.insert(place_key(place).0, (span, field.to_string()));
}

/// Records the span of each letter of a move string (`initial = "CD"`), so
/// that a mistake in one move points at that letter: `place(i)` is the
/// place of letter `i`, reported as `field`.
pub(super) fn record_letters(
    spans: &mut Spans,
    text: &At<String>,
    place: impl Fn(usize) -> Place,
    field: &str,
) {
    for (i, (offset, _)) in text.value.char_indices().enumerate() {
        let at = text.span.start + 1 + offset;
        record(spans, &place(i), at..at + 1, field);
    }
}

/// A required number field; `what` says what it is when it is missing.
pub(super) fn required_number(
    reader: &mut TableReader<'_>,
    key: &str,
    what: &str,
) -> Result<At<f64>, ScenarioError> {
    let start = reader.span().start;
    reader
        .number(key)?
        .ok_or_else(|| reader.error(start, key, format!("missing; {what}")))
}

/// A move field, "C" or "D"; `default` when it is absent (required when
/// `None`).
pub(super) fn read_move(
    reader: &mut TableReader<'_>,
    key: &str,
    default: Option<Action>,
) -> Result<Action, ScenarioError> {
    let start = reader.span().start;
    match reader.string(key)? {
        Some(text) if text.value == "C" => Ok(Action::C),
        Some(text) if text.value == "D" => Ok(Action::D),
        Some(text) => Err(reader.error(
            text.span.start,
            key,
            format!("expected the move \"C\" or \"D\", got \"{}\"", text.value),
        )),
        None => {
            default.ok_or_else(|| reader.error(start, key, "missing; give the move \"C\" or \"D\""))
        }
    }
}

/// The optional `memory_depth`: a whole number of turns or "inf"
/// (`Some(None)`); checked against the computed depth by the caller.
pub(super) fn read_declared_depth(
    reader: &mut TableReader<'_>,
    spans: &mut Spans,
) -> Result<Option<Option<u32>>, ScenarioError> {
    let Some(value) = reader.value("memory_depth") else {
        return Ok(None);
    };
    record(
        spans,
        &Place::Field("memory_depth"),
        value.span(),
        "memory_depth",
    );
    let wrong = |reader: &TableReader<'_>| {
        reader.error(
            value.span().start,
            "memory_depth",
            "expected a whole number of turns (0, 1, 2, ...) or \"inf\"",
        )
    };
    match value.get_ref() {
        DeValue::String(text) if text == "inf" => Ok(Some(None)),
        DeValue::Integer(_) => match reader.integer("memory_depth")? {
            Some(n) if (0..=i64::from(u32::MAX)).contains(&n.value) => {
                Ok(Some(Some(n.value as u32)))
            }
            _ => Err(wrong(reader)),
        },
        _ => Err(wrong(reader)),
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario::strategy_file::read_text as read;

    #[test]
    fn a_declared_memory_depth_is_never_below_the_computed_one() {
        let tft = "kind = \"lookup\"\nname = \"t\"\nown = 0\nopponent = 1\n[table]\nC = \"C\"\nD = \"D\"\n";
        let read_with = |depth: &str| read(&format!("memory_depth = {depth}\n{tft}"));
        assert_eq!(read_with("3").unwrap().memory_depth(), Some(3));
        assert_eq!(read_with("\"inf\"").unwrap().memory_depth(), None);
        assert_eq!(read_with("1").unwrap().memory_depth(), Some(1));
        let e = read_with("0").unwrap_err().to_string();
        assert!(
            e.contains("memory.toml:1:16") && e.contains("below the depth computed"),
            "{e}"
        );
        let e = read_with("\"two\"").unwrap_err().to_string();
        assert!(e.contains("field `memory_depth`"), "{e}");
    }
}
