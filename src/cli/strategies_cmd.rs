//! `dilemma strategies [ID]`: the catalogue as a table or JSON, filtered by
//! classifiers and words, or one strategy's full description.

use crate::cli::{CliError, table};
use crate::ipd::strategies::catalogue::{find, suggest};
use crate::ipd::strategies::filter::{Depth, Filter};
use crate::ipd::strategies::{CATALOGUE, ParamKind, PlayerSpec, StrategyInfo};
use clap::Args;
use serde::Serialize;

/// Options of `dilemma strategies`.
#[derive(Args, Debug)]
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
    #[arg(long, value_name = "N", conflicts_with = "memory_depth")]
    pub max_memory_depth: Option<u32>,
    /// Only strategies that look at the match length.
    #[arg(long)]
    pub uses_length: bool,
    /// Only strategies that look at the payoff matrix.
    #[arg(long)]
    pub uses_payoffs: bool,
    /// Only strategies whose id, name, rule or source contains this text
    /// (case-insensitive; repeat to require several).
    #[arg(long, value_name = "TEXT")]
    pub search: Vec<String>,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
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
        self.filter() != Filter::default()
    }
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
    default_display_name: String,
}

fn entry(info: &StrategyInfo) -> Entry<'_> {
    Entry {
        info,
        default_display_name: default_name(info),
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
        let info = find(id).ok_or_else(|| {
            let hint = suggest(id).map_or_else(
                || " (`dilemma strategies` lists them all)".to_string(),
                |s| format!("; did you mean `{s}`?"),
            );
            CliError::BadInput(format!("strategies: unknown strategy `{id}`{hint}"))
        })?;
        return if args.json {
            json(&entry(info))
        } else {
            print!("{}", describe(info));
            Ok(())
        };
    }
    let selected = args.filter().select(CATALOGUE);
    if args.json {
        let entries: Vec<Entry<'_>> = selected.into_iter().map(entry).collect();
        return json(&entries);
    }
    if selected.is_empty() {
        println!(
            "No strategy matches these filters ({} in the catalogue).",
            CATALOGUE.len()
        );
        return Ok(());
    }
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
    for info in &selected {
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
    print!(
        "{}",
        table::render(
            &rows,
            &[false, false, true, false, false, false, false, false]
        )
    );
    let count = if selected.len() == CATALOGUE.len() {
        format!("{} strategies", CATALOGUE.len())
    } else {
        format!("{} of {} strategies", selected.len(), CATALOGUE.len())
    };
    println!(
        "\n{count}. `dilemma strategies ID` shows one in full; use the id in scenario files: [[players]] strategy = \"tit-for-tat\"."
    );
    Ok(())
}

fn first_sentence(text: &str) -> String {
    text.split(". ")
        .next()
        .unwrap_or(text)
        .trim_end_matches('.')
        .to_string()
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
    let mut out = format!("{} ({})\n", info.name, info.id);
    if !info.aliases.is_empty() {
        out.push_str(&format!("Also accepted as: {}\n", info.aliases.join(", ")));
    }
    out.push_str(&format!(
        "Name in results with default parameters: {}\n",
        default_name(info)
    ));
    out.push_str(&format!("Source: {}\n\n", info.source));
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
    if info.params.is_empty() {
        out.push_str("\nParameters: none\n");
    } else {
        out.push_str("\nParameters:\n");
        for p in info.params {
            out.push_str(&format!(
                "  {} = {} (from {} to {}): {}\n",
                p.name,
                p.kind.show(p.default),
                p.kind.show(p.min),
                p.kind.show(p.max),
                p.description
            ));
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
