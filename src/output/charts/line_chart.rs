//! Line chart: one or more numeric series against a numeric x axis (rounds, numbers of
//! pirates), each in its own colour with point markers when the series is short, nice
//! ticks on both axes, horizontal grid lines and a legend under the title. Non-finite
//! points break a line instead of being drawn. Panels: several such plots one above
//! the other under one title, each with its own y axis and scale (measures in
//! different units never share an axis).

use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::axes::{Axes, plot_bottom, plot_left, plot_top};
use super::canvas::{
    Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title, render,
};
use super::font::{ensure_fonts, text_width};
use super::legend::{legend_height, legend_places, legend_rows, legend_size, legend_text};
use super::scale::{all_integers, finite_min_max, fmt_num, nice_ticks, padded_range};
use super::style::{MARGIN, TITLE_GAP, label_size, tick_size, title_size};
use super::{ChartError, LineChart};

const WIDTH: f64 = 1200.0;
const HEIGHT: f64 = 760.0;
const GRID: RGBColor = RGBColor(218, 218, 218);
/// Colour-blind-safe palette (Okabe and Ito).
const PALETTE: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(40, 40, 40),
];

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_line_chart(stem: &Path, chart: &LineChart) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(
        stem,
        &LineScene {
            title: chart.title,
            panels: vec![Panel::new(chart, 0.0, HEIGHT, false)],
            height: HEIGHT,
        },
    )
}

/// Height of one panel of [`draw_line_panels`], its heading included.
const PANEL_HEIGHT: f64 = 470.0;

/// Draws `panels` one above the other to `<stem>.png` and `<stem>.svg`, under one
/// `title`: each its own y axis, scale and legend, headed by its own `title` (in
/// bold at the label size), for measures that do not share a unit (pirates and
/// coins).
pub fn draw_line_panels(stem: &Path, title: &str, panels: &[LineChart]) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    let top = title_size() + TITLE_GAP * 0.5;
    let mut panels: Vec<Panel> = panels
        .iter()
        .enumerate()
        .map(|(k, chart)| Panel::new(chart, top + k as f64 * PANEL_HEIGHT, PANEL_HEIGHT, true))
        .collect();
    // One x scale: the plots start where the widest y tick numbers leave room.
    let x0 = panels.iter().map(|p| p.x0).fold(0.0, f64::max);
    for p in &mut panels {
        p.x0 = x0;
    }
    render(
        stem,
        &LineScene {
            title,
            height: top + panels.len().max(1) as f64 * PANEL_HEIGHT,
            panels,
        },
    )
}

struct LineScene<'a> {
    title: &'a str,
    panels: Vec<Panel<'a>>,
    height: f64,
}

/// One plot laid out in the band `dy .. dy + height` of the canvas, as a chart of
/// its own would be on a canvas `height` tall (its title's place: the heading).
struct Panel<'a> {
    chart: &'a LineChart<'a>,
    dy: f64,
    heading: bool,
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
    entry_w: Vec<f64>,
}

