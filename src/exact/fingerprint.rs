//! axelrod's two fingerprints (Ashlock et al.), exact where both players
//! are finite-state, and simulated as axelrod 4.14 computes them.
//!
//! - **Ashlock** (`AshlockFingerprint`): the strategy's mean score per turn
//!   against the probe transformed at each point (x, y) of a grid over the
//!   unit square with step s: the probe with axelrod's Joss-Ann transformer
//!   (C with probability x, D with y, else its own move) when x + y < 1,
//!   and the dual of the probe under Joss-Ann (1 - x, 1 - y) when
//!   x + y >= 1. Points are `linspace(0, 1, floor(1/s) + 1)` for x, each
//!   with every y (x outer, y inner), as axelrod's `create_points` makes
//!   them.
//! - **Transitive** (`TransitiveFingerprint`): the strategy's cooperation
//!   rate at each turn against each opponent, by default Random(p) for p
//!   in `linspace(0, 1, 50)`.
//!
//! Exact values are the expectations of the joint chain (`chain`); the
//! simulated ones play the matches with the engine, each match its own
//! generator keyed by (seed, point, repetition), the point (or opponent)
//! counted in the whole grid: a block of points played alone
//! ([`ashlock_simulated_block`], [`transitive_simulated_block`]) draws what
//! it draws inside the whole grid, so a study split into rows of the grid
//! gives the same values however it is split.

use crate::exact::analysis::{Question, expect_machines};
use crate::exact::chain::{Chain, Length};
use crate::exact::machine::Machine;
use crate::exact::number::Value;
use crate::ipd::horizon::Horizon;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::play::{MatchSettings, MoveList, NoRecording, play_match};
use crate::ipd::random::match_rng;
use crate::ipd::strategies::Player;
use crate::ipd::strategies::defined::transformer::{Transformed, Transformer};
use crate::ipd::strategies::defined::{Body, Definition};
use std::sync::Arc;

/// The grid of an Ashlock fingerprint: (x, y) for x outer, y inner.
pub fn points(step: f64) -> Vec<(f64, f64)> {
    let n = (1.0 / step).floor() as usize + 1;
    let axis = linspace(n);
    axis.iter()
        .flat_map(|&x| axis.iter().map(move |&y| (x, y)))
        .collect()
}

/// numpy's `linspace(0, 1, n)`: k / (n - 1) as numpy computes it
/// (k * step, the last point exactly 1).
pub fn linspace(n: usize) -> Vec<f64> {
    if n == 1 {
        return vec![0.0];
    }
    let step = 1.0 / (n - 1) as f64;
    (0..n)
        .map(|k| if k == n - 1 { 1.0 } else { k as f64 * step })
        .collect()
}

/// The transformers axelrod puts on the probe at (x, y).
pub fn probe_transformers(x: f64, y: f64) -> Vec<Transformer> {
    if x + y >= 1.0 {
        vec![
            Transformer::JossAnn {
                p: 1.0 - x,
                q: 1.0 - y,
            },
            Transformer::Dual,
        ]
    } else {
        vec![Transformer::JossAnn { p: x, q: y }]
    }
}

/// The probe's machine at (x, y).
pub fn probe_machine(probe: &Machine, x: f64, y: f64) -> Machine {
    let mut m = probe.clone();
    for t in probe_transformers(x, y) {
        m = match t {
            Transformer::JossAnn { p, q } => m.joss_ann(&Value::of(p), &Value::of(q)),
            Transformer::Dual => m.dual(),
            _ => unreachable!("a probe is Joss-Ann, then perhaps dual"),
        };
    }
    m
}

/// The probe as a player at (x, y) (for simulation).
pub fn probe_player(probe: &Player, x: f64, y: f64) -> Player {
    let transformed =
        Transformed::new(probe.clone(), probe_transformers(x, y)).expect("the list is not empty");
    let name = format!("Joss-Ann {} ({x}, {y})", probe.name);
    Arc::new(Definition::new(
        name.clone(),
        None,
        Body::Transformed(transformed),
    ))
    .player(&name)
}

/// The exact Ashlock fingerprint: the strategy's expected score per turn
/// over `turns` turns at each point.
pub fn ashlock_exact(
    strategy: &Machine,
    probe: &Machine,
    points: &[(f64, f64)],
    turns: u32,
    payoffs: Payoffs,
) -> Vec<f64> {
    use rayon::prelude::*;
    let question = Question {
        payoffs,
        noise: 0.0,
        length: Length::Turns(turns),
        state_limit: None,
        fractions: false,
    };
    points
        .par_iter()
        .map(|&(x, y)| {
            let p = probe_machine(probe, x, y);
            expect_machines(strategy, &p, &question)
                .map(|a| a.float.scores[0])
                .unwrap_or(f64::NAN)
        })
        .collect()
}

