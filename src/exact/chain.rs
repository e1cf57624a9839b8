//! The match of two finite-state players as a Markov chain on their joint
//! state, and its expected outcome over a horizon.
//!
//! A joint state is (state of A, state of B). In it A cooperates with its
//! state's probability c_A, then the match's noise flips the move with
//! probability e, so A plays C with q_A = c_A (1 - e) + (1 - c_A) e
//! (independently of B, as the engine draws each player's flip on its own).
//! The turn's outcome (own move first, from A's side) has probability
//! q_A(x) q_B(y); each machine then moves along the joint move it saw (B
//! sees it the other way round).
//!
//! Horizons, with pi_t the distribution of the state at turn t:
//! - `Turns(n)`: pi carried forward n turns; the outcome shares are the mean
//!   of the n turns' outcome distributions.
//! - `Continuation { w, cap }`: turn t is played with probability w^(t-1)
//!   (and t <= cap). Without a cap the expected counts x = sum w^(t-1) pi_t
//!   solve x (I - w P) = pi_1; with one, a forward pass. Per-turn values are
//!   the expected totals over the expected length (1 / (1 - w) uncapped).
//! - `Infinite`: the limit of the means (Cesaro). The chain ends in one of
//!   its closed classes; the start decides which, with the absorption
//!   probabilities from the start, and the limit is the mixture of the
//!   classes' stationary distributions with those weights.

use crate::exact::machine::Machine;
use crate::exact::number::{Number, Ratio, Value};
use crate::exact::solve::{components, solve};
use num_bigint::{BigInt, Sign};
use std::collections::HashMap;

/// How long the match lasts.
#[derive(Clone, Debug, PartialEq)]
pub enum Length {
    /// Exactly this many turns (at least 1).
    Turns(u32),
    /// A random horizon: continuation probability in (0, 1), optional cap.
    Continuation {
        /// The probability w that the match goes on after a turn.
        w: Value,
        /// The longest match.
        cap: Option<u32>,
    },
    /// Play without end: the limit of the means.
    Infinite,
}

/// The joint chain of two machines.
#[derive(Clone, Debug)]
pub struct Chain<N> {
    /// The joint states reached from the start, (state of A, state of B);
    /// index 0 is the start.
    pub states: Vec<(usize, usize)>,
    /// Per joint state: P(CC), P(CD), P(DC), P(DD) of its turn (A's move first).
    pub outcomes: Vec<[N; 4]>,
    /// Per joint state: the next joint states and their probabilities.
    pub next: Vec<Vec<(usize, N)>>,
}

/// What the chain is asked beyond its size limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainTooLarge {
    /// The limit on joint states.
    pub limit: usize,
}

/// Expected outcome of a match, per turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Expected<N> {
    /// Shares of CC, CD, DC, DD (A's move first).
    pub outcomes: [N; 4],
    /// Expected number of turns (`None` for infinite play).
    pub length: Option<N>,
    /// The number of closed classes the chain can end in (infinite play),
    /// and with what probability from the start each is reached.
    pub classes: Vec<N>,
}

