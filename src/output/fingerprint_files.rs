//! The files of a fingerprint study (`study/kinds/fingerprint.rs`), from plain
//! numbers: `fingerprint.csv` (one strategy, or an atlas with a first column
//! `strategy`), a shard's `fingerprint_rows.csv` (one row of the grid per unit,
//! doubles in shortest round-trip form so they read back bit for bit), the heat
//! map of one strategy oriented as axelrod's `plot` draws it, the contact sheet of
//! an atlas, and the natural sizes of both for the work model.
//!
//! A fingerprint's values come in rows: Ashlock, row `i` is x = linspace(0, 1,
//! n)[i] with one value per y (x outer, y inner, as axelrod's points); transitive,
//! row `i` is the opponent Random(p_i) with one value per turn.

use crate::output::charts::{
    ChartError, ContactSheet, HeatMap, contact_sheet_natural_size, draw_contact_sheet,
    draw_heat_map, heat_map_natural_size, tile_cells,
};
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

/// A shard's rows of the grid.
pub const FINGERPRINT_ROWS: &str = "fingerprint_rows.csv";
const ROWS_HEADER: &str = "unit,strategy,row,values";

/// The shape of one strategy's fingerprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `points` x `points` grid over the unit square; a row per x, a value per y.
    Ashlock {
        /// Points per axis.
        points: usize,
    },
    /// A row per opponent Random(p), p = linspace(0, 1, opponents); a value per turn.
    Transitive {
        /// Opponents.
        opponents: usize,
        /// Turns.
        turns: usize,
    },
}

impl Layout {
    /// Rows per strategy.
    pub fn rows(self) -> usize {
        match self {
            Layout::Ashlock { points } => points,
            Layout::Transitive { opponents, .. } => opponents,
        }
    }

    /// Values per row.
    pub fn row_len(self) -> usize {
        match self {
            Layout::Ashlock { points } => points,
            Layout::Transitive { turns, .. } => turns,
        }
    }
}

/// What a fingerprint's titles say besides the strategy.
#[derive(Clone, Copy, Debug)]
pub struct Describe<'a> {
    /// The probe's name (Ashlock).
    pub probe: &'a str,
    /// Turns per match.
    pub turns: u32,
    /// "exact" or "simulated".
    pub method: &'a str,
}

/// One row of one strategy's grid: a unit of the study.
#[derive(Clone, Debug)]
pub struct FingerprintRow {
    /// The strategy's position in the scenario.
    pub strategy: usize,
    /// The row (x index, or opponent index).
    pub row: usize,
    /// Its values.
    pub values: Vec<f64>,
}

impl FingerprintRow {
    /// The same row, bit for bit (NaN included).
    pub fn same(&self, other: &FingerprintRow) -> bool {
        self.strategy == other.strategy
            && self.row == other.row
            && self.values.len() == other.values.len()
            && self
                .values
                .iter()
                .zip(&other.values)
                .all(|(a, b)| a.to_bits() == b.to_bits())
    }
}

/// numpy's `linspace(0, 1, n)` (as `exact::fingerprint::linspace`; kept here so
/// the files need no core module).
fn linspace(n: usize) -> Vec<f64> {
    crate::exact::fingerprint::linspace(n)
}

/// A name as a CSV field (quoted when it holds a comma or a quote).
fn field(name: &str) -> String {
    if name.contains([',', '"', '\n']) {
        format!("\"{}\"", name.replace('"', "\"\""))
    } else {
        name.to_string()
    }
}

