//! The `game`, `pigs` and `travelers` scenario kinds.
//!
//! ```toml
//! kind = "game"
//! game = "games/stag-hunt.toml"      # a game file (.toml or Gambit .nfg) relative to
//!                                    # this file's folder, or a preset name; or a table:
//! [game]
//! preset = "battle-of-the-sexes"     # or the fields of a TOML game file (rows, cols, ...)
//!
//! kind = "pigs"
//! [game]
//! preset = "seed-modified"           # seed | seed-modified | textbook (default textbook)
//! both_press = "5/8"                 # optional overrides: food, cost, big_presses, small_presses, both_press
//!                                    # (both_press = "default": the documented (big_presses + small_presses) / 2)
//! [sweep]                            # optional: exact regions over one parameter
//! parameter = "both_press"           # food | cost | big_presses | small_presses | both_press
//! from = 0                           # default 0
//! to = 1                             # default 1
//! steps = 40                         # grid of sweep.csv (default 20, at most 1000)
//! # or a 2-D region map: [sweep.x] and [sweep.y], each with the four fields
//! # above (steps = cells along that axis, default 20, at most 400).
//!
//! kind = "travelers"
//! [game]
//! low = 2                            # default 2
//! high = 100                         # default 100
//! bonus = 2                          # default 2
//! [qre]
//! lambda = 0.1                       # precision for the mean claim against R (default 0.1)
//! lambda_max = 2.0                   # end of the traced branch (default 2)
//! bonuses = [1.5, 2, 5, 10, 20, 30, 50, 80]
//! ```
//! `[output] charts = true` (default) draws the charts.

use crate::dilemmas::pigs::PigsGame;
use crate::dilemmas::pigs::game::PARAMETERS;
use crate::dilemmas::pigs::regions::{Axis, MAX_MAP_STEPS};
use crate::dilemmas::presets::preset;
use crate::dilemmas::travelers::TravelersGame;
use crate::normal_form::game::Bimatrix;
use crate::normal_form::nfg::read_nfg;
use crate::normal_form::rational::Rational;
use crate::scenario::error::ScenarioError;
use crate::scenario::error::Source;
use crate::scenario::game_file::{parse_game_file, read_game_table};
use crate::scenario::reader::TableReader;
use toml::de::DeValue;

/// What a normal-form scenario studies.
#[derive(Clone, Debug)]
pub enum Study {
    /// A bimatrix game.
    Game(Bimatrix),
    /// Boxed pigs with no sweep, a 1-D sweep (one axis) or a 2-D region map
    /// (two axes: horizontal, vertical).
    Pigs(PigsGame, Vec<Axis>),
    /// Traveler's dilemma with QRE settings (lambda, lambda_max, bonuses).
    Travelers(TravelersGame, f64, f64, Vec<Rational>),
}

/// A validated `game`, `pigs` or `travelers` scenario.
#[derive(Clone, Debug)]
pub struct NormalFormScenario {
    /// Results folder name.
    pub name: String,
    /// Seed (unused: the analyses are exact or deterministic).
    pub seed: u64,
    /// The study.
    pub study: Study,
    /// Draw charts.
    pub charts: bool,
    /// How charts are drawn (`[output]` width, height, dpi, format, title, font_size).
    pub chart_style: crate::output::charts::ChartStyle,
    /// The game file named by `game = "..."`, as written in the scenario, or the one
    /// a resolved scenario's first line names (its game written out in full).
    pub game_file: Option<String>,
    /// Where the payoffs of a `game` study are written (`game` naming a
    /// file, or `game.row_payoffs`): an error with an empty message, for
    /// failures the payoffs cause while the game is analysed (an exact
    /// analysis that overflows). None for presets, pigs and travelers.
    pub payoffs_at: Option<ScenarioError>,
}

fn rational(t: &mut TableReader<'_>, key: &str) -> Result<Option<Rational>, ScenarioError> {
    let Some(v) = t.value(key) else {
        return Ok(None);
    };
    let text = match v.get_ref() {
        DeValue::Integer(i) => i.as_str().to_string(),
        DeValue::Float(f) => f.as_str().to_string(),
        DeValue::String(s) => s.to_string(),
        _ => {
            return Err(t.error(
                v.span().start,
                key,
                "expected a number (integer, decimal or \"3/4\")",
            ));
        }
    };
    Rational::parse(&text)
        .map(Some)
        .map_err(|e| t.error(v.span().start, key, e.to_string()))
}

