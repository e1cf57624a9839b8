//! Strategy files shipped inside the binary: every `*.toml` of
//! `strategies/axelrod/` (axelrod's finite state machines, lookup tables,
//! gamblers and hidden Markov models, written from the library's data by
//! `strategies/axelrod/generate.py`), embedded by build.rs with
//! `include_str!`, so they resolve from any directory.
//!
//! They are catalogue entries like the built-ins: found by file id or by
//! display name (case-insensitive, spaces and underscores as hyphens),
//! offered as typo suggestions, listed by `dilemma strategies`. Only the
//! lookup lives here (pure data, no IO); `scenario/strategy_file.rs` reads a
//! file's text into a [`Definition`](super::Definition) with the same reader
//! as any strategy file.
//!
//! Invariant (tested): no shipped id or name equals a built-in id, alias or
//! name, and no two shipped entries share one, so every name means one
//! strategy whatever the resolution order.

use crate::ipd::strategies::catalogue::{normalise, normalises_to};

/// One embedded strategy file.
#[derive(Debug)]
pub struct ShippedFile {
    /// The file name without `.toml`: the id scenarios use.
    pub id: &'static str,
    /// The definition's `kind` (read from the file by build.rs).
    pub kind: &'static str,
    /// The display name (axelrod's), read from the file by build.rs.
    pub name: &'static str,
    /// Where the file is in the repository.
    pub path: &'static str,
    /// The whole file.
    pub text: &'static str,
}

/// Every shipped file, sorted by file name.
pub static SHIPPED: &[ShippedFile] = include!(concat!(env!("OUT_DIR"), "/shipped_strategies.rs"));

/// The shipped file with this id or display name (case-insensitive).
pub fn find_shipped(name: &str) -> Option<&'static ShippedFile> {
    let wanted = normalise(name);
    SHIPPED
        .iter()
        .find(|file| file.id == wanted || normalises_to(file.name, &wanted))
}

/// The family a shipped file is listed under, from its kind.
pub fn family(file: &ShippedFile) -> &'static str {
    match file.kind {
        "fsm" => "Finite state machines (trained and hand-made)",
        "lookup" => "Lookup tables",
        "hmm" => "Hidden Markov models",
        "ann" | "attention" => "Neural networks",
        "meta" => "Meta players (teams of strategies)",
        _ => "Strategies defined as data",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::strategies::CATALOGUE;
    use crate::ipd::strategies::catalogue::find;

    #[test]
    fn shipped_names_are_unique_and_never_shadowed_by_built_ins() {
        assert!(SHIPPED.len() >= 22, "{} shipped files", SHIPPED.len());
        for file in SHIPPED {
            for name in [file.id.to_string(), normalise(file.name)] {
                assert!(find(&name).is_none(), "{name} is also a built-in");
                let owners: Vec<&str> = SHIPPED
                    .iter()
                    .filter(|f| f.id == name || normalise(f.name) == name)
                    .map(|f| f.id)
                    .collect();
                assert_eq!(owners, vec![file.id], "{name}");
            }
            assert_eq!(find_shipped(file.name).map(|f| f.id), Some(file.id));
            assert_eq!(
                find_shipped(&file.name.to_uppercase()).map(|f| f.id),
                Some(file.id)
            );
        }
        assert!(CATALOGUE.iter().all(|info| find_shipped(info.id).is_none()));
    }
}
