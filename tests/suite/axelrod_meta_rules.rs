//! The deterministic rules of the `meta` strategy kind against axelrod
//! 4.14.0's `meta.py`, move for move, with small custom teams.
//!
//! `tests/data/axelrod_meta_rules.json` is written by
//! `tests/data/generate_axelrod_meta_rules.py`: for each rule (majority,
//! minority, winner, nice winner, hunter, a mixer with one positive weight)
//! and each of four teams, the moves of the meta player and of every
//! opponent of a panel (and of a copy of itself) over 120 turns under two
//! payoff matrices. Here each case is built as an inline `kind = "meta"`
//! definition naming the same team, and every match is replayed.
//!
//! The stochastic rules (the two ensembles over a 26-member team with
//! duplicated members, a uniform and a weighted mixer) are checked in
//! distribution: mean score and mean cooperations against a panel, ours over
//! `OUR_SEEDS` matches against axelrod's over its seeds, by Welch's z test at
//! a Bonferroni-corrected family-wise level of 0.001 (as
//! `tests/suite/axelrod_distributions.rs`, which checks Memory Decay).

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, MoveList, NoRecording, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::chi_squared::chi2_sf_one;
use dilemma::ipd::{Payoffs, Player, PlayerSpec};
use dilemma::scenario::error::Source;
use dilemma::scenario::strategy_file::{Chain, player_from_value};
use serde_json::Value;
use std::path::PathBuf;

fn load() -> Value {
    let path = format!(
        "{}/tests/data/axelrod_meta_rules.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The case as an inline definition, read like a scenario's `strategy = {...}`.
fn meta_player(case: &Value) -> Player {
    let team: Vec<String> = case["team"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| format!("\"{}\"", t.as_str().unwrap()))
        .collect();
    let mut text = format!(
        "strategy = {{ kind = \"meta\", name = \"m\", rule = \"{}\", team = [{}]",
        case["rule"].as_str().unwrap(),
        team.join(", ")
    );
    if let Some(weights) = case["distribution"].as_array() {
        let weights: Vec<String> = weights.iter().map(|w| w.to_string()).collect();
        text.push_str(&format!(", distribution = [{}]", weights.join(", ")));
    }
    text.push_str(" }\n");
    let source = Source {
        path: PathBuf::from("case.toml"),
        text,
    };
    let document = dilemma::scenario::reader::parse_document(&source).unwrap();
    let value = document
        .get_ref()
        .iter()
        .find(|(k, _)| k.get_ref() == "strategy")
        .map(|(_, v)| v)
        .unwrap();
    player_from_value(&source, "strategy", value, &mut Chain::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn deterministic_meta_rules_play_axelrods_moves() {
    let data = load();
    assert_eq!(data["axelrod_version"], "4.14.0");
    let turns = data["turns"].as_u64().unwrap() as u32;
    let mut checked = 0;
    for case in data["cases"].as_array().unwrap() {
        let me = meta_player(case);
        assert!(!me.is_stochastic(), "{}", case["rule"]);
        for (key, moves) in case["matches"].as_object().unwrap() {
            let (opponent, payoffs) = key.split_once('/').unwrap();
            let other = if opponent == "self" {
                me.clone()
            } else {
                PlayerSpec::new(opponent).build().unwrap()
            };
            let v: Vec<f64> = data["payoffs"][payoffs]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap())
                .collect();
            let settings = MatchSettings {
                horizon: Horizon::Fixed { turns },
                noise: 0.0,
                payoffs: Payoffs {
                    r: v[0],
                    s: v[1],
                    t: v[2],
                    p: v[3],
                },
            };
            let mut list = MoveList::default();
            play_match(
                &me.prototype,
                &other.prototype,
                &settings,
                &mut match_rng(0, 0, 1, 0),
                &mut list,
            );
            let text =
                |l: &[dilemma::ipd::Action]| l.iter().map(|x| x.letter()).collect::<String>();
            let context = format!("{} {} vs {key}", case["rule"], case["team"]);
            assert_eq!(text(&list.first), moves[0].as_str().unwrap(), "{context}");
            assert_eq!(text(&list.second), moves[1].as_str().unwrap(), "{context}");
            checked += 1;
        }
    }
    assert_eq!(checked, 24 * 20, "matches checked");
}

/// Matches we play per (case, opponent).
const OUR_SEEDS: u64 = 2000;

#[test]
fn stochastic_meta_rules_follow_axelrods_distributions() {
    let data = load();
    let turns = data["stochastic_turns"].as_u64().unwrap() as u32;
    let n2 = data["seeds"].as_f64().unwrap();
    let cases = data["stochastic"].as_array().unwrap();
    let comparisons: usize = cases
        .iter()
        .map(|c| 2 * c["opponents"].as_object().unwrap().len())
        .sum();
    let alpha = 0.001 / comparisons as f64;
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    for case in cases {
        let me = meta_player(case);
        assert!(me.is_stochastic(), "{}", case["rule"]);
        for (opponent, theirs) in case["opponents"].as_object().unwrap() {
            let other = PlayerSpec::new(opponent).build().unwrap();
            let (mut scores, mut coops) = (Vec::new(), Vec::new());
            for seed in 0..OUR_SEEDS {
                let outcome = play_match(
                    &me.prototype,
                    &other.prototype,
                    &settings,
                    &mut match_rng(seed, 0, 1, 0),
                    &mut NoRecording,
                );
                scores.push(outcome.scores(&Payoffs::STANDARD)[0]);
                coops.push(outcome.cooperations()[0] as f64);
            }
            for (name, xs) in [("score", scores), ("cooperations", coops)] {
                let n1 = xs.len() as f64;
                let m1 = xs.iter().sum::<f64>() / n1;
                let v1 = xs.iter().map(|x| (x - m1) * (x - m1)).sum::<f64>() / n1;
                let m2 = theirs[name][0].as_f64().unwrap();
                let v2 = theirs[name][1].as_f64().unwrap();
                let se = (v1 / (n1 - 1.0) + v2 / (n2 - 1.0)).sqrt();
                let context = format!(
                    "{} {} vs {opponent}: {name} ours {m1} axelrod {m2}",
                    case["rule"], case["distribution"]
                );
                if se == 0.0 {
                    assert_eq!(m1, m2, "{context}");
                } else {
                    let z = (m1 - m2) / se;
                    assert!(chi2_sf_one(z * z) >= alpha, "{context} (z = {z})");
                }
            }
        }
    }
}