/// Writes `fingerprint.csv`: Ashlock `x,y,score`, transitive
/// `opponent,turn,cooperation`; with `names` (an atlas) a first column
/// `strategy`. `values[k]` are strategy k's rows.
pub fn write_values(
    path: &Path,
    layout: Layout,
    names: Option<&[String]>,
    values: &[&[Vec<f64>]],
) -> io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    let first = if names.is_some() { "strategy," } else { "" };
    let header = match layout {
        Layout::Ashlock { .. } => "x,y,score",
        Layout::Transitive { .. } => "opponent,turn,cooperation",
    };
    writeln!(out, "{first}{header}")?;
    let axis = linspace(layout.rows());
    let ys = linspace(layout.row_len());
    for (k, rows) in values.iter().enumerate() {
        let lead = names.map_or(String::new(), |n| {
            format!("{},", field(n.get(k).map_or("", String::as_str)))
        });
        for (row, a) in rows.iter().zip(&axis) {
            for (j, v) in row.iter().enumerate() {
                match layout {
                    Layout::Ashlock { .. } => writeln!(out, "{lead}{a},{},{v}", ys[j])?,
                    Layout::Transitive { .. } => writeln!(out, "{lead}{a},{},{v}", j + 1)?,
                }
            }
        }
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// Writes a shard's `fingerprint_rows.csv`: `unit,strategy,row,values` with the
/// values separated by `;`.
pub fn write_rows(path: &Path, rows: &[(u64, FingerprintRow)]) -> io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "{ROWS_HEADER}")?;
    for (id, r) in rows {
        write!(out, "{id},{},{},", r.strategy, r.row)?;
        for (j, v) in r.values.iter().enumerate() {
            if j > 0 {
                out.write_all(b";")?;
            }
            write!(out, "{v}")?;
        }
        out.write_all(b"\n")?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// Reads `fingerprint_rows.csv`, calling `each(unit, row)` per line; every row
/// must hold `row_len` numbers. Errors name the line.
pub fn read_rows(
    path: &Path,
    row_len: usize,
    mut each: impl FnMut(u64, FingerprintRow) -> Result<(), String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut lines = io::BufReader::new(file).lines();
    let header = lines
        .next()
        .transpose()
        .map_err(|e| format!("cannot read: {e}"))?;
    if header.as_deref() != Some(ROWS_HEADER) {
        return Err(format!("line 1: not the {FINGERPRINT_ROWS} header"));
    }
    for (k, line) in lines.enumerate() {
        let n = k + 2;
        let line = line.map_err(|e| format!("line {n}: cannot read: {e}"))?;
        let bad = |what: &str| format!("line {n} of {FINGERPRINT_ROWS}: {what}");
        let f: Vec<&str> = line.splitn(4, ',').collect();
        if f.len() != 4 {
            return Err(bad("expected unit,strategy,row,values"));
        }
        let int = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| bad(&format!("`{s}` is not a count")))
        };
        let values = f[3]
            .split(';')
            .map(|v| {
                v.parse::<f64>()
                    .map_err(|_| bad(&format!("`{v}` is not a number")))
            })
            .collect::<Result<Vec<f64>, String>>()?;
        if values.len() != row_len {
            return Err(bad(&format!(
                "{} values, a row has {row_len}",
                values.len()
            )));
        }
        let row = FingerprintRow {
            strategy: int(f[1])? as usize,
            row: int(f[2])? as usize,
            values,
        };
        each(int(f[0])?, row)?;
    }
    Ok(())
}

/// A tick label of point `k` of `n` at value `v`: every point when there are at
/// most 11, else the points nearest to tenths of the axis (0, 0.1, ..., 1 at step
/// 0.01).
fn tenths(v: f64, k: usize, n: usize) -> String {
    let tick = (0..=10).any(|j| ((j * (n - 1)) as f64 / 10.0).round() as usize == k);
    if n <= 11 || tick {
        format!("{}", (v * 1000.0).round() / 1000.0)
    } else {
        String::new()
    }
}

/// The turns labelled on a transitive fingerprint's axis of `turns` turns: every
/// turn up to 10, else the multiples of a step of 1, 2 or 5 times a power of ten
/// giving at most 10 of them (and turn 1, when that step is 5 or more).
fn turn_label(t: usize, turns: usize) -> String {
    if turns <= 10 {
        return t.to_string();
    }
    let step = (0..)
        .flat_map(|e| [1, 2, 5].map(|m| m * 10usize.pow(e)))
        .find(|s| turns / s <= 10)
        .unwrap_or(turns);
    if t % step == 0 || (t == 1 && step >= 5) {
        t.to_string()
    } else {
        String::new()
    }
}

