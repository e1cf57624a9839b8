//! The pirates and guess commands end to end: answers, JSON keys, scenario
//! runs (files written, byte-identical on a rerun) and bad input (exit 2,
//! clear message, no panic).

use std::path::PathBuf;
use std::process::{Command, Output};

fn dilemma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(args)
        .output()
        .expect("run dilemma")
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = dilemma(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

fn bad(args: &[&str], fragments: &[&str]) {
    let out = dilemma(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for f in fragments {
        assert!(stderr.contains(f), "{args:?}: missing {f:?} in {stderr}");
    }
}

#[test]
fn pirates_json_keys() {
    let v = json(&["pirates", "--pirates", "5", "--coins", "100", "--json"]);
    assert_eq!(v["allocation"], serde_json::json!([98, 0, 1, 0, 1]));
    assert_eq!(v["proposer"], 0);
    assert_eq!(v["thrown_overboard"], 0);
    assert_eq!(v["unique"], true);
    assert_eq!(v["alternatives"], 1);
    let v = json(&[
        "pirates",
        "--pirates",
        "500",
        "--coins",
        "100",
        "--json",
        "--list",
        "2",
    ]);
    assert_eq!(v["thrown_overboard"], 44);
    assert_eq!(v["proposer"], 44);
    assert_eq!(v["unique"], false);
    assert!(
        v["alternatives"].is_string(),
        "a 67-digit count is exact text"
    );
    let v = json(&[
        "pirates",
        "--pirates",
        "2",
        "--coins",
        "100",
        "--majority",
        "strict",
        "--json",
    ]);
    assert_eq!(v["allocation"], serde_json::json!([0, 100]));
    assert_eq!(v["thrown_overboard"], 1);
}

#[test]
fn pirates_table_names_the_tie_break() {
    let out = dilemma(&["pirates", "--pirates", "8", "--coins", "2"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(text.contains("equally good proposals"), "{text}");
    assert!(text.contains("Tie-break"), "{text}");
}

#[test]
fn guess_json_keys() {
    let v = json(&["guess", "--json", "--players", "4", "--range", "0..10"]);
    let eq: Vec<&str> = v["equilibria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["description"].as_str().unwrap())
        .collect();
    assert!(
        eq.contains(&"everyone picks 0") && eq.contains(&"everyone picks 1"),
        "{eq:?}"
    );
    assert!(
        v["equilibrium_search"]
            .as_str()
            .unwrap()
            .starts_with("exhaustive")
    );
    assert!(v["elimination"].as_array().unwrap().len() > 2);
    let lk: Vec<f64> = v["level_k"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(lk[0], 5.0);
    let v = json(&["guess", "--json"]);
    let lk: Vec<f64> = v["level_k"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!((lk[1] - 33.333).abs() < 0.01 && (lk[2] - 22.222).abs() < 0.01);
    let ch = &v["cognitive_hierarchy"];
    assert_eq!(ch["tau"], 1.5);
    assert!((ch["mean"].as_f64().unwrap() - 33.5).abs() < 0.01);
    assert!(ch["target"].as_f64().is_some());
    // Nagel's p = 4/3: the top of the range is an equilibrium.
    let v = json(&["guess", "--json", "--p", "4/3"]);
    let eq: Vec<&str> = v["equilibria"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["description"].as_str().unwrap())
        .collect();
    assert!(eq.contains(&"everyone picks 100"), "{eq:?}");
}

#[test]
fn bad_input_exits_two() {
    bad(
        &["pirates", "--pirates", "0", "--coins", "100"],
        &["--pirates", "from 1 to"],
    );
    bad(
        &["pirates", "--pirates", "5", "--coins", "-1"],
        &["--coins", "from 0"],
    );
    bad(
        &[
            "pirates",
            "--pirates",
            "5",
            "--coins",
            "10",
            "--majority",
            "most",
        ],
        &["tie-passes, strict"],
    );
    bad(&["guess", "--p", "0"], &["--p", "positive"]);
    bad(&["guess", "--p", "-2/3"], &["--p", "positive"]);
    bad(
        &["guess", "--range", "50..50"],
        &["--range", "low end below its high end"],
    );
    bad(&["guess", "--range", "100..0"], &["--range"]);
    bad(&["guess", "--range", "zero..100"], &["--range", "LO..HI"]);
    bad(&["guess", "--players", "1"], &["--players", "from 2"]);
    bad(&["guess", "--tau", "-1"], &["--tau"]);
    bad(&["guess", "--choices", "real"], &["integer, continuous"]);
    bad(
        &["guess", "--choices", "continuous", "--rounding", "nearest"],
        &["--rounding"],
    );
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-dilemmas-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn bad_scenarios_name_the_field() {
    let dir = scratch("bad");
    for (text, fragments) in [
        (
            "kind = \"pirates\"\n[game]\npirates = 0\ncoins = 100\n",
            &["3:11", "game.pirates"][..],
        ),
        (
            "kind = \"pirates\"\n[game]\npirates = 5\ncoins = -4\n",
            &["4:9", "game.coins"],
        ),
        (
            "kind = \"pirates\"\n[game]\npirates = 5\ncoins = 4\nmajority = \"x\"\n",
            &["game.majority"],
        ),
        ("kind = \"guess\"\n[game]\np = \"0\"\n", &["3:5", "game.p"]),
        (
            "kind = \"guess\"\n[game]\nrange = [5, 5]\n",
            &["game.range"],
        ),
        ("kind = \"guess\"\n[game]\nplayers = 1\n", &["game.players"]),
        (
            "kind = \"guess\"\n[analysis]\ntau = -1\n",
            &["analysis.tau"],
        ),
        (
            "kind = \"guess\"\n[game]\nplayerz = 3\n",
            &["did you mean `players`"],
        ),
    ] {
        let path = dir.join("s.toml");
        std::fs::write(&path, text).unwrap();
        let out = dir.join("out");
        bad(
            &[
                "run",
                path.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
            ],
            fragments,
        );
        assert!(!out.join("s").exists());
    }
}

#[test]
fn scenarios_run_and_repeat_byte_for_byte() {
    // Charts are slow to draw in debug builds: run "a" draws them, reruns
    // without charts must give byte-identical data files.
    let dir = scratch("run");
    let root = env!("CARGO_MANIFEST_DIR");
    let pirates =
        std::fs::read_to_string(format!("{root}/scenarios/pirates-classic.toml")).unwrap();
    let guess = std::fs::read_to_string(format!("{root}/scenarios/guess-two-thirds.toml")).unwrap();
    let no_charts = [
        (
            "p.toml",
            pirates.replace("[output]\n", "[output]\ncharts = false\n"),
        ),
        ("g.toml", format!("{guess}\n[output]\ncharts = false\n")),
    ];
    for (name, text) in &no_charts {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let run = |out: &str, files: &[String]| {
        let out = dir.join(out);
        let mut args = vec!["run", "--quiet", "--out", out.to_str().unwrap()];
        args.extend(files.iter().map(String::as_str));
        let o = dilemma(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    run(
        "a",
        &[
            format!("{root}/scenarios/pirates-classic.toml"),
            format!("{root}/scenarios/guess-two-thirds.toml"),
        ],
    );
    let copies: Vec<String> = no_charts
        .iter()
        .map(|(n, _)| dir.join(n).to_str().unwrap().to_string())
        .collect();
    run("b", &copies);
    for (folder, names, charts) in [
        (
            "pirates-classic",
            &[
                "rounds.csv",
                "allocation.csv",
                "survival.csv",
                "alternatives.csv",
                "solution.json",
            ][..],
            &[
                "allocation.png",
                "allocation.svg",
                "survival.png",
                "survival.svg",
            ][..],
        ),
        (
            "guess-two-thirds",
            &[
                "elimination.csv",
                "equilibria.csv",
                "level_k.csv",
                "cognitive_hierarchy.csv",
                "simulation_rounds.csv",
                "simulation_choices.csv",
                "analysis.json",
            ],
            &[
                "elimination.png",
                "predictions.png",
                "simulation.png",
                "simulation.svg",
            ],
        ),
    ] {
        for name in names {
            let a = std::fs::read(dir.join("a").join(folder).join(name)).unwrap();
            let b = std::fs::read(dir.join("b").join(folder).join(name)).unwrap();
            assert!(a == b, "{folder}/{name} differs between runs");
        }
        for name in charts {
            assert!(dir.join("a").join(folder).join(name).is_file(), "{name}");
        }
        assert!(dir.join("a").join(folder).join("run.json").is_file());
        assert!(dir.join("a").join(folder).join("scenario.toml").is_file());
    }
    let allocation = std::fs::read_to_string(dir.join("a/pirates-classic/allocation.csv")).unwrap();
    assert!(allocation.contains("0,A,proposer,98"), "{allocation}");
    // The resolved scenario (charts off) runs again to the same results.
    let resolved = std::fs::read_to_string(dir.join("a/guess-two-thirds/scenario.toml")).unwrap();
    let resolved_path = dir.join("resolved.toml");
    std::fs::write(
        &resolved_path,
        resolved.replace("charts = true", "charts = false"),
    )
    .unwrap();
    run("c", &[resolved_path.to_str().unwrap().to_string()]);
    assert_eq!(
        std::fs::read(dir.join("c/guess-two-thirds/simulation_rounds.csv")).unwrap(),
        std::fs::read(dir.join("a/guess-two-thirds/simulation_rounds.csv")).unwrap()
    );
}
