//! Publication-quality charts of tournament results, written as both PNG and SVG.
//!
//! The module is deliberately "pure data in, files out": every `draw_*` function takes
//! plain names and numbers (no tournament types) and writes `<stem>.png` and `<stem>.svg`
//! next to each other. Three chart kinds are offered:
//!
//! * [`draw_box_plot`]: distribution of a score per strategy (one box per strategy),
//! * [`draw_heat_map`]: a pairwise matrix (e.g. mean payoff of row strategy against column
//!   strategy) with a viridis colour scale and colour bar,
//! * [`draw_bar_chart`]: one number per strategy (e.g. number of wins).
//!
//! Box plots and bar charts are laid out horizontally: strategy names are written on the
//! y axis, first name at the top, so long names such as "First by Tideman and Chieruzzi:
//! (D, D)" stay readable and the canvas simply grows taller with the number of strategies.
//!
//! All text uses DejaVu Sans, embedded in the binary and registered with plotters under the
//! family name `"sans-serif"`; no system font is ever looked up. Layout depends only on the
//! input data, so the same data always produces byte-identical files.
//!
//! Edge cases never panic: empty input draws an empty frame with the title and a "no data"
//! note, non-finite values (NaN, ±inf) are skipped (marked "n/a" in bar charts and box
//! plots, light grey cells in heat maps), a zero value range is widened artificially, and
//! negative values are supported.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::prelude::{
    BitMapBackend, Circle, DrawingArea, DrawingBackend, IntoDrawingArea, PathElement, Rectangle,
    SVGBackend,
};
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{
    Color, FontDesc, FontFamily, FontStyle, FontTransform, RGBColor, ShapeStyle, TextStyle,
    register_font,
};

/// Error raised when a chart cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// The directory that should contain the chart files could not be created.
    #[error("cannot create directory {path} for chart files: {source}")]
    CreateDir {
        /// Directory that could not be created.
        path: PathBuf,
        /// Underlying I/O error.
        #[source]
        source: std::io::Error,
    },
    /// Drawing or writing one of the chart files failed.
    #[error("failed to draw chart {path}: {message}")]
    Draw {
        /// File that was being written.
        path: PathBuf,
        /// Message reported by the drawing backend.
        message: String,
    },
}

/// Box-and-whisker plot, one box per named sample, drawn in the order given (the caller
/// passes them already ranked best first; the first one is drawn at the top).
///
/// Boxes span the quartiles, the thick line is the median, whiskers reach the most extreme
/// observation within 1.5 IQR of the box and points beyond are drawn as open circles.
/// Non-finite observations are ignored.
pub struct BoxPlot<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value (horizontal) axis.
    pub value_label: &'a str,
    /// Label of the category (vertical) axis.
    pub category_label: &'a str,
    /// One name per box.
    pub names: &'a [String],
    /// One sample per name.
    pub samples: &'a [Vec<f64>],
}

/// Heat map of a square or rectangular matrix with row names on the y axis and column names
/// on the x axis, a colour bar legend with its label, and the numeric value written in each
/// cell when the matrix is small enough to read (at most 20x20).
///
/// Row 0 is drawn at the top. Non-finite cells are drawn in light grey without a value.
/// Ragged input is tolerated: missing cells count as non-finite.
pub struct HeatMap<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the row (vertical) axis.
    pub row_label: &'a str,
    /// Label of the column (horizontal) axis.
    pub col_label: &'a str,
    /// Label of the colour bar.
    pub value_label: &'a str,
    /// One name per row.
    pub row_names: &'a [String],
    /// One name per column.
    pub col_names: &'a [String],
    /// `values[row][col]`.
    pub values: &'a [Vec<f64>],
}

/// Bar chart, one bar per name in the order given (first one at the top), with the value
/// written at the end of each bar.
///
/// Bars are horizontal (names on the y axis) so that long names stay legible; they start
/// at zero, so negative values extend to the left. Non-finite values get no bar and are
/// marked "n/a".
pub struct BarChart<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value (horizontal) axis.
    pub value_label: &'a str,
    /// Label of the category (vertical) axis.
    pub category_label: &'a str,
    /// One name per bar.
    pub names: &'a [String],
    /// One value per name.
    pub values: &'a [f64],
}

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

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_heat_map(stem: &Path, chart: &HeatMap) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(stem, &HeatScene::new(chart))
}

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
            let room = (BAR_LABEL_GAP + text_width(label, VALUE_SIZE, false) + 6.0) * per_px;
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

// ---------------------------------------------------------------------------------------
// Style constants
// ---------------------------------------------------------------------------------------

static FONT_REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static FONT_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
const FAMILY: &str = "sans-serif";
/// DejaVu Sans: (hhea ascent - descent) / units per em = (1901 + 483) / 2048.
const DEJAVU_HEIGHT_PER_EM: f64 = 2384.0 / 2048.0;
/// DejaVu Sans: cap height / units per em = 1493 / 2048.
const DEJAVU_CAP_PER_EM: f64 = 1493.0 / 2048.0;

const MARGIN: f64 = 24.0;
const TITLE_SIZE: f64 = 28.0;
const LABEL_SIZE: f64 = 20.0;
const TICK_SIZE: f64 = 16.0;
const VALUE_SIZE: f64 = 15.0;
/// Space between the bottom of the title and the top of the plot.
const TITLE_GAP: f64 = 22.0;
const TICK_LEN: f64 = 6.0;
const BASE_WIDTH: f64 = 1200.0;
const BASE_HEIGHT: f64 = 800.0;
const MIN_PLOT_WIDTH: f64 = 640.0;
const MIN_ROW_PITCH: f64 = 34.0;
const MAX_NAME_WIDTH: f64 = 560.0;
const BAR_LABEL_GAP: f64 = 6.0;
/// Cell values are written only when neither matrix dimension exceeds this.
const HEATMAP_VALUE_LIMIT: usize = 20;
const NOT_AVAILABLE: &str = "n/a";
const NO_DATA: &str = "no data";

const WHITE: RGBColor = RGBColor(255, 255, 255);
const BLACK: RGBColor = RGBColor(0, 0, 0);
const TEXT: RGBColor = RGBColor(25, 25, 25);
const MUTED: RGBColor = RGBColor(120, 120, 120);
const FRAME: RGBColor = RGBColor(60, 60, 60);
const GRID: RGBColor = RGBColor(218, 218, 218);
const BAND: RGBColor = RGBColor(244, 245, 247);
const BOX_FILL: RGBColor = RGBColor(158, 202, 225);
const BOX_EDGE: RGBColor = RGBColor(8, 81, 156);
const MEDIAN: RGBColor = RGBColor(217, 72, 1);
const BAR_FILL: RGBColor = RGBColor(49, 114, 176);
const MISSING_CELL: RGBColor = RGBColor(212, 212, 212);

