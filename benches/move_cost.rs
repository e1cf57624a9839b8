//! Calibration of the work model's move costs (`ipd::strategies::cost`,
//! used by `scenario::work`): how much one move of each strategy costs, in
//! ordinary moves.
//!
//! Run with `cargo bench --bench move_cost` (about a minute; it reads the
//! 51 MB EvolvedAttention weights once). On one thread it reports:
//! 1. every catalogue strategy (built-ins with default parameters, the
//!    shipped strategy files and the example files of strategies/) except
//!    the ones the model costs in the millions (EvolvedAttention and the
//!    meta players whose team holds it), each against Tit For Tat for 200 turns and for
//!    1000 turns: ns per turn (best of repeated matches) and the strategy's
//!    move cost `2 x turn / ordinary - 1`, where `ordinary` is the median
//!    ns per turn of them all (the ordinary class; Tit For Tat's own turn is
//!    shown too). A cost growing with the match length shows as a larger
//!    cost at 1000 turns;
//! 2. EvolvedAttention's forward pass at 0..200 turns of history, and the
//!    least-squares fit of `ns = a x weights + b x multiply-adds(tokens)`
//!    (the structure formula of `cost::attention_move_cost`), as a and b in
//!    ordinary moves;
//! 3. those expensive players, a few moves each (5 turns against Tit For
//!    Tat, best of 3), next to the work model's prediction for 5 turns;
//! 4. the ANN definitions (cost per input weight) and the transformed ones
//!    (cost per transformer) at 200 turns, next to the model;
//! 5. the other meta players at 200 turns next to the model, and their
//!    overhead per member asked (members at their model cost), which
//!    calibrates the per-member constants.
//!
//! The constants of `src/ipd/strategies/cost.rs` come from this output.

