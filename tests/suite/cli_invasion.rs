//! The `invasion` kind end to end on real scenario files: fixation.csv and
//! stationary.csv against the 60-digit reference of
//! tests/data/invasion_reference.json, a tournament's payoffs and the same
//! table read back agree, the analytic Moran value is the `fixation`
//! kind's exact one and inside the 99.9% Wilson interval of a million
//! simulated runs, sweeps (every point the single analysis; played and
//! exact sweeps as shards merge byte for byte), and bad input exits 2
//! naming the field.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-cli-invasion-{test}-{}",
        std::process::id()
    ));
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

fn run(dir: &Path, name: &str, text: &str) -> Output {
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(&file, text).unwrap();
    dilemma(dir, &["run", file.to_str().unwrap(), "--out", "out"])
}

fn run_ok(dir: &Path, name: &str, text: &str) -> PathBuf {
    let output = run(dir, name, text);
    assert!(
        output.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    dir.join("out").join(name)
}

/// Rows of a CSV (header dropped), as strings.
fn rows(path: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

fn relative(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

const TABLE: &str = "Player,Cooperator,Defector,Reciprocator\n\
Cooperator,3.0,0.0,3.0\n\
Defector,5.0,1.0,1.1\n\
Reciprocator,3.0,0.9,3.0\n";

fn scenario(name: &str, body: &str) -> String {
    format!("name = \"{name}\"\nkind = \"invasion\"\n{body}")
}

const FERMI: &str = "description = \"three strategies\"\n[population]\nsize = 50\n[selection]\nprocess = \"fermi\"\nbeta = 0.2\n\
[payoffs]\ntable = \"payoff_matrix.csv\"\n";

#[test]
fn a_payoff_table_gives_the_reference_values() {
    let dir = scratch("table");
    std::fs::write(dir.join("payoff_matrix.csv"), TABLE).unwrap();
    let folder = run_ok(&dir, "fermi", &scenario("fermi", FERMI));
    let fixation = rows(&folder.join("fixation.csv"));
    assert_eq!(fixation.len(), 6);
    let header = std::fs::read_to_string(folder.join("fixation.csv")).unwrap();
    assert!(header.starts_with("resident,mutant,probability,relative_to_neutral,ln_probability\n"));
    // mpmath at 60 digits (tests/data/invasion_reference.json, case 2).
    let expected = [
        ("Cooperator", "Defector", 0.3321926816790862),
        ("Defector", "Cooperator", 6.811692576213954e-8),
        ("Reciprocator", "Defector", 1.0249264056387988e-05),
        ("Defector", "Reciprocator", 0.055670513416291666),
    ];
    for (resident, mutant, rho) in expected {
        let row = fixation
            .iter()
            .find(|r| r[0] == resident && r[1] == mutant)
            .unwrap_or_else(|| panic!("{resident} -> {mutant}"));
        let ours: f64 = row[2].parse().unwrap();
        assert!(
            relative(ours, rho) < 1e-12,
            "{resident} -> {mutant}: {ours}"
        );
        let relative_to_neutral: f64 = row[3].parse().unwrap();
        assert!(relative(relative_to_neutral, rho * 50.0) < 1e-12);
        let ln: f64 = row[4].parse().unwrap();
        assert!((ln - rho.ln()).abs() < 1e-12);
    }
    // Cooperator and Reciprocator are neutral to each other: exactly 1/Z.
    let neutral = fixation
        .iter()
        .find(|r| r[0] == "Cooperator" && r[1] == "Reciprocator")
        .unwrap();
    assert_eq!(neutral[2], "0.02");
    let stationary = rows(&folder.join("stationary.csv"));
    let exact = [
        ("Cooperator", 0.040_683_533_264_943_27),
        ("Defector", 0.242_895_159_960_601_7),
        ("Reciprocator", 0.716_421_306_774_455),
    ];
    for (row, (name, pi)) in stationary.iter().zip(exact) {
        assert_eq!(row[0], name);
        let ours: f64 = row[1].parse().unwrap();
        assert!(relative(ours, pi) < 1e-12, "{name}: {ours}");
    }
    // The report ranks them; --json carries the same numbers.
    let json = dilemma(
        &dir,
        &[
            "run",
            dir.join("fermi.toml").to_str().unwrap(),
            "--out",
            "again",
            "--json",
        ],
    );
    assert!(json.status.success());
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let summary = &value["summary"];
    assert_eq!(summary["ranking"][0], "Reciprocator");
    assert_eq!(summary["population"], 50);
    assert!(relative(summary["stationary"][1].as_f64().unwrap(), exact[1].1) < 1e-12);
    // The resolved scenario runs again to the same bytes.
    let resolved = folder.join("scenario.toml");
    let text = std::fs::read_to_string(&resolved).unwrap();
    assert!(
        text.contains("description = \"three strategies\""),
        "{text}"
    );
    std::fs::copy(&resolved, dir.join("resolved.toml")).unwrap();
    let again = dilemma(&dir, &["run", "resolved.toml", "--out", "third"]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    for file in ["fixation.csv", "stationary.csv", "payoff_matrix.csv"] {
        assert_eq!(
            std::fs::read(folder.join(file)).unwrap(),
            std::fs::read(dir.join("third/fermi").join(file)).unwrap(),
            "{file}"
        );
    }
}

#[test]
fn alpharank_agrees_with_openspiel() {
    // OpenSpiel 2.0.2 alpharank.compute([table], m=50, alpha=0.5) on the
    // table "four" of tests/data/invasion_reference.json.
    let dir = scratch("alpharank");
    std::fs::write(
        dir.join("four.csv"),
        "Player,A,B,C,D\nA,3.0,0.0,3.0,1.25\nB,5.0,1.0,1.2,2.0\nC,3.0,0.9,3.0,2.5\nD,2.0,1.5,2.0,2.0\n",
    )
    .unwrap();
    let body = "[payoffs]\ntable = \"four.csv\"\n[alpharank]\nalpha = 0.5\nm = 50\n[output]\ncharts = false\n";
    let folder = run_ok(&dir, "ranked", &scenario("ranked", body));
    let ranked = rows(&folder.join("alpharank.csv"));
    let openspiel = [
        ("B", 0.9994067979090804),
        ("C", 0.0005751113676490858),
        ("A", 9.197177983532084e-06),
        ("D", 8.89354528688002e-06),
    ];
    assert_eq!(ranked.len(), 4);
    for (place, (row, (name, score))) in ranked.iter().zip(openspiel).enumerate() {
        assert_eq!(row[0], (place + 1).to_string());
        assert_eq!(row[1], name);
        let ours: f64 = row[2].parse().unwrap();
        assert!(relative(ours, score) < 1e-9, "{name}: {ours} vs {score}");
    }
    refused(
        &dir,
        "bad-alpha",
        "[payoffs]\ntable = \"four.csv\"\n[alpharank]\nalpha = -1\n",
        "alpharank.alpha",
        "\"infinite\"",
    );
    refused(
        &dir,
        "bad-epsilon",
        "[payoffs]\ntable = \"four.csv\"\n[alpharank]\nalpha = \"infinite\"\nepsilon = 1.5\n",
        "alpharank.epsilon",
        "below 1",
    );
}

#[test]
fn a_subset_of_the_table_and_a_tournament_read_back_agree() {
    let dir = scratch("tournament");
    let tournament = "[population]\nsize = 30\n[selection]\nbeta = 0.5\n\
[match]\nturns = 20\nrepetitions = 1\n\
[[players]]\nstrategy = \"cooperator\"\n[[players]]\nstrategy = \"defector\"\n\
[[players]]\nstrategy = \"tit-for-tat\"\n[output]\ncharts = false\n";
    let played = run_ok(&dir, "played", &scenario("played", tournament));
    // Its payoff_matrix.csv, read as a table, gives the same files.
    let table = format!(
        "[population]\nsize = 30\n[selection]\nbeta = 0.5\n[payoffs]\ntable = \"{}\"\n",
        played.join("payoff_matrix.csv").display()
    );
    let read = run_ok(&dir, "read", &scenario("read", &table));
    for file in ["fixation.csv", "stationary.csv", "payoff_matrix.csv"] {
        assert_eq!(
            std::fs::read(played.join(file)).unwrap(),
            std::fs::read(read.join(file)).unwrap(),
            "{file}"
        );
    }
    // Two of the three: the pairs of the subset keep their values.
    let subset = format!("{table}strategies = [\"Tit For Tat\", \"Defector\"]\n");
    let two = run_ok(&dir, "two", &scenario("two", &subset));
    let all = rows(&played.join("fixation.csv"));
    let some = rows(&two.join("fixation.csv"));
    assert_eq!(some.len(), 2);
    assert_eq!(
        some[0][..2],
        ["Tit For Tat".to_string(), "Defector".to_string()]
    );
    assert!(all.contains(&some[0]) && all.contains(&some[1]));
}

/// The Wilson score interval of `k` successes in `n` trials at normal
/// quantile `z`.
fn wilson(k: f64, n: f64, z: f64) -> (f64, f64) {
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (centre - half, centre + half)
}

#[test]
fn the_moran_process_agrees_with_a_million_simulated_runs() {
    // Deterministic matches: the fixation kind has the exact birth-death
    // value beside its estimate; the analytic Moran process with w = 1 is
    // the same chain (fitness: total score against everyone else). Three
    // strategies, six ordered pairs, 166,667 runs each: 1,000,002 runs of
    // the simulation (about 12 CPU-s in a debug build). Each analytic ρ
    // must lie in its estimate's 99.9% Wilson interval (z = 3.2905; for
    // six pairs a false alarm has probability below 0.6%; the seed is
    // fixed, so the outcome is reproducible).
    let dir = scratch("moran");
    let players = "[match]\nturns = 10\n\
[[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"defector\"\n\
[[players]]\nstrategy = \"grudger\"\n";
    let fixation = format!(
        "name = \"simulated\"\nkind = \"fixation\"\nseed = 4\n[fixation]\nsize = 10\nruns = 166667\n\
mode = \"bd\"\n{players}[output]\ncharts = false\n"
    );
    let simulated = run_ok(&dir, "simulated", &fixation);
    let analytic = run_ok(
        &dir,
        "analytic",
        &scenario(
            "analytic",
            &format!(
                "[population]\nsize = 10\n[selection]\nprocess = \"moran\"\nbeta = 1.0\n{players}\
[output]\ncharts = false\n"
            ),
        ),
    );
    let estimates = rows(&simulated.join("fixation_matrix.csv"));
    let ours = rows(&analytic.join("fixation.csv"));
    assert_eq!(estimates.len(), 6);
    let mut total = 0.0;
    for e in &estimates {
        // Mutant,Resident,Runs,Fixations,Probability,Low,High,Exact,Neutral
        let (mutant, resident) = (&e[0], &e[1]);
        let row = ours
            .iter()
            .find(|r| &r[0] == resident && &r[1] == mutant)
            .unwrap();
        let rho: f64 = row[2].parse().unwrap();
        let exact: f64 = e[7].parse().unwrap();
        assert!(
            (rho - exact).abs() <= 1e-12 * exact.max(1e-300),
            "{mutant} in {resident}: {rho} vs exact {exact}"
        );
        let (runs, fixations): (f64, f64) = (e[2].parse().unwrap(), e[3].parse().unwrap());
        total += runs;
        let (low, high) = wilson(fixations, runs, 3.2905);
        assert!(
            low <= rho && rho <= high,
            "{mutant} in {resident}: {rho} outside [{low}, {high}]"
        );
        // The interval is narrow enough to tell ρ from the neutral 1/Z
        // where selection acts (Tit For Tat and Grudger are neutral).
        if (rho - 0.1).abs() > 0.01 {
            assert!(high < 0.1 || low > 0.1, "{mutant} in {resident}");
        }
    }
    assert!(total >= 1e6);
}

fn refused(dir: &Path, name: &str, body: &str, field: &str, words: &str) {
    let output = run(dir, name, &scenario(name, body));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{name}: {stderr}");
    assert!(
        stderr.contains(&format!("{name}.toml:")) && stderr.contains(&format!("`{field}`")),
        "{name}: {stderr}"
    );
    assert!(stderr.contains(words), "{name}: {stderr}");
}

#[test]
fn bad_input_exits_2_naming_the_field() {
    let dir = scratch("bad");
    std::fs::write(dir.join("payoff_matrix.csv"), TABLE).unwrap();
    let table = "[payoffs]\ntable = \"payoff_matrix.csv\"\n";
    refused(
        &dir,
        "small",
        &format!("[population]\nsize = 1\n{table}"),
        "population.size",
        "from 2",
    );
    refused(
        &dir,
        "negative",
        &format!("[selection]\nbeta = -0.5\n{table}"),
        "selection.beta",
        "at least 0",
    );
    refused(
        &dir,
        "nan",
        &format!("[selection]\nbeta = nan\n{table}"),
        "selection.beta",
        "finite",
    );
    refused(
        &dir,
        "infinite",
        &format!("[selection]\nbeta = inf\n{table}"),
        "selection.beta",
        "finite",
    );
    refused(
        &dir,
        "process",
        &format!("[selection]\nprocess = \"imitation\"\n{table}"),
        "selection.process",
        "allowed: \"fermi\", \"moran\"",
    );
    refused(
        &dir,
        "w",
        &format!("[selection]\nprocess = \"moran\"\nbeta = 2.0\n{table}"),
        "selection.beta",
        "between 0 and 1",
    );
    refused(
        &dir,
        "missing-file",
        "[payoffs]\ntable = \"nowhere.csv\"\n",
        "payoffs.table",
        "cannot read",
    );
    let broken = [
        (
            "with-nan",
            TABLE.replace("5.0,1.0,1.1", "5.0,NaN,1.1"),
            "with-nan.csv:3:3: payoff of `Defector` against `Defector` is `NaN`",
        ),
        (
            "swapped",
            TABLE.replace("Defector,5.0", "Reciprocator,5.0"),
            ":3:1",
        ),
        (
            "short",
            TABLE.replace("\nReciprocator,3.0,0.9,3.0", ""),
            "`Reciprocator` has no row",
        ),
    ];
    for (name, text, words) in broken {
        std::fs::write(dir.join(format!("{name}.csv")), text).unwrap();
        refused(
            &dir,
            name,
            &format!("[payoffs]\ntable = \"{name}.csv\"\n"),
            "payoffs.table",
            words,
        );
    }
    refused(
        &dir,
        "unknown-strategy",
        &format!("{table}strategies = [\"Cooperator\", \"Tit For Tat\"]\n"),
        "payoffs.strategies",
        "`Tit For Tat` is not in",
    );
    refused(
        &dir,
        "both",
        &format!("{table}[[players]]\nstrategy = \"cooperator\"\n"),
        "players",
        "not both",
    );
    std::fs::write(
        dir.join("negative.csv"),
        "Player,A,B\nA,-3.0,0.0\nB,1.0,1.0\n",
    )
    .unwrap();
    refused(
        &dir,
        "negative-fitness",
        "[selection]\nprocess = \"moran\"\nbeta = 1.0\n[payoffs]\ntable = \"negative.csv\"\n",
        "payoffs.table",
        "at least 0",
    );
    // Over the work limit: refused up front, lifted by --no-limit's switch.
    refused(
        &dir,
        "huge",
        &format!("[population]\nsize = 4000000000\n{table}"),
        "population.size",
        "too much work",
    );
}

#[test]
fn curve_gradient_and_diagram_are_written_and_agree_with_the_single_analysis() {
    let dir = scratch("curve");
    std::fs::write(dir.join("payoff_matrix.csv"), TABLE).unwrap();
    // The default curve (0.001 to 10, 41 points) passes through beta = 0.2?
    // No: ask for one that does, and check its point against stationary.csv.
    let body = format!(
        "{FERMI}[curve]\nfrom = 0.002\nto = 20.0\npoints = 5\n\
         [gradient]\npairs = [[\"Defector\", \"Reciprocator\"], [\"Reciprocator\", \"Defector\"]]\n"
    );
    let folder = run_ok(&dir, "curve", &scenario("curve", &body));
    for chart in ["invasion_diagram", "abundance_curve", "gradient"] {
        for ext in ["png", "svg"] {
            assert!(
                folder.join(format!("{chart}.{ext}")).exists(),
                "{chart}.{ext}"
            );
        }
    }
    let curve = std::fs::read_to_string(folder.join("abundance_curve.csv")).unwrap();
    assert!(curve.starts_with("beta,strategy,abundance,ln_abundance\n"));
    let curve = rows(&folder.join("abundance_curve.csv"));
    let betas: Vec<&str> = curve.iter().step_by(3).map(|r| r[0].as_str()).collect();
    assert_eq!(betas, ["0.002", "0.02", "0.2", "2.0", "20.0"]);
    // The point at the scenario's beta is its stationary distribution, digit
    // for digit.
    let stationary = rows(&folder.join("stationary.csv"));
    let at: Vec<&Vec<String>> = curve.iter().filter(|r| r[0] == "0.2").collect();
    for (point, row) in at.iter().zip(&stationary) {
        assert_eq!(point[1..], row[..], "{point:?} {row:?}");
    }
    // Strong selection: defection takes over; weak: nearly uniform.
    let share = |beta: &str, name: &str| -> f64 {
        curve.iter().find(|r| r[0] == beta && r[1] == name).unwrap()[2]
            .parse()
            .unwrap()
    };
    assert!((share("0.002", "Cooperator") - 1.0 / 3.0).abs() < 0.05);
    assert!(share("20.0", "Defector") > share("0.002", "Defector"));
    // The gradient: both orders of a pair, G(k) of one is -G(Z - k) of the other.
    let gradient = rows(&folder.join("gradient.csv"));
    assert_eq!(gradient.len(), 2 * 51);
    for k in 0..=50usize {
        let a: f64 = gradient[k][4].parse().unwrap();
        let b: f64 = gradient[51 + 50 - k][4].parse().unwrap();
        assert!((a + b).abs() < 1e-15, "k {k}: {a} {b}");
        assert_eq!(gradient[k][2], k.to_string());
    }
    // The report shows the new charts.
    let html = std::fs::read_to_string(folder.join("report.html")).unwrap();
    assert!(html.contains("abundance_curve") && html.contains("invasion_diagram"));
}

#[test]
fn the_curve_can_be_turned_off_and_bad_curves_and_pairs_are_refused() {
    let dir = scratch("curve-bad");
    std::fs::write(dir.join("payoff_matrix.csv"), TABLE).unwrap();
    let folder = run_ok(
        &dir,
        "off",
        &scenario("off", &format!("{FERMI}[curve]\npoints = 0\n")),
    );
    assert!(!folder.join("abundance_curve.csv").exists());
    // Default gradient: the most abundant strategy and a non-neutral mutant.
    let gradient = rows(&folder.join("gradient.csv"));
    assert_eq!(gradient.len(), 51);
    assert!(gradient.iter().any(|r| r[4].parse::<f64>().unwrap() != 0.0));
    let resolved = std::fs::read_to_string(folder.join("scenario.toml")).unwrap();
    assert!(resolved.contains("[curve]\npoints = 0"), "{resolved}");
    refused(
        &dir,
        "points",
        &format!("{FERMI}[curve]\npoints = 1\n"),
        "curve.points",
        "2 to 200",
    );
    refused(
        &dir,
        "from",
        &format!("{FERMI}[curve]\nfrom = 0.0\n"),
        "curve.from",
        "above 0",
    );
    refused(
        &dir,
        "to",
        &format!("{FERMI}[curve]\nfrom = 1.0\nto = 0.5\n"),
        "curve.to",
        "above `from`",
    );
    refused(
        &dir,
        "unknown",
        &format!("{FERMI}[gradient]\npairs = [[\"Defector\", \"Grim\"]]\n"),
        "gradient.pairs",
        "`Grim` is not one of the strategies",
    );
    refused(
        &dir,
        "same",
        &format!("{FERMI}[gradient]\npairs = [[\"Defector\", \"Defector\"]]\n"),
        "gradient.pairs",
        "two different strategies",
    );
    refused(
        &dir,
        "shape",
        &format!("{FERMI}[gradient]\npairs = [\"Defector\"]\n"),
        "gradient.pairs",
        "pairs of names",
    );
}

/// A sweep's rows for point `k` (header dropped), from `Name` on:
/// `Name,Abundance,Ln_abundance,Rank,Invaded_by`.
fn point_rows(folder: &Path, k: usize) -> Vec<Vec<String>> {
    let path = folder.join("sweep.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let name = header.iter().position(|&c| c == "Name").unwrap();
    rows(&path)
        .into_iter()
        .filter(|r| r[0] == k.to_string())
        .map(|r| r[name..].to_vec())
        .collect()
}

/// The abundance column of `stationary.csv`.
fn stationary(folder: &Path) -> Vec<String> {
    rows(&folder.join("stationary.csv"))
        .into_iter()
        .map(|r| r[1].clone())
        .collect()
}

const PLAYED: &str = "seed = 3\nplayers = [\"tit-for-tat\", \"defector\", \"random:p=0.7\", \"grudger\"]\n\
[population]\nsize = 30\n[match]\nturns = 20\nrepetitions = 3\nnoise = 0.0\n";

#[test]
fn every_sweep_point_is_the_single_analysis_with_that_value() {
    let dir = scratch("sweep-points");
    std::fs::write(dir.join("payoff_matrix.csv"), TABLE).unwrap();
    // A table over population size x intensity: every point is the single
    // analysis, byte for byte in its abundances.
    let sweep = "[sweep]\npoints = true\n[sweep.x]\nkey = \"population.size\"\nvalues = [10, 50]\n\
[sweep.y]\nkey = \"selection.beta\"\nvalues = [0.01, 0.2, 2.0]\n";
    let folder = run_ok(&dir, "grid", &scenario("grid", &format!("{FERMI}{sweep}")));
    assert!(folder.join("sweep_top_abundance.png").exists());
    assert!(folder.join("sweep_diversity.png").exists());
    let header = std::fs::read_to_string(folder.join("sweep.csv")).unwrap();
    assert!(header.starts_with(
        "Point,population.size,selection.beta,Name,Abundance,Ln_abundance,Rank,Invaded_by\n"
    ));
    for (k, (size, beta)) in [
        (10, 0.01),
        (10, 0.2),
        (10, 2.0),
        (50, 0.01),
        (50, 0.2),
        (50, 2.0),
    ]
    .iter()
    .enumerate()
    {
        let body = FERMI
            .replace("size = 50", &format!("size = {size}"))
            .replace("beta = 0.2", &format!("beta = {beta}"));
        let alone = run_ok(
            &dir,
            &format!("alone-{k}"),
            &scenario(&format!("alone-{k}"), &body),
        );
        let mine = point_rows(&folder, k);
        assert_eq!(mine.len(), 3);
        let abundances: Vec<String> = mine.iter().map(|r| r[1].clone()).collect();
        assert_eq!(abundances, stationary(&alone), "point {k}");
        for file in ["fixation.csv", "stationary.csv"] {
            assert_eq!(
                std::fs::read(alone.join(file)).unwrap(),
                std::fs::read(folder.join(format!("points/{k}/{file}"))).unwrap(),
                "point {k}: {file}"
            );
        }
        // Rank 1 is the largest abundance.
        let top = mine.iter().find(|r| r[3] == "1").unwrap();
        let largest = abundances
            .iter()
            .map(|a| a.parse::<f64>().unwrap())
            .fold(0.0, f64::max);
        assert_eq!(top[1].parse::<f64>().unwrap(), largest);
    }
    // Weak selection is near neutral (every abundance near 1/3), strong
    // selection is not.
    let spread = |k: usize| {
        let a: Vec<f64> = point_rows(&folder, k)
            .iter()
            .map(|r| r[1].parse().unwrap())
            .collect();
        a.iter().cloned().fold(0.0, f64::max) - a.iter().cloned().fold(1.0, f64::min)
    };
    assert!(
        spread(0) < 0.05 && spread(5) > 0.5,
        "{} {}",
        spread(0),
        spread(5)
    );
    // A table sweep is one computation: not split into shards.
    let output = dilemma(
        &dir,
        &["run", "grid.toml", "--shard", "0/2", "--out", "shards"],
    );
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("`grid` runs whole"), "{stderr}");
    // A played tournament's noise: point 0 is the single analysis at noise 0.
    let noisy = format!("{PLAYED}[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.05]\n");
    let folder = run_ok(&dir, "noisy", &scenario("noisy", &noisy));
    assert!(folder.join("sweep_abundance.png").exists());
    let alone = run_ok(&dir, "quiet", &scenario("quiet", PLAYED));
    let abundances: Vec<String> = point_rows(&folder, 0)
        .iter()
        .map(|r| r[1].clone())
        .collect();
    assert_eq!(abundances, stationary(&alone));
    assert_ne!(
        abundances,
        point_rows(&folder, 1)
            .iter()
            .map(|r| r[1].clone())
            .collect::<Vec<_>>()
    );
}

#[test]
fn invasion_sweep_shards_merge_into_the_single_run_byte_for_byte() {
    let dir = scratch("sweep-shards");
    let cases = [
        (
            "played",
            format!(
                "{PLAYED}[sweep]\npoints = true\n[sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.05, 0.1]\n"
            ),
            "invasion-sweep",
        ),
        (
            "exact",
            format!(
                "{}[sweep.x]\nkey = \"game.payoffs.T\"\nvalues = [4.0, 6.0]\n[sweep.y]\nkey = \"selection.beta\"\nvalues = [0.1, 1.0]\n",
                PLAYED
                    .replace("\"random:p=0.7\", ", "")
                    .replace("grudger", "win-stay-lose-shift")
                    .replace("noise = 0.0\n", "noise = 0.01\nmethod = \"exact\"\n")
                    .replace("repetitions = 3\n", "")
            ),
            "exact-invasion-sweep",
        ),
    ];
    for (name, body, kind) in cases {
        let case = dir.join(name);
        std::fs::create_dir_all(&case).unwrap();
        let file = case.join(format!("{name}.toml"));
        std::fs::write(&file, scenario(name, &body)).unwrap();
        let single = case.join("single");
        let output = dilemma(
            &case,
            &[
                "run",
                file.to_str().unwrap(),
                "--quiet",
                "--out",
                single.to_str().unwrap(),
            ],
        );
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        for n in [1u32, 3] {
            let shards = case.join(format!("shards-{n}"));
            let merged = case.join(format!("merged-{n}"));
            crate::cli_sweep_evolution::shard_and_merge(&file, &shards, n, &merged);
            let manifest: serde_json::Value = serde_json::from_slice(
                &std::fs::read(shards.join(format!("{name}.shard-0-of-{n}/manifest.json")))
                    .unwrap(),
            )
            .unwrap();
            assert_eq!(manifest["kind"], kind);
            crate::cli_sweep_evolution::assert_same(&single.join(name), &merged.join(name));
        }
    }
}

#[test]
fn bad_sweeps_are_refused_naming_the_key() {
    let dir = scratch("sweep-bad");
    std::fs::write(dir.join("payoff_matrix.csv"), TABLE).unwrap();
    refused(
        &dir,
        "small",
        &format!("{FERMI}[sweep.x]\nkey = \"population.size\"\nvalues = [1, 10]\n"),
        "sweep.x.key",
        "population.size = 1 is not a valid invasion analysis",
    );
    refused(
        &dir,
        "seed",
        &format!("{FERMI}[sweep.x]\nkey = \"seed\"\nvalues = [1, 2]\n"),
        "sweep.x.key",
        "changes nothing",
    );
    refused(
        &dir,
        "unknown",
        &format!("{FERMI}[sweep.x]\nkey = \"match.noise\"\nvalues = [0.1]\n"),
        "sweep.x.key",
        "`match.noise` is not a key",
    );
}
