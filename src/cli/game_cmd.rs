//! `dilemma game GAME`: the normal-form analysis of a preset or a game file
//! (TOML or Gambit `.nfg`), as text or `--json`; `--write-nfg` exports the
//! game. Also the JSON shape shared by `dilemma pigs` and `dilemma travelers`.

use crate::cli::{CliError, shown};
use crate::dilemmas::pigs::PigsGame;
use crate::dilemmas::pigs::words::explain;
use crate::dilemmas::travelers::TravelersGame;
use crate::normal_form::analysis::{Analysis, AnalysisError, analyse_with_limit};
use crate::normal_form::dominance::Dominator;
use crate::normal_form::elimination::Player;
use crate::normal_form::game::Bimatrix;
use crate::normal_form::nfg::{read_nfg_located, write_nfg};
use crate::normal_form::presets::{CLASSIC, classic};
use crate::normal_form::rational::Rational;
use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::game_file::{parse_game_file, payoffs_field};
use clap::Args;
use serde_json::{Map, Value, json};
use std::path::{Path, PathBuf};

/// Options of `dilemma game`.
#[derive(Args, Debug)]
pub struct GameArgs {
    /// A preset name (see the error message for the list), `travelers:LOW:HIGH:BONUS`,
    /// or a game file (`.toml` or Gambit `.nfg`).
    pub game: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the game in Gambit's .nfg format to this path.
    #[arg(long, value_name = "PATH")]
    pub write_nfg: Option<PathBuf>,
    /// Enumerate the equilibria even when the game is over the size limit
    /// (its best-response polytopes may have more than 2e7 vertices).
    #[arg(long)]
    pub no_limit: bool,
}

/// Every preset name.
pub fn preset_names() -> Vec<String> {
    let mut v: Vec<String> = CLASSIC.iter().map(|(n, _)| n.to_string()).collect();
    v.extend(
        [
            "pigs-seed",
            "pigs-seed-modified",
            "pigs-textbook",
            "travelers",
            "travelers:LOW:HIGH:BONUS",
        ]
        .map(String::from),
    );
    v
}

/// Resolves a preset name to a game.
pub fn preset(name: &str) -> Result<Option<Bimatrix>, String> {
    if let Some(g) = classic(name) {
        return Ok(Some(g));
    }
    if let Some(p) = name.strip_prefix("pigs-") {
        return match PigsGame::preset(p) {
            Some(g) => g.bimatrix().map(Some).map_err(|e| e.to_string()),
            None => Ok(None),
        };
    }
    if name == "travelers" {
        return TravelersGame::default()
            .bimatrix()
            .map(Some)
            .map_err(|e| e.to_string());
    }
    if let Some(rest) = name.strip_prefix("travelers:") {
        let parts: Vec<&str> = rest.split(':').collect();
        let bad = || {
            format!(
                "`{name}`: expected travelers:LOW:HIGH:BONUS with whole numbers LOW < HIGH and a positive BONUS, e.g. travelers:2:100:2"
            )
        };
        if parts.len() != 3 {
            return Err(bad());
        }
        let low: i64 = parts[0].parse().map_err(|_| bad())?;
        let high: i64 = parts[1].parse().map_err(|_| bad())?;
        let bonus = Rational::parse(parts[2]).map_err(|_| bad())?;
        let g = TravelersGame::new(low, high, bonus).map_err(|e| format!("`{name}`: {e}"))?;
        g.check_analysable().map_err(|e| format!("`{name}`: {e}"))?;
        return g.bimatrix().map(Some).map_err(|e| e.to_string());
    }
    Ok(None)
}

/// Loads a game from a preset name or a file.
pub fn load_game(spec: &str) -> Result<Bimatrix, CliError> {
    load_game_located(spec).map(|(game, _)| game)
}

