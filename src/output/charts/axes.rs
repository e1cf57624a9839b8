//! The parts that the charts with two numeric axes over a fixed-size canvas (line chart,
//! stacked area) lay out and draw the same way: the plot's edges, the frame with tick
//! marks, tick numbers and axis labels, and the "no data" note.
//!
//! Invariant: every position is computed with the same arithmetic, in the same order, as
//! each chart did on its own, so the files written stay byte-identical.

use plotters::prelude::DrawingBackend;

use super::canvas::{Canvas, DrawResult, HAlign, Txt, VAlign};
use super::scale::fmt_num;
use super::style::{
    FRAME, MARGIN, MUTED, NO_DATA, TICK_LEN, TITLE_GAP, label_size, tick_size, title_size,
};

/// Left edge of the plot: room for the y axis label and tick numbers `y_tick_w` wide.
pub(super) fn plot_left(y_tick_w: f64) -> f64 {
    MARGIN + label_size() + 16.0 + y_tick_w + 8.0 + TICK_LEN
}

/// Bottom edge of the plot on a canvas `height` tall: room for x ticks and label.
pub(super) fn plot_bottom(height: f64) -> f64 {
    height - MARGIN - (TICK_LEN + 8.0 + tick_size() + 14.0 + label_size())
}

/// Top of the plot under the title and `legend_h` of legend.
pub(super) fn plot_top(legend_h: f64) -> f64 {
    MARGIN + title_size() + TITLE_GAP + legend_h
}

/// Tick "decimals" meaning: each tick in its own shortest decimal form
/// (logarithmic axes: 0.001, 0.01, 0.1, 1, 10).
pub(super) const SHORTEST: usize = usize::MAX;

/// A tick's text: `decimals` fixed, or [`SHORTEST`].
fn tick_text(t: f64, decimals: usize) -> String {
    if decimals == SHORTEST {
        let s = format!("{t}");
        s.strip_prefix('-')
            .map_or(s.clone(), |rest| format!("\u{2212}{rest}"))
    } else {
        fmt_num(t, decimals)
    }
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
    /// Tick values and their number of decimals (or [`SHORTEST`]).
    pub x_ticks: (&'a [f64], usize),
    pub y_ticks: (&'a [f64], usize),
    pub x_label: &'a str,
    pub y_label: &'a str,
}

impl<X: Fn(f64) -> f64, Y: Fn(f64) -> f64> Axes<'_, X, Y> {
    /// The frame, the tick marks with their numbers and both axis labels.
    pub(super) fn draw<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        c.stroke_rect((self.x0, self.y0), (self.x1, self.y1), FRAME, 1)?;
        let tick_txt = Txt::new(tick_size(), HAlign::Center, VAlign::Top);
        for &t in self.x_ticks.0 {
            let x = (self.px)(t);
            c.line(&[(x, self.y1), (x, self.y1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &tick_text(t, self.x_ticks.1),
                (x, self.y1 + TICK_LEN + 8.0),
                tick_txt,
            )?;
        }
        let y_txt = Txt::new(tick_size(), HAlign::Right, VAlign::Middle);
        for &t in self.y_ticks.0 {
            let y = (self.py)(t);
            c.line(&[(self.x0 - TICK_LEN, y), (self.x0, y)], FRAME, 1)?;
            c.text(
                &tick_text(t, self.y_ticks.1),
                (self.x0 - TICK_LEN - 8.0, y),
                y_txt,
            )?;
        }
        c.text(
            self.x_label,
            (
                (self.x0 + self.x1) / 2.0,
                self.y1 + TICK_LEN + 8.0 + tick_size() + 14.0,
            ),
            Txt::new(label_size(), HAlign::Center, VAlign::Top),
        )?;
        c.text(
            self.y_label,
            (MARGIN, (self.y0 + self.y1) / 2.0),
            Txt::new(label_size(), HAlign::Center, VAlign::Top).up(),
        )
    }

    /// The "no data" note in the middle of the plot.
    pub(super) fn draw_no_data<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        c.text(
            NO_DATA,
            ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0),
            Txt::new(label_size(), HAlign::Center, VAlign::Middle).color(MUTED),
        )
    }
}
