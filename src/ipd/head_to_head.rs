//! Head to head: one pair of players over many repetitions, summarised per
//! player (mean score per turn, standard deviation, a 95% interval for the
//! mean, wins, draws and losses).
//!
//! Repetition r draws from the generator a tournament gives the pair
//! (player 0, player 1) in repetition r (`ipd/random.rs`), so repetition 0
//! is the match `dilemma match` shows; repetitions are played in parallel
//! batches and kept in order, so results do not depend on threads.
//! The interval is Student's t interval, mean +- t(0.975, N - 1) sd / sqrt N
//! with the sample standard deviation (N - 1 in the denominator); with one
//! repetition there is no spread to estimate and the interval is absent.

use crate::ipd::outcome::MatchOutcome;
use crate::ipd::play::{MatchSettings, NoRecording, play_match};
use crate::ipd::random::match_rng;
use crate::ipd::strategies::Strategy;
use rayon::prelude::*;
use serde::Serialize;

/// One repetition of the pair.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Repetition {
    /// Repetition number, from 0.
    pub repetition: u32,
    /// Turns played.
    pub turns: u32,
    /// Total scores of both players.
    pub scores: [f64; 2],
    /// Scores per turn.
    pub scores_per_turn: [f64; 2],
    /// C moves of both players.
    pub cooperations: [u32; 2],
    /// 0 or 1: the seat that scored more; `None` on a draw.
    pub winner: Option<u8>,
}

impl Repetition {
    fn new(repetition: u32, outcome: &MatchOutcome, settings: &MatchSettings) -> Repetition {
        let scores = outcome.scores(&settings.payoffs);
        let turns = outcome.length;
        let per_turn = |s: f64| if turns == 0 { 0.0 } else { s / turns as f64 };
        Repetition {
            repetition,
            turns,
            scores,
            scores_per_turn: [per_turn(scores[0]), per_turn(scores[1])],
            cooperations: outcome.cooperations(),
            winner: match outcome.winner(&settings.payoffs) {
                1 => Some(0),
                -1 => Some(1),
                _ => None,
            },
        }
    }
}

/// One player's summary over the repetitions.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PlayerSummary {
    /// Mean over repetitions of the score per turn.
    pub mean_score_per_turn: f64,
    /// Sample standard deviation of the score per turn (0 for one repetition).
    pub standard_deviation: f64,
    /// 95% t interval for the mean; `None` for one repetition.
    pub interval_95: Option<[f64; 2]>,
    /// Repetitions won, drawn and lost.
    pub wins: u32,
    /// Repetitions drawn.
    pub draws: u32,
    /// Repetitions lost.
    pub losses: u32,
}

/// A pair over many repetitions.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HeadToHead {
    /// Every repetition in order.
    pub repetitions: Vec<Repetition>,
    /// Both players' summaries.
    pub players: [PlayerSummary; 2],
}

/// Plays `repetitions` matches of `first` against `second` (each from its
/// own generator keyed by `seed` and the repetition) and summarises them.
pub fn head_to_head(
    first: &Strategy,
    second: &Strategy,
    settings: &MatchSettings,
    seed: u64,
    repetitions: u32,
) -> HeadToHead {
    head_to_head_with(first, second, settings, seed, repetitions, &|_| {})
}

