//! `play_shard`: one shard of a study, for every kind that can be split.
//! A shard is a contiguous block of unit ids (`scale::shard`); its folder
//! `<name>.shard-I-of-N/` holds the resolved `scenario.toml`, the units as
//! rows of the kind's files ([`Study::shard_writer`]) and `manifest.json`
//! (format, version, kind, scenario digest, seed, the ids, the files'
//! digests: `output::shard_files`). It holds nothing that depends on
//! threads, machine or time, so a shard killed and rerun writes the same
//! bytes; it is staged and moved into place like every results folder.

use crate::output::atomic::StagingDir;
use crate::output::shard_files::{
    MANIFEST, Manifest, SCENARIO, SHARD_FORMAT, digest_file, sha256_hex, write_manifest,
};
use crate::output::tournament_files::write_text;
use crate::scale::Shard;
use crate::study::error::failed;
use crate::study::progress::InShard;
use crate::study::{Progress, ShardFormat, ShardRead, Sink, Study, StudyError, UnitWriter};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The shard folder's name: `<name>.shard-I-of-N`.
pub fn folder_name(name: &str, shard: Option<Shard>) -> String {
    match shard {
        Some(shard) => format!("{name}.{}", shard.folder_suffix()),
        None => name.to_string(),
    }
}

/// A shard written.
#[derive(Clone, Debug)]
pub struct ShardWritten {
    /// The study's name.
    pub name: String,
    /// Which shard.
    pub shard: Shard,
    /// Where its folder is.
    pub folder: PathBuf,
    /// The unit ids it played.
    pub ids: Range<u64>,
    /// The study's unit count.
    pub total: u64,
    /// How the kind keeps its units.
    pub format: ShardFormat,
}

/// Plays shard `shard` of `study` and writes its folder at `destination`;
/// with a `key`, the manifest carries its keyed digest (HMAC-SHA-256,
/// `Manifest::keyed_digest`) for a merge that holds the same key.
pub fn play_shard<S: Study>(
    study: &S,
    destination: &Path,
    (shard, key): (Shard, Option<&[u8]>),
    progress: &dyn Progress,
) -> Result<ShardWritten, StudyError> {
    let name = study.name();
    let Some(format) = study.shard_format() else {
        return Err(StudyError::Input(format!(
            "--shard: scenario `{name}` cannot be run as shards"
        )));
    };
    let total = study.plan().units;
    let ids = shard.ids(total);
    let resolved = study.resolved_toml();
    let staging = StagingDir::create(destination)
        .map_err(|e| failed("cannot create the shard folder", destination, e))?;
    let write_error =
        |file: &str, e: std::io::Error| failed("cannot write", &destination.join(file), e);
    write_text(&staging.file(SCENARIO), &resolved).map_err(|e| write_error(SCENARIO, e))?;
    let mut writer = study
        .shard_writer(staging.path(), ids.clone())
        .map_err(|(file, e)| write_error(file, e))?;
    let progress = InShard {
        inner: progress,
        shard: format!("shard {shard}"),
    };
    progress.start(ids.end - ids.start, study.plan().noun, name, true);
    let played = study.play(ids.clone(), &progress, &mut |id, unit| {
        writer
            .write(id, &unit)
            .map_err(|(file, e)| write_error(file, e))
    });
    progress.finish();
    played?;
    let files = writer.finish().map_err(|(file, e)| write_error(file, e))?;
    let mut digests = std::collections::BTreeMap::new();
    for file in files {
        let digest = digest_file(&staging.file(file)).map_err(|e| write_error(file, e))?;
        digests.insert(file.to_string(), digest);
    }
    let mut manifest = Manifest {
        format: SHARD_FORMAT.into(),
        dilemma_version: env!("CARGO_PKG_VERSION").into(),
        kind: format.kind.into(),
        scenario: name.to_string(),
        scenario_sha256: sha256_hex(resolved.as_bytes()),
        seed: study.seed(),
        shard_index: shard.index,
        shard_count: shard.count,
        units_start: ids.start,
        units_end: ids.end,
        units_total: total,
        files: digests,
        keyed_sha256: None,
    };
    manifest.keyed_sha256 = key.map(|key| manifest.keyed_digest(key));
    write_manifest(&staging.file(MANIFEST), &manifest).map_err(|e| write_error(MANIFEST, e))?;
    let folder = staging
        .commit()
        .map_err(|e| failed("cannot move the shard into place", destination, e))?;
    Ok(ShardWritten {
        name: name.to_string(),
        shard,
        folder,
        ids,
        total,
        format,
    })
}

