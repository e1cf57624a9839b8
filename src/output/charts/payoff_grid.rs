//! Payoff grid: a two-player game's payoff table drawn as a grid (row strategies down
//! the left, column strategies along the top), each cell annotated with its payoff pair
//! "row, column" when the grid is small enough to read (at most 16 x 16; larger grids
//! are shaded by the row player's payoff instead), pure Nash
//! equilibrium cells filled and framed, Pareto-optimal cells marked with a dot, and note
//! lines (e.g. the mixed equilibria in words) under a legend.

use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::ChartError;
use super::canvas::{Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, render};
use super::font::{ensure_fonts, fit_text, text_width};
use super::legend::legend_size;
use super::style::{
    FRAME, MARGIN, MAX_NAME_WIDTH, MUTED, TEXT, TITLE_GAP, WHITE, label_size, tick_size, title_size,
};

/// A two-player game's payoff table with its pure equilibria and Pareto-optimal cells.
pub struct PayoffGrid<'a> {
    /// Chart title.
    pub title: &'a str,
    /// The row player's name (left axis).
    pub row_label: &'a str,
    /// The column player's name (top axis).
    pub col_label: &'a str,
    /// Row strategies, top to bottom.
    pub row_names: &'a [String],
    /// Column strategies, left to right.
    pub col_names: &'a [String],
    /// `cells[row][col]`: the text written in a cell (e.g. "3, 2").
    pub cells: &'a [Vec<String>],
    /// The row player's payoffs as numbers, `[row][col]`: shade the cells of grids
    /// too large to annotate (darker = higher).
    pub row_values: &'a [Vec<f64>],
    /// Pure Nash equilibrium cells (row, col).
    pub equilibria: &'a [(usize, usize)],
    /// Pareto-optimal cells (row, col).
    pub pareto: &'a [(usize, usize)],
    /// Lines under the legend (the first in dark text, the rest muted).
    pub notes: &'a [String],
}

/// Largest side whose cells are annotated with their payoffs.
const ANNOTATED: usize = 16;
const EQUILIBRIUM: RGBColor = RGBColor(253, 205, 120);
const EQUILIBRIUM_FRAME: RGBColor = RGBColor(200, 90, 20);
const PARETO: RGBColor = RGBColor(40, 90, 170);
const GRID: RGBColor = RGBColor(170, 170, 170);
fn note_row() -> f64 {
    legend_size() + 10.0
}
/// Size of the payoff pairs written in the cells.
fn cell_text() -> f64 {
    label_size()
}
const MAX_NOTES: usize = 8;

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_payoff_grid(stem: &Path, chart: &PayoffGrid) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(stem, &GridScene::new(chart))
}

struct GridScene<'a> {
    chart: &'a PayoffGrid<'a>,
    annotated: bool,
    cell_w: f64,
    cell_h: f64,
    name_w: f64,
    x0: f64,
    y0: f64,
    legend_y: f64,
    width: f64,
    height: f64,
}

impl<'a> GridScene<'a> {
    fn new(chart: &'a PayoffGrid<'a>) -> Self {
        let (m, n) = (chart.row_names.len(), chart.col_names.len());
        let annotated = m <= ANNOTATED && n <= ANNOTATED;
        let widest = |names: &[String], size: f64| {
            names
                .iter()
                .map(|s| text_width(s, size, false))
                .fold(0.0, f64::max)
        };
        let name_w = widest(chart.row_names, tick_size()).min(MAX_NAME_WIDTH);
        let (cell_w, cell_h) = if annotated {
            let payoff_w = chart
                .cells
                .iter()
                .flatten()
                .map(|s| text_width(s, cell_text(), false))
                .fold(0.0, f64::max);
            let col_w = widest(chart.col_names, tick_size()).min(220.0);
            ((payoff_w.max(col_w) + 32.0).max(110.0), 60.0)
        } else {
            let side = (900.0 / m.max(n).max(1) as f64).clamp(6.0, 24.0);
            (side, side)
        };
        // Column names: horizontal above annotated grids, every k-th one otherwise.
        let header = label_size() + 12.0 + tick_size() + 10.0;
        let x0 = MARGIN + label_size() + 16.0 + name_w + 10.0;
        let y0 = MARGIN + title_size() + TITLE_GAP + header;
        let grid_w = cell_w * n as f64;
        let grid_h = cell_h * m as f64;
        let legend_y = y0 + grid_h + 20.0;
        let notes = chart.notes.len().min(MAX_NOTES);
        let note_w = chart
            .notes
            .iter()
            .take(MAX_NOTES)
            .map(|s| text_width(s, legend_size(), false))
            .fold(0.0, f64::max);
        let legend_w = 2.0 * (38.0 + text_width("pure Nash equilibrium", legend_size(), false));
        let title_w = text_width(chart.title, title_size(), true);
        let width = (x0 + grid_w + MARGIN)
            .max(MARGIN * 2.0 + title_w)
            .max(MARGIN * 2.0 + legend_w)
            .max(MARGIN * 2.0 + note_w.min(1400.0));
        let height = legend_y + note_row() * (1 + notes) as f64 + MARGIN;
        GridScene {
            chart,
            annotated,
            cell_w,
            cell_h,
            name_w,
            x0,
            y0,
            legend_y,
            width,
            height,
        }
    }
}

