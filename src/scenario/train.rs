//! The `train` scenario kind: train a strategy by a genetic algorithm or
//! a particle swarm against a field of opponents (`train/`, issue 25).
//!
//! ```toml
//! kind = "train"
//! name = "train-lookup-first"
//! seed = 1
//! [representation]
//! kind = "lookup"          # or "gambler" (the same keys), or "cycle"
//!                          # (length = 1 to 4096), "fsm" (states = 1 to
//!                          # 64), "hmm" (states = 1 to 64), "ann"
//!                          # (hidden = 1 to 15)
//! own = 1                  # own last moves in a key (0 to 8, default 1)
//! opponent = 1             # opponent's last moves (0 to 8, default 1)
//! opponent_first = 1       # opponent's first moves (0 to 8, default 0;
//!                          # the three at most 16 together)
//! [algorithm]
//! kind = "genetic"         # or "swarm" (gambler and ann only; inertia,
//!                          # cognitive, social, 0 to 10, default 0.8, in
//!                          # place of mutation, crossover, keep)
//! population = 40          # candidates per generation (2 to 100 000)
//! generations = 100        # generations evaluated, the first random
//! mutation = 0.1           # probability that a gene flips (default 0.1)
//! crossover = "one-point"  # "one-point" (default), "uniform" or "none"
//! keep = 10                # the best kept each generation (1 to population
//!                          # - 1; default population / 4)
//! restarts = 1             # independent restarts, the best kept (1 to
//!                          # 10 000, default 1; the shard units)
//! checkpoint = 10          # save the run every 10 generations for
//!                          # `dilemma run --resume` (default: never)
//! [objective]
//! kind = "score"           # or "score-difference", or "moran" with:
//! population = 10          # Z (2 to 100 000, default 10)
//! process = "moran"        # or "fermi", as the invasion kind's [selection]
//! beta = 1.0               # w in [0, 1] ("moran") or beta >= 0 ("fermi")
//! [opponents]
//! players = ["Tit For Tat", "defector"]  # as a tournament's [[players]], or
//! # line_up = "first-tournament"         # or "catalogue"
//! [game]                   # as a tournament's
//! [match]                  # as a tournament's: turns or continuation (and
//!                          # cap), noise, repetitions
//! [output]
//! charts = true            # and the chart keys of every kind
//! ```
//!
//! Refused (exit 2, naming the field and what is allowed): an unknown
//! representation, algorithm, crossover or objective; a key part over
//! [`MAX_KEY_PART`] moves, a key over `MAX_KEY_LENGTH` (16); an FSM or HMM
//! over 64 states, a network over 15 hidden units (the strategy file
//! kinds' limits); a swarm of a representation that is not real-valued;
//! a population under 2 or over [`MAX_POPULATION`];
//! a population whose genes together pass [`MAX_GENES`]; `keep` not below
//! the population; both or neither of `players` and `line_up`. The work
//! (generations x population x opponents x turns x repetitions, a
//! deterministic pair once) is estimated by `scenario::work` against the
//! turn limit.

use crate::evolution::invasion::Selection;
use crate::ipd::horizon::Horizon;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::play::MatchSettings;
use crate::ipd::strategies::defined::ann::MAX_HIDDEN as ANN_HIDDEN;
use crate::ipd::strategies::defined::fsm::MAX_STATES as FSM_STATES;
use crate::ipd::strategies::defined::hmm::MAX_STATES as HMM_STATES;
use crate::ipd::strategies::defined::lookup::MAX_KEY_LENGTH;
use crate::ipd::strategies::defined::shipped::SHIPPED;
use crate::ipd::strategies::{CATALOGUE, Player, PlayerSpec};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use crate::scenario::strategy_file::{Chain, player_toml, shipped_player};
use crate::scenario::tournament::{
    DEFAULT_REPETITIONS, DEFAULT_TURNS, TournamentScenario, read_horizon, read_payoffs,
    read_player_entry,
};
use crate::train::operators::CROSSOVERS;
use crate::train::representation::{MAX_CYCLE_LENGTH, MAX_KEY_PART, REAL_VALUED, REPRESENTATIONS};
use crate::train::swarm::{DEFAULT_WEIGHT, MAX_WEIGHT, Swarm};
use crate::train::{Crossover, Field, Genetic, Objective, Representation};
use serde::Serialize;

/// Most candidates in a generation.
pub const MAX_POPULATION: u32 = 100_000;
/// Most generations.
pub const MAX_GENERATIONS: u32 = 1_000_000;
/// Most bytes of genes a generation holds (population x bytes per
/// candidate: a move 1, a state 4, a real 8; a swarm's particle three
/// times its genes: position, velocity, own best): 2^26, 64 MB.
pub const MAX_GENES: u64 = 1 << 26;
/// Most independent restarts.
pub const MAX_RESTARTS: u32 = 10_000;
/// Default probability that mutation flips a gene.
pub const DEFAULT_MUTATION: f64 = 0.1;

