//! The stochastic rules of this part of the family against the axelrod
//! library (4.14.0), move by move, with the library's random generator
//! replaced by a fixed sequence.
//!
//! Each record is a 200-turn match of the library's `SecondBy<Name>`
//! against an opponent (seeded `axl.Match(..., seed=1000 + k)`, k the
//! opponent's index below), in which the subject's `_random.random` returned
//! u_n = (n * 0.6180339887498949 + offset) % 1.0 for its n-th draw
//! (n = 1, 2, ...; `random_choice` draws through it). The record holds both
//! players' moves (hex, first move highest, 1 = D) and how many draws the
//! subject made. Replaying the transcript, our rule must choose every move
//! the library chose, drawing the same values at the same turns (so the same
//! number of draws). Opponents: cooperator, defector, alternator,
//! tit-for-tat, grudger, `Cycler("CCD")`, `Cycler("DDC")`, a cycler that
//! cooperates 36 times then defects (Harrington's Fair-weather test),
//! Random(p) for p = 0.5, 0.3, 0.7, 0.9, and a cycler of 60 random-looking
//! moves, 30 defections, then 110 random-looking moves (Harrington's defect
//! mode entered and left).
//!
//! The generating script, for the record (`import axelrod as axl`):
//!
//! ```text
//! class Sequence:
//!     def __init__(self, offset): self.k, self.offset = 0, offset
//!     def __call__(self, *args):
//!         self.k += 1
//!         return (self.k * 0.6180339887498949 + self.offset) % 1.0
//! for name in SUBJECTS:
//!     for k, (oname, factory) in enumerate(OPPONENTS):
//!         p, q, seq = getattr(axl, "SecondBy" + name)(), factory(), Sequence(k / 16)
//!         match = axl.Match((p, q), turns=200, seed=1000 + k)
//!         original = p.set_seed
//!         def set_seed(seed=None, p=p, seq=seq, original=original):
//!             original(seed)
//!             p._random.random = seq
//!         p.set_seed = set_seed
//!         result = match.play()   # record name, oname, k / 16, seq.k, moves
//! ```

use super::{
    SecondByAppold, SecondByBlack, SecondByCave, SecondByChampion, SecondByEatherley,
    SecondByGetzler, SecondByHarrington,
};
use crate::ipd::action::Action;
use crate::ipd::history::History;