impl<N: Field> Chain<N> {
    /// Builds the chain reached from the start; `None` when a probability
    /// has no value in `N` (an input without an exact fraction).
    pub fn build(
        a: &Machine,
        b: &Machine,
        noise: &Value,
        limit: usize,
    ) -> Result<Option<Chain<N>>, ChainTooLarge> {
        let Some(e) = N::of(noise) else {
            return Ok(None);
        };
        let played = |c: &Value| -> Option<N> {
            let c = N::of(c)?;
            // c (1 - e) + (1 - c) e
            Some(
                c.times(&N::one().minus(&e))
                    .plus(&N::one().minus(&c).times(&e)),
            )
        };
        let mut index: HashMap<(usize, usize), usize> = HashMap::new();
        index.insert((0, 0), 0);
        let mut chain = Chain {
            states: vec![(0, 0)],
            outcomes: Vec::new(),
            next: Vec::new(),
        };
        let mut k = 0;
        while k < chain.states.len() {
            let (sa, sb) = chain.states[k];
            let (Some(qa), Some(qb)) = (
                played(&a.states[sa].cooperate),
                played(&b.states[sb].cooperate),
            ) else {
                return Ok(None);
            };
            let pa = [qa.clone(), N::one().minus(&qa)];
            let pb = [qb.clone(), N::one().minus(&qb)];
            let mut outcome: [N; 4] = std::array::from_fn(|_| N::zero());
            let mut next: Vec<(usize, N)> = Vec::new();
            for x in 0..2 {
                for y in 0..2 {
                    let p = pa[x].times(&pb[y]);
                    outcome[2 * x + y] = p.clone();
                    if p.is_zero() {
                        continue;
                    }
                    for (ta, wa) in &a.states[sa].next[2 * x + y] {
                        let Some(wa) = N::of(wa) else {
                            return Ok(None);
                        };
                        for (tb, wb) in &b.states[sb].next[2 * y + x] {
                            let Some(wb) = N::of(wb) else {
                                return Ok(None);
                            };
                            let q = p.times(&wa).times(&wb);
                            if q.is_zero() {
                                continue;
                            }
                            let target = match index.get(&(*ta, *tb)) {
                                Some(&t) => t,
                                None => {
                                    if chain.states.len() >= limit {
                                        return Err(ChainTooLarge { limit });
                                    }
                                    index.insert((*ta, *tb), chain.states.len());
                                    chain.states.push((*ta, *tb));
                                    chain.states.len() - 1
                                }
                            };
                            match next.iter_mut().find(|(t, _)| *t == target) {
                                Some((_, w)) => *w = w.plus(&q),
                                None => next.push((target, q)),
                            }
                        }
                    }
                }
            }
            chain.outcomes.push(outcome);
            chain.next.push(next);
            k += 1;
        }
        Ok(Some(chain))
    }

    /// The first player's probability of cooperating (after noise) at each
    /// turn 1..=turns.
    pub fn cooperation_by_turn(&self, turns: u32) -> Vec<N> {
        let n = self.len();
        let mut pi = vec![N::zero(); n];
        pi[0] = N::one();
        let mut rates = Vec::with_capacity(turns as usize);
        for t in 0..turns {
            let turn = self.weighted(&pi);
            rates.push(turn[0].plus(&turn[1]));
            if t + 1 == turns {
                break;
            }
            let mut next = vec![N::zero(); n];
            for (from, p) in pi.iter().enumerate() {
                if p.is_zero() {
                    continue;
                }
                for (to, q) in &self.next[from] {
                    next[*to] = next[*to].plus(&p.times(q));
                }
            }
            pi = next;
        }
        rates
    }

    /// The number of joint states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// True for a chain without states (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The expected outcome over a horizon; `None` when a needed value has
    /// no form in `N` or a system is singular (never for a valid w).
    pub fn expect(&self, length: &Length) -> Option<Expected<N>> {
        match length {
            Length::Turns(n) => {
                let (totals, weight) = N::forward(self, *n, &N::one());
                Some(self.per_turn(totals, weight, Vec::new()))
            }
            Length::Continuation { w, cap: Some(cap) } => {
                let (totals, weight) = N::forward(self, *cap, &N::of(w)?);
                Some(self.per_turn(totals, weight, Vec::new()))
            }
            Length::Continuation { w, cap: None } => {
                let w = N::of(w)?;
                let n = self.len();
                // (I - w P)^T x^T = e_start.
                let mut a = vec![vec![N::zero(); n]; n];
                for (i, row) in a.iter_mut().enumerate() {
                    row[i] = N::one();
                }
                for (from, next) in self.next.iter().enumerate() {
                    for (to, p) in next {
                        a[*to][from] = a[*to][from].minus(&w.times(p));
                    }
                }
                let mut b = vec![vec![N::zero()]; n];
                b[0][0] = N::one();
                let x = solve(a, b)?;
                let visits: Vec<N> = x.into_iter().map(|r| r[0].clone()).collect();
                let totals = self.weighted(&visits);
                let length = N::one().over(&N::one().minus(&w));
                Some(self.per_turn(totals, length, Vec::new()))
            }
            Length::Infinite => self.limit(),
        }
    }

    fn weighted(&self, weights: &[N]) -> [N; 4] {
        let mut totals: [N; 4] = std::array::from_fn(|_| N::zero());
        for (w, outcome) in weights.iter().zip(&self.outcomes) {
            if w.is_zero() {
                continue;
            }
            for k in 0..4 {
                totals[k] = totals[k].plus(&w.times(&outcome[k]));
            }
        }
        totals
    }

