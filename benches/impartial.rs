//! Impartial-games timings (issue 7): the octal game 0.16 certified from
//! scratch (period 149459 from pre-period 105351, Gangolli and Plambeck
//! 1989), Grundy values of a subtraction game to n = 10^8, Kayles to 10^6.
//!
//! Run with `cargo bench --bench impartial`. Nothing here is asserted on
//! time; the known facts are asserted so a wrong answer cannot look fast.

use dilemma::impartial::octal::{Analysis, OctalCode, SparseValues};
use dilemma::impartial::subtraction::{self, SubtractionSet, ValueStream};
use std::time::Instant;

fn main() {
    // 1. Octal 0.16 from scratch.
    let start = Instant::now();
    let a = Analysis::new(OctalCode::parse("0.16").expect("valid code"), 1 << 20);
    let p = a.periodicity.expect("0.16 has a period");
    let t = start.elapsed();
    assert_eq!((p.period, p.preperiod), (149_459, 105_351));
    println!(
        "octal 0.16: period {} from pre-period {} certified (Guy-Smith) on {} values in {:.2} s",
        p.period,
        p.preperiod,
        p.checked,
        t.as_secs_f64()
    );

    // 2. A subtraction game to n = 10^8 (streamed, O(max S) memory).
    let set = SubtractionSet::new(vec![2, 5, 7, 11, 13]).expect("valid set");
    let start = Instant::now();
    let mut checksum = 0u64;
    for (n, g) in ValueStream::new(&set).take(100_000_001).enumerate() {
        checksum = checksum.wrapping_add((g as u64) * (n as u64 | 1));
    }
    let t = start.elapsed();
    let analysis = subtraction::Analysis::new(set.clone()).expect("period");
    println!(
        "subtraction {{{}}}: Grundy values g(0..=10^8) in {:.2} s (checksum {checksum}); proven period {} from {} in {:.3} ms",
        set.text(),
        t.as_secs_f64(),
        analysis.periodicity.period,
        analysis.periodicity.preperiod,
        {
            let s = Instant::now();
            let _ = subtraction::Analysis::new(set.clone());
            s.elapsed().as_secs_f64() * 1e3
        }
    );

    // 3. Kayles to 10^6: directly (sparse method), and via the proven period.
    let code = OctalCode::parse("0.77").expect("valid code");
    let start = Instant::now();
    let mut sv = SparseValues::new(&code);
    sv.extend_to(1_000_001);
    let t = start.elapsed();
    let start = Instant::now();
    let k = Analysis::new(code, 1 << 12);
    let kp = k.periodicity.expect("Kayles is periodic");
    let via: Vec<u64> = (0..=1_000_000u64)
        .map(|n| k.grundy(n).expect("periodic"))
        .collect();
    let t2 = start.elapsed();
    assert!(via.iter().zip(&sv.values).all(|(a, &b)| *a == b as u64));
    println!(
        "Kayles 0.77: g(0..=10^6) computed directly (sparse space, mask {:#b}) in {:.2} s; via the proven period {} from {} in {:.3} s; both agree",
        sv.mask(),
        t.as_secs_f64(),
        kp.period,
        kp.preperiod,
        t2.as_secs_f64()
    );
}
