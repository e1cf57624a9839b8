//! Boxed pigs: the game with its parameters and presets, the analysis in
//! words, its equilibrium set in words (`outcome`), a grid sweep over one
//! parameter (`sweep`) and the exact equilibrium regions over one or two
//! parameters (`regions`).

pub mod game;
pub mod outcome;
pub mod regions;
pub mod sweep;
pub mod words;

pub use game::{PigsError, PigsGame};
