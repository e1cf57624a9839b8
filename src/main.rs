//! The `dilemma` binary: parse the command line, run it, map errors to exit
//! codes (0 success, 1 failure while running, 2 bad input).

use clap::Parser;
use dilemma::cli::{Cli, execute};

fn main() {
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
        eprintln!("error: {error}");
        std::process::exit(error.exit_code());
    }
}
