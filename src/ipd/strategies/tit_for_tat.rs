//! The tit-for-tat family: Tit For Tat and the rules that answer the
//! opponent's recent moves (Tit For 2 Tats, Two Tits For Tat, Hard Tit For
//! Tat, Suspicious and Anti Tit For Tat, Bully, ...).
//!
//! Each rule follows the axelrod library's implementation (4.14,
//! `strategies/titfortat.py`), including first moves; sources are cited per
//! rule. Rules look only at the last few moves, so the 64-move window of
//! [`History`] suffices.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Mask of the opponent's last `n` moves in [`History::recent_bits`], limited
/// to the moves actually played (bits before the first move read as C).
#[inline(always)]
fn last_n(them: &History, n: u32) -> u64 {
    them.recent_bits() & ((1u64 << n) - 1)
}

/// Cooperates first, then copies the opponent's last move (Rapoport;
/// Axelrod 1980).
#[derive(Clone, Debug, Default)]
pub struct TitForTat;

impl TitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "tit-for-tat",
        name: "Tit For Tat",
        aliases: &["tft"],
        description: "Cooperates on the first move, then copies the opponent's previous move. \
                      Winner of Axelrod's first and second tournaments.",
        source: "Axelrod (1980), Effective Choice in the Prisoner's Dilemma (entry by Anatol Rapoport)",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(TitForTat),
    };
}

impl Rule for TitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        // Before the first move the bits are 0, i.e. C.
        Action::from_bit(them.recent_bits())
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([1.0, 0.0, 1.0, 0.0])
    }
}

/// Defects only when the opponent defected on both of the last two turns
/// (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct TitForTwoTats;

impl TitForTwoTats {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "tit-for-2-tats",
        name: "Tit For 2 Tats",
        aliases: &["tf2t", "tit-for-two-tats"],
        description: "Cooperates unless the opponent defected on both of the last two turns, \
                      then defects.",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(2),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(TitForTwoTats),
    };
}

impl Rule for TitForTwoTats {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        // Bits before the first move are 0 (C), so no length check is needed.
        if last_n(them, 2) == 0b11 { D } else { C }
    }
}

/// Defects first, then copies the opponent's last move (Beaufils et al. 1997).
#[derive(Clone, Debug, Default)]
pub struct SuspiciousTitForTat;

impl SuspiciousTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "suspicious-tit-for-tat",
        name: "Suspicious Tit For Tat",
        aliases: &["stft"],
        description: "Defects on the first move, then copies the opponent's previous move.",
        source: "Beaufils, Delahaye & Mathieu (1997), Our Meeting With Gradual",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(SuspiciousTitForTat),
    };
}

impl Rule for SuspiciousTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            D
        } else {
            Action::from_bit(them.recent_bits())
        }
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([1.0, 0.0, 1.0, 0.0])
    }
}

/// Cooperates first, then plays the opposite of the opponent's last move
/// (Hilbe, Nowak & Traulsen 2013, "Psycho").
#[derive(Clone, Debug, Default)]
pub struct AntiTitForTat;

impl AntiTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "anti-tit-for-tat",
        name: "Anti Tit For Tat",
        aliases: &["psycho"],
        description: "Cooperates on the first move, then plays the opposite of the opponent's \
                      previous move.",
        source: "Hilbe, Nowak & Traulsen (2013), Adaptive dynamics of extortion and compliance",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(AntiTitForTat),
    };
}

impl Rule for AntiTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.is_empty() {
            C
        } else {
            Action::from_bit(them.recent_bits() ^ 1)
        }
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([0.0, 1.0, 0.0, 1.0])
    }
}

/// Defects first, then plays the opposite of the opponent's last move: the
/// reverse of Tit For Tat (Nachbar 1992).
#[derive(Clone, Debug, Default)]
pub struct Bully;

impl Bully {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "bully",
        name: "Bully",
        aliases: &["reverse-tit-for-tat"],
        description: "Defects on the first move, then cooperates only after the opponent \
                      defected: the reverse of Tit For Tat.",
        source: "Nachbar (1992), Evolution in the finitely repeated prisoner's dilemma",
        memory_depth: Some(1),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(Bully),
    };
}

impl Rule for Bully {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.last() == Some(D) { C } else { D }
    }

    fn memory_one_vector(&self, _: &Payoffs) -> Option<[f64; 4]> {
        Some([0.0, 1.0, 0.0, 1.0])
    }
}

