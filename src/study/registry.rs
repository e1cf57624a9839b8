//! The one registry of kinds: a loaded scenario -> its study. Adding a
//! kind of study is one file under `study/kinds/` that implements
//! [`Study`] and one line here. [`AnyStudy`] is what the command line
//! holds: run, shard and merge of any kind, each the one generic function
//! of this layer.

use crate::scale::Shard;
use crate::scenario::invasion::InvasionPayoffs;
use crate::scenario::tournament::Method;
use crate::scenario::{EvolutionSweep, Scenario};
use crate::study::kinds;
use crate::study::kinds::whole::Whole;
use crate::study::merge::{ShardFolder, Verify};
use crate::study::shard::ShardWritten;
use crate::study::{Progress, Published, Study, StudyError};
use std::path::Path;
use std::time::Instant;

/// What a study is opened with besides its scenario.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Work limits lifted (`--no-limit`): solvers that check their work
    /// as they go (impartial tables) do not stop at the default limit.
    pub no_limit: bool,
    /// The resolved scenario to write as `scenario.toml` instead of the
    /// scenario's own (a merge writes the shards' text, byte for byte).
    pub resolved_toml: Option<String>,
    /// Where a study that saves its progress keeps it (a training run's
    /// checkpoints), and whether it goes on from there.
    pub checkpoints: Checkpoints,
}

/// Where a study that saves its progress (a training run with `[algorithm]
/// checkpoint`) keeps its checkpoint, and whether to resume from it.
#[derive(Clone, Debug, Default)]
pub struct Checkpoints {
    /// The folder the checkpoint is written in (`--out`); `None`: none is
    /// written (a merge, a study run inside another).
    pub dir: Option<std::path::PathBuf>,
    /// `--resume`: go on from the checkpoint found there.
    pub resume: bool,
}

/// What every kind's study shares once it is opened.
#[derive(Clone, Debug)]
pub struct Context {
    /// The resolved scenario (`scenario.toml`).
    pub resolved: String,
    /// Work limits lifted.
    pub no_limit: bool,
    /// Where checkpoints go, and whether to resume.
    pub checkpoints: Checkpoints,
}

/// A study of any kind: run, shard or merge it.
pub trait AnyStudy: Sync {
    /// The study's name.
    fn name(&self) -> &str;
    /// Whether the kind can be split into shards.
    fn can_shard(&self) -> bool;
    /// Whether it saves checkpoints that `--resume` goes on from.
    fn saves_checkpoints(&self) -> bool;
    /// Runs it whole into `destination` ([`crate::study::run::run`]).
    fn run(&self, destination: &Path, progress: &dyn Progress) -> Result<Published, StudyError>;
    /// Plays one shard into `destination`, its manifest keyed when a key
    /// is given ([`crate::study::shard::play_shard`]).
    fn shard(
        &self,
        destination: &Path,
        shard: (Shard, Option<&[u8]>),
        progress: &dyn Progress,
    ) -> Result<ShardWritten, StudyError>;
    /// Merges its shards into `out/<name>/` ([`crate::study::merge::merge`]).
    fn merge(
        &self,
        shards: &[ShardFolder],
        begun: (Instant, Verify),
        out: &Path,
        progress: &dyn Progress,
        ready: &dyn Fn(&str) -> Result<(), StudyError>,
    ) -> Result<Published, StudyError>;
}

impl<S: Study> AnyStudy for S {
    fn name(&self) -> &str {
        Study::name(self)
    }
    fn can_shard(&self) -> bool {
        self.shard_format().is_some()
    }
    fn saves_checkpoints(&self) -> bool {
        Study::saves_checkpoints(self)
    }
    fn run(&self, destination: &Path, progress: &dyn Progress) -> Result<Published, StudyError> {
        crate::study::run::run(self, destination, progress)
    }
    fn shard(
        &self,
        destination: &Path,
        shard: (Shard, Option<&[u8]>),
        progress: &dyn Progress,
    ) -> Result<ShardWritten, StudyError> {
        crate::study::shard::play_shard(self, destination, shard, progress)
    }
    fn merge(
        &self,
        shards: &[ShardFolder],
        begun: (Instant, Verify),
        out: &Path,
        progress: &dyn Progress,
        ready: &dyn Fn(&str) -> Result<(), StudyError>,
    ) -> Result<Published, StudyError> {
        crate::study::merge::merge(self, shards, begun, out, progress, ready)
    }
}

/// The study of a loaded scenario.
pub fn open(scenario: &Scenario, settings: Settings) -> Box<dyn AnyStudy + '_> {
    let context = Context {
        resolved: settings
            .resolved_toml
            .unwrap_or_else(|| scenario.resolved_toml()),
        no_limit: settings.no_limit,
        checkpoints: settings.checkpoints,
    };
    match scenario {
        Scenario::Tournament(s) => match &s.method {
            Method::Exact(machines) => Box::new(kinds::exact_tournament::ExactTournament::new(
                s, machines, context,
            )),
            Method::Simulate => Box::new(kinds::tournament::Tournament::new(s, context)),
        },
        Scenario::Sweep(s) => match &s.base.method {
            Method::Exact(_) => Box::new(kinds::exact_sweep::ExactSweep::new(s, context)),
            Method::Simulate => Box::new(kinds::sweep::Sweep::new(s, context)),
        },
        Scenario::Ecological(s) => Box::new(Whole(kinds::ecological::Ecological::new(s, context))),
        Scenario::Moran(s) => Box::new(Whole(kinds::moran::Moran::new(s, context))),
        Scenario::Spatial(s) => Box::new(kinds::spatial::Spatial::new(s, context)),
        Scenario::Fixation(s) => Box::new(kinds::fixation::Fixation::new(s, context)),
        Scenario::EvolutionSweep(s) => match &**s {
            EvolutionSweep::Moran(s) => Box::new(kinds::moran_sweep::MoranSweep::new(s, context)),
            EvolutionSweep::Ecological(s) => match &s.base.tournament.method {
                Method::Exact(_) => Box::new(kinds::ecological_sweep::ExactEcologicalSweep::new(
                    s, context,
                )),
                Method::Simulate => {
                    Box::new(kinds::ecological_sweep::EcologicalSweep::new(s, context))
                }
            },
            EvolutionSweep::Invasion(s) => match &s.base.payoffs {
                InvasionPayoffs::Table { .. } => Box::new(Whole(
                    kinds::invasion_sweep::TableInvasionSweep::new(s, context),
                )),
                InvasionPayoffs::Tournament(t) => match t.method {
                    Method::Exact(_) => {
                        Box::new(kinds::invasion_sweep::ExactInvasionSweep::new(s, context))
                    }
                    Method::Simulate => {
                        Box::new(kinds::invasion_sweep::InvasionSweep::new(s, context))
                    }
                },
            },
        },
        Scenario::Pirates(s) => Box::new(Whole(kinds::pirates::Pirates::new(s, context))),
        Scenario::Guess(s) => Box::new(Whole(kinds::guess::Guess::new(s, context))),
        Scenario::Impartial(s) => Box::new(Whole(kinds::impartial::Impartial::new(s, context))),
        Scenario::NormalForm(s) => Box::new(Whole(kinds::normal_form::NormalForm::new(s, context))),
        Scenario::Invasion(s) => Box::new(Whole(kinds::invasion::Invasion::new(s, context))),
        Scenario::Fingerprint(s) => Box::new(kinds::fingerprint::FingerprintStudy::new(s, context)),
        Scenario::Train(s) => Box::new(kinds::train::Train::new(s, context)),
    }
}
