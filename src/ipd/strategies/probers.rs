//! Probers and handshakes: rules that open with a fixed test sequence and
//! decide from the opponent's answer to it how to play for the rest of the
//! match (Prober 1-4, Hard Prober, Detective, Handshake, Collective
//! Strategy), and the random probers (Naive and Remorseful Prober), Tit For
//! Tat that now and then defects to test the opponent.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/prober.py`, `strategies/handshake.py`). The opponent's
//! opening moves are captured once, on the turn they become known, so a
//! rule never needs more than the 64-move window of [`History`].

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::{MatchRng, bernoulli};
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// The opponent's move on turn `index` (0-based), read while it is still in
/// the 64-move window.
#[inline(always)]
fn move_at(them: &History, index: u32) -> Option<Action> {
    them.len()
        .checked_sub(index + 1)
        .and_then(|back| them.ago(back))
}

/// Tit For Tat's answer.
#[inline(always)]
fn tit_for_tat(them: &History) -> Action {
    if them.last() == Some(D) { D } else { C }
}

/// Which prober of the axelrod library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProberKind {
    /// D C C; then D for ever if the opponent answered C C on turns 2-3,
    /// else Tit For Tat.
    Prober,
    /// D C C; then C for ever if the opponent answered D C on turns 2-3,
    /// else Tit For Tat.
    Prober2,
    /// D C; then D for ever if the opponent answered C on turn 2, else Tit
    /// For Tat.
    Prober3,
    /// D D C C; then D for ever if the opponent answered C C on turns 2-3,
    /// else Tit For Tat.
    HardProber,
}

/// A prober: a fixed opening, then exploit or Tit For Tat depending on the
/// opponent's moves during it (Mathieu & Delahaye 2015; Li et al. 2011).
#[derive(Clone, Debug)]
pub struct Prober {
    kind: ProberKind,
    /// Decided once the opening is over: true = defect for ever / cooperate
    /// for ever (by kind), false = Tit For Tat.
    exploit: Option<bool>,
}

impl Prober {
    fn new(kind: ProberKind) -> Prober {
        Prober {
            kind,
            exploit: None,
        }
    }

    const fn info(
        id: &'static str,
        name: &'static str,
        description: &'static str,
        source: &'static str,
        build: fn(&[f64]) -> Strategy,
    ) -> StrategyInfo {
        StrategyInfo {
            id,
            name,
            aliases: &[],
            description,
            source,
            memory_depth: None,
            stochastic: false,
            uses_length: false,
            uses_payoffs: false,
            long_run_time: false,
            game_display_name: None,
            params: &[],
            display_name: None,
            build,
        }
    }

    /// Catalogue entry of Prober.
    pub const INFO: StrategyInfo = Prober::info(
        "prober",
        "Prober",
        "Plays D, C, C. If the opponent cooperated on turns 2 and 3 it defects for the rest \
         of the match; otherwise it plays Tit For Tat.",
        "Li, Hingston & Kendall (2011), Engineering design of strategies for winning iterated \
         prisoner's dilemma competitions",
        |_| Strategy::from(Prober::new(ProberKind::Prober)),
    );

    /// Catalogue entry of Prober 2.
    pub const INFO_2: StrategyInfo = Prober::info(
        "prober-2",
        "Prober 2",
        "Plays D, C, C. If the opponent played D then C on turns 2 and 3 it cooperates for \
         the rest of the match; otherwise it plays Tit For Tat.",
        "PRISON project (1998), Prober 2",
        |_| Strategy::from(Prober::new(ProberKind::Prober2)),
    );

    /// Catalogue entry of Prober 3.
    pub const INFO_3: StrategyInfo = Prober::info(
        "prober-3",
        "Prober 3",
        "Plays D, C. If the opponent cooperated on turn 2 it defects for the rest of the \
         match; otherwise it plays Tit For Tat.",
        "PRISON project (1998), Prober 3",
        |_| Strategy::from(Prober::new(ProberKind::Prober3)),
    );

