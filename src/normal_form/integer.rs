//! Exact integers for fraction-free pivoting: a fast `i128` whose every
//! operation is checked, an arbitrary-precision `BigInt` (num-bigint) that
//! never overflows, and [`Num`], a fixed-width 256-bit integer
//! ([`crate::normal_form::int256`], no heap) that switches per entry to
//! `BigInt` beyond 256 bits.
//!
//! The pivoting code ([`crate::normal_form::tableau`]) is generic over
//! [`Int`]. With `i128` an overflow is reported as [`Overflow`] (the caller
//! may run again in `BigInt`); `Num` never overflows. So an overflow costs
//! time, never a wrong answer or a panic.
//!
//! Invariant: an `i128` operation either returns the exact result or
//! `Err(Overflow)`; it never wraps.

use crate::normal_form::int256::{Divisor, I256};
use crate::normal_form::rational::{ArithmeticError, Checked, Rational};
use num_bigint::{BigInt, Sign};
use std::cmp::Ordering;
use std::fmt::Debug;

/// An `i128` operation left the range of `i128` (retry with `BigInt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow;

/// Result of an integer operation.
pub type IntResult<T> = Result<T, Overflow>;

/// The integer operations fraction-free pivoting needs.
pub trait Int: Clone + Debug + Eq {
    /// A divisor prepared for many exact divisions by the same value.
    type Divisor: Clone;
    /// Prepares `d` (non-zero) as a divisor.
    fn divisor(d: &Self) -> IntResult<Self::Divisor>;
    /// [`Int::bareiss`] with a prepared divisor.
    fn bareiss_by(&self, p: &Self, f: &Self, g: &Self, d: &Self::Divisor) -> IntResult<Self>;
    /// [`Int::scale`] with a prepared divisor.
    fn scale_by(&self, p: &Self, d: &Self::Divisor) -> IntResult<Self>;
    /// Converts a (small) integer.
    fn from_i128(v: i128) -> Self;
    /// Converts a `BigInt`, failing if it does not fit.
    fn from_big(v: &BigInt) -> IntResult<Self>;
    /// As a `BigInt`.
    fn to_big(&self) -> BigInt;
    /// The sign: -1, 0 or 1.
    fn signum(&self) -> i32;
    /// Whether zero.
    fn is_zero(&self) -> bool {
        self.signum() == 0
    }
    /// Whether positive.
    fn is_positive(&self) -> bool {
        self.signum() > 0
    }
    /// Sum.
    fn add(&self, o: &Self) -> IntResult<Self>;
    /// Negation.
    fn neg(&self) -> IntResult<Self>;
    /// `(self * p - f * g) / d`, where the division is known to be exact
    /// (the Bareiss / integer-pivoting update).
    fn bareiss(&self, p: &Self, f: &Self, g: &Self, d: &Self) -> IntResult<Self>;
    /// `self * p / d`, the division known to be exact.
    fn scale(&self, p: &Self, d: &Self) -> IntResult<Self>;
    /// Compares `a * b` with `c * e`.
    fn cmp_products(a: &Self, b: &Self, c: &Self, e: &Self) -> IntResult<Ordering>;
}

impl Int for i128 {
    type Divisor = i128;
    fn divisor(d: &Self) -> IntResult<Self::Divisor> {
        Ok(*d)
    }
    #[inline]
    fn bareiss_by(&self, p: &Self, f: &Self, g: &Self, d: &Self::Divisor) -> IntResult<Self> {
        self.bareiss(p, f, g, d)
    }
    #[inline]
    fn scale_by(&self, p: &Self, d: &Self::Divisor) -> IntResult<Self> {
        self.scale(p, d)
    }
    fn from_i128(v: i128) -> Self {
        v
    }
    fn from_big(v: &BigInt) -> IntResult<Self> {
        i128::try_from(v).map_err(|_| Overflow)
    }
    fn to_big(&self) -> BigInt {
        BigInt::from(*self)
    }
    fn signum(&self) -> i32 {
        i128::signum(*self) as i32
    }
    fn add(&self, o: &Self) -> IntResult<Self> {
        self.checked_add(*o).ok_or(Overflow)
    }
    fn neg(&self) -> IntResult<Self> {
        self.checked_neg().ok_or(Overflow)
    }
    #[inline]
    fn bareiss(&self, p: &Self, f: &Self, g: &Self, d: &Self) -> IntResult<Self> {
        let x = self.checked_mul(*p).ok_or(Overflow)?;
        let y = f.checked_mul(*g).ok_or(Overflow)?;
        let z = x.checked_sub(y).ok_or(Overflow)?;
        if *d == 1 { Ok(z) } else { Ok(z / d) }
    }
    #[inline]
    fn scale(&self, p: &Self, d: &Self) -> IntResult<Self> {
        if p == d {
            return Ok(*self);
        }
        let x = self.checked_mul(*p).ok_or(Overflow)?;
        Ok(x / d)
    }
    fn cmp_products(a: &Self, b: &Self, c: &Self, e: &Self) -> IntResult<Ordering> {
        let x = a.checked_mul(*b).ok_or(Overflow)?;
        let y = c.checked_mul(*e).ok_or(Overflow)?;
        Ok(x.cmp(&y))
    }
}

