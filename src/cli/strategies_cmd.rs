//! `dilemma strategies [ID]`: the catalogue as a table or JSON, filtered by
//! classifiers and words, or one strategy's full description. The catalogue
//! is the built-ins followed by the shipped strategy files (embedded in the
//! binary, `ipd::strategies::defined::shipped`). Strategy files in the
//! current directory's `strategies/` folder are listed after it and can be
//! shown by name too.
//!
//! Strategies are read only to be described (`Chain::describing`): an
//! attention model's weights file is checked for presence and size, never
//! read, so listing and pages stay instant.

use crate::cli::CliError;
use crate::ipd::strategies::Player;
use crate::ipd::strategies::catalogue::Origin;
use crate::ipd::strategies::catalogue::{find, suggest};
use crate::ipd::strategies::defined::Definition;
use crate::ipd::strategies::defined::shipped::{self, SHIPPED, ShippedFile, find_shipped};
use crate::ipd::strategies::filter::{Depth, Filter, Traits};
use crate::ipd::strategies::{CATALOGUE, ParamKind, PlayerSpec, StrategyInfo, family_of};
use crate::output::label::display_label;
use crate::output::table;
use crate::scenario::strategy_file::{Chain, definition_toml, resolve_text, shipped_player};
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Options of `dilemma strategies`.
#[derive(Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct StrategiesArgs {
    /// Show one strategy in full (id, alias or axelrod name).
    pub id: Option<String>,
    /// Only deterministic strategies.
    #[arg(long, conflicts_with = "stochastic")]
    pub deterministic: bool,
    /// Only stochastic strategies.
    #[arg(long)]
    pub stochastic: bool,
    /// Only strategies with exactly this memory depth (a number of turns, or `inf`).
    #[arg(long, value_name = "N|inf", value_parser = Depth::parse)]
    pub memory_depth: Option<Depth>,
    /// Only strategies that look at no more than N past turns.
    #[arg(long, value_name = "N", conflicts_with = "memory_depth",
          value_parser = crate::cli::options::whole_number::<u32>(0, u32::MAX as u64))]
    pub max_memory_depth: Option<u32>,
    /// Only strategies that look at the match length.
    #[arg(long)]
    pub uses_length: bool,
    /// Only strategies that look at the payoff matrix.
    #[arg(long)]
    pub uses_payoffs: bool,
    /// Only strategies the exact engine reads as finite-state machines
    /// (`dilemma exact`, `method = "exact"`).
    #[arg(long)]
    pub exact: bool,
    /// Only strategies whose id, name, rule or source contains this text
    /// (case-insensitive; repeat to require several).
    #[arg(long, value_name = "TEXT")]
    pub search: Vec<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
    /// One wide table with every classifier, the parameters and the rule
    /// (the default fits 80 columns: grouped by family, names elided). Set
    /// from the global `--wide`.
    #[arg(skip)]
    pub wide: bool,
}

impl StrategiesArgs {
    fn filter(&self) -> Filter {
        Filter {
            stochastic: match (self.deterministic, self.stochastic) {
                (true, _) => Some(false),
                (_, true) => Some(true),
                _ => None,
            },
            memory_depth: self.memory_depth,
            max_memory_depth: self.max_memory_depth,
            uses_length: self.uses_length.then_some(true),
            uses_payoffs: self.uses_payoffs.then_some(true),
            words: self.search.clone(),
        }
    }

    fn has_filters(&self) -> bool {
        self.filter() != Filter::default() || self.exact
    }
}

/// Whether the exact engine reads the player as a finite-state machine
/// (`exact/reading.rs`; with a continuation or infinite play, where the
/// length is not told): its states, or why not.
#[derive(Serialize)]
struct ExactStatus {
    /// Readable as a machine.
    exact: bool,
    /// Its states, minimised.
    exact_states: Option<usize>,
    /// Why not, in words.
    exact_refusal: Option<String>,
}

