//! Helpers every scenario runner shares: error wording for files that
//! cannot be written, writing a text file, the dependency versions that go
//! into `run.json`, and [`ResultsFolder`], the results folder being written
//! (staged, then moved into place and announced).

use crate::cli::run_cmd::RunArgs;
use crate::cli::{CliError, shown};
use crate::output::atomic::StagingDir;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A failure while writing results (exit code 1), naming the path; a full
/// disk says so in plain words (the results folder is never half-written:
/// earlier results stay as they were).
pub fn failed(what: &str, path: &Path, error: impl std::fmt::Display) -> CliError {
    let error = error.to_string();
    let full = error.contains("os error 28") || error.contains("No space left on device");
    let advice = if full {
        " (the disk is full: free some space and run again; no results folder was changed)"
    } else {
        ""
    };
    CliError::Failed(format!("{}: {what}: {error}{advice}", shown(path)))
}

/// Charts that could not be drawn into `staging`: the message names the
/// files by their place in `destination`, not the hidden staging folder.
pub fn chart_failed(staging: &Path, destination: &Path, error: impl std::fmt::Display) -> CliError {
    let message = error
        .to_string()
        .replace(&shown(staging), &shown(destination));
    failed("cannot draw charts", destination, message)
}

/// Writes a text file, mapping failure to [`failed`].
pub fn text(path: &Path, content: &str) -> Result<(), CliError> {
    std::fs::write(path, content).map_err(|e| failed("cannot write", path, e))
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

/// Writes `report.html` into the staged folder `staging` (see
/// [`crate::output::report`]); a failure names its final path in `destination`.
pub fn write_report(
    staging: &Path,
    name: &str,
    text: &str,
    destination: &Path,
) -> Result<(), CliError> {
    crate::output::report::write_report(staging, name, text).map_err(|e| {
        failed(
            "cannot write",
            &destination.join(crate::output::report::REPORT_FILE),
            e,
        )
    })?;
    Ok(())
}

/// The results folder of one scenario while it is written: files go into a
/// staging folder, which [`ResultsFolder::publish`] moves to `destination`
/// in one step (so a failed run leaves no half-written folder).
pub struct ResultsFolder<'a> {
    staging: StagingDir,
    destination: &'a Path,
}

impl<'a> ResultsFolder<'a> {
    /// Creates the staging folder for `destination`.
    pub fn create(destination: &'a Path) -> Result<Self, CliError> {
        let staging = StagingDir::create(destination)
            .map_err(|e| failed("cannot create the results folder", destination, e))?;
        Ok(ResultsFolder {
            staging,
            destination,
        })
    }

    /// The staging folder.
    pub fn path(&self) -> &Path {
        self.staging.path()
    }

    /// The staged path of file `name`.
    pub fn file(&self, name: &str) -> PathBuf {
        self.staging.file(name)
    }

    /// Writes file `name` with `write` (given its staged path); a failure
    /// names the file's final path.
    pub fn write(
        &self,
        name: &str,
        write: impl FnOnce(&Path) -> std::io::Result<()>,
    ) -> Result<(), CliError> {
        write(&self.staging.file(name))
            .map_err(|e| failed("cannot write", &self.destination.join(name), e))
    }

    /// Writes text file `name`; a failure names its staged path.
    pub fn text(&self, name: &str, content: &str) -> Result<(), CliError> {
        text(&self.staging.file(name), content)
    }

    /// The error for charts that could not be drawn.
    pub fn chart_failed(&self, error: impl std::fmt::Display) -> CliError {
        chart_failed(self.staging.path(), self.destination, error)
    }

    /// Moves the results into place, then prints the `--json` object
    /// (`name`, `results`, the summary under `summary_key`, `run`) or, unless
    /// `--quiet`, the report and where the results are. `report.html` (with the
    /// report text) is written into the folder first.
    pub fn publish(
        self,
        args: &RunArgs,
        name: &str,
        (summary_key, summary): (&str, Value),
        run: &Value,
        report: impl FnOnce() -> String,
    ) -> Result<(), CliError> {
        let text = report();
        write_report(self.staging.path(), name, &text, self.destination)?;
        let folder = self
            .staging
            .commit()
            .map_err(|e| failed("cannot move results into place", self.destination, e))?;
        if args.json {
            let mut out = serde_json::Map::new();
            out.insert("name".into(), json!(name));
            out.insert("results".into(), json!(shown(&folder)));
            out.insert(summary_key.into(), summary);
            out.insert("run".into(), run.clone());
            println!("{}", Value::Object(out));
        } else if !args.quiet {
            print!("{}", crate::cli::width::fit(&text));
            let written = format!("results written to {}/\n", shown(&folder));
            print!("{}", crate::cli::width::fit(&written));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_is_said_plainly() {
        // What a writer returns when the disk is full (ENOSPC), as the
        // staging folder's files fail: the message names the final path.
        let error = std::io::Error::from_raw_os_error(28);
        let shown = failed("cannot write", Path::new("results/x/summary.csv"), error).to_string();
        assert_eq!(
            shown,
            "results/x/summary.csv: cannot write: No space left on device (os error 28) (the disk \
             is full: free some space and run again; no results folder was changed)"
        );
        let other = failed("cannot write", Path::new("a"), "permission denied").to_string();
        assert_eq!(other, "a: cannot write: permission denied");
        let chart = chart_failed(
            Path::new("results/.x.partial-7"),
            Path::new("results/x"),
            "failed to draw chart results/.x.partial-7/wins.png: No space left on device (os error 28)",
        );
        assert!(
            chart
                .to_string()
                .contains("chart results/x/wins.png: No space left"),
            "{chart}"
        );
    }
}
