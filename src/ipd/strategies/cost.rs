//! The cost of a move, in ordinary moves: how much more than a typical
//! strategy one move of a player costs, averaged over a match of a given
//! length. The work model (`scenario::work`) weighs every simulated turn by
//! its two players' costs, so a tournament with EvolvedAttention or a meta
//! player is measured by the work it really is.
//!
//! An ordinary move is one move of the ordinary class: the median strategy
//! of the catalogue against Tit For Tat (`cargo bench --bench move_cost`
//! measures it: 2.2 ns on a quiet machine in 2026-11, a turn of two
//! ordinary moves 4.3 ns; the work model counts 10^8 turns a second per
//! core, which leaves room for slower machines and for what a tournament
//! records besides play).
//!
//! The cost of a player, per kind:
//! - a built-in strategy: 1, or its measured cost in [`BUILTIN_COSTS`] (the
//!   entries at least ~10x an ordinary move at default parameters: a fixed
//!   part plus a part per turn already played), its one registration point;
//! - `memory-one`, `lookup`, `fsm`, `cycle`, `hmm` definitions: 1 (each
//!   looks at a bounded window or a bounded state; every shipped one
//!   measured at or below ~2.3 ordinary moves; HMMs hold at most 64 states);
//! - `ann`: 1 plus [`ANN_PER_WEIGHT`] per input weight (17 features x
//!   hidden units, at most 15 units);
//! - `transformed`: the inner strategy's cost plus [`TRANSFORMER`] per
//!   transformer;
//! - `meta`: the members asked every move (the whole team, or the one a
//!   mixer with a single positive weight asks), each at its own cost, plus
//!   the rule's own work per member asked ([`meta_per_member`]: keeping the
//!   members' histories and proposals, scores for the winner rules, a sort
//!   for the ensembles), plus [`MEMORY_DECAY`] for Memory Decay;
//! - `attention`: a full forward pass of the encoder every move,
//!   [`ATTENTION_PER_WEIGHT`] per weight (reading the whole model, the
//!   fixed part) plus [`ATTENTION_PER_MULTIPLY_ADD`] per multiply-add, which
//!   grow with the tokens read, `1 + min(turns played, positions - 1)`
//!   ([`attention_multiply_adds`]).
//!
//! Every constant comes from `benches/move_cost.rs` (see each one's note).
//! A random horizon is costed at its expected length, as the work model
//! counts its turns.
//!
//! Invariant: a pure function of the player and the match length; it never
//! plays a move. Nested definitions are at most `MAX_NESTING` (32) deep
//! (`scenario::strategy_file`), which bounds the recursion.

use crate::ipd::strategies::catalogue::{Origin, Player};
use crate::ipd::strategies::defined::ann::FEATURES;
use crate::ipd::strategies::defined::attention::{Attention, Dims};
use crate::ipd::strategies::defined::meta::MetaRule;
use crate::ipd::strategies::defined::{Body, Definition};

/// A built-in strategy's measured cost: `fixed + per_turn x t` ordinary
/// moves at turn t (from 0), at its default parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuiltinCost {
    /// Catalogue id.
    pub id: &'static str,
    /// Ordinary moves per move, the part that does not grow.
    pub fixed: f64,
    /// Ordinary moves added per turn already played.
    pub per_turn: f64,
}

/// The built-in strategies whose move costs at least ~10 ordinary moves
/// (`cargo bench --bench move_cost`, 200 and 1000 turns against Tit For
/// Tat; `fixed` and `per_turn` fitted to the two means). Every other
/// built-in costs 1 (the next dearest, First by Downing and First by
/// Anonymous, measured ~5.5).
pub const BUILTIN_COSTS: &[BuiltinCost] = &[
    // DBS: 15.9 at 200 turns, 15.2 at 1000 (quiet machine, 2026-11-26).
    // Its search is linear in `tree_depth` (default 5, at most 100).
    BuiltinCost {
        id: "dbs",
        fixed: 16.0,
        per_turn: 0.0,
    },
];

/// Ordinary moves per transformer of a `transformed` definition (measured:
/// Joss-Ann Tit For Tat 6.6, Dual Tit For Two Tats 6.1, Noisy Tit For Tat
/// 4.7 ordinary moves, one transformer each over an inner strategy of ~1).
pub const TRANSFORMER: f64 = 5.0;

/// Ordinary moves per input weight of an `ann` definition (17 features x
/// hidden units; measured at 200 turns since the FMA path: Evolved ANN,
/// 170 weights, 15.1 (0.083 per weight); Evolved ANN 5, 85 weights, 9.6
/// (0.101); before it, 0.95 per weight).
pub const ANN_PER_WEIGHT: f64 = 0.1;

/// A voting meta player's (majority, minority, mixer) own work per member
/// asked, its members at their model costs (measured: Meta Majority Memory
/// One, 37 members, 92 ordinary moves: 1.50 per member).
pub const META_VOTE_PER_MEMBER: f64 = 1.5;

