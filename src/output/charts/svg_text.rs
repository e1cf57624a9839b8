//! Text in SVG files as outlines, so an SVG looks the same in every viewer, with or
//! without DejaVu Sans installed: each glyph used is written once as a path in `<defs>`
//! (from the embedded font's own outlines) and every piece of text is a group of `<use>`
//! references to them, placed with the same metrics as the PNG text. The group keeps the
//! text in an `aria-label`, so the words stay searchable and readable by screen readers.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use std::sync::{Mutex, PoisonError};

use ab_glyph::{Font, FontRef, GlyphId, OutlineCurve};
use plotters::style::RGBColor;

use super::font::{FONT_BOLD, FONT_REGULAR, FontMetrics};

/// Text collected while a scene is painted, written into the SVG afterwards.
#[derive(Default)]
pub(super) struct SvgText {
    groups: RefCell<String>,
    glyphs: RefCell<BTreeSet<(bool, u16)>>,
    /// Filled cells, one path per colour, written beneath the rest of the scene.
    cells: RefCell<String>,
}

/// One filled rectangle in SVG pixels: top-left corner, bottom-right corner, colour.
pub(super) type Cell = ((i32, i32), (i32, i32), RGBColor);

/// Where one piece of text goes: the start of its baseline, its direction and look.
pub(super) struct Placed<'a> {
    pub(super) text: &'a str,
    /// Start of the baseline (before horizontal alignment along the text direction).
    pub(super) origin: (f64, f64),
    /// Offset along the text direction (alignment), in pixels.
    pub(super) start: f64,
    /// Reads bottom to top.
    pub(super) up: bool,
    pub(super) size: f64,
    pub(super) bold: bool,
    pub(super) color: RGBColor,
}

fn glyph_id(bold: bool, glyph: u16) -> String {
    format!("g{}{glyph}", if bold { 'b' } else { 'r' })
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

/// A number for SVG attributes: at most 3 decimals, no trailing zeros.
fn num(v: f64) -> String {
    // Whole numbers (every glyph outline point) skip the costly fixed-point formatting;
    // same text either way.
    if v.is_finite() && v.abs() < 1.0e15 && v == v.trunc() {
        return (v as i64).to_string();
    }
    let s = format!("{:.3}", if v.is_finite() { v } else { 0.0 });
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".into()
    } else {
        s.into()
    }
}

impl SvgText {
    /// Records `p`; `false` when the font metrics are unavailable (never for the embedded
    /// font), in which case the caller falls back to a `<text>` element.
    pub(super) fn add(&self, p: &Placed) -> bool {
        let Some(metrics) = FontMetrics::get(p.bold) else {
            return false;
        };
        let (layout, _) = metrics.layout(p.text, p.size);
        // Font units to pixels: plotters sizes are (ascent - descent) heights.
        let k = p.size / metrics.height_units();
        let mut g = self.groups.borrow_mut();
        let RGBColor(r, gr, b) = p.color;
        let rotate = if p.up { " rotate(-90)" } else { "" };
        let _ = write!(
            g,
            "<g aria-label=\"{}\" fill=\"#{r:02x}{gr:02x}{b:02x}\" transform=\"translate({} {}){rotate} scale({})\">",
            escape(p.text),
            num(p.origin.0),
            num(p.origin.1),
            num(k),
        );
        let mut used = self.glyphs.borrow_mut();
        for (ch, pen) in layout {
            if ch.is_whitespace() {
                continue;
            }
            let glyph = metrics.glyph(ch);
            used.insert((p.bold, glyph));
            let _ = write!(
                g,
                "<use xlink:href=\"#{}\" x=\"{}\"/>",
                glyph_id(p.bold, glyph),
                num((p.start + pen) / k)
            );
        }
        g.push_str("</g>\n");
        true
    }

