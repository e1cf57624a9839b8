//! The work model: before a scenario runs, an estimate of how much it will
//! compute, per kind, against a documented default limit of a few minutes
//! on a laptop. A scenario over a limit is refused up front (exit 2), naming
//! the fields that drive the estimate, the estimate and the limit; `dilemma
//! run --no-limit`, or `[limits] none = true` in the scenario, lifts it.
//!
//! | kind        | measure                        | estimate                                     | limit    |
//! |-------------|--------------------------------|----------------------------------------------|----------|
//! | tournament  | ordinary turns                 | pairs x repetitions x expected turns x cost  | 1.5 x 10^10 |
//! | ecological  | ordinary turns, replicator;    | the tournament's; steps x types^2;           | 1.5 x 10^10; 10^10; |
//! |             | bytes of shares held           | steps x types x 12 (72 with charts)          | 1 GiB    |
//! | moran       | process steps                  | runs x (steps, or N^2 x graph factor without | 3 x 10^9 |
//! |             |                                | mutation: 1 complete, N/6 1-D, ln N/2 other) |          |
//! | (matches)   | ordinary turns of matches      | table pairs once; sampled: steps x edges x   | 1.5 x 10^10 |
//! |             |                                | match length x dearest type's cost           |          |
//! | (nodes)     | node visits                    | process steps x N off the count-based path   | 6 x 10^10 |
//! | fixation    | process steps; ordinary turns  | pairs x runs x N (ln N + 2); sampled pairs'  | 3 x 10^9; 1.5 x 10^10 |
//! |             |                                | matches                                      |          |
//! | (exact)     | chain operations (moran,       | the expected table's pairs once, as `exact`  | 10^10    |
//! |             | fixation: method = "exact")    | below (no fractions), instead of matches     |          |
//! | exact       | chain operations (a tournament,| per pair S x turns, S = product of the      | 10^10    |
//! |             | sweep, ecological or invasion  | machines' states up to 2,500; without a cap |          |
//! |             | with method = "exact")         | S^3 / 96; fractions 4 S turns^2 (4 S^4 / 3; |          |
//! |             |                                | 4 S turns when every probability is 0 or 1) |          |
//! | spatial     | cell updates                   | rows x cols x steps                          | 10^10    |
//! | (sampled)   | ordinary turns of cell matches | cell updates x opponents x length x cost     | 1.5 x 10^10 |
//! | (table)     | ordinary turns of the table    | deterministic pairs once x length x cost     | 1.5 x 10^10 |
//! | impartial   | positions solved               | the `positions` list                         | 2 x 10^5 |
//! | (positions) | steps (split evaluations, mex  | each position's estimate before any is       | 10^11    |
//! |             | steps, table entries)          | solved, added (below)                        |          |
//! | pirates     | induction steps                | N (N + 1) / 2 for `pirates`, `survival_max`  | 6 x 10^9 |
//! | invasion    | fixation terms; chain steps    | S (S - 1) (Z - 1); S^3 / 3 (+ a tournament's)| 10^10; 2 x 10^9 |
//! | train       | ordinary turns                 | generations x population x opponents x turns | 1.5 x 10^10 |
//! |             |                                | x repetitions (a deterministic pair once)    |          |
//! |             |                                | x cost, + the final tournament               |          |
//! | travelers   | QRE cost units                 | claims^3 / 3 x (45 + 100 ln(1 + lambda)) per | 5 x 10^10 |
//! |             |                                | trace, summed                                |          |
//! | every kind  | chart pixels (memory)          | the largest chart's PNG: width x height, or  | 3 x 10^8 pixels |
//! |             |                                | its natural size x (dpi / 96)^2              | (~900 MB) |
//!
//! Expected turns: a fixed horizon's `turns`; a random horizon's mean
//! 1 / (1 - continuation), capped by `cap`. A deterministic pair (fixed
//! horizon, no noise, neither player stochastic) is played once for all its
//! repetitions and counted once. The rates behind the limits, measured in
//! the audit of issue 27 (release build, one core of a loaded 2-core
//! machine; the limits aim at "nothing that finishes within 30 s on two
//! cores is refused", and at a minute or two at most for what is accepted):
//! 1 to 2.6 x 10^8 ordinary turns a second, 4 x 10^7 Moran steps a second
//! on the complete graph and 10^9 node visits off it, 5 x 10^7 cell updates
//! a second. Every product is computed in u128 with saturation, so no size
//! can wrap around.
//!
//! Memory: the charts are held to [`MAX_CHART_PIXELS`] (the pictures drawn
//! at once; [`chart_estimate`] up front, the renderer as each is drawn:
//! the same refusal, exit 2, naming `[output]` and `--no-limit`), an
//! ecological study's shares to [`MAX_HELD_BYTES`].
//!
//! Move costs: a turn is weighed by what its two moves cost, `(c_i + c_j) /
//! 2` ordinary turns, where `c` is a player's mean move cost over a match of
//! the expected length in ordinary moves (`ipd::strategies::cost`, rounded
//! to a whole number, at least 1; calibrated by `cargo bench --bench
//! move_cost`). Every ordinary strategy costs exactly 1, so an ordinary
//! study's estimate is its turn count; EvolvedAttention (a 24-layer encoder
//! over the history every move) and the meta players (a team of up to 220
//! asked every move) cost millions. A sampled match whose pair is not known
//! in advance (a Moran step, a lattice cell) is costed at its dearest type.
//! A refusal names the players costing at least [`NAMED_COST`] ordinary
//! moves, with their cost at the match length. Payoff tables
//! (`evolution::payoff_table`) are played on first use, after this check.
//!
//! The commands (`dilemma match`, `pirates`, `travelers`, `guess`, `solve`
//! with or without `--table`) are measured the same way against their own limits, refused with
//! exit 2 naming the option, and lifted with `--no-limit` on that command;
//! hard bounds that protect memory stay (each named where it is checked):
//!
//! | command          | measure                       | estimate                          | limit       | hard bound (memory)      |
//! |------------------|-------------------------------|-----------------------------------|-------------|--------------------------|
//! | match A B        | ordinary turns (x move cost)  | expected turns x repetitions      | 1.5 x 10^10 | 10^6 turns, 10^6 reps    |
//! | pirates          | induction steps (~4.5 s)      | N (N + 1) / 2                     | 6 x 10^9    | N <= 10^6                |
//! | travelers        | QRE cost                      | claims^3 / 3 x (45 + 100 ln(1 + lambda)), summed | 5 x 10^10 | claims <= 150   |
//! | guess            | simulated choices             | players x rounds                  | 5 x 10^7    | 2.5 x 10^8 choices (kept)|
//! | solve --table    | table rows                    | N + 1                             | 10^7        | 10^8 rows                |
//! | (position games) | positions solved              | N + 1                             | 10^7        | 10^8 rows                |
//! | (wythoff)        | mex steps                     | (N + 1)^3                         | N <= 2000   | N <= 3000                |
//! | (octal)          | split evaluations (counted)   | started: a short period search, then the values computed while the work stays within the limit | 2.5 x 10^10 | 10^8 rows |
//! | solve (one heap) | octal: split evaluations (counted) | as the octal table (heaps past 10^7 need a period proven within 10^7 values) | 2.5 x 10^10 | N <= 10^8 |
//! | (subtraction)    | period search mex steps       | values x |S|, >= 4 max S values   | 5 x 10^10   | 2^26 values              |
//! | (wythoff X Y)    | mex steps (Grundy value only) | (max(X, Y) + 1)^3, the grid made once per process | piles <= 2000 | piles <= 3000 |
//! | (end-nim, 3+ piles) | mex steps (Grundy value only) | sum over sub-rows of their cells' x + y | 2.5 x 10^10 | 5 x 10^7 cells   |
//! | (end-nim outcome)| recurrence steps              | k^2 / 2 for k piles               | k <= 10^5   | (none: O(k) memory)      |
//! | (fibonacci-nim N)| table entries (Grundy value only) | about N^2 / 3                 | N <= 1000   | N <= 20000 (--table too) |
//! | (engine: graph)  | positions held                | the graph's nodes                 | (hard only) | 5 x 10^6 positions       |
//!
//! Where the true work is only known by computing it (an octal code's
//! values: 0.16 proves its period 149459 from 105351 on 524288 values in a
//! fraction of a second, where the plain mex's worst case is 9 x 10^10
//! split evaluations), the solver starts within the limit and stops at it
//! with the same refusal (`octal::budgeted_analysis`,
//! `octal::budget_refusal`), rather than refusing by the worst case.
//!
//! The single-position solver checks its own estimate where the period
//! search ends (`impartial::octal::Octal::new_within`,
//! `impartial::subtraction::Analysis::new_within`: a proven period makes
//! any heap cheap; Wythoff's, End-Nim's and Fibonacci Nim's Grundy values
//! are left out, the reason saying why, rather than refusing a position
//! whose outcome is exact), threaded from `dilemma solve --no-limit` through
//! `impartial::catalogue::parse_game_within`. An `impartial` scenario is
//! checked while its file is read, within the limits in force (the
//! default ones, or none with `[limits] none = true` or `dilemma run
//! --no-limit`, which `scenario::load_within` passes in): its `table` by
//! `impartial::table::plan` (the `solve --table` limits above; an octal
//! table past direct reach by its short period search, then, as one whose
//! worst case is over 10^9 split evaluations, by computing its values
//! within the work limit, kept for the run; a subtraction set's period
//! search), its `positions` by `parse_game_within`, each solved then, once. One over a default limit (`ImpartialError::OverWorkLimit`)
//! is the scenario's work refusal (file, line, column, `game.table`,
//! `game.rule` or `game.positions`), lifted by either switch; a hard bound
//! is an error of the file either way.
//!
//! The positions together: before any is solved, each one's work is
//! estimated (`impartial::catalogue::position_work`) and the estimates
//! added; the position that pushes the sum over [`MAX_POSITIONS_WORK`] is
//! the scenario's work refusal (`game.positions`, the sum and the limit),
//! lifted by either switch, and none is solved. A pass of floors under
//! the estimates comes first (`catalogue::position_floor`: a subtraction
//! set's first check, max(4 max S, 64) values x |S|, which any search
//! makes; no search at all), so a list over the limit by its floors is
//! refused without searching. The estimates, in steps (one split
//! evaluation, mex step or table entry each):
//!
//! | position            | estimate                                                            |
//! |---------------------|---------------------------------------------------------------------|
//! | octal               | the code's short search (split evaluations made, at most 2^24; kept, once per code), plus, unless it proves the period the position uses, the position's values computed within the work limit (split evaluations made; kept for it; stopped at the limit: the position's own refusal) |
//! | subtraction         | the set's short search (mex steps made, at most 2^26; kept), plus the whole search's worst case (cap x \|S\|, 5 x 10^10) when it proves no period; a set listed again 1 |
//! | wythoff X Y         | (max(X, Y) + 1)^3 when the Grundy value is computed, else 1          |
//! | end-nim             | k^2 / 2 (the outcome) + its sub-rows' mex steps within the limit    |
//! | fibonacci-nim N     | N^2 / 3 up to the default table, else 1                            |
//! | graph FILE NODE     | the graph's nodes                                                   |
//! | sum                 | its parts' estimates added                                          |
//! | other games         | 1 (closed forms)                                                    |
//!
//! Positions of one rule share its analysis: a subtraction set's period
//! search is made once; an octal code's short search too, where it is what
//! the position computes (`octal::Octal::new_kept`). An octal code without
//! a proven period is computed directly per largest heap (each counted,
//! kept for its positions: `catalogue::Shared::octal_direct`). The
//! kept analyses hold at most `catalogue::KEPT_VALUES` values (64 MB) and
//! each is let go once its last position is built; a search not kept is
//! made again then, and counted twice.
//!
//! A shard (`dilemma run --shard I/N`) is held to the same limits for its
//! own units only ([`shard_estimate`]: a tournament's or sweep's matches
//! `floor(T*I/N)..floor(T*(I+1)/N)`, each at its expected length, a
//! deterministic pair once per shard that holds any of its repetitions, each
//! weighed by its players' move costs; a fixation matrix's Moran runs at
//! N (ln N + 2) steps each, its matches in proportion to its runs), so a study too big for
//! one process runs when split finely enough; a single run is checked as a
//! whole, as before. The shards' estimates add up to at least the whole's.
//!
//! Invariant: the estimate never runs the study (nor plays a match); it is a
//! pure function of the validated scenario (or the command's validated
//! options).

