//! Wythoff's game (Wythoff 1907): two piles; take any positive amount from
//! one pile, or the same positive amount from both. The P-positions are
//! (a_k, b_k) and (b_k, a_k) with a_k = floor(k phi), b_k = a_k + k,
//! phi = (1 + sqrt 5) / 2.
//!
//! Exact integer arithmetic only: floor(k phi) = floor((k + floor(sqrt(5 k^2))) / 2)
//! (k sqrt 5 is irrational for k > 0, so taking the floor of the root first
//! does not change the result), and floor(sqrt(5 k^2)) is found by binary
//! search comparing squares in 256-bit arithmetic, so every pile up to
//! 2^64 - 1 is exact. Floating point fails already near k = 1e8 (e.g. k =
//! F_41 = 165580141, where k phi is within 3e-9 of an integer).
//!
//! Grundy values of N-positions have no closed form; they are computed by
//! dynamic programming when the piles are small (at most [`GRUNDY_LIMIT`]).

use super::mex::MexScratch;
use super::position::{Move, Outcome, Position, TooManyMoves};

/// Largest pile for which Grundy values of N-positions are computed (the
/// default work limit: the grid to N is about (N + 1)^3 mex steps, 8 x 10^9
/// here: 37 CPU s measured on a loaded machine, about 30 s; it was 400, 0.2
/// s, until the audit of issue 27). The grid is made once per process
/// ([`grundy_of`]).
pub const GRUNDY_LIMIT: u64 = 2_000;
/// Largest pile for which `dilemma solve wythoff X Y --no-limit` computes
/// the Grundy value of an N-position (N^2 values held, 72 MB, and 2.7e10
/// mex steps here; the same bound as `--table`).
pub const HARD_GRUNDY_LIMIT: u64 = 3_000;

/// (hi, lo) of a * b, 256-bit.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let mask = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & mask);
    let (b1, b0) = (b >> 64, b & mask);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 & mask) + (p10 & mask);
    let lo = (p00 & mask) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// floor(x * sqrt 5) for any u64 x, exactly.
pub fn floor_sqrt5_times(x: u64) -> u128 {
    let x = x as u128;
    let target = mul_wide(x * x, 5);
    // 2x <= x sqrt 5 < 3x.
    let (mut lo, mut hi) = (2 * x, 3 * x + 1);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mul_wide(mid, mid) <= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// a_k = floor(k phi).
pub fn a(k: u64) -> u128 {
    (k as u128 + floor_sqrt5_times(k)) / 2
}

/// b_k = a_k + k = floor(k phi^2).
pub fn b(k: u64) -> u128 {
    a(k) + k as u128
}

/// The P-position partner of x: the y with (x, y) a P-position (unique,
/// since the a's and b's partition the positive integers; Beatty 1926).
pub fn partner(x: u64) -> u128 {
    if x == 0 {
        return 0;
    }
    // x in A iff x = a_k with k = ceil(x / phi); floor(x / phi) = a(x) - x.
    let j = (a(x) - x as u128) as u64;
    for k in [j, j + 1] {
        if a(k) == x as u128 {
            return b(k);
        }
    }
    // Otherwise x = b_k with k near x / phi^2 = x - x / phi.
    let kb = x - j - 1;
    for k in [kb.saturating_sub(1), kb, kb + 1] {
        if b(k) == x as u128 {
            return a(k);
        }
    }
    unreachable!("Beatty: every positive integer is an a_k or a b_k")
}

/// Whether (x, y) is a P-position.
pub fn is_p(x: u64, y: u64) -> bool {
    partner(x) == y as u128
}

/// A Wythoff position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wythoff {
    /// The piles.
    pub x: u64,
    /// The piles.
    pub y: u64,
}

/// g(x, y) from the grid to at least max(x, y), computed once and kept for
/// the process (the largest grid asked for so far: g(x, y) does not depend
/// on how far the grid goes). A sum's winning moves ask every option of a
/// pile pair for its value, each once the grid of the whole: without the
/// grid kept, `solve sum "wythoff 390 380" "nim 7"` made a grid per option
/// (88 s); with it, one grid.
pub fn grundy_of(x: u64, y: u64) -> u64 {
    use std::sync::{Arc, Mutex};
    static GRID: Mutex<Option<Arc<Vec<Vec<u64>>>>> = Mutex::new(None);
    let n = x.max(y) as usize;
    let mut kept = GRID.lock().unwrap_or_else(|e| e.into_inner());
    let grid = match kept.as_ref() {
        Some(g) if g.len() > n => g.clone(),
        _ => {
            let g = Arc::new(grundy_table(n));
            *kept = Some(g.clone());
            g
        }
    };
    drop(kept);
    grid[x as usize][y as usize]
}

/// Grundy values g(i, j) for 0 <= i, j <= n (row-major), by mex over row,
/// column and diagonal.
pub fn grundy_table(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    let mut s = MexScratch::default();
    for i in 0..=n {
        for j in 0..=n {
            s.clear();
            for row in g.iter().take(i) {
                s.mark(row[j]);
            }
            for &v in g[i].iter().take(j) {
                s.mark(v);
            }
            for d in 1..=i.min(j) {
                s.mark(g[i - d][j - d]);
            }
            g[i][j] = s.mex();
        }
    }
    g
}

