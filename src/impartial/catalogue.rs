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
use super::octal::{self, Octal, OctalCode, named_code};
use super::position::Position;
use super::subtraction::{self, Analysis, Subtraction, SubtractionSet};
use super::sum::Sum;
use super::take_half::TakeHalf;
use super::wythoff::{self, Wythoff, WythoffLifted};
use std::collections::{HashMap, HashSet};
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

/// A game's numbers and --options, as words.
#[derive(Default)]
struct Args {
    nums: Vec<u64>,
    max: Option<u64>,
    set: Option<String>,
    code: Option<String>,
    take_limit: Option<u64>,
    colored: Option<String>,
}

/// Splits the numbers from the --options of `game`'s words.
fn args(
    game: &str,
    words: &[String],
    err: &dyn Fn(String) -> ImpartialError,
) -> Result<Args, ImpartialError> {
    let mut a = Args::default();
    let mut i = 1;
    while i < words.len() {
        let w = words[i].as_str();
        if let Some(opt) = w.strip_prefix("--") {
            let value = words
                .get(i + 1)
                .ok_or_else(|| err(format!("--{opt} needs a value")))?;
            match (opt, game) {
                ("max", "bash") => a.max = Some(number("--max", value)?),
                ("set", "subtraction") => a.set = Some(value.clone()),
                ("code", "octal") => a.code = Some(value.clone()),
                ("limit", "fibonacci-nim") => a.take_limit = Some(number("--limit", value)?),
                ("colored", "coloring") => a.colored = Some(value.clone()),
                _ => return Err(err(format!("unknown option --{opt}"))),
            }
            i += 2;
        } else {
            a.nums
                .push(number(&format!("{game} argument {}", a.nums.len() + 1), w)?);
            i += 1;
        }
    }
    Ok(a)
}

/// Parses a subtraction set's `--set` text.
fn subtraction_set(text: &str) -> Result<SubtractionSet, ImpartialError> {
    let elems = text
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| number("--set element", s.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    SubtractionSet::new(elems)
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
    parse_game_shared(words, read_file, no_limit, &mut Shared::default())
}

/// As [`parse_game_within`], sharing the analyses in `shared` between
/// positions of the same rule: a subtraction set's period search is made
/// once and kept there; an octal code's short period search kept there by
/// [`position_work`] is used where it is what the position would compute
/// (`octal::Octal::new_kept`).
pub fn parse_game_shared(
    words: &[String],
    read_file: &dyn Fn(&str) -> Result<String, String>,
    no_limit: bool,
    shared: &mut Shared,
) -> Result<Box<dyn Position>, ImpartialError> {
    #[cfg(test)]
    PARSED.with(|c| c.set(c.get() + 1));
    let game = known_game(words)?;
    let err = |message: String| usage_error(game, message);
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
            let part = parse_game_shared(&inner, read_file, no_limit, shared)?;
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
    let Args {
        nums,
        max,
        set,
        code,
        take_limit,
        colored,
    } = args(game, words, &err)?;
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
            let set = subtraction_set(&set.ok_or_else(|| err("--set is required".into()))?)?;
            let n = one(&nums)?;
            let key = set.elements().to_vec();
            let left = shared.subtraction_uses.get_mut(&key).map_or(0, |u| {
                *u = u.saturating_sub(1);
                *u
            });
            let game = match shared.subtraction.get(&key) {
                Some(a) => a.clone(),
                None => {
                    let a = Arc::new(Analysis::new_within(set, no_limit)?);
                    if left > 0 {
                        // Kept for the positions of this set still to come.
                        shared.kept_values += a.values.len();
                        shared.subtraction.insert(key.clone(), a.clone());
                    }
                    a
                }
            };
            if left == 0
                && let Some(a) = shared.subtraction.remove(&key)
            {
                shared.kept_values = shared.kept_values.saturating_sub(a.values.len());
            }
            Box::new(Subtraction { n, game })
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
            let code = OctalCode::parse(&code)?;
            let key = code.text();
            let short = shared.octal.get(&key).cloned();
            let left = shared.octal_uses.get_mut(&key).map_or(0, |u| {
                *u = u.saturating_sub(1);
                *u
            });
            if left == 0
                && let Some(a) = shared.octal.remove(&key)
            {
                shared.kept_values = shared.kept_values.saturating_sub(a.values.len());
            }
            let biggest = nums.iter().copied().max().unwrap_or(0);
            let direct_key = (key, biggest);
            if let Some((a, uses)) = shared.octal_direct.get_mut(&direct_key) {
                // The very analysis the position computes, made by
                // `position_work` within the work limit.
                let a = a.clone();
                *uses -= 1;
                if *uses == 0 {
                    shared.octal_direct.remove(&direct_key);
                    shared.kept_values = shared.kept_values.saturating_sub(a.values.len());
                }
                if !no_limit {
                    return Ok(Box::new(Octal {
                        heaps: nums,
                        game: a,
                    }));
                }
            }
            Box::new(Octal::new_kept(nums, code, no_limit, short)?)
        }
        other => return Err(ImpartialError::UnknownGame(other.to_string())),
    })
}

