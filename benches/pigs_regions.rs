//! Speed of the boxed-pigs region computations: the exact 1-D regions
//! (five analyses plus exact root finding) and 2-D region maps of 100 x 100
//! and 400 x 400 cells (the largest allowed), over food and cost and over
//! two shares; and a map's areas as polygons (straight boundaries, and
//! curved ones followed over 400 strips).
//!
//! Run with `cargo bench --bench pigs_regions`.

use dilemma::dilemmas::pigs::PigsGame;
use dilemma::dilemmas::pigs::region_areas::region_areas;
use dilemma::dilemmas::pigs::regions::{Axis, line_regions, region_map};
use dilemma::normal_form::rational::Rational;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        last = Some(work());
        best = best.min(t.elapsed());
    }
    (best, last.expect("at least one run"))
}

fn axis(p: &str, from: i128, to: i128, steps: u32) -> Axis {
    Axis {
        parameter: p.into(),
        from: Rational::int(from),
        to: Rational::int(to),
        steps,
    }
}

fn main() {
    let base = PigsGame::preset("seed-modified").expect("preset");
    let (t, r) = best_of(20, || {
        line_regions(black_box(&base), &axis("both_press", 0, 1, 20)).expect("regions")
    });
    println!(
        "1-D exact regions (seed-modified, both_press 0..1): {:.1} us, {} regions",
        t.as_secs_f64() * 1e6,
        r.regions.len()
    );
    let textbook = PigsGame::preset("textbook").expect("preset");
    for (game, x, y) in [
        (
            &textbook,
            axis("food", 0, 20, 100),
            axis("cost", 0, 10, 100),
        ),
        (
            &textbook,
            axis("food", 0, 20, 400),
            axis("cost", 0, 10, 400),
        ),
        (
            &base,
            axis("big_presses", 0, 1, 400),
            axis("both_press", 0, 1, 400),
        ),
    ] {
        let (t, m) = best_of(3, || region_map(black_box(game), &x, &y).expect("map"));
        println!(
            "2-D map {} x {} over {} and {}: {:.3} s ({:.2} us per cell), {} outcomes",
            x.steps,
            y.steps,
            x.parameter,
            y.parameter,
            t.as_secs_f64(),
            t.as_secs_f64() * 1e6 / f64::from(x.steps * y.steps),
            m.outcomes.len()
        );
    }
    for (game, x, y) in [
        (&textbook, axis("food", 0, 20, 60), axis("cost", 0, 10, 60)),
        (
            &textbook,
            axis("food", 0, 20, 60),
            axis("big_presses", 0, 1, 60),
        ),
    ] {
        let m = region_map(game, &x, &y).expect("map");
        let (t, a) = best_of(5, || region_areas(black_box(game), &m).expect("areas"));
        println!(
            "areas of the map over {} and {}: {:.1} us, {} polygons, {} corners",
            x.parameter,
            y.parameter,
            t.as_secs_f64() * 1e6,
            a.areas.len(),
            a.areas.iter().map(|p| p.polygon.len()).sum::<usize>()
        );
    }
}
