//! Heat map: a matrix of values coloured with viridis, row names on the left, column
//! names below it (level when they fit their columns, else upwards; numbers are never
//! written upwards: too many to fit level, every k-th is written as a tick), a colour bar legend with ticks, and the value written
//! in each cell (in black or white, whichever contrasts more) when the matrix is small.
//!
//! Names are labels of every row and column (players), or ticks: most names empty and a
//! few written (a grid of numbers labelled at tenths, as a fingerprint's 101 x 101
//! points). Ticks keep the full tick size whatever the number of cells (their size is
//! bounded by the room between two ticks, not by one cell), get tick marks, and are
//! written level under the matrix when they fit between their neighbours; cells of a
//! ticked matrix may be as small as a pixel, so a fine grid stays about 1200 pixels.

use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::canvas::{
    Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title, render,
};
use super::font::{ensure_fonts, fit_text, text_width};
use super::scale::{
    all_integers, contrasting_text, finite_min_max, fmt_num, nice_ticks, padded_range,
    value_decimals, viridis,
};
use super::style::{
    FRAME, MARGIN, MUTED, NO_DATA, TICK_LEN, TITLE_GAP, label_size, max_name_width, tick_size,
    title_size, value_size,
};
use super::{ChartError, HeatMap, padded_names};

/// Cell values are written only when neither matrix dimension exceeds this.
const HEATMAP_VALUE_LIMIT: usize = 20;
const MISSING_CELL: RGBColor = RGBColor(212, 212, 212);

/// The natural size of `chart` (96 dpi) under the style in effect, nothing drawn: the
/// size follows from the names, labels and title (the values only change the colour
/// bar's tick labels a little), so none are copied, and a matrix with as many rows and
/// columns as it has names is assumed.
pub(super) fn natural_size(chart: &HeatMap) -> (u32, u32) {
    HeatScene::build(chart, None, false).size()
}

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_heat_map(stem: &Path, chart: &HeatMap) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(stem, &HeatScene::new(chart, None))
}

/// Draws a matrix of two-valued data (e.g. P- and N-positions) with two colours and a
/// two-entry legend instead of a continuous colour bar: cells at the lower value get
/// `labels[0]`, cells at the higher value `labels[1]`.
pub fn draw_two_colour_map(
    stem: &Path,
    chart: &HeatMap,
    labels: [&str; 2],
) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(
        stem,
        &HeatScene::new(chart, Some(labels.map(str::to_string))),
    )
}

/// The two colours of [`draw_two_colour_map`]: light for the lower value, dark for the
/// higher one.
const TWO_COLOURS: [RGBColor; 2] = [RGBColor(222, 228, 236), RGBColor(31, 78, 121)];
const SWATCH: f64 = 26.0;

struct HeatScene {
    width: f64,
    height: f64,
    /// Top-left corner of the matrix.
    x0: f64,
    y0: f64,
    matrix_w: f64,
    matrix_h: f64,
    cell: f64,
    name_size: f64,
    /// Whether the names are ticks (some rows or columns unnamed): tick marks drawn.
    ticked: bool,
    /// Whether the column names are ticks (numbers thinned to fit level).
    col_ticks: bool,
    /// Whether the column names are written level (ticks that fit), not upwards.
    cols_level: bool,
    /// Height taken by the column names under the matrix.
    col_names_h: f64,
    row_names: Vec<String>,
    col_names: Vec<String>,
    /// Normalised to `row_names.len()` x `col_names.len()`, missing cells are NaN.
    values: Vec<Vec<f64>>,
    lo: f64,
    hi: f64,
    /// Font size and decimals of the cell values, if they are written.
    cell_text: Option<(f64, usize)>,
    bar_x: f64,
    ticks: Vec<f64>,
    tick_decimals: usize,
    tick_w: f64,
    title: String,
    row_label: String,
    col_label: String,
    value_label: String,
    /// Two-colour legend labels instead of the colour bar.
    categories: Option<[String; 2]>,
}

