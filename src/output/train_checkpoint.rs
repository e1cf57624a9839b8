//! A training run's checkpoint (`[algorithm] checkpoint = N`,
//! `study/kinds/train.rs`): a JSON file beside the results folder,
//! `<out>/<name>.checkpoint.json` (a shard's:
//! `<out>/<name>.restarts-A-to-B.checkpoint.json`, its restarts A to B - 1),
//! written (to a temporary name, then renamed, so a kill leaves the last
//! whole one) every N generations and at the end of each restart, and
//! removed when the run has played its last restart. It holds:
//!
//! - `format`, the scenario's name and the SHA-256 of its resolved text
//!   (a checkpoint of another scenario, seed or version of it is refused),
//!   and the restarts the run plays;
//! - `done`: each finished restart's generations (values, turns, wall
//!   seconds) and the best candidate of its last generation;
//! - `current`: the restart under way, its generations so far and the
//!   population of the generation it evaluates next (born, genes as text:
//!   `train::genome`, C and D letters for a lookup table or a cycle, the
//!   states and reals after them for the other kinds, bit-exact).
//!
//! Values are written as Rust writes an `f64` (the shortest text that
//! reads back to the same number) in strings, so a resumed run folds the
//! very values the interrupted one computed. Reading checks every shape
//! against the scenario (generations, genes, population) and says what is
//! wrong.

use crate::output::train_shard_files::{Logged, RestartRows};
use crate::train::genetic::Summary;
use crate::train::{Individual, Representation};
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The format this version writes and reads.
pub const CHECKPOINT_FORMAT: &str = "dilemma-train-checkpoint/1";

/// The checkpoint's path for the run of `name` playing restarts `ids` of
/// `restarts`, in `out`.
pub fn checkpoint_path(out: &Path, name: &str, ids: &Range<u64>, restarts: u64) -> PathBuf {
    if ids.start == 0 && ids.end == restarts {
        out.join(format!("{name}.checkpoint.json"))
    } else {
        out.join(format!(
            "{name}.restarts-{}-to-{}.checkpoint.json",
            ids.start, ids.end
        ))
    }
}

/// A finished restart and its generations' wall seconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Done {
    /// The restart as a shard keeps it.
    pub rows: RestartRows,
    /// Seconds since training began at the end of each generation.
    pub seconds: Vec<Option<f64>>,
}

/// The restart under way.
#[derive(Clone, Debug, PartialEq)]
pub struct Current {
    /// Its index.
    pub restart: u64,
    /// Its generations evaluated so far.
    pub generations: Vec<Logged>,
    /// Their wall seconds.
    pub seconds: Vec<Option<f64>>,
    /// The generation evaluated next.
    pub population: Vec<Individual>,
}

/// What a checkpoint saves.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Saved {
    /// The finished restarts, in order from the first the run plays.
    pub done: Vec<Done>,
    /// The restart under way, if one is.
    pub current: Option<Current>,
}

/// Whose checkpoint it is: the scenario's name, the SHA-256 of its
/// resolved text, the restarts the run plays.
#[derive(Clone, Debug)]
pub struct Owner<'a> {
    /// The scenario's name.
    pub name: &'a str,
    /// The SHA-256 of the resolved scenario.
    pub sha256: &'a str,
    /// The restarts the run plays.
    pub ids: Range<u64>,
}

