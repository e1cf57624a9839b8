//! `[sweep]` in a `moran`, `ecological` or `invasion` scenario: the same
//! study over a grid of one or two numeric keys.
//!
//! The `[sweep]` table is the tournament sweep's (`crate::scenario::sweep`:
//! `points`, `[sweep.x]`, optional `[sweep.y]`, each `key` with `values` or
//! `start`/`stop`/`steps`). A key is a dotted path into the study's resolved
//! scenario, e.g. for a Moran study `moran.mutation`, `moran.runs`,
//! `moran.steps` (when set), `players.<i>.count`, `players.<i>.<parameter>`,
//! `match.noise`, `match.turns`, `game.payoffs.T`; for an ecological study
//! `dynamics.steps`, `dynamics.dt` (continuous time), `match.repetitions`
//! and the tournament's keys; for an invasion analysis `population.size`,
//! `selection.beta` and, when it plays a tournament, the tournament's keys
//! (a sweep's point is its fixation probabilities and stationary
//! distribution: `[curve]`, `[gradient]` and `[alpharank]` belong to a
//! single analysis and are not computed at the points). Keys holding
//! integers take whole values only.
//! Every point is re-read as the study it is (a Moran mutation above 0
//! without `moran.steps`, a lattice that no longer fits the population, a
//! noise of 1.5 are refused naming the sweep key and the value) before
//! anything runs.
//!
//! Every point uses the scenario's seed (common random numbers): Moran run r
//! draws from the generator keyed by (seed, r) at every point, and match
//! (i, j, repetition) of an ecological point draws the same numbers at every
//! point. The work of the whole grid is bounded by `crate::scenario::work`.

use crate::output::charts::ChartStyle;
use crate::scenario::error::ScenarioError;
use crate::scenario::invasion::InvasionPayoffs;
use crate::scenario::reader::TableReader;
use crate::scenario::sweep::{SweepAxis, read_grid, sweep_toml};
use crate::scenario::tournament::Method;
use crate::scenario::{EcologicalScenario, InvasionScenario, MoranScenario, Scenario};
use std::path::Path;

/// One grid point: its coordinates (one per axis) and its study.
#[derive(Clone, Debug)]
pub struct StudyPoint<T> {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// The study at this point.
    pub study: T,
}

/// A study swept over a grid.
#[derive(Clone, Debug)]
pub struct StudySweep<T> {
    /// The scenario without `[sweep]`.
    pub base: T,
    /// One or two axes.
    pub axes: Vec<SweepAxis>,
    /// The grid points, `k = ix * ny + iy`.
    pub points: Vec<StudyPoint<T>>,
    /// Write each point's usual files under `points/<k>/`.
    pub write_points: bool,
}

impl<T> StudySweep<T> {
    fn from_grid(base: T, grid: crate::scenario::sweep::Grid<T>) -> Self {
        StudySweep {
            base,
            axes: grid.axes,
            points: grid
                .points
                .into_iter()
                .map(|(coordinates, study)| StudyPoint { coordinates, study })
                .collect(),
            write_points: grid.write_points,
        }
    }

    /// The swept keys with their integer flags.
    pub fn keys(&self) -> Vec<(String, bool)> {
        self.axes
            .iter()
            .map(|a| (a.key.clone(), a.integer))
            .collect()
    }

    /// Values per axis.
    pub fn sizes(&self) -> Vec<usize> {
        self.axes.iter().map(|a| a.values.len()).collect()
    }
}

/// A Moran, ecological or invasion study over a grid.
#[derive(Clone, Debug)]
pub enum EvolutionSweep {
    /// `kind = "moran"` with `[sweep]`.
    Moran(StudySweep<MoranScenario>),
    /// `kind = "ecological"` with `[sweep]`.
    Ecological(StudySweep<EcologicalScenario>),
    /// `kind = "invasion"` with `[sweep]`.
    Invasion(StudySweep<InvasionScenario>),
}

impl EvolutionSweep {
    /// The results folder name.
    pub fn name(&self) -> &str {
        match self {
            EvolutionSweep::Moran(s) => &s.base.name,
            EvolutionSweep::Ecological(s) => &s.base.tournament.name,
            EvolutionSweep::Invasion(s) => &s.base.name,
        }
    }

