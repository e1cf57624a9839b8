//! Bar chart: one horizontal bar per name starting at zero (negative values extend to
//! the left), the value written beside each bar and the value range widened until every
//! label fits inside the frame.

use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::canvas::{Canvas, DrawResult, HAlign, Scene, Txt, VAlign, render};
use super::font::{ensure_fonts, text_width};
use super::rows::Rows;
use super::scale::{all_integers, finite_min_max, fmt_num, value_decimals};
use super::style::{FRAME, MUTED, NOT_AVAILABLE, value_size};
use super::{BarChart, ChartError, padded_names};

const BAR_LABEL_GAP: f64 = 6.0;
const BAR_FILL: RGBColor = RGBColor(49, 114, 176);

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_bar_chart(stem: &Path, chart: &BarChart) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    let n = chart.names.len().max(chart.values.len());
    let names = padded_names(chart.names, n);
    let values: Vec<f64> = (0..n)
        .map(|i| chart.values.get(i).copied().unwrap_or(f64::NAN))
        .collect();
    let decimals = value_decimals(values.iter().copied());
    let labels: Vec<String> = values
        .iter()
        .map(|&v| {
            if v.is_finite() {
                fmt_num(v, decimals)
            } else {
                NOT_AVAILABLE.to_string()
            }
        })
        .collect();
    let mut rows = Rows::new(chart.title, chart.value_label, chart.category_label, &names);

    // Bars start at zero, so the range always contains it.
    let (mut lo, mut hi) = finite_min_max(values.iter().copied()).unwrap_or((0.0, 1.0));
    lo = lo.min(0.0);
    hi = hi.max(0.0);
    if hi - lo <= f64::EPSILON * hi.abs().max(lo.abs()).max(1.0) {
        hi = lo + 1.0;
    }
    // Widen the range until every value label fits beside its bar inside the frame.
    let plot_w = (rows.x1 - rows.x0).max(1.0);
    let (base_lo, base_hi) = (lo, hi);
    for _ in 0..8 {
        let per_px = (hi - lo) / plot_w;
        let (mut new_lo, mut new_hi) = (base_lo, base_hi);
        for (&v, label) in values.iter().zip(&labels) {
            let room = (BAR_LABEL_GAP + text_width(label, value_size(), false) + 6.0) * per_px;
            let v = if v.is_finite() { v } else { 0.0 };
            if v >= 0.0 {
                new_hi = new_hi.max(v + room);
            } else {
                new_lo = new_lo.min(v - room);
            }
        }
        lo = new_lo;
        hi = new_hi;
    }
    rows.integers = all_integers(values.iter().copied());
    rows.set_range(lo, hi);
    render(
        stem,
        &BarScene {
            rows,
            values,
            labels,
        },
    )
}

struct BarScene {
    rows: Rows,
    values: Vec<f64>,
    labels: Vec<String>,
}

impl Scene for BarScene {
    fn size(&self) -> (u32, u32) {
        self.rows.size()
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let rows = &self.rows;
        rows.draw_background(c)?;
        let half = (0.32 * rows.pitch()).min(26.0);
        let zero = rows.x(0.0);
        for (i, (&v, label)) in self.values.iter().zip(&self.labels).enumerate() {
            let y = rows.row_center(i);
            let txt = Txt::new(value_size(), HAlign::Left, VAlign::Middle);
            if !v.is_finite() {
                c.text(label, (zero + BAR_LABEL_GAP, y), txt.color(MUTED))?;
                continue;
            }
            let end = rows.x(v);
            c.fill_rect(zero.min(end), y - half, zero.max(end), y + half, BAR_FILL)?;
            if v >= 0.0 {
                c.text(label, (end + BAR_LABEL_GAP, y), txt)?;
            } else {
                let txt = Txt {
                    h: HAlign::Right,
                    ..txt
                };
                c.text(label, (end - BAR_LABEL_GAP, y), txt)?;
            }
        }
        if rows.lo < 0.0 && rows.hi > 0.0 {
            c.line(&[(zero, rows.y0), (zero, rows.y1)], FRAME, 1)?;
        }
        rows.draw_axes(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir};

    #[test]
    fn absurdly_long_names_are_shortened() {
        let dir = out_dir("long");
        let long = "Very Long Strategy Name ".repeat(8);
        let names = vec![long.clone(), "<Short & sweet>".to_string()];
        let chart = BarChart {
            title: "Long names",
            value_label: "Value",
            category_label: "Strategy",
            names: &names,
            values: &[1.25, 2.5],
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "Long names");
        let svg = std::fs::read_to_string(dir.join("bar.svg")).expect("svg");
        assert!(svg.contains('\u{2026}'), "long name not shortened");
        assert!(svg.contains("&lt;Short &amp; sweet&gt;"));
        let (w, _) = chart_size_of(&dir.join("bar.png"));
        assert!(w <= 1600, "canvas grew too wide: {w}");
    }

    fn chart_size_of(png: &Path) -> (u32, u32) {
        let bytes = std::fs::read(png).expect("png");
        let be = |at: usize| {
            u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
        };
        (be(16), be(20))
    }
}
