//! What a trajectory of population shares ends in, per type: the final
//! share, the rank by final share and the step from which the type stays
//! extinct (its share below [`EXTINCT`] to the end). Used by ecological
//! sweeps (`sweep.csv`).

/// A share below this counts as extinct.
pub const EXTINCT: f64 = 1e-6;

/// One type's outcome.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareOutcome {
    /// Share at the start.
    pub initial: f64,
    /// Share at the last step.
    pub last: f64,
    /// 1 = largest final share; ties keep the type order.
    pub rank: usize,
    /// First step from which the share stays below [`EXTINCT`] to the end.
    pub extinct_from: Option<usize>,
}

/// The outcome of every type; `shares[step][type]`, step 0 the start.
pub fn share_outcomes(shares: &[Vec<f64>]) -> Vec<ShareOutcome> {
    let (Some(first), Some(last)) = (shares.first(), shares.last()) else {
        return Vec::new();
    };
    let k = first.len();
    let mut order: Vec<usize> = (0..k).collect();
    order.sort_by(|&a, &b| last[b].total_cmp(&last[a]).then(a.cmp(&b)));
    let mut rank = vec![0; k];
    for (r, &t) in order.iter().enumerate() {
        rank[t] = r + 1;
    }
    (0..k)
        .map(|t| {
            let mut extinct_from = None;
            for (step, row) in shares.iter().enumerate().rev() {
                if row[t] < EXTINCT {
                    extinct_from = Some(step);
                } else {
                    break;
                }
            }
            ShareOutcome {
                initial: first[t],
                last: last[t],
                rank: rank[t],
                extinct_from,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_by_final_share_and_finds_when_a_type_died_out() {
        let shares = vec![
            vec![0.4, 0.3, 0.3],
            vec![0.5, 1e-7, 0.5],
            vec![0.5, 0.2, 0.3],
            vec![0.6, 1e-7, 0.4],
            vec![0.6, 0.0, 0.4],
        ];
        let o = share_outcomes(&shares);
        assert_eq!(o.iter().map(|x| x.rank).collect::<Vec<_>>(), vec![1, 3, 2]);
        // Dropped below at step 1, came back, stays below from step 3.
        assert_eq!(o[1].extinct_from, Some(3));
        assert_eq!(o[0].extinct_from, None);
        assert_eq!((o[2].initial, o[2].last), (0.3, 0.4));
        // Ties keep the type order.
        let tie = share_outcomes(&[vec![0.5, 0.5]]);
        assert_eq!((tie[0].rank, tie[1].rank), (1, 2));
        assert!(share_outcomes(&[]).is_empty());
    }
}