    /// Records filled rectangles drawn beneath everything else: one `<path>` per colour
    /// (in order of first use) with a subpath per run of touching cells of that colour
    /// in a row, instead of one `<rect>` each (a 230 x 230 heat map: 5 MB of rects).
    /// The covered area is exactly that of the rectangles.
    pub(super) fn add_cells(&self, cells: &[Cell]) {
        let mut order: Vec<RGBColor> = Vec::new();
        let mut paths: std::collections::HashMap<RGBColor, String> =
            std::collections::HashMap::new();
        let mut k = 0;
        while k < cells.len() {
            let ((x0, y0), (mut x1, y1), colour) = cells[k];
            k += 1;
            while let Some(&((nx0, ny0), (nx1, ny1), c)) = cells.get(k) {
                if c != colour || nx0 != x1 || ny0 != y0 || ny1 != y1 {
                    break;
                }
                x1 = nx1;
                k += 1;
            }
            let path = paths.entry(colour).or_insert_with(|| {
                order.push(colour);
                String::new()
            });
            let (w, h) = (x1 - x0, y1 - y0);
            let _ = write!(path, "M{x0} {y0}h{w}v{h}h{}z", -w);
        }
        let mut out = self.cells.borrow_mut();
        for colour in order {
            let RGBColor(r, g, b) = colour;
            let _ = writeln!(
                out,
                "<path fill=\"#{r:02X}{g:02X}{b:02X}\" d=\"{}\"/>",
                paths[&colour]
            );
        }
    }

    /// `svg` (as written by plotters) with the glyph definitions, the text groups and the
    /// displayed size `width` x `height` (the drawing keeps its own coordinates).
    pub(super) fn finish(&self, svg: &str, (width, height): (u32, u32)) -> String {
        let mut defs = String::from("<defs>\n");
        for &(bold, glyph) in self.glyphs.borrow().iter() {
            let _ = writeln!(
                defs,
                "<path id=\"{}\" d=\"{}\"/>",
                glyph_id(bold, glyph),
                cached_outline(bold, glyph)
            );
        }
        defs.push_str("</defs>\n");
        let (head, body) = match svg.find('>') {
            Some(end) if svg.starts_with("<svg") => (&svg[..=end], &svg[end + 1..]),
            _ => ("", svg),
        };
        let head = sized_root(head, width, height);
        let body = body.trim_end();
        let body = body.strip_suffix("</svg>").unwrap_or(body);
        let body = body.trim_start_matches('\n');
        // The cells go right after the background (the first element).
        let (background, body) = match body.find("/>\n") {
            Some(end) if body.starts_with("<rect") => body.split_at(end + 3),
            _ => ("", body),
        };
        format!(
            "{head}\n{defs}{background}{}{body}{}</svg>\n",
            self.cells.borrow(),
            self.groups.borrow()
        )
    }
}

/// The root element with the xlink namespace and `width`/`height` replaced (the
/// `viewBox` stays, so the drawing scales).
fn sized_root(head: &str, width: u32, height: u32) -> String {
    let mut out = String::new();
    let mut rest = head;
    for (attr, value) in [("width", width), ("height", height)] {
        let key = format!(" {attr}=\"");
        if let Some(at) = rest.find(&key) {
            let after = at + key.len();
            if let Some(len) = rest[after..].find('"') {
                out.push_str(&rest[..after]);
                out.push_str(&value.to_string());
                rest = &rest[after + len..];
            }
        }
    }
    out.push_str(rest);
    if !out.contains("xmlns:xlink") {
        out = out.replacen(
            "<svg",
            "<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\"",
            1,
        );
    }
    out
}

/// [`outline`], computed once per glyph for the whole process (every chart uses the
/// same few dozen glyphs).
fn cached_outline(bold: bool, glyph: u16) -> std::sync::Arc<str> {
    static CACHE: Mutex<BTreeMap<(bool, u16), std::sync::Arc<str>>> = Mutex::new(BTreeMap::new());
    let lookup =
        |cache: &BTreeMap<(bool, u16), std::sync::Arc<str>>| cache.get(&(bold, glyph)).cloned();
    if let Some(d) = lookup(&CACHE.lock().unwrap_or_else(PoisonError::into_inner)) {
        return d;
    }
    let d: std::sync::Arc<str> = outline(bold, glyph).into();
    CACHE
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .entry((bold, glyph))
        .or_insert(d)
        .clone()
}

