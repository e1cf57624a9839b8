//! Exact rational numbers for the guessing game: p, targets, elimination
//! bounds and level-k choices are all ratios of integers, so they are kept
//! exact (2/3 of 100 is 200/3, not 66.666...).
//!
//! Invariant: a [`Ratio`] is in lowest terms with a positive denominator.
//! Arithmetic is checked: an operation that would overflow i128 returns
//! `None` rather than a wrong answer.

use std::cmp::Ordering;
use std::fmt;

/// num / den in lowest terms, den > 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// num / den; `None` when den is 0.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let sign = if den < 0 { -1 } else { 1 };
        Some(Ratio {
            num: sign * num / g,
            den: sign * den / g,
        })
    }

    /// An integer.
    pub fn int(n: i64) -> Ratio {
        Ratio {
            num: i128::from(n),
            den: 1,
        }
    }

    /// Numerator.
    pub fn num(self) -> i128 {
        self.num
    }

    /// Denominator (positive).
    pub fn den(self) -> i128 {
        self.den
    }

    /// Sum.
    pub fn checked_add(self, o: Ratio) -> Option<Ratio> {
        let num = self
            .num
            .checked_mul(o.den)?
            .checked_add(o.num.checked_mul(self.den)?)?;
        Ratio::new(num, self.den.checked_mul(o.den)?)
    }

    /// Difference.
    pub fn checked_sub(self, o: Ratio) -> Option<Ratio> {
        self.checked_add(Ratio {
            num: -o.num,
            den: o.den,
        })
    }

    /// Product.
    pub fn checked_mul(self, o: Ratio) -> Option<Ratio> {
        let g1 = gcd(self.num, o.den).max(1);
        let g2 = gcd(o.num, self.den).max(1);
        Ratio::new(
            (self.num / g1).checked_mul(o.num / g2)?,
            (self.den / g2).checked_mul(o.den / g1)?,
        )
    }

    /// Quotient; `None` for division by zero.
    pub fn checked_div(self, o: Ratio) -> Option<Ratio> {
        if o.num == 0 {
            return None;
        }
        self.checked_mul(Ratio::new(o.den, o.num)?)
    }

    /// Largest integer not above the value.
    pub fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }

    /// Smallest integer not below the value.
    pub fn ceil(self) -> i128 {
        -(-self.num).div_euclid(self.den)
    }

    /// The nearest integer, halves rounded up (towards +infinity).
    pub fn round_half_up(self) -> i128 {
        (2 * self.num + self.den).div_euclid(2 * self.den)
    }

    /// The value as the nearest f64.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// Parses "2/3", "0.75", "4/3" or "1" exactly.
    pub fn parse(text: &str) -> Option<Ratio> {
        let text = text.trim();
        if let Some((a, b)) = text.split_once('/') {
            let a = Ratio::parse(a)?;
            let b = Ratio::parse(b)?;
            return a.checked_div(b);
        }
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() && fraction.is_empty()
            || !whole
                .chars()
                .chain(fraction.chars())
                .all(|c| c.is_ascii_digit())
            || whole.len() + fraction.len() > 30
        {
            return None;
        }
        let num: i128 = format!("{whole}{fraction}").parse().ok()?;
        let den = 10i128.checked_pow(fraction.len() as u32)?;
        Ratio::new(if negative { -num } else { num }, den)
    }

    /// Decimal text with up to `digits` places, trailing zeros removed.
    pub fn decimal(self, digits: usize) -> String {
        let text = format!("{:.digits$}", self.to_f64());
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            text
        }
    }
}

impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        // Cross-multiplication in i128 can overflow only for huge terms;
        // fall back to comparing floor parts then remainders.
        match (self.num.checked_mul(o.den), o.num.checked_mul(self.den)) {
            (Some(a), Some(b)) => a.cmp(&b),
            _ => self
                .floor()
                .cmp(&o.floor())
                .then_with(|| self.to_f64().total_cmp(&o.to_f64())),
        }
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Ratio;

    fn r(a: i128, b: i128) -> Ratio {
        Ratio::new(a, b).unwrap()
    }

    #[test]
    fn parses_and_reduces() {
        assert_eq!(Ratio::parse("2/3"), Some(r(2, 3)));
        assert_eq!(Ratio::parse("4/6"), Some(r(2, 3)));
        assert_eq!(Ratio::parse("0.5"), Some(r(1, 2)));
        assert_eq!(Ratio::parse("1.25/0.5"), Some(r(5, 2)));
        assert_eq!(Ratio::parse("-3"), Some(r(-3, 1)));
        assert_eq!(Ratio::parse("abc"), None);
        assert_eq!(Ratio::parse("1/0"), None);
        assert_eq!(Ratio::parse(""), None);
        assert_eq!(r(2, -4), r(-1, 2));
    }

    #[test]
    fn arithmetic_and_rounding() {
        assert_eq!(r(2, 3).checked_mul(Ratio::int(100)), Some(r(200, 3)));
        assert_eq!(r(1, 2).checked_add(r(1, 3)), Some(r(5, 6)));
        assert_eq!(r(1, 2).checked_sub(r(1, 3)), Some(r(1, 6)));
        assert_eq!(r(200, 3).floor(), 66);
        assert_eq!(r(200, 3).ceil(), 67);
        assert_eq!(r(-1, 2).floor(), -1);
        assert_eq!(r(-1, 2).ceil(), 0);
        assert_eq!(r(1, 2).round_half_up(), 1);
        assert_eq!(r(-1, 2).round_half_up(), 0);
        assert_eq!(r(2, 3).round_half_up(), 1);
        assert!(r(2, 3) < r(3, 4));
        assert_eq!(r(200, 3).to_string(), "200/3");
        assert_eq!(r(200, 3).decimal(2), "66.67");
        assert_eq!(Ratio::int(50).decimal(2), "50");
    }
}
