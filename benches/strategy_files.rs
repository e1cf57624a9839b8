//! Speed of strategies defined in files against their built-in twins.
//!
//! Run with `cargo bench --bench strategy_files`. Reported:
//! 1. the match loop, in turns per second, for each shipped file and the
//!    built-in it plays as, against the same 8 deterministic opponents
//!    (100,000-turn matches, one thread, every turn simulated);
//! 2. the time to find, read and validate every file in `strategies/`.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, NoRecording, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::{Payoffs, Player, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const OPPONENTS: [&str; 8] = [
    "cooperator",
    "defector",
    "tit-for-tat",
    "grudger",
    "tit-for-2-tats",
    "suspicious-tit-for-tat",
    "win-stay-lose-shift",
    "alternator",
];

const TURNS: u32 = 100_000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn file(name: &str) -> Player {
    resolve_text(name, &root(), &mut Chain::default())
        .unwrap_or_else(|e| panic!("{}", e.text(name)))
}

fn best_of<T>(budget: Duration, mut work: impl FnMut() -> T) -> (Duration, T) {
    let started = Instant::now();
    let mut best = Duration::MAX;
    loop {
        let t = Instant::now();
        let out = work();
        best = best.min(t.elapsed());
        if started.elapsed() >= budget {
            return (best, out);
        }
    }
}

/// Turns per second of `player` against every opponent.
fn rate(player: &Player, opponents: &[Player]) -> f64 {
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns: TURNS },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let (time, _) = best_of(Duration::from_millis(500), || {
        let mut total = 0u64;
        for (j, other) in opponents.iter().enumerate() {
            let mut rng = match_rng(1, 0, j as u64, 0);
            let outcome = play_match(
                black_box(&player.prototype),
                black_box(&other.prototype),
                &settings,
                &mut rng,
                &mut NoRecording,
            );
            total += u64::from(outcome.length);
        }
        black_box(total)
    });
    (TURNS as f64 * opponents.len() as f64) / time.as_secs_f64()
}

fn main() {
    let opponents: Vec<Player> = OPPONENTS
        .iter()
        .map(|id| PlayerSpec::new(id).build().unwrap())
        .collect();
    println!(
        "match loop, {TURNS}-turn matches against {} opponents, one thread:",
        opponents.len()
    );
    println!(
        "{:<28} {:>16} {:>16}",
        "file (built-in twin)", "file turns/s", "built-in turns/s"
    );
    for (name, twin) in [
        ("fsm-tit-for-two-tats", Some("tit-for-two-tats")),
        ("lookup-tit-for-tat", Some("tit-for-tat")),
        ("lookup-evolved-1-1-1", None),
        ("cycle-ccd", Some("cycler-ccd")),
        ("memory-one-gtft", Some("gtft")),
        ("dual-tit-for-two-tats", None),
        ("joss-ann-tit-for-tat", None),
    ] {
        let defined = rate(&file(name), &opponents);
        let built_in = twin
            .map(|id| {
                format!(
                    "{:.3e}",
                    rate(&PlayerSpec::new(id).build().unwrap(), &opponents)
                )
            })
            .unwrap_or_else(|| "-".to_string());
        println!("{name:<28} {defined:>16.3e} {built_in:>16}");
    }
    let names: Vec<String> = std::fs::read_dir(root().join("strategies"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    let (time, count) = best_of(Duration::from_millis(500), || {
        names
            .iter()
            .map(|n| black_box(file(n)).params.len() + 1)
            .sum::<usize>()
    });
    println!(
        "loading all {count} files in strategies/: {:.1} us ({:.1} us per file)",
        time.as_secs_f64() * 1e6,
        time.as_secs_f64() * 1e6 / count as f64
    );
}
