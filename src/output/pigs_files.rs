//! The files and texts of boxed-pigs sweeps: `sweep.csv` (the grid),
//! `regions.csv` (exact 1-D regions), `region_map.csv` and `boundaries.csv`
//! (2-D), the same content as JSON and as text, and the charts `regions`
//! (a band per interval) and `region_map` (the exact areas as polygons,
//! the boundaries as lines). Pure formatting of values the core computed.

use std::io;
use std::path::Path;

use serde_json::{Value, json};

use crate::dilemmas::pigs::PigsGame;
use crate::dilemmas::pigs::game::{BOTH_PRESS_DEFAULT, parameter_meaning};
use crate::dilemmas::pigs::outcome::{INCENTIVES, Outcome};
use crate::dilemmas::pigs::region_areas::RegionAreas;
use crate::dilemmas::pigs::regions::{Axis, LineRegions, RegionMap};
use crate::dilemmas::pigs::sweep::SweepPoint;
use crate::output::charts::{
    ChartError, NamedCurve, RegionBand, RegionMapChart, draw_region_band, draw_region_map,
};

fn writer(path: &Path) -> io::Result<csv::Writer<std::fs::File>> {
    Ok(csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        .from_writer(std::fs::File::create(path)?))
}

fn axis_label(axis: &Axis) -> String {
    format!(
        "{} ({})",
        axis.parameter,
        parameter_meaning(&axis.parameter)
    )
}

/// Chart axis label, the parameter in words, capitalised like every other
/// chart's: "Food dropped per press, F" (the key itself if it has no words).
fn chart_label(axis: &Axis) -> String {
    let meaning = parameter_meaning(&axis.parameter);
    let label = if meaning.is_empty() {
        axis.parameter.as_str()
    } else {
        meaning
    };
    let mut chars = label.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => label.to_string(),
    }
}

fn outcome_json(o: &Outcome) -> Value {
    const S: [&str; 2] = ["Press", "Wait"];
    json!({
        "equilibria": o.words(),
        "profiles": o.profiles(),
        "pure_nash": o.pure.iter().map(|&(i, j)| json!([S[i], S[j]])).collect::<Vec<_>>(),
        "mixed": o.mixed,
        "continuum": o.continuum,
        "degenerate": o.degenerate,
    })
}

/// The game's parameters as JSON (`parameters` of `dilemma pigs --json`
/// and of a pigs run's `analysis.json`).
pub fn parameters_json(game: &PigsGame) -> Value {
    json!({
        "food": game.food.to_string(), "cost": game.cost.to_string(),
        "big_presses": game.big_presses.to_string(), "small_presses": game.small_presses.to_string(),
        "both_press": game.both_press.to_string(), "both_press_is_default": game.both_press_defaulted,
        "both_press_default_rule": BOTH_PRESS_DEFAULT,
    })
}

/// The sentence printed when the both-press share is the documented default.
pub fn default_sentence(game: &PigsGame) -> Option<String> {
    game.both_press_defaulted.then(|| {
        format!(
            "(The both-press share {} is the documented default, {BOTH_PRESS_DEFAULT}: the seeds leave it open.)",
            game.both_press
        )
    })
}

/// A note when the both-press share follows its default during a sweep.
pub fn default_note(game: &PigsGame, axes: &[Axis]) -> Option<String> {
    let moves_share = axes
        .iter()
        .any(|a| a.parameter == "big_presses" || a.parameter == "small_presses");
    let sets_both = axes.iter().any(|a| a.parameter == "both_press");
    (game.both_press_defaulted && moves_share && !sets_both).then(|| {
        "both_press follows its documented default (big_presses + small_presses) / 2 as the shares move"
            .to_string()
    })
}

/// `sweep.csv`: the outcome at every grid value.
pub fn write_sweep_csv(path: &Path, parameter: &str, points: &[SweepPoint]) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record([
        parameter,
        "value_decimal",
        "equilibria",
        "profiles",
        "degenerate",
    ])?;
    for p in points {
        w.write_record([
            p.value.to_string(),
            p.value.to_f64().to_string(),
            p.outcome.words(),
            p.outcome.profiles(),
            p.outcome.degenerate.to_string(),
        ])?;
    }
    w.flush()
}

/// `regions.csv`: one row per exact region.
pub fn write_regions_csv(path: &Path, r: &LineRegions) -> io::Result<()> {
    let mut w = writer(path)?;
    w.write_record([
        "from",
        "to",
        "from_decimal",
        "to_decimal",
        "from_included",
        "to_included",
        "equilibria",
        "profiles",
        "degenerate",
    ])?;
    for g in &r.regions {
        w.write_record([
            g.from.to_string(),
            g.to.to_string(),
            g.from.to_f64().to_string(),
            g.to.to_f64().to_string(),
            g.from_included.to_string(),
            g.to_included.to_string(),
            g.outcome.words(),
            g.outcome.profiles(),
            g.outcome.degenerate.to_string(),
        ])?;
    }
    w.flush()
}

