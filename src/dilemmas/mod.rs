//! The classic dilemmas as pure analyses (no IO): the pirate split and the
//! guess-p-of-the-average beauty contest. Each game has its own folder with
//! one concept per file; the command line and scenario readers live in
//! `cli/` and `scenario/`.

pub mod count;
pub mod guess;
pub mod pigs;
pub mod pirates;
pub mod presets;
pub mod travelers;