/// Where a loaded game's payoffs are written (see [`PayoffsAt`]).
pub enum Origin {
    /// A preset: no file.
    Preset,
    /// A TOML game file's `row_payoffs` (an error with an empty message).
    Toml(Box<ScenarioError>),
    /// A Gambit .nfg file and the line and column where its payoffs start.
    Nfg(PathBuf, usize, usize),
}

impl Origin {
    fn payoffs(&self) -> Option<PayoffsAt<'_>> {
        match self {
            Origin::Preset => None,
            Origin::Toml(e) => Some(PayoffsAt::Field(e)),
            Origin::Nfg(path, line, column) => Some(PayoffsAt::Nfg(path, *line, *column)),
        }
    }
}

/// [`load_game`], with where its payoffs are written.
pub fn load_game_located(spec: &str) -> Result<(Bimatrix, Origin), CliError> {
    if let Some(g) = preset(spec).map_err(CliError::BadInput)? {
        return Ok((g, Origin::Preset));
    }
    let path = Path::new(spec);
    if !path.exists() {
        return Err(CliError::BadInput(format!(
            "`{spec}` is neither a preset nor an existing file (presets: {}; files: .toml or .nfg)",
            preset_names().join(", ")
        )));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::BadInput(format!("{}: cannot read: {e}", shown(path))))?;
    if path.extension().is_some_and(|e| e == "nfg") {
        return read_nfg_located(&text)
            .map(|(game, (line, column))| (game, Origin::Nfg(path.to_path_buf(), line, column)))
            .map_err(|e| CliError::BadInput(format!("{}: {e}", shown(path))));
    }
    if path.extension().is_some_and(|e| e == "toml") {
        let source = Source {
            path: path.to_path_buf(),
            text,
        };
        let game = parse_game_file(&source).map_err(|e| CliError::BadInput(e.to_string()))?;
        let origin = payoffs_field(&source).map_or(Origin::Preset, |e| Origin::Toml(Box::new(e)));
        return Ok((game, origin));
    }
    Err(CliError::BadInput(format!(
        "{}: unknown game file type (allowed: .toml, .nfg)",
        shown(path)
    )))
}

fn mixture(names: &[String], p: &[Rational]) -> Value {
    let mut m = Map::new();
    for (n, x) in names.iter().zip(p) {
        if !x.is_zero() {
            m.insert(n.clone(), json!(x.to_string()));
        }
    }
    Value::Object(m)
}

fn dominator(names: &[String], by: &Dominator) -> Value {
    match by {
        Dominator::Pure(k) => json!(names[*k]),
        Dominator::Mixed(mix) => {
            let mut m = Map::new();
            for (k, p) in mix {
                m.insert(names[*k].clone(), json!(p.to_string()));
            }
            Value::Object(m)
        }
    }
}

