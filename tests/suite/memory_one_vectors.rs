//! Every strategy that says it is a memory-one vector (`Rule::memory_one_vector`)
//! plays exactly as that vector: a meta player asks such members through
//! the vector alone, so a wrong claim would change its moves.
//!
//! For every catalogue entry (at its default parameters and at each
//! parameter's smallest and largest value) and every shipped strategy file
//! that is not a meta player or EvolvedAttention, under two payoff matrices:
//! where the strategy claims a vector, it plays 60 turns against fixed
//! opponent sequences (random ones of several densities, and all-C, all-D),
//! once through `choose` and once through the vector from the second move
//! on (`random_choice(rng, vector[state_index(mine, theirs)])`, its first
//! move through `choose`). The moves must be equal and the two generators
//! must end in the same state (the same draws were taken). Whether a
//! strategy claims a vector must not depend on the payoffs.

use dilemma::ipd::action::{Action, state_index};
use dilemma::ipd::history::History;
use dilemma::ipd::random::{MatchRng, match_rng, unit_interval};
use dilemma::ipd::strategies::basic::random_choice;
use dilemma::ipd::strategies::defined::shipped::SHIPPED;
use dilemma::ipd::strategies::{CATALOGUE, MatchContext, Player, Strategy};
use dilemma::ipd::{Payoffs, PlayerSpec};
use dilemma::scenario::strategy_file::{Chain, resolve_text};
use rand::Rng;
use std::path::Path;

const TURNS: usize = 60;

/// The catalogue's players at default, smallest and largest parameters,
/// and the shipped files' (skipping the expensive kinds, which cannot
/// claim a vector).
fn players() -> Vec<Player> {
    let mut players = Vec::new();
    for info in CATALOGUE.iter() {
        players.push(PlayerSpec::new(info.id).build().unwrap());
        for param in info.params {
            for value in [param.min, param.max] {
                if let Ok(player) = PlayerSpec::new(info.id).with(param.name, value).build() {
                    players.push(player);
                }
            }
        }
    }
    let base = format!("{}/scenarios", env!("CARGO_MANIFEST_DIR"));
    for file in SHIPPED {
        if matches!(file.kind, "meta" | "attention") {
            continue;
        }
        let player = resolve_text(file.id, Path::new(&base), &mut Chain::default())
            .unwrap_or_else(|e| panic!("{}", e.text(file.id)));
        players.push(player);
    }
    players
}

/// An opponent's moves: C with probability `p` each turn.
fn opponent(p: f64, seed: u64) -> Vec<Action> {
    let mut rng = match_rng(seed, 99, 98, 97);
    (0..TURNS)
        .map(|_| {
            if unit_interval(&mut rng) < p {
                Action::C
            } else {
                Action::D
            }
        })
        .collect()
}

/// The strategy's moves against `theirs`, all through `choose`.
fn by_choose(
    strategy: &Strategy,
    theirs: &[Action],
    context: &MatchContext,
    rng: &mut MatchRng,
) -> Vec<Action> {
    let mut strategy = strategy.clone();
    let (mut me, mut them) = (History::new(), History::new());
    let mut moves = Vec::new();
    for &their in theirs {
        let mine = strategy.choose(&me, &them, context, rng);
        moves.push(mine);
        me.push(mine);
        them.push(their);
    }
    moves
}

/// The first move through `choose`, the rest through the vector.
fn by_vector(
    strategy: &Strategy,
    vector: [f64; 4],
    theirs: &[Action],
    context: &MatchContext,
    rng: &mut MatchRng,
) -> Vec<Action> {
    let mut strategy = strategy.clone();
    let mut moves = vec![strategy.choose(&History::new(), &History::new(), context, rng)];
    for turn in 1..theirs.len() {
        let state = state_index(moves[turn - 1], theirs[turn - 1]);
        moves.push(random_choice(rng, vector[state]));
    }
    moves
}

#[test]
fn every_claimed_memory_one_vector_plays_as_the_strategy_does() {
    let games = [
        Payoffs::STANDARD,
        Payoffs {
            r: 4.0,
            s: -1.0,
            t: 7.0,
            p: 0.5,
        },
    ];
    let mut claims = Vec::new();
    for player in players() {
        // Whether it is a vector does not depend on the game (a meta player
        // decides it once, from the standard payoffs).
        let claimed = games.map(|payoffs| player.prototype.memory_one_vector(&payoffs).is_some());
        assert!(
            claimed[0] == claimed[1],
            "{}: a vector in one game only",
            player.name
        );
        for payoffs in games {
            let Some(vector) = player.prototype.memory_one_vector(&payoffs) else {
                continue;
            };
            claims.push(player.id().to_string());
            assert!(
                vector.iter().all(|p| (0.0..=1.0).contains(p)),
                "{}: {vector:?} is not a vector of probabilities",
                player.name
            );
            for length in [None, Some(TURNS as u32)] {
                let context = MatchContext { length, payoffs };
                for seed in 0..12u64 {
                    for (k, density) in [0.0, 0.2, 0.5, 0.8, 1.0].into_iter().enumerate() {
                        let theirs = opponent(density, seed * 10 + k as u64);
                        let mut a = match_rng(seed, 1, 2, k as u64);
                        let mut b = match_rng(seed, 1, 2, k as u64);
                        let played = by_choose(&player.prototype, &theirs, &context, &mut a);
                        let vectored =
                            by_vector(&player.prototype, vector, &theirs, &context, &mut b);
                        assert_eq!(
                            played, vectored,
                            "{} ({vector:?}, {payoffs:?}, seed {seed}, density {density})",
                            player.name
                        );
                        assert_eq!(
                            a.next_u64(),
                            b.next_u64(),
                            "{}: the vector took other draws than `choose` ({payoffs:?}, seed {seed})",
                            player.name
                        );
                    }
                }
            }
        }
    }
    // The claims the meta players rely on are made (the test is not
    // vacuous): deterministic, stochastic, payoff-dependent and file-defined.
    for id in [
        "tit-for-tat",
        "win-stay-lose-shift",
        "gtft",
        "gtft-from-payoffs",
        "zd-extort-2",
        "random",
        "first-by-joss",
        "alternator",
    ] {
        assert!(claims.iter().any(|c| c == id), "{id} claims no vector");
    }
}
