//! Subtraction games S (GAMES.md section 6): one pile; a move takes s for
//! some s in a finite set S of positive integers.
//!
//! g(n) = mex { g(n - s) : s in S, s <= n } is computed left to right with a
//! ring buffer of the last m = max S values (O(|S|) per value, O(m) memory
//! for streaming). The sequence is eventually periodic (the next value is a
//! function of the previous m, and values are at most |S|), and the period
//! and pre-period are *proven* by [`super::period::subtraction_needs`]: once
//! g(n + p) = g(n) for m consecutive n >= n0, it holds for all n >= n0. Values
//! at any n < 2^64 then follow in O(1).

use super::error::ImpartialError;
use super::mex::MexScratch;
use super::period::{Periodicity, find_certified, subtraction_needs};
use super::position::{Move, Outcome, Position, TooManyMoves};
use std::sync::Arc;

/// The largest element allowed in a subtraction set (bounds memory).
pub const MAX_TAKE: u64 = 1 << 20;
/// The most values computed while looking for a period, even with
/// `--no-limit` (a hard memory bound: 4 bytes each are kept, 256 MB here).
pub const MAX_SEARCH: u64 = 1 << 26;
/// The default work limit of the period search, in mex steps (values
/// computed x |S|, each value a pass over the set): about a minute.
/// `dilemma solve --no-limit` (or `dilemma run --no-limit`) lifts it up to
/// [`MAX_SEARCH`] values.
pub const SEARCH_WORK_LIMIT: u64 = 50_000_000_000;

/// The most values the period search computes for `set`: [`MAX_SEARCH`]
/// with `no_limit`, else as many as [`SEARCH_WORK_LIMIT`] allows.
pub fn search_cap(set: &SubtractionSet, no_limit: bool) -> u64 {
    if no_limit {
        return MAX_SEARCH;
    }
    (SEARCH_WORK_LIMIT / set.elements().len() as u64).min(MAX_SEARCH)
}

/// A validated subtraction set, sorted, without duplicates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SubtractionSet(Vec<u64>);

impl SubtractionSet {
    /// Validates a set: non-empty, every element in 1..=MAX_TAKE.
    pub fn new(mut set: Vec<u64>) -> Result<Self, ImpartialError> {
        set.sort_unstable();
        set.dedup();
        let shown = format!(
            "{{{}}}",
            set.iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        if set.is_empty() || set[0] == 0 {
            return Err(ImpartialError::BadSubtractionSet(shown));
        }
        if *set.last().expect("non-empty") > MAX_TAKE {
            return Err(ImpartialError::OutOfRange {
                what: "largest element of the subtraction set".into(),
                value: set.last().expect("non-empty").to_string(),
                allowed: format!("1 to {MAX_TAKE}"),
            });
        }
        Ok(SubtractionSet(set))
    }
    /// The elements.
    pub fn elements(&self) -> &[u64] {
        &self.0
    }
    /// m = max S.
    pub fn max(&self) -> u64 {
        *self.0.last().expect("non-empty")
    }
    /// As written on the command line: `1,3,4`.
    pub fn text(&self) -> String {
        self.0
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Grundy values g(0), g(1), ... of a subtraction game, streamed with O(m)
/// memory.
pub struct ValueStream {
    set: Vec<usize>,
    ring: Vec<u32>,
    n: usize,
    scratch: MexScratch,
}

impl ValueStream {
    /// A stream starting at g(0).
    pub fn new(set: &SubtractionSet) -> Self {
        let m = set.max() as usize;
        ValueStream {
            set: set.0.iter().map(|&s| s as usize).collect(),
            ring: vec![0; (m + 1).next_power_of_two()],
            n: 0,
            scratch: MexScratch::default(),
        }
    }
}

impl Iterator for ValueStream {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        let mask = self.ring.len() - 1;
        self.scratch.clear();
        for &s in &self.set {
            if s > self.n {
                break;
            }
            self.scratch.mark(self.ring[(self.n - s) & mask] as u64);
        }
        let g = self.scratch.mex() as u32;
        self.ring[self.n & mask] = g;
        self.n += 1;
        Some(g)
    }
}

/// The first `len` values.
pub fn values(set: &SubtractionSet, len: usize) -> Vec<u32> {
    ValueStream::new(set).take(len).collect()
}

/// A subtraction game with its values and proven period.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The set.
    pub set: SubtractionSet,
    /// g(0 .. values.len()).
    pub values: Vec<u32>,
    /// The proven period.
    pub periodicity: Periodicity,
}

impl Analysis {
    /// Computes values (doubling the range) until a period is proven,
    /// within the default work limit ([`search_cap`]).
    pub fn new(set: SubtractionSet) -> Result<Self, ImpartialError> {
        Self::new_within(set, false)
    }

