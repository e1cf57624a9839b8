//! Exact equilibrium regions of boxed pigs over one parameter (intervals
//! with rational end points) or two parameters (a grid of cells plus the
//! exact boundary curves).
//!
//! Why this is exact: every payoff of the game is `share * F - c`,
//! `share * F` or 0, with `share` one of the parameters, `1 - ` a parameter,
//! or the default `(a + b) / 2`. So with one parameter moving, each of the
//! four incentive differences ([`incentives`]) is an affine function of it,
//! and with two moving it is bilinear (`alpha + beta x + gamma y + delta x y`).
//! By the invariant of [`crate::dilemmas::pigs::outcome`] the equilibrium set
//! is constant wherever no incentive changes sign, so along a sweep it can
//! only change at the zeros of four affine functions: rational numbers,
//! computed exactly here. The affine / bilinear form is checked at extra
//! points, never assumed; a mismatch is an error.
//!
//! Invariants: regions cover `[from, to]` in order without gaps or overlap;
//! adjacent regions differ in their [`Outcome`]; each region's outcome is
//! the analysis ([`analyse`]) of the game at a point inside it.

use std::collections::HashMap;

use crate::dilemmas::pigs::game::{PARAMETERS, PigsGame};
use crate::dilemmas::pigs::outcome::{Outcome, incentives, signs};
use crate::dilemmas::pigs::sweep::SweepError;
use crate::normal_form::analysis::analyse;
use crate::normal_form::rational::{Checked, Rational};

/// Largest number of cells along one axis of a 2-D map.
pub const MAX_MAP_STEPS: u32 = 400;

/// One swept parameter: name, range and number of steps (grid intervals
/// for a 1-D sweep, cells for an axis of a 2-D map).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    /// Parameter name (one of [`PARAMETERS`]).
    pub parameter: String,
    /// Start of the range.
    pub from: Rational,
    /// End of the range.
    pub to: Rational,
    /// Grid steps.
    pub steps: u32,
}

impl Axis {
    fn check(&self, max_steps: u32) -> Result<(), SweepError> {
        if !PARAMETERS.contains(&self.parameter.as_str()) {
            return Err(SweepError::Parameter(self.parameter.clone()));
        }
        if self.from >= self.to || self.steps == 0 || self.steps > max_steps {
            return Err(SweepError::Grid);
        }
        Ok(())
    }
}

/// A maximal interval of the swept parameter with one equilibrium set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// Left end.
    pub from: Rational,
    /// Right end (equal to `from` for a single point).
    pub to: Rational,
    /// Whether `from` belongs to the region.
    pub from_included: bool,
    /// Whether `to` belongs to the region.
    pub to_included: bool,
    /// The equilibria that hold throughout.
    pub outcome: Outcome,
}

impl Region {
    /// Interval notation: "[0, 1/2)", "{1/2}", "(1/2, 3/4)".
    pub fn interval(&self) -> String {
        if self.from == self.to {
            return format!("{{{}}}", self.from);
        }
        format!(
            "{}{}, {}{}",
            if self.from_included { '[' } else { '(' },
            self.from,
            self.to,
            if self.to_included { ']' } else { ')' }
        )
    }
}

/// A value where at least one incentive is zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Boundary {
    /// The exact value.
    pub value: Rational,
    /// Indices into [`crate::dilemmas::pigs::outcome::INCENTIVES`] of the
    /// differences that vanish there.
    pub incentives: Vec<usize>,
    /// Whether the equilibrium set changes here (at the point or across it).
    pub changes: bool,
}

/// The exact regions of a 1-D sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineRegions {
    /// The swept parameter.
    pub axis: Axis,
    /// Regions in order, covering `[from, to]`.
    pub regions: Vec<Region>,
    /// Every zero of an incentive in `[from, to]`, in order.
    pub boundaries: Vec<Boundary>,
}

