//! The drawing plumbing shared by every chart: rendering one scene to both `<stem>.png`
//! (bitmap backend) and `<stem>.svg` (SVG backend), a canvas wrapper with the few shapes
//! the charts need, and text placement that looks the same in both formats (plotters
//! anchors text differently in the two, and the PNG text is laid out glyph by glyph).
//!
//! The [`ChartStyle`](super::ChartStyle) in effect decides which files are written, the
//! PNG's pixel size (the scene is painted scaled: every coordinate, stroke and text size
//! goes through [`Canvas`]) and recorded dpi, and the SVG's displayed size (its `viewBox`
//! keeps the scene's own coordinates). SVG text is written as glyph outlines
//! (`svg_text`), so it renders the same everywhere.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::{
    Circle, DrawingArea, DrawingBackend, IntoDrawingArea, PathElement, Polygon, Rectangle,
    SVGBackend,
};
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{Color, FontTransform, RGBColor, ShapeStyle, TextStyle};

use super::ChartError;
use super::font::{DEJAVU_CAP_PER_EM, DEJAVU_HEIGHT_PER_EM, FontMetrics, font_desc, text_width};
use super::glyph_cache;
use super::raster::Raster;
use super::style::{BASE_DPI, ChartStyle, MARGIN, TEXT, WHITE, current, join, title_size};
use super::svg_text::{Placed, SvgText};
use crate::output::label::display_label;

pub(super) type DrawResult = Result<(), String>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flavor {
    Png,
    Svg,
}

#[derive(Clone, Copy)]
pub(super) enum HAlign {
    Left,
    Center,
    Right,
}

#[derive(Clone, Copy)]
pub(super) enum VAlign {
    /// Top of the capital letters at the anchor.
    Top,
    /// Middle of the capital letters at the anchor.
    Middle,
}

/// How to draw one piece of text.
#[derive(Clone, Copy)]
pub(super) struct Txt {
    pub(super) size: f64,
    pub(super) bold: bool,
    pub(super) h: HAlign,
    pub(super) v: VAlign,
    /// Rotated to read bottom to top (`v` then refers to the horizontal direction).
    pub(super) up: bool,
    pub(super) color: RGBColor,
}

impl Txt {
    pub(super) fn new(size: f64, h: HAlign, v: VAlign) -> Self {
        Self {
            size,
            bold: false,
            h,
            v,
            up: false,
            color: TEXT,
        }
    }
    pub(super) fn bold(self) -> Self {
        Self { bold: true, ..self }
    }
    pub(super) fn up(self) -> Self {
        Self { up: true, ..self }
    }
    pub(super) fn color(self, color: RGBColor) -> Self {
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
pub(super) struct Canvas<'a, DB: DrawingBackend> {
    area: &'a DrawingArea<DB, Shift>,
    flavor: Flavor,
    /// Scene pixels to output pixels (PNG only; 1 for SVG).
    scale: f64,
    /// Where the scene's origin lands in the output (centring when both sizes are set).
    offset: (f64, f64),
    /// SVG text, written as outlines after the scene.
    svg_text: Option<&'a SvgText>,
    /// The PNG's pixels, for text written into them directly.
    raster: Option<&'a Raster>,
}

impl<DB: DrawingBackend> Canvas<'_, DB> {
    fn at(&self, x: f64, y: f64) -> (i32, i32) {
        (
            px(x * self.scale + self.offset.0),
            px(y * self.scale + self.offset.1),
        )
    }

    fn width(&self, width: u32) -> u32 {
        ((f64::from(width) * self.scale).round() as u32).max(1)
    }

    pub(super) fn fill_rect(
        &self,
        x0: f64,
        y0: f64,
        x1: f64,
        y1: f64,
        color: RGBColor,
    ) -> DrawResult {
        self.area
            .draw(&Rectangle::new(
                [self.at(x0, y0), self.at(x1, y1)],
                color.filled(),
            ))
            .map_err(|e| e.to_string())
    }

