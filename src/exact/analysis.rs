//! One exact match: two players, the game, noise and a horizon in; the
//! expected outcome per turn out, in doubles always and as exact fractions
//! when every input is a fraction and the chain is small enough for them.

use crate::exact::chain::{Chain, ChainTooLarge, Expected, Length};
use crate::exact::machine::Machine;
use crate::exact::number::{Number, Ratio, Value};
use crate::exact::reading::{NotFinite, Reading, machine_of};
use crate::ipd::horizon::Horizon;
use crate::ipd::payoffs::Payoffs;
use crate::ipd::play::MatchSettings;
use crate::ipd::strategies::Player;

/// The most joint states a chain may have (the work limit; `--no-limit`
/// lifts it).
pub const MAX_JOINT_STATES: usize = 2_500;

/// Exact fractions are computed when the linear systems have at most this
/// many states ...
pub const MAX_EXACT_SOLVE_STATES: usize = 300;

/// ... or a fixed horizon carries at most this many (state, turn) pairs ...
pub const MAX_EXACT_FORWARD: u64 = 2_000_000;

/// ... and, when the chain has probabilities (noise, or a player that
/// randomises), at most this many states x turns^2: the fractions' digits
/// grow with the turns, so a forward pass costs about states x turns^2
/// digit operations (measured about 3 x 10^7 a second: this is some 5 to 7
/// seconds; Tit For Tat against Win-Stay Lose-Shift with noise 0.05 took
/// 2.75 s at 5,000 turns and 55.7 s at 20,000).
pub const MAX_EXACT_FORWARD_GROWING: u64 = 200_000_000;

/// What is asked.
#[derive(Clone, Debug)]
pub struct Question {
    /// The game.
    pub payoffs: Payoffs,
    /// The match's noise: each move flipped with this probability.
    pub noise: f64,
    /// The horizon.
    pub length: Length,
    /// The joint-state limit (`None`: no limit).
    pub state_limit: Option<usize>,
    /// Compute exact fractions too, where the inputs allow (else doubles only).
    pub fractions: bool,
}

impl Question {
    /// The question a tournament's match asks: its payoffs, noise and
    /// horizon (a fixed number of turns, or a continuation with its cap),
    /// within `state_limit` joint states (`None`: no limit), with exact
    /// fractions when `fractions`.
    pub fn of(settings: &MatchSettings, state_limit: Option<usize>, fractions: bool) -> Question {
        let length = match settings.horizon {
            Horizon::Fixed { turns } => Length::Turns(turns),
            Horizon::Random { continuation, cap } => Length::Continuation {
                w: Value::of(continuation),
                cap,
            },
        };
        Question {
            payoffs: settings.payoffs,
            noise: settings.noise,
            length,
            state_limit,
            fractions,
        }
    }
}

/// The expected outcome in one field.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary<N> {
    /// Shares of CC, CD, DC, DD per turn (the first player's move first).
    pub outcomes: [N; 4],
    /// Both players' expected scores per turn.
    pub scores: [N; 2],
    /// Both players' expected cooperation rates.
    pub cooperation: [N; 2],
    /// Expected number of turns (`None` for infinite play).
    pub length: Option<N>,
}

/// The answer.
#[derive(Clone, Debug)]
pub struct Answer {
    /// In doubles.
    pub float: Summary<f64>,
    /// As exact fractions, when computed.
    pub exact: Option<Summary<Ratio>>,
    /// Why there are no exact fractions, when there are none.
    pub exact_note: Option<String>,
    /// Joint states reached from the start.
    pub states: usize,
    /// States of each player's machine (minimised).
    pub machine_states: [usize; 2],
    /// Infinite play: the closed classes the match can end in, with the
    /// probability of each from the start (empty for other horizons).
    pub classes: Vec<f64>,
}

/// Why a match has no exact answer.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ExactError {
    /// A player is not finite-state.
    #[error("{0}")]
    NotFinite(#[from] NotFinite),
    /// The joint chain is over the limit.
    #[error(
        "the joint chain of {a} and {b} has more than {limit} states (the work limit); \
         simulate instead, or lift the limit with --no-limit"
    )]
    TooLarge {
        /// First player.
        a: String,
        /// Second player.
        b: String,
        /// The limit.
        limit: usize,
    },
    /// A linear system had no solution (a continuation outside (0, 1)).
    #[error("the expected values have no solution: {0}")]
    Singular(String),
}

/// Reads both players and answers the question.
pub fn expect(a: &Player, b: &Player, question: &Question) -> Result<Answer, ExactError> {
    let reading = Reading {
        payoffs: question.payoffs,
        length_known: matches!(question.length, Length::Turns(_)),
    };
    let ma = machine_of(a, &reading)?;
    let mb = machine_of(b, &reading)?;
    expect_machines(&ma, &mb, question).map_err(|e| match e {
        ExactError::TooLarge { limit, .. } => ExactError::TooLarge {
            a: a.name.clone(),
            b: b.name.clone(),
            limit,
        },
        other => other,
    })
}