impl Scene for GridScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let chart = self.chart;
        let (m, n) = (chart.row_names.len(), chart.col_names.len());
        let (x0, y0, w, h) = (self.x0, self.y0, self.cell_w, self.cell_h);
        c.text(
            chart.title,
            (self.width / 2.0, MARGIN),
            Txt::new(title_size(), HAlign::Center, VAlign::Top).bold(),
        )?;
        // Player names: the column player above the column names, the row player
        // rotated beside the row names.
        c.text(
            &fit_text(
                chart.col_label,
                label_size(),
                false,
                (w * n as f64).max(200.0),
            ),
            (x0 + w * n as f64 / 2.0, MARGIN + title_size() + TITLE_GAP),
            Txt::new(label_size(), HAlign::Center, VAlign::Top),
        )?;
        c.text(
            chart.row_label,
            (MARGIN, y0 + h * m as f64 / 2.0),
            Txt::new(label_size(), HAlign::Center, VAlign::Top).up(),
        )?;
        // Label every k-th row/column so that the labels do not touch.
        let step = |count: usize, needed: f64, side: f64| {
            ((needed / side).ceil() as usize).clamp(1, count.max(1))
        };
        let col_label_w = chart
            .col_names
            .iter()
            .map(|s| text_width(s, tick_size(), false))
            .fold(0.0, f64::max)
            + 10.0;
        let col_step = if self.annotated {
            1
        } else {
            step(n, col_label_w, w)
        };
        for (j, name) in chart.col_names.iter().enumerate() {
            if j % col_step != 0 {
                continue;
            }
            let max_w = if self.annotated {
                w - 6.0
            } else {
                w * col_step as f64
            };
            c.text(
                &fit_text(name, tick_size(), false, max_w),
                (x0 + w * (j as f64 + 0.5), y0 - 8.0 - tick_size() * 0.5),
                Txt::new(tick_size(), HAlign::Center, VAlign::Middle),
            )?;
        }
        let row_step = if self.annotated {
            1
        } else {
            step(m, tick_size() * 1.6, h)
        };
        for (i, name) in chart.row_names.iter().enumerate() {
            if i % row_step != 0 {
                continue;
            }
            c.text(
                &fit_text(name, tick_size(), false, self.name_w),
                (x0 - 10.0, y0 + h * (i as f64 + 0.5)),
                Txt::new(tick_size(), HAlign::Right, VAlign::Middle),
            )?;
        }
        let finite = chart.row_values.iter().flatten().filter(|v| v.is_finite());
        let (lo, hi) = finite.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
        let shade = |i: usize, j: usize| {
            let v = chart.row_values.get(i).and_then(|r| r.get(j)).copied();
            match v {
                Some(v) if v.is_finite() && hi > lo => {
                    let t = (v - lo) / (hi - lo);
                    let mix = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
                    RGBColor(mix(245.0, 70.0), mix(248.0, 110.0), mix(252.0, 170.0))
                }
                _ => WHITE,
            }
        };
        for i in 0..m {
            for j in 0..n {
                let (left, top) = (x0 + w * j as f64, y0 + h * i as f64);
                let fill = if chart.equilibria.contains(&(i, j)) {
                    EQUILIBRIUM
                } else if self.annotated {
                    WHITE
                } else {
                    shade(i, j)
                };
                c.fill_rect(left, top, left + w, top + h, fill)?;
            }
        }
        // Grid lines (every line on annotated grids, a frame otherwise).
        if self.annotated {
            for i in 0..=m {
                let y = y0 + h * i as f64;
                c.line(&[(x0, y), (x0 + w * n as f64, y)], GRID, 1)?;
            }
            for j in 0..=n {
                let x = x0 + w * j as f64;
                c.line(&[(x, y0), (x, y0 + h * m as f64)], GRID, 1)?;
            }
        }
        c.stroke_rect((x0, y0), (x0 + w * n as f64, y0 + h * m as f64), FRAME, 2)?;
        for &(i, j) in chart.equilibria {
            let (left, top) = (x0 + w * j as f64, y0 + h * i as f64);
            c.stroke_rect((left, top), (left + w, top + h), EQUILIBRIUM_FRAME, 3)?;
        }
        for &(i, j) in chart.pareto {
            let r = if self.annotated {
                4
            } else {
                (w / 4.0).max(2.0) as u32
            };
            let (x, y) = if self.annotated {
                (x0 + w * (j as f64 + 1.0) - 9.0, y0 + h * i as f64 + 9.0)
            } else {
                (x0 + w * (j as f64 + 0.5), y0 + h * (i as f64 + 0.5))
            };
            disc(c, (x, y), f64::from(r), PARETO)?;
        }
        if self.annotated {
            for (i, row) in chart.cells.iter().enumerate().take(m) {
                for (j, cell) in row.iter().enumerate().take(n) {
                    c.text(
                        cell,
                        (x0 + w * (j as f64 + 0.5), y0 + h * (i as f64 + 0.5)),
                        Txt::new(cell_text(), HAlign::Center, VAlign::Middle),
                    )?;
                }
            }
        }
        // Legend: the two marks, then the notes.
        let y = self.legend_y + legend_size() / 2.0;
        let mut x = MARGIN;
        c.fill_rect(x, y - 9.0, x + 26.0, y + 9.0, EQUILIBRIUM)?;
        c.stroke_rect((x, y - 9.0), (x + 26.0, y + 9.0), EQUILIBRIUM_FRAME, 3)?;
        let label = "pure Nash equilibrium";
        c.text(
            label,
            (x + 34.0, y),
            Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
        )?;
        x += 34.0 + text_width(label, legend_size(), false) + 28.0;
        disc(c, (x + 8.0, y), 5.0, PARETO)?;
        c.text(
            "Pareto optimal",
            (x + 22.0, y),
            Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
        )?;
        let max_note = self.width - 2.0 * MARGIN;
        for (k, note) in chart.notes.iter().take(MAX_NOTES).enumerate() {
            let text = if k + 1 == MAX_NOTES && chart.notes.len() > MAX_NOTES {
                format!("... and {} more", chart.notes.len() - MAX_NOTES + 1)
            } else {
                note.clone()
            };
            c.text(
                &fit_text(&text, legend_size(), false, max_note),
                (MARGIN, y + note_row() * (k + 1) as f64),
                Txt::new(legend_size(), HAlign::Left, VAlign::Middle).color(if k == 0 {
                    TEXT
                } else {
                    MUTED
                }),
            )?;
        }
        Ok(())
    }
}