    /// Filled rectangles `(x0, y0, x1, y1, colour)` that lie beneath everything else
    /// drawn (call it before any other drawing but the background): in the SVG one
    /// path per colour ([`SvgText::add_cells`]), in the PNG one rectangle each.
    pub(super) fn fill_cells(&self, cells: &[(f64, f64, f64, f64, RGBColor)]) -> DrawResult {
        if let (Flavor::Svg, Some(svg)) = (self.flavor, self.svg_text) {
            let cells: Vec<_> = cells
                .iter()
                .map(|&(x0, y0, x1, y1, c)| {
                    let ((x0, y0), (x1, y1)) = (self.at(x0, y0), self.at(x1, y1));
                    ((x0.min(x1), y0.min(y1)), (x0.max(x1), y0.max(y1)), c)
                })
                .collect();
            svg.add_cells(&cells);
            return Ok(());
        }
        for &(x0, y0, x1, y1, colour) in cells {
            self.fill_rect(x0, y0, x1, y1, colour)?;
        }
        Ok(())
    }

    /// Rectangle outline. The SVG backend ignores the stroke width of rectangles, so there
    /// it is drawn as a path that wraps around one extra side (every corner gets a join);
    /// the bitmap backend draws thick rectangle outlines well but thick paths poorly.
    pub(super) fn stroke_rect(
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
                    [self.at(x0, y0), self.at(x1, y1)],
                    color.stroke_width(self.width(width)),
                ))
                .map_err(|e| e.to_string()),
            Flavor::Svg => self.line(
                &[(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0), (x1, y0)],
                color,
                width,
            ),
        }
    }

    /// Filled polygon (used by the stacked area chart).
    pub(super) fn fill_polygon(&self, points: &[(f64, f64)], color: RGBColor) -> DrawResult {
        let points: Vec<(i32, i32)> = points.iter().map(|&(x, y)| self.at(x, y)).collect();
        self.area
            .draw(&Polygon::new(points, color.filled()))
            .map_err(|e| e.to_string())
    }

    pub(super) fn line(&self, points: &[(f64, f64)], color: RGBColor, width: u32) -> DrawResult {
        let points: Vec<(i32, i32)> = points.iter().map(|&(x, y)| self.at(x, y)).collect();
        self.area
            .draw(&PathElement::new(
                points,
                color.stroke_width(self.width(width)),
            ))
            .map_err(|e| e.to_string())
    }

    pub(super) fn circle(
        &self,
        (x, y): (f64, f64),
        radius: u32,
        color: RGBColor,
        width: u32,
    ) -> DrawResult {
        let style = ShapeStyle {
            color: color.to_rgba(),
            filled: false,
            stroke_width: self.width(width),
        };
        self.area
            .draw(&Circle::new(self.at(x, y), self.width(radius), style))
            .map_err(|e| e.to_string())
    }

    /// Draws `text` as [`display_label`] shows it (π for axelrod's `$\pi$`), so every
    /// chart label, title and legend reads the same, measured as drawn ([`text_width`]).
    pub(super) fn text(&self, text: &str, (x, y): (f64, f64), t: Txt) -> DrawResult {
        if text.is_empty() {
            return Ok(());
        }
        let text = &*display_label(text);
        let (x, y) = (
            x * self.scale + self.offset.0,
            y * self.scale + self.offset.1,
        );
        let t = Txt {
            size: t.size * self.scale,
            ..t
        };
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
        if let Some(svg_text) = self.svg_text {
            let width = super::font::text_width(text, t.size, t.bold);
            let start = match t.h {
                HAlign::Left => 0.0,
                HAlign::Center => -0.5 * width,
                HAlign::Right => -width,
            };
            let origin = if t.up {
                (x + wanted_baseline, y)
            } else {
                (x, y + wanted_baseline)
            };
            let placed = Placed {
                text,
                origin,
                start,
                up: t.up,
                size: t.size,
                bold: t.bold,
                color: t.color,
            };
            if svg_text.add(&placed) {
                return Ok(());
            }
        }
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

        // PNG: one glyph at a time, each at its own pen position on one baseline. The
        // baseline goes on a whole pixel (rounded once for the whole text), so every
        // glyph's ink keeps its rows relative to it (see `glyph_cache`).
        let (glyphs, width) = metrics.layout(text, t.size);
        let start = match t.h {
            HAlign::Left => 0.0,
            HAlign::Center => -0.5 * width,
            HAlign::Right => -width,
        };
        let glyphs: Vec<_> = glyphs
            .into_iter()
            .filter(|g| !g.0.is_whitespace())
            .collect();
        let origins: Vec<_> = glyphs
            .iter()
            .map(|&(_, pen)| {
                let along = px(start + pen);
                if t.up {
                    (px(x + wanted_baseline), px(y) - along)
                } else {
                    (px(x) + along, px(y + wanted_baseline))
                }
            })
            .collect();
        let glyphs = glyph_cache::glyphs(glyphs.iter().map(|g| g.0), size, t.bold)?;
        let rotate = if t.up {
            FontTransform::Rotate270
        } else {
            FontTransform::None
        };
        match self.raster {
            Some(raster) => raster.blend_glyphs(&origins, &glyphs, rotate, t.color),
            None => return Err("PNG text without its pixel buffer".to_string()),
        }
        Ok(())
    }
}

