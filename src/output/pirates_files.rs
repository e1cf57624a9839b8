//! The files of a pirates run: rounds.csv (the teaching table),
//! allocation.csv, survival.csv (N = 1..max), alternatives.csv and the
//! charts (allocation bars, survival over N).

use crate::dilemmas::pirates::rules::pirate_name;
use crate::dilemmas::pirates::{Fate, Solution};
use crate::output::charts::{
    BarChart, ChartError, LineChart, Series, draw_bar_chart, draw_line_panels, par_draw,
};
use std::path::Path;

/// Most pirates drawn as bars in the allocation chart.
pub const MAX_BARS: usize = 60;

fn writer(path: &Path) -> std::io::Result<csv::Writer<std::fs::File>> {
    Ok(csv::Writer::from_writer(std::fs::File::create(path)?))
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// rounds.csv: one row per number of pirates alive.
pub fn write_rounds(path: &Path, solution: &Solution) -> std::io::Result<()> {
    let mut w = writer(path)?;
    w.write_record([
        "alive",
        "proposer",
        "proposer_name",
        "votes_needed",
        "doomed_voters",
        "free_votes",
        "max_votes",
        "survives",
        "proposer_keeps",
        "paid",
        "yes_votes",
        "threshold_price",
        "threshold_candidates",
        "threshold_chosen",
        "alternatives",
    ])?;
    for r in &solution.rounds {
        let (t, a, b) = match r.threshold {
            Some((t, a, b)) => (Some(t), Some(a), Some(b)),
            None => (None, None, None),
        };
        w.write_record([
            r.alive.to_string(),
            r.proposer.to_string(),
            pirate_name(r.proposer),
            r.votes_needed.to_string(),
            r.doomed_voters.to_string(),
            r.free_votes.to_string(),
            r.max_votes.to_string(),
            r.survives.to_string(),
            opt(r.proposer_keeps),
            r.paid.to_string(),
            if r.survives {
                r.yes_votes.to_string()
            } else {
                String::new()
            },
            opt(t),
            opt(a),
            opt(b),
            if r.survives {
                r.alternatives().to_string()
            } else {
                "0".into()
            },
        ])?;
    }
    w.flush()
}

/// allocation.csv: every pirate's fate and coins.
pub fn write_allocation(path: &Path, solution: &Solution) -> std::io::Result<()> {
    let mut w = writer(path)?;
    w.write_record(["pirate", "name", "fate", "coins"])?;
    let proposer = solution.proposer();
    for (i, fate) in solution.fates.iter().enumerate() {
        let (fate, coins) = match fate {
            Fate::Overboard => ("thrown overboard", 0),
            Fate::Keeps(c) if i == proposer => ("proposer", *c),
            Fate::Keeps(c) => ("alive", *c),
        };
        w.write_record([
            i.to_string(),
            pirate_name(i),
            fate.into(),
            coins.to_string(),
        ])?;
    }
    w.flush()
}

/// The survival pattern for N = 1..=max, from the rounds of one solve of
/// the largest game: with N pirates, the proposal of the largest surviving
/// round k <= N passes and N - k are thrown overboard.
pub fn survival(range: &Solution) -> Vec<(usize, usize, u64)> {
    let mut last = 0;
    let mut keeps = 0;
    range
        .rounds
        .iter()
        .map(|r| {
            if r.survives {
                last = r.alive;
                keeps = r.proposer_keeps.unwrap_or(0);
            }
            (r.alive, r.alive - last, keeps)
        })
        .collect()
}

/// survival.csv.
pub fn write_survival(path: &Path, range: &Solution) -> std::io::Result<()> {
    let mut w = writer(path)?;
    w.write_record([
        "pirates",
        "thrown_overboard",
        "proposer_survives",
        "passing_proposer_keeps",
    ])?;
    for (n, thrown, keeps) in survival(range) {
        w.write_record([
            n.to_string(),
            thrown.to_string(),
            (thrown == 0).to_string(),
            keeps.to_string(),
        ])?;
    }
    w.flush()
}

/// alternatives.csv: the listed equally good allocations, one per row.
pub fn write_alternatives(path: &Path, listed: &[Vec<u64>]) -> std::io::Result<()> {
    let mut w = writer(path)?;
    let n = listed.first().map_or(0, Vec::len);
    let mut header = vec!["rank".to_string()];
    header.extend((0..n).map(pirate_name));
    w.write_record(&header)?;
    for (i, a) in listed.iter().enumerate() {
        let mut row = vec![(i + 1).to_string()];
        row.extend(a.iter().map(u64::to_string));
        w.write_record(&row)?;
    }
    w.flush()
}

/// Pirates per outcome of a large game: thrown overboard, the proposer, then each coin
/// amount the others receive (most first).
fn outcomes(proposer: usize, allocation: &[u64], thrown: usize) -> (Vec<String>, Vec<f64>) {
    let plural = |n: u64| if n == 1 { "" } else { "s" };
    let mut names = Vec::new();
    let mut values = Vec::new();
    if thrown > 0 {
        names.push("thrown overboard".to_string());
        values.push(thrown as f64);
    }
    if let Some(&kept) = allocation.get(proposer) {
        names.push(format!(
            "proposer {} (keeps {kept} coin{})",
            pirate_name(proposer),
            plural(kept)
        ));
        values.push(1.0);
    }
    let rest = allocation.get(proposer + 1..).unwrap_or(&[]);
    let mut amounts: Vec<u64> = rest.to_vec();
    amounts.sort_unstable_by(|a, b| b.cmp(a));
    amounts.dedup();
    for amount in amounts {
        let count = rest.iter().filter(|&&c| c == amount).count();
        names.push(format!("get {amount} coin{}", plural(amount)));
        values.push(count as f64);
    }
    (names, values)
}

/// allocation.png/svg (one bar per pirate, or pirates per outcome when there are more
/// than [`MAX_BARS`] survivors) and survival.png/svg.
pub fn write_charts(
    folder: &Path,
    solution: &Solution,
    range: &Solution,
) -> Result<(), ChartError> {
    let game = solution.game;
    let start = solution.proposer();
    let allocation = solution.allocation();
    let (names, values, subtitle, category_label, value_label) = if game.pirates - start <= MAX_BARS
    {
        let names: Vec<String> = (start..game.pirates).map(pirate_name).collect();
        let values: Vec<f64> = allocation[start..].iter().map(|&c| c as f64).collect();
        (
            names,
            values,
            String::new(),
            "Pirate (most senior survivor, the proposer, first)",
            "Coins received",
        )
    } else {
        // Too many pirates for one bar each (and most get nothing): count the pirates
        // per outcome instead, so the chart shows who gets what at any N.
        let (names, values) = outcomes(start, &allocation[..], solution.thrown_overboard());
        (
            names,
            values,
            ": pirates per outcome".to_string(),
            "Outcome",
            "Pirates",
        )
    };
    let allocation = || {
        draw_bar_chart(
            &folder.join("allocation"),
            &BarChart {
                title: &format!(
                    "Who gets what: {} pirates, {} coins, {} thrown overboard{subtitle}",
                    game.pirates,
                    game.coins,
                    solution.thrown_overboard()
                ),
                value_label,
                category_label,
                names: &names,
                values: &values,
            },
        )
    };
    let rows = survival(range);
    let thrown: Vec<(f64, f64)> = rows.iter().map(|&(n, t, _)| (n as f64, t as f64)).collect();
    let keeps: Vec<(f64, f64)> = rows.iter().map(|&(n, _, k)| (n as f64, k as f64)).collect();
    // Pirates and coins are different units: a panel each, with its own axis.
    let survival = || {
        draw_line_panels(
            &folder.join("survival"),
            &format!(
                "Who survives: {} coins, N = 1 to {} pirates",
                game.coins,
                rows.len()
            ),
            &[
                LineChart {
                    title: "The most senior pirates thrown overboard",
                    x_label: "Number of pirates N",
                    y_label: "Pirates thrown overboard",
                    series: vec![Series {
                        name: "pirates thrown overboard".into(),
                        points: &thrown,
                    }],
                    steps: true,
                    y_from_zero: true,
                },
                LineChart {
                    title: "The coins the passing proposer keeps",
                    x_label: "Number of pirates N",
                    y_label: "Coins kept",
                    series: vec![Series {
                        name: "coins the passing proposer keeps".into(),
                        points: &keeps,
                    }],
                    steps: true,
                    y_from_zero: true,
                },
            ],
        )
    };
    par_draw(vec![Box::new(allocation), Box::new(survival)])
}
