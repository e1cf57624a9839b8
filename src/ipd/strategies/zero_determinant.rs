//! Zero-determinant strategies (Press & Dyson 2012; Stewart & Plotkin 2012):
//! memory-one players whose vector enforces a linear relation between the
//! two players' long-run scores, built from the match's payoffs. Their rule
//! is [`MemoryOne`] (`memory_one.rs`, [`Vector::Linear`]); this family holds
//! their catalogue entries.
//!
//! [`Vector::Linear`]: crate::ipd::strategies::memory_one::Vector::Linear

use crate::ipd::strategies::catalogue::{ParamKind, ParamSpec, StrategyInfo, python_float};
use crate::ipd::strategies::memory_one::{Baseline, MemoryOne};

impl MemoryOne {
    /// Catalogue entry of ZD-Extort-2.
    pub const INFO_ZD_EXTORT_2: StrategyInfo = StrategyInfo {
        id: "zd-extort-2",
        name: "ZD-Extort-2",
        aliases: &[],
        description: "Extortionate zero-determinant strategy: enforces S_Y - P = 0.5 (S_X - P) with phi = 1/9 and l = P of the match's payoffs; the opponent's surplus over P is half its own. Cooperates first.",
        source: "Stewart & Plotkin (2012), Extortion and cooperation in the Prisoner's Dilemma",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| {
            format!(
                "ZD-Extort-2: {}, {}",
                python_float(1.0 / 9.0),
                python_float(0.5)
            )
        }),
        build: |_| MemoryOne::linear(1.0 / 9.0, 0.5, Baseline::Punishment),
    };

    /// Catalogue entry of ZD-GTFT-2.
    pub const INFO_ZD_GTFT_2: StrategyInfo = StrategyInfo {
        id: "zd-gtft-2",
        name: "ZD-GTFT-2",
        aliases: &[],
        description: "Generous zero-determinant strategy: enforces S_Y - R = 0.5 (S_X - R) with phi = 1/4 and l = R of the match's payoffs; its shortfall below R is half the opponent's. Cooperates first.",
        source: "Stewart & Plotkin (2012), Extortion and cooperation in the Prisoner's Dilemma",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| format!("ZD-GTFT-2: {}, {}", python_float(0.25), python_float(0.5))),
        build: |_| MemoryOne::linear(0.25, 0.5, Baseline::Reward),
    };

    /// Catalogue entry of ZD-Extort-2 v2.
    pub const INFO_ZD_EXTORT_2_V2: StrategyInfo = StrategyInfo {
        id: "zd-extort-2-v2",
        name: "ZD-Extort-2 v2",
        aliases: &[],
        description: "Extortionate zero-determinant strategy with phi = 1/8, s = 1/2, l = 1. Cooperates first.",
        source: "Kuhn (2017), Prisoner's Dilemma, Stanford Encyclopedia of Philosophy (ZD strategies)",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| {
            format!(
                "ZD-Extort-2 v2: {}, {}, 1",
                python_float(1.0 / 8.0),
                python_float(0.5)
            )
        }),
        build: |_| MemoryOne::linear(1.0 / 8.0, 0.5, Baseline::Value(1.0)),
    };

    /// Catalogue entry of ZD-Extort3.
    pub const INFO_ZD_EXTORT_3: StrategyInfo = StrategyInfo {
        id: "zd-extort-3",
        name: "ZD-Extort3",
        aliases: &[],
        description: "Extortionate zero-determinant strategy with phi = 3/26, s = 1/3, l = 1. Cooperates first.",
        source: "Press & Dyson (2012), Iterated Prisoner's Dilemma contains strategies that dominate any evolutionary opponent",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| {
            format!(
                "ZD-Extort3: {}, {}, 1",
                python_float(3.0 / 26.0),
                python_float(1.0 / 3.0)
            )
        }),
        build: |_| MemoryOne::linear(3.0 / 26.0, 1.0 / 3.0, Baseline::Value(1.0)),
    };

    /// Catalogue entry of ZD-Extort-4.
    pub const INFO_ZD_EXTORT_4: StrategyInfo = StrategyInfo {
        id: "zd-extort-4",
        name: "ZD-Extort-4",
        aliases: &[],
        description: "Extortionate zero-determinant strategy with phi = 4/17, s = 1/4, l = 1. Cooperates first.",
        source: "Stewart & Plotkin (2012), Extortion and cooperation in the Prisoner's Dilemma",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| {
            format!(
                "ZD-Extort-4: {}, {}, 1",
                python_float(4.0 / 17.0),
                python_float(0.25)
            )
        }),
        build: |_| MemoryOne::linear(4.0 / 17.0, 0.25, Baseline::Value(1.0)),
    };

    /// Catalogue entry of ZD-GEN-2.
    pub const INFO_ZD_GEN_2: StrategyInfo = StrategyInfo {
        id: "zd-gen-2",
        name: "ZD-GEN-2",
        aliases: &[],
        description: "Generous zero-determinant strategy with phi = 1/8, s = 1/2, l = 3. Cooperates first.",
        source: "Kuhn (2017), Prisoner's Dilemma, Stanford Encyclopedia of Philosophy (ZD strategies)",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| {
            format!(
                "ZD-GEN-2: {}, {}, 3",
                python_float(1.0 / 8.0),
                python_float(0.5)
            )
        }),
        build: |_| MemoryOne::linear(1.0 / 8.0, 0.5, Baseline::Value(3.0)),
    };

    /// Catalogue entry of ZD-SET-2.
    pub const INFO_ZD_SET_2: StrategyInfo = StrategyInfo {
        id: "zd-set-2",
        name: "ZD-SET-2",
        aliases: &[],
        description: "Equalizer zero-determinant strategy with phi = 1/4, s = 0, l = 2: sets the opponent's score. Cooperates first.",
        source: "Kuhn (2017), Prisoner's Dilemma, Stanford Encyclopedia of Philosophy (ZD strategies)",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| {
            format!("ZD-SET-2: {}, {}, 2", python_float(0.25), python_float(0.0))
        }),
        build: |_| MemoryOne::linear(0.25, 0.0, Baseline::Value(2.0)),
    };

    /// Catalogue entry of ZD-Mischief.
    pub const INFO_ZD_MISCHIEF: StrategyInfo = StrategyInfo {
        id: "zd-mischief",
        name: "ZD-Mischief",
        aliases: &[],
        description: "Zero-determinant strategy with phi = 0.1, s = 0, l = 1. Cooperates first.",
        source: "Kuhn (2017), Prisoner's Dilemma, Stanford Encyclopedia of Philosophy (ZD strategies)",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[],
        display_name: Some(|_| {
            format!(
                "ZD-Mischief: {}, {}, 1",
                python_float(0.1),
                python_float(0.0)
            )
        }),
        build: |_| MemoryOne::linear(0.1, 0.0, Baseline::Value(1.0)),
    };

    /// Catalogue entry of the parametrised zero-determinant family.
    pub const INFO_ZD: StrategyInfo = StrategyInfo {
        id: "zd-extortion",
        name: "ZD-Extortion",
        aliases: &["zero-determinant"],
        description: "The zero-determinant family: enforces s (S_X - l) = S_Y - l between its \
                      own long-run score S_X and the opponent's S_Y, with scale phi; the \
                      memory-one vector is built from the match's payoffs. Cooperates first.",
        source: "Press & Dyson (2012); Stewart & Plotkin (2012)",
        memory_depth: Some(1),
        stochastic: true,
        uses_length: false,
        uses_payoffs: true,
        long_run_time: false,
        game_display_name: None,
        params: &[
            ParamSpec {
                name: "phi",
                description: "scale of the relation",
                default: 0.2,
                min: 0.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "s",
                description: "slope of the relation",
                default: 0.1,
                min: -1.0,
                max: 1.0,
                kind: ParamKind::Real,
            },
            ParamSpec {
                name: "l",
                description: "baseline score of the relation",
                default: 1.0,
                min: -1e12,
                max: 1e12,
                kind: ParamKind::Real,
            },
        ],
        display_name: Some(|v| {
            // The library prints l as given; its default is the integer 1.
            let l = if v[2].fract() == 0.0 && v[2].abs() < 1e15 {
                format!("{}", v[2] as i64)
            } else {
                python_float(v[2])
            };
            format!(
                "ZD-Extortion: {}, {}, {l}",
                python_float(v[0]),
                python_float(v[1])
            )
        }),
        build: |v| MemoryOne::linear(v[0], v[1], Baseline::Value(v[2])),
    };
}

