//! Coin-turning games (GAMES.md section 6; Winning Ways ch. 14, "Turn and
//! Turn About"; Lenstra 1977): a row of coins at positions 1, 2, 3, ...
//! (1-based, numbered from the left); a move turns over some coins chosen by
//! the rule, and the rightmost (highest-numbered) coin turned must go from
//! heads to tails, so every play ends. A position is the set of heads-up
//! coins, e.g. `ruler 3 5`.
//!
//! Theorem (WW ch. 14): such a position is the sum of the single-heads
//! positions, so g = XOR of g(h) over heads h, and a move that turns the
//! heads coin h and other coins c_1.. changes the value by g(h) ^ g(c_1) ^ ...
//! (a coin turned tails-to-heads adds its value, heads-to-tails removes it;
//! both are XOR). Closed forms, 1-based:
//!
//! * Turning Turtles: turn one or two coins. g(n) = n: it is Nim.
//! * Mock Turtles: turn one, two or three coins. g(n) = the n-th odious
//!   number (odd number of binary ones): 1, 2, 4, 7, 8, 11, 13, 14, ...,
//!   i.e. 2(n-1) + 1 if n-1 has an even number of ones, else 2(n-1).
//! * Ruler: turn any run of consecutive coins. g(n) = the largest power of
//!   2 dividing n (1, 2, 1, 4, 1, 2, 1, 8, ...).
//!
//! Invariant: positions are sorted, distinct, and at least 1; every closed
//! form and winning-move search is checked against the general engine on
//! every board of up to 8 coins.

use super::position::{Move, OPTION_SCAN_LIMIT, Outcome, Position, TooManyMoves};

/// Which coin-turning rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Turn one or two coins.
    TurningTurtles,
    /// Turn one, two or three coins.
    MockTurtles,
    /// Turn any run of consecutive coins.
    Ruler,
}

impl Rule {
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Rule::TurningTurtles => "turning-turtles",
            Rule::MockTurtles => "mock-turtles",
            Rule::Ruler => "ruler",
        }
    }

    /// The rule for a command-line name.
    pub fn from_name(name: &str) -> Option<Rule> {
        match name {
            "turning-turtles" => Some(Rule::TurningTurtles),
            "mock-turtles" => Some(Rule::MockTurtles),
            "ruler" => Some(Rule::Ruler),
            _ => None,
        }
    }

    /// g of a single heads coin at 1-based position n >= 1.
    pub fn value(self, n: u64) -> u64 {
        match self {
            Rule::TurningTurtles => n,
            Rule::MockTurtles => odious(n - 1),
            Rule::Ruler => n & n.wrapping_neg(),
        }
    }

    fn formula(self) -> &'static str {
        match self {
            Rule::TurningTurtles => "Turning Turtles is Nim: g(n) = n",
            Rule::MockTurtles => "Mock Turtles: g(n) = the n-th odious number",
            Rule::Ruler => "Ruler: g(n) = the largest power of 2 dividing n",
        }
    }
}

/// The odious number of index i (0-based): 1, 2, 4, 7, 8, 11, ...
/// (Mock Turtles' values need i < 2^63; larger i wrap.)
pub fn odious(i: u64) -> u64 {
    i.wrapping_mul(2) | u64::from(i.count_ones() % 2 == 0)
}

/// The 1-based position n with Mock Turtles value v, if v is odious.
fn odious_position(v: u64) -> Option<u64> {
    if v.count_ones() % 2 == 1 {
        Some(v / 2 + 1)
    } else {
        None
    }
}

/// XOR of the Ruler values of 1..=m.
fn ruler_prefix(m: u64) -> u64 {
    // Bit i is set iff an odd number of c <= m have lowest set bit 2^i,
    // i.e. floor((m + 2^i) / 2^(i+1)) is odd.
    let mut x = 0u64;
    for i in 0..64u32 {
        let count = ((m as u128 + (1u128 << i)) >> (i + 1)) as u64;
        if count % 2 == 1 {
            x |= 1 << i;
        }
    }
    x
}

/// A row of coins under a rule; `heads` are the heads-up positions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoinRow {
    /// The rule.
    pub rule: Rule,
    /// Heads-up coins, sorted, distinct, each at least 1.
    pub heads: Vec<u64>,
}

impl CoinRow {
    /// The value of the row: XOR of the single-coin values.
    pub fn total(&self) -> u64 {
        self.heads.iter().fold(0, |x, &h| x ^ self.rule.value(h))
    }

