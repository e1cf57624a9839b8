//! The grudgers: rules that punish a defection for a long time or forever.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/grudger.py`), including first moves; sources are cited per
//! rule. Counters come from [`History`], so no rule needs more than its own
//! small state.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::{MatchRng, bernoulli};
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
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

/// Soft Grudger generalised (J. Taylor Smith): after `n` consecutive
/// opponent defections it defects, then plays `d - 1` more defections and
/// `c` cooperations whatever the opponent does, then listens again.
/// `(1, 4, 2)` plays as Soft Grudger. The opponent's current run of
/// defections is kept as a counter, so `n` may exceed the 64-move window.
/// With `d = 1` and `c = 0` the library's punishment list is empty and it
/// raises an `IndexError` on the turn after a trigger; here the punishment is
/// then the triggering D alone.
#[derive(Clone, Debug)]
pub struct GeneralSoftGrudger {
    /// Consecutive opponent defections that trigger a punishment.
    n: u32,
    /// Defections of a punishment, the triggering one included.
    d: u32,
    /// Cooperations that end a punishment.
    c: u32,
    /// The opponent's current run of defections.
    run: u32,
    /// Moves of the punishment played after the triggering D, while punishing.
    step: Option<u32>,
}

impl GeneralSoftGrudger {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "general-soft-grudger",
        name: "General Soft Grudger",
        aliases: &[],
        description: "Cooperates until the opponent has defected n times in a row; then \
                      defects d times and cooperates c times whatever the opponent does, and \
                      starts over. With n = 1, d = 4, c = 2 it is Soft Grudger.",
        source: "J. Taylor Smith, the axelrod library",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "n",
                description: "consecutive opponent defections that trigger a punishment",
                default: 1.0,
                min: 1.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "d",
                description: "defections of a punishment (the triggering one included)",
                default: 4.0,
                min: 1.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "c",
                description: "cooperations that end a punishment",
                default: 2.0,
                min: 0.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
        ],
        display_name: Some(|v| {
            format!(
                "General Soft Grudger: n={},d={},c={}",
                v[0] as i64, v[1] as i64, v[2] as i64
            )
        }),
        build: |v| {
            Strategy::from(GeneralSoftGrudger {
                n: v[0] as u32,
                d: v[1] as u32,
                c: v[2] as u32,
                run: 0,
                step: None,
            })
        },
    };
}

impl Rule for GeneralSoftGrudger {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match them.last() {
            Some(D) => self.run += 1,
            Some(C) => self.run = 0,
            None => {}
        }
        // The moves after the triggering D: d - 1 defections, c cooperations.
        let rest = self.d - 1 + self.c;
        if let Some(step) = self.step {
            let next = step + 1;
            self.step = (next < rest).then_some(next);
            return if step + 1 < self.d { D } else { C };
        }
        if self.run >= self.n {
            if rest > 0 {
                self.step = Some(0);
            }
            D
        } else {
            C
        }
    }
}

/// Fool Me Once that sometimes forgets (Marc Harper): it counts the
/// opponent's defections, and on every turn, with probability
/// `forget_probability`, resets the count to 0 (after adding the latest
/// defection); it defects while the count is above 1. As in the library the
/// draw is made on every turn, the first included, so it is stochastic even
/// for a probability of 0 or 1.
#[derive(Clone, Debug)]
pub struct ForgetfulFoolMeOnce {
    forget_probability: f64,
    /// Opponent defections since the last time it forgot.
    defections: u32,
}

impl ForgetfulFoolMeOnce {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "forgetful-fool-me-once",
        name: "Forgetful Fool Me Once",
        aliases: &[],
        description: "Counts the opponent's defections and defects while the count is above 1, \
                      like Fool Me Once, but on every turn forgets the count (resets it to 0) \
                      with a small probability. Cooperates first.",
        source: "Marc Harper, the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "forget_probability",
            description: "probability of forgetting the count of defections on each turn",
            default: 0.05,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| {
            Strategy::from(ForgetfulFoolMeOnce {
                forget_probability: v[0],
                defections: 0,
            })
        },
    };
}

impl Rule for ForgetfulFoolMeOnce {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let forget = bernoulli(rng, self.forget_probability);
        let Some(last) = them.last() else {
            return C;
        };
        if last == D {
            self.defections += 1;
        }
        if forget {
            self.defections = 0;
        }
        if self.defections > 1 { D } else { C }
    }

    fn is_stochastic(&self) -> bool {
        true
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
    GeneralSoftGrudger => [GeneralSoftGrudger::INFO],
    ForgetfulFoolMeOnce => [ForgetfulFoolMeOnce::INFO],
}

#[cfg(test)]
mod tests {
    use crate::ipd::Action;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    /// Both move strings of `a` against `b` over `turns` turns (seed `seed`).
    fn play(a: &PlayerSpec, b: &str, turns: u32, seed: u64) -> (String, String) {
        let a = a.build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon: Horizon::Fixed { turns },
            noise: 0.0,
            payoffs: Payoffs::STANDARD,
        };
        let mut moves = MoveList::default();
        play_match(
            &a.prototype,
            &b.prototype,
            &settings,
            &mut match_rng(seed, 0, 1, 0),
            &mut moves,
        );
        let text = |list: &[Action]| list.iter().map(|m| m.letter()).collect();
        (text(&moves.first), text(&moves.second))
    }

    #[test]
    fn general_soft_grudger_with_an_empty_penance_punishes_with_one_d() {
        // The library raises IndexError here; the punishment is the trigger alone.
        let spec = PlayerSpec::new("general-soft-grudger")
            .with("d", 1.0)
            .with("c", 0.0);
        assert_eq!(play(&spec, "alternator", 6, 0).0, "CCDCDC");
        assert_eq!(play(&spec, "defector", 4, 0).0, "CDDD");
    }

    #[test]
    fn forgetful_fool_me_once_at_the_extremes() {
        // Never forgetting: Fool Me Once. Always forgetting: never defects.
        let never = PlayerSpec::new("forgetful-fool-me-once").with("forget_probability", 0.0);
        assert_eq!(play(&never, "alternator", 8, 0).0, "CCCCDDDD");
        let always = PlayerSpec::new("forgetful-fool-me-once").with("forget_probability", 1.0);
        assert_eq!(play(&always, "defector", 8, 0).0, "CCCCCCCC");
    }

    #[test]
    fn forgetful_fool_me_once_forgets_at_its_rate() {
        // Against Defector the count is 2 or more unless it forgot on this
        // turn (C) or on the one before (C: the count is 1). From turn 3 on,
        // P(C) = 1 - (1 - f)^2.
        let f = 0.05;
        let spec = PlayerSpec::new("forgetful-fool-me-once");
        let (mut cooperations, mut turns) = (0u32, 0u32);
        for seed in 0..200 {
            let (moves, _) = play(&spec, "defector", 100, seed);
            cooperations += moves[2..].matches('C').count() as u32;
            turns += 98;
        }
        let p = 1.0 - (1.0 - f) * (1.0 - f);
        let n = f64::from(turns);
        let sigma = (n * p * (1.0 - p)).sqrt();
        assert!(
            (f64::from(cooperations) - n * p).abs() < 5.0 * sigma,
            "{cooperations} of {turns}"
        );
    }
}
