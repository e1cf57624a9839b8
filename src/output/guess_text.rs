//! Guess p of the average in words and as JSON: the report `dilemma guess`
//! prints and `dilemma run` puts in report.html, and `analysis.json`.

use crate::dilemmas::guess::analysis::GuessAnalysis;
use crate::dilemmas::guess::elimination::Stop;
use crate::dilemmas::guess::equilibria::Search;
use crate::normal_form::rational::Rational;
use crate::output::table;
use serde_json::{Value, json};

fn ratio_json(r: Rational) -> Value {
    json!(r.to_f64())
}

/// The JSON form of an analysis.
pub fn analysis_json(a: &GuessAnalysis) -> Value {
    let g = &a.game;
    let equilibria: Vec<Value> = a
        .equilibria
        .equilibria
        .iter()
        .map(|e| {
            json!({
                "description": e.describe(),
                "profile": e.profile.iter().map(|(v, c)| json!({"choice": ratio_json(*v), "exact": v.to_string(), "players": c})).collect::<Vec<_>>(),
                "symmetric": e.profile.len() == 1,
            })
        })
        .collect();
    let elimination: Vec<Value> = a
        .elimination
        .rounds
        .iter()
        .map(|b| json!({"round": b.round, "lo": ratio_json(b.lo), "hi": ratio_json(b.hi), "lo_exact": b.lo.to_string(), "hi_exact": b.hi.to_string()}))
        .collect();
    let ch = &a.cognitive_hierarchy;
    json!({
        "game": {
            "p": g.p.to_string(),
            "p_value": g.p.to_f64(),
            "range": [g.lo, g.hi],
            "choices": g.choices.name(),
            "rounding": g.rounding.name(),
            "players": g.players,
            "rule": g.describe(),
        },
        "equilibria": equilibria,
        "every_common_choice_is_an_equilibrium": a.equilibria.every_common_choice,
        "equilibrium_search": search_text(a.equilibria.search),
        "elimination": elimination,
        "elimination_stop": stop_text(a.elimination.stop),
        "elimination_tends_to": a.elimination.tends_to.map(ratio_json),
        "level_k": a.level_k.iter().map(|r| r.to_f64()).collect::<Vec<_>>(),
        "level_k_exact": a.level_k.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
        "cognitive_hierarchy": {
            "tau": ch.tau,
            "mean": ch.mean,
            "target": ch.target,
            "levels": ch.shares.iter().zip(&ch.choices).enumerate().take(12)
                .map(|(k, (s, x))| json!({"level": k, "share": s, "choice": x})).collect::<Vec<_>>(),
        },
        "simulation": {
            "seed": a.settings.simulation.seed,
            "rounds": a.settings.simulation.rounds,
            "tau": a.settings.simulation.tau,
            "noise": a.settings.simulation.noise,
            "players": g.players,
            "per_round": a.simulation.rounds.iter().map(|r| json!({
                "round": r.round, "anchor": r.anchor, "mean": r.mean, "median": r.median,
                "min": r.min, "max": r.max, "target": r.target,
                "winning_choice": r.winning_choice, "winners": r.winners,
            })).collect::<Vec<_>>(),
        },
    })
}

/// How the equilibria were searched, in words.
pub fn search_text(search: Search) -> String {
    match search {
        Search::Exhaustive { profiles } => format!(
            "exhaustive: all {profiles} profiles checked against every deviation"
        ),
        Search::Symmetric => "symmetric profiles (everyone picks the same) all checked exactly; asymmetric profiles not searched (too many)".into(),
        Search::SymmetricNearCandidates => "symmetric profiles within 10000 of lo, 0 and hi checked exactly (range too large to scan); asymmetric profiles not searched".into(),
    }
}

/// Why elimination stopped, in words.
pub fn stop_text(stop: Stop) -> &'static str {
    match stop {
        Stop::Stable => "stable: a further round eliminates nothing",
        Stop::RoundLimit => "round limit reached (the bounds keep shrinking)",
        Stop::Overflow => "stopped: the next bounds exceed exact 128-bit arithmetic",
    }
}

/// The terminal report.
pub fn report(a: &GuessAnalysis) -> String {
    let g = &a.game;
    let mut out = format!("Guess {} of the average: {}.\n\n", g.p, g.describe());
    out.push_str("Pure equilibria (");
    out.push_str(&search_text(a.equilibria.search));
    out.push_str("):\n");
    if a.equilibria.every_common_choice {
        out.push_str("  every common choice is an equilibrium (p = 1: the target is the mean)\n");
    }
    if a.equilibria.equilibria.is_empty() {
        out.push_str("  none found\n");
    }
    for e in &a.equilibria.equilibria {
        out.push_str(&format!("  {}\n", e.describe()));
    }
    out.push_str(
        "\nIterated elimination of dominated choices (surviving choices after each round):\n",
    );
    let mut rows = vec![vec![
        "round".to_string(),
        "lowest".into(),
        "highest".into(),
        "highest (exact)".into(),
    ]];
    let n = a.elimination.rounds.len();
    for (i, b) in a.elimination.rounds.iter().enumerate() {
        if n > 16 && i == 12 {
            rows.push(vec!["...".into()]);
        }
        if n > 16 && (12..n - 3).contains(&i) {
            continue;
        }
        rows.push(vec![
            b.round.to_string(),
            b.lo.decimal(4),
            b.hi.decimal(4),
            b.hi.to_string(),
        ]);
    }
    out.push_str(&table::render(&rows, &[true, true, true, true]));
    out.push_str(stop_text(a.elimination.stop));
    if let Some(point) = a.elimination.tends_to {
        out.push_str(&format!("; the bounds tend to {}", point.decimal(4)));
    }
    out.push_str(".\n\nLevel-k (level 0 uniform; level k picks p x level k-1):\n");
    let mut rows = vec![vec!["level".to_string(), "choice".into(), "exact".into()]];
    for (k, x) in a.level_k.iter().enumerate() {
        rows.push(vec![k.to_string(), x.decimal(2), x.to_string()]);
    }
    out.push_str(&table::render(&rows, &[true, true, true]));
    let ch = &a.cognitive_hierarchy;
    out.push_str(&format!(
        "\nCognitive hierarchy (Camerer, Ho and Chong 2004), Poisson tau = {}: mean choice {:.2}, target {:.2}.\n",
        ch.tau, ch.mean, ch.target
    ));
    let s = &a.settings.simulation;
    out.push_str(&format!(
        "\nSimulation: {} players with Poisson({}) levels, noise ±{} of the range, seed {}:\n",
        g.players, s.tau, s.noise, s.seed
    ));
    let mut rows = vec![
        [
            "round",
            "mean",
            "median",
            "min",
            "max",
            "target",
            "winning choice",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for r in &a.simulation.rounds {
        rows.push(vec![
            r.round.to_string(),
            format!("{:.2}", r.mean),
            format!("{:.2}", r.median),
            format!("{:.2}", r.min),
            format!("{:.2}", r.max),
            format!("{:.2}", r.target),
            format!("{:.2}", r.winning_choice),
        ]);
    }
    out.push_str(&table::render(&rows, &[true; 7]));
    out
}
