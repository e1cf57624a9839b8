//! Speed of EvolvedAttention's forward pass (`kind = "attention"`, axelrod's
//! weights from strategies/axelrod/evolved-attention.weights), and whether
//! batching distinct passes into one product would pay.
//!
//! Run with `cargo bench --bench attention`. Reported, on one thread:
//! 1. the best CPU (and wall) time of one move (one full forward pass, never
//!    memoised: `Model::forward`) at 0, 5, 10, 40, 100 and 200 turns of
//!    history (1, 6, 11, 41, 101 and 201 tokens);
//! 2. batching, emulated: the linear maps of a pass (93% of its arithmetic
//!    at 201 tokens; every weight read once per product) on `B x n` rows in
//!    one product against `B` products of `n` rows, B = 2, 4, 8, with
//!    weights of the model's shapes (24 layers, 51 MB); what batching saves
//!    a pass is the difference, and a 200-turn match's saving sums it over
//!    the passes at 1 to 200 tokens (times interpolated linearly in the
//!    tokens between the measured lengths);
//! 3. one whole 200-turn match against Tit For Tat (every move a forward
//!    pass over all the turns so far), CPU and wall seconds, and the memo's
//!    counters (a first match asks 200 distinct sequences: no hits).
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
//!
//! Batching (2026-11-27, the same machine, ms CPU, best of repeated runs):
//!
//! | tokens | pass  | linear maps | B = 2 saves | B = 4 saves | B = 8 saves |
//! |--------|-------|-------------|-------------|-------------|-------------|
//! | 1      | 2.31  | 2.57        | 61%         | 87%         | 96%         |
//! | 6      | 2.66  | 2.36        | 16%         | 27%         | 33%         |
//! | 11     | 4.63  | 3.75        | 15%         | 22%         | 26%         |
//! | 41     | 12.95 | 9.97        | 2.4%        | 5.5%        | 7.2%        |
//! | 101    | 31.85 | 22.99       | 0.5%        | 1.5%        | 1.1%        |
//! | 201    | 71.28 | 45.52       | 1.1%        | 0%          | 0%          |
//!
//! ("saves": the share of a whole pass at that length.) Reading the 51 MB
//! of weights bounds a pass only below ~10 tokens (2.3 ms at 1 token, the
//! weights streamed once); from ~40 tokens on the products are
//! compute-bound and B passes stacked cost B times one. A 200-turn match
//! spends its time in the long passes (6.76 s of passes, 76% of it above
//! 100 tokens), so batching would save it 1.2 to 2.0% (B = 2, 4 and 8, two
//! runs: 1.2, 1.5, 1.5% and 1.5, 2.0, 1.8%), under the ~10% that would pay
//! for lock-step play of concurrent matches. Not implemented: the memo
//! (`attention_memo.rs`), which skips identical passes whole at any
//! length, is the realisation of the issue.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, NoRecording, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::Origin;
use dilemma::ipd::strategies::defined::Body;
use dilemma::ipd::strategies::defined::attention::Scratch;
use dilemma::ipd::{Payoffs, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use dilemma_kernels::PackedLinear;
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
    let mut pass_ms = Vec::new();
    for turns in [0usize, 5, 10, 40, 100, 200] {
        // CLS, then one game-state token per turn, most recent first (a
        // player reads them this way each move; see `AttentionState`).
        let tokens: Vec<u8> = std::iter::once(0)
            .chain((0..turns).map(|t| 2 + (t % 4) as u8))
            .collect();
        let mut scratch = Scratch::default();
        let (mut best, mut best_cpu) = (Duration::MAX, Duration::MAX);
        let started = Instant::now();
        let mut passes = 0;
        while started.elapsed() < Duration::from_secs(2) || passes < 3 {
            let (t, cpu) = (Instant::now(), thread_cpu());
            black_box(attention.model.forward(black_box(&tokens), &mut scratch));
            best = best.min(t.elapsed());
            best_cpu = best_cpu.min(thread_cpu() - cpu);
            passes += 1;
        }
        println!(
            "{turns:>3} turns ({:>3} tokens): {:6.2} ms CPU a move ({:.2} ms wall), \
             best of {passes}",
            tokens.len(),
            best_cpu.as_secs_f64() * 1e3,
            best.as_secs_f64() * 1e3
        );
        pass_ms.push((tokens.len(), best_cpu.as_secs_f64() * 1e3));
    }
    batching(&pass_ms);
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
    if let Some(stats) = attention.model.memo_stats() {
        println!(
            "memo: {} logits asked, {} computed (the timed passes bypass it)",
            stats.asked, stats.computed
        );
    }
}

/// The shapes of the model's linear maps (axelrod's: hidden 256,
/// intermediate 512, 24 layers), with made-up weights: the time of a
/// product depends on the shapes, not the values.
struct LinearMaps {
    /// Per layer: query, key, value, attention output, intermediate, output.
    layers: Vec<[PackedLinear; 6]>,
    pooler: PackedLinear,
}

const HIDDEN: usize = 256;
const INTERMEDIATE: usize = 512;
const LAYERS: usize = 24;
const MAX_TOKENS: usize = 201;
const BATCHES: [usize; 3] = [2, 4, 8];

