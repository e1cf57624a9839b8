//! A fixed-width 256-bit signed integer for fraction-free pivoting, with
//! no heap: two's complement over four little-endian `u64` limbs.
//!
//! The entries of an integer (Bareiss) tableau are minors of the input
//! matrix, so Hadamard's bound caps them: for a 15x15 game with payoffs
//! below 1000 they stay under `(sqrt(15) * 1000)^15 < 2^180`. Their Bareiss
//! update `(x p - f g) / D` needs a 512-bit intermediate, but the division
//! is exact, so the quotient is determined by the numerator modulo `2^256`:
//! with `D = 2^t D'` (`D'` odd), `q = ((n mod 2^256) >> t) * D'^{-1}` modulo
//! `2^(256 - t)` (Jebelean 1993, "An algorithm for exact division"; the
//! inverse by Newton's iteration, computed once per pivot in [`Divisor`]).
//! Only the low 256 bits of each product are ever formed.
//!
//! Invariant: every operation either returns the exact result or `None`;
//! it never returns a wrapped value. Whether the exact quotient fits is
//! decided *before* dividing, from the operands' bit lengths
//! (`|x p - f g| <= 2^(max(bits x + bits p, bits f + bits g) + 1)` and
//! `D >= 2^(bits D - 1)`), so a `None` may be returned for a result that
//! would just have fitted; callers then redo the operation in `BigInt`.
//! The division is correct only when it is exact, which the caller
//! guarantees (the Bareiss identity).

use num_bigint::{BigInt, Sign};
use std::cmp::Ordering;

/// A signed 256-bit integer (two's complement, limbs little-endian).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct I256([u64; 4]);

impl std::fmt::Debug for I256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_big())
    }
}

/// An exact divisor `d = ±2^shift * odd` prepared for [`I256::bareiss`]:
/// the inverse of `odd` modulo `2^256` is computed once and reused for a
/// whole pivot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisor {
    /// The divisor itself.
    value: I256,
    /// Inverse of the odd part modulo `2^256`.
    inverse: I256,
    /// Trailing zero bits of `|d|`.
    shift: u32,
    /// Bit length of `|d|`.
    bits: u32,
    /// Whether `d < 0`.
    negative: bool,
    /// The top `shift` bits set.
    high: I256,
}

impl Divisor {
    /// Prepares `d` (must be non-zero).
    pub fn new(d: I256) -> Option<Divisor> {
        if d.is_zero() {
            return None;
        }
        let negative = d.is_negative();
        let m = if negative { d.wrapping_neg() } else { d };
        // |i256::MIN| = 2^255 is a valid magnitude read as unsigned.
        let shift = m.trailing_zeros();
        let odd = m.shr_logical(shift);
        // Newton: x <- x (2 - d x) doubles the correct low bits; d * d = 1
        // modulo 8 for odd d, so 3 -> 6 -> ... -> 384 >= 256 in 7 steps.
        let two = I256::from_i128(2);
        let mut x = odd;
        for _ in 0..7 {
            x = x.wrapping_mul(two.wrapping_sub(odd.wrapping_mul(x)));
        }
        debug_assert_eq!(odd.wrapping_mul(x), I256::ONE);
        Some(Divisor {
            value: d,
            inverse: x,
            shift,
            bits: 256 - m.leading_zeros(),
            negative,
            high: if shift == 0 {
                I256::ZERO
            } else {
                I256::ONE.shl(256 - shift).wrapping_neg()
            },
        })
    }

    /// The divisor.
    pub fn value(&self) -> I256 {
        self.value
    }
}

impl I256 {
    /// Zero.
    pub const ZERO: I256 = I256([0; 4]);
    /// One.
    pub const ONE: I256 = I256([1, 0, 0, 0]);

    /// Converts an `i128`.
    pub const fn from_i128(v: i128) -> I256 {
        let lo = v as u128;
        let ext = if v < 0 { u64::MAX } else { 0 };
        I256([lo as u64, (lo >> 64) as u64, ext, ext])
    }

