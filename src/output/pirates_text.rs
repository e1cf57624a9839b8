//! The pirate split's solution in words and as JSON: the round-by-round
//! teaching table `dilemma pirates` prints and `dilemma run` puts in
//! report.html, and `solution.json`.

use crate::dilemmas::count::digits;
use crate::dilemmas::pirates::rules::pirate_name;
use crate::dilemmas::pirates::{Fate, Majority, Round, Solution, Temperament};
use crate::output::table;
use num_bigint::BigUint;
use serde_json::{Value, json};

/// Rounds whose proposals and votes are recorded for the teaching table.
pub const RECORD_LIMIT: usize = 40;

fn count_json(count: &BigUint) -> Value {
    match u64::try_from(count) {
        Ok(n) => json!(n),
        Err(_) => json!(count.to_string()),
    }
}

/// The JSON form of a solution (also written as `solution.json` by `dilemma run`).
pub fn solution_json(solution: &Solution, listed: &[Vec<u64>]) -> Value {
    let game = solution.game;
    let passing = solution.passing_round();
    let alternatives = passing.alternatives();
    let rounds: Vec<Value> = solution.rounds.iter().map(round_json).collect();
    json!({
        "pirates": game.pirates,
        "coins": game.coins,
        "rules": {
            "majority": game.rules.majority.name(),
            "temperament": game.rules.temperament.name(),
            "tie_break": game.rules.tie_break.name(),
        },
        "tie_break_rule": game.rules.tie_break.describe(),
        "allocation": solution.allocation(),
        "proposer": solution.proposer(),
        "proposer_name": pirate_name(solution.proposer()),
        "thrown_overboard": solution.thrown_overboard(),
        "unique": alternatives == BigUint::ONE,
        "alternatives": count_json(&alternatives),
        "alternatives_exact": alternatives.to_string(),
        "alternatives_listed": listed,
        "rounds": rounds,
    })
}

fn round_json(r: &Round) -> Value {
    let (price, candidates, chosen) = match r.threshold {
        Some((t, a, b)) => (Some(t), Some(a), Some(b)),
        None => (None, None, None),
    };
    json!({
        "alive": r.alive,
        "proposer": r.proposer,
        "votes_needed": r.votes_needed,
        "doomed_voters": r.doomed_voters,
        "free_votes": r.free_votes,
        "max_votes": r.max_votes,
        "survives": r.survives,
        "proposer_keeps": r.proposer_keeps,
        "paid": r.paid,
        "yes_votes": if r.survives { Some(r.yes_votes) } else { None },
        "threshold_price": price,
        "threshold_candidates": candidates,
        "threshold_chosen": chosen,
        "allocation": r.allocation,
    })
}

/// Rounds shown in the teaching table: every round up to 40 pirates; beyond,
/// the first ten, every round where survival changes and the last.
pub fn shown_rounds(solution: &Solution) -> Vec<&Round> {
    let rounds = &solution.rounds;
    if rounds.len() <= RECORD_LIMIT {
        return rounds.iter().collect();
    }
    rounds
        .iter()
        .enumerate()
        .filter(|(i, r)| {
            *i < 10
                || *i + 1 == rounds.len()
                || rounds.get(i + 1).is_some_and(|n| n.survives != r.survives)
                || (*i > 0 && rounds[i - 1].survives != r.survives)
        })
        .map(|(_, r)| r)
        .collect()
}

fn short_list(values: &[u64], max: usize) -> String {
    let text: Vec<String> = values.iter().take(max).map(u64::to_string).collect();
    let mut s = text.join(" ");
    if values.len() > max {
        s.push_str(&format!(" ... ({} more)", values.len() - max));
    }
    s
}

/// "P46:1 P48:1 ..." for the pirates other than the proposer who get coins.
fn paid_list(allocation: &[u64], proposer: usize, max: usize) -> String {
    let paid: Vec<String> = allocation
        .iter()
        .enumerate()
        .skip(proposer + 1)
        .filter(|(_, c)| **c > 0)
        .map(|(i, c)| format!("{}:{c}", pirate_name(i)))
        .collect();
    let mut s = format!(
        "{} keeps {}; paid: ",
        pirate_name(proposer),
        allocation[proposer]
    );
    s.push_str(&paid.iter().take(max).cloned().collect::<Vec<_>>().join(" "));
    if paid.len() > max {
        s.push_str(&format!(" ... ({} more)", paid.len() - max));
    }
    s
}

