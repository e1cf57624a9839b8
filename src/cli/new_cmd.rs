//! `dilemma new KIND`: print the commented template of a scenario kind
//! (every key with its default; `src/scenario/templates/`), ready to save
//! and run: `dilemma new moran > m.toml && dilemma run m.toml`.
//! `dilemma new --list` (or plain `dilemma new`) lists the kinds.

use crate::cli::CliError;
use crate::scenario::templates::{TEMPLATES, template};
use clap::Args;

/// Options of `dilemma new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    /// The kind of scenario: tournament, ecological, moran, spatial, game,
    /// pigs, travelers, pirates, guess or impartial (without it: the list).
    pub kind: Option<String>,
    /// List the kinds with what each studies.
    #[arg(long, conflicts_with = "kind")]
    pub list: bool,
}

/// The kinds, one a line, with what each studies.
pub fn list() -> String {
    let width = TEMPLATES.iter().map(|(k, _, _)| k.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (kind, what, _) in TEMPLATES {
        out += &format!("{kind:<width$}  {what}\n");
    }
    out += "\nPrint one with `dilemma new KIND > FILE.toml`, then `dilemma run FILE.toml`.\n";
    out
}

/// Runs `dilemma new`.
pub fn run(args: &NewArgs) -> Result<(), CliError> {
    let Some(kind) = args.kind.as_deref().filter(|_| !args.list) else {
        print!("{}", crate::output::width::fit(&list()));
        return Ok(());
    };
    let text = template(kind).ok_or_else(|| {
        let kinds: Vec<&str> = TEMPLATES.iter().map(|(k, _, _)| *k).collect();
        CliError::BadInput(format!(
            "KIND: unknown kind `{kind}` (allowed: {}; `dilemma new --list` describes them)",
            kinds.join(", ")
        ))
    })?;
    print!("{text}");
    Ok(())
}
