//! `dilemma play GAME POSITION...`: play an impartial game against the
//! computer in the terminal. The game logic is the pure state machine
//! `crate::impartial::play::Session`; this file only reads lines from
//! standard input and prints the replies.

use super::CliError;
use crate::impartial::catalogue::parse_game;
use crate::impartial::play::Session;
use clap::Args;
use std::io::{BufRead, Write};

/// Arguments of `dilemma play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game and its position, as for `dilemma solve` (e.g. `nim 3 4 5`,
    /// `bash 21 --max 3`, `coloring 6`). Also accepted anywhere:
    /// `--computer-first` (the computer makes the first move).
    #[arg(required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub words: Vec<String>,
}

/// Runs `dilemma play`.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let computer_first = args.words.iter().any(|w| w == "--computer-first");
    let words: Vec<String> = args
        .words
        .iter()
        .filter(|w| *w != "--computer-first")
        .cloned()
        .collect();
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| e.to_string());
    let position = parse_game(&words, &read).map_err(|e| CliError::BadInput(e.to_string()))?;
    let (mut session, reply) = Session::start(position, computer_first);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let io = |e: std::io::Error| CliError::Failed(format!("cannot write to the terminal: {e}"));
    for line in &reply.lines {
        writeln!(out, "{line}").map_err(io)?;
    }
    if reply.finished {
        return Ok(());
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        write!(out, "> ").map_err(io)?;
        out.flush().map_err(io)?;
        let Some(line) = lines.next() else {
            writeln!(out).map_err(io)?;
            return Ok(());
        };
        let line = line.map_err(|e| CliError::Failed(format!("cannot read input: {e}")))?;
        let reply = session.handle(&line);
        for l in &reply.lines {
            writeln!(out, "{l}").map_err(io)?;
        }
        if reply.finished {
            return Ok(());
        }
    }
}