/// The analysis as JSON (keys documented in README).
pub fn analysis_json(a: &Analysis) -> Value {
    let g = &a.game;
    let cell = |&(i, j): &(usize, usize)| json!([g.rows[i], g.cols[j]]);
    let mixed: Vec<Value> = a
        .equilibria
        .extreme
        .iter()
        .map(|e| {
            json!({
                "row": mixture(&g.rows, &e.row),
                "col": mixture(&g.cols, &e.col),
                "payoffs": [e.payoffs[0].to_string(), e.payoffs[1].to_string()],
                "pure": e.is_pure(),
            })
        })
        .collect();
    let trail: Vec<Value> = a
        .reduction
        .trail
        .iter()
        .map(|e| {
            let names = if e.player == Player::Row {
                &g.rows
            } else {
                &g.cols
            };
            json!({
                "round": e.round,
                "player": e.player.name(),
                "strategy": names[e.strategy],
                "by": dominator(names, &e.by),
                "by_mixed": matches!(e.by, Dominator::Mixed(_)),
                "strength": "strict",
            })
        })
        .collect();
    let mut dominance = Vec::new();
    for (p, names) in [(0, &g.rows), (1, &g.cols)] {
        for (i, s) in a.status[p].iter().enumerate() {
            dominance.push(json!({
                "player": if p == 0 { "row" } else { "column" },
                "strategy": names[i],
                "strictly_dominated_by_pure": s.strictly_by_pure.map(|k| names[k].clone()),
                "strictly_dominated_by_mixed": s.strictly_by_mixed.as_ref().map(|m| dominator(names, &Dominator::Mixed(m.clone()))),
                "weakly_dominated_by_pure": s.weakly_by_pure.map(|k| names[k].clone()),
                "weakly_dominated_by_mixed": s.weakly_by_mixed.as_ref().map(|m| dominator(names, &Dominator::Mixed(m.clone()))),
                "strictly_dominant": s.strictly_dominant,
                "weakly_dominant": s.weakly_dominant,
            }));
        }
    }
    let matrix = |u: &Vec<Vec<Rational>>| -> Value {
        json!(
            u.iter()
                .map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        )
    };
    json!({
        "title": g.title,
        "players": g.players,
        "rows": g.rows,
        "cols": g.cols,
        "row_payoffs": matrix(&g.a),
        "col_payoffs": matrix(&g.b),
        "pure_nash": a.pure.iter().map(cell).collect::<Vec<_>>(),
        "mixed_nash": mixed,
        "components": a.equilibria.components,
        "continuum": a.equilibria.has_continuum(),
        "degenerate": a.equilibria.degenerate,
        "degenerate_scope": if a.enumerated_full { "full game" } else { "game left after iterated strict dominance" },
        "dominated": trail,
        "surviving": {"row": a.reduction.rows.iter().map(|&i| g.rows[i].clone()).collect::<Vec<_>>(),
                      "col": a.reduction.cols.iter().map(|&j| g.cols[j].clone()).collect::<Vec<_>>()},
        "dominance": dominance,
        "dominant_strategy_equilibrium": a.dominant.as_ref().map(cell),
        "pareto_optimal": a.pareto.iter().map(cell).collect::<Vec<_>>(),
        "zero_sum": a.constant_sum.as_ref().map(|c| json!({
            "constant": c.total.to_string(),
            "value": c.solution.value.to_string(),
            "row_strategy": mixture(&g.rows, &c.solution.row),
            "col_strategy": mixture(&g.cols, &c.solution.col),
        })),
    })
}

/// The analysis as text: the payoff table, then sentences.
pub fn report(a: &Analysis) -> String {
    let g = &a.game;
    let mut out = format!(
        "{}\nrow player: {}; column player: {}\n",
        g.title, g.players[0], g.players[1]
    );
    if g.m() <= 12 && g.n() <= 12 {
        let w = g.rows.iter().map(|s| s.len()).max().unwrap_or(0);
        let cells: Vec<Vec<String>> = (0..g.m())
            .map(|i| {
                (0..g.n())
                    .map(|j| format!("{}, {}", g.a[i][j], g.b[i][j]))
                    .collect()
            })
            .collect();
        let cw = cells
            .iter()
            .flatten()
            .map(|s| s.len())
            .chain(g.cols.iter().map(|s| s.len()))
            .max()
            .unwrap_or(0);
        out.push_str(&format!("{:w$}", ""));
        for c in &g.cols {
            out.push_str(&format!(" | {c:>cw$}"));
        }
        out.push('\n');
        for (i, r) in g.rows.iter().enumerate() {
            out.push_str(&format!("{r:w$}"));
            for c in &cells[i] {
                out.push_str(&format!(" | {c:>cw$}"));
            }
            out.push('\n');
        }
    } else {
        out.push_str(&format!("({} x {} strategies)\n", g.m(), g.n()));
    }
    out.push('\n');
    for line in explain(a) {
        out.push_str(&line);
        out.push('\n');
    }
    if !a.pareto.is_empty() && a.pareto.len() <= 20 {
        let cells: Vec<String> = a
            .pareto
            .iter()
            .map(|&(i, j)| format!("({}, {})", g.rows[i], g.cols[j]))
            .collect();
        out.push_str(&format!("Pareto-optimal outcomes: {}\n", cells.join(", ")));
    }
    if let Some(c) = &a.constant_sum {
        out.push_str(&format!(
            "The game is {} (payoffs add to {} in every cell); the row player's minimax value is {}.\n",
            if c.total.is_zero() { "zero-sum" } else { "constant-sum" },
            c.total,
            c.solution.value
        ));
    }
    out
}