// ---------------------------------------------------------------------------------------
// Fonts and text metrics
// ---------------------------------------------------------------------------------------

fn ensure_fonts(stem: &Path) -> Result<(), ChartError> {
    static REGISTERED: OnceLock<Result<(), String>> = OnceLock::new();
    REGISTERED
        .get_or_init(|| {
            register_font(FAMILY, FontStyle::Normal, FONT_REGULAR)
                .map_err(|_| "embedded DejaVu Sans font is invalid".to_string())?;
            register_font(FAMILY, FontStyle::Bold, FONT_BOLD)
                .map_err(|_| "embedded DejaVu Sans Bold font is invalid".to_string())
        })
        .clone()
        .map_err(|message| ChartError::Draw {
            path: stem.to_path_buf(),
            message,
        })
}

fn font_desc(size: f64, bold: bool) -> FontDesc<'static> {
    let style = if bold {
        FontStyle::Bold
    } else {
        FontStyle::Normal
    };
    FontDesc::new(FontFamily::Name(FAMILY), size, style)
}

/// Horizontal metrics read straight from the embedded TrueType file.
///
/// plotters' ab_glyph renderer places every glyph at its pen position without its left
/// side bearing, which makes PNG text look badly spaced ("Ti t", "0. 5"). With these
/// metrics the PNG text is drawn glyph by glyph at the right positions instead.
struct FontMetrics {
    data: &'static [u8],
    /// Font units per unit of plotters font size (ab_glyph scales ascent - descent to it).
    height_units: f64,
    num_h_metrics: usize,
    hmtx: usize,
    cmap4: usize,
    /// Format 12 cmap subtable (characters outside the Basic Multilingual Plane), if any.
    cmap12: Option<usize>,
    /// Offset of the first pair of a format 0 `kern` subtable, and the number of pairs.
    kern: Option<(usize, usize)>,
}

impl FontMetrics {
    fn get(bold: bool) -> Option<&'static FontMetrics> {
        static REGULAR: OnceLock<Option<FontMetrics>> = OnceLock::new();
        static BOLD: OnceLock<Option<FontMetrics>> = OnceLock::new();
        if bold {
            BOLD.get_or_init(|| Self::parse(FONT_BOLD)).as_ref()
        } else {
            REGULAR.get_or_init(|| Self::parse(FONT_REGULAR)).as_ref()
        }
    }

    fn u16_at(data: &[u8], at: usize) -> Option<u16> {
        Some(u16::from_be_bytes([*data.get(at)?, *data.get(at + 1)?]))
    }

    fn u32_at(data: &[u8], at: usize) -> Option<u32> {
        Some(u32::from_be_bytes([
            *data.get(at)?,
            *data.get(at + 1)?,
            *data.get(at + 2)?,
            *data.get(at + 3)?,
        ]))
    }

    fn parse(data: &'static [u8]) -> Option<Self> {
        let num_tables = usize::from(Self::u16_at(data, 4)?);
        let table = |tag: &[u8; 4]| {
            (0..num_tables).find_map(|i| {
                let rec = 12 + 16 * i;
                (data.get(rec..rec + 4)? == tag)
                    .then(|| Self::u32_at(data, rec + 8))
                    .flatten()
                    .map(|off| off as usize)
            })
        };
        let hhea = table(b"hhea")?;
        let ascent = Self::u16_at(data, hhea + 4)? as i16;
        let descent = Self::u16_at(data, hhea + 6)? as i16;
        let num_h_metrics = usize::from(Self::u16_at(data, hhea + 34)?);
        let hmtx = table(b"hmtx")?;
        let height_units = f64::from(ascent) - f64::from(descent);

        let cmap = table(b"cmap")?;
        let subtables = usize::from(Self::u16_at(data, cmap + 2)?);
        let find_cmap = |format: u16| {
            (0..subtables).find_map(|i| {
                let rec = cmap + 4 + 8 * i;
                let platform = Self::u16_at(data, rec)?;
                let encoding = Self::u16_at(data, rec + 2)?;
                let sub = cmap + Self::u32_at(data, rec + 4)? as usize;
                let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
                (unicode && Self::u16_at(data, sub)? == format).then_some(sub)
            })
        };
        let cmap4 = find_cmap(4)?;
        let cmap12 = find_cmap(12);

        let kern = table(b"kern").and_then(|kern| {
            // Version 0 header, first subtable must be horizontal format 0.
            let coverage = Self::u16_at(data, kern + 8)?;
            if Self::u16_at(data, kern)? != 0 || coverage >> 8 != 0 || coverage & 1 == 0 {
                return None;
            }
            let pairs = usize::from(Self::u16_at(data, kern + 10)?);
            Some((kern + 18, pairs))
        });
        (height_units > 0.0).then_some(Self {
            data,
            height_units,
            num_h_metrics,
            hmtx,
            cmap4,
            cmap12,
            kern,
        })
    }

    fn glyph(&self, c: char) -> u16 {
        let code = u32::from(c);
        if code > 0xFFFF {
            return self.glyph12(code).unwrap_or(0);
        }
        let code = code as u16;
        let (data, sub) = (self.data, self.cmap4);
        let lookup = || -> Option<u16> {
            let seg_count = usize::from(Self::u16_at(data, sub + 6)? / 2);
            let ends = sub + 14;
            let starts = ends + 2 * seg_count + 2;
            let deltas = starts + 2 * seg_count;
            let range_offsets = deltas + 2 * seg_count;
            let (mut lo, mut hi) = (0, seg_count);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if Self::u16_at(data, ends + 2 * mid)? < code {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            let start = Self::u16_at(data, starts + 2 * lo)?;
            if start > code {
                return Some(0);
            }
            let delta = Self::u16_at(data, deltas + 2 * lo)?;
            let at = range_offsets + 2 * lo;
            let range_offset = usize::from(Self::u16_at(data, at)?);
            if range_offset == 0 {
                return Some(code.wrapping_add(delta));
            }
            let gid = Self::u16_at(data, at + range_offset + 2 * usize::from(code - start))?;
            Some(if gid == 0 { 0 } else { gid.wrapping_add(delta) })
        };
        lookup().unwrap_or(0)
    }

    fn glyph12(&self, code: u32) -> Option<u16> {
        let sub = self.cmap12?;
        let groups = Self::u32_at(self.data, sub + 12)? as usize;
        let (mut lo, mut hi) = (0, groups);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let group = sub + 16 + 12 * mid;
            let (first, last) = (
                Self::u32_at(self.data, group)?,
                Self::u32_at(self.data, group + 4)?,
            );
            if last < code {
                lo = mid + 1;
            } else if first > code {
                hi = mid;
            } else {
                let glyph = Self::u32_at(self.data, group + 8)?.checked_add(code - first)?;
                return u16::try_from(glyph).ok();
            }
        }
        None
    }

    /// Advance width and left side bearing in font units.
    fn h_metrics(&self, glyph: u16) -> (f64, f64) {
        let g = usize::from(glyph);
        let last = self.num_h_metrics.saturating_sub(1);
        let advance = Self::u16_at(self.data, self.hmtx + 4 * g.min(last)).unwrap_or(0);
        let lsb_at = if g < self.num_h_metrics {
            self.hmtx + 4 * g + 2
        } else {
            self.hmtx + 4 * self.num_h_metrics + 2 * (g - self.num_h_metrics)
        };
        let lsb = Self::u16_at(self.data, lsb_at).unwrap_or(0) as i16;
        (f64::from(advance), f64::from(lsb))
    }

    fn kerning(&self, left: u16, right: u16) -> f64 {
        let Some((pairs, count)) = self.kern else {
            return 0.0;
        };
        let key = (u32::from(left) << 16) | u32::from(right);
        let (mut lo, mut hi) = (0, count);
        while lo < hi {
            let mid = (lo + hi) / 2;
            let Some(k) = Self::u32_at(self.data, pairs + 6 * mid) else {
                return 0.0;
            };
            match k.cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    let v = Self::u16_at(self.data, pairs + 6 * mid + 4).unwrap_or(0) as i16;
                    return f64::from(v);
                }
            }
        }
        0.0
    }

    /// Pen position and left side bearing (pixels) of every character, and the total width.
    fn layout(&self, text: &str, size: f64) -> (Vec<(char, f64, f64)>, f64) {
        let scale = size / self.height_units;
        let mut pen = 0.0;
        let mut prev = None;
        let mut glyphs = Vec::with_capacity(text.len());
        for c in text.chars() {
            let g = self.glyph(c);
            if let Some(p) = prev {
                pen += self.kerning(p, g) * scale;
            }
            let (advance, lsb) = self.h_metrics(g);
            glyphs.push((c, pen, lsb * scale));
            pen += advance * scale;
            prev = Some(g);
        }
        (glyphs, pen)
    }
}

