//! Studies that are one computation (the pirate split, guess, a game, an
//! impartial table, a Moran estimate, ecological dynamics): an
//! [`Analysis`] computes its result and writes it; [`Whole`] makes it a
//! [`Study`] of one unit (id 0) that runs whole and is not split into
//! shards. The analysis reports its own progress (runs, matches) when it
//! is worth showing.

use crate::study::{
    Origin, Plan, Progress, Report, ResultsFolder, Sink, Study, StudyError, Timing,
};
use std::ops::Range;

/// A study that is one computation.
pub trait Analysis: Sync {
    /// What the computation gives.
    type Result: Send;
    /// The study's name.
    fn name(&self) -> &str;
    /// The master seed.
    fn seed(&self) -> u64;
    /// The resolved scenario.
    fn resolved_toml(&self) -> String;
    /// Computes the result (pure), reporting progress when worth it.
    fn compute(&self, progress: &dyn Progress) -> Result<Self::Result, StudyError>;
    /// Writes the result into `folder` and says what to report.
    fn write(
        &self,
        result: Self::Result,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError>;
}

/// An [`Analysis`] as a study of one unit.
pub struct Whole<A>(pub A);

impl<A: Analysis> Study for Whole<A> {
    type Unit = A::Result;
    type Fold = Option<A::Result>;
    type Done = A::Result;

    fn name(&self) -> &str {
        self.0.name()
    }
    fn seed(&self) -> u64 {
        self.0.seed()
    }
    fn resolved_toml(&self) -> String {
        self.0.resolved_toml()
    }
    fn plan(&self) -> Plan {
        Plan {
            units: 1,
            noun: "analyses",
            parts: false,
            shown: false,
        }
    }
    fn play(
        &self,
        ids: Range<u64>,
        progress: &dyn Progress,
        sink: &mut Sink<'_, A::Result>,
    ) -> Result<(), StudyError> {
        if ids.contains(&0) {
            sink(0, self.0.compute(progress)?)?;
        }
        Ok(())
    }
    fn begin(&self, _: &ResultsFolder, _: Origin) -> Result<Option<A::Result>, StudyError> {
        Ok(None)
    }
    fn fold(
        &self,
        fold: &mut Option<A::Result>,
        _: u64,
        unit: A::Result,
        _: &ResultsFolder,
    ) -> Result<(), StudyError> {
        *fold = Some(unit);
        Ok(())
    }
    fn finish(&self, fold: Option<A::Result>) -> Result<A::Result, StudyError> {
        fold.ok_or_else(|| StudyError::Failed(format!("{}: nothing was computed", self.0.name())))
    }
    fn write(
        &self,
        result: A::Result,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        self.0.write(result, folder, timing)
    }
}
