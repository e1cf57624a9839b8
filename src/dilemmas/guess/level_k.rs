//! Level-k reasoning (Nagel 1995; Stahl and Wilson 1995): a level-0 player
//! picks uniformly at random in the range (mean: its midpoint); a level-k
//! player best-responds to a population of level-(k-1) players by picking
//! p times their choice, kept in the range. For the standard game:
//! 50, 33.33, 22.22, 14.81, ...
//!
//! Invariant: the predictions are exact ratios. The convention ignores a
//! player's own influence on the mean (a large population).

use crate::dilemmas::guess::game::GuessGame;
use crate::normal_form::rational::Rational;

/// Predicted choices of levels 0..=`levels`, exact. Stops early if a
/// value no longer fits in exact arithmetic.
pub fn level_k(game: &GuessGame, levels: usize) -> Vec<Rational> {
    let mut out = vec![game.midpoint()];
    for _ in 0..levels {
        let last = out[out.len() - 1];
        match last.mul(game.p).ok() {
            Some(next) => out.push(game.clamp(next)),
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_levels() {
        let levels = level_k(&GuessGame::standard(10), 4);
        let r = |a, b| Rational::new(a, b).unwrap();
        assert_eq!(
            levels,
            [
                Rational::from(50),
                r(100, 3),
                r(200, 9),
                r(400, 27),
                r(800, 81)
            ]
        );
        let shown: Vec<String> = levels.iter().map(|v| v.decimal(2)).collect();
        assert_eq!(shown, ["50", "33.33", "22.22", "14.81", "9.88"]);
    }

    #[test]
    fn four_thirds_climbs_to_the_top() {
        let game = GuessGame {
            p: Rational::new(4, 3).unwrap(),
            ..GuessGame::standard(10)
        };
        let levels = level_k(&game, 4);
        assert_eq!(levels[1], Rational::new(200, 3).unwrap());
        assert_eq!(levels[2], Rational::new(800, 9).unwrap());
        assert_eq!(levels[3], Rational::from(100));
        assert_eq!(levels[4], Rational::from(100));
    }
}
