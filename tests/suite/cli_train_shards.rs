//! `kind = "train"` with several restarts, as shards and resumed (issue
//! 25 items 3 and 4): the same seed gives the same trained player on 1 and
//! 2 threads and as 3 shards merged (every file the single run's, apart
//! from the wall time); a damaged shard is refused naming its file and
//! line; a run killed mid-restart (`DILEMMA_TEST_STOP_AFTER_GENERATION`,
//! debug builds) resumes from its checkpoint to the unbroken run's files,
//! and a checkpoint of another scenario is refused. Small populations and short matches keep each run well under a
//! second in a debug build.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-cli-train-shards-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(dir)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

fn ok(output: &Output) {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Four restarts of a lookup table against a field with a random player.
const SCENARIO: &str = r#"name = "restarts"
kind = "train"
seed = 5
[representation]
kind = "lookup"
own = 1
opponent = 1
opponent_first = 1
[algorithm]
kind = "genetic"
population = 8
generations = 6
keep = 2
restarts = 4
[opponents]
players = ["tit-for-tat", "random", "alternator", "first-by-joss"]
[match]
turns = 20
repetitions = 2
[output]
charts = false
"#;

/// Asserts `a` and `b` hold the same files with the same bytes.
fn same(a: &BTreeMap<String, Vec<u8>>, b: &BTreeMap<String, Vec<u8>>, what: &str) {
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in a {
        assert!(bytes == &b[name], "{name} differs: {what}");
    }
}

/// Every file under `dir` (relative path -> bytes), with `training.csv`'s
/// wall-time `seconds` column and `run.json`'s times and threads left out.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut all = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let name = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .to_string();
            let bytes = std::fs::read(&path).unwrap();
            let bytes = match name.as_str() {
                "training.csv" => String::from_utf8(bytes)
                    .unwrap()
                    .lines()
                    .map(|l| l.rsplit_once(',').unwrap().0.to_string() + "\n")
                    .collect::<String>()
                    .into_bytes(),
                _ if name.ends_with("run.json") => {
                    let mut v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
                    let o = v.as_object_mut().unwrap();
                    o.retain(|key, _| !key.contains("second") && key != "threads");
                    v.to_string().into_bytes()
                }
                _ => bytes,
            };
            all.insert(name, bytes);
        }
    }
    all
}

