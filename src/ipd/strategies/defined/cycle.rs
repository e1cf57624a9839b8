//! `kind = "cycle"`: a fixed sequence of moves played over and over
//! (axelrod's `Cycler`): turn t plays `moves[t mod n]`.

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::strategies::defined::{DefinitionError, Place, parse_moves};

/// Longest cycle accepted.
pub const MAX_CYCLE: usize = 4096;

/// A validated cycle.
#[derive(Clone, Debug, PartialEq)]
pub struct Cycle {
    /// One period of moves (non-empty).
    pub moves: Vec<Action>,
}

impl Cycle {
    /// Parses a cycle such as `"CCD"`.
    pub fn parse(text: &str) -> Result<Cycle, DefinitionError> {
        if text.is_empty() {
            return Err(DefinitionError::new(
                Place::Field("cycle"),
                "the cycle is empty; give at least one move, e.g. \"CCD\"",
            ));
        }
        let moves = parse_moves(text, |i| Place::FieldChar("cycle", i), "cycle")?;
        if moves.len() > MAX_CYCLE {
            return Err(DefinitionError::new(
                Place::Field("cycle"),
                format!(
                    "the cycle has {} moves; at most {MAX_CYCLE} are allowed",
                    moves.len()
                ),
            ));
        }
        Ok(Cycle { moves })
    }

    /// The move of the next turn.
    #[inline]
    pub fn choose(&self, me: &History) -> Action {
        self.moves[me.len() as usize % self.moves.len()]
    }

    /// The axelrod library's classification of a cycler: length - 1.
    pub fn memory_depth(&self) -> u32 {
        self.moves.len() as u32 - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_cycles_point_at_the_character() {
        assert_eq!(Cycle::parse("").unwrap_err().place, Place::Field("cycle"));
        let error = Cycle::parse("CCX").unwrap_err();
        assert_eq!(error.place, Place::FieldChar("cycle", 2));
        assert!(error.message.contains("character 3 is `X`"), "{error}");
        assert_eq!(Cycle::parse("CCD").unwrap().memory_depth(), 2);
    }
}
