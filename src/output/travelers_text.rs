//! The traveler's dilemma in words: the summary `dilemma travelers` prints
//! and `dilemma run` puts in report.html.

use crate::dilemmas::travelers::TravelersGame;
use crate::dilemmas::travelers::qre::QrePoint;
use crate::normal_form::analysis::Analysis;
use crate::normal_form::dominance::Dominator;
use crate::normal_form::elimination::Player;

/// What the traveler's dilemma summary shows (`dilemma travelers` and
/// `dilemma run` on a travelers scenario print the same text).
pub struct TravelersReport<'a> {
    /// The game's title.
    pub title: &'a str,
    /// The normal-form analysis of the claim game.
    pub analysis: &'a Analysis,
    /// The game.
    pub game: &'a TravelersGame,
    /// Best-response dynamics from the highest claim.
    pub path: &'a [i64],
    /// The traced logit QRE branch.
    pub branch: &'a [QrePoint],
    /// The precision of the mean-claim-by-bonus table.
    pub lambda: f64,
    /// (bonus as written, mean QRE claim) pairs.
    pub by_bonus: &'a [(String, f64)],
}

/// The summary as text: the equilibrium, the elimination proof (first and
/// last rounds), the best-response path, the QRE branch and the mean claim by bonus.
pub fn report(r: &TravelersReport) -> String {
    use std::fmt::Write;
    let (analysis, game) = (r.analysis, r.game);
    let mut out = String::new();
    let _ = writeln!(out, "{}", r.title);
    let g = &analysis.game;
    let eq = &analysis.equilibria;
    for e in &eq.extreme {
        let claims: Vec<String> = g
            .rows
            .iter()
            .zip(&e.row)
            .filter(|(_, p)| !p.is_zero())
            .map(|(n, p)| format!("{n} ({p})"))
            .collect();
        let _ = writeln!(
            out,
            "Nash equilibrium: both claim {} with payoffs ({}, {})",
            claims.join(", "),
            e.payoffs[0],
            e.payoffs[1]
        );
    }
    let rounds = analysis.reduction.trail.last().map_or(0, |e| e.round);
    let _ = writeln!(
        out,
        "Proof by iterated elimination of strictly dominated claims ({}):",
        crate::output::width::count(rounds, "round", "rounds")
    );
    for e in analysis
        .reduction
        .trail
        .iter()
        .filter(|e| e.player == Player::Row)
    {
        let by = match &e.by {
            Dominator::Pure(k) => format!("claim {}", g.rows[*k]),
            Dominator::Mixed(m) => format!(
                "a mixture of {} claims (no single claim dominates it; largest weight on {})",
                m.len(),
                m.iter()
                    .max_by(|a, b| a.1.cmp(&b.1))
                    .map_or(String::new(), |(k, _)| g.rows[*k].clone())
            ),
        };
        if e.round <= 3 || e.round + 2 >= rounds {
            let _ = writeln!(
                out,
                "  round {}: claim {} is strictly dominated by {by} (for both travellers)",
                e.round, g.rows[e.strategy]
            );
        } else if e.round == 4 {
            let _ = writeln!(out, "  ...");
        }
    }
    let _ = writeln!(
        out,
        "Best-response dynamics from {}: {}",
        game.high,
        r.path
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" -> ")
    );
    let _ = writeln!(
        out,
        "Logit QRE (traced by continuation), mean claim by precision:"
    );
    for p in r.branch {
        let _ = writeln!(out, "  lambda {:>7.3}: mean claim {:.2}", p.lambda, p.mean);
    }
    let _ = writeln!(
        out,
        "Logit QRE at lambda = {}: mean claim by bonus R",
        r.lambda
    );
    for (bonus, m) in r.by_bonus {
        let _ = writeln!(out, "  R = {bonus:>4}: {m:.2}");
    }
    out
}
