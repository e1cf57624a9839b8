//! Errors in scenario files, each pointing at a file, line, column and field.

use std::path::{Path, PathBuf};

/// A scenario file that cannot be used. Every variant names the file; the
/// ones about content also name the line, column and field.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ScenarioError {
    /// The file could not be read.
    #[error("{}: cannot read the scenario file: {reason}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        reason: String,
    },
    /// The file is not valid TOML.
    #[error("{}:{line}:{column}: not valid TOML: {message}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// A field is missing, unknown, of the wrong type or out of range.
    #[error("{}:{line}:{column}: field `{field}`: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// Dotted path of the field, e.g. `match.noise` or `players[2].p`.
        field: String,
        /// What is wrong and what is allowed.
        message: String,
    },
}

/// The text of a scenario file with its path, for turning byte offsets into
/// line and column numbers.
#[derive(Debug, Clone)]
pub struct Source {
    /// Where the text came from.
    pub path: PathBuf,
    /// The whole file.
    pub text: String,
}

impl Source {
    /// Reads a file.
    pub fn read(path: &Path) -> Result<Source, ScenarioError> {
        let text = std::fs::read_to_string(path).map_err(|e| ScenarioError::Unreadable {
            path: path.to_path_buf(),
            reason: in_words(&e),
        })?;
        Ok(Source {
            path: path.to_path_buf(),
            text,
        })
    }

    /// 1-based (line, column) of a byte offset; columns count characters.
    pub fn line_column(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = self.text.get(..offset).unwrap_or(&self.text);
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        (line, column)
    }

    /// An [`ScenarioError::Invalid`] at a byte offset.
    pub fn invalid(&self, offset: usize, field: &str, message: impl Into<String>) -> ScenarioError {
        let (line, column) = self.line_column(offset);
        ScenarioError::Invalid {
            path: self.path.clone(),
            line,
            column,
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// A [`ScenarioError::Syntax`] at a byte offset.
    pub fn syntax(&self, offset: usize, message: impl Into<String>) -> ScenarioError {
        let (line, column) = self.line_column(offset);
        ScenarioError::Syntax {
            path: self.path.clone(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// Why a file the user named cannot be read, in words (the operating
/// system's text only for what has no plainer name).
pub fn in_words(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::NotFound => "no such file".into(),
        ErrorKind::IsADirectory => "it is a folder, not a file: give a .toml file".into(),
        ErrorKind::PermissionDenied => "permission denied: this user may not read it".into(),
        ErrorKind::InvalidData => "it is not UTF-8 text".into(),
        _ => error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let source = Source {
            path: "x.toml".into(),
            text: "a = 1\nbé = 2\n".into(),
        };
        assert_eq!(source.line_column(0), (1, 1));
        assert_eq!(source.line_column(4), (1, 5));
        assert_eq!(source.line_column(6), (2, 1));
        // "bé" is 3 bytes; the '=' after "bé " is the 4th character.
        assert_eq!(source.line_column(10), (2, 4));
        let error = source.invalid(6, "bé", "bad");
        assert_eq!(error.to_string(), "x.toml:2:1: field `bé`: bad");
    }
}
