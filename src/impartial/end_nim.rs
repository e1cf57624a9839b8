//! End-Nim (GAMES.md section 6, seed 000 "variant 2"): a row of piles; a move
//! takes any positive amount from the leftmost or the rightmost pile (an
//! emptied pile leaves the row). Plain XOR is wrong here.
//!
//! Solution (Albert and Nowakowski, "The game of End-Nim", Electron. J.
//! Combin. 8(2), 2001): for every row w there is exactly one x >= 0 such that
//! the row `x w` (a pile x put on the left; x = 0 means w itself) is a
//! P-position, written L(w), and likewise R(w) on the right. (Two values would
//! give a move between two P-positions; none would make every `x w` an
//! N-position, whose winning moves could not all be on the right.) With
//! l = L(w), r = R(w) and a new right pile y:
//!
//! * L(w y) = 0 if y = r;
//! * L(w y) = y if y < l and y < r, or y > l and y > r;
//! * L(w y) = y + 1 if l <= y < r;  L(w y) = y - 1 if r < y <= l;
//!
//! and symmetrically for R(x w). This gives the outcome and the (at most two)
//! winning moves in O(k^2) for k piles. Grundy values have no such form: a
//! row of at most two piles is Nim (both ends are its piles), g = XOR; a
//! longer row is solved by dynamic programming over its sub-rows
//! ([`grundy_dp`]): for each sub-row `piles[i..=j]` (three piles or more) a
//! table of g over its end piles cut to x <= p_i, y <= p_j (every reachable
//! row of three piles or more is one cell of one such table), each cell the
//! mex of its x + y options, two of which (an end pile emptied) come from
//! the sub-rows one pile shorter. The cost is [`work`]: within the default
//! work limit [`GRUNDY_WORK_LIMIT`] the value is given; `--no-limit` lifts
//! it ([`EndNimLifted`]) up to the hard memory bound [`HARD_CELLS`].

use super::mex::MexScratch;
use super::position::{Move, Outcome, Position, TooManyMoves, words};

/// An End-Nim row (every pile at least 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndNim {
    /// The piles from left to right.
    pub piles: Vec<u64>,
}

/// The default work limit of a Grundy value, in mex steps (options looked
/// at over every cell): about 9 x 10^8 a second measured (six piles of
/// 1000, 10^10 steps, 11 s), so some 30 s. It was 5 x 10^7 (0.05 s) until
/// the audit of issue 27; the old fixed bound before it, a product of
/// (pile + 1) of 200,000, refused rows of many small piles that take
/// microseconds. `--no-limit` lifts it up to [`HARD_CELLS`].
pub const GRUNDY_WORK_LIMIT: u128 = 25_000_000_000;

/// The most cells (reachable rows of three piles or more) a Grundy value
/// may need, even with `--no-limit`: the largest table is held in memory
/// (4 bytes a cell: at most 200 MB).
pub const HARD_CELLS: u128 = 50_000_000;

/// The cells of every sub-row's table and the mex steps over them, in
/// O(k): `cells` = the sum over sub-rows `piles[i..=j]`, j >= i + 2, of
/// p_i p_j; `steps` = the sum over their cells (x, y) of x + y options.
pub fn work(piles: &[u64]) -> (u128, u128) {
    let tri = |p: u128| p.saturating_mul(p.saturating_add(1)) / 2;
    let (mut cells, mut steps) = (0u128, 0u128);
    // Suffix sums over j >= i + 2 of p_j and T(p_j).
    let (mut sum_p, mut sum_t) = (0u128, 0u128);
    let k = piles.len();
    for i in (0..k).rev() {
        if i + 2 < k {
            let q = piles[i + 2] as u128;
            sum_p = sum_p.saturating_add(q);
            sum_t = sum_t.saturating_add(tri(q));
        }
        let p = piles[i] as u128;
        cells = cells.saturating_add(p.saturating_mul(sum_p));
        steps = steps
            .saturating_add(tri(p).saturating_mul(sum_p))
            .saturating_add(p.saturating_mul(sum_t));
    }
    (cells, steps)
}

/// Whether a row's Grundy value is within the default work limit, within
/// the hard bound only (`--no-limit`), or beyond it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// At most two piles (Nim) or within [`GRUNDY_WORK_LIMIT`].
    Default,
    /// Over the work limit, within [`HARD_CELLS`].
    Lifted,
    /// More cells than [`HARD_CELLS`].
    Beyond,
}

