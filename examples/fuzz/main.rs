//! `fuzz`: a long-running structured fuzzer for `dilemma` on stable Rust
//! (cargo-fuzz needs nightly). It is an example, not a binary, so `cargo
//! install` does not install it. Run it with:
//!
//! ```text
//! nice -n 19 cargo run --release --example fuzz -- --minutes 30 [--seed N] [--run-share 0.3] [--timeout 5] [--only CLASS]
//! ```
//!
//! Under `cargo run` it first builds the release `dilemma` binary it drives
//! (`cargo build --release --bin dilemma`, a no-op when up to date); run
//! directly, it expects `target/release/dilemma` built already.
//!
//! Each input is one of: a shipped scenario (scenarios/, not its
//! reference/ folder) parsed as TOML and mutated (fields set,
//! scaled, deleted, added, grown, nested, retyped, spliced from other files,
//! then sometimes the text itself damaged); a strategy file mutated the same
//! way and named by a small tournament; a deep or huge definition (a chain of
//! files transforming each other, thousands of transformers, nested meta
//! teams or inline definitions); a Gambit .nfg file with damaged tokens; a
//! random command line; a study run as shards and merged (`shards`: the
//! merge must equal the single run; or one shard file damaged first, which
//! the merge must refuse naming the shard, or accept only if its results
//! still equal the single run's); a scenario run on 1, 2 and 3 threads
//! (`threads`: the three results folders must be byte-identical, run.json
//! compared without `threads` and the fields ending in `_seconds` or
//! `_per_second`, the rule of tests/suite/cli_shards.rs). `--only CLASS` keeps
//! one class.
//!
//! Every input is first loaded in-process by a worker (this binary with
//! `--worker`, so that a crash kills only the worker): scenario files with
//! `scenario::load`, .nfg text with `read_nfg`, command lines with clap. A
//! share of the inputs is then run by the real `dilemma` binary (found in
//! the folder above this example's, `target/release/`) with a time limit. Rules: the worker answers (no panic, no
//! stack overflow, no abort); the binary exits 0, 1 or 2 with no panic
//! message and no Rust debug text. An input that breaks a rule is copied to
//! tests/fuzz_corpus/<class>/<id>/ (the regression corpus that
//! tests/suite/fuzz_regressions.rs runs) with `args.json`, the command line to
//! replay it (a shard damage is saved as the damage done: `{truncate} FILE
//! N`, `{set-byte} FILE OFFSET VALUE`, `{remove} FILE` or `{write} FILE
//! SAVED` with the damaged bytes saved beside); an input that outlives the
//! time limit is kept in target/fuzz/slow/ for review (work limits decide
//! what is too long).
//!
//! Cases run in target/fuzz/scratch/case/ with a copy of the repository's
//! strategies/ beside it and a copy of scenarios/games/ inside it: copies,
//! never links, so that no case can write into the repository (one did,
//! through a link, and created strategies/strategies). After every case the
//! repository's strategies/, scenarios/ and games/ must hold the same paths
//! (else the run stops at once, exit 1, the case kept in target/fuzz/escape/)
//! and the scratch copy the same files (else a failure, and a fresh copy);
//! at the end `git status` of those folders must show no path it did not
//! show at the start (else exit 1).

mod mutate;

use clap::CommandFactory;
use mutate::{Dictionary, Rng};
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};
use toml::Value;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--worker") {
        worker();
        return;
    }
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let minutes: f64 = option("--minutes").map_or(1.0, |m| m.parse().expect("--minutes"));
    let seed: u64 = option("--seed").map_or_else(
        || {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_secs())
        },
        |s| s.parse().expect("--seed"),
    );
    let run_share: f64 = option("--run-share").map_or(0.3, |s| s.parse().expect("--run-share"));
    let timeout: f64 = option("--timeout").map_or(5.0, |s| s.parse().expect("--timeout"));
    let root =
        option("--repo").map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    let only = option("--only");
    let mut fuzzer = Fuzzer::new(&root, seed, run_share, Duration::from_secs_f64(timeout));
    fuzzer.only = only;
    fuzzer.go(Duration::from_secs_f64(minutes * 60.0));
}

/// The `dilemma` binary of this build: `target/<profile>/dilemma`, beside the
/// `examples/` folder this example runs from. Under `cargo run` (the `CARGO`
/// variable is set) it is built first, so it matches the sources.
fn dilemma_binary(root: &Path) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe
        .parent()
        .and_then(|examples| examples.parent())
        .expect("the example runs from target/<profile>/examples/");
    if let Ok(cargo) = std::env::var("CARGO") {
        let release = profile_dir.file_name().is_some_and(|n| n == "release");
        let mut build = Command::new(cargo);
        build
            .args(["build", "--quiet", "--bin", "dilemma", "--manifest-path"])
            .arg(root.join("Cargo.toml"));
        if release {
            build.arg("--release");
        }
        let status = build.status().expect("cargo build --bin dilemma");
        assert!(status.success(), "cargo build --bin dilemma failed");
    }
    profile_dir.join("dilemma")
}

