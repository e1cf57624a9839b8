//! `[sweep]` in a tournament scenario: the same tournament over a grid of
//! one or two numeric keys.
//!
//! ```toml
//! kind = "tournament"
//! # ... [game], [match], [[players]] as usual: the base tournament
//! [sweep]
//! points = false                 # also write each point's summary.csv and payoff_matrix.csv
//!                                # under points/<k>/ (default false)
//! [sweep.x]
//! key = "match.noise"            # any numeric key of the resolved scenario
//! start = 0.0                    # a grid of `steps` (2 to 1000) evenly spaced values,
//! stop = 0.1                     # start and stop included, rounded to 12 decimals
//! steps = 11
//! [sweep.y]                      # optional second dimension
//! key = "game.payoffs.T"
//! values = [4.0, 5.0, 6.0]       # or explicit values (1 to 1000, no repeats)
//! ```
//!
//! A key is a dotted path into the resolved scenario (`scenario.toml` of a
//! results folder, every default written out): `match.noise`,
//! `match.turns`, `match.continuation`, `match.repetitions`,
//! `game.payoffs.R`/`S`/`T`/`P` (a preset is expanded to its four numbers),
//! `players.<i>.<parameter>` for player i (from 0, scenario order), `seed`.
//! Keys holding integers take whole values only. Every point is validated
//! as the tournament it is (a noise of 1.5 is refused, naming the sweep key
//! and the value), before anything runs.
//!
//! With `[match] method = "exact"` every point is an exact tournament: its
//! players' machines are read again at the point (a swept parameter
//! changes them; a player that is not finite-state is refused naming it),
//! and `seed` and `match.repetitions`, which change nothing there, are
//! refused as keys.
//!
//! Points are numbered `k = ix * ny + iy` (x outer, y inner). Every point
//! uses the scenario's seed, so match (i, j, repetition) draws the same
//! random numbers at every point (common random numbers: differences
//! between points come from the parameter, not from the draws).
//!
//! The work is bounded like every study's (`crate::scenario::work`): the sum
//! over points of matches x expected turns (an exact sweep: of its pairs'
//! chain operations) is refused above the default limit unless
//! `--no-limit` or `[limits] none = true` lifts it.

use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::reader::{TableReader, finite_number};
use crate::scenario::tournament::{Method, TournamentScenario};
use std::path::Path;

/// The most values along one axis.
pub const MAX_AXIS_VALUES: usize = 1000;

/// One dimension of the grid.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepAxis {
    /// Dotted key, e.g. `match.noise`.
    pub key: String,
    /// The values, in grid order.
    pub values: Vec<f64>,
    /// The key holds integers.
    pub integer: bool,
}

/// One grid point: its coordinates (one per axis) and its tournament.
#[derive(Clone, Debug)]
pub struct SweepPoint {
    /// One value per axis.
    pub coordinates: Vec<f64>,
    /// The tournament at this point.
    pub tournament: TournamentScenario,
}

/// A tournament swept over a grid.
#[derive(Clone, Debug)]
pub struct SweepScenario {
    /// The scenario without `[sweep]` (name, seed, output options).
    pub base: TournamentScenario,
    /// One or two axes.
    pub axes: Vec<SweepAxis>,
    /// The grid points, `k = ix * ny + iy`.
    pub points: Vec<SweepPoint>,
    /// Write each point's summary and payoff matrix.
    pub write_points: bool,
}

impl SweepScenario {
    /// Matches over all points.
    pub fn match_count(&self) -> u64 {
        self.points
            .iter()
            .map(|p| p.tournament.tournament().match_count())
            .sum()
    }

    /// Replaces the seed of the base and every point.
    pub fn set_seed(&mut self, seed: u64) {
        self.base.seed = seed;
        for point in &mut self.points {
            point.tournament.seed = seed;
        }
    }

    /// The base scenario's resolved TOML followed by the resolved `[sweep]`
    /// (explicit values), which reads back as the same sweep.
    pub fn resolved_toml(&self) -> String {
        format!(
            "{}\n{}",
            self.base.resolved_toml(),
            sweep_toml(&self.axes, self.write_points)
        )
    }
}

