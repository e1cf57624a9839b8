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

fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-exact-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The payoff matrix CSV as numbers (row, column by position).
fn matrix(path: &std::path::Path) -> Vec<Vec<f64>> {
    read(path)
        .lines()
        .skip(1)
        .map(|l| l.split(',').skip(1).map(|v| v.parse().unwrap()).collect())
        .collect()
}

const DETERMINISTIC: &str = r#"
name = "NAME"
kind = "tournament"
seed = 3
[match]
turns = 30
repetitions = 2
METHOD
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "win-stay-lose-shift"
[[players]]
strategy = "tit-for-2-tats"
[[players]]
strategy = "alternator"
[[players]]
strategy = "evolved-fsm-4"
[[players]]
strategy = "cycler-ccd"
[[players]]
strategy = "first-by-nydegger"
"#;

#[test]
fn an_exact_tournament_of_deterministic_players_equals_the_played_one() {
    let dir = scratch("deterministic");
    for (name, method) in [("played", ""), ("expected", "method = \"exact\"")] {
        let text = DETERMINISTIC
            .replace("NAME", name)
            .replace("METHOD", method);
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        ok(&[
            "run",
            path.to_str().unwrap(),
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
    }
    let played = matrix(&dir.join("played/payoff_matrix.csv"));
    let expected = matrix(&dir.join("expected/payoff_matrix.csv"));
    assert_eq!(played.len(), 7);
    for (a, b) in played.iter().flatten().zip(expected.iter().flatten()) {
        assert!((a - b).abs() < 1e-12, "{a} v {b}");
    }
    let ranking = read(&dir.join("expected/ranking.csv"));
    assert!(
        ranking.starts_with("rank,name,score,score_exact,cooperation\n1,"),
        "{ranking}"
    );
    let payoffs = read(&dir.join("expected/exact_payoffs.csv"));
    assert_eq!(payoffs.lines().count(), 1 + 49);
    // Tit For Tat against itself: CC every turn, exactly 3.
    assert!(
        payoffs.contains("Tit For Tat,Tit For Tat,3,3,1,1,"),
        "{payoffs}"
    );
}

#[test]
fn the_shipped_exact_tournament_agrees_with_dilemma_exact_and_splits_into_shards() {
    let dir = scratch("shards");
    let scenario = "scenarios/exact-tournament.toml";
    let whole = dir.join("whole");
    ok(&["run", scenario, "--quiet", "--out", whole.to_str().unwrap()]);
    let folder = whole.join("exact-tournament");
    // One pair against `dilemma exact`: Tit For Tat v Evolved FSM 16.
    let pair = json(&[
        "exact",
        "tit-for-tat",
        "evolved-fsm-16",
        "--turns",
        "200",
        "--noise",
        "0.05",
        "--json",
    ]);
    let payoffs = read(&folder.join("exact_payoffs.csv"));
    let line = payoffs
        .lines()
        .find(|l| l.starts_with("Tit For Tat,Evolved FSM 16,"))
        .unwrap();
    let fields: Vec<&str> = line.split(',').collect();
    assert_eq!(
        fields[2].parse::<f64>().unwrap(),
        pair["score"][0].as_f64().unwrap()
    );
    assert_eq!(fields[3], pair["score_exact"][0].as_str().unwrap());
    // Three shards merged: the same files as the whole run.
    let shards = dir.join("shards");
    for i in 0..3 {
        ok(&[
            "run",
            scenario,
            "--quiet",
            "--shard",
            &format!("{i}/3"),
            "--out",
            shards.to_str().unwrap(),
        ]);
    }
    let merged = dir.join("merged");
    let mut args = vec!["merge", "--quiet", "--out", merged.to_str().unwrap()];
    let parts: Vec<String> = (0..3)
        .map(|i| {
            shards
                .join(format!("exact-tournament.shard-{i}-of-3"))
                .to_string_lossy()
                .to_string()
        })
        .collect();
    args.extend(parts.iter().map(String::as_str));
    ok(&args);
    let merged = merged.join("exact-tournament");
    for file in [
        "exact_payoffs.csv",
        "payoff_matrix.csv",
        "ranking.csv",
        "scenario.toml",
        "payoff_heatmap.svg",
        "ranking.png",
        "report.html",
    ] {
        assert!(
            std::fs::read(folder.join(file)).unwrap() == std::fs::read(merged.join(file)).unwrap(),
            "{file} differs"
        );
    }
}

#[test]
fn an_exact_tournament_refuses_players_that_are_not_finite_state() {
    let dir = scratch("refused");
    let text = DETERMINISTIC
        .replace("NAME", "refused")
        .replace("METHOD", "method = \"exact\"")
        + "[[players]]\nstrategy = \"grudger\"\n";
    let path = dir.join("refused.toml");
    std::fs::write(&path, text).unwrap();
    let out = dilemma(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("match.method") && err.contains("Grudger") && err.contains("refused.toml"),
        "{err}"
    );
    // A sweep, an ecological study and an ecological sweep refuse it too,
    // naming the player.
    for (kind, tail) in [
        (
            "tournament",
            "[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.1]\n",
        ),
        ("ecological", ""),
        (
            "ecological",
            "[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.1]\n",
        ),
    ] {
        let text = DETERMINISTIC
            .replace("NAME", "swept")
            .replace("\"tournament\"", &format!("\"{kind}\""))
            .replace("METHOD", "method = \"exact\"")
            + "[[players]]\nstrategy = \"grudger\"\n"
            + tail;
        std::fs::write(&path, text).unwrap();
        let out = dilemma(&[
            "run",
            path.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{kind} {tail}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("match.method") && err.contains("Grudger"),
            "{kind} {tail}: {err}"
        );
    }
    // Sweeping what an exact tournament does not use is refused, naming the key.
    for key in ["match.repetitions", "seed"] {
        let text = DETERMINISTIC
            .replace("NAME", "inert")
            .replace("METHOD", "method = \"exact\"")
            + &format!("[sweep.x]\nkey = \"{key}\"\nvalues = [1, 2]\n");
        std::fs::write(&path, text).unwrap();
        let out = dilemma(&[
            "run",
            path.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{key}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("sweep.x.key") && err.contains(key) && err.contains("changes nothing"),
            "{err}"
        );
    }
    let text = DETERMINISTIC
        .replace("NAME", "typo")
        .replace("METHOD", "method = \"exakt\"");
    std::fs::write(&path, text).unwrap();
    let out = dilemma(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("simulate"));
}

/// An exact sweep of three players over `key` = `values` with `match`
/// lines, its point folders kept.
fn exact_sweep(name: &str, matches: &str, key: &str, values: &str) -> String {
    format!(
        "name = \"{name}\"\nkind = \"tournament\"\n[match]\nmethod = \"exact\"\n{matches}\n\
         [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"gtft\"\n\
         [[players]]\nstrategy = \"win-stay-lose-shift\"\n[sweep]\npoints = true\n\
         [sweep.x]\nkey = \"{key}\"\nvalues = {values}\n"
    )
}

/// The row of `exact_payoffs.csv` whose row player is `row` and whose
/// column player's name starts with `column`: (score, score_exact).
fn payoff_cell(folder: &std::path::Path, row: &str, column: &str) -> (f64, String) {
    let payoffs = read(&folder.join("exact_payoffs.csv"));
    let line = payoffs
        .lines()
        .find(|l| l.starts_with(&format!("{row},{column}")))
        .unwrap_or_else(|| panic!("{row} v {column} in {payoffs}"));
    let fields: Vec<&str> = line.split(',').collect();
    // A display name with parameters holds no comma here ("GTFT: 0.5").
    (fields[2].parse().unwrap(), fields[3].to_string())
}

#[test]
fn every_point_of_an_exact_sweep_is_the_exact_match_at_that_setting() {
    let dir = scratch("sweep-points");
    // (key, values, the [match] lines, `dilemma exact` options at the
    // second point, the GTFT column's name there).
    let cases = [
        (
            "match.noise",
            "[0.0, 0.05]",
            "turns = 40",
            vec!["--turns", "40", "--noise", "0.05"],
            "GTFT: 0.33",
        ),
        (
            "game.payoffs.T",
            "[4.0, 6.0]",
            "turns = 30\nnoise = 0.1",
            vec!["--turns", "30", "--noise", "0.1", "--payoffs", "3,0,6,1"],
            "GTFT: 0.33",
        ),
        (
            "match.turns",
            "[5, 17]",
            "noise = 0.02",
            vec!["--turns", "17", "--noise", "0.02"],
            "GTFT: 0.33",
        ),
        (
            "match.continuation",
            "[0.5, 0.9]",
            "continuation = 0.8\nnoise = 0.01",
            vec!["--continuation", "0.9", "--noise", "0.01"],
            "GTFT: 0.33",
        ),
        (
            "players.1.p",
            "[0.1, 0.5]",
            "turns = 25\nnoise = 0.05",
            vec!["--turns", "25", "--noise", "0.05"],
            "GTFT: 0.5",
        ),
    ];
    for (k, (key, values, matches, options, gtft)) in cases.into_iter().enumerate() {
        let point = 1;
        let name = format!("swept-{k}");
        let path = dir.join(format!("{name}.toml"));
        let text = if key == "players.1.p" {
            exact_sweep(&name, matches, key, values)
                .replace("strategy = \"gtft\"\n", "strategy = \"gtft\"\np = 0.3\n")
        } else {
            exact_sweep(&name, matches, key, values)
        };
        std::fs::write(&path, text).unwrap();
        ok(&[
            "run",
            path.to_str().unwrap(),
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
        let folder = dir.join(&name);
        let at = folder.join(format!("points/{point}"));
        let gtft_id = if key == "players.1.p" {
            "gtft:p=0.5"
        } else {
            "gtft"
        };
        let mut args = vec!["exact", "tit-for-tat", gtft_id];
        args.extend(options.iter().copied());
        args.push("--json");
        let pair = json(&args);
        let (score, exact) = payoff_cell(&at, "Tit For Tat", gtft);
        assert_eq!(score, pair["score"][0].as_f64().unwrap(), "{key}");
        assert_eq!(exact, pair["score_exact"][0].as_str().unwrap(), "{key}");
        // The other point differs, and sweep.csv carries each point's ranking.
        let (other, _) = payoff_cell(
            &folder.join(format!("points/{}", 1 - point)),
            "Tit For Tat",
            "GTFT",
        );
        assert_ne!(other, score, "{key}");
        let sweep = read(&folder.join("sweep.csv"));
        assert!(
            sweep.starts_with(&format!(
                "point,{key},rank,name,score,score_exact,cooperation\n"
            )),
            "{sweep}"
        );
        assert_eq!(sweep.lines().count(), 1 + 2 * 3, "{sweep}");
        let ranking = read(&at.join("ranking.csv"));
        for line in ranking.lines().skip(1) {
            assert!(
                sweep.contains(&format!(",{line}\n")),
                "{key}: {line} not in\n{sweep}"
            );
        }
        for file in [
            "payoff_matrix.csv",
            "scenario.toml",
            "run.json",
            "sweep_score.png",
            "sweep_rank.png",
        ] {
            let path = if file == "payoff_matrix.csv" {
                at.join(file)
            } else {
                folder.join(file)
            };
            assert!(path.exists(), "{key}: {file}");
        }
    }
}

/// Runs `scenario` whole into `dir/whole`, as one shard and as three
/// shards merged into `dir/merged-1` and `dir/merged-3`; returns the three
/// results folders of `name`.
fn whole_and_merged(dir: &std::path::Path, scenario: &str, name: &str) -> [std::path::PathBuf; 3] {
    let whole = dir.join("whole");
    ok(&["run", scenario, "--quiet", "--out", whole.to_str().unwrap()]);
    let mut merged = Vec::new();
    for count in [1, 3] {
        let shards = dir.join(format!("shards-{count}"));
        for i in 0..count {
            ok(&[
                "run",
                scenario,
                "--quiet",
                "--shard",
                &format!("{i}/{count}"),
                "--out",
                shards.to_str().unwrap(),
            ]);
        }
        let target = dir.join(format!("merged-{count}"));
        let parts: Vec<String> = (0..count)
            .map(|i| {
                shards
                    .join(format!("{name}.shard-{i}-of-{count}"))
                    .to_string_lossy()
                    .to_string()
            })
            .collect();
        let mut args = vec!["merge", "--quiet", "--out", target.to_str().unwrap()];
        args.extend(parts.iter().map(String::as_str));
        ok(&args);
        merged.push(target.join(name));
    }
    [whole.join(name), merged.remove(0), merged.remove(0)]
}

/// Every file of `a` (run.json aside) is byte for byte the same in `b`.
fn same_files(a: &std::path::Path, b: &std::path::Path) -> usize {
    let mut checked = 0;
    let mut stack = vec![a.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.file_name().unwrap() == "run.json" {
                continue;
            }
            let other = b.join(path.strip_prefix(a).unwrap());
            assert!(
                std::fs::read(&path).unwrap() == std::fs::read(&other).unwrap(),
                "{} differs from {}",
                path.display(),
                other.display()
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn an_exact_sweep_and_an_exact_ecological_sweep_split_into_shards_byte_for_byte() {
    let dir = scratch("sweep-shards");
    let text = exact_sweep("split", "turns = 20", "match.noise", "[0.0, 0.05, 0.1]")
        + "[sweep.y]\nkey = \"game.payoffs.T\"\nvalues = [4.0, 5.0]\n";
    let path = dir.join("split.toml");
    std::fs::write(&path, &text).unwrap();
    let [whole, one, three] =
        whole_and_merged(&dir.join("tournament"), path.to_str().unwrap(), "split");
    // sweep.csv, scenario.toml, report.html, 2 charts x 2 formats, 6
    // points x 3 tables.
    assert_eq!(same_files(&whole, &one), 25);
    assert_eq!(same_files(&whole, &three), 25);
    let shard = dir.join("tournament/shards-3/split.shard-1-of-3");
    let rows = read(&shard.join("exact_pairs.csv"));
    assert!(rows.starts_with("point,pair,row,column,states,"), "{rows}");
    assert!(read(&shard.join("manifest.json")).contains("\"exact-sweep\""));
    // An ecological sweep on expected payoffs splits the same way.
    let eco = text
        .replace("kind = \"tournament\"", "kind = \"ecological\"")
        .replace("name = \"split\"", "name = \"eco-split\"")
        + "[dynamics]\nsteps = 30\n";
    let path = dir.join("eco-split.toml");
    std::fs::write(&path, eco).unwrap();
    let [whole, one, three] =
        whole_and_merged(&dir.join("ecological"), path.to_str().unwrap(), "eco-split");
    assert!(same_files(&whole, &one) > 6 * 2);
    assert!(same_files(&whole, &three) > 6 * 2);
    assert!(read(&whole.join("run.json")).contains("\"method\": \"exact\""));
}

#[test]
fn ecological_dynamics_on_exact_payoffs_match_the_played_ones_for_deterministic_players() {
    // Deterministic players, a fixed horizon, no noise: every repetition of
    // a played match is the same, so the played payoff matrix is the
    // expected one (up to the last bit of the mean over repetitions) and
    // so are the shares.
    let dir = scratch("ecological");
    for (name, method) in [
        ("played", "method = \"simulate\"\nrepetitions = 50"),
        ("expected", "method = \"exact\""),
    ] {
        let text = DETERMINISTIC
            .replace("NAME", name)
            .replace("kind = \"tournament\"", "kind = \"ecological\"")
            .replace("repetitions = 2\n", "")
            .replace("METHOD", method)
            + "[dynamics]\nsteps = 300\ninitial = \"random\"\n";
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        ok(&[
            "run",
            path.to_str().unwrap(),
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
    }
    let played = matrix(&dir.join("played/payoff_matrix.csv"));
    let expected = matrix(&dir.join("expected/payoff_matrix.csv"));
    assert_eq!(played.len(), 7);
    for (a, b) in played.iter().flatten().zip(expected.iter().flatten()) {
        assert!((a - b).abs() < 1e-12, "{a} v {b}");
    }
    let shares = |name: &str| matrix(&dir.join(format!("{name}/shares.csv")));
    let (played, expected) = (shares("played"), shares("expected"));
    assert_eq!(played.len(), 301);
    for (a, b) in played.iter().flatten().zip(expected.iter().flatten()) {
        assert!((a - b).abs() < 1e-9, "{a} v {b}");
    }
    // The shares moved: the dynamics did something to compare.
    assert!((played[0][1] - played[300][1]).abs() > 0.01);
    let run = read(&dir.join("expected/run.json"));
    assert!(run.contains("\"method\": \"exact\""), "{run}");
}

#[test]
fn a_moran_process_on_expected_scores_of_deterministic_players_is_the_played_one() {
    // Deterministic players, no noise: the expected total score of a match
    // is the played one, so every run fixes the same type.
    let dir = scratch("moran");
    for method in ["simulate", "exact"] {
        let text = format!(
            "name = \"moran-{method}\"\nkind = \"moran\"\nseed = 4\n[match]\nmethod = \"{method}\"\n\
             turns = 60\n[moran]\nruns = 300\n[[players]]\nstrategy = \"tit-for-tat\"\ncount = 2\n\
             [[players]]\nstrategy = \"defector\"\ncount = 2\n[[players]]\nstrategy = \"alternator\"\n\
             count = 2\n[[players]]\nstrategy = \"evolved-fsm-4\"\ncount = 2\n"
        );
        let path = dir.join(format!("moran-{method}.toml"));
        std::fs::write(&path, text).unwrap();
        ok(&[
            "run",
            path.to_str().unwrap(),
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
    }
    let played = read(&dir.join("moran-simulate/fixation.csv"));
    assert_eq!(played, read(&dir.join("moran-exact/fixation.csv")));
    assert!(read(&dir.join("moran-exact/scenario.toml")).contains("method = \"exact\""));
    // A player that is not finite-state is refused, naming it.
    let text = read(&dir.join("moran-exact.toml")).replace("\"alternator\"", "\"grudger\"");
    let path = dir.join("refused.toml");
    std::fs::write(&path, text).unwrap();
    let out = dilemma(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("match.method") && err.contains("Grudger"),
        "{err}"
    );
}

#[test]
fn an_exact_fixation_matrix_has_every_pair_s_exact_value_and_it_is_the_invasion_one() {
    // Noisy matches: fitness from expected scores makes every pair's Moran
    // chain a birth-death chain with a closed form, the invasion kind's
    // rho for process = "moran", beta = 1 (fitness proportional to the mean
    // payoff against the others, as the total score is).
    let dir = scratch("fixation");
    let scenario = "scenarios/fixation-exact-noise.toml";
    let [whole, one, three] = whole_and_merged(&dir, scenario, "fixation-exact-noise");
    assert!(same_files(&whole, &one) >= 4);
    assert!(same_files(&whole, &three) >= 4);
    let text = read(std::path::Path::new(scenario))
        .replace("kind = \"fixation\"", "kind = \"invasion\"")
        .replace(
            "name = \"fixation-exact-noise\"",
            "name = \"invasion-moran\"",
        );
    let fixation_table = text.find("[fixation]").unwrap();
    let end = text[fixation_table..].find("\n\n").unwrap() + fixation_table;
    let text = text[..fixation_table].to_string()
        + "[population]\nsize = 10\n[selection]\nprocess = \"moran\"\nbeta = 1.0\n"
        + &text[end..];
    let path = dir.join("invasion-moran.toml");
    std::fs::write(&path, text).unwrap();
    ok(&[
        "run",
        path.to_str().unwrap(),
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let invasion = read(&dir.join("invasion-moran/fixation.csv"));
    let rho = |resident: &str, mutant: &str| -> f64 {
        let line = invasion
            .lines()
            .find(|l| l.starts_with(&format!("{resident},{mutant},")))
            .unwrap();
        line.split(',').nth(2).unwrap().parse().unwrap()
    };
    let matrix = read(&whole.join("fixation_matrix.csv"));
    let mut pairs = 0;
    for line in matrix.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (mutant, resident) = (f[0], f[1]);
        let runs: f64 = f[2].parse().unwrap();
        let estimate: f64 = f[4].parse().unwrap();
        let exact: f64 = f[7].parse().unwrap();
        assert!((exact - rho(resident, mutant)).abs() < 1e-12, "{line}");
        let sd = (exact * (1.0 - exact) / runs).sqrt().max(1.0 / runs);
        assert!((estimate - exact).abs() < 4.5 * sd, "{line}");
        pairs += 1;
    }
    assert_eq!(pairs, 30);
}

#[test]
fn dilemma_fingerprint_writes_the_grid_and_its_heat_map() {
    let dir = scratch("fingerprint");
    let out = dir.to_str().unwrap();
    ok(&[
        "fingerprint",
        "wsls",
        "--step",
        "0.25",
        "--turns",
        "20",
        "--quiet",
        "--out",
        out,
    ]);
    let folder = dir.join("ashlock-fingerprint-win-stay-lose-shift");
    let csv = read(&folder.join("fingerprint.csv"));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "x,y,score");
    assert_eq!(lines.len(), 1 + 25);
    // At (0, 0) the probe is Tit For Tat: WSLS and TFT cooperate throughout.
    assert_eq!(lines[1], "0,0,3");
    assert!(lines[2].starts_with("0,0.25,"), "{}", lines[2]);
    assert!(folder.join("fingerprint.png").exists() && folder.join("fingerprint.svg").exists());
    let scenario = read(&folder.join("scenario.toml"));
    assert!(scenario.contains("method = \"exact\""), "{scenario}");
    // The transitive one: Tit For Tat copies Random(p), so it cooperates
    // with probability p from turn 2.
    ok(&[
        "fingerprint",
        "tit-for-tat",
        "--transitive",
        "--opponents",
        "5",
        "--turns",
        "4",
        "--quiet",
        "--out",
        out,
    ]);
    let csv = read(&dir.join("transitive-fingerprint-tit-for-tat/fingerprint.csv"));
    assert!(
        csv.starts_with("opponent,turn,cooperation\n0,1,1\n0,2,0\n"),
        "{csv}"
    );
    assert!(csv.contains("\n0.25,3,0.25\n"), "{csv}");
}

#[test]
fn an_atlas_fingerprints_every_strategy_of_its_list() {
    let dir = scratch("atlas");
    let path = dir.join("atlas.toml");
    std::fs::write(
        &path,
        "name = \"atlas\"\nkind = \"fingerprint\"\n[fingerprint]\n\
         strategies = [\"tit-for-tat\", \"grudger\"]\nstep = 0.5\nturns = 10\nrepetitions = 50\n",
    )
    .unwrap();
    ok(&[
        "run",
        path.to_str().unwrap(),
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let folder = dir.join("atlas");
    let csv = read(&folder.join("fingerprint.csv"));
    assert!(
        csv.starts_with("strategy,x,y,score\nTit For Tat,0,0,3\n"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 1 + 2 * 9);
    // Grudger is not finite-state: the atlas is simulated.
    assert!(read(&folder.join("run.json")).contains("\"method\": \"simulated\""));
    // One folder per strategy: its own fingerprint.csv (no strategy column)
    // and heat map; the contact sheet of both at the top.
    for (sub, name) in [
        ("001-tit-for-tat", "Tit For Tat"),
        ("002-grudger", "Grudger"),
    ] {
        let own = read(&folder.join(sub).join("fingerprint.csv"));
        assert!(own.starts_with("x,y,score\n"), "{own}");
        assert_eq!(own.lines().count(), 1 + 9);
        // The same rows as the atlas's, without the strategy column.
        for line in own.lines().skip(1) {
            assert!(csv.contains(&format!("\n{name},{line}\n")), "{sub}: {line}");
        }
        for ext in ["png", "svg"] {
            assert!(folder.join(sub).join(format!("fingerprint.{ext}")).exists());
        }
    }
    assert!(folder.join("contact_sheet.png").exists() && folder.join("contact_sheet.svg").exists());
    assert!(!folder.join("fingerprint.png").exists());
    // The page shows the contact sheet and lists every strategy's chart.
    let page = read(&folder.join("report.html"));
    // The sheet is inside the page (report.html embeds its charts).
    assert!(page.contains("<figure id=\"contact_sheet\">"), "{page}");
    assert!(page.contains("001-tit-for-tat/fingerprint.png"), "{page}");
    assert!(page.contains("002-grudger/fingerprint.svg"), "{page}");
}

/// Every file under `dir` (relative paths, sorted) but `run.json`, which
/// holds the thread count and timings.
fn files_but_run_json(dir: &std::path::Path) -> Vec<String> {
    fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &format!("{name}/"), out);
            } else if name != "run.json" {
                out.push(name);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort();
    out
}

const FIVE: &str = "name = \"NAME\"\nkind = \"fingerprint\"\nseed = 9\n[fingerprint]\n\
    TYPE\nstrategies = [\"tit-for-tat\", \"win-stay-lose-shift\", \"gtft\", \"evolved-fsm-4\", \
    \"evolved-fsm-16-noise-05\"]\nturns = 12\nrepetitions = 6\nmethod = \"METHOD\"\n";

#[test]
fn a_fingerprint_atlas_in_three_shards_merges_into_the_single_run() {
    let dir = scratch("fingerprint-shards");
    for (name, kind, method) in [
        ("ashlock-exact", "step = 0.25", "exact"),
        ("ashlock-simulated", "step = 0.25", "simulate"),
        (
            "transitive-simulated",
            "type = \"transitive\"\nopponents = 4",
            "simulate",
        ),
    ] {
        let text = FIVE
            .replace("NAME", name)
            .replace("TYPE", kind)
            .replace("METHOD", method);
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        let scenario = path.to_str().unwrap();
        let whole = dir.join("whole");
        ok(&["run", scenario, "--quiet", "--out", whole.to_str().unwrap()]);
        let shards = dir.join(format!("shards-{name}"));
        let parts: Vec<String> = (0..3)
            .map(|i| {
                let out = ok(&[
                    "run",
                    scenario,
                    "--json",
                    "--shard",
                    &format!("{i}/3"),
                    "--out",
                    shards.to_str().unwrap(),
                ]);
                assert!(out.contains("row_ids"), "{out}");
                shards
                    .join(format!("{name}.shard-{i}-of-3"))
                    .to_string_lossy()
                    .to_string()
            })
            .collect();
        // Units are rows of every strategy's grid: 5 x 5 (Ashlock at 0.25)
        // or 5 x 4 (four opponents), split 3 ways.
        let rows = read(&std::path::Path::new(&parts[1]).join("fingerprint_rows.csv"));
        let units = if kind.contains("transitive") { 20 } else { 25 };
        assert_eq!(
            rows.lines().count() - 1,
            units / 3 + usize::from(units % 3 > 1)
        );
        let merged = dir.join("merged");
        let mut args = vec![
            "merge",
            "--quiet",
            "--verify",
            "9",
            "--out",
            merged.to_str().unwrap(),
        ];
        args.extend(parts.iter().map(String::as_str));
        ok(&args);
        let (whole, merged) = (whole.join(name), merged.join(name));
        let files = files_but_run_json(&whole);
        assert_eq!(files, files_but_run_json(&merged), "{name}");
        assert!(files.contains(&"005-evolved-fsm-16-noise-05/fingerprint.png".into()));
        assert!(
            files.contains(&"contact_sheet.svg".to_string()),
            "{files:?}"
        );
        for file in &files {
            assert!(
                std::fs::read(whole.join(file)).unwrap()
                    == std::fs::read(merged.join(file)).unwrap(),
                "{name}: {file} differs"
            );
        }
    }
}

/// A PNG's width and height, from its IHDR chunk.
fn png_size(path: &std::path::Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap();
    let at = |k: usize| u32::from_be_bytes(bytes[k..k + 4].try_into().unwrap());
    (at(16), at(20))
}

#[test]
fn the_contact_sheet_has_the_size_the_work_model_counts_and_fits_a_page() {
    use dilemma::output::fingerprint_files::{Describe, Layout, natural_sizes};
    let dir = scratch("contact-sheet");
    let names: Vec<String> = [
        "Tit For Tat",
        "Win-Stay Lose-Shift",
        "GTFT: 0.33",
        "Evolved FSM 4",
        "Evolved FSM 16 Noise 05",
    ]
    .map(String::from)
    .to_vec();
    let describe = Describe {
        probe: "Tit For Tat",
        turns: 12,
        method: "exact",
    };
    let natural = natural_sizes(Layout::Ashlock { points: 5 }, &describe, &names);
    assert_eq!(natural.len(), 2);
    for (name, output, want) in [
        ("natural", "", natural[1]),
        (
            "doubled",
            "[output]\ndpi = 192\n",
            (natural[1].0 * 2, natural[1].1 * 2),
        ),
        (
            "narrow",
            "[output]\nwidth = 900\nformat = \"png\"\n",
            (
                900,
                (f64::from(natural[1].1) * 900.0 / f64::from(natural[1].0)).round() as u32,
            ),
        ),
    ] {
        let text = FIVE
            .replace("NAME", name)
            .replace("TYPE", "step = 0.25")
            .replace("METHOD", "exact")
            + output;
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(&path, text).unwrap();
        ok(&[
            "run",
            path.to_str().unwrap(),
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ]);
        let sheet = dir.join(name).join("contact_sheet.png");
        let (w, h) = png_size(&sheet);
        assert_eq!((w, h), want, "{name}");
        // A page: no taller than A4 portrait's proportions.
        assert!(
            f64::from(h) <= std::f64::consts::SQRT_2 * f64::from(w),
            "{name}: {w} x {h}"
        );
        let svg = !output.contains("format = \"png\"");
        assert_eq!(dir.join(name).join("contact_sheet.svg").exists(), svg);
        // The heat map of the strategy with the longest name (the widest
        // title): the size the work model counts too.
        let heat = dir
            .join(name)
            .join("005-evolved-fsm-16-noise-05/fingerprint.png");
        if output.is_empty() {
            assert_eq!(png_size(&heat), natural[0]);
        }
    }
    // strategies = "all": every finite-state strategy, exact (charts off
    // here: 80 heat maps take long in a debug build; the contact sheet of
    // 79 tiles is checked against the page in output/charts/contact_sheet.rs).
    let all = dir.join("all.toml");
    std::fs::write(
        &all,
        "name = \"all\"\nkind = \"fingerprint\"\n[fingerprint]\nstrategies = \"all\"\n\
         step = 0.5\nturns = 5\n[output]\ncharts = false\n",
    )
    .unwrap();
    let summary = json(&[
        "run",
        all.to_str().unwrap(),
        "--json",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let count = summary["summary"].as_array().map_or(0, Vec::len);
    assert!(count >= 70, "{summary}");
    let folder = dir.join("all");
    assert!(read(&folder.join("scenario.toml")).contains("strategies = \"finite\""));
    assert!(read(&folder.join("run.json")).contains("\"method\": \"exact\""));
    assert!(
        folder
            .join(format!("{count:03}-zd-mem2/fingerprint.csv"))
            .exists()
    );
}

#[test]
fn all_strategies_simulated_is_refused_with_the_reason() {
    let dir = scratch("all-simulated");
    for (name, extra, words) in [
        (
            "explicit",
            "method = \"simulate\"\n",
            "with method = \"simulate\"",
        ),
        ("probe", "probe = \"grudger\"\n", "Grudger"),
    ] {
        let path = dir.join(format!("{name}.toml"));
        std::fs::write(
            &path,
            format!(
                "name = \"{name}\"\nkind = \"fingerprint\"\n[fingerprint]\nstrategies = \"all\"\n\
                 step = 0.5\n{extra}"
            ),
        )
        .unwrap();
        let out = dilemma(&[
            "run",
            path.to_str().unwrap(),
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        for needle in [
            "fingerprint.strategies",
            "\"all\"",
            "\"finite\"",
            words,
            &format!("{name}.toml:4:"),
        ] {
            assert!(err.contains(needle), "{name}: {needle}: {err}");
        }
    }
}

#[test]
fn fingerprint_mistakes_exit_2_naming_the_option() {
    for (args, words) in [
        (vec!["fingerprint", "wsls", "--step", "0"], "--step"),
        (
            vec!["fingerprint", "grudger", "--method", "exact"],
            "Grudger",
        ),
        (vec!["fingerprint", "no-such-one"], "no-such-one"),
        (vec!["fingerprint", "wsls", "--probe", "nope"], "nope"),
    ] {
        let out = dilemma(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(words) && !err.contains(":10:"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn the_catalogue_says_which_strategies_are_exact() {
    let tft = json(&["strategies", "tit-for-tat", "--json"]);
    assert_eq!(tft["exact"], true);
    assert_eq!(tft["exact_states"], 2);
    let grudger = json(&["strategies", "grudger", "--json"]);
    assert_eq!(grudger["exact"], false);
    assert!(
        grudger["exact_refusal"]
            .as_str()
            .unwrap()
            .contains("whole match")
    );
    let page = ok(&["strategies", "evolved-fsm-16"]);
    assert!(
        page.contains("exact:          yes, a 16-state machine"),
        "{page}"
    );
    let listing = ok(&["strategies", "--exact"]);
    assert!(
        listing.contains("tit-for-tat ") && listing.contains("zd-extort-2"),
        "{listing}"
    );
    assert!(!listing.contains("grudger "), "{listing}");
    for line in listing.lines() {
        assert!(line.chars().count() <= 80, "{line}");
    }
}

#[test]
fn an_invasion_study_takes_exact_payoffs() {
    let dir = scratch("invasion");
    ok(&[
        "run",
        "scenarios/invasion-exact.toml",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let folder = dir.join("invasion-exact");
    let table = read(&folder.join("payoff_matrix.csv"));
    let header: Vec<&str> = table.lines().next().unwrap().split(',').collect();
    let wsls = header
        .iter()
        .position(|h| *h == "Win-Stay Lose-Shift")
        .unwrap();
    let tft_row: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("Tit For Tat,"))
        .unwrap()
        .split(',')
        .collect();
    let pair = json(&[
        "exact",
        "tft",
        "wsls",
        "--continuation",
        "0.99",
        "--noise",
        "0.01",
        "--json",
    ]);
    let want = pair["score"][0].as_f64().unwrap();
    let got: f64 = tft_row[wsls].parse().unwrap();
    assert!((got - want).abs() < 1e-12, "{got} v {want}");
    assert!(read(&folder.join("stationary.csv")).lines().count() == 1 + 8);
}

/// axelrod 4.14's fingerprints (tests/data/fingerprint_reference.json, made
/// by tests/data/generate_fingerprint_reference.py: Ashlock with probe Tit
/// For Tat, step 0.25, 20 turns; transitive against Random(p), p = 0 ..
/// 1 in 5 steps, 10 turns; 2000 repetitions each): our exact values lie
/// within 4 standard errors of axelrod's means, and our simulated ones (for
/// Grudger, which is not finite-state) within 4 standard errors of the
/// difference of two means.
#[test]
fn fingerprints_agree_with_axelrod_in_distribution() {
    use dilemma::exact::fingerprint::{
        ashlock_exact, ashlock_simulated, linspace, points, transitive_exact,
    };
    use dilemma::exact::reading::{Reading, machine_of};
    use dilemma::ipd::payoffs::Payoffs;
    use dilemma::scenario::strategy_file::{Chain, resolve_text};
    let reference: Value = serde_json::from_str(&read(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/fingerprint_reference.json"
    ))))
    .unwrap();
    let player =
        |name: &str| resolve_text(name, std::path::Path::new("."), &mut Chain::default()).unwrap();
    let reading = Reading {
        payoffs: Payoffs::STANDARD,
        length_known: true,
    };
    let ashlock = &reference["ashlock"];
    let n = ashlock["repetitions"].as_f64().unwrap();
    let grid = points(0.25);
    let probe = player("tit-for-tat");
    let probe_machine = machine_of(&probe, &reading).unwrap();
    let mut compared = 0;
    for s in ashlock["strategies"].as_array().unwrap() {
        let name = s["axelrod_name"].as_str().unwrap();
        let strategy = player(name);
        let (ours, spread) = match machine_of(&strategy, &reading) {
            Ok(m) => (
                ashlock_exact(&m, &probe_machine, &grid, 20, Payoffs::STANDARD),
                1.0,
            ),
            Err(_) => (
                ashlock_simulated(&strategy, &probe, &grid, 20, 2000, Payoffs::STANDARD, 5),
                2f64.sqrt(),
            ),
        };
        for (k, (mine, (mean, sd))) in ours
            .iter()
            .zip(
                s["mean"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .zip(s["sd"].as_array().unwrap()),
            )
            .enumerate()
        {
            let (mean, sd) = (mean.as_f64().unwrap(), sd.as_f64().unwrap());
            let bound = 4.0 * spread * sd / n.sqrt() + 1e-9;
            assert!(
                (mine - mean).abs() <= bound,
                "{name} at {:?}: ours {mine}, axelrod {mean} (sd {sd})",
                grid[k]
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 6 * 25);
    let transitive = &reference["transitive"];
    let n = transitive["repetitions"].as_f64().unwrap();
    let ps = linspace(5);
    let opponents: Vec<_> = ps
        .iter()
        .map(|p| machine_of(&player(&format!("random:p={p}")), &reading).unwrap())
        .collect();
    for s in transitive["strategies"].as_array().unwrap() {
        let name = s["name"].as_str().unwrap();
        let id = match name {
            "TitForTat" => "tit-for-tat",
            "WinStayLoseShift" => "win-stay-lose-shift",
            _ => "gtft",
        };
        let ours = transitive_exact(&machine_of(&player(id), &reading).unwrap(), &opponents, 10);
        for (row, theirs) in ours.iter().zip(s["data"].as_array().unwrap()) {
            for (mine, theirs) in row.iter().zip(theirs.as_array().unwrap()) {
                let theirs = theirs.as_f64().unwrap();
                let bound = 4.0 * (mine * (1.0 - mine) / n).sqrt() + 1e-9;
                assert!((mine - theirs).abs() <= bound, "{name}: {mine} v {theirs}");
            }
        }
    }
}
