//! The axelrod reference tournaments, end to end as a user runs them.
//!
//! Run with `cargo bench --bench reference` (or `-- standard` for one). For
//! each of `scenarios/reference/axelrod-reference-{standard,noisy,probend}.toml` that
//! exists, it runs `dilemma run SCENARIO --out <tmp>` in this process (all
//! the work: play, matches.csv, summary, charts) on the default thread count
//! and reports the wall time, turns played, turns per second and the peak
//! resident memory of the run (Linux: VmHWM, reset before each run through
//! /proc/self/clear_refs). The axelrod project ran these for hours on 20
//! processes.

use dilemma::cli::run_cmd::{RunArgs, run};
use std::path::PathBuf;
use std::time::Instant;

fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let wanted: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("dilemma-reference-bench-{}", std::process::id()));
    println!(
        "axelrod reference tournaments ({} threads)",
        rayon::current_num_threads()
    );
    for variant in ["standard", "noisy", "probend"] {
        if !wanted.is_empty() && !wanted.iter().any(|w| w == variant) {
            continue;
        }
        let name = format!("axelrod-reference-{variant}");
        let scenario = root
            .join("scenarios/reference")
            .join(format!("{name}.toml"));
        if !scenario.exists() {
            println!("{name}: no scenario file (scripts/generate_axelrod_reference.py writes it)");
            continue;
        }
        // Reset the peak-memory mark so each run reports its own.
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let args = RunArgs {
            scenarios: vec![scenario],
            out: out.clone(),
            threads: 0,
            seed: None,
            quiet: true,
            json: false,
            shard: None,
            shards: None,
            no_limit: true,
            resume: false,
        };
        let started = Instant::now();
        run(&args).expect("the reference scenario runs");
        let seconds = started.elapsed().as_secs_f64();
        let run_json: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(out.join(&name).join("run.json")).expect("run.json"),
        )
        .expect("run.json is JSON");
        let turns = run_json["turns"].as_f64().unwrap_or(0.0);
        let matches_mb = std::fs::metadata(out.join(&name).join("matches.csv"))
            .map(|m| m.len() as f64 / 1e6)
            .unwrap_or(0.0);
        println!(
            "{name}: {} players, {:.1} s wall ({:.1} s playing), {:.3e} turns, {:.0} million turns/s, peak memory {}, matches.csv {matches_mb:.0} MB",
            run_json["players"],
            seconds,
            run_json["simulation_seconds"].as_f64().unwrap_or(0.0),
            turns,
            turns / seconds / 1e6,
            peak_kib().map_or("unknown".to_string(), |k| format!(
                "{:.0} MB",
                k as f64 / 1024.0
            )),
        );
    }
    let _ = std::fs::remove_dir_all(&out);
}
