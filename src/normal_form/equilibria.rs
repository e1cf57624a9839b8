//! Nash equilibria of bimatrix games: every pure equilibrium by checking
//! best responses, and every extreme mixed equilibrium by enumerating the
//! vertices of the two best-response polytopes and pairing the completely
//! labelled ones (Mangasarian 1964; von Stengel 2002, Handbook of Game
//! Theory 3, ch. 45, section 3; Avis et al. 2010 for the degenerate case).
//!
//! The equilibrium set is a finite union of polytopes whose vertices are
//! the extreme equilibria reported here. Two extreme equilibria that share
//! one player's strategy are joined by a segment of equilibria (the
//! best-response conditions are linear in the other player's strategy), so
//! a connected component of the "shares a strategy" graph with more than
//! one extreme equilibrium is a continuum. A game is degenerate when some
//! mixed strategy with support size k has more than k pure best responses;
//! this is detected as a polytope vertex with more than `m` (resp. `n`)
//! labels.
//!
//! Invariant: every reported equilibrium is exact and has been verified as
//! a pair of mutual best responses.

use crate::normal_form::game::Bimatrix;
use crate::normal_form::integer::{big_ratio, integer_matrix};
use crate::normal_form::labels::Labels;
use crate::normal_form::polytope::{PolytopeError, Vertex, vertices};
use crate::normal_form::rational::{ArithmeticError, Checked, Rational};
use num_bigint::BigInt;
use std::collections::HashMap;

/// A mixed strategy profile with its payoffs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equilibrium {
    /// Row player's probabilities, one per row strategy of the game.
    pub row: Vec<Rational>,
    /// Column player's probabilities.
    pub col: Vec<Rational>,
    /// Expected payoffs (row, column).
    pub payoffs: [Rational; 2],
}

impl Equilibrium {
    /// Whether both strategies are pure.
    pub fn is_pure(&self) -> bool {
        self.row
            .iter()
            .chain(&self.col)
            .all(|p| p.is_zero() || *p == Rational::ONE)
    }
}

/// All extreme equilibria and how they hang together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EquilibriumSet {
    /// Extreme equilibria, sorted (row strategy, then column strategy).
    pub extreme: Vec<Equilibrium>,
    /// Connected components, as indices into `extreme`.
    pub components: Vec<Vec<usize>>,
    /// Whether the game is degenerate.
    pub degenerate: bool,
}

impl EquilibriumSet {
    /// Whether some component is a continuum (more than one extreme point).
    pub fn has_continuum(&self) -> bool {
        self.components.iter().any(|c| c.len() > 1)
    }
}

/// Expected payoff `p^T u q`.
pub fn expected(u: &[Vec<Rational>], p: &[Rational], q: &[Rational]) -> Checked<Rational> {
    let mut total = Rational::ZERO;
    for (i, pi) in p.iter().enumerate() {
        if pi.is_zero() {
            continue;
        }
        for (j, qj) in q.iter().enumerate() {
            if !qj.is_zero() {
                total = total.add(pi.mul(*qj)?.mul(u[i][j])?)?;
            }
        }
    }
    Ok(total)
}

/// Row payoffs against `q`: `(u q)_i` for every row.
fn row_values(u: &[Vec<Rational>], q: &[Rational]) -> Checked<Vec<Rational>> {
    u.iter()
        .map(|r| {
            r.iter()
                .zip(q)
                .filter(|(_, p)| !p.is_zero())
                .try_fold(Rational::ZERO, |acc, (v, p)| acc.add(v.mul(*p)?))
        })
        .collect()
}

/// Whether `(p, q)` is a Nash equilibrium: every strategy played with
/// positive probability is a best response (checked exactly).
pub fn is_equilibrium(game: &Bimatrix, p: &[Rational], q: &[Rational]) -> Checked<bool> {
    let rv = row_values(&game.a, q)?;
    let bt: Vec<Vec<Rational>> = (0..game.n())
        .map(|j| (0..game.m()).map(|i| game.b[i][j]).collect())
        .collect();
    let cv = row_values(&bt, p)?;
    let best_r = rv.iter().copied().max().unwrap_or(Rational::ZERO);
    let best_c = cv.iter().copied().max().unwrap_or(Rational::ZERO);
    Ok(p.iter().zip(&rv).all(|(x, v)| x.is_zero() || *v == best_r)
        && q.iter().zip(&cv).all(|(x, v)| x.is_zero() || *v == best_c))
}

