//! The chart keys of a scenario's `[output]` table, the same for every kind that draws
//! charts:
//!
//! ```toml
//! [output]
//! width = 1800      # final width in pixels (1 to 20000); the height follows
//! height = 1200     # final height in pixels (1 to 20000); with width: fit inside both
//! dpi = 300         # PNG resolution (24 to 1200; default 96 = the natural size)
//! format = "both"   # "png", "svg" or "both" (default); no PDF: plotters cannot write it
//! title = true      # draw the chart titles (default true)
//! font_size = 16    # tick label size in pixels (6 to 48; other text in proportion)
//! ```
//!
//! Each kind's reader calls [`read`] on its `[output]` table before rejecting unknown
//! keys, and [`write`] when it writes the resolved scenario.
//!
//! Every value in these ranges is accepted, but a chart's PNG picture is held in memory
//! (3 bytes a pixel) while it is drawn: the work model refuses a scenario whose largest
//! chart is over the chart memory budget (`work::MAX_CHART_PIXELS`, 3 x 10^8 pixels), up
//! front or as it is drawn, unless the limits are lifted (`--no-limit`, `[limits] none =
//! true`); `width = height = 20000` is over it.

use crate::output::charts::{ChartFormat, ChartStyle};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;

/// Largest width or height, in pixels.
pub const MAX_PIXELS: u32 = 20_000;
const DPI: (u32, u32) = (24, 1200);
const FONT_SIZE: (f64, f64) = (6.0, 48.0);

fn pixels(output: &mut TableReader<'_>, key: &str) -> Result<Option<u32>, ScenarioError> {
    let Some(n) = output.integer(key)? else {
        return Ok(None);
    };
    if !(1..=i64::from(MAX_PIXELS)).contains(&n.value) {
        return Err(output.error(
            n.span.start,
            key,
            format!(
                "must be a whole number of pixels from 1 to {MAX_PIXELS}, got {}",
                n.value
            ),
        ));
    }
    Ok(Some(n.value as u32))
}

/// Reads the chart keys of `output` (marking them as known), defaults for absent ones.
pub fn read(output: &mut TableReader<'_>) -> Result<ChartStyle, ScenarioError> {
    let mut style = ChartStyle {
        width: pixels(output, "width")?,
        height: pixels(output, "height")?,
        ..ChartStyle::default()
    };
    if let Some(dpi) = output.integer("dpi")? {
        if !(i64::from(DPI.0)..=i64::from(DPI.1)).contains(&dpi.value) {
            return Err(output.error(
                dpi.span.start,
                "dpi",
                format!(
                    "must be a whole number from {} to {}, got {}",
                    DPI.0, DPI.1, dpi.value
                ),
            ));
        }
        style.dpi = dpi.value as u32;
    }
    if let Some(format) = output.string("format")? {
        style.format = ChartFormat::from_name(&format.value).ok_or_else(|| {
            let pdf = if format.value.eq_ignore_ascii_case("pdf") {
                " (no pdf: plotters cannot write PDF; convert the SVG, e.g. rsvg-convert -f pdf)"
            } else {
                ""
            };
            output.error(
                format.span.start,
                "format",
                format!(
                    "unknown chart format `{}`; allowed: {}{pdf}",
                    format.value,
                    ChartFormat::NAMES.join(", ")
                ),
            )
        })?;
    }
    if let Some(title) = output.boolean("title")? {
        style.title = title.value;
    }
    if let Some(size) = output.number("font_size")? {
        if !(FONT_SIZE.0..=FONT_SIZE.1).contains(&size.value) {
            return Err(output.error(
                size.span.start,
                "font_size",
                format!(
                    "must be from {} to {} pixels, got {}",
                    FONT_SIZE.0, FONT_SIZE.1, size.value
                ),
            ));
        }
        style.font_size = size.value;
    }
    Ok(style)
}

/// Writes `style` into a resolved `[output]` table (width and height only when set).
pub fn write(style: &ChartStyle, output: &mut toml::Table) {
    if let Some(width) = style.width {
        output.insert("width".into(), i64::from(width).into());
    }
    if let Some(height) = style.height {
        output.insert("height".into(), i64::from(height).into());
    }
    output.insert("dpi".into(), i64::from(style.dpi).into());
    output.insert("format".into(), style.format.name().into());
    output.insert("title".into(), style.title.into());
    output.insert("font_size".into(), style.font_size.into());
}

/// `style` as a resolved `[output]` table.
pub fn table(style: &ChartStyle) -> toml::Table {
    let mut t = toml::Table::new();
    write(style, &mut t);
    t
}
