//! Tournaments on a graph (`[tournament] edges`) against axelrod 4.14.0's
//! `Tournament(edges=...)`: summary.csv equal to axelrod's `summarise()`
//! rows line for line, the payoff matrix and the ResultSet numbers over the
//! pairs played, and interactions.csv byte for byte; a named graph plays
//! the edges the reference lists; bad edge lists exit 2 naming the edge.
//!
//! Reference data: tests/data/generate_axelrod_graph.py (run with
//! /work/venv-fp/bin/python or any Python with axelrod 4.14.0; the version
//! is recorded and checked). It writes the scenarios it played too
//! (tests/data/axelrod_graph_*.toml).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(name: &str) -> Value {
    let path = root().join("tests/data").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-axelrod-graph-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap()
}

/// Runs tests/data/axelrod_graph_<case>.toml into `out`; its folder.
fn run_case(case: &str, out: &Path) -> PathBuf {
    let scenario = format!("tests/data/axelrod_graph_{case}.toml");
    let output = dilemma(&["run", &scenario, "--quiet", "--out", out.to_str().unwrap()]);
    assert!(
        output.status.success(),
        "{case}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    out.join(format!("axelrod-graph-{case}"))
}

/// A CSV matrix (`Player` column, one column per opponent) as numbers.
fn csv_matrix(path: &Path) -> Vec<Vec<f64>> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path:?}: {e}"))
        .lines()
        .skip(1)
        .map(|line| {
            line.split(',')
                .skip(1)
                .map(|v| v.parse::<f64>().unwrap_or_else(|_| panic!("{path:?}: {v}")))
                .collect()
        })
        .collect()
}

fn json_matrix(value: &Value) -> Vec<Vec<f64>> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap_or(f64::NAN))
                .collect()
        })
        .collect()
}

/// Power iteration sums in BLAS order in numpy; allow for the last bits.
fn close(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || (a - b).abs() <= 1e-12 * b.abs().max(1.0)
}

fn check_case(case: &str) -> PathBuf {
    let reference = load(&format!("axelrod_graph_{case}.json"));
    assert_eq!(reference["axelrod_version"], "4.14.0");
    let folder = run_case(case, &scratch(case));

    // summary.csv: axelrod's write_summary, line for line.
    let expected =
        std::fs::read_to_string(root().join(format!("tests/data/axelrod_graph_{case}.csv")))
            .unwrap();
    let ours = std::fs::read_to_string(folder.join("summary.csv")).unwrap();
    for (line, (a, b)) in ours.lines().zip(expected.lines()).enumerate() {
        assert_eq!(a, b, "{case}: summary.csv line {}", line + 1);
    }
    assert_eq!(ours.lines().count(), expected.lines().count(), "{case}");

    // The matrices: 0 where a pair never met, as axelrod's defaults.
    // axelrod's standard deviations are of scores read back from its CSV by
    // pandas, whose parser can miss the last bit (3/7 comes back one ulp
    // low, so three equal scores have a deviation of 5.6e-17): close.
    let ours = csv_matrix(&folder.join("payoff_stddevs.csv"));
    let theirs = json_matrix(&reference["payoff_stddevs"]);
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(a.len(), b.len());
        for (j, (x, y)) in a.iter().zip(b).enumerate() {
            assert!(close(*x, *y), "{case}: payoff_stddevs[{i}][{j}]: {x} v {y}");
        }
    }
    for (file, key) in [
        ("payoff_matrix.csv", "payoff_matrix"),
        ("payoff_diffs_means.csv", "payoff_diffs_means"),
        ("cooperation.csv", "cooperation"),
        ("normalised_cooperation.csv", "normalised_cooperation"),
        ("good_partner_matrix.csv", "good_partner_matrix"),
    ] {
        assert_eq!(
            csv_matrix(&folder.join(file)),
            json_matrix(&reference[key]),
            "{case}: {file}"
        );
    }
    let ratings = std::fs::read_to_string(folder.join("ratings.csv")).unwrap();
    for row in ratings.lines().skip(1) {
        let cells: Vec<&str> = row.split(',').collect();
        let i: usize = cells[2].parse().unwrap();
        for (column, key) in [
            (3, "good_partner_rating"),
            (4, "eigenjesus_rating"),
            (5, "eigenmoses_rating"),
        ] {
            let ours: f64 = cells[column].parse().unwrap();
            let theirs = reference[key][i].as_f64().unwrap_or(f64::NAN);
            assert!(close(ours, theirs), "{case}: {key}[{i}]: {ours} v {theirs}");
        }
    }
    // One match per edge and repetition, and nothing else.
    let edges = reference["edges"].as_array().unwrap().len();
    let repetitions = reference["repetitions"].as_u64().unwrap() as usize;
    let turns = reference["turns"].as_u64().unwrap();
    let matches = std::fs::read_to_string(folder.join("matches.csv")).unwrap();
    assert_eq!(matches.lines().count(), 1 + edges * repetitions, "{case}");
    assert_eq!(
        std::fs::read_to_string(folder.join("match_lengths.csv")).unwrap(),
        format!("Turns,Matches\n{turns},{}\n", edges * repetitions)
    );
    folder
}

