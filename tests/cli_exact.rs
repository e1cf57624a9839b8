//! `dilemma exact A B`: exact expected scores of finite-state players,
//! against hand-worked fractions and the simulating `dilemma match`;
//! refusals exit 2 with the reason; text fits 80 columns.

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
fn a_random_horizon_gives_the_hand_worked_fractions() {
    // TFT v Suspicious TFT alternate CD, DC, ...; with w = 1/2 turn t weighs
    // 2^(1-t): CD 2/3, DC 1/3 of the expected turns.
    let v = json(&["exact", "tft", "stft", "--continuation", "0.5", "--json"]);
    assert_eq!(v["score_exact"][0], "5/3");
    assert_eq!(v["score_exact"][1], "10/3");
    assert_eq!(v["outcomes_exact"]["CD"], "2/3");
    assert_eq!(v["cooperation_exact"][0], "2/3");
    assert_eq!(v["expected_length"], 2.0);
    assert_eq!(v["states"], 2);
    assert!(v["exact_note"].is_null());
}

#[test]
fn a_zero_determinant_player_enforces_its_line_exactly() {
    // ZD-Extort-2 against GTFT in infinite play: S_X - P = 2 (S_Y - P).
    let v = json(&["exact", "gtft", "zd-extort-2", "--infinite", "--json"]);
    assert_eq!(v["score_exact"][0], "76/41");
    assert_eq!(v["score_exact"][1], "111/41");
}

#[test]
fn exact_scores_agree_with_the_simulated_head_to_head() {
    let exact = json(&[
        "exact", "gtft", "wsls", "--turns", "50", "--noise", "0.05", "--json",
    ]);
    let simulated = json(&[
        "match",
        "gtft",
        "wsls",
        "--turns",
        "50",
        "--noise",
        "0.05",
        "--repetitions",
        "4000",
        "--json",
    ]);
    for (k, player) in ["first", "second"].iter().enumerate() {
        let s = &simulated["summary"][k];
        let mean = s["mean_score_per_turn"].as_f64().unwrap();
        let sd = s["standard_deviation"].as_f64().unwrap();
        let want = exact["score"][k].as_f64().unwrap();
        let se = sd / 4000f64.sqrt();
        assert!(
            (mean - want).abs() < 4.0 * se,
            "{player}: simulated {mean} (se {se}) v exact {want}\n{simulated}"
        );
    }
}

#[test]
fn text_fits_80_columns_and_says_where_the_full_fractions_are() {
    let out = ok(&[
        "exact",
        "zd-extort3",
        "First by Joss: 0.9",
        "--noise",
        "0.1",
    ]);
    for line in out.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
    assert!(out.contains("Score per turn"), "{out}");
    assert!(out.contains("exact"), "{out}");
    let out = ok(&["exact", "tft", "tft", "--infinite", "--noise", "0"]);
    assert!(out.contains("3/1") || out.contains(" 3 "), "{out}");
}

#[test]
fn players_that_are_not_finite_state_and_bad_options_exit_2() {
    let refused = dilemma(&["exact", "grudger", "tft"]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("Grudger") && err.contains("dilemma match"),
        "{err}"
    );
    for args in [
        vec!["exact", "tft", "tft", "--continuation", "1"],
        vec!["exact", "tft", "tft", "--continuation", "0"],
        vec!["exact", "tft", "tft", "--turns", "0"],
        vec!["exact", "tft", "tft", "--noise", "1.5"],
        vec!["exact", "tft", "no-such-strategy"],
        vec!["exact", "evolved-ann", "tft"],
    ] {
        let out = dilemma(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}
