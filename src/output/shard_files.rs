//! The files of a shard folder (`<name>.shard-I-of-N/`) and their checks.
//!
//! A shard folder holds exactly what `dilemma merge` needs to render the
//! study as a single run would, and nothing that depends on the machine,
//! the threads or the time, so rerunning a shard rewrites the same bytes:
//!
//! - `scenario.toml`: the resolved scenario (as in a results folder);
//! - `outcomes.csv`: one row per match of the shard, in id order (for a
//!   sweep, led by the grid point's number), with the match's exact integer
//!   counters ([`MatchOutcome`]: length, first moves,
//!   first joint state and the 16 state-transition counts), from which every
//!   score, rate and count of the results is computed;
//! - `interactions.csv` (a tournament with `[output] interactions = true`):
//!   the shard's rows of the single run's `interactions.csv`, header first,
//!   matches numbered by their ids; merge checks the numbering and appends
//!   the parts in id order, streaming, so the merged file is the single
//!   run's byte for byte;
//! - `manifest.json`: format, version, kind, scenario name and the SHA-256
//!   of `scenario.toml`, seed, shard index and count, the range of unit ids
//!   and the total, and the SHA-256 and size of every other file.
//!
//! Reading checks each file against its digest and each outcome row for
//! consistency (counts that add up, a first state that matches the first
//! moves); a damaged shard is reported with the file and line.

use crate::ipd::action::{Action, STATE_NAMES, state_index};
use crate::ipd::match_record::MatchRecord;
use crate::ipd::outcome::MatchOutcome;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

/// The shard folder format this version writes and reads.
pub const SHARD_FORMAT: &str = "dilemma-shard/1";

/// The manifest file's name.
pub const MANIFEST: &str = "manifest.json";

/// The outcomes file's name.
pub const OUTCOMES: &str = "outcomes.csv";

/// The fixation-matrix units file's name (one row per Moran run).
pub const FIXATIONS: &str = "fixations.csv";

/// The header of `fixations.csv`.
pub const FIXATIONS_HEADER: &str = "pair,run,mutant_fixed";

