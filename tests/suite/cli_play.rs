//! `dilemma play` end to end: lines piped to standard input, the computer's
//! winning answers, hints, rejected moves, the winner, and bad positions
//! (exit code 2).

use std::io::Write;
use std::process::{Command, Stdio};

fn play(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dilemma"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn user_wins_nim_with_the_hinted_moves() {
    // nim 3 4 5: the user plays the winning moves; the computer has none.
    let (code, out, _) = play(&["nim", "3", "4", "5"], "hint\n9 9 9\n1 4 5\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("take 2 from pile 1 (size 3) -> nim 1 4 5"),
        "{out}"
    );
    assert!(
        out.contains("'9 9 9' cannot be reached from nim 3 4 5"),
        "{out}"
    );
    assert!(
        out.contains("you take 2 from pile 1 (size 3) -> nim 1 4 5"),
        "{out}"
    );
    assert!(
        out.contains("I take 1 from pile 1 (size 1) -> nim 0 4 5 (no winning move"),
        "{out}"
    );
}

#[test]
fn computer_first_wins_bash() {
    // bash 9 --max 3 is N: the computer takes 1, then answers every move.
    let (code, out, _) = play(
        &["bash", "9", "--max", "3", "--computer-first"],
        "9\n7\n3\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("I take 1 -> bash 8 --max 3 (a winning move"),
        "{out}"
    );
    assert!(out.contains("'9' is neither a position"), "{out}");
    assert!(out.contains("I take 3 -> bash 4 --max 3"), "{out}");
    assert!(out.trim_end().ends_with("I win."), "{out}");
}

#[test]
fn bad_positions_exit_2() {
    for (args, needle) in [
        (vec!["nim", "x"], "'x' is not a non-negative whole number"),
        (vec!["chess", "1"], "unknown game 'chess'"),
        (vec!["bash", "5"], "--max is required"),
    ] {
        let (code, _, err) = play(&args, "");
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
