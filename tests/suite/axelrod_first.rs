//! Axelrod's first tournament (1980) beyond move-for-move agreement (which
//! `tests/suite/axelrod_catalogue.rs` checks for the deterministic entries):
//! - the chi-squared test of Stein and Rapoport and Graaskamp against scipy's
//!   (`tests/data/chi_squared_reference.json`, scipy version recorded);
//! - the stochastic entries in distribution: each observed cooperation rate
//!   is within 5 standard deviations of the rule's probability;
//! - the ranking of `scenarios/axelrod-first.toml` against the axelrod
//!   library's ranking of the same line-up
//!   (`tests/data/axelrod_first_ranking.json`, axelrod 4.14.0).

use dilemma::ipd::Action::{self, C, D};
use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, MoveList, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::Player;
use dilemma::ipd::strategies::chi_squared;
use dilemma::ipd::{Payoffs, PlayerSpec};
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn build(id: &str, params: &[(&str, f64)]) -> Player {
    let mut spec = PlayerSpec::new(id);
    for &(name, value) in params {
        spec = spec.with(name, value);
    }
    spec.build().unwrap()
}

/// Both players' moves in one match of `turns` turns (standard payoffs).
fn play(a: &Player, b: &Player, turns: u32, seed: u64) -> (Vec<Action>, Vec<Action>) {
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let mut list = MoveList::default();
    play_match(
        &a.prototype,
        &b.prototype,
        &settings,
        &mut match_rng(seed, 0, 1, 0),
        &mut list,
    );
    (list.first, list.second)
}

/// Counts of (trials, cooperations) that pass a 5-sigma binomial test of
/// probability `p` (exact for p = 0 or 1).
fn assert_binomial(cooperations: u32, trials: u32, p: f64, context: &str) {
    let (k, n) = (cooperations as f64, trials as f64);
    if p == 0.0 || p == 1.0 {
        assert_eq!(k, n * p, "{context}: {cooperations} C in {trials}, p = {p}");
        return;
    }
    let sigma = (n * p * (1.0 - p)).sqrt();
    assert!(
        (k - n * p).abs() <= 5.0 * sigma,
        "{context}: {cooperations} C in {trials}, expected {:.1} +- {:.1} (p = {p})",
        n * p,
        5.0 * sigma
    );
}

// ---------------------------------------------------------------------------
// The chi-squared test against scipy.

