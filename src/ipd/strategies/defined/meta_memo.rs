//! What a meta player's deterministic members proposed, remembered along
//! the opponent histories already played on this thread.
//!
//! A deterministic member sees its own proposals and the opponent's moves;
//! its proposals are therefore a function of the opponent's moves alone
//! (and of the match's length and payoffs). Matches repeat opponent
//! histories a lot: a tournament plays a stochastic pair 100 times, and
//! against most opponents the repetitions go the same way for long
//! stretches (in axelrod's standard reference tournament 59-85% of the
//! opponent-history prefixes of the long-memory meta players' repetitions
//! were already seen in an earlier repetition, and 52-82% of whole matches).
//! A [`ProposalTrie`] keeps one node per opponent-history prefix seen, with
//! a summary of the deterministic members for the next turn (a few 64-bit
//! words the meta player writes and reads: their proposals as bits, or
//! what its rule needs of their proposals and scores, which are functions
//! of the same path); a match that follows a known path reads it instead of
//! asking the members, and asks (replaying the turns it skipped) from the
//! first turn that leaves it.
//!
//! The tries live in a per-thread registry ([`with_trie`]), keyed by the
//! meta definition and the match context, so a lookup never waits for a
//! lock; a match holds a [`Handle`] (slot and identity), never a pointer, so
//! its state stays `Send + Sync`. Memory is bounded: a trie stops growing at
//! [`TRIE_BYTES`] and is replaced by an empty one when the next match
//! starts; when the tries of a thread hold [`THREAD_BYTES`] together, all are
//! emptied. A match whose trie was replaced under it (only a match on the
//! same thread can do that, at its first turn) notices the changed identity
//! and asks its members itself from then on. Results never depend on what
//! is remembered: a node holds exactly what the members would propose and
//! score.
//!
//! Remembering costs a little every turn it stores, so a trie counts the
//! turns read from it and the turns asked; where under a third are read
//! (a noisy tournament leaves every path within a few turns) matches stop
//! using it, but for one in [`PROBE_EVERY`] that keeps the count current.

use crate::ipd::action::Action;
use crate::ipd::strategies::MatchContext;
use std::cell::RefCell;
use std::collections::HashMap;

/// Most bytes one trie holds (nodes and summaries); it stops growing
/// there and is emptied when the next match starts.
pub const TRIE_BYTES: usize = 8 << 20;

/// Most bytes the tries of one thread hold together; past it, every trie of
/// the thread is emptied when the next match starts.
pub const THREAD_BYTES: usize = 32 << 20;

/// No child yet (the root is never anyone's child).
const NONE: u32 = 0;

/// A summary of a team's deterministic members after each opponent
/// history seen: node 0 is the empty history (the first turn).
#[derive(Debug)]
pub struct ProposalTrie {
    /// Identity of this trie's contents (changes when emptied).
    identity: u64,
    /// 64-bit words of summary per node.
    words: usize,
    /// Per node, the child after an opponent C and after a D.
    children: Vec<[u32; 2]>,
    /// Per node, `words` words of summary.
    summaries: Vec<u64>,
    /// Turns read from the trie and turns the members were asked (live or
    /// replayed) by the matches that used it (halved now and then).
    usage: Usage,
}

/// How well remembering pays for one meta definition and context.
#[derive(Clone, Copy, Debug, Default)]
struct Usage {
    read: u64,
    asked: u64,
    /// Matches started since remembering last paid.
    skipped: u64,
}

/// Turns asked before the share read decides anything.
const WARM_UP_TURNS: u64 = 20_000;

/// Every this many matches one remembers even when it has not paid, so a
/// change (another opponent, another phase of the run) is noticed.
const PROBE_EVERY: u64 = 32;

impl ProposalTrie {
    fn new(identity: u64, words: usize) -> ProposalTrie {
        ProposalTrie {
            identity,
            words: words.max(1),
            children: Vec::new(),
            summaries: Vec::new(),
            usage: Usage::default(),
        }
    }

