//! Which part of a study one process plays: shard `I` of `N`.
//!
//! A study is a list of work units with stable ids `0..total` (for a
//! tournament, one match: `pair * repetitions + repetition`, see
//! `crate::ipd::tournament`). Shard `I` of `N` is the contiguous block of ids
//! `floor(total * I / N) .. floor(total * (I + 1) / N)`: the blocks are in id
//! order, cover every id exactly once, and differ in size by at most one.
//! The split depends only on `(total, I, N)`, never on threads or machines,
//! so a shard that is killed and rerun plays exactly the same units.
//!
//! The index and count come from `--shard I/N`, or with `--shard auto` from
//! the environment a cluster engine sets: a Slurm job array
//! (`SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN` of `SLURM_ARRAY_TASK_COUNT`,
//! so `--array=0-3` and `--array=1-4` both give shards 0..3 of 4) or a
//! Kubernetes Indexed Job (`JOB_COMPLETION_INDEX` of the count given by
//! `--shards N` or the scenario's `[shards] count = N`). When a scenario
//! states its count, every other count (`--shard I/N`, `--shards N`,
//! `SLURM_ARRAY_TASK_COUNT`) must agree with it (`cli::run_cmd`, its `resolve`).
//! The tool never schedules anything itself.

use std::ops::Range;

/// The most shards a study may be split into.
pub const MAX_SHARDS: u32 = 1_000_000;

/// Shard `index` of `count` (0 <= index < count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    /// Which shard, from 0.
    pub index: u32,
    /// How many shards in all.
    pub count: u32,
}

/// What `--shard` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardSpec {
    /// `--shard I/N`.
    Fixed(Shard),
    /// `--shard auto`: read the scheduler's environment.
    Auto,
}

/// A shard that cannot be used, with what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not `I/N` or `auto`.
    #[error("`{0}` is not I/N or auto (e.g. --shard 0/4 for the first of 4 shards)")]
    Syntax(String),
    /// N is 0 or too large.
    #[error("shard count {0} is not allowed: N must be 1 to {MAX_SHARDS}")]
    Count(u64),
    /// I >= N.
    #[error("shard index {index} is not below the count {count}: I runs from 0 to N - 1")]
    Index {
        /// The index given.
        index: u64,
        /// The count given.
        count: u64,
    },
    /// `--shard auto` without a scheduler's environment.
    #[error(
        "no scheduler environment: --shard auto needs SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (a Slurm job array) or JOB_COMPLETION_INDEX with --shards N or `[shards] count = N` in the scenario (a Kubernetes Indexed Job)"
    )]
    NoScheduler,
    /// A scheduler variable that is not a number.
    #[error("environment variable {name}=`{value}` is not a whole number")]
    BadVariable {
        /// The variable.
        name: &'static str,
        /// Its value.
        value: String,
    },
    /// A Kubernetes index without `--shards`.
    #[error(
        "JOB_COMPLETION_INDEX is set but the shard count is not: give --shards N or `[shards] count = N` in the scenario (the Job's completions)"
    )]
    MissingCount,
}

impl Shard {
    /// A checked shard.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || count > MAX_SHARDS as u64 {
            return Err(ShardError::Count(count));
        }
        if index >= count {
            return Err(ShardError::Index { index, count });
        }
        Ok(Shard {
            index: index as u32,
            count: count as u32,
        })
    }

    /// The whole study as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The unit ids of this shard among `0..total` (see the module doc).
    pub fn ids(&self, total: u64) -> Range<u64> {
        let at = |k: u32| (total as u128 * k as u128 / self.count as u128) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// The shard folder's suffix: `shard-I-of-N`.
    pub fn folder_suffix(&self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for ShardSpec {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<ShardSpec, ShardError> {
        let text = text.trim();
        if text == "auto" {
            return Ok(ShardSpec::Auto);
        }
        let syntax = || ShardError::Syntax(text.to_string());
        let (index, count) = text.split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            s.parse::<u64>().map_err(|_| syntax())
        };
        Ok(ShardSpec::Fixed(Shard::new(
            number(index)?,
            number(count)?,
        )?))
    }
}

/// The cluster engine whose variables gave the shard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheduler {
    /// A Slurm job array: the count is `SLURM_ARRAY_TASK_COUNT`.
    Slurm,
    /// A Kubernetes Indexed Job: the count was given (`--shards N` or the
    /// scenario's `[shards] count`).
    Kubernetes,
}

/// The shard a scheduler assigned, read through `var` (the environment in
/// the binary, a table in tests). `shards` is the count for a Kubernetes
/// Indexed Job (`--shards N`, or the scenario's `[shards] count`).
pub fn from_environment(
    var: impl Fn(&str) -> Option<String>,
    shards: Option<u32>,
) -> Result<Shard, ShardError> {
    scheduled(var, shards).map(|(shard, _)| shard)
}

