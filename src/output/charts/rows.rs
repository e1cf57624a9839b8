//! The layout shared by the two horizontal category charts (box plot and bar chart):
//! names down the left side, first name at the top, value axis with nice ticks along the
//! bottom, alternating row bands, frame and title. The canvas grows taller with the number
//! of names instead of squeezing them.

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::canvas::{Canvas, DrawResult, HAlign, Txt, VAlign, canvas_size, draw_title};
use super::font::{fit_text, text_width};
use super::scale::{fmt_num, nice_ticks};
use super::style::{
    FRAME, MARGIN, MUTED, NO_DATA, TICK_LEN, TITLE_GAP, font_scale, label_size, max_name_width,
    tick_size, title_size,
};

const BASE_WIDTH: f64 = 1200.0;
const BASE_HEIGHT: f64 = 800.0;
const MIN_PLOT_WIDTH: f64 = 640.0;
const MIN_ROW_PITCH: f64 = 34.0;
const GRID: RGBColor = RGBColor(218, 218, 218);
const BAND: RGBColor = RGBColor(244, 245, 247);

/// Layout shared by the box plot and the bar chart: names down the left side, first name at
/// the top, value axis along the bottom.
pub(super) struct Rows {
    width: f64,
    height: f64,
    pub(super) x0: f64,
    pub(super) x1: f64,
    pub(super) y0: f64,
    pub(super) y1: f64,
    pub(super) lo: f64,
    pub(super) hi: f64,
    ticks: Vec<f64>,
    tick_decimals: usize,
    /// Whether the data are whole numbers (ticks then use whole-number steps).
    pub(super) integers: bool,
    pub(super) names: Vec<String>,
    title: String,
    value_label: String,
    category_label: String,
}

impl Rows {
    pub(super) fn new(
        title: &str,
        value_label: &str,
        category_label: &str,
        names: &[String],
    ) -> Self {
        let names: Vec<String> = names
            .iter()
            .map(|n| fit_text(n, tick_size(), false, max_name_width(names.len())))
            .collect();
        let names_w = names
            .iter()
            .map(|n| text_width(n, tick_size(), false))
            .fold(0.0, f64::max);
        let desc_w = if category_label.is_empty() {
            0.0
        } else {
            label_size() + 16.0
        };
        let x0 = MARGIN + desc_w + names_w + 10.0 + TICK_LEN;
        let right_pad = MARGIN + 26.0;
        let title_w = text_width(title, title_size(), true);
        let width = BASE_WIDTH
            .max(x0 + MIN_PLOT_WIDTH + right_pad)
            .max(title_w + 2.0 * MARGIN);

        let y0 = MARGIN + title_size() + TITLE_GAP;
        let bottom = Self::bottom_height(value_label);
        // Rows make room for larger text (font_size above the default).
        let pitch = MIN_ROW_PITCH * font_scale().max(1.0);
        let plot_h = (BASE_HEIGHT - y0 - bottom).max(names.len() as f64 * pitch);
        let height = y0 + plot_h + bottom;

        Self {
            width,
            height,
            x0,
            x1: width - right_pad,
            y0,
            y1: y0 + plot_h,
            lo: 0.0,
            hi: 1.0,
            ticks: Vec::new(),
            tick_decimals: 0,
            integers: false,
            names,
            title: title.to_string(),
            value_label: value_label.to_string(),
            category_label: category_label.to_string(),
        }
    }

    fn bottom_height(value_label: &str) -> f64 {
        let ticks = TICK_LEN + 8.0 + tick_size();
        let desc = if value_label.is_empty() {
            0.0
        } else {
            14.0 + label_size()
        };
        ticks + desc + MARGIN
    }

    pub(super) fn set_range(&mut self, lo: f64, hi: f64) {
        let (lo, hi) = if lo.is_finite() && hi.is_finite() && hi > lo {
            (lo, hi)
        } else {
            (0.0, 1.0)
        };
        self.lo = lo;
        self.hi = hi;
        let target = ((self.x1 - self.x0) / 120.0).clamp(3.0, 10.0) as usize;
        let (ticks, decimals) = nice_ticks(lo, hi, target, self.integers);
        self.ticks = ticks;
        self.tick_decimals = decimals;
    }

    pub(super) fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    pub(super) fn pitch(&self) -> f64 {
        (self.y1 - self.y0) / self.names.len().max(1) as f64
    }

    pub(super) fn row_center(&self, i: usize) -> f64 {
        self.y0 + (i as f64 + 0.5) * self.pitch()
    }

    /// Pixel column of value `v`, kept inside the frame (matters only for absurd ranges).
    pub(super) fn x(&self, v: f64) -> f64 {
        let x = self.x0 + (v - self.lo) / (self.hi - self.lo) * (self.x1 - self.x0);
        if x.is_nan() {
            self.x0
        } else {
            x.clamp(self.x0, self.x1)
        }
    }

    /// Row bands and grid lines, drawn below the data.
    pub(super) fn draw_background<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        if self.names.len() > 2 {
            for i in (1..self.names.len()).step_by(2) {
                let top = self.y0 + i as f64 * self.pitch();
                c.fill_rect(self.x0, top, self.x1, top + self.pitch(), BAND)?;
            }
        }
        for &t in &self.ticks {
            let x = self.x(t);
            c.line(&[(x, self.y0), (x, self.y1)], GRID, 1)?;
        }
        Ok(())
    }

    /// Frame, ticks, labels and title, drawn above the data.
    pub(super) fn draw_axes<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        c.stroke_rect((self.x0, self.y0), (self.x1, self.y1), FRAME, 1)?;

        let tick_txt = Txt::new(tick_size(), HAlign::Center, VAlign::Top);
        for &t in &self.ticks {
            let x = self.x(t);
            c.line(&[(x, self.y1), (x, self.y1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.tick_decimals),
                (x, self.y1 + TICK_LEN + 8.0),
                tick_txt,
            )?;
        }
        let desc_y = self.y1 + TICK_LEN + 8.0 + tick_size() + 14.0;
        c.text(
            &self.value_label,
            ((self.x0 + self.x1) / 2.0, desc_y),
            Txt::new(label_size(), HAlign::Center, VAlign::Top),
        )?;

        let name_txt = Txt::new(tick_size(), HAlign::Right, VAlign::Middle);
        for (i, name) in self.names.iter().enumerate() {
            let y = self.row_center(i);
            c.line(&[(self.x0 - TICK_LEN, y), (self.x0, y)], FRAME, 1)?;
            c.text(name, (self.x0 - TICK_LEN - 6.0, y), name_txt)?;
        }
        c.text(
            &self.category_label,
            (MARGIN, (self.y0 + self.y1) / 2.0),
            Txt::new(label_size(), HAlign::Center, VAlign::Top).up(),
        )?;

        if self.names.is_empty() {
            c.text(
                NO_DATA,
                ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0),
                Txt::new(label_size(), HAlign::Center, VAlign::Middle).color(MUTED),
            )?;
        }
        draw_title(c, &self.title, (self.x0 + self.x1) / 2.0, self.width)
    }
}
