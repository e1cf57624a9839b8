//! The general Sprague-Grundy engine: Grundy values by mex over any finite
//! game given as a move function, memoised, computed with an explicit stack
//! (no recursion, so chains of millions of positions cannot overflow the
//! call stack), with cycle detection (a cycle is an error, never a hang).
//!
//! It is the reference every closed form in this module is tested against,
//! and the solver of last resort for small positions of games without one.
//! Misère outcomes (last mover loses) are computed the same way: a terminal
//! position is a win for the player to move.

use super::error::ImpartialError;
use super::mex::mex;
use std::collections::{HashMap, HashSet};
use std::fmt::Debug;
use std::hash::Hash;

/// Bound on the number of distinct positions the engine will visit: a hard
/// memory bound (every position is held in the memo, a hash map of the
/// positions themselves), not a work limit, so `--no-limit` does not lift
/// it; the refusal ([`ImpartialError::TooLarge`]) says so. Only a graph
/// file's nodes reach it from the command line.
pub const DEFAULT_STATE_LIMIT: usize = 5_000_000;

/// Memoised Grundy values of a game given by its move function.
pub struct Engine<P, F> {
    moves: F,
    memo: HashMap<P, u64>,
    limit: usize,
}

struct Frame<P> {
    position: P,
    children: Vec<P>,
    next: usize,
}

impl<P, F> Engine<P, F>
where
    P: Clone + Eq + Hash + Debug,
    F: FnMut(&P) -> Vec<P>,
{
    /// An engine for the game whose options of `p` are `moves(&p)`.
    pub fn new(moves: F) -> Self {
        Engine {
            moves,
            memo: HashMap::new(),
            limit: DEFAULT_STATE_LIMIT,
        }
    }

    /// Bounds the number of positions visited (default
    /// [`DEFAULT_STATE_LIMIT`]).
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// The number of positions evaluated so far.
    pub fn evaluated(&self) -> usize {
        self.memo.len()
    }

    /// The Grundy value of `start` (normal play).
    pub fn grundy(&mut self, start: &P) -> Result<u64, ImpartialError> {
        if let Some(&g) = self.memo.get(start) {
            return Ok(g);
        }
        let mut on_stack: HashSet<P> = HashSet::new();
        let mut stack = vec![self.frame(start.clone())];
        on_stack.insert(start.clone());
        while let Some(top) = stack.last_mut() {
            if top.next < top.children.len() {
                let child = top.children[top.next].clone();
                top.next += 1;
                if self.memo.contains_key(&child) {
                    continue;
                }
                if on_stack.contains(&child) {
                    return Err(ImpartialError::Cycle(format!("{child:?}")));
                }
                if self.memo.len() + stack.len() >= self.limit {
                    return Err(ImpartialError::TooLarge { limit: self.limit });
                }
                on_stack.insert(child.clone());
                let frame = self.frame(child);
                stack.push(frame);
            } else {
                let done = stack.pop().expect("non-empty stack");
                let g = mex(done.children.iter().map(|c| self.memo[c]));
                on_stack.remove(&done.position);
                self.memo.insert(done.position, g);
            }
        }
        Ok(self.memo[start])
    }

    /// The options of `p` whose Grundy value is `target` (for `target = 0`:
    /// the winning moves).
    pub fn moves_to_value(&mut self, p: &P, target: u64) -> Result<Vec<P>, ImpartialError> {
        let mut found = Vec::new();
        for child in (self.moves)(p) {
            if self.grundy(&child)? == target {
                found.push(child);
            }
        }
        Ok(found)
    }

    fn frame(&mut self, position: P) -> Frame<P> {
        let children = (self.moves)(&position);
        Frame {
            position,
            children,
            next: 0,
        }
    }
}

/// Whether the player to move wins `start` under misère play (the player who
/// makes the last move loses), for a finite game given by `moves`.
pub fn misere_next_wins<P, F>(start: &P, mut moves: F, limit: usize) -> Result<bool, ImpartialError>
where
    P: Clone + Eq + Hash + Debug,
    F: FnMut(&P) -> Vec<P>,
{
    let mut memo: HashMap<P, bool> = HashMap::new();
    let mut on_stack: HashSet<P> = HashSet::new();
    let mut stack: Vec<(P, Vec<P>, usize)> = vec![(start.clone(), moves(start), 0)];
    on_stack.insert(start.clone());
    while let Some(top) = stack.last_mut() {
        if top.2 < top.1.len() {
            let child = top.1[top.2].clone();
            top.2 += 1;
            if memo.contains_key(&child) {
                continue;
            }
            if on_stack.contains(&child) {
                return Err(ImpartialError::Cycle(format!("{child:?}")));
            }
            if memo.len() + stack.len() >= limit {
                return Err(ImpartialError::TooLarge { limit });
            }
            on_stack.insert(child.clone());
            let kids = moves(&child);
            stack.push((child, kids, 0));
        } else {
            let (p, kids, _) = stack.pop().expect("non-empty stack");
            // No move: the mover has not made the last move, so wins.
            let wins = kids.is_empty() || kids.iter().any(|k| !memo[k]);
            on_stack.remove(&p);
            memo.insert(p, wins);
        }
    }
    Ok(memo[start])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_chain_does_not_overflow_the_stack() {
        // A chain of 200 000 positions: n -> n - 1.
        let mut e = Engine::new(|&n: &u64| if n > 0 { vec![n - 1] } else { vec![] });
        assert_eq!(e.grundy(&200_000).unwrap(), 0);
        assert_eq!(e.grundy(&199_999).unwrap(), 1);
    }

    #[test]
    fn cycles_are_errors() {
        let mut e = Engine::new(|&n: &u8| vec![(n + 1) % 3]);
        assert!(matches!(e.grundy(&0), Err(ImpartialError::Cycle(_))));
    }

    #[test]
    fn limit_is_enforced() {
        let mut e =
            Engine::new(|&n: &u64| if n > 0 { vec![n - 1] } else { vec![] }).with_limit(100);
        let err = e.grundy(&1000).unwrap_err();
        assert!(matches!(err, ImpartialError::TooLarge { .. }));
        assert!(err.to_string().contains("hard bound, even with --no-limit"));
        assert!(!err.is_work_limit());
    }

    #[test]
    fn misere_single_heaps() {
        // Misère Nim with one heap: the mover wins unless the heap is 1.
        let moves = |&n: &u64| (0..n).collect::<Vec<_>>();
        for n in 0..10u64 {
            assert_eq!(
                misere_next_wins(&n, moves, 1000).unwrap(),
                n != 1,
                "heap {n}"
            );
        }
    }
}