use crate::evolution::spatial::CellPayoff;
use crate::ipd::horizon::Horizon;
use crate::ipd::pairings::Pairings;
use crate::ipd::play::MatchSettings;
use crate::ipd::strategies::Player;
use crate::ipd::tournament::Tournament;
use crate::scenario::Scenario;
use crate::scenario::tournament::Method;

/// Most turns a tournament (or an ecological study's tournament) may simulate:
/// measured at 1 to 2.6 x 10^8 ordinary turns a second on one core (noisy
/// classic strategies the slowest, a deterministic pair the fastest), so
/// a minute to two of one core, 30 s to a minute on two. (It was 10^10
/// until the audit of issue 27.)
pub const MAX_TURNS: u128 = 15_000_000_000;
/// Most Moran process steps, over all runs: about 4 x 10^7 a second
/// measured on the complete graph's count-based path, so 75 s of one core.
/// (It was 2 x 10^9 until the audit of issue 27.)
pub const MAX_MORAN_STEPS: u128 = 3_000_000_000;
/// Most lattice cell updates of a spatial game.
pub const MAX_CELL_UPDATES: u128 = 10_000_000_000;
/// Most replicator updates (steps x types^2) of an ecological study (the
/// shares it holds, [`MAX_HELD_BYTES`], bound it first unless types are
/// many).
pub const MAX_REPLICATOR_UPDATES: u128 = 10_000_000_000;
/// Most memory a study may hold in what grows with its size (an ecological
/// study's shares at every step), in bytes: 1 GiB, the same order as the
/// chart budget ([`MAX_CHART_PIXELS`]).
pub const MAX_HELD_BYTES: u128 = 1 << 30;
/// Bytes an ecological study holds per share (a type at a step) without
/// charts: measured 109 MB for 10^6 steps of 9 types.
const SHARE_BYTES: u128 = 12;
/// As [`SHARE_BYTES`], with the shares chart (its SVG path holds every
/// point): measured 656 MB for 10^6 steps of 9 types, 5.9 GB for 10^7.
const SHARE_BYTES_CHARTED: u128 = 72;

/// Most terms of an invasion analysis's fixation sums (about 10^8 a
/// second: a minute and a half).
pub const MAX_FIXATION_TERMS: u128 = 10_000_000_000;
/// Most elimination steps (log-sum-exp updates, about 3 x 10^7 a second)
/// of an invasion analysis's small-mutation chain: 1800 strategies.
pub const MAX_CHAIN_STEPS: u128 = 2_000_000_000;
/// Most impartial positions solved in one scenario: each solution is kept
/// with its winning moves (about 2.7 KB: 10^5 positions of nim took 0.6 s
/// and 270 MB), so 540 MB here. (It was 10^4 until the audit of issue 27.)
pub const MAX_POSITIONS: u128 = 200_000;
/// Most work of an impartial scenario's positions together, in elementary
/// steps (split evaluations, mex steps, table entries: each position's
/// estimate by `impartial::catalogue::position_work`, added): twice one
/// position's default limit (`octal::DIRECT_WORK_LIMIT`,
/// `subtraction::SEARCH_WORK_LIMIT`, 5 x 10^10), about two minutes, so a
/// list of one position within its own limit is never refused by it.
pub const MAX_POSITIONS_WORK: u128 = 100_000_000_000;

/// One measure of a scenario's work against its limit.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// What is counted, e.g. "turns to simulate".
    pub measure: &'static str,
    /// The estimate.
    pub amount: u128,
    /// The default limit.
    pub limit: u128,
    /// The fields that drive the estimate, as `field = value` words.
    pub drivers: Vec<(String, String)>,
    /// The field the error points at (the first driver the file sets).
    pub field: String,
    /// What else drives it, in words: the players whose moves cost at
    /// least [`NAMED_COST`] ordinary moves, with their costs.
    pub notes: Vec<String>,
}

impl Estimate {
    /// True when the estimate is over its limit.
    pub fn exceeds(&self) -> bool {
        self.amount > self.limit
    }

    /// The refusal, in words.
    pub fn message(&self) -> String {
        let drivers: Vec<String> = self
            .drivers
            .iter()
            .map(|(f, v)| format!("{f} = {v}"))
            .collect();
        if self.measure == CHART_MEASURE {
            return format!(
                "too much memory: [output] {} gives about {} {}{}, more than the chart memory \
                 budget of {} pixels (about {} MB of pictures at once); allowed: width, height \
                 and dpi that keep every chart within it; make them smaller, or lift the limit \
                 with `dilemma run --no-limit` (`dilemma merge --no-limit` for shards) or \
                 `[limits] none = true` in the scenario",
                drivers
                    .iter()
                    .map(|d| d.trim_start_matches("output."))
                    .collect::<Vec<_>>()
                    .join(", "),
                shown(self.amount),
                self.measure,
                self.notes_text(),
                shown(self.limit),
                (self.limit * 3).div_ceil(1_000_000)
            );
        }
        format!(
            "too much work: {} gives about {} {}{}, more than the default limit of {} (minutes \
             on a laptop); make it smaller, or lift the limit with `dilemma run --no-limit` or \
             `[limits] none = true` in the scenario",
            drivers.join(", "),
            shown(self.amount),
            self.measure,
            self.notes_text(),
            shown(self.limit)
        )
    }

    /// The notes in parentheses, or nothing.
    fn notes_text(&self) -> String {
        if self.notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.notes.join("; "))
        }
    }
}

impl Estimate {
    /// The refusal of one shard's part (`amount` is the shard's; `part`
    /// its units in words), naming the shard and suggesting a split fine enough for the whole study's
    /// `whole` (at least whole / limit shards, rounded up).
    pub fn shard_message(&self, shard: crate::scale::Shard, part: &str, whole: u128) -> String {
        let drivers: Vec<String> = self
            .drivers
            .iter()
            .map(|(f, v)| format!("{f} = {v}"))
            .collect();
        let at_least = whole
            .div_ceil(self.limit.max(1))
            .max(shard.count as u128 + 1);
        format!(
            "too much work for shard {shard} ({part}): with {} it gives about {} {}{}, more \
             than the default limit of {} (minutes on a laptop; the whole study is about {}); \
             split it into more shards (at least {at_least}, e.g. --shard I/{at_least}), or lift \
             the limit with `dilemma run --no-limit` or `[limits] none = true` in the scenario",
            drivers.join(", "),
            shown(self.amount),
            self.measure,
            self.notes_text(),
            shown(self.limit),
            shown(whole)
        )
    }
}

/// A count as digits, with an order of magnitude when large.
pub fn shown(n: u128) -> String {
    if n == u128::MAX {
        "more than 10^38".into()
    } else if n >= 1_000_000 {
        format!("{n} ({:.1e})", n as f64)
    } else {
        n.to_string()
    }
}

/// Expected length of a match: `turns`, or the geometric mean length
/// 1 / (1 - w) capped by `cap` (w = 1 needs a cap).
pub fn expected_turns(horizon: &Horizon) -> u128 {
    match *horizon {
        Horizon::Fixed { turns } => turns as u128,
        Horizon::Random { continuation, cap } => {
            let mean = if continuation >= 1.0 {
                f64::INFINITY
            } else {
                1.0 / (1.0 - continuation)
            };
            let capped = match cap {
                Some(c) => mean.min(c as f64),
                None => mean,
            };
            if capped.is_finite() {
                capped.ceil() as u128
            } else {
                u128::MAX
            }
        }
    }
}

/// Players whose moves cost at least this many ordinary moves are named in
/// a refusal.
pub const NAMED_COST: u128 = 10;

/// The most a move may cost in the arithmetic (10^18 ordinary moves, far
/// beyond anything playable), so sums over players cannot overflow.
const MOST_COST: f64 = 1e18;

/// `player`'s mean move cost over a match of `turns` turns
/// (`ipd::strategies::cost`) as a whole number of ordinary moves: rounded
/// to the nearest, at least 1 (an ordinary strategy is exactly 1).
pub fn cost_units(player: &Player, turns: u128) -> u128 {
    let cost = player.move_cost(turns.min(u64::MAX as u128) as u64);
    if cost.is_nan() {
        return MOST_COST as u128;
    }
    cost.round().clamp(1.0, MOST_COST) as u128
}

/// Half of `moves` (two moves make a turn), rounded up; saturated stays so.
fn turns_of_moves(moves: u128) -> u128 {
    if moves == u128::MAX {
        u128::MAX
    } else {
        moves.div_ceil(2)
    }
}

/// The moves per turn summed over every pair of a round robin (self-play
/// included: a pair {i, j} makes c_i + c_j moves a turn), times the matches
/// each pair plays: a deterministic pair once when `repeatable`, every
/// other `reps` times. `costs`: each player's cost and whether it is
/// stochastic.
fn round_robin_moves(costs: &[(u128, bool)], repeatable: bool, reps: u128) -> u128 {
    let n = costs.len() as u128;
    let all: u128 = costs.iter().map(|c| c.0).sum();
    // Sum over pairs i <= j of (c_i + c_j) = (n + 1) x sum of c.
    let every = (n + 1) * all;
    if !repeatable {
        return every.saturating_mul(reps);
    }
    let d = costs.iter().filter(|c| !c.1).count() as u128;
    let deterministic: u128 = costs.iter().filter(|c| !c.1).map(|c| c.0).sum();
    let once = (d + 1) * deterministic;
    once.saturating_add((every - once).saturating_mul(reps))
}

/// Each player's cost units and stochasticity at this match length.
fn player_costs(players: &[Player], turns: u128) -> Vec<(u128, bool)> {
    players
        .iter()
        .map(|p| (cost_units(p, turns), p.is_stochastic()))
        .collect()
}

/// Ordinary turns a tournament simulates: every pair (self-play included)
/// times its repetitions times the expected match length, a deterministic
/// pair once, each turn weighted by its two players' move costs
/// (`(c_i + c_j) / 2` ordinary turns; exactly the turns when every player
/// is ordinary).
pub fn tournament_turns(tournament: &Tournament) -> u128 {
    let turns = expected_turns(&tournament.settings.horizon);
    let repeatable = tournament.settings.noise == 0.0 && !tournament.settings.horizon.is_random();
    let costs = player_costs(&tournament.players, turns);
    let moves = round_robin_moves(&costs, repeatable, tournament.repetitions as u128);
    turns_of_moves(moves.saturating_mul(turns))
}

/// Ordinary turns of a payoff table's deterministic pairs, each played once
/// on the table's first use (`evolution::payoff_table`); nothing when the
/// settings make every match sampled.
pub fn table_turns(players: &[Player], settings: &MatchSettings) -> u128 {
    let repeatable = settings.noise == 0.0 && !settings.horizon.is_random();
    if !repeatable {
        return 0;
    }
    let turns = expected_turns(&settings.horizon);
    let costs = player_costs(players, turns);
    turns_of_moves(round_robin_moves(&costs, true, 0).saturating_mul(turns))
}

/// The largest move cost among `players` at this match length (1 when
/// there are none): the weight of a sampled match whose pair is not known
/// in advance.
pub fn most_cost(players: &[Player], turns: u128) -> u128 {
    players
        .iter()
        .map(|p| cost_units(p, turns))
        .max()
        .unwrap_or(1)
}

