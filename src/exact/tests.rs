//! Cross-checks of the exact engine: against a brute-force sum over every
//! sequence of moves (the real rules, exact fractions), Press and Dyson's
//! determinant for memory-one pairs, and the simulating engine for random
//! finite-state pairs (within 4 standard errors).

use crate::exact::analysis::{Question, expect};
use crate::exact::chain::Length;
use crate::exact::number::{Number, Ratio, Value};
use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::horizon::Horizon;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::random::{MatchRng, match_rng, unit_interval};
use crate::ipd::strategies::defined::fsm::{Fsm, StateSpec};
use crate::ipd::strategies::defined::hmm::Hmm;
use crate::ipd::strategies::defined::lookup::{LookupTable, Response};
use crate::ipd::strategies::defined::memory_one::MemoryOneDef;
use crate::ipd::strategies::defined::{Body, Definition};
use crate::ipd::strategies::{MatchContext, Player, PlayerSpec};
use std::sync::Arc;

fn builtin(id: &str) -> Player {
    PlayerSpec::new(id).build().unwrap()
}

/// A shipped data strategy (strategies/axelrod/), read as a scenario names it.
fn shipped(id: &str) -> Player {
    crate::scenario::strategy_file::resolve_text(
        id,
        std::path::Path::new("."),
        &mut Default::default(),
    )
    .unwrap_or_else(|e| panic!("{id}: {e:?}"))
}

fn defined(body: Body) -> Player {
    Arc::new(Definition::new("test", None, body)).player("test")
}

fn question(noise: f64, length: Length) -> Question {
    Question {
        payoffs: Payoffs::STANDARD,
        noise,
        length,
        state_limit: None,
        fractions: true,
    }
}

/// The expected outcome counts over every 4^n sequence of played moves,
/// asking the real (deterministic) rules along each sequence: exact.
fn brute_force(a: &Player, b: &Player, noise: Ratio, turns: usize) -> [Ratio; 4] {
    let context = MatchContext {
        length: None,
        payoffs: Payoffs::STANDARD,
    };
    let mut totals: [Ratio; 4] = std::array::from_fn(|_| Ratio::zero());
    let keep = Ratio::one().minus(&noise);
    let mut rng: MatchRng = match_rng(0, 0, 0, 0);
    for code in 0..4u64.pow(turns as u32) {
        let (mut ra, mut rb) = (a.prototype.clone(), b.prototype.clone());
        let (mut ha, mut hb) = (History::new(), History::new());
        let mut probability = Ratio::one();
        let mut counts = [0i64; 4];
        for t in 0..turns {
            let joint = (code >> (2 * t)) & 3;
            let (x, y) = (Action::from_bit(joint >> 1), Action::from_bit(joint & 1));
            let wa = ra.choose(&ha, &hb, &context, &mut rng);
            let wb = rb.choose(&hb, &ha, &context, &mut rng);
            probability = probability.times(if wa == x { &keep } else { &noise });
            probability = probability.times(if wb == y { &keep } else { &noise });
            counts[joint as usize] += 1;
            ha.push(x);
            hb.push(y);
        }
        for k in 0..4 {
            totals[k] = totals[k].plus(&probability.times(&Ratio::integer(counts[k])));
        }
    }
    totals
}

#[test]
fn fixed_horizons_equal_the_sum_over_every_move_sequence() {
    let ids = [
        "tit-for-tat",
        "tit-for-2-tats",
        "win-stay-lose-shift",
        "suspicious-tit-for-tat",
        "two-tits-for-tat",
        "alternator",
        "hard-tit-for-tat",
        "defector",
    ];
    let noise = Ratio::fraction(1, 10);
    for (i, x) in ids.iter().enumerate() {
        for y in &ids[i..] {
            let (a, b) = (builtin(x), builtin(y));
            for turns in [1usize, 3, 6] {
                let want = brute_force(&a, &b, noise.clone(), turns);
                let got = expect(&a, &b, &question(0.1, Length::Turns(turns as u32))).unwrap();
                let exact = got.exact.expect("every input is a fraction");
                for (k, want) in want.iter().enumerate() {
                    assert_eq!(
                        &exact.outcomes[k].times(&Ratio::integer(turns as i64)),
                        want,
                        "{x} v {y}, {turns} turns, outcome {k}"
                    );
                }
            }
        }
    }
}

