//! How often EvolvedAttention's memo answers (`attention_memo.rs`): runs
//! scenario files in this process, as `dilemma run` does, then prints the
//! shared model's counters (logits asked, passes computed, shards cleared)
//! and the process's CPU seconds.
//!
//! Run with `cargo bench --bench attention_memo -- SCENARIO.toml [THREADS
//! [OUT]]` (results go to OUT, else to a temporary folder removed
//! afterwards). One scenario a
//! process: the memo lives as long as the process, so a second scenario
//! would start with the first one's sequences.
//!
//! Measured 2026-11-27 on the shared 2-core machine (release; scenarios of
//! 200 turns, 10 repetitions, written under /tmp, not kept; README, "The
//! full reference tournament", names their players). CPU seconds by
//! `/usr/bin/time -f "%U %S %e %M"`, without the memo by the binary before
//! it (same results byte for byte, on 1 and 2 threads):
//!
//! | scenario                                 | asked  | computed | CPU-s before | after |
//! |------------------------------------------|--------|----------|--------------|-------|
//! | EvolvedAttention vs 8 opponents          | 7,400  | 4,226    | 254          | 150   |
//! | majority of EvolvedAttention + 20 vs 6   | 16,000 | 4,218    | 554          | 150   |
//! | Meta Majority, Meta Winner Ensemble vs 4 | 28,000 | 16,645   | ~966 (*)     | 604   |
//! | Meta Majority vs Joss only (an edge)     | 2,000  | 1,913    | ~69 (*)      | 68    |
//! | the same, 100 repetitions                | 20,000 | 16,101   | ~690 (*)     | 614   |
//!
//! (*) not run: the passes at the 34.4 and 34.6 ms a pass asked of the
//! first two runs without the memo. No shard was cleared in any run.

use clap::Parser;
use dilemma::cli::{Cli, execute};
use dilemma::ipd::strategies::catalogue::Origin;
use dilemma::ipd::strategies::defined::Body;
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use std::path::Path;
use std::time::Duration;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--bench"))
        .collect();
    let Some(scenario) = args.first() else {
        eprintln!("usage: cargo bench --bench attention_memo -- FILE [THREADS [OUT]]");
        std::process::exit(2);
    };
    let threads = args.get(1).map_or("1", String::as_str);
    let kept = args.get(2).map(std::path::PathBuf::from);
    let out = kept.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("attention-memo-{}", std::process::id()))
    });
    let cpu = process_cpu();
    let cli = Cli::try_parse_from([
        "dilemma",
        "run",
        scenario,
        "--out",
        &out.to_string_lossy(),
        "--quiet",
        "--threads",
        threads,
    ])
    .unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = execute(cli) {
        panic!("{scenario}: exit {}", e.exit_code());
    }
    let cpu = process_cpu() - cpu;
    if kept.is_none() {
        std::fs::remove_dir_all(&out).ok();
    }
    // The model the run played: every reader of the same weights file gets
    // the same one (and so the same memo).
    let player = resolve_text(
        "evolved-attention",
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &mut Chain::default(),
    )
    .unwrap_or_else(|e| panic!("{}", e.text("evolved-attention")));
    let Origin::Defined { definition, .. } = &player.origin else {
        unreachable!()
    };
    let Body::Attention(attention) = &definition.body else {
        unreachable!()
    };
    let stats = attention.model.memo_stats().expect("a played model");
    println!(
        "{scenario} on {threads} thread(s): {:.1} s CPU",
        cpu.as_secs_f64()
    );
    println!(
        "  logits asked {}, passes computed {}, hits {} ({:.1}%)",
        stats.asked,
        stats.computed,
        stats.hits(),
        100.0 * stats.hits() as f64 / stats.asked.max(1) as f64
    );
    println!("  memo shards cleared when full: {}", stats.cleared);
}

/// CPU time of the whole process (every thread), user and system.
fn process_cpu() -> Duration {
    // SAFETY: getrusage writes into the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::getrusage(libc::RUSAGE_SELF, &mut usage), 0);
        usage
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}