/// The exact regions (and the grid points, when given) as JSON.
pub fn regions_json(r: &LineRegions, points: Option<&[SweepPoint]>) -> Value {
    let mut v = json!({
        "parameter": r.axis.parameter,
        "from": r.axis.from.to_string(),
        "to": r.axis.to.to_string(),
        "steps": r.axis.steps,
        "regions": r.regions.iter().map(|g| {
            let mut o = outcome_json(&g.outcome);
            o["from"] = json!(g.from.to_string());
            o["to"] = json!(g.to.to_string());
            o["from_included"] = json!(g.from_included);
            o["to_included"] = json!(g.to_included);
            o["interval"] = json!(g.interval());
            o
        }).collect::<Vec<_>>(),
        "boundaries": r.boundaries.iter().map(|b| json!({
            "value": b.value.to_string(),
            "decimal": b.value.to_f64(),
            "incentives_zero": b.incentives.iter().map(|&k| INCENTIVES[k].0).collect::<Vec<_>>(),
            "equilibria_change": b.changes,
        })).collect::<Vec<_>>(),
    });
    if let Some(points) = points {
        v["points"] = json!(
            points
                .iter()
                .map(|p| {
                    let mut o = outcome_json(&p.outcome);
                    o["value"] = json!(p.value.to_string());
                    o
                })
                .collect::<Vec<_>>()
        );
    }
    v
}

/// The exact regions as text.
pub fn regions_text(r: &LineRegions, note: Option<&str>) -> String {
    let a = &r.axis;
    let mut out = format!(
        "Sweep of {} from {} to {}: which equilibria hold where (exact boundaries)\n",
        axis_label(a),
        a.from,
        a.to
    );
    let w = r
        .regions
        .iter()
        .map(|g| g.interval().len())
        .max()
        .unwrap_or(0);
    for g in &r.regions {
        out.push_str(&format!(
            "  {:w$}  {}{}\n",
            g.interval(),
            g.outcome.words(),
            if g.outcome.degenerate {
                " (degenerate)"
            } else {
                ""
            }
        ));
    }
    for b in r.boundaries.iter().filter(|b| b.changes) {
        let why: Vec<&str> = b.incentives.iter().map(|&k| INCENTIVES[k].1).collect();
        out.push_str(&format!(
            "  boundary {} = {}: {} is 0 there\n",
            a.parameter,
            b.value,
            why.join(" and ")
        ));
    }
    if let Some(n) = note {
        out.push_str(&format!("  ({n})\n"));
    }
    out
}

/// Draws the `regions` band chart.
pub fn draw_regions(stem: &Path, r: &LineRegions, note: Option<&str>) -> Result<(), ChartError> {
    let mut categories: Vec<String> = Vec::new();
    let mut intervals = Vec::new();
    let mut notes = Vec::new();
    for g in &r.regions {
        if g.from == g.to {
            notes.push(format!(
                "At {} = {} exactly: {}.",
                r.axis.parameter,
                g.from,
                g.outcome.words()
            ));
            continue;
        }
        let words = g.outcome.words();
        let k = match categories.iter().position(|c| *c == words) {
            Some(k) => k,
            None => {
                categories.push(words);
                categories.len() - 1
            }
        };
        intervals.push((g.from.to_f64(), g.to.to_f64(), k));
    }
    if let Some(n) = note {
        notes.push(format!("Note: {n}."));
    }
    let boundaries: Vec<(f64, String)> = r
        .boundaries
        .iter()
        .filter(|b| b.changes)
        .map(|b| (b.value.to_f64(), b.value.to_string()))
        .collect();
    let title = "Boxed pigs: which equilibrium holds where";
    let x_label = chart_label(&r.axis);
    draw_region_band(
        stem,
        &RegionBand {
            title,
            x_label: &x_label,
            range: (r.axis.from.to_f64(), r.axis.to.to_f64()),
            intervals: &intervals,
            categories: &categories,
            boundaries: &boundaries,
            notes: &notes,
        },
    )
}

