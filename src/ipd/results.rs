//! Aggregated tournament results and the axelrod-compatible summary.
//!
//! Matches are folded in as they finish. What is kept is O(players^2 x
//! repetitions) numbers (one score per turn per ordered pair and repetition,
//! for the normalised scores and the payoff matrix) plus integer totals per
//! ordered pair; never anything per turn.
//!
//! The summary follows axelrod 4.14's `ResultSet.summarise` (see
//! AXELROD-NOTES.md): self-play is left out of scores, wins, cooperation
//! rating, initial cooperation rate, state rates and the "cooperate after
//! state" rates (which, as in axelrod, average only the opponents whose rate
//! is above zero). A scenario may ask for self-play to count in the
//! normalised scores (and so the median score and the ranking); every other
//! column leaves it out regardless.
//!
//! On a tournament of edges ([`Pairings`]) a pair that never met counts
//! nowhere: normalised scores average the opponents met (a player that met
//! none but itself scores 0), the payoff matrix holds 0 there, and every
//! rate sums over the matches played, as axelrod's `ResultSet` does.

use crate::ipd::action::Action;
use crate::ipd::match_record::MatchRecord;
use crate::ipd::numeric::{kahan_sum, nan_median, numpy_mean};
use crate::ipd::outcome::MatchOutcome;
use crate::ipd::pairings::Pairings;
use crate::ipd::payoffs::Payoffs;

/// Integer totals for one ordered pair (player, opponent) over all
/// repetitions, from the player's point of view. For self-play both seats
/// are pooled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairTotals {
    /// Matches (seats, for self-play) counted.
    pub matches: u64,
    /// Turns played.
    pub turns: u64,
    /// The player's C moves.
    pub cooperations: u64,
    /// Turns in each joint state CC, CD, DC, DD.
    pub states: [u64; 4],
    /// Turns that followed each state.
    pub followed: [u64; 4],
    /// Of those, turns on which the player cooperated.
    pub cooperated_after: [u64; 4],
    /// Matches in which the player's first move was C.
    pub first_cooperations: u64,
}

/// One line of `summary.csv`.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    /// 0-based rank by median normalised score.
    pub rank: usize,
    /// Display name.
    pub name: String,
    /// Median over repetitions of the normalised score.
    pub median_score: f64,
    /// Share of the player's moves that were C (non-self matches).
    pub cooperation_rating: f64,
    /// Median over repetitions of the number of matches won.
    pub wins: f64,
    /// Share of non-self matches the player opened with C.
    pub initial_c_rate: f64,
    /// Position in the scenario.
    pub original_index: usize,
    /// Share of turns in CC, CD, DC, DD (averaged over opponents); `None`
    /// when there were no turns (axelrod then writes 0).
    pub state_rates: [Option<f64>; 4],
    /// Probability of C after CC, CD, DC, DD, averaged over the opponents
    /// where it is above 0; `None` when there is no such opponent (axelrod
    /// then writes 0).
    pub cooperate_after_rates: [Option<f64>; 4],
}

/// The largest players x players x repetitions a tournament may have: one
/// score per turn is kept per cell (8 bytes each), so this bounds memory at
/// about 400 MB.
pub const MAX_SCORE_CELLS: u64 = 50_000_000;

/// Everything a tournament produced, aggregated.
#[derive(Clone, Debug)]
pub struct TournamentResults {
    /// Display names in scenario order.
    pub names: Vec<String>,
    /// Repetitions played.
    pub repetitions: u32,
    /// The payoff matrix used.
    pub payoffs: Payoffs,
    /// Score per turn of i against j in repetition r, at `(r * n + i) * n + j`;
    /// the diagonal is the mean of both seats.
    score_per_turn: Vec<f64>,
    /// Non-self matches won by i in repetition r, at `r * n + i`.
    wins: Vec<u32>,
    /// Totals per ordered pair at `i * n + j`.
    pair_totals: Vec<PairTotals>,
    /// Turns in all matches (reused matches counted every time).
    total_turns: u64,
    /// Turns actually simulated (a reused match counted once).
    simulated_turns: u64,
    /// Matches played.
    total_matches: u64,
    /// Whether self-play counts in the normalised scores (axelrod: no).
    self_play_in_scores: bool,
    /// On edges, each player's opponents in the order the normalised
    /// scores sum them (`Pairings::opponents`); `None`: everyone, in
    /// index order (a round robin).
    opponents: Option<Vec<Vec<usize>>>,
}

impl TournamentResults {
    /// Empty results for these players.
    pub fn new(names: Vec<String>, repetitions: u32, payoffs: Payoffs) -> TournamentResults {
        let n = names.len();
        TournamentResults {
            names,
            repetitions,
            payoffs,
            score_per_turn: vec![0.0; n * n * repetitions as usize],
            wins: vec![0; n * repetitions as usize],
            pair_totals: vec![PairTotals::default(); n * n],
            total_turns: 0,
            simulated_turns: 0,
            total_matches: 0,
            self_play_in_scores: false,
            opponents: None,
        }
    }

