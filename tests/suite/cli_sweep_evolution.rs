//! Sweeps of Moran and ecological studies (`[sweep]` in `kind = "moran"`
//! and `kind = "ecological"`) end to end: every grid point is exactly the
//! study with that value; the files do not depend on threads; shards merged
//! (N = 1, 3) equal the single run byte for byte; bad grids exit 2 naming
//! the key and write nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-cli-sweep-evolution-{test}-{}",
        std::process::id()
    ));
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

fn write(dir: &Path, file: &str, text: &str) -> PathBuf {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path
}

pub(crate) fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
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

fn rows(folder: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(folder.join("sweep.csv")).unwrap();
    text.lines()
        .map(|l| l.split(',').map(String::from).collect())
        .collect()
}

/// Same files, byte for byte, `run.json` aside from its timing and thread
/// count.
pub(crate) fn assert_same(a: &Path, b: &Path) {
    let (x, y) = (files(a), files(b));
    assert_eq!(
        x.keys().collect::<Vec<_>>(),
        y.keys().collect::<Vec<_>>(),
        "{}",
        b.display()
    );
    for (name, bytes) in &x {
        if name == "run.json" {
            let mut p: serde_json::Value = serde_json::from_slice(bytes).unwrap();
            let mut q: serde_json::Value = serde_json::from_slice(&y[name]).unwrap();
            for field in ["threads", "total_seconds"] {
                assert!(p.as_object_mut().unwrap().remove(field).is_some());
                q.as_object_mut().unwrap().remove(field);
            }
            assert_eq!(p, q, "run.json of {}", b.display());
        } else {
            assert!(bytes == &y[name], "{name} differs in {}", b.display());
        }
    }
}

fn run(scenario: &Path, out: &Path, threads: &str) {
    dilemma(&[
        "run",
        s(scenario),
        "--quiet",
        "--threads",
        threads,
        "--out",
        s(out),
    ]);
}

/// A Moran study of three types; `{moran}` and `{sweep}` are replaced.
const MORAN: &str = r#"
name = "moran-sweep"
kind = "moran"
seed = 4
[match]
turns = 20
[moran]
runs = 60
{moran}
[[players]]
strategy = "tit-for-tat"
count = 1
[[players]]
strategy = "defector"
count = 3
[[players]]
strategy = "random"
p = 0.3
count = 2
[output]
charts = {charts}
{sweep}
"#;

fn moran(moran: &str, sweep: &str, charts: bool) -> String {
    MORAN
        .replace("{moran}", moran)
        .replace("{sweep}", sweep)
        .replace("{charts}", &charts.to_string())
}

const MORAN_1D: &str =
    "[sweep]\npoints = true\n[sweep.x]\nkey = \"players.1.count\"\nvalues = [1, 3, 6]\n";

