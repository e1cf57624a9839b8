//! Fibonacci Nim (GAMES.md section 6; Whinihan 1963, "Fibonacci Nim",
//! Fibonacci Quarterly 1(4)): one pile of n; the first move takes 1 .. n-1,
//! then each move takes 1 .. twice the opponent's last take.
//!
//! A position is (pile n, largest allowed take k); taking t (1 <= t <=
//! min(k, n)) leads to (n - t, 2t). The opening position is (n, n - 1).
//!
//! Theorem (Whinihan 1963): write n in Zeckendorf form (a sum of
//! non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ...) and let z(n) be its
//! smallest term (z(0) = infinity). The player to move wins (n, k) iff
//! z(n) <= k; taking z(n) is then a winning move. So the opening position
//! (n, n - 1) is P iff n is a Fibonacci number.
//!
//! Every winning move: t is winning iff (n - t, 2t) is P, i.e. 2t < z(m) with
//! m = n - t. For each Fibonacci F, the numbers m with z(m) = F are F plus
//! sums of terms >= the Fibonacci two steps above F, so they are at least the
//! next Fibonacci apart, and the window n - F/2 < m <= n holds at most one;
//! it is the largest such m <= n, found by truncating Zeckendorf forms. So all
//! winning moves (at most ~90) are found exactly for any 64-bit pile.
//!
//! Grundy values have no known closed form (Larsson and Rubinstein-Salzedo
//! 2016, "Grundy values of Fibonacci Nim", IJGT 45); they are tabulated
//! exactly by the mex recursion for piles up to [`GRUNDY_TABLE_MAX`] (the
//! default work limit: one shared table of half a million entries) and
//! `None` beyond (the outcome stays exact), the reason saying why;
//! `--no-limit` computes a larger pile's value ([`FibonacciLifted`]) from
//! the rows it needs, up to the hard memory bound [`HARD_GRUNDY_MAX`].
//!
//! Invariant: no floating point; every claim is checked against the general
//! engine in the tests.

use super::mex::MexScratch;
use super::position::{Move, Outcome, Position, TooManyMoves};
use std::sync::OnceLock;

/// Piles up to this size have exact Grundy values (the default work limit).
pub const GRUNDY_TABLE_MAX: u64 = 1000;

/// The largest pile whose Grundy value `--no-limit` computes: the rows of
/// g(m, k) it needs are held in memory (2 bytes each, about n^2 / 3 of them
/// for one position: 270 MB here, and n^2 / 2 for a `--table` of n: 400 MB;
/// some 10^8 mex steps, a fraction of a second).
pub const HARD_GRUNDY_MAX: u64 = 20_000;

/// A Fibonacci Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FibonacciNim {
    /// Tokens left.
    pub n: u64,
    /// Largest take allowed now.
    pub k: u64,
}

/// The distinct Fibonacci numbers 1, 2, 3, 5, ... that fit in a u64.
pub fn fibonacci_numbers() -> &'static [u64] {
    static FIBS: OnceLock<Vec<u64>> = OnceLock::new();
    FIBS.get_or_init(|| {
        let mut v = vec![1u64, 2];
        while let Some(next) = v[v.len() - 1].checked_add(v[v.len() - 2]) {
            v.push(next);
        }
        v
    })
}

/// The Zeckendorf form of n: its terms, largest first (empty for 0).
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for &f in fibonacci_numbers().iter().rev() {
        if f <= n {
            out.push(f);
            n -= f;
        }
    }
    out
}

/// The smallest Zeckendorf term of n, or `None` for 0 (infinity).
pub fn smallest_term(n: u64) -> Option<u64> {
    zeckendorf(n).last().copied()
}

/// Whether n is a Fibonacci number (1, 2, 3, 5, ...).
pub fn is_fibonacci(n: u64) -> bool {
    fibonacci_numbers().binary_search(&n).is_ok()
}

/// Whether the player to move wins (n, k): z(n) <= k.
pub fn next_wins(n: u64, k: u64) -> bool {
    smallest_term(n).is_some_and(|z| z <= k)
}

