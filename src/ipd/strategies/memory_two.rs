//! Rules that look back two or three turns: the memory-two players of the
//! axelrod library (4.14, `strategies/memorytwo.py`): AON2 and Delayed AON1,
//! fixed responses to the last two turns of both players, and MEM2, which
//! switches every two turns between Tit For Tat, Tit For Two Tats and
//! Defector; and CAPRI (`strategies/grudger.py`), a fixed response to the
//! last three turns.
//!
//! Every rule reads the last turns from the 64-move window of [`History`];
//! MEM2 keeps its mode and a counter.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// A memory-two player (Hilbe et al. 2017): two fixed opening moves, then C
/// with a probability given by the last two moves of both players. The
/// vector is in the library's order: entry `8 a + 4 b + 2 c + d` is
/// P(C | own moves a, b, opponent's moves c, d), oldest first, 1 meaning D
/// (so the first entry is P(C | CC, CC)). As in the library, 0 and 1 decide
/// without drawing.
#[derive(Clone, Debug)]
pub struct MemoryTwo {
    vector: [f64; 16],
    initial: [Action; 2],
}

impl MemoryTwo {
    /// A memory-two player opening with C, C.
    const fn cooperative(vector: [f64; 16]) -> MemoryTwo {
        MemoryTwo {
            vector,
            initial: [C, C],
        }
    }

    /// AON2's vector: C only after (CC, CC), (CD, CD), (DC, DC), (DD, DD).
    const AON2: [f64; 16] = [
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0,
    ];

    /// Delayed AON1's vector: also C after (CD, DD) and (DD, CD).
    const DELAYED_AON1: [f64; 16] = [
        1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0,
    ];

    /// Catalogue entry of AON2.
    pub const INFO_AON2: StrategyInfo = StrategyInfo {
        id: "aon2",
        name: "AON2",
        aliases: &[],
        description: "All-or-none of memory two: cooperates on the first two turns, then \
                      cooperates only when each player's last two moves were the same as the \
                      other's, i.e. after (CC, CC), (CD, CD), (DC, DC) or (DD, DD) (own moves, \
                      opponent's moves, oldest first).",
        source: "Hilbe, Martinez-Vaquero, Chatterjee & Nowak (2017), Memory-n strategies of \
                 direct reciprocity",
        memory_depth: Some(2),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(MemoryTwo::cooperative(MemoryTwo::AON2)),
    };

    /// Catalogue entry of Delayed AON1.
    pub const INFO_DELAYED_AON1: StrategyInfo = StrategyInfo {
        id: "delayed-aon1",
        name: "Delayed AON1",
        aliases: &[],
        description: "Win-Stay Lose-Shift delayed by a turn (Hilbe et al.'s vector with the \
                      highest self-cooperation): cooperates on the first two turns, then \
                      cooperates only after (CC, CC), (CD, CD), (CD, DD), (DC, DC), (DD, CD) or \
                      (DD, DD) (own moves, opponent's moves, oldest first).",
        source: "Hilbe, Martinez-Vaquero, Chatterjee & Nowak (2017), Memory-n strategies of \
                 direct reciprocity",
        memory_depth: Some(2),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(MemoryTwo::cooperative(MemoryTwo::DELAYED_AON1)),
    };
}

impl Rule for MemoryTwo {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let turn = me.len() as usize;
        if turn < 2 {
            return self.initial[turn];
        }
        let state = ((me.recent_bits() & 0b11) << 2) | (them.recent_bits() & 0b11);
        random_choice(rng, self.vector[state as usize])
    }

    fn is_stochastic(&self) -> bool {
        self.vector.iter().any(|&p| p > 0.0 && p < 1.0)
    }
}

/// Which rule MEM2 plays as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mem2Mode {
    TitForTat,
    TitForTwoTats,
    Defector,
}

/// MEM2 (Li, Kendall & Vallee 2014): starts as Tit For Tat and every two
/// turns (on turns 3, 5, 7, ...) picks its rule from the last two turns:
/// Tit For Tat after two mutual cooperations, Tit For Two Tats after one CD
/// and one DC (either order), Defector otherwise. After choosing Defector
/// twice it stays Defector for the rest of the match (which makes its
/// memory unbounded, as the library says).
#[derive(Clone, Debug)]
pub struct Mem2 {
    mode: Mem2Mode,
    /// Times it chose Defector.
    defector_choices: u32,
}

