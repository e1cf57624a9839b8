//! Entries of Axelrod's second tournament (1980) under their axelrod library
//! names ("Second by Champion", ...), one file per entry.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/axelrod_second.py`), which reconstructs the entries from
//! Axelrod (1980), More Effective Choice in the Prisoner's Dilemma, and from
//! the tournament's Fortran sources; quirks of those sources that change play
//! are kept and named in each rule's doc.
//!
//! Invariant: a deterministic rule here plays exactly the library's moves
//! (tests/axelrod_catalogue.rs). A stochastic rule draws only from the
//! match's generator, at the same points of play as the library and with the
//! same comparisons, through [`Uniform`]; `replays.rs` feeds those rules
//! the library's own transcripts, played with a fixed sequence in place of
//! its generator, and requires the library's moves and number of draws.

mod appold;
mod black;
mod borufsen;
mod cave;
mod champion;
mod colbert;
mod eatherley;
mod getzler;
mod gladstein;
mod graaskamp_katzen;
mod grofman;
mod harrington;
#[cfg(test)]
mod replays;

use crate::ipd::action::Action::{self, C, D};

use appold::SecondByAppold;
use black::SecondByBlack;
use borufsen::SecondByBorufsen;
use cave::SecondByCave;
use champion::SecondByChampion;
use colbert::SecondByColbert;
use eatherley::SecondByEatherley;
use getzler::SecondByGetzler;
use gladstein::SecondByGladstein;
use graaskamp_katzen::SecondByGraaskampKatzen;
use grofman::SecondByGrofman;
use harrington::SecondByHarrington;

/// A source of uniform draws in [0, 1): in play the match's generator
/// (`|| unit_interval(rng)`), in tests a fixed sequence.
pub trait Uniform: FnMut() -> f64 {}

impl<F: FnMut() -> f64> Uniform for F {}

/// The library's `random_choice`: C with probability `p` (C when the draw is
/// below `p`), deciding without a draw at p = 0 or 1.
#[inline(always)]
fn random_choice(p: f64, uniform: &mut impl Uniform) -> Action {
    if p <= 0.0 {
        D
    } else if p >= 1.0 || uniform() < p {
        C
    } else {
        D
    }
}

family! {
    "Axelrod's second tournament";
    SecondByAppold => [SecondByAppold::INFO],
    SecondByBlack => [SecondByBlack::INFO],
    SecondByBorufsen => [SecondByBorufsen::INFO],
    SecondByCave => [SecondByCave::INFO],
    SecondByChampion => [SecondByChampion::INFO],
    SecondByColbert => [SecondByColbert::INFO],
    SecondByEatherley => [SecondByEatherley::INFO],
    SecondByGetzler => [SecondByGetzler::INFO],
    SecondByGladstein => [SecondByGladstein::INFO],
    SecondByGraaskampKatzen => [SecondByGraaskampKatzen::INFO],
    SecondByGrofman => [SecondByGrofman::INFO],
    SecondByHarrington => [SecondByHarrington::INFO],
}