    /// The move turning the coins `turned` (the largest is heads).
    fn turn(&self, turned: &[u64]) -> Move {
        let mut heads = self.heads.clone();
        for &c in turned {
            match heads.binary_search(&c) {
                Ok(i) => {
                    heads.remove(i);
                }
                Err(i) => heads.insert(i, c),
            }
        }
        let label = match turned {
            [c] => format!("turn coin {c}"),
            _ if self.rule == Rule::Ruler && turned.len() > 2 => {
                format!("turn coins {} to {}", turned[0], turned[turned.len() - 1])
            }
            _ => format!(
                "turn coins {}",
                turned
                    .iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
        };
        Move {
            label,
            next: Box::new(CoinRow {
                rule: self.rule,
                heads,
            }),
        }
    }

    /// Every move: the sets of coins turned (sorted, the last is heads).
    fn move_sets(&self, limit: usize) -> Result<Vec<Vec<u64>>, TooManyMoves> {
        let mut out = Vec::new();
        for &h in &self.heads {
            let count: u128 = match self.rule {
                Rule::TurningTurtles | Rule::Ruler => h as u128,
                Rule::MockTurtles => 1 + (h as u128 - 1) * h as u128 / 2,
            };
            if out.len() as u128 + count > limit as u128 {
                return Err(TooManyMoves);
            }
            match self.rule {
                Rule::TurningTurtles => {
                    out.push(vec![h]);
                    out.extend((1..h).map(|c| vec![c, h]));
                }
                Rule::MockTurtles => {
                    out.push(vec![h]);
                    for c2 in 1..h {
                        out.push(vec![c2, h]);
                        out.extend((1..c2).map(|c1| vec![c1, c2, h]));
                    }
                }
                Rule::Ruler => out.extend((1..=h).map(|a| (a..=h).collect())),
            }
        }
        Ok(out)
    }

    /// The coin sets of the moves to value `target` (all of them, up to
    /// `limit` listed), by the XOR rule; `None` if a coin is too far right
    /// to scan.
    fn sets_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Vec<u64>>, u64)> {
        let x = self.total();
        let mut found = Vec::new();
        let mut count = 0u64;
        let mut keep = |set: Vec<u64>, found: &mut Vec<Vec<u64>>| {
            count += 1;
            if found.len() < limit {
                found.push(set);
            }
        };
        for &h in &self.heads {
            // The other coins turned must XOR to y.
            let y = x ^ target ^ self.rule.value(h);
            match self.rule {
                Rule::TurningTurtles => {
                    if y == 0 {
                        keep(vec![h], &mut found);
                    } else if y < h {
                        keep(vec![y, h], &mut found);
                    }
                }
                Rule::MockTurtles => {
                    if h > OPTION_SCAN_LIMIT as u64 {
                        return None;
                    }
                    if y == 0 {
                        keep(vec![h], &mut found);
                    }
                    if let Some(c) = odious_position(y).filter(|&c| c < h) {
                        keep(vec![c, h], &mut found);
                    }
                    for c1 in 1..h {
                        let Some(c2) = odious_position(odious(c1 - 1) ^ y) else {
                            continue;
                        };
                        if c1 < c2 && c2 < h {
                            keep(vec![c1, c2, h], &mut found);
                        }
                    }
                }
                Rule::Ruler => {
                    if h > OPTION_SCAN_LIMIT as u64 {
                        return None;
                    }
                    // Turning a..=h: the others a..h-1 XOR to
                    // prefix(h-1) ^ prefix(a-1).
                    let want = ruler_prefix(h - 1) ^ y;
                    let mut p = 0u64; // prefix(a - 1), starting at a = 1
                    for a in 1..=h {
                        if p == want {
                            keep((a..=h).collect(), &mut found);
                        }
                        p ^= self.rule.value(a);
                    }
                }
            }
        }
        Some((found, count))
    }
}

