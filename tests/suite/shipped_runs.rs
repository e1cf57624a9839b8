//! Every shipped scenario in `scenarios/` (the long axelrod reference
//! tournaments are in `scenarios/reference/`), run once per test process
//! into one folder and shared by the tests that read the results: `cli_report` checks each folder's files and page,
//! `cli_rerun` runs each folder's `scenario.toml` again and compares. The
//! runs are the suite's largest single cost, so they are made once.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The shared runs: the scenario files and the folder holding one results
/// folder per scenario.
pub struct ShippedRuns {
    /// The scenario files run, sorted.
    pub scenarios: Vec<PathBuf>,
    /// Where their results folders are (`out/<name>/`).
    pub out: PathBuf,
    scratch: PathBuf,
}

/// The tests that read the runs; the last one to finish removes them.
const READERS: usize = 2;
static FINISHED: AtomicUsize = AtomicUsize::new(0);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs them on first use (`dilemma run --quiet --threads 2 --out OUT
/// SCENARIO...`), then hands out the same folder.
pub fn shipped_runs() -> &'static ShippedRuns {
    static RUNS: OnceLock<ShippedRuns> = OnceLock::new();
    RUNS.get_or_init(|| {
        let scratch =
            std::env::temp_dir().join(format!("dilemma-shipped-runs-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).unwrap();
        let mut scenarios: Vec<PathBuf> = std::fs::read_dir(root().join("scenarios"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        scenarios.sort();
        let out = scratch.join("out");
        let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
            .current_dir(root())
            .args(["run", "--quiet", "--threads", "2", "--out"])
            .arg(&out)
            .args(&scenarios)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "dilemma run of the shipped scenarios failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        ShippedRuns {
            scenarios,
            out,
            scratch,
        }
    })
}

impl ShippedRuns {
    /// The results folders, sorted by name.
    pub fn folders(&self) -> Vec<PathBuf> {
        let mut folders: Vec<PathBuf> = std::fs::read_dir(&self.out)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect();
        folders.sort();
        folders
    }

    /// A reader is done; the last one removes the runs.
    pub fn done(&self) {
        if FINISHED.fetch_add(1, Ordering::SeqCst) + 1 == READERS {
            let _ = std::fs::remove_dir_all(&self.scratch);
        }
    }

    /// A scratch folder beside the runs, for a reader's own files.
    pub fn scratch(&self, name: &str) -> PathBuf {
        let dir = self.scratch.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}

/// A folder's name as a `&str`.
pub fn name_of(folder: &Path) -> String {
    folder.file_name().unwrap().to_string_lossy().into_owned()
}
