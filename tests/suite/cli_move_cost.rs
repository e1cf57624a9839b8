//! The work model weighs each turn by its players' move costs
//! (src/ipd/strategies/cost.rs, src/scenario/work.rs): a tournament with
//! EvolvedAttention or a meta player is refused up front, naming the
//! expensive player and its cost; a small one runs; ordinary tournaments
//! keep their estimates; a payoff table with a huge `match.turns` is refused
//! before any match is played; `dilemma match` is held to the same limit.
//!
//! Resolving EvolvedAttention reads and hashes its 51 MB of weights: about
//! 4 s per process in a debug build (well under a second in release); no
//! test here plays an expensive match.

use dilemma::scenario::work;
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("dilemma-movecost-{tag}-{}", std::process::id()));
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

/// Twenty ordinary players.
const ORDINARY: [&str; 20] = [
    "tit-for-tat",
    "defector",
    "cooperator",
    "grudger",
    "random",
    "alternator",
    "win-stay-lose-shift",
    "tit-for-two-tats",
    "suspicious-tit-for-tat",
    "gradual",
    "adaptive",
    "bully",
    "prober",
    "handshake",
    "calculator",
    "hard-tit-for-tat",
    "two-tits-for-tat",
    "forgiver",
    "detective",
    "appeaser",
];

/// A tournament of `first` and the twenty ordinary players (the expensive
/// one last when `last` is true).
fn tournament(first: &str, turns: u32, repetitions: u32, last: bool) -> String {
    let mut ids: Vec<&str> = ORDINARY.to_vec();
    if last {
        ids.push(first);
    } else {
        ids.insert(0, first);
    }
    let mut text = format!(
        "name = \"t\"\nkind = \"tournament\"\n[match]\nturns = {turns}\nrepetitions = \
         {repetitions}\n[output]\ncharts = false\n"
    );
    for id in ids {
        text.push_str(&format!("[[players]]\nstrategy = \"{id}\"\n"));
    }
    text
}

fn refused(tag: &str, text: &str, needles: &[&str]) {
    let d = dir(tag);
    let s = d.join("s.toml");
    std::fs::write(&s, text).unwrap();
    let out = d.join("out");
    let (code, err) = run(&s, &out, &[]);
    assert_eq!(code, 2, "{tag}: {err}");
    for n in [
        "s.toml:",
        "too much work",
        "ordinary turns",
        "--no-limit",
        "[limits] none = true",
    ]
    .iter()
    .chain(needles)
    {
        assert!(err.contains(n), "{tag}: {n} not in {err}");
    }
    assert!(!out.exists(), "{tag}: nothing may be written");
}

#[test]
fn evolved_attention_among_twenty_is_refused_up_front() {
    refused(
        "attention",
        &tournament("evolved-attention", 200, 10, false),
        &[
            "field `players`",
            "players = 21",
            "match.repetitions = 10",
            "match.turns = 200",
            "EvolvedAttention costs about ",
            "ordinary moves per move at 200 turns",
        ],
    );
}

#[test]
fn a_meta_player_among_twenty_is_refused_up_front() {
    refused(
        "meta",
        &tournament("meta-winner-ensemble", 200, 10, false),
        &[
            "players = 21",
            "Meta Winner Ensemble: 220 players costs about ",
        ],
    );
}

#[test]
fn a_short_match_with_evolved_attention_runs() {
    let d = dir("small");
    let s = d.join("s.toml");
    std::fs::write(
        &s,
        "name = \"small\"\nkind = \"tournament\"\n[match]\nturns = 5\nrepetitions = 1\n\
         [[players]]\nstrategy = \"evolved-attention\"\n[[players]]\nstrategy = \"tit-for-tat\"\n\
         [output]\ncharts = false\n",
    )
    .unwrap();
    let (code, err) = run(&s, &d.join("out"), &[]);
    assert_eq!(code, 0, "{err}");
    let summary = std::fs::read_to_string(d.join("out/small/summary.csv")).unwrap();
    assert!(summary.contains("EvolvedAttention"), "{summary}");
}

#[test]
fn the_limit_is_lifted_by_the_scenario_key_and_held_per_shard() {
    let d = dir("lift");
    // EvolvedAttention last: the first matches are ordinary pairs.
    let text = tournament("evolved-attention", 200, 10, true);
    let s = d.join("s.toml");
    std::fs::write(&s, &text).unwrap();
    let loaded = dilemma::scenario::load(&s).unwrap();
    let refusal = loaded
        .over_limit
        .as_ref()
        .expect("over the limit")
        .to_string();
    assert!(
        refusal.contains("EvolvedAttention costs about"),
        "{refusal}"
    );
    let keyed = d.join("keyed.toml");
    std::fs::write(&keyed, format!("{text}[limits]\nnone = true\n")).unwrap();
    let lifted = dilemma::scenario::load(&keyed).unwrap();
    assert!(lifted.over_limit.is_none());
    assert!(lifted.limits_lifted);

    // Shards: 231 pairs x 10 repetitions. The first shard holds only
    // ordinary pairs and is within the limit; the last holds
    // EvolvedAttention's matches and is refused for its own part, naming it.
    let count = 8;
    let shard = |index| dilemma::scale::Shard { index, count };
    assert!(dilemma::scenario::shard_over_limit(&loaded, shard(0)).is_none());
    let last = dilemma::scenario::shard_over_limit(&loaded, shard(count - 1))
        .expect("the last shard is over")
        .to_string();
    for needle in [
        "shard 7/8",
        "EvolvedAttention costs about",
        "--no-limit",
        "split it into more shards",
    ] {
        assert!(last.contains(needle), "{needle}: {last}");
    }
    // The shards' estimates add up to at least the whole (a deterministic
    // pair split between shards counts once in each).
    let whole = work::estimate(&loaded.scenario)[0].amount;
    let sum: u128 = (0..count)
        .map(|index| work::shard_estimate(&loaded.scenario, shard(index)).0[0].amount)
        .sum();
    assert!(sum >= whole && sum <= 2 * whole, "{sum} {whole}");
}

