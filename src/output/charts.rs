//! TEMPORARY placeholder until the real charts module lands (helper is writing it).
use std::path::Path;
#[derive(Debug, thiserror::Error)]
#[error("chart")]
pub struct ChartError;
pub struct BoxPlot<'a> { pub title: &'a str, pub value_label: &'a str, pub category_label: &'a str, pub names: &'a [String], pub samples: &'a [Vec<f64>] }
pub struct HeatMap<'a> { pub title: &'a str, pub row_label: &'a str, pub col_label: &'a str, pub value_label: &'a str, pub row_names: &'a [String], pub col_names: &'a [String], pub values: &'a [Vec<f64>] }
pub struct BarChart<'a> { pub title: &'a str, pub value_label: &'a str, pub category_label: &'a str, pub names: &'a [String], pub values: &'a [f64] }
pub fn draw_box_plot(_: &Path, _: &BoxPlot) -> Result<(), ChartError> { Ok(()) }
pub fn draw_heat_map(_: &Path, _: &HeatMap) -> Result<(), ChartError> { Ok(()) }
pub fn draw_bar_chart(_: &Path, _: &BarChart) -> Result<(), ChartError> { Ok(()) }
