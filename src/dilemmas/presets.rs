//! Every game `dilemma game` and a `game` scenario know by name: the
//! classic normal-form games (`normal_form::presets`), the boxed pigs and
//! traveler's dilemma presets, and `travelers:LOW:HIGH:BONUS`. It lives
//! here, not in `normal_form`, because the pigs and travelers games are
//! built on `normal_form` (the other way round would be an import loop).

use crate::dilemmas::pigs::PigsGame;
use crate::dilemmas::travelers::TravelersGame;
use crate::normal_form::game::Bimatrix;
use crate::normal_form::presets::{CLASSIC, classic};
use crate::normal_form::rational::Rational;

/// Every preset name.
pub fn preset_names() -> Vec<String> {
    let mut v: Vec<String> = CLASSIC.iter().map(|(n, _)| n.to_string()).collect();
    v.extend(
        [
            "pigs-seed",
            "pigs-seed-modified",
            "pigs-textbook",
            "travelers",
            "travelers:LOW:HIGH:BONUS",
        ]
        .map(String::from),
    );
    v
}

/// Resolves a preset name to a game.
pub fn preset(name: &str) -> Result<Option<Bimatrix>, String> {
    if let Some(g) = classic(name) {
        return Ok(Some(g));
    }
    if let Some(p) = name.strip_prefix("pigs-") {
        return match PigsGame::preset(p) {
            Some(g) => g.bimatrix().map(Some).map_err(|e| e.to_string()),
            None => Ok(None),
        };
    }
    if name == "travelers" {
        return TravelersGame::default()
            .bimatrix()
            .map(Some)
            .map_err(|e| e.to_string());
    }
    if let Some(rest) = name.strip_prefix("travelers:") {
        let parts: Vec<&str> = rest.split(':').collect();
        let bad = || {
            format!(
                "`{name}`: expected travelers:LOW:HIGH:BONUS with whole numbers LOW < HIGH and a positive BONUS, e.g. travelers:2:100:2"
            )
        };
        if parts.len() != 3 {
            return Err(bad());
        }
        let low: i64 = parts[0].parse().map_err(|_| bad())?;
        let high: i64 = parts[1].parse().map_err(|_| bad())?;
        let bonus = Rational::parse(parts[2]).map_err(|_| bad())?;
        let g = TravelersGame::new(low, high, bonus).map_err(|e| format!("`{name}`: {e}"))?;
        g.check_analysable().map_err(|e| format!("`{name}`: {e}"))?;
        return g.bimatrix().map(Some).map_err(|e| e.to_string());
    }
    Ok(None)
}
