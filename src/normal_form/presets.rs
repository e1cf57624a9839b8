//! The classic 2x2 and 3x3 games by name (GAMES.md section 1 for the
//! prisoner's dilemma matrices; the others are the textbook versions).
//! The dilemma families with parameters (pigs, travelers) are built in
//! `dilemmas::pigs` and `dilemmas::travelers`.

use crate::normal_form::game::Bimatrix;
use crate::normal_form::rational::Rational;

/// Names of the classic presets, with a one-line description each.
pub const CLASSIC: &[(&str, &str)] = &[
    ("standard", "prisoner's dilemma R=3 S=0 T=5 P=1 (Axelrod)"),
    (
        "prison-years-a",
        "prisoner's dilemma in years (seed 000): -0.5, -10, 0, -2",
    ),
    (
        "prison-years-b",
        "prisoner's dilemma in years (seed 001): -1, -15, 0, -8",
    ),
    ("matching-pennies", "zero-sum: row wins on a match"),
    (
        "battle-of-the-sexes",
        "two pure coordination equilibria and one mixed",
    ),
    ("chicken", "swerve or go straight; crashing costs 10"),
    ("stag-hunt", "stag 4/4, hare 3 whatever the other does"),
    ("rock-paper-scissors", "zero-sum, win 1, lose -1"),
];

fn q(s: &str) -> Rational {
    Rational::parse(s).expect("preset numbers are valid")
}

fn grid(rows: &[&[&str]]) -> Vec<Vec<Rational>> {
    rows.iter()
        .map(|r| r.iter().map(|s| q(s)).collect())
        .collect()
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// A prisoner's dilemma from (R, S, T, P); strategies C and D.
pub fn prisoners_dilemma(
    title: &str,
    r: Rational,
    s: Rational,
    t: Rational,
    p: Rational,
) -> Bimatrix {
    Bimatrix::symmetric(title, names(&["C", "D"]), vec![vec![r, s], vec![t, p]])
        .expect("2x2 is well formed")
}

/// A classic preset by name.
pub fn classic(name: &str) -> Option<Bimatrix> {
    let pd =
        |title: &str, v: [&str; 4]| prisoners_dilemma(title, q(v[0]), q(v[1]), q(v[2]), q(v[3]));
    let two = |title: &str, players: [&str; 2], s: [&str; 2], a: &[&[&str]], b: &[&[&str]]| {
        Bimatrix::new(
            title,
            [players[0].to_string(), players[1].to_string()],
            names(&s),
            names(&s),
            grid(a),
            grid(b),
        )
        .expect("preset is well formed")
    };
    Some(match name {
        "standard" => pd("Prisoner's dilemma (standard)", ["3", "0", "5", "1"]),
        "prison-years-a" => pd(
            "Prisoner's dilemma (years, seed 000)",
            ["-0.5", "-10", "0", "-2"],
        ),
        "prison-years-b" => pd(
            "Prisoner's dilemma (years, seed 001)",
            ["-1", "-15", "0", "-8"],
        ),
        "matching-pennies" => two(
            "Matching pennies",
            ["Matcher", "Mismatcher"],
            ["Heads", "Tails"],
            &[&["1", "-1"], &["-1", "1"]],
            &[&["-1", "1"], &["1", "-1"]],
        ),
        "battle-of-the-sexes" => two(
            "Battle of the sexes",
            ["Row", "Column"],
            ["Opera", "Football"],
            &[&["3", "0"], &["0", "2"]],
            &[&["2", "0"], &["0", "3"]],
        ),
        "chicken" => Bimatrix::symmetric(
            "Chicken",
            names(&["Swerve", "Straight"]),
            grid(&[&["0", "-1"], &["1", "-10"]]),
        )
        .expect("preset is well formed"),
        "stag-hunt" => Bimatrix::symmetric(
            "Stag hunt",
            names(&["Stag", "Hare"]),
            grid(&[&["4", "0"], &["3", "3"]]),
        )
        .expect("preset is well formed"),
        "rock-paper-scissors" => {
            let a = grid(&[&["0", "-1", "1"], &["1", "0", "-1"], &["-1", "1", "0"]]);
            Bimatrix::symmetric(
                "Rock, paper, scissors",
                names(&["Rock", "Paper", "Scissors"]),
                a,
            )
            .expect("preset is well formed")
        }
        _ => return None,
    })
}