/// The resolved `[sweep]` table (explicit values) as TOML text.
pub(crate) fn sweep_toml(axes: &[SweepAxis], write_points: bool) -> String {
    let mut sweep = toml::Table::new();
    sweep.insert("points".into(), toml::Value::Boolean(write_points));
    for (name, axis) in ["x", "y"].iter().zip(axes) {
        let mut table = toml::Table::new();
        table.insert("key".into(), toml::Value::String(axis.key.clone()));
        let values = axis
            .values
            .iter()
            .map(|&v| {
                if axis.integer {
                    toml::Value::Integer(v as i64)
                } else {
                    toml::Value::Float(v)
                }
            })
            .collect();
        table.insert("values".into(), toml::Value::Array(values));
        sweep.insert(name.to_string(), toml::Value::Table(table));
    }
    let mut top = toml::Table::new();
    top.insert("sweep".into(), toml::Value::Table(sweep));
    toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"))
}

/// Rounds a grid value to 12 decimals (so 0.1 * 3 / 10 is written 0.03).
fn tidy(value: f64) -> f64 {
    format!("{value:.12}").parse().unwrap_or(value)
}

/// The numeric leaves of a resolved scenario, as dotted keys.
fn numeric_keys(prefix: &str, value: &toml::Value, out: &mut Vec<String>) {
    match value {
        toml::Value::Integer(_) | toml::Value::Float(_) => out.push(prefix.to_string()),
        toml::Value::Table(t) => {
            for (k, v) in t {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                numeric_keys(&key, v, out);
            }
        }
        toml::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                numeric_keys(&format!("{prefix}.{i}"), v, out);
            }
        }
        _ => {}
    }
}

