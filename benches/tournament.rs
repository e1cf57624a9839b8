//! Throughput of the IPD engine, in turns per second.
//!
//! Run with `cargo bench --bench tournament`. Strategies are chosen at run
//! time from their ids (as a scenario file would), so the compiler cannot
//! fold them away. Reported:
//! 1. the raw match loop on every ordered pair of deterministic strategies
//!    (long matches, one thread, no reuse of repeated matches);
//! 2. a 15-player, 200-turn, 5-repetition tournament (all threads), as a
//!    user runs it, with reuse of repeated deterministic matches;
//! 3. the same tournament with noise 0.01 (nothing can be reused);
//! 4. a tournament of Random players only (every turn draws);
//! 5. a tournament of the whole catalogue (every strategy with its default
//!    parameters), 200 turns, 10 repetitions, then the 10 slowest catalogue
//!    strategies by cost per turn: each plays 200 turns against a panel of
//!    five opponents (Cooperator, Defector, Tit For Tat, Random, Alternator),
//!    20 seeds each, one thread, nothing reused (the panel's own cost is the
//!    same for every row);
//! 6. Axelrod's first tournament (`scenarios/axelrod-first.toml`: 15 players,
//!    200 turns, 5 repetitions) against the axelrod library's time for the
//!    same line-up (`tests/data/axelrod_timings.json`);
//! 7. the whole catalogue on a graph (`[tournament] edges`): a cycle and a
//!    star (n and n - 1 edges instead of n (n + 1) / 2 pairs), 200 turns, 10
//!    repetitions, the fold over the opponents met included.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, NoRecording, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::{Payoffs, PlayerSpec, Tournament};
use std::hint::black_box;
use std::time::{Duration, Instant};

const DETERMINISTIC: [&str; 8] = [
    "cooperator",
    "defector",
    "tit-for-tat",
    "grudger",
    "tit-for-2-tats",
    "suspicious-tit-for-tat",
    "win-stay-lose-shift",
    "alternator",
];

/// Runs `work` until at least `budget` has passed; returns the best time of
/// one call and its result.
fn best_of<T>(budget: Duration, mut work: impl FnMut() -> T) -> (Duration, T) {
    let started = Instant::now();
    let mut best = Duration::MAX;
    let mut last;
    loop {
        let t = Instant::now();
        last = work();
        best = best.min(t.elapsed());
        if started.elapsed() >= budget {
            return (best, last);
        }
    }
}

fn fifteen_players() -> Vec<PlayerSpec> {
    let mut specs: Vec<PlayerSpec> = DETERMINISTIC.iter().map(|id| PlayerSpec::new(id)).collect();
    for p in [0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9] {
        specs.push(PlayerSpec::new("random").with("p", p));
    }
    specs
}

fn tournament(specs: &[PlayerSpec], turns: u32, repetitions: u32, noise: f64) -> Tournament {
    Tournament {
        players: specs
            .iter()
            .map(|s| s.build().expect("known strategy"))
            .collect(),
        settings: MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise,
            payoffs: Payoffs::STANDARD,
        },
        repetitions,
        seed: 1,
        pairings: dilemma::ipd::Pairings::RoundRobin,
    }
}