/// Analyses shared between the positions of one list (a scenario's
/// `positions`), by rule.
#[derive(Debug, Default)]
pub struct Shared {
    /// Each octal code's short period search, by the code's text: always
    /// [`octal::large_heap_analysis`] to [`octal::large_heap_search`]
    /// values, as [`position_work`] makes it.
    pub octal: HashMap<String, Arc<octal::Analysis>>,
    /// Each subtraction set's proven period, by its elements.
    pub subtraction: HashMap<Vec<u64>, Arc<Analysis>>,
    /// The subtraction sets counted so far (by [`position_floor`] or
    /// [`position_work`]): a set's search is made once for all its
    /// positions.
    pub counted: HashSet<Vec<u64>>,
    /// How many positions [`position_work`] saw of each octal code whose
    /// short search it made and of each subtraction set, less those
    /// [`parse_game_shared`] has built since: an analysis is let go when
    /// its last position is built.
    pub octal_uses: HashMap<String, usize>,
    /// The direct computations [`position_work`] made within the work
    /// limit for octal positions whose short search proves no period they
    /// use, by code and largest heap (`octal::budgeted_analysis`), with
    /// how many positions still to be built use each.
    pub octal_direct: HashMap<(String, u64), (Arc<octal::Analysis>, usize)>,
    /// As `octal_uses`, for subtraction sets.
    pub subtraction_uses: HashMap<Vec<u64>, usize>,
    /// Values held by the kept analyses (4 bytes each): [`position_work`]
    /// keeps no more than [`KEPT_VALUES`] (a search not kept is made
    /// again when its position is built, and counted twice).
    pub kept_values: usize,
}

/// Most values the analyses kept by [`position_work`] hold together
/// (4 bytes each: 64 MB).
pub const KEPT_VALUES: usize = 1 << 24;

impl Shared {
    /// Whether an analysis of `values` values fits in [`KEPT_VALUES`]
    /// (then counted as kept).
    fn keep(&mut self, values: usize) -> bool {
        let fits = self.kept_values + values <= KEPT_VALUES;
        if fits {
            self.kept_values += values;
        }
        fits
    }
}

/// The budget of a subtraction set's short period search in
/// [`position_work`], in mex steps (values x |S|): some 70 ms.
pub const SHORT_SEARCH_WORK: u64 = 1 << 26;

