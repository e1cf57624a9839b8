//! `dilemma run --shard I/N` and `dilemma merge` end to end: any split, run
//! in any order on any thread count, merges into the folder a single run
//! writes, byte for byte (run.json's timing and thread fields aside); every
//! refusal exits with 2, names the problem and writes nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dilemma-cli-shards-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Noise, a random horizon and stochastic players: every match generator
/// matters. 5 players, 15 pairs x 4 repetitions = 60 matches.
const NOISY: &str = r#"
name = "noisy"
kind = "tournament"
seed = 11
[game]
payoffs = "standard"
[match]
continuation = 0.95
cap = 300
noise = 0.04
repetitions = 4
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "random"
p = 0.3
[[players]]
strategy = "grudger"
[[players]]
strategy = "win-stay-lose-shift"
[[players]]
strategy = "generous-tit-for-tat"
"#;

/// A fixed horizon without noise: deterministic pairs are played once and
/// reused, and their repetitions are cut across shards.
const REUSED: &str = r#"
name = "reused"
kind = "tournament"
seed = 3
[game]
payoffs = { R = 3, S = 0, T = 5, P = 1 }
[match]
turns = 30
noise = 0.0
repetitions = 3
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "alternator"
[[players]]
strategy = "random"
[[players]]
strategy = "grudger"
"#;

/// A tournament on edges (out of order, one backwards, a self-loop) with
/// noise, a random horizon, a stochastic player and interactions.csv: 5
/// edges x 3 repetitions = 15 matches.
const GRAPH: &str = r#"
name = "graph"
kind = "tournament"
seed = 5
[match]
continuation = 0.9
cap = 100
noise = 0.05
repetitions = 3
[tournament]
edges = [[2, 0], [0, 1], [3, 3], [1, 3], [2, 3]]
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "random"
[[players]]
strategy = "grudger"
[[players]]
strategy = "alternator"
[output]
interactions = true
"#;

fn write_scenario(dir: &Path, file: &str, text: &str) -> PathBuf {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path
}

fn dilemma_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dilemma"));
    command.current_dir(root()).args(args);
    for var in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
        "JOB_COMPLETION_INDEX",
    ] {
        command.env_remove(var);
    }
    for (k, v) in env {
        command.env(k, v);
    }
    command.output().unwrap()
}

fn dilemma(args: &[&str]) -> Output {
    let output = dilemma_env(args, &[]);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Runs and expects exit 2; returns standard error.
fn refused(args: &[&str], env: &[(&str, &str)]) -> String {
    let output = dilemma_env(args, env);
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

fn s(path: &Path) -> &str {
    path.to_str().unwrap()
}

fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

/// The run.json fields that describe the machine and the time, not the results.
const RUN_JSON_VARIABLE: [&str; 4] = [
    "threads",
    "simulation_seconds",
    "total_seconds",
    "simulated_turns_per_second",
];

fn assert_same_results(single: &Path, merged: &Path) {
    let (a, b) = (files(single), files(merged));
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "{}",
        merged.display()
    );
    assert!(a.contains_key("matches.csv") && a.contains_key("payoff_matrix.csv"));
    assert!(a.keys().any(|k| k.ends_with(".png")), "charts are compared");
    for (name, bytes) in &a {
        if name == "run.json" {
            let mut x: serde_json::Value = serde_json::from_slice(bytes).unwrap();
            let mut y: serde_json::Value = serde_json::from_slice(&b[name]).unwrap();
            for field in RUN_JSON_VARIABLE {
                assert!(
                    x.as_object_mut().unwrap().remove(field).is_some(),
                    "{field}"
                );
                y.as_object_mut().unwrap().remove(field);
            }
            assert_eq!(x, y, "run.json of {}", merged.display());
        } else {
            assert!(bytes == &b[name], "{name} differs in {}", merged.display());
        }
    }
}

/// Runs every shard of an N-way split in reverse order, thread counts
/// cycling 1, 2, 3, into `dir`; returns the shard folders in index order.
fn run_shards(scenario: &Path, dir: &Path, n: u32) -> Vec<PathBuf> {
    for index in (0..n).rev() {
        let threads = (1 + index % 3).to_string();
        dilemma(&[
            "run",
            s(scenario),
            "--quiet",
            "--shard",
            &format!("{index}/{n}"),
            "--threads",
            &threads,
            "--out",
            s(dir),
        ]);
    }
    let name = scenario.file_stem().unwrap().to_str().unwrap();
    (0..n)
        .map(|i| dir.join(format!("{name}.shard-{i}-of-{n}")))
        .collect()
}

fn merge(shards: &[PathBuf], out: &Path) {
    let mut args = vec!["merge", "--quiet", "--out", s(out)];
    args.extend(shards.iter().map(|p| s(p)));
    dilemma(&args);
}

#[test]
fn any_split_merges_into_the_single_run_byte_for_byte() {
    let dir = scratch("splits");
    for (file, text, splits) in [
        ("noisy.toml", NOISY, &[1u32, 2, 7][..]),
        ("reused.toml", REUSED, &[7][..]),
        ("graph.toml", GRAPH, &[4][..]),
    ] {
        let scenario = write_scenario(&dir, file, text);
        let name = file.trim_end_matches(".toml");
        let single = dir.join("single");
        dilemma(&[
            "run",
            s(&scenario),
            "--quiet",
            "--threads",
            "2",
            "--out",
            s(&single),
        ]);
        for &n in splits {
            let shards = run_shards(&scenario, &dir.join(format!("shards-{n}")), n);
            // Given in a shuffled order: merge sorts them by index.
            let mut given = shards.clone();
            given.rotate_left(n as usize / 2);
            let out = dir.join(format!("merged-{n}"));
            merge(&given, &out);
            assert_same_results(&single.join(name), &out.join(name));
        }
    }
}

#[test]
fn a_rerun_shard_writes_the_same_bytes() {
    let dir = scratch("rerun");
    let scenario = write_scenario(&dir, "noisy.toml", NOISY);
    let first = run_shards(&scenario, &dir.join("a"), 3);
    let before = files(&first[1]);
    // Killed and rerun, on another thread count: the folder is replaced by
    // the same bytes.
    dilemma(&[
        "run",
        s(&scenario),
        "--quiet",
        "--shard",
        "1/3",
        "--threads",
        "3",
        "--out",
        s(&dir.join("a")),
    ]);
    assert_eq!(files(&first[1]), before);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        ["manifest.json", "outcomes.csv", "scenario.toml"]
    );
    let manifest: serde_json::Value = serde_json::from_slice(&before["manifest.json"]).unwrap();
    assert_eq!(manifest["shard_index"], 1);
    assert_eq!(manifest["shard_count"], 3);
    assert_eq!(manifest["seed"], 11);
    assert_eq!(manifest["units_start"], 20);
    assert_eq!(manifest["units_end"], 40);
    assert_eq!(manifest["units_total"], 60);
    assert_eq!(manifest["dilemma_version"], env!("CARGO_PKG_VERSION"));
    // One header and one row per match of the shard.
    let outcomes = String::from_utf8(before["outcomes.csv"].clone()).unwrap();
    assert_eq!(outcomes.lines().count(), 1 + 20);
}

