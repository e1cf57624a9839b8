//! The analysis of any 2x2 (or larger) game in sentences a teacher can
//! read: dominance facts, what iterated elimination leaves, the equilibria
//! and whether they are Pareto optimal. Built only from the computed
//! [`Analysis`], never from hard-coded conclusions.

use crate::normal_form::analysis::Analysis;
use crate::normal_form::dominance::Dominator;
use crate::normal_form::rational::Rational;

fn mix_text(names: &[String], p: &[Rational]) -> String {
    let parts: Vec<String> = names
        .iter()
        .zip(p)
        .filter(|(_, x)| !x.is_zero())
        .map(|(n, x)| {
            if *x == Rational::ONE {
                n.clone()
            } else {
                format!("{n} with probability {x}")
            }
        })
        .collect();
    parts.join(" and ")
}

/// Sentences describing the analysis.
pub fn explain(analysis: &Analysis) -> Vec<String> {
    let g = &analysis.game;
    let mut out = Vec::new();
    for (p, names) in [(0, &g.rows), (1, &g.cols)] {
        let who = &g.players[p];
        for (i, s) in analysis.status[p].iter().enumerate() {
            let me = &names[i];
            if s.strictly_dominant {
                out.push(format!("The {who}'s {me} strictly dominates every other strategy: it is best whatever the other does."));
            } else if s.weakly_dominant {
                out.push(format!("The {who}'s {me} weakly dominates the rest: it is never worse and sometimes better."));
            }
            if let Some(k) = s.strictly_by_pure {
                out.push(format!(
                    "The {who}'s {} strictly dominates {me}, so a rational {who} never plays {me}.",
                    names[k]
                ));
            } else if let Some(mix) = &s.strictly_by_mixed {
                let desc: Vec<String> = mix
                    .iter()
                    .map(|(k, q)| format!("{} with probability {q}", names[*k]))
                    .collect();
                out.push(format!("No single strategy beats the {who}'s {me}, but mixing {} strictly dominates it.", desc.join(", ")));
            } else if let Some(k) = s.weakly_by_pure {
                out.push(format!("The {who}'s {} weakly dominates {me} (never worse, sometimes better), so {me} is a risky choice but not ruled out by strict dominance.", names[k]));
            }
        }
    }
    if analysis.reduction.trail.is_empty() {
        out.push(
            "No strategy is strictly dominated, so iterated elimination removes nothing.".into(),
        );
    } else {
        for e in &analysis.reduction.trail {
            let (names, who) = match e.player {
                crate::normal_form::elimination::Player::Row => (&g.rows, &g.players[0]),
                crate::normal_form::elimination::Player::Col => (&g.cols, &g.players[1]),
            };
            let by = match &e.by {
                Dominator::Pure(k) => names[*k].clone(),
                Dominator::Mixed(m) => format!(
                    "a mix of {}",
                    m.iter()
                        .map(|(k, _)| names[*k].as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            out.push(format!(
                "Round {}: remove the {who}'s {} (strictly dominated by {by}).",
                e.round, names[e.strategy]
            ));
        }
    }
    let eq = &analysis.equilibria;
    let count = eq.extreme.len();
    if count == 1 {
        let e = &eq.extreme[0];
        out.push(format!(
            "There is exactly one Nash equilibrium: the {} plays {}, the {} plays {}, with payoffs ({}, {}).",
            g.players[0], mix_text(&g.rows, &e.row), g.players[1], mix_text(&g.cols, &e.col), e.payoffs[0], e.payoffs[1]
        ));
    } else {
        out.push(format!("There are {count} extreme Nash equilibria:"));
        for e in &eq.extreme {
            out.push(format!(
                "  - {} plays {}, {} plays {}; payoffs ({}, {}).",
                g.players[0],
                mix_text(&g.rows, &e.row),
                g.players[1],
                mix_text(&g.cols, &e.col),
                e.payoffs[0],
                e.payoffs[1]
            ));
        }
    }
    if eq.has_continuum() {
        out.push("Some of these are the ends of a continuum: every mixture between them is also an equilibrium.".into());
    }
    if eq.degenerate {
        out.push("The game is degenerate (a player has more best responses than the other mixes over), which is why ties and continua can appear.".into());
    }
    for &(i, j) in &analysis.pure {
        let optimal = analysis.pareto.contains(&(i, j));
        out.push(format!(
            "The pure equilibrium ({}, {}) is {}Pareto optimal.",
            g.rows[i],
            g.cols[j],
            if optimal { "" } else { "not " }
        ));
    }
    out
}
