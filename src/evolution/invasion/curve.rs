//! The stationary distribution of the small-mutation limit as the
//! intensity of selection varies: one chain per intensity, the curve a
//! reader of Imhof, Fudenberg & Nowak (2005) or EGTtools' examples plots
//! against β on a logarithmic axis. Neutral selection gives every strategy
//! 1/S; strong selection concentrates on the strategies no other invades.

use crate::evolution::invasion::{
    InvasionError, PayoffMatrix, Selection, SmallMutation, fixation_matrix, small_mutation,
};

/// The small-mutation chain at each intensity of `intensities` (β for
/// Fermi, w for Moran: `selection`'s process with each value in turn).
pub fn abundance_curve(
    payoffs: &PayoffMatrix,
    z: usize,
    selection: Selection,
    intensities: &[f64],
) -> Result<Vec<SmallMutation>, InvasionError> {
    intensities
        .iter()
        .map(|&value| {
            let at = match selection {
                Selection::Fermi { .. } => Selection::Fermi { beta: value },
                Selection::Moran { .. } => Selection::Moran { w: value },
            };
            small_mutation(&fixation_matrix(payoffs, z, at)?)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dilemma() -> PayoffMatrix {
        // Cooperator, Defector, Tit For Tat over 10 turns, per turn.
        PayoffMatrix::new(&[
            vec![3.0, 0.0, 3.0],
            vec![5.0, 1.0, 1.4],
            vec![3.0, 0.9, 3.0],
        ])
        .unwrap()
    }

    #[test]
    fn each_point_is_the_chain_at_that_intensity() {
        let m = dilemma();
        let betas = [0.01, 0.1, 1.0, 10.0];
        let curve = abundance_curve(&m, 50, Selection::Fermi { beta: 1.0 }, &betas).unwrap();
        for (chain, &beta) in curve.iter().zip(&betas) {
            let direct =
                small_mutation(&fixation_matrix(&m, 50, Selection::Fermi { beta }).unwrap())
                    .unwrap();
            assert_eq!(chain.abundance, direct.abundance);
        }
    }

    #[test]
    fn weak_selection_is_near_uniform_and_strong_selection_picks_defection() {
        let m = dilemma();
        let curve = abundance_curve(&m, 50, Selection::Fermi { beta: 1.0 }, &[1e-6, 20.0]).unwrap();
        for &a in &curve[0].abundance {
            assert!((a - 1.0 / 3.0).abs() < 1e-3, "{a}");
        }
        let strong = &curve[1].abundance;
        assert!(strong[1] > 0.5, "{strong:?}");
    }

    #[test]
    fn moran_intensities_are_checked() {
        let m = dilemma();
        let err = abundance_curve(&m, 10, Selection::Moran { w: 0.5 }, &[0.5, 1.5]).unwrap_err();
        assert!(
            matches!(err, InvasionError::Intensity { name: "w", .. }),
            "{err:?}"
        );
    }
}
