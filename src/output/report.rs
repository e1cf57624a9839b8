//! `report.html`: one self-contained page per results folder (no network: inline CSS,
//! charts as `<img>` of the files beside it), with the resolved scenario, the main table
//! (`summary.csv` as a table when the folder has one, and the text report the terminal
//! shows), every chart and a link to every file (CSV, JSON, text, frames).
//!
//! The page is built only from the folder's files and the text handed in, in sorted
//! order, so the same results give a byte-identical page.

use std::fmt::Write;
use std::io;
use std::path::{Path, PathBuf};

use crate::output::label::display_label;

/// The page's file name.
pub const REPORT_FILE: &str = "report.html";
/// Most rows of `summary.csv` shown as a table (the CSV itself is always linked).
const MAX_TABLE_ROWS: usize = 300;

const STYLE: &str = "body{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;margin:24px auto;\
max-width:1240px;padding:0 16px;color:#191919;line-height:1.4}\
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.6em;\
border-bottom:1px solid #ccc;padding-bottom:.2em}\
pre{background:#f4f5f7;padding:12px;overflow-x:auto;font-size:13px;line-height:1.3}\
table{border-collapse:collapse;font-size:13px;display:block;overflow-x:auto}\
th,td{border:1px solid #d0d0d0;padding:3px 8px;text-align:right;white-space:nowrap}\
th{background:#eef0f3;position:sticky;top:0}td.t{text-align:left}\
tr:nth-child(even) td{background:#fafafa}\
figure{margin:16px 0 28px}figure img{max-width:100%;height:auto;border:1px solid #e2e2e2}\
figcaption{font-size:13px;color:#555}ul.files{columns:2;font-size:14px}\
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

/// A chart's caption from its file stem: "payoff_heatmap" -> "Payoff heatmap".
fn caption(stem: &str) -> String {
    let words = stem.replace(['_', '-'], " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => words,
    }
}

/// The charts of a folder: top-level PNG or SVG files, one per stem (the PNG shown when
/// both exist). Files in sub-folders (animation frames) are only linked.
pub fn chart_files(names: &[String]) -> Vec<(String, String)> {
    let mut charts: Vec<(String, String)> = Vec::new();
    for name in names {
        if name.contains('/') {
            continue;
        }
        let ext = extension(name);
        if ext != "png" && ext != "svg" {
            continue;
        }
        let s = stem(name).to_string();
        match charts.iter_mut().find(|(st, _)| *st == s) {
            Some(existing) if ext == "png" => existing.1 = name.clone(),
            Some(_) => {}
            None => charts.push((s, name.clone())),
        }
    }
    charts
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
        for cell in &record {
            html.push_str(&table_cell(cell));
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
    let charts = chart_files(&names);
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
    }
    for (s, file) in &charts {
        let other: Vec<&String> = names
            .iter()
            .filter(|n| !n.contains('/') && stem(n) == s && *n != file)
            .collect();
        let mut links = format!("<a href=\"{}\">{}</a>", href(file), escape(file));
        for o in other {
            let _ = write!(links, ", <a href=\"{}\">{}</a>", href(o), escape(o));
        }
        let _ = writeln!(
            html,
            "<figure id=\"{0}\"><img src=\"{1}\" alt=\"{2}\" loading=\"lazy\">\
             <figcaption>{2} ({links})</figcaption></figure>",
            escape(s),
            href(file),
            escape(&caption(s)),
        );
    }
    html.push_str("<h2 id=\"files\">Files</h2>\n<ul class=\"files\">\n");
    for n in &names {
        let _ = writeln!(html, "<li><a href=\"{}\">{}</a></li>", href(n), escape(n));
    }
    html.push_str("</ul>\n<h2 id=\"scenario\">Scenario (resolved)</h2>\n");
    match std::fs::read_to_string(dir.join("scenario.toml")) {
        Ok(toml) => {
            let _ = writeln!(html, "<pre>{}</pre>", escape(toml.trim_end()));
        }
        Err(_) => html.push_str("<p>No scenario.toml in this folder.</p>\n"),
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
    fn png_preferred_and_frames_only_linked() {
        let names: Vec<String> = ["a.csv", "b.svg", "b.png", "c.svg", "frames/f1.png"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            chart_files(&names),
            vec![
                ("b".to_string(), "b.png".to_string()),
                ("c".to_string(), "c.svg".to_string())
            ]
        );
    }

    #[test]
    fn page_links_every_file_and_escapes() {
        let dir = std::env::temp_dir().join("dilemma-report-test");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("frames")).expect("dir");
        std::fs::write(dir.join("summary.csv"), "Name,Score\n<TFT>,3\n").expect("csv");
        std::fs::write(dir.join("scores boxplot.png"), b"png").expect("png");
        std::fs::write(dir.join("scores boxplot.svg"), b"svg").expect("svg");
        std::fs::write(dir.join("frames/step_1.png"), b"png").expect("frame");
        std::fs::write(dir.join("scenario.toml"), "name = \"a&b\"\n").expect("toml");
        let path = write_report(&dir, "A & B", "rank  name\n1     <TFT>\n").expect("report");
        let html = std::fs::read_to_string(path).expect("read");
        assert!(html.contains("<h1>A &amp; B</h1>"));
        assert!(html.contains("<td class=\"t\">&lt;TFT&gt;</td>"));
        assert!(html.contains("<img src=\"scores%20boxplot.png\""));
        assert!(html.contains("href=\"scores%20boxplot.svg\""));
        assert!(html.contains("href=\"frames/step_1.png\""));
        assert!(html.contains("href=\"summary.csv\""));
        assert!(html.contains("name = &quot;a&amp;b&quot;"));
        assert!(html.contains("1     &lt;TFT&gt;"));
        assert!(!html.contains("http://") && !html.contains("https://"));
        // Same folder, same page.
        let again = write_report(&dir, "A & B", "rank  name\n1     <TFT>\n").expect("again");
        assert_eq!(std::fs::read_to_string(again).expect("read"), html);
    }
}
