//! Kind `fingerprint`: axelrod's Ashlock and transitive fingerprints of
//! one strategy or an atlas of many (`exact/fingerprint.rs`).
//!
//! ```toml
//! name = "fingerprint-wsls"
//! kind = "fingerprint"
//! seed = 1
//! [fingerprint]
//! type = "ashlock"              # or "transitive"
//! strategies = ["wsls"]         # or "finite": every finite-state catalogue strategy
//!                               # ("all": the same, refused with method = "simulate")
//! probe = "tit-for-tat"         # ashlock: the probe (any strategy)
//! step = 0.01                   # ashlock: the grid step, 0 < step <= 0.5
//! opponents = 50                # transitive: Random(p), p = 0 .. 1 in this many steps
//! turns = 50
//! repetitions = 10              # simulate only
//! method = "exact"              # default: exact when every player is finite-state
//! [game]
//! payoffs = "standard"
//! ```

use crate::exact::machine::Machine;
use crate::exact::reading::{Reading, machine_of};
use crate::ipd::payoffs::Payoffs;
use crate::ipd::strategies::{CATALOGUE, Player, PlayerSpec};
use crate::output::fingerprint_files::{Describe, Layout};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use crate::scenario::strategy_file::{Chain, player_toml, resolve_text};
use crate::scenario::tournament::read_player_entry;
use serde::Serialize;
use std::path::Path;
use toml::de::DeValue;

/// The most grid points per axis (step 0.001).
pub const MAX_AXIS_POINTS: usize = 1001;
/// The most opponents of a transitive fingerprint.
pub const MAX_OPPONENTS: u32 = 1000;
/// The longest fingerprint match.
pub const MAX_TURNS: u32 = 100_000;

/// Which fingerprint.
#[derive(Clone, Debug)]
pub enum Fingerprint {
    /// The strategy against the probe at every point of the grid.
    Ashlock {
        /// The probe.
        probe: Box<Player>,
        /// Grid step.
        step: f64,
    },
    /// The strategy's cooperation by turn against Random(p).
    Transitive {
        /// Number of opponents.
        opponents: u32,
    },
}

/// How the values are computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FingerprintMethod {
    /// Expected values of the joint chain.
    Exact,
    /// Played `repetitions` times at each point.
    Simulate,
}

/// A validated fingerprint scenario.
#[derive(Clone, Debug)]
pub struct FingerprintScenario {
    /// Results folder name.
    pub name: String,
    /// Master seed.
    pub seed: u64,
    /// Which fingerprint.
    pub fingerprint: Fingerprint,
    /// The strategies fingerprinted.
    pub strategies: Vec<Player>,
    /// `"finite"` when the list is every finite-state catalogue strategy.
    pub all_finite: bool,
    /// Turns per match.
    pub turns: u32,
    /// Matches per point (simulate).
    pub repetitions: u32,
    /// Exact or simulated.
    pub method: FingerprintMethod,
    /// The game.
    pub payoffs: Payoffs,
    /// Draw charts.
    pub charts: bool,
    /// `[output]` chart options.
    pub chart_style: crate::output::charts::ChartStyle,
    /// Method exact: every strategy's machine, then the probe's (Ashlock)
    /// or the opponents' (transitive), read once while the file is read.
    pub exact_machines: Option<(Vec<Machine>, Vec<Machine>)>,
}

impl FingerprintScenario {
    /// The reading of machines for this scenario (a fixed horizon).
    pub fn reading(&self) -> Reading {
        Reading {
            payoffs: self.payoffs,
            length_known: true,
        }
    }

    /// Every strategy's machine, then the probe's (Ashlock) or the
    /// opponents' (transitive); `None` when the method is simulate.
    pub fn machines(&self) -> Option<&(Vec<Machine>, Vec<Machine>)> {
        self.exact_machines.as_ref()
    }

    /// Random(p) for p in linspace(0, 1, n).
    pub fn opponents(&self, n: u32) -> Vec<Player> {
        random_opponents(n)
    }