fn game_at(base: &PigsGame, parameter: &str, value: Rational) -> Result<PigsGame, SweepError> {
    Ok(base
        .with(parameter, value)
        .ok_or_else(|| SweepError::Parameter(parameter.to_string()))??)
}

fn outcome_at(game: &PigsGame) -> Result<Outcome, SweepError> {
    Ok(Outcome::of(&analyse(&game.bimatrix()?)?))
}

fn midpoint(a: Rational, b: Rational) -> Checked<Rational> {
    a.add(b)?.div(Rational::int(2))
}

/// The exact equilibrium regions of `base` as `axis.parameter` runs over
/// `[axis.from, axis.to]`.
pub fn line_regions(base: &PigsGame, axis: &Axis) -> Result<LineRegions, SweepError> {
    axis.check(1000)?;
    let name = axis.parameter.as_str();
    let (from, to) = (axis.from, axis.to);
    let f0 = incentives(&game_at(base, name, from)?)?;
    let f1 = incentives(&game_at(base, name, to)?)?;
    let fm = incentives(&game_at(base, name, midpoint(from, to)?)?)?;
    let mut zeros: Vec<(Rational, usize)> = Vec::new();
    for k in 0..4 {
        if fm[k].add(fm[k])? != f0[k].add(f1[k])? {
            return Err(SweepError::NotAffine(axis.parameter.clone()));
        }
        if f0[k] != f1[k] {
            // f(x) = f0 + (f1 - f0) (x - from) / (to - from) = 0.
            let root = from.add(f0[k].mul(to.sub(from)?)?.div(f0[k].sub(f1[k])?)?)?;
            if root >= from && root <= to {
                zeros.push((root, k));
            }
        }
    }
    zeros.sort();
    let mut cuts: Vec<(Rational, Vec<usize>)> = Vec::new();
    for (v, k) in zeros {
        match cuts.last_mut() {
            Some((last, ks)) if *last == v => ks.push(k),
            _ => cuts.push((v, vec![k])),
        }
    }
    // Pieces: the cut points themselves and the open intervals between
    // consecutive break points; an end of the range that is not a cut
    // belongs to its neighbouring open interval (no sign changes there).
    let mut points: Vec<Rational> = vec![from];
    points.extend(cuts.iter().map(|c| c.0));
    points.push(to);
    points.dedup();
    let is_cut = |v: Rational| cuts.iter().any(|c| c.0 == v);
    let mut pieces: Vec<Region> = Vec::new();
    for w in 0..points.len() {
        let u = points[w];
        if is_cut(u) {
            pieces.push(Region {
                from: u,
                to: u,
                from_included: true,
                to_included: true,
                outcome: outcome_at(&game_at(base, name, u)?)?,
            });
        }
        if let Some(&v) = points.get(w + 1) {
            pieces.push(Region {
                from: u,
                to: v,
                from_included: !is_cut(u),
                to_included: !is_cut(v) && v == to,
                outcome: outcome_at(&game_at(base, name, midpoint(u, v)?)?)?,
            });
        }
    }
    // A cut changes the equilibria when its point piece differs from a
    // neighbouring open interval.
    let boundaries = cuts
        .into_iter()
        .map(|(value, incentives)| {
            let at = pieces.iter().position(|p| p.from == value && p.to == value);
            let changes = at.is_some_and(|i| {
                let me = &pieces[i].outcome;
                (i > 0 && pieces[i - 1].outcome != *me)
                    || pieces.get(i + 1).is_some_and(|n| n.outcome != *me)
            });
            Boundary {
                value,
                incentives,
                changes,
            }
        })
        .collect();
    let mut regions: Vec<Region> = Vec::new();
    for p in pieces {
        match regions.last_mut() {
            Some(last) if last.outcome == p.outcome => {
                last.to = p.to;
                last.to_included = p.to_included;
            }
            _ => regions.push(p),
        }
    }
    Ok(LineRegions {
        axis: axis.clone(),
        regions,
        boundaries,
    })
}

