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
    assert!(regions.iter().any(|r| r["equilibria"] == "Both press"));
    assert!(regions.iter().any(|r| r["profiles"] == "(Press, Press)"));
    assert!(
        regions
            .iter()
            .any(|r| !r["profiles"].as_str().unwrap().contains("(Press, Press)"))
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
    // The exact regions: boundaries at 1/2 and 3/4, "both press" only between them.
    let regions =
        std::fs::read_to_string(out.join("pigs-seed-modified-sweep/regions.csv")).unwrap();
    let rows: Vec<&str> = regions.lines().collect();
    assert_eq!(
        rows[0],
        "from,to,from_decimal,to_decimal,from_included,to_included,equilibria,profiles,degenerate"
    );
    assert_eq!(
        rows[1],
        "0,1/2,0,0.5,true,false,\"Big waits, small presses\",\"(Wait, Press)\",false"
    );
    assert!(
        rows[2].starts_with("1/2,1/2,0.5,0.5,true,true,"),
        "{regions}"
    );
    assert_eq!(
        rows[3],
        "1/2,3/4,0.5,0.75,false,false,Both press,\"(Press, Press)\",false"
    );
    assert!(rows[4].starts_with("3/4,3/4,"), "{regions}");
    assert_eq!(
        rows[5],
        "3/4,1,0.75,1,false,true,\"Big presses, small waits\",\"(Press, Wait)\",false"
    );
    assert!(out.join("pigs-seed-modified-sweep/regions.svg").exists());
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

#[test]
fn pigs_exact_regions_and_two_parameter_map() {
    let v = json(&[
        "pigs",
        "--preset",
        "seed-modified",
        "--sweep",
        "both_press:0:1:4",
    ]);
    let b: Vec<&str> = v["sweep"]["boundaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["value"].as_str().unwrap())
        .collect();
    assert_eq!(b, vec!["1/2", "3/4"]);
    let intervals: Vec<&str> = v["sweep"]["regions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["interval"].as_str().unwrap())
        .collect();
    assert_eq!(
        intervals,
        vec!["[0, 1/2)", "{1/2}", "(1/2, 3/4)", "{3/4}", "(3/4, 1]"]
    );
    assert_eq!(v["sweep"]["regions"][1]["continuum"], true);
    // A breakpoint that is not on the grid is still found exactly: the
    // textbook small pig would press alone once c < (1 - 9/10) F = 1.
    let v = json(&["pigs", "--sweep", "cost:0:3:3"]);
    let b: Vec<&str> = v["sweep"]["boundaries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["equilibria_change"] == true)
        .map(|b| b["value"].as_str().unwrap())
        .collect();
    assert!(b.contains(&"1"), "{b:?}");
    let (code, out, _) = run(&["pigs", "--sweep", "cost:0:10:5"]);
    assert_eq!(code, 0);
    assert!(out.contains("boundary cost = 6"), "{out}");
    assert!(out.contains("documented default") || !out.contains("(The both-press"));
    // Two parameters: a map with the exact boundary lines c = 3/5 F and c = F / 10.
    let v = json(&["pigs", "--sweep", "food:0:20:6", "--sweep", "cost:0:10:6"]);
    let map = &v["region_map"];
    assert_eq!(map["x"]["parameter"], "food");
    assert_eq!(map["cells"].as_array().unwrap().len(), 6);
    let eqs: Vec<&str> = map["boundaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["equation"].as_str().unwrap())
        .collect();
    assert_eq!(eqs, vec!["cost = 3/5 food", "cost = 1/10 food"]);
    let words: Vec<&str> = map["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["equilibria"].as_str().unwrap())
        .collect();
    assert!(words.contains(&"Big presses, small waits") && words.contains(&"Both wait"));
    for args in [
        vec!["pigs", "--sweep", "food:0:1:2", "--sweep", "food:0:2:2"],
        vec!["pigs", "--sweep", "food:0:1:500", "--sweep", "cost:0:1:2"],
        vec!["pigs", "--sweep", "both_press:0:2:4"],
        vec![
            "pigs",
            "--sweep",
            "food:0:1:2",
            "--sweep",
            "cost:0:1:2",
            "--sweep",
            "both_press:0:1:2",
        ],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with("error: --sweep"), "{args:?}: {err}");
    }
}

#[test]
fn pigs_and_travelers_json_have_the_game_keys() {
    let game = json(&["game", "pigs-seed"]);
    let pigs = json(&["pigs", "--preset", "seed"]);
    let travelers = json(&[
        "travelers",
        "--high",
        "8",
        "--bonuses",
        "2",
        "--lambda-max",
        "0.5",
    ]);
    let fraction = |s: &str| {
        let (n, d) = s.split_once('/').unwrap_or((s, "1"));
        n.parse::<i64>().is_ok() && d.parse::<u64>().is_ok_and(|d| d > 0)
    };
    for v in [&game, &pigs, &travelers] {
        assert!(v["pure_nash"].is_array());
        assert!(v["dominated"].is_array());
        assert!(v["pareto_optimal"].is_array());
        assert!(v["degenerate"].is_boolean());
        for e in v["mixed_nash"].as_array().unwrap() {
            for side in ["row", "col"] {
                for p in e[side].as_object().unwrap().values() {
                    assert!(fraction(p.as_str().unwrap()), "{p}");
                }
            }
            assert_eq!(e["payoffs"].as_array().unwrap().len(), 2);
        }
    }
    // The pigs command and the game preset agree on the analysis.
    for key in [
        "pure_nash",
        "mixed_nash",
        "dominated",
        "pareto_optimal",
        "degenerate",
    ] {
        assert_eq!(pigs[key], game[key], "{key}");
    }
    assert_eq!(pigs["mixed_nash"][2]["col"]["Press"], "2/3");
    let t = json(&["game", "travelers:2:8:2"]);
    for key in [
        "pure_nash",
        "mixed_nash",
        "dominated",
        "pareto_optimal",
        "degenerate",
    ] {
        assert_eq!(travelers[key], t[key], "{key}");
    }
}

#[test]
fn game_scenarios_read_game_files() {
    let out = std::env::temp_dir().join(format!("dilemma-nf-files-{}", std::process::id()));
    let (code, _, err) = run(&[
        "run",
        "scenarios/game-hawk-dove-file.toml",
        "scenarios/game-prisoners-dilemma-nfg.toml",
        "scenarios/pigs-food-cost-map.toml",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let read = |p: &str| std::fs::read_to_string(out.join(p)).unwrap();
    let hd: Value = serde_json::from_str(&read("game-hawk-dove-file/analysis.json")).unwrap();
    assert_eq!(pure(&hd), vec![pair("Hawk", "Dove"), pair("Dove", "Hawk")]);
    let mixed = hd["mixed_nash"].as_array().unwrap();
    let m = mixed.iter().find(|e| e["pure"] == false).unwrap();
    assert_eq!(m["row"]["Hawk"], "1/2");
    assert!(read("game-hawk-dove-file/scenario.toml").contains("games/hawk-dove.toml"));
    let pd: Value =
        serde_json::from_str(&read("game-prisoners-dilemma-nfg/analysis.json")).unwrap();
    assert_eq!(pure(&pd), vec![pair("Confess", "Confess")]);
    assert_eq!(
        pd["players"],
        serde_json::json!(["Prisoner 1", "Prisoner 2"])
    );
    assert!(read("pigs-food-cost-map/boundaries.csv").contains("cost = 3/5 food"));
    assert!(read("pigs-food-cost-map/region_map.csv").lines().count() == 60 * 60 + 1);
    assert!(out.join("pigs-food-cost-map/region_map.png").exists());
    assert!(out.join("pigs-food-cost-map/region_map.svg").exists());
    // The resolved scenario of a map reruns to the same analysis.
    let again = out.join("again");
    let (code, _, err) = run(&[
        "run",
        out.join("pigs-food-cost-map/scenario.toml")
            .to_str()
            .unwrap(),
        "--out",
        again.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        read("pigs-food-cost-map/region_map.csv"),
        std::fs::read_to_string(again.join("pigs-food-cost-map/region_map.csv")).unwrap()
    );
    std::fs::remove_dir_all(&out).ok();
}

#[test]
fn bad_game_files_and_sweeps_in_scenarios_exit_2() {
    let dir = std::env::temp_dir().join(format!("dilemma-nf-badfiles-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::write(
        dir.join("games/ragged.toml"),
        "rows = [\"A\", \"B\"]\ncols = [\"x\", \"y\"]\nrow_payoffs = [[1, 2], [3]]\ncol_payoffs = [[1, 2], [3, 4]]\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("games/bad.nfg"),
        "NFG 1 R \"x\" { \"A\" \"B\" } { 2 2 }\n1 2 3 oops 5 6 7 8\n",
    )
    .unwrap();
    let game = |g: &str| format!("name = \"t\"\nkind = \"game\"\ngame = \"{g}\"\n");
    let pigs =
        |sweep: &str| format!("name = \"t\"\nkind = \"pigs\"\n[game]\npreset = \"seed\"\n{sweep}");
    let cases = [
        (
            game("games/ragged.toml"),
            vec![
                ":3:8: field `game`",
                "games/ragged.toml:3:24",
                "row_payoffs[2]",
            ],
        ),
        (
            game("games/bad.nfg"),
            vec![":3:8: field `game`", "games/bad.nfg:2:7", "oops"],
        ),
        (
            game("games/missing.toml"),
            vec![
                ":3:8: field `game`",
                "games/missing.toml",
                "relative to the scenario",
            ],
        ),
        (
            game("no-such-preset"),
            vec![
                ":3:8: field `game`",
                "unknown preset",
                "battle-of-the-sexes",
            ],
        ),
        (
            pigs("[sweep]\nparameter = \"both_press\"\nto = 2\n"),
            vec![":7:6: field `sweep.to`", "between 0 and 1"],
        ),
        (
            pigs("[sweep.x]\nparameter = \"food\"\n[sweep.y]\nparameter = \"food\"\n"),
            vec!["field `sweep.y.parameter`", "different parameters"],
        ),
        (
            pigs("[sweep.x]\nparameter = \"food\"\n"),
            vec!["field `sweep.y`", "needs both"],
        ),
        (
            pigs("[sweep.x]\nparameter = \"food\"\nsteps = 401\n[sweep.y]\nparameter = \"cost\"\n"),
            vec!["field `sweep.x.steps`", "at most 400"],
        ),
    ];
    for (k, (text, expected)) in cases.iter().enumerate() {
        let path = dir.join(format!("s{k}.toml"));
        std::fs::write(&path, text).unwrap();
        let (code, _, err) = run(&[
            "run",
            path.to_str().unwrap(),
            "--out",
            dir.join("out").to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{text}: {err}");
        assert!(err.contains(&format!("s{k}.toml")), "{err}");
        for e in expected {
            assert!(err.contains(e), "{text}: expected {e:?} in {err}");
        }
    }
    assert!(!dir.join("out").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn both_press_default_is_documented_and_survives_a_rerun() {
    let v = json(&["pigs", "--preset", "textbook", "--both-press", "default"]);
    assert_eq!(v["parameters"]["both_press"], "3/4");
    assert_eq!(v["parameters"]["both_press_is_default"], true);
    assert_eq!(
        v["parameters"]["both_press_default_rule"],
        "(big_presses + small_presses) / 2"
    );
    let (code, out, _) = run(&["pigs", "--preset", "seed"]);
    assert_eq!(code, 0);
    assert!(out.contains("is the documented default"), "{out}");
    let (_, help, _) = run(&["pigs", "--help"]);
    assert!(help.contains("documented default"), "{help}");
    // A sweep over a share: the default follows the midpoint, and the
    // resolved scenario says `both_press = "default"` so a rerun agrees.
    let dir = std::env::temp_dir().join(format!("dilemma-nf-default-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("share.toml");
    std::fs::write(
        &path,
        "name = \"share\"\nkind = \"pigs\"\n[game]\npreset = \"seed\"\n[sweep]\nparameter = \"big_presses\"\nsteps = 4\n[output]\ncharts = false\n",
    )
    .unwrap();
    let (code, out, err) = run(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        dir.join("a").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("both_press follows its documented default"),
        "{out}"
    );
    let resolved = dir.join("a/share/scenario.toml");
    assert!(
        std::fs::read_to_string(&resolved)
            .unwrap()
            .contains("both_press = \"default\"")
    );
    let (code, _, err) = run(&[
        "run",
        resolved.to_str().unwrap(),
        "--out",
        dir.join("b").to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let a = std::fs::read_to_string(dir.join("a/share/regions.csv")).unwrap();
    let b = std::fs::read_to_string(dir.join("b/share/regions.csv")).unwrap();
    assert_eq!(a, b);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn write_nfg_refuses_a_folder_and_replaces_a_file_whole() {
    let dir = std::env::temp_dir().join(format!("dilemma-write-nfg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (code, _, err) = run(&["game", "chicken", "--write-nfg", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--write-nfg") && err.contains("is a folder"),
        "{err}"
    );
    let file = dir.join("chicken.nfg");
    std::fs::write(&file, "old content").unwrap();
    let (code, _, err) = run(&["game", "chicken", "--write-nfg", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with("NFG 1 R"), "{written}");
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "no temporary file stays: {names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
