//! Speed of the pirate induction and the guessing-game analyses.
//!
//! Run with `cargo bench --bench dilemmas`. Reported: N = 10,000 pirates
//! with G = 100 and G = 5,000 (issue 26's goal: under one second), each
//! without the listing of equally good proposals (the induction alone) and
//! with it (1000 listed), N = 500, and the standard guess-2/3 analysis with
//! its simulation. `cargo bench --bench small_commands` times the same
//! pirate splits through the command line.

use dilemma::dilemmas::count::digits;
use dilemma::dilemmas::guess::GuessGame;
use dilemma::dilemmas::guess::analysis::{AnalysisSettings, analyse};
use dilemma::dilemmas::guess::simulation::SimulationSettings;
use dilemma::dilemmas::pirates::alternatives::{MAX_LISTED, equally_good};
use dilemma::dilemmas::pirates::{PirateGame, Rules, solve};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        last = Some(work());
        best = best.min(t.elapsed());
    }
    (best, last.expect("at least one run"))
}

fn main() {
    let pirates: i64 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(10_000);
    for (n, g) in [(500, 100), (pirates, 100), (pirates, 5000)] {
        let game = PirateGame::new(n, g, Rules::default()).expect("valid game");
        let (time, s) = best_of(3, || solve(black_box(&game), 0));
        println!(
            "pirates N = {n}, G = {g}: {:.3} s (best of 3); {} thrown overboard, {}-digit count of equally good proposals",
            time.as_secs_f64(),
            s.thrown_overboard(),
            digits(&s.passing_round().alternatives())
        );
        let (time, listed) = best_of(3, || {
            let s = solve(black_box(&game), 0);
            equally_good(&s, MAX_LISTED).len()
        });
        println!(
            "pirates N = {n}, G = {g}, with the listing: {:.3} s (best of 3); {listed} equally good proposals listed",
            time.as_secs_f64(),
        );
    }
    let game = GuessGame::standard(1000);
    let settings = AnalysisSettings {
        levels: 10,
        tau: 1.5,
        elimination_rounds: 30,
        simulation: SimulationSettings::new(&game, 100, 1.5, 0.02, 1).expect("valid"),
    };
    let (time, a) = best_of(3, || analyse(black_box(&game), &settings).expect("valid"));
    println!(
        "guess 2/3, 1000 players, 100 simulated rounds: {:.3} s; CH mean {:.4}",
        time.as_secs_f64(),
        a.cognitive_hierarchy.mean
    );
}
