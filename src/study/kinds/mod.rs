//! The kinds of study, one file each (the registry, `study::registry`,
//! maps a scenario to its kind). Shared pieces: [`matches`] (units that
//! are tournament matches, for the tournament and the two sweeps made of
//! tournaments), [`exact_pairs`] (units that are exact pairs, for the
//! exact tournament and the exact sweep), [`whole`] (a study that is one computation) and
//! [`point_table`] (the terminal table of evolutionary sweeps).

pub mod ecological;
pub mod ecological_sweep;
pub mod exact_pairs;
pub mod exact_sweep;
pub mod exact_tournament;
pub mod fingerprint;
pub mod fixation;
pub mod guess;
pub mod impartial;
pub mod invasion;
pub mod invasion_sweep;
pub mod matches;
pub mod moran;
pub mod moran_sweep;
pub mod normal_form;
pub mod pirates;
pub mod point_table;
pub mod spatial;
pub mod sweep;
pub mod tournament;
pub mod train;
pub mod whole;