#[test]
fn eight_turns_of_a_deep_pair_equal_the_brute_force_sum() {
    let (a, b) = (builtin("hard-tit-for-tat"), builtin("tit-for-2-tats"));
    let want = brute_force(&a, &b, Ratio::fraction(1, 20), 8);
    let got = expect(&a, &b, &question(0.05, Length::Turns(8))).unwrap();
    let exact = got.exact.unwrap();
    for (k, want) in want.iter().enumerate() {
        assert_eq!(&exact.outcomes[k].times(&Ratio::integer(8)), want);
    }
}

fn det4(m: [[f64; 4]; 4]) -> f64 {
    let det3 = |a: [[f64; 3]; 3]| {
        a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
            - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
            + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
    };
    (0..4)
        .map(|c| {
            let minor = std::array::from_fn(|i| {
                let row = m[i + 1];
                let cols: Vec<f64> = (0..4).filter(|&k| k != c).map(|k| row[k]).collect();
                [cols[0], cols[1], cols[2]]
            });
            let sign = if c % 2 == 0 { 1.0 } else { -1.0 };
            sign * m[0][c] * det3(minor)
        })
        .sum()
}

/// Press and Dyson (2012): X's long-run score is D(p, q, S_X) / D(p, q, 1).
fn press_dyson(p: [f64; 4], q: [f64; 4], f: [f64; 4]) -> f64 {
    let d = |f: [f64; 4]| {
        det4([
            [-1.0 + p[0] * q[0], -1.0 + p[0], -1.0 + q[0], f[0]],
            [p[1] * q[2], -1.0 + p[1], q[2], f[1]],
            [p[2] * q[1], p[2], -1.0 + q[1], f[2]],
            [p[3] * q[3], p[3], q[3], f[3]],
        ])
    };
    d(f) / d([1.0; 4])
}

#[test]
fn memory_one_pairs_in_infinite_play_agree_with_press_and_dyson() {
    let mut rng = match_rng(11, 0, 0, 0);
    let mut draw = || (1 + (unit_interval(&mut rng) * 9.0) as i64) as f64 / 10.0;
    for _ in 0..40 {
        let p = [draw(), draw(), draw(), draw()];
        let q = [draw(), draw(), draw(), draw()];
        let first = draw();
        let a = defined(Body::MemoryOne(MemoryOneDef::new(p, first).unwrap()));
        let b = defined(Body::MemoryOne(MemoryOneDef::new(q, 0.5).unwrap()));
        let got = expect(&a, &b, &question(0.0, Length::Infinite)).unwrap();
        let want_x = press_dyson(p, q, [3.0, 0.0, 5.0, 1.0]);
        let want_y = press_dyson(p, q, [3.0, 5.0, 0.0, 1.0]);
        assert!((got.float.scores[0] - want_x).abs() < 1e-9, "{p:?} {q:?}");
        assert!((got.float.scores[1] - want_y).abs() < 1e-9);
        let exact = got.exact.unwrap();
        assert!((exact.scores[0].to_f64() - want_x).abs() < 1e-9);
        assert_eq!(got.classes.len(), 1);
        assert!((got.classes[0] - 1.0).abs() < 1e-12);
    }
}

#[test]
fn zero_determinant_extortion_enforces_its_relation_exactly() {
    // ZD-Extort-2 (chi = 2, phi = 1/9 with standard payoffs): against any
    // memory-one opponent, S_X - P = 2 (S_Y - P) in the long run.
    let zd = builtin("zd-extort-2");
    let opponent = defined(Body::MemoryOne(
        MemoryOneDef::new([0.9, 0.3, 0.6, 0.2], 1.0).unwrap(),
    ));
    let got = expect(&zd, &opponent, &question(0.0, Length::Infinite)).unwrap();
    let [sx, sy] = got.exact.expect("ZD-Extort-2's vector is fractions").scores;
    let p = Ratio::integer(1);
    assert_eq!(sx.minus(&p), Ratio::integer(2).times(&sy.minus(&p)));
}

#[test]
fn several_closed_classes_are_weighted_by_the_start() {
    // Without noise, TFT v TFT stays in CC; Suspicious TFT v TFT alternates
    // forever (one class of period 2): shares 1/2 CD and 1/2 DC.
    let tft = builtin("tit-for-tat");
    let got = expect(&tft, &tft, &question(0.0, Length::Infinite)).unwrap();
    assert_eq!(got.exact.unwrap().outcomes[0], Ratio::one());
    let stft = builtin("suspicious-tit-for-tat");
    let got = expect(&stft, &tft, &question(0.0, Length::Infinite)).unwrap();
    let o = got.exact.unwrap().outcomes;
    assert_eq!(o[1], Ratio::fraction(1, 2));
    assert_eq!(o[2], Ratio::fraction(1, 2));
    // A player opening at random between two absorbing worlds: Random(1/4)
    // first, then Grim-like machines split by the first move.
    let opener = defined(Body::MemoryOne(
        MemoryOneDef::new([1.0, 0.0, 0.0, 0.0], 0.25).unwrap(),
    ));
    let got = expect(&opener, &tft, &question(0.0, Length::Infinite)).unwrap();
    assert_eq!(got.classes.len(), 2);
    let o = got.exact.unwrap().outcomes;
    // C first (1/4): CC forever; D first (3/4): DC then CD, DD ... ends in DD.
    assert_eq!(o[0], Ratio::fraction(1, 4));
    assert_eq!(o[3], Ratio::fraction(3, 4));
}