/// The winner rules' own work per member asked (scores kept; measured: Meta
/// Winner Memory One, 37 members, 106: 1.85 per member; Meta Winner
/// Stochastic, 68 members: 2.66).
pub const META_WINNER_PER_MEMBER: f64 = 2.5;

/// The ensemble rules' (the drawn rank found in one pass every move) and
/// the hunters' own work per member asked (measured: NMWE Memory One, 37
/// members, 115: 2.11; NMWE Stochastic, 68: 2.61; Meta Hunter, 6 members:
/// 3.42).
pub const META_RANK_PER_MEMBER: f64 = 3.0;

/// Memory Decay's own work per move besides its member's (two draws and
/// the memory's counts; measured 19 with Tit For Tat as its member).
pub const MEMORY_DECAY: f64 = 16.0;

/// Ordinary moves per weight EvolvedAttention reads in a forward pass, on
/// the weights packed once at load (passes of 1, 11, 51, 101 and 201
/// tokens: 2.5 to 71 ms each, an ordinary move 2.90 ns, a loaded machine,
/// 2026-11-27; the least-squares fit gives 0.026, which under-prices the
/// 1-token pass by half: 0.06 is that pass's own cost per weight).
pub const ATTENTION_PER_WEIGHT: f64 = 0.06;

/// Ordinary moves per multiply-add of EvolvedAttention's forward pass (the
/// same fit, 0.0082; a whole 200-turn match against Tit For Tat measured
/// 1.15x10^7 ordinary moves per move).
pub const ATTENTION_PER_MULTIPLY_ADD: f64 = 0.0082;

impl Player {
    /// The mean cost of one of its moves over a match of `turns` turns, in
    /// ordinary moves (at least 1; see the module doc).
    pub fn move_cost(&self, turns: u64) -> f64 {
        move_cost(self, turns)
    }
}

/// The mean cost of one of `player`'s moves over a match of `turns` turns,
/// in ordinary moves (at least 1).
pub fn move_cost(player: &Player, turns: u64) -> f64 {
    match &player.origin {
        Origin::Builtin(info) => builtin_cost(info.id, turns),
        Origin::Defined { definition, .. } => definition_cost(definition, turns),
    }
}

/// A built-in strategy's mean cost over `turns` turns.
pub fn builtin_cost(id: &str, turns: u64) -> f64 {
    BUILTIN_COSTS.iter().find(|c| c.id == id).map_or(1.0, |c| {
        // The mean of t over 0..turns is (turns - 1) / 2.
        let mean_played = turns.saturating_sub(1) as f64 / 2.0;
        (c.fixed + c.per_turn * mean_played).max(1.0)
    })
}

fn definition_cost(definition: &Definition, turns: u64) -> f64 {
    match &definition.body {
        Body::MemoryOne(_) | Body::Lookup(_) | Body::Fsm(_) | Body::Hmm(_) | Body::Cycle(_) => 1.0,
        Body::Ann(ann) => 1.0 + ANN_PER_WEIGHT * (FEATURES * ann.hidden_bias.len()) as f64,
        Body::Transformed(t) => {
            move_cost(&t.inner, turns) + TRANSFORMER * t.transformers.len() as f64
        }
        Body::Meta(m) => {
            let own = match m.rule {
                MetaRule::MemoryDecay(_) => MEMORY_DECAY,
                _ => 0.0,
            };
            let per_member = meta_per_member(&m.rule);
            m.asked()
                .map(|member| move_cost(member, turns) + per_member)
                .sum::<f64>()
                + own
        }
        Body::Attention(a) => attention_move_cost(a, turns),
    }
}

/// A meta rule's own work per member asked, in ordinary moves.
pub fn meta_per_member(rule: &MetaRule) -> f64 {
    match rule {
        MetaRule::Majority | MetaRule::Minority | MetaRule::Mixer(_) | MetaRule::MemoryDecay(_) => {
            META_VOTE_PER_MEMBER
        }
        MetaRule::Winner | MetaRule::NiceWinner => META_WINNER_PER_MEMBER,
        MetaRule::WinnerEnsemble | MetaRule::NiceWinnerEnsemble | MetaRule::Hunter => {
            META_RANK_PER_MEMBER
        }
    }
}

/// Multiply-adds of one forward pass over `tokens` tokens: per layer the
/// Q, K, V and output maps (4 h^2 per token), the scores and the weighted
/// sum (2 h per pair of tokens) and the feed-forward maps (2 h i per token);
/// the last layer only the CLS row after K and V; the pooler.
pub fn attention_multiply_adds(dims: &Dims, tokens: usize) -> f64 {
    let (n, h, i) = (tokens as f64, dims.hidden as f64, dims.intermediate as f64);
    let full = 4.0 * n * h * h + 2.0 * n * n * h + 2.0 * n * h * i;
    let last = 2.0 * n * h * h + 2.0 * h * h + 2.0 * n * h + 2.0 * h * i;
    let layers = dims.layers as f64;
    (layers - 1.0).max(0.0) * full + last.min(full) + h * h
}