    /// The same results over `pairings`: only the pairs it plays count as
    /// opponents met (the round robin, the default, has every pair).
    pub fn on(mut self, pairings: &Pairings) -> TournamentResults {
        self.opponents = pairings.opponents(self.player_count());
        self
    }

    /// Makes self-play count in the normalised scores, and so in the median
    /// score and the ranking (the default, as in axelrod, leaves it out).
    pub fn count_self_play_in_scores(&mut self, yes: bool) {
        self.self_play_in_scores = yes;
    }

    /// Number of players.
    pub fn player_count(&self) -> usize {
        self.names.len()
    }

    /// Turns played in all matches, self-play included.
    pub fn total_turns(&self) -> u64 {
        self.total_turns
    }

    /// Turns actually simulated: a deterministic match reused for every
    /// repetition counts once.
    pub fn simulated_turns(&self) -> u64 {
        self.simulated_turns
    }

    /// Records turns simulated (the tournament calls this).
    pub fn add_simulated_turns(&mut self, turns: u64) {
        self.simulated_turns += turns;
    }

    /// Matches played, self-play included.
    pub fn total_matches(&self) -> u64 {
        self.total_matches
    }

    /// Folds one match in.
    pub fn add(&mut self, record: &MatchRecord) {
        let n = self.player_count();
        let (i, j, r) = (record.first, record.second, record.repetition as usize);
        let outcome = &record.outcome;
        self.total_turns += outcome.length as u64;
        self.total_matches += 1;
        let length = outcome.length as f64;
        let [score_i, score_j] = outcome.scores(&self.payoffs);
        let views = [*outcome, outcome.swapped()];
        if i == j {
            self.score_per_turn[(r * n + i) * n + i] = (score_i / length + score_j / length) / 2.0;
            for view in &views {
                accumulate(&mut self.pair_totals[i * n + i], view);
            }
        } else {
            self.score_per_turn[(r * n + i) * n + j] = score_i / length;
            self.score_per_turn[(r * n + j) * n + i] = score_j / length;
            accumulate(&mut self.pair_totals[i * n + j], &views[0]);
            accumulate(&mut self.pair_totals[j * n + i], &views[1]);
            if score_i > score_j {
                self.wins[r * n + i] += 1;
            } else if score_j > score_i {
                self.wins[r * n + j] += 1;
            }
        }
    }

    /// Score per turn of `player` against `opponent` in `repetition`.
    pub fn score_per_turn(&self, repetition: u32, player: usize, opponent: usize) -> f64 {
        let n = self.player_count();
        self.score_per_turn[(repetition as usize * n + player) * n + opponent]
    }

    /// Totals of `player` against `opponent` over all repetitions.
    pub fn pair_totals(&self, player: usize, opponent: usize) -> &PairTotals {
        &self.pair_totals[player * self.player_count() + opponent]
    }

    /// `normalised_scores()[i][r]`: player i's mean score per turn against the
    /// other players in repetition r (Kahan sum in opponent order, as pandas);
    /// with self-play counted, against every player including itself.
    ///
    /// On edges: the mean over the opponents met, summed in edge order (the
    /// order of axelrod's rows); 0 for a player that met none (axelrod's
    /// default where pandas has no row).
    pub fn normalised_scores(&self) -> Vec<Vec<f64>> {
        let n = self.player_count();
        let with_self = self.self_play_in_scores;
        let everyone: Vec<usize> = if self.opponents.is_none() {
            (0..n).collect()
        } else {
            Vec::new()
        };
        (0..n)
            .map(|i| {
                let listed = self.opponents.as_ref().map_or(&everyone, |lists| &lists[i]);
                let counted: Vec<usize> = listed
                    .iter()
                    .copied()
                    .filter(|&j| with_self || j != i)
                    .collect();
                (0..self.repetitions)
                    .map(|r| {
                        if counted.is_empty() {
                            return 0.0;
                        }
                        let scores = counted.iter().map(|&j| self.score_per_turn(r, i, j));
                        kahan_sum(scores) / counted.len() as f64
                    })
                    .collect()
            })
            .collect()
    }

    /// True for results over an edge list (not every pair met).
    pub fn on_edges(&self) -> bool {
        self.opponents.is_some()
    }

    /// True when `player` and `opponent` played (on edges, a pair not
    /// listed never does; self-play counts when it was played).
    pub fn met(&self, player: usize, opponent: usize) -> bool {
        self.pair_totals(player, opponent).matches > 0
    }