/// The algorithms of `[algorithm] kind`.
pub const ALGORITHMS: &[&str] = &["genetic", "swarm"];

/// The named line-ups of `[opponents] line_up`.
pub const LINE_UPS: &[&str] = &["first-tournament", "catalogue"];

/// The first tournament's entries, in axelrod's order (as
/// scenarios/axelrod-first.toml).
pub const FIRST_TOURNAMENT: &[&str] = &[
    "tit-for-tat",
    "first-by-tideman-and-chieruzzi",
    "first-by-nydegger",
    "first-by-grofman",
    "first-by-shubik",
    "first-by-stein-and-rapoport",
    "grudger",
    "first-by-davis",
    "first-by-graaskamp",
    "first-by-downing",
    "first-by-feld",
    "first-by-joss",
    "first-by-tullock",
    "first-by-anonymous",
    "random",
];

/// A validated train scenario.
#[derive(Clone, Debug)]
pub struct TrainScenario {
    /// Results folder name.
    pub name: String,
    /// Master seed.
    pub seed: u64,
    /// What is trained.
    pub representation: Representation,
    /// The genetic algorithm's settings.
    pub genetic: Genetic,
    /// Independent restarts (each a whole run of the genetic algorithm
    /// from its own random start); the best of their last generations is
    /// the trained player.
    pub restarts: u32,
    /// Save the run every this many generations (`--resume` goes on from
    /// the last save); `None`: no checkpoints.
    pub checkpoint: Option<u32>,
    /// What is maximised.
    pub objective: Objective,
    /// The line-up named, when one was.
    pub line_up: Option<String>,
    /// The opponents.
    pub opponents: Vec<Player>,
    /// Preset name, when a preset was used.
    pub payoffs_preset: Option<String>,
    /// How matches are played.
    pub settings: MatchSettings,
    /// Matches per opponent (a deterministic pair plays one).
    pub repetitions: u32,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn.
    pub chart_style: crate::output::charts::ChartStyle,
}

impl TrainScenario {
    /// The field candidates are measured against.
    pub fn field(&self) -> Field {
        Field::new(
            self.opponents.clone(),
            self.settings,
            self.repetitions,
            self.objective,
            self.seed,
        )
    }

    /// The tournament of the trained player (first) and the opponents,
    /// under the scenario's game and match settings.
    pub fn final_tournament(&self, trained: Player) -> TournamentScenario {
        let mut players = vec![trained];
        players.extend(self.opponents.iter().cloned());
        TournamentScenario {
            name: format!("{}-tournament", self.name),
            description: Some(format!(
                "{}: the trained player against its opponents",
                self.name
            )),
            seed: self.seed,
            payoffs_preset: self.payoffs_preset.clone(),
            settings: self.settings,
            repetitions: self.repetitions,
            player_specs: players.iter().map(|p| PlayerSpec::new(p.id())).collect(),
            players,
            charts: self.charts,
            chart_style: self.chart_style,
            write_matches: true,
            write_interactions: false,
            compress: crate::output::compression::Compression::None,
            self_play_in_ranking: false,
            method: crate::scenario::tournament::Method::Simulate,
            pairings: crate::ipd::pairings::Pairings::RoundRobin,
            edges_resolved: None,
        }
    }