#[test]
fn a_continuation_weights_turns_geometrically() {
    // Defector v Cooperator: every turn DC, so the shares are exact.
    let got = expect(
        &builtin("defector"),
        &builtin("cooperator"),
        &question(
            0.0,
            Length::Continuation {
                w: Value::of(0.9),
                cap: None,
            },
        ),
    )
    .unwrap();
    let exact = got.exact.unwrap();
    assert_eq!(exact.outcomes[2], Ratio::one());
    assert_eq!(exact.length, Some(Ratio::integer(10)));
    // TFT v STFT with w = 1/2: turn 1 CD, turn 2 DC, ... the first turn
    // weighs 1, the second 1/2, ...: CD share = (1 + 1/4 + ...) / 2 = 2/3.
    let got = expect(
        &builtin("tit-for-tat"),
        &builtin("suspicious-tit-for-tat"),
        &question(
            0.0,
            Length::Continuation {
                w: Value::of(0.5),
                cap: None,
            },
        ),
    )
    .unwrap();
    assert_eq!(got.exact.unwrap().outcomes[1], Ratio::fraction(2, 3));
}

fn random_player(rng: &mut MatchRng, k: usize) -> Player {
    let mut u = || unit_interval(rng);
    let tenth = |x: f64| (x * 11.0).floor().min(10.0) / 10.0;
    let action = |x: f64| if x < 0.5 { C } else { D };
    match k % 6 {
        0 => {
            let v = [tenth(u()), tenth(u()), tenth(u()), tenth(u())];
            defined(Body::MemoryOne(MemoryOneDef::new(v, tenth(u())).unwrap()))
        }
        1 => {
            let n = 1 + (u() * 5.0) as usize;
            let specs: Vec<StateSpec> = (0..n)
                .map(|i| StateSpec {
                    name: format!("s{i}"),
                    on: [0, 1]
                        .map(|_| Some((format!("s{}", (u() * n as f64) as usize), action(u())))),
                })
                .collect();
            defined(Body::Fsm(Fsm::new(&specs, "s0", action(u())).unwrap()))
        }
        2 => {
            let (own, opponent, first) =
                ((u() * 3.0) as u32, (u() * 3.0) as u32, (u() * 2.0) as u32);
            let length = own + opponent + first;
            let depth = own.max(opponent).max(first);
            let entries: Vec<(String, Response)> = (0..1u32 << length)
                .map(|index| {
                    let key: String = (0..length)
                        .rev()
                        .map(|b| if index >> b & 1 == 1 { 'D' } else { 'C' })
                        .collect();
                    let x = u();
                    let response = if x < 0.5 {
                        Response::Move(action(u()))
                    } else {
                        Response::Probability(tenth(u()))
                    };
                    (key, response)
                })
                .collect();
            let initial = (0..depth).map(|_| action(u())).collect();
            defined(Body::Lookup(
                LookupTable::new(own, opponent, first, initial, &entries).unwrap(),
            ))
        }
        3 => {
            let n = 1 + (u() * 3.0) as usize;
            let mut row = || {
                let cut = (u() * 11.0).floor().min(10.0);
                let mut r = vec![0.0; n];
                r[(u() * n as f64) as usize] += cut / 10.0;
                r[(u() * n as f64) as usize] += (10.0 - cut) / 10.0;
                r
            };
            let transitions = [
                (0..n).map(|_| row()).collect(),
                (0..n).map(|_| row()).collect(),
            ];
            let emissions = (0..n).map(|_| tenth(u())).collect();
            defined(Body::Hmm(
                Hmm::new(transitions, emissions, 0, action(u())).unwrap(),
            ))
        }
        4 => {
            let ids = [
                "tit-for-tat",
                "tit-for-2-tats",
                "gtft",
                "zd-gtft-2",
                "stochastic-wsls",
                "random",
                "firm-but-fair",
                "two-tits-for-tat",
                "hard-tit-for-2-tats",
                "cycler-ccd",
            ];
            builtin(ids[(u() * ids.len() as f64) as usize])
        }
        _ => {
            let ids = [
                "evolved-fsm-4",
                "evolved-fsm-16",
                "pso-gambler-mem1",
                "evolved-hmm-5",
                "evolved-lookerup-2-2-2",
                "pso-gambler-2-2-2",
            ];
            let id = ids[(u() * ids.len() as f64) as usize];
            shipped(id)
        }
    }
}

