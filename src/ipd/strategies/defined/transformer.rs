//! `kind = "transformed"`: a strategy (built-in or defined) changed by a
//! list of transformers, applied in order (the first wraps the strategy, the
//! next wraps the result, ...), as axelrod 4.14's
//! `strategy_transformers.py` stacks class decorators.
//!
//! Semantics, each matching axelrod's wrapper:
//! - `noise` (p): flip the proposed move with probability p
//!   (`noisy_wrapper`; p = 0 and p = 1 decide without a draw).
//! - `flip`: always flip the proposed move (`flip_wrapper`).
//! - `dual`: ask the strategy with its own history flipped, then flip its
//!   answer (`DualTransformer`, Ashlock et al. 2010): the dual plays the
//!   opposite of what the strategy would play facing the same history.
//! - `initial` (moves): play the moves first, then the strategy's
//!   (`initial_sequence`; turn counted by the player's own history).
//! - `final` (moves): when the match length L is known, play the moves on
//!   the last turns: with r = L - turns played, r <= len(moves) plays
//!   `moves[len - r]` (`final_sequence`; a random horizon changes nothing).
//! - `joss-ann` (p, q): cooperate with probability p, defect with q, else
//!   play the strategy's move; when p + q > 1 both are divided by p + q
//!   (`joss_ann_wrapper`). With (p, q) = (1, 0) or (0, 1) the strategy is
//!   never asked, as in axelrod.
//!
//! Histories: as in axelrod, the wrapped strategy sees the moves actually
//! played (after transformation), not the moves it proposed; only `dual`
//! shows it a flipped copy of its own history. The strategy is asked every
//! turn (also while `initial` or `final` moves override it), so its state
//! and random draws advance as in axelrod.

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, bernoulli, unit_interval};
use crate::ipd::strategies::catalogue::Player;
use crate::ipd::strategies::defined::{DefinitionError, Place, check_probability};
use crate::ipd::strategies::{MatchContext, Strategy};

/// The transformer names a file may use.
pub const TRANSFORMERS: &[&str] = &["noise", "flip", "dual", "initial", "final", "joss-ann"];

/// One transformer with its parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum Transformer {
    /// Flip the move with probability `p`.
    Noise {
        /// Flip probability.
        p: f64,
    },
    /// Always flip the move.
    Flip,
    /// The dual strategy.
    Dual,
    /// Play these moves first.
    Initial(Vec<Action>),
    /// Play these moves last (known length only).
    Final(Vec<Action>),
    /// Cooperate with `p`, defect with `q`, else the strategy's move.
    JossAnn {
        /// Probability of C, as written.
        p: f64,
        /// Probability of D, as written.
        q: f64,
    },
}

impl Transformer {
    /// The name used in files.
    pub fn name(&self) -> &'static str {
        match self {
            Transformer::Noise { .. } => "noise",
            Transformer::Flip => "flip",
            Transformer::Dual => "dual",
            Transformer::Initial(_) => "initial",
            Transformer::Final(_) => "final",
            Transformer::JossAnn { .. } => "joss-ann",
        }
    }

    /// A noise transformer; `index` is its place in the list.
    pub fn noise(p: f64, index: usize) -> Result<Transformer, DefinitionError> {
        check_probability(p, "noise `p`", Place::Transformer(index, "p"))?;
        Ok(Transformer::Noise { p })
    }

    /// A Joss-Ann transformer; `index` is its place in the list.
    pub fn joss_ann(p: f64, q: f64, index: usize) -> Result<Transformer, DefinitionError> {
        check_probability(
            p,
            "joss-ann `p` (probability of C)",
            Place::Transformer(index, "p"),
        )?;
        check_probability(
            q,
            "joss-ann `q` (probability of D)",
            Place::Transformer(index, "q"),
        )?;
        Ok(Transformer::JossAnn { p, q })
    }

    /// Joss-Ann probabilities as played: divided by p + q when it exceeds 1.
    fn joss_ann_probabilities(p: f64, q: f64) -> (f64, f64) {
        if p + q > 1.0 {
            (p / (p + q), q / (p + q))
        } else {
            (p, q)
        }
    }

    /// True when the wrapped strategy is never asked: Joss-Ann (1, 0) or
    /// (0, 1).
    fn replaces_strategy(&self) -> bool {
        match *self {
            Transformer::JossAnn { p, q } => {
                let (p, q) = Self::joss_ann_probabilities(p, q);
                p == 1.0 || q == 1.0
            }
            _ => false,
        }
    }
}