    /// The scenario as TOML with every default written out.
    pub fn resolved_toml(&self) -> String {
        #[derive(Serialize)]
        struct Resolved<'a> {
            name: &'a str,
            kind: &'static str,
            seed: u64,
            representation: toml::Table,
            algorithm: Algorithm,
            objective: toml::Table,
            opponents: toml::Table,
            game: toml::Table,
            #[serde(rename = "match")]
            match_: toml::Table,
            output: toml::Table,
        }
        #[derive(Serialize)]
        struct Algorithm {
            kind: &'static str,
            population: u32,
            generations: u32,
            #[serde(skip_serializing_if = "Option::is_none")]
            mutation: Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            crossover: Option<&'static str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            keep: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            inertia: Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            cognitive: Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            social: Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            restarts: Option<u32>,
            #[serde(skip_serializing_if = "Option::is_none")]
            checkpoint: Option<u32>,
        }
        use toml::Value;
        let mut objective = toml::Table::new();
        objective.insert("kind".into(), Value::String(self.objective.id().into()));
        if let Objective::Moran {
            population,
            selection,
        } = self.objective
        {
            objective.insert("population".into(), Value::Integer(population.into()));
            objective.insert("process".into(), Value::String(selection.process().into()));
            objective.insert("beta".into(), Value::Float(selection.intensity()));
        }
        let mut representation = toml::Table::new();
        representation.insert(
            "kind".into(),
            Value::String(self.representation.id().into()),
        );
        let sizes = self.representation.sizes();
        for (key, value) in sizes {
            representation.insert(key.into(), Value::Integer(value.into()));
        }
        let mut opponents = toml::Table::new();
        match &self.line_up {
            Some(name) => {
                opponents.insert("line_up".into(), Value::String(name.clone()));
            }
            None => {
                let players = self
                    .opponents
                    .iter()
                    .map(|p| Value::Table(player_toml(p)))
                    .collect();
                opponents.insert("players".into(), Value::Array(players));
            }
        }
        let mut game = toml::Table::new();
        game.insert(
            "payoffs".into(),
            match &self.payoffs_preset {
                Some(name) => Value::String(name.clone()),
                None => {
                    let p = self.settings.payoffs;
                    let mut t = toml::Table::new();
                    for (key, value) in [("R", p.r), ("S", p.s), ("T", p.t), ("P", p.p)] {
                        t.insert(key.into(), Value::Float(value));
                    }
                    Value::Table(t)
                }
            },
        );
        let mut match_ = toml::Table::new();
        match self.settings.horizon {
            Horizon::Fixed { turns } => {
                match_.insert("turns".into(), Value::Integer(turns.into()));
            }
            Horizon::Random { continuation, cap } => {
                match_.insert("continuation".into(), Value::Float(continuation));
                if let Some(cap) = cap {
                    match_.insert("cap".into(), Value::Integer(cap.into()));
                }
            }
        }
        match_.insert("noise".into(), Value::Float(self.settings.noise));
        match_.insert(
            "repetitions".into(),
            Value::Integer(self.repetitions.into()),
        );
        let mut output = toml::Table::new();
        output.insert("charts".into(), Value::Boolean(self.charts));
        crate::scenario::chart_options::write(&self.chart_style, &mut output);
        let g = self.genetic;
        let resolved = Resolved {
            name: &self.name,
            kind: "train",
            seed: self.seed,
            representation,
            algorithm: Algorithm {
                kind: if g.swarm.is_some() {
                    "swarm"
                } else {
                    "genetic"
                },
                population: g.population,
                generations: g.generations,
                mutation: g.swarm.is_none().then_some(g.mutation),
                crossover: g.swarm.is_none().then_some(g.crossover.id()),
                keep: g.swarm.is_none().then_some(g.keep),
                inertia: g.swarm.map(|w| w.inertia),
                cognitive: g.swarm.map(|w| w.cognitive),
                social: g.swarm.map(|w| w.social),
                // Written only when not the default, so that a run of one
                // restart keeps the bytes of the first slice.
                restarts: (self.restarts > 1).then_some(self.restarts),
                checkpoint: self.checkpoint,
            },
            objective,
            opponents,
            game,
            match_,
            output,
        };
        toml::to_string(&resolved).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

/// A named line-up's players: `first-tournament` (the first tournament's
/// fifteen entries) or `catalogue` (every catalogue strategy with its
/// default parameters, then every shipped strategy file, those axelrod
/// classifies as long-running and the meta players left out).
pub fn line_up(name: &str) -> Option<Result<Vec<Player>, String>> {
    let build = |id: &str| PlayerSpec::new(id).build().map_err(|e| e.to_string());
    match name {
        "first-tournament" => Some(FIRST_TOURNAMENT.iter().map(|id| build(id)).collect()),
        "catalogue" => Some((|| {
            let mut players = Vec::new();
            for info in CATALOGUE.iter() {
                let player = build(info.id)?;
                if !player.long_run_time() {
                    players.push(player);
                }
            }
            let mut chain = Chain::default();
            for file in SHIPPED.iter().filter(|f| f.kind != "meta") {
                let player = shipped_player(file, &mut chain).map_err(|e| e.text(file.id))?;
                if !player.long_run_time() {
                    players.push(player);
                }
            }
            Ok(players)
        })()),
        _ => None,
    }
}

/// Reads a train scenario; `top` has `name`, `kind` and `seed` taken.
pub fn read_train(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
    warnings: &mut Vec<String>,
) -> Result<TrainScenario, ScenarioError> {
    let start = top.span().start;
    let representation = read_representation(top)?;
    let (genetic, (restarts, checkpoint)) = read_algorithm(top, representation)?;
    let objective_table = top.table("objective")?;
    let mut payoffs = Payoffs::STANDARD;
    let mut payoffs_preset = Some("standard".to_string());
    if let Some(mut game) = top.table("game")? {
        if let Some(value) = game.value("payoffs") {
            (payoffs, payoffs_preset) = read_payoffs(&game, value)?;
            let broken = payoffs.dilemma_violations();
            if !broken.is_empty() {
                let (line, _) = game.source().line_column(value.span().start);
                warnings.push(format!(
                    "{}:{line}: warning: game.payoffs ({payoffs}) is not an iterated prisoner's \
                     dilemma: {}",
                    game.source().path.display(),
                    broken.join("; ")
                ));
            }
        }
        game.finish()?;
    }

    let mut horizon = Horizon::Fixed {
        turns: DEFAULT_TURNS,
    };
    let mut noise = 0.0;
    let mut repetitions = DEFAULT_REPETITIONS;
    if let Some(mut table) = top.table("match")? {
        let turns = table.count("turns", 1)?;
        let continuation = table.probability("continuation")?;
        let cap = table.count("cap", 1)?;
        noise = table.probability("noise")?.map_or(0.0, |n| n.value);
        if let Some(r) = table.count("repetitions", 1)? {
            repetitions = r.value;
        }
        horizon = read_horizon(&table, turns, continuation, cap)?;
        table.finish()?;
    }

    let objective = read_objective(objective_table, &payoffs)?;
    let (line_up, opponents) = read_opponents(top, start)?;
    let opponents = opponents
        .into_iter()
        .map(|p| p.with_game(&payoffs))
        .collect();

    let mut charts = true;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }
    Ok(TrainScenario {
        name,
        seed,
        representation,
        genetic,
        restarts,
        checkpoint,
        objective,
        line_up,
        opponents,
        payoffs_preset,
        settings: MatchSettings {
            horizon,
            noise,
            payoffs,
        },
        repetitions,
        charts,
        chart_style,
    })
}

