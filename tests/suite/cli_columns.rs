//! Terminal output fits 80 columns by default (counted in characters, not
//! bytes): `dilemma run` on several kinds (among them a tournament of 100+
//! players with long names), `strategies`, every `strategies ID` page (each
//! catalogue entry, shipped file and strategy file), `match`, `travelers`,
//! `pirates`, `guess` and `solve kayles 100`; one error of each class as a
//! person sees it on a terminal (a pseudo-terminal) wraps at 80 columns
//! without cutting a word (a token longer than a line may exceed it); `--wide`
//! gives the full text back.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dilemma-cli-columns-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// Standard output as text, after checking that no line exceeds 80 characters.
fn fits(args: &[&str]) -> String {
    let text = String::from_utf8(dilemma(args).stdout).unwrap();
    assert!(!text.trim().is_empty(), "{args:?} printed nothing");
    for line in text.lines() {
        assert!(
            line.chars().count() <= 80,
            "{args:?}: a line of {} characters:\n{line}",
            line.chars().count()
        );
    }
    text
}

fn widest(text: &str) -> usize {
    text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
}

/// (travelers: in `run_on_travelers_prints_the_travelers_summary`.)
#[test]
fn run_fits_80_columns_on_every_kind_tried() {
    let dir = scratch("kinds");
    let out = dir.to_str().unwrap();
    for scenario in [
        "scenarios/axelrod-second.toml",
        "scenarios/game-battle-of-the-sexes.toml",
        "scenarios/guess-two-thirds.toml",
        "scenarios/pirates-stewart-500.toml",
        "scenarios/moran-neutral.toml",
        "scenarios/impartial-coloring.toml",
        "scenarios/pigs-food-cost-map.toml",
        "scenarios/nowak-may.toml",
        "scenarios/ecological.toml",
    ] {
        let text = fits(&["run", scenario, "--out", out]);
        assert!(text.contains("results written to"), "{scenario}: {text}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn run_on_travelers_prints_the_travelers_summary() {
    let dir = scratch("travelers");
    let out = dir.to_str().unwrap();
    let run = fits(&["run", "scenarios/travelers-qre.toml", "--out", out]);
    let command = fits(&["travelers"]);
    // The scenario is the default game (2..100, R = 2): the same summary up
    // to the mean-claim-by-bonus lines, whose bonuses the scenario chooses.
    let head = |t: &str| t.split("Logit QRE at").next().unwrap().to_string();
    assert_eq!(head(&run), head(&command));
    assert!(run.contains("Nash equilibrium: both claim 2"), "{run}");
    assert!(!run.contains("Round 1: remove"), "{run}");
    assert!(run.lines().count() < 80, "{run}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A tournament of the 110 longest-named strategies that are neither
/// stochastic nor composite (names up to ~40 characters), 5 turns a match.
fn long_names_tournament(dir: &std::path::Path) -> (PathBuf, Vec<String>) {
    let list: Vec<serde_json::Value> =
        serde_json::from_slice(&dilemma(&["strategies", "--json"]).stdout).unwrap();
    let mut picked: Vec<(String, String)> = list
        .iter()
        .filter(|s| s["stochastic"] == false && !s["name"].as_str().unwrap().starts_with("Meta"))
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_string(),
                s["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    picked.sort_by_key(|(_, name)| std::cmp::Reverse(name.chars().count()));
    picked.truncate(110);
    let mut toml = String::from(
        "name = \"long-names\"\nkind = \"tournament\"\nseed = 1\n\n[match]\nturns = 5\nrepetitions = 1\n\n[output]\ncharts = false\n",
    );
    for (id, _) in &picked {
        toml += &format!("\n[[players]]\nstrategy = \"{id}\"\n");
    }
    let path = dir.join("long-names.toml");
    std::fs::write(&path, toml).unwrap();
    (path, picked.into_iter().map(|(_, name)| name).collect())
}

#[test]
fn a_tournament_of_110_long_names_fits_and_wide_shows_them_whole() {
    let dir = scratch("long");
    let (scenario, names) = long_names_tournament(&dir);
    let longest = names.iter().map(|n| n.chars().count()).max().unwrap();
    assert!(longest > 35, "the longest name has {longest} characters");
    let out = dir.join("out");
    let (scenario, out) = (scenario.to_str().unwrap(), out.to_str().unwrap());
    let text = fits(&["run", scenario, "--out", out]);
    assert!(text.contains("110 players, 1 repetition, "), "{text}");
    assert!(text.contains('…'), "{text}");
    assert!(text.lines().count() >= 110 + 3, "{text}");
    let wide =
        String::from_utf8(dilemma(&["run", scenario, "--out", out, "--wide"]).stdout).unwrap();
    assert!(widest(&wide) > 80);
    let full = names.iter().find(|n| n.chars().count() == longest).unwrap();
    assert!(wide.contains(full.as_str()), "{full} missing from\n{wide}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn commands_fit_80_columns() {
    let strategies = fits(&["strategies"]);
    assert!(strategies.contains("Tit For Tat"));
    let game = fits(&[
        "match",
        "first-by-stein-and-rapoport",
        "memory-decay",
        "--turns",
        "200",
    ]);
    assert!(game.contains("scores "), "{game}");
    assert!(game.contains("First by Stein and Rapoport"), "{game}");
    let travelers = fits(&["travelers"]);
    assert!(travelers.contains("Best-response dynamics from 100: 100 -> 99"));
    let pirates = fits(&["pirates", "--pirates", "500", "--coins", "100"]);
    assert!(pirates.contains("Answer: "), "{pirates}");
    fits(&["pirates", "--pirates", "5", "--coins", "100"]);
    let guess = fits(&["guess"]);
    assert!(guess.contains("Level-k"), "{guess}");
    fits(&["game", "travelers"]);
    fits(&["game", "rock-paper-scissors"]);
    fits(&["pigs"]);
    fits(&["solve", "nim", "3", "4", "5"]);
}

#[test]
fn wide_lifts_the_limit_for_prose() {
    let wide = String::from_utf8(dilemma(&["travelers", "--wide"]).stdout).unwrap();
    let line = wide
        .lines()
        .find(|l| l.starts_with("Best-response dynamics"))
        .unwrap();
    assert!(line.ends_with("3 -> 2 -> 2"), "{line}");
    assert!(line.chars().count() > 80);
}

/// Lines of `text` over 80 characters that are more than one unbreakable
/// token (an indent and one word).
fn too_wide(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.chars().count() > 80 && l.trim().contains(' '))
        .map(String::from)
        .collect()
}

#[test]
fn every_strategy_page_fits_80_columns() {
    let list: Vec<serde_json::Value> =
        serde_json::from_slice(&dilemma(&["strategies", "--json"]).stdout).unwrap();
    let mut ids: Vec<String> = list
        .iter()
        .map(|s| s["id"].as_str().unwrap().to_string())
        .collect();
    // Every shipped file (strategies/axelrod/*.toml) is a catalogue entry.
    let mut shipped = 0;
    for entry in std::fs::read_dir(root().join("strategies/axelrod")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let id = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert!(ids.contains(&id), "{id} is not listed");
            shipped += 1;
        }
    }
    assert!(
        ids.len() >= 255 && shipped >= 55,
        "{} entries, {shipped} shipped",
        ids.len()
    );
    // The strategy files of strategies/ (not in the catalogue).
    for entry in std::fs::read_dir(root().join("strategies")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            ids.push(format!(
                "strategies/{}",
                path.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    let mut wide_pages = 0;
    for id in &ids {
        let page = fits(&["strategies", id]);
        assert!(page.contains("In a scenario file:"), "{id}: {page}");
        let wide = String::from_utf8(dilemma(&["strategies", id, "--wide"]).stdout).unwrap();
        if widest(&wide) > 80 {
            wide_pages += 1;
        }
    }
    // The pages that needed it were folded (--wide shows them as before).
    assert!(wide_pages > 100, "{wide_pages}");
    // A shipped definition is folded into TOML that reads back the same.
    let page = fits(&["strategies", "fortress3"]);
    let definition: String = page
        .split("Definition (strategies/axelrod/fortress3.toml):\n")
        .nth(1)
        .unwrap()
        .split("\nIn a scenario file:")
        .next()
        .unwrap()
        .lines()
        .map(|l| format!("{}\n", l.strip_prefix("  ").unwrap_or(l)))
        .collect();
    let file = std::fs::read_to_string(root().join("strategies/axelrod/fortress3.toml")).unwrap();
    assert_eq!(
        toml::from_str::<toml::Table>(&definition).unwrap(),
        toml::from_str::<toml::Table>(&file).unwrap()
    );
    assert!(page.contains("  source = \"\"\"\\\n"), "{page}");
}

#[test]
fn solve_kayles_100_fits_with_each_move_whole() {
    let text = fits(&["solve", "kayles", "100"]);
    assert!(text.contains("winning moves  13"), "{text}");
    assert!(
        text.contains("  remove 2 from heap 1 (size 100), splitting it into 13 and 85\n    -> octal 13 85 --code 0.77\n"),
        "{text}"
    );
    let wide = String::from_utf8(dilemma(&["--wide", "solve", "kayles", "100"]).stdout).unwrap();
    assert!(wide.contains("splitting it into 13 and 85 -> octal 13 85 --code 0.77\n"));
}

/// The scenario of tests/cli_bad_input.rs.
const VALID: &str = r#"name = "bad-input"
kind = "tournament"
seed = 3

[game]
payoffs = "standard"

[match]
turns = 20
noise = 0.0
repetitions = 2

[[players]]
strategy = "tit-for-tat"

[[players]]
strategy = "random"
p = 0.5
"#;

/// Runs `dilemma args` in `dir`, standard error on a pseudo-terminal (as a
/// person sees it) and standard output discarded; returns the exit code and
/// the text shown.
#[cfg(unix)]
fn on_terminal(
    dir: &std::path::Path,
    args: &[&str],
    env: &[(&str, &str)],
) -> (Option<i32>, String) {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes two new descriptors into the integers given;
    // the null name, termios and window size are allowed.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(opened, 0, "openpty failed");
    // SAFETY: both descriptors are new and owned here alone.
    let (mut master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            OwnedFd::from_raw_fd(slave),
        )
    };
    let mut child = {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dilemma"));
        command
            .current_dir(dir)
            .args(args)
            .envs(env.iter().copied())
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::from(slave));
        command.spawn().unwrap()
        // The command, and this process's copy of the terminal, end here.
    };
    let mut shown = Vec::new();
    let mut chunk = [0u8; 4096];
    // Read until the child's end of the terminal closes (EIO on Linux).
    while let Ok(n) = master.read(&mut chunk) {
        if n == 0 {
            break;
        }
        shown.extend_from_slice(&chunk[..n]);
    }
    let status = child.wait().unwrap();
    let shown = String::from_utf8_lossy(&shown).replace('\r', "");
    (status.code(), without_colours(&shown))
}

/// `text` without ANSI colour sequences (ESC [ ... m: clap colours its
/// usage errors on a terminal).
fn without_colours(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The same command with standard error piped.
fn piped(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(dir)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).to_string(),
    )
}

/// One class of error: its name, the command line, the environment, the
/// exit code and words the message holds.
type ErrorCase<'a> = (&'a str, Vec<String>, Vec<(&'a str, &'a str)>, i32, &'a str);

#[cfg(unix)]
#[test]
fn every_class_of_error_wraps_at_80_columns_on_a_terminal() {
    let dir = scratch("errors");
    // A long folder name, so paths in messages are long tokens.
    let deep = dir.join("a-folder-with-a-rather-long-name-for-scenarios-and-strategy-files");
    std::fs::create_dir_all(&deep).unwrap();
    let scenario = |name: &str, from: &str, to: &str| -> String {
        assert!(VALID.contains(from), "{from}");
        let path = deep.join(format!("{name}.toml"));
        std::fs::write(&path, VALID.replacen(from, to, 1)).unwrap();
        path.to_str().unwrap().to_string()
    };
    let bad_strategy = deep.join("bad-strategy.toml");
    std::fs::write(
        &bad_strategy,
        "kind = \"lookup\"\nname = \"x\"\nplays = \"CX\"\n",
    )
    .unwrap();
    let cases: Vec<ErrorCase> = vec![
        (
            "unknown key",
            vec![scenario("key", "turns = 20", "turnz = 20")],
            vec![],
            2,
            "did you mean `turns`",
        ),
        (
            "wrong type",
            vec![scenario("type", "turns = 20", "turns = \"twenty\"")],
            vec![],
            2,
            "expected an integer",
        ),
        (
            "out of range",
            vec![scenario("range", "noise = 0.0", "noise = 1.5")],
            vec![],
            2,
            "between 0 and 1, got 1.5",
        ),
        (
            "unknown strategy",
            vec![scenario(
                "typo",
                "strategy = \"tit-for-tat\"",
                "strategy = \"tit-for-tatt\"",
            )],
            vec![],
            2,
            "did you mean `tit-for-tat`",
        ),
        (
            "syntax",
            vec![scenario("syntax", "seed = 3", "seed = = 3")],
            vec![],
            2,
            "not valid TOML",
        ),
        (
            "unknown kind",
            vec![scenario(
                "kind",
                "kind = \"tournament\"",
                "kind = \"tournamant\"",
            )],
            vec![],
            2,
            "allowed: tournament",
        ),
        (
            "work limit",
            vec![scenario(
                "huge",
                "repetitions = 2",
                "repetitions = 4294967294",
            )],
            vec![],
            2,
            "use fewer repetitions",
        ),
        (
            "missing file",
            vec![
                deep.join("no-such-scenario.toml")
                    .to_str()
                    .unwrap()
                    .to_string(),
            ],
            vec![],
            2,
            "cannot read the scenario file",
        ),
        (
            "strategy file",
            vec![scenario(
                "file",
                "strategy = \"tit-for-tat\"",
                &format!("strategy = \"{}\"", bad_strategy.display()),
            )],
            vec![],
            2,
            "bad-strategy.toml",
        ),
        (
            "option value",
            vec![
                "match".into(),
                "tit-for-tat".into(),
                "defector".into(),
                "--payoffs".into(),
                "3,0,five,1".into(),
            ],
            vec![],
            2,
            "--payoffs",
        ),
        (
            "unknown strategy on the command line",
            vec!["match".into(), "tit-for-tatt".into(), "defector".into()],
            vec![],
            2,
            "did you mean `tit-for-tat`",
        ),
        ("usage", vec!["frobnicate".into()], vec![], 2, "frobnicate"),
        (
            "output folder",
            vec![
                scenario("out", "seed = 3", "seed = 4"),
                "--out".into(),
                "/proc/version/out".into(),
            ],
            vec![],
            2,
            "not a folder",
        ),
        (
            "warning",
            vec![
                "match".into(),
                "tit-for-tat".into(),
                "defector".into(),
                "--payoffs".into(),
                "1,2,3,4".into(),
            ],
            vec![],
            0,
            "warning: payoffs",
        ),
        (
            "bug",
            vec!["strategies".into()],
            vec![("DILEMMA_TEST_PANIC", "start"), ("RUST_BACKTRACE", "0")],
            70,
            "This is a bug in dilemma",
        ),
    ];
    for (class, args, env, code, said) in &cases {
        let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
        if args[0].ends_with(".toml") {
            args.splice(0..0, ["run", "--quiet"]);
        }
        if *class == "output folder" && !std::path::Path::new("/proc/version").exists() {
            continue;
        }
        let (piped_code, piped_text) = piped(&dir, &args, env);
        let (terminal_code, shown) = on_terminal(&dir, &args, env);
        assert_eq!(piped_code, Some(*code), "{class}: {piped_text}");
        assert_eq!(terminal_code, Some(*code), "{class}: {shown}");
        assert!(
            shown.contains(said) || shown.replace("\n  ", " ").contains(said),
            "{class}: `{said}` not in\n{shown}"
        );
        assert!(
            too_wide(&shown).is_empty(),
            "{class}: lines over 80 columns:\n{shown}"
        );
        // Nothing lost or cut: the same words as the piped message.
        let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&shown), words(&piped_text), "{class}");
        // Paths stay whole on one line.
        let path = deep.to_str().unwrap();
        if piped_text.contains(path) {
            assert!(shown.contains(path), "{class}: a path was cut:\n{shown}");
        }
    }
    // The long one of the issue: a typo, ~300 characters on one line when piped.
    let (_, typo) = piped(&dir, &["match", "tit-for-tatt", "defector"], &[]);
    assert!(
        typo.trim_end().lines().count() == 1 && typo.len() > 250,
        "{typo}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
