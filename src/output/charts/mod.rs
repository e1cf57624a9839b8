//! Publication-quality charts, written as PNG and/or SVG (both by default).
//!
//! The module is deliberately "pure data in, files out": every `draw_*` function takes
//! plain names and numbers (no tournament types) and writes `<stem>.png` and `<stem>.svg`
//! next to each other. Three chart kinds are offered:
//!
//! * [`draw_box_plot`]: distribution of a score per strategy (one box per strategy),
//! * [`draw_heat_map`]: a pairwise matrix (e.g. mean payoff of row strategy against column
//!   strategy) with a viridis colour scale and colour bar,
//! * [`draw_bar_chart`]: one number per strategy (e.g. number of wins).
//!
//! Box plots and bar charts are laid out horizontally: strategy names are written on the
//! y axis, first name at the top, so long names such as "First by Tideman and Chieruzzi:
//! (D, D)" stay readable and the canvas simply grows taller with the number of strategies.
//!
//! All text uses DejaVu Sans, embedded in the binary and registered with plotters under the
//! family name `"sans-serif"`; no system font is ever looked up (SVG text is written as the
//! font's glyph outlines, `svg_text`). Layout depends only on the input data and the
//! [`ChartStyle`] in effect ([`with_style`]: size, dpi, formats, title, font size), so the
//! same data always produces byte-identical files.
//!
//! Edge cases never panic: empty input draws an empty frame with the title and a "no data"
//! note, non-finite values (NaN, ±inf) are skipped (marked "n/a" in bar charts and box
//! plots, light grey cells in heat maps), a zero value range is widened artificially, and
//! negative values are supported.
//!
//! Files: `font` (embedded font, metrics, text widths), `scale` (ranges, ticks, number
//! formatting, colour map), `style` (shared sizes and colours), `canvas` (PNG/SVG plumbing
//! and text placement), `rows` (the layout shared by the two horizontal charts), `axes`
//! (frame, ticks and axis labels shared by the line and stacked area charts), `legend`
//! (legend rows under the title, columns of colour swatches) and one
//! file per chart kind: `box_plot`, `heat_map`, `bar_chart`, `contact_sheet` (many small
//! heat maps on a page, one colour bar), ...

mod axes;
mod bar_chart;
mod box_plot;
mod canvas;
mod contact_sheet;
#[cfg(test)]
mod extremes;
mod font;
mod glyph_cache;
mod heat_map;
mod interval_chart;
mod invasion_diagram;
mod labelled_lines;
mod lattice;
mod legend;
mod line_chart;
mod palette;
mod payoff_grid;
mod raster;
mod region_band;
mod region_map;
mod rows;
mod scale;
mod stacked_area;
mod style;
mod svg_text;
#[cfg(test)]
mod test_support;
mod violin;

use std::path::PathBuf;

pub use bar_chart::draw_bar_chart;
pub use box_plot::draw_box_plot;
pub use canvas::PIXEL_BUDGET;
pub use contact_sheet::{MAX_TILE_CELLS, draw_contact_sheet, tile_cells};
pub use heat_map::{draw_heat_map, draw_two_colour_map};
pub use interval_chart::draw_interval_chart;
pub use invasion_diagram::draw_invasion_diagram;
pub use labelled_lines::{LabelledLines, draw_labelled_lines};
pub use lattice::{draw_lattice, draw_lattice_frame};
pub use line_chart::{draw_line_chart, draw_line_panels};
pub use payoff_grid::{PayoffGrid, draw_payoff_grid};
pub use region_band::draw_region_band;
pub use region_map::draw_region_map;
pub use stacked_area::draw_stacked_area;
pub use style::{ChartFormat, ChartJob, ChartStyle, join, par_draw, with_style};
pub use violin::draw_violin_plot;