impl Wythoff {
    fn to(&self, x: u64, y: u64) -> Move {
        let label = if x == self.x {
            format!("take {} from the second pile", self.y - y)
        } else if y == self.y {
            format!("take {} from the first pile", self.x - x)
        } else {
            format!("take {} from both piles", self.x - x)
        };
        Move {
            label,
            next: Box::new(Wythoff { x, y }),
        }
    }
}

impl Position for Wythoff {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("wythoff {} {}", self.x, self.y)
    }
    fn outcome(&self) -> Outcome {
        if is_p(self.x, self.y) {
            Outcome::P
        } else {
            Outcome::N
        }
    }
    fn grundy(&self) -> Option<u64> {
        if is_p(self.x, self.y) {
            return Some(0);
        }
        let n = self.x.max(self.y);
        if n > GRUNDY_LIMIT {
            return None;
        }
        Some(grundy_of(self.x, self.y))
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let total = self.x as u128 + self.y as u128 + self.x.min(self.y) as u128;
        if total > limit as u128 {
            return Err(TooManyMoves);
        }
        let mut out = Vec::new();
        for x in (0..self.x).rev() {
            out.push(self.to(x, self.y));
        }
        for y in (0..self.y).rev() {
            out.push(self.to(self.x, y));
        }
        for d in 1..=self.x.min(self.y) {
            out.push(self.to(self.x - d, self.y - d));
        }
        Ok(out)
    }
    fn winning_moves(&self, limit: usize) -> Option<(Vec<Move>, u64)> {
        let (x, y) = (self.x, self.y);
        let mut targets: Vec<(u64, u64)> = Vec::new();
        // Change y to x's partner, or x to y's partner.
        let px = partner(x);
        if px < y as u128 {
            targets.push((x, px as u64));
        }
        let py = partner(y);
        if py < x as u128 {
            targets.push((py as u64, y));
        }
        // Take the same amount from both: the difference d is kept, so the
        // target is (a_d, b_d) or (b_d, a_d).
        let d = x.abs_diff(y);
        let ad = a(d);
        if ad < x.min(y) as u128 {
            let ad = ad as u64;
            let t = if x <= y { (ad, ad + d) } else { (ad + d, ad) };
            targets.push(t);
        }
        targets.sort_unstable();
        targets.dedup();
        let count = targets.len() as u64;
        Some((
            targets
                .into_iter()
                .take(limit)
                .map(|(a, b)| self.to(a, b))
                .collect(),
            count,
        ))
    }
    fn reason(&self) -> String {
        let (lo, hi) = (self.x.min(self.y), self.x.max(self.y));
        let k = hi - lo;
        let ak = a(k);
        if ak == lo as u128 {
            format!(
                "Wythoff: the piles differ by k = {k} and the smaller is a_k = floor(k phi) = {ak} (exact integer arithmetic): P-position"
            )
        } else {
            let mut r = format!(
                "Wythoff: the piles differ by k = {k}, but the smaller is {lo}, not a_k = floor(k phi) = {ak}: N-position"
            );
            if hi > GRUNDY_LIMIT {
                r.push_str(&grundy_skipped(hi));
            }
            r
        }
    }
}

/// Why an N-position's Grundy value is not computed: the grid's work over
/// the default limit (or the hard bound).
fn grundy_skipped(hi: u64) -> String {
    let steps = (hi as f64 + 1.0).powi(3);
    if hi > HARD_GRUNDY_LIMIT {
        format!(
            "; its Grundy value needs the grid to {hi} (about {steps:.1e} mex steps), beyond \
             the hard bound of piles up to {HARD_GRUNDY_LIMIT}, even with --no-limit"
        )
    } else {
        format!(
            "; its Grundy value needs the grid to {hi} (about {steps:.1e} mex steps), over the \
             default work limit of piles up to {GRUNDY_LIMIT}; `dilemma solve --no-limit` \
             computes it (piles up to {HARD_GRUNDY_LIMIT})"
        )
    }
}

/// A Wythoff N-position whose Grundy value was computed past
/// [`GRUNDY_LIMIT`] (`dilemma solve --no-limit`, piles up to
/// [`HARD_GRUNDY_LIMIT`]), once, at construction; everything else is the
/// plain position's.
#[derive(Clone, Debug)]
pub struct WythoffLifted {
    /// The position.
    pub position: Wythoff,
    /// Its Grundy value.
    pub grundy: u64,
}

impl WythoffLifted {
    /// The position with its value computed, if its piles are within
    /// [`HARD_GRUNDY_LIMIT`].
    pub fn new(position: Wythoff) -> Option<Self> {
        let (x, y) = (position.x, position.y);
        if x.max(y) > HARD_GRUNDY_LIMIT {
            return None;
        }
        let grundy = position.grundy().unwrap_or_else(|| grundy_of(x, y));
        Some(WythoffLifted { position, grundy })
    }
}

