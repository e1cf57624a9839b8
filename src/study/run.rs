//! `run`: a whole study into its results folder, for every kind. Plan,
//! play every unit, fold each in id order as it comes, finish, write, then
//! publish (report.html and the folder moved into place in one step).

use crate::study::{Origin, Progress, Published, ResultsFolder, Study, StudyError, Timing};
use std::path::Path;
use std::time::Instant;

/// Runs `study` whole and writes its results folder at `destination`.
pub fn run<S: Study>(
    study: &S,
    destination: &Path,
    progress: &dyn Progress,
) -> Result<Published, StudyError> {
    let started = Instant::now();
    let plan = study.plan();
    let folder = ResultsFolder::create(destination)?;
    if plan.shown {
        progress.start(plan.units, plan.noun, study.name(), plan.parts);
    }
    let mut fold = study.begin(&folder, Origin::Played)?;
    let played = study.play(0..plan.units, progress, &mut |id, unit| {
        study.fold(&mut fold, id, unit, &folder)
    });
    progress.finish();
    played?;
    let done = study.finish(fold)?;
    let timing = Timing {
        started,
        computed: started.elapsed(),
    };
    let report = study.write(done, &folder, timing)?;
    let page = report.page.as_deref().unwrap_or(&report.text);
    let folder = folder.publish(study.name(), page)?;
    Ok(Published { folder, report })
}
