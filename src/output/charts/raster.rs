//! The PNG drawing surface: an 8-bit RGB buffer that plotters draws shapes into (every
//! drawing call is handed to a `BitMapBackend` over the same buffer, so shapes come out
//! exactly as plotters draws them) and that the chart code can also write into directly
//! between those calls: cached glyphs are blended straight into the bytes
//! ([`Raster::blend_glyphs`]) instead of through one backend call per pixel, with
//! plotters' own blending arithmetic, so each pixel comes out as the bitmap backend's
//! `draw_pixel` of that coverage would make it.

use std::cell::RefCell;

use plotters::prelude::{BitMapBackend, DrawingBackend};
use plotters::style::{FontTransform, RGBColor};
use plotters_backend::{
    BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind,
};

use super::glyph_cache::Glyph;

type BitMapError = <BitMapBackend<'static> as DrawingBackend>::ErrorType;
type Drawn = Result<(), DrawingErrorKind<BitMapError>>;

/// An RGB pixel buffer of `size` pixels, shared between plotters (through
/// [`Raster::backend`]) and direct writes.
pub(super) struct Raster {
    pixels: RefCell<Vec<u8>>,
    size: (u32, u32),
}

impl Raster {
    /// A black buffer of `size` pixels.
    pub(super) fn new(size: (u32, u32)) -> Self {
        Self {
            pixels: RefCell::new(vec![0u8; size.0 as usize * size.1 as usize * 3]),
            size,
        }
    }

    /// A plotters backend drawing into this buffer.
    pub(super) fn backend(&self) -> RasterBackend<'_> {
        RasterBackend { raster: self }
    }

    /// The pixels, row by row.
    pub(super) fn into_pixels(self) -> Vec<u8> {
        self.pixels.into_inner()
    }

    /// Runs `draw` on a bitmap backend over the buffer (a cheap wrapper: no copy).
    fn with_bitmap<T>(&self, draw: impl FnOnce(&mut BitMapBackend<'_>) -> T) -> T {
        let mut pixels = self.pixels.borrow_mut();
        let mut backend = BitMapBackend::with_buffer(&mut pixels, self.size);
        draw(&mut backend)
    }

    /// Blends `glyphs` in `color`, each with its origin (on the baseline, see
    /// `glyph_cache`) at its point of `origins` and turned by `rotate`, as plotters'
    /// bitmap backend blends a pixel of that coverage: pixels outside the buffer are
    /// skipped, coverage of at least 255/256 replaces the pixel, lower coverage `a`
    /// moves each channel by `floor(a * 256) / 256` of the way to the colour (rounded
    /// towards the old value, as plotters does).
    pub(super) fn blend_glyphs(
        &self,
        origins: &[BackendCoord],
        glyphs: &[Glyph],
        rotate: FontTransform,
        color: RGBColor,
    ) {
        let (w, h) = (self.size.0 as i32, self.size.1 as i32);
        let mut pixels = self.pixels.borrow_mut();
        let rgb = [color.0, color.1, color.2];
        for (pos, glyph) in origins.iter().zip(glyphs) {
            for &(x, y, a) in glyph.iter() {
                let (x, y) = rotate.transform(x, y);
                let (x, y) = (pos.0 + x, pos.1 + y);
                if x < 0 || x >= w || y < 0 || y >= h {
                    continue;
                }
                let base = (y as usize * w as usize + x as usize) * 3;
                let alpha = f64::from(a);
                let px = &mut pixels[base..base + 3];
                if alpha >= 1.0 - 1.0 / 256.0 {
                    px.copy_from_slice(&rgb);
                } else if alpha > 0.0 {
                    let weight = (alpha * 256.0).floor() as u64;
                    for (old, &new) in px.iter_mut().zip(&rgb) {
                        *old = blend(*old, new, weight);
                    }
                }
            }
        }
    }
}

/// plotters' bitmap blend of one channel: `weight`/256 of the way from `old` to
/// `new`, the step rounded down.
fn blend(old: u8, new: u8, weight: u64) -> u8 {
    if new > old {
        old + (u64::from(new - old) * weight / 256) as u8
    } else {
        old - (u64::from(old - new) * weight / 256) as u8
    }
}

/// The plotters backend of a [`Raster`]: every call is the `BitMapBackend`'s own.
pub(super) struct RasterBackend<'a> {
    raster: &'a Raster,
}

