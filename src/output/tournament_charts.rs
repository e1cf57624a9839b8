//! The charts of a tournament: scores box plot, payoff heat map and wins bar
//! chart, each as PNG and SVG, drawn at once (`charts::par_draw`). On a
//! tournament of edges the pairs that did not meet are blank cells.

use crate::ipd::results::TournamentResults;
use crate::output::charts::{
    BarChart, BoxPlot, ChartError, HeatMap, draw_bar_chart, draw_box_plot, draw_heat_map, par_draw,
};
use std::path::Path;

/// File stems of the charts written by [`write_tournament_charts`].
pub const CHART_STEMS: [&str; 3] = ["scores_boxplot", "payoff_heatmap", "wins"];

/// Draws all tournament charts into `folder`; `title` names the tournament.
pub fn write_tournament_charts(
    folder: &Path,
    results: &TournamentResults,
) -> Result<(), ChartError> {
    let ranking = results.ranking();
    let ranked_names: Vec<String> = ranking.iter().map(|&i| results.names[i].clone()).collect();
    let normalised = results.normalised_scores();
    let samples: Vec<Vec<f64>> = ranking.iter().map(|&i| normalised[i].clone()).collect();
    let matrix = results.payoff_matrix();
    // A pair that never met (a tournament on edges) is a blank cell.
    let ranked_matrix: Vec<Vec<f64>> = ranking
        .iter()
        .map(|&i| {
            ranking
                .iter()
                .map(|&j| {
                    if results.met(i, j) {
                        matrix[i][j]
                    } else {
                        f64::NAN
                    }
                })
                .collect()
        })
        .collect();
    let blanks = ranked_matrix.iter().flatten().any(|v| v.is_nan());
    let payoff_label = if blanks {
        "Row player's mean score per turn (blank: did not meet)"
    } else {
        "Row player's mean score per turn"
    };
    let wins = results.wins_per_repetition();
    let median_wins: Vec<f64> = ranking
        .iter()
        .map(|&i| {
            let as_f64: Vec<f64> = wins[i].iter().map(|&w| w as f64).collect();
            crate::ipd::numeric::nan_median(&as_f64)
        })
        .collect();
    let repetitions = results.repetitions;
    let (names, samples, values, wins) = (&ranked_names, &samples, &ranked_matrix, &median_wins);
    par_draw(vec![
        Box::new(move || {
            draw_box_plot(
                &folder.join(CHART_STEMS[0]),
                &BoxPlot {
                    title: &format!(
                        "Mean score per turn over {repetitions} repetition{}",
                        if repetitions == 1 { "" } else { "s" }
                    ),
                    value_label: if results.on_edges() {
                        "Mean score per turn against the opponents met (self-play excluded)"
                    } else {
                        "Mean score per turn (normalised, self-play excluded)"
                    },
                    category_label: "Strategy (ranked by median)",
                    names,
                    samples,
                },
            )
        }),
        Box::new(move || {
            draw_heat_map(
                &folder.join(CHART_STEMS[1]),
                &HeatMap {
                    title: "Mean payoff per turn",
                    row_label: "Player",
                    col_label: "Opponent",
                    value_label: payoff_label,
                    row_names: names,
                    col_names: names,
                    values,
                },
            )
        }),
        Box::new(move || {
            draw_bar_chart(
                &folder.join(CHART_STEMS[2]),
                &BarChart {
                    title: "Matches won (median over repetitions)",
                    value_label: "Matches won",
                    category_label: "Strategy (ranked by score)",
                    names,
                    values: wins,
                },
            )
        }),
    ])
}
