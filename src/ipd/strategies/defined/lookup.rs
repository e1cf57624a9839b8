//! `kind = "lookup"`: a table from recent play to the next move (axelrod's
//! `LookerUp`, Martin Jones; 4.14 `strategies/lookerup.py`).
//!
//! A key is the player's own last `own` moves, then the opponent's last
//! `opponent` moves (each oldest first), then the opponent's first
//! `opponent_first` moves, written as one string of C and D; spaces may
//! separate the groups ("CD D" is the same key as "CDD"). Every possible
//! key must be present exactly once. A value is "C", "D" or the probability
//! of C (as axelrod's `Gambler`; 0 and 1 decide without a draw).
//!
//! The first `depth = max(own, opponent, opponent_first)` turns play the
//! `initial` moves (the turn is counted by the opponent's history, as in
//! axelrod); after that the table decides.

use crate::ipd::action::Action;
use crate::ipd::history::History;
use crate::ipd::random::MatchRng;
use crate::ipd::strategies::basic::random_choice;
use crate::ipd::strategies::defined::{DefinitionError, Place, check_probability};

/// The longest key (own + opponent + opponent_first): 2^16 entries.
pub const MAX_KEY_LENGTH: u32 = 16;

/// What a table entry says to do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Response {
    /// Play this move.
    Move(Action),
    /// Cooperate with this probability.
    Probability(f64),
}

/// A validated lookup table.
#[derive(Clone, Debug, PartialEq)]
pub struct LookupTable {
    /// Own last moves in a key.
    pub own: u32,
    /// Opponent's last moves in a key.
    pub opponent: u32,
    /// Opponent's first moves in a key.
    pub opponent_first: u32,
    /// Moves of the first `depth()` turns.
    pub initial: Vec<Action>,
    /// Responses indexed by the key read as a binary number (C = 0, D = 1,
    /// first character most significant).
    responses: Vec<Response>,
}

impl LookupTable {
    /// Builds a table from `(key, response)` entries in file order.
    pub fn new(
        own: u32,
        opponent: u32,
        opponent_first: u32,
        initial: Vec<Action>,
        entries: &[(String, Response)],
    ) -> Result<LookupTable, DefinitionError> {
        let length = own + opponent + opponent_first;
        if length > MAX_KEY_LENGTH {
            return Err(DefinitionError::new(
                Place::Field("own"),
                format!(
                    "own + opponent + opponent_first = {length}; at most {MAX_KEY_LENGTH} moves \
                     per key are allowed"
                ),
            ));
        }
        let depth = own.max(opponent).max(opponent_first);
        if initial.len() != depth as usize {
            return Err(DefinitionError::new(
                Place::Field("initial"),
                format!(
                    "`initial` has {} moves; the table needs exactly {depth} (one for each turn \
                     before max(own, opponent, opponent_first) = {depth} turns are played)",
                    initial.len()
                ),
            ));
        }
        let size = 1usize << length;
        let mut responses: Vec<Option<(Response, usize)>> = vec![None; size];
        for (i, (key, response)) in entries.iter().enumerate() {
            let index = parse_key(key, own, opponent, opponent_first)
                .map_err(|message| DefinitionError::new(Place::TableKey(i), message))?;
            if let Response::Probability(p) = *response {
                check_probability(
                    p,
                    &format!("the probability of C for key `{key}`"),
                    Place::TableValue(i),
                )?;
            }
            if let Some((_, first)) = responses[index] {
                return Err(DefinitionError::new(
                    Place::TableKey(i),
                    format!(
                        "key `{key}` is the same key as `{}` (entry {}); every key must appear \
                         exactly once",
                        entries[first].0,
                        first + 1
                    ),
                ));
            }
            responses[index] = Some((*response, i));
        }
        let missing: Vec<String> = (0..size)
            .filter(|&index| responses[index].is_none())
            .map(|index| key_text(index, own, opponent, opponent_first))
            .collect();
        if !missing.is_empty() {
            let shown: Vec<String> = missing.iter().take(8).map(|k| format!("`{k}`")).collect();
            return Err(DefinitionError::new(
                Place::Table,
                format!(
                    "{} of the {size} keys {} missing: {}{} (keys are own {own}, opponent {opponent}, \
                     opponent_first {opponent_first} moves; every key must appear exactly once)",
                    missing.len(),
                    if missing.len() == 1 { "is" } else { "are" },
                    shown.join(", "),
                    if missing.len() > 8 { ", ..." } else { "" }
                ),
            ));
        }
        Ok(LookupTable {
            own,
            opponent,
            opponent_first,
            initial,
            responses: responses
                .into_iter()
                .map(|r| r.map(|(response, _)| response))
                .collect::<Option<Vec<_>>>()
                .unwrap_or_default(),
        })
    }