/// Every winning take from (n, k), in increasing order.
pub fn winning_takes(n: u64, k: u64) -> Vec<u64> {
    let k = k.min(n);
    let mut takes = Vec::new();
    if n == 0 {
        return takes;
    }
    // Take everything: leaves 0, a P-position.
    if k >= n {
        takes.push(n);
    }
    let fibs = fibonacci_numbers();
    for (j, &f) in fibs.iter().enumerate() {
        if f > n {
            break;
        }
        // Largest m <= n with z(m) = f: f + (n - f truncated to terms >=
        // the Fibonacci two steps above f).
        let floor = fibs.get(j + 2).copied().unwrap_or(u64::MAX);
        let rest: u64 = zeckendorf(n - f).into_iter().filter(|&x| x >= floor).sum();
        let m = f + rest;
        let t = n - m;
        if t >= 1 && t <= k && t.saturating_mul(2) < f {
            takes.push(t);
        }
    }
    takes.sort_unstable();
    takes.dedup();
    takes
}

/// Exact Grundy values g(n, k) for n <= [`GRUNDY_TABLE_MAX`], k capped at n:
/// row n holds g(n, 1..=n) (index k - 1).
fn table() -> &'static Vec<Vec<u16>> {
    static TABLE: OnceLock<Vec<Vec<u16>>> = OnceLock::new();
    TABLE.get_or_init(|| grundy_rows(GRUNDY_TABLE_MAX as usize))
}

/// g(n, k) for n <= max by the mex recursion g(n, k) = mex{ g(n - t, 2t) :
/// 1 <= t <= min(k, n) }, growing the option set one take at a time.
pub fn grundy_rows(max: usize) -> Vec<Vec<u16>> {
    rows_with(max, |n| n)
}

/// Rows 0..=max, row n holding g(n, k) for k = 1..=len(n) (len(n) <= n).
/// Row m - t is read at k = min(2t, m - t), so every len with
/// len(m - t) >= min(2t, m - t) for t <= len(m) is enough.
fn rows_with(max: usize, len: impl Fn(usize) -> usize) -> Vec<Vec<u16>> {
    let mut rows: Vec<Vec<u16>> = Vec::with_capacity(max + 1);
    let mut scratch = MexScratch::default();
    rows.push(Vec::new());
    for n in 1..=max {
        scratch.clear();
        // The option set only grows with t, so the mex only moves up.
        let mut mex = 0u64;
        let mut row = Vec::with_capacity(len(n));
        for t in 1..=len(n) {
            let m = n - t;
            let g = if m == 0 {
                0
            } else {
                rows[m][(2 * t).min(m) - 1]
            };
            scratch.mark(g as u64);
            while scratch.contains(mex) {
                mex += 1;
            }
            row.push(mex as u16);
        }
        rows.push(row);
    }
    rows
}

/// The exact Grundy value of (n, k) for any n up to [`HARD_GRUNDY_MAX`],
/// from only the rows it needs: row m < n up to k = 2 (n - m) (a play from
/// n reaches m by a last take of at most n - m), about n^2 / 3 entries.
pub fn grundy_computed(n: u64, k: u64) -> Option<u64> {
    if n == 0 || k == 0 {
        return Some(0);
    }
    if n > HARD_GRUNDY_MAX {
        return None;
    }
    let n = n as usize;
    let k = (k as usize).min(n);
    let rows = rows_with(n, |m| if m == n { k } else { m.min(2 * (n - m)) });
    Some(rows[n][k - 1] as u64)
}

/// The exact Grundy value of (n, k), if n is within the table.
pub fn grundy_value(n: u64, k: u64) -> Option<u64> {
    if n == 0 || k == 0 {
        return Some(0);
    }
    if n > GRUNDY_TABLE_MAX {
        return None;
    }
    let k = k.min(n);
    Some(table()[n as usize][k as usize - 1] as u64)
}