/// One strategy's heat map, owned.
pub struct FingerprintChart {
    title: String,
    row_names: Vec<String>,
    col_names: Vec<String>,
    values: Vec<Vec<f64>>,
    labels: [&'static str; 3],
}

impl FingerprintChart {
    /// The heat map of `rows` (one strategy's values) oriented as axelrod's
    /// `plot`: Ashlock with x across and y up (the top row is y = 1),
    /// transitive with turns across and the opponents' p down (p = 0 on top).
    pub fn new(layout: Layout, describe: &Describe<'_>, name: &str, rows: &[Vec<f64>]) -> Self {
        let title = title(layout, describe, name);
        // No rows, no values (a size estimate): the names make the size.
        let (nr, nc) = picture_size(layout);
        let nr = if rows.is_empty() { 0 } else { nr };
        let values = (0..nr)
            .map(|r| (0..nc).map(|c| picture_value(layout, rows, r, c)).collect())
            .collect();
        match layout {
            Layout::Ashlock { points: n } => {
                let names: Vec<String> = linspace(n)
                    .iter()
                    .enumerate()
                    .map(|(k, &v)| tenths(v, k, n))
                    .collect();
                FingerprintChart {
                    title,
                    row_names: names.iter().rev().cloned().collect(),
                    col_names: names,
                    values,
                    labels: [
                        "y: probe defects with this probability",
                        "x: probe cooperates with this probability",
                        "Mean score per turn",
                    ],
                }
            }
            Layout::Transitive { opponents, turns } => FingerprintChart {
                title,
                row_names: linspace(opponents)
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| tenths(p, k, opponents))
                    .collect(),
                col_names: (1..=turns).map(|t| turn_label(t, turns)).collect(),
                values,
                labels: ["Opponent: Random(p)", "Turn", "Cooperation rate"],
            },
        }
    }

    fn heat_map(&self) -> HeatMap<'_> {
        HeatMap {
            title: &self.title,
            row_label: self.labels[0],
            col_label: self.labels[1],
            value_label: self.labels[2],
            row_names: &self.row_names,
            col_names: &self.col_names,
            values: &self.values,
        }
    }

    /// Draws it to `<stem>.png` / `.svg`.
    pub fn draw(&self, stem: &Path) -> Result<(), ChartError> {
        draw_heat_map(stem, &self.heat_map())
    }
}

/// Rows and columns of a strategy's picture.
fn picture_size(layout: Layout) -> (usize, usize) {
    match layout {
        Layout::Ashlock { points } => (points, points),
        Layout::Transitive { opponents, turns } => (opponents, turns),
    }
}

/// The value at row `r`, column `c` of a strategy's picture, oriented as
/// axelrod's `plot`: Ashlock, column c is x = axis[c] and row r is y =
/// axis[n - 1 - r] (y up); transitive, row r is opponent r (p = 0 on top) and
/// column c turn c + 1. NaN where `rows` has no value.
fn picture_value(layout: Layout, rows: &[Vec<f64>], r: usize, c: usize) -> f64 {
    let (row, at) = match layout {
        Layout::Ashlock { points } => (c, points - 1 - r),
        Layout::Transitive { .. } => (r, c),
    };
    rows.get(row)
        .and_then(|values| values.get(at))
        .copied()
        .unwrap_or(f64::NAN)
}

/// The title of strategy `name`'s heat map.
fn title(layout: Layout, d: &Describe<'_>, name: &str) -> String {
    match layout {
        Layout::Ashlock { .. } => format!(
            "Ashlock fingerprint of {name} (probe {}, {} turns, {})",
            d.probe, d.turns, d.method
        ),
        Layout::Transitive { .. } => format!(
            "Transitive fingerprint of {name} ({} turns, {})",
            d.turns, d.method
        ),
    }
}

