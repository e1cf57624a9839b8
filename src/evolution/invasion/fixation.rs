//! The fixation probability of one mutant A in a population of Z - 1
//! residents B on the complete graph, for a birth-death chain on the
//! number k of A individuals:
//!
//! ρ(B -> A) = 1 / (1 + Σ_{i=1}^{Z-1} Π_{j=1}^{i} T-(j) / T+(j))
//!
//! (Nowak, *Evolutionary Dynamics*, 2006, eq. 6.13). The finite-population
//! payoffs leave self-play out: with k A among Z,
//! f_A(k) = ((k-1) a_AA + (Z-k) a_AB) / (Z-1) and
//! f_B(k) = (k a_BA + (Z-k-1) a_BB) / (Z-1).
//!
//! * Fermi (pairwise comparison, Traulsen, Nowak & Pacheco 2006):
//!   T-/T+ = exp(-β (f_A - f_B)).
//! * Moran (birth-death: a parent chosen proportionally to fitness, its
//!   offspring replaces one of the other Z - 1 uniformly): fitness
//!   F = 1 - w + w f and T-/T+ = F_B / F_A. With w = 1 this is the
//!   process the `moran` and `fixation` kinds simulate
//!   (`evolution::moran`, mode "bd" on the complete graph: fitness the
//!   total score against everyone else, which is (Z-1) f, and the ratio
//!   does not see the factor); `fixation_matrix::exact` has its value.
//!   All fitness 0 picks the parent uniformly (ratio 1), as they do.
//!
//! Computed in log space: the partial sums L_i = Σ_{j<=i} ln(T-/T+)(j)
//! are added with log-sum-exp, so ln ρ = -ln(1 + Σ exp(L_i)) is exact to
//! rounding whatever β Z is, and ρ = exp(ln ρ) rounds to 0 only below the
//! smallest f64 (about 1e-308).

use crate::evolution::invasion::log_sum::LogSum;
use crate::evolution::invasion::{InvasionError, PayoffMatrix};
use rayon::prelude::*;

/// The update rule and its intensity of selection.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Selection {
    /// Pairwise comparison with the Fermi function, intensity β >= 0.
    Fermi {
        /// Intensity of selection.
        beta: f64,
    },
    /// Birth-death Moran process, fitness 1 - w + w f, w in [0, 1].
    Moran {
        /// Intensity of selection.
        w: f64,
    },
}

impl Selection {
    /// The scenario-file spelling of the process.
    pub fn process(&self) -> &'static str {
        match self {
            Selection::Fermi { .. } => "fermi",
            Selection::Moran { .. } => "moran",
        }
    }

    /// The intensity (β or w).
    pub fn intensity(&self) -> f64 {
        match *self {
            Selection::Fermi { beta } => beta,
            Selection::Moran { w } => w,
        }
    }

    /// Checks the intensity, and for Moran that no fitness of `payoffs` is
    /// negative.
    pub fn validate(&self, payoffs: &PayoffMatrix) -> Result<(), InvasionError> {
        match *self {
            Selection::Fermi { beta } => {
                if !(beta.is_finite() && beta >= 0.0) {
                    return Err(InvasionError::Intensity {
                        name: "beta",
                        allowed: "a finite number of at least 0",
                        value: beta,
                    });
                }
            }
            Selection::Moran { w } => {
                if !(0.0..=1.0).contains(&w) {
                    return Err(InvasionError::Intensity {
                        name: "w",
                        allowed: "between 0 and 1",
                        value: w,
                    });
                }
                let min = payoffs.min();
                if min.is_finite() && 1.0 - w + w * min < 0.0 {
                    return Err(InvasionError::NegativeFitness { payoff: min, w });
                }
            }
        }
        Ok(())
    }
}

/// A fixation probability and its natural logarithm (the logarithm stays
/// finite where the probability underflows; -inf only when it is exactly 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixation {
    /// ρ.
    pub probability: f64,
    /// ln ρ.
    pub ln: f64,
}

impl Fixation {
    /// Never fixes.
    pub const NEVER: Fixation = Fixation {
        probability: 0.0,
        ln: f64::NEG_INFINITY,
    };

    /// ρ from the successive ln(T-/T+)(j), j = 1..Z-1; a `+inf` (T+ = 0)
    /// means ρ = 0, a `-inf` (T- = 0) ends the sum.
    pub fn from_log_ratios(ratios: impl IntoIterator<Item = f64>) -> Fixation {
        let mut sum = LogSum::new();
        sum.add(0.0);
        let mut partial = 0.0;
        for d in ratios {
            if d == f64::INFINITY {
                return Fixation::NEVER;
            }
            if d == f64::NEG_INFINITY {
                break;
            }
            partial += d;
            sum.add(partial);
        }
        Fixation {
            probability: sum.reciprocal(),
            ln: -sum.ln(),
        }
    }
}