#[test]
fn random_finite_state_pairs_agree_with_simulation_within_four_standard_errors() {
    let mut rng = match_rng(2026, 0, 0, 0);
    let repetitions = 3000u64;
    for pair in 0..50 {
        let a = random_player(&mut rng, pair);
        let b = random_player(&mut rng, pair / 6 + pair * 5);
        let noise = [0.0, 0.05, 0.1][pair % 3];
        let (horizon, length) = if pair % 2 == 0 {
            (Horizon::Fixed { turns: 12 }, Length::Turns(12))
        } else {
            (
                Horizon::Random {
                    continuation: 0.8,
                    cap: None,
                },
                Length::Continuation {
                    w: Value::of(0.8),
                    cap: None,
                },
            )
        };
        let exact = expect(&a, &b, &question(noise, length))
            .unwrap_or_else(|e| panic!("{} v {}: {e}", a.name, b.name));
        let settings = MatchSettings {
            horizon,
            noise,
            payoffs: Payoffs::STANDARD,
        };
        // Per match: total score of A and the number of turns; the exact
        // per-turn score is E[total] / E[turns] (a ratio estimator).
        let (mut sum, mut sum_sq, mut turns) = (0.0, 0.0, 0.0);
        let expected_turn_score = exact.float.scores[0];
        for r in 0..repetitions {
            let mut g = match_rng(pair as u64, 1, 2, r);
            let outcome = play_match(
                &a.prototype,
                &b.prototype,
                &settings,
                &mut g,
                &mut NoRecording,
            );
            let total = outcome.scores(&Payoffs::STANDARD)[0];
            let n = outcome.length as f64;
            // Residual of the ratio: total - s * n has mean 0 when s is right.
            let residual = total - expected_turn_score * n;
            sum += residual;
            sum_sq += residual * residual;
            turns += n;
        }
        let m = repetitions as f64;
        let mean = sum / m;
        let sd = (sum_sq / m - mean * mean).max(0.0).sqrt();
        let se = sd / m.sqrt();
        assert!(
            mean.abs() <= 4.0 * se + 1e-9,
            "pair {pair}: {} v {} (noise {noise}): residual {mean} > 4 se {se}, exact {}, \
             simulated {}",
            a.name,
            b.name,
            expected_turn_score,
            expected_turn_score + sum / turns,
        );
    }
}

#[test]
fn players_without_finite_state_are_refused_with_the_reason() {
    let tft = builtin("tit-for-tat");
    for id in ["grudger", "first-by-davis", "adaptive"] {
        let other = builtin(id);
        let err = expect(&other, &tft, &question(0.0, Length::Turns(10))).unwrap_err();
        assert!(err.to_string().starts_with(&other.name), "{err}");
    }
}

#[test]
fn the_catalogue_reads_as_machines_where_its_state_is_finite() {
    use crate::exact::reading::{Reading, machine_of};
    let reading = Reading {
        payoffs: Payoffs::STANDARD,
        length_known: false,
    };
    let mut exact = Vec::new();
    for info in crate::ipd::strategies::CATALOGUE.iter() {
        let p = PlayerSpec::new(info.id).build().unwrap();
        if machine_of(&p, &reading).is_ok() {
            exact.push(info.id);
        }
    }
    for id in [
        "tit-for-tat",
        "win-stay-lose-shift",
        "gtft",
        "zd-extort-2",
        "cycler-ccd",
        "alternator",
        "first-by-nydegger",
        "second-by-grofman",
        "capri",
        "random",
    ] {
        assert!(exact.contains(&id), "{id} is finite-state");
    }
    for id in [
        "grudger",
        "first-by-davis",
        "contrite-tit-for-tat",
        "adaptive",
    ] {
        assert!(!exact.contains(&id), "{id} is refused");
    }
    assert!(exact.len() >= 50, "{} built-ins read", exact.len());
    for id in [
        "evolved-fsm-16",
        "pso-gambler-2-2-2",
        "evolved-hmm-5",
        "evolved-lookerup-2-2-2",
    ] {
        assert!(machine_of(&shipped(id), &reading).is_ok(), "{id}");
    }
    assert!(machine_of(&shipped("evolved-ann"), &reading).is_err());
}
