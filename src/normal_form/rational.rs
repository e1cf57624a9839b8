//! Exact rational numbers for payoffs and probabilities.
//!
//! Invariants: the denominator is always positive, `gcd(num, den) == 1`, and
//! zero is `0/1`, so equal values have equal representations (derived `Eq`
//! and `Hash` are value equality). Every operation is checked: an `i128`
//! overflow is returned as [`ArithmeticError::Overflow`], never wrapped.
//! Comparison never overflows (it uses continued-fraction expansion).

use std::cmp::Ordering;
use std::fmt;

/// Arithmetic that cannot be carried out exactly.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArithmeticError {
    /// A numerator or denominator left the range of `i128`.
    #[error(
        "exact arithmetic overflowed 128-bit integers (the numbers in this game are too large or too many)"
    )]
    Overflow,
    /// Division by zero.
    #[error("division by zero")]
    DivisionByZero,
}

/// A number that cannot be read as an exact rational.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{text}` is not a number (allowed: integers like -3, decimals like 0.25, fractions like 3/4)"
)]
pub struct ParseRationalError {
    /// The text given.
    pub text: String,
}

/// Result of a checked operation.
pub type Checked<T> = Result<T, ArithmeticError>;

/// An exact rational number `num / den` in lowest terms with `den > 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i128,
    den: i128,
}

fn gcd(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

// The checked operations return `Result`, so they cannot be the std
// operator traits (which would have to panic or wrap on overflow).
#[allow(clippy::should_implement_trait)]
impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational { num: 0, den: 1 };
    /// One.
    pub const ONE: Rational = Rational { num: 1, den: 1 };

    /// `num / den` reduced; fails on a zero denominator or overflow.
    pub fn new(num: i128, den: i128) -> Checked<Rational> {
        if den == 0 {
            return Err(ArithmeticError::DivisionByZero);
        }
        let g = gcd(num, den);
        let (mut n, mut d) = (num / g, den / g);
        if d < 0 {
            n = n.checked_neg().ok_or(ArithmeticError::Overflow)?;
            d = d.checked_neg().ok_or(ArithmeticError::Overflow)?;
        }
        Ok(Rational { num: n, den: d })
    }

    /// An integer.
    pub const fn int(n: i128) -> Rational {
        Rational { num: n, den: 1 }
    }

    /// The numerator (sign carrier).
    pub fn numer(self) -> i128 {
        self.num
    }

    /// The denominator (positive).
    pub fn denom(self) -> i128 {
        self.den
    }

    /// Whether this is zero.
    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// Whether this is positive.
    pub fn is_positive(self) -> bool {
        self.num > 0
    }

    /// Whether this is negative.
    pub fn is_negative(self) -> bool {
        self.num < 0
    }

    /// Checked sum.
    pub fn add(self, o: Rational) -> Checked<Rational> {
        let g = gcd(self.den, o.den);
        let (bd, od) = (self.den / g, o.den / g);
        let n = self
            .num
            .checked_mul(od)
            .and_then(|x| o.num.checked_mul(bd).and_then(|y| x.checked_add(y)))
            .ok_or(ArithmeticError::Overflow)?;
        let d = self.den.checked_mul(od).ok_or(ArithmeticError::Overflow)?;
        Rational::new(n, d)
    }

    /// Checked difference.
    pub fn sub(self, o: Rational) -> Checked<Rational> {
        self.add(o.neg()?)
    }

    /// Checked negation.
    pub fn neg(self) -> Checked<Rational> {
        Ok(Rational {
            num: self.num.checked_neg().ok_or(ArithmeticError::Overflow)?,
            den: self.den,
        })
    }

    /// Checked product (cross-reduced first to delay overflow).
    pub fn mul(self, o: Rational) -> Checked<Rational> {
        if self.num == 0 || o.num == 0 {
            return Ok(Rational::ZERO);
        }
        let g1 = gcd(self.num, o.den);
        let g2 = gcd(o.num, self.den);
        let n = (self.num / g1)
            .checked_mul(o.num / g2)
            .ok_or(ArithmeticError::Overflow)?;
        let d = (self.den / g2)
            .checked_mul(o.den / g1)
            .ok_or(ArithmeticError::Overflow)?;
        Ok(Rational { num: n, den: d })
    }

    /// Checked reciprocal.
    pub fn recip(self) -> Checked<Rational> {
        Rational::new(self.den, self.num)
    }

    /// Checked quotient.
    pub fn div(self, o: Rational) -> Checked<Rational> {
        self.mul(o.recip()?)
    }

    /// The nearest `f64` (for charts and floating-point screens only).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The smaller of two values.
    pub fn min(self, o: Rational) -> Rational {
        if o < self { o } else { self }
    }

    /// The larger of two values.
    pub fn max(self, o: Rational) -> Rational {
        if o > self { o } else { self }
    }

    /// Reads `-3`, `0.25`, `1e-2` is not accepted; `3/4`, `-1/2`, `+2`.
    pub fn parse(text: &str) -> Result<Rational, ParseRationalError> {
        let bad = || ParseRationalError {
            text: text.to_string(),
        };
        let t = text.trim().replace('_', "");
        if t.is_empty() {
            return Err(bad());
        }
        if let Some((a, b)) = t.split_once('/') {
            let n = parse_decimal(a.trim()).ok_or_else(bad)?;
            let d = parse_decimal(b.trim()).ok_or_else(bad)?;
            return n.div(d).map_err(|_| bad());
        }
        parse_decimal(&t).ok_or_else(bad)
    }
}

