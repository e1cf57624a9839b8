//! A candidate's genes, whatever it represents: three kinds of gene, each
//! a list in a fixed order the representation defines
//! (`train::representation`):
//!
//! - `moves`: C or D (a lookup table's opening moves and entries, a
//!   cycle, a state machine's outputs and first move);
//! - `states`: state numbers from 0 (a state machine's next states and
//!   start state, a hidden Markov model's start);
//! - `reals`: real numbers (a gambler's probabilities, a hidden Markov
//!   model's transition and emission probabilities, a network's weights).
//!
//! As text (`restarts.csv`, the checkpoint JSON) a genome of moves only is
//! its letters (`CDDC`, the bytes the lookup and cycle slices wrote); any
//! other is `letters|states|reals`, numbers separated by single spaces,
//! each real as Rust's `{:?}` writes an `f64` (the shortest text that
//! reads back to the same bits, with an exponent when very small or
//! large), so a genome read back is the genome written, bit for bit. No comma appears in the text (it sits in a CSV field).

use crate::ipd::action::Action;

/// A candidate's genes (see the module doc).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Genome {
    /// The move genes.
    pub moves: Vec<Action>,
    /// The state genes.
    pub states: Vec<u32>,
    /// The real genes.
    pub reals: Vec<f64>,
}

/// How many genes of each kind a representation's genomes have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Move genes.
    pub moves: usize,
    /// State genes.
    pub states: usize,
    /// Real genes.
    pub reals: usize,
}

impl Layout {
    /// Every gene.
    pub fn genes(&self) -> usize {
        self.moves + self.states + self.reals
    }

    /// Moves only: the text is the letters alone.
    pub fn letters_only(&self) -> bool {
        self.states == 0 && self.reals == 0
    }
}

/// Why a genome's text does not read back.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GenomeError {
    /// A move that is not C or D.
    #[error("not C and D letters: `{0}`")]
    Letters(String),
    /// The wrong number of genes of a kind.
    #[error("{got} {kind}, the representation has {expected}")]
    Length {
        /// "genes" (moves only), "moves", "states" or "numbers".
        kind: &'static str,
        /// Genes read.
        got: usize,
        /// Genes the representation has.
        expected: usize,
    },
    /// A number that does not parse, or is out of its range.
    #[error("{0}")]
    Value(String),
}

impl Genome {
    /// A genome of moves only.
    pub fn of_moves(moves: Vec<Action>) -> Genome {
        Genome {
            moves,
            ..Genome::default()
        }
    }

    /// Its genes in number.
    pub fn layout(&self) -> Layout {
        Layout {
            moves: self.moves.len(),
            states: self.states.len(),
            reals: self.reals.len(),
        }
    }

    /// The text of the genome for a representation of `layout` (see the
    /// module doc).
    pub fn text(&self, layout: Layout) -> String {
        let mut text: String = self.moves.iter().map(|m| m.letter()).collect();
        if !layout.letters_only() {
            let join = |items: Vec<String>| items.join(" ");
            text.push('|');
            text += &join(self.states.iter().map(|s| s.to_string()).collect());
            text.push('|');
            text += &join(self.reals.iter().map(|r| format!("{r:?}")).collect());
        }
        text
    }

    /// Reads `text` as a genome of `layout` (lengths checked, values only
    /// parsed: the representation checks their ranges).
    pub fn parse(text: &str, layout: Layout) -> Result<Genome, GenomeError> {
        let parts: Vec<&str> = if layout.letters_only() {
            vec![text, "", ""]
        } else {
            text.split('|').collect()
        };
        let [letters, states, reals] = parts[..] else {
            return Err(GenomeError::Value(format!(
                "`{text}` is not moves|states|numbers"
            )));
        };
        let moves = letters
            .chars()
            .map(Action::from_letter)
            .collect::<Option<Vec<Action>>>()
            .ok_or_else(|| GenomeError::Letters(letters.to_string()))?;
        let words = |part: &str| -> Vec<String> {
            part.split(' ')
                .filter(|w| !w.is_empty())
                .map(String::from)
                .collect()
        };
        let states = words(states)
            .iter()
            .map(|w| {
                w.parse::<u32>()
                    .map_err(|_| GenomeError::Value(format!("state `{w}` is not a state number")))
            })
            .collect::<Result<Vec<u32>, _>>()?;
        let reals = words(reals)
            .iter()
            .map(|w| {
                w.parse::<f64>()
                    .ok()
                    .filter(|r| r.is_finite())
                    .ok_or_else(|| GenomeError::Value(format!("`{w}` is not a finite number")))
            })
            .collect::<Result<Vec<f64>, _>>()?;
        let genome = Genome {
            moves,
            states,
            reals,
        };
        let got = genome.layout();
        let kinds = [
            (
                if layout.letters_only() {
                    "genes"
                } else {
                    "moves"
                },
                got.moves,
                layout.moves,
            ),
            ("states", got.states, layout.states),
            ("numbers", got.reals, layout.reals),
        ];
        for (kind, got, expected) in kinds {
            if got != expected {
                return Err(GenomeError::Length {
                    kind,
                    got,
                    expected,
                });
            }
        }
        Ok(genome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};

    #[test]
    fn a_genome_reads_back_bit_for_bit_and_moves_alone_are_letters() {
        let moves = Layout {
            moves: 3,
            states: 0,
            reals: 0,
        };
        let g = Genome::of_moves(vec![C, D, D]);
        assert_eq!(g.text(moves), "CDD");
        assert_eq!(Genome::parse("CDD", moves).unwrap(), g);
        assert_eq!(
            Genome::parse("CD", moves).unwrap_err().to_string(),
            "2 genes, the representation has 3"
        );
        let layout = Layout {
            moves: 1,
            states: 2,
            reals: 4,
        };
        let g = Genome {
            moves: vec![D],
            states: vec![3, 0],
            reals: vec![0.1 + 0.2, 1.0 / 3.0, -0.0, 5e-324],
        };
        let text = g.text(layout);
        assert_eq!(
            text,
            "D|3 0|0.30000000000000004 0.3333333333333333 -0.0 5e-324"
        );
        let back = Genome::parse(&text, layout).unwrap();
        let bits = |g: &Genome| g.reals.iter().map(|r| r.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(&back), bits(&g));
        assert_eq!(back.states, g.states);
        let e = Genome::parse("D|3|0.5 0.5 0.5 0.5", layout).unwrap_err();
        assert_eq!(e.to_string(), "1 states, the representation has 2");
        let e = Genome::parse("D|3 0|0.5 x 0.5 0.5", layout).unwrap_err();
        assert_eq!(e.to_string(), "`x` is not a finite number");
        let e = Genome::parse("D|3 0|0.5 NaN 0.5 0.5", layout).unwrap_err();
        assert_eq!(e.to_string(), "`NaN` is not a finite number");
        assert!(Genome::parse("D|3 0", layout).is_err());
    }
}
