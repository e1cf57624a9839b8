//! `merge`: the shard folders of one study (written by [`play_shard`]) read
//! back in unit-id order and folded, finished and written exactly as a
//! single run does, so the merged folder is the single run's byte for byte
//! (`run.json` aside: it describes the merge). For every kind.
//!
//! Before anything is written every shard is checked: shards of different
//! scenarios, seeds, shard counts or versions, a shard from another
//! version of dilemma, a missing or duplicated shard index, and a damaged
//! shard (a missing or unreadable file, a digest that does not match the
//! manifest, a row that is not the unit its id names) are refused naming
//! the folders. Files whose parts are appended (a tournament's
//! `interactions.csv`) are checked row by row before anything is written,
//! and again as they are copied, streaming.
//!
//! [`play_shard`]: crate::study::shard::play_shard

use crate::output::shard_files::{
    MANIFEST, Manifest, SCENARIO, SHARD_FORMAT, digest_file, read_manifest, sha256_hex,
};
use crate::scale::Shard;
use crate::scenario::{self, Loaded, Source};
use crate::study::error::{failed, shown};
use crate::study::{
    AppendError, Origin, Progress, Published, ResultsFolder, Settings, ShardRead, Study,
    StudyError, Timing,
};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Checked shard folders and the scenario they hold, ready to merge.
pub struct Shards {
    /// The folders, in shard index order.
    pub folders: Vec<ShardFolder>,
    /// The scenario, as the first shard holds it.
    pub source: Source,
    /// The scenario read.
    pub loaded: Loaded,
    /// When the merge started.
    pub started: Instant,
}

impl Shards {
    /// Reads and checks every shard folder (manifests, the set of shards,
    /// the digests; with a `key`, every manifest's keyed digest), then the
    /// scenario.
    pub fn open(paths: &[PathBuf], key: Option<&[u8]>) -> Result<Shards, StudyError> {
        let started = Instant::now();
        let folders = check_shards(paths)?;
        if let Some(key) = key {
            check_keyed(&folders, key)?;
        }
        let scenario_path = folders[0].path.join(SCENARIO);
        let source = Source::read(&scenario_path).map_err(|e| bad(e.to_string()))?;
        let loaded = scenario::parse(&source, &scenario_path).map_err(|e| bad(e.to_string()))?;
        Ok(Shards {
            folders,
            source,
            loaded,
            started,
        })
    }

    /// The study's name (its results folder's name).
    pub fn name(&self) -> &str {
        self.loaded.scenario.name()
    }

    /// Merges the shards into `out/<name>/`, replaying `verify` units of
    /// each; `ready` is asked before anything is written (it may refuse the
    /// destination).
    pub fn merge(
        &self,
        verify: Verify,
        out: &Path,
        progress: &dyn Progress,
        ready: &dyn Fn(&str) -> Result<(), StudyError>,
    ) -> Result<Published, StudyError> {
        let settings = Settings {
            no_limit: true,
            resolved_toml: Some(self.source.text.clone()),
            ..Settings::default()
        };
        let scenario = &self.loaded.scenario;
        // Charts are drawn with the scenario's `[output]` style, as in a single run.
        crate::output::charts::with_style(&scenario.chart_style(), || {
            crate::study::open(scenario, settings).merge(
                &self.folders,
                (self.started, verify),
                out,
                progress,
                ready,
            )
        })
    }
}

/// How many units of each shard a merge plays again and compares with the
/// shard's rows, and the seed that picks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verify {
    /// Units replayed per shard (0: none).
    pub per_shard: u32,
    /// Picks which units (a merge's own: not known to whoever wrote the
    /// shards).
    pub seed: u64,
}

impl Verify {
    /// No replay.
    pub const NONE: Verify = Verify {
        per_shard: 0,
        seed: 0,
    };
}

