//! `dilemma solve` end to end: known answers, JSON keys, and bad input
//! (exit code 2 with a message naming the problem).

use std::process::Command;

fn solve(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .arg("solve")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn json_has_the_documented_keys() {
    let (code, out, _) = solve(&["nim", "3", "4", "5", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(
        v["winning_moves"][0],
        "take 2 from pile 1 (size 3) -> nim 1 4 5"
    );
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("XOR of the piles is 2")
    );
}

#[test]
fn huge_subtraction_position_via_proven_period() {
    let (code, out, _) = solve(&["subtraction", "1000000000001", "--set", "1,3,4", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "P");
}

#[test]
fn wythoff_near_2_64() {
    // The largest P-position pair that fits in 64 bits is checked in the
    // unit tests; here a huge N-position gets exact winning moves.
    let (code, out, _) = solve(&[
        "wythoff",
        "18446744073709551615",
        "18446744073709551614",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "N");
    assert!(v["winning_move_count"].as_u64().unwrap() >= 1);
}

#[test]
fn bad_input_exits_2() {
    let dir = std::env::temp_dir().join(format!("dilemma-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cyclic = dir.join("cycle.txt");
    std::fs::write(&cyclic, "a b\nb c\nc a\n").unwrap();
    let cyclic = cyclic.to_str().unwrap().to_string();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["nim", "3", "-4"],
            "'-4' is not a non-negative whole number",
        ),
        (
            vec!["nim", "three"],
            "'three' is not a non-negative whole number",
        ),
        (
            vec!["subtraction", "5", "--set", ""],
            "non-empty list of positive integers",
        ),
        (
            vec!["subtraction", "5", "--set", "0"],
            "non-empty list of positive integers",
        ),
        (vec!["octal", "5", "--code", "0.8"], "not an octal digit"),
        (vec!["octal", "5", "--code", "77"], "no '.'"),
        (vec!["graph", cyclic.as_str(), "a"], "cycle"),
        (vec!["chess", "1"], "unknown game 'chess'"),
        (vec!["bash", "5"], "--max is required"),
        (vec!["wythoff", "1"], "expected two piles"),
    ];
    for (args, needle) in cases {
        let (code, _, err) = solve(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fibonacci_nim_83_and_89() {
    let (code, out, _) = solve(&["fibonacci-nim", "83", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"][0],
        "take 2 (leave 81) -> fibonacci-nim 81 --limit 4"
    );
    let (code, out, _) = solve(&["fibonacci-nim", "89", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "P");
    let (code, out, _) = solve(&["fibonacci-nim", "10", "--limit", "1", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "P");
    let (code, _, err) = solve(&["fibonacci-nim", "10", "--limit", "x"]);
    assert_eq!(code, 2);
    assert!(err.contains("--limit: 'x'"), "{err}");
}

#[test]
fn coin_turning_games() {
    let (code, out, _) = solve(&["ruler", "3", "5", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["outcome"].as_str(), v["grundy"].as_u64()),
        (Some("P"), Some(0))
    );
    let (_, out, _) = solve(&["mock-turtles", "2", "5", "9", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 2 ^ 8 ^ 16);
    let (_, out, _) = solve(&["turning-turtles", "3", "5", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 6);
    assert_eq!(
        v["winning_moves"][0],
        "turn coins 3 and 5 -> turning-turtles"
    );
    for (args, needle) in [
        (vec!["ruler", "0"], "numbered from 1"),
        (vec!["mock-turtles", "4", "4"], "listed twice"),
        (vec!["turning-turtles", "x"], "'x' is not"),
    ] {
        let (code, _, err) = solve(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn coloring_game() {
    let (code, out, _) = solve(&["coloring", "13", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["outcome"], "P");
    assert!(v["reason"].as_str().unwrap().contains("period 12 from 71"));
    let (_, out, _) = solve(&["coloring", "6", "--colored", "1:2,2:5", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["grundy"], 2);
    for (args, needle) in [
        (vec!["coloring", "6", "--colored", "3:2"], "row 1 or 2"),
        (vec!["coloring", "6", "--colored", "1:7"], "column 1 to 6"),
        (vec!["coloring", "6", "--colored", "12"], "not ROW:COL"),
        (
            vec!["coloring", "6", "--colored", "1:2,1:2"],
            "listed twice",
        ),
    ] {
        let (code, _, err) = solve(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn only_what_the_question_needs_is_computed() {
    // A heap of 10 needs g(0..=10), whatever the code's length (this ran
    // for hours); the value agrees with the plain mex over the options.
    let (code, out, err) = solve(&[
        "octal",
        "10",
        "--code",
        "0.7777777777777777777777",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Removing 1..=10 tokens and splitting the rest any way: heap 10 can
    // be emptied, so it is an N-position with g = mex over all g(a) ^ g(b).
    assert_eq!(v["outcome"], "N");
    // A move of 10^6: the period is found in time linear in the move.
    let (code, out, err) = solve(&[
        "subtraction",
        "18446744073709551615",
        "--set",
        "1,1000000",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v["reason"].as_str().unwrap().contains("period"), "{v}");
}

#[test]
fn tables_with_no_game_are_errors() {
    let (code, _, err) = solve(&["--table", "5"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no game named"), "{err}");
}
