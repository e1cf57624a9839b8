//! `dilemma match A B`: head to head over `--repetitions N`, noise flips
//! marked in a single match, players with the same name told apart, and
//! text that fits 80 columns.

use serde_json::Value;
use std::process::{Command, Output};

fn dilemma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let output = dilemma(args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn repetitions_report_means_deviations_intervals_and_every_repetition() {
    let args = [
        "match",
        "tit-for-tat",
        "random",
        "--turns",
        "30",
        "--noise",
        "0.05",
        "--repetitions",
        "25",
        "--seed",
        "9",
        "--json",
    ];
    let value = json(&args);
    assert_eq!(value["repetitions"], 25);
    let matches = value["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 25);
    for seat in 0..2 {
        let per_turn: Vec<f64> = matches
            .iter()
            .map(|m| m["scores_per_turn"][seat].as_f64().unwrap())
            .collect();
        let mean = per_turn.iter().sum::<f64>() / 25.0;
        let sd = (per_turn.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 24.0).sqrt();
        let summary = &value["summary"][seat];
        assert!((summary["mean_score_per_turn"].as_f64().unwrap() - mean).abs() < 1e-12);
        assert!((summary["standard_deviation"].as_f64().unwrap() - sd).abs() < 1e-12);
        assert!(sd > 0.0, "noise and a random player vary the scores");
        // t(0.975, 24) = 2.0638985616280245 (scipy).
        let half = 2.0638985616280245 * sd / 5.0;
        let lo = summary["interval_95"][0].as_f64().unwrap();
        let hi = summary["interval_95"][1].as_f64().unwrap();
        assert!((lo - (mean - half)).abs() < 1e-12 && (hi - (mean + half)).abs() < 1e-12);
        let wins = matches.iter().filter(|m| m["winner"] == seat).count();
        let draws = matches.iter().filter(|m| m["winner"].is_null()).count();
        assert_eq!(summary["wins"], wins);
        assert_eq!(summary["draws"], draws);
        assert_eq!(summary["losses"], 25 - wins - draws);
        for m in matches {
            assert_eq!(m["turns"], 30);
            let score = m["scores"][seat].as_f64().unwrap();
            assert_eq!(m["scores_per_turn"][seat].as_f64().unwrap(), score / 30.0);
        }
    }
    assert_eq!(value["summary"][0]["wins"], value["summary"][1]["losses"]);

    // Repetition 0 is the single match `dilemma match` shows for the seed.
    let single = json(&[
        "match",
        "tit-for-tat",
        "random",
        "--turns",
        "30",
        "--noise",
        "0.05",
        "--seed",
        "9",
        "--json",
    ]);
    assert_eq!(single["scores"], matches[0]["scores"]);
    assert_eq!(single["cooperations"], matches[0]["cooperations"]);

    // The text form: both players, the columns, the same numbers.
    let mut text_args = args.to_vec();
    text_args.pop();
    let text = ok(&text_args);
    assert!(
        text.starts_with("25 repetitions, 30 turns, noise 0.05, seed 9\n"),
        "{text}"
    );
    assert!(text.contains("mean/turn"), "{text}");
    assert!(text.contains("95% interval"), "{text}");
    let mean = value["summary"][0]["mean_score_per_turn"].as_f64().unwrap();
    let tft_line = text.lines().find(|l| l.starts_with("Tit For Tat")).unwrap();
    assert!(tft_line.contains(&format!("{mean:.4}")), "{tft_line}");
}

#[test]
fn deterministic_pair_wins_every_repetition_and_no_spread() {
    let value = json(&[
        "match",
        "defector",
        "cooperator",
        "--repetitions",
        "4",
        "--json",
    ]);
    let d = &value["summary"][0];
    assert_eq!(d["mean_score_per_turn"], 5.0);
    assert_eq!(d["standard_deviation"], 0.0);
    assert_eq!(d["interval_95"], serde_json::json!([5.0, 5.0]));
    assert_eq!(
        (d["wins"].as_u64(), d["losses"].as_u64()),
        (Some(4), Some(0))
    );
    assert_eq!(value["summary"][1]["losses"], 4);
}

#[test]
fn a_single_match_marks_noise_flips_and_numbers_players_with_one_name() {
    // Cooperator against itself: every D is a flip.
    let args = [
        "match",
        "cooperator",
        "cooperator",
        "--turns",
        "40",
        "--noise",
        "0.2",
        "--seed",
        "5",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let value = json(&with_json);
    let flips: Vec<Vec<u64>> = (0..2)
        .map(|seat| {
            value["noise_flips"][seat]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_u64().unwrap())
                .collect()
        })
        .collect();
    for seat in 0..2 {
        let moves = value["moves"][seat].as_str().unwrap();
        let defections: Vec<u64> = moves
            .char_indices()
            .filter(|(_, c)| *c == 'D')
            .map(|(t, _)| t as u64 + 1)
            .collect();
        assert_eq!(flips[seat], defections);
    }
    assert!(!flips[0].is_empty() && !flips[1].is_empty());
    let text = ok(&args);
    let header = text.lines().next().unwrap();
    assert!(
        header.contains("Cooperator (1)") && header.contains("Cooperator (2)"),
        "{header}"
    );
    for line in text.lines().skip(2).take(40) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        let turn: u64 = cells[0].parse().unwrap();
        for seat in 0..2 {
            let flipped = flips[seat].contains(&turn);
            assert_eq!(cells[1 + seat].ends_with('*'), flipped, "{line}");
        }
    }
    assert!(text.contains("* noise flipped the move"), "{text}");
    assert!(text.contains("Cooperator (1): "), "{text}");
    // Without noise, no marks and no note; different names stay as they are.
    let text = ok(&["match", "tit-for-tat", "alternator", "--turns", "5"]);
    assert!(!text.contains('*') && !text.contains("(1)"), "{text}");
}

#[test]
fn match_output_fits_80_columns() {
    for args in [
        vec![
            "match",
            "first-by-tideman-and-chieruzzi",
            "second-by-champion",
            "--turns",
            "300",
            "--noise",
            "0.02",
        ],
        vec![
            "match",
            "first-by-tideman-and-chieruzzi",
            "first-by-tideman-and-chieruzzi",
            "--repetitions",
            "30",
            "--continuation",
            "0.99",
            "--noise",
            "0.01",
        ],
        vec!["match", "tit-for-tat", "defector", "--turns", "5000"],
        vec![
            "match",
            "random",
            "random",
            "--repetitions",
            "200",
            "--payoffs",
            "prison-years-a",
        ],
    ] {
        let text = ok(&args);
        for line in text.lines() {
            assert!(
                line.chars().count() <= 80,
                "{args:?}: {} columns: {line}",
                line.chars().count()
            );
        }
    }
}

#[test]
fn bad_repetitions_are_refused_naming_the_option() {
    for value in ["0", "-3", "1000001"] {
        let output = dilemma(&["match", "tit-for-tat", "defector", "--repetitions", value]);
        assert_eq!(output.status.code(), Some(2), "--repetitions {value}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("--repetitions must be a whole number from 1 to 1000000"),
            "{stderr}"
        );
        assert!(output.stdout.is_empty());
    }
}

/// axelrod's display names, parameters and all, name players as the README
/// promises (`First by Davis: 10`); values follow the entry's parameters
/// in order, and a name that would read otherwise is refused with the keys.
#[test]
fn axelrod_display_names_with_parameters_are_players() {
    let davis = json(&[
        "match",
        "First by Davis: 10",
        "tit-for-tat",
        "--turns",
        "5",
        "--json",
    ]);
    assert_eq!(davis["players"][0], "First by Davis: 10", "{davis}");
    let random = json(&[
        "match",
        "Random: 0.9",
        "tit-for-tat",
        "--turns",
        "5",
        "--json",
    ]);
    let spelled = json(&[
        "match",
        "random:p=0.9",
        "tit-for-tat",
        "--turns",
        "5",
        "--json",
    ]);
    assert_eq!(random["players"], spelled["players"]);
    assert_eq!(
        random["moves"], spelled["moves"],
        "the same player, the same match"
    );
    for (text, said) in [
        (
            "Random: 0.9, 3",
            "Random takes 1 parameter; write them as key=value (p)",
        ),
        ("Random: x", "parameter `p` must be a number"),
    ] {
        let output = dilemma(&["match", text, "tit-for-tat", "--turns", "5"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(said), "{text}: {stderr}");
    }
    // The same names in a scenario's [[players]].
    let dir =
        std::env::temp_dir().join(format!("dilemma-head-to-head-names-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("names.toml");
    std::fs::write(
        &scenario,
        "name = \"names\"\nkind = \"tournament\"\n[match]\nturns = 10\n\
         [[players]]\nstrategy = \"First by Davis: 10\"\n[[players]]\nstrategy = \"Random: 0.9\"\n",
    )
    .unwrap();
    let out = dir.join("out");
    ok(&[
        "run",
        scenario.to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let summary = std::fs::read_to_string(out.join("names/summary.csv")).unwrap();
    assert!(
        summary.contains("First by Davis: 10") && summary.contains("Random: 0.9"),
        "{summary}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
