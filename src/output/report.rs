//! `report.html`: one self-contained page per results folder, the report in one file (no
//! network, inline CSS), with the resolved scenario, the main table (`summary.csv` as a
//! table when the folder has one, and the text report the terminal shows), every chart
//! inside the page and a link to every file (CSV, JSON, text, frames).
//!
//! Charts: each top-level PNG or SVG chart is put inside the page, the SVG inline or the
//! PNG as a base64 `data:` URI (whichever is smaller when both exist; see
//! [`crate::output::embed`]), in the order and with the caption of
//! [`crate::output::report_charts`] (the ranking or main answer first). Charts in
//! sub-folders (animation frames, sweep points) are only linked; past
//! [`MAX_EMBEDDED_BYTES`] of embedded charts the rest are shown from their files, and
//! the page says so. Ranks in the page count from 1, as on the terminal (`summary.csv`
//! keeps axelrod's 0-based `Rank`), and the page says so.
//!
//! The page is built only from the folder's files and the text handed in, in sorted
//! order, so the same results give a byte-identical page.

use std::fmt::Write;
use std::io;
use std::path::{Path, PathBuf};

use crate::output::embed::{inline_svg, png_data_uri, png_data_uri_len};
use crate::output::label::display_label;
use crate::output::report_charts::{ChartText, chart_text};