/// The work of solving one position within the default limits, estimated
/// before it is solved, in elementary steps (split evaluations, mex steps,
/// table entries, graph nodes; a cheap game 1), so that a list's
/// estimates add up. Never solves anything, except the octal and
/// subtraction computations whose true work is only known by making them,
/// each within its solver's work limit, kept in `shared` for
/// [`parse_game_shared`] and counted as made:
/// - octal: the code's short period search (at most
///   `octal::LARGE_HEAP_SEARCH_WORK` split evaluations, made once per code
///   and kept), and when the position would not use the period it proves
///   (none proven, or not at a length its own computation checks), the
///   values it needs computed directly within the work limit
///   (`octal::budgeted_analysis`, [`Shared::octal_direct`]): the split
///   evaluations really made (the worst case, k (N + 1)^2 / 4, is far more
///   for most codes: 0.16 to 450,000 makes 10^8 of its 5 x 10^10);
/// - subtraction: the short search (within [`SHORT_SEARCH_WORK`]); without
///   a period proven there, the whole search's worst case (its cap x |S|,
///   `subtraction::SEARCH_WORK_LIMIT`) on top; a set counted before 1
///   (its search is made once, [`parse_game_shared`]);
/// - Wythoff (max + 1)^3 when its Grundy value is computed, End-Nim its
///   sub-rows' mex steps plus the outcome's k^2 / 2, Fibonacci Nim N^2 / 3,
///   a graph its nodes; a sum its parts' estimates added.
///
/// A position over its own solver's default limit found here (an octal
/// heap whose values stop at the work limit with no period) is that
/// refusal ([`ImpartialError::OverWorkLimit`]); a mistake in the words
/// found here is the error [`parse_game`] gives; the rest are left to it.
pub fn position_work(
    words: &[String],
    read_file: &dyn Fn(&str) -> Result<String, String>,
    shared: &mut Shared,
) -> Result<u128, ImpartialError> {
    work_of(words, read_file, shared, true)
}

/// A floor under [`position_work`], with no search at all: the same
/// but a subtraction set counts only its search's first check (max(4 max
/// S, 64) values x |S|, which any search makes) and an octal heap 1; a set counted before in `seen` (as
/// [`position_work`] counts a shared set) 1. A list whose floors add up
/// past a limit is refused without searching anything. The same errors as
/// [`position_work`] for the words.
pub fn position_floor(
    words: &[String],
    read_file: &dyn Fn(&str) -> Result<String, String>,
    seen: &mut Shared,
) -> Result<u128, ImpartialError> {
    work_of(words, read_file, seen, false)
}

/// The game named by the first word, if the catalogue knows it.
fn known_game(words: &[String]) -> Result<&str, ImpartialError> {
    let Some(game) = words.first() else {
        return Err(ImpartialError::UnknownGame(String::new()));
    };
    let game = game.as_str();
    if !GAME_NAMES.contains(&game) {
        return Err(ImpartialError::UnknownGame(game.to_string()));
    }
    Ok(game)
}

/// A usage error of `game`, with its usage line.
fn usage_error(game: &str, message: String) -> ImpartialError {
    ImpartialError::Usage {
        game: game.to_string(),
        message,
        usage: usage(game).to_string(),
    }
}

