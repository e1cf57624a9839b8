//! Turns command-line words into positions: `nim 3 4 5`,
//! `bash 21 --max 3`, `subtraction 20 --set 1,3,4`, `octal 10 --code 0.77`,
//! `kayles 10`, `wythoff 10 15`, `graph FILE NODE`, `sum "nim 3" "bash 5
//! --max 2"`. Pure: the graph file's text is supplied by the caller.
//!
//! Invariant: every mistake is an [`ImpartialError`] naming the argument and
//! what is allowed.

use super::all_or_even::AllOrEven;
use super::bash::Bash;
use super::coin_turning::{CoinRow, Rule};
use super::coloring::Coloring;
use super::end_nim::{self, EndNim, EndNimLifted};
use super::error::ImpartialError;
use super::fibonacci_nim::{self, FibonacciLifted, FibonacciNim};
use super::graph::{Graph, GraphPosition};
use super::lasker::Lasker;
use super::nim::{MisereNim, Nim};
use super::octal::{Octal, OctalCode, named_code};
use super::position::Position;
use super::subtraction::{Analysis, Subtraction, SubtractionSet};
use super::sum::Sum;
use super::take_half::TakeHalf;
use super::wythoff::{self, Wythoff, WythoffLifted};
use std::sync::Arc;

pub use super::error::GAME_NAMES;

#[cfg(test)]
thread_local! {
    /// Calls of [`parse_game_within`] on this thread, sums' parts included:
    /// tests count how often a position is parsed (and its solver's
    /// analysis run).
    pub static PARSED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

fn usage(game: &str) -> &'static str {
    match game {
        "nim" => "nim PILE...",
        "misere-nim" => "misere-nim PILE...",
        "end-nim" => "end-nim PILE... (each at least 1)",
        "bash" => "bash N --max M",
        "subtraction" => "subtraction N --set 1,3,4",
        "wythoff" => "wythoff X Y",
        "fibonacci-nim" => {
            "fibonacci-nim N [--limit L] (L = largest take allowed now; default N - 1)"
        }
        "ruler" | "mock-turtles" | "turning-turtles" => {
            "ruler HEADS... (1-based positions of the heads-up coins)"
        }
        "coloring" => "coloring N [--colored ROW:COL,...] (rows 1-2, columns 1-N)",
        "take-half" => "take-half N",
        "all-or-even" => "all-or-even N",
        "lasker" => "lasker PILE...",
        "octal" => "octal HEAP... --code 0.77",
        "kayles" | "dawsons-kayles" | "dawsons-chess" => "kayles HEAP...",
        "graph" => "graph FILE NODE",
        "sum" => "sum \"GAME ARGS\" \"GAME ARGS\"...",
        _ => "see dilemma solve --help",
    }
}

/// Parses a non-negative integer argument.
pub fn number(what: &str, s: &str) -> Result<u64, ImpartialError> {
    s.parse::<u64>().map_err(|_| ImpartialError::NotANumber {
        what: what.to_string(),
        value: s.to_string(),
    })
}

/// Parses game words into a position; `read_file` loads a graph file.
/// Within the default work limits (see [`parse_game_within`]).
pub fn parse_game(
    words: &[String],
    read_file: &dyn Fn(&str) -> Result<String, String>,
) -> Result<Box<dyn Position>, ImpartialError> {
    parse_game_within(words, read_file, false)
}