impl<'a> Panel<'a> {
    fn new(chart: &'a LineChart<'a>, dy: f64, height: f64, heading: bool) -> Self {
        let xs = chart
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.0));
        let ys = chart
            .series
            .iter()
            .flat_map(|s| s.points.iter().map(|p| p.1));
        let (x_lo, x_hi) = finite_min_max(xs.clone()).unwrap_or((0.0, 1.0));
        let (x_lo, x_hi) = if x_hi > x_lo {
            (x_lo, x_hi)
        } else {
            padded_range(x_lo, x_hi, 0.05)
        };
        let (y_lo, y_hi) = finite_min_max(ys.clone()).unwrap_or((0.0, 1.0));
        let (mut y_lo, y_hi) = padded_range(y_lo, y_hi, 0.05);
        if chart.y_from_zero && y_lo > 0.0 {
            y_lo = 0.0;
        }
        let (x_ticks, x_dec) = nice_ticks(x_lo, x_hi, 8, all_integers(xs));
        // Whole-number data (counts, Grundy values) gets whole-number ticks.
        let (y_ticks, y_dec) = nice_ticks(y_lo, y_hi, 7, all_integers(ys));
        let y_tick_w = y_ticks
            .iter()
            .map(|&t| text_width(&fmt_num(t, y_dec), tick_size(), false))
            .fold(0.0, f64::max);
        // Legend: one row of entries under the title, wrapping when needed.
        let entry_w: Vec<f64> = chart
            .series
            .iter()
            .map(|s| 44.0 + text_width(&s.name, legend_size(), false) + 24.0)
            .collect();
        let x0 = plot_left(y_tick_w);
        let x1 = WIDTH - MARGIN - 16.0;
        let legend_h = if chart.series.len() > 1 {
            legend_height(legend_rows(&entry_w, x1 - x0))
        } else {
            0.0
        };
        Panel {
            chart,
            dy,
            heading,
            x0,
            x1,
            y0: dy + plot_top(legend_h),
            y1: dy + plot_bottom(height),
            x_lo,
            x_hi,
            y_lo,
            y_hi,
            x_ticks,
            x_dec,
            y_ticks,
            y_dec,
            entry_w,
        }
    }

    fn px(&self, x: f64) -> f64 {
        self.x0 + (x - self.x_lo) / (self.x_hi - self.x_lo) * (self.x1 - self.x0)
    }
    fn py(&self, y: f64) -> f64 {
        self.y1 - (y - self.y_lo) / (self.y_hi - self.y_lo) * (self.y1 - self.y0)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        for &t in &self.y_ticks {
            let y = self.py(t);
            c.line(&[(self.x0, y), (self.x1, y)], GRID, 1)?;
        }
        let mut any = false;
        for (i, series) in self.chart.series.iter().enumerate() {
            let colour = PALETTE[i % PALETTE.len()];
            let mut run = Thinner::default();
            let markers = series.points.len() <= 60;
            for &(x, y) in series.points {
                if x.is_finite() && y.is_finite() {
                    let point = (self.px(x), self.py(y));
                    let point = (
                        point.0.clamp(self.x0, self.x1),
                        point.1.clamp(self.y0, self.y1),
                    );
                    if self.chart.steps
                        && let Some((_, last_y)) = run.last
                    {
                        run.push((point.0, last_y));
                    }
                    run.push(point);
                    if markers {
                        c.circle(point, 3, colour, 2)?;
                    }
                    any = true;
                } else if run.pushed > 0 {
                    draw_run(c, std::mem::take(&mut run), colour)?;
                }
            }
            if run.pushed > 1 {
                draw_run(c, run, colour)?;
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
            y_ticks: (&self.y_ticks, self.y_dec),
            x_label: self.chart.x_label,
            y_label: self.chart.y_label,
        };
        axes.draw(c)?;
        if self.chart.series.len() > 1 {
            let places = legend_places(&self.entry_w, self.x0, self.x1);
            for (i, (series, (x, y))) in self.chart.series.iter().zip(places).enumerate() {
                let colour = PALETTE[i % PALETTE.len()];
                let mid = self.dy + y + legend_size() / 2.0;
                c.line(&[(x, mid), (x + 34.0, mid)], colour, 3)?;
                legend_text(c, &series.name, x + 42.0, mid)?;
            }
        }
        if !any {
            axes.draw_no_data(c)?;
        }
        if self.heading {
            c.text(
                self.chart.title,
                (
                    (self.x0 + self.x1) / 2.0,
                    self.dy + MARGIN + title_size() - label_size(),
                ),
                Txt::new(label_size(), HAlign::Center, VAlign::Top).bold(),
            )?;
        }
        Ok(())
    }
}

impl Scene for LineScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(WIDTH, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        for panel in &self.panels {
            panel.paint(c)?;
        }
        let (x0, x1) = self
            .panels
            .first()
            .map_or((MARGIN, WIDTH - MARGIN), |p| (p.x0, p.x1));
        draw_title(c, self.title, (x0 + x1) / 2.0, WIDTH)
    }
}

/// Draws a run of points as a line 2 px wide; a run denser than its pixel
/// columns (the [`Thinner`] cut it) as a line 1 px wide through each
/// column's ends and extremes, which fills every column from its lowest to
/// its highest value: the envelope, not the aliasing of millions of thick
/// segments.
fn draw_run<DB: DrawingBackend>(c: &Canvas<DB>, run: Thinner, colour: RGBColor) -> DrawResult {
    let thinned = run.thinned;
    let points = run.finish();
    c.line(&points, colour, if thinned { 1 } else { 2 })
}