fn exact_status(player: &Player) -> ExactStatus {
    let reading = crate::exact::reading::Reading {
        payoffs: crate::ipd::payoffs::Payoffs::STANDARD,
        length_known: false,
    };
    match crate::exact::reading::machine_of(player, &reading) {
        Ok(m) => ExactStatus {
            exact: true,
            exact_states: Some(m.len()),
            exact_refusal: None,
        },
        Err(e) => ExactStatus {
            exact: false,
            exact_states: None,
            exact_refusal: Some(e.reason),
        },
    }
}

/// The `exact` line of a strategy page, wrapped to 80 columns.
fn exact_line(player: &Player) -> String {
    let status = exact_status(player);
    let text = match (status.exact_states, status.exact_refusal) {
        (Some(1), _) => "yes, a 1-state machine (dilemma exact, method = \"exact\")".to_string(),
        (Some(n), _) => format!("yes, a {n}-state machine (dilemma exact, method = \"exact\")"),
        (None, Some(why)) => format!("no: {why}"),
        (None, None) => "no".to_string(),
    };
    let wrapped = wrap(&text, 62, "");
    let mut out = String::new();
    for (k, line) in wrapped.lines().enumerate() {
        let lead = if k == 0 {
            "  exact:          "
        } else {
            "                  "
        };
        out.push_str(lead);
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn memory(depth: Option<u32>) -> String {
    depth.map_or_else(|| "inf".to_string(), |d| d.to_string())
}

/// A catalogue entry as JSON: its fields plus the display name with the
/// default parameters.
#[derive(Serialize)]
struct Entry<'a> {
    #[serde(flatten)]
    info: &'a StrategyInfo,
    family: &'static str,
    default_display_name: String,
    #[serde(flatten)]
    exact: ExactStatus,
}

/// A strategy file as JSON, with the catalogue entries' keys.
#[derive(Serialize)]
struct FileEntry {
    id: String,
    name: String,
    aliases: [&'static str; 0],
    description: String,
    source: String,
    memory_depth: Option<u32>,
    stochastic: bool,
    uses_length: bool,
    uses_payoffs: bool,
    params: [&'static str; 0],
    default_display_name: String,
    file: String,
    definition_kind: &'static str,
    #[serde(flatten)]
    exact: ExactStatus,
}

/// A shipped strategy file as JSON: the catalogue entries' keys, plus where
/// the embedded file comes from and its kind.
#[derive(Serialize)]
struct ShippedEntry {
    id: &'static str,
    name: String,
    aliases: [&'static str; 0],
    description: String,
    source: String,
    memory_depth: Option<u32>,
    stochastic: bool,
    uses_length: bool,
    uses_payoffs: bool,
    long_run_time: bool,
    params: [&'static str; 0],
    family: &'static str,
    default_display_name: String,
    embedded_file: &'static str,
    definition_kind: &'static str,
    #[serde(flatten)]
    exact: ExactStatus,
}

/// A shipped strategy file (embedded in the binary), loaded.
struct Shipped {
    file: &'static ShippedFile,
    player: Player,
    definition: std::sync::Arc<Definition>,
}

impl Shipped {
    fn description(&self) -> String {
        self.definition.description.clone().unwrap_or_default()
    }

    fn source(&self) -> String {
        self.definition
            .source
            .clone()
            .unwrap_or_else(|| format!("shipped strategy file {}", self.file.path))
    }

    fn traits(&self) -> Traits {
        Traits {
            memory_depth: self.player.memory_depth(),
            stochastic: self.player.is_stochastic(),
            uses_length: self.player.uses_length(),
            uses_payoffs: self.player.uses_payoffs(),
            text: format!(
                "{} {} {} {} {}",
                self.file.id,
                self.player.name,
                self.description(),
                self.source(),
                shipped::family(self.file)
            )
            .to_lowercase(),
        }
    }

    fn json(&self) -> ShippedEntry {
        ShippedEntry {
            id: self.file.id,
            name: self.player.name.clone(),
            aliases: [],
            description: self.description(),
            source: self.source(),
            memory_depth: self.player.memory_depth(),
            stochastic: self.player.is_stochastic(),
            uses_length: self.player.uses_length(),
            uses_payoffs: self.player.uses_payoffs(),
            long_run_time: self.player.long_run_time(),
            params: [],
            family: shipped::family(self.file),
            default_display_name: self.player.name.clone(),
            embedded_file: self.file.path,
            definition_kind: self.definition.kind(),
            exact: exact_status(&self.player),
        }
    }
}

/// Reads a shipped file to describe it (they are checked by the tests, so a
/// mistake here is a build problem: reported, never a panic); `chain` keeps
/// the files already read (a meta player's team names many).
fn load_shipped(file: &'static ShippedFile, chain: &mut Chain) -> Result<Shipped, String> {
    chain.next_reference();
    let player = shipped_player(file, chain).map_err(|e| e.text(file.path))?;
    let Origin::Defined { definition, .. } = &player.origin else {
        return Err(format!("{}: not a strategy definition", file.path));
    };
    Ok(Shipped {
        file,
        definition: definition.clone(),
        player,
    })
}

/// Every shipped strategy file, in catalogue order (by family, then id).
fn shipped_strategies() -> Vec<Shipped> {
    let mut files: Vec<&'static ShippedFile> = SHIPPED.iter().collect();
    files.sort_by_key(|f| (shipped::family(f), f.id));
    let mut chain = Chain::describing();
    files
        .into_iter()
        .filter_map(|file| match load_shipped(file, &mut chain) {
            Ok(loaded) => Some(loaded),
            Err(message) => {
                crate::cli::eprint_message(&format!(
                    "warning: skipped a shipped strategy file: {message}"
                ));
                None
            }
        })
        .collect()
}

/// A strategy file found in `strategies/`, loaded.
struct FileStrategy {
    /// The name scenarios use: the file name without `.toml`.
    id: String,
    path: PathBuf,
    player: Player,
    definition: std::sync::Arc<Definition>,
}

impl FileStrategy {
    fn description(&self) -> String {
        self.definition.description.clone().unwrap_or_else(|| {
            format!(
                "A `{}` strategy defined in a data file.",
                self.definition.kind()
            )
        })
    }

    fn traits(&self) -> Traits {
        Traits {
            memory_depth: self.player.memory_depth(),
            stochastic: self.player.is_stochastic(),
            uses_length: self.player.uses_length(),
            uses_payoffs: self.player.uses_payoffs(),
            text: format!(
                "{} {} {} {}",
                self.id,
                self.player.name,
                self.description(),
                self.path.display()
            )
            .to_lowercase(),
        }
    }

    fn json(&self) -> FileEntry {
        FileEntry {
            id: self.id.clone(),
            name: self.player.name.clone(),
            aliases: [],
            description: self.description(),
            source: format!("strategy file {}", self.path.display()),
            memory_depth: self.player.memory_depth(),
            stochastic: self.player.is_stochastic(),
            uses_length: self.player.uses_length(),
            uses_payoffs: self.player.uses_payoffs(),
            params: [],
            default_display_name: self.player.name.clone(),
            file: self.path.display().to_string(),
            definition_kind: self.definition.kind(),
            exact: exact_status(&self.player),
        }
    }
}

/// Loads one strategy file; a mistake in it is returned as a message.
fn load(path: &Path, chain: &mut Chain) -> Result<FileStrategy, String> {
    let text = path.display().to_string();
    let player = resolve_text(&text, Path::new("."), chain).map_err(|e| e.text(&text))?;
    let Origin::Defined { definition, .. } = &player.origin else {
        return Err(format!("{text}: not a strategy definition"));
    };
    Ok(FileStrategy {
        id: path
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().to_string()),
        path: path.to_path_buf(),
        definition: definition.clone(),
        player,
    })
}

/// The strategy files of `./strategies/`, sorted by name. Files with
/// mistakes are skipped with a warning on stderr (listing never fails
/// because of one bad file).
fn strategy_files() -> Vec<FileStrategy> {
    let Ok(entries) = std::fs::read_dir(STRATEGY_FOLDER) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
        .collect();
    paths.sort();
    // One chain for the whole folder: a file named by others is read once.
    let mut chain = Chain::describing();
    paths
        .iter()
        .filter_map(|path| match load(path, &mut chain) {
            Ok(file) => Some(file),
            Err(message) => {
                crate::cli::eprint_message(&format!(
                    "warning: skipped a strategy file with a mistake: {message}"
                ));
                None
            }
        })
        .collect()
}

/// Where strategy files are listed from (relative to the current directory).
const STRATEGY_FOLDER: &str = "strategies";

fn entry(info: &StrategyInfo) -> Entry<'_> {
    let player = PlayerSpec::new(info.id).build().ok();
    Entry {
        info,
        family: family_of(info),
        default_display_name: default_name(info),
        exact: player.as_ref().map_or(
            ExactStatus {
                exact: false,
                exact_states: None,
                exact_refusal: Some("cannot be built with its defaults".into()),
            },
            exact_status,
        ),
    }
}

/// The axelrod display name with default parameters ("Random: 0.5").
fn default_name(info: &StrategyInfo) -> String {
    PlayerSpec::new(info.id)
        .build()
        .map_or_else(|_| info.name.to_string(), |player| player.name)
}

fn json<T: Serialize>(value: &T) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value).map_err(|e| CliError::Failed(e.to_string()))?;
    println!("{text}");
    Ok(())
}

/// Prints the catalogue, or one entry.
pub fn run(args: &StrategiesArgs) -> Result<(), CliError> {
    if let Some(id) = &args.id {
        if args.has_filters() {
            return Err(CliError::BadInput(
                "strategies: give either a strategy ID or filters, not both".to_string(),
            ));
        }
        if find(id).is_none()
            && let Some(file) = find_shipped(id)
        {
            let loaded = load_shipped(file, &mut Chain::describing()).map_err(CliError::Failed)?;
            return if args.json {
                json(&loaded.json())
            } else {
                print!("{}", describe_shipped(&loaded));
                Ok(())
            };
        }
        let Some(info) = find(id) else {
            let file = strategy_files().into_iter().find(|f| f.id == *id);
            let file = match file {
                Some(file) => file,
                None if id.ends_with(".toml") || id.contains('/') => {
                    load(Path::new(id), &mut Chain::describing()).map_err(CliError::BadInput)?
                }
                None => {
                    let hint = suggest(id).map_or_else(
                        || {
                            format!(
                                " and no strategy file `{STRATEGY_FOLDER}/{id}.toml` (`dilemma strategies` lists them all)"
                            )
                        },
                        |s| format!("; did you mean `{s}`?"),
                    );
                    return Err(CliError::BadInput(format!(
                        "strategies: unknown strategy `{id}`{hint}"
                    )));
                }
            };
            return if args.json {
                json(&file.json())
            } else {
                print!("{}", describe_file(&file));
                Ok(())
            };
        };
        return if args.json {
            json(&entry(info))
        } else {
            print!("{}", describe(info));
            Ok(())
        };
    }
    let filter = args.filter();
    let mut selected = filter.select(&CATALOGUE);
    if args.exact {
        selected.retain(|info| {
            PlayerSpec::new(info.id)
                .build()
                .is_ok_and(|p| exact_status(&p).exact)
        });
    }
    let mut all_shipped = shipped_strategies();
    if args.exact {
        all_shipped.retain(|s| exact_status(&s.player).exact);
    }
    let total = CATALOGUE.len() + all_shipped.len();
    let shipped: Vec<Shipped> = all_shipped
        .into_iter()
        .filter(|s| filter.accepts_traits(&s.traits()))
        .collect();
    let files: Vec<FileStrategy> = strategy_files()
        .into_iter()
        .filter(|f| filter.accepts_traits(&f.traits()))
        .filter(|f| !args.exact || exact_status(&f.player).exact)
        .collect();
    if args.json {
        let to_json = |e: serde_json::Result<serde_json::Value>| {
            e.map_err(|e| CliError::Failed(e.to_string()))
        };
        let mut entries = Vec::new();
        for info in selected {
            entries.push(to_json(serde_json::to_value(entry(info)))?);
        }
        for strategy in &shipped {
            entries.push(to_json(serde_json::to_value(strategy.json()))?);
        }
        for file in &files {
            entries.push(to_json(serde_json::to_value(file.json()))?);
        }
        return json(&entries);
    }
    if selected.is_empty() && shipped.is_empty() && files.is_empty() {
        println!("No strategy matches these filters ({total} in the catalogue).");
        return Ok(());
    }
    if args.wide {
        print_wide(&selected, &shipped);
    } else {
        print_grouped(&selected, &shipped);
    }
    let shown = selected.len() + shipped.len();
    let count = if shown == total {
        format!("{total} strategies")
    } else {
        format!("{shown} of {total} strategies")
    };
    println!(
        "\n{count}. `dilemma strategies ID` shows one in full; in a scenario:\n  [[players]]\n  strategy = \"tit-for-tat\""
    );
    if !files.is_empty() {
        if args.wide {
            print_files(&files);
        } else {
            print_files_grouped(&files);
        }
    }
    Ok(())
}

/// The catalogue as one wide table: every classifier, the parameters and
/// the first sentence of the rule (`--wide`).
fn print_wide(selected: &[&StrategyInfo], shipped: &[Shipped]) {
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
    let mut rows = vec![
        [
            "id",
            "name",
            "memory",
            "stochastic",
            "uses length",
            "uses payoffs",
            "parameters",
            "rule",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for info in selected {
        let params: Vec<String> = info
            .params
            .iter()
            .map(|p| format!("{}={}", p.name, p.kind.show(p.default)))
            .collect();
        rows.push(vec![
            info.id.to_string(),
            info.name.to_string(),
            memory(info.memory_depth),
            yes_no(info.stochastic),
            yes_no(info.uses_length),
            yes_no(info.uses_payoffs),
            params.join(", "),
            first_sentence(info.description),
        ]);
    }
    for strategy in shipped {
        rows.push(vec![
            strategy.file.id.to_string(),
            strategy.player.name.clone(),
            memory(strategy.player.memory_depth()),
            yes_no(strategy.player.is_stochastic()),
            yes_no(strategy.player.uses_length()),
            yes_no(strategy.player.uses_payoffs()),
            String::new(),
            first_sentence(&strategy.description()),
        ]);
    }
    print!(
        "{}",
        table::render(
            &rows,
            &[false, false, true, false, false, false, false, false]
        )
    );
}

/// Shortens `text` to `width` characters, marking a cut with "…".
fn elide(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_string()
    } else {
        let kept: String = text.chars().take(width.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}

/// Classifier letters: S stochastic, L uses the length, P uses the payoffs,
/// T long run time; `-` where a classifier is false.
fn flags(stochastic: bool, uses_length: bool, uses_payoffs: bool, long_run_time: bool) -> String {
    [
        (stochastic, 'S'),
        (uses_length, 'L'),
        (uses_payoffs, 'P'),
        (long_run_time, 'T'),
    ]
    .iter()
    .map(|&(on, letter)| if on { letter } else { '-' })
    .collect()
}

/// The catalogue grouped by family, one line per strategy, within 80
/// columns: id, axelrod name (elided when long), memory depth, flags.
fn print_grouped(selected: &[&StrategyInfo], shipped: &[Shipped]) {
    const ID: usize = 30;
    const NAME: usize = 32;
    let line = |id: &str, name: &str, depth: String, flags: String| {
        format!(
            "  {:<ID$}  {:<NAME$}  {:>3}  {flags}",
            elide(id, ID),
            elide(&display_label(name), NAME),
            depth
        )
    };
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    let mut push = |family: &'static str, row: String| match groups.last_mut() {
        Some((last, rows)) if *last == family => rows.push(row),
        _ => groups.push((family, vec![row])),
    };
    for info in selected {
        let name = default_name(info);
        push(
            family_of(info),
            line(
                info.id,
                &name,
                memory(info.memory_depth),
                flags(
                    info.stochastic,
                    info.uses_length,
                    info.uses_payoffs,
                    info.long_run_time,
                ),
            ),
        );
    }
    for strategy in shipped {
        let p = &strategy.player;
        push(
            shipped::family(strategy.file),
            line(
                strategy.file.id,
                &p.name,
                memory(p.memory_depth()),
                flags(p.is_stochastic(), p.uses_length(), p.uses_payoffs(), false),
            ),
        );
    }
    println!(
        "  {:<ID$}  {:<NAME$}  {:>3}  SLPT",
        "id", "name (with default parameters)", "mem"
    );
    for (family, rows) in groups {
        println!("\n{family} ({})", rows.len());
        for row in rows {
            println!("{row}");
        }
    }
    println!(
        "\nmem: memory depth in turns (inf: the whole history). SLPT: Stochastic, uses\n\
         the match Length, uses the Payoffs, long run Time (- where not). --wide shows\n\
         parameters and rules; --json everything."
    );
}

/// The strategy files of `strategies/`, in the 80-column layout.
fn print_files_grouped(files: &[FileStrategy]) {
    println!(
        "\nStrategy files in {STRATEGY_FOLDER}/ ({}), named by file:",
        files.len()
    );
    for file in files {
        let p = &file.player;
        println!(
            "  {:<30}  {:<32}  {:>3}  {}",
            elide(&file.id, 30),
            elide(&display_label(&p.name), 32),
            memory(p.memory_depth()),
            flags(p.is_stochastic(), p.uses_length(), p.uses_payoffs(), false)
        );
    }
}

fn print_files(files: &[FileStrategy]) {
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
    let mut rows = vec![
        [
            "name",
            "display name",
            "memory",
            "stochastic",
            "uses length",
            "uses payoffs",
            "kind",
            "rule",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for file in files {
        rows.push(vec![
            file.id.clone(),
            file.player.name.clone(),
            memory(file.player.memory_depth()),
            yes_no(file.player.is_stochastic()),
            yes_no(file.player.uses_length()),
            yes_no(file.player.uses_payoffs()),
            file.definition.kind().to_string(),
            first_sentence(&file.description()),
        ]);
    }
    println!(
        "\n{} strategy files in {STRATEGY_FOLDER}/ (use the name in scenario files: strategy = \"{}\"):\n",
        files.len(),
        files[0].id
    );
    print!(
        "{}",
        table::render(
            &rows,
            &[false, false, true, false, false, false, false, false]
        )
    );
}

/// The full text shown by `dilemma strategies ID` for a shipped file.
fn describe_shipped(strategy: &Shipped) -> String {
    let player = &strategy.player;
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let mut out = String::new();
    prose(
        &mut out,
        &format!("{} ({})", display_label(&player.name), strategy.file.id),
    );
    prose(
        &mut out,
        &format!("Family: {}", shipped::family(strategy.file)),
    );
    prose(&mut out, &format!("Source: {}", strategy.source()));
    prose(
        &mut out,
        &format!(
            "Shipped strategy file: {} ({} definition, embedded in the binary)",
            strategy.file.path,
            strategy.definition.kind()
        ),
    );
    out.push('\n');
    out.push_str("Rule:\n");
    out.push_str(&wrap(&strategy.description(), 78, "  "));
    out.push_str("\nClassifiers:\n");
    out.push_str(&format!(
        "  memory depth:   {}\n",
        memory(player.memory_depth())
    ));
    out.push_str(&format!(
        "  stochastic:     {}\n",
        yes_no(player.is_stochastic())
    ));
    out.push_str(&format!(
        "  uses length:    {}\n",
        yes_no(player.uses_length())
    ));
    out.push_str(&format!(
        "  uses payoffs:   {}\n",
        yes_no(player.uses_payoffs())
    ));
    out.push_str("  long run time:  no\n");
    out.push_str(&exact_line(player));
    out.push_str("\nParameters: none\n");
    out.push_str(&format!("\nDefinition ({}):\n", strategy.file.path));
    let body = strategy
        .file
        .text
        .lines()
        .skip_while(|line| line.starts_with('#') || line.is_empty());
    for line in body {
        toml_line(&mut out, line);
    }
    out.push_str(&format!(
        "\nIn a scenario file:\n  [[players]]\n  strategy = \"{}\"\n",
        strategy.file.id
    ));
    out
}

/// The full text shown by `dilemma strategies NAME` for a strategy file.
fn describe_file(file: &FileStrategy) -> String {
    let player = &file.player;
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let mut out = String::new();
    prose(
        &mut out,
        &format!("{} ({})", display_label(&player.name), file.id),
    );
    prose(
        &mut out,
        &format!(
            "Strategy file: {} ({} definition)",
            file.path.display(),
            file.definition.kind()
        ),
    );
    out.push('\n');
    out.push_str("Rule:\n");
    out.push_str(&wrap(&file.description(), 78, "  "));
    out.push_str("\nClassifiers (computed from the definition):\n");
    out.push_str(&format!(
        "  memory depth:   {}\n",
        memory(player.memory_depth())
    ));
    out.push_str(&format!(
        "  stochastic:     {}\n",
        yes_no(player.is_stochastic())
    ));
    out.push_str(&format!(
        "  uses length:    {}\n",
        yes_no(player.uses_length())
    ));
    out.push_str(&format!(
        "  uses payoffs:   {}\n",
        yes_no(player.uses_payoffs())
    ));
    out.push_str(&exact_line(player));
    let definition = toml::to_string(&definition_toml(&file.definition))
        .unwrap_or_else(|e| format!("# could not show: {e}\n"));
    out.push_str("\nDefinition (as it is written into a results folder's scenario.toml):\n");
    for line in definition.lines() {
        toml_line(&mut out, line);
    }
    out.push_str(&format!(
        "\nIn a scenario file:\n  [[players]]\n  strategy = \"{}\"\n",
        file.id
    ));
    out
}

fn first_sentence(text: &str) -> String {
    text.split(". ")
        .next()
        .unwrap_or(text)
        .trim_end_matches('.')
        .to_string()
}

/// Appends one line of a strategy page, wrapped to the width budget at
/// spaces (never inside a path, a number or a short quoted value).
fn prose(out: &mut String, line: &str) {
    out.push_str(&crate::output::width::fit_whole(line));
    out.push('\n');
}

/// Appends one line of a definition, indented by two spaces; a line too
/// long for the width budget is folded into TOML lines that read back as
/// the same value ([`crate::output::toml_lines::fold`]).
fn toml_line(out: &mut String, line: &str) {
    if line.is_empty() {
        out.push('\n');
        return;
    }
    let lines = match crate::output::width::limit() {
        Some(width) => crate::output::toml_lines::fold(line, width.saturating_sub(2)),
        None => vec![line.to_string()],
    };
    for line in lines {
        out.push_str("  ");
        out.push_str(&line);
        out.push('\n');
    }
}

/// Wraps text to `width` columns with an indent.
fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > width {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The full text shown by `dilemma strategies ID`.
fn describe(info: &StrategyInfo) -> String {
    let mut out = String::new();
    prose(
        &mut out,
        &format!("{} ({})", display_label(info.name), info.id),
    );
    if !info.aliases.is_empty() {
        prose(
            &mut out,
            &format!("Also accepted as: {}", info.aliases.join(", ")),
        );
    }
    let name = default_name(info);
    let shown = display_label(&name);
    if shown == name {
        prose(
            &mut out,
            &format!("Name in results with default parameters: {name}"),
        );
    } else {
        prose(
            &mut out,
            &format!("Name in results with default parameters: {shown} (CSV files: {name})"),
        );
    }
    prose(&mut out, &format!("Family: {}", family_of(info)));
    prose(&mut out, &format!("Source: {}", info.source));
    out.push('\n');
    out.push_str("Rule:\n");
    out.push_str(&wrap(info.description, 78, "  "));
    out.push_str("\nClassifiers:\n");
    let memory_text = match info.memory_depth {
        None => "unbounded (may look at the whole history)".to_string(),
        Some(0) => "0 turns (ignores the history)".to_string(),
        Some(1) => "1 turn".to_string(),
        Some(d) => format!("{d} turns"),
    };
    out.push_str(&format!("  memory depth:   {memory_text}\n"));
    out.push_str(&format!(
        "  stochastic:     {}\n",
        if info.stochastic {
            "yes (draws random numbers with its default parameters)"
        } else {
            "no"
        }
    ));
    out.push_str(&format!(
        "  uses length:    {}\n",
        if info.uses_length {
            "yes (behaves differently when the number of turns is known)"
        } else {
            "no"
        }
    ));
    out.push_str(&format!(
        "  uses payoffs:   {}\n",
        if info.uses_payoffs {
            "yes (reads the payoff matrix)"
        } else {
            "no"
        }
    ));
    out.push_str(&format!(
        "  long run time:  {}\n",
        if info.long_run_time {
            "yes (slow: axelrod leaves it out of quick tournaments)"
        } else {
            "no"
        }
    ));
    if let Ok(player) = PlayerSpec::new(info.id).build() {
        out.push_str(&exact_line(&player));
    }
    if info.params.is_empty() {
        out.push_str("\nParameters: none\n");
    } else {
        out.push_str("\nParameters:\n");
        for p in info.params {
            prose(
                &mut out,
                &format!(
                    "  {} = {} (from {} to {}): {}",
                    p.name,
                    p.kind.show(p.default),
                    p.kind.show(p.min),
                    p.kind.show(p.max),
                    p.description
                ),
            );
        }
    }
    out.push_str(&format!(
        "\nIn a scenario file:\n  [[players]]\n  strategy = \"{}\"\n",
        info.id
    ));
    for p in info.params {
        let value = match p.kind {
            ParamKind::Action => format!("{}  # 0 is C, 1 is D", p.default),
            kind => kind.show(p.default),
        };
        out.push_str(&format!("  {} = {value}\n", p.name));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::strategies::defined::Body;

    /// Whether the player is an attention model, and if so whether its
    /// weights are loaded; `None` for any other player.
    fn attention_loaded(player: &Player) -> Option<bool> {
        match &player.origin {
            Origin::Defined { definition, .. } => match &definition.body {
                Body::Attention(a) => Some(a.model.has_weights()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The listing reads every shipped file, EvolvedAttention and the
    /// meta players whose team holds it included, without loading a
    /// single weight (a regression here costs 51 MB and ~0.3 s a call).
    #[test]
    fn the_listing_loads_no_attention_weights() {
        let listed = shipped_strategies();
        assert_eq!(listed.len(), SHIPPED.len());
        let attention = listed
            .iter()
            .find(|s| s.file.id == "evolved-attention")
            .unwrap();
        assert_eq!(attention_loaded(&attention.player), Some(false));
        let mut teams_holding_it = 0;
        for strategy in &listed {
            if let Body::Meta(meta) = &strategy.definition.body {
                for member in &meta.team {
                    if let Some(loaded) = attention_loaded(member) {
                        assert!(!loaded, "{}", strategy.file.id);
                        teams_holding_it += 1;
                    }
                }
            }
        }
        assert!(teams_holding_it >= 1, "no meta team holds EvolvedAttention");
        let page = load_shipped(
            find_shipped("evolved-attention").unwrap(),
            &mut Chain::describing(),
        )
        .unwrap();
        assert_eq!(attention_loaded(&page.player), Some(false));
        assert!(describe_shipped(&page).contains("memory depth:   200"));
    }
}