    /// Catalogue entry of Hard Prober.
    pub const INFO_HARD: StrategyInfo = Prober::info(
        "hard-prober",
        "Hard Prober",
        "Plays D, D, C, C. If the opponent cooperated on turns 2 and 3 it defects for the \
         rest of the match; otherwise it plays Tit For Tat.",
        "PRISON project (1998), Hard Prober",
        |_| Strategy::from(Prober::new(ProberKind::HardProber)),
    );
}

impl Rule for Prober {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let opening: &[Action] = match self.kind {
            ProberKind::Prober | ProberKind::Prober2 => &[D, C, C],
            ProberKind::Prober3 => &[D, C],
            ProberKind::HardProber => &[D, D, C, C],
        };
        let turn = me.len() as usize;
        if turn < opening.len() {
            return opening[turn];
        }
        let exploit = *self.exploit.get_or_insert_with(|| match self.kind {
            ProberKind::Prober | ProberKind::HardProber => {
                (move_at(them, 1), move_at(them, 2)) == (Some(C), Some(C))
            }
            ProberKind::Prober2 => (move_at(them, 1), move_at(them, 2)) == (Some(D), Some(C)),
            ProberKind::Prober3 => move_at(them, 1) == Some(C),
        });
        match (exploit, self.kind) {
            (true, ProberKind::Prober2) => C,
            (true, _) => D,
            (false, _) => tit_for_tat(them),
        }
    }
}

/// Plays a 20-move test sequence, counting the opponent's "just" defections
/// (after its own D) and "unjust" ones (after its own C); if the two counts
/// differ by at most 2 it defects for ever, otherwise it cooperates for 5
/// turns and then plays Tit For Tat (Prober 4, PRISON project).
#[derive(Clone, Debug, Default)]
pub struct Prober4 {
    just_defections: u32,
    unjust_defections: u32,
    turned_defector: bool,
}

impl Prober4 {
    const OPENING: [Action; 20] = [C, C, D, C, D, D, D, C, C, D, C, D, C, C, D, C, D, D, C, D];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "prober-4",
        name: "Prober 4",
        aliases: &[],
        description: "Plays C C D C D D D C C D C D C C D C D D C D, counting the opponent's \
                      defections that answered its D (just) and its C (unjust), over the \
                      opponent's first 19 moves. If the counts differ by at most 2 it defects \
                      for the rest of the match; otherwise it cooperates for 5 turns and then \
                      plays Tit For Tat.",
        source: "PRISON project (1998), Prober 4",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Prober4::default()),
    };
}

impl Rule for Prober4 {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len() as usize;
        let n = Self::OPENING.len();
        if turn < n {
            if them.last() == Some(D) {
                match me.last() {
                    Some(D) => self.just_defections += 1,
                    Some(C) => self.unjust_defections += 1,
                    None => {}
                }
            }
            return Self::OPENING[turn];
        }
        if turn == n {
            self.turned_defector = self.just_defections.abs_diff(self.unjust_defections) <= 2;
        }
        if self.turned_defector {
            D
        } else if turn < n + 5 {
            C
        } else {
            tit_for_tat(them)
        }
    }
}

/// Opens with C, D, C, C; if the opponent defected during those four turns
/// it plays Tit For Tat, otherwise it defects for ever (Nicky Case 2019,
/// The Evolution of Trust).
#[derive(Clone, Debug, Default)]
pub struct Detective {
    /// Decided after the opening: the opponent defected in it.
    provoked: Option<bool>,
}

impl Detective {
    const OPENING: [Action; 4] = [C, D, C, C];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "detective",
        name: "Detective",
        aliases: &[],
        description: "Plays C, D, C, C. If the opponent defected on any of those four turns it \
                      plays Tit For Tat for the rest of the match; otherwise it defects for \
                      ever.",
        source: "Nicky Case (2019), The Evolution of Trust",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Detective::default()),
    };
}

impl Rule for Detective {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let turn = me.len() as usize;
        let n = Self::OPENING.len();
        if turn < n {
            return Self::OPENING[turn];
        }
        let provoked = *self
            .provoked
            .get_or_insert_with(|| (0..n as u32).any(|i| move_at(them, i) == Some(D)));
        if provoked { tit_for_tat(them) } else { D }
    }
}

