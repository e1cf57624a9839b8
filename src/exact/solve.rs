//! Dense linear algebra over a [`Number`] field: Gaussian elimination with
//! the largest pivot (exact fields: any non-zero pivot, the largest by its
//! double), and strongly connected components of a sparse graph.

use crate::exact::number::Number;

/// Solves `a x = b` for a square `a` (rows) and right-hand sides `b`
/// (rows of the same count, one column per system). `None` when `a` is
/// singular.
pub fn solve<N: Number>(mut a: Vec<Vec<N>>, mut b: Vec<Vec<N>>) -> Option<Vec<Vec<N>>> {
    let n = a.len();
    for col in 0..n {
        let pivot = (col..n)
            .filter(|&r| !a[r][col].is_zero())
            .max_by(|&r, &s| {
                a[r][col]
                    .to_f64()
                    .abs()
                    .total_cmp(&a[s][col].to_f64().abs())
            })?;
        if a[pivot][col].negligible() {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let p = a[col][col].clone();
        for row in col + 1..n {
            if a[row][col].is_zero() {
                continue;
            }
            let factor = a[row][col].over(&p);
            let (upper, lower) = a.split_at_mut(row);
            for (target, source) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                if !source.is_zero() {
                    *target = target.minus(&factor.times(source));
                }
            }
            for k in 0..b[row].len() {
                if !b[col][k].is_zero() {
                    let v = b[row][k].minus(&factor.times(&b[col][k]));
                    b[row][k] = v;
                }
            }
        }
    }
    let m = b.first().map_or(0, Vec::len);
    let mut x = vec![vec![N::zero(); m]; n];
    for row in (0..n).rev() {
        for k in 0..m {
            let mut v = b[row][k].clone();
            for j in row + 1..n {
                if !a[row][j].is_zero() && !x[j][k].is_zero() {
                    v = v.minus(&a[row][j].times(&x[j][k]));
                }
            }
            x[row][k] = v.over(&a[row][row]);
        }
    }
    Some(x)
}

/// The strongly connected components of a graph (`edges[v]` = successors),
/// each as its list of vertices; `component[v]` numbers them (Tarjan's
/// algorithm without recursion).
pub fn components(edges: &[Vec<usize>]) -> (Vec<Vec<usize>>, Vec<usize>) {
    let n = edges.len();
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut component = vec![NONE; n];
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut counter = 0;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if *i < edges[v].len() {
                let w = edges[v][*i];
                *i += 1;
                if index[w] == NONE {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut group = Vec::new();
                    loop {
                        let w = stack.pop().expect("v is on the stack");
                        on_stack[w] = false;
                        component[w] = groups.len();
                        group.push(w);
                        if w == v {
                            break;
                        }
                    }
                    groups.push(group);
                }
            }
        }
    }
    (groups, component)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::number::Ratio;

    #[test]
    fn solves_exactly_and_in_floats() {
        let r = |n, d| Ratio::fraction(n, d);
        let a = vec![
            vec![r(0, 1), r(2, 1), r(1, 1)],
            vec![r(1, 1), r(1, 1), r(0, 1)],
            vec![r(1, 3), r(0, 1), r(1, 1)],
        ];
        let b = vec![vec![r(1, 1)], vec![r(2, 1)], vec![r(3, 1)]];
        let x = solve(a.clone(), b.clone()).unwrap();
        for (row, rhs) in a.iter().zip(&b) {
            let mut s = Ratio::zero();
            for (v, xv) in row.iter().zip(&x) {
                s = s.plus(&v.times(&xv[0]));
            }
            assert_eq!(&s, &rhs[0]);
        }
        let af: Vec<Vec<f64>> = a
            .iter()
            .map(|r| r.iter().map(|v| v.to_f64()).collect())
            .collect();
        let bf: Vec<Vec<f64>> = b
            .iter()
            .map(|r| r.iter().map(|v| v.to_f64()).collect())
            .collect();
        let xf = solve(af, bf).unwrap();
        for (e, f) in x.iter().zip(&xf) {
            assert!((e[0].to_f64() - f[0]).abs() < 1e-12);
        }
        assert!(
            solve(
                vec![vec![1.0, 2.0], vec![2.0, 4.0]],
                vec![vec![1.0], vec![1.0]]
            )
            .is_none()
        );
    }

    #[test]
    fn finds_components() {
        // 0 -> 1 -> 2 -> 1, 0 -> 3 (a sink), 4 alone.
        let edges = vec![vec![1, 3], vec![2], vec![1], vec![3], vec![]];
        let (groups, component) = components(&edges);
        assert_eq!(groups.len(), 4);
        assert_eq!(component[1], component[2]);
        assert_ne!(component[0], component[1]);
        assert_ne!(component[3], component[0]);
    }
}
