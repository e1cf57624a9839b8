//! Speed of the normal-form analysis.
//!
//! Run with `cargo bench --bench normal_form` (optionally followed by the
//! game sizes, default `8 10 12 15`; about half a minute in all). Reported: the 99x99 traveler's
//! dilemma (claims 2..100, R = 2 and 50) analysed in full (the issue's
//! goal: under one second), and all extreme equilibria of random
//! non-degenerate square games (payoffs uniform in 0..1000; a drawn game
//! that turns out degenerate is skipped and counted), time per game and
//! number of equilibria for several seeds. Also the exact LP alone (no
//! floating-point screen) proving claim 100 dominated in the 99x99 game.

use dilemma::dilemmas::travelers::TravelersGame;
use dilemma::normal_form::analysis::analyse;
use dilemma::normal_form::dominance::strict_dominator;
use dilemma::normal_form::equilibria::all_equilibria;
use dilemma::normal_form::{Bimatrix, Rational};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Payoffs are drawn uniformly from `0..RANGE`.
const RANGE: u64 = 1000;
/// Non-degenerate games timed per size.
const GAMES: usize = 5;

fn random_game(size: usize, rng: &mut ChaCha8Rng) -> Bimatrix {
    random_game_in(size, RANGE, rng)
}

fn random_game_in(size: usize, range: u64, rng: &mut ChaCha8Rng) -> Bimatrix {
    let names = |k: usize| (0..k).map(|x| format!("s{x}")).collect::<Vec<_>>();
    let mut draw = || Rational::int((rng.next_u64() % range) as i128);
    let mut matrix = || -> Vec<Vec<Rational>> {
        (0..size)
            .map(|_| (0..size).map(|_| draw()).collect())
            .collect()
    };
    let (a, b) = (matrix(), matrix());
    Bimatrix::new(
        "random",
        ["r".into(), "c".into()],
        names(size),
        names(size),
        a,
        b,
    )
    .expect("valid")
}

fn main() {
    for bonus in [2, 50] {
        let game = TravelersGame::new(2, 100, bonus.into())
            .expect("valid")
            .bimatrix()
            .expect("fits");
        let t = Instant::now();
        let a = analyse(&game).expect("analysis");
        println!(
            "traveler's dilemma 2..100 (99x99) R={bonus}: {:.3} s; {} eliminations, {} equilibria",
            t.elapsed().as_secs_f64(),
            a.reduction.trail.len(),
            a.equilibria.extreme.len()
        );
    }
    // The exact path alone (no floating-point screen): is claim 100 strictly
    // dominated by a mixture of the lower claims? 98 x 99 exact LP.
    let game = TravelersGame::new(2, 100, 2.into())
        .expect("valid")
        .bimatrix()
        .expect("fits");
    let all: Vec<usize> = (0..99).collect();
    let t = Instant::now();
    let mix = strict_dominator(&game.a, &all, &all, 98, false).expect("exact LP");
    println!(
        "traveler's dilemma 2..100: claim 100 strictly dominated by a mixture of {} lower claims, exact LP without the float screen: {:.3} s",
        mix.as_ref().map_or(0, Vec::len),
        t.elapsed().as_secs_f64()
    );
    assert!(mix.is_some());
    // Degenerate games: few distinct payoffs, many ties, vertices with many
    // bases (the lexicographic rule visits only the lex-feasible ones).
    for size in [6, 8] {
        let t = Instant::now();
        let (mut degenerate, mut count) = (0, 0);
        for seed in 0..GAMES as u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(77 + seed);
            let set = all_equilibria(&random_game_in(size, 3, &mut rng)).expect("equilibria");
            degenerate += usize::from(set.degenerate);
            count += set.extreme.len();
        }
        println!(
            "random {size}x{size} games with payoffs 0..2 ({degenerate} of {GAMES} degenerate): mean {:.4} s per game, {count} extreme equilibria in all",
            t.elapsed().as_secs_f64() / GAMES as f64
        );
    }
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![8, 10, 12, 15]
    } else {
        sizes
    };
    for size in sizes {
        let mut times = Vec::new();
        let mut counts = Vec::new();
        let mut skipped = 0;
        let mut too_big = 0;
        let mut seed = 0u64;
        while times.len() < GAMES {
            seed += 1;
            let mut rng = ChaCha8Rng::seed_from_u64(1000 * size as u64 + seed);
            let g = random_game(size, &mut rng);
            let t = Instant::now();
            let result = all_equilibria(&g);
            let secs = t.elapsed().as_secs_f64();
            let Ok(set) = result else {
                // An equilibrium probability needs more than 128 bits.
                too_big += 1;
                println!(
                    "  {size}x{size}: {:.4} s, an equilibrium does not fit 128-bit rationals",
                    secs
                );
                continue;
            };
            if set.degenerate {
                skipped += 1;
                continue;
            }
            println!(
                "  {size}x{size} seed {}: {:.4} s, {} equilibria",
                1000 * size as u64 + seed,
                secs,
                set.extreme.len()
            );
            times.push(secs);
            counts.push(set.extreme.len());
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let worst = times.iter().copied().fold(0.0, f64::max);
        println!(
            "random non-degenerate {size}x{size} games (payoffs 0..{}): {} games, mean {:.4} s per game, worst {:.4} s, equilibria {:?} ({skipped} degenerate draws skipped, {too_big} with probabilities beyond 128-bit rationals)",
            RANGE - 1,
            times.len(),
            mean,
            worst,
            counts
        );
    }
}