/// Which limit a row's Grundy value falls under.
pub fn grundy_reach(piles: &[u64]) -> Reach {
    let (cells, steps) = work(piles);
    if cells > HARD_CELLS {
        Reach::Beyond
    } else if steps > GRUNDY_WORK_LIMIT {
        Reach::Lifted
    } else {
        Reach::Default
    }
}

/// The Grundy value of a row whatever the work (Nim's XOR for two piles or
/// fewer); `None` past [`HARD_CELLS`].
pub fn grundy_dp(piles: &[u64]) -> Option<u64> {
    let k = piles.len();
    if k <= 2 {
        return Some(piles.iter().fold(0, |x, &p| x ^ p));
    }
    if work(piles).0 > HARD_CELLS {
        return None;
    }
    // Every table has at most HARD_CELLS cells, so its end piles, and the
    // values (at most x + y), fit in usize and u32.
    let mut scratch = MexScratch::default();
    let mut table: Vec<u32> = Vec::new();
    // For each sub-row of the previous length, by its first index: g with
    // the left pile full, by y; g with the right pile full, by x.
    let mut shorter: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    for len in 3..=k {
        let mut these = Vec::with_capacity(k + 1 - len);
        for i in 0..=k - len {
            let j = i + len - 1;
            let (a, b) = (piles[i] as usize, piles[j] as usize);
            // Emptying the left pile leaves piles[i+1..=j] with y on the
            // right; emptying the right one, x and piles[i..j].
            let left_gone = |y: usize| -> u64 {
                if len == 3 {
                    piles[i + 1] ^ y as u64
                } else {
                    shorter[i + 1].0[y - 1] as u64
                }
            };
            let right_gone = |x: usize| -> u64 {
                if len == 3 {
                    piles[i + 1] ^ x as u64
                } else {
                    shorter[i].1[x - 1] as u64
                }
            };
            table.clear();
            table.resize(a * b, 0);
            for x in 1..=a {
                for y in 1..=b {
                    // Values above the number of options cannot be the mex.
                    let options = (x + y) as u64;
                    scratch.clear();
                    let mut mark = |v: u64| {
                        if v <= options {
                            scratch.mark(v)
                        }
                    };
                    mark(left_gone(y));
                    mark(right_gone(x));
                    for x2 in 1..x {
                        mark(table[(x2 - 1) * b + y - 1] as u64);
                    }
                    for y2 in 1..y {
                        mark(table[(x - 1) * b + y2 - 1] as u64);
                    }
                    table[(x - 1) * b + y - 1] = scratch.mex() as u32;
                }
            }
            let full_left = table[(a - 1) * b..a * b].to_vec();
            let full_right = (0..a).map(|x| table[x * b + b - 1]).collect();
            these.push((full_left, full_right));
        }
        shorter = these;
    }
    let last = piles[k - 1] as usize;
    Some(shorter[0].0[last - 1] as u64)
}

/// The L-value given L(w), R(w) and a pile y added on the right.
fn extend(l: u64, r: u64, y: u64) -> u64 {
    if y == r {
        0
    } else if (y < l && y < r) || (y > l && y > r) {
        y
    } else if l <= y && y < r {
        y + 1
    } else {
        y - 1
    }
}

/// `(L, R)` for `piles[i..j]` for every 0 <= i <= j <= k, as closures
/// over a table: returns the pair for a half-open range.
pub struct Table {
    k: usize,
    left: Vec<u64>,
    right: Vec<u64>,
}

impl Table {
    /// Builds the table in O(k^2).
    pub fn new(piles: &[u64]) -> Table {
        let k = piles.len();
        let idx = |i: usize, j: usize| i * (k + 1) + j;
        let mut left = vec![0u64; (k + 1) * (k + 1)];
        let mut right = vec![0u64; (k + 1) * (k + 1)];
        for len in 1..=k {
            for i in 0..=k - len {
                let j = i + len;
                // L(piles[i..j]): w = piles[i..j-1], y = piles[j-1].
                let (l, r) = (left[idx(i, j - 1)], right[idx(i, j - 1)]);
                left[idx(i, j)] = extend(l, r, piles[j - 1]);
                // R(piles[i..j]): w = piles[i+1..j], x = piles[i]; mirror image.
                let (l2, r2) = (left[idx(i + 1, j)], right[idx(i + 1, j)]);
                right[idx(i, j)] = extend(r2, l2, piles[i]);
            }
        }
        Table { k, left, right }
    }
    /// L of `piles[i..j]`.
    pub fn left(&self, i: usize, j: usize) -> u64 {
        self.left[i * (self.k + 1) + j]
    }
    /// R of `piles[i..j]`.
    pub fn right(&self, i: usize, j: usize) -> u64 {
        self.right[i * (self.k + 1) + j]
    }
}