    /// The resolved scenario.
    pub fn resolved_toml(&self) -> String {
        #[derive(Serialize)]
        struct Resolved<'a> {
            name: &'a str,
            kind: &'static str,
            seed: u64,
            fingerprint: toml::Table,
            game: toml::Table,
            output: toml::Table,
        }
        let mut f = toml::Table::new();
        let mut set = |k: &str, v: toml::Value| {
            f.insert(k.into(), v);
        };
        match &self.fingerprint {
            Fingerprint::Ashlock { probe, step } => {
                set("type", "ashlock".into());
                set("probe", toml::Value::Table(player_toml(probe)));
                set("step", (*step).into());
            }
            Fingerprint::Transitive { opponents } => {
                set("type", "transitive".into());
                set("opponents", i64::from(*opponents).into());
            }
        }
        if self.all_finite {
            set("strategies", "finite".into());
        } else {
            set(
                "strategies",
                toml::Value::Array(
                    self.strategies
                        .iter()
                        .map(|p| toml::Value::Table(player_toml(p)))
                        .collect(),
                ),
            );
        }
        set("turns", i64::from(self.turns).into());
        set("repetitions", i64::from(self.repetitions).into());
        set(
            "method",
            match self.method {
                FingerprintMethod::Exact => "exact",
                FingerprintMethod::Simulate => "simulate",
            }
            .into(),
        );
        let mut game = toml::Table::new();
        let p = self.payoffs;
        let mut payoffs = toml::Table::new();
        for (key, value) in [("R", p.r), ("S", p.s), ("T", p.t), ("P", p.p)] {
            payoffs.insert(key.into(), value.into());
        }
        game.insert("payoffs".into(), toml::Value::Table(payoffs));
        let mut output = crate::scenario::chart_options::table(&self.chart_style);
        output.insert("charts".into(), self.charts.into());
        let resolved = Resolved {
            name: &self.name,
            kind: "fingerprint",
            seed: self.seed,
            fingerprint: f,
            game,
            output,
        };
        toml::to_string(&resolved).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }

    /// The shape of one strategy's values.
    pub fn layout(&self) -> Layout {
        match &self.fingerprint {
            Fingerprint::Ashlock { step, .. } => Layout::Ashlock {
                points: (1.0 / step).floor() as usize + 1,
            },
            Fingerprint::Transitive { opponents } => Layout::Transitive {
                opponents: *opponents as usize,
                turns: self.turns as usize,
            },
        }
    }

    /// What the charts' titles say besides the strategy.
    pub fn describe(&self) -> Describe<'_> {
        Describe {
            probe: match &self.fingerprint {
                Fingerprint::Ashlock { probe, .. } => &probe.name,
                Fingerprint::Transitive { .. } => "",
            },
            turns: self.turns,
            method: match self.method {
                FingerprintMethod::Exact => "exact",
                FingerprintMethod::Simulate => "simulated",
            },
        }
    }

    /// The number of values computed: points (or opponents x turns) per
    /// strategy, times the strategies.
    pub fn values(&self) -> u128 {
        let per = match &self.fingerprint {
            Fingerprint::Ashlock { step, .. } => {
                let n = (1.0 / step).floor() as u128 + 1;
                n * n
            }
            Fingerprint::Transitive { opponents } => *opponents as u128,
        };
        per * self.strategies.len() as u128
    }
}

/// A player of the `[fingerprint]` table: a string (an id, `id:key=value`, a
/// display name or a strategy file) or, as a resolved scenario writes it, a
/// table `{ strategy = ..., <parameters> }` (`strategy` perhaps an inline
/// definition). `field` is its key (`probe`, `strategies[2]`).
fn player_from(
    table: &TableReader<'_>,
    item: &toml::Spanned<DeValue<'_>>,
    field: &str,
    base: &Path,
) -> Result<Player, ScenarioError> {
    let text = match item.get_ref() {
        DeValue::String(s) => s.to_string(),
        DeValue::Table(_) => {
            let field = format!("fingerprint.{field}");
            return read_player_entry(table.source(), &field, item, &mut Chain::default())
                .map(|(_, player)| player);
        }
        _ => {
            return Err(table.error(
                item.span().start,
                field,
                "expected a strategy as a string: an id (`tit-for-tat`, `random:p=0.3`), \
                 a display name or a strategy file (or a table { strategy = ..., parameters })",
            ));
        }
    };
    resolve_text(&text, base, &mut Chain::default())
        .map_err(|e| table.error(item.span().start, field, e.text(field)))
}

/// Random(p) for p in linspace(0, 1, n).
fn random_opponents(n: u32) -> Vec<Player> {
    crate::exact::fingerprint::linspace(n as usize)
        .into_iter()
        .map(|p| {
            PlayerSpec::new("random")
                .with("p", p)
                .build()
                .expect("Random takes any p in [0, 1]")
        })
        .collect()
}

