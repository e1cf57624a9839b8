//! Region map: a 2-D grid of cells over two numeric parameters, each cell filled with
//! the colour of its category (e.g. the equilibrium set at the cell's centre), exact
//! boundary curves drawn over the cells, numeric ticks and labels on both axes (the
//! first row of cells at the bottom), and a legend naming the categories in words.

use std::path::Path;

use plotters::prelude::DrawingBackend;

use super::canvas::{
    Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title, render,
};
use super::font::{ensure_fonts, text_width};
use super::legend::{draw_swatch_column, legend_size};
use super::palette::category_colour;
use super::scale::{fmt_num, nice_ticks};
use super::style::{BLACK, FRAME, MARGIN, TICK_LEN, TITLE_GAP, label_size, tick_size, title_size};
use super::{ChartError, RegionMapChart};

const PLOT: f64 = 640.0;
const ROW_GAP: f64 = 10.0;

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_region_map(stem: &Path, chart: &RegionMapChart) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(stem, &MapScene::new(chart))
}

fn valid((lo, hi): (f64, f64)) -> (f64, f64) {
    if lo.is_finite() && hi.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (0.0, 1.0)
    }
}

struct MapScene<'a> {
    chart: &'a RegionMapChart<'a>,
    xr: (f64, f64),
    yr: (f64, f64),
    x_ticks: (Vec<f64>, usize),
    y_ticks: (Vec<f64>, usize),
    x0: f64,
    y0: f64,
    legend_x: f64,
    width: f64,
    height: f64,
}

impl<'a> MapScene<'a> {
    fn new(chart: &'a RegionMapChart<'a>) -> Self {
        let (xr, yr) = (valid(chart.x_range), valid(chart.y_range));
        let x_ticks = nice_ticks(xr.0, xr.1, 7, false);
        let y_ticks = nice_ticks(yr.0, yr.1, 7, false);
        let y_tick_w = y_ticks
            .0
            .iter()
            .map(|&t| text_width(&fmt_num(t, y_ticks.1), tick_size(), false))
            .fold(0.0, f64::max);
        let x0 = MARGIN + label_size() + 16.0 + y_tick_w + 8.0 + TICK_LEN;
        let y0 = MARGIN + title_size() + TITLE_GAP;
        let legend_x = x0 + PLOT + 32.0;
        let legend_w = chart
            .categories
            .iter()
            .map(String::as_str)
            .chain(std::iter::once(chart.curve_label))
            .map(|l| 38.0 + text_width(l, legend_size(), false))
            .fold(0.0, f64::max);
        let title_w = text_width(chart.title, title_size(), true) + 2.0 * MARGIN;
        let width = (legend_x + legend_w + MARGIN).max(title_w);
        let legend_h = (chart.categories.len() + 1) as f64 * (legend_size() + ROW_GAP);
        let bottom = y0 + PLOT + TICK_LEN + 8.0 + tick_size() + 14.0 + label_size() + MARGIN;
        let height = bottom.max(y0 + legend_h + MARGIN);
        MapScene {
            chart,
            xr,
            yr,
            x_ticks,
            y_ticks,
            x0,
            y0,
            legend_x,
            width,
            height,
        }
    }

    fn px(&self, x: f64) -> f64 {
        self.x0 + (x - self.xr.0) / (self.xr.1 - self.xr.0) * PLOT
    }

    fn py(&self, y: f64) -> f64 {
        self.y0 + PLOT - (y - self.yr.0) / (self.yr.1 - self.yr.0) * PLOT
    }
}

