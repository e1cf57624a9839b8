//! A sweep of one boxed-pigs parameter over a grid of exact values,
//! recording the equilibrium set at each value (the `sweep.csv` table).
//! The exact regions between grid values are in
//! [`crate::dilemmas::pigs::regions`].

use crate::dilemmas::pigs::game::{PigsError, PigsGame};
use crate::dilemmas::pigs::outcome::Outcome;
use crate::normal_form::analysis::{AnalysisError, analyse};
use crate::normal_form::rational::{ArithmeticError, Rational};

/// One sweep point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepPoint {
    /// Parameter value.
    pub value: Rational,
    /// The equilibria there.
    pub outcome: Outcome,
}

/// Why a sweep failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// Unknown parameter.
    #[error(
        "unknown parameter `{0}` (allowed: food, cost, big_presses, small_presses, both_press)"
    )]
    Parameter(String),
    /// The same parameter on both axes of a map.
    #[error("a region map needs two different parameters, got `{0}` twice")]
    SameParameter(String),
    /// A value gave an invalid game.
    #[error(transparent)]
    Pigs(#[from] PigsError),
    /// Analysis failed.
    #[error(transparent)]
    Analysis(#[from] AnalysisError),
    /// Arithmetic failed.
    #[error(transparent)]
    Arithmetic(#[from] ArithmeticError),
    /// Bad grid.
    #[error("the sweep needs from < to and 1 to 1000 steps (at most 400 per axis of a 2-D map)")]
    Grid,
    /// The payoffs were not affine (bilinear) in the swept parameters; the
    /// exact boundary computation relies on it.
    #[error("internal error: the incentives are not affine in {0}")]
    NotAffine(String),
}

/// Sweeps `parameter` over `steps + 1` equally spaced exact values.
pub fn sweep(
    base: &PigsGame,
    parameter: &str,
    from: Rational,
    to: Rational,
    steps: u32,
) -> Result<Vec<SweepPoint>, SweepError> {
    if from >= to || steps == 0 || steps > 1000 {
        return Err(SweepError::Grid);
    }
    let width = to.sub(from)?.div(Rational::int(i128::from(steps)))?;
    let mut out = Vec::new();
    for k in 0..=steps {
        let value = from.add(width.mul(Rational::int(i128::from(k)))?)?;
        let game = base
            .with(parameter, value)
            .ok_or_else(|| SweepError::Parameter(parameter.to_string()))??;
        let analysis = analyse(&game.bimatrix()?)?;
        out.push(SweepPoint {
            value,
            outcome: Outcome::of(&analysis),
        });
    }
    Ok(out)
}
