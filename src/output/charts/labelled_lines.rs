//! Line chart for many series (a sweep's strategies): each line is named by a
//! direct label at its right end instead of a legend, so 20 or more lines
//! stay legible. Labels sit in a column right of the plot, in the order of
//! the lines' last values, spread apart so they never overlap, each joined
//! to its line's end by a leader in the line's colour. Up to 8 series use
//! the Okabe-Ito colours; more use Kelly's 20 colours of maximum contrast
//! (repeating after 20, where the labels still tell lines apart). The
//! vertical axis may run downwards (ranks: 1 at the top).

use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::axes::{Axes, SHORTEST, plot_bottom, plot_left, plot_top};
use super::canvas::{
    Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title, render,
};
use super::font::{ensure_fonts, fit_text, text_width};
use super::palette::category_colour;
use super::scale::{all_integers, finite_min_max, fmt_num, nice_ticks, padded_range};
use super::style::{MARGIN, tick_size};
use super::{ChartError, Series};

const WIDTH: f64 = 1400.0;
const HEIGHT: f64 = 860.0;
fn label_size() -> f64 {
    15.0 * super::style::font_scale()
}
const LABEL_GAP: f64 = 3.0;
const MAX_LABEL_WIDTH: f64 = 300.0;
/// Leader from the line's end to its label.
const LEADER: f64 = 36.0;
const GRID: RGBColor = RGBColor(218, 218, 218);
/// Kelly's colours of maximum contrast, without white and black.
const KELLY: [RGBColor; 20] = [
    RGBColor(0x87, 0x56, 0x92),
    RGBColor(0xF3, 0x84, 0x00),
    RGBColor(0x00, 0x67, 0xA5),
    RGBColor(0xBE, 0x00, 0x32),
    RGBColor(0x00, 0x88, 0x56),
    RGBColor(0xF3, 0xC3, 0x00),
    RGBColor(0x84, 0x84, 0x82),
    RGBColor(0xA1, 0xCA, 0xF1),
    RGBColor(0xC2, 0xB2, 0x80),
    RGBColor(0xE6, 0x8F, 0xAC),
    RGBColor(0x60, 0x4E, 0x97),
    RGBColor(0xF9, 0x93, 0x79),
    RGBColor(0xF6, 0xA6, 0x00),
    RGBColor(0xB3, 0x44, 0x6C),
    RGBColor(0xDC, 0xD3, 0x00),
    RGBColor(0x88, 0x2D, 0x17),
    RGBColor(0x8D, 0xB6, 0x00),
    RGBColor(0x65, 0x45, 0x22),
    RGBColor(0xE2, 0x58, 0x22),
    RGBColor(0x2B, 0x3D, 0x26),
];

/// A line chart whose lines are labelled at their right ends.
pub struct LabelledLines<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the horizontal axis.
    pub x_label: &'a str,
    /// Label of the vertical axis.
    pub y_label: &'a str,
    /// The lines, each named by its label.
    pub series: Vec<Series<'a>>,
    /// The vertical axis runs downwards (smallest value at the top).
    pub y_downwards: bool,
    /// The horizontal axis is logarithmic (ticks at powers of ten; values
    /// at or below 0 are left out).
    pub x_log: bool,
}

fn colour(i: usize, count: usize) -> RGBColor {
    if count <= 8 {
        category_colour(i, count)
    } else {
        KELLY[i % KELLY.len()]
    }
}

