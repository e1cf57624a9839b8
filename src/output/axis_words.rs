//! A swept key said in words for a chart's axis: `match.noise` is "noise",
//! `game.payoffs.T` "temptation T", `players.0.count` "count of Tit For Tat".
//! The one mapping every sweep chart uses (tournament, exact, ecological and
//! Moran sweeps); `sweep.csv`, `run.json` and the terminal keep the raw keys,
//! so scripts read the same columns as before.
//!
//! Invariant: every key gets a non-empty label; a key without words of its
//! own is shown by its last part with spaces for underscores (`moran.runs`
//! is "runs"), never dropped.

/// Words for the known keys outside `players.<i>.`.
const WORDS: &[(&str, &str)] = &[
    ("match.noise", "noise"),
    ("match.turns", "turns per match"),
    ("match.continuation", "continuation probability"),
    ("match.prob_end", "probability the match ends each turn"),
    ("match.repetitions", "repetitions"),
    ("match.max_turns", "turns at most"),
    ("game.payoffs.R", "reward R"),
    ("game.payoffs.S", "sucker's payoff S"),
    ("game.payoffs.T", "temptation T"),
    ("game.payoffs.P", "punishment P"),
    ("seed", "seed"),
    ("moran.mutation", "mutation rate"),
    ("moran.runs", "runs"),
    ("moran.steps", "steps per run"),
    ("dynamics.steps", "steps of the dynamics"),
    ("dynamics.dt", "time step dt"),
    ("population.size", "population size"),
    ("selection.beta", "intensity of selection \u{3b2}"),
    ("selection.w", "intensity of selection w"),
    ("selection.mutation", "mutation rate"),
];

/// Words for a player's parameter (`players.<i>.<parameter>`).
const PARAMETER_WORDS: &[(&str, &str)] = &[
    ("count", "count"),
    ("fitness", "constant fitness"),
    ("p", "probability p"),
];

/// `key` in words for an axis; `players` are the players' display names in
/// scenario order (`players.<i>` names player i).
pub fn sweep_axis_label(key: &str, players: &[String]) -> String {
    if let Some(&(_, words)) = WORDS.iter().find(|(k, _)| *k == key) {
        return words.to_string();
    }
    if let Some(rest) = key.strip_prefix("players.")
        && let Some((index, parameter)) = rest.split_once('.')
        && let Ok(i) = index.parse::<usize>()
        && !parameter.is_empty()
    {
        let who = match players.get(i) {
            // The count names the type as it is; a parameter changes the
            // name along the axis, so the name without its parameters.
            Some(name) if parameter == "count" => name.clone(),
            Some(name) => without_parameters(name).to_string(),
            None => format!("player {}", i + 1),
        };
        let what = PARAMETER_WORDS
            .iter()
            .find(|(p, _)| *p == parameter)
            .map_or_else(|| spaced(parameter), |(_, w)| w.to_string());
        return format!("{what} of {who}");
    }
    spaced(key.rsplit('.').find(|part| !part.is_empty()).unwrap_or(key))
}

/// The same label with a capital first letter, as a chart's axis shows it.
pub fn sweep_axis_title(key: &str, players: &[String]) -> String {
    let label = sweep_axis_label(key, players);
    let mut chars = label.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => label,
    }
}

/// "First by Davis: 10" -> "First by Davis"; a name without parameters as it is.
fn without_parameters(name: &str) -> &str {
    match name.rsplit_once(": ") {
        Some((base, _)) if !base.is_empty() => base,
        _ => name,
    }
}

fn spaced(part: &str) -> String {
    let words = part.replace('_', " ");
    if words.trim().is_empty() {
        part.to_string()
    } else {
        words
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["Tit For Tat", "Random: 0.5", "First by Davis: 10"]
            .map(String::from)
            .to_vec()
    }

    #[test]
    fn the_keys_of_the_shipped_sweeps_are_said_in_words() {
        let n = names();
        assert_eq!(sweep_axis_label("match.noise", &n), "noise");
        assert_eq!(sweep_axis_label("game.payoffs.T", &n), "temptation T");
        assert_eq!(sweep_axis_label("game.payoffs.S", &n), "sucker's payoff S");
        assert_eq!(sweep_axis_label("moran.mutation", &n), "mutation rate");
        assert_eq!(
            sweep_axis_label("players.0.count", &n),
            "count of Tit For Tat"
        );
        assert_eq!(
            sweep_axis_label("match.continuation", &n),
            "continuation probability"
        );
        assert_eq!(sweep_axis_label("population.size", &n), "population size");
        assert_eq!(
            sweep_axis_label("selection.beta", &n),
            "intensity of selection \u{3b2}"
        );
        assert_eq!(sweep_axis_title("match.noise", &n), "Noise");
        assert_eq!(
            sweep_axis_title("players.0.count", &n),
            "Count of Tit For Tat"
        );
    }

    #[test]
    fn a_parameter_names_the_strategy_without_its_values() {
        let n = names();
        assert_eq!(
            sweep_axis_label("players.1.p", &n),
            "probability p of Random"
        );
        assert_eq!(
            sweep_axis_label("players.2.rounds_to_cooperate", &n),
            "rounds to cooperate of First by Davis"
        );
        // A count names the type with its parameters: two Random players
        // with different p are two types.
        assert_eq!(
            sweep_axis_label("players.1.count", &n),
            "count of Random: 0.5"
        );
        assert_eq!(sweep_axis_label("players.7.count", &n), "count of player 8");
    }

    #[test]
    fn unknown_keys_fall_back_to_their_last_part_never_empty() {
        let n = names();
        assert_eq!(sweep_axis_label("moran.runs", &n), "runs");
        assert_eq!(sweep_axis_label("dynamics.some_key", &n), "some key");
        assert_eq!(sweep_axis_label("players.x.p", &n), "p");
        for key in [".", "a.", "_", "players.0.", "players..p"] {
            assert!(!sweep_axis_title(key, &n).is_empty(), "{key:?}");
        }
        assert_eq!(sweep_axis_label("players.0.", &n), "0");
        // No label of a raw key survives: none holds a dot.
        for key in ["match.noise", "game.payoffs.T", "players.0.count"] {
            assert!(!sweep_axis_label(key, &n).contains('.'), "{key}");
        }
    }
}
