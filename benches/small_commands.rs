//! CPU time and peak memory of the commands that only print: `dilemma
//! strategies` (the listing, `--json`, a page of a built-in, of
//! EvolvedAttention and of a meta player whose team holds it), `dilemma new
//! tournament`, `dilemma --help` (issue 26 item 3: each under 20 ms and 20 MB)
//! and, for item 4, `dilemma pirates` at N = 10^4.
//!
//! Run with `cargo bench --bench small_commands` (it runs the release
//! binary cargo built beside it). Each command runs `RUNS` times with its
//! output discarded; reported per command: the median CPU time (user +
//! system, from `wait4`, so a busy machine inflates it far less than wall
//! time), the median wall time and the largest peak RSS. Give the path of
//! another `dilemma` binary (`cargo bench --bench small_commands --
//! /path/to/old/dilemma`) to measure it in the same run, side by side.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 9;

/// The commands measured, as arguments.
const COMMANDS: &[&[&str]] = &[
    &["strategies"],
    &["strategies", "--json"],
    &["strategies", "tit-for-tat"],
    &["strategies", "evolved-attention"],
    &["strategies", "meta-winner-ensemble"],
    &["new", "tournament"],
    &["--help"],
    &[
        "pirates",
        "--pirates",
        "10000",
        "--coins",
        "100",
        "--list",
        "1",
    ],
    &[
        "pirates",
        "--pirates",
        "10000",
        "--coins",
        "100",
        "--list",
        "1000",
    ],
    &[
        "pirates",
        "--pirates",
        "10000",
        "--coins",
        "5000",
        "--list",
        "10",
    ],
];

/// One run: CPU time (user + system), wall time, peak RSS in KB. The
/// child is reaped by `wait4` (which also gives its own resource use, where
/// `Child::wait` gives none), hence the lint's exception.
#[allow(clippy::zombie_processes)]
fn measure(binary: &str, args: &[&str]) -> (Duration, Duration, i64) {
    let started = Instant::now();
    let child = Command::new(binary)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{binary}: {e}"));
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value to be filled in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: wait4 on our own child's pid, with valid pointers.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    let wall = started.elapsed();
    assert_eq!(pid, child.id() as libc::pid_t, "wait4 failed");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "{binary} {args:?} failed"
    );
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    (
        time(usage.ru_utime) + time(usage.ru_stime),
        wall,
        usage.ru_maxrss,
    )
}

/// Median CPU, median wall, largest peak RSS (KB) over `RUNS` runs.
fn summary(binary: &str, args: &[&str]) -> (Duration, Duration, i64) {
    let mut cpu = Vec::new();
    let mut wall = Vec::new();
    let mut rss = 0;
    for _ in 0..RUNS {
        let (c, w, r) = measure(binary, args);
        cpu.push(c);
        wall.push(w);
        rss = rss.max(r);
    }
    cpu.sort();
    wall.sort();
    (cpu[RUNS / 2], wall[RUNS / 2], rss)
}

fn main() {
    let this = env!("CARGO_BIN_EXE_dilemma");
    let other = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .filter(|a| std::path::Path::new(a).is_file());
    let mut binaries = vec![("this", this.to_string())];
    if let Some(other) = other {
        binaries.push(("other", other));
    }
    for (label, binary) in &binaries {
        println!("{label}: {binary}");
    }
    println!(
        "{:<58} {:>8} {:>8} {:>8}  (median of {RUNS}; RSS: largest)",
        "command", "CPU ms", "wall ms", "RSS MB"
    );
    for args in COMMANDS {
        for (label, binary) in &binaries {
            let (cpu, wall, rss) = summary(binary, args);
            let shown = format!("{} ({label})", args.join(" "));
            println!(
                "{shown:<58} {:>8.1} {:>8.1} {:>8.1}",
                cpu.as_secs_f64() * 1e3,
                wall.as_secs_f64() * 1e3,
                rss as f64 / 1024.0
            );
        }
    }
}