/// The in-process half: reads `kind<TAB>path` lines, answers one line each.
fn worker() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { return };
        let Some((kind, path)) = line.split_once('\t') else {
            continue;
        };
        let answer = match kind {
            "scenario" => match dilemma::scenario::load(Path::new(path)) {
                Ok(loaded) => format!("ok {}", estimate_words(&loaded)),
                Err(e) => format!("err {}", one_line(&e.to_string())),
            },
            "game" => {
                let source = dilemma::scenario::Source::read(Path::new(path));
                match source.and_then(|s| dilemma::scenario::game_file::parse_game_file(&s)) {
                    Ok(_) => "ok".to_string(),
                    Err(e) => format!("err {}", one_line(&e.to_string())),
                }
            }
            "nfg" => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                match dilemma::normal_form::nfg::read_nfg(&text) {
                    Ok(_) => "ok".to_string(),
                    Err(e) => format!("err {}", one_line(&e.to_string())),
                }
            }
            "cli" => {
                let text = std::fs::read_to_string(path).unwrap_or_default();
                let argv: Vec<String> = serde_json::from_str(&text).unwrap_or_default();
                let argv =
                    std::iter::once("dilemma".to_string()).chain(argv.into_iter().map(|a| {
                        a.replace("{dir}", Path::new(path).parent().unwrap().to_str().unwrap())
                    }));
                match <dilemma::cli::Cli as clap::Parser>::try_parse_from(argv) {
                    Ok(_) => "ok".to_string(),
                    Err(e) => format!("err {}", one_line(&e.to_string())),
                }
            }
            _ => "err unknown kind".to_string(),
        };
        if writeln!(out, "{answer}")
            .and_then(|()| out.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The work model's estimate of a loaded scenario, in words for the slow
/// log: `lifted` when `[limits] none = true`, else the largest share of a
/// limit, e.g. `0.031 of the limit: 310000000 turns to simulate of 10000000000`.
fn estimate_words(loaded: &dilemma::scenario::Loaded) -> String {
    if loaded.limits_lifted {
        return "lifted".into();
    }
    let estimates = dilemma::scenario::work::estimate(&loaded.scenario);
    let top = estimates.iter().max_by(|a, b| {
        let share = |e: &dilemma::scenario::work::Estimate| e.amount as f64 / e.limit as f64;
        share(a).total_cmp(&share(b))
    });
    match top {
        Some(e) => format!(
            "{:.4} of the limit: {} {} of {}",
            e.amount as f64 / e.limit as f64,
            e.amount,
            e.measure,
            e.limit
        ),
        None => "none: this kind has no work estimate".into(),
    }
}

fn one_line(text: &str) -> String {
    text.chars()
        .take(300)
        .map(|c| if c == '\n' { ' ' } else { c })
        .collect()
}

struct Worker {
    child: Child,
    stdin: ChildStdin,
    answers: Receiver<String>,
    stderr: PathBuf,
}

impl Worker {
    fn start(stderr: &Path) -> Worker {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .arg("--worker")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(stderr).unwrap())
            .spawn()
            .expect("start the worker");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, answers) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Worker {
            child,
            stdin,
            answers,
            stderr: stderr.to_path_buf(),
        }
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// How one input went.
enum Verdict {
    Fine,
    /// Broke a rule: the class of failure and its signature.
    Broken(String),
    /// Outlived the time limit.
    Slow(String),
}

/// One generated input: its files (written into the case folder), the
/// worker request and the `dilemma` command lines run one after another
/// (`{dir}` is the case folder; an argument `X/*` stands for the entries of
/// folder X; the pseudo-commands `{damage} X` and `{same} A B` damage one
/// file under X and compare two result folders byte for byte).
struct Case {
    class: &'static str,
    /// Name and bytes (a damaged shard file's bytes are not always UTF-8).
    files: Vec<(String, Vec<u8>)>,
    load: (&'static str, String),
    commands: Vec<Vec<String>>,
    note: String,
}

struct Fuzzer {
    root: PathBuf,
    rng: Rng,
    run_share: f64,
    timeout: Duration,
    scratch: PathBuf,
    binary: PathBuf,
    scenarios: Vec<(String, Value)>,
    strategies: Vec<(String, Value)>,
    /// The attention network file: each run reads 51 MB of weights, so it
    /// is picked rarely.
    attention: Vec<(String, Value)>,
    game_files: Vec<(String, Value)>,
    nfgs: Vec<String>,
    dictionary: Dictionary,
    known_args: Vec<String>,
    subcommands: Vec<mutate::Subcommand>,
    worker: Worker,
    stats: HashMap<&'static str, usize>,
    signatures: HashMap<String, usize>,
    guard: Guard,
    /// `--only CLASS`: inputs of that class only.
    only: Option<String>,
}

fn read_tomls(folder: &Path, skip: impl Fn(&str) -> bool) -> Vec<(String, Value)> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(folder)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".toml") || skip(&name) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if let Ok(table) = text.parse::<toml::Table>() {
            out.push((name, Value::Table(table)));
        }
    }
    out
}

impl Fuzzer {
    fn new(root: &Path, seed: u64, run_share: f64, timeout: Duration) -> Fuzzer {
        // scenarios/reference/ (the huge axelrod reference tournaments) is
        // not read: only the folder's own files.
        let mut scenarios = read_tomls(&root.join("scenarios"), |_| false);
        // The templates of `dilemma new KIND`: every key of every kind.
        scenarios.extend(
            read_tomls(&root.join("src/scenario/templates"), |_| false)
                .into_iter()
                .map(|(n, v)| (format!("template {n}"), v)),
        );
        let mut strategies = read_tomls(&root.join("strategies"), |_| false);
        strategies.extend(read_tomls(&root.join("strategies/axelrod"), |_| false));
        let (attention, mut strategies): (Vec<_>, Vec<_>) = strategies
            .into_iter()
            .partition(|(_, v)| v.get("kind").and_then(Value::as_str) == Some("attention"));
        // Meta teams name the attention network too: left out of the seeds.
        for (_, doc) in &mut strategies {
            if let Some(Value::Array(team)) = doc.get_mut("team") {
                team.retain(|m| m.as_str() != Some("evolved-attention"));
            }
        }
        let game_files = read_tomls(&root.join("scenarios/games"), |_| false);
        let nfgs = vec![
            std::fs::read_to_string(root.join("scenarios/games/prisoners-dilemma.nfg")).unwrap(),
        ];
        let mut subtrees = Vec::new();
        let mut keys = Vec::new();
        for (_, value) in scenarios.iter().chain(&strategies) {
            mutate::subtrees(value, &mut subtrees, usize::MAX);
            mutate::keys(value, &mut keys);
        }
        subtrees.retain(|v| {
            toml::to_string(&Value::Array(vec![v.clone()])).map_or(0, |t| t.len()) < 4000
        });
        let mut known_args = Vec::new();
        let mut subcommands = Vec::new();
        for sub in dilemma::cli::Cli::command().get_subcommands() {
            let mut longs = Vec::new();
            let mut values = Vec::new();
            for arg in sub.get_arguments() {
                if let Some(long) = arg.get_long() {
                    known_args.push(format!("--{long}"));
                    longs.push((format!("--{long}"), arg.get_action().takes_values()));
                }
                for v in arg.get_possible_values() {
                    values.push(v.get_name().to_string());
                }
            }
            subcommands.push(mutate::Subcommand {
                name: sub.get_name().to_string(),
                longs,
                values,
            });
        }
        let scratch = root.join("target/fuzz/scratch");
        make_writable(&scratch);
        let _ = std::fs::remove_dir_all(&scratch);
        std::fs::create_dir_all(&scratch).unwrap();
        // Names resolve as in the repository: strategies/ beside the case
        // folder's parent (a copy, never a link: a case that writes into it
        // must not reach the repository; a case once created
        // strategies/strategies there through a link), games/ beside the
        // scenario (copied into each case folder).
        copy_tree(&root.join("strategies"), &scratch.join("strategies"));
        let guard = Guard::new(root, &scratch);
        let binary = dilemma_binary(root);
        assert!(
            binary.exists(),
            "{} is missing: build it first (cargo build --release --bin dilemma)",
            binary.display()
        );
        let worker = Worker::start(&scratch.join("worker.stderr"));
        println!(
            "fuzz: seed {seed}, {} scenarios and templates, {} strategy files (+{} attention), \
             {} game files, {} subcommands, binary {}",
            scenarios.len(),
            strategies.len(),
            attention.len(),
            game_files.len(),
            subcommands.len(),
            binary.display()
        );
        Fuzzer {
            root: root.to_path_buf(),
            rng: Rng::new(seed),
            run_share,
            timeout,
            scratch,
            binary,
            scenarios,
            strategies,
            attention,
            game_files,
            nfgs,
            dictionary: Dictionary { subtrees, keys },
            known_args,
            subcommands,
            worker,
            stats: HashMap::new(),
            signatures: HashMap::new(),
            guard,
            only: None,
        }
    }

