//! Region band: a parameter axis cut into intervals, each filled with the colour of
//! its category (e.g. the equilibrium that holds there), with the boundaries marked by
//! vertical lines labelled with their exact values (staggered on two rows when they
//! would overlap), the category written inside an interval when it fits, a legend of
//! the categories in words and optional notes (e.g. what holds exactly at a boundary).

use std::path::Path;

use plotters::prelude::DrawingBackend;

use super::canvas::{
    Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title, render,
};
use super::font::{ensure_fonts, fit_text, text_width};
use super::legend::{draw_swatch_column, legend_size};
use super::palette::category_colour;
use super::scale::{contrasting_text, fmt_num, nice_ticks};
use super::style::{
    BLACK, FRAME, MARGIN, MUTED, TICK_LEN, TITLE_GAP, font_scale, label_size, tick_size, title_size,
};
use super::{ChartError, RegionBand};

const WIDTH: f64 = 1200.0;
const BAND: f64 = 96.0;
fn note_size() -> f64 {
    15.0 * font_scale()
}
const ROW_GAP: f64 = 10.0;

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_region_band(stem: &Path, chart: &RegionBand) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(stem, &BandScene::new(chart))
}

struct BandScene<'a> {
    chart: &'a RegionBand<'a>,
    lo: f64,
    hi: f64,
    x0: f64,
    x1: f64,
    /// Top of the band.
    y0: f64,
    /// Label row (0 or 1) of each boundary.
    rows: Vec<usize>,
    ticks: Vec<f64>,
    dec: usize,
    legend_y: f64,
    height: f64,
}

impl<'a> BandScene<'a> {
    fn new(chart: &'a RegionBand<'a>) -> Self {
        let (mut lo, mut hi) = chart.range;
        if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
            (lo, hi) = (0.0, 1.0);
        }
        let x0 = MARGIN + 24.0;
        let x1 = WIDTH - MARGIN - 24.0;
        let px = |v: f64| x0 + (v - lo) / (hi - lo) * (x1 - x0);
        // Stagger boundary labels: a label goes to the second row when it would
        // touch the previous label on the first row.
        let mut rows = Vec::new();
        let mut right_end = [f64::NEG_INFINITY; 2];
        for (v, label) in chart.boundaries {
            let half = text_width(label, tick_size(), false) / 2.0;
            let x = px(*v);
            let row = if x - half > right_end[0] + 8.0 {
                0
            } else if x - half > right_end[1] + 8.0 {
                1
            } else {
                usize::from(right_end[1] < right_end[0])
            };
            right_end[row] = x + half;
            rows.push(row);
        }
        let label_rows = if rows.contains(&1) { 2.0 } else { 1.0 };
        let y0 = MARGIN
            + title_size()
            + TITLE_GAP
            + label_rows * (tick_size() + ROW_GAP)
            + TICK_LEN
            + 4.0;
        let (ticks, dec) = nice_ticks(lo, hi, 8, false);
        let legend_y = y0 + BAND + TICK_LEN + 8.0 + tick_size() + 14.0 + label_size() + 24.0;
        let height = legend_y
            + chart.categories.len() as f64 * (legend_size() + ROW_GAP)
            + if chart.notes.is_empty() { 0.0 } else { 12.0 }
            + chart.notes.len() as f64 * (note_size() + 8.0)
            + MARGIN;
        BandScene {
            chart,
            lo,
            hi,
            x0,
            x1,
            y0,
            rows,
            ticks,
            dec,
            legend_y,
            height,
        }
    }

    fn px(&self, v: f64) -> f64 {
        let v = if v.is_finite() { v } else { self.lo };
        self.x0 + (v.clamp(self.lo, self.hi) - self.lo) / (self.hi - self.lo) * (self.x1 - self.x0)
    }
}

