//! The shipped strategy files (strategies/axelrod/, embedded in the binary)
//! end to end: a scenario in a folder with no strategy files anywhere near
//! names them by id and by axelrod's display name and runs, its resolved
//! scenario.toml reruns to the same files, `dilemma match` takes them, and
//! `dilemma strategies` lists and shows them with family, source and
//! classifiers; typos get suggestions and parameters are refused.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-shipped-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn succeeds(dir: &Path, args: &[&str]) -> String {
    let output = run_in(dir, args);
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Every file of a results folder except run.json (timings differ).
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap() != "run.json")
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

const SCENARIO: &str = r#"name = "shipped"
kind = "tournament"
seed = 1
[match]
turns = 50
repetitions = 2
[[players]]
strategy = "tit-for-tat"
[[players]]
strategy = "fortress3"
[[players]]
strategy = "Evolved FSM 16"
[[players]]
strategy = "winner12"
[[players]]
strategy = "EVOLVEDLOOKERUP2_2_2"
"#;

#[test]
fn a_scenario_names_shipped_strategies_from_any_folder_and_reruns_resolved() {
    let dir = scratch("run");
    std::fs::write(dir.join("s.toml"), SCENARIO).unwrap();
    succeeds(&dir, &["run", "s.toml", "--quiet", "--out", "out"]);
    let first = files(&dir.join("out/shipped"));
    let summary = String::from_utf8_lossy(&first["summary.csv"]).to_string();
    for name in [
        "Fortress3",
        "Evolved FSM 16",
        "Winner12",
        "EvolvedLookerUp2_2_2",
    ] {
        assert!(summary.contains(name), "{name} missing from {summary}");
    }
    let alone = scratch("again");
    std::fs::write(alone.join("again.toml"), &first["scenario.toml"]).unwrap();
    succeeds(&alone, &["run", "again.toml", "--quiet", "--out", "out"]);
    assert_eq!(first, files(&alone.join("out/shipped")));
}

