//! Violin plot: the estimated density of each sample as a mirrored shape, one horizontal
//! violin per name (first at the top), with the median as a line, as axelrod's `sdvplot`
//! and `lengthplot` draw them.
//!
//! The density is a Gaussian kernel estimate with Scott's bandwidth (n^(-1/5) times the
//! sample standard deviation, ddof 1: matplotlib's `violinplot` default), evaluated at
//! 100 points between the sample's minimum and maximum and scaled so that every violin's
//! widest point fills the same share of its row. A sample without spread (all values
//! equal) is drawn as a short bar at its value.

use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::canvas::{Canvas, DrawResult, HAlign, Scene, Txt, VAlign, render};
use super::font::ensure_fonts;
use super::rows::Rows;
use super::scale::{all_integers, finite_min_max, padded_range};
use super::style::{MUTED, NOT_AVAILABLE, value_size};
use super::{ChartError, ViolinPlot, padded_names};

const FILL: RGBColor = RGBColor(158, 202, 225);
const EDGE: RGBColor = RGBColor(8, 81, 156);
const MEDIAN: RGBColor = RGBColor(217, 72, 1);
const POINTS: usize = 100;

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_violin_plot(stem: &Path, chart: &ViolinPlot) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    let n = chart.names.len().max(chart.samples.len());
    let names = padded_names(chart.names, n);
    let shapes: Vec<Option<Shape>> = (0..n)
        .map(|i| chart.samples.get(i).and_then(|s| Shape::new(s)))
        .collect();
    let (lo, hi) = finite_min_max(
        shapes
            .iter()
            .flatten()
            .flat_map(|s| [s.min, s.max].into_iter()),
    )
    .unwrap_or((0.0, 1.0));
    let (lo, hi) = padded_range(lo, hi, 0.05);
    let mut rows = Rows::new(chart.title, chart.value_label, chart.category_label, &names);
    rows.integers = all_integers(chart.samples.iter().flatten().copied());
    rows.set_range(lo, hi);
    render(stem, &ViolinScene { rows, shapes })
}

/// A sample's density outline: `(value, density / peak density)`.
struct Shape {
    min: f64,
    max: f64,
    median: f64,
    outline: Vec<(f64, f64)>,
}

impl Shape {
    fn new(sample: &[f64]) -> Option<Shape> {
        let mut v: Vec<f64> = sample.iter().copied().filter(|x| x.is_finite()).collect();
        v.sort_by(f64::total_cmp);
        let (&min, &max) = (v.first()?, v.last()?);
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            0.5 * (v[n / 2 - 1] + v[n / 2])
        };
        let points = weighted_points(&v);
        let outline = kernel_density(&v)
            .map(|bandwidth| {
                let densities: Vec<(f64, f64)> = (0..POINTS)
                    .map(|k| {
                        let x = min + (max - min) * k as f64 / (POINTS - 1) as f64;
                        let d: f64 = points
                            .iter()
                            .map(|&(s, w)| w * (-0.5 * ((x - s) / bandwidth).powi(2)).exp())
                            .sum();
                        (x, d)
                    })
                    .collect();
                let peak = densities.iter().map(|p| p.1).fold(0.0, f64::max);
                densities.into_iter().map(|(x, d)| (x, d / peak)).collect()
            })
            .unwrap_or_default();
        Some(Shape {
            min,
            max,
            median,
            outline,
        })
    }
}

/// Most kernel centres per violin: a larger sample is binned first (1000
/// bins between its extremes, each bin's count as the weight of its centre).
const MAX_CENTRES: usize = 1000;

fn weighted_points(sorted: &[f64]) -> Vec<(f64, f64)> {
    if sorted.len() <= MAX_CENTRES {
        return sorted.iter().map(|&x| (x, 1.0)).collect();
    }
    let (min, max) = (sorted[0], sorted[sorted.len() - 1]);
    let width = (max - min) / MAX_CENTRES as f64;
    let mut counts = vec![0.0; MAX_CENTRES];
    for &x in sorted {
        let k = (((x - min) / width) as usize).min(MAX_CENTRES - 1);
        counts[k] += 1.0;
    }
    counts
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0.0)
        .map(|(k, &c)| (min + (k as f64 + 0.5) * width, c))
        .collect()
}

