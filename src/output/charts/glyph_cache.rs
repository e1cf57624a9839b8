//! Rasterized glyphs for the PNG text path, cached per process.
//!
//! The charts draw the same few characters at the same few sizes thousands of times, so
//! each glyph is rasterized once with ab_glyph, keyed by weight, exact size bits and
//! character, and blended straight into the PNG's pixels (`Raster::blend_glyphs`).
//!
//! Invariant: a glyph's pixels are placed relative to its origin *on the baseline*, never
//! relative to the top of its own ink. Pixel `(x, y)` covers the square from `(x, y)` to
//! `(x + 1, y + 1)` in pixels from the origin, y pointing down, so the row just above
//! the baseline is `y = -1` and a descender reaches rows `y >= 0`. The caller puts the
//! origin on a whole pixel, so every glyph of a piece of text shares one baseline and
//! each shows its outline's own rows: a flat-bottomed "x", "n", "v", "w", "z", "H" ends
//! on the same row at every size, and a comma's tail goes below the baseline where a
//! period's does not. (plotters' own text drawing rounds each glyph's offset from a top
//! anchor separately, truncating towards zero, so short glyphs such as "v w x y z" and
//! the comma sat a pixel higher than tall ones at many sizes.)

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, PxScale, point};

use super::font::{FONT_BOLD, FONT_REGULAR};

/// One pixel of a glyph: offset from the glyph's origin on the baseline (before any
/// rotation) and coverage in (0, 1]. Pixels of zero coverage are left out.
type Pixel = (i32, i32, f32);

/// A glyph's pixels, row by row.
pub(super) type Glyph = Arc<[Pixel]>;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    bold: bool,
    size_bits: u64,
    ch: char,
}

/// Glyphs kept before the cache starts over (titles shrunk to fit bring odd sizes).
const CAPACITY: usize = 8192;

fn cache() -> &'static Mutex<HashMap<Key, Glyph>> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Glyph>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The embedded font of that weight, parsed once.
fn font(bold: bool) -> Result<&'static FontRef<'static>, String> {
    static REGULAR: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    static BOLD: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    let (cell, data) = if bold {
        (&BOLD, FONT_BOLD)
    } else {
        (&REGULAR, FONT_REGULAR)
    };
    cell.get_or_init(|| FontRef::try_from_slice(data).ok())
        .as_ref()
        .ok_or_else(|| "font error: the embedded DejaVu Sans font is invalid".to_string())
}

/// `ch` at plotters font size `size` (the font's ascent - descent in pixels, as
/// everywhere in the charts), its origin on the baseline at (0, 0).
fn rasterize(ch: char, size: f64, bold: bool) -> Result<Glyph, String> {
    let font = font(bold)?;
    let glyph = font
        .glyph_id(ch)
        .with_scale_and_position(PxScale::from(size as f32), point(0.0, 0.0));
    let Some(outlined) = font.outline_glyph(glyph) else {
        // No outline (a space): nothing to draw.
        return Ok(Arc::from(Vec::new()));
    };
    // `draw` reports pixels from the top-left corner of the whole-pixel bounds, which
    // are the outline's bounds rounded outwards from the origin: adding their corner
    // puts every pixel back at its place relative to the origin.
    let bounds = outlined.px_bounds();
    let (left, top) = (bounds.min.x as i32, bounds.min.y as i32);
    let mut pixels = Vec::new();
    outlined.draw(|x, y, a| {
        if a > 0.0 {
            pixels.push((left + x as i32, top + y as i32, a.min(1.0)));
        }
    });
    Ok(pixels.into())
}

