//! Reading and writing `kind = "ann"` definitions (see
//! `ipd::strategies::defined::ann`): `hidden`, `input_weights` (one row per
//! feature, each with `hidden` numbers), `hidden_bias` and `output_weights`
//! (`hidden` numbers each). Wrong types point at the offending number
//! (`input_weights[3][2]`); wrong shapes at the array or row, with the
//! expected shape.

use super::{Read, Spans, record};
use crate::ipd::strategies::defined::ann::{Ann, FEATURES, MAX_HIDDEN};
use crate::ipd::strategies::defined::{Body, Place};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::{TableReader, finite_number, type_name};
use toml::Spanned;
use toml::de::DeValue;

/// The definition's fields after `kind`, `name` and the common ones.
pub(super) fn read_ann(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    let hidden = reader.integer("hidden")?.ok_or_else(|| {
        reader.error(
            start,
            "hidden",
            format!(
                "missing; give the number of hidden units (1 to {MAX_HIDDEN}), e.g. hidden = 10"
            ),
        )
    })?;
    if !(1..=MAX_HIDDEN as i64).contains(&hidden.value) {
        return Err(reader.error(
            hidden.span.start,
            "hidden",
            format!(
                "must be a whole number from 1 to {MAX_HIDDEN}, got {}",
                hidden.value
            ),
        ));
    }
    record(spans, &Place::Field("hidden"), hidden.span, "hidden");
    let Some(rows) = reader.array("input_weights")? else {
        return Err(reader.error(
            start,
            "input_weights",
            format!(
                "missing; give {FEATURES} rows (one per feature) of `hidden` weights each, \
                 e.g. input_weights = [[0.5, -1.0], ...]"
            ),
        ));
    };
    record(
        spans,
        &Place::Field("input_weights"),
        rows.span.clone(),
        "input_weights",
    );
    let mut input_weights = Vec::with_capacity(rows.value.len());
    for (i, row) in rows.value.iter().enumerate() {
        let field = format!("input_weights[{i}]");
        record(
            spans,
            &Place::FieldItem("input_weights", i),
            row.span(),
            &field,
        );
        input_weights.push(numbers(reader, &field, row)?);
    }
    let mut list = |key: &'static str| -> Result<Vec<f64>, ScenarioError> {
        let value = reader.value(key).ok_or_else(|| {
            reader.error(
                start,
                key,
                "missing; give one number per hidden unit, e.g. [0.5, -1.0]",
            )
        })?;
        record(spans, &Place::Field(key), value.span(), key);
        numbers(reader, key, value)
    };
    let hidden_bias = list("hidden_bias")?;
    let output_weights = list("output_weights")?;
    Ok(Ann::new(
        hidden.value as usize,
        &input_weights,
        &hidden_bias,
        &output_weights,
    )
    .map(Body::Ann))
}

/// An array of finite numbers; `field` is its name relative to `reader`.
fn numbers(
    reader: &TableReader<'_>,
    field: &str,
    value: &Spanned<DeValue<'_>>,
) -> Result<Vec<f64>, ScenarioError> {
    let DeValue::Array(items) = value.get_ref() else {
        return Err(reader.source().invalid(
            value.span().start,
            &reader.field(field),
            format!(
                "expected an array of numbers, found {}",
                type_name(value.get_ref())
            ),
        ));
    };
    items
        .iter()
        .enumerate()
        .map(|(j, item)| {
            finite_number(item.get_ref()).ok_or_else(|| {
                let found = match item.get_ref() {
                    DeValue::Float(_) => "a non-finite float",
                    other => type_name(other),
                };
                reader.source().invalid(
                    item.span().start,
                    &reader.field(&format!("{field}[{j}]")),
                    format!("expected a finite number, found {found}"),
                )
            })
        })
        .collect()
}

/// The fields of an ANN definition, as `read_ann` reads them back.
pub(super) fn write_ann(network: &Ann, t: &mut toml::Table) {
    use toml::Value;
    let array = |list: &[f64]| Value::Array(list.iter().map(|&w| Value::Float(w)).collect());
    t.insert("hidden".into(), Value::Integer(network.hidden() as i64));
    t.insert(
        "input_weights".into(),
        Value::Array(network.input_rows().iter().map(|row| array(row)).collect()),
    );
    t.insert("hidden_bias".into(), array(&network.hidden_bias));
    t.insert("output_weights".into(), array(&network.output_weights));
}

#[cfg(test)]
mod tests {
    use super::super::{read_named, round_trip};
    use crate::ipd::strategies::defined::Definition;
    use crate::scenario::error::ScenarioError;

    fn read(text: &str) -> Result<Definition, ScenarioError> {
        read_named("net.toml", text)
    }

    /// A one-unit network whose rows are written `rows` times `[w]`.
    fn text(hidden: &str, rows: usize, row: &str, bias: &str) -> String {
        let rows = vec![row; rows].join(",\n  ");
        format!(
            "kind = \"ann\"\nname = \"n\"\nhidden = {hidden}\ninput_weights = [\n  {rows}\n]\n\
             hidden_bias = {bias}\noutput_weights = [1.0]\n"
        )
    }

    #[test]
    fn an_ann_reads_and_survives_the_round_trip() {
        let (definition, _) = round_trip(&text("1", 17, "[0.1]", "[-0.5]"));
        assert_eq!(definition.kind(), "ann");
        assert_eq!(definition.memory_depth(), None);
        assert!(!definition.is_stochastic());
    }

    #[test]
    fn mistakes_point_at_the_place_with_the_expected_shape() {
        let e = read(&text("1", 16, "[0.1]", "[0.0]"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("net.toml:4:17")
                && e.contains("field `input_weights`")
                && e.contains("input_weights has 16 rows, expected 17 features x hidden"),
            "{e}"
        );
        let mut bad = text("1", 17, "[0.1]", "[0.0]");
        bad = bad.replacen(
            "[0.1],\n  [0.1],\n  [0.1],\n  [0.1]",
            "[0.1],\n  [0.1],\n  [0.1],\n  [0.1, 2]",
            1,
        );
        let e = read(&bad).unwrap_err().to_string();
        assert!(
            e.contains("net.toml:8:3")
                && e.contains("field `input_weights[3]`")
                && e.contains("row 4 (opponent's second move is D) has 2 weights"),
            "{e}"
        );
        let e = read(&text("1", 17, "[\"x\"]", "[0.0]"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("net.toml:5:4")
                && e.contains("field `input_weights[0][0]`")
                && e.contains("expected a finite number, found a string"),
            "{e}"
        );
        let e = read(&text("1", 17, "[0.1]", "[nan]"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("field `hidden_bias[0]`") && e.contains("non-finite"),
            "{e}"
        );
        let e = read(&text("1", 17, "[0.1]", "[1, 2]"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("field `hidden_bias`") && e.contains("has 2 numbers, expected hidden = 1"),
            "{e}"
        );
        let e = read(&text("16", 17, "[0.1]", "[0.0]"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("net.toml:3:10") && e.contains("from 1 to 15, got 16"),
            "{e}"
        );
        let e = read(&text("1", 17, "[0.1]", "[0.0]").replace("hidden = 1\n", ""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("field `hidden`") && e.contains("missing"), "{e}");
    }
}