/// Every catalogue strategy and shipped data strategy that is finite-state
/// (under `reading`), in catalogue order.
pub fn finite_strategies(reading: &Reading) -> Vec<Player> {
    finite_machines(reading)
        .into_iter()
        .map(|(p, _)| p)
        .collect()
}

/// [`finite_strategies`] with their machines.
pub fn finite_machines(reading: &Reading) -> Vec<(Player, Machine)> {
    let mut out: Vec<(Player, Machine)> = CATALOGUE
        .iter()
        .filter_map(|info| PlayerSpec::new(info.id).build().ok())
        .map(|p| p.with_game(&reading.payoffs))
        .filter_map(|p| machine_of(&p, reading).ok().map(|m| (p, m)))
        .collect();
    for file in crate::ipd::strategies::defined::shipped::SHIPPED {
        if let Ok(p) = resolve_text(file.id, Path::new("."), &mut Chain::default())
            && let Ok(m) = machine_of(&p, reading)
        {
            out.push((p, m));
        }
    }
    out
}

/// Reads a fingerprint scenario.
pub fn read_fingerprint(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
    base: &Path,
) -> Result<FingerprintScenario, ScenarioError> {
    let mut payoffs = Payoffs::STANDARD;
    if let Some(mut game) = top.table("game")? {
        if let Some(value) = game.value("payoffs") {
            payoffs = crate::scenario::tournament::read_payoffs(&game, value)?.0;
        }
        game.finish()?;
    }
    let Some(mut table) = top.table("fingerprint")? else {
        return Err(top.error(
            top.span().start,
            "fingerprint",
            "missing: `[fingerprint]` with `strategies = [...]` (and `type`, `probe`, `step`, ...)",
        ));
    };
    let kind = table.string("type")?;
    let transitive = match kind.as_ref().map(|k| k.value.as_str()) {
        None | Some("ashlock") => false,
        Some("transitive") => true,
        Some(other) => {
            return Err(table.error(
                kind.as_ref().map_or(0, |k| k.span.start),
                "type",
                format!("unknown fingerprint `{other}`; allowed: \"ashlock\", \"transitive\""),
            ));
        }
    };
    let turns = table.count("turns", 1)?.map_or(50, |t| t.value);
    if turns > MAX_TURNS {
        return Err(table.error(
            table.span().start,
            "turns",
            format!("{turns} turns; at most {MAX_TURNS}"),
        ));
    }
    let repetitions = table.count("repetitions", 1)?.map_or(10, |r| r.value);
    let method_text = table.string("method")?;
    let fingerprint = if transitive {
        let opponents = table.count("opponents", 2)?.map_or(50, |o| o.value);
        if opponents > MAX_OPPONENTS {
            return Err(table.error(
                table.span().start,
                "opponents",
                format!("{opponents} opponents; at most {MAX_OPPONENTS}"),
            ));
        }
        Fingerprint::Transitive { opponents }
    } else {
        let probe = match table.value("probe") {
            Some(item) => player_from(&table, item, "probe", base)?,
            None => PlayerSpec::new("tit-for-tat")
                .build()
                .expect("in the catalogue"),
        };
        let step = match table.number("step")? {
            None => 0.01,
            Some(s) => {
                let points = if s.value > 0.0 {
                    (1.0 / s.value).floor() + 1.0
                } else {
                    f64::INFINITY
                };
                if !(s.value > 0.0 && s.value <= 0.5) || points > MAX_AXIS_POINTS as f64 {
                    return Err(table.error(
                        s.span.start,
                        "step",
                        format!(
                            "step must be above 0 and at most 0.5, with at most {MAX_AXIS_POINTS} \
                             points per axis (step >= 0.001); got {}",
                            s.value
                        ),
                    ));
                }
                s.value
            }
        };
        Fingerprint::Ashlock {
            probe: Box::new(probe.with_game(&payoffs)),
            step,
        }
    };
    let reading = Reading {
        payoffs,
        length_known: true,
    };
    // The machines of a list that is every finite-state strategy.
    let mut known: Option<Vec<Machine>> = None;
    let mut finite = || {
        let (players, machines) = finite_machines(&reading).into_iter().unzip();
        known = Some(machines);
        (players, true)
    };
    let (strategies, all_finite) = match table.value("strategies") {
        None => {
            return Err(table.error(
                table.span().start,
                "strategies",
                "missing: the strategies to fingerprint, e.g. strategies = [\"wsls\"], or \
                 strategies = \"finite\" (or \"all\") for every finite-state catalogue strategy",
            ));
        }
        Some(item) => match item.get_ref() {
            DeValue::String(s) if s.as_ref() == "finite" => finite(),
            DeValue::String(s) if s.as_ref() == "all" => {
                // "all" is "finite" computed exactly: refused (before the
                // catalogue is read) when the method is or would be simulate.
                let probe_refusal = match &fingerprint {
                    Fingerprint::Ashlock { probe, .. } if method_text.is_none() => {
                        machine_of(probe, &reading)
                            .err()
                            .map(|e| format!("the method would be \"simulate\" ({e})"))
                    }
                    _ => None,
                };
                let why = match method_text.as_ref().map(|m| m.value.as_str()) {
                    Some("simulate") => Some("with method = \"simulate\"".to_string()),
                    _ => probe_refusal,
                };
                if let Some(why) = why {
                    return Err(table.error(
                        item.span().start,
                        "strategies",
                        format!(
                            "\"all\" stands for every finite-state catalogue strategy, \
                             fingerprinted exactly, but {why}; allowed: strategies = \"finite\" \
                             (the same strategies, simulated) or a list of strategies (ids, \
                             names or files), or method = \"exact\" with a finite-state probe"
                        ),
                    ));
                }
                finite()
            }
            DeValue::Array(list) if !list.is_empty() => {
                let mut players = Vec::new();
                for (k, entry) in list.iter().enumerate() {
                    let field = if entry.get_ref().is_str() {
                        "strategies".to_string()
                    } else {
                        format!("strategies[{k}]")
                    };
                    players.push(player_from(&table, entry, &field, base)?.with_game(&payoffs));
                }
                (players, false)
            }
            _ => {
                return Err(table.error(
                    item.span().start,
                    "strategies",
                    "expected a non-empty list of strategies, or \"finite\" (or \"all\": \
                     every finite-state catalogue strategy)",
                ));
            }
        },
    };
    // The machines (read once: the method needs them, an exact study plays
    // them), unless the method is simulate; Err: why a player is not
    // finite-state.
    let simulate = method_text.as_ref().is_some_and(|m| m.value == "simulate");
    let machines = (!simulate).then(|| -> Result<(Vec<Machine>, Vec<Machine>), String> {
        let read = |p: &Player| machine_of(p, &reading).map_err(|e| e.to_string());
        let ours = match known.take() {
            Some(machines) => machines,
            None => strategies.iter().map(read).collect::<Result<_, _>>()?,
        };
        let others = match &fingerprint {
            Fingerprint::Ashlock { probe, .. } => vec![read(probe)?],
            Fingerprint::Transitive { opponents } => random_opponents(*opponents)
                .iter()
                .map(read)
                .collect::<Result<_, _>>()?,
        };
        Ok((ours, others))
    });
    let not_finite = || machines.as_ref().and_then(|m| m.as_ref().err().cloned());
    let method = match method_text.as_ref().map(|m| m.value.as_str()) {
        Some("simulate") => FingerprintMethod::Simulate,
        Some("exact") => {
            if let Some(why) = not_finite() {
                return Err(table.error(
                    method_text.as_ref().map_or(0, |m| m.span.start),
                    "method",
                    format!(
                        "\"exact\" needs finite-state players: {why}; use method = \"simulate\""
                    ),
                ));
            }
            FingerprintMethod::Exact
        }
        None => {
            if not_finite().is_none() {
                FingerprintMethod::Exact
            } else {
                FingerprintMethod::Simulate
            }
        }
        Some(other) => {
            return Err(table.error(
                method_text.as_ref().map_or(0, |m| m.span.start),
                "method",
                format!("unknown method `{other}`; allowed: \"exact\", \"simulate\""),
            ));
        }
    };
    table.finish()?;
    let (charts, chart_style) = match top.table("output")? {
        None => (true, crate::output::charts::ChartStyle::default()),
        Some(mut output) => {
            let charts = output.boolean("charts")?.is_none_or(|b| b.value);
            let style = crate::scenario::chart_options::read(&mut output)?;
            output.finish()?;
            (charts, style)
        }
    };
    let exact_machines = match method {
        FingerprintMethod::Exact => machines.and_then(Result::ok),
        FingerprintMethod::Simulate => None,
    };
    Ok(FingerprintScenario {
        exact_machines,
        name,
        seed,
        fingerprint,
        strategies,
        all_finite,
        turns,
        repetitions,
        method,
        payoffs,
        charts,
        chart_style,
    })
}