    /// The value as an `i128`, if it fits.
    pub fn to_i128(self) -> Option<i128> {
        let v = (self.0[0] as u128 | (self.0[1] as u128) << 64) as i128;
        let ext = if v < 0 { u64::MAX } else { 0 };
        (self.0[2] == ext && self.0[3] == ext).then_some(v)
    }

    /// The value of `v`, if it lies in `[-2^255, 2^255)`.
    pub fn from_big(v: &BigInt) -> Option<I256> {
        let (sign, digits) = v.to_u64_digits();
        if digits.len() > 4 {
            return None;
        }
        let mut limbs = [0u64; 4];
        limbs[..digits.len()].copy_from_slice(&digits);
        let x = I256(limbs);
        match sign {
            Sign::NoSign => Some(I256::ZERO),
            Sign::Plus => (!x.is_negative()).then_some(x),
            Sign::Minus => {
                let n = x.wrapping_neg();
                n.is_negative().then_some(n)
            }
        }
    }

    /// As a `BigInt`.
    pub fn to_big(self) -> BigInt {
        let m = self.magnitude();
        let mut bytes = [0u8; 32];
        for (i, limb) in m.iter().enumerate() {
            bytes[8 * i..8 * i + 8].copy_from_slice(&limb.to_le_bytes());
        }
        let sign = match self.signum() {
            -1 => Sign::Minus,
            0 => Sign::NoSign,
            _ => Sign::Plus,
        };
        BigInt::from_bytes_le(sign, &bytes)
    }

