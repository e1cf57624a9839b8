//! Octal games (Guy and Smith 1956; Winning Ways ch. 4): heaps of tokens;
//! the code d0.d1d2d3... says, for each k, how k tokens may be removed from
//! one heap: bit 1 of d_k = remove the whole heap (it had exactly k tokens),
//! bit 2 = leave one non-empty heap, bit 4 = leave two non-empty heaps.
//! d0 may only be 0 or 4 (splitting without removing). Kayles is 0.77,
//! Dawson's Kayles 0.07, Dawson's Chess 0.137.
//!
//! Values are computed by the *sparse space* ("rare values") method of
//! Gangolli and Plambeck (1989, "A note on periodicity in some octal games",
//! IJGT 18) and Winning Ways: pick a mask M so that few heaps have a value of
//! even parity under M ("rare"); the rest are "common". Rare values form a
//! subspace and common values its coset, so XOR of two commons is rare, XOR of
//! a rare and a common is common. Hence every *common* value reachable from a
//! heap comes from a split with exactly one rare part: scanning the (few) rare
//! heaps finds them all, which gives the least common value not reachable, c.
//! Only the rare values below c must still be checked against common-common
//! splits, and such a check stops at its first witness; a full scan happens
//! only when a rare value is really missing, i.e. at the (few) rare heaps.
//! The method is exact for any mask (M = 0 degenerates to the plain O(n^2)
//! mex); only its speed depends on the sparsity.
//!
//! Periods are proven with the Guy-Smith theorem ([`super::period`]).

use super::error::ImpartialError;
use super::mex::MexScratch;
use super::period::{Periodicity, find_certified, octal_needs};
use super::position::{Move, OPTION_SCAN_LIMIT, Outcome, Position, TooManyMoves, words};
use std::sync::Arc;

/// A parsed octal code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OctalCode {
    /// d_0, d_1, ... (trailing zeros removed).
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `0.77`, `.07`, `4.0`, ...
    pub fn parse(code: &str) -> Result<Self, ImpartialError> {
        let bad = |message: &str| ImpartialError::BadOctalCode {
            code: code.to_string(),
            message: message.to_string(),
        };
        let (head, tail) = code
            .split_once('.')
            .ok_or_else(|| bad("no '.' (write 0.77, not 77)"))?;
        let d0 = match head {
            "" | "0" => 0,
            "4" => 4,
            _ => return Err(bad("the digit before '.' must be 0 or 4")),
        };
        if tail.is_empty() {
            return Err(bad("no digits after '.'"));
        }
        if tail.len() > 32 {
            return Err(bad("more than 32 digits after '.'"));
        }
        let mut digits = vec![d0];
        for c in tail.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => return Err(bad(&format!("'{c}' is not an octal digit"))),
            }
        }
        while digits.len() > 1 && *digits.last().expect("non-empty") == 0 {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }
    /// The code as text, e.g. `0.77`.
    pub fn text(&self) -> String {
        let tail: String = self.digits[1..]
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        format!(
            "{}.{}",
            self.digits[0],
            if tail.is_empty() { "0".into() } else { tail }
        )
    }
    /// t: the largest number of tokens a move may remove.
    pub fn max_take(&self) -> u64 {
        (self.digits.len() - 1) as u64
    }
    /// Every option of heap n, as (tokens removed, heaps left).
    pub fn options(&self, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut out = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            if d & 1 != 0 && n == k {
                out.push((k, vec![]));
            }
            if d & 2 != 0 && n > k {
                out.push((k, vec![n - k]));
            }
            if d & 4 != 0 && n >= k + 2 {
                let m = n - k;
                for a in 1..=m / 2 {
                    out.push((k, vec![a, m - a]));
                }
            }
        }
        out
    }
}

/// Named codes.
pub fn named_code(name: &str) -> Option<&'static str> {
    match name {
        "kayles" => Some("0.77"),
        "dawsons-kayles" => Some("0.07"),
        "dawsons-chess" => Some("0.137"),
        _ => None,
    }
}

/// Plain mex over every option: O(n^2) to n. The reference for tests.
pub fn values_naive(code: &OctalCode, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut s = MexScratch::default();
    for n in 0..len as u64 {
        s.clear();
        for (_, heaps) in code.options(n) {
            s.mark(heaps.iter().fold(0u64, |x, &h| x ^ g[h as usize] as u64));
        }
        g.push(s.mex() as u32);
    }
    g
}

/// Incremental sparse-space computation of octal Grundy values.
pub struct SparseValues {
    /// (k, bits) for every non-zero digit.
    rules: Vec<(usize, u8)>,
    /// g(0 .. len).
    pub values: Vec<u32>,
    /// Heaps whose value has even parity under `mask`.
    rare: Vec<usize>,
    mask: u32,
    scratch: MexScratch,
    /// Naive prefix length after which the mask is chosen.
    warmup: usize,
    /// Split evaluations made so far (pairs of heaps XORed, by either
    /// method): the search's own cost, which a budget can bound.
    pub work: u64,
}

