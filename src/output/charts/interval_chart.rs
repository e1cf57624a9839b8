//! Interval chart: one estimate per category (e.g. a fixation probability per strategy)
//! drawn as a dot with a horizontal bar for its confidence interval, names on the y axis
//! (first at the top), values on a [0, 1] axis unless the data go beyond, and an optional
//! dashed reference line (e.g. the neutral value 1/N) named in the legend.

use std::path::Path;

use plotters::prelude::DrawingBackend;

use super::canvas::{
    Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title, render,
};
use super::font::{ensure_fonts, text_width};
use super::scale::{finite_min_max, fmt_num, nice_ticks};
use super::style::{
    FRAME, MARGIN, MAX_NAME_WIDTH, MUTED, TICK_LEN, TITLE_GAP, font_scale, label_size, tick_size,
    title_size,
};
use super::{ChartError, IntervalChart};
use plotters::style::RGBColor;

const WIDTH: f64 = 1200.0;
const ROW: f64 = 44.0;

/// Row height, growing with text larger than the default.
fn row_pitch() -> f64 {
    ROW * font_scale().max(1.0)
}
fn legend_size() -> f64 {
    17.0 * font_scale()
}
const DOT: RGBColor = RGBColor(0, 114, 178);
const REFERENCE: RGBColor = RGBColor(213, 94, 0);
const ESTIMATE: &str = "estimate and 95% interval";

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_interval_chart(stem: &Path, chart: &IntervalChart) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    let name_w = chart
        .names
        .iter()
        .map(|n| text_width(n, tick_size(), false))
        .fold(0.0, f64::max)
        .min(MAX_NAME_WIDTH);
    let values = chart
        .values
        .iter()
        .copied()
        .chain(chart.intervals.iter().flat_map(|&(a, b)| [a, b]))
        .chain(chart.reference.as_ref().map(|r| r.1));
    let (lo, hi) = finite_min_max(values).unwrap_or((0.0, 1.0));
    // From zero (estimates are shares or probabilities) to a little past the largest
    // value (room for its label), so small probabilities are not squeezed to the left.
    let lo = lo.min(0.0);
    let hi = if hi > lo {
        hi + 0.12 * (hi - lo)
    } else {
        lo + 1.0
    };
    let (ticks, dec) = nice_ticks(lo, hi, 6, false);
    let x0 = MARGIN + label_size() + 16.0 + name_w + 12.0;
    let x1 = WIDTH - MARGIN - 24.0;
    let legend_h = legend_size() + 14.0;
    let y0 = MARGIN + title_size() + TITLE_GAP + legend_h;
    let y1 = y0 + row_pitch() * chart.names.len().max(1) as f64;
    let height = y1 + TICK_LEN + 8.0 + tick_size() + 14.0 + label_size() + MARGIN;
    render(
        stem,
        &IntervalScene {
            chart,
            x0,
            x1,
            y0,
            y1,
            lo: ticks.first().copied().unwrap_or(lo).min(lo),
            hi: ticks.last().copied().unwrap_or(hi).max(hi),
            ticks,
            dec,
            height,
        },
    )
}

struct IntervalScene<'a> {
    chart: &'a IntervalChart<'a>,
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
    dec: usize,
    height: f64,
}

impl IntervalScene<'_> {
    fn px(&self, v: f64) -> f64 {
        self.x0 + (v - self.lo) / (self.hi - self.lo) * (self.x1 - self.x0)
    }
}