/// Where a game's payoffs were written, so that an error they cause (an
/// exact analysis that overflows, a game too large) names the place.
pub enum PayoffsAt<'a> {
    /// A field of a TOML file: a [`ScenarioError::Invalid`] whose message
    /// is replaced (`row_payoffs` of a game file, `game` or
    /// `game.row_payoffs` of a scenario).
    Field(&'a ScenarioError),
    /// The payoffs of a Gambit .nfg file, from this line and column.
    Nfg(&'a Path, usize, usize),
}

impl PayoffsAt<'_> {
    fn locate(&self, message: String) -> String {
        match self {
            PayoffsAt::Field(ScenarioError::Invalid {
                path,
                line,
                column,
                field,
                ..
            }) => ScenarioError::Invalid {
                path: path.clone(),
                line: *line,
                column: *column,
                field: field.clone(),
                message,
            }
            .to_string(),
            PayoffsAt::Field(other) => format!("{other}: {message}"),
            PayoffsAt::Nfg(path, line, column) => {
                format!(
                    "{}: line {line}, column {column}: the payoffs: {message}",
                    shown(path)
                )
            }
        }
    }
}

/// Analyses a game, mapping failures to exit code 1.
pub fn analyse_game(game: &Bimatrix) -> Result<Analysis, CliError> {
    analyse_game_limited(game, true, None)
}

/// [`analyse_game`], with the size limit checked or (`--no-limit`) not;
/// an error the input causes names where the payoffs are, when known.
pub fn analyse_game_limited(
    game: &Bimatrix,
    limited: bool,
    at: Option<PayoffsAt<'_>>,
) -> Result<Analysis, CliError> {
    analyse_with_limit(game, limited).map_err(|e| {
        let message = format!("{}: {e}", game.title);
        if e.is_input_limit() {
            // Caused by the payoffs or the size the user gave: bad input.
            let allowed = if matches!(e, AnalysisError::TooLarge { .. }) {
                "a smaller game"
            } else {
                "payoffs whose exact analysis fits 128-bit integers: fewer digits, simpler \
                 fractions or fewer strategies"
            };
            CliError::BadInput(match at {
                Some(at) => at.locate(format!("{message} (allowed: {allowed})")),
                // Pigs and travelers: payoffs made from their parameters.
                None => {
                    format!("{message} (caused by the game's payoffs or size; allowed: {allowed})")
                }
            })
        } else {
            CliError::Failed(message)
        }
    })
}

/// Runs `dilemma game`.
pub fn run(args: &GameArgs) -> Result<(), CliError> {
    if let Some(path) = &args.write_nfg
        && path.is_dir()
    {
        return Err(CliError::BadInput(format!(
            "--write-nfg: {} is a folder; give a file name such as game.nfg",
            shown(path)
        )));
    }
    let (game, origin) = load_game_located(&args.game)?;
    if let Some(path) = &args.write_nfg {
        crate::output::atomic::write_file(path, write_nfg(&game).as_bytes())
            .map_err(|e| CliError::Failed(format!("{}: cannot write: {e}", shown(path))))?;
    }
    let analysis = analyse_game_limited(&game, !args.no_limit, origin.payoffs())?;
    if args.json {
        println!("{:#}", analysis_json(&analysis));
    } else {
        print!("{}", crate::cli::width::fit(&report(&analysis)));
    }
    Ok(())
}