impl Int for BigInt {
    type Divisor = BigInt;
    fn divisor(d: &Self) -> IntResult<Self::Divisor> {
        Ok(d.clone())
    }
    fn bareiss_by(&self, p: &Self, f: &Self, g: &Self, d: &Self::Divisor) -> IntResult<Self> {
        self.bareiss(p, f, g, d)
    }
    fn scale_by(&self, p: &Self, d: &Self::Divisor) -> IntResult<Self> {
        self.scale(p, d)
    }
    fn from_i128(v: i128) -> Self {
        BigInt::from(v)
    }
    fn from_big(v: &BigInt) -> IntResult<Self> {
        Ok(v.clone())
    }
    fn to_big(&self) -> BigInt {
        self.clone()
    }
    fn signum(&self) -> i32 {
        match self.sign() {
            Sign::Minus => -1,
            Sign::NoSign => 0,
            Sign::Plus => 1,
        }
    }
    fn add(&self, o: &Self) -> IntResult<Self> {
        Ok(self + o)
    }
    fn neg(&self) -> IntResult<Self> {
        Ok(-self)
    }
    fn bareiss(&self, p: &Self, f: &Self, g: &Self, d: &Self) -> IntResult<Self> {
        Ok((self * p - f * g) / d)
    }
    fn scale(&self, p: &Self, d: &Self) -> IntResult<Self> {
        if p == d {
            return Ok(self.clone());
        }
        Ok(self * p / d)
    }
    fn cmp_products(a: &Self, b: &Self, c: &Self, e: &Self) -> IntResult<Ordering> {
        Ok((a * b).cmp(&(c * e)))
    }
}

/// Fixed-width 256-bit integers: every operation is exact or reports
/// [`Overflow`] (never wraps); see [`crate::normal_form::int256`].
impl Int for I256 {
    type Divisor = Divisor;
    fn divisor(d: &Self) -> IntResult<Divisor> {
        // Zero is no divisor; the tableau never divides by it.
        Divisor::new(*d).ok_or(Overflow)
    }
    #[inline]
    fn bareiss_by(&self, p: &Self, f: &Self, g: &Self, d: &Divisor) -> IntResult<Self> {
        self.exact_bareiss(*p, *f, *g, d).ok_or(Overflow)
    }
    #[inline]
    fn scale_by(&self, p: &Self, d: &Divisor) -> IntResult<Self> {
        self.exact_scale(*p, d).ok_or(Overflow)
    }
    fn from_i128(v: i128) -> Self {
        I256::from_i128(v)
    }
    fn from_big(v: &BigInt) -> IntResult<Self> {
        I256::from_big(v).ok_or(Overflow)
    }
    fn to_big(&self) -> BigInt {
        I256::to_big(*self)
    }
    #[inline]
    fn signum(&self) -> i32 {
        I256::signum(*self)
    }
    fn add(&self, o: &Self) -> IntResult<Self> {
        self.checked_add(*o).ok_or(Overflow)
    }
    fn neg(&self) -> IntResult<Self> {
        I256::ZERO.checked_sub(*self).ok_or(Overflow)
    }
    fn bareiss(&self, p: &Self, f: &Self, g: &Self, d: &Self) -> IntResult<Self> {
        self.bareiss_by(p, f, g, &Divisor::new(*d).ok_or(Overflow)?)
    }
    fn scale(&self, p: &Self, d: &Self) -> IntResult<Self> {
        self.scale_by(p, &Divisor::new(*d).ok_or(Overflow)?)
    }
    #[inline]
    fn cmp_products(a: &Self, b: &Self, c: &Self, e: &Self) -> IntResult<Ordering> {
        Ok(I256::cmp_products(*a, *b, *c, *e))
    }
}