/// The players that cost at least [`NAMED_COST`] ordinary moves, most
/// expensive first (at most three, then how many more), each with its cost.
pub fn costly_players(players: &[Player], turns: u128) -> Vec<String> {
    let mut costly: Vec<(u128, &str)> = Vec::new();
    for p in players {
        let c = cost_units(p, turns);
        if c >= NAMED_COST && !costly.iter().any(|(_, name)| *name == p.name) {
            costly.push((c, &p.name));
        }
    }
    costly.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    let shown_turns = if turns == u128::MAX {
        "an unbounded match".to_string()
    } else {
        format!("{turns} turns")
    };
    let mut notes: Vec<String> = costly
        .iter()
        .take(3)
        .map(|(c, name)| {
            format!(
                "{name} costs about {} ordinary moves per move at {shown_turns}",
                approx(*c)
            )
        })
        .collect();
    if costly.len() > 3 {
        notes.push(format!(
            "{} more players cost at least {NAMED_COST} ordinary moves per move",
            costly.len() - 3
        ));
    }
    notes
}

/// A cost in words: digits below 10^4, else one significant decimal and a
/// power of ten ("4.1x10^6").
fn approx(c: u128) -> String {
    if c < 10_000 {
        c.to_string()
    } else {
        let exponent = (c as f64).log10().floor() as i32;
        let mantissa = c as f64 / 10f64.powi(exponent);
        format!("{mantissa:.1}x10^{exponent}")
    }
}

/// Moran steps over all runs: each run stops at `max_steps`, and without
/// mutation at fixation, about N^2 steps for N individuals (the neutral
/// expectation on a complete graph from an even mix is 0.69 N^2), times
/// `factor` for the replacement graph ([`graph_factor`]).
pub fn moran_steps(
    population: u64,
    runs: u64,
    mutation: f64,
    max_steps: Option<u64>,
    factor: f64,
) -> u128 {
    let n = population as u128;
    let fixation = (n.saturating_mul(n) as f64 * factor.max(1.0)).min(u128::MAX as f64) as u128;
    let per_run = match (mutation > 0.0, max_steps) {
        (true, Some(s)) => s as u128,
        (true, None) => u128::MAX,
        (false, Some(s)) => (s as u128).min(fixation),
        (false, None) => fixation,
    };
    per_run.saturating_mul(runs as u128)
}

/// How much longer than on the complete graph a Moran run takes to fix on
/// `graph` (steps, as a multiple of N^2): 1 on the complete graph; N / 6
/// on a graph of mean degree at most 2.5 (a cycle, a path, a 1 x n
/// lattice: drift moves only the ends of a segment; 200 on a cycle took
/// 1.35 x 10^6 steps a run, N^3 / 6); ln(N) / 2 on any other (a 2-D
/// lattice: 32 x 32 took 3.1 x 10^6 steps a run, 3 N^2). Measured in the
/// audit of issue 27: the N^2 of the complete graph had been used for every
/// graph, so 20 runs on a cycle of 1000 (estimated 2 x 10^7 steps) ran for
/// more than ten minutes.
pub fn graph_factor(graph: &crate::evolution::graph::Graph) -> f64 {
    if graph.is_complete() {
        return 1.0;
    }
    let n = graph.len().max(1) as f64;
    let degree = (0..graph.len())
        .map(|i| graph.degree(i) as f64)
        .sum::<f64>()
        / n;
    if degree <= 2.5 {
        (n / 6.0).max(1.0)
    } else {
        (n.ln() / 2.0).max(1.0)
    }
}

/// Steps of one run of a fixation matrix (one mutant among N on the
/// complete graph, no mutation): the neutral expectation is about 1.1 N
/// ln N (it dies out early most of the time, and fixes in about N^2 steps
/// with probability 1 / N); N (ln N + 2) here. (It was N^2 until the audit
/// of issue 27: 8 players, N = 100 and 3000 runs were estimated at 1.7 x
/// 10^9 steps, and take 3 s.)
pub fn fixation_run_steps(population: u64) -> u128 {
    let n = population as f64;
    (n * (n.max(1.0).ln() + 2.0)).ceil() as u128
}

/// Most node visits of Moran runs on the node-by-node path (any graph but
/// the complete one, or sampled matches): each step draws its parent or
/// its dead among all N by fitness, so steps x N; about 10^9 a second
/// measured, so a minute of one core, 30 s on two.
pub const MAX_NODE_VISITS: u128 = 60_000_000_000;

/// Cell updates of a lattice game.
pub fn cell_updates(rows: u64, cols: u64, steps: u64) -> u128 {
    (rows as u128)
        .saturating_mul(cols as u128)
        .saturating_mul(steps as u128)
}

/// The scenario field that sets a match's length (where a refusal of a
/// measure of match turns points).
fn horizon_field(horizon: &Horizon) -> &'static str {
    match horizon {
        Horizon::Fixed { .. } => "match.turns",
        Horizon::Random { .. } => "match.continuation",
    }
}

fn horizon_drivers(horizon: &Horizon) -> Vec<(String, String)> {
    match *horizon {
        Horizon::Fixed { turns } => vec![("match.turns".into(), turns.to_string())],
        Horizon::Random { continuation, cap } => {
            let mut v = vec![("match.continuation".into(), continuation.to_string())];
            if let Some(c) = cap {
                v.push(("match.cap".into(), c.to_string()));
            }
            v
        }
    }
}

fn tournament_estimate(t: &Tournament, players_field: &str) -> Estimate {
    let mut drivers = vec![
        (players_field.to_string(), t.players.len().to_string()),
        ("match.repetitions".into(), t.repetitions.to_string()),
    ];
    drivers.extend(horizon_drivers(&t.settings.horizon));
    Estimate {
        measure: "ordinary turns to simulate",
        amount: tournament_turns(t),
        limit: MAX_TURNS,
        field: players_field.to_string(),
        drivers,
        notes: costly_players(&t.players, expected_turns(&t.settings.horizon)),
    }
}

/// Most operations of exact joint chains (`[match] method = "exact"`) in
/// one study, in units of one state carried one turn forward in doubles:
/// measured at 1.7 x 10^8 such steps a second on two cores, and the
/// estimate is an upper bound (each pair's joint states counted as the
/// product of its machines' states), so a minute or two at most.
pub const MAX_CHAIN_OPERATIONS: u128 = 10_000_000_000;

/// What an exact chain's estimate measures.
pub const CHAIN_MEASURE: &str = "operations of the exact joint chains (joint states x turns; exact \
                                 fractions x turns x 4 more)";

/// The exact fractions a pair's chain computes besides its doubles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fractions {
    /// None (an input is not a plain fraction, or none are asked for).
    None,
    /// Of a chain whose every probability is 0 or 1 (no noise,
    /// deterministic machines): their digits do not grow.
    Certain,
    /// Of a chain with probabilities: their digits grow with the turns.
    Growing,
}

/// The operations of one exact match between machines of `a` and `b`
/// states (`exact::chain`), at most: its joint states S, counted as a x b
/// up to the joint-state limit; a fixed horizon of n turns (or a cap n) is
/// S x n steps, and its exact fractions, whose digits grow with the turns
/// when the chain has probabilities, 4 S n^2 more (measured: 3.9 x 10^7 S
/// n^2 a second on two cores; 4 S n when every probability is 0 or 1); a
/// random horizon without a cap is a linear solve, S^3 / 96 (its zeros
/// skipped: 5.6 x 10^9 S^3 / 3 a second measured), and its fractions 4 S^4
/// / 3 (288 states took 129 s). Fractions are computed when the inputs are
/// plain fractions (`exact::analysis::rational_inputs` and rational
/// machines) and the chain is small enough (`exact::analysis::fractions_fit`).
pub fn exact_pair_operations(a: usize, b: usize, horizon: &Horizon, fractions: Fractions) -> u128 {
    use crate::exact::analysis::{MAX_JOINT_STATES, fractions_fit};
    use crate::exact::chain::Length;
    let states = a.saturating_mul(b).clamp(1, MAX_JOINT_STATES);
    let s = states as u128;
    let (length, float, exact) = match *horizon {
        Horizon::Fixed { turns: n }
        | Horizon::Random {
            cap: Some(n),
            continuation: _,
        } => {
            let n = n as u128;
            let digits = if fractions == Fractions::Certain {
                1
            } else {
                n
            };
            (Length::Turns(n as u32), s * n, 4 * s * n * digits)
        }
        Horizon::Random { cap: None, .. } => (Length::Infinite, s.pow(3) / 96, 4 * s.pow(4) / 3),
    };
    if fractions != Fractions::None
        && fractions_fit(states, &length, fractions == Fractions::Growing)
    {
        float.saturating_add(exact)
    } else {
        float
    }
}

/// The operations of the exact pairs `ids` (in `pairings` order: a round
/// robin's is `exact::matrix::pairs`) of a tournament whose players have
/// `machines` under `settings`, with exact fractions when `fractions` asks
/// for them (a tournament does, the evolutionary kinds do not).
pub fn exact_operations(
    machines: &[crate::exact::machine::Machine],
    settings: &MatchSettings,
    fractions: bool,
    pairings: &Pairings,
    ids: std::ops::Range<u64>,
) -> u128 {
    use crate::exact::analysis::{Question, rational_inputs};
    let inputs = fractions && rational_inputs(&Question::of(settings, None, true));
    let n = machines.len();
    pairings
        .from(n, ids.start)
        .take(ids.end.saturating_sub(ids.start) as usize)
        .map(|(i, j)| {
            let (a, b) = (&machines[i], &machines[j]);
            let kind = if !(inputs && a.is_rational() && b.is_rational()) {
                Fractions::None
            } else if settings.noise == 0.0 && a.is_deterministic() && b.is_deterministic() {
                Fractions::Certain
            } else {
                Fractions::Growing
            };
            exact_pair_operations(a.len(), b.len(), &settings.horizon, kind)
        })
        .fold(0u128, u128::saturating_add)
}

/// The pairs of a round robin of `players` players, self-play included.
fn pair_count(players: usize) -> u64 {
    Pairings::RoundRobin.count(players)
}

/// The estimate of an exact tournament's chains (its pairs `ids`; fractions
/// as [`exact_operations`]).
fn exact_estimate(
    t: &crate::scenario::TournamentScenario,
    machines: &[crate::exact::machine::Machine],
    fractions: bool,
) -> Estimate {
    let mut drivers = vec![("players".to_string(), t.players.len().to_string())];
    drivers.extend(horizon_drivers(&t.settings.horizon));
    let all = 0..t.pairings.count(machines.len());
    Estimate {
        measure: CHAIN_MEASURE,
        amount: exact_operations(machines, &t.settings, fractions, &t.pairings, all),
        limit: MAX_CHAIN_OPERATIONS,
        field: "match.method".into(),
        drivers,
        notes: vec![format!(
            "each pair's joint states counted as the product of its machines' states, up to {}",
            crate::exact::analysis::MAX_JOINT_STATES
        )],
    }
}

/// A tournament's estimate: its turns, or its exact chains (`fractions`:
/// with exact fractions, as a tournament computes them).
fn played_or_exact(t: &crate::scenario::TournamentScenario, fractions: bool) -> Estimate {
    match &t.method {
        crate::scenario::tournament::Method::Exact(machines) => {
            exact_estimate(t, machines, fractions)
        }
        crate::scenario::tournament::Method::Simulate => {
            tournament_estimate(&t.tournament(), "players")
        }
    }
}