/// Label centres for lines ending at `targets` (pixels), at least `step`
/// apart, inside `[top, bottom]` when they fit. Returns one position per
/// target, in the targets' order.
fn spread(targets: &[f64], step: f64, top: f64, bottom: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..targets.len()).collect();
    order.sort_by(|&a, &b| targets[a].total_cmp(&targets[b]).then(a.cmp(&b)));
    let mut at: Vec<f64> = Vec::with_capacity(order.len());
    for &k in &order {
        let wanted = targets[k].clamp(top, bottom);
        let y = at.last().map_or(wanted, |&prev| wanted.max(prev + step));
        at.push(y);
    }
    // Push back up from the bottom, then keep the top inside.
    let n = at.len();
    for k in (0..n).rev() {
        let limit = if k + 1 < n { at[k + 1] - step } else { bottom };
        at[k] = at[k].min(limit);
    }
    if let Some(&first) = at.first()
        && first < top
    {
        let shift = top - first;
        for y in &mut at {
            *y += shift;
        }
    }
    let mut positions = vec![0.0; targets.len()];
    for (slot, &k) in order.iter().enumerate() {
        positions[k] = at[slot];
    }
    positions
}

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_labelled_lines(stem: &Path, chart: &LabelledLines) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    let xs = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0));
    let ys = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1));
    let (x_lo, x_hi, x_ticks, x_dec) = if chart.x_log {
        let (lo, hi) =
            finite_min_max(xs.clone().filter(|&x| x > 0.0).map(f64::log10)).unwrap_or((0.0, 1.0));
        let (lo, hi) = if hi > lo {
            (lo, hi)
        } else {
            (lo - 0.5, hi + 0.5)
        };
        (lo, hi, log_ticks(lo, hi), SHORTEST)
    } else {
        let (lo, hi) = finite_min_max(xs.clone()).unwrap_or((0.0, 1.0));
        let (lo, hi) = if hi > lo {
            (lo, hi)
        } else {
            padded_range(lo, hi, 0.05)
        };
        let (ticks, dec) = nice_ticks(lo, hi, 8, all_integers(xs));
        (lo, hi, ticks, dec)
    };
    let (y_lo, y_hi) = finite_min_max(ys.clone()).unwrap_or((0.0, 1.0));
    let (y_lo, y_hi) = padded_range(y_lo, y_hi, 0.04);
    let (y_ticks, y_dec) = nice_ticks(y_lo, y_hi, 8, all_integers(ys));
    let y_tick_w = y_ticks
        .iter()
        .map(|&t| text_width(&fmt_num(t, y_dec), tick_size(), false))
        .fold(0.0, f64::max);
    let labels: Vec<String> = chart
        .series
        .iter()
        .map(|s| fit_text(&s.name, label_size(), false, MAX_LABEL_WIDTH))
        .collect();
    let label_w = labels
        .iter()
        .map(|l| text_width(l, label_size(), false))
        .fold(0.0, f64::max);
    let x0 = plot_left(y_tick_w);
    let x1 = WIDTH - MARGIN - label_w - LEADER - 12.0;
    let y0 = plot_top(0.0);
    // Taller than usual when the labels need it, so they never overlap.
    let below = HEIGHT - plot_bottom(HEIGHT);
    let needed = y0 + chart.series.len() as f64 * (label_size() + LABEL_GAP) + below;
    let height = HEIGHT.max(needed.ceil());
    let y1 = plot_bottom(height);
    render(
        stem,
        &LabelledScene {
            chart,
            labels,
            height,
            x0,
            x1,
            y0,
            y1,
            x_lo,
            x_hi,
            y_lo,
            y_hi,
            x_ticks,
            x_dec,
            y_ticks,
            y_dec,
        },
    )
}

struct LabelledScene<'a> {
    chart: &'a LabelledLines<'a>,
    labels: Vec<String>,
    height: f64,
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    x_lo: f64,
    x_hi: f64,
    y_lo: f64,
    y_hi: f64,
    x_ticks: Vec<f64>,
    x_dec: usize,
    y_ticks: Vec<f64>,
    y_dec: usize,
}

/// Tick values (data space) of a logarithmic axis spanning `lo..hi` in
/// log10: the powers of ten, with 2 and 5 between them when there are few.
fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let (first, last) = (lo.ceil() as i32, hi.floor() as i32);
    let steps: &[f64] = if last - first >= 2 {
        &[1.0]
    } else {
        &[1.0, 2.0, 5.0]
    };
    let mut ticks = Vec::new();
    for e in (first - 1)..=(last + 1) {
        for &m in steps {
            let v = m * 10f64.powi(e);
            // Printed as written: 0.001, not 0.0010000000000000002.
            let v: f64 = format!("{v:.e$}", e = (-e).max(0) as usize)
                .parse()
                .unwrap_or(v);
            if (lo - 1e-9..=hi + 1e-9).contains(&v.log10()) {
                ticks.push(v);
            }
        }
    }
    ticks
}

impl LabelledScene<'_> {
    fn px(&self, x: f64) -> f64 {
        let x = if self.chart.x_log {
            if x > 0.0 { x.log10() } else { f64::NAN }
        } else {
            x
        };
        self.x0 + (x - self.x_lo) / (self.x_hi - self.x_lo) * (self.x1 - self.x0)
    }
    fn py(&self, y: f64) -> f64 {
        let t = (y - self.y_lo) / (self.y_hi - self.y_lo);
        if self.chart.y_downwards {
            self.y0 + t * (self.y1 - self.y0)
        } else {
            self.y1 - t * (self.y1 - self.y0)
        }
    }
}

