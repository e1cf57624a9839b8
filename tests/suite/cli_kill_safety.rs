//! Results folders under hostile conditions, end to end: a run killed with
//! SIGKILL at any moment, runs racing into the same folder, a full disk, and
//! a panic (the hook in src/main.rs). In every case the destination holds
//! one run's complete results or the previous ones (or, for a first run,
//! nothing), and the next run works.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-kill-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dilemma"));
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("DILEMMA_TEST_PANIC");
    command
}

fn run(scenario: &Path, out: &Path) -> Output {
    dilemma()
        .args([
            "run",
            scenario.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ])
        .output()
        .unwrap()
}

/// A copy of a shipped scenario with another `name` (and optionally seed).
fn variant(dir: &Path, shipped: &str, name: &str, seed: Option<u64>) -> PathBuf {
    let text = std::fs::read_to_string(root().join("scenarios").join(shipped)).unwrap();
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with("seed ="))
        .map(|l| {
            if l.starts_with("name =") {
                format!("name = \"{name}\"")
            } else {
                l.to_string()
            }
        })
        .collect();
    if let Some(seed) = seed {
        let at = lines.iter().position(|l| l.starts_with("name =")).unwrap();
        lines.insert(at + 1, format!("seed = {seed}"));
    }
    let stem = shipped.trim_end_matches(".toml");
    let path = dir.join(format!("{stem}-{name}-{}.toml", seed.unwrap_or(0)));
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    names
}

/// Every file of a folder with its bytes.
fn contents(dir: &Path) -> Vec<(String, Vec<u8>)> {
    listing(dir)
        .into_iter()
        .map(|n| {
            let bytes = std::fs::read(dir.join(&n)).unwrap();
            (n, bytes)
        })
        .collect()
}