    /// Whether zero.
    #[inline]
    pub fn is_zero(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    /// Whether negative.
    #[inline]
    pub fn is_negative(self) -> bool {
        (self.0[3] as i64) < 0
    }

    /// -1, 0 or 1.
    #[inline]
    pub fn signum(self) -> i32 {
        if self.is_negative() {
            -1
        } else if self.is_zero() {
            0
        } else {
            1
        }
    }

    /// `|self|` as an unsigned 256-bit number (limbs).
    #[inline]
    fn magnitude(self) -> [u64; 4] {
        if self.is_negative() {
            self.wrapping_neg().0
        } else {
            self.0
        }
    }

    /// The least `b` with `|self| <= 2^b` (0 for 0; the bit length of
    /// `|self|`, or one less when `|self|` is a power of two and negative).
    #[inline]
    pub fn bound_bits(self) -> u32 {
        let y = if self.is_negative() { self.not() } else { self };
        256 - y.leading_zeros()
    }

    #[inline]
    fn leading_zeros(self) -> u32 {
        for i in (0..4).rev() {
            if self.0[i] != 0 {
                return (3 - i as u32) * 64 + self.0[i].leading_zeros();
            }
        }
        256
    }

    fn trailing_zeros(self) -> u32 {
        for i in 0..4 {
            if self.0[i] != 0 {
                return i as u32 * 64 + self.0[i].trailing_zeros();
            }
        }
        256
    }

    #[inline]
    fn not(self) -> I256 {
        I256([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }

    /// `-self` modulo `2^256`.
    #[inline]
    pub fn wrapping_neg(self) -> I256 {
        self.not().wrapping_add(I256::ONE)
    }

    /// `self + o` modulo `2^256`.
    #[inline]
    pub fn wrapping_add(self, o: I256) -> I256 {
        let mut r = [0u64; 4];
        let mut carry = false;
        for (i, x) in r.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *x = s2;
            carry = c1 | c2;
        }
        I256(r)
    }

    /// `self - o` modulo `2^256`.
    #[inline]
    pub fn wrapping_sub(self, o: I256) -> I256 {
        let mut r = [0u64; 4];
        let mut borrow = false;
        for (i, x) in r.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            *x = s2;
            borrow = b1 | b2;
        }
        I256(r)
    }

    /// `self * o` modulo `2^256` (the low half of the product; correct for
    /// signed operands in two's complement).
    #[inline]
    pub fn wrapping_mul(self, o: I256) -> I256 {
        let (a, b) = (self.0, o.0);
        let mut r = [0u64; 4];
        for i in 0..4 {
            let mut carry = 0u128;
            for j in 0..4 - i {
                let t = r[i + j] as u128 + a[i] as u128 * b[j] as u128 + carry;
                r[i + j] = t as u64;
                carry = t >> 64;
            }
        }
        I256(r)
    }

    /// The exact sum, or `None` if it leaves the 256-bit range.
    pub fn checked_add(self, o: I256) -> Option<I256> {
        let s = self.wrapping_add(o);
        let overflow =
            self.is_negative() == o.is_negative() && s.is_negative() != self.is_negative();
        (!overflow).then_some(s)
    }

    /// The exact difference, or `None` if it leaves the 256-bit range.
    pub fn checked_sub(self, o: I256) -> Option<I256> {
        let s = self.wrapping_sub(o);
        let overflow =
            self.is_negative() != o.is_negative() && s.is_negative() != self.is_negative();
        (!overflow).then_some(s)
    }

    /// Logical shift right by `k < 256`.
    fn shr_logical(self, k: u32) -> I256 {
        let (w, b) = ((k / 64) as usize, k % 64);
        let mut r = [0u64; 4];
        for (i, x) in r.iter_mut().enumerate() {
            let lo = if i + w < 4 { self.0[i + w] } else { 0 };
            let hi = if i + w + 1 < 4 { self.0[i + w + 1] } else { 0 };
            *x = if b == 0 { lo } else { lo >> b | hi << (64 - b) };
        }
        I256(r)
    }

    /// Shift left by `k < 256` (modulo `2^256`).
    fn shl(self, k: u32) -> I256 {
        let (w, b) = ((k / 64) as usize, k % 64);
        let mut r = [0u64; 4];
        for (i, x) in r.iter_mut().enumerate() {
            let lo = if i > w { self.0[i - w - 1] } else { 0 };
            let hi = if i >= w { self.0[i - w] } else { 0 };
            *x = if b == 0 { hi } else { hi << b | lo >> (64 - b) };
        }
        I256(r)
    }

    /// `(self * p - f * g) / d`, the division known to be exact, or `None`
    /// if the quotient might not fit (see the module invariant). When the
    /// bound shows the quotient fits in 128 bits, everything is computed
    /// modulo `2^128` in native `u128`.
    #[inline]
    pub fn exact_bareiss(self, p: I256, f: I256, g: I256, d: &Divisor) -> Option<I256> {
        let left = self.bound_bits() + p.bound_bits();
        let no_product = f.is_zero() || g.is_zero();
        // |n| <= 2^top and d >= 2^(bits - 1), so |q| <= 2^(top + 1 - bits);
        // modulo 2^w it is read back signed if |q| < 2^(w - 1 - shift),
        // which holds when top + 3 + shift <= w + bits.
        let top = if no_product {
            left
        } else {
            left.max(f.bound_bits() + g.bound_bits()) + 1
        };
        let need = top + 3 + d.shift;
        if need <= 128 + d.bits && d.shift < 64 {
            let n = if no_product {
                self.low().wrapping_mul(p.low())
            } else {
                self.low()
                    .wrapping_mul(p.low())
                    .wrapping_sub(f.low().wrapping_mul(g.low()))
            };
            let q = (n >> d.shift).wrapping_mul(d.inverse.low());
            let q = ((q << d.shift) as i128) >> d.shift;
            return Some(I256::from_i128(if d.negative { -q } else { q }));
        }
        if need <= 192 + d.bits && d.shift < 128 {
            return Some(I256::bareiss_low::<3>(self, p, f, g, no_product, d));
        }
        if need > 256 + d.bits {
            return None;
        }
        let n = if no_product {
            self.wrapping_mul(p)
        } else {
            self.wrapping_mul(p).wrapping_sub(f.wrapping_mul(g))
        };
        Some(n.exact_div(d))
    }

    /// `(x p - f g) / d` computed modulo `2^(64 N)` (`N < 4` limbs), for a
    /// quotient known to lie in `(-2^(64 N - 1 - shift), 2^(64 N - 1 - shift))`.
    #[inline(always)]
    fn bareiss_low<const N: usize>(
        x: I256,
        p: I256,
        f: I256,
        g: I256,
        no_product: bool,
        d: &Divisor,
    ) -> I256 {
        let mut n = mul_low::<N>(&x.0, &p.0);
        if !no_product {
            let fg = mul_low::<N>(&f.0, &g.0);
            let mut borrow = false;
            for (a, b) in n.iter_mut().zip(fg) {
                let (s1, b1) = a.overflowing_sub(b);
                let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
                *a = s2;
                borrow = b1 | b2;
            }
        }
        let mut wide = [0u64; 4];
        wide[..N].copy_from_slice(&n);
        // Bits at and above 64 N are garbage from here on; the shift
        // leaves only lower garbage-free bits in the low 64 N - shift.
        let shifted = I256(wide).shr_logical(d.shift);
        let mut q = [0u64; 4];
        q[..N].copy_from_slice(&mul_low::<N>(&shifted.0, &d.inverse.0));
        // Sign-extend from bit 64 N - 1 - shift.
        let bit = 64 * N as u32 - 1 - d.shift;
        let negative = q[(bit / 64) as usize] >> (bit % 64) & 1 == 1;
        let keep = bit % 64 + 1; // low bits of limb bit / 64 that are valid
        let top = (bit / 64) as usize;
        let mask = if keep == 64 {
            u64::MAX
        } else {
            (1u64 << keep) - 1
        };
        for (i, limb) in q.iter_mut().enumerate() {
            if i > top {
                *limb = if negative { u64::MAX } else { 0 };
            } else if i == top {
                *limb = if negative {
                    *limb | !mask
                } else {
                    *limb & mask
                };
            }
        }
        let q = I256(q);
        if d.negative { q.wrapping_neg() } else { q }
    }

    /// The low 128 bits.
    #[inline]
    fn low(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }

    /// `self * p / d`, the division known to be exact, or `None` if the
    /// quotient might not fit.
    #[inline]
    pub fn exact_scale(self, p: I256, d: &Divisor) -> Option<I256> {
        self.exact_bareiss(p, I256::ZERO, I256::ZERO, d)
    }

    /// `n / d` for a multiple `n` of `d` whose quotient is known to lie in
    /// `(-2^(255 - shift), 2^(255 - shift))`, from `n` modulo `2^256`.
    #[inline]
    fn exact_div(self, d: &Divisor) -> I256 {
        let mut q = if d.shift == 0 {
            self.wrapping_mul(d.inverse)
        } else {
            self.shr_logical(d.shift).wrapping_mul(d.inverse)
        };
        if d.shift > 0 {
            // Only the low 256 - shift bits are the quotient's: sign-extend
            // from bit 255 - shift.
            let bit = 255 - d.shift;
            let negative = q.0[(bit / 64) as usize] >> (bit % 64) & 1 == 1;
            for (limb, mask) in q.0.iter_mut().zip(d.high.0) {
                *limb = if negative {
                    *limb | mask
                } else {
                    *limb & !mask
                };
            }
        }
        if d.negative { q.wrapping_neg() } else { q }
    }

    /// Compares `a * b` with `c * e` exactly (full 512-bit products).
    pub fn cmp_products(a: I256, b: I256, c: I256, e: I256) -> Ordering {
        if a.bound_bits() + b.bound_bits() <= 254 && c.bound_bits() + e.bound_bits() <= 254 {
            // Both products fit: compare them as signed 256-bit numbers.
            return a.wrapping_mul(b).cmp_signed(c.wrapping_mul(e));
        }
        let sl = a.signum() * b.signum();
        let sr = c.signum() * e.signum();
        if sl != sr {
            return sl.cmp(&sr);
        }
        // A floating-point filter on the magnitudes: each approximation has
        // relative error below 2^-52, so each product's is below 2^-50;
        // products further apart than that are ordered by them.
        let l = a.approx() * b.approx();
        let r = c.approx() * e.approx();
        let by_magnitude = if (l - r).abs() > (l + r) * FILTER {
            if l < r {
                Ordering::Less
            } else {
                Ordering::Greater
            }
        } else {
            let ml = mul_wide(a.magnitude(), b.magnitude());
            let mr = mul_wide(c.magnitude(), e.magnitude());
            ml.iter().rev().cmp(mr.iter().rev())
        };
        if sl < 0 {
            by_magnitude.reverse()
        } else {
            by_magnitude
        }
    }

    /// `|self|` as an `f64` with relative error below `2^-52` (the top 64
    /// bits of the magnitude, truncated, then rounded).
    #[inline]
    fn approx(self) -> f64 {
        let m = I256(self.magnitude());
        let bits = 256 - m.leading_zeros();
        if bits <= 64 {
            return m.0[0] as f64;
        }
        let top = m.shr_logical(bits - 64).0[0];
        // 2^(bits - 64) built from its exponent field (bits - 64 <= 192).
        top as f64 * f64::from_bits((1023 + u64::from(bits - 64)) << 52)
    }

    /// Signed comparison.
    pub fn cmp_signed(self, o: I256) -> Ordering {
        match (self.is_negative(), o.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Same sign: two's complement orders like unsigned.
            _ => self.0.iter().rev().cmp(o.0.iter().rev()),
        }
    }
}

/// Relative gap above which two approximate products are ordered without
/// computing them exactly (well above their combined error `2^-49`).
const FILTER: f64 = 1.0 / (1u64 << 45) as f64;

/// The low `N` limbs of the product of two 256-bit numbers.
#[inline(always)]
fn mul_low<const N: usize>(a: &[u64; 4], b: &[u64; 4]) -> [u64; N] {
    let mut r = [0u64; N];
    for i in 0..N {
        let mut carry = 0u128;
        for j in 0..N - i {
            let t = r[i + j] as u128 + a[i] as u128 * b[j] as u128 + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
    }
    r
}

/// The full 512-bit product of two unsigned 256-bit numbers.
#[inline]
fn mul_wide(a: [u64; 4], b: [u64; 4]) -> [u64; 8] {
    let mut r = [0u64; 8];
    for i in 0..4 {
        if a[i] == 0 {
            continue;
        }
        let mut carry = 0u128;
        for j in 0..4 {
            let t = r[i + j] as u128 + a[i] as u128 * b[j] as u128 + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
        r[i + 4] = carry as u64;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A random value of about `bits` bits, one of `choices` (sign random).
    fn random(rng: &mut ChaCha8Rng, choices: &[u32]) -> BigInt {
        let bits = pick(rng, choices);
        let mut v = BigInt::ZERO;
        for _ in 0..bits.div_ceil(64) {
            v = (v << 64) + BigInt::from(rng.next_u64());
        }
        v >>= bits.div_ceil(64) * 64 - bits;
        if rng.next_u64() % 2 == 0 { -v } else { v }
    }

    fn pick(rng: &mut ChaCha8Rng, bits: &[u32]) -> u32 {
        bits[(rng.next_u64() % bits.len() as u64) as usize]
    }

    fn fixed(v: &BigInt) -> I256 {
        I256::from_big(v).unwrap()
    }

    #[test]
    fn conversions_and_range() {
        let max: BigInt = (BigInt::from(1) << 255u32) - 1;
        let min: BigInt = -(BigInt::from(1) << 255u32);
        assert_eq!(fixed(&max).to_big(), max);
        assert_eq!(fixed(&min).to_big(), min);
        assert_eq!(I256::from_big(&(&max + 1)), None);
        assert_eq!(I256::from_big(&(&min - 1)), None);
        for v in [0i128, 1, -1, i128::MAX, i128::MIN, 12345, -98765] {
            let x = I256::from_i128(v);
            assert_eq!(x.to_i128(), Some(v));
            assert_eq!(x.to_big(), BigInt::from(v));
            assert_eq!(fixed(&BigInt::from(v)), x);
        }
        assert_eq!(fixed(&(BigInt::from(i128::MAX) + 1)).to_i128(), None);
        assert_eq!(fixed(&max).checked_add(I256::ONE), None);
        assert_eq!(fixed(&min).checked_add(I256::from_i128(-1)), None);
        assert_eq!(I256::ZERO.checked_sub(fixed(&min)), None);
        assert_eq!(
            I256::ZERO.checked_sub(fixed(&max)).map(I256::to_big),
            Some(-&max)
        );
        assert_eq!(fixed(&min).bound_bits(), 255);
        assert_eq!(I256::from_i128(-4).bound_bits(), 2);
        assert_eq!(I256::from_i128(4).bound_bits(), 3);
    }

    #[test]
    fn random_operations_agree_with_bigint() {
        let mut rng = ChaCha8Rng::seed_from_u64(256);
        let modulus = BigInt::from(1) << 256;
        let wrap = |v: BigInt| -> BigInt {
            let r = ((v % &modulus) + &modulus) % &modulus;
            if r >= (BigInt::from(1) << 255) {
                r - &modulus
            } else {
                r
            }
        };
        for _ in 0..3000 {
            let bits = [1, 40, 100, 127, 128, 129, 180, 200, 254, 255];
            let (ba, bb) = (pick(&mut rng, &bits), pick(&mut rng, &bits));
            let a = random(&mut rng, &[ba]);
            let b = random(&mut rng, &[bb]);
            let (x, y) = (fixed(&a), fixed(&b));
            assert_eq!(x.wrapping_add(y).to_big(), wrap(&a + &b));
            assert_eq!(x.wrapping_sub(y).to_big(), wrap(&a - &b));
            assert_eq!(x.wrapping_mul(y).to_big(), wrap(&a * &b));
            assert_eq!(
                x.checked_add(y).map(I256::to_big),
                I256::from_big(&(&a + &b)).map(I256::to_big)
            );
            assert_eq!(x.cmp_signed(y), a.cmp(&b));
            assert_eq!(
                x.checked_sub(y).map(I256::to_big),
                I256::from_big(&(&a - &b)).map(I256::to_big)
            );
            let c = random(&mut rng, &bits);
            let e = random(&mut rng, &bits);
            assert_eq!(
                I256::cmp_products(x, y, fixed(&c), fixed(&e)),
                (&a * &b).cmp(&(&c * &e)),
                "{a} {b} {c} {e}"
            );
            // Products a relative 2^-200 apart: the float filter must
            // defer to the exact comparison.
            if let Some(x1) = x.checked_add(I256::ONE) {
                assert_eq!(
                    I256::cmp_products(x, y, x1, y),
                    (&a * &b).cmp(&((&a + 1) * &b)),
                    "{a} {b}"
                );
            }
            // Equal products compare equal.
            assert_eq!(I256::cmp_products(x, y, y, x), Ordering::Equal, "{a} {b}");
        }
    }

    #[test]
    fn exact_division_agrees_with_bigint_and_detects_overflow() {
        let mut rng = ChaCha8Rng::seed_from_u64(512);
        let (mut fitted, mut refused) = (0, 0);
        for round in 0..4000 {
            let bits = [2, 30, 64, 100, 128, 150, 180, 200, 250];
            // A divisor with a random power of two, and a quotient q: the
            // numerator x p - f g is arranged to equal q d exactly.
            let mut d = random(&mut rng, &bits);
            if d == BigInt::ZERO {
                d = BigInt::from(1);
            }
            d <<= (rng.next_u64() % 5) as usize * (round % 3);
            if round % 7 == 0 {
                d = -d;
            }
            let Some(dv) = I256::from_big(&d).and_then(Divisor::new) else {
                continue;
            };
            let q = random(&mut rng, &bits);
            let (x, p, f) = (
                random(&mut rng, &bits),
                random(&mut rng, &bits),
                random(&mut rng, &bits),
            );
            // g = (x p - q d) / f needs f | (x p - q d): take f = 1 or make
            // x p - q d a multiple of f by choosing x p = q d + f g.
            let g = random(&mut rng, &bits);
            let xp = &q * &d + &f * &g;
            // Use x = xp, p = 1 half the time, else the drawn x, p (then
            // the numerator is x p - f g, divided only when exact).
            let (x, p) = if round % 2 == 0 {
                (xp, BigInt::from(1))
            } else {
                (x, p)
            };
            let n = &x * &p - &f * &g;
            let exact = &n % &d == BigInt::ZERO;
            let all = [&x, &p, &f, &g].map(I256::from_big);
            let [Some(fx), Some(fp), Some(ff), Some(fg)] = all else {
                continue;
            };
            if !exact {
                continue;
            }
            let want = &n / &d;
            match fx.exact_bareiss(fp, ff, fg, &dv) {
                Some(got) => {
                    fitted += 1;
                    assert_eq!(got.to_big(), want, "({x} * {p} - {f} * {g}) / {d}");
                }
                None => {
                    refused += 1;
                    // Refused only when the size bound might be exceeded.
                    let bits = |v: &BigInt| v.magnitude().bits();
                    let worst = (bits(&x) + bits(&p)).max(bits(&f) + bits(&g)) + 1;
                    let shift = d.magnitude().trailing_zeros().unwrap_or(0);
                    assert!(worst + 1 + shift > 254 + bits(&d), "{want}");
                }
            }
            if (&x * &p) % &d == BigInt::ZERO {
                if let Some(s) = fx.exact_scale(fp, &dv) {
                    assert_eq!(s.to_big(), &x * &p / &d);
                }
            }
        }
        assert!(fitted > 300 && refused > 30, "{fitted} {refused}");
    }

    #[test]
    fn small_operands_exhaustive() {
        // Every (x p - f g) / d with small operands, including -1 (whose
        // bound is 2^0) and even divisors.
        for d in (-12i128..=12).filter(|&d| d != 0) {
            let dv = Divisor::new(I256::from_i128(d)).unwrap();
            for x in -6i128..=6 {
                for p in -3i128..=3 {
                    for f in -3i128..=3 {
                        for g in -3i128..=3 {
                            let n = x * p - f * g;
                            if n % d != 0 {
                                continue;
                            }
                            let [x1, p1, f1, g1] = [x, p, f, g].map(I256::from_i128);
                            assert_eq!(
                                x1.exact_bareiss(p1, f1, g1, &dv),
                                Some(I256::from_i128(n / d)),
                                "({x} * {p} - {f} * {g}) / {d}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn quotients_beyond_256_bits_are_refused() {
        let big = fixed(&(BigInt::from(1) << 200));
        let one = Divisor::new(I256::ONE).unwrap();
        assert_eq!(big.exact_bareiss(big, I256::ZERO, I256::ZERO, &one), None);
        let three = Divisor::new(I256::from_i128(3)).unwrap();
        let q = big.exact_bareiss(I256::from_i128(6), I256::ZERO, I256::ZERO, &three);
        assert_eq!(q.map(I256::to_big), Some(BigInt::from(1) << 201));
        // Exactly at the edge: 2^253 * 2 / 1 fits, 2^254 * 2 might not.
        let e = fixed(&(BigInt::from(1) << 251));
        assert!(e.exact_scale(I256::from_i128(2), &one).is_some());
        assert_eq!(Divisor::new(I256::ZERO), None);
    }
}
