//! Every stochastic catalogue player against axelrod 4.14.0, in distribution.
//!
//! Reference data: `tests/data/axelrod_distributions.json`, written by
//! `tests/data/generate_axelrod_distributions.py` (every stochastic player of
//! the catalogue generator's `PLAYERS`; axelrod's classifier decides which).
//! For each player and each opponent of a deterministic panel (Cooperator,
//! Defector, Tit For Tat, Alternator), both sides play matches of the same
//! length with the standard payoffs: axelrod over its seeds, we over
//! `OUR_SEEDS` seeds of our own generator. Compared:
//! - the mean total score and the mean number of cooperations, by Welch's
//!   z test (unequal variances; both samples are hundreds of matches, so the
//!   normal approximation holds);
//! - the share of matches in which the player cooperated on each of the first
//!   turns, by the two-proportion z test.
//!
//! Significance: the family-wise level is `FAMILY_ALPHA` = 0.001 over every
//! comparison in the file, Bonferroni-corrected (each test at 0.001 / K for K
//! comparisons). When both samples have no variance the two values must be
//! equal. A wrong probability rule moves these statistics by many standard
//! errors: e.g. a cooperation rate off by 0.05 over 100 turns shifts the
//! cooperation count by 5 against a standard error below 0.5.
//!
//! An entry's id may name a shipped strategy file (`strategies/axelrod/`,
//! e.g. the gamblers and Evolved HMM 5); it is resolved as a scenario names
//! it, like in `tests/suite/axelrod_catalogue.rs`.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::find;
use dilemma::ipd::strategies::chi_squared::chi2_sf_one;
use dilemma::ipd::strategies::defined::shipped::find_shipped;
use dilemma::ipd::{Action, Payoffs, Player, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use rayon::prelude::*;
use serde_json::Value;
use std::path::Path;

/// Matches we play per (player, opponent).
const OUR_SEEDS: u64 = 1000;
/// Probability of any false alarm in the whole file.
const FAMILY_ALPHA: f64 = 0.001;

fn load() -> Value {
    let path = format!(
        "{}/tests/data/axelrod_distributions.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn player(entry: &Value) -> Player {
    let id = entry["id"].as_str().unwrap();
    if find(id).is_none() {
        // Not a built-in: a shipped strategy file (e.g. Memory Decay),
        // resolved as a scenario in scenarios/ would resolve it.
        assert!(entry["params"].as_object().unwrap().is_empty(), "{id}");
        assert!(find_shipped(id).is_some(), "{id} is not a shipped strategy");
        let base = format!("{}/scenarios", env!("CARGO_MANIFEST_DIR"));
        return resolve_text(id, Path::new(&base), &mut Chain::default())
            .unwrap_or_else(|e| panic!("{}", e.text(id)));
    }
    let mut spec = PlayerSpec::new(id);
    for (name, value) in entry["params"].as_object().unwrap() {
        spec = spec.with(name, value.as_f64().unwrap());
    }
    spec.build()
        .unwrap_or_else(|e| panic!("{}: {e}", entry["id"]))
}

/// Our sample: mean and population variance of the score and of the
/// cooperations, and how many matches cooperated on each early turn.
struct Sample {
    score: (f64, f64),
    cooperations: (f64, f64),
    first_cooperations: Vec<u64>,
}

fn moments(xs: &[f64]) -> (f64, f64) {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / xs.len() as f64;
    (mean, var)
}

fn sample(me: &Player, opponent: &Player, turns: u32, profile: usize) -> Sample {
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let mut scores = Vec::new();
    let mut cooperations = Vec::new();
    let mut first = vec![0u64; profile];
    for seed in 0..OUR_SEEDS {
        let mut moves = dilemma::ipd::MoveList::default();
        let outcome = play_match(
            &me.prototype,
            &opponent.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut moves,
        );
        scores.push(outcome.scores(&Payoffs::STANDARD)[0]);
        cooperations.push(outcome.cooperations()[0] as f64);
        for (t, count) in first.iter_mut().enumerate() {
            *count += u64::from(moves.first[t] == Action::C);
        }
    }
    Sample {
        score: moments(&scores),
        cooperations: moments(&cooperations),
        first_cooperations: first,
    }
}

/// Two-sided p-value of a standard normal statistic: P(|Z| >= z) is the
/// chi-squared (1 df) survival function at z^2.
fn two_sided(z: f64) -> f64 {
    chi2_sf_one(z * z)
}

/// Welch's z test of two means; `None` when both variances are zero (then
/// the means must be equal).
fn welch(ours: (f64, f64, f64), theirs: (f64, f64, f64)) -> Option<f64> {
    let (m1, v1, n1) = ours;
    let (m2, v2, n2) = theirs;
    // Unbiased variances from the population ones.
    let se = (v1 * n1 / (n1 - 1.0) / n1 + v2 * n2 / (n2 - 1.0) / n2).sqrt();
    (se > 0.0).then(|| two_sided((m1 - m2) / se))
}

fn proportions(k1: f64, n1: f64, k2: f64, n2: f64) -> Option<f64> {
    let pooled = (k1 + k2) / (n1 + n2);
    let se = (pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)).sqrt();
    (se > 0.0).then(|| two_sided((k1 / n1 - k2 / n2) / se))
}

#[test]
fn stochastic_players_follow_axelrods_probabilities() {
    let data = load();
    assert_eq!(data["axelrod_version"], "4.14.0");
    let turns = data["turns"].as_u64().unwrap() as u32;
    let their_n = data["seeds"].as_f64().unwrap();
    let profile = data["profile"].as_u64().unwrap() as usize;
    let panel: Vec<Player> = data["panel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| PlayerSpec::new(id.as_str().unwrap()).build().unwrap())
        .collect();
    let entries = data["players"].as_array().unwrap();
    assert!(!entries.is_empty());
    let comparisons = entries.len() * panel.len() * (2 + profile);
    let alpha = FAMILY_ALPHA / comparisons as f64;
    let our_n = OUR_SEEDS as f64;
    let mut failures = Vec::new();
    let mut checked = 0;
    // Our samples, played on every core; compared below in file order.
    let samples: Vec<Vec<Sample>> = entries
        .par_iter()
        .map(|entry| {
            let me = player(entry);
            panel
                .iter()
                .map(|opponent| sample(&me, opponent, turns, profile))
                .collect()
        })
        .collect();
    for (entry, samples) in entries.iter().zip(samples) {
        let me = player(entry);
        assert!(
            me.is_stochastic(),
            "{} {} is stochastic in axelrod",
            entry["id"],
            entry["params"]
        );
        for k in 0..panel.len() {
            let id = data["panel"][k].as_str().unwrap();
            let reference = &entry["opponents"][id];
            let ours = &samples[k];
            let mut check = |what: String, ours: f64, theirs: f64, p: Option<f64>| {
                checked += 1;
                let rejected = match p {
                    Some(p) => p < alpha,
                    None => ours != theirs,
                };
                if rejected {
                    failures.push(format!(
                        "{} against {id}: {what}: ours {ours:.4}, axelrod {theirs:.4} (p = {p:?}, alpha = {alpha:.2e})",
                        me.name
                    ));
                }
            };
            for (name, mine) in [("score", ours.score), ("cooperations", ours.cooperations)] {
                let mean = reference[format!("{name}_mean")].as_f64().unwrap();
                let var = reference[format!("{name}_var")].as_f64().unwrap();
                let p = welch((mine.0, mine.1, our_n), (mean, var, their_n));
                check(format!("mean {name}"), mine.0, mean, p);
            }
            let theirs = reference["first_cooperations"].as_array().unwrap();
            assert_eq!(theirs.len(), profile);
            for (t, (&ours_t, theirs_t)) in ours.first_cooperations.iter().zip(theirs).enumerate() {
                let k1 = ours_t as f64;
                let k2 = theirs_t.as_f64().unwrap();
                let p = proportions(k1, our_n, k2, their_n);
                check(
                    format!("share cooperating on turn {}", t + 1),
                    k1 / our_n,
                    k2 / their_n,
                    p,
                );
            }
        }
    }
    assert_eq!(checked, comparisons);
    assert!(
        failures.is_empty(),
        "{} of {comparisons} comparisons reject at family-wise level {FAMILY_ALPHA}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_test_rejects_a_wrong_probability() {
    // Random(0.5) against a sample drawn as if p were 0.45: the score test
    // must see the difference at the per-comparison level of a file of ~1000
    // comparisons.
    let random = PlayerSpec::new("random").build().unwrap();
    let wrong = PlayerSpec::new("random").with("p", 0.45).build().unwrap();
    let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
    let ours = sample(&random, &tft, 100, 1);
    let theirs = sample(&wrong, &tft, 100, 1);
    let p = welch(
        (ours.cooperations.0, ours.cooperations.1, OUR_SEEDS as f64),
        (
            theirs.cooperations.0,
            theirs.cooperations.1,
            OUR_SEEDS as f64,
        ),
    )
    .unwrap();
    assert!(p < FAMILY_ALPHA / 1000.0, "p = {p}");
}