/// Where a block of simulated points (or opponents) draws from: the
/// master seed of the strategy and the index of the block's first point in
/// the whole grid (x outer, y inner) or list of opponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draws {
    /// The strategy's seed.
    pub seed: u64,
    /// The index of the block's first point.
    pub first: usize,
}

/// The simulated Ashlock fingerprint: the strategy's mean score per turn
/// over `repetitions` matches of `turns` turns at each point.
pub fn ashlock_simulated(
    strategy: &Player,
    probe: &Player,
    points: &[(f64, f64)],
    turns: u32,
    repetitions: u32,
    payoffs: Payoffs,
    seed: u64,
) -> Vec<f64> {
    let draws = Draws { seed, first: 0 };
    ashlock_simulated_block(strategy, probe, points, turns, repetitions, payoffs, draws)
}

/// [`ashlock_simulated`] of a block of the grid whose first point is
/// `draws.first`: point `k` of the block draws as point `first + k` of the
/// whole grid.
pub fn ashlock_simulated_block(
    strategy: &Player,
    probe: &Player,
    points: &[(f64, f64)],
    turns: u32,
    repetitions: u32,
    payoffs: Payoffs,
    draws: Draws,
) -> Vec<f64> {
    use rayon::prelude::*;
    let Draws { seed, first } = draws;
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs,
    };
    points
        .par_iter()
        .enumerate()
        .map(|(k, &(x, y))| {
            let p = probe_player(probe, x, y);
            let total: f64 = (0..repetitions)
                .map(|r| {
                    let mut rng = match_rng(seed, 0, (first + k) as u64 + 1, r as u64);
                    let outcome = play_match(
                        &strategy.prototype,
                        &p.prototype,
                        &settings,
                        &mut rng,
                        &mut NoRecording,
                    );
                    outcome.scores(&payoffs)[0] / turns as f64
                })
                .sum();
            total / repetitions as f64
        })
        .collect()
}

/// The exact transitive fingerprint: per opponent, the strategy's
/// probability of cooperating at each turn 1..=turns.
pub fn transitive_exact(strategy: &Machine, opponents: &[Machine], turns: u32) -> Vec<Vec<f64>> {
    opponents
        .iter()
        .map(|o| {
            let chain = Chain::<f64>::build(strategy, o, &Value::of(0.0), usize::MAX)
                .ok()
                .flatten()
                .expect("doubles always build");
            chain.cooperation_by_turn(turns)
        })
        .collect()
}

/// The simulated transitive fingerprint: per opponent, the share of
/// `repetitions` matches in which the strategy cooperated at each turn.
pub fn transitive_simulated(
    strategy: &Player,
    opponents: &[Player],
    turns: u32,
    repetitions: u32,
    payoffs: Payoffs,
    seed: u64,
) -> Vec<Vec<f64>> {
    let draws = Draws { seed, first: 0 };
    transitive_simulated_block(strategy, opponents, turns, repetitions, payoffs, draws)
}

