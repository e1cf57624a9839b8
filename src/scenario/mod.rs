//! Scenario files: TOML documents that name a kind of study and its
//! parameters. This module reads and validates them; every mistake becomes a
//! [`ScenarioError`] that names the file, line, column and field. Nothing
//! here runs a study or writes a file.
//!
//! Two top-level tables belong to every kind that uses them and to none of
//! the results: `[limits] none = true` lifts the work limits ([`work`]);
//! `[shards] count = N` states how many shards a cluster splits the study
//! into ([`ShardsKey`]; a tournament, a sweep or a fixation matrix only).
//! Neither is written to the resolved `scenario.toml`, so a run's bytes do
//! not depend on them.

pub mod chart_options;
pub mod ecological;
pub mod error;
pub mod evolution_common;
pub mod evolution_sweep;
pub mod fingerprint;
pub mod fixation;
pub mod game_file;
pub mod graph;
pub mod guess;
pub mod impartial;
pub mod invasion;
pub mod moran;
pub mod normal_form;
pub mod pirates;
pub mod reader;
pub mod spatial;
pub mod strategy_file;
pub mod sweep;
pub mod templates;
pub mod tournament;
pub mod train;
pub mod work;

pub use ecological::EcologicalScenario;
pub use error::{ScenarioError, Source};
pub use evolution_sweep::EvolutionSweep;
pub use fixation::FixationScenario;
pub use guess::GuessScenario;
pub use impartial::ImpartialScenario;
pub use invasion::InvasionScenario;
pub use moran::MoranScenario;
pub use pirates::PiratesScenario;
pub use spatial::SpatialScenario;
pub use sweep::SweepScenario;
pub use tournament::TournamentScenario;

use reader::{TableReader, parse_document};
use std::path::Path;

/// The kinds of scenario this version understands.
pub const KINDS: &[&str] = &[
    "tournament",
    "pirates",
    "guess",
    "impartial",
    "moran",
    "fixation",
    "ecological",
    "replicator",
    "spatial",
    "game",
    "pigs",
    "travelers",
    "invasion",
    "fingerprint",
    "train",
];

/// A validated scenario of any kind.
#[derive(Clone, Debug)]
pub enum Scenario {
    /// A round-robin IPD tournament.
    Tournament(TournamentScenario),
    /// The pirate split.
    Pirates(PiratesScenario),
    /// Guess p of the average.
    Guess(GuessScenario),
    /// Grundy value tables and positions of an impartial game.
    Impartial(ImpartialScenario),
    /// Moran process fixation.
    Moran(Box<MoranScenario>),
    /// Replicator dynamics from a tournament.
    Ecological(Box<EcologicalScenario>),
    /// Spatial prisoner's dilemma.
    Spatial(Box<SpatialScenario>),
    /// A normal-form game, boxed pigs or the traveler's dilemma.
    NormalForm(normal_form::NormalFormScenario),
    /// A tournament over a grid of parameter values (`[sweep]`).
    Sweep(Box<SweepScenario>),
    /// Moran fixation probabilities of every ordered pair of strategies.
    Fixation(Box<FixationScenario>),
    /// A Moran or ecological study over a grid of parameter values (`[sweep]`).
    EvolutionSweep(Box<EvolutionSweep>),
    /// Fixation probabilities and the small-mutation limit, analytically.
    Invasion(Box<InvasionScenario>),
    /// axelrod's fingerprints of one strategy or an atlas.
    Fingerprint(Box<fingerprint::FingerprintScenario>),
    /// A strategy trained by a genetic algorithm against a field.
    Train(Box<train::TrainScenario>),
}

impl Scenario {
    /// The results folder name.
    pub fn name(&self) -> &str {
        match self {
            Scenario::Tournament(t) => &t.name,
            Scenario::Pirates(s) => &s.name,
            Scenario::Guess(s) => &s.name,
            Scenario::Impartial(s) => &s.name,
            Scenario::Moran(s) => &s.name,
            Scenario::Ecological(s) => &s.tournament.name,
            Scenario::Spatial(s) => &s.name,
            Scenario::NormalForm(s) => &s.name,
            Scenario::Sweep(s) => &s.base.name,
            Scenario::Fixation(s) => &s.name,
            Scenario::EvolutionSweep(s) => s.name(),
            Scenario::Invasion(s) => &s.name,
            Scenario::Fingerprint(s) => &s.name,
            Scenario::Train(s) => &s.name,
        }
    }