/// Error raised when a chart cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// The directory that should contain the chart files could not be created.
    #[error("cannot create directory {path} for chart files: {source}")]
    CreateDir {
        /// Directory that could not be created.
        path: PathBuf,
        /// Underlying I/O error.
        #[source]
        source: std::io::Error,
    },
    /// Drawing or writing one of the chart files failed.
    #[error("failed to draw chart {path}: {message}")]
    Draw {
        /// File that was being written.
        path: PathBuf,
        /// Message reported by the drawing backend.
        message: String,
    },
    /// The PNG picture would be larger than the chart memory budget in effect
    /// ([`ChartStyle::pixel_limit`]): refused before any pixel is allocated. Its text
    /// holds [`OVER_BUDGET`], so the study layer reports it as bad input (exit 2).
    #[error("{}", over_budget_message(.path, *.width, *.height, *.limit))]
    OverBudget {
        /// File that was to be written.
        path: PathBuf,
        /// Its width in pixels.
        width: u32,
        /// Its height in pixels.
        height: u32,
        /// The budget in pixels.
        limit: u64,
    },
}

/// How a chart over the memory budget ([`ChartError::OverBudget`]) begins its message.
pub const OVER_BUDGET: &str = "too much memory for a chart";

fn over_budget_message(path: &std::path::Path, width: u32, height: u32, limit: u64) -> String {
    let pixels = u64::from(width) * u64::from(height);
    format!(
        "{}: {OVER_BUDGET}: the picture would be {width} x {height} = {} pixels ({} MB at 3 \
         bytes a pixel), more than the chart budget of {} pixels (about {} MB); allowed: \
         [output] width, height and dpi that keep every chart within it (each chart's \
         natural size, about 1200 pixels wide and taller with more rows, times dpi / 96, or \
         fitted to width x height); make them smaller, or lift the limit with `--no-limit` \
         (on `dilemma run` or `dilemma merge`) or `[limits] none = true` in the scenario",
        path.display(),
        shown_count(pixels),
        (pixels * 3).div_ceil(1_000_000),
        shown_count(limit),
        (limit * 3).div_ceil(1_000_000)
    )
}

/// A count as digits, with its order of magnitude when large.
fn shown_count(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{n} ({:.1e})", n as f64)
    } else {
        n.to_string()
    }
}

/// The size of the PNG picture of a chart whose natural size is `natural` under
/// `style` (scaled by dpi / 96, or fitted to the width and height asked for): what the
/// chart memory budget counts.
pub fn png_size(natural: (u32, u32), style: &ChartStyle) -> (u32, u32) {
    canvas::png_size(natural, style)
}

/// The natural sizes (96 dpi) of the two largest charts a round robin of `names`
/// draws under the style in effect: its heat map (names x names) and its rows (a box,
/// violin or bar per name). The values do not change the size much (none here): an
/// estimate for the work model, made before anything is played.
pub fn round_robin_natural_sizes(names: &[String]) -> [(u32, u32); 2] {
    let heat = heat_map::natural_size(&HeatMap {
        title: "",
        row_label: "Player",
        col_label: "Opponent",
        value_label: "Mean payoff per turn",
        row_names: names,
        col_names: names,
        values: &[],
    });
    let rows = rows::Rows::new("", "Mean score per turn", "Strategy", names).size();
    [heat, rows]
}

/// The natural size (96 dpi) of `chart` drawn as a heat map under the style in effect,
/// nothing drawn: what the work model counts before a study runs. Only the names
/// (their number and widths), labels and title count: `values` may be empty.
pub fn heat_map_natural_size(chart: &HeatMap) -> (u32, u32) {
    heat_map::natural_size(chart)
}

/// The natural size (96 dpi) of `sheet` under the style in effect, nothing drawn.
pub fn contact_sheet_natural_size(sheet: &ContactSheet) -> (u32, u32) {
    contact_sheet::natural_size(sheet)
}

/// A contact sheet ([`draw_contact_sheet`]): one small heat map per name, in the order
/// given, filled row by row, each with its name under it; one colour scale for all,
/// drawn once as a colour bar at the bottom.
pub struct ContactSheet<'a> {
    /// Chart title.
    pub title: &'a str,
    /// One line under the title (what the tiles' axes are); may be empty.
    pub note: &'a str,
    /// Label of the colour bar.
    pub value_label: &'a str,
    /// One name per tile.
    pub names: &'a [String],
    /// One matrix per tile, `tiles[k][row][col]`, row 0 at the top; non-finite cells
    /// are grey.
    pub tiles: &'a [Vec<Vec<f64>>],
}