    /// `moran` or `ecological`.
    pub fn kind(&self) -> &'static str {
        match self {
            EvolutionSweep::Moran(_) => "moran",
            EvolutionSweep::Ecological(_) => "ecological",
            EvolutionSweep::Invasion(_) => "invasion",
        }
    }

    /// The master seed.
    pub fn seed(&self) -> u64 {
        match self {
            EvolutionSweep::Moran(s) => s.base.seed,
            EvolutionSweep::Ecological(s) => s.base.tournament.seed,
            EvolutionSweep::Invasion(s) => s.base.seed,
        }
    }

    /// The `[output]` chart style.
    pub fn chart_style(&self) -> ChartStyle {
        match self {
            EvolutionSweep::Moran(s) => s.base.chart_style,
            EvolutionSweep::Ecological(s) => s.base.tournament.chart_style,
            EvolutionSweep::Invasion(s) => s.base.chart_style,
        }
    }

    /// Number of grid points.
    pub fn point_count(&self) -> usize {
        match self {
            EvolutionSweep::Moran(s) => s.points.len(),
            EvolutionSweep::Ecological(s) => s.points.len(),
            EvolutionSweep::Invasion(s) => s.points.len(),
        }
    }

    /// Replaces the seed of the base and every point (random initial
    /// shares of an ecological study are drawn again from the new seed).
    pub fn set_seed(&mut self, seed: u64) {
        match self {
            EvolutionSweep::Moran(s) => {
                s.base.seed = seed;
                for p in &mut s.points {
                    p.study.seed = seed;
                }
            }
            EvolutionSweep::Ecological(s) => {
                let mut base = Scenario::Ecological(Box::new(s.base.clone()));
                base.set_seed(seed);
                let Scenario::Ecological(base) = base else {
                    return;
                };
                s.base = *base;
                let random = s.base.initial_rule.starts_with("random");
                for p in &mut s.points {
                    p.study.tournament.seed = seed;
                    if random {
                        p.study.initial = s.base.initial.clone();
                    }
                }
            }
            EvolutionSweep::Invasion(s) => {
                s.base.set_seed(seed);
                for p in &mut s.points {
                    p.study.set_seed(seed);
                }
            }
        }
    }

    /// The base study's resolved TOML followed by the resolved `[sweep]`.
    pub fn resolved_toml(&self) -> String {
        let (base, axes, write_points) = match self {
            EvolutionSweep::Moran(s) => (s.base.resolved_toml(), &s.axes, s.write_points),
            EvolutionSweep::Ecological(s) => (s.base.resolved_toml(), &s.axes, s.write_points),
            EvolutionSweep::Invasion(s) => (s.base.resolved_toml(), &s.axes, s.write_points),
        };
        format!("{base}\n{}", sweep_toml(axes, write_points))
    }
}

/// Reads `[sweep]` of the Moran study `base` read from the same file.
pub fn read_moran_sweep(
    sweep: TableReader<'_>,
    base: MoranScenario,
    path: &Path,
) -> Result<EvolutionSweep, ScenarioError> {
    let grid = read_grid(
        sweep,
        &base.resolved_toml(),
        base.settings.payoffs,
        path,
        ("Moran study", &[]),
        |scenario| match scenario {
            Scenario::Moran(m) => Some(*m),
            _ => None,
        },
    )?;
    Ok(EvolutionSweep::Moran(StudySweep::from_grid(base, grid)))
}

/// Reads `[sweep]` of the ecological study `base` read from the same file.
pub fn read_ecological_sweep(
    sweep: TableReader<'_>,
    base: EcologicalScenario,
    path: &Path,
) -> Result<EvolutionSweep, ScenarioError> {
    // Expected payoffs draw nothing (the initial shares are written out in
    // the resolved scenario, so the seed does not draw them again).
    let inert: &[&str] = match base.tournament.method {
        crate::scenario::tournament::Method::Exact(_) => &["seed", "match.repetitions"],
        crate::scenario::tournament::Method::Simulate => &[],
    };
    let grid = read_grid(
        sweep,
        &base.resolved_toml(),
        base.tournament.settings.payoffs,
        path,
        ("ecological study", inert),
        |scenario| match scenario {
            Scenario::Ecological(e) => Some(*e),
            _ => None,
        },
    )?;
    Ok(EvolutionSweep::Ecological(StudySweep::from_grid(
        base, grid,
    )))
}

