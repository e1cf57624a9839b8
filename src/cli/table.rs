//! Plain-text tables for the terminal: columns padded to their widest cell,
//! numbers right-aligned.

/// Renders rows (header first) as an aligned table.
pub fn render(rows: &[Vec<String>], right_aligned: &[bool]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths = vec![0usize; columns];
    for row in rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
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
}