#[test]
fn every_moran_point_is_the_study_with_that_value() {
    let dir = scratch("moran-points");
    let scenario = write(&dir, "moran-sweep.toml", &moran("", MORAN_1D, false));
    let out = dir.join("out");
    run(&scenario, &out, "2");
    let folder = out.join("moran-sweep");
    let table = rows(&folder);
    assert_eq!(
        table[0][..6],
        [
            "Point",
            "players.1.count",
            "Name",
            "Initial_count",
            "Runs",
            "Fixations"
        ]
    );
    assert_eq!(table.len(), 1 + 3 * 3, "one row per point x strategy");
    for (k, count) in ["1", "3", "6"].iter().enumerate() {
        let alone_text = moran("", "", false).replace("count = 3", &format!("count = {count}"));
        let alone = write(&dir, &format!("alone-{k}.toml"), &alone_text);
        let alone_out = dir.join(format!("alone-{k}"));
        run(&alone, &alone_out, "1");
        let expected = std::fs::read(alone_out.join("moran-sweep/fixation.csv")).unwrap();
        let got = std::fs::read(folder.join(format!("points/{k}/fixation.csv"))).unwrap();
        assert!(
            expected == got,
            "point {k} is the Moran study with count {count}"
        );
        let counts = std::fs::read(alone_out.join("moran-sweep/counts.csv")).unwrap();
        assert!(counts == std::fs::read(folder.join(format!("points/{k}/counts.csv"))).unwrap());
        // sweep.csv agrees with the point's own file: fixations sum to the
        // runs, the probability is fixations / runs.
        let mine: Vec<&Vec<String>> = table.iter().filter(|r| r[0] == k.to_string()).collect();
        assert_eq!(mine.len(), 3);
        let fixed: u64 = mine.iter().map(|r| r[5].parse::<u64>().unwrap()).sum();
        let unfixed: u64 = mine[0][9].parse().unwrap();
        assert_eq!(fixed + unfixed, 60);
        for r in &mine {
            assert_eq!(r[1], *count);
            let p: f64 = r[6].parse().unwrap();
            assert_eq!(p, r[5].parse::<f64>().unwrap() / 60.0);
            let (lo, hi): (f64, f64) = (r[7].parse().unwrap(), r[8].parse().unwrap());
            assert!(lo <= p && p <= hi, "the Wilson interval holds p");
            assert_eq!(r[11], "", "no long-run share without mutation");
        }
        assert_eq!(mine[1][3], *count, "initial count of the swept type");
    }
    // More defectors: Tit For Tat (one individual) fixes less often.
    let tft = |k: &str| -> u64 {
        table
            .iter()
            .find(|r| r[0] == k && r[2] == "Tit For Tat")
            .unwrap()[5]
            .parse()
            .unwrap()
    };
    assert!(tft("0") > tft("2"), "{} vs {}", tft("0"), tft("2"));
}

const MORAN_2D: &str = "[sweep.x]\nkey = \"moran.mutation\"\nvalues = [0.0, 0.1]\n[sweep.y]\nkey = \"game.payoffs.T\"\nvalues = [4.0, 6.0]\n";

#[test]
fn a_two_dimensional_moran_sweep_reports_long_run_shares_with_mutation() {
    let dir = scratch("moran-2d");
    let scenario = write(
        &dir,
        "moran-sweep.toml",
        &moran("steps = 80", MORAN_2D, true),
    );
    let one = dir.join("one");
    let three = dir.join("three");
    run(&scenario, &one, "1");
    run(&scenario, &three, "3");
    let folder = one.join("moran-sweep");
    assert_same(&folder, &three.join("moran-sweep"));
    let table = rows(&folder);
    assert_eq!(table.len(), 1 + 4 * 3);
    for r in &table[1..] {
        let mutation: f64 = r[1].parse().unwrap();
        let share = &r[12];
        if mutation > 0.0 {
            let v: f64 = share.parse().unwrap();
            assert!((0.0..=1.0).contains(&v));
            // With mutation nothing stays fixed for long: runs hit the step limit.
            assert_eq!(
                r[11], "80.0",
                "mean steps with mutation: every run to the limit"
            );
        } else {
            assert_eq!(share, "", "{r:?}");
        }
    }
    // The long-run shares of a point sum to 1.
    let sum: f64 = table[1..]
        .iter()
        .filter(|r| r[0] == "2")
        .map(|r| r[12].parse::<f64>().unwrap())
        .sum();
    assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    // Fixation probabilities (mutation 0) and long-run shares (mutation >
    // 0) are different measures: a heat map each, with its own scale,
    // title and columns, never one colour scale for both.
    assert!(!folder.join("sweep_focal.png").exists());
    for chart in [
        "sweep_focal_fixation.png",
        "sweep_focal_long_run.png",
        "sweep_mean_steps.png",
        "report.html",
    ] {
        assert!(folder.join(chart).exists(), "{chart}");
    }
    let svg = |stem: &str| std::fs::read_to_string(folder.join(format!("{stem}.svg"))).unwrap();
    let (fixation, long_run) = (svg("sweep_focal_fixation"), svg("sweep_focal_long_run"));
    let label = |svg: &str, text: &str| svg.contains(&format!("aria-label=\"{text}\""));
    assert!(label(
        &fixation,
        "Fixation probability of Tit For Tat (points without mutation)"
    ));
    assert!(label(&fixation, "Fixation probability") && !fixation.contains("Long-run"));
    assert!(label(
        &long_run,
        "Long-run share of Tit For Tat (points with mutation)"
    ));
    assert!(!long_run.contains("Fixation probability"));
    // The axes say the keys in words; the CSV keeps the keys.
    for svg in [&fixation, &long_run, &svg("sweep_mean_steps")] {
        assert!(label(svg, "Mutation rate") && label(svg, "Temptation T"));
        assert!(!svg.contains("moran.mutation") && !svg.contains("game.payoffs.T"));
        assert!(
            !svg.contains("moran-sweep"),
            "no scenario name in the title"
        );
    }
    assert_eq!(table[0][1..3], ["moran.mutation", "game.payoffs.T"]);
    let report = std::fs::read_to_string(folder.join("report.html")).unwrap();
    assert!(report.contains("sweep_focal_long_run.png") && report.contains("sweep.csv"));
}

