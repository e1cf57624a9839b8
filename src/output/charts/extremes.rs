//! Every chart kind drawn at the extremes of every `[output]` option, without a panic
//! (issue 27: `width = 1, height = 1, font_size = 48` once crashed the heat map).
//!
//! What each option decides, and how it is covered:
//! * `font_size` (6 to 48) and `title` (on/off) decide the scene's layout: every chart
//!   lays itself out at its natural size with text of that size, so text can be larger
//!   than the cells, rows or plot it labels (the heat map's crash). Every `draw_*`
//!   function, with a small data set (small matrices write their values in the cells)
//!   and an empty one, is drawn at both fonts with the title on and off.
//! * `width`, `height` (1 to 20000) and `dpi` (24 to 1200) only decide the scale and
//!   offset the finished scene is painted at (`canvas::placement`). Every layout above
//!   is painted as PNG at 1 x 1, 1 wide, 1 high, 20000 x 1, 1 x 20000 and at dpi 24
//!   (scale 1/4), and written as SVG at 1 x 1 and 20000 x 20000 (an SVG keeps the
//!   scene's coordinates; only its declared size changes); font 48 is also painted at
//!   scale 5/4 (dpi 120).
//! * `format`: PNG and SVG alone as above, and both at once.
//!
//! Large scales (dpi 1200 with no size set, 20000 x 20000, 20000 wide or high) are
//! pictures of up to 20000 x 20000 pixels (1.2 GB), about 110 s each in a debug build:
//! too slow for every kind and layout. They paint the same scene with larger numbers;
//! [`large_scales_draw_without_a_panic`] draws them for the heat map at font 48 and the
//! bar chart at font 6, ignored by default (run it with `--ignored`, best in release).
//! The main test takes about 20 s in a debug build on two busy cores.

use std::path::Path;

use super::canvas::with_suffix;
use super::style::BASE_DPI;
use super::test_support::{out_dir, strings};
use super::*;

/// One chart kind drawn with one data set.
type Draw = fn(&Path, bool) -> Result<(), ChartError>;

/// Every `draw_*` function of the module, each given a small data set (`empty` false)
/// or an empty one (`empty` true).
const KINDS: [(&str, Draw); 15] = [
    ("box_plot", box_plot),
    ("violin", violin),
    ("heat_map", heat_map),
    ("two_colour_map", two_colour_map),
    ("bar_chart", bar_chart),
    ("line_chart", line_chart),
    ("labelled_lines", labelled_lines),
    ("stacked_area", stacked_area),
    ("interval_chart", interval_chart),
    ("lattice", lattice),
    ("lattice_frame", lattice_frame),
    ("region_band", region_band),
    ("region_map", region_map),
    ("payoff_grid", payoff_grid),
    ("payoff_grid_large", payoff_grid_large),
];

fn names(empty: bool) -> Vec<String> {
    if empty {
        Vec::new()
    } else {
        strings(&["Tit For Tat", "First by Tideman and Chieruzzi: (D, D)", "D"])
    }
}

fn samples(empty: bool) -> Vec<Vec<f64>> {
    if empty {
        return Vec::new();
    }
    vec![
        vec![1.0, 2.5, 2.75, 3.0, 3.2, 0.1],
        vec![2.0; 4],
        vec![0.5, 1.5, f64::NAN],
    ]
}

fn box_plot(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let (names, samples) = (names(empty), samples(empty));
    draw_box_plot(
        stem,
        &BoxPlot {
            title: "Tournament scores of every player",
            value_label: "Mean score per turn",
            category_label: "Strategy",
            names: &names,
            samples: &samples,
        },
    )
}

fn violin(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let (names, samples) = (names(empty), samples(empty));
    draw_violin_plot(
        stem,
        &ViolinPlot {
            title: "Score distributions",
            value_label: "Mean score per turn",
            category_label: "Strategy",
            names: &names,
            samples: &samples,
        },
    )
}

fn matrix(empty: bool) -> Vec<Vec<f64>> {
    if empty {
        return Vec::new();
    }
    vec![
        vec![3.0, 0.125, 5.0],
        vec![1.0 / 3.0, 1.0, f64::NAN],
        vec![2.5, 4.75, 1234.5678],
    ]
}

fn heat_map(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let (names, values) = (names(empty), matrix(empty));
    draw_heat_map(
        stem,
        &HeatMap {
            title: "Mean payoff per turn of row against column",
            row_label: "Player",
            col_label: "Opponent",
            value_label: "Payoff",
            row_names: &names,
            col_names: &names,
            values: &values,
        },
    )
}