/// A filled disc (a 24-gon; the canvas's circles are outlines).
fn disc<DB: DrawingBackend>(
    c: &Canvas<DB>,
    (x, y): (f64, f64),
    r: f64,
    color: RGBColor,
) -> DrawResult {
    let points: Vec<(f64, f64)> = (0..24)
        .map(|k| {
            let a = std::f64::consts::TAU * k as f64 / 24.0;
            (x + r * a.cos(), y + r * a.sin())
        })
        .collect();
    c.fill_polygon(&points, color)
}

#[cfg(test)]
mod tests {
    use crate::output::charts::test_support::{check_files, out_dir, strings};
    use crate::output::charts::{PayoffGrid, draw_payoff_grid};

    #[test]
    fn draws_small_and_large_grids() {
        let dir = out_dir("payoff_grid");
        let rows = strings(&["Opera", "Football"]);
        let cells = vec![strings(&["3, 2", "0, 0"]), strings(&["0, 0", "2, 3"])];
        let notes = strings(&["Mixed: Row plays Opera 3/5, Column plays Opera 2/5"]);
        let chart = PayoffGrid {
            title: "Battle of the sexes",
            row_label: "Row",
            col_label: "Column",
            row_names: &rows,
            col_names: &rows,
            cells: &cells,
            row_values: &[vec![3.0, 0.0], vec![0.0, 2.0]],
            equilibria: &[(0, 0), (1, 1)],
            pareto: &[(0, 0), (1, 1)],
            notes: &notes,
        };
        let stem = dir.join("small");
        draw_payoff_grid(&stem, &chart).unwrap();
        check_files(&stem, "Battle of the sexes");
        let names: Vec<String> = (2..=100).map(|k| k.to_string()).collect();
        let cells: Vec<Vec<String>> = names.iter().map(|_| vec![String::new(); 99]).collect();
        let values: Vec<Vec<f64>> = (0..99)
            .map(|i| (0..99).map(|j| (i as f64 - j as f64).abs()).collect())
            .collect();
        let chart = PayoffGrid {
            title: "Traveler's dilemma",
            row_names: &names,
            col_names: &names,
            cells: &cells,
            row_values: &values,
            equilibria: &[(0, 0)],
            pareto: &[(98, 98)],
            notes: &[],
            ..chart
        };
        let stem = dir.join("large");
        draw_payoff_grid(&stem, &chart).unwrap();
        check_files(&stem, "Traveler&apos;s dilemma");
    }
}