/// Something that can be painted on any plotters backend.
pub(super) trait Scene {
    fn size(&self) -> (u32, u32);
    fn paint<DB: DrawingBackend>(&self, canvas: &Canvas<DB>) -> DrawResult;
}

pub(super) fn with_suffix(stem: &Path, extension: &str) -> PathBuf {
    let mut name = stem.as_os_str().to_owned();
    name.push(".");
    name.push(extension);
    PathBuf::from(name)
}

/// Output size, scale and offset of a scene of size `natural` under `style` (the PNG
/// when `dpi_scaled`, else the SVG's displayed size).
fn placement(
    natural: (u32, u32),
    style: &ChartStyle,
    dpi_scaled: bool,
) -> ((u32, u32), f64, (f64, f64)) {
    let (w, h) = (f64::from(natural.0), f64::from(natural.1));
    let fit = |v: f64| v.round().clamp(1.0, 32_000.0) as u32;
    let (scale, out) = match (style.width, style.height) {
        (None, None) => {
            let s = if dpi_scaled {
                f64::from(style.dpi) / f64::from(BASE_DPI)
            } else {
                1.0
            };
            (s, (fit(w * s), fit(h * s)))
        }
        (Some(ow), None) => {
            let s = f64::from(ow) / w;
            (s, (ow, fit(h * s)))
        }
        (None, Some(oh)) => {
            let s = f64::from(oh) / h;
            (s, (fit(w * s), oh))
        }
        (Some(ow), Some(oh)) => ((f64::from(ow) / w).min(f64::from(oh) / h), (ow, oh)),
    };
    let offset = (
        ((f64::from(out.0) - w * scale) / 2.0).max(0.0).round(),
        ((f64::from(out.1) - h * scale) / 2.0).max(0.0).round(),
    );
    (out, scale, offset)
}

/// The size of the PNG of a scene of natural size `natural` under `style`.
pub(super) fn png_size(natural: (u32, u32), style: &ChartStyle) -> (u32, u32) {
    placement(natural, style, true).0
}

/// Pictures being drawn at once share this many pixels at most (the chart memory
/// budget, `scenario::work::MAX_CHART_PIXELS`, whatever the thread count; 3 bytes a
/// pixel: about 900 MB): a PNG
/// waits while others are drawn if it would take the pixels in flight past it, and
/// one larger than the whole (the limit lifted) is drawn alone. So `par_draw` of many
/// large charts holds the budget, not threads x the largest. Results do not depend on
/// it (each chart is drawn the same, only later).
pub const PIXEL_BUDGET: u64 = 300_000_000;

