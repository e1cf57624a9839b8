//! Speed of the exact engine: the exact Ashlock fingerprint (step 0.01, 200
//! turns, probe Tit For Tat) of Tit For Tat, Win-Stay Lose-Shift and the
//! 16-state Evolved FSM 16; the atlas of every finite-state strategy at step
//! 0.05 (50 turns), its maths alone and as `dilemma run` plays it (the
//! fingerprint study: rows of every strategy's grid as units, the results
//! folder written, without and with its 79 heat maps and contact sheet); one
//! 200-turn exact match with noise in exact fractions.
//!
//! Run with `cargo bench --bench exact`. CPU seconds are printed beside wall
//! time (on a shared machine the wall clock says little). For comparison,
//! axelrod 4.14 simulates an Ashlock fingerprint at step 0.01 with 200 turns
//! and 100 repetitions (2 x 10^8 turns) per strategy.

use dilemma::exact::analysis::{Question, expect};
use dilemma::exact::chain::Length;
use dilemma::exact::fingerprint::{ashlock_exact, points};
use dilemma::exact::reading::{Reading, machine_of};
use dilemma::ipd::payoffs::Payoffs;
use dilemma::ipd::strategies::Player;
use dilemma::output::charts::with_style;
use dilemma::scenario::error::Source;
use dilemma::scenario::fingerprint::finite_machines;
use dilemma::scenario::parse_within;
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use dilemma::study::{Settings, Silent, open};
use std::path::{Path, PathBuf};
use std::time::Instant;

fn cpu_seconds() -> f64 {
    // utime + stime of this process, from /proc (Linux); 0 elsewhere.
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

fn player(text: &str) -> Player {
    resolve_text(text, Path::new("."), &mut Chain::default()).expect("a known strategy")
}

fn timed<T>(what: &str, work: impl FnOnce() -> T) -> T {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let out = work();
    println!(
        "{what}: {:.3} s wall, {:.2} s CPU",
        wall.elapsed().as_secs_f64(),
        cpu_seconds() - cpu
    );
    out
}

fn main() {
    let reading = Reading {
        payoffs: Payoffs::STANDARD,
        length_known: true,
    };
    let probe = machine_of(&player("tit-for-tat"), &reading).expect("finite");
    let grid = points(0.01);
    for id in ["tit-for-tat", "win-stay-lose-shift", "evolved-fsm-16"] {
        let m = machine_of(&player(id), &reading).expect("finite");
        let values = timed(
            &format!(
                "Ashlock fingerprint of {id} ({} states), 101 x 101 points, 200 turns",
                m.len()
            ),
            || ashlock_exact(&m, &probe, &grid, 200, Payoffs::STANDARD),
        );
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        println!("  mean score over the grid {mean:.6}");
    }
    let strategies = timed("reading every finite-state strategy", || {
        finite_machines(&reading)
    });
    let atlas = points(0.05);
    timed(
        &format!(
            "atlas of {} strategies, 21 x 21 points, 50 turns (the maths alone)",
            strategies.len()
        ),
        || {
            for (_, m) in &strategies {
                std::hint::black_box(ashlock_exact(m, &probe, &atlas, 50, Payoffs::STANDARD));
            }
        },
    );
    let out = std::env::temp_dir().join(format!("dilemma-bench-atlas-{}", std::process::id()));
    for charts in [false, true] {
        let source = Source {
            path: PathBuf::from("atlas.toml"),
            text: format!(
                "name = \"atlas\"\nkind = \"fingerprint\"\n[fingerprint]\nstrategies = \"all\"\n\
                 step = 0.05\nturns = 50\n[output]\ncharts = {charts}\n"
            ),
        };
        let loaded = timed(
            "reading the atlas scenario (every finite-state strategy)",
            || parse_within(&source, &source.path, false).expect("a valid scenario"),
        );
        let study = open(&loaded.scenario, Settings::default());
        let destination = out.join(format!("charts-{charts}"));
        timed(
            &format!("the atlas study as `dilemma run` plays it, charts {charts}"),
            || {
                with_style(&loaded.scenario.chart_style(), || {
                    study.run(&destination, &Silent).expect("the atlas runs")
                })
            },
        );
    }
    let _ = std::fs::remove_dir_all(&out);
    let question = Question {
        payoffs: Payoffs::STANDARD,
        noise: 0.05,
        length: Length::Turns(200),
        state_limit: None,
        fractions: true,
    };
    let (a, b) = (player("evolved-fsm-16"), player("pso-gambler-2-2-2"));
    let answer = timed(
        "Evolved FSM 16 v PSO Gambler 2_2_2, 200 turns, noise 1/20, fractions",
        || expect(&a, &b, &question).expect("finite"),
    );
    let digits = answer
        .exact
        .as_ref()
        .map_or(0, |e| e.scores[0].to_string().len());
    println!(
        "  {} joint states; the exact score has {digits} characters",
        answer.states
    );
}
