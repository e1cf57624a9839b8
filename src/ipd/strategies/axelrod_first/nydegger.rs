//! Rudy Nydegger's first-tournament entry.

use crate::ipd::action::Action::{self, C, D};
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::catalogue::StrategyInfo;
use crate::ipd::strategies::{MatchContext, Rule, Strategy};

/// Rudy Nydegger's entry: from the fourth turn on, scores the last three
/// turns as A = 16 a1 + 4 a2 + a3 (a = 0 for CC, 2 for CD, 1 for DC, 3 for
/// DD, own move first; a1 the latest) and defects exactly when A is one of
/// 19 listed values.
#[derive(Clone, Debug, Default)]
pub struct FirstByNydegger;

impl FirstByNydegger {
    /// The values of A after which it defects.
    const DEFECT_AFTER: [u32; 19] = [
        1, 6, 7, 17, 22, 23, 26, 29, 30, 31, 33, 38, 39, 45, 49, 54, 55, 58, 61,
    ];

    /// Catalogue entry.
    pub const INFO: StrategyInfo = StrategyInfo {
        id: "first-by-nydegger",
        name: "First by Nydegger",
        aliases: &["nydegger"],
        description: "Tit For Tat on the first three turns, except that it defects on the \
                      third turn when the opponent opened with D, C. Afterwards it scores the \
                      last three turns as A = 16 a1 + 4 a2 + a3 (a = 0 for CC, 2 for CD, 1 for \
                      DC, 3 for DD, own move first, a1 the latest turn) and defects exactly \
                      when A is one of 1, 6, 7, 17, 22, 23, 26, 29, 30, 31, 33, 38, 39, 45, \
                      49, 54, 55, 58, 61.",
        source: "Axelrod (1980), first tournament entry by Rudy Nydegger",
        memory_depth: Some(3),
        stochastic: false,
        uses_length: false,
        uses_payoffs: false,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: None,
        build: |_| Strategy::from(FirstByNydegger),
    };
}

impl Rule for FirstByNydegger {
    #[inline(always)]
    fn choose(
        &mut self,
        me: &History,
        them: &History,
        _: &MatchContext,
        _: &mut MatchRng,
    ) -> Action {
        let tit_for_tat = if them.last() == Some(D) { D } else { C };
        match me.len() {
            0 => C,
            1 => tit_for_tat,
            // Opponent's first two moves D, C: bit 1 (turn 0) set, bit 0 clear.
            2 if them.recent_bits() & 0b11 == 0b10 => D,
            2 => tit_for_tat,
            _ => {
                let a = |back: u32| -> u32 {
                    let mine = me.ago(back).map_or(0, |m| m.bit() as u32);
                    let theirs = them.ago(back).map_or(0, |m| m.bit() as u32);
                    // CC 0, CD 2, DC 1, DD 3.
                    (theirs << 1) | mine
                };
                let score = 16 * a(0) + 4 * a(1) + a(2);
                if Self::DEFECT_AFTER.contains(&score) {
                    D
                } else {
                    C
                }
            }
        }
    }
}
