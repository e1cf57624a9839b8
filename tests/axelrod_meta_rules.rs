//! The deterministic rules of the `meta` strategy kind against axelrod
//! 4.14.0's `meta.py`, move for move, with small custom teams.
//!
//! `tests/data/axelrod_meta_rules.json` is written by
//! `tests/data/generate_axelrod_meta_rules.py`: for each rule (majority,
//! minority, winner, nice winner, hunter, a mixer with one positive weight)
//! and each of four teams, the moves of the meta player and of every
//! opponent of a panel (and of a copy of itself) over 120 turns under two
//! payoff matrices. Here each case is built as an inline `kind = "meta"`
//! definition naming the same team, and every match is replayed. The
//! stochastic rules (ensembles, drawing mixers, memory decay) are checked in
//! distribution by `tests/axelrod_distributions.rs` (Memory Decay) and by
//! unit tests in `ipd/strategies/defined/meta.rs`.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, MoveList, play_match};
use dilemma::ipd::random::match_rng;
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
