//! The terminal's width budget: every line printed for people fits
//! [`DEFAULT_COLUMNS`] columns (counted in characters) unless `--wide` was
//! given. Prose is wrapped at spaces with a hanging indent; table cells are
//! elided with "…" by [`crate::output::table::render`]. Messages on standard
//! error and the strategy pages wrap with [`wrap_whole`], which never cuts a
//! path, a number or a short quoted value (a token longer than a line may
//! exceed it). JSON and CSV printed on standard output are never touched.

use std::sync::atomic::{AtomicBool, Ordering};

/// The width of a terminal line by default.
pub const DEFAULT_COLUMNS: usize = 80;

/// Set once by `--wide` before any command runs.
static WIDE: AtomicBool = AtomicBool::new(false);

/// Lifts the width limit (`--wide`) or restores it.
pub fn set_wide(wide: bool) {
    WIDE.store(wide, Ordering::Relaxed);
}

/// The width every printed line must fit, or `None` with `--wide`.
pub fn limit() -> Option<usize> {
    if WIDE.load(Ordering::Relaxed) {
        None
    } else {
        Some(DEFAULT_COLUMNS)
    }
}

/// `text` cut to `width` characters, its end replaced by "…" when cut.
pub fn elide(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    if width == 0 {
        return String::new();
    }
    let kept: String = text.chars().take(width - 1).collect();
    let mut out = kept.trim_end().to_string();
    out.push('…');
    out
}

/// `text` with every line fitted to the current [`limit`] (see [`wrap`]).
pub fn fit(text: &str) -> String {
    match limit() {
        Some(width) => wrap(text, width),
        None => text.to_string(),
    }
}

/// Wraps every line of `text` longer than `width` characters at spaces;
/// continuation lines keep the line's indent plus two spaces. A word longer
/// than a whole line is split where it must be. A final newline is kept.
pub fn wrap(text: &str, width: usize) -> String {
    let width = width.max(8);
    let mut out = String::with_capacity(text.len());
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        if line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        // Leading spaces (one byte each); an indent wider than half the
        // line is kept at half (a table whose first column is a very long
        // name indents its header row by the name's length).
        let spaces = line.chars().take_while(|c| *c == ' ').count();
        let indent = spaces.min(width / 2);
        let hanging = " ".repeat((indent + 2).min(width / 2));
        let mut current = " ".repeat(indent);
        let mut current_len = indent;
        let mut has_word = false;
        // Words with the spaces before them, so aligned text keeps its spacing.
        for (gap, word) in words_with_gaps(&line[spaces..]) {
            let mut word: Vec<char> = word.chars().collect();
            loop {
                let needed = if has_word { gap } else { 0 } + word.len();
                if current_len + needed <= width {
                    if has_word {
                        current.push_str(&" ".repeat(gap));
                    }
                    current.extend(word.iter());
                    current_len += needed;
                    has_word = true;
                    break;
                }
                if has_word {
                    out.push_str(&current);
                    out.push('\n');
                    current = hanging.clone();
                    current_len = hanging.len();
                    has_word = false;
                    continue;
                }
                // A word longer than the room on an empty line: split it.
                let room = width.saturating_sub(current_len).max(1);
                current.extend(word[..room].iter());
                out.push_str(&current);
                out.push('\n');
                word.drain(..room);
                current = hanging.clone();
                current_len = hanging.len();
            }
        }
        out.push_str(&current);
    }
    out
}

/// `text` with every line fitted to the current [`limit`] by [`wrap_whole`]
/// (messages on standard error, the strategy pages): nothing is cut inside a
/// word.
pub fn fit_whole(text: &str) -> String {
    match limit() {
        Some(width) => wrap_whole(text, width),
        None => text.to_string(),
    }
}

