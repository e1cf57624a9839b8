//! Best-response dynamics in the traveler's dilemma: both travellers start
//! at a claim and each step both move to the best response to the other's
//! last claim (the lowest one on ties), until nothing changes. With R > 1
//! the best response to y > low is y - 1, so claims walk down to `low`.

use crate::dilemmas::travelers::game::TravelersGame;
use crate::normal_form::rational::Checked;

/// The best response to claim `y` (lowest claim among ties).
pub fn best_response(game: &TravelersGame, y: i64) -> Checked<i64> {
    let mut best = game.low;
    let mut value = game.payoff(game.low, y)?;
    for x in game.low + 1..=game.high {
        let v = game.payoff(x, y)?;
        if v > value {
            best = x;
            value = v;
        }
    }
    Ok(best)
}

/// The path of claims from `start` (symmetric play) until a fixed point or
/// a cycle; the last entry repeats an earlier one.
pub fn best_response_path(game: &TravelersGame, start: i64) -> Checked<Vec<i64>> {
    let mut path = vec![start];
    loop {
        let next = best_response(game, *path.last().unwrap_or(&start))?;
        let repeat = path.contains(&next);
        path.push(next);
        if repeat {
            return Ok(path);
        }
    }
}
