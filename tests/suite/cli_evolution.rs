//! End to end: the `moran`, `ecological` and `spatial` kinds through
//! `dilemma run`. Good scenarios write their files (byte-identical on 1 and 2
//! threads); bad ones exit with 2 and a message naming file, line and field.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-evo-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(dir: &Path, file: &str, text: &str, extra: &[&str]) -> Output {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .arg("run")
        .arg(&path)
        .arg("--out")
        .arg(dir.join("results"))
        .arg("--quiet")
        .args(extra)
        .output()
        .unwrap()
}

const MORAN: &str = r#"name = "m"
kind = "moran"
seed = 4
[match]
turns = 20
[moran]
runs = 200
[[population]]
strategy = "tit-for-tat"
count = 3
[[population]]
strategy = "defector"
count = 2
[output]
charts = false
"#;

const SPATIAL: &str = r#"name = "s"
kind = "spatial"
[lattice]
size = 15
steps = 6
[game]
b = 1.9
[output]
snapshots = [0, 6]
charts = false
"#;

const ECOLOGICAL: &str = r#"name = "e"
kind = "replicator"
[match]
turns = 20
repetitions = 2
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "defector"
[[players]]
strategy = "random"
[dynamics]
time = "continuous"
dt = 0.05
steps = 40
initial = "random"
[output]
charts = false
"#;

fn read(dir: &Path, name: &str) -> Vec<u8> {
    std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn good_scenarios_write_results_identically_on_any_thread_count() {
    let dir = scratch("good");
    for (file, text, name, files) in [
        ("m.toml", MORAN, "m", &["fixation.csv", "counts.csv"][..]),
        (
            "s.toml",
            SPATIAL,
            "s",
            &["counts.csv", "lattice_0006.csv", "types.csv"][..],
        ),
        (
            "e.toml",
            ECOLOGICAL,
            "e",
            &["shares.csv", "payoff_matrix.csv"][..],
        ),
    ] {
        let one = run(&dir, file, text, &["--threads", "1"]);
        assert!(
            one.status.success(),
            "{}",
            String::from_utf8_lossy(&one.stderr)
        );
        let first: Vec<Vec<u8>> = files
            .iter()
            .map(|f| read(&dir.join("results").join(name), f))
            .collect();
        let two = run(&dir, file, text, &["--threads", "2"]);
        assert!(two.status.success());
        for (f, bytes) in files.iter().zip(&first) {
            assert_eq!(
                &read(&dir.join("results").join(name), f),
                bytes,
                "{name}/{f} differs between thread counts"
            );
        }
        // The resolved scenario runs again to the same results.
        let resolved =
            String::from_utf8(read(&dir.join("results").join(name), "scenario.toml")).unwrap();
        let again = run(&dir, &format!("resolved-{file}"), &resolved, &[]);
        assert!(
            again.status.success(),
            "resolved {name}: {}",
            String::from_utf8_lossy(&again.stderr)
        );
        assert_eq!(read(&dir.join("results").join(name), files[0]), first[0]);
    }
    // Pictures: a snapshot (PNG + SVG) and one PNG frame per step.
    let pictures = SPATIAL
        .replace("steps = 6", "steps = 1")
        .replace("snapshots = [0, 6]\ncharts = false", "snapshots = [1]");
    let out = run(
        &dir,
        "p.toml",
        &pictures.replace("name = \"s\"", "name = \"p\""),
        &[],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for f in [
        "lattice_0001.png",
        "lattice_0001.svg",
        "frames/frame_0000.png",
        "frames/frame_0001.png",
        "shares.png",
    ] {
        assert!(
            read(&dir.join("results/p"), f).starts_with(b"\x89PNG") || f.ends_with(".svg"),
            "{f}"
        );
    }
    let fixation = String::from_utf8(read(&dir.join("results/m"), "fixation.csv")).unwrap();
    assert!(fixation.starts_with(
        "Strategy,Initial_count,Runs,Fixations,Probability,CI95_low,CI95_high\nTit For Tat,3,200,"
    ));
}

fn rejects(test: &str, text: &str, expected: &[&str]) {
    let dir = scratch(test);
    let out = run(&dir, "bad.toml", text, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{test}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for fragment in expected {
        assert!(
            stderr.contains(fragment),
            "{test}: `{fragment}` not in: {stderr}"
        );
    }
    assert!(
        !dir.join("results").exists()
            || std::fs::read_dir(dir.join("results"))
                .unwrap()
                .next()
                .is_none()
    );
}

#[test]
fn bad_input_names_file_line_and_field_and_exits_with_2() {
    rejects(
        "one",
        &MORAN
            .replace("count = 3\n", "count = 1\n")
            .replace("[[population]]\nstrategy = \"defector\"\ncount = 2\n", ""),
        &["bad.toml:", "population", "at least 2 individuals, got 1"],
    );
    rejects(
        "mutation",
        &MORAN.replace("runs = 200\n", "runs = 200\nmutation = 1.5\n"),
        &["bad.toml:8:", "mutation", "between 0 and 1, got 1.5"],
    );
    rejects(
        "noise",
        &MORAN.replace("turns = 20\n", "turns = 20\nnoise = -0.1\n"),
        &["bad.toml:6:", "noise", "between 0 and 1"],
    );
    rejects(
        "isolated",
        &MORAN.replace(
            "runs = 200\n",
            "runs = 200\ninteraction = { edges = [[0, 1], [1, 2], [2, 3]] }\n",
        ),
        &[
            "bad.toml:8:",
            "moran.interaction",
            "node 4",
            "no neighbours",
        ],
    );
    rejects(
        "unknown",
        &MORAN.replace("\"defector\"", "\"defecter\""),
        &[
            "bad.toml:12:",
            "population[1].strategy",
            "unknown strategy `defecter`",
            "defector",
        ],
    );
    rejects(
        "spatial-unknown",
        "kind = \"spatial\"\n[lattice]\nsize = 5\n[[cells]]\nstrategy = \"tit-for-tat\"\n[[cells]]\nstrategy = \"nope\"\n",
        &[
            "bad.toml:7:",
            "cells[1].strategy",
            "unknown strategy `nope`",
        ],
    );
    rejects(
        "spatial-one-cell",
        "kind = \"spatial\"\n[lattice]\nsize = 1\n",
        &["bad.toml:", "at least 2 cells"],
    );
    rejects(
        "shares",
        &ECOLOGICAL.replace("initial = \"random\"", "initial = [1, -2, 1]"),
        &["bad.toml:", "dynamics.initial", "at least 0"],
    );
    rejects(
        "mode",
        &MORAN.replace("runs = 200\n", "runs = 200\nmode = \"bdx\"\n"),
        &["bad.toml:8:", "moran.mode", "allowed: \"bd\", \"db\""],
    );
}
