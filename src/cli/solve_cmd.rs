//! `dilemma solve GAME POSITION...`: outcome, Grundy value, winning moves and
//! the rule used, for every impartial game in `crate::impartial`; `--json`
//! for scripts; `--table N` prints g(0..=N) as CSV for one-heap games with
//! the certified period.

use super::CliError;
use crate::impartial::catalogue::{number, parse_game_within};
use crate::impartial::solve;
use crate::impartial::table::{Table, tabulate_within};
use clap::Args;
use std::io::{BufWriter, ErrorKind, Write};

/// Arguments of `dilemma solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game and its position, e.g. `nim 3 4 5`, `bash 21 --max 3`,
    /// `subtraction 20 --set 1,3,4`, `wythoff 10 15`, `octal 10 --code 0.77`,
    /// `kayles 10`, `fibonacci-nim 83 [--limit L]`, `ruler 3 5` (heads-up
    /// coins, 1-based; also `mock-turtles`, `turning-turtles`), `coloring 13
    /// [--colored 1:2,2:5]`, `graph FILE NODE`, `sum "nim 3" "bash 5 --max 2"`.
    /// Also accepted anywhere: `--json`, `--limit L` (winning moves listed,
    /// default 20), `--table N` (one-heap games: g(0..=N) as CSV),
    /// `--no-limit` (work over the default limits: tables of more than
    /// 10^7 rows or positions solved one by one, a Wythoff grid over 2000;
    /// an octal code's values past 2.5e10 split evaluations (counted as
    /// they are computed) without a proven period, for a table or one
    /// position; a subtraction set's period search over 5e10 mex steps; a
    /// Wythoff Grundy value with a pile over 2000; an End-Nim Grundy value
    /// over 2.5e10 mex steps or a row over 100,000 piles; a Fibonacci Nim
    /// value or table past 1000; up to 10^8 rows or octal heap, a 3000
    /// Wythoff grid or pile, 2^26 subtraction values, 5e7 End-Nim cells, a
    /// Fibonacci Nim pile of 20,000).
    #[arg(required = true, num_args = 1.., trailing_var_arg = true, allow_hyphen_values = true)]
    pub words: Vec<String>,
}

/// Runs `dilemma solve`.
pub fn run(args: &SolveArgs) -> Result<(), CliError> {
    let mut words = Vec::new();
    let mut json = false;
    let mut limit = 20usize;
    let mut table: Option<u64> = None;
    let mut no_limit = false;
    // In Fibonacci Nim `--limit` is part of the position (the largest take
    // allowed now), so it is not the listing limit there.
    let fibonacci = args.words.first().map(String::as_str) == Some("fibonacci-nim");
    let mut i = 0;
    while i < args.words.len() {
        let w = &args.words[i];
        match w.as_str() {
            "--json" => json = true,
            "--no-limit" => no_limit = true,
            "--limit" if fibonacci => {
                words.push(w.clone());
                if let Some(v) = args.words.get(i + 1) {
                    words.push(v.clone());
                }
                i += 1;
            }
            "--limit" | "--table" => {
                let v = args
                    .words
                    .get(i + 1)
                    .ok_or_else(|| CliError::BadInput(format!("{w} needs a number")))?;
                let n = number(w, v).map_err(|e| CliError::BadInput(e.to_string()))?;
                if w == "--limit" {
                    limit = n.min(1_000_000) as usize;
                } else {
                    table = Some(n);
                }
                i += 1;
            }
            _ => words.push(w.clone()),
        }
        i += 1;
    }
    if let Some(n) = table {
        return print_table(&words, n, json, no_limit);
    }
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| e.to_string());
    let position = parse_game_within(&words, &read, no_limit)
        .map_err(|e| CliError::BadInput(e.to_string()))?;
    let s = solve(position.as_ref(), limit);
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&s).map_err(|e| CliError::Failed(e.to_string()))?
        );
        return Ok(());
    }
    println!("position       {}", s.position);
    println!(
        "outcome        {} ({})",
        s.outcome,
        if s.outcome == crate::impartial::Outcome::P {
            "the previous player wins"
        } else {
            "the player to move wins"
        }
    );
    println!(
        "grundy value   {}",
        s.grundy
            .map_or("not computed (see reason)".into(), |g| g.to_string())
    );
    match s.winning_move_count {
        Some(0) => println!("winning moves  none"),
        Some(c) => {
            println!(
                "winning moves  {c}{}",
                if (c as usize) > s.winning_moves.len() {
                    format!(" (first {} shown)", s.winning_moves.len())
                } else {
                    String::new()
                }
            );
            for m in &s.winning_moves {
                println!("{}", move_line(m));
            }
        }
        None => println!("winning moves  not enumerated (too many options)"),
    }
    println!(
        "{}",
        crate::output::width::fit(&format!("reason         {}", s.reason))
    );
    Ok(())
}