/// Width in pixels of `text` (as rendered in the PNG; SVG viewers are close to it).
fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    if let Some(metrics) = FontMetrics::get(bold) {
        return metrics.layout(text, size).1;
    }
    match font_desc(size, bold).box_size(text) {
        Ok((w, _)) => f64::from(w),
        Err(_) => 0.6 * size * text.chars().count() as f64,
    }
}

/// Returns `text`, shortened with an ellipsis if it is wider than `max_width`.
fn fit_text(text: &str, size: f64, bold: bool, max_width: f64) -> String {
    if text_width(text, size, bold) <= max_width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut keep = chars.len();
    while keep > 0 {
        keep -= 1;
        let head: String = chars[..keep].iter().collect();
        let candidate = format!("{}…", head.trim_end());
        if text_width(&candidate, size, bold) <= max_width {
            return candidate;
        }
    }
    "…".to_string()
}

fn padded_names(names: &[String], n: usize) -> Vec<String> {
    (0..n)
        .map(|i| names.get(i).cloned().unwrap_or_default())
        .collect()
}

// ---------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------

fn finite_min_max(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

/// Widens `[lo, hi]` by `frac` of its span on both sides (or artificially if it is empty).
fn padded_range(lo: f64, hi: f64, frac: f64) -> (f64, f64) {
    let span = hi - lo;
    if span.is_finite() && span > f64::EPSILON * lo.abs().max(hi.abs()).max(1.0) {
        (lo - frac * span, hi + frac * span)
    } else {
        let pad = (lo.abs() * 0.1).max(0.5);
        (lo - pad, lo + pad)
    }
}

fn all_integers(values: impl Iterator<Item = f64>) -> bool {
    values.filter(|v| v.is_finite()).all(|v| v.fract() == 0.0)
}

/// Number of decimals used to print data values.
fn value_decimals(values: impl Iterator<Item = f64>) -> usize {
    let finite: Vec<f64> = values.filter(|v| v.is_finite()).collect();
    if all_integers(finite.iter().copied()) {
        return 0;
    }
    let max_abs = finite.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    if max_abs >= 1000.0 {
        0
    } else if max_abs >= 100.0 {
        1
    } else if max_abs >= 1.0 {
        2
    } else {
        3
    }
}

/// Formats a number with a typographic minus sign and without "-0".
fn fmt_num(v: f64, decimals: usize) -> String {
    let s = if v.abs() >= 1e7 {
        format!("{v:.2e}")
    } else {
        format!("{v:.decimals$}")
    };
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        Some(rest) => format!("\u{2212}{rest}"),
        None => s,
    }
}

/// "Nice" tick positions (multiples of 1, 2, 2.5 or 5 times a power of ten) inside
/// `[lo, hi]`, as close as possible to `target` ticks, plus the decimals needed to print them.
/// With `integers`, only whole-number steps are used (for counts such as wins).
fn nice_ticks(lo: f64, hi: f64, target: usize, integers: bool) -> (Vec<f64>, usize) {
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
        return (Vec::new(), 0);
    }
    let target = target.max(2) as f64;
    let base = ((hi - lo) / target).log10().floor();
    let mut best: Option<(f64, f64, f64, f64)> = None;
    for exponent in [base - 1.0, base, base + 1.0] {
        for (mult, extra) in [(1.0, 0.0), (2.0, 0.0), (2.5, 1.0), (5.0, 0.0)] {
            let step = mult * 10f64.powf(exponent);
            if !(step.is_finite() && step > 0.0) || (integers && step.fract() != 0.0) {
                continue;
            }
            let first = (lo / step - 1e-9).ceil();
            let count = (hi / step + 1e-9).floor() - first + 1.0;
            if !(2.0..=1000.0).contains(&count) {
                continue;
            }
            // Steps of 2.5 need an extra decimal, so only use them when clearly better;
            // on a tie the larger step (fewer ticks) wins.
            let score = (count - target).abs() + extra;
            if best.is_none_or(|(b, ..)| score <= b) {
                best = Some((score, step, first, extra - exponent));
            }
        }
    }
    let Some((_, step, first, decimals)) = best else {
        return if integers {
            nice_ticks(lo, hi, target as usize, false)
        } else {
            (Vec::new(), 0)
        };
    };
    let ticks = (0..1001)
        .map(|k| (first + f64::from(k)) * step)
        .take_while(|&t| t <= hi + step * 1e-6)
        .collect();
    (ticks, decimals.clamp(0.0, 12.0) as usize)
}

