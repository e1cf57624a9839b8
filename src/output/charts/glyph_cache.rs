//! Rasterized glyphs for the PNG text path, cached per process.
//!
//! plotters rasterizes a glyph's outline on every `draw_text` call; the charts draw the
//! same few characters at the same few sizes thousands of times. Here each glyph is
//! rasterized once, by plotters itself (`FontDesc::draw`, so the coverage is exactly the
//! one it would compute), keyed by font, exact size bits and character, and blended
//! straight into the PNG's pixels (`Raster::blend_glyphs`) with the colour, rotation and
//! blending plotters' default `draw_text` would use: the PNG stays pixel-identical.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::font::font_desc;

/// One pixel of a glyph: offset from plotters' top-left text anchor (before any
/// rotation) and coverage in (0, 1]. Pixels of zero coverage are left out: the bitmap
/// backend ignores them.
type Pixel = (i32, i32, f32);

/// A glyph's pixels, in the order plotters draws them.
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

fn rasterize(ch: char, size: f64, bold: bool) -> Result<Glyph, String> {
    let mut buf = [0u8; 4];
    let mut pixels = Vec::new();
    font_desc(size, bold)
        .draw(ch.encode_utf8(&mut buf), (0, 0), |x, y, a| {
            if a > 0.0 {
                pixels.push((x, y, a));
            }
            Ok::<(), std::convert::Infallible>(())
        })
        .map_err(|e| format!("font error: {e}"))?
        .unwrap_or_else(|never| match never {});
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
    use crate::output::charts::font::ensure_fonts;

    #[test]
    fn glyphs_are_rasterized_once_and_match_plotters() {
        ensure_fonts(std::path::Path::new("glyphs")).expect("fonts");
        let size = 17.25;
        let first = glyphs("gA".chars(), size, true).expect("glyphs");
        let again = glyphs("Ag".chars(), size, true).expect("glyphs");
        assert!(Arc::ptr_eq(&first[0], &again[1]), "served from the cache");
        assert!(Arc::ptr_eq(&first[1], &again[0]));
        let mut direct = Vec::new();
        font_desc(size, true)
            .draw("g", (0, 0), |x, y, a| {
                direct.push((x, y, a));
                Ok::<(), ()>(())
            })
            .expect("font")
            .expect("draw");
        assert!(
            direct.iter().any(|p| p.2 == 0.0),
            "plotters draws empty pixels"
        );
        direct.retain(|p| p.2 > 0.0);
        assert!(!direct.is_empty());
        assert_eq!(&*first[0], direct.as_slice());
        // Another size or weight is another glyph.
        let regular = glyphs("g".chars(), size, false).expect("glyphs");
        assert_ne!(&*regular[0], &*first[0]);
        let bigger = glyphs("g".chars(), 2.0 * size, true).expect("glyphs");
        assert!(bigger[0].len() > first[0].len());
    }
}
