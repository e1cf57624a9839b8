//! `scenarios/axelrod-second.toml` against axelrod 4.14.0's tournament of the
//! same line-up (data: `tests/data/axelrod_second_ranking.json`, from
//! `tests/data/generate_axelrod_second_ranking.py`).
//!
//! The horizon is random (a match ends after each turn with probability
//! 0.00346) and eleven entries are stochastic, so the comparison is in
//! distribution: for every entry, its median normalised score over the
//! scenario's 5 repetitions is a random variable; axelrod gives a sample of
//! it over its seeds, we over as many of our seeds. Welch's z test compares
//! the two means for each entry, at family-wise level 0.001 over the 26
//! entries (Bonferroni: each at 0.001 / 26). The ranking by mean score must
//! also agree closely: Spearman's rank correlation at least 0.9.

use dilemma::ipd::strategies::chi_squared::chi2_sf_one;
use dilemma::scenario::Scenario;
use serde_json::Value;

const FAMILY_ALPHA: f64 = 0.001;

fn load() -> Value {
    let path = format!(
        "{}/tests/data/axelrod_second_ranking.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn mean_and_variance(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, var)
}

/// Ranks (0 = best) of the values, ties broken by index.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    let mut rank = vec![0.0; values.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r as f64;
    }
    rank
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let d2: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - y) * (x - y)).sum();
    1.0 - 6.0 * d2 / (n * (n * n - 1.0))
}

#[test]
fn the_second_tournament_scores_as_in_axelrod() {
    let data = load();
    assert_eq!(data["axelrod_version"], "4.14.0");
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/axelrod-second.toml");
    let Scenario::Tournament(scenario) = dilemma::scenario::load(&path).unwrap().scenario else {
        panic!("axelrod-second.toml is not a tournament");
    };
    let players = data["players"].as_array().unwrap();
    assert_eq!(players.len(), scenario.players.len());
    for (ours, theirs) in scenario.players.iter().zip(players) {
        assert_eq!(ours.name, theirs["name"].as_str().unwrap());
        assert_eq!(ours.id(), theirs["id"].as_str().unwrap());
    }
    let tournaments = data["tournaments"].as_array().unwrap();
    let n = players.len();
    let mut theirs = vec![Vec::new(); n];
    for t in tournaments {
        for (i, s) in t["median_scores"].as_array().unwrap().iter().enumerate() {
            theirs[i].push(s.as_f64().unwrap());
        }
    }
    let mut ours = vec![Vec::new(); n];
    for seed in 1..=tournaments.len() as u64 {
        let mut tournament = scenario.tournament();
        tournament.seed = seed;
        for row in tournament.play().summary() {
            ours[row.original_index].push(row.median_score);
        }
    }
    let alpha = FAMILY_ALPHA / n as f64;
    let mut failures = Vec::new();
    let (mut our_means, mut their_means) = (Vec::new(), Vec::new());
    for i in 0..n {
        let (m1, v1) = mean_and_variance(&ours[i]);
        let (m2, v2) = mean_and_variance(&theirs[i]);
        our_means.push(m1);
        their_means.push(m2);
        let se = (v1 / ours[i].len() as f64 + v2 / theirs[i].len() as f64).sqrt();
        let p = chi2_sf_one(((m1 - m2) / se).powi(2));
        if p < alpha {
            failures.push(format!(
                "{}: ours {m1:.4} (sd {:.4}), axelrod {m2:.4} (sd {:.4}), p = {p:.2e}",
                scenario.players[i].name,
                v1.sqrt(),
                v2.sqrt()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "mean median scores differ at family-wise level {FAMILY_ALPHA}:\n{}",
        failures.join("\n")
    );
    let rho = spearman(&our_means, &their_means);
    assert!(rho >= 0.9, "Spearman rank correlation {rho}");
}
