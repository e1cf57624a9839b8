//! Stacked area chart: the shares of several categories (strategies) over time, stacked
//! to 1, each in its own colour, with a legend under the title. Shares are normalised per
//! step (a step whose shares sum to 0 or are not finite is left blank).

use std::path::Path;

use plotters::prelude::DrawingBackend;

use super::axes::{Axes, plot_bottom, plot_left, plot_top};
use super::canvas::{Canvas, DrawResult, Scene, canvas_size, draw_title, render};
use super::font::{ensure_fonts, fit_text, text_width};
use super::legend::{legend_height, legend_places, legend_rows, legend_size, legend_text};
use super::palette::category_colour;
use super::scale::{all_integers, nice_ticks};
use super::style::{MARGIN, tick_size};
use super::{ChartError, StackedArea};

const WIDTH: f64 = 1200.0;
const HEIGHT: f64 = 760.0;
/// Shares are marked every quarter, with two decimals.
const Y_TICKS: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_stacked_area(stem: &Path, chart: &StackedArea) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    // Many categories: shorter legend names, so the legend stays a block of columns.
    let max_name = if chart.names.len() > 24 { 240.0 } else { 560.0 };
    let labels: Vec<String> = chart
        .names
        .iter()
        .map(|n| fit_text(n, legend_size(), false, max_name))
        .collect();
    let entry_w: Vec<f64> = labels
        .iter()
        .map(|n| 30.0 + text_width(n, legend_size(), false) + 24.0)
        .collect();
    let y_tick_w = text_width("0.00", tick_size(), false);
    let x0 = plot_left(y_tick_w);
    let x1 = WIDTH - MARGIN - 16.0;
    let legend_h = legend_height(legend_rows(&entry_w, x1 - x0));
    let y0 = plot_top(legend_h);
    // The canvas grows with the legend, so the plot keeps its height.
    let height = HEIGHT + legend_h;
    let y1 = plot_bottom(height);
    let (x_lo, x_hi) = match (chart.xs.first(), chart.xs.last()) {
        (Some(&a), Some(&b)) if b > a => (a, b),
        (Some(&a), _) => (a, a + 1.0),
        _ => (0.0, 1.0),
    };
    let (x_ticks, x_dec) = nice_ticks(x_lo, x_hi, 8, all_integers(chart.xs.iter().copied()));
    render(
        stem,
        &AreaScene {
            chart,
            x0,
            x1,
            y0,
            y1,
            x_lo,
            x_hi,
            x_ticks,
            x_dec,
            entry_w,
            labels,
            height,
        },
    )
}

struct AreaScene<'a> {
    chart: &'a StackedArea<'a>,
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    x_lo: f64,
    x_hi: f64,
    x_ticks: Vec<f64>,
    x_dec: usize,
    entry_w: Vec<f64>,
    labels: Vec<String>,
    height: f64,
}

impl AreaScene<'_> {
    fn px(&self, x: f64) -> f64 {
        self.x0 + (x - self.x_lo) / (self.x_hi - self.x_lo) * (self.x1 - self.x0)
    }
    fn py(&self, y: f64) -> f64 {
        self.y1 - y * (self.y1 - self.y0)
    }
}

impl Scene for AreaScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(WIDTH, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let k = self.chart.names.len();
        let n = self.chart.xs.len().min(self.chart.shares.len());
        // Cumulative normalised shares per step.
        let cumulative: Vec<Option<Vec<f64>>> = (0..n)
            .map(|s| {
                let row = &self.chart.shares[s];
                let total: f64 = row.iter().take(k).sum();
                if !(total > 0.0 && total.is_finite()) {
                    return None;
                }
                let mut acc = 0.0;
                Some(
                    (0..k)
                        .map(|t| {
                            acc += row.get(t).copied().unwrap_or(0.0).max(0.0) / total;
                            acc.min(1.0)
                        })
                        .collect(),
                )
            })
            .collect();
        let any = cumulative.iter().any(|c| c.is_some());
        for t in 0..k {
            let colour = category_colour(t, k);
            // Each maximal run of drawable steps is one polygon.
            let mut s = 0;
            while s < n {
                if cumulative[s].is_none() {
                    s += 1;
                    continue;
                }
                let start = s;
                while s < n && cumulative[s].is_some() {
                    s += 1;
                }
                let run = start..s;
                let top = |i: usize| cumulative[i].as_ref().map_or(0.0, |c| c[t]);
                let bottom = |i: usize| {
                    if t == 0 {
                        0.0
                    } else {
                        cumulative[i].as_ref().map_or(0.0, |c| c[t - 1])
                    }
                };
                let mut points: Vec<(f64, f64)> = Vec::new();
                if run.len() == 1 {
                    let i = run.start;
                    let x = self.px(self.chart.xs[i]);
                    points.extend([
                        (x - 1.0, self.py(top(i))),
                        (x + 1.0, self.py(top(i))),
                        (x + 1.0, self.py(bottom(i))),
                        (x - 1.0, self.py(bottom(i))),
                    ]);
                } else {
                    for i in run.clone() {
                        points.push((self.px(self.chart.xs[i]), self.py(top(i))));
                    }
                    for i in run.clone().rev() {
                        points.push((self.px(self.chart.xs[i]), self.py(bottom(i))));
                    }
                }
                c.fill_polygon(&points, colour)?;
            }
        }
        let axes = Axes {
            x0: self.x0,
            x1: self.x1,
            y0: self.y0,
            y1: self.y1,
            px: |x| self.px(x),
            py: |y| self.py(y),
            x_ticks: (&self.x_ticks, self.x_dec),
            y_ticks: (&Y_TICKS, 2),
            x_label: self.chart.x_label,
            y_label: self.chart.y_label,
        };
        axes.draw(c)?;
        let places = legend_places(&self.entry_w, self.x0, self.x1);
        for (i, (name, (x, y))) in self.labels.iter().zip(places).enumerate() {
            c.fill_rect(
                x,
                y + 1.0,
                x + 20.0,
                y + legend_size() - 1.0,
                category_colour(i, k),
            )?;
            legend_text(c, name, x + 28.0, y + legend_size() / 2.0)?;
        }
        if !any {
            axes.draw_no_data(c)?;
        }
        draw_title(c, self.chart.title, (self.x0 + self.x1) / 2.0, WIDTH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir, strings};

    #[test]
    fn shares_over_time_and_empty_input() {
        let dir = out_dir("stacked");
        let names = strings(&["Tit For Tat", "Defector", "Cooperator"]);
        let xs: Vec<f64> = (0..50).map(|i| i as f64).collect();
        let shares: Vec<Vec<f64>> = xs.iter().map(|&x| vec![x, 50.0 - x, 10.0]).collect();
        let chart = StackedArea {
            title: "Population shares",
            x_label: "Step",
            y_label: "Share",
            names: &names,
            xs: &xs,
            shares: &shares,
        };
        draw_stacked_area(&dir.join("shares"), &chart).expect("stacked area");
        check_files(&dir.join("shares"), "Population shares");
        let empty = StackedArea {
            title: "Empty",
            x_label: "Step",
            y_label: "Share",
            names: &[],
            xs: &[],
            shares: &[],
        };
        draw_stacked_area(&dir.join("empty"), &empty).expect("empty");
        check_files(&dir.join("empty"), "Empty");
    }
}
