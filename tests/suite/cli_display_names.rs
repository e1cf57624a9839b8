//! axelrod's LaTeX names (`$\pi$`, `$e$`, `$\phi$`): results files keep them exactly,
//! the terminal, charts and report.html show π, e and φ.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-display-names-{test}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn stdout(args: &[&str]) -> String {
    String::from_utf8(dilemma(args).stdout).unwrap()
}

const LATEX: [&str; 3] = ["$\\pi$", "$e$", "$\\phi$"];

#[test]
fn a_tournament_keeps_axelrods_names_in_csv_and_shows_the_letters() {
    let dir = scratch("tournament");
    let scenario = dir.join("constants.toml");
    std::fs::write(
        &scenario,
        "name = \"constants\"\nkind = \"tournament\"\nseed = 1\n\
         players = [\"pi\", \"e\", \"golden\", \"tit-for-tat\"]\n\n\
         [match]\nturns = 10\nrepetitions = 1\n",
    )
    .unwrap();
    let out = dir.join("out");
    let printed = stdout(&[
        "run",
        scenario.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let folder = out.join("constants");
    let read = |name: &str| std::fs::read_to_string(folder.join(name)).unwrap();

    // CSV files: axelrod's exact names (its own files name the players so).
    let summary = read("summary.csv");
    let names: Vec<&str> = summary
        .lines()
        .skip(1)
        .map(|line| line.split(',').nth(1).unwrap())
        .collect();
    for latex in LATEX {
        assert!(names.contains(&latex), "{latex} in {names:?}");
    }
    assert!(!summary.contains('\u{3c0}') && !summary.contains('\u{3c6}'));
    assert!(read("matches.csv").contains("$\\pi$"));

    // The terminal: the letters, in a table that still lines up.
    for shown in ["\u{3c0}", "\u{3c6}"] {
        assert!(
            printed.lines().any(|l| l.contains(&format!("  {shown}  "))),
            "{shown} in\n{printed}"
        );
    }
    assert!(!printed.contains('$'), "{printed}");
    let table: Vec<&str> = printed
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(table.len(), 4, "{printed}");
    let width = table[0].chars().count();
    assert!(
        table.iter().all(|l| l.chars().count() == width),
        "rows of one width (in characters):\n{printed}"
    );

    // report.html's table and the charts' text.
    let page = read("report.html");
    assert!(page.contains("<td class=\"t\">\u{3c0}</td>"), "{page}");
    assert!(page.contains("<td class=\"t\">\u{3c6}</td>"));
    let svg = read("scores_boxplot.svg");
    for shown in ["\u{3c0}", "e", "\u{3c6}"] {
        assert!(svg.contains(&format!("aria-label=\"{shown}\"")), "{shown}");
    }
    assert!(!svg.contains("$\\pi$") && !svg.contains("$e$"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn dilemma_match_shows_the_letters_and_json_keeps_the_names() {
    let text = stdout(&["match", "pi", "golden", "--turns", "4"]);
    assert!(text.contains("\u{3c0}"), "{text}");
    assert!(text.contains("\u{3c6}"), "{text}");
    assert!(!text.contains('$'), "{text}");
    let text = stdout(&["match", "e", "e", "--turns", "2", "--repetitions", "3"]);
    assert!(text.contains("e (1)") && text.contains("e (2)"), "{text}");
    assert!(!text.contains('$'), "{text}");
    let json = stdout(&["match", "pi", "golden", "--turns", "4", "--json"]);
    assert!(json.contains("\"$\\\\pi$\""), "{json}");
    assert!(json.contains("\"$\\\\phi$\""), "{json}");
}

#[test]
fn dilemma_strategies_shows_the_letters_and_says_the_csv_name() {
    let listing = stdout(&["strategies"]);
    let row = |id: &str| {
        listing
            .lines()
            .find(|l| l.split_whitespace().next() == Some(id))
            .unwrap_or_else(|| panic!("{id} listed"))
            .to_string()
    };
    assert_eq!(row("pi").split_whitespace().nth(1), Some("\u{3c0}"));
    assert_eq!(row("golden").split_whitespace().nth(1), Some("\u{3c6}"));
    assert_eq!(row("e").split_whitespace().nth(1), Some("e"));
    // The columns after the name stay aligned (padding counts characters).
    let flags_at = |line: &str| line.chars().count();
    assert_eq!(flags_at(&row("pi")), flags_at(&row("tit-for-tat")));
    assert!(!listing.contains("$\\pi$"));

    let page = stdout(&["strategies", "pi"]);
    assert!(page.starts_with("\u{3c0} (pi)\n"), "{page}");
    assert!(
        page.contains("Name in results with default parameters: \u{3c0} (CSV files: $\\pi$)"),
        "{page}"
    );
    // `--json` keeps axelrod's name.
    let json = stdout(&["strategies", "pi", "--json"]);
    assert!(json.contains("$\\\\pi$"), "{json}");
}