impl NormalFormScenario {
    /// The kind name.
    pub fn kind(&self) -> &'static str {
        match self.study {
            Study::Game(_) => "game",
            Study::Pigs(..) => "pigs",
            Study::Travelers(..) => "travelers",
        }
    }

    /// The scenario with every default written out.
    pub fn resolved_toml(&self) -> String {
        let mut top = toml::Table::new();
        top.insert("name".into(), self.name.clone().into());
        top.insert("kind".into(), self.kind().into());
        top.insert("seed".into(), toml::Value::Integer(self.seed as i64));
        let mut game = toml::Table::new();
        let s = |r: &Rational| toml::Value::String(r.to_string());
        match &self.study {
            Study::Game(g) => {
                game.insert("title".into(), g.title.clone().into());
                game.insert(
                    "players".into(),
                    toml::Value::Array(g.players.iter().map(|p| p.clone().into()).collect()),
                );
                game.insert(
                    "rows".into(),
                    toml::Value::Array(g.rows.iter().map(|p| p.clone().into()).collect()),
                );
                game.insert(
                    "cols".into(),
                    toml::Value::Array(g.cols.iter().map(|p| p.clone().into()).collect()),
                );
                let m = |u: &Vec<Vec<Rational>>| {
                    toml::Value::Array(
                        u.iter()
                            .map(|r| toml::Value::Array(r.iter().map(s).collect()))
                            .collect(),
                    )
                };
                game.insert("row_payoffs".into(), m(&g.a));
                game.insert("col_payoffs".into(), m(&g.b));
            }
            Study::Pigs(p, sweep) => {
                game.insert("food".into(), s(&p.food));
                game.insert("cost".into(), s(&p.cost));
                game.insert("big_presses".into(), s(&p.big_presses));
                game.insert("small_presses".into(), s(&p.small_presses));
                game.insert(
                    "both_press".into(),
                    if p.both_press_defaulted {
                        "default".into()
                    } else {
                        s(&p.both_press)
                    },
                );
                let axis_table = |a: &Axis| {
                    let mut t = toml::Table::new();
                    t.insert("parameter".into(), a.parameter.clone().into());
                    t.insert("from".into(), s(&a.from));
                    t.insert("to".into(), s(&a.to));
                    t.insert("steps".into(), toml::Value::Integer(i64::from(a.steps)));
                    t
                };
                match sweep.as_slice() {
                    [a] => {
                        top.insert("sweep".into(), toml::Value::Table(axis_table(a)));
                    }
                    [x, y] => {
                        let mut t = toml::Table::new();
                        t.insert("x".into(), toml::Value::Table(axis_table(x)));
                        t.insert("y".into(), toml::Value::Table(axis_table(y)));
                        top.insert("sweep".into(), toml::Value::Table(t));
                    }
                    _ => {}
                }
            }
            Study::Travelers(g, lambda, lambda_max, bonuses) => {
                game.insert("low".into(), toml::Value::Integer(g.low));
                game.insert("high".into(), toml::Value::Integer(g.high));
                game.insert("bonus".into(), s(&g.bonus));
                let mut q = toml::Table::new();
                q.insert("lambda".into(), (*lambda).into());
                q.insert("lambda_max".into(), (*lambda_max).into());
                q.insert(
                    "bonuses".into(),
                    toml::Value::Array(bonuses.iter().map(s).collect()),
                );
                top.insert("qre".into(), toml::Value::Table(q));
            }
        }
        top.insert("game".into(), toml::Value::Table(game));
        let mut output = toml::Table::new();
        output.insert("charts".into(), self.charts.into());
        crate::scenario::chart_options::write(&self.chart_style, &mut output);
        top.insert("output".into(), toml::Value::Table(output));
        let text = toml::to_string(&top).unwrap_or_else(|e| format!("# could not write: {e}\n"));
        match &self.game_file {
            Some(f) => format!("{GAME_FILE_NOTE}{f}{GAME_FILE_NOTE_END}\n{text}"),
            None => text,
        }
    }
}

/// The first line of a resolved `game` scenario whose game was read from a file:
/// `{GAME_FILE_NOTE}<file>{GAME_FILE_NOTE_END}`.
const GAME_FILE_NOTE: &str = "# The game was read from ";
const GAME_FILE_NOTE_END: &str = "; it is written out in full below.";

