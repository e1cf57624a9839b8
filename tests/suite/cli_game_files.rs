//! `kind = "game"` writes its analysis as CSVs (payoffs, equilibria,
//! dominance) and a chart of the payoff grid, like every other kind.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn game_scenarios_write_csvs_and_a_chart() {
    let dir = std::env::temp_dir().join(format!("dilemma-cli-game-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .current_dir(root())
        .args([
            "run",
            "scenarios/game-battle-of-the-sexes.toml",
            "scenarios/game-prisoners-dilemma-nfg.toml",
            "--quiet",
            "--out",
            dir.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let read = |scenario: &str, file: &str| {
        std::fs::read_to_string(dir.join(scenario).join(file))
            .unwrap_or_else(|e| panic!("{scenario}/{file}: {e}"))
    };
    let bos = "game-battle-of-the-sexes";
    let payoffs = read(bos, "payoffs.csv");
    assert!(payoffs.starts_with(
        "row,col,row_payoff,col_payoff,pure_equilibrium,pareto_optimal\nOpera,Opera,3,2,true,true\n"
    ), "{payoffs}");
    assert_eq!(payoffs.lines().count(), 5);
    let equilibria = read(bos, "equilibria.csv");
    assert!(
        equilibria.contains("\n2,2,row,Opera,3/5,6/5,6/5\n"),
        "{equilibria}"
    );
    assert_eq!(read(bos, "dominance.csv").lines().count(), 1);
    let pd = "game-prisoners-dilemma-nfg";
    let dominance = read(pd, "dominance.csv");
    assert!(
        dominance.contains("\n1,row,Silent,pure,Confess\n"),
        "{dominance}"
    );
    assert!(
        dominance.contains("\n1,column,Silent,pure,Confess\n"),
        "{dominance}"
    );
    assert!(read(pd, "equilibria.csv").contains("1,1,row,Confess,1,1,1"));
    for scenario in [bos, pd] {
        let png = std::fs::read(dir.join(scenario).join("game.png")).unwrap();
        assert_eq!(&png[..4], b"\x89PNG");
        let svg = read(scenario, "game.svg");
        assert!(svg.contains("pure Nash equilibrium"), "{scenario}");
    }
    assert!(read(bos, "game.svg").contains("Battle of the sexes"));
    std::fs::remove_dir_all(&dir).unwrap();
}
