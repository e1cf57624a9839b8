//! Tournaments: every player against every other player and a copy of
//! itself (a round robin), or only the pairs of a list of edges (a
//! spatial tournament, [`Pairings`]), `repetitions` times.
//!
//! Matches run in parallel on the current rayon pool, one work unit (some
//! repetitions of a pair) at a time per thread with no barrier between
//! units (`in_order`); the units are folded into the running
//! [`TournamentResults`] and handed to the caller in a fixed order (pair by
//! pair, repetition by repetition), so results do not depend on the number
//! of threads. Memory is one small [`MatchOutcome`] per match of the units
//! in flight plus per-pair totals: it never grows with the number of turns.
//!
//! A pair of deterministic strategies with a fixed horizon and no noise plays
//! the same match every repetition, so it is played once and reused.
//!
//! Every match has a stable id, `pair * repetitions + repetition`, where
//! `pair` numbers the pairs in [`Tournament::pairs`] order (a round robin's
//! `(i, j)`, `i <= j`, row by row; an edge list's as written). [`Tournament::run_ids`] plays any contiguous range of ids (a shard,
//! see `crate::scale::shard`) and reports them in id order, which is the
//! order a whole run reports them in.
//!
//! [`Tournament::run_recording`] (and [`Tournament::run_ids_recording`] for
//! a range of ids) also hands over every match's moves
//! ([`PackedMoves`], for `interactions.csv`); units then hold at most about
//! 2^20 expected turns, so memory stays bounded by the units in flight.

use crate::ipd::in_order::run_in_order;
use crate::ipd::match_record::MatchRecord;
use crate::ipd::outcome::MatchOutcome;
use crate::ipd::packed_moves::PackedMoves;
use crate::ipd::pairings::Pairings;
use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::random::match_rng;
use crate::ipd::results::TournamentResults;
use crate::ipd::strategies::Player;

/// A tournament, ready to run.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Players in scenario order (their index is `Original_index`).
    pub players: Vec<Player>,
    /// Who plays whom (a round robin unless edges are listed).
    pub pairings: Pairings,
    /// How each match is played.
    pub settings: MatchSettings,
    /// How many times each pair meets.
    pub repetitions: u32,
    /// Master seed of all match generators.
    pub seed: u64,
}

/// Most repetitions one thread plays in one go (bounds a unit's memory).
const MAX_REPETITIONS_PER_UNIT: u32 = 1024;

/// Expected turns one work unit may hold when moves are recorded (2 bits
/// a turn: about 256 KB per unit).
const MAX_RECORDED_TURNS_PER_UNIT: f64 = (1u64 << 20) as f64;

/// One played match: its outcome and, when recording, its moves.
type PlayedMatch = (MatchOutcome, Option<PackedMoves>);

/// What a work unit produced.
enum Played {
    /// A repeatable pair: one match that stands for every repetition.
    Same(PlayedMatch),
    /// One outcome per repetition of the unit.
    Each(Vec<PlayedMatch>),
}

impl Played {
    /// Turns actually simulated.
    fn simulated_turns(&self) -> u64 {
        match self {
            Played::Same((outcome, _)) => outcome.length as u64,
            Played::Each(outcomes) => outcomes.iter().map(|o| o.0.length as u64).sum(),
        }
    }
}

/// Some repetitions of one pair, played by one thread.
#[derive(Clone, Debug)]
struct WorkUnit {
    first: usize,
    second: usize,
    repetitions: std::ops::Range<u32>,
}

