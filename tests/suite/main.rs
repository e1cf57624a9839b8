//! The integration tests, compiled as ONE test binary: each file of this
//! folder is a module. One binary links the crate once (47 binaries linked
//! it 47 times) and lets the test harness spread every test over the cores,
//! so a slow file no longer waits alone at the end of the run.
//!
//! Run one file's tests with its module name as the filter, e.g.
//! `cargo test --test suite cli_exact::` or `cargo test --test suite axelrod_`.
//!
//! - `axelrod_*`, `nashpy_reference`, `invasion_reference`: cross-checks
//!   against the outside libraries' numbers in `tests/data/` (each data file
//!   has its generator script beside it);
//! - `cli_*`, `deploy_manifests`, `study_layer`: the command line end to end,
//!   on real scenario files;
//! - `fuzz_props`, `fuzz_regressions`: property tests of the parsers and the
//!   saved fuzzer findings (`tests/fuzz_corpus/`);
//! - `strategy_files`: strategy files against the catalogue.

mod axelrod_attention;
mod axelrod_catalogue;
mod axelrod_distributions;
mod axelrod_first;
mod axelrod_graph;
mod axelrod_interactions;
mod axelrod_meta_rules;
mod axelrod_reference;
mod axelrod_second;
mod cli_bad_input;
mod cli_columns;
mod cli_dilemmas;
mod cli_display_names;
mod cli_evolution;
mod cli_exact;
mod cli_fixation;
mod cli_game_files;
mod cli_game_overflow;
mod cli_head_to_head;
mod cli_impartial_run;
mod cli_invasion;
mod cli_kill_safety;
mod cli_limits;
mod cli_move_cost;
mod cli_new;
mod cli_normal_form;
mod cli_options;
mod cli_play;
mod cli_provenance;
mod cli_qa;
mod cli_report;
mod cli_rerun;
mod cli_run;
mod cli_shards;
mod cli_shipped_strategies;
mod cli_solve;
mod cli_strategies;
mod cli_strategy_files;
mod cli_sweep;
mod cli_sweep_evolution;
mod cli_train;
mod cli_train_kinds;
mod cli_train_shards;
mod deploy_manifests;
mod fuzz_props;
mod fuzz_regressions;
mod invasion_reference;
mod memory_one_vectors;
mod nashpy_reference;
mod shipped_runs;
mod strategy_files;
mod study_layer;
