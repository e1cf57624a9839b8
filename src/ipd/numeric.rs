//! Summation and median rules that reproduce the axelrod library's floats
//! bit for bit.
//!
//! axelrod computes normalised scores with pandas' group mean (Kahan
//! summation in row order), means with numpy's `np.mean` (pairwise summation
//! in blocks of eight) and medians with `np.nanmedian`. Using the same
//! operations in the same order makes our `summary.csv` identical to
//! theirs, not just close.

/// Kahan (compensated) sum in slice order, as pandas' `groupby().mean()`.
pub fn kahan_sum(values: impl IntoIterator<Item = f64>) -> f64 {
    let mut sum = 0.0f64;
    let mut compensation = 0.0f64;
    for value in values {
        let y = value - compensation;
        let t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
    }
    sum
}

/// numpy's pairwise summation of a contiguous float64 array
/// (`pairwise_sum` in numpy's loops: plain loop below 8 elements, eight
/// accumulators up to 128, halving above).
fn numpy_pairwise_sum(values: &[f64]) -> f64 {
    let n = values.len();
    if n < 8 {
        let mut sum = -0.0f64;
        for &v in values {
            sum += v;
        }
        sum
    } else if n <= 128 {
        let mut r = [0.0f64; 8];
        r.copy_from_slice(&values[..8]);
        let mut i = 8;
        while i < n - (n % 8) {
            for (k, acc) in r.iter_mut().enumerate() {
                *acc += values[i + k];
            }
            i += 8;
        }
        let mut sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        while i < n {
            sum += values[i];
            i += 1;
        }
        sum
    } else {
        let mut half = n / 2;
        half -= half % 8;
        numpy_pairwise_sum(&values[..half]) + numpy_pairwise_sum(&values[half..])
    }
}

/// `np.sum` of a 1-d float64 array: numpy's pairwise sum of all elements
/// (checked against numpy 2.4 on random arrays).
pub fn numpy_sum(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        numpy_pairwise_sum(values)
    }
}

/// `np.mean`: [`numpy_sum`] divided by the count (NaN when empty).
pub fn numpy_mean(values: &[f64]) -> f64 {
    numpy_sum(values) / values.len() as f64
}

/// `np.nanmedian`: the median ignoring NaNs, the mean of the two middle
/// values for an even count, NaN when nothing is left.
pub fn nan_median(values: &[f64]) -> f64 {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted.sort_by(f64::total_cmp);
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        numpy_mean(&sorted[n / 2 - 1..=n / 2])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kahan_recovers_lost_low_bits() {
        let values = [1e16, 1.0, 1.0, -1e16];
        assert_eq!(values.iter().sum::<f64>(), 0.0);
        assert_eq!(kahan_sum(values), 2.0);
    }

    #[test]
    fn medians_follow_numpy() {
        assert_eq!(nan_median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(nan_median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
        assert_eq!(nan_median(&[f64::NAN, 1.0, 5.0]), 3.0);
        assert!(nan_median(&[]).is_nan());
    }

    #[test]
    fn pairwise_sum_adds_everything() {
        let values: Vec<f64> = (1..=300).map(f64::from).collect();
        assert_eq!(numpy_sum(&values), 45150.0);
        assert_eq!(numpy_mean(&values[..10]), 5.5);
        assert_eq!(numpy_sum(&[]), 0.0);
    }
}
