//! Tournament sweeps (`[sweep]`) end to end: every grid point is exactly the
//! tournament with that value; the files do not depend on threads; the
//! resolved scenario reruns the sweep; bad grids exit 2 naming the key and
//! write nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-sweep-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma_output(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap()
}

fn dilemma(args: &[&str]) -> Output {
    let output = dilemma_output(args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            for (inner, bytes) in files(&path) {
                out.insert(format!("{name}/{inner}"), bytes);
            }
        } else {
            out.insert(name, std::fs::read(&path).unwrap());
        }
    }
    out
}

/// A small tournament with stochastic players; `{sweep}` is replaced.
const BASE: &str = r#"
name = "tiny-sweep"
kind = "tournament"
seed = 21
[game]
payoffs = "standard"
[match]
turns = 40
noise = 0.0
repetitions = 3
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "random"
p = 0.4
[[players]]
strategy = "grudger"
[[players]]
strategy = "win-stay-lose-shift"
[output]
charts = false
{sweep}
"#;

const NOISE_SWEEP: &str = r#"
[sweep]
points = true
[sweep.x]
key = "match.noise"
start = 0.0
stop = 0.06
steps = 4
"#;

fn write(dir: &Path, file: &str, text: &str) -> PathBuf {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path
}

fn sweep_rows(folder: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(folder.join("sweep.csv")).unwrap();
    text.lines()
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

#[test]
fn every_point_is_the_tournament_with_that_value() {
    let dir = scratch("points");
    let scenario = write(&dir, "tiny.toml", &BASE.replace("{sweep}", NOISE_SWEEP));
    let out = dir.join("out");
    dilemma(&[
        "run",
        s(&scenario),
        "--quiet",
        "--threads",
        "2",
        "--out",
        s(&out),
    ]);
    let folder = out.join("tiny-sweep");
    let rows = sweep_rows(&folder);
    assert_eq!(
        rows[0][..5],
        ["Point", "match.noise", "Rank", "Name", "Median_score"]
    );
    assert_eq!(rows.len(), 1 + 4 * 4);
    let noises: Vec<&str> = rows[1..].iter().step_by(4).map(|r| r[1].as_str()).collect();
    assert_eq!(noises, ["0.0", "0.02", "0.04", "0.06"]);
    for (k, noise) in ["0.0", "0.02", "0.04", "0.06"].iter().enumerate() {
        // The same tournament run on its own with that noise.
        let single = write(
            &dir,
            &format!("single-{k}.toml"),
            &BASE
                .replace("{sweep}", "")
                .replace("noise = 0.0", &format!("noise = {noise}")),
        );
        let single_out = dir.join(format!("single-{k}"));
        dilemma(&[
            "run",
            s(&single),
            "--quiet",
            "--threads",
            "1",
            "--out",
            s(&single_out),
        ]);
        let summary =
            std::fs::read_to_string(single_out.join("tiny-sweep").join("summary.csv")).unwrap();
        let expected: Vec<String> = summary.lines().skip(1).map(String::from).collect();
        let got: Vec<String> = rows[1 + 4 * k..1 + 4 * (k + 1)]
            .iter()
            .map(|r| r[2..].join(","))
            .collect();
        assert_eq!(got, expected, "point {k}");
        assert!(
            rows[1 + 4 * k..1 + 4 * (k + 1)]
                .iter()
                .all(|r| r[0] == k.to_string())
        );
        // points = true: the point's own summary and payoff matrix.
        let point = folder.join("points").join(k.to_string());
        assert_eq!(
            std::fs::read_to_string(point.join("summary.csv")).unwrap(),
            summary
        );
        assert_eq!(
            std::fs::read(point.join("payoff_matrix.csv")).unwrap(),
            std::fs::read(single_out.join("tiny-sweep").join("payoff_matrix.csv")).unwrap()
        );
    }
    // One thread writes the same files; the resolved scenario reruns the sweep.
    let one = dir.join("one");
    dilemma(&[
        "run",
        s(&scenario),
        "--quiet",
        "--threads",
        "1",
        "--out",
        s(&one),
    ]);
    let again = dir.join("again");
    dilemma(&[
        "run",
        s(&folder.join("scenario.toml")),
        "--quiet",
        "--out",
        s(&again),
    ]);
    let (a, b, c) = (
        files(&folder),
        files(&one.join("tiny-sweep")),
        files(&again.join("tiny-sweep")),
    );
    for (name, bytes) in &a {
        if name != "run.json" {
            assert!(bytes == &b[name], "{name} differs on one thread");
            assert!(
                bytes == &c[name],
                "{name} differs when rerun from scenario.toml"
            );
        }
    }
    let run: serde_json::Value = serde_json::from_slice(&a["run.json"]).unwrap();
    assert_eq!(run["kind"], "sweep");
    assert_eq!(run["points"], 4);
    assert_eq!(run["matches"], 4 * 10 * 3);
}

#[test]
fn the_examples_run_with_charts() {
    let dir = scratch("examples");
    let out = dir.join("out");
    let output = dilemma(&[
        "run",
        "scenarios/sweep-noise.toml",
        "scenarios/sweep-noise-temptation.toml",
        "--out",
        s(&out),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("sweep-noise: 11 grid points x 8 players"),
        "{stdout}"
    );
    let table = stdout.lines().filter(|l| !l.starts_with("results written"));
    assert!(table.clone().count() > 40);
    assert!(
        table.into_iter().all(|l| l.chars().count() <= 80),
        "{stdout}"
    );
    let one = out.join("sweep-noise");
    assert_eq!(sweep_rows(&one).len(), 1 + 11 * 8);
    for chart in ["sweep_score.png", "sweep_rank.png", "sweep_score.svg"] {
        assert!(one.join(chart).exists(), "{chart}");
    }
    let two = out.join("sweep-noise-temptation");
    let rows = sweep_rows(&two);
    assert_eq!(rows.len(), 1 + 5 * 6 * 6);
    assert_eq!(rows[0][1..3], ["match.noise", "game.payoffs.T"]);
    // x outer, y inner: point 7 is noise 0.01 (x index 1), T 4.0 (y index 1).
    let p7 = rows.iter().find(|r| r[0] == "7").unwrap();
    assert_eq!((p7[1].as_str(), p7[2].as_str()), ("0.01", "4.0"));
    for chart in ["sweep_cooperation.png", "sweep_winner_score.png"] {
        assert!(two.join(chart).exists(), "{chart}");
    }
    // --json: one object per scenario with the points.
    let json_out = dilemma(&[
        "run",
        "scenarios/sweep-noise.toml",
        "--json",
        "--out",
        s(&dir.join("json")),
    ]);
    let value: serde_json::Value = serde_json::from_slice(&json_out.stdout).unwrap();
    assert_eq!(value["points"].as_array().unwrap().len(), 11);
    assert_eq!(value["points"][3]["values"][0], 0.03);
}

/// Runs a bad sweep; expects exit 2 naming `words`, and nothing written.
fn refused(dir: &Path, tag: &str, sweep: &str, words: &[&str]) {
    let scenario = write(dir, &format!("{tag}.toml"), &BASE.replace("{sweep}", sweep));
    let out = dir.join(format!("out-{tag}"));
    let output = dilemma_output(&["run", s(&scenario), "--out", s(&out)]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{tag}: {stderr}");
    for word in words {
        assert!(stderr.contains(word), "{tag}: `{word}` not in {stderr}");
    }
    assert!(
        stderr.contains(&format!("{tag}.toml:")),
        "{tag}: names the file: {stderr}"
    );
    assert!(!out.exists(), "{tag}: nothing is written");
}

#[test]
fn bad_grids_are_refused_naming_the_key() {
    let dir = scratch("bad");
    refused(
        &dir,
        "unknown",
        "[sweep.x]\nkey = \"match.noize\"\nvalues = [0.1]\n",
        &["sweep.x.key", "`match.noize` is not a key", "match.noise"],
    );
    refused(
        &dir,
        "not-numeric",
        "[sweep.x]\nkey = \"players.0.strategy\"\nvalues = [1]\n",
        &["sweep.x.key", "`players.0.strategy` is not a number"],
    );
    refused(
        &dir,
        "zero-step",
        "[sweep.x]\nkey = \"match.noise\"\nstart = 0.1\nstop = 0.1\nsteps = 5\n",
        &["sweep.x.stop", "a step of zero"],
    );
    refused(
        &dir,
        "one-step",
        "[sweep.x]\nkey = \"match.noise\"\nstart = 0.0\nstop = 0.1\nsteps = 1\n",
        &["sweep.x.steps", "2 to 1000"],
    );
    refused(
        &dir,
        "both",
        "[sweep.x]\nkey = \"match.noise\"\nstart = 0.0\nvalues = [0.1]\n",
        &["sweep.x", "either `values"],
    );
    refused(
        &dir,
        "fraction",
        "[sweep.x]\nkey = \"match.turns\"\nvalues = [10, 10.5]\n",
        &["sweep.x.key", "whole numbers", "10.5"],
    );
    refused(
        &dir,
        "out-of-range",
        "[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 1.5]\n",
        &["match.noise = 1.5", "not a valid tournament", "probability"],
    );
    refused(
        &dir,
        "same-key",
        "[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0]\n[sweep.y]\nkey = \"match.noise\"\nvalues = [0.1]\n",
        &["sweep.y.key", "already the x axis"],
    );
    refused(
        &dir,
        "no-x",
        "[sweep.y]\nkey = \"match.noise\"\nvalues = [0.1]\n",
        &["sweep.x", "missing"],
    );
    refused(
        &dir,
        "too-much",
        "[sweep.x]\nkey = \"match.repetitions\"\nvalues = [100000, 200000]\n[sweep.y]\nkey = \"match.turns\"\nvalues = [1000000, 2000000]\n",
        &[
            "sweep",
            "match.repetitions x match.turns",
            "more than the default limit",
            "--no-limit",
        ],
    );
}
