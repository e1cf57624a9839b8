//! `dilemma strategies`: the catalogue as a table or JSON.

use crate::cli::{CliError, table};
use crate::ipd::strategies::CATALOGUE;
use clap::Args;

/// Options of `dilemma strategies`.
#[derive(Args, Debug)]
pub struct StrategiesArgs {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

fn memory(depth: Option<u32>) -> String {
    depth.map_or_else(|| "inf".to_string(), |d| d.to_string())
}

/// Prints the catalogue.
pub fn run(args: &StrategiesArgs) -> Result<(), CliError> {
    if args.json {
        let text =
            serde_json::to_string_pretty(CATALOGUE).map_err(|e| CliError::Failed(e.to_string()))?;
        println!("{text}");
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
    for info in CATALOGUE {
        let params: Vec<String> = info
            .params
            .iter()
            .map(|p| format!("{}={} ({}..{})", p.name, p.default, p.min, p.max))
            .collect();
        let rule = info
            .description
            .split(". ")
            .next()
            .unwrap_or(info.description)
            .trim_end_matches('.');
        rows.push(vec![
            info.id.to_string(),
            info.name.to_string(),
            memory(info.memory_depth),
            yes_no(info.stochastic),
            yes_no(info.uses_length),
            yes_no(info.uses_payoffs),
            params.join(", "),
            rule.to_string(),
        ]);
    }
    print!(
        "{}",
        table::render(
            &rows,
            &[false, false, true, false, false, false, false, false]
        )
    );
    println!(
        "\n{} strategies. Use the id in scenario files: [[players]] strategy = \"tit-for-tat\".",
        CATALOGUE.len()
    );
    Ok(())
}