/// Path data of a glyph in font units, y pointing down (SVG's direction).
fn outline(bold: bool, glyph: u16) -> String {
    let data = if bold { FONT_BOLD } else { FONT_REGULAR };
    let Ok(font) = FontRef::try_from_slice(data) else {
        return String::new();
    };
    let Some(outline) = font.outline(GlyphId(glyph)) else {
        return String::new();
    };
    let mut d = String::new();
    let mut last: Option<(f32, f32)> = None;
    let pt = |p: ab_glyph::Point| format!("{} {}", num(f64::from(p.x)), num(-f64::from(p.y)));
    for curve in &outline.curves {
        let (start, end) = match *curve {
            OutlineCurve::Line(a, b) => (a, b),
            OutlineCurve::Quad(a, _, c) => (a, c),
            OutlineCurve::Cubic(a, _, _, d) => (a, d),
        };
        if last != Some((start.x, start.y)) {
            if last.is_some() {
                d.push('Z');
            }
            let _ = write!(d, "M{}", pt(start));
        }
        let _ = match *curve {
            OutlineCurve::Line(_, b) => write!(d, "L{}", pt(b)),
            OutlineCurve::Quad(_, b, c) => write!(d, "Q{} {}", pt(b), pt(c)),
            OutlineCurve::Cubic(_, b, c, e) => write!(d, "C{} {} {}", pt(b), pt(c), pt(e)),
        };
        last = Some((end.x, end.y));
    }
    if last.is_some() {
        d.push('Z');
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_are_defined_once_and_text_is_labelled() {
        let text = SvgText::default();
        for origin in [(10.0, 20.0), (10.0, 60.0)] {
            assert!(text.add(&Placed {
                text: "a<b & a'",
                origin,
                start: 0.0,
                up: false,
                size: 16.0,
                bold: false,
                color: RGBColor(1, 2, 3),
            }));
        }
        let svg = text.finish(
            "<svg width=\"100\" height=\"50\" viewBox=\"0 0 100 50\" xmlns=\"http://www.w3.org/2000/svg\">\n<rect/>\n</svg>\n",
            (300, 150),
        );
        assert!(svg.starts_with("<svg xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"300\" height=\"150\" viewBox=\"0 0 100 50\""), "{svg}");
        let a = glyph_id(false, FontMetrics::get(false).expect("font").glyph('a'));
        assert_eq!(svg.matches(&format!("<path id=\"{a}\"")).count(), 1);
        assert_eq!(svg.matches(&format!("href=\"#{a}\"")).count(), 4);
        assert!(svg.contains("aria-label=\"a&lt;b &amp; a&apos;\""));
        assert!(svg.contains("fill=\"#010203\""));
        assert!(!svg.contains("<text"));
        // Outlines are real curves: the letter a has two contours (bowl and outside).
        let d = outline(false, FontMetrics::get(false).expect("font").glyph('a'));
        assert_eq!(d.matches('M').count(), 2, "{d}");
        assert!(d.contains('Q'));
    }

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.23456), "1.235");
        assert_eq!(num(f64::NAN), "0");
        assert_eq!(num(-0.0), "0");
        assert_eq!(num(-1434.0), "-1434");
        assert_eq!(num(1.0e20), "100000000000000000000");
        for v in [-2048.0, -3.0, 0.0, 7.0, 1536.0, 123_456.0] {
            let slow = format!("{v:.3}");
            let slow = slow.trim_end_matches('0').trim_end_matches('.');
            assert_eq!(num(v), if slow == "-0" { "0" } else { slow });
        }
    }
}
