//! Building a guess game and its analysis settings from raw values (command
//! line options or scenario fields), with errors that name the field at
//! fault. Pure: shared by `dilemma guess` and the `guess` scenario kind.

use crate::dilemmas::guess::analysis::{AnalysisSettings, MAX_LEVELS};
use crate::dilemmas::guess::simulation::{MAX_WORK, SimulationSettings};
use crate::dilemmas::guess::{Choices, GuessGame, Rounding};
use crate::normal_form::rational::Rational;

/// Builds and checks a game from its textual parts; messages name the option.
#[allow(clippy::too_many_arguments)]
pub fn build(
    p: &str,
    lo: i64,
    hi: i64,
    choices: &str,
    rounding: &str,
    players: i64,
) -> Result<GuessGame, (&'static str, String)> {
    let ratio = Rational::parse(p).map_err(|_| {
        (
            "p",
            format!("must be a positive number such as 2/3, 0.5 or 4/3, got `{p}`"),
        )
    })?;
    let choices = Choices::parse(choices).ok_or((
        "choices",
        format!("unknown `{choices}` (allowed: {})", Choices::NAMES),
    ))?;
    let rounding = Rounding::parse(rounding).ok_or((
        "rounding",
        format!("unknown `{rounding}` (allowed: {})", Rounding::NAMES),
    ))?;
    GuessGame::new(ratio, lo, hi, choices, rounding, players).map_err(|e| {
        let field = match e {
            crate::dilemmas::guess::GuessError::P { .. } => "p",
            crate::dilemmas::guess::GuessError::Range { .. } => "range",
            crate::dilemmas::guess::GuessError::Players { .. } => "players",
            crate::dilemmas::guess::GuessError::RoundingNeedsIntegers => "rounding",
        };
        (field, e.to_string())
    })
}

/// Checks the analysis settings; messages name the option.
pub fn settings(
    game: &GuessGame,
    levels: i64,
    tau: f64,
    elimination_rounds: i64,
    rounds: i64,
    noise: f64,
    seed: u64,
) -> Result<AnalysisSettings, (&'static str, String)> {
    let all = [levels, elimination_rounds, rounds];
    settings_within(game, all, tau, noise, seed, MAX_WORK as u128)
}

/// As [`settings`] (`[levels, elimination_rounds, rounds]`), with the
/// simulation's players x rounds at most `max_work` (`--no-limit`).
pub fn settings_within(
    game: &GuessGame,
    [levels, elimination_rounds, rounds]: [i64; 3],
    tau: f64,
    noise: f64,
    seed: u64,
    max_work: u128,
) -> Result<AnalysisSettings, (&'static str, String)> {
    if !(0..=MAX_LEVELS).contains(&levels) {
        return Err((
            "levels",
            format!("must be a whole number from 0 to {MAX_LEVELS}, got {levels}"),
        ));
    }
    if !(1..=MAX_LEVELS).contains(&elimination_rounds) {
        return Err((
            "elimination-rounds",
            format!("must be a whole number from 1 to {MAX_LEVELS}, got {elimination_rounds}"),
        ));
    }
    if !tau.is_finite() || !(0.0..=100.0).contains(&tau) {
        return Err((
            "tau",
            format!("the mean thinking level must be a number from 0 to 100, got {tau}"),
        ));
    }
    let simulation = SimulationSettings::new_within(game, rounds, tau, noise, seed, max_work)
        .map_err(|e| {
            let field = match e {
                crate::dilemmas::guess::simulation::SimulationError::Rounds { .. } => "rounds",
                crate::dilemmas::guess::simulation::SimulationError::Noise { .. } => "noise",
                _ => "players",
            };
            (field, e.to_string())
        })?;
    Ok(AnalysisSettings {
        levels: levels as usize,
        tau,
        elimination_rounds: elimination_rounds as usize,
        simulation,
    })
}

#[cfg(test)]
mod tests {
    use super::build;

    #[test]
    fn p_is_read_as_an_exact_rational() {
        for (text, num, den) in [
            ("2/3", 2, 3),
            ("0.5", 1, 2),
            (" 4/3 ", 4, 3),
            ("1.25/0.5", 5, 2),
        ] {
            let game = build(text, 0, 100, "integer", "exact", 10).unwrap();
            assert_eq!((game.p.numer(), game.p.denom()), (num, den), "{text}");
        }
        for bad in ["abc", "1/0", "", "1/2/3", "-2/3", "0"] {
            let (field, _) = build(bad, 0, 100, "integer", "exact", 10).unwrap_err();
            assert_eq!(field, "p", "{bad}");
        }
    }
}
