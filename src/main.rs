//! The `dilemma` binary: parse the command line, run it, map errors to exit
//! codes (0 success, 1 failure while running, 2 bad input).

use clap::Parser;
use dilemma::cli::{Cli, execute};

/// Restores the default action for SIGPIPE, so that `dilemma ... | head`
/// ends quietly when the reader closes the pipe instead of panicking on a
/// failed write (Rust ignores SIGPIPE by default).
#[cfg(unix)]
fn quit_quietly_on_closed_pipe() {
    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;
    // SAFETY: setting a signal's disposition to the default is always sound.
    unsafe {
        signal(SIGPIPE, SIG_DFL);
    }
}

#[cfg(not(unix))]
fn quit_quietly_on_closed_pipe() {}

fn main() {
    quit_quietly_on_closed_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            // Help and version are not errors; usage mistakes are bad input.
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = error.print();
            std::process::exit(code);
        }
    };
    if let Err(error) = execute(cli) {
        // On a terminal the message is wrapped to the width budget; piped,
        // it stays one line per error for scripts.
        let message = format!("error: {error}");
        if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
            eprintln!("{}", dilemma::cli::width::fit(&message));
        } else {
            eprintln!("{message}");
        }
        std::process::exit(error.exit_code());
    }
}
