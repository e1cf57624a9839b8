//! Impartial combinatorial games (GAMES.md section 6): a general
//! Sprague-Grundy engine and exact solvers for the classic families.
//!
//! Normal play: a player who cannot move loses. The Sprague-Grundy value of a
//! position is `g(x) = mex { g(y) : y an option of x }`; `x` is a P-position
//! (the previous player wins) iff `g(x) = 0`, and the value of a sum is the XOR
//! of the values of its parts (Sprague 1935, Grundy 1939).
//!
//! Invariants: everything here is pure (no IO); every closed form is checked
//! against the general [`engine`] by brute force in its tests; arithmetic is
//! exact integers (no floating point anywhere in this module); every
//! "eventually periodic" claim comes with a certificate from a theorem
//! ([`period`]), never a guess.

pub mod all_or_even;
pub mod bash;
pub mod catalogue;
pub mod coin_turning;
pub mod coloring;
pub mod end_nim;
pub mod engine;
pub mod error;
pub mod fibonacci_nim;
pub mod graph;
pub mod lasker;
pub mod mex;
pub mod nim;
pub mod octal;
pub mod period;
pub mod play;
pub mod position;
pub mod subtraction;
pub mod sum;
pub mod table;
pub mod take_half;
pub mod wythoff;

pub use error::ImpartialError;
pub use position::{Move, Outcome, Position, Solution, solve};
