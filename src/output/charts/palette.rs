//! Colours for categories (strategies): the Okabe-Ito colour-blind-safe set
//! for up to 8 categories, evenly spaced viridis colours beyond that. The
//! same index always gets the same colour within a chart family.

use plotters::style::RGBColor;

use super::scale::viridis;

const OKABE_ITO: [RGBColor; 8] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(230, 159, 0),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(240, 228, 66),
    RGBColor(40, 40, 40),
];

/// The colour of category `i` of `count`.
pub(super) fn category_colour(i: usize, count: usize) -> RGBColor {
    if count <= OKABE_ITO.len() {
        OKABE_ITO[i % OKABE_ITO.len()]
    } else {
        viridis(i as f64 / (count - 1).max(1) as f64)
    }
}
