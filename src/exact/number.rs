//! The numbers of the exact engine: one [`Number`] trait with two fields,
//! `f64` and exact rationals of big integers ([`Ratio`]), so every
//! computation is written once and run in either.
//!
//! Inputs arrive as `f64` (payoffs, noise, the probabilities of a strategy).
//! A [`Value`] keeps the float and, when there is one, the rational it
//! stands for: the simplest fraction whose nearest double is the float
//! ([`simplest_fraction`]), so `0.1` is 1/10 and GTFT's `0.333...` (1/3
//! computed in floating point) is 1/3. An input without a fraction of
//! denominator at most [`MAX_DENOMINATOR`] has no exact value, and the
//! engine then answers in `f64` only.

use num_bigint::{BigInt, Sign};
use std::cmp::Ordering;
use std::fmt;

/// The largest denominator [`simplest_fraction`] gives an input.
pub const MAX_DENOMINATOR: u64 = 1_000_000_000_000;

/// A field the engine computes in.
pub trait Number: Clone + fmt::Debug + Send + Sync {
    /// 0.
    fn zero() -> Self;
    /// 1.
    fn one() -> Self;
    /// The sum.
    fn plus(&self, other: &Self) -> Self;
    /// The difference.
    fn minus(&self, other: &Self) -> Self;
    /// The product.
    fn times(&self, other: &Self) -> Self;
    /// The quotient; `other` is not zero.
    fn over(&self, other: &Self) -> Self;
    /// True for exactly 0.
    fn is_zero(&self) -> bool;
    /// The nearest double (also the size a pivot search compares).
    fn to_f64(&self) -> f64;
    /// The number a [`Value`] stands for in this field, if it has one.
    fn of(value: &Value) -> Option<Self>;
    /// True when a pivot of this size is as good as zero (floats: below a
    /// tolerance; exact: only zero).
    fn negligible(&self) -> bool;
}

impl Number for f64 {
    fn zero() -> f64 {
        0.0
    }
    fn one() -> f64 {
        1.0
    }
    fn plus(&self, other: &f64) -> f64 {
        self + other
    }
    fn minus(&self, other: &f64) -> f64 {
        self - other
    }
    fn times(&self, other: &f64) -> f64 {
        self * other
    }
    fn over(&self, other: &f64) -> f64 {
        self / other
    }
    fn is_zero(&self) -> bool {
        *self == 0.0
    }
    fn to_f64(&self) -> f64 {
        *self
    }
    fn of(value: &Value) -> Option<f64> {
        Some(value.float)
    }
    fn negligible(&self) -> bool {
        self.abs() < 1e-13
    }
}

/// An exact rational: a big-integer numerator over a positive denominator,
/// in lowest terms.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: BigInt,
    den: BigInt,
}

fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let (mut a, mut b) = (a.magnitude().clone(), b.magnitude().clone());
    while b != num_bigint::BigUint::ZERO {
        let r = &a % &b;
        a = b;
        b = r;
    }
    BigInt::from(a)
}

impl Ratio {
    /// `num / den` in lowest terms; `den` is not zero.
    pub fn new(num: BigInt, den: BigInt) -> Ratio {
        assert!(den.sign() != Sign::NoSign, "a ratio with denominator 0");
        let g = gcd(&num, &den);
        let (mut num, mut den) = (num / &g, den / &g);
        if den.sign() == Sign::Minus {
            num = -num;
            den = -den;
        }
        Ratio { num, den }
    }

    /// The integer `n`.
    pub fn integer(n: i64) -> Ratio {
        Ratio {
            num: BigInt::from(n),
            den: BigInt::from(1),
        }
    }

    /// `num / den` of machine integers.
    pub fn fraction(num: i64, den: i64) -> Ratio {
        Ratio::new(BigInt::from(num), BigInt::from(den))
    }

    /// The numerator (sign included).
    pub fn numer(&self) -> &BigInt {
        &self.num
    }

    /// The denominator (positive).
    pub fn denom(&self) -> &BigInt {
        &self.den
    }