    /// How the scenario's charts are drawn (`[output]` chart keys).
    pub fn chart_style(&self) -> crate::output::charts::ChartStyle {
        match self {
            Scenario::Tournament(t) => t.chart_style,
            Scenario::Pirates(s) => s.chart_style,
            Scenario::Guess(s) => s.chart_style,
            Scenario::Impartial(s) => s.chart_style,
            Scenario::Moran(s) => s.chart_style,
            Scenario::Ecological(s) => s.tournament.chart_style,
            Scenario::Spatial(s) => s.chart_style,
            Scenario::NormalForm(s) => s.chart_style,
            Scenario::Sweep(s) => s.base.chart_style,
            Scenario::Fixation(s) => s.chart_style,
            Scenario::EvolutionSweep(s) => s.chart_style(),
            Scenario::Invasion(s) => s.chart_style,
            Scenario::Fingerprint(s) => s.chart_style,
            Scenario::Train(s) => s.chart_style,
        }
    }

    /// The chart style, to change it: the one [`Scenario::chart_style`] gives.
    pub fn chart_style_mut(&mut self) -> &mut crate::output::charts::ChartStyle {
        match self {
            Scenario::Tournament(t) => &mut t.chart_style,
            Scenario::Pirates(s) => &mut s.chart_style,
            Scenario::Guess(s) => &mut s.chart_style,
            Scenario::Impartial(s) => &mut s.chart_style,
            Scenario::Moran(s) => &mut s.chart_style,
            Scenario::Ecological(s) => &mut s.tournament.chart_style,
            Scenario::Spatial(s) => &mut s.chart_style,
            Scenario::NormalForm(s) => &mut s.chart_style,
            Scenario::Sweep(s) => &mut s.base.chart_style,
            Scenario::Fixation(s) => &mut s.chart_style,
            Scenario::EvolutionSweep(s) => match &mut **s {
                EvolutionSweep::Moran(m) => &mut m.base.chart_style,
                EvolutionSweep::Ecological(e) => &mut e.base.tournament.chart_style,
                EvolutionSweep::Invasion(s) => &mut s.base.chart_style,
            },
            Scenario::Invasion(s) => &mut s.chart_style,
            Scenario::Fingerprint(s) => &mut s.chart_style,
            Scenario::Train(s) => &mut s.chart_style,
        }
    }

    /// Whether the scenario draws charts (`[output] charts`).
    pub fn charts(&self) -> bool {
        match self {
            Scenario::Tournament(t) => t.charts,
            Scenario::Pirates(s) => s.charts,
            Scenario::Guess(s) => s.charts,
            Scenario::Impartial(s) => s.charts,
            Scenario::Moran(s) => s.charts,
            Scenario::Ecological(s) => s.tournament.charts,
            Scenario::Spatial(s) => s.charts,
            Scenario::NormalForm(s) => s.charts,
            Scenario::Sweep(s) => s.base.charts,
            Scenario::Fixation(s) => s.charts,
            Scenario::EvolutionSweep(s) => match &**s {
                EvolutionSweep::Moran(m) => m.base.charts,
                EvolutionSweep::Ecological(e) => e.base.tournament.charts,
                EvolutionSweep::Invasion(s) => s.base.charts,
            },
            Scenario::Invasion(s) => s.charts,
            Scenario::Fingerprint(s) => s.charts,
            Scenario::Train(s) => s.charts,
        }
    }

    /// The master seed.
    pub fn seed(&self) -> u64 {
        match self {
            Scenario::Tournament(t) => t.seed,
            Scenario::Pirates(s) => s.seed,
            Scenario::Guess(s) => s.seed,
            Scenario::Impartial(s) => s.seed,
            Scenario::Moran(s) => s.seed,
            Scenario::Ecological(s) => s.tournament.seed,
            Scenario::Spatial(s) => s.seed,
            Scenario::NormalForm(s) => s.seed,
            Scenario::Sweep(s) => s.base.seed,
            Scenario::Fixation(s) => s.study.seed,
            Scenario::EvolutionSweep(s) => s.seed(),
            Scenario::Invasion(s) => s.seed,
            Scenario::Fingerprint(s) => s.seed,
            Scenario::Train(s) => s.seed,
        }
    }

