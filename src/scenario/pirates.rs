//! The `pirates` scenario kind: one pirate split solved by backward
//! induction, plus the survival pattern over a range of N.
//!
//! ```toml
//! name = "pirates-classic"
//! kind = "pirates"
//! [game]
//! pirates = 5                  # required, 1 to 1000000 (work limit: see below)
//! coins = 100                  # required, 0 or more
//! majority = "tie-passes"      # or "strict" (default tie-passes)
//! temperament = "bloodthirsty" # or "benevolent" (default bloodthirsty)
//! tie_break = "junior"         # or "senior" (default junior)
//! [output]
//! charts = true                # default true
//! list = 10                    # equally good proposals listed (default 10, at most 1000)
//! survival_max = 270           # survival chart for N = 1..survival_max
//!                              # (default max(pirates, min(2 coins + 66, 10000)),
//!                              # at most 1000000)
//! ```
//!
//! The work is checked like every kind's (`scenario::work`): both
//! inductions, N (N + 1) / 2 steps each for `pirates` and `survival_max`,
//! against the pirate command's limit, lifted by `dilemma run --no-limit`
//! or `[limits] none = true`; 1,000,000 pirates stays the hard memory bound.

use crate::dilemmas::pirates::alternatives::MAX_LISTED;
use crate::dilemmas::pirates::rules::parse_rules;
use crate::dilemmas::pirates::rules::{HARD_MAX_PIRATES, MAX_PIRATES};
use crate::dilemmas::pirates::{PirateError, PirateGame};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;

/// A validated pirates scenario.
#[derive(Clone, Debug)]
pub struct PiratesScenario {
    /// Results folder name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Seed (unused by the exact analysis; kept for the record).
    pub seed: u64,
    /// The game.
    pub game: PirateGame,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
    /// Equally good proposals listed.
    pub list: usize,
    /// Largest N of the survival chart.
    pub survival_max: usize,
}

impl PiratesScenario {
    /// The scenario with every default written out.
    pub fn resolved_toml(&self) -> String {
        let mut top = toml::Table::new();
        top.insert("name".into(), self.name.clone().into());
        top.insert("kind".into(), "pirates".into());
        if let Some(d) = &self.description {
            top.insert("description".into(), d.clone().into());
        }
        top.insert("seed".into(), toml::Value::Integer(self.seed as i64));
        let mut game = toml::Table::new();
        game.insert(
            "pirates".into(),
            toml::Value::Integer(self.game.pirates as i64),
        );
        game.insert("coins".into(), toml::Value::Integer(self.game.coins as i64));
        game.insert("majority".into(), self.game.rules.majority.name().into());
        game.insert(
            "temperament".into(),
            self.game.rules.temperament.name().into(),
        );
        game.insert("tie_break".into(), self.game.rules.tie_break.name().into());
        top.insert("game".into(), toml::Value::Table(game));
        let mut output = toml::Table::new();
        output.insert("charts".into(), self.charts.into());
        crate::scenario::chart_options::write(&self.chart_style, &mut output);
        output.insert("list".into(), toml::Value::Integer(self.list as i64));
        output.insert(
            "survival_max".into(),
            toml::Value::Integer(self.survival_max as i64),
        );
        top.insert("output".into(), toml::Value::Table(output));
        toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"))
    }
}

/// Reads the pirates-specific parts; `top` has `name`, `kind`, `seed` taken.
pub fn read_pirates(
    top: &mut TableReader<'_>,
    name: String,
    seed: u64,
) -> Result<PiratesScenario, ScenarioError> {
    let description = top.string("description")?.map(|d| d.value);
    let Some(mut game) = top.table("game")? else {
        return Err(top.error(
            top.span().start,
            "game",
            "missing; a pirates scenario needs [game] with pirates and coins",
        ));
    };
    let pirates = game.integer("pirates")?.ok_or_else(|| {
        game.error(
            game.span().start,
            "pirates",
            "missing; how many pirates (1 to 1000000)?",
        )
    })?;
    let coins = game.integer("coins")?.ok_or_else(|| {
        game.error(
            game.span().start,
            "coins",
            "missing; how many coins (0 or more)?",
        )
    })?;
    let mut names = Vec::new();
    for (key, default) in [
        ("majority", "tie-passes"),
        ("temperament", "bloodthirsty"),
        ("tie_break", "junior"),
    ] {
        let value = game.string(key)?;
        let start = value.as_ref().map_or(game.span().start, |v| v.span.start);
        names.push((key, value.map_or(default.to_string(), |v| v.value), start));
    }
    let rules = parse_rules(&names[0].1, &names[1].1, &names[2].1).map_err(|message| {
        let (key, _, start) = names
            .iter()
            .find(|(key, _, _)| message.contains(&key.replace('_', "-")))
            .cloned()
            .unwrap_or(names[0].clone());
        game.error(start, key, message)
    })?;
    let solved = PirateGame::new_at_most(pirates.value, coins.value, rules, HARD_MAX_PIRATES)
        .map_err(|e| match e {
            PirateError::Pirates { .. } => game.error(pirates.span.start, "pirates", e.to_string()),
            PirateError::Coins { .. } => game.error(coins.span.start, "coins", e.to_string()),
        })?;
    game.finish()?;
    let mut charts = true;
    let mut list = 10;
    // The coins' part of the default stays within the old fixed bound; a
    // game of more pirates is charted to its own N.
    let default_max = (solved.pirates)
        .max((2 * solved.coins.min(50_000) as usize + 66).min(MAX_PIRATES as usize));
    let mut survival_max = default_max;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        if let Some(n) = output.count("list", 1)? {
            if n.value as usize > MAX_LISTED {
                return Err(output.error(
                    n.span.start,
                    "list",
                    format!("must be from 1 to {MAX_LISTED}, got {}", n.value),
                ));
            }
            list = n.value as usize;
        }
        if let Some(n) = output.count("survival_max", 1)? {
            if i64::from(n.value) > HARD_MAX_PIRATES {
                return Err(output.error(
                    n.span.start,
                    "survival_max",
                    format!("must be at most {HARD_MAX_PIRATES}, got {}", n.value),
                ));
            }
            survival_max = n.value as usize;
        }
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }
    Ok(PiratesScenario {
        name,
        description,
        seed,
        game: solved,
        charts,
        chart_style,
        list,
        survival_max,
    })
}
