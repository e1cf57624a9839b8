//! The axelrod `ResultSet` extras of a tournament as CSV files and charts.
//!
//! Files (players in scenario order, as `payoff_matrix.csv`; floats as
//! Python's `repr`, `nan` where axelrod has NaN):
//! `payoff_diffs_means.csv`, `payoff_stddevs.csv`, `cooperation.csv`,
//! `normalised_cooperation.csv`, `good_partner_matrix.csv` (matrices with a
//! `Player` column and one column per opponent), `ratings.csv` (good-partner,
//! eigenjesus and eigenmoses ratings, ranked as `summary.csv`) and
//! `match_lengths.csv` (how many matches, self-play included, lasted each
//! number of turns). Charts: `score_diffs_violin` (axelrod's `sdvplot`),
//! `payoff_diffs_heatmap` (`pdplot`) and, for random horizons only,
//! `match_lengths_violin` (`lengthplot`).

use crate::ipd::result_set::{ResultSetExtras, ResultSetStats};
use crate::ipd::results::TournamentResults;
use crate::ipd::strategies::catalogue::python_float;
use crate::output::charts::{
    ChartError, ChartJob, HeatMap, ViolinPlot, draw_heat_map, draw_violin_plot, par_draw,
};
use std::collections::BTreeMap;
use std::io;
use std::path::Path;

/// CSV files written by [`write_result_set_files`].
pub const RESULT_SET_FILES: [&str; 7] = [
    "payoff_diffs_means.csv",
    "payoff_stddevs.csv",
    "cooperation.csv",
    "normalised_cooperation.csv",
    "good_partner_matrix.csv",
    "ratings.csv",
    "match_lengths.csv",
];

/// The header of `ratings.csv`.
pub const RATINGS_HEADER: [&str; 6] = [
    "Rank",
    "Name",
    "Original_index",
    "Good_partner_rating",
    "Eigenjesus_rating",
    "Eigenmoses_rating",
];

fn writer(path: &Path) -> io::Result<csv::Writer<std::fs::File>> {
    Ok(csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_path(path)?)
}

fn write_matrix<T>(
    path: &Path,
    names: &[String],
    matrix: &[Vec<T>],
    show: impl Fn(&T) -> String,
) -> io::Result<()> {
    let mut w = writer(path)?;
    let mut header = vec!["Player".to_string()];
    header.extend(names.iter().cloned());
    w.write_record(&header).map_err(io::Error::other)?;
    for (name, row) in names.iter().zip(matrix) {
        let mut record = vec![name.clone()];
        record.extend(row.iter().map(&show));
        w.write_record(&record).map_err(io::Error::other)?;
    }
    w.flush()
}

/// How many matches (one per pair and repetition, self-play included) lasted
/// each number of turns, shortest first.
pub fn length_counts(
    extras: &ResultSetExtras,
    players: usize,
    repetitions: u32,
) -> Vec<(u32, u64)> {
    let mut counts = BTreeMap::new();
    for r in 0..repetitions {
        for i in 0..players {
            for j in i..players {
                // Every match lasts a turn at least: 0 is a pair that did
                // not meet (a tournament on edges).
                let turns = extras.match_length(r, i, j);
                if turns > 0 {
                    *counts.entry(turns).or_insert(0u64) += 1;
                }
            }
        }
    }
    counts.into_iter().collect()
}

/// Writes the CSV files of [`RESULT_SET_FILES`] into `folder`; returns the
/// statistics for the charts. An error names the file.
pub fn write_result_set_files(
    folder: &Path,
    results: &TournamentResults,
    extras: &ResultSetExtras,
) -> Result<ResultSetStats, (String, io::Error)> {
    let stats = extras.compute(results);
    let names = &results.names;
    let at = |name: &str| (folder.join(name), name.to_string());
    let fail = |name: String| move |e: io::Error| (name, e);
    let float = |v: &f64| python_float(*v);
    let (path, name) = at(RESULT_SET_FILES[0]);
    write_matrix(&path, names, &stats.payoff_diffs_means, float).map_err(fail(name))?;
    let (path, name) = at(RESULT_SET_FILES[1]);
    write_matrix(&path, names, &stats.payoff_stddevs, float).map_err(fail(name))?;
    let (path, name) = at(RESULT_SET_FILES[2]);
    write_matrix(&path, names, &stats.cooperation, |v| v.to_string()).map_err(fail(name))?;
    let (path, name) = at(RESULT_SET_FILES[3]);
    write_matrix(&path, names, &stats.normalised_cooperation, float).map_err(fail(name))?;
    let (path, name) = at(RESULT_SET_FILES[4]);
    write_matrix(&path, names, &stats.good_partner_matrix, |v| v.to_string())
        .map_err(fail(name))?;

    let (path, name) = at(RESULT_SET_FILES[5]);
    let ratings = || -> io::Result<()> {
        let mut w = writer(&path)?;
        w.write_record(RATINGS_HEADER).map_err(io::Error::other)?;
        for (rank, &i) in results.ranking().iter().enumerate() {
            w.write_record([
                rank.to_string(),
                names[i].clone(),
                i.to_string(),
                python_float(stats.good_partner_rating[i]),
                python_float(stats.eigenjesus[i]),
                python_float(stats.eigenmoses[i]),
            ])
            .map_err(io::Error::other)?;
        }
        w.flush()
    };
    ratings().map_err(fail(name))?;

    let (path, name) = at(RESULT_SET_FILES[6]);
    let lengths = || -> io::Result<()> {
        let mut w = writer(&path)?;
        w.write_record(["Turns", "Matches"])
            .map_err(io::Error::other)?;
        for (turns, count) in length_counts(extras, names.len(), results.repetitions) {
            w.write_record([turns.to_string(), count.to_string()])
                .map_err(io::Error::other)?;
        }
        w.flush()
    };
    lengths().map_err(fail(name))?;
    Ok(stats)
}

