//! The areas of a 2-D region map as polygons: the rectangle of the two
//! swept parameters cut along the exact boundary curves (where an incentive
//! is 0), each piece named by the equilibrium set that holds inside it. A
//! chart fills these instead of grid cells, so no cell centred on a
//! boundary shows as a speckle or a band of its own: a set of measure zero
//! (the equilibria that hold only on a curve) is a line, never an area.
//!
//! How: every incentive is bilinear, `f = a + b x + c y + d x y`, so for a
//! fixed `x` it is linear in `y` and vanishes at `y = -(a + b x) / (c + d x)`.
//! The rectangle is cut into vertical strips at every `x` where a curve
//! meets the top or bottom edge, two curves cross, a curve is vertical or
//! has its asymptote; inside a strip the curves keep their order, so the
//! strip is a stack of bands between consecutive curves, each a
//! quadrilateral with its corners on the curves. Straight boundaries (`d = 0`,
//! e.g. food against cost) are exact this way; curved ones (`d != 0`, two
//! shares swept) are followed by chords over at least [`CURVED_STRIPS`]
//! strips. Neighbouring bands of one equilibrium set are joined, so a convex
//! region is one polygon.
//!
//! Invariants: the polygons tile the rectangle (their areas sum to its area,
//! up to floating-point rounding; tested); each polygon's equilibrium set is
//! the analysis ([`analyse`]) of the game at an exact rational point inside
//! it, found by rounding an inner point to a multiple of 2^-20 (2^-40, 2^-60
//! if the piece is thinner) of the ranges and checking the incentives' signs
//! there.

use std::collections::HashMap;

use crate::dilemmas::pigs::PigsGame;
use crate::dilemmas::pigs::outcome::{Outcome, signs};
use crate::dilemmas::pigs::regions::{RegionMap, outcome_of};
use crate::dilemmas::pigs::sweep::SweepError;
use crate::normal_form::rational::Rational;

/// Strips at least, across the x range, when some boundary is curved.
pub const CURVED_STRIPS: usize = 400;

/// One area: a simple polygon (data coordinates, counter-clockwise) and
/// the index of its equilibrium set in [`RegionAreas::outcomes`].
#[derive(Clone, Debug, PartialEq)]
pub struct Area {
    /// Corners in order.
    pub polygon: Vec<(f64, f64)>,
    /// Index into the outcomes.
    pub outcome: usize,
}

/// The areas of a region map.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionAreas {
    /// The equilibrium sets that hold on some area: the map's outcomes that
    /// do, in the map's order, then any found only between cell centres.
    pub outcomes: Vec<Outcome>,
    /// The polygons, left to right.
    pub areas: Vec<Area>,
}

/// Twice the signed area of a polygon (shoelace).
pub fn signed_area(polygon: &[(f64, f64)]) -> f64 {
    let n = polygon.len();
    (0..n)
        .map(|i| {
            let (p, q) = (polygon[i], polygon[(i + 1) % n]);
            p.0 * q.1 - q.0 * p.1
        })
        .sum::<f64>()
        / 2.0
}

/// `a + b x + c y + d x y` in floating point.
#[derive(Clone, Copy, Debug)]
struct Form([f64; 4]);

impl Form {
    fn at(self, x: f64, y: f64) -> f64 {
        let [a, b, c, d] = self.0;
        a + b * x + c * y + d * x * y
    }
    /// The `y` where the form vanishes at `x` (None: no single one there).
    fn y_at(self, x: f64) -> Option<f64> {
        let [a, b, c, d] = self.0;
        let den = c + d * x;
        (den != 0.0).then(|| -(a + b * x) / den)
    }
    fn vertical(self) -> bool {
        self.0[2] == 0.0 && self.0[3] == 0.0
    }
}

/// Real roots of `p x^2 + q x + r = 0` (a linear or constant one too).
fn roots(p: f64, q: f64, r: f64) -> Vec<f64> {
    let scale = p.abs().max(q.abs()).max(r.abs());
    if scale == 0.0 {
        return Vec::new();
    }
    if p.abs() <= 1e-12 * scale {
        return if q != 0.0 { vec![-r / q] } else { Vec::new() };
    }
    let disc = q * q - 4.0 * p * r;
    if disc < 0.0 {
        return Vec::new();
    }
    let s = disc.sqrt();
    vec![(-q - s) / (2.0 * p), (-q + s) / (2.0 * p)]
}

