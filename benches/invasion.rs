//! Speed of the analytic invasion analysis (`evolution::invasion`), beside
//! EGTtools on the same table.
//!
//! Run with `cargo bench --bench invasion [EGTTOOLS_SECONDS]`. The table is
//! synthetic but fixed (`payoff(i, j)` below, the same formula as
//! `benches/invasion_egttools.py`): 236 strategies, as many as the
//! catalogue's non-long-run players; the values do not change the work.
//! Timed, on all threads: every fixation probability at Z = 100 plus the
//! small-mutation chain's stationary distribution (one analysis), and the
//! abundance curve over 50 intensities of selection (a beta sweep: 50
//! analyses). `python3 benches/invasion_egttools.py` times EGTtools'
//! `PairwiseComparison.calculate_transition_and_fixation_matrix_sml` and
//! `calculate_stationary_distribution` on the same table; pass its seconds
//! per analysis to print the ratio.

use dilemma::evolution::invasion::{
    PayoffMatrix, Selection, abundance_curve, fixation_matrix, small_mutation,
};
use std::hint::black_box;
use std::time::Instant;

/// Strategies in the table.
const STRATEGIES: usize = 236;
/// Population size Z.
const Z: usize = 100;

/// The table: a fixed pseudo-random payoff in [0, 5], as in the Python twin.
fn payoff(i: usize, j: usize) -> f64 {
    ((i * 7919 + j * 104_729 + i * j * 31) % 1000) as f64 / 200.0
}

fn main() {
    let egttools_seconds: Option<f64> = std::env::args().skip(1).find_map(|a| a.parse().ok());
    let rows: Vec<Vec<f64>> = (0..STRATEGIES)
        .map(|i| (0..STRATEGIES).map(|j| payoff(i, j)).collect())
        .collect();
    let table = PayoffMatrix::new(&rows).unwrap();
    let selection = Selection::Fermi { beta: 1.0 };
    // Warm up (threads, allocator), then the best of 5.
    let one = || {
        let rho = fixation_matrix(black_box(&table), Z, selection).unwrap();
        small_mutation(&rho).unwrap()
    };
    black_box(one());
    let mut best = f64::INFINITY;
    let mut checksum = 0.0;
    for _ in 0..5 {
        let start = Instant::now();
        let chain = one();
        best = best.min(start.elapsed().as_secs_f64());
        checksum = chain.abundance.iter().sum::<f64>();
    }
    println!(
        "one analysis: {STRATEGIES} strategies, Z = {Z}, fermi beta = 1: {:.3} s \
         ({} fixation probabilities; abundances sum to {checksum:.12})",
        best,
        STRATEGIES * (STRATEGIES - 1)
    );
    if let Some(theirs) = egttools_seconds {
        println!(
            "  EGTtools 0.1.14.2 on the same table: {theirs:.3} s; ratio {:.1}x",
            theirs / best
        );
    }
    let betas: Vec<f64> = (0..50)
        .map(|k| 10f64.powf(-3.0 + 4.0 * k as f64 / 49.0))
        .collect();
    let start = Instant::now();
    let curve = abundance_curve(black_box(&table), Z, selection, &betas).unwrap();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "beta sweep: 50 intensities from 0.001 to 10: {seconds:.3} s ({:.3} s an intensity)",
        seconds / curve.len() as f64
    );
    if let Some(theirs) = egttools_seconds {
        println!(
            "  EGTtools, 50 analyses at its time per analysis: {:.1} s; ratio {:.1}x",
            50.0 * theirs,
            50.0 * theirs / seconds
        );
    }
}
