//! The shipped strategy files in `strategies/` play as their published
//! rules: deterministic ones move for move as the axelrod library's
//! equivalent (`tests/data/axelrod_strategy_files.json`, made by
//! `tests/data/generate_axelrod_strategy_files.py` with axelrod 4.14.0)
//! against every deterministic catalogue player, over 1, 10 and 200 turns
//! under two payoff matrices; stochastic ones match in distribution.

use dilemma::ipd::play::{MatchSettings, MoveList, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::find;
use dilemma::ipd::{Action, Horizon, Payoffs, Player, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A shipped file by name, found as a scenario in the repository would.
fn file(name: &str) -> Player {
    resolve_text(name, &root(), &mut Chain::default())
        .unwrap_or_else(|e| panic!("{name}: {}", e.text(name)))
}

fn built_in(id: &str) -> Player {
    PlayerSpec::new(id).build().unwrap()
}

fn unrle(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(letter) = chars.next() {
        let mut count = String::new();
        while let Some(digit) = chars.next_if(|c| c.is_ascii_digit()) {
            count.push(digit);
        }
        let n: usize = if count.is_empty() {
            1
        } else {
            count.parse().unwrap()
        };
        out.extend(std::iter::repeat_n(letter, n));
    }
    out
}

fn play(
    a: &Player,
    b: &Player,
    turns: u32,
    payoffs: Payoffs,
    seed: u64,
) -> (Vec<Action>, Vec<Action>) {
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs,
    };
    let mut list = MoveList::default();
    play_match(
        &a.prototype,
        &b.prototype,
        &settings,
        &mut match_rng(seed, 0, 1, 0),
        &mut list,
    );
    (list.first, list.second)
}

fn text(moves: &[Action]) -> String {
    moves.iter().map(|a| a.letter()).collect()
}

#[test]
fn deterministic_files_play_axelrods_moves_against_the_catalogue() {
    let path = root().join("tests/data/axelrod_strategy_files.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(data["axelrod"], "4.14.0");
    let mut checked = 0;
    for (name, records) in data["files"].as_object().unwrap() {
        let player = file(name);
        assert!(!player.is_stochastic(), "{name}");
        for record in records.as_array().unwrap() {
            let id = record["id"].as_str().unwrap();
            let other = if find(id).is_none() {
                // A shipped file of strategies/axelrod/ (no parameters).
                assert!(record["params"].as_object().unwrap().is_empty(), "{id}");
                file(id)
            } else {
                let mut spec = PlayerSpec::new(id);
                for (key, value) in record["params"].as_object().unwrap() {
                    spec = spec.with(key, value.as_f64().unwrap());
                }
                spec.build().unwrap()
            };
            for (payoffs_name, numbers) in data["payoffs"].as_object().unwrap() {
                let v: Vec<f64> = numbers
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_f64().unwrap())
                    .collect();
                let payoffs = Payoffs {
                    r: v[0],
                    s: v[1],
                    t: v[2],
                    p: v[3],
                };
                for turns in [1, 10, 200] {
                    let expected = &record[format!("{payoffs_name}/{turns}")];
                    let (a, b) = play(&player, &other, turns, payoffs, 0);
                    assert_eq!(
                        (text(&a), text(&b)),
                        (
                            unrle(expected[0].as_str().unwrap()),
                            unrle(expected[1].as_str().unwrap())
                        ),
                        "{name} against {} ({payoffs_name}, {turns} turns)",
                        record["id"]
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 5 * 70 * 6, "{checked}");
}

#[test]
fn the_state_machine_plays_exactly_as_the_built_in_tit_for_two_tats() {
    let machine = file("fsm-tit-for-two-tats");
    let tf2t = built_in("tit-for-two-tats");
    for info in dilemma::ipd::strategies::CATALOGUE.iter() {
        let other = built_in(info.id);
        if other.is_stochastic() {
            continue;
        }
        for turns in [1, 10, 200] {
            assert_eq!(
                play(&machine, &other, turns, Payoffs::STANDARD, 0),
                play(&tf2t, &other, turns, Payoffs::STANDARD, 0),
                "{}",
                info.id
            );
        }
    }
    assert_eq!(machine.memory_depth(), Some(2));
}

#[test]
fn memory_one_gtft_matches_the_built_in_in_distribution_and_draw_for_draw() {
    let gtft_file = file("memory-one-gtft");
    let gtft = built_in("gtft");
    assert!(gtft_file.is_stochastic());
    assert_eq!(gtft_file.memory_depth(), Some(1));
    // Same vector, same draws: identical under the standard payoffs.
    let random = built_in("random");
    for seed in 0..20 {
        assert_eq!(
            play(&gtft_file, &random, 100, Payoffs::STANDARD, seed),
            play(&gtft, &random, 100, Payoffs::STANDARD, seed)
        );
    }
    // In distribution: against a defector, every move after the first is a
    // response to D, cooperating with probability 1/3.
    let defector = built_in("defector");
    let (mut cooperations, mut n) = (0u32, 0u32);
    for seed in 0..50 {
        let (mine, _) = play(&gtft_file, &defector, 101, Payoffs::STANDARD, seed);
        assert_eq!(mine[0], Action::C);
        cooperations += mine[1..].iter().filter(|a| **a == Action::C).count() as u32;
        n += 100;
    }
    let rate = f64::from(cooperations) / f64::from(n);
    let tolerance = 5.0 * (1.0 / 3.0 * 2.0 / 3.0 / f64::from(n)).sqrt();
    assert!((rate - 1.0 / 3.0).abs() < tolerance, "{rate}");
}

#[test]
fn joss_ann_and_noisy_tit_for_tat_match_their_rules_in_distribution() {
    let cooperator = built_in("cooperator");
    // Against a cooperator Tit For Tat would always cooperate: Joss-Ann
    // (0.1, 0.2) cooperates with 0.1 + 0.7 = 0.8, noise 0.05 with 0.95.
    for (name, expected) in [("joss-ann-tit-for-tat", 0.8), ("noisy-tit-for-tat", 0.95)] {
        let player = file(name);
        assert!(player.is_stochastic(), "{name}");
        let (mut c, mut n) = (0usize, 0usize);
        for seed in 0..40 {
            let (mine, _) = play(&player, &cooperator, 200, Payoffs::STANDARD, seed);
            c += mine.iter().filter(|a| **a == Action::C).count();
            n += mine.len();
        }
        let rate = c as f64 / n as f64;
        let tolerance = 5.0 * (expected * (1.0 - expected) / n as f64).sqrt();
        assert!(
            (rate - expected).abs() < tolerance,
            "{name}: {rate} vs {expected}"
        );
    }
}

#[test]
fn the_cycle_and_the_lookup_table_are_their_built_ins() {
    for (name, id) in [
        ("cycle-ccd", "cycler-ccd"),
        ("lookup-tit-for-tat", "tit-for-tat"),
    ] {
        let player = file(name);
        let reference = built_in(id);
        assert_eq!(player.memory_depth(), reference.memory_depth(), "{name}");
        for info in dilemma::ipd::strategies::CATALOGUE.iter() {
            let other = built_in(info.id);
            if other.is_stochastic() {
                continue;
            }
            assert_eq!(
                play(&player, &other, 50, Payoffs::STANDARD, 0),
                play(&reference, &other, 50, Payoffs::STANDARD, 0),
                "{name} against {}",
                info.id
            );
        }
    }
}

#[test]
fn every_shipped_file_loads_and_none_is_hidden_by_a_built_in_name() {
    let dir = root().join("strategies");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        assert!(
            find(&stem).is_none(),
            "strategies/{stem}.toml is shadowed by the built-in `{stem}`; rename the file"
        );
        let player = file(&stem);
        assert!(!player.name.is_empty());
        // And by path, relative to the current directory.
        let by_path = resolve_text(
            path.to_str().unwrap(),
            Path::new("."),
            &mut Chain::default(),
        )
        .unwrap_or_else(|e| panic!("{}", e.text("path")));
        assert_eq!(by_path.name, player.name);
        count += 1;
    }
    assert!(count >= 7, "{count}");
}
