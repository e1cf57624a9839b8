//! Box-and-whisker plot: Tukey statistics of each sample (quartiles interpolated
//! linearly, whiskers at 1.5 IQR, outliers as open circles), one horizontal box per name.

use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::canvas::{Canvas, DrawResult, HAlign, Scene, Txt, VAlign, render};
use super::font::ensure_fonts;
use super::rows::Rows;
use super::scale::{all_integers, finite_min_max, padded_range};
use super::style::{MUTED, NOT_AVAILABLE, value_size};
use super::{BoxPlot, ChartError, padded_names};

const BOX_FILL: RGBColor = RGBColor(158, 202, 225);
const BOX_EDGE: RGBColor = RGBColor(8, 81, 156);
const MEDIAN: RGBColor = RGBColor(217, 72, 1);

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_box_plot(stem: &Path, chart: &BoxPlot) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    let n = chart.names.len().max(chart.samples.len());
    let names = padded_names(chart.names, n);
    let stats: Vec<Option<BoxStats>> = (0..n)
        .map(|i| chart.samples.get(i).and_then(|s| BoxStats::new(s)))
        .collect();
    let (lo, hi) = finite_min_max(
        stats
            .iter()
            .flatten()
            .flat_map(|s| [s.min, s.max].into_iter()),
    )
    .unwrap_or((0.0, 1.0));
    let (lo, hi) = padded_range(lo, hi, 0.05);
    let mut rows = Rows::new(chart.title, chart.value_label, chart.category_label, &names);
    rows.integers = all_integers(chart.samples.iter().flatten().copied());
    rows.set_range(lo, hi);
    render(stem, &BoxScene { rows, stats })
}

struct BoxStats {
    min: f64,
    max: f64,
    q1: f64,
    median: f64,
    q3: f64,
    whisker_lo: f64,
    whisker_hi: f64,
    outliers: Vec<f64>,
}

impl BoxStats {
    /// Tukey box statistics of the finite observations, quartiles interpolated linearly.
    fn new(sample: &[f64]) -> Option<Self> {
        let mut v: Vec<f64> = sample.iter().copied().filter(|x| x.is_finite()).collect();
        v.sort_by(f64::total_cmp);
        let (&min, &max) = (v.first()?, v.last()?);
        let quantile = |p: f64| {
            let h = (v.len() - 1) as f64 * p;
            let i = h.floor() as usize;
            let below = v.get(i).copied().unwrap_or(max);
            let above = v.get(i + 1).copied().unwrap_or(below);
            below + (h - i as f64) * (above - below)
        };
        let (q1, median, q3) = (quantile(0.25), quantile(0.5), quantile(0.75));
        let iqr = q3 - q1;
        let (fence_lo, fence_hi) = (q1 - 1.5 * iqr, q3 + 1.5 * iqr);
        let whisker_lo = v
            .iter()
            .copied()
            .find(|&x| x >= fence_lo)
            .unwrap_or(min)
            .min(q1);
        let whisker_hi = v
            .iter()
            .rev()
            .copied()
            .find(|&x| x <= fence_hi)
            .unwrap_or(max)
            .max(q3);
        let outliers = v
            .iter()
            .copied()
            .filter(|&x| x < whisker_lo || x > whisker_hi)
            .collect();
        Some(Self {
            min,
            max,
            q1,
            median,
            q3,
            whisker_lo,
            whisker_hi,
            outliers,
        })
    }
}

struct BoxScene {
    rows: Rows,
    stats: Vec<Option<BoxStats>>,
}

impl Scene for BoxScene {
    fn size(&self) -> (u32, u32) {
        self.rows.size()
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let rows = &self.rows;
        rows.draw_background(c)?;
        let half = (0.3 * rows.pitch()).min(28.0);
        for (i, stats) in self.stats.iter().enumerate() {
            let y = rows.row_center(i);
            let Some(s) = stats else {
                if i < rows.names.len() {
                    c.text(
                        NOT_AVAILABLE,
                        (rows.x0 + 8.0, y),
                        Txt::new(value_size(), HAlign::Left, VAlign::Middle).color(MUTED),
                    )?;
                }
                continue;
            };
            let cap = 0.5 * half;
            let (wl, q1, med, q3, wh) = (
                rows.x(s.whisker_lo),
                rows.x(s.q1),
                rows.x(s.median),
                rows.x(s.q3),
                rows.x(s.whisker_hi),
            );
            c.line(&[(wl, y), (q1, y)], BOX_EDGE, 2)?;
            c.line(&[(q3, y), (wh, y)], BOX_EDGE, 2)?;
            c.line(&[(wl, y - cap), (wl, y + cap)], BOX_EDGE, 2)?;
            c.line(&[(wh, y - cap), (wh, y + cap)], BOX_EDGE, 2)?;
            c.fill_rect(q1, y - half, q3.max(q1 + 1.0), y + half, BOX_FILL)?;
            c.stroke_rect((q1, y - half), (q3, y + half), BOX_EDGE, 2)?;
            c.line(&[(med, y - half), (med, y + half)], MEDIAN, 3)?;
            for &o in &s.outliers {
                c.circle((rows.x(o), y), 4, BOX_EDGE, 1)?;
            }
        }
        rows.draw_axes(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_stats() {
        let s = BoxStats::new(&[1.0, 2.0, 3.0, 4.0, 100.0]).expect("stats");
        assert_eq!((s.q1, s.median, s.q3), (2.0, 3.0, 4.0));
        assert_eq!(s.whisker_hi, 4.0);
        assert_eq!(s.outliers, vec![100.0]);
        assert!(BoxStats::new(&[f64::NAN]).is_none());
    }
}