/// (subject, opponent, offset, draws, subject's moves, opponent's moves).
#[rustfmt::skip]
const RECORDS: &[(&str, &str, f64, u32, &str, &str)] = &[
    ("Appold", "cooperator", 0.0, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Appold", "defector", 0.0625, 187, "07777ffdfffff7ffffffffffffffffffffffffffefffffffff", "ffffffffffffffffffffffffffffffffffffffffffffffffff"),
    ("Appold", "alternator", 0.125, 194, "04da929694b4b4a5a5a52d2969694b4b5a5a5ad2d29696b4b4", "55555555555555555555555555555555555555555555555555"),
    ("Appold", "tit-for-tat", 0.1875, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Appold", "grudger", 0.25, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Appold", "cycler-ccd", 0.3125, 195, "080424252121290909484a4a4252521290949484a4a5252129", "24924924924924924924924924924924924924924924924924"),
    ("Appold", "cycler-ddc", 0.375, 195, "06d6d6f6b6b7b5bdbdaded6f6b6b7b5b5bdaded6d6f6b6b7b5", "db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db"),
    ("Appold", "fair-weather", 0.4375, 154, "00000000000200000800002000800002000000004000010004", "00000000080000560000000000000000400002b00000000000"),
    ("Appold", "random-0.5", 0.5, 195, "03dbdadedef6b6b5a5adadad6d694b4a5a5a5ad2d29694b4a4", "cffbb5b2e51bc96cc95919a072b83482eedf6940614d739a97"),
    ("Appold", "random-0.3", 0.5625, 195, "025adadad6d6b6b4b5b5a5ad2d6d696b6b5b5b5adad2d6d6b6", "b5e5f99d7bd7dba2fbbafbe2b37a3fb9ff8bfebd86bffa5ee7"),
    ("Appold", "random-0.7", 0.625, 191, "000101090808484a4242521212909484842424212129090948", "010898952104ceca00424842a0124042082400525e87106a04"),
    ("Appold", "random-0.9", 0.6875, 171, "00080410004020008040010004020008041008002010004020", "00420800020005000002100110840400000600030000200000"),
    ("Appold", "random-then-defections", 0.75, 195, "036f6b5f5ad2d2969696b6b7f5b5bdadad6d6b6b4b5b5adad2", "cffbb5b2e51bc96ffffffff325646681cae0d20bbb7da50185"),
    ("Black", "cooperator", 0.0, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Black", "defector", 0.0625, 195, "07f7fffffffdffffffff7ffffbfffffffefffff7ffbffffdff", "ffffffffffffffffffffffffffffffffffffffffffffffffff"),
    ("Black", "alternator", 0.125, 195, "012120280848484a0202121282808484a0a021212028084848", "55555555555555555555555555555555555555555555555555"),
    ("Black", "tit-for-tat", 0.1875, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Black", "grudger", 0.25, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Black", "cycler-ccd", 0.3125, 130, "02000040040400400408008000080081001000010010000200", "24924924924924924924924924924924924924924924924924"),
    ("Black", "cycler-ddc", 0.375, 195, "0496c4a4b42525a9292d484b6a425b5212d89496c4a4b42525", "db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db"),
    ("Black", "fair-weather", 0.4375, 14, "00000000000000010000000000000000000000240000000000", "00000000080000560000000000000000400002b00000000000"),
    ("Black", "random-0.5", 0.5, 167, "02fed0941420500940250048021202000d6dea000800290901", "cffbb5b2e51bc96cc95919a072b83482eedf6940614d739a97"),
    ("Black", "random-0.3", 0.5625, 188, "021a9e8096d4b4b00d4d4d7a012d07d4bfe0dfd2c125f509a9", "b5e5f99d7bd7dba2fbbafbe2b37a3fb9ff8bfebd86bffa5ee7"),
    ("Black", "random-0.7", 0.625, 76, "000000401000292800000000080000000000000826a0801280", "010898952104ceca00424842a0124042082400525e87106a04"),
    ("Black", "random-0.9", 0.6875, 12, "00000000000000400000000000000000000000000000000000", "00420800020005000002100110840400000600030000200000"),
    ("Black", "random-then-defections", 0.75, 167, "027f4a5812816825fff7fffd4020014002400a000d4f480008", "cffbb5b2e51bc96ffffffff325646681cae0d20bbb7da50185"),
    ("Cave", "cooperator", 0.0, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Cave", "defector", 0.0625, 17, "5a52ffffffffffffffffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffffffffffffffffffffff"),
    ("Cave", "alternator", 0.125, 17, "228822882bffffffffffffffffffffffffffffffffffffffff", "55555555555555555555555555555555555555555555555555"),
    ("Cave", "tit-for-tat", 0.1875, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Cave", "grudger", 0.25, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Cave", "cycler-ccd", 0.3125, 17, "12080410082412492492492492492492492492492492492492", "24924924924924924924924924924924924924924924924924"),
    ("Cave", "cycler-ddc", 0.375, 17, "6426426db7ffffffffffffffffffffffffffffffffffffffff", "db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db"),
    ("Cave", "fair-weather", 0.4375, 10, "00000000000000230000000000000000000001180000000000", "00000000080000560000000000000000400002b00000000000"),
    ("Cave", "random-0.5", 0.5, 17, "234990dfffffffffffffffffffffffffffffffffffffffffff", "cffbb5b2e51bc96cc95919a072b83482eedf6940614d739a97"),
    ("Cave", "random-0.3", 0.5625, 17, "10b0b40ebdffffffffffffffffffffffffffffffffffffffff", "b5e5f99d7bd7dba2fbbafbe2b37a3fb9ff8bfebd86bffa5ee7"),
    ("Cave", "random-0.7", 0.625, 17, "0004040a100046650021242150092021041200292f43883502", "010898952104ceca00424842a0124042082400525e87106a04"),
    ("Cave", "random-0.9", 0.6875, 17, "00010400000002000000080008000200000100010000100000", "00420800020005000002100110840400000600030000200000"),
    ("Cave", "random-then-defections", 0.75, 17, "252c88dfffffffffffffffffffffffffffffffffffffffffff", "cffbb5b2e51bc96ffffffff325646681cae0d20bbb7da50185"),
    ("Champion", "cooperator", 0.0, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Champion", "defector", 0.0625, 175, "003fffffffffffffffffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffffffffffffffffffffff"),
    ("Champion", "alternator", 0.125, 87, "002aaa8822882288a208a208822882288a208a208a22882288", "55555555555555555555555555555555555555555555555555"),
    ("Champion", "tit-for-tat", 0.1875, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Champion", "grudger", 0.25, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Champion", "cycler-ccd", 0.3125, 58, "00092480000000000000000000000000000000000000000000", "24924924924924924924924924924924924924924924924924"),
    ("Champion", "cycler-ddc", 0.375, 117, "0036db29929b2932932d325365265265a64a64a4ca4cb4c94c", "db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db"),
    ("Champion", "fair-weather", 0.4375, 10, "00000000000000000000000000000000000000000000000000", "00000000080000560000000000000000400002b00000000000"),
    ("Champion", "random-0.5", 0.5, 85, "003ddad86284c4924428889028141200552a24802022118843", "cffbb5b2e51bc96cc95919a072b83482eedf6940614d739a97"),
    ("Champion", "random-0.3", 0.5625, 121, "0032fcc6aca9e55159556cb051351b4c7b45b54e8316d50f31", "b5e5f99d7bd7dba2fbbafbe2b37a3fb9ff8bfebd86bffa5ee7"),
    ("Champion", "random-0.7", 0.625, 50, "00044c00000000000000000000000000000000000000000000", "010898952104ceca00424842a0124042082400525e87106a04"),
    ("Champion", "random-0.9", 0.6875, 15, "00210400000000000000000000000000000000000000000000", "00420800020005000002100110840400000600030000200000"),
    ("Champion", "random-then-defections", 0.75, 98, "003ddac9308564956d6b7b789092124061702804cc9a508082", "cffbb5b2e51bc96ffffffff325646681cae0d20bbb7da50185"),
    ("Eatherley", "cooperator", 0.0, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Eatherley", "defector", 0.0625, 0, "7fffffffffffffffffffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffffffffffffffffffffff"),
    ("Eatherley", "alternator", 0.125, 99, "228822882208a208a228822882208a208a208822882288a208", "55555555555555555555555555555555555555555555555555"),
    ("Eatherley", "tit-for-tat", 0.1875, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Eatherley", "grudger", 0.25, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Eatherley", "cycler-ccd", 0.3125, 66, "10080010082010082010402010402000402080402080400080", "24924924924924924924924924924924924924924924924924"),
    ("Eatherley", "cycler-ddc", 0.375, 131, "6ca6ca4cb4c94c94d949969929929b2932d325325365265265", "db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db"),
    ("Eatherley", "fair-weather", 0.4375, 10, "00000000000000000000000000000000000000100000000000", "00000000080000560000000000000000400002b00000000000"),
    ("Eatherley", "random-0.5", 0.5, 101, "63f9d2915289a0a460a40c4011481840264d90a01004a8c409", "cffbb5b2e51bc96cc95919a072b83482eedf6940614d739a97"),
    ("Eatherley", "random-0.3", 0.5625, 136, "4a5278c4aca9e5415d556cb059341b4c7b41bd4e8316f50b33", "b5e5f99d7bd7dba2fbbafbe2b37a3fb9ff8bfebd86bffa5ee7"),
    ("Eatherley", "random-0.7", 0.625, 55, "00040008100004440001000040010000001000002200801100", "010898952104ceca00424842a0124042082400525e87106a04"),
    ("Eatherley", "random-0.9", 0.6875, 18, "00010000000000000000000000000000000100000000000000", "00420800020005000002100110840400000600030000200000"),
    ("Eatherley", "random-then-defections", 0.75, 114, "636d98d8720ca436d6d6f6f182303300c46069019534c200c0", "cffbb5b2e51bc96ffffffff325646681cae0d20bbb7da50185"),
    ("Getzler", "cooperator", 0.0, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Getzler", "defector", 0.0625, 53, "7fffffffffffffffffffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffffffffffffffffffffff"),
    ("Getzler", "alternator", 0.125, 198, "29a9a9e86a6a6a7a5a1a9a9e9686a6a7a5a1a9a9a9e86a6a6a", "55555555555555555555555555555555555555555555555555"),
    ("Getzler", "tit-for-tat", 0.1875, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Getzler", "grudger", 0.25, 0, "00000000000000000000000000000000000000000000000000", "00000000000000000000000000000000000000000000000000"),
    ("Getzler", "cycler-ccd", 0.3125, 197, "125890964484b2242591292c094960424b12125890964484b2", "24924924924924924924924924924924924924924924924924"),
    ("Getzler", "cycler-ddc", 0.375, 199, "6dfd4b6fea5b7bd2dbde96fee4b7f725bfa96dfd4b6fea5b7b", "db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db"),
    ("Getzler", "fair-weather", 0.4375, 150, "0000000000040006a0000000000000000200005a0000000000", "00000000080000560000000000000000400002b00000000000"),
    ("Getzler", "random-0.5", 0.5, 199, "2ffda9c97a4fe252729a82d41cdc162137a7bda828616bcf4b", "cffbb5b2e51bc96cc95919a072b83482eedf6940614d739a97"),
    ("Getzler", "random-0.3", 0.5625, 199, "35b9bdaffdebefc97f5f7ff0dc9e9ffcffe5ffbfa90ffd6f7b", "b5e5f99d7bd7dba2fbbafbe2b37a3fb9ff8bfebd86bffa5ee7"),
    ("Getzler", "random-0.7", 0.625, 192, "00424e5a5002d3f480002420300128290448000b0f53581382", "010898952104ceca00424842a0124042082400525e87106a04"),
    ("Getzler", "random-0.9", 0.6875, 190, "00100080008000a00001000008004000000310004000140000", "00420800020005000002100110840400000600030000200000"),
    ("Getzler", "random-then-defections", 0.75, 199, "26fcf7f5398dac7dfffffffb521293c0d4d42424f5b7f98021", "cffbb5b2e51bc96ffffffff325646681cae0d20bbb7da50185"),
    ("Harrington", "cooperator", 0.0, 61, "00000000088442244488924924924924924924924924924924", "00000000000000000000000000000000000000000000000000"),
    ("Harrington", "defector", 0.0625, 0, "79e79fffffffffffffffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffffffffffffffffffffff"),
    ("Harrington", "alternator", 0.125, 8, "28a28a28a2ca08888888888888888888888888888888888888", "55555555555555555555555555555555555555555555555555"),
    ("Harrington", "tit-for-tat", 0.1875, 0, "00000000080000000000000000000000000000000000000000", "00000000040000000000000000000000000000000000000000"),
    ("Harrington", "grudger", 0.25, 0, "0000000009e79e7fffffffffffffffffffffffffffffffffff", "0000000007ffffffffffffffffffffffffffffffffffffffff"),
    ("Harrington", "cycler-ccd", 0.3125, 6, "12492492494612492492492492492492492492492492492492", "24924924924924924924924924924924924924924924924924"),
    ("Harrington", "cycler-ddc", 0.375, 0, "6db6db6db8db6db6db6db6db6db6db6db6db6db6db6db6db6d", "db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db6db"),
    ("Harrington", "fair-weather", 0.4375, 1, "00000000080000230000000000000000200001480000000000", "00000000080000560000000000000000400002b00000000000"),
    ("Harrington", "random-0.5", 0.5, 0, "679cda59688fffffffffffffffffffffffffffffffffffffff", "cffbb5b2e51bc96cc95919a072b83482eedf6940614d739a97"),
    ("Harrington", "random-0.3", 0.5625, 0, "5a72d8cfffffffffffffffffffffffffffffffffffffffffff", "b5e5f99d7bd7dba2fbbafbe2b37a3fb9ff8bfebd86bffa5ee7"),
    ("Harrington", "random-0.7", 0.625, 3, "00844c4a190fffffffffffffffffffffffffffffffffffffff", "010898952104ceca00424842a0124042082400525e87106a04"),
    ("Harrington", "random-0.9", 0.6875, 34, "00210400092112884489924492480200000300018000100000", "00420800020005000002100110840400000600030000200000"),
    ("Harrington", "random-then-defections", 0.75, 0, "679cda59688fffffffffe3c992923300c4606104cc98c200c2", "cffbb5b2e51bc96ffffffff325646681cae0d20bbb7da50185"),
];

/// The moves of a hex record, first move first.
fn moves(hex: &str, turns: usize) -> Vec<Action> {
    let bits: Vec<u8> = hex
        .chars()
        .flat_map(|c| {
            let v = c.to_digit(16).unwrap() as u8;
            (0..4).rev().map(move |i| (v >> i) & 1)
        })
        .collect();
    // Leading padding bits come first.
    bits[bits.len() - turns..]
        .iter()
        .map(|&b| Action::from_bit(u64::from(b)))
        .collect()
}

/// A rule of this file's subjects, deciding from both histories and a
/// source of draws.
enum Subject {
    Appold(SecondByAppold),
    Black,
    Cave,
    Champion,
    Eatherley,
    Getzler(SecondByGetzler),
    Harrington(SecondByHarrington),
}

impl Subject {
    fn new(name: &str) -> Subject {
        match name {
            "Appold" => Subject::Appold(SecondByAppold::default()),
            "Black" => Subject::Black,
            "Cave" => Subject::Cave,
            "Champion" => Subject::Champion,
            "Eatherley" => Subject::Eatherley,
            "Getzler" => Subject::Getzler(SecondByGetzler::default()),
            "Harrington" => Subject::Harrington(SecondByHarrington::default()),
            other => panic!("unknown subject {other}"),
        }
    }

    fn decide(
        &mut self,
        me: &History,
        them: &History,
        uniform: &mut impl FnMut() -> f64,
    ) -> Action {
        match self {
            Subject::Appold(rule) => rule.decide(me, them, uniform),
            Subject::Black => SecondByBlack::decide(them, uniform),
            Subject::Cave => SecondByCave::decide(them, uniform),
            Subject::Champion => SecondByChampion::decide(me, them, uniform),
            Subject::Eatherley => SecondByEatherley::decide(them, uniform),
            Subject::Getzler(rule) => rule.decide(them, uniform),
            Subject::Harrington(rule) => rule.decide(me, them, uniform),
        }
    }
}

#[test]
fn stochastic_rules_play_the_librarys_moves_under_the_same_draws() {
    const TURNS: usize = 200;
    for &(name, opponent, offset, draws, mine, theirs) in RECORDS {
        let (mine, theirs) = (moves(mine, TURNS), moves(theirs, TURNS));
        let mut rule = Subject::new(name);
        let mut drawn = 0u32;
        let mut uniform = || {
            drawn += 1;
            (f64::from(drawn) * 0.6180339887498949 + offset) % 1.0
        };
        let (mut me, mut them) = (History::new(), History::new());
        for turn in 0..TURNS {
            let ours = rule.decide(&me, &them, &mut uniform);
            assert_eq!(
                ours,
                mine[turn],
                "{name} against {opponent}, turn {}",
                turn + 1
            );
            me.push(mine[turn]);
            them.push(theirs[turn]);
        }
        assert_eq!(drawn, draws, "{name} against {opponent}: draws");
    }
}