fn parse_decimal(t: &str) -> Option<Rational> {
    let (negative, digits) = match t.as_bytes().first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    let (whole, frac) = match digits.split_once('.') {
        Some((w, f)) => (w, f),
        None => (digits, ""),
    };
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut num: i128 = 0;
    let mut den: i128 = 1;
    for b in whole.bytes().chain(frac.bytes()) {
        num = num.checked_mul(10)?.checked_add(i128::from(b - b'0'))?;
    }
    for _ in 0..frac.len() {
        den = den.checked_mul(10)?;
    }
    if negative {
        num = -num;
    }
    Rational::new(num, den).ok()
}

/// Compares `a/b` with `c/d` (b, d > 0) without overflow, by comparing
/// integer parts and recursing on the reciprocals of the remainders.
fn compare(mut a: i128, mut b: i128, mut c: i128, mut d: i128) -> Ordering {
    let mut flipped = false;
    loop {
        let (qa, ra) = (a.div_euclid(b), a.rem_euclid(b));
        let (qc, rc) = (c.div_euclid(d), c.rem_euclid(d));
        let o = qa.cmp(&qc);
        if o != Ordering::Equal {
            return if flipped { o.reverse() } else { o };
        }
        match (ra == 0, rc == 0) {
            (true, true) => return Ordering::Equal,
            (true, false) => {
                return if flipped {
                    Ordering::Greater
                } else {
                    Ordering::Less
                };
            }
            (false, true) => {
                return if flipped {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
            }
            _ => {}
        }
        // a/b = qa + ra/b: compare ra/b vs rc/d  <=>  d/rc vs b/ra.
        (a, b, c, d) = (b, ra, d, rc);
        flipped = !flipped;
    }
}

impl Ord for Rational {
    fn cmp(&self, o: &Rational) -> Ordering {
        if self.den == o.den {
            return self.num.cmp(&o.num);
        }
        compare(self.num, self.den, o.num, o.den)
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, o: &Rational) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Rational {
        Rational::int(i128::from(n))
    }
}

/// Rounding and display for whole-number games and reports (the guessing
/// game's targets and elimination bounds).
impl Rational {
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

/// Sum of a list, checked.
pub fn sum(values: impl IntoIterator<Item = Rational>) -> Checked<Rational> {
    values
        .into_iter()
        .try_fold(Rational::ZERO, |acc, v| acc.add(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> Rational {
        Rational::parse(s).unwrap()
    }

    #[test]
    fn parses_and_normalises() {
        assert_eq!(r("6/8"), Rational::new(3, 4).unwrap());
        assert_eq!(r("-0.5"), Rational::new(-1, 2).unwrap());
        assert_eq!(r("1/-2"), Rational::new(-1, 2).unwrap());
        assert_eq!(r("0.25").to_string(), "1/4");
        assert_eq!(r("12").to_string(), "12");
        assert_eq!(r(".5"), r("1/2"));
        for bad in ["", "abc", "1/0", "1.2.3", "-", "1e3", "3/"] {
            assert!(Rational::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn arithmetic_and_order() {
        assert_eq!(r("1/2").add(r("1/3")).unwrap(), r("5/6"));
        assert_eq!(r("1/2").sub(r("1/3")).unwrap(), r("1/6"));
        assert_eq!(r("2/3").mul(r("9/4")).unwrap(), r("3/2"));
        assert_eq!(r("2/3").div(r("4/9")).unwrap(), r("3/2"));
        assert!(r("1/3") < r("1/2"));
        assert!(r("-1/3") > r("-1/2"));
        assert!(r("7/5") > r("4/3"));
        let big = Rational::int(i128::MAX);
        assert_eq!(big.add(Rational::ONE), Err(ArithmeticError::Overflow));
        assert!(Rational::new(i128::MAX, 3).unwrap() > Rational::new(i128::MAX - 1, 3).unwrap());
        assert!(Rational::new(1, i128::MAX).unwrap() < Rational::new(1, i128::MAX - 1).unwrap());
    }

    #[test]
    fn rounding_and_decimals() {
        assert_eq!(r("200/3").floor(), 66);
        assert_eq!(r("200/3").ceil(), 67);
        assert_eq!(r("-1/2").floor(), -1);
        assert_eq!(r("-1/2").ceil(), 0);
        assert_eq!(r("1/2").round_half_up(), 1);
        assert_eq!(r("-1/2").round_half_up(), 0);
        assert_eq!(r("2/3").round_half_up(), 1);
        assert_eq!(r("200/3").decimal(2), "66.67");
        assert_eq!(Rational::int(50).decimal(2), "50");
    }

    #[test]
    fn compare_agrees_with_cross_multiplication() {
        for a in -7..=7 {
            for b in 1..=6 {
                for c in -7..=7 {
                    for d in 1..=6 {
                        let x = Rational::new(a, b).unwrap();
                        let y = Rational::new(c, d).unwrap();
                        assert_eq!(x.cmp(&y), (a * d).cmp(&(c * b)), "{a}/{b} vs {c}/{d}");
                    }
                }
            }
        }
    }
}