/// Most individuals of the Moran objective's population.
pub const MAX_MORAN_POPULATION: u32 = 100_000;

/// `[objective]`: `kind`, and for `moran` the population size
/// (`population`, 2 to [`MAX_MORAN_POPULATION`], default 10), the process
/// (`process`, "moran" by default or "fermi") and its intensity (`beta`:
/// w in [0, 1] for "moran", default 1; beta >= 0 for "fermi", default 1),
/// as the `invasion` kind's `[selection]`.
fn read_objective(
    table: Option<TableReader<'_>>,
    payoffs: &Payoffs,
) -> Result<Objective, ScenarioError> {
    let Some(mut table) = table else {
        return Ok(Objective::Score);
    };
    let objective = match table.string("kind")? {
        None => Objective::Score,
        Some(kind) => Objective::named(&kind.value).ok_or_else(|| {
            table.error(
                kind.span.start,
                "kind",
                format!(
                    "unknown objective `{}` (allowed: {})",
                    kind.value,
                    crate::train::objective::OBJECTIVES.join(", ")
                ),
            )
        })?,
    };
    let population = table.count("population", 2)?;
    let process = table.string("process")?;
    let beta = table.number("beta")?;
    let Objective::Moran {
        population: default_population,
        ..
    } = objective
    else {
        // Only the Moran objective has parameters.
        let extra = [
            population.as_ref().map(|p| ("population", p.span.start)),
            process.as_ref().map(|p| ("process", p.span.start)),
            beta.as_ref().map(|b| ("beta", b.span.start)),
        ];
        if let Some((key, at)) = extra.into_iter().flatten().next() {
            return Err(table.error(
                at,
                key,
                format!(
                    "`{key}` belongs to kind = \"moran\"; objective `{}` takes no parameters",
                    objective.id()
                ),
            ));
        }
        table.finish()?;
        return Ok(objective);
    };
    let z = match population {
        None => default_population,
        Some(p) if p.value > MAX_MORAN_POPULATION => {
            return Err(table.error(
                p.span.start,
                "population",
                format!(
                    "a population of {} is over the limit of {MAX_MORAN_POPULATION}",
                    p.value
                ),
            ));
        }
        Some(p) => p.value,
    };
    let value = beta.as_ref().map_or(1.0, |b| b.value);
    let at = beta.as_ref().map_or(table.span().start, |b| b.span.start);
    let selection = match process.as_ref().map(|p| p.value.as_str()) {
        None | Some("moran") => {
            if !(0.0..=1.0).contains(&value) {
                return Err(table.error(
                    at,
                    "beta",
                    format!(
                        "for process = \"moran\" the intensity w (fitness 1 - w + w x \
                         payoff) must be between 0 and 1, got {value}"
                    ),
                ));
            }
            let lowest = payoffs.s.min(payoffs.p).min(payoffs.r).min(payoffs.t);
            if 1.0 - value + value * lowest < 0.0 {
                return Err(table.error(
                    at,
                    "beta",
                    format!(
                        "with w = {value} the payoff {lowest} gives a negative fitness \
                         1 - w + w x {lowest}; use w <= {} or process = \"fermi\"",
                        1.0 / (1.0 - lowest)
                    ),
                ));
            }
            Selection::Moran { w: value }
        }
        Some("fermi") => {
            if !(value.is_finite() && value >= 0.0) {
                return Err(table.error(
                    at,
                    "beta",
                    format!("the intensity of selection must be at least 0, got {value}"),
                ));
            }
            Selection::Fermi { beta: value }
        }
        Some(other) => {
            let at = process.as_ref().map_or(0, |p| p.span.start);
            return Err(table.error(
                at,
                "process",
                format!("unknown process `{other}` (allowed: \"moran\", \"fermi\")"),
            ));
        }
    };
    table.finish()?;
    Ok(Objective::Moran {
        population: z,
        selection,
    })
}

