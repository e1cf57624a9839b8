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
//!
//! Leftovers: every staging folder not yet committed is listed in a
//! process-wide register, so the panic hook removes them before the process
//! exits ([`remove_staging_folders`]); and [`sweep_stale`] clears a whole
//! `--out` folder of the hidden folders of processes no longer running (any
//! name), which `dilemma run` and `merge` do once before they start.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The staging folders of this process not yet committed or dropped.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn register(staging: &Path) {
    if let Ok(mut live) = LIVE.lock() {
        live.push(staging.to_path_buf());
    }
}

fn unregister(staging: &Path) {
    if let Ok(mut live) = LIVE.lock() {
        live.retain(|p| p != staging);
    }
}

/// Removes every staging folder of this process that is not committed yet
/// (the panic hook calls it before the process exits: a bug leaves no
/// hidden folder behind). Results already in place are untouched.
pub fn remove_staging_folders() {
    // A panic while the register is held would poison it: take it anyway.
    let live = match LIVE.lock() {
        Ok(mut live) => std::mem::take(&mut *live),
        Err(poisoned) => std::mem::take(&mut *poisoned.into_inner()),
    };
    for staging in live {
        let _ = std::fs::remove_dir_all(staging);
    }
}

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
            let _ = sweep_leftovers(destination);
        }
        let staging = sibling(destination, "partial");
        if staging.exists() {
            std::fs::remove_dir_all(&staging)?;
        }
        std::fs::create_dir(&staging)?;
        register(&staging);
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
        unregister(&self.staging);
        if had_previous {
            // The results are in place: an old copy that cannot be removed
            // now is swept by the next run, not reported as a failure.
            let _ = std::fs::remove_dir_all(&old);
        }
        Ok(self.destination.clone())
    }
}

/// Clears `out` of the hidden `.<name>.partial-<pid>` and `.<name>.old-<pid>`
/// folders (any name) of processes no longer running, under the folder's
/// lock; a results folder missing because its run was killed between its
/// two renames is put back from its `.old-<pid>`. Returns what was removed
/// or put back (nothing where /proc does not exist or `out` cannot be read).
pub fn sweep_stale(out: &Path) -> io::Result<Vec<PathBuf>> {
    if !Path::new("/proc/self").exists() || !out.is_dir() {
        return Ok(Vec::new());
    }
    let _lock = FolderLock::acquire(&out.join("results"))?;
    let mut names = Vec::new();
    for entry in std::fs::read_dir(out)?.flatten() {
        let file_name = entry.file_name().to_string_lossy().to_string();
        if let Some((name, _)) = stale(&file_name) {
            names.push(name.to_string());
        }
    }
    names.sort_unstable();
    names.dedup();
    let mut swept = Vec::new();
    for name in names {
        swept.extend(sweep_leftovers(&out.join(name)));
    }
    Ok(swept)
}

/// The results folder's name and the pid of a hidden `.<name>.partial-<pid>`
/// or `.<name>.old-<pid>` folder whose process is gone.
fn stale(file_name: &str) -> Option<(&str, u32)> {
    let rest = file_name.strip_prefix('.')?;
    let (name, tag) = rest.rsplit_once('.')?;
    let pid = tag
        .strip_prefix("partial-")
        .or_else(|| tag.strip_prefix("old-"))?
        .parse::<u32>()
        .ok()?;
    let gone = pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists();
    (gone && !name.is_empty()).then_some((name, pid))
}

/// Removes `.<name>.partial-<pid>` and `.<name>.old-<pid>` folders left by
/// processes that are no longer running (checked through /proc; where it
/// does not exist, nothing is removed); returns what was removed or put back.
fn sweep_leftovers(destination: &Path) -> Vec<PathBuf> {
    let mut swept = Vec::new();
    let (Some(parent), Some(name)) = (destination.parent(), destination.file_name()) else {
        return swept;
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    if !Path::new("/proc/self").exists() {
        return swept;
    }
    let Ok(entries) = std::fs::read_dir(parent) else {
        return swept;
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
                    swept.push(entry.path());
                    continue;
                }
                if std::fs::remove_dir_all(entry.path()).is_ok() {
                    swept.push(entry.path());
                }
            }
        }
    }
    swept
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
            unregister(&self.staging);
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

    /// The pid of a process that has ended.
    fn dead_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn stale_folders_of_ended_processes_are_swept_and_said() {
        let out = scratch("sweep-stale");
        let dead = dead_pid();
        let own = std::process::id();
        // A killed run's staging folder, a run killed between its renames
        // (its previous results in `.old-`, nothing in place), another
        // run's folder still alive (ours), and results in place.
        for folder in [
            format!(".a.partial-{dead}"),
            format!(".b.old-{dead}"),
            format!(".c.partial-{own}"),
            "a".to_string(),
        ] {
            std::fs::create_dir_all(out.join(&folder)).unwrap();
            std::fs::write(out.join(&folder).join("x.csv"), "1\n").unwrap();
        }
        let mut swept = sweep_stale(&out).unwrap();
        swept.sort();
        assert_eq!(
            swept,
            vec![
                out.join(format!(".a.partial-{dead}")),
                out.join(format!(".b.old-{dead}"))
            ]
        );
        let mut left: Vec<String> = std::fs::read_dir(&out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
            .collect();
        left.sort();
        assert_eq!(
            left,
            vec![format!(".c.partial-{own}"), "a".into(), "b".into()]
        );
        assert_eq!(std::fs::read_to_string(out.join("b/x.csv")).unwrap(), "1\n");
        // Nothing more the second time; a missing folder is no error.
        assert!(sweep_stale(&out).unwrap().is_empty());
        assert!(sweep_stale(&out.join("missing")).unwrap().is_empty());
        std::fs::remove_dir_all(&out).unwrap();
    }

    #[test]
    fn staging_folders_are_registered_until_committed_or_dropped() {
        // The register the panic hook empties (its removal is tested end to
        // end in tests/suite/cli_kill_safety.rs: removing here would touch other
        // tests' live folders).
        let live = |path: &Path| LIVE.lock().unwrap().iter().any(|p| p == path);
        let root = scratch("live-staging");
        let committed = StagingDir::create(&root.join("kept")).unwrap();
        let staged = committed.path().to_path_buf();
        assert!(live(&staged));
        committed.commit().unwrap();
        assert!(!live(&staged), "committed: no longer staging");
        let dropped = StagingDir::create(&root.join("half")).unwrap();
        let staged = dropped.path().to_path_buf();
        assert!(live(&staged));
        drop(dropped);
        assert!(!live(&staged) && !staged.exists(), "dropped: removed");
        std::fs::remove_dir_all(&root).unwrap();
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
