//! Pure Nash equilibria of the guessing game.
//!
//! A profile is an equilibrium when no player can raise his prize share by
//! changing his own choice (the mean moves with it: nothing is approximated).
//!
//! * Symmetric profiles (everyone picks x). Everyone shares the prize, so a
//!   deviation to y pays only if y is strictly closer to the new target
//!   t = p((n - 1)x + y)/n than x is, i.e. (y - x)(y + x - 2t) < 0. The
//!   second factor is linear in y, so with an exact target it is enough to
//!   test the ends of [lo, x) and (x, hi]; with a rounded target every y is
//!   tried. For continuous choices, g(x) = 2x(1 - p) shows that a symmetric
//!   equilibrium is at lo, hi or 0 unless p = 1, when every common choice is
//!   one; those candidates are checked exactly.
//! * Every profile (whole numbers only): when the number of profiles times
//!   the deviations to try is within a budget, every multiset of choices is
//!   checked, which also finds asymmetric equilibria (and proves there are
//!   none otherwise).
//!
//! Invariant: every reported equilibrium has been verified against every
//! deviation with exact arithmetic; what was not searched is reported.

use crate::dilemmas::guess::game::{Choices, GuessGame, Rounding};
use crate::normal_form::rational::Rational;

/// Largest number of whole numbers in a range whose symmetric profiles are
/// all checked.
pub const MAX_SYMMETRIC_SCAN: i128 = 2_000_001;
/// Work budget (profiles x players x deviations) of the exhaustive search.
pub const DEFAULT_BUDGET: u128 = 20_000_000;

/// One equilibrium: how many players pick each value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Equilibrium {
    /// (choice, number of players), by increasing choice.
    pub profile: Vec<(Rational, usize)>,
}

impl Equilibrium {
    /// "everyone picks 1" or "2 pick 0, 1 picks 3".
    pub fn describe(&self) -> String {
        match self.profile.as_slice() {
            [(x, _)] => format!("everyone picks {x}"),
            parts => parts
                .iter()
                .map(|(x, c)| format!("{c} pick{} {x}", if *c == 1 { "s" } else { "" }))
                .collect::<Vec<_>>()
                .join(", "),
        }
    }
}

/// How far the search went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Every profile of whole numbers was checked (this many).
    Exhaustive {
        /// Profiles (multisets of choices) checked.
        profiles: u128,
    },
    /// Every symmetric profile was checked; asymmetric profiles were not.
    Symmetric,
    /// Only symmetric profiles near lo, 0 and hi were checked (huge range).
    SymmetricNearCandidates,
}

/// All equilibria found and how they were searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EquilibriumReport {
    /// Equilibria, symmetric ones by increasing choice first.
    pub equilibria: Vec<Equilibrium>,
    /// True when every common choice is an equilibrium (continuous, p = 1);
    /// `equilibria` then lists the endpoints only.
    pub every_common_choice: bool,
    /// The search performed.
    pub search: Search,
}

/// True when `y` is strictly closer than `x` to the target of n - 1 players
/// at `x` and one at `y` (whole numbers).
fn integer_deviation_wins(game: &GuessGame, x: i64, y: i64) -> bool {
    let sum = (game.players as i128 - 1) * i128::from(x) + i128::from(y);
    game.scaled_distance(y, sum) < game.scaled_distance(x, sum)
}

/// (y + x - 2t) scaled by b n > 0, for everyone else at x and one at y.
fn g_scaled(game: &GuessGame, x: Rational, y: Rational) -> Option<Rational> {
    let n = Rational::int(game.players as i128);
    let others = x.mul(Rational::int(game.players as i128 - 1)).ok()?;
    let two_t = game
        .p
        .mul(others.add(y).ok()?)
        .ok()?
        .mul(Rational::from(2))
        .ok()?
        .div(n)
        .ok()?;
    y.add(x).ok()?.sub(two_t).ok()
}