impl SparseValues {
    /// Starts at heap 0.
    pub fn new(code: &OctalCode) -> Self {
        SparseValues {
            rules: code
                .digits
                .iter()
                .enumerate()
                .filter(|(_, d)| **d != 0)
                .map(|(k, &d)| (k, d))
                .collect(),
            values: Vec::new(),
            rare: Vec::new(),
            mask: 0,
            scratch: MexScratch::default(),
            warmup: 2048,
            work: 0,
        }
    }

    /// The mask in use (0 until chosen).
    pub fn mask(&self) -> u32 {
        self.mask
    }

    fn is_rare(&self, v: u32) -> bool {
        (v & self.mask).count_ones() % 2 == 0
    }

    /// Chooses the mask that makes the fewest heaps rare among the second
    /// half of the values so far, then rebuilds the rare list.
    fn choose_mask(&mut self) {
        let max = self.values.iter().copied().max().unwrap_or(0);
        let bits = 32 - max.leading_zeros();
        let tail = &self.values[self.values.len() / 2..];
        let mut best = (usize::MAX, 0u32);
        if bits <= 12 {
            for mask in 0..(1u32 << bits) {
                let rare = tail
                    .iter()
                    .filter(|&&v| (v & mask).count_ones() % 2 == 0)
                    .count();
                if rare < best.0 {
                    best = (rare, mask);
                }
            }
        }
        self.mask = best.1;
        self.rare = (0..self.values.len())
            .filter(|&i| self.is_rare(self.values[i]))
            .collect();
    }

    /// Extends the values to `len`.
    pub fn extend_to(&mut self, len: usize) {
        self.extend_within(len, u64::MAX);
    }

    /// Extends the values towards `len` while at most `budget` split
    /// evaluations have been made in all ([`SparseValues::work`]); true
    /// when `len` values are there. The values are the same as
    /// [`SparseValues::extend_to`]'s: only where it stops differs.
    pub fn extend_within(&mut self, len: usize, budget: u64) -> bool {
        while self.values.len() < len {
            if self.work > budget {
                return false;
            }
            let n = self.values.len();
            if n == self.warmup {
                self.choose_mask();
            }
            // Mask 0 makes every value rare: the sparse scan would look for a
            // common value that does not exist (an endless loop); it is the
            // plain mex then.
            let g = if n < self.warmup || self.mask == 0 {
                self.naive_next(n)
            } else {
                self.sparse_next(n)
            };
            self.values.push(g);
            if n >= self.warmup && self.is_rare(g) {
                self.rare.push(n);
            }
        }
        true
    }

    fn naive_next(&mut self, n: usize) -> u32 {
        let g = &self.values;
        self.scratch.clear();
        for &(k, d) in &self.rules {
            if k > n {
                break;
            }
            if d & 1 != 0 && n == k {
                self.scratch.mark(0);
            }
            if d & 2 != 0 && n > k {
                self.scratch.mark(g[n - k] as u64);
            }
            if d & 4 != 0 && n >= k + 2 {
                let m = n - k;
                self.work += (m / 2) as u64;
                for a in 1..=m / 2 {
                    self.scratch.mark((g[a] ^ g[m - a]) as u64);
                }
            }
        }
        self.scratch.mex() as u32
    }

    fn sparse_next(&mut self, n: usize) -> u32 {
        let g = &self.values;
        self.scratch.clear();
        for &(k, d) in &self.rules {
            if k > n {
                break;
            }
            if d & 1 != 0 && n == k {
                self.scratch.mark(0);
            }
            if d & 2 != 0 && n > k {
                self.scratch.mark(g[n - k] as u64);
            }
            if d & 4 != 0 && n >= k + 2 {
                // Every split with at least one rare part.
                let m = n - k;
                let below = self.rare.partition_point(|&r| r < m);
                self.work += below as u64;
                for &r in &self.rare[..below] {
                    if r >= 1 {
                        self.scratch.mark((g[r] ^ g[m - r]) as u64);
                    }
                }
            }
        }
        let split_sizes: Vec<usize> = self
            .rules
            .iter()
            .filter(|&&(k, d)| d & 4 != 0 && n >= k + 2)
            .map(|&(k, _)| n - k)
            .collect();
        let max_half = split_sizes.iter().map(|m| m / 2).max().unwrap_or(0);
        // c: the least common value not reached (all common values reachable
        // have been marked).
        let mut c = 0u32;
        while self.is_rare(c) || self.scratch.contains(c as u64) {
            c += 1;
        }
        // Rare values below c: reached by a rare-rare split (marked), a
        // one-heap move (marked), or a common-common split (search).
        for v in 0..c {
            if !self.is_rare(v) || self.scratch.contains(v as u64) {
                continue;
            }
            // Scan splits by their smaller part across every rule at once, so
            // the first witness (whatever the rule) ends the search.
            let mut found = false;
            let mut a = 1;
            'scan: while a <= max_half {
                for &m in &split_sizes {
                    if a <= m / 2 && g[a] ^ g[m - a] == v {
                        found = true;
                        break 'scan;
                    }
                }
                a += 1;
            }
            self.work += (a * split_sizes.len()) as u64;
            if !found {
                return v;
            }
        }
        c
    }
}

