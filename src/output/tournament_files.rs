//! The CSV files of a tournament: `summary.csv` (axelrod's header and number
//! format), `payoff_matrix.csv`, `matches.csv` and `interactions.csv`
//! (axelrod's 28 columns, two rows per match, streamed).
//!
//! Numbers are written the way Python's `repr` writes floats, so files
//! compare equal to the axelrod library's, and every value round-trips.

use crate::ipd::action::Action;
use crate::ipd::match_record::MatchRecord;
use crate::ipd::packed_moves::PackedMoves;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::results::SummaryRow;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::compression::{Compression, DataFile};
use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

/// The header of `summary.csv`, as axelrod 4.x writes it.
pub const SUMMARY_HEADER: [&str; 15] = [
    "Rank",
    "Name",
    "Median_score",
    "Cooperation_rating",
    "Wins",
    "Initial_C_rate",
    "Original_index",
    "CC_rate",
    "CD_rate",
    "DC_rate",
    "DD_rate",
    "CC_to_C_rate",
    "CD_to_C_rate",
    "DC_to_C_rate",
    "DD_to_C_rate",
];

/// The header of `matches.csv`.
pub const MATCHES_HEADER: [&str; 12] = [
    "player1_index",
    "player2_index",
    "player1",
    "player2",
    "repetition",
    "turns",
    "score1",
    "score2",
    "cooperations1",
    "cooperations2",
    "first_move1",
    "first_move2",
];

fn csv_error(error: csv::Error) -> io::Error {
    io::Error::other(error)
}

fn rate(value: Option<f64>) -> String {
    // axelrod writes the integer 0 where it has no rate.
    value.map_or_else(|| "0".to_string(), python_float)
}

/// The rows of `summary.csv` as strings, header first.
pub fn summary_records(rows: &[SummaryRow]) -> Vec<Vec<String>> {
    let mut records = vec![SUMMARY_HEADER.iter().map(|s| s.to_string()).collect()];
    for row in rows {
        let mut record = vec![
            row.rank.to_string(),
            row.name.clone(),
            python_float(row.median_score),
            python_float(row.cooperation_rating),
            python_float(row.wins),
            python_float(row.initial_c_rate),
            row.original_index.to_string(),
        ];
        record.extend(row.state_rates.iter().map(|r| rate(*r)));
        record.extend(row.cooperate_after_rates.iter().map(|r| rate(*r)));
        records.push(record);
    }
    records
}

/// Writes `summary.csv`.
pub fn write_summary(path: &Path, rows: &[SummaryRow]) -> io::Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)?;
    for record in summary_records(rows) {
        writer.write_record(&record).map_err(csv_error)?;
    }
    writer.flush()
}

/// Writes `payoff_matrix.csv`: a header of names, then one row per player
/// with its mean score per turn against each column player.
pub fn write_payoff_matrix(path: &Path, names: &[String], matrix: &[Vec<f64>]) -> io::Result<()> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)?;
    let mut header = vec!["Player".to_string()];
    header.extend(names.iter().cloned());
    writer.write_record(&header).map_err(csv_error)?;
    for (name, row) in names.iter().zip(matrix) {
        let mut record = vec![name.clone()];
        record.extend(row.iter().map(|v| python_float(*v)));
        writer.write_record(&record).map_err(csv_error)?;
    }
    writer.flush()
}

/// Streams `matches.csv`, one row per match, as the tournament reports them.
pub struct MatchesWriter {
    writer: csv::Writer<DataFile>,
    names: Vec<String>,
    payoffs: Payoffs,
    scratch: String,
}

/// Shows a float as Python's `repr` does (see [`python_float`]).
struct PythonFloat(f64);

impl std::fmt::Display for PythonFloat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = self.0;
        // Whole numbers (every score of integer payoffs) without an
        // allocation: Python shows them as "600.0" below 1e16.
        if v.fract() == 0.0 && v.abs() < 1e15 && !(v == 0.0 && v.is_sign_negative()) {
            write!(f, "{}.0", v as i64)
        } else {
            f.write_str(&python_float(v))
        }
    }
}

