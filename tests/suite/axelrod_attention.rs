//! EvolvedAttention (`strategies/axelrod/evolved-attention.toml`, kind
//! `attention`) and the meta players whose team holds it, against axelrod
//! 4.14.0 (torch 1 thread).
//!
//! Reference data: `tests/data/axelrod_attention.json`, written by
//! `tests/data/generate_axelrod_attention.py`. Checked here:
//! - the model's logit for fixed token sequences (1 to 201 tokens) within
//!   `LOGIT_TOLERANCE` (relative to max(1, |logit|)) of torch's;
//! - EvolvedAttention's moves against EVERY deterministic player of the
//!   catalogue generator (axelrod's classifier decides) at 1 and 10 turns,
//!   exactly, with our logit at each of the 10 turns against torch's (6
//!   significant digits); the smallest |logit| of the data is reported (a
//!   decision could only flip where the logit is within rounding of 0);
//! - its moves against every deterministic catalogue player and itself at
//!   200 turns, exactly: ~10 s of forward passes a match, half an hour in
//!   all, so that test is `#[ignore]`d (run `cargo test --release --test
//!   axelrod_attention -- --ignored`);
//! - for each of the 12 meta players: axelrod's display name, stochastic,
//!   long_run_time and memory depth; Meta Winner Deterministic's moves over
//!   10 turns against 8 deterministic opponents, exactly, and (the
//!   file's `meta_matches`) against every deterministic catalogue player at
//!   1, 10 and 200 turns (200 ignored, as above: each of its moves runs a
//!   ~150-member team, EvolvedAttention included); for
//!   the 11 stochastic ones (`distributions` in the file: 40 axelrod seeds
//!   each), the mean score and cooperations over 10 turns against Tit
//!   For Tat by Welch's z test, Bonferroni-corrected to a family-wise level of
//!   `FAMILY_ALPHA` = 0.001 over the file.
//!
//! These players are kept out of `tests/suite/axelrod_catalogue.rs` (every pair at
//! 200 turns would cost hours of forward passes); it lists them as checked
//! here, and `covered_here` makes sure they are.