/// Reads a shard's rows back as units, in id order, for a kind's
/// [`Study::read_shard`]: `read` parses the file (`file`, rows of `ids`)
/// and hands over each row; `unit` checks the row is the unit its id names
/// and makes the unit. More rows than the shard's units, fewer, a row that
/// is not its unit: the file is damaged (the message names the line when
/// `read` adds it); an error of `each` is passed on as it is.
pub fn read_rows<R, U>(
    file: &'static str,
    ids: Range<u64>,
    noun: &str,
    read: impl FnOnce(&mut dyn FnMut(R) -> Result<(), String>) -> Result<(), String>,
    unit: impl Fn(u64, R) -> Result<U, String>,
    each: &mut Sink<'_, U>,
) -> Result<(), ShardRead> {
    let mut next_id = ids.start;
    let mut failure = None;
    let units = ids.end - ids.start;
    read(&mut |row| {
        if next_id >= ids.end {
            return Err(format!("more rows than the shard's {units} {noun}"));
        }
        let unit = unit(next_id, row)?;
        if let Err(e) = each(next_id, unit) {
            failure = Some(e);
            return Err(String::new());
        }
        next_id += 1;
        Ok(())
    })
    .and_then(|()| {
        if next_id == ids.end {
            Ok(())
        } else {
            Err(format!(
                "{} rows, the shard has {units} {noun}",
                next_id - ids.start
            ))
        }
    })
    .map_err(|e| match failure.take() {
        Some(error) => ShardRead::Fold(error),
        None => ShardRead::Damaged(file.into(), e),
    })
}

/// Makes a row from a unit and its id.
type RowOf<'a, U, R> = Box<dyn Fn(u64, &U) -> R + Send + 'a>;

/// A shard's units kept as rows in memory and written to one file when the
/// shard ends (a shard's runs: small rows, at most one per unit).
pub struct RowsAtEnd<'a, U, R> {
    path: PathBuf,
    file: &'static str,
    rows: Vec<R>,
    row: RowOf<'a, U, R>,
    write: WriteRows<'a, R>,
}

/// Writes the rows to a file.
type WriteRows<'a, R> = Box<dyn Fn(&Path, &[R]) -> std::io::Result<()> + Send + 'a>;

impl<'a, U, R> RowsAtEnd<'a, U, R> {
    /// Rows made by `row` from each unit, written to `dir/file` by `write`.
    pub fn new(
        dir: &Path,
        file: &'static str,
        row: impl Fn(u64, &U) -> R + Send + 'a,
        write: impl Fn(&Path, &[R]) -> std::io::Result<()> + Send + 'a,
    ) -> Self {
        RowsAtEnd {
            path: dir.join(file),
            file,
            rows: Vec::new(),
            row: Box::new(row),
            write: Box::new(write),
        }
    }
}

impl<U, R> UnitWriter<U> for RowsAtEnd<'_, U, R> {
    fn write(&mut self, id: u64, unit: &U) -> Result<(), (&'static str, std::io::Error)> {
        self.rows.push((self.row)(id, unit));
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<Vec<&'static str>, (&'static str, std::io::Error)> {
        (self.write)(&self.path, &self.rows).map_err(|e| (self.file, e))?;
        Ok(vec![self.file])
    }
}