/// The contact sheet's title, note (the tiles' axes, and the grid points
/// shown when a tile shows fewer than it has) and colour bar label.
fn sheet_texts(layout: Layout, d: &Describe<'_>, count: usize) -> [String; 3] {
    let (nr, nc) = picture_size(layout);
    let (shown_r, shown_c) = (tile_cells(nr).len(), tile_cells(nc).len());
    let shown = if (shown_r, shown_c) == (nr, nc) {
        String::new()
    } else {
        format!(", {shown_r} x {shown_c} of them shown")
    };
    match layout {
        Layout::Ashlock { points } => [
            format!(
                "Ashlock fingerprints of {count} strategies (probe {}, {} turns, {})",
                d.probe, d.turns, d.method
            ),
            format!(
                "Each tile: x (probe cooperates) 0 to 1 across, y (probe defects) 0 to 1 up; \
                 {points} x {points} points{shown}"
            ),
            "Mean score per turn".into(),
        ],
        Layout::Transitive { opponents, turns } => [
            format!(
                "Transitive fingerprints of {count} strategies ({turns} turns, {})",
                d.method
            ),
            format!(
                "Each tile: turns 1 to {turns} across, opponents Random(p), p = 0 (top) to 1; \
                 {opponents} x {turns} values{shown}"
            ),
            "Cooperation rate".into(),
        ],
    }
}

/// Draws the contact sheet of an atlas to `<stem>.png` / `.svg`: strategy `k`
/// named `names[k]` with rows `values[k]`, tiles oriented as the heat maps.
pub fn draw_sheet(
    stem: &Path,
    layout: Layout,
    describe: &Describe<'_>,
    names: &[String],
    values: &[&[Vec<f64>]],
) -> Result<(), ChartError> {
    // Each tile at most MAX_TILE_CELLS a side, picked here (no copy of a
    // whole grid per strategy).
    let (nr, nc) = picture_size(layout);
    let (pick_rows, pick_cols) = (tile_cells(nr), tile_cells(nc));
    let tiles: Vec<Vec<Vec<f64>>> = values
        .iter()
        .map(|rows| {
            pick_rows
                .iter()
                .map(|&r| {
                    pick_cols
                        .iter()
                        .map(|&c| picture_value(layout, rows, r, c))
                        .collect()
                })
                .collect()
        })
        .collect();
    let [title, note, value_label] = sheet_texts(layout, describe, names.len());
    draw_contact_sheet(
        stem,
        &ContactSheet {
            title: &title,
            note: &note,
            value_label: &value_label,
            names,
            tiles: &tiles,
        },
    )
}

