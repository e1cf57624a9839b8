//! A normal-form analysis in words and as JSON: the report `dilemma game`
//! prints (and `dilemma pigs`, `dilemma travelers`, `dilemma run` share) and
//! `analysis.json` (keys documented in the README).

use crate::dilemmas::pigs::words::explain;
use crate::normal_form::analysis::Analysis;
use crate::normal_form::dominance::Dominator;
use crate::normal_form::elimination::Player;
use crate::normal_form::rational::Rational;
use serde_json::{Map, Value, json};

fn mixture(names: &[String], p: &[Rational]) -> Value {
    let mut m = Map::new();
    for (n, x) in names.iter().zip(p) {
        if !x.is_zero() {
            m.insert(n.clone(), json!(x.to_string()));
        }
    }
    Value::Object(m)
}

fn dominator(names: &[String], by: &Dominator) -> Value {
    match by {
        Dominator::Pure(k) => json!(names[*k]),
        Dominator::Mixed(mix) => {
            let mut m = Map::new();
            for (k, p) in mix {
                m.insert(names[*k].clone(), json!(p.to_string()));
            }
            Value::Object(m)
        }
    }
}

/// The analysis as JSON (keys documented in README).
pub fn analysis_json(a: &Analysis) -> Value {
    let g = &a.game;
    let cell = |&(i, j): &(usize, usize)| json!([g.rows[i], g.cols[j]]);
    let mixed: Vec<Value> = a
        .equilibria
        .extreme
        .iter()
        .map(|e| {
            json!({
                "row": mixture(&g.rows, &e.row),
                "col": mixture(&g.cols, &e.col),
                "payoffs": [e.payoffs[0].to_string(), e.payoffs[1].to_string()],
                "pure": e.is_pure(),
            })
        })
        .collect();
    let trail: Vec<Value> = a
        .reduction
        .trail
        .iter()
        .map(|e| {
            let names = if e.player == Player::Row {
                &g.rows
            } else {
                &g.cols
            };
            json!({
                "round": e.round,
                "player": e.player.name(),
                "strategy": names[e.strategy],
                "by": dominator(names, &e.by),
                "by_mixed": matches!(e.by, Dominator::Mixed(_)),
                "strength": "strict",
            })
        })
        .collect();
    let mut dominance = Vec::new();
    for (p, names) in [(0, &g.rows), (1, &g.cols)] {
        for (i, s) in a.status[p].iter().enumerate() {
            dominance.push(json!({
                "player": if p == 0 { "row" } else { "column" },
                "strategy": names[i],
                "strictly_dominated_by_pure": s.strictly_by_pure.map(|k| names[k].clone()),
                "strictly_dominated_by_mixed": s.strictly_by_mixed.as_ref().map(|m| dominator(names, &Dominator::Mixed(m.clone()))),
                "weakly_dominated_by_pure": s.weakly_by_pure.map(|k| names[k].clone()),
                "weakly_dominated_by_mixed": s.weakly_by_mixed.as_ref().map(|m| dominator(names, &Dominator::Mixed(m.clone()))),
                "strictly_dominant": s.strictly_dominant,
                "weakly_dominant": s.weakly_dominant,
            }));
        }
    }
    let matrix = |u: &Vec<Vec<Rational>>| -> Value {
        json!(
            u.iter()
                .map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        )
    };
    json!({
        "title": g.title,
        "players": g.players,
        "rows": g.rows,
        "cols": g.cols,
        "row_payoffs": matrix(&g.a),
        "col_payoffs": matrix(&g.b),
        "pure_nash": a.pure.iter().map(cell).collect::<Vec<_>>(),
        "mixed_nash": mixed,
        "components": a.equilibria.components,
        "continuum": a.equilibria.has_continuum(),
        "degenerate": a.equilibria.degenerate,
        "degenerate_scope": if a.enumerated_full { "full game" } else { "game left after iterated strict dominance" },
        "dominated": trail,
        "surviving": {"row": a.reduction.rows.iter().map(|&i| g.rows[i].clone()).collect::<Vec<_>>(),
                      "col": a.reduction.cols.iter().map(|&j| g.cols[j].clone()).collect::<Vec<_>>()},
        "dominance": dominance,
        "dominant_strategy_equilibrium": a.dominant.as_ref().map(cell),
        "pareto_optimal": a.pareto.iter().map(cell).collect::<Vec<_>>(),
        "zero_sum": a.constant_sum.as_ref().map(|c| json!({
            "constant": c.total.to_string(),
            "value": c.solution.value.to_string(),
            "row_strategy": mixture(&g.rows, &c.solution.row),
            "col_strategy": mixture(&g.cols, &c.solution.col),
        })),
    })
}

/// The analysis as text: the payoff table, then sentences.
pub fn report(a: &Analysis) -> String {
    let g = &a.game;
    let mut out = format!(
        "{}\nrow player: {}; column player: {}\n",
        g.title, g.players[0], g.players[1]
    );
    if g.m() <= 12 && g.n() <= 12 {
        let w = g.rows.iter().map(|s| s.len()).max().unwrap_or(0);
        let cells: Vec<Vec<String>> = (0..g.m())
            .map(|i| {
                (0..g.n())
                    .map(|j| format!("{}, {}", g.a[i][j], g.b[i][j]))
                    .collect()
            })
            .collect();
        let cw = cells
            .iter()
            .flatten()
            .map(|s| s.len())
            .chain(g.cols.iter().map(|s| s.len()))
            .max()
            .unwrap_or(0);
        out.push_str(&format!("{:w$}", ""));
        for c in &g.cols {
            out.push_str(&format!(" | {c:>cw$}"));
        }
        out.push('\n');
        for (i, r) in g.rows.iter().enumerate() {
            out.push_str(&format!("{r:w$}"));
            for c in &cells[i] {
                out.push_str(&format!(" | {c:>cw$}"));
            }
            out.push('\n');
        }
    } else {
        out.push_str(&format!("({} x {} strategies)\n", g.m(), g.n()));
    }
    out.push('\n');
    for line in explain(a) {
        out.push_str(&line);
        out.push('\n');
    }
    if !a.pareto.is_empty() && a.pareto.len() <= 20 {
        let cells: Vec<String> = a
            .pareto
            .iter()
            .map(|&(i, j)| format!("({}, {})", g.rows[i], g.cols[j]))
            .collect();
        out.push_str(&format!("Pareto-optimal outcomes: {}\n", cells.join(", ")));
    }
    if let Some(c) = &a.constant_sum {
        out.push_str(&format!(
            "The game is {} (payoffs add to {} in every cell); the row player's minimax value is {}.\n",
            if c.total.is_zero() { "zero-sum" } else { "constant-sum" },
            c.total,
            c.solution.value
        ));
    }
    out
}
