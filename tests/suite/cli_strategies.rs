//! `dilemma strategies`: filters, one strategy in full, JSON, bad input.

use std::process::{Command, Output};

fn dilemma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn json(args: &[&str]) -> Vec<serde_json::Value> {
    let output = dilemma(args);
    assert!(output.status.success(), "{args:?}");
    serde_json::from_slice::<serde_json::Value>(&output.stdout)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

fn ids(list: &[serde_json::Value]) -> Vec<String> {
    list.iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn filters_select_by_classifier() {
    let all = json(&["strategies", "--json"]);
    let deterministic = json(&["strategies", "--deterministic", "--json"]);
    let stochastic = json(&["strategies", "--stochastic", "--json"]);
    assert_eq!(deterministic.len() + stochastic.len(), all.len());
    assert!(deterministic.iter().all(|s| s["stochastic"] == false));
    assert!(stochastic.iter().all(|s| s["stochastic"] == true));
    assert!(ids(&deterministic).contains(&"tit-for-tat".to_string()));
    assert!(ids(&stochastic).contains(&"random".to_string()));

    let memory_one = json(&["strategies", "--memory-depth", "1", "--json"]);
    assert!(!memory_one.is_empty());
    assert!(memory_one.iter().all(|s| s["memory_depth"] == 1));
    let unbounded = json(&["strategies", "--memory-depth", "inf", "--json"]);
    assert!(unbounded.iter().all(|s| s["memory_depth"].is_null()));
    assert!(ids(&unbounded).contains(&"grudger".to_string()));
    let short = json(&["strategies", "--max-memory-depth", "2", "--json"]);
    assert!(
        short
            .iter()
            .all(|s| s["memory_depth"].as_u64().is_some_and(|d| d <= 2))
    );

    let both = json(&[
        "strategies",
        "--deterministic",
        "--memory-depth",
        "1",
        "--json",
    ]);
    assert!(both.len() < memory_one.len());
    assert!(
        both.iter()
            .all(|s| s["memory_depth"] == 1 && s["stochastic"] == false)
    );

    let length = json(&["strategies", "--uses-length", "--json"]);
    assert!(!length.is_empty() && length.iter().all(|s| s["uses_length"] == true));
    let payoffs = json(&["strategies", "--uses-payoffs", "--json"]);
    assert!(payoffs.iter().all(|s| s["uses_payoffs"] == true));
    assert!(ids(&payoffs).contains(&"zd-extort-2".to_string()));
}

#[test]
fn search_finds_words_in_names_and_rules() {
    let found = json(&["strategies", "--search", "suspicious", "--json"]);
    assert!(ids(&found).contains(&"suspicious-tit-for-tat".to_string()));
    let none = json(&["strategies", "--search", "xyzzy", "--json"]);
    assert!(none.is_empty());
    let text = String::from_utf8(dilemma(&["strategies", "--search", "xyzzy"]).stdout).unwrap();
    assert!(text.contains("No strategy matches"), "{text}");
}

#[test]
fn the_table_counts_what_it_shows() {
    let output = dilemma(&["strategies", "--stochastic"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let built_in =
        |list: Vec<serde_json::Value>| list.iter().filter(|s| s["file"].is_null()).count();
    let stochastic = built_in(json(&["strategies", "--stochastic", "--json"]));
    let all = built_in(json(&["strategies", "--json"]));
    assert!(
        text.contains(&format!("{stochastic} of {all} strategies")),
        "{text}"
    );
    assert!(text.contains("Random") && !text.contains("\ntit-for-tat "));
}

#[test]
fn one_strategy_in_full() {
    let output = dilemma(&["strategies", "random"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for expected in [
        "Random (random)",
        "Random: 0.5",
        "Source:",
        "Cooperates with probability p",
        "stochastic:     yes",
        "p = 0.5 (from 0.0 to 1.0)",
        "strategy = \"random\"",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    // By alias or axelrod name, too.
    let by_name = dilemma(&["strategies", "Tit For Tat", "--json"]);
    assert!(by_name.status.success());
    let value: serde_json::Value = serde_json::from_slice(&by_name.stdout).unwrap();
    assert_eq!(value["id"], "tit-for-tat");
    assert_eq!(value["memory_depth"], 1);
    assert_eq!(value["default_display_name"], "Tit For Tat");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let unknown = dilemma(&["strategies", "tit-for-tatt"]);
    assert_eq!(unknown.status.code(), Some(2));
    let message = String::from_utf8_lossy(&unknown.stderr);
    assert!(message.contains("tit-for-tatt") && message.contains("did you mean `tit-for-tat`"));

    let depth = dilemma(&["strategies", "--memory-depth", "two"]);
    assert_eq!(depth.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&depth.stderr).contains("allowed"));

    let both = dilemma(&["strategies", "--deterministic", "--stochastic"]);
    assert_eq!(both.status.code(), Some(2));

    let id_and_filter = dilemma(&["strategies", "random", "--deterministic"]);
    assert_eq!(id_and_filter.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&id_and_filter.stderr).contains("not both"));
    for output in [unknown, depth, both, id_and_filter] {
        assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    }
}

#[test]
fn strategy_files_are_listed_filtered_and_shown() {
    let all = json(&["strategies", "--json"]);
    let files: Vec<&serde_json::Value> = all.iter().filter(|s| s["file"].is_string()).collect();
    let shipped = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/strategies"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "toml")
        })
        .count();
    assert_eq!(files.len(), shipped);
    let fsm = files
        .iter()
        .find(|s| s["id"] == "fsm-tit-for-two-tats")
        .unwrap();
    assert_eq!(fsm["memory_depth"], 2);
    assert_eq!(fsm["stochastic"], false);
    assert_eq!(fsm["definition_kind"], "fsm");

    // Filters apply to files with the classifiers computed from their data.
    let stochastic = json(&["strategies", "--stochastic", "--json"]);
    let stochastic_files = ids(&stochastic);
    assert!(stochastic_files.contains(&"memory-one-gtft".to_string()));
    assert!(!stochastic_files.contains(&"fsm-tit-for-two-tats".to_string()));

    let output = dilemma(&["strategies", "fsm-tit-for-two-tats"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for expected in [
        "Strategy file: strategies/fsm-tit-for-two-tats.toml (fsm definition)",
        "memory depth:   2",
        "kind = \"fsm\"",
        "strategy = \"fsm-tit-for-two-tats\"",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    let table = String::from_utf8(dilemma(&["strategies"]).stdout).unwrap();
    assert!(table.contains("Strategy files in strategies/"), "{table}");
    let wide = String::from_utf8(dilemma(&["strategies", "--wide"]).stdout).unwrap();
    assert!(wide.contains("strategy files in strategies/"), "{wide}");
}

#[test]
fn the_listing_fits_80_columns_grouped_by_family_and_wide_shows_everything() {
    let table = String::from_utf8(dilemma(&["strategies"]).stdout).unwrap();
    for line in table.lines() {
        assert!(line.chars().count() <= 80, "over 80 columns: {line:?}");
    }
    for expected in [
        "Axelrod's second tournament (24)",
        "  omega-tft ",
        "Omega TFT: 3, 8",
        "Finite state machines",
        "SLPT",
    ] {
        assert!(table.contains(expected), "missing {expected:?} in\n{table}");
    }
    // Stalker: stochastic, uses the length and the payoffs.
    let stalker = table.lines().find(|l| l.starts_with("  stalker ")).unwrap();
    assert!(stalker.ends_with("SLP-"), "{stalker}");
    let wide = String::from_utf8(dilemma(&["strategies", "--wide"]).stdout).unwrap();
    assert!(
        wide.contains("deadlock_threshold=3, randomness_threshold=8"),
        "{wide}"
    );
}

#[test]
fn a_broken_strategy_file_is_skipped_with_a_warning() {
    let dir = std::env::temp_dir().join(format!("dilemma-strategies-list-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("strategies")).unwrap();
    std::fs::write(
        dir.join("strategies/good.toml"),
        "kind = \"cycle\"\nname = \"Good\"\ncycle = \"CD\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("strategies/bad.toml"),
        "kind = \"cycle\"\nname = \"Bad\"\ncycle = \"CX\"\n",
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(&dir)
        .args(["strategies", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let list: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    let names = ids(&list);
    assert!(names.contains(&"good".to_string()) && !names.contains(&"bad".to_string()));
    let warning = String::from_utf8_lossy(&output.stderr);
    assert!(
        warning.contains("bad.toml") && warning.contains("warning"),
        "{warning}"
    );
    // Asking for the broken one by name shows its mistake, exit 2.
    let shown = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(&dir)
        .args(["strategies", "strategies/bad.toml"])
        .output()
        .unwrap();
    assert_eq!(shown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&shown.stderr).contains("bad.toml:3:"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A folder of strategy files that transform one another in a chain (31
/// levels, within MAX_NESTING) is listed whole, each file read once (it was
/// re-read for every file naming it: quadratic in the number of files).
#[test]
fn a_chain_of_strategy_files_is_listed_whole() {
    let d = std::env::temp_dir().join(format!("dilemma-chain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("strategies")).unwrap();
    std::fs::write(
        d.join("strategies/t0.toml"),
        "kind = \"cycle\"\nname = \"T0\"\ncycle = \"CD\"\n",
    )
    .unwrap();
    for i in 1..=30 {
        std::fs::write(
            d.join(format!("strategies/t{i}.toml")),
            format!(
                "kind = \"transformed\"\nname = \"T{i}\"\nstrategy = \"t{}\"\n[[transformers]]\nkind = \"flip\"\n",
                i - 1
            ),
        )
        .unwrap();
    }
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(&d)
        .args(["strategies", "--json"])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let list: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    let names: Vec<&str> = list.iter().filter_map(|s| s["name"].as_str()).collect();
    for i in 0..=30 {
        assert!(
            names.contains(&format!("T{i}").as_str()),
            "T{i} in {names:?}"
        );
    }
    // Thirty flips of C D C D...: an even number gives the cycle back.
    let t30 = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(&d)
        .args(["match", "t30", "cooperator", "--turns", "4"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&t30.stdout);
    assert!(text.contains("T30: CDCD"), "{text}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn the_gtft_page_explains_why_it_uses_payoffs_with_a_fixed_p() {
    let output = dilemma(&["strategies", "gtft"]);
    assert!(output.status.success());
    let page = String::from_utf8(output.stdout).unwrap();
    assert!(page.contains("uses payoffs:   yes"), "{page}");
    // The rule says where the payoffs come in and that the match's do not.
    let rule: String = page.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        rule.contains(
            "\"Uses payoffs: yes\" is axelrod's classifier: p is computed from payoffs, \
             but from the standard ones when the player is made, never from the match's"
        ),
        "{page}"
    );
    assert!(rule.contains("`gtft-from-payoffs` computes g from the match's payoffs"));
    assert!(page.lines().all(|l| l.chars().count() <= 80), "{page}");
}