    /// As [`Analysis::new`]; `no_limit` lifts the work limit up to the hard
    /// bound of [`MAX_SEARCH`] values.
    pub fn new_within(set: SubtractionSet, no_limit: bool) -> Result<Self, ImpartialError> {
        let cap = search_cap(&set, no_limit);
        let mut stream = ValueStream::new(&set);
        let mut vals: Vec<u32> = Vec::new();
        let mut len = (4 * set.max()).max(64);
        let k = set.elements().len() as u128;
        // A long set is shown by its first moves and its largest.
        let text = set.text();
        let shown = match text.char_indices().nth(40) {
            Some((cut, _)) => {
                let head = &text[..text[..cut].rfind(',').unwrap_or(cut)];
                format!("{head},...,{}", set.max())
            }
            None => text,
        };
        let refusal = |len: u64, what: &str| ImpartialError::OverWorkLimit {
            what: format!(
                "period search for subtraction set {{{shown}}} (too much work: {what}, each value a \
                 pass over the {k} moves of --set: about {:.1e} mex steps, limit \
                 {SEARCH_WORK_LIMIT:.0e})",
                (len as u128 * k) as f64
            ),
            value: format!("{len} values"),
            allowed: format!(
                "at most {cap} values, the default work limit; `--no-limit` (on `dilemma \
                 solve` or `dilemma run`) searches up to {MAX_SEARCH} values"
            ),
        };
        if len > cap {
            // The proof needs 4 max S values at least: refused up front.
            return Err(refusal(len, "the first values the proof needs (4 x max S)"));
        }
        loop {
            vals.extend(stream.by_ref().take(len as usize - vals.len()));
            if let Some(p) = find_certified(&vals, subtraction_needs(set.max())) {
                vals.truncate((p.preperiod + p.period) as usize);
                return Ok(Analysis {
                    set,
                    values: vals,
                    periodicity: p,
                });
            }
            if len >= cap && cap < MAX_SEARCH {
                let next = (len * 2).min(MAX_SEARCH);
                return Err(refusal(
                    next,
                    &format!("no period proven within {len} values"),
                ));
            }
            if len >= cap {
                return Err(ImpartialError::OutOfRange {
                    what: format!(
                        "period search for subtraction set {{{}}} (the values are held in \
                         memory, 4 bytes each)",
                        set.text()
                    ),
                    value: format!("more than {MAX_SEARCH} values"),
                    allowed: "sets whose period is proven within that many values".into(),
                });
            }
            len = (len * 2).min(cap);
        }
    }
    /// The period search of [`Analysis::new_within`] cut short: its checks
    /// (from max(4 max S, 64) values, doubling) while they cost at most
    /// `budget` mex steps (values x |S|) and stay within the default
    /// search cap. The analysis (the very one [`Analysis::new_within`]
    /// finds: the same checks on the same values) with the mex steps
    /// spent, or `None` with those spent when no period is proven (or the
    /// first check alone is over `budget`: none spent).
    pub fn short_search(set: &SubtractionSet, budget: u64) -> (Option<Analysis>, u64) {
        let k = set.elements().len() as u64;
        let cap = search_cap(set, false);
        let mut len = (4 * set.max()).max(64);
        let mut stream = ValueStream::new(set);
        let mut vals: Vec<u32> = Vec::new();
        while len <= cap && len.saturating_mul(k) <= budget {
            vals.extend(stream.by_ref().take(len as usize - vals.len()));
            if let Some(p) = find_certified(&vals, subtraction_needs(set.max())) {
                vals.truncate((p.preperiod + p.period) as usize);
                vals.shrink_to_fit();
                let analysis = Analysis {
                    set: set.clone(),
                    values: vals,
                    periodicity: p,
                };
                return (Some(analysis), len * k);
            }
            len *= 2;
        }
        (None, vals.len() as u64 * k)
    }

