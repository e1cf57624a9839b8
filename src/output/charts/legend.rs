//! Legends naming the categories or series of a chart: entries in rows under the title
//! that wrap at the plot's width (line chart, stacked area), and a column of framed colour
//! swatches beside the plot (lattice, region map, region band).
//!
//! Invariant: every position is computed with the same arithmetic, in the same order, as
//! each chart did on its own, so the files written stay byte-identical.

use plotters::prelude::DrawingBackend;

use super::canvas::{Canvas, DrawResult, HAlign, Txt, VAlign};
use super::palette::category_colour;
use super::style::{FRAME, MARGIN, TITLE_GAP, font_scale, title_size};

/// Text size of legend entries.
pub(super) fn legend_size() -> f64 {
    17.0 * font_scale()
}
/// Height of one legend row.
fn legend_row() -> f64 {
    legend_size() + 12.0
}

/// Space between two rows of a swatch column.
const COLUMN_GAP: f64 = 10.0;

/// Number of legend rows when entries `entry_w` wide wrap within `width`.
pub(super) fn legend_rows(entry_w: &[f64], width: f64) -> usize {
    let mut rows = 1;
    let mut used = 0.0;
    for w in entry_w {
        if used + w > width && used > 0.0 {
            rows += 1;
            used = 0.0;
        }
        used += w;
    }
    rows
}

/// Height taken by `rows` legend rows.
pub(super) fn legend_height(rows: usize) -> f64 {
    rows as f64 * legend_row()
}

/// Top-left corner of each legend entry (entries `entry_w` wide, wrapping within
/// `x0..x1`, first row just under the title).
pub(super) fn legend_places(entry_w: &[f64], x0: f64, x1: f64) -> Vec<(f64, f64)> {
    let mut x = x0;
    let mut y = MARGIN + title_size() + TITLE_GAP * 0.6;
    let mut places = Vec::with_capacity(entry_w.len());
    for &w in entry_w {
        if x + w > x1 && x > x0 {
            x = x0;
            y += legend_row();
        }
        places.push((x, y));
        x += w;
    }
    places
}

/// Legend text of an entry whose swatch ends before `x`, centred on `mid`.
pub(super) fn legend_text<DB: DrawingBackend>(
    c: &Canvas<DB>,
    text: &str,
    x: f64,
    mid: f64,
) -> DrawResult {
    c.text(
        text,
        (x, mid),
        Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
    )
}

/// A column of category entries, the first with its top at `(x, y0)`: a framed swatch
/// `swatch_w` wide in the colour of category `i` of `count`, its label starting `text_dx`
/// right of `x`, one entry every `LEGEND_SIZE + 10` pixels.
pub(super) fn draw_swatch_column<DB: DrawingBackend>(
    c: &Canvas<DB>,
    labels: &[String],
    count: usize,
    (x, y0): (f64, f64),
    swatch_w: f64,
    text_dx: f64,
) -> DrawResult {
    for (i, label) in labels.iter().enumerate() {
        let y = y0 + i as f64 * (legend_size() + COLUMN_GAP);
        c.fill_rect(
            x,
            y,
            x + swatch_w,
            y + legend_size(),
            category_colour(i, count),
        )?;
        c.stroke_rect((x, y), (x + swatch_w, y + legend_size()), FRAME, 1)?;
        legend_text(c, label, x + text_dx, y + legend_size() / 2.0)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{legend_places, legend_rows};

    #[test]
    fn legend_entries_wrap_within_the_width() {
        assert_eq!(legend_rows(&[], 100.0), 1);
        assert_eq!(legend_rows(&[40.0, 40.0], 100.0), 1);
        assert_eq!(legend_rows(&[40.0, 40.0, 40.0], 100.0), 2);
        // An entry wider than the space still takes a row of its own.
        assert_eq!(legend_rows(&[150.0, 150.0], 100.0), 2);
        let places = legend_places(&[40.0, 40.0, 40.0], 10.0, 110.0);
        assert_eq!(places[0].0, 10.0);
        assert_eq!(places[1].0, 50.0);
        assert_eq!(places[2].0, 10.0);
        assert!(places[2].1 > places[1].1);
        assert_eq!(places[0].1, places[1].1);
    }
}
