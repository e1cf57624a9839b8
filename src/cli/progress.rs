//! Progress bars for long runs: shown on a terminal, hidden when output is
//! piped or `--quiet` is given. Updated per batch of matches, never per turn.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar over `total` units, or a hidden one.
pub fn bar(total: u64, label: &str, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
    }
    let bar = ProgressBar::new(total);
    let style = ProgressStyle::with_template(
        "{prefix:.bold} [{bar:40.cyan/blue}] {pos}/{len} matches ({percent}%) {elapsed_precise} eta {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(label.to_string());
    bar
}

/// A progress bar over `total` matches of a study made of parts (sweep grid
/// points, shards): the message after the count says which part is running
/// (`point 3/11`), or a hidden one.
pub fn bar_with_parts(total: u64, label: &str, quiet: bool) -> ProgressBar {
    let bar = self::bar(total, label, quiet);
    if bar.is_hidden() {
        return bar;
    }
    let style = ProgressStyle::with_template(
        "{prefix:.bold} [{bar:40.cyan/blue}] {pos}/{len} matches, {msg} ({percent}%) {elapsed_precise} eta {eta}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar
}