/// Box-and-whisker plot, one box per named sample, drawn in the order given (the caller
/// passes them already ranked best first; the first one is drawn at the top).
///
/// Boxes span the quartiles, the thick line is the median, whiskers reach the most extreme
/// observation within 1.5 IQR of the box and points beyond are drawn as open circles.
/// Non-finite observations are ignored.
pub struct BoxPlot<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value (horizontal) axis.
    pub value_label: &'a str,
    /// Label of the category (vertical) axis.
    pub category_label: &'a str,
    /// One name per box.
    pub names: &'a [String],
    /// One sample per name.
    pub samples: &'a [Vec<f64>],
}

/// Violin plot, one violin per named sample in the order given (first at the top): the
/// sample's kernel density estimate mirrored about the row, its median as a line.
/// Non-finite observations are ignored.
pub struct ViolinPlot<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value (horizontal) axis.
    pub value_label: &'a str,
    /// Label of the category (vertical) axis.
    pub category_label: &'a str,
    /// One name per violin.
    pub names: &'a [String],
    /// One sample per name.
    pub samples: &'a [Vec<f64>],
}

/// Heat map of a square or rectangular matrix with row names on the y axis and column names
/// on the x axis, a colour bar legend with its label, and the numeric value written in each
/// cell when the matrix is small enough to read (at most 20x20).
///
/// Row 0 is drawn at the top. Non-finite cells are drawn in light grey without a value.
/// Ragged input is tolerated: missing cells count as non-finite.
pub struct HeatMap<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the row (vertical) axis.
    pub row_label: &'a str,
    /// Label of the column (horizontal) axis.
    pub col_label: &'a str,
    /// Label of the colour bar.
    pub value_label: &'a str,
    /// One name per row.
    pub row_names: &'a [String],
    /// One name per column.
    pub col_names: &'a [String],
    /// `values[row][col]`.
    pub values: &'a [Vec<f64>],
}

/// Bar chart, one bar per name in the order given (first one at the top), with the value
/// written at the end of each bar.
///
/// Bars are horizontal (names on the y axis) so that long names stay legible; they start
/// at zero, so negative values extend to the left. Non-finite values get no bar and are
/// marked "n/a".
pub struct BarChart<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value (horizontal) axis.
    pub value_label: &'a str,
    /// Label of the category (vertical) axis.
    pub category_label: &'a str,
    /// One name per bar.
    pub names: &'a [String],
    /// One value per name.
    pub values: &'a [f64],
}

/// One named line of a [`LineChart`].
pub struct Series<'a> {
    /// Legend text.
    pub name: String,
    /// (x, y) points in drawing order; non-finite points break the line.
    pub points: &'a [(f64, f64)],
}

/// Line chart of one or more series against a numeric x axis, with a legend when there
/// is more than one series.
pub struct LineChart<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the horizontal axis.
    pub x_label: &'a str,
    /// Label of the vertical axis.
    pub y_label: &'a str,
    /// The lines.
    pub series: Vec<Series<'a>>,
    /// Draw as steps (hold each value until the next x).
    pub steps: bool,
    /// Include zero on the vertical axis.
    pub y_from_zero: bool,
}

/// Stacked area chart of shares over time (one band per category, stacked to 1).
pub struct StackedArea<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the horizontal axis.
    pub x_label: &'a str,
    /// Label of the vertical axis.
    pub y_label: &'a str,
    /// One name per band (bottom band first).
    pub names: &'a [String],
    /// x of each step.
    pub xs: &'a [f64],
    /// `shares[step][category]` (normalised per step when drawn).
    pub shares: &'a [Vec<f64>],
}

/// Estimates with confidence intervals, one row per category.
pub struct IntervalChart<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the value (horizontal) axis.
    pub value_label: &'a str,
    /// Label of the category (vertical) axis.
    pub category_label: &'a str,
    /// One name per row (first at the top).
    pub names: &'a [String],
    /// One estimate per name.
    pub values: &'a [f64],
    /// (low, high) per name.
    pub intervals: &'a [(f64, f64)],
    /// Optional dashed reference line: (legend text, value).
    pub reference: Option<(String, f64)>,
}

/// A lattice of typed cells.
pub struct LatticeImage<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// Type of each cell, row-major.
    pub cells: &'a [u8],
    /// Type names (legend).
    pub names: &'a [String],
}

