//! The iterated prisoner's dilemma: actions, payoffs, histories, the match
//! loop, tournaments and their aggregated results. Pure: no IO here.

pub mod action;
pub mod head_to_head;
pub mod history;
pub mod horizon;
pub mod in_order;
pub mod match_record;
pub mod numeric;
pub mod outcome;
pub mod packed_moves;
pub mod pairings;
pub mod payoffs;
pub mod play;
pub mod random;
pub mod result_set;
pub mod results;
pub mod strategies;
pub mod tournament;

pub use action::Action;
pub use horizon::Horizon;
pub use match_record::MatchRecord;
pub use outcome::MatchOutcome;
pub use pairings::Pairings;
pub use payoffs::Payoffs;
pub use play::{MatchSettings, MoveList, play_match};
pub use results::{SummaryRow, TournamentResults};
pub use strategies::{Player, PlayerSpec, Strategy};
pub use tournament::Tournament;
