//! Boxed pigs: the game with its parameters and presets, the analysis in
//! words, and a sweep over one parameter showing which equilibrium holds
//! where.

pub mod game;
pub mod sweep;
pub mod words;

pub use game::{PigsError, PigsGame};