/// Defects when the opponent defected on either of the last two turns
/// (Axelrod 1984).
#[derive(Clone, Debug, Default)]
pub struct TwoTitsForTat;

impl TwoTitsForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "two-tits-for-tat",
        name: "Two Tits For Tat",
        aliases: &["2tft"],
        description: "Cooperates first; defects whenever the opponent defected on either of \
                      the last two turns, so every defection is answered twice.",
        source: "Axelrod (1984), The Evolution of Cooperation",
        memory_depth: Some(2),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(TwoTitsForTat),
    };
}

impl Rule for TwoTitsForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if last_n(them, 2) != 0 { D } else { C }
    }
}

/// Defects when the opponent defected on any of the last three turns
/// (PRISON project, 1998).
#[derive(Clone, Debug, Default)]
pub struct HardTitForTat;

impl HardTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "hard-tit-for-tat",
        name: "Hard Tit For Tat",
        aliases: &["htft"],
        description: "Cooperates first; defects whenever the opponent defected on any of the \
                      last three turns.",
        source: "The PRISON project (1998), Hard TFT",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(HardTitForTat),
    };
}

impl Rule for HardTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if last_n(them, 3) != 0 { D } else { C }
    }
}

/// Defects when the opponent defected twice in a row within the last three
/// turns (Stewart & Plotkin 2012).
#[derive(Clone, Debug, Default)]
pub struct HardTitForTwoTats;

impl HardTitForTwoTats {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "hard-tit-for-2-tats",
        name: "Hard Tit For 2 Tats",
        aliases: &["htf2t", "hard-tit-for-two-tats"],
        description: "Cooperates first; defects whenever the opponent's last three moves contain \
                      two consecutive defections.",
        source: "Stewart & Plotkin (2012), Extortion and cooperation in the Prisoner's Dilemma",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(HardTitForTwoTats),
    };
}

impl Rule for HardTitForTwoTats {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let last3 = last_n(them, 3);
        // "DD" within the last three moves: bits 0-1 or bits 1-2 both set.
        if last3 & 0b011 == 0b011 || last3 & 0b110 == 0b110 {
            D
        } else {
            C
        }
    }
}

/// A catalogue entry with the fields most of this family share.
#[allow(clippy::too_many_arguments)]
const fn entry(
    id: &'static str,
    name: &'static str,
    description: &'static str,
    source: &'static str,
    memory_depth: Option<u32>,
    uses_length: bool,
    build: fn(&[f64]) -> Strategy,
) -> StrategyInfo {
    StrategyInfo {
        id,
        name,
        aliases: &[],
        description,
        source,
        memory_depth,
        stochastic: false,
        uses_length,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build,
    }
}

/// True on the last turn of a match whose length the players are told (the
/// axelrod library's `FinalTransformer((D,))`).
#[inline(always)]
fn last_turn(me: &History, context: &MatchContext) -> bool {
    context.length.is_some_and(|n| me.len() + 1 == n)
}

/// Gradual as in the CRISTAL-SMAC implementation (2018): after each
/// opponent defection that it is not already punishing, defects as many
/// times as the opponent has defected in total, then cooperates twice.
#[derive(Clone, Debug, Default)]
pub struct Gradual {
    calm_count: u32,
    punish_count: u32,
}

impl Gradual {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = entry(
        "gradual",
        "Gradual",
        "Cooperates first. When the opponent defects (outside a punishment), answers with as \
         many defections as the opponent has made in total so far, then two cooperations, \
         ignoring the opponent meanwhile; otherwise cooperates.",
        "Beaufils, Delahaye & Mathieu (1997), Our Meeting With Gradual; the CRISTAL-SMAC \
         version (2018) as in the axelrod library",
        None,
        false,
        |_| Strategy::from(Gradual::default()),
    );
}

impl Rule for Gradual {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.is_empty() {
            C
        } else if self.punish_count > 0 {
            self.punish_count -= 1;
            D
        } else if self.calm_count > 0 {
            self.calm_count -= 1;
            C
        } else if them.last() == Some(D) {
            self.punish_count = them.defections() - 1;
            self.calm_count = 2;
            D
        } else {
            C
        }
    }
}

