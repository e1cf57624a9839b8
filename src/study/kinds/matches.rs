//! Units that are tournament matches, shared by the kinds made of
//! tournaments: a tournament (one), a tournament sweep and an ecological
//! sweep (one per grid point, laid end to end: point k's match ids follow
//! point k - 1's, so a shard may hold the end of one point and the start of
//! the next). A match's id within its tournament is `pair * repetitions +
//! repetition` (`ipd::tournament`).
//!
//! In a shard the units are the rows of `outcomes.csv` (led by the point
//! for a sweep) with each match's exact counters, and, for a tournament
//! that writes them, its part of `interactions.csv` (`output::shard_files`).

use crate::ipd::MatchRecord;
use crate::ipd::Tournament;
use crate::ipd::packed_moves::PackedMoves;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::results::TournamentResults;
use crate::output::compression::Compression;
use crate::output::shard_files::{INTERACTIONS, OUTCOMES, OutcomesWriter, read_outcomes};
use crate::output::tournament_files::InteractionsWriter;
use crate::study::shard::read_rows;
use crate::study::{Progress, ShardRead, Sink, StudyError, UnitWriter};
use std::io;
use std::ops::Range;
use std::path::Path;

/// One match: its grid point (0 for a tournament), its record and, when
/// recorded, its moves.
pub struct MatchUnit {
    /// The grid point.
    pub point: usize,
    /// The match.
    pub record: MatchRecord,
    /// Its moves (a tournament that writes `interactions.csv`, played
    /// here; not kept in shards' `outcomes.csv`).
    pub moves: Option<PackedMoves>,
}

impl MatchUnit {
    /// The same match as `kept` (a shard's row: no moves kept).
    pub fn same_as(&self, kept: &MatchUnit) -> bool {
        let key = |u: &MatchUnit| {
            let r = &u.record;
            (u.point, r.first, r.second, r.repetition, r.outcome)
        };
        key(self) == key(kept)
    }
}

/// Tournaments whose matches are units with consecutive ids.
pub struct Matches {
    /// The tournaments, in id order.
    pub tournaments: Vec<Tournament>,
    /// First unit id of each tournament.
    pub offsets: Vec<u64>,
    /// All unit ids.
    pub total: u64,
    /// A sweep: its units name their grid point (rows of `outcomes.csv`
    /// lead with it; progress names it).
    pub with_point: bool,
}

impl Matches {
    /// The matches of `tournaments`, end to end.
    pub fn new(tournaments: Vec<Tournament>, with_point: bool) -> Matches {
        let mut offsets = Vec::with_capacity(tournaments.len());
        let mut total = 0u64;
        for t in &tournaments {
            offsets.push(total);
            total += t.match_id_count();
        }
        Matches {
            tournaments,
            offsets,
            total,
            with_point,
        }
    }

    /// The last unit id of point `k`, plus one.
    pub fn end_of(&self, k: usize) -> u64 {
        self.offsets[k] + self.tournaments[k].match_id_count()
    }

    /// Unit id -> (point, first, second, repetition).
    pub fn locate(&self, id: u64) -> Option<(usize, usize, usize, u32)> {
        if id >= self.total {
            return None;
        }
        let k = self.offsets.partition_point(|&o| o <= id) - 1;
        let t = &self.tournaments[k];
        let local = id - self.offsets[k];
        let reps = t.repetitions.max(1) as u64;
        // Pair number p in Tournament::pairs order.
        let (i, j) = t.pair(local / reps)?;
        Some((k, i, j, (local % reps) as u32))
    }

    /// Plays matches `ids` in id order (each tournament's batches in
    /// parallel), with their moves when `record`.
    pub fn play(
        &self,
        ids: Range<u64>,
        record: bool,
        progress: &dyn Progress,
        sink: &mut Sink<'_, MatchUnit>,
    ) -> Result<(), StudyError> {
        let points = self.tournaments.len();
        let mut done = 0;
        for (k, tournament) in self.tournaments.iter().enumerate() {
            let offset = self.offsets[k];
            let (from, to) = (ids.start.max(offset), ids.end.min(self.end_of(k)));
            if from >= to {
                continue;
            }
            if self.with_point {
                progress.part(&format!("point {}/{points}", k + 1));
            }
            let range = from - offset..to - offset;
            let mut id = from;
            let on_progress = |d| progress.set(done + d);
            tournament.stream_ids(
                range,
                record,
                |record, moves| {
                    let unit = MatchUnit {
                        point: k,
                        record: *record,
                        moves: moves.cloned(),
                    };
                    id += 1;
                    sink(id - 1, unit)
                },
                on_progress,
            )?;
            done += to - from;
        }
        Ok(())
    }