/// As [`from_environment`], also saying which engine's variables were read.
pub fn scheduled(
    var: impl Fn(&str) -> Option<String>,
    shards: Option<u32>,
) -> Result<(Shard, Scheduler), ShardError> {
    let number = |name: &'static str| -> Result<Option<u64>, ShardError> {
        match var(name) {
            None => Ok(None),
            Some(value) => value
                .trim()
                .parse::<u64>()
                .map(Some)
                .map_err(|_| ShardError::BadVariable { name, value }),
        }
    };
    if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
        let count = match number("SLURM_ARRAY_TASK_COUNT")? {
            Some(count) => count,
            None => return Err(ShardError::NoScheduler),
        };
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let index = id
            .checked_sub(min)
            .ok_or(ShardError::Index { index: id, count })?;
        return Ok((Shard::new(index, count)?, Scheduler::Slurm));
    }
    if let Some(index) = number("JOB_COMPLETION_INDEX")? {
        let count = shards.ok_or(ShardError::MissingCount)?;
        return Ok((Shard::new(index, count as u64)?, Scheduler::Kubernetes));
    }
    Err(ShardError::NoScheduler)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let owned: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |name| {
            owned
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.clone())
        }
    }

    #[test]
    fn shards_cover_every_id_once_in_order() {
        for total in [0u64, 1, 5, 63, 64, 65, 1000, 12_345] {
            for count in [1u32, 2, 3, 7, 64, 100] {
                let mut next = 0;
                for index in 0..count {
                    let ids = Shard { index, count }.ids(total);
                    assert_eq!(ids.start, next, "total {total} shard {index}/{count}");
                    assert!(ids.end - ids.start <= total / count as u64 + 1);
                    assert!(ids.end - ids.start >= total / count as u64);
                    next = ids.end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn the_split_is_the_documented_formula() {
        let shard = Shard { index: 2, count: 7 };
        assert_eq!(shard.ids(100), 28..42);
        assert_eq!(shard.folder_suffix(), "shard-2-of-7");
        let huge = Shard {
            index: 999_999,
            count: 1_000_000,
        };
        assert_eq!(huge.ids(u64::MAX).end, u64::MAX);
    }

    #[test]
    fn the_option_is_parsed_and_checked() {
        assert_eq!(
            "3/4".parse::<ShardSpec>(),
            Ok(ShardSpec::Fixed(Shard { index: 3, count: 4 }))
        );
        assert_eq!("auto".parse::<ShardSpec>(), Ok(ShardSpec::Auto));
        assert_eq!(
            "5/4".parse::<ShardSpec>(),
            Err(ShardError::Index { index: 5, count: 4 })
        );
        assert_eq!(
            "4/4".parse::<ShardSpec>().unwrap_err().to_string(),
            "shard index 4 is not below the count 4: I runs from 0 to N - 1"
        );
        assert_eq!("0/0".parse::<ShardSpec>(), Err(ShardError::Count(0)));
        assert_eq!(
            "0/1000001".parse::<ShardSpec>(),
            Err(ShardError::Count(1_000_001))
        );
        for bad in ["", "1", "1/", "/4", "-1/4", "1/4/5", "a/b", "1.0/4"] {
            assert!(
                matches!(bad.parse::<ShardSpec>(), Err(ShardError::Syntax(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn slurm_arrays_are_read_from_their_minimum() {
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
        ]);
        assert_eq!(
            from_environment(slurm, None),
            Ok(Shard { index: 2, count: 4 })
        );
        let from_zero = env(&[
            ("SLURM_ARRAY_TASK_ID", "0"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ]);
        assert_eq!(
            from_environment(from_zero, Some(9)),
            Ok(Shard { index: 0, count: 2 })
        );
        // A stepped array (--array=0-12:4) is not a contiguous index range.
        let stepped = env(&[
            ("SLURM_ARRAY_TASK_ID", "8"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
        ]);
        assert_eq!(
            from_environment(stepped, None),
            Err(ShardError::Index { index: 8, count: 4 })
        );
        let bad = env(&[("SLURM_ARRAY_TASK_ID", "x")]);
        assert!(matches!(
            from_environment(bad, None),
            Err(ShardError::BadVariable {
                name: "SLURM_ARRAY_TASK_ID",
                ..
            })
        ));
    }

    #[test]
    fn kubernetes_indexed_jobs_need_the_count() {
        let k8s = env(&[("JOB_COMPLETION_INDEX", "5")]);
        assert_eq!(
            from_environment(&k8s, Some(8)),
            Ok(Shard { index: 5, count: 8 })
        );
        assert_eq!(from_environment(&k8s, None), Err(ShardError::MissingCount));
        assert_eq!(
            from_environment(&k8s, Some(5)),
            Err(ShardError::Index { index: 5, count: 5 })
        );
        assert_eq!(
            from_environment(env(&[]), Some(4)),
            Err(ShardError::NoScheduler)
        );
        assert_eq!(
            scheduled(&k8s, Some(8)),
            Ok((Shard { index: 5, count: 8 }, Scheduler::Kubernetes))
        );
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
        ]);
        // Slurm's own count wins over a given one (which the CLI checks).
        assert_eq!(
            scheduled(slurm, Some(8)),
            Ok((Shard { index: 1, count: 2 }, Scheduler::Slurm))
        );
    }
}
