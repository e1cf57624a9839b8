//! Two-player games in normal form: exact rationals, bimatrix games,
//! dominance (pure and mixed), iterated elimination, every Nash
//! equilibrium, Pareto optimality and zero-sum values. Pure: no IO; the
//! text formats (TOML game files, Gambit `.nfg`) are parsed from strings.

pub mod analysis;
pub mod dominance;
pub mod elimination;
pub mod equilibria;
pub mod game;
pub mod int256;
pub mod integer;
pub mod labels;
pub mod lp;
pub mod nfg;
pub mod pareto;
pub mod polytope;
pub mod presets;
pub mod rational;
pub mod tableau;

pub use game::{Bimatrix, GameError};
pub use rational::Rational;