#[test]
fn the_shard_comes_from_slurm_or_kubernetes_with_auto() {
    let dir = scratch("auto");
    let scenario = write_scenario(&dir, "noisy.toml", NOISY);
    let out = dir.join("out");
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "3"),
        ("SLURM_ARRAY_TASK_COUNT", "4"),
        ("SLURM_ARRAY_TASK_MIN", "1"),
    ];
    let run = |env: &[(&str, &str)], extra: &[&str]| {
        let mut args = vec![
            "run",
            s(&scenario),
            "--quiet",
            "--shard",
            "auto",
            "--out",
            s(&out),
        ];
        args.extend(extra);
        let output = dilemma_env(&args, env);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    run(&slurm, &[]);
    assert!(
        out.join("noisy.shard-2-of-4")
            .join("manifest.json")
            .exists()
    );
    run(&[("JOB_COMPLETION_INDEX", "4")], &["--shards", "5"]);
    assert!(
        out.join("noisy.shard-4-of-5")
            .join("manifest.json")
            .exists()
    );
    // The same shard as --shard I/N writes the same bytes.
    let explicit = dir.join("explicit");
    dilemma(&[
        "run",
        s(&scenario),
        "--quiet",
        "--shard",
        "2/4",
        "--out",
        s(&explicit),
    ]);
    assert_eq!(
        files(&out.join("noisy.shard-2-of-4")),
        files(&explicit.join("noisy.shard-2-of-4"))
    );
}

#[test]
fn bad_shard_options_are_refused_naming_the_option() {
    let dir = scratch("options");
    let scenario = write_scenario(&dir, "noisy.toml", NOISY);
    let out = dir.join("out");
    let base = ["run", s(&scenario), "--out", s(&out)];
    let with = |extra: &[&'static str]| {
        let mut args = base.to_vec();
        args.extend(extra);
        args
    };
    let e = refused(&with(&["--shard", "5/4"]), &[]);
    assert!(
        e.contains("--shard") && e.contains("index 5 is not below the count 4"),
        "{e}"
    );
    let e = refused(&with(&["--shard", "0/0"]), &[]);
    assert!(e.contains("--shard") && e.contains("count 0"), "{e}");
    let e = refused(&with(&["--shard", "two/4"]), &[]);
    assert!(e.contains("--shard") && e.contains("I/N or auto"), "{e}");
    let e = refused(&with(&["--shard", "auto"]), &[]);
    assert!(
        e.contains("--shard") && e.contains("no scheduler environment"),
        "{e}"
    );
    let e = refused(
        &with(&["--shard", "auto"]),
        &[("JOB_COMPLETION_INDEX", "2")],
    );
    assert!(e.contains("--shards N"), "{e}");
    let e = refused(
        &with(&["--shard", "auto", "--shards", "2"]),
        &[("JOB_COMPLETION_INDEX", "2")],
    );
    assert!(e.contains("index 2 is not below the count 2"), "{e}");
    let e = refused(&with(&["--shard", "1/4", "--shards", "4"]), &[]);
    assert!(e.contains("--shards"), "{e}");
    let e = refused(
        &[
            "run",
            "scenarios/moran.toml",
            "--shard",
            "0/2",
            "--out",
            s(&out),
        ],
        &[],
    );
    assert!(
        e.contains("--shard") && e.contains("`moran` runs whole"),
        "{e}"
    );
    assert!(!out.exists(), "nothing is written");
}

/// Copies a shard folder (to damage the copy).
fn copy(from: &Path, to: &Path) -> PathBuf {
    std::fs::create_dir_all(to).unwrap();
    for (name, bytes) in files(from) {
        std::fs::write(to.join(name), bytes).unwrap();
    }
    to.to_path_buf()
}

fn merge_refused(shards: &[&Path], out: &Path) -> String {
    let mut args = vec!["merge", "--out", s(out)];
    args.extend(shards.iter().map(|p| s(p)));
    let e = refused(&args, &[]);
    assert!(!out.exists(), "nothing is written: {e}");
    e
}

