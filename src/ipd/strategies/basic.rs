//! The basic strategies: unconditional play, the tit-for-tat family,
//! Grudger, Win-Stay Lose-Shift, Alternator and Random.
//!
//! Each rule follows the axelrod library's implementation (4.14), including
//! first moves; sources are cited per rule.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, bernoulli};
use crate::ipd::strategies::{MatchContext, Rule};

/// Always cooperates.
#[derive(Clone, Debug, Default)]
pub struct Cooperator;

impl Rule for Cooperator {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        C
    }
}

/// Always defects.
#[derive(Clone, Debug, Default)]
pub struct Defector;

impl Rule for Defector {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        D
    }
}

/// Cooperates first, then copies the opponent's last move (Rapoport;
/// Axelrod 1980).
#[derive(Clone, Debug, Default)]
pub struct TitForTat;

impl Rule for TitForTat {
    #[inline(always)]
    fn choose(&mut self, _: &History, them: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        // Before the first move the bits are 0, i.e. C.
        Action::from_bit(them.recent_bits())
    }
}

/// Cooperates until the opponent defects once, then defects forever
/// (Friedman 1971).
#[derive(Clone, Debug, Default)]
pub struct Grudger;

impl Rule for Grudger {
    #[inline(always)]
    fn choose(&mut self, _: &History, them: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        if them.defections() > 0 { D } else { C }
    }
}

/// Defects only when the opponent defected on both of the last two turns
/// (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct TitForTwoTats;

impl Rule for TitForTwoTats {
    #[inline(always)]
    fn choose(&mut self, _: &History, them: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        // Bits before the first move are 0 (C), so no length check is needed.
        if them.recent_bits() & 0b11 == 0b11 { D } else { C }
    }
}

/// Defects first, then copies the opponent's last move (Beaufils et al. 1997).
#[derive(Clone, Debug, Default)]
pub struct SuspiciousTitForTat;

impl Rule for SuspiciousTitForTat {
    #[inline(always)]
    fn choose(&mut self, _: &History, them: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        if them.is_empty() { D } else { Action::from_bit(them.recent_bits()) }
    }
}

/// Pavlov: cooperates first; keeps its move after a reward (R or T) and
/// switches after a punishment (S or P), i.e. cooperates exactly when both
/// players made the same move last turn (Nowak & Sigmund 1993). As the
/// memory-one vector (1, 0, 0, 1).
#[derive(Clone, Debug, Default)]
pub struct WinStayLoseShift;

impl Rule for WinStayLoseShift {
    #[inline(always)]
    fn choose(&mut self, me: &History, them: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        // Equal last moves (or no moves yet) give 0, i.e. C.
        Action::from_bit(me.recent_bits() ^ them.recent_bits())
    }
}

/// Cooperates first, then alternates D, C, D, ... by flipping its own last
/// move (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct Alternator;

impl Rule for Alternator {
    #[inline(always)]
    fn choose(&mut self, me: &History, _: &History, _: &MatchContext, _: &mut MatchRng) -> Action {
        if me.is_empty() { C } else { Action::from_bit(me.recent_bits() ^ 1) }
    }
}

/// Cooperates with probability `p` on every turn, independently
/// (Axelrod 1980, the first tournament's RANDOM entry, p = 0.5).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    /// Probability of cooperating.
    pub p: f64,
}

impl Rule for RandomPlayer {
    #[inline(always)]
    fn choose(&mut self, _: &History, _: &History, _: &MatchContext, rng: &mut MatchRng) -> Action {
        if bernoulli(rng, self.p) { C } else { D }
    }

    fn is_stochastic(&self) -> bool {
        self.p > 0.0 && self.p < 1.0
    }
}
