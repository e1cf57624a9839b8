//! Speed of EvolvedAttention's forward pass (`kind = "attention"`, axelrod's
//! weights from strategies/axelrod/evolved-attention.weights).
//!
//! Run with `cargo bench --bench attention`. Reported, on one thread:
//! 1. moves per second (one move = one full forward pass) at 10, 100 and 200
//!    turns of history (11, 101 and 201 tokens), best of repeated runs;
//! 2. one whole 200-turn match against Tit For Tat, in seconds (every move
//!    a forward pass over all the turns so far).
//!
//! axelrod 4.14 (torch, one thread) takes about 0.04 s per move at 100 tokens
//! and 0.07 s at 200, and ~8 s for a 200-turn match.

use dilemma::ipd::Action;
use dilemma::ipd::history::History;
use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, NoRecording, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::Origin;
use dilemma::ipd::strategies::defined::Body;
use dilemma::ipd::strategies::defined::attention::AttentionState;
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
    for turns in [10u32, 100, 200] {
        let (mut me, mut them) = (History::new(), History::new());
        for t in 0..turns {
            me.push(if t % 3 == 0 { Action::D } else { Action::C });
            them.push(if t % 5 == 0 { Action::D } else { Action::C });
        }
        let mut state = AttentionState::default();
        let mut best = Duration::MAX;
        let started = Instant::now();
        let mut passes = 0;
        while started.elapsed() < Duration::from_secs(3) || passes < 3 {
            let t = Instant::now();
            // A fresh state reads the whole history once (as a new player
            // would), then every pass is one full forward pass.
            black_box(attention.logit(&mut state, &me, &them));
            best = best.min(t.elapsed());
            passes += 1;
        }
        println!(
            "{turns:>3} turns of history ({} tokens): {:7.1} moves/s ({:.2} ms per move, best of {passes})",
            turns + 1,
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