    fn go(&mut self, budget: Duration) {
        let started = Instant::now();
        let mut last_report = Instant::now();
        let mut tried = 0usize;
        while started.elapsed() < budget {
            let mut case = self.generate();
            while self.only.as_deref().is_some_and(|c| c != case.class) {
                case = self.generate();
            }
            tried += 1;
            *self.stats.entry(case.class).or_default() += 1;
            let mut verdict = self.try_case(&mut case);
            if let Some(escape) = self.guard.wrote_outside(&case) {
                verdict = Verdict::Broken(escape);
            }
            match verdict {
                Verdict::Fine => {}
                Verdict::Broken(signature) => self.keep(&case, &signature),
                Verdict::Slow(what) => self.keep_slow(&case, &what),
            }
            if last_report.elapsed() > Duration::from_secs(60) {
                last_report = Instant::now();
                self.report(tried, started.elapsed());
            }
        }
        self.worker.stop();
        self.report(tried, started.elapsed());
        self.guard.check_git_status();
    }

    fn report(&self, tried: usize, elapsed: Duration) {
        let mut classes: Vec<_> = self.stats.iter().collect();
        classes.sort();
        println!(
            "fuzz: {tried} inputs in {:.1} min ({classes:?}); {} distinct failures, {} inputs kept",
            elapsed.as_secs_f64() / 60.0,
            self.signatures.len(),
            self.signatures.values().sum::<usize>()
        );
    }

    fn generate(&mut self) -> Case {
        let dir = "{dir}";
        let roll = self.rng.below(100);
        if roll < 48 {
            let (name, doc) = self.rng.pick(&self.scenarios).clone();
            let mut doc = doc;
            let mut steps = Vec::new();
            if self.rng.chance(0.25) {
                steps.extend(mutate::graft(&mut self.rng, &mut doc, &self.scenarios));
            }
            // Half the inputs are stretched gently, so most of them run.
            let gentle = self.rng.chance(0.5);
            if gentle {
                steps.extend(mutate::stretch(&mut self.rng, &mut doc));
            } else {
                steps.extend(mutate::mutate(&mut self.rng, &mut doc, &self.dictionary));
            }
            let mut text = toml::to_string(&doc).unwrap_or_default();
            let mut note = format!("{name}: {}", steps.join("; "));
            if !gentle && self.rng.chance(0.15) {
                text = mutate::damage_text(&mut self.rng, &text);
                note.push_str("; text damaged");
            }
            let argv = self.run_options(run_argv(dir));
            Case {
                class: "scenario",
                files: vec![("scenario.toml".into(), text.into_bytes())],
                load: ("scenario", "scenario.toml".into()),
                commands: vec![argv],
                note,
            }
        } else if roll < 52 {
            self.shards_case()
        } else if roll < 56 {
            self.threads_case()
        } else if roll < 73 {
            let pool = if self.rng.chance(0.005) {
                &self.attention
            } else {
                &self.strategies
            };
            let (name, doc) = self.rng.pick(pool).clone();
            let mut doc = doc;
            let steps = if self.rng.chance(0.3) {
                mutate::stretch(&mut self.rng, &mut doc)
            } else {
                mutate::mutate(&mut self.rng, &mut doc, &self.dictionary)
            };
            let mut text = toml::to_string(&doc).unwrap_or_default();
            if self.rng.chance(0.15) {
                text = mutate::damage_text(&mut self.rng, &text);
            }
            // Named by a small tournament, or played in `dilemma match`.
            let argv = if self.rng.chance(0.25) {
                let mut argv: Vec<String> = ["match", "tit-for-tat", "{dir}/strategy.toml"]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                if self.rng.chance(0.5) {
                    argv.extend(["--turns".into(), self.rng.below(300).to_string()]);
                }
                if self.rng.chance(0.3) {
                    argv.push("--json".into());
                }
                argv
            } else {
                run_argv(dir)
            };
            Case {
                class: "strategy",
                files: vec![
                    ("strategy.toml".into(), text.into_bytes()),
                    (
                        "scenario.toml".into(),
                        wrapper("./strategy.toml").into_bytes(),
                    ),
                ],
                load: ("scenario", "scenario.toml".into()),
                commands: vec![argv],
                note: format!("{name}: {}", steps.join("; ")),
            }
        } else if roll < 77 {
            let (mut files, name) = mutate::deep_definition(&mut self.rng);
            let note = format!(
                "{} files, the first {} bytes",
                files.len(),
                files[0].1.len()
            );
            files.push(("scenario.toml".into(), wrapper(&name)));
            Case {
                class: "deep",
                files: files
                    .into_iter()
                    .map(|(n, t)| (n, t.into_bytes()))
                    .collect(),
                load: ("scenario", "scenario.toml".into()),
                commands: vec![run_argv(dir)],
                note,
            }
        } else if roll < 84 {
            let (text, note) = match self.rng.below(10) {
                0..=4 => {
                    let source = self.rng_pick_nfg().to_string();
                    (mutate::mutate_nfg(&mut self.rng, &source), "nfg tokens")
                }
                5..=7 => (mutate::random_nfg(&mut self.rng), "random nfg"),
                _ => {
                    let source = mutate::random_nfg(&mut self.rng);
                    (
                        mutate::mutate_nfg(&mut self.rng, &source),
                        "random nfg, tokens",
                    )
                }
            };
            let mut argv = vec!["game".to_string(), format!("{dir}/game.nfg")];
            if self.rng.chance(0.3) {
                argv.push("--json".into());
            }
            Case {
                class: "nfg",
                files: vec![("game.nfg".into(), text.into_bytes())],
                load: ("nfg", "game.nfg".into()),
                commands: vec![argv],
                note: note.into(),
            }
        } else if roll < 88 {
            let (name, doc) = self.rng.pick(&self.game_files).clone();
            let mut doc = doc;
            let steps = mutate::mutate(&mut self.rng, &mut doc, &self.dictionary);
            let mut text = toml::to_string(&doc).unwrap_or_default();
            if self.rng.chance(0.15) {
                text = mutate::damage_text(&mut self.rng, &text);
            }
            let mut argv = vec!["game".to_string(), format!("{dir}/game.toml")];
            if self.rng.chance(0.3) {
                argv.push("--json".into());
            }
            Case {
                class: "gamefile",
                files: vec![("game.toml".into(), text.into_bytes())],
                load: ("game", "game.toml".into()),
                commands: vec![argv],
                note: format!("{name}: {}", steps.join("; ")),
            }
        } else {
            let argv = if self.rng.chance(0.7) {
                let i = self.rng.below(self.subcommands.len());
                mutate::subcommand_line(&mut self.rng, &self.subcommands[i])
            } else {
                mutate::command_line(&mut self.rng, &self.known_args)
            };
            // Nothing that could write into the shipped games or strategies
            // (both are linked into the scratch folders).
            let argv: Vec<String> = argv
                .into_iter()
                .filter(|a| !a.contains("games") && !a.contains("strategies/"))
                .collect();
            Case {
                class: "cli",
                files: vec![(
                    "args.json".into(),
                    serde_json::to_string(&argv).unwrap().into_bytes(),
                )],
                load: ("cli", "args.json".into()),
                commands: vec![argv],
                note: "command line".into(),
            }
        }
    }