/// A polyline in pixels, taken point by point, in which any run of more
/// than four consecutive points in one pixel column (rounded x) is cut to
/// four: its first point, its lowest and highest in the order they come,
/// and its last. The line covers the same pixels of that column (the same
/// span top to bottom) and joins the neighbouring columns at the same
/// points, so a series of millions of points (a Grundy table of 10^7 rows)
/// is held and drawn as what can be seen: at most four points a column,
/// and a small SVG. Shorter runs are kept as they are, so an ordinary chart
/// is drawn point for point.
#[derive(Default)]
struct Thinner {
    /// The finished columns.
    out: Vec<(f64, f64)>,
    /// The open column: its first points (up to 4), count, extremes.
    column: Option<Column>,
    /// Points taken.
    pushed: usize,
    /// The last point taken.
    last: Option<(f64, f64)>,
    /// Whether some column was cut.
    thinned: bool,
}

struct Column {
    x: f64,
    head: Vec<(f64, f64)>,
    count: usize,
    /// Index and point of the largest y (the lowest on screen) and of the
    /// smallest, first occurrence each.
    low: (usize, (f64, f64)),
    high: (usize, (f64, f64)),
    last: (f64, f64),
}

impl Thinner {
    fn push(&mut self, p: (f64, f64)) {
        self.pushed += 1;
        self.last = Some(p);
        let x = p.0.round();
        if let Some(col) = &mut self.column
            && col.x == x
        {
            if col.head.len() < 4 {
                col.head.push(p);
            }
            if p.1 > col.low.1.1 {
                col.low = (col.count, p);
            }
            if p.1 < col.high.1.1 {
                col.high = (col.count, p);
            }
            col.count += 1;
            col.last = p;
            return;
        }
        self.close();
        self.column = Some(Column {
            x,
            head: vec![p],
            count: 1,
            low: (0, p),
            high: (0, p),
            last: p,
        });
    }

    fn close(&mut self) {
        let Some(col) = self.column.take() else {
            return;
        };
        if col.count <= 4 {
            self.out.extend_from_slice(&col.head);
            return;
        }
        self.thinned = true;
        let end = col.count - 1;
        let (a, b) = if col.low.0 <= col.high.0 {
            (col.low, col.high)
        } else {
            (col.high, col.low)
        };
        self.out.push(col.head[0]);
        for (k, p) in [a, b] {
            if k != 0 && k != end && self.out.last() != Some(&p) {
                self.out.push(p);
            }
        }
        self.out.push(col.last);
    }

    fn finish(mut self) -> Vec<(f64, f64)> {
        self.close();
        self.out
    }
}