impl Scene for LabelledScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(WIDTH, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        for &t in &self.y_ticks {
            let y = self.py(t);
            c.line(&[(self.x0, y), (self.x1, y)], GRID, 1)?;
        }
        let count = self.chart.series.len();
        let mut ends: Vec<Option<(f64, f64)>> = Vec::with_capacity(count);
        let mut any = false;
        for (i, series) in self.chart.series.iter().enumerate() {
            let colour = colour(i, count);
            let markers = series.points.len() <= 40;
            let mut run: Vec<(f64, f64)> = Vec::new();
            let mut end = None;
            for &(x, y) in series.points {
                if x.is_finite() && y.is_finite() && (!self.chart.x_log || x > 0.0) {
                    let point = (
                        self.px(x).clamp(self.x0, self.x1),
                        self.py(y).clamp(self.y0, self.y1),
                    );
                    run.push(point);
                    end = Some(point);
                    if markers {
                        c.circle(point, 3, colour, 2)?;
                    }
                    any = true;
                } else if !run.is_empty() {
                    c.line(&run, colour, 2)?;
                    run.clear();
                }
            }
            if run.len() > 1 {
                c.line(&run, colour, 2)?;
            }
            ends.push(end);
        }
        let axes = Axes {
            x0: self.x0,
            x1: self.x1,
            y0: self.y0,
            y1: self.y1,
            px: |x| self.px(x),
            py: |y| self.py(y),
            x_ticks: (&self.x_ticks, self.x_dec),
            y_ticks: (&self.y_ticks, self.y_dec),
            x_label: self.chart.x_label,
            y_label: self.chart.y_label,
        };
        axes.draw(c)?;
        let labelled: Vec<usize> = (0..count).filter(|&i| ends[i].is_some()).collect();
        let targets: Vec<f64> = labelled
            .iter()
            .filter_map(|&i| ends[i].map(|e| e.1))
            .collect();
        let step = label_size() + LABEL_GAP;
        let places = spread(&targets, step, self.y0, self.y1);
        let label_x = self.x1 + LEADER + 8.0;
        for (&i, &y) in labelled.iter().zip(&places) {
            let Some((ex, ey)) = ends[i] else { continue };
            let colour = colour(i, count);
            c.line(
                &[
                    (ex + 4.0, ey),
                    (self.x1 + LEADER - 10.0, y),
                    (self.x1 + LEADER + 2.0, y),
                ],
                colour,
                2,
            )?;
            c.text(
                &self.labels[i],
                (label_x, y),
                Txt::new(label_size(), HAlign::Left, VAlign::Middle),
            )?;
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
    use crate::output::charts::test_support::{check_files, out_dir};

    #[test]
    fn labels_never_overlap_and_follow_the_line_ends() {
        let targets = [100.0, 101.0, 99.0, 300.0, 102.0];
        let places = spread(&targets, 18.0, 50.0, 500.0);
        let mut sorted = places.clone();
        sorted.sort_by(f64::total_cmp);
        assert!(sorted.windows(2).all(|w| w[1] - w[0] >= 18.0 - 1e-9));
        // The order of the labels is the order of the line ends.
        assert!(places[2] < places[0] && places[0] < places[1] && places[1] < places[4]);
        assert_eq!(places[3], 300.0);
        // Crowded at the bottom: pushed up, still inside.
        let places = spread(&[495.0, 496.0, 497.0], 18.0, 50.0, 500.0);
        assert!(places.iter().all(|&y| (50.0..=500.0).contains(&y)));
        assert_eq!(places[2], 500.0);
    }

    #[test]
    fn twenty_four_lines_and_an_empty_chart() {
        let dir = out_dir("labelled");
        let data: Vec<Vec<(f64, f64)>> = (0..24)
            .map(|k| {
                (0..11)
                    .map(|i| {
                        (
                            i as f64 / 100.0,
                            2.0 + (k as f64 * 0.37 + i as f64 * 0.1).sin() * 0.5,
                        )
                    })
                    .collect()
            })
            .collect();
        let chart = LabelledLines {
            title: "Many strategies",
            x_label: "noise",
            y_label: "Median score",
            series: data
                .iter()
                .enumerate()
                .map(|(k, points)| Series {
                    name: format!("Strategy number {k}"),
                    points,
                })
                .collect(),
            y_downwards: false,
            x_log: false,
        };
        draw_labelled_lines(&dir.join("many"), &chart).expect("chart");
        check_files(&dir.join("many"), "Many strategies");
        let empty = LabelledLines {
            title: "Nothing",
            x_label: "x",
            y_label: "y",
            series: vec![],
            y_downwards: true,
            x_log: false,
        };
        draw_labelled_lines(&dir.join("empty"), &empty).expect("empty chart");
        check_files(&dir.join("empty"), "Nothing");
    }
}