    /// Options added to a scenario's `run`: a seed, JSON, a shard, rarely
    /// `--no-limit`.
    fn run_options(&mut self, mut argv: Vec<String>) -> Vec<String> {
        if self.rng.chance(0.1) {
            argv.extend([
                "--seed".into(),
                self.rng.pick(&[0u64, 1, 7, 1 << 40]).to_string(),
            ]);
        }
        if self.rng.chance(0.05) {
            argv.push("--json".into());
        }
        if self.rng.chance(0.08) {
            let n = *self.rng.pick(&[1usize, 2, 3, 4, 7]);
            let i = self.rng.below(n + 1);
            argv.extend(["--shard".into(), format!("{i}/{n}")]);
        }
        if self.rng.chance(0.02) {
            argv.push("--no-limit".into());
        }
        argv
    }

    /// A study run as shards and merged: each shard, the merge, and the
    /// single run the merge must equal byte for byte; or a shard's file
    /// damaged before the merge, which must be refused cleanly.
    fn shards_case(&mut self) -> Case {
        let shardable: Vec<(String, Value)> = self
            .scenarios
            .iter()
            .filter(|(_, v)| {
                let kind = v
                    .get("kind")
                    .and_then(Value::as_str)
                    .unwrap_or("tournament");
                kind == "fixation"
                    || (kind == "tournament" && !is_big(v))
                    || v.get("sweep").is_some()
            })
            .cloned()
            .collect();
        let (name, mut doc) = self.rng.pick(&shardable).clone();
        // A light mutation (a field or two), so most still run.
        let mut steps = Vec::new();
        if self.rng.chance(0.5) {
            let mut light = doc.clone();
            steps = mutate::mutate(&mut self.rng, &mut light, &self.dictionary);
            doc = light;
        }
        if let Value::Table(t) = &mut doc {
            t.insert("name".into(), Value::String("fuzz".into()));
        }
        let text = toml::to_string(&doc).unwrap_or_default();
        let n = 2 + self.rng.below(3);
        let mut commands = Vec::new();
        for i in 0..n {
            let mut argv = run_argv("{dir}");
            argv[3] = "{dir}/shards".into();
            argv.extend(["--shard".into(), format!("{i}/{n}")]);
            commands.push(argv);
        }
        let damaged = self.rng.chance(0.4);
        if damaged {
            commands.push(vec!["{damage}".into(), "{dir}/shards".into()]);
        }
        commands.push(
            [
                "merge",
                "{dir}/shards/*",
                "--out",
                "{dir}/merged",
                "--quiet",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        );
        // Also after a damage: a merge that accepts a damaged shard must
        // still equal the single run (the damage was harmless, say a file
        // merge does not read); the commands stop at the merge's refusal.
        let mut single = run_argv("{dir}");
        single[3] = "{dir}/single".into();
        commands.push(single);
        commands.push(vec![
            "{same}".into(),
            "{dir}/merged/fuzz".into(),
            "{dir}/single/fuzz".into(),
        ]);
        Case {
            class: "shards",
            files: vec![("scenario.toml".into(), text.into_bytes())],
            load: ("scenario", "scenario.toml".into()),
            commands,
            note: format!(
                "{name} in {n} shards{}: {}",
                if damaged { ", one file damaged" } else { "" },
                steps.join("; ")
            ),
        }
    }

    /// One scenario run on 1, 2 and 3 threads: the three results folders
    /// must be byte-identical (run.json compared without its thread count
    /// and timings, as tests/suite/cli_shards.rs does).
    fn threads_case(&mut self) -> Case {
        let candidates: Vec<(String, Value)> = self
            .scenarios
            .iter()
            .filter(|(_, v)| !is_big(v))
            .cloned()
            .collect();
        let (name, mut doc) = self.rng.pick(&candidates).clone();
        let steps = match self.rng.below(10) {
            0..=4 => mutate::stretch(&mut self.rng, &mut doc),
            5..=7 => mutate::mutate(&mut self.rng, &mut doc, &self.dictionary),
            _ => Vec::new(),
        };
        if let Value::Table(t) = &mut doc {
            t.insert("name".into(), Value::String("fuzz".into()));
        }
        let text = toml::to_string(&doc).unwrap_or_default();
        let seed = self
            .rng
            .chance(0.2)
            .then(|| self.rng.pick(&[0u64, 7, 1 << 40]).to_string());
        let mut commands = Vec::new();
        for threads in 1..=3 {
            let mut argv = run_argv("{dir}");
            argv[3] = format!("{{dir}}/t{threads}");
            argv[6] = threads.to_string();
            if let Some(seed) = &seed {
                argv.extend(["--seed".into(), seed.clone()]);
            }
            commands.push(argv);
        }
        for other in ["{dir}/t2", "{dir}/t3"] {
            commands.push(vec!["{same}".into(), "{dir}/t1".into(), other.into()]);
        }
        Case {
            class: "threads",
            files: vec![("scenario.toml".into(), text.into_bytes())],
            load: ("scenario", "scenario.toml".into()),
            commands,
            note: format!("{name} on 1, 2 and 3 threads: {}", steps.join("; ")),
        }
    }

    fn rng_pick_nfg(&mut self) -> &str {
        let i = self.rng.below(self.nfgs.len());
        &self.nfgs[i]
    }

    fn case_dir(&self) -> PathBuf {
        self.scratch.join("case")
    }

    fn try_case(&mut self, case: &mut Case) -> Verdict {
        let dir = self.case_dir();
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        copy_tree(&self.root.join("scenarios/games"), &dir.join("games"));
        for (name, text) in &case.files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        let estimate = match self.load(case.load.0, &dir.join(&case.load.1)) {
            Ok(answer) => answer,
            Err(verdict) => return verdict,
        };
        let loaded = estimate.is_some();
        if loaded {
            *self.stats.entry("(loaded)").or_default() += 1;
        }
        // Shard and thread studies always run: their point is the comparison.
        if case.class == "shards"
            || case.class == "threads"
            || (loaded && self.rng.chance(self.run_share))
            || self.rng.chance(0.03)
        {
            let estimate = estimate.unwrap_or_else(|| "not loaded".into());
            return self.run(case, &dir, &estimate);
        }
        Verdict::Fine
    }

    /// Asks the worker; Ok(Some(the estimate in words)) when the input
    /// loaded, Ok(None) when it was refused.
    fn load(&mut self, kind: &str, path: &Path) -> Result<Option<String>, Verdict> {
        let request = format!("{kind}\t{}\n", path.display());
        if self.worker.stdin.write_all(request.as_bytes()).is_err() {
            return Err(self.worker_died());
        }
        let _ = self.worker.stdin.flush();
        let cpu_before = cpu_seconds(self.worker.child.id()).unwrap_or(0.0);
        let started = Instant::now();
        let answer = loop {
            match self.worker.answers.recv_timeout(Duration::from_millis(200)) {
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    let cpu = cpu_seconds(self.worker.child.id()).unwrap_or(0.0) - cpu_before;
                    if cpu <= self.timeout.as_secs_f64() && started.elapsed() < self.timeout * 10 {
                        continue;
                    }
                    break Err(std::sync::mpsc::RecvTimeoutError::Timeout);
                }
                other => break other,
            }
        };
        match answer {
            Ok(answer) if answer == "ok" => Ok(Some(String::new())),
            Ok(answer) => Ok(answer.strip_prefix("ok ").map(str::to_string)),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                self.worker.stop();
                self.worker = Worker::start(&self.worker.stderr.clone());
                Err(Verdict::Slow(format!(
                    "load of {kind} over {:?} of CPU (a slow parser or validator: no work \
                     model applies before loading)",
                    self.timeout
                )))
            }
            Err(_) => Err(self.worker_died()),
        }
    }

    fn worker_died(&mut self) -> Verdict {
        let status = self.worker.child.wait().ok();
        let stderr = std::fs::read_to_string(&self.worker.stderr).unwrap_or_default();
        self.worker = Worker::start(&self.worker.stderr.clone());
        Verdict::Broken(format!("load: {}", signature(&stderr, status)))
    }

    /// Runs the case's commands in order until one fails. A `{damage} X`
    /// step is replaced in the case by the damage actually done (see
    /// [`choose_damage`]), so a saved case replays it exactly.
    fn run(&mut self, case: &mut Case, dir: &Path, estimate: &str) -> Verdict {
        for step in 0..case.commands.len() {
            let argv = expand(&case.commands[step], dir);
            match argv.first().map(String::as_str) {
                Some("{damage}") => {
                    if let Some((concrete, extra, words)) =
                        choose_damage(&mut self.rng, Path::new(&argv[1]), dir)
                    {
                        if let Some((name, bytes)) = extra {
                            let _ = std::fs::write(dir.join(&name), &bytes);
                            case.files.push((name, bytes));
                        }
                        apply_damage(&expand(&concrete, dir));
                        case.commands[step] = concrete;
                        case.note.push_str(&format!("; damaged: {words}"));
                    }
                    continue;
                }
                Some("{same}") => {
                    if let Some(difference) = differs(Path::new(&argv[1]), Path::new(&argv[2])) {
                        let what = if case.class == "threads" {
                            "thread counts differ"
                        } else if case.note.contains("damaged: ") {
                            "a damaged shard was merged into other results"
                        } else {
                            "merge differs"
                        };
                        return Verdict::Broken(format!("{what}: {difference}"));
                    }
                    continue;
                }
                _ => {}
            }
            let started = Instant::now();
            let (verdict, code) = self.run_one(case, dir, &argv, step);
            if let Verdict::Slow(what) = verdict {
                let lifted = argv.iter().any(|a| a == "--no-limit") || estimate == "lifted";
                let what = format!(
                    "{what} ({:.1} s wall); {}; command {argv:?}",
                    started.elapsed().as_secs_f64(),
                    if lifted {
                        "the work limit was lifted".to_string()
                    } else if argv.first().is_some_and(|a| a == "run") {
                        format!("work estimate {estimate}")
                    } else {
                        "a command (its own limits apply)".to_string()
                    }
                );
                return Verdict::Slow(what);
            }
            if !matches!(verdict, Verdict::Fine) || code != Some(0) {
                return verdict;
            }
        }
        Verdict::Fine
    }

    /// Runs one command; the verdict and the exit code.
    fn run_one(
        &mut self,
        case: &Case,
        dir: &Path,
        argv: &[String],
        step: usize,
    ) -> (Verdict, Option<i32>) {
        let stdout = std::fs::File::create(dir.join(format!("stdout-{step}.txt"))).unwrap();
        let stderr_path = dir.join(format!("stderr-{step}.txt"));
        let stderr = std::fs::File::create(&stderr_path).unwrap();
        let mut child = match Command::new(&self.binary)
            .args(argv)
            .current_dir(dir)
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
        {
            Ok(child) => child,
            Err(e) => return (Verdict::Broken(format!("spawn: {e}")), None),
        };
        let started = Instant::now();
        let status = loop {
            if let Ok(Some(status)) = child.try_wait() {
                break status;
            }
            // CPU time, not wall time: on a shared machine at nice 19 a
            // quick run can wait seconds for a core. Wall time is capped at
            // ten times the limit.
            let cpu = cpu_seconds(child.id()).unwrap_or(0.0);
            if cpu > self.timeout.as_secs_f64() || started.elapsed() > self.timeout * 10 {
                let _ = child.kill();
                let _ = child.wait();
                return (
                    Verdict::Slow(format!(
                        "run killed at {cpu:.1} s of CPU (limit {:?} of CPU, or ten times \
                         that of wall time)",
                        self.timeout
                    )),
                    None,
                );
            }
            std::thread::sleep(Duration::from_millis(3));
        };
        let stderr = read_prefix(&stderr_path, 20_000);
        let code = status.code();
        *self
            .stats
            .entry(match code {
                Some(0) => "(exit 0)",
                Some(1) => "(exit 1)",
                Some(2) => "(exit 2)",
                _ => "(exit other)",
            })
            .or_default() += 1;
        let panicked = stderr.contains("panicked")
            || stderr.contains("RUST_BACKTRACE")
            || stderr.contains("internal error");
        let debug_text = ["Os {", "Custom {", "kind: ", "code: Some("]
            .iter()
            .any(|s| stderr.contains(s));
        if !matches!(code, Some(0..=2)) || panicked {
            return (
                Verdict::Broken(format!("run: {}", signature(&stderr, Some(status)))),
                code,
            );
        }
        if debug_text {
            return (
                Verdict::Broken(format!("run: debug text: {}", one_line(&stderr))),
                code,
            );
        }
        if code == Some(2) && !clear_error(argv, &stderr) {
            return (
                Verdict::Broken(format!("unclear error: {}", one_line(&stderr))),
                code,
            );
        }
        if code == Some(1) {
            // Exit 1 is for failures while running; keep a log to review
            // whether the input was the cause.
            let log = self.root.join("target/fuzz/exit1.log");
            if let Ok(mut f) = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(log)
            {
                let _ = writeln!(f, "{} | {} | {}", case.class, case.note, one_line(&stderr));
            }
        }
        (Verdict::Fine, code)
    }

    fn keep(&mut self, case: &Case, signature: &str) {
        if signature.starts_with(ESCAPE) {
            // Saved, then the run stops: the repository must be cleaned by
            // hand before any further fuzzing.
            let target = self.root.join("target/fuzz/escape");
            save(case, &target, signature);
            if signature.contains("the repository") {
                eprintln!(
                    "fuzz: STOP: {signature}\n      from [{}] {}\n      the case is in {}",
                    case.class,
                    case.note,
                    target.display()
                );
                std::process::exit(1);
            }
        }
        let count = self.signatures.entry(signature.to_string()).or_default();
        *count += 1;
        if *count > 3 {
            return;
        }
        println!(
            "fuzz: FAILURE [{}] {signature}\n      from {}",
            case.class, case.note
        );
        let id = format!("{:016x}", hash(signature) ^ (*count as u64));
        let target = self
            .root
            .join("tests/fuzz_corpus")
            .join(case.class)
            .join(id);
        save(case, &target, signature);
    }

    fn keep_slow(&mut self, case: &Case, what: &str) {
        let n = self.stats.get("(slow)").copied().unwrap_or(0);
        self.stats.insert("(slow)", n + 1);
        if n >= 200 {
            return;
        }
        let target = self.root.join("target/fuzz/slow").join(format!("{n:04}"));
        save(case, &target, what);
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.root.join("target/fuzz/slow.log"))
        {
            let _ = writeln!(f, "{n:04} | {} | {} | {what}", case.class, case.note);
        }
    }
}