const COLOR_BAR_GAP: f64 = 28.0;
const COLOR_BAR_WIDTH: f64 = 26.0;

impl HeatScene {
    fn new(chart: &HeatMap, categories: Option<[String; 2]>) -> Self {
        Self::build(chart, categories, true)
    }

    /// The scene of `chart`; without `with_values` only its layout (no values are
    /// copied: for [`natural_size`]).
    fn build(chart: &HeatMap, categories: Option<[String; 2]>, with_values: bool) -> Self {
        let nr = chart.row_names.len().max(chart.values.len());
        let nc = chart
            .col_names
            .len()
            .max(chart.values.iter().map(Vec::len).max().unwrap_or(0));
        let values: Vec<Vec<f64>> = (0..if with_values { nr } else { 0 })
            .map(|r| {
                (0..nc)
                    .map(|c| {
                        chart
                            .values
                            .get(r)
                            .and_then(|row| row.get(c))
                            .copied()
                            .filter(|v| v.is_finite())
                            .unwrap_or(f64::NAN)
                    })
                    .collect()
            })
            .collect();
        let (lo, hi) = match finite_min_max(values.iter().flatten().copied()) {
            Some((lo, hi)) if hi > lo => (lo, hi),
            Some((lo, _)) => padded_range(lo, lo, 0.0),
            None => (0.0, 1.0),
        };

        let m = nr.max(nc).max(1) as f64;
        let small = nr.max(nc) <= HEATMAP_VALUE_LIMIT;
        // Cells from one written name to the next (1: every row and column named).
        let (row_gap, col_gap) = (name_gap(chart.row_names, nr), name_gap(chart.col_names, nc));
        let ticked = row_gap.min(col_gap) > 1;
        let cell = if small {
            // About 720 px of matrix, but never less than 360 px for tiny matrices.
            (720.0 / m).clamp(40.0, (360.0 / m).max(180.0))
        } else if ticked {
            // Ticks need no room per cell: about 1200 px of matrix, a pixel a cell at least.
            (1200.0 / m).clamp(1.0, 40.0)
        } else {
            (1200.0 / m).clamp(14.0, 40.0)
        }
        .floor();
        let name_size = tick_size().min((0.75 * cell * row_gap.min(col_gap) as f64).max(9.0));

        let row_names: Vec<String> = padded_names(chart.row_names, nr)
            .iter()
            .map(|n| fit_text(n, name_size, false, max_name_width(nr.max(nc))))
            .collect();
        let mut col_names: Vec<String> = padded_names(chart.col_names, nc)
            .iter()
            .map(|n| fit_text(n, name_size, false, max_name_width(nr.max(nc))))
            .collect();
        let widest = |names: &[String]| {
            names
                .iter()
                .map(|n| text_width(n, name_size, false))
                .fold(0.0, f64::max)
        };
        // Numbers are never written upwards: too many to fit level, every k-th
        // is written (a tick), the others left out.
        let mut col_ticks = ticked;
        let numeric = col_names
            .iter()
            .all(|n| n.is_empty() || n.trim().parse::<f64>().is_ok());
        if numeric && widest(&col_names) > col_gap as f64 * cell - 6.0 {
            let k = (1..=nc.max(1))
                .find(|&k| widest(&col_names) <= (k * col_gap) as f64 * cell - 6.0)
                .unwrap_or(nc.max(1));
            let written: Vec<usize> = (0..nc).filter(|&c| !col_names[c].is_empty()).collect();
            for (i, &c) in written.iter().enumerate() {
                if i % k != 0 {
                    col_names[c].clear();
                }
            }
            col_ticks = true;
        }
        let col_gap = name_gap(&col_names, nc);
        // Names that fit between their neighbours are written level.
        let cols_level = widest(&col_names) <= col_gap as f64 * cell - 6.0;
        let col_names_h = if cols_level {
            name_size * 1.2
        } else {
            widest(&col_names)
        };

        let decimals = value_decimals(values.iter().flatten().copied());
        let cell_text = if small && !values.is_empty() && categories.is_none() {
            // About a fifth of the cell, from the value size up to 20 px; a font
            // size that makes the value size larger than 20 keeps it (the bounds
            // never cross).
            let max_size = (0.22 * cell).clamp(value_size(), value_size().max(20.0));
            let fits = |size: f64, d: usize| {
                values
                    .iter()
                    .flatten()
                    .filter(|v| v.is_finite())
                    .all(|&v| text_width(&fmt_num(v, d), size, false) <= cell - 6.0)
            };
            (0..=decimals).rev().find_map(|d| {
                [max_size, 13.0, 12.0, 11.0]
                    .into_iter()
                    .filter(|&s| s <= max_size)
                    .find(|&s| fits(s, d))
                    .map(|s| (s, d))
            })
        } else {
            None
        };

        let row_desc = if chart.row_label.is_empty() {
            0.0
        } else {
            label_size() + 16.0
        };
        let x0 = MARGIN + row_desc + widest(&row_names) + 10.0;
        let y0 = MARGIN + title_size() + TITLE_GAP;
        let empty = nr == 0 || nc == 0;
        // An empty matrix still gets a framed placeholder with a "no data" note.
        let (matrix_w, matrix_h) = if empty {
            (480.0, 320.0)
        } else {
            (nc as f64 * cell, nr as f64 * cell)
        };

        let bar_x = x0 + matrix_w + COLOR_BAR_GAP;
        let target = (matrix_h / 90.0).clamp(4.0, 7.0) as usize;
        let integers = all_integers(values.iter().flatten().copied());
        let (ticks, tick_decimals) = nice_ticks(lo, hi, target, integers);
        let tick_w = ticks
            .iter()
            .map(|&t| text_width(&fmt_num(t, tick_decimals), tick_size(), false))
            .fold(0.0, f64::max);
        let bar_label = if chart.value_label.is_empty() {
            0.0
        } else {
            14.0 + label_size()
        };
        let title_w = text_width(chart.title, title_size(), true);
        let bar_w = if empty {
            0.0
        } else if let Some(labels) = &categories {
            let label_w = labels
                .iter()
                .map(|l| text_width(l, tick_size(), false))
                .fold(0.0, f64::max);
            COLOR_BAR_GAP + SWATCH + 10.0 + label_w
        } else {
            COLOR_BAR_GAP + COLOR_BAR_WIDTH + TICK_LEN + 6.0 + tick_w + bar_label
        };
        let width = (x0 + matrix_w + bar_w + MARGIN).max(title_w + 2.0 * MARGIN);

        let col_desc = if chart.col_label.is_empty() {
            0.0
        } else {
            16.0 + label_size()
        };
        let height = y0 + matrix_h + 10.0 + col_names_h + col_desc + MARGIN;

        Self {
            width,
            height,
            x0,
            y0,
            matrix_w,
            matrix_h,
            cell,
            name_size,
            ticked,
            col_ticks,
            cols_level,
            col_names_h,
            row_names,
            col_names,
            values,
            lo,
            hi,
            cell_text,
            bar_x,
            ticks,
            tick_decimals,
            tick_w,
            title: chart.title.to_string(),
            row_label: chart.row_label.to_string(),
            col_label: chart.col_label.to_string(),
            value_label: chart.value_label.to_string(),
            categories,
        }
    }