/// EvolvedAttention's mean cost per move over a match of `turns` turns:
/// move t reads `1 + min(t, positions - 1)` tokens.
pub fn attention_move_cost(attention: &Attention, turns: u64) -> f64 {
    let dims = attention.model.dims();
    let fixed = ATTENTION_PER_WEIGHT * dims.weight_count() as f64;
    let per_pass =
        |tokens: usize| fixed + ATTENTION_PER_MULTIPLY_ADD * attention_multiply_adds(&dims, tokens);
    if turns == 0 {
        return 1.0;
    }
    // The window fills in the first positions - 1 moves, then every move
    // reads all positions.
    let filling = (turns as usize).min(dims.positions.saturating_sub(1));
    let growing: f64 = (0..filling).map(|t| per_pass(1 + t)).sum();
    let full = (turns - filling as u64) as f64 * per_pass(dims.positions);
    ((growing + full) / turns as f64).max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::strategies::PlayerSpec;
    use crate::ipd::strategies::defined::attention::Model;
    use crate::ipd::strategies::defined::meta::{Meta, MetaRule};
    use crate::ipd::strategies::defined::transformer::{Transformed, Transformer};
    use std::sync::Arc;

    fn builtin(id: &str) -> Player {
        PlayerSpec::new(id).build().unwrap()
    }

    fn defined(body: Body) -> Player {
        Arc::new(Definition::new("d", None, body)).player("d")
    }

    fn meta(team: Vec<Player>) -> Player {
        defined(Body::Meta(Box::new(
            Meta::new(team, None, MetaRule::Majority).unwrap(),
        )))
    }

    const SMALL: Dims = Dims {
        states: 6,
        positions: 11,
        hidden: 8,
        layers: 2,
        heads: 2,
        intermediate: 16,
        layer_norm_eps: 1e-12,
    };

    fn attention(dims: Dims) -> Player {
        let model = Model::new(dims, Arc::new(vec![0.0; dims.weight_count()])).unwrap();
        defined(Body::Attention(Box::new(Attention {
            model: Arc::new(model),
            weights_path: "w".into(),
            sha256: String::new(),
            long_run_time: true,
        })))
    }

    #[test]
    fn every_registered_cost_names_a_builtin_and_is_at_least_ten() {
        for c in BUILTIN_COSTS {
            let info = crate::ipd::strategies::catalogue::find(c.id)
                .unwrap_or_else(|| panic!("{} is not a catalogue id", c.id));
            assert_eq!(info.id, c.id);
            assert!(c.fixed + 199.0 * c.per_turn >= 10.0, "{}", c.id);
            assert!(c.per_turn >= 0.0 && c.fixed >= 0.0, "{}", c.id);
        }
        // Every other built-in is ordinary: exactly 1 at any length.
        let tft = builtin("tit-for-tat");
        for turns in [0, 1, 200, u64::MAX] {
            assert_eq!(tft.move_cost(turns), 1.0);
        }
    }

    #[test]
    fn a_meta_player_costs_its_team_plus_its_own_work() {
        let team: Vec<Player> = ["tit-for-tat", "defector", "grudger"]
            .iter()
            .map(|id| builtin(id))
            .collect();
        let m = meta(team.clone());
        let per = meta_per_member(&MetaRule::Majority);
        assert_eq!(m.move_cost(200), 3.0 * (1.0 + per));
        // A team holding another meta player pays for its team too.
        let nested = meta(vec![m.clone(), builtin("cooperator")]);
        assert_eq!(nested.move_cost(200), m.move_cost(200) + per + 1.0 + per);
        let t = defined(Body::Transformed(
            Transformed::new(m.clone(), vec![Transformer::Flip, Transformer::Dual]).unwrap(),
        ));
        assert_eq!(t.move_cost(200), m.move_cost(200) + 2.0 * TRANSFORMER);
    }

    #[test]
    fn attention_costs_a_pass_per_move_growing_with_the_history() {
        let a = attention(SMALL);
        let w = SMALL.weight_count() as f64;
        let pass = |tokens| {
            ATTENTION_PER_WEIGHT * w
                + ATTENTION_PER_MULTIPLY_ADD * attention_multiply_adds(&SMALL, tokens)
        };
        // One move reads the CLS token only.
        assert!((a.move_cost(1) - pass(1)).abs() < 1e-9 * pass(1));
        // Two moves: 1 and 2 tokens.
        assert!((a.move_cost(2) - (pass(1) + pass(2)) / 2.0).abs() < 1e-9 * pass(2));
        // The window holds 10 turns: from the 11th move on, 11 tokens.
        let long = a.move_cost(1_000_000);
        assert!(long < pass(11) && long > pass(10), "{long}");
        assert!(a.move_cost(5) < a.move_cost(50));
        // Multiply-adds grow with the tokens, quadratically in attention.
        let m = |n| attention_multiply_adds(&SMALL, n);
        assert!(m(2) > m(1) && m(11) - m(10) > m(2) - m(1));
        // axelrod's model: every multiply-add of a 256-wide, 24-layer pass
        // over 11 tokens is about 11 x 12.6 million.
        let big = attention_multiply_adds(&Dims::AXELROD, 11);
        assert!((1.3e8..1.6e8).contains(&big), "{big}");
    }
}