/// ρ(resident -> mutant): one `mutant` among `z - 1` `resident`s.
/// The caller has checked `z >= 2` and `selection` ([`fixation_matrix`]
/// does both).
pub fn fixation(
    payoffs: &PayoffMatrix,
    mutant: usize,
    resident: usize,
    z: usize,
    selection: Selection,
) -> Fixation {
    let (aa, ab) = (payoffs.get(mutant, mutant), payoffs.get(mutant, resident));
    let (ba, bb) = (
        payoffs.get(resident, mutant),
        payoffs.get(resident, resident),
    );
    let n = (z - 1) as f64;
    let f_a = move |k: f64| ((k - 1.0) * aa + (z as f64 - k) * ab) / n;
    let f_b = move |k: f64| (k * ba + (z as f64 - k - 1.0) * bb) / n;
    let ks = (1..z).map(|k| k as f64);
    match selection {
        Selection::Fermi { beta } => {
            Fixation::from_log_ratios(ks.map(|k| -beta * (f_a(k) - f_b(k))))
        }
        Selection::Moran { w } => Fixation::from_log_ratios(ks.map(|k| {
            let (fa, fb) = (1.0 - w + w * f_a(k), 1.0 - w + w * f_b(k));
            match (fa > 0.0, fb > 0.0) {
                (true, true) => (fb / fa).ln(),
                // All fitness 0: the parent is picked uniformly.
                (false, false) => 0.0,
                (false, true) => f64::INFINITY,
                (true, false) => f64::NEG_INFINITY,
            }
        })),
    }
}