/// Writes `fixations.csv`: one row per unit (ordered pair, run), in id
/// order, with 1 when the mutant took over and 0 otherwise.
pub fn write_fixations(path: &Path, rows: &[(u64, u64, bool)]) -> io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "{FIXATIONS_HEADER}")?;
    for &(pair, run, fixed) in rows {
        writeln!(out, "{pair},{run},{}", u8::from(fixed))?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// Reads `fixations.csv`, calling `each(pair, run, fixed)` per row; errors
/// name the line.
pub fn read_fixations(
    path: &Path,
    mut each: impl FnMut(u64, u64, bool) -> Result<(), String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut lines = io::BufReader::new(file).lines();
    let header = lines
        .next()
        .transpose()
        .map_err(|e| format!("cannot read: {e}"))?;
    if header.as_deref() != Some(FIXATIONS_HEADER) {
        return Err(format!("line 1: not the {FIXATIONS} header"));
    }
    for (k, line) in lines.enumerate() {
        let n = k + 2;
        let line = line.map_err(|e| format!("line {n}: cannot read: {e}"))?;
        let fields: Vec<&str> = line.split(',').collect();
        let parsed = match fields.as_slice() {
            [pair, run, fixed] => match (pair.parse(), run.parse(), *fixed) {
                (Ok(pair), Ok(run), "0" | "1") => Some((pair, run, *fixed == "1")),
                _ => None,
            },
            _ => None,
        };
        let (pair, run, fixed) =
            parsed.ok_or_else(|| format!("line {n}: expected pair,run,0|1, got `{line}`"))?;
        each(pair, run, fixed).map_err(|e| format!("line {n}: {e}"))?;
    }
    Ok(())
}

/// The resolved scenario's file name.
pub const SCENARIO: &str = "scenario.toml";

/// A shard's part of `interactions.csv` (a tournament with `[output]
/// interactions = true`): the header, then the two rows of each of its
/// matches, numbered by match id, exactly as the single run writes them.
pub const INTERACTIONS: &str = "interactions.csv";

/// The first line of `interactions.csv`.
pub fn interactions_header() -> String {
    crate::output::tournament_files::INTERACTIONS_HEADER.join(",")
}

/// Appends a shard's `interactions.csv` part to `out`, streaming it line by
/// line: the header only when `with_header` (the first shard), then every
/// row, checking that the rows are two per match of `ids`, in id order (the
/// `Interaction index` field). The error names the line.
pub fn append_interactions(
    path: &Path,
    out: &mut dyn Write,
    with_header: bool,
    ids: std::ops::Range<u64>,
) -> Result<(), AppendError> {
    append_checked(path, out, with_header, ids).map_err(|e| match e {
        Copy::Read(message) => AppendError::Damaged(message),
        Copy::Write(error) => AppendError::Write(error),
    })
}

/// Why a part could not be appended.
#[derive(Debug)]
pub enum AppendError {
    /// The shard's part is damaged (the message names the line).
    Damaged(String),
    /// The merged file could not be written (a full disk): the target's
    /// fault, not the shard's.
    Write(io::Error),
}

enum Copy {
    Read(String),
    Write(io::Error),
}

impl From<String> for Copy {
    fn from(message: String) -> Copy {
        Copy::Read(message)
    }
}

fn append_checked(
    path: &Path,
    out: &mut dyn Write,
    with_header: bool,
    ids: std::ops::Range<u64>,
) -> Result<(), Copy> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut reader = io::BufReader::with_capacity(1 << 16, file);
    let mut line = Vec::new();
    let mut read_line = |line: &mut Vec<u8>| {
        line.clear();
        reader
            .read_until(b'\n', line)
            .map_err(|e| format!("cannot read: {e}"))
    };
    read_line(&mut line)?;
    if line.strip_suffix(b"\n") != Some(interactions_header().as_bytes()) {
        return Err(Copy::Read("line 1: not the interactions.csv header".into()));
    }
    let write_error = Copy::Write;
    if with_header {
        out.write_all(&line).map_err(write_error)?;
    }
    let rows = 2 * (ids.end - ids.start);
    let mut row = 0u64;
    loop {
        if read_line(&mut line)? == 0 {
            break;
        }
        let n = row + 2;
        if row == rows {
            return Err(Copy::Read(format!(
                "line {n}: more rows than the shard's {} matches (two each)",
                ids.end - ids.start
            )));
        }
        if line.last() != Some(&b'\n') {
            return Err(Copy::Read(format!("line {n}: cut short (no end of line)")));
        }
        let expected = ids.start + row / 2;
        let index = line.split(|&b| b == b',').next().unwrap_or_default();
        if index != expected.to_string().as_bytes() {
            return Err(Copy::Read(format!(
                "line {n}: interaction index `{}` where match {expected} belongs",
                String::from_utf8_lossy(index)
            )));
        }
        out.write_all(&line).map_err(write_error)?;
        row += 1;
    }
    if row != rows {
        return Err(Copy::Read(format!(
            "{} rows, the shard's {} matches have {rows}",
            row,
            ids.end - ids.start
        )));
    }
    Ok(())
}

/// Digest and size of a file of the shard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileDigest {
    /// SHA-256, lower-case hex.
    pub sha256: String,
    /// Size in bytes.
    pub bytes: u64,
}

/// `manifest.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// [`SHARD_FORMAT`].
    pub format: String,
    /// The dilemma version that wrote the shard.
    pub dilemma_version: String,
    /// The scenario kind.
    pub kind: String,
    /// The scenario name.
    pub scenario: String,
    /// SHA-256 of `scenario.toml` (the resolved scenario, seed included).
    pub scenario_sha256: String,
    /// The master seed.
    pub seed: u64,
    /// This shard's index, from 0.
    pub shard_index: u32,
    /// The number of shards.
    pub shard_count: u32,
    /// First unit id of the shard.
    pub units_start: u64,
    /// One past the last unit id of the shard.
    pub units_end: u64,
    /// Unit ids of the whole study.
    pub units_total: u64,
    /// Digests of the data files (name -> digest).
    pub files: BTreeMap<String, FileDigest>,
    /// HMAC-SHA-256 of this manifest (without this field) under a secret
    /// key, for shards from machines one does not trust: only written when
    /// the shard was run with a key ([`Manifest::keyed_digest`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyed_sha256: Option<String>,
}

impl Manifest {
    /// HMAC-SHA-256 under `key` of the manifest without its keyed digest
    /// (its JSON, which names every file's SHA-256, the scenario's and the
    /// units): whoever does not hold the key cannot make one that matches.
    pub fn keyed_digest(&self, key: &[u8]) -> String {
        let unkeyed = Manifest {
            keyed_sha256: None,
            ..self.clone()
        };
        let bytes = serde_json::to_vec(&unkeyed).unwrap_or_default();
        hmac_sha256_hex(key, &bytes)
    }
}

