//! `dilemma completions SHELL` and `dilemma man`: the shell completion
//! script and the manual page, generated from the same clap definitions
//! as the command line itself (`clap_complete`, `clap_mangen`), so they
//! can never fall out of step with it.

use crate::cli::{Cli, CliError};
use clap::{Args, CommandFactory, ValueEnum};
use std::io::Write;

/// The shells a completion script can be written for.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Shell {
    /// bash: `dilemma completions bash > ~/.local/share/bash-completion/completions/dilemma`
    Bash,
    /// zsh: into a folder of `$fpath`, as `_dilemma`
    Zsh,
    /// fish: `dilemma completions fish > ~/.config/fish/completions/dilemma.fish`
    Fish,
    /// elvish
    Elvish,
    /// PowerShell
    Powershell,
}

/// Arguments of `dilemma completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Arguments of `dilemma man`.
#[derive(Args, Debug)]
pub struct ManArgs {
    /// The page of one subcommand (e.g. `run`) instead of the main page.
    pub subcommand: Option<String>,
}

fn write_out(bytes: &[u8]) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|e| CliError::Failed(format!("cannot write to standard output: {e}")))
}

/// Prints the completion script of `args.shell`.
pub fn completions(args: &CompletionsArgs) -> Result<(), CliError> {
    use clap_complete::Shell as S;
    let shell = match args.shell {
        Shell::Bash => S::Bash,
        Shell::Zsh => S::Zsh,
        Shell::Fish => S::Fish,
        Shell::Elvish => S::Elvish,
        Shell::Powershell => S::PowerShell,
    };
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "dilemma", &mut script);
    write_out(&script)
}

/// Prints the manual page (roff), of the program or of one subcommand.
pub fn man(args: &ManArgs) -> Result<(), CliError> {
    let command = Cli::command();
    let page = match &args.subcommand {
        None => command,
        Some(name) => {
            let names: Vec<String> = command
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let Some(sub) = command.find_subcommand(name) else {
                return Err(CliError::BadInput(format!(
                    "man: no subcommand `{name}` (allowed: {})",
                    names.join(", ")
                )));
            };
            sub.clone()
                .display_name(format!("dilemma-{name}"))
                .bin_name(format!("dilemma {name}"))
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut roff = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut roff)
        .map_err(|e| CliError::Failed(format!("cannot render the manual page: {e}")))?;
    write_out(&roff)
}
