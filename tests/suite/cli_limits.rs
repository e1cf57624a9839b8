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

/// As [`run`], with environment variables set.
fn run_with(scenario: &Path, out: &Path, extra: &[&str], env: &[(&str, &str)]) -> (i32, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["run", "--quiet"])
        .args(extra)
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .envs(env.iter().copied())
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
            "15000000000",
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
    // Catalogue cells with a stochastic strategy play every neighbour every
    // step (a fuzzer's spliced cell strategy): 1.6e8 cell updates are within
    // their limit, 1.4e12 turns are not.
    refused(
        "spatial-matches",
        "name = \"s\"\nkind = \"spatial\"\nseed = 2\n[lattice]\nsize = 400\nsteps = 1000\n\
         [match]\nturns = 1000\n[[players]]\nstrategy = \"random\"\n\
         [[players]]\nstrategy = \"tit-for-tat\"\n[output]\nframes = false\n",
        &[
            "field `lattice.steps`",
            "turns of sampled cell matches",
            "opponents per cell = 9",
            "match.turns = 1000",
        ],
    );
    // The traveler's dilemma counts every QRE trace together: 3000 bonuses
    // each cheap (a fuzzer's grown `bonuses`; some 45 s).
    refused(
        "travelers",
        &format!(
            "name = \"t\"\nkind = \"travelers\"\n[game]\nbonus = 2\n[qre]\nbonuses = [{}]\n",
            vec!["2"; 3000].join(", ")
        ),
        &[
            "field `qre.bonuses`",
            "qre.bonuses = 3000 values",
            "QRE cost",
        ],
    );
    // Both inductions count: the split and the survival range.
    refused(
        "pirates",
        "name = \"p\"\nkind = \"pirates\"\n[game]\npirates = 200000\ncoins = 100\n",
        &[
            "field `game.pirates`",
            "game.pirates = 200000",
            "output.survival_max = 200000",
            "40000200000",
            "induction steps",
        ],
    );
    refused(
        "pirates-survival",
        "name = \"p\"\nkind = \"pirates\"\n[game]\npirates = 5\ncoins = 100\n\
         [output]\nsurvival_max = 150000\n",
        &[
            "field `output.survival_max`",
            "output.survival_max = 150000",
        ],
    );
    let positions: Vec<String> = (0..200_001).map(|i| format!("\"nim {i}\"")).collect();
    refused(
        "impartial",
        &format!(
            "name = \"i\"\nkind = \"impartial\"\n[game]\nrule = \"nim\"\ntable = 5\npositions = [{}]\n",
            positions.join(", ")
        ),
        &[
            "field `game.positions`",
            "200001 entries",
            "positions to solve",
        ],
    );
}

/// Just over the Moran limit (2000 individuals: 4 x 10^6 steps a run by the
/// neutral estimate, x 800 runs = 3.2 x 10^9), yet quick: the lone defector
/// is nearly always replaced long before N^2 steps.
const JUST_OVER: &str = "name = \"m\"\nkind = \"moran\"\n[moran]\nruns = 800\n\
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
    assert!(err.contains("3200000000"), "{err}");
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