/// Merges the checked shard folders of `study` (in index order, see
/// [`check_shards`]) into `out/<name>/` (see the module doc); the merge
/// began at `started`. `verify` units of each shard are played again from
/// the scenario and must equal the shard's rows: digests only prove a
/// shard is whole, a replay that its rows come from this scenario.
pub fn merge<S: Study>(
    study: &S,
    folders: &[ShardFolder],
    (started, verify): (Instant, Verify),
    out: &Path,
    progress: &dyn Progress,
    ready: &dyn Fn(&str) -> Result<(), StudyError>,
) -> Result<Published, StudyError> {
    let first = &folders[0];
    let m0 = &first.manifest;
    let name = study.name();
    let scenario_path = first.path.join(SCENARIO);
    let Some(format) = study.shard_format().filter(|f| f.kind == m0.kind) else {
        return Err(bad(format!(
            "{}: a `{name}` study cannot be merged (the manifest says `{}`): the shard is damaged",
            shown(&scenario_path),
            m0.kind
        )));
    };
    let plan = study.plan();
    if plan.units != m0.units_total || study.seed() != m0.seed {
        return Err(bad(format!(
            "{}: the scenario has {} {} and seed {}, the manifest says {} and {}: the shard is damaged",
            shown(&scenario_path),
            plan.units,
            format.unit_key,
            study.seed(),
            m0.units_total,
            m0.seed
        )));
    }
    for folder in folders {
        if !folder.manifest.files.contains_key(format.data) {
            let what = format!("no digest of {}", format.data);
            return Err(damaged(folder, MANIFEST, what));
        }
        study
            .check_manifest(&folder.manifest)
            .map_err(|(file, what)| damaged(folder, file, what))?;
    }
    // Every appended part's rows checked before anything is written.
    let appended = study.appended_files();
    for file in &appended {
        append_parts(study, folders, file, &mut std::io::sink())
            .map_err(|e| append_error(folders, file, e, Path::new(file)))?;
    }
    ready(name)?;
    // Pass 1: every row checked; nothing is written before the shards are
    // known to be whole. Pass 2: the fold, writing the results.
    progress.start(2 * plan.units, plan.noun, &format!("{name} merge"), true);
    let chosen = choose(folders, verify);
    let mut kept = std::collections::BTreeMap::new();
    read_all(study, folders, progress, 0, &mut |id, unit| {
        if chosen.contains(&id) {
            kept.insert(id, unit);
        }
        Ok(())
    })?;
    replay(study, folders, kept, format.data)?;
    let destination = out.join(name);
    let folder = ResultsFolder::create(&destination)?;
    let mut fold = study.begin(&folder, Origin::Merged)?;
    read_all(study, folders, progress, plan.units, &mut |id, unit| {
        study.fold(&mut fold, id, unit, &folder)
    })?;
    progress.finish();
    let compression = study.compression();
    for file in &appended {
        let target = compression.file_name(file);
        let written = compression
            .create(&folder.file(&target))
            .map_err(|e| (AppendError::Write(e), 0))
            .and_then(|mut out| {
                append_parts(study, folders, file, &mut out)?;
                out.finish().map_err(|e| (AppendError::Write(e), 0))
            });
        written.map_err(|e| append_error(folders, file, e, &destination.join(&target)))?;
    }
    let done = study.finish(fold)?;
    let timing = Timing {
        started,
        computed: started.elapsed(),
    };
    let report = study.write(done, &folder, timing)?;
    let page = report.page.as_deref().unwrap_or(&report.text);
    let folder = folder.publish(name, page)?;
    Ok(Published { folder, report })
}

/// The unit ids to replay: `verify.per_shard` distinct ids of each shard
/// (all of a smaller one), picked by `verify.seed`.
fn choose(folders: &[ShardFolder], verify: Verify) -> std::collections::BTreeSet<u64> {
    use rand::{RngExt, SeedableRng};
    let mut chosen = std::collections::BTreeSet::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(verify.seed);
    for folder in folders {
        let (start, end) = (folder.manifest.units_start, folder.manifest.units_end);
        let wanted = (verify.per_shard as u64).min(end.saturating_sub(start));
        let mut picked = 0;
        while picked < wanted {
            if chosen.insert(rng.random_range(start..end)) {
                picked += 1;
            }
        }
    }
    chosen
}