/// An octal game with its values and, if found, its proven period.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The code.
    pub code: OctalCode,
    /// g(0 .. values.len()).
    pub values: Vec<u32>,
    /// The proven period, if one was found within the search bound.
    pub periodicity: Option<Periodicity>,
    /// Split evaluations made to compute the values ([`SparseValues::work`]).
    pub work: u64,
}

impl Analysis {
    /// Computes values (doubling the range) until the Guy-Smith test proves
    /// a period or `max_values` values have been computed.
    pub fn new(code: OctalCode, max_values: u64) -> Self {
        Self::new_within_work(code, max_values, u64::MAX)
    }

    /// As [`Analysis::new`], but the search also stops (no period) once it
    /// has made more than `budget` split evaluations ([`SparseValues::work`])
    /// before its next check. The checks are at the same lengths, so a
    /// period found is the very one [`Analysis::new`] finds.
    pub fn new_within_work(code: OctalCode, max_values: u64, budget: u64) -> Self {
        let mut sv = SparseValues::new(&code);
        let needs = octal_needs(code.max_take());
        let mut len = 256u64.min(max_values.max(1));
        loop {
            if !sv.extend_within(len as usize, budget) {
                return Analysis {
                    code,
                    work: sv.work,
                    values: sv.values,
                    periodicity: None,
                };
            }
            if let Some(p) = find_certified(&sv.values, &needs) {
                return Analysis {
                    code,
                    work: sv.work,
                    values: sv.values,
                    periodicity: Some(p),
                };
            }
            if len >= max_values {
                return Analysis {
                    code,
                    work: sv.work,
                    values: sv.values,
                    periodicity: None,
                };
            }
            len = (len * 2).min(max_values);
        }
    }
    /// g(n), if known (computed or implied by the proven period).
    pub fn grundy(&self, n: u64) -> Option<u64> {
        if (n as u128) < self.values.len() as u128 {
            return Some(self.values[n as usize] as u64);
        }
        let p = self.periodicity?;
        Some(self.values[p.reduce(n) as usize] as u64)
    }
}

/// The largest [`direct_reach`]: heaps beyond it are never computed
/// without counting the work (a period from the short search, or
/// [`budgeted_analysis`] within the work limit).
pub const DIRECT_LIMIT: u64 = 1 << 20;
/// The largest heap computed directly even with `--no-limit`: the values are
/// held in memory (4 bytes each, with the sparse method's rare heaps up to
/// 12: at most 1.2 GB here; the same bound as a table's rows,
/// `table::HARD_HEAP_TABLE`).
pub const HARD_DIRECT_LIMIT: u64 = 100_000_000;

/// Most split evaluations spent computing values directly when no period
/// is proven (the default work limit): the split evaluations really made
/// are counted and the computation stops at this limit
/// ([`budgeted_analysis`]), whatever the worst case (the plain mex, k n^2
/// / 4 for k splitting digits, which decides only [`direct_reach`]: where
/// the short period search comes first). The sparse method is usually far faster than
/// the worst case, but not always (its search for rare values can cost
/// more: 0.345 to 200,000 makes 4.8 x 10^10 split evaluations where the
/// plain mex makes 2 x 10^10). Measured at 3 to 8 x 10^8 split evaluations
/// a second (release build, one core), so 30 s to a minute.
pub const DIRECT_WORK_LIMIT: f64 = 2.5e10;

/// [`DIRECT_WORK_LIMIT`] as a count of split evaluations: the budget of
/// [`budgeted_analysis`] for every caller. In a debug build only, the
/// environment variable `DILEMMA_TEST_OCTAL_BUDGET` replaces it, so the
/// command-line tests can show a computation stopped at its limit in a
/// moment (as `DILEMMA_TEST_PANIC` triggers the panic hook).
pub fn direct_work_limit() -> u64 {
    #[cfg(debug_assertions)]
    if let Some(budget) = std::env::var("DILEMMA_TEST_OCTAL_BUDGET")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return budget;
    }
    DIRECT_WORK_LIMIT as u64
}

fn splitting_digits(code: &OctalCode) -> f64 {
    code.digits.iter().filter(|&&d| d & 4 != 0).count() as f64
}

/// Worst-case split evaluations of g(0..=heap).
pub fn direct_work(code: &OctalCode, heap: u64) -> f64 {
    let n = heap as f64 + 1.0;
    splitting_digits(code) * n * n / 4.0
}

/// The largest heap whose worst case (the plain mex) is within
/// [`DIRECT_WORK_LIMIT`]: up to it the values are computed directly (the
/// work counted all the same); beyond it a heap is not refused up front:
/// the short period search comes first, then [`budgeted_analysis`]
/// computes the values directly while the split evaluations it really
/// makes stay within the limit.
pub fn direct_reach(code: &OctalCode) -> u64 {
    let k = splitting_digits(code);
    let by_work = if k == 0.0 {
        u64::MAX
    } else {
        ((4.0 * DIRECT_WORK_LIMIT / k).sqrt() as u64).saturating_sub(1)
    };
    by_work.min(DIRECT_LIMIT - 1)
}

