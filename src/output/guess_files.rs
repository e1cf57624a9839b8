//! The files of a guess run: elimination.csv, equilibria.csv, level_k.csv,
//! cognitive_hierarchy.csv, simulation_rounds.csv, simulation_choices.csv
//! and the charts (elimination bounds, predictions, simulated choices).

use crate::dilemmas::guess::analysis::GuessAnalysis;
use crate::output::charts::{
    BarChart, ChartError, LineChart, Series, draw_bar_chart, draw_line_chart, par_draw,
};
use std::path::Path;

fn writer(path: &Path) -> std::io::Result<csv::Writer<std::fs::File>> {
    Ok(csv::Writer::from_writer(std::fs::File::create(path)?))
}

/// Writes every CSV file into `folder`.
pub fn write_csvs(folder: &Path, a: &GuessAnalysis) -> std::io::Result<()> {
    let mut w = writer(&folder.join("elimination.csv"))?;
    w.write_record(["round", "lo", "hi", "lo_exact", "hi_exact"])?;
    for b in &a.elimination.rounds {
        w.write_record([
            b.round.to_string(),
            b.lo.to_f64().to_string(),
            b.hi.to_f64().to_string(),
            b.lo.to_string(),
            b.hi.to_string(),
        ])?;
    }
    w.flush()?;

    let mut w = writer(&folder.join("equilibria.csv"))?;
    w.write_record(["equilibrium", "description", "choice", "players"])?;
    for (i, e) in a.equilibria.equilibria.iter().enumerate() {
        for (v, c) in &e.profile {
            w.write_record([
                (i + 1).to_string(),
                e.describe(),
                v.to_string(),
                c.to_string(),
            ])?;
        }
    }
    w.flush()?;

    let mut w = writer(&folder.join("level_k.csv"))?;
    w.write_record(["level", "choice", "exact"])?;
    for (k, x) in a.level_k.iter().enumerate() {
        w.write_record([k.to_string(), x.to_f64().to_string(), x.to_string()])?;
    }
    w.flush()?;

    let ch = &a.cognitive_hierarchy;
    let mut w = writer(&folder.join("cognitive_hierarchy.csv"))?;
    w.write_record(["level", "share", "choice"])?;
    for (k, (s, x)) in ch.shares.iter().zip(&ch.choices).enumerate() {
        w.write_record([k.to_string(), s.to_string(), x.to_string()])?;
    }
    w.flush()?;

    let mut w = writer(&folder.join("simulation_rounds.csv"))?;
    w.write_record([
        "round",
        "anchor",
        "mean",
        "median",
        "min",
        "max",
        "target",
        "winning_choice",
        "winners",
    ])?;
    for r in &a.simulation.rounds {
        w.write_record([
            r.round.to_string(),
            r.anchor.to_string(),
            r.mean.to_string(),
            r.median.to_string(),
            r.min.to_string(),
            r.max.to_string(),
            r.target.to_string(),
            r.winning_choice.to_string(),
            r.winners.to_string(),
        ])?;
    }
    w.flush()?;

    let mut w = writer(&folder.join("simulation_choices.csv"))?;
    w.write_record(["round", "player", "level", "choice"])?;
    for (r, picks) in a.simulation.choices.iter().enumerate() {
        for (i, x) in picks.iter().enumerate() {
            w.write_record([
                (r + 1).to_string(),
                i.to_string(),
                a.simulation.levels[i].to_string(),
                x.to_string(),
            ])?;
        }
    }
    w.flush()
}

/// elimination, predictions and simulation charts (PNG and SVG).
pub fn write_charts(folder: &Path, a: &GuessAnalysis) -> Result<(), ChartError> {
    let g = &a.game;
    let rounds = &a.elimination.rounds;
    let mut lows: Vec<(f64, f64)> = rounds
        .iter()
        .map(|b| (b.round as f64, b.lo.to_f64()))
        .collect();
    let mut highs: Vec<(f64, f64)> = rounds
        .iter()
        .map(|b| (b.round as f64, b.hi.to_f64()))
        .collect();
    // Nothing eliminated (p >= 1): hold the one surviving interval over a round, so the
    // chart shows two level lines instead of two dots on a fractional axis.
    let nothing_eliminated = rounds.len() <= 1;
    if nothing_eliminated {
        for points in [&mut lows, &mut highs] {
            if let Some(&(x, y)) = points.first() {
                points.push((x + 1.0, y));
            }
        }
    }
    let note = if nothing_eliminated {
        ": nothing is eliminated"
    } else {
        ""
    };
    let elimination = || {
        draw_line_chart(
            &folder.join("elimination"),
            &LineChart {
                title: &format!("Iterated elimination, p = {}{note}", g.p),
                x_label: "Round of elimination",
                y_label: "Surviving choices",
                series: vec![
                    Series {
                        name: "highest surviving choice".into(),
                        points: &highs,
                    },
                    Series {
                        name: "lowest surviving choice".into(),
                        points: &lows,
                    },
                ],
                steps: nothing_eliminated,
                y_from_zero: false,
            },
        )
    };
    let mut names: Vec<String> = (0..a.level_k.len()).map(|k| format!("level {k}")).collect();
    let mut values: Vec<f64> = a.level_k.iter().map(|x| x.to_f64()).collect();
    let ch = &a.cognitive_hierarchy;
    names.push(format!("CH mean (tau {})", ch.tau));
    values.push(ch.mean);
    names.push(format!("CH target (tau {})", ch.tau));
    values.push(ch.target);
    let predictions = || {
        draw_bar_chart(
            &folder.join("predictions"),
            &BarChart {
                title: "Level-k and cognitive-hierarchy predictions",
                value_label: "Predicted choice",
                category_label: "Model",
                names: &names,
                values: &values,
            },
        )
    };
    let rounds = &a.simulation.rounds;
    let pick =
        |f: fn(&crate::dilemmas::guess::simulation::RoundSummary) -> f64| -> Vec<(f64, f64)> {
            rounds.iter().map(|r| (r.round as f64, f(r))).collect()
        };
    let (mean, median, min, max, target) = (
        pick(|r| r.mean),
        pick(|r| r.median),
        pick(|r| r.min),
        pick(|r| r.max),
        pick(|r| r.target),
    );
    let simulation = || {
        draw_line_chart(
            &folder.join("simulation"),
            &LineChart {
                title: &format!(
                    "Simulated choices, {} players, seed {}",
                    g.players, a.settings.simulation.seed
                ),
                x_label: "Round",
                y_label: "Choice",
                series: vec![
                    Series {
                        name: "mean".into(),
                        points: &mean,
                    },
                    Series {
                        name: "median".into(),
                        points: &median,
                    },
                    Series {
                        name: "target".into(),
                        points: &target,
                    },
                    Series {
                        name: "lowest".into(),
                        points: &min,
                    },
                    Series {
                        name: "highest".into(),
                        points: &max,
                    },
                ],
                steps: false,
                y_from_zero: true,
            },
        )
    };
    par_draw(vec![
        Box::new(elimination),
        Box::new(predictions),
        Box::new(simulation),
    ])
}