/// Answers the question for two machines.
pub fn expect_machines(
    a: &Machine,
    b: &Machine,
    question: &Question,
) -> Result<Answer, ExactError> {
    let limit = question.state_limit.unwrap_or(usize::MAX);
    let too_large = |e: ChainTooLarge| ExactError::TooLarge {
        a: "the first player".into(),
        b: "the second".into(),
        limit: e.limit,
    };
    let noise = Value::of(question.noise);
    let chain = Chain::<f64>::build(a, b, &noise, limit)
        .map_err(too_large)?
        .expect("every value has a double");
    let float = chain
        .expect(&question.length)
        .ok_or_else(|| ExactError::Singular("a system of the chain is singular".into()))?;
    let payoffs = payoff_values(&question.payoffs);
    let float_summary = summary(&float, &payoffs.clone().map(|v| v.float));
    let classes = float.classes.clone();
    let states = chain.len();
    let (exact, exact_note) = if question.fractions {
        exact_answer(a, b, question, &noise, &payoffs, states)
    } else {
        (None, Some("not asked for".into()))
    };
    Ok(Answer {
        float: float_summary,
        exact,
        exact_note,
        states,
        machine_states: [a.len(), b.len()],
        classes,
    })
}

/// Whether a chain of `states` joint states is small enough for exact
/// fractions over `length` (the inputs being fractions too): at most
/// [`MAX_EXACT_FORWARD`] states x turns for a forward pass, and when the
/// chain has probabilities (`growing`: their digits grow with the turns)
/// at most [`MAX_EXACT_FORWARD_GROWING`] states x turns^2; at most
/// [`MAX_EXACT_SOLVE_STATES`] states for a linear solve.
pub fn fractions_fit(states: usize, length: &Length, growing: bool) -> bool {
    match length {
        Length::Turns(n) | Length::Continuation { cap: Some(n), .. } => {
            let (s, n) = (states as u64, u64::from(*n));
            s.saturating_mul(n) <= MAX_EXACT_FORWARD
                && (!growing || s.saturating_mul(n).saturating_mul(n) <= MAX_EXACT_FORWARD_GROWING)
        }
        _ => states <= MAX_EXACT_SOLVE_STATES,
    }
}

/// Whether every number of the question is a plain fraction (noise,
/// payoffs, continuation): with rational machines, the condition for
/// exact fractions besides the chain's size ([`fractions_fit`]).
pub fn rational_inputs(question: &Question) -> bool {
    let mut inputs = vec![Value::of(question.noise)];
    inputs.extend(payoff_values(&question.payoffs));
    if let Length::Continuation { w, .. } = &question.length {
        inputs.push(w.clone());
    }
    inputs.iter().all(|v| v.exact.is_some())
}

fn payoff_values(p: &Payoffs) -> [Value; 4] {
    [p.r, p.s, p.t, p.p].map(Value::of)
}

fn summary<N: Number>(expected: &Expected<N>, payoffs: &[N; 4]) -> Summary<N> {
    Summary {
        outcomes: expected.outcomes.clone(),
        scores: expected.scores(payoffs),
        cooperation: expected.cooperation(),
        length: expected.length.clone(),
    }
}

fn exact_answer(
    a: &Machine,
    b: &Machine,
    question: &Question,
    noise: &Value,
    payoffs: &[Value; 4],
    states: usize,
) -> (Option<Summary<Ratio>>, Option<String>) {
    let mut inputs = vec![("noise", noise.clone())];
    inputs.extend(
        ["R", "S", "T", "P"]
            .into_iter()
            .zip(payoffs.iter().cloned()),
    );
    if let Length::Continuation { w, .. } = &question.length {
        inputs.push(("continuation", w.clone()));
    }
    if let Some((name, value)) = inputs.iter().find(|(_, v)| v.exact.is_none()) {
        return (
            None,
            Some(format!("{name} = {} is not a simple fraction", value.float)),
        );
    }
    for (which, m) in [("first", a), ("second", b)] {
        if !m.is_rational() {
            return (
                None,
                Some(format!(
                    "the {which} player has a probability that is not a simple fraction"
                )),
            );
        }
    }
    let growing = noise.float != 0.0 || !(a.is_deterministic() && b.is_deterministic());
    if !fractions_fit(states, &question.length, growing) {
        return (
            None,
            Some(format!(
                "the chain has {states} states, too many for exact fractions over this \
                 horizon (up to {MAX_EXACT_SOLVE_STATES} states for a continuation or \
                 infinite play; {MAX_EXACT_FORWARD} states x turns for a fixed horizon, \
                 and {MAX_EXACT_FORWARD_GROWING} states x turns^2 when the chain has \
                 probabilities, whose fractions grow a digit or more a turn)"
            )),
        );
    }
    let chain = match Chain::<Ratio>::build(a, b, noise, usize::MAX) {
        Ok(Some(chain)) => chain,
        _ => return (None, Some("an input has no exact fraction".into())),
    };
    let payoffs = payoffs.clone().map(|v| v.exact.expect("checked above"));
    match chain.expect(&question.length) {
        Some(expected) => (Some(summary(&expected, &payoffs)), None),
        None => (None, Some("a system of the chain is singular".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn growing_fractions_are_bounded_by_turns_squared() {
        // Tit For Tat against Win-Stay Lose-Shift with noise: 4 joint states.
        assert!(fractions_fit(4, &Length::Turns(5_000), true));
        assert!(!fractions_fit(4, &Length::Turns(20_000), true));
        // Without probabilities the digits do not grow: turns count once.
        assert!(fractions_fit(4, &Length::Turns(20_000), false));
        assert!(!fractions_fit(4, &Length::Turns(600_000), false));
        // The tournament's worst case still gets fractions at 200 turns.
        assert!(fractions_fit(MAX_JOINT_STATES, &Length::Turns(200), true));
        assert!(fractions_fit(
            MAX_EXACT_SOLVE_STATES,
            &Length::Infinite,
            true
        ));
        assert!(!fractions_fit(
            MAX_EXACT_SOLVE_STATES + 1,
            &Length::Infinite,
            false
        ));
    }
}