    /// Matches `player` played against others (self-play left out), over
    /// every repetition.
    pub fn matches_against_others(&self, player: usize) -> u64 {
        (0..self.player_count())
            .filter(|&j| j != player)
            .map(|j| self.pair_totals(player, j).matches)
            .sum()
    }

    /// `wins_per_repetition()[i][r]`: non-self matches player i won in repetition r.
    pub fn wins_per_repetition(&self) -> Vec<Vec<u32>> {
        let n = self.player_count();
        (0..n)
            .map(|i| {
                (0..self.repetitions as usize)
                    .map(|r| self.wins[r * n + i])
                    .collect()
            })
            .collect()
    }

    /// Mean over repetitions of each player's score per turn against each
    /// other player; the diagonal is self-play (both seats).
    pub fn payoff_matrix(&self) -> Vec<Vec<f64>> {
        let n = self.player_count();
        (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| {
                        let per_rep: Vec<f64> = (0..self.repetitions)
                            .map(|r| self.score_per_turn(r, i, j))
                            .collect();
                        numpy_mean(&per_rep)
                    })
                    .collect()
            })
            .collect()
    }

    /// Player indices from best to worst median normalised score; ties keep
    /// scenario order.
    pub fn ranking(&self) -> Vec<usize> {
        let medians: Vec<f64> = self
            .normalised_scores()
            .iter()
            .map(|s| nan_median(s))
            .collect();
        let mut order: Vec<usize> = (0..self.player_count()).collect();
        order.sort_by(|&a, &b| medians[b].total_cmp(&medians[a]));
        order
    }

    /// The rows of `summary.csv`, best first.
    pub fn summary(&self) -> Vec<SummaryRow> {
        let n = self.player_count();
        let normalised = self.normalised_scores();
        let wins = self.wins_per_repetition();
        let ranking = self.ranking();
        ranking
            .iter()
            .enumerate()
            .map(|(rank, &i)| {
                let others: Vec<&PairTotals> = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| self.pair_totals(i, j))
                    .collect();
                let cooperations: u64 = others.iter().map(|t| t.cooperations).sum();
                let turns: u64 = others.iter().map(|t| t.turns).sum();
                let matches: u64 = others.iter().map(|t| t.matches).sum();
                let first_c: u64 = others.iter().map(|t| t.first_cooperations).sum();
                let wins_as_f64: Vec<f64> = wins[i].iter().map(|&w| w as f64).collect();
                SummaryRow {
                    rank,
                    name: self.names[i].clone(),
                    median_score: nan_median(&normalised[i]),
                    cooperation_rating: cooperations as f64 / turns.max(1) as f64,
                    wins: nan_median(&wins_as_f64),
                    initial_c_rate: if matches == 0 {
                        0.0
                    } else {
                        first_c as f64 / matches as f64
                    },
                    original_index: i,
                    state_rates: state_rates(&others),
                    cooperate_after_rates: cooperate_after_rates(&others),
                }
            })
            .collect()
    }
}

fn accumulate(totals: &mut PairTotals, view: &MatchOutcome) {
    let states = view.state_counts();
    let (followed, cooperated) = view.cooperation_after_states();
    totals.matches += 1;
    totals.turns += view.length as u64;
    totals.cooperations += (states[0] + states[1]) as u64;
    for s in 0..4 {
        totals.states[s] += states[s] as u64;
        totals.followed[s] += followed[s] as u64;
        totals.cooperated_after[s] += cooperated[s] as u64;
    }
    if view.length > 0 && view.first_moves[0] == Action::C {
        totals.first_cooperations += 1;
    }
}

/// axelrod: normalise each opponent's state counts, add the shares over
/// opponents, normalise again.
fn state_rates(others: &[&PairTotals]) -> [Option<f64>; 4] {
    let mut summed = [0.0f64; 4];
    for totals in others {
        let total: u64 = totals.states.iter().sum();
        if total == 0 {
            continue;
        }
        for (share, &count) in summed.iter_mut().zip(&totals.states) {
            *share += count as f64 / total as f64;
        }
    }
    let grand: f64 = summed.iter().sum();
    if grand == 0.0 {
        return [None; 4];
    }
    summed.map(|share| Some(share / grand))
}

/// axelrod: per opponent (self excluded) the probability of C after each
/// state; averaged over the opponents where it is above 0.
fn cooperate_after_rates(others: &[&PairTotals]) -> [Option<f64>; 4] {
    let mut positive: [Vec<f64>; 4] = Default::default();
    for totals in others {
        for (s, rates) in positive.iter_mut().enumerate() {
            if totals.cooperated_after[s] > 0 {
                rates.push(totals.cooperated_after[s] as f64 / totals.followed[s] as f64);
            }
        }
    }
    positive.map(|rates| (!rates.is_empty()).then(|| numpy_mean(&rates)))
}