fn rewrite_manifest(folder: &Path, edit: impl FnOnce(&mut serde_json::Value)) {
    let path = folder.join("manifest.json");
    let mut manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    edit(&mut manifest);
    std::fs::write(&path, serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
}

#[test]
fn merge_refuses_shards_that_do_not_make_one_run() {
    let dir = scratch("refusals");
    let scenario = write_scenario(&dir, "noisy.toml", NOISY);
    let shards = run_shards(&scenario, &dir.join("good"), 3);
    let out = dir.join("out");
    let [s0, s1, s2] = [&shards[0], &shards[1], &shards[2]].map(|p| p.as_path());

    // A missing shard, named.
    let e = merge_refused(&[s0, s2], &out);
    assert!(e.contains("shard 1 of 3 missing"), "{e}");
    // A duplicated shard, named with both folders.
    let again = copy(s1, &dir.join("again").join("noisy.shard-1-of-3"));
    let e = merge_refused(&[s0, s1, &again, s2], &out);
    assert!(e.contains("shard 1 of 3 is given twice"), "{e}");
    assert!(e.contains(s(&again)), "{e}");

    // Another seed.
    let seeded = dir.join("seeded");
    dilemma(&[
        "run",
        s(&scenario),
        "--quiet",
        "--shard",
        "1/3",
        "--seed",
        "12",
        "--out",
        s(&seeded),
    ]);
    let e = merge_refused(&[s0, &seeded.join("noisy.shard-1-of-3"), s2], &out);
    assert!(e.contains("different seeds (11 and 12)"), "{e}");

    // Another scenario with the same name (one more repetition).
    let other = write_scenario(
        &dir,
        "noisy-5.toml",
        &NOISY.replace("repetitions = 4", "repetitions = 5"),
    );
    let other_out = dir.join("other");
    dilemma(&[
        "run",
        s(&other),
        "--quiet",
        "--shard",
        "2/3",
        "--out",
        s(&other_out),
    ]);
    let e = merge_refused(&[s0, s1, &other_out.join("noisy.shard-2-of-3")], &out);
    assert!(e.contains("different scenarios"), "{e}");

    // Another split.
    let halves = run_shards(&scenario, &dir.join("halves"), 2);
    let e = merge_refused(&[s0, s1, &halves[1]], &out);
    assert!(
        e.contains("different splits (3 shards and 2 shards)"),
        "{e}"
    );

    // Another version of dilemma: between shards, and against this binary.
    let old = copy(s2, &dir.join("old").join("noisy.shard-2-of-3"));
    rewrite_manifest(&old, |m| m["dilemma_version"] = "0.0.1".into());
    let e = merge_refused(&[s0, s1, &old], &out);
    assert!(e.contains("different versions of dilemma"), "{e}");
    let all_old: Vec<PathBuf> = shards
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let c = copy(
                p,
                &dir.join(format!("all-old-{i}"))
                    .join(p.file_name().unwrap()),
            );
            rewrite_manifest(&c, |m| m["dilemma_version"] = "0.0.1".into());
            c
        })
        .collect();
    let refs: Vec<&Path> = all_old.iter().map(|p| p.as_path()).collect();
    let e = merge_refused(&refs, &out);
    assert!(e.contains("written by dilemma 0.0.1"), "{e}");
}

#[test]
fn merge_refuses_a_damaged_shard() {
    let dir = scratch("damaged");
    let scenario = write_scenario(&dir, "noisy.toml", NOISY);
    let shards = run_shards(&scenario, &dir.join("good"), 3);
    let out = dir.join("out");
    let damaged = |tag: &str| copy(&shards[1], &dir.join(tag).join("noisy.shard-1-of-3"));
    let merge_with = |bad: &Path| merge_refused(&[&shards[0], bad, &shards[2]], &out);

    // No manifest: not a shard folder.
    let d = damaged("no-manifest");
    std::fs::remove_file(d.join("manifest.json")).unwrap();
    let e = merge_with(&d);
    assert!(
        e.contains("manifest.json") && e.contains("shard folder"),
        "{e}"
    );
    // A manifest that is not JSON.
    let d = damaged("bad-manifest");
    std::fs::write(d.join("manifest.json"), "{ not json").unwrap();
    let e = merge_with(&d);
    assert!(e.contains("not a shard manifest"), "{e}");
    // outcomes.csv missing.
    let d = damaged("no-outcomes");
    std::fs::remove_file(d.join("outcomes.csv")).unwrap();
    let e = merge_with(&d);
    assert!(
        e.contains("outcomes.csv: cannot read") && e.contains("damaged"),
        "{e}"
    );
    // One count changed: the digest no longer matches.
    let d = damaged("edited");
    let text = std::fs::read_to_string(d.join("outcomes.csv")).unwrap();
    let rows = || -> Vec<String> { text.lines().map(String::from).collect() };
    let bump = |row: &str, field: usize| {
        let mut fields: Vec<String> = row.split(',').map(String::from).collect();
        fields[field] = (fields[field].parse::<u64>().unwrap() + 1).to_string();
        fields.join(",")
    };
    let mut lines = rows();
    lines[3] = bump(&lines[3], 21);
    std::fs::write(d.join("outcomes.csv"), lines.join("\n") + "\n").unwrap();
    let e = merge_with(&d);
    assert!(
        e.contains("outcomes.csv") && e.contains("SHA-256") && e.contains("rerun shard 1/3"),
        "{e}"
    );
    // A length changed, with a matching digest: the row itself is checked.
    let d = damaged("edited-rehashed");
    let mut lines = rows();
    lines[3] = bump(&lines[3], 3);
    std::fs::write(d.join("outcomes.csv"), lines.join("\n") + "\n").unwrap();
    let digest = rehash(&d.join("outcomes.csv"));
    rewrite_manifest(&d, |m| {
        m["files"]["outcomes.csv"]["sha256"] = digest.0.into();
        m["files"]["outcomes.csv"]["bytes"] = digest.1.into();
    });
    let e = merge_with(&d);
    assert!(e.contains("line 4") && e.contains("add up"), "{e}");
    // Rows out of order (digest matching).
    let d = damaged("swapped");
    let mut lines = rows();
    lines.swap(1, 2);
    std::fs::write(d.join("outcomes.csv"), lines.join("\n") + "\n").unwrap();
    let digest = rehash(&d.join("outcomes.csv"));
    rewrite_manifest(&d, |m| {
        m["files"]["outcomes.csv"]["sha256"] = digest.0.into();
        m["files"]["outcomes.csv"]["bytes"] = digest.1.into();
    });
    let e = merge_with(&d);
    assert!(e.contains("line 2") && e.contains("belongs"), "{e}");
    // scenario.toml edited.
    let d = damaged("scenario");
    let toml = std::fs::read_to_string(d.join("scenario.toml")).unwrap();
    std::fs::write(
        d.join("scenario.toml"),
        toml.replace("noise = 0.04", "noise = 0.05"),
    )
    .unwrap();
    let e = merge_with(&d);
    assert!(e.contains("scenario.toml") && e.contains("damaged"), "{e}");
    // A manifest whose unit range is not its shard's.
    let d = damaged("units");
    rewrite_manifest(&d, |m| m["units_end"] = 41.into());
    let e = merge_with(&d);
    assert!(e.contains("units 20..41") && e.contains("damaged"), "{e}");
}

