//! Speed of the normal-form analysis.
//!
//! Run with `cargo bench --bench normal_form`. Reported: the 99x99
//! traveler's dilemma (claims 2..100, R = 2) analysed in full (the issue's
//! goal: under one second), and all equilibria of random non-degenerate
//! 12x12 games (time per game).

use dilemma::dilemmas::travelers::TravelersGame;
use dilemma::normal_form::analysis::analyse;
use dilemma::normal_form::equilibria::all_equilibria;
use dilemma::normal_form::{Bimatrix, Rational};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn main() {
    for bonus in [2, 50] {
        let game = TravelersGame::new(2, 100, bonus.into())
            .expect("valid")
            .bimatrix()
            .expect("fits");
        let t = Instant::now();
        let a = analyse(&game).expect("analysis");
        println!(
            "traveler's dilemma 2..100 R={bonus}: {:.3} s; {} eliminations, {} equilibria",
            t.elapsed().as_secs_f64(),
            a.reduction.trail.len(),
            a.equilibria.extreme.len()
        );
    }
    // Random non-degenerate games: sizes from the command line (default 6 8 10).
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![6, 8, 10]
    } else {
        sizes
    };
    let names = |k: usize| (0..k).map(|x| format!("s{x}")).collect::<Vec<_>>();
    for size in sizes {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let (mut games, mut total, mut count, mut worst, mut failed) =
            (0, 0.0f64, 0usize, 0.0f64, 0);
        while games < 3 {
            let mut draw = || Rational::int((rng.next_u64() % 10) as i128);
            let a: Vec<Vec<Rational>> = (0..size)
                .map(|_| (0..size).map(|_| draw()).collect())
                .collect();
            let b: Vec<Vec<Rational>> = (0..size)
                .map(|_| (0..size).map(|_| draw()).collect())
                .collect();
            let g = Bimatrix::new(
                "r",
                ["r".into(), "c".into()],
                names(size),
                names(size),
                a,
                b,
            )
            .expect("valid");
            let t = Instant::now();
            let Ok(set) = all_equilibria(&g) else {
                failed += 1;
                continue;
            };
            let secs = t.elapsed().as_secs_f64();
            if set.degenerate {
                continue;
            }
            games += 1;
            total += secs;
            worst = worst.max(secs);
            count += set.extreme.len();
        }
        println!(
            "random non-degenerate {size}x{size} games (payoffs 0..9, seed 12): {games} games ({failed} skipped: i128 overflow), mean {:.4} s per game, worst {:.4} s, {:.1} equilibria per game",
            total / games as f64,
            worst,
            count as f64 / games as f64
        );
    }
}