fn two_colour_map(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let names = names(empty);
    let values: Vec<Vec<f64>> = matrix(empty)
        .iter()
        .map(|row| row.iter().map(|v| (v > &2.0) as u8 as f64).collect())
        .collect();
    draw_two_colour_map(
        stem,
        &HeatMap {
            title: "Outcomes",
            row_label: "Heap",
            col_label: "Heap",
            value_label: "",
            row_names: &names,
            col_names: &names,
            values: &values,
        },
        ["P-position (previous player wins)", "N-position"],
    )
}

fn bar_chart(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let names = names(empty);
    let values = if empty {
        Vec::new()
    } else {
        vec![12.0, -3.5, f64::NAN]
    };
    draw_bar_chart(
        stem,
        &BarChart {
            title: "Wins",
            value_label: "Matches won",
            category_label: "Strategy",
            names: &names,
            values: &values,
        },
    )
}

fn points(empty: bool) -> Vec<Vec<(f64, f64)>> {
    if empty {
        return Vec::new();
    }
    (0..3)
        .map(|k| {
            (0..20)
                .map(|i| (i as f64, (k as f64 + 0.3 * i as f64).sin()))
                .collect()
        })
        .collect()
}

fn line_chart(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let points = points(empty);
    draw_line_chart(
        stem,
        &LineChart {
            title: "Shares over time",
            x_label: "Step",
            y_label: "Share",
            series: points
                .iter()
                .enumerate()
                .map(|(k, points)| Series {
                    name: format!("Series {k} with a longer legend name"),
                    points,
                })
                .collect(),
            steps: true,
            y_from_zero: true,
        },
    )
}

fn labelled_lines(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let points = points(empty);
    draw_labelled_lines(
        stem,
        &LabelledLines {
            title: "Median score against noise",
            x_label: "noise",
            y_label: "Rank",
            series: points
                .iter()
                .enumerate()
                .map(|(k, points)| Series {
                    name: format!("Strategy number {k}"),
                    points,
                })
                .collect(),
            y_downwards: true,
            x_log: false,
        },
    )
}

fn stacked_area(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let names = names(empty);
    let xs: Vec<f64> = if empty {
        Vec::new()
    } else {
        (0..10).map(f64::from).collect()
    };
    let shares: Vec<Vec<f64>> = xs.iter().map(|&x| vec![x, 10.0 - x, 1.0]).collect();
    draw_stacked_area(
        stem,
        &StackedArea {
            title: "Population shares",
            x_label: "Generation",
            y_label: "Share",
            names: &names,
            xs: &xs,
            shares: &shares,
        },
    )
}

fn interval_chart(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let names = names(empty);
    let (values, intervals) = if empty {
        (Vec::new(), Vec::new())
    } else {
        (
            vec![0.3, 0.7, 0.01],
            vec![(0.25, 0.35), (0.65, 0.75), (0.0, 0.02)],
        )
    };
    draw_interval_chart(
        stem,
        &IntervalChart {
            title: "Fixation probability",
            value_label: "Probability",
            category_label: "Mutant",
            names: &names,
            values: &values,
            intervals: &intervals,
            reference: Some(("neutral 1/N".into(), 0.5)),
        },
    )
}

fn lattice_cells(empty: bool) -> (usize, Vec<u8>) {
    if empty {
        (0, Vec::new())
    } else {
        (5, (0..25).map(|i| u8::from(i % 3 == 0)).collect())
    }
}

fn lattice(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let (names, (side, cells)) = (names(empty), lattice_cells(empty));
    draw_lattice(
        stem,
        &LatticeImage {
            title: "Step 3",
            rows: side,
            cols: side,
            cells: &cells,
            names: &names,
        },
    )
}

fn lattice_frame(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let (names, (side, cells)) = (names(empty), lattice_cells(empty));
    draw_lattice_frame(
        stem,
        &LatticeImage {
            title: "Step 4",
            rows: side,
            cols: side,
            cells: &cells,
            names: &names,
        },
    )
}

fn region_band(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let categories = names(empty);
    let (intervals, boundaries, notes) = if empty {
        (Vec::new(), Vec::new(), Vec::new())
    } else {
        (
            vec![(0.0, 0.5, 0), (0.5, 0.51, 1), (0.51, 1.0, 2)],
            vec![(0.5, "1/2".to_string()), (0.51, "51/100".to_string())],
            strings(&["at 1/2: a continuum of equilibria", "a second note"]),
        )
    };
    draw_region_band(
        stem,
        &RegionBand {
            title: "Boxed pigs: which equilibrium holds where",
            x_label: "both_press",
            range: (0.0, 1.0),
            intervals: &intervals,
            categories: &categories,
            boundaries: &boundaries,
            notes: &notes,
        },
    )
}

