//! Tables of Grundy values for `dilemma solve GAME --table N` and the
//! `impartial` scenario kind: g(0..=N) of a one-heap game named by its
//! command words without the heap (`kayles`, `subtraction --set 1,3,4`,
//! `ruler`, `coloring`, ...), with the certified period when the theory
//! gives one; for Wythoff, the grid g(x, y) for 0 <= x, y <= N.
//!
//! What "n" means per game: the heap or pile size; for the coin-turning
//! games the value of a single heads-up coin at position n (n = 0: no coin);
//! for the 2 x n colouring game the empty 2 x n board; for Fibonacci Nim the
//! opening position of n tokens.
//!
//! Two steps: [`plan`] checks the rule and N (every error and work refusal
//! is found there, with its [`Cause`], before any value is computed, save
//! the bounded work that decides it, which it keeps); [`Plan::table`]
//! computes the values. [`tabulate_within`] is both.
//!
//! Invariant: every value is exact and comes from the same solver as
//! `dilemma solve`; a period is reported only when proven.

use super::catalogue::{number, parse_game_within};
use super::coin_turning::Rule;
use super::error::ImpartialError;
use super::octal::{self, OctalCode};
use super::period::Periodicity;
use super::subtraction::{self, SubtractionSet};
use super::{coloring, fibonacci_nim, wythoff};

/// The largest N for one-heap tables (the default work limit; `--no-limit`
/// lifts it to [`HARD_HEAP_TABLE`]).
pub const MAX_HEAP_TABLE: u64 = 10_000_000;
/// The largest N for games tabulated position by position (no fast
/// recurrence; the default work limit: each position is a closed form or
/// a small search, lasker to 10^6 takes 0.2 s; it was 10^5 until the audit
/// of issue 27).
pub const MAX_GENERIC_TABLE: u64 = 10_000_000;
/// The largest N for the Wythoff grid (its mex recursion is cubic, (N +
/// 1)^3 mex steps; the default work limit, as a position's
/// `wythoff::GRUNDY_LIMIT`: 37 CPU s measured at 2000 on a loaded machine).
pub const MAX_WYTHOFF_TABLE: u64 = 2_000;
/// The largest N of any one-heap table, even with `--no-limit`: the values
/// are held in memory (8 bytes each, 800 MB here).
pub const HARD_HEAP_TABLE: u64 = 100_000_000;
/// The largest Wythoff grid side, even with `--no-limit` (N^2 values held,
/// N^3 mex steps: 2.7e10 here).
pub const HARD_WYTHOFF_TABLE: u64 = 3_000;

/// An octal table whose worst case (the plain mex, k (N + 1)^2 / 4 split
/// evaluations) is over this is computed by [`plan`], its work counted
/// against `octal::DIRECT_WORK_LIMIT` (a table under it takes well under a
/// second whatever the code).
const PLANNED_OCTAL_WORK: f64 = 1e9;

/// A table of Grundy values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Table {
    /// g(0..=N) of a one-heap game.
    Heap {
        /// The game, e.g. "octal 0.77".
        label: String,
        /// g(n) for n = 0..=N.
        values: Vec<u64>,
        /// The proven eventual period, if any.
        period: Option<Periodicity>,
    },
    /// Wythoff's g(x, y) for 0 <= x, y <= N: `values[x][y]`.
    Wythoff {
        /// `values[x][y]`.
        values: Vec<Vec<u64>>,
    },
}

fn option(words: &[String], name: &str) -> Option<String> {
    words
        .iter()
        .position(|w| w == name)
        .and_then(|i| words.get(i + 1))
        .cloned()
}

fn too_big(game: &str, n: u64, max: u64) -> ImpartialError {
    ImpartialError::OutOfRange {
        what: format!("table size for {game}"),
        value: n.to_string(),
        allowed: format!("0 to {max}"),
    }
}

/// A table over the default work limit: the measure, the limit, and what
/// `--no-limit` lifts it to.
fn over_limit(game: &str, n: u64, measure: &str, limit: u64, hard: u64) -> ImpartialError {
    ImpartialError::OverWorkLimit {
        what: format!("--table for {game} (too much work: {measure})"),
        value: n.to_string(),
        allowed: format!(
            "0 to {limit}, the default work limit; `--no-limit` (on `dilemma solve` or `dilemma run`) \
             lifts it to {hard}"
        ),
    }
}

/// Tabulates the game named by `words` (its command words without the heap
/// size) for n = 0..=N, within the default work limits.
pub fn tabulate(words: &[String], n: u64) -> Result<Table, ImpartialError> {
    tabulate_within(words, n, false)
}