/// True when nobody gains by leaving "everyone picks x" (exact target:
/// linear test, any choices).
fn symmetric_is_equilibrium_linear(game: &GuessGame, x: Rational, step: Rational) -> bool {
    let lo = Rational::from(game.lo);
    let hi = Rational::from(game.hi);
    let g = |y: Rational| g_scaled(game, x, y);
    // Deviations upwards pay when g(y) < 0 for some y in (x, hi].
    if x < hi {
        let near = x.add(step).ok().map(|v| v.min(hi));
        let values = [near.and_then(g), g(hi)];
        if values
            .iter()
            .any(|v| v.is_none_or(|v| v < Rational::from(0)))
        {
            return false;
        }
    }
    if x > lo {
        let near = x.sub(step).ok().map(|v| v.max(lo));
        let values = [near.and_then(g), g(lo)];
        if values
            .iter()
            .any(|v| v.is_none_or(|v| v > Rational::from(0)))
        {
            return false;
        }
    }
    true
}

/// For continuous choices the "step" towards x is arbitrarily small: the
/// test uses g(x) itself (the infimum over (x, hi] is min(g(x), g(hi)), and
/// a strict inequality at x holds just beside it).
fn symmetric_is_equilibrium_continuous(game: &GuessGame, x: Rational) -> bool {
    symmetric_is_equilibrium_linear(game, x, Rational::from(0))
}

/// Finds the pure equilibria, searching every profile when the work fits in
/// `budget`.
pub fn equilibria(game: &GuessGame, budget: u128) -> EquilibriumReport {
    match game.choices {
        Choices::Continuous => continuous(game),
        Choices::Integer => {
            if let Some(profiles) = profile_count(game, budget)
                && let Some(found) = exhaustive(game)
            {
                return EquilibriumReport {
                    equilibria: found,
                    every_common_choice: false,
                    search: Search::Exhaustive { profiles },
                };
            }
            integer_symmetric(game)
        }
    }
}

fn continuous(game: &GuessGame) -> EquilibriumReport {
    let one = Rational::from(1);
    let mut candidates = vec![Rational::from(game.lo)];
    if game.lo < 0 && game.hi > 0 {
        candidates.push(Rational::from(0));
    }
    candidates.push(Rational::from(game.hi));
    let every = game.p == one;
    let equilibria = candidates
        .into_iter()
        .filter(|&x| symmetric_is_equilibrium_continuous(game, x))
        .map(|x| Equilibrium {
            profile: vec![(x, game.players)],
        })
        .collect();
    EquilibriumReport {
        equilibria,
        every_common_choice: every,
        search: Search::Symmetric,
    }
}

fn integer_symmetric(game: &GuessGame) -> EquilibriumReport {
    let width = i128::from(game.hi) - i128::from(game.lo) + 1;
    let values: Vec<i64> = if width <= MAX_SYMMETRIC_SCAN {
        (game.lo..=game.hi).collect()
    } else {
        let mut v = Vec::new();
        for centre in [game.lo, 0, game.hi] {
            for x in centre.saturating_sub(10_000)..=centre.saturating_add(10_000) {
                if (game.lo..=game.hi).contains(&x) {
                    v.push(x);
                }
            }
        }
        v.sort_unstable();
        v.dedup();
        v
    };
    let full = width <= MAX_SYMMETRIC_SCAN;
    let equilibria = values
        .into_iter()
        .filter(|&x| match game.rounding {
            Rounding::Exact => {
                symmetric_is_equilibrium_linear(game, Rational::from(x), Rational::from(1))
            }
            Rounding::Nearest => {
                // Neighbours first: most values fail there at once.
                let near = [x - 1, x + 1]
                    .into_iter()
                    .filter(|y| (game.lo..=game.hi).contains(y));
                !near.clone().any(|y| integer_deviation_wins(game, x, y))
                    && !(game.lo..=game.hi).any(|y| y != x && integer_deviation_wins(game, x, y))
            }
        })
        .map(|x| Equilibrium {
            profile: vec![(Rational::from(x), game.players)],
        })
        .collect();
    EquilibriumReport {
        equilibria,
        every_common_choice: false,
        search: if full {
            Search::Symmetric
        } else {
            Search::SymmetricNearCandidates
        },
    }
}

