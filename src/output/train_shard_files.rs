//! A training shard's units (`study/kinds/train.rs`): `restarts.csv`,
//! the restarts of the shard one after the other, one row per generation:
//!
//! `restart,generation,best,mean,median,worst,turns,born,genome`
//!
//! the generation's values (written as Rust writes an `f64`, the shortest
//! text that reads back to the same number, so a merge folds the very
//! values the shard computed), the turns played to evaluate it, and on a
//! restart's last row only the best candidate of its last generation: the
//! generation it was born in (from 0) and its genes as text
//! (`train::genome`: C and D letters for a lookup table or a cycle, the
//! states and the reals after them for the other kinds, bit-exact).
//! No wall time: a shard rerun writes the same bytes; a merge leaves
//! `training.csv`'s `seconds` empty.
//!
//! Reading checks the header, that the restarts come in order with their
//! generations 1 to G each, that numbers parse, and that the genes are a
//! genome of the representation; a damaged row is reported with its line.

use crate::train::genetic::Summary;
use crate::train::{Genome, Individual, Representation};
use std::io::{self, BufRead, BufWriter, Write};
use std::path::Path;

/// The file's name in a shard folder.
pub const RESTARTS: &str = "restarts.csv";

/// Its header.
pub const RESTARTS_HEADER: &str = "restart,generation,best,mean,median,worst,turns,born,genome";

/// One generation of a restart as a shard keeps it.
#[derive(Clone, Debug, PartialEq)]
pub struct Logged {
    /// The generation's values.
    pub summary: Summary,
    /// Turns played to evaluate it.
    pub turns: u64,
}

/// A restart as a shard keeps it: its generations in order and the best
/// candidate of the last.
#[derive(Clone, Debug, PartialEq)]
pub struct RestartRows {
    /// The restart, from 0.
    pub restart: u64,
    /// Its generations, the first (random) first.
    pub generations: Vec<Logged>,
    /// The best candidate of the last generation.
    pub best: Individual,
}

/// Writes `restarts.csv` of candidates of `representation`.
pub fn write_restarts(
    path: &Path,
    representation: Representation,
    restarts: &[RestartRows],
) -> io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    writeln!(out, "{RESTARTS_HEADER}")?;
    for r in restarts {
        let last = r.generations.len();
        for (k, g) in r.generations.iter().enumerate() {
            let s = g.summary;
            write!(
                out,
                "{},{},{},{},{},{},{},",
                r.restart,
                k + 1,
                s.best,
                s.mean,
                s.median,
                s.worst,
                g.turns
            )?;
            if k + 1 == last {
                let genes = representation.text(&r.best.genome);
                writeln!(out, "{},{genes}", r.best.born)?;
            } else {
                writeln!(out, ",")?;
            }
        }
    }
    out.into_inner().map_err(|e| e.into_error())?.sync_all()
}

/// Reads `restarts.csv` of restarts of `generations` generations and
/// candidates of `representation`, calling `each` per restart in file
/// order; errors name the line.
pub fn read_restarts(
    path: &Path,
    (generations, genes): (u32, Representation),
    mut each: impl FnMut(RestartRows) -> Result<(), String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read: {e}"))?;
    let mut lines = io::BufReader::new(file).lines();
    let header = lines
        .next()
        .transpose()
        .map_err(|e| format!("cannot read: {e}"))?;
    if header.as_deref() != Some(RESTARTS_HEADER) {
        return Err(format!("line 1: not the {RESTARTS} header"));
    }
    let mut current: Option<RestartRows> = None;
    let mut next_restart: Option<u64> = None;
    let mut last_line = 1;
    for (k, line) in lines.enumerate() {
        let n = k + 2;
        last_line = n;
        let line = line.map_err(|e| format!("line {n}: cannot read: {e}"))?;
        let row = parse_row(&line, genes).map_err(|e| format!("line {n}: {e}"))?;
        if let Some(done) = current.take_if(|c| c.generations.len() as u32 == generations) {
            each(done).map_err(|e| format!("line {}: {e}", n - 1))?;
        }
        let open = match current {
            Some(ref mut open) => open,
            None => {
                let restart = next_restart.unwrap_or(row.restart);
                next_restart = Some(restart + 1);
                current.insert(RestartRows {
                    restart,
                    generations: Vec::new(),
                    best: Individual {
                        genome: Genome::default(),
                        born: 0,
                        particle: None,
                    },
                })
            }
        };
        if row.restart != open.restart {
            return Err(format!(
                "line {n}: restart {} where restart {} belongs",
                row.restart, open.restart
            ));
        }
        let expected = open.generations.len() as u32 + 1;
        if row.generation != expected {
            return Err(format!(
                "line {n}: generation {} where generation {expected} belongs",
                row.generation
            ));
        }
        open.generations.push(row.logged);
        let last = expected == generations;
        match (row.best, last) {
            (Some(best), true) => open.best = best,
            (None, true) => {
                return Err(format!(
                    "line {n}: the last generation's row has no born and genome"
                ));
            }
            (Some(_), false) => {
                return Err(format!(
                    "line {n}: born and genome on a row that is not the last generation's"
                ));
            }
            (None, false) => {}
        }
    }
    if let Some(open) = current {
        if (open.generations.len() as u32) < generations {
            return Err(format!(
                "line {last_line}: restart {} ends after {} of {generations} generations",
                open.restart,
                open.generations.len()
            ));
        }
        each(open).map_err(|e| format!("line {last_line}: {e}"))?;
    }
    Ok(())
}