    /// A table of moves given by key index (the key read as a binary
    /// number, C = 0, D = 1, first character most significant: the order
    /// of [`LookupTable::entries`]), as a trained genome holds it; `None`
    /// when the sizes do not fit (`moves.len()` must be 2^(own + opponent
    /// + opponent_first), `initial.len()` the depth).
    pub fn from_moves(
        own: u32,
        opponent: u32,
        opponent_first: u32,
        initial: Vec<Action>,
        moves: &[Action],
    ) -> Option<LookupTable> {
        let length = own + opponent + opponent_first;
        let depth = own.max(opponent).max(opponent_first);
        (length <= MAX_KEY_LENGTH
            && moves.len() == 1usize << length
            && initial.len() == depth as usize)
            .then(|| LookupTable {
                own,
                opponent,
                opponent_first,
                initial,
                responses: moves.iter().map(|&m| Response::Move(m)).collect(),
            })
    }

    /// A table of probabilities of C given by key index (axelrod's
    /// `Gambler`; the order of [`LookupTable::from_moves`]); `None` when
    /// the sizes do not fit or a value is not a probability.
    pub fn from_probabilities(
        own: u32,
        opponent: u32,
        opponent_first: u32,
        initial: Vec<Action>,
        probabilities: &[f64],
    ) -> Option<LookupTable> {
        let mut table = LookupTable::from_moves(
            own,
            opponent,
            opponent_first,
            initial,
            &vec![Action::C; probabilities.len()],
        )?;
        if !probabilities.iter().all(|p| (0.0..=1.0).contains(p)) {
            return None;
        }
        table.responses = probabilities
            .iter()
            .map(|&p| Response::Probability(p))
            .collect();
        Some(table)
    }

    /// Turns played from `initial` before the table decides.
    pub fn depth(&self) -> u32 {
        self.own.max(self.opponent).max(self.opponent_first)
    }

    /// Every key in canonical form (groups separated by spaces) with its
    /// response, in key order.
    pub fn entries(&self) -> Vec<(String, Response)> {
        self.responses
            .iter()
            .enumerate()
            .map(|(index, r)| {
                (
                    key_text(index, self.own, self.opponent, self.opponent_first),
                    *r,
                )
            })
            .collect()
    }

    /// True when some entry is a probability strictly between 0 and 1.
    pub fn is_stochastic(&self) -> bool {
        self.responses
            .iter()
            .any(|r| matches!(r, Response::Probability(p) if *p > 0.0 && *p < 1.0))
    }

    /// max(own, opponent) when the opponent's first moves are not used,
    /// else unbounded (as axelrod classifies `LookerUp`).
    pub fn memory_depth(&self) -> Option<u32> {
        (self.opponent_first == 0).then(|| self.own.max(self.opponent))
    }

    /// The move of the next turn; `openings` holds the opponent's first
    /// moves once they are known.
    #[inline]
    pub fn choose(
        &self,
        openings: &mut u64,
        me: &History,
        them: &History,
        rng: &mut MatchRng,
    ) -> Action {
        match self.response(openings, me, them) {
            Response::Move(action) => action,
            Response::Probability(p) => random_choice(rng, p),
        }
    }

