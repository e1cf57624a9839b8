//! The pirate split (海盗分金, GAMES.md section 3): N ranked pirates share G
//! coins; the most senior living pirate proposes, everyone alive votes, and
//! a rejected proposer is thrown overboard.
//!
//! * [`rules`]: the game and its rule variants (tie passes or strict
//!   majority; bloodthirsty or benevolent voters; the tie-break among
//!   equally good proposals), validated.
//! * [`induction`]: exact backward induction for any N (tens of thousands)
//!   and G, round by round, in O(N^2) time and O(N) memory.
//! * [`brute_force`]: the same game solved by trying every allocation, for
//!   small N and G; the tests check the induction against it.
//!
//! Pirates are numbered by seniority: 0 is the most senior (A), N - 1 the
//! most junior.

pub mod alternatives;
pub mod brute_force;
pub mod induction;
pub mod rules;

pub use induction::{Fate, Round, Solution, solve};
pub use rules::{Majority, PirateError, PirateGame, Rules, Temperament, TieBreak};