impl Scene for BandScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(WIDTH, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let k = self.chart.categories.len();
        let y1 = self.y0 + BAND;
        for &(a, b, cat) in self.chart.intervals {
            let (xa, xb) = (self.px(a), self.px(b));
            let colour = category_colour(cat, k);
            c.fill_rect(xa, self.y0, xb, y1, colour)?;
            if let Some(name) = self.chart.categories.get(cat) {
                let room = xb - xa - 12.0;
                if room > 40.0 {
                    let text = fit_text(name, tick_size(), false, room);
                    if !text.starts_with('…') {
                        c.text(
                            &text,
                            ((xa + xb) / 2.0, (self.y0 + y1) / 2.0),
                            Txt::new(tick_size(), HAlign::Center, VAlign::Middle)
                                .color(contrasting_text(colour)),
                        )?;
                    }
                }
            }
        }
        c.stroke_rect((self.x0, self.y0), (self.x1, y1), FRAME, 1)?;
        for ((v, label), &row) in self.chart.boundaries.iter().zip(&self.rows) {
            let x = self.px(*v);
            let top = MARGIN + title_size() + TITLE_GAP + row as f64 * (tick_size() + ROW_GAP);
            c.line(&[(x, top + tick_size() + 4.0), (x, y1)], BLACK, 2)?;
            c.text(
                label,
                (x, top),
                Txt::new(tick_size(), HAlign::Center, VAlign::Top).bold(),
            )?;
        }
        for &t in &self.ticks {
            let x = self.px(t);
            c.line(&[(x, y1), (x, y1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.dec),
                (x, y1 + TICK_LEN + 8.0),
                Txt::new(tick_size(), HAlign::Center, VAlign::Top),
            )?;
        }
        c.text(
            self.chart.x_label,
            (
                (self.x0 + self.x1) / 2.0,
                y1 + TICK_LEN + 8.0 + tick_size() + 14.0,
            ),
            Txt::new(label_size(), HAlign::Center, VAlign::Top),
        )?;
        let categories = self.chart.categories;
        draw_swatch_column(c, categories, k, (self.x0, self.legend_y), 28.0, 38.0)?;
        let notes_y = self.legend_y + k as f64 * (legend_size() + ROW_GAP) + 12.0;
        for (i, note) in self.chart.notes.iter().enumerate() {
            c.text(
                &fit_text(note, note_size(), false, self.x1 - self.x0),
                (self.x0, notes_y + i as f64 * (note_size() + 8.0)),
                Txt::new(note_size(), HAlign::Left, VAlign::Top).color(MUTED),
            )?;
        }
        draw_title(c, self.chart.title, (self.x0 + self.x1) / 2.0, WIDTH)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::canvas::with_suffix;
    use crate::output::charts::test_support::{check_files, out_dir, strings};

    #[test]
    fn band_with_close_boundaries() {
        let dir = out_dir("region_band");
        let names = strings(&[
            "Big waits, small presses",
            "Both press",
            "Big presses, small waits",
        ]);
        let boundaries = vec![
            (0.5, "1/2".to_string()),
            (0.51, "51/100".to_string()),
            (0.75, "3/4".to_string()),
        ];
        let notes = strings(&["at 1/2: a continuum of equilibria"]);
        let chart = RegionBand {
            title: "Boxed pigs: which equilibrium holds where",
            x_label: "both_press",
            range: (0.0, 1.0),
            intervals: &[
                (0.0, 0.5, 0),
                (0.5, 0.51, 1),
                (0.51, 0.75, 1),
                (0.75, 1.0, 2),
            ],
            categories: &names,
            boundaries: &boundaries,
            notes: &notes,
        };
        draw_region_band(&dir.join("band"), &chart).expect("band");
        check_files(
            &dir.join("band"),
            "Boxed pigs: which equilibrium holds where",
        );
        let svg = std::fs::read_to_string(with_suffix(&dir.join("band"), "svg")).unwrap();
        assert!(svg.contains("51/100") && svg.contains("Both press"));
        // Empty and degenerate input does not panic.
        let empty = RegionBand {
            title: "Empty",
            x_label: "",
            range: (1.0, 1.0),
            intervals: &[],
            categories: &[],
            boundaries: &[],
            notes: &[],
        };
        draw_region_band(&dir.join("empty"), &empty).expect("empty band");
    }
}