/// Wraps every line of `text` longer than `width` characters at spaces, as
/// [`wrap`] does (continuation lines keep the line's indent plus two spaces),
/// but never inside a word: a path, a number or a name stays whole, and a
/// span quoted with backticks or double quotes (`` `Tit For Tat` ``) is kept
/// on one line when it fits on one. A word longer than a whole line is put
/// on a line of its own, which it exceeds: an unbreakable token is better
/// whole than copied in two pieces.
pub fn wrap_whole(text: &str, width: usize) -> String {
    let width = width.max(8);
    let mut out = String::with_capacity(text.len());
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            out.push('\n');
        }
        if line.chars().count() <= width {
            out.push_str(line);
            continue;
        }
        let spaces = line.chars().take_while(|c| *c == ' ').count();
        let indent = spaces.min(width / 2);
        let hanging = " ".repeat((indent + 2).min(width / 2));
        let room = width - hanging.len();
        let mut current = " ".repeat(indent);
        let mut current_len = indent;
        let mut has_word = false;
        for (gap, word) in tokens(&line[spaces..], room) {
            let length = word.chars().count();
            let needed = if has_word { gap } else { 0 } + length;
            if has_word && current_len + needed > width {
                out.push_str(&current);
                out.push('\n');
                current.clone_from(&hanging);
                current_len = hanging.len();
                has_word = false;
            }
            if has_word {
                current.push_str(&" ".repeat(gap));
                current_len += gap;
            }
            current.push_str(word);
            current_len += length;
            has_word = true;
        }
        out.push_str(&current);
    }
    out
}

/// The words of `text` with the spaces before each, a quoted span (between
/// two backticks or two double quotes) joined into one word when it is at
/// most `room` characters long.
fn tokens(text: &str, room: usize) -> Vec<(usize, &str)> {
    let words = words_with_gaps(text);
    // Byte offsets of each word in `text`.
    let mut starts = Vec::with_capacity(words.len());
    let base = text.as_ptr() as usize;
    for (_, word) in &words {
        starts.push(word.as_ptr() as usize - base);
    }
    let odd = |word: &str, quote: char| word.matches(quote).count() % 2 == 1;
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let (gap, word) = words[i];
        let quote = ['`', '"'].into_iter().find(|q| odd(word, *q));
        let close = quote.and_then(|q| (i + 1..words.len()).find(|&j| odd(words[j].1, q)));
        if let Some(j) = close {
            let end = starts[j] + words[j].1.len();
            let span = &text[starts[i]..end];
            if span.chars().count() <= room {
                out.push((gap, span));
                i = j + 1;
                continue;
            }
        }
        out.push((gap, word));
        i += 1;
    }
    out
}

/// The words of `text`, each with the number of spaces before it.
fn words_with_gaps(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut gap = 0;
    for piece in text.split(' ') {
        if piece.is_empty() {
            gap += 1;
        } else {
            out.push((gap, piece));
            gap = 1;
        }
    }
    out
}

