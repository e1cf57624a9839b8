//! Numbers on a chart: finite value ranges and padding, "nice" axis ticks, number
//! formatting (typographic minus, no "-0"), and the colours derived from values (the
//! viridis colour map and the black or white text that contrasts with a cell).

use plotters::style::RGBColor;

use super::style::{BLACK, WHITE};

pub(super) fn finite_min_max(values: impl Iterator<Item = f64>) -> Option<(f64, f64)> {
    values
        .filter(|v| v.is_finite())
        .fold(None, |acc, v| match acc {
            None => Some((v, v)),
            Some((lo, hi)) => Some((lo.min(v), hi.max(v))),
        })
}

/// Widens `[lo, hi]` by `frac` of its span on both sides (or artificially if it is empty).
pub(super) fn padded_range(lo: f64, hi: f64, frac: f64) -> (f64, f64) {
    let span = hi - lo;
    if span.is_finite() && span > f64::EPSILON * lo.abs().max(hi.abs()).max(1.0) {
        (lo - frac * span, hi + frac * span)
    } else {
        let pad = (lo.abs() * 0.1).max(0.5);
        (lo - pad, lo + pad)
    }
}

pub(super) fn all_integers(values: impl Iterator<Item = f64>) -> bool {
    values.filter(|v| v.is_finite()).all(|v| v.fract() == 0.0)
}

/// Number of decimals used to print data values.
pub(super) fn value_decimals(values: impl Iterator<Item = f64>) -> usize {
    let finite: Vec<f64> = values.filter(|v| v.is_finite()).collect();
    if all_integers(finite.iter().copied()) {
        return 0;
    }
    let max_abs = finite.iter().fold(0.0_f64, |m, v| m.max(v.abs()));
    let most = if max_abs >= 1000.0 {
        0
    } else if max_abs >= 100.0 {
        1
    } else if max_abs >= 1.0 {
        2
    } else {
        3
    };
    // Fewer decimals when they show every value exactly (medians of whole numbers:
    // "0.5" and "2.0", not "0.50" and "2.00").
    (0..most)
        .find(|&d| {
            let f = 10f64.powi(d as i32);
            finite
                .iter()
                .all(|v| ((v * f).round() / f - v).abs() <= 1e-9 * v.abs().max(1.0))
        })
        .unwrap_or(most)
}

/// Formats a number with a typographic minus sign and without "-0".
pub(super) fn fmt_num(v: f64, decimals: usize) -> String {
    let s = if v.abs() >= 1e7 {
        format!("{v:.2e}")
    } else {
        format!("{v:.decimals$}")
    };
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        Some(rest) => format!("\u{2212}{rest}"),
        None => s,
    }
}

/// "Nice" tick positions (multiples of 1, 2, 2.5 or 5 times a power of ten) inside
/// `[lo, hi]`, as close as possible to `target` ticks, plus the decimals needed to print them.
/// With `integers`, only whole-number steps are used (for counts such as wins).
pub(super) fn nice_ticks(lo: f64, hi: f64, target: usize, integers: bool) -> (Vec<f64>, usize) {
    if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
        return (Vec::new(), 0);
    }
    let target = target.max(2) as f64;
    let base = ((hi - lo) / target).log10().floor();
    let mut best: Option<(f64, f64, f64, f64)> = None;
    for exponent in [base - 1.0, base, base + 1.0] {
        for (mult, extra) in [(1.0, 0.0), (2.0, 0.0), (2.5, 1.0), (5.0, 0.0)] {
            let step = mult * 10f64.powf(exponent);
            if !(step.is_finite() && step > 0.0) || (integers && step.fract() != 0.0) {
                continue;
            }
            let first = (lo / step - 1e-9).ceil();
            let count = (hi / step + 1e-9).floor() - first + 1.0;
            if !(2.0..=1000.0).contains(&count) {
                continue;
            }
            // Steps of 2.5 need an extra decimal, so only use them when clearly better;
            // on a tie the larger step (fewer ticks) wins.
            let score = (count - target).abs() + extra;
            if best.is_none_or(|(b, ..)| score <= b) {
                best = Some((score, step, first, extra - exponent));
            }
        }
    }
    let Some((_, step, first, decimals)) = best else {
        return if integers {
            nice_ticks(lo, hi, target as usize, false)
        } else {
            (Vec::new(), 0)
        };
    };
    let ticks = (0..1001)
        .map(|k| (first + f64::from(k)) * step)
        .take_while(|&t| t <= hi + step * 1e-6)
        .collect();
    (ticks, decimals.clamp(0.0, 12.0) as usize)
}

/// Viridis colour map (matplotlib), sampled at 11 points and interpolated linearly.
pub(super) fn viridis(t: f64) -> RGBColor {
    const STOPS: [(u8, u8, u8); 11] = [
        (0x44, 0x01, 0x54),
        (0x48, 0x25, 0x76),
        (0x41, 0x44, 0x87),
        (0x35, 0x60, 0x8d),
        (0x2a, 0x78, 0x8e),
        (0x21, 0x90, 0x8c),
        (0x22, 0xa8, 0x84),
        (0x43, 0xbf, 0x71),
        (0x7a, 0xd1, 0x51),
        (0xbb, 0xdf, 0x27),
        (0xfd, 0xe7, 0x25),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let pos = t * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let f = pos - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: u8, y: u8| (f64::from(x) + f * (f64::from(y) - f64::from(x))).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Black or white, whichever contrasts more with `bg` (WCAG relative luminance).
pub(super) fn contrasting_text(bg: RGBColor) -> RGBColor {
    let lin = |c: u8| {
        let c = f64::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let l = 0.2126 * lin(bg.0) + 0.7152 * lin(bg.1) + 0.0722 * lin(bg.2);
    if (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) {
        BLACK
    } else {
        WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_are_the_fewest_that_show_every_value() {
        assert_eq!(value_decimals([0.5, 2.0, 3.5].into_iter()), 1);
        assert_eq!(value_decimals([3.0, 7.0].into_iter()), 0);
        assert_eq!(value_decimals([2.5275, 1.0].into_iter()), 2);
        assert_eq!(value_decimals([0.125, 0.5].into_iter()), 3);
    }

    #[test]
    fn helpers() {
        assert_eq!(fmt_num(-0.0001, 2), "0.00");
        assert_eq!(fmt_num(-2.5, 1), "\u{2212}2.5");
        assert_eq!(fmt_num(-1.5e300, 0), "\u{2212}1.50e300");
        let (ticks, d) = nice_ticks(0.0, 5.0, 5, false);
        assert_eq!(ticks, vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(d, 0);
        let (ticks, d) = nice_ticks(-10.5, 0.5, 8, false);
        assert_eq!(d, 0);
        assert_eq!(ticks.first().copied(), Some(-10.0));
        let (_, d) = nice_ticks(1.0, 1.5, 5, false);
        assert_eq!(d, 1);
        let (ticks, d) = nice_ticks(0.0, 14.5, 6, true);
        assert_eq!(d, 0);
        assert!(ticks.iter().all(|t| t.fract() == 0.0), "{ticks:?}");
        assert_eq!(nice_ticks(1.8, 2.2, 5, true).0.len(), 5);
        assert!(nice_ticks(1.0, 1.0, 5, false).0.is_empty());
        assert!(nice_ticks(f64::NAN, 1.0, 5, false).0.is_empty());
        assert_eq!(contrasting_text(viridis(0.0)), WHITE);
        assert_eq!(contrasting_text(viridis(1.0)), BLACK);
    }
}