/// The most values [`budgeted_analysis`] computes by default (past direct
/// reach, within the work limit): 40 MB of values and at most 80 MB of
/// rare heaps; a heap beyond it needs a period proven within these values
/// (`--no-limit` computes directly up to [`HARD_DIRECT_LIMIT`]). The same
/// bound as a table's default rows (`table::MAX_HEAP_TABLE`).
pub const DEFAULT_DIRECT_VALUES: u64 = 10_000_001;

/// The values computed directly with the work counted (past direct reach
/// when the short period search proves no period, and within it by
/// default), the period checked as they grow (the same
/// checks as [`Analysis::new`]), while the split evaluations really made
/// ([`SparseValues::work`]) stay within `budget` ([`DIRECT_WORK_LIMIT`] by
/// default): to [`search_bound`] for `biggest`, at most
/// [`DEFAULT_DIRECT_VALUES`]. The true work of a code is only known by
/// computing it (0.16 proves its period 149459 on 524288 values in a
/// fraction of a second, where the worst case is 9 x 10^10 split
/// evaluations), so this starts within the limit and stops at it: heap
/// `biggest` is answered when [`Analysis::grundy`] has it, else
/// [`budget_refusal`] says where it stopped.
pub fn budgeted_analysis(code: &OctalCode, biggest: u64, budget: u64) -> Analysis {
    let bound = search_bound(code, biggest).min(DEFAULT_DIRECT_VALUES);
    Analysis::new_within_work(code.clone(), bound, budget)
}

/// The refusal of heap `biggest` (a position's largest heap, or a table's
/// N, named by `what`) when [`budgeted_analysis`] `a` did not reach it:
/// stopped at the work limit `budget`, or at [`DEFAULT_DIRECT_VALUES`]
/// without a period. Lifted by `--no-limit`.
pub fn budget_refusal(a: &Analysis, biggest: u64, budget: u64, what: String) -> ImpartialError {
    let computed = a.values.len() as u64;
    if biggest > HARD_DIRECT_LIMIT {
        // Lifting the limit would not help: a hard bound, named.
        return ImpartialError::OutOfRange {
            what: format!(
                "{what} (no period proven within {computed} values, and g(0..=N) directly \
                 holds every value in memory)"
            ),
            value: biggest.to_string(),
            allowed: format!("0 to {HARD_DIRECT_LIMIT}, even with --no-limit"),
        };
    }
    let why = if a.work > budget {
        format!(
            "stopped at the default work limit of {:.1e} split evaluations: g(0..={}) computed \
             directly ({:.1e} split evaluations) and no period proven",
            budget as f64,
            computed.saturating_sub(1),
            a.work as f64
        )
    } else {
        format!(
            "no period proven within {computed} values, the most computed by default (a heap \
             beyond them needs a proven period)"
        )
    };
    ImpartialError::OverWorkLimit {
        what: format!("{what} (too much work: {why})"),
        value: biggest.to_string(),
        allowed: format!(
            "heaps whose values are computed within the default work limit (the work is \
             counted as the values are computed); `--no-limit` (on `dilemma solve` or `dilemma \
             run`) computes them directly up to {HARD_DIRECT_LIMIT}"
        ),
    }
}

/// Default search bound for the period.
pub const DEFAULT_SEARCH: u64 = 1 << 16;

/// Work allowed for the optional period search beyond the heaps asked about,
/// in split evaluations of the plain mex (about 20 ms).
pub const PERIOD_SEARCH_WORK: u64 = 1 << 24;

/// The work budget of the period search for a heap beyond direct reach, in
/// split evaluations really made (counted, [`SparseValues::work`]):
/// [`PERIOD_SEARCH_WORK`], the small heaps' extra search, some 20 ms (well
/// under a second in a debug build). A code whose values are sparse goes on to
/// [`large_heap_search`] values within it (the classic codes prove their
/// periods within a few hundred); one whose values are not (a long code
/// like 0.7777777777777777777777, whose values grow with the heap) stops
/// after some 1,800 values, where its refusal is decided, instead of
/// spending the worst case (16 times [`PERIOD_SEARCH_WORK`], 37 s in a debug
/// build) first.
pub const LARGE_HEAP_SEARCH_WORK: u64 = PERIOD_SEARCH_WORK;

/// The period search for a heap beyond direct reach: at most `max_values`
/// values and [`LARGE_HEAP_SEARCH_WORK`] split evaluations.
pub fn large_heap_analysis(code: &OctalCode, max_values: u64) -> Analysis {
    Analysis::new_within_work(code.clone(), max_values, LARGE_HEAP_SEARCH_WORK)
}

/// How far to search for a period when the heap is beyond direct reach:
/// up to 16 times [`PERIOD_SEARCH_WORK`] (about a quarter second) in the
/// worst case, at most [`DEFAULT_SEARCH`] values (and within
/// [`LARGE_HEAP_SEARCH_WORK`] of work really done).
pub fn large_heap_search(code: &OctalCode) -> u64 {
    let splits = code.digits.iter().filter(|&&d| d & 4 != 0).count() as u64;
    (64 * PERIOD_SEARCH_WORK)
        .checked_div(splits)
        .map_or(DEFAULT_SEARCH, |w| (w as f64).sqrt() as u64)
        .min(DEFAULT_SEARCH)
}