fn work_of(
    words: &[String],
    read_file: &dyn Fn(&str) -> Result<String, String>,
    shared: &mut Shared,
    search: bool,
) -> Result<u128, ImpartialError> {
    let game = known_game(words)?;
    let err = |message: String| usage_error(game, message);
    if game == "sum" {
        if words.len() < 2 {
            return Err(err("no parts given".into()));
        }
        let mut total = 0u128;
        for w in &words[1..] {
            let inner: Vec<String> = w.split_whitespace().map(str::to_string).collect();
            if inner.first().map(String::as_str) == Some("sum") {
                return Err(err("parts of a sum cannot be sums".into()));
            }
            total = total.saturating_add(work_of(&inner, read_file, shared, search)?);
        }
        return Ok(total);
    }
    if game == "graph" {
        // Every node is solved once; a file that cannot be read or parsed
        // is reported by `parse_game_shared`.
        let nodes = match words {
            [_, file, _] => read_file(file)
                .ok()
                .and_then(|text| Graph::parse(&text).ok())
                .map_or(1, |g| g.names().len()),
            _ => 1,
        };
        return Ok(nodes.max(1) as u128);
    }
    let a = args(game, words, &err)?;
    let biggest = a.nums.iter().copied().max().unwrap_or(0);
    let work = match game {
        "subtraction" => {
            let Some(text) = &a.set else { return Ok(1) };
            let set = subtraction_set(text)?;
            let first = (4 * set.max()).max(64);
            if first > subtraction::search_cap(&set, false) {
                // The search's own refusal, up front (nothing searched).
                return Analysis::new(set).map(|_| 1);
            }
            if search {
                *shared
                    .subtraction_uses
                    .entry(set.elements().to_vec())
                    .or_default() += 1;
            }
            if !shared.counted.insert(set.elements().to_vec()) {
                return Ok(1);
            }
            if !search {
                return Ok(first as u128 * set.elements().len() as u128);
            }
            let (found, spent) = Analysis::short_search(&set, SHORT_SEARCH_WORK);
            match found {
                Some(analysis) => {
                    if shared.keep(analysis.values.len()) {
                        shared
                            .subtraction
                            .insert(set.elements().to_vec(), Arc::new(analysis));
                        spent as u128
                    } else {
                        // Searched again when its first position is built.
                        2 * spent as u128
                    }
                }
                None => {
                    let k = set.elements().len() as u128;
                    let whole = subtraction::search_cap(&set, false) as u128 * k;
                    spent as u128 + whole
                }
            }
        }
        "octal" | "kayles" | "dawsons-kayles" | "dawsons-chess" => {
            let text = match named_code(game) {
                Some(c) => c.to_string(),
                None => match a.code {
                    Some(c) => c,
                    None => return Ok(1),
                },
            };
            let code = OctalCode::parse(&text)?;
            let reach = octal::direct_reach(&code);
            if !search {
                // No search at all: the least any heap costs.
                return Ok(1);
            }
            let (short, spent, kept) = match shared.octal.get(&code.text()) {
                Some(s) => (s.clone(), 0, true),
                None => {
                    let s = Arc::new(octal::large_heap_analysis(
                        &code,
                        octal::large_heap_search(&code),
                    ));
                    let kept = shared.keep(s.values.len());
                    if kept {
                        shared.octal.insert(code.text(), s.clone());
                    }
                    let w = s.work as u128;
                    (s, w, kept)
                }
            };
            if kept {
                *shared.octal_uses.entry(code.text()).or_default() += 1;
            }
            // A search not kept is made again when the position is built.
            let again = if kept { 0 } else { spent };
            let used = if biggest > reach {
                short.grundy(biggest).is_some()
            } else {
                octal::short_search_reused(&short, biggest)
            };
            if used {
                spent + again
            } else {
                // No period from the short search that the position uses:
                // its values computed directly within the work limit, as
                // the position computes them (the true work is only known
                // by computing them: 0.16 to 450,000 makes 10^8 split
                // evaluations where the worst case is 5 x 10^10), counted
                // and kept for it; past the limit, the position's own
                // refusal (or its hard bound).
                spent + again + direct_work(&code, biggest, shared)?
            }
        }
        "wythoff" => match a.nums[..] {
            [x, y] if !wythoff::is_p(x, y) && x.max(y) <= wythoff::GRUNDY_LIMIT => {
                (x.max(y) as u128 + 1).pow(3)
            }
            _ => 1,
        },
        "fibonacci-nim" if biggest <= fibonacci_nim::GRUNDY_TABLE_MAX => {
            (biggest as u128).pow(2) / 3
        }
        "end-nim" if a.nums.len() <= end_nim::MAX_PILES => {
            let k = a.nums.len() as u128;
            let grundy = match end_nim::grundy_reach(&a.nums) {
                end_nim::Reach::Default => end_nim::work(&a.nums).1,
                _ => 0,
            };
            (k * k / 2).saturating_add(grundy)
        }
        _ => 1,
    };
    Ok(work.max(1))
}

