//! Sweeps and shards at the size issue 13 names: a 20-strategy noise sweep
//! (noise 0 to 0.1 in 11 steps, 200 turns, 100 repetitions: 231,000
//! matches) run as one process on 2 threads, then as 64 shards, then the
//! cost of merging the 64 shard folders into the results folder (checked
//! byte for byte against the single run's sweep.csv). Reports wall time and
//! peak resident memory (Linux VmHWM, reset before each step through
//! /proc/self/clear_refs).
//!
//! Then a Moran sweep (10 strategies x 2 individuals, 50-turn matches, the
//! temptation T at 11 values, 200 runs each; stochastic pairs replay their
//! matches at every fitness evaluation, which dominates) and an ecological sweep (the 20 strategies, noise
//! 0 to 0.1 in 11 steps, 200 turns, 10 repetitions, 1000 generations), each
//! as one process and as 8 shards merged (checked against the single run).
//!
//! Run with `cargo bench --bench scale` (everything) or
//! `cargo bench --bench scale -- evolution` (the two evolution sweeps only).

use dilemma::cli::merge_cmd::{self, MergeArgs};
use dilemma::cli::run_cmd::{RunArgs, run};
use dilemma::scale::{Shard, ShardSpec};
use std::path::{Path, PathBuf};
use std::time::Instant;

const STRATEGIES: [&str; 20] = [
    "tit-for-tat",
    "generous-tit-for-tat",
    "win-stay-lose-shift",
    "grudger",
    "tit-for-2-tats",
    "defector",
    "cooperator",
    "random",
    "suspicious-tit-for-tat",
    "alternator",
    "hard-tit-for-tat",
    "two-tits-for-tat",
    "gradual",
    "prober",
    "adaptive",
    "forgiving-tit-for-tat",
    "cycler-ccd",
    "go-by-majority",
    "joss",
    "contrite-tit-for-tat",
];

fn peak_mib() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmHWM:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map_or("unknown".into(), |k| format!("{:.0} MiB", k / 1024.0))
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn args(scenario: &Path, out: &Path, shard: Option<Shard>) -> RunArgs {
    RunArgs {
        scenarios: vec![scenario.to_path_buf()],
        out: out.to_path_buf(),
        threads: 2,
        seed: None,
        quiet: true,
        json: false,
        shard: shard.map(ShardSpec::Fixed),
        shards: None,
        no_limit: true,
        resume: false,
    }
}