#[cfg(test)]
fn thin_columns(points: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut thinner = Thinner::default();
    for &p in points {
        thinner.push(p);
    }
    thinner.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir};
    use crate::output::charts::{LineChart, Series};

    #[test]
    fn two_series_and_an_empty_chart() {
        let dir = out_dir("line");
        let a: Vec<(f64, f64)> = (0..12)
            .map(|i| (i as f64, 100.0 * (2.0f64 / 3.0).powi(i)))
            .collect();
        let b: Vec<(f64, f64)> = (0..12).map(|i| (i as f64, 0.0)).collect();
        let chart = LineChart {
            title: "Elimination bounds",
            x_label: "Round",
            y_label: "Choice",
            series: vec![
                Series {
                    name: "highest surviving".into(),
                    points: &a,
                },
                Series {
                    name: "lowest surviving".into(),
                    points: &b,
                },
            ],
            steps: false,
            y_from_zero: true,
        };
        draw_line_chart(&dir.join("bounds"), &chart).expect("line chart");
        check_files(&dir.join("bounds"), "Elimination bounds");
        let empty = LineChart {
            title: "Nothing",
            x_label: "x",
            y_label: "y",
            series: vec![],
            steps: true,
            y_from_zero: false,
        };
        draw_line_chart(&dir.join("empty"), &empty).expect("empty chart");
        check_files(&dir.join("empty"), "Nothing");
    }

    #[test]
    fn panels_give_each_measure_its_own_axis_under_one_title() {
        let dir = out_dir("line-panels");
        let pirates: Vec<(f64, f64)> = (1..=30).map(|n| (n as f64, (n / 10) as f64)).collect();
        let coins: Vec<(f64, f64)> = (1..=30).map(|n| (n as f64, 1000.0 - n as f64)).collect();
        let panel = |title, y_label, name: &str, points| LineChart {
            title,
            x_label: "Number of pirates N",
            y_label,
            series: vec![Series {
                name: name.into(),
                points,
            }],
            steps: true,
            y_from_zero: true,
        };
        let panels = [
            panel("Thrown overboard", "Pirates", "pirates", &pirates),
            panel("Kept", "Coins", "coins", &coins),
        ];
        draw_line_panels(&dir.join("panels"), "Who survives", &panels).expect("panels");
        check_files(&dir.join("panels"), "Who survives");
        let svg = std::fs::read_to_string(dir.join("panels.svg")).unwrap();
        for text in ["Thrown overboard", "Kept", "Pirates", "Coins"] {
            assert!(svg.contains(&format!("aria-label=\"{text}\"")), "{text}");
        }
        // Each panel its own scale (pirates up to 3, coins near 1000), one
        // above the other, their plots aligned on x.
        let (a, b) = (
            Panel::new(&panels[0], 0.0, PANEL_HEIGHT, true),
            Panel::new(&panels[1], PANEL_HEIGHT, PANEL_HEIGHT, true),
        );
        assert!(a.y_hi < 10.0 && b.y_hi > 900.0, "{} {}", a.y_hi, b.y_hi);
        assert!(a.y1 < b.y0);
    }

    #[test]
    fn thinning_keeps_short_columns_and_each_columns_ends_and_extremes() {
        let short = [(1.0, 5.0), (1.2, 7.0), (2.0, 1.0), (2.4, 9.0), (3.0, 3.0)];
        assert_eq!(thin_columns(&short), short.to_vec());
        // 1000 points over 10 columns, a zigzag in each.
        let long: Vec<(f64, f64)> = (0..1000)
            .map(|i| (i as f64 / 100.0, ((i * 37) % 101) as f64))
            .collect();
        let thin = thin_columns(&long);
        assert!(thin.len() <= 4 * 11, "{}", thin.len());
        for column in 0..=10 {
            let of = |v: &[(f64, f64)]| -> Vec<(f64, f64)> {
                v.iter()
                    .copied()
                    .filter(|p| p.0.round() == column as f64)
                    .collect()
            };
            let (all, kept) = (of(&long), of(&thin));
            if all.is_empty() {
                continue;
            }
            assert_eq!(kept.first(), all.first());
            assert_eq!(kept.last(), all.last());
            let lo = |v: &[(f64, f64)]| v.iter().map(|p| p.1).fold(f64::MAX, f64::min);
            let hi = |v: &[(f64, f64)]| v.iter().map(|p| p.1).fold(f64::MIN, f64::max);
            assert_eq!(
                (lo(&kept), hi(&kept)),
                (lo(&all), hi(&all)),
                "column {column}"
            );
            // In the order they came.
            assert!(kept.windows(2).all(|w| w[0].0 <= w[1].0));
        }
    }

    #[test]
    fn a_million_point_step_series_draws_a_small_svg() {
        let dir = out_dir("line-million");
        let points: Vec<(f64, f64)> = (0..1_000_000u64)
            .map(|n| (n as f64, ((n * 2654435761) % 97) as f64))
            .collect();
        let chart = LineChart {
            title: "g(n) of a long table",
            x_label: "n",
            y_label: "Grundy value g(n)",
            series: vec![Series {
                name: "g(n)".into(),
                points: &points,
            }],
            steps: true,
            y_from_zero: true,
        };
        draw_line_chart(&dir.join("long"), &chart).expect("line chart");
        check_files(&dir.join("long"), "g(n) of a long table");
        let svg = std::fs::metadata(dir.join("long.svg")).unwrap().len();
        // About 1,100 columns x at most 4 points; unthinned it was ~30 MB.
        assert!(svg < 200_000, "{svg} bytes");
    }
}