/// A curve `alpha + beta x + gamma y + delta x y = 0` where one incentive
/// vanishes, in the two swept parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundaryCurve {
    /// Index into [`crate::dilemmas::pigs::outcome::INCENTIVES`].
    pub incentive: usize,
    /// `[alpha, beta, gamma, delta]`.
    pub coefficients: [Rational; 4],
}

fn term(c: Rational, var: &str, first: bool) -> String {
    let sign = if c.is_negative() {
        if first { "-" } else { " - " }
    } else if first {
        ""
    } else {
        " + "
    };
    let abs = if c.is_negative() {
        c.neg().unwrap_or(c)
    } else {
        c
    };
    if var.is_empty() {
        format!("{sign}{abs}")
    } else if abs == Rational::ONE {
        format!("{sign}{var}")
    } else {
        format!("{sign}{abs} {var}")
    }
}

impl BoundaryCurve {
    /// The value at `(x, y)`.
    pub fn at(&self, x: Rational, y: Rational) -> Checked<Rational> {
        let [a, b, c, d] = self.coefficients;
        a.add(b.mul(x)?)?.add(c.mul(y)?)?.add(d.mul(x)?.mul(y)?)
    }

    /// The equation in the parameter names, solved for `y` or `x` when it
    /// is linear: "cost = 1/4 food", "food = 2", else
    /// "alpha + beta x + gamma y + delta x y = 0".
    pub fn equation(&self, x: &str, y: &str) -> String {
        let [a, b, c, d] = self.coefficients;
        let solved = |lhs: &str, k: Rational, c0: Rational, c1: Rational, var: &str| {
            // lhs = -(c0 + c1 var) / k
            let q0 = c0.neg().and_then(|v| v.div(k));
            let q1 = c1.neg().and_then(|v| v.div(k));
            match (q0, q1) {
                (Ok(q0), Ok(q1)) => {
                    let mut parts = String::new();
                    if !q1.is_zero() {
                        parts.push_str(&term(q1, var, true));
                    }
                    if !q0.is_zero() || q1.is_zero() {
                        parts.push_str(&term(q0, "", parts.is_empty()));
                    }
                    Some(format!("{lhs} = {parts}"))
                }
                _ => None,
            }
        };
        if d.is_zero() && !c.is_zero() {
            if let Some(s) = solved(y, c, a, b, x) {
                return s;
            }
        }
        if d.is_zero() && c.is_zero() && !b.is_zero() {
            if let Some(s) = solved(x, b, a, Rational::ZERO, y) {
                return s;
            }
        }
        let mut out = String::new();
        for (k, var) in [
            (a, String::new()),
            (b, x.to_string()),
            (c, y.to_string()),
            (d, format!("{x} {y}")),
        ] {
            if !k.is_zero() {
                out.push_str(&term(k, &var, out.is_empty()));
            }
        }
        if out.is_empty() {
            out.push('0');
        }
        format!("{out} = 0")
    }

    /// The curve inside the rectangle as polylines in floating point, for
    /// drawing: `y` solved along `samples` values of `x` and `x` solved
    /// along `samples` values of `y` (so steep and flat parts both show).
    pub fn polylines(&self, x: &Axis, y: &Axis, samples: usize) -> Vec<Vec<(f64, f64)>> {
        let [a, b, c, d] = self.coefficients.map(|v| v.to_f64());
        let (x0, x1, y0, y1) = (
            x.from.to_f64(),
            x.to.to_f64(),
            y.from.to_f64(),
            y.to.to_f64(),
        );
        let mut out: Vec<Vec<(f64, f64)>> = Vec::new();
        let samples = samples.max(2);
        // Along x: y = -(a + b x) / (c + d x); along y: x = -(a + c y) / (b + d y).
        for along_x in [true, false] {
            let mut current: Vec<(f64, f64)> = Vec::new();
            for k in 0..=samples {
                let t = k as f64 / samples as f64;
                let point = if along_x {
                    let xv = x0 + t * (x1 - x0);
                    let den = c + d * xv;
                    (den != 0.0)
                        .then(|| (xv, -(a + b * xv) / den))
                        .filter(|p| p.1 >= y0 && p.1 <= y1)
                } else {
                    let yv = y0 + t * (y1 - y0);
                    let den = b + d * yv;
                    (den != 0.0)
                        .then(|| (-(a + c * yv) / den, yv))
                        .filter(|p| p.0 >= x0 && p.0 <= x1)
                };
                match point {
                    Some(p) => current.push(p),
                    None => {
                        if current.len() > 1 {
                            out.push(std::mem::take(&mut current));
                        }
                        current.clear();
                    }
                }
            }
            if current.len() > 1 {
                out.push(current);
            }
        }
        out
    }
}