/// The start of a failure's signature when a case wrote outside its folder.
const ESCAPE: &str = "wrote outside its case folder";

/// What a case may not touch: the repository's tracked data folders
/// (strategies/, scenarios/, games/: no new or removed path) and the
/// scratch copy of strategies/ (no new, removed or changed file).
struct Guard {
    root: PathBuf,
    scratch: PathBuf,
    repository: Vec<(PathBuf, u64)>,
    copy: Vec<(PathBuf, u64)>,
    /// `git status --porcelain` of the data folders when the run started.
    git_status: Option<Vec<String>>,
}

const DATA_FOLDERS: [&str; 3] = ["strategies", "scenarios", "games"];

impl Guard {
    fn new(root: &Path, scratch: &Path) -> Guard {
        Guard {
            root: root.to_path_buf(),
            scratch: scratch.to_path_buf(),
            repository: Self::repository_paths(root),
            copy: listing(&scratch.join("strategies"), true),
            git_status: git_status(root),
        }
    }

    fn repository_paths(root: &Path) -> Vec<(PathBuf, u64)> {
        DATA_FOLDERS
            .iter()
            .flat_map(|f| listing(&root.join(f), false))
            .collect()
    }

    /// After each case: a description of what it wrote where it may not
    /// (the scratch copy is then made again), or None.
    fn wrote_outside(&mut self, case: &Case) -> Option<String> {
        let now = Self::repository_paths(&self.root);
        if now != self.repository {
            let new: Vec<_> = now
                .iter()
                .filter(|p| !self.repository.contains(p))
                .collect();
            let gone: Vec<_> = self
                .repository
                .iter()
                .filter(|p| !now.contains(p))
                .collect();
            return Some(format!(
                "{ESCAPE}: into the repository ({}): new {new:?}, removed {gone:?}",
                case.class
            ));
        }
        let copy = self.scratch.join("strategies");
        let now = listing(&copy, true);
        if now != self.copy {
            let changed: Vec<_> = now.iter().filter(|p| !self.copy.contains(p)).collect();
            let gone: Vec<_> = self.copy.iter().filter(|p| !now.contains(p)).collect();
            let what = format!(
                "{ESCAPE}: into the scratch copy of strategies/: new or changed {changed:?}, \
                 removed {gone:?}"
            );
            make_writable(&copy);
            let _ = std::fs::remove_dir_all(&copy);
            copy_tree(&self.root.join("strategies"), &copy);
            self.copy = listing(&copy, true);
            return Some(what);
        }
        None
    }

