//! Helpers every scenario runner shares: error wording for files that
//! cannot be written, writing a text file, and the dependency versions that
//! go into `run.json`.

use crate::cli::{CliError, shown};
use serde_json::{Value, json};
use std::path::Path;

/// A failure while writing results (exit code 1), naming the path.
pub fn failed(what: &str, path: &Path, error: impl std::fmt::Display) -> CliError {
    CliError::Failed(format!("{}: {what}: {error}", shown(path)))
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