impl MatchesWriter {
    /// Creates the file (`path` as [`Compression::file_name`] names it)
    /// and writes the header.
    pub fn create(
        path: &Path,
        compression: Compression,
        names: Vec<String>,
        payoffs: Payoffs,
    ) -> io::Result<MatchesWriter> {
        let file = compression.create(path)?;
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(file);
        writer.write_record(MATCHES_HEADER).map_err(csv_error)?;
        Ok(MatchesWriter {
            writer,
            names,
            payoffs,
            scratch: String::new(),
        })
    }

    /// Appends one match. Fields go straight to the CSV writer from a
    /// reused buffer: no allocation per row (a reference tournament writes
    /// millions of rows).
    pub fn write(&mut self, record: &MatchRecord) -> io::Result<()> {
        use std::fmt::Write as _;
        let outcome = &record.outcome;
        let [score1, score2] = outcome.scores(&self.payoffs);
        let [coop1, coop2] = outcome.cooperations();
        let (names, scratch, writer) = (&self.names, &mut self.scratch, &mut self.writer);
        let mut field = |value: &dyn std::fmt::Display| -> io::Result<()> {
            scratch.clear();
            let _ = write!(scratch, "{value}");
            writer.write_field(scratch.as_bytes()).map_err(csv_error)
        };
        field(&record.first)?;
        field(&record.second)?;
        field(&names[record.first])?;
        field(&names[record.second])?;
        field(&record.repetition)?;
        field(&outcome.length)?;
        field(&PythonFloat(score1))?;
        field(&PythonFloat(score2))?;
        field(&coop1)?;
        field(&coop2)?;
        field(&outcome.first_moves[0].letter())?;
        field(&outcome.first_moves[1].letter())?;
        self.writer.write_record(None::<&[u8]>).map_err(csv_error)
    }

    /// Flushes the file.
    pub fn finish(mut self) -> io::Result<()> {
        self.writer.flush()?;
        self.writer
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))?
            .finish()
    }
}

/// The header of `interactions.csv`, as axelrod 4.14's
/// `Tournament.play(filename=...)` writes it.
pub const INTERACTIONS_HEADER: [&str; 28] = [
    "Interaction index",
    "Player index",
    "Opponent index",
    "Repetition",
    "Player name",
    "Opponent name",
    "Actions",
    "Score",
    "Score difference",
    "Turns",
    "Score per turn",
    "Score difference per turn",
    "Win",
    "Initial cooperation",
    "Cooperation count",
    "CC count",
    "CD count",
    "DC count",
    "DD count",
    "CC to C count",
    "CC to D count",
    "CD to C count",
    "CD to D count",
    "DC to C count",
    "DC to D count",
    "DD to C count",
    "DD to D count",
    "Good partner",
];

/// Streams `interactions.csv` in axelrod's format: per match (numbered from
/// 0 in pair-then-repetition order) one row per seat, from that player's
/// point of view (state counts and "state to action" counts use the
/// player's own move first). Scores are written as integers when every
/// payoff is a whole number (axelrod's default game holds integers) and as
/// Python floats otherwise; `Initial cooperation` is `True`/`False`.
pub struct InteractionsWriter {
    writer: csv::Writer<DataFile>,
    names: Vec<String>,
    payoffs: Payoffs,
    integer_payoffs: bool,
    index: u64,
    scratch: String,
    letters: Vec<u8>,
}

/// A score as axelrod shows it: an integer for an integer game.
struct Score(f64, bool);

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.1 && self.0.abs() < 9e15 {
            write!(f, "{}", self.0 as i64)
        } else {
            PythonFloat(self.0).fmt(f)
        }
    }
}