impl Scene for MapScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let k = self.chart.categories.len();
        let ny = self.chart.cells.len();
        for (iy, row) in self.chart.cells.iter().enumerate() {
            let nx = row.len();
            let top = self.y0 + PLOT * (1.0 - (iy + 1) as f64 / ny as f64);
            let bottom = self.y0 + PLOT * (1.0 - iy as f64 / ny as f64);
            // One rectangle per run of equal cells keeps SVG files small.
            let mut ix = 0;
            while ix < nx {
                let cat = row[ix];
                let start = ix;
                while ix < nx && row[ix] == cat {
                    ix += 1;
                }
                let left = self.x0 + PLOT * start as f64 / nx as f64;
                let right = self.x0 + PLOT * ix as f64 / nx as f64;
                c.fill_rect(left, top, right, bottom, category_colour(cat, k))?;
            }
        }
        for curve in self.chart.curves {
            let points: Vec<(f64, f64)> = curve
                .iter()
                .filter(|p| p.0.is_finite() && p.1.is_finite())
                .map(|&(x, y)| (self.px(x), self.py(y)))
                .collect();
            if points.len() > 1 {
                c.line(&points, BLACK, 2)?;
            }
        }
        c.stroke_rect(
            (self.x0, self.y0),
            (self.x0 + PLOT, self.y0 + PLOT),
            FRAME,
            1,
        )?;
        let y1 = self.y0 + PLOT;
        for &t in &self.x_ticks.0 {
            let x = self.px(t);
            c.line(&[(x, y1), (x, y1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.x_ticks.1),
                (x, y1 + TICK_LEN + 8.0),
                Txt::new(tick_size(), HAlign::Center, VAlign::Top),
            )?;
        }
        for &t in &self.y_ticks.0 {
            let y = self.py(t);
            c.line(&[(self.x0 - TICK_LEN, y), (self.x0, y)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.y_ticks.1),
                (self.x0 - TICK_LEN - 8.0, y),
                Txt::new(tick_size(), HAlign::Right, VAlign::Middle),
            )?;
        }
        c.text(
            self.chart.x_label,
            (
                self.x0 + PLOT / 2.0,
                y1 + TICK_LEN + 8.0 + tick_size() + 14.0,
            ),
            Txt::new(label_size(), HAlign::Center, VAlign::Top),
        )?;
        c.text(
            self.chart.y_label,
            (MARGIN, self.y0 + PLOT / 2.0),
            Txt::new(label_size(), HAlign::Center, VAlign::Top).up(),
        )?;
        let categories = self.chart.categories;
        draw_swatch_column(c, categories, k, (self.legend_x, self.y0), 28.0, 38.0)?;
        if !self.chart.curves.is_empty() {
            let y = self.y0 + k as f64 * (legend_size() + ROW_GAP) + legend_size() / 2.0;
            c.line(&[(self.legend_x, y), (self.legend_x + 28.0, y)], BLACK, 2)?;
            c.text(
                self.chart.curve_label,
                (self.legend_x + 38.0, y),
                Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
            )?;
        }
        draw_title(c, self.chart.title, self.width / 2.0, self.width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir, strings};

    #[test]
    fn map_with_curves() {
        let dir = out_dir("region_map");
        let names = strings(&["Both press", "Big presses, small waits", "Both wait"]);
        let cells: Vec<Vec<usize>> = (0..20)
            .map(|iy| {
                (0..30)
                    .map(|ix| {
                        if ix > iy {
                            0
                        } else if ix * 2 > iy {
                            1
                        } else {
                            2
                        }
                    })
                    .collect()
            })
            .collect();
        let curves = vec![vec![(0.0, 0.0), (10.0, 5.0)]];
        let chart = RegionMapChart {
            title: "Boxed pigs: equilibria by food and cost",
            x_label: "food",
            y_label: "cost",
            x_range: (0.0, 10.0),
            y_range: (0.0, 5.0),
            cells: &cells,
            categories: &names,
            curves: &curves,
            curve_label: "exact boundary",
        };
        draw_region_map(&dir.join("map"), &chart).expect("map");
        check_files(&dir.join("map"), "Boxed pigs: equilibria by food and cost");
        let empty = RegionMapChart {
            title: "Empty",
            x_label: "",
            y_label: "",
            x_range: (f64::NAN, 1.0),
            y_range: (0.0, 0.0),
            cells: &[],
            categories: &[],
            curves: &[],
            curve_label: "",
        };
        draw_region_map(&dir.join("empty"), &empty).expect("empty map");
    }
}
