//! `dilemma new KIND`: one commented template per scenario kind, every key
//! with its default, kept as .toml files in `templates/` (embedded here) so
//! a new key is documented in one place. Each template parses and runs as
//! is, with defaults small enough to run in seconds.

/// (kind, what it studies, template text), in the order `dilemma new --list` shows.
pub const TEMPLATES: &[(&str, &str, &str)] = &[
    (
        "tournament",
        "round robin of iterated prisoner's dilemma strategies",
        include_str!("templates/tournament.toml"),
    ),
    (
        "ecological",
        "replicator dynamics on a tournament (alias: replicator)",
        include_str!("templates/ecological.toml"),
    ),
    (
        "moran",
        "Moran process: fixation in a finite population",
        include_str!("templates/moran.toml"),
    ),
    (
        "fixation",
        "fixation matrix: can one A take over a population of B?",
        include_str!("templates/fixation.toml"),
    ),
    (
        "invasion",
        "who invades whom: fixation probabilities, rare mutations",
        include_str!("templates/invasion.toml"),
    ),
    (
        "fingerprint",
        "axelrod's Ashlock and transitive fingerprints, exact",
        include_str!("templates/fingerprint.toml"),
    ),
    (
        "train",
        "train a strategy by a genetic algorithm (lookup tables)",
        include_str!("templates/train.toml"),
    ),
    (
        "spatial",
        "spatial prisoner's dilemma on a lattice (Nowak & May)",
        include_str!("templates/spatial.toml"),
    ),
    (
        "game",
        "two-player normal-form game: dominance, equilibria",
        include_str!("templates/game.toml"),
    ),
    (
        "pigs",
        "boxed pigs: equilibria and exact parameter regions",
        include_str!("templates/pigs.toml"),
    ),
    (
        "travelers",
        "traveler's dilemma: elimination, best responses, QRE",
        include_str!("templates/travelers.toml"),
    ),
    (
        "pirates",
        "pirate split by backward induction",
        include_str!("templates/pirates.toml"),
    ),
    (
        "guess",
        "guess p of the average: level-k, equilibria, simulation",
        include_str!("templates/guess.toml"),
    ),
    (
        "impartial",
        "impartial games: Grundy values, periods, positions",
        include_str!("templates/impartial.toml"),
    ),
];

/// The template of `kind` (`replicator` is `ecological`), or `None`.
pub fn template(kind: &str) -> Option<&'static str> {
    let kind = if kind == "replicator" {
        "ecological"
    } else {
        kind
    };
    TEMPLATES
        .iter()
        .find(|(k, _, _)| *k == kind)
        .map(|(_, _, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::error::Source;
    use std::path::Path;

    #[test]
    fn every_kind_has_a_template_that_parses_as_that_kind() {
        for kind in crate::scenario::KINDS {
            let text = template(kind).unwrap_or_else(|| panic!("no template for {kind}"));
            let path = Path::new("scenarios/template.toml");
            let source = Source {
                path: path.to_path_buf(),
                text: text.to_string(),
            };
            let loaded = crate::scenario::parse(&source, path)
                .unwrap_or_else(|e| panic!("the {kind} template: {e}"));
            let expected = if *kind == "replicator" {
                "ecological"
            } else {
                kind
            };
            assert!(text.contains(&format!("kind = \"{expected}\"")), "{kind}");
            assert!(loaded.warnings.is_empty(), "{kind}: {:?}", loaded.warnings);
        }
    }

    #[test]
    fn unknown_kinds_have_none() {
        assert!(template("tournaments").is_none());
    }

    #[test]
    fn templates_fit_80_columns() {
        for (kind, _, text) in TEMPLATES {
            for line in text.lines() {
                assert!(line.chars().count() <= 80, "{kind}: {line}");
            }
        }
    }
}
