//! The grudgers: rules that punish a defection for a long time or forever.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/grudger.py`), including first moves; sources are cited per
//! rule. Counters come from [`History`], so no rule needs more than its own
//! small state.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Cooperates until the opponent defects once, then defects forever
/// (Friedman 1971).
#[derive(Clone, Debug, Default)]
pub struct Grudger;

impl Grudger {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "grudger",
        name: "Grudger",
        aliases: &["grim-trigger", "friedman"],
        description: "Cooperates until the opponent defects once, then defects for the rest of \
                      the match (the grim trigger).",
        source: "Axelrod (1980), first tournament entry by James W. Friedman",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Grudger),
    };
}

impl Rule for Grudger {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.defections() > 0 { D } else { C }
    }
}

/// Grudger that forgives: after an opponent defection it defects for 10
/// turns, then cooperates again until the next defection (axelrod library,
/// Forgetful Grudger).
#[derive(Clone, Debug, Default)]
pub struct ForgetfulGrudger {
    grudged: bool,
    grudge_memory: u32,
}

impl ForgetfulGrudger {
    /// Turns of punishment.
    const MEMORY_LENGTH: u32 = 10;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "forgetful-grudger",
        name: "Forgetful Grudger",
        aliases: &[],
        description: "Cooperates until the opponent defects, then defects for 10 turns (a \
                      defection during them does not restart the count unless it falls on the \
                      turn the count ends), then cooperates again.",
        source: "Geraint Palmer, the axelrod library",
        memory_depth: Some(10),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(ForgetfulGrudger::default()),
    };
}

impl Rule for ForgetfulGrudger {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if self.grudge_memory == Self::MEMORY_LENGTH {
            self.grudge_memory = 0;
            self.grudged = false;
        }
        if them.last() == Some(D) {
            self.grudged = true;
        }
        if self.grudged {
            self.grudge_memory += 1;
            D
        } else {
            C
        }
    }
}

/// Defects until the opponent cooperates once, then cooperates forever
/// (Geraint Palmer).
#[derive(Clone, Debug, Default)]
pub struct OppositeGrudger;

impl OppositeGrudger {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "opposite-grudger",
        name: "Opposite Grudger",
        aliases: &[],
        description: "Defects until the opponent cooperates once, then cooperates for the rest \
                      of the match.",
        source: "Geraint Palmer, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(OppositeGrudger),
    };
}

impl Rule for OppositeGrudger {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.cooperations() > 0 { C } else { D }
    }
}

/// Grudger that defects on the first three turns (Thomas Campbell).
#[derive(Clone, Debug, Default)]
pub struct Aggravater;

impl Aggravater {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "aggravater",
        name: "Aggravater",
        aliases: &[],
        description: "Defects on the first three turns; afterwards plays Grudger: cooperates \
                      unless the opponent has ever defected.",
        source: "Thomas Campbell, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Aggravater),
    };
}

impl Rule for Aggravater {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.len() < 3 || them.defections() > 0 {
            D
        } else {
            C
        }
    }
}

/// Answers a defection with D, D, D, D, C, C, then listens again
/// (Li, Hingston & Kendall 2011).
#[derive(Clone, Debug, Default)]
pub struct SoftGrudger {
    grudged: bool,
    grudge_memory: usize,
}

impl SoftGrudger {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "soft-grudger",
        name: "Soft Grudger",
        aliases: &[],
        description: "Cooperates until the opponent defects; then plays D, D, D, D, C, C \
                      (ignoring the opponent meanwhile) and starts over.",
        source: "Li, Hingston & Kendall (2011), Engineering design of strategies for winning \
                 iterated prisoner's dilemma competitions",
        memory_depth: Some(6),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SoftGrudger::default()),
    };
}

impl Rule for SoftGrudger {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if self.grudged {
            let answer = [D, D, D, C, C][self.grudge_memory];
            self.grudge_memory += 1;
            if self.grudge_memory == 5 {
                self.grudge_memory = 0;
                self.grudged = false;
            }
            answer
        } else if them.last() == Some(D) {
            self.grudged = true;
            D
        } else {
            C
        }
    }
}

/// Cooperates until the opponent defects once, then alternates D, C, D, ...
/// (Geraint Palmer).
#[derive(Clone, Debug, Default)]
pub struct GrudgerAlternator;