/// L of `piles[1..]` and R of `piles[..k-1]` (the targets of the winning
/// moves), by the recurrence over sub-rows of growing length, keeping only
/// one length at a time: O(k^2) time and O(k) memory ([`Table`] holds every
/// sub-row: (k + 1)^2 pairs, gigabytes for 10,000 piles).
pub fn ends(piles: &[u64]) -> (u64, u64) {
    let k = piles.len();
    if k == 0 {
        return (0, 0);
    }
    // (L, R) of piles[i..i + len], by i; len = 0 first.
    let mut pairs = vec![(0u64, 0u64); k + 1];
    for len in 1..k {
        for i in 0..=k - len {
            let j = i + len;
            // L(piles[i..j]) from piles[i..j-1]; R(piles[i..j]) from
            // piles[i+1..j], both of length len - 1 (at i and i + 1).
            let (l, r) = pairs[i];
            let (l2, r2) = pairs[i + 1];
            pairs[i] = (extend(l, r, piles[j - 1]), extend(r2, l2, piles[i]));
        }
    }
    (pairs[1].0, pairs[0].1)
}

/// The most piles in a row within the default work limit: the outcome's
/// recurrence takes k^2 / 2 steps (5 x 10^9 here: 30,000 piles, 4.5 x
/// 10^8 steps, took 2 s, so about 22 s; it was 20,000 until the audit of
/// issue 27); `--no-limit` lifts it (memory stays O(k)).
pub const MAX_PILES: usize = 100_000;

/// The positions reachable in one move (for the engine and play).
pub fn options_of(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let k = piles.len();
    if k == 0 {
        return out;
    }
    for to in 0..piles[0] {
        let mut v = piles.to_vec();
        if to == 0 {
            v.remove(0);
        } else {
            v[0] = to;
        }
        out.push(v);
    }
    if k > 1 {
        for to in 0..piles[k - 1] {
            let mut v = piles.to_vec();
            if to == 0 {
                v.pop();
            } else {
                v[k - 1] = to;
            }
            out.push(v);
        }
    }
    out
}

impl EndNim {
    fn set(&self, first: bool, to: u64) -> Move {
        let k = self.piles.len();
        let i = if first { 0 } else { k - 1 };
        let mut v = self.piles.clone();
        if to == 0 {
            v.remove(i);
        } else {
            v[i] = to;
        }
        Move {
            label: format!(
                "take {} from the {} pile",
                self.piles[i] - to,
                if first { "leftmost" } else { "rightmost" }
            ),
            next: Box::new(EndNim { piles: v }),
        }
    }
    fn targets(&self) -> (u64, u64) {
        ends(&self.piles)
    }
}