/// Chart stems written by [`write_result_set_charts`] (the last one only
/// for random horizons).
pub const RESULT_SET_CHART_STEMS: [&str; 3] = [
    "score_diffs_violin",
    "payoff_diffs_heatmap",
    "match_lengths_violin",
];

/// Draws axelrod's `sdvplot`, `pdplot` and, for a random horizon (its
/// continuation probability given), its `lengthplot`; players ranked as in
/// `summary.csv`.
pub fn write_result_set_charts(
    folder: &Path,
    results: &TournamentResults,
    extras: &ResultSetExtras,
    stats: &ResultSetStats,
    continuation: Option<f64>,
) -> Result<(), ChartError> {
    let ranking = results.ranking();
    let n = results.player_count();
    let reps = results.repetitions;
    let names: Vec<String> = ranking.iter().map(|&i| results.names[i].clone()).collect();
    // Only the pairs that met (all of them in a round robin; on edges the
    // others would add zeros that no match made, and blank cells).
    let met = |i: usize, j: usize| results.met(i, j);
    let diffs: Vec<Vec<f64>> = ranking
        .iter()
        .map(|&i| {
            (0..n)
                .filter(|&j| met(i, j))
                .flat_map(|j| (0..reps).map(move |r| extras.score_diff(r, i, j)))
                .collect()
        })
        .collect();
    let matrix: Vec<Vec<f64>> = ranking
        .iter()
        .map(|&i| {
            ranking
                .iter()
                .map(|&j| {
                    if met(i, j) {
                        stats.payoff_diffs_means[i][j]
                    } else {
                        f64::NAN
                    }
                })
                .collect()
        })
        .collect();
    let lengths: Option<(f64, Vec<Vec<f64>>)> = continuation.map(|w| {
        let lengths = ranking
            .iter()
            .map(|&i| {
                (0..reps)
                    .flat_map(|r| {
                        (0..n)
                            .filter(move |&j| met(i, j))
                            .map(move |j| extras.match_length(r, i, j) as f64)
                    })
                    .collect()
            })
            .collect();
        (w, lengths)
    });
    let (names, diffs, matrix) = (&names, &diffs, &matrix);
    let mut jobs: Vec<ChartJob<'_, ChartError>> = vec![
        Box::new(move || {
            draw_violin_plot(
                &folder.join(RESULT_SET_CHART_STEMS[0]),
                &ViolinPlot {
                    title: "Score difference per turn",
                    value_label: if results.on_edges() {
                        "Own score minus opponent's, per turn (every opponent met, every repetition)"
                    } else {
                        "Own score minus opponent's, per turn (every opponent and repetition)"
                    },
                    category_label: "Strategy (ranked by median score)",
                    names,
                    samples: diffs,
                },
            )
        }),
        Box::new(move || {
            draw_heat_map(
                &folder.join(RESULT_SET_CHART_STEMS[1]),
                &HeatMap {
                    title: "Mean score difference per turn",
                    row_label: "Player",
                    col_label: "Opponent",
                    value_label: if matrix.iter().flatten().any(|v| v.is_nan()) {
                        "Row player's score minus column player's, per turn (blank: did not meet)"
                    } else {
                        "Row player's score minus column player's, per turn"
                    },
                    row_names: names,
                    col_names: names,
                    values: matrix,
                },
            )
        }),
    ];
    if let Some((w, lengths)) = &lengths {
        jobs.push(Box::new(move || {
            draw_violin_plot(
                &folder.join(RESULT_SET_CHART_STEMS[2]),
                &ViolinPlot {
                    title: &format!("Match lengths (continuation {w})"),
                    value_label: "Turns per match (every opponent and repetition)",
                    category_label: "Strategy (ranked by median score)",
                    names,
                    samples: lengths,
                },
            )
        }));
    }
    par_draw(jobs)
}
