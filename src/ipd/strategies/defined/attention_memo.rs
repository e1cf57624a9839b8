//! The memo of an attention model's outputs, keyed by the exact token
//! sequence: identical sequences are computed once per process.
//!
//! A forward pass ([`super::attention::Model::forward`]) is a pure function
//! of its tokens (CLS, then the last turns most recent first) on one
//! machine, so its logit can be kept and returned again. Nothing is reused
//! from one turn to the next (positions shift), but the same sequence
//! recurs ACROSS matches: a stochastic pair's repetitions share long
//! prefixes of their histories, many opponents produce the same history
//! against a given player (all cooperation, for one), and the meta players
//! whose teams hold the model ask it on their own histories. Every player
//! and thread using the same model (one per weights file and dimensions:
//! the loader's `shared_model`) shares one memo, through the model's `Arc`.
//!
//! Invariants:
//! - **Exact.** A hit returns the bits a pass computed for exactly the same
//!   sequence: keys are compared in full ([`Key`]: two bits a turn and an
//!   end marker, so sequences of different lengths or orders never share a
//!   key), never by hash only. Results are byte-identical with and without
//!   the memo, on any number of threads: two threads that miss the same key
//!   both compute it and store the same value.
//! - **Bounded memory.** [`SHARDS`] shards of at most [`SHARD_ENTRIES`]
//!   entries of 64 bytes (a 56-byte key and the f32 logit): at most 32,768
//!   slots and their control bytes per shard, about 2.03 MiB, so **130 MiB
//!   (136 MB) for a full memo**, allocated shard by shard as they fill. A
//!   full shard is cleared (its allocation kept) before the next insert:
//!   the memo never grows with the run's length.
//! - **Little contention, no lock during a pass.** A shard is a
//!   `Mutex<HashMap>` picked by bits of the key's hash that the table itself
//!   does not use; a lookup holds its shard's lock for one probe, the pass
//!   runs unlocked, the insert takes the lock again.
//! - **Cheap.** Packing a key and one probe cost well under a microsecond,
//!   against 3 to 75 ms for a pass at axelrod's dimensions.
//!
//! What is kept: only sequences of CLS followed by up to [`MAX_TURNS`]
//! game-state tokens (2 to 5), the ones a player builds. Anything else (a
//! model read with more than 224 positions, hand-made token lists) is
//! computed every time.
//!
//! Counters (asked, computed, shards cleared: [`Memo::stats`]) are relaxed
//! atomics for benches and tests; nothing prints them in normal runs.
//! Benches that time passes through players (`benches/move_cost.rs`, whose
//! repeated matches would otherwise be answered from the memo) turn every
//! memo of the process off with [`bypass`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// Whether every memo of the process computes every pass ([`bypass`]).
static BYPASSED: AtomicBool = AtomicBool::new(false);

/// Makes every memo of this process compute every pass (`true`) or keep
/// them again (`false`), for benches that time passes through players.
/// Results are the same either way.
pub fn bypass(on: bool) {
    BYPASSED.store(on, Ordering::Relaxed);
}

/// Shards (independent locks and tables).
pub const SHARDS: usize = 64;
/// Entries a shard holds before it is cleared: 7/8 of 32,768 slots, the
/// most a table of 32,768 slots takes without growing.
pub const SHARD_ENTRIES: usize = 28_672;
/// Words of a key.
const WORDS: usize = 7;
/// The most game-state tokens a key holds: two bits each plus the end
/// marker in 7 x 64 bits.
pub const MAX_TURNS: usize = (WORDS * 64 - 1) / 2;

/// A token sequence packed exactly: token `i` after CLS (2 to 5) as `i - 2`
/// in bits `2i, 2i + 1`, then a 1 bit at `2n` marking the end, zeros above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key([u64; WORDS]);

impl Key {
    /// The key of `tokens` ([`super::attention::CLS`] first, then game-state
    /// tokens), or `None` when the sequence is not one the memo keeps.
    pub fn of(tokens: &[u8]) -> Option<Key> {
        let (&first, turns) = tokens.split_first()?;
        if first != super::attention::CLS || turns.len() > MAX_TURNS {
            return None;
        }
        let mut words = [0u64; WORDS];
        for (i, &token) in turns.iter().enumerate() {
            if !(2..=5).contains(&token) {
                return None;
            }
            words[i / 32] |= u64::from(token - 2) << (2 * (i % 32));
        }
        let end = 2 * turns.len();
        words[end / 64] |= 1 << (end % 64);
        Some(Key(words))
    }

