//! TOML shown within a width (`dilemma strategies ID` shows definitions): a
//! long line is folded into shorter lines that read back as the same value,
//! so the text can still be copied into a file.
//!
//! Invariant: the folded lines parse to exactly what the line parsed to. A
//! basic string becomes a multi-line basic string whose line ends are
//! escaped (`\` at the end of a line drops the line break and the next
//! line's indent, TOML 1.0, "String"); an array breaks after its commas
//! (arrays may span lines; inline tables may not, so nothing inside `{}`
//! breaks); a comment continues as a comment. A line none of these fit
//! (one long number, a literal string) is left whole.

/// `line` folded into lines of at most `width` characters where it can be.
pub fn fold(line: &str, width: usize) -> Vec<String> {
    if line.chars().count() <= width {
        return vec![line.to_string()];
    }
    let indent = &line[..line.len() - line.trim_start().len()];
    let more = format!("{indent}    ");
    let body = line.trim_start();
    if let Some(comment) = body.strip_prefix('#') {
        return fold_comment(indent, comment.trim_start(), width);
    }
    if let Some(folded) = fold_string(indent, body, &more, width) {
        return folded;
    }
    fold_array(line, &more, width).unwrap_or_else(|| vec![line.to_string()])
}

/// `# words ...` over several comment lines.
fn fold_comment(indent: &str, text: &str, width: usize) -> Vec<String> {
    let start = format!("{indent}# ");
    let mut out: Vec<String> = Vec::new();
    let mut current = start.clone();
    for word in text.split(' ') {
        if current.len() > start.len() && current.chars().count() + 1 + word.chars().count() > width
        {
            out.push(current);
            current = start.clone();
        }
        if current.len() > start.len() {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out
}

/// `key = "a long basic string"` as a multi-line basic string with escaped
/// line ends, broken at single spaces; `None` when the line is not one key
/// and one basic string (a comment after it, an inline table ...).
fn fold_string(indent: &str, body: &str, more: &str, width: usize) -> Option<Vec<String>> {
    let (key, value) = body.split_once(" = ")?;
    let inner = value.strip_prefix('"')?.strip_suffix('"')?;
    if value.starts_with("\"\"\"") {
        return None;
    }
    // One string: no unescaped quote inside.
    let mut escaped = false;
    for c in inner.chars() {
        match (escaped, c) {
            (false, '\\') => escaped = true,
            (false, '"') => return None,
            _ => escaped = false,
        }
    }
    if escaped {
        return None;
    }
    let mut out = vec![format!("{indent}{key} = \"\"\"\\")];
    let mut current = more.to_string();
    let pieces: Vec<&str> = inner.split(' ').collect();
    for (k, piece) in pieces.iter().enumerate() {
        let last = k + 1 == pieces.len();
        // The piece, its following space kept on this line (before the `\`).
        let length = piece.chars().count() + if last { 3 } else { 2 };
        let started = current.len() > more.len();
        // An empty piece (two spaces in a row) never starts a line: the
        // escaped line end would swallow the space it stands for.
        let breakable = !piece.is_empty() && !piece.starts_with(char::is_whitespace);
        if started && breakable && current.chars().count() + length > width {
            current.push('\\');
            out.push(current);
            current = more.to_string();
        }
        current.push_str(piece);
        if !last {
            current.push(' ');
        }
    }
    current.push_str("\"\"\"");
    out.push(current);
    Some(out)
}

/// The line broken after the commas of its arrays (outside strings and
/// inline tables); `None` when there is no such comma.
fn fold_array(line: &str, more: &str, width: usize) -> Option<Vec<String>> {
    let mut breaks = Vec::new();
    let mut stack: Vec<char> = Vec::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (at, c) in line.char_indices() {
        if let Some(q) = quote {
            match (escaped, c) {
                (false, '\\') if q == '"' => escaped = true,
                (false, c) if c == q => quote = None,
                _ => escaped = false,
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '[' | '{' => stack.push(c),
            ']' | '}' => {
                stack.pop();
            }
            '#' => break,
            ',' if stack.last() == Some(&'[') => breaks.push(at + 1),
            _ => {}
        }
    }
    if breaks.is_empty() {
        return None;
    }
    let mut pieces = Vec::with_capacity(breaks.len() + 1);
    let mut from = 0;
    for &to in &breaks {
        pieces.push(&line[from..to]);
        from = to;
    }
    pieces.push(&line[from..]);
    let mut out: Vec<String> = Vec::new();
    let mut current = pieces[0].to_string();
    for piece in &pieces[1..] {
        if current.chars().count() + piece.chars().count() > width {
            out.push(current.trim_end().to_string());
            current = format!("{more}{}", piece.trim_start());
        } else {
            current.push_str(piece);
        }
    }
    out.push(current.trim_end().to_string());
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same_value(original: &str, folded: &str) {
        let a: toml::Table = toml::from_str(original).expect("original");
        let b: toml::Table =
            toml::from_str(folded).unwrap_or_else(|e| panic!("folded: {e}\n{folded}"));
        assert_eq!(a, b, "{folded}");
    }

    fn fold_text(text: &str, width: usize) -> String {
        text.lines()
            .flat_map(|l| fold(l, width))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn long_strings_arrays_and_comments_fold_to_the_same_value() {
        let text = format!(
            "# {}\nkey = \"{}\"\nspaced = \"two  spaces  and \\\"quotes\\\" \\\\ here {}\"\n\
             weights = [{}]\nrows = [\n  [{}],\n]\ntable = {{ a = 1, b = \"{}\" }}\n",
            "comment ".repeat(20),
            "word ".repeat(40).trim_end(),
            "x ".repeat(40),
            (0..60)
                .map(|i| format!("{}.{i}", i * 7))
                .collect::<Vec<_>>()
                .join(", "),
            (0..40)
                .map(|i| format!("-{i}.25"))
                .collect::<Vec<_>>()
                .join(", "),
            "y".repeat(100),
        );
        let folded = fold_text(&text, 60);
        same_value(&text, &folded);
        for line in folded.lines() {
            // Only the inline table (which TOML keeps on one line) is longer.
            assert!(
                line.chars().count() <= 60 || line.starts_with("table = {"),
                "{line}"
            );
        }
        assert!(folded.contains("key = \"\"\"\\\n    word word"), "{folded}");
        assert!(
            folded
                .lines()
                .filter(|l| l.starts_with("# comment"))
                .count()
                > 2
        );
    }

    #[test]
    fn every_shipped_strategy_file_folds_to_the_same_definition() {
        for file in crate::ipd::strategies::defined::shipped::SHIPPED {
            let folded = fold_text(file.text, 78);
            same_value(file.text, &folded);
            for line in folded.lines() {
                assert!(line.chars().count() <= 78, "{}: {line}", file.id);
            }
        }
    }

    #[test]
    fn short_lines_and_unbreakable_ones_are_kept() {
        assert_eq!(fold("a = 1", 10), ["a = 1"]);
        let long = format!("n = {}", "1".repeat(30));
        assert_eq!(fold(&long, 10), vec![long]);
        let literal = format!("s = '{}'", "a b ".repeat(10));
        assert_eq!(fold(&literal, 10), vec![literal]);
    }
}
