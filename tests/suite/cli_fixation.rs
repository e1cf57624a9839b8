//! The `fixation` kind end to end: every ordered pair, files identical on
//! any thread count and when rerun from the resolved scenario, and bad
//! input refused with exit 2 naming the field.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-cli-fixation-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap()
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

const SMALL: &str = r#"
name = "small-fixation"
kind = "fixation"
seed = 2
[match]
turns = 20
[fixation]
size = 6
runs = 300
mode = "db-survivors"
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "defector"
[[players]]
strategy = "random"
p = 0.5
"#;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn every_ordered_pair_identical_on_any_thread_count() {
    let dir = scratch("pairs");
    let scenario = write(&dir, "small.toml", SMALL);
    let run = |threads: &str, out: &Path| {
        let o = dilemma(&[
            "run",
            s(&scenario),
            "--quiet",
            "--threads",
            threads,
            "--out",
            s(out),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    let (one, two) = (dir.join("one"), dir.join("two"));
    run("1", &one);
    run("2", &two);
    let folder = one.join("small-fixation");
    let csv = std::fs::read_to_string(folder.join("fixation_matrix.csv")).unwrap();
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "Mutant",
            "Resident",
            "Runs",
            "Fixations",
            "Probability",
            "Low",
            "High",
            "Exact",
            "Neutral"
        ]
    );
    assert_eq!(rows.len(), 1 + 6);
    let pairs: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[0], r[1])).collect();
    assert_eq!(
        pairs,
        [
            ("Tit For Tat", "Defector"),
            ("Tit For Tat", "Random: 0.5"),
            ("Defector", "Tit For Tat"),
            ("Defector", "Random: 0.5"),
            ("Random: 0.5", "Tit For Tat"),
            ("Random: 0.5", "Defector"),
        ]
    );
    for r in &rows[1..] {
        assert_eq!(r[2], "300");
        let p: f64 = r[4].parse().unwrap();
        assert_eq!(p, r[3].parse::<f64>().unwrap() / 300.0);
        let (lo, hi): (f64, f64) = (r[5].parse().unwrap(), r[6].parse().unwrap());
        assert!(lo <= p && p <= hi);
        // Exact only where both strategies are deterministic.
        assert_eq!(
            r[7].is_empty(),
            r[0].starts_with("Random") || r[1].starts_with("Random")
        );
        assert_eq!(r[8], "0.16666666666666666");
    }
    // TFT vs Defector has the exact value; the estimate is within 99.9%.
    let exact: f64 = rows[1][7].parse().unwrap();
    let p: f64 = rows[1][4].parse().unwrap();
    assert!(
        (p - exact).abs() < 3.3 * (exact * (1.0 - exact) / 300.0).sqrt() + 1e-9,
        "{p} {exact}"
    );
    let (a, b) = (files(&folder), files(&two.join("small-fixation")));
    assert!(a.contains_key("fixation_matrix.png") && a.contains_key("fixation_matrix.svg"));
    for (name, bytes) in &a {
        if name != "run.json" {
            assert!(bytes == &b[name], "{name} differs on two threads");
        }
    }
    // The resolved scenario reruns the same study.
    let again = dir.join("again");
    let o = dilemma(&[
        "run",
        s(&folder.join("scenario.toml")),
        "--quiet",
        "--out",
        s(&again),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read(again.join("small-fixation").join("fixation_matrix.csv")).unwrap(),
        csv.as_bytes()
    );
}

#[test]
fn bad_fixation_studies_are_refused() {
    let dir = scratch("bad");
    let cases: [(&str, String, &[&str]); 6] = [
        (
            "duplicate",
            SMALL.replace("strategy = \"defector\"", "strategy = \"tit-for-tat\""),
            &["players[1]", "same strategy and parameters as players[0]"],
        ),
        (
            "one",
            SMALL
                .replace("[[players]]\nstrategy = \"defector\"\n", "")
                .replace("[[players]]\nstrategy = \"random\"\np = 0.5\n", ""),
            &["players", "at least 2 strategies"],
        ),
        (
            "size",
            SMALL.replace("size = 6", "size = 1"),
            &["fixation.size", "from 2"],
        ),
        (
            "mode",
            SMALL.replace("db-survivors", "dbs"),
            &["fixation.mode", "db-survivors"],
        ),
        (
            "payoffs",
            SMALL.replace(
                "[match]",
                "[game]\npayoffs = { R = 3, S = -1, T = 5, P = 1 }\n[match]",
            ),
            &["game.payoffs", "at least 0"],
        ),
        (
            "too-many",
            SMALL.replace("runs = 300", "runs = 400000000"),
            &["fixation.runs", "above the limit"],
        ),
    ];
    for (tag, text, words) in cases {
        let scenario = write(&dir, &format!("{tag}.toml"), &text);
        let out = dir.join(format!("out-{tag}"));
        let o = dilemma(&["run", s(&scenario), "--out", s(&out)]);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{tag}: {stderr}");
        for w in words {
            assert!(stderr.contains(w), "{tag}: `{w}` not in {stderr}");
        }
        assert!(!out.exists(), "{tag}: nothing written");
    }
    // The moran kind refuses two entries of one type, too.
    let moran = write(
        &dir,
        "moran.toml",
        "kind = \"moran\"\n[[population]]\nstrategy = \"tit-for-tat\"\ncount = 2\n[[population]]\nstrategy = \"defector\"\n[[population]]\nstrategy = \"tit-for-tat\"\n",
    );
    let o = dilemma(&["run", s(&moran), "--out", s(&dir.join("out-moran"))]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("population[2]") && stderr.contains("count = 3"),
        "{stderr}"
    );
}

