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
//!
//! An entry's id may name a shipped strategy file (`strategies/axelrod/`,
//! embedded in the binary); it is built through the same resolution as a
//! scenario's `strategy = "..."`, and every shipped file must be covered too.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, MoveList, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::find;
use dilemma::ipd::strategies::defined::shipped::{SHIPPED, find_shipped};
use dilemma::ipd::strategies::{CATALOGUE, Player};
use dilemma::ipd::{Payoffs, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;

/// Catalogue ids the axelrod library does not have; they are checked by
/// hand-written tests next to their rules instead (`gtft-from-payoffs`: GTFT
/// with its generosity from the match's payoffs, in memory_one.rs).
const NOT_IN_AXELROD: &[&str] = &["gtft-from-payoffs"];

/// Shipped files checked by tests/suite/axelrod_attention.rs instead: EvolvedAttention
/// and the meta players whose team holds it (a full forward pass of its
/// 24-layer encoder per move makes every pair at 200 turns far too slow).
const CHECKED_IN_AXELROD_ATTENTION: &[&str] = &[
    "evolved-attention",
    "meta-majority",
    "meta-majority-finite-memory",
    "meta-minority",
    "meta-mixer",
    "meta-winner",
    "meta-winner-deterministic",
    "meta-winner-ensemble",
    "meta-winner-finite-memory",
    "nmwe-deterministic",
    "nmwe-finite-memory",
    "nice-meta-winner",
    "nice-meta-winner-ensemble",
];

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
    let id = entry["id"].as_str().unwrap();
    if find(id).is_none() {
        // Not a built-in: a shipped strategy file, resolved as a scenario in
        // scenarios/ would resolve it (it takes no parameters).
        assert!(entry["params"].as_object().unwrap().is_empty(), "{id}");
        let base = format!("{}/scenarios", env!("CARGO_MANIFEST_DIR"));
        let player = resolve_text(id, Path::new(&base), &mut Chain::default())
            .unwrap_or_else(|e| panic!("{}", e.text(id)));
        assert!(find_shipped(id).is_some(), "{id} is not a shipped strategy");
        return player;
    }
    let mut spec = PlayerSpec::new(id);
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
        assert_eq!(p.memory_depth(), depth, "memory depth of {context}");
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
        assert_eq!(p.uses_length(), uses.contains(&"length"), "{context}");
        assert_eq!(p.uses_payoffs(), uses.contains(&"game"), "{context}");
        if let (Some(info), Some(slow)) = (p.builtin(), entry["long_run_time"].as_bool()) {
            assert_eq!(info.long_run_time, slow, "long run time of {context}");
        }
        if p.builtin().is_none() {
            // A shipped file: its definition's long_run_time (false but for
            // meta players, which declare axelrod's).
            assert_eq!(
                entry["long_run_time"],
                p.long_run_time(),
                "long run time of {context}"
            );
            continue;
        }
        // The catalogue's static flag describes the default parameters.
        if entry["params"].as_object().unwrap().is_empty() {
            assert_eq!(
                p.builtin().unwrap().stochastic,
                p.is_stochastic(),
                "{context}"
            );
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
    for info in CATALOGUE.iter() {
        assert!(
            covered.contains(info.id) || NOT_IN_AXELROD.contains(&info.id),
            "{} has no entry (with default parameters) in axelrod_catalogue.json",
            info.id
        );
    }
    for file in SHIPPED {
        assert!(
            covered.contains(file.id) || CHECKED_IN_AXELROD_ATTENTION.contains(&file.id),
            "shipped strategy file {} has no entry in axelrod_catalogue.json",
            file.path
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
    println!(
        "{} ordered pairs of {deterministic} deterministic players: {checked} matches checked",
        records.len()
    );
}

/// Plays `a` against Random(0.5) (which visits every joint outcome) in
/// `matches` matches of `turns` turns (seeds 0, 1, ...) and counts, for each
/// outcome of a turn from `a`'s view (CC, CD, DC, DD), how often it was
/// followed and how often `a` then cooperated.
fn responses(a: &Player, payoffs: Payoffs, matches: u64, turns: u32) -> ([u32; 4], [u32; 4]) {
    let random = PlayerSpec::new("random").build().unwrap();
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs,
    };
    let mut seen = [0; 4];
    let mut cooperated = [0; 4];
    for seed in 0..matches {
        let mut list = MoveList::default();
        play_match(
            &a.prototype,
            &random.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut list,
        );
        for t in 1..list.first.len() {
            let state = dilemma::ipd::action::state_index(list.first[t - 1], list.second[t - 1]);
            seen[state] += 1;
            cooperated[state] += u32::from(list.first[t] == dilemma::ipd::Action::C);
        }
    }
    (seen, cooperated)
}

/// True when `count` successes in `n` trials are within 5 standard
/// deviations of Binomial(n, p) (exactly n p when p is 0 or 1).
fn within_binomial(count: u32, n: u32, p: f64) -> bool {
    let (count, n) = (count as f64, n as f64);
    if p == 0.0 || p == 1.0 {
        return count == n * p;
    }
    (count - n * p).abs() <= 5.0 * (n * p * (1.0 - p)).sqrt()
}

#[test]
fn memory_one_players_use_axelrods_vectors_and_sample_them() {
    let data = load();
    let mut checked = 0;
    for entry in data["players"].as_array().unwrap() {
        let Some(vectors) = entry.get("four_vectors") else {
            continue;
        };
        let p = player(entry);
        let table = data["payoffs"].as_object().unwrap();
        for (name, vector) in vectors.as_object().unwrap() {
            let game = payoffs(&table[name]);
            let context = format!("{} under {name}", p.name);
            // null: the library refuses this game (an infeasible ZD relation);
            // a null element: an outcome the library's play never reached.
            let Some(vector) = vector.as_array() else {
                continue;
            };
            let expected: [Option<f64>; 4] = std::array::from_fn(|i| vector[i].as_f64());
            // The exact vector, where the rule is a MemoryOne.
            if let dilemma::ipd::Strategy::MemoryOne(
                dilemma::ipd::strategies::memory_one::Family::MemoryOne(rule),
            ) = &p.prototype
            {
                let ours = rule.vector_for(&game);
                for state in 0..4 {
                    if let Some(e) = expected[state] {
                        assert_eq!(ours[state], e, "{context}: state {state}");
                    }
                }
            }
            // The sampled responses, in distribution: 200 matches of 40 turns.
            let (seen, cooperated) = responses(&p, game, 200, 40);
            for state in 0..4 {
                let Some(expected) = expected[state] else {
                    continue;
                };
                if expected > 0.0 && expected < 1.0 {
                    assert!(seen[state] >= 100, "{context}: state {state} seen {seen:?}");
                }
                assert!(
                    within_binomial(cooperated[state], seen[state], expected),
                    "{context}: after state {state}, {} C in {} (p = {})",
                    cooperated[state],
                    seen[state],
                    expected
                );
            }
            checked += 1;
        }
        // The first move: fixed, or C with probability 1/2.
        let firsts = (0..400)
            .filter(|&seed| {
                let settings = MatchSettings {
                    horizon: Horizon::Fixed { turns: 1 },
                    noise: 0.0,
                    payoffs: Payoffs::STANDARD,
                };
                let mut list = MoveList::default();
                play_match(
                    &p.prototype,
                    &p.prototype,
                    &settings,
                    &mut match_rng(seed, 0, 1, 0),
                    &mut list,
                );
                list.first[0] == dilemma::ipd::Action::C
            })
            .count() as u32;
        let p_first = match entry["initial"].as_str().unwrap() {
            "C" => 1.0,
            "D" => 0.0,
            _ => 0.5,
        };
        assert!(
            within_binomial(firsts, 400, p_first),
            "{}: first move C {firsts} times in 400",
            p.name
        );
    }
    assert!(checked > 0);
}
