//! The results folder as people see it: every shipped scenario (except the long
//! axelrod reference tournaments in scenarios/reference/) writes at least one CSV and one chart and a
//! `report.html` that holds every chart (inline SVG or PNG data URI), the most
//! important first, each with a one-sentence caption, shows ranks from 1 (and says
//! so) and links every file; the `[output]` chart keys
//! (width, height, dpi, format, title, font_size) change the files as documented, and
//! bad chart keys are rejected with exit code 2 naming file, line, column and field.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dilemma-cli-report-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run dilemma")
}

/// Files of a folder (recursively), relative, sorted.
fn files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                walk(&entry.path(), &format!("{name}/"), out);
            } else {
                out.push(name);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort();
    out
}

#[test]
fn every_shipped_scenario_writes_csv_chart_and_a_report_referencing_them() {
    let runs = crate::shipped_runs::shipped_runs();
    let scenarios = &runs.scenarios;
    assert!(scenarios.len() >= 30, "{scenarios:?}");
    let out = &runs.out;
    let folders = runs.folders();
    assert_eq!(folders.len(), scenarios.len());
    for folder in folders {
        let name = folder.file_name().unwrap().to_string_lossy().into_owned();
        let names = files(&folder);
        let csvs: Vec<&String> = names.iter().filter(|n| n.ends_with(".csv")).collect();
        let charts: Vec<&String> = names
            .iter()
            .filter(|n| !n.contains('/') && (n.ends_with(".png") || n.ends_with(".svg")))
            .collect();
        assert!(!csvs.is_empty(), "{name}: no CSV in {names:?}");
        assert!(!charts.is_empty(), "{name}: no chart in {names:?}");
        let html = std::fs::read_to_string(folder.join("report.html"))
            .unwrap_or_else(|e| panic!("{name}: report.html: {e}"));
        assert!(html.starts_with("<!DOCTYPE html>"), "{name}");
        assert!(html.contains(&format!("<h1>{name}</h1>")), "{name}");
        // Self-contained: nothing loaded from the network (text may mention URLs).
        for remote in ["src=\"http", "href=\"http", "url(http", "<script", "<link"] {
            assert!(!html.contains(remote), "{name}: {remote}");
        }
        for file in names.iter().filter(|n| *n != "report.html") {
            assert!(
                html.contains(&format!("href=\"{file}\"")),
                "{name}: report.html does not link {file}"
            );
        }
        // Every chart is inside the page (inline SVG or a PNG data URI), once,
        // with a figure number and a one-sentence caption; none is loaded
        // from a file.
        let mut stems: Vec<&str> = charts
            .iter()
            .map(|c| c.rsplit_once('.').unwrap().0)
            .collect();
        stems.dedup();
        let figures = figures(&html);
        let mut shown: Vec<&str> = figures.iter().map(|f| f.stem.as_str()).collect();
        shown.sort();
        assert_eq!(shown, stems, "{name}: figures");
        assert_eq!(
            html.matches("<img src=\"").count(),
            html.matches("<img src=\"data:image/png;base64,").count(),
            "{name}: a chart loaded from a file"
        );
        for (k, figure) in figures.iter().enumerate() {
            assert!(figure.embedded, "{name}: {} not embedded", figure.stem);
            assert!(
                figure.caption.starts_with(&format!("Figure {}. ", k + 1)),
                "{name}: {}",
                figure.caption
            );
            let sentence = figure.caption.split_once(". ").unwrap().1;
            assert!(
                sentence.ends_with('.') && !sentence.contains(". "),
                "{name}: {sentence}"
            );
            assert!(
                !sentence.starts_with("The chart "),
                "{name}: {} has no caption of its own",
                figure.stem
            );
        }
        // The most important chart of each kind first.
        let kind = std::fs::read_to_string(folder.join("scenario.toml")).unwrap();
        let kind = kind
            .lines()
            .find_map(|l| l.strip_prefix("kind = "))
            .unwrap()
            .trim_matches('"')
            .to_string();
        let first = figures[0].stem.as_str();
        let sweep = names.iter().any(|n| n == "sweep.csv");
        let expected: &[&str] = match (kind.as_str(), sweep) {
            ("tournament", false) => &["scores_boxplot", "ranking"],
            ("tournament", true) => &["sweep_rank", "sweep_winner_score"],
            // With mutation nothing fixes: the long-run shares are the answer.
            ("moran", false) => &["fixation", "long_run_shares"],
            ("moran", true) => &["sweep_fixation", "sweep_focal"],
            ("ecological", false) => &["shares"],
            ("ecological", true) => &["sweep_rank", "sweep_top_share"],
            ("spatial", _) => &["lattice_"],
            ("invasion", false) => &["stationary"],
            ("invasion", true) => &["sweep_abundance", "sweep_top_abundance"],
            ("train", _) => &["training"],
            ("fixation", _) => &["fixation_matrix"],
            ("pirates", _) => &["allocation"],
            ("guess", _) => &["elimination"],
            ("travelers", _) => &["qre_branch"],
            ("impartial", _) => &["grundy_values", "wythoff_p_positions"],
            ("game", _) => &["game"],
            ("pigs", _) => &["region_map", "regions"],
            (other, _) => panic!("{name}: kind {other} has no expected first chart"),
        };
        assert!(
            expected.iter().any(|e| first.starts_with(e)),
            "{name}: {first} first"
        );
        // The resolved scenario is on the page.
        assert!(html.contains("Scenario (resolved)"), "{name}");
        assert!(
            html.contains(&format!("name = &quot;{name}&quot;")),
            "{name}"
        );
    }
    // Tournaments show their ranking table, ranks from 1 as on the terminal
    // (summary.csv keeps axelrod's 0-based Rank), and the page says so.
    let classic = std::fs::read_to_string(out.join("classic/report.html")).unwrap();
    let summary = std::fs::read_to_string(out.join("classic/summary.csv")).unwrap();
    assert!(
        summary
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("0,Tit For Tat,"),
        "{summary}"
    );
    assert!(
        summary.lines().last().unwrap().starts_with("8,"),
        "{summary}"
    );
    assert!(classic.contains("<th>Rank</th>"));
    assert!(classic.contains("<tr><td>1</td><td class=\"t\">Tit For Tat</td>"));
    assert!(classic.contains("<tr><td>9</td>") && !classic.contains("<tr><td>0</td>"));
    assert!(classic.contains(
        "Ranks count from 1 here, as on the terminal; summary.csv keeps axelrod&#39;s 0-based Rank column."
    ));
    let order: Vec<String> = figures(&classic).into_iter().map(|f| f.stem).collect();
    assert_eq!(
        order,
        [
            "scores_boxplot",
            "wins",
            "payoff_heatmap",
            "payoff_diffs_heatmap",
            "score_diffs_violin"
        ]
    );
    assert!(
        figures(&classic)[0]
            .caption
            .starts_with("Figure 1. The ranking: ")
    );
    // A page without a Rank column says nothing about ranks.
    let pirates = std::fs::read_to_string(out.join("pirates-classic/report.html")).unwrap();
    assert!(!pirates.contains("Ranks count from 1"));
    runs.done();
}

