//! Strategies defined in files, end to end through the binary: a scenario
//! naming files runs, is identical on 1 and 2 threads, and its resolved
//! scenario.toml reproduces the run with no strategy files around; every
//! malformed definition is refused with file:line:column, the exact place,
//! exit code 2 and no results written; `dilemma match` takes files too.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-strategy-files-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn succeeds(dir: &Path, args: &[&str]) -> Output {
    let output = run_in(dir, args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Every file of a results folder except run.json (timings differ).
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap() != "run.json")
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn shipped_scenario_is_identical_on_two_threads_and_reruns_from_its_resolved_file() {
    let dir = scratch("threads");
    let (one, two) = (dir.join("one"), dir.join("two"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        succeeds(
            &root(),
            &[
                "run",
                "scenarios/strategy-files.toml",
                "--quiet",
                "--threads",
                threads,
                "--out",
                out.to_str().unwrap(),
            ],
        );
    }
    let first = files(&one.join("strategy-files"));
    assert_eq!(first, files(&two.join("strategy-files")));
    let summary = String::from_utf8_lossy(&first["summary.csv"]).to_string();
    for name in [
        "Tit For Two Tats (state machine)",
        "Generous Tit For Tat (g = 1/3)",
        "EvolvedLookerUp1_1_1 (lookup table)",
        "Cycle CCD",
        "Joss-Ann Tit For Tat (0.1, 0.2)",
        "Noisy Tit For Tat (0.05)",
        "Dual Tit For Two Tats, opening DD",
        "Cycle DDC (inline)",
        "Win-Stay Lose-Shift (gambler)",
        "Tit For Two Tats (hidden Markov model)",
        "ZD-Mem2",
        "Evolved HMM 5",
    ] {
        assert!(summary.contains(name), "{name} missing from {summary}");
    }
    // The resolved scenario embeds every definition: it runs in a folder
    // with no strategies/ anywhere near and gives the same files.
    let alone = scratch("alone");
    std::fs::write(alone.join("again.toml"), &first["scenario.toml"]).unwrap();
    succeeds(&alone, &["run", "again.toml", "--quiet", "--out", "out"]);
    assert_eq!(first, files(&alone.join("out/strategy-files")));
}

const SCENARIO: &str = r#"name = "uses-a-file"
kind = "tournament"
[match]
turns = 5
repetitions = 1
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "bad"
"#;

/// Writes strategies/bad.toml with `definition`, runs the scenario naming
/// it, and checks exit 2, every fragment in stderr, and no results.
fn rejects(test: &str, definition: &str, expected: &[&str]) {
    let dir = scratch(test);
    std::fs::create_dir_all(dir.join("strategies")).unwrap();
    std::fs::write(dir.join("strategies/bad.toml"), definition).unwrap();
    std::fs::write(dir.join("scenario.toml"), SCENARIO).unwrap();
    let output = run_in(&dir, &["run", "scenario.toml", "--quiet", "--out", "out"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{test}: {stderr}");
    for fragment in expected {
        assert!(
            stderr.contains(fragment),
            "{test}: `{fragment}` not in {stderr}"
        );
    }
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!dir.join("out").exists(), "{test}: results were written");
}

#[test]
fn hmm_mistakes_name_the_row_or_entry() {
    let head = "kind = \"hmm\"\nname = \"Bad\"\nstart = 0\nemissions = [1, 0]\n";
    let good_d = "transitions_D = [[0, 1], [0, 1]]\n";
    rejects(
        "hmm-row-sum",
        &format!("{head}transitions_C = [[1, 0], [0.5, 0.6]]\n{good_d}"),
        &[
            "strategies/bad.toml:5:26",
            "field `transitions_C[1]`",
            "row 1 of `transitions_C` sums to 1.1",
        ],
    );
    rejects(
        "hmm-probability",
        &format!("{head}transitions_C = [[1.5, -0.5], [1, 0]]\n{good_d}"),
        &[
            "strategies/bad.toml:5:19",
            "field `transitions_C[0][0]`",
            "between 0 and 1, got 1.5",
        ],
    );
    rejects(
        "hmm-shape",
        &format!("{head}transitions_C = [[1, 0]]\n{good_d}"),
        &[
            "strategies/bad.toml:5:17",
            "field `transitions_C`",
            "has 1 rows; it must be 2 x 2",
        ],
    );
    rejects(
        "hmm-row-length",
        &format!("{head}transitions_C = [[1, 0], [1]]\n{good_d}"),
        &[
            "strategies/bad.toml:5:26",
            "row 1 of `transitions_C` has 1 entries; it must have 2",
        ],
    );
    rejects(
        "hmm-start",
        "kind = \"hmm\"\nname = \"Bad\"\nstart = 2\nemissions = [1, 0]\ntransitions_C = [[1, 0], [1, 0]]\ntransitions_D = [[0, 1], [0, 1]]\n",
        &[
            "strategies/bad.toml:3:9",
            "field `start`",
            "start state 2 does not exist; states are numbered 0 to 1",
        ],
    );
    rejects(
        "hmm-missing",
        &format!("{head}{good_d}"),
        &["field `transitions_C`", "missing; give the 2 x 2 matrix"],
    );
    rejects(
        "hmm-emission",
        "kind = \"hmm\"\nname = \"Bad\"\nstart = 0\nemissions = [1, \"C\"]\n",
        &[
            "strategies/bad.toml:4:17",
            "field `emissions[1]`",
            "expected a number",
        ],
    );
}

#[test]
fn lookup_table_mistakes_name_the_key() {
    let head = "kind = \"lookup\"\nname = \"Bad\"\nown = 1\nopponent = 1\n[table]\n";
    rejects(
        "missing-key",
        &format!("{head}CC = \"C\"\nCD = \"D\"\nDC = \"C\"\n"),
        &[
            "strategies/bad.toml:5:1",
            "field `table`",
            "`D D`",
            "missing",
        ],
    );
    rejects(
        "duplicate-key",
        &format!("{head}CC = \"C\"\nCD = \"D\"\n\"C D\" = \"D\"\nDC = \"C\"\nDD = \"D\"\n"),
        &[
            "strategies/bad.toml:8:1",
            "field `table.\"C D\"`",
            "same key as `CD`",
            "exactly once",
        ],
    );
    rejects(
        "lookup-probability",
        &format!("{head}CC = \"C\"\nCD = \"D\"\nDC = \"C\"\nDD = 1.5\n"),
        &[
            "strategies/bad.toml:9:6",
            "field `table.\"DD\"`",
            "between 0 and 1, got 1.5",
        ],
    );
}

#[test]
fn memory_one_probability_out_of_range_names_the_outcome() {
    rejects(
        "probability",
        "kind = \"memory-one\"\nname = \"Bad\"\nfirst = 1\nCC = 1\nCD = 1.5\nDC = 0\nDD = 0\n",
        &[
            "strategies/bad.toml:5:6",
            "field `CD`",
            "probability of C after CD must be between 0 and 1, got 1.5",
        ],
    );
}

#[test]
fn state_machine_mistakes_name_the_state_and_transition() {
    rejects(
        "unknown-state",
        "kind = \"fsm\"\nname = \"Bad\"\nstart = \"a\"\n[states.a]\nC = { next = \"a\", play = \"C\" }\nD = { next = \"b\", play = \"D\" }\n",
        &[
            "strategies/bad.toml:6:14",
            "field `states.a.D.next`",
            "goes to `b`, which is not a state (states: `a`)",
        ],
    );
    rejects(
        "missing-transition",
        "kind = \"fsm\"\nname = \"Bad\"\nstart = \"a\"\n[states.a]\nC = { next = \"a\", play = \"C\" }\n",
        &[
            "strategies/bad.toml:4:9",
            "field `states.a`",
            "state `a` has no transition for the opponent's D",
        ],
    );
}

#[test]
fn cycle_mistakes_point_at_the_character() {
    rejects(
        "empty-cycle",
        "kind = \"cycle\"\nname = \"Bad\"\ncycle = \"\"\n",
        &[
            "strategies/bad.toml:3:9",
            "field `cycle`",
            "the cycle is empty",
        ],
    );
    rejects(
        "bad-character",
        "kind = \"cycle\"\nname = \"Bad\"\ncycle = \"CCX\"\n",
        &[
            "strategies/bad.toml:3:12",
            "character 3 is `X`; only C and D",
        ],
    );
}

#[test]
fn transformer_and_kind_mistakes() {
    rejects(
        "unknown-transformer",
        "kind = \"transformed\"\nname = \"Bad\"\nstrategy = \"tit-for-tat\"\n[[transformers]]\nkind = \"mirror\"\n",
        &[
            "strategies/bad.toml:5:8",
            "field `transformers[0].kind`",
            "unknown transformer `mirror` (allowed: noise, flip, dual, initial, final, joss-ann)",
        ],
    );
    rejects(
        "transformer-of-unknown",
        "kind = \"transformed\"\nname = \"Bad\"\nstrategy = \"tit-for-tatt\"\n[[transformers]]\nkind = \"flip\"\n",
        &[
            "strategies/bad.toml:3:12",
            "field `strategy`",
            "unknown strategy `tit-for-tatt`",
            "did you mean `tit-for-tat`",
            "strategies/tit-for-tatt.toml",
        ],
    );
    rejects(
        "joss-ann-probability",
        "kind = \"transformed\"\nname = \"Bad\"\nstrategy = \"tit-for-tat\"\n[[transformers]]\nkind = \"joss-ann\"\np = 0.1\nq = -1\n",
        &[
            "strategies/bad.toml:7:5",
            "field `transformers[0].q`",
            "between 0 and 1, got -1",
        ],
    );
    rejects(
        "loop",
        "kind = \"transformed\"\nname = \"Bad\"\nstrategy = \"bad\"\n[[transformers]]\nkind = \"flip\"\n",
        &["strategies/bad.toml:3:12", "refer to each other in a loop"],
    );
    rejects(
        "unknown-kind",
        "kind = \"strange\"\nname = \"Bad\"\n",
        &[
            "strategies/bad.toml:1:8",
            "unknown kind `strange`",
            "allowed: memory-one, lookup, fsm, hmm, cycle, ann, transformed",
        ],
    );
    rejects(
        "unknown-field",
        "kind = \"cycle\"\nname = \"Bad\"\ncycle = \"CD\"\ncycel = \"C\"\n",
        &[
            "strategies/bad.toml:4:1",
            "unknown field; did you mean `cycle`?",
        ],
    );
}

#[test]
fn a_missing_file_names_the_search_paths() {
    let dir = scratch("not-found");
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    std::fs::write(
        dir.join("scenarios/s.toml"),
        SCENARIO.replace("\"bad\"", "\"no-such-strategy\""),
    )
    .unwrap();
    let output = run_in(
        &dir,
        &["run", "scenarios/s.toml", "--quiet", "--out", "out"],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    for fragment in [
        "scenarios/s.toml:9:12",
        "field `players[1].strategy`",
        "unknown strategy `no-such-strategy`",
        "scenarios/strategies/no-such-strategy.toml",
        "strategies/no-such-strategy.toml",
    ] {
        assert!(stderr.contains(fragment), "`{fragment}` not in {stderr}");
    }
    assert!(!dir.join("out").exists());
    // A path that does not exist says so.
    std::fs::write(
        dir.join("scenarios/s.toml"),
        SCENARIO.replace("\"bad\"", "\"elsewhere/x.toml\""),
    )
    .unwrap();
    let output = run_in(
        &dir,
        &["run", "scenarios/s.toml", "--quiet", "--out", "out"],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("strategy file `elsewhere/x.toml` not found; looked for: scenarios/elsewhere/x.toml, elsewhere/x.toml"),
        "{stderr}"
    );
}

#[test]
fn parameters_beside_a_file_strategy_are_refused() {
    let dir = scratch("params");
    std::fs::write(
        dir.join("s.toml"),
        SCENARIO.replace("\"bad\"", "\"cycle-ccd\"\np = 0.5"),
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("strategies")).unwrap();
    std::fs::copy(
        root().join("strategies/cycle-ccd.toml"),
        dir.join("strategies/cycle-ccd.toml"),
    )
    .unwrap();
    let output = run_in(&dir, &["run", "s.toml", "--quiet", "--out", "out"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("s.toml:10:1: field `players[1].p`"),
        "{stderr}"
    );
    assert!(stderr.contains("takes no parameters"), "{stderr}");
}

#[test]
fn match_takes_strategy_files_by_name_and_path() {
    let output = succeeds(
        &root(),
        &[
            "match",
            "fsm-tit-for-two-tats",
            "alternator",
            "--turns",
            "6",
            "--json",
        ],
    );
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["players"][0], "Tit For Two Tats (state machine)");
    assert_eq!(value["moves"][0], "CCCCCC");
    let output = succeeds(
        &root(),
        &[
            "match",
            "strategies/cycle-ccd.toml",
            "tit-for-tat",
            "--turns",
            "6",
            "--json",
        ],
    );
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["moves"][0], "CCDCCD");
    assert_eq!(value["moves"][1], "CCCDCC");
    let output = run_in(&root(), &["match", "no-such-strategy", "tit-for-tat"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("strategies/no-such-strategy.toml"),
        "{stderr}"
    );
}
