//! Bad input on the command line: every mistake gives one clear message that
//! names the file, line, column and field, exit code 2, no panic, and leaves
//! the results folder exactly as it was.

use std::path::{Path, PathBuf};
use std::process::Command;

const VALID: &str = r#"name = "bad-input"
kind = "tournament"
seed = 3

[game]
payoffs = "standard"

[match]
turns = 20
noise = 0.0
repetitions = 2

[[players]]
strategy = "tit-for-tat"

[[players]]
strategy = "random"
p = 0.5
"#;

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-bad-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("results/bad-input")).unwrap();
    std::fs::write(
        dir.join("results/bad-input/summary.csv"),
        "earlier results\n",
    )
    .unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push((path.clone(), std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

/// Runs `dilemma run` on `text` (after replacing `from` with `to`) and checks
/// exit code 2, that stderr contains every expected fragment, and that
/// results/ is untouched. Returns stderr.
fn rejects(test: &str, from: &str, to: &str, expected: &[&str]) -> String {
    let dir = scratch(test);
    assert!(
        VALID.contains(from),
        "test setup: `{from}` not in the scenario"
    );
    let scenario = dir.join("scenario.toml");
    std::fs::write(&scenario, VALID.replacen(from, to, 1)).unwrap();
    let before = listing(&dir.join("results"));
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["run", "--quiet", "--out"])
        .arg(dir.join("results"))
        .arg(&scenario)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(output.status.code(), Some(2), "{test}: stderr was {stderr}");
    assert!(!stderr.contains("panicked"), "{test}: {stderr}");
    for fragment in expected {
        assert!(
            stderr.contains(fragment),
            "{test}: `{fragment}` missing from: {stderr}"
        );
    }
    assert_eq!(
        stderr.trim().lines().count(),
        1,
        "{test}: one message expected: {stderr}"
    );
    assert_eq!(
        listing(&dir.join("results")),
        before,
        "{test}: results/ changed"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    stderr
}

#[test]
fn unknown_key_names_the_field_and_the_nearest_allowed_key() {
    rejects(
        "unknown-key",
        "turns = 20",
        "turnz = 20",
        &[
            "scenario.toml:9:1:",
            "`match.turnz`",
            "did you mean `turns`",
        ],
    );
}

#[test]
fn wrong_type_says_what_was_expected() {
    rejects(
        "wrong-type",
        "turns = 20",
        "turns = \"twenty\"",
        &[
            ":9:9:",
            "`match.turns`",
            "expected an integer, found a string",
        ],
    );
}

#[test]
fn unknown_strategy_suggests_the_nearest() {
    rejects(
        "unknown-strategy",
        "strategy = \"tit-for-tat\"",
        "strategy = \"tit-for-tatt\"",
        &[
            ":14:12:",
            "`players[0].strategy`",
            "unknown strategy `tit-for-tatt`",
            "did you mean `tit-for-tat`",
        ],
    );
}

#[test]
fn probabilities_outside_zero_one_are_rejected() {
    rejects(
        "noise",
        "noise = 0.0",
        "noise = 1.5",
        &[":10:9:", "`match.noise`", "between 0 and 1, got 1.5"],
    );
    rejects(
        "negative-noise",
        "noise = 0.0",
        "noise = -0.1",
        &["`match.noise`", "between 0 and 1"],
    );
    rejects(
        "param-p",
        "p = 0.5",
        "p = 2",
        &[":18:5:", "`players[1].p`", "between 0 and 1, got 2"],
    );
    rejects(
        "continuation-range",
        "turns = 20",
        "continuation = 1.2",
        &["`match.continuation`", "between 0 and 1, got 1.2"],
    );
}

#[test]
fn zero_or_negative_turns_are_rejected() {
    rejects(
        "zero-turns",
        "turns = 20",
        "turns = 0",
        &[":9:9:", "`match.turns`", "from 1", "got 0"],
    );
    rejects(
        "negative-turns",
        "turns = 20",
        "turns = -5",
        &["`match.turns`", "got -5"],
    );
    rejects(
        "zero-repetitions",
        "repetitions = 2",
        "repetitions = 0",
        &["`match.repetitions`", "got 0"],
    );
}

#[test]
fn continuation_one_needs_a_cap() {
    rejects(
        "continuation-one",
        "turns = 20",
        "continuation = 1.0",
        &[
            ":9:16:",
            "`match.continuation`",
            "never ends a match",
            "cap",
        ],
    );
}

#[test]
fn turns_and_continuation_together_are_ambiguous() {
    rejects(
        "both-horizons",
        "turns = 20",
        "turns = 20\ncontinuation = 0.9",
        &["`match.continuation`", "not both"],
    );
}

#[test]
fn non_numeric_payoffs_are_rejected() {
    rejects(
        "payoffs-text",
        "payoffs = \"standard\"",
        "payoffs = { R = 3, S = \"zero\", T = 5, P = 1 }",
        &[
            ":6:",
            "`game.payoffs.S`",
            "expected a number, found a string",
        ],
    );
    rejects(
        "payoffs-preset",
        "payoffs = \"standard\"",
        "payoffs = \"prison-years-c\"",
        &[
            ":6:11:",
            "`game.payoffs`",
            "unknown preset",
            "prison-years-a",
        ],
    );
    rejects(
        "payoffs-missing",
        "payoffs = \"standard\"",
        "payoffs = { R = 3, S = 0, T = 5 }",
        &["`game.payoffs.P`", "missing"],
    );
}

#[test]
fn unknown_strategy_parameter_lists_the_allowed_ones() {
    rejects(
        "unknown-param",
        "p = 0.5",
        "q = 0.5",
        &[":18:1:", "`players[1].q`", "allowed: p"],
    );
}

#[test]
fn syntax_errors_point_at_the_line() {
    rejects(
        "syntax",
        "seed = 3",
        "seed = = 3",
        &["scenario.toml:3:", "not valid TOML"],
    );
}

#[test]
fn unknown_kind_lists_the_kinds() {
    rejects(
        "kind",
        "kind = \"tournament\"",
        "kind = \"tournamant\"",
        &[":2:8:", "`kind`", "allowed: tournament"],
    );
}

#[test]
fn too_few_players() {
    rejects(
        "one-player",
        "[[players]]\nstrategy = \"random\"\np = 0.5\n",
        "",
        &["`players`", "at least two players, found 1"],
    );
}

#[test]
fn missing_files_are_named() {
    let dir = scratch("missing");
    let before = listing(&dir.join("results"));
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["run", "--out"])
        .arg(dir.join("results"))
        .arg(dir.join("no-such-scenario.toml"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr.contains("no-such-scenario.toml: cannot read the scenario file"),
        "{stderr}"
    );
    assert_eq!(listing(&dir.join("results")), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_scenario_stops_the_good_ones_before_anything_is_written() {
    let dir = scratch("mixed");
    let good = dir.join("good.toml");
    std::fs::write(&good, VALID.replace("bad-input", "good")).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, VALID.replace("noise = 0.0", "noise = 2")).unwrap();
    let before = listing(&dir.join("results"));
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["run", "--quiet", "--out"])
        .arg(dir.join("results"))
        .args([&good, &bad])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        listing(&dir.join("results")),
        before,
        "the good scenario must not run either"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_options_exit_with_code_two() {
    let dilemma = env!("CARGO_BIN_EXE_dilemma");
    for args in [
        vec!["match", "tit-for-tat", "defektor"],
        vec!["match", "tit-for-tat", "defector", "--noise", "1.5"],
        vec!["match", "tit-for-tat", "defector", "--turns", "0"],
        vec!["match", "tit-for-tat", "defector", "--continuation", "1"],
        vec![
            "match",
            "tit-for-tat",
            "defector",
            "--payoffs",
            "3,0,five,1",
        ],
        vec!["match", "random:p=3", "defector"],
        vec!["run"],
        vec!["frobnicate"],
    ] {
        let output = Command::new(dilemma).args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    }
}

#[test]
fn oversized_tournaments_are_rejected_before_allocating() {
    rejects(
        "huge-repetitions",
        "repetitions = 2",
        "repetitions = 4294967294",
        &[
            "`match.repetitions`",
            "stored scores",
            "use fewer repetitions",
        ],
    );
}

#[test]
fn random_horizons_too_long_to_play_need_a_cap() {
    rejects(
        "near-one",
        "turns = 20",
        "continuation = 0.99999999999",
        &["`match.continuation`", "a cap is required"],
    );
}

#[test]
fn payoffs_that_could_overflow_are_rejected() {
    rejects(
        "huge-payoffs",
        "payoffs = \"standard\"",
        "payoffs = { R = 1e308, S = -1e308, T = 1.7e308, P = 0 }",
        &["`game.payoffs`", "out of range"],
    );
}

#[test]
fn unknown_parameters_are_unknown_whatever_their_type() {
    rejects(
        "text-param",
        "strategy = \"tit-for-tat\"",
        "strategy = \"tit-for-tat\"\nfoo = \"x\"",
        &[":15:1:", "`players[0].foo`", "has no parameter `foo`"],
    );
}

#[test]
fn out_of_range_options_are_rejected() {
    let dilemma = env!("CARGO_BIN_EXE_dilemma");
    let root = env!("CARGO_MANIFEST_DIR");
    for args in [
        vec!["run", "scenarios/classic.toml", "--threads", "100000"],
        vec![
            "run",
            "scenarios/classic.toml",
            "--seed",
            "18446744073709551615",
        ],
        vec!["match", "tft", "alld", "--turns", "4000000000"],
        vec![
            "match",
            "tft",
            "alld",
            "--continuation",
            "0.9",
            "--cap",
            "4000000000",
        ],
        vec!["match", "tft", "alld", "--payoffs", "1e308,0,1e308,1"],
    ] {
        let output = Command::new(dilemma)
            .current_dir(root)
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    }
}

#[test]
fn parameters_of_the_wrong_kind_are_rejected() {
    rejects(
        "integer-param",
        "strategy = \"tit-for-tat\"",
        "strategy = \"first-by-davis\"\nrounds_to_cooperate = 2.5",
        &[
            "`players[0].rounds_to_cooperate`",
            "must be a whole number, got 2.5",
        ],
    );
    rejects(
        "action-param",
        "strategy = \"tit-for-tat\"",
        "strategy = \"win-shift-lose-stay\"\ninitial = 0.5",
        &["`players[0].initial`", "must be 0 (C) or 1 (D), got 0.5"],
    );
}

#[test]
fn ranking_options_are_checked() {
    rejects(
        "ranking-type",
        "repetitions = 2\n",
        "repetitions = 2\n\n[ranking]\ninclude_self_play = \"yes\"\n",
        &[
            ":14:21:",
            "`ranking.include_self_play`",
            "expected true or false",
        ],
    );
    rejects(
        "ranking-key",
        "repetitions = 2\n",
        "repetitions = 2\n\n[ranking]\nself_play = true\n",
        &["`ranking.self_play`", "include_self_play"],
    );
}

/// Every path the user gave that cannot be used is bad input (exit 2),
/// named with the reason in words, not the operating system's raw text:
/// a scenario that is a folder, an `--out` that cannot be created or
/// written in (a file is tested above). Exit 1 stays for the machine.
#[test]
fn paths_that_cannot_be_used_are_bad_input_in_words() {
    let dir = scratch("paths");
    let scenario = dir.join("valid.toml");
    std::fs::write(&scenario, VALID).unwrap();
    let run = |args: &[&std::ffi::OsStr]| {
        let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
            .arg("run")
            .args(args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        (output.status.code(), stderr)
    };
    let (code, stderr) = run(&[dir.as_os_str(), "--quiet".as_ref()]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("cannot read the scenario file: it is a folder, not a file"),
        "{stderr}"
    );
    assert!(!stderr.contains("os error"), "{stderr}");
    if cfg!(target_os = "linux") && Path::new("/proc/version").exists() {
        // A folder below a path that cannot hold one.
        for (out, said) in [
            ("/proc/no-such-folder/out", "cannot create it in /proc"),
            ("/proc/version/out", "exists and is not a folder"),
        ] {
            let (code, stderr) = run(&[scenario.as_os_str(), "--out".as_ref(), out.as_ref()]);
            assert_eq!(code, Some(2), "{out}: {stderr}");
            assert!(stderr.contains(said), "{out}: {stderr}");
            assert!(!stderr.contains("os error"), "{out}: {stderr}");
        }
    }
    // A read-only folder (root may write anywhere: then it runs).
    let read_only = dir.join("read-only");
    std::fs::create_dir_all(&read_only).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o555)).unwrap();
        let writable = std::fs::File::create(read_only.join("probe")).is_ok();
        let _ = std::fs::remove_file(read_only.join("probe"));
        let (code, stderr) = run(&[
            scenario.as_os_str(),
            "--quiet".as_ref(),
            "--out".as_ref(),
            read_only.as_os_str(),
        ]);
        if writable {
            assert_eq!(code, Some(0), "{stderr}");
        } else {
            assert_eq!(code, Some(2), "{stderr}");
            assert!(stderr.contains("permission denied"), "{stderr}");
        }
        std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// axelrod's vocabulary: `prob_end` in `[match]` is refused with how to
/// write it here (`continuation = 1 - prob_end`).
#[test]
fn axelrods_prob_end_is_refused_with_the_continuation_it_means() {
    let dir = scratch("prob-end");
    let scenario = dir.join("prob-end.toml");
    std::fs::write(&scenario, VALID.replace("turns = 20", "prob_end = 0.1")).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["run", "--out"])
        .arg(dir.join("results"))
        .arg(&scenario)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("field `match.prob_end`"), "{stderr}");
    assert!(
        stderr.contains("`continuation = 1 - prob_end`") && stderr.contains("continuation = 0.9"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