#[test]
fn the_example_runs() {
    let dir = scratch("example");
    let o = dilemma(&[
        "run",
        "scenarios/fixation-matrix.toml",
        "--json",
        "--out",
        s(&dir),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let value: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let pairs = value["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 30);
    // Every pair is deterministic here: each has its exact value.
    assert!(pairs.iter().all(|p| p["exact"].is_number()));
}

#[test]
fn shards_of_moran_runs_merge_into_the_single_run() {
    let dir = scratch("shards");
    let scenario = write(&dir, "small.toml", SMALL);
    let single = dir.join("single");
    let o = dilemma(&["run", s(&scenario), "--quiet", "--out", s(&single)]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let expected = files(&single.join("small-fixation"));
    for n in [1u32, 3, 5] {
        let shard_dir = dir.join(format!("shards-{n}"));
        for index in (0..n).rev() {
            let threads = (1 + index % 2).to_string();
            let o = dilemma(&[
                "run",
                s(&scenario),
                "--quiet",
                "--shard",
                &format!("{index}/{n}"),
                "--threads",
                &threads,
                "--out",
                s(&shard_dir),
            ]);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        }
        let folders: Vec<PathBuf> = (0..n)
            .map(|i| shard_dir.join(format!("small-fixation.shard-{i}-of-{n}")))
            .collect();
        let out = dir.join(format!("merged-{n}"));
        let mut args = vec!["merge", "--quiet", "--out", s(&out)];
        args.extend(folders.iter().rev().map(|p| s(p)));
        let o = dilemma(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let merged = files(&out.join("small-fixation"));
        assert_eq!(
            expected.keys().collect::<Vec<_>>(),
            merged.keys().collect::<Vec<_>>()
        );
        for (name, bytes) in &expected {
            if name == "run.json" {
                let strip = |b: &[u8]| {
                    let mut v: serde_json::Value = serde_json::from_slice(b).unwrap();
                    v.as_object_mut().unwrap().remove("threads");
                    v.as_object_mut().unwrap().remove("total_seconds");
                    v
                };
                assert_eq!(strip(bytes), strip(&merged[name]), "{n} shards");
            } else {
                assert!(bytes == &merged[name], "{name} differs, {n} shards");
            }
        }
        if n == 3 {
            // A damaged row with a matching digest is still refused.
            let bad = dir.join("bad").join("small-fixation.shard-1-of-3");
            std::fs::create_dir_all(&bad).unwrap();
            for (name, bytes) in files(&folders[1]) {
                std::fs::write(bad.join(name), bytes).unwrap();
            }
            let text = std::fs::read_to_string(bad.join("fixations.csv")).unwrap();
            let edited = text.replacen("\n", "\n7,", 2).replacen("\n7,", "\n", 1);
            std::fs::write(bad.join("fixations.csv"), &edited).unwrap();
            let sha = Command::new("sha256sum")
                .arg(bad.join("fixations.csv"))
                .output()
                .unwrap();
            let hex = String::from_utf8(sha.stdout)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
                .to_string();
            let manifest_path = bad.join("manifest.json");
            let mut m: serde_json::Value =
                serde_json::from_slice(&std::fs::read(&manifest_path).unwrap()).unwrap();
            m["files"]["fixations.csv"]["sha256"] = hex.into();
            m["files"]["fixations.csv"]["bytes"] = (edited.len() as u64).into();
            std::fs::write(&manifest_path, m.to_string()).unwrap();
            let out = dir.join("bad-out");
            let o = dilemma(&[
                "merge",
                "--out",
                s(&out),
                s(&folders[0]),
                s(&bad),
                s(&folders[2]),
            ]);
            let stderr = String::from_utf8_lossy(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{stderr}");
            assert!(
                stderr.contains("fixations.csv") && stderr.contains("damaged"),
                "{stderr}"
            );
            assert!(!out.exists());
        }
    }
}
