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
use crate::study::{Progress, ShardFormat, Study, StudyError};
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

/// Plays shard `shard` of `study` and writes its folder at `destination`.
pub fn play_shard<S: Study>(
    study: &S,
    destination: &Path,
    shard: Shard,
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
    let manifest = Manifest {
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
    };
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