impl InteractionsWriter {
    /// Creates the file (`path` as [`Compression::file_name`] names it)
    /// and writes the header.
    pub fn create(
        path: &Path,
        compression: Compression,
        names: Vec<String>,
        payoffs: Payoffs,
    ) -> io::Result<InteractionsWriter> {
        let file = compression.create(path)?;
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(file);
        writer
            .write_record(INTERACTIONS_HEADER)
            .map_err(csv_error)?;
        let integer_payoffs = [payoffs.r, payoffs.s, payoffs.t, payoffs.p]
            .iter()
            .all(|v| v.fract() == 0.0 && v.abs() < 1e9);
        Ok(InteractionsWriter {
            writer,
            names,
            payoffs,
            integer_payoffs,
            index: 0,
            scratch: String::new(),
            letters: Vec::new(),
        })
    }

    /// Numbers the next match `index` (a shard's part starts at its first
    /// match id, so its rows are the single run's rows).
    pub fn starting_at(mut self, index: u64) -> InteractionsWriter {
        self.index = index;
        self
    }

    /// Appends the two rows of one match.
    pub fn write(&mut self, record: &MatchRecord, moves: &PackedMoves) -> io::Result<()> {
        use std::fmt::Write as _;
        let scores = record.outcome.scores(&self.payoffs);
        let cooperations = record.outcome.cooperations();
        let turns = record.outcome.length;
        let players = [record.first, record.second];
        for seat in 0..2 {
            let other = 1 - seat;
            let view = if seat == 0 {
                record.outcome
            } else {
                record.outcome.swapped()
            };
            let states = view.state_counts();
            let (followed, cooperated) = view.cooperation_after_states();
            let difference = scores[seat] - scores[other];
            let integer = self.integer_payoffs;
            let (scratch, writer) = (&mut self.scratch, &mut self.writer);
            let mut field = |value: &dyn std::fmt::Display| -> io::Result<()> {
                scratch.clear();
                let _ = write!(scratch, "{value}");
                writer.write_field(scratch.as_bytes()).map_err(csv_error)
            };
            field(&self.index)?;
            field(&players[seat])?;
            field(&players[other])?;
            field(&record.repetition)?;
            field(&self.names[players[seat]])?;
            field(&self.names[players[other]])?;
            self.letters.clear();
            moves.push_letters(seat, &mut self.letters);
            // The letters go to the writer as they are (no copy).
            self.writer.write_field(&self.letters).map_err(csv_error)?;
            let (scratch, writer) = (&mut self.scratch, &mut self.writer);
            let mut field = |value: &dyn std::fmt::Display| -> io::Result<()> {
                scratch.clear();
                let _ = write!(scratch, "{value}");
                writer.write_field(scratch.as_bytes()).map_err(csv_error)
            };
            field(&Score(scores[seat], integer))?;
            field(&Score(difference, integer))?;
            field(&turns)?;
            field(&PythonFloat(scores[seat] / turns as f64))?;
            field(&PythonFloat(difference / turns as f64))?;
            field(&u8::from(scores[seat] > scores[other]))?;
            field(&if view.first_moves[0] == Action::C {
                "True"
            } else {
                "False"
            })?;
            field(&cooperations[seat])?;
            for count in states {
                field(&count)?;
            }
            for s in 0..4 {
                field(&cooperated[s])?;
                field(&(followed[s] - cooperated[s]))?;
            }
            field(&u8::from(cooperations[seat] >= cooperations[other]))?;
            self.writer.write_record(None::<&[u8]>).map_err(csv_error)?;
        }
        self.index += 1;
        Ok(())
    }

    /// Flushes the file.
    pub fn finish(mut self) -> io::Result<()> {
        self.writer.flush()?;
        self.writer
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))?
            .finish()
    }
}

/// Writes a string to a file.
pub fn write_text(path: &Path, text: &str) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_float_path_shows_what_python_float_shows() {
        for v in [
            0.0,
            -0.0,
            1.0,
            -3.0,
            600.0,
            0.5,
            -2.25,
            1e14,
            999_999_999_999_999.0,
            1e15,
            1e16,
            2.5e20,
            1e-5,
            1.0 / 3.0,
            f64::NAN,
            f64::INFINITY,
        ] {
            assert_eq!(PythonFloat(v).to_string(), python_float(v), "{v}");
        }
    }
}
