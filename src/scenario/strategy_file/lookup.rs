//! Reading and writing `kind = "lookup"` definitions (see
//! `ipd::strategies::defined::lookup`): how many of its own, the opponent's
//! and the opponent's first moves a key holds (`own`, `opponent`,
//! `opponent_first`, 0 to 16 each), the `initial` moves, and a `[table]` of
//! `"KEY" = move or probability of C` entries, read in file order in linear
//! time.

use super::fields::record_letters;
use super::{Read, Spans, record};
use crate::ipd::action::Action;
use crate::ipd::strategies::defined::lookup::{LookupTable, Response};
use crate::ipd::strategies::defined::{Body, Place, moves_text, parse_moves};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::{TableReader, finite_number};
use toml::de::DeValue;

/// One of the key lengths (0 to 16), 0 when absent and not `required`.
fn read_depth(
    reader: &mut TableReader<'_>,
    key: &str,
    required: bool,
) -> Result<u32, ScenarioError> {
    let start = reader.span().start;
    match reader.integer(key)? {
        Some(n) if (0..=16).contains(&n.value) => Ok(n.value as u32),
        Some(n) => Err(reader.error(
            n.span.start,
            key,
            format!("must be a whole number from 0 to 16, got {}", n.value),
        )),
        None if required => Err(reader.error(
            start,
            key,
            "missing; a lookup table says how many moves its keys hold: own (own last moves), \
             opponent (opponent's last moves) and optionally opponent_first (opponent's first moves)",
        )),
        None => Ok(0),
    }
}

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_lookup(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    if let Some(value) = reader.value("own") {
        record(spans, &Place::Field("own"), value.span(), "own");
    }
    let own = read_depth(reader, "own", true)?;
    let opponent = read_depth(reader, "opponent", true)?;
    let opponent_first = read_depth(reader, "opponent_first", false)?;
    let depth = own.max(opponent).max(opponent_first);
    let initial = match reader.string("initial")? {
        Some(text) => {
            record(
                spans,
                &Place::Field("initial"),
                text.span.clone(),
                "initial",
            );
            record_letters(spans, &text, |i| Place::FieldChar("initial", i), "initial");
            match parse_moves(&text.value, |i| Place::FieldChar("initial", i), "initial") {
                Ok(moves) => moves,
                Err(e) => return Ok(Err(e)),
            }
        }
        None => vec![Action::C; depth as usize],
    };
    let Some(table) = reader.value("table") else {
        return Err(reader.error(
            start,
            "table",
            "missing; a lookup strategy needs a [table] of key = move entries",
        ));
    };
    let DeValue::Table(entries_table) = table.get_ref() else {
        return Err(reader.error(
            table.span().start,
            "table",
            "expected a table of key = move entries",
        ));
    };
    record(spans, &Place::Table, table.span(), "table");
    // The entries are read straight from the parsed table, in file order: a
    // keyed lookup per entry was linear, so a 16-letter table (65 536 keys)
    // took minutes. Every key is used, so none can be unknown.
    let mut keyed: Vec<_> = entries_table.iter().collect();
    keyed.sort_by_key(|(k, _)| k.span().start);
    let mut entries = Vec::with_capacity(keyed.len());
    for (i, (key, value)) in keyed.into_iter().enumerate() {
        let key_text = key.get_ref().to_string();
        let field = format!("table.\"{key_text}\"");
        record(spans, &Place::TableKey(i), key.span(), &field);
        record(spans, &Place::TableValue(i), value.span(), &field);
        let response = match value.get_ref() {
            DeValue::String(s) if s == "C" => Response::Move(Action::C),
            DeValue::String(s) if s == "D" => Response::Move(Action::D),
            DeValue::Integer(_) | DeValue::Float(_) => match finite_number(value.get_ref()) {
                Some(number) => Response::Probability(number),
                None => {
                    return Err(reader.source().invalid(
                        value.span().start,
                        &reader.field(&field),
                        "expected a finite number",
                    ));
                }
            },
            _ => {
                return Err(reader.source().invalid(
                    value.span().start,
                    &reader.field(&field),
                    format!(
                        "the value of key `{key_text}` must be \"C\", \"D\" or the probability of C \
                         (a number from 0 to 1)"
                    ),
                ));
            }
        };
        entries.push((key_text, response));
    }
    Ok(LookupTable::new(own, opponent, opponent_first, initial, &entries).map(Body::Lookup))
}

/// The fields of a lookup definition, as `read_lookup` reads them back.
pub(super) fn write_lookup(table: &LookupTable, t: &mut toml::Table) {
    use toml::Value;
    t.insert("own".into(), Value::Integer(table.own.into()));
    t.insert("opponent".into(), Value::Integer(table.opponent.into()));
    t.insert(
        "opponent_first".into(),
        Value::Integer(table.opponent_first.into()),
    );
    t.insert("initial".into(), Value::String(moves_text(&table.initial)));
    let mut entries = toml::Table::new();
    for (key, response) in table.entries() {
        let value = match response {
            Response::Move(a) => Value::String(a.letter().to_string()),
            Response::Probability(p) => Value::Float(p),
        };
        entries.insert(key, value);
    }
    t.insert("table".into(), Value::Table(entries));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::strategy_file::read_text as read;

    /// A 16-letter lookup table (65 536 keys) reads in linear time (it once
    /// took minutes: a keyed search per entry) and keeps every entry.
    #[test]
    fn sixteen_letter_lookup_tables_read_every_entry() {
        let mut text = String::from(
            "kind = \"lookup\"\nname = \"Big\"\nown = 8\nopponent = 8\ninitial = \"CCCCCCCC\"\n[table]\n",
        );
        let letter = |bit: bool| if bit { 'D' } else { 'C' };
        for index in 0..1usize << 16 {
            let key: String = (0..16).rev().map(|b| letter(index >> b & 1 == 1)).collect();
            // D exactly when the opponent's group starts with D.
            let response = letter(index >> 7 & 1 == 1);
            text.push_str(&format!(
                "\"{} {}\" = \"{response}\"\n",
                &key[..8],
                &key[8..]
            ));
        }
        let definition = read(&text).unwrap();
        let Body::Lookup(table) = &definition.body else {
            panic!("a lookup table")
        };
        let entries = table.entries();
        assert_eq!(entries.len(), 1 << 16);
        for (key, response) in entries.iter().step_by(997) {
            let opponent_first = key.split(' ').nth(1).unwrap().starts_with('D');
            let want = if opponent_first { Action::D } else { Action::C };
            assert_eq!(*response, Response::Move(want), "{key}");
        }
        // Values are still checked one by one, naming the key.
        let bad = "kind = \"lookup\"\nname = \"B\"\nown = 1\nopponent = 0\ninitial = \"C\"\n\
                   [table]\n\"C\" = \"C\"\n\"D\" = inf\n";
        let error = read(bad).unwrap_err().to_string();
        assert!(
            error.contains("table.\"D\"") && error.contains("finite"),
            "{error}"
        );
        let bad = bad.replace("inf", "true");
        let error = read(&bad).unwrap_err().to_string();
        assert!(error.contains("must be \"C\", \"D\""), "{error}");
    }
}