/// SHA-256 (hex) and size of a file, with the `sha256sum` tool.
fn rehash(path: &Path) -> (String, u64) {
    let output = Command::new("sha256sum").arg(path).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let hex = text.split_whitespace().next().unwrap().to_string();
    (hex, std::fs::metadata(path).unwrap().len())
}

/// A 2-D sweep whose points differ in size (repetitions is swept), with the
/// points' own files and the charts.
const SWEEP: &str = r#"
name = "sweep"
kind = "tournament"
seed = 4
[game]
payoffs = "standard"
[match]
turns = 25
noise = 0.0
repetitions = 2
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "random"
[[players]]
strategy = "grudger"
[sweep]
points = true
[sweep.x]
key = "match.noise"
values = [0.0, 0.05, 0.1]
[sweep.y]
key = "match.repetitions"
values = [2, 5]
"#;

#[test]
fn a_sweep_split_into_shards_merges_into_the_single_run() {
    let dir = scratch("sweep");
    let scenario = write_scenario(&dir, "sweep.toml", SWEEP);
    let single = dir.join("single");
    dilemma(&[
        "run",
        s(&scenario),
        "--quiet",
        "--threads",
        "2",
        "--out",
        s(&single),
    ]);
    let single_files = files_deep(&single.join("sweep"));
    assert!(single_files.contains_key("points/5/summary.csv"));
    assert!(single_files.contains_key("sweep_cooperation.png"));
    for n in [1u32, 4, 9] {
        let shards = run_shards(&scenario, &dir.join(format!("shards-{n}")), n);
        let manifest: serde_json::Value =
            serde_json::from_slice(&std::fs::read(shards[0].join("manifest.json")).unwrap())
                .unwrap();
        assert_eq!(manifest["kind"], "sweep");
        // 3 noise values x (6 pairs x 2 + 6 pairs x 5 repetitions).
        assert_eq!(manifest["units_total"], 3 * (12 + 30));
        let out = dir.join(format!("merged-{n}"));
        merge(&shards, &out);
        let merged = files_deep(&out.join("sweep"));
        assert_eq!(
            single_files.keys().collect::<Vec<_>>(),
            merged.keys().collect::<Vec<_>>()
        );
        for (name, bytes) in &single_files {
            if name == "run.json" {
                let mut x: serde_json::Value = serde_json::from_slice(bytes).unwrap();
                let mut y: serde_json::Value = serde_json::from_slice(&merged[name]).unwrap();
                for field in ["threads", "total_seconds"] {
                    x.as_object_mut().unwrap().remove(field);
                    y.as_object_mut().unwrap().remove(field);
                }
                assert_eq!(x, y, "run.json, {n} shards");
            } else {
                assert!(bytes == &merged[name], "{name} differs, {n} shards");
            }
        }
    }
}

#[test]
fn a_sweep_of_a_tournament_on_edges_merges_into_the_single_run() {
    let dir = scratch("graph-sweep");
    // GRAPH over two noise values: 2 x 5 edges x 3 repetitions = 30 matches.
    let text = GRAPH.replace("name = \"graph\"", "name = \"graph-sweep\"")
        + "[sweep]\npoints = true\n[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.1]\n";
    let scenario = write_scenario(&dir, "graph-sweep.toml", &text);
    let single = dir.join("single");
    dilemma(&["run", s(&scenario), "--quiet", "--out", s(&single)]);
    let single_files = files_deep(&single.join("graph-sweep"));
    assert!(single_files.contains_key("points/1/summary.csv"));
    let shards = run_shards(&scenario, &dir.join("shards"), 4);
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(shards[0].join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["units_total"], 30);
    let out = dir.join("merged");
    merge(&shards, &out);
    let merged = files_deep(&out.join("graph-sweep"));
    assert_eq!(
        single_files.keys().collect::<Vec<_>>(),
        merged.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in &single_files {
        if name != "run.json" {
            assert!(bytes == &merged[name], "{name} differs");
        }
    }
}

fn files_deep(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            for (inner, bytes) in files_deep(&path) {
                out.insert(format!("{name}/{inner}"), bytes);
            }
        } else {
            out.insert(name, std::fs::read(&path).unwrap());
        }
    }
    out
}