/// Gradual as first described (Beaufils et al. 1997, as implemented in the
/// axelrod library's Original Gradual): the n-th punishment is n defections,
/// followed by two cooperations.
#[derive(Clone, Debug, Default)]
pub struct OriginalGradual {
    calming: bool,
    punishing: bool,
    punishment_count: u32,
    punishment_limit: u32,
}

impl OriginalGradual {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = entry(
        "original-gradual",
        "Original Gradual",
        "Cooperates first. The n-th time it starts punishing a defection it defects n times \
         in a row, then cooperates twice, ignoring the opponent meanwhile.",
        "Beaufils, Delahaye & Mathieu (1997), Our Meeting With Gradual",
        None,
        false,
        |_| Strategy::from(OriginalGradual::default()),
    );
}

impl Rule for OriginalGradual {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if self.calming {
            self.calming = false;
            return C;
        }
        if self.punishing {
            if self.punishment_count < self.punishment_limit {
                self.punishment_count += 1;
                return D;
            }
            self.calming = true;
            self.punishing = false;
            self.punishment_count = 0;
            return C;
        }
        if them.last() == Some(D) {
            self.punishing = true;
            self.punishment_count += 1;
            self.punishment_limit += 1;
            return D;
        }
        C
    }
}

/// Tit For Tat that defects on the last turn when the length is known
/// (LessWrong tournament 2011).
#[derive(Clone, Debug, Default)]
pub struct Alexei;

impl Alexei {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        // The library's FinalTransformer((D,)) adds its argument to the name.
        display_name: Some(|_| format!("{}: (D,)", "Alexei")),
        ..entry(
            "alexei",
            "Alexei",
            "Tit For Tat, except that it defects on the last turn when the match length is known.",
            "LessWrong (2011), Prisoner's Dilemma tournament results",
            None,
            true,
            |_| Strategy::from(Alexei),
        )
    };
}

impl Rule for Alexei {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if last_turn(me, context) {
            D
        } else {
            tit_for_tat_answer(them)
        }
    }
}

/// Tit For Tat's answer (C before the first move).
#[inline(always)]
fn tit_for_tat_answer(them: &History) -> Action {
    Action::from_bit(them.recent_bits())
}

/// Tit For Tat that turns defector after the opponent's fifth defection and
/// defects on the last turn when the length is known (LessWrong 2011).
#[derive(Clone, Debug, Default)]
pub struct EugineNier {
    is_defector: bool,
}

impl EugineNier {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        // The library's FinalTransformer((D,)) adds its argument to the name.
        display_name: Some(|_| format!("{}: (D,)", "EugineNier")),
        ..entry(
            "eugine-nier",
            "EugineNier",
            "Tit For Tat until the opponent has defected five times, then defects for ever; \
         defects on the last turn when the match length is known.",
            "LessWrong (2011), Prisoner's Dilemma tournament results",
            None,
            true,
            |_| Strategy::from(EugineNier::default()),
        )
    };
}

impl Rule for EugineNier {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        context: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let action = if me.is_empty() {
            C
        } else {
            if them.defections() >= 5 {
                self.is_defector = true;
            }
            if self.is_defector {
                D
            } else {
                tit_for_tat_answer(them)
            }
        };
        if last_turn(me, context) { D } else { action }
    }
}

/// Tries to exploit: defects while the opponent has never defected, and
/// apologises after being punished (the axelrod library's Sneaky Tit For
/// Tat).
#[derive(Clone, Debug, Default)]
pub struct SneakyTitForTat;

impl SneakyTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = entry(
        "sneaky-tit-for-tat",
        "Sneaky Tit For Tat",
        "Cooperates on the first two turns. Then defects while the opponent has never \
         defected; once it has, plays Tit For Tat, except that it cooperates when the \
         opponent's defection answered its own defection two turns ago.",
        "Karol Langner, the axelrod library",
        None,
        false,
        |_| Strategy::from(SneakyTitForTat),
    );
}

impl Rule for SneakyTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() < 2 {
            C
        } else if them.defections() == 0 {
            D
        } else if them.last() == Some(D) && me.ago(1) == Some(D) {
            C
        } else {
            tit_for_tat_answer(them)
        }
    }
}

/// Tit For Tat that defects for ever once the opponent defects twice in a
/// row (Mathieu & Delahaye 2015).
#[derive(Clone, Debug, Default)]
pub struct SpitefulTitForTat {
    retaliating: bool,
}