/// HMAC-SHA-256 (RFC 2104) of `message` under `key`, lower-case hex.
pub fn hmac_sha256_hex(key: &[u8], message: &[u8]) -> String {
    const BLOCK: usize = 64;
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.map(|b| b ^ byte);
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    let outer = Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize();
    outer.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 of some bytes, lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Digest and size of a file.
pub fn digest_file(path: &Path) -> io::Result<FileDigest> {
    use std::io::Read as _;
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buffer = vec![0u8; 1 << 16];
    let mut bytes = 0u64;
    loop {
        let n = file.read(&mut buffer)?;
        if n == 0 {
            break;
        }
        hasher.update(&buffer[..n]);
        bytes += n as u64;
    }
    let sha256 = hasher
        .finalize()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Ok(FileDigest { sha256, bytes })
}

/// Writes the manifest (pretty JSON, trailing newline).
pub fn write_manifest(path: &Path, manifest: &Manifest) -> io::Result<()> {
    let text = serde_json::to_string_pretty(manifest).map_err(io::Error::other)?;
    std::fs::write(path, format!("{text}\n"))
}

/// Reads a manifest; the error says what is wrong with it.
pub fn read_manifest(path: &Path) -> Result<Manifest, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("not a shard manifest: {e}"))
}

/// The header of `outcomes.csv` (with a leading `point` column for sweeps).
pub fn outcomes_header(with_point: bool) -> String {
    let mut columns: Vec<String> = with_point
        .then(|| "point".to_string())
        .into_iter()
        .collect();
    columns.extend([
        "first".to_string(),
        "second".into(),
        "repetition".into(),
        "length".into(),
        "first_moves".into(),
        "first_state".into(),
    ]);
    for from in STATE_NAMES {
        for to in STATE_NAMES {
            columns.push(format!("{from}_{to}"));
        }
    }
    columns.join(",")
}

/// Streams `outcomes.csv`.
pub struct OutcomesWriter {
    out: BufWriter<std::fs::File>,
}

impl OutcomesWriter {
    /// Creates the file and writes the header (`with_point`: a sweep's).
    pub fn create(path: &Path, with_point: bool) -> io::Result<OutcomesWriter> {
        let mut out = BufWriter::new(std::fs::File::create(path)?);
        writeln!(out, "{}", outcomes_header(with_point))?;
        Ok(OutcomesWriter { out })
    }

    /// Appends one match of grid point `point` (a sweep's file).
    pub fn write_in_point(&mut self, point: usize, record: &MatchRecord) -> io::Result<()> {
        write!(self.out, "{point},")?;
        self.write(record)
    }

    /// Appends one match.
    pub fn write(&mut self, record: &MatchRecord) -> io::Result<()> {
        let o = &record.outcome;
        write!(
            self.out,
            "{},{},{},{},{}{},{}",
            record.first,
            record.second,
            record.repetition,
            o.length,
            o.first_moves[0].letter(),
            o.first_moves[1].letter(),
            STATE_NAMES[o.first_state as usize & 3]
        )?;
        for row in &o.transitions {
            for n in row {
                write!(self.out, ",{n}")?;
            }
        }
        writeln!(self.out)
    }

    /// Flushes and syncs the file.
    pub fn finish(self) -> io::Result<()> {
        let file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()
    }
}

/// Parses one row of `outcomes.csv`, checking that its counters are
/// consistent; the error says which field is wrong.
pub fn parse_outcome(line: &str) -> Result<MatchRecord, String> {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() != 22 {
        return Err(format!("{} fields, expected 22", fields.len()));
    }
    fn number<T: std::str::FromStr>(field: &str, name: &str) -> Result<T, String> {
        field
            .parse()
            .map_err(|_| format!("{name} `{field}` is not a whole number"))
    }
    let first: usize = number(fields[0], "first")?;
    let second: usize = number(fields[1], "second")?;
    let repetition: u32 = number(fields[2], "repetition")?;
    let length: u32 = number(fields[3], "length")?;
    let moves: Vec<Action> = fields[4].chars().filter_map(Action::from_letter).collect();
    if moves.len() != 2 || fields[4].len() != 2 {
        return Err(format!("first_moves `{}` is not two of C/D", fields[4]));
    }
    let first_state = STATE_NAMES
        .iter()
        .position(|s| *s == fields[5])
        .ok_or_else(|| format!("first_state `{}` is not CC, CD, DC or DD", fields[5]))?;
    let mut transitions = [[0u32; 4]; 4];
    let mut sum = 0u64;
    for (k, field) in fields[6..].iter().enumerate() {
        let n: u32 = number(field, "transition count")?;
        transitions[k / 4][k % 4] = n;
        sum += n as u64;
    }
    if length > 0 {
        if state_index(moves[0], moves[1]) != first_state {
            return Err(format!(
                "first_state {} does not match first_moves {}",
                fields[5], fields[4]
            ));
        }
        if sum + 1 != length as u64 {
            return Err(format!(
                "transition counts add up to {sum}, expected length - 1 = {}",
                length - 1
            ));
        }
    } else if sum != 0 {
        return Err("a match of length 0 has transitions".into());
    }
    Ok(MatchRecord {
        first,
        second,
        repetition,
        outcome: MatchOutcome {
            length,
            first_moves: [moves[0], moves[1]],
            first_state: first_state as u8,
            transitions,
        },
    })
}

