//! The parts that the charts with two numeric axes over a fixed-size canvas (line chart,
//! stacked area) lay out and draw the same way: the plot's left and bottom edges, the
//! frame with tick marks, tick numbers and axis labels, a legend of entries in rows under
//! the title, and the "no data" note.
//!
//! Invariant: every position is computed with the same arithmetic, in the same order, as
//! each chart did on its own, so the files written stay byte-identical.

use plotters::prelude::DrawingBackend;

use super::canvas::{Canvas, DrawResult, HAlign, Txt, VAlign};
use super::scale::fmt_num;
use super::style::{
    FRAME, LABEL_SIZE, MARGIN, MUTED, NO_DATA, TICK_LEN, TICK_SIZE, TITLE_GAP, TITLE_SIZE,
};

/// Text size of legend entries.
pub(super) const LEGEND_SIZE: f64 = 17.0;
/// Height of one legend row.
const LEGEND_ROW: f64 = LEGEND_SIZE + 12.0;

/// Left edge of the plot: room for the y axis label and tick numbers `y_tick_w` wide.
pub(super) fn plot_left(y_tick_w: f64) -> f64 {
    MARGIN + LABEL_SIZE + 16.0 + y_tick_w + 8.0 + TICK_LEN
}

/// Bottom edge of the plot on a canvas `height` tall: room for x ticks and label.
pub(super) fn plot_bottom(height: f64) -> f64 {
    height - MARGIN - (TICK_LEN + 8.0 + TICK_SIZE + 14.0 + LABEL_SIZE)
}

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
    rows as f64 * LEGEND_ROW
}

/// Top of the plot under the title and `legend_h` of legend.
pub(super) fn plot_top(legend_h: f64) -> f64 {
    MARGIN + TITLE_SIZE + TITLE_GAP + legend_h
}

/// Top-left corner of each legend entry (entries `entry_w` wide, wrapping within
/// `x0..x1`, first row just under the title).
pub(super) fn legend_places(entry_w: &[f64], x0: f64, x1: f64) -> Vec<(f64, f64)> {
    let mut x = x0;
    let mut y = MARGIN + TITLE_SIZE + TITLE_GAP * 0.6;
    let mut places = Vec::with_capacity(entry_w.len());
    for &w in entry_w {
        if x + w > x1 && x > x0 {
            x = x0;
            y += LEGEND_ROW;
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
        Txt::new(LEGEND_SIZE, HAlign::Left, VAlign::Middle),
    )
}

/// A plot area `x0..x1` by `y0..y1` (pixels, y down) with numeric axes.
pub(super) struct Axes<'a, X: Fn(f64) -> f64, Y: Fn(f64) -> f64> {
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
    /// Pixel of a value on the x axis.
    pub px: X,
    /// Pixel of a value on the y axis.
    pub py: Y,
    /// Tick values and their number of decimals.
    pub x_ticks: (&'a [f64], usize),
    pub y_ticks: (&'a [f64], usize),
    pub x_label: &'a str,
    pub y_label: &'a str,
}

impl<X: Fn(f64) -> f64, Y: Fn(f64) -> f64> Axes<'_, X, Y> {
    /// The frame, the tick marks with their numbers and both axis labels.
    pub(super) fn draw<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        c.stroke_rect((self.x0, self.y0), (self.x1, self.y1), FRAME, 1)?;
        let tick_txt = Txt::new(TICK_SIZE, HAlign::Center, VAlign::Top);
        for &t in self.x_ticks.0 {
            let x = (self.px)(t);
            c.line(&[(x, self.y1), (x, self.y1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.x_ticks.1),
                (x, self.y1 + TICK_LEN + 8.0),
                tick_txt,
            )?;
        }
        let y_txt = Txt::new(TICK_SIZE, HAlign::Right, VAlign::Middle);
        for &t in self.y_ticks.0 {
            let y = (self.py)(t);
            c.line(&[(self.x0 - TICK_LEN, y), (self.x0, y)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.y_ticks.1),
                (self.x0 - TICK_LEN - 8.0, y),
                y_txt,
            )?;
        }
        c.text(
            self.x_label,
            (
                (self.x0 + self.x1) / 2.0,
                self.y1 + TICK_LEN + 8.0 + TICK_SIZE + 14.0,
            ),
            Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Top),
        )?;
        c.text(
            self.y_label,
            (MARGIN, (self.y0 + self.y1) / 2.0),
            Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Top).up(),
        )
    }

    /// The "no data" note in the middle of the plot.
    pub(super) fn draw_no_data<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        c.text(
            NO_DATA,
            ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0),
            Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Middle).color(MUTED),
        )
    }
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
