//! Who plays whom in a tournament: every pair and every player against a
//! copy of itself (a round robin, axelrod's default), or only the pairs
//! of a list of edges (axelrod's `Tournament(edges=...)`, a spatial
//! tournament).
//!
//! An edge list is kept as written: its order is the order the pairs are
//! played and reported in (match ids, `matches.csv`, `interactions.csv`),
//! and an edge `[a, b]` seats `a` first, as axelrod does. A self-loop
//! `[a, a]` is self-play. Checked by [`Pairings::edges`]: every end names a
//! player, no pair is listed twice (in either direction) and every player
//! is on at least one edge (axelrod refuses a line-up with a player on
//! none).
//!
//! The results of a tournament on edges count, for each player, only the
//! opponents it met: its normalised score is the mean over them (in the
//! order its rows appear in axelrod's interactions file, which is edge
//! order), and a player whose only edge is a self-loop scores 0, as in
//! axelrod's `ResultSet`. [`Pairings::opponents`] gives that order.

use std::sync::Arc;

/// Who plays whom.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Pairings {
    /// Every pair `(i, j)`, `i <= j`: self-play included.
    #[default]
    RoundRobin,
    /// Only these pairs, in this order, seats as written.
    Edges(Arc<[(usize, usize)]>),
}

/// Why an edge list cannot be a tournament's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// An end outside `0..players`.
    #[error("edge {index} names player {player}; players are numbered 0 to {} ({players} players)", players - 1)]
    OutOfRange {
        /// Position of the edge in the list.
        index: usize,
        /// The end that is out of range.
        player: usize,
        /// Players in the tournament.
        players: usize,
    },
    /// The same pair twice (either direction).
    #[error(
        "edge {index} [{a}, {b}] repeats edge {earlier}: each pair plays once a repetition \
         (raise `repetitions` for more)"
    )]
    Duplicate {
        /// Position of the repeat.
        index: usize,
        /// Its ends.
        a: usize,
        /// Its ends.
        b: usize,
        /// Position of the first listing.
        earlier: usize,
    },
    /// A player on no edge.
    #[error(
        "player {player} is on no edge; every player needs one (a self-loop [{player}, {player}] \
         is self-play)"
    )]
    Unplayed {
        /// The player.
        player: usize,
    },
    /// No edge at all.
    #[error("the edge list is empty; list pairs of players as [[0, 1], [1, 2], ...]")]
    Empty,
}

impl Pairings {
    /// The edges of `list` for `players` players, checked (see the module
    /// doc).
    pub fn edges(players: usize, list: &[(usize, usize)]) -> Result<Pairings, PairingError> {
        if list.is_empty() {
            return Err(PairingError::Empty);
        }
        let mut seen = std::collections::HashMap::with_capacity(list.len());
        let mut on_edge = vec![false; players];
        for (index, &(a, b)) in list.iter().enumerate() {
            for player in [a, b] {
                if player >= players {
                    return Err(PairingError::OutOfRange {
                        index,
                        player,
                        players,
                    });
                }
                on_edge[player] = true;
            }
            if let Some(&earlier) = seen.get(&(a.min(b), a.max(b))) {
                return Err(PairingError::Duplicate {
                    index,
                    a,
                    b,
                    earlier,
                });
            }
            seen.insert((a.min(b), a.max(b)), index);
        }
        if let Some(player) = on_edge.iter().position(|&on| !on) {
            return Err(PairingError::Unplayed { player });
        }
        Ok(Pairings::Edges(list.into()))
    }

    /// True for the round robin.
    pub fn is_round_robin(&self) -> bool {
        matches!(self, Pairings::RoundRobin)
    }

    /// Pairs played among `players` players.
    pub fn count(&self, players: usize) -> u64 {
        match self {
            Pairings::RoundRobin => {
                let n = players as u64;
                n * (n + 1) / 2
            }
            Pairings::Edges(edges) => edges.len() as u64,
        }
    }

    /// Pair number `p` (in playing order), `None` past the last.
    pub fn pair(&self, players: usize, p: u64) -> Option<(usize, usize)> {
        match self {
            Pairings::RoundRobin => {
                if p >= self.count(players) {
                    return None;
                }
                // Row i holds the pairs (i, i..n): n - i of them.
                let (mut rest, mut i) = (p, 0usize);
                while rest >= (players - i) as u64 {
                    rest -= (players - i) as u64;
                    i += 1;
                }
                Some((i, i + rest as usize))
            }
            Pairings::Edges(edges) => usize::try_from(p).ok().and_then(|p| edges.get(p).copied()),
        }
    }

