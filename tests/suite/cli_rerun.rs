//! A results folder's own `scenario.toml`, run again, reproduces the folder byte for
//! byte (`run.json` aside: it records the time taken), for every shipped scenario in
//! `scenarios/` that is cheap in a debug build.
//!
//! Skipped, for time only: `axelrod-reference-*.toml` (every catalogue strategy, 100
//! repetitions: minutes in a debug build; `cargo bench --bench reference` runs them in
//! release), and any scenario named in [`SLOW`] (none now: the slowest others took 5.5 s
//! (travelers-qre), 4.1 s (axelrod-second) and 3.1 s (fixation-matrix) a run in a debug
//! build on two busy cores; the whole test about 90 s).
//!
//! Every other scenario is run with `--threads 2` into one folder, then the results
//! folder's `scenario.toml` is run into another, and every file of the two folders (and
//! of their subfolders) but `run.json` is compared byte for byte.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Shipped scenarios too slow for a debug test, by file name (see the module doc).
const SLOW: &[&str] = &[];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-rerun-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `dilemma run SCENARIO --quiet --threads 2 --out OUT`.
fn run(scenario: &Path, out: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .arg("run")
        .arg(scenario)
        .args(["--quiet", "--threads", "2", "--out"])
        .arg(out)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "dilemma run {} failed: {}",
        scenario.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Every file under `dir` (relative path -> bytes), `run.json` left out.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut found = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.file_name().is_some_and(|n| n != "run.json") {
                let relative = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .to_string();
                found.insert(relative, std::fs::read(&path).unwrap());
            }
        }
    }
    found
}

/// The one results folder `dilemma run` wrote into `out`.
fn results_folder(out: &Path) -> PathBuf {
    let folders: Vec<PathBuf> = std::fs::read_dir(out)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    assert_eq!(folders.len(), 1, "{}: {folders:?}", out.display());
    folders.into_iter().next().unwrap()
}

fn is_skipped(path: &Path) -> bool {
    let name = path.file_name().unwrap().to_string_lossy();
    name.starts_with("axelrod-reference-") || SLOW.contains(&name.as_ref())
}

/// The first lines that differ between two texts, for the failure message.
fn first_difference(a: &[u8], b: &[u8]) -> String {
    let (a, b) = (String::from_utf8_lossy(a), String::from_utf8_lossy(b));
    a.lines()
        .zip(b.lines())
        .enumerate()
        .find(|(_, (x, y))| x != y)
        .map_or_else(
            || format!("lengths {} and {}", a.len(), b.len()),
            |(k, (x, y))| format!("line {}: {x:?} then {y:?}", k + 1),
        )
}

#[test]
fn every_cheap_shipped_scenario_reruns_from_its_results_folder_byte_for_byte() {
    let dir = scratch("all");
    let mut scenarios: Vec<PathBuf> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .filter(|p| !is_skipped(p))
        .collect();
    scenarios.sort();
    assert!(scenarios.len() >= 30, "{}", scenarios.len());
    let mut failures = Vec::new();
    for (k, scenario) in scenarios.iter().enumerate() {
        let (first, second) = (
            dir.join(format!("{k}-first")),
            dir.join(format!("{k}-again")),
        );
        run(scenario, &first);
        let folder = results_folder(&first);
        run(&folder.join("scenario.toml"), &second);
        let (a, b) = (files(&folder), files(&results_folder(&second)));
        let name = scenario.file_name().unwrap().to_string_lossy();
        if a.keys().ne(b.keys()) {
            failures.push(format!(
                "{name}: the files differ: {:?} then {:?}",
                a.keys().collect::<Vec<_>>(),
                b.keys().collect::<Vec<_>>()
            ));
            continue;
        }
        for (file, bytes) in &a {
            if bytes != &b[file] {
                let why = first_difference(bytes, &b[file]);
                failures.push(format!("{name}: {file} differs ({why})"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}
