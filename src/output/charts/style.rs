//! Sizes, spacing, shared texts and the colour palette common to every chart kind
//! (colours and sizes used by a single chart kind live with that chart), and the
//! [`ChartStyle`] a scenario's `[output]` table chooses (size, resolution, formats, title,
//! font size).
//!
//! The style in effect is set for a stretch of drawing with [`with_style`] (the results
//! runner wraps each scenario in it) and read by the text sizes below and by the renderer,
//! so chart kinds need no style parameter: every `draw_*` call inside `with_style` obeys it,
//! every call outside uses [`ChartStyle::default`].

use std::cell::Cell;

use plotters::style::RGBColor;

pub(super) const MARGIN: f64 = 24.0;
/// Space between the bottom of the title and the top of the plot.
pub(super) const TITLE_GAP: f64 = 22.0;
pub(super) const TICK_LEN: f64 = 6.0;
pub(super) const MAX_NAME_WIDTH: f64 = 560.0;

/// Widest name (pixels) before it is shortened with an ellipsis: less room per name when
/// there are many, so 100+ long strategy names do not squeeze the plot.
pub(super) fn max_name_width(count: usize) -> f64 {
    match count {
        0..=40 => MAX_NAME_WIDTH,
        41..=100 => 440.0,
        _ => 340.0,
    }
}
pub(super) const NOT_AVAILABLE: &str = "n/a";
pub(super) const NO_DATA: &str = "no data";

pub(super) const WHITE: RGBColor = RGBColor(255, 255, 255);
pub(super) const BLACK: RGBColor = RGBColor(0, 0, 0);
pub(super) const TEXT: RGBColor = RGBColor(25, 25, 25);
pub(super) const MUTED: RGBColor = RGBColor(120, 120, 120);
pub(super) const FRAME: RGBColor = RGBColor(60, 60, 60);

/// Which files a chart is written as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartFormat {
    /// `<stem>.png` only.
    Png,
    /// `<stem>.svg` only.
    Svg,
    /// Both (the default).
    Both,
}

impl ChartFormat {
    /// The names accepted in `[output] format`, in the order they are listed to users.
    pub const NAMES: [&'static str; 3] = ["png", "svg", "both"];

    /// The format called `name` (one of [`ChartFormat::NAMES`]).
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "png" => Some(Self::Png),
            "svg" => Some(Self::Svg),
            "both" => Some(Self::Both),
            _ => None,
        }
    }

    /// The name written in a resolved scenario.
    pub fn name(self) -> &'static str {
        match self {
            Self::Png => "png",
            Self::Svg => "svg",
            Self::Both => "both",
        }
    }

    /// Whether PNG files are written.
    pub fn png(self) -> bool {
        matches!(self, Self::Png | Self::Both)
    }

    /// Whether SVG files are written.
    pub fn svg(self) -> bool {
        matches!(self, Self::Svg | Self::Both)
    }
}

/// How charts are rendered: size, resolution, formats, title and font size.
///
/// Each chart lays itself out at its natural size (about 1200 pixels wide; taller with more
/// rows) with text `font_size` pixels high for tick labels (other text in proportion).
/// Then:
/// * no `width`/`height`: the PNG is that size times `dpi / 96` (so `dpi = 300` gives the
///   same picture at print resolution), the SVG keeps the natural size;
/// * `width` or `height`: the picture is scaled, keeping its proportions, to that many
///   pixels (the other side follows);
/// * both: scaled to fit inside `width` x `height` and centred on white.
///
/// The PNG records `dpi` (pHYs chunk) so word processors place it at the intended size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChartStyle {
    /// Final width in pixels.
    pub width: Option<u32>,
    /// Final height in pixels.
    pub height: Option<u32>,
    /// Dots per inch of the PNG.
    pub dpi: u32,
    /// Which files are written.
    pub format: ChartFormat,
    /// Whether the title is drawn (off for figures captioned in a paper).
    pub title: bool,
    /// Size of tick labels in pixels at the natural size (16 by default); titles, axis
    /// labels, legends and values scale with it.
    pub font_size: f64,
    /// Most pixels of one PNG picture (`None`: no limit). Not an `[output]` key: the
    /// work model's chart budget (`scenario::work::MAX_CHART_PIXELS`), set on a scenario
    /// read within the limits and lifted by `--no-limit` or `[limits] none = true`. A
    /// picture over it is not drawn: [`crate::output::charts::ChartError::OverBudget`].
    pub pixel_limit: Option<u64>,
}