    /// The exact value of a finite double.
    pub fn of_f64(x: f64) -> Option<Ratio> {
        if !x.is_finite() {
            return None;
        }
        if x == 0.0 {
            return Some(Ratio::integer(0));
        }
        let bits = x.to_bits();
        let negative = bits >> 63 == 1;
        let exponent = ((bits >> 52) & 0x7ff) as i64;
        let fraction = bits & ((1u64 << 52) - 1);
        let (mantissa, power) = if exponent == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1u64 << 52), exponent - 1075)
        };
        let mut num = BigInt::from(mantissa);
        let mut den = BigInt::from(1);
        if power >= 0 {
            num <<= power as usize;
        } else {
            den <<= (-power) as usize;
        }
        if negative {
            num = -num;
        }
        Some(Ratio::new(num, den))
    }

    fn floor(&self) -> BigInt {
        let q = &self.num / &self.den;
        if self.num.sign() == Sign::Minus && &q * &self.den != self.num {
            q - 1
        } else {
            q
        }
    }

    fn recip(&self) -> Ratio {
        Ratio::new(self.den.clone(), self.num.clone())
    }

    fn of_integer(n: BigInt) -> Ratio {
        Ratio {
            num: n,
            den: BigInt::from(1),
        }
    }
}

impl std::str::FromStr for Ratio {
    type Err = String;

    /// Reads `p/q` or `p` (as [`Ratio`]'s `Display` writes them).
    fn from_str(text: &str) -> Result<Ratio, String> {
        let bad = || format!("`{text}` is not a fraction p/q");
        let (num, den) = text.split_once('/').unwrap_or((text, "1"));
        let num: BigInt = num.parse().map_err(|_| bad())?;
        let den: BigInt = den.parse().map_err(|_| bad())?;
        if den.sign() != Sign::Plus {
            return Err(bad());
        }
        Ok(Ratio::new(num, den))
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Ratio) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Ratio {
    fn cmp(&self, other: &Ratio) -> Ordering {
        (&self.num * &other.den).cmp(&(&other.num * &self.den))
    }
}

impl fmt::Display for Ratio {
    /// `p/q`, or `p` for an integer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == BigInt::from(1) {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Number for Ratio {
    fn zero() -> Ratio {
        Ratio::integer(0)
    }
    fn one() -> Ratio {
        Ratio::integer(1)
    }
    fn plus(&self, other: &Ratio) -> Ratio {
        if self.den == other.den {
            return Ratio::new(&self.num + &other.num, self.den.clone());
        }
        Ratio::new(
            &self.num * &other.den + &other.num * &self.den,
            &self.den * &other.den,
        )
    }
    fn minus(&self, other: &Ratio) -> Ratio {
        if self.den == other.den {
            return Ratio::new(&self.num - &other.num, self.den.clone());
        }
        Ratio::new(
            &self.num * &other.den - &other.num * &self.den,
            &self.den * &other.den,
        )
    }
    fn times(&self, other: &Ratio) -> Ratio {
        Ratio::new(&self.num * &other.num, &self.den * &other.den)
    }
    fn over(&self, other: &Ratio) -> Ratio {
        Ratio::new(&self.num * &other.den, &self.den * &other.num)
    }
    fn is_zero(&self) -> bool {
        self.num.sign() == Sign::NoSign
    }
    fn to_f64(&self) -> f64 {
        ratio_to_f64(&self.num, &self.den)
    }
    fn of(value: &Value) -> Option<Ratio> {
        value.exact.clone()
    }
    fn negligible(&self) -> bool {
        self.is_zero()
    }
}

/// The nearest double to num/den (den > 0), correct to within an ulp or
/// two for numbers of any size (the leading 64 bits of each are divided).
fn ratio_to_f64(num: &BigInt, den: &BigInt) -> f64 {
    if num.sign() == Sign::NoSign {
        return 0.0;
    }
    let lead = |n: &BigInt| -> (f64, i64) {
        let bits = n.bits() as i64;
        let shift = (bits - 64).max(0);
        let top = n.magnitude() >> shift as usize;
        let top: u64 = top.try_into().unwrap_or(u64::MAX);
        (top as f64, shift)
    };
    let (a, ea) = lead(num);
    let (b, eb) = lead(den);
    let value = (a / b) * 2f64.powi((ea - eb).clamp(-2000, 2000) as i32);
    if num.sign() == Sign::Minus {
        -value
    } else {
        value
    }
}

/// An input number: its double and, when it has one, the fraction it
/// stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// The double as given.
    pub float: f64,
    /// The fraction it stands for (see [`simplest_fraction`]).
    pub exact: Option<Ratio>,
}