/// Plays every kept unit again from the scenario and compares; a unit that
/// differs names its shard: the rows do not come from this scenario.
fn replay<S: Study>(
    study: &S,
    folders: &[ShardFolder],
    kept: std::collections::BTreeMap<u64, S::Unit>,
    data: &str,
) -> Result<(), StudyError> {
    for (id, unit) in kept {
        let mut replayed = None;
        study.play(id..id + 1, &crate::study::Silent, &mut |_, u| {
            replayed = Some(u);
            Ok(())
        })?;
        let same = replayed
            .as_ref()
            .map(|r| study.same_unit(r, &unit))
            .unwrap_or(Some(false));
        if same == Some(false) {
            let folder = folders
                .iter()
                .find(|f| (f.manifest.units_start..f.manifest.units_end).contains(&id))
                .unwrap_or(&folders[0]);
            let what = format!(
                "unit {id} played again from its scenario.toml is not the shard's row: the rows do not come from this scenario (edited, or another run's)"
            );
            return Err(damaged(folder, data, what));
        }
    }
    Ok(())
}

/// Reads every shard's units in id order into `each` (progress counted
/// from `done`).
fn read_all<S: Study>(
    study: &S,
    folders: &[ShardFolder],
    progress: &dyn Progress,
    done: u64,
    each: &mut crate::study::Sink<'_, S::Unit>,
) -> Result<(), StudyError> {
    for (k, shard) in folders.iter().enumerate() {
        progress.part(&format!("{k}/{} folders read", folders.len()));
        let m = &shard.manifest;
        study
            .read_shard(&shard.path, m.units_start..m.units_end, &mut |id, unit| {
                if id % 4096 == 0 {
                    progress.set(done + id);
                }
                each(id, unit)
            })
            .map_err(|e| match e {
                ShardRead::Damaged(file, what) => damaged(shard, &file, what),
                ShardRead::Fold(error) => error,
            })?;
    }
    Ok(())
}

/// The parts of `file` appended in shard order to `out`.
fn append_parts<S: Study>(
    study: &S,
    folders: &[ShardFolder],
    file: &str,
    out: &mut dyn std::io::Write,
) -> Result<(), (AppendError, usize)> {
    for (k, folder) in folders.iter().enumerate() {
        let m = &folder.manifest;
        let part = folder.path.join(file);
        study
            .append_part(file, &part, out, k == 0, m.units_start..m.units_end)
            .map_err(|e| (e, k))?;
    }
    Ok(())
}

/// A damaged part names the shard; a write that fails names the target
/// (exit 1, a full disk said plainly).
fn append_error(
    folders: &[ShardFolder],
    file: &str,
    (error, k): (AppendError, usize),
    target: &Path,
) -> StudyError {
    match error {
        AppendError::Damaged(what) => damaged(&folders[k], file, what),
        AppendError::Write(error) => failed("cannot write", target, error),
    }
}

/// `folder`'s file `file` is damaged: what, and which shard to rerun.
fn damaged(folder: &ShardFolder, file: &str, what: String) -> StudyError {
    let m = &folder.manifest;
    bad(format!(
        "{}: {what}: the shard is damaged; rerun shard {}/{} (nothing was written)",
        shown(&folder.path.join(file)),
        m.shard_index,
        m.shard_count
    ))
}

/// A shard folder and its manifest.
pub struct ShardFolder {
    /// The folder.
    pub path: PathBuf,
    /// Its manifest.
    pub manifest: Manifest,
}

fn bad(message: String) -> StudyError {
    StudyError::Input(message)
}

