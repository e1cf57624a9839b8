//! Sizes, spacing, shared texts and the colour palette common to every chart kind
//! (colours and sizes used by a single chart kind live with that chart).

use plotters::style::RGBColor;

pub(super) const MARGIN: f64 = 24.0;
pub(super) const TITLE_SIZE: f64 = 28.0;
pub(super) const LABEL_SIZE: f64 = 20.0;
pub(super) const TICK_SIZE: f64 = 16.0;
pub(super) const VALUE_SIZE: f64 = 15.0;
/// Space between the bottom of the title and the top of the plot.
pub(super) const TITLE_GAP: f64 = 22.0;
pub(super) const TICK_LEN: f64 = 6.0;
pub(super) const MAX_NAME_WIDTH: f64 = 560.0;
pub(super) const NOT_AVAILABLE: &str = "n/a";
pub(super) const NO_DATA: &str = "no data";

pub(super) const WHITE: RGBColor = RGBColor(255, 255, 255);
pub(super) const BLACK: RGBColor = RGBColor(0, 0, 0);
pub(super) const TEXT: RGBColor = RGBColor(25, 25, 25);
pub(super) const MUTED: RGBColor = RGBColor(120, 120, 120);
pub(super) const FRAME: RGBColor = RGBColor(60, 60, 60);
