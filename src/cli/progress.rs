//! Progress bars for long runs: shown on a terminal, hidden when output is
//! piped or `--quiet` is given. Updated per batch of matches, never per turn.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `total` matches, or a hidden one.
pub fn bar(total: u64, label: &str, quiet: bool) -> ProgressBar {
    bar_of(total, label, "matches", quiet)
}

/// A progress bar over `total` units named `unit` (plural: "runs",
/// "steps", "generations"), or a hidden one.
pub fn bar_of(total: u64, label: &str, unit: &str, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(total);
    // 80 columns: label (at most 20) + bar (20) + counts and eta.
    let label = crate::cli::width::elide(label, 20);
    let style = ProgressStyle::with_template(&template(unit))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(label);
    bar
}

/// A progress bar over `total` matches of a study made of parts (sweep grid
/// points, shards): the message after the count says which part is running
/// (`point 3/11`, `shard 2/8`), or a hidden one.
pub fn bar_with_parts(total: u64, label: &str, quiet: bool) -> ProgressBar {
    let bar = self::bar(total, label, quiet);
    if bar.is_hidden() {
        return bar;
    }
    let style = ProgressStyle::with_template(
        "{prefix:.bold} [{bar:20.cyan/blue}] {pos}/{len} matches, {msg} eta {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// The bar's indicatif template, naming what it counts.
fn template(unit: &str) -> String {
    format!(
        "{{prefix:.bold}} [{{bar:20.cyan/blue}}] {{pos}}/{{len}} {unit} ({{percent}}%) eta {{eta}}"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_template_names_the_unit_and_parses() {
        for unit in ["matches", "runs", "steps"] {
            let t = super::template(unit);
            assert!(t.contains(&format!("{{len}} {unit} (")), "{t}");
            assert!(indicatif::ProgressStyle::with_template(&t).is_ok(), "{t}");
        }
    }
}