/// Every ρ(resident -> mutant): `rho[resident][mutant]`, the diagonal the
/// neutral 1 / Z. Checks the population and the intensity first.
pub fn fixation_matrix(
    payoffs: &PayoffMatrix,
    z: usize,
    selection: Selection,
) -> Result<Vec<Vec<Fixation>>, InvasionError> {
    if z < 2 {
        return Err(InvasionError::PopulationTooSmall(z));
    }
    selection.validate(payoffs)?;
    let s = payoffs.size();
    let neutral = Fixation {
        probability: 1.0 / z as f64,
        ln: -(z as f64).ln(),
    };
    Ok((0..s)
        .into_par_iter()
        .map(|resident| {
            (0..s)
                .map(|mutant| {
                    if mutant == resident {
                        neutral
                    } else {
                        fixation(payoffs, mutant, resident, z, selection)
                    }
                })
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&[f64]]) -> PayoffMatrix {
        PayoffMatrix::new(&rows.iter().map(|r| r.to_vec()).collect::<Vec<_>>()).unwrap()
    }

    fn pd() -> PayoffMatrix {
        table(&[&[3.0, 0.0], &[5.0, 1.0]])
    }

    #[test]
    fn neutral_selection_gives_exactly_one_over_z() {
        for z in [2, 3, 10, 100, 1000] {
            for selection in [Selection::Fermi { beta: 0.0 }, Selection::Moran { w: 0.0 }] {
                let rho = fixation(&pd(), 0, 1, z, selection);
                assert_eq!(rho.probability, 1.0 / z as f64, "{z} {selection:?}");
                assert!((rho.ln + (z as f64).ln()).abs() < 1e-14);
            }
            // Equal payoffs are neutral at any intensity.
            let flat = table(&[&[2.0, 2.0], &[2.0, 2.0]]);
            let rho = fixation(&flat, 1, 0, z, Selection::Fermi { beta: 7.0 });
            assert_eq!(rho.probability, 1.0 / z as f64);
        }
    }

    #[test]
    fn constant_fitness_gives_the_moran_closed_form() {
        // Payoffs constant per row: f_A = r, f_B = 1 at w = 1.
        for (r, z) in [(1.1, 10), (2.0, 50), (0.8, 20), (1.01, 1000)] {
            let t = table(&[&[r, r], &[1.0, 1.0]]);
            let rho = fixation(&t, 0, 1, z, Selection::Moran { w: 1.0 });
            let exact = (1.0 - 1.0 / r) / (1.0 - (1.0 / r).powi(z as i32));
            assert!(
                ((rho.probability - exact) / exact).abs() < 1e-12,
                "r {r} z {z}: {} vs {exact}",
                rho.probability
            );
        }
    }

    #[test]
    fn fermi_with_a_constant_difference_is_a_geometric_sum() {
        // f_A - f_B = u everywhere: ρ = (1 - e^{-βu}) / (1 - e^{-Zβu}).
        let t = table(&[&[4.0, 4.0], &[3.0, 3.0]]);
        for (beta, z) in [(0.1, 10), (1.0, 100), (0.01, 500)] {
            let rho = fixation(&t, 0, 1, z, Selection::Fermi { beta });
            let exact = (-(-beta).exp_m1()) / (-(-(z as f64) * beta).exp_m1());
            assert!(((rho.probability - exact) / exact).abs() < 1e-12);
        }
    }

    #[test]
    fn strong_selection_stays_finite_in_log_space() {
        // β Z = 10^4: Defector against Cooperators fixes almost surely,
        // a Cooperator among Defectors has ln ρ far below f64's range.
        let z = 1000;
        let up = fixation(&pd(), 1, 0, z, Selection::Fermi { beta: 10.0 });
        // 1 - ρ is about exp(d_1), d_1 = -10 (5 x 999 - 3 x 998) / 999.
        let d1: f64 = -10.0 * (5.0 * 999.0 - 3.0 * 998.0) / 999.0;
        assert!(
            ((1.0 - up.probability) / d1.exp() - 1.0).abs() < 1e-6,
            "{up:?}"
        );
        let down = fixation(&pd(), 0, 1, z, Selection::Fermi { beta: 10.0 });
        assert!(down.ln.is_finite() && down.ln < -10_000.0, "{down:?}");
        assert_eq!(down.probability, 0.0);
        // ln ρ against the sum by hand: the largest partial sum dominates.
        let biggest: f64 = (1..z)
            .map(|k| {
                let k = k as f64;
                let n = (z - 1) as f64;
                let fa = (k - 1.0) * 3.0 / n;
                let fb = (k * 5.0 + (z as f64 - k - 1.0)) / n;
                -10.0 * (fa - fb)
            })
            .sum();
        assert!(
            (down.ln + biggest).abs() < 1e-6 * biggest,
            "{} {biggest}",
            down.ln
        );
        // A moderate case where ρ is tiny but representable: ln ρ agrees.
        let tiny = fixation(&pd(), 0, 1, 100, Selection::Fermi { beta: 0.1 });
        assert!(
            tiny.probability > 0.0 && tiny.probability < 1e-6,
            "{tiny:?}"
        );
        assert!((tiny.probability.ln() - tiny.ln).abs() < 1e-12);
    }

    #[test]
    fn matches_the_exact_birth_death_chain_of_the_simulated_moran_kind() {
        use crate::evolution::fixation_matrix::exact;
        use crate::evolution::graph::Graph;
        use crate::evolution::moran::{Fitness, Mode, MoranProcess};
        // Constant fitness [1, r] in the simulated process is payoffs
        // [[1, 1], [r, r]] here (mutant is type 0).
        for (r, z) in [(1.5, 12), (0.7, 30)] {
            let mut initial = vec![1usize; z];
            initial[0] = 0;
            let process = MoranProcess {
                type_names: vec!["a".into(), "b".into()],
                fitness: Fitness::Constant(vec![1.0, r]),
                initial,
                mode: Mode::BirthDeath,
                mutation: 0.0,
                interaction: Graph::complete(z),
                replacement: Graph::complete(z),
                max_steps: None,
            };
            let theirs = exact(&process).unwrap();
            let t = table(&[&[1.0, 1.0], &[r, r]]);
            let ours = fixation(&t, 0, 1, z, Selection::Moran { w: 1.0 }).probability;
            assert!(((ours - theirs) / theirs).abs() < 1e-12, "{ours} {theirs}");
        }
    }

    #[test]
    fn zero_fitness_never_fixes_and_bad_input_is_refused() {
        let t = table(&[&[0.0, 0.0], &[1.0, 1.0]]);
        assert_eq!(
            fixation(&t, 0, 1, 5, Selection::Moran { w: 1.0 }),
            Fixation::NEVER
        );
        let up = fixation(&t, 1, 0, 5, Selection::Moran { w: 1.0 });
        assert_eq!(up.probability, 1.0);
        assert!(matches!(
            fixation_matrix(&pd(), 1, Selection::Fermi { beta: 1.0 }),
            Err(InvasionError::PopulationTooSmall(1))
        ));
        for beta in [-1.0, f64::NAN, f64::INFINITY] {
            assert!(fixation_matrix(&pd(), 5, Selection::Fermi { beta }).is_err());
        }
        assert!(fixation_matrix(&pd(), 5, Selection::Moran { w: 1.5 }).is_err());
        let negative = table(&[&[-2.0, 0.0], &[1.0, 1.0]]);
        assert!(matches!(
            fixation_matrix(&negative, 5, Selection::Moran { w: 1.0 }),
            Err(InvasionError::NegativeFitness { .. })
        ));
        assert!(fixation_matrix(&negative, 5, Selection::Moran { w: 0.2 }).is_ok());
        assert!(matches!(
            PayoffMatrix::new(&[vec![1.0, f64::NAN], vec![0.0, 1.0]]),
            Err(InvasionError::NotFinite {
                row: 0,
                column: 1,
                ..
            })
        ));
        assert!(PayoffMatrix::new(&[vec![1.0, 2.0], vec![0.0]]).is_err());
    }
}
