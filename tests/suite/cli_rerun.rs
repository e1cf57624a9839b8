//! A results folder's own `scenario.toml`, run again, reproduces the folder byte for
//! byte (`run.json` aside: it records the time taken; and a training run's
//! `training.csv` is compared without its `seconds` column, the wall time of each
//! generation), for every shipped scenario in `scenarios/` (the long axelrod
//! reference tournaments, every catalogue strategy, 100 repetitions, are in
//! `scenarios/reference/`: minutes in a debug build; `cargo bench --bench
//! reference` runs them in release).
//!
//! The first runs are the ones `crate::shipped_runs` makes once for the whole test
//! binary (all scenarios in one `dilemma run --threads 2`); each results folder's
//! `scenario.toml` is run again into another folder, and every file of the two folders
//! (and of their subfolders) but `run.json` is compared byte for byte.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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

/// Every file under `dir` (relative path -> bytes), `run.json` left out and
/// `training.csv` without its `seconds` column.
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
                let mut bytes = std::fs::read(&path).unwrap();
                if relative == "training.csv" {
                    // The last column is the wall time (`seconds`).
                    let text = String::from_utf8(bytes).unwrap();
                    bytes = text
                        .lines()
                        .map(|l| format!("{}\n", l.rsplit_once(',').unwrap().0))
                        .collect::<String>()
                        .into_bytes();
                }
                found.insert(relative, bytes);
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
    // The first runs are shared with cli_report (crate::shipped_runs).
    let runs = crate::shipped_runs::shipped_runs();
    let folders = runs.folders();
    assert!(folders.len() >= 30, "{}", folders.len());
    assert_eq!(folders.len(), runs.scenarios.len());
    let again = runs.scratch("rerun");
    let mut failures = Vec::new();
    for (k, folder) in folders.iter().enumerate() {
        let second = again.join(k.to_string());
        run(&folder.join("scenario.toml"), &second);
        let (a, b) = (files(folder), files(&results_folder(&second)));
        let name = crate::shipped_runs::name_of(folder);
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
    runs.done();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
