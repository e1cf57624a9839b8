//! The `ecological` scenario kind (alias `replicator`): a tournament whose
//! payoff matrix (mean score per turn) drives replicator dynamics.
//!
//! Everything of a `tournament` scenario (`[game]`, `[match]`, `[[players]]`,
//! `[output]`; `[match] method = "exact"` takes every pair's expected score
//! per turn from the joint chain of the two players' machines instead of
//! playing the matches, each player refused up front, by name, when it is
//! not finite-state) plus:
//!
//! ```toml
//! [dynamics]
//! time = "discrete"     # "discrete" (default; the axelrod Ecosystem update) or "continuous"
//! dt = 0.1              # step length of continuous time (default 0.1)
//! steps = 100           # default 100
//! initial = "uniform"   # "uniform" (default), "random" (seeded), or shares [0.2, 0.8, ...]
//! ```

use crate::evolution::replicator::{ReplicatorKind, random_shares};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use crate::scenario::tournament::{TournamentScenario, read_tournament};
use toml::de::DeValue;

/// Default number of steps.
pub const DEFAULT_STEPS: u32 = 100;
/// Most steps accepted.
pub const MAX_STEPS: u32 = 10_000_000;

/// A validated ecological scenario.
#[derive(Clone, Debug)]
pub struct EcologicalScenario {
    /// The tournament that gives the payoff matrix.
    pub tournament: TournamentScenario,
    /// Time rule.
    pub kind: ReplicatorKind,
    /// Steps.
    pub steps: u32,
    /// How the initial shares were given.
    pub initial_rule: String,
    /// Initial shares (normalised).
    pub initial: Vec<f64>,
}

impl EcologicalScenario {
    /// The scenario with defaults written out.
    pub fn resolved_toml(&self) -> String {
        let base = self.tournament.resolved_toml().replacen(
            "kind = \"tournament\"",
            "kind = \"ecological\"",
            1,
        );
        let mut dynamics = toml::Table::new();
        match self.kind {
            ReplicatorKind::Discrete => {
                dynamics.insert("time".into(), "discrete".into());
            }
            ReplicatorKind::Continuous { dt } => {
                dynamics.insert("time".into(), "continuous".into());
                dynamics.insert("dt".into(), dt.into());
            }
        }
        dynamics.insert("steps".into(), (self.steps as i64).into());
        dynamics.insert(
            "initial".into(),
            self.initial
                .iter()
                .map(|&v| toml::Value::Float(v))
                .collect::<Vec<_>>()
                .into(),
        );
        let mut wrapper = toml::Table::new();
        wrapper.insert("dynamics".into(), dynamics.into());
        format!(
            "{base}\n# initial shares: {}\n{}",
            self.initial_rule,
            toml::to_string(&wrapper).unwrap_or_default()
        )
    }
}

/// The rule that names the given shares `initial`: "uniform" or "random (seed S)" when
/// they are exactly the shares that rule gives (as in a results folder's own
/// `scenario.toml`, which writes the shares out: run again, it says what the first run
/// said, and `--seed` draws random shares afresh as it would from the original file),
/// else "given".
fn given_rule(initial: &[f64], seed: u64) -> String {
    let k = initial.len();
    if initial == vec![1.0 / k as f64; k] {
        "uniform".into()
    } else if initial == random_shares(k, seed) {
        format!("random (seed {seed})")
    } else {
        "given".into()
    }
}