impl Position for EndNim {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("end-nim {}", words(&self.piles))
    }
    fn outcome(&self) -> Outcome {
        if self.piles.is_empty() {
            return Outcome::P;
        }
        let (l, _) = self.targets();
        if self.piles[0] == l {
            Outcome::P
        } else {
            Outcome::N
        }
    }
    fn grundy(&self) -> Option<u64> {
        match grundy_reach(&self.piles) {
            Reach::Default => grundy_dp(&self.piles),
            Reach::Lifted | Reach::Beyond => None,
        }
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let k = self.piles.len();
        if k == 0 {
            return Ok(Vec::new());
        }
        let n = self.piles[0] as u128 + if k > 1 { self.piles[k - 1] as u128 } else { 0 };
        if n > limit as u128 {
            return Err(TooManyMoves);
        }
        let mut out: Vec<Move> = (0..self.piles[0])
            .rev()
            .map(|to| self.set(true, to))
            .collect();
        if k > 1 {
            out.extend((0..self.piles[k - 1]).rev().map(|to| self.set(false, to)));
        }
        Ok(out)
    }
    fn winning_moves(&self, limit: usize) -> Option<(Vec<Move>, u64)> {
        let k = self.piles.len();
        if k == 0 {
            return Some((Vec::new(), 0));
        }
        let (l, r) = self.targets();
        let mut moves = Vec::new();
        if l < self.piles[0] {
            moves.push(self.set(true, l));
        }
        if k > 1 && r < self.piles[k - 1] {
            moves.push(self.set(false, r));
        }
        let count = moves.len() as u64;
        moves.truncate(limit);
        Some((moves, count))
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        self.grundy()?;
        let all = self.options(super::position::OPTION_SCAN_LIMIT).ok()?;
        let mut found = Vec::new();
        let mut count = 0;
        for m in all {
            if m.next.grundy()? == target {
                count += 1;
                if found.len() < limit {
                    found.push(m);
                }
            }
        }
        Some((found, count))
    }
    fn reason(&self) -> String {
        if self.piles.is_empty() {
            return "End-Nim: no piles, no move (P-position)".into();
        }
        let (l, _) = self.targets();
        let mut r = if self.piles[0] == l {
            format!(
                "End-Nim (Albert-Nowakowski): the leftmost pile equals L(rest) = {l}, the one value that makes the row a P-position"
            )
        } else {
            format!(
                "End-Nim (Albert-Nowakowski): the leftmost pile is {}, but only L(rest) = {l} makes the row a P-position",
                self.piles[0]
            )
        };
        let (cells, steps) = work(&self.piles);
        match grundy_reach(&self.piles) {
            Reach::Default => {}
            Reach::Lifted => r.push_str(&format!(
                "; its Grundy value needs tables of {cells} cells ({steps:.1e} mex steps), over \
                 the default work limit of {limit:.0e}; `dilemma solve --no-limit` computes it \
                 (up to {HARD_CELLS} cells)",
                steps = steps as f64,
                limit = GRUNDY_WORK_LIMIT as f64,
            )),
            Reach::Beyond => r.push_str(&format!(
                "; its Grundy value needs tables of {} cells, beyond the hard bound of \
                 {HARD_CELLS} cells held in memory, even with --no-limit",
                crate::scenario::work::shown(cells)
            )),
        }
        r
    }
}

/// An End-Nim row whose Grundy value is over the default work limit,
/// computed once, at construction (`dilemma solve --no-limit`, up to
/// [`HARD_CELLS`] cells); everything else is the plain row's.
#[derive(Clone, Debug)]
pub struct EndNimLifted {
    /// The row.
    pub position: EndNim,
    /// Its Grundy value.
    pub grundy: u64,
}

impl EndNimLifted {
    /// The row with its value computed, if within [`HARD_CELLS`].
    pub fn new(position: EndNim) -> Option<Self> {
        let grundy = grundy_dp(&position.piles)?;
        Some(EndNimLifted { position, grundy })
    }
}

impl Position for EndNimLifted {
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
            "{}; Grundy value {} from the tables of its sub-rows (`--no-limit`)",
            &plain[..cut],
            self.grundy
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    #[test]
    fn end_nim_matches_brute_force() {
        let mut e = Engine::new(|p: &Vec<u64>| options_of(p));
        let mut rows: Vec<Vec<u64>> = vec![vec![]];
        let mut frontier: Vec<Vec<u64>> = vec![vec![]];
        for _ in 0..4 {
            frontier = frontier
                .iter()
                .flat_map(|r| {
                    (1..=4u64).map(move |x| {
                        let mut v = r.clone();
                        v.push(x);
                        v
                    })
                })
                .collect();
            rows.extend(frontier.iter().cloned());
        }
        let mut checked = 0;
        for row in rows {
            let pos = EndNim { piles: row.clone() };
            let g = e.grundy(&row).unwrap();
            assert_eq!(pos.outcome(), Outcome::from_grundy(g), "{row:?}");
            assert_eq!(pos.grundy(), Some(g));
            let (moves, count) = pos.winning_moves(10).unwrap();
            let brute = e.moves_to_value(&row, 0).unwrap();
            assert_eq!(count as usize, brute.len(), "{row:?}");
            for m in moves {
                assert_eq!(m.next.outcome(), Outcome::P);
            }
            checked += 1;
        }
        assert!(checked > 300);
    }