impl LinearMaps {
    fn new() -> LinearMaps {
        let map = |seed: usize, ins: usize, outs: usize| {
            let w: Vec<f32> = (0..outs * ins + outs)
                .map(|k| (((k + seed) * 7919 % 1000) as f32 / 1000.0 - 0.5) * 0.1)
                .collect();
            PackedLinear::new(&w, (0, outs * ins), ins, outs)
        };
        let (h, i) = (HIDDEN, INTERMEDIATE);
        let layers = (0..LAYERS)
            .map(|l| {
                [
                    map(6 * l, h, h),
                    map(6 * l + 1, h, h),
                    map(6 * l + 2, h, h),
                    map(6 * l + 3, h, h),
                    map(6 * l + 4, h, i),
                    map(6 * l + 5, i, h),
                ]
            })
            .collect();
        LinearMaps {
            layers,
            pooler: map(7, h, h),
        }
    }

    /// Every linear map of `batch` passes over `tokens` tokens each, as
    /// one product per map (`batch x tokens` rows; in the last layer the
    /// queries and what follows them only on the `batch` CLS rows, as
    /// `Model::forward` does).
    fn apply(
        &self,
        batch: usize,
        tokens: usize,
        x: &mut [f32],
        inner: &mut [f32],
        out: &mut [f32],
    ) {
        let rows = batch * tokens;
        for (l, [q, k, v, o, i, f]) in self.layers.iter().enumerate() {
            let r = if l + 1 == LAYERS { batch } else { rows };
            q.apply(x, r, out);
            k.apply(x, rows, out);
            v.apply(x, rows, out);
            o.apply(x, r, out);
            i.apply(x, r, inner);
            f.apply(inner, r, x);
        }
        self.pooler.apply(x, batch, out);
    }
}

/// A measured length: ms CPU of a pass, and ms of it a batch of each of
/// [`BATCHES`] would save per pass.
struct Measured {
    tokens: usize,
    pass: f64,
    saved: [f64; 3],
}

/// Times the linear maps of B passes at once against B passes one by one,
/// and what that would save a pass and a 200-turn match.
fn batching(pass_ms: &[(usize, f64)]) {
    let maps = LinearMaps::new();
    let most = BATCHES[BATCHES.len() - 1] * MAX_TOKENS;
    let value = |k: usize| ((k * 37 % 101) as f32 / 101.0 - 0.5) * 0.1;
    let mut x: Vec<f32> = (0..most * INTERMEDIATE).map(value).collect();
    let mut inner = vec![0.0f32; most * INTERMEDIATE];
    let mut out = vec![0.0f32; most * INTERMEDIATE];
    let mut time = |batch: usize, tokens: usize| {
        let mut best = Duration::MAX;
        let started = Instant::now();
        let mut runs = 0;
        while runs < 3 || (started.elapsed() < Duration::from_millis(600) && runs < 50) {
            // Fresh inputs each time: the outputs fed back stay bounded by
            // the small weights, but restore them to keep the values alike.
            x[..batch * tokens * HIDDEN]
                .iter_mut()
                .enumerate()
                .for_each(|(k, v)| *v = value(k));
            let cpu = thread_cpu();
            maps.apply(batch, tokens, &mut x, &mut inner, &mut out);
            best = best.min(thread_cpu() - cpu);
            runs += 1;
        }
        best.as_secs_f64() * 1e3
    };
    println!("batching, emulated on the linear maps (ms CPU; saved: share of a pass):");
    println!(
        "{:>6} {:>6} {:>7} {:>7} {:>6} {:>7} {:>6} {:>7} {:>6}",
        "tokens", "pass", "linear", "B=2", "saved", "B=4", "saved", "B=8", "saved"
    );
    // Per measured length: the pass, and the linear maps' time saved per
    // pass by a batch of B.
    let mut saved: Vec<Measured> = Vec::new();
    for &(tokens, pass) in pass_ms {
        let one = time(1, tokens);
        let mut per_pass = [0.0; 3];
        let mut line = format!("{tokens:>6} {pass:6.2} {one:7.2}");
        for (b, &batch) in BATCHES.iter().enumerate() {
            let together = time(batch, tokens);
            per_pass[b] = (one - together / batch as f64).max(0.0);
            line += &format!(" {together:7.2} {:5.1}%", 100.0 * per_pass[b] / pass);
        }
        println!("{line}");
        saved.push(Measured {
            tokens,
            pass,
            saved: per_pass,
        });
    }
    // A 200-turn match asks passes at 1, 2, ..., 200 tokens.
    let at = |tokens: usize, pick: &dyn Fn(&Measured) -> f64| -> f64 {
        let upper = saved
            .iter()
            .position(|s| s.tokens >= tokens)
            .unwrap_or(saved.len() - 1);
        if upper == 0 || saved[upper].tokens == tokens {
            return pick(&saved[upper]);
        }
        let (a, b) = (&saved[upper - 1], &saved[upper]);
        let f = (tokens - a.tokens) as f64 / (b.tokens - a.tokens) as f64;
        pick(a) + f * (pick(b) - pick(a))
    };
    let matched: f64 = (1..=200).map(|n| at(n, &|s| s.pass)).sum();
    println!(
        "a 200-turn match: {:.2} s of passes (interpolated); batching saves",
        matched / 1e3
    );
    let mut line = String::from(" ");
    for (b, &batch) in BATCHES.iter().enumerate() {
        let gain: f64 = (1..=200).map(|n| at(n, &|s| s.saved[b])).sum();
        line += &format!(" B={batch}: {:.1}%", 100.0 * gain / matched);
    }
    println!("{line}");
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