/// Dots per inch of the natural size.
pub const BASE_DPI: u32 = 96;
/// Default `font_size`.
pub const BASE_FONT_SIZE: f64 = 16.0;

impl Default for ChartStyle {
    fn default() -> Self {
        Self {
            width: None,
            height: None,
            dpi: BASE_DPI,
            format: ChartFormat::Both,
            title: true,
            font_size: BASE_FONT_SIZE,
            pixel_limit: None,
        }
    }
}

thread_local! {
    static CURRENT: Cell<ChartStyle> = Cell::new(ChartStyle::default());
}

/// Runs `f` with `style` in effect for every chart drawn on this thread, then restores
/// the style that was in effect before.
pub fn with_style<T>(style: &ChartStyle, f: impl FnOnce() -> T) -> T {
    struct Restore(ChartStyle);
    impl Drop for Restore {
        fn drop(&mut self) {
            CURRENT.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(CURRENT.with(|c| c.replace(*style)));
    f()
}

/// Runs `a` and `b` in parallel (rayon's current pool), each with the style
/// in effect here: a way to draw independent charts at once, which a bare
/// `rayon::join` would draw with the default style on the other thread.
pub fn join<RA: Send, RB: Send>(
    a: impl FnOnce() -> RA + Send,
    b: impl FnOnce() -> RB + Send,
) -> (RA, RB) {
    let style = current();
    rayon::join(|| with_style(&style, a), || with_style(&style, b))
}

/// One chart to draw for [`par_draw`].
pub type ChartJob<'a, E> = Box<dyn FnOnce() -> Result<(), E> + Send + 'a>;

/// Draws every chart of `jobs` in parallel (rayon's current pool, so a run's
/// `--threads`), each with the style in effect here (like [`join`]). Every job runs;
/// the error returned is the first in list order, whichever thread met it first.
pub fn par_draw<E: Send>(jobs: Vec<ChartJob<'_, E>>) -> Result<(), E> {
    use rayon::prelude::*;
    let style = current();
    let results: Vec<Result<(), E>> = jobs
        .into_par_iter()
        .map(|job| with_style(&style, job))
        .collect();
    results.into_iter().collect()
}

/// The style in effect.
pub(super) fn current() -> ChartStyle {
    CURRENT.with(Cell::get)
}

/// Text sizes relative to the default `font_size`.
pub(super) fn font_scale() -> f64 {
    current().font_size / BASE_FONT_SIZE
}

/// Size of the title (0 when titles are off: no space is kept for it).
pub(super) fn title_size() -> f64 {
    if current().title {
        28.0 * font_scale()
    } else {
        0.0
    }
}

pub(super) fn label_size() -> f64 {
    20.0 * font_scale()
}

pub(super) fn tick_size() -> f64 {
    16.0 * font_scale()
}

pub(super) fn value_size() -> f64 {
    15.0 * font_scale()
}

#[cfg(test)]
mod join_tests {
    use super::*;

    #[test]
    fn join_carries_the_style_to_both_sides() {
        let style = ChartStyle {
            font_size: 30.0,
            ..ChartStyle::default()
        };
        let (a, b) = with_style(&style, || join(current, current));
        assert_eq!((a.font_size, b.font_size), (30.0, 30.0));
        assert_eq!(current().font_size, ChartStyle::default().font_size);
    }

    #[test]
    fn par_draw_runs_every_job_with_the_style_and_reports_the_first_error() {
        use std::sync::Mutex;
        let style = ChartStyle {
            font_size: 21.0,
            ..ChartStyle::default()
        };
        let seen = Mutex::new(Vec::new());
        let jobs: Vec<ChartJob<'_, usize>> = (0..6usize)
            .map(|i| {
                let seen = &seen;
                Box::new(move || {
                    seen.lock().unwrap().push((i, current().font_size));
                    if i == 2 || i == 4 { Err(i) } else { Ok(()) }
                }) as ChartJob<'_, usize>
            })
            .collect();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let result = pool.install(|| with_style(&style, || par_draw(jobs)));
        assert_eq!(result, Err(2));
        let mut seen = seen.into_inner().unwrap();
        seen.sort_by_key(|s| s.0);
        assert_eq!(seen, (0..6).map(|i| (i, 21.0)).collect::<Vec<_>>());
        assert_eq!(par_draw::<usize>(Vec::new()), Ok(()));
    }
}