use dilemma::ipd::horizon::Horizon;
use dilemma::ipd::play::{MatchSettings, NoRecording, play_match};
use dilemma::ipd::random::match_rng;
use dilemma::ipd::strategies::catalogue::Origin;
use dilemma::ipd::strategies::cost;
use dilemma::ipd::strategies::defined::Body;
use dilemma::ipd::strategies::defined::ann::FEATURES;
use dilemma::ipd::strategies::defined::attention::Scratch;
use dilemma::ipd::strategies::defined::shipped::SHIPPED;
use dilemma::ipd::strategies::{CATALOGUE, Player};
use dilemma::ipd::{Payoffs, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

/// Best ns per turn of `player` against Tit For Tat over `turns` turns,
/// repeating for about `budget`.
fn ns_per_turn(player: &Player, tft: &Player, turns: u32, budget: Duration, least: u32) -> f64 {
    let settings = MatchSettings {
        horizon: Horizon::Fixed { turns },
        noise: 0.0,
        payoffs: Payoffs::STANDARD,
    };
    let started = Instant::now();
    let mut best = Duration::MAX;
    let mut repetition = 0;
    while started.elapsed() < budget || repetition < least {
        let t = Instant::now();
        black_box(play_match(
            &player.prototype,
            &tft.prototype,
            &settings,
            &mut match_rng(1, 0, 1, repetition as u64),
            &mut NoRecording,
        ));
        best = best.min(t.elapsed());
        repetition += 1;
    }
    best.as_nanos() as f64 / turns as f64
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

fn main() {
    // Every pass computed: the timed matches repeat, and the memo would
    // answer the repeats (and the meta players' moves shared with
    // EvolvedAttention's) instead of the passes the work model weighs.
    dilemma::ipd::strategies::defined::attention_memo::bypass(true);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
    let mut players: Vec<Player> = CATALOGUE
        .iter()
        .map(|info| PlayerSpec::new(info.id).build().unwrap())
        .collect();
    let loading = Instant::now();
    for file in SHIPPED {
        let player = resolve_text(file.id, root, &mut Chain::default())
            .unwrap_or_else(|e| panic!("{}", e.text(file.id)));
        players.push(player);
    }
    println!(
        "resolving the shipped files (EvolvedAttention's weights included): {:.2} s",
        loading.elapsed().as_secs_f64()
    );
    for entry in std::fs::read_dir(root.join("strategies")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = path.to_string_lossy().into_owned();
            players.push(
                resolve_text(&text, root, &mut Chain::default())
                    .unwrap_or_else(|e| panic!("{}", e.text(&text))),
            );
        }
    }
    // The players whose model cost is in the millions (EvolvedAttention and
    // the meta players whose team holds it) are timed a few moves only.
    let (long, ordinary): (Vec<Player>, Vec<Player>) = players
        .into_iter()
        .partition(|p| cost::move_cost(p, 200) >= 1e4);

    // 1. Everything but the long-run players, 200 and 1000 turns.
    let budget = Duration::from_millis(15);
    let mut rows: Vec<(String, f64, f64)> = ordinary
        .iter()
        .map(|p| {
            (
                p.name.clone(),
                ns_per_turn(p, &tft, 200, budget, 3),
                ns_per_turn(p, &tft, 1000, budget, 3),
            )
        })
        .collect();
    let unit = median(&mut rows.iter().map(|r| r.1).collect::<Vec<_>>());
    let tft_turn = ns_per_turn(&tft, &tft, 200, Duration::from_millis(100), 3);
    println!(
        "\n{} strategies against Tit For Tat; the ordinary turn (median at 200 turns): {unit:.1} ns \
         ({:.2e} turns/s); Tit For Tat vs itself: {tft_turn:.1} ns",
        rows.len(),
        1e9 / unit
    );
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    let move_cost = |turn: f64| 2.0 * turn / unit - 1.0;
    println!(
        "\n{:<4} {:<40} {:>10} {:>9} {:>10} {:>9}",
        "rank", "strategy", "ns/turn200", "cost200", "ns/turn1k", "cost1k"
    );
    for (rank, (name, at200, at1000)) in rows.iter().enumerate().take(40) {
        println!(
            "{:<4} {:<40} {:>10.1} {:>9.1} {:>10.1} {:>9.1}",
            rank + 1,
            name,
            at200,
            move_cost(*at200),
            at1000,
            move_cost(*at1000)
        );
    }
    let over: Vec<&String> = rows
        .iter()
        .filter(|r| move_cost(r.1).max(move_cost(r.2)) >= 10.0)
        .map(|r| &r.0)
        .collect();
    println!("\nat least 10 ordinary moves: {over:?}");

    // 2. EvolvedAttention's forward pass.
    let attention_player = long
        .iter()
        .find(|p| matches!(&p.origin, Origin::Defined { definition, .. } if matches!(definition.body, Body::Attention(_))))
        .expect("EvolvedAttention is shipped");
    let Origin::Defined { definition, .. } = &attention_player.origin else {
        unreachable!()
    };
    let Body::Attention(attention) = &definition.body else {
        unreachable!()
    };
    let dims = attention.model.dims();
    let weights = dims.weight_count() as f64;
    let mut samples = Vec::new();
    println!("\nEvolvedAttention ({} weights):", dims.weight_count());
    for history in [0usize, 10, 50, 100, 200] {
        // The tokens a move reads after `history` turns: CLS, then one
        // game-state token per turn, most recent first (as a player's own
        // state builds them; a fresh state would see only the histories'
        // bounded window).
        let sequence: Vec<u8> = std::iter::once(0)
            .chain((0..history).map(|t| 2 + (t % 4) as u8))
            .take(dims.positions)
            .collect();
        let mut scratch = Scratch::default();
        black_box(attention.model.forward(&sequence, &mut scratch));
        let mut best = Duration::MAX;
        for _ in 0..12 {
            let t = Instant::now();
            black_box(attention.model.forward(black_box(&sequence), &mut scratch));
            best = best.min(t.elapsed());
        }
        let tokens = sequence.len();
        let macs = cost::attention_multiply_adds(&dims, tokens);
        let ns = best.as_nanos() as f64;
        println!(
            "  {history:>3} turns ({tokens:>3} tokens): {:8.2} ms per move, {macs:.3e} multiply-adds",
            ns / 1e6
        );
        samples.push((macs, ns));
    }
    // Least squares of ns = a W + b M (W fixed): with x = M, y = ns,
    // the intercept is a W.
    let count = samples.len() as f64;
    let (mx, my) = (
        samples.iter().map(|s| s.0).sum::<f64>() / count,
        samples.iter().map(|s| s.1).sum::<f64>() / count,
    );
    let slope = samples.iter().map(|s| (s.0 - mx) * (s.1 - my)).sum::<f64>()
        / samples.iter().map(|s| (s.0 - mx).powi(2)).sum::<f64>();
    let intercept = my - slope * mx;
    let ordinary_move = unit / 2.0;
    println!(
        "  fit: {:.4} ns per weight read + {:.5} ns per multiply-add; in ordinary moves \
         ({ordinary_move:.2} ns): {:.5} per weight, {:.6} per multiply-add",
        intercept / weights,
        slope,
        intercept / weights / ordinary_move,
        slope / ordinary_move
    );
    for (macs, ns) in &samples {
        println!(
            "    measured {:8.2} ms, fitted {:8.2} ms",
            ns / 1e6,
            (intercept + slope * macs) / 1e6
        );
    }

    // 3. The long-run players, a few moves each.
    println!(
        "\nlong-run players, 5 turns against Tit For Tat (ordinary moves per move; model = the \
         work model's cost for 5 turns):"
    );
    for p in &long {
        let turn = ns_per_turn(p, &tft, 5, Duration::ZERO, 3);
        println!(
            "  {:<40} {:>9.3} ms/move {:>12.0} measured {:>12.0} model",
            p.name,
            turn / 1e6,
            move_cost(turn),
            cost::move_cost(p, 5)
        );
    }

    // The mean over a whole 200-turn match, which is what the work model
    // weighs a turn by.
    let turn = ns_per_turn(attention_player, &tft, 200, Duration::ZERO, 1);
    println!(
        "  {:<40} {:>9.3} ms/move {:>12.0} measured {:>12.0} model (200 turns)",
        attention_player.name,
        turn / 1e6,
        move_cost(turn),
        cost::move_cost(attention_player, 200)
    );

    // 4. Feed-forward networks and transformed strategies at 200 turns.
    println!("\nANN definitions at 200 turns (cost - 1 per input weight):");
    for p in &ordinary {
        if let Origin::Defined { definition, .. } = &p.origin
            && let Body::Ann(ann) = &definition.body
        {
            let turn = ns_per_turn(p, &tft, 200, Duration::from_millis(50), 3);
            let weights = (FEATURES * ann.hidden_bias.len()) as f64;
            println!(
                "  {:<40} {weights:>4} weights {:>7.1} measured ({:.3} per weight) {:>7.1} model",
                p.name,
                move_cost(turn),
                (move_cost(turn) - 1.0) / weights,
                cost::move_cost(p, 200)
            );
        }
    }
    println!("\ntransformed definitions at 200 turns ((cost - inner) per transformer):");
    for p in &ordinary {
        if let Origin::Defined { definition, .. } = &p.origin
            && let Body::Transformed(t) = &definition.body
        {
            let turn = ns_per_turn(p, &tft, 200, Duration::from_millis(50), 3);
            let inner = move_cost(ns_per_turn(
                &t.inner,
                &tft,
                200,
                Duration::from_millis(50),
                3,
            ));
            println!(
                "  {:<40} {} transformers {:>6.1} measured, inner {inner:.1} ({:.2} per \
                 transformer) {:>6.1} model",
                p.name,
                t.transformers.len(),
                move_cost(turn),
                (move_cost(turn) - inner) / t.transformers.len() as f64,
                cost::move_cost(p, 200)
            );
        }
    }

    // 5. The other meta players at 200 turns: measured against the model.
    println!("\nmeta players at 200 turns (ordinary moves per move):");
    for p in ordinary.iter().filter(|p| {
        matches!(&p.origin, Origin::Defined { definition, .. } if matches!(definition.body, Body::Meta(_)))
    }) {
        let turn = ns_per_turn(p, &tft, 200, Duration::from_millis(50), 3);
        let Origin::Defined { definition, .. } = &p.origin else {
            continue;
        };
        let Body::Meta(m) = &definition.body else {
            continue;
        };
        let asked: Vec<&Player> = m.asked().collect();
        let members: f64 = asked.iter().map(|q| cost::move_cost(q, 200)).sum();
        println!(
            "  {:<40} {:<16} {:>4} asked {:>7.1} measured {:>7.1} model; overhead per member \
             asked {:.2} (members at their model cost)",
            p.name,
            m.rule.name(),
            asked.len(),
            move_cost(turn),
            cost::move_cost(p, 200),
            (move_cost(turn) - members) / asked.len() as f64
        );
    }
}