/// As [`tabulate`]; `no_limit` lifts the default work limits (rows, positions
/// solved, Wythoff's cubic grid, an octal code's direct values without a
/// period) up to the hard memory bounds [`HARD_HEAP_TABLE`] and
/// [`HARD_WYTHOFF_TABLE`]. The same as [`plan`] then [`Plan::table`].
pub fn tabulate_within(words: &[String], n: u64, no_limit: bool) -> Result<Table, ImpartialError> {
    plan(words, n, no_limit).map_err(|e| e.error)?.table()
}

/// What a table request's error is about: the game's words or the size N.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The rule (the command words without the heap), e.g. an unknown game,
    /// a bad set or code, a subtraction set whose period search is over its
    /// work limit.
    Rule,
    /// The size N: over a hard bound or a default work limit (rows, cells,
    /// positions solved one by one, an octal table past direct reach with
    /// no period proven in a short search).
    Size,
}

/// A table request refused by [`plan`]: the error and what it is about.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{error}")]
pub struct PlanError {
    /// The rule or the size.
    pub cause: Cause,
    /// What is wrong and what is allowed.
    pub error: ImpartialError,
}

/// A table request checked: the rule is valid, N is within the bounds in
/// force, and the work that decided it (a subtraction set's period search,
/// an octal code's short period search past direct reach) is kept, so
/// [`Plan::table`] neither repeats it nor fails.
#[derive(Clone, Debug)]
pub struct Plan {
    words: Vec<String>,
    n: u64,
    no_limit: bool,
    game: Planned,
}

#[derive(Clone, Debug)]
enum Planned {
    /// The set's period search (`None` only while [`plan`] checks N).
    Subtraction(SubtractionSet, Option<subtraction::Analysis>),
    /// `Some`: the short period search past direct reach, which proved a
    /// period, or the values computed within the work limit
    /// (`octal::budgeted_analysis`: past direct reach without that period,
    /// or within it when the worst case is more than a moment); `None`: the
    /// values are computed by the table (a small worst case, or lifted).
    Octal(OctalCode, Option<octal::Analysis>),
    Coloring,
    Coins(Rule),
    Wythoff,
    /// Past the default table: one table of g(m, k) rows; `--limit L`.
    Fibonacci(Option<u64>),
    /// Position by position, as `dilemma solve` solves each.
    Positions,
}

/// Checks a table request without computing the table: the rule first
/// (cheap), then N against the hard bounds and, unless `no_limit`, the
/// default work limits, then the work that decides the rest (a subtraction
/// set's period search; an octal table past direct reach: the short period
/// search, bounded by [`octal::LARGE_HEAP_SEARCH_WORK`], then, as for an
/// octal table whose worst case is over a moment, its values computed while
/// the split evaluations made stay within `octal::DIRECT_WORK_LIMIT`,
/// stopped there; a game tabulated position by position: its last
/// position). Every error of [`tabulate_within`] is found here, with its
/// [`Cause`].
pub fn plan(words: &[String], n: u64, no_limit: bool) -> Result<Plan, PlanError> {
    plan_with(words, n, no_limit, octal::direct_work_limit())
}

