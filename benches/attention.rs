//! Speed of EvolvedAttention's forward pass (`kind = "attention"`, axelrod's
//! weights from strategies/axelrod/evolved-attention.weights).
//!
//! Run with `cargo bench --bench attention`. Reported, on one thread:
//! 1. the best CPU (and wall) time of one move (one full forward pass) at
//!    10, 100 and 200 turns of history (11, 101 and 201 tokens);
//! 2. one whole 200-turn match against Tit For Tat (every move a forward
//!    pass over all the turns so far), CPU and wall seconds.
//!
//! The passes are timed on fixed token sequences (earlier versions built a
//! 200-turn history and read it through a fresh player state, which sees
//! only the histories' 64-move window: their "100" and "200 turns" were ~65
//! tokens). `python3 benches/attention_torch.py` times axelrod 4.14 (torch
//! 2.15, one thread) the same way. CPU times, one after another on this
//! shared 2-core machine (AMD EPYC, AVX-512; load ~4, 2026-11-27):
//!
//! | ms CPU a move at 11 / 101 / 201 tokens; match | ours before | ours | torch |
//! |------------------------------------------------|-------------|------|-------|
//! | 11 tokens                                      | 35.3        | 3.9  | 17.2  |
//! | 101 tokens                                     | 65.1        | 31.8 | 56.8  |
//! | 201 tokens                                     | 135.5       | 73.8 | 108.0 |
//! | 200-turn match vs Tit For Tat (CPU-s)          | 13.9        | 7.0  | 13.0  |
//!
//! "Before" re-packed every weight matrix for sgemm on every product and
//! evaluated GELU and exp with scalar f64 / libm calls.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, NoRecording, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::Origin;
use dilemma::ipd::strategies::defined::Body;
use dilemma::ipd::strategies::defined::attention::Scratch;
use dilemma::ipd::{Payoffs, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    let loading = Instant::now();
    let player = resolve_text(
        "evolved-attention",
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &mut Chain::default(),
    )
    .unwrap_or_else(|e| panic!("{}", e.text("evolved-attention")));
    println!(
        "reading and checking the weights (51 MB, SHA-256): {:.2} s",
        loading.elapsed().as_secs_f64()
    );
    let Origin::Defined { definition, .. } = &player.origin else {
        unreachable!()
    };
    let Body::Attention(attention) = &definition.body else {
        unreachable!()
    };
    for turns in [10usize, 100, 200] {
        // CLS, then one game-state token per turn, most recent first (a
        // player reads them this way each move; see `AttentionState`).
        let tokens: Vec<u8> = std::iter::once(0)
            .chain((0..turns).map(|t| 2 + (t % 4) as u8))
            .collect();
        let mut scratch = Scratch::default();
        let (mut best, mut best_cpu) = (Duration::MAX, Duration::MAX);
        let started = Instant::now();
        let mut passes = 0;
        while started.elapsed() < Duration::from_secs(3) || passes < 3 {
            let (t, cpu) = (Instant::now(), thread_cpu());
            black_box(attention.model.logit(black_box(&tokens), &mut scratch));
            best = best.min(t.elapsed());
            best_cpu = best_cpu.min(thread_cpu() - cpu);
            passes += 1;
        }
        println!(
            "{turns:>3} turns of history ({} tokens): {:7.2} ms CPU per move ({:.2} ms \
             wall), best of {passes}",
            tokens.len(),
            best_cpu.as_secs_f64() * 1e3,
            best.as_secs_f64() * 1e3
        );
    }
    let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns: 200 },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let (t, cpu) = (Instant::now(), thread_cpu());
    black_box(play_match(
        &player.prototype,
        &tft.prototype,
        &settings,
        &mut match_rng(0, 0, 1, 0),
        &mut NoRecording,
    ));
    println!(
        "a 200-turn match against Tit For Tat: {:.2} s CPU ({:.2} s wall)",
        (thread_cpu() - cpu).as_secs_f64(),
        t.elapsed().as_secs_f64()
    );
}

/// The CPU time this thread has used (the machine may be shared: wall
/// times are inflated by other work, CPU times much less).
fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid clock id and a pointer to a live timespec.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime");
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}