impl Value {
    /// The value of a double: its simplest fraction when there is one.
    pub fn of(float: f64) -> Value {
        Value {
            float,
            exact: simplest_fraction(float),
        }
    }

    /// An exact fraction (its double computed from it).
    pub fn ratio(exact: Ratio) -> Value {
        Value {
            float: exact.to_f64(),
            exact: Some(exact),
        }
    }

    /// 1 - self.
    pub fn complement(&self) -> Value {
        Value {
            float: 1.0 - self.float,
            exact: self.exact.as_ref().map(|e| Ratio::one().minus(e)),
        }
    }

    /// True for exactly 0.
    pub fn is_zero(&self) -> bool {
        self.float == 0.0
    }
}

/// The fraction a double stands for, if it has a plain one: what a person
/// meant by the decimal they wrote (0.1 -> 1/10, 0.123456789 ->
/// 123456789/10^9) or by a quotient computed in floating point (1/3).
///
/// Two candidates: the simplest fraction (smallest denominator) within
/// [`ULPS`] doubles of `x`, and the decimal of `x`'s shortest round-trip
/// form. The simplest fraction wins when its denominator is at most 10^6
/// and below the decimal's (1/3 over 3333333333333333/10^16); otherwise
/// the decimal, when it has at most 12 digits after the point; otherwise
/// none (the input is treated as a real number, computed in doubles).
/// Never a denominator above [`MAX_DENOMINATOR`].
pub fn simplest_fraction(x: f64) -> Option<Ratio> {
    if !x.is_finite() {
        return None;
    }
    if x == 0.0 {
        return Some(Ratio::integer(0));
    }
    let decimal = shortest_decimal(x);
    let simplest = simplest_rounding_to(x);
    let small = |r: &Ratio| r.den <= BigInt::from(1_000_000u32);
    match (simplest, decimal) {
        (Some(s), Some(d)) if small(&s) && s.den < d.den => Some(s),
        (_, Some(d)) if d.den <= BigInt::from(1_000_000_000_000u64) => Some(d),
        (Some(s), _) if small(&s) => Some(s),
        _ => None,
    }
}

/// The exact value of `x`'s shortest round-trip decimal form.
fn shortest_decimal(x: f64) -> Option<Ratio> {
    let text = format!("{x:e}");
    let (mantissa, exponent) = text.split_once('e')?;
    let exponent: i64 = exponent.parse().ok()?;
    let negative = mantissa.starts_with('-');
    let mantissa = mantissa.trim_start_matches('-');
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: BigInt = format!("{whole}{fraction}").parse().ok()?;
    let scale = exponent - fraction.len() as i64;
    if scale.abs() > 400 {
        return None;
    }
    let ten = |k: i64| num_bigint::BigInt::from(10u32).pow(k as u32);
    let value = if scale >= 0 {
        Ratio::new(digits * ten(scale), BigInt::from(1))
    } else {
        Ratio::new(digits, ten(-scale))
    };
    Some(if negative {
        Ratio::zero().minus(&value)
    } else {
        value
    })
}

/// How many doubles either side of an input still stand for the same
/// fraction: a quotient computed in floating point (1 - 2/3, a ZD vector
/// from its payoffs) lands a few ulps from the fraction it means.
pub const ULPS: u64 = 4;

/// The simplest fraction within [`ULPS`] doubles of `x` (x finite, not 0).
fn simplest_rounding_to(x: f64) -> Option<Ratio> {
    let magnitude = x.abs();
    let bits = magnitude.to_bits();
    let lo = Ratio::of_f64(f64::from_bits(bits.saturating_sub(ULPS)))?;
    let hi = Ratio::of_f64(f64::from_bits(bits + ULPS))?;
    let found = simplest_between(&lo, Some(&hi), 0)?;
    if found.den > BigInt::from(MAX_DENOMINATOR) {
        return None;
    }
    Some(if x < 0.0 {
        Ratio::zero().minus(&found)
    } else {
        found
    })
}

