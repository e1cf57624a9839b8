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

/// Streams `matches.csv`, one row per match, as the tournament reports them.
///
/// A reference tournament writes millions of rows, so a row is formatted
/// by hand into a reused buffer: the names are escaped once (by the CSV
/// writer's own rules, see [`csv_field`]), integers and whole scores are
/// written digit by digit, and other scores as Python's `repr` writes them.
/// The bytes are those the CSV writer wrote field by field (a test
/// compares them).
pub struct MatchesWriter {
    file: DataFile,
    /// Each player's name as a CSV field.
    names: Vec<Vec<u8>>,
    payoffs: Payoffs,
    /// Rows not yet handed to the file.
    buffer: Vec<u8>,
}

/// Rows are handed to the file in chunks of about this many bytes.
const ROWS_CHUNK: usize = 1 << 16;

/// `text` as one field of a CSV record written by the csv crate with this
/// module's settings (quoted only where needed).
fn csv_field(text: &str) -> Vec<u8> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(Vec::new());
    // A second field keeps the csv crate from quoting a lone empty field.
    let written = writer
        .write_record([text, "x"])
        .map_err(csv_error)
        .and_then(|()| {
            writer
                .into_inner()
                .map_err(|e| io::Error::other(e.to_string()))
        });
    let mut bytes = written.expect("writing to memory does not fail");
    bytes.truncate(bytes.len() - ",x\n".len());
    bytes
}

/// Appends `value` in decimal.
fn push_integer(out: &mut Vec<u8>, value: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// Appends a score as Python's `repr` shows it (see [`PythonFloat`]).
fn push_score(out: &mut Vec<u8>, value: f64) {
    // Whole numbers (every score of integer payoffs) without formatting
    // machinery: Python shows them as "600.0" below 1e16.
    if value.fract() == 0.0 && value.abs() < 1e15 && !(value == 0.0 && value.is_sign_negative()) {
        if value < 0.0 {
            out.push(b'-');
        }
        push_integer(out, value.abs() as u64);
        out.extend_from_slice(b".0");
    } else {
        out.extend_from_slice(python_float(value).as_bytes());
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
        let mut file = compression.create(path)?;
        let mut header = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        header.write_record(MATCHES_HEADER).map_err(csv_error)?;
        file.write_all(
            &header
                .into_inner()
                .map_err(|e| io::Error::other(e.to_string()))?,
        )?;
        Ok(MatchesWriter {
            file,
            names: names.iter().map(|name| csv_field(name)).collect(),
            payoffs,
            buffer: Vec::with_capacity(ROWS_CHUNK + 1024),
        })
    }

    /// Appends one match.
    pub fn write(&mut self, record: &MatchRecord) -> io::Result<()> {
        let outcome = &record.outcome;
        let [score1, score2] = outcome.scores(&self.payoffs);
        let [coop1, coop2] = outcome.cooperations();
        let out = &mut self.buffer;
        push_integer(out, record.first as u64);
        out.push(b',');
        push_integer(out, record.second as u64);
        out.push(b',');
        out.extend_from_slice(&self.names[record.first]);
        out.push(b',');
        out.extend_from_slice(&self.names[record.second]);
        out.push(b',');
        push_integer(out, u64::from(record.repetition));
        out.push(b',');
        push_integer(out, u64::from(outcome.length));
        out.push(b',');
        push_score(out, score1);
        out.push(b',');
        push_score(out, score2);
        out.push(b',');
        push_integer(out, u64::from(coop1));
        out.push(b',');
        push_integer(out, u64::from(coop2));
        out.push(b',');
        out.push(outcome.first_moves[0].letter() as u8);
        out.push(b',');
        out.push(outcome.first_moves[1].letter() as u8);
        out.push(b'\n');
        if out.len() >= ROWS_CHUNK {
            self.file.write_all(out)?;
            out.clear();
        }
        Ok(())
    }

    /// Writes the rows still buffered and flushes the file.
    pub fn finish(mut self) -> io::Result<()> {
        self.file.write_all(&self.buffer)?;
        self.file.finish()
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
    use crate::ipd::outcome::MatchOutcome;

    /// `matches.csv` as the csv crate writes it field by field (the
    /// writer's former way), for comparison.
    fn matches_by_csv_fields(
        names: &[String],
        payoffs: &Payoffs,
        records: &[MatchRecord],
    ) -> Vec<u8> {
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        writer.write_record(MATCHES_HEADER).unwrap();
        for record in records {
            let outcome = &record.outcome;
            let [score1, score2] = outcome.scores(payoffs);
            let [coop1, coop2] = outcome.cooperations();
            let fields = [
                record.first.to_string(),
                record.second.to_string(),
                names[record.first].clone(),
                names[record.second].clone(),
                record.repetition.to_string(),
                outcome.length.to_string(),
                PythonFloat(score1).to_string(),
                PythonFloat(score2).to_string(),
                coop1.to_string(),
                coop2.to_string(),
                outcome.first_moves[0].letter().to_string(),
                outcome.first_moves[1].letter().to_string(),
            ];
            writer.write_record(&fields).unwrap();
        }
        writer.into_inner().unwrap()
    }

    #[test]
    fn matches_rows_are_the_csv_writers_bytes() {
        let names: Vec<String> = [
            "Tit For Tat",
            "Alexei: (D,)",
            "Gradual, Killer",
            "say \"hi\"",
            "",
            "multi\nline",
            "Meta Winner Long Memory: 138 players",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let games = [
            Payoffs::STANDARD,
            Payoffs {
                r: 3.5,
                s: -0.25,
                t: 5.1,
                p: 1e-3,
            },
            Payoffs {
                r: -3.0,
                s: -7.0,
                t: 0.0,
                p: -5.0,
            },
        ];
        for payoffs in games {
            let mut records = Vec::new();
            for first in 0..names.len() {
                for second in first..names.len() {
                    let k = (first * 7 + second) as u32;
                    let mut transitions = [[0u32; 4]; 4];
                    transitions[(k % 4) as usize][(k / 4 % 4) as usize] = k * 13;
                    transitions[3][0] = k % 5;
                    let length = 1 + transitions.iter().flatten().sum::<u32>();
                    records.push(MatchRecord {
                        first,
                        second,
                        repetition: k * 1000,
                        outcome: MatchOutcome {
                            length,
                            first_moves: [
                                Action::from_bit(u64::from(k)),
                                Action::from_bit(u64::from(k / 2)),
                            ],
                            first_state: (k % 4) as u8,
                            transitions,
                        },
                    });
                }
            }
            let dir = std::env::temp_dir().join(format!("dilemma-matches-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("matches-{}.csv", payoffs.r));
            let mut writer =
                MatchesWriter::create(&path, Compression::None, names.clone(), payoffs).unwrap();
            for record in &records {
                writer.write(record).unwrap();
            }
            writer.finish().unwrap();
            let written = std::fs::read(&path).unwrap();
            std::fs::remove_dir_all(&dir).ok();
            assert_eq!(
                String::from_utf8_lossy(&written),
                String::from_utf8_lossy(&matches_by_csv_fields(&names, &payoffs, &records)),
                "{payoffs:?}"
            );
        }
    }

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