    /// The writer of a shard's `outcomes.csv` and, with `interactions`
    /// (the players' names and the payoffs), its part of `interactions.csv`
    /// numbered from the shard's first match id.
    pub fn shard_writer(
        &self,
        dir: &Path,
        ids: Range<u64>,
        interactions: Option<(Vec<String>, Payoffs)>,
    ) -> Result<MatchesShard, (&'static str, io::Error)> {
        let outcomes = OutcomesWriter::create(&dir.join(OUTCOMES), self.with_point)
            .map_err(|e| (OUTCOMES, e))?;
        let interactions = match interactions {
            Some((names, payoffs)) => Some(
                InteractionsWriter::create(
                    &dir.join(INTERACTIONS),
                    Compression::None,
                    names,
                    payoffs,
                )
                .map_err(|e| (INTERACTIONS, e))?
                .starting_at(ids.start),
            ),
            None => None,
        };
        Ok(MatchesShard {
            outcomes,
            interactions,
            with_point: self.with_point,
        })
    }

    /// Reads a shard's `outcomes.csv` (units `ids`), checking every row
    /// is the match its id names.
    pub fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, MatchUnit>,
    ) -> Result<(), ShardRead> {
        let with_point = self.with_point;
        let path = dir.join(OUTCOMES);
        let read = |row: &mut dyn FnMut((usize, MatchRecord)) -> Result<(), String>| {
            read_outcomes(&path, with_point, |point, record| row((point, record)))
        };
        let unit = |id: u64, (point, record): (usize, MatchRecord)| {
            let found = (point, record.first, record.second, record.repetition);
            match self.locate(id) {
                Some(expected) if expected == found => {
                    // A fixed horizon fixes every match's length.
                    let horizon = self.tournaments[point].settings.horizon;
                    if let crate::ipd::Horizon::Fixed { turns } = horizon
                        && record.outcome.length != turns
                    {
                        return Err(format!(
                            "match id {id} lasted {} turns; the scenario's matches last {turns}",
                            record.outcome.length
                        ));
                    }
                    Ok(MatchUnit {
                        point,
                        record,
                        moves: None,
                    })
                }
                expected => {
                    let at = |(k, i, j, r): (usize, usize, usize, u32)| {
                        if with_point {
                            format!("point {k}, ({i}, {j}), repetition {r}")
                        } else {
                            format!("({i}, {j}, repetition {r})")
                        }
                    };
                    let expected = expected.map_or_else(String::new, at);
                    Err(format!(
                        "match {} where match id {id} {expected} belongs",
                        at(found)
                    ))
                }
            }
        };
        read_rows(OUTCOMES, ids, "matches", read, unit, each)
    }
}

/// The shard methods of a [`Study`](crate::study::Study) whose units are
/// the matches of its field `matches` (a [`Matches`]) and whose shards keep
/// `outcomes.csv` only: the manifest kind is the argument.
macro_rules! shards_of_matches {
    ($kind:literal) => {
        fn shard_format(&self) -> Option<$crate::study::ShardFormat> {
            Some($crate::study::ShardFormat {
                kind: $kind,
                data: $crate::output::shard_files::OUTCOMES,
                unit_key: "matches",
                ids_key: "match_ids",
                unit_words: "matches",
            })
        }

        fn shard_writer<'b>(
            &'b self,
            dir: &std::path::Path,
            ids: std::ops::Range<u64>,
        ) -> Result<
            Box<dyn $crate::study::UnitWriter<MatchUnit> + Send + 'b>,
            (&'static str, std::io::Error),
        > {
            Ok(Box::new(self.matches.shard_writer(dir, ids, None)?))
        }

        fn read_shard(
            &self,
            dir: &std::path::Path,
            ids: std::ops::Range<u64>,
            each: &mut $crate::study::Sink<'_, MatchUnit>,
        ) -> Result<(), $crate::study::ShardRead> {
            self.matches.read_shard(dir, ids, each)
        }

        fn same_unit(&self, replayed: &MatchUnit, kept: &MatchUnit) -> Option<bool> {
            Some(replayed.same_as(kept))
        }
    };
}
pub(crate) use shards_of_matches;

/// A shard's match files being written.
pub struct MatchesShard {
    outcomes: OutcomesWriter,
    interactions: Option<InteractionsWriter>,
    with_point: bool,
}