/// NOISY with every move written: shards carry their part of interactions.csv.
fn with_interactions() -> String {
    NOISY.replace("name = \"noisy\"", "name = \"moves\"") + "[output]\ninteractions = true\n"
}

#[test]
fn interactions_across_shards_merge_into_the_single_runs_file() {
    let dir = scratch("interactions");
    let scenario = write_scenario(&dir, "moves.toml", &with_interactions());
    let single = dir.join("single");
    dilemma(&[
        "run",
        s(&scenario),
        "--quiet",
        "--threads",
        "2",
        "--out",
        s(&single),
    ]);
    let whole = std::fs::read_to_string(single.join("moves/interactions.csv")).unwrap();
    // A header and two rows per match (15 pairs x 4 repetitions).
    assert_eq!(whole.lines().count(), 1 + 2 * 60);
    for n in [1u32, 2, 7] {
        // Run in reverse order on 1, 2 and 3 threads (run_shards).
        let shards = run_shards(&scenario, &dir.join(format!("shards-{n}")), n);
        let part =
            std::fs::read_to_string(shards[n as usize - 1].join("interactions.csv")).unwrap();
        // The last shard's part is the end of the single run's file.
        let rows = part.lines().count() - 1;
        let tail: Vec<&str> = whole.lines().skip(whole.lines().count() - rows).collect();
        assert_eq!(part.lines().skip(1).collect::<Vec<_>>(), tail, "{n} shards");
        let out = dir.join(format!("merged-{n}"));
        merge(&shards, &out);
        assert_same_results(&single.join("moves"), &out.join("moves"));
        assert!(out.join("moves/interactions.csv").exists());
    }
}

#[test]
fn merge_refuses_a_damaged_or_missing_interactions_part() {
    let dir = scratch("interactions-damaged");
    let scenario = write_scenario(&dir, "moves.toml", &with_interactions());
    let shards = run_shards(&scenario, &dir.join("good"), 3);
    let out = dir.join("out");
    let damaged = |tag: &str| copy(&shards[1], &dir.join(tag).join("moves.shard-1-of-3"));
    let merge_with = |bad: &Path| merge_refused(&[&shards[0], bad, &shards[2]], &out);
    let part = |d: &Path| d.join("interactions.csv");

    // The file is gone.
    let d = damaged("missing");
    std::fs::remove_file(part(&d)).unwrap();
    let e = merge_with(&d);
    assert!(
        e.contains(s(&part(&d))) && e.contains("cannot read") && e.contains("rerun shard 1/3"),
        "{e}"
    );
    // The file and its digest are gone from the manifest.
    let d = damaged("unlisted");
    std::fs::remove_file(part(&d)).unwrap();
    rewrite_manifest(&d, |m| {
        m["files"]
            .as_object_mut()
            .unwrap()
            .remove("interactions.csv");
    });
    let e = merge_with(&d);
    assert!(
        e.contains(s(&part(&d))) && e.contains("has none") && e.contains("damaged"),
        "{e}"
    );
    // One byte changed: the digest no longer matches.
    let d = damaged("edited");
    let text = std::fs::read_to_string(part(&d)).unwrap();
    std::fs::write(part(&d), text.replacen(",C", ",D", 1)).unwrap();
    let e = merge_with(&d);
    assert!(
        e.contains("interactions.csv") && e.contains("SHA-256"),
        "{e}"
    );
    // Two matches swapped, digest rewritten: the numbering is checked.
    let d = damaged("swapped");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(1, 3);
    lines.swap(2, 4);
    std::fs::write(part(&d), lines.join("\n") + "\n").unwrap();
    let digest = rehash(&part(&d));
    rewrite_manifest(&d, |m| {
        m["files"]["interactions.csv"]["sha256"] = digest.0.into();
        m["files"]["interactions.csv"]["bytes"] = digest.1.into();
    });
    let e = merge_with(&d);
    assert!(
        e.contains(s(&part(&d))) && e.contains("line 2") && e.contains("match 20 belongs"),
        "{e}"
    );
    // Rows cut off at the end, digest rewritten.
    let d = damaged("short");
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(part(&d), lines[..lines.len() - 2].join("\n") + "\n").unwrap();
    let digest = rehash(&part(&d));
    rewrite_manifest(&d, |m| {
        m["files"]["interactions.csv"]["sha256"] = digest.0.into();
        m["files"]["interactions.csv"]["bytes"] = digest.1.into();
    });
    let e = merge_with(&d);
    assert!(e.contains("38 rows") && e.contains("have 40"), "{e}");
}

/// NOISY stating its split: `[shards] count = 3`.
fn with_count(count: u32) -> String {
    format!("{NOISY}[shards]\ncount = {count}\n")
}

