//! axelrod's outputs: `interactions.csv` byte for byte against axelrod 4.14.0
//! (`[output] interactions = true`), and the ResultSet extras (score
//! differences, payoff standard deviations, cooperation and good-partner
//! matrices, eigenjesus/eigenmoses ratings, match lengths) against axelrod's
//! `ResultSet`.
//!
//! Reference data: tests/data/generate_axelrod_interactions.py (axelrod
//! 4.14.0; the version is recorded and checked).

use dilemma::ipd::result_set::ResultSetExtras;
use dilemma::ipd::results::TournamentResults;
use dilemma::ipd::{Action, MatchOutcome, MatchRecord, Payoffs, PlayerSpec};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(name: &str) -> Value {
    let path = root().join("tests/data").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-axelrod-interactions-{test}-{}",
        std::process::id()
    ));
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

fn run_det5(out: &Path, threads: &str) -> PathBuf {
    dilemma(&[
        "run",
        "tests/data/axelrod_interactions_det5.toml",
        "--quiet",
        "--threads",
        threads,
        "--out",
        out.to_str().unwrap(),
    ]);
    out.join("axelrod-interactions-det5")
}

#[test]
fn interactions_csv_equals_axelrods_byte_for_byte_on_any_thread_count() {
    let dir = scratch("bytes");
    let expected = std::fs::read(root().join("tests/data/axelrod_interactions_det5.csv")).unwrap();
    // 15 pairs (self-play included) x 2 repetitions x 2 rows + header.
    assert_eq!(expected.iter().filter(|&&b| b == b'\n').count(), 61);
    for threads in ["1", "2"] {
        let folder = run_det5(&dir.join(threads), threads);
        let ours = std::fs::read(folder.join("interactions.csv")).unwrap();
        if ours != expected {
            let (a, b) = (
                String::from_utf8_lossy(&ours),
                String::from_utf8_lossy(&expected),
            );
            for (line, (x, y)) in a.lines().zip(b.lines()).enumerate() {
                assert_eq!(
                    x,
                    y,
                    "interactions.csv line {} ({threads} threads)",
                    line + 1
                );
            }
            panic!("interactions.csv differs in length ({threads} threads)");
        }
        let resolved = std::fs::read_to_string(folder.join("scenario.toml")).unwrap();
        assert!(resolved.contains("interactions = true"), "{resolved}");
    }
}

