//! The gradient of selection of a pair: with k mutants A among Z, the
//! probability that one more A appears minus the probability that one
//! fewer does, G(k) = T+(k) - T-(k) (Traulsen, Nowak & Pacheco, Phys. Rev.
//! E 74, 2006; EGTtools' `gradient_of_selection`). Where G > 0 selection
//! pushes the share of A up; its zeros in (0, Z) are the interior fixed
//! points of the pair (coexistence where G falls through 0, a tipping point
//! where it rises through 0).
//!
//! The birth-death chain is the one [`super::fixation`] sums over, with the
//! finite-population payoffs that leave self-play out:
//! * Fermi: T±(k) = (k/Z) ((Z-k)/Z) / (1 + exp(∓β (f_A(k) - f_B(k)))),
//!   one random individual imitates another with the Fermi probability;
//! * Moran (birth-death, fitness F = 1 - w + w f): a parent chosen in
//!   proportion to fitness, its offspring replacing one of the other Z - 1:
//!   T+(k) = k F_A / (k F_A + (Z-k) F_B) (Z-k)/(Z-1) and
//!   T-(k) = (Z-k) F_B / (k F_A + (Z-k) F_B) k/(Z-1).
//!
//! In both, T-/T+ is the ratio whose products give ρ, so the sign of G(k)
//! is the sign of f_A(k) - f_B(k) (for w > 0 and β > 0).

use crate::evolution::invasion::{PayoffMatrix, Selection};

/// G(k) for k = 0..=Z of `mutant` against `resident` (0 at both ends,
/// where the population is monomorphic). The caller has checked `z >= 2`
/// and the selection (as [`super::fixation_matrix`] does).
pub fn gradient(
    payoffs: &PayoffMatrix,
    mutant: usize,
    resident: usize,
    z: usize,
    selection: Selection,
) -> Vec<f64> {
    let (aa, ab) = (payoffs.get(mutant, mutant), payoffs.get(mutant, resident));
    let (ba, bb) = (
        payoffs.get(resident, mutant),
        payoffs.get(resident, resident),
    );
    let zf = z as f64;
    let n = zf - 1.0;
    (0..=z)
        .map(|k| {
            if k == 0 || k == z {
                return 0.0;
            }
            let k = k as f64;
            let f_a = ((k - 1.0) * aa + (zf - k) * ab) / n;
            let f_b = (k * ba + (zf - k - 1.0) * bb) / n;
            match selection {
                Selection::Fermi { beta } => {
                    let meet = k / zf * ((zf - k) / zf);
                    // 1/(1+e^-x) - 1/(1+e^x) = tanh(x/2), exact for large x.
                    meet * (beta * (f_a - f_b) / 2.0).tanh()
                }
                Selection::Moran { w } => {
                    let (fa, fb) = (1.0 - w + w * f_a, 1.0 - w + w * f_b);
                    let total = k * fa + (zf - k) * fb;
                    if total <= 0.0 {
                        // All fitness 0: the parent is picked uniformly,
                        // which moves up and down alike.
                        return 0.0;
                    }
                    let up = k * fa / total * ((zf - k) / n);
                    let down = (zf - k) * fb / total * (k / n);
                    up - down
                }
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evolution::invasion::fixation;

    fn matrix(rows: &[[f64; 2]; 2]) -> PayoffMatrix {
        PayoffMatrix::new(&rows.iter().map(|r| r.to_vec()).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn neutral_selection_has_no_gradient() {
        let m = matrix(&[[3.0, 0.0], [5.0, 1.0]]);
        for g in gradient(&m, 0, 1, 50, Selection::Fermi { beta: 0.0 }) {
            assert_eq!(g, 0.0);
        }
        for g in gradient(&m, 0, 1, 50, Selection::Moran { w: 0.0 }) {
            assert!(g.abs() < 1e-15, "{g}");
        }
    }

    #[test]
    fn fermi_matches_the_two_fermi_functions() {
        // A prisoner's dilemma: Defector (1) against Cooperator (0).
        let m = matrix(&[[3.0, 0.0], [5.0, 1.0]]);
        let (z, beta) = (10usize, 0.7);
        let g = gradient(&m, 1, 0, z, Selection::Fermi { beta });
        for (k, &value) in g.iter().enumerate().take(z).skip(1) {
            let kf = k as f64;
            let zf = z as f64;
            let f_a = ((kf - 1.0) * 1.0 + (zf - kf) * 5.0) / (zf - 1.0);
            let f_b = (kf * 0.0 + (zf - kf - 1.0) * 3.0) / (zf - 1.0);
            let meet = kf / zf * (zf - kf) / zf;
            let up = meet / (1.0 + (-beta * (f_a - f_b)).exp());
            let down = meet / (1.0 + (beta * (f_a - f_b)).exp());
            assert!((value - (up - down)).abs() < 1e-15, "k {k}");
            assert!(value > 0.0, "defectors always gain: k {k}");
        }
        assert_eq!((g[0], g[z]), (0.0, 0.0));
    }

    #[test]
    fn moran_ratio_is_the_one_fixation_sums_over() {
        // T-/T+ = F_B/F_A, so the fixation probability rebuilt from the
        // gradient's T+ and T- equals fixation()'s.
        let m = matrix(&[[2.0, 4.0], [3.0, 1.0]]);
        let (z, w) = (12usize, 0.3);
        let rho = fixation(&m, 0, 1, z, Selection::Moran { w });
        let zf = z as f64;
        let mut sum = 1.0;
        let mut product = 1.0;
        for k in 1..z {
            let kf = k as f64;
            let f_a = ((kf - 1.0) * 2.0 + (zf - kf) * 4.0) / (zf - 1.0);
            let f_b = (kf * 3.0 + (zf - kf - 1.0) * 1.0) / (zf - 1.0);
            let (fa, fb) = (1.0 - w + w * f_a, 1.0 - w + w * f_b);
            let total = kf * fa + (zf - kf) * fb;
            let up = kf * fa / total * (zf - kf) / (zf - 1.0);
            let down = (zf - kf) * fb / total * kf / (zf - 1.0);
            let g = gradient(&m, 0, 1, z, Selection::Moran { w })[k];
            assert!((g - (up - down)).abs() < 1e-15);
            product *= down / up;
            sum += product;
        }
        assert!((rho.probability - 1.0 / sum).abs() < 1e-12);
    }

    #[test]
    fn coexistence_shows_as_a_falling_zero() {
        // Hawk-dove: a_AB > a_BB and a_BA > a_AA, mixed equilibrium at 1/2.
        let m = matrix(&[[0.0, 3.0], [1.0, 2.0]]);
        let z = 101;
        let g = gradient(&m, 0, 1, z, Selection::Fermi { beta: 1.0 });
        let crossings: Vec<usize> = (1..z - 1)
            .filter(|&k| g[k] > 0.0 && g[k + 1] <= 0.0)
            .collect();
        assert_eq!(crossings.len(), 1, "{crossings:?}");
        let k = crossings[0] as f64 / z as f64;
        assert!((k - 0.5).abs() < 0.03, "{k}");
    }
}
