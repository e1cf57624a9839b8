//! The command line end to end on the real scenario files in `scenarios/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-run-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
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

#[test]
fn classic_writes_every_file_and_is_identical_on_one_and_two_threads() {
    let dir = scratch("threads");
    let (one, two) = (dir.join("one"), dir.join("two"));
    dilemma(&[
        "run",
        "scenarios/classic.toml",
        "--quiet",
        "--threads",
        "1",
        "--out",
        one.to_str().unwrap(),
    ]);
    dilemma(&[
        "run",
        "scenarios/classic.toml",
        "--quiet",
        "--threads",
        "2",
        "--out",
        two.to_str().unwrap(),
    ]);
    let (a, b) = (files(&one.join("classic")), files(&two.join("classic")));
    let names: Vec<&str> = a.keys().map(String::as_str).collect();
    for expected in [
        "matches.csv",
        "payoff_matrix.csv",
        "run.json",
        "scenario.toml",
        "summary.csv",
        "scores_boxplot.png",
        "scores_boxplot.svg",
        "payoff_heatmap.png",
        "payoff_heatmap.svg",
        "wins.png",
        "wins.svg",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} missing from {names:?}"
        );
    }
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    for (name, bytes) in &a {
        if name != "run.json" {
            assert!(bytes == &b[name], "{name} differs between 1 and 2 threads");
            assert!(!bytes.is_empty(), "{name} is empty");
        }
    }
    let run: serde_json::Value = serde_json::from_slice(&a["run.json"]).unwrap();
    assert_eq!(run["threads"], 1);
    assert_eq!(run["seed"], 1);
    assert_eq!(run["matches"], 450);
    assert_eq!(run["turns"], 450 * 200);

    let summary = String::from_utf8(a["summary.csv"].clone()).unwrap();
    let mut lines = summary.lines();
    assert_eq!(
        lines.next().unwrap(),
        "Rank,Name,Median_score,Cooperation_rating,Wins,Initial_C_rate,Original_index,CC_rate,CD_rate,DC_rate,DD_rate,CC_to_C_rate,CD_to_C_rate,DC_to_C_rate,DD_to_C_rate"
    );
    assert_eq!(lines.count(), 9);
    assert!(summary.contains(",Random: 0.5,"));
    let matches = String::from_utf8(a["matches.csv"].clone()).unwrap();
    assert_eq!(matches.lines().count(), 1 + 45 * 10);
    assert!(matches.starts_with("player1_index,player2_index,player1,player2,repetition,turns,"));
    let matrix = String::from_utf8(a["payoff_matrix.csv"].clone()).unwrap();
    assert_eq!(matrix.lines().count(), 10);
    assert!(a["scores_boxplot.png"].starts_with(b"\x89PNG"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_resolved_scenario_reproduces_the_run() {
    let dir = scratch("resolved");
    let first = dir.join("first");
    dilemma(&[
        "run",
        "scenarios/noisy-random-horizon.toml",
        "--quiet",
        "--out",
        first.to_str().unwrap(),
    ]);
    let resolved = first.join("noisy-random-horizon/scenario.toml");
    let second = dir.join("second");
    dilemma(&[
        "run",
        resolved.to_str().unwrap(),
        "--quiet",
        "--out",
        second.to_str().unwrap(),
    ]);
    for name in [
        "summary.csv",
        "matches.csv",
        "payoff_matrix.csv",
        "scenario.toml",
    ] {
        let a = std::fs::read(first.join("noisy-random-horizon").join(name)).unwrap();
        let b = std::fs::read(second.join("noisy-random-horizon").join(name)).unwrap();
        assert!(
            a == b,
            "{name} differs when rerun from the resolved scenario"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn seed_option_overrides_the_scenario_and_changes_random_play() {
    let dir = scratch("seed");
    let out = |seed: &str| {
        let folder = dir.join(seed);
        dilemma(&[
            "run",
            "scenarios/classic.toml",
            "--quiet",
            "--seed",
            seed,
            "--out",
            folder.to_str().unwrap(),
        ]);
        std::fs::read_to_string(folder.join("classic/matches.csv")).unwrap()
    };
    let (a, b, a_again) = (out("7"), out("8"), out("7"));
    assert_eq!(a, a_again);
    assert_ne!(a, b);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_shipped_scenario_runs() {
    let dir = scratch("all");
    let mut paths: Vec<String> = Vec::new();
    let tomls = |folder: &str| {
        std::fs::read_dir(root().join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect::<Vec<_>>()
    };
    for path in tomls("scenarios") {
        paths.push(path.to_string_lossy().to_string());
    }
    // The axelrod reference tournaments (every strategy, 100 repetitions)
    // are minutes of work in a debug build: they are only loaded here
    // (every player resolves); `cargo bench --bench reference` runs them
    // in release; the paper-size training run is minutes too.
    let reference = tomls("scenarios/reference");
    assert_eq!(reference.len(), 5);
    for path in reference {
        dilemma::scenario::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    paths.sort();
    assert!(paths.len() >= 4);
    let mut args = vec!["run", "--quiet", "--out", dir.to_str().unwrap()];
    args.extend(paths.iter().map(String::as_str));
    dilemma(&args);
    for name in [
        "classic",
        "noisy-random-horizon",
        "prison-years-a",
        "prison-years-b",
    ] {
        assert!(dir.join(name).join("summary.csv").exists(), "{name}");
    }
    // Prison years: payoffs are minus years, so every score is at most 0.
    let summary = std::fs::read_to_string(dir.join("prison-years-b/summary.csv")).unwrap();
    for line in summary.lines().skip(1) {
        let score: f64 = line.split(',').nth(2).unwrap().parse().unwrap();
        assert!((-15.0..=0.0).contains(&score), "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_prints_a_ranked_table_or_json() {
    let dir = scratch("table");
    let output = dilemma(&[
        "run",
        "scenarios/classic.toml",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("rank  strategy"), "{stdout}");
    assert!(stdout.contains("Tit For Tat"));
    let output = dilemma(&[
        "run",
        "scenarios/classic.toml",
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["summary"].as_array().unwrap().len(), 9);
    assert_eq!(value["summary"][0]["Rank"], 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_shows_moves_and_scores() {
    let output = dilemma(&[
        "match",
        "tit-for-tat",
        "alternator",
        "--turns",
        "10",
        "--json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["moves"][0], "CCDCDCDCDC");
    assert_eq!(value["moves"][1], "CDCDCDCDCD");
    assert_eq!(value["scores"][0], 23.0);
    assert_eq!(value["scores"][1], 28.0);
    assert_eq!(value["players"][1], "Alternator");

    let output = dilemma(&[
        "match",
        "tft",
        "defector",
        "--turns",
        "3",
        "--payoffs",
        "prison-years-a",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("Tit For Tat: CDD"), "{text}");
    assert!(text.contains("scores -14 : -4 over 3 turns"), "{text}");

    let output = dilemma(&[
        "match",
        "random:p=0.9",
        "random:p=0.1",
        "--continuation",
        "0.9",
        "--noise",
        "0.1",
        "--seed",
        "4",
        "--json",
    ]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["players"][0], "Random: 0.9");
    let length = value["turns"].as_u64().unwrap();
    assert_eq!(value["moves"][0].as_str().unwrap().len() as u64, length);
    let again = dilemma(&[
        "match",
        "random:p=0.9",
        "random:p=0.1",
        "--continuation",
        "0.9",
        "--noise",
        "0.1",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(output.stdout, again.stdout);
}

#[test]
fn strategies_lists_the_catalogue() {
    let output = dilemma(&["strategies", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let list = value.as_array().unwrap();
    assert!(list.len() >= 9);
    let tft = list.iter().find(|s| s["id"] == "tit-for-tat").unwrap();
    assert_eq!(tft["name"], "Tit For Tat");
    assert_eq!(tft["memory_depth"], 1);
    assert_eq!(tft["stochastic"], false);
    let text = String::from_utf8(dilemma(&["strategies"]).stdout).unwrap();
    assert!(text.contains("win-stay-lose-shift") && text.contains("Win-Stay Lose-Shift"));
}

#[test]
fn help_is_available_everywhere() {
    for args in [
        vec!["--help"],
        vec!["run", "--help"],
        vec!["match", "--help"],
        vec!["strategies", "--help"],
    ] {
        let output = dilemma(&args);
        assert!(
            String::from_utf8_lossy(&output.stdout).contains("Usage"),
            "{args:?}"
        );
    }
}

#[test]
fn non_dilemma_payoffs_run_with_a_warning() {
    let dir = scratch("chicken");
    let scenario = dir.join("chicken.toml");
    std::fs::write(
        &scenario,
        "kind = \"tournament\"\n[game]\npayoffs = { R = 3, S = 1, T = 5, P = 0 }\n[match]\nturns = 5\nrepetitions = 1\n[[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"defector\"\n[output]\ncharts = false\n",
    )
    .unwrap();
    let output = dilemma(&[
        "run",
        scenario.to_str().unwrap(),
        "--quiet",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("chicken.toml:3: warning"), "{stderr}");
    assert!(stderr.contains("P > S fails"), "{stderr}");
    assert!(dir.join("out/chicken/summary.csv").exists());
    assert!(!dir.join("out/chicken/wins.png").exists(), "charts = false");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Median scores by name from a `summary.csv`.
fn medians(summary: &Path) -> BTreeMap<String, f64> {
    let text = std::fs::read_to_string(summary).unwrap();
    text.lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (cells[1].to_string(), cells[2].parse().unwrap())
        })
        .collect()
}

#[test]
fn self_play_counts_in_the_ranking_only_when_asked() {
    let dir = scratch("self-play");
    let base = "kind = \"tournament\"\nseed = 1\n[match]\nturns = 10\nrepetitions = 1\n\
                [[players]]\nstrategy = \"defector\"\n[[players]]\nstrategy = \"cooperator\"\n\
                [[players]]\nstrategy = \"tit-for-tat\"\n[output]\ncharts = false\n";
    let without = dir.join("without.toml");
    std::fs::write(&without, format!("name = \"without\"\n{base}")).unwrap();
    let with = dir.join("with.toml");
    std::fs::write(
        &with,
        format!("name = \"with\"\n{base}[ranking]\ninclude_self_play = true\n"),
    )
    .unwrap();
    let out = dir.join("out");
    dilemma(&[
        "run",
        without.to_str().unwrap(),
        with.to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    // Against the others only (axelrod): Defector (5 + 1.4) / 2, TFT (3 + 0.9) / 2,
    // Cooperator (0 + 3) / 2. Counting self-play adds 1, 3 and 3 and divides by 3.
    let expected_without = [
        ("Defector", 3.2),
        ("Tit For Tat", 1.95),
        ("Cooperator", 1.5),
    ];
    let expected_with = [
        ("Defector", 7.4 / 3.0),
        ("Tit For Tat", 2.3),
        ("Cooperator", 2.0),
    ];
    for (name, expected) in [("without", expected_without), ("with", expected_with)] {
        let got = medians(&out.join(name).join("summary.csv"));
        for (player, value) in expected {
            assert!(
                (got[player] - value).abs() < 1e-12,
                "{name}: {player} has {} not {value}",
                got[player]
            );
        }
    }
    let resolved = std::fs::read_to_string(out.join("with/scenario.toml")).unwrap();
    assert!(resolved.contains("[ranking]") && resolved.contains("include_self_play = true"));
    let plain = std::fs::read_to_string(out.join("without/scenario.toml")).unwrap();
    assert!(!plain.contains("[ranking]"));
    std::fs::remove_dir_all(&dir).unwrap();
}