/// The x values where the picture of the curves changes inside `(x0, x1)`.
fn breakpoints(forms: &[Form], (x0, x1): (f64, f64), (y0, y1): (f64, f64)) -> Vec<f64> {
    let mut xs = vec![x0, x1];
    for (j, f) in forms.iter().enumerate() {
        let [a, b, c, d] = f.0;
        if f.vertical() {
            if b != 0.0 {
                xs.push(-a / b);
            }
            continue;
        }
        // Meets the bottom or top edge: a + c y + (b + d y) x = 0.
        for y in [y0, y1] {
            if b + d * y != 0.0 {
                xs.push(-(a + c * y) / (b + d * y));
            }
        }
        if d != 0.0 {
            xs.push(-c / d);
        }
        for g in &forms[j + 1..] {
            let [e, h, k, l] = g.0;
            if g.vertical() {
                continue;
            }
            // (a + b x)(k + l x) = (e + h x)(c + d x).
            let p = b * l - h * d;
            let q = a * l + b * k - e * d - h * c;
            let r = a * k - e * c;
            xs.extend(roots(p, q, r));
        }
    }
    if forms.iter().any(|f| f.0[3] != 0.0) {
        xs.extend((1..CURVED_STRIPS).map(|i| x0 + (x1 - x0) * i as f64 / CURVED_STRIPS as f64));
    }
    let eps = 1e-12 * (x1 - x0);
    xs.retain(|x| x.is_finite() && *x >= x0 && *x <= x1);
    xs.sort_by(f64::total_cmp);
    xs.dedup_by(|b, a| *b - *a <= eps);
    // The ends stay the rectangle's own.
    if let Some(first) = xs.first_mut() {
        *first = x0;
    }
    if let Some(last) = xs.last_mut() {
        *last = x1;
    }
    xs
}

/// A band of one strip: its edges at the strip's left and right ends
/// (bottom, top) and its equilibrium set.
struct Band {
    left: (f64, f64),
    right: (f64, f64),
    outcome: usize,
}

/// Finds the equilibrium set of a sign pattern, analysing the game once
/// per new pattern at an exact point inside the band.
struct Classifier<'a> {
    base: &'a PigsGame,
    map: &'a RegionMap,
    by_signs: HashMap<[i8; 4], usize>,
    outcomes: Vec<Outcome>,
}

impl Classifier<'_> {
    fn exact(
        &self,
        t: f64,
        from: Rational,
        to: Rational,
        bits: u32,
    ) -> Result<Rational, SweepError> {
        let n = 1i128 << bits;
        let k = (t.clamp(0.0, 1.0) * n as f64).round() as i128;
        Ok(from.add(to.sub(from)?.mul(Rational::new(k, n)?)?)?)
    }

    fn outcome(&mut self, point: (f64, f64), key: [i8; 4]) -> Result<usize, SweepError> {
        if let Some(&id) = self.by_signs.get(&key) {
            return Ok(id);
        }
        let (x, y) = (&self.map.x, &self.map.y);
        let tx = (point.0 - x.from.to_f64()) / (x.to.to_f64() - x.from.to_f64());
        let ty = (point.1 - y.from.to_f64()) / (y.to.to_f64() - y.from.to_f64());
        let mut found = None;
        for bits in [20, 40, 60] {
            let q = (
                self.exact(tx, x.from, x.to, bits)?,
                self.exact(ty, y.from, y.to, bits)?,
            );
            let mut values = [Rational::ZERO; 4];
            for (slot, form) in values.iter_mut().zip(&self.map.forms) {
                *slot = form.at(q.0, q.1)?;
            }
            let exact = signs(&values);
            found = Some(q);
            if exact == key {
                break;
            }
        }
        let q = found.unwrap_or((x.from, y.from));
        let o = outcome_of(self.base, self.map, q)?;
        let id = match self.outcomes.iter().position(|p| *p == o) {
            Some(id) => id,
            None => {
                self.outcomes.push(o);
                self.outcomes.len() - 1
            }
        };
        self.by_signs.insert(key, id);
        Ok(id)
    }
}