fn region_map(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let categories = names(empty);
    let (areas, curves) = if empty {
        (Vec::new(), Vec::new())
    } else {
        (
            vec![
                (vec![(0.0, 0.0), (10.0, 0.0), (10.0, 5.0)], 0),
                (vec![(0.0, 0.0), (10.0, 5.0), (0.0, 5.0)], 1),
            ],
            vec![(
                "cost = 1/2 food".to_string(),
                vec![vec![(0.0, 0.0), (10.0, 5.0)]],
            )],
        )
    };
    draw_region_map(
        stem,
        &RegionMapChart {
            title: "Boxed pigs: equilibria by food and cost",
            x_label: "food",
            y_label: "cost",
            x_range: (0.0, 10.0),
            y_range: (0.0, 5.0),
            areas: &areas,
            categories: &categories,
            curves: &curves,
            curve_label: "exact boundary",
        },
    )
}

fn payoff_grid(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let rows = if empty {
        Vec::new()
    } else {
        strings(&["Opera", "Football"])
    };
    let (cells, values, notes) = if empty {
        (Vec::new(), Vec::new(), Vec::new())
    } else {
        (
            vec![strings(&["3, 2", "0, 0"]), strings(&["0, 0", "2, 3"])],
            vec![vec![3.0, 0.0], vec![0.0, 2.0]],
            strings(&["Mixed: Row plays Opera 3/5, Column plays Opera 2/5"]),
        )
    };
    draw_payoff_grid(
        stem,
        &PayoffGrid {
            title: "Battle of the sexes",
            row_label: "Row",
            col_label: "Column",
            row_names: &rows,
            col_names: &rows,
            cells: &cells,
            row_values: &values,
            equilibria: &[(0, 0), (1, 1)],
            pareto: &[(0, 0), (1, 1)],
            notes: &notes,
        },
    )
}

/// A grid too large to annotate (shaded instead).
fn payoff_grid_large(stem: &Path, empty: bool) -> Result<(), ChartError> {
    let n = if empty { 0 } else { 20 };
    let names: Vec<String> = (0..n).map(|k| k.to_string()).collect();
    let cells: Vec<Vec<String>> = names.iter().map(|_| vec![String::new(); n]).collect();
    let values: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| (i as f64 - j as f64).abs()).collect())
        .collect();
    draw_payoff_grid(
        stem,
        &PayoffGrid {
            title: "Traveler's dilemma",
            row_label: "Row",
            col_label: "Column",
            row_names: &names,
            col_names: &names,
            cells: &cells,
            row_values: &values,
            equilibria: &[(0, 0)],
            pareto: &[(19, 19)],
            notes: &[],
        },
    )
}

/// A style with the given size, dpi and format (font and title set by the caller).
fn sized(width: Option<u32>, height: Option<u32>, dpi: u32, format: ChartFormat) -> ChartStyle {
    ChartStyle {
        width,
        height,
        dpi,
        format,
        ..ChartStyle::default()
    }
}

/// The output geometries every layout is drawn at (see the module doc).
fn geometries() -> Vec<ChartStyle> {
    use ChartFormat::{Both, Png, Svg};
    vec![
        sized(Some(1), Some(1), 1200, Png),
        sized(Some(1), None, 24, Png),
        sized(None, Some(1), 1200, Png),
        sized(Some(20_000), Some(1), 24, Png),
        sized(Some(1), Some(20_000), 1200, Png),
        sized(None, None, 24, Png),
        sized(Some(1), Some(1), 24, Svg),
        sized(Some(20_000), Some(20_000), 1200, Svg),
        sized(Some(1), Some(1), 1200, Both),
    ]
}