/// One chart on a page: its stem (the figure's id), whether it is inside the
/// page, and its caption as text.
struct Figure {
    stem: String,
    embedded: bool,
    caption: String,
}

/// The figures of a report, in page order.
fn figures(html: &str) -> Vec<Figure> {
    html.split("<figure id=\"")
        .skip(1)
        .map(|part| {
            let part = part.split("</figure>").next().unwrap();
            let stem = part.split('"').next().unwrap().to_string();
            let body = part.split("<figcaption>").next().unwrap();
            let embedded =
                body.contains("<svg") || body.contains("<img src=\"data:image/png;base64,");
            let caption = part.split("<figcaption>").nth(1).unwrap();
            let caption = caption.split(" <span>").next().unwrap();
            let caption = caption
                .replace("<b>", "")
                .replace("</b>", "")
                .replace("&#39;", "'");
            Figure {
                stem,
                embedded,
                caption,
            }
        })
        .collect()
}

const PIRATES: &str = "name = \"p\"\nkind = \"pirates\"\n[game]\npirates = 5\ncoins = 100\n[output]\nsurvival_max = 20\n";

/// Decodes standard base64 (the test's own decoder, to check the page's encoder).
fn decode_base64(text: &str) -> Vec<u8> {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut out = Vec::new();
    for c in text.bytes().filter(|c| *c != b'=') {
        let v = alphabet
            .iter()
            .position(|a| *a == c)
            .expect("base64 letter") as u32;
        bits = (bits << 6) | v;
        count += 6;
        if count >= 8 {
            count -= 8;
            out.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    out
}

fn png_size(path: &Path) -> (u32, u32) {
    let png = std::fs::read(path).unwrap();
    assert_eq!(&png[12..16], b"IHDR");
    let be = |at: usize| u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]);
    (be(16), be(20))
}

fn png_dpi(path: &Path) -> Option<u32> {
    let png = std::fs::read(path).unwrap();
    let at = png.windows(4).position(|w| w == b"pHYs")?;
    let per_metre = u32::from_be_bytes([png[at + 4], png[at + 5], png[at + 6], png[at + 7]]);
    Some((f64::from(per_metre) * 0.0254).round() as u32)
}

