//! Speed of training (issue 25): turns per second while training
//! `scenarios/train-lookup-first.toml` (a lookup 1-1-1 against the first
//! tournament's fifteen entries: population 40, 100 generations, 200
//! turns, 5 repetitions of a stochastic pair), on one thread and on every
//! thread of the machine; and, from the measured rate and the work model
//! (`scenario::work::train_turns`), the time of the paper's full settings
//! (a lookup 2-2-2 against the whole non-long-run catalogue, population 40,
//! 500 generations, 200 turns, 10 repetitions) on 2 cores and on a 64-core
//! Slurm array (64 independent restarts, one per core: the time of one).
//! Then every representation (and the swarm) on one thread against the
//! same fifteen, population 20, 30 generations: turns played, CPU seconds
//! and turns per CPU second (a network's moves cost more; a gambler or an
//! HMM draws, so it plays every repetition of every pair).
//!
//! Run with `cargo bench --bench train`.

use dilemma::scenario::Scenario;
use dilemma::scenario::train::TrainScenario;
use dilemma::train::{Representation, Swarm, Training};
use std::time::Instant;

/// CPU seconds of this process so far (utime + stime from /proc; 0
/// elsewhere): the machine may be shared, so rates are per CPU second.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// Trains `s` on a pool of `threads`; (turns played, wall seconds, CPU
/// seconds).
fn train(s: &TrainScenario, threads: usize) -> (u64, f64, f64) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let field = s.field();
    pool.install(|| {
        let started = Instant::now();
        let cpu = cpu_seconds();
        let mut training = Training::start(s.representation, s.genetic, &field, s.seed, 0);
        let mut turns = 0;
        let mut best = f64::NAN;
        while let Some(generation) = training.step() {
            turns += generation.turns;
            best = generation.best_value();
        }
        let seconds = started.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        println!("    best score per turn in the last generation: {best:.4}");
        (turns, seconds, cpu)
    })
}

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let loaded = dilemma::scenario::load(&root.join("scenarios/train-lookup-first.toml"))
        .unwrap_or_else(|e| panic!("{e}"));
    let Scenario::Train(s) = loaded.scenario else {
        panic!("a train scenario")
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("train-lookup-first: training only (no files, no final tournament)");
    let mut per_cpu = 0.0;
    for t in [1, threads] {
        let (turns, seconds, cpu) = train(&s, t);
        per_cpu = turns as f64 / cpu.max(0.01);
        println!(
            "  {t} thread(s): {turns} turns in {seconds:.3} s wall, {cpu:.2} s CPU: {:.3e} \
             turns/s wall, {per_cpu:.3e} turns per CPU second",
            turns as f64 / seconds
        );
    }
    // The paper's settings, by the work model, at the rate per CPU second
    // just measured (the last run's, on every thread).
    let catalogue = dilemma::scenario::train::line_up("catalogue")
        .unwrap()
        .unwrap();
    let mut paper = (*s).clone();
    paper.representation = Representation::Lookup {
        own: 2,
        opponent: 2,
        opponent_first: 2,
    };
    paper.opponents = catalogue
        .into_iter()
        .map(|p| p.with_game(&paper.settings.payoffs))
        .collect();
    paper.genetic.generations = 500;
    paper.repetitions = 10;
    let work = dilemma::scenario::work::train_turns(&paper);
    let per_thread = per_cpu;
    let two_cores = work as f64 / (per_thread * 2.0);
    let one_core = work as f64 / per_thread;
    println!(
        "paper settings (lookup 2-2-2, {} opponents, population 40, 500 generations, \
         200 turns, 10 repetitions): {:.3e} ordinary turns by the work model",
        paper.opponents.len(),
        work as f64
    );
    println!(
        "  at {:.3e} turns/s per core: {:.0} s on 2 cores; a 64-core Slurm array of 64 \
         restarts: {:.0} s (one restart per core)",
        per_thread, two_cores, one_core
    );

    // Every representation, small runs on one thread.
    println!("every representation: population 20, 30 generations, one thread");
    let swarm = Some(Swarm {
        inertia: 0.8,
        cognitive: 0.8,
        social: 0.8,
    });
    let kinds = [
        (
            Representation::Lookup {
                own: 2,
                opponent: 2,
                opponent_first: 2,
            },
            None,
        ),
        (Representation::Cycle { length: 16 }, None),
        (
            Representation::Gambler {
                own: 2,
                opponent: 2,
                opponent_first: 2,
            },
            None,
        ),
        (
            Representation::Gambler {
                own: 2,
                opponent: 2,
                opponent_first: 2,
            },
            swarm,
        ),
        (Representation::Fsm { states: 16 }, None),
        (Representation::Hmm { states: 5 }, None),
        (Representation::Ann { hidden: 10 }, None),
        (Representation::Ann { hidden: 10 }, swarm),
    ];
    for (representation, swarm) in kinds {
        let mut small = (*s).clone();
        small.representation = representation;
        small.genetic.population = 20;
        small.genetic.generations = 30;
        small.genetic.keep = 5;
        small.genetic.swarm = swarm;
        let by = if swarm.is_some() { "swarm" } else { "genetic" };
        println!("  {} ({by}):", representation.describe());
        let (turns, _, cpu) = train(&small, 1);
        println!(
            "    {turns} turns, {cpu:.2} s CPU, {:.3e} turns per CPU second",
            turns as f64 / cpu.max(0.01)
        );
    }
}