/// Reads `outcomes.csv` row by row, calling `each` with the grid point (0
/// without `with_point`) and the parsed record; errors name the line.
pub fn read_outcomes(
    path: &Path,
    with_point: bool,
    mut each: impl FnMut(usize, MatchRecord) -> Result<(), String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut lines = io::BufReader::new(file).lines();
    let header = lines
        .next()
        .transpose()
        .map_err(|e| format!("cannot read: {e}"))?;
    if header.as_deref() != Some(outcomes_header(with_point).as_str()) {
        return Err("line 1: not the outcomes.csv header".into());
    }
    for (k, line) in lines.enumerate() {
        let line_number = k + 2;
        let line = line.map_err(|e| format!("line {line_number}: cannot read: {e}"))?;
        let (point, rest) = if with_point {
            let (point, rest) = line.split_once(',').unwrap_or((&line, ""));
            let point = point.parse::<usize>().map_err(|_| {
                format!("line {line_number}: point `{point}` is not a whole number")
            })?;
            (point, rest)
        } else {
            (0, line.as_str())
        };
        let record = parse_outcome(rest).map_err(|e| format!("line {line_number}: {e}"))?;
        each(point, record).map_err(|e| format!("line {line_number}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231() {
        // Test cases 1, 2 and 6 (a key longer than a block) of RFC 4231.
        assert_eq!(
            hmac_sha256_hex(&[0x0b; 20], b"Hi There"),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        assert_eq!(
            hmac_sha256_hex(b"Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            hmac_sha256_hex(
                &[0xaa; 131],
                b"Test Using Larger Than Block-Size Key - Hash Key First"
            ),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
    }

    #[test]
    fn an_outcome_row_round_trips() {
        let outcome = MatchOutcome::from_moves(
            &[Action::C, Action::D, Action::D, Action::C],
            &[Action::D, Action::D, Action::C, Action::C],
        );
        let record = MatchRecord {
            first: 2,
            second: 5,
            repetition: 7,
            outcome,
        };
        let dir = std::env::temp_dir().join(format!("dilemma-shard-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(OUTCOMES);
        let mut writer = OutcomesWriter::create(&path, false).unwrap();
        writer.write(&record).unwrap();
        writer.finish().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text.lines().nth(1),
            Some("2,5,7,4,CD,CD,0,0,0,0,0,0,0,1,1,0,0,0,0,0,1,0")
        );
        let mut back = Vec::new();
        read_outcomes(&path, false, |_, r| {
            back.push(r);
            Ok(())
        })
        .unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(
            (back[0].first, back[0].second, back[0].repetition),
            (2, 5, 7)
        );
        assert_eq!(back[0].outcome, outcome);
        // A sweep's file leads with the point.
        let mut writer = OutcomesWriter::create(&path, true).unwrap();
        writer.write_in_point(3, &record).unwrap();
        writer.finish().unwrap();
        let mut points = Vec::new();
        read_outcomes(&path, true, |point, r| {
            points.push((point, r.outcome));
            Ok(())
        })
        .unwrap();
        assert_eq!(points, [(3, outcome)]);
        assert!(read_outcomes(&path, false, |_, _| Ok(())).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inconsistent_rows_are_refused() {
        let good = "0,1,0,3,CD,CD,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1";
        assert!(parse_outcome(good).is_ok());
        let cases = [
            (
                "0,1,0,3,CD,DD,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1",
                "first_state",
            ),
            ("0,1,0,4,CD,CD,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1", "add up"),
            (
                "0,1,0,3,CX,CD,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1",
                "first_moves",
            ),
            ("0,1,0,3,CD,CD,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0", "21 fields"),
            (
                "0,1,x,3,CD,CD,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,1",
                "repetition",
            ),
        ];
        for (row, words) in cases {
            let error = parse_outcome(row).unwrap_err();
            assert!(error.contains(words), "{row}: {error}");
        }
    }

    #[test]
    fn sha256_of_a_known_string() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
