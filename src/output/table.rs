//! Plain-text tables for the terminal: columns padded to their widest cell,
//! numbers right-aligned. A table wider than the terminal's width budget
//! ([`crate::output::width`]) narrows its widest text (left-aligned) columns,
//! eliding their cells with "…"; headers and numbers are never cut. Cells are shown
//! as [`display_label`] shows names (π for axelrod's `$\pi$`), measured in characters.

use crate::output::label::display_label;
use crate::output::width::{elide, limit};

/// Narrowest a text column is made when the table must fit.
const MIN_TEXT_COLUMN: usize = 8;

/// Renders rows (header first) as an aligned table fitted to the current
/// width budget ([`crate::output::width::limit`]).
pub fn render(rows: &[Vec<String>], right_aligned: &[bool]) -> String {
    render_within(rows, right_aligned, limit())
}

/// Renders rows (header first) as an aligned table at most `width`
/// characters wide where eliding text columns can achieve it (`None`: no limit).
pub fn render_within(rows: &[Vec<String>], right_aligned: &[bool], width: Option<usize>) -> String {
    let rows: Vec<Vec<_>> = rows
        .iter()
        .map(|row| row.iter().map(|cell| display_label(cell)).collect())
        .collect();
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    if let Some(limit) = width {
        let floor: Vec<usize> = (0..columns)
            .map(|c| {
                let header = rows
                    .first()
                    .and_then(|r| r.get(c))
                    .map_or(0, |h| h.chars().count());
                if right_aligned.get(c).copied().unwrap_or(false) {
                    widths[c]
                } else {
                    header.max(MIN_TEXT_COLUMN).min(widths[c])
                }
            })
            .collect();
        let total = |w: &[usize]| w.iter().sum::<usize>() + 2 * w.len().saturating_sub(1);
        while total(&widths) > limit {
            let Some(c) = (0..columns)
                .filter(|&c| widths[c] > floor[c])
                .max_by_key(|&c| (widths[c], std::cmp::Reverse(c)))
            else {
                break;
            };
            widths[c] -= 1;
        }
    }
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(c, cell)| elide(cell, widths[c]))
                .collect()
        })
        .collect();
    let mut out = String::new();
    for (index, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, cell)| {
                let pad = widths[c] - cell.chars().count();
                if right_aligned.get(c).copied().unwrap_or(false) {
                    format!("{}{cell}", " ".repeat(pad))
                } else {
                    format!("{cell}{}", " ".repeat(pad))
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
        if index == 0 {
            let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
            out.push_str(&rule.join("  "));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn columns_line_up() {
        let rows = vec![
            vec!["Name".to_string(), "Score".to_string()],
            vec!["Tit For Tat".to_string(), "2.5".to_string()],
        ];
        let text = super::render(&rows, &[false, true]);
        assert_eq!(
            text,
            "Name         Score\n-----------  -----\nTit For Tat    2.5\n"
        );
    }

    #[test]
    fn wide_tables_elide_their_widest_text_column() {
        let long = "Evolved FSM 16 Noise 05 with a very long display name indeed".to_string();
        let rows = vec![
            vec![
                "rank".to_string(),
                "strategy".to_string(),
                "score".to_string(),
            ],
            vec!["1".to_string(), long.clone(), "2.5000".to_string()],
            vec!["2".to_string(), "TFT".to_string(), "2.4000".to_string()],
        ];
        let right = [true, false, true];
        let text = super::render_within(&rows, &right, Some(30));
        for line in text.lines() {
            assert!(line.chars().count() <= 30, "{line:?}");
        }
        assert!(text.contains("Evolved FSM 16…"), "{text}");
        assert!(text.contains("2.5000") && text.contains("TFT"), "{text}");
        let wide = super::render_within(&rows, &right, None);
        assert!(wide.contains(&long), "{wide}");
    }

    #[test]
    fn headers_and_numbers_are_never_cut() {
        let rows = vec![
            vec![
                "a long header".to_string(),
                "12345678901234567890".to_string(),
            ],
            vec!["x".to_string(), "1".to_string()],
        ];
        let text = super::render_within(&rows, &[false, true], Some(10));
        assert!(
            text.starts_with("a long header  12345678901234567890"),
            "{text}"
        );
    }

    #[test]
    fn axelrods_latex_names_show_as_letters_and_count_one_column() {
        let rows = vec![
            vec!["name".to_string(), "score".to_string()],
            vec!["$\\pi$".to_string(), "1.5".to_string()],
            vec!["$\\phi$ (2)".to_string(), "2".to_string()],
            vec!["$e$".to_string(), "3".to_string()],
        ];
        let text = super::render_within(&rows, &[false, true], Some(80));
        assert_eq!(
            text,
            "name   score\n-----  -----\n\u{3c0}        1.5\n\u{3c6} (2)      2\ne          3\n"
        );
    }
}