    /// Replaces the master seed (the `--seed` option).
    pub fn set_seed(&mut self, seed: u64) {
        match self {
            Scenario::Tournament(t) => t.seed = seed,
            Scenario::Pirates(s) => s.seed = seed,
            Scenario::Guess(s) => s.set_seed(seed),
            Scenario::Impartial(s) => s.seed = seed,
            Scenario::Moran(s) => s.seed = seed,
            Scenario::Ecological(s) => {
                s.tournament.seed = seed;
                if s.initial_rule.starts_with("random") {
                    s.initial = crate::evolution::replicator::random_shares(s.initial.len(), seed);
                    s.initial_rule = format!("random (seed {seed})");
                }
            }
            Scenario::Spatial(s) => {
                s.seed = seed;
                s.game.seed = seed;
            }
            Scenario::NormalForm(s) => s.seed = seed,
            Scenario::Sweep(s) => s.set_seed(seed),
            Scenario::Fixation(s) => s.study.seed = seed,
            Scenario::EvolutionSweep(s) => s.set_seed(seed),
            Scenario::Invasion(s) => s.set_seed(seed),
            Scenario::Fingerprint(s) => s.seed = seed,
            Scenario::Train(s) => s.seed = seed,
        }
    }

    /// The scenario with all defaults written out, as TOML.
    pub fn resolved_toml(&self) -> String {
        match self {
            Scenario::Tournament(t) => t.resolved_toml(),
            Scenario::Pirates(s) => s.resolved_toml(),
            Scenario::Guess(s) => s.resolved_toml(),
            Scenario::Impartial(s) => s.resolved_toml(),
            Scenario::Moran(s) => s.resolved_toml(),
            Scenario::Ecological(s) => s.resolved_toml(),
            Scenario::Spatial(s) => s.resolved_toml(),
            Scenario::NormalForm(s) => s.resolved_toml(),
            Scenario::Sweep(s) => s.resolved_toml(),
            Scenario::Fixation(s) => s.resolved_toml(),
            Scenario::EvolutionSweep(s) => s.resolved_toml(),
            Scenario::Invasion(s) => s.resolved_toml(),
            Scenario::Fingerprint(s) => s.resolved_toml(),
            Scenario::Train(s) => s.resolved_toml(),
        }
    }
}

/// A scenario read from a file, with any warnings about it.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The validated scenario.
    pub scenario: Scenario,
    /// Things that are allowed but probably not meant (e.g. payoffs that are
    /// not a prisoner's dilemma), each naming the file and line.
    pub warnings: Vec<String>,
    /// The refusal when the estimated work is over its default limit
    /// ([`work`]) and the scenario does not lift it (`[limits] none = true`)
    /// nor was it read with `no_limit` ([`load_within`]); `dilemma run`
    /// reports it unless given `--no-limit`.
    pub over_limit: Option<ScenarioError>,
    /// `[limits] none = true`: no work limit applies, also to a shard.
    pub limits_lifted: bool,
    /// `[shards] count = N`: the split a cluster runs the study in.
    pub shards: Option<ShardsKey>,
    /// The file's text, to locate a shard's work refusal
    /// ([`shard_over_limit`]).
    pub source: Source,
}

/// `[shards] count = N`: how many shards the study is split into when it
/// runs on a cluster (`dilemma run --shard auto` in a Kubernetes Indexed Job
/// needs no `--shards`; every other count given must agree with it). Like
/// `[limits]`, it only matters to the scheduler: it is not part of the
/// resolved `scenario.toml`, so a single run, the shards and their merge
/// write the same bytes with or without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardsKey {
    /// The count, 1 to `scale::shard::MAX_SHARDS`.
    pub count: u32,
    /// Where it is written: `file:line:column`.
    pub at: String,
}

/// Reads and validates a scenario file, within the default work limits
/// unless the file lifts them (`[limits] none = true`).
pub fn load(path: &Path) -> Result<Loaded, ScenarioError> {
    load_within(path, false)
}

/// As [`load`]; `no_limit` is `dilemma run --no-limit`: no work limit
/// applies ([`Loaded::over_limit`] is `None`), and the work a kind does
/// while its file is read (an `impartial` scenario's table check and
/// positions) is done as the lifted run needs it, once.
pub fn load_within(path: &Path, no_limit: bool) -> Result<Loaded, ScenarioError> {
    parse_within(&Source::read(path)?, path, no_limit)
}