/// The natural sizes (96 dpi, the style in effect) of the largest charts of a
/// fingerprint study of `names`: one heat map (with the longest name in its
/// title) and, for an atlas, the contact sheet. Values do not change the sizes
/// (none are made: a heat map's size is computed from its names).
pub fn natural_sizes(layout: Layout, describe: &Describe<'_>, names: &[String]) -> Vec<(u32, u32)> {
    let longest = names
        .iter()
        .max_by_key(|n| n.chars().count())
        .map_or("", String::as_str);
    let chart = FingerprintChart::new(layout, describe, longest, &[]);
    let mut sizes = vec![heat_map_natural_size(&chart.heat_map())];
    if names.len() > 1 {
        let [title, note, value_label] = sheet_texts(layout, describe, names.len());
        // A tile's size does not depend on its cells: one cell each.
        let tiles = vec![vec![vec![0.0]]; names.len()];
        sizes.push(contact_sheet_natural_size(&ContactSheet {
            title: &title,
            note: &note,
            value_label: &value_label,
            names,
            tiles: &tiles,
        }));
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir()
            .join("dilemma-fingerprint-files")
            .join(format!("{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn rows_read_back_bit_for_bit_and_damage_names_the_line() {
        let dir = scratch("rows");
        let path = dir.join(FINGERPRINT_ROWS);
        let rows = vec![
            (
                4,
                FingerprintRow {
                    strategy: 1,
                    row: 0,
                    values: vec![0.1 + 0.2, 1.0 / 3.0, f64::NAN],
                },
            ),
            (
                5,
                FingerprintRow {
                    strategy: 1,
                    row: 1,
                    values: vec![3.0, 2.999999999999999, 0.0],
                },
            ),
        ];
        write_rows(&path, &rows).unwrap();
        let mut back = Vec::new();
        read_rows(&path, 3, |id, row| {
            back.push((id, row));
            Ok(())
        })
        .unwrap();
        assert_eq!(back.len(), 2);
        for ((a, r), (b, s)) in rows.iter().zip(&back) {
            assert_eq!(a, b);
            assert!(r.same(s));
        }
        let err = read_rows(&path, 4, |_, _| Ok(())).unwrap_err();
        assert!(
            err.contains("line 2") && err.contains("a row has 4"),
            "{err}"
        );
        std::fs::write(&path, format!("{ROWS_HEADER}\n0,0,0,1;x;3\n")).unwrap();
        let err = read_rows(&path, 3, |_, _| Ok(())).unwrap_err();
        assert!(err.contains("line 2") && err.contains("`x`"), "{err}");
    }

    #[test]
    fn ticks_fall_on_tenths_and_turns_on_round_steps() {
        let labels: Vec<String> = (0..101).map(|k| tenths(k as f64 / 100.0, k, 101)).collect();
        let written: Vec<&str> = labels
            .iter()
            .filter(|l| !l.is_empty())
            .map(String::as_str)
            .collect();
        assert_eq!(
            written,
            [
                "0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"
            ]
        );
        let turns = |n: usize| -> Vec<String> {
            (1..=n)
                .map(|t| turn_label(t, n))
                .filter(|l| !l.is_empty())
                .collect()
        };
        assert_eq!(turns(4), ["1", "2", "3", "4"]);
        assert_eq!(
            turns(20),
            ["2", "4", "6", "8", "10", "12", "14", "16", "18", "20"]
        );
        assert_eq!(turns(50)[..3], ["1", "5", "10"]);
        assert_eq!(turns(200).len(), 11);
    }

    #[test]
    fn the_ashlock_picture_has_y_up_and_x_across() {
        // rows[x][y] = 10 x + y.
        let rows: Vec<Vec<f64>> = (0..3)
            .map(|x| (0..3).map(|y| f64::from(10 * x + y)).collect())
            .collect();
        let d = Describe {
            probe: "Tit For Tat",
            turns: 5,
            method: "exact",
        };
        let chart = FingerprintChart::new(Layout::Ashlock { points: 3 }, &d, "S", &rows);
        assert_eq!(chart.values[0], [2.0, 12.0, 22.0]);
        assert_eq!(chart.values[2], [0.0, 10.0, 20.0]);
        assert_eq!(chart.row_names, ["1", "0.5", "0"]);
        assert_eq!(chart.col_names, ["0", "0.5", "1"]);
    }

    #[test]
    fn the_atlas_csv_has_a_strategy_column_and_quotes_names() {
        let dir = scratch("csv");
        let path = dir.join("fingerprint.csv");
        let a = vec![vec![1.0, 2.0], vec![3.0, 4.0]];
        let b = vec![vec![0.5, 0.25], vec![0.0, 1.0]];
        let names = vec!["A".to_string(), "B, with comma".to_string()];
        write_values(
            &path,
            Layout::Ashlock { points: 2 },
            Some(&names),
            &[&a, &b],
        )
        .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("strategy,x,y,score\nA,0,0,1\nA,0,1,2\nA,1,0,3\n"));
        assert!(text.contains("\n\"B, with comma\",1,1,1\n"), "{text}");
        write_values(
            &path,
            Layout::Transitive {
                opponents: 2,
                turns: 2,
            },
            None,
            &[&b],
        )
        .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "opponent,turn,cooperation\n0,1,0.5\n0,2,0.25\n1,1,0\n1,2,1\n"
        );
    }
}