/// The pixels of the pictures being drawn, shared by every thread.
static IN_FLIGHT: std::sync::Mutex<u64> = std::sync::Mutex::new(0);
static RELEASED: std::sync::Condvar = std::sync::Condvar::new();

thread_local! {
    /// Whether this thread holds pixels already (a picture drawn inside another's
    /// drawing never waits for itself).
    static HOLDING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Pixels of one picture being drawn, given back when dropped.
struct Permit {
    pixels: u64,
    /// Taken while this thread held pixels already: it did not wait.
    nested: bool,
}

impl Permit {
    fn take(pixels: u64) -> Self {
        let nested = HOLDING.with(|h| h.replace(true));
        let mut in_flight = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
        while !nested && *in_flight > 0 && in_flight.saturating_add(pixels) > PIXEL_BUDGET {
            in_flight = RELEASED.wait(in_flight).unwrap_or_else(|e| e.into_inner());
        }
        *in_flight = in_flight.saturating_add(pixels);
        Permit { pixels, nested }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if !self.nested {
            HOLDING.with(|h| h.set(false));
        }
        let mut in_flight = IN_FLIGHT.lock().unwrap_or_else(|e| e.into_inner());
        *in_flight = in_flight.saturating_sub(self.pixels);
        RELEASED.notify_all();
    }
}

/// Renders `scene` to `<stem>.png` and/or `<stem>.svg` (as the style in effect says),
/// creating their folder if needed. The two files are drawn at once (rayon's current
/// pool, with the style in effect on both sides); a failure of the PNG is reported
/// first.
pub(super) fn render<S: Scene + Sync>(stem: &Path, scene: &S) -> Result<(), ChartError> {
    if let Some(dir) = stem.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir).map_err(|source| ChartError::CreateDir {
            path: dir.to_path_buf(),
            source,
        })?;
    }
    let format = current().format;
    let (png, svg) = join(
        || {
            if format.png() {
                render_png(stem, scene)
            } else {
                Ok(())
            }
        },
        || {
            if format.svg() {
                render_svg(stem, scene)
            } else {
                Ok(())
            }
        },
    );
    png.and(svg)
}

/// Renders `scene` to `<stem>.svg`: drawn into memory, then written in one go.
fn render_svg<S: Scene>(stem: &Path, scene: &S) -> Result<(), ChartError> {
    let svg = with_suffix(stem, "svg");
    let svg_error = |message: String| ChartError::Draw {
        path: svg.clone(),
        message,
    };
    let text = SvgText::default();
    let mut drawn = String::new();
    {
        let area = SVGBackend::with_string(&mut drawn, scene.size()).into_drawing_area();
        area.fill(&WHITE).map_err(|e| svg_error(e.to_string()))?;
        scene
            .paint(&Canvas {
                area: &area,
                flavor: Flavor::Svg,
                scale: 1.0,
                offset: (0.0, 0.0),
                svg_text: Some(&text),
                raster: None,
            })
            .map_err(svg_error)?;
        area.present()
            .map_err(|e| svg_error(plain_write_error(&e.to_string())))?;
    }
    let (size, _, _) = placement(scene.size(), &current(), false);
    std::fs::write(&svg, text.finish(&drawn, size)).map_err(|e| svg_error(e.to_string()))
}

