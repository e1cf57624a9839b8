//! Play against the computer: a pure state machine. The caller feeds it the
//! user's lines and prints its replies; it never touches the terminal.
//!
//! The user moves by typing a move's number from `moves`, or the position
//! the move leads to (with or without the game name, options such as `--max`
//! may be left out). The computer answers with a winning move whenever one
//! exists (a move to a P-position, by the same solvers as `dilemma solve`),
//! otherwise with the first legal move. `hint` shows the winning moves.
//!
//! Invariants: the state only changes through a legal move; the game ends
//! exactly when the player to move has no move, and the winner follows from
//! the terminal position's outcome (normal play: the last mover wins; misère
//! Nim: the last mover loses), so one rule serves every game.

use super::catalogue::parse_game;
use super::position::{Move, OPTION_SCAN_LIMIT, Outcome, Position};

/// Most moves listed by `moves` and `hint`.
pub const LISTED: usize = 40;

/// What a reply means for the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Lines to show the user.
    pub lines: Vec<String>,
    /// The game is over (or the user quit).
    pub finished: bool,
}

/// An interactive game against the computer.
pub struct Session {
    position: Box<dyn Position>,
    game: String,
    finished: bool,
}

/// The rule of a game, for rejected moves.
pub fn rule_text(game: &str) -> &'static str {
    match game {
        "nim" => "take any positive number of tokens from one pile",
        "misere-nim" => {
            "take any positive number of tokens from one pile; whoever takes the last token loses"
        }
        "end-nim" => "take any positive number of tokens from the leftmost or the rightmost pile",
        "bash" => "take 1 to --max tokens",
        "subtraction" => "take a number of tokens that is in the subtraction set",
        "wythoff" => "take any number from one pile, or the same number from both",
        "fibonacci-nim" => {
            "take 1 to --limit tokens; the next player may then take up to twice that"
        }
        "take-half" => "remove at least half of the pile",
        "all-or-even" => "remove an even number of tokens but not all, or all of an odd pile",
        "lasker" => {
            "take any positive number from one pile, or split a pile into two non-empty piles"
        }
        "octal" | "kayles" | "dawsons-kayles" | "dawsons-chess" => {
            "remove tokens from one heap as the octal code allows, possibly splitting it in two"
        }
        "ruler" => "turn a run of consecutive coins whose rightmost coin is heads",
        "mock-turtles" => "turn one, two or three coins, the rightmost of them heads",
        "turning-turtles" => "turn one or two coins, the rightmost of them heads",
        "coloring" => "colour one uncoloured cell, or a 2x2 block of four uncoloured cells",
        "graph" => "follow one edge from the current node",
        "sum" => "move in exactly one of the parts",
        _ => "see dilemma solve --help",
    }
}

