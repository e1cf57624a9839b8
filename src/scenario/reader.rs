//! Reads TOML tables field by field, keeping the position of every value so
//! errors can point at it.
//!
//! A [`TableReader`] hands out typed values by key and remembers which keys
//! were asked for; [`TableReader::finish`] then rejects any key nobody asked
//! for, suggesting the nearest allowed one. Every scenario kind is read this
//! way, so every kind gets the same precise errors.

use crate::ipd::strategies::catalogue::edit_distance;
use crate::scenario::error::{ScenarioError, Source};
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A value with the byte range it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct At<T> {
    /// The value.
    pub value: T,
    /// Byte range in the source.
    pub span: Range<usize>,
}

/// A TOML table being read.
pub struct TableReader<'a> {
    source: &'a Source,
    prefix: String,
    table: &'a DeTable<'a>,
    span: Range<usize>,
    asked: Vec<String>,
}

/// The TOML type name of a value, for messages.
pub(crate) fn type_name(value: &DeValue<'_>) -> &'static str {
    match value {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

pub(crate) fn parse_integer(value: &toml::de::DeInteger<'_>) -> Option<i64> {
    let digits = value.as_str().replace('_', "");
    i64::from_str_radix(&digits, value.radix()).ok()
}

pub(crate) fn parse_float(value: &toml::de::DeFloat<'_>) -> Option<f64> {
    value.as_str().replace('_', "").parse().ok()
}

/// A value without a key of its own (an array item) as a finite number:
/// `None` for another type or an infinite or NaN float.
pub fn finite_number(value: &DeValue<'_>) -> Option<f64> {
    let number = match value {
        DeValue::Integer(i) => parse_integer(i).map(|n| n as f64),
        DeValue::Float(f) => parse_float(f),
        _ => None,
    };
    number.filter(|n| n.is_finite())
}

impl<'a> TableReader<'a> {
    /// A reader over `table`, whose fields are reported as `prefix.key`.
    pub fn new(
        source: &'a Source,
        prefix: &str,
        table: &'a DeTable<'a>,
        span: Range<usize>,
    ) -> Self {
        TableReader {
            source,
            prefix: prefix.to_string(),
            table,
            span,
            asked: Vec::new(),
        }
    }

    /// The source being read.
    pub fn source(&self) -> &'a Source {
        self.source
    }

    /// Where the table starts, for errors about missing fields.
    pub fn span(&self) -> Range<usize> {
        self.span.clone()
    }

    /// The dotted name of a field of this table.
    pub fn field(&self, key: &str) -> String {
        if self.prefix.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.prefix)
        }
    }

    /// An error about `key` at `offset`.
    pub fn error(&self, offset: usize, key: &str, message: impl Into<String>) -> ScenarioError {
        self.source.invalid(offset, &self.field(key), message)
    }

    fn raw(&mut self, key: &str) -> Option<&'a Spanned<DeValue<'a>>> {
        self.asked.push(key.to_string());
        self.table
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(_, v)| v)
    }

    /// All keys present, with their spans, in file order.
    pub fn keys(&self) -> Vec<At<String>> {
        let mut keys: Vec<At<String>> = self
            .table
            .iter()
            .map(|(k, _)| At {
                value: k.get_ref().to_string(),
                span: k.span(),
            })
            .collect();
        keys.sort_by_key(|k| k.span.start);
        keys
    }

    /// A present value of any type, without type checking.
    pub fn value(&mut self, key: &str) -> Option<&'a Spanned<DeValue<'a>>> {
        self.raw(key)
    }

    fn wrong_type(&self, key: &str, value: &Spanned<DeValue<'_>>, wanted: &str) -> ScenarioError {
        self.error(
            value.span().start,
            key,
            format!("expected {wanted}, found {}", type_name(value.get_ref())),
        )
    }

    /// An optional string.
    pub fn string(&mut self, key: &str) -> Result<Option<At<String>>, ScenarioError> {
        let Some(value) = self.raw(key) else {
            return Ok(None);
        };
        match value.get_ref() {
            DeValue::String(s) => Ok(Some(At {
                value: s.to_string(),
                span: value.span(),
            })),
            _ => Err(self.wrong_type(key, value, "a string")),
        }
    }

    /// An optional boolean.
    pub fn boolean(&mut self, key: &str) -> Result<Option<At<bool>>, ScenarioError> {
        let Some(value) = self.raw(key) else {
            return Ok(None);
        };
        match value.get_ref() {
            DeValue::Boolean(b) => Ok(Some(At {
                value: *b,
                span: value.span(),
            })),
            _ => Err(self.wrong_type(key, value, "true or false")),
        }
    }

    /// An optional integer.
    pub fn integer(&mut self, key: &str) -> Result<Option<At<i64>>, ScenarioError> {
        let Some(value) = self.raw(key) else {
            return Ok(None);
        };
        match value.get_ref() {
            DeValue::Integer(i) => match parse_integer(i) {
                Some(n) => Ok(Some(At {
                    value: n,
                    span: value.span(),
                })),
                None => Err(self.error(value.span().start, key, "integer out of range")),
            },
            _ => Err(self.wrong_type(key, value, "an integer")),
        }
    }

    /// An optional number (integer or float), which must be finite.
    pub fn number(&mut self, key: &str) -> Result<Option<At<f64>>, ScenarioError> {
        let Some(value) = self.raw(key) else {
            return Ok(None);
        };
        let number = match value.get_ref() {
            DeValue::Integer(i) => parse_integer(i).map(|n| n as f64),
            DeValue::Float(f) => parse_float(f),
            _ => return Err(self.wrong_type(key, value, "a number")),
        };
        match number {
            Some(n) if n.is_finite() => Ok(Some(At {
                value: n,
                span: value.span(),
            })),
            _ => Err(self.error(value.span().start, key, "expected a finite number")),
        }
    }

    /// An optional number in [0, 1].
    pub fn probability(&mut self, key: &str) -> Result<Option<At<f64>>, ScenarioError> {
        let number = self.number(key)?;
        if let Some(p) = &number {
            if !(0.0..=1.0).contains(&p.value) {
                return Err(self.error(
                    p.span.start,
                    key,
                    format!("a probability must be between 0 and 1, got {}", p.value),
                ));
            }
        }
        Ok(number)
    }

    /// An optional integer of at least `min` that fits in a u32.
    pub fn count(&mut self, key: &str, min: u32) -> Result<Option<At<u32>>, ScenarioError> {
        let Some(n) = self.integer(key)? else {
            return Ok(None);
        };
        if n.value < min as i64 || n.value > u32::MAX as i64 - 1 {
            return Err(self.error(
                n.span.start,
                key,
                format!(
                    "must be a whole number from {min} to {}, got {}",
                    u32::MAX - 1,
                    n.value
                ),
            ));
        }
        Ok(Some(At {
            value: n.value as u32,
            span: n.span,
        }))
    }

    /// An optional sub-table.
    pub fn table(&mut self, key: &str) -> Result<Option<TableReader<'a>>, ScenarioError> {
        let Some(value) = self.raw(key) else {
            return Ok(None);
        };
        match value.get_ref() {
            DeValue::Table(t) => Ok(Some(TableReader::new(
                self.source,
                &self.field(key),
                t,
                value.span(),
            ))),
            _ => Err(self.wrong_type(key, value, "a table")),
        }
    }

    /// An optional array.
    pub fn array(
        &mut self,
        key: &str,
    ) -> Result<Option<At<&'a [Spanned<DeValue<'a>>]>>, ScenarioError> {
        let Some(value) = self.raw(key) else {
            return Ok(None);
        };
        match value.get_ref() {
            DeValue::Array(items) => Ok(Some(At {
                value: &items[..],
                span: value.span(),
            })),
            _ => Err(self.wrong_type(key, value, "an array")),
        }
    }

    /// Which key names a field that also has an older name: `canonical` when
    /// the table has it or has neither, `alias` when only the old name is
    /// used; both at once is an error. Both count as allowed keys.
    pub fn key_or_alias(
        &mut self,
        canonical: &'static str,
        alias: &'static str,
    ) -> Result<&'static str, ScenarioError> {
        let find = |key: &str| self.table.iter().find(|(k, _)| k.get_ref() == key);
        let chosen = match (find(canonical), find(alias)) {
            (Some(_), Some((k, _))) => {
                return Err(self.error(
                    k.span().start,
                    alias,
                    format!(
                        "`{alias}` is the older name of `{canonical}`; give one of them, not both"
                    ),
                ));
            }
            (None, Some(_)) => alias,
            _ => canonical,
        };
        self.asked.push(canonical.to_string());
        self.asked.push(alias.to_string());
        Ok(chosen)
    }

    /// Fails on the first key (in file order) that was never asked for,
    /// naming the allowed keys and the nearest one.
    pub fn finish(self) -> Result<(), ScenarioError> {
        for key in self.keys() {
            if !self.asked.contains(&key.value) {
                let foreign = FOREIGN
                    .iter()
                    .find(|(name, ours, _)| {
                        key.value == *name && self.asked.iter().any(|a| a == ours)
                    })
                    .map(|(_, _, hint)| format!("; {hint}"));
                let nearest = foreign.unwrap_or_else(|| {
                    self.asked
                        .iter()
                        .map(|allowed| (edit_distance(&key.value, allowed), allowed))
                        .min()
                        .filter(|(d, _)| *d <= 3)
                        .map(|(_, k)| format!("; did you mean `{k}`?"))
                        .unwrap_or_default()
                });
                let mut allowed = self.asked.clone();
                allowed.dedup();
                return Err(self.error(
                    key.span.start,
                    &key.value,
                    format!(
                        "unknown field{nearest} (allowed here: {})",
                        allowed.join(", ")
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// Names other tools use for what a key of ours says, with how to write it
/// here: (their name, our key it maps to where that key is allowed, hint).
const FOREIGN: &[(&str, &str, &str)] = &[(
    "prob_end",
    "continuation",
    "axelrod's `prob_end` is `continuation = 1 - prob_end` here (prob_end = 0.1 is continuation = 0.9)",
)];

/// Parses a whole file into a spanned table.
pub fn parse_document<'a>(source: &'a Source) -> Result<Spanned<DeTable<'a>>, ScenarioError> {
    DeTable::parse(&source.text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        source.syntax(offset, e.message().trim().to_string())
    })
}
