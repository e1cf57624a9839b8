//! Writing a results folder so that readers never see half of it.
//!
//! Files are written into a hidden staging folder beside the destination;
//! [`StagingDir::commit`] swaps it into place with renames. If anything fails
//! before that, the staging folder is removed and the previous results stay
//! as they were. A process that is killed (or aborts) cannot clean up: its
//! hidden `.<name>.partial-<pid>` folder stays until the next run for the same
//! destination, which removes the leftovers of processes no longer running
//! (and, if one was killed between its two renames, puts its
//! `.<name>.old-<pid>` folder, the previous results, back in place).
//!
//! Concurrent runs: the swap and the sweep of leftovers happen under an
//! exclusive lock (`flock`) on the folder that holds the results folder, so
//! two runs into the same destination take turns for the few milliseconds
//! of the swap: the destination always holds one whole run's files (the
//! last to finish), never a mix, and neither run mistakes the other's
//! half-done swap for a file in the way. A lock not granted within
//! [`LOCK_WAIT`] is an error naming the folder. A process that dies holding
//! the lock releases it (the kernel closes its files). Where `flock` is not
//! available (not Unix, or a file system without it) runs go unlocked.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a run waits for another to finish moving its results into the
/// same folder.
pub const LOCK_WAIT: Duration = Duration::from_secs(60);

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
        // One metadata call: `exists() && !is_dir()` would be two, and a
        // concurrent run's swap between them looks like a file in the way.
        if std::fs::metadata(destination).is_ok_and(|m| !m.is_dir()) {
            // Never move a user's file aside to put results in its place.
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                "exists and is not a folder",
            ));
        }
        {
            let _lock = FolderLock::acquire(destination)?;
            sweep_leftovers(destination);
        }
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
        #[cfg(debug_assertions)]
        if std::env::var_os("DILEMMA_TEST_PANIC").is_some_and(|v| v == "commit") {
            // Test-only (debug builds): a bug surfacing with every file
            // staged; the panic hook must leave the destination untouched.
            panic!("DILEMMA_TEST_PANIC=commit: a panic just before the results move into place");
        }
        let _lock = FolderLock::acquire(&self.destination)?;
        let old = sibling(&self.destination, "old");
        let had_previous = std::fs::symlink_metadata(&self.destination).is_ok();
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
            // The results are in place: an old copy that cannot be removed
            // now is swept by the next run, not reported as a failure.
            let _ = std::fs::remove_dir_all(&old);
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
                // Killed between its two renames: the previous results are
                // in `.old-<pid>` and nothing is in place; put them back.
                if rest.starts_with("old-")
                    && std::fs::symlink_metadata(destination).is_err()
                    && std::fs::rename(entry.path(), destination).is_ok()
                {
                    continue;
                }
                let _ = std::fs::remove_dir_all(entry.path());
            }
        }
    }
}

/// An exclusive `flock` on the folder holding a destination, released when
/// dropped (or when the process dies).
struct FolderLock {
    _folder: Option<std::fs::File>,
}

impl FolderLock {
    fn acquire(destination: &Path) -> io::Result<FolderLock> {
        let parent = match destination.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        Self::acquire_within(parent, LOCK_WAIT)
    }

    #[cfg(unix)]
    fn acquire_within(parent: &Path, wait: Duration) -> io::Result<FolderLock> {
        use std::os::fd::AsRawFd;
        unsafe extern "C" {
            fn flock(fd: i32, operation: i32) -> i32;
        }
        const LOCK_EX: i32 = 2;
        const LOCK_NB: i32 = 4;
        let Ok(folder) = std::fs::File::open(parent) else {
            // Unreadable folder: creating files in it fails with a clearer error.
            return Ok(FolderLock { _folder: None });
        };
        let started = Instant::now();
        loop {
            // SAFETY: flock on a file descriptor this function owns.
            if unsafe { flock(folder.as_raw_fd(), LOCK_EX | LOCK_NB) } == 0 {
                return Ok(FolderLock {
                    _folder: Some(folder),
                });
            }
            let error = io::Error::last_os_error();
            if error.kind() != io::ErrorKind::WouldBlock {
                // No flock on this file system: go unlocked.
                return Ok(FolderLock { _folder: None });
            }
            if started.elapsed() >= wait {
                return Err(io::Error::new(
                    io::ErrorKind::WouldBlock,
                    format!(
                        "another process has been moving results into {} for {} s; is another `dilemma run` stuck? (try again when it has finished)",
                        parent.display(),
                        wait.as_secs()
                    ),
                ));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[cfg(not(unix))]
    fn acquire_within(_parent: &Path, _wait: Duration) -> io::Result<FolderLock> {
        Ok(FolderLock { _folder: None })
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

    #[cfg(unix)]
    #[test]
    fn the_folder_lock_is_exclusive_and_released_on_drop() {
        let root = scratch("lock");
        let held = FolderLock::acquire_within(&root, Duration::ZERO).unwrap();
        assert!(held._folder.is_some(), "flock works on the test folder");
        let error = FolderLock::acquire_within(&root, Duration::from_millis(30))
            .err()
            .expect("a second lock waits, then fails");
        assert_eq!(error.kind(), io::ErrorKind::WouldBlock);
        assert!(error.to_string().contains("another process"), "{error}");
        drop(held);
        assert!(FolderLock::acquire_within(&root, Duration::ZERO).is_ok());
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn previous_results_of_a_run_killed_mid_swap_are_put_back() {
        if !Path::new("/proc/self").exists() {
            return;
        }
        let root = scratch("killed-mid-swap");
        let destination = root.join("run");
        // A run killed between its two renames: results moved aside, the
        // staged ones not yet in place.
        let old = root.join(".run.old-4000000001");
        std::fs::create_dir(&old).unwrap();
        std::fs::write(old.join("a.csv"), "previous").unwrap();
        std::fs::create_dir(root.join(".run.partial-4000000001")).unwrap();
        let staging = StagingDir::create(&destination).unwrap();
        assert_eq!(
            std::fs::read_to_string(destination.join("a.csv")).unwrap(),
            "previous"
        );
        drop(staging);
        let names: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("run")]);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
