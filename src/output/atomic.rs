//! Writing a results folder so that readers never see half of it.
//!
//! Files are written into a hidden staging folder beside the destination;
//! [`StagingDir::commit`] swaps it into place with renames. If anything fails
//! before that, the staging folder is removed and the previous results stay
//! as they were. A process that is killed (or aborts) cannot clean up: its
//! hidden `.<name>.partial-<pid>` folder stays until the next run for the same
//! destination, which removes the leftovers of processes no longer running.

use std::io;
use std::path::{Path, PathBuf};

/// A hidden folder that becomes the results folder on commit.
#[derive(Debug)]
pub struct StagingDir {
    destination: PathBuf,
    staging: PathBuf,
    committed: bool,
}

fn sibling(destination: &Path, tag: &str) -> PathBuf {
    let name = destination
        .file_name()
        .map_or_else(|| "results".into(), |n| n.to_string_lossy().to_string());
    destination.with_file_name(format!(".{name}.{tag}-{}", std::process::id()))
}

impl StagingDir {
    /// Creates the staging folder for `destination` (and its parents).
    pub fn create(destination: &Path) -> io::Result<StagingDir> {
        if let Some(parent) = destination.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)?;
        }
        if destination.exists() && !destination.is_dir() {
            // Never move a user's file aside to put results in its place.
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "exists and is not a folder",
            ));
        }
        sweep_leftovers(destination);
        let staging = sibling(destination, "partial");
        if staging.exists() {
            std::fs::remove_dir_all(&staging)?;
        }
        std::fs::create_dir(&staging)?;
        Ok(StagingDir {
            destination: destination.to_path_buf(),
            staging,
            committed: false,
        })
    }

    /// Where to write the files.
    pub fn path(&self) -> &Path {
        &self.staging
    }

    /// A file inside the staging folder.
    pub fn file(&self, name: &str) -> PathBuf {
        self.staging.join(name)
    }

    /// Moves the staged files into place, replacing earlier results.
    pub fn commit(mut self) -> io::Result<PathBuf> {
        let old = sibling(&self.destination, "old");
        let had_previous = self.destination.exists();
        if had_previous {
            if old.exists() {
                std::fs::remove_dir_all(&old)?;
            }
            std::fs::rename(&self.destination, &old)?;
        }
        if let Err(error) = std::fs::rename(&self.staging, &self.destination) {
            if had_previous {
                // Put the previous results back.
                let _ = std::fs::rename(&old, &self.destination);
            }
            return Err(error);
        }
        self.committed = true;
        if had_previous {
            std::fs::remove_dir_all(&old)?;
        }
        Ok(self.destination.clone())
    }
}

/// Removes `.<name>.partial-<pid>` and `.<name>.old-<pid>` folders left by
/// processes that are no longer running (checked through /proc; where it
/// does not exist, nothing is removed).
fn sweep_leftovers(destination: &Path) {
    let (Some(parent), Some(name)) = (destination.parent(), destination.file_name()) else {
        return;
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file_name = entry.file_name().to_string_lossy().to_string();
        let Some(rest) = file_name.strip_prefix(&prefix) else {
            continue;
        };
        let pid = rest
            .strip_prefix("partial-")
            .or_else(|| rest.strip_prefix("old-"));
        if let Some(pid) = pid.and_then(|p| p.parse::<u32>().ok()) {
            if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

impl Drop for StagingDir {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.staging);
        }
    }
}

/// Writes one file so that readers see the old content or the new, never
/// half of it: the bytes go to a hidden `.<name>.partial-<pid>` beside it,
/// which is then renamed over the file.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temporary = sibling(path, "partial");
    let result = std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_stays() {
        let dir = std::env::temp_dir().join(format!("dilemma-atomic-file-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("game.nfg");
        std::fs::write(&path, "old").unwrap();
        write_file(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        // Writing into a missing folder fails and leaves nothing behind.
        assert!(write_file(&dir.join("missing/game.nfg"), b"x").is_err());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("game.nfg")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dilemma-atomic-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_in_the_way_is_never_replaced() {
        let root = scratch("file-in-the-way");
        let destination = root.join("run");
        std::fs::write(&destination, "mine").unwrap();
        assert!(StagingDir::create(&destination).is_err());
        assert_eq!(std::fs::read_to_string(&destination).unwrap(), "mine");
        assert_eq!(std::fs::read_dir(&root).unwrap().count(), 1);
    }

    #[test]
    fn commit_replaces_and_abandon_keeps_old_results() {
        let root = scratch("commit");
        let destination = root.join("run");
        std::fs::create_dir(&destination).unwrap();
        std::fs::write(destination.join("a.csv"), "old").unwrap();

        let staging = StagingDir::create(&destination).unwrap();
        std::fs::write(staging.file("a.csv"), "half").unwrap();
        drop(staging);
        assert_eq!(
            std::fs::read_to_string(destination.join("a.csv")).unwrap(),
            "old"
        );

        let staging = StagingDir::create(&destination).unwrap();
        std::fs::write(staging.file("a.csv"), "new").unwrap();
        staging.commit().unwrap();
        assert_eq!(
            std::fs::read_to_string(destination.join("a.csv")).unwrap(),
            "new"
        );
        let leftovers: Vec<_> = std::fs::read_dir(&root).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "only the results folder remains");

        // A folder left by a process that no longer runs is swept away.
        let stale = root.join(".run.partial-4000000000");
        std::fs::create_dir(&stale).unwrap();
        let staging = StagingDir::create(&destination).unwrap();
        assert!(!stale.exists() || !Path::new("/proc/self").exists());
        drop(staging);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
