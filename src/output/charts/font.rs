//! The embedded DejaVu Sans font: registration with plotters under the family name
//! `"sans-serif"`, horizontal metrics read straight from the TrueType tables (so PNG text
//! can be placed glyph by glyph), and the text widths and ellipsis fitting every layout
//! relies on. No system font is ever looked up.

use std::path::Path;
use std::sync::OnceLock;

use plotters::style::{FontDesc, FontFamily, FontStyle, register_font};

use super::ChartError;
use crate::output::label::display_label;

pub(super) static FONT_REGULAR: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");
pub(super) static FONT_BOLD: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf");
const FAMILY: &str = "sans-serif";
/// DejaVu Sans: (hhea ascent - descent) / units per em = (1901 + 483) / 2048.
pub(super) const DEJAVU_HEIGHT_PER_EM: f64 = 2384.0 / 2048.0;
/// DejaVu Sans: cap height / units per em = 1493 / 2048.
pub(super) const DEJAVU_CAP_PER_EM: f64 = 1493.0 / 2048.0;

pub(super) fn ensure_fonts(stem: &Path) -> Result<(), ChartError> {
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

pub(super) fn font_desc(size: f64, bold: bool) -> FontDesc<'static> {
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
/// side bearing, which makes PNG text look badly spaced ("Ti t", "0. 5"), and rounds
/// each glyph's height separately (see `glyph_cache`). With these metrics the PNG text
/// is drawn glyph by glyph at the right positions instead.
pub(super) struct FontMetrics {
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
    pub(super) fn get(bold: bool) -> Option<&'static FontMetrics> {
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

    /// Font units per unit of plotters font size.
    pub(super) fn height_units(&self) -> f64 {
        self.height_units
    }

    pub(super) fn glyph(&self, c: char) -> u16 {
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

    /// Advance width in font units.
    fn advance(&self, glyph: u16) -> f64 {
        let g = usize::from(glyph).min(self.num_h_metrics.saturating_sub(1));
        f64::from(Self::u16_at(self.data, self.hmtx + 4 * g).unwrap_or(0))
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

    /// Pen position (pixels) of every character, and the total width.
    pub(super) fn layout(&self, text: &str, size: f64) -> (Vec<(char, f64)>, f64) {
        let scale = size / self.height_units;
        let mut pen = 0.0;
        let mut prev = None;
        let mut glyphs = Vec::with_capacity(text.len());
        for c in text.chars() {
            let g = self.glyph(c);
            if let Some(p) = prev {
                pen += self.kerning(p, g) * scale;
            }
            glyphs.push((c, pen));
            pen += self.advance(g) * scale;
            prev = Some(g);
        }
        (glyphs, pen)
    }
}

/// Width in pixels of `text` as drawn (PNG and SVG): as [`display_label`] shows it.
pub(super) fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let text = &*display_label(text);
    if let Some(metrics) = FontMetrics::get(bold) {
        return metrics.layout(text, size).1;
    }
    match font_desc(size, bold).box_size(text) {
        Ok((w, _)) => f64::from(w),
        Err(_) => 0.6 * size * text.chars().count() as f64,
    }
}

/// Returns `text` as [`display_label`] shows it, shortened with an ellipsis if it is
/// wider than `max_width`.
pub(super) fn fit_text(text: &str, size: f64, bold: bool, max_width: f64) -> String {
    let text = &*display_label(text);
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