/// Every measure of a scenario's work.
pub fn estimate(scenario: &Scenario) -> Vec<Estimate> {
    match scenario {
        Scenario::Tournament(t) => vec![played_or_exact(t, true)],
        Scenario::Ecological(e) => {
            let t = e.tournament.tournament();
            let types = t.players.len() as u128;
            let drivers = vec![
                ("dynamics.steps".to_string(), e.steps.to_string()),
                ("players".to_string(), types.to_string()),
            ];
            let per_share = if e.tournament.charts {
                SHARE_BYTES_CHARTED
            } else {
                SHARE_BYTES
            };
            vec![
                played_or_exact(&e.tournament, false),
                Estimate {
                    measure: "replicator updates (steps x types^2)",
                    amount: (e.steps as u128).saturating_mul(types * types),
                    limit: MAX_REPLICATOR_UPDATES,
                    field: "dynamics.steps".into(),
                    drivers: drivers.clone(),
                    notes: Vec::new(),
                },
                Estimate {
                    measure: "bytes of shares held (steps x types, each written to shares.csv \
                              and drawn)",
                    amount: (e.steps as u128 + 1)
                        .saturating_mul(types)
                        .saturating_mul(per_share),
                    limit: MAX_HELD_BYTES,
                    field: "dynamics.steps".into(),
                    drivers,
                    notes: vec![format!(
                        "about {per_share} bytes a share{}",
                        if e.tournament.charts {
                            " with charts, 12 without"
                        } else {
                            ""
                        }
                    )],
                },
            ]
        }
        Scenario::Moran(m) => {
            let n = m.process.initial.len() as u64;
            let mut drivers = vec![
                ("moran.runs".into(), m.runs.to_string()),
                ("population (individuals)".into(), n.to_string()),
            ];
            if let Some(s) = m.process.max_steps {
                drivers.push(("moran.steps".into(), s.to_string()));
            }
            if m.process.mutation > 0.0 {
                drivers.push(("moran.mutation".into(), m.process.mutation.to_string()));
            }
            let graph = &m.process.replacement;
            let factor = graph_factor(graph);
            if !graph.is_complete() {
                drivers.push(("moran.replacement".into(), graph.description.clone()));
            }
            let steps = moran_steps(n, m.runs, m.process.mutation, m.process.max_steps, factor);
            let matches = moran_match_estimate(m, steps, &drivers);
            // Steps on the node-by-node path cost N each (the count-based
            // path, on complete graphs with fitness known in advance, O(1)).
            let by_node = !(m.process.interaction.is_complete()
                && graph.is_complete()
                && match &m.process.fitness {
                    crate::evolution::moran::Fitness::Constant(_) => true,
                    crate::evolution::moran::Fitness::Matches(t) => t.is_deterministic(),
                });
            let visits = if by_node {
                steps.saturating_mul(n as u128)
            } else {
                0
            };
            let notes = if factor > 1.0 {
                vec![format!(
                    "a run on the {} graph takes about {factor:.0} times the N^2 steps of the \
                     complete graph",
                    graph.description
                )]
            } else {
                Vec::new()
            };
            vec![
                Estimate {
                    measure: "process steps",
                    amount: steps,
                    limit: MAX_MORAN_STEPS,
                    field: "moran.runs".into(),
                    drivers: drivers.clone(),
                    notes: notes.clone(),
                },
                matches,
                Estimate {
                    measure: "node visits (process steps x individuals, off the complete graph)",
                    amount: visits,
                    limit: MAX_NODE_VISITS,
                    field: "moran.runs".into(),
                    drivers,
                    notes,
                },
            ]
        }
        Scenario::Spatial(s) => {
            let updates = cell_updates(s.game.rows as u64, s.game.cols as u64, s.steps);
            let mut estimates = vec![Estimate {
                measure: "cell updates",
                amount: updates,
                limit: MAX_CELL_UPDATES,
                field: "lattice.steps".into(),
                drivers: vec![
                    (
                        "lattice.rows x lattice.cols".into(),
                        format!("{} x {}", s.game.rows, s.game.cols),
                    ),
                    ("lattice.steps".into(), s.steps.to_string()),
                ],
                notes: Vec::new(),
            }];
            // Catalogue cells whose matches are sampled afresh (a stochastic
            // strategy, noise, a random horizon) play every neighbour every
            // step: turns = cell updates x opponents x match length.
            if let (Some((_, settings, _)), CellPayoff::Matches(table)) = (&s.cells, &s.game.payoff)
            {
                if !table.is_deterministic() {
                    let mut drivers = vec![
                        (
                            "lattice.rows x lattice.cols".into(),
                            format!("{} x {}", s.game.rows, s.game.cols),
                        ),
                        ("lattice.steps".into(), s.steps.to_string()),
                        (
                            "opponents per cell".into(),
                            s.game.opponents_per_cell().to_string(),
                        ),
                    ];
                    drivers.extend(horizon_drivers(&settings.horizon));
                    let turns = expected_turns(&settings.horizon);
                    estimates.push(Estimate {
                        measure: "ordinary turns of sampled cell matches",
                        amount: updates
                            .saturating_mul(s.game.opponents_per_cell() as u128)
                            .saturating_mul(turns)
                            .saturating_mul(most_cost(&table.players, turns)),
                        limit: MAX_TURNS,
                        field: "lattice.steps".into(),
                        drivers,
                        notes: costly_players(&table.players, turns),
                    });
                }
            }
            // The deterministic pairs, played once when the table is first
            // used.
            if let Some((players, settings, _)) = &s.cells {
                let mut drivers = vec![("players".to_string(), players.len().to_string())];
                drivers.extend(horizon_drivers(&settings.horizon));
                estimates.push(Estimate {
                    measure: "ordinary turns of the payoff table",
                    amount: table_turns(players, settings),
                    limit: MAX_TURNS,
                    field: "match.turns".into(),
                    drivers,
                    notes: costly_players(players, expected_turns(&settings.horizon)),
                });
            }
            estimates
        }
        Scenario::Impartial(s) => vec![Estimate {
            measure: "positions to solve",
            amount: s.positions.len() as u128,
            limit: MAX_POSITIONS,
            field: "game.positions".into(),
            drivers: vec![(
                "game.positions".into(),
                format!("{} entries", s.positions.len()),
            )],
            notes: Vec::new(),
        }],
        Scenario::Sweep(s) if matches!(s.base.method, Method::Exact(_)) => {
            let keys: Vec<&str> = s.axes.iter().map(|a| a.key.as_str()).collect();
            let amount = s
                .points
                .iter()
                .map(|p| played_or_exact(&p.tournament, true).amount)
                .fold(0u128, u128::saturating_add);
            let mut drivers = vec![
                ("sweep grid points".into(), s.points.len().to_string()),
                ("sweep axes".into(), keys.join(" x ")),
                ("players".into(), s.base.players.len().to_string()),
            ];
            drivers.extend(
                horizon_drivers(&s.base.settings.horizon)
                    .into_iter()
                    .filter(|(f, _)| !keys.contains(&f.as_str())),
            );
            vec![Estimate {
                measure: CHAIN_MEASURE,
                amount,
                limit: MAX_CHAIN_OPERATIONS,
                field: "sweep".into(),
                drivers,
                notes: played_or_exact(&s.base, true).notes,
            }]
        }
        Scenario::Sweep(s) => {
            let keys: Vec<&str> = s.axes.iter().map(|a| a.key.as_str()).collect();
            let amount = s
                .points
                .iter()
                .map(|p| tournament_turns(&p.tournament.tournament()))
                .fold(0u128, u128::saturating_add);
            vec![Estimate {
                measure: "turns to simulate over the grid",
                amount,
                limit: MAX_TURNS,
                field: "sweep".into(),
                drivers: vec![
                    ("sweep grid points".into(), s.points.len().to_string()),
                    ("sweep axes".into(), keys.join(" x ")),
                    ("players".into(), s.base.players.len().to_string()),
                ],
                notes: s.points.first().map_or_else(Vec::new, |p| {
                    let t = p.tournament.tournament();
                    costly_players(&t.players, expected_turns(&t.settings.horizon))
                }),
            }]
        }
        Scenario::Fixation(f) => {
            let s = &f.study;
            let n = s.players.len() as u64;
            let pairs = n * n.saturating_sub(1);
            let matches = fixation_match_estimate(s);
            vec![
                Estimate {
                    measure: "process steps",
                    amount: fixation_run_steps(s.size as u64)
                        .saturating_mul(pairs.saturating_mul(s.runs) as u128),
                    limit: MAX_MORAN_STEPS,
                    field: "fixation.runs".into(),
                    drivers: vec![
                        ("players".into(), n.to_string()),
                        ("fixation.size".into(), s.size.to_string()),
                        ("fixation.runs".into(), s.runs.to_string()),
                    ],
                    notes: Vec::new(),
                },
                matches,
            ]
        }
        Scenario::EvolutionSweep(s) => {
            use crate::scenario::EvolutionSweep;
            // Each measure summed over the grid's points.
            let (base, points): (Vec<Estimate>, Vec<Vec<Estimate>>) = match &**s {
                EvolutionSweep::Moran(m) => (
                    estimate(&Scenario::Moran(Box::new(m.base.clone()))),
                    m.points
                        .iter()
                        .map(|p| estimate(&Scenario::Moran(Box::new(p.study.clone()))))
                        .collect(),
                ),
                EvolutionSweep::Ecological(e) => (
                    estimate(&Scenario::Ecological(Box::new(e.base.clone()))),
                    e.points
                        .iter()
                        .map(|p| estimate(&Scenario::Ecological(Box::new(p.study.clone()))))
                        .collect(),
                ),
                EvolutionSweep::Invasion(s) => (
                    estimate(&Scenario::Invasion(Box::new(s.base.clone()))),
                    s.points
                        .iter()
                        .map(|p| estimate(&Scenario::Invasion(Box::new(p.study.clone()))))
                        .collect(),
                ),
            };
            let keys: Vec<String> = match &**s {
                EvolutionSweep::Moran(m) => m.axes.iter().map(|a| a.key.clone()).collect(),
                EvolutionSweep::Ecological(e) => e.axes.iter().map(|a| a.key.clone()).collect(),
                EvolutionSweep::Invasion(s) => s.axes.iter().map(|a| a.key.clone()).collect(),
            };
            base.into_iter()
                .enumerate()
                .map(|(i, first)| {
                    let amount = points
                        .iter()
                        .filter_map(|p| p.get(i).map(|e| e.amount))
                        .fold(0u128, u128::saturating_add);
                    let mut drivers = vec![
                        ("sweep grid points".to_string(), points.len().to_string()),
                        ("sweep axes".to_string(), keys.join(" x ")),
                    ];
                    // The base study's drivers, but not the swept keys (their
                    // base values are not what runs).
                    drivers.extend(first.drivers.into_iter().filter(|(f, _)| !keys.contains(f)));
                    Estimate {
                        measure: first.measure,
                        amount,
                        limit: first.limit,
                        drivers,
                        field: "sweep".into(),
                        notes: first.notes,
                    }
                })
                .collect()
        }
        Scenario::NormalForm(nf) => match &nf.study {
            crate::scenario::normal_form::Study::Travelers(g, lambda, lambda_max, bonuses) => {
                // The branch is traced twice (the CSV and the report), then
                // one trace to `lambda` per bonus.
                let branch = qre_cost(g.low, g.high, g.bonus.to_f64(), *lambda_max);
                let mut costs = vec![branch, branch];
                costs.extend(
                    bonuses
                        .iter()
                        .map(|r| qre_cost(g.low, g.high, r.to_f64(), *lambda)),
                );
                let field = if travelers_estimate(&costs[..2], "", Vec::new()).exceeds() {
                    "qre.lambda_max"
                } else {
                    "qre.bonuses"
                };
                let drivers = vec![
                    (
                        "game.low..game.high".into(),
                        format!("{}..{}", g.low, g.high),
                    ),
                    ("qre.lambda_max".into(), lambda_max.to_string()),
                    ("qre.bonuses".into(), format!("{} values", bonuses.len())),
                    ("qre.lambda".into(), lambda.to_string()),
                ];
                vec![travelers_estimate(&costs, field, drivers)]
            }
            _ => Vec::new(),
        },
        Scenario::Pirates(p) => vec![pirates_scenario_estimate(
            p.game.pirates as u64,
            p.survival_max as u64,
        )],
        Scenario::Guess(_) => Vec::new(),
        Scenario::Invasion(s) => invasion_estimates(s),
        Scenario::Fingerprint(s) => vec![fingerprint_estimate(s)],
        Scenario::Train(s) => vec![train_estimate(s)],
    }
}