impl SpitefulTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = entry(
        "spiteful-tit-for-tat",
        "Spiteful Tit For Tat",
        "Tit For Tat until the opponent defects twice in a row, then defects for the rest of \
         the match.",
        "Mathieu & Delahaye (2015), New Winning Strategies for the Iterated Prisoner's Dilemma",
        None,
        false,
        |_| Strategy::from(SpitefulTitForTat::default()),
    );
}

impl Rule for SpitefulTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.is_empty() {
            return C;
        }
        if them.len() >= 2 && last_n(them, 2) == 0b11 {
            self.retaliating = true;
        }
        if self.retaliating {
            D
        } else {
            tit_for_tat_answer(them)
        }
    }
}

/// Cooperates twice, then copies the opponent when its last two moves
/// agree and repeats its own last move otherwise (Mathieu & Delahaye 2015).
#[derive(Clone, Debug, Default)]
pub struct SlowTitForTwoTats2;

impl SlowTitForTwoTats2 {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = entry(
        "slow-tit-for-two-tats-2",
        "Slow Tit For Two Tats 2",
        "Cooperates on the first two turns; then plays the opponent's move when its last two \
         moves were the same, and repeats its own last move otherwise.",
        "Mathieu & Delahaye (2015), New Winning Strategies for the Iterated Prisoner's Dilemma",
        Some(2),
        false,
        |_| Strategy::from(SlowTitForTwoTats2),
    );
}

impl Rule for SlowTitForTwoTats2 {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if me.len() < 2 {
            C
        } else if them.ago(0) == them.ago(1) {
            tit_for_tat_answer(them)
        } else {
            Action::from_bit(me.recent_bits())
        }
    }
}

/// Cooperates while the opponent's defections are at most a tenth of its
/// moves; above that, copies the opponent's last move (Forgiving Tit For
/// Tat of the axelrod library).
#[derive(Clone, Debug, Default)]
pub struct ForgivingTitForTat;

impl ForgivingTitForTat {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = entry(
        "forgiving-tit-for-tat",
        "Forgiving Tit For Tat",
        "Cooperates while the opponent has defected on at most a tenth of its moves; when it \
         has defected more often, copies the opponent's last move.",
        "Thomas Campbell, the axelrod library",
        None,
        false,
        |_| Strategy::from(ForgivingTitForTat),
    );
}

impl Rule for ForgivingTitForTat {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        // Python: opponent.defections > len(opponent.history) / 10.
        if them.defections() as f64 > them.len() as f64 / 10.0 {
            tit_for_tat_answer(them)
        } else {
            C
        }
    }
}

/// Cooperates while the opponent's defections are at most a tenth of its
/// moves, and defects otherwise (Forgiver of the axelrod library).
#[derive(Clone, Debug, Default)]
pub struct Forgiver;

impl Forgiver {
    /// Catalogue entry.
    pub const INFO: StrategyInfo = entry(
        "forgiver",
        "Forgiver",
        "Cooperates while the opponent has defected on at most a tenth of its moves, and \
         defects otherwise.",
        "Thomas Campbell, the axelrod library",
        None,
        false,
        |_| Strategy::from(Forgiver),
    );
}

impl Rule for Forgiver {
    #[inline(always)]
    fn choose(
        &mut self,
        _: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        if them.defections() as f64 > them.len() as f64 / 10.0 {
            D
        } else {
            C
        }
    }
}

family! {
    "Tit for tat";
    TitForTat => [TitForTat::INFO],
    TitForTwoTats => [TitForTwoTats::INFO],
    SuspiciousTitForTat => [SuspiciousTitForTat::INFO],
    AntiTitForTat => [AntiTitForTat::INFO],
    Bully => [Bully::INFO],
    TwoTitsForTat => [TwoTitsForTat::INFO],
    HardTitForTat => [HardTitForTat::INFO],
    HardTitForTwoTats => [HardTitForTwoTats::INFO],
    Gradual => [Gradual::INFO],
    OriginalGradual => [OriginalGradual::INFO],
    Alexei => [Alexei::INFO],
    EugineNier => [EugineNier::INFO],
    SneakyTitForTat => [SneakyTitForTat::INFO],
    SpitefulTitForTat => [SpitefulTitForTat::INFO],
    SlowTitForTwoTats2 => [SlowTitForTwoTats2::INFO],
    ForgivingTitForTat => [ForgivingTitForTat::INFO],
    Forgiver => [Forgiver::INFO],
}