/// Opens with C, D; cooperates for ever if the opponent opened with C, D
/// too, and defects for ever otherwise (Robson 1990, the secret handshake).
#[derive(Clone, Debug, Default)]
pub struct Handshake {
    /// Decided after the opening: the opponent shook hands.
    friend: Option<bool>,
}

impl Handshake {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "handshake",
        name: "Handshake",
        aliases: &[],
        description: "Plays C, D. If the opponent also opened with C, D it cooperates for the \
                      rest of the match; otherwise it defects for ever.",
        source: "Robson (1990), Efficiency in evolutionary games: Darwin, Nash and the secret \
                 handshake",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Handshake::default()),
    };
}

impl Rule for Handshake {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match me.len() {
            0 => C,
            1 => D,
            _ => {
                let friend = *self.friend.get_or_insert_with(|| {
                    (move_at(them, 0), move_at(them, 1)) == (Some(C), Some(D))
                });
                if friend { C } else { D }
            }
        }
    }
}

/// Opens with C, D; then defects if the opponent has defected more than
/// once, or did not open with C, D; cooperates otherwise (Li et al. 2009,
/// the collective strategy).
#[derive(Clone, Debug, Default)]
pub struct CollectiveStrategy {
    /// Decided after the opening: the opponent opened with C, D.
    member: Option<bool>,
}

impl CollectiveStrategy {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "collective-strategy",
        name: "CollectiveStrategy",
        aliases: &[],
        description: "Plays C, D. Afterwards cooperates only while the opponent opened with C, \
                      D and has defected at most once in total; otherwise defects.",
        source: "Li & Kendall (2009), A strategy with novel evolutionary features for the \
                 iterated prisoner's dilemma",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(CollectiveStrategy::default()),
    };
}

impl Rule for CollectiveStrategy {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match me.len() {
            0 => C,
            1 => D,
            _ => {
                let member = *self.member.get_or_insert_with(|| {
                    (move_at(them, 0), move_at(them, 1)) == (Some(C), Some(D))
                });
                if them.defections() > 1 || !member {
                    D
                } else {
                    C
                }
            }
        }
    }
}

/// The probability parameter of the random probers.
const PROBE_PROBABILITY: ParamSpec = ParamSpec {
    name: "p",
    description: "probability of defecting at random after an opponent's C",
    default: 0.1,
    min: 0.0,
    max: 1.0,
    kind: ParamKind::Real,
};

/// Tit For Tat that, after an opponent's C, defects with probability `p`
/// (Li, Hingston & Kendall 2011). As in the library, p = 0 and p = 1 decide
/// without drawing.
#[derive(Clone, Debug)]
pub struct NaiveProber {
    p: f64,
}

impl NaiveProber {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "naive-prober",
        name: "Naive Prober",
        aliases: &[],
        description: "Tit For Tat that probes: cooperates first and answers a D with D, but \
                      answers a C with D with probability p (C otherwise).",
        source: "Li, Hingston & Kendall (2011), Engineering design of strategies for winning \
                 iterated prisoner's dilemma competitions",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[PROBE_PROBABILITY],
        display_name: None,
        build: |v| Strategy::from(NaiveProber { p: v[0] }),
    };
}

impl Rule for NaiveProber {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match them.last() {
            None => C,
            Some(D) => D,
            Some(C) => random_choice(rng, 1.0 - self.p),
        }
    }

    fn is_stochastic(&self) -> bool {
        self.p > 0.0 && self.p < 1.0
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        let p = 1.0 - self.p;
        Some([p, 0.0, p, 0.0])
    }
}

/// Naive Prober that remembers its random probes (Li, Hingston & Kendall
/// 2011; Dawkins, The Selfish Gene): when the opponent retaliates against a
/// probe it cooperates once ("one free hit") instead of answering D. Any
/// turn it answers an opponent's C ends the probe (or starts a new one).
#[derive(Clone, Debug)]
pub struct RemorsefulProber {
    p: f64,
    /// Its last move was a random probe not yet answered.
    probing: bool,
}