/// The value at a dotted key.
fn lookup<'t>(table: &'t mut toml::Value, key: &str) -> Option<&'t mut toml::Value> {
    let mut at = table;
    for part in key.split('.') {
        at = match at {
            toml::Value::Table(t) => t.get_mut(part)?,
            toml::Value::Array(items) => items.get_mut(part.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(at)
}

/// Reads one axis table.
fn read_axis(
    mut axis: TableReader<'_>,
    resolved: &mut toml::Value,
) -> Result<(SweepAxis, usize), ScenarioError> {
    let key = axis.string("key")?.ok_or_else(|| {
        axis.error(
            axis.span().start,
            "key",
            "missing: the dotted key to vary, e.g. \"match.noise\"",
        )
    })?;
    let at = key.span.start;
    // The graph's node numbers are no parameter to sweep.
    let graph_key = key.value == "tournament" || key.value.starts_with("tournament.");
    let found = lookup(resolved, &key.value)
        .filter(|_| !graph_key)
        .map(|v| match v {
            toml::Value::Integer(_) => Some(true),
            toml::Value::Float(_) => Some(false),
            _ => None,
        });
    let integer = match found {
        Some(Some(integer)) => integer,
        found => {
            let mut keys = Vec::new();
            numeric_keys("", resolved, &mut keys);
            keys.retain(|k| !k.starts_with("tournament."));
            let what = if graph_key {
                format!(
                    "`{}` is a player's number in [tournament] edges, not a parameter",
                    key.value
                )
            } else if found.is_some() {
                format!("`{}` is not a number", key.value)
            } else {
                format!("`{}` is not a key of this scenario", key.value)
            };
            return Err(axis.error(
                at,
                "key",
                format!("{what}; numeric keys here: {}", keys.join(", ")),
            ));
        }
    };
    let values_given = axis.array("values")?;
    let start = axis.number("start")?;
    let stop = axis.number("stop")?;
    let steps = axis.integer("steps")?;
    let values = match (values_given, start, stop, steps) {
        (Some(list), None, None, None) => {
            if list.value.is_empty() || list.value.len() > MAX_AXIS_VALUES {
                return Err(axis.error(
                    list.span.start,
                    "values",
                    format!(
                        "needs 1 to {MAX_AXIS_VALUES} values, got {}",
                        list.value.len()
                    ),
                ));
            }
            let mut values = Vec::new();
            for item in list.value {
                let Some(v) = finite_number(item.get_ref()) else {
                    return Err(axis.error(
                        item.span().start,
                        "values",
                        "every value must be a finite number",
                    ));
                };
                if values.contains(&v) {
                    return Err(axis.error(
                        item.span().start,
                        "values",
                        format!("{v} is given twice"),
                    ));
                }
                values.push(v);
            }
            values
        }
        (None, Some(start), Some(stop), Some(steps)) => {
            if steps.value < 2 || steps.value > MAX_AXIS_VALUES as i64 {
                return Err(axis.error(
                    steps.span.start,
                    "steps",
                    format!(
                        "the number of grid values, 2 to {MAX_AXIS_VALUES}, got {}",
                        steps.value
                    ),
                ));
            }
            if start.value == stop.value {
                return Err(axis.error(
                    stop.span.start,
                    "stop",
                    format!("a step of zero: start and stop are both {}; give different ends or one value in `values`", start.value),
                ));
            }
            let n = steps.value as usize;
            (0..n)
                .map(|k| {
                    let t = k as f64 / (n - 1) as f64;
                    tidy(start.value + (stop.value - start.value) * t)
                })
                .collect()
        }
        _ => {
            return Err(axis.error(
                axis.span().start,
                "values",
                "give either `values = [...]` or all of `start`, `stop` and `steps`",
            ));
        }
    };
    if integer {
        if let Some(v) = values
            .iter()
            .find(|v| v.fract() != 0.0 || v.abs() > 2f64.powi(53))
        {
            return Err(axis.error(
                at,
                "key",
                format!("`{}` holds whole numbers; the grid has {v}", key.value),
            ));
        }
    }
    axis.finish()?;
    Ok((
        SweepAxis {
            key: key.value,
            values,
            integer,
        },
        at,
    ))
}

/// Reads `[sweep]` for the tournament `base` read from the same file.
pub fn read_sweep(
    sweep: TableReader<'_>,
    base: TournamentScenario,
    path: &Path,
) -> Result<SweepScenario, ScenarioError> {
    // Expected values draw nothing and play each pair once.
    let inert: &[&str] = match base.method {
        Method::Exact(_) => &["seed", "match.repetitions"],
        Method::Simulate => &[],
    };
    let grid = read_grid(
        sweep,
        &base.resolved_toml(),
        base.settings.payoffs,
        path,
        ("tournament", inert),
        |scenario| match scenario {
            crate::scenario::Scenario::Tournament(t) => Some(t),
            _ => None,
        },
    )?;
    Ok(SweepScenario {
        base,
        axes: grid.axes,
        points: grid
            .points
            .into_iter()
            .map(|(coordinates, tournament)| SweepPoint {
                coordinates,
                tournament,
            })
            .collect(),
        write_points: grid.write_points,
    })
}

/// A grid read from `[sweep]`: its axes and every point's study.
pub(crate) struct Grid<T> {
    /// One or two axes.
    pub axes: Vec<SweepAxis>,
    /// Per point `k = ix * ny + iy`: coordinates and the study.
    pub points: Vec<(Vec<f64>, T)>,
    /// `points = true`.
    pub write_points: bool,
}

/// Reads `[sweep]` against the base study's resolved TOML
/// (`base_resolved`; a payoff preset is expanded to `payoffs`) and re-reads
/// every grid point as a scenario; `pick` takes the study out of it (None:
/// not the kind `what` names). A key in `inert` changes nothing in this
/// study (an exact tournament's `seed`): sweeping it is refused.
pub(crate) fn read_grid<T>(
    mut sweep: TableReader<'_>,
    base_resolved: &str,
    payoffs: crate::ipd::payoffs::Payoffs,
    path: &Path,
    (what, inert): (&str, &[&str]),
    pick: impl Fn(crate::scenario::Scenario) -> Option<T>,
) -> Result<Grid<T>, ScenarioError> {
    let source = sweep.source();
    let write_points = sweep.boolean("points")?.is_some_and(|b| b.value);
    let mut resolved: toml::Value = toml::from_str(base_resolved).map_err(|e| {
        source.invalid(
            sweep.span().start,
            "sweep",
            format!("cannot read the resolved scenario: {e}"),
        )
    })?;
    // A payoff preset becomes its four numbers, so they can be swept.
    if let Some(payoffs_slot) = lookup(&mut resolved, "game.payoffs") {
        let p = payoffs;
        let mut table = toml::Table::new();
        for (key, value) in [("R", p.r), ("S", p.s), ("T", p.t), ("P", p.p)] {
            table.insert(key.into(), toml::Value::Float(value));
        }
        *payoffs_slot = toml::Value::Table(table);
    }
    let x = sweep.table("x")?;
    let y = sweep.table("y")?;
    let Some(x) = x else {
        return Err(sweep.error(
            sweep.span().start,
            "x",
            "missing: [sweep.x] with `key` and `values` (or `start`, `stop`, `steps`); [sweep.y] is optional",
        ));
    };
    let mut axes = vec![read_axis(x, &mut resolved)?];
    if let Some(y) = y {
        axes.push(read_axis(y, &mut resolved)?);
    }
    for (name, (axis, at)) in ["x", "y"].iter().zip(&axes) {
        if inert.contains(&axis.key.as_str()) {
            return Err(source.invalid(
                *at,
                &format!("sweep.{name}.key"),
                format!(
                    "`{}` changes nothing with `[match] method = \"exact\"`: expected \
                     values are computed once per pair, with no random draws and no \
                     repetitions; sweep another key (e.g. match.noise, match.turns, \
                     match.continuation, game.payoffs.T, players.<i>.<parameter>)",
                    axis.key
                ),
            ));
        }
    }
    if let Some((axis, at)) = axes.get(1)
        && axis.key == axes[0].0.key
    {
        return Err(source.invalid(
            *at,
            "sweep.y.key",
            format!(
                "`{}` is already the x axis; sweep two different keys",
                axis.key
            ),
        ));
    }
    sweep.finish()?;
    let sizes: Vec<usize> = axes.iter().map(|(a, _)| a.values.len()).collect();
    let count: usize = sizes.iter().product();
    let mut points = Vec::with_capacity(count);
    for k in 0..count {
        let index = if sizes.len() == 2 {
            vec![k / sizes[1], k % sizes[1]]
        } else {
            vec![k]
        };
        let mut table = resolved.clone();
        let mut coordinates = Vec::new();
        for ((axis, _), &i) in axes.iter().zip(&index) {
            let v = axis.values[i];
            coordinates.push(v);
            if let Some(slot) = lookup(&mut table, &axis.key) {
                *slot = if axis.integer {
                    toml::Value::Integer(v as i64)
                } else {
                    toml::Value::Float(v)
                };
            }
        }
        let text = toml::to_string(&table).unwrap_or_default();
        let point_source = Source {
            path: path.to_path_buf(),
            text,
        };
        let point = match crate::scenario::parse(&point_source, path) {
            Ok(loaded) => {
                let name = loaded.scenario.name().to_string();
                match pick(loaded.scenario) {
                    Some(study) => study,
                    None => {
                        return Err(source.invalid(
                            axes[0].1,
                            "sweep",
                            format!("a grid point reads back as `{name}`, not a {what}"),
                        ));
                    }
                }
            }
            Err(e) => {
                let at = &axes[0].1;
                let at_point: Vec<String> = axes
                    .iter()
                    .zip(&coordinates)
                    .map(|((a, _), v)| format!("{} = {v}", a.key))
                    .collect();
                let reason = match e {
                    ScenarioError::Invalid { field, message, .. } => format!("{field}: {message}"),
                    other => other.to_string(),
                };
                return Err(source.invalid(
                    *at,
                    "sweep.x.key",
                    format!(
                        "the grid point {} is not a valid {what}: {reason}",
                        at_point.join(", ")
                    ),
                ));
            }
        };
        points.push((coordinates, point));
    }
    Ok(Grid {
        axes: axes.into_iter().map(|(a, _)| a).collect(),
        points,
        write_points,
    })
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

    const EXACT: &str = r#"
kind = "tournament"
[match]
method = "exact"
turns = 10
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "gtft"
p = 0.2
"#;

    #[test]
    fn an_exact_sweep_reads_every_point_s_machines_again() {
        let text = format!("{EXACT}[sweep.x]\nkey = \"players.1.p\"\nvalues = [0.1, 0.6]\n");
        let Scenario::Sweep(sweep) = load(&text).unwrap() else {
            panic!("a sweep")
        };
        // GTFT forgives with p after a defection: its machine carries p.
        let forgiving = |k: usize| {
            let machines = sweep.points[k].tournament.machines();
            assert_eq!(machines.len(), 2);
            machines[1]
                .states
                .iter()
                .map(|s| s.cooperate.float)
                .fold(f64::INFINITY, f64::min)
        };
        assert_eq!(forgiving(0), 0.1);
        assert_eq!(forgiving(1), 0.6);
        assert!(sweep.base.machines().len() == 2);
    }

    #[test]
    fn an_exact_sweep_refuses_keys_that_change_nothing() {
        for (axis, key) in [("x", "match.repetitions"), ("y", "seed")] {
            let mut text =
                format!("{EXACT}[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.1]\n");
            if axis == "x" {
                text = text.replace("match.noise", key).replace("0.0, 0.1", "1, 2");
            } else {
                text += &format!("[sweep.y]\nkey = \"{key}\"\nvalues = [1, 2]\n");
            }
            let error = load(&text).unwrap_err();
            assert!(
                error.contains(&format!("sweep.{axis}.key")) && error.contains("changes nothing"),
                "{error}"
            );
            // A simulated tournament sweeps them as before.
            assert!(load(&text.replace("method = \"exact\"\n", "")).is_ok());
        }
    }
}
