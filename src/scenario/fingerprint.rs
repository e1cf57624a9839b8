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
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use crate::scenario::strategy_file::{Chain, player_toml, resolve_text};
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
    pub fn machines(&self) -> Option<(Vec<Machine>, Vec<Machine>)> {
        if self.method != FingerprintMethod::Exact {
            return None;
        }
        let reading = self.reading();
        let read = |p: &Player| machine_of(p, &reading).ok();
        let strategies = self
            .strategies
            .iter()
            .map(read)
            .collect::<Option<Vec<_>>>()?;
        let others = match &self.fingerprint {
            Fingerprint::Ashlock { probe, .. } => vec![read(probe)?],
            Fingerprint::Transitive { opponents } => self
                .opponents(*opponents)
                .iter()
                .map(read)
                .collect::<Option<Vec<_>>>()?,
        };
        Some((strategies, others))
    }

    /// Random(p) for p in linspace(0, 1, n).
    pub fn opponents(&self, n: u32) -> Vec<Player> {
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

fn player_from(
    table: &TableReader<'_>,
    item: &toml::Spanned<DeValue<'_>>,
    field: &str,
    base: &Path,
) -> Result<Player, ScenarioError> {
    let text = match item.get_ref() {
        DeValue::String(s) => s.to_string(),
        _ => {
            return Err(table.error(
                item.span().start,
                field,
                "expected a strategy as a string: an id (`tit-for-tat`, `random:p=0.3`), \
                 a display name or a strategy file",
            ));
        }
    };
    resolve_text(&text, base, &mut Chain::default())
        .map_err(|e| table.error(item.span().start, field, e.text(field)))
}

/// Every catalogue strategy and shipped data strategy that is finite-state
/// (under `reading`), in catalogue order.
pub fn finite_strategies(reading: &Reading) -> Vec<Player> {
    let mut out: Vec<Player> = CATALOGUE
        .iter()
        .filter_map(|info| PlayerSpec::new(info.id).build().ok())
        .map(|p| p.with_game(&reading.payoffs))
        .filter(|p| machine_of(p, reading).is_ok())
        .collect();
    for file in crate::ipd::strategies::defined::shipped::SHIPPED {
        if let Ok(p) = resolve_text(file.id, Path::new("."), &mut Chain::default())
            && machine_of(&p, reading).is_ok()
        {
            out.push(p);
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
    let (strategies, all_finite) = match table.value("strategies") {
        None => {
            return Err(table.error(
                table.span().start,
                "strategies",
                "missing: the strategies to fingerprint, e.g. strategies = [\"wsls\"], or \
                 strategies = \"finite\" for every finite-state catalogue strategy",
            ));
        }
        Some(item) => match item.get_ref() {
            DeValue::String(s) if s.as_ref() == "finite" => (finite_strategies(&reading), true),
            DeValue::Array(list) if !list.is_empty() => {
                let mut players = Vec::new();
                for entry in list {
                    players
                        .push(player_from(&table, entry, "strategies", base)?.with_game(&payoffs));
                }
                (players, false)
            }
            _ => {
                return Err(table.error(
                    item.span().start,
                    "strategies",
                    "expected a non-empty list of strategies, or \"finite\"",
                ));
            }
        },
    };
    // The method: exact by default when every player is finite-state.
    let not_finite = || -> Option<String> {
        let mut players: Vec<&Player> = strategies.iter().collect();
        if let Fingerprint::Ashlock { probe, .. } = &fingerprint {
            players.push(probe);
        }
        players
            .into_iter()
            .find_map(|p| machine_of(p, &reading).err().map(|e| e.to_string()))
    };
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
    Ok(FingerprintScenario {
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