impl RemorsefulProber {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "remorseful-prober",
        name: "Remorseful Prober",
        aliases: &[],
        description: "Naive Prober with remorse: cooperates first, answers a C with D with \
                      probability p (a probe) and with C otherwise, and answers a D with D, \
                      except a D that follows its own probe, which it answers with C.",
        source: "Li, Hingston & Kendall (2011), Engineering design of strategies for winning \
                 iterated prisoner's dilemma competitions",
        memory_depth: Some(2),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[PROBE_PROBABILITY],
        display_name: None,
        build: |v| {
            Strategy::from(RemorsefulProber {
                p: v[0],
                probing: false,
            })
        },
    };
}

impl Rule for RemorsefulProber {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        match them.last() {
            None => C,
            Some(D) if self.probing => {
                self.probing = false;
                C
            }
            Some(D) => D,
            Some(C) => {
                // As the library: p = 0 and p = 1 decide without drawing.
                self.probing = self.p >= 1.0 || (self.p > 0.0 && !bernoulli(rng, 1.0 - self.p));
                if self.probing { D } else { C }
            }
        }
    }

    fn is_stochastic(&self) -> bool {
        self.p > 0.0 && self.p < 1.0
    }
}

family! {
    "Probers and handshakes";
    Prober => [Prober::INFO, Prober::INFO_2, Prober::INFO_3, Prober::INFO_HARD],
    Prober4 => [Prober4::INFO],
    Detective => [Detective::INFO],
    Handshake => [Handshake::INFO],
    CollectiveStrategy => [CollectiveStrategy::INFO],
    NaiveProber => [NaiveProber::INFO],
    RemorsefulProber => [RemorsefulProber::INFO],
}

#[cfg(test)]
mod tests {
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;
    use crate::ipd::{Action, Player};

    /// Both players' moves, `a` against `b`, over `turns` turns (seed `seed`).
    fn moves(a: &Player, b: &Player, turns: u32, seed: u64) -> (Vec<Action>, Vec<Action>) {
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
        (list.first, list.second)
    }

    #[test]
    fn random_probers_probe_a_cooperator_at_rate_p() {
        // Against Cooperator every move after the first is a probe with
        // probability p, for both probers.
        let cooperator = PlayerSpec::new("cooperator").build().unwrap();
        for id in ["naive-prober", "remorseful-prober"] {
            let p = 0.3;
            let prober = PlayerSpec::new(id).with("p", p).build().unwrap();
            let (mut defections, mut turns) = (0u32, 0u32);
            for seed in 0..100 {
                let (list, _) = moves(&prober, &cooperator, 50, seed);
                assert_eq!(list[0], Action::C);
                defections += list[1..].iter().filter(|&&m| m == Action::D).count() as u32;
                turns += 49;
            }
            let n = f64::from(turns);
            let sigma = (n * p * (1.0 - p)).sqrt();
            assert!(
                (f64::from(defections) - n * p).abs() < 5.0 * sigma,
                "{id}: {defections} of {turns}"
            );
        }
    }

    #[test]
    fn remorseful_prober_forgives_the_retaliation_to_its_probe() {
        // A probe is a D answering a C. An opponent's D is answered with C
        // exactly when it follows a probe, and with D otherwise.
        let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
        let prober = PlayerSpec::new("remorseful-prober")
            .with("p", 0.3)
            .build()
            .unwrap();
        let mut forgiven = 0;
        for seed in 0..50 {
            let (mine, theirs) = moves(&prober, &tft, 60, seed);
            for t in 2..mine.len() {
                if theirs[t - 1] == Action::D {
                    let probed = mine[t - 1] == Action::D && theirs[t - 2] == Action::C;
                    let expected = if probed { Action::C } else { Action::D };
                    assert_eq!(mine[t], expected, "seed {seed}, turn {t}");
                    forgiven += usize::from(probed);
                }
            }
        }
        assert!(forgiven > 100, "{forgiven}");
    }
}