#[test]
fn chi_squared_decisions_and_p_values_are_scipys() {
    let data = load("chi_squared_reference.json");
    let max_n = data["max_n"].as_u64().unwrap() as u32;
    let accepts = |c: u32, n: u32, alpha: f64| chi_squared::p_value(c, n - c) >= alpha;
    let mut checked = 0;
    for (alpha, row) in data["thresholds"].as_object().unwrap() {
        let alpha: f64 = alpha.parse().unwrap();
        for (n, threshold) in (1..=max_n).zip(row.as_array().unwrap()) {
            // scipy accepts exactly the splits t..=n-t. Our p-value grows
            // as c approaches n / 2 (the statistic is exact), so checking
            // the edges of that interval checks every split.
            match threshold.as_u64() {
                Some(t) => {
                    let t = t as u32;
                    assert!(accepts(t, n, alpha), "alpha {alpha}, {t} of {n}");
                    assert!(accepts(n - t, n, alpha), "alpha {alpha}, {} of {n}", n - t);
                    if t > 0 {
                        assert!(!accepts(t - 1, n, alpha), "alpha {alpha}, {} of {n}", t - 1);
                        assert!(!accepts(n - t + 1, n, alpha), "alpha {alpha}, n {n}");
                    }
                }
                None => assert!(!accepts(n / 2, n, alpha), "alpha {alpha}, n {n}"),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 4 * max_n);
    // The p-values themselves, to about 1e-13 (scipy's own accuracy).
    for (n, values) in data["p_values"].as_object().unwrap() {
        let n: u32 = n.parse().unwrap();
        for (c, expected) in values.as_array().unwrap().iter().enumerate() {
            let expected = expected.as_f64().unwrap();
            let ours = chi_squared::p_value(c as u32, n - c as u32);
            let error = (ours - expected).abs();
            assert!(
                error <= 1e-12 * expected || error < 1e-300,
                "split {c} of {n}: ours {ours:e}, scipy {expected:e}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// The stochastic entries in distribution.

#[test]
fn grofman_cooperates_with_two_sevenths_after_the_players_differed() {
    let grofman = build("first-by-grofman", &[]);
    let random = build("random", &[]);
    let (mut seen, mut cooperated) = ([0u32; 4], [0u32; 4]);
    for seed in 0..100 {
        let (me, them) = play(&grofman, &random, 50, seed);
        assert_eq!(me[0], C);
        for t in 1..me.len() {
            let state = dilemma::ipd::action::state_index(me[t - 1], them[t - 1]);
            seen[state] += 1;
            cooperated[state] += u32::from(me[t] == C);
        }
    }
    for (state, p) in [1.0, 2.0 / 7.0, 2.0 / 7.0, 1.0].into_iter().enumerate() {
        assert!(seen[state] > 300, "{seen:?}");
        assert_binomial(cooperated[state], seen[state], p, &format!("state {state}"));
    }
}

#[test]
fn feld_answers_cooperation_with_a_linearly_decaying_probability() {
    let cooperator = build("cooperator", &[]);
    let defector = build("defector", &[]);
    for (params, start, end, rounds) in [
        (vec![], 1.0, 0.5, 200.0),
        (
            vec![
                ("start_coop_prob", 0.9),
                ("end_coop_prob", 0.3),
                ("rounds_of_decay", 100.0),
            ],
            0.9,
            0.3,
            100.0,
        ),
    ] {
        let feld = build("first-by-feld", &params);
        let matches = 300;
        let turns = 250;
        let mut cooperations = vec![0u32; turns as usize];
        for seed in 0..matches {
            let (me, _) = play(&feld, &cooperator, turns, seed);
            for (k, &m) in me.iter().enumerate() {
                cooperations[k] += u32::from(m == C);
            }
            // It always answers a defection with D.
            let (me, _) = play(&feld, &defector, 20, seed);
            assert!(me[0] == C && me[1..].iter().all(|&m| m == D));
        }
        assert_eq!(cooperations[0], matches as u32, "opens with C");
        // Turn k + 1 follows k turns: probability max(start + (end - start)
        // k / rounds, end). Per turn, then pooled over bands of 25 turns.
        let p = |k: usize| (start + (end - start) / rounds * k as f64).max(end);
        for (k, &count) in cooperations.iter().enumerate().skip(1) {
            assert_binomial(count, matches as u32, p(k), &format!("{params:?} turn {k}"));
        }
        for band in (1..turns as usize).collect::<Vec<_>>().chunks(25) {
            let observed: u32 = band.iter().map(|&k| cooperations[k]).sum();
            let expected: f64 = band.iter().map(|&k| p(k)).sum::<f64>() / band.len() as f64;
            // A sum of binomials with different p is less spread than one
            // binomial with their mean p, so this bound is conservative.
            assert_binomial(
                observed,
                matches as u32 * band.len() as u32,
                expected,
                &format!("{params:?} turns {band:?}"),
            );
        }
    }
}

#[test]
fn tullock_cooperates_ten_points_less_than_the_opponent_did_lately() {
    let tullock = build("first-by-tullock", &[]);
    let random = build("random", &[]);
    let (mut seen, mut cooperated) = ([0u32; 11], [0u32; 11]);
    for seed in 0..200 {
        let (me, them) = play(&tullock, &random, 100, seed);
        assert!(me[..11].iter().all(|&m| m == C), "11 opening cooperations");
        for t in 11..me.len() {
            let c = them[t - 10..t].iter().filter(|&&m| m == C).count();
            seen[c] += 1;
            cooperated[c] += u32::from(me[t] == C);
        }
    }
    for c in 0..=10 {
        // The library's max(0, c / 10 - 0.10); 0 and 1 C in ten give 0.
        let p = (c as f64 / 10.0 - 0.10).max(0.0);
        if seen[c] > 0 {
            assert_binomial(cooperated[c], seen[c], p, &format!("{c} C in the last 10"));
        }
    }
    // The common windows are well sampled.
    assert!((3..=7).all(|c| seen[c] > 1000), "{seen:?}");
}

#[test]
fn anonymous_cooperates_half_the_time_whatever_the_opponent_does() {
    // A probability uniform on [0.3, 0.7], then a draw with it: each move is
    // C with probability 1/2, independently of everything.
    let anonymous = build("first-by-anonymous", &[]);
    for opponent in ["cooperator", "defector", "tit-for-tat"] {
        let opponent = build(opponent, &[]);
        let (mut total, mut cooperated, mut after_c, mut c_then_c) = (0, 0, 0, 0);
        for seed in 0..100 {
            let (me, _) = play(&anonymous, &opponent, 100, seed);
            total += me.len() as u32;
            cooperated += me.iter().filter(|&&m| m == C).count() as u32;
            for w in me.windows(2) {
                if w[0] == C {
                    after_c += 1;
                    c_then_c += u32::from(w[1] == C);
                }
            }
        }
        assert_binomial(cooperated, total, 0.5, &opponent.name);
        assert_binomial(
            c_then_c,
            after_c,
            0.5,
            &format!("{} after C", opponent.name),
        );
    }
}

/// Turns (0-based) on which `moves` is D.
fn defection_turns(moves: &[Action]) -> Vec<usize> {
    (0..moves.len()).filter(|&t| moves[t] == D).collect()
}

#[test]
fn graaskamp_probes_once_then_defects_every_5_to_14_turns_against_the_unresponsive() {
    let graaskamp = build("first-by-graaskamp", &[]);
    let mut gaps = [0u32; 20];
    for opponent in ["cooperator", "defector"] {
        let opponent = build(opponent, &[]);
        let copies_defector = opponent.name == "Defector";
        for seed in 0..150 {
            let (me, _) = play(&graaskamp, &opponent, 200, seed);
            // Tit For Tat for 50 turns, D on turn 51, Tit For Tat to turn 56.
            for (t, &m) in me.iter().enumerate().take(56) {
                let expected = if t == 50 || (copies_defector && t > 0) {
                    D
                } else {
                    C
                };
                assert_eq!(m, expected, "{} turn {}", opponent.name, t + 1);
            }
            // Neither opponent looks random, copies it or is its twin: it
            // cooperates (even against Defector) except for defections
            // 5 to 14 turns apart, the first 5 to 14 turns after turn 57
            // (the first turn it decides this way).
            let mut previous = 56;
            for t in defection_turns(&me[56..]) {
                let t = t + 56;
                gaps[t - previous] += 1;
                previous = t;
            }
            assert!(199 - previous < 15, "no defection at the end: {me:?}");
        }
    }
    assert!(
        gaps[..5].iter().chain(&gaps[15..]).all(|&g| g == 0),
        "{gaps:?}"
    );
    let total: u32 = gaps.iter().sum();
    for (gap, &count) in gaps.iter().enumerate().take(15).skip(5) {
        assert_binomial(count, total, 0.1, &format!("gap {gap}"));
    }
}

#[test]
fn graaskamp_defects_against_a_random_looking_opponent_and_mirrors_tit_for_tat() {
    let graaskamp = build("first-by-graaskamp", &[]);
    // Alternator's 28 C and 28 D pass the test (p = 1): D from turn 57 on.
    let alternator = build("alternator", &[]);
    let (me, _) = play(&graaskamp, &alternator, 200, 0);
    assert!(me[56..].iter().all(|&m| m == D));
    // Tit For Tat copies it: Tit For Tat for the whole match, so the probe
    // on turn 51 echoes back and forth.
    let tit_for_tat = build("tit-for-tat", &[]);
    for seed in 0..5 {
        let (me, them) = play(&graaskamp, &tit_for_tat, 200, seed);
        for t in 1..200 {
            if t != 50 {
                assert_eq!(me[t], them[t - 1], "turn {}", t + 1);
            }
        }
        assert_eq!(me[50], D);
    }
}

// ---------------------------------------------------------------------------
// The first tournament's ranking against the axelrod library's.
//
// What can honestly be asserted. Every entry's score includes its matches
// against the stochastic entries, so even a deterministic entry's median
// score depends on the random draws; and our random numbers are not
// numpy's. The reference file holds axelrod's tournament for seeds 1 to 10,
// and in axelrod's own runs four pairs of deterministic entries swap places
// from seed to seed (Tit For Tat / Shubik, Tideman and Chieruzzi / Nydegger,
// Tideman and Chieruzzi / Shubik, Grudger / Davis). So the tests assert:
// 1. deterministic against deterministic, the payoff matrix entries are
//    axelrod's exactly (the same matches);
// 2. the scenario as committed (seed 1) ranks the deterministic entries in
//    the order axelrod's seed-1 tournament does (stochastic entries removed
//    from both rankings) -- a fact about these two seeds, not a law: the
//    seeds draw different numbers, and the four pairs above could swap;
// 3. for every seed we try, every pair of deterministic entries that
//    axelrod orders the same way under all ten seeds is ordered that way;
// 4. every entry's median score, averaged over seeds, agrees with axelrod's
//    average within 5 standard errors.

use dilemma::ipd::TournamentResults;
use dilemma::ipd::tournament::Tournament;
use dilemma::scenario::Scenario;

/// Seeds of our tournament for the seed-independent checks.
const OUR_SEEDS: std::ops::RangeInclusive<u64> = 1..=10;

fn first_tournament() -> Tournament {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/axelrod-first.toml");
    let loaded = dilemma::scenario::load(&path).unwrap();
    let Scenario::Tournament(scenario) = loaded.scenario else {
        panic!("not a tournament");
    };
    scenario.tournament()
}

fn played(seed: u64) -> TournamentResults {
    let mut tournament = first_tournament();
    tournament.seed = seed;
    tournament.play()
}

fn medians(results: &TournamentResults) -> Vec<f64> {
    results
        .normalised_scores()
        .iter()
        .map(|s| {
            let mut s = s.clone();
            s.sort_by(f64::total_cmp);
            let n = s.len();
            if n % 2 == 1 {
                s[n / 2]
            } else {
                (s[n / 2 - 1] + s[n / 2]) / 2.0
            }
        })
        .collect()
}

/// One of axelrod's tournaments: seed, ranking (indices, best first),
/// median scores and payoff matrix.
type AxelrodTournament = (u64, Vec<usize>, Vec<f64>, Vec<Vec<f64>>);

struct Reference {
    names: Vec<String>,
    stochastic: Vec<bool>,
    /// Per seed: ranking (indices, best first) and median scores.
    tournaments: Vec<AxelrodTournament>,
}

fn reference() -> Reference {
    let data = load("axelrod_first_ranking.json");
    assert_eq!(data["axelrod_version"], "4.14.0");
    assert_eq!(data["turns"], 200);
    assert_eq!(data["repetitions"], 5);
    let players = data["players"].as_array().unwrap();
    let floats = |v: &Value| -> Vec<f64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_f64().unwrap())
            .collect()
    };
    Reference {
        names: players
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_string())
            .collect(),
        stochastic: players
            .iter()
            .map(|p| p["stochastic"].as_bool().unwrap())
            .collect(),
        tournaments: data["tournaments"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["seed"].as_u64().unwrap(),
                    t["ranking"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|i| i.as_u64().unwrap() as usize)
                        .collect(),
                    floats(&t["median_scores"]),
                    t["payoff_matrix"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(floats)
                        .collect(),
                )
            })
            .collect(),
    }
}

#[test]
fn the_scenario_is_axelrods_line_up() {
    let reference = reference();
    let tournament = first_tournament();
    let names: Vec<&str> = tournament.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, reference.names);
    let stochastic: Vec<bool> = tournament
        .players
        .iter()
        .map(|p| p.is_stochastic())
        .collect();
    assert_eq!(stochastic, reference.stochastic);
    assert_eq!(tournament.settings.horizon, Horizon::Fixed { turns: 200 });
    assert_eq!(tournament.settings.payoffs, Payoffs::STANDARD);
    assert_eq!(tournament.settings.noise, 0.0);
    assert_eq!(tournament.repetitions, 5);
    assert_eq!(tournament.seed, 1);
}

#[test]
fn the_first_tournament_ranks_as_axelrod_ranks_it() {
    let reference = reference();
    let n = reference.names.len();
    let deterministic: Vec<usize> = (0..n).filter(|&i| !reference.stochastic[i]).collect();
    let ours_seed_1 = played(1);

    // 1. Deterministic pairs play the same matches: equal payoff entries.
    let matrix = ours_seed_1.payoff_matrix();
    for (_, _, _, theirs) in &reference.tournaments {
        for &i in &deterministic {
            for &j in &deterministic {
                assert_eq!(
                    matrix[i][j], theirs[i][j],
                    "{} against {}",
                    reference.names[i], reference.names[j]
                );
            }
        }
    }

    // 2. The committed scenario (seed 1) against axelrod's seed 1, with the
    // stochastic entries removed from both rankings.
    let without_stochastic = |ranking: &[usize]| -> Vec<usize> {
        ranking
            .iter()
            .copied()
            .filter(|&i| !reference.stochastic[i])
            .collect()
    };
    let (seed, axelrod_ranking, axelrod_medians, _) = &reference.tournaments[0];
    assert_eq!(*seed, 1);
    let our_ranking = ours_seed_1.ranking();
    let our_medians = medians(&ours_seed_1);
    eprintln!(
        "rank  axelrod 4.14.0 (seed 1)                          median | dilemma (seed 1)                                 median"
    );
    for r in 0..n {
        let (a, b) = (axelrod_ranking[r], our_ranking[r]);
        let mark = |i: usize| if reference.stochastic[i] { "*" } else { " " };
        eprintln!(
            "{:>4}  {}{:<45} {:.4} | {}{:<45} {:.4}",
            r + 1,
            mark(a),
            reference.names[a],
            axelrod_medians[a],
            mark(b),
            reference.names[b],
            our_medians[b]
        );
    }
    assert_eq!(
        without_stochastic(&our_ranking),
        without_stochastic(axelrod_ranking),
        "deterministic entries' order"
    );

    // 3. Pairs of deterministic entries that axelrod orders the same way
    // under every seed are ordered that way under every seed of ours.
    let position = |ranking: &[usize], i: usize| ranking.iter().position(|&x| x == i).unwrap();
    let mut settled = Vec::new();
    for &i in &deterministic {
        for &j in &deterministic {
            if reference
                .tournaments
                .iter()
                .all(|(_, r, _, _)| position(r, i) < position(r, j))
            {
                settled.push((i, j));
            }
        }
    }
    let k = deterministic.len();
    let unsettled: Vec<String> = deterministic
        .iter()
        .flat_map(|&i| deterministic.iter().map(move |&j| (i, j)))
        .filter(|&(i, j)| i < j && !settled.contains(&(i, j)) && !settled.contains(&(j, i)))
        .map(|(i, j)| format!("{} / {}", reference.names[i], reference.names[j]))
        .collect();
    eprintln!(
        "deterministic pairs axelrod orders differently under different seeds: {unsettled:?}"
    );
    // Of the 28 pairs of the 8 deterministic entries, 4 swap in axelrod's
    // own runs (Tit For Tat / Shubik, Tideman and Chieruzzi / Shubik,
    // Tideman and Chieruzzi / Nydegger, Grudger / Davis); the check below
    // covers the other 24.
    assert_eq!(settled.len(), k * (k - 1) / 2 - 4, "{unsettled:?}");
    let mut ours = vec![(our_ranking, our_medians)];
    for seed in OUR_SEEDS.skip(1) {
        let results = played(seed);
        ours.push((results.ranking(), medians(&results)));
    }
    for (s, (ranking, _)) in ours.iter().enumerate() {
        for &(i, j) in &settled {
            assert!(
                position(ranking, i) < position(ranking, j),
                "seed {}: {} should rank above {}",
                s + 1,
                reference.names[i],
                reference.names[j]
            );
        }
    }

    // 4. Median scores, averaged over seeds, within 5 standard errors.
    let mean_sd = |values: &[f64]| {
        let m = values.iter().sum::<f64>() / values.len() as f64;
        let var = values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (values.len() - 1) as f64;
        (m, var.sqrt())
    };
    for i in 0..n {
        let theirs: Vec<f64> = reference.tournaments.iter().map(|t| t.2[i]).collect();
        let mine: Vec<f64> = ours.iter().map(|(_, m)| m[i]).collect();
        let ((ma, sa), (mo, so)) = (mean_sd(&theirs), mean_sd(&mine));
        let error = (sa * sa / theirs.len() as f64 + so * so / mine.len() as f64).sqrt();
        assert!(
            (ma - mo).abs() <= 5.0 * error,
            "{}: mean median score {mo:.4} (sd {so:.4}), axelrod {ma:.4} (sd {sa:.4})",
            reference.names[i]
        );
    }
}