/// Number of profiles (multisets) when the exhaustive work fits in `budget`.
fn profile_count(game: &GuessGame, budget: u128) -> Option<u128> {
    let values = (i128::from(game.hi) - i128::from(game.lo) + 1) as u128;
    let n = game.players as u128;
    if n > 64 || values > 1_000_000 {
        return None;
    }
    // C(values + n - 1, n), stopping as soon as the budget is exceeded.
    let mut count: u128 = 1;
    for i in 0..n {
        count = count.checked_mul(values + i)? / (i + 1);
        if count.checked_mul(n * n * values)? > budget {
            return None;
        }
    }
    Some(count)
}

/// Checks every profile; `None` if the game is too large to hold.
fn exhaustive(game: &GuessGame) -> Option<Vec<Equilibrium>> {
    let n = game.players;
    let mut profile = vec![game.lo; n];
    let mut found = Vec::new();
    fn visit(
        game: &GuessGame,
        profile: &mut Vec<i64>,
        at: usize,
        from: i64,
        found: &mut Vec<Vec<i64>>,
    ) {
        if at == profile.len() {
            if is_equilibrium(game, profile) {
                found.push(profile.clone());
            }
            return;
        }
        for x in from..=game.hi {
            profile[at] = x;
            visit(game, profile, at + 1, x, found);
        }
    }
    visit(game, &mut profile, 0, game.lo, &mut found);
    let mut out: Vec<Equilibrium> = found
        .into_iter()
        .map(|p| {
            let mut parts: Vec<(Rational, usize)> = Vec::new();
            for x in p {
                match parts.last_mut() {
                    Some((v, c)) if *v == Rational::from(x) => *c += 1,
                    _ => parts.push((Rational::from(x), 1)),
                }
            }
            Equilibrium { profile: parts }
        })
        .collect();
    // Symmetric first, then the rest, each in enumeration order.
    out.sort_by_key(|e| e.profile.len() > 1);
    Some(out)
}