/// Viridis colour map (matplotlib), sampled at 11 points and interpolated linearly.
fn viridis(t: f64) -> RGBColor {
    const STOPS: [(u8, u8, u8); 11] = [
        (0x44, 0x01, 0x54),
        (0x48, 0x25, 0x76),
        (0x41, 0x44, 0x87),
        (0x35, 0x60, 0x8d),
        (0x2a, 0x78, 0x8e),
        (0x21, 0x90, 0x8c),
        (0x22, 0xa8, 0x84),
        (0x43, 0xbf, 0x71),
        (0x7a, 0xd1, 0x51),
        (0xbb, 0xdf, 0x27),
        (0xfd, 0xe7, 0x25),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let pos = t * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let f = pos - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: u8, y: u8| (f64::from(x) + f * (f64::from(y) - f64::from(x))).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Black or white, whichever contrasts more with `bg` (WCAG relative luminance).
fn contrasting_text(bg: RGBColor) -> RGBColor {
    let lin = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let l = 0.2126 * lin(bg.0) + 0.7152 * lin(bg.1) + 0.0722 * lin(bg.2);
    if (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) {
        BLACK
    } else {
        WHITE
    }
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

// ---------------------------------------------------------------------------------------
// Rendering helpers
// ---------------------------------------------------------------------------------------

type DrawResult = Result<(), String>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flavor {
    Png,
    Svg,
}

#[derive(Clone, Copy)]
enum HAlign {
    Left,
    Center,
    Right,
}

#[derive(Clone, Copy)]
enum VAlign {
    /// Top of the capital letters at the anchor.
    Top,
    /// Middle of the capital letters at the anchor.
    Middle,
}

/// How to draw one piece of text.
#[derive(Clone, Copy)]
struct Txt {
    size: f64,
    bold: bool,
    h: HAlign,
    v: VAlign,
    /// Rotated to read bottom to top (`v` then refers to the horizontal direction).
    up: bool,
    color: RGBColor,
}

impl Txt {
    fn new(size: f64, h: HAlign, v: VAlign) -> Self {
        Self {
            size,
            bold: false,
            h,
            v,
            up: false,
            color: TEXT,
        }
    }
    fn bold(self) -> Self {
        Self { bold: true, ..self }
    }
    fn up(self) -> Self {
        Self { up: true, ..self }
    }
    fn color(self, color: RGBColor) -> Self {
        Self { color, ..self }
    }
}

fn px(v: f64) -> i32 {
    if v.is_finite() {
        v.round().clamp(-1.0e6, 1.0e6) as i32
    } else {
        0
    }
}

/// A drawing area plus the knowledge of which backend renders it, so that text can be
/// placed identically in PNG and SVG (plotters anchors text differently in the two).
struct Canvas<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, Shift>,
    flavor: Flavor,
}

impl<DB: DrawingBackend> Canvas<'_, DB> {
    fn fill_rect(&self, x0: f64, y0: f64, x1: f64, y1: f64, color: RGBColor) -> DrawResult {
        self.area
            .draw(&Rectangle::new(
                [(px(x0), px(y0)), (px(x1), px(y1))],
                color.filled(),
            ))
            .map_err(|e| e.to_string())
    }

    /// Rectangle outline. The SVG backend ignores the stroke width of rectangles, so there
    /// it is drawn as a path that wraps around one extra side (every corner gets a join);
    /// the bitmap backend draws thick rectangle outlines well but thick paths poorly.
    fn stroke_rect(
        &self,
        (x0, y0): (f64, f64),
        (x1, y1): (f64, f64),
        color: RGBColor,
        width: u32,
    ) -> DrawResult {
        match self.flavor {
            Flavor::Png => self
                .area
                .draw(&Rectangle::new(
                    [(px(x0), px(y0)), (px(x1), px(y1))],
                    color.stroke_width(width),
                ))
                .map_err(|e| e.to_string()),
            Flavor::Svg => self.line(
                &[(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0), (x1, y0)],
                color,
                width,
            ),
        }
    }

    fn line(&self, points: &[(f64, f64)], color: RGBColor, width: u32) -> DrawResult {
        let points: Vec<(i32, i32)> = points.iter().map(|&(x, y)| (px(x), px(y))).collect();
        self.area
            .draw(&PathElement::new(points, color.stroke_width(width)))
            .map_err(|e| e.to_string())
    }

    fn circle(&self, (x, y): (f64, f64), radius: u32, color: RGBColor, width: u32) -> DrawResult {
        let style = ShapeStyle {
            color: color.to_rgba(),
            filled: false,
            stroke_width: width,
        };
        self.area
            .draw(&Circle::new((px(x), px(y)), radius, style))
            .map_err(|e| e.to_string())
    }

    fn text(&self, text: &str, (x, y): (f64, f64), t: Txt) -> DrawResult {
        if text.is_empty() {
            return Ok(());
        }
        // plotters sizes are ab_glyph pixel heights (ascent - descent), so one em of DejaVu
        // Sans is size * 2048 / 2384 pixels in the PNG. The SVG backend writes
        // font-size = size / 1.24 instead; scale the SVG size so both show the same em.
        let em = t.size / DEJAVU_HEIGHT_PER_EM;
        let cap = DEJAVU_CAP_PER_EM * em;
        // Distance from plotters' top anchor to the baseline: the bitmap backend puts the
        // baseline half a size below the anchor, the SVG backend uses dy="0.76em".
        let (size, baseline) = match self.flavor {
            Flavor::Png => (t.size, 0.5 * t.size),
            Flavor::Svg => (em * 1.24, 0.76 * em),
        };
        let wanted_baseline = match t.v {
            VAlign::Top => cap,
            VAlign::Middle => 0.5 * cap,
        };
        let shift = wanted_baseline - baseline;
        let anchor = if t.up { (x + shift, y) } else { (x, y + shift) };
        let mut style = TextStyle::from(font_desc(size, t.bold)).color(&t.color);
        if t.up {
            style = style.transform(FontTransform::Rotate270);
        }

        let metrics = FontMetrics::get(t.bold);
        let (Flavor::Png, Some(metrics)) = (self.flavor, metrics) else {
            let h = match t.h {
                HAlign::Left => HPos::Left,
                HAlign::Center => HPos::Center,
                HAlign::Right => HPos::Right,
            };
            let style = style.pos(Pos::new(h, VPos::Top));
            return self
                .area
                .draw_text(text, &style, (px(anchor.0), px(anchor.1)))
                .map_err(|e| e.to_string());
        };

        // PNG: one glyph at a time, each shifted by its own left side bearing (the glyph
        // bitmap starts at its ink, not at its origin).
        let (glyphs, width) = metrics.layout(text, t.size);
        let start = match t.h {
            HAlign::Left => 0.0,
            HAlign::Center => -0.5 * width,
            HAlign::Right => -width,
        };
        let style = style.pos(Pos::new(HPos::Left, VPos::Top));
        let mut buf = [0u8; 4];
        for (ch, pen, lsb) in glyphs {
            if ch.is_whitespace() {
                continue;
            }
            let along = f64::from(px(start + pen)) + lsb.floor();
            let at = if t.up {
                (px(anchor.0), px(anchor.1) - px(along))
            } else {
                (px(anchor.0) + px(along), px(anchor.1))
            };
            self.area
                .draw_text(ch.encode_utf8(&mut buf), &style, at)
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

/// Something that can be painted on any plotters backend.
trait Scene {
    fn size(&self) -> (u32, u32);
    fn paint<DB: DrawingBackend>(&self, canvas: &Canvas<DB>) -> DrawResult;
}

fn with_suffix(stem: &Path, extension: &str) -> PathBuf {
    let mut name = stem.as_os_str().to_owned();
    name.push(".");
    name.push(extension);
    PathBuf::from(name)
}

fn render<S: Scene>(stem: &Path, scene: &S) -> Result<(), ChartError> {
    if let Some(dir) = stem.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).map_err(|source| ChartError::CreateDir {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let size = scene.size();

    let png = with_suffix(stem, "png");
    let png_error = |message: String| ChartError::Draw {
        path: png.clone(),
        message,
    };
    {
        let area = BitMapBackend::new(&png, size).into_drawing_area();
        area.fill(&WHITE).map_err(|e| png_error(e.to_string()))?;
        scene
            .paint(&Canvas {
                area: &area,
                flavor: Flavor::Png,
            })
            .map_err(png_error)?;
        area.present().map_err(|e| png_error(e.to_string()))?;
    }

    let svg = with_suffix(stem, "svg");
    let svg_error = |message: String| ChartError::Draw {
        path: svg.clone(),
        message,
    };
    let area = SVGBackend::new(&svg, size).into_drawing_area();
    area.fill(&WHITE).map_err(|e| svg_error(e.to_string()))?;
    scene
        .paint(&Canvas {
            area: &area,
            flavor: Flavor::Svg,
        })
        .map_err(svg_error)?;
    area.present().map_err(|e| svg_error(e.to_string()))
}

fn canvas_size(width: f64, height: f64) -> (u32, u32) {
    let clamp = |v: f64| v.ceil().clamp(64.0, 32_000.0) as u32;
    (clamp(width), clamp(height))
}

// ---------------------------------------------------------------------------------------
// Horizontal category charts (box plot, bar chart)
// ---------------------------------------------------------------------------------------

/// Layout shared by the box plot and the bar chart: names down the left side, first name at
/// the top, value axis along the bottom.
struct Rows {
    width: f64,
    height: f64,
    x0: f64,
    x1: f64,
    y0: f64,
    y1: f64,
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
    tick_decimals: usize,
    /// Whether the data are whole numbers (ticks then use whole-number steps).
    integers: bool,
    names: Vec<String>,
    title: String,
    value_label: String,
    category_label: String,
}

impl Rows {
    fn new(title: &str, value_label: &str, category_label: &str, names: &[String]) -> Self {
        let names: Vec<String> = names
            .iter()
            .map(|n| fit_text(n, TICK_SIZE, false, MAX_NAME_WIDTH))
            .collect();
        let names_w = names
            .iter()
            .map(|n| text_width(n, TICK_SIZE, false))
            .fold(0.0, f64::max);
        let desc_w = if category_label.is_empty() {
            0.0
        } else {
            LABEL_SIZE + 16.0
        };
        let x0 = MARGIN + desc_w + names_w + 10.0 + TICK_LEN;
        let right_pad = MARGIN + 26.0;
        let title_w = text_width(title, TITLE_SIZE, true);
        let width = BASE_WIDTH
            .max(x0 + MIN_PLOT_WIDTH + right_pad)
            .max(title_w + 2.0 * MARGIN);

        let y0 = MARGIN + TITLE_SIZE + TITLE_GAP;
        let bottom = Self::bottom_height(value_label);
        let plot_h = (BASE_HEIGHT - y0 - bottom).max(names.len() as f64 * MIN_ROW_PITCH);
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
        let ticks = TICK_LEN + 8.0 + TICK_SIZE;
        let desc = if value_label.is_empty() {
            0.0
        } else {
            14.0 + LABEL_SIZE
        };
        ticks + desc + MARGIN
    }

    fn set_range(&mut self, lo: f64, hi: f64) {
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

    fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    fn pitch(&self) -> f64 {
        (self.y1 - self.y0) / self.names.len().max(1) as f64
    }

    fn row_center(&self, i: usize) -> f64 {
        self.y0 + (i as f64 + 0.5) * self.pitch()
    }

    /// Pixel column of value `v`, kept inside the frame (matters only for absurd ranges).
    fn x(&self, v: f64) -> f64 {
        let x = self.x0 + (v - self.lo) / (self.hi - self.lo) * (self.x1 - self.x0);
        if x.is_nan() {
            self.x0
        } else {
            x.clamp(self.x0, self.x1)
        }
    }

    /// Row bands and grid lines, drawn below the data.
    fn draw_background<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
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
    fn draw_axes<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        c.stroke_rect((self.x0, self.y0), (self.x1, self.y1), FRAME, 1)?;

        let tick_txt = Txt::new(TICK_SIZE, HAlign::Center, VAlign::Top);
        for &t in &self.ticks {
            let x = self.x(t);
            c.line(&[(x, self.y1), (x, self.y1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.tick_decimals),
                (x, self.y1 + TICK_LEN + 8.0),
                tick_txt,
            )?;
        }
        let desc_y = self.y1 + TICK_LEN + 8.0 + TICK_SIZE + 14.0;
        c.text(
            &self.value_label,
            ((self.x0 + self.x1) / 2.0, desc_y),
            Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Top),
        )?;

        let name_txt = Txt::new(TICK_SIZE, HAlign::Right, VAlign::Middle);
        for (i, name) in self.names.iter().enumerate() {
            let y = self.row_center(i);
            c.line(&[(self.x0 - TICK_LEN, y), (self.x0, y)], FRAME, 1)?;
            c.text(name, (self.x0 - TICK_LEN - 6.0, y), name_txt)?;
        }
        c.text(
            &self.category_label,
            (MARGIN, (self.y0 + self.y1) / 2.0),
            Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Top).up(),
        )?;

        if self.names.is_empty() {
            c.text(
                NO_DATA,
                ((self.x0 + self.x1) / 2.0, (self.y0 + self.y1) / 2.0),
                Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Middle).color(MUTED),
            )?;
        }
        draw_title(c, &self.title, (self.x0 + self.x1) / 2.0, self.width)
    }
}

/// Title centred on `center_x` if it fits, otherwise on the canvas.
fn draw_title<DB: DrawingBackend>(
    c: &Canvas<DB>,
    title: &str,
    center_x: f64,
    width: f64,
) -> DrawResult {
    let half = text_width(title, TITLE_SIZE, true) / 2.0;
    let x = center_x.clamp(
        (MARGIN + half).min(width / 2.0),
        (width - MARGIN - half).max(width / 2.0),
    );
    c.text(
        title,
        (x, MARGIN),
        Txt::new(TITLE_SIZE, HAlign::Center, VAlign::Top).bold(),
    )
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
                        Txt::new(VALUE_SIZE, HAlign::Left, VAlign::Middle).color(MUTED),
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
            let txt = Txt::new(VALUE_SIZE, HAlign::Left, VAlign::Middle);
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

// ---------------------------------------------------------------------------------------
// Heat map
// ---------------------------------------------------------------------------------------

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
}

const COLOR_BAR_GAP: f64 = 28.0;
const COLOR_BAR_WIDTH: f64 = 26.0;

impl HeatScene {
    fn new(chart: &HeatMap) -> Self {
        let nr = chart.row_names.len().max(chart.values.len());
        let nc = chart
            .col_names
            .len()
            .max(chart.values.iter().map(Vec::len).max().unwrap_or(0));
        let values: Vec<Vec<f64>> = (0..nr)
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
        let cell = if small {
            // About 720 px of matrix, but never less than 360 px for tiny matrices.
            (720.0 / m).clamp(40.0, (360.0 / m).max(180.0))
        } else {
            (1200.0 / m).clamp(14.0, 40.0)
        }
        .floor();
        let name_size = TICK_SIZE.min((0.75 * cell).max(9.0));

        let row_names: Vec<String> = padded_names(chart.row_names, nr)
            .iter()
            .map(|n| fit_text(n, name_size, false, MAX_NAME_WIDTH))
            .collect();
        let col_names: Vec<String> = padded_names(chart.col_names, nc)
            .iter()
            .map(|n| fit_text(n, name_size, false, MAX_NAME_WIDTH))
            .collect();
        let widest = |names: &[String]| {
            names
                .iter()
                .map(|n| text_width(n, name_size, false))
                .fold(0.0, f64::max)
        };

        let decimals = value_decimals(values.iter().flatten().copied());
        let cell_text = if small && !values.is_empty() {
            let max_size = (0.22 * cell).clamp(VALUE_SIZE, 20.0);
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
            LABEL_SIZE + 16.0
        };
        let x0 = MARGIN + row_desc + widest(&row_names) + 10.0;
        let y0 = MARGIN + TITLE_SIZE + TITLE_GAP;
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
            .map(|&t| text_width(&fmt_num(t, tick_decimals), TICK_SIZE, false))
            .fold(0.0, f64::max);
        let bar_label = if chart.value_label.is_empty() {
            0.0
        } else {
            14.0 + LABEL_SIZE
        };
        let title_w = text_width(chart.title, TITLE_SIZE, true);
        let bar_w = if empty {
            0.0
        } else {
            COLOR_BAR_GAP + COLOR_BAR_WIDTH + TICK_LEN + 6.0 + tick_w + bar_label
        };
        let width = (x0 + matrix_w + bar_w + MARGIN).max(title_w + 2.0 * MARGIN);

        let col_desc = if chart.col_label.is_empty() {
            0.0
        } else {
            16.0 + LABEL_SIZE
        };
        let height = y0 + matrix_h + 10.0 + widest(&col_names) + col_desc + MARGIN;

        Self {
            width,
            height,
            x0,
            y0,
            matrix_w,
            matrix_h,
            cell,
            name_size,
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
        }
    }

    fn t(&self, v: f64) -> f64 {
        (v - self.lo) / (self.hi - self.lo)
    }
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

        for (r, row) in self.values.iter().enumerate() {
            for (col, &v) in row.iter().enumerate() {
                let (cx, cy) = (x0 + col as f64 * cell, y0 + r as f64 * cell);
                let color = if v.is_finite() {
                    viridis(self.t(v))
                } else {
                    MISSING_CELL
                };
                c.fill_rect(cx + gap, cy + gap, cx + cell, cy + cell, color)?;
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
            c.text(name, (x0 - 10.0, y), name_txt)?;
        }
        for (col, name) in self.col_names.iter().enumerate() {
            let x = x0 + (col as f64 + 0.5) * cell;
            c.text(name, (x, y1 + 10.0), name_txt.up())?;
        }
        let col_names_h = self
            .col_names
            .iter()
            .map(|n| text_width(n, self.name_size, false))
            .fold(0.0, f64::max);
        let label = Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Top);
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
                Txt::new(LABEL_SIZE, HAlign::Center, VAlign::Middle).color(MUTED),
            )?;
            return draw_title(c, &self.title, (x0 + x1) / 2.0, self.width);
        }

        // Colour bar: one line of pixels per colour step, low values at the bottom.
        let (bx0, bx1) = (self.bar_x, self.bar_x + COLOR_BAR_WIDTH);
        let (by0, by1) = (y0, y1);
        let steps = (by1 - by0).round().max(1.0) as usize;
        for k in 0..steps {
            let top = by0 + (by1 - by0) * k as f64 / steps as f64;
            let bottom = by0 + (by1 - by0) * (k + 1) as f64 / steps as f64;
            let t = 1.0 - (k as f64 + 0.5) / steps as f64;
            c.fill_rect(bx0, top, bx1, bottom, viridis(t))?;
        }
        c.stroke_rect((bx0, by0), (bx1, by1), FRAME, 1)?;
        let tick_txt = Txt::new(TICK_SIZE, HAlign::Left, VAlign::Middle);
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

// ---------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------

#[cfg(test)]
mod tests {
    use super::*;

    const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

    fn out_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join("dilemma-charts-tests").join(test);
        std::fs::create_dir_all(&dir).expect("create test directory");
        dir
    }

    fn check_files(stem: &Path, title: &str) {
        let png = std::fs::read(with_suffix(stem, "png")).expect("read png");
        let svg = std::fs::read_to_string(with_suffix(stem, "svg")).expect("read svg");
        assert!(png.len() > 100, "png too small: {}", png.len());
        assert_eq!(png[..8], PNG_SIGNATURE);
        assert!(svg.starts_with("<svg"), "not an svg");
        assert!(svg.contains(title), "svg lacks title {title:?}");
    }

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    /// Deterministic pseudo-random numbers in [0, 1).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    const NINE: [&str; 9] = [
        "Cooperator",
        "Defector",
        "Tit For Tat",
        "Grudger",
        "Tit For 2 Tats",
        "Suspicious Tit For Tat",
        "Win-Stay Lose-Shift",
        "Alternator",
        "Random: 0.5",
    ];

    const LONG: [&str; 15] = [
        "First by Tideman and Chieruzzi: (D, D)",
        "Tit For Tat",
        "Grudger",
        "Second by Champion",
        "First by Shubik",
        "Suspicious Tit For Tat",
        "Win-Stay Lose-Shift",
        "Generous Tit For Tat",
        "Forgetful Fool Me Once",
        "Adaptive Pavlov 2011",
        "Hard Tit For 2 Tats",
        "Random: 0.5",
        "Cooperator",
        "Defector",
        "Alternator",
    ];

    fn samples(n: usize, lo: f64, hi: f64, seed: u64) -> Vec<Vec<f64>> {
        let mut rng = Lcg(seed);
        (0..n)
            .map(|i| {
                let centre = hi - (hi - lo) * (i as f64 + 0.5) / n as f64;
                let spread = 0.08 * (hi - lo);
                (0..40)
                    .map(|_| {
                        let jitter = (rng.next() + rng.next() + rng.next() - 1.5) * spread;
                        (centre + jitter).clamp(lo, hi)
                    })
                    .collect()
            })
            .collect()
    }

    fn matrix(n: usize, lo: f64, hi: f64, seed: u64) -> Vec<Vec<f64>> {
        let mut rng = Lcg(seed);
        (0..n)
            .map(|_| (0..n).map(|_| lo + (hi - lo) * rng.next()).collect())
            .collect()
    }

    fn all_three(dir: &Path, names: &[String], seed: u64) {
        let n = names.len();
        let mut s = samples(n, 1.0, 3.2, seed);
        if let Some(first) = s.first_mut() {
            first.push(3.2);
            first.push(1.0);
        }
        let box_plot = BoxPlot {
            title: "Tournament scores",
            value_label: "Mean score per turn",
            category_label: "Strategy",
            names,
            samples: &s,
        };
        draw_box_plot(&dir.join("scores"), &box_plot).expect("box plot");
        check_files(&dir.join("scores"), "Tournament scores");

        let m = matrix(n, 0.0, 5.0, seed + 1);
        let heat = HeatMap {
            title: "Pairwise payoffs",
            row_label: "Player",
            col_label: "Opponent",
            value_label: "Mean payoff per turn",
            row_names: names,
            col_names: names,
            values: &m,
        };
        draw_heat_map(&dir.join("payoffs"), &heat).expect("heat map");
        check_files(&dir.join("payoffs"), "Pairwise payoffs");

        let mut rng = Lcg(seed + 2);
        let wins: Vec<f64> = (0..n).map(|_| (rng.next() * n as f64).floor()).collect();
        let bars = BarChart {
            title: "Wins",
            value_label: "Matches won",
            category_label: "Strategy",
            names,
            values: &wins,
        };
        draw_bar_chart(&dir.join("wins"), &bars).expect("bar chart");
        check_files(&dir.join("wins"), "Wins");
    }

    #[test]
    fn nine_strategies() {
        all_three(&out_dir("nine"), &strings(&NINE), 9);
    }

    #[test]
    fn fifteen_long_names() {
        all_three(&out_dir("fifteen"), &strings(&LONG), 15);
    }

    #[test]
    fn two_strategies() {
        all_three(&out_dir("two"), &strings(&["Tit For Tat", "Defector"]), 2);
    }

    #[test]
    fn sixty_strategies() {
        let names: Vec<String> = (0..60)
            .map(|i| format!("{} #{i}", LONG[i % LONG.len()]))
            .collect();
        all_three(&out_dir("sixty"), &names, 60);
    }

    #[test]
    fn single_name() {
        all_three(&out_dir("single"), &strings(&["Tit For Tat"]), 1);
    }

    #[test]
    fn empty_input() {
        let dir = out_dir("empty");
        let none: Vec<String> = Vec::new();
        let no_samples: Vec<Vec<f64>> = Vec::new();
        let chart = BoxPlot {
            title: "Empty box plot",
            value_label: "Score",
            category_label: "Strategy",
            names: &none,
            samples: &no_samples,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Empty box plot");
        let chart = HeatMap {
            title: "Empty heat map",
            row_label: "Player",
            col_label: "Opponent",
            value_label: "Payoff",
            row_names: &none,
            col_names: &none,
            values: &no_samples,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Empty heat map");
        let chart = BarChart {
            title: "Empty bar chart",
            value_label: "Wins",
            category_label: "Strategy",
            names: &none,
            values: &[],
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "Empty bar chart");
    }

    #[test]
    fn degenerate_values() {
        let dir = out_dir("degenerate");
        let names = strings(&["Cooperator", "Defector", "Tit For Tat", "Grudger"]);
        // Constant samples, an all-NaN sample, an empty sample and a missing one.
        let samples = vec![vec![2.0; 10], vec![f64::NAN, f64::NAN], vec![]];
        let chart = BoxPlot {
            title: "Constant & missing",
            value_label: "Score",
            category_label: "",
            names: &names,
            samples: &samples,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Constant &amp; missing");

        // Constant matrix with NaN and infinite cells, ragged rows.
        let values = vec![
            vec![3.0, f64::NAN, 3.0, 3.0],
            vec![3.0, 3.0, f64::INFINITY],
            vec![3.0, 3.0, 3.0, 3.0, 3.0],
        ];
        let chart = HeatMap {
            title: "Constant matrix",
            row_label: "",
            col_label: "",
            value_label: "",
            row_names: &names,
            col_names: &names,
            values: &values,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Constant matrix");

        let chart = BarChart {
            title: "All zero",
            value_label: "Wins",
            category_label: "Strategy",
            names: &names,
            values: &[0.0, 0.0, f64::NAN],
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "All zero");
    }

    #[test]
    fn negative_values() {
        let dir = out_dir("negative");
        let names = strings(&NINE);
        let s = samples(9, -10.0, 0.0, 3);
        let chart = BoxPlot {
            title: "Prison years",
            value_label: "Years in prison (negative payoff)",
            category_label: "Strategy",
            names: &names,
            samples: &s,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Prison years");
        let m = matrix(9, -10.0, 0.0, 4);
        let chart = HeatMap {
            title: "Prison years",
            row_label: "Player",
            col_label: "Opponent",
            value_label: "Years",
            row_names: &names,
            col_names: &names,
            values: &m,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Prison years");
        let values = [-9.5, -7.25, -5.0, -3.0, -1.5, 0.0, 2.5, -0.25, -10.0];
        let chart = BarChart {
            title: "Mixed signs",
            value_label: "Score difference",
            category_label: "Strategy",
            names: &names,
            values: &values,
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "Mixed signs");
    }

    #[test]
    fn output_is_deterministic() {
        let dir = out_dir("deterministic");
        let names = strings(&NINE);
        for run in ["a", "b"] {
            all_three(&dir.join(run), &names, 9);
        }
        for stem in ["scores", "payoffs", "wins"] {
            for ext in ["png", "svg"] {
                let a = std::fs::read(with_suffix(&dir.join("a").join(stem), ext)).expect("a");
                let b = std::fs::read(with_suffix(&dir.join("b").join(stem), ext)).expect("b");
                assert!(a == b, "{stem}.{ext} differs between runs");
            }
        }
    }

    #[test]
    fn creates_missing_directories_and_keeps_dots_in_stem() {
        let dir = out_dir("dirs").join("nested").join("deeper");
        let _ = std::fs::remove_dir_all(&dir);
        let names = strings(&["A"]);
        let chart = BarChart {
            title: "Dots",
            value_label: "",
            category_label: "",
            names: &names,
            values: &[1.5],
        };
        let stem = dir.join("run.v2");
        draw_bar_chart(&stem, &chart).expect("bar chart");
        assert!(dir.join("run.v2.png").is_file());
        assert!(dir.join("run.v2.svg").is_file());
    }

    #[test]
    fn unwritable_target_is_an_error() {
        let dir = out_dir("unwritable");
        let blocker = dir.join("file");
        std::fs::write(&blocker, b"x").expect("write");
        let chart = BarChart {
            title: "x",
            value_label: "",
            category_label: "",
            names: &[],
            values: &[],
        };
        let err = draw_bar_chart(&blocker.join("chart"), &chart);
        assert!(err.is_err());
    }

    #[test]
    fn font_metrics_match_plotters() {
        ensure_fonts(Path::new("metrics")).expect("fonts");
        for bold in [false, true] {
            assert!(FontMetrics::get(bold).is_some(), "metrics of bold={bold}");
            for text in [
                "Suspicious Tit For Tat",
                "First by Tideman and Chieruzzi: (D, D)",
                "AVAWAY",
                "To Ta Te Yo",
                "0.5 \u{2212}10 \u{2026}",
                "\u{1F600}x",
                "Win-Stay Lose-Shift",
            ] {
                for size in [15.0, 28.0] {
                    let ours = text_width(text, size, bold);
                    let (theirs, _) = font_desc(size, bold).box_size(text).expect("box size");
                    assert!(
                        (ours - f64::from(theirs)).abs() <= 1.0,
                        "{text:?} at {size}: ours {ours}, plotters {theirs}"
                    );
                }
            }
        }
    }

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

    #[test]
    fn extreme_values_do_not_panic() {
        let dir = out_dir("extreme");
        let names = strings(&["A", "B", "C"]);
        let samples = vec![
            vec![f64::MAX, -f64::MAX],
            vec![1e300, 1e-300],
            vec![f64::MIN_POSITIVE],
        ];
        let chart = BoxPlot {
            title: "Extreme box",
            value_label: "x",
            category_label: "y",
            names: &names,
            samples: &samples,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Extreme box");
        let chart = HeatMap {
            title: "Extreme heat",
            row_label: "r",
            col_label: "c",
            value_label: "v",
            row_names: &names,
            col_names: &names,
            values: &samples,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Extreme heat");
        let chart = BarChart {
            title: "Extreme bars",
            value_label: "v",
            category_label: "n",
            names: &names,
            values: &[f64::MAX, -1e300, 1e-300],
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "Extreme bars");
    }

    #[test]
    fn helpers() {
        assert_eq!(fmt_num(-0.0001, 2), "0.00");
        assert_eq!(fmt_num(-2.5, 1), "\u{2212}2.5");
        assert_eq!(fmt_num(-1.5e300, 0), "\u{2212}1.50e300");
        let (ticks, d) = nice_ticks(0.0, 5.0, 5, false);
        assert_eq!(ticks, vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(d, 0);
        let (ticks, d) = nice_ticks(-10.5, 0.5, 8, false);
        assert_eq!(d, 0);
        assert_eq!(ticks.first().copied(), Some(-10.0));
        let (_, d) = nice_ticks(1.0, 1.5, 5, false);
        assert_eq!(d, 1);
        let (ticks, d) = nice_ticks(0.0, 14.5, 6, true);
        assert_eq!(d, 0);
        assert!(ticks.iter().all(|t| t.fract() == 0.0), "{ticks:?}");
        assert_eq!(nice_ticks(1.8, 2.2, 5, true).0.len(), 5);
        assert!(nice_ticks(1.0, 1.0, 5, false).0.is_empty());
        assert!(nice_ticks(f64::NAN, 1.0, 5, false).0.is_empty());
        let s = BoxStats::new(&[1.0, 2.0, 3.0, 4.0, 100.0]).expect("stats");
        assert_eq!((s.q1, s.median, s.q3), (2.0, 3.0, 4.0));
        assert_eq!(s.whisker_hi, 4.0);
        assert_eq!(s.outliers, vec![100.0]);
        assert!(BoxStats::new(&[f64::NAN]).is_none());
        assert_eq!(contrasting_text(viridis(0.0)), WHITE);
        assert_eq!(contrasting_text(viridis(1.0)), BLACK);
    }
}
