//! Every analysis of one guessing game in one value: elimination,
//! equilibria, level-k, cognitive hierarchy and the simulation, as the
//! command line and scenario runs report them.
//!
//! Invariant: a pure function of (game, settings).

use crate::dilemmas::guess::cognitive_hierarchy::{CognitiveHierarchy, cognitive_hierarchy};
use crate::dilemmas::guess::elimination::{Elimination, eliminate};
use crate::dilemmas::guess::equilibria::{DEFAULT_BUDGET, EquilibriumReport, equilibria};
use crate::dilemmas::guess::game::GuessGame;
use crate::dilemmas::guess::level_k::level_k;
use crate::dilemmas::guess::simulation::{Simulation, SimulationSettings, simulate};
use crate::normal_form::rational::Rational;

/// Largest number of level-k levels and elimination rounds accepted.
pub const MAX_LEVELS: i64 = 200;

/// What to compute besides the game itself.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisSettings {
    /// Level-k levels beyond level 0.
    pub levels: usize,
    /// Poisson mean of the cognitive hierarchy (and of the simulation).
    pub tau: f64,
    /// Most elimination rounds (continuous bounds shrink for ever).
    pub elimination_rounds: usize,
    /// The simulation.
    pub simulation: SimulationSettings,
}

/// All results.
#[derive(Clone, Debug)]
pub struct GuessAnalysis {
    /// The game.
    pub game: GuessGame,
    /// The settings.
    pub settings: AnalysisSettings,
    /// Iterated elimination.
    pub elimination: Elimination,
    /// Pure equilibria.
    pub equilibria: EquilibriumReport,
    /// Level-k choices, level 0 first.
    pub level_k: Vec<Rational>,
    /// The cognitive-hierarchy prediction.
    pub cognitive_hierarchy: CognitiveHierarchy,
    /// The simulation.
    pub simulation: Simulation,
}

/// Runs every analysis. `tau` must already be valid (0 to 100).
pub fn analyse(
    game: &GuessGame,
    settings: &AnalysisSettings,
) -> Result<GuessAnalysis, crate::dilemmas::guess::cognitive_hierarchy::TauError> {
    let ch = cognitive_hierarchy(game, settings.tau)?;
    Ok(GuessAnalysis {
        game: *game,
        settings: *settings,
        elimination: eliminate(game, settings.elimination_rounds),
        equilibria: equilibria(game, DEFAULT_BUDGET),
        level_k: level_k(game, settings.levels),
        cognitive_hierarchy: ch,
        simulation: simulate(game, &settings.simulation),
    })
}