impl Scene for IntervalScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(WIDTH, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        for &t in &self.ticks {
            let x = self.px(t);
            c.line(&[(x, self.y0), (x, self.y1)], RGBColor(225, 225, 225), 1)?;
        }
        if let Some((label, value)) = &self.chart.reference
            && value.is_finite()
        {
            let x = self.px(*value);
            let mut y = self.y0;
            while y < self.y1 {
                c.line(&[(x, y), (x, (y + 8.0).min(self.y1))], REFERENCE, 2)?;
                y += 14.0;
            }
            let ly = MARGIN + title_size() + TITLE_GAP * 0.6 + legend_size() / 2.0;
            // After the first legend entry, whatever its width.
            let lx = self.x0 + 38.0 + text_width(ESTIMATE, legend_size(), false) + 32.0;
            let mut dash = lx;
            while dash < lx + 30.0 {
                c.line(
                    &[(dash, ly), ((dash + 8.0).min(lx + 30.0), ly)],
                    REFERENCE,
                    2,
                )?;
                dash += 14.0;
            }
            c.text(
                label,
                (lx + 38.0, ly),
                Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
            )?;
        }
        let ly = MARGIN + title_size() + TITLE_GAP * 0.6 + legend_size() / 2.0;
        c.line(&[(self.x0, ly), (self.x0 + 30.0, ly)], DOT, 2)?;
        c.circle((self.x0 + 15.0, ly), 5, DOT, 3)?;
        c.text(
            ESTIMATE,
            (self.x0 + 38.0, ly),
            Txt::new(legend_size(), HAlign::Left, VAlign::Middle),
        )?;
        for (i, name) in self.chart.names.iter().enumerate() {
            let y = self.y0 + row_pitch() * (i as f64 + 0.5);
            c.text(
                name,
                (self.x0 - 12.0, y),
                Txt::new(tick_size(), HAlign::Right, VAlign::Middle),
            )?;
            let value = self.chart.values.get(i).copied().unwrap_or(f64::NAN);
            if let Some(&(a, b)) = self.chart.intervals.get(i)
                && a.is_finite()
                && b.is_finite()
            {
                let (xa, xb) = (self.px(a), self.px(b));
                c.line(&[(xa, y), (xb, y)], DOT, 2)?;
                c.line(&[(xa, y - 8.0), (xa, y + 8.0)], DOT, 2)?;
                c.line(&[(xb, y - 8.0), (xb, y + 8.0)], DOT, 2)?;
            }
            if value.is_finite() {
                c.circle((self.px(value), y), 5, DOT, 3)?;
                // The value beside the interval (right of it, or left when the reference
                // line would cross it there), never on the line.
                let text = fmt_num(value, 3);
                let size = tick_size() * 0.85;
                let w = text_width(&text, size, false);
                let (a, b) = self
                    .chart
                    .intervals
                    .get(i)
                    .copied()
                    .unwrap_or((value, value));
                let right = self.px(if b.is_finite() { b.max(value) } else { value }) + 10.0;
                let left = self.px(if a.is_finite() { a.min(value) } else { value }) - 10.0;
                let reference_x = self
                    .chart
                    .reference
                    .as_ref()
                    .filter(|r| r.1.is_finite())
                    .map(|r| self.px(r.1));
                let crosses =
                    |x0: f64, x1: f64| reference_x.is_some_and(|r| r >= x0 - 4.0 && r <= x1 + 4.0);
                let fits_right = right + w <= self.x1 - 4.0;
                let (x, h) = if fits_right && !crosses(right, right + w) {
                    (right, HAlign::Left)
                } else if left - w >= self.x0 + 4.0 && !crosses(left - w, left) {
                    (left, HAlign::Right)
                } else if fits_right {
                    (right, HAlign::Left)
                } else {
                    (left, HAlign::Right)
                };
                c.text(
                    &text,
                    (x, y),
                    Txt::new(size, h, VAlign::Middle).color(MUTED),
                )?;
            }
        }
        c.stroke_rect((self.x0, self.y0), (self.x1, self.y1), FRAME, 1)?;
        for &t in &self.ticks {
            let x = self.px(t);
            c.line(&[(x, self.y1), (x, self.y1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.dec),
                (x, self.y1 + TICK_LEN + 8.0),
                Txt::new(tick_size(), HAlign::Center, VAlign::Top),
            )?;
        }
        c.text(
            self.chart.value_label,
            (
                (self.x0 + self.x1) / 2.0,
                self.y1 + TICK_LEN + 8.0 + tick_size() + 14.0,
            ),
            Txt::new(label_size(), HAlign::Center, VAlign::Top),
        )?;
        c.text(
            self.chart.category_label,
            (MARGIN, (self.y0 + self.y1) / 2.0),
            Txt::new(label_size(), HAlign::Center, VAlign::Top).up(),
        )?;
        draw_title(c, self.chart.title, (self.x0 + self.x1) / 2.0, WIDTH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir, strings};

    #[test]
    fn estimates_with_intervals() {
        let dir = out_dir("interval");
        let names = strings(&["Tit For Tat", "Defector"]);
        let chart = IntervalChart {
            title: "Fixation probability",
            value_label: "Probability",
            category_label: "Strategy",
            names: &names,
            values: &[0.3, 0.7],
            intervals: &[(0.25, 0.35), (0.65, 0.75)],
            reference: Some(("neutral 1/N".into(), 0.5)),
        };
        draw_interval_chart(&dir.join("fix"), &chart).expect("interval chart");
        check_files(&dir.join("fix"), "Fixation probability");
    }
}