    /// At the end of a run: `git status` of the data folders shows no path
    /// it did not show at the start; otherwise the run fails loudly.
    fn check_git_status(&self) {
        let (Some(before), Some(after)) = (&self.git_status, git_status(&self.root)) else {
            println!("fuzz: git status unavailable; the per-case listing check stood in for it");
            return;
        };
        let new: Vec<&String> = after.iter().filter(|l| !before.contains(l)).collect();
        if new.is_empty() {
            println!(
                "fuzz: git status of {} shows no new path",
                DATA_FOLDERS.join("/, ") + "/"
            );
        } else {
            eprintln!(
                "fuzz: FAILED: the run changed the repository's tracked folders:\n{}",
                new.iter()
                    .map(|l| format!("      {l}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
            std::process::exit(1);
        }
    }
}

/// `git status --porcelain --untracked-files=all` of the data folders.
fn git_status(root: &Path) -> Option<Vec<String>> {
    let output = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all", "--"])
        .args(DATA_FOLDERS)
        .current_dir(root)
        .output()
        .ok()?;
    output.status.success().then(|| {
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(str::to_string)
            .collect()
    })
}

/// Every path under `folder` (links not followed), sorted, with the file's
/// length and modification time in nanoseconds when `contents` is set
/// (else 0).
fn listing(folder: &Path, contents: bool) -> Vec<(PathBuf, u64)> {
    let mut out = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(at) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            if meta.is_dir() {
                stack.push(path.clone());
            }
            let stamp = if contents {
                let nanos = meta
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos() as u64);
                meta.len() ^ nanos.rotate_left(17)
            } else {
                0
            };
            out.push((path, stamp));
        }
    }
    out.sort();
    out
}

