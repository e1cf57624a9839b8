//! Pareto-optimal pure outcomes: cells `(i, j)` such that no other cell
//! gives both players at least as much and one of them strictly more.
//! (Only pure outcomes are compared, as in the textbook tables.)
//!
//! Runs in O(mn log mn): sort cells by the row payoff, descending, and
//! sweep keeping the best column payoff seen among strictly larger row
//! payoffs.

use crate::normal_form::game::Bimatrix;
use crate::normal_form::rational::Rational;

/// Every Pareto-optimal cell, in row-major order.
pub fn pareto_optimal(game: &Bimatrix) -> Vec<(usize, usize)> {
    let mut cells: Vec<(usize, usize)> = (0..game.m())
        .flat_map(|i| (0..game.n()).map(move |j| (i, j)))
        .collect();
    cells.sort_by(|&(i, j), &(k, l)| {
        game.a[k][l]
            .cmp(&game.a[i][j])
            .then(game.b[k][l].cmp(&game.b[i][j]))
    });
    let mut out = Vec::new();
    let mut best_above: Option<Rational> = None; // best b among strictly larger a
    let mut g = 0;
    while g < cells.len() {
        let a = game.a[cells[g].0][cells[g].1];
        let mut h = g;
        while h < cells.len() && game.a[cells[h].0][cells[h].1] == a {
            h += 1;
        }
        // Within the group the first cell has the largest b.
        let top = game.b[cells[g].0][cells[g].1];
        for &(i, j) in &cells[g..h] {
            let b = game.b[i][j];
            let beaten_above = best_above.is_some_and(|x| x >= b);
            if b == top && !beaten_above {
                out.push((i, j));
            }
        }
        best_above = Some(best_above.map_or(top, |x| x.max(top)));
        g = h;
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normal_form::rational::Rational;

    #[test]
    fn matches_brute_force() {
        let mut state = 7u64;
        for _ in 0..200 {
            let mut next = || {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                Rational::int(((state >> 33) % 4) as i128)
            };
            let (m, n) = (3, 3);
            let a: Vec<Vec<Rational>> = (0..m).map(|_| (0..n).map(|_| next()).collect()).collect();
            let b: Vec<Vec<Rational>> = (0..m).map(|_| (0..n).map(|_| next()).collect()).collect();
            let names = |k: usize| (0..k).map(|x| format!("s{x}")).collect();
            let g = Bimatrix::new("t", ["r".into(), "c".into()], names(m), names(n), a, b).unwrap();
            let mut brute = Vec::new();
            for i in 0..m {
                for j in 0..n {
                    let dominated = (0..m).any(|k| {
                        (0..n).any(|l| {
                            g.a[k][l] >= g.a[i][j]
                                && g.b[k][l] >= g.b[i][j]
                                && (g.a[k][l] > g.a[i][j] || g.b[k][l] > g.b[i][j])
                        })
                    });
                    if !dominated {
                        brute.push((i, j));
                    }
                }
            }
            assert_eq!(pareto_optimal(&g), brute);
        }
    }
}