#[test]
fn a_run_killed_at_any_moment_leaves_whole_results_and_the_next_run_works() {
    let dir = scratch("sigkill");
    let scenario = variant(&dir, "classic.toml", "classic", None);
    let out = dir.join("out");
    let destination = out.join("classic");
    let first = run(&scenario, &out);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let complete = listing(&destination);
    assert!(complete.contains(&"run.json".to_string()) && complete.len() > 5);
    // The run takes about a second or more in a debug build: kill it early,
    // in the middle, and late (while charts are written and moved into place).
    for delay_ms in [30u64, 150, 400, 800, 1200, 1700, 2500] {
        let mut child = dilemma()
            .args([
                "run",
                scenario.to_str().unwrap(),
                "--out",
                out.to_str().unwrap(),
                "--quiet",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(delay_ms));
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        if destination.exists() {
            assert_eq!(
                listing(&destination),
                complete,
                "killed after {delay_ms} ms"
            );
            let run_json = std::fs::read(destination.join("run.json")).unwrap();
            serde_json::from_slice::<serde_json::Value>(&run_json)
                .unwrap_or_else(|e| panic!("run.json after a kill at {delay_ms} ms: {e}"));
        }
        // Only the killed process's hidden folders may be left over.
        for name in listing(&out) {
            assert!(
                name == "classic"
                    || name.starts_with(".classic.partial-")
                    || name.starts_with(".classic.old-"),
                "unexpected {name} after a kill at {delay_ms} ms"
            );
        }
    }
    let leftovers: Vec<String> = listing(&out)
        .into_iter()
        .filter(|n| n.starts_with('.'))
        .collect();
    let last = run(&scenario, &out);
    let stderr = String::from_utf8_lossy(&last.stderr);
    assert!(last.status.success(), "{stderr}");
    // The sweep is said once, naming what it removed.
    let said = stderr.matches("warning: removed").count();
    assert_eq!(
        said,
        usize::from(!leftovers.is_empty()),
        "{leftovers:?}: {stderr}"
    );
    for name in &leftovers {
        assert!(stderr.contains(name.as_str()), "{name} not named: {stderr}");
    }
    assert_eq!(listing(&destination), complete);
    assert_eq!(
        listing(&out),
        ["classic"],
        "leftovers of killed runs are swept"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn runs_racing_into_the_same_folder_end_with_one_whole_result() {
    let dir = scratch("race");
    let out = dir.join("out");
    let destination = out.join("race");
    // Same name, different seeds: every file of a results folder must come
    // from one run (scenario.toml and run.json both record the seed).
    let scenarios: Vec<PathBuf> = (1..=3)
        .map(|seed| variant(&dir, "pirates-classic.toml", "race", Some(seed)))
        .collect();
    let reference = run(&scenarios[0], &dir.join("reference"));
    assert!(reference.status.success());
    let complete = listing(&dir.join("reference/race"));
    for round in 0..6 {
        let children: Vec<_> = scenarios
            .iter()
            .map(|s| {
                dilemma()
                    .args([
                        "run",
                        s.to_str().unwrap(),
                        "--out",
                        out.to_str().unwrap(),
                        "--quiet",
                    ])
                    .stdout(Stdio::piped())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let output = child.wait_with_output().unwrap();
            assert!(
                output.status.success(),
                "round {round}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        assert_eq!(listing(&destination), complete, "round {round}");
        let resolved = std::fs::read_to_string(destination.join("scenario.toml")).unwrap();
        let run_json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(destination.join("run.json")).unwrap()).unwrap();
        let seed = run_json["seed"]
            .as_u64()
            .expect("run.json records the seed");
        assert!(
            resolved.contains(&format!("seed = {seed}\n")),
            "round {round}: scenario.toml and run.json come from different runs (seed {seed})\n{resolved}"
        );
        assert_eq!(
            listing(&out),
            ["race"],
            "round {round}: no staging folders stay"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tmpfs mounted for the test, unmounted when dropped.
struct Tmpfs(PathBuf);

impl Tmpfs {
    fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        mounted.then(|| Tmpfs(dir.to_path_buf()))
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn a_full_disk_is_said_plainly_with_exit_1_and_earlier_results_stay() {
    let dir = scratch("full-disk");
    // A 400 KB file system: the pirate split (about 170 KB) fits, the
    // classic tournament (about 440 KB with its charts) does not.
    let Some(disk) = Tmpfs::mount(&dir.join("disk"), "400k") else {
        eprintln!(
            "skipped: cannot mount a tmpfs here (needs root); the message for a full disk is \
             unit-tested in output::charts::canvas and study::error"
        );
        return;
    };
    let out = disk.0.join("out");
    let small = variant(&dir, "pirates-classic.toml", "x", None);
    let big = variant(&dir, "classic.toml", "x", None);
    let first = run(&small, &out);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let before = contents(&out.join("x"));
    let full = run(&big, &out);
    let stderr = String::from_utf8_lossy(&full.stderr);
    assert_eq!(full.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("No space left on device") && stderr.contains("the disk is full"),
        "{stderr}"
    );
    for debug in ["Os {", "Custom {", "kind:", "IoError(", "panicked"] {
        assert!(!stderr.contains(debug), "debug text `{debug}` in: {stderr}");
    }
    assert!(
        !stderr.contains(".x.partial"),
        "names the hidden staging folder: {stderr}"
    );
    assert_eq!(
        contents(&out.join("x")),
        before,
        "earlier results are untouched"
    );
    assert_eq!(listing(&out), ["x"], "the staging folder is removed");
    drop(disk);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_panic_prints_one_short_message_exits_70_and_leaves_results_untouched() {
    let dir = scratch("panic");
    let scenario = variant(&dir, "pirates-classic.toml", "p", None);
    let out = dir.join("out");
    assert!(run(&scenario, &out).status.success());
    let before = contents(&out.join("p"));

    // Just before the results would move into place (debug builds only).
    let output = dilemma()
        .env("DILEMMA_TEST_PANIC", "commit")
        .args([
            "run",
            scenario.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(70), "{stderr}");
    assert!(
        stderr.starts_with("error: internal error in dilemma"),
        "{stderr}"
    );
    assert!(
        stderr.contains("This is a bug") && stderr.contains("report it"),
        "{stderr}"
    );
    assert!(
        stderr.contains(scenario.to_str().unwrap()),
        "the command line is shown: {stderr}"
    );
    assert!(stderr.lines().count() <= 3, "one short message: {stderr}");
    for raw in ["panicked at", "RUST_BACKTRACE", "stack backtrace"] {
        assert!(!stderr.contains(raw), "{raw} in: {stderr}");
    }
    assert_eq!(
        contents(&out.join("p")),
        before,
        "the results folder is untouched"
    );
    let hidden: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(
        hidden.is_empty(),
        "the panic removed its staging folder: {hidden:?}"
    );

    // Before any work, on the main thread.
    let output = dilemma()
        .env("DILEMMA_TEST_PANIC", "start")
        .args(["strategies"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(70));
    assert!(output.stdout.is_empty());
    // The next run works and sweeps the panicked run's staging folder.
    assert!(run(&scenario, &out).status.success());
    assert_eq!(listing(&out), ["p"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