/// The game file a resolved scenario's first line names (see [`GAME_FILE_NOTE`]): a
/// results folder's own `scenario.toml`, run again, keeps the note, so the folder it
/// writes is the same.
fn noted_game_file(text: &str) -> Option<String> {
    let first = text.lines().next()?;
    let file = first
        .strip_prefix(GAME_FILE_NOTE)?
        .strip_suffix(GAME_FILE_NOTE_END)?;
    (!file.is_empty()).then(|| file.to_string())
}

/// Reads a `game`, `pigs` or `travelers` scenario; `top` has `name`, `kind`, `seed` taken.
pub fn read_normal_form(
    top: &mut TableReader<'_>,
    kind: &str,
    name: String,
    seed: u64,
) -> Result<NormalFormScenario, ScenarioError> {
    let _ = top.string("description")?;
    if kind == "game"
        && let Some(v) = top.value("game")
        && let DeValue::String(spec) = v.get_ref()
    {
        let (g, file) = read_game_spec(top, spec, v.span().start)?;
        let payoffs_at = file
            .is_some()
            .then(|| top.error(v.span().start, "game", ""));
        let (charts, chart_style) = read_output(top)?;
        return Ok(NormalFormScenario {
            name,
            seed,
            study: Study::Game(g),
            charts,
            chart_style,
            game_file: file,
            payoffs_at,
        });
    }
    let mut game = top.table("game")?.ok_or_else(|| {
        top.error(
            top.span().start,
            "game",
            format!("missing; a {kind} scenario needs a [game] table"),
        )
    })?;
    let mut payoffs_at = None;
    let study = match kind {
        "game" => {
            let chosen = game.string("preset")?;
            if chosen.is_none() {
                payoffs_at = game
                    .value("row_payoffs")
                    .map(|v| v.span().start)
                    .map(|offset| game.error(offset, "row_payoffs", ""));
            }
            let g = match chosen {
                Some(p) => match preset(&p.value) {
                    Ok(Some(g)) => g,
                    Ok(None) => {
                        return Err(game.error(
                            p.span.start,
                            "preset",
                            format!(
                                "unknown preset `{}` (allowed: {})",
                                p.value,
                                crate::dilemmas::presets::preset_names().join(", ")
                            ),
                        ));
                    }
                    Err(e) => return Err(game.error(p.span.start, "preset", e)),
                },
                None => read_game_table(&mut game)?,
            };
            Study::Game(g)
        }
        "pigs" => {
            let p = game.string("preset")?;
            let base = match &p {
                Some(p) => PigsGame::preset(&p.value).ok_or_else(|| {
                    game.error(
                        p.span.start,
                        "preset",
                        "unknown preset (allowed: seed, seed-modified, textbook)",
                    )
                })?,
                None => PigsGame::preset("textbook").expect("preset exists"),
            };
            let food = rational(&mut game, "food")?.unwrap_or(base.food);
            let cost = rational(&mut game, "cost")?.unwrap_or(base.cost);
            let a = rational(&mut game, "big_presses")?;
            let b = rational(&mut game, "small_presses")?;
            let named_default = matches!(
                game.value("both_press").map(|v| v.get_ref()),
                Some(DeValue::String(s)) if s.as_ref() == "default"
            );
            let d = if named_default {
                None
            } else {
                rational(&mut game, "both_press")?
            };
            let both = match d {
                Some(d) => Some(d),
                None if named_default
                    || base.both_press_defaulted
                    || a.is_some()
                    || b.is_some() =>
                {
                    None
                }
                None => Some(base.both_press),
            };
            let g = PigsGame::new(
                food,
                cost,
                a.unwrap_or(base.big_presses),
                b.unwrap_or(base.small_presses),
                both,
            )
            .map_err(|e| game.error(game.span().start, "game", e.to_string()))?;
            let sweep = match top.table("sweep")? {
                None => Vec::new(),
                Some(s) => read_sweep(s, &g)?,
            };
            Study::Pigs(g, sweep)
        }
        _ => {
            let low = game.integer("low")?.map_or(2, |v| v.value);
            let high = game.integer("high")?.map_or(100, |v| v.value);
            let bonus = rational(&mut game, "bonus")?.unwrap_or(Rational::int(2));
            let g = TravelersGame::new(low, high, bonus)
                .map_err(|e| game.error(game.span().start, "game", e.to_string()))?;
            g.check_analysable()
                .map_err(|e| game.error(game.span().start, "bonus", e.to_string()))?;
            let (mut lambda, mut lambda_max) = (0.1, 2.0);
            let mut bonuses: Vec<Rational> = ["1.5", "2", "5", "10", "20", "30", "50", "80"]
                .iter()
                .map(|s| Rational::parse(s).expect("valid"))
                .collect();
            // Where the cost checks below point: the field when given, else
            // the top of the file (the defaults are too costly for the game).
            let (mut lambda_at, mut lambda_max_at) = (top.span().start, top.span().start);
            let mut bonuses_at: Vec<usize> = Vec::new();
            if let Some(mut q) = top.table("qre")? {
                for (key, slot, at) in [
                    ("lambda", &mut lambda, &mut lambda_at),
                    ("lambda_max", &mut lambda_max, &mut lambda_max_at),
                ] {
                    if let Some(v) = q.number(key)? {
                        *at = v.span.start;
                        if !(v.value > 0.0 && v.value <= 100.0) {
                            return Err(q.error(
                                v.span.start,
                                key,
                                format!("must be in (0, 100], got {}", v.value),
                            ));
                        }
                        *slot = v.value;
                    }
                }
                if let Some(list) = q.array("bonuses")? {
                    bonuses.clear();
                    for (k, item) in list.value.iter().enumerate() {
                        let text = match item.get_ref() {
                            DeValue::Integer(i) => i.as_str().to_string(),
                            DeValue::Float(f) => f.as_str().to_string(),
                            DeValue::String(s) => s.to_string(),
                            _ => String::new(),
                        };
                        let r = Rational::parse(&text)
                            .ok()
                            .filter(|r| r.is_positive())
                            .ok_or_else(|| {
                                q.error(
                                    item.span().start,
                                    &format!("bonuses[{}]", k + 1),
                                    "expected a positive number",
                                )
                            })?;
                        bonuses.push(r);
                        bonuses_at.push(item.span().start);
                    }
                    if bonuses.is_empty() {
                        return Err(q.error(list.span.start, "bonuses", "give at least one bonus"));
                    }
                }
                q.finish()?;
            }
            // The cost of every trace together is measured by the work
            // model (scenario::work), so `--no-limit` can lift it.
            Study::Travelers(g, lambda, lambda_max, bonuses)
        }
    };
    game.finish()?;
    let (charts, chart_style) = read_output(top)?;
    let game_file = match study {
        Study::Game(_) => noted_game_file(&top.source().text),
        Study::Pigs(..) | Study::Travelers(..) => None,
    };
    Ok(NormalFormScenario {
        name,
        seed,
        study,
        charts,
        chart_style,
        game_file,
        payoffs_at,
    })
}