fn normalise(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The ways a user may name the position `m` leads to.
fn names_of(m: &Move) -> Vec<String> {
    let full = normalise(&m.next.describe());
    let mut out = vec![full.clone()];
    if let Some((_, rest)) = full.split_once(' ') {
        out.push(rest.to_string());
        if let Some((head, _)) = rest.split_once(" --") {
            out.push(head.to_string());
        }
    } else {
        // The empty position of a game with no arguments (e.g. "ruler").
        out.push(String::new());
    }
    out.push(normalise(&m.label));
    out
}

impl Session {
    /// Starts a game; the computer moves first if `computer_first`.
    pub fn start(position: Box<dyn Position>, computer_first: bool) -> (Session, Reply) {
        let game = position
            .describe()
            .trim_start_matches('"')
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_string();
        let game = if position.describe().starts_with('"') {
            "sum".to_string()
        } else {
            game
        };
        let mut s = Session {
            position,
            game,
            finished: false,
        };
        let mut lines = vec![
            format!("position: {}", s.position.describe()),
            format!("rule: {}", rule_text(&s.game)),
            "type the position you move to (or a move number from `moves`), `hint`, `help` or `quit`"
                .to_string(),
        ];
        if computer_first {
            lines.extend(s.computer_turn());
        } else {
            lines.extend(s.check_end(false));
        }
        let finished = s.finished;
        (s, Reply { lines, finished })
    }

    /// The current position.
    pub fn position(&self) -> &dyn Position {
        self.position.as_ref()
    }

    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.finished
    }

    fn options(&self) -> Result<Vec<Move>, String> {
        self.position.options(OPTION_SCAN_LIMIT).map_err(|_| {
            format!(
                "{} has more than {OPTION_SCAN_LIMIT} moves; too large to play interactively",
                self.position.describe()
            )
        })
    }

    /// If the player to move has no move, the game ends; `user_moved` says
    /// who made the last move.
    fn check_end(&mut self, user_moved: bool) -> Vec<String> {
        match self.options() {
            Err(e) => {
                self.finished = true;
                vec![e]
            }
            Ok(opts) if opts.is_empty() => {
                self.finished = true;
                // Terminal P: the last mover wins (normal play); terminal N:
                // the player to move wins (misère).
                let last_mover_wins = self.position.outcome() == Outcome::P;
                let user_wins = last_mover_wins == user_moved;
                vec![
                    "no moves left.".to_string(),
                    if user_wins {
                        "you win!".to_string()
                    } else {
                        "I win.".to_string()
                    },
                ]
            }
            Ok(_) => Vec::new(),
        }
    }

    fn computer_turn(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        let winning = self
            .position
            .winning_moves(1)
            .and_then(|(mut moves, _)| moves.pop());
        let (chosen, why) = match winning {
            Some(m) => (m, "a winning move: it leaves a P-position"),
            None => match self.options() {
                Ok(mut opts) if !opts.is_empty() => (
                    opts.swap_remove(0),
                    "no winning move exists here, so any move will do",
                ),
                Ok(_) => return self.check_end(true),
                Err(e) => {
                    self.finished = true;
                    return vec![e];
                }
            },
        };
        lines.push(format!(
            "I {} -> {} ({why})",
            chosen.label,
            chosen.next.describe()
        ));
        self.position = chosen.next;
        lines.extend(self.check_end(false));
        if !self.finished {
            lines.push(format!("your move from {}", self.position.describe()));
        }
        lines
    }

    fn list(&self, moves: &[Move]) -> Vec<String> {
        moves
            .iter()
            .take(LISTED)
            .enumerate()
            .map(|(i, m)| format!("  {}. {} -> {}", i + 1, m.label, m.next.describe()))
            .collect()
    }

    /// Handles one line typed by the user.
    pub fn handle(&mut self, line: &str) -> Reply {
        let input = normalise(line);
        if self.finished {
            return Reply {
                lines: vec!["the game is over".into()],
                finished: true,
            };
        }
        let reply = |lines: Vec<String>, finished: bool| Reply { lines, finished };
        let options = match self.options() {
            Ok(o) => o,
            Err(e) => {
                self.finished = true;
                return reply(vec![e], true);
            }
        };
        match input.as_str() {
            "" => return reply(vec![], false),
            "quit" | "exit" | "q" => {
                self.finished = true;
                return reply(vec!["bye".into()], true);
            }
            "help" | "?" => {
                return reply(
                    vec![
                        format!("rule: {}", rule_text(&self.game)),
                        "commands: the position you move to (e.g. the numbers after the game name), or a move number from `moves`; `moves`, `hint`, `quit`".into(),
                    ],
                    false,
                );
            }
            "moves" => {
                let mut lines = vec![format!(
                    "{} moves from {}{}",
                    options.len(),
                    self.position.describe(),
                    if options.len() > LISTED {
                        format!(" (first {LISTED} shown)")
                    } else {
                        String::new()
                    }
                )];
                lines.extend(self.list(&options));
                return reply(lines, false);
            }
            "hint" => {
                let lines = match self.position.winning_moves(LISTED) {
                    Some((moves, count)) if count > 0 => {
                        let mut l = vec![format!(
                            "{count} winning move(s) ({})",
                            self.position.reason()
                        )];
                        l.extend(self.list(&moves));
                        l
                    }
                    Some(_) => vec![format!(
                        "no winning move: every move leaves an N-position ({})",
                        self.position.reason()
                    )],
                    None => vec![format!("no hint available: {}", self.position.reason())],
                };
                return reply(lines, false);
            }
            _ => {}
        }
        // A position the user names wins over a move number (in one-heap
        // games "4" is the heap of 4).
        let named = options.iter().position(|m| names_of(m).contains(&input));
        let index = match (named, input.parse::<usize>()) {
            (Some(i), _) => Some(i),
            (None, Ok(k)) if k >= 1 && k <= options.len() => Some(k - 1),
            (None, Ok(_)) => {
                return reply(
                    vec![format!(
                        "'{input}' is neither a position reachable in one move nor a move number (there are {} moves, numbered 1 to {}; type `moves`)",
                        options.len(),
                        options.len()
                    )],
                    false,
                );
            }
            (None, Err(_)) => None,
        };
        let chosen = index.and_then(|i| options.into_iter().nth(i));
        let Some(chosen) = chosen else {
            return reply(vec![self.rejection(&input)], false);
        };
        let mut lines = vec![format!(
            "you {} -> {}",
            chosen.label,
            chosen.next.describe()
        )];
        self.position = chosen.next;
        lines.extend(self.check_end(true));
        if !self.finished {
            lines.extend(self.computer_turn());
        }
        reply(lines, self.finished)
    }

    /// Why `input` is not a legal move.
    fn rejection(&self, input: &str) -> String {
        let here = self.position.describe();
        let mut words: Vec<String> = input.split_whitespace().map(str::to_string).collect();
        if words.first().map(String::as_str) != Some(self.game.as_str()) {
            words.insert(0, self.game.clone());
            // Keep the current position's options (--max, --set, ...).
            if let Some((_, opts)) = here.split_once(" --") {
                if !input.contains("--") {
                    words.extend(format!("--{opts}").split_whitespace().map(str::to_string));
                }
            }
        }
        match parse_game(&words, &|_| {
            Err("files cannot be named while playing".into())
        }) {
            Err(e) if self.game != "sum" && self.game != "graph" => {
                format!("'{input}' is not a position: {e}")
            }
            _ => format!(
                "'{input}' cannot be reached from {here} in one move (rule: {}); type `moves` to list the legal moves",
                rule_text(&self.game)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(words: &str, computer_first: bool) -> (Session, Reply) {
        let w: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        Session::start(
            parse_game(&w, &|_| Err("no".into())).unwrap(),
            computer_first,
        )
    }

    #[test]
    fn computer_wins_from_an_n_position_whatever_the_user_does() {
        // Nim 1 2 4 is N; the computer moves first and must win against
        // every line of play the user chooses (always the first move here).
        let (mut s, r) = start("nim 1 2 4", true);
        assert!(r.lines.iter().any(|l| l.contains("a winning move")));
        assert_eq!(s.position().outcome(), Outcome::P);
        let mut last = r;
        while !s.finished() {
            last = s.handle("1");
        }
        assert_eq!(last.lines.last().unwrap(), "I win.");
    }

    #[test]
    fn user_can_win_by_following_hints() {
        let (mut s, _) = start("bash 10 --max 3", false);
        loop {
            let hint = s.handle("hint");
            let target = hint.lines[1].split_once("-> ").unwrap().1.to_string();
            let r = s.handle(&target);
            if r.finished {
                assert_eq!(r.lines.last().unwrap(), "you win!");
                break;
            }
        }
    }

    #[test]
    fn moves_by_position_and_rejections() {
        let (mut s, _) = start("nim 3 4 5", false);
        let r = s.handle("9 9 9");
        assert!(r.lines[0].contains("cannot be reached"), "{:?}", r.lines);
        let r = s.handle("nim x");
        assert!(r.lines[0].contains("not a position"), "{:?}", r.lines);
        let r = s.handle("0");
        assert!(r.lines[0].contains("numbered 1 to 12"), "{:?}", r.lines);
        let r = s.handle("1 4 5");
        assert!(
            r.lines[0].starts_with("you take 2 from pile 1"),
            "{:?}",
            r.lines
        );
        assert!(r.lines[1].starts_with("I "), "{:?}", r.lines);
        let (mut s, _) = start("bash 5 --max 2", false);
        let r = s.handle("4");
        assert!(r.lines[0].contains("you take 1"), "{:?}", r.lines);
    }

    #[test]
    fn misere_last_mover_loses() {
        let (mut s, _) = start("misere-nim 1", false);
        let r = s.handle("1");
        assert!(r.finished);
        assert_eq!(r.lines.last().unwrap(), "I win.");
    }
}
