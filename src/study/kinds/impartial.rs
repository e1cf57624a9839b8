//! Kind `impartial`: tabulate the Grundy values from the table checked
//! while the file was read, take the positions solved then (each is solved
//! once), and write values.csv (or wythoff.csv), solutions.json (game,
//! proven period, solved positions), the charts, `scenario.toml`,
//! `run.json`.

use crate::impartial::catalogue::parse_game_within;
use crate::impartial::table::{Table, tabulate_within};
use crate::impartial::{Solution, solve};
use crate::output::impartial_files;
use crate::scenario::ImpartialScenario;
use crate::scenario::impartial::{LISTED_MOVES, reader, words};
use crate::study::kinds::whole::Analysis;
use crate::study::registry::Context;
use crate::study::{Progress, Report, ResultsFolder, StudyError, Timing};
use serde_json::json;

/// An impartial-game study.
pub struct Impartial<'a> {
    scenario: &'a ImpartialScenario,
    context: Context,
}

impl<'a> Impartial<'a> {
    /// The study of `scenario`.
    pub fn new(scenario: &'a ImpartialScenario, context: Context) -> Self {
        Impartial { scenario, context }
    }
}

/// The table and the solved positions.
pub struct Tabulated {
    table: Table,
    solutions: Vec<Solution>,
}

impl Analysis for Impartial<'_> {
    type Result = Tabulated;

    fn name(&self) -> &str {
        &self.scenario.name
    }
    fn seed(&self) -> u64 {
        self.scenario.seed
    }
    fn resolved_toml(&self) -> String {
        self.context.resolved.clone()
    }

    fn compute(&self, _: &dyn Progress) -> Result<Tabulated, StudyError> {
        let scenario = self.scenario;
        // The table and the positions were checked (the positions solved) while
        // the file was read, within the limits in force: `dilemma run` reads it
        // with its --no-limit (`scenario::load_within`), as `[limits] none =
        // true` does. What was refused then is done here only if this run lifts
        // the limits after all (a scenario read without the lift), the same
        // switch as `dilemma solve --no-limit`; the hard (memory) bounds stay.
        let no_limit = self.context.no_limit || scenario.lifted;
        let table = match &scenario.table_plan {
            Some(plan) => plan.table(),
            None => tabulate_within(&words(&scenario.rule), scenario.table, no_limit),
        }
        .map_err(|e| StudyError::Input(format!("{}: {e}", scenario.name)))?;
        let mut solutions = Vec::new();
        for (i, (w, solved)) in scenario
            .positions
            .iter()
            .zip(&scenario.solutions)
            .enumerate()
        {
            if let Some(s) = solved {
                solutions.push(s.clone());
                continue;
            }
            let p = parse_game_within(w, &reader(&scenario.folder), no_limit).map_err(|e| {
                StudyError::Input(format!(
                    "{}: game.positions[{}] `{}`: {e}",
                    scenario.name,
                    i + 1,
                    w.join(" ")
                ))
            })?;
            solutions.push(solve(p.as_ref(), LISTED_MOVES));
        }
        Ok(Tabulated { table, solutions })
    }

    fn write(
        &self,
        tabulated: Tabulated,
        folder: &ResultsFolder,
        timing: Timing,
    ) -> Result<Report, StudyError> {
        let scenario = self.scenario;
        let Tabulated { table, solutions } = tabulated;
        let csv = impartial_files::table_file(&table);
        folder.write(csv, |p| impartial_files::write_table(p, &table))?;
        let (label, period) = match &table {
            Table::Heap { label, period, .. } => (label.clone(), json!(period)),
            Table::Wythoff { .. } => ("wythoff".to_string(), json!(null)),
        };
        let summary = json!({
            "game": label,
            "table": scenario.table,
            "period": period,
            "solutions": solutions,
        });
        folder.text("solutions.json", &format!("{summary:#}\n"))?;
        folder.text("scenario.toml", &self.context.resolved)?;
        if scenario.charts {
            impartial_files::write_charts(folder.path(), &table)
                .map_err(|e| folder.chart_failed(e))?;
        }
        let run = json!({
            "dilemma_version": env!("CARGO_PKG_VERSION"),
            "scenario": scenario.name,
            "kind": "impartial",
            "seed": scenario.seed,
            "rule": scenario.rule,
            "table": scenario.table,
            "solve_seconds": scenario.solve_seconds + timing.computed.as_secs_f64(),
            "total_seconds": scenario.solve_seconds + timing.started.elapsed().as_secs_f64(),
            "dependencies": crate::study::folder::dependencies(),
        });
        folder.text("run.json", &format!("{run:#}\n"))?;
        Ok(Report {
            name: scenario.name.clone(),
            summary_key: "summary",
            summary,
            run,
            text: report(scenario, &table, &solutions),
            page: None,
        })
    }
}