/// The shapes a checkpoint must have: generations per restart, the
/// candidates' representation, candidates per generation.
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    /// Generations per restart.
    pub generations: u32,
    /// What a candidate is.
    pub genes: Representation,
    /// Candidates are a swarm's particles (with their memory).
    pub swarm: bool,
    /// Candidates per generation.
    pub population: usize,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    format: String,
    scenario: String,
    scenario_sha256: String,
    restarts: [u64; 2],
    done: Vec<FileRestart>,
    current: Option<FileCurrent>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileRestart {
    restart: u64,
    generations: Vec<FileGeneration>,
    best: FileIndividual,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileCurrent {
    restart: u64,
    generations: Vec<FileGeneration>,
    population: Vec<FileIndividual>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileGeneration {
    best: String,
    mean: String,
    median: String,
    worst: String,
    turns: u64,
    seconds: Option<f64>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileIndividual {
    born: u32,
    genes: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    particle: Option<FileParticle>,
}

/// A swarm particle's memory: velocity (reals separated by spaces), its
/// own best (genes as text), that best's value and generation.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileParticle {
    velocity: String,
    best: String,
    best_value: String,
    best_born: u32,
}

fn generation_out((g, seconds): (&Logged, &Option<f64>)) -> FileGeneration {
    let s = g.summary;
    FileGeneration {
        best: s.best.to_string(),
        mean: s.mean.to_string(),
        median: s.median.to_string(),
        worst: s.worst.to_string(),
        turns: g.turns,
        seconds: *seconds,
    }
}

fn individual_out(i: &Individual, representation: Representation) -> FileIndividual {
    FileIndividual {
        born: i.born,
        genes: representation.text(&i.genome),
        particle: i.particle.as_ref().map(|p| FileParticle {
            velocity: p
                .velocity
                .iter()
                .map(|v| format!("{v:?}"))
                .collect::<Vec<_>>()
                .join(" "),
            best: representation.text(&p.best),
            best_value: format!("{:?}", p.best_value),
            best_born: p.best_born,
        }),
    }
}

/// Writes the checkpoint `saved` of `owner` (candidates of
/// `representation`) to `path` (through a temporary file renamed into
/// place).
pub fn write_checkpoint(
    path: &Path,
    owner: &Owner<'_>,
    representation: Representation,
    saved: &Saved,
) -> std::io::Result<()> {
    let individual_out = |i: &Individual| individual_out(i, representation);
    let file = File {
        format: CHECKPOINT_FORMAT.into(),
        scenario: owner.name.into(),
        scenario_sha256: owner.sha256.into(),
        restarts: [owner.ids.start, owner.ids.end],
        done: saved
            .done
            .iter()
            .map(|d| FileRestart {
                restart: d.rows.restart,
                generations: d
                    .rows
                    .generations
                    .iter()
                    .zip(&d.seconds)
                    .map(generation_out)
                    .collect(),
                best: individual_out(&d.rows.best),
            })
            .collect(),
        current: saved.current.as_ref().map(|c| FileCurrent {
            restart: c.restart,
            generations: c
                .generations
                .iter()
                .zip(&c.seconds)
                .map(generation_out)
                .collect(),
            population: c.population.iter().map(individual_out).collect(),
        }),
    };
    let text = serde_json::to_string(&file).map_err(std::io::Error::other)?;
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".part");
    let temporary = PathBuf::from(temporary);
    std::fs::write(&temporary, text + "\n")?;
    std::fs::rename(&temporary, path)
}

/// Reads the checkpoint at `path`, checking it is `owner`'s and has
/// `shape`; the error says what is wrong (the caller names the file).
pub fn read_checkpoint(path: &Path, owner: &Owner<'_>, shape: Shape) -> Result<Saved, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let file: File =
        serde_json::from_str(&text).map_err(|e| format!("not a training checkpoint: {e}"))?;
    if file.format != CHECKPOINT_FORMAT {
        return Err(format!(
            "format `{}`, this version reads `{CHECKPOINT_FORMAT}`",
            file.format
        ));
    }
    if file.scenario != owner.name || file.scenario_sha256 != owner.sha256 {
        let short = |sha: &str| sha.chars().take(12).collect::<String>();
        return Err(format!(
            "a checkpoint of another scenario: `{}` (resolved, SHA-256 {}...), not `{}` as \
             it resolves now ({}...): a name, seed or setting differs",
            file.scenario,
            short(&file.scenario_sha256),
            owner.name,
            short(owner.sha256)
        ));
    }
    if file.restarts != [owner.ids.start, owner.ids.end] {
        return Err(format!(
            "restarts {} to {}, this run plays restarts {} to {}",
            file.restarts[0],
            file.restarts[1].saturating_sub(1),
            owner.ids.start,
            owner.ids.end.saturating_sub(1)
        ));
    }
    let mut saved = Saved::default();
    let mut next = owner.ids.start;
    for d in file.done {
        if d.restart != next || next >= owner.ids.end {
            return Err(format!(
                "done: restart {} where restart {next} belongs",
                d.restart
            ));
        }
        let what = format!("done: restart {next}");
        let (generations, seconds) = generations_in(&d.generations, &what)?;
        if generations.len() != shape.generations as usize {
            return Err(format!(
                "{what}: {} generations, the scenario has {}",
                generations.len(),
                shape.generations
            ));
        }
        let best = individual_in(&d.best, shape.genes, &what)?;
        saved.done.push(Done {
            rows: RestartRows {
                restart: next,
                generations,
                best,
            },
            seconds,
        });
        next += 1;
    }
    if let Some(c) = file.current {
        if c.restart != next || next >= owner.ids.end {
            return Err(format!(
                "current: restart {} where restart {next} belongs",
                c.restart
            ));
        }
        let what = format!("current: restart {next}");
        let (generations, seconds) = generations_in(&c.generations, &what)?;
        if generations.len() >= shape.generations as usize {
            return Err(format!(
                "{what}: {} generations, the scenario has {}",
                generations.len(),
                shape.generations
            ));
        }
        if c.population.len() != shape.population {
            return Err(format!(
                "{what}: {} candidates, the population is {}",
                c.population.len(),
                shape.population
            ));
        }
        let population = c
            .population
            .iter()
            .map(|i| individual_in(i, shape.genes, &what))
            .collect::<Result<Vec<_>, _>>()?;
        if population
            .iter()
            .any(|i| i.particle.is_some() != shape.swarm)
        {
            return Err(format!(
                "{what}: candidates {} particles of a swarm, the scenario's {}",
                if shape.swarm { "are not" } else { "are" },
                if shape.swarm {
                    "algorithm is a swarm"
                } else {
                    "algorithm is genetic"
                }
            ));
        }
        saved.current = Some(Current {
            restart: next,
            generations,
            seconds,
            population,
        });
    }
    Ok(saved)
}

type Generations = (Vec<Logged>, Vec<Option<f64>>);

fn generations_in(rows: &[FileGeneration], what: &str) -> Result<Generations, String> {
    let number = |k: usize, name: &str, text: &str| -> Result<f64, String> {
        text.parse().map_err(|_| {
            format!(
                "{what}: generation {}: {name} `{text}` is not a number",
                k + 1
            )
        })
    };
    let mut generations = Vec::with_capacity(rows.len());
    let mut seconds = Vec::with_capacity(rows.len());
    for (k, g) in rows.iter().enumerate() {
        generations.push(Logged {
            summary: Summary {
                best: number(k, "best", &g.best)?,
                mean: number(k, "mean", &g.mean)?,
                median: number(k, "median", &g.median)?,
                worst: number(k, "worst", &g.worst)?,
            },
            turns: g.turns,
        });
        seconds.push(g.seconds);
    }
    Ok((generations, seconds))
}

fn individual_in(
    i: &FileIndividual,
    genes: Representation,
    what: &str,
) -> Result<Individual, String> {
    let genome = genes.read_genome(&i.genes).map_err(|e| match e {
        crate::train::GenomeError::Letters(_) => {
            format!("{what}: genes not C and D letters: `{}`", i.genes)
        }
        crate::train::GenomeError::Length {
            kind: "genes",
            got,
            expected,
        } => format!("{what}: a candidate of {got} genes, the representation has {expected}"),
        other => format!("{what}: a candidate's genes: {other}"),
    })?;
    let particle = match &i.particle {
        None => None,
        Some(p) => {
            let best = genes
                .read_genome(&p.best)
                .map_err(|e| format!("{what}: a particle's best: {e}"))?;
            let velocity = p
                .velocity
                .split(' ')
                .filter(|w| !w.is_empty())
                .map(|w| w.parse::<f64>().ok().filter(|v| v.is_finite()))
                .collect::<Option<Vec<f64>>>()
                .filter(|v| v.len() == genome.reals.len())
                .ok_or_else(|| {
                    format!(
                        "{what}: a particle's velocity is not {} numbers",
                        genome.reals.len()
                    )
                })?;
            let best_value = p.best_value.parse::<f64>().map_err(|_| {
                format!(
                    "{what}: a particle's best_value `{}` is not a number",
                    p.best_value
                )
            })?;
            Some(crate::train::swarm::Particle {
                velocity,
                best,
                best_value,
                best_born: p.best_born,
            })
        }
    };
    Ok(Individual {
        genome,
        born: i.born,
        particle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::train::Genome;

    fn individual(born: u32) -> Individual {
        Individual {
            genome: Genome::of_moves(vec![C, D, C]),
            born,
            particle: None,
        }
    }

    fn logged(k: usize) -> Vec<Logged> {
        (0..k)
            .map(|g| Logged {
                summary: Summary {
                    best: 0.1 + 0.2 + g as f64,
                    mean: 1.0 / 3.0,
                    median: 2.5,
                    worst: -0.0,
                },
                turns: 7,
            })
            .collect()
    }

    #[test]
    fn a_checkpoint_reads_back_and_another_scenarios_is_refused() {
        let dir = std::env::temp_dir().join(format!("dilemma-train-ckpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = checkpoint_path(&dir, "t", &(0..3), 3);
        assert!(path.ends_with("t.checkpoint.json"));
        let shard = checkpoint_path(&dir, "t", &(1..3), 3);
        assert!(shard.ends_with("t.restarts-1-to-3.checkpoint.json"));
        let owner = Owner {
            name: "t",
            sha256: "abc",
            ids: 0..3,
        };
        let shape = Shape {
            generations: 4,
            genes: Representation::Cycle { length: 3 },
            swarm: false,
            population: 2,
        };
        let saved = Saved {
            done: vec![Done {
                rows: RestartRows {
                    restart: 0,
                    generations: logged(4),
                    best: individual(2),
                },
                seconds: vec![Some(0.5), Some(1.0), None, Some(2.0)],
            }],
            current: Some(Current {
                restart: 1,
                generations: logged(2),
                seconds: vec![Some(3.0), Some(4.0)],
                population: vec![individual(1), individual(2)],
            }),
        };
        write_checkpoint(&path, &owner, shape.genes, &saved).unwrap();
        assert_eq!(read_checkpoint(&path, &owner, shape).unwrap(), saved);
        let other = Owner {
            sha256: "abd",
            ..owner.clone()
        };
        let e = read_checkpoint(&path, &other, shape).unwrap_err();
        assert!(e.contains("another scenario"), "{e}");
        let e = read_checkpoint(
            &path,
            &owner,
            Shape {
                genes: Representation::Cycle { length: 4 },
                ..shape
            },
        )
        .unwrap_err();
        assert!(e.contains("done: restart 0: a candidate of 3 genes"), "{e}");
        let e = read_checkpoint(
            &path,
            &owner,
            Shape {
                population: 3,
                ..shape
            },
        )
        .unwrap_err();
        assert!(e.contains("current: restart 1: 2 candidates"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