/// As [`plan`], an octal table's counted work stopped at `budget` split
/// evaluations (`octal::DIRECT_WORK_LIMIT` but in tests).
fn plan_with(words: &[String], n: u64, no_limit: bool, budget: u64) -> Result<Plan, PlanError> {
    let rule = |error: ImpartialError| PlanError {
        cause: Cause::Rule,
        error,
    };
    let size = |error: ImpartialError| PlanError {
        cause: Cause::Size,
        error,
    };
    let game = words.first().map(String::as_str).unwrap_or("");
    let usage = |message: &str, usage: &str| {
        rule(ImpartialError::Usage {
            game: game.to_string(),
            message: message.to_string(),
            usage: usage.to_string(),
        })
    };
    if game.is_empty() {
        return Err(usage(
            "no game named",
            "a one-heap game, e.g. kayles --table 100",
        ));
    }
    // The rule alone: nothing computed yet.
    let mut planned = match game {
        "subtraction" => {
            let text = option(words, "--set")
                .ok_or_else(|| usage("--set is required", "subtraction --set 1,3,4 --table N"))?;
            let elems = text
                .split(',')
                .filter(|s| !s.trim().is_empty())
                .map(|s| number("--set element", s.trim()))
                .collect::<Result<Vec<_>, _>>()
                .map_err(rule)?;
            Planned::Subtraction(SubtractionSet::new(elems).map_err(rule)?, None)
        }
        "octal" | "kayles" | "dawsons-kayles" | "dawsons-chess" => {
            let code = match octal::named_code(game) {
                Some(c) => c.to_string(),
                None => option(words, "--code")
                    .ok_or_else(|| usage("--code is required", "octal --code 0.77 --table N"))?,
            };
            Planned::Octal(OctalCode::parse(&code).map_err(rule)?, None)
        }
        "coloring" => Planned::Coloring,
        "ruler" | "mock-turtles" | "turning-turtles" => {
            if words.len() > 1 {
                return Err(usage(
                    "a table lists single coins; give no positions",
                    "ruler --table N",
                ));
            }
            Planned::Coins(Rule::from_name(game).expect("listed above"))
        }
        "wythoff" => {
            if words.len() > 1 {
                return Err(usage(
                    "a table covers every pair of piles up to N; give no piles",
                    "wythoff --table N",
                ));
            }
            Planned::Wythoff
        }
        "fibonacci-nim" if n > fibonacci_nim::GRUNDY_TABLE_MAX => {
            Planned::Fibonacci(match option(words, "--limit") {
                Some(l) => Some(number("--limit", &l).map_err(rule)?),
                None if words.len() > 1 => {
                    return Err(usage(
                        "expected only --limit L",
                        "fibonacci-nim [--limit L] --table N",
                    ));
                }
                None => None,
            })
        }
        "graph" | "sum" | "end-nim" => {
            return Err(usage(
                "has no one-heap table",
                "a one-heap game, e.g. kayles --table 100",
            ));
        }
        // Any other one-heap game: its words with the heap inserted; the
        // first position checked (the game, its options, a Grundy value).
        _ => {
            position_value(words, 0, no_limit).map_err(rule)?;
            Planned::Positions
        }
    };
    // N: the hard bounds (memory) stay; the default work limits unless
    // lifted.
    let (hard, limit, measure) = match &planned {
        Planned::Wythoff => (
            HARD_WYTHOFF_TABLE,
            MAX_WYTHOFF_TABLE,
            format!("about {} mex steps", (n as u128 + 1).pow(3)),
        ),
        Planned::Fibonacci(_) => (
            fibonacci_nim::HARD_GRUNDY_MAX,
            fibonacci_nim::GRUNDY_TABLE_MAX,
            format!(
                "a table of g(m, k) for m up to {n}, {} entries held",
                (n as u128) * (n as u128 + 1) / 2
            ),
        ),
        Planned::Positions if n <= MAX_HEAP_TABLE => (
            HARD_HEAP_TABLE,
            MAX_GENERIC_TABLE,
            format!("{} positions solved one by one", n as u128 + 1),
        ),
        _ => (
            HARD_HEAP_TABLE,
            MAX_HEAP_TABLE,
            format!("{} rows", n as u128 + 1),
        ),
    };
    if n > hard {
        return Err(size(too_big(game, n, hard)));
    }
    if n > limit && !no_limit {
        return Err(size(over_limit(game, n, &measure, limit, hard)));
    }
    // The work that decides the rest, kept for the table.
    match &mut planned {
        Planned::Subtraction(set, analysis) => {
            *analysis =
                Some(subtraction::Analysis::new_within(set.clone(), no_limit).map_err(rule)?);
        }
        Planned::Octal(code, analysis) => {
            // Beyond direct reach (the worst case over the work limit) a
            // period proven by a short search answers every row, as for
            // `solve octal N`; else, and within reach when the worst case
            // is more than a moment, the values are computed here, the work
            // counted and stopped at the limit (a code's true work is only
            // known by computing it: 0.16 proves its period on 524288
            // values in a fraction of a second). `--no-limit` computes
            // them all at run time.
            let reach = octal::direct_reach(code);
            if !no_limit {
                if n > reach {
                    let a = octal::large_heap_analysis(
                        code,
                        octal::large_heap_search(code).min(reach + 1),
                    );
                    if a.grundy(n).is_some() {
                        *analysis = Some(a);
                    }
                }
                let worst = octal::direct_work(code, octal::search_bound(code, n) - 1);
                if analysis.is_none() && (n > reach || worst > PLANNED_OCTAL_WORK) {
                    let a = octal::budgeted_analysis(code, n, budget);
                    if a.grundy(n).is_none() {
                        let what = format!("--table for octal {}", code.text());
                        return Err(size(octal::budget_refusal(&a, n, budget, what)));
                    }
                    *analysis = Some(a);
                }
            }
        }
        Planned::Positions => {
            position_value(words, n, no_limit).map_err(size)?;
        }
        _ => {}
    }
    Ok(Plan {
        words: words.to_vec(),
        n,
        no_limit,
        game: planned,
    })
}