/// Validates scenario text; `path` is used for the default name.
pub fn parse(source: &Source, path: &Path) -> Result<Loaded, ScenarioError> {
    parse_within(source, path, false)
}

/// As [`parse`]; `no_limit` as for [`load_within`].
pub fn parse_within(source: &Source, path: &Path, no_limit: bool) -> Result<Loaded, ScenarioError> {
    let document = parse_document(source)?;
    let mut top = TableReader::new(source, "", document.get_ref(), document.span());
    let kind = top.string("kind")?.ok_or_else(|| {
        source.invalid(
            0,
            "kind",
            format!(
                "missing; say which study this is (allowed: {})",
                KINDS.join(", ")
            ),
        )
    })?;
    let name = match top.string("name")? {
        Some(name) => {
            if !is_folder_name(&name.value) {
                return Err(top.error(
                    name.span.start,
                    "name",
                    format!(
                        "must be a plain folder name of 1 to {MAX_NAME_LEN} characters: letters, digits, '-', '_' or '.', not starting with '.'"
                    ),
                ));
            }
            name.value
        }
        None => path
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .filter(|s| is_folder_name(s))
            .unwrap_or_else(|| "scenario".to_string()),
    };
    let seed = match top.integer("seed")? {
        Some(seed) if seed.value < 0 => {
            return Err(top.error(
                seed.span.start,
                "seed",
                format!("must be 0 or more, got {}", seed.value),
            ));
        }
        Some(seed) => seed.value as u64,
        None => 1,
    };
    let mut warnings = Vec::new();
    let mut limits_lifted = false;
    if let Some(mut limits) = top.table("limits")? {
        limits_lifted = limits.boolean("none")?.is_some_and(|b| b.value);
        limits.finish()?;
    }
    let mut shards = None;
    if let Some(mut table) = top.table("shards")? {
        let max = crate::scale::shard::MAX_SHARDS;
        match table.integer("count")? {
            Some(count) if (1..=max as i64).contains(&count.value) => {
                let (line, column) = source.line_column(count.span.start);
                shards = Some((
                    ShardsKey {
                        count: count.value as u32,
                        at: format!("{}:{line}:{column}", source.path.display()),
                    },
                    count.span.start,
                ));
            }
            Some(count) => {
                return Err(source.invalid(
                    count.span.start,
                    "shards.count",
                    format!(
                        "{} shards is not allowed: the count must be 1 to {max}",
                        count.value
                    ),
                ));
            }
            None => {
                return Err(table.error(
                    table.span().start,
                    "count",
                    format!(
                        "missing: `[shards]` needs `count = N`, the number of shards (1 to {max})"
                    ),
                ));
            }
        }
        table.finish()?;
    }
    let scenario = match kind.value.as_str() {
        "tournament" => {
            let sweep_table = top.table("sweep")?;
            let mut base = tournament::read_tournament(&mut top, name, seed, &mut warnings)?;
            tournament::read_pairings(&mut top, &mut base)?;
            match sweep_table {
                None => Scenario::Tournament(base),
                Some(table) => Scenario::Sweep(Box::new(sweep::read_sweep(table, base, path)?)),
            }
        }
        "pirates" => Scenario::Pirates(pirates::read_pirates(&mut top, name, seed)?),
        "guess" => Scenario::Guess(guess::read_guess(&mut top, name, seed)?),
        "impartial" => Scenario::Impartial(impartial::read_impartial(
            &mut top,
            name,
            seed,
            limits_lifted || no_limit,
        )?),
        "moran" => {
            let sweep_table = top.table("sweep")?;
            let base = moran::read_moran(&mut top, name, seed)?;
            match sweep_table {
                None => Scenario::Moran(Box::new(base)),
                Some(table) => Scenario::EvolutionSweep(Box::new(
                    evolution_sweep::read_moran_sweep(table, base, path)?,
                )),
            }
        }
        "fixation" => Scenario::Fixation(Box::new(fixation::read_fixation(&mut top, name, seed)?)),
        "ecological" | "replicator" => {
            let sweep_table = top.table("sweep")?;
            let base = ecological::read_ecological(&mut top, name, seed, &mut warnings)?;
            match sweep_table {
                None => Scenario::Ecological(Box::new(base)),
                Some(table) => Scenario::EvolutionSweep(Box::new(
                    evolution_sweep::read_ecological_sweep(table, base, path)?,
                )),
            }
        }
        "invasion" => {
            let sweep_table = top.table("sweep")?;
            let base = invasion::read_invasion(&mut top, name, seed, &mut warnings)?;
            match sweep_table {
                None => Scenario::Invasion(Box::new(base)),
                Some(table) => Scenario::EvolutionSweep(Box::new(
                    evolution_sweep::read_invasion_sweep(table, base, path)?,
                )),
            }
        }
        "spatial" => Scenario::Spatial(Box::new(spatial::read_spatial(&mut top, name, seed)?)),
        "fingerprint" => Scenario::Fingerprint(Box::new(fingerprint::read_fingerprint(
            &mut top,
            name,
            seed,
            path.parent().unwrap_or(Path::new(".")),
        )?)),
        "train" => Scenario::Train(Box::new(train::read_train(
            &mut top,
            name,
            seed,
            &mut warnings,
        )?)),
        "game" | "pigs" | "travelers" => Scenario::NormalForm(normal_form::read_normal_form(
            &mut top,
            &kind.value,
            name,
            seed,
        )?),
        other => {
            return Err(top.error(
                kind.span.start,
                "kind",
                format!("unknown kind `{other}` (allowed: {})", KINDS.join(", ")),
            ));
        }
    };
    top.finish()?;
    let mut scenario = scenario;
    if !(limits_lifted || no_limit) {
        // The chart memory budget, held while the charts are drawn too
        // (the estimate below decides what it can up front).
        scenario.chart_style_mut().pixel_limit = Some(work::MAX_CHART_PIXELS);
    }
    let over_limit = if limits_lifted || no_limit {
        None
    } else {
        work::over_limit(&scenario)
            .map(|e| {
                source.invalid(
                    field_offset(document.get_ref(), &e.field),
                    &e.field,
                    e.message(),
                )
            })
            // The table or a position over its solver's own limit
            // (impartial::table::plan, impartial::catalogue).
            .or_else(|| match &scenario {
                Scenario::Impartial(s) => s.over_limit.clone(),
                _ => None,
            })
    };
    Ok(Loaded {
        scenario,
        warnings,
        over_limit,
        limits_lifted,
        shards: shards.map(|(key, _)| key),
        source: source.clone(),
    })
}

