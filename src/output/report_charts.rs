//! What each chart of a results folder shows, and in which order
//! `report.html` shows them: the ranking (or the study's main answer) first,
//! then the details, with one sentence each. Known by the study's kind (the
//! `kind` of its resolved `scenario.toml`) and the chart's file stem, which
//! the kinds' writers fix (`output/*_files.rs`, `study/kinds/*`).
//!
//! Invariant: every chart a kind writes has an entry here (tested over the
//! shipped scenarios by tests/cli_report.rs); a stem without one is still
//! shown, after the known ones, with a caption from its name.

/// A chart's place on the page (lower first) and its caption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartText {
    /// Position among the folder's charts; ties keep file-name order.
    pub order: u32,
    /// One sentence saying what the chart shows.
    pub caption: String,
    /// Whether the stem is known (false: a caption made from the name).
    pub known: bool,
}

fn known(order: u32, caption: &str) -> Option<ChartText> {
    Some(ChartText {
        order,
        caption: caption.to_string(),
        known: true,
    })
}

/// The order and caption of chart `stem` in a folder of a study of `kind`.
pub fn chart_text(kind: &str, stem: &str) -> ChartText {
    lookup(kind, stem).unwrap_or_else(|| ChartText {
        order: 1000,
        caption: format!("The chart {}.", stem.replace(['_', '-'], " ")),
        known: false,
    })
}