fn read_representation(top: &mut TableReader<'_>) -> Result<Representation, ScenarioError> {
    let allowed = REPRESENTATIONS.join(", ");
    let Some(mut table) = top.table("representation")? else {
        return Err(top.error(
            top.span().start,
            "representation",
            format!("missing; say what to train, e.g. [representation] kind = \"lookup\" (allowed: {allowed})"),
        ));
    };
    let kind = table.string("kind")?.ok_or_else(|| {
        table.error(
            table.span().start,
            "kind",
            format!("missing; say what to train (allowed: {allowed})"),
        )
    })?;
    let mut size = |key: &str, limit: usize, what: &str| -> Result<u32, ScenarioError> {
        match table.integer(key)? {
            Some(n) if (1..=limit as i64).contains(&n.value) => Ok(n.value as u32),
            Some(n) => Err(table.error(
                n.span.start,
                key,
                format!(
                    "must be a whole number from 1 to {limit} ({what}), got {}",
                    n.value
                ),
            )),
            None => Err(table.error(
                table.span().start,
                key,
                format!(
                    "missing; {}, 1 to {limit}",
                    what.split(';').next().unwrap_or(what)
                ),
            )),
        }
    };
    let representation = match kind.value.as_str() {
        "lookup" | "gambler" => None,
        "cycle" => Some(Representation::Cycle {
            length: size(
                "length",
                MAX_CYCLE_LENGTH as usize,
                "the moves of the cycle",
            )?,
        }),
        "fsm" => Some(Representation::Fsm {
            states: size(
                "states",
                FSM_STATES,
                "the machine's states; the most an `fsm` strategy file holds",
            )?,
        }),
        "hmm" => Some(Representation::Hmm {
            states: size(
                "states",
                HMM_STATES,
                "the model's hidden states; the most an `hmm` strategy file holds",
            )?,
        }),
        "ann" => Some(Representation::Ann {
            hidden: size(
                "hidden",
                ANN_HIDDEN,
                "the network's hidden units; the most an `ann` strategy file holds",
            )?,
        }),
        other => {
            return Err(table.error(
                kind.span.start,
                "kind",
                format!("unknown representation `{other}` (allowed: {allowed})"),
            ));
        }
    };
    if let Some(representation) = representation {
        table.finish()?;
        return Ok(representation);
    }
    let mut part = |key: &str, default: u32| -> Result<(u32, usize), ScenarioError> {
        match table.integer(key)? {
            None => Ok((default, table.span().start)),
            Some(n) if (0..=MAX_KEY_PART as i64).contains(&n.value) => {
                Ok((n.value as u32, n.span.start))
            }
            Some(n) => Err(table.error(
                n.span.start,
                key,
                format!(
                    "must be a whole number of moves from 0 to {MAX_KEY_PART}, got {} (a lookup \
                     table has 2^(own + opponent + opponent_first) entries)",
                    n.value
                ),
            )),
        }
    };
    let (own, _) = part("own", 1)?;
    let (opponent, _) = part("opponent", 1)?;
    let (opponent_first, at) = part("opponent_first", 0)?;
    if own + opponent + opponent_first > MAX_KEY_LENGTH {
        return Err(table.error(
            at,
            "opponent_first",
            format!(
                "own + opponent + opponent_first = {}; a key holds at most {MAX_KEY_LENGTH} \
                 moves (a table of 65 536 entries)",
                own + opponent + opponent_first
            ),
        ));
    }
    table.finish()?;
    Ok(if kind.value == "gambler" {
        Representation::Gambler {
            own,
            opponent,
            opponent_first,
        }
    } else {
        Representation::Lookup {
            own,
            opponent,
            opponent_first,
        }
    })
}

