//! The results folder of one study while it is written: every file goes
//! into a hidden staging folder ([`crate::output::atomic::StagingDir`]),
//! which [`ResultsFolder::publish`] moves into place in one step after
//! `report.html`, so a failed run leaves no half-written folder and
//! earlier results stay as they were. Errors name the files by their
//! final path, never the staging folder's.

use crate::output::atomic::StagingDir;
use crate::study::error::{StudyError, chart_failed, failed};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A results folder being written.
pub struct ResultsFolder {
    staging: StagingDir,
    destination: PathBuf,
}

impl ResultsFolder {
    /// Creates the staging folder for `destination`.
    pub fn create(destination: &Path) -> Result<Self, StudyError> {
        let staging = StagingDir::create(destination)
            .map_err(|e| failed("cannot create the results folder", destination, e))?;
        Ok(ResultsFolder {
            staging,
            destination: destination.to_path_buf(),
        })
    }

    /// The staging folder.
    pub fn path(&self) -> &Path {
        self.staging.path()
    }

    /// The final place of the folder.
    pub fn destination(&self) -> &Path {
        &self.destination
    }

    /// The staged path of file `name`.
    pub fn file(&self, name: &str) -> PathBuf {
        self.staging.file(name)
    }

    /// The error for file `name` that cannot be written.
    pub fn write_error(&self, name: &str, error: impl std::fmt::Display) -> StudyError {
        failed("cannot write", &self.destination.join(name), error)
    }

    /// Writes file `name` with `write` (given its staged path); a failure
    /// names the file's final path.
    pub fn write(
        &self,
        name: &str,
        write: impl FnOnce(&Path) -> std::io::Result<()>,
    ) -> Result<(), StudyError> {
        write(&self.staging.file(name)).map_err(|e| self.write_error(name, e))
    }

    /// Writes text file `name`; a failure names its staged path.
    pub fn text(&self, name: &str, content: &str) -> Result<(), StudyError> {
        let path = self.staging.file(name);
        std::fs::write(&path, content).map_err(|e| failed("cannot write", &path, e))
    }

    /// Creates the sub-folder `name` (e.g. `points/03`).
    pub fn create_dir(&self, name: &str) -> Result<(), StudyError> {
        let path = self.staging.file(name);
        std::fs::create_dir_all(&path).map_err(|e| failed("cannot create", &path, e))
    }

    /// The error for charts that could not be drawn.
    pub fn chart_failed(&self, error: impl std::fmt::Display) -> StudyError {
        chart_failed(self.staging.path(), &self.destination, error)
    }

    /// Writes `report.html` (the folder's files, with `page` as its text;
    /// see [`crate::output::report`]) and moves the folder into place;
    /// returns where it is.
    pub fn publish(self, name: &str, page: &str) -> Result<PathBuf, StudyError> {
        crate::output::report::write_report(self.staging.path(), name, page).map_err(|e| {
            failed(
                "cannot write",
                &self.destination.join(crate::output::report::REPORT_FILE),
                e,
            )
        })?;
        self.staging
            .commit()
            .map_err(|e| failed("cannot move results into place", &self.destination, e))
    }
}

/// The main dependencies and their versions (from Cargo.lock, recorded by
/// build.rs), as a JSON object for `run.json`.
pub fn dependencies() -> Value {
    let map: serde_json::Map<String, Value> = env!("DILEMMA_DEPENDENCIES")
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .map(|(name, version)| (name.to_string(), json!(version)))
        .collect();
    Value::Object(map)
}

/// `points/<k>` with k zero-padded to the width of the largest index (a
/// sweep's per-point folders).
pub fn point_folder(k: usize, count: usize) -> String {
    let width = count.saturating_sub(1).to_string().len();
    format!("points/{k:0width$}")
}