fn lookup(kind: &str, stem: &str) -> Option<ChartText> {
    if let Some(step) = stem.strip_prefix("lattice_") {
        let step = step.trim_start_matches('0');
        let step = if step.is_empty() { "0" } else { step };
        return known(
            10,
            &format!("The lattice at step {step}, each cell coloured by the strategy it plays."),
        );
    }
    if let Some(rest) = stem.strip_prefix("fingerprint-") {
        // fingerprint-007-tit-for-tat: the atlas, one chart per strategy in order.
        let (number, name) = rest.split_once('-')?;
        let number: u32 = number.parse().ok()?;
        return known(
            10 + number,
            &format!(
                "Fingerprint {number} ({name}): its mean score per turn against the probe \
                 at every point of the grid."
            ),
        );
    }
    match (kind, stem) {
        (_, "fingerprint") => known(
            10,
            "The fingerprint: the strategy's mean score per turn against the probe at every \
             point of the grid.",
        ),
        ("train", "training") => known(
            10,
            "The objective by generation: the best candidate's value and the mean of the \
             generation.",
        ),
        (_, "scores_boxplot") => known(
            10,
            "The ranking: each player's mean score per turn in every repetition \
             (normalised over the opponents met, self-play left out), players from \
             first to last.",
        ),
        (_, "ranking") => known(
            10,
            "The ranking: each player's exact expected score per turn against the others, \
             players from first to last.",
        ),
        (_, "wins") => known(
            20,
            "Matches each player won (scored more than its opponent), the median over \
             the repetitions, players in ranking order.",
        ),
        (_, "payoff_heatmap") => known(
            30,
            "Mean score per turn of the row player against the column player, \
             self-play on the diagonal; pairs that did not meet (a tournament on \
             edges) are blank.",
        ),
        (_, "payoff_diffs_heatmap") => known(
            40,
            "Mean score per turn of the row player minus its column opponent's: \
             who beats whom, and by how much (blank: the pair did not meet).",
        ),
        (_, "score_diffs_violin") => known(
            50,
            "Distribution of each player's score minus its opponent's, per turn, \
             over every opponent and repetition.",
        ),
        (_, "match_lengths_violin") => known(
            60,
            "Distribution of match lengths in turns for each player, over every \
             opponent and repetition (random horizon).",
        ),
        ("ecological", "sweep_rank") => known(
            10,
            "Each strategy's rank by final share (1 = largest) at every point of the sweep.",
        ),
        (_, "sweep_rank") => known(
            10,
            "Each player's rank (1 = best) at every point of the sweep.",
        ),
        (_, "sweep_score") => known(
            20,
            "Each player's median score per turn at every point of the sweep.",
        ),
        (_, "sweep_winner_score") => known(
            10,
            "The top-ranked player's median score per turn at every point of the sweep.",
        ),
        (_, "sweep_cooperation") => known(
            20,
            "The cooperation rating, averaged over the players, at every point of the sweep.",
        ),
        (_, "sweep_final_share") => known(
            20,
            "Each strategy's final share of the population at every point of the sweep.",
        ),
        (_, "sweep_top_share") => known(
            10,
            "The largest final share of any strategy at every point of the sweep.",
        ),
        ("invasion", "sweep_abundance") => known(
            10,
            "Each strategy's stationary abundance for rare mutations at every point of \
             the sweep.",
        ),
        ("invasion", "sweep_top_abundance") => known(
            10,
            "The largest stationary abundance of any strategy at every point of the sweep.",
        ),
        ("invasion", "sweep_diversity") => known(
            20,
            "The effective number of strategies for rare mutations (1 / sum of squared \
             abundances) at every point of the sweep.",
        ),
        (_, "sweep_diversity") => known(
            20,
            "The effective number of strategies at the end (1 / sum of squared final \
             shares) at every point of the sweep.",
        ),
        (_, "sweep_fixation") => known(
            10,
            "Each type's fixation probability at every point of the sweep.",
        ),
        (_, "sweep_focal") => known(
            10,
            "The focal type's fixation probability (its long-run share when every point \
             mutates) at every point of the sweep.",
        ),
        (_, "sweep_focal_fixation") => known(
            10,
            "The focal type's fixation probability at the points without mutation.",
        ),
        (_, "sweep_focal_long_run") => known(
            12,
            "The focal type's long-run share (time average) at the points with mutation.",
        ),
        (_, "sweep_long_run") => known(
            20,
            "Each type's long-run share of the population at every point of the sweep.",
        ),
        (_, "sweep_mean_steps") => known(
            30,
            "The mean number of steps per run at every point of the sweep.",
        ),
        ("invasion", "stationary") => known(
            10,
            "How often each strategy is the resident when mutations are rare \
             (the stationary distribution of the small-mutation chain).",
        ),
        ("invasion", "fixation") => known(
            20,
            "Fixation probability times Z of one mutant (row) in a population of the \
             resident (column); 1 is neutral.",
        ),
        ("invasion", "invasion_diagram") => known(
            15,
            "Who invades whom: an arrow from B to A where one A mutant takes over a \
             population of B more often than the neutral 1/Z; node area is the \
             stationary abundance.",
        ),
        ("invasion", "abundance_curve") => known(
            25,
            "Each strategy's stationary abundance as the intensity of selection \
             grows (logarithmic axis).",
        ),
        ("invasion", "gradient") => known(
            30,
            "The gradient of selection T+(k) - T-(k) of a mutant among residents: \
             above 0 the mutant's share tends to grow.",
        ),
        (_, "fixation") => known(
            10,
            "Each type's estimated fixation probability with its 95% Wilson interval.",
        ),
        (_, "long_run_shares") => known(
            20,
            "Each type's long-run share of the population under mutation \
             (mean over runs, 95% interval).",
        ),
        ("spatial", "shares") => known(
            20,
            "The share of the cells each strategy holds, step by step.",
        ),
        ("ecological", "shares") => known(
            10,
            "Each strategy's share of the population over the generations of the \
             ecological dynamics.",
        ),
        (_, "shares") => known(
            30,
            "Each type's share of the population step by step in the first run (run 0).",
        ),
        (_, "fixation_matrix") => known(
            10,
            "Fixation probability of one mutant (row) among N - 1 residents (column), \
             for every ordered pair.",
        ),
        (_, "game") => known(
            10,
            "The payoff table with its Nash equilibria marked and listed.",
        ),
        (_, "region_map") => known(
            10,
            "Which equilibria hold at each point of the two parameters, region by region \
             (exact boundaries).",
        ),
        (_, "regions") => known(
            10,
            "Which equilibria hold along the parameter, interval by interval \
             (exact boundaries).",
        ),
        (_, "allocation") => known(
            10,
            "The coins each pirate receives under the proposal that passes, \
             the proposer first.",
        ),
        (_, "survival") => known(
            20,
            "For each number of pirates, how many are thrown overboard and how many \
             coins the proposer who passes keeps.",
        ),
        (_, "elimination") => known(
            10,
            "The highest and lowest choices that survive each round of iterated \
             elimination of dominated choices.",
        ),
        (_, "predictions") => known(
            20,
            "The level-k and cognitive-hierarchy predictions of the mean choice and \
             the target.",
        ),
        (_, "simulation") => known(30, "The simulated players' choices, round by round."),
        (_, "qre_branch") => known(
            10,
            "The mean claim of the logit quantal response equilibrium as its precision \
             lambda grows.",
        ),
        (_, "mean_claim_by_bonus") => known(
            20,
            "The mean claim of the logit quantal response equilibrium against the bonus R, \
             one line per lambda.",
        ),
        (_, "grundy_values") => known(
            10,
            "The Grundy value g(n) of every position n of the table.",
        ),
        (_, "wythoff_p_positions") => known(
            10,
            "Wythoff's P-positions (g = 0: the player to move loses) on the grid of \
             pile sizes.",
        ),
        (_, "wythoff_grundy") => known(
            20,
            "Wythoff's Grundy value g(x, y) for every pair of pile sizes.",
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rankings_come_first_and_every_caption_is_one_sentence() {
        let tournament = [
            "match_lengths_violin",
            "payoff_diffs_heatmap",
            "payoff_heatmap",
            "score_diffs_violin",
            "scores_boxplot",
            "wins",
        ];
        let mut sorted = tournament.to_vec();
        sorted.sort_by_key(|s| chart_text("tournament", s).order);
        assert_eq!(sorted[0], "scores_boxplot");
        assert_eq!(sorted[1], "wins");
        assert_eq!(sorted[5], "match_lengths_violin");
        assert!(
            chart_text("tournament", "ranking").order
                < chart_text("tournament", "payoff_heatmap").order
        );
        assert!(
            chart_text("invasion", "stationary").order < chart_text("invasion", "fixation").order
        );
        assert!(chart_text("moran", "fixation").order < chart_text("moran", "shares").order);
        for (kind, stem) in [
            ("tournament", "wins"),
            ("moran", "fixation"),
            ("pirates", "allocation"),
        ] {
            let caption = chart_text(kind, stem).caption;
            assert!(caption.ends_with('.'), "{caption}");
            assert_eq!(caption.matches(". ").count(), 0, "{caption}");
            assert!(!caption.contains("  "), "{caption}");
        }
    }

    #[test]
    fn the_same_stem_is_described_by_its_kind() {
        assert_ne!(
            chart_text("invasion", "fixation").caption,
            chart_text("moran", "fixation").caption
        );
        assert!(
            chart_text("ecological", "sweep_rank")
                .caption
                .contains("final share")
        );
        assert!(
            chart_text("tournament", "sweep_rank")
                .caption
                .contains("1 = best")
        );
        assert!(
            chart_text("spatial", "lattice_0030")
                .caption
                .contains("step 30")
        );
        let atlas = chart_text("fingerprint", "fingerprint-012-tit-for-tat");
        assert_eq!(atlas.order, 22);
        assert!(atlas.caption.contains("Fingerprint 12 (tit-for-tat)"));
        let unknown = chart_text("tournament", "new_chart");
        assert!(!unknown.known && unknown.order > 100);
        assert_eq!(unknown.caption, "The chart new chart.");
    }
}