fn read_output(
    top: &mut TableReader<'_>,
) -> Result<(bool, crate::output::charts::ChartStyle), ScenarioError> {
    let mut charts = true;
    let mut chart_style = crate::output::charts::ChartStyle::default();
    if let Some(mut output) = top.table("output")? {
        charts = output.boolean("charts")?.is_none_or(|b| b.value);
        chart_style = crate::scenario::chart_options::read(&mut output)?;
        output.finish()?;
    }
    Ok((charts, chart_style))
}

/// `game = "..."`: a preset name, or a game file (`.toml` or Gambit `.nfg`)
/// relative to the scenario file's folder. Errors in the game file name the
/// scenario's `game` field and the game file's own line and column.
fn read_game_spec(
    top: &TableReader<'_>,
    spec: &str,
    at: usize,
) -> Result<(Bimatrix, Option<String>), ScenarioError> {
    let lower = spec.to_ascii_lowercase();
    let is_file = lower.ends_with(".toml") || lower.ends_with(".nfg");
    if !is_file {
        return match preset(spec) {
            Ok(Some(g)) => Ok((g, None)),
            Ok(None) => Err(top.error(
                at,
                "game",
                format!(
                    "unknown preset `{spec}` (allowed: {}; or a game file ending in .toml or .nfg, relative to the scenario's folder)",
                    crate::dilemmas::presets::preset_names().join(", ")
                ),
            )),
            Err(e) => Err(top.error(at, "game", e)),
        };
    }
    let folder = top
        .source()
        .path
        .parent()
        .map(std::path::Path::to_path_buf)
        .unwrap_or_default();
    let path = folder.join(spec);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        top.error(
            at,
            "game",
            format!(
                "cannot read the game file {}: {e} (the path is relative to the scenario file's folder)",
                path.display()
            ),
        )
    })?;
    let game = if lower.ends_with(".nfg") {
        read_nfg(&text).map_err(|e| {
            top.error(
                at,
                "game",
                format!(
                    "in the game file {}:{}:{}: {}",
                    path.display(),
                    e.line,
                    e.column,
                    e.message
                ),
            )
        })?
    } else {
        let source = Source {
            path: path.clone(),
            text,
        };
        parse_game_file(&source)
            .map_err(|e| top.error(at, "game", format!("in the game file {e}")))?
    };
    Ok((game, Some(spec.to_string())))
}