#[test]
fn interactions_are_off_by_default_and_match_the_summary_when_on() {
    let dir = scratch("default");
    dilemma(&[
        "run",
        "scenarios/classic.toml",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let classic = dir.join("classic");
    assert!(classic.join("summary.csv").exists());
    assert!(!classic.join("interactions.csv").exists());
    // The ResultSet extras and axelrod's sdvplot and pdplot are always
    // written; the match-length plot only for random horizons.
    for file in [
        "payoff_diffs_means.csv",
        "payoff_stddevs.csv",
        "cooperation.csv",
        "normalised_cooperation.csv",
        "good_partner_matrix.csv",
        "ratings.csv",
        "match_lengths.csv",
        "score_diffs_violin.png",
        "score_diffs_violin.svg",
        "payoff_diffs_heatmap.png",
        "payoff_diffs_heatmap.svg",
    ] {
        assert!(classic.join(file).exists(), "{file}");
    }
    assert!(!classic.join("match_lengths_violin.png").exists());
    let resolved = std::fs::read_to_string(classic.join("scenario.toml")).unwrap();
    assert!(resolved.contains("interactions = false"), "{resolved}");

    // A noisy, random-horizon scenario with a stochastic player: the moves
    // written agree with every count written beside them.
    let scenario = dir.join("noisy.toml");
    std::fs::write(
        &scenario,
        r#"name = "noisy"
kind = "tournament"
seed = 3
[match]
continuation = 0.9
noise = 0.1
repetitions = 3
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "random"
[[players]]
strategy = "grudger"
[output]
interactions = true
"#,
    )
    .unwrap();
    dilemma(&[
        "run",
        scenario.to_str().unwrap(),
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(dir.join("noisy/interactions.csv")).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 6 * 3 * 2);
    let payoffs = Payoffs::STANDARD;
    let mut lengths = std::collections::BTreeSet::new();
    for pair in rows.chunks(2) {
        let (a, b) = (&pair[0], &pair[1]);
        assert_eq!(a.len(), 28);
        assert_eq!(a[0], b[0], "two rows per match");
        assert_eq!((a[1], a[2]), (b[2], b[1]));
        let (ma, mb) = (a[6], b[6]);
        assert_eq!(ma.len(), mb.len());
        assert_eq!(a[9], ma.len().to_string());
        lengths.insert(ma.len());
        let moves = |s: &str| -> Vec<Action> {
            s.chars().map(|c| Action::from_letter(c).unwrap()).collect()
        };
        let outcome = MatchOutcome::from_moves(&moves(ma), &moves(mb));
        let [sa, sb] = outcome.scores(&payoffs);
        assert_eq!(a[7], (sa as i64).to_string());
        assert_eq!(b[7], (sb as i64).to_string());
        assert_eq!(a[8], ((sa - sb) as i64).to_string());
        assert_eq!(a[14], ma.matches('C').count().to_string());
        assert_eq!(a[13], if ma.starts_with('C') { "True" } else { "False" });
        let win = u8::from(sa > sb).to_string();
        assert_eq!(a[12], win);
    }
    assert!(lengths.len() > 3, "random horizon lengths {lengths:?}");
    // The matches.csv written in the same run has the same turns.
    let matches = std::fs::read_to_string(dir.join("noisy/matches.csv")).unwrap();
    let turns: Vec<String> = matches
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(5).unwrap().to_string())
        .collect();
    let from_interactions: Vec<String> = rows.iter().step_by(2).map(|r| r[9].to_string()).collect();
    assert_eq!(turns, from_interactions);
    let svg = std::fs::read_to_string(dir.join("noisy/match_lengths_violin.svg")).unwrap();
    assert!(svg.contains("Match lengths (continuation 0.9)"));
}

fn floats(value: &Value) -> Vec<f64> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap_or(f64::NAN))
        .collect()
}

fn matrix(value: &Value) -> Vec<Vec<f64>> {
    value.as_array().unwrap().iter().map(floats).collect()
}