/// Scott's bandwidth of a sorted sample, `None` without spread.
fn kernel_density(sorted: &[f64]) -> Option<f64> {
    let n = sorted.len();
    if n < 2 || sorted[0] == sorted[n - 1] {
        return None;
    }
    let mean = sorted.iter().sum::<f64>() / n as f64;
    let variance = sorted.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    Some(variance.sqrt() * (n as f64).powf(-0.2))
}

struct ViolinScene {
    rows: Rows,
    shapes: Vec<Option<Shape>>,
}

impl Scene for ViolinScene {
    fn size(&self) -> (u32, u32) {
        self.rows.size()
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let rows = &self.rows;
        rows.draw_background(c)?;
        let half = (0.42 * rows.pitch()).min(40.0);
        for (i, shape) in self.shapes.iter().enumerate() {
            let y = rows.row_center(i);
            let Some(s) = shape else {
                if i < rows.names.len() {
                    c.text(
                        NOT_AVAILABLE,
                        (rows.x0 + 8.0, y),
                        Txt::new(value_size(), HAlign::Left, VAlign::Middle).color(MUTED),
                    )?;
                }
                continue;
            };
            if s.outline.is_empty() {
                let x = rows.x(s.median);
                c.fill_rect(x - 2.0, y - half, x + 2.0, y + half, EDGE)?;
                continue;
            }
            let upper: Vec<(f64, f64)> = s
                .outline
                .iter()
                .map(|&(v, d)| (rows.x(v), y - d * half))
                .collect();
            let lower: Vec<(f64, f64)> = s
                .outline
                .iter()
                .rev()
                .map(|&(v, d)| (rows.x(v), y + d * half))
                .collect();
            let mut polygon = upper.clone();
            polygon.extend(&lower);
            c.fill_polygon(&polygon, FILL)?;
            let mut edge = polygon.clone();
            edge.push(polygon[0]);
            c.line(&edge, EDGE, 1)?;
            let med = rows.x(s.median);
            let width = density_at(&s.outline, s.median) * half;
            c.line(&[(med, y - width), (med, y + width)], MEDIAN, 3)?;
        }
        rows.draw_axes(c)
    }
}

/// The normalised density at `value`, interpolated linearly along the outline.
fn density_at(outline: &[(f64, f64)], value: f64) -> f64 {
    for pair in outline.windows(2) {
        let ((x0, d0), (x1, d1)) = (pair[0], pair[1]);
        if value >= x0 && value <= x1 {
            if x1 == x0 {
                return d0.max(d1);
            }
            return d0 + (value - x0) / (x1 - x0) * (d1 - d0);
        }
    }
    0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outline_peaks_at_the_mode_and_spans_the_sample() {
        let sample = [0.0, 1.0, 1.0, 1.0, 1.0, 2.0];
        let s = Shape::new(&sample).expect("shape");
        assert_eq!((s.min, s.max, s.median), (0.0, 2.0, 1.0));
        assert_eq!(s.outline.len(), POINTS);
        assert_eq!(s.outline.first().unwrap().0, 0.0);
        assert_eq!(s.outline.last().unwrap().0, 2.0);
        let peak = s.outline.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        assert!((peak.0 - 1.0).abs() < 0.02, "{peak:?}");
        assert_eq!(peak.1, 1.0);
        // Symmetric sample, symmetric outline.
        for k in 0..POINTS {
            let (a, b) = (s.outline[k].1, s.outline[POINTS - 1 - k].1);
            assert!((a - b).abs() < 1e-12);
        }
    }

    #[test]
    fn constant_and_empty_samples() {
        let s = Shape::new(&[3.0, 3.0, 3.0]).expect("shape");
        assert!(s.outline.is_empty());
        assert_eq!(s.median, 3.0);
        assert!(Shape::new(&[f64::NAN]).is_none());
        assert!(Shape::new(&[]).is_none());
    }

    #[test]
    fn scott_bandwidth() {
        // sd (ddof 1) of 1..=5 is sqrt(2.5); n^(-1/5) = 5^(-0.2).
        let h = kernel_density(&[1.0, 2.0, 3.0, 4.0, 5.0]).unwrap();
        assert!((h - 2.5f64.sqrt() * 5f64.powf(-0.2)).abs() < 1e-15);
    }
}
