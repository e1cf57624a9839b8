//! `dilemma run` with kind `impartial` end to end: the values CSV, the proven
//! period, solved positions, charts, byte-identical reruns, and scenario
//! mistakes reported with exit code 2.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dilemma-impartial-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(scenario: &Path, out: &Path) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["run", "--quiet"])
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .output()
        .expect("runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn subtraction_table_period_positions_and_charts() {
    let d = dir("ok");
    let s = d.join("s.toml");
    std::fs::write(
        &s,
        "name = \"s134\"\nkind = \"impartial\"\n[game]\nrule = \"subtraction --set 1,3,4\"\ntable = 30\npositions = [\"subtraction 1000000000000 --set 1,3,4\", [\"nim 3\", \"ruler 4\"], \"graph g.txt a\"]\n",
    )
    .unwrap();
    std::fs::write(d.join("g.txt"), "a b\nb c\n").unwrap();
    let (code, _, err) = run(&s, &d.join("out1"));
    assert_eq!(code, 0, "{err}");
    let folder = d.join("out1/s134");
    let csv = std::fs::read_to_string(folder.join("values.csv")).unwrap();
    let p: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter(|l| l.ends_with(",P"))
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(&p[..6], &["0", "2", "7", "9", "14", "16"]);
    let sol: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("solutions.json")).unwrap())
            .unwrap();
    assert_eq!(sol["period"]["period"], 7);
    assert_eq!(sol["solutions"][0]["grundy"], 1);
    assert_eq!(sol["solutions"][1]["grundy"], 3 ^ 4);
    assert_eq!(sol["solutions"][2]["outcome"], "P");
    for f in [
        "grundy_values.png",
        "grundy_values.svg",
        "run.json",
        "scenario.toml",
    ] {
        assert!(folder.join(f).exists(), "{f}");
    }
    // Reproducible: a second run (charts off, to stay fast) writes the same
    // table byte for byte.
    let text = std::fs::read_to_string(&s).unwrap();
    std::fs::write(&s, format!("{text}[output]\ncharts = false\n")).unwrap();
    let (code, _, _) = run(&s, &d.join("out2"));
    assert_eq!(code, 0);
    assert_eq!(
        std::fs::read(folder.join("values.csv")).unwrap(),
        std::fs::read(d.join("out2/s134/values.csv")).unwrap()
    );
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn wythoff_grid_has_heat_maps() {
    let d = dir("wy");
    let s = d.join("w.toml");
    std::fs::write(
        &s,
        "kind = \"impartial\"\n[game]\nrule = \"wythoff\"\ntable = 12\n[output]\ncharts = true\n",
    )
    .unwrap();
    let (code, _, err) = run(&s, &d);
    assert_eq!(code, 0, "{err}");
    let csv = std::fs::read_to_string(d.join("w/wythoff.csv")).unwrap();
    assert!(csv.contains("\n3,5,0,true\n"));
    assert!(csv.contains("\n5,3,0,true\n"));
    assert!(d.join("w/wythoff_grundy.png").exists());
    assert!(d.join("w/wythoff_p_positions.svg").exists());
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn scenario_mistakes_exit_2() {
    let d = dir("bad");
    let cases = [
        ("[game]\ntable = 5\n", "rule"),
        ("[game]\nrule = \"kayles\"\n", "table"),
        (
            "[game]\nrule = \"chess\"\ntable = 5\n",
            "unknown game 'chess'",
        ),
        // Over the default limit: the work refusal (tests/suite/cli_limits.rs).
        ("[game]\nrule = \"wythoff\"\ntable = 2001\n", "0 to 2000"),
        ("[game]\nrule = \"kayles\"\ntable = -1\n", "0 or more"),
        (
            "[game]\nrule = \"octal --code 0.9\"\ntable = 5\n",
            "octal code",
        ),
        (
            "[game]\nrule = \"kayles\"\ntable = 5\npositions = [\"nim -1\"]\n",
            "positions",
        ),
        ("[game]\nrule = \"kayles\"\ntable = 5\nextra = 1\n", "extra"),
        // Regression: the Wythoff example with an empty rule panicked (an
        // insertion-index assertion in the table code).
        ("[game]\nrule = \"\"\ntable = 40\n", "no game named"),
        ("[game]\nrule = \"  \"\ntable = 40\n", "no game named"),
    ];
    for (i, (body, needle)) in cases.iter().enumerate() {
        let s = d.join(format!("bad{i}.toml"));
        std::fs::write(&s, format!("kind = \"impartial\"\n{body}")).unwrap();
        let (code, _, err) = run(&s, &d.join("out"));
        assert_eq!(code, 2, "{body}: {err}");
        assert!(err.contains(needle), "{body}: {err}");
    }
    std::fs::remove_dir_all(&d).ok();
}