/// Renders `scene` to `<stem>.png` only (also for long frame series, where an SVG per
/// frame would be wasteful), at the size and dpi of the style in effect: painted into
/// an RGB buffer, encoded ([`encode_png`]) and written in one go.
pub(super) fn render_png<S: Scene>(stem: &Path, scene: &S) -> Result<(), ChartError> {
    let png = with_suffix(stem, "png");
    let png_error = |message: String| ChartError::Draw {
        path: png.clone(),
        message,
    };
    let style = current();
    let (size, scale, offset) = placement(scene.size(), &style, true);
    let pixels = u64::from(size.0) * u64::from(size.1);
    if let Some(limit) = style.pixel_limit
        && pixels > limit
    {
        return Err(ChartError::OverBudget {
            path: png,
            width: size.0,
            height: size.1,
            limit,
        });
    }
    let _permit = Permit::take(pixels);
    let raster = Raster::new(size);
    {
        let area = raster.backend().into_drawing_area();
        area.fill(&WHITE).map_err(|e| png_error(e.to_string()))?;
        scene
            .paint(&Canvas {
                area: &area,
                flavor: Flavor::Png,
                scale,
                offset,
                svg_text: None,
                raster: Some(&raster),
            })
            .map_err(png_error)?;
        area.present()
            .map_err(|e| png_error(plain_write_error(&e.to_string())))?;
    }
    let pixels = raster.into_pixels();
    let bytes = encode_png(&pixels, size, style.dpi).map_err(|e| png_error(e.to_string()))?;
    std::fs::write(&png, bytes).map_err(|e| png_error(e.to_string()))
}

/// `pixels` (8-bit RGB, row by row, `size` pixels) as a PNG file's bytes, recording
/// `dpi` in a `pHYs` chunk unless it is the natural 96 dpi.
///
/// Charts are mostly flat colour, so the fastest settings lose little: every row
/// with the `Paeth` filter (it predicts from the pixels left, above and above-left,
/// so flat areas and repeated rows become runs of 0) and fdeflate's fast
/// compression. The adaptive filter choice `image` made (all five
/// filters tried on every row) took longer than the compression itself for a few
/// percent smaller files (`cargo bench --bench charts`).
pub(super) fn encode_png(
    pixels: &[u8],
    (width, height): (u32, u32),
    dpi: u32,
) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(pixels.len() / 16 + 1024);
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::FilterType::Paeth);
        encoder.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
        if dpi != BASE_DPI {
            let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
            encoder.set_pixel_dims(Some(png::PixelDimensions {
                xppu: per_metre,
                yppu: per_metre,
                unit: png::Unit::Meter,
            }));
        }
        let mut writer = encoder.write_header()?;
        writer.write_image_data(pixels)?;
        writer.finish()?;
    }
    Ok(out)
}

/// The operating system's words for a file that could not be written
/// ("No space left on device (os error 28)"), dug out of the backend's
/// message, which wraps them in Rust debug text
/// (`ImageError(IoError(Custom { kind: Other, error: "..." }))`); any other
/// message is kept as it is.
pub(super) fn plain_write_error(message: &str) -> String {
    let quoted = |key: &str| {
        let start = message.find(key)? + key.len();
        let end = message[start..].find('"')?;
        Some(message[start..start + end].to_string())
    };
    if let Some(text) = quoted("error: \"") {
        return text;
    }
    if let Some(text) = quoted("message: \"") {
        let code = message
            .split("code: ")
            .nth(1)
            .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
            .filter(|code| !code.is_empty());
        return match code {
            Some(code) => format!("{text} (os error {code})"),
            None => text,
        };
    }
    message.to_string()
}

pub(super) fn canvas_size(width: f64, height: f64) -> (u32, u32) {
    let clamp = |v: f64| v.ceil().clamp(64.0, 32_000.0) as u32;
    (clamp(width), clamp(height))
}

/// Title centred on `center_x` if it fits, otherwise on the canvas.
pub(super) fn draw_title<DB: DrawingBackend>(
    c: &Canvas<DB>,
    title: &str,
    center_x: f64,
    width: f64,
) -> DrawResult {
    if !current().title {
        return Ok(());
    }
    let (title, size) = fitted_title(title, width - 2.0 * MARGIN);
    let half = text_width(&title, size, true) / 2.0;
    let x = center_x.clamp(
        (MARGIN + half).min(width / 2.0),
        (width - MARGIN - half).max(width / 2.0),
    );
    // Smaller titles keep the same cap line.
    let y = MARGIN + (title_size() - size) * 0.5;
    c.text(
        &title,
        (x, y),
        Txt::new(size, HAlign::Center, VAlign::Top).bold(),
    )
}