fn read_algorithm(
    top: &mut TableReader<'_>,
    representation: Representation,
) -> Result<(Genetic, (u32, Option<u32>)), ScenarioError> {
    let Some(mut table) = top.table("algorithm")? else {
        return Err(top.error(
            top.span().start,
            "algorithm",
            "missing; say how to train, e.g. [algorithm] kind = \"genetic\", population = 40, \
             generations = 100",
        ));
    };
    let mut swarm = false;
    if let Some(kind) = table.string("kind")? {
        match kind.value.as_str() {
            "genetic" => {}
            "swarm" if representation.is_real_valued() => swarm = true,
            "swarm" => {
                return Err(table.error(
                    kind.span.start,
                    "kind",
                    format!(
                        "a particle swarm moves real numbers; it trains {} (representation.kind \
                         {} is not one of them: use kind = \"genetic\")",
                        REAL_VALUED.join(" and "),
                        representation.id()
                    ),
                ));
            }
            other => {
                return Err(table.error(
                    kind.span.start,
                    "kind",
                    format!(
                        "unknown algorithm `{other}` (allowed: {})",
                        ALGORITHMS.join(", ")
                    ),
                ));
            }
        }
    }
    let population = match table.integer("population")? {
        None => {
            return Err(table.error(
                table.span().start,
                "population",
                format!("missing; candidates per generation, 2 to {MAX_POPULATION}"),
            ));
        }
        Some(n) if (2..=MAX_POPULATION as i64).contains(&n.value) => {
            let layout = representation.layout();
            let copies = if swarm { 3 } else { 1 };
            let each = copies * (layout.moves + 4 * layout.states + 8 * layout.reals) as u64;
            let bytes = n.value as u64 * each;
            if bytes > MAX_GENES {
                return Err(table.error(
                    n.span.start,
                    "population",
                    format!(
                        "{} candidates of {} genes ({}, {each} bytes each) hold {bytes} bytes, \
                         more than the {MAX_GENES} (64 MB) allowed; use a smaller population or \
                         representation",
                        n.value,
                        representation.genes(),
                        representation.describe()
                    ),
                ));
            }
            n.value as u32
        }
        Some(n) => {
            return Err(table.error(
                n.span.start,
                "population",
                format!(
                    "must be a whole number from 2 to {MAX_POPULATION}, got {}",
                    n.value
                ),
            ));
        }
    };
    let generations = match table.integer("generations")? {
        None => {
            return Err(table.error(
                table.span().start,
                "generations",
                format!("missing; generations to evaluate, 1 to {MAX_GENERATIONS}"),
            ));
        }
        Some(n) if (1..=MAX_GENERATIONS as i64).contains(&n.value) => n.value as u32,
        Some(n) => {
            return Err(table.error(
                n.span.start,
                "generations",
                format!(
                    "must be a whole number from 1 to {MAX_GENERATIONS}, got {}",
                    n.value
                ),
            ));
        }
    };
    let (mutation, crossover, keep, swarm) = if swarm {
        let mut weight = |key: &str| -> Result<f64, ScenarioError> {
            match table.number(key)? {
                None => Ok(DEFAULT_WEIGHT),
                Some(w) if (0.0..=MAX_WEIGHT).contains(&w.value) => Ok(w.value),
                Some(w) => Err(table.error(
                    w.span.start,
                    key,
                    format!(
                        "must be a number from 0 to {MAX_WEIGHT} (default {DEFAULT_WEIGHT}), got {}",
                        w.value
                    ),
                )),
            }
        };
        let swarm = Swarm {
            inertia: weight("inertia")?,
            cognitive: weight("cognitive")?,
            social: weight("social")?,
        };
        (0.0, Crossover::None, 1, Some(swarm))
    } else {
        let mutation = table
            .probability("mutation")?
            .map_or(DEFAULT_MUTATION, |m| m.value);
        let crossover = match table.string("crossover")? {
            None => Crossover::OnePoint,
            Some(c) => Crossover::named(&c.value).ok_or_else(|| {
                table.error(
                    c.span.start,
                    "crossover",
                    format!(
                        "unknown crossover `{}` (allowed: {})",
                        c.value,
                        CROSSOVERS.join(", ")
                    ),
                )
            })?,
        };
        let keep = match table.integer("keep")? {
            None => (population / 4).max(1),
            Some(k) if k.value >= 1 && k.value < population as i64 => k.value as u32,
            Some(k) => {
                return Err(table.error(
                    k.span.start,
                    "keep",
                    format!(
                        "must be a whole number from 1 to {} (below the population, {population}, so \
                         that children are bred), got {}",
                        population - 1,
                        k.value
                    ),
                ));
            }
        };
        (mutation, crossover, keep, None)
    };
    let restarts = match table.integer("restarts")? {
        None => 1,
        Some(r) if (1..=MAX_RESTARTS as i64).contains(&r.value) => r.value as u32,
        Some(r) => {
            return Err(table.error(
                r.span.start,
                "restarts",
                format!(
                    "must be a whole number from 1 to {MAX_RESTARTS}, got {}",
                    r.value
                ),
            ));
        }
    };
    let checkpoint = match table.integer("checkpoint")? {
        None => None,
        Some(c) if (1..=MAX_GENERATIONS as i64).contains(&c.value) => Some(c.value as u32),
        Some(c) => {
            return Err(table.error(
                c.span.start,
                "checkpoint",
                format!(
                    "must be a whole number of generations from 1 to {MAX_GENERATIONS}, got {}",
                    c.value
                ),
            ));
        }
    };
    table.finish()?;
    Ok((
        Genetic {
            population,
            generations,
            mutation,
            crossover,
            keep,
            swarm,
        },
        (restarts, checkpoint),
    ))
}

