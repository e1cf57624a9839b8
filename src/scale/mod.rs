//! Studies at scale: splitting a study's work units into shards (pure, no
//! IO). Threads, shards and (later) sweeps are one idea at three sizes:
//! every study is a list of work units with stable ids, each drawing from
//! its own generator keyed by (seed, id), folded in id order into exact
//! aggregates; a shard is a contiguous block of unit ids, and merging folds
//! the shards' units in id order, so any split renders what a single run
//! renders.

pub mod shard;

pub use shard::{Shard, ShardError, ShardSpec};