/// As [`parse_game`]; `no_limit` (`dilemma solve --no-limit`, `dilemma run
/// --no-limit`, `[limits] none = true`) lifts the default work limits of
/// the games that have one (an octal heap beyond direct reach without a
/// proven period; a subtraction set's period search by values x |S|; the
/// Grundy value of a Wythoff pile over 400, of an End-Nim row over
/// `end_nim::GRUNDY_WORK_LIMIT` option visits, of a Fibonacci Nim pile over
/// 1000) up to their hard memory bounds (`octal::HARD_DIRECT_LIMIT`,
/// `subtraction::MAX_SEARCH`, `wythoff::HARD_GRUNDY_LIMIT`,
/// `engine::DEFAULT_STATE_LIMIT` rows, `fibonacci_nim::HARD_GRUNDY_MAX`).
/// A refusal it lifts is an [`ImpartialError::OverWorkLimit`]; a Grundy
/// value left out is named in the position's reason instead.
pub fn parse_game_within(
    words: &[String],
    read_file: &dyn Fn(&str) -> Result<String, String>,
    no_limit: bool,
) -> Result<Box<dyn Position>, ImpartialError> {
    #[cfg(test)]
    PARSED.with(|c| c.set(c.get() + 1));
    let Some(game) = words.first() else {
        return Err(ImpartialError::UnknownGame(String::new()));
    };
    let game = game.as_str();
    if !GAME_NAMES.contains(&game) {
        return Err(ImpartialError::UnknownGame(game.to_string()));
    }
    let err = |message: String| ImpartialError::Usage {
        game: game.to_string(),
        message,
        usage: usage(game).to_string(),
    };
    if game == "sum" {
        if words.len() < 2 {
            return Err(err("no parts given".into()));
        }
        let mut parts = Vec::new();
        for w in &words[1..] {
            let inner: Vec<String> = w.split_whitespace().map(str::to_string).collect();
            if inner.first().map(String::as_str) == Some("sum") {
                return Err(err("parts of a sum cannot be sums".into()));
            }
            let part = parse_game_within(&inner, read_file, no_limit)?;
            if part.grundy().is_none() {
                return Err(err(format!(
                    "'{w}' has no Grundy value, so it cannot be part of a sum"
                )));
            }
            parts.push(part);
        }
        return Ok(Box::new(Sum { parts }));
    }
    if game == "graph" {
        if words.len() != 3 {
            return Err(err(format!(
                "expected a file and a node, got {} arguments",
                words.len() - 1
            )));
        }
        let text = read_file(&words[1])
            .map_err(|e| ImpartialError::BadGraph(format!("{}: {e}", words[1])))?;
        let graph = Graph::parse(&text).map_err(|e| match e {
            ImpartialError::BadGraph(m) => ImpartialError::BadGraph(format!("{}: {m}", words[1])),
            other => other,
        })?;
        let node = graph.node(&words[2]).ok_or_else(|| {
            ImpartialError::BadGraph(format!(
                "{}: no node named '{}' (nodes: {})",
                words[1],
                words[2],
                graph.names().join(", ")
            ))
        })?;
        return Ok(Box::new(GraphPosition {
            graph: Arc::new(graph),
            node,
            file: words[1].clone(),
        }));
    }
    // Split numbers from --options.
    let mut nums = Vec::new();
    let mut max = None;
    let mut set = None;
    let mut code = None;
    let mut take_limit = None;
    let mut colored = None;
    let mut i = 1;
    while i < words.len() {
        let w = words[i].as_str();
        if let Some(opt) = w.strip_prefix("--") {
            let value = words
                .get(i + 1)
                .ok_or_else(|| err(format!("--{opt} needs a value")))?;
            match (opt, game) {
                ("max", "bash") => max = Some(number("--max", value)?),
                ("set", "subtraction") => set = Some(value.clone()),
                ("code", "octal") => code = Some(value.clone()),
                ("limit", "fibonacci-nim") => take_limit = Some(number("--limit", value)?),
                ("colored", "coloring") => colored = Some(value.clone()),
                _ => return Err(err(format!("unknown option --{opt}"))),
            }
            i += 2;
        } else {
            nums.push(number(&format!("{game} argument {}", nums.len() + 1), w)?);
            i += 1;
        }
    }
    let one = |nums: &[u64]| -> Result<u64, ImpartialError> {
        match nums {
            [n] => Ok(*n),
            _ => Err(err(format!("expected one number, got {}", nums.len()))),
        }
    };
    Ok(match game {
        "nim" => Box::new(Nim { piles: nums }),
        "misere-nim" => Box::new(MisereNim { piles: nums }),
        "end-nim" => {
            if let Some(z) = nums.iter().position(|&p| p == 0) {
                return Err(ImpartialError::OutOfRange {
                    what: format!("end-nim pile {}", z + 1),
                    value: "0".into(),
                    allowed: "1 or more (an empty pile leaves the row)".into(),
                });
            }
            if nums.len() > end_nim::MAX_PILES && !no_limit {
                return Err(ImpartialError::OverWorkLimit {
                    what: format!(
                        "end-nim piles (too much work: the outcome's recurrence takes about \
                         {:.1e} steps over the sub-rows)",
                        (nums.len() as f64).powi(2) / 2.0
                    ),
                    value: nums.len().to_string(),
                    allowed: format!(
                        "1 to {}, the default work limit; `--no-limit` (on `dilemma solve` or \
                         `dilemma run`) lifts it",
                        end_nim::MAX_PILES
                    ),
                });
            }
            let row = EndNim { piles: nums };
            let lifted = (no_limit && end_nim::grundy_reach(&row.piles) == end_nim::Reach::Lifted)
                .then(|| EndNimLifted::new(row.clone()))
                .flatten();
            match lifted {
                Some(lifted) => Box::new(lifted),
                None => Box::new(row),
            }
        }
        "bash" => {
            let max = max.ok_or_else(|| err("--max is required".into()))?;
            if max == 0 {
                return Err(ImpartialError::OutOfRange {
                    what: "--max".into(),
                    value: "0".into(),
                    allowed: "1 or more".into(),
                });
            }
            Box::new(Bash {
                n: one(&nums)?,
                max,
            })
        }
        "subtraction" => {
            let text = set.ok_or_else(|| err("--set is required".into()))?;
            let elems = text
                .split(',')
                .filter(|s| !s.trim().is_empty())
                .map(|s| number("--set element", s.trim()))
                .collect::<Result<Vec<_>, _>>()?;
            let set = SubtractionSet::new(elems)?;
            Box::new(Subtraction {
                n: one(&nums)?,
                game: Arc::new(Analysis::new_within(set, no_limit)?),
            })
        }
        "wythoff" => match nums[..] {
            [x, y] => {
                let w = Wythoff { x, y };
                // Past the default grid, `--no-limit` computes the value.
                let past = x.max(y) > wythoff::GRUNDY_LIMIT && !wythoff::is_p(x, y);
                let lifted = (no_limit && past)
                    .then(|| WythoffLifted::new(w.clone()))
                    .flatten();
                match lifted {
                    Some(lifted) => Box::new(lifted),
                    None => Box::new(w),
                }
            }
            _ => return Err(err(format!("expected two piles, got {}", nums.len()))),
        },
        "fibonacci-nim" => {
            let n = one(&nums)?;
            let position = match take_limit {
                Some(k) => FibonacciNim { n, k },
                None => FibonacciNim::opening(n),
            };
            // Past the default table, `--no-limit` computes the value.
            let lifted = (no_limit && n > fibonacci_nim::GRUNDY_TABLE_MAX)
                .then(|| FibonacciLifted::new(position.clone()))
                .flatten();
            match lifted {
                Some(lifted) => Box::new(lifted),
                None => Box::new(position),
            }
        }
        "ruler" | "mock-turtles" | "turning-turtles" => {
            let rule = Rule::from_name(game).expect("listed above");
            let mut heads = nums.clone();
            heads.sort_unstable();
            if heads.first() == Some(&0) {
                return Err(ImpartialError::OutOfRange {
                    what: format!("{game} coin position"),
                    value: "0".into(),
                    allowed: "1 or more (coins are numbered from 1 at the left)".into(),
                });
            }
            if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
                return Err(err(format!(
                    "coin {} is listed twice (list each heads-up coin once)",
                    w[0]
                )));
            }
            Box::new(CoinRow { rule, heads })
        }
        "coloring" => {
            let n = one(&nums)?;
            let mut board = Coloring::empty(n);
            let mut cells = Vec::new();
            for cell in colored.iter().flat_map(|t| t.split(',')) {
                let cell = cell.trim();
                if cell.is_empty() {
                    continue;
                }
                let (r, c) = cell.split_once(':').ok_or_else(|| {
                    err(format!("--colored cell '{cell}' is not ROW:COL, e.g. 1:3"))
                })?;
                let row = number("--colored row", r.trim())?;
                let col = number("--colored column", c.trim())?;
                if row != 1 && row != 2 || col == 0 || col > n {
                    return Err(ImpartialError::OutOfRange {
                        what: "--colored cell".into(),
                        value: cell.to_string(),
                        allowed: format!("row 1 or 2, column 1 to {n}"),
                    });
                }
                if cells.contains(&(row as u8, col)) {
                    return Err(err(format!("cell {cell} is listed twice")));
                }
                cells.push((row as u8, col));
            }
            board = board.with(&cells);
            Box::new(board)
        }
        "take-half" => Box::new(TakeHalf { n: one(&nums)? }),
        "all-or-even" => Box::new(AllOrEven { n: one(&nums)? }),
        "lasker" => Box::new(Lasker { piles: nums }),
        "octal" | "kayles" | "dawsons-kayles" | "dawsons-chess" => {
            let code = match named_code(game) {
                Some(c) => c.to_string(),
                None => code.ok_or_else(|| err("--code is required".into()))?,
            };
            Box::new(Octal::new_within(nums, OctalCode::parse(&code)?, no_limit)?)
        }
        other => return Err(ImpartialError::UnknownGame(other.to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Box<dyn Position>, ImpartialError> {
        let w: Vec<String> = s.split_whitespace().map(str::to_string).collect();
        parse_game(&w, &|_| Err("no files".into()))
    }

    #[test]
    fn parses_examples() {
        assert_eq!(p("nim 3 4 5").unwrap().grundy(), Some(2));
        assert_eq!(p("bash 21 --max 3").unwrap().grundy(), Some(1));
        assert_eq!(
            p("subtraction 20 --set 1,3,4").unwrap().grundy(),
            Some(p("subtraction 6 --set 1,3,4").unwrap().grundy().unwrap())
        );
        assert_eq!(p("kayles 3").unwrap().grundy(), Some(3));
        assert!(p("nim -3").is_err());
        assert!(p("nim x").is_err());
        assert!(p("subtraction 5 --set ,").is_err());
        assert!(p("octal 5 --code 0.9").is_err());
        assert!(p("chess 1").is_err());
        let w: Vec<String> = vec!["sum".into(), "nim 3".into(), "bash 5 --max 2".into()];
        let s = parse_game(&w, &|_| Err("x".into())).unwrap();
        assert_eq!(s.grundy(), Some(3 ^ 2));
    }
}