/// A fingerprint: the turns played (simulate: values x turns x
/// repetitions) or carried through the joint chain (exact: values x turns x
/// an allowance of 16 joint states), against the turn limit.
fn fingerprint_estimate(s: &crate::scenario::fingerprint::FingerprintScenario) -> Estimate {
    use crate::scenario::fingerprint::{Fingerprint, FingerprintMethod};
    let per_value = match (&s.fingerprint, s.method) {
        (_, FingerprintMethod::Exact) => 16,
        (Fingerprint::Ashlock { .. }, FingerprintMethod::Simulate) => s.repetitions as u128,
        // Transitive: one value per opponent covers every turn.
        (Fingerprint::Transitive { .. }, FingerprintMethod::Simulate) => s.repetitions as u128,
    };
    Estimate {
        measure: "turns of fingerprint matches",
        amount: s.values() * s.turns as u128 * per_value,
        limit: MAX_TURNS,
        field: "fingerprint.step".into(),
        drivers: vec![
            ("values".into(), s.values().to_string()),
            ("fingerprint.turns".into(), s.turns.to_string()),
            ("fingerprint.repetitions".into(), s.repetitions.to_string()),
        ],
        notes: Vec::new(),
    }
}

/// A training run: every generation evaluates every candidate against
/// every opponent, `repetitions` matches each (one when the opponent and
/// the trained kind are deterministic, with a fixed horizon and no noise:
/// a lookup table, a cycle, a state machine, a network; a gambler or a
/// hidden Markov model draws), each turn weighed by the two players' move
/// costs (the candidate's from `ipd::strategies::cost` for a player of the
/// trained kind and sizes: a network's grows with its hidden units); then
/// the trained player's tournament against the opponents.
pub fn train_turns(s: &crate::scenario::train::TrainScenario) -> u128 {
    let turns = expected_turns(&s.settings.horizon);
    let candidate = s.representation.sample_player();
    let repeatable =
        s.settings.noise == 0.0 && !s.settings.horizon.is_random() && !candidate.is_stochastic();
    let own = cost_units(&candidate, turns);
    let per_candidate: u128 = s
        .opponents
        .iter()
        .map(|p| {
            let reps = if repeatable && !p.is_stochastic() {
                1
            } else {
                s.repetitions as u128
            };
            (own + cost_units(p, turns)).saturating_mul(reps)
        })
        .fold(0u128, u128::saturating_add);
    // The Moran objective also plays the candidate against itself each
    // evaluation (and the opponents against themselves once, counted with
    // the final tournament's self-play below).
    let self_play: u128 = match s.objective {
        crate::train::Objective::Moran { .. } => {
            2u128.saturating_mul(if repeatable { 1 } else { s.repetitions as u128 })
        }
        _ => 0,
    };
    let per_candidate = per_candidate.saturating_add(self_play);
    let training = turns_of_moves(
        per_candidate
            .saturating_mul(s.genetic.generations as u128)
            .saturating_mul(s.restarts as u128)
            .saturating_mul(s.genetic.population as u128)
            .saturating_mul(turns),
    );
    // The trained player's tournament, a player of its kind standing in.
    let tournament = s.final_tournament(candidate).tournament();
    training.saturating_add(tournament_turns(&tournament))
}

fn train_estimate(s: &crate::scenario::train::TrainScenario) -> Estimate {
    let turns = expected_turns(&s.settings.horizon);
    let horizon = match s.settings.horizon {
        Horizon::Fixed { turns } => ("match.turns".to_string(), turns.to_string()),
        Horizon::Random { continuation, .. } => {
            ("match.continuation".to_string(), continuation.to_string())
        }
    };
    Estimate {
        measure: "ordinary turns to simulate (generations x restarts x population x opponents \
                  x turns x repetitions, a deterministic pair once, and the final tournament)",
        amount: train_turns(s),
        limit: MAX_TURNS,
        field: "algorithm.generations".into(),
        drivers: vec![
            (
                "algorithm.generations".into(),
                s.genetic.generations.to_string(),
            ),
            ("algorithm.restarts".into(), s.restarts.to_string()),
            (
                "algorithm.population".into(),
                s.genetic.population.to_string(),
            ),
            ("opponents".into(), s.opponents.len().to_string()),
            horizon,
            ("match.repetitions".into(), s.repetitions.to_string()),
        ],
        notes: costly_players(&s.opponents, turns),
    }
}

/// An invasion analysis: the tournament it plays, if any; the terms of
/// its fixation sums, S (S - 1) (Z - 1); the steps of the small-mutation
/// chain's elimination, S^3 / 3.
fn invasion_estimates(s: &crate::scenario::InvasionScenario) -> Vec<Estimate> {
    use crate::scenario::invasion::InvasionPayoffs;
    let strategies = s.strategies() as u128;
    let (mut estimates, field) = match &s.payoffs {
        InvasionPayoffs::Tournament(t) => (vec![played_or_exact(t, false)], "players"),
        InvasionPayoffs::Table { .. } => (Vec::new(), "payoffs.table"),
    };
    let z = s.population as u128;
    // The abundance curve repeats both at each of its intensities.
    let chains = 1 + s.curve.map_or(0, |c| c.points as u128);
    let mut drivers = vec![
        ("strategies".into(), strategies.to_string()),
        ("population.size".into(), s.population.to_string()),
    ];
    if let Some(c) = s.curve {
        drivers.push(("curve.points".into(), c.points.to_string()));
    }
    estimates.push(Estimate {
        measure: "fixation terms (strategies x (strategies - 1) x (size - 1) x chains)",
        amount: strategies
            .saturating_mul(strategies.saturating_sub(1))
            .saturating_mul(z.saturating_sub(1))
            .saturating_mul(chains),
        limit: MAX_FIXATION_TERMS,
        field: "population.size".into(),
        drivers: drivers.clone(),
        notes: Vec::new(),
    });
    drivers.remove(1);
    estimates.push(Estimate {
        measure: "elimination steps of the small-mutation chains (strategies^3 / 3 x chains)",
        amount: (strategies.saturating_pow(3) / 3).saturating_mul(chains),
        limit: MAX_CHAIN_STEPS,
        field: field.into(),
        drivers,
        notes: Vec::new(),
    });
    estimates
}

/// Edges of a graph (each counted once).
fn edges(graph: &crate::evolution::graph::Graph) -> u128 {
    let degrees: u128 = (0..graph.len()).map(|i| graph.degree(i) as u128).sum();
    degrees / 2
}

/// A Moran study's matches: the payoff table's deterministic pairs once,
/// and when a pair must be sampled (a stochastic type, noise, a random
/// horizon) every interaction edge's match at every step, each turn at the
/// most expensive type's cost. Always present (zero with constant fitness),
/// so sweeps add the same measures point by point.
fn moran_match_estimate(
    m: &crate::scenario::moran::MoranScenario,
    steps: u128,
    drivers: &[(String, String)],
) -> Estimate {
    use crate::evolution::moran::Fitness;
    let mut drivers = drivers.to_vec();
    drivers.extend(horizon_drivers(&m.settings.horizon));
    let (amount, notes) = match &m.process.fitness {
        Fitness::Constant(_) => (0, Vec::new()),
        Fitness::Matches(table) if table.machines().is_some() => {
            // The chains depend on the types and the horizon only.
            let mut drivers = vec![("players".to_string(), table.len().to_string())];
            drivers.extend(horizon_drivers(&m.settings.horizon));
            return expected_table_estimate(table, &drivers);
        }
        Fitness::Matches(table) => {
            let turns = expected_turns(&table.settings.horizon);
            let mut amount = table_turns(&table.players, &table.settings);
            if !table.is_deterministic() {
                if table.settings.noise > 0.0 {
                    drivers.push(("match.noise".into(), table.settings.noise.to_string()));
                }
                drivers.push((
                    "interaction edges".into(),
                    edges(&m.process.interaction).to_string(),
                ));
                amount = amount.saturating_add(
                    steps
                        .saturating_mul(edges(&m.process.interaction))
                        .saturating_mul(turns)
                        .saturating_mul(most_cost(&table.players, turns)),
                );
            }
            (amount, costly_players(&table.players, turns))
        }
    };
    Estimate {
        measure: "ordinary turns of matches",
        amount,
        limit: MAX_TURNS,
        field: horizon_field(&m.settings.horizon).into(),
        drivers,
        notes,
    }
}

/// An expected payoff table's chains (a Moran or fixation study with
/// `[match] method = "exact"`: every pair once, in doubles; no match is
/// played), with the study's `drivers`.
fn expected_table_estimate(
    table: &crate::evolution::payoff_table::PayoffTable,
    drivers: &[(String, String)],
) -> Estimate {
    let machines = table.machines().unwrap_or_default();
    let drivers = drivers.to_vec();
    Estimate {
        measure: CHAIN_MEASURE,
        amount: exact_operations(
            machines,
            &table.settings,
            false,
            &Pairings::RoundRobin,
            0..pair_count(machines.len()),
        ),
        limit: MAX_CHAIN_OPERATIONS,
        field: "match.method".into(),
        drivers,
        notes: vec![format!(
            "each pair's joint states counted as the product of its machines' states, up to {}",
            crate::exact::analysis::MAX_JOINT_STATES
        )],
    }
}

/// A fixation matrix's matches: per ordered pair, its two-type payoff table
/// (deterministic pairs once), and when the pair must be sampled, N (N - 1)
/// / 2 matches at each of the N^2 steps of every run, at the dearer type's
/// cost.
fn fixation_match_estimate(s: &crate::evolution::fixation_matrix::FixationMatrix) -> Estimate {
    if let Some(table) = &s.expected {
        let mut drivers = vec![("players".to_string(), s.players.len().to_string())];
        drivers.extend(horizon_drivers(&s.settings.horizon));
        return expected_table_estimate(table, &drivers);
    }
    let turns = expected_turns(&s.settings.horizon);
    let n = s.size as u128;
    let per_run_matches = fixation_run_steps(s.size as u64)
        .saturating_mul(n.saturating_mul(n.saturating_sub(1)) / 2)
        .saturating_mul(turns);
    let repeatable = s.settings.noise == 0.0 && !s.settings.horizon.is_random();
    let costs: Vec<u128> = s.players.iter().map(|p| cost_units(p, turns)).collect();
    let mut amount = 0u128;
    for a in 0..s.players.len() {
        for b in (0..s.players.len()).filter(|&b| b != a) {
            let pair = [s.players[a].clone(), s.players[b].clone()];
            amount = amount.saturating_add(table_turns(&pair, &s.settings));
            let sampled = !repeatable || pair.iter().any(Player::is_stochastic);
            if sampled {
                amount = amount.saturating_add(
                    per_run_matches
                        .saturating_mul(s.runs as u128)
                        .saturating_mul(costs[a].max(costs[b])),
                );
            }
        }
    }
    let mut drivers = vec![
        ("players".to_string(), s.players.len().to_string()),
        ("fixation.size".to_string(), s.size.to_string()),
        ("fixation.runs".to_string(), s.runs.to_string()),
    ];
    drivers.extend(horizon_drivers(&s.settings.horizon));
    if s.settings.noise > 0.0 {
        drivers.push(("match.noise".into(), s.settings.noise.to_string()));
    }
    Estimate {
        measure: "ordinary turns of matches",
        amount,
        limit: MAX_TURNS,
        field: horizon_field(&s.settings.horizon).into(),
        drivers,
        notes: costly_players(&s.players, turns),
    }
}