    /// The pairs from number `first` on, in playing order (one step each:
    /// no search per pair).
    pub fn from(&self, players: usize, first: u64) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut next = self.pair(players, first);
        let mut p = first;
        std::iter::from_fn(move || {
            let here = next?;
            p += 1;
            next = match self {
                Pairings::RoundRobin => {
                    let (i, j) = here;
                    if j + 1 < players {
                        Some((i, j + 1))
                    } else if i + 1 < players {
                        Some((i + 1, i + 1))
                    } else {
                        None
                    }
                }
                Pairings::Edges(_) => self.pair(players, p),
            };
            Some(here)
        })
    }

    /// Every pair, in playing order.
    pub fn list(&self, players: usize) -> Vec<(usize, usize)> {
        match self {
            Pairings::RoundRobin => (0..players)
                .flat_map(|i| (i..players).map(move |j| (i, j)))
                .collect(),
            Pairings::Edges(edges) => edges.to_vec(),
        }
    }

    /// For an edge list, each player's opponents in the order axelrod's
    /// `ResultSet` reads them (edge order; itself where a self-loop is);
    /// `None` for the round robin, where it is everyone in index order.
    pub fn opponents(&self, players: usize) -> Option<Vec<Vec<usize>>> {
        let Pairings::Edges(edges) = self else {
            return None;
        };
        let mut lists = vec![Vec::new(); players];
        for &(a, b) in edges.iter() {
            lists[a].push(b);
            if a != b {
                lists[b].push(a);
            }
        }
        Some(lists)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_round_robin_numbers_its_pairs_row_by_row() {
        let r = Pairings::RoundRobin;
        assert_eq!(r.count(4), 10);
        let listed = r.list(4);
        let numbered: Vec<_> = (0..10).map(|p| r.pair(4, p).unwrap()).collect();
        assert_eq!(listed, numbered);
        assert_eq!(listed[..5], [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)]);
        assert_eq!(r.pair(4, 10), None);
        assert_eq!(r.from(4, 3).collect::<Vec<_>>(), listed[3..].to_vec());
        assert_eq!(r.from(4, 10).count(), 0);
        assert_eq!(r.opponents(4), None);
    }

    #[test]
    fn an_edge_list_keeps_its_order_and_seats() {
        let e = Pairings::edges(4, &[(2, 0), (0, 1), (3, 3), (1, 3)]).unwrap();
        assert_eq!(e.count(4), 4);
        assert_eq!(e.pair(4, 0), Some((2, 0)));
        assert_eq!(e.pair(4, 3), Some((1, 3)));
        assert_eq!(e.pair(4, 4), None);
        assert_eq!(e.list(4), vec![(2, 0), (0, 1), (3, 3), (1, 3)]);
        assert_eq!(e.from(4, 2).collect::<Vec<_>>(), vec![(3, 3), (1, 3)]);
        let opponents = e.opponents(4).unwrap();
        assert_eq!(opponents[0], vec![2, 1]);
        assert_eq!(opponents[3], vec![3, 1]);
        assert!(!e.is_round_robin());
    }

    #[test]
    fn bad_edge_lists_say_what_is_wrong() {
        assert_eq!(
            Pairings::edges(3, &[(0, 1), (1, 3)]),
            Err(PairingError::OutOfRange {
                index: 1,
                player: 3,
                players: 3
            })
        );
        assert_eq!(
            Pairings::edges(3, &[(0, 1), (1, 2), (1, 0)]),
            Err(PairingError::Duplicate {
                index: 2,
                a: 1,
                b: 0,
                earlier: 0
            })
        );
        assert_eq!(
            Pairings::edges(3, &[(0, 1), (1, 1)]),
            Err(PairingError::Unplayed { player: 2 })
        );
        assert_eq!(Pairings::edges(3, &[]), Err(PairingError::Empty));
        // A player whose only edge is a self-loop is on an edge.
        assert!(Pairings::edges(3, &[(0, 1), (2, 2)]).is_ok());
    }
}