/// A title that fits in `room`: at full size if it can, else at a smaller size (down to
/// 70%), else shortened with an ellipsis at that size. Never wider than the canvas.
pub(super) fn fitted_title(title: &str, room: f64) -> (String, f64) {
    let full = title_size();
    let width = text_width(title, full, true);
    if width <= room || width <= 0.0 {
        return (title.to_string(), full);
    }
    let size = (full * room / width).max(0.7 * full);
    (super::font::fit_text(title, size, true, room), size)
}

#[cfg(test)]
mod tests {
    use super::plain_write_error;
    use crate::output::charts::test_support::{out_dir, strings};

    #[test]
    fn a_picture_over_the_pixel_limit_is_refused_before_it_is_drawn() {
        use crate::output::charts::{
            BarChart, ChartError, ChartFormat, ChartStyle, OVER_BUDGET, draw_bar_chart, png_size,
            with_style,
        };
        let dir = out_dir("over-budget");
        let names = strings(&["a", "b"]);
        let chart = BarChart {
            title: "t",
            value_label: "v",
            category_label: "c",
            names: &names,
            values: &[1.0, 2.0],
        };
        let style = |limit| ChartStyle {
            format: ChartFormat::Png,
            width: Some(400),
            height: Some(300),
            pixel_limit: limit,
            ..ChartStyle::default()
        };
        let stem = dir.join("over");
        let err = with_style(&style(Some(119_999)), || draw_bar_chart(&stem, &chart)).unwrap_err();
        assert!(
            matches!(
                err,
                ChartError::OverBudget {
                    width: 400,
                    height: 300,
                    limit: 119_999,
                    ..
                }
            ),
            "{err}"
        );
        let text = err.to_string();
        for needle in [
            OVER_BUDGET,
            "400 x 300 = 120000 pixels",
            "[output] width",
            "--no-limit",
        ] {
            assert!(text.contains(needle), "{needle}: {text}");
        }
        assert!(!dir.join("over.png").exists());
        // At the limit: drawn, the size the budget counts.
        let stem = dir.join("within");
        with_style(&style(Some(120_000)), || draw_bar_chart(&stem, &chart)).unwrap();
        assert!(dir.join("within.png").exists());
        assert_eq!(png_size((1200, 800), &style(None)), (400, 300));
    }

    #[test]
    fn pictures_over_the_budget_together_are_drawn_one_after_another() {
        use super::{PIXEL_BUDGET, Permit};
        use std::sync::mpsc;
        use std::time::{Duration, Instant};
        // A picture of the whole budget held for a while on one thread:
        // another of one pixel waits for it; the same thread taking more
        // (nested) never waits for itself.
        let (held, taken) = mpsc::channel();
        let holder = std::thread::spawn(move || {
            let whole = Permit::take(PIXEL_BUDGET);
            let nested = Permit::take(PIXEL_BUDGET);
            held.send(()).unwrap();
            std::thread::sleep(Duration::from_millis(300));
            drop(nested);
            let released = Instant::now();
            drop(whole);
            released
        });
        taken.recv().unwrap();
        let one = Permit::take(1);
        let acquired = Instant::now();
        drop(one);
        let released = holder.join().unwrap();
        assert!(
            acquired >= released,
            "waited for the whole budget to be given back"
        );
    }