/// The areas of `map` (of the game `base`) as polygons.
pub fn region_areas(base: &PigsGame, map: &RegionMap) -> Result<RegionAreas, SweepError> {
    let xr = (map.x.from.to_f64(), map.x.to.to_f64());
    let yr = (map.y.from.to_f64(), map.y.to.to_f64());
    let all: Vec<Form> = map
        .forms
        .iter()
        .map(|f| Form(f.coefficients.map(Rational::to_f64)))
        .collect();
    // Only curves that cross the open rectangle cut it.
    let cutting: Vec<Form> = map
        .curves
        .iter()
        .map(|c| Form(c.coefficients.map(Rational::to_f64)))
        .collect();
    let mut classify = Classifier {
        base,
        map,
        by_signs: HashMap::new(),
        outcomes: Vec::new(),
    };
    let xs = breakpoints(&cutting, xr, yr);
    let mut strips: Vec<(f64, f64, Vec<Band>)> = Vec::new();
    for w in xs.windows(2) {
        let (xa, xb) = (w[0], w[1]);
        let xm = (xa + xb) / 2.0;
        // The curves inside the strip, bottom to top at its middle.
        let mut inside: Vec<(f64, Form)> = cutting
            .iter()
            .filter(|f| !f.vertical())
            .filter_map(|&f| f.y_at(xm).map(|y| (y, f)))
            .filter(|(y, _)| *y > yr.0 && *y < yr.1)
            .collect();
        inside.sort_by(|p, q| p.0.total_cmp(&q.0));
        // A boundary's height at x: a curve's (clamped to the rectangle; at
        // its middle height if it is undefined right there), or an edge's.
        let height = |f: Option<Form>, x: f64, edge: f64| -> f64 {
            match f {
                None => edge,
                Some(f) => f
                    .y_at(x)
                    .filter(|y| !y.is_nan())
                    .or_else(|| f.y_at(xm))
                    .map_or(edge, |y| y.clamp(yr.0, yr.1)),
            }
        };
        let mut bounds: Vec<Option<Form>> = vec![None];
        bounds.extend(inside.iter().map(|&(_, f)| Some(f)));
        bounds.push(None);
        let mut bands: Vec<Band> = Vec::new();
        for pair in bounds.windows(2) {
            let (lo, hi) = (pair[0], pair[1]);
            let lo_at = |x: f64| height(lo, x, yr.0);
            let hi_at = |x: f64| height(hi, x, yr.1);
            let (ylo, yhi) = (lo_at(xm), hi_at(xm));
            if yhi - ylo <= 1e-12 * (yr.1 - yr.0) {
                continue;
            }
            let point = (xm, (ylo + yhi) / 2.0);
            let key = signs_f64(&all, point);
            let outcome = classify.outcome(point, key)?;
            let band = Band {
                left: (lo_at(xa), hi_at(xa)),
                right: (lo_at(xb), hi_at(xb)),
                outcome,
            };
            // Bands of one equilibrium set stacked on each other are one.
            match bands.last_mut() {
                Some(last) if last.outcome == outcome => {
                    last.left.1 = band.left.1;
                    last.right.1 = band.right.1;
                }
                _ => bands.push(band),
            }
        }
        strips.push((xa, xb, bands));
    }
    let areas = chains(&strips, (yr.1 - yr.0) * 1e-9);
    // The map's own order (areas before degenerate sets), then the rest.
    let mut order: Vec<usize> = (0..classify.outcomes.len()).collect();
    let rank = |o: &Outcome| {
        map.outcomes
            .iter()
            .position(|p| p == o)
            .unwrap_or(usize::MAX)
    };
    order.sort_by_key(|&i| (rank(&classify.outcomes[i]), i));
    let mut new_id = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        new_id[old] = new;
    }
    Ok(RegionAreas {
        outcomes: order
            .iter()
            .map(|&i| classify.outcomes[i].clone())
            .collect(),
        areas: areas
            .into_iter()
            .map(|a| Area {
                polygon: a.polygon,
                outcome: new_id[a.outcome],
            })
            .collect(),
    })
}

fn signs_f64(forms: &[Form], (x, y): (f64, f64)) -> [i8; 4] {
    let mut out = [0i8; 4];
    for (slot, f) in out.iter_mut().zip(forms) {
        let v = f.at(x, y);
        *slot = if v > 0.0 {
            1
        } else if v < 0.0 {
            -1
        } else {
            0
        };
    }
    out
}