use dilemma::ipd::history::History;
use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, MoveList, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::{Origin, find};
use dilemma::ipd::strategies::chi_squared::chi2_sf_one;
use dilemma::ipd::strategies::defined::Body;
use dilemma::ipd::strategies::defined::attention::{
    Attention, AttentionState, CLS, Scratch, decides_c, state_token,
};
use dilemma::ipd::strategies::defined::shipped::find_shipped;
use dilemma::ipd::{Action, Payoffs, Player, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use rayon::prelude::*;
use serde_json::Value;
use std::path::Path;

/// |ours - torch| <= LOGIT_TOLERANCE * max(1, |torch|).
const LOGIT_TOLERANCE: f64 = 1e-4;
/// Our logits against torch's recorded ones (rounded to 6 significant digits).
const RECORDED_TOLERANCE: f64 = 2e-4;
/// Probability of any false alarm in the distribution tests of this file.
const FAMILY_ALPHA: f64 = 0.001;
/// Matches we play per (stochastic meta player, opponent).
const OUR_SEEDS: u64 = 30;

/// The shipped files checked here rather than in axelrod_catalogue.rs.
pub const CHECKED_HERE: &[&str] = &[
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
        "{}/tests/data/axelrod_attention.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A catalogue entry (id and parameters) or a shipped file, as a scenario
/// in scenarios/ names it.
fn player(id: &str, params: &Value) -> Player {
    if find(id).is_none() {
        assert!(find_shipped(id).is_some(), "{id} is not a shipped strategy");
        let base = format!("{}/scenarios", env!("CARGO_MANIFEST_DIR"));
        return resolve_text(id, Path::new(&base), &mut Chain::default())
            .unwrap_or_else(|e| panic!("{}", e.text(id)));
    }
    let mut spec = PlayerSpec::new(id);
    for (name, value) in params.as_object().unwrap() {
        spec = spec.with(name, value.as_f64().unwrap());
    }
    spec.build().unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn attention_player() -> Player {
    player("evolved-attention", &Value::Object(Default::default()))
}

fn attention_of(player: &Player) -> Attention {
    let Origin::Defined { definition, .. } = &player.origin else {
        panic!("not a defined strategy")
    };
    let Body::Attention(a) = &definition.body else {
        panic!("not an attention model")
    };
    (**a).clone()
}

fn settings(turns: u32) -> MatchSettings {
    MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    }
}

fn text(moves: &[Action]) -> String {
    moves.iter().map(|a| a.letter()).collect()
}

/// Both players' moves over `turns` turns (seed 0).
fn moves(a: &Player, b: &Player, turns: u32) -> (String, String) {
    let mut list = MoveList::default();
    play_match(
        &a.prototype,
        &b.prototype,
        &settings(turns),
        &mut match_rng(0, 0, 1, 0),
        &mut list,
    );
    (text(&list.first), text(&list.second))
}

/// Our logit before each of EvolvedAttention's moves, replaying `mine` and
/// `theirs` (the recorded moves) through its state.
fn logits_along(attention: &Attention, mine: &str, theirs: &str) -> Vec<f64> {
    let mut state = AttentionState::default();
    let (mut me, mut them) = (History::new(), History::new());
    let mut out = Vec::new();
    for (a, b) in mine.chars().zip(theirs.chars()) {
        out.push(f64::from(attention.logit(&mut state, &me, &them)));
        me.push(Action::from_letter(a).unwrap());
        them.push(Action::from_letter(b).unwrap());
    }
    out
}

#[test]
fn the_logit_is_torchs_for_fixed_sequences() {
    let data = load();
    assert_eq!(data["axelrod_version"], "4.14.0");
    let attention = attention_of(&attention_player());
    let mut scratch = Scratch::default();
    let records = data["logits"].as_array().unwrap();
    assert!(records.len() >= 10);
    let mut worst = 0.0f64;
    for record in records {
        let tokens: Vec<u8> = record["tokens"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_u64().unwrap() as u8)
            .collect();
        let want = record["logit"].as_f64().unwrap();
        let got = f64::from(attention.model.logit(&tokens, &mut scratch));
        let error = (got - want).abs() / want.abs().max(1.0);
        worst = worst.max(error);
        assert!(
            error <= LOGIT_TOLERANCE,
            "{} tokens: ours {got}, torch {want}",
            tokens.len()
        );
    }
    eprintln!("largest relative logit error against torch: {worst:.2e}");
}

/// The memo of logits (shared by every player of the weights file) answers
/// the repetitions of a stochastic pair with the bits of a fresh pass:
/// every move played, and every logit asked again, is the pass's.
#[test]
fn memoised_logits_are_the_passes_bits() {
    let player = attention_player();
    let attention = attention_of(&player);
    let random = PlayerSpec::new("random").build().unwrap();
    let before = attention.model.memo_stats().unwrap();
    let mut scratch = Scratch::default();
    for repetition in 0..8 {
        let mut list = MoveList::default();
        play_match(
            &player.prototype,
            &random.prototype,
            &settings(12),
            &mut match_rng(0, 0, 1, repetition),
            &mut list,
        );
        let mut tokens = vec![CLS];
        for (turn, (&own, &opponent)) in list.first.iter().zip(&list.second).enumerate() {
            let pass = attention.model.forward(&tokens, &mut scratch);
            let asked = attention.model.logit(&tokens, &mut scratch);
            assert_eq!(asked.to_bits(), pass.to_bits(), "turn {turn}: {tokens:?}");
            assert_eq!(own == Action::C, decides_c(pass), "turn {turn}");
            tokens.insert(1, state_token(own, opponent));
        }
    }
    // Every repetition after the first starts with a known sequence, and
    // every sequence asked again above was known (other tests share the
    // model, so only a lower bound).
    let after = attention.model.memo_stats().unwrap();
    assert!(
        after.hits() - before.hits() >= 7 + 8 * 12,
        "{before:?} {after:?}"
    );
}

/// Every recorded match of `turns` turns, played and compared exactly.
fn matches_at(turns: &[u64]) -> usize {
    let data = load();
    let me = attention_player();
    let attention = attention_of(&me);
    let records: Vec<&Value> = data["matches"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| turns.contains(&r["turns"].as_u64().unwrap()))
        .collect();
    let failures: Vec<String> = records
        .par_iter()
        .flat_map(|record| {
            let id = record["id"].as_str().unwrap();
            let n = record["turns"].as_u64().unwrap() as u32;
            let opponent = player(id, &record["params"]);
            let want = (
                record["moves"][0].as_str().unwrap().to_string(),
                record["moves"][1].as_str().unwrap().to_string(),
            );
            let got = moves(&me, &opponent, n);
            let mut failures = Vec::new();
            if got != want {
                failures.push(format!(
                    "against {id} {} over {n} turns: ours {got:?}, axelrod {want:?}",
                    record["params"]
                ));
            }
            // Our logit at every turn against torch's, on the 10-turn
            // records (replaying the 200-turn ones would double their cost).
            let ours = if n == 10 {
                logits_along(&attention, &want.0, &want.1)
            } else {
                Vec::new()
            };
            for (t, (mine, theirs)) in ours
                .iter()
                .zip(record["logits"].as_array().unwrap())
                .enumerate()
            {
                let theirs = theirs.as_f64().unwrap();
                if (mine - theirs).abs() > RECORDED_TOLERANCE * theirs.abs().max(1.0) {
                    failures.push(format!(
                        "against {id} turn {}: logit ours {mine}, torch {theirs}",
                        t + 1
                    ));
                }
            }
            failures
        })
        .collect();
    let margin = records
        .iter()
        .flat_map(|r| r["logits"].as_array().unwrap())
        .map(|l| l.as_f64().unwrap().abs())
        .fold(f64::INFINITY, f64::min);
    eprintln!(
        "{} matches of {turns:?} turns; smallest |logit| in torch's decisions: {margin}",
        records.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    records.len()
}

#[test]
fn every_deterministic_opponent_at_1_and_10_turns() {
    // Two records (1 and 10 turns) per deterministic catalogue player.
    assert!(matches_at(&[1, 10]) >= 2 * 150);
}

/// Each 200-turn match is ~200 full forward passes over up to 201 tokens
/// (~10-60 s of one core): run it with `cargo test --release --test
/// axelrod_attention -- --ignored`.
#[test]
#[ignore = "minutes of forward passes; run with --release -- --ignored"]
fn every_deterministic_opponent_at_200_turns() {
    // Every deterministic catalogue player (the generator's `LONG` panel
    // first) and EvolvedAttention itself.
    assert!(matches_at(&[200]) >= 150);
}

/// Every recorded match of a deterministic meta player (Meta Winner
/// Deterministic: its team of ~150 strategies, EvolvedAttention included,
/// plays inside it every move) of `turns` turns, played and compared
/// exactly. Returns how many were compared.
fn meta_matches_at(turns: &[u64]) -> usize {
    let data = load();
    let records: Vec<&Value> = data["meta_matches"]
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let records: Vec<&Value> = records
        .into_iter()
        .filter(|r| turns.contains(&r["turns"].as_u64().unwrap()))
        .collect();
    let failures: Vec<String> = records
        .par_iter()
        .filter_map(|record| {
            let meta = record["meta"].as_str().unwrap();
            let id = record["id"].as_str().unwrap();
            let n = record["turns"].as_u64().unwrap() as u32;
            let me = player(meta, &Value::Object(Default::default()));
            let opponent = player(id, &record["params"]);
            let want = (
                record["moves"][0].as_str().unwrap().to_string(),
                record["moves"][1].as_str().unwrap().to_string(),
            );
            let got = moves(&me, &opponent, n);
            (got != want).then(|| {
                format!(
                    "{meta} against {id} {} over {n} turns: ours {got:?}, axelrod {want:?}",
                    record["params"]
                )
            })
        })
        .collect();
    eprintln!(
        "{} meta player matches of {turns:?} turns compared",
        records.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    records.len()
}

#[test]
fn meta_winner_deterministic_against_every_deterministic_player() {
    // 187 deterministic catalogue players at 1 and 10 turns.
    assert!(meta_matches_at(&[1, 10]) >= 2 * 150);
}

/// Each move runs the whole team (EvolvedAttention's forward pass over up
/// to 201 tokens among them): run with `cargo test --release --test
/// axelrod_attention -- --ignored`.
#[test]
#[ignore = "minutes of forward passes; run with --release -- --ignored"]
fn meta_winner_deterministic_at_200_turns() {
    // Every deterministic catalogue player (META_OPPONENTS first).
    assert!(meta_matches_at(&[200]) >= 150);
}

fn moments(xs: &[f64]) -> (f64, f64) {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / xs.len() as f64;
    (mean, var)
}

/// Welch's z test of two means (population variances given); `None` when
/// both variances are zero (then the means must be equal).
fn welch(ours: (f64, f64, f64), theirs: (f64, f64, f64)) -> Option<f64> {
    let (m1, v1, n1) = ours;
    let (m2, v2, n2) = theirs;
    let se = (v1 / (n1 - 1.0) + v2 / (n2 - 1.0)).sqrt();
    (se > 0.0).then(|| chi2_sf_one(((m1 - m2) / se).powi(2)))
}

#[test]
fn meta_players_with_evolved_attention_are_axelrods() {
    let data = load();
    let turns = data["meta_turns"].as_u64().unwrap() as u32;
    let entries = data["meta"].as_array().unwrap();
    assert_eq!(entries.len(), 12);
    let stochastic_comparisons: usize = entries
        .iter()
        .filter_map(|e| e["distributions"].as_object())
        .map(|d| 2 * d.len())
        .sum();
    let alpha = FAMILY_ALPHA / stochastic_comparisons.max(1) as f64;
    let failures: Vec<String> = entries
        .par_iter()
        .flat_map(|entry| {
            let id = entry["id"].as_str().unwrap();
            let me = player(id, &Value::Object(Default::default()));
            let mut failures = Vec::new();
            let mut differ = |what: &str, ours: String, theirs: String| {
                if ours != theirs {
                    failures.push(format!("{id}: {what}: ours {ours}, axelrod {theirs}"));
                }
            };
            differ(
                "name",
                me.name.clone(),
                entry["name"].as_str().unwrap().into(),
            );
            differ(
                "stochastic",
                me.is_stochastic().to_string(),
                entry["stochastic"].to_string(),
            );
            differ(
                "long_run_time",
                me.long_run_time().to_string(),
                entry["long_run_time"].to_string(),
            );
            differ(
                "memory_depth",
                format!("{:?}", me.memory_depth()),
                format!("{:?}", entry["memory_depth"].as_u64().map(|d| d as u32)),
            );
            if let Some(matches) = entry["matches"].as_object() {
                for (oid, want) in matches {
                    let opponent = player(oid, &Value::Object(Default::default()));
                    let got = moves(&me, &opponent, turns);
                    differ(
                        &format!("moves against {oid}"),
                        format!("{got:?}"),
                        format!(
                            "{:?}",
                            (want[0].as_str().unwrap(), want[1].as_str().unwrap())
                        ),
                    );
                }
            }
            for (oid, reference) in entry["distributions"].as_object().into_iter().flatten() {
                let their_n = entry["seeds"].as_f64().unwrap();
                let opponent = player(oid, &Value::Object(Default::default()));
                let (mut scores, mut cooperations) = (Vec::new(), Vec::new());
                for seed in 0..OUR_SEEDS {
                    let outcome = play_match(
                        &me.prototype,
                        &opponent.prototype,
                        &settings(turns),
                        &mut match_rng(seed, 0, 1, 0),
                        &mut MoveList::default(),
                    );
                    scores.push(outcome.scores(&Payoffs::STANDARD)[0]);
                    cooperations.push(outcome.cooperations()[0] as f64);
                }
                for (name, sample) in [("score", &scores), ("cooperations", &cooperations)] {
                    let (mean, var) = moments(sample);
                    let theirs_mean = reference[format!("{name}_mean")].as_f64().unwrap();
                    let theirs_var = reference[format!("{name}_var")].as_f64().unwrap();
                    let p = welch(
                        (mean, var, OUR_SEEDS as f64),
                        (theirs_mean, theirs_var, their_n),
                    );
                    let rejected = match p {
                        Some(p) => p < alpha,
                        None => mean != theirs_mean,
                    };
                    if rejected {
                        failures.push(format!(
                            "{id} against {oid}: mean {name} ours {mean:.3}, axelrod \
                             {theirs_mean:.3} (p = {p:?}, alpha = {alpha:.1e})"
                        ));
                    }
                }
            }
            failures
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn covered_here() {
    let data = load();
    let mut ids: Vec<&str> = data["meta"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["id"].as_str().unwrap())
        .collect();
    ids.push("evolved-attention");
    ids.sort();
    let mut want = CHECKED_HERE.to_vec();
    want.sort();
    assert_eq!(ids, want);
    for id in CHECKED_HERE {
        assert!(find_shipped(id).is_some(), "{id} is not shipped");
    }
}