/// An integer that is a fixed-width [`I256`] while it fits and a `BigInt`
/// beyond: each operation is tried in 256 bits first (no heap; exact
/// division by a per-pivot inverse) and redone in `BigInt` only when it
/// might not fit, so a tableau with a few huge entries pays for those
/// alone. Entries of an integer tableau are minors of the input, so for
/// games up to about 15x15 with payoffs below 1000 (Hadamard: under
/// `2^180`) every entry stays fixed-width.
///
/// Invariant: `Big` holds only values outside the `I256` range, so the
/// derived `Eq` is value equality.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Num {
    /// Fits in 256 bits.
    Fixed(I256),
    /// Does not.
    Big(BigInt),
}

/// A [`Num`] prepared as a divisor: the 256-bit inverse when it is fixed.
#[derive(Clone, Debug)]
pub struct NumDivisor {
    value: Num,
    fixed: Option<Divisor>,
}

impl Num {
    /// The value of `v`, fixed-width if it fits.
    pub fn normal(v: BigInt) -> Num {
        match I256::from_big(&v) {
            Some(x) => Num::Fixed(x),
            None => Num::Big(v),
        }
    }

    fn big(&self) -> std::borrow::Cow<'_, BigInt> {
        match self {
            Num::Fixed(x) => std::borrow::Cow::Owned(x.to_big()),
            Num::Big(b) => std::borrow::Cow::Borrowed(b),
        }
    }
}