/// The terminal report.
pub fn report(solution: &Solution, listed: &[Vec<u64>]) -> String {
    let game = solution.game;
    let mut out = format!(
        "{}, {}; rules: {} (votes needed: {}), {} pirates (indifferent votes {}).\n\n",
        crate::output::width::count(game.pirates, "pirate", "pirates"),
        crate::output::width::count(game.coins, "coin", "coins"),
        game.rules.majority.name(),
        match game.rules.majority {
            Majority::TiePasses => "at least half, the proposer's casting vote included",
            Majority::Strict => "more than half",
        },
        game.rules.temperament.name(),
        match game.rules.temperament {
            Temperament::Bloodthirsty => "no",
            Temperament::Benevolent => "yes",
        }
    );
    out.push_str("Backward induction, from the most junior pirate alone upwards:\n");
    let mut rows = vec![
        [
            "alive",
            "proposer",
            "needs",
            "doomed",
            "yes votes",
            "passes",
            "keeps",
            "equally good",
            "proposal",
        ]
        .map(String::from)
        .to_vec(),
    ];
    let shown = shown_rounds(solution);
    let mut last_alive = 0;
    for r in shown {
        if r.alive > last_alive + 1 {
            rows.push(vec!["...".into()]);
        }
        last_alive = r.alive;
        rows.push(vec![
            r.alive.to_string(),
            pirate_name(r.proposer),
            r.votes_needed.to_string(),
            r.doomed_voters.to_string(),
            if r.survives {
                r.yes_votes.to_string()
            } else {
                format!("≤ {}", r.max_votes)
            },
            if r.survives { "yes" } else { "no" }.to_string(),
            r.proposer_keeps.map_or("-".into(), |k| k.to_string()),
            if r.survives {
                let c = r.alternatives();
                if digits(&c) > 12 {
                    format!("{} digits", digits(&c))
                } else {
                    c.to_string()
                }
            } else {
                "-".into()
            },
            match &r.allocation {
                Some(a) => short_list(a, 16),
                None if r.survives => "not kept".into(),
                None => "-".into(),
            },
        ]);
    }
    out.push_str(&table::render(
        &rows,
        &[true, false, true, true, true, false, true, true, false],
    ));
    out.push_str(
        "(needs: yes votes needed; ≤ n: at most n yes votes; passes: the proposer survives; equally good: allocations as good for the proposer; proposal: coins by seniority, the proposer first (not kept for large games; - when the proposer is thrown overboard); doomed: voters who would drown if this proposal failed, so vote yes for nothing)\n\n",
    );
    let passing = solution.passing_round();
    let thrown = solution.thrown_overboard();
    out.push_str(&format!(
        "Answer: {} pirate{} thrown overboard; {}'s proposal passes with {} of {} votes (needs {}).\n",
        thrown,
        if thrown == 1 { " is" } else { "s are" },
        pirate_name(solution.proposer()),
        passing.yes_votes,
        passing.alive,
        passing.votes_needed,
    ));
    let allocation = solution.allocation();
    let mut rows = vec![vec!["pirate".to_string(), "fate".into(), "coins".into()]];
    let limit = 30;
    for (i, fate) in solution.fates.iter().enumerate() {
        if solution.fates.len() > limit && i >= thrown.min(3) && i < thrown && thrown > 3 {
            if i == thrown.min(3) {
                rows.push(vec![
                    "...".into(),
                    format!("({} more thrown overboard)", thrown - 3),
                ]);
            }
            continue;
        }
        if i >= thrown + limit {
            rows.push(vec![
                "...".into(),
                format!(
                    "({} more pirates, {} coins between them)",
                    solution.fates.len() - i,
                    allocation[i..].iter().sum::<u64>()
                ),
            ]);
            break;
        }
        rows.push(vec![
            pirate_name(i),
            match fate {
                Fate::Overboard => "thrown overboard".into(),
                Fate::Keeps(_) if i == thrown => "proposer".into(),
                Fate::Keeps(_) => "alive".into(),
            },
            allocation[i].to_string(),
        ]);
    }
    out.push_str(&table::render(&rows, &[false, false, true]));
    let alternatives = passing.alternatives();
    if alternatives == BigUint::ONE {
        out.push_str("This proposal is the proposer's only best one.\n");
    } else {
        out.push_str(&format!(
            "The proposer has {} equally good proposals (he keeps {} in each): they differ in which {} of the {} voters at price {} are paid. Tie-break: {}. {} listed:\n",
            alternatives,
            passing.proposer_keeps.unwrap_or(0),
            passing.threshold.map_or(0, |t| t.2),
            passing.threshold.map_or(0, |t| t.1),
            passing.threshold.map_or(0, |t| t.0),
            game.rules.tie_break.describe(),
            listed.len(),
        ));
        for (i, a) in listed.iter().enumerate() {
            out.push_str(&format!(
                "  {}{}\n",
                paid_list(a, thrown, 24),
                if i == 0 { "   <- headline" } else { "" }
            ));
        }
    }
    out
}