/// The page's file name.
pub const REPORT_FILE: &str = "report.html";
/// Most rows of `summary.csv` shown as a table (the CSV itself is always linked).
const MAX_TABLE_ROWS: usize = 300;
/// Most bytes of charts put inside one page (32 MiB); the charts after that are shown
/// from their files beside the page.
pub const MAX_EMBEDDED_BYTES: usize = 32 << 20;
/// The sentence that says how ranks are counted on the page.
pub const RANK_NOTE: &str = "Ranks count from 1 here, as on the terminal; summary.csv keeps \
axelrod's 0-based Rank column.";

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:24px auto;\
max-width:1240px;padding:0 16px;color:#191919;line-height:1.4}\
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.6em;\
border-bottom:1px solid #ccc;padding-bottom:.2em}\
pre{background:#f4f5f7;padding:12px;overflow-x:auto;font-size:13px;line-height:1.3}\
table{border-collapse:collapse;font-size:13px;display:block;overflow-x:auto}\
th,td{border:1px solid #d0d0d0;padding:3px 8px;text-align:right;white-space:nowrap}\
th{background:#eef0f3;position:sticky;top:0}td.t{text-align:left}\
tr:nth-child(even) td{background:#fafafa}\
figure{margin:16px 0 28px}figure img,figure svg{max-width:100%;height:auto;\
border:1px solid #e2e2e2}figcaption{font-size:14px;color:#333}figcaption span{color:#666}ul.files{columns:2;font-size:14px}\
nav a{margin-right:1em}";

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

/// Every file under `dir`, as paths relative to it with `/` separators, sorted.
fn files(dir: &Path) -> io::Result<Vec<String>> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) -> io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = format!("{prefix}{name}");
            if entry.file_type()?.is_dir() {
                walk(&entry.path(), &format!("{rel}/"), out)?;
            } else {
                out.push(rel);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out)?;
    out.sort();
    Ok(out)
}

fn extension(name: &str) -> &str {
    name.rsplit_once('.').map_or("", |(_, e)| e)
}

fn stem(name: &str) -> &str {
    name.rsplit_once('.').map_or(name, |(s, _)| s)
}

/// A link whose target is a relative file name (each path segment percent-encoded
/// where needed).
fn href(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-_./~".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// One chart of a folder: its stem, its files (PNG and/or SVG, sorted) and what the page
/// says about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chart {
    /// The file name without its extension.
    pub stem: String,
    /// The chart's files at the top of the folder, sorted (`x.png` before `x.svg`).
    pub files: Vec<String>,
    /// Its place on the page and its caption.
    pub text: ChartText,
}

/// The charts of a folder of a study of `kind`: top-level PNG or SVG files, one per
/// stem, in page order ([`crate::output::report_charts`]; ties by stem). Files in
/// sub-folders (animation frames, sweep points) are only linked.
pub fn chart_files(names: &[String], kind: &str) -> Vec<Chart> {
    let mut charts: Vec<Chart> = Vec::new();
    for name in names {
        if name.contains('/') {
            continue;
        }
        let ext = extension(name);
        if ext != "png" && ext != "svg" {
            continue;
        }
        let s = stem(name);
        match charts.iter_mut().find(|c| c.stem == s) {
            Some(existing) => existing.files.push(name.clone()),
            None => charts.push(Chart {
                stem: s.to_string(),
                files: vec![name.clone()],
                text: chart_text(kind, s),
            }),
        }
    }
    for chart in &mut charts {
        chart.files.sort();
    }
    charts.sort_by(|a, b| (a.text.order, &a.stem).cmp(&(b.text.order, &b.stem)));
    charts
}

/// How one chart is put on the page.
enum Shown {
    /// The SVG's text, inline.
    Svg(String),
    /// A PNG as a `data:` URI.
    Png(String),
    /// Shown from its file (over the budget, or a file that could not be read).
    File(String),
}

/// The smaller of the chart's inline SVG and PNG data URI, within `budget` bytes;
/// `index` makes the SVG's ids unique on the page.
fn show_chart(dir: &Path, chart: &Chart, index: usize, budget: &mut usize) -> Shown {
    let svg_name = chart.files.iter().find(|f| extension(f) == "svg");
    let png_name = chart.files.iter().find(|f| extension(f) == "png");
    let svg = svg_name.and_then(|f| std::fs::read_to_string(dir.join(f)).ok());
    let svg = svg.and_then(|t| inline_svg(&t, &format!("c{index}-"), &chart.text.caption));
    let png_len = png_name
        .and_then(|f| std::fs::metadata(dir.join(f)).ok())
        .map(|m| png_data_uri_len(m.len() as usize));
    let fallback = || Shown::File(png_name.or(svg_name).cloned().unwrap_or_default());
    let use_svg = match (&svg, png_len) {
        (Some(text), Some(len)) => text.len() <= len,
        (Some(_), None) => true,
        (None, _) => false,
    };
    let cost = if use_svg {
        svg.as_ref().map_or(0, String::len)
    } else {
        png_len.unwrap_or(0)
    };
    if cost > *budget {
        return fallback();
    }
    if use_svg {
        *budget -= cost;
        return Shown::Svg(svg.unwrap_or_default());
    }
    match png_name.and_then(|f| std::fs::read(dir.join(f)).ok()) {
        Some(png) => {
            *budget -= cost;
            Shown::Png(png_data_uri(&png))
        }
        None => fallback(),
    }
}

/// One table cell: numbers with more than 4 decimals shown with 4 (the full value in the tooltip and
/// the CSV), text left-aligned and shown as [`display_label`] shows names (the CSV keeps
/// axelrod's `$\pi$`, the page shows π).
fn table_cell(cell: &str) -> String {
    match cell.parse::<f64>() {
        Ok(v)
            if v.is_finite()
                && cell
                    .split_once('.')
                    .is_some_and(|(_, d)| d.len() > 4 && d.bytes().all(|b| b.is_ascii_digit())) =>
        {
            format!("<td title=\"{}\">{v:.4}</td>", escape(cell))
        }
        Ok(_) => format!("<td>{}</td>", escape(cell)),
        Err(_) => format!("<td class=\"t\">{}</td>", escape(&display_label(cell))),
    }
}

fn csv_table(path: &Path, html: &mut String) {
    let Ok(mut reader) = csv::ReaderBuilder::new().has_headers(true).from_path(path) else {
        return;
    };
    let Ok(headers) = reader.headers().cloned() else {
        return;
    };
    // axelrod's 0-based Rank shown from 1, as on the terminal.
    let rank = headers.iter().position(|h| h == "Rank");
    if rank.is_some() {
        let _ = writeln!(html, "<p>{}</p>", escape(RANK_NOTE));
    }
    html.push_str("<table><thead><tr>");
    for h in &headers {
        let _ = write!(html, "<th>{}</th>", escape(h));
    }
    html.push_str("</tr></thead><tbody>\n");
    let mut shown = 0;
    let mut more = 0;
    for record in reader.records().map_while(Result::ok) {
        if shown == MAX_TABLE_ROWS {
            more += 1;
            continue;
        }
        shown += 1;
        html.push_str("<tr>");
        for (c, cell) in record.iter().enumerate() {
            match cell.parse::<u64>() {
                Ok(r) if Some(c) == rank => {
                    let _ = write!(html, "<td>{}</td>", r.saturating_add(1));
                }
                _ => html.push_str(&table_cell(cell)),
            }
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody></table>\n");
    if more > 0 {
        let _ = writeln!(
            html,
            "<p>{more} more rows in <a href=\"summary.csv\">summary.csv</a>.</p>"
        );
    }
}

/// Writes `report.html` into `dir` (a results folder being staged): `name` is the
/// scenario's name, `text` the report printed on the terminal (may be empty).
pub fn write_report(dir: &Path, name: &str, text: &str) -> io::Result<PathBuf> {
    let mut names = files(dir)?;
    names.retain(|n| n != REPORT_FILE);
    let scenario = std::fs::read_to_string(dir.join("scenario.toml")).ok();
    let kind = scenario
        .as_deref()
        .and_then(|t| toml::from_str::<toml::Table>(t).ok())
        .and_then(|t| t.get("kind")?.as_str().map(String::from))
        .unwrap_or_default();
    let charts = chart_files(&names, &kind);
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{0} - dilemma results</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>{0}</h1>\n<nav><a href=\"#results\">Results</a><a href=\"#charts\">Charts</a>\
         <a href=\"#files\">Files</a><a href=\"#scenario\">Scenario</a></nav>\n",
        escape(name)
    );
    html.push_str("<h2 id=\"results\">Results</h2>\n");
    if names.iter().any(|n| n == "summary.csv") {
        csv_table(&dir.join("summary.csv"), &mut html);
    }
    if !text.trim().is_empty() {
        let _ = writeln!(html, "<pre>{}</pre>", escape(text.trim_end()));
    }
    let _ = writeln!(html, "<h2 id=\"charts\">Charts ({})</h2>", charts.len());
    if charts.is_empty() {
        html.push_str("<p>No charts (<code>[output] charts = false</code>).</p>\n");
    } else {
        html.push_str(
            "<p>The charts are inside this page, the most important first; \
             each caption links the chart's files.</p>\n",
        );
    }
    let mut budget = MAX_EMBEDDED_BYTES;
    for (index, chart) in charts.iter().enumerate() {
        let mut links = String::new();
        for (k, f) in chart.files.iter().enumerate() {
            let sep = if k == 0 { "" } else { ", " };
            let _ = write!(links, "{sep}<a href=\"{}\">{}</a>", href(f), escape(f));
        }
        let caption = escape(&chart.text.caption);
        let body = match show_chart(dir, chart, index + 1, &mut budget) {
            Shown::Svg(svg) => svg,
            Shown::Png(uri) => format!("<img src=\"{uri}\" alt=\"{caption}\">"),
            Shown::File(file) => {
                links
                    .push_str("; shown from the file: the page holds its limit of embedded charts");
                format!(
                    "<img src=\"{}\" alt=\"{caption}\" loading=\"lazy\">",
                    href(&file)
                )
            }
        };
        let _ = writeln!(
            html,
            "<figure id=\"{}\">{body}\n<figcaption><b>Figure {}.</b> {caption} \
             <span>({links})</span></figcaption></figure>",
            escape(&chart.stem),
            index + 1,
        );
    }
    html.push_str("<h2 id=\"files\">Files</h2>\n<ul class=\"files\">\n");
    for n in &names {
        let _ = writeln!(html, "<li><a href=\"{}\">{}</a></li>", href(n), escape(n));
    }
    html.push_str("</ul>\n<h2 id=\"scenario\">Scenario (resolved)</h2>\n");
    match scenario {
        Some(toml) => {
            let _ = writeln!(html, "<pre>{}</pre>", escape(toml.trim_end()));
        }
        None => html.push_str("<p>No scenario.toml in this folder.</p>\n"),
    }
    html.push_str("</body>\n</html>\n");
    let path = dir.join(REPORT_FILE);
    std::fs::write(&path, html)?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_numbers_are_rounded_with_the_full_value_kept() {
        assert_eq!(
            table_cell("0.15718749999999998"),
            "<td title=\"0.15718749999999998\">0.1572</td>"
        );
        assert_eq!(table_cell("2.5275"), "<td>2.5275</td>");
        assert_eq!(table_cell("2.504375"), "<td title=\"2.504375\">2.5044</td>");
        assert_eq!(table_cell("120000"), "<td>120000</td>");
        assert_eq!(table_cell("1.5e-07"), "<td>1.5e-07</td>");
        assert_eq!(
            table_cell("Tit For Tat"),
            "<td class=\"t\">Tit For Tat</td>"
        );
    }

    #[test]
    fn charts_grouped_by_stem_in_page_order_and_frames_only_linked() {
        let names: Vec<String> = [
            "a.csv",
            "payoff_heatmap.svg",
            "payoff_heatmap.png",
            "wins.svg",
            "scores_boxplot.png",
            "frames/f1.png",
            "zzz.png",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let charts = chart_files(&names, "tournament");
        let stems: Vec<&str> = charts.iter().map(|c| c.stem.as_str()).collect();
        assert_eq!(stems, ["scores_boxplot", "wins", "payoff_heatmap", "zzz"]);
        assert_eq!(
            charts[2].files,
            ["payoff_heatmap.png", "payoff_heatmap.svg"]
        );
        assert!(charts[0].text.caption.starts_with("The ranking"));
    }

    /// A tiny valid PNG (1 x 1, grey).
    const PNG: &[u8] = &[
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0,
        0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0, 0x3A, 0x7E, 0x9B, 0x55, 0, 0, 0, 0x0A, 0x49, 0x44,
        0x41, 0x54, 0x08, 0xD7, 0x63, 0x68, 0x00, 0x00, 0x00, 0x82, 0x00, 0x81, 0xDD, 0x43, 0x6A,
        0xF4, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ];

    #[test]
    fn page_embeds_charts_links_every_file_and_escapes() {
        let dir = std::env::temp_dir().join(format!("dilemma-report-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("frames")).expect("dir");
        std::fs::write(
            dir.join("summary.csv"),
            "Rank,Name,Score\n0,<TFT>,3\n1,b,2\n",
        )
        .expect("csv");
        std::fs::write(dir.join("scores_boxplot.png"), PNG).expect("png");
        let svg = "<svg width=\"4\" height=\"4\" viewBox=\"0 0 4 4\"><path id=\"g1\" d=\"M0 0\"/>\
                   <use xlink:href=\"#g1\"/></svg>";
        std::fs::write(dir.join("wins.svg"), svg).expect("svg");
        // Both formats: the smaller is embedded (this SVG is smaller), both linked.
        std::fs::write(dir.join("payoff_heatmap.svg"), svg).expect("svg");
        std::fs::write(dir.join("payoff_heatmap.png"), PNG.repeat(4)).expect("png");
        std::fs::write(dir.join("frames/step_1.png"), PNG).expect("frame");
        std::fs::write(
            dir.join("scenario.toml"),
            "name = \"a&b\"\nkind = \"tournament\"\n",
        )
        .expect("toml");
        let path = write_report(&dir, "A & B", "rank  name\n1     <TFT>\n").expect("report");
        let html = std::fs::read_to_string(path).expect("read");
        assert!(html.contains("<h1>A &amp; B</h1>"));
        assert!(html.contains("<td class=\"t\">&lt;TFT&gt;</td>"));
        // Ranks from 1, said on the page.
        assert!(
            html.contains("<tr><td>1</td><td class=\"t\">&lt;TFT&gt;</td>"),
            "{html}"
        );
        assert!(
            html.contains("<tr><td>2</td><td class=\"t\">b</td>"),
            "{html}"
        );
        assert!(html.contains("Ranks count from 1 here, as on the terminal"));
        // The ranking first, as a data URI; then wins and the heat map inline, ids apart.
        let boxplot = html
            .find(&format!(
                "<img src=\"data:image/png;base64,{}\"",
                crate::output::embed::base64(PNG)
            ))
            .expect("embedded png");
        let wins = html.find("<path id=\"c2-g1\"").expect("inline svg");
        let heat = html.find("<path id=\"c3-g1\"").expect("second inline svg");
        assert!(boxplot < wins && wins < heat);
        assert!(html.contains("xlink:href=\"#c3-g1\""));
        assert!(html.contains("<b>Figure 1.</b> The ranking:"));
        assert!(!html.contains("<img src=\"payoff_heatmap.png\""));
        assert!(
            html.contains("href=\"payoff_heatmap.png\"")
                && html.contains("href=\"payoff_heatmap.svg\"")
        );
        assert!(html.contains("href=\"frames/step_1.png\""));
        assert!(!html.contains("src=\"frames/"));
        assert!(html.contains("href=\"summary.csv\""));
        assert!(html.contains("name = &quot;a&amp;b&quot;"));
        assert!(html.contains("1     &lt;TFT&gt;"));
        assert!(!html.contains("http://") && !html.contains("https://"));
        // Same folder, same page.
        let again = write_report(&dir, "A & B", "rank  name\n1     <TFT>\n").expect("again");
        assert_eq!(std::fs::read_to_string(again).expect("read"), html);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn charts_past_the_budget_are_shown_from_their_files() {
        let dir =
            std::env::temp_dir().join(format!("dilemma-report-budget-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        std::fs::write(dir.join("wins.png"), PNG).expect("png");
        let names = vec!["wins.png".to_string()];
        let chart = &chart_files(&names, "tournament")[0];
        let mut budget = 10;
        assert!(
            matches!(show_chart(&dir, chart, 1, &mut budget), Shown::File(f) if f == "wins.png")
        );
        assert_eq!(budget, 10);
        let mut budget = 10_000;
        assert!(matches!(
            show_chart(&dir, chart, 1, &mut budget),
            Shown::Png(_)
        ));
        assert_eq!(budget, 10_000 - png_data_uri_len(PNG.len()));
        std::fs::remove_dir_all(&dir).ok();
    }
}
