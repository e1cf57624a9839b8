//! A pathological game whose exact answer does not fit 128-bit rationals:
//! `dilemma game` must fail with a clear message (exit code 2: the cause is
//! the input's numbers), never panic
//! and never print a rounded answer.

use std::process::Command;

#[test]
fn huge_payoffs_give_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("dilemma-overflow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("huge.toml");
    // Rock-paper-scissors with huge, unrelated win and loss sizes (zero-sum):
    // the unique equilibrium's probabilities need far more than 128 bits.
    let k = [
        "3000000000000000000000000007919",
        "5000000000000000000000000104729",
        "7000000000000000000000001299709",
        "11000000000000000000000015485863",
        "13000000000000000000000032452843",
        "17000000000000000000000049979687",
    ];
    let neg = |s: &str| format!("-{s}");
    let row = [
        ["0".to_string(), neg(k[0]), k[1].to_string()],
        [k[2].to_string(), "0".to_string(), neg(k[3])],
        [neg(k[4]), k[5].to_string(), "0".to_string()],
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
    let text = format!(
        "title = \"huge\"\nrows = [\"R\", \"P\", \"S\"]\ncols = [\"r\", \"p\", \"s\"]\nrow_payoffs = {}\ncol_payoffs = {}\n",
        matrix(row.iter().map(|r| r.to_vec()).collect()),
        matrix(col)
    );
    std::fs::write(&file, text).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .args(["game", file.to_str().unwrap()])
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
    assert!(stderr.contains("row_payoffs"), "stderr: {stderr}");
    assert!(stderr.contains("128-bit"), "stderr: {stderr}");
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
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
