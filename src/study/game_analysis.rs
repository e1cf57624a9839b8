//! A normal-form analysis as a study takes it: within the size limit (or
//! not, `--no-limit`), and an error the input causes (an exact analysis
//! that overflows, a game too large) is bad input naming where the payoffs
//! were written; any other failure is a failure of the run.

use crate::normal_form::analysis::{Analysis, AnalysisError, analyse_with_limit};
use crate::normal_form::game::Bimatrix;
use crate::scenario::error::ScenarioError;
use crate::study::StudyError;
use crate::study::error::shown;
use std::path::Path;

/// Where a game's payoffs were written, so that an error they cause (an
/// exact analysis that overflows, a game too large) names the place.
pub enum PayoffsAt<'a> {
    /// A field of a TOML file: a [`ScenarioError::Invalid`] whose message
    /// is replaced (`row_payoffs` of a game file, `game` or
    /// `game.row_payoffs` of a scenario).
    Field(&'a ScenarioError),
    /// The payoffs of a Gambit .nfg file, from this line and column.
    Nfg(&'a Path, usize, usize),
}

impl PayoffsAt<'_> {
    fn locate(&self, message: String) -> String {
        match self {
            PayoffsAt::Field(ScenarioError::Invalid {
                path,
                line,
                column,
                field,
                ..
            }) => ScenarioError::Invalid {
                path: path.clone(),
                line: *line,
                column: *column,
                field: field.clone(),
                message,
            }
            .to_string(),
            PayoffsAt::Field(other) => format!("{other}: {message}"),
            PayoffsAt::Nfg(path, line, column) => {
                format!(
                    "{}: line {line}, column {column}: the payoffs: {message}",
                    shown(path)
                )
            }
        }
    }
}

/// Analyses a game within the size limit (an error names no place).
pub fn analyse_game(game: &Bimatrix) -> Result<Analysis, StudyError> {
    analyse_game_limited(game, true, None)
}

/// [`analyse_game`], with the size limit checked or (`--no-limit`) not;
/// an error the input causes names where the payoffs are, when known.
pub fn analyse_game_limited(
    game: &Bimatrix,
    limited: bool,
    at: Option<PayoffsAt<'_>>,
) -> Result<Analysis, StudyError> {
    analyse_with_limit(game, limited).map_err(|e| {
        let message = format!("{}: {e}", game.title);
        if e.is_input_limit() {
            // Caused by the payoffs or the size the user gave: bad input.
            let allowed = if matches!(e, AnalysisError::TooLarge { .. }) {
                "a smaller game"
            } else {
                "payoffs whose exact analysis fits 128-bit integers: fewer digits, simpler \
                 fractions or fewer strategies"
            };
            StudyError::Input(match at {
                Some(at) => at.locate(format!("{message} (allowed: {allowed})")),
                // Pigs and travelers: payoffs made from their parameters.
                None => {
                    format!("{message} (caused by the game's payoffs or size; allowed: {allowed})")
                }
            })
        } else {
            StudyError::Failed(message)
        }
    })
}