/// Who invades whom ([`draw_invasion_diagram`]): one node per strategy, an
/// arrow where a mutant takes over more often than a neutral one.
pub struct InvasionDiagram<'a> {
    /// Chart title.
    pub title: &'a str,
    /// One name per strategy (node).
    pub names: &'a [String],
    /// Stationary abundance of each strategy (node area).
    pub abundance: &'a [f64],
    /// `(resident, mutant, ρ(resident -> mutant) x Z)` for every pair
    /// where ρZ > 1: an arrow from the resident to the mutant.
    pub arrows: &'a [(usize, usize, f64)],
    /// The population size Z.
    pub population: usize,
}

/// A parameter axis cut into intervals, one category (colour) per interval: which
/// equilibrium holds where along a 1-D sweep.
pub struct RegionBand<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the parameter axis.
    pub x_label: &'a str,
    /// The whole axis range.
    pub range: (f64, f64),
    /// `(from, to, category)` intervals.
    pub intervals: &'a [(f64, f64, usize)],
    /// Category names (legend), in colour order.
    pub categories: &'a [String],
    /// Boundaries to mark: position and exact label (e.g. "1/2").
    pub boundaries: &'a [(f64, String)],
    /// Lines of text under the legend.
    pub notes: &'a [String],
}

/// A 2-D grid of categorical cells over two parameters with boundary curves drawn on
/// top: which equilibrium holds where over a 2-D sweep.
pub struct RegionMapChart<'a> {
    /// Chart title.
    pub title: &'a str,
    /// Label of the horizontal axis.
    pub x_label: &'a str,
    /// Label of the vertical axis.
    pub y_label: &'a str,
    /// Horizontal range.
    pub x_range: (f64, f64),
    /// Vertical range.
    pub y_range: (f64, f64),
    /// Polygons in data coordinates, each with its category; they should tile
    /// the rectangle of the two ranges.
    pub areas: &'a [(Vec<(f64, f64)>, usize)],
    /// Category names (legend), in colour order.
    pub categories: &'a [String],
    /// Boundary curves: a legend name (e.g. the equation) and its polylines in
    /// data coordinates.
    pub curves: &'a [NamedCurve],
    /// Legend heading above the curves.
    pub curve_label: &'a str,
}

/// A curve of a region map: its legend name and its polylines in data coordinates.
pub type NamedCurve = (String, Vec<Vec<(f64, f64)>>);