    /// A 64-bit mix of every word (multiply and xor-shift, as splitmix64).
    fn mix(&self) -> u64 {
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        for &w in &self.0 {
            h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 31;
        }
        h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
        h ^ (h >> 29)
    }

    /// The shard: bits 40 to 45 of the mix (the table uses the low bits for
    /// the slot and the top 7 as the tag).
    fn shard(&self) -> usize {
        ((self.mix() >> 40) as usize) % SHARDS
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.mix());
    }
}

/// The table's hasher: the key's own mix, passed through.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u64` is used (by `Key::hash`); fold anything else.
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type Shard = HashMap<Key, f32, BuildHasherDefault<PassThrough>>;

/// The counters of a memo since it was made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Logits asked for (memoisable sequences or not).
    pub asked: u64,
    /// Forward passes computed (misses and sequences not kept).
    pub computed: u64,
    /// Times a full shard was cleared.
    pub cleared: u64,
}

impl MemoStats {
    /// The logits answered from the memo.
    pub fn hits(&self) -> u64 {
        self.asked - self.computed
    }
}

/// The memo: [`SHARDS`] locked tables and the counters.
pub struct Memo {
    shards: Vec<Mutex<Shard>>,
    entries_per_shard: usize,
    asked: AtomicU64,
    computed: AtomicU64,
    cleared: AtomicU64,
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Memo")
            .field("stats", &self.stats())
            .finish()
    }
}

impl Default for Memo {
    fn default() -> Memo {
        Memo::with_entries_per_shard(SHARD_ENTRIES)
    }
}

impl Memo {
    /// A memo whose shards hold `entries` each (tests use small ones to
    /// see the eviction).
    pub fn with_entries_per_shard(entries: usize) -> Memo {
        Memo {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            entries_per_shard: entries.max(1),
            asked: AtomicU64::new(0),
            computed: AtomicU64::new(0),
            cleared: AtomicU64::new(0),
        }
    }

    /// The logit of `tokens`: the kept one, or `compute(tokens)` (run with
    /// no lock held), kept when the sequence is one the memo keeps.
    pub fn logit(&self, tokens: &[u8], compute: impl FnOnce() -> f32) -> f32 {
        self.asked.fetch_add(1, Ordering::Relaxed);
        let key = match Key::of(tokens) {
            Some(key) if !BYPASSED.load(Ordering::Relaxed) => Some(key),
            _ => None,
        };
        let Some(key) = key else {
            self.computed.fetch_add(1, Ordering::Relaxed);
            return compute();
        };
        let shard = &self.shards[key.shard()];
        if let Some(&logit) = lock(shard).get(&key) {
            return logit;
        }
        self.computed.fetch_add(1, Ordering::Relaxed);
        let logit = compute();
        let mut table = lock(shard);
        if table.len() >= self.entries_per_shard && !table.contains_key(&key) {
            table.clear();
            self.cleared.fetch_add(1, Ordering::Relaxed);
        }
        if table.capacity() == 0 {
            table.reserve(self.entries_per_shard);
        }
        table.insert(key, logit);
        logit
    }

    /// The counters so far.
    pub fn stats(&self) -> MemoStats {
        MemoStats {
            asked: self.asked.load(Ordering::Relaxed),
            computed: self.computed.load(Ordering::Relaxed),
            cleared: self.cleared.load(Ordering::Relaxed),
        }
    }

    /// Entries kept now, over every shard.
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| lock(s).len()).sum()
    }

    /// Whether nothing is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A shard's table; a poisoned lock (a panic elsewhere while holding it)