    /// g(n) for any n, via the proven period.
    pub fn grundy(&self, n: u64) -> u64 {
        self.values[self.periodicity.reduce(n) as usize] as u64
    }
}

/// A subtraction-game position.
#[derive(Clone, Debug)]
pub struct Subtraction {
    /// The pile.
    pub n: u64,
    /// The game, shared by every position.
    pub game: Arc<Analysis>,
}

impl Subtraction {
    fn take(&self, s: u64) -> Move {
        Move {
            label: format!("take {s}"),
            next: Box::new(Subtraction {
                n: self.n - s,
                game: self.game.clone(),
            }),
        }
    }
}

impl Position for Subtraction {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        format!("subtraction {} --set {}", self.n, self.game.set.text())
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.game.grundy(self.n))
    }
    fn grundy(&self) -> Option<u64> {
        Some(self.game.grundy(self.n))
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        let moves: Vec<Move> = self
            .game
            .set
            .elements()
            .iter()
            .filter(|&&s| s <= self.n)
            .map(|&s| self.take(s))
            .collect();
        if moves.len() > limit {
            return Err(TooManyMoves);
        }
        Ok(moves)
    }
    fn reason(&self) -> String {
        let p = self.game.periodicity;
        let r = p.reduce(self.n);
        format!(
            "subtraction {{{}}}: values are periodic with period {} from n = {} (proven: they repeat for max S = {} consecutive positions), so g({}) = g({r}) = {}",
            self.game.set.text(),
            p.period,
            p.preperiod,
            self.game.set.max(),
            self.n,
            self.game.grundy(self.n)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    fn set(v: &[u64]) -> SubtractionSet {
        SubtractionSet::new(v.to_vec()).unwrap()
    }

    #[test]
    fn matches_brute_force() {
        for s in [
            vec![1, 2],
            vec![1, 3, 4],
            vec![2, 5, 7],
            vec![3, 4, 9, 10],
            vec![1, 4, 9, 16],
        ] {
            let ss = set(&s);
            let a = Analysis::new(ss.clone()).unwrap();
            let s2 = s.clone();
            let mut e = Engine::new(move |&n: &u64| {
                s2.iter().filter(|&&x| x <= n).map(|&x| n - x).collect()
            });
            for n in 0..400 {
                assert_eq!(a.grundy(n), e.grundy(&n).unwrap(), "S {s:?} n {n}");
            }
        }
    }

    #[test]
    fn the_search_is_capped_by_its_work_unless_lifted() {
        // Small sets search to the hard bound; a set of many moves stops
        // where values x |S| reaches the work limit.
        assert_eq!(search_cap(&set(&[1, 3, 4]), false), MAX_SEARCH);
        let many: Vec<u64> = (1..=10_000).map(|i| i * 100).collect();
        assert_eq!(search_cap(&set(&many), false), SEARCH_WORK_LIMIT / 10_000);
        assert_eq!(search_cap(&set(&many), true), MAX_SEARCH);
        // A set whose first 4 max S values are over the limit is refused
        // before any is computed (4e5 x 1e5 = 4e10 is not; 4e6 x 1e5 is).
        let huge: Vec<u64> = (1..=100_000).map(|i| i * 10).collect();
        let err = Analysis::new(set(&huge)).unwrap_err().to_string();
        for needle in ["too much work", "4000000 values", "4.0e11", "--no-limit"] {
            assert!(err.contains(needle), "{needle}: {err}");
        }
    }

    #[test]
    fn one_three_four_has_period_seven() {
        let a = Analysis::new(set(&[1, 3, 4])).unwrap();
        assert_eq!(a.periodicity.period, 7);
        assert_eq!(a.periodicity.preperiod, 0);
        let p: Vec<u64> = (0..20).filter(|&n| a.grundy(n) == 0).collect();
        assert_eq!(p, vec![0, 2, 7, 9, 14, 16]);
    }

    #[test]
    fn huge_positions_via_the_proven_period() {
        let a = Analysis::new(set(&[1, 3, 4])).unwrap();
        // 10^12 = 7 * 142857142857 + 1: g(10^12) = g(1) = 1, and 10^12 + 1 is P.
        assert_eq!(a.grundy(1_000_000_000_000), 1);
        assert_eq!(a.grundy(1_000_000_000_001), 0);
        // Independent check: the stream agrees with the period far out.
        let direct = values(&set(&[2, 5, 7]), 100_000);
        let b = Analysis::new(set(&[2, 5, 7])).unwrap();
        for n in (0..100_000).step_by(997) {
            assert_eq!(direct[n] as u64, b.grundy(n as u64));
        }
    }

    #[test]
    fn a_large_move_costs_linear_time() {
        // Regression: {1, 10^6} spent hours in the period search (quadratic
        // in the largest move). Checked here on {1, 20 000} (the same code
        // path, quick in a debug build) against the stream far out.
        let s = set(&[1, 20_000]);
        let a = Analysis::new(s.clone()).unwrap();
        let p = a.periodicity;
        assert!(p.period <= 40_002, "{p:?}");
        let direct = values(&s, 200_000);
        for n in (0..200_000).step_by(101) {
            assert_eq!(direct[n] as u64, a.grundy(n as u64), "n {n}");
        }
        assert_eq!(
            a.grundy(u64::MAX),
            direct[p.reduce(u64::MAX) as usize] as u64
        );
    }

    #[test]
    fn bad_sets_are_rejected() {
        assert!(matches!(
            SubtractionSet::new(vec![]),
            Err(ImpartialError::BadSubtractionSet(_))
        ));
        assert!(matches!(
            SubtractionSet::new(vec![0, 2]),
            Err(ImpartialError::BadSubtractionSet(_))
        ));
    }
}