/// The glyphs of `chars` at plotters font size `size`, rasterized on first use.
pub(super) fn glyphs(
    chars: impl IntoIterator<Item = char>,
    size: f64,
    bold: bool,
) -> Result<Vec<Glyph>, String> {
    // A poisoned lock only means another thread panicked mid-insert of a complete value.
    let mut map = cache().lock().unwrap_or_else(|e| e.into_inner());
    chars
        .into_iter()
        .map(|ch| {
            let key = Key {
                bold,
                size_bits: size.to_bits(),
                ch,
            };
            if let Some(glyph) = map.get(&key) {
                return Ok(glyph.clone());
            }
            let glyph = rasterize(ch, size, bold)?;
            if map.len() >= CAPACITY {
                map.clear();
            }
            map.insert(key, glyph.clone());
            Ok(glyph)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every glyph the charts are expected to draw: printable ASCII and the Greek letters
    /// of axelrod's sequence players (π, φ).
    fn chart_chars() -> impl Iterator<Item = char> {
        ('!'..='~').chain(['\u{3c0}', '\u{3c6}'])
    }

    /// Sizes 6 to 48 pixels in quarter pixels, and a few odd ones (scaled charts).
    fn chart_sizes() -> impl Iterator<Item = f64> {
        (24..=192)
            .map(|q| f64::from(q) / 4.0)
            .chain([13.333, 17.3, 21.6, 50.0, 62.5])
    }

    /// Rows of visible ink (coverage of at least 1/256, the least that changes a pixel).
    fn ink_rows(glyph: &[Pixel]) -> (i32, i32) {
        let rows = || glyph.iter().filter(|p| p.2 >= 1.0 / 256.0).map(|p| p.1);
        (
            rows().min().expect("some ink"),
            rows().max().expect("some ink"),
        )
    }

    #[test]
    fn glyphs_are_rasterized_once_per_size_and_weight() {
        let size = 17.25;
        let first = glyphs("gA".chars(), size, true).expect("glyphs");
        let again = glyphs("Ag".chars(), size, true).expect("glyphs");
        assert!(Arc::ptr_eq(&first[0], &again[1]), "served from the cache");
        assert!(Arc::ptr_eq(&first[1], &again[0]));
        assert!(first[0].iter().all(|p| p.2 > 0.0 && p.2 <= 1.0));
        // Another size or weight is another glyph.
        let regular = glyphs("g".chars(), size, false).expect("glyphs");
        assert_ne!(&*regular[0], &*first[0]);
        let bigger = glyphs("g".chars(), 2.0 * size, true).expect("glyphs");
        assert!(bigger[0].len() > first[0].len());
        // A space has no ink.
        assert!(glyphs([' '], size, false).expect("space")[0].is_empty());
    }

    #[test]
    fn every_glyph_sits_on_the_baseline_at_every_size() {
        for bold in [false, true] {
            let font = font(bold).expect("font");
            let per_pixel = f64::from(font.height_unscaled());
            let mut flat = String::new();
            for ch in chart_chars() {
                let id = font.glyph_id(ch);
                assert_ne!(id.0, 0, "{ch:?} is in DejaVu Sans");
                // ab_glyph's unscaled bounds: min.y is the top, max.y the bottom (font
                // units, y up).
                let bounds = font.outline(id).expect("outline").bounds;
                let (top, bottom) = (f64::from(bounds.min.y), f64::from(bounds.max.y));
                if bottom == 0.0 {
                    flat.push(ch);
                }
                for size in chart_sizes() {
                    let glyph = rasterize(ch, size, bold).expect("glyph");
                    let (first, last) = ink_rows(&glyph);
                    let scale = size / per_pixel;
                    let at = format!("{ch:?} at {size} (bold: {bold})");
                    // The ink is where the outline is, measured from the baseline.
                    assert!(first >= (-top * scale).floor() as i32, "{at}: top {first}");
                    assert!(
                        last < (-bottom * scale).ceil() as i32,
                        "{at}: bottom {last}"
                    );
                    if bottom == 0.0 {
                        // Standing on the baseline: ink down to the row just above it.
                        assert_eq!(last, -1, "{at}");
                    }
                    if bottom * scale <= -0.5 {
                        // A descender shows below the baseline.
                        assert!(last >= 0, "{at}: descender ends at {last}");
                    }
                }
            }
            for ch in "xnvwzHkEL14".chars() {
                assert!(flat.contains(ch), "{ch:?} stands on the baseline: {flat}");
            }
        }
    }

    #[test]
    fn a_comma_is_not_a_period() {
        for bold in [false, true] {
            for size in chart_sizes() {
                let comma = rasterize(',', size, bold).expect("comma");
                let period = rasterize('.', size, bold).expect("period");
                let at = format!("at {size} (bold: {bold})");
                assert_ne!(&*comma, &*period, "{at}");
                assert_eq!(
                    ink_rows(&period).1,
                    -1,
                    "the period sits on the baseline {at}"
                );
                assert!(
                    ink_rows(&comma).1 >= 0,
                    "the comma's tail goes below it {at}"
                );
            }
        }
    }
}