impl Int for Num {
    type Divisor = NumDivisor;
    fn divisor(d: &Self) -> IntResult<NumDivisor> {
        Ok(NumDivisor {
            value: d.clone(),
            fixed: match d {
                Num::Fixed(x) => Divisor::new(*x),
                Num::Big(_) => None,
            },
        })
    }
    #[inline]
    fn bareiss_by(&self, p: &Self, f: &Self, g: &Self, d: &NumDivisor) -> IntResult<Self> {
        if let (Num::Fixed(x), Num::Fixed(p1), Num::Fixed(f1), Num::Fixed(g1), Some(d1)) =
            (self, p, f, g, &d.fixed)
        {
            if let Some(z) = x.exact_bareiss(*p1, *f1, *g1, d1) {
                debug_assert_eq!(
                    z.to_big(),
                    (&*self.big() * &*p.big() - &*f.big() * &*g.big()) / &*d.value.big(),
                    "{self:?} {p:?} {f:?} {g:?} {d:?}"
                );
                return Ok(Num::Fixed(z));
            }
        }
        Ok(Num::normal(
            (&*self.big() * &*p.big() - &*f.big() * &*g.big()) / &*d.value.big(),
        ))
    }
    #[inline]
    fn scale_by(&self, p: &Self, d: &NumDivisor) -> IntResult<Self> {
        if *p == d.value {
            return Ok(self.clone());
        }
        if let (Num::Fixed(x), Num::Fixed(p1), Some(d1)) = (self, p, &d.fixed) {
            if let Some(z) = x.exact_scale(*p1, d1) {
                return Ok(Num::Fixed(z));
            }
        }
        Ok(Num::normal(&*self.big() * &*p.big() / &*d.value.big()))
    }
    fn from_i128(v: i128) -> Self {
        Num::Fixed(I256::from_i128(v))
    }
    fn from_big(v: &BigInt) -> IntResult<Self> {
        Ok(Num::normal(v.clone()))
    }
    fn to_big(&self) -> BigInt {
        self.big().into_owned()
    }
    #[inline]
    fn signum(&self) -> i32 {
        match self {
            Num::Fixed(x) => x.signum(),
            Num::Big(b) => Int::signum(b),
        }
    }
    fn add(&self, o: &Self) -> IntResult<Self> {
        if let (Num::Fixed(x), Num::Fixed(y)) = (self, o) {
            if let Some(z) = x.checked_add(*y) {
                return Ok(Num::Fixed(z));
            }
        }
        Ok(Num::normal(&*self.big() + &*o.big()))
    }
    fn neg(&self) -> IntResult<Self> {
        match self {
            Num::Fixed(x) => match I256::ZERO.checked_sub(*x) {
                Some(y) => Ok(Num::Fixed(y)),
                None => Ok(Num::normal(-x.to_big())),
            },
            Num::Big(b) => Ok(Num::normal(-b)),
        }
    }
    fn bareiss(&self, p: &Self, f: &Self, g: &Self, d: &Self) -> IntResult<Self> {
        self.bareiss_by(p, f, g, &Num::divisor(d)?)
    }
    fn scale(&self, p: &Self, d: &Self) -> IntResult<Self> {
        self.scale_by(p, &Num::divisor(d)?)
    }
    #[inline]
    fn cmp_products(a: &Self, b: &Self, c: &Self, e: &Self) -> IntResult<Ordering> {
        if let (Num::Fixed(a1), Num::Fixed(b1), Num::Fixed(c1), Num::Fixed(e1)) = (a, b, c, e) {
            return Ok(I256::cmp_products(*a1, *b1, *c1, *e1));
        }
        Ok((&*a.big() * &*b.big()).cmp(&(&*c.big() * &*e.big())))
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

/// The exact rational `num / den` (reduced), or an overflow error if it
/// does not fit the 128-bit [`Rational`].
pub fn big_ratio(num: &BigInt, den: &BigInt) -> Checked<Rational> {
    if den.sign() == Sign::NoSign {
        return Err(ArithmeticError::DivisionByZero);
    }
    let g = big_gcd(num, den);
    let (n, d) = (num / &g, den / &g);
    let n = i128::try_from(&n).map_err(|_| ArithmeticError::Overflow)?;
    let d = i128::try_from(&d).map_err(|_| ArithmeticError::Overflow)?;
    Rational::new(n, d)
}

/// The least common multiple of positive integers.
pub fn big_lcm(values: impl IntoIterator<Item = i128>) -> BigInt {
    values.into_iter().fold(BigInt::from(1), |acc, v| {
        let v = BigInt::from(v);
        let g = big_gcd(&acc, &v);
        acc / g * v
    })
}

/// Scales each row of a rational matrix by a common positive factor to
/// integers: `rows[i] * lcm(denominators of the whole matrix)`.
pub fn integer_matrix(m: &[Vec<Rational>]) -> (Vec<Vec<BigInt>>, BigInt) {
    let l = big_lcm(m.iter().flatten().map(|v| v.denom()));
    let rows = m
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| BigInt::from(v.numer()) * (&l / BigInt::from(v.denom())))
                .collect()
        })
        .collect();
    (rows, l)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checked_i128_reports_overflow() {
        let big = i128::MAX / 2;
        assert_eq!(big.bareiss(&4, &0, &0, &1), Err(Overflow));
        assert_eq!(6i128.bareiss(&5, &2, &3, &4), Ok(6));
        assert_eq!(
            i128::cmp_products(&big, &3, &1, &1),
            Err(Overflow),
            "no wrapping"
        );
        // Num: fixed-width until 256 bits, then BigInt, and back.
        let wide: BigInt = BigInt::from(1) << 200;
        let n = Num::normal(wide.clone());
        assert!(matches!(n, Num::Fixed(_)));
        let c = |v: i128| Num::from_i128(v);
        let grown = n.bareiss(&Num::normal(wide.clone()), &c(0), &c(0), &c(1));
        assert_eq!(grown, Ok(Num::Big(&wide * &wide)));
        let back = grown
            .unwrap()
            .bareiss(&c(1), &c(0), &c(0), &Num::normal(wide.clone()));
        assert_eq!(back, Ok(Num::normal(wide.clone())), "shrinks back to Fixed");
        assert!(matches!(back, Ok(Num::Fixed(_))));
        assert_eq!(
            Num::cmp_products(&grown_or(&wide), &c(3), &grown_or(&wide), &c(2)),
            Ok(Ordering::Greater)
        );
        assert_eq!(c(6).bareiss(&c(5), &c(2), &c(3), &c(4)), Ok(c(6)));
        assert_eq!(c(7).add(&c(-9)), Ok(c(-2)));
        let b = BigInt::from(big);
        assert_eq!(
            BigInt::cmp_products(&b, &BigInt::from(3), &b, &BigInt::from(2)),
            Ok(Ordering::Greater)
        );
    }

    fn grown_or(v: &BigInt) -> Num {
        Num::normal(v * v)
    }

    #[test]
    fn ratios_reduce_and_fit() {
        let r = big_ratio(&BigInt::from(6), &BigInt::from(-4)).unwrap();
        assert_eq!(r, Rational::new(-3, 2).unwrap());
        let huge = BigInt::from(i128::MAX) * 4;
        assert_eq!(
            big_ratio(&huge, &BigInt::from(3)),
            Err(ArithmeticError::Overflow)
        );
        assert_eq!(big_ratio(&huge, &(BigInt::from(i128::MAX) * 8)).unwrap(), {
            Rational::new(1, 2).unwrap()
        });
        let (m, l) = integer_matrix(&[vec![
            Rational::new(1, 2).unwrap(),
            Rational::new(2, 3).unwrap(),
        ]]);
        assert_eq!(l, BigInt::from(6));
        assert_eq!(m[0], vec![BigInt::from(3), BigInt::from(4)]);
    }
}
