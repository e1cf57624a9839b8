//! Files of an exact tournament (`[match] method = "exact"`): every pair's
//! expected values as doubles and exact fractions, the ranking by expected
//! score, a shard's `exact_pairs.csv` (led by the grid point in an exact
//! sweep's shard), and the charts (payoff heat map, ranking bars).

use crate::output::charts::{
    BarChart, ChartError, HeatMap, draw_bar_chart, draw_heat_map, par_draw,
};
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

/// One unordered pair's expected values (row player first).
#[derive(Clone, Debug, PartialEq)]
pub struct PairValues {
    /// The row player (index in the scenario).
    pub row: usize,
    /// The column player.
    pub column: usize,
    /// Joint states of the chain.
    pub states: usize,
    /// Expected scores per turn, row then column.
    pub scores: [f64; 2],
    /// Expected cooperation rates, row then column.
    pub cooperation: [f64; 2],
    /// The same four as exact fractions "p/q", when computed.
    pub exact: Option<[String; 4]>,
}

/// A shard's rows: one per pair, in id order.
pub const EXACT_PAIRS: &str = "exact_pairs.csv";

const HEADER: &str = "pair,row,column,states,score_row,score_column,cooperation_row,\
cooperation_column,score_row_exact,score_column_exact,cooperation_row_exact,cooperation_column_exact";

/// One row of a shard's `exact_pairs.csv`: the unit id, the grid point (a
/// sweep's rows carry it, a tournament's do not) and the pair's values.
pub type PairRow = (u64, Option<usize>, PairValues);

/// The header of `exact_pairs.csv`, led by `point` in a sweep's shard.
fn header(with_point: bool) -> String {
    if with_point {
        format!("point,{HEADER}")
    } else {
        HEADER.to_string()
    }
}

/// Writes a tournament's `exact_pairs.csv` (doubles in shortest
/// round-trip form, so they read back bit for bit).
pub fn write_pairs(path: &Path, rows: &[PairRow]) -> io::Result<()> {
    write_rows(path, false, rows)
}

/// Writes a sweep's `exact_pairs.csv`: each row led by its grid point.
pub fn write_point_pairs(path: &Path, rows: &[PairRow]) -> io::Result<()> {
    write_rows(path, true, rows)
}

fn write_rows(path: &Path, with_point: bool, rows: &[PairRow]) -> io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "{}", header(with_point))?;
    for (id, point, v) in rows {
        if with_point {
            write!(out, "{},", point.unwrap_or(0))?;
        }
        let exact = v.exact.clone().unwrap_or_default();
        writeln!(
            out,
            "{id},{},{},{},{},{},{},{},{},{},{},{}",
            v.row,
            v.column,
            v.states,
            v.scores[0],
            v.scores[1],
            v.cooperation[0],
            v.cooperation[1],
            exact[0],
            exact[1],
            exact[2],
            exact[3]
        )?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// Reads `exact_pairs.csv` (led by the grid point when `with_point`),
/// calling `each(id, point, values)` per row (point 0 without
/// `with_point`); errors name the line.
pub fn read_pairs(
    path: &Path,
    with_point: bool,
    mut each: impl FnMut(u64, usize, PairValues) -> Result<(), String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut lines = io::BufReader::new(file).lines();
    let header = lines
        .next()
        .transpose()
        .map_err(|e| format!("cannot read: {e}"))?;
    if header.as_deref() != Some(self::header(with_point).as_str()) {
        return Err(format!("line 1: not the {EXACT_PAIRS} header"));
    }
    for (k, line) in lines.enumerate() {
        let n = k + 2;
        let line = line.map_err(|e| format!("line {n}: cannot read: {e}"))?;
        let (point, rest) = if with_point {
            let (point, rest) = line.split_once(',').unwrap_or((&line, ""));
            let point = point
                .parse::<usize>()
                .map_err(|_| format!("line {n}: point `{point}` is not a whole number"))?;
            (point, rest)
        } else {
            (0, line.as_str())
        };
        let f: Vec<&str> = rest.split(',').collect();
        let bad = || {
            format!(
                "line {n}: expected {} fields of {EXACT_PAIRS}, got `{line}`",
                12
            )
        };
        if f.len() != 12 {
            return Err(bad());
        }
        let int = |s: &str| s.parse::<u64>().map_err(|_| bad());
        let float = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(bad)
        };
        let fraction = |s: &str| {
            let ok = !s.is_empty()
                && s.split('/').count() <= 2
                && s.split('/').all(|p| {
                    p.trim_start_matches('-')
                        .chars()
                        .all(|c| c.is_ascii_digit())
                        && !p.is_empty()
                });
            if ok { Ok(s.to_string()) } else { Err(bad()) }
        };
        let exact = if f[8..].iter().all(|s| s.is_empty()) {
            None
        } else {
            Some([
                fraction(f[8])?,
                fraction(f[9])?,
                fraction(f[10])?,
                fraction(f[11])?,
            ])
        };
        let values = PairValues {
            row: int(f[1])? as usize,
            column: int(f[2])? as usize,
            states: int(f[3])? as usize,
            scores: [float(f[4])?, float(f[5])?],
            cooperation: [float(f[6])?, float(f[7])?],
            exact,
        };
        each(int(f[0])?, point, values).map_err(|e| format!("line {n}: {e}"))?;
    }
    Ok(())
}