#[test]
fn the_scenario_gives_the_shard_count() {
    let dir = scratch("count");
    let plain = write_scenario(&dir, "noisy.toml", NOISY);
    let keyed_dir = dir.join("keyed");
    std::fs::create_dir_all(&keyed_dir).unwrap();
    let keyed = write_scenario(&keyed_dir, "noisy.toml", &with_count(3));
    // A single run is the same with or without the key (it is not part of
    // the resolved scenario.toml).
    let (single, single_keyed) = (dir.join("single"), dir.join("single-keyed"));
    dilemma(&["run", s(&plain), "--quiet", "--out", s(&single)]);
    dilemma(&["run", s(&keyed), "--quiet", "--out", s(&single_keyed)]);
    assert_same_results(&single.join("noisy"), &single_keyed.join("noisy"));
    // An Indexed Job needs no --shards: every index, then the merge.
    let out = dir.join("auto");
    for index in 0..3 {
        let output = dilemma_env(
            &[
                "run",
                s(&keyed),
                "--quiet",
                "--shard",
                "auto",
                "--out",
                s(&out),
            ],
            &[("JOB_COMPLETION_INDEX", &index.to_string())],
        );
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let shards: Vec<PathBuf> = (0..3)
        .map(|i| out.join(format!("noisy.shard-{i}-of-3")))
        .collect();
    // The same bytes as --shard 1/3 of the scenario without the key.
    let explicit = run_shards(&plain, &dir.join("explicit"), 3);
    assert_eq!(files(&shards[1]), files(&explicit[1]));
    let merged = dir.join("merged");
    merge(&shards, &merged);
    assert_same_results(&single.join("noisy"), &merged.join("noisy"));
    // --shards N agreeing with the key is accepted.
    let again = dir.join("again");
    let output = dilemma_env(
        &[
            "run",
            s(&keyed),
            "--quiet",
            "--shard",
            "auto",
            "--shards",
            "3",
            "--out",
            s(&again),
        ],
        &[("JOB_COMPLETION_INDEX", "2")],
    );
    assert!(output.status.success());
    assert_eq!(files(&again.join("noisy.shard-2-of-3")), files(&shards[2]));
}

#[test]
fn a_count_that_differs_from_the_scenarios_is_refused_naming_both() {
    let dir = scratch("count-differs");
    let keyed = write_scenario(&dir, "noisy.toml", &with_count(3));
    let out = dir.join("out");
    let at = format!("{}:", s(&keyed));
    let e = refused(
        &[
            "run",
            s(&keyed),
            "--shard",
            "auto",
            "--shards",
            "4",
            "--out",
            s(&out),
        ],
        &[("JOB_COMPLETION_INDEX", "0")],
    );
    assert!(
        e.contains("--shards 4") && e.contains("`[shards] count = 3`") && e.contains(&at),
        "{e}"
    );
    let e = refused(
        &["run", s(&keyed), "--shard", "auto", "--out", s(&out)],
        &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ],
    );
    assert!(
        e.contains("SLURM_ARRAY_TASK_COUNT = 4") && e.contains("`[shards] count = 3`"),
        "{e}"
    );
    let e = refused(&["run", s(&keyed), "--shard", "1/2", "--out", s(&out)], &[]);
    assert!(
        e.contains("--shard 1/2") && e.contains("`[shards] count = 3`"),
        "{e}"
    );
    // A Slurm array of the scenario's size is accepted.
    let slurm = dilemma_env(
        &[
            "run",
            s(&keyed),
            "--quiet",
            "--shard",
            "auto",
            "--out",
            s(&out),
        ],
        &[
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "3"),
        ],
    );
    assert!(slurm.status.success());
    assert!(out.join("noisy.shard-2-of-3/manifest.json").exists());
    std::fs::remove_dir_all(&out).unwrap();
    // --shards that differs from a Slurm array's own count.
    let plain = write_scenario(&dir, "plain.toml", NOISY);
    let e = refused(
        &[
            "run",
            s(&plain),
            "--shard",
            "auto",
            "--shards",
            "2",
            "--out",
            s(&out),
        ],
        &[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ],
    );
    assert!(
        e.contains("--shards 2") && e.contains("SLURM_ARRAY_TASK_COUNT = 4"),
        "{e}"
    );
    // The key itself: a count out of range, and a kind that cannot be split.
    let zero = write_scenario(&dir, "zero.toml", &with_count(0));
    let e = refused(&["run", s(&zero), "--out", s(&out)], &[]);
    assert!(
        e.contains("zero.toml:") && e.contains("shards.count") && e.contains("1 to 1000000"),
        "{e}"
    );
    let moran = std::fs::read_to_string(root().join("scenarios/moran.toml")).unwrap();
    let moran = write_scenario(
        &dir,
        "moran.toml",
        &format!("{moran}\n[shards]\ncount = 2\n"),
    );
    let e = refused(&["run", s(&moran), "--out", s(&out)], &[]);
    assert!(
        e.contains("moran.toml:") && e.contains("shards.count") && e.contains("`moran` runs whole"),
        "{e}"
    );
    assert!(!out.exists(), "nothing is written");
    // A kind that splits takes `[shards] count` as a tournament does: a
    // Moran sweep's `--shard auto` reads the count from the file.
    let sweep =
        std::fs::read_to_string(root().join("scenarios/sweep-moran-temptation.toml")).unwrap();
    let sweep = write_scenario(
        &dir,
        "sweep-moran-temptation.toml",
        &format!(
            "{sweep}
[shards]
count = 2
"
        ),
    );
    let run = dilemma_env(
        &[
            "run",
            s(&sweep),
            "--quiet",
            "--shard",
            "auto",
            "--out",
            s(&out),
        ],
        &[("JOB_COMPLETION_INDEX", "1")],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        out.join("sweep-moran-temptation.shard-1-of-2/manifest.json")
            .exists()
    );
}

/// 4 players, 40,000 repetitions of 100,000 turns with noise: 4 x 10^10
/// turns, 2.7 times the default limit.
const BIG: &str = r#"
name = "big"
kind = "tournament"
[match]
turns = 100000
noise = 0.01
repetitions = 40000
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "random"
[[players]]
strategy = "grudger"
[[players]]
strategy = "defector"
"#;