impl UnitWriter<MatchUnit> for MatchesShard {
    fn write(&mut self, _: u64, unit: &MatchUnit) -> Result<(), (&'static str, io::Error)> {
        if self.with_point {
            self.outcomes.write_in_point(unit.point, &unit.record)
        } else {
            self.outcomes.write(&unit.record)
        }
        .map_err(|e| (OUTCOMES, e))?;
        if let Some(writer) = self.interactions.as_mut() {
            let empty = PackedMoves::default();
            let moves = unit.moves.as_ref().unwrap_or(&empty);
            writer
                .write(&unit.record, moves)
                .map_err(|e| (INTERACTIONS, e))?;
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<Vec<&'static str>, (&'static str, io::Error)> {
        self.outcomes.finish().map_err(|e| (OUTCOMES, e))?;
        let mut files = vec![OUTCOMES];
        if let Some(writer) = self.interactions {
            writer.finish().map_err(|e| (INTERACTIONS, e))?;
            files.push(INTERACTIONS);
        }
        Ok(files)
    }
}

/// A sweep's points folded one at a time, in point order: a point's
/// results are closed (turned into a `T` by the kind) as soon as its last
/// match is folded, so memory holds one point's results.
pub struct PointFold<T> {
    current: Option<(usize, TournamentResults)>,
    /// The closed points, in point order.
    pub closed: Vec<T>,
    /// Turns played in the closed points.
    pub turns: u64,
}

impl<T> PointFold<T> {
    /// No point folded yet.
    pub fn new(points: usize) -> Self {
        PointFold {
            current: None,
            closed: Vec::with_capacity(points),
            turns: 0,
        }
    }

    /// Folds match `id` of `matches`; closes its point after its last match.
    pub fn add(
        &mut self,
        matches: &Matches,
        id: u64,
        unit: &MatchUnit,
        close: &mut dyn FnMut(usize, TournamentResults) -> Result<T, StudyError>,
    ) -> Result<(), StudyError> {
        let k = unit.point;
        self.close_before(matches, k, close)?;
        if self.current.as_ref().is_none_or(|(p, _)| *p != k) {
            self.current = Some((k, empty_results(&matches.tournaments[k])));
        }
        if let Some((_, results)) = self.current.as_mut() {
            results.add(&unit.record);
        }
        if id + 1 == matches.end_of(k) {
            self.close_before(matches, k + 1, close)?;
        }
        Ok(())
    }

    /// Closes every point before `k` not closed yet (a point with no
    /// match is closed with empty results), in point order.
    pub fn close_before(
        &mut self,
        matches: &Matches,
        k: usize,
        close: &mut dyn FnMut(usize, TournamentResults) -> Result<T, StudyError>,
    ) -> Result<(), StudyError> {
        while self.closed.len() < k {
            let point = self.closed.len();
            let results = match self.current.take() {
                Some((p, results)) if p == point => results,
                _ => empty_results(&matches.tournaments[point]),
            };
            self.turns += results.total_turns();
            let value = close(point, results)?;
            self.closed.push(value);
        }
        Ok(())
    }
}

/// A tournament's results before any match.
fn empty_results(t: &Tournament) -> TournamentResults {
    t.empty_results()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_ids_locate_points_pairs_and_repetitions_in_order() {
        let text = r#"
name = "locate"
kind = "tournament"
[match]
turns = 5
[[players]]
strategy = "cooperator"
[[players]]
strategy = "defector"
[[players]]
strategy = "random"
[sweep.x]
key = "match.repetitions"
values = [3, 1, 2]
"#;
        let source = crate::scenario::Source {
            path: "locate.toml".into(),
            text: text.into(),
        };
        let loaded = crate::scenario::parse(&source, std::path::Path::new("locate.toml")).unwrap();
        let crate::scenario::Scenario::Sweep(sweep) = &loaded.scenario else {
            panic!("a sweep")
        };
        let parts = Matches::new(
            sweep
                .points
                .iter()
                .map(|p| p.tournament.tournament())
                .collect(),
            true,
        );
        let mut expected = Vec::new();
        for (k, t) in parts.tournaments.iter().enumerate() {
            for (i, j) in t.pairs() {
                for r in 0..t.repetitions {
                    expected.push((k, i, j, r));
                }
            }
        }
        assert_eq!(parts.total, 6 * (3 + 1 + 2));
        assert_eq!(expected.len() as u64, parts.total);
        let located: Vec<_> = (0..parts.total)
            .map(|id| parts.locate(id).unwrap())
            .collect();
        assert_eq!(located, expected);
        assert_eq!(parts.locate(parts.total), None);
    }
}
