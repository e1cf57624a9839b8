//! `moran_runs.csv` of a Moran sweep's shard: one row per unit (grid point,
//! Moran run), in unit-id order: `point,run,fixed,steps,shares`. `fixed` is
//! the index of the type that took over (empty if none did), `steps` the
//! steps played, `shares` (only for a mutating point) the run's
//! time-averaged share of each type, space-separated in Rust's shortest
//! round-trip form, so a merge folds exactly the numbers the single run
//! folds.

use crate::evolution::moran_units::RunOutcome;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

/// The file's name in a shard folder.
pub const MORAN_RUNS: &str = "moran_runs.csv";

/// Its header.
pub const MORAN_RUNS_HEADER: &str = "point,run,fixed,steps,shares";

/// Writes `moran_runs.csv`: rows (point, run, outcome) in id order.
pub fn write_moran_runs(path: &Path, rows: &[(usize, u64, RunOutcome)]) -> io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "{MORAN_RUNS_HEADER}")?;
    for (point, run, o) in rows {
        let fixed = o.fixed.map_or(String::new(), |t| t.to_string());
        let shares = o.shares.as_ref().map_or(String::new(), |s| {
            s.iter()
                .map(|v| format!("{v:?}"))
                .collect::<Vec<_>>()
                .join(" ")
        });
        writeln!(out, "{point},{run},{fixed},{},{shares}", o.steps)?;
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

fn parse_row(line: &str) -> Option<(usize, u64, RunOutcome)> {
    let fields: Vec<&str> = line.split(',').collect();
    let [point, run, fixed, steps, shares] = fields.as_slice() else {
        return None;
    };
    let fixed = match *fixed {
        "" => None,
        t => Some(t.parse().ok()?),
    };
    let shares = match *shares {
        "" => None,
        s => Some(
            s.split(' ')
                .map(|v| v.parse::<f64>().ok().filter(|v| v.is_finite()))
                .collect::<Option<Vec<f64>>>()?,
        ),
    };
    Some((
        point.parse().ok()?,
        run.parse().ok()?,
        RunOutcome {
            fixed,
            steps: steps.parse().ok()?,
            shares,
        },
    ))
}

/// Reads `moran_runs.csv`, calling `each(point, run, outcome)` per row;
/// errors name the line.
pub fn read_moran_runs(
    path: &Path,
    mut each: impl FnMut(usize, u64, RunOutcome) -> Result<(), String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut lines = io::BufReader::new(file).lines();
    let header = lines
        .next()
        .transpose()
        .map_err(|e| format!("cannot read: {e}"))?;
    if header.as_deref() != Some(MORAN_RUNS_HEADER) {
        return Err(format!("line 1: not the {MORAN_RUNS} header"));
    }
    for (k, line) in lines.enumerate() {
        let n = k + 2;
        let line = line.map_err(|e| format!("line {n}: cannot read: {e}"))?;
        let (point, run, outcome) = parse_row(&line).ok_or_else(|| {
            format!("line {n}: expected point,run,fixed type or nothing,steps,shares, got `{line}`")
        })?;
        each(point, run, outcome).map_err(|e| format!("line {n}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_read_back_exactly() {
        let dir = std::env::temp_dir().join(format!("moran-runs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(MORAN_RUNS);
        let rows = vec![
            (
                0,
                0,
                RunOutcome {
                    fixed: Some(2),
                    steps: 17,
                    shares: None,
                },
            ),
            (
                0,
                1,
                RunOutcome {
                    fixed: None,
                    steps: 300,
                    shares: None,
                },
            ),
            (
                1,
                0,
                RunOutcome {
                    fixed: None,
                    steps: 300,
                    shares: Some(vec![0.1 + 0.2, 1e-9, 1.0 / 3.0]),
                },
            ),
        ];
        write_moran_runs(&path, &rows).unwrap();
        let mut back = Vec::new();
        read_moran_runs(&path, |p, r, o| {
            back.push((p, r, o));
            Ok(())
        })
        .unwrap();
        assert_eq!(back, rows);
        std::fs::write(&path, format!("{MORAN_RUNS_HEADER}\n0,0,x,3,\n")).unwrap();
        let e = read_moran_runs(&path, |_, _, _| Ok(())).unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        std::fs::write(&path, format!("{MORAN_RUNS_HEADER}\n0,0,,3,0.5 NaN\n")).unwrap();
        assert!(read_moran_runs(&path, |_, _, _| Ok(())).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
