//! `dilemma`: a toolkit for studying strategic interaction, built around an
//! iterated prisoner's dilemma tournament engine.
//!
//! The core (`ipd`) is pure; `scenario` reads and validates scenario files,
//! `output` writes CSVs, JSON and charts, `study` runs, shards and merges
//! every kind of study through one trait, and `cli` is the command line.
//! See ARCHITECTURE.md for the code map and invariants.

pub mod cli;
pub mod dilemmas;
pub mod evolution;
pub mod exact;
pub mod impartial;
pub mod ipd;
pub mod normal_form;
pub mod output;
pub mod scale;
pub mod scenario;
pub mod study;
pub mod train;
