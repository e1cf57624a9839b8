//! `kind = "memory-one"`: the probability of cooperating after each joint
//! outcome of the last turn, CC, CD, DC, DD (own move first), and on the
//! first move (Nowak & Sigmund 1990; axelrod's `MemoryOnePlayer`).
//!
//! Plays through the built-in [`MemoryOne`] rule, so a file and a built-in
//! player with the same vector draw the same random numbers: probabilities
//! of exactly 0 or 1 decide without a draw.

use crate::ipd::action::Action;
use crate::ipd::strategies::defined::{DefinitionError, Place, check_probability};
use crate::ipd::strategies::memory_one::MemoryOne;

/// The field names of the four probabilities, in vector order.
pub const OUTCOMES: [&str; 4] = ["CC", "CD", "DC", "DD"];

/// A validated memory-one definition.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryOneDef {
    /// P(C | CC), P(C | CD), P(C | DC), P(C | DD), own move first.
    pub vector: [f64; 4],
    /// P(C) on the first move.
    pub first: f64,
}

impl MemoryOneDef {
    /// Checks that every number is a probability.
    pub fn new(vector: [f64; 4], first: f64) -> Result<MemoryOneDef, DefinitionError> {
        for (value, outcome) in vector.iter().zip(OUTCOMES) {
            check_probability(
                *value,
                &format!("the probability of C after {outcome}"),
                Place::Field(outcome),
            )?;
        }
        check_probability(
            first,
            "the probability of C on the first move",
            Place::Field("first"),
        )?;
        Ok(MemoryOneDef { vector, first })
    }

    /// The built-in rule that plays it.
    pub fn rule(&self) -> MemoryOne {
        let mut rule = MemoryOne::new(self.vector, Action::C);
        rule.initial = self.first;
        rule
    }

    /// True when some probability is strictly between 0 and 1.
    pub fn is_stochastic(&self) -> bool {
        std::iter::once(&self.first)
            .chain(&self.vector)
            .any(|&p| p > 0.0 && p < 1.0)
    }

    /// 0 when the four probabilities are equal (the last turn does not
    /// matter), else 1.
    pub fn memory_depth(&self) -> u32 {
        u32::from(self.vector.iter().any(|&p| p != self.vector[0]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::strategies::PlayerSpec;
    use crate::ipd::strategies::defined::test_support::moves_with;
    use crate::ipd::strategies::defined::{Body, Definition};
    use std::sync::Arc;

    #[test]
    fn out_of_range_probabilities_name_the_outcome() {
        let error = MemoryOneDef::new([1.0, 1.5, 1.0, 0.0], 1.0).unwrap_err();
        assert_eq!(error.place, Place::Field("CD"));
        assert!(error.message.contains("after CD"), "{}", error.message);
        assert!(error.message.contains("got 1.5"), "{}", error.message);
        let error = MemoryOneDef::new([1.0; 4], -0.1).unwrap_err();
        assert_eq!(error.place, Place::Field("first"));
    }

    #[test]
    fn same_draws_as_the_built_in_generous_tit_for_tat() {
        let g = 1.0 / 3.0;
        let definition = Arc::new(Definition {
            name: "GTFT file".into(),
            description: None,
            source: None,
            declared_memory_depth: None,
            body: Body::MemoryOne(MemoryOneDef::new([1.0, g, 1.0, g], 1.0).unwrap()),
        });
        let file = definition.player("gtft-file");
        assert!(file.is_stochastic());
        assert_eq!(file.memory_depth(), Some(1));
        let built_in = PlayerSpec::new("gtft").build().unwrap();
        let random = PlayerSpec::new("random").build().unwrap();
        for seed in 0..20 {
            assert_eq!(
                moves_with(&file.prototype, &random.prototype, 50, seed),
                moves_with(&built_in.prototype, &random.prototype, 50, seed)
            );
        }
    }
}