impl FibonacciNim {
    /// The opening position: the first move may take 1 .. n - 1.
    pub fn opening(n: u64) -> Self {
        FibonacciNim {
            n,
            k: n.saturating_sub(1),
        }
    }
    fn take(&self, t: u64) -> Move {
        Move {
            label: format!("take {t} (leave {})", self.n - t),
            next: Box::new(FibonacciNim {
                n: self.n - t,
                k: t.saturating_mul(2),
            }),
        }
    }
}

impl Position for FibonacciNim {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        if self.k == self.n.saturating_sub(1) {
            format!("fibonacci-nim {}", self.n)
        } else {
            format!("fibonacci-nim {} --limit {}", self.n, self.k)
        }
    }
    fn outcome(&self) -> Outcome {
        if next_wins(self.n, self.k) {
            Outcome::N
        } else {
            Outcome::P
        }
    }
    fn grundy(&self) -> Option<u64> {
        grundy_value(self.n, self.k)
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let k = self.k.min(self.n);
        if k > limit as u64 {
            return Err(TooManyMoves);
        }
        Ok((1..=k).map(|t| self.take(t)).collect())
    }
    fn winning_moves(&self, limit: usize) -> Option<(Vec<Move>, u64)> {
        let takes = winning_takes(self.n, self.k);
        let count = takes.len() as u64;
        Some((
            takes
                .into_iter()
                .take(limit)
                .map(|t| self.take(t))
                .collect(),
            count,
        ))
    }
    fn reason(&self) -> String {
        let mut r = self.rule_reason();
        if self.n > GRUNDY_TABLE_MAX {
            r.push_str(&grundy_skipped(self.n));
        }
        r
    }
}

/// Why a pile's Grundy value is not computed: the rows it needs are over
/// the default work limit (or the hard bound).
fn grundy_skipped(n: u64) -> String {
    let entries = (n as f64) * (n as f64) / 3.0;
    if n > HARD_GRUNDY_MAX {
        format!(
            "; its Grundy value needs about {entries:.1e} table entries, beyond the hard bound \
             of piles up to {HARD_GRUNDY_MAX} (held in memory), even with --no-limit"
        )
    } else {
        format!(
            "; its Grundy value needs about {entries:.1e} table entries, over the default work \
             limit of piles up to {GRUNDY_TABLE_MAX}; `dilemma solve --no-limit` computes it \
             (piles up to {HARD_GRUNDY_MAX})"
        )
    }
}

impl FibonacciNim {
    fn rule_reason(&self) -> String {
        let z = zeckendorf(self.n);
        let form = if z.is_empty() {
            "0".to_string()
        } else {
            z.iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join(" + ")
        };
        match z.last() {
            None => "Fibonacci Nim: no tokens left, the player to move has lost".into(),
            Some(&s) if s <= self.k => format!(
                "Fibonacci Nim (Whinihan 1963): Zeckendorf form {} = {form}; its smallest term {s} is within the limit {}, so take {s}",
                self.n, self.k
            ),
            Some(&s) => format!(
                "Fibonacci Nim (Whinihan 1963): Zeckendorf form {} = {form}; its smallest term {s} exceeds the limit {}, so every take leaves a winning position{}",
                self.n,
                self.k,
                if self.k == self.n.saturating_sub(1) && is_fibonacci(self.n) {
                    " (the pile is a Fibonacci number)"
                } else {
                    ""
                }
            ),
        }
    }
}

/// A position whose Grundy value is over the default work limit, computed
/// once, at construction (`dilemma solve --no-limit`, piles up to
/// [`HARD_GRUNDY_MAX`]); everything else is the plain position's.
#[derive(Clone, Debug)]
pub struct FibonacciLifted {
    /// The position.
    pub position: FibonacciNim,
    /// Its Grundy value.
    pub grundy: u64,
}

impl FibonacciLifted {
    /// The position with its value computed, if its pile is within
    /// [`HARD_GRUNDY_MAX`].
    pub fn new(position: FibonacciNim) -> Option<Self> {
        let grundy = grundy_computed(position.n, position.k)?;
        Some(FibonacciLifted { position, grundy })
    }
}