    /// Sums of turn t's outcome distribution weighted by w^(t-1), t = 1..n,
    /// and the sum of the weights, in `N`'s own arithmetic.
    fn forward_in_field(&self, turns: u32, w: &N) -> ([N; 4], N) {
        let n = self.len();
        let mut pi = vec![N::zero(); n];
        pi[0] = N::one();
        let mut totals: [N; 4] = std::array::from_fn(|_| N::zero());
        let mut weight = N::one();
        let mut length = N::zero();
        for t in 0..turns {
            let turn = self.weighted(&pi);
            for k in 0..4 {
                totals[k] = totals[k].plus(&weight.times(&turn[k]));
            }
            length = length.plus(&weight);
            if t + 1 == turns {
                break;
            }
            let mut next = vec![N::zero(); n];
            for (from, p) in pi.iter().enumerate() {
                if p.is_zero() {
                    continue;
                }
                for (to, q) in &self.next[from] {
                    next[*to] = next[*to].plus(&p.times(q));
                }
            }
            pi = next;
            weight = weight.times(w);
        }
        (totals, length)
    }

    fn per_turn(&self, totals: [N; 4], length: N, classes: Vec<N>) -> Expected<N> {
        Expected {
            outcomes: totals.map(|t| t.over(&length)),
            length: Some(length),
            classes,
        }
    }

    /// The limit of the means: closed classes, the absorption
    /// probabilities from the start, each class's stationary distribution.
    fn limit(&self) -> Option<Expected<N>> {
        let n = self.len();
        let edges: Vec<Vec<usize>> = self
            .next
            .iter()
            .map(|next| next.iter().map(|(t, _)| *t).collect())
            .collect();
        let (groups, component) = components(&edges);
        let closed: Vec<usize> = (0..groups.len())
            .filter(|&g| {
                groups[g]
                    .iter()
                    .all(|&v| edges[v].iter().all(|&t| component[t] == g))
            })
            .collect();
        // Absorption probabilities from the start into each closed class.
        let class_of = |v: usize| closed.iter().position(|&g| g == component[v]);
        let reach: Vec<N> = match class_of(0) {
            Some(c) => (0..closed.len())
                .map(|k| if k == c { N::one() } else { N::zero() })
                .collect(),
            None => {
                let transient: Vec<usize> = (0..n).filter(|&v| class_of(v).is_none()).collect();
                let position: HashMap<usize, usize> =
                    transient.iter().enumerate().map(|(i, &v)| (v, i)).collect();
                let m = transient.len();
                let mut a = vec![vec![N::zero(); m]; m];
                let mut b = vec![vec![N::zero(); closed.len()]; m];
                for (i, &v) in transient.iter().enumerate() {
                    a[i][i] = N::one();
                    for (t, p) in &self.next[v] {
                        match (position.get(t), class_of(*t)) {
                            (Some(&j), _) => a[i][j] = a[i][j].minus(p),
                            (None, Some(c)) => b[i][c] = b[i][c].plus(p),
                            (None, None) => unreachable!("a state is transient or closed"),
                        }
                    }
                }
                let x = solve(a, b)?;
                x[position[&0]].clone()
            }
        };
        let mut totals: [N; 4] = std::array::from_fn(|_| N::zero());
        for (k, &g) in closed.iter().enumerate() {
            if reach[k].is_zero() {
                continue;
            }
            let members = &groups[g];
            let position: HashMap<usize, usize> =
                members.iter().enumerate().map(|(i, &v)| (v, i)).collect();
            let m = members.len();
            // pi (P - I) = 0 with sum pi = 1: rows of (P - I)^T, the last
            // replaced by ones.
            let mut a = vec![vec![N::zero(); m]; m];
            for (i, &v) in members.iter().enumerate() {
                a[i][i] = a[i][i].minus(&N::one());
                for (t, p) in &self.next[v] {
                    let j = position[t];
                    a[j][i] = a[j][i].plus(p);
                }
            }
            a[m - 1] = vec![N::one(); m];
            let mut b = vec![vec![N::zero()]; m];
            b[m - 1][0] = N::one();
            let pi = solve(a, b)?;
            for (i, &v) in members.iter().enumerate() {
                let weight = reach[k].times(&pi[i][0]);
                for (s, total) in totals.iter_mut().enumerate() {
                    *total = total.plus(&weight.times(&self.outcomes[v][s]));
                }
            }
        }
        Some(Expected {
            outcomes: totals,
            length: None,
            classes: reach,
        })
    }
}

