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
/// recurrence; the default work limit).
pub const MAX_GENERIC_TABLE: u64 = 100_000;
/// The largest N for the Wythoff grid (its mex recursion is cubic; the
/// default work limit).
pub const MAX_WYTHOFF_TABLE: u64 = 300;
/// The largest N of any one-heap table, even with `--no-limit`: the values
/// are held in memory (8 bytes each, 800 MB here).
pub const HARD_HEAP_TABLE: u64 = 100_000_000;
/// The largest Wythoff grid side, even with `--no-limit` (N^2 values held,
/// N^3 mex steps: 2.7e10 here).
pub const HARD_WYTHOFF_TABLE: u64 = 3_000;

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
/// [`HARD_WYTHOFF_TABLE`].
pub fn tabulate_within(words: &[String], n: u64, no_limit: bool) -> Result<Table, ImpartialError> {
    let game = words.first().map(String::as_str).unwrap_or("");
    let usage = |message: &str, usage: &str| ImpartialError::Usage {
        game: game.to_string(),
        message: message.to_string(),
        usage: usage.to_string(),
    };
    if game.is_empty() {
        return Err(usage(
            "no game named",
            "a one-heap game, e.g. kayles --table 100",
        ));
    }
    if n > HARD_HEAP_TABLE {
        return Err(too_big(game, n, HARD_HEAP_TABLE));
    }
    if n > MAX_HEAP_TABLE && !no_limit {
        return Err(over_limit(
            game,
            n,
            &format!("{} rows", n as u128 + 1),
            MAX_HEAP_TABLE,
            HARD_HEAP_TABLE,
        ));
    }
    match game {
        "subtraction" => {
            let text = option(words, "--set")
                .ok_or_else(|| usage("--set is required", "subtraction --set 1,3,4 --table N"))?;
            let elems = text
                .split(',')
                .filter(|s| !s.trim().is_empty())
                .map(|s| number("--set element", s.trim()))
                .collect::<Result<Vec<_>, _>>()?;
            let set = SubtractionSet::new(elems)?;
            let a = subtraction::Analysis::new_within(set.clone(), no_limit)?;
            Ok(Table::Heap {
                label: format!("subtraction {{{}}}", set.text()),
                values: (0..=n).map(|i| a.grundy(i)).collect(),
                period: Some(a.periodicity),
            })
        }
        "octal" | "kayles" | "dawsons-kayles" | "dawsons-chess" => {
            let code = match octal::named_code(game) {
                Some(c) => c.to_string(),
                None => option(words, "--code")
                    .ok_or_else(|| usage("--code is required", "octal --code 0.77 --table N"))?,
            };
            let code = OctalCode::parse(&code)?;
            // Beyond direct reach (the work limit on computing every value
            // without a period) only a period proven by a short search
            // helps, as for `solve octal N`; `--no-limit` computes them all.
            let reach = octal::direct_reach(&code);
            let a = if n <= reach || no_limit {
                octal::Analysis::new(code.clone(), octal::search_bound(&code, n))
            } else {
                octal::large_heap_analysis(&code, octal::large_heap_search(&code).min(reach + 1))
            };
            if a.grundy(n).is_none() {
                let work = octal::direct_work(&code, n);
                return Err(over_limit(
                    &format!("octal {}", code.text()),
                    n,
                    &format!(
                        "no period proven within {} values; g(0..={n}) directly is up to \
                         {work:.1e} split evaluations, limit {:.0e}",
                        a.values.len(),
                        octal::DIRECT_WORK_LIMIT
                    ),
                    reach,
                    HARD_HEAP_TABLE,
                ));
            }
            Ok(Table::Heap {
                label: format!("octal {}", code.text()),
                values: (0..=n)
                    .map(|i| a.grundy(i).expect("computed to n"))
                    .collect(),
                period: a.periodicity,
            })
        }
        "coloring" => Ok(Table::Heap {
            label: "2 x n colouring".into(),
            values: (0..=n).map(coloring::run_value).collect(),
            period: Some(coloring::periodicity()),
        }),
        "ruler" | "mock-turtles" | "turning-turtles" => {
            let rule = Rule::from_name(game).expect("listed above");
            if words.len() > 1 {
                return Err(usage(
                    "a table lists single coins; give no positions",
                    "ruler --table N",
                ));
            }
            Ok(Table::Heap {
                label: format!("{game} (single heads-up coin at n)"),
                values: (0..=n)
                    .map(|i| if i == 0 { 0 } else { rule.value(i) })
                    .collect(),
                period: None,
            })
        }
        "wythoff" => {
            if n > HARD_WYTHOFF_TABLE {
                return Err(too_big(game, n, HARD_WYTHOFF_TABLE));
            }
            if n > MAX_WYTHOFF_TABLE && !no_limit {
                let steps = (n as u128 + 1).pow(3);
                return Err(over_limit(
                    game,
                    n,
                    &format!("about {steps} mex steps"),
                    MAX_WYTHOFF_TABLE,
                    HARD_WYTHOFF_TABLE,
                ));
            }
            if words.len() > 1 {
                return Err(usage(
                    "a table covers every pair of piles up to N; give no piles",
                    "wythoff --table N",
                ));
            }
            Ok(Table::Wythoff {
                values: wythoff::grundy_table(n as usize),
            })
        }
        "fibonacci-nim" if n > fibonacci_nim::GRUNDY_TABLE_MAX => {
            if n > fibonacci_nim::HARD_GRUNDY_MAX {
                return Err(too_big(game, n, fibonacci_nim::HARD_GRUNDY_MAX));
            }
            if !no_limit {
                return Err(over_limit(
                    game,
                    n,
                    &format!(
                        "a table of g(m, k) for m up to {n}, {} entries held",
                        (n as u128) * (n as u128 + 1) / 2
                    ),
                    fibonacci_nim::GRUNDY_TABLE_MAX,
                    fibonacci_nim::HARD_GRUNDY_MAX,
                ));
            }
            // Every position (m, m - 1), or (m, L) with `--limit L`, from
            // one table, as the position-by-position path gives them.
            let take = match option(words, "--limit") {
                Some(l) => Some(number("--limit", &l)?),
                None if words.len() > 1 => {
                    return Err(usage(
                        "expected only --limit L",
                        "fibonacci-nim [--limit L] --table N",
                    ));
                }
                None => None,
            };
            let rows = fibonacci_nim::grundy_rows(n as usize);
            Ok(Table::Heap {
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
            })
        }
        "graph" | "sum" | "end-nim" => Err(usage(
            "has no one-heap table",
            "a one-heap game, e.g. kayles --table 100",
        )),
        _ => {
            // Any other one-heap game: its words with the heap inserted.
            if n > MAX_GENERIC_TABLE && !no_limit {
                return Err(over_limit(
                    game,
                    n,
                    &format!("{} positions solved one by one", n as u128 + 1),
                    MAX_GENERIC_TABLE,
                    HARD_HEAP_TABLE,
                ));
            }
            let mut values = Vec::new();
            for i in 0..=n {
                let mut w = words.to_vec();
                w.insert(1, i.to_string());
                let p = parse_game_within(&w, &|_| Err("no files in a table".into()), no_limit)?;
                values.push(
                    p.grundy()
                        .ok_or_else(|| usage("no Grundy values to tabulate", "nim --table N"))?,
                );
            }
            Ok(Table::Heap {
                label: game.to_string(),
                values,
                period: None,
            })
        }
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
        assert!(tabulate(&w("wythoff"), 301).is_err());
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