#[test]
fn restarts_give_the_same_player_on_one_and_two_threads_and_as_three_shards() {
    let dir = scratch("shards");
    let file = dir.join("restarts.toml");
    std::fs::write(&file, SCENARIO).unwrap();
    let f = file.to_str().unwrap();
    let run = |out: &str, threads: &str| {
        ok(&dilemma(
            &dir,
            &["run", f, "--quiet", "--threads", threads, "--out", out],
            &[],
        ));
        files(&dir.join(out).join("restarts"))
    };
    let one = run("one", "1");
    let two = run("two", "2");
    same(&one, &two, "1 and 2 threads");
    let training = String::from_utf8(one["training.csv"].clone()).unwrap();
    assert_eq!(training.lines().count(), 1 + 4 * 6, "a header, 4 x 6 rows");
    assert!(
        training.starts_with("restart,generation,best,"),
        "{training}"
    );
    // The best of the restarts' last generations, the lower restart on a
    // tie, is best.toml.
    let last: Vec<(u32, f64)> = training
        .lines()
        .skip(1)
        .filter(|l| l.split(',').nth(1) == Some("6"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[0].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect();
    assert_eq!(last.len(), 4);
    let top = last.iter().map(|l| l.1).fold(f64::MIN, f64::max);
    let winner = last.iter().find(|l| l.1 == top).unwrap().0;
    let best = String::from_utf8(one["best.toml"].clone()).unwrap();
    assert!(
        best.contains(&format!("of restart {winner} (restarts 0 to 3)")),
        "{best}"
    );
    assert!(best.contains(&format!("objective score = {top}")), "{best}");

    // Three shards (2, 1 and 1 restarts), on 1 or 2 threads, merged.
    let shards = dir.join("shards");
    for index in (0..3).rev() {
        let threads = (1 + index % 2).to_string();
        ok(&dilemma(
            &dir,
            &[
                "run",
                f,
                "--quiet",
                "--shard",
                &format!("{index}/3"),
                "--threads",
                &threads,
                "--out",
                shards.to_str().unwrap(),
            ],
            &[],
        ));
    }
    let folders: Vec<PathBuf> = (0..3)
        .map(|i| shards.join(format!("restarts.shard-{i}-of-3")))
        .collect();
    let merged = dir.join("merged");
    let mut args = vec!["merge", "--quiet", "--out", merged.to_str().unwrap()];
    args.extend(folders.iter().rev().map(|p| p.to_str().unwrap()));
    ok(&dilemma(&dir, &args, &[]));
    let merged_files = files(&merged.join("restarts"));
    same(&one, &merged_files, "3 shards merged");
    // The merge knows no wall time: the seconds column is empty.
    let merged_training =
        std::fs::read_to_string(merged.join("restarts").join("training.csv")).unwrap();
    assert!(merged_training.lines().skip(1).all(|l| l.ends_with(',')));

    // A damaged row (its digest made to match) is refused, naming the file
    // and the line.
    let bad = dir.join("bad").join("restarts.shard-1-of-3");
    std::fs::create_dir_all(&bad).unwrap();
    for entry in std::fs::read_dir(&folders[1]).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, bad.join(path.file_name().unwrap())).unwrap();
    }
    let text = std::fs::read_to_string(bad.join("restarts.csv")).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[3] = lines[3].replacen(",3,", ",4,", 1);
    let edited = lines.join("\n") + "\n";
    std::fs::write(bad.join("restarts.csv"), &edited).unwrap();
    let sha = Command::new("sha256sum")
        .arg(bad.join("restarts.csv"))
        .output()
        .unwrap();
    let hex = String::from_utf8(sha.stdout).unwrap();
    let manifest_path = bad.join("manifest.json");
    let mut m: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&manifest_path).unwrap()).unwrap();
    m["files"]["restarts.csv"]["sha256"] = hex.split_whitespace().next().unwrap().into();
    m["files"]["restarts.csv"]["bytes"] = (edited.len() as u64).into();
    std::fs::write(&manifest_path, m.to_string()).unwrap();
    let out = dir.join("bad-out");
    let o = dilemma(
        &dir,
        &[
            "merge",
            "--out",
            out.to_str().unwrap(),
            folders[0].to_str().unwrap(),
            bad.to_str().unwrap(),
            folders[2].to_str().unwrap(),
        ],
        &[],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("restarts.csv") && stderr.contains("line 4: generation 4"),
        "{stderr}"
    );
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_run_killed_mid_restart_resumes_to_the_unbroken_runs_files() {
    let dir = scratch("resume");
    let text = SCENARIO.replace("restarts = 4", "restarts = 3\ncheckpoint = 2");
    let file = dir.join("restarts.toml");
    std::fs::write(&file, &text).unwrap();
    let f = file.to_str().unwrap();
    ok(&dilemma(
        &dir,
        &["run", f, "--quiet", "--out", "unbroken"],
        &[],
    ));
    assert!(
        !dir.join("unbroken/restarts.checkpoint.json").exists(),
        "a finished run leaves no checkpoint"
    );
    let unbroken = files(&dir.join("unbroken/restarts"));

    // Killed after 9 generations: restart 0 (6 generations) done and
    // saved, restart 1 saved after its generation 2, its generation 3
    // played and lost.
    let stop = [("DILEMMA_TEST_STOP_AFTER_GENERATION", "9")];
    let o = dilemma(&dir, &["run", f, "--quiet", "--out", "out"], &stop);
    assert_eq!(
        o.status.code(),
        Some(137),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(!dir.join("out/restarts").exists());
    let checkpoint = dir.join("out/restarts.checkpoint.json");
    let saved: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&checkpoint).unwrap()).unwrap();
    assert_eq!(saved["done"].as_array().unwrap().len(), 1);
    assert_eq!(saved["current"]["restart"], 1);
    assert_eq!(saved["current"]["generations"].as_array().unwrap().len(), 2);

    // A checkpoint of another scenario (here another seed) is refused.
    let other = dir.join("other.toml");
    std::fs::write(&other, text.replace("seed = 5", "seed = 6")).unwrap();
    let o = dilemma(
        &dir,
        &["run", other.to_str().unwrap(), "--resume", "--out", "out"],
        &[],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("restarts.checkpoint.json") && stderr.contains("another scenario"),
        "{stderr}"
    );

    // Resumed, the run evaluates the 4 generations left of restart 1 and
    // the 6 of restart 2: a stop after 11 (which a run from the start
    // would meet) is never reached.
    let late = [("DILEMMA_TEST_STOP_AFTER_GENERATION", "11")];
    ok(&dilemma(
        &dir,
        &["run", f, "--quiet", "--resume", "--out", "out"],
        &late,
    ));
    same(&unbroken, &files(&dir.join("out/restarts")), "resumed");
    assert!(!checkpoint.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn resume_warns_about_a_scenario_that_saves_no_checkpoints() {
    let dir = scratch("resume-warning");
    let text = "name = \"plain\"\nkind = \"tournament\"\nseed = 1\n[match]\nturns = 5\n\
                repetitions = 1\n[[players]]\nstrategy = \"tit-for-tat\"\n\
                [[players]]\nstrategy = \"defector\"\n[output]\ncharts = false\n";
    let file = dir.join("plain.toml");
    std::fs::write(&file, text).unwrap();
    let o = dilemma(
        &dir,
        &[
            "run",
            file.to_str().unwrap(),
            "--quiet",
            "--resume",
            "--out",
            "out",
        ],
        &[],
    );
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: --resume: scenario `plain` saves no checkpoints"),
        "{stderr}"
    );
    assert!(dir.join("out/plain/summary.csv").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