/// Folds axelrod's recorded moves into our aggregation.
fn recorded(reference: &Value) -> (TournamentResults, ResultSetExtras) {
    let names: Vec<String> = reference["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| PlayerSpec::new(id.as_str().unwrap()).build().unwrap().name)
        .collect();
    let n = names.len();
    let repetitions = reference["repetitions"].as_u64().unwrap() as u32;
    let mut results = TournamentResults::new(names, repetitions, Payoffs::STANDARD);
    let mut extras = ResultSetExtras::new(n, repetitions);
    let parse = |s: &Value| -> Vec<Action> {
        s.as_str()
            .unwrap()
            .chars()
            .map(|c| Action::from_letter(c).unwrap())
            .collect()
    };
    for m in reference["matches"].as_array().unwrap() {
        let record = MatchRecord {
            first: m["first"].as_u64().unwrap() as usize,
            second: m["second"].as_u64().unwrap() as usize,
            repetition: m["repetition"].as_u64().unwrap() as u32,
            outcome: MatchOutcome::from_moves(&parse(&m["moves1"]), &parse(&m["moves2"])),
        };
        results.add(&record);
        extras.add(&record, &Payoffs::STANDARD);
    }
    (results, extras)
}

/// Power iteration sums in BLAS order in numpy; allow for the last bits.
fn close(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

#[test]
fn result_set_extras_equal_axelrods_on_noisy_random_horizon_matches() {
    let reference = load("axelrod_result_set_noisy.json");
    assert_eq!(reference["axelrod_version"], "4.14.0");
    let (results, extras) = recorded(&reference);
    let n = results.player_count();
    let reps = results.repetitions;
    let expected = &reference["extras"];
    let stats = extras.compute(&results);

    let score_diffs = expected["score_diffs"].as_array().unwrap();
    let match_lengths = expected["match_lengths"].as_array().unwrap();
    let mut varied = false;
    for i in 0..n {
        for j in 0..n {
            let diffs = floats(&score_diffs[i][j]);
            for r in 0..reps {
                assert_eq!(
                    extras.score_diff(r, i, j),
                    diffs[r as usize],
                    "score_diffs[{i}][{j}][{r}]"
                );
                let length = match_lengths[r as usize][i][j].as_f64().unwrap();
                assert_eq!(
                    extras.match_length(r, i, j) as f64,
                    length,
                    "match_lengths[{r}][{i}][{j}]"
                );
                varied |= length != match_lengths[0][0][0].as_f64().unwrap();
            }
        }
    }
    assert!(
        varied,
        "a random horizon gives matches of different lengths"
    );
    for (name, ours) in [
        ("payoff_diffs_means", &stats.payoff_diffs_means),
        ("payoff_stddevs", &stats.payoff_stddevs),
        ("normalised_cooperation", &stats.normalised_cooperation),
    ] {
        assert_eq!(*ours, matrix(&expected[name]), "{name}");
    }
    assert!(stats.payoff_stddevs.iter().flatten().any(|&s| s > 0.5));
    let cooperation: Vec<Vec<f64>> = stats
        .cooperation
        .iter()
        .map(|row| row.iter().map(|&c| c as f64).collect())
        .collect();
    assert_eq!(cooperation, matrix(&expected["cooperation"]));
    let good: Vec<Vec<f64>> = stats
        .good_partner_matrix
        .iter()
        .map(|row| row.iter().map(|&c| c as f64).collect())
        .collect();
    assert_eq!(good, matrix(&expected["good_partner_matrix"]));
    assert_eq!(
        stats.good_partner_rating,
        floats(&expected["good_partner_rating"])
    );
    for (name, ours) in [
        ("eigenjesus_rating", &stats.eigenjesus),
        ("eigenmoses_rating", &stats.eigenmoses),
    ] {
        let theirs = floats(&expected[name]);
        assert_eq!(ours.len(), theirs.len());
        for (k, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            assert!(close(*a, *b), "{name}[{k}]: ours {a}, axelrod {b}");
        }
    }
}

fn read_csv(path: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path:?}: {e}"))
        .lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

fn csv_matrix(path: &Path) -> Vec<Vec<f64>> {
    read_csv(path)[1..]
        .iter()
        .map(|row| row[1..].iter().map(|c| c.parse().unwrap()).collect())
        .collect()
}

#[test]
fn result_set_files_carry_axelrods_numbers() {
    let reference = load("axelrod_result_set_det5.json");
    assert_eq!(reference["axelrod_version"], "4.14.0");
    let expected = &reference["extras"];
    let folder = run_det5(&scratch("files"), "2");
    for (file, key) in [
        ("payoff_diffs_means.csv", "payoff_diffs_means"),
        ("payoff_stddevs.csv", "payoff_stddevs"),
        ("cooperation.csv", "cooperation"),
        ("normalised_cooperation.csv", "normalised_cooperation"),
        ("good_partner_matrix.csv", "good_partner_matrix"),
    ] {
        assert_eq!(
            csv_matrix(&folder.join(file)),
            matrix(&expected[key]),
            "{file}"
        );
    }
    let header = read_csv(&folder.join("payoff_diffs_means.csv"))[0].clone();
    let names: Vec<String> = reference["names"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(header[1..], names[..]);

    let ratings = read_csv(&folder.join("ratings.csv"));
    assert_eq!(
        ratings[0],
        [
            "Rank",
            "Name",
            "Original_index",
            "Good_partner_rating",
            "Eigenjesus_rating",
            "Eigenmoses_rating"
        ]
    );
    assert_eq!(ratings.len(), 1 + names.len());
    for row in &ratings[1..] {
        let i: usize = row[2].parse().unwrap();
        assert_eq!(row[1], names[i]);
        for (column, key) in [
            (3, "good_partner_rating"),
            (4, "eigenjesus_rating"),
            (5, "eigenmoses_rating"),
        ] {
            let ours: f64 = row[column].parse().unwrap();
            let theirs = expected[key][i].as_f64().unwrap();
            assert!(
                close(ours, theirs),
                "{key}[{i}]: ours {ours}, axelrod {theirs}"
            );
        }
    }
    // Fixed horizon: every one of the 15 x 2 matches lasted 10 turns.
    assert_eq!(
        read_csv(&folder.join("match_lengths.csv")),
        [vec!["Turns", "Matches"], vec!["10", "30"]]
    );
}