impl Position for WythoffLifted {
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
        let plain = self.position.reason();
        let cut = plain.find("; its Grundy value").unwrap_or(plain.len());
        format!(
            "{}; Grundy value {} from the grid to {} (`--no-limit`)",
            &plain[..cut],
            self.grundy,
            self.position.x.max(self.position.y)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_brute_force_table() {
        let n = 40;
        let g = grundy_table(n);
        for x in 0..=n as u64 {
            for y in 0..=n as u64 {
                let w = Wythoff { x, y };
                assert_eq!(
                    w.outcome(),
                    Outcome::from_grundy(g[x as usize][y as usize]),
                    "({x},{y})"
                );
                let (moves, count) = w.winning_moves(10).unwrap();
                let brute = w
                    .options(10_000)
                    .unwrap()
                    .into_iter()
                    .filter(|m| m.next.outcome() == Outcome::P)
                    .count();
                assert_eq!(count as usize, brute, "({x},{y})");
                for m in moves {
                    assert_eq!(m.next.outcome(), Outcome::P);
                }
            }
        }
    }

    /// a checks: y = floor(k phi) iff (2y - k)^2 <= 5k^2 < (2y + 2 - k)^2.
    fn check_floor(k: u64) {
        let y = a(k);
        let five = mul_wide(k as u128 * k as u128, 5);
        let lo = 2 * y - k as u128;
        assert!(mul_wide(lo, lo) <= five, "k {k}");
        let hi = lo + 2;
        assert!(mul_wide(hi, hi) > five, "k {k}");
    }

    #[test]
    fn exact_where_floating_point_fails() {
        // F_n phi = F_(n+1) - psi^n: F_40 phi is 2.7e-9 below F_41 (floor
        // F_41 - 1) and F_41 phi is 1.7e-9 above F_42 (floor F_42).
        let (f40, f41, f42) = (102_334_155u64, 165_580_141u64, 267_914_296u128);
        assert_eq!(a(f40), f41 as u128 - 1);
        assert_eq!(a(f41), f42);
        check_floor(f40);
        check_floor(f41);
        for k in 99_999_990..100_000_010u64 {
            check_floor(k);
        }
        // Near 2^64: b_k <= 2^64 - 1 for k up to about 2^64 / phi^2.
        let (mut lo, mut hi) = (1u64, u64::MAX / 2);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if b(mid) <= u64::MAX as u128 {
                lo = mid
            } else {
                hi = mid
            }
        }
        let kmax = lo;
        for k in kmax - 20..=kmax {
            check_floor(k);
            assert!(b(k) <= u64::MAX as u128);
        }
        assert!(b(kmax + 1) > u64::MAX as u128);
        // Every x near 2^64 has a partner, and partnership is symmetric.
        for x in u64::MAX - 50..=u64::MAX {
            let p = partner(x);
            if p <= u64::MAX as u128 {
                assert_eq!(partner(p as u64), x as u128, "x {x}");
                assert_eq!(Wythoff { x, y: p as u64 }.outcome(), Outcome::P);
            }
        }
        // The largest P-position in 64 bits is exact.
        let (ak, bk) = (a(kmax) as u64, b(kmax) as u64);
        assert!(is_p(ak, bk) && is_p(bk, ak) && !is_p(ak, bk - 1));
    }

    #[test]
    fn a_lifted_position_has_the_grids_value() {
        // (3, 2001) is an N-position past the default limit (its grid takes
        // minutes in a debug build: not made here).
        let w = Wythoff { x: 3, y: 2001 };
        assert_eq!(w.outcome(), Outcome::N);
        assert_eq!(w.grundy(), None);
        assert!(w.reason().contains("--no-limit"), "{}", w.reason());
        // (3, 401), past the old limit of 400: by default now, and lifted
        // alike, the grid's value (kept for the process: `grundy_of`).
        let w = Wythoff { x: 3, y: 401 };
        let lifted = WythoffLifted::new(w.clone()).unwrap();
        let g = grundy_table(401);
        assert_eq!(lifted.grundy(), Some(g[3][401]));
        assert_eq!(w.grundy(), Some(g[3][401]));
        assert_eq!(grundy_of(1, 2), 0);
        assert_eq!(grundy_of(400, 3), g[400][3]);
        assert!(g[3][401] > 0);
        assert!(!lifted.reason().contains("needs the grid"));
        assert!(WythoffLifted::new(Wythoff { x: 1, y: 3001 }).is_none());
        let far = Wythoff { x: 1, y: 3001 }.reason();
        assert!(far.contains("even with --no-limit"), "{far}");
    }

    #[test]
    fn classic_positions() {
        assert!(is_p(3, 5) && is_p(5, 3) && is_p(4, 7) && is_p(0, 0) && is_p(1, 2));
        assert!(!is_p(10, 15));
        let (moves, _) = Wythoff { x: 10, y: 15 }.winning_moves(10).unwrap();
        for m in moves {
            assert_eq!(m.next.outcome(), Outcome::P);
        }
    }
}