fn main() {
    let budget = Duration::from_secs(2);
    let threads = rayon::current_num_threads();
    println!("dilemma tournament benchmark ({threads} threads available)\n");

    // 1. Raw match loop, one thread, deterministic pairs.
    let players: Vec<_> = DETERMINISTIC
        .iter()
        .map(|id| PlayerSpec::new(id).build().unwrap())
        .collect();
    let turns = 1_000_000u32;
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let (elapsed, checksum) = best_of(budget, || {
        let mut checksum = 0u64;
        for a in &players {
            for b in &players {
                let mut rng = match_rng(1, 0, 1, 0);
                let outcome = play_match(
                    &a.prototype,
                    &b.prototype,
                    &settings,
                    &mut rng,
                    &mut NoRecording,
                );
                checksum += outcome.cooperations()[0] as u64;
            }
        }
        black_box(checksum)
    });
    let total = (players.len() * players.len()) as f64 * turns as f64;
    println!(
        "match loop, 64 deterministic pairs x {turns} turns, 1 thread: {:.1} ms, {:.0} million turns/s (checksum {checksum})",
        elapsed.as_secs_f64() * 1e3,
        total / elapsed.as_secs_f64() / 1e6
    );

    // 1b. Raw match loop with Random (every turn draws).
    let random = PlayerSpec::new("random").build().unwrap();
    let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
    let (elapsed, _) = best_of(budget, || {
        let mut rng = match_rng(1, 0, 1, 0);
        black_box(play_match(
            &random.prototype,
            &tft.prototype,
            &settings,
            &mut rng,
            &mut NoRecording,
        ))
    });
    println!(
        "match loop, Random: 0.5 vs Tit For Tat x {turns} turns, 1 thread: {:.1} ms, {:.0} million turns/s",
        elapsed.as_secs_f64() * 1e3,
        turns as f64 / elapsed.as_secs_f64() / 1e6
    );

    // 2-4. Whole tournaments as users run them.
    let specs = fifteen_players();
    let deterministic: Vec<PlayerSpec> = specs[..8].to_vec();
    let randoms: Vec<PlayerSpec> = specs[8..].to_vec();
    let mut classic = deterministic.clone();
    classic.push(PlayerSpec::new("random").with("p", 0.5));
    let t = tournament(&classic, 200, 10, 0.0);
    let (elapsed, results) = best_of(budget, || t.play());
    println!(
        "tournament, the scenarios/classic.toml line-up (9 players), 200 turns, 10 repetitions: {:.3} ms, {} turns, {:.0} million turns/s",
        elapsed.as_secs_f64() * 1e3,
        results.total_turns(),
        results.total_turns() as f64 / elapsed.as_secs_f64() / 1e6
    );
    for (label, specs, noise) in [
        (
            "8 deterministic players, 200 turns, 5 repetitions",
            &deterministic,
            0.0,
        ),
        (
            "15 players (8 deterministic + 7 Random), 200 turns, 5 repetitions",
            &specs,
            0.0,
        ),
        (
            "15 players, 200 turns, 5 repetitions, noise 0.01",
            &specs,
            0.01,
        ),
        ("7 Random players, 200 turns, 5 repetitions", &randoms, 0.0),
    ] {
        let t = tournament(specs, 200, 5, noise);
        let (elapsed, results) = best_of(budget, || t.play());
        println!(
            "tournament, {label}: {:.3} ms, {} turns, {:.0} million turns/s",
            elapsed.as_secs_f64() * 1e3,
            results.total_turns(),
            results.total_turns() as f64 / elapsed.as_secs_f64() / 1e6
        );
    }

    // 5. The whole catalogue.
    let everyone: Vec<PlayerSpec> = dilemma::ipd::strategies::CATALOGUE
        .iter()
        .map(|info| PlayerSpec::new(info.id))
        .collect();
    let t = tournament(&everyone, 200, 10, 0.0);
    let (elapsed, results) = best_of(budget, || t.play());
    println!(
        "tournament, the whole catalogue ({} strategies), 200 turns, 10 repetitions: {:.3} ms, {} turns, {:.0} million turns/s",
        everyone.len(),
        elapsed.as_secs_f64() * 1e3,
        results.total_turns(),
        results.total_turns() as f64 / elapsed.as_secs_f64() / 1e6
    );

    // 5b. The slowest strategies by cost per turn.
    let panel: Vec<_> = [
        "cooperator",
        "defector",
        "tit-for-tat",
        "random",
        "alternator",
    ]
    .iter()
    .map(|id| PlayerSpec::new(id).build().unwrap())
    .collect();
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns: 200 },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let seeds = 20u64;
    let mut costs: Vec<(f64, String)> = dilemma::ipd::strategies::CATALOGUE
        .iter()
        .map(|info| {
            let player = PlayerSpec::new(info.id).build().unwrap();
            let (elapsed, checksum) = best_of(Duration::from_millis(20), || {
                let mut checksum = 0u64;
                for (k, opponent) in panel.iter().enumerate() {
                    for seed in 0..seeds {
                        let mut rng = match_rng(seed, 0, k as u64 + 1, 0);
                        let outcome = play_match(
                            &player.prototype,
                            &opponent.prototype,
                            &settings,
                            &mut rng,
                            &mut NoRecording,
                        );
                        checksum += outcome.cooperations()[0] as u64;
                    }
                }
                black_box(checksum)
            });
            black_box(checksum);
            let turns = (panel.len() as u64 * seeds * 200) as f64;
            (elapsed.as_secs_f64() / turns * 1e9, player.name)
        })
        .collect();
    costs.sort_by(|a, b| b.0.total_cmp(&a.0));
    let median = costs[costs.len() / 2].0;
    println!(
        "the 10 slowest strategies, ns per turn against a panel of 5 (median over the catalogue: {median:.1} ns):"
    );
    for (ns, name) in costs.iter().take(10) {
        println!("  {ns:8.1} ns  {name}");
    }

    // 6. Axelrod's first tournament, as the scenario file defines it.
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/axelrod-first.toml");
    let dilemma::scenario::Scenario::Tournament(first) = dilemma::scenario::load(&path)
        .expect("scenario loads")
        .scenario
    else {
        panic!("axelrod-first.toml is not a tournament");
    };
    let t = first.tournament();
    let (elapsed, results) = best_of(budget, || t.play());
    let timings: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/axelrod_timings.json"),
        )
        .expect("axelrod timings"),
    )
    .expect("axelrod timings are JSON");
    let axelrod_seconds = timings["timings"]
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|t| t["label"] == "axelrod_first_strategies_t200_r5")
        })
        .and_then(|t| t["seconds_play_min"].as_f64());
    println!(
        "tournament, Axelrod's first tournament (scenarios/axelrod-first.toml, {} players), 200 turns, 5 repetitions: {:.3} ms, {} turns, {:.0} million turns/s{}",
        t.players.len(),
        elapsed.as_secs_f64() * 1e3,
        results.total_turns(),
        results.total_turns() as f64 / elapsed.as_secs_f64() / 1e6,
        match axelrod_seconds {
            Some(s) => format!(
                "; axelrod 4.14.0: {s:.2} s (tests/data/axelrod_timings.json), {:.0}x slower",
                s / elapsed.as_secs_f64()
            ),
            None => String::new(),
        }
    );

    // 7. The whole catalogue on a graph: only the edges play.
    let catalogue = tournament(&everyone, 200, 10, 0.0);
    for (label, graph) in [
        (
            "cycle",
            dilemma::evolution::graph::Graph::cycle(everyone.len()),
        ),
        (
            "star",
            dilemma::evolution::graph::Graph::star(everyone.len()),
        ),
    ] {
        let mut on_graph = catalogue.clone();
        on_graph.pairings = dilemma::ipd::Pairings::edges(everyone.len(), &graph.edges())
            .expect("a named graph's edges");
        let (elapsed, results) = best_of(budget, || {
            let results = on_graph.play();
            black_box(results.summary());
            results
        });
        println!(
            "tournament, the whole catalogue on a {label} ({} edges), 200 turns, 10 repetitions, summary included: {:.3} ms, {} turns, {:.0} million turns/s",
            on_graph.pairings.count(everyone.len()),
            elapsed.as_secs_f64() * 1e3,
            results.total_turns(),
            results.total_turns() as f64 / elapsed.as_secs_f64() / 1e6
        );
    }
}