/// A 2-D map: the equilibrium set at the centre of every cell, and the
/// exact boundary curves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionMap {
    /// Horizontal parameter.
    pub x: Axis,
    /// Vertical parameter.
    pub y: Axis,
    /// Cell centres along x.
    pub xs: Vec<Rational>,
    /// Cell centres along y (lowest first).
    pub ys: Vec<Rational>,
    /// The distinct outcomes: non-degenerate ones first, then degenerate
    /// ones (cells centred on a boundary), each group in order of first
    /// appearance (row by row from the lowest y, left to right).
    pub outcomes: Vec<Outcome>,
    /// `cells[iy][ix]`: index into `outcomes`.
    pub cells: Vec<Vec<usize>>,
    /// Curves where an incentive changes sign inside the rectangle (an
    /// incentive that is zero everywhere, or only on the edge, is left out:
    /// the outcomes say "degenerate").
    pub curves: Vec<BoundaryCurve>,
    /// All four incentives as bilinear forms, in the order of
    /// [`crate::dilemmas::pigs::outcome::INCENTIVES`].
    pub forms: Vec<BoundaryCurve>,
}

/// The equilibrium set of `base` at the point `(x, y)` of `map`'s two
/// parameters.
pub fn outcome_of(
    base: &PigsGame,
    map: &RegionMap,
    (x, y): (Rational, Rational),
) -> Result<Outcome, SweepError> {
    outcome_at(&game_at(
        &game_at(base, &map.x.parameter, x)?,
        &map.y.parameter,
        y,
    )?)
}

fn centres(axis: &Axis) -> Checked<Vec<Rational>> {
    let n = Rational::int(i128::from(axis.steps));
    let width = axis.to.sub(axis.from)?.div(n)?;
    (0..axis.steps)
        .map(|k| {
            let half = Rational::new(2 * i128::from(k) + 1, 2)?;
            axis.from.add(width.mul(half)?)
        })
        .collect()
}

/// Bilinear coefficients of each incentive over the rectangle, from the four
/// corners, checked at three more points.
fn bilinear(base: &PigsGame, x: &Axis, y: &Axis) -> Result<[[Rational; 4]; 4], SweepError> {
    let at = |xv: Rational, yv: Rational| -> Result<[Rational; 4], SweepError> {
        let g = game_at(&game_at(base, &x.parameter, xv)?, &y.parameter, yv)?;
        Ok(incentives(&g)?)
    };
    let (x0, x1, y0, y1) = (x.from, x.to, y.from, y.to);
    let (f00, f10, f01, f11) = (at(x0, y0)?, at(x1, y0)?, at(x0, y1)?, at(x1, y1)?);
    let (dx, dy) = (x1.sub(x0)?, y1.sub(y0)?);
    let dxy = dx.mul(dy)?;
    let mut out = [[Rational::ZERO; 4]; 4];
    for k in 0..4 {
        let a = f00[k];
        let b = f10[k].sub(f00[k])?;
        let c = f01[k].sub(f00[k])?;
        let d = f11[k].sub(f10[k])?.sub(f01[k])?.add(f00[k])?;
        let alpha = a
            .sub(b.mul(x0)?.div(dx)?)?
            .sub(c.mul(y0)?.div(dy)?)?
            .add(d.mul(x0)?.mul(y0)?.div(dxy)?)?;
        let beta = b.div(dx)?.sub(d.mul(y0)?.div(dxy)?)?;
        let gamma = c.div(dy)?.sub(d.mul(x0)?.div(dxy)?)?;
        let delta = d.div(dxy)?;
        out[k] = [alpha, beta, gamma, delta];
    }
    let (xm, ym) = (midpoint(x0, x1)?, midpoint(y0, y1)?);
    for (xv, yv) in [(xm, ym), (x0, ym), (xm, y0)] {
        let f = at(xv, yv)?;
        for k in 0..4 {
            let curve = BoundaryCurve {
                incentive: k,
                coefficients: out[k],
            };
            if curve.at(xv, yv)? != f[k] {
                return Err(SweepError::NotAffine(format!(
                    "{} and {}",
                    x.parameter, y.parameter
                )));
            }
        }
    }
    Ok(out)
}