/// Draws `kind` at every layout (font 6 and 48, title on and off, small and empty data)
/// and every geometry, and at twice the natural size with the largest font, checking
/// that each file asked for is written.
fn draw_everywhere(kind: &str, draw: Draw) {
    let dir = out_dir(&format!("extremes/{kind}"));
    let mut cases = Vec::new();
    for style in geometries() {
        for font_size in [6.0, 48.0] {
            for title in [true, false] {
                for empty in [false, true] {
                    let style = ChartStyle {
                        font_size,
                        title,
                        ..style
                    };
                    cases.push((style, empty));
                }
            }
        }
    }
    let doubled = ChartStyle {
        font_size: 48.0,
        ..sized(None, None, BASE_DPI * 5 / 4, ChartFormat::Png)
    };
    cases.push((doubled, false));
    for (style, empty) in cases {
        // A PNG-only kind (lattice frames) ignores the format: it has nothing to
        // draw for an SVG-only style.
        if kind == PNG_ONLY && !style.format.png() {
            continue;
        }
        let stem = dir.join(format!(
            "{}x{}-{}dpi-{}-font{}-{}{}",
            style.width.map_or("auto".into(), |w| w.to_string()),
            style.height.map_or("auto".into(), |h| h.to_string()),
            style.dpi,
            style.format.name(),
            style.font_size,
            if style.title { "title" } else { "untitled" },
            if empty { "-empty" } else { "" },
        ));
        let what = format!("{kind} at {style:?}, empty data: {empty}");
        let drawn = std::panic::catch_unwind(|| with_style(&style, || draw(&stem, empty)));
        match drawn {
            Ok(Ok(())) => check_written(&stem, &style, kind, &what),
            Ok(Err(e)) => panic!("{what}: {e}"),
            Err(_) => panic!("{what}: panicked"),
        }
    }
}

/// The kind that writes PNG only, whatever the format.
const PNG_ONLY: &str = "lattice_frame";

/// The files `style` asks for exist, and a PNG has the pixel size asked for.
fn check_written(stem: &Path, style: &ChartStyle, kind: &str, what: &str) {
    let png_only = kind == PNG_ONLY;
    if style.format.png() || png_only {
        let bytes = std::fs::read(with_suffix(stem, "png"))
            .unwrap_or_else(|e| panic!("{what}: no png: {e}"));
        let size = png_size(&bytes).unwrap_or_else(|| panic!("{what}: not a png"));
        if let (Some(w), Some(h)) = (style.width, style.height) {
            assert_eq!(size, (w, h), "{what}");
        } else if let Some(w) = style.width {
            assert_eq!(size.0, w, "{what}");
        } else if let Some(h) = style.height {
            assert_eq!(size.1, h, "{what}");
        }
        assert!(size.0 >= 1 && size.1 >= 1, "{what}: {size:?}");
    }
    if style.format.svg() && !png_only {
        let svg = std::fs::read_to_string(with_suffix(stem, "svg"))
            .unwrap_or_else(|e| panic!("{what}: no svg: {e}"));
        assert!(svg.starts_with("<svg"), "{what}");
    }
}

/// Width and height from a PNG's IHDR chunk.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let word = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
    (bytes.get(12..16)? == b"IHDR").then_some(())?;
    Some((word(16)?, word(20)?))
}

#[test]
fn every_chart_kind_at_every_extreme_option_draws_without_a_panic() {
    use rayon::prelude::*;
    KINDS
        .par_iter()
        .for_each(|&(kind, draw)| draw_everywhere(kind, draw));
}

/// The large scales (see the module doc): dpi 1200 at the natural size, 20000 x 20000,
/// 20000 wide, 20000 high. Ignored by default: 450 s in a debug build (pictures of up to
/// 1.2 GB); run it with `cargo test --release --lib extremes -- --ignored`.
#[test]
#[ignore = "pictures of up to 20000 x 20000 pixels: minutes in a debug build"]
fn large_scales_draw_without_a_panic() {
    let dir = out_dir("extremes/large");
    let large = |font_size, width, height, dpi| ChartStyle {
        font_size,
        ..sized(width, height, dpi, ChartFormat::Png)
    };
    let cases: [(&str, Draw, ChartStyle); 4] = [
        ("heat_map", heat_map, large(48.0, None, None, 1200)),
        (
            "heat_map",
            heat_map,
            large(48.0, Some(20_000), Some(20_000), 1200),
        ),
        ("bar_chart", bar_chart, large(6.0, Some(20_000), None, 24)),
        ("bar_chart", bar_chart, large(6.0, None, Some(20_000), 24)),
    ];
    for (k, (kind, draw, style)) in cases.into_iter().enumerate() {
        let stem = dir.join(format!("{kind}-{k}"));
        let what = format!("{kind} at {style:?}");
        with_style(&style, || draw(&stem, false)).unwrap_or_else(|e| panic!("{what}: {e}"));
        check_written(&stem, &style, kind, &what);
    }
}
