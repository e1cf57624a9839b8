//! More of the tit-for-tat family: variants that copy the opponent but add
//! an adaptive "world image", random forgiveness or spells of randomness,
//! contrition after their own noisy defections, deadlock breaking, or
//! punishments of N defections for M in a row.
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/titfortat.py`), including first moves and the quirks that
//! change play (noted per rule); sources are cited per rule. Every rule keeps
//! its own small state (counters, a flag, a float), updated once per turn,
//! so none rescans the history.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo};
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// The opponent's last move, C before the first one (bits before the first
/// move are 0).
#[inline(always)]
fn their_last(them: &History) -> Action {
    Action::from_bit(them.recent_bits())
}

/// Tit For Tat on a smoothed "image of the world" (Tzafestas 2000): the
/// image moves a share `rate` of the way towards 1 after an opponent C and
/// towards 0 after a D; it cooperates while the image is at least 0.5.
///
/// Quirk kept from the axelrod library: the image starts at `rate`, not 0.5
/// (the constructor overwrites the documented starting value), so with a
/// rate below 0.5 a single opponent C after the first turn is not enough to
/// keep cooperating.
#[derive(Clone, Debug)]
pub struct AdaptiveTitForTat {
    rate: f64,
    world: f64,
}

impl AdaptiveTitForTat {
    /// A player with adaptation rate `rate`.
    pub fn new(rate: f64) -> AdaptiveTitForTat {
        AdaptiveTitForTat { rate, world: rate }
    }

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "adaptive-tit-for-tat",
        name: "Adaptive Tit For Tat",
        aliases: &["atft"],
        description: "Cooperates first; afterwards keeps an image of the world between 0 \
                      (defection) and 1 (cooperation) that moves a share `rate` of the way towards \
                      1 after an opponent C and towards 0 after a D, and cooperates while the \
                      image is at least 0.5. As in the axelrod library the image starts at \
                      `rate`.",
        source: "Tzafestas (2000), Toward adaptive cooperative behavior",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "rate",
            description: "adaptation rate: the share of the way the image moves each turn",
            default: 0.5,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| Strategy::from(AdaptiveTitForTat::new(v[0])),
    };
}

impl Rule for AdaptiveTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        match them.last() {
            None => return C,
            Some(C) => self.world += self.rate * (1.0 - self.world),
            Some(D) => self.world -= self.rate * self.world,
        }
        if self.world >= 0.5 { C } else { D }
    }
}

/// Tit For Tat that answers a cooperation with C only 9 times in 10
/// (Marinoff 1992).
#[derive(Clone, Debug, Default)]
pub struct BurnBothEnds;

impl BurnBothEnds {
    /// Probability of answering a C with C.
    const COOPERATE: f64 = 0.9;

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "burn-both-ends",
        name: "Burn Both Ends",
        aliases: &["bbe"],
        description: "Cooperates first; afterwards answers an opponent D with D and an opponent \
                      C with C with probability 0.9 (else D).",
        source: "Marinoff (1992), Maximizing expected utilities in the prisoner's dilemma",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(BurnBothEnds),
    };
}

impl Rule for BurnBothEnds {
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
            Some(C) => random_choice(rng, Self::COOPERATE),
            Some(D) => D,
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([Self::COOPERATE, 0.0, Self::COOPERATE, 0.0])
    }
}

/// Tit For Tat that becomes contrite after its own move was flipped to D by
/// noise against a cooperating opponent (Wu & Axelrod 1995).
///
/// Without noise it plays exactly Tit For Tat. The rule compares the move it
/// chose last turn with the move its history records (the axelrod library's
/// `TrackHistoryTransformer`); when noise turned its C into a D while the
/// opponent cooperated it becomes contrite, and a contrite player whose last
/// recorded move is C cooperates once more and stops being contrite. As in
/// the library, becoming contrite does not itself change the move (it still
/// copies the opponent).
#[derive(Clone, Debug)]
pub struct ContriteTitForTat {
    contrite: bool,
    /// The move this rule chose last turn, before any noise.
    intended: Action,
}

impl Default for ContriteTitForTat {
    fn default() -> Self {
        ContriteTitForTat {
            contrite: false,
            intended: C,
        }
    }
}

impl ContriteTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "contrite-tit-for-tat",
        name: "Contrite Tit For Tat",
        aliases: &["ctft"],
        description: "Tit For Tat that tells its own noisy defections apart: when noise turned \
                      its chosen C into a D against a cooperating opponent it becomes contrite, \
                      and once it has cooperated again while contrite it cooperates one more time \
                      whatever the opponent did. Without noise it plays Tit For Tat.",
        source: "Wu & Axelrod (1995), How to cope with noise in the iterated prisoner's dilemma",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(ContriteTitForTat::default()),
    };
}

impl Rule for ContriteTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let choice = match (me.last(), them.last()) {
            (Some(mine), Some(theirs)) => {
                if self.contrite && mine == C {
                    self.contrite = false;
                    C
                } else {
                    if self.intended != mine && mine == D && theirs == C {
                        self.contrite = true;
                    }
                    theirs
                }
            }
            _ => C,
        };
        self.intended = choice;
        choice
    }
}

/// Tit For Two Tats-like rule that, after a defection in the opponent's
/// last two moves, cooperates with the opponent's overall cooperation rate
/// (Grant Garrett-Grossman).
#[derive(Clone, Debug, Default)]
pub struct DynamicTwoTitsForTat;

impl DynamicTwoTitsForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "dynamic-two-tits-for-tat",
        name: "Dynamic Two Tits For Tat",
        aliases: &[],
        description: "Cooperates first; afterwards cooperates when the opponent cooperated on \
                      both of the last two turns (or the only one), and otherwise cooperates with \
                      probability equal to the opponent's share of cooperations so far.",
        source: "Grant Garrett-Grossman, the axelrod library",
        memory_depth: None,
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(DynamicTwoTitsForTat),
    };
}

impl Rule for DynamicTwoTitsForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        // Bits before the first move read as C, so one move is enough.
        if them.is_empty() || them.recent_bits() & 0b11 == 0 {
            C
        } else {
            let rate = f64::from(them.cooperations()) / f64::from(them.len());
            random_choice(rng, rate)
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Tit For Tat that, after exploiting a cooperator (its D against their C),
/// either cooperates or turns Defector for good, at even odds; D on the last
/// turn (LessWrong 2011 tournament).
///
/// The last-turn D is the axelrod library's `FinalTransformer((D,))`, which
/// also shows in the name: "Michaelos: (D,)". The rule is still consulted on
/// the last turn (its coin may be tossed), then overridden; with no known
/// length nothing changes.
#[derive(Clone, Debug, Default)]
pub struct Michaelos {
    is_defector: bool,
}

impl Michaelos {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "michaelos",
        name: "Michaelos",
        aliases: &[],
        description: "Cooperates first, then plays Tit For Tat, except that after its own D \
                      against the opponent's C it tosses a coin: heads it cooperates, tails it \
                      defects for the rest of the match. It defects on the last turn of a match of \
                      known length.",
        source: "LessWrong (2011), Prisoner's Dilemma tournament results",
        memory_depth: None,
        stochastic: true,
        uses_length: true,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| "Michaelos: (D,)".to_string()),
        build: |_| Strategy::from(Michaelos::default()),
    };
}

impl Rule for Michaelos {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        let proposed = match (me.last(), them.last()) {
            (Some(_), _) if self.is_defector => D,
            (Some(D), Some(C)) => {
                let coin = random_choice(rng, 0.5);
                self.is_defector = coin == D;
                coin
            }
            (_, theirs) => theirs.unwrap_or(C),
        };
        // FinalTransformer((D,)): D when exactly one turn is left.
        if context.length == Some(me.len() + 1) {
            D
        } else {
            proposed
        }
    }

    fn is_stochastic(&self) -> bool {
        true
    }
}

/// Answers `m` opponent defections in a row with `n` defections of its own
/// (Marc Harper). (1, 1) is Tit For Tat, (1, 2) Tit For 2 Tats, (2, 1) Two
/// Tits For Tat, n = 0 Cooperator, m = 0 Defector.
///
/// A new run of `m` defections restarts the punishment at `n` (it does not
/// add to what is left). The rule keeps the length of the opponent's current
/// run of defections, so `m` is not limited by the history window.
///
/// The catalogue's memory depth (3) is axelrod's for the default
/// parameters; axelrod gives max(n, m) for others.
#[derive(Clone, Debug)]
pub struct NTitsForMTats {
    n: u32,
    m: u32,
    /// The opponent's current run of defections.
    run: u32,
    /// Punishing defections still to play.
    retaliations_left: u32,
}

impl NTitsForMTats {
    /// `n` punishing defections after `m` opponent defections in a row.
    pub fn new(n: u32, m: u32) -> NTitsForMTats {
        NTitsForMTats {
            n,
            m,
            run: 0,
            retaliations_left: 0,
        }
    }

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "n-tits-for-m-tats",
        name: "N Tit(s) For M Tat(s)",
        aliases: &[],
        description: "Cooperates until the opponent has defected m times in a row, then defects \
                      n times (a further run of m defections restarts the count at n), then \
                      cooperates again. (1, 1) is Tit For Tat, (1, 2) Tit For 2 Tats, (2, 1) Two \
                      Tits For Tat; n = 0 always cooperates and m = 0 always defects.",
        source: "Marc Harper, the axelrod library",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "n",
                description: "number of defections that answer a run of m",
                default: 3.0,
                min: 0.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "m",
                description: "opponent defections in a row that trigger the punishment",
                default: 2.0,
                min: 0.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
        ],
        display_name: None,
        build: |v| Strategy::from(NTitsForMTats::new(v[0] as u32, v[1] as u32)),
    };
}

impl Rule for NTitsForMTats {
    /// axelrod's classifier: max(N, M).
    fn memory_depth(&self) -> Option<Option<u32>> {
        Some(Some(self.n.max(self.m)))
    }

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
            _ => self.run = 0,
        }
        if self.run >= self.m {
            self.retaliations_left = self.n;
        }
        if self.retaliations_left > 0 {
            self.retaliations_left -= 1;
            D
        } else {
            C
        }
    }
}

/// Tit For Tat that breaks C/D echo deadlocks and turns Defector against a
/// seemingly random opponent (Slany & Kienreich 2007).
///
/// After the two opening moves (C, then Tit For Tat) it counts how often the
/// opponent changes its move; once that count reaches `deadlock_threshold`
/// it cooperates twice and starts the count again. A "randomness" counter
/// goes up when the opponent changes its move or plays differently from it,
/// and down after two opponent C in a row; from `randomness_threshold` on it
/// defects. Neither counter moves on the turns that break a deadlock.
#[derive(Clone, Debug)]
pub struct OmegaTft {
    deadlock_threshold: u32,
    randomness_threshold: i64,
    deadlock: u32,
    randomness: i64,
}

impl OmegaTft {
    /// A player with the given thresholds.
    pub fn new(deadlock_threshold: u32, randomness_threshold: i64) -> OmegaTft {
        OmegaTft {
            deadlock_threshold,
            randomness_threshold,
            deadlock: 0,
            randomness: 0,
        }
    }

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "omega-tft",
        name: "Omega TFT",
        aliases: &["omega-tit-for-tat"],
        description: "Tit For Tat that breaks deadlocks and gives up on random opponents. After \
                      `deadlock_threshold` consecutive changes of the opponent's move (an echo \
                      of C and D) it cooperates twice. A randomness count rises by one when the \
                      opponent changes its move and by one when it played differently from this \
                      player, and falls by one after two opponent C in a row; from \
                      `randomness_threshold` on the player defects.",
        source: "Slany & Kienreich (2007), On some winning strategies for the iterated \
                 prisoner's dilemma",
        memory_depth: None,
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "deadlock_threshold",
                description: "changes of the opponent's move in a row that count as a deadlock",
                default: 3.0,
                min: 0.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
            ParamSpec {
                name: "randomness_threshold",
                description: "randomness count from which the player defects",
                default: 8.0,
                min: 0.0,
                max: 1_000_000.0,
                kind: ParamKind::Integer,
            },
        ],
        display_name: None,
        build: |v| Strategy::from(OmegaTft::new(v[0] as u32, v[1] as i64)),
    };
}

impl Rule for OmegaTft {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() < 2 {
            return their_last(them);
        }
        if self.deadlock >= self.deadlock_threshold {
            // Break the deadlock: two cooperations, then count afresh.
            self.deadlock = if self.deadlock == self.deadlock_threshold {
                self.deadlock_threshold + 1
            } else {
                0
            };
            return C;
        }
        let bits = them.recent_bits() & 0b11;
        let theirs = Action::from_bit(bits);
        let changed = bits == 0b01 || bits == 0b10;
        if bits == 0 {
            self.randomness -= 1;
        }
        if changed {
            self.randomness += 1;
        }
        if me.last() != Some(theirs) {
            self.randomness += 1;
        }
        if self.randomness >= self.randomness_threshold {
            return D;
        }
        self.deadlock = if changed { self.deadlock + 1 } else { 0 };
        theirs
    }
}

/// Alternates between copying the opponent and a random move (Zachary M.
/// Taylor): C first, then Tit For Tat on even turns and C with probability
/// `p` on odd ones.
#[derive(Clone, Debug)]
pub struct RandomTitForTat {
    p: f64,
    /// The next turn is a random one.
    act_random: bool,
}

impl RandomTitForTat {
    /// A player cooperating with probability `p` on its random turns.
    pub fn new(p: f64) -> RandomTitForTat {
        RandomTitForTat {
            p,
            act_random: false,
        }
    }

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "random-tit-for-tat",
        name: "Random Tit for Tat",
        aliases: &[],
        description: "Cooperates first; afterwards alternates between copying the opponent's \
                      last move (turns 2, 4, ...) and cooperating with probability p (turns 3, \
                      5, ...).",
        source: "Zachary M. Taylor, the axelrod library",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[ParamSpec {
            name: "p",
            description: "probability of cooperating on the random turns",
            default: 0.5,
            min: 0.0,
            max: 1.0,
            kind: ParamKind::Real,
        }],
        display_name: None,
        build: |v| Strategy::from(RandomTitForTat::new(v[0])),
    };
}

impl Rule for RandomTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        rng: &mut MatchRng,
    ) -> Action {
        if me.is_empty() {
            return C;
        }
        if self.act_random {
            self.act_random = false;
            random_choice(rng, self.p)
        } else {
            self.act_random = true;
            their_last(them)
        }
    }

    fn is_stochastic(&self) -> bool {
        self.p > 0.0 && self.p < 1.0
    }
}

family! {
    "Tit for tat variants";
    AdaptiveTitForTat => [AdaptiveTitForTat::INFO],
    BurnBothEnds => [BurnBothEnds::INFO],
    ContriteTitForTat => [ContriteTitForTat::INFO],
    DynamicTwoTitsForTat => [DynamicTwoTitsForTat::INFO],
    Michaelos => [Michaelos::INFO],
    NTitsForMTats => [NTitsForMTats::INFO],
    OmegaTft => [OmegaTft::INFO],
    RandomTitForTat => [RandomTitForTat::INFO],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::play::{MatchSettings, MoveList, play_match};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::PlayerSpec;

    /// Both move strings of `a` against `b` over `horizon` (seeded).
    fn play(a: &PlayerSpec, b: &str, horizon: Horizon, seed: u64) -> (String, String) {
        let a = a.build().unwrap();
        let b = PlayerSpec::new(b).build().unwrap();
        let settings = MatchSettings {
            horizon,
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
        let text = |l: &[Action]| l.iter().map(|m| m.letter()).collect::<String>();
        (text(&list.first), text(&list.second))
    }

    fn fixed(turns: u32) -> Horizon {
        Horizon::Fixed { turns }
    }

    fn actions(text: &str) -> Vec<Action> {
        text.chars()
            .map(|c| Action::from_letter(c).unwrap())
            .collect()
    }

    #[test]
    fn contrite_tit_for_tat_replays_axelrods_noisy_matches() {
        // From axelrod 4.14: Match((ContriteTitForTat(), opponent), turns=60,
        // noise=0.25, seed) for (TitForTat, 5) and (Random(0.7), 11): the
        // recorded moves (after noise) of both players and the moves the
        // rule chose (its `_recorded_history`). Both matches use the
        // contrite branch (turns where the choice is not the opponent's last
        // move).
        let cases = [
            (
                "DDDDDDDCCCCCCCCCDDCDCDDDDDCDCCCCCDDCCDCDCCDCCDDDDCDDCCCCCDCD",
                "CDDDCDCDCCCCDCDDCDDCDCDDDDCCDCCCDDDCDCDCCCCDDDDDCDCCDCCCDCDC",
                "CCDDDCDCCCCCCDCDDCDDCDCDDDDCCCCCCDDDCDCDCCCCCDDDDCDCCCCCCDCD",
            ),
            (
                "DDDDDCCCDCCDCCCCCDDCDDDCCDDCCCCCDCDDDDDDCCDDDCDCDCCDCDDCCCDC",
                "CCDCCCCDCCCCDCCCDDCCDCCDCDCCDCCCCCDDDDCCDDDCCCDCCDDCDCCDCDCC",
                "CCCDCCCCDCCCCCCCCDDCCDCCCCDCCDCCCCCDDDDCCCDDCCCDCCCDCDCCCCDC",
            ),
        ];
        for (mine, theirs, chosen) in cases {
            let (mine, theirs, chosen) = (actions(mine), actions(theirs), actions(chosen));
            let mut rule = ContriteTitForTat::default();
            let (mut me, mut them) = (History::new(), History::new());
            let context = MatchContext {
                length: Some(60),
                payoffs: Payoffs::STANDARD,
            };
            let mut rng = match_rng(0, 0, 0, 0);
            for turn in 0..60 {
                let choice = rule.choose(&me, &them, &context, &mut rng);
                assert_eq!(choice, chosen[turn], "turn {}", turn + 1);
                me.push(mine[turn]);
                them.push(theirs[turn]);
            }
        }
    }

    #[test]
    fn michaelos_defects_on_the_last_turn_only_when_told_the_length() {
        let michaelos = PlayerSpec::new("michaelos");
        assert_eq!(play(&michaelos, "cooperator", fixed(10), 1).0, "CCCCCCCCCD");
        assert_eq!(play(&michaelos, "cooperator", fixed(1), 1).0, "D");
        assert_eq!(play(&michaelos, "defector", fixed(6), 1).0, "CDDDDD");
        let random = Horizon::Random {
            continuation: 0.99,
            cap: Some(200),
        };
        let (moves, _) = play(&michaelos, "cooperator", random, 1);
        assert!(moves.chars().all(|c| c == 'C'), "{moves}");
    }

    #[test]
    fn michaelos_tosses_a_coin_after_exploiting() {
        // Against the Alternator: C, C (copying C), D (copying D), then its
        // D met the Alternator's C: heads C and Tit For Tat goes on, tails D
        // for ever. Over 400 seeds both happen about half the time.
        let michaelos = PlayerSpec::new("michaelos");
        let mut defectors = 0;
        for seed in 0..400 {
            let (moves, _) = play(&michaelos, "alternator", fixed(40), seed);
            assert!(moves.starts_with("CCD") && moves.ends_with('D'), "{moves}");
            if moves[3..].chars().all(|c| c == 'D') {
                defectors += 1;
            } else {
                assert!(moves[3..].starts_with("CD"), "{moves}");
            }
        }
        assert!((120..=280).contains(&defectors), "{defectors}");
    }

    #[test]
    fn burn_both_ends_cooperates_nine_times_in_ten() {
        let (moves, _) = play(
            &PlayerSpec::new("burn-both-ends"),
            "cooperator",
            fixed(20_000),
            2,
        );
        let rate = moves.matches('C').count() as f64 / 20_000.0;
        // Standard deviation 0.0021; 5 sigma.
        assert!((rate - 0.9).abs() < 0.011, "{rate}");
        let (moves, _) = play(&PlayerSpec::new("burn-both-ends"), "defector", fixed(5), 2);
        assert_eq!(moves, "CDDDD");
    }

    #[test]
    fn dynamic_two_tits_for_tat_forgives_at_the_opponents_rate() {
        let dttft = PlayerSpec::new("dynamic-two-tits-for-tat");
        assert_eq!(play(&dttft, "defector", fixed(5), 3).0, "CDDDD");
        assert_eq!(play(&dttft, "cooperator", fixed(5), 3).0, "CCCCC");
        // The Alternator (C, D, C, ...) has a D in every window of two from
        // turn 2 on: from turn 3 on it cooperates with p = (its share of C),
        // which tends to 1/2.
        let (moves, _) = play(&dttft, "alternator", fixed(30_000), 3);
        assert!(moves.starts_with("CC"), "{}", &moves[..10]);
        let rate = moves[2..].matches('C').count() as f64 / (moves.len() - 2) as f64;
        // Standard deviation 0.0029; 5 sigma.
        assert!((rate - 0.5).abs() < 0.015, "{rate}");
    }

    #[test]
    fn random_tit_for_tat_alternates_copying_and_random_turns() {
        let (moves, _) = play(
            &PlayerSpec::new("random-tit-for-tat"),
            "defector",
            fixed(20_001),
            4,
        );
        // Turn 1: C; even turns (index 1, 3, ...) copy the Defector.
        assert!(moves.starts_with('C'));
        assert!(moves.chars().skip(1).step_by(2).all(|c| c == 'D'));
        let random_turns: String = moves.chars().skip(2).step_by(2).collect();
        let rate = random_turns.matches('C').count() as f64 / random_turns.len() as f64;
        assert!((rate - 0.5).abs() < 0.025, "{rate}");
        let sure = PlayerSpec::new("random-tit-for-tat").with("p", 1.0);
        assert_eq!(play(&sure, "defector", fixed(6), 4).0, "CDCDCD");
    }

    #[test]
    fn n_tits_for_m_tats_special_cases() {
        let ntmt = |n: f64, m: f64| {
            PlayerSpec::new("n-tits-for-m-tats")
                .with("n", n)
                .with("m", m)
        };
        // (1, 1) is Tit For Tat; (2, 1) Two Tits For Tat; m = 0 Defector.
        assert_eq!(play(&ntmt(1.0, 1.0), "alternator", fixed(6), 0).0, "CCDCDC");
        assert_eq!(play(&ntmt(2.0, 1.0), "alternator", fixed(6), 0).0, "CCDDDD");
        assert_eq!(play(&ntmt(3.0, 0.0), "cooperator", fixed(4), 0).0, "DDDD");
        // A run of 100 defections is counted past the 64-move window.
        let long = ntmt(1.0, 100.0);
        let (moves, _) = play(&long, "defector", fixed(103), 0);
        assert_eq!(moves.find('D'), Some(100));
        assert!(
            PlayerSpec::new("n-tits-for-m-tats")
                .with("m", -1.0)
                .build()
                .is_err()
        );
    }
}