/// Writes `exact_payoffs.csv`: every ordered pair, the row player's view.
pub fn write_exact_payoffs(path: &Path, names: &[String], pairs: &[PairValues]) -> io::Result<()> {
    let mut out = csv::Writer::from_path(path)?;
    out.write_record([
        "row",
        "column",
        "score",
        "score_exact",
        "cooperation",
        "cooperation_exact",
        "states",
    ])?;
    let n = names.len();
    // Per ordered cell: the pair that holds it and which side (0 = row).
    let mut cells: Vec<Vec<Option<(usize, usize)>>> = vec![vec![None; n]; n];
    for (k, p) in pairs.iter().enumerate() {
        cells[p.row][p.column] = Some((k, 0));
        cells[p.column][p.row] = Some((k, 1));
    }
    for (i, row) in cells.iter().enumerate() {
        for (j, cell) in row.iter().enumerate() {
            if let Some((k, side)) = *cell {
                let p = &pairs[k];
                let exact = p.exact.clone().unwrap_or_default();
                out.write_record([
                    names[i].as_str(),
                    names[j].as_str(),
                    &p.scores[side].to_string(),
                    &exact[side],
                    &p.cooperation[side].to_string(),
                    &exact[2 + side],
                    &p.states.to_string(),
                ])?;
            }
        }
    }
    out.flush()
}

/// One line of the ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// Rank from 1.
    pub rank: usize,
    /// The player's index in the scenario (not written).
    pub index: usize,
    /// The player's name.
    pub name: String,
    /// Mean expected score per turn over its opponents.
    pub score: f64,
    /// The same as an exact fraction, when every pair has one.
    pub score_exact: Option<String>,
    /// Mean expected cooperation rate over its opponents.
    pub cooperation: f64,
}

/// Writes `ranking.csv` (rank from 1).
pub fn write_ranking(path: &Path, ranking: &[Ranked]) -> io::Result<()> {
    let mut out = csv::Writer::from_path(path)?;
    out.write_record(["rank", "name", "score", "score_exact", "cooperation"])?;
    for r in ranking {
        out.write_record([
            r.rank.to_string(),
            r.name.clone(),
            r.score.to_string(),
            r.score_exact.clone().unwrap_or_default(),
            r.cooperation.to_string(),
        ])?;
    }
    out.flush()
}

/// File stems of the charts.
pub const CHART_STEMS: [&str; 2] = ["payoff_heatmap", "ranking"];

/// The payoff heat map (players in ranking order) and the ranking bars.
pub fn draw_exact_charts(
    folder: &Path,
    ranked_names: &[String],
    ranked_matrix: &[Vec<f64>],
    ranked_scores: &[f64],
) -> Result<(), ChartError> {
    par_draw(vec![
        Box::new(move || {
            draw_heat_map(
                &folder.join(CHART_STEMS[0]),
                &HeatMap {
                    title: "Expected payoff per turn (exact)",
                    row_label: "Player",
                    col_label: "Opponent",
                    value_label: if ranked_matrix.iter().flatten().any(|v| v.is_nan()) {
                        "Row player's expected score per turn (blank: did not meet)"
                    } else {
                        "Row player's expected score per turn"
                    },
                    row_names: ranked_names,
                    col_names: ranked_names,
                    values: ranked_matrix,
                },
            )
        }),
        Box::new(move || {
            draw_bar_chart(
                &folder.join(CHART_STEMS[1]),
                &BarChart {
                    title: "Expected score per turn (exact)",
                    value_label: if ranked_matrix.iter().flatten().any(|v| v.is_nan()) {
                        "Mean expected score per turn against the opponents met"
                    } else {
                        "Mean expected score per turn against the others"
                    },
                    category_label: "Strategy (ranked)",
                    names: ranked_names,
                    values: ranked_scores,
                },
            )
        }),
    ])
}