/// The terminal report: the table's period (or why there is none) and one
/// line per solved position.
fn report(scenario: &ImpartialScenario, table: &Table, solutions: &[Solution]) -> String {
    let mut out = match table {
        Table::Heap { label, period, .. } => match period {
            Some(p) => format!(
                "{label}: g(0..={}) tabulated; period {} from n = {} (proven on {} values)\n",
                scenario.table, p.period, p.preperiod, p.checked
            ),
            None => format!(
                "{label}: g(0..={}) tabulated; no period certified\n",
                scenario.table
            ),
        },
        Table::Wythoff { .. } => format!(
            "wythoff: g(x, y) for 0 <= x, y <= {} tabulated\n",
            scenario.table
        ),
    };
    for s in solutions {
        out += &format!(
            "{}: {} (grundy {}), {}\n",
            s.position,
            s.outcome,
            s.grundy.map_or("-".to_string(), |g| g.to_string()),
            s.reason
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::impartial::catalogue::PARSED;
    use crate::scenario::Scenario;

    /// Each position is parsed (its solver's analysis run) and solved once,
    /// while the file is read; the run writes those solutions and parses
    /// nothing again. Counted on this thread (`catalogue::PARSED`), with
    /// and without the lift.
    #[test]
    fn each_position_is_solved_once_from_load_to_results() {
        let d = std::env::temp_dir().join(format!("dilemma-solved-once-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        let s = d.join("s.toml");
        std::fs::write(
            &s,
            "name = \"once\"\nkind = \"impartial\"\n[game]\nrule = \"kayles\"\ntable = 20\n\
             positions = [\"kayles 10\", \"octal 20 --code 0.07\", [\"nim 3\", \"kayles 4\"]]\n\
             [output]\ncharts = false\n",
        )
        .unwrap();
        for (lifted, out) in [(false, "plain"), (true, "lifted")] {
            PARSED.with(|c| c.set(0));
            let loaded = crate::scenario::load_within(&s, lifted).unwrap();
            // Three positions, the sum's two parts parsed within it.
            assert_eq!(PARSED.with(|c| c.get()), 5, "{out}");
            let Scenario::Impartial(scenario) = &loaded.scenario else {
                panic!("an impartial scenario")
            };
            assert!(scenario.solutions.iter().all(Option::is_some), "{out}");
            let settings = crate::study::Settings {
                no_limit: lifted,
                resolved_toml: None,
                ..crate::study::Settings::default()
            };
            crate::study::open(&loaded.scenario, settings)
                .run(&d.join(out).join("once"), &crate::study::Silent)
                .unwrap();
            assert_eq!(
                PARSED.with(|c| c.get()),
                5,
                "{out}: parsed again by the run"
            );
            let json = std::fs::read_to_string(d.join(out).join("once/solutions.json")).unwrap();
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            let grundy: Vec<u64> = v["solutions"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["grundy"].as_u64().unwrap())
                .collect();
            // kayles 10 = 2; Dawson's Kayles (0.07) 20 = 3; nim 3 ^ kayles 4 = 3 ^ 1.
            assert_eq!(grundy, vec![2, 3, 3 ^ 1], "{out}");
        }
        // A refused scenario (its table over the default limit) has its
        // positions checked, not solved: nothing is done that the refusal
        // makes useless.
        let text = std::fs::read_to_string(&s).unwrap();
        std::fs::write(&s, text.replace("table = 20", "table = 10000001")).unwrap();
        let loaded = crate::scenario::load(&s).unwrap();
        assert!(
            loaded
                .over_limit
                .unwrap()
                .to_string()
                .contains("game.table")
        );
        let Scenario::Impartial(scenario) = &loaded.scenario else {
            panic!("an impartial scenario")
        };
        assert_eq!(scenario.solutions.len(), 3);
        assert!(scenario.solutions.iter().all(Option::is_none));
        let _ = std::fs::remove_dir_all(&d);
    }
}