/// `dilemma ARGS`: exit code, stdout, stderr.
fn dilemma(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(args)
        .output()
        .expect("runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// A solver command over its work limit: exit 2 up front, nothing on
/// stdout, the option, the estimate, the limit and `--no-limit` named.
/// As [`dilemma`], with environment variables set.
fn dilemma_with(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn command_refused(args: &[&str], needles: &[&str]) {
    let (code, out, err) = dilemma(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    assert!(err.contains("too much work"), "{args:?}: {err}");
    assert!(err.contains("--no-limit"), "{args:?}: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {n} not in {err}");
    }
}

#[test]
fn solver_commands_over_their_work_limit_are_refused_up_front() {
    command_refused(
        &["pirates", "--pirates", "200000", "--coins", "100"],
        &[
            "--pirates: ",
            "20000100000",
            "induction steps",
            "6000000000",
            "`dilemma pirates --no-limit`",
        ],
    );
    // 100 traces of 150 claims to lambda 100 (0.5 s each).
    let many = vec!["2"; 100].join(",");
    command_refused(
        &[
            "travelers",
            "--high",
            "151",
            "--lambda",
            "100",
            "--bonuses",
            &many,
        ],
        &[
            "--bonuses: ",
            "(100 values)",
            "QRE cost",
            "50000000000",
            "`dilemma travelers --no-limit`",
        ],
    );
    // Each bonus alone is cheap; together they are not.
    let many = vec!["2"; 3000].join(",");
    command_refused(
        &["travelers", "--bonuses", &many],
        &["--bonuses: ", "(3000 values)", "50000000000"],
    );
    command_refused(
        &["guess", "--players", "1000000", "--rounds", "1000"],
        &["--rounds: ", "--players 1000000", "1000000000", "50000000"],
    );
    command_refused(
        &["solve", "kayles", "--table", "20000000"],
        &["--table for kayles", "20000001 rows", "10000000"],
    );
    command_refused(
        &["solve", "wythoff", "--table", "2001"],
        &["--table for wythoff", "mex steps", "0 to 2000"],
    );
    command_refused(
        &["solve", "nim", "--table", "10000001"],
        &["--table for nim", "10000002 rows", "0 to 10000000"],
    );
    // An octal code with no period proven in a short search has its values
    // computed while the split evaluations stay within the limit, and is
    // stopped there (the limit made small for the test, which only a debug
    // build reads).
    let (code, out, err) = dilemma_with(
        &["solve", "octal", "--code", "0.16", "--table", "1000000"],
        &[("DILEMMA_TEST_OCTAL_BUDGET", "3000000")],
    );
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    for needle in [
        "--table for octal 0.16",
        "too much work: stopped at the default work limit of 3.0e6 split evaluations",
        "no period proven",
        "`--no-limit`",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
}

/// The false refusal of issue 27: 0.16's table to 600,000 proves its period
/// (149459 from 105351, on 524288 values) in a fraction of a second, while
/// the worst case of computing it (9 x 10^10 split evaluations) is over the
/// limit; it is computed by default, the work counted as it goes.
#[test]
fn an_octal_table_that_proves_its_period_early_is_not_refused() {
    let (code, out, err) = dilemma(&["solve", "octal", "--code", "0.16", "--table", "600000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("n,grundy\n0,0\n1,1\n"), "{}", &out[..40]);
    assert!(
        out.ends_with("\n599999,5\n600000,4\n"),
        "{}",
        &out[out.len() - 40..]
    );
    assert_eq!(out.lines().count(), 1 + 600_001);
    assert!(err.contains("period 149459 from n = 105351"), "{err}");
    // One heap as well, and the same value as the table's.
    let (code, out, err) = dilemma(&["solve", "octal", "600000", "--code", "0.16"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("grundy value   4\n"), "{out}");
}

#[test]
fn no_limit_lifts_each_solver_limit_up_to_its_hard_bound() {
    // Two claims with a huge bonus: refused by the old cost model (lambda x
    // spread x claims^3), quick, and accepted by the one fitted to measured
    // traces (the bonus does not drive the work).
    let args = [
        "travelers",
        "--low",
        "2",
        "--high",
        "3",
        "--bonus",
        "1000000000",
        "--lambda-max",
        "100",
    ];
    let (code, out, err) = dilemma(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("QRE"), "{out}");
    let mut lifted = args.to_vec();
    lifted.push("--no-limit");
    let (code, out, err) = dilemma(&lifted);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("QRE"), "{out}");

    // Over the old 10^5 positions of a position-by-position table, quick:
    // within the limit now, and lifted alike.
    let (code, _, err) = dilemma(&["solve", "nim", "--table", "100001"]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = dilemma(&["solve", "nim", "--table", "100001", "--no-limit"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("\n100001,100001\n"),
        "{}",
        &out[out.len() - 40..]
    );
    let (code, out, err) = dilemma(&["solve", "wythoff", "--table", "301", "--no-limit"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1 + 302 * 302);

    // Pirates and guess: past the work check, the hard memory bounds stay.
    let (code, _, err) = dilemma(&[
        "pirates",
        "--pirates",
        "1000001",
        "--coins",
        "1",
        "--no-limit",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("too much work"), "{err}");
    assert!(err.contains("from 1 to 1000000"), "{err}");
    let (code, _, err) = dilemma(&[
        "guess",
        "--players",
        "1000000",
        "--rounds",
        "100001",
        "--no-limit",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("too much work"), "{err}");
    assert!(err.contains("from 1 to 100000"), "{err}");
    // Every simulated choice is kept: 3e8 of them (2.4 GB) stay refused.
    let (code, _, err) = dilemma(&[
        "guess",
        "--players",
        "1000000",
        "--rounds",
        "300",
        "--no-limit",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("too much work"), "{err}");
    assert!(err.contains("at most 250000000"), "{err}");
    let (code, _, err) = dilemma(&["solve", "kayles", "--table", "100000001", "--no-limit"]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("too much work"), "{err}");
    assert!(err.contains("0 to 100000000"), "{err}");
}

/// Progress bars are drawn only on a terminal: a run whose stderr is a pipe
/// (as here) prints no bar, with or without `--quiet`, for every kind with
/// a bar (tournament, ecological, Moran, spatial) and the solvers.
#[test]
fn runs_off_a_terminal_print_no_progress_bar() {
    let d = dir("bars");
    let kinds = [
        "name = \"e\"\nkind = \"replicator\"\n[match]\nturns = 20\nrepetitions = 2\n\
         [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"random\"\n\
         [dynamics]\nsteps = 40\n[output]\ncharts = false\n",
        "name = \"s\"\nkind = \"spatial\"\nseed = 2\n[lattice]\nsize = 12\nsteps = 5\n\
         [match]\nturns = 10\n[[players]]\nstrategy = \"random\"\n\
         [[players]]\nstrategy = \"tit-for-tat\"\n[output]\ncharts = false\nframes = false\n",
        "name = \"m\"\nkind = \"moran\"\n[match]\nturns = 20\n[moran]\nruns = 50\n\
         [[population]]\nstrategy = \"tit-for-tat\"\ncount = 3\n\
         [[population]]\nstrategy = \"defector\"\ncount = 2\n[output]\ncharts = false\n",
        "name = \"t\"\nkind = \"tournament\"\n[match]\nturns = 20\nrepetitions = 3\n\
         [[players]]\nstrategy = \"random\"\n[[players]]\nstrategy = \"tit-for-tat\"\n\
         [output]\ncharts = false\n",
    ];
    for (k, text) in kinds.iter().enumerate() {
        let s = d.join(format!("k{k}.toml"));
        std::fs::write(&s, text).unwrap();
        let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
            .arg("run")
            .arg(&s)
            .arg("--out")
            .arg(d.join("out"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{text}: {err}");
        assert!(!err.contains("eta") && !err.contains("[="), "{text}: {err}");
    }
    for args in [
        &["pirates", "--pirates", "2000", "--coins", "100"][..],
        &["travelers", "--high", "20"][..],
        &["solve", "kayles", "--table", "1000"][..],
    ] {
        let (code, _, err) = dilemma(args);
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(
            !err.contains("eta") && !err.contains("[="),
            "{args:?}: {err}"
        );
    }
}

/// An `impartial` scenario's octal table past direct reach whose period is
/// proven by computing its values (0.16 to 10^6: on 524288 values) is
/// accepted, decided while the file is read; one that reaches the work
/// limit first (the limit made small here: a debug build reads
/// `DILEMMA_TEST_OCTAL_BUDGET`) is refused while the file is read (exit 2,
/// `s.toml:5:9` and `game.table` named, nothing written), not at run time;
/// `--no-limit` and `[limits] none = true` compute it.
#[test]
fn an_octal_table_is_computed_within_the_limit_in_a_scenario_too() {
    let d = dir("octal");
    let s = d.join("s.toml");
    let text = "name = \"oct\"\nkind = \"impartial\"\n[game]\nrule = \"octal --code 0.16\"\n\
                table = 1000000\n[output]\ncharts = false\n";
    std::fs::write(&s, text).unwrap();
    let loaded = dilemma::scenario::load(&s).unwrap();
    assert!(loaded.over_limit.is_none(), "{:?}", loaded.over_limit);
    let near = text.replace("1000000", "447300");
    std::fs::write(&s, &near).unwrap();
    let budget = [("DILEMMA_TEST_OCTAL_BUDGET", "3000000")];
    let (code, err) = run_with(&s, &d.join("out"), &[], &budget);
    assert_eq!(code, 2, "{err}");
    for needle in [
        "s.toml:5:9: field `game.table`",
        "octal 0.16",
        "too much work: stopped at the default work limit",
        "no period proven",
        "`dilemma run --no-limit`",
        "`[limits] none = true`",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    assert!(!d.join("out").exists());
    let keyed = d.join("keyed.toml");
    std::fs::write(&keyed, format!("{near}[limits]\nnone = true\n")).unwrap();
    for (file, out, extra) in [
        (&s, "flag", &["--no-limit"][..]),
        (&keyed, "keyed", &[][..]),
    ] {
        let (code, err) = run_with(file, &d.join(out), extra, &budget);
        assert_eq!(code, 0, "{out}: {err}");
        let csv = std::fs::read_to_string(d.join(out).join("oct/values.csv")).unwrap();
        assert_eq!(csv.lines().count(), 1 + 447_301, "{out}");
        let json = std::fs::read_to_string(d.join(out).join("oct/solutions.json")).unwrap();
        assert!(json.contains("\"table\": 447300"), "{json}");
    }
    let flag = std::fs::read(d.join("flag/oct/values.csv")).unwrap();
    assert_eq!(flag, std::fs::read(d.join("keyed/oct/values.csv")).unwrap());
}

/// `[game] table` over its default limit is the scenario's work refusal
/// like `positions` (exit 2 at `s.toml:5:9`, `game.table`, the estimate,
/// the limit and how to lift it, nothing written), lifted by `dilemma run
/// --no-limit` and by `[limits] none = true`; past the hard bound it stays
/// an error of the file with either switch.
#[test]
fn a_table_over_its_limit_is_refused_and_lifted_up_to_the_hard_bound() {
    let d = dir("table");
    let scenario = |rule: &str, table: u64| {
        format!(
            "name = \"t\"\nkind = \"impartial\"\n[game]\nrule = \"{rule}\"\ntable = {table}\n\
             [output]\ncharts = false\n"
        )
    };
    refused(
        "table-rows",
        &scenario("kayles", 10_000_001),
        &[
            "s.toml:5:9: field `game.table`",
            "10000002 rows",
            "0 to 10000000",
            "lifts it to 100000000",
            "`[limits] none = true`",
        ],
    );
    refused(
        "table-fibonacci",
        &scenario("fibonacci-nim", 1001),
        &[
            "s.toml:5:9: field `game.table`",
            "0 to 1000",
            "lifts it to 20000",
        ],
    );
    // Over the limits raised in the audit of issue 27 (a Wythoff grid of
    // 2000, 8 x 10^9 mex steps, about 30 s): refused; the old limits' first
    // sizes past them (a grid of 301, a game tabulated position by position
    // to 100,001) run by default, and lifted alike.
    refused(
        "table-wythoff",
        &scenario("wythoff", 2001),
        &["s.toml:5:9: field `game.table`", "mex steps", "0 to 2000"],
    );
    for (tag, rule, table, rows) in [
        ("wythoff", "wythoff", 301, 302 * 302),
        ("bash", "bash --max 3", 100_001, 100_002),
    ] {
        let text = scenario(rule, table);
        let s = d.join(format!("{tag}.toml"));
        std::fs::write(&s, &text).unwrap();
        let keyed = d.join(format!("{tag}-keyed.toml"));
        std::fs::write(&keyed, format!("{text}[limits]\nnone = true\n")).unwrap();
        assert!(dilemma::scenario::load(&s).unwrap().over_limit.is_none());
        let csv_name = if tag == "wythoff" {
            "wythoff.csv"
        } else {
            "values.csv"
        };
        for (file, out, extra) in [
            (&s, "default", &[][..]),
            (&s, "flag", &["--no-limit"][..]),
            (&keyed, "keyed", &[][..]),
        ] {
            let out = d.join(format!("{tag}-{out}"));
            let (code, err) = run(file, &out, extra);
            assert_eq!(code, 0, "{tag}: {err}");
            let csv = std::fs::read_to_string(out.join("t").join(csv_name)).unwrap();
            assert_eq!(csv.lines().count(), 1 + rows, "{tag}");
        }
    }
    let csv = std::fs::read_to_string(d.join("bash-flag/t/values.csv")).unwrap();
    assert!(
        csv.ends_with("\n100001,1,N\n"),
        "{}",
        &csv[csv.len() - 40..]
    );
    // Past the hard bound: an error of the file, lifted or not.
    for (rule, table, allowed) in [
        ("kayles", 100_000_001, "0 to 100000000"),
        ("wythoff", 3001, "0 to 3000"),
        ("fibonacci-nim", 20_001, "0 to 20000"),
    ] {
        let text = scenario(rule, table);
        let s = d.join("hard.toml");
        std::fs::write(&s, &text).unwrap();
        let keyed = d.join("hard-keyed.toml");
        std::fs::write(&keyed, format!("{text}[limits]\nnone = true\n")).unwrap();
        for (file, extra) in [(&s, &["--no-limit"][..]), (&keyed, &[][..])] {
            let out = d.join("hard");
            let (code, err) = run(file, &out, extra);
            assert_eq!(code, 2, "{rule}: {err}");
            assert!(
                err.contains(".toml:5:9: field `game.table`"),
                "{rule}: {err}"
            );
            assert!(err.contains(allowed), "{rule}: {err}");
            assert!(!err.contains("too much work"), "{rule}: {err}");
            assert!(!out.exists(), "{rule}: nothing may be written");
        }
    }
}

/// A subtraction set whose period search is over its default work limit
/// (the 4 x max S values its proof needs, each a pass over 12,001 moves) is
/// the scenario's refusal at `game.rule`, decided while the file is read
/// (it was an error of the file, not lifted by either switch).
#[test]
fn a_subtraction_rule_over_its_search_limit_is_refused_at_the_rule() {
    let set: Vec<String> = (1..=12_000).map(|i| i.to_string()).collect();
    let text = format!(
        "name = \"t\"\nkind = \"impartial\"\n[game]\ntable = 10\nrule = \"subtraction --set {},1048576\"\n",
        set.join(",")
    );
    refused(
        "table-subtraction",
        &text,
        &[
            "s.toml:5:8: field `game.rule`",
            "period search for subtraction set",
            "12001 moves",
            "`[limits] none = true`",
        ],
    );
}

/// The `pirates` kind: over the old fixed 10,000 pirates the work estimate
/// decides (lifted by `[limits] none = true`, as `dilemma run --no-limit`
/// does), and 1,000,000 pirates stays the hard memory bound, named.
#[test]
fn a_pirates_scenario_is_held_to_the_work_estimate_and_the_hard_bound() {
    let d = dir("pirates");
    let s = d.join("s.toml");
    let text = |pirates: u64, extra: &str| {
        format!(
            "name = \"p\"\nkind = \"pirates\"\n[game]\npirates = {pirates}\ncoins = 100\n\
             [output]\ncharts = false\n{extra}"
        )
    };
    // Within the limit though past the old bound: loaded, not refused.
    std::fs::write(&s, text(20_000, "")).unwrap();
    let loaded = dilemma::scenario::load(&s).unwrap();
    assert!(loaded.over_limit.is_none(), "{:?}", loaded.over_limit);
    // Over it: refused, and lifted by the scenario key.
    std::fs::write(&s, text(200_000, "")).unwrap();
    let refusal = dilemma::scenario::load(&s).unwrap().over_limit.unwrap();
    assert!(refusal.to_string().contains("too much work"), "{refusal}");
    std::fs::write(&s, text(200_000, "[limits]\nnone = true\n")).unwrap();
    let lifted = dilemma::scenario::load(&s).unwrap();
    assert!(lifted.over_limit.is_none());
    // Past the hard bound even lifted: the field and the bound named.
    std::fs::write(&s, text(1_000_001, "[limits]\nnone = true\n")).unwrap();
    let out = d.join("out");
    let (code, err) = run(&s, &out, &["--no-limit"]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("too much work"), "{err}");
    for needle in ["s.toml:", "pirates", "from 1 to 1000000"] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    std::fs::write(&s, text(5, "survival_max = 1000001\n")).unwrap();
    let (code, err) = run(&s, &out, &["--no-limit"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("survival_max") && err.contains("at most 1000000"),
        "{err}"
    );
    assert!(!out.exists());
    // (Running past 10,000 pirates takes seconds in a release build but
    // tens of seconds in this debug one, so the lifted run is not made.)
}

/// `dilemma solve GAME N` for one position: an octal heap beyond direct
/// reach without a proven period, and a subtraction set whose period search
/// is over its work (values x |S|), are refused up front naming the option,
/// the estimate and the limit; `--no-limit` lifts it up to the hard memory
/// bound, which stays, named.
#[test]
fn solve_one_position_over_its_work_limit_is_refused_and_lifted() {
    // Past direct reach without a period from the short search: computed
    // within the work limit (10^8 split evaluations of its 5 x 10^10
    // worst case) by default; stopped at the limit when it is smaller than
    // that (a debug build reads `DILEMMA_TEST_OCTAL_BUDGET`).
    let (code, out, err) = dilemma(&["solve", "octal", "450000", "--code", "0.16"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("values computed directly to 450001"), "{out}");
    let (code, out, err) = dilemma_with(
        &["solve", "octal", "450000", "--code", "0.16"],
        &[("DILEMMA_TEST_OCTAL_BUDGET", "3000000")],
    );
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    for needle in [
        "heap for octal game 0.16",
        "too much work: stopped at the default work limit of 3.0e6 split evaluations",
        "no period proven",
        "`--no-limit`",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    // 13,000 moves up to 1,040,000: the proof's first 4 x max S values
    // alone are 5.4e10 mex steps; refused before any is computed.
    let set: Vec<String> = (1..=13_000u64).map(|i| (i * 80).to_string()).collect();
    let set = set.join(",");
    command_refused(
        &["solve", "subtraction", "5", "--set", &set],
        &[
            "subtraction set {80,160,",
            ",...,1040000}",
            "13000 moves of --set",
            "5.4e10 mex steps",
            "at most 3846153 values",
        ],
    );
    // Just over the direct reach, yet quick: computed directly when lifted.
    let (code, out, err) = dilemma(&["solve", "octal", "450000", "--code", "0.16", "--no-limit"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("values computed directly to 450001"), "{out}");
    // In a sum too.
    let (code, out, err) = dilemma(&[
        "solve",
        "sum",
        "octal 450000 --code 0.16",
        "nim 3",
        "--no-limit",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("grundy value"), "{out}");
    // The hard memory bound stays.
    let (code, _, err) = dilemma(&[
        "solve",
        "octal",
        "100000001",
        "--code",
        "0.16",
        "--no-limit",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(!err.contains("too much work"), "{err}");
    assert!(
        err.contains("0 to 100000000, even with --no-limit"),
        "{err}"
    );
    // Wythoff past the default grid (piles up to 2000, about 30 s): the
    // outcome and the winning moves as ever, the Grundy value only with
    // --no-limit, named (minutes in this debug build: not made here). Past
    // the old limit of 400, computed by default and lifted alike.
    let (code, out, err) = dilemma(&["solve", "wythoff", "3", "2001"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not computed"), "{out}");
    assert!(out.contains("--no-limit"), "{out}");
    for extra in [&[][..], &["--no-limit"][..]] {
        let args: Vec<&str> = ["solve", "wythoff", "3", "401"]
            .into_iter()
            .chain(extra.iter().copied())
            .collect();
        let (code, out, err) = dilemma(&args);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains("grundy value   397"), "{out}");
    }
    let (code, out, _) = dilemma(&["solve", "wythoff", "3", "5000", "--no-limit"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("not computed") && out.contains("hard bound"),
        "{out}"
    );
    // A period still answers any heap, with or without the flag.
    let (code, out, err) = dilemma(&["solve", "kayles", "1000000000000", "--no-limit"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("period"), "{out}");
}

/// An `impartial` scenario's position over its solver's default work limit
/// (an octal heap past direct reach, no period proven in the short search,
/// its values computed until the work limit: small here, as a debug build
/// reads `DILEMMA_TEST_OCTAL_BUDGET`) is the scenario's work refusal: exit
/// 2 before anything runs, the file, line, column and `game.positions`
/// named; `dilemma run --no-limit` and `[limits] none = true` lift it, as
/// `dilemma solve --no-limit` does, and the position is solved (its values
/// computed directly, 2 s in debug). Within the real limit it is solved by
/// default.
#[test]
fn a_position_over_its_solver_limit_is_refused_and_lifted_in_a_scenario() {
    let d = dir("position");
    let s = d.join("s.toml");
    let text = "name = \"pos\"\nkind = \"impartial\"\n[game]\nrule = \"nim\"\ntable = 5\n\
                positions = [\"nim 3\", \"octal 450000 --code 0.16\"]\n[output]\ncharts = false\n";
    std::fs::write(&s, text).unwrap();
    let out = d.join("out");
    let budget = [("DILEMMA_TEST_OCTAL_BUDGET", "3000000")];
    let (code, err) = run_with(&s, &out, &[], &budget);
    assert_eq!(code, 2, "{err}");
    for needle in [
        "s.toml:6:23: field `game.positions`",
        "octal game 0.16",
        "too much work: stopped at the default work limit of 3.0e6",
        "no period proven",
        "`dilemma run --no-limit`",
        "`[limits] none = true`",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    assert!(!out.exists(), "nothing may be written");
    let solved = |out: &Path| {
        let json = std::fs::read_to_string(out.join("pos/solutions.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let s = &v["solutions"][1];
        assert_eq!(s["position"], "octal 450000 --code 0.16", "{json}");
        assert_eq!(s["grundy"], 5, "{json}");
        assert!(
            s["reason"]
                .as_str()
                .unwrap()
                .contains("values computed directly to 450001"),
            "{json}"
        );
    };
    let (code, err) = run_with(&s, &out, &["--no-limit"], &budget);
    assert_eq!(code, 0, "{err}");
    solved(&out);
    let (code, err) = run(&s, &d.join("default"), &[]);
    assert_eq!(code, 0, "{err}");
    solved(&d.join("default"));
    let keyed = d.join("keyed.toml");
    std::fs::write(&keyed, format!("{text}[limits]\nnone = true\n")).unwrap();
    let loaded = dilemma::scenario::load(&keyed).unwrap();
    assert!(loaded.over_limit.is_none());
    let (code, err) = run(&keyed, &d.join("keyed"), &[]);
    assert_eq!(code, 0, "{err}");
    solved(&d.join("keyed"));
    // A hard bound stays an error of the file, lifted or not.
    let hard = text.replace("octal 450000", "octal 100000001");
    std::fs::write(&s, &hard).unwrap();
    let (code, err) = run(&s, &d.join("hard"), &["--no-limit"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("s.toml:6:23: field `game.positions`"), "{err}");
    assert!(err.contains("even with --no-limit"), "{err}");
    assert!(!err.contains("too much work"), "{err}");
}

/// A long octal code's huge heap is refused from a period search bounded
/// by the work it really does (it used to run the worst case's search
/// first: 37 s in a debug build); the refusal names the values searched.
#[test]
fn a_long_octal_codes_large_heap_is_refused_after_a_short_search() {
    // Its values grow with the heap (no period): the short search, then the
    // values computed directly until the work limit (small here, which a
    // debug build reads from `DILEMMA_TEST_OCTAL_BUDGET`), then refused.
    let (code, _, err) = dilemma_with(
        &[
            "solve",
            "octal",
            "100000",
            "--code",
            "0.7777777777777777777777",
        ],
        &[("DILEMMA_TEST_OCTAL_BUDGET", "30000000")],
    );
    assert_eq!(code, 2, "{err}");
    for needle in [
        "octal game 0.7777777777777777777777",
        "too much work: stopped at the default work limit of 3.0e7 split evaluations",
        "no period proven",
        "--no-limit",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    let computed: u64 = err
        .split("g(0..=")
        .nth(1)
        .and_then(|t| t.split(')').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{err}"));
    assert!((1000..100_000).contains(&computed), "{err}");
}

/// The position-by-position games' own bounds: End-Nim's Grundy value (the
/// tables of its sub-rows, over 5 x 10^7 mex steps) and Fibonacci Nim's
/// (the rows of g(m, k), piles over 1000) are time bounds: left out by
/// default with the limit and `--no-limit` named, computed with it, up to
/// a hard memory bound that stays, named.
#[test]
fn end_nim_and_fibonacci_nim_values_past_their_limit_need_the_lift() {
    // Past the old End-Nim limit of 5 x 10^7 mex steps (about 0.05 s):
    // computed by default since the audit of issue 27 (2.5 x 10^10).
    let (code, out, err) = dilemma(&["solve", "end-nim", "380", "1", "380"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("grundy value   0"), "{out}");
    // Past the new one (1.25 x 10^11 steps, two minutes): not computed.
    let (code, out, err) = dilemma(&["solve", "end-nim", "5000", "1", "5000"]);
    assert_eq!(code, 0, "{err}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("not computed")
            && flat.contains("default work limit")
            && flat.contains("--no-limit"),
        "{out}"
    );
    // Fibonacci Nim past 1000: not computed by default, lifted.
    let (code, out, err) = dilemma(&["solve", "fibonacci-nim", "1500"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("not computed"), "{out}");
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("default work limit") && flat.contains("--no-limit"),
        "{out}"
    );
    let (code, out, err) = dilemma(&["solve", "fibonacci-nim", "1500", "--no-limit"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("grundy value   24"), "{out}");
    // Past the hard bounds: named, even with --no-limit.
    for position in [
        &["end-nim", "100000", "1", "100000"][..],
        &["fibonacci-nim", "20001"][..],
    ] {
        let args: Vec<&str> = ["solve"]
            .iter()
            .chain(position)
            .copied()
            .chain(["--no-limit"])
            .collect();
        let (code, out, err) = dilemma(&args);
        assert_eq!(code, 0, "{err}");
        let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat.contains("not computed") && flat.contains("even with --no-limit"),
            "{out}"
        );
    }
    // A row of more than 100,000 End-Nim piles: the outcome's O(k^2)
    // recurrence is over the default limit (its memory is O(k) now: it held
    // every sub-row, 98 MB for 3000 piles and gigabytes past 10,000).
    let ones = vec!["1"; 100_001];
    let args: Vec<&str> = ["solve", "end-nim"].into_iter().chain(ones).collect();
    command_refused(&args, &["end-nim piles", "= 100001", "1 to 100000"]);
    // A Fibonacci Nim table past 1000: refused by default, lifted.
    command_refused(
        &["solve", "fibonacci-nim", "--table", "1200"],
        &[
            "--table for fibonacci-nim",
            "0 to 1000",
            "lifts it to 20000",
        ],
    );
    let (code, out, err) = dilemma(&["solve", "fibonacci-nim", "--table", "1500", "--no-limit"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\n1500,24\n"), "{}", &out[out.len() - 200..]);
}

/// An `impartial` scenario's positions each within their solver's own
/// limit but over the whole list's (`work::MAX_POSITIONS_WORK`, their
/// estimates added before any is solved) are refused at the position that
/// pushes the sum over: exit 2, `game.positions` at its line and column,
/// the total estimate and the limit, before anything is solved (subtraction
/// sets over it by their floors alone; octal heaps of 0.16, once refused by
/// their worst cases added, are counted by the work really made and
/// accepted). A smaller list that
/// is over only by its worst case (three subtraction sets whose first
/// check alone is past the short search: about 5 x 10^10 mex steps each at
/// worst, a period proven at once in fact) is lifted by `dilemma run
/// --no-limit` and by `[limits] none = true`, and solved.
#[test]
fn positions_within_their_own_limits_but_over_in_total_are_refused_and_lifted() {
    let d = dir("poswork");
    let s = d.join("s.toml");
    // Five octal heaps of 0.16 just inside direct reach: each was counted
    // at its worst case (2.25e10 split evaluations), so the fifth pushed the
    // list over its limit of 1e11; their values are now computed as the
    // estimate is made (about 10^8 split evaluations each), and the list is
    // accepted.
    let heaps: Vec<String> = (0..5)
        .map(|i| format!("  \"octal {} --code 0.16\",\n", 300_000 + i))
        .collect();
    let text = format!(
        "name = \"many\"\nkind = \"impartial\"\n[game]\nrule = \"nim\"\ntable = 5\n\
         positions = [\n  \"nim 3\",\n{}]\n[output]\ncharts = false\n",
        heaps.concat()
    );
    std::fs::write(&s, &text).unwrap();
    let loaded = dilemma::scenario::load(&s).unwrap();
    assert!(loaded.over_limit.is_none(), "{:?}", loaded.over_limit);
    // Over by the floors alone (each subtraction set's first check, 4 max S
    // x |S| = 5.0e10 mex steps, within its own limit; a set listed twice
    // counted once): refused without searching anything.
    let wide: Vec<String> = (1..11_900u64).map(|i| i.to_string()).collect();
    let wide = format!("{},1048576", wide.join(","));
    let floors = format!(
        "name = \"wide\"\nkind = \"impartial\"\n[game]\nrule = \"nim\"\ntable = 5\n\
         positions = [\n  \"subtraction 1 --set {wide}\",\n  \"subtraction 2 --set {wide}\",\n  \
         \"subtraction 2 --set {wide},1048575\",\n  \"subtraction 3 --set {wide},1048574\",\n]\n"
    );
    std::fs::write(&s, &floors).unwrap();
    let (code, err) = run(&s, &d.join("floors"), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("s.toml:10:3: field `game.positions`"), "{err}");
    assert!(err.contains("add up to at least 1.5e11 steps"), "{err}");
    // The smaller list, lifted both ways.
    let set = |k: u64| (1..=k).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    let small = format!(
        "name = \"sets\"\nkind = \"impartial\"\n[game]\nrule = \"nim\"\ntable = 5\n\
         positions = [\n  \"subtraction 1000000000000 --set {}\",\n  \"subtraction 5 --set {}\",\n  \
         \"subtraction 4102 --set {}\",\n]\n[output]\ncharts = false\n",
        set(4100),
        set(4101),
        set(4102)
    );
    std::fs::write(&s, &small).unwrap();
    let (code, err) = run(&s, &d.join("small"), &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("s.toml:9:3: field `game.positions`"), "{err}");
    assert!(err.contains("add up to about 1.5e11 steps"), "{err}");
    let solved = |out: &Path| {
        let json = std::fs::read_to_string(out.join("sets/solutions.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        // S = {1..k}: g(n) = n mod (k + 1).
        for (i, g) in [(0, 10u64.pow(12) % 4101), (1, 5), (2, 4102)] {
            assert_eq!(v["solutions"][i]["grundy"], g, "{i}: {json}");
        }
    };
    let (code, err) = run(&s, &d.join("lifted"), &["--no-limit"]);
    assert_eq!(code, 0, "{err}");
    solved(&d.join("lifted"));
    let keyed = d.join("keyed.toml");
    std::fs::write(&keyed, format!("{small}[limits]\nnone = true\n")).unwrap();
    let (code, err) = run(&keyed, &d.join("keyed"), &[]);
    assert_eq!(code, 0, "{err}");
    solved(&d.join("keyed"));
}

/// Charts in the work model (issue 27 item 5): a PNG is an RGB picture of
/// width x height pixels (3 bytes each), the natural size times dpi / 96
/// or fitted to `[output] width`/`height`, and `par_draw` draws several at
/// once. A scenario whose largest chart is over the chart memory budget
/// (3 x 10^8 pixels, about 900 MB) is refused before anything runs (exit
/// 2, the file, line and `[output]` field named, what is allowed, and
/// `--no-limit`), nothing written; where only the data decide a chart's
/// size, the same refusal comes as it is drawn, still exit 2 and nothing
/// published; a shard draws no chart, so `dilemma merge` checks it up
/// front; `--no-limit` and `[limits] none = true` lift the budget.
#[test]
fn charts_over_the_memory_budget_are_refused_naming_output_and_no_limit() {
    let d = dir("charts");
    let tournament = |output: &str| {
        format!(
            "name = \"c\"\nkind = \"tournament\"\n[match]\nturns = 5\nrepetitions = 1\n\
             [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"defector\"\n\
             [[players]]\nstrategy = \"random\"\n[output]\n{output}"
        )
    };
    // 20000 x 20000 pixels: 4 x 10^8, 1.2 GB a picture (the case
    // took 2.4 GB drawing two at once).
    let huge = tournament("width = 20000\nheight = 20000\ndpi = 1200\n");
    let s = d.join("s.toml");
    std::fs::write(&s, &huge).unwrap();
    let out = d.join("out");
    let (code, err) = run(&s, &out, &[]);
    assert_eq!(code, 2, "{err}");
    for needle in [
        "s.toml:13:9: field `output.width`",
        "too much memory",
        "[output] width = 20000, height = 20000",
        "400000000 (4.0e8) pixels",
        "chart memory budget of 300000000 (3.0e8) pixels",
        "allowed: width, height and dpi",
        "`dilemma run --no-limit`",
        "`[limits] none = true`",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    assert!(!out.exists(), "nothing may be written");
    // One side given: the natural size of the largest chart (the rows of
    // three players, 1200 x 800) fitted to it: 30000 x 20000.
    let dpi = tournament("dpi = 1200\nheight = 20000\n");
    std::fs::write(&s, &dpi).unwrap();
    let refusal = dilemma::scenario::load(&s).unwrap().over_limit.unwrap();
    assert!(
        refusal.to_string().contains("field `output.height`"),
        "{refusal}"
    );
    let modest = tournament("dpi = 300\n");
    std::fs::write(&s, &modest).unwrap();
    let loaded = dilemma::scenario::load(&s).unwrap();
    assert!(loaded.over_limit.is_none(), "{:?}", loaded.over_limit);
    assert_eq!(
        loaded.scenario.chart_style().pixel_limit,
        Some(dilemma::scenario::work::MAX_CHART_PIXELS)
    );
    // Lifted by either switch: nothing refused, no limit while drawing.
    std::fs::write(&s, &huge).unwrap();
    let lifted = dilemma::scenario::load_within(&s, true).unwrap();
    assert!(lifted.over_limit.is_none());
    assert_eq!(lifted.scenario.chart_style().pixel_limit, None);
    let keyed = d.join("keyed.toml");
    std::fs::write(&keyed, format!("{huge}[limits]\nnone = true\n")).unwrap();
    let keyed = dilemma::scenario::load(&keyed).unwrap();
    assert!(keyed.over_limit.is_none());
    assert_eq!(keyed.scenario.chart_style().pixel_limit, None);

    // A sweep's heat maps are as tall as they are wide: 20000 wide is 4.2 x
    // 10^8 pixels, found as they are drawn (the sweep runs first).
    let sweep = "name = \"w\"\nkind = \"tournament\"\n[match]\nturns = 5\nrepetitions = 1\n\
                 [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"defector\"\n\
                 [sweep.x]\nkey = \"match.noise\"\nvalues = [0.0, 0.1]\n\
                 [sweep.y]\nkey = \"game.payoffs.T\"\nvalues = [4.0, 5.0]\n\
                 [output]\nwidth = 20000\n";
    std::fs::write(&s, sweep).unwrap();
    assert!(dilemma::scenario::load(&s).unwrap().over_limit.is_none());
    let (code, err) = run(&s, &out, &[]);
    assert_eq!(code, 2, "{err}");
    for needle in [
        "s.toml: field `output`: ",
        ".png: too much memory for a chart",
        "more than the chart budget of 300000000 (3.0e8) pixels",
        "[output] width, height and dpi",
        "`--no-limit`",
        "`[limits] none = true`",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    assert!(!out.join("w").exists(), "nothing may be published");

    // Shards draw no charts: the shard runs, the merge refuses up front.
    std::fs::write(&s, &huge).unwrap();
    let shards = d.join("shards");
    let (code, err) = run(&s, &shards, &["--shard", "0/1"]);
    assert_eq!(code, 0, "{err}");
    let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["merge", "--quiet"])
        .arg(shards.join("c.shard-0-of-1"))
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for needle in [
        "scenario.toml: field `output.width`",
        "too much memory",
        "`dilemma merge --no-limit`",
    ] {
        assert!(err.contains(needle), "{needle}: {err}");
    }
    assert!(!out.join("c").exists());
}