/// One winning move, indented, fitted to the width budget: a line too long
/// breaks before its `-> position`, which stays whole on the next line (the
/// words of a command to copy), then at spaces as prose does.
fn move_line(m: &str) -> String {
    let line = format!("  {m}");
    let fits = crate::output::width::limit().is_none_or(|w| line.chars().count() <= w);
    match m.rsplit_once(" -> ") {
        Some((what, next)) if !fits => format!(
            "{}\n{}",
            crate::output::width::fit_whole(&format!("  {what}")),
            crate::output::width::fit_whole(&format!("    -> {next}"))
        ),
        _ => crate::output::width::fit_whole(&line),
    }
}

fn print_table(words: &[String], n: u64, json: bool, no_limit: bool) -> Result<(), CliError> {
    let table =
        tabulate_within(words, n, no_limit).map_err(|e| CliError::BadInput(e.to_string()))?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    // A bar over the rows written (on a terminal) for tables of a million
    // rows and more (10^7 rows take seconds).
    let rows = match &table {
        Table::Heap { values, .. } => values.len() as u64,
        Table::Wythoff { values } => (values.len() as u64).pow(2),
    };
    let bar = crate::cli::progress::bar_of(rows, "table", "rows", json || rows < 1_000_000);
    let written = write_table(&mut out, &table, json, &mut |done| bar.set_position(done));
    bar.finish_and_clear();
    match written.and_then(|()| out.flush()) {
        Ok(()) => {}
        // A reader that stopped early (`| head`) is not an error.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => return Ok(()),
        Err(e) => return Err(CliError::Failed(format!("cannot write the table: {e}"))),
    }
    if let Table::Heap { label, period, .. } = &table {
        if !json {
            match period {
                Some(p) => crate::cli::eprint_message(&format!(
                    "{label}: period {} from n = {} (proven on {} values)",
                    p.period, p.preperiod, p.checked
                )),
                None => crate::cli::eprint_message(&format!("{label}: no period certified")),
            }
        }
    }
    Ok(())
}

/// Writes the table as CSV (or one JSON line) through a buffer: one system
/// call per 64 KiB, not per row; `on_rows(rows written)` every 65,536 rows.
fn write_table(
    out: &mut impl Write,
    table: &Table,
    json: bool,
    on_rows: &mut dyn FnMut(u64),
) -> std::io::Result<()> {
    match table {
        Table::Heap {
            label,
            values,
            period,
        } => {
            if json {
                let v = serde_json::json!({"game": label, "values": values, "period": period});
                serde_json::to_writer(&mut *out, &v)?;
                return writeln!(out);
            }
            writeln!(out, "n,grundy")?;
            for (i, g) in values.iter().enumerate() {
                writeln!(out, "{i},{g}")?;
                if i % 65_536 == 65_535 {
                    on_rows(i as u64 + 1);
                }
            }
        }
        Table::Wythoff { values } => {
            if json {
                let v = serde_json::json!({"game": "wythoff", "values": values});
                serde_json::to_writer(&mut *out, &v)?;
                return writeln!(out);
            }
            writeln!(out, "x,y,grundy,p_position")?;
            for (x, row) in values.iter().enumerate() {
                for (y, g) in row.iter().enumerate() {
                    writeln!(out, "{x},{y},{g},{}", *g == 0)?;
                }
                on_rows(((x + 1) * row.len()) as u64);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_written_whole_through_the_buffer() {
        let words = vec!["subtraction".to_string(), "--set".into(), "1,3,4".into()];
        let table = crate::impartial::table::tabulate(&words, 9).unwrap();
        let mut csv = Vec::new();
        let mut reported = Vec::new();
        write_table(&mut csv, &table, false, &mut |n| reported.push(n)).unwrap();
        assert!(reported.is_empty(), "no report before 65,536 rows");
        assert_eq!(
            String::from_utf8(csv).unwrap(),
            "n,grundy\n0,0\n1,1\n2,0\n3,1\n4,2\n5,3\n6,2\n7,0\n8,1\n9,0\n"
        );
        let mut json = Vec::new();
        write_table(&mut json, &table, true, &mut |_| {}).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(v["values"][4], 2);
        assert_eq!(v["period"]["period"], 7);
    }

    #[test]
    fn long_tables_report_their_rows_for_the_bar() {
        let words = vec!["kayles".to_string()];
        let table = crate::impartial::table::tabulate(&words, 199_999).unwrap();
        let mut reported = Vec::new();
        let mut sink = std::io::sink();
        write_table(&mut sink, &table, false, &mut |n| reported.push(n)).unwrap();
        assert_eq!(reported, vec![65_536, 131_072, 196_608]);
    }
}
