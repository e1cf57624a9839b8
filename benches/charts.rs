//! Cost of the charts a run draws: a representative set (heat maps of 15 and 230
//! players, box plot, violin plot, bar chart, line chart) drawn one after another and
//! all at once with `charts::par_draw` (PNG + SVG each), then the PNG encoding alone:
//! the pixels of the two heat maps encoded with the settings the renderer uses (`Paeth`
//! filter, fast deflate) against the other filters and `image`'s former choice
//! (adaptive filter), with the file sizes, to keep the trade-off visible.
//!
//! Run with `cargo bench --bench charts` (uses rayon's default pool: all cores).

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use dilemma::output::charts::{
    BarChart, BoxPlot, ChartError, ChartJob, HeatMap, LineChart, Series, ViolinPlot,
    draw_bar_chart, draw_box_plot, draw_heat_map, draw_line_chart, draw_violin_plot, par_draw,
};

fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        last = Some(work());
        best = best.min(t.elapsed());
    }
    (best, last.expect("at least one run"))
}

/// Deterministic pseudo-random numbers in [0, 1) (no rand state to thread through).
fn noise(i: usize) -> f64 {
    let x = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x2545_f491_4f6c_dd1d;
    let x = x ^ (x >> 29);
    (x.wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 11) as f64 / (1u64 << 53) as f64
}

struct Data {
    names15: Vec<String>,
    names230: Vec<String>,
    matrix15: Vec<Vec<f64>>,
    matrix230: Vec<Vec<f64>>,
    samples: Vec<Vec<f64>>,
    values: Vec<f64>,
    line: Vec<Vec<(f64, f64)>>,
}

fn data() -> Data {
    let names = |n: usize| (0..n).map(|i| format!("Strategy number {i}")).collect();
    let matrix = |n: usize| {
        (0..n)
            .map(|r| (0..n).map(|c| 5.0 * noise(r * n + c)).collect())
            .collect()
    };
    Data {
        names15: names(15),
        names230: names(230),
        matrix15: matrix(15),
        matrix230: matrix(230),
        samples: (0..15)
            .map(|s| (0..50).map(|i| 2.0 + 2.0 * noise(s * 50 + i)).collect())
            .collect(),
        values: (0..15).map(noise).collect(),
        line: (0..4)
            .map(|s| (0..200).map(|i| (i as f64, noise(s * 200 + i))).collect())
            .collect(),
    }
}

fn heat<'a>(title: &'a str, names: &'a [String], values: &'a [Vec<f64>]) -> HeatMap<'a> {
    HeatMap {
        title,
        row_label: "Player",
        col_label: "Opponent",
        value_label: "Mean payoff",
        row_names: names,
        col_names: names,
        values,
    }
}

/// The representative set, as independent jobs writing into `dir`.
fn jobs<'a>(d: &'a Data, dir: &'a Path) -> Vec<ChartJob<'a, ChartError>> {
    vec![
        Box::new(move || draw_heat_map(&dir.join("heat15"), &heat("15", &d.names15, &d.matrix15))),
        Box::new(move || {
            draw_heat_map(
                &dir.join("heat230"),
                &heat("230", &d.names230, &d.matrix230),
            )
        }),
        Box::new(move || {
            draw_box_plot(
                &dir.join("box"),
                &BoxPlot {
                    title: "Scores",
                    value_label: "Score",
                    category_label: "Player",
                    names: &d.names15,
                    samples: &d.samples,
                },
            )
        }),
        Box::new(move || {
            draw_violin_plot(
                &dir.join("violin"),
                &ViolinPlot {
                    title: "Scores",
                    value_label: "Score",
                    category_label: "Player",
                    names: &d.names15,
                    samples: &d.samples,
                },
            )
        }),
        Box::new(move || {
            draw_bar_chart(
                &dir.join("bars"),
                &BarChart {
                    title: "Wins",
                    value_label: "Wins",
                    category_label: "Player",
                    names: &d.names15,
                    values: &d.values,
                },
            )
        }),
        Box::new(move || {
            let series = d
                .line
                .iter()
                .enumerate()
                .map(|(i, points)| Series {
                    name: format!("series {i}"),
                    points,
                })
                .collect();
            draw_line_chart(
                &dir.join("lines"),
                &LineChart {
                    title: "Lines",
                    x_label: "Step",
                    y_label: "Share",
                    series,
                    steps: false,
                    y_from_zero: true,
                },
            )
        }),
    ]
}

fn kib(path: &Path) -> f64 {
    std::fs::metadata(path).map_or(0.0, |m| m.len() as f64 / 1024.0)
}

fn decode(path: &Path) -> (Vec<u8>, (u32, u32)) {
    let decoder = png::Decoder::new(std::fs::File::open(path).expect("open png"));
    let mut reader = decoder.read_info().expect("png header");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).expect("png data");
    pixels.truncate(info.buffer_size());
    (pixels, (info.width, info.height))
}

fn encode(
    pixels: &[u8],
    (w, h): (u32, u32),
    compression: png::Compression,
    filter: Option<png::FilterType>,
) -> usize {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(compression);
    match filter {
        Some(f) => {
            encoder.set_filter(f);
            encoder.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
        }
        None => encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive),
    }
    let mut writer = encoder.write_header().expect("header");
    writer.write_image_data(pixels).expect("data");
    writer.finish().expect("finish");
    out.len()
}

fn main() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("dilemma-bench-charts-{}", std::process::id()));
    let d = data();
    let names = ["heat15", "heat230", "box", "violin", "bars", "lines"];
    println!("chart (PNG + SVG)      best of 5   png KiB   svg KiB");
    for (i, name) in names.iter().enumerate() {
        let (t, r) = best_of(5, || {
            let job = jobs(&d, &dir).swap_remove(i);
            job()
        });
        r.expect("chart");
        let stem = dir.join(name);
        println!(
            "{name:<20} {:>9.1} ms {:>9.0} {:>9.0}",
            t.as_secs_f64() * 1e3,
            kib(&stem.with_extension("png")),
            kib(&stem.with_extension("svg"))
        );
    }
    let (one, r) = best_of(5, || jobs(&d, &dir).into_iter().try_for_each(|job| job()));
    r.expect("charts");
    let (all, r) = best_of(5, || par_draw(jobs(&d, &dir)));
    r.expect("charts");
    println!(
        "the set, one by one: {:.1} ms; par_draw on {} threads: {:.1} ms",
        one.as_secs_f64() * 1e3,
        rayon::current_num_threads(),
        all.as_secs_f64() * 1e3
    );

    println!("\nPNG encoding alone     filter    compression   best of 5      KiB");
    for name in ["heat15", "heat230"] {
        let (pixels, size) = decode(&dir.join(format!("{name}.png")));
        for (label, compression, filter) in [
            ("Up", png::Compression::Fast, Some(png::FilterType::Up)),
            ("Sub", png::Compression::Fast, Some(png::FilterType::Sub)),
            (
                "Paeth (used)",
                png::Compression::Fast,
                Some(png::FilterType::Paeth),
            ),
            (
                "none",
                png::Compression::Fast,
                Some(png::FilterType::NoFilter),
            ),
            ("adaptive (old)", png::Compression::Fast, None),
            ("adaptive", png::Compression::Default, None),
        ] {
            let (t, bytes) = best_of(5, || encode(black_box(&pixels), size, compression, filter));
            println!(
                "{name:<8} {}x{:<6} {label:<15} {:<8} {:>8.2} ms {:>8.0}",
                size.0,
                size.1,
                format!("{compression:?}"),
                t.as_secs_f64() * 1e3,
                bytes as f64 / 1024.0
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
