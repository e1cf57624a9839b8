//! Speed of EvolvedAttention's forward pass (`kind = "attention"`, axelrod's
//! weights from strategies/axelrod/evolved-attention.weights).
//!
//! Run with `cargo bench --bench attention`. Reported, on one thread:
//! 1. moves per second (one move = one full forward pass) at 10, 100 and 200
//!    turns of history (11, 101 and 201 tokens), best of repeated runs;
//! 2. one whole 200-turn match against Tit For Tat, in seconds (every move
//!    a forward pass over all the turns so far).
//!
//! The passes are timed on fixed token sequences (earlier versions built a
//! 200-turn history and read it through a fresh player state, which sees
//! only the histories' 64-move window: their "100" and "200 turns" were ~65
//! tokens). `python3 benches/attention_torch.py` times axelrod 4.14 (torch,
//! one thread) the same way. Both on this 2-core machine while other builds
//! ran (2026-11-25, so only the ratios mean much): ours 24.4 / 110 / 308 ms
//! per move at 11 / 101 / 201 tokens and 31.5 s for the 200-turn match;
//! torch 15.6 / 87.6 / 170 ms and 23.2 s (torch 1.3-1.8x faster per move).

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
        let mut best = Duration::MAX;
        let started = Instant::now();
        let mut passes = 0;
        while started.elapsed() < Duration::from_secs(3) || passes < 3 {
            let t = Instant::now();
            black_box(attention.model.logit(black_box(&tokens), &mut scratch));
            best = best.min(t.elapsed());
            passes += 1;
        }
        println!(
            "{turns:>3} turns of history ({} tokens): {:7.1} moves/s ({:.2} ms per move, best of {passes})",
            tokens.len(),
            1.0 / best.as_secs_f64(),
            best.as_secs_f64() * 1e3
        );
    }
    let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns: 200 },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let t = Instant::now();
    black_box(play_match(
        &player.prototype,
        &tft.prototype,
        &settings,
        &mut match_rng(0, 0, 1, 0),
        &mut NoRecording,
    ));
    println!(
        "a 200-turn match against Tit For Tat: {:.2} s",
        t.elapsed().as_secs_f64()
    );
}
