//! Cross-checks against the axelrod library (4.14.0): move sequences of every
//! ordered pair of deterministic strategies, and whole `summary.csv` files
//! and payoff matrices, compared exactly.
//!
//! The expected data was produced by `tests/data/generate_axelrod_reference.py`
//! with axelrod 4.14.0 (the version is recorded in each file and checked).

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, MoveList, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::{Payoffs, PlayerSpec, Tournament};
use dilemma::output::tournament_files::summary_records;
use serde_json::Value;

fn load(name: &str) -> Value {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn payoffs(value: &Value) -> Payoffs {
    let v: Vec<f64> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    Payoffs {
        r: v[0],
        s: v[1],
        t: v[2],
        p: v[3],
    }
}

#[test]
fn every_deterministic_pair_plays_axelrods_moves() {
    let data = load("axelrod_matches.json");
    assert_eq!(data["axelrod_version"], "4.14.0");
    let matches = data["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 8 * 8 * 4 * 2);
    for m in matches {
        let a = PlayerSpec::new(m["player1"].as_str().unwrap())
            .build()
            .unwrap();
        let b = PlayerSpec::new(m["player2"].as_str().unwrap())
            .build()
            .unwrap();
        let turns = m["turns"].as_u64().unwrap() as u32;
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise: 0.0,
            payoffs: payoffs(&m["payoffs"]),
        };
        let mut moves = MoveList::default();
        let outcome = play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(0, 0, 1, 0),
            &mut moves,
        );
        let text =
            |list: &[dilemma::ipd::Action]| list.iter().map(|x| x.letter()).collect::<String>();
        let context = format!(
            "{} vs {}, {turns} turns, {}",
            a.name, b.name, m["payoff_name"]
        );
        assert_eq!(
            text(&moves.first),
            m["moves1"].as_str().unwrap(),
            "{context}"
        );
        assert_eq!(
            text(&moves.second),
            m["moves2"].as_str().unwrap(),
            "{context}"
        );
        let scores = outcome.scores(&settings.payoffs);
        assert_eq!(scores[0], m["score1"].as_f64().unwrap(), "{context}");
        assert_eq!(scores[1], m["score2"].as_f64().unwrap(), "{context}");
    }
}

#[test]
fn display_names_are_axelrods() {
    let names = load("axelrod_names.json");
    for (id, name) in names.as_object().unwrap() {
        if id.starts_with('_') || !name.is_string() {
            continue;
        }
        assert_eq!(
            PlayerSpec::new(id).build().unwrap().name,
            name.as_str().unwrap(),
            "{id}"
        );
    }
}

fn check_tournament(stem: &str) {
    let reference = load(&format!("{stem}.json"));
    assert_eq!(reference["axelrod_version"], "4.14.0");
    let players = reference["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| PlayerSpec::new(id.as_str().unwrap()).build().unwrap())
        .collect();
    let tournament = Tournament {
        players,
        settings: MatchSettings {
            horizon: Horizon::Fixed {
                turns: reference["turns"].as_u64().unwrap() as u32,
            },
            noise: 0.0,
            payoffs: payoffs(&reference["payoffs"]),
        },
        repetitions: reference["repetitions"].as_u64().unwrap() as u32,
        seed: 1,
        pairings: dilemma::ipd::Pairings::RoundRobin,
    };
    let results = tournament.play();

    let expected_csv = std::fs::read_to_string(format!(
        "{}/tests/data/{stem}.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut ours = String::new();
    for record in summary_records(&results.summary()) {
        let quoted: Vec<String> = record
            .iter()
            .map(|f| {
                if f.contains(',') {
                    format!("\"{f}\"")
                } else {
                    f.clone()
                }
            })
            .collect();
        ours.push_str(&quoted.join(","));
        ours.push('\n');
    }
    for (line, (a, b)) in ours.lines().zip(expected_csv.lines()).enumerate() {
        assert_eq!(a, b, "{stem}.csv line {}", line + 1);
    }
    assert_eq!(ours.lines().count(), expected_csv.lines().count());

    let matrix = results.payoff_matrix();
    for (i, row) in reference["payoff_matrix"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        for (j, value) in row.as_array().unwrap().iter().enumerate() {
            assert_eq!(
                matrix[i][j],
                value.as_f64().unwrap(),
                "{stem} payoff_matrix[{i}][{j}]"
            );
        }
    }
    let normalised = results.normalised_scores();
    for (i, row) in reference["normalised_scores"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        for (r, value) in row.as_array().unwrap().iter().enumerate() {
            assert_eq!(
                normalised[i][r],
                value.as_f64().unwrap(),
                "{stem} normalised[{i}][{r}]"
            );
        }
    }
}

#[test]
fn summary_matches_axelrod_for_eight_players_two_repetitions() {
    check_tournament("axelrod_summary_det8_t10_r2");
}

#[test]
fn summary_matches_axelrod_with_prison_years_payoffs() {
    check_tournament("axelrod_summary_det8_t200_r1_yearsA");
}

#[test]
fn summary_matches_axelrod_for_five_players_seven_turns() {
    check_tournament("axelrod_summary_det5_t7_r3");
}

/// Feeds the moves of a tournament played by axelrod (with noise, a Random
/// player and possibly a random horizon) into our aggregation and compares
/// summary.csv and the payoff matrix exactly.
fn check_recorded_tournament(stem: &str) {
    use dilemma::ipd::results::TournamentResults;
    use dilemma::ipd::{Action, MatchOutcome, MatchRecord};
    let reference = load(&format!("{stem}.json"));
    assert_eq!(reference["axelrod_version"], "4.14.0");
    let names: Vec<String> = reference["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| PlayerSpec::new(id.as_str().unwrap()).build().unwrap().name)
        .collect();
    let repetitions = reference["repetitions"].as_u64().unwrap() as u32;
    let mut results = TournamentResults::new(names, repetitions, payoffs(&reference["payoffs"]));
    let parse = |s: &Value| -> Vec<Action> {
        s.as_str()
            .unwrap()
            .chars()
            .map(|c| Action::from_letter(c).unwrap())
            .collect()
    };
    for m in reference["matches"].as_array().unwrap() {
        let outcome = MatchOutcome::from_moves(&parse(&m["moves1"]), &parse(&m["moves2"]));
        results.add(&MatchRecord {
            first: m["first"].as_u64().unwrap() as usize,
            second: m["second"].as_u64().unwrap() as usize,
            repetition: m["repetition"].as_u64().unwrap() as u32,
            outcome,
        });
    }
    let expected_csv = std::fs::read_to_string(format!(
        "{}/tests/data/{stem}.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let ours: Vec<String> = summary_records(&results.summary())
        .iter()
        .map(|r| r.join(","))
        .collect();
    for (line, (a, b)) in ours.iter().zip(expected_csv.lines()).enumerate() {
        assert_eq!(a, b, "{stem}.csv line {}", line + 1);
    }
    assert_eq!(ours.len(), expected_csv.lines().count());
    let matrix = results.payoff_matrix();
    for (i, row) in reference["payoff_matrix"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        for (j, value) in row.as_array().unwrap().iter().enumerate() {
            assert_eq!(
                matrix[i][j],
                value.as_f64().unwrap(),
                "{stem} payoff_matrix[{i}][{j}]"
            );
        }
    }
}

#[test]
fn summary_matches_axelrod_on_noisy_matches() {
    check_recorded_tournament("axelrod_noisy_t30");
}

#[test]
fn summary_matches_axelrod_on_noisy_random_horizon_matches() {
    check_recorded_tournament("axelrod_noisy_random_horizon");
}
