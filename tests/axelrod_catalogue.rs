//! The catalogue against the axelrod library (4.14.0), entry by entry.
//!
//! `tests/data/axelrod_catalogue.json` was produced by
//! `tests/data/generate_axelrod_catalogue.py` with axelrod 4.14.0 (the version
//! is recorded in the file and checked). For every catalogue player listed
//! there (a strategy id plus parameter values) this test checks:
//! - the display name, exactly;
//! - the classifiers: memory depth, stochastic (for these parameters), and
//!   whether it uses the match length and the payoffs;
//! - for every ORDERED pair of the deterministic players (self-play
//!   included), both players' moves at every horizon (1, 10 and 200 turns)
//!   under both payoff matrices (standard and prison-years-a), exactly.
//!
//! It also checks that every catalogue strategy is covered, so a strategy
//! cannot be added without its reference data.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, MoveList, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::{CATALOGUE, Player};
use dilemma::ipd::{Payoffs, PlayerSpec};
use serde_json::Value;
use std::collections::HashSet;

/// Catalogue ids the axelrod library does not have; they are checked by
/// hand-written tests next to their rules instead.
const NOT_IN_AXELROD: &[&str] = &[];

fn load() -> Value {
    let path = format!(
        "{}/tests/data/axelrod_catalogue.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Expands "C3DC2" into "CCCDCC".
fn unrle(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(letter) = chars.next() {
        assert!(
            letter == 'C' || letter == 'D',
            "bad move {letter} in {text}"
        );
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

fn player(entry: &Value) -> Player {
    let mut spec = PlayerSpec::new(entry["id"].as_str().unwrap());
    for (name, value) in entry["params"].as_object().unwrap() {
        spec = spec.with(name, value.as_f64().unwrap());
    }
    spec.build()
        .unwrap_or_else(|e| panic!("{}: {e}", entry["id"]))
}

fn payoffs(value: &Value) -> Payoffs {
    let v: Vec<f64> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    Payoffs {
        r: v[0],
        s: v[1],
        t: v[2],
        p: v[3],
    }
}

fn moves(a: &Player, b: &Player, turns: u32, payoffs: Payoffs) -> (String, String) {
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
        &mut match_rng(0, 0, 1, 0),
        &mut list,
    );
    let text = |l: &[dilemma::ipd::Action]| l.iter().map(|x| x.letter()).collect::<String>();
    (text(&list.first), text(&list.second))
}

#[test]
fn names_and_classifiers_are_axelrods() {
    let data = load();
    assert_eq!(data["axelrod_version"], "4.14.0");
    for entry in data["players"].as_array().unwrap() {
        let p = player(entry);
        let context = format!("{} {}", entry["id"], entry["params"]);
        assert_eq!(p.name, entry["name"].as_str().unwrap(), "{context}");
        let depth = entry["memory_depth"].as_u64().map(|d| d as u32);
        assert_eq!(p.info.memory_depth, depth, "memory depth of {context}");
        assert_eq!(
            p.is_stochastic(),
            entry["stochastic"].as_bool().unwrap(),
            "stochastic of {context}"
        );
        let uses: Vec<&str> = entry["makes_use_of"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap())
            .collect();
        assert_eq!(p.info.uses_length, uses.contains(&"length"), "{context}");
        assert_eq!(p.info.uses_payoffs, uses.contains(&"game"), "{context}");
        // The catalogue's static flag describes the default parameters.
        if entry["params"].as_object().unwrap().is_empty() {
            assert_eq!(p.info.stochastic, p.is_stochastic(), "{context}");
        }
    }
}

#[test]
fn every_catalogue_strategy_has_reference_data() {
    let data = load();
    let covered: HashSet<&str> = data["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["params"].as_object().unwrap().is_empty())
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    for info in CATALOGUE {
        assert!(
            covered.contains(info.id) || NOT_IN_AXELROD.contains(&info.id),
            "{} has no entry (with default parameters) in axelrod_catalogue.json",
            info.id
        );
    }
}

#[test]
fn every_deterministic_pair_plays_axelrods_moves() {
    let data = load();
    let players: Vec<Player> = data["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(player)
        .collect();
    let deterministic = players.iter().filter(|p| !p.is_stochastic()).count();
    // The generator's order: the first matrix is the base of the others.
    let table = data["payoffs"].as_object().unwrap();
    assert_eq!(table.len(), 2);
    let matrices: Vec<(&str, Payoffs)> = ["standard", "prison-years-a"]
        .into_iter()
        .map(|name| (name, payoffs(&table[name])))
        .collect();
    let mut horizons: Vec<u32> = data["horizons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_u64().unwrap() as u32)
        .collect();
    horizons.sort_unstable_by(|a, b| b.cmp(a));
    let longest = horizons[0];
    let records = data["matches"].as_array().unwrap();
    assert_eq!(records.len(), deterministic * deterministic);
    let mut checked = 0;
    for record in records {
        let [i, j] = [0, 1].map(|k| record["players"][k].as_u64().unwrap() as usize);
        let (a, b) = (&players[i], &players[j]);
        assert!(!a.is_stochastic() && !b.is_stochastic());
        let mut resolved = std::collections::HashMap::new();
        for (k, (name, matrix)) in matrices.iter().enumerate() {
            for &turns in &horizons {
                let expected = match record.get(format!("{name}/{turns}")) {
                    Some(pair) => (
                        unrle(pair[0].as_str().unwrap()),
                        unrle(pair[1].as_str().unwrap()),
                    ),
                    None if turns != longest => {
                        let (x, y): &(String, String) = &resolved[&(k, longest)];
                        (
                            x[..turns as usize].to_string(),
                            y[..turns as usize].to_string(),
                        )
                    }
                    None => {
                        assert!(k > 0, "missing base record in {record}");
                        resolved[&(0, longest)].clone()
                    }
                };
                let actual = moves(a, b, turns, *matrix);
                assert_eq!(
                    actual, expected,
                    "{} vs {}, {turns} turns, {name} payoffs",
                    a.name, b.name
                );
                resolved.insert((k, turns), expected);
                checked += 1;
            }
        }
    }
    assert_eq!(
        checked,
        deterministic * deterministic * matrices.len() * horizons.len()
    );
}