#[test]
fn a_cycle_of_six_equals_axelrods_tournament_on_its_edges() {
    check_case("cycle");
}

#[test]
fn an_edge_list_with_self_loops_equals_axelrods_and_its_interactions_bytes() {
    let folder = check_case("edges");
    // Edges out of order and one written backwards: played in the order
    // given, seats as written, as axelrod writes them.
    let expected =
        std::fs::read(root().join("tests/data/axelrod_graph_edges_interactions.csv")).unwrap();
    let ours = std::fs::read(folder.join("interactions.csv")).unwrap();
    if ours != expected {
        let (a, b) = (
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&expected),
        );
        for (line, (x, y)) in a.lines().zip(b.lines()).enumerate() {
            assert_eq!(x, y, "interactions.csv line {}", line + 1);
        }
        panic!("interactions.csv differs in length");
    }
    // The resolved scenario keeps the edges, so the folder reruns as is.
    let resolved = std::fs::read_to_string(folder.join("scenario.toml")).unwrap();
    assert!(
        resolved.contains(
            "[tournament]\nedges = [[0, 1], [2, 0], [1, 3], [3, 3], [4, 2], [1, 4], [5, 5]]"
        ),
        "{resolved}"
    );
}

fn refused(dir: &Path, file: &str, text: &str) -> String {
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    let output = dilemma(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2), "{file}");
    let message = String::from_utf8_lossy(&output.stderr).to_string();
    assert!(message.contains(file), "{message}");
    message
}

#[test]
fn bad_edges_exit_2_naming_the_file_line_edge_and_what_is_allowed() {
    let dir = scratch("bad");
    let lineup = "[[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\n\
                  strategy = \"grudger\"\n[[players]]\nstrategy = \"defector\"\n";
    let with =
        |tournament: &str| format!("kind = \"tournament\"\n{lineup}[tournament]\n{tournament}\n");
    let cases = [
        (
            "range.toml",
            with("edges = [[0, 1], [1, 3]]"),
            vec![":9:", "tournament.edges[1]", "from 0 to 2 (3 players)"],
        ),
        (
            "repeat.toml",
            with("edges = [[0, 1], [1, 2], [1, 0]]"),
            vec![":9:", "tournament.edges[2]", "repeats edge 0"],
        ),
        (
            "unplayed.toml",
            with("edges = [[0, 1], [1, 1]]"),
            vec![":9:", "tournament.edges", "player 2 is on no edge"],
        ),
        (
            "name.toml",
            with("edges = \"ring\""),
            vec![":9:", "unknown graph `ring`", "\"cycle\", \"star\""],
        ),
        (
            "square.toml",
            with("edges = \"lattice\""),
            vec![
                ":9:",
                "square number of players, got 3",
                "lattice = [rows, cols]",
            ],
        ),
        (
            "shape.toml",
            with("edges = { lattice = [2, 2] }"),
            vec!["tournament.edges.lattice", "rows x cols = 3 (3 players)"],
        ),
        (
            "pair.toml",
            with("edges = [[0, 1, 2]]"),
            vec!["tournament.edges[0]", "a pair of nodes [a, b]"],
        ),
        (
            "key.toml",
            with("edges = [[0, 1], [1, 2]]\ngraph = \"cycle\""),
            vec!["tournament.graph"],
        ),
    ];
    for (file, text, wanted) in &cases {
        let message = refused(&dir, file, text);
        for part in wanted {
            assert!(message.contains(part), "{file}: `{part}` not in {message}");
        }
    }
    // The evolutionary kinds that read a tournament's line-up have no graph.
    let message = refused(
        &dir,
        "ecological.toml",
        &format!("kind = \"ecological\"\n{lineup}[tournament]\nedges = \"cycle\"\n"),
    );
    assert!(message.contains("tournament"), "{message}");
}

