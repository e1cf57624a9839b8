//! Cross-check against nashpy: every equilibrium of 30 seeded random
//! non-degenerate games (2x2..6x6), as listed by nashpy's
//! `vertex_enumeration`, must be exactly the set of extreme equilibria we
//! compute (ours converted to f64, compared within 1e-9, same count).
//! Reference data: tests/data/nashpy_reference.json, produced by
//! tests/data/generate_nashpy_reference.py (the nashpy version is recorded
//! in the file).

use dilemma::normal_form::equilibria::all_equilibria;
use dilemma::normal_form::{Bimatrix, Rational};
use serde_json::Value;

fn matrix(v: &Value) -> Vec<Vec<Rational>> {
    v.as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            r.as_array()
                .expect("row")
                .iter()
                .map(|x| Rational::int(i128::from(x.as_i64().expect("integer payoff"))))
                .collect()
        })
        .collect()
}

fn floats(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("vector")
        .iter()
        .map(|x| x.as_f64().expect("number"))
        .collect()
}

fn close(a: &[f64], b: &[f64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= 1e-9)
}

#[test]
fn equilibria_match_nashpy_vertex_enumeration() {
    let text = include_str!("../data/nashpy_reference.json");
    let data: Value = serde_json::from_str(text).expect("reference JSON");
    assert!(data["nashpy_version"].is_string());
    let games = data["games"].as_array().expect("games");
    assert_eq!(games.len(), 30);
    let mut total = 0;
    for (index, g) in games.iter().enumerate() {
        let (a, b) = (matrix(&g["a"]), matrix(&g["b"]));
        let (m, n) = (a.len(), a[0].len());
        let names = |k: usize| (0..k).map(|x| format!("s{x}")).collect::<Vec<_>>();
        let game = Bimatrix::new("nashpy", ["r".into(), "c".into()], names(m), names(n), a, b)
            .expect("valid game");
        let set = all_equilibria(&game).expect("equilibria");
        assert!(!set.degenerate, "game {index} is non-degenerate");
        let theirs: Vec<(Vec<f64>, Vec<f64>)> = g["equilibria"]
            .as_array()
            .expect("equilibria")
            .iter()
            .map(|e| (floats(&e["row"]), floats(&e["col"])))
            .collect();
        assert_eq!(
            set.extreme.len(),
            theirs.len(),
            "game {index}: equilibrium count"
        );
        let mut matched = vec![false; theirs.len()];
        for e in &set.extreme {
            let row: Vec<f64> = e.row.iter().map(|p| p.to_f64()).collect();
            let col: Vec<f64> = e.col.iter().map(|p| p.to_f64()).collect();
            let k = theirs
                .iter()
                .enumerate()
                .position(|(k, (r, c))| !matched[k] && close(r, &row) && close(c, &col));
            let k =
                k.unwrap_or_else(|| panic!("game {index}: ours {row:?} {col:?} not in nashpy's"));
            matched[k] = true;
        }
        total += theirs.len();
    }
    assert!(total > 40);
}