    /// Whether a match starting now should use the trie: while warming up,
    /// when at least a third of the turns were read from it (below that,
    /// storing every turn costs more than the reads save: with noise, a
    /// match leaves every path within a few turns), and one match in
    /// [`PROBE_EVERY`] otherwise.
    pub fn worth_using(&mut self) -> bool {
        let u = &mut self.usage;
        let pays = u.asked < WARM_UP_TURNS || u.read * 3 >= u.asked;
        if pays || u.skipped + 1 >= PROBE_EVERY {
            u.skipped = 0;
            true
        } else {
            u.skipped += 1;
            false
        }
    }

    /// Counts turns read from the trie.
    pub fn count_read(&mut self, turns: u64) {
        self.usage.read += turns;
        self.decay();
    }

    /// Counts turns the members were asked.
    pub fn count_asked(&mut self, turns: u64) {
        self.usage.asked += turns;
        self.decay();
    }

    fn decay(&mut self) {
        let u = &mut self.usage;
        if u.read + u.asked > 1 << 22 {
            u.read /= 2;
            u.asked /= 2;
        }
    }

    fn bytes(&self) -> usize {
        self.children.len() * (8 + 8 * self.words)
    }

    fn is_full(&self) -> bool {
        self.bytes() + 8 + 8 * self.words > TRIE_BYTES
    }

    /// The root (the first turn's proposals), once a match has stored it.
    pub fn root(&self) -> Option<u32> {
        (!self.children.is_empty()).then_some(0)
    }

    /// The node after `node` when the opponent played `action`.
    pub fn child(&self, node: u32, action: Action) -> Option<u32> {
        let c = self.children[node as usize][action.bit() as usize];
        (c != NONE).then_some(c)
    }

    /// The summary stored at `node`.
    pub fn summary(&self, node: u32) -> &[u64] {
        let at = node as usize * self.words;
        &self.summaries[at..at + self.words]
    }

    /// Stores `summary` as the root (`parent` None) or as the child of
    /// `parent` after `action`; None when the trie is full.
    pub fn insert(&mut self, parent: Option<(u32, Action)>, summary: &[u64]) -> Option<u32> {
        debug_assert_eq!(summary.len(), self.words);
        if self.is_full() || (parent.is_none() && !self.children.is_empty()) {
            return None;
        }
        let node = self.children.len() as u32;
        self.children.push([NONE; 2]);
        self.summaries.extend_from_slice(summary);
        if let Some((p, action)) = parent {
            self.children[p as usize][action.bit() as usize] = node;
        }
        Some(node)
    }

    /// Nodes stored.
    pub fn len(&self) -> usize {
        self.children.len()
    }

    /// True before the first node.
    pub fn is_empty(&self) -> bool {
        self.children.is_empty()
    }
}

/// Which trie of the thread's registry a match uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handle {
    slot: usize,
    identity: u64,
}

/// The match context as a key (payoffs by their bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    meta: u64,
    length: Option<u32>,
    payoffs: [u64; 4],
}

impl Key {
    fn new(meta: u64, context: &MatchContext) -> Key {
        let p = &context.payoffs;
        Key {
            meta,
            length: context.length,
            payoffs: [p.r.to_bits(), p.s.to_bits(), p.t.to_bits(), p.p.to_bits()],
        }
    }
}

#[derive(Default)]
struct Registry {
    tries: Vec<ProposalTrie>,
    slots: HashMap<Key, usize>,
    identities: u64,
}

impl Registry {
    fn fresh_identity(&mut self) -> u64 {
        self.identities += 1;
        self.identities
    }

    fn bytes(&self) -> usize {
        self.tries.iter().map(ProposalTrie::bytes).sum()
    }
}

thread_local! {
    static REGISTRY: RefCell<Registry> = RefCell::new(Registry::default());
}

/// The trie a match starting now uses for meta definition `meta` (its
/// unique id), whose summaries are `words` words, in `context`; emptied
/// first when it is full or the thread's tries are over their budget.
pub fn start(meta: u64, words: usize, context: &MatchContext) -> Handle {
    REGISTRY.with(|registry| {
        let mut r = registry.borrow_mut();
        if r.bytes() > THREAD_BYTES {
            for slot in 0..r.tries.len() {
                let identity = r.fresh_identity();
                let (words, usage) = (r.tries[slot].words, r.tries[slot].usage);
                r.tries[slot] = ProposalTrie::new(identity, words);
                r.tries[slot].usage = usage;
            }
        }
        let key = Key::new(meta, context);
        let slot = match r.slots.get(&key) {
            Some(&slot) => {
                if r.tries[slot].is_full() {
                    let identity = r.fresh_identity();
                    let usage = r.tries[slot].usage;
                    r.tries[slot] = ProposalTrie::new(identity, words);
                    r.tries[slot].usage = usage;
                }
                slot
            }
            None => {
                let identity = r.fresh_identity();
                r.tries.push(ProposalTrie::new(identity, words));
                let slot = r.tries.len() - 1;
                r.slots.insert(key, slot);
                slot
            }
        };
        Handle {
            slot,
            identity: r.tries[slot].identity,
        }
    })
}