/// An ecological study; `{sweep}` is replaced.
const ECOLOGICAL: &str = r#"
name = "eco-sweep"
kind = "ecological"
seed = 9
[match]
turns = 30
repetitions = 3
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "defector"
[[players]]
strategy = "random"
[[players]]
strategy = "grudger"
[dynamics]
steps = 60
[output]
charts = {charts}
{sweep}
"#;

fn ecological(sweep: &str, charts: bool) -> String {
    ECOLOGICAL
        .replace("{sweep}", sweep)
        .replace("{charts}", &charts.to_string())
}

const ECO_1D: &str =
    "[sweep]\npoints = true\n[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.05, 0.2]\n";

#[test]
fn every_ecological_point_is_the_study_with_that_value() {
    let dir = scratch("eco-points");
    let scenario = write(&dir, "eco-sweep.toml", &ecological(ECO_1D, true));
    let one = dir.join("one");
    let three = dir.join("three");
    run(&scenario, &one, "1");
    run(&scenario, &three, "3");
    let folder = one.join("eco-sweep");
    assert_same(&folder, &three.join("eco-sweep"));
    for (k, noise) in ["0.0", "0.05", "0.2"].iter().enumerate() {
        let alone_text = ecological("", false).replace(
            "repetitions = 3",
            &format!("repetitions = 3\nnoise = {noise}"),
        );
        let alone = write(&dir, &format!("alone-{k}.toml"), &alone_text);
        let alone_out = dir.join(format!("alone-{k}"));
        run(&alone, &alone_out, "2");
        for file in ["shares.csv", "payoff_matrix.csv"] {
            let expected = std::fs::read(alone_out.join("eco-sweep").join(file)).unwrap();
            let got = std::fs::read(folder.join(format!("points/{k}/{file}"))).unwrap();
            assert!(expected == got, "point {k}: {file}");
        }
        // sweep.csv: the final shares are the last row of shares.csv.
        let shares =
            std::fs::read_to_string(folder.join(format!("points/{k}/shares.csv"))).unwrap();
        let header: Vec<&str> = shares.lines().next().unwrap().split(',').collect();
        let last: Vec<&str> = shares.lines().last().unwrap().split(',').collect();
        let table = rows(&folder);
        let mine: Vec<&Vec<String>> = table.iter().filter(|r| r[0] == k.to_string()).collect();
        assert_eq!(mine.len(), 4);
        for (rank, r) in mine.iter().enumerate() {
            assert_eq!(r[2], (rank + 1).to_string(), "rows in rank order");
            let column = header.iter().position(|h| *h == r[3]).unwrap();
            assert_eq!(r[5], last[column], "{}", r[3]);
        }
        let finals: Vec<f64> = mine.iter().map(|r| r[5].parse().unwrap()).collect();
        assert!(finals.windows(2).all(|w| w[0] >= w[1]));
    }
    for chart in ["sweep_final_share.png", "sweep_rank.png", "report.html"] {
        assert!(folder.join(chart).exists(), "{chart}");
    }
}