/// The simplest rational strictly between `lo >= 0` and `hi` (`None`:
/// infinity), by continued fractions.
fn simplest_between(lo: &Ratio, hi: Option<&Ratio>, depth: u32) -> Option<Ratio> {
    if depth > 200 {
        return None;
    }
    let base = lo.floor();
    let next = Ratio::of_integer(&base + 1);
    if hi.is_none_or(|hi| &next < hi) {
        return Some(next);
    }
    // lo and hi lie in (base, base + 1]: base + 1 / (simplest in (1/(hi-base), 1/(lo-base))).
    let hi = hi?;
    let whole = Ratio::of_integer(base.clone());
    let upper = lo.minus(&whole);
    let lower = hi.minus(&whole).recip();
    let upper = (!upper.is_zero()).then(|| upper.recip());
    let inner = simplest_between(&lower, upper.as_ref(), depth + 1)?;
    Some(whole.plus(&inner.recip()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_and_float_quotients_become_their_fractions() {
        assert_eq!(simplest_fraction(0.1), Some(Ratio::fraction(1, 10)));
        assert_eq!(simplest_fraction(1.0 / 3.0), Some(Ratio::fraction(1, 3)));
        assert_eq!(simplest_fraction(2.0 / 3.0), Some(Ratio::fraction(2, 3)));
        // 1 - 2/3 in doubles is one ulp above the double of 1/3.
        assert_eq!(
            simplest_fraction(1.0 - 2.0 / 3.0),
            Some(Ratio::fraction(1, 3))
        );
        assert_eq!(simplest_fraction(0.05), Some(Ratio::fraction(1, 20)));
        assert_eq!(simplest_fraction(5.0), Some(Ratio::integer(5)));
        assert_eq!(simplest_fraction(-2.5), Some(Ratio::fraction(-5, 2)));
        assert_eq!(simplest_fraction(0.0), Some(Ratio::integer(0)));
        assert_eq!(simplest_fraction(1.0), Some(Ratio::integer(1)));
        assert_eq!(
            simplest_fraction(0.123456789),
            Some(Ratio::fraction(123456789, 1000000000))
        );
        assert_eq!(
            simplest_fraction(2.5e-7),
            Some(Ratio::fraction(1, 4_000_000))
        );
        assert_eq!(simplest_fraction(1e20), Ratio::of_f64(1e20));
        // pi has no plain fraction that rounds to it.
        assert_eq!(simplest_fraction(std::f64::consts::PI), None);
        assert_eq!(simplest_fraction(f64::NAN), None);
    }

    #[test]
    fn every_fraction_found_lies_within_a_few_ulps() {
        for k in 1..2000u32 {
            let x = (k as f64).sqrt() / 97.0;
            if let Some(r) = simplest_fraction(x) {
                let ulp = f64::from_bits(x.to_bits() + 1) - x;
                assert!((r.to_f64() - x).abs() <= ULPS as f64 * ulp, "{r} for {x}");
            }
            let y = k as f64 / 7919.0;
            let r = simplest_fraction(y).unwrap();
            assert_eq!(r, Ratio::fraction(k as i64, 7919));
        }
    }

    #[test]
    fn arithmetic_stays_in_lowest_terms() {
        let a = Ratio::fraction(1, 6);
        let b = Ratio::fraction(1, 3);
        assert_eq!(a.plus(&b), Ratio::fraction(1, 2));
        assert_eq!(a.minus(&b), Ratio::fraction(-1, 6));
        assert_eq!(a.times(&b), Ratio::fraction(1, 18));
        assert_eq!(a.over(&b), Ratio::fraction(1, 2));
        assert_eq!(Ratio::fraction(2, -4).to_string(), "-1/2");
        assert_eq!(Ratio::fraction(4, 2).to_string(), "2");
        assert!(Ratio::fraction(1, 3) < Ratio::fraction(1, 2));
        assert_eq!("-3/6".parse::<Ratio>(), Ok(Ratio::fraction(-1, 2)));
        assert_eq!("7".parse::<Ratio>(), Ok(Ratio::integer(7)));
        assert!("1/0".parse::<Ratio>().is_err());
        assert!("x".parse::<Ratio>().is_err());
        assert_eq!(Ratio::fraction(1, 3).to_f64(), 1.0 / 3.0);
    }
}
