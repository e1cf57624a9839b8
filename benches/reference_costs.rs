//! Where the time of an axelrod reference tournament goes: every match of
//! `scenarios/reference/axelrod-reference-{standard,noisy,probend}.toml`
//! played as the tournament plays it (a repeatable pair once, every other
//! pair `repetitions` times; self-play included), with each player's move
//! timed on its own (a clock read before and after every `choose`), and the
//! CPU-seconds summed per player. Prints the players by cost, most
//! expensive first, with their share of all move time, turns and
//! nanoseconds a move; the clock's own cost (an empty timed call) is
//! measured and subtracted. The clock reads wall time: on a shared machine
//! a move's interval includes the time its thread waited for a core, so
//! the shares are the result, and the CPU-s column is each share of the
//! process's own CPU time over the timed play (getrusage), less the
//! clock's. The process CPU beyond the moves here is mostly the clock
//! reads themselves: `perf record` of `dilemma run` on the standard
//! tournament puts about 95% of its CPU in play and 5% in the rest
//! (scoring, CSV, charts).
//!
//!   cargo bench --bench reference_costs                  (standard)
//!   cargo bench --bench reference_costs -- noisy 25      (a variant, top 25)

use dilemma::ipd::history::History;
use dilemma::ipd::random::{bernoulli, match_rng};
use dilemma::ipd::strategies::MatchContext;
use dilemma::scenario::{Scenario, load};
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Per player: nanoseconds spent in its moves, and its moves.
#[derive(Clone)]
struct Costs {
    nanos: Vec<u64>,
    moves: Vec<u64>,
}

impl Costs {
    fn new(n: usize) -> Costs {
        Costs {
            nanos: vec![0; n],
            moves: vec![0; n],
        }
    }

    fn merge(mut self, other: Costs) -> Costs {
        for (a, b) in self.nanos.iter_mut().zip(other.nanos) {
            *a += b;
        }
        for (a, b) in self.moves.iter_mut().zip(other.moves) {
            *a += b;
        }
        self
    }
}

/// The clock's own cost: nanoseconds of two reads around nothing.
fn clock_cost() -> f64 {
    let rounds = 10_000_000u64;
    let start = Instant::now();
    let mut sink = 0u64;
    for _ in 0..rounds {
        let t0 = Instant::now();
        let t1 = Instant::now();
        sink = sink.wrapping_add((t1 - t0).as_nanos() as u64);
    }
    std::hint::black_box(sink);
    start.elapsed().as_nanos() as f64 / rounds as f64
}

/// CPU seconds (user and system) of this process so far.
fn process_cpu_seconds() -> f64 {
    // SAFETY: getrusage writes the struct it is given and nothing else.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let variant = args.next().unwrap_or_else(|| "standard".into());
    let top: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(30);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/reference")
        .join(format!("axelrod-reference-{variant}.toml"));
    let loaded = load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let Scenario::Tournament(scenario) = loaded.scenario else {
        panic!("{}: not a tournament", path.display())
    };
    let t = scenario.tournament();
    let n = t.players.len();
    let clock = clock_cost();
    let context = MatchContext {
        length: t.settings.horizon.known_length(),
        payoffs: t.settings.payoffs,
    };
    let noise = t.settings.noise;
    let cpu_before = process_cpu_seconds();
    let started = Instant::now();
    let costs = t
        .pairs()
        .into_par_iter()
        .fold(
            || Costs::new(n),
            |mut costs, (i, j)| {
                let repetitions = if t.is_repeatable(i, j) {
                    1
                } else {
                    t.repetitions
                };
                for r in 0..repetitions {
                    let mut rng = match_rng(t.seed, i as u64, j as u64, r as u64);
                    let turns = t.settings.horizon.draw_length(&mut rng);
                    let mut a = t.players[i].prototype.clone();
                    let mut b = t.players[j].prototype.clone();
                    let (mut ha, mut hb) = (History::new(), History::new());
                    for _ in 0..turns {
                        let t0 = Instant::now();
                        let mut x = a.choose(&ha, &hb, &context, &mut rng);
                        let t1 = Instant::now();
                        let mut y = b.choose(&hb, &ha, &context, &mut rng);
                        let t2 = Instant::now();
                        costs.nanos[i] += (t1 - t0).as_nanos() as u64;
                        costs.nanos[j] += (t2 - t1).as_nanos() as u64;
                        if noise > 0.0 {
                            if bernoulli(&mut rng, noise) {
                                x = x.flip();
                            }
                            if bernoulli(&mut rng, noise) {
                                y = y.flip();
                            }
                        }
                        ha.push(x);
                        hb.push(y);
                    }
                    costs.moves[i] += turns as u64;
                    costs.moves[j] += turns as u64;
                }
                costs
            },
        )
        .reduce(|| Costs::new(n), Costs::merge);
    let wall = started.elapsed().as_secs_f64();
    let cpu = process_cpu_seconds() - cpu_before;
    // Seconds of each player's moves, the clock's cost taken out.
    let seconds: Vec<f64> = (0..n)
        .map(|p| ((costs.nanos[p] as f64 - clock * costs.moves[p] as f64).max(0.0)) * 1e-9)
        .collect();
    let timed: f64 = seconds.iter().sum();
    let moves: u64 = costs.moves.iter().sum();
    // The process's CPU time less the clock reads' (two a turn, one a
    // move), shared out as the intervals are.
    let total = (cpu - clock * 1e-9 * moves as f64).max(0.0);
    let seconds: Vec<f64> = seconds.iter().map(|s| s / timed * total).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| seconds[b].total_cmp(&seconds[a]));
    println!(
        "axelrod-reference-{variant}: {n} players, {} threads, {:.1} s wall timed \
         (clock read {clock:.1} ns, subtracted)",
        rayon::current_num_threads(),
        wall
    );
    println!(
        "process CPU {cpu:.1} s, of it about {total:.1} s in moves (the clock's reads taken \
         out); {moves} moves, {:.1} ns a move on average; timed intervals summed {timed:.1} s",
        total * 1e9 / moves as f64
    );
    println!(
        "{:>4}  {:<36} {:>8} {:>6} {:>7} {:>12} {:>9}",
        "rank", "player", "CPU-s", "share", "cumul.", "moves", "ns/move"
    );
    let mut cumulative = 0.0;
    for (rank, &p) in order.iter().take(top).enumerate() {
        cumulative += seconds[p];
        let mut name = t.players[p].name.clone();
        if name.chars().count() > 36 {
            name = name.chars().take(35).collect::<String>() + "…";
        }
        println!(
            "{:>4}  {:<36} {:>8.2} {:>5.1}% {:>6.1}% {:>12} {:>9.1}",
            rank + 1,
            name,
            seconds[p],
            100.0 * seconds[p] / total,
            100.0 * cumulative / total,
            costs.moves[p],
            seconds[p] * 1e9 / costs.moves[p].max(1) as f64
        );
    }
}