impl Mem2 {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "mem2",
        name: "MEM2",
        aliases: &[],
        description: "Plays Tit For Tat, Tit For Two Tats or Defector, starting with Tit For \
                      Tat. Every two turns it looks at the last two: both mutual cooperation \
                      gives Tit For Tat, one CD and one DC give Tit For Two Tats, anything \
                      else gives Defector. Once it has chosen Defector twice it keeps it.",
        source: "Li, Kendall & Vallee (2014), The Lifting of Self-Imposed Constraints by \
                 Evolutionary Strategies in the Iterated Prisoner's Dilemma",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| {
            Strategy::from(Mem2 {
                mode: Mem2Mode::TitForTat,
                defector_choices: 0,
            })
        },
    };

    /// Turns of Defector after which the choice stops.
    const LAST_CHOICE: u32 = 2;
}

impl Rule for Mem2 {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len();
        if turn >= 2 && turn % 2 == 0 && self.defector_choices < Self::LAST_CHOICE {
            // The joint states (own move, opponent's move) of the last two
            // turns, as a set of state indices CC = 0, CD = 1, DC = 2, DD = 3.
            let state = |back: u32| {
                ((me.recent_bits() >> back & 1) << 1) | (them.recent_bits() >> back & 1)
            };
            let seen = (1u8 << state(0)) | (1u8 << state(1));
            self.mode = match seen {
                0b0001 => Mem2Mode::TitForTat,
                0b0110 => Mem2Mode::TitForTwoTats,
                _ => {
                    self.defector_choices += 1;
                    Mem2Mode::Defector
                }
            };
        }
        match self.mode {
            Mem2Mode::TitForTat => {
                if them.last() == Some(D) {
                    D
                } else {
                    C
                }
            }
            Mem2Mode::TitForTwoTats => {
                if them.recent_bits() & 0b11 == 0b11 {
                    D
                } else {
                    C
                }
            }
            Mem2Mode::Defector => D,
        }
    }
}

/// The states after which CAPRI cooperates, as (its own last three moves,
/// the opponent's last three moves), oldest first; rules C, A, P (the
/// cooperations that follow the single punishing D) and R of Murase & Baek
/// (2020). Every other state gives D.
const CAPRI_COOPERATES: [(&str, &str); 14] = [
    // C: mutual cooperation.
    ("ccc", "ccc"),
    // A: accept punishment after one's own defection.
    ("ccd", "ccc"),
    ("cdc", "ccd"),
    ("dcc", "cdc"),
    ("ccc", "dcc"),
    // P: after the single punishing D, back to cooperation.
    ("ccd", "cdc"),
    ("cdc", "dcc"),
    ("dcc", "ccc"),
    // R: recover from mutual defection.
    ("ddd", "ddc"),
    ("ddc", "dcc"),
    ("ddc", "ddd"),
    ("dcc", "ddc"),
    ("ddc", "ddc"),
    ("dcc", "dcc"),
];

/// Three moves written oldest first as a 3-bit number, the latest in bit 0
/// (the layout of [`History::recent_bits`]).
const fn three_moves(moves: &str) -> u64 {
    let bytes = moves.as_bytes();
    let mut bits = 0;
    let mut i = 0;
    while i < 3 {
        bits = (bits << 1) | (bytes[i] == b'd') as u64;
        i += 1;
    }
    bits
}

/// Bit `8 * own + theirs` is set when CAPRI cooperates after that state.
const CAPRI_TABLE: u64 = {
    let mut table = 0u64;
    let mut k = 0;
    while k < CAPRI_COOPERATES.len() {
        let (own, theirs) = CAPRI_COOPERATES[k];
        table |= 1 << ((three_moves(own) << 3) | three_moves(theirs));
        k += 1;
    }
    table
};

/// CAPRI (Murase & Baek 2020): a memory-three rule found by exhaustive
/// search, cooperative, error-correcting and not exploitable. It looks up the
/// last three turns of both players (turns before the first count as mutual
/// cooperation, as in the library) in [`CAPRI_COOPERATES`].
#[derive(Clone, Debug, Default)]
pub struct Capri;

impl Capri {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "capri",
        name: "CAPRI",
        aliases: &[],
        description: "Memory-three rule: Cooperates at mutual cooperation, Accepts punishment \
                      after its own mistaken defection, Punishes a defection from mutual \
                      cooperation with one D, Recovers cooperation from mutual defection when \
                      either side cooperates, and In all other cases defects. Turns before the \
                      first count as mutual cooperation.",
        source: "Murase & Baek (2020), Five rules for friendly rivalry in direct reciprocity",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Capri),
    };
}

impl Rule for Capri {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let state = ((me.recent_bits() & 0b111) << 3) | (them.recent_bits() & 0b111);
        if CAPRI_TABLE >> state & 1 == 1 { C } else { D }
    }
}

family! {
    "Memory two and three";
    MemoryTwo => [MemoryTwo::INFO_AON2, MemoryTwo::INFO_DELAYED_AON1],
    Mem2 => [Mem2::INFO],
    Capri => [Capri::INFO],
}