fn main() {
    let dir = std::env::temp_dir().join(format!("dilemma-scale-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    if std::env::args().any(|a| a == "evolution") {
        evolution_sweeps(&dir);
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let mut text = String::from(
        "name = \"sweep20\"\nkind = \"tournament\"\nseed = 1\n[match]\nturns = 200\nrepetitions = 100\n",
    );
    for id in STRATEGIES {
        text += &format!("[[players]]\nstrategy = \"{id}\"\n");
    }
    text += "[sweep.x]\nkey = \"match.noise\"\nstart = 0.0\nstop = 0.1\nsteps = 11\n";
    let scenario = dir.join("sweep20.toml");
    std::fs::write(&scenario, text).expect("scenario");

    reset_peak();
    let started = Instant::now();
    run(&args(&scenario, &dir.join("single"), None)).expect("the sweep runs");
    println!(
        "20-strategy noise sweep (11 points x 210 pairs x 100 repetitions x 200 turns), 2 threads: {:.2} s, peak memory {}",
        started.elapsed().as_secs_f64(),
        peak_mib()
    );

    reset_peak();
    let started = Instant::now();
    for index in 0..64 {
        let shard = Shard { index, count: 64 };
        run(&args(&scenario, &dir.join("shards"), Some(shard))).expect("a shard runs");
    }
    println!(
        "the same as 64 shards, one after another on 2 threads: {:.2} s, peak memory {}",
        started.elapsed().as_secs_f64(),
        peak_mib()
    );

    let folders: Vec<PathBuf> = (0..64)
        .map(|i| dir.join("shards").join(format!("sweep20.shard-{i}-of-64")))
        .collect();
    let bytes: u64 = folders
        .iter()
        .flat_map(|f| std::fs::read_dir(f).expect("shard folder"))
        .map(|e| e.expect("entry").metadata().map_or(0, |m| m.len()))
        .sum();
    reset_peak();
    let started = Instant::now();
    merge_cmd::run(&MergeArgs {
        shards: folders,
        out: dir.join("merged"),
        quiet: true,
        json: false,
        verify: 2,
        no_limit: false,
    })
    .expect("the shards merge");
    println!(
        "merging the 64 shards ({:.1} MB of shard files; checks, fold, sweep.csv, charts): {:.2} s, peak memory {}",
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64(),
        peak_mib()
    );
    let single = std::fs::read(dir.join("single/sweep20/sweep.csv")).expect("sweep.csv");
    let merged = std::fs::read(dir.join("merged/sweep20/sweep.csv")).expect("merged sweep.csv");
    assert!(
        single == merged,
        "merged sweep.csv differs from the single run"
    );
    println!("merged sweep.csv equals the single run's byte for byte");
    evolution_sweeps(&dir);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A Moran sweep and an ecological sweep: one process, then 8 shards and
/// their merge.
fn evolution_sweeps(dir: &Path) {
    let mut moran = String::from(
        "name = \"moran11\"\nkind = \"moran\"\nseed = 1\n[match]\nturns = 50\n[moran]\nruns = 200\n",
    );
    for id in &STRATEGIES[..10] {
        moran += &format!("[[players]]\nstrategy = \"{id}\"\ncount = 2\n");
    }
    moran += "[output]\ncharts = true\n[sweep.x]\nkey = \"game.payoffs.T\"\nstart = 3.5\nstop = 6.0\nsteps = 11\n";
    let mut eco = String::from(
        "name = \"eco11\"\nkind = \"ecological\"\nseed = 1\n[match]\nturns = 200\nrepetitions = 10\n",
    );
    for id in STRATEGIES {
        eco += &format!("[[players]]\nstrategy = \"{id}\"\n");
    }
    eco += "[dynamics]\nsteps = 1000\n[sweep.x]\nkey = \"match.noise\"\nstart = 0.0\nstop = 0.1\nsteps = 11\n";
    for (name, text, what) in [
        (
            "moran11",
            moran,
            "Moran sweep (10 strategies x 2, N = 20, 50-turn matches; T at 11 values x 200 runs)",
        ),
        (
            "eco11",
            eco,
            "ecological sweep (20 strategies, noise at 11 values, 200 turns x 10 repetitions, 1000 generations)",
        ),
    ] {
        let scenario = dir.join(format!("{name}.toml"));
        std::fs::write(&scenario, text).expect("scenario");
        reset_peak();
        let started = Instant::now();
        run(&args(&scenario, &dir.join("single"), None)).expect("the sweep runs");
        println!(
            "{what}, 2 threads: {:.2} s, peak memory {}",
            started.elapsed().as_secs_f64(),
            peak_mib()
        );
        reset_peak();
        let started = Instant::now();
        for index in 0..8 {
            let shard = Shard { index, count: 8 };
            run(&args(&scenario, &dir.join("shards"), Some(shard))).expect("a shard runs");
        }
        let shards_seconds = started.elapsed().as_secs_f64();
        let folders: Vec<PathBuf> = (0..8)
            .map(|i| dir.join("shards").join(format!("{name}.shard-{i}-of-8")))
            .collect();
        let started = Instant::now();
        merge_cmd::run(&MergeArgs {
            shards: folders,
            out: dir.join("merged"),
            quiet: true,
            json: false,
            verify: 2,
            no_limit: false,
        })
        .expect("the shards merge");
        println!(
            "  as 8 shards one after another: {shards_seconds:.2} s; their merge: {:.2} s; peak memory {}",
            started.elapsed().as_secs_f64(),
            peak_mib()
        );
        for file in ["sweep.csv", "report.html"] {
            let single = std::fs::read(dir.join("single").join(name).join(file)).expect("single");
            let merged = std::fs::read(dir.join("merged").join(name).join(file)).expect("merged");
            assert!(
                single == merged,
                "merged {file} differs from the single run"
            );
        }
    }
    println!("merged sweep.csv and report.html equal the single runs' byte for byte");
}