/// A `pirates` scenario's estimate: the split of `game.pirates` and the
/// survival range to `output.survival_max`, each N (N + 1) / 2 induction
/// steps, against the `dilemma pirates` limit; the field is the larger.
pub fn pirates_scenario_estimate(pirates: u64, survival_max: u64) -> Estimate {
    let field = if survival_max > pirates {
        "output.survival_max"
    } else {
        "game.pirates"
    };
    Estimate {
        measure: "induction steps (the split and the survival range)",
        amount: induction_steps(pirates).saturating_add(induction_steps(survival_max)),
        limit: MAX_INDUCTION_STEPS,
        drivers: vec![
            ("game.pirates".into(), pirates.to_string()),
            ("output.survival_max".into(), survival_max.to_string()),
        ],
        field: field.into(),
        notes: Vec::new(),
    }
}

/// Most pirate-split induction steps (N (N + 1) / 2 for N pirates: each
/// round is linear in the pirates alive); measured at 1.4 x 10^9 a second
/// since issue 26 counted the prices by value (N = 100,000, 5 x 10^9 steps:
/// 3.7 s of CPU; 29 s before), so about 4.5 s (it was 5 x 10^9 until the
/// audit of issue 27).
pub const MAX_INDUCTION_STEPS: u128 = 6_000_000_000;
/// Most QRE cost units ([`qre_cost`]: claims^3 / 3 x (45 + 100 ln(1 +
/// lambda)) per trace, summed over every trace a command or scenario
/// runs); measured at 0.8 to 1.6 x 10^9 units a second, so 30 s to a
/// minute. (Until the audit of issue 27 the cost was lambda x (spread of
/// the payoffs) x claims^3 against 1.5 x 10^10: 150 claims to lambda 100
/// was estimated at 5 x 10^10 and refused, and takes 0.6 s.)
pub const MAX_QRE_COST: u128 = 50_000_000_000;
/// Most simulated choices (players x rounds) of a guessing-game simulation
/// (about 2.5 s in a release build, and 400 MB: every choice is kept).
pub const MAX_GUESS_CHOICES: u128 = 50_000_000;
/// Most simulated choices even with `--no-limit`: 8 bytes each are kept for
/// the report, so 2 GB here.
pub const HARD_GUESS_CHOICES: u128 = 250_000_000;

/// Pirate-split induction steps for `pirates` pirates.
pub fn induction_steps(pirates: u64) -> u128 {
    let n = pirates as u128;
    n.saturating_mul(n + 1) / 2
}

impl Estimate {
    /// The refusal of a command (`dilemma COMMAND`), in words: the option
    /// that drives it, the estimate, the limit and `--no-limit`.
    pub fn command_message(&self, command: &str) -> String {
        let drivers: Vec<String> = self
            .drivers
            .iter()
            .map(|(f, v)| format!("{f} {v}"))
            .collect();
        format!(
            "{}: too much work: {} gives about {} {}{}, more than the default limit of {} \
             (minutes on a laptop); make it smaller, or lift the limit with `dilemma {command} \
             --no-limit`",
            self.field,
            drivers.join(", "),
            shown(self.amount),
            self.measure,
            self.notes_text(),
            shown(self.limit)
        )
    }
}

/// `dilemma match A B`'s estimate: ordinary turns of `repetitions` matches
/// of the pair at the horizon's expected length, each turn weighed by the
/// two players' move costs (a deterministic pair is played every time: the
/// command does not reuse matches). `drivers`: the options that set the
/// horizon and the repetitions, as given; the error names `--repetitions`
/// when there are more than one, else the horizon's option.
pub fn match_estimate(
    players: [&Player; 2],
    horizon: &Horizon,
    repetitions: u64,
    drivers: Vec<(String, String)>,
) -> Estimate {
    let turns = expected_turns(horizon);
    let moves = (cost_units(players[0], turns) + cost_units(players[1], turns))
        .saturating_mul(turns)
        .saturating_mul(repetitions as u128);
    let field = if repetitions > 1 {
        "--repetitions".to_string()
    } else {
        drivers.first().map_or("--turns".into(), |d| d.0.clone())
    };
    Estimate {
        measure: "ordinary turns to simulate",
        amount: turns_of_moves(moves),
        limit: MAX_TURNS,
        drivers,
        field,
        notes: costly_players(&[players[0].clone(), players[1].clone()], turns),
    }
}

/// The pirate split's estimate (`field` names the option or key of N).
pub fn pirates_estimate(pirates: u64, field: &str) -> Estimate {
    Estimate {
        measure: "induction steps",
        amount: induction_steps(pirates),
        limit: MAX_INDUCTION_STEPS,
        drivers: vec![(field.to_string(), pirates.to_string())],
        field: field.to_string(),
        notes: Vec::new(),
    }
}

/// The cost of one QRE trace to `lambda`: claims^3 / 3 (one dense solve of
/// the predictor-corrector, about a nanosecond each) times the solves the
/// trace makes, 45 + 100 ln(1 + lambda) (the step grows 1.5 times a step
/// with the unknowns' scale, so the steps grow with the logarithm of
/// lambda; fitted to traces of 50 to 150 claims, lambda 0.1 to 100, bonus
/// 2 to 10^6, which changes little); saturating, `u128::MAX` when not
/// finite. `bonus` is kept for the callers (it does not drive the cost).
pub fn qre_cost(low: i64, high: i64, _bonus: f64, lambda: f64) -> u128 {
    if lambda.is_nan() {
        return u128::MAX;
    }
    let claims = (high as f64 - low as f64) + 1.0;
    let solves = 45.0 + 100.0 * lambda.max(0.0).ln_1p();
    let cost = claims.powi(3) / 3.0 * solves;
    if cost.is_finite() && cost >= 0.0 {
        cost.ceil().min(u128::MAX as f64) as u128
    } else {
        u128::MAX
    }
}

/// The traveler's dilemma's estimate: the sum of the traces' costs.
pub fn travelers_estimate(
    traces: &[u128],
    field: &str,
    drivers: Vec<(String, String)>,
) -> Estimate {
    Estimate {
        measure: "QRE cost units (claims^3 / 3 x (45 + 100 ln(1 + lambda)), summed over traces)",
        amount: traces.iter().copied().fold(0u128, u128::saturating_add),
        limit: MAX_QRE_COST,
        drivers,
        field: field.to_string(),
        notes: Vec::new(),
    }
}

/// A guessing-game simulation's estimate.
pub fn guess_estimate(players: u64, rounds: u64) -> Estimate {
    Estimate {
        measure: "simulated choices (players x rounds)",
        amount: (players as u128).saturating_mul(rounds as u128),
        limit: MAX_GUESS_CHOICES,
        drivers: vec![
            ("--players".into(), players.to_string()),
            ("--rounds".into(), rounds.to_string()),
        ],
        field: "--rounds".into(),
        notes: Vec::new(),
    }
}

/// Turns the matches with ids `ids` of a tournament simulate (ids as in
/// `crate::ipd::tournament`: `pair * repetitions + repetition`): each
/// match's expected length, a deterministic pair once if any of its
/// repetitions is in the range (it is played once and reused).
pub fn tournament_turns_of(tournament: &Tournament, ids: std::ops::Range<u64>) -> u128 {
    let reps = tournament.repetitions as u64;
    let total = tournament.match_id_count();
    let (start, end) = (ids.start.min(total), ids.end.min(total));
    if reps == 0 || start >= end {
        return 0;
    }
    let n = tournament.players.len();
    let turns = expected_turns(&tournament.settings.horizon);
    let (first, last) = (start / reps, (end - 1) / reps);
    let pairs = tournament.pairings.from(n, first);
    // Costs only of the players the range touches: a shard of a big
    // tournament stays cheap to check.
    let mut costs: Vec<Option<u128>> = vec![None; n];
    let mut cost =
        |i: usize| *costs[i].get_or_insert_with(|| cost_units(&tournament.players[i], turns));
    // Moves per turn summed over the matches played.
    let mut moves = 0u128;
    for (p, (i, j)) in (first..=last).zip(pairs) {
        let base = p * reps;
        let count = end.min(base + reps) - start.max(base);
        let played = if tournament.is_repeatable(i, j) {
            1
        } else {
            count as u128
        };
        moves = moves.saturating_add(played * (cost(i) + cost(j)));
    }
    turns_of_moves(moves.saturating_mul(turns))
}

/// The work of shard `shard` of a study that can be split (a tournament,
/// a sweep, a fixation matrix: the unit ids of its study, `study::kinds`); other
/// kinds have the whole study's [`estimate`]. Each measure is the one
/// [`estimate`] gives, counted over the shard's units only; with it, the
/// shard's part in words (`matches 0..120 of 480`).
pub fn shard_estimate(scenario: &Scenario, shard: crate::scale::Shard) -> (Vec<Estimate>, String) {
    let mut estimates = estimate(scenario);
    let (amount, total, unit) = match scenario {
        Scenario::Tournament(t) if matches!(t.method, Method::Exact(_)) => {
            let machines = t.machines();
            let total = t.pairings.count(machines.len());
            let ids = shard.ids(total);
            (
                exact_operations(machines, &t.settings, true, &t.pairings, ids),
                total,
                "pairs",
            )
        }
        Scenario::Sweep(s) if matches!(s.base.method, Method::Exact(_)) => {
            let per = s.base.pairings.count(s.base.players.len());
            let total = per * s.points.len() as u64;
            let ids = shard.ids(total);
            let mut amount = 0u128;
            for (k, p) in s.points.iter().enumerate() {
                let offset = k as u64 * per;
                let (from, to) = (ids.start.max(offset), ids.end.min(offset + per));
                if from < to {
                    let machines = p.tournament.machines();
                    amount = amount.saturating_add(exact_operations(
                        machines,
                        &p.tournament.settings,
                        true,
                        &p.tournament.pairings,
                        from - offset..to - offset,
                    ));
                }
            }
            (amount, total, "pairs over the grid")
        }
        Scenario::Tournament(t) => {
            let t = t.tournament();
            let total = t.match_id_count();
            (tournament_turns_of(&t, shard.ids(total)), total, "matches")
        }
        Scenario::Sweep(s) => {
            let tournaments: Vec<Tournament> =
                s.points.iter().map(|p| p.tournament.tournament()).collect();
            let total: u64 = tournaments.iter().map(Tournament::match_id_count).sum();
            let ids = shard.ids(total);
            let mut offset = 0u64;
            let mut amount = 0u128;
            for t in &tournaments {
                let count = t.match_id_count();
                let (from, to) = (ids.start.max(offset), ids.end.min(offset + count));
                if from < to {
                    amount =
                        amount.saturating_add(tournament_turns_of(t, from - offset..to - offset));
                }
                offset += count;
            }
            (amount, total, "matches over the grid")
        }
        Scenario::Fixation(f) => {
            let s = &f.study;
            let total = s.unit_count();
            let ids = shard.ids(total);
            let per_run = fixation_run_steps(s.size as u64);
            let amount = per_run.saturating_mul((ids.end - ids.start) as u128);
            // Its matches in proportion to its runs, rounded up (an
            // expected table is computed whole by every shard).
            if let Some(matches) = estimates.get_mut(1)
                && total > 0
                && s.expected.is_none()
            {
                let share = matches.amount.saturating_mul((ids.end - ids.start) as u128);
                matches.amount = if share == u128::MAX {
                    u128::MAX
                } else {
                    share.div_ceil(total as u128)
                };
            }
            (amount, total, "Moran runs")
        }
        _ => return (estimates, "the whole study".into()),
    };
    if let Some(e) = estimates.first_mut() {
        e.amount = amount;
    }
    let ids = shard.ids(total);
    let part = format!("{unit} {}..{} of {total}", ids.start, ids.end);
    (estimates, part)
}