/// As [`head_to_head`], the repetitions spread over rayon's threads in
/// batches (the result does not depend on the threads: each repetition has
/// its own generator and they are kept in order); `done(k)` is called after
/// each batch with the k repetitions it played, for a progress bar.
pub fn head_to_head_with(
    first: &Strategy,
    second: &Strategy,
    settings: &MatchSettings,
    seed: u64,
    repetitions: u32,
    done: &(dyn Fn(u64) + Sync),
) -> HeadToHead {
    const BATCH: u32 = 64;
    let batches: Vec<Vec<Repetition>> = (0..repetitions.div_ceil(BATCH))
        .into_par_iter()
        .map(|b| {
            let batch: Vec<Repetition> = (b * BATCH..((b + 1) * BATCH).min(repetitions))
                .map(|r| {
                    let mut rng = match_rng(seed, 0, 1, r as u64);
                    let outcome = play_match(first, second, settings, &mut rng, &mut NoRecording);
                    Repetition::new(r, &outcome, settings)
                })
                .collect();
            done(batch.len() as u64);
            batch
        })
        .collect();
    let played: Vec<Repetition> = batches.into_iter().flatten().collect();
    let players = [0, 1].map(|seat| summarise(&played, seat));
    HeadToHead {
        repetitions: played,
        players,
    }
}