/// The equilibrium region map of `base` over two parameters.
///
/// Each cell is classified at its centre. The incentives there come from
/// their bilinear forms (exact; checked against the game at extra points).
/// Games with the same sign pattern of the four incentives have the same
/// outcome (module invariant of [`crate::dilemmas::pigs::outcome`]), so each
/// pattern is analysed once, on the game at the first cell that shows it.
pub fn region_map(base: &PigsGame, x: &Axis, y: &Axis) -> Result<RegionMap, SweepError> {
    x.check(MAX_MAP_STEPS)?;
    y.check(MAX_MAP_STEPS)?;
    if x.parameter == y.parameter {
        return Err(SweepError::SameParameter(x.parameter.clone()));
    }
    let coefficients = bilinear(base, x, y)?;
    let (xs, ys) = (centres(x)?, centres(y)?);
    let mut by_signs: HashMap<[i8; 4], usize> = HashMap::new();
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut cells = Vec::with_capacity(ys.len());
    let forms: Vec<BoundaryCurve> = coefficients
        .iter()
        .enumerate()
        .map(|(k, c)| BoundaryCurve {
            incentive: k,
            coefficients: *c,
        })
        .collect();
    for &yv in &ys {
        let mut row = Vec::with_capacity(xs.len());
        for &xv in &xs {
            // The incentives from their (checked) bilinear forms: exact, and
            // much cheaper than building the game for every cell.
            let mut values = [Rational::ZERO; 4];
            for (slot, form) in values.iter_mut().zip(&forms) {
                *slot = form.at(xv, yv)?;
            }
            let key = signs(&values);
            let id = match by_signs.get(&key) {
                Some(&id) => id,
                None => {
                    let g = game_at(&game_at(base, &x.parameter, xv)?, &y.parameter, yv)?;
                    let o = outcome_at(&g)?;
                    let id = match outcomes.iter().position(|p| *p == o) {
                        Some(id) => id,
                        None => {
                            outcomes.push(o);
                            outcomes.len() - 1
                        }
                    };
                    by_signs.insert(key, id);
                    id
                }
            };
            row.push(id);
        }
        cells.push(row);
    }
    // Non-degenerate outcomes (areas) first, degenerate ones (cells whose
    // centre lies on a boundary) after, each in order of first appearance.
    let mut order: Vec<usize> = (0..outcomes.len()).collect();
    order.sort_by_key(|&i| outcomes[i].degenerate);
    let mut new_id = vec![0; outcomes.len()];
    for (new, &old) in order.iter().enumerate() {
        new_id[old] = new;
    }
    let outcomes: Vec<Outcome> = order.iter().map(|&i| outcomes[i].clone()).collect();
    for row in &mut cells {
        for c in row.iter_mut() {
            *c = new_id[*c];
        }
    }
    let mut curves = Vec::new();
    for (k, c) in coefficients.into_iter().enumerate() {
        if c.iter().all(|v| v.is_zero()) {
            continue;
        }
        let curve = BoundaryCurve {
            incentive: k,
            coefficients: c,
        };
        // A bilinear function takes its extremes on a rectangle at the
        // corners, so it vanishes inside the open rectangle iff the corner
        // values straddle 0 strictly (a curve that only touches the edge
        // separates nothing and is left out).
        let corners = [
            curve.at(x.from, y.from)?,
            curve.at(x.to, y.from)?,
            curve.at(x.from, y.to)?,
            curve.at(x.to, y.to)?,
        ];
        let lo = corners.iter().copied().min().unwrap_or(Rational::ZERO);
        let hi = corners.iter().copied().max().unwrap_or(Rational::ZERO);
        if lo.is_negative() && hi.is_positive() {
            curves.push(curve);
        }
    }
    Ok(RegionMap {
        x: x.clone(),
        y: y.clone(),
        xs,
        ys,
        outcomes,
        cells,
        curves,
        forms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dilemmas::pigs::outcome::INCENTIVES;

    fn q(s: &str) -> Rational {
        Rational::parse(s).unwrap()
    }

    fn axis(p: &str, from: &str, to: &str, steps: u32) -> Axis {
        Axis {
            parameter: p.into(),
            from: q(from),
            to: q(to),
            steps,
        }
    }

    fn direct(base: &PigsGame, p: &str, v: Rational) -> Outcome {
        outcome_at(&game_at(base, p, v).unwrap()).unwrap()
    }

    fn region_of(r: &LineRegions, v: Rational) -> &Region {
        let inside = |g: &&Region| {
            (g.from < v || g.from == v && g.from_included)
                && (v < g.to || v == g.to && g.to_included)
        };
        let found: Vec<&Region> = r.regions.iter().filter(inside).collect();
        assert_eq!(found.len(), 1, "{v} lies in exactly one region: {r:?}");
        found[0]
    }

    #[test]
    fn seed_modified_both_press_has_exact_boundaries_half_and_three_quarters() {
        let base = PigsGame::preset("seed-modified").unwrap();
        let r = line_regions(&base, &axis("both_press", "0", "1", 20)).unwrap();
        let shown: Vec<(String, String)> = r
            .regions
            .iter()
            .map(|g| (g.interval(), g.outcome.words()))
            .collect();
        assert_eq!(shown.len(), 5, "{shown:?}");
        assert_eq!(
            shown[0],
            ("[0, 1/2)".into(), "Big waits, small presses".into())
        );
        assert_eq!(shown[1].0, "{1/2}");
        assert_eq!(shown[2], ("(1/2, 3/4)".into(), "Both press".into()));
        assert_eq!(shown[3].0, "{3/4}");
        assert_eq!(
            shown[4],
            ("(3/4, 1]".into(), "Big presses, small waits".into())
        );
        assert!(r.regions[1].outcome.continuum && r.regions[1].outcome.degenerate);
        let b: Vec<Rational> = r.boundaries.iter().map(|b| b.value).collect();
        assert_eq!(b, vec![q("1/2"), q("3/4")]);
        assert!(r.boundaries.iter().all(|b| b.changes));
        assert_eq!(
            INCENTIVES[r.boundaries[0].incentives[0]].0,
            "big_when_small_presses"
        );
    }

    #[test]
    fn regions_agree_with_brute_force_on_a_fine_grid() {
        // Every parameter of every preset, over ranges that cross the
        // boundaries: the region found for each grid value (including the
        // exact boundaries) has the outcome the analysis gives there.
        let cases = [
            ("seed", "both_press", "0", "1"),
            ("seed", "cost", "0", "1"),
            ("seed-modified", "big_presses", "0", "1"),
            ("seed-modified", "small_presses", "0", "1"),
            ("textbook", "cost", "0", "10"),
            ("textbook", "food", "0", "20"),
            ("textbook", "both_press", "0", "1"),
            ("textbook", "small_presses", "0", "1"),
        ];
        for (preset, p, from, to) in cases {
            let base = PigsGame::preset(preset).unwrap();
            let r = line_regions(&base, &axis(p, from, to, 10)).unwrap();
            let (lo, hi) = (q(from), q(to));
            let n = 240;
            for k in 0..=n {
                let v = lo
                    .add(
                        hi.sub(lo)
                            .unwrap()
                            .mul(Rational::new(k, n).unwrap())
                            .unwrap(),
                    )
                    .unwrap();
                assert_eq!(
                    region_of(&r, v).outcome,
                    direct(&base, p, v),
                    "{preset} {p} = {v}"
                );
            }
            for b in &r.boundaries {
                assert_eq!(region_of(&r, b.value).outcome, direct(&base, p, b.value));
            }
            for w in r.regions.windows(2) {
                assert_ne!(w[0].outcome, w[1].outcome);
                assert_eq!(w[0].to, w[1].from);
                assert!(w[0].to_included != w[1].from_included);
            }
        }
    }

    #[test]
    fn default_both_press_follows_the_swept_shares() {
        let base = PigsGame::preset("seed").unwrap();
        let g = base.with("big_presses", q("3/4")).unwrap().unwrap();
        assert_eq!(g.both_press, q("7/8"));
        assert!(g.both_press_defaulted);
        let t = PigsGame::preset("textbook").unwrap();
        let g = t.with("big_presses", q("1/2")).unwrap().unwrap();
        assert_eq!(g.both_press, q("7/10"));
    }

    #[test]
    fn map_cells_match_direct_analysis_and_curves_are_exact() {
        let base = PigsGame::preset("textbook").unwrap();
        let (x, y) = (axis("food", "0", "20", 12), axis("cost", "0", "10", 9));
        let m = region_map(&base, &x, &y).unwrap();
        for (iy, &yv) in m.ys.iter().enumerate() {
            for (ix, &xv) in m.xs.iter().enumerate() {
                let g = base
                    .with("food", xv)
                    .unwrap()
                    .unwrap()
                    .with("cost", yv)
                    .unwrap()
                    .unwrap();
                assert_eq!(m.outcomes[m.cells[iy][ix]], outcome_at(&g).unwrap());
                // The curves are the incentives themselves.
                let f = incentives(&g).unwrap();
                for c in &m.curves {
                    assert_eq!(c.at(xv, yv).unwrap(), f[c.incentive]);
                }
            }
        }
        // Big pig's gain when the small pig waits: 6/10 F - c, so the
        // boundary is cost = 3/5 food.
        let c = m.curves.iter().find(|c| c.incentive == 1).unwrap();
        assert_eq!(c.equation("food", "cost"), "cost = 3/5 food");
        assert!(m.outcomes.len() >= 3, "{:?}", m.outcomes);
        assert!(!c.polylines(&x, &y, 50).is_empty());
    }

    #[test]
    fn map_over_two_shares_is_bilinear_and_bad_axes_are_errors() {
        let base = PigsGame::preset("seed-modified").unwrap();
        let m = region_map(
            &base,
            &axis("big_presses", "0", "1", 8),
            &axis("both_press", "0", "1", 8),
        )
        .unwrap();
        assert!(m.outcomes.iter().any(|o| o.words() == "Both press"));
        let same = region_map(
            &base,
            &axis("food", "0", "1", 4),
            &axis("food", "0", "2", 4),
        );
        assert!(matches!(same, Err(SweepError::SameParameter(_))));
        let out_of_range = line_regions(&base, &axis("both_press", "0", "2", 4));
        assert!(matches!(out_of_range, Err(SweepError::Pigs(_))));
        let big = region_map(
            &base,
            &axis("food", "0", "1", 401),
            &axis("cost", "0", "1", 4),
        );
        assert!(matches!(big, Err(SweepError::Grid)));
    }
}