/// A field with its fastest forward pass: doubles carry the distribution
/// as it is; exact fractions carry integers over a common denominator
/// (one reduction at the end instead of a gcd per operation).
pub trait Field: Number {
    /// See [`Chain::forward_in_field`]: the weighted outcome sums over
    /// `turns` turns and the sum of the weights w^(t-1).
    fn forward(chain: &Chain<Self>, turns: u32, w: &Self) -> ([Self; 4], Self);
}

impl Field for f64 {
    fn forward(chain: &Chain<f64>, turns: u32, w: &f64) -> ([f64; 4], f64) {
        chain.forward_in_field(turns, w)
    }
}

impl Field for Ratio {
    /// With D the common denominator of the transition probabilities, w =
    /// a / b and E = D b: v_t = pi_t D^(t-1) is an integer vector
    /// (v_(t+1) = v_t (D P)), and the sums are Horner sums over E:
    /// totals = sum_t a^(t-1) (v_t . O) E^(n-t) / (E^(n-1) D_O), with O the
    /// outcome distributions times their common denominator D_O.
    fn forward(chain: &Chain<Ratio>, turns: u32, w: &Ratio) -> ([Ratio; 4], Ratio) {
        let lcm = |values: &mut dyn Iterator<Item = &Ratio>| {
            values.fold(BigInt::from(1), |acc, r| {
                let d = r.denom();
                let g = big_gcd(&acc, d);
                acc / g * d
            })
        };
        let d = lcm(&mut chain.next.iter().flatten().map(|(_, p)| p));
        let d_out = lcm(&mut chain.outcomes.iter().flatten());
        let scale = |r: &Ratio, by: &BigInt| r.numer() * (by / r.denom());
        let steps: Vec<Vec<(usize, BigInt)>> = chain
            .next
            .iter()
            .map(|next| next.iter().map(|(t, p)| (*t, scale(p, &d))).collect())
            .collect();
        let outcomes: Vec<[BigInt; 4]> = chain
            .outcomes
            .iter()
            .map(|o| std::array::from_fn(|k| scale(&o[k], &d_out)))
            .collect();
        let (a, b) = (w.numer().clone(), w.denom().clone());
        let e = &d * &b;
        let n = chain.len();
        let mut v = vec![BigInt::ZERO; n];
        v[0] = BigInt::from(1);
        let mut sums: [BigInt; 4] = std::array::from_fn(|_| BigInt::ZERO);
        let mut length = BigInt::ZERO;
        let mut a_power = BigInt::from(1);
        let mut d_power = BigInt::from(1);
        for t in 0..turns {
            for (k, sum) in sums.iter_mut().enumerate() {
                let mut turn = BigInt::ZERO;
                for (vi, o) in v.iter().zip(&outcomes) {
                    if vi.sign() != Sign::NoSign && o[k].sign() != Sign::NoSign {
                        turn += vi * &o[k];
                    }
                }
                *sum = &*sum * &e + &a_power * turn;
            }
            length = &length * &e + &a_power * &d_power;
            if t + 1 == turns {
                break;
            }
            let mut next = vec![BigInt::ZERO; n];
            for (from, vi) in v.iter().enumerate() {
                if vi.sign() == Sign::NoSign {
                    continue;
                }
                for (to, m) in &steps[from] {
                    next[*to] += vi * m;
                }
            }
            v = next;
            a_power *= &a;
            d_power *= &d;
        }
        let e_power = e.pow(turns.saturating_sub(1));
        let totals = sums.map(|s| Ratio::new(s, &e_power * &d_out));
        (totals, Ratio::new(length, e_power))
    }
}

fn big_gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut a, mut b) = (a.magnitude().clone(), b.magnitude().clone());
    while b != num_bigint::BigUint::ZERO {
        let r = &a % &b;
        a = b;
        b = r;
    }
    BigInt::from(a)
}

impl<N: Number> Expected<N> {
    /// Both players' expected scores per turn under payoffs (R, S, T, P).
    pub fn scores(&self, payoffs: &[N; 4]) -> [N; 2] {
        let [r, s, t, p] = payoffs;
        let [cc, cd, dc, dd] = &self.outcomes;
        let dot = |a: &N, b: &N, c: &N, d: &N| {
            cc.times(a)
                .plus(&cd.times(b))
                .plus(&dc.times(c))
                .plus(&dd.times(d))
        };
        [dot(r, s, t, p), dot(r, t, s, p)]
    }

    /// Both players' expected cooperation rates.
    pub fn cooperation(&self) -> [N; 2] {
        let [cc, cd, dc, _] = &self.outcomes;
        [cc.plus(cd), cc.plus(dc)]
    }
}
