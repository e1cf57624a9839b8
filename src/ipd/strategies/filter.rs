//! Selecting catalogue entries by their classifiers (stochastic, memory
//! depth, use of the match length or the payoffs) and by words in their id,
//! name, rule or family (the listing's group title), for `dilemma
//! strategies`. Pure: no IO.
//!
//! Invariant: an unset criterion selects everything, and the result keeps
//! the catalogue's order.

use crate::ipd::strategies::StrategyInfo;

/// A memory depth to select: a number of turns, or unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Looks at exactly this many past turns.
    Turns(u32),
    /// Looks at the whole history.
    Unbounded,
}

impl Depth {
    /// Reads "0", "1", ... or "inf" / "infinite" / "unbounded".
    pub fn parse(text: &str) -> Result<Depth, String> {
        let text = text.trim();
        match text.to_lowercase().as_str() {
            "inf" | "infinite" | "infinity" | "unbounded" => Ok(Depth::Unbounded),
            number => number.parse::<u32>().map(Depth::Turns).map_err(|_| {
                format!("`{text}` is not a memory depth; allowed: a whole number of turns (0, 1, 2, ...) or `inf`")
            }),
        }
    }
}

/// Criteria; `None` means "any".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only stochastic (`Some(true)`) or only deterministic (`Some(false)`).
    pub stochastic: Option<bool>,
    /// Exactly this memory depth.
    pub memory_depth: Option<Depth>,
    /// A memory depth of at most this many turns (unbounded never passes).
    pub max_memory_depth: Option<u32>,
    /// Only those that look at the match length (or only those that do not).
    pub uses_length: Option<bool>,
    /// Only those that look at the payoff matrix (or only those that do not).
    pub uses_payoffs: Option<bool>,
    /// Words that must all appear (case-insensitive) in the id, aliases,
    /// name, rule or source.
    pub words: Vec<String>,
}

/// What a filter looks at: the four classifiers and the searchable text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Traits {
    /// How many past turns it looks at; `None` means unbounded.
    pub memory_depth: Option<u32>,
    /// Draws random numbers.
    pub stochastic: bool,
    /// Looks at the match length.
    pub uses_length: bool,
    /// Looks at the payoff matrix.
    pub uses_payoffs: bool,
    /// Id, aliases, name, rule and source, lower case.
    pub text: String,
}

impl Traits {
    /// The traits of a catalogue entry.
    pub fn of(info: &StrategyInfo) -> Traits {
        // The family title too, as the listing shows it ("Grudgers").
        let mut text = format!(
            "{} {} {} {} {}",
            info.id,
            info.name,
            info.description,
            info.source,
            super::family_of(info)
        );
        for alias in info.aliases {
            text.push(' ');
            text.push_str(alias);
        }
        Traits {
            memory_depth: info.memory_depth,
            stochastic: info.stochastic,
            uses_length: info.uses_length,
            uses_payoffs: info.uses_payoffs,
            text: text.to_lowercase(),
        }
    }
}

impl Filter {
    /// Whether an entry meets every criterion.
    pub fn accepts(&self, info: &StrategyInfo) -> bool {
        self.accepts_traits(&Traits::of(info))
    }

    /// Whether anything with these traits meets every criterion.
    pub fn accepts_traits(&self, traits: &Traits) -> bool {
        let depth = traits.memory_depth.map_or(Depth::Unbounded, Depth::Turns);
        let within = |max: u32| matches!(depth, Depth::Turns(d) if d <= max);
        self.stochastic.is_none_or(|s| traits.stochastic == s)
            && self.memory_depth.is_none_or(|d| depth == d)
            && self.max_memory_depth.is_none_or(within)
            && self.uses_length.is_none_or(|u| traits.uses_length == u)
            && self.uses_payoffs.is_none_or(|u| traits.uses_payoffs == u)
            && self
                .words
                .iter()
                .all(|w| traits.text.contains(&w.to_lowercase()))
    }

    /// The entries of `catalogue` that meet every criterion, in order.
    pub fn select<'a>(&self, catalogue: &[&'a StrategyInfo]) -> Vec<&'a StrategyInfo> {
        catalogue
            .iter()
            .copied()
            .filter(|info| self.accepts(info))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::strategies::CATALOGUE;

    #[test]
    fn an_empty_filter_keeps_everything_in_order() {
        let all = Filter::default().select(&CATALOGUE);
        assert_eq!(all.len(), CATALOGUE.len());
        assert!(all.iter().zip(CATALOGUE.iter()).all(|(a, b)| a.id == b.id));
    }

    #[test]
    fn deterministic_and_stochastic_partition_the_catalogue() {
        let deterministic = Filter {
            stochastic: Some(false),
            ..Filter::default()
        }
        .select(&CATALOGUE);
        let stochastic = Filter {
            stochastic: Some(true),
            ..Filter::default()
        }
        .select(&CATALOGUE);
        assert_eq!(deterministic.len() + stochastic.len(), CATALOGUE.len());
        assert!(deterministic.iter().any(|i| i.id == "tit-for-tat"));
        assert!(stochastic.iter().any(|i| i.id == "random"));
        assert!(deterministic.iter().all(|i| !i.stochastic));
    }

    #[test]
    fn memory_depth_selects_exactly_and_at_most() {
        let one = Filter {
            memory_depth: Some(Depth::Turns(1)),
            ..Filter::default()
        }
        .select(&CATALOGUE);
        assert!(one.iter().any(|i| i.id == "tit-for-tat"));
        assert!(one.iter().all(|i| i.memory_depth == Some(1)));
        let unbounded = Filter {
            memory_depth: Some(Depth::Unbounded),
            ..Filter::default()
        }
        .select(&CATALOGUE);
        assert!(unbounded.iter().any(|i| i.id == "grudger"));
        assert!(unbounded.iter().all(|i| i.memory_depth.is_none()));
        let at_most_one = Filter {
            max_memory_depth: Some(1),
            ..Filter::default()
        }
        .select(&CATALOGUE);
        assert!(at_most_one.iter().any(|i| i.id == "cooperator"));
        assert!(
            at_most_one
                .iter()
                .all(|i| i.memory_depth.is_some_and(|d| d <= 1))
        );
    }

    #[test]
    fn a_family_title_finds_its_members() {
        let filter = Filter {
            words: vec!["grudgers".into()],
            ..Filter::default()
        };
        let found = filter.select(&CATALOGUE);
        assert!(found.iter().any(|i| i.id == "grudger"), "{}", found.len());
        assert!(
            found
                .iter()
                .all(|i| super::super::family_of(i) == "Grudgers"
                    || Traits::of(i).text.contains("grudgers"))
        );
    }

    #[test]
    fn words_must_all_appear() {
        let found = Filter {
            words: vec!["TIT".into(), "suspicious".into()],
            ..Filter::default()
        }
        .select(&CATALOGUE);
        assert!(found.iter().any(|i| i.id == "suspicious-tit-for-tat"));
        assert!(found.iter().all(|i| !i.id.is_empty()));
        let none = Filter {
            words: vec!["no strategy says this".into()],
            ..Filter::default()
        }
        .select(&CATALOGUE);
        assert!(none.is_empty());
    }

    #[test]
    fn depth_parses_numbers_and_infinity() {
        assert_eq!(Depth::parse("3"), Ok(Depth::Turns(3)));
        assert_eq!(Depth::parse("inf"), Ok(Depth::Unbounded));
        assert!(Depth::parse("-1").unwrap_err().contains("allowed"));
    }
}
