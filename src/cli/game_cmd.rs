//! `dilemma game GAME`: the normal-form analysis of a preset or a game file
//! (TOML or Gambit `.nfg`), as text or `--json`; `--write-nfg` exports the
//! game. Also the JSON shape shared by `dilemma pigs` and `dilemma travelers`.

use crate::cli::{CliError, shown};
use crate::dilemmas::presets::{preset, preset_names};
use crate::normal_form::analysis::Analysis;
use crate::normal_form::game::Bimatrix;
use crate::normal_form::nfg::{read_nfg_located, write_nfg};
use crate::output::game_text::{analysis_json, report};
use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::game_file::{parse_game_file, payoffs_field};
use crate::study::game_analysis::{PayoffsAt, analyse_game_limited};
use clap::Args;
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
        print!("{}", crate::output::width::fit(&report(&analysis)));
    }
    Ok(())
}

/// Analyses a game within the size limit, mapping failures to exit codes
/// (`dilemma pigs`, `dilemma travelers`).
pub fn analyse_game(game: &Bimatrix) -> Result<Analysis, CliError> {
    Ok(crate::study::game_analysis::analyse_game(game)?)
}
