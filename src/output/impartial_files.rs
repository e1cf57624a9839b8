//! The files of an `impartial` run: values.csv (n, grundy, outcome) or
//! wythoff.csv (x, y, grundy, p_position), and the charts: Grundy values
//! against n (line chart), or Wythoff's Grundy values and P-positions (heat
//! maps).

use crate::impartial::table::Table;
use crate::output::charts::{
    ChartError, HeatMap, LineChart, Series, draw_heat_map, draw_line_chart, draw_two_colour_map,
    par_draw,
};
use std::path::Path;

/// Writes the table as CSV.
pub fn write_table(path: &Path, table: &Table) -> std::io::Result<()> {
    let mut w = csv::Writer::from_writer(std::fs::File::create(path)?);
    match table {
        Table::Heap { values, .. } => {
            w.write_record(["n", "grundy", "outcome"])?;
            for (n, g) in values.iter().enumerate() {
                let outcome = if *g == 0 { "P" } else { "N" };
                w.write_record([n.to_string(), g.to_string(), outcome.to_string()])?;
            }
        }
        Table::Wythoff { values } => {
            w.write_record(["x", "y", "grundy", "p_position"])?;
            for (x, row) in values.iter().enumerate() {
                for (y, g) in row.iter().enumerate() {
                    w.write_record([
                        x.to_string(),
                        y.to_string(),
                        g.to_string(),
                        (*g == 0).to_string(),
                    ])?;
                }
            }
        }
    }
    w.flush()
}

/// The CSV file name of a table.
pub fn table_file(table: &Table) -> &'static str {
    match table {
        Table::Heap { .. } => "values.csv",
        Table::Wythoff { .. } => "wythoff.csv",
    }
}

/// The chart stems (without .png/.svg) a table gets.
pub fn chart_stems(table: &Table) -> &'static [&'static str] {
    match table {
        Table::Heap { .. } => &["grundy_values"],
        Table::Wythoff { .. } => &["wythoff_grundy", "wythoff_p_positions"],
    }
}

/// Draws the charts of a table into `folder`.
pub fn write_charts(folder: &Path, table: &Table) -> Result<(), ChartError> {
    match table {
        Table::Heap {
            label,
            values,
            period,
        } => {
            let points: Vec<(f64, f64)> = values
                .iter()
                .enumerate()
                .map(|(n, &g)| (n as f64, g as f64))
                .collect();
            let period_text = match period {
                Some(p) => format!(", period {} from n = {} (proven)", p.period, p.preperiod),
                None => String::new(),
            };
            draw_line_chart(
                &folder.join(chart_stems(table)[0]),
                &LineChart {
                    title: &format!("Grundy values g(n) of {label}{period_text}"),
                    x_label: "n",
                    y_label: "Grundy value g(n)",
                    series: vec![Series {
                        name: format!("g(n), n = 0..{}", values.len().saturating_sub(1)),
                        points: &points,
                    }],
                    steps: true,
                    y_from_zero: true,
                },
            )
        }
        Table::Wythoff { values } => {
            let names: Vec<String> = (0..values.len()).map(|i| i.to_string()).collect();
            let grundy: Vec<Vec<f64>> = values
                .iter()
                .map(|row| row.iter().map(|&g| g as f64).collect())
                .collect();
            let p: Vec<Vec<f64>> = values
                .iter()
                .map(|row| row.iter().map(|&g| f64::from(u8::from(g == 0))).collect())
                .collect();
            let stems = chart_stems(table);
            let grundy_map = || {
                draw_heat_map(
                    &folder.join(stems[0]),
                    &HeatMap {
                        title: "Wythoff's Grundy values g(x, y)",
                        row_label: "First pile x",
                        col_label: "Second pile y",
                        value_label: "Grundy value",
                        row_names: &names,
                        col_names: &names,
                        values: &grundy,
                    },
                )
            };
            let p_positions = || {
                draw_two_colour_map(
                    &folder.join(stems[1]),
                    &HeatMap {
                        title: "Wythoff's P-positions (a_k, a_k + k), a_k = floor(k phi)",
                        row_label: "First pile x",
                        col_label: "Second pile y",
                        value_label: "",
                        row_names: &names,
                        col_names: &names,
                        values: &p,
                    },
                    ["N-position (g > 0)", "P-position (g = 0)"],
                )
            };
            par_draw(vec![Box::new(grundy_map), Box::new(p_positions)])
        }
    }
}