fn read_opponents(
    top: &mut TableReader<'_>,
    start: usize,
) -> Result<(Option<String>, Vec<Player>), ScenarioError> {
    let Some(mut table) = top.table("opponents")? else {
        return Err(top.error(
            start,
            "opponents",
            format!(
                "missing; say whom to train against: [opponents] players = [...] or line_up = \
                 one of {}",
                LINE_UPS.join(", ")
            ),
        ));
    };
    let source = table.source();
    let named = table.string("line_up")?;
    let list = table.array("players")?;
    let result = match (named, list) {
        (Some(_), Some(list)) => Err(table.error(
            list.span.start,
            "players",
            "give either `players` or `line_up`, not both",
        )),
        (None, None) => Err(table.error(
            table.span().start,
            "players",
            format!(
                "missing; give `players = [...]` (strategy ids, names or files) or `line_up` \
                 (allowed: {})",
                LINE_UPS.join(", ")
            ),
        )),
        (Some(name), None) => match line_up(&name.value) {
            None => Err(table.error(
                name.span.start,
                "line_up",
                format!(
                    "unknown line-up `{}` (allowed: {})",
                    name.value,
                    LINE_UPS.join(", ")
                ),
            )),
            Some(Err(message)) => Err(table.error(name.span.start, "line_up", message)),
            Some(Ok(players)) => Ok((Some(name.value), players)),
        },
        (None, Some(list)) => {
            if list.value.is_empty() {
                return Err(table.error(
                    list.span.start,
                    "players",
                    "is empty; training needs at least one opponent",
                ));
            }
            let mut chain = Chain::default();
            let mut players = Vec::new();
            let field = table.field("players");
            for (index, item) in list.value.iter().enumerate() {
                let (_, player) =
                    read_player_entry(source, &format!("{field}[{index}]"), item, &mut chain)?;
                players.push(player);
            }
            Ok((None, players))
        }
    }?;
    table.finish()?;
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Scenario, Source, parse};
    use std::path::Path;

    fn load(text: &str) -> TrainScenario {
        let source = Source {
            path: Path::new("t.toml").to_path_buf(),
            text: text.to_string(),
        };
        match parse(&source, Path::new("t.toml"))
            .unwrap_or_else(|e| panic!("{e}"))
            .scenario
        {
            Scenario::Train(s) => *s,
            other => panic!("{other:?}"),
        }
    }

    const TEXT: &str = "kind = \"train\"\nname = \"t\"\n\
        [representation]\nkind = \"lookup\"\nopponent_first = 2\n\
        [algorithm]\npopulation = 8\ngenerations = 3\ncrossover = \"uniform\"\n\
        [opponents]\nplayers = [\"tit-for-tat\", { strategy = \"random\", p = 0.25 }, \
        { strategy = { kind = \"cycle\", name = \"CD\", cycle = \"CD\" } }]\n\
        [match]\ncontinuation = 0.9\ncap = 50\nnoise = 0.01\nrepetitions = 2\n";

    #[test]
    fn defaults_are_filled_in_and_the_resolved_scenario_reads_back_the_same() {
        let s = load(TEXT);
        assert_eq!(
            s.representation,
            Representation::Lookup {
                own: 1,
                opponent: 1,
                opponent_first: 2
            }
        );
        assert_eq!(s.genetic.keep, 2, "population / 4");
        assert_eq!(s.genetic.mutation, DEFAULT_MUTATION);
        assert_eq!(s.genetic.crossover, Crossover::Uniform);
        assert_eq!(s.objective, Objective::Score);
        assert_eq!(s.opponents.len(), 3);
        assert_eq!(s.opponents[1].name, "Random: 0.25");
        let resolved = s.resolved_toml();
        let again = load(&resolved);
        assert_eq!(again.resolved_toml(), resolved);
        assert_eq!(again.opponents[2].name, "CD");
        // One restart and no checkpoint are not written (the first slice's
        // bytes); others are, and read back.
        assert_eq!((s.restarts, s.checkpoint), (1, None));
        assert!(!resolved.contains("restarts") && !resolved.contains("checkpoint"));
        let more = load(&TEXT.replace(
            "generations = 3",
            "generations = 3\nrestarts = 5\ncheckpoint = 2",
        ));
        assert_eq!((more.restarts, more.checkpoint), (5, Some(2)));
        let resolved = more.resolved_toml();
        assert!(resolved.contains("restarts = 5") && resolved.contains("checkpoint = 2"));
        assert_eq!(load(&resolved).resolved_toml(), resolved);
    }

    #[test]
    fn the_work_weighs_the_trained_kind_and_repeats_a_drawing_candidate() {
        let text = |representation: &str| {
            format!(
                "kind = \"train\"\n[representation]\n{representation}\n\
                 [algorithm]\npopulation = 10\ngenerations = 7\n\
                 [opponents]\nplayers = [\"tit-for-tat\"]\n\
                 [match]\nturns = 100\nrepetitions = 4\n[output]\ncharts = false\n"
            )
        };
        let training = |representation: &str| {
            let s = load(&text(representation));
            let tournament = crate::scenario::work::tournament_turns(
                &s.final_tournament(s.representation.sample_player())
                    .tournament(),
            );
            crate::scenario::work::train_turns(&s) - tournament
        };
        // A deterministic kind plays Tit For Tat once: 7 x 10 x 100 turns.
        assert_eq!(training("kind = \"fsm\"\nstates = 4"), 7_000);
        // A gambler draws: every repetition.
        assert_eq!(training("kind = \"gambler\""), 4 * 7_000);
        // A network of 15 units: its moves cost 1 + 0.1 x 17 x 15 = 26.5
        // ordinary moves, rounded up (ipd::strategies::cost), the
        // opponent's 1.
        let ann = training("kind = \"ann\"\nhidden = 15");
        assert_eq!(ann, (27 + 1) * 7_000 * 100 / 200);
    }

    #[test]
    fn line_ups_hold_what_they_say() {
        let first = line_up("first-tournament").unwrap().unwrap();
        assert_eq!(first.len(), 15);
        assert_eq!(first[0].name, "Tit For Tat");
        let catalogue = line_up("catalogue").unwrap().unwrap();
        assert!(catalogue.len() > 200, "{}", catalogue.len());
        assert!(catalogue.iter().all(|p| !p.long_run_time()));
        assert!(line_up("second-tournament").is_none());
    }

    #[test]
    fn the_work_counts_a_deterministic_pair_once_and_the_rest_every_repetition() {
        let text = "kind = \"train\"\n[representation]\nkind = \"cycle\"\nlength = 3\n\
            [algorithm]\npopulation = 10\ngenerations = 7\n\
            [opponents]\nplayers = [\"tit-for-tat\", \"random\"]\n\
            [match]\nturns = 100\nrepetitions = 4\n[output]\ncharts = false\n";
        let s = load(text);
        // Per candidate: TFT once, Random 4 times, 100 turns each.
        let training = 7 * 10 * (1 + 4) * 100;
        let tournament = crate::scenario::work::tournament_turns(
            &s.final_tournament(PlayerSpec::new("defector").build().unwrap())
                .tournament(),
        );
        assert_eq!(
            crate::scenario::work::train_turns(&s),
            training + tournament
        );
    }

    #[test]
    fn the_paper_recipe_holds_the_papers_settings() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios/reference/train-lookup-catalogue.toml");
        let loaded = crate::scenario::load(&path).unwrap();
        let crate::scenario::Scenario::Train(s) = &loaded.scenario else {
            panic!("a train scenario");
        };
        assert_eq!(
            s.representation,
            Representation::Lookup {
                own: 2,
                opponent: 2,
                opponent_first: 2
            }
        );
        let g = s.genetic;
        assert_eq!(
            (g.population, g.generations, g.keep, g.mutation),
            (40, 500, 10, 0.1)
        );
        assert_eq!((s.restarts, s.repetitions), (4, 10));
        assert_eq!(s.line_up.as_deref(), Some("catalogue"));
        assert_eq!(
            s.opponents.len(),
            line_up("catalogue").unwrap().unwrap().len()
        );
    }

    #[test]
    fn the_moran_objective_reads_its_process_and_refuses_negative_fitness() {
        let text = "kind = \"train\"\n[representation]\nkind = \"cycle\"\nlength = 3\n\
            [algorithm]\npopulation = 10\ngenerations = 7\n\
            [objective]\nkind = \"moran\"\npopulation = 30\nprocess = \"fermi\"\nbeta = 2.5\n\
            [opponents]\nplayers = [\"tit-for-tat\"]\n[output]\ncharts = false\n";
        let s = load(text);
        assert_eq!(
            s.objective,
            Objective::Moran {
                population: 30,
                selection: Selection::Fermi { beta: 2.5 }
            }
        );
        let resolved = s.resolved_toml();
        assert_eq!(load(&resolved).objective, s.objective);
        let defaults =
            load(&text.replace("population = 30\nprocess = \"fermi\"\nbeta = 2.5\n", ""));
        assert_eq!(
            defaults.objective,
            Objective::Moran {
                population: 10,
                selection: Selection::Moran { w: 1.0 }
            }
        );
        // S = -1 with w = 1 would give a fitness of -1.
        let negative = text.replace("process = \"fermi\"\nbeta = 2.5\n", "")
            + "[game]\npayoffs = { R = 3, S = -1, T = 5, P = 1 }\n";
        let source = Source {
            path: Path::new("t.toml").to_path_buf(),
            text: negative,
        };
        let error = parse(&source, Path::new("t.toml")).unwrap_err().to_string();
        assert!(
            error.contains("objective.beta") && error.contains("w <= 0.5"),
            "{error}"
        );
    }
}
