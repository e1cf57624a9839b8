//! The study layer: one floor between the command line (`cli`, which
//! parses and prints) and the scenario files and outputs (`scenario`,
//! `output`). Every kind of study (a tournament, a sweep, a Moran process,
//! a fixation matrix, the pirate split, ...) implements one small trait,
//! [`Study`], and is one file under [`kinds`]; [`run::run`],
//! [`shard::play_shard`] and [`merge::merge`] are each one generic function
//! over that trait and name no kind. [`registry::open`] is the one place
//! that maps a loaded scenario to its kind.
//!
//! The walk of one study: scenario -> [`Study::plan`] (how many units,
//! ids `0..units`) -> [`Study::play`] (units in id order, pure; parallel
//! inside) -> [`Study::fold`] (each unit into the running fold, in id
//! order) -> [`Study::finish`] (what is derived once, pure) ->
//! [`Study::write`] (the results folder) -> published (report.html, the
//! folder moved into place). A shard plays a contiguous block of ids and
//! writes each unit as a row of its shard folder ([`Study::shard_writer`]);
//! a merge reads the rows back in id order ([`Study::read_shard`]) and
//! takes the same fold, finish and write, so a merged folder is byte for
//! byte the single run's. The fold sees units in id order whatever the
//! thread count or the split into shards, so the results depend on neither.
//!
//! Nothing here prints or knows of the command line: errors are
//! [`StudyError`], progress goes through [`Progress`], and what the
//! terminal or `--json` shows comes back as data ([`Report`]).

pub mod error;
pub mod folder;
pub mod game_analysis;
pub mod kinds;
pub mod merge;
pub mod progress;
pub mod registry;
pub mod run;
pub mod shard;

pub use error::StudyError;
pub use folder::ResultsFolder;
pub use progress::{Progress, Silent};
pub use registry::{AnyStudy, Checkpoints, Settings, open};

pub use crate::output::shard_files::AppendError;
use crate::output::shard_files::Manifest;
use serde_json::Value;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The work a study is made of: units with ids `0..units`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// How many units.
    pub units: u64,
    /// What a unit is called in progress reports ("matches", "runs").
    pub noun: &'static str,
    /// Whether the study names the part it is in (a grid point).
    pub parts: bool,
    /// Whether progress is worth showing (false for a one-unit analysis
    /// that takes moments).
    pub shown: bool,
}

/// Where the units being folded come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Played by this run: a unit carries everything `play` made.
    Played,
    /// Read back from shard folders: a unit carries what a shard keeps
    /// (a tournament's moves are not in it: its `interactions.csv` parts
    /// are appended instead, see [`Study::appended_files`]).
    Merged,
}

/// When the study started and how long playing and folding took (for
/// `run.json`).
#[derive(Clone, Copy, Debug)]
pub struct Timing {
    /// The start of the run or merge.
    pub started: Instant,
    /// Time until every unit was folded.
    pub computed: Duration,
}

/// What a written study reports: the summary as data for `--json`, the
/// report text for the terminal, and `run.json`.
#[derive(Clone, Debug)]
pub struct Report {
    /// The study's name (its results folder's name).
    pub name: String,
    /// The key of the summary in the `--json` object ("summary", "points").
    pub summary_key: &'static str,
    /// The summary.
    pub summary: Value,
    /// The content of `run.json`.
    pub run: Value,
    /// The report for the terminal (fitted to the width by the printer).
    pub text: String,
    /// The report's text in `report.html` when it differs from `text`
    /// (a tournament's terminal text holds its timing; its page does not).
    pub page: Option<String>,
}

/// A study written into its results folder.
#[derive(Clone, Debug)]
pub struct Published {
    /// Where the results folder is.
    pub folder: PathBuf,
    /// What it reports.
    pub report: Report,
}

/// How a kind keeps its units in a shard folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardFormat {
    /// The kind written in the manifest ("tournament", "moran-sweep").
    pub kind: &'static str,
    /// The file whose rows are the units (its digest must be in the manifest).
    pub data: &'static str,
    /// The units' name in `--json` keys ("matches": `matches`,
    /// `match_ids`, `matches_total`; "runs": `runs`, `run_ids`, `runs_total`).
    pub unit_key: &'static str,
    /// The key of the ids played in `--json` ("match_ids", "run_ids").
    pub ids_key: &'static str,
    /// The units in words on the terminal ("matches", "Moran runs").
    pub unit_words: &'static str,
}

/// Where units go as they are played or read: each with its id, in id
/// order. It may refuse one (a file of the results cannot be written).
pub type Sink<'a, U> = dyn FnMut(u64, U) -> Result<(), StudyError> + Send + 'a;

/// Writes a shard's units, one row each, in id order.
pub trait UnitWriter<U> {
    /// Writes unit `id`.
    fn write(&mut self, id: u64, unit: &U) -> Result<(), (&'static str, io::Error)>;
    /// Ends the files; returns their names (each gets a digest in the
    /// manifest).
    fn finish(self: Box<Self>) -> Result<Vec<&'static str>, (&'static str, io::Error)>;
}