impl Tournament {
    /// The pairs played, in the order they are reported: a round robin's
    /// `(i, j)` with `i <= j`, or the edges as listed.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        self.pairings.list(self.players.len())
    }

    /// Pair number `p` of [`Tournament::pairs`], without listing them.
    pub fn pair(&self, p: u64) -> Option<(usize, usize)> {
        self.pairings.pair(self.players.len(), p)
    }

    /// Number of matches the tournament plays (self-play included).
    pub fn match_count(&self) -> u64 {
        self.pairings.count(self.players.len()) * self.repetitions as u64
    }

    /// Number of match ids: `0..match_id_count()` (the same as
    /// [`Tournament::match_count`]).
    pub fn match_id_count(&self) -> u64 {
        self.match_count()
    }

    /// True when a pair plays the same match in every repetition.
    pub fn is_repeatable(&self, i: usize, j: usize) -> bool {
        self.settings.noise == 0.0
            && !self.settings.horizon.is_random()
            && !self.players[i].is_stochastic()
            && !self.players[j].is_stochastic()
    }

    /// Repetitions `repetitions` of pair (`i`, `j`); a repeatable pair's
    /// match is played once and copied.
    fn play_pair(
        &self,
        i: usize,
        j: usize,
        repetitions: std::ops::Range<u32>,
        record: bool,
    ) -> Played {
        let (a, b) = (&self.players[i].prototype, &self.players[j].prototype);
        let play = |repetition: u32| {
            let mut rng = match_rng(self.seed, i as u64, j as u64, repetition as u64);
            if record {
                let expected = self.settings.horizon.mean_length().min(1e6) as u32;
                let mut moves = PackedMoves::with_capacity(expected);
                let outcome = play_match(a, b, &self.settings, &mut rng, &mut moves);
                (outcome, Some(moves))
            } else {
                let outcome = play_match(a, b, &self.settings, &mut rng, &mut NoRecording);
                (outcome, None)
            }
        };
        if self.is_repeatable(i, j) {
            Played::Same(play(repetitions.start))
        } else {
            Played::Each(repetitions.map(play).collect())
        }
    }

    /// The units of parallel work covering match ids `ids`, in reporting
    /// order: a repeatable pair is one unit; other pairs are split into runs
    /// of repetitions so that even a tournament of few pairs keeps every
    /// thread busy and reports progress.
    fn work_units(&self, threads: usize, ids: std::ops::Range<u64>, record: bool) -> Vec<WorkUnit> {
        let reps = self.repetitions as u64;
        let mut spans = Vec::new();
        if reps > 0 && ids.start < ids.end {
            let first_pair = ids.start / reps;
            let last_pair = (ids.end - 1) / reps;
            let pairs = self.pairings.from(self.players.len(), first_pair);
            for (p, (i, j)) in (first_pair..=last_pair).zip(pairs) {
                let base = p * reps;
                let start = ids.start.max(base) - base;
                let end = ids.end.min(base + reps) - base;
                spans.push((i, j, start as u32..end as u32));
            }
        }
        let wanted = threads * 8;
        let mut per_unit = if spans.len() >= wanted {
            self.repetitions
        } else {
            let splits = wanted.div_ceil(spans.len().max(1)) as u32;
            self.repetitions.div_ceil(splits).max(1)
        }
        .min(MAX_REPETITIONS_PER_UNIT);
        if record {
            let turns = self.settings.horizon.mean_length().max(1.0);
            per_unit = per_unit.min((MAX_RECORDED_TURNS_PER_UNIT / turns).max(1.0) as u32);
        }
        let mut units = Vec::new();
        for (i, j, range) in spans {
            if self.is_repeatable(i, j) {
                units.push(WorkUnit {
                    first: i,
                    second: j,
                    repetitions: range,
                });
                continue;
            }
            let mut start = range.start;
            while start < range.end {
                let end = (start + per_unit).min(range.end);
                units.push(WorkUnit {
                    first: i,
                    second: j,
                    repetitions: start..end,
                });
                start = end;
            }
        }
        units
    }

    /// Plays the tournament on the current rayon pool. `on_match` sees every
    /// match in pair-then-repetition order and may stop the run with an
    /// error; `on_progress` is told how many matches are done every few
    /// hundred units.
    ///
    /// Play and bookkeeping overlap: the pool plays while a separate thread
    /// folds the played units into the results and hands their matches to
    /// `on_match` (e.g. a CSV writer), so a slow `on_match` costs a core's
    /// share, not a pause of every thread. No unit starts more than a few
    /// hundred units ahead of the fold, so memory stays bounded. The fold
    /// runs in unit order, so results do not depend on timing.
    pub fn run<E: Send>(
        &self,
        on_match: impl FnMut(&MatchRecord) -> Result<(), E> + Send,
        on_progress: impl FnMut(u64) + Send,
    ) -> Result<TournamentResults, E> {
        self.run_ids(0..self.match_id_count(), on_match, on_progress)
    }

    /// Plays only the matches whose ids are in `ids` (see the module doc),
    /// reporting them in id order as [`Tournament::run`] does; the results
    /// fold those matches only.
    pub fn run_ids<E: Send>(
        &self,
        ids: std::ops::Range<u64>,
        mut on_match: impl FnMut(&MatchRecord) -> Result<(), E> + Send,
        on_progress: impl FnMut(u64) + Send,
    ) -> Result<TournamentResults, E> {
        let results = Some(self.empty_results());
        self.run_inner(
            false,
            ids,
            results,
            |record, _| on_match(record),
            on_progress,
        )
        .map(|results| results.unwrap_or_else(|| self.empty_results()))
    }

    /// As [`Tournament::run`], and `on_match` also sees the match's moves.
    /// A reused deterministic match hands the same moves to every
    /// repetition.
    pub fn run_recording<E: Send>(
        &self,
        mut on_match: impl FnMut(&MatchRecord, &PackedMoves) -> Result<(), E> + Send,
        on_progress: impl FnMut(u64) + Send,
    ) -> Result<TournamentResults, E> {
        let empty = PackedMoves::default();
        self.run_inner(
            true,
            0..self.match_id_count(),
            Some(self.empty_results()),
            |record, moves| on_match(record, moves.unwrap_or(&empty)),
            on_progress,
        )
        .map(|results| results.unwrap_or_else(|| self.empty_results()))
    }

    /// As [`Tournament::run_ids`], and `on_match` also sees each match's
    /// moves (a shard's part of `interactions.csv`).
    pub fn run_ids_recording<E: Send>(
        &self,
        ids: std::ops::Range<u64>,
        mut on_match: impl FnMut(&MatchRecord, &PackedMoves) -> Result<(), E> + Send,
        on_progress: impl FnMut(u64) + Send,
    ) -> Result<TournamentResults, E> {
        let empty = PackedMoves::default();
        self.run_inner(
            true,
            ids,
            Some(self.empty_results()),
            |record, moves| on_match(record, moves.unwrap_or(&empty)),
            on_progress,
        )
        .map(|results| results.unwrap_or_else(|| self.empty_results()))
    }

    /// Results before any match (over this tournament's pairings).
    pub fn empty_results(&self) -> TournamentResults {
        let names = self.players.iter().map(|p| p.name.clone()).collect();
        TournamentResults::new(names, self.repetitions, self.settings.payoffs).on(&self.pairings)
    }

    /// Plays the matches whose ids are in `ids` as [`Tournament::run_ids`]
    /// does (the same matches, in the same order), handing each to
    /// `on_match` with its moves when `record`, and folds nothing: for a
    /// caller that keeps its own fold (the study layer).
    pub fn stream_ids<E: Send>(
        &self,
        ids: std::ops::Range<u64>,
        record: bool,
        on_match: impl FnMut(&MatchRecord, Option<&PackedMoves>) -> Result<(), E> + Send,
        on_progress: impl FnMut(u64) + Send,
    ) -> Result<(), E> {
        self.run_inner(record, ids, None, on_match, on_progress)
            .map(|_| ())
    }

    fn run_inner<E: Send>(
        &self,
        record: bool,
        ids: std::ops::Range<u64>,
        results: Option<TournamentResults>,
        mut on_match: impl FnMut(&MatchRecord, Option<&PackedMoves>) -> Result<(), E> + Send,
        mut on_progress: impl FnMut(u64) + Send,
    ) -> Result<Option<TournamentResults>, E> {
        let mut results = results;
        let threads = rayon::current_num_threads();
        let total = self.match_id_count();
        let units = self.work_units(threads, ids.start.min(total)..ids.end.min(total), record);
        // Units in flight ahead of the fold: enough that an expensive unit
        // (a meta player's match costs a thousand plain ones) never leaves
        // a thread idle; recorded moves keep them fewer (memory).
        let window = (threads * if record { 32 } else { 256 }).max(32);
        // Progress is reported every `report` units.
        let report = (threads * 64).max(16);
        let mut done = 0u64;
        let outcome = run_in_order(
            units.len(),
            window,
            |k| {
                let unit = &units[k];
                self.play_pair(unit.first, unit.second, unit.repetitions.clone(), record)
            },
            |k, played| {
                let unit = &units[k];
                if let Some(results) = results.as_mut() {
                    results.add_simulated_turns(played.simulated_turns());
                }
                for repetition in unit.repetitions.clone() {
                    let (outcome, moves) = match &played {
                        Played::Same(one) => one,
                        Played::Each(outcomes) => {
                            &outcomes[(repetition - unit.repetitions.start) as usize]
                        }
                    };
                    let record = MatchRecord {
                        first: unit.first,
                        second: unit.second,
                        repetition,
                        outcome: *outcome,
                    };
                    if let Some(results) = results.as_mut() {
                        results.add(&record);
                    }
                    on_match(&record, moves.as_ref())?;
                    done += 1;
                }
                if (k + 1) % report == 0 || k + 1 == units.len() {
                    on_progress(done);
                }
                Ok(())
            },
        );
        outcome.map(|()| results)
    }

    /// Plays the tournament and returns only the aggregated results.
    pub fn play(&self) -> TournamentResults {
        match self.run::<std::convert::Infallible>(|_| Ok(()), |_| {}) {
            Ok(results) => results,
            Err(never) => match never {},
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::strategies::PlayerSpec;

    fn tournament(ids: &[&str], horizon: Horizon, noise: f64, repetitions: u32) -> Tournament {
        Tournament {
            players: ids
                .iter()
                .map(|id| PlayerSpec::new(id).build().unwrap())
                .collect(),
            pairings: Pairings::RoundRobin,
            settings: MatchSettings {
                horizon,
                noise,
                payoffs: Payoffs::STANDARD,
            },
            repetitions,
            seed: 42,
        }
    }

    #[test]
    fn summary_of_a_small_tournament_computed_by_hand() {
        // 3 turns. Cooperator vs Defector: CCC/DDD, 0 : 15. Cooperator vs
        // TFT: all C, 9 : 9. Defector vs TFT: DDD/CDD, 7 : 2.
        let t = tournament(
            &["cooperator", "defector", "tit-for-tat"],
            Horizon::Fixed { turns: 3 },
            0.0,
            2,
        );
        let results = t.play();
        assert_eq!(results.total_matches(), 6 * 2);
        assert_eq!(results.total_turns(), 6 * 2 * 3);
        let m = results.payoff_matrix();
        assert_eq!(m[0], vec![3.0, 0.0, 3.0]);
        assert_eq!(m[1], vec![5.0, 1.0, 7.0 / 3.0]);
        assert_eq!(m[2], vec![3.0, 2.0 / 3.0, 3.0]);

        let rows = results.summary();
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Defector", "Tit For Tat", "Cooperator"]);
        let [defector, tft, cooperator] = [&rows[0], &rows[1], &rows[2]];
        assert_eq!(defector.median_score, (5.0 + 7.0 / 3.0) / 2.0);
        assert_eq!(tft.median_score, (3.0 + 2.0 / 3.0) / 2.0);
        assert_eq!(cooperator.median_score, 1.5);
        assert_eq!((defector.wins, tft.wins, cooperator.wins), (2.0, 0.0, 0.0));
        assert_eq!(tft.cooperation_rating, 4.0 / 6.0);
        assert_eq!(
            (cooperator.cooperation_rating, defector.cooperation_rating),
            (1.0, 0.0)
        );
        assert_eq!((tft.initial_c_rate, defector.initial_c_rate), (1.0, 0.0));
        assert_eq!(tft.original_index, 2);
        // TFT: all CC against Cooperator, CD DD DD against Defector; the
        // per-opponent shares (1,0,0,0) and (0,1/3,0,2/3) average to these.
        assert_eq!(
            tft.state_rates,
            [Some(0.5), Some(1.0 / 6.0), Some(0.0), Some(1.0 / 3.0)]
        );
        // After CC TFT always cooperates (against Cooperator and itself);
        // after CD and DD (against Defector) it never does, so axelrod
        // reports 0 (no opponent with a positive rate).
        assert_eq!(tft.cooperate_after_rates, [Some(1.0), None, None, None]);
        assert_eq!(
            cooperator.cooperate_after_rates,
            [Some(1.0), Some(1.0), None, None]
        );
        assert_eq!(defector.cooperate_after_rates, [None; 4]);
    }

    fn all_outputs(
        t: &Tournament,
        threads: usize,
    ) -> (Vec<SummaryRowText>, Vec<Vec<f64>>, Vec<MatchRecordKey>) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let mut records = Vec::new();
            let results = t
                .run::<()>(
                    |r| {
                        records.push((r.first, r.second, r.repetition, r.outcome));
                        Ok(())
                    },
                    |_| {},
                )
                .unwrap();
            let summary = results.summary().iter().map(|r| format!("{r:?}")).collect();
            (summary, results.payoff_matrix(), records)
        })
    }

    type SummaryRowText = String;
    type MatchRecordKey = (usize, usize, u32, MatchOutcome);

    #[test]
    fn results_do_not_depend_on_the_number_of_threads() {
        let ids = [
            "random",
            "tit-for-tat",
            "win-stay-lose-shift",
            "grudger",
            "alternator",
            "defector",
        ];
        let t = tournament(
            &ids,
            Horizon::Random {
                continuation: 0.98,
                cap: Some(400),
            },
            0.02,
            7,
        );
        let one = all_outputs(&t, 1);
        let two = all_outputs(&t, 2);
        let three = all_outputs(&t, 3);
        assert_eq!(one, two);
        assert_eq!(one, three);
        assert_eq!(one.2.len() as u64, t.match_count());
    }

    #[test]
    fn reused_deterministic_matches_equal_replayed_ones() {
        let t = tournament(
            &["tit-for-tat", "alternator", "grudger"],
            Horizon::Fixed { turns: 50 },
            0.0,
            4,
        );
        for (i, j) in t.pairs() {
            assert!(t.is_repeatable(i, j));
            let Played::Same((outcome, _)) = t.play_pair(i, j, 0..t.repetitions, false) else {
                panic!("pair {i} {j} should be reused");
            };
            for r in 0..t.repetitions {
                let mut rng = match_rng(t.seed, i as u64, j as u64, r as u64);
                let replayed = play_match(
                    &t.players[i].prototype,
                    &t.players[j].prototype,
                    &t.settings,
                    &mut rng,
                    &mut NoRecording,
                );
                assert_eq!(outcome, replayed);
            }
        }
        let noisy = Tournament {
            settings: MatchSettings {
                noise: 0.1,
                ..t.settings
            },
            ..t.clone()
        };
        assert!(!noisy.is_repeatable(0, 1));
    }

    #[test]
    fn recorded_moves_agree_with_the_outcomes_on_any_thread_count() {
        let t = tournament(
            &["random", "tit-for-tat", "grudger", "alternator"],
            Horizon::Random {
                continuation: 0.95,
                cap: Some(300),
            },
            0.05,
            5,
        );
        let record = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let mut seen = Vec::new();
                t.run_recording::<()>(
                    |r, moves| {
                        seen.push((r.first, r.second, r.repetition, r.outcome, moves.clone()));
                        Ok(())
                    },
                    |_| {},
                )
                .unwrap();
                seen
            })
        };
        let one = record(1);
        assert_eq!(one, record(3));
        assert_eq!(one.len() as u64, t.match_count());
        let (_, _, plain) = all_outputs(&t, 2);
        for ((first, second, repetition, outcome, moves), unrecorded) in one.iter().zip(&plain) {
            assert_eq!((*first, *second, *repetition, *outcome), *unrecorded);
            let a: Vec<_> = (0..moves.len()).map(|k| moves.action(0, k)).collect();
            let b: Vec<_> = (0..moves.len()).map(|k| moves.action(1, k)).collect();
            assert_eq!(MatchOutcome::from_moves(&a, &b), *outcome);
        }
    }

    #[test]
    fn matches_are_reported_in_pair_then_repetition_order() {
        let t = tournament(
            &["cooperator", "defector", "random"],
            Horizon::Fixed { turns: 5 },
            0.0,
            2,
        );
        let (_, _, records) = all_outputs(&t, 2);
        let keys: Vec<(usize, usize, u32)> = records.iter().map(|r| (r.0, r.1, r.2)).collect();
        let expected: Vec<(usize, usize, u32)> = t
            .pairs()
            .into_iter()
            .flat_map(|(i, j)| (0..2).map(move |r| (i, j, r)))
            .collect();
        assert_eq!(keys, expected);
    }

    #[test]
    fn streaming_hands_over_the_matches_run_ids_folds_with_their_moves() {
        let t = tournament(
            &["random", "tit-for-tat", "grudger", "alternator"],
            Horizon::Fixed { turns: 30 },
            0.05,
            3,
        );
        for ids in [0..t.match_id_count(), 4..17] {
            let mut folded = Vec::new();
            t.run_ids_recording::<()>(
                ids.clone(),
                |r, moves| {
                    folded.push((r.first, r.second, r.repetition, r.outcome, moves.clone()));
                    Ok(())
                },
                |_| {},
            )
            .unwrap();
            for record in [false, true] {
                let mut streamed = Vec::new();
                t.stream_ids::<()>(
                    ids.clone(),
                    record,
                    |r, moves| {
                        assert_eq!(moves.is_some(), record);
                        let moves = moves.cloned().unwrap_or_default();
                        streamed.push((r.first, r.second, r.repetition, r.outcome, moves));
                        Ok(())
                    },
                    |_| {},
                )
                .unwrap();
                let keys = |v: &[(usize, usize, u32, MatchOutcome, PackedMoves)]| {
                    v.iter().map(|m| (m.0, m.1, m.2, m.3)).collect::<Vec<_>>()
                };
                assert_eq!(keys(&streamed), keys(&folded), "{ids:?}");
                if record {
                    assert_eq!(streamed, folded, "{ids:?}: the same moves");
                }
            }
        }
    }

    #[test]
    fn sixty_four_shards_replay_the_whole_tournament_in_id_order() {
        use crate::scale::Shard;
        // Noise, a random horizon and a stochastic player, so every match's
        // generator matters; 21 pairs x 5 repetitions = 105 ids, so some of
        // the 64 shards hold one match and some two.
        let t = tournament(
            &[
                "random",
                "tit-for-tat",
                "grudger",
                "win-stay-lose-shift",
                "alternator",
                "defector",
            ],
            Horizon::Random {
                continuation: 0.9,
                cap: Some(100),
            },
            0.05,
            5,
        );
        let (_, _, whole) = all_outputs(&t, 2);
        let mut pieces = Vec::new();
        let mut folded = t.empty_results();
        for index in (0..64).rev() {
            let ids = Shard { index, count: 64 }.ids(t.match_id_count());
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(1 + index as usize % 3)
                .build()
                .unwrap();
            let mut records = Vec::new();
            pool.install(|| {
                t.run_ids::<()>(
                    ids.clone(),
                    |r| {
                        records.push(*r);
                        Ok(())
                    },
                    |_| {},
                )
                .unwrap()
            });
            assert_eq!(records.len() as u64, ids.end - ids.start);
            pieces.push((index, records));
        }
        pieces.sort_by_key(|(index, _)| *index);
        let merged: Vec<MatchRecord> = pieces.into_iter().flat_map(|(_, r)| r).collect();
        for record in &merged {
            folded.add(record);
        }
        let keys: Vec<MatchRecordKey> = merged
            .iter()
            .map(|r| (r.first, r.second, r.repetition, r.outcome))
            .collect();
        assert_eq!(keys, whole);
        let single = t.play();
        assert_eq!(folded.payoff_matrix(), single.payoff_matrix());
        assert_eq!(
            format!("{:?}", folded.summary()),
            format!("{:?}", single.summary())
        );
    }

    #[test]
    fn a_tournament_on_edges_plays_only_its_edges_in_order() {
        // 3 turns, as the round robin above: Cooperator v Defector 0 : 15,
        // Defector v TFT 7 : 2. Edges written out of order and backwards,
        // TFT (2) with a self-loop only beside Defector.
        let mut t = tournament(
            &["cooperator", "defector", "tit-for-tat"],
            Horizon::Fixed { turns: 3 },
            0.0,
            2,
        );
        t.pairings = Pairings::edges(3, &[(2, 1), (0, 1), (2, 2)]).unwrap();
        assert_eq!(t.match_count(), 6);
        let (summary, matrix, records) = all_outputs(&t, 2);
        let seats: Vec<(usize, usize, u32)> = records.iter().map(|r| (r.0, r.1, r.2)).collect();
        assert_eq!(
            seats,
            [
                (2, 1, 0),
                (2, 1, 1),
                (0, 1, 0),
                (0, 1, 1),
                (2, 2, 0),
                (2, 2, 1)
            ]
        );
        // Cooperator and TFT never met: 0 in the matrix.
        assert_eq!(matrix[0], vec![0.0, 0.0, 0.0]);
        assert_eq!(matrix[2], vec![0.0, 2.0 / 3.0, 3.0]);
        let results = t.play();
        // Defector met Cooperator and TFT; the others one opponent each.
        assert_eq!(
            results.normalised_scores()[1],
            vec![(5.0 + 7.0 / 3.0) / 2.0; 2]
        );
        assert_eq!(results.normalised_scores()[2], vec![2.0 / 3.0; 2]);
        assert!(results.met(2, 2) && !results.met(0, 2) && results.on_edges());
        assert_eq!(results.matches_against_others(1), 4);
        assert_eq!(summary.len(), 3);
        // Shards of it replay the same matches.
        let mut part = Vec::new();
        t.run_ids::<()>(
            1..5,
            |r| {
                part.push((r.first, r.second, r.repetition, r.outcome));
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        assert_eq!(part, records[1..5].to_vec());
        // A player whose only edge is a self-loop met no one: it scores 0.
        t.pairings = Pairings::edges(3, &[(0, 1), (2, 2)]).unwrap();
        assert_eq!(t.play().normalised_scores()[2], vec![0.0; 2]);
    }

    #[test]
    fn a_range_of_a_repeatable_pair_reuses_its_match() {
        let t = tournament(
            &["tit-for-tat", "alternator"],
            Horizon::Fixed { turns: 20 },
            0.0,
            6,
        );
        let (_, _, whole) = all_outputs(&t, 1);
        // Ids 4..9 cut the first pair's repetitions 4 and 5 and the second
        // pair's 0..3.
        let mut part = Vec::new();
        t.run_ids::<()>(
            4..9,
            |r| {
                part.push((r.first, r.second, r.repetition, r.outcome));
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        assert_eq!(part, whole[4..9].to_vec());
        // Ids past the end are ignored.
        let mut none = 0;
        t.run_ids::<()>(
            18..40,
            |_| {
                none += 1;
                Ok(())
            },
            |_| {},
        )
        .unwrap();
        assert_eq!(none, 0);
    }
}