#[test]
fn parameters_and_typos_are_reported() {
    let dir = scratch("bad");
    std::fs::write(
        dir.join("s.toml"),
        SCENARIO.replace("\"winner12\"", "\"winner12\"\np = 0.5"),
    )
    .unwrap();
    let output = run_in(&dir, &["run", "s.toml", "--quiet", "--out", "out"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("takes no parameters"), "{stderr}");
    std::fs::write(
        dir.join("t.toml"),
        SCENARIO.replace("fortress3", "fortres3"),
    )
    .unwrap();
    let output = run_in(&dir, &["run", "t.toml", "--quiet", "--out", "out"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("did you mean `fortress3`"), "{stderr}");
    let output = run_in(&dir, &["match", "tit-for-tat", "winer21"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("did you mean `winner21`"), "{stderr}");
    let output = run_in(&dir, &["match", "tit-for-tat", "winner21:p=1"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn match_plays_shipped_strategies() {
    let dir = scratch("match");
    let text = succeeds(&dir, &["match", "fortress3", "Ripoff", "--turns", "4"]);
    // Fortress3 defects while the opponent does not cooperate; Ripoff opens
    // D, answers the first D with C, then plays tit for tat (its state 3).
    assert!(text.contains("Fortress3: DDDD"), "{text}");
    assert!(text.contains("Ripoff: DCDD"), "{text}");
}

#[test]
fn strategies_lists_and_shows_shipped_entries() {
    let dir = scratch("list");
    let all: Vec<serde_json::Value> =
        serde_json::from_str(&succeeds(&dir, &["strategies", "--json"])).unwrap();
    let find = |id: &str| {
        all.iter()
            .find(|e| e["id"] == id)
            .unwrap_or_else(|| panic!("{id} not listed"))
    };
    for (id, name, depth, family) in [
        (
            "fortress3",
            "Fortress3",
            Some(2),
            "Finite state machines (trained and hand-made)",
        ),
        (
            "ripoff",
            "Ripoff",
            Some(3),
            "Finite state machines (trained and hand-made)",
        ),
        (
            "solution-b1",
            "SolutionB1",
            Some(2),
            "Finite state machines (trained and hand-made)",
        ),
        (
            "predator",
            "Predator",
            None,
            "Finite state machines (trained and hand-made)",
        ),
        (
            "evolved-fsm-6",
            "Evolved FSM 6",
            None,
            "Finite state machines (trained and hand-made)",
        ),
        ("winner21", "Winner21", Some(2), "Lookup tables"),
        ("evolved-ann-5", "Evolved ANN 5", None, "Neural networks"),
        (
            "evolved-attention",
            "EvolvedAttention",
            Some(200),
            "Neural networks",
        ),
        (
            "evolved-lookerup-2-2-2",
            "EvolvedLookerUp2_2_2",
            None,
            "Lookup tables",
        ),
    ] {
        let entry = find(id);
        assert_eq!(entry["name"], name);
        assert_eq!(entry["memory_depth"].as_u64(), depth, "{id}");
        assert_eq!(entry["family"], family);
        assert_eq!(entry["stochastic"], false);
        assert!(entry["source"].as_str().unwrap().len() > 10, "{id}");
    }
    let shipped = all
        .iter()
        .filter(|e| e["embedded_file"].is_string())
        .count();
    // 18 state machines, 4 lookup tables, 5 gamblers, 1 hidden Markov
    // model, 3 neural networks, EvolvedAttention, 23 meta players.
    assert_eq!(shipped, 55);
    assert_eq!(find("evolved-attention")["long_run_time"], true);
    assert_eq!(find("meta-winner-deterministic")["stochastic"], false);
    for (id, name, depth, family) in [
        (
            "pso-gambler-mem1",
            "PSO Gambler Mem1",
            Some(1),
            "Lookup tables",
        ),
        ("zd-mem2", "ZD-Mem2", Some(2), "Lookup tables"),
        (
            "pso-gambler-2-2-2",
            "PSO Gambler 2_2_2",
            None,
            "Lookup tables",
        ),
        (
            "evolved-hmm-5",
            "Evolved HMM 5",
            Some(5),
            "Hidden Markov models",
        ),
    ] {
        let entry = find(id);
        assert_eq!(entry["name"], name);
        assert_eq!(entry["memory_depth"].as_u64(), depth, "{id}");
        assert_eq!(entry["family"], family);
        assert_eq!(entry["stochastic"], true);
    }
    let decay = find("memory-decay");
    assert_eq!(decay["family"], "Meta players (teams of strategies)");
    assert_eq!(decay["stochastic"], true);
    assert_eq!(decay["long_run_time"], false);
    let deterministic: Vec<serde_json::Value> = serde_json::from_str(&succeeds(
        &dir,
        &[
            "strategies",
            "--deterministic",
            "--search",
            "lookup tables",
            "--json",
        ],
    ))
    .unwrap();
    assert_eq!(deterministic.len(), 4, "{deterministic:?}");
    let shown = succeeds(&dir, &["strategies", "evolved fsm 16 noise 05"]);
    for expected in [
        "Evolved FSM 16 Noise 05 (evolved-fsm-16-noise-05)",
        "Family: Finite state machines (trained and hand-made)",
        "Source: Evolved FSM 16 Noise 05: Original name by Marc Harper",
        "strategies/axelrod/evolved-fsm-16-noise-05.toml",
        "memory depth:   inf",
        "strategy = \"evolved-fsm-16-noise-05\"",
    ] {
        assert!(shown.contains(expected), "missing {expected:?} in\n{shown}");
    }
    let output = run_in(&dir, &["strategies", "fortres3"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("did you mean `fortress3`"));
}

fn run_with_data(dir: &Path, data: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(dir)
        .env("DILEMMA_DATA", data)
        .args(args)
        .output()
        .unwrap()
}

/// The shipped EvolvedAttention's weights are read from `$DILEMMA_DATA`
/// when it is set (a binary installed away from the checkout): a folder
/// holding them plays exactly as the checkout's; a folder without them, a
/// file of the wrong size and a file of the right size with other bytes
/// are each refused with exit 2, naming the file, the field and the path
/// tried (the last one naming `sha256`), and nothing is written to standard output.
#[test]
fn shipped_weights_are_read_from_dilemma_data() {
    let dir = scratch("dilemma-data");
    let weights = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("strategies/axelrod/evolved-attention.weights")
        .canonicalize()
        .unwrap();
    let args = [
        "match",
        "evolved-attention",
        "tit-for-tat",
        "--turns",
        "4",
        "--json",
    ];
    let from_checkout = succeeds(&dir, &args);

    let linked = dir.join("linked");
    std::fs::create_dir_all(&linked).unwrap();
    std::os::unix::fs::symlink(&weights, linked.join("evolved-attention.weights")).unwrap();
    let output = run_with_data(&dir, &linked, &args);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(String::from_utf8(output.stdout).unwrap(), from_checkout);

    let refused = |data: &Path, expected: &[&str]| {
        let output = run_with_data(&dir, data, &args);
        assert_eq!(output.status.code(), Some(2), "{data:?}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        for text in ["strategies/axelrod/evolved-attention.toml:"]
            .iter()
            .chain(expected)
        {
            assert!(stderr.contains(text), "missing {text:?} in\n{stderr}");
        }
        assert!(!stderr.contains("panicked"), "{stderr}");
    };
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    refused(
        &empty,
        &[
            "field `weights`",
            &empty.display().to_string(),
            "DILEMMA_DATA",
            "No such file",
        ],
    );

    let short = dir.join("short");
    std::fs::create_dir_all(&short).unwrap();
    std::fs::write(short.join("evolved-attention.weights"), [0u8; 1000]).unwrap();
    refused(&short, &["field `weights`", "1000 bytes"]);

    // Same length as the real file, every byte zero (a sparse file): the
    // size check passes and the SHA-256 check refuses it.
    let zeros = dir.join("zeros");
    std::fs::create_dir_all(&zeros).unwrap();
    let file = std::fs::File::create(zeros.join("evolved-attention.weights")).unwrap();
    file.set_len(std::fs::metadata(&weights).unwrap().len())
        .unwrap();
    refused(&zeros, &["field `sha256`", "SHA-256", "not the declared"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `dilemma strategies` describes EvolvedAttention (and the meta players
/// whose teams hold it) without reading its 51 MB of weights: with a
/// `$DILEMMA_DATA` weights file of the right size but other bytes (which
/// any read would refuse by its SHA-256), the listing, `--json` and the
/// pages print exactly what they print with the real file, and warn of
/// nothing; playing the same player still reads the file and refuses it.
#[test]
fn strategies_never_read_the_attention_weights() {
    let dir = scratch("describe-only");
    let weights =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/axelrod/evolved-attention.weights");
    let zeros = dir.join("zeros");
    std::fs::create_dir_all(&zeros).unwrap();
    let file = std::fs::File::create(zeros.join("evolved-attention.weights")).unwrap();
    file.set_len(std::fs::metadata(&weights).unwrap().len())
        .unwrap();
    let real = weights.parent().unwrap();
    for args in [
        &["strategies"][..],
        &["strategies", "--json"],
        &["strategies", "evolved-attention"],
        &["strategies", "evolved-attention", "--json"],
        &["strategies", "meta-winner-ensemble"],
        &["strategies", "--search", "attention"],
    ] {
        let faked = run_with_data(&dir, &zeros, args);
        let shipped = run_with_data(&dir, real, args);
        assert!(faked.status.success(), "{args:?}");
        assert!(
            faked.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&faked.stderr)
        );
        assert_eq!(faked.stdout, shipped.stdout, "{args:?}");
    }
    let listing = String::from_utf8(run_with_data(&dir, &zeros, &["strategies"]).stdout).unwrap();
    assert!(listing.contains("evolved-attention"), "{listing}");
    let played = run_with_data(
        &dir,
        &zeros,
        &["match", "evolved-attention", "tit-for-tat", "--turns", "2"],
    );
    assert_eq!(played.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&played.stderr).contains("field `sha256`"),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