/// Reads and checks every manifest, the shard set and the file digests.
/// Returns the shards in index order.
pub fn check_shards(paths: &[PathBuf]) -> Result<Vec<ShardFolder>, StudyError> {
    let mut shards = Vec::new();
    for path in paths {
        let manifest_path = path.join(MANIFEST);
        let manifest = read_manifest(&manifest_path).map_err(|e| {
            bad(format!(
                "{}: {e} (is {} a shard folder written by `dilemma run --shard`?)",
                shown(&manifest_path),
                shown(path)
            ))
        })?;
        if manifest.format != SHARD_FORMAT {
            return Err(bad(format!(
                "{}: shard format `{}`; this dilemma reads `{SHARD_FORMAT}`",
                shown(&manifest_path),
                manifest.format
            )));
        }
        shards.push(ShardFolder {
            path: path.clone(),
            manifest,
        });
    }
    let first = &shards[0];
    let m0 = &first.manifest;
    for other in &shards[1..] {
        let m = &other.manifest;
        let differ = |what: &str, a: String, b: String| {
            bad(format!(
                "{} and {} are shards of different {what} ({a} and {b}); merge only the shards of one run",
                shown(&first.path),
                shown(&other.path)
            ))
        };
        if m.dilemma_version != m0.dilemma_version {
            return Err(differ(
                "versions of dilemma",
                m0.dilemma_version.clone(),
                m.dilemma_version.clone(),
            ));
        }
        if m.kind != m0.kind || m.scenario != m0.scenario {
            return Err(differ(
                "scenarios",
                format!("{} `{}`", m0.kind, m0.scenario),
                format!("{} `{}`", m.kind, m.scenario),
            ));
        }
        if m.seed != m0.seed {
            return Err(differ("seeds", m0.seed.to_string(), m.seed.to_string()));
        }
        if m.scenario_sha256 != m0.scenario_sha256 || m.units_total != m0.units_total {
            return Err(differ(
                "scenarios",
                format!(
                    "`{}` with scenario.toml {}",
                    m0.scenario,
                    &m0.scenario_sha256[..12.min(m0.scenario_sha256.len())]
                ),
                format!(
                    "`{}` with scenario.toml {}",
                    m.scenario,
                    &m.scenario_sha256[..12.min(m.scenario_sha256.len())]
                ),
            ));
        }
        if m.shard_count != m0.shard_count {
            return Err(differ(
                "splits",
                format!("{} shards", m0.shard_count),
                format!("{} shards", m.shard_count),
            ));
        }
    }
    let this_version = env!("CARGO_PKG_VERSION");
    if m0.dilemma_version != this_version {
        return Err(bad(format!(
            "{}: written by dilemma {}, this is dilemma {this_version}; merge with the version that ran the shards (or rerun them)",
            shown(&first.path),
            m0.dilemma_version
        )));
    }
    let count = m0.shard_count;
    let mut by_index: Vec<Option<usize>> = vec![None; count as usize];
    for (k, folder) in shards.iter().enumerate() {
        let index = folder.manifest.shard_index;
        let Some(slot) = by_index.get_mut(index as usize) else {
            return Err(bad(format!(
                "{}: {MANIFEST}: shard index {index} is not below the count {count}: the shard is damaged",
                shown(&folder.path)
            )));
        };
        if let Some(earlier) = slot {
            return Err(bad(format!(
                "shard {index} of {count} is given twice: {} and {}",
                shown(&shards[*earlier].path),
                shown(&folder.path)
            )));
        }
        *slot = Some(k);
    }
    let missing: Vec<String> = by_index
        .iter()
        .enumerate()
        .filter(|(_, k)| k.is_none())
        .map(|(i, _)| i.to_string())
        .collect();
    if !missing.is_empty() {
        let shown_missing = if missing.len() > 20 {
            format!(
                "{}, ... ({} in all)",
                missing[..20].join(", "),
                missing.len()
            )
        } else {
            missing.join(", ")
        };
        let noun = if missing.len() == 1 {
            "shard"
        } else {
            "shards"
        };
        return Err(bad(format!(
            "{noun} {shown_missing} of {count} missing: merge needs every shard of `{}` (given {})",
            m0.scenario,
            shards.len()
        )));
    }
    let mut ordered: Vec<Option<ShardFolder>> = shards.into_iter().map(Some).collect();
    let ordered: Vec<ShardFolder> = by_index
        .into_iter()
        .map(|k| ordered[k.unwrap_or_default()].take())
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| StudyError::Failed("shard bookkeeping failed".into()))?;
    for folder in &ordered {
        check_digests(folder)?;
    }
    Ok(ordered)
}

