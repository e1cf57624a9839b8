//! Command-line option errors name the option and what is allowed, exit
//! with code 2, and negative numbers are taken as option values where the
//! option allows them (`--food -5` reaches the game's own check).

use std::path::PathBuf;
use std::process::{Command, Output};

fn dilemma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `args`, expects exit code 2 and every piece in standard error.
fn refused(args: &[&str], pieces: &[&str]) {
    let output = dilemma(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    for piece in pieces {
        assert!(
            stderr.contains(piece),
            "{args:?}: `{piece}` missing from {stderr}"
        );
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn unknown_option_values_name_the_option_and_the_allowed_values() {
    let pirates = ["pirates", "--pirates", "5", "--coins", "100"];
    let with = |extra: &[&'static str]| {
        let mut args = pirates.to_vec();
        args.extend_from_slice(extra);
        args
    };
    refused(
        &with(&["--majority", "simple"]),
        &["--majority: unknown value `simple`", "tie-passes, strict"],
    );
    refused(
        &with(&["--temperament", "grumpy"]),
        &[
            "--temperament: unknown value `grumpy`",
            "bloodthirsty, benevolent",
        ],
    );
    refused(
        &with(&["--tie-break", "middle"]),
        &["--tie-break: unknown value `middle`", "junior, senior"],
    );
    refused(
        &["pigs", "--preset", "farm"],
        &["--preset", "`farm`", "seed, seed-modified, textbook"],
    );
    refused(
        &["pigs", "--both-press", "2"],
        &["--both-press", "between 0 and 1"],
    );
    refused(
        &["travelers", "--low", "50", "--high", "3"],
        &["--low/--high", "low < high"],
    );
    refused(&["travelers", "--bonus", "-1"], &["--bonus", "positive"]);
    refused(
        &["match", "tft", "alld", "--noise", "-0.5"],
        &["--noise", "between 0 and 1"],
    );
    refused(
        &["run", "scenarios/classic.toml", "--threads", "5000"],
        &["--threads", "from 0 to 1024", "`5000`"],
    );
}

#[test]
fn negative_numbers_are_option_values() {
    // Parsed as values, then refused by the game with the option named.
    refused(&["pigs", "--food", "-5"], &["--food", "0 or more, got -5"]);
    refused(
        &["pigs", "--cost", "-1/2"],
        &["--cost", "0 or more, got -1/2"],
    );
    refused(
        &["pirates", "--pirates", "-3", "--coins", "10"],
        &["--pirates"],
    );
    // Negative whole numbers reach the option's own check, which names it.
    refused(
        &["run", "scenarios/classic.toml", "--seed", "-1"],
        &["--seed", "from 0 to 9223372036854775807", "`-1`"],
    );
    refused(
        &["match", "tft", "alld", "--seed", "-3"],
        &["--seed", "`-3`"],
    );
    refused(
        &["strategies", "--max-memory-depth", "-1"],
        &["--max-memory-depth", "from 0 to"],
    );
    refused(
        &["pirates", "--pirates", "5", "--coins", "10", "--list", "-1"],
        &["--list", "`-1`"],
    );
    // Negative claims make a valid traveler's dilemma.
    let output = dilemma(&["travelers", "--low", "-5", "--high", "3"]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(text.contains("Nash equilibrium: both claim -5"), "{text}");
    let output = dilemma(&["guess", "--range", "-10..10", "--players", "3"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn help_fits_80_columns() {
    for command in [
        "run",
        "match",
        "pigs",
        "travelers",
        "pirates",
        "guess",
        "new",
    ] {
        let output = dilemma(&[command, "--help"]);
        assert!(output.status.success());
        let text = String::from_utf8(output.stdout).unwrap();
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{command} --help:\n{line}");
        }
    }
}

/// Every subcommand name, from `dilemma --help`.
fn subcommands() -> Vec<String> {
    let help = String::from_utf8(dilemma(&["--help"]).stdout).unwrap();
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        // Continuation lines of a wrapped description are indented further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|name| name != "help")
        .collect()
}

#[test]
fn completions_and_the_manual_page_cover_every_subcommand() {
    let names = subcommands();
    assert!(names.len() >= 15, "{names:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = dilemma(&["completions", shell]);
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).unwrap();
        for name in &names {
            assert!(script.contains(name.as_str()), "{shell}: {name} missing");
        }
    }
    // The bash script is valid bash.
    let script = dilemma(&["completions", "bash"]).stdout;
    let dir = std::env::temp_dir().join(format!("dilemma-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("dilemma.bash"), &script).unwrap();
    if let Ok(check) = Command::new("bash")
        .arg("-n")
        .arg(dir.join("dilemma.bash"))
        .output()
    {
        assert!(
            check.status.success(),
            "{}",
            String::from_utf8_lossy(&check.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).ok();
    let page = String::from_utf8(dilemma(&["man"]).stdout).unwrap();
    assert!(page.contains(".TH dilemma 1"), "{page}");
    for name in &names {
        assert!(
            page.contains(&format!("dilemma\\-{name}")),
            "man: {name} missing"
        );
    }
    let run = String::from_utf8(dilemma(&["man", "run"]).stdout).unwrap();
    assert!(
        run.contains(".TH dilemma-run 1") && run.contains("\\-\\-no\\-limit"),
        "{run}"
    );
    refused(&["man", "nope"], &["no subcommand `nope`", "allowed: run"]);
    refused(&["completions", "tcsh"], &["tcsh", "bash, zsh, fish"]);
}