fn summarise(played: &[Repetition], seat: usize) -> PlayerSummary {
    let values: Vec<f64> = played.iter().map(|r| r.scores_per_turn[seat]).collect();
    let n = values.len();
    let mean = values.iter().sum::<f64>() / n.max(1) as f64;
    let sd = if n > 1 {
        (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    let interval_95 = (n > 1).then(|| {
        let half = t_975(n as u64 - 1) * sd / (n as f64).sqrt();
        [mean - half, mean + half]
    });
    let count = |won: fn(Option<u8>, u8) -> bool| {
        played.iter().filter(|r| won(r.winner, seat as u8)).count() as u32
    };
    PlayerSummary {
        mean_score_per_turn: mean,
        standard_deviation: sd,
        interval_95,
        wins: count(|w, s| w == Some(s)),
        draws: count(|w, _| w.is_none()),
        losses: count(|w, s| w.is_some_and(|w| w != s)),
    }
}

/// t(0.975, df) for df = 1..=30 (scipy.stats.t.ppf).
const T_975: [f64; 30] = [
    12.706204736174694,
    4.302652729749462,
    3.1824463052837078,
    2.7764451051977934,
    2.5705818356363146,
    2.4469118511449786,
    2.364624251592784,
    2.306004135204166,
    2.262157162798205,
    2.228138851986274,
    2.200985160091639,
    2.1788128296672284,
    2.1603686564627913,
    2.144786687917804,
    2.131449545559776,
    2.1199052992212546,
    2.1098155778333156,
    2.1009220402410382,
    2.0930240544083087,
    2.085963447265864,
    2.0796138447276795,
    2.0738730679040254,
    2.0686576104190486,
    2.0638985616280245,
    2.0595385527532972,
    2.0555294386428735,
    2.0518305164802846,
    2.0484071417952454,
    2.045229642132703,
    2.0422724563012378,
];

/// The 97.5% quantile of Student's t with `df` degrees of freedom: a table
/// up to 30, beyond it the Cornish-Fisher expansion in 1/df around the
/// normal quantile (Abramowitz & Stegun 26.7.5; error below 1e-7 there).
pub fn t_975(df: u64) -> f64 {
    if df == 0 {
        return f64::INFINITY;
    }
    if df <= 30 {
        return T_975[df as usize - 1];
    }
    let z = 1.959963984540054f64;
    let v = df as f64;
    let (z3, z5, z7, z9) = (z.powi(3), z.powi(5), z.powi(7), z.powi(9));
    z + (z3 + z) / (4.0 * v)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * v.powi(3))
        + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z) / (92160.0 * v.powi(4))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ipd::horizon::Horizon;
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::strategies::PlayerSpec;

    fn settings(noise: f64) -> MatchSettings {
        MatchSettings {
            horizon: Horizon::Fixed { turns: 20 },
            noise,
            payoffs: Payoffs::STANDARD,
        }
    }

    #[test]
    fn t_quantiles_agree_with_scipy_beyond_the_table() {
        // scipy.stats.t.ppf(0.975, df)
        for (df, expected) in [
            (40, 2.021075390306273),
            (60, 2.0002978220142604),
            (120, 1.9799304050824402),
            (1000, 1.9623390808264083),
        ] {
            assert!((t_975(df) - expected).abs() < 2e-7, "{df}: {}", t_975(df));
        }
        assert!((t_975(31) - 2.0395134463964077).abs() < 1e-6);
    }

    #[test]
    fn deterministic_pair_has_no_spread() {
        let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
        let alt = PlayerSpec::new("alternator").build().unwrap();
        let h = head_to_head(&tft.prototype, &alt.prototype, &settings(0.0), 1, 5);
        assert_eq!(h.repetitions.len(), 5);
        // TFT vs Alternator over 20 turns: TFT 1 + ... = 48 : 53.
        let [a, b] = h.players;
        assert_eq!(a.standard_deviation, 0.0);
        assert_eq!(a.interval_95, Some([a.mean_score_per_turn; 2]));
        assert_eq!((a.wins, a.draws, a.losses), (0, 0, 5));
        assert_eq!((b.wins, b.draws, b.losses), (5, 0, 0));
        assert_eq!(h.repetitions[0].scores, [48.0, 53.0]);
        assert_eq!(a.mean_score_per_turn, 48.0 / 20.0);
    }

    #[test]
    fn summary_by_hand_and_repetition_zero_is_the_single_match() {
        let random = PlayerSpec::new("random").build().unwrap();
        let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
        let s = settings(0.05);
        let h = head_to_head(&random.prototype, &tft.prototype, &s, 7, 12);
        let mut rng = match_rng(7, 0, 1, 0);
        let single = play_match(
            &random.prototype,
            &tft.prototype,
            &s,
            &mut rng,
            &mut NoRecording,
        );
        assert_eq!(h.repetitions[0].scores, single.scores(&s.payoffs));
        for seat in 0..2 {
            let v: Vec<f64> = h
                .repetitions
                .iter()
                .map(|r| r.scores_per_turn[seat])
                .collect();
            let mean = v.iter().sum::<f64>() / 12.0;
            let var = v.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / 11.0;
            let p = h.players[seat];
            assert!((p.mean_score_per_turn - mean).abs() < 1e-12);
            assert!((p.standard_deviation - var.sqrt()).abs() < 1e-12);
            let [lo, hi] = p.interval_95.unwrap();
            let half = 2.200985160091639 * var.sqrt() / 12f64.sqrt();
            assert!((lo - (mean - half)).abs() < 1e-12 && (hi - (mean + half)).abs() < 1e-12);
            assert_eq!(p.wins + p.draws + p.losses, 12);
        }
        assert_eq!(h.players[0].wins, h.players[1].losses);
        assert_eq!(h.players[0].draws, h.players[1].draws);
        assert!(h.players[0].standard_deviation > 0.0);
        let one = head_to_head(&random.prototype, &tft.prototype, &s, 7, 1);
        assert_eq!(one.players[0].interval_95, None);
        assert_eq!(one.repetitions[0], h.repetitions[0]);
    }

    #[test]
    fn batches_on_any_threads_equal_the_repetitions_played_in_order() {
        let random = PlayerSpec::new("random").build().unwrap();
        let tft = PlayerSpec::new("tit-for-tat").build().unwrap();
        let s = settings(0.05);
        // 200 repetitions: four batches, the last one short.
        let serial: Vec<Repetition> = (0..200)
            .map(|r| {
                let mut rng = match_rng(3, 0, 1, r);
                let outcome = play_match(
                    &random.prototype,
                    &tft.prototype,
                    &s,
                    &mut rng,
                    &mut NoRecording,
                );
                Repetition::new(r as u32, &outcome, &s)
            })
            .collect();
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let counted = std::sync::atomic::AtomicU64::new(0);
            let h = pool.install(|| {
                head_to_head_with(&random.prototype, &tft.prototype, &s, 3, 200, &|k| {
                    counted.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
                })
            });
            assert_eq!(h.repetitions, serial, "{threads} threads");
            assert_eq!(counted.into_inner(), 200);
        }
    }
}