/// A strategy and the transformers applied to it.
#[derive(Clone, Debug)]
pub struct Transformed {
    /// The strategy transformed (built-in or defined).
    pub inner: Box<Player>,
    /// Applied in order: the first wraps `inner`.
    pub transformers: Vec<Transformer>,
}

impl Transformed {
    /// A transformed strategy; the list must not be empty.
    pub fn new(
        inner: Player,
        transformers: Vec<Transformer>,
    ) -> Result<Transformed, DefinitionError> {
        if transformers.is_empty() {
            return Err(DefinitionError::new(
                Place::Field("transformers"),
                format!(
                    "no transformers; give at least one [[transformers]] entry (kinds: {})",
                    TRANSFORMERS.join(", ")
                ),
            ));
        }
        Ok(Transformed {
            inner: Box::new(inner),
            transformers,
        })
    }

    /// The transformers that take effect: everything inside the outermost
    /// Joss-Ann (1, 0) or (0, 1) is never asked.
    fn effective(&self) -> (bool, &[Transformer]) {
        match self
            .transformers
            .iter()
            .rposition(|t| t.replaces_strategy())
        {
            Some(i) => (false, &self.transformers[i..]),
            None => (true, &self.transformers[..]),
        }
    }

    /// True when a draw can happen: the inner strategy draws (and is asked),
    /// or a transformer draws (noise or Joss-Ann strictly between 0 and 1).
    pub fn is_stochastic(&self) -> bool {
        let (asks_inner, list) = self.effective();
        (asks_inner && self.inner.is_stochastic())
            || list.iter().any(|t| match *t {
                Transformer::Noise { p } => p > 0.0 && p < 1.0,
                Transformer::JossAnn { p, q } => {
                    let (p, q) = Transformer::joss_ann_probabilities(p, q);
                    !(p == 1.0 || q == 1.0 || (p == 0.0 && q == 0.0))
                }
                _ => false,
            })
    }

    /// The inner strategy's depth, raised to the length of any initial or
    /// final moves; 0 after a Joss-Ann that never asks the strategy.
    pub fn memory_depth(&self) -> Option<u32> {
        let (asks_inner, list) = self.effective();
        let mut depth = if asks_inner {
            self.inner.memory_depth()
        } else {
            Some(0)
        };
        for t in list {
            if let Transformer::Initial(moves) | Transformer::Final(moves) = t {
                depth = depth.map(|d| d.max(moves.len() as u32));
            }
        }
        depth
    }

    /// True when the inner strategy (if asked) uses the length, or a
    /// non-empty `final` transformer is applied.
    pub fn uses_length(&self) -> bool {
        let (asks_inner, list) = self.effective();
        (asks_inner && self.inner.uses_length())
            || list
                .iter()
                .any(|t| matches!(t, Transformer::Final(m) if !m.is_empty()))
    }

    /// True when the inner strategy (if asked) uses the payoffs.
    pub fn uses_payoffs(&self) -> bool {
        self.effective().0 && self.inner.uses_payoffs()
    }
}

