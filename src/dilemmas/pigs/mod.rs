//! Boxed pigs: the game with its parameters and presets, the analysis in
//! words, its equilibrium set in words (`outcome`), a grid sweep over one
//! parameter (`sweep`), the exact equilibrium regions over one or two
//! parameters (`regions`) and a map's areas as polygons (`region_areas`).

pub mod game;
pub mod outcome;
pub mod region_areas;
pub mod regions;
pub mod sweep;
pub mod words;

pub use game::{PigsError, PigsGame};
