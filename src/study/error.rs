//! The study layer's errors. The command line maps them to exit codes:
//! [`StudyError::Input`] is the user's input (a scenario, a shard folder,
//! a path) and exits 2; [`StudyError::Failed`] is the machine (a file that
//! cannot be written, a full disk) and exits 1. Each carries the whole
//! message, naming the file, line and field where there is one.

use std::path::Path;

/// A study that cannot be run, split or merged.
#[derive(Debug, thiserror::Error)]
pub enum StudyError {
    /// The input is wrong: a scenario, a shard, a game (exit code 2).
    #[error("{0}")]
    Input(String),
    /// Something failed while running, e.g. a file could not be written
    /// (exit code 1).
    #[error("{0}")]
    Failed(String),
}

/// A path as shown in messages.
pub fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// A failure while writing results, naming the path; a full disk says so
/// in plain words (the results folder is never half-written: earlier
/// results stay as they were).
pub fn failed(what: &str, path: &Path, error: impl std::fmt::Display) -> StudyError {
    let error = error.to_string();
    let full = error.contains("os error 28") || error.contains("No space left on device");
    let advice = if full {
        " (the disk is full: free some space and run again; no results folder was changed)"
    } else {
        ""
    };
    StudyError::Failed(format!("{}: {what}: {error}{advice}", shown(path)))
}

/// Charts that could not be drawn into `staging`: the message names the
/// files by their place in `destination`, not the hidden staging folder. A
/// chart over the memory budget (`output::charts::ChartError::OverBudget`)
/// is the input's (exit 2), any other failure the machine's (exit 1).
pub fn chart_failed(
    staging: &Path,
    destination: &Path,
    error: impl std::fmt::Display,
) -> StudyError {
    let message = error
        .to_string()
        .replace(&shown(staging), &shown(destination));
    if message.contains(crate::output::charts::OVER_BUDGET) {
        // Over the chart memory budget: the scenario's `[output]` asked
        // for it (exit 2; the message names the keys and `--no-limit`).
        return StudyError::Input(message);
    }
    failed("cannot draw charts", destination, message)
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
        assert!(matches!(chart, StudyError::Failed(_)));
    }
}