/// What a kind of study is: see the module doc for the walk of one study.
/// Only the first eight methods are needed for a study that runs whole;
/// a kind that can be split into shards also says how its units are kept
/// ([`Study::shard_format`] and the methods after it).
pub trait Study: Sync {
    /// What playing one unit produces (a match, a Moran run, a step).
    type Unit: Send;
    /// The units folded so far.
    type Fold: Send;
    /// What is derived once from the fold (e.g. replicator dynamics on a
    /// merged payoff matrix), ready to write.
    type Done;

    /// The study's name: its results folder's name.
    fn name(&self) -> &str;
    /// The master seed (recorded in a shard's manifest).
    fn seed(&self) -> u64;
    /// The resolved scenario (`scenario.toml` of the results and shards).
    fn resolved_toml(&self) -> String;
    /// The units of work.
    fn plan(&self) -> Plan;
    /// Plays units `ids` and hands each to `sink` with its id, in id order
    /// (the work may run in parallel inside; what reaches `sink` does not
    /// depend on the threads). Reports progress as units are done.
    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, Self::Unit>,
    ) -> Result<(), StudyError>;
    /// An empty fold. It may open files that are written as units come
    /// (a tournament's `matches.csv`) in `folder`.
    fn begin(&self, folder: &ResultsFolder, origin: Origin) -> Result<Self::Fold, StudyError>;
    /// Folds unit `id` (units arrive in id order, each once).
    fn fold(
        &self,
        fold: &mut Self::Fold,
        id: u64,
        unit: Self::Unit,
        folder: &ResultsFolder,
    ) -> Result<(), StudyError>;
    /// Derives what is computed once from the whole fold (and closes the
    /// files the fold wrote).
    fn finish(&self, fold: Self::Fold) -> Result<Self::Done, StudyError>;
    /// Writes the results files into `folder` and says what to report.
    fn write(
        &self,
        done: Self::Done,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError>;

    /// Whether the study saves its progress for `dilemma run --resume`
    /// (a training run with `[algorithm] checkpoint`).
    fn saves_checkpoints(&self) -> bool {
        false
    }
    /// How units are kept in a shard folder; `None`: this kind runs whole.
    fn shard_format(&self) -> Option<ShardFormat> {
        None
    }
    /// Opens the files of a shard of units `ids` in the (staged) shard
    /// folder `dir`.
    fn shard_writer<'a>(
        &'a self,
        dir: &Path,
        ids: Range<u64>,
    ) -> Result<Box<dyn UnitWriter<Self::Unit> + Send + 'a>, (&'static str, io::Error)> {
        let _ = (dir, ids);
        Err(("", io::Error::other("this kind is not split into shards")))
    }
    /// Reads the units of the shard folder `dir` (ids `ids`) back in id
    /// order, checking each row is the unit its id names, and hands them
    /// to `each`. A damaged row is a `ShardRead::Damaged` naming its file
    /// and line; an error of `each` is passed on as it is.
    fn read_shard(
        &self,
        dir: &Path,
        ids: Range<u64>,
        each: &mut Sink<'_, Self::Unit>,
    ) -> Result<(), ShardRead> {
        let _ = (dir, ids, each);
        Err(ShardRead::Damaged(
            String::new(),
            "this kind is not split into shards".into(),
        ))
    }
    /// Whether a unit played again (`replayed`) is the unit a shard kept
    /// (`kept`, as `read_shard` gives it): what `merge --verify` compares
    /// to catch a shard that did not come from its scenario. `None`: this
    /// kind's units cannot be compared (not verified).
    fn same_unit(&self, replayed: &Self::Unit, kept: &Self::Unit) -> Option<bool> {
        let _ = (replayed, kept);
        None
    }
    /// Checks what a shard's manifest must hold beyond the data file
    /// (a tournament that writes interactions: their part); the message
    /// names the missing file.
    fn check_manifest(&self, manifest: &Manifest) -> Result<(), (&'static str, String)> {
        let _ = manifest;
        Ok(())
    }
    /// Files whose shard parts are appended in id order into the merged
    /// folder (a tournament's `interactions.csv`).
    fn appended_files(&self) -> Vec<&'static str> {
        Vec::new()
    }
    /// How the appended files are written in the merged folder (a shard
    /// keeps its parts plain; `[output] compress = "gzip"` names the merged
    /// file `NAME.gz`).
    fn compression(&self) -> crate::output::compression::Compression {
        crate::output::compression::Compression::None
    }
    /// Appends the part `part` (units `ids`) of file `file` to `out`,
    /// checking its rows; `first` for the first shard (the header). Read
    /// errors say what is damaged; write errors come back as `io::Error`.
    fn append_part(
        &self,
        file: &str,
        part: &Path,
        out: &mut dyn io::Write,
        first: bool,
        ids: Range<u64>,
    ) -> Result<(), AppendError> {
        let _ = (file, part, out, first, ids);
        Ok(())
    }
}

/// Why a shard's rows could not be read.
#[derive(Debug)]
pub enum ShardRead {
    /// The file (by name) is damaged: the message names the line.
    Damaged(String, String),
    /// The fold refused a unit (e.g. a file of the results could not be
    /// written): passed on as it is.
    Fold(StudyError),
}
