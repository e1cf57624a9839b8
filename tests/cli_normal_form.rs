//! End-to-end tests of `dilemma game`, `dilemma pigs` and `dilemma
//! travelers`: known answers from GAMES.md and the issue, and bad input
//! (exit code 2, an error naming the place).

use serde_json::Value;
use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = run(&a);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).expect("valid JSON")
}

fn pure(v: &Value) -> Vec<(String, String)> {
    v["pure_nash"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c[0].as_str().unwrap().to_string(),
                c[1].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_string(), b.to_string())
}

#[test]
fn prisoners_dilemma_presets() {
    for preset in ["standard", "prison-years-a", "prison-years-b"] {
        let v = json(&["game", preset]);
        assert_eq!(pure(&v), vec![pair("D", "D")]);
        assert_eq!(v["mixed_nash"].as_array().unwrap().len(), 1);
        assert_eq!(
            v["dominant_strategy_equilibrium"],
            serde_json::json!(["D", "D"])
        );
        let pareto = v["pareto_optimal"].as_array().unwrap();
        assert!(pareto.contains(&serde_json::json!(["C", "C"])));
        assert!(!pareto.contains(&serde_json::json!(["D", "D"])));
        assert_eq!(v["dominated"][0]["strategy"], "C");
        assert_eq!(v["degenerate"], false);
    }
}

#[test]
fn battle_of_the_sexes_and_zero_sum_games() {
    let v = json(&["game", "battle-of-the-sexes"]);
    let mixed = v["mixed_nash"].as_array().unwrap();
    assert_eq!(mixed.len(), 3);
    let m = mixed.iter().find(|e| e["pure"] == false).unwrap();
    assert_eq!(m["row"]["Opera"], "3/5");
    assert_eq!(m["row"]["Football"], "2/5");
    assert_eq!(m["col"]["Opera"], "2/5");
    assert_eq!(m["payoffs"], serde_json::json!(["6/5", "6/5"]));
    for (name, k) in [("matching-pennies", "1/2"), ("rock-paper-scissors", "1/3")] {
        let v = json(&["game", name]);
        assert!(pure(&v).is_empty());
        let mixed = v["mixed_nash"].as_array().unwrap();
        assert_eq!(mixed.len(), 1);
        for p in mixed[0]["row"].as_object().unwrap().values() {
            assert_eq!(p, k);
        }
        assert_eq!(v["zero_sum"]["value"], "0");
    }
}

#[test]
fn pigs_presets() {
    let v = json(&["pigs", "--preset", "textbook"]);
    assert_eq!(pure(&v), vec![pair("Press", "Wait")]);
    assert_eq!(v["mixed_nash"][0]["payoffs"], serde_json::json!(["4", "4"]));
    // seed: the small pig's Wait weakly dominates Press (never worse).
    let v = json(&["pigs", "--preset", "seed"]);
    let small_wait = v["dominance"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["player"] == "column" && d["strategy"] == "Wait")
        .unwrap()
        .clone();
    assert_eq!(small_wait["weakly_dominant"], true);
    assert_eq!(v["degenerate"], true);
    assert_eq!(v["parameters"]["both_press_is_default"], true);
    // seed-modified: both press with the default share, only for part of the range.
    let v = json(&[
        "pigs",
        "--preset",
        "seed-modified",
        "--sweep",
        "both_press:0:1:8",
    ]);
    assert_eq!(pure(&v), vec![pair("Press", "Press")]);
    let regions = v["sweep"]["regions"].as_array().unwrap();
    assert!(regions.iter().any(|r| r["equilibria"] == "(Press, Press)"));
    assert!(
        regions
            .iter()
            .any(|r| !r["equilibria"].as_str().unwrap().contains("(Press, Press)"))
    );
    let (code, out, _) = run(&["pigs", "--preset", "seed"]);
    assert_eq!(code, 0);
    assert!(out.contains("Wait weakly dominates"), "{out}");
}

