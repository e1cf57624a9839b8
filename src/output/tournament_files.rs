//! The CSV files of a tournament: `summary.csv` (axelrod's header and number
//! format), `payoff_matrix.csv` and `matches.csv`.
//!
//! Numbers are written the way Python's `repr` writes floats, so files
//! compare equal to the axelrod library's, and every value round-trips.

use crate::ipd::action::Action;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::results::SummaryRow;
use crate::ipd::strategies::catalogue::python_float;
use crate::ipd::tournament::MatchRecord;
use std::fs::File;
use std::io::{self, BufWriter, Write};
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
    writer: csv::Writer<BufWriter<File>>,
    names: Vec<String>,
    payoffs: Payoffs,
}

impl MatchesWriter {
    /// Creates the file and writes the header.
    pub fn create(path: &Path, names: Vec<String>, payoffs: Payoffs) -> io::Result<MatchesWriter> {
        let file = BufWriter::new(File::create(path)?);
        let mut writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(file);
        writer.write_record(MATCHES_HEADER).map_err(csv_error)?;
        Ok(MatchesWriter {
            writer,
            names,
            payoffs,
        })
    }

    /// Appends one match.
    pub fn write(&mut self, record: &MatchRecord) -> io::Result<()> {
        let outcome = &record.outcome;
        let [score1, score2] = outcome.scores(&self.payoffs);
        let [coop1, coop2] = outcome.cooperations();
        let letter = |a: Action| a.letter().to_string();
        self.writer
            .write_record([
                record.first.to_string(),
                record.second.to_string(),
                self.names[record.first].clone(),
                self.names[record.second].clone(),
                record.repetition.to_string(),
                outcome.length.to_string(),
                python_float(score1),
                python_float(score2),
                coop1.to_string(),
                coop2.to_string(),
                letter(outcome.first_moves[0]),
                letter(outcome.first_moves[1]),
            ])
            .map_err(csv_error)
    }

    /// Flushes the file.
    pub fn finish(mut self) -> io::Result<()> {
        self.writer.flush()?;
        let inner = self
            .writer
            .into_inner()
            .map_err(|e| io::Error::other(e.to_string()))?;
        inner.into_inner().map_err(|e| e.into_error())?.sync_all()
    }
}

/// Writes a string to a file.
pub fn write_text(path: &Path, text: &str) -> io::Result<()> {
    let mut file = File::create(path)?;
    file.write_all(text.as_bytes())
}