#[test]
fn the_work_limit_applies_to_the_shards_own_part() {
    let dir = scratch("limit");
    let big = write_scenario(&dir, "big.toml", BIG);
    let out = dir.join("out");
    // A single run: the whole study, refused as before.
    let e = refused(&["run", s(&big), "--out", s(&out)], &[]);
    assert!(
        e.contains("big.toml:") && e.contains("too much work:") && !e.contains("for shard"),
        "{e}"
    );
    // Half of it is still over the limit: the shard is named, with its
    // matches and a split that could fit.
    let e = refused(&["run", s(&big), "--shard", "1/2", "--out", s(&out)], &[]);
    assert!(
        e.contains("too much work for shard 1/2 (matches 200000..400000 of 400000)")
            && e.contains("20000000000")
            && e.contains("at least 3"),
        "{e}"
    );
    assert!(!out.exists(), "nothing is written");
    // One shard of a million holds at most one match: it runs.
    dilemma(&[
        "run",
        s(&big),
        "--quiet",
        "--shard",
        "2/1000000",
        "--out",
        s(&out),
    ]);
    let manifest: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out.join("big.shard-2-of-1000000/manifest.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        (
            manifest["units_start"].as_u64(),
            manifest["units_end"].as_u64()
        ),
        (Some(0), Some(1))
    );
    // `[limits] none = true` lifts it for a shard too (checked, not run:
    // --shard 0/2 would play 2 x 10^10 turns, so only the refusal's
    // absence is shown with an impossible --out).
    let lifted = write_scenario(
        &dir,
        "lifted.toml",
        &format!("{BIG}[limits]\nnone = true\n"),
    );
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let e = refused(
        &["run", s(&lifted), "--shard", "1/2", "--out", s(&file)],
        &[],
    );
    assert!(
        !e.contains("too much work") && e.contains("not a folder"),
        "{e}"
    );
}

