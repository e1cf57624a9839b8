//! `dilemma new KIND` prints a template that runs as is, for every kind;
//! `--list` lists the kinds; `players` is the one name for the strategy
//! list of every kind, with `population` (moran) and `cells` (spatial)
//! still accepted.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-new-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

const KINDS: &[&str] = &[
    "tournament",
    "ecological",
    "replicator",
    "moran",
    "spatial",
    "game",
    "pigs",
    "travelers",
    "pirates",
    "guess",
    "impartial",
    "invasion",
    "train",
];

#[test]
fn every_template_runs_as_is() {
    let dir = scratch("templates");
    for kind in KINDS {
        let output = dilemma(&dir, &["new", kind]);
        assert!(output.status.success(), "new {kind}");
        let file = dir.join(format!("{kind}.toml"));
        std::fs::write(&file, &output.stdout).unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{kind}");
        let run = dilemma(&dir, &["run", file.to_str().unwrap(), "--out", "out"]);
        assert!(
            run.status.success(),
            "run of the {kind} template: {}",
            String::from_utf8_lossy(&run.stderr)
        );
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .and_then(|l| l.split('"').next())
            .unwrap();
        let folder = dir.join("out").join(name);
        assert!(folder.join("run.json").is_file(), "{kind}: no run.json");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn list_names_every_kind_and_unknown_kinds_are_refused() {
    let dir = scratch("list");
    let output = dilemma(&dir, &["new", "--list"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    for kind in KINDS.iter().filter(|k| **k != "replicator") {
        assert!(text.lines().any(|l| l.starts_with(kind)), "{kind}: {text}");
    }
    let output = dilemma(&dir, &["new", "tournaments"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("unknown kind `tournaments`"), "{stderr}");
    assert!(stderr.contains("tournament, ecological, moran"), "{stderr}");
    // Plain `dilemma new` lists the kinds, as --list does.
    let plain = dilemma(&dir, &["new"]);
    assert_eq!(plain.status.code(), Some(0));
    assert_eq!(plain.stdout, dilemma(&dir, &["new", "--list"]).stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn players_and_the_old_names_population_and_cells_are_accepted() {
    let dir = scratch("aliases");
    let moran = |key: &str| {
        format!(
            "kind = \"moran\"\n[match]\nturns = 5\n[moran]\nruns = 20\n\
             [[{key}]]\nstrategy = \"tit-for-tat\"\ncount = 2\n\
             [[{key}]]\nstrategy = \"defector\"\ncount = 2\n"
        )
    };
    let spatial = |key: &str| {
        format!(
            "kind = \"spatial\"\n[lattice]\nsize = 5\nsteps = 2\n[output]\nframes = false\n\
             [[{key}]]\nstrategy = \"tit-for-tat\"\n[[{key}]]\nstrategy = \"defector\"\n"
        )
    };
    let mut outputs = Vec::new();
    for (file, text) in [
        ("moran-players.toml", moran("players")),
        ("moran-population.toml", moran("population")),
        ("spatial-players.toml", spatial("players")),
        ("spatial-cells.toml", spatial("cells")),
    ] {
        std::fs::write(dir.join(file), text).unwrap();
        let output = dilemma(&dir, &["run", file, "--out", "out"]);
        assert!(
            output.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let stem = file.trim_end_matches(".toml");
        let resolved =
            std::fs::read_to_string(dir.join("out").join(stem).join("scenario.toml")).unwrap();
        assert!(resolved.contains("[[players]]"), "{file}: {resolved}");
        outputs.push(std::fs::read(dir.join("out").join(stem).join("counts.csv")).unwrap());
    }
    // The same study whichever name is used.
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[2], outputs[3]);
    // Both names at once is a mistake that names the field.
    let both = moran("players") + "[[population]]\nstrategy = \"cooperator\"\n";
    std::fs::write(dir.join("both.toml"), both).unwrap();
    let output = dilemma(&dir, &["run", "both.toml", "--out", "out"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("both.toml:"), "{stderr}");
    assert!(
        stderr.contains("`population` is the older name of `players`"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