const ECO_2D: &str = "[sweep.x]\nkey = \"game.payoffs.T\"\nvalues = [4.0, 5.5]\n[sweep.y]\nkey = \"dynamics.steps\"\nstart = 10\nstop = 40\nsteps = 3\n";

/// Runs every shard of an N-way split in reverse order, thread counts
/// cycling 1, 2, 3; merges them into `out`.
pub(crate) fn shard_and_merge(scenario: &Path, dir: &Path, n: u32, out: &Path) {
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
    let shards: Vec<PathBuf> = (0..n)
        .map(|i| dir.join(format!("{name}.shard-{i}-of-{n}")))
        .collect();
    let mut args = vec!["merge", "--quiet", "--out", s(out)];
    args.extend(shards.iter().map(|p| s(p)));
    dilemma(&args);
}

#[test]
fn sweep_shards_merge_into_the_single_run_byte_for_byte() {
    let dir = scratch("shards");
    let cases = [
        (
            "moran-sweep",
            moran(
                "steps = 60",
                "[sweep]\npoints = true\n[sweep.x]\nkey = \"moran.mutation\"\nvalues = [0.0, 0.05, 0.2]\n",
                true,
            ),
            "moran-sweep",
        ),
        (
            "moran-sweep",
            moran("", MORAN_2D.replace("0.1]", "0.0001]").as_str(), true)
                .replace("[moran]", "[moran]\nsteps = 50"),
            "moran-sweep",
        ),
        ("eco-sweep", ecological(ECO_1D, true), "ecological-sweep"),
        ("eco-sweep", ecological(ECO_2D, true), "ecological-sweep"),
    ];
    for (c, (name, text, kind)) in cases.iter().enumerate() {
        let case = dir.join(format!("case-{c}"));
        std::fs::create_dir_all(&case).unwrap();
        let scenario = write(&case, &format!("{name}.toml"), text);
        let single = case.join("single");
        run(&scenario, &single, "2");
        let single = single.join(name);
        assert!(
            files(&single).keys().any(|k| k.ends_with(".png")),
            "charts are compared"
        );
        for n in [1u32, 3] {
            let shards = case.join(format!("shards-{n}"));
            let merged = case.join(format!("merged-{n}"));
            shard_and_merge(&scenario, &shards, n, &merged);
            let manifest: serde_json::Value = serde_json::from_slice(
                &std::fs::read(shards.join(format!("{name}.shard-0-of-{n}/manifest.json")))
                    .unwrap(),
            )
            .unwrap();
            assert_eq!(manifest["kind"], *kind);
            assert_same(&single, &merged.join(name));
        }
    }
    // A damaged Moran shard is refused, naming the file and the line.
    let case = dir.join("case-0");
    let runs = case.join("shards-3/moran-sweep.shard-1-of-3/moran_runs.csv");
    let text = std::fs::read_to_string(&runs).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(1, 2);
    std::fs::write(&runs, lines.join("\n") + "\n").unwrap();
    let output = dilemma_output(&[
        "merge",
        s(&case.join("shards-3/moran-sweep.shard-0-of-3")),
        s(&case.join("shards-3/moran-sweep.shard-1-of-3")),
        s(&case.join("shards-3/moran-sweep.shard-2-of-3")),
        "--out",
        s(&case.join("damaged")),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("moran_runs.csv") && stderr.contains("damaged"),
        "{stderr}"
    );
    assert!(!case.join("damaged/moran-sweep").exists());
}

/// Runs a bad sweep; expects exit 2 naming `words`, and nothing written.
fn refused(dir: &Path, tag: &str, text: &str, words: &[&str]) {
    let scenario = write(dir, &format!("{tag}.toml"), text);
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
fn bad_grids_are_refused_naming_the_key_and_value() {
    let dir = scratch("bad");
    let m = |sweep: &str| moran("", sweep, false);
    refused(
        &dir,
        "unknown",
        &m("[sweep.x]\nkey = \"moran.mutaton\"\nvalues = [0.1]\n"),
        &[
            "sweep.x.key",
            "`moran.mutaton` is not a key",
            "moran.mutation",
        ],
    );
    refused(
        &dir,
        "not-numeric",
        &m("[sweep.x]\nkey = \"moran.mode\"\nvalues = [1]\n"),
        &["sweep.x.key", "`moran.mode` is not a number"],
    );
    refused(
        &dir,
        "zero-step",
        &m("[sweep.x]\nkey = \"moran.runs\"\nstart = 10\nstop = 10\nsteps = 3\n"),
        &["sweep.x.stop", "a step of zero"],
    );
    refused(
        &dir,
        "fraction",
        &m("[sweep.x]\nkey = \"players.0.count\"\nvalues = [1, 2.5]\n"),
        &["sweep.x.key", "whole numbers", "2.5"],
    );
    refused(
        &dir,
        "no-steps",
        &m("[sweep.x]\nkey = \"moran.mutation\"\nvalues = [0.0, 0.1]\n"),
        &["moran.mutation = 0.1", "not a valid Moran study", "steps"],
    );
    refused(
        &dir,
        "lattice",
        &(moran("interaction = \"lattice\"", "", false).replace("count = 3", "count = 6")
            + "[sweep.x]\nkey = \"players.0.count\"\nvalues = [1, 2]\n"),
        &["players.0.count = 2", "not a valid Moran study", "square"],
    );
    refused(
        &dir,
        "too-much",
        &m("[sweep.x]\nkey = \"moran.runs\"\nvalues = [100000000, 200000000]\n"),
        &[
            "sweep grid points = 2",
            "moran.runs",
            "process steps",
            "--no-limit",
        ],
    );
    refused(
        &dir,
        "eco-noise",
        &ecological(
            "[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 1.5]\n",
            false,
        ),
        &["match.noise = 1.5", "not a valid ecological study"],
    );
    refused(
        &dir,
        "eco-dt",
        &ecological("[sweep.x]\nkey = \"dynamics.dt\"\nvalues = [0.1]\n", false),
        &["`dynamics.dt` is not a key", "dynamics.steps"],
    );
    refused(
        &dir,
        "eco-too-much",
        &ecological(
            "[sweep.x]\nkey = \"match.turns\"\nvalues = [1000000000, 2000000000]\n",
            false,
        ),
        &["sweep grid points = 2", "turns", "--no-limit"],
    );
}

#[test]
fn the_examples_run_with_charts() {
    let dir = scratch("examples");
    let out = dir.join("out");
    let examples = [
        ("sweep-moran-temptation", &["sweep_fixation.png"][..], 8 * 4),
        (
            "sweep-moran-mutation",
            &[
                "sweep_focal_fixation.png",
                "sweep_focal_long_run.png",
                "sweep_mean_steps.png",
                "points/11/long_run_shares.csv",
            ][..],
            12 * 3,
        ),
        (
            "sweep-ecological-noise",
            &["sweep_final_share.png", "sweep_rank.png"][..],
            11 * 8,
        ),
        (
            "sweep-ecological-temptation",
            &["sweep_top_share.png", "sweep_diversity.png"][..],
            24 * 6,
        ),
    ];
    let mut args = vec!["run".to_string(), "--out".into(), s(&out).into()];
    args.extend(
        examples
            .iter()
            .map(|(e, _, _)| format!("scenarios/{e}.toml")),
    );
    let output = dilemma(&args.iter().map(String::as_str).collect::<Vec<_>>());
    let report = String::from_utf8(output.stdout).unwrap();
    assert!(report.contains("point"), "{report}");
    for line in report.lines() {
        assert!(line.chars().count() <= 80, "wider than 80 columns: {line}");
    }
    for (example, charts, count) in examples {
        let folder = out.join(example);
        for chart in charts.iter().chain(&["report.html", "scenario.toml"]) {
            assert!(folder.join(chart).exists(), "{example}: {chart}");
        }
        assert_eq!(rows(&folder).len(), 1 + count, "{example}");
    }
}