/// The first estimate over its limit, if any: the work ([`estimate`]), then
/// the charts' memory ([`chart_estimate`]).
pub fn over_limit(scenario: &Scenario) -> Option<Estimate> {
    estimate(scenario)
        .into_iter()
        .chain(chart_estimate(scenario))
        .find(Estimate::exceeds)
}

/// Most pixels of chart pictures held at once (the chart memory budget): a
/// PNG is an RGB picture, 3 bytes a pixel, so about 900 MB. A chart over it
/// is refused ([`chart_estimate`] up front where the sizes are known, the
/// renderer when it is drawn: `ChartStyle::pixel_limit`), and charts that
/// would together exceed it are drawn one after another, whatever the
/// thread count (`output::charts::PIXEL_BUDGET`).
pub const MAX_CHART_PIXELS: u64 = crate::output::charts::PIXEL_BUDGET;

/// What [`chart_estimate`] measures.
pub const CHART_MEASURE: &str = "pixels in its largest chart picture";

/// The least natural size (96 dpi) of a kind's largest chart: every kind
/// draws one at least this big (a 2 x 2 game's table, 626 x 431, is the
/// smallest seen); fitted to one side given, the flattest shape (height /
/// width 1 / 4), so an estimate over the budget is always a true refusal.
const SMALLEST_CHART: (u32, u32) = (600, 300);

