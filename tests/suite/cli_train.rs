//! `kind = "train"` end to end (issue 25): the same seed gives the same
//! trained player on 1 and 2 threads; a lookup table trained against
//! Defectors defects, against Grudgers cooperates, against Tit For Tat
//! scores at least Tit For Tat's score; `best.toml` loads and plays in a
//! tournament; bad input exits 2 naming the field. Small populations and
//! short matches keep each run well under a second in a debug build.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-train-{test}-{}", std::process::id()));
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

/// A train scenario against `players` (a TOML array), with `extra` lines
/// appended to `[algorithm]`.
fn scenario(name: &str, players: &str, turns: u32, algorithm: &str) -> String {
    format!(
        "name = \"{name}\"\nkind = \"train\"\nseed = 3\n\
         [representation]\nkind = \"lookup\"\nown = 1\nopponent = 1\nopponent_first = 1\n\
         [algorithm]\nkind = \"genetic\"\npopulation = 12\ngenerations = 12\nmutation = 0.1\n\
         keep = 3\n{algorithm}\n\
         [objective]\nkind = \"score\"\n\
         [opponents]\nplayers = {players}\n\
         [match]\nturns = {turns}\nrepetitions = 3\n\
         [output]\ncharts = false\n"
    )
}

/// Runs `text` as `name.toml` in `dir` with extra arguments; the results
/// folder.
fn train(dir: &Path, name: &str, text: &str, args: &[&str]) -> PathBuf {
    let file = dir.join(format!("{name}.toml"));
    std::fs::write(&file, text).unwrap();
    let mut all = vec!["run", file.to_str().unwrap(), "--quiet", "--out", "out"];
    all.extend_from_slice(args);
    let output = dilemma(dir, &all);
    assert!(
        output.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    dir.join("out").join(name)
}

/// The `table` entries of `best.toml` by key, and its opening moves.
fn table(folder: &Path) -> (toml::Table, String) {
    let text = std::fs::read_to_string(folder.join("best.toml")).unwrap();
    let parsed: toml::Table = toml::from_str(&text).unwrap();
    let table = parsed["table"].as_table().unwrap().clone();
    let initial = parsed["initial"].as_str().unwrap().to_string();
    (table, initial)
}

/// `training.csv` without its `seconds` column (the wall time).
fn training_values(folder: &Path) -> Vec<String> {
    std::fs::read_to_string(folder.join("training.csv"))
        .unwrap()
        .lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

/// The median score of the player named `name` (by prefix) in the final
/// tournament's summary.csv.
fn median_score(folder: &Path, name: &str) -> f64 {
    let summary = std::fs::read_to_string(folder.join("tournament/summary.csv")).unwrap();
    summary
        .lines()
        .skip(1)
        .find(|l| l.split(',').nth(1).unwrap().starts_with(name))
        .unwrap_or_else(|| panic!("{name} in {summary}"))
        .split(',')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap()
}

fn best_value(folder: &Path) -> f64 {
    let rows = std::fs::read_to_string(folder.join("training.csv")).unwrap();
    rows.lines()
        .last()
        .unwrap()
        .split(',')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap()
}

#[test]
fn the_same_seed_trains_the_same_player_on_one_and_two_threads() {
    let dir = scratch("threads");
    let text = scenario(
        "threads",
        "[\"tit-for-tat\", \"random\", \"alternator\", \"first-by-joss\"]",
        30,
        "crossover = \"uniform\"",
    );
    for sub in ["1", "2", "3"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let one = train(&dir.join("1"), "threads", &text, &["--threads", "1"]);
    let two = train(&dir.join("2"), "threads", &text, &["--threads", "2"]);
    let read = |f: &Path, name: &str| std::fs::read(f.join(name)).unwrap();
    assert_eq!(read(&one, "best.toml"), read(&two, "best.toml"));
    assert_eq!(training_values(&one), training_values(&two));
    assert_eq!(
        training_values(&one).len(),
        13,
        "a header and 12 generations"
    );
    assert_eq!(
        read(&one, "tournament/summary.csv"),
        read(&two, "tournament/summary.csv")
    );
    let best = String::from_utf8(read(&one, "best.toml")).unwrap();
    for words in [
        "# Scenario: threads (seed 3).",
        "generation 12 of 12",
        "objective score = ",
    ] {
        assert!(best.contains(words), "{words}: {best}");
    }
    // Another seed, another run (the seed is used).
    let other = text.replace("seed = 3", "seed = 4");
    let three = train(&dir.join("3"), "threads", &other, &[]);
    assert_ne!(training_values(&one), training_values(&three));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn against_defectors_it_learns_to_defect() {
    let dir = scratch("defectors");
    let text = scenario("defectors", "[\"defector\", \"defector\"]", 20, "");
    let folder = train(&dir, "defectors", &text, &[]);
    let (table, initial) = table(&folder);
    // It opens with D; after that it only meets (own D, opponent D) with
    // the opponent's first move D: that entry is D.
    assert_eq!(initial, "D");
    assert_eq!(table["D D D"].as_str(), Some("D"));
    assert_eq!(best_value(&folder), 1.0);
    assert_eq!(
        median_score(&folder, "Trained"),
        median_score(&folder, "Defector")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn against_grudgers_it_learns_to_cooperate() {
    let dir = scratch("grudgers");
    let text = scenario("grudgers", "[\"grudger\", \"grudger\"]", 20, "");
    let folder = train(&dir, "grudgers", &text, &[]);
    let (table, initial) = table(&folder);
    assert_eq!(initial, "C");
    assert_eq!(table["C C C"].as_str(), Some("C"));
    assert_eq!(best_value(&folder), 3.0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn against_tit_for_tat_it_scores_at_least_tit_for_tat() {
    let dir = scratch("tft");
    let text = scenario("tft", "[\"tit-for-tat\"]", 20, "");
    let folder = train(&dir, "tft", &text, &[]);
    // Tit For Tat scores 3 a turn against itself.
    assert!(best_value(&folder) >= 3.0, "{}", best_value(&folder));
    assert!(median_score(&folder, "Trained") >= median_score(&folder, "Tit For Tat"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Moran objective's value is the analytic fixation probability: the
/// trained player's value against one opponent equals the `fixation`
/// kind's exact column for that pair and lies in the 99.9% Wilson interval
/// of 3000 simulated Moran runs (one false alarm in a thousand).
#[test]
fn the_moran_objective_agrees_with_the_simulated_moran_process() {
    let dir = scratch("moran");
    let text = scenario("moran", "[\"alternator\"]", 20, "")
        .replace("kind = \"score\"", "kind = \"moran\"\npopulation = 6");
    let folder = train(&dir, "moran", &text, &[]);
    let value = best_value(&folder);
    // Better than neutral: a mutant that exploits the Alternator.
    assert!(value > 1.0 / 6.0, "{value}");
    let best = folder.join("best.toml");
    let fixation = format!(
        "name = \"check\"\nkind = \"fixation\"\nseed = 5\n\
         [match]\nturns = 20\n[fixation]\nsize = 6\nruns = 3000\nmode = \"bd\"\n\
         [[players]]\nstrategy = \"{}\"\n[[players]]\nstrategy = \"alternator\"\n\
         [output]\ncharts = false\n",
        best.display()
    );
    let check = train(&dir, "check", &fixation, &[]);
    let rows = std::fs::read_to_string(check.join("fixation_matrix.csv")).unwrap();
    let row: Vec<&str> = rows
        .lines()
        .find(|l| l.ends_with(&format!(",{}", 1.0 / 6.0)) && l.contains(",Alternator,"))
        .filter(|l| !l.starts_with("Alternator,"))
        .unwrap_or_else(|| panic!("the trained mutant's row in {rows}"))
        .split(',')
        .collect();
    let exact: f64 = row[7].parse().unwrap();
    assert!(
        (exact - value).abs() < 1e-12,
        "exact {exact}, objective {value}"
    );
    let (runs, fixed): (f64, f64) = (row[2].parse().unwrap(), row[3].parse().unwrap());
    let (p, z) = (fixed / runs, 3.2905_f64);
    let centre = (p + z * z / (2.0 * runs)) / (1.0 + z * z / runs);
    let half =
        z / (1.0 + z * z / runs) * (p * (1.0 - p) / runs + z * z / (4.0 * runs * runs)).sqrt();
    assert!(
        (centre - half..=centre + half).contains(&value),
        "{value} outside [{}, {}] ({fixed} of {runs})",
        centre - half,
        centre + half
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn against_cooperators_the_moran_objective_learns_to_exploit() {
    let dir = scratch("moran-cooperators");
    let text = scenario("coop", "[\"cooperator\"]", 20, "").replace(
        "kind = \"score\"",
        "kind = \"moran\"\npopulation = 10\nprocess = \"moran\"\nbeta = 1.0",
    );
    let folder = train(&dir, "coop", &text, &[]);
    // A Defector among 9 Cooperators (w = 1, no self-play): f_A(k) =
    // ((k - 1) + 5 (10 - k)) / 9, f_B(k) = 3 (9 - k) / 9; rho = 1 / (1 +
    // sum_i prod_j f_B / f_A).
    let (mut sum, mut product) = (1.0, 1.0);
    for k in 1..10 {
        let k = k as f64;
        product *= 3.0 * (9.0 - k) / ((k - 1.0) + 5.0 * (10.0 - k));
        sum += product;
    }
    let value = best_value(&folder);
    assert!(
        value >= 1.0 / sum - 1e-12,
        "{value} < Defector's {}",
        1.0 / sum
    );
    // It defects against Cooperators every turn.
    assert_eq!(median_score(&folder, "Trained"), 5.0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn best_toml_loads_and_plays_in_a_tournament() {
    let dir = scratch("plays");
    let text = scenario("plays", "[\"tit-for-tat\", \"grudger\"]", 20, "");
    let folder = train(&dir, "plays", &text, &[]);
    let best = folder.join("best.toml");
    let tournament = format!(
        "name = \"with-best\"\nkind = \"tournament\"\n[match]\nturns = 20\nrepetitions = 2\n\
         [[players]]\nstrategy = \"{}\"\n[[players]]\nstrategy = \"tit-for-tat\"\n\
         [output]\ncharts = false\n",
        best.display()
    );
    let file = dir.join("with-best.toml");
    std::fs::write(&file, tournament).unwrap();
    let output = dilemma(&dir, &["run", file.to_str().unwrap(), "--out", "out"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let summary = std::fs::read_to_string(dir.join("out/with-best/summary.csv")).unwrap();
    assert!(
        summary.contains("Trained lookup 1-1-1 (plays)"),
        "{summary}"
    );
    // `dilemma match` plays it too.
    let output = dilemma(
        &dir,
        &[
            "match",
            best.to_str().unwrap(),
            "tit-for-tat",
            "--turns",
            "5",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_cycle_trained_against_an_alternator_always_defects_and_plays() {
    let dir = scratch("cycle");
    let text = scenario("cycle", "[\"alternator\"]", 20, "")
        .replace("own = 1\nopponent = 1\nopponent_first = 1", "length = 4");
    let text = text.replace("kind = \"lookup\"", "kind = \"cycle\"");
    let folder = train(&dir, "cycle", &text, &[]);
    let best = std::fs::read_to_string(folder.join("best.toml")).unwrap();
    let parsed: toml::Table = toml::from_str(&best).unwrap();
    assert_eq!(parsed["kind"].as_str(), Some("cycle"));
    assert_eq!(parsed["cycle"].as_str(), Some("DDDD"), "{best}");
    // (5 + 1) / 2 a turn against C, D, C, D, ...
    assert_eq!(best_value(&folder), 3.0);
    assert!(median_score(&folder, "Trained cycle of 4") >= 3.0);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_2_naming_the_field_and_what_is_allowed() {
    let dir = scratch("bad");
    let good = scenario("bad", "[\"tit-for-tat\"]", 20, "");
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "kind = \"lookup\"",
            "kind = \"tree\"",
            &["representation.kind", "allowed: lookup, cycle, gambler"],
        ),
        (
            "kind = \"lookup\"",
            "kind = \"cycle\"\nlength = 0",
            &["representation.length", "1 to 4096"],
        ),
        (
            "kind = \"lookup\"",
            "kind = \"cycle\"\nlength = 3",
            &["representation.own"],
        ),
        ("own = 1", "own = 9", &["representation.own", "0 to 8"]),
        (
            "kind = \"genetic\"",
            "kind = \"swarm\"",
            &[
                "algorithm.kind",
                "gambler and ann",
                "representation.kind lookup",
            ],
        ),
        (
            "kind = \"genetic\"",
            "kind = \"annealing\"",
            &["algorithm.kind", "allowed: genetic, swarm"],
        ),
        (
            "population = 12",
            "population = 1",
            &["algorithm.population", "2 to"],
        ),
        ("keep = 3", "keep = 12", &["algorithm.keep", "1 to 11"]),
        (
            "mutation = 0.1",
            "mutation = 1.5",
            &["algorithm.mutation", "between 0 and 1"],
        ),
        (
            "keep = 3",
            "keep = 3\ncrossover = \"two-point\"",
            &["algorithm.crossover", "one-point, uniform, none"],
        ),
        (
            "keep = 3",
            "keep = 3\nrestarts = 0",
            &["algorithm.restarts", "from 1 to 10000"],
        ),
        (
            "keep = 3",
            "keep = 3\ncheckpoint = 0",
            &["algorithm.checkpoint", "from 1 to 1000000"],
        ),
        (
            "kind = \"score\"",
            "kind = \"fitness\"",
            &["objective.kind", "score, score-difference, moran"],
        ),
        (
            "kind = \"score\"",
            "kind = \"moran\"\npopulation = 1",
            &["objective.population", "from 2"],
        ),
        (
            "kind = \"score\"",
            "kind = \"moran\"\npopulation = 1000000",
            &["objective.population", "limit of 100000"],
        ),
        (
            "kind = \"score\"",
            "kind = \"moran\"\nprocess = \"wright-fisher\"",
            &["objective.process", "\"moran\", \"fermi\""],
        ),
        (
            "kind = \"score\"",
            "kind = \"moran\"\nbeta = 2.0",
            &["objective.beta", "between 0 and 1"],
        ),
        (
            "kind = \"score\"",
            "kind = \"score\"\npopulation = 10",
            &["objective.population", "belongs to kind = \"moran\""],
        ),
        (
            "players = [\"tit-for-tat\"]",
            "players = [\"tit-for-tot\"]",
            &["opponents.players[0]"],
        ),
        (
            "players = [\"tit-for-tat\"]",
            "line_up = \"second-tournament\"",
            &["opponents.line_up", "first-tournament, catalogue"],
        ),
        (
            "turns = 20",
            "turns = 2000",
            &["algorithm.generations", "too much work", "--no-limit"],
        ),
    ];
    for (from, to, words) in cases {
        assert!(good.contains(from), "{from}");
        let mut text = good.replacen(from, to, 1);
        if to.starts_with("turns = 2000") {
            // 10^6 generations of 12 against one opponent, 2000 turns each.
            text = text.replacen("generations = 12", "generations = 1000000", 1);
        }
        let file = dir.join("bad.toml");
        std::fs::write(&file, &text).unwrap();
        let output = dilemma(&dir, &["run", file.to_str().unwrap(), "--out", "out"]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{to}: {stderr}");
        assert!(stderr.contains("bad.toml:"), "{to}: {stderr}");
        for word in *words {
            assert!(stderr.contains(word), "{to}: {word} not in {stderr}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