/// The move of `inner` wrapped by `transformers` (the last is outermost).
///
/// Iterative (a list of tens of thousands of transformers is fine): the
/// strategy is asked first, with its own history flipped when an odd number
/// of `dual`s wrap it, then each transformer acts on the move from the
/// innermost out, drawing in that order (as nested wrappers would). A
/// Joss-Ann that never asks (`(1, 0)` or `(0, 1)`) replaces everything
/// inside it: nothing inside is asked or draws.
#[inline]
pub fn apply(
    transformers: &[Transformer],
    inner: &mut Strategy,
    me: &History,
    them: &History,
    context: &MatchContext,
    rng: &mut MatchRng,
) -> Action {
    let (mut action, outer) = match transformers
        .iter()
        .rposition(Transformer::replaces_strategy)
    {
        Some(i) => {
            let Transformer::JossAnn { p, q } = transformers[i] else {
                unreachable!("only Joss-Ann replaces the strategy")
            };
            let (p, _) = Transformer::joss_ann_probabilities(p, q);
            let fixed = if p == 1.0 { Action::C } else { Action::D };
            (fixed, &transformers[i + 1..])
        }
        None => {
            let duals = transformers
                .iter()
                .filter(|t| matches!(t, Transformer::Dual))
                .count();
            let proposed = if duals % 2 == 1 {
                inner.choose(&me.flipped(), them, context, rng)
            } else {
                inner.choose(me, them, context, rng)
            };
            (proposed, transformers)
        }
    };
    for transformer in outer {
        action = match transformer {
            Transformer::Noise { p } => {
                if *p <= 0.0 {
                    action
                } else if *p >= 1.0 || bernoulli(rng, *p) {
                    action.flip()
                } else {
                    action
                }
            }
            Transformer::Flip | Transformer::Dual => action.flip(),
            Transformer::Initial(moves) => moves.get(me.len() as usize).copied().unwrap_or(action),
            Transformer::Final(moves) => match context.length {
                Some(length) if me.len() < length => {
                    let remaining = (length - me.len()) as usize;
                    if remaining <= moves.len() {
                        moves[moves.len() - remaining]
                    } else {
                        action
                    }
                }
                _ => action,
            },
            Transformer::JossAnn { p, q } => {
                let (p, q) = Transformer::joss_ann_probabilities(*p, *q);
                if p == 0.0 && q == 0.0 {
                    action
                } else {
                    let u = unit_interval(rng);
                    if u < p {
                        Action::C
                    } else if u < p + q {
                        Action::D
                    } else {
                        action
                    }
                }
            }
        };
    }
    action
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::ipd::strategies::PlayerSpec;
    use crate::ipd::strategies::defined::test_support::{moves, moves_with};
    use crate::ipd::strategies::defined::{Body, Definition};
    use std::sync::Arc;

    fn transformed(inner: &str, transformers: Vec<Transformer>) -> Player {
        let inner = PlayerSpec::new(inner).build().unwrap();
        Arc::new(Definition {
            name: "t".into(),
            description: None,
            source: None,
            declared_memory_depth: None,
            body: Body::Transformed(Transformed::new(inner, transformers).unwrap()),
        })
        .player("t")
    }

    fn letters(moves: &[Action]) -> String {
        moves.iter().map(|a| a.letter()).collect()
    }

    fn play(a: &Player, b: &str, turns: u32) -> (String, String) {
        let b = PlayerSpec::new(b).build().unwrap();
        let (x, y) = moves(&a.prototype, &b.prototype, turns);
        (letters(&x), letters(&y))
    }

    /// `transformers` stacked one definition per transformer: each level
    /// applies a single transformer, as nested wrappers do.
    fn nested(inner: &str, transformers: &[Transformer]) -> Player {
        let mut player = PlayerSpec::new(inner).build().unwrap();
        for t in transformers {
            player = Arc::new(Definition::new(
                "n",
                None,
                Body::Transformed(Transformed::new(player, vec![t.clone()]).unwrap()),
            ))
            .player("n");
        }
        player
    }

    #[test]
    fn a_list_plays_as_the_same_transformers_nested_one_per_level() {
        // The loop in `apply` against one wrapper per level (the recursive
        // semantics): same moves, same draws, for random lists of every kind.
        let kinds = [
            Transformer::Noise { p: 0.3 },
            Transformer::Flip,
            Transformer::Dual,
            Transformer::Initial(vec![D, C]),
            Transformer::Final(vec![C, D, D]),
            Transformer::JossAnn { p: 0.2, q: 0.1 },
            Transformer::JossAnn { p: 0.0, q: 1.0 },
            Transformer::JossAnn { p: 0.0, q: 0.0 },
        ];
        let mut state = 12345u64;
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        };
        for case in 0..300 {
            let len = 1 + next(8);
            let list: Vec<Transformer> = (0..len)
                .map(|_| kinds[next(if case % 3 == 0 { 6 } else { kinds.len() })].clone())
                .collect();
            let inner = ["win-stay-lose-shift", "random", "tit-for-tat", "grudger"][next(4)];
            let opponent = PlayerSpec::new(["alternator", "random", "defector"][next(3)])
                .build()
                .unwrap();
            let flat = transformed(inner, list.clone());
            let stacked = nested(inner, &list);
            for seed in 0..3 {
                assert_eq!(
                    moves_with(&flat.prototype, &opponent.prototype, 12, seed),
                    moves_with(&stacked.prototype, &opponent.prototype, 12, seed),
                    "{inner} with {list:?}, seed {seed}"
                );
            }
        }
    }

    #[test]
    fn flip_and_dual_of_tit_for_tat() {
        // Flipped TFT: D first, then the opposite of the opponent's last.
        let flipped = transformed("tit-for-tat", vec![Transformer::Flip]);
        assert_eq!(play(&flipped, "alternator", 6).0, "DDCDCD");
        // TFT ignores its own history, so its dual is its flip.
        let dual = transformed("tit-for-tat", vec![Transformer::Dual]);
        assert_eq!(play(&dual, "alternator", 6).0, "DDCDCD");
        // The dual of WSLS (C after equal last moves) sees its own move
        // flipped: its own history (CDDD...) reads DCCC..., so it plays the
        // opposite of WSLS with that history. Against a defector: turn 1
        // WSLS says C, dual D; turn 2 own flipped C, them D: WSLS D, dual C;
        // turn 3 own flipped D vs D: WSLS C, dual D.
        let dual_wsls = transformed("win-stay-lose-shift", vec![Transformer::Dual]);
        assert_eq!(play(&dual_wsls, "defector", 5).0, "DCDCD");
        // Dual of the dual is the strategy.
        let twice = transformed(
            "win-stay-lose-shift",
            vec![Transformer::Dual, Transformer::Dual],
        );
        let wsls = PlayerSpec::new("win-stay-lose-shift").build().unwrap();
        let alternator = PlayerSpec::new("alternator").build().unwrap();
        assert_eq!(
            moves(&twice.prototype, &alternator.prototype, 30),
            moves(&wsls.prototype, &alternator.prototype, 30)
        );
    }

    #[test]
    fn initial_and_final_moves() {
        let t = transformed(
            "cooperator",
            vec![
                Transformer::Initial(vec![D, D]),
                Transformer::Final(vec![D, C, D]),
            ],
        );
        assert_eq!(play(&t, "cooperator", 8).0, "DDCCCDCD");
        assert_eq!(play(&t, "cooperator", 2).0, "CD");
        assert_eq!(t.memory_depth(), Some(3));
        assert!(t.uses_length());
        assert!(!t.is_stochastic());
    }

    #[test]
    fn joss_ann_extremes_are_deterministic_and_never_ask() {
        let always_c = transformed("random", vec![Transformer::JossAnn { p: 1.0, q: 0.0 }]);
        assert!(!always_c.is_stochastic());
        assert_eq!(always_c.memory_depth(), Some(0));
        assert_eq!(play(&always_c, "defector", 4).0, "CCCC");
        let nothing = transformed("tit-for-tat", vec![Transformer::JossAnn { p: 0.0, q: 0.0 }]);
        assert!(!nothing.is_stochastic());
        assert_eq!(play(&nothing, "alternator", 6).0, "CCDCDC");
        // p + q > 1 is normalised: (1, 1) plays C and D half the time each.
        let half = transformed("tit-for-tat", vec![Transformer::JossAnn { p: 1.0, q: 1.0 }]);
        assert!(half.is_stochastic());
    }

    #[test]
    fn joss_ann_and_noise_match_their_probabilities() {
        // Joss-Ann (0.2, 0.3) of Cooperator: C with 0.2 + 0.5 = 0.7.
        let ja = transformed("cooperator", vec![Transformer::JossAnn { p: 0.2, q: 0.3 }]);
        let noisy = transformed("cooperator", vec![Transformer::Noise { p: 0.1 }]);
        let defector = PlayerSpec::new("defector").build().unwrap();
        for (player, expected) in [(&ja, 0.7), (&noisy, 0.9)] {
            let n = 20_000.0;
            let mut c = 0.0;
            for seed in 0..100 {
                let (m, _) = moves_with(&player.prototype, &defector.prototype, 200, seed);
                c += m.iter().filter(|a| **a == C).count() as f64;
            }
            let rate = c / n;
            // 5 standard errors of a binomial proportion.
            let tolerance = 5.0 * (expected * (1.0 - expected) / n).sqrt();
            assert!((rate - expected).abs() < tolerance, "{rate} vs {expected}");
        }
    }

    #[test]
    fn probabilities_are_checked() {
        let e = Transformer::joss_ann(0.1, 1.5, 2).unwrap_err();
        assert_eq!(e.place, Place::Transformer(2, "q"));
        assert!(Transformer::noise(-0.5, 0).is_err());
        let inner = PlayerSpec::new("cooperator").build().unwrap();
        assert_eq!(
            Transformed::new(inner, vec![]).unwrap_err().place,
            Place::Field("transformers")
        );
    }
}
