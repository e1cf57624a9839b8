//! The terminal table of a sweep of evolutionary studies: one line per
//! grid point (at most 40, then a note) with the point's values and three
//! result columns (Moran and ecological sweeps).

use crate::output::sweep_files::grid_value;
use crate::output::table;

/// The index of the largest value (the first of ties).
pub fn top_index(values: &[f64]) -> usize {
    (0..values.len())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
        .unwrap_or(0)
}

/// One line per point (at most 40, then a note): the point, its values and
/// three result columns.
pub fn point_table(
    keys: &[(String, bool)],
    coordinates: &[&[f64]],
    columns: [&str; 3],
    results: impl Iterator<Item = Vec<String>>,
) -> String {
    let mut header = vec!["point".to_string()];
    header.extend(keys.iter().map(|(k, _)| k.clone()));
    header.extend(columns.map(String::from));
    let mut rows = vec![header];
    for (k, (c, mut result)) in coordinates.iter().zip(results).enumerate().take(40) {
        let mut row = vec![k.to_string()];
        row.extend(c.iter().zip(keys).map(|(&v, (_, i))| grid_value(v, *i)));
        if result[0].chars().count() > 24 {
            result[0] = result[0].chars().take(23).collect::<String>() + "…";
        }
        row.extend(result);
        rows.push(row);
    }
    let mut right = vec![true];
    right.extend(keys.iter().map(|_| true));
    right.extend([false, true, true]);
    let mut text = table::render(&rows, &right);
    if coordinates.len() > 40 {
        text += &format!("... {} more points in sweep.csv\n", coordinates.len() - 40);
    }
    text
}
