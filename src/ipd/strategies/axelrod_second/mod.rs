//! Entries of Axelrod's second tournament (1980) under their axelrod library
//! names ("Second by Champion", "Second by Tester", ...), one file per entry.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/axelrod_second.py`), which reconstructs the entries from
//! Axelrod (1980), More Effective Choice in the Prisoner's Dilemma, and from
//! the tournament's Fortran sources; quirks of those sources that change play
//! are kept and named in each rule's doc.
//!
//! Invariant: a deterministic rule here plays exactly the library's moves
//! (tests/suite/axelrod_catalogue.rs). A stochastic rule draws only from the
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
mod kluepfel;
mod leyvraz;
mod mikkelson;
mod richard_hufford;
mod rowsam;
mod tester;
mod tideman_and_chieruzzi;
mod tranquilizer;
mod weiner;
mod white;
mod wm_adams;
mod yamachi;

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
use kluepfel::SecondByKluepfel;
use leyvraz::SecondByLeyvraz;
use mikkelson::SecondByMikkelson;
use richard_hufford::SecondByRichardHufford;
use rowsam::SecondByRowsam;
use tester::SecondByTester;
use tideman_and_chieruzzi::SecondByTidemanAndChieruzzi;
use tranquilizer::SecondByTranquilizer;
use weiner::SecondByWeiner;
use white::SecondByWhite;
use wm_adams::SecondByWmAdams;
use yamachi::SecondByYamachi;

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
    SecondByKluepfel => [SecondByKluepfel::INFO],
    SecondByLeyvraz => [SecondByLeyvraz::INFO],
    SecondByMikkelson => [SecondByMikkelson::INFO],
    SecondByRichardHufford => [SecondByRichardHufford::INFO],
    SecondByRowsam => [SecondByRowsam::INFO],
    SecondByTester => [SecondByTester::INFO],
    SecondByTidemanAndChieruzzi => [SecondByTidemanAndChieruzzi::INFO],
    SecondByTranquilizer => [SecondByTranquilizer::INFO],
    SecondByWeiner => [SecondByWeiner::INFO],
    SecondByWhite => [SecondByWhite::INFO],
    SecondByWmAdams => [SecondByWmAdams::INFO],
    SecondByYamachi => [SecondByYamachi::INFO],
}

#[cfg(test)]
pub(crate) mod testing {
    //! Helpers for the rules' unit tests: play a rule against a catalogue
    //! opponent, with the match generator or with given uniform draws.

    use crate::ipd::action::Action;
    use crate::ipd::history::History;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::{MatchContext, PlayerSpec};

    /// Both players' moves when `a` plays `b` for `turns` turns (standard
    /// payoffs, no noise, seed `seed`).
    pub fn moves(a: &str, b: &str, turns: u32, seed: u64) -> (String, String) {
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
        let text = |l: &[Action]| l.iter().map(|m| m.letter()).collect();
        (text(&list.first), text(&list.second))
    }

    /// The uniform draws the replay tests feed both to the library (through
    /// a patched `random`) and to our rules: frac(k * 0.7548776662466927),
    /// k = 1, 2, ...
    pub fn draws() -> impl FnMut() -> f64 {
        let mut k = 0.0f64;
        move || {
            k += 1.0;
            (k * 0.754_877_666_246_692_7).fract()
        }
    }

    /// The moves of a rule (`decide` given the histories, the context and
    /// a draw source) against the catalogue strategy `opponent` over
    /// `turns` turns of known length, with [`draws`] as its uniform draws.
    pub fn replay<F>(mut decide: F, opponent: &str, turns: u32) -> String
    where
        F: FnMut(&History, &History, &MatchContext, &mut dyn FnMut() -> f64) -> Action,
    {
        let mut opponent = PlayerSpec::new(opponent).build().unwrap().prototype;
        let context = MatchContext {
            length: Some(turns),
            payoffs: Payoffs::STANDARD,
        };
        let mut rng = match_rng(0, 0, 1, 0);
        let mut draw = draws();
        let (mut mine, mut theirs) = (History::new(), History::new());
        let mut out = String::new();
        for _ in 0..turns {
            let a = decide(&mine, &theirs, &context, &mut draw);
            let b = opponent.choose(&theirs, &mine, &context, &mut rng);
            mine.push(a);
            theirs.push(b);
            out.push(a.letter());
        }
        out
    }
}
