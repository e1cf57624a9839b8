//! A sweep of one boxed-pigs parameter over a grid of exact values,
//! recording which pure-strategy profiles are equilibria at each value and
//! whether a mixed equilibrium or a continuum appears. Consecutive values
//! with the same answer are merged into regions for the region chart.

use crate::dilemmas::pigs::game::{PigsError, PigsGame};
use crate::normal_form::analysis::{AnalysisError, analyse};
use crate::normal_form::rational::{ArithmeticError, Rational};

/// One sweep point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepPoint {
    /// Parameter value.
    pub value: Rational,
    /// Label of the equilibrium set, e.g. "(Press, Wait)" or
    /// "(Press, Press) + (Wait, Press) + mixed".
    pub label: String,
    /// Whether the game is degenerate there.
    pub degenerate: bool,
}

/// Why a sweep failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SweepError {
    /// Unknown parameter.
    #[error(
        "unknown parameter `{0}` (allowed: food, cost, big_presses, small_presses, both_press)"
    )]
    Parameter(String),
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
    #[error("the sweep needs from < to and 1 to 1000 steps")]
    Grid,
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
        let g = &analysis.game;
        let mut parts: Vec<String> = analysis
            .pure
            .iter()
            .map(|&(i, j)| format!("({}, {})", g.rows[i], g.cols[j]))
            .collect();
        if analysis.equilibria.extreme.iter().any(|e| !e.is_pure()) {
            parts.push("mixed".into());
        }
        let mut label = parts.join(" + ");
        if analysis.equilibria.has_continuum() {
            label.push_str(" (continuum)");
        }
        out.push(SweepPoint {
            value,
            label,
            degenerate: analysis.equilibria.degenerate,
        });
    }
    Ok(out)
}
