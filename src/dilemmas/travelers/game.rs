//! The traveler's dilemma (Basu 1994; GAMES.md section 4): two travellers
//! claim an integer in `[low, high]`; equal claims are paid in full,
//! otherwise both get the lower claim, the lower claimant `+R` and the
//! higher `-R`.
//!
//! Invariants: `low < high`, at most [`MAX_CLAIMS`] claims, `R > 0`.
//! [`TravelersGame::check_analysable`] bounds the exact equilibrium analysis:
//! with `R <= 1` every equal claim is an equilibrium and the number of mixed
//! equilibria grows exponentially, so at most [`MAX_CLAIMS_SMALL_BONUS`] claims.

use crate::normal_form::game::Bimatrix;
use crate::normal_form::rational::{Checked, Rational};

/// Most claims allowed (keeps the exact analysis within seconds: 150 claims
/// take about 2 s in a release build, 200 claims several minutes).
pub const MAX_CLAIMS: i64 = 150;

/// Most claims for an exact analysis when `R <= 1` (13 claims: under a second).
pub const MAX_CLAIMS_SMALL_BONUS: i64 = 13;

/// Parameters that do not make a traveler's dilemma.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TravelersError {
    /// The claim range is empty or too large.
    #[error(
        "claims must satisfy low < high with at most {MAX_CLAIMS} claims and |values| <= 10^9; got low = {low}, high = {high}"
    )]
    Range {
        /// Lowest claim.
        low: i64,
        /// Highest claim.
        high: i64,
    },
    /// `R <= 1` with too many claims for the exact enumeration.
    #[error(
        "with a bonus R <= 1 every equal claim is an equilibrium and the exact enumeration of all \
         equilibria grows exponentially; it is limited to {MAX_CLAIMS_SMALL_BONUS} claims (got {claims} \
         claims, R = {bonus}); use R > 1 or fewer claims"
    )]
    SmallBonus {
        /// Number of claims.
        claims: i64,
        /// The bonus given.
        bonus: Rational,
    },
    /// The bonus is not positive.
    #[error("the bonus R must be positive, got {bonus}")]
    Bonus {
        /// The bonus given.
        bonus: Rational,
    },
}

/// A traveler's dilemma.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TravelersGame {
    /// Lowest claim.
    pub low: i64,
    /// Highest claim.
    pub high: i64,
    /// Reward for the lower claim (and penalty for the higher).
    pub bonus: Rational,
}

impl Default for TravelersGame {
    /// The seed's game: claims 2..100, R = 2.
    fn default() -> Self {
        TravelersGame {
            low: 2,
            high: 100,
            bonus: Rational::int(2),
        }
    }
}

impl TravelersGame {
    /// A validated game.
    pub fn new(low: i64, high: i64, bonus: Rational) -> Result<TravelersGame, TravelersError> {
        if low >= high
            || high - low + 1 > MAX_CLAIMS
            || low.abs() > 1_000_000_000
            || high.abs() > 1_000_000_000
        {
            return Err(TravelersError::Range { low, high });
        }
        if !bonus.is_positive() {
            return Err(TravelersError::Bonus { bonus });
        }
        Ok(TravelersGame { low, high, bonus })
    }

    /// Whether the exact equilibrium analysis of this game is within the
    /// limits (see the module doc); the logit QRE has its own bound.
    pub fn check_analysable(&self) -> Result<(), TravelersError> {
        let claims = self.high - self.low + 1;
        if self.bonus <= Rational::int(1) && claims > MAX_CLAIMS_SMALL_BONUS {
            return Err(TravelersError::SmallBonus {
                claims,
                bonus: self.bonus,
            });
        }
        Ok(())
    }

    /// The claims, lowest first.
    pub fn claims(&self) -> Vec<i64> {
        (self.low..=self.high).collect()
    }

    /// Payoff of claiming `x` against `y`.
    pub fn payoff(&self, x: i64, y: i64) -> Checked<Rational> {
        let (x, y) = (Rational::from(x), Rational::from(y));
        match x.cmp(&y) {
            std::cmp::Ordering::Equal => Ok(x),
            std::cmp::Ordering::Less => x.add(self.bonus),
            std::cmp::Ordering::Greater => y.sub(self.bonus),
        }
    }

    /// The game as a symmetric bimatrix (strategies named by the claim).
    pub fn bimatrix(&self) -> Checked<Bimatrix> {
        let claims = self.claims();
        let a = claims
            .iter()
            .map(|&x| claims.iter().map(|&y| self.payoff(x, y)).collect())
            .collect::<Checked<Vec<Vec<_>>>>()?;
        let mut g = Bimatrix::symmetric(
            format!(
                "Traveler's dilemma {}..{}, R = {}",
                self.low, self.high, self.bonus
            ),
            claims.iter().map(|c| c.to_string()).collect(),
            a,
        )
        .expect("claims are distinct and the matrix is square");
        g.players = ["Traveller 1".into(), "Traveller 2".into()];
        Ok(g)
    }
}