/// "1 repetition", "2 repetitions": `count` and the noun, plural unless 1.
pub fn count(count: impl std::fmt::Display, singular: &str, plural: &str) -> String {
    let shown = count.to_string();
    if shown == "1" {
        format!("{shown} {singular}")
    } else {
        format!("{shown} {plural}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn long_lines_wrap_at_spaces_with_a_hanging_indent() {
        let line = "  - Row plays Opera with probability 3/5 and Football with probability 2/5, Column plays Opera";
        let wrapped = wrap(line, 40);
        assert!(widest(&wrapped) <= 40, "{wrapped}");
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines[0].starts_with("  - Row plays"));
        assert!(lines[1..].iter().all(|l| l.starts_with("    ")));
        let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(line));
    }

    #[test]
    fn spacing_inside_a_line_is_kept() {
        let line = format!("{}  x    y", "word ".repeat(10));
        let wrapped = wrap(&line, 30);
        assert!(wrapped.ends_with("x    y"), "{wrapped}");
    }

    #[test]
    fn short_lines_and_the_final_newline_are_kept() {
        assert_eq!(wrap("a b\n\nc\n", 10), "a b\n\nc\n");
    }

    #[test]
    fn a_word_longer_than_the_line_is_split() {
        let word = "x".repeat(25);
        let wrapped = wrap(&word, 10);
        assert!(widest(&wrapped) <= 10, "{wrapped}");
        assert_eq!(wrapped.replace(['\n', ' '], ""), word);
    }

    #[test]
    fn a_line_indented_past_the_width_wraps() {
        // `dilemma game` on a game whose first strategy name is 3000
        // characters: the header row starts with 3000 spaces, and the room
        // left on a line (width - indent) underflowed (found by the fuzzer).
        let line = format!("{} | Hawk | {}", " ".repeat(3000), "x".repeat(100));
        let wrapped = wrap(&line, 80);
        assert!(widest(&wrapped) <= 80, "{wrapped}");
        let words = |t: &str| t.split_whitespace().collect::<String>();
        assert_eq!(words(&wrapped), words(&line));
        assert!(wrapped.starts_with(&" ".repeat(40)));
    }

    #[test]
    fn whole_wrapping_never_cuts_a_word_or_a_short_quoted_span() {
        let path = format!("/tmp/{}/scenario.toml", "very-long-folder-name-".repeat(5));
        let line = format!(
            "error: {path}:9:9: field `match.turns`: expected a number from 1 to 4294967295, got 0; \
             did you mean `Tit For Tat`? strategy = \"first by davis\" is 12345678901234567890"
        );
        let wrapped = wrap_whole(&line, 80);
        let lines: Vec<&str> = wrapped.lines().collect();
        // The path is longer than a line: alone on its line, whole.
        assert!(
            lines.contains(&format!("  {path}:9:9:").as_str()),
            "{wrapped}"
        );
        for l in &lines {
            assert!(
                l.chars().count() <= 80 || !l.trim().contains(' '),
                "{wrapped}"
            );
        }
        assert!(lines[1..].iter().all(|l| l.starts_with("  ")), "{wrapped}");
        assert!(
            lines.iter().any(|l| l.contains("`Tit For Tat`")),
            "{wrapped}"
        );
        assert!(
            lines.iter().any(|l| l.contains("\"first by davis\"")),
            "{wrapped}"
        );
        assert!(
            lines.iter().any(|l| l.contains("12345678901234567890")),
            "{wrapped}"
        );
        let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(&line));
    }

    #[test]
    fn whole_wrapping_breaks_a_quoted_span_longer_than_a_line_at_its_spaces() {
        let quoted = format!("`{}`", "word ".repeat(30).trim_end());
        let line = format!("error: unknown value {quoted}; allowed: a, b");
        let wrapped = wrap_whole(&line, 40);
        assert!(widest(&wrapped) <= 40, "{wrapped}");
        let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(&line));
        // An unbalanced quote joins nothing.
        let odd = "a `b c d e f g h i j k l m n o p q r s t u v w x y z a b c d e f g h";
        assert!(widest(&wrap_whole(odd, 20)) <= 20);
        // Apostrophes are not quotes; short lines stay as they are.
        assert_eq!(
            wrap_whole("the prisoner's dilemma\n", 80),
            "the prisoner's dilemma\n"
        );
    }

    #[test]
    fn elision_counts_characters() {
        assert_eq!(elide("Tit For Tat", 20), "Tit For Tat");
        assert_eq!(elide("Tit For Tat", 6), "Tit F…");
        assert_eq!(elide("Tit For Tat", 6).chars().count(), 6);
        assert_eq!(elide("ééééé", 3), "éé…");
        assert_eq!(elide("Tit For Tat", 5), "Tit…");
    }

    #[test]
    fn plurals() {
        assert_eq!(count(1, "repetition", "repetitions"), "1 repetition");
        assert_eq!(count(0, "repetition", "repetitions"), "0 repetitions");
        assert_eq!(count(12, "match", "matches"), "12 matches");
    }
}