/// Digests prove a shard whole, not that its rows come from its scenario:
/// a `scenario.toml` edited in every shard with the digests recomputed
/// (a forged horizon, a player swapped for another) is refused by merge:
/// a fixed horizon fixes every match's length, and `--verify K` plays K
/// units of each shard again (the merge's own pick) and compares.
#[test]
fn merge_refuses_a_forged_scenario_with_recomputed_digests() {
    let dir = scratch("forged");
    let scenario = write_scenario(&dir, "reused.toml", REUSED);
    let shards = run_shards(&scenario, &dir.join("good"), 3);
    let forge = |tag: &str, from: &str, to: &str| -> Vec<PathBuf> {
        shards
            .iter()
            .enumerate()
            .map(|(k, shard)| {
                let name = format!("reused.shard-{k}-of-3");
                let d = copy(shard, &dir.join(tag).join(name));
                let toml = std::fs::read_to_string(d.join("scenario.toml")).unwrap();
                assert!(toml.contains(from), "{toml}");
                std::fs::write(d.join("scenario.toml"), toml.replace(from, to)).unwrap();
                let (sha, _) = rehash(&d.join("scenario.toml"));
                rewrite_manifest(&d, |m| m["scenario_sha256"] = sha.into());
                d
            })
            .collect()
    };
    let merge_forged = |forged: &[PathBuf], extra: &[&str]| {
        let out = dir.join("out");
        let mut args = vec!["merge", "--out", s(&out)];
        args.extend(extra);
        args.extend(forged.iter().map(|p| s(p)));
        let e = refused(&args, &[]);
        assert!(!out.exists(), "nothing is written: {e}");
        e
    };
    // Matches played for 30 turns, the forged scenario claiming 40.
    let longer = forge("turns", "turns = 30", "turns = 40");
    let e = merge_forged(&longer, &["--verify", "0"]);
    assert!(
        e.contains("lasted 30 turns; the scenario's matches last 40") && e.contains("rerun shard"),
        "{e}"
    );
    // A player swapped for another strategy: every length is right, the
    // replayed matches are not the shard's.
    let swapped = forge(
        "swapped",
        "strategy = \"alternator\"",
        "strategy = \"defector\"",
    );
    let e = merge_forged(&swapped, &["--verify", "1000"]);
    assert!(
        e.contains("played again") && e.contains("outcomes.csv"),
        "{e}"
    );
    // The honest shards merge with any --verify.
    dilemma(&[
        "merge",
        "--verify",
        "1000",
        "--out",
        s(&dir.join("honest")),
        s(&shards[0]),
        s(&shards[1]),
        s(&shards[2]),
    ]);
    assert!(dir.join("honest/reused/summary.csv").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Shards from machines one does not trust: run with a secret key in
/// DILEMMA_SHARD_KEY, each manifest carries an HMAC-SHA-256 of itself; a
/// merge given the key refuses a shard without it, with another key, or
/// whose manifest was rewritten by someone without the key.
#[test]
fn a_keyed_merge_refuses_shards_without_the_key() {
    let dir = scratch("keyed");
    let scenario = write_scenario(&dir, "reused.toml", REUSED);
    let run_keyed = |tag: &str, key: &str| -> Vec<PathBuf> {
        let out = dir.join(tag);
        for i in 0..3 {
            let shard = format!("{i}/3");
            let args = [
                "run",
                s(&scenario),
                "--shard",
                &shard,
                "--out",
                s(&out),
                "--quiet",
            ];
            let output = dilemma_env(&args, &[("DILEMMA_SHARD_KEY", key)]);
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        (0..3)
            .map(|i| out.join(format!("reused.shard-{i}-of-3")))
            .collect()
    };
    let keyed = run_keyed("keyed", "secret one");
    let manifest = std::fs::read_to_string(keyed[0].join("manifest.json")).unwrap();
    assert!(manifest.contains("keyed_sha256"), "{manifest}");
    let merge = |shards: &[PathBuf], key: &str, out: &str| {
        let out = dir.join(out);
        let mut args = vec!["merge", "--out", s(&out)];
        args.extend(shards.iter().map(|p| s(p)));
        dilemma_env(&args, &[("DILEMMA_SHARD_KEY", key)])
    };
    // The same key: merged, and equal to a plain merge of plain shards.
    let merged = merge(&keyed, "secret one", "merged");
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let plain = run_shards(&scenario, &dir.join("plain"), 3);
    let plain_out = dir.join("plain-merged");
    let plain_args: Vec<&str> = ["merge", "--out", s(&plain_out)]
        .into_iter()
        .chain(plain.iter().map(|p| s(p)))
        .collect();
    dilemma(&plain_args);
    assert_eq!(
        files(&dir.join("merged/reused"))
            .into_iter()
            .filter(|(n, _)| n != "run.json")
            .collect::<Vec<_>>(),
        files(&dir.join("plain-merged/reused"))
            .into_iter()
            .filter(|(n, _)| n != "run.json")
            .collect::<Vec<_>>()
    );
    // Another key; shards run without a key; a rewritten manifest.
    let refusal = |output: Output| {
        let stderr = String::from_utf8_lossy(&output.stderr).to_string();
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        stderr
    };
    let e = refusal(merge(&keyed, "secret two", "other"));
    assert!(e.contains("does not match the key"), "{e}");
    let e = refusal(merge(&plain, "secret one", "unkeyed"));
    assert!(e.contains("no keyed digest"), "{e}");
    // Every shard's scenario.toml edited, digests recomputed (what a
    // plain merge's replay catches, here refused by the key first).
    let shards: Vec<PathBuf> = keyed
        .iter()
        .enumerate()
        .map(|(k, shard)| {
            let name = format!("reused.shard-{k}-of-3");
            let forged = copy(shard, &dir.join("forged").join(name));
            let toml = std::fs::read_to_string(forged.join("scenario.toml")).unwrap();
            let toml = toml.replace("turns = 30", "turns = 40");
            std::fs::write(forged.join("scenario.toml"), toml).unwrap();
            let (sha, _) = rehash(&forged.join("scenario.toml"));
            rewrite_manifest(&forged, |m| m["scenario_sha256"] = sha.into());
            forged
        })
        .collect();
    let e = refusal(merge(&shards, "secret one", "forged-out"));
    assert!(
        e.contains("does not match the key") && e.contains("forged"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The text of a gzip file.
fn gunzip(path: &Path) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_end(&mut out)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    out
}

#[test]
fn compressed_matches_and_interactions_hold_the_plain_bytes_and_merge_alike() {
    let dir = scratch("gzip");
    let plain_text =
        NOISY.replace("name = \"noisy\"", "name = \"plain\"") + "[output]\ninteractions = true\n";
    let plain = write_scenario(&dir, "plain.toml", &plain_text);
    let gzip_text = NOISY.replace("name = \"noisy\"", "name = \"gzip\"")
        + "[output]\ninteractions = true\ncompress = \"gzip\"\n";
    let gzip = write_scenario(&dir, "gzip.toml", &gzip_text);
    let single = dir.join("single");
    for scenario in [&plain, &gzip] {
        dilemma(&["run", s(scenario), "--quiet", "--out", s(&single)]);
    }
    let (p, g) = (single.join("plain"), single.join("gzip"));
    for file in ["matches.csv", "interactions.csv"] {
        assert!(!g.join(file).exists(), "{file} is written compressed only");
        let gz = g.join(format!("{file}.gz"));
        assert_eq!(
            gunzip(&gz),
            std::fs::read(p.join(file)).unwrap(),
            "{file}.gz holds {file}"
        );
        assert!(
            std::fs::metadata(&gz).unwrap().len() * 3
                < std::fs::metadata(p.join(file)).unwrap().len()
        );
    }
    let page = std::fs::read_to_string(g.join("report.html")).unwrap();
    assert!(
        page.contains("href=\"matches.csv.gz\""),
        "the report links it"
    );
    let resolved = std::fs::read_to_string(g.join("scenario.toml")).unwrap();
    assert!(resolved.contains("compress = \"gzip\""), "{resolved}");
    // Shards keep plain parts; the merge writes the single run's bytes.
    let shards = run_shards(&gzip, &dir.join("shards"), 3);
    let out = dir.join("merged");
    merge(&shards, &out);
    assert_eq!(
        files(&g).keys().collect::<Vec<_>>(),
        files(&out.join("gzip")).keys().collect::<Vec<_>>()
    );
    for file in ["matches.csv.gz", "interactions.csv.gz", "summary.csv"] {
        assert!(
            std::fs::read(g.join(file)).unwrap()
                == std::fs::read(out.join("gzip").join(file)).unwrap(),
            "{file}"
        );
    }
    // An unknown compression is refused, naming the field and the choices.
    let bad = write_scenario(
        &dir,
        "bad.toml",
        &gzip_text.replace("\"gzip\"\n", "\"zstd\"\n"),
    );
    let stderr = refused(&["run", s(&bad), "--out", s(&dir.join("bad-out"))], &[]);
    assert!(
        stderr.contains("output.compress") && stderr.contains("\"none\", \"gzip\""),
        "{stderr}"
    );
}