/// Copies a folder's files (links copied as the files they point at).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Gives the owner write permission on a tree a case may have made
/// read-only, so it can be removed.
fn make_writable(folder: &Path) {
    #[cfg(unix)]
    for (path, _) in listing(folder, false) {
        use std::os::unix::fs::PermissionsExt;
        if let Ok(meta) = std::fs::symlink_metadata(&path)
            && meta.is_dir()
        {
            let mode = meta.permissions().mode() | 0o700;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode));
        }
    }
}

/// True when an exit-2 message points at its cause: a scenario, strategy or
/// game file's error names the file, line, column and field (or the TOML
/// syntax error); an .nfg error its line and column; anything else names
/// the option, value or file it refuses.
fn clear_error(argv: &[String], stderr: &str) -> bool {
    let located = |s: &str| {
        // `file:LINE:COLUMN: ` somewhere in the message.
        s.split(": ").any(|part| {
            let mut pieces = part.rsplitn(3, ':');
            let (c, l) = (pieces.next(), pieces.next());
            pieces.next().is_some()
                && c.is_some_and(|c| !c.is_empty() && c.chars().all(|x| x.is_ascii_digit()))
                && l.is_some_and(|l| !l.is_empty() && l.chars().all(|x| x.is_ascii_digit()))
        })
    };
    // clap's refusals name the option and the value refused.
    if stderr.contains("For more information, try '--help'") {
        return true;
    }
    match argv.first().map(String::as_str) {
        Some("run") => {
            // Option errors (a shard that does not exist, a count that
            // disagrees) name the option; file errors are located.
            (located(stderr) && (stderr.contains("field `") || stderr.contains("not valid TOML")))
                || stderr.contains("cannot read")
                || stderr.contains("--shard")
                || stderr.contains("--seed")
                || stderr.contains("Usage:")
        }
        Some("game") if argv.get(1).is_some_and(|a| a.ends_with(".nfg")) => {
            stderr.contains("line ") && stderr.contains("column ")
                || stderr.contains("Usage:")
                || stderr.contains("cannot read")
        }
        Some("game") if argv.get(1).is_some_and(|a| a.ends_with(".toml")) => {
            (located(stderr) && (stderr.contains("field `") || stderr.contains("not valid TOML")))
                || stderr.contains("Usage:")
                || stderr.contains("cannot read")
        }
        // A refused merge names the shard folder or file at fault (or an
        // argument it was given).
        Some("merge") => {
            stderr.contains(".shard-")
                || stderr.contains("Usage:")
                || stderr.contains("cannot read")
                || argv[1..]
                    .iter()
                    .any(|a| !a.starts_with("--") && stderr.contains(&format!("{a}:")))
        }
        // Every other command's errors are reviewed by hand from the log.
        _ => true,
    }
}

/// Replaces `{dir}` and expands an argument `X/*` to X's entries, sorted.
fn expand(command: &[String], dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for arg in command {
        let arg = arg.replace("{dir}", dir.to_str().unwrap());
        if let Some(folder) = arg.strip_suffix("/*") {
            let mut entries: Vec<String> = std::fs::read_dir(folder)
                .map(|d| {
                    d.flatten()
                        .map(|e| e.path().display().to_string())
                        .collect()
                })
                .unwrap_or_default();
            entries.sort();
            out.extend(entries);
        } else {
            out.push(arg);
        }
    }
    out
}