/// True when no player of `profile` gains by a unilateral change.
pub fn is_equilibrium(game: &GuessGame, profile: &[i64]) -> bool {
    let mut others = Vec::with_capacity(profile.len());
    for i in 0..profile.len() {
        if i > 0 && profile[i] == profile[i - 1] {
            continue; // same value, same incentives
        }
        others.clear();
        others.extend_from_slice(&profile[..i]);
        others.extend_from_slice(&profile[i + 1..]);
        let now = game.payoff(profile[i], &others);
        for y in game.lo..=game.hi {
            if y != profile[i] && game.payoff(y, &others) > now {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dilemmas::guess::game::GuessGame;

    fn r(a: i128, b: i128) -> Rational {
        Rational::new(a, b).unwrap()
    }

    fn symmetric_values(report: &EquilibriumReport) -> Vec<Rational> {
        report
            .equilibria
            .iter()
            .filter(|e| e.profile.len() == 1)
            .map(|e| e.profile[0].0)
            .collect()
    }

    #[test]
    fn everyone_picks_one_from_four_players_exact_target() {
        // Exact target: all-1 has target 2/3; a deviation to 0 gives target
        // 2(n - 1)/(3n), which is below 1/2 (0 wins alone) only for n < 4.
        for n in 2..=12 {
            let game = GuessGame::standard(n);
            let report = integer_symmetric(&game);
            let want = if n >= 4 {
                vec![Rational::from(0), Rational::from(1)]
            } else {
                vec![Rational::from(0)]
            };
            assert_eq!(symmetric_values(&report), want, "n = {n}");
        }
    }

    #[test]
    fn everyone_picks_one_with_rounded_target() {
        // Rounded target: all-1 rounds 2/3 to 1 (everyone exact). 0 wins
        // alone when 2(n - 1)/(3n) rounds to 0, i.e. below 1/2: n < 4 again.
        for n in 2..=12 {
            let game = GuessGame {
                rounding: Rounding::Nearest,
                ..GuessGame::standard(n)
            };
            let values = symmetric_values(&integer_symmetric(&game));
            assert_eq!(values.contains(&Rational::from(1)), n >= 4, "n = {n}");
            assert!(values.contains(&Rational::from(0)));
            assert!(values.iter().all(|v| *v <= Rational::from(1)), "n = {n}");
        }
    }

    #[test]
    fn symmetric_search_agrees_with_brute_force() {
        // Small games: every profile checked by brute force; the symmetric
        // scan must find exactly the symmetric ones.
        for (p, hi, n) in [
            (r(2, 3), 10, 2),
            (r(2, 3), 10, 3),
            (r(2, 3), 8, 4),
            (r(2, 3), 6, 5),
            (r(1, 2), 10, 3),
            (r(4, 3), 10, 3),
            (r(4, 3), 8, 4),
            (Rational::from(1), 6, 3),
        ] {
            for rounding in [Rounding::Exact, Rounding::Nearest] {
                let game = GuessGame {
                    p,
                    hi,
                    rounding,
                    ..GuessGame::standard(n)
                };
                let all = exhaustive(&game).unwrap();
                let sym_brute: Vec<&Equilibrium> =
                    all.iter().filter(|e| e.profile.len() == 1).collect();
                let sym = integer_symmetric(&game).equilibria;
                assert_eq!(
                    sym.iter().collect::<Vec<_>>(),
                    sym_brute,
                    "p={p} hi={hi} n={n} {rounding:?}"
                );
            }
        }
    }

    #[test]
    fn exhaustive_standard_small() {
        let game = GuessGame {
            hi: 10,
            ..GuessGame::standard(4)
        };
        let report = equilibria(&game, DEFAULT_BUDGET);
        assert!(matches!(report.search, Search::Exhaustive { .. }));
        let names: Vec<String> = report.equilibria.iter().map(|e| e.describe()).collect();
        assert!(names.contains(&"everyone picks 0".to_string()));
        assert!(names.contains(&"everyone picks 1".to_string()));
        for e in &report.equilibria {
            let profile: Vec<i64> = e
                .profile
                .iter()
                .flat_map(|(v, c)| std::iter::repeat_n(v.floor() as i64, *c))
                .collect();
            assert!(is_equilibrium(&game, &profile));
        }
    }

    #[test]
    fn four_thirds_has_the_top_of_the_range() {
        for n in [2, 3, 10, 100] {
            let game = GuessGame {
                p: r(4, 3),
                ..GuessGame::standard(n)
            };
            let values = symmetric_values(&equilibria(&game, DEFAULT_BUDGET));
            assert!(values.contains(&Rational::from(100)), "n = {n}: {values:?}");
            let continuous = GuessGame {
                choices: Choices::Continuous,
                ..game
            };
            let values = symmetric_values(&equilibria(&continuous, DEFAULT_BUDGET));
            assert!(values.contains(&Rational::from(100)), "n = {n}");
        }
    }

    #[test]
    fn continuous_standard_is_all_zero() {
        for n in [2, 3, 10, 1000] {
            let game = GuessGame {
                choices: Choices::Continuous,
                ..GuessGame::standard(n)
            };
            let report = equilibria(&game, DEFAULT_BUDGET);
            assert_eq!(symmetric_values(&report), [Rational::from(0)], "n = {n}");
        }
    }

    #[test]
    fn huge_player_counts_use_the_symmetric_scan() {
        let report = equilibria(&GuessGame::standard(1000), DEFAULT_BUDGET);
        assert_eq!(report.search, Search::Symmetric);
        assert_eq!(
            symmetric_values(&report),
            [Rational::from(0), Rational::from(1)]
        );
    }
}
