//! Iterated elimination of dominated choices, round by round (GAMES.md
//! section 5: "above 66.67 is dominated, then above 44.4, ...").
//!
//! Convention (the textbook argument of Moulin 1986 and Nagel 1995): if
//! every surviving choice lies in [L, U], the target p x mean lies in
//! [pL, pU]; a choice is eliminated when another surviving choice is
//! strictly closer to every target in that interval. The effect of a
//! player's own choice on the mean is ignored, as in that argument.
//!
//! * continuous choices: the survivors are [L, U] ∩ [pL, pU] (clamped to
//!   the range);
//! * whole numbers, exact target: every integer strictly above
//!   round-half-up(pU) is farther than it from every target <= pU, and every
//!   integer strictly below ceil(pL - 1/2) is farther than that one from
//!   every target >= pL;
//! * whole numbers, rounded target: targets are the integers
//!   [round(pL), round(pU)], and choices outside them are dominated.
//!
//! Invariant: bounds are exact ratios; elimination stops when the bounds no
//! longer change, when `max_rounds` is reached, or (reported) when exact
//! arithmetic would overflow.

use crate::dilemmas::guess::game::{Choices, GuessGame, Rounding};
use crate::normal_form::rational::Rational;

/// The surviving choices after a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Round (0 = the whole range).
    pub round: usize,
    /// Lowest surviving choice.
    pub lo: Rational,
    /// Highest surviving choice.
    pub hi: Rational,
}

/// Why elimination stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A round eliminated nothing: the survivors are final.
    Stable,
    /// The round limit was reached (continuous bounds may shrink for ever).
    RoundLimit,
    /// The next bounds would not fit in exact 128-bit arithmetic.
    Overflow,
}

/// The whole elimination.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elimination {
    /// Bounds after each round, starting with the whole range.
    pub rounds: Vec<Bounds>,
    /// Why it stopped.
    pub stop: Stop,
    /// The point the bounds tend to, when they tend to a single point
    /// (reached, or the limit of a continuous shrinking).
    pub tends_to: Option<Rational>,
}

/// Eliminates dominated choices for up to `max_rounds` rounds.
pub fn eliminate(game: &GuessGame, max_rounds: usize) -> Elimination {
    let mut rounds = vec![Bounds {
        round: 0,
        lo: Rational::from(game.lo),
        hi: Rational::from(game.hi),
    }];
    let mut stop = Stop::RoundLimit;
    for round in 1..=max_rounds {
        let last = rounds[rounds.len() - 1];
        let (Some(plo), Some(phi)) = (last.lo.mul(game.p).ok(), last.hi.mul(game.p).ok()) else {
            stop = Stop::Overflow;
            break;
        };
        let (new_lo, new_hi) = match (game.choices, game.rounding) {
            (Choices::Continuous, _) => (plo, phi),
            (Choices::Integer, Rounding::Exact) => {
                let half = Rational::new(1, 2).expect("2 != 0");
                let lo = plo.sub(half).ok().map(|v| v.ceil());
                (
                    Rational::new(lo.unwrap_or(i128::MIN / 4), 1).expect("1"),
                    Rational::new(phi.round_half_up(), 1).expect("1"),
                )
            }
            (Choices::Integer, Rounding::Nearest) => (
                Rational::new(plo.round_half_up(), 1).expect("1"),
                Rational::new(phi.round_half_up(), 1).expect("1"),
            ),
        };
        let clamp = |x: Rational| x.max(last.lo).min(last.hi);
        let next = Bounds {
            round,
            lo: clamp(new_lo),
            hi: clamp(new_hi),
        };
        if next.lo == last.lo && next.hi == last.hi {
            stop = Stop::Stable;
            break;
        }
        rounds.push(next);
    }
    let last = rounds[rounds.len() - 1];
    let tends_to = if last.lo == last.hi {
        Some(last.lo)
    } else if game.choices == Choices::Continuous && stop != Stop::Stable {
        continuous_limit(game)
    } else {
        None
    };
    Elimination {
        rounds,
        stop,
        tends_to,
    }
}

/// Where the continuous bounds go: both ends of [lo, hi] iterate x -> p x
/// (kept in the range). For p < 1 both tend to the point of the range
/// nearest 0; for p > 1 with lo > 0 both reach hi (then the elimination is
/// stable); otherwise they do not meet.
fn continuous_limit(game: &GuessGame) -> Option<Rational> {
    let one = Rational::from(1);
    if game.p < one {
        Some(game.clamp(Rational::from(0)))
    } else if game.p > one && game.lo > 0 {
        Some(Rational::from(game.hi))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dilemmas::guess::game::GuessGame;

    fn r(a: i128, b: i128) -> Rational {
        Rational::new(a, b).unwrap()
    }

    #[test]
    fn continuous_two_thirds() {
        let game = GuessGame {
            choices: Choices::Continuous,
            ..GuessGame::standard(10)
        };
        let e = eliminate(&game, 5);
        let highs: Vec<Rational> = e.rounds.iter().map(|b| b.hi).collect();
        assert_eq!(
            highs,
            [
                Rational::from(100),
                r(200, 3),
                r(400, 9),
                r(800, 27),
                r(1600, 81),
                r(3200, 243)
            ]
        );
        assert!(e.rounds.iter().all(|b| b.lo == Rational::from(0)));
        assert_eq!(e.stop, Stop::RoundLimit);
        assert_eq!(e.tends_to, Some(Rational::from(0)));
    }

    #[test]
    fn integers_stop_at_zero_and_one() {
        let e = eliminate(&GuessGame::standard(10), 100);
        let highs: Vec<i128> = e.rounds.iter().map(|b| b.hi.floor()).collect();
        // 2/3 of 100 = 66.67 -> 67, 44.67 -> 45, 30, 20, 13.33 -> 13, 8.67 -> 9,
        // 6, 4, 2.67 -> 3, 2, 1.33 -> 1; then 2/3 -> 1 again: stable.
        assert_eq!(highs, [100, 67, 45, 30, 20, 13, 9, 6, 4, 3, 2, 1]);
        assert_eq!(e.stop, Stop::Stable);
        assert_eq!(e.rounds.last().unwrap().lo, Rational::from(0));
        assert_eq!(e.tends_to, None);
    }

    #[test]
    fn above_one_climbs_to_the_top() {
        let game = GuessGame {
            p: r(4, 3),
            lo: 1,
            choices: Choices::Continuous,
            ..GuessGame::standard(10)
        };
        let e = eliminate(&game, 100);
        assert_eq!(e.stop, Stop::Stable);
        assert_eq!(e.tends_to, Some(Rational::from(100)));
        // From 0 nothing below can be eliminated (p x 0 = 0).
        let from_zero = eliminate(&GuessGame { lo: 0, ..game }, 10);
        assert_eq!(from_zero.rounds.len(), 1);
        assert_eq!(from_zero.stop, Stop::Stable);
    }

    #[test]
    fn range_away_from_zero() {
        let game = GuessGame {
            lo: 10,
            choices: Choices::Continuous,
            ..GuessGame::standard(10)
        };
        let e = eliminate(&game, 100);
        assert_eq!(e.stop, Stop::Stable);
        assert_eq!(e.tends_to, Some(Rational::from(10)));
    }
}