impl GrudgerAlternator {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "grudger-alternator",
        name: "GrudgerAlternator",
        aliases: &[],
        description: "Cooperates until the opponent defects once; from then on plays the \
                      opposite of its own previous move (D after C, C after D).",
        source: "Geraint Palmer, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(GrudgerAlternator),
    };
}

impl Rule for GrudgerAlternator {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.defections() > 0 && me.last() == Some(C) {
            D
        } else {
            C
        }
    }
}

/// Defects until the opponent defects once, then cooperates forever
/// (Li, Hingston & Kendall 2011, "Fool Me Forever").
#[derive(Clone, Debug, Default)]
pub struct EasyGo;

impl EasyGo {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "easy-go",
        name: "EasyGo",
        aliases: &["fool-me-forever"],
        description: "Defects until the opponent defects once, then cooperates for the rest of \
                      the match: the reverse of Grudger.",
        source: "Li, Hingston & Kendall (2011), Engineering design of strategies for winning \
                 iterated prisoner's dilemma competitions",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(EasyGo),
    };
}

impl Rule for EasyGo {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.defections() > 0 { C } else { D }
    }
}

/// Cooperates on the first two turns whatever happens, then plays Grudger
/// (Mathieu & Delahaye 2015).
#[derive(Clone, Debug, Default)]
pub struct SpitefulCc;

impl SpitefulCc {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "spiteful-cc",
        name: "SpitefulCC",
        aliases: &[],
        description: "Cooperates on the first two turns; afterwards defects for ever once the \
                      opponent has defected, and cooperates otherwise.",
        source: "Mathieu & Delahaye (2015), New Winning Strategies for the Iterated \
                 Prisoner's Dilemma",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SpitefulCc),
    };
}

impl Rule for SpitefulCc {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.len() >= 2 && them.defections() > 0 {
            D
        } else {
            C
        }
    }
}

/// Forgives one defection and retaliates for ever after the second
/// (Marc Harper).
#[derive(Clone, Debug, Default)]
pub struct FoolMeOnce;

impl FoolMeOnce {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "fool-me-once",
        name: "Fool Me Once",
        aliases: &[],
        description: "Cooperates until the opponent has defected twice (in total), then \
                      defects for the rest of the match.",
        source: "Marc Harper, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FoolMeOnce),
    };
}

impl Rule for FoolMeOnce {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.defections() > 1 { D } else { C }
    }
}

/// Cooperates until the opponent defects twice in a row, then defects for
/// 10 turns (Holly Tibble).
#[derive(Clone, Debug, Default)]
pub struct OnceBitten {
    grudged: bool,
    grudge_memory: u32,
}

impl OnceBitten {
    /// Turns of punishment.
    const MEMORY_LENGTH: u32 = 10;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "once-bitten",
        name: "Once Bitten",
        aliases: &[],
        description: "Cooperates on the first two turns; afterwards, when the opponent defected \
                      on both of the last two turns, defects on that turn and the next 10, then \
                      listens again.",
        source: "Holly Tibble, the axelrod library",
        memory_depth: Some(12),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(OnceBitten::default()),
    };
}

impl Rule for OnceBitten {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if self.grudge_memory >= Self::MEMORY_LENGTH {
            self.grudge_memory = 0;
            self.grudged = false;
        }
        if them.len() < 2 {
            C
        } else if self.grudged {
            self.grudge_memory += 1;
            D
        } else if them.recent_bits() & 0b11 == 0b11 {
            self.grudged = true;
            D
        } else {
            C
        }
    }
}

family! {
    "Grudgers";
    Grudger => [Grudger::INFO],
    ForgetfulGrudger => [ForgetfulGrudger::INFO],
    OppositeGrudger => [OppositeGrudger::INFO],
    Aggravater => [Aggravater::INFO],
    SoftGrudger => [SoftGrudger::INFO],
    GrudgerAlternator => [GrudgerAlternator::INFO],
    EasyGo => [EasyGo::INFO],
    SpitefulCc => [SpitefulCc::INFO],
    FoolMeOnce => [FoolMeOnce::INFO],
    OnceBitten => [OnceBitten::INFO],
}