#[test]
fn travelers_dilemma_unique_low_claims() {
    for bonus in ["2", "50"] {
        let v = json(&["game", &format!("travelers:2:100:{bonus}")]);
        assert_eq!(pure(&v), vec![pair("2", "2")]);
        assert_eq!(v["mixed_nash"].as_array().unwrap().len(), 1);
        let first = &v["dominated"][0];
        assert_eq!(first["strategy"], "100");
        if bonus == "2" {
            // Claim 100 is dominated only by a mixture: elimination prefers a
            // pure dominator whenever one exists.
            assert_eq!(first["by_mixed"], true);
        }
    }
    let (code, out, err) = run(&[
        "travelers",
        "--high",
        "20",
        "--bonuses",
        "1.5,10",
        "--lambda-max",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("20 -> 19 -> 18"), "{out}");
}

#[test]
fn game_files_and_nfg_round_trip() {
    let dir = std::env::temp_dir().join(format!("dilemma-nf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let toml = dir.join("stag.toml");
    std::fs::write(&toml, "title = \"Stag\"\nrows = [\"Stag\", \"Hare\"]\nsymmetric = true\nrow_payoffs = [[4, 0], [\"3\", 3.0]]\n").unwrap();
    let v = json(&["game", toml.to_str().unwrap()]);
    assert_eq!(pure(&v), vec![pair("Stag", "Stag"), pair("Hare", "Hare")]);
    let nfg = dir.join("stag.nfg");
    let (code, _, err) = run(&[
        "game",
        toml.to_str().unwrap(),
        "--write-nfg",
        nfg.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let w = json(&["game", nfg.to_str().unwrap()]);
    assert_eq!(w["mixed_nash"], v["mixed_nash"]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_exits_2_naming_the_place() {
    let dir = std::env::temp_dir().join(format!("dilemma-nf-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        (
            "ragged.toml",
            "rows = [\"A\", \"B\"]\ncols = [\"x\", \"y\"]\nrow_payoffs = [[1, 2], [3]]\ncol_payoffs = [[1, 2], [3, 4]]\n",
            "row_payoffs[2]",
        ),
        (
            "text.toml",
            "rows = [\"A\"]\ncols = [\"x\"]\nrow_payoffs = [[\"lots\"]]\ncol_payoffs = [[1]]\n",
            "row_payoffs[1][1]",
        ),
        (
            "empty.toml",
            "rows = []\ncols = [\"x\"]\nrow_payoffs = []\ncol_payoffs = []\n",
            "empty strategy list",
        ),
        (
            "dup.toml",
            "rows = [\"A\", \"A\"]\ncols = [\"x\"]\nrow_payoffs = [[1], [2]]\ncol_payoffs = [[1], [2]]\n",
            "duplicate strategy name",
        ),
        (
            "bad.nfg",
            "NFG 1 R \"x\" { \"A\" \"B\" } { 2 2 }\n1 2 3 oops 5 6 7 8\n",
            "line 2, column 7",
        ),
        (
            "short.nfg",
            "NFG 1 R \"x\" { \"A\" \"B\" } { 2 2 }\n1 2 3\n",
            "ends",
        ),
    ];
    for (file, text, expected) in cases {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = run(&["game", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{file}: {err}");
        assert!(err.contains(expected), "{file}: {err}");
        assert!(err.contains(file), "{file}: error names the file: {err}");
    }
    for args in [
        vec!["game", "no-such-game"],
        vec!["game", "travelers:5:3:2"],
        vec!["pigs", "--preset", "nope"],
        vec!["pigs", "--both-press", "3/2"],
        vec!["pigs", "--sweep", "weight:0:1:5"],
        vec!["travelers", "--bonus", "-1"],
        vec!["travelers", "--low", "50", "--high", "10"],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with("error:"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn scenarios_write_results_and_reject_bad_fields() {
    let out = std::env::temp_dir().join(format!("dilemma-nf-run-{}", std::process::id()));
    let (code, _, err) = run(&[
        "run",
        "scenarios/game-battle-of-the-sexes.toml",
        "scenarios/game-stag-hunt-inline.toml",
        "scenarios/pigs-seed-modified-sweep.toml",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    for f in ["analysis.json", "game.nfg", "scenario.toml", "run.json"] {
        assert!(out.join("game-battle-of-the-sexes").join(f).exists(), "{f}");
    }
    let sweep = std::fs::read_to_string(out.join("pigs-seed-modified-sweep/sweep.csv")).unwrap();
    assert!(sweep.contains("(Press, Press)"));
    assert!(out.join("pigs-seed-modified-sweep/regions.png").exists());
    let bad = out.join("bad.toml");
    std::fs::write(
        &bad,
        "kind = \"pigs\"\n[game]\npreset = \"seed\"\nboth_press = \"lots\"\n",
    )
    .unwrap();
    let (code, _, err) = run(&["run", bad.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("game.both_press") && err.contains(":4:"),
        "{err}"
    );
    std::fs::remove_dir_all(&out).ok();
}