/// The refusal when shard `shard` of the study has more work than the
/// default limit ([`work::shard_estimate`]): `dilemma run --shard` checks
/// the shard's own part, not the whole study. `None` when under the limit
/// or lifted by `[limits] none = true`.
pub fn shard_over_limit(loaded: &Loaded, shard: crate::scale::Shard) -> Option<ScenarioError> {
    if loaded.limits_lifted {
        return None;
    }
    let (estimates, units) = work::shard_estimate(&loaded.scenario, shard);
    let part = estimates.into_iter().find(work::Estimate::exceeds)?;
    let whole = work::estimate(&loaded.scenario)
        .into_iter()
        .find(|e| e.measure == part.measure)
        .map_or(part.amount, |e| e.amount);
    let offset = parse_document(&loaded.source)
        .map(|document| field_offset(document.get_ref(), &part.field))
        .unwrap_or(0);
    Some(loaded.source.invalid(
        offset,
        &part.field,
        part.shard_message(shard, &units, whole),
    ))
}

/// Byte offset of a dotted field (`match.repetitions`) in the document: the
/// value if present, else the deepest table on its path, else 0.
fn field_offset(document: &toml::de::DeTable<'_>, field: &str) -> usize {
    let mut table = document;
    let mut offset = 0;
    for key in field.split('.') {
        let Some((_, value)) = table.iter().find(|(k, _)| k.get_ref() == key) else {
            break;
        };
        offset = value.span().start;
        match value.get_ref() {
            toml::de::DeValue::Table(t) => table = t,
            _ => break,
        }
    }
    offset
}

/// Longest scenario name: the results folder and its hidden staging sibling
/// (`.<name>.partial-<pid>`) must fit the usual 255-byte file name limit.
pub const MAX_NAME_LEN: usize = 100;

fn is_folder_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}