    /// What the table says for the next turn (the opening moves first),
    /// without drawing; `openings` as in [`LookupTable::choose`].
    #[inline]
    pub fn response(&self, openings: &mut u64, me: &History, them: &History) -> Response {
        let turn = them.len();
        if turn == self.opponent_first {
            // The opponent's first m moves, the first one most significant.
            *openings = them.recent_bits() & mask(self.opponent_first);
        }
        if turn < self.depth() {
            return Response::Move(self.initial[turn as usize]);
        }
        let own = me.recent_bits() & mask(self.own);
        let opponent = them.recent_bits() & mask(self.opponent);
        let index = (own << (self.opponent + self.opponent_first))
            | (opponent << self.opponent_first)
            | *openings;
        self.responses[index as usize]
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// The index of a key, or what is wrong with it.
fn parse_key(key: &str, own: u32, opponent: u32, opponent_first: u32) -> Result<usize, String> {
    let length = (own + opponent + opponent_first) as usize;
    let letters: Vec<char> = key.chars().filter(|c| *c != ' ').collect();
    let layout = format!(
        "a key is {length} letters C or D: own last {own}, opponent's last {opponent}, \
         opponent's first {opponent_first} (spaces may separate the groups)"
    );
    if let Some(bad) = letters.iter().find(|c| **c != 'C' && **c != 'D') {
        return Err(format!("key `{key}` contains `{bad}`; {layout}"));
    }
    if letters.len() != length {
        return Err(format!(
            "key `{key}` has {} letters; {layout}",
            letters.len()
        ));
    }
    Ok(letters
        .iter()
        .fold(0usize, |index, c| (index << 1) | usize::from(*c == 'D')))
}

/// The canonical text of a key index: groups separated by spaces, empty
/// groups left out.
fn key_text(index: usize, own: u32, opponent: u32, opponent_first: u32) -> String {
    let length = own + opponent + opponent_first;
    let letters: Vec<char> = (0..length)
        .map(|i| {
            if (index >> (length - 1 - i)) & 1 == 1 {
                'D'
            } else {
                'C'
            }
        })
        .collect();
    let mut groups = Vec::new();
    let mut start = 0usize;
    for size in [own, opponent, opponent_first] {
        let end = start + size as usize;
        if size > 0 {
            groups.push(letters[start..end].iter().collect::<String>());
        }
        start = end;
    }
    groups.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::action::Action::{C, D};
    use crate::ipd::random::match_rng;
    use crate::ipd::strategies::defined::test_support::moves;
    use crate::ipd::strategies::defined::{Body, Definition};
    use crate::ipd::strategies::{CATALOGUE, PlayerSpec};
    use std::sync::Arc;

    fn entries(pairs: &[(&str, Response)]) -> Vec<(String, Response)> {
        pairs.iter().map(|(k, r)| (k.to_string(), *r)).collect()
    }

    #[test]
    fn tit_for_tat_as_a_table_plays_like_tit_for_tat() {
        let table = LookupTable::new(
            0,
            1,
            0,
            vec![C],
            &entries(&[("C", Response::Move(C)), ("D", Response::Move(D))]),
        )
        .unwrap();
        assert_eq!(table.memory_depth(), Some(1));
        let player = Arc::new(Definition {
            name: "TFT table".into(),
            description: None,
            source: None,
            declared_memory_depth: None,
            body: Body::Lookup(table),
        })
        .player("tft-table");
        assert!(!player.is_stochastic());
        let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
        for info in CATALOGUE.iter() {
            let other = PlayerSpec::new(info.id).build().unwrap();
            if other.is_stochastic() {
                continue;
            }
            for turns in [1, 10, 200] {
                assert_eq!(
                    moves(&player.prototype, &other.prototype, turns),
                    moves(&tft.prototype, &other.prototype, turns),
                    "{}",
                    info.id
                );
            }
        }
    }

    /// A gambler's table: values 0 and 1 decide without a draw (so a table of
    /// only 0 and 1 is deterministic and plays like C/D), any other value
    /// draws once and plays C when the uniform is below it.
    #[test]
    fn probabilities_follow_axelrods_random_choice() {
        let table =
            |cc, cd| LookupTable::new(0, 1, 0, vec![C], &entries(&[("C", cc), ("D", cd)])).unwrap();
        let certain = table(Response::Probability(1.0), Response::Probability(0.0));
        let moves_table = table(Response::Move(C), Response::Move(D));
        assert!(!certain.is_stochastic());
        let mut history = [History::default(), History::default()];
        for (turn, (mine, theirs)) in [(C, D), (D, C), (C, C), (C, D)].into_iter().enumerate() {
            let mut rng = match_rng(turn as u64, 0, 1, 0);
            let before = rng.clone();
            let (me, them) = (&history[0], &history[1]);
            assert_eq!(
                certain.choose(&mut 0, me, them, &mut rng),
                moves_table.choose(&mut 0, me, them, &mut rng)
            );
            assert_eq!(rng, before, "0 and 1 draw nothing");
            history[0].push(mine);
            history[1].push(theirs);
        }
        let gambler = table(Response::Probability(0.25), Response::Probability(0.0));
        assert!(gambler.is_stochastic());
        let mut me = History::default();
        let mut them = History::default();
        me.push(C);
        them.push(C);
        for seed in 0..500 {
            let mut rng = match_rng(seed, 0, 1, 0);
            let mut copy = rng.clone();
            let u = crate::ipd::random::unit_interval(&mut copy);
            let action = gambler.choose(&mut 0, &me, &them, &mut rng);
            assert_eq!(action, if u < 0.25 { C } else { D });
            assert_eq!(rng, copy, "one draw");
        }
    }

    #[test]
    fn keys_are_checked() {
        let tft = |pairs: &[(&str, Response)]| {
            LookupTable::new(1, 1, 0, vec![C], &entries(pairs)).unwrap_err()
        };
        let m = Response::Move(C);
        let missing = tft(&[("CC", m), ("CD", m), ("DC", m)]);
        assert_eq!(missing.place, Place::Table);
        assert!(missing.message.contains("`D D`"), "{missing}");
        let duplicate = tft(&[("CC", m), ("C C", m), ("DC", m), ("DD", m)]);
        assert_eq!(duplicate.place, Place::TableKey(1));
        let bad = tft(&[("CX", m)]);
        assert_eq!(bad.place, Place::TableKey(0));
        let long = tft(&[("CCC", m)]);
        assert!(long.message.contains("has 3 letters"), "{long}");
        let p = tft(&[("CC", Response::Probability(1.5))]);
        assert_eq!(p.place, Place::TableValue(0));
        assert!(p.message.contains("between 0 and 1, got 1.5"), "{p}");
    }

    #[test]
    fn opening_moves_of_the_opponent_are_part_of_the_key() {
        // Own 0, opponent 0, opponent_first 1: copy the opponent's first move
        // for ever (after playing C on the first turn).
        let table = LookupTable::new(
            0,
            0,
            1,
            vec![C],
            &entries(&[("C", Response::Move(C)), ("D", Response::Move(D))]),
        )
        .unwrap();
        assert_eq!(table.memory_depth(), None);
        let player = Arc::new(Definition {
            name: "first".into(),
            description: None,
            source: None,
            declared_memory_depth: None,
            body: Body::Lookup(table),
        })
        .player("first");
        let alternator = PlayerSpec::new("alternator").build().unwrap();
        let (mine, _) = moves(&player.prototype, &alternator.prototype, 5);
        assert_eq!(mine, vec![C, C, C, C, C]);
        let stft = PlayerSpec::new("suspicious-tit-for-tat").build().unwrap();
        let (mine, _) = moves(&player.prototype, &stft.prototype, 5);
        assert_eq!(mine, vec![C, D, D, D, D]);
    }
}
