//! Reading and writing `kind = "transformed"` definitions (see
//! `ipd::strategies::defined::transformer`): the `strategy` transformed (a
//! built-in id with optional `id:key=value` parameters, a strategy file name
//! or path, or an inline table, resolved like any reference) and its
//! `[[transformers]]` in order, each a `kind` with its parameters.

use super::fields::{record_letters, required_number};
use super::{Chain, Read, Spans, builtin_text, defined_toml, player_from_value, record};
use crate::ipd::strategies::defined::transformer::{TRANSFORMERS, Transformed, Transformer};
use crate::ipd::strategies::defined::{Body, Place, moves_text, parse_moves};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use toml::de::DeValue;

/// A required number of transformer `i`, recorded for its errors.
fn transformer_number(
    t: &mut TableReader<'_>,
    spans: &mut Spans,
    i: usize,
    key: &'static str,
    what: &str,
) -> Result<f64, ScenarioError> {
    let value = required_number(t, key, what)?;
    record(
        spans,
        &Place::Transformer(i, key),
        value.span.clone(),
        &format!("transformers[{i}].{key}"),
    );
    Ok(value.value)
}

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_transformed(
    reader: &mut TableReader<'_>,
    spans: &mut Spans,
    chain: &mut Chain,
) -> Read {
    let start = reader.span().start;
    let Some(strategy) = reader.value("strategy") else {
        return Err(reader.error(
            start,
            "strategy",
            "missing; name the strategy to transform: a built-in id (with parameters as \
             \"random:p=0.3\"), a strategy file name or path, or an inline table",
        ));
    };
    let inner = player_from_value(reader.source(), &reader.field("strategy"), strategy, chain)?;
    let Some(list) = reader.array("transformers")? else {
        return Err(reader.error(
            start,
            "transformers",
            format!(
                "missing; give [[transformers]] entries with a kind (allowed: {})",
                TRANSFORMERS.join(", ")
            ),
        ));
    };
    record(
        spans,
        &Place::Field("transformers"),
        list.span.clone(),
        "transformers",
    );
    let mut transformers = Vec::new();
    for (i, item) in list.value.iter().enumerate() {
        let field = reader.field(&format!("transformers[{i}]"));
        let DeValue::Table(table) = item.get_ref() else {
            return Err(reader.source().invalid(
                item.span().start,
                &field,
                "expected a table with `kind` and the transformer's parameters",
            ));
        };
        let mut t = TableReader::new(reader.source(), &field, table, item.span());
        let kind = t.string("kind")?.ok_or_else(|| {
            t.error(
                item.span().start,
                "kind",
                format!("missing; allowed: {}", TRANSFORMERS.join(", ")),
            )
        })?;
        let transformer = match kind.value.as_str() {
            "noise" => {
                let p = transformer_number(
                    &mut t,
                    spans,
                    i,
                    "p",
                    "the probability of flipping the move",
                )?;
                Transformer::noise(p, i)
            }
            "flip" => Ok(Transformer::Flip),
            "dual" => Ok(Transformer::Dual),
            "joss-ann" => {
                let p = transformer_number(&mut t, spans, i, "p", "the probability of C")?;
                let q = transformer_number(&mut t, spans, i, "q", "the probability of D")?;
                Transformer::joss_ann(p, q, i)
            }
            "initial" | "final" => {
                let moves = t.string("moves")?.ok_or_else(|| {
                    t.error(
                        item.span().start,
                        "moves",
                        "missing; give the moves, e.g. moves = \"DD\"",
                    )
                })?;
                record_letters(
                    spans,
                    &moves,
                    |c| Place::TransformerChar(i, "moves", c),
                    &format!("transformers[{i}].moves"),
                );
                parse_moves(
                    &moves.value,
                    |c| Place::TransformerChar(i, "moves", c),
                    &format!("{} moves", kind.value),
                )
                .map(|m| {
                    if kind.value == "initial" {
                        Transformer::Initial(m)
                    } else {
                        Transformer::Final(m)
                    }
                })
            }
            other => {
                return Err(t.error(
                    kind.span.start,
                    "kind",
                    format!(
                        "unknown transformer `{other}` (allowed: {})",
                        TRANSFORMERS.join(", ")
                    ),
                ));
            }
        };
        t.finish()?;
        match transformer {
            Ok(t) => transformers.push(t),
            Err(e) => return Ok(Err(e)),
        }
    }
    Ok(Transformed::new(inner, transformers).map(Body::Transformed))
}

/// The fields of a transformed definition, as `read_transformed` reads them
/// back.
pub(super) fn write_transformed(transformed: &Transformed, t: &mut toml::Table) {
    use toml::Value;
    let strategy = match defined_toml(&transformed.inner) {
        Some(inline) => Value::Table(inline),
        None => Value::String(builtin_text(&transformed.inner)),
    };
    t.insert("strategy".into(), strategy);
    let list = transformed
        .transformers
        .iter()
        .map(|transformer| {
            let mut entry = toml::Table::new();
            entry.insert("kind".into(), Value::String(transformer.name().into()));
            match transformer {
                Transformer::Noise { p } => {
                    entry.insert("p".into(), Value::Float(*p));
                }
                Transformer::JossAnn { p, q } => {
                    entry.insert("p".into(), Value::Float(*p));
                    entry.insert("q".into(), Value::Float(*q));
                }
                Transformer::Initial(m) | Transformer::Final(m) => {
                    entry.insert("moves".into(), Value::String(moves_text(m)));
                }
                Transformer::Flip | Transformer::Dual => {}
            }
            Value::Table(entry)
        })
        .collect();
    t.insert("transformers".into(), Value::Array(list));
}