/// still holds consistent entries: every insert is one call.
fn lock(shard: &Mutex<Shard>) -> std::sync::MutexGuard<'_, Shard> {
    shard
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_of_different_sequences_differ() {
        // Every sequence of up to 6 turns, and long ones differing in one
        // place or in length only: all keys distinct.
        let mut seen = HashSet::new();
        let mut sequences = vec![vec![0u8]];
        for _ in 0..6 {
            let longer: Vec<Vec<u8>> = sequences
                .iter()
                .filter(|s| s.len() == sequences.last().unwrap().len())
                .flat_map(|s| {
                    (2..=5u8).map(move |t| {
                        let mut s = s.clone();
                        s.push(t);
                        s
                    })
                })
                .collect();
            sequences.extend(longer);
        }
        assert_eq!(
            sequences.len(),
            (0..=6).map(|k| 4usize.pow(k)).sum::<usize>()
        );
        let long: Vec<u8> = std::iter::once(0)
            .chain((0..MAX_TURNS).map(|i| 2 + (i * 7 % 4) as u8))
            .collect();
        for cut in [31, 32, 33, 63, 64, 65, MAX_TURNS - 1, MAX_TURNS] {
            sequences.push(long[..=cut].to_vec());
            let mut changed = long[..=cut].to_vec();
            changed[cut] = if changed[cut] == 2 { 3 } else { 2 };
            sequences.push(changed);
        }
        // All cooperation at every length: differ by the end marker only.
        for n in 0..=MAX_TURNS {
            let mut s = vec![0u8];
            s.extend(std::iter::repeat_n(4, n));
            sequences.push(s);
        }
        let distinct: HashSet<&Vec<u8>> = sequences.iter().collect();
        for s in &distinct {
            assert!(seen.insert(Key::of(s).unwrap()), "{s:?}");
        }
        // Order matters: (CD, DC) is not (DC, CD).
        assert_ne!(Key::of(&[0, 2, 3]), Key::of(&[0, 3, 2]));
    }

    #[test]
    fn only_player_sequences_are_kept() {
        assert_eq!(Key::of(&[]), None);
        assert_eq!(Key::of(&[4]), None); // no CLS
        assert_eq!(Key::of(&[0, 1]), None); // padding, not a state
        assert_eq!(Key::of(&[0, 6]), None);
        assert!(Key::of(&[0]).is_some());
        let too_long: Vec<u8> = std::iter::once(0)
            .chain(std::iter::repeat_n(4, MAX_TURNS + 1))
            .collect();
        assert_eq!(Key::of(&too_long), None);
        assert!(Key::of(&too_long[..MAX_TURNS + 1]).is_some());
        // Not kept: computed every time.
        let memo = Memo::default();
        let mut passes = 0;
        for _ in 0..3 {
            memo.logit(&too_long, || {
                passes += 1;
                1.5
            });
        }
        assert_eq!(passes, 3);
        assert!(memo.is_empty());
    }

    #[test]
    fn a_hit_returns_the_stored_value_without_computing() {
        let memo = Memo::default();
        let value = memo.logit(&[0, 4, 5], || -0.25);
        assert_eq!(value, -0.25);
        let again = memo.logit(&[0, 4, 5], || unreachable!("a hit computes nothing"));
        assert_eq!(again.to_bits(), value.to_bits());
        // A different sequence is computed.
        assert_eq!(memo.logit(&[0, 5, 4], || 3.0), 3.0);
        let stats = memo.stats();
        assert_eq!((stats.asked, stats.computed, stats.hits()), (3, 2, 1));
    }

    #[test]
    fn full_shards_are_cleared_and_the_memo_keeps_working() {
        let memo = Memo::with_entries_per_shard(4);
        let sequence = |i: usize| -> Vec<u8> {
            std::iter::once(0)
                .chain((0..12).map(|b| 2 + ((i >> (2 * b)) & 3) as u8))
                .collect()
        };
        let value = |i: usize| i as f32 * 0.5 - 100.0;
        for i in 0..2000 {
            assert_eq!(memo.logit(&sequence(i), || value(i)), value(i));
            assert!(memo.len() <= 4 * SHARDS);
        }
        let stats = memo.stats();
        assert!(stats.cleared > 0, "{stats:?}");
        // The last insert is kept; the first was evicted (~31 sequences a
        // shard went by) and is computed again, right.
        let last = memo.logit(&sequence(1999), || unreachable!("kept"));
        assert_eq!(last, value(1999));
        let mut recomputed = 0;
        let first = memo.logit(&sequence(0), || {
            recomputed += 1;
            value(0)
        });
        assert_eq!((first, recomputed), (value(0), 1));
        // The budget's arithmetic: 64-byte entries (key and logit).
        assert_eq!(std::mem::size_of::<(Key, f32)>(), 64);
        // Every shard's table kept its allocation: no growth past the budget.
        for shard in &memo.shards {
            assert!(lock(shard).capacity() < 16, "{}", lock(shard).capacity());
        }
    }

    #[test]
    fn threads_share_the_memo() {
        let memo = Memo::default();
        let sequences: Vec<Vec<u8>> = (0..500)
            .map(|i| {
                std::iter::once(0)
                    .chain((0..10).map(|b| 2 + ((i >> b) & 3) as u8))
                    .collect()
            })
            .collect();
        std::thread::scope(|scope| {
            for _ in 0..4 {
                scope.spawn(|| {
                    for (i, s) in sequences.iter().enumerate() {
                        assert_eq!(memo.logit(s, || i as f32), i as f32);
                    }
                });
            }
        });
        let stats = memo.stats();
        assert_eq!(stats.asked, 2000);
        assert!(stats.computed >= 500 && stats.computed < 2000, "{stats:?}");
    }
}
