//! The IO edge for results: atomic results folders, CSV files, JSON and
//! charts. The core hands plain data here; nothing in this module decides
//! anything about the games.

pub mod atomic;
pub mod axis_words;
// charts: pending
pub mod charts;
pub mod compression;
pub mod embed;
pub mod evolution_files;
pub mod evolution_sweep_files;
pub mod exact_files;
pub mod fingerprint_files;
pub mod fixation_files;
pub mod game_files;
pub mod game_text;
pub mod guess_files;
pub mod guess_text;
pub mod impartial_files;
pub mod invasion_files;
pub mod invasion_sweep_files;
pub mod label;
pub mod moran_runs_file;
pub mod pigs_files;
pub mod pirates_files;
pub mod pirates_text;
pub mod report;
pub mod report_charts;
pub mod result_set_files;
pub mod shard_files;
pub mod sweep_files;
pub mod table;
pub mod toml_lines;
pub mod tournament_charts;
pub mod tournament_files;
pub mod train_checkpoint;
pub mod train_files;
pub mod train_shard_files;
pub mod travelers_text;
pub mod width;