    #[test]
    fn write_errors_lose_their_debug_text() {
        assert_eq!(
            plain_write_error(
                "Drawing backend error: ImageError(IoError(Custom { kind: Other, error: \"No space left on device (os error 28)\" }))"
            ),
            "No space left on device (os error 28)"
        );
        assert_eq!(
            plain_write_error(
                "Drawing backend error: IOError(Os { code: 28, kind: StorageFull, message: \"No space left on device\" })"
            ),
            "No space left on device (os error 28)"
        );
        assert_eq!(plain_write_error("something else"), "something else");
    }
    use crate::output::charts::{BarChart, draw_bar_chart};

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
    fn png_encoding_round_trips_and_records_the_dpi() {
        use super::encode_png;
        let (w, h) = (37u32, 11u32);
        let pixels: Vec<u8> = (0..w * h * 3).map(|i| (i * 7 % 251) as u8).collect();
        let decode = |bytes: &[u8]| {
            let mut reader = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()))
                .read_info()
                .expect("png header");
            let mut out = vec![0; reader.output_buffer_size()];
            let info = reader.next_frame(&mut out).expect("png data");
            out.truncate(info.buffer_size());
            let dims = reader.info().pixel_dims;
            (out, (info.width, info.height), dims)
        };
        let plain = encode_png(&pixels, (w, h), 96).expect("encode");
        let (back, size, dims) = decode(&plain);
        assert_eq!((back, size), (pixels.clone(), (w, h)));
        assert!(dims.is_none(), "no pHYs at the natural 96 dpi");
        let print = encode_png(&pixels, (w, h), 300).expect("encode");
        let (back, _, dims) = decode(&print);
        assert_eq!(back, pixels);
        let dims = dims.expect("pHYs at 300 dpi");
        // 300 dpi = 11811 pixels per metre.
        assert_eq!(
            (dims.xppu, dims.yppu, dims.unit),
            (11811, 11811, png::Unit::Meter)
        );
        // The pHYs chunk comes before the image data, where readers look for it.
        let at = |name: &[u8]| print.windows(4).position(|c| c == name);
        assert!(at(b"pHYs").expect("pHYs") < at(b"IDAT").expect("IDAT"));
        assert_eq!(encode_png(&pixels, (w, h), 300).expect("encode"), print);
        assert!(encode_png(&pixels[1..], (w, h), 96).is_err());
    }

    #[test]
    fn long_titles_shrink_then_elide() {
        use super::{fitted_title, title_size};
        let (t, size) = fitted_title("Short", 1000.0);
        assert_eq!((t.as_str(), size), ("Short", title_size()));
        let long = "A rather long title that needs to shrink a little";
        let w = crate::output::charts::font::text_width(long, title_size(), true);
        let (t, size) = fitted_title(long, w * 0.9);
        assert_eq!(t, long);
        assert!(size < title_size() && size >= 0.7 * title_size());
        let (t, _) = fitted_title(&long.repeat(4), w);
        assert!(t.ends_with('\u{2026}'), "{t}");
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

    /// The pixels of a 160 x 160 PNG with only `text` on it, at `size`, top-aligned with
    /// its anchor at `anchor` down (or, reading upwards, across).
    fn png_text(text: &str, size: f64, anchor: f64, up: bool) -> Vec<u8> {
        use super::{Canvas, Flavor, HAlign, Raster, Txt, VAlign, WHITE};
        use plotters::prelude::IntoDrawingArea;
        let raster = Raster::new((160, 160));
        {
            let area = raster.backend().into_drawing_area();
            area.fill(&WHITE).expect("fill");
            let canvas = Canvas {
                area: &area,
                flavor: Flavor::Png,
                scale: 1.0,
                offset: (0.0, 0.0),
                svg_text: None,
                raster: Some(&raster),
            };
            let txt = Txt::new(size, HAlign::Left, VAlign::Top);
            let (txt, at) = if up {
                (txt.up(), (anchor, 150.0))
            } else {
                (txt, (10.0, anchor))
            };
            canvas.text(text, at, txt).expect("text");
        }
        raster.into_pixels()
    }

    /// The last row (or, for text reading upwards, column) of ink of `text` drawn
    /// alone in a PNG (see [`png_text`]).
    fn ink_edge(text: &str, size: f64, anchor: f64, up: bool) -> Option<usize> {
        let pixels = png_text(text, size, anchor, up);
        let side = 160;
        (0..side * side)
            .filter(|i| pixels[3 * i..3 * i + 3] != [255, 255, 255])
            .map(|i| if up { i % side } else { i / side })
            .max()
    }

    #[test]
    fn chart_text_shows_axelrods_latex_names_as_letters() {
        use crate::output::charts::font::{fit_text, text_width};
        crate::output::charts::font::ensure_fonts(std::path::Path::new("latex")).expect("fonts");
        for (latex, letter) in [("$\\pi$", "\u{3c0}"), ("$e$", "e"), ("$\\phi$", "\u{3c6}")] {
            for up in [false, true] {
                let drawn = png_text(latex, 16.0, 20.0, up);
                assert_eq!(drawn, png_text(letter, 16.0, 20.0, up), "{latex}");
                assert!(drawn.iter().any(|&b| b != 255), "{letter} has ink");
            }
            assert_eq!(
                text_width(latex, 16.0, false),
                text_width(letter, 16.0, false)
            );
            assert_eq!(fit_text(latex, 16.0, true, 100.0), letter);
            let long = format!("{latex} with a long tail of words");
            let fitted = fit_text(&long, 16.0, false, 60.0);
            assert!(
                fitted.starts_with(letter) && fitted.ends_with('\u{2026}'),
                "{fitted}"
            );
        }
        // A chart's SVG: the letters as outlines, the words in its labels.
        let dir = crate::output::charts::test_support::out_dir("latex-names");
        let names = strings(&["$\\pi$", "$e$", "$\\phi$"]);
        let chart = BarChart {
            title: "Constants: $\\pi$",
            value_label: "",
            category_label: "",
            names: &names,
            values: &[1.0, 2.0, 3.0],
        };
        let stem = dir.join("constants");
        draw_bar_chart(&stem, &chart).expect("bar chart");
        let svg = std::fs::read_to_string(dir.join("constants.svg")).expect("svg");
        for letter in ["\u{3c0}", "e", "\u{3c6}", "Constants: \u{3c0}"] {
            assert!(
                svg.contains(&format!("aria-label=\"{letter}\"")),
                "{letter}"
            );
        }
        assert!(!svg.contains('$'));
        for bold in [false, true] {
            let metrics = crate::output::charts::font::FontMetrics::get(bold).expect("font");
            for letter in ['\u{3c0}', '\u{3c6}'] {
                let glyph = metrics.glyph(letter);
                assert_ne!(glyph, 0, "{letter} is in DejaVu Sans (bold: {bold})");
                if !bold {
                    let id = format!("<path id=\"gr{glyph}\" d=\"M");
                    assert!(svg.contains(&id), "{letter} drawn as an outline");
                }
            }
        }
    }

    #[test]
    fn png_text_shares_one_baseline_and_commas_keep_their_tails() {
        crate::output::charts::font::ensure_fonts(std::path::Path::new("baseline")).expect("fonts");
        // Flat-bottomed glyphs: their ink ends on the row (column, reading upwards)
        // just above the baseline, the same for all of them at any size and anchor.
        let flat = ["x", "n", "v", "w", "z", "H", "k", "E", "L", "1"];
        for quarter in 24..=192 {
            let size = f64::from(quarter) / 4.0;
            // Anchors between pixels too (layouts place text anywhere).
            let anchor = 20.0 + f64::from(quarter % 7) * 0.13;
            for up in [false, true] {
                let edge = |text: &str| ink_edge(text, size, anchor, up).expect("ink");
                let base = edge("x");
                for text in flat {
                    assert_eq!(edge(text), base, "{text:?} at {size} (up: {up})");
                }
                // A comma's tail goes below the baseline; a period sits on it.
                assert_eq!(edge("."), base, "period at {size} (up: {up})");
                assert!(edge(",") > base, "comma at {size} (up: {up})");
            }
        }
    }
}