/// Every pure Nash equilibrium as (row, column) indices, row-major order.
#[allow(clippy::needless_range_loop)]
pub fn pure_equilibria(game: &Bimatrix) -> Vec<(usize, usize)> {
    let (m, n) = (game.m(), game.n());
    let col_best: Vec<Rational> = (0..n)
        .map(|j| (0..m).map(|i| game.a[i][j]).max().unwrap_or(Rational::ZERO))
        .collect();
    let row_best: Vec<Rational> = (0..m)
        .map(|i| game.b[i].iter().copied().max().unwrap_or(Rational::ZERO))
        .collect();
    let mut out = Vec::new();
    for i in 0..m {
        for j in 0..n {
            if game.a[i][j] == col_best[j] && game.b[i][j] == row_best[i] {
                out.push((i, j));
            }
        }
    }
    out
}

/// Why equilibria could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EquilibriumError {
    /// Vertex enumeration failed.
    #[error(transparent)]
    Polytope(#[from] PolytopeError),
    /// Exact arithmetic overflowed.
    #[error(transparent)]
    Arithmetic(#[from] ArithmeticError),
}

/// A payoff matrix as positive integers with the same best responses:
/// `u' = l * u + shift` with `l` the lcm of the denominators and `shift`
/// making the smallest entry 1 (positive scaling and adding a constant
/// change no best response).
struct PositiveIntegers {
    matrix: Vec<Vec<BigInt>>,
    l: BigInt,
    shift: BigInt,
}

fn positive_integers(u: &[Vec<Rational>]) -> PositiveIntegers {
    let (m, l) = integer_matrix(u);
    let min = m.iter().flatten().min().cloned().unwrap_or(BigInt::ZERO);
    let shift = BigInt::from(1) - min;
    let matrix = m
        .into_iter()
        .map(|r| r.into_iter().map(|v| v + &shift).collect())
        .collect();
    PositiveIntegers { matrix, l, shift }
}

/// The payoff at an equilibrium where the opponent's vertex is `v`: the
/// best-response constraints tight at `v` read `(u' v)_i = 1`, so the
/// payoff in `u'` is `1 / sum(v) = den / sum(coords)`, and in `u` it is
/// `(den / sum(coords) - shift) / l`.
fn payoff_from_vertex(v: &Vertex, u: &PositiveIntegers) -> Checked<Rational> {
    let total: BigInt = v.coords.iter().sum();
    big_ratio(&(&v.den - &u.shift * &total), &(&u.l * &total))
}

/// The vertex normalised to a probability vector.
fn normalised(v: &Vertex) -> Checked<Vec<Rational>> {
    let total: BigInt = v.coords.iter().sum();
    v.coords.iter().map(|c| big_ratio(c, &total)).collect()
}

/// A vertex's label set in the game's labels: row strategies `0..m`, column
/// strategies `m..m+n`. `first` is the label of the polytope's first
/// variable block (the own strategies), `second` of its constraints.
fn game_labels(v: &Vertex, own: usize, first: usize, second: usize, total: usize) -> Labels {
    let mut l = Labels::empty(total);
    for x in v.labels.iter() {
        if x < own {
            l.insert(first + x);
        } else {
            l.insert(second + x - own);
        }
    }
    l
}

/// Every extreme Nash equilibrium of `game`, with components and the
/// degeneracy flag.
///
/// The vertices of `P = {x >= 0 : B^T x <= 1}` and `Q = {y >= 0 : A y <= 1}`
/// are enumerated; `(x, y)` (both non-zero) is an equilibrium iff their
/// label sets cover all `m + n` labels. In a non-degenerate game every
/// vertex has exactly `m` (resp. `n`) labels, so `x` pairs only with the
/// `Q` vertex whose label set is exactly the complement: a hash lookup.
/// Vertices with extra labels (degenerate ones) are matched by subset
/// tests, and only they are, so the pairing costs `|P| + |Q|` lookups plus
/// `|degenerate P| * |Q| + |P| * |degenerate Q|` subset tests.
pub fn all_equilibria(game: &Bimatrix) -> Result<EquilibriumSet, EquilibriumError> {
    let (m, n) = (game.m(), game.n());
    let a = positive_integers(&game.a);
    let b = positive_integers(&game.b);
    // P = {x >= 0 : B^T x <= 1}: n constraints in m variables.
    let bt: Vec<Vec<BigInt>> = (0..n)
        .map(|j| (0..m).map(|i| b.matrix[i][j].clone()).collect())
        .collect();
    // Q = {y >= 0 : A y <= 1}: m constraints in n variables. The two
    // enumerations are independent: run them on two threads (the result
    // does not depend on which finishes first).
    let (p_vertices, q_vertices) = rayon::join(|| vertices(&bt, m), || vertices(&a.matrix, n));
    let (p_vertices, q_vertices) = (p_vertices?, q_vertices?);
    let total = m + n;
    let full = Labels::full(total);
    // P's variables are x_i (label i) then its constraints j (label m + j);
    // Q's are y_j (label m + j) then its constraints i (label i).
    let p_labels: Vec<Labels> = p_vertices
        .iter()
        .map(|v| game_labels(v, m, 0, m, total))
        .collect();
    let q_labels: Vec<Labels> = q_vertices
        .iter()
        .map(|v| game_labels(v, n, m, 0, total))
        .collect();
    let degenerate = p_labels.iter().any(|l| l.len() > m) || q_labels.iter().any(|l| l.len() > n);
    let nonzero = |v: &Vertex| v.coords.iter().any(|c| c.sign() == num_bigint::Sign::Plus);
    let mut exact: HashMap<&Labels, Vec<usize>> = HashMap::new();
    let mut q_degenerate = Vec::new();
    for (yi, l) in q_labels.iter().enumerate() {
        if !nonzero(&q_vertices[yi]) {
            continue;
        }
        if l.len() == n {
            exact.entry(l).or_default().push(yi);
        } else {
            q_degenerate.push(yi);
        }
    }
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (xi, l) in p_labels.iter().enumerate() {
        if !nonzero(&p_vertices[xi]) {
            continue;
        }
        let need = l.complement_in(&full);
        if l.len() == m {
            if let Some(ys) = exact.get(&need) {
                pairs.extend(ys.iter().map(|&yi| (xi, yi)));
            }
            pairs.extend(
                q_degenerate
                    .iter()
                    .filter(|&&yi| need.is_subset(&q_labels[yi]))
                    .map(|&yi| (xi, yi)),
            );
        } else {
            pairs.extend(
                (0..q_vertices.len())
                    .filter(|&yi| nonzero(&q_vertices[yi]) && need.is_subset(&q_labels[yi]))
                    .map(|yi| (xi, yi)),
            );
        }
    }
    let mut extreme = Vec::with_capacity(pairs.len());
    for &(xi, yi) in &pairs {
        let p = normalised(&p_vertices[xi])?;
        let q = normalised(&q_vertices[yi])?;
        debug_assert!(!matches!(is_equilibrium(game, &p, &q), Ok(false)));
        let payoffs = [
            payoff_from_vertex(&q_vertices[yi], &a)?,
            payoff_from_vertex(&p_vertices[xi], &b)?,
        ];
        debug_assert!(!matches!(expected(&game.a, &p, &q), Ok(v) if v != payoffs[0]));
        debug_assert!(!matches!(expected(&game.b, &p, &q), Ok(v) if v != payoffs[1]));
        extreme.push((
            xi,
            yi,
            Equilibrium {
                row: p,
                col: q,
                payoffs,
            },
        ));
    }
    // Sort for stable output: by row strategy then column strategy, descending
    // weight on earlier strategies (pure (0,0) first).
    extreme.sort_by(|x, y| {
        let key = |e: &Equilibrium| {
            e.row
                .iter()
                .chain(&e.col)
                .map(|v| std::cmp::Reverse(*v))
                .collect::<Vec<_>>()
        };
        key(&x.2).cmp(&key(&y.2))
    });
    // Components: union-find over shared x or shared y vertices.
    let count = extreme.len();
    let mut parent: Vec<usize> = (0..count).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for i in 0..count {
        for j in i + 1..count {
            if extreme[i].0 == extreme[j].0 || extreme[i].1 == extreme[j].1 {
                let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
                parent[ri.max(rj)] = ri.min(rj);
            }
        }
    }
    let mut components: Vec<Vec<usize>> = Vec::new();
    let mut root_of: Vec<Option<usize>> = vec![None; count];
    for i in 0..count {
        let r = find(&mut parent, i);
        match root_of[r] {
            Some(c) => components[c].push(i),
            None => {
                root_of[r] = Some(components.len());
                components.push(vec![i]);
            }
        }
    }
    Ok(EquilibriumSet {
        extreme: extreme.into_iter().map(|(_, _, e)| e).collect(),
        components,
        degenerate,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normal_form::presets::classic;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn q(s: &str) -> Rational {
        Rational::parse(s).unwrap()
    }

    fn game(a: Vec<Vec<Rational>>, b: Vec<Vec<Rational>>) -> Bimatrix {
        let names = |k: usize| (0..k).map(|x| format!("s{x}")).collect();
        let (m, n) = (a.len(), a[0].len());
        Bimatrix::new("t", ["r".into(), "c".into()], names(m), names(n), a, b).unwrap()
    }

    #[test]
    fn known_answers() {
        let pd = classic("standard").unwrap();
        assert_eq!(pure_equilibria(&pd), vec![(1, 1)]);
        let set = all_equilibria(&pd).unwrap();
        assert_eq!(set.extreme.len(), 1);
        assert!(!set.degenerate);

        let bos = classic("battle-of-the-sexes").unwrap();
        let set = all_equilibria(&bos).unwrap();
        assert_eq!(set.extreme.len(), 3);
        let mixed = set.extreme.iter().find(|e| !e.is_pure()).unwrap();
        assert_eq!(mixed.row, vec![q("3/5"), q("2/5")]);
        assert_eq!(mixed.col, vec![q("2/5"), q("3/5")]);
        assert_eq!(mixed.payoffs, [q("6/5"), q("6/5")]);
        assert!(!set.has_continuum());

        for (name, k) in [("matching-pennies", 2), ("rock-paper-scissors", 3)] {
            let g = classic(name).unwrap();
            let set = all_equilibria(&g).unwrap();
            assert_eq!(set.extreme.len(), 1, "{name}");
            let u = Rational::new(1, k).unwrap();
            assert_eq!(set.extreme[0].row, vec![u; k as usize]);
            assert_eq!(set.extreme[0].col, vec![u; k as usize]);
            assert!(pure_equilibria(&g).is_empty());
        }
    }

    #[test]
    fn degenerate_continuum() {
        // Row is indifferent when column plays L: (T,L),(B,L) and everything
        // between are equilibria.
        let a = vec![vec![q("1"), q("0")], vec![q("1"), q("2")]];
        let b = vec![vec![q("1"), q("0")], vec![q("1"), q("0")]];
        let set = all_equilibria(&game(a, b)).unwrap();
        assert!(set.degenerate);
        assert!(set.has_continuum());
    }

    /// Independent check: support enumeration over equal-size supports,
    /// solving the indifference equations by exact Gaussian elimination.
    fn support_enumeration(g: &Bimatrix) -> Vec<(Vec<Rational>, Vec<Rational>)> {
        let (m, n) = (g.m(), g.n());
        let subsets = |k: usize, size: usize| -> Vec<Vec<usize>> {
            (0u32..1 << k)
                .filter(|s| s.count_ones() as usize == size)
                .map(|s| (0..k).filter(|i| s >> i & 1 == 1).collect())
                .collect()
        };
        // Solve: weights w on `support` (of the opponent) making the player's
        // payoffs u[i][.] equal over `own`, sum w = 1.
        let solve = |u: &dyn Fn(usize, usize) -> Rational, own: &[usize], support: &[usize]| {
            let k = support.len();
            let mut rows: Vec<Vec<Rational>> = Vec::new();
            for w in own.windows(2) {
                let mut r: Vec<Rational> = support
                    .iter()
                    .map(|&j| u(w[0], j).sub(u(w[1], j)).unwrap())
                    .collect();
                r.push(Rational::ZERO);
                rows.push(r);
            }
            let mut r = vec![Rational::ONE; k];
            r.push(Rational::ONE);
            rows.push(r);
            // Gaussian elimination.
            let mut col = 0;
            let mut rank = 0;
            while col < k && rank < rows.len() {
                let Some(p) = (rank..rows.len()).find(|&i| !rows[i][col].is_zero()) else {
                    col += 1;
                    continue;
                };
                rows.swap(rank, p);
                let pv = rows[rank][col];
                for v in rows[rank].iter_mut() {
                    *v = v.div(pv).unwrap();
                }
                let pr = rows[rank].clone();
                for (i, r) in rows.iter_mut().enumerate() {
                    if i != rank && !r[col].is_zero() {
                        let f = r[col];
                        for (v, p) in r.iter_mut().zip(&pr) {
                            *v = v.sub(f.mul(*p).unwrap()).unwrap();
                        }
                    }
                }
                rank += 1;
                col += 1;
            }
            if rank < k || rows[rank..].iter().any(|r| !r[k].is_zero()) {
                return None; // singular or inconsistent
            }
            Some((0..k).map(|i| rows[i][k]).collect::<Vec<Rational>>())
        };
        let mut out = Vec::new();
        for size in 1..=m.min(n) {
            for rs in subsets(m, size) {
                for cs in subsets(n, size) {
                    let Some(qw) = solve(&|i, j| g.a[i][j], &rs, &cs) else {
                        continue;
                    };
                    let Some(pw) = solve(&|j, i| g.b[i][j], &cs, &rs) else {
                        continue;
                    };
                    if qw.iter().chain(&pw).any(|v| !v.is_positive()) {
                        continue;
                    }
                    let mut p = vec![Rational::ZERO; m];
                    for (&i, &v) in rs.iter().zip(&pw) {
                        p[i] = v;
                    }
                    let mut qv = vec![Rational::ZERO; n];
                    for (&j, &v) in cs.iter().zip(&qw) {
                        qv[j] = v;
                    }
                    if is_equilibrium(g, &p, &qv).unwrap() {
                        out.push((p, qv));
                    }
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn agrees_with_brute_force_on_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut nondegenerate = 0;
        for round in 0..300 {
            let (m, n) = [(2, 2), (2, 3), (3, 2), (3, 3)][round % 4];
            let range = if round % 3 == 0 { 3 } else { 20 };
            let mut draw = || Rational::int((rng.next_u64() % range) as i128 - 5);
            let a: Vec<Vec<Rational>> = (0..m).map(|_| (0..n).map(|_| draw()).collect()).collect();
            let b: Vec<Vec<Rational>> = (0..m).map(|_| (0..n).map(|_| draw()).collect()).collect();
            let g = game(a, b);
            let set = all_equilibria(&g).unwrap();
            assert!(!set.extreme.is_empty(), "Nash: every finite game has one");
            for e in &set.extreme {
                assert!(is_equilibrium(&g, &e.row, &e.col).unwrap());
                assert_eq!(e.payoffs[0], expected(&g.a, &e.row, &e.col).unwrap());
            }
            // Every pure equilibrium is an extreme equilibrium.
            for (i, j) in pure_equilibria(&g) {
                assert!(
                    set.extreme
                        .iter()
                        .any(|e| e.row[i] == Rational::ONE && e.col[j] == Rational::ONE)
                );
            }
            // And the pure ones found are exactly the pure equilibria.
            let pure_count = set.extreme.iter().filter(|e| e.is_pure()).count();
            assert_eq!(pure_count, pure_equilibria(&g).len());
            if !set.degenerate {
                nondegenerate += 1;
                let mut ours: Vec<_> = set
                    .extreme
                    .iter()
                    .map(|e| (e.row.clone(), e.col.clone()))
                    .collect();
                ours.sort();
                assert_eq!(ours, support_enumeration(&g), "game {g:?}");
                assert!(
                    set.extreme.len() % 2 == 1,
                    "non-degenerate games have an odd number"
                );
            }
        }
        assert!(nondegenerate > 100);
    }

    /// Solves the square system `mat z = rhs` exactly; `None` if singular.
    fn solve_square(mut mat: Vec<Vec<Rational>>, rhs: &[Rational]) -> Option<Vec<Rational>> {
        let d = mat.len();
        for (row, &r) in mat.iter_mut().zip(rhs) {
            row.push(r);
        }
        for col in 0..d {
            let p = (col..d).find(|&i| !mat[i][col].is_zero())?;
            mat.swap(col, p);
            let pv = mat[col][col];
            for v in mat[col].iter_mut() {
                *v = v.div(pv).unwrap();
            }
            let pr = mat[col].clone();
            for (i, r) in mat.iter_mut().enumerate() {
                if i != col && !r[col].is_zero() {
                    let f = r[col];
                    for (v, x) in r.iter_mut().zip(&pr) {
                        *v = v.sub(f.mul(*x).unwrap()).unwrap();
                    }
                }
            }
        }
        Some(mat.iter().map(|r| r[d]).collect())
    }

    /// Every vertex of `{z >= 0 : rows z <= 1}` with its tight hyperplanes
    /// (`h < d`: `z_h = 0`; `d + c`: row `c` tight), by trying every choice
    /// of `d` hyperplanes: no pivoting, nothing shared with the code under
    /// test.
    fn brute_vertices(rows: &[Vec<Rational>], d: usize) -> Vec<(Vec<Rational>, Vec<bool>)> {
        let k = rows.len();
        let hyper = |h: usize| -> (Vec<Rational>, Rational) {
            if h < d {
                let mut e = vec![Rational::ZERO; d];
                e[h] = Rational::ONE;
                (e, Rational::ZERO)
            } else {
                (rows[h - d].clone(), Rational::ONE)
            }
        };
        let dot = |a: &[Rational], z: &[Rational]| {
            a.iter().zip(z).fold(Rational::ZERO, |acc, (x, y)| {
                acc.add(x.mul(*y).unwrap()).unwrap()
            })
        };
        let mut out: Vec<(Vec<Rational>, Vec<bool>)> = Vec::new();
        for set in 0u32..1 << (d + k) {
            if set.count_ones() as usize != d {
                continue;
            }
            let chosen: Vec<usize> = (0..d + k).filter(|h| set >> h & 1 == 1).collect();
            let (mat, rhs): (Vec<_>, Vec<_>) = chosen.iter().map(|&h| hyper(h)).unzip();
            let Some(z) = solve_square(mat, &rhs) else {
                continue;
            };
            if z.iter().any(|v| v.is_negative()) || rows.iter().any(|r| dot(r, &z) > Rational::ONE)
            {
                continue;
            }
            if out.iter().any(|(w, _)| *w == z) {
                continue;
            }
            let tight = (0..d + k)
                .map(|h| {
                    let (a, b) = hyper(h);
                    dot(&a, &z) == b
                })
                .collect();
            out.push((z, tight));
        }
        out
    }

    /// Every extreme equilibrium by brute force: all vertices of both
    /// best-response polytopes, every pair covering all labels.
    fn brute_force_extreme(g: &Bimatrix) -> Vec<(Vec<Rational>, Vec<Rational>)> {
        let (m, n) = (g.m(), g.n());
        let shift = |u: &[Vec<Rational>]| -> Vec<Vec<Rational>> {
            let min = u.iter().flatten().copied().min().unwrap();
            let s = Rational::ONE.sub(min).unwrap();
            u.iter()
                .map(|r| r.iter().map(|v| v.add(s).unwrap()).collect())
                .collect()
        };
        let (a, b) = (shift(&g.a), shift(&g.b));
        let bt: Vec<Vec<Rational>> = (0..n).map(|j| (0..m).map(|i| b[i][j]).collect()).collect();
        let pv = brute_vertices(&bt, m);
        let qv = brute_vertices(&a, n);
        let norm = |z: &[Rational]| -> Vec<Rational> {
            let t = z.iter().fold(Rational::ZERO, |acc, v| acc.add(*v).unwrap());
            z.iter().map(|v| v.div(t).unwrap()).collect()
        };
        let mut out = Vec::new();
        for (x, xt) in &pv {
            if x.iter().all(|v| v.is_zero()) {
                continue;
            }
            for (y, yt) in &qv {
                if y.iter().all(|v| v.is_zero()) {
                    continue;
                }
                // P: x_i = 0 is label i, constraint j is label m + j.
                // Q: y_j = 0 is label m + j, constraint i is label i.
                let covered =
                    (0..m).all(|i| xt[i] || yt[n + i]) && (0..n).all(|j| xt[m + j] || yt[j]);
                if covered {
                    out.push((norm(x), norm(y)));
                }
            }
        }
        out.sort();
        out
    }

    #[test]
    fn agrees_with_brute_force_vertex_pairing_on_degenerate_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(17);
        let mut degenerate = 0;
        for round in 0..240 {
            let (m, n) = [(2, 2), (2, 3), (3, 2), (3, 3), (4, 2), (2, 4)][round % 6];
            // Few distinct payoffs: ties, hence degeneracy, are common.
            let range = [2, 3, 4][round % 3];
            let mut draw = || Rational::int((rng.next_u64() % range) as i128);
            let a: Vec<Vec<Rational>> = (0..m).map(|_| (0..n).map(|_| draw()).collect()).collect();
            let b: Vec<Vec<Rational>> = (0..m).map(|_| (0..n).map(|_| draw()).collect()).collect();
            let g = game(a, b);
            let set = all_equilibria(&g).unwrap();
            degenerate += usize::from(set.degenerate);
            let mut ours: Vec<_> = set
                .extreme
                .iter()
                .map(|e| (e.row.clone(), e.col.clone()))
                .collect();
            ours.sort();
            assert_eq!(ours, brute_force_extreme(&g), "game {g:?}");
            for e in &set.extreme {
                assert!(is_equilibrium(&g, &e.row, &e.col).unwrap());
            }
        }
        assert!(degenerate > 100, "{degenerate}");
    }

    #[test]
    fn overflow_is_an_error_not_a_panic() {
        // A zero-sum rock-paper-scissors with huge, unrelated win and loss
        // sizes: the unique equilibrium is fully mixed with probabilities
        // whose denominators (2x2 minors of 1e30-sized entries) far exceed
        // 128 bits. Vertex enumeration runs in BigInt; the answer cannot be
        // expressed as a 128-bit rational and must be reported as such.
        let big = 1_000_000_000_000_000_000_000_000_000_i128;
        let k = [
            3 * big + 7_919,
            5 * big + 104_729,
            7 * big + 1_299_709,
            11 * big + 15_485_863,
            13 * big + 32_452_843,
            17 * big + 49_979_687,
        ];
        let cells = [[0, -k[0], k[1]], [k[2], 0, -k[3]], [-k[4], k[5], 0]];
        let a: Vec<Vec<Rational>> = cells
            .iter()
            .map(|r| r.iter().map(|&v| Rational::int(v)).collect())
            .collect();
        let b: Vec<Vec<Rational>> = a
            .iter()
            .map(|r| r.iter().map(|v| v.neg().unwrap()).collect())
            .collect();
        let err = all_equilibria(&game(a, b)).unwrap_err();
        assert_eq!(err, EquilibriumError::Arithmetic(ArithmeticError::Overflow));
        assert!(err.to_string().contains("128-bit"));
    }
}
