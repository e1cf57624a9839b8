//! Speed of the evolutionary dynamics, and the Nowak & May check at scale.
//!
//! Run with `cargo bench --bench evolution [AXELROD_MS_PER_RUN]`. Reported:
//! time per Moran fixation run on the population of
//! `benches/axelrod_moran.py` (2 each of Tit For Tat, Defector, Cooperator,
//! Grudger; 200 turns; birth-death), one thread, with the payoff table built
//! once (as a study does) and built afresh for every run (a cold run); the
//! same with noise 0.05 (every match played afresh each step); a
//! fixation study of 100,000 runs on all threads; and Nowak & May on a
//! 400 x 400 torus from a random start. The axelrod time per run is measured
//! by `python3 benches/axelrod_moran.py` and can be passed as the argument
//! to print the speed-up (default: 1238 ms, measured on this machine with
//! axelrod 4.14.0).

use dilemma::evolution::fixation::{FixationStudy, estimate_fixation};
use dilemma::evolution::graph::Graph;
use dilemma::evolution::moran::{Fitness, Mode, MoranProcess};
use dilemma::evolution::payoff_table::PayoffTable;
use dilemma::evolution::spatial::{Boundary, Neighbourhood, SpatialGame};
use dilemma::ipd::{Horizon, MatchSettings, Payoffs, Player, PlayerSpec};
use std::hint::black_box;
use std::sync::Arc;
use std::time::Instant;

fn process(players: &[Player], settings: MatchSettings) -> MoranProcess {
    MoranProcess {
        type_names: players.iter().map(|p| p.name.clone()).collect(),
        fitness: Fitness::Matches(Arc::new(PayoffTable::build(players, settings))),
        initial: vec![0, 0, 1, 1, 2, 2, 3, 3],
        mode: Mode::BirthDeath,
        mutation: 0.0,
        interaction: Graph::complete(8),
        replacement: Graph::complete(8),
        max_steps: None,
    }
}

fn main() {
    let axelrod_ms: f64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1238.0);
    // Chosen at run time so the compiler cannot fold the strategies away.
    let ids: Vec<String> = ["tit-for-tat", "defector", "cooperator", "grudger"]
        .iter()
        .map(|s| black_box(s.to_string()))
        .collect();
    let players: Vec<Player> = ids
        .iter()
        .map(|id| PlayerSpec::new(id).build().unwrap())
        .collect();
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns: 200 },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();

    let p = process(&players, settings);
    let runs = 200_000u64;
    let t = Instant::now();
    let steps: u64 = one.install(|| (0..runs).map(|r| p.run(1, r, false).steps).sum());
    let warm = t.elapsed().as_secs_f64() / runs as f64;
    println!(
        "moran, 8 players, 200 turns, table built once: {:.3} us per fixation run (1 thread, {runs} runs, mean {:.1} steps)",
        warm * 1e6,
        steps as f64 / runs as f64
    );
    println!(
        "  vs axelrod 4.14.0 MoranProcess ({axelrod_ms} ms per run): {:.0}x faster",
        axelrod_ms / 1e3 / warm
    );
    let cold_runs = 2000u64;
    let t = Instant::now();
    for r in 0..cold_runs {
        let p = process(black_box(&players), settings);
        black_box(p.run(1, r, false));
    }
    let cold = t.elapsed().as_secs_f64() / cold_runs as f64;
    println!(
        "moran, table built for every run (cold): {:.3} us per run; {:.0}x faster than axelrod",
        cold * 1e6,
        axelrod_ms / 1e3 / cold
    );

    let noisy = process(
        &players,
        MatchSettings {
            noise: 0.05,
            ..settings
        },
    );
    let noisy_runs = 200u64;
    let t = Instant::now();
    let steps: u64 = one.install(|| (0..noisy_runs).map(|r| noisy.run(1, r, false).steps).sum());
    let per = t.elapsed().as_secs_f64() / noisy_runs as f64;
    println!(
        "moran with noise 0.05 (28 fresh 200-turn matches per step): {:.3} ms per run (mean {:.1} steps)",
        per * 1e3,
        steps as f64 / noisy_runs as f64
    );

    let study = FixationStudy {
        process: p.clone(),
        runs: 1_000_000,
        seed: 1,
    };
    let t = Instant::now();
    let result = estimate_fixation(&study, |_| {});
    println!(
        "fixation study, {} runs on {} threads: {:.3} s; probabilities {:?}",
        study.runs,
        rayon::current_num_threads(),
        t.elapsed().as_secs_f64(),
        result
            .type_names
            .iter()
            .zip(&result.probabilities)
            .map(|(n, p)| format!("{n} {p:.4}"))
            .collect::<Vec<_>>()
    );

    let mut game = SpatialGame::nowak_may(400, 1.9, Neighbourhood::Moore, true, Boundary::Periodic);
    game.seed = 1;
    let t = Instant::now();
    let frames = game.run(game.random_start(&[0.9, 0.1]), 400);
    let late: Vec<f64> = frames[301..]
        .iter()
        .map(|f| game.counts(f)[0] as f64 / 160_000.0)
        .collect();
    let seconds = t.elapsed().as_secs_f64();
    println!(
        "nowak-may 400x400, b = 1.9, 400 steps: {:.3} s ({:.1} ns per cell-step); cooperator fraction over steps 301..400: mean {:.4} (published ~0.318)",
        seconds,
        seconds / (400.0 * 160_000.0) * 1e9,
        late.iter().sum::<f64>() / late.len() as f64
    );
}
