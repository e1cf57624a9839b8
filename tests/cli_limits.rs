//! Work limits end to end (src/scenario/work.rs): a scenario whose estimated
//! work is over its default limit is refused before anything runs (exit 2,
//! the message names the fields, the estimate and the limit, no results
//! folder), and `--no-limit` or `[limits] none = true` lets it run.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dilemma-limits-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(scenario: &Path, out: &Path, extra: &[&str]) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["run", "--quiet"])
        .args(extra)
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .output()
        .expect("runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn refused(tag: &str, text: &str, needles: &[&str]) {
    let d = dir(tag);
    let s = d.join("s.toml");
    std::fs::write(&s, text).unwrap();
    let out = d.join("out");
    let (code, err) = run(&s, &out, &[]);
    assert_eq!(code, 2, "{tag}: {err}");
    assert!(err.contains("s.toml:"), "{tag}: {err}");
    assert!(err.contains("too much work"), "{tag}: {err}");
    assert!(err.contains("--no-limit"), "{tag}: {err}");
    for n in needles {
        assert!(err.contains(n), "{tag}: {n} not in {err}");
    }
    assert!(!out.exists(), "{tag}: nothing may be written");
}

#[test]
fn each_kind_over_its_limit_is_refused_up_front() {
    refused(
        "tournament",
        "name = \"t\"\nkind = \"tournament\"\n[match]\nturns = 100000\nrepetitions = 100000\n\
         [[players]]\nstrategy = \"random\"\n[[players]]\nstrategy = \"tit-for-tat\"\n",
        &[
            "field `players`",
            "match.repetitions = 100000",
            "match.turns = 100000",
            "turns to simulate",
            "10000000000",
        ],
    );
    // A random horizon counts its mean length 1 / (1 - w).
    refused(
        "continuation",
        "name = \"t\"\nkind = \"tournament\"\n[match]\ncontinuation = 0.9999999\nrepetitions = 100000\n\
         [[players]]\nstrategy = \"random\"\n[[players]]\nstrategy = \"tit-for-tat\"\n",
        &["match.continuation = 0.9999999", "turns to simulate"],
    );
    refused(
        "spatial",
        "name = \"s\"\nkind = \"spatial\"\n[lattice]\nsize = 4000\nsteps = 1000\n[game]\nb = 1.85\n\
         [output]\nframes = false\n",
        &[
            "field `lattice.steps`",
            "4000 x 4000",
            "cell updates",
            "16000000000",
        ],
    );
    refused(
        "moran",
        "name = \"m\"\nkind = \"moran\"\n[moran]\nruns = 1000000\n\
         [[population]]\nstrategy = \"cooperator\"\ncount = 50\nfitness = 1.0\n\
         [[population]]\nstrategy = \"defector\"\ncount = 50\nfitness = 1.0\n",
        &[
            "field `moran.runs`",
            "moran.runs = 1000000",
            "process steps",
        ],
    );
    let positions: Vec<String> = (0..10_001).map(|i| format!("\"nim {i}\"")).collect();
    refused(
        "impartial",
        &format!(
            "name = \"i\"\nkind = \"impartial\"\n[game]\nrule = \"nim\"\ntable = 5\npositions = [{}]\n",
            positions.join(", ")
        ),
        &[
            "field `game.positions`",
            "10001 entries",
            "positions to solve",
        ],
    );
}

/// Just over the Moran limit (2000 individuals: 4 x 10^6 steps a run by the
/// neutral estimate, x 600 runs = 2.4 x 10^9), yet quick: the lone defector
/// is nearly always replaced long before N^2 steps.
const JUST_OVER: &str = "name = \"m\"\nkind = \"moran\"\n[moran]\nruns = 600\n\
     [[population]]\nstrategy = \"cooperator\"\ncount = 1999\nfitness = 10.0\n\
     [[population]]\nstrategy = \"defector\"\ncount = 1\nfitness = 1.0\n\
     [output]\ncharts = false\n";

#[test]
fn no_limit_and_the_scenario_key_lift_the_limit() {
    let d = dir("lift");
    let s = d.join("s.toml");
    std::fs::write(&s, JUST_OVER).unwrap();
    let (code, err) = run(&s, &d.join("refused"), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("2400000000"), "{err}");
    let (code, err) = run(&s, &d.join("lifted"), &["--no-limit"]);
    assert_eq!(code, 0, "{err}");
    assert!(d.join("lifted/m/run.json").exists());

    let keyed = d.join("keyed.toml");
    std::fs::write(&keyed, format!("{JUST_OVER}[limits]\nnone = true\n")).unwrap();
    let (code, err) = run(&keyed, &d.join("keyed"), &[]);
    assert_eq!(code, 0, "{err}");
    assert!(d.join("keyed/m/run.json").exists());

    // The key is checked like every other field.
    std::fs::write(&keyed, format!("{JUST_OVER}[limits]\nnone = 1\n")).unwrap();
    let (code, err) = run(&keyed, &d.join("bad"), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("limits.none"), "{err}");
    std::fs::write(&keyed, format!("{JUST_OVER}[limits]\nnon = true\n")).unwrap();
    let (code, err) = run(&keyed, &d.join("bad"), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("non"), "{err}");
}

#[test]
fn shipped_scenarios_are_within_the_limits() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    for entry in std::fs::read_dir(root).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let loaded = dilemma::scenario::load(&path).unwrap();
        assert!(
            loaded.over_limit.is_none(),
            "{}: {:?}",
            path.display(),
            loaded.over_limit
        );
    }
}