/// Checks every manifest's keyed digest against `key`: a shard written
/// without the key, or whose manifest was changed by someone without it,
/// is refused.
pub fn check_keyed(folders: &[ShardFolder], key: &[u8]) -> Result<(), StudyError> {
    for folder in folders {
        let m = &folder.manifest;
        let what = match &m.keyed_sha256 {
            None => "no keyed digest: the shard was run without the key the merge is given",
            Some(found) if *found != m.keyed_digest(key) => {
                "its keyed digest does not match the key the merge is given: run with another key, or edited by someone without it"
            }
            Some(_) => continue,
        };
        return Err(damaged(folder, MANIFEST, what.to_string()));
    }
    Ok(())
}

/// Checks a shard's files against its manifest.
fn check_digests(folder: &ShardFolder) -> Result<(), StudyError> {
    let m = &folder.manifest;
    let damaged = |file: &str, what: String| damaged(folder, file, what);
    let shard = Shard::new(m.shard_index as u64, m.shard_count as u64)
        .map_err(|e| damaged(MANIFEST, e.to_string()))?;
    if shard.ids(m.units_total) != (m.units_start..m.units_end) {
        return Err(damaged(
            MANIFEST,
            format!(
                "units {}..{} are not shard {shard}'s part of {}",
                m.units_start, m.units_end, m.units_total
            ),
        ));
    }
    let text = std::fs::read(folder.path.join(SCENARIO))
        .map_err(|e| damaged(SCENARIO, format!("cannot read: {e}")))?;
    if sha256_hex(&text) != m.scenario_sha256 {
        return Err(damaged(
            SCENARIO,
            "its SHA-256 differs from the manifest's".into(),
        ));
    }
    for (name, expected) in &m.files {
        if name.contains(['/', '\\']) || name.starts_with('.') {
            return Err(damaged(
                MANIFEST,
                format!("file name `{name}` is not allowed"),
            ));
        }
        let digest = digest_file(&folder.path.join(name))
            .map_err(|e| damaged(name, format!("cannot read: {e}")))?;
        if &digest != expected {
            return Err(damaged(
                name,
                format!(
                    "{} bytes with SHA-256 {}, the manifest says {} bytes with {}",
                    digest.bytes, digest.sha256, expected.bytes, expected.sha256
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose disk is full.
    struct Full;

    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::from_raw_os_error(28))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_full_disk_while_appending_is_the_targets_fault_not_the_shards() {
        let d = std::env::temp_dir().join(format!("dilemma-append-full-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let part = d.join("interactions.csv");
        let header = crate::output::shard_files::interactions_header();
        std::fs::write(&part, format!("{header}\n")).unwrap();
        let copied = crate::output::shard_files::append_interactions(&part, &mut Full, true, 0..0);
        let Err(error) = copied else {
            panic!("a full disk is an error")
        };
        assert!(matches!(error, AppendError::Write(_)), "{error:?}");
        let target = Path::new("out/x/interactions.csv");
        let shown = append_error(&[], "interactions.csv", (error, 0), target);
        assert!(matches!(shown, StudyError::Failed(_)), "exit 1: {shown}");
        let text = shown.to_string();
        assert!(
            text.starts_with("out/x/interactions.csv: cannot write"),
            "{text}"
        );
        assert!(text.contains("the disk is full"), "{text}");
        assert!(!text.contains("damaged"), "{text}");
        let _ = std::fs::remove_dir_all(&d);
    }
}