#[test]
fn named_graphs_play_their_edges_and_a_sweep_of_a_graph_keeps_them() {
    let dir = scratch("named");
    let lineup: String = ["tit-for-tat", "grudger", "alternator", "defector"]
        .iter()
        .map(|s| format!("[[players]]\nstrategy = \"{s}\"\n"))
        .collect();
    for (graph, pairs) in [
        ("\"star\"", vec!["0,1", "0,2", "0,3"]),
        ("\"cycle\"", vec!["0,1", "0,3", "1,2", "2,3"]),
        ("\"lattice\"", vec!["0,1", "0,2", "1,3", "2,3"]),
        (
            "\"complete\"",
            vec!["0,1", "0,2", "0,3", "1,2", "1,3", "2,3"],
        ),
        (
            "{ lattice = [1, 4], periodic = false }",
            vec!["0,1", "1,2", "2,3"],
        ),
    ] {
        let text = format!(
            "name = \"g\"\nkind = \"tournament\"\n[match]\nturns = 5\nrepetitions = 1\n\
             {lineup}[tournament]\nedges = {graph}\n[output]\ncharts = false\n"
        );
        let path = dir.join("g.toml");
        std::fs::write(&path, &text).unwrap();
        let out = dir.join("out");
        let output = dilemma(&[
            "run",
            path.to_str().unwrap(),
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(
            output.status.success(),
            "{graph}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let matches = std::fs::read_to_string(out.join("g/matches.csv")).unwrap();
        let played: Vec<String> = matches
            .lines()
            .skip(1)
            .map(|l| l.split(',').take(2).collect::<Vec<_>>().join(","))
            .collect();
        assert_eq!(played, pairs, "{graph}");
    }
    // A sweep: every point plays the graph; its key list leaves the edges out.
    let text = format!(
        "name = \"s\"\nkind = \"tournament\"\n[match]\nturns = 5\nrepetitions = 2\n\
         {lineup}[tournament]\nedges = [[3, 0], [1, 2], [2, 2]]\n[output]\ncharts = false\n\
         [sweep.x]\nkey = \"match.turns\"\nvalues = [3, 4]\n"
    );
    let path = dir.join("s.toml");
    std::fs::write(&path, &text).unwrap();
    let out = dir.join("sweep");
    let output = dilemma(&[
        "run",
        path.to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let sweep = std::fs::read_to_string(out.join("s/sweep.csv")).unwrap();
    assert_eq!(sweep.lines().count(), 1 + 2 * 4, "{sweep}");
    let bad = text.replace("match.turns", "tournament.edges.0.0");
    std::fs::write(&path, bad).unwrap();
    let output = dilemma(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.contains("not a parameter"), "{message}");
}

#[test]
fn an_exact_tournament_on_edges_equals_the_played_one_and_merges_from_shards() {
    let dir = scratch("exact");
    let text = "name = \"ex\"\nkind = \"tournament\"\n[match]\nturns = 20\nrepetitions = 1\n\
                method = \"exact\"\n[tournament]\nedges = [[2, 0], [0, 1], [3, 3], [1, 3]]\n\
                [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"defector\"\n\
                [[players]]\nstrategy = \"cooperator\"\n[[players]]\nstrategy = \"alternator\"\n";
    let exact = dir.join("ex.toml");
    std::fs::write(&exact, text).unwrap();
    let played = dir.join("played.toml");
    std::fs::write(
        &played,
        text.replace("method = \"exact\"\n", "")
            .replace("name = \"ex\"", "name = \"played\""),
    )
    .unwrap();
    let out = dir.join("out");
    let output = dilemma(&[
        "run",
        exact.to_str().unwrap(),
        played.to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Deterministic players: the expected payoffs are the played ones, 0
    // for the pairs that did not meet.
    let matrix = std::fs::read_to_string(out.join("ex/payoff_matrix.csv")).unwrap();
    assert_eq!(
        matrix,
        std::fs::read_to_string(out.join("played/payoff_matrix.csv")).unwrap()
    );
    assert!(matrix.contains("Cooperator,3.0,0.0,0.0,0.0\n"), "{matrix}");
    // The ranking averages the opponents met: Alternator met Defector (and
    // itself, left out), 0.5 a turn.
    let ranking = std::fs::read_to_string(out.join("ex/ranking.csv")).unwrap();
    assert_eq!(
        ranking,
        "rank,name,score,score_exact,cooperation\n1,Cooperator,3,3,1\n\
         2,Defector,2.1,21/10,0\n3,Tit For Tat,1.975,79/40,0.525\n4,Alternator,0.5,1/2,0.5\n"
    );
    let exact_rows = std::fs::read_to_string(out.join("ex/exact_payoffs.csv")).unwrap();
    assert!(
        !exact_rows.contains("Cooperator,Alternator"),
        "{exact_rows}"
    );
    // Two shards of its 4 pairs merge into the same files.
    for index in 0..2 {
        let output = dilemma(&[
            "run",
            exact.to_str().unwrap(),
            "--quiet",
            "--shard",
            &format!("{index}/2"),
            "--out",
            dir.join("shards").to_str().unwrap(),
        ]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let merged = dir.join("merged");
    let output = dilemma(&[
        "merge",
        "--quiet",
        "--out",
        merged.to_str().unwrap(),
        dir.join("shards/ex.shard-0-of-2").to_str().unwrap(),
        dir.join("shards/ex.shard-1-of-2").to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for file in [
        "payoff_matrix.csv",
        "ranking.csv",
        "exact_payoffs.csv",
        "payoff_heatmap.png",
    ] {
        assert!(
            std::fs::read(out.join("ex").join(file)).unwrap()
                == std::fs::read(merged.join("ex").join(file)).unwrap(),
            "{file}"
        );
    }
}