/// The split evaluations of octal `code`'s values for a position whose
/// largest heap is `biggest` (`octal::budgeted_analysis`, the very
/// analysis `Octal::new_kept` makes for it), computed here within the work
/// limit and kept in `shared.octal_direct` for the position (a position
/// with the same code and largest heap listed again uses it too: 1); made
/// again when the position is built if it does not fit in [`KEPT_VALUES`]
/// (then counted twice). Past the limit, the position's refusal.
fn direct_work(
    code: &OctalCode,
    biggest: u64,
    shared: &mut Shared,
) -> Result<u128, ImpartialError> {
    let key = (code.text(), biggest);
    if let Some((_, uses)) = shared.octal_direct.get_mut(&key) {
        *uses += 1;
        return Ok(1);
    }
    let budget = octal::direct_work_limit();
    let direct = octal::budgeted_analysis(code, biggest, budget);
    if direct.grundy(biggest).is_none() {
        let what = format!("heap for octal game {}", code.text());
        return Err(octal::budget_refusal(&direct, biggest, budget, what));
    }
    let made = direct.work as u128;
    if shared.keep(direct.values.len()) {
        shared.octal_direct.insert(key, (Arc::new(direct), 1));
        Ok(made)
    } else {
        Ok(2 * made)
    }
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

    fn work(s: &str, shared: &mut Shared) -> Result<u128, ImpartialError> {
        let w: Vec<String> = s.split_whitespace().map(str::to_string).collect();
        position_work(&w, &|_| Err("no files".into()), shared)
    }

    fn shared_parse(s: &str, shared: &mut Shared) -> Box<dyn Position> {
        let w: Vec<String> = s.split_whitespace().map(str::to_string).collect();
        parse_game_shared(&w, &|_| Err("no files".into()), false, shared).unwrap()
    }

    #[test]
    fn position_work_counts_cheap_games_and_the_heavy_ones_work() {
        let mut shared = Shared::default();
        assert_eq!(work("nim 3 4 5", &mut shared).unwrap(), 1);
        assert_eq!(work("wythoff 10 15", &mut shared).unwrap(), 16u128.pow(3));
        // A P-position (3, 5) needs no grid; past the default grid neither.
        assert_eq!(work("wythoff 3 5", &mut shared).unwrap(), 1);
        assert_eq!(work("wythoff 2001 1", &mut shared).unwrap(), 1);
        assert_eq!(work("fibonacci-nim 900", &mut shared).unwrap(), 270_000);
        // A sum adds its parts; a nested sum is the parser's error.
        let w: Vec<String> = vec!["sum".into(), "wythoff 10 15".into(), "nim 3".into()];
        let sum = position_work(&w, &|_| Err("x".into()), &mut shared).unwrap();
        assert_eq!(sum, 16u128.pow(3) + 1);
        assert!(work("nim x", &mut shared).is_err());
        assert!(work("octal 5 --code 0.9", &mut shared).is_err());
        // A subtraction set whose first check alone is past the short
        // search (4 max S x |S| > 2^26): its whole search's worst case.
        let long: Vec<String> = (1..=4100).map(|i| i.to_string()).collect();
        let w = work(
            &format!("subtraction 9 --set {}", long.join(",")),
            &mut shared,
        )
        .unwrap();
        assert!(w > 4 * 10u128.pow(10), "{w}");
        assert!(shared.subtraction.is_empty());
        // 0.16 proves no period in its short search: a heap inside or past
        // direct reach has its values computed within the work limit, and
        // counts the split evaluations really made (about 10^8, where the
        // worst case, k (N + 1)^2 / 4, is 2.25 x 10^10 and 5 x 10^10),
        // kept for the position.
        for heap in [300_000u64, 450_000] {
            let w = work(&format!("octal {heap} --code 0.16"), &mut shared).unwrap();
            assert!(
                w > heap as u128 && w < (heap as u128).pow(2) / 40,
                "{heap}: {w}"
            );
            assert!(
                shared
                    .octal_direct
                    .contains_key(&("0.16".to_string(), heap))
            );
        }
        let p = shared_parse("octal 450000 --code 0.16", &mut shared);
        assert_eq!(p.grundy(), p_of("octal 450000 --code 0.16"));
        assert!(
            !shared
                .octal_direct
                .contains_key(&("0.16".to_string(), 450_000))
        );
    }

    #[test]
    fn position_floor_counts_a_sets_first_check_once_and_searches_nothing() {
        let floor = |s: &str, seen: &mut Shared| {
            let w: Vec<String> = s.split_whitespace().map(str::to_string).collect();
            position_floor(&w, &|_| Err("no files".into()), seen)
        };
        let mut seen = Shared::default();
        let long: Vec<String> = (1..=4100).map(|i| i.to_string()).collect();
        let set = format!("subtraction 9 --set {}", long.join(","));
        assert_eq!(floor(&set, &mut seen).unwrap(), 16_400 * 4100);
        assert_eq!(floor(&set, &mut seen).unwrap(), 1);
        assert_eq!(floor("octal 300000 --code 0.16", &mut seen).unwrap(), 1);
        assert!(seen.subtraction.is_empty() && seen.octal.is_empty());
        // A set whose first check is over its own limit: that refusal.
        let e = floor("subtraction 1 --set 1,1048576", &mut seen);
        assert!(e.is_ok(), "within: {e:?}");
        let wide: Vec<String> = (1..13_000u64).map(|i| i.to_string()).collect();
        let e = floor(
            &format!("subtraction 1 --set {},1048576", wide.join(",")),
            &mut seen,
        )
        .unwrap_err();
        assert!(e.is_work_limit(), "{e}");
    }

    #[test]
    fn positions_of_one_rule_share_its_analysis() {
        let mut shared = Shared::default();
        // A subtraction set: searched once, in the estimate, kept.
        let first = work("subtraction 20 --set 1,3,4", &mut shared).unwrap();
        assert!((64..=10_000).contains(&first), "{first}");
        assert_eq!(work("subtraction 7 --set 4,3,1", &mut shared).unwrap(), 1);
        let kept = shared.subtraction[&vec![1, 3, 4]].clone();
        let p = shared_parse("subtraction 20 --set 1,3,4", &mut shared);
        assert_eq!(
            Arc::strong_count(&kept),
            3,
            "the position holds the kept one"
        );
        assert_eq!(p.grundy(), p_of("subtraction 20 --set 1,3,4"));
        // Kayles: a heap, small or large, makes the code's short search
        // once (it proves the period on 256 values), kept and used.
        let small = work("kayles 10", &mut shared).unwrap();
        assert!(small <= 4 * octal::PERIOD_SEARCH_WORK as u128, "{small}");
        assert!(shared.octal.contains_key("0.77"));
        let big = work("kayles 300000", &mut shared).unwrap();
        assert!((1..=octal::LARGE_HEAP_SEARCH_WORK as u128).contains(&big));
        assert_eq!(work("kayles 200000 7", &mut shared).unwrap(), 1);
        // Ten thousand small heaps cost the code's one short search, not
        // each its worst case (they were refused by their sum).
        let many: u128 = (0..10_000u64)
            .map(|i| work(&format!("kayles {}", 1_000 + i), &mut shared).unwrap())
            .sum();
        assert_eq!(many, 10_000);
        let kept = shared.octal["0.77"].clone();
        let p = shared_parse("kayles 300000", &mut shared);
        assert_eq!(
            Arc::strong_count(&kept),
            3,
            "the position holds the kept one"
        );
        // The very analysis the position computes alone: same output.
        let alone = p_full("kayles 300000");
        assert_eq!(p.reason(), alone.reason());
        assert_eq!(p.grundy(), alone.grundy());
    }

    fn p_full(s: &str) -> Box<dyn Position> {
        p(s).unwrap()
    }

    fn p_of(s: &str) -> Option<u64> {
        p(s).unwrap().grundy()
    }
}