/// `region_map.csv` (one row per cell, at its centre) and `boundaries.csv`.
pub fn write_map_csvs(folder: &Path, m: &RegionMap) -> io::Result<()> {
    let mut w = writer(&folder.join("region_map.csv"))?;
    let (xd, yd) = (
        format!("{}_decimal", m.x.parameter),
        format!("{}_decimal", m.y.parameter),
    );
    w.write_record([
        m.x.parameter.as_str(),
        m.y.parameter.as_str(),
        &xd,
        &yd,
        "equilibria",
        "profiles",
        "degenerate",
    ])?;
    for (iy, yv) in m.ys.iter().enumerate() {
        for (ix, xv) in m.xs.iter().enumerate() {
            let o = &m.outcomes[m.cells[iy][ix]];
            w.write_record([
                xv.to_string(),
                yv.to_string(),
                xv.to_f64().to_string(),
                yv.to_f64().to_string(),
                o.words(),
                o.profiles(),
                o.degenerate.to_string(),
            ])?;
        }
    }
    w.flush()?;
    let mut w = writer(&folder.join("boundaries.csv"))?;
    w.write_record(["incentive", "meaning", "equation"])?;
    for c in &m.curves {
        w.write_record([
            INCENTIVES[c.incentive].0,
            INCENTIVES[c.incentive].1,
            &c.equation(&m.x.parameter, &m.y.parameter),
        ])?;
    }
    w.flush()
}

fn axis_json(a: &Axis) -> Value {
    json!({"parameter": a.parameter, "from": a.from.to_string(), "to": a.to.to_string(), "cells": a.steps})
}

/// The region map as JSON: axes, outcomes with cell counts, cells (rows from
/// the lowest y) and the exact boundary equations.
pub fn map_json(m: &RegionMap) -> Value {
    let counts = counts(m);
    json!({
        "x": axis_json(&m.x),
        "y": axis_json(&m.y),
        "outcomes": m.outcomes.iter().zip(&counts).enumerate().map(|(k, (o, n))| {
            let mut v = outcome_json(o);
            v["id"] = json!(k);
            v["cells"] = json!(n);
            v
        }).collect::<Vec<_>>(),
        "cells": m.cells,
        "boundaries": m.curves.iter().map(|c| json!({
            "incentive": INCENTIVES[c.incentive].0,
            "meaning": INCENTIVES[c.incentive].1,
            "equation": c.equation(&m.x.parameter, &m.y.parameter),
            "coefficients": c.coefficients.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

fn counts(m: &RegionMap) -> Vec<usize> {
    let mut counts = vec![0usize; m.outcomes.len()];
    for row in &m.cells {
        for &c in row {
            counts[c] += 1;
        }
    }
    counts
}

/// The region map as text: the outcomes with their cell counts and the
/// exact boundaries.
pub fn map_text(m: &RegionMap, note: Option<&str>) -> String {
    let mut out = format!(
        "Region map: {} from {} to {} ({} cells) against {} from {} to {} ({} cells), each cell at its centre\n",
        axis_label(&m.x),
        m.x.from,
        m.x.to,
        m.x.steps,
        axis_label(&m.y),
        m.y.from,
        m.y.to,
        m.y.steps
    );
    for (o, n) in m.outcomes.iter().zip(counts(m)) {
        out.push_str(&format!("  {n:>6} cells: {}\n", o.words()));
    }
    if !m.curves.is_empty() {
        out.push_str("Exact boundaries (where an incentive is 0):\n");
        for c in &m.curves {
            out.push_str(&format!(
                "  {}  ({})\n",
                c.equation(&m.x.parameter, &m.y.parameter),
                INCENTIVES[c.incentive].1
            ));
        }
    }
    if let Some(n) = note {
        out.push_str(&format!("  ({n})\n"));
    }
    out
}

/// Draws the `region_map` chart: `areas` (the map's polygons) filled with
/// their equilibrium sets, the exact boundaries as lines named by their
/// equations. A set that holds only on a boundary (measure zero) is no area
/// and has no swatch: `region_map.csv` and the text list it.
pub fn draw_map(stem: &Path, m: &RegionMap, areas: &RegionAreas) -> Result<(), ChartError> {
    let categories: Vec<String> = areas.outcomes.iter().map(Outcome::words).collect();
    let polygons: Vec<(Vec<(f64, f64)>, usize)> = areas
        .areas
        .iter()
        .map(|a| (a.polygon.clone(), a.outcome))
        .collect();
    let curves: Vec<NamedCurve> = m
        .curves
        .iter()
        .map(|c| {
            (
                c.equation(&m.x.parameter, &m.y.parameter),
                c.polylines(&m.x, &m.y, 400),
            )
        })
        .collect();
    let title = "Boxed pigs: which equilibrium holds where";
    let (xl, yl) = (chart_label(&m.x), chart_label(&m.y));
    draw_region_map(
        stem,
        &RegionMapChart {
            title,
            x_label: &xl,
            y_label: &yl,
            x_range: (m.x.from.to_f64(), m.x.to.to_f64()),
            y_range: (m.y.from.to_f64(), m.y.to.to_f64()),
            areas: &polygons,
            categories: &categories,
            curves: &curves,
            curve_label: "Exact boundaries, where a pig is indifferent:",
        },
    )
}