/// How many values to compute for heaps up to `biggest`: g(0..=biggest) is
/// always needed; beyond that the search for a period goes on only while its
/// worst-case cost (the plain mex: about k n^2 / 4 split evaluations for k
/// splitting digits) stays within [`PERIOD_SEARCH_WORK`], and never past
/// [`DEFAULT_SEARCH`]. So a small heap is instant whatever the code's length
/// (`octal 10 --code 0.7777777777777777777777` computes 11 values and a few
/// thousand more at most), and the classic codes still get their period.
pub fn search_bound(code: &OctalCode, biggest: u64) -> u64 {
    let splits = code.digits.iter().filter(|&&d| d & 4 != 0).count() as u64;
    let affordable = (4 * PERIOD_SEARCH_WORK)
        .checked_div(splits)
        .map_or(DEFAULT_SEARCH, |work| (work as f64).sqrt() as u64);
    biggest
        .saturating_add(1)
        .max(affordable.min(DEFAULT_SEARCH))
}

/// Whether the short period search `short` ([`large_heap_analysis`] to
/// [`large_heap_search`] values) is the very analysis a heap of `biggest`
/// within direct reach computes ([`Analysis::new`] to [`search_bound`]
/// values): it proved the period at a length that computation checks too
/// (the checks double from 256), so the same period, on the same values.
pub fn short_search_reused(short: &Analysis, biggest: u64) -> bool {
    let len = short.values.len() as u64;
    short.periodicity.is_some()
        && len.is_power_of_two()
        && len >= 256
        && len <= search_bound(&short.code, biggest)
}

/// A position of an octal game: several heaps.
#[derive(Clone, Debug)]
pub struct Octal {
    /// The heaps.
    pub heaps: Vec<u64>,
    /// The game, shared.
    pub game: Arc<Analysis>,
}

impl Octal {
    /// Builds a position, computing values far enough for every heap;
    /// errors if a heap is too large and no period is proven.
    pub fn new(heaps: Vec<u64>, code: OctalCode) -> Result<Self, ImpartialError> {
        Self::new_within(heaps, code, false)
    }

    /// As [`Octal::new`]; `no_limit` lifts the default work limit (the
    /// direct reach) and computes g(0..=N) directly when no period is
    /// proven, up to the hard memory bound [`HARD_DIRECT_LIMIT`].
    pub fn new_within(
        heaps: Vec<u64>,
        code: OctalCode,
        no_limit: bool,
    ) -> Result<Self, ImpartialError> {
        Self::new_kept(heaps, code, no_limit, None)
    }

    /// As [`Octal::new_within`], with the code's short period search
    /// already made (`short`: [`large_heap_analysis`] to
    /// [`large_heap_search`] values, as a work estimate made it; see
    /// [`short_search_reused`]), which is used instead of computing again
    /// wherever it is what would be computed: always for a heap beyond
    /// direct reach, and for one within reach when it proves the period at
    /// a length the direct computation checks too.
    pub fn new_kept(
        heaps: Vec<u64>,
        code: OctalCode,
        no_limit: bool,
        short: Option<Arc<Analysis>>,
    ) -> Result<Self, ImpartialError> {
        Self::new_budgeted(heaps, code, no_limit, short, direct_work_limit())
    }

    /// As [`Octal::new_kept`], with the work limit of the direct
    /// computation past direct reach ([`budgeted_analysis`]) as `budget`
    /// split evaluations ([`DIRECT_WORK_LIMIT`] for every caller but
    /// tests). `short` may be such a budgeted analysis already made (kept
    /// by `catalogue::position_work`): it is used when it reaches the
    /// largest heap.
    pub fn new_budgeted(
        heaps: Vec<u64>,
        code: OctalCode,
        no_limit: bool,
        short: Option<Arc<Analysis>>,
        budget: u64,
    ) -> Result<Self, ImpartialError> {
        let biggest = heaps.iter().copied().max().unwrap_or(0);
        // Heaps within reach are computed directly (plus an affordable search
        // for a period); beyond it a period from the short search, else the
        // values computed directly while the work stays within the limit
        // (or, lifted, computed directly up to the hard memory bound).
        let reach = direct_reach(&code);
        let direct = biggest <= reach || (no_limit && biggest <= HARD_DIRECT_LIMIT);
        let mut analysis = match short {
            Some(a) if !direct || short_search_reused(&a, biggest) => a,
            _ if direct && no_limit => {
                Arc::new(Analysis::new(code.clone(), search_bound(&code, biggest)))
            }
            // Within reach by the worst case, but the work is counted all
            // the same (the sparse method's search for rare values can cost
            // more than the plain mex): the same values and checks as
            // `Analysis::new`, stopped at the limit.
            _ if direct => Arc::new(budgeted_analysis(&code, biggest, budget)),
            _ => Arc::new(large_heap_analysis(&code, large_heap_search(&code))),
        };
        if analysis.grundy(biggest).is_none() && !direct && !no_limit {
            // Past direct reach without a period from the short search (or
            // a budgeted analysis kept for a smaller heap): computed
            // directly, within the work limit.
            analysis = Arc::new(budgeted_analysis(&code, biggest, budget));
        }
        if analysis.grundy(biggest).is_none() {
            return Err(budget_refusal(
                &analysis,
                biggest,
                budget,
                format!("heap for octal game {}", code.text()),
            ));
        }
        Ok(Octal {
            heaps,
            game: analysis,
        })
    }

