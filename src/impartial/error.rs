//! Errors of the impartial-games core: every variant says what was wrong and
//! what is allowed, so the CLI can print it as is (exit code 2).

/// A mistake in a game description or a request the solvers cannot serve.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImpartialError {
    /// A pile, heap or argument that is not a non-negative integer.
    #[error(
        "{what}: '{value}' is not a non-negative whole number (allowed: 0 to 18446744073709551615)"
    )]
    NotANumber { what: String, value: String },
    /// An argument outside its allowed range.
    #[error("{what} = {value} is out of range (allowed: {allowed})")]
    OutOfRange {
        what: String,
        value: String,
        allowed: String,
    },
    /// A request over a default work limit (too much computation, not too
    /// much memory): `--no-limit` on `dilemma solve` or `dilemma run` (or
    /// `[limits] none = true` in a scenario) lifts it up to the hard bound
    /// that `allowed` names. Shown like [`ImpartialError::OutOfRange`].
    #[error("{what} = {value} is out of range (allowed: {allowed})")]
    OverWorkLimit {
        what: String,
        value: String,
        allowed: String,
    },
    /// A game name this version does not know.
    #[error("unknown game '{0}' (allowed: {allowed})", allowed = GAME_NAMES.join(", "))]
    UnknownGame(String),
    /// Wrong arguments for a known game.
    #[error("{game}: {message} (usage: {usage})")]
    Usage {
        game: String,
        message: String,
        usage: String,
    },
    /// A subtraction set that is empty or contains 0.
    #[error(
        "subtraction set {0}: it must be a non-empty list of positive integers, e.g. --set 1,3,4"
    )]
    BadSubtractionSet(String),
    /// An octal code that does not parse.
    #[error(
        "octal code '{code}': {message} (allowed: 0. or 4. followed by octal digits 0-7, e.g. 0.77 for Kayles, 0.07 for Dawson's Kayles, 0.137 for Dawson's Chess)"
    )]
    BadOctalCode { code: String, message: String },
    /// A game graph that is not a finite acyclic graph.
    #[error("game graph: {0}")]
    BadGraph(String),
    /// The general engine met a cycle (the game is not finite).
    #[error(
        "the game graph has a cycle through {0}; impartial game theory here needs every play to end (allowed: acyclic graphs)"
    )]
    Cycle(String),
    /// The general engine would need more states than allowed.
    #[error(
        "the position has more than {limit} reachable positions; too large for the general \
         engine, which holds every one in memory (a hard bound, even with --no-limit)"
    )]
    TooLarge { limit: usize },
}

impl ImpartialError {
    /// True for a refusal that `--no-limit` lifts
    /// ([`ImpartialError::OverWorkLimit`]); every other error stays one
    /// whatever the limits.
    pub fn is_work_limit(&self) -> bool {
        matches!(self, ImpartialError::OverWorkLimit { .. })
    }
}

/// Every game name `dilemma solve` accepts.
pub const GAME_NAMES: &[&str] = &[
    "nim",
    "misere-nim",
    "end-nim",
    "bash",
    "subtraction",
    "wythoff",
    "fibonacci-nim",
    "ruler",
    "mock-turtles",
    "turning-turtles",
    "coloring",
    "take-half",
    "all-or-even",
    "lasker",
    "octal",
    "kayles",
    "dawsons-kayles",
    "dawsons-chess",
    "graph",
    "sum",
];
