//! Progress bars for long runs: shown on a terminal, hidden when output is
//! piped or `--quiet` is given. Updated per batch of matches, never per turn.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Mutex;

/// A study's progress on the terminal: the study layer's [`Progress`]
/// drawn with indicatif (hidden with `--quiet`, `--json` or output piped).
///
/// [`Progress`]: crate::study::Progress
pub struct Bar {
    quiet: bool,
    bar: Mutex<Option<ProgressBar>>,
}

impl Bar {
    /// A bar, hidden when `quiet`.
    pub fn new(quiet: bool) -> Bar {
        Bar {
            quiet,
            bar: Mutex::new(None),
        }
    }

    fn with(&self, act: impl FnOnce(&ProgressBar)) {
        if let Ok(bar) = self.bar.lock()
            && let Some(bar) = bar.as_ref()
        {
            act(bar);
        }
    }
}

impl crate::study::Progress for Bar {
    fn start(&self, total: u64, noun: &str, label: &str, parts: bool) {
        let bar = if parts {
            bar_of_parts(total, label, noun, self.quiet)
        } else {
            bar_of(total, label, noun, self.quiet)
        };
        if let Ok(mut slot) = self.bar.lock() {
            if let Some(old) = slot.take() {
                old.finish_and_clear();
            }
            *slot = Some(bar);
        }
    }
    fn part(&self, message: &str) {
        self.with(|bar| bar.set_message(message.to_string()));
    }
    fn set(&self, done: u64) {
        self.with(|bar| bar.set_position(done));
    }
    fn finish(&self) {
        if let Ok(mut slot) = self.bar.lock()
            && let Some(bar) = slot.take()
        {
            bar.finish_and_clear();
        }
    }
}

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
    let label = crate::output::width::elide(label, 20);
    let style = ProgressStyle::with_template(&template(unit))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_prefix(label);
    bar
}

/// A progress bar over `total` units named `unit` of a study made of parts
/// (sweep grid points, shards): the message after the count says which part
/// is running (`point 3/11`, `shard 2/8`), or a hidden one.
pub fn bar_of_parts(total: u64, label: &str, unit: &str, quiet: bool) -> ProgressBar {
    let bar = bar_of(total, label, unit, quiet);
    if bar.is_hidden() {
        return bar;
    }
    let style = ProgressStyle::with_template(&format!(
        "{{prefix:.bold}} [{{bar:20.cyan/blue}}] {{pos}}/{{len}} {unit}, {{msg}} eta {{eta}}"
    ))
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