/// Reads `[sweep]` of the invasion analysis `base` read from the same file.
/// The points compute no `[curve]` or `[gradient]` (a sweep's chart is the
/// abundance against its own keys).
pub fn read_invasion_sweep(
    sweep: TableReader<'_>,
    base: InvasionScenario,
    path: &Path,
) -> Result<EvolutionSweep, ScenarioError> {
    // A table or expected payoffs draw nothing.
    let (payoffs, inert): (_, &[&str]) = match &base.payoffs {
        InvasionPayoffs::Table { .. } => (crate::ipd::payoffs::Payoffs::STANDARD, &["seed"]),
        InvasionPayoffs::Tournament(t) => match t.method {
            Method::Exact(_) => (t.settings.payoffs, &["seed", "match.repetitions"]),
            Method::Simulate => (t.settings.payoffs, &[]),
        },
    };
    let single = |mut s: InvasionScenario| {
        s.curve = None;
        s.gradient.clear();
        s
    };
    let grid = read_grid(
        sweep,
        &base.resolved_toml(),
        payoffs,
        path,
        ("invasion analysis", inert),
        |scenario| match scenario {
            Scenario::Invasion(s) => Some(single(*s)),
            _ => None,
        },
    )?;
    Ok(EvolutionSweep::Invasion(StudySweep::from_grid(
        single(base),
        grid,
    )))
}

#[cfg(test)]
mod tests {
    use crate::scenario::{Scenario, Source, parse};

    fn load(text: &str) -> Result<Scenario, String> {
        let source = Source {
            path: "t.toml".into(),
            text: text.into(),
        };
        parse(&source, std::path::Path::new("t.toml"))
            .map(|l| l.scenario)
            .map_err(|e| e.to_string())
    }

    const MORAN: &str = r#"
kind = "moran"
[match]
turns = 10
[moran]
runs = 20
[[players]]
strategy = "tit-for-tat"
count = 1
[[players]]
strategy = "defector"
count = 3
"#;

    #[test]
    fn a_moran_point_is_the_study_with_that_value() {
        let text = format!(
            "{MORAN}[sweep.x]\nkey = \"players.1.count\"\nvalues = [2, 5]\n[sweep.y]\nkey = \"game.payoffs.T\"\nvalues = [4.0, 6.0]\n"
        );
        let Scenario::EvolutionSweep(sweep) = load(&text).unwrap() else {
            panic!("not a sweep")
        };
        let super::EvolutionSweep::Moran(s) = *sweep else {
            panic!("not Moran")
        };
        assert_eq!(s.points.len(), 4);
        let p = &s.points[3].study;
        assert_eq!(s.points[3].coordinates, vec![5.0, 6.0]);
        assert_eq!(p.population[1].1, 5);
        assert_eq!(p.process.size(), 6);
        assert_eq!(p.settings.payoffs.t, 6.0);
        assert_eq!(s.points[0].study.process.size(), 3);
        // The resolved scenario reads back as the same grid.
        let again = load(
            &Scenario::EvolutionSweep(Box::new(super::EvolutionSweep::Moran(s.clone())))
                .resolved_toml(),
        )
        .unwrap();
        let Scenario::EvolutionSweep(again) = again else {
            panic!()
        };
        let super::EvolutionSweep::Moran(again) = *again else {
            panic!()
        };
        assert_eq!(again.axes, s.axes);
    }

    #[test]
    fn a_point_that_is_not_a_valid_study_is_refused_naming_key_and_value() {
        let text = format!("{MORAN}[sweep.x]\nkey = \"moran.mutation\"\nvalues = [0.0, 0.1]\n");
        let e = load(&text).unwrap_err();
        assert!(
            e.contains("moran.mutation = 0.1") && e.contains("not a valid Moran study"),
            "{e}"
        );
        let text = format!("{MORAN}[sweep.x]\nkey = \"moran.runs\"\nvalues = [10, 2.5]\n");
        let e = load(&text).unwrap_err();
        assert!(
            e.contains("moran.runs") && e.contains("whole numbers"),
            "{e}"
        );
    }
}
