//! Entries of Axelrod's first tournament (1980) under their axelrod library
//! names ("First by Davis: 10", ...): with Tit For Tat and Grudger
//! (`tit_for_tat.rs`, `grudgers.rs`) and Random (`basic.rs`) all fifteen of
//! the library's `axelrod_first_strategies`, plus Calculator (PRISON).
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/axelrod_first.py`), which reconstructs the entries from
//! Axelrod (1980), Effective Choice in the Prisoner's Dilemma, quirks
//! included: Tideman and Chieruzzi and Stein and Rapoport defect on the last
//! two turns (the library's `FinalTransformer((D, D))`, which also shows in
//! their names) only when the length is known; Graaskamp's random gaps are
//! numpy's `randint(5, 15)`, i.e. 5 to 14; Downing's estimates count the
//! opponent's first move as an answer to a C; Feld's and Graaskamp's
//! stochastic flag is set whatever the parameters, as the library classifies
//! them. The chi-squared test is scipy's (`chi_squared.rs`).
//!
//! Invariant: a deterministic rule here plays exactly the library's moves
//! (tests/suite/axelrod_catalogue.rs); a stochastic one draws only from the
//! match's generator and matches the library in distribution
//! (tests/suite/axelrod_first.rs).
//!
//! One file per entry; this file holds the family list and the (D, D)
//! final-moves rule that Tideman and Chieruzzi and Stein and Rapoport share.

mod anonymous;
mod calculator;
mod davis;
mod downing;
mod feld;
mod graaskamp;
mod grofman;
mod joss;
mod nydegger;
mod shubik;
mod stein_and_rapoport;
mod tideman_and_chieruzzi;
mod tullock;

use crate::ipd::action::Action::{self, D};
use crate::ipd::strategies::MatchContext;

pub use anonymous::FirstByAnonymous;
pub use calculator::Calculator;
pub use davis::FirstByDavis;
pub use downing::FirstByDowning;
pub use feld::FirstByFeld;
pub use graaskamp::FirstByGraaskamp;
pub use grofman::FirstByGrofman;
pub use joss::FirstByJoss;
pub use nydegger::FirstByNydegger;
pub use shubik::FirstByShubik;
pub use stein_and_rapoport::FirstBySteinAndRapoport;
pub use tideman_and_chieruzzi::FirstByTidemanAndChieruzzi;
pub use tullock::FirstByTullock;

/// The axelrod library's `FinalTransformer((D, D))`: the move on the last two
/// turns of a match of known length is D, whatever the rule proposed (the
/// rule is still consulted, so its state moves on). With no known length
/// (a random horizon; the library's length is then infinite) nothing
/// changes.
#[inline(always)]
pub(crate) fn defect_on_last_two(
    proposed: Action,
    turns_played: u32,
    context: &MatchContext,
) -> Action {
    match context.length {
        Some(length) if length > turns_played && length - turns_played <= 2 => D,
        _ => proposed,
    }
}

/// Display name suffix the library's `FinalTransformer((D, D))` adds.
pub(crate) const FINAL_DD: &str = ": (D, D)";

family! {
    "Axelrod's first tournament";
    FirstByDavis => [FirstByDavis::INFO],
    FirstByShubik => [FirstByShubik::INFO],
    FirstByNydegger => [FirstByNydegger::INFO],
    Calculator => [Calculator::INFO],
    FirstByTidemanAndChieruzzi => [FirstByTidemanAndChieruzzi::INFO],
    FirstBySteinAndRapoport => [FirstBySteinAndRapoport::INFO],
    FirstByGraaskamp => [FirstByGraaskamp::INFO],
    FirstByDowning => [FirstByDowning::INFO],
    FirstByFeld => [FirstByFeld::INFO],
    FirstByTullock => [FirstByTullock::INFO],
    FirstByAnonymous => [FirstByAnonymous::INFO]
    ; also [FirstByJoss::INFO, FirstByGrofman::INFO]
}

#[cfg(test)]
mod testing {
    //! Helpers for the rules' unit tests: play a rule against a catalogue
    //! opponent.

    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    /// Moves of `a` against `b` over `turns` turns (length told).
    pub fn moves(a: &str, b: &str, turns: u32, seed: u64) -> String {
        let a = PlayerSpec::new(a).build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut list = MoveList::default();
        play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut list,
        );
        list.first.iter().map(|m| m.letter()).collect()
    }

    /// Moves of `a` against `b` over a random horizon (length not told).
    pub fn moves_unknown_length(a: &str, b: &str, seed: u64) -> String {
        let a = PlayerSpec::new(a).build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Random {
                continuation: 0.99,
                cap: Some(300),
            },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut list = MoveList::default();
        play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut list,
        );
        list.first.iter().map(|m| m.letter()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{moves, moves_unknown_length};

    #[test]
    fn the_last_two_defections_need_a_known_length() {
        for id in [
            "first-by-tideman-and-chieruzzi",
            "first-by-stein-and-rapoport",
        ] {
            // Cooperator is neither random nor ever defecting.
            assert_eq!(moves(id, "cooperator", 10, 0), "CCCCCCCCDD", "{id}");
            assert_eq!(moves(id, "cooperator", 1, 0), "D", "{id}");
            assert_eq!(moves(id, "cooperator", 2, 0), "DD", "{id}");
            for seed in 0..5 {
                let unknown = moves_unknown_length(id, "cooperator", seed);
                assert!(!unknown.contains('D'), "{id}: {unknown}");
            }
        }
    }
}