impl DrawingBackend for RasterBackend<'_> {
    type ErrorType = BitMapError;

    fn get_size(&self) -> (u32, u32) {
        self.raster.size
    }

    fn ensure_prepared(&mut self) -> Drawn {
        Ok(())
    }

    fn present(&mut self) -> Drawn {
        Ok(())
    }

    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Drawn {
        self.raster.with_bitmap(|b| b.draw_pixel(point, color))
    }

    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Drawn {
        self.raster.with_bitmap(|b| b.draw_line(from, to, style))
    }

    fn draw_rect<S: BackendStyle>(
        &mut self,
        upper_left: BackendCoord,
        bottom_right: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Drawn {
        self.raster
            .with_bitmap(|b| b.draw_rect(upper_left, bottom_right, style, fill))
    }

    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Drawn {
        self.raster.with_bitmap(|b| b.draw_path(path, style))
    }

    fn draw_circle<S: BackendStyle>(
        &mut self,
        center: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Drawn {
        self.raster
            .with_bitmap(|b| b.draw_circle(center, radius, style, fill))
    }

    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        vert: I,
        style: &S,
    ) -> Drawn {
        self.raster.with_bitmap(|b| b.fill_polygon(vert, style))
    }

    fn draw_text<TStyle: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &TStyle,
        pos: BackendCoord,
    ) -> Drawn {
        self.raster.with_bitmap(|b| b.draw_text(text, style, pos))
    }

    fn estimate_text_size<TStyle: BackendTextStyle>(
        &self,
        text: &str,
        style: &TStyle,
    ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
        self.raster
            .with_bitmap(|b| b.estimate_text_size(text, style))
    }

    fn blit_bitmap(&mut self, pos: BackendCoord, size: (u32, u32), src: &[u8]) -> Drawn {
        self.raster.with_bitmap(|b| b.blit_bitmap(pos, size, src))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters::prelude::{DrawingArea, IntoDrawingArea, Rectangle};
    use plotters::style::Color;

    fn shapes<DB: DrawingBackend>(area: &DrawingArea<DB, plotters::coord::Shift>) {
        area.fill(&RGBColor(250, 250, 250)).unwrap();
        area.draw(&Rectangle::new(
            [(3, 4), (30, 20)],
            RGBColor(10, 200, 30).mix(0.4).filled(),
        ))
        .unwrap();
        area.draw(&Rectangle::new(
            [(5, 2), (35, 25)],
            Color::stroke_width(&RGBColor(90, 20, 130), 3),
        ))
        .unwrap();
    }

    #[test]
    fn shapes_match_the_bitmap_backend() {
        let size = (40, 30);
        let mut plain = vec![0u8; 40 * 30 * 3];
        shapes(&BitMapBackend::with_buffer(&mut plain, size).into_drawing_area());
        let raster = Raster::new(size);
        shapes(&raster.backend().into_drawing_area());
        let pixels = raster.into_pixels();
        assert!(pixels.iter().any(|&b| b != 250), "something was drawn");
        assert_eq!(pixels, plain);
    }

    #[test]
    fn glyph_blending_matches_plotters_pixel_by_pixel() {
        let size = (23, 17);
        // Coverages on both sides of plotters' thresholds, pixels partly off the buffer.
        let coverage = [0.001f32, 0.25, 0.5, 0.7, 0.996, 0.9961, 1.0];
        let glyph: Glyph = (0..60)
            .map(|i| (i % 13 - 3, i / 5 - 2, coverage[i as usize % coverage.len()]))
            .collect::<Vec<_>>()
            .into();
        let anchors = [(2, 3), (15, 12), (20, 1)];
        let glyphs = vec![glyph.clone(), glyph.clone(), glyph];
        let colour = RGBColor(200, 30, 90);
        for rotate in [FontTransform::None, FontTransform::Rotate270] {
            let base: Vec<u8> = (0..23 * 17 * 3).map(|i| (i * 37 % 256) as u8).collect();
            let mut plain = base.clone();
            {
                let mut backend = BitMapBackend::with_buffer(&mut plain, size);
                for (pos, glyph) in anchors.iter().zip(&glyphs) {
                    for &(x, y, a) in glyph.iter() {
                        let (x, y) = rotate.transform(x, y);
                        let (x, y) = (pos.0 + x, pos.1 + y);
                        if (0..23).contains(&x) && (0..17).contains(&y) {
                            let c = colour.mix(f64::from(a)).to_backend_color();
                            backend.draw_pixel((x, y), c).unwrap();
                        }
                    }
                }
            }
            let raster = Raster::new(size);
            raster.pixels.borrow_mut().copy_from_slice(&base);
            raster.blend_glyphs(&anchors, &glyphs, rotate.clone(), colour);
            let pixels = raster.into_pixels();
            assert_ne!(pixels, base);
            assert_eq!(pixels, plain);
        }
    }
}