/// Joins each band to the band of the same equilibrium set in the next
/// strip whose left edge is its right edge, and writes each chain as one
/// polygon: its bottom left to right, its top right to left.
fn chains(strips: &[(f64, f64, Vec<Band>)], eps: f64) -> Vec<Area> {
    let close = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() <= eps && (p.1 - q.1).abs() <= eps;
    let mut used: Vec<Vec<bool>> = strips.iter().map(|s| vec![false; s.2.len()]).collect();
    let mut out = Vec::new();
    for s in 0..strips.len() {
        for b in 0..strips[s].2.len() {
            if used[s][b] {
                continue;
            }
            used[s][b] = true;
            let first = &strips[s].2[b];
            let mut bottom = vec![(strips[s].0, first.left.0)];
            let mut top = vec![(strips[s].0, first.left.1)];
            let (mut t, mut current) = (s, b);
            loop {
                let band = &strips[t].2[current];
                bottom.push((strips[t].1, band.right.0));
                top.push((strips[t].1, band.right.1));
                let next = strips.get(t + 1).and_then(|n| {
                    n.2.iter().enumerate().position(|(k, m)| {
                        !used[t + 1][k] && m.outcome == band.outcome && close(m.left, band.right)
                    })
                });
                match next {
                    Some(k) => {
                        t += 1;
                        current = k;
                        used[t][k] = true;
                    }
                    None => break,
                }
            }
            let mut polygon = bottom;
            polygon.extend(top.into_iter().rev());
            polygon.dedup_by(|p, q| p == q);
            if polygon.len() > 1 && polygon.first() == polygon.last() {
                polygon.pop();
            }
            out.push(Area {
                polygon,
                outcome: first.outcome,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dilemmas::pigs::regions::{Axis, region_map};

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

    /// The areas tile the rectangle: every polygon has positive area, the
    /// areas sum to the rectangle's, and a point inside each (the middle of
    /// its first strip) has the polygon's equilibria.
    fn check_tiling(preset: &str, x: Axis, y: Axis) -> RegionAreas {
        let base = PigsGame::preset(preset).unwrap();
        let map = region_map(&base, &x, &y).unwrap();
        let r = region_areas(&base, &map).unwrap();
        let rect = (x.to.to_f64() - x.from.to_f64()) * (y.to.to_f64() - y.from.to_f64());
        let mut sum = 0.0;
        for a in &r.areas {
            let area = signed_area(&a.polygon);
            assert!(area > 0.0, "{preset}: {a:?}");
            sum += area;
        }
        assert!(
            (sum - rect).abs() <= 1e-9 * rect,
            "{preset}: {sum} of {rect}"
        );
        // No area is a set of measure zero: no degenerate outcome fills one
        // unless an incentive is zero everywhere.
        assert!(r.outcomes.iter().all(|o| !o.degenerate), "{:?}", r.outcomes);
        r
    }

    #[test]
    fn food_against_cost_is_three_exact_polygons() {
        let r = check_tiling(
            "textbook",
            axis("food", "0", "20", 60),
            axis("cost", "0", "10", 60),
        );
        // Three equilibrium sets, one convex polygon each (the lines run
        // through the origin: c = 3/5 F and c = 1/10 F).
        assert_eq!(r.outcomes.len(), 3, "{:?}", r.outcomes);
        assert_eq!(r.areas.len(), 3, "{:?}", r.areas);
        let words: Vec<String> = r.outcomes.iter().map(Outcome::words).collect();
        assert!(
            words.iter().any(|w| w == "Big presses, small waits"),
            "{words:?}"
        );
        // The middle area between the two lines: 20 x 10 minus the triangle
        // above c = 3/5 F (corner at F = 50/3) minus the one below c = F/10.
        let areas: Vec<f64> = r.areas.iter().map(|a| signed_area(&a.polygon)).collect();
        let top_left = 0.5 * (50.0 / 3.0) * 10.0;
        let below = 0.5 * 20.0 * 2.0;
        let mut sorted = areas.clone();
        sorted.sort_by(f64::total_cmp);
        let mut expected = [below, top_left, 200.0 - below - top_left];
        expected.sort_by(f64::total_cmp);
        for (got, want) in sorted.iter().zip(expected) {
            assert!((got - want).abs() < 1e-9, "{areas:?} vs {expected:?}");
        }
    }

    #[test]
    fn curved_boundaries_of_two_shares_still_tile() {
        check_tiling(
            "seed-modified",
            axis("big_presses", "0", "1", 8),
            axis("both_press", "0", "1", 8),
        );
        check_tiling(
            "textbook",
            axis("big_presses", "1/10", "9/10", 5),
            axis("small_presses", "1/10", "9/10", 5),
        );
        check_tiling("seed", axis("cost", "0", "1", 3), axis("food", "1", "3", 3));
    }

    #[test]
    fn each_area_has_the_equilibria_of_the_game_inside_it() {
        let base = PigsGame::preset("textbook").unwrap();
        let (x, y) = (axis("food", "0", "20", 10), axis("cost", "0", "10", 10));
        let map = region_map(&base, &x, &y).unwrap();
        let r = region_areas(&base, &map).unwrap();
        for a in &r.areas {
            // The mean of the corners of a convex polygon is inside it.
            let n = a.polygon.len() as f64;
            let cx = a.polygon.iter().map(|p| p.0).sum::<f64>() / n;
            let cy = a.polygon.iter().map(|p| p.1).sum::<f64>() / n;
            let exact = |v: f64| Rational::new((v * 1024.0).round() as i128, 1024).unwrap();
            let o = outcome_of(&base, &map, (exact(cx), exact(cy))).unwrap();
            assert_eq!(r.outcomes[a.outcome], o, "{a:?}");
        }
    }
}