    fn t(&self, v: f64) -> f64 {
        (v - self.lo) / (self.hi - self.lo)
    }
}

/// The fewest cells from one written (non-empty) name to the next among the `n` rows
/// or columns named by `names` (missing names are empty); `n` when at most one is
/// written, 1 when every one is.
fn name_gap(names: &[String], n: usize) -> usize {
    let written: Vec<usize> = (0..n)
        .filter(|&k| names.get(k).is_some_and(|name| !name.is_empty()))
        .collect();
    written
        .windows(2)
        .map(|w| w[1] - w[0])
        .min()
        .unwrap_or(n.max(1))
}

impl Scene for HeatScene {
    fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let (nr, nc) = (self.row_names.len(), self.col_names.len());
        let (x0, y0, cell) = (self.x0, self.y0, self.cell);
        let (x1, y1) = (x0 + self.matrix_w, y0 + self.matrix_h);
        // Separate cells with thin white lines while they are large enough.
        let gap = if cell >= 24.0 { 1.0 } else { 0.0 };

        let colour = |v: f64| {
            if let (true, Some(_)) = (v.is_finite(), &self.categories) {
                TWO_COLOURS[usize::from(self.t(v) >= 0.5)]
            } else if v.is_finite() {
                viridis(self.t(v))
            } else {
                MISSING_CELL
            }
        };
        let cells: Vec<_> = self
            .values
            .iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.iter().enumerate().map(move |(col, &v)| {
                    let (cx, cy) = (x0 + col as f64 * cell, y0 + r as f64 * cell);
                    (cx + gap, cy + gap, cx + cell, cy + cell, colour(v))
                })
            })
            .collect();
        c.fill_cells(&cells)?;
        for (r, row) in self.values.iter().enumerate() {
            for (col, &v) in row.iter().enumerate() {
                let (cx, cy) = (x0 + col as f64 * cell, y0 + r as f64 * cell);
                let color = colour(v);
                if let Some((size, decimals)) = self.cell_text
                    && v.is_finite()
                {
                    c.text(
                        &fmt_num(v, decimals),
                        (cx + 0.5 * (cell + gap), cy + 0.5 * (cell + gap)),
                        Txt::new(size, HAlign::Center, VAlign::Middle)
                            .color(contrasting_text(color)),
                    )?;
                }
            }
        }
        c.stroke_rect((x0, y0), (x1, y1), FRAME, 1)?;

        let name_txt = Txt::new(self.name_size, HAlign::Right, VAlign::Middle);
        for (r, name) in self.row_names.iter().enumerate() {
            let y = y0 + (r as f64 + 0.5) * cell;
            if self.ticked && !name.is_empty() {
                c.line(&[(x0 - TICK_LEN, y), (x0, y)], FRAME, 1)?;
            }
            c.text(name, (x0 - 10.0, y), name_txt)?;
        }
        for (col, name) in self.col_names.iter().enumerate() {
            let x = x0 + (col as f64 + 0.5) * cell;
            if self.col_ticks && !name.is_empty() {
                c.line(&[(x, y1), (x, y1 + TICK_LEN)], FRAME, 1)?;
            }
            if self.cols_level {
                let level = Txt::new(self.name_size, HAlign::Center, VAlign::Top);
                c.text(name, (x, y1 + 10.0), level)?;
            } else {
                c.text(name, (x, y1 + 10.0), name_txt.up())?;
            }
        }
        let col_names_h = self.col_names_h;
        let label = Txt::new(label_size(), HAlign::Center, VAlign::Top);
        c.text(
            &self.col_label,
            ((x0 + x1) / 2.0, y1 + 10.0 + col_names_h + 16.0),
            label,
        )?;
        c.text(&self.row_label, (MARGIN, (y0 + y1) / 2.0), label.up())?;
        if nr == 0 || nc == 0 {
            c.text(
                NO_DATA,
                ((x0 + x1) / 2.0, (y0 + y1) / 2.0),
                Txt::new(label_size(), HAlign::Center, VAlign::Middle).color(MUTED),
            )?;
            return draw_title(c, &self.title, (x0 + x1) / 2.0, self.width);
        }

        if let Some(labels) = &self.categories {
            let txt = Txt::new(tick_size(), HAlign::Left, VAlign::Middle);
            for (k, (label, colour)) in labels.iter().zip(TWO_COLOURS).enumerate() {
                let top = y0 + k as f64 * (SWATCH + 12.0);
                c.fill_rect(self.bar_x, top, self.bar_x + SWATCH, top + SWATCH, colour)?;
                c.stroke_rect(
                    (self.bar_x, top),
                    (self.bar_x + SWATCH, top + SWATCH),
                    FRAME,
                    1,
                )?;
                c.text(label, (self.bar_x + SWATCH + 10.0, top + SWATCH / 2.0), txt)?;
            }
            return draw_title(c, &self.title, (x0 + self.bar_x) / 2.0, self.width);
        }

        // Colour bar: a colour step per line of pixels, low values at the
        // bottom; neighbouring steps of the same 8-bit colour are one
        // rectangle (a third of the SVG's rectangles, the same pixels).
        let (bx0, bx1) = (self.bar_x, self.bar_x + COLOR_BAR_WIDTH);
        let (by0, by1) = (y0, y1);
        let steps = (by1 - by0).round().max(1.0) as usize;
        let edge = |k: usize| by0 + (by1 - by0) * k as f64 / steps as f64;
        let colour = |k: usize| viridis(1.0 - (k as f64 + 0.5) / steps as f64);
        let mut first = 0;
        while first < steps {
            let run_colour = colour(first);
            let mut end = first + 1;
            while end < steps && colour(end) == run_colour {
                end += 1;
            }
            c.fill_rect(bx0, edge(first), bx1, edge(end), run_colour)?;
            first = end;
        }
        c.stroke_rect((bx0, by0), (bx1, by1), FRAME, 1)?;
        let tick_txt = Txt::new(tick_size(), HAlign::Left, VAlign::Middle);
        for &t in &self.ticks {
            let y = by1 - self.t(t) * (by1 - by0);
            c.line(&[(bx1, y), (bx1 + TICK_LEN, y)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.tick_decimals),
                (bx1 + TICK_LEN + 6.0, y),
                tick_txt,
            )?;
        }
        c.text(
            &self.value_label,
            (bx1 + TICK_LEN + 6.0 + self.tick_w + 14.0, (by0 + by1) / 2.0),
            label.up(),
        )?;

        draw_title(c, &self.title, (x0 + bx1) / 2.0, self.width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scene(cols: &[String], rows: usize) -> HeatScene {
        let row_names: Vec<String> = (0..rows).map(|r| r.to_string()).collect();
        let values = vec![vec![0.5; cols.len()]; rows];
        HeatScene::new(
            &HeatMap {
                title: "t",
                row_label: "count",
                col_label: "noise",
                value_label: "v",
                row_names: &row_names,
                col_names: cols,
                values: &values,
            },
            None,
        )
    }

    #[test]
    fn numeric_column_names_are_level_thinned_when_too_many() {
        // A few values: every one written level.
        let few: Vec<String> = ["0.0", "0.01", "0.05", "0.1"].map(String::from).to_vec();
        let s = scene(&few, 3);
        assert!(s.cols_level && s.col_names == few);
        // 200 values in narrow columns: level, every k-th written, tick marks.
        let many: Vec<String> = (0..200)
            .map(|k| format!("{:.3}", k as f64 / 1000.0))
            .collect();
        let s = scene(&many, 3);
        assert!(s.cols_level, "numbers are never written upwards");
        assert!(s.col_ticks);
        let written: Vec<usize> = (0..200).filter(|&c| !s.col_names[c].is_empty()).collect();
        assert!(written.len() > 2 && written.len() < 200, "{written:?}");
        assert_eq!(written[0], 0);
        // Names (not numbers) too wide for their columns still go upwards.
        let names: Vec<String> = (0..30).map(|k| format!("Strategy number {k}")).collect();
        let s = scene(&names, 30);
        assert!(!s.cols_level && s.col_names == names);
    }
}
