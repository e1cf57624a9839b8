//! Terminal output fits 80 columns by default (counted in characters, not
//! bytes): `dilemma run` on several kinds (among them a tournament of 100+
//! players with long names), `strategies`, `match`, `travelers`, `pirates`
//! and `guess`; `--wide` gives the full text back.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dilemma-cli-columns-{test}-{}", std::process::id()));
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

/// Standard output as text, after checking that no line exceeds 80 characters.
fn fits(args: &[&str]) -> String {
    let text = String::from_utf8(dilemma(args).stdout).unwrap();
    assert!(!text.trim().is_empty(), "{args:?} printed nothing");
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "{args:?}: a line of {} characters:\n{line}",
            line.chars().count()
        );
    }
    text
}

fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// (travelers: in `run_on_travelers_prints_the_travelers_summary`.)
#[test]
fn run_fits_80_columns_on_every_kind_tried() {
    let dir = scratch("kinds");
    let out = dir.to_str().unwrap();
    for scenario in [
        "scenarios/axelrod-second.toml",
        "scenarios/game-battle-of-the-sexes.toml",
        "scenarios/guess-two-thirds.toml",
        "scenarios/pirates-stewart-500.toml",
        "scenarios/moran-neutral.toml",
        "scenarios/impartial-coloring.toml",
        "scenarios/pigs-food-cost-map.toml",
        "scenarios/nowak-may.toml",
        "scenarios/ecological.toml",
    ] {
        let text = fits(&["run", scenario, "--out", out]);
        assert!(text.contains("results written to"), "{scenario}: {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_on_travelers_prints_the_travelers_summary() {
    let dir = scratch("travelers");
    let out = dir.to_str().unwrap();
    let run = fits(&["run", "scenarios/travelers-qre.toml", "--out", out]);
    let command = fits(&["travelers"]);
    // The scenario is the default game (2..100, R = 2): the same summary up
    // to the mean-claim-by-bonus lines, whose bonuses the scenario chooses.
    let head = |t: &str| t.split("Logit QRE at").next().unwrap().to_string();
    assert_eq!(head(&run), head(&command));
    assert!(run.contains("Nash equilibrium: both claim 2"), "{run}");
    assert!(!run.contains("Round 1: remove"), "{run}");
    assert!(run.lines().count() < 80, "{run}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tournament of the 110 longest-named strategies that are neither
/// stochastic nor composite (names up to ~40 characters), 5 turns a match.
fn long_names_tournament(dir: &std::path::Path) -> (PathBuf, Vec<String>) {
    let list: Vec<serde_json::Value> =
        serde_json::from_slice(&dilemma(&["strategies", "--json"]).stdout).unwrap();
    let mut picked: Vec<(String, String)> = list
        .iter()
        .filter(|s| s["stochastic"] == false && !s["name"].as_str().unwrap().starts_with("Meta"))
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_string(),
                s["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    picked.sort_by_key(|(_, name)| std::cmp::Reverse(name.chars().count()));
    picked.truncate(110);
    let mut toml = String::from(
        "name = \"long-names\"\nkind = \"tournament\"\nseed = 1\n\n[match]\nturns = 5\nrepetitions = 1\n\n[output]\ncharts = false\n",
    );
    for (id, _) in &picked {
        toml += &format!("\n[[players]]\nstrategy = \"{id}\"\n");
    }
    let path = dir.join("long-names.toml");
    std::fs::write(&path, toml).unwrap();
    (path, picked.into_iter().map(|(_, name)| name).collect())
}

#[test]
fn a_tournament_of_110_long_names_fits_and_wide_shows_them_whole() {
    let dir = scratch("long");
    let (scenario, names) = long_names_tournament(&dir);
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap();
    assert!(longest > 35, "the longest name has {longest} characters");
    let out = dir.join("out");
    let (scenario, out) = (scenario.to_str().unwrap(), out.to_str().unwrap());
    let text = fits(&["run", scenario, "--out", out]);
    assert!(text.contains("110 players, 1 repetition, "), "{text}");
    assert!(text.contains('…'), "{text}");
    assert!(text.lines().count() >= 110 + 3, "{text}");
    let wide =
        String::from_utf8(dilemma(&["run", scenario, "--out", out, "--wide"]).stdout).unwrap();
    assert!(widest(&wide) > 80);
    let full = names.iter().find(|n| n.chars().count() == longest).unwrap();
    assert!(wide.contains(full.as_str()), "{full} missing from\n{wide}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn commands_fit_80_columns() {
    let strategies = fits(&["strategies"]);
    assert!(strategies.contains("Tit For Tat"));
    let game = fits(&[
        "match",
        "first-by-stein-and-rapoport",
        "memory-decay",
        "--turns",
        "200",
    ]);
    assert!(game.contains("scores "), "{game}");
    assert!(game.contains("First by Stein and Rapoport"), "{game}");
    let travelers = fits(&["travelers"]);
    assert!(travelers.contains("Best-response dynamics from 100: 100 -> 99"));
    let pirates = fits(&["pirates", "--pirates", "500", "--coins", "100"]);
    assert!(pirates.contains("Answer: "), "{pirates}");
    fits(&["pirates", "--pirates", "5", "--coins", "100"]);
    let guess = fits(&["guess"]);
    assert!(guess.contains("Level-k"), "{guess}");
    fits(&["game", "travelers"]);
    fits(&["game", "rock-paper-scissors"]);
    fits(&["pigs"]);
    fits(&["solve", "nim", "3", "4", "5"]);
}

#[test]
fn wide_lifts_the_limit_for_prose() {
    let wide = String::from_utf8(dilemma(&["travelers", "--wide"]).stdout).unwrap();
    let line = wide
        .lines()
        .find(|l| l.starts_with("Best-response dynamics"))
        .unwrap();
    assert!(line.ends_with("3 -> 2 -> 2"), "{line}");
    assert!(line.chars().count() > 80);
}
