//! Particle swarm optimisation (`[algorithm] kind = "swarm"`, Kennedy and
//! Eberhart 1995, with inertia as Shi and Eberhart 1998), as axelrod-dojo
//! trains its PSO Gamblers through `pyswarm.pso`: each particle has a
//! position (a genome's real genes) and a velocity; each generation every
//! particle moves
//!
//! `v = inertia x v + cognitive x rp x (own best - x) + social x rg x
//! (swarm's best - x)`, `x = x + v`
//!
//! with rp and rg uniform on [0, 1) drawn per particle and dimension;
//! velocities are clamped to the box's width, positions to the box
//! (`[0, 1]` for a gambler's probabilities, `[-1, 1]` for a network's
//! weights, the box axelrod's `create_vector_bounds` gives them). A start
//! position is a random genome of the representation, its velocity
//! uniform on [-width, width] (pyswarm). The genes that are not real (a
//! gambler's opening moves) stay as each particle drew them, as axelrod's
//! `Gambler.receive_vector` keeps its initial actions.
//!
//! Defaults: inertia, cognitive and social 0.8 each (axelrod-dojo's
//! `PSO`; pyswarm's own are 0.5).
//!
//! Draws (`train::keys`): particle k's start position and velocity from
//! (seed, restart, 0, Start) stream k, its move into generation g + 1 from
//! (seed, restart, g, Breed) stream k; the swarm's best is the first best
//! of the particles' own bests, in particle order. So a restart is a pure
//! function of (setup, seed, restart) whatever the threads.

use crate::ipd::random::unit_interval;
use crate::train::genome::Genome;
use rand_chacha::ChaCha8Rng;

/// Default inertia, cognitive and social weights (axelrod-dojo's).
pub const DEFAULT_WEIGHT: f64 = 0.8;

/// The largest weight accepted (a weight above a few makes the swarm
/// diverge to the box's walls).
pub const MAX_WEIGHT: f64 = 10.0;

/// The swarm's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Swarm {
    /// How much of its velocity a particle keeps.
    pub inertia: f64,
    /// The pull towards the particle's own best.
    pub cognitive: f64,
    /// The pull towards the swarm's best.
    pub social: f64,
}

/// What a particle remembers besides its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Particle {
    /// Its velocity, one per real gene.
    pub velocity: Vec<f64>,
    /// The best position it has been evaluated at.
    pub best: Genome,
    /// That position's value (`-inf` before its first evaluation).
    pub best_value: f64,
    /// The generation (from 0) it was evaluated in.
    pub best_born: u32,
}

/// A start velocity: uniform on [-width, width] per real gene.
pub fn start_velocity(reals: usize, (low, high): (f64, f64), rng: &mut ChaCha8Rng) -> Vec<f64> {
    let width = high - low;
    (0..reals)
        .map(|_| width * (2.0 * unit_interval(rng) - 1.0))
        .collect()
}

impl Swarm {
    /// Moves `position` (and its particle's velocity) towards its own best
    /// and the swarm's `best`, within the box `(low, high)`.
    pub fn step(
        &self,
        position: &mut Genome,
        particle: &mut Particle,
        best: &Genome,
        (low, high): (f64, f64),
        rng: &mut ChaCha8Rng,
    ) {
        let width = high - low;
        for d in 0..position.reals.len() {
            let rp = unit_interval(rng);
            let rg = unit_interval(rng);
            let x = position.reals[d];
            let v = self.inertia * particle.velocity[d]
                + self.cognitive * rp * (particle.best.reals[d] - x)
                + self.social * rg * (best.reals[d] - x);
            let v = v.clamp(-width, width);
            particle.velocity[d] = v;
            position.reals[d] = (x + v).clamp(low, high);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::train::keys::{Role, generator};

    #[test]
    fn a_particle_moves_towards_the_bests_and_stays_in_the_box() {
        let swarm = Swarm {
            inertia: 0.0,
            cognitive: 0.0,
            social: 1.0,
        };
        let mut rng = generator(1, 0, 0, Role::Breed, 0);
        let at = |x: f64| Genome {
            reals: vec![x; 4],
            ..Genome::default()
        };
        let mut position = at(0.2);
        let mut particle = Particle {
            velocity: vec![0.0; 4],
            best: at(0.2),
            best_value: 1.0,
            best_born: 0,
        };
        swarm.step(&mut position, &mut particle, &at(0.8), (0.0, 1.0), &mut rng);
        // x + rg (0.8 - x): between 0.2 and 0.8.
        assert!(position.reals.iter().all(|&x| (0.2..=0.8).contains(&x)));
        assert!(position.reals.iter().any(|&x| x > 0.2));
        // A large inertia is clamped: velocity to the width, position to
        // the box.
        let wild = Swarm {
            inertia: 10.0,
            cognitive: 0.0,
            social: 0.0,
        };
        particle.velocity = vec![1.0, -1.0, 0.5, -0.5];
        wild.step(&mut position, &mut particle, &at(0.8), (0.0, 1.0), &mut rng);
        assert_eq!(particle.velocity, vec![1.0, -1.0, 1.0, -1.0]);
        assert_eq!(position.reals, vec![1.0, 0.0, 1.0, 0.0]);
        let v = start_velocity(1000, (-1.0, 1.0), &mut rng);
        assert!(v.iter().all(|x| (-2.0..2.0).contains(x)));
        assert!(v.iter().any(|&x| x < -1.0) && v.iter().any(|&x| x > 1.0));
    }
}