    fn value(&self) -> u64 {
        self.heaps.iter().fold(0, |x, &h| {
            x ^ self.game.grundy(h).expect("checked at construction")
        })
    }

    fn heap_moves(&self, i: usize) -> Vec<Move> {
        let n = self.heaps[i];
        self.game
            .code
            .options(n)
            .into_iter()
            .map(|(k, left)| self.make_move(i, k, &left))
            .collect()
    }

    /// The move that takes `k` tokens from heap `i`, leaving `left`.
    fn make_move(&self, i: usize, k: u64, left: &[u64]) -> Move {
        let n = self.heaps[i];
        let mut heaps = self.heaps.clone();
        heaps.remove(i);
        for (j, &h) in left.iter().enumerate() {
            heaps.insert(i + j, h);
        }
        let label = match left.len() {
            0 => format!("remove heap {} ({k} tokens)", i + 1),
            1 => format!("remove {k} from heap {} (size {n})", i + 1),
            _ => format!(
                "remove {k} from heap {} (size {n}), splitting it into {} and {}",
                i + 1,
                left[0],
                left[1]
            ),
        };
        Move {
            label,
            next: Box::new(Octal {
                heaps,
                game: self.game.clone(),
            }),
        }
    }

    /// Calls `visit(heap, k, left, value)` for every option in the order of
    /// [`OctalCode::options`], heap by heap, with the option's Grundy value,
    /// without building it; stops when `visit` returns false.
    fn scan(&self, mut visit: impl FnMut(usize, u64, &[u64], u64) -> bool) {
        let g = |h: u64| self.game.grundy(h).expect("checked at construction");
        let total = self.value();
        for (i, &n) in self.heaps.iter().enumerate() {
            let others = total ^ g(n);
            for (k, &d) in self.game.code.digits.iter().enumerate() {
                let k = k as u64;
                if k > n {
                    break;
                }
                if d & 1 != 0 && n == k && !visit(i, k, &[], others) {
                    return;
                }
                if d & 2 != 0 && n > k && !visit(i, k, &[n - k], others ^ g(n - k)) {
                    return;
                }
                if d & 4 != 0 && n >= k + 2 {
                    let m = n - k;
                    for a in 1..=m / 2 {
                        if !visit(i, k, &[a, m - a], others ^ g(a) ^ g(m - a)) {
                            return;
                        }
                    }
                }
            }
        }
    }

    fn option_count_bound(&self) -> u128 {
        self.heaps
            .iter()
            .map(|&h| h as u128 * self.game.code.digits.len() as u128)
            .sum()
    }
}