/// Every file under `folder`, sorted.
fn files_under(folder: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// Chooses a damage to one file under `folder` (truncated, a byte changed,
/// the text damaged, emptied or removed) and returns it as a replayable
/// pseudo-command with `{dir}` for the case folder: `{truncate} FILE N`,
/// `{set-byte} FILE OFFSET VALUE`, `{remove} FILE` or `{write} FILE SAVED`
/// (SAVED, the damaged bytes, is returned as an extra case file); then the
/// words for the note. None when the folder holds no file.
#[allow(clippy::type_complexity)]
fn choose_damage(
    rng: &mut Rng,
    folder: &Path,
    dir: &Path,
) -> Option<(Vec<String>, Option<(String, Vec<u8>)>, String)> {
    let mut files = Vec::new();
    files_under(folder, &mut files);
    if files.is_empty() {
        return None;
    }
    let path = rng.pick(&files).clone();
    let relative = path
        .strip_prefix(dir)
        .unwrap_or(&path)
        .display()
        .to_string();
    let file = format!("{{dir}}/{relative}");
    let bytes = std::fs::read(&path).unwrap_or_default();
    let command = |parts: &[&str]| parts.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    Some(match rng.below(5) {
        0 => {
            let n = rng.below(bytes.len() + 1);
            (
                command(&["{truncate}", &file, &n.to_string()]),
                None,
                format!("{relative} truncated to {n} of {} bytes", bytes.len()),
            )
        }
        1 if !bytes.is_empty() => {
            let i = rng.below(bytes.len());
            let value = rng.next() as u8;
            (
                command(&["{set-byte}", &file, &i.to_string(), &value.to_string()]),
                None,
                format!("{relative} byte {i} set to {value} (was {})", bytes[i]),
            )
        }
        2 => {
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let damaged = mutate::damage_text(rng, &text).into_bytes();
            let saved = format!("damaged-{}", hash(&relative) % 1_000_000);
            (
                command(&["{write}", &file, &format!("{{dir}}/{saved}")]),
                Some((saved.clone(), damaged)),
                format!("{relative} text damaged (the damaged file is {saved})"),
            )
        }
        3 => (
            command(&["{truncate}", &file, "0"]),
            None,
            format!("{relative} emptied"),
        ),
        _ => (
            command(&["{remove}", &file]),
            None,
            format!("{relative} removed"),
        ),
    })
}

/// Does a damage chosen by [`choose_damage`] (`{dir}` already expanded);
/// tests/suite/fuzz_regressions.rs replays the same four forms.
fn apply_damage(argv: &[String]) {
    let path = Path::new(&argv[1]);
    match argv[0].as_str() {
        "{truncate}" => {
            let mut bytes = std::fs::read(path).unwrap_or_default();
            bytes.truncate(argv[2].parse().unwrap_or(0));
            let _ = std::fs::write(path, bytes);
        }
        "{set-byte}" => {
            let mut bytes = std::fs::read(path).unwrap_or_default();
            let i: usize = argv[2].parse().unwrap_or(0);
            if let Some(b) = bytes.get_mut(i) {
                *b = argv[3].parse().unwrap_or(0);
            }
            let _ = std::fs::write(path, bytes);
        }
        "{write}" => {
            let _ = std::fs::copy(&argv[2], path);
        }
        _ => {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// The first difference between two result folders: names or bytes, and
/// run.json compared as JSON without the fields that describe the machine
/// and the clock (see [`comparable_run_json`]).
fn differs(a: &Path, b: &Path) -> Option<String> {
    let (mut fa, mut fb) = (Vec::new(), Vec::new());
    files_under(a, &mut fa);
    files_under(b, &mut fb);
    let ra: Vec<_> = fa
        .iter()
        .map(|p| p.strip_prefix(a).unwrap().to_path_buf())
        .collect();
    let rb: Vec<_> = fb
        .iter()
        .map(|p| p.strip_prefix(b).unwrap().to_path_buf())
        .collect();
    if ra != rb {
        return Some(format!("files {ra:?} against {rb:?}"));
    }
    if ra.is_empty() {
        return Some(format!("{} holds no files", a.display()));
    }
    for (rel, (x, y)) in ra.iter().zip(fa.iter().zip(&fb)) {
        let (x, y) = (std::fs::read(x).ok(), std::fs::read(y).ok());
        if rel.file_name().is_some_and(|n| n == "run.json") {
            let (x, y) = (comparable_run_json(x), comparable_run_json(y));
            if x != y {
                return Some(format!("{} differs: {x:?} against {y:?}", rel.display()));
            }
        } else if x != y {
            return Some(format!("{} differs", rel.display()));
        }
    }
    None
}

/// run.json without `threads` and the timings (every field whose name ends
/// in `_seconds` or `_per_second`): the rule of tests/suite/cli_shards.rs
/// (`RUN_JSON_VARIABLE`), widened to the timing fields of every kind.
fn comparable_run_json(bytes: Option<Vec<u8>>) -> Option<serde_json::Value> {
    let mut value: serde_json::Value = serde_json::from_slice(&bytes?).ok()?;
    if let Some(object) = value.as_object_mut() {
        object.retain(|k, _| {
            k != "threads" && !k.ends_with("_seconds") && !k.ends_with("_per_second")
        });
    }
    Some(value)
}

/// A tournament of many players (the Axelrod ones): too slow to shard
/// every few seconds.
fn is_big(doc: &Value) -> bool {
    doc.get("players")
        .and_then(Value::as_array)
        .is_some_and(|p| p.len() > 20)
}

fn save(case: &Case, target: &Path, why: &str) {
    let _ = std::fs::remove_dir_all(target);
    std::fs::create_dir_all(target).unwrap();
    for (name, text) in &case.files {
        std::fs::write(target.join(name), text).unwrap();
    }
    // One command: its argument list; several: the list of them.
    let args = if case.commands.len() == 1 {
        serde_json::to_string(&case.commands[0])
    } else {
        serde_json::to_string(&case.commands)
    };
    std::fs::write(target.join("args.json"), args.unwrap() + "\n").unwrap();
    std::fs::write(
        target.join("why.txt"),
        format!("{why}\ninput: {}\n", case.note),
    )
    .unwrap();
}

fn run_argv(dir: &str) -> Vec<String> {
    [
        "run",
        &format!("{dir}/scenario.toml"),
        "--out",
        &format!("{dir}/out"),
        "--quiet",
        "--threads",
        "1",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// A small tournament naming the strategy under test.
fn wrapper(strategy: &str) -> String {
    format!(
        "kind = \"tournament\"\nname = \"fuzz\"\n[match]\nturns = 20\nrepetitions = 1\n\
         [[players]]\nstrategy = \"tit-for-tat\"\n[[players]]\nstrategy = \"{strategy}\"\n\
         [output]\ncharts = false\n"
    )
}

fn read_prefix(path: &Path, limit: usize) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    String::from_utf8_lossy(&bytes[..bytes.len().min(limit)]).into_owned()
}

/// What identifies a failure: where the panic happened, or how the process ended.
fn signature(stderr: &str, status: Option<std::process::ExitStatus>) -> String {
    if let Some(line) = stderr
        .lines()
        .find(|l| l.contains("panicked at") || l.contains("internal error in dilemma"))
    {
        return line.trim().to_string();
    }
    if stderr.contains("overflowed its stack") {
        return "stack overflow".into();
    }
    if stderr.contains("memory allocation") {
        return "allocation failure".into();
    }
    #[cfg(unix)]
    if let Some(signal) = status.and_then(|s| std::os::unix::process::ExitStatusExt::signal(&s)) {
        return format!(
            "signal {signal}: {}",
            one_line(stderr.lines().last().unwrap_or(""))
        );
    }
    format!(
        "exit {:?}: {}",
        status.and_then(|s| s.code()),
        one_line(stderr.lines().last().unwrap_or(""))
    )
}

/// User plus system CPU seconds of a running process (Linux /proc).
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}