/// A row read.
struct Row {
    restart: u64,
    generation: u32,
    logged: Logged,
    best: Option<Individual>,
}

fn parse_row(line: &str, genes: Representation) -> Result<Row, String> {
    let fields: Vec<&str> = line.split(',').collect();
    let [
        restart,
        generation,
        best,
        mean,
        median,
        worst,
        turns,
        born,
        genome,
    ] = fields[..]
    else {
        return Err(format!(
            "expected {} fields ({RESTARTS_HEADER}), got {}",
            9,
            fields.len()
        ));
    };
    let whole = |name: &str, text: &str| -> Result<u64, String> {
        text.parse()
            .map_err(|_| format!("{name}: not a whole number: `{text}`"))
    };
    let real = |name: &str, text: &str| -> Result<f64, String> {
        text.parse()
            .map_err(|_| format!("{name}: not a number: `{text}`"))
    };
    let best_of = match (born, genome) {
        ("", "") => None,
        (born, genome) => {
            let genome = genes
                .read_genome(genome)
                .map_err(|e| format!("genome: {e}"))?;
            Some(Individual {
                genome,
                born: u32::try_from(whole("born", born)?)
                    .map_err(|_| format!("born: too large: `{born}`"))?,
                particle: None,
            })
        }
    };
    Ok(Row {
        restart: whole("restart", restart)?,
        generation: u32::try_from(whole("generation", generation)?)
            .map_err(|_| format!("generation: too large: `{generation}`"))?,
        logged: Logged {
            summary: Summary {
                best: real("best", best)?,
                mean: real("mean", mean)?,
                median: real("median", median)?,
                worst: real("worst", worst)?,
            },
            turns: whole("turns", turns)?,
        },
        best: best_of,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};

    fn restart(restart: u64, generations: usize) -> RestartRows {
        RestartRows {
            restart,
            generations: (0..generations)
                .map(|g| Logged {
                    summary: Summary {
                        best: 2.0 + g as f64 / 3.0,
                        mean: 1.1,
                        median: 0.1 + 0.2,
                        worst: 0.5,
                    },
                    turns: 100 + g as u64,
                })
                .collect(),
            best: Individual {
                genome: Genome::of_moves(vec![C, D, D]),
                born: 1,
                particle: None,
            },
        }
    }

    fn read(path: &Path) -> Result<Vec<RestartRows>, String> {
        let mut got = Vec::new();
        read_restarts(path, (3, Representation::Cycle { length: 3 }), |r| {
            got.push(r);
            Ok(())
        })?;
        Ok(got)
    }

    #[test]
    fn rows_read_back_to_the_same_restarts_and_damage_names_the_line() {
        let dir = std::env::temp_dir().join(format!("dilemma-train-shard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(RESTARTS);
        let written = vec![restart(4, 3), restart(5, 3)];
        write_restarts(&path, Representation::Cycle { length: 3 }, &written).unwrap();
        assert_eq!(read(&path).unwrap(), written);

        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let damaged = |edit: &dyn Fn(&mut Vec<String>)| {
            let mut lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            edit(&mut lines);
            std::fs::write(&path, lines.join("\n") + "\n").unwrap();
            read(&path).unwrap_err()
        };
        let e = damaged(&|l| l[3] = l[3].replacen(",1.1,", ",x,", 1));
        assert!(e.starts_with("line 4: mean"), "{e}");
        let e = damaged(&|l| {
            l.remove(5);
        });
        assert!(
            e.starts_with("line 6: generation 3 where generation 2"),
            "{e}"
        );
        let e = damaged(&|l| {
            l.pop();
        });
        assert!(e.contains("restart 5 ends after 2 of 3"), "{e}");
        let e = damaged(&|l| l[3] = l[3].replace(",CDD", ",CD"));
        assert!(e.starts_with("line 4: genome: 2 genes"), "{e}");
        let e = damaged(&|l| l[4] = l[4].replacen("5,", "6,", 1));
        assert!(e.starts_with("line 5: restart 6 where restart 5"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