/// g(i) of the one-heap game `words` with the heap inserted, solved as
/// `dilemma solve` solves it.
fn position_value(words: &[String], i: u64, no_limit: bool) -> Result<u64, ImpartialError> {
    let mut w = words.to_vec();
    w.insert(1, i.to_string());
    let p = parse_game_within(&w, &|_| Err("no files in a table".into()), no_limit)?;
    p.grundy().ok_or_else(|| ImpartialError::Usage {
        game: words[0].clone(),
        message: "no Grundy values to tabulate".into(),
        usage: "nim --table N".into(),
    })
}

impl Plan {
    /// N: the table is g(0..=N).
    pub fn size(&self) -> u64 {
        self.n
    }

    /// Computes the table (the values, the grid), reusing the work
    /// [`plan`] did.
    pub fn table(&self) -> Result<Table, ImpartialError> {
        let n = self.n;
        let game = self.words[0].as_str();
        Ok(match &self.game {
            Planned::Subtraction(_, analysis) => {
                let a = analysis.as_ref().expect("searched by plan");
                Table::Heap {
                    label: format!("subtraction {{{}}}", a.set.text()),
                    values: (0..=n).map(|i| a.grundy(i)).collect(),
                    period: Some(a.periodicity),
                }
            }
            Planned::Octal(code, searched) => {
                let direct;
                let a = match searched {
                    Some(a) => a,
                    None => {
                        direct = octal::Analysis::new(code.clone(), octal::search_bound(code, n));
                        &direct
                    }
                };
                Table::Heap {
                    label: format!("octal {}", code.text()),
                    values: (0..=n)
                        .map(|i| a.grundy(i).expect("computed to n"))
                        .collect(),
                    period: a.periodicity,
                }
            }
            Planned::Coloring => Table::Heap {
                label: "2 x n colouring".into(),
                values: (0..=n).map(coloring::run_value).collect(),
                period: Some(coloring::periodicity()),
            },
            Planned::Coins(rule) => Table::Heap {
                label: format!("{game} (single heads-up coin at n)"),
                values: (0..=n)
                    .map(|i| if i == 0 { 0 } else { rule.value(i) })
                    .collect(),
                period: None,
            },
            Planned::Wythoff => Table::Wythoff {
                values: wythoff::grundy_table(n as usize),
            },
            Planned::Fibonacci(take) => {
                // Every position (m, m - 1), or (m, L) with `--limit L`, from
                // one table, as the position-by-position path gives them.
                let rows = fibonacci_nim::grundy_rows(n as usize);
                Table::Heap {
                    label: game.to_string(),
                    values: (0..=n as usize)
                        .map(|m| {
                            let k = take.map_or(m.saturating_sub(1), |l| l.min(m as u64) as usize);
                            if m == 0 || k == 0 {
                                0
                            } else {
                                rows[m][k - 1] as u64
                            }
                        })
                        .collect(),
                    period: None,
                }
            }
            Planned::Positions => Table::Heap {
                label: game.to_string(),
                values: (0..=n)
                    .map(|i| position_value(&self.words, i, self.no_limit))
                    .collect::<Result<_, _>>()?,
                period: None,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn tables_agree_with_the_solvers() {
        let Table::Heap { values, period, .. } =
            tabulate(&w("subtraction --set 1,3,4"), 20).unwrap()
        else {
            panic!("heap table")
        };
        assert_eq!(&values[..8], &[0, 1, 0, 1, 2, 3, 2, 0]);
        assert_eq!(period.unwrap().period, 7);
        let Table::Heap { values, .. } = tabulate(&w("ruler"), 8).unwrap() else {
            panic!()
        };
        assert_eq!(values, vec![0, 1, 2, 1, 4, 1, 2, 1, 8]);
        let Table::Heap { values, .. } = tabulate(&w("bash --max 3"), 6).unwrap() else {
            panic!()
        };
        assert_eq!(values, vec![0, 1, 2, 3, 0, 1, 2]);
        let Table::Wythoff { values } = tabulate(&w("wythoff"), 5).unwrap() else {
            panic!()
        };
        assert_eq!(values[1][2], 0);
        assert_eq!(values[3][5], 0);
        assert!(tabulate(&w("wythoff"), 2001).is_err());
        assert!(tabulate(&w("graph"), 3).is_err());
        assert!(tabulate(&w("fibonacci-nim"), 1001).is_err());
        assert!(tabulate(&w("chess"), 3).is_err());
    }

    #[test]
    fn a_lifted_fibonacci_table_agrees_with_the_positions() {
        // Past the default table only with the lift, up to the hard bound.
        let over = tabulate(&w("fibonacci-nim"), 1001).unwrap_err();
        assert!(over.is_work_limit(), "{over}");
        let hard = tabulate_within(&w("fibonacci-nim"), 20_001, true).unwrap_err();
        assert!(!hard.is_work_limit(), "{hard}");
        for rule in ["fibonacci-nim", "fibonacci-nim --limit 7"] {
            let Table::Heap { values, .. } = tabulate_within(&w(rule), 1003, true).unwrap() else {
                panic!("heap table")
            };
            for m in (0..=1003u64).step_by(17).chain([1001, 1002, 1003]) {
                let mut words = w(rule);
                words.insert(1, m.to_string());
                let p = parse_game_within(&words, &|_| Err("no files".into()), true).unwrap();
                assert_eq!(Some(values[m as usize]), p.grundy(), "{rule} {m}");
            }
            let Table::Heap { values: small, .. } = tabulate(&w(rule), 300).unwrap() else {
                panic!("heap table")
            };
            assert_eq!(small[..], values[..=300], "{rule}");
        }
    }

    #[test]
    fn a_plan_names_the_cause_and_whether_the_lift_helps() {
        let cause = |rule: &str, n: u64, no_limit: bool| {
            let e = plan(&w(rule), n, no_limit).unwrap_err();
            (e.cause, e.error.is_work_limit())
        };
        assert_eq!(cause("subtraction --set 0", 5, false), (Cause::Rule, false));
        assert_eq!(cause("wythoff 3", 5, false), (Cause::Rule, false));
        assert_eq!(cause("octal --code 0.9", 5, false), (Cause::Rule, false));
        assert_eq!(cause("misere-nim", 5, false), (Cause::Rule, false));
        assert_eq!(
            cause("kayles", MAX_HEAP_TABLE + 1, false),
            (Cause::Size, true)
        );
        // An octal table past direct reach whose counted work reaches the
        // limit before a period is proven: 0.16 proves its period on 524288
        // values, so a budget of a few million split evaluations stops it.
        let stopped = plan_with(&w("octal --code 0.16"), 1_000_000, false, 3_000_000).unwrap_err();
        assert_eq!(
            (stopped.cause, stopped.error.is_work_limit()),
            (Cause::Size, true)
        );
        let text = stopped.to_string();
        assert!(text.contains("stopped at the default work limit"), "{text}");
        assert!(text.contains("--no-limit"), "{text}");
        assert_eq!(cause("wythoff", 2001, false), (Cause::Size, true));
        assert_eq!(
            cause("bash --max 3", MAX_GENERIC_TABLE + 1, false),
            (Cause::Size, true)
        );
        assert_eq!(cause("wythoff", 3001, true), (Cause::Size, false));
        assert_eq!(
            cause("kayles", HARD_HEAP_TABLE + 1, true),
            (Cause::Size, false)
        );
        // Lifted, the same sizes are planned (nothing computed yet).
        assert!(plan(&w("octal --code 0.16"), 1_000_000, true).is_ok());
        assert!(plan(&w("kayles"), MAX_HEAP_TABLE + 1, true).is_ok());
    }

    #[test]
    fn a_table_past_direct_reach_uses_the_period_its_plan_proved() {
        // Kayles' reach is about 316,000; its short search proves the
        // period, which the plan keeps and the table uses.
        let rule = w("kayles");
        let n = 400_000;
        let p = plan(&rule, n, false).unwrap();
        assert!(matches!(&p.game, Planned::Octal(_, Some(a)) if a.values.len() < 100_000));
        let Table::Heap { values, period, .. } = p.table().unwrap() else {
            panic!("heap table")
        };
        assert_eq!(period.unwrap().period, 12);
        for heap in [0, 71, 72, 1000, 399_999, 400_000] {
            let words = vec!["kayles".to_string(), heap.to_string()];
            let g = parse_game_within(&words, &|_| Err("no files".into()), false)
                .unwrap()
                .grundy();
            assert_eq!(Some(values[heap as usize]), g, "kayles {heap}");
        }
        assert_eq!(values.len() as u64, n + 1);
    }

    #[test]
    fn an_empty_rule_is_an_error_not_a_panic() {
        // Regression: the generic branch inserted the heap at index 1 of an
        // empty word list (an insertion-index assertion).
        for words in [vec![], vec![String::new()]] {
            assert!(matches!(
                tabulate(&words, 5),
                Err(ImpartialError::Usage { .. })
            ));
        }
    }
}