#[test]
fn ordinary_tournaments_keep_their_turn_counts() {
    // 21 ordinary players, 200 turns, 10 repetitions: the deterministic
    // pairs once, every pair with a stochastic player 10 times, 200 turns
    // each, as before move costs.
    let d = dir("ordinary");
    let s = d.join("s.toml");
    std::fs::write(&s, tournament("tit-for-tat", 200, 10, false)).unwrap();
    let loaded = dilemma::scenario::load(&s).unwrap();
    let e = &work::estimate(&loaded.scenario)[0];
    let stochastic = ORDINARY
        .iter()
        .filter(|id| {
            dilemma::ipd::PlayerSpec::new(id)
                .build()
                .unwrap()
                .is_stochastic()
        })
        .count() as u128;
    assert!(stochastic >= 1);
    let n = 21u128;
    let once = (n - stochastic) * (n - stochastic + 1) / 2;
    assert_eq!(e.amount, (once + (n * (n + 1) / 2 - once) * 10) * 200);
    assert!(e.notes.is_empty(), "{:?}", e.notes);
}

#[test]
fn a_huge_match_length_is_refused_before_the_payoff_table_is_played() {
    // Deterministic types: their payoff table is played once, 6 pairs of
    // 4 x 10^9 turns (2.4 x 10^10, over the limit of 1.5 x 10^10); refused
    // while loading, before any match.
    refused(
        "spatial",
        "name = \"s\"\nkind = \"spatial\"\n[lattice]\nsize = 4\nsteps = 1\n[match]\nturns = \
         4000000000\n[[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \
         \"defector\"\n[[players]]\nstrategy = \"cooperator\"\n[output]\nframes = false\n",
        &["payoff table", "match.turns = 4000000000"],
    );
    refused(
        "moran",
        "name = \"m\"\nkind = \"moran\"\n[match]\nturns = 4000000000\n[moran]\nruns = 1\n\
         [[players]]\nstrategy = \"tit-for-tat\"\ncount = 2\n[[players]]\nstrategy = \
         \"defector\"\ncount = 2\n[[players]]\nstrategy = \"cooperator\"\ncount = 2\n\
         [output]\ncharts = false\n",
        &["ordinary turns of matches", "match.turns = 4000000000"],
    );
}

fn dilemma_match(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .arg("match")
        .args(args)
        .output()
        .expect("runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `dilemma match` weighs turns x repetitions by the players' move costs:
/// an ordinary pair over 10^10 turns and EvolvedAttention over 1000 turns
/// are refused before playing (exit 2, the option, the estimate, the limit,
/// the expensive player named, nothing on standard output); `--no-limit`
/// lifts the refusal, and ordinary sizes are untouched.
#[test]
fn dilemma_match_refuses_runaway_work_up_front() {
    let (code, out, err) = dilemma_match(&[
        "tit-for-tat",
        "defector",
        "--turns",
        "1000000",
        "--repetitions",
        "100000",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("--repetitions: too much work"), "{err}");
    assert!(
        err.contains("--turns 1000000, --repetitions 100000"),
        "{err}"
    );
    assert!(err.contains("1.0e11") && err.contains("1.5e10"), "{err}");
    assert!(err.contains("dilemma match --no-limit"), "{err}");

    // About 1.3x10^7 ordinary moves a move past 200 turns: 2000 turns is
    // over the limit (1000, a minute in release, is not).
    let (code, out, err) = dilemma_match(&["evolved-attention", "tit-for-tat", "--turns", "2000"]);
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("--turns: too much work"), "{err}");
    assert!(err.contains("EvolvedAttention costs about"), "{err}");

    // A random horizon is costed at its mean length (capped).
    let (code, _, err) = dilemma_match(&[
        "tit-for-tat",
        "random",
        "--continuation",
        "0.9999999",
        "--repetitions",
        "1000000",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--continuation 0.9999999"), "{err}");

    // An ordinary pair's estimate is its turn count.
    let estimate = work::match_estimate(
        [
            &dilemma::ipd::PlayerSpec::new("tit-for-tat")
                .build()
                .unwrap(),
            &dilemma::ipd::PlayerSpec::new("defector").build().unwrap(),
        ],
        &dilemma::ipd::horizon::Horizon::Fixed { turns: 200 },
        1000,
        vec![],
    );
    assert_eq!(estimate.amount, 200_000);
    assert!(!estimate.exceeds());

    // Lifted: the first refusal above now starts playing (it would run for
    // minutes; it is stopped once it has outlived the refusal, which comes
    // within milliseconds).
    let mut child = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["match", "tit-for-tat", "defector", "--turns", "1000000"])
        .args(["--repetitions", "100000", "--no-limit", "--json"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(3) {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("--no-limit did not lift the refusal: exited with {status}");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();

    // Ordinary sizes play as before.
    let (code, out, err) = dilemma_match(&["tit-for-tat", "defector", "--repetitions", "50"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("50 repetitions"), "{out}");
}
