//! Region map: the rectangle of two numeric parameters tiled by polygons, each
//! filled with the colour of its category (e.g. the equilibrium set that holds
//! inside it), the exact boundary curves drawn over them as lines, numeric ticks
//! (level) and labels on both axes, and a legend under the plot naming the
//! categories in words and each boundary by its equation. The canvas is the plot
//! and its legend: nothing beside the plot but the axis.
//!
//! Invariant: what is filled is what the caller's polygons cover (clipped to the
//! plot); a set of measure zero (a boundary) is a line, never a band.

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
/// Room between the x axis label and the legend.
const LEGEND_GAP: f64 = 22.0;
const SWATCH_W: f64 = 28.0;
const TEXT_DX: f64 = 38.0;

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
    /// Top of the legend, under the x axis label.
    legend_y: f64,
    width: f64,
    height: f64,
}

fn row() -> f64 {
    legend_size() + ROW_GAP
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
        let legend_w = chart
            .categories
            .iter()
            .map(String::as_str)
            .chain(chart.curves.iter().map(|c| c.0.as_str()))
            .map(|l| TEXT_DX + text_width(l, legend_size(), false))
            .chain(std::iter::once(text_width(
                chart.curve_label,
                legend_size(),
                false,
            )))
            .fold(0.0, f64::max);
        let title_w = text_width(chart.title, title_size(), true) + 2.0 * MARGIN;
        let width = (x0 + PLOT + MARGIN)
            .max(x0 + legend_w + MARGIN)
            .max(title_w);
        let legend_y = y0 + PLOT + TICK_LEN + 8.0 + tick_size() + 14.0 + label_size() + LEGEND_GAP;
        let rows = chart.categories.len()
            + if chart.curves.is_empty() {
                0
            } else {
                1 + chart.curves.len()
            };
        let height = legend_y + rows as f64 * row() + MARGIN;
        MapScene {
            chart,
            xr,
            yr,
            x_ticks,
            y_ticks,
            x0,
            y0,
            legend_y,
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

    /// A data point in pixels, kept inside the plot.
    fn pixel(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (
            self.px(x).clamp(self.x0, self.x0 + PLOT),
            self.py(y).clamp(self.y0, self.y0 + PLOT),
        )
    }
}

impl Scene for MapScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let k = self.chart.categories.len();
        for (polygon, cat) in self.chart.areas {
            let points: Vec<(f64, f64)> = polygon
                .iter()
                .filter(|p| p.0.is_finite() && p.1.is_finite())
                .map(|&p| self.pixel(p))
                .collect();
            if points.len() > 2 {
                c.fill_polygon(&points, category_colour(*cat, k))?;
            }
        }
        for (_, lines) in self.chart.curves {
            for line in lines {
                let points: Vec<(f64, f64)> = line
                    .iter()
                    .filter(|p| p.0.is_finite() && p.1.is_finite())
                    .map(|&p| self.pixel(p))
                    .collect();
                if points.len() > 1 {
                    c.line(&points, BLACK, 2)?;
                }
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
        draw_swatch_column(
            c,
            categories,
            k,
            (self.x0, self.legend_y),
            SWATCH_W,
            TEXT_DX,
        )?;
        if !self.chart.curves.is_empty() {
            let top = self.legend_y + k as f64 * row();
            c.text(
                self.chart.curve_label,
                (self.x0, top + legend_size() / 2.0),
                Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
            )?;
            for (i, (name, _)) in self.chart.curves.iter().enumerate() {
                let y = top + (i + 1) as f64 * row() + legend_size() / 2.0;
                c.line(&[(self.x0, y), (self.x0 + SWATCH_W, y)], BLACK, 2)?;
                c.text(
                    name,
                    (self.x0 + TEXT_DX, y),
                    Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
                )?;
            }
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
        // Three triangles and a quadrilateral tiling 10 x 5.
        let areas = vec![
            (vec![(0.0, 0.0), (10.0, 0.0), (10.0, 2.0)], 0),
            (vec![(0.0, 0.0), (10.0, 2.0), (10.0, 5.0), (5.0, 5.0)], 1),
            (vec![(0.0, 0.0), (5.0, 5.0), (0.0, 5.0)], 2),
        ];
        let curves = vec![
            (
                "cost = 1/5 food".to_string(),
                vec![vec![(0.0, 0.0), (10.0, 2.0)]],
            ),
            (
                "cost = food".to_string(),
                vec![vec![(0.0, 0.0), (5.0, 5.0)]],
            ),
        ];
        let chart = RegionMapChart {
            title: "Boxed pigs: equilibria by food and cost",
            x_label: "food",
            y_label: "cost",
            x_range: (0.0, 10.0),
            y_range: (0.0, 5.0),
            areas: &areas,
            categories: &names,
            curves: &curves,
            curve_label: "Exact boundaries (a pig is indifferent):",
        };
        draw_region_map(&dir.join("map"), &chart).expect("map");
        check_files(&dir.join("map"), "Boxed pigs: equilibria by food and cost");
        // The canvas is the plot and the legend under it: no wide blank
        // column beside the plot.
        let scene = MapScene::new(&chart);
        assert!(
            scene.width <= scene.x0 + PLOT + MARGIN + 1.0,
            "{}",
            scene.width
        );
        let empty = RegionMapChart {
            title: "Empty",
            x_label: "",
            y_label: "",
            x_range: (f64::NAN, 1.0),
            y_range: (0.0, 0.0),
            areas: &[],
            categories: &[],
            curves: &[],
            curve_label: "",
        };
        draw_region_map(&dir.join("empty"), &empty).expect("empty map");
    }
}