    #[test]
    fn the_work_counts_every_cell_and_option() {
        for row in [
            vec![3u64, 1, 2],
            vec![2, 2, 2, 2],
            vec![4, 1, 3, 2, 5],
            vec![7, 9],
        ] {
            let k = row.len();
            let (mut cells, mut steps) = (0u128, 0u128);
            for i in 0..k {
                for j in i + 2..k {
                    for x in 1..=row[i] {
                        for y in 1..=row[j] {
                            cells += 1;
                            steps += (x + y) as u128;
                        }
                    }
                }
            }
            assert_eq!(work(&row), (cells, steps), "{row:?}");
        }
        // Huge piles: exact where it fits, saturated (never wrapped) where not.
        let (cells, steps) = work(&[u64::MAX; 3]);
        assert_eq!(cells, (u64::MAX as u128).pow(2));
        assert_eq!(steps, u128::MAX);
        assert_eq!(grundy_reach(&[u64::MAX; 3]), Reach::Beyond);
    }

    #[test]
    fn the_tables_agree_with_the_engine_on_longer_rows() {
        // Rows of 3 to 6 piles of up to 6, pseudo-random, and huge middles.
        let mut e = Engine::new(|p: &Vec<u64>| options_of(p));
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..150 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = 3 + (x % 4) as usize;
            let row: Vec<u64> = (0..k).map(|i| 1 + (x >> (8 + 3 * i)) % 6).collect();
            assert_eq!(grundy_dp(&row), Some(e.grundy(&row).unwrap()), "{row:?}");
        }
        let mid = EndNim {
            piles: vec![3, u64::MAX, 2],
        };
        assert_eq!(grundy_reach(&mid.piles), Reach::Default);
        assert!(mid.grundy().is_some());
    }

    #[test]
    fn two_piles_are_nim_and_big_rows_need_the_lift() {
        let mut e = Engine::new(|p: &Vec<u64>| options_of(p));
        for a in 1..=12u64 {
            for b in 1..=12u64 {
                assert_eq!(e.grundy(&vec![a, b]).unwrap(), a ^ b, "{a} {b}");
            }
        }
        // Past the old product bound of 200,000, yet cheap: computed.
        let many = EndNim { piles: vec![3; 12] };
        assert_eq!(grundy_reach(&many.piles), Reach::Default);
        assert!(many.grundy().is_some());
        // Two huge piles: Nim.
        let two = EndNim {
            piles: vec![u64::MAX, 12345],
        };
        assert_eq!(two.grundy(), Some(u64::MAX ^ 12345));
        // Over the work limit (1.25 x 10^11 mex steps, some two minutes):
        // not computed by default, named in the reason.
        let big = EndNim {
            piles: vec![5000, 1, 5000],
        };
        assert_eq!(grundy_reach(&big.piles), Reach::Lifted);
        assert_eq!(big.grundy(), None);
        let r = big.reason();
        assert!(
            r.contains("default work limit") && r.contains("--no-limit"),
            "{r}"
        );
        // Beyond the hard bound: named, even with --no-limit.
        let huge = EndNim {
            piles: vec![100_000, 1, 100_000],
        };
        assert_eq!(grundy_reach(&huge.piles), Reach::Beyond);
        assert!(EndNimLifted::new(huge.clone()).is_none());
        assert!(huge.reason().contains("even with --no-limit"));
    }

    #[test]
    fn a_lifted_row_has_a_value_that_agrees_with_its_outcome() {
        // Computed when lifted (the same table as by default: over the old
        // limit of 5 x 10^7 mex steps, within the one of the audit of issue
        // 27; a row over it takes minutes in a debug build); the outcome
        // comes from the Albert-Nowakowski closed form, independently.
        let row = vec![380, 1, 380];
        let plain = EndNim { piles: row.clone() };
        assert_eq!(grundy_reach(&row), Reach::Default, "{row:?}");
        let lifted = EndNimLifted::new(plain.clone()).unwrap();
        let g = lifted.grundy().unwrap();
        assert_eq!(Some(g), plain.grundy(), "{row:?}");
        assert_eq!(Outcome::from_grundy(g), plain.outcome(), "{row:?}");
        assert!(lifted.reason().contains("Grundy value"));
    }

    #[test]
    fn the_ends_agree_with_the_full_table() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = 1 + (x % 9) as usize;
            let row: Vec<u64> = (0..k).map(|i| 1 + (x >> (5 * i)) % 9).collect();
            let t = Table::new(&row);
            assert_eq!(ends(&row), (t.left(1, k), t.right(0, k - 1)), "{row:?}");
        }
    }

    #[test]
    fn xor_is_wrong_for_end_nim() {
        // 1 2 3 has XOR 0 but the first player wins End-Nim.
        assert_eq!(
            EndNim {
                piles: vec![1, 2, 3]
            }
            .outcome(),
            Outcome::N
        );
    }
}