impl Position for FibonacciLifted {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        self.position.describe()
    }
    fn outcome(&self) -> Outcome {
        self.position.outcome()
    }
    fn grundy(&self) -> Option<u64> {
        Some(self.grundy)
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        self.position.options(limit)
    }
    fn winning_moves(&self, limit: usize) -> Option<(Vec<Move>, u64)> {
        self.position.winning_moves(limit)
    }
    fn reason(&self) -> String {
        format!(
            "{}; Grundy value {} from the rows of g(m, k) it needs (`--no-limit`)",
            self.position.rule_reason(),
            self.grundy
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    type State = (u64, u64);

    /// Options of (n, k), with k normalised to min(k, n) so equal games
    /// share a state.
    fn brute_moves(&(n, k): &State) -> Vec<State> {
        (1..=k.min(n))
            .map(|t| (n - t, (2 * t).min(n - t)))
            .collect()
    }

    #[test]
    fn outcomes_values_and_winning_moves_match_brute_force() {
        let mut e = Engine::new(brute_moves);
        for n in 0..=60u64 {
            for k in 0..=n {
                let g = e.grundy(&(n, k)).unwrap();
                let p = FibonacciNim { n, k };
                assert_eq!(p.outcome(), Outcome::from_grundy(g), "({n}, {k})");
                assert_eq!(p.grundy(), Some(g), "({n}, {k})");
                let brute: Vec<u64> = (1..=k.min(n))
                    .filter(|&t| e.grundy(&(n - t, (2 * t).min(n - t))).unwrap() == 0)
                    .collect();
                assert_eq!(winning_takes(n, k), brute, "({n}, {k})");
            }
        }
    }

    #[test]
    fn opening_is_p_iff_fibonacci_and_83_takes_2() {
        for n in 1..200u64 {
            let p = FibonacciNim::opening(n);
            assert_eq!(p.outcome() == Outcome::P, is_fibonacci(n), "{n}");
        }
        // The seed's example: 83 = 55 + 21 + 5 + 2, take 2.
        assert_eq!(zeckendorf(83), vec![55, 21, 5, 2]);
        assert!(winning_takes(83, 82).contains(&2));
        assert_eq!(FibonacciNim::opening(89).outcome(), Outcome::P);
    }

    #[test]
    fn computed_values_agree_with_the_full_table() {
        let full = grundy_rows(240);
        for n in 0..=240u64 {
            for k in 0..=n + 2 {
                let want = if n == 0 || k == 0 {
                    0
                } else {
                    full[n as usize][k.min(n) as usize - 1] as u64
                };
                assert_eq!(grundy_computed(n, k), Some(want), "({n}, {k})");
            }
        }
        assert_eq!(grundy_computed(HARD_GRUNDY_MAX + 1, 5), None);
    }

    #[test]
    fn past_the_default_table_the_value_needs_the_lift() {
        let p = FibonacciNim::opening(1500);
        assert_eq!(p.grundy(), None);
        let r = p.reason();
        assert!(
            r.contains("default work limit") && r.contains("--no-limit"),
            "{r}"
        );
        let lifted = FibonacciLifted::new(p.clone()).unwrap();
        assert_eq!(lifted.grundy(), Some(grundy_rows(1500)[1500][1498] as u64));
        assert_eq!(lifted.outcome(), p.outcome());
        assert_eq!(
            Outcome::from_grundy(lifted.grundy().unwrap()),
            lifted.outcome()
        );
        assert!(!lifted.reason().contains("default work limit"));
        let far = FibonacciNim::opening(HARD_GRUNDY_MAX + 1);
        assert!(FibonacciLifted::new(far.clone()).is_none());
        assert!(far.reason().contains("even with --no-limit"));
    }

    #[test]
    fn huge_piles_winning_takes_are_winning() {
        for n in [u64::MAX, u64::MAX - 12345, 10u64.pow(18) + 7] {
            let takes = winning_takes(n, n - 1);
            assert!(!takes.is_empty());
            for t in takes {
                assert!(!next_wins(n - t, 2 * t), "{n} take {t}");
            }
        }
    }
}