fn run_pirates(dir: &Path, output_keys: &str) -> PathBuf {
    std::fs::write(dir.join("p.toml"), format!("{PIRATES}{output_keys}")).unwrap();
    let out = dilemma(dir, &["run", "p.toml", "--quiet", "--out", "out"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    dir.join("out/p")
}

#[test]
fn chart_options_change_size_resolution_formats_and_title() {
    let dir = scratch("options");
    let plain = run_pirates(&dir, "");
    let (w, h) = png_size(&plain.join("allocation.png"));
    assert_eq!(png_dpi(&plain.join("allocation.png")), None);
    let svg = std::fs::read_to_string(plain.join("allocation.svg")).unwrap();
    assert!(svg.contains(&format!("width=\"{w}\" height=\"{h}\"")));
    // SVG text is outlined: no <text>, glyphs defined once and used, text kept as a label.
    assert!(!svg.contains("<text"));
    assert!(svg.contains("<path id=\"g") && svg.contains("xlink:href=\"#g"));
    assert!(svg.contains("aria-label=\"Who gets what: 5 pirates, 100 coins, 0 thrown overboard\""));

    // dpi scales the PNG and is recorded; the SVG keeps its size.
    let hi = run_pirates(&dir, "dpi = 300\n");
    let (w3, h3) = png_size(&hi.join("allocation.png"));
    assert_eq!(
        (w3, h3),
        (
            (f64::from(w) * 300.0 / 96.0).round() as u32,
            (f64::from(h) * 300.0 / 96.0).round() as u32
        )
    );
    assert_eq!(png_dpi(&hi.join("allocation.png")), Some(300));
    assert_eq!(
        std::fs::read_to_string(hi.join("allocation.svg")).unwrap(),
        svg
    );
    let resolved = std::fs::read_to_string(hi.join("scenario.toml")).unwrap();
    assert!(resolved.contains("dpi = 300"), "{resolved}");

    // Width alone: that width, proportions kept; both: exactly that box.
    let wide = run_pirates(&dir, "width = 600\nformat = \"png\"\n");
    let (ww, wh) = png_size(&wide.join("allocation.png"));
    assert_eq!(ww, 600);
    assert_eq!(wh, (f64::from(h) * 600.0 / f64::from(w)).round() as u32);
    assert!(!wide.join("allocation.svg").exists());
    // PNG only: the report holds the PNG as a data URI, byte for byte.
    let png_only = std::fs::read_to_string(wide.join("report.html")).unwrap();
    let png = std::fs::read(wide.join("allocation.png")).unwrap();
    let start = png_only
        .find("<img src=\"data:image/png;base64,")
        .expect("data URI")
        + 32;
    let encoded = &png_only[start..start + png_only[start..].find('"').unwrap()];
    assert_eq!(encoded.len(), png.len().div_ceil(3) * 4);
    assert_eq!(
        decode_base64(encoded),
        png,
        "the page holds the PNG byte for byte"
    );
    assert!(!png_only.contains("<svg"));
    let boxed = run_pirates(&dir, "width = 800\nheight = 800\n");
    assert_eq!(png_size(&boxed.join("survival.png")), (800, 800));
    assert!(
        std::fs::read_to_string(boxed.join("survival.svg"))
            .unwrap()
            .contains("width=\"800\" height=\"800\"")
    );

    // SVG only, no titles, larger text.
    let svg_only = run_pirates(&dir, "format = \"svg\"\ntitle = false\nfont_size = 24\n");
    assert!(!svg_only.join("allocation.png").exists());
    let text = std::fs::read_to_string(svg_only.join("allocation.svg")).unwrap();
    assert!(!text.contains("thrown overboard\""), "title drawn");
    assert!(text.contains("aria-label=\"Coins received\""));
    // The report holds the SVG inline (ids prefixed per figure).
    let html = std::fs::read_to_string(svg_only.join("report.html")).unwrap();
    assert!(
        html.contains("<figure id=\"allocation\"><svg role=\"img\""),
        "inline SVG"
    );
    assert!(html.contains("<path id=\"c1-g") && html.contains("xlink:href=\"#c1-g"));
    assert!(html.contains("<path id=\"c2-g") && !html.contains("<img"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_chart_options_exit_2_naming_the_field_and_allowed_values() {
    let dir = scratch("bad");
    for (keys, expected) in [
        (
            "width = 0\n",
            &["p.toml:8:9", "output.width", "1 to 20000", "got 0"][..],
        ),
        (
            "height = 20001\n",
            &["p.toml:8:10", "output.height", "got 20001"],
        ),
        (
            "format = \"pdf\"\n",
            &[
                "output.format",
                "allowed: png, svg, both",
                "plotters cannot write PDF",
            ],
        ),
        (
            "format = \"jpeg\"\n",
            &["unknown chart format `jpeg`", "allowed: png, svg, both"],
        ),
        ("dpi = 5\n", &["output.dpi", "24 to 1200"]),
        ("font_size = 100\n", &["output.font_size", "6 to 48"]),
        ("title = \"no\"\n", &["output.title", "true or false"]),
        (
            "colour = \"red\"\n",
            &[
                "output.colour",
                "unknown field",
                "width",
                "dpi",
                "format",
                "font_size",
            ],
        ),
    ] {
        std::fs::write(dir.join("p.toml"), format!("{PIRATES}{keys}")).unwrap();
        let out = dilemma(&dir, &["run", "p.toml", "--quiet", "--out", "out"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{keys}: {stderr}");
        for e in expected {
            assert!(stderr.contains(e), "{keys}: {e:?} not in {stderr}");
        }
        assert!(!stderr.contains("panicked"));
        assert!(!dir.join("out").exists(), "{keys}: something was written");
    }
    std::fs::remove_dir_all(&dir).ok();
}