/// [`transitive_simulated`] against a block of the opponents whose first is
/// opponent `draws.first` of the whole list.
pub fn transitive_simulated_block(
    strategy: &Player,
    opponents: &[Player],
    turns: u32,
    repetitions: u32,
    payoffs: Payoffs,
    draws: Draws,
) -> Vec<Vec<f64>> {
    use rayon::prelude::*;
    let Draws { seed, first } = draws;
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs,
    };
    opponents
        .par_iter()
        .enumerate()
        .map(|(k, o)| {
            let mut counts = vec![0u32; turns as usize];
            for r in 0..repetitions {
                let mut rng = match_rng(seed, 0, (first + k) as u64 + 1, r as u64);
                let mut moves = MoveList::default();
                play_match(
                    &strategy.prototype,
                    &o.prototype,
                    &settings,
                    &mut rng,
                    &mut moves,
                );
                for (count, a) in counts.iter_mut().zip(&moves.first) {
                    *count += u32::from(*a == crate::ipd::action::Action::C);
                }
            }
            counts
                .into_iter()
                .map(|c| c as f64 / repetitions as f64)
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::reading::{Reading, machine_of};
    use crate::ipd::strategies::PlayerSpec;

    fn player(id: &str) -> Player {
        PlayerSpec::new(id).build().unwrap()
    }

    fn machine(p: &Player) -> Machine {
        machine_of(
            p,
            &Reading {
                payoffs: Payoffs::STANDARD,
                length_known: true,
            },
        )
        .unwrap()
    }

    #[test]
    fn the_grid_is_axelrods() {
        let p = points(0.5);
        assert_eq!(
            p,
            vec![
                (0.0, 0.0),
                (0.0, 0.5),
                (0.0, 1.0),
                (0.5, 0.0),
                (0.5, 0.5),
                (0.5, 1.0),
                (1.0, 0.0),
                (1.0, 0.5),
                (1.0, 1.0)
            ]
        );
        assert_eq!(points(0.01).len(), 101 * 101);
        assert_eq!(points(0.3).len(), 16);
    }

    #[test]
    fn corners_of_tit_for_tat_against_itself_are_known() {
        // At (0, 0) the probe is Tit For Tat: CC every turn, score 3. At
        // (1, 0) it is the dual of Joss-Ann (0, 1) TFT = dual of Defector =
        // Cooperator: TFT scores 3. At (0, 1) the probe always defects
        // (Joss-Ann (0, 1)); TFT scores 0 then 1 per turn.
        let tft = player("tit-for-tat");
        let m = machine(&tft);
        let v = ashlock_exact(
            &m,
            &m,
            &[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
            10,
            Payoffs::STANDARD,
        );
        assert_eq!(v[0], 3.0);
        assert_eq!(v[1], 3.0);
        assert!((v[2] - 0.9).abs() < 1e-12, "{}", v[2]);
    }

    #[test]
    fn exact_and_simulated_ashlock_agree_within_sampling_error() {
        let probe = player("tit-for-tat");
        let pm = machine(&probe);
        let grid = points(0.25);
        for id in [
            "tit-for-tat",
            "win-stay-lose-shift",
            "gtft",
            "tit-for-2-tats",
        ] {
            let s = player(id);
            let exact = ashlock_exact(&machine(&s), &pm, &grid, 20, Payoffs::STANDARD);
            let simulated = ashlock_simulated(&s, &probe, &grid, 20, 1000, Payoffs::STANDARD, 7);
            for ((e, m), point) in exact.iter().zip(&simulated).zip(&grid) {
                // A score per turn lies in [0, 5]: sd <= 2.5, se <= 0.08.
                assert!(
                    (e - m).abs() < 4.0 * 2.5 / 1000f64.sqrt(),
                    "{id} {point:?}: {e} v {m}"
                );
            }
        }
    }

    #[test]
    fn a_block_of_points_draws_what_it_draws_in_the_whole_grid() {
        let (s, probe) = (player("gtft"), player("tit-for-tat"));
        let grid = points(0.25);
        let whole = ashlock_simulated(&s, &probe, &grid, 10, 7, Payoffs::STANDARD, 11);
        let draws = Draws { seed: 11, first: 5 };
        let block =
            ashlock_simulated_block(&s, &probe, &grid[5..10], 10, 7, Payoffs::STANDARD, draws);
        assert_eq!(&whole[5..10], &block[..]);
        // Another place in the grid draws otherwise.
        let elsewhere = Draws { seed: 11, first: 6 };
        let moved = ashlock_simulated_block(
            &s,
            &probe,
            &grid[5..10],
            10,
            7,
            Payoffs::STANDARD,
            elsewhere,
        );
        assert_ne!(block, moved);
        let opponents: Vec<Player> = linspace(4)
            .iter()
            .map(|&p| PlayerSpec::new("random").with("p", p).build().unwrap())
            .collect();
        let whole = transitive_simulated(&s, &opponents, 8, 5, Payoffs::STANDARD, 3);
        let draws = Draws { seed: 3, first: 2 };
        let block = transitive_simulated_block(&s, &opponents[2..], 8, 5, Payoffs::STANDARD, draws);
        assert_eq!(&whole[2..], &block[..]);
    }

    #[test]
    fn exact_and_simulated_transitive_agree_within_sampling_error() {
        let ps = linspace(5);
        let opponents: Vec<Player> = ps
            .iter()
            .map(|&p| PlayerSpec::new("random").with("p", p).build().unwrap())
            .collect();
        let machines: Vec<Machine> = opponents.iter().map(machine).collect();
        for id in ["tit-for-tat", "win-stay-lose-shift", "gtft"] {
            let s = player(id);
            let exact = transitive_exact(&machine(&s), &machines, 10);
            let simulated = transitive_simulated(&s, &opponents, 10, 2000, Payoffs::STANDARD, 3);
            for (k, (e, m)) in exact.iter().zip(&simulated).enumerate() {
                for (t, (a, b)) in e.iter().zip(m).enumerate() {
                    // A proportion: se <= 0.5 / sqrt(2000).
                    assert!(
                        (a - b).abs() < 4.0 * 0.5 / 2000f64.sqrt(),
                        "{id} opponent {k} turn {t}"
                    );
                }
            }
            // Tit For Tat against Random(p) cooperates at turn t > 1 with p.
            if id == "tit-for-tat" {
                for (k, row) in exact.iter().enumerate() {
                    assert_eq!(row[0], 1.0);
                    assert!((row[5] - ps[k]).abs() < 1e-12);
                }
            }
        }
    }
}