/// Runs `f` on the match's trie, or returns None when it was replaced since
/// the match started. `f` must not play a strategy (a member may be a meta
/// player that needs the registry itself).
pub fn with_trie<T>(handle: Handle, f: impl FnOnce(&mut ProposalTrie) -> T) -> Option<T> {
    REGISTRY.with(|registry| {
        let mut r = registry.borrow_mut();
        let trie = r.tries.get_mut(handle.slot)?;
        (trie.identity == handle.identity).then(|| f(trie))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::payoffs::Payoffs;

    fn context(length: Option<u32>) -> MatchContext {
        MatchContext {
            length,
            payoffs: Payoffs::STANDARD,
        }
    }

    #[test]
    fn nodes_follow_opponent_moves_and_keep_their_summaries() {
        let mut t = ProposalTrie::new(1, 3);
        assert_eq!(t.words, 3);
        assert_eq!(t.root(), None);
        let root = t.insert(None, &[1, 2, 3]).unwrap();
        assert_eq!(t.root(), Some(root));
        assert_eq!(t.insert(None, &[0, 0, 0]), None, "one root only");
        let c = t.insert(Some((root, Action::C)), &[4, 5, 6]).unwrap();
        let d = t.insert(Some((root, Action::D)), &[7, 8, 9]).unwrap();
        let cd = t.insert(Some((c, Action::D)), &[10, 11, 12]).unwrap();
        assert_eq!(t.child(root, Action::C), Some(c));
        assert_eq!(t.child(root, Action::D), Some(d));
        assert_eq!(t.child(c, Action::C), None);
        assert_eq!(t.child(c, Action::D), Some(cd));
        assert_eq!(t.summary(root), &[1, 2, 3]);
        assert_eq!(t.summary(d), &[7, 8, 9]);
        assert_eq!(t.summary(cd), &[10, 11, 12]);
        assert_eq!(t.len(), 4);
    }

    #[test]
    fn a_trie_that_is_seldom_read_is_used_by_one_match_in_32() {
        let mut t = ProposalTrie::new(1, 10);
        for _ in 0..10 {
            assert!(t.worth_using(), "warming up");
        }
        t.count_asked(WARM_UP_TURNS);
        t.count_read(WARM_UP_TURNS.div_ceil(3));
        assert!(t.worth_using(), "a third read pays");
        t.count_asked(WARM_UP_TURNS);
        let used = (0..320).filter(|_| t.worth_using()).count();
        assert_eq!(used, 10);
        t.count_read(WARM_UP_TURNS);
        assert!(t.worth_using(), "reads again");
    }

    #[test]
    fn a_full_trie_stops_growing_and_is_emptied_at_the_next_start() {
        let ctx = context(Some(200));
        let meta = u64::MAX - 7;
        let first = start(meta, 1, &ctx);
        let mut stored = 0usize;
        let full = with_trie(first, |t| {
            let mut node = t.insert(None, &[0]).unwrap();
            stored += 1;
            while let Some(next) = t.insert(Some((node, Action::C)), &[stored as u64]) {
                node = next;
                stored += 1;
            }
            t.len()
        })
        .unwrap();
        assert_eq!(full, stored);
        assert!(full * 16 <= TRIE_BYTES && (full + 1) * 16 > TRIE_BYTES);
        // The same key again: a new, empty trie; the old handle is stale.
        let second = start(meta, 1, &ctx);
        assert_ne!(second, first);
        assert_eq!(with_trie(second, |t| t.len()), Some(0));
        assert_eq!(with_trie(first, |t| t.len()), None);
        // Another context is another trie.
        let other = start(meta, 1, &context(None));
        assert_ne!(other.slot, second.slot);
    }
}
