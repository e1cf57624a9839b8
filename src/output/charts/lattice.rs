//! Lattice snapshot: a grid of cells, one colour per type (strategy), with a legend that
//! names each type and its number of cells, and the title (e.g. the step) on top. Cells
//! are squares of a whole number of pixels, so the picture is exact at any size.
//! [`draw_lattice`] writes PNG and SVG (PNG only above [`MAX_SVG_CELLS`] cells: a random
//! 4000 x 4000 lattice is millions of rectangles, a 250 MB SVG that took longer than the
//! whole run); [`draw_lattice_frame`] writes PNG only, for frame series.

use std::path::Path;

use plotters::prelude::DrawingBackend;

use super::canvas::{Canvas, DrawResult, Scene, canvas_size, draw_title, render, render_png};
use super::font::{ensure_fonts, text_width};
use super::legend::{draw_swatch_column, legend_size};
use super::palette::category_colour;
use super::style::{FRAME, MARGIN, TITLE_GAP, title_size};
use super::{ChartError, LatticeImage};

const TARGET: f64 = 720.0;

/// Most cells of a lattice drawn as SVG too (500 x 500).
pub const MAX_SVG_CELLS: usize = 250_000;

/// Draws `chart` to `<stem>.png` and `<stem>.svg` (PNG only above
/// [`MAX_SVG_CELLS`] cells).
pub fn draw_lattice(stem: &Path, chart: &LatticeImage) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    if chart.rows.saturating_mul(chart.cols) > MAX_SVG_CELLS {
        return render_png(stem, &LatticeScene::new(chart));
    }
    render(stem, &LatticeScene::new(chart))
}

/// Draws `chart` to `<stem>.png` only.
pub fn draw_lattice_frame(stem: &Path, chart: &LatticeImage) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render_png(stem, &LatticeScene::new(chart))
}

struct LatticeScene<'a> {
    chart: &'a LatticeImage<'a>,
    cell: f64,
    x0: f64,
    y0: f64,
    legend_x: f64,
    width: f64,
    height: f64,
    labels: Vec<String>,
}

impl<'a> LatticeScene<'a> {
    fn new(chart: &'a LatticeImage<'a>) -> Self {
        let longest = chart.rows.max(chart.cols).max(1) as f64;
        let cell = (TARGET / longest).floor().max(1.0);
        let mut counts = vec![0u64; chart.names.len()];
        for &t in chart.cells {
            if let Some(c) = counts.get_mut(t as usize) {
                *c += 1;
            }
        }
        let labels: Vec<String> = chart
            .names
            .iter()
            .zip(&counts)
            .map(|(n, c)| format!("{n} ({c})"))
            .collect();
        let legend_w = labels
            .iter()
            .map(|l| 34.0 + text_width(l, legend_size(), false))
            .fold(0.0, f64::max);
        let x0 = MARGIN;
        let y0 = MARGIN + title_size() + TITLE_GAP;
        let grid_w = cell * chart.cols as f64;
        let grid_h = cell * chart.rows as f64;
        let legend_x = x0 + grid_w + 24.0;
        let title_w = text_width(chart.title, title_size(), true) + 2.0 * MARGIN;
        let width = (legend_x + legend_w + MARGIN).max(title_w);
        let legend_h = labels.len() as f64 * (legend_size() + 10.0);
        let height = y0 + grid_h.max(legend_h) + MARGIN;
        LatticeScene {
            chart,
            cell,
            x0,
            y0,
            legend_x,
            width,
            height,
            labels,
        }
    }
}

impl Scene for LatticeScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let k = self.chart.names.len();
        for r in 0..self.chart.rows {
            // One rectangle per run of equal cells keeps SVG files small.
            let mut col = 0;
            while col < self.chart.cols {
                let t = self.chart.cells[r * self.chart.cols + col];
                let start = col;
                while col < self.chart.cols && self.chart.cells[r * self.chart.cols + col] == t {
                    col += 1;
                }
                let x = self.x0 + start as f64 * self.cell;
                let y = self.y0 + r as f64 * self.cell;
                c.fill_rect(
                    x,
                    y,
                    self.x0 + col as f64 * self.cell,
                    y + self.cell,
                    category_colour(t as usize, k),
                )?;
            }
        }
        c.stroke_rect(
            (self.x0, self.y0),
            (
                self.x0 + self.cell * self.chart.cols as f64,
                self.y0 + self.cell * self.chart.rows as f64,
            ),
            FRAME,
            1,
        )?;
        draw_swatch_column(c, &self.labels, k, (self.legend_x, self.y0), 22.0, 30.0)?;
        draw_title(c, self.chart.title, self.width / 2.0, self.width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir, strings};

    #[test]
    fn snapshot_and_frame() {
        let dir = out_dir("lattice");
        let names = strings(&["Cooperator", "Defector"]);
        let cells: Vec<u8> = (0..21 * 21).map(|i| u8::from(i % 7 == 0)).collect();
        let chart = LatticeImage {
            title: "Step 3",
            rows: 21,
            cols: 21,
            cells: &cells,
            names: &names,
        };
        draw_lattice(&dir.join("snap"), &chart).expect("lattice");
        check_files(&dir.join("snap"), "Step 3");
        draw_lattice_frame(&dir.join("frame"), &chart).expect("frame");
        assert!(dir.join("frame.png").is_file());
    }
}