impl Position for Octal {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!(
            "octal {} --code {}",
            words(&self.heaps),
            self.game.code.text()
        )
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.value())
    }
    fn grundy(&self) -> Option<u64> {
        Some(self.value())
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        if self.option_count_bound() > 4 * limit as u128 {
            return Err(TooManyMoves);
        }
        let mut out = Vec::new();
        for i in 0..self.heaps.len() {
            out.extend(self.heap_moves(i));
            if out.len() > limit {
                return Err(TooManyMoves);
            }
        }
        Ok(out)
    }
    /// Streams the options, building only the (at most `limit`) moves
    /// returned: Kayles 10^6 held every option (about 285 bytes per token).
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        if self.option_count_bound() > 4 * OPTION_SCAN_LIMIT as u128 {
            return None;
        }
        let mut found = Vec::new();
        let mut count = 0u64;
        self.scan(|i, k, left, value| {
            if value == target {
                count += 1;
                if found.len() < limit {
                    found.push(self.make_move(i, k, left));
                }
            }
            true
        });
        Some((found, count))
    }
    fn reason(&self) -> String {
        let vals: Vec<String> = self
            .heaps
            .iter()
            .map(|&h| self.game.grundy(h).unwrap_or(0).to_string())
            .collect();
        let per = match self.game.periodicity {
            Some(p) => format!(
                "values periodic with period {} from n = {} (Guy-Smith, proven on {} values)",
                p.period, p.preperiod, p.checked
            ),
            None => format!("values computed directly to {}", self.game.values.len()),
        };
        let x = self.value();
        format!(
            "octal {}: {per}; heap values {} XOR to {x}{}",
            self.game.code.text(),
            vals.join(" ^ "),
            if x == 0 { " (P-position)" } else { ", not 0" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    fn code(c: &str) -> OctalCode {
        OctalCode::parse(c).unwrap()
    }

    #[test]
    fn naive_matches_engine_on_multisets() {
        // Positions are sorted heap lists; moves from the code.
        for c in ["0.77", "0.07", "0.137", "0.16", "4.07", "0.6"] {
            let oc = code(c);
            let oc2 = oc.clone();
            let mut e = Engine::new(move |hs: &Vec<u64>| {
                let mut out = Vec::new();
                for i in 0..hs.len() {
                    for (_, left) in oc2.options(hs[i]) {
                        let mut v = hs.clone();
                        v.remove(i);
                        v.extend(left);
                        v.sort_unstable();
                        out.push(v);
                    }
                }
                out
            });
            let naive = values_naive(&oc, 22);
            for n in 0..22u64 {
                assert_eq!(
                    e.grundy(&vec![n]).unwrap(),
                    naive[n as usize] as u64,
                    "{c} heap {n}"
                );
            }
        }
    }

    #[test]
    fn sparse_matches_naive() {
        for c in ["0.77", "0.07", "0.137", "0.16", "0.6", "0.51", "4.07"] {
            let oc = code(c);
            let mut sv = SparseValues::new(&oc);
            sv.warmup = 32;
            sv.extend_to(700);
            assert_eq!(sv.values, values_naive(&oc, 700), "{c}");
        }
    }

    #[test]
    fn kayles_period_12_from_71() {
        let a = Analysis::new(code("0.77"), 1 << 12);
        let p = a.periodicity.unwrap();
        assert_eq!((p.period, p.preperiod), (12, 71));
    }

    #[test]
    fn dawsons_kayles_period_34() {
        let a = Analysis::new(code("0.07"), 1 << 12);
        let p = a.periodicity.unwrap();
        assert_eq!(p.period, 34);
        // Dawson's Kayles: last exception at n = 51 (Winning Ways), so the
        // values repeat from 53 onwards (our heap n = Dawson's Chess n - 1).
        assert_eq!(p.preperiod, 53);
        // Dawson's Chess 0.137 is Dawson's Kayles shifted by one heap.
        let c = Analysis::new(code("0.137"), 1 << 12);
        assert_eq!(c.periodicity.unwrap().period, 34);
        for n in 0..2000u64 {
            assert_eq!(c.grundy(n), a.grundy(n + 1), "heap {n}");
        }
    }

    #[test]
    fn long_codes_compute_only_what_a_small_heap_needs() {
        // Regression: the period search ran to 65 536 values (hours for a
        // long code) although heap 10 needs g(0..=10).
        let long = code("0.7777777777777777777777");
        let bound = search_bound(&long, 10);
        assert!(bound < 2_000, "{bound}");
        let p = Octal::new(vec![10], long.clone()).unwrap();
        let naive = values_naive(&long, 11);
        assert_eq!(p.grundy(), Some(naive[10] as u64));
        // Every heap up to 10 agrees with the plain mex.
        for h in 0..=10u64 {
            let q = Octal::new(vec![h], long.clone()).unwrap();
            assert_eq!(q.grundy(), Some(naive[h as usize] as u64), "heap {h}");
        }
        // A large heap of a long code is beyond direct reach: after a short
        // period search, its values are computed while the work stays within
        // the limit, then refused where it stopped (a small budget here).
        assert!(direct_reach(&long) < 100_000);
        let refused =
            Octal::new_budgeted(vec![100_000], long.clone(), false, None, 30_000_000).unwrap_err();
        assert!(refused.is_work_limit(), "{refused}");
        let text = refused.to_string();
        assert!(
            text.contains("stopped at the default work limit of 3.0e7"),
            "{text}"
        );
        assert!(text.contains("--no-limit"), "{text}");
        // Within reach the work is counted too (the same values as
        // `Analysis::new`, stopped at the limit).
        let within = Octal::new_budgeted(vec![5_000], long.clone(), false, None, 1_000_000);
        assert!(within.unwrap_err().is_work_limit());
        let lifted = Octal::new_budgeted(vec![2_000], long.clone(), true, None, 1);
        assert_eq!(
            lifted.unwrap().grundy(),
            Some(values_naive(&long, 2_001)[2_000] as u64)
        );
        assert!(direct_work(&long, 1_000_000) > DIRECT_WORK_LIMIT);
        let search = large_heap_search(&long) as f64;
        assert!(22.0 * search * search / 4.0 <= 16.0 * PERIOD_SEARCH_WORK as f64 * 1.01);
        assert_eq!(direct_reach(&code("0.33")), DIRECT_LIMIT - 1);
        // Kayles still gets its proven period.
        let k = Octal::new(vec![10], code("0.77")).unwrap();
        assert_eq!(k.game.periodicity.unwrap().period, 12);
    }

    #[test]
    fn a_budgeted_analysis_is_the_direct_one_or_stops_at_its_budget() {
        // Within its budget: the very values, checks and period of
        // `Analysis::new` to the same bound.
        for (c, heap) in [("0.16", 3_000u64), ("0.77", 100_000), ("0.6", 2_500)] {
            let oc = code(c);
            let a = budgeted_analysis(&oc, heap, u64::MAX);
            let b = Analysis::new(oc.clone(), search_bound(&oc, heap));
            assert_eq!((a.values, a.periodicity), (b.values, b.periodicity), "{c}");
        }
        // Over it: stopped soon after the budget, short of the heap, and
        // refused naming the limit and `--no-limit`.
        let oc = code("0.6");
        let a = budgeted_analysis(&oc, 20_000, 1_000_000);
        assert!(a.work > 1_000_000 && a.work < 1_100_000, "{}", a.work);
        assert!(a.grundy(20_000).is_none());
        let e = budget_refusal(&a, 20_000, 1_000_000, "heap for octal game 0.6".into());
        assert!(e.is_work_limit());
        let text = e.to_string();
        assert!(
            text.contains("stopped at the default work limit of 1.0e6"),
            "{text}"
        );
        assert!(text.contains("`--no-limit`"), "{text}");
        // Past the hard bound, lifting would not help: named as such.
        let hard = budget_refusal(&a, HARD_DIRECT_LIMIT + 1, 1_000_000, "heap".into());
        assert!(!hard.is_work_limit(), "{hard}");
    }

    #[test]
    fn the_work_counter_counts_every_split_evaluation() {
        // Before the mask is chosen every value is the plain mex: k
        // splitting digits, m / 2 pairs each for m = n - k.
        let oc = code("0.7777");
        let mut sv = SparseValues::new(&oc);
        sv.extend_to(300);
        let want: u64 = (0..300u64)
            .map(|n| {
                (1..=4u64)
                    .filter(|&k| n >= k + 2)
                    .map(|k| (n - k) / 2)
                    .sum::<u64>()
            })
            .sum();
        assert_eq!(sv.work, want);
        // A budget stops the extension once spent, with the same values.
        let mut cut = SparseValues::new(&oc);
        assert!(!cut.extend_within(300, want / 2));
        assert!(cut.values.len() < 300 && cut.work > want / 2);
        assert_eq!(cut.values[..], sv.values[..cut.values.len()]);
    }

    #[test]
    fn a_work_budget_never_changes_a_period_found() {
        // Whatever the budget, a search that proves a period proves the one
        // the unbounded search proves, on the same values; one that runs out
        // proves none.
        for c in [
            "0.77",
            "0.07",
            "0.137",
            "0.16",
            "0.6",
            "0.51",
            "4.07",
            "0.15",
            "0.04",
            "0.56",
            "0.33",
            "0.753",
            "0.4",
            "0.7777777",
        ] {
            let oc = code(c);
            let full = Analysis::new(oc.clone(), 1 << 11);
            for budget in [0, 1 << 10, 1 << 14, 1 << 18, u64::MAX] {
                let cut = Analysis::new_within_work(oc.clone(), 1 << 11, budget);
                assert_eq!(
                    cut.values[..],
                    full.values[..cut.values.len()],
                    "{c} {budget}"
                );
                if let Some(p) = cut.periodicity {
                    assert_eq!(Some(p), full.periodicity, "{c} {budget}");
                    assert_eq!(cut.values.len(), full.values.len(), "{c} {budget}");
                }
            }
        }
        // The classic codes prove their periods within the large heaps'
        // budget, so every heap of theirs is still answered.
        for c in ["0.77", "0.07", "0.137", "4.07"] {
            let oc = code(c);
            let a = large_heap_analysis(&oc, large_heap_search(&oc));
            assert_eq!(
                a.periodicity,
                Analysis::new(oc.clone(), large_heap_search(&oc)).periodicity,
                "{c}"
            );
            assert!(a.periodicity.is_some(), "{c}");
        }
        // The long code: its search stops at the budget, long before the
        // worst case's length, and the heap is refused.
        let long = code("0.7777777777777777777777");
        let a = large_heap_analysis(&long, large_heap_search(&long));
        assert!(a.periodicity.is_none());
        assert!((a.values.len() as u64) < large_heap_search(&long) / 2);
    }

    #[test]
    fn streamed_winning_moves_agree_with_the_enumerated_options() {
        for (c, heaps) in [
            ("0.77", vec![10, 7, 3]),
            ("0.07", vec![20]),
            ("0.137", vec![9, 4]),
            ("4.07", vec![12, 5]),
            ("0.6", vec![11]),
        ] {
            let p = Octal::new(heaps.clone(), code(c)).unwrap();
            for target in 0..4 {
                let (moves, count) = p.moves_to_value(target, 5).unwrap();
                let all: Vec<Move> = p
                    .options(1000)
                    .unwrap()
                    .into_iter()
                    .filter(|m| m.next.grundy() == Some(target))
                    .collect();
                assert_eq!(count, all.len() as u64, "{c} {heaps:?} {target}");
                let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
                let want: Vec<&str> = all.iter().take(5).map(|m| m.label.as_str()).collect();
                assert_eq!(labels, want, "{c} {heaps:?} {target}");
            }
        }
    }

    #[test]
    fn bad_codes() {
        for bad in ["77", "0.8", "1.7", "0.", "0.7a", "x.5"] {
            assert!(
                matches!(
                    OctalCode::parse(bad),
                    Err(ImpartialError::BadOctalCode { .. })
                ),
                "{bad}"
            );
        }
    }
}
