//! A pathological game whose exact answer does not fit 128-bit rationals:
//! `dilemma game` must fail with a clear message (exit code 2: the cause is
//! the input's numbers), never panic
//! and never print a rounded answer.

use std::process::Command;

/// Rock-paper-scissors with huge, unrelated win and loss sizes (zero-sum):
/// the unique equilibrium's probabilities need far more than 128 bits. The
/// row player's and the column player's payoffs, as text.
fn huge_rps() -> (Vec<Vec<String>>, Vec<Vec<String>>) {
    let k = [
        "3000000000000000000000000007919",
        "5000000000000000000000000104729",
        "7000000000000000000000001299709",
        "11000000000000000000000015485863",
        "13000000000000000000000032452843",
        "17000000000000000000000049979687",
    ];
    let neg = |s: &str| format!("-{s}");
    let row = vec![
        vec!["0".to_string(), neg(k[0]), k[1].to_string()],
        vec![k[2].to_string(), "0".to_string(), neg(k[3])],
        vec![neg(k[4]), k[5].to_string(), "0".to_string()],
    ];
    let col: Vec<Vec<String>> = row
        .iter()
        .map(|r| {
            r.iter()
                .map(|v| match v.strip_prefix('-') {
                    Some(p) => p.to_string(),
                    None if v == "0" => "0".to_string(),
                    None => neg(v),
                })
                .collect()
        })
        .collect();
    (row, col)
}

/// The TOML fields `rows` ... `col_payoffs` of the huge game (row_payoffs
/// on the fourth line).
fn huge_toml_fields() -> String {
    let (row, col) = huge_rps();
    let matrix = |m: Vec<Vec<String>>| {
        let rows: Vec<String> = m
            .iter()
            .map(|r| {
                let cells: Vec<String> = r.iter().map(|v| format!("\"{v}\"")).collect();
                format!("[{}]", cells.join(", "))
            })
            .collect();
        format!("[{}]", rows.join(", "))
    };
    format!(
        "rows = [\"R\", \"P\", \"S\"]\ncols = [\"r\", \"p\", \"s\"]\nrow_payoffs = {}\ncol_payoffs = {}\n",
        matrix(row),
        matrix(col)
    )
}

/// The huge game as a Gambit .nfg file; its payoffs start on line 3.
fn huge_nfg() -> String {
    let (row, col) = huge_rps();
    let mut payoffs = Vec::new();
    for j in 0..3 {
        for i in 0..3 {
            payoffs.push(format!("{} {}", row[i][j], col[i][j]));
        }
    }
    format!(
        "NFG 1 R \"huge\" {{ \"P1\" \"P2\" }} {{ 3 3 }}\n\n{}\n",
        payoffs.join(" ")
    )
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dilemma-overflow-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn dilemma(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn huge_payoffs_give_a_clear_error() {
    let dir = scratch("toml");
    let file = dir.join("huge.toml");
    std::fs::write(&file, format!("title = \"huge\"\n{}", huge_toml_fields())).unwrap();
    let (code, stderr) = dilemma(&["game".as_ref(), file.as_os_str()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, Some(2), "stderr: {stderr}");
    // The file, line and column of row_payoffs, the field, what is allowed.
    assert!(
        stderr.contains("huge.toml:4:15: field `row_payoffs`: huge:"),
        "stderr: {stderr}"
    );
    assert!(stderr.contains("128-bit"), "stderr: {stderr}");
    assert!(stderr.contains("allowed:"), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
}

#[test]
fn a_gambit_file_whose_payoffs_overflow_names_where_its_payoffs_start() {
    // Found by the fuzzer: the error named `row_payoffs/col_payoffs`, TOML
    // fields an .nfg file does not have, and no line.
    let dir = scratch("nfg");
    let file = dir.join("huge.nfg");
    std::fs::write(&file, huge_nfg()).unwrap();
    let (code, stderr) = dilemma(&["game".as_ref(), file.as_os_str()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, Some(2), "stderr: {stderr}");
    assert!(
        stderr.contains("huge.nfg: line 3, column 1: the payoffs: huge:"),
        "stderr: {stderr}"
    );
    assert!(stderr.contains("128-bit") && stderr.contains("allowed:"));
    assert!(!stderr.contains("row_payoffs"), "stderr: {stderr}");
}

#[test]
fn a_game_scenario_whose_payoffs_overflow_names_its_field() {
    let dir = scratch("scenario");
    std::fs::write(dir.join("huge.nfg"), huge_nfg()).unwrap();
    // The payoffs in the scenario's [game] table (row_payoffs on line 6),
    // then in a game file the scenario names (`game` on line 3).
    let table = format!(
        "kind = \"game\"\nname = \"table\"\n[game]\n{}",
        huge_toml_fields()
    );
    let named = "kind = \"game\"\nname = \"named\"\ngame = \"huge.nfg\"\n";
    for (file, text, needle) in [
        (
            "table.toml",
            table.as_str(),
            "table.toml:6:15: field `game.row_payoffs`: ",
        ),
        ("named.toml", named, "named.toml:3:8: field `game`: huge:"),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let out = dir.join("out");
        let (code, stderr) = dilemma(&[
            "run".as_ref(),
            path.as_os_str(),
            "--quiet".as_ref(),
            "--out".as_ref(),
            out.as_os_str(),
        ]);
        assert_eq!(code, Some(2), "{file}: {stderr}");
        assert!(stderr.contains(needle), "{file}: {stderr}");
        assert!(stderr.contains("128-bit"), "{file}: {stderr}");
        assert!(
            !out.join("table").exists() && !out.join("named").exists(),
            "{file}: nothing is written"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// A 20 x 20 game with no dominated strategy (pure coordination: 2^20 - 1
/// equilibria) is refused up front, naming its size and the limit (it ran
/// past 30 s and 1 GB before).
#[test]
fn a_game_too_large_to_enumerate_is_refused_up_front() {
    let dir = std::env::temp_dir().join(format!("dilemma-too-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("coordination.toml");
    let k = 20;
    let names: Vec<String> = (0..k).map(|i| format!("\"s{i}\"")).collect();
    let rows: Vec<String> = (0..k)
        .map(|i| {
            let r: Vec<&str> = (0..k).map(|j| if i == j { "1" } else { "0" }).collect();
            format!("[{}]", r.join(", "))
        })
        .collect();
    std::fs::write(
        &file,
        format!(
            "title = \"coordination\"\nrows = [{}]\nsymmetric = true\nrow_payoffs = [{}]\n",
            names.join(", "),
            rows.join(", ")
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .arg("game")
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.contains("20 x 20"), "stderr: {stderr}");
    assert!(stderr.contains("2e7"), "stderr: {stderr}");
    assert!(stderr.contains("--no-limit"), "stderr: {stderr}");
    // Within the limit the flag changes nothing.
    let small = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["game", "matching-pennies", "--no-limit", "--json"])
        .output()
        .unwrap();
    assert_eq!(small.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).ok();
}