/// `names` cut or padded with empty names to exactly `n` entries.
fn padded_names(names: &[String], n: usize) -> Vec<String> {
    (0..n)
        .map(|i| names.get(i).cloned().unwrap_or_default())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::canvas::with_suffix;
    use super::test_support::{check_files, out_dir, strings};
    use super::*;
    use std::path::Path;

    /// Deterministic pseudo-random numbers in [0, 1).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    const NINE: [&str; 9] = [
        "Cooperator",
        "Defector",
        "Tit For Tat",
        "Grudger",
        "Tit For 2 Tats",
        "Suspicious Tit For Tat",
        "Win-Stay Lose-Shift",
        "Alternator",
        "Random: 0.5",
    ];

    const LONG: [&str; 15] = [
        "First by Tideman and Chieruzzi: (D, D)",
        "Tit For Tat",
        "Grudger",
        "Second by Champion",
        "First by Shubik",
        "Suspicious Tit For Tat",
        "Win-Stay Lose-Shift",
        "Generous Tit For Tat",
        "Forgetful Fool Me Once",
        "Adaptive Pavlov 2011",
        "Hard Tit For 2 Tats",
        "Random: 0.5",
        "Cooperator",
        "Defector",
        "Alternator",
    ];

    fn samples(n: usize, lo: f64, hi: f64, seed: u64) -> Vec<Vec<f64>> {
        let mut rng = Lcg(seed);
        (0..n)
            .map(|i| {
                let centre = hi - (hi - lo) * (i as f64 + 0.5) / n as f64;
                let spread = 0.08 * (hi - lo);
                (0..40)
                    .map(|_| {
                        let jitter = (rng.next() + rng.next() + rng.next() - 1.5) * spread;
                        (centre + jitter).clamp(lo, hi)
                    })
                    .collect()
            })
            .collect()
    }

    fn matrix(n: usize, lo: f64, hi: f64, seed: u64) -> Vec<Vec<f64>> {
        let mut rng = Lcg(seed);
        (0..n)
            .map(|_| (0..n).map(|_| lo + (hi - lo) * rng.next()).collect())
            .collect()
    }

    fn all_three(dir: &Path, names: &[String], seed: u64) {
        let n = names.len();
        let mut s = samples(n, 1.0, 3.2, seed);
        if let Some(first) = s.first_mut() {
            first.push(3.2);
            first.push(1.0);
        }
        let box_plot = BoxPlot {
            title: "Tournament scores",
            value_label: "Mean score per turn",
            category_label: "Strategy",
            names,
            samples: &s,
        };
        draw_box_plot(&dir.join("scores"), &box_plot).expect("box plot");
        check_files(&dir.join("scores"), "Tournament scores");

        let m = matrix(n, 0.0, 5.0, seed + 1);
        let heat = HeatMap {
            title: "Pairwise payoffs",
            row_label: "Player",
            col_label: "Opponent",
            value_label: "Mean payoff per turn",
            row_names: names,
            col_names: names,
            values: &m,
        };
        draw_heat_map(&dir.join("payoffs"), &heat).expect("heat map");
        check_files(&dir.join("payoffs"), "Pairwise payoffs");

        let mut rng = Lcg(seed + 2);
        let wins: Vec<f64> = (0..n).map(|_| (rng.next() * n as f64).floor()).collect();
        let bars = BarChart {
            title: "Wins",
            value_label: "Matches won",
            category_label: "Strategy",
            names,
            values: &wins,
        };
        draw_bar_chart(&dir.join("wins"), &bars).expect("bar chart");
        check_files(&dir.join("wins"), "Wins");
    }

    #[test]
    fn nine_strategies() {
        all_three(&out_dir("nine"), &strings(&NINE), 9);
    }

    #[test]
    fn fifteen_long_names() {
        all_three(&out_dir("fifteen"), &strings(&LONG), 15);
    }

    #[test]
    fn two_strategies() {
        all_three(&out_dir("two"), &strings(&["Tit For Tat", "Defector"]), 2);
    }

    #[test]
    fn sixty_strategies() {
        let names: Vec<String> = (0..60)
            .map(|i| format!("{} #{i}", LONG[i % LONG.len()]))
            .collect();
        all_three(&out_dir("sixty"), &names, 60);
    }

    #[test]
    fn two_hundred_thirty_long_names_are_elided_not_squeezing_the_plot() {
        let names: Vec<String> = (0..230)
            .map(|i| {
                format!(
                    "{} with a needlessly long parameter description #{i}",
                    LONG[i % LONG.len()]
                )
            })
            .collect();
        let dir = out_dir("many");
        let values: Vec<f64> = (0..230).map(|i| f64::from(i % 37)).collect();
        let bars = BarChart {
            title: "Wins",
            value_label: "Matches won",
            category_label: "Strategy",
            names: &names,
            values: &values,
        };
        draw_bar_chart(&dir.join("wins"), &bars).expect("bar chart");
        check_files(&dir.join("wins"), "Wins");
        // The names were shortened: the full text of a long name is not in the SVG, its
        // elided form is, and the plot keeps at least its minimum width.
        let svg = std::fs::read_to_string(dir.join("wins.svg")).expect("svg");
        assert!(!svg.contains(&names[0]));
        assert!(svg.contains("aria-label=\"First by Tideman"));
        assert!(svg.contains('\u{2026}'));
    }

    #[test]
    fn single_name() {
        all_three(&out_dir("single"), &strings(&["Tit For Tat"]), 1);
    }

    #[test]
    fn empty_input() {
        let dir = out_dir("empty");
        let none: Vec<String> = Vec::new();
        let no_samples: Vec<Vec<f64>> = Vec::new();
        let chart = BoxPlot {
            title: "Empty box plot",
            value_label: "Score",
            category_label: "Strategy",
            names: &none,
            samples: &no_samples,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Empty box plot");
        let chart = HeatMap {
            title: "Empty heat map",
            row_label: "Player",
            col_label: "Opponent",
            value_label: "Payoff",
            row_names: &none,
            col_names: &none,
            values: &no_samples,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Empty heat map");
        let chart = BarChart {
            title: "Empty bar chart",
            value_label: "Wins",
            category_label: "Strategy",
            names: &none,
            values: &[],
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "Empty bar chart");
    }

    #[test]
    fn degenerate_values() {
        let dir = out_dir("degenerate");
        let names = strings(&["Cooperator", "Defector", "Tit For Tat", "Grudger"]);
        // Constant samples, an all-NaN sample, an empty sample and a missing one.
        let samples = vec![vec![2.0; 10], vec![f64::NAN, f64::NAN], vec![]];
        let chart = BoxPlot {
            title: "Constant & missing",
            value_label: "Score",
            category_label: "",
            names: &names,
            samples: &samples,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Constant &amp; missing");

        // Constant matrix with NaN and infinite cells, ragged rows.
        let values = vec![
            vec![3.0, f64::NAN, 3.0, 3.0],
            vec![3.0, 3.0, f64::INFINITY],
            vec![3.0, 3.0, 3.0, 3.0, 3.0],
        ];
        let chart = HeatMap {
            title: "Constant matrix",
            row_label: "",
            col_label: "",
            value_label: "",
            row_names: &names,
            col_names: &names,
            values: &values,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Constant matrix");

        let chart = BarChart {
            title: "All zero",
            value_label: "Wins",
            category_label: "Strategy",
            names: &names,
            values: &[0.0, 0.0, f64::NAN],
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "All zero");
    }

    #[test]
    fn negative_values() {
        let dir = out_dir("negative");
        let names = strings(&NINE);
        let s = samples(9, -10.0, 0.0, 3);
        let chart = BoxPlot {
            title: "Prison years",
            value_label: "Years in prison (negative payoff)",
            category_label: "Strategy",
            names: &names,
            samples: &s,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Prison years");
        let m = matrix(9, -10.0, 0.0, 4);
        let chart = HeatMap {
            title: "Prison years",
            row_label: "Player",
            col_label: "Opponent",
            value_label: "Years",
            row_names: &names,
            col_names: &names,
            values: &m,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Prison years");
        let values = [-9.5, -7.25, -5.0, -3.0, -1.5, 0.0, 2.5, -0.25, -10.0];
        let chart = BarChart {
            title: "Mixed signs",
            value_label: "Score difference",
            category_label: "Strategy",
            names: &names,
            values: &values,
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "Mixed signs");
    }

    #[test]
    fn output_is_deterministic() {
        let dir = out_dir("deterministic");
        let names = strings(&NINE);
        for run in ["a", "b"] {
            all_three(&dir.join(run), &names, 9);
        }
        for stem in ["scores", "payoffs", "wins"] {
            for ext in ["png", "svg"] {
                let a = std::fs::read(with_suffix(&dir.join("a").join(stem), ext)).expect("a");
                let b = std::fs::read(with_suffix(&dir.join("b").join(stem), ext)).expect("b");
                assert!(a == b, "{stem}.{ext} differs between runs");
            }
        }
    }

    #[test]
    fn extreme_values_do_not_panic() {
        let dir = out_dir("extreme");
        let names = strings(&["A", "B", "C"]);
        let samples = vec![
            vec![f64::MAX, -f64::MAX],
            vec![1e300, 1e-300],
            vec![f64::MIN_POSITIVE],
        ];
        let chart = BoxPlot {
            title: "Extreme box",
            value_label: "x",
            category_label: "y",
            names: &names,
            samples: &samples,
        };
        draw_box_plot(&dir.join("box"), &chart).expect("box plot");
        check_files(&dir.join("box"), "Extreme box");
        let chart = HeatMap {
            title: "Extreme heat",
            row_label: "r",
            col_label: "c",
            value_label: "v",
            row_names: &names,
            col_names: &names,
            values: &samples,
        };
        draw_heat_map(&dir.join("heat"), &chart).expect("heat map");
        check_files(&dir.join("heat"), "Extreme heat");
        let chart = BarChart {
            title: "Extreme bars",
            value_label: "v",
            category_label: "n",
            names: &names,
            values: &[f64::MAX, -1e300, 1e-300],
        };
        draw_bar_chart(&dir.join("bar"), &chart).expect("bar chart");
        check_files(&dir.join("bar"), "Extreme bars");
    }
}