impl Position for CoinRow {
    fn boxed(&self) -> Box<dyn Position> {
        Box::new(self.clone())
    }
    fn describe(&self) -> String {
        let mut s = self.rule.name().to_string();
        for h in &self.heads {
            s.push(' ');
            s.push_str(&h.to_string());
        }
        s
    }
    fn outcome(&self) -> Outcome {
        Outcome::from_grundy(self.total())
    }
    fn grundy(&self) -> Option<u64> {
        Some(self.total())
    }
    fn options(&self, limit: usize) -> Result<Vec<Move>, TooManyMoves> {
        Ok(self
            .move_sets(limit)?
            .iter()
            .map(|set| self.turn(set))
            .collect())
    }
    fn moves_to_value(&self, target: u64, limit: usize) -> Option<(Vec<Move>, u64)> {
        let (sets, count) = self.sets_to_value(target, limit)?;
        Some((sets.iter().map(|s| self.turn(s)).collect(), count))
    }
    fn reason(&self) -> String {
        let vals: Vec<String> = self
            .heads
            .iter()
            .map(|&h| format!("g({h}) = {}", self.rule.value(h)))
            .collect();
        let x = self.total();
        format!(
            "{} (coins 1-based, Winning Ways ch. 14); heads {} XOR to {x}{}",
            self.rule.formula(),
            if vals.is_empty() {
                "none".to_string()
            } else {
                vals.join(", ")
            },
            if x == 0 { " (P-position)" } else { ", not 0" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::engine::Engine;

    const COINS: u32 = 8;

    /// Brute force on bit masks (bit c - 1 = coin c heads), straight from
    /// the rules.
    fn moves(rule: Rule, mask: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for h in 1..=COINS {
            if mask & (1 << (h - 1)) == 0 {
                continue;
            }
            let hb = 1u32 << (h - 1);
            match rule {
                Rule::TurningTurtles => {
                    out.push(mask ^ hb);
                    for c in 1..h {
                        out.push(mask ^ hb ^ (1 << (c - 1)));
                    }
                }
                Rule::MockTurtles => {
                    out.push(mask ^ hb);
                    for c2 in 1..h {
                        out.push(mask ^ hb ^ (1 << (c2 - 1)));
                        for c1 in 1..c2 {
                            out.push(mask ^ hb ^ (1 << (c2 - 1)) ^ (1 << (c1 - 1)));
                        }
                    }
                }
                Rule::Ruler => {
                    let mut run = 0;
                    for a in (1..=h).rev() {
                        run |= 1 << (a - 1);
                        out.push(mask ^ run);
                    }
                }
            }
        }
        out
    }

    fn row(rule: Rule, mask: u32) -> CoinRow {
        CoinRow {
            rule,
            heads: (1..=COINS as u64)
                .filter(|c| mask & (1 << (c - 1)) != 0)
                .collect(),
        }
    }

    fn to_mask(p: &CoinRow) -> u32 {
        p.heads.iter().fold(0, |m, &c| m | 1 << (c - 1))
    }

    #[test]
    fn closed_forms_and_winning_moves_match_brute_force() {
        for rule in [Rule::TurningTurtles, Rule::MockTurtles, Rule::Ruler] {
            let mut e = Engine::new(|&m: &u32| moves(rule, m));
            for mask in 0..(1u32 << COINS) {
                let p = row(rule, mask);
                let g = e.grundy(&mask).unwrap();
                assert_eq!(p.grundy(), Some(g), "{rule:?} {:?}", p.heads);
                // The XOR-rule moves to every value equal the brute force.
                for target in 0..4 {
                    let mut ours: Vec<u32> = p
                        .moves_to_value(target, usize::MAX)
                        .unwrap()
                        .0
                        .iter()
                        .map(|m| {
                            let d = m.next.describe();
                            let r = CoinRow {
                                rule,
                                heads: d
                                    .split_whitespace()
                                    .skip(1)
                                    .map(|w| w.parse().unwrap())
                                    .collect(),
                            };
                            to_mask(&r)
                        })
                        .collect();
                    let mut brute: Vec<u32> = moves(rule, mask)
                        .into_iter()
                        .filter(|&m| e.grundy(&m).unwrap() == target)
                        .collect();
                    ours.sort_unstable();
                    brute.sort_unstable();
                    assert_eq!(ours, brute, "{rule:?} {:?} -> {target}", p.heads);
                }
                let opts = p.options(1 << 20).unwrap();
                assert_eq!(opts.len(), moves(rule, mask).len());
            }
        }
    }

    #[test]
    fn known_values() {
        let v = |r: Rule| (1..=8).map(|n| r.value(n)).collect::<Vec<_>>();
        assert_eq!(v(Rule::TurningTurtles), vec![1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(v(Rule::MockTurtles), vec![1, 2, 4, 7, 8, 11, 13, 14]);
        assert_eq!(v(Rule::Ruler), vec![1, 2, 1, 4, 1, 2, 1, 8]);
        for m in 0..200 {
            assert_eq!(
                ruler_prefix(m),
                (1..=m).fold(0, |x, c| x ^ Rule::Ruler.value(c))
            );
        }
    }
}