/// Reads an ecological scenario.
pub fn read_ecological(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
    warnings: &mut Vec<String>,
) -> Result<EcologicalScenario, ScenarioError> {
    let tournament = read_tournament(top, name, seed, warnings)?;
    let k = tournament.players.len();
    let mut kind = ReplicatorKind::Discrete;
    let mut steps = DEFAULT_STEPS;
    let mut initial = vec![1.0 / k as f64; k];
    let mut initial_rule = "uniform".to_string();
    if let Some(mut table) = top.table("dynamics")? {
        let time = table.string("time")?;
        let dt = table.number("dt")?;
        match time.as_ref().map(|t| t.value.as_str()) {
            None | Some("discrete") => {
                if let Some(dt) = &dt {
                    return Err(table.error(
                        dt.span.start,
                        "dt",
                        "`dt` is for time = \"continuous\"",
                    ));
                }
            }
            Some("continuous") => {
                let step = dt.as_ref().map_or(0.1, |d| d.value);
                if !(step > 0.0 && step <= 10.0) {
                    let at = dt.as_ref().map_or(0, |d| d.span.start);
                    return Err(table.error(
                        at,
                        "dt",
                        format!("must be above 0 and at most 10, got {step}"),
                    ));
                }
                kind = ReplicatorKind::Continuous { dt: step };
            }
            Some(other) => {
                let at = time.as_ref().map_or(0, |t| t.span.start);
                return Err(table.error(
                    at,
                    "time",
                    format!("unknown time `{other}` (allowed: \"discrete\", \"continuous\")"),
                ));
            }
        }
        if let Some(s) = table.count("steps", 1)? {
            if s.value > MAX_STEPS {
                return Err(table.error(
                    s.span.start,
                    "steps",
                    format!("at most {MAX_STEPS}, got {}", s.value),
                ));
            }
            steps = s.value;
        }
        if let Some(value) = table.value("initial") {
            let at = value.span().start;
            match value.get_ref() {
                DeValue::String(s) if s == "uniform" => {}
                DeValue::String(s) if s == "random" => {
                    initial = random_shares(k, seed);
                    initial_rule = format!("random (seed {seed})");
                }
                DeValue::Array(items) => {
                    if items.len() != k {
                        return Err(table.error(
                            at,
                            "initial",
                            format!(
                                "{} shares for {k} players; give one per player",
                                items.len()
                            ),
                        ));
                    }
                    let mut shares = Vec::new();
                    for item in items.iter() {
                        let v = match item.get_ref() {
                            DeValue::Integer(i) => i.as_str().parse::<f64>().ok(),
                            DeValue::Float(f) => f.as_str().parse::<f64>().ok(),
                            _ => None,
                        };
                        match v {
                            Some(v) if v.is_finite() && v >= 0.0 => shares.push(v),
                            _ => {
                                return Err(table.error(
                                    item.span().start,
                                    "initial",
                                    "every share must be a number of at least 0",
                                ));
                            }
                        }
                    }
                    let total: f64 = shares.iter().sum();
                    if total <= 0.0 {
                        return Err(table.error(at, "initial", "shares must not all be 0"));
                    }
                    // Shares that already sum to 1 (up to rounding) are kept
                    // as given, so a resolved scenario.toml reads back as the
                    // same shares (normalising again could move the last bit).
                    initial = if (total - 1.0).abs() <= 1e-9 {
                        shares
                    } else {
                        shares.iter().map(|s| s / total).collect()
                    };
                    initial_rule = given_rule(&initial, seed);
                }
                _ => {
                    return Err(table.error(
                        at,
                        "initial",
                        "expected \"uniform\", \"random\" or a list of shares, one per player",
                    ));
                }
            }
        }
        table.finish()?;
    }
    Ok(EcologicalScenario {
        tournament,
        kind,
        steps,
        initial_rule,
        initial,
    })
}

#[cfg(test)]
mod tests {
    use crate::scenario::error::Source;
    use crate::scenario::{Scenario, parse};
    use std::path::Path;

    /// The resolved TOML of `text` and the rule it names.
    fn resolved(text: &str) -> (String, String) {
        let path = Path::new("eco.toml");
        let source = Source {
            path: path.to_path_buf(),
            text: text.to_string(),
        };
        let loaded = parse(&source, path).expect("scenario");
        let Scenario::Ecological(s) = loaded.scenario else {
            panic!("not ecological");
        };
        (s.resolved_toml(), s.initial_rule.clone())
    }

    #[test]
    fn a_resolved_scenario_names_its_initial_shares_as_the_first_run_did() {
        let players = "[[players]]\nstrategy = \"cooperator\"\n[[players]]\nstrategy = \"defector\"\n[[players]]\nstrategy = \"tit-for-tat\"\n";
        for (initial, rule) in [
            ("\"uniform\"", "uniform"),
            ("\"random\"", "random (seed 5)"),
            ("[0.5, 0.25, 0.25]", "given"),
            ("[2, 1, 1]", "given"),
        ] {
            let text = format!(
                "kind = \"ecological\"\nname = \"eco\"\nseed = 5\n{players}[dynamics]\ninitial = {initial}\n"
            );
            let (first, first_rule) = resolved(&text);
            assert_eq!(first_rule, rule);
            assert!(
                first.contains(&format!("# initial shares: {rule}\n")),
                "{first}"
            );
            let (again, again_rule) = resolved(&first);
            assert_eq!(again_rule, rule);
            assert_eq!(again, first, "{initial}");
        }
        // Shares that merely look uniform once written are named by what they are.
        let text = format!(
            "kind = \"ecological\"\nname = \"eco\"\n{players}[dynamics]\ninitial = [1, 1, 1]\n"
        );
        assert_eq!(resolved(&text).1, "uniform");
    }
}