family! {
    "Zero determinant";
    also [
        MemoryOne::INFO_ZD_EXTORT_2,
        MemoryOne::INFO_ZD_GTFT_2,
        MemoryOne::INFO_ZD_EXTORT_2_V2,
        MemoryOne::INFO_ZD_EXTORT_3,
        MemoryOne::INFO_ZD_EXTORT_4,
        MemoryOne::INFO_ZD_GEN_2,
        MemoryOne::INFO_ZD_SET_2,
        MemoryOne::INFO_ZD_MISCHIEF,
        MemoryOne::INFO_ZD,
    ]
}

#[cfg(test)]
mod tests {
    use crate::ipd::payoffs::Payoffs;
    use crate::ipd::strategies::memory_one::Family;
    use crate::ipd::strategies::{PlayerSpec, Strategy};

    fn close(a: [f64; 4], b: [f64; 4]) -> bool {
        a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12)
    }

    #[test]
    fn zero_determinant_vectors_match_the_papers() {
        // Stewart & Plotkin (2012): Extort-2 = (8/9, 1/2, 1/3, 0) and
        // ZD-GTFT-2 = (1, 1/8, 1, 1/4) under (R, S, T, P) = (3, 0, 5, 1).
        let vector = |id: &str| match PlayerSpec::new(id).build().unwrap().prototype {
            Strategy::MemoryOne(Family::MemoryOne(m)) => m.vector_for(&Payoffs::STANDARD),
            other => panic!("{other:?}"),
        };
        assert!(close(
            vector("zd-extort-2"),
            [8.0 / 9.0, 0.5, 1.0 / 3.0, 0.0]
        ));
        assert!(close(vector("zd-gtft-2"), [1.0, 0.125, 1.0, 0.25]));
        assert!(close(vector("gtft"), [1.0, 1.0 / 3.0, 1.0, 1.0 / 3.0]));
    }
}