fn read_axis(
    s: &mut TableReader<'_>,
    max_steps: u32,
    game: &PigsGame,
) -> Result<Axis, ScenarioError> {
    let param = s.string("parameter")?.ok_or_else(|| {
        s.error(
            s.span().start,
            "parameter",
            format!("missing (allowed: {})", PARAMETERS.join(", ")),
        )
    })?;
    if !PARAMETERS.contains(&param.value.as_str()) {
        return Err(s.error(
            param.span.start,
            "parameter",
            format!(
                "unknown parameter `{}` (allowed: {})",
                param.value,
                PARAMETERS.join(", ")
            ),
        ));
    }
    let mut ends = [Rational::ZERO, Rational::ONE];
    for (key, slot) in [("from", 0), ("to", 1)] {
        let at = s.value(key).map_or(s.span().start, |v| v.span().start);
        if let Some(v) = rational(s, key)? {
            ends[slot] = v;
        }
        if let Some(Err(e)) = game.with(&param.value, ends[slot]) {
            return Err(s.error(
                at,
                key,
                format!("{e} (the sweep must stay inside the allowed range)"),
            ));
        }
    }
    let [from, to] = ends;
    let steps = match s.count("steps", 1)? {
        Some(c) if c.value > max_steps => {
            return Err(s.error(
                c.span.start,
                "steps",
                format!("at most {max_steps}, got {}", c.value),
            ));
        }
        Some(c) => c.value,
        None => 20,
    };
    if from >= to {
        return Err(s.error(
            s.span().start,
            "to",
            format!("needs from < to, got from = {from}, to = {to}"),
        ));
    }
    Ok(Axis {
        parameter: param.value,
        from,
        to,
        steps,
    })
}

/// `[sweep]`: either the four fields of one axis, or `x` and `y` tables.
fn read_sweep(mut s: TableReader<'_>, game: &PigsGame) -> Result<Vec<Axis>, ScenarioError> {
    let x = s.table("x")?;
    let y = s.table("y")?;
    let axes = match (x, y) {
        (None, None) => vec![read_axis(&mut s, 1000, game)?],
        (Some(mut x), Some(mut y)) => {
            let ax = read_axis(&mut x, MAX_MAP_STEPS, game)?;
            x.finish()?;
            let ay = read_axis(&mut y, MAX_MAP_STEPS, game)?;
            if ay.parameter == ax.parameter {
                return Err(y.error(
                    y.span().start,
                    "parameter",
                    format!(
                        "the two axes need different parameters, both are `{}`",
                        ax.parameter
                    ),
                ));
            }
            y.finish()?;
            vec![ax, ay]
        }
        (Some(t), None) | (None, Some(t)) => {
            let missing = if s.keys().iter().any(|k| k.value == "x") {
                "y"
            } else {
                "x"
            };
            return Err(s.error(
                t.span().start,
                missing,
                "a region map needs both [sweep.x] and [sweep.y]; for one parameter put parameter, from, to and steps directly in [sweep]",
            ));
        }
    };
    s.finish()?;
    Ok(axes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{Scenario, load, parse};
    use std::path::Path;

    #[test]
    fn a_resolved_game_scenario_keeps_the_note_of_its_game_file() {
        let shipped =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/game-hawk-dove-file.toml");
        let resolved = |scenario: Scenario| match scenario {
            Scenario::NormalForm(s) => s.resolved_toml(),
            _ => panic!("not a game"),
        };
        let first = resolved(load(&shipped).expect("shipped").scenario);
        assert!(first.starts_with(GAME_FILE_NOTE), "{first}");
        let path = Path::new("elsewhere/scenario.toml");
        let source = Source {
            path: path.to_path_buf(),
            text: first.clone(),
        };
        assert_eq!(
            resolved(parse(&source, path).expect("resolved").scenario),
            first
        );
        assert_eq!(
            noted_game_file(&first).as_deref(),
            Some("games/hawk-dove.toml")
        );
        assert_eq!(
            noted_game_file("# The game was read from ; it is written out in full below."),
            None
        );
        assert_eq!(
            noted_game_file(
                "kind = \"game\"\n# The game was read from x.toml; it is written out in full below."
            ),
            None
        );
    }
}