/// The largest chart picture a scenario draws, in pixels, against
/// [`MAX_CHART_PIXELS`]; `None` when it draws no charts. Exact when
/// `[output]` sets both `width` and `height` (every picture is that size);
/// otherwise from the natural size of its largest chart, scaled by `dpi /
/// 96` or fitted to the side given: computed from the players' names for
/// the charts that grow with them (a round robin's heat map and rows, a
/// fixation matrix, an invasion's fixation map, a lattice's cells), else
/// the least any chart of a kind is ([`SMALLEST_CHART`]), so an estimate
/// over the budget is always a true refusal. Charts whose size only their
/// data decide are held to the same budget as they are drawn
/// (`ChartStyle::pixel_limit`: the same refusal, exit 2).
pub fn chart_estimate(scenario: &Scenario) -> Option<Estimate> {
    use crate::output::charts::{png_size, round_robin_natural_sizes, with_style};
    if !scenario.charts() {
        return None;
    }
    let style = scenario.chart_style();
    let dummy = |k: usize| -> Vec<String> { (1..=k).map(|i| i.to_string()).collect() };
    let (names, what): (Option<Vec<String>>, &str) = match scenario {
        Scenario::Tournament(t) => (
            Some(
                t.tournament()
                    .players
                    .iter()
                    .map(|p| p.name.clone())
                    .collect(),
            ),
            "its heat map and rows of players",
        ),
        Scenario::Fixation(f) => (
            Some(f.study.players.iter().map(|p| p.name.clone()).collect()),
            "its fixation matrix",
        ),
        Scenario::Invasion(s) => (Some(dummy(s.strategies())), "its fixation map"),
        Scenario::Spatial(s) if s.frames || !s.snapshots.is_empty() => (None, "its lattice"),
        Scenario::Fingerprint(s) if s.strategies.len() > 1 => {
            (None, "its heat maps and contact sheet")
        }
        Scenario::Fingerprint(_) => (None, "its heat map"),
        _ => (None, "the least chart of any kind"),
    };
    let mut naturals = Vec::new();
    if let Some(names) = &names {
        naturals.extend(with_style(&style, || round_robin_natural_sizes(names)));
    }
    if let Scenario::Fingerprint(s) = scenario {
        // A heat map of the grid (its cells and tick labels) and an atlas's
        // contact sheet (its tiles), from the names alone.
        let names: Vec<String> = s.strategies.iter().map(|p| p.name.clone()).collect();
        naturals.extend(with_style(&style, || {
            crate::output::fingerprint_files::natural_sizes(s.layout(), &s.describe(), &names)
        }));
    }
    if let Scenario::Spatial(s) = scenario
        && (s.frames || !s.snapshots.is_empty())
    {
        // A lattice's cells are squares of at least a pixel.
        let (rows, cols) = (s.game.rows as u32, s.game.cols as u32);
        let cell = (720 / rows.max(cols).max(1)).max(1);
        naturals.push((cols.saturating_mul(cell), rows.saturating_mul(cell)));
    }
    let pixels_of = |size: (u32, u32)| u64::from(size.0) * u64::from(size.1);
    let (size, natural) = match naturals
        .iter()
        .map(|&n| (png_size(n, &style), n))
        .max_by_key(|&(size, _)| pixels_of(size))
    {
        Some(found) => found,
        None => {
            let smallest = SMALLEST_CHART;
            let size = match (style.width, style.height) {
                (Some(w), None) => (w, w.div_ceil(4)),
                (None, Some(h)) => (h.div_ceil(4), h),
                _ => png_size(smallest, &style),
            };
            (size, smallest)
        }
    };
    let mut drivers = Vec::new();
    if let Some(w) = style.width {
        drivers.push(("output.width".to_string(), w.to_string()));
    }
    if let Some(h) = style.height {
        drivers.push(("output.height".to_string(), h.to_string()));
    }
    if style.width.is_none() && style.height.is_none() {
        drivers.push(("output.dpi".to_string(), style.dpi.to_string()));
    }
    let field = drivers[0].0.clone();
    Some(Estimate {
        measure: CHART_MEASURE,
        amount: u128::from(pixels_of(size)),
        limit: u128::from(MAX_CHART_PIXELS),
        drivers,
        field,
        notes: vec![format!(
            "{} x {} pixels of 3 bytes, by {what}, {} x {} at its natural size",
            size.0, size.1, natural.0, natural.1
        )],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fingerprint_counts_its_heat_map_and_its_contact_sheet_up_front() {
        let load = |extra: &str| {
            let source = crate::scenario::error::Source {
                path: "f.toml".into(),
                text: format!(
                    "name = \"f\"\nkind = \"fingerprint\"\n[fingerprint]\n\
                     strategies = [\"tft\", \"wsls\", \"gtft\"]\nstep = 0.01\nturns = 5\n{extra}"
                ),
            };
            crate::scenario::parse_within(&source, &source.path, false).unwrap()
        };
        let loaded = load("");
        let estimate = chart_estimate(&loaded.scenario).unwrap();
        // 101 x 101 cells of 11 pixels with ticks, labels and colour bar.
        assert!(
            (1_000_000..3_000_000).contains(&estimate.amount),
            "{estimate:?}"
        );
        assert!(estimate.notes[0].contains("contact sheet"), "{estimate:?}");
        // 20000 pixels wide: the square heat map is over the budget, refused
        // before anything is computed (the least chart of any kind, 20000 x
        // 5000, would not be).
        let big = load("[output]\nwidth = 20000\n");
        let estimate = chart_estimate(&big.scenario).unwrap();
        assert!(estimate.exceeds(), "{estimate:?}");
        assert!(20_000 * 5_000 < estimate.limit);
    }

    #[test]
    fn expected_turns_of_each_horizon() {
        assert_eq!(expected_turns(&Horizon::Fixed { turns: 200 }), 200);
        let w = Horizon::Random {
            continuation: 0.99,
            cap: None,
        };
        assert_eq!(expected_turns(&w), 100);
        let capped = Horizon::Random {
            continuation: 0.999,
            cap: Some(50),
        };
        assert_eq!(expected_turns(&capped), 50);
        let forever = Horizon::Random {
            continuation: 1.0,
            cap: Some(7),
        };
        assert_eq!(expected_turns(&forever), 7);
    }

    #[test]
    fn products_saturate_instead_of_wrapping() {
        assert_eq!(cell_updates(u64::MAX, u64::MAX, u64::MAX), u128::MAX);
        assert_eq!(moran_steps(u64::MAX, u64::MAX, 0.0, None, 1.0), u128::MAX);
        assert_eq!(moran_steps(10, 1000, 0.0, None, 1.0), 100_000);
        assert_eq!(moran_steps(10, 1000, 0.1, Some(500), 1.0), 500_000);
        assert_eq!(moran_steps(10, 1000, 0.0, Some(5), 1.0), 5_000);
        // Off the complete graph a run takes longer: N / 6 times on a cycle.
        assert_eq!(moran_steps(600, 1, 0.0, None, 100.0), 36_000_000);
        assert_eq!(moran_steps(600, 1, 0.0, Some(5), 100.0), 5);
    }

    fn small_tournament(noise: f64) -> Tournament {
        use crate::ipd::play::MatchSettings;
        use crate::ipd::strategies::PlayerSpec;
        Tournament {
            players: ["tit-for-tat", "random", "grudger"]
                .iter()
                .map(|id| PlayerSpec::new(id).build().unwrap())
                .collect(),
            settings: MatchSettings {
                horizon: Horizon::Fixed { turns: 10 },
                noise,
                payoffs: crate::ipd::payoffs::Payoffs::STANDARD,
            },
            repetitions: 4,
            seed: 1,
            pairings: crate::ipd::Pairings::RoundRobin,
        }
    }

    #[test]
    fn a_shards_turns_are_its_own_matches() {
        // Pairs in order: (0,0) (0,1) (0,2) (1,1) (1,2) (2,2), 4 ids each;
        // with no noise, (0,0), (0,2) and (2,2) are deterministic.
        let t = small_tournament(0.0);
        assert_eq!(
            tournament_turns_of(&t, 0..t.match_id_count()),
            tournament_turns(&t)
        );
        assert_eq!(tournament_turns(&t), (3 + 3 * 4) * 10);
        // Ids 2..6: the last two repetitions of (0,0) (played once) and
        // two of (0,1).
        assert_eq!(tournament_turns_of(&t, 2..6), (1 + 2) * 10);
        assert_eq!(tournament_turns_of(&t, 5..5), 0);
        assert_eq!(tournament_turns_of(&t, 20..99), 10);
        // With noise every match counts, and shards add up to the whole.
        let noisy = small_tournament(0.1);
        for count in [1u32, 2, 5, 24, 100] {
            let sum: u128 = (0..count)
                .map(|index| {
                    let shard = crate::scale::Shard { index, count };
                    tournament_turns_of(&noisy, shard.ids(noisy.match_id_count()))
                })
                .sum();
            assert_eq!(sum, tournament_turns(&noisy), "{count} shards");
        }
        // Deterministic pairs split across shards count once per shard.
        let split: u128 = (0..24)
            .map(|index| tournament_turns_of(&t, index..index + 1))
            .sum();
        assert_eq!(split, 24 * 10);
    }

    /// A majority of 30 Tit For Tats (deterministic, cost 30 x (1 + the
    /// per-member overhead)).
    fn expensive() -> Player {
        use crate::ipd::strategies::PlayerSpec;
        use crate::ipd::strategies::defined::meta::{Meta, MetaRule};
        use crate::ipd::strategies::defined::{Body, Definition};
        let team = vec![PlayerSpec::new("tit-for-tat").build().unwrap(); 30];
        let body = Body::Meta(Box::new(Meta::new(team, None, MetaRule::Majority).unwrap()));
        std::sync::Arc::new(Definition::new("Thirty", None, body)).player("thirty")
    }

    #[test]
    fn turns_are_weighed_by_their_players_move_costs() {
        let mut t = small_tournament(0.1);
        let plain = tournament_turns(&t);
        t.players.push(expensive());
        let c = cost_units(&t.players[3], 10);
        let per = crate::ipd::strategies::cost::META_VOTE_PER_MEMBER;
        assert_eq!(c, (30.0 * (1.0 + per)).round() as u128);
        // Pairs with the new player: three with ordinary players (1 + c
        // moves a turn) and itself (2c), 4 repetitions (noise), 10 turns;
        // two moves make an ordinary turn.
        let added = (3 * (1 + c) + 2 * c) * 4 * 10 / 2;
        assert_eq!(tournament_turns(&t), plain + added);
        // Shards add up to the whole (noise: every match counts).
        for count in [1u32, 3, 7, 40] {
            let sum: u128 = (0..count)
                .map(|index| {
                    let shard = crate::scale::Shard { index, count };
                    tournament_turns_of(&t, shard.ids(t.match_id_count()))
                })
                .sum();
            assert!(sum >= tournament_turns(&t), "{count} shards");
            assert!(
                sum <= tournament_turns(&t) + count as u128,
                "{count} shards"
            );
        }
        // The refusal names it with its cost; ordinary players are not named.
        let e = tournament_estimate(&t, "players");
        assert_eq!(e.notes.len(), 1, "{:?}", e.notes);
        assert!(
            e.notes[0].starts_with(&format!(
                "Thirty costs about {c} ordinary moves per move at 10 turns"
            )),
            "{:?}",
            e.notes
        );
        let m = Estimate {
            amount: 2 * MAX_TURNS,
            ..e
        }
        .message();
        assert!(
            m.contains("ordinary turns to simulate (Thirty costs about"),
            "{m}"
        );
        // Deterministic: without noise the pair with itself is played once.
        let mut quiet = small_tournament(0.0);
        quiet.players.push(expensive());
        let with = tournament_turns(&quiet);
        quiet.players.pop();
        let without = tournament_turns(&quiet);
        // Random (stochastic) x expensive: 4 times; TFT, Grudger and itself once.
        assert_eq!(with - without, ((1 + c) * 4 + 2 * (1 + c) + 2 * c) * 10 / 2);
    }

    #[test]
    fn a_payoff_table_counts_its_deterministic_pairs_once() {
        use crate::ipd::strategies::PlayerSpec;
        let settings = |noise| MatchSettings {
            horizon: Horizon::Fixed { turns: 100 },
            noise,
            payoffs: crate::ipd::payoffs::Payoffs::STANDARD,
        };
        let players: Vec<Player> = ["tit-for-tat", "defector", "random"]
            .iter()
            .map(|id| PlayerSpec::new(id).build().unwrap())
            .collect();
        // TFT and Defector: 3 pairs; Random's are sampled.
        assert_eq!(table_turns(&players, &settings(0.0)), 3 * 100);
        assert_eq!(table_turns(&players, &settings(0.1)), 0);
        let mut with = players.clone();
        with.push(expensive());
        let c = cost_units(&with[3], 100);
        assert_eq!(
            table_turns(&with, &settings(0.0)),
            3 * 100 + (2 * (1 + c) + 2 * c) * 100 / 2
        );
        assert_eq!(most_cost(&with, 100), c);
        assert_eq!(most_cost(&players, 100), 1);
    }

    fn parsed(file: &str) -> Scenario {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        crate::scenario::load(&path).unwrap().scenario
    }

    #[test]
    fn sweep_and_fixation_shards_add_up_to_the_whole() {
        for file in [
            "scenarios/sweep-noise.toml",
            "scenarios/fixation-matrix.toml",
        ] {
            let scenario = parsed(file);
            let whole = estimate(&scenario)[0].amount;
            for count in [1u32, 3, 64] {
                let parts: Vec<(u128, String)> = (0..count)
                    .map(|index| {
                        let (e, part) =
                            shard_estimate(&scenario, crate::scale::Shard { index, count });
                        (e[0].amount, part)
                    })
                    .collect();
                let sum: u128 = parts.iter().map(|p| p.0).sum();
                // Noise 0 at the sweep's first point: its deterministic
                // pairs may count once per shard that holds them.
                assert!(sum >= whole, "{file}, {count} shards");
                assert!(sum <= whole + whole / 10, "{file}, {count} shards");
                if count == 1 {
                    assert_eq!(sum, whole, "{file}");
                }
            }
            let (_, part) = shard_estimate(&scenario, crate::scale::Shard { index: 1, count: 4 });
            assert!(
                part.contains(" of ") && (part.starts_with("matches") || part.starts_with("Moran")),
                "{part}"
            );
        }
    }

    #[test]
    fn a_shards_refusal_names_the_shard_and_a_split() {
        let e = Estimate {
            measure: "turns to simulate",
            amount: 15_000_000_000,
            limit: MAX_TURNS,
            drivers: vec![("players".into(), "4".into())],
            field: "players".into(),
            notes: Vec::new(),
        };
        let shard = crate::scale::Shard { index: 1, count: 2 };
        let m = e.shard_message(shard, "matches 10..20 of 20", 30_000_000_000);
        assert!(m.contains("shard 1/2 (matches 10..20 of 20)"), "{m}");
        assert!(m.contains("at least 3"), "{m}");
        assert!(m.contains("--no-limit"), "{m}");
        // Never fewer shards than now plus one.
        let m = e.shard_message(shard, "x", 10_000_000_001);
        assert!(m.contains("at least 3"), "{m}");
    }

    #[test]
    fn solver_estimates_grow_as_their_work_does() {
        assert_eq!(induction_steps(10_000), 50_005_000);
        // No wrap-around at the largest count: (2^64 - 1) 2^64 / 2 fits in u128.
        assert_eq!(induction_steps(u64::MAX), (u64::MAX as u128) << 63);
        assert!(!pirates_estimate(10_000, "--pirates").exceeds());
        assert!(pirates_estimate(200_000, "--pirates").exceeds());
        // The default travelers command: one trace to 2 and 8 bonuses at 0.1.
        let one = qre_cost(2, 100, 2.0, 2.0);
        assert_eq!(
            one,
            (99f64.powi(3) / 3.0 * (45.0 + 100.0 * 3f64.ln())).ceil() as u128
        );
        // The bonus does not drive it; lambda by its logarithm.
        assert_eq!(qre_cost(2, 100, 1e9, 2.0), one);
        assert!(qre_cost(2, 100, 2.0, 100.0) < 4 * one);
        assert_eq!(qre_cost(2, 100, 2.0, f64::NAN), u128::MAX);
        assert_eq!(qre_cost(2, 100, 2.0, f64::INFINITY), u128::MAX);
        let many = vec![qre_cost(2, 100, 2.0, 0.1); 10_000];
        assert!(!travelers_estimate(&many[..8], "--bonuses", vec![]).exceeds());
        assert!(travelers_estimate(&many, "--bonuses", vec![]).exceeds());
        assert!(!guess_estimate(10, 100_000).exceeds());
        let e = guess_estimate(1_000_000, 100_000);
        assert!(e.exceeds());
        let m = e.command_message("guess");
        for needle in [
            "--rounds:",
            "--players 1000000",
            "--rounds 100000",
            "50000000",
        ] {
            assert!(m.contains(needle), "{needle}: {m}");
        }
        assert!(m.contains("`dilemma guess --no-limit`"), "{m}");
    }

    #[test]
    fn the_message_names_fields_estimate_and_limit() {
        let e = Estimate {
            measure: "cell updates",
            amount: 2 * MAX_CELL_UPDATES,
            limit: MAX_CELL_UPDATES,
            drivers: vec![("steps".into(), "5".into())],
            field: "spatial.steps".into(),
            notes: Vec::new(),
        };
        assert!(e.exceeds());
        let m = e.message();
        assert!(m.contains("steps = 5"), "{m}");
        assert!(m.contains("20000000000"), "{m}");
        assert!(m.contains("10000000000"), "{m}");
        assert!(m.contains("--no-limit"), "{m}");
    }

    /// A scenario from text.
    fn from_text(text: &str) -> Scenario {
        let source = crate::scenario::Source {
            path: "t.toml".into(),
            text: text.into(),
        };
        crate::scenario::parse(&source, std::path::Path::new("t.toml"))
            .unwrap()
            .scenario
    }

    const EXACT: &str = "name = \"x\"\nkind = \"tournament\"\n[match]\nmethod = \"exact\"\n\
                         turns = 50\nnoise = 0.05\nrepetitions = REPS\n[[players]]\n\
                         strategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"evolved-fsm-16\"\n\
                         [[players]]\nstrategy = \"random\"\np = 0.3\n";

    #[test]
    fn an_exact_tournament_counts_its_chains_not_its_repetitions() {
        let one = estimate(&from_text(&EXACT.replace("REPS", "1")));
        let many = estimate(&from_text(&EXACT.replace("REPS", "100000")));
        assert_eq!(one, many);
        assert_eq!(one[0].measure, CHAIN_MEASURE);
        assert_eq!(one[0].field, "match.method");
        // Pairs: TFT (2 states), FSM 16 (16), Random (1); each S x 50 and,
        // every input a fraction, 4 S x 50^2 for its fractions.
        let states = [4u128, 32, 2, 256, 16, 1];
        let want: u128 = states.iter().map(|s| s * 50 + 4 * s * 2500).sum();
        assert_eq!(one[0].amount, want);
        // The evolutionary kinds ask for no fractions.
        let eco = EXACT
            .replace("tournament", "ecological")
            .replace("REPS", "1");
        let floats: u128 = states.iter().map(|s| s * 50).sum();
        assert_eq!(estimate(&from_text(&eco))[0].amount, floats);
        // A random horizon without cap is a linear solve: S^3 / 96 (+ 4 S^4
        // / 3 for fractions, within 300 states).
        assert_eq!(
            exact_pair_operations(
                16,
                16,
                &Horizon::Random {
                    continuation: 0.9,
                    cap: None
                },
                Fractions::Growing
            ),
            256u128.pow(3) / 96 + 4 * 256u128.pow(4) / 3
        );
        assert_eq!(
            exact_pair_operations(
                20,
                20,
                &Horizon::Random {
                    continuation: 0.9,
                    cap: None
                },
                Fractions::Growing
            ),
            400u128.pow(3) / 96
        );
        // Without noise, deterministic machines' fractions stay small:
        // TFT v FSM 16 (32 states), 4 S n for them.
        let certain = EXACT.replace("noise = 0.05\n", "").replace("REPS", "1");
        let tft_fsm = exact_operations(
            &match &from_text(&certain) {
                Scenario::Tournament(t) => t.machines().to_vec(),
                _ => panic!("a tournament"),
            },
            &MatchSettings {
                horizon: Horizon::Fixed { turns: 50 },
                noise: 0.0,
                payoffs: crate::ipd::Payoffs::STANDARD,
            },
            true,
            &Pairings::RoundRobin,
            1..2,
        );
        assert_eq!(tft_fsm, 32 * 50 + 4 * 32 * 50);
        // Joint states are counted up to the limit of the chain.
        assert_eq!(
            exact_pair_operations(1000, 1000, &Horizon::Fixed { turns: 10 }, Fractions::None),
            crate::exact::analysis::MAX_JOINT_STATES as u128 * 10
        );
    }

    #[test]
    fn exact_shards_add_up_to_the_whole() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios/sweep-exact-noise.toml");
        for scenario in [
            crate::scenario::load(&path).unwrap().scenario,
            from_text(&EXACT.replace("REPS", "1")),
        ] {
            let whole = estimate(&scenario)[0].amount;
            assert!(whole > 0);
            for count in [1u32, 3, 7] {
                let sum: u128 = (0..count)
                    .map(|index| {
                        let (e, part) =
                            shard_estimate(&scenario, crate::scale::Shard { index, count });
                        assert!(part.starts_with("pairs"), "{part}");
                        e[0].amount
                    })
                    .sum();
                assert_eq!(sum, whole, "{count} shards");
            }
        }
    }
}
