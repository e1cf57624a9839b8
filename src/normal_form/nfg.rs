//! Gambit's normal-form file format (`.nfg`), read and write, for two
//! players. Both Gambit variants are read: the *payoff* version (a flat
//! list of payoffs) and the *outcome* version (a list of named outcomes and
//! one outcome number per strategy profile). Profiles are listed with the
//! first player's strategy changing fastest, as Gambit does
//! (<https://gambitproject.readthedocs.io/en/latest/formats.html>).
//! Strategies may be given by name or by count (then named 1, 2, ...).
//! Written files use the payoff version with exact fractions.
//!
//! Invariant: every error names the line and column of the offending token.

use crate::normal_form::game::Bimatrix;
use crate::normal_form::rational::Rational;

/// A malformed `.nfg` text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct NfgError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    Str(String),
    Word(String),
}

struct Token {
    tok: Tok,
    line: usize,
    column: usize,
}

fn tokenize(text: &str) -> Result<Vec<Token>, NfgError> {
    let mut out = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let (mut line, mut column) = (1, 1);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let (l0, c0) = (line, column);
        let step = |line: &mut usize, column: &mut usize, ch: char| {
            if ch == '\n' {
                *line += 1;
                *column = 1;
            } else {
                *column += 1;
            }
        };
        if c.is_whitespace() || c == ',' {
            step(&mut line, &mut column, c);
            i += 1;
        } else if c == '{' || c == '}' {
            out.push(Token {
                tok: if c == '{' { Tok::Open } else { Tok::Close },
                line: l0,
                column: c0,
            });
            step(&mut line, &mut column, c);
            i += 1;
        } else if c == '"' {
            step(&mut line, &mut column, c);
            i += 1;
            let mut s = String::new();
            loop {
                let Some(&ch) = chars.get(i) else {
                    return Err(NfgError {
                        line: l0,
                        column: c0,
                        message: "unterminated string (a \" is missing)".into(),
                    });
                };
                step(&mut line, &mut column, ch);
                i += 1;
                if ch == '\\' {
                    if let Some(&next) = chars.get(i) {
                        s.push(next);
                        step(&mut line, &mut column, next);
                        i += 1;
                    }
                } else if ch == '"' {
                    break;
                } else {
                    s.push(ch);
                }
            }
            out.push(Token {
                tok: Tok::Str(s),
                line: l0,
                column: c0,
            });
        } else {
            let mut w = String::new();
            while let Some(&ch) = chars.get(i) {
                if ch.is_whitespace() || matches!(ch, '{' | '}' | '"' | ',') {
                    break;
                }
                w.push(ch);
                step(&mut line, &mut column, ch);
                i += 1;
            }
            out.push(Token {
                tok: Tok::Word(w),
                line: l0,
                column: c0,
            });
        }
    }
    Ok(out)
}

struct Cursor {
    tokens: Vec<Token>,
    at: usize,
    end: (usize, usize),
}

impl Cursor {
    fn error(&self, message: impl Into<String>) -> NfgError {
        let (line, column) = self
            .tokens
            .get(self.at)
            .map_or(self.end, |t| (t.line, t.column));
        NfgError {
            line,
            column,
            message: message.into(),
        }
    }
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.at).map(|t| &t.tok)
    }
    fn next(&mut self, what: &str) -> Result<Tok, NfgError> {
        let t = self
            .tokens
            .get(self.at)
            .map(|t| t.tok.clone())
            .ok_or_else(|| self.error(format!("the file ends where {what} was expected")))?;
        self.at += 1;
        Ok(t)
    }
    fn expect(&mut self, tok: Tok, what: &str) -> Result<(), NfgError> {
        if self.peek() == Some(&tok) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected {what}")))
        }
    }
    fn strings(&mut self, what: &str) -> Result<Vec<String>, NfgError> {
        self.expect(Tok::Open, &format!("`{{` opening the {what}"))?;
        let mut out = Vec::new();
        loop {
            match self.next(what)? {
                Tok::Close => return Ok(out),
                Tok::Str(s) => out.push(s),
                _ => {
                    self.at -= 1;
                    return Err(self.error(format!("expected a quoted name in the {what}")));
                }
            }
        }
    }
    fn number(&mut self, what: &str) -> Result<Rational, NfgError> {
        match self.next(what)? {
            Tok::Word(w) => Rational::parse(&w).map_err(|e| {
                self.at -= 1;
                self.error(format!("{what}: {e}"))
            }),
            _ => {
                self.at -= 1;
                Err(self.error(format!("expected {what} (a number)")))
            }
        }
    }
}

/// Reads a two-player `.nfg` text.
pub fn read_nfg(text: &str) -> Result<Bimatrix, NfgError> {
    read_nfg_located(text).map(|(game, _)| game)
}

/// [`read_nfg`], with the 1-based (line, column) where the payoffs start
/// (the outcome list or the first payoff), for errors the payoffs cause
/// later (an exact analysis that overflows).
pub fn read_nfg_located(text: &str) -> Result<(Bimatrix, (usize, usize)), NfgError> {
    let tokens = tokenize(text)?;
    let lines = text.lines().count().max(1);
    let last = text.lines().last().map_or(1, |l| l.chars().count() + 1);
    let mut c = Cursor {
        tokens,
        at: 0,
        end: (lines, last),
    };
    if c.next("the header `NFG 1 R`")? != Tok::Word("NFG".into()) {
        c.at -= 1;
        return Err(c.error("not an .nfg file: it must start with `NFG 1 R`"));
    }
    if c.next("the version 1")? != Tok::Word("1".into()) {
        c.at -= 1;
        return Err(c.error("unsupported version: expected `1` after `NFG`"));
    }
    match c.next("`R` or `D`")? {
        Tok::Word(w) if w == "R" || w == "D" => {}
        _ => {
            c.at -= 1;
            return Err(c.error("expected `R` (rational) or `D` (decimal) after `NFG 1`"));
        }
    }
    let title = match c.next("the title")? {
        Tok::Str(s) => s,
        _ => {
            c.at -= 1;
            return Err(c.error("expected the game title in quotes"));
        }
    };
    let players = c.strings("list of players")?;
    if players.len() != 2 {
        c.at -= 1;
        return Err(c.error(format!(
            "this reader handles two-player games; the file has {} players",
            players.len()
        )));
    }
    c.expect(Tok::Open, "`{` opening the strategies")?;
    let mut strategies: Vec<Vec<String>> = Vec::new();
    loop {
        match c.peek() {
            Some(Tok::Close) => {
                c.at += 1;
                break;
            }
            Some(Tok::Open) => strategies.push(c.strings("strategy names")?),
            Some(Tok::Word(w)) => {
                let count: usize = w
                    .parse()
                    .ok()
                    .filter(|k| (1..=10_000).contains(k))
                    .ok_or_else(|| {
                        c.error(format!("`{w}` is not a strategy count (1 to 10000)"))
                    })?;
                c.at += 1;
                strategies.push((1..=count).map(|k| k.to_string()).collect());
            }
            _ => return Err(c.error("expected strategy names `{ \"a\" \"b\" }` or counts")),
        }
    }
    if strategies.len() != 2 {
        return Err(c.error(format!(
            "expected strategies for 2 players, found {}",
            strategies.len()
        )));
    }
    for (k, s) in strategies.iter().enumerate() {
        if s.is_empty() {
            return Err(c.error(format!("player {} has an empty strategy list", k + 1)));
        }
    }
    if let Some(Tok::Str(_)) = c.peek() {
        c.at += 1; // comment
    }
    let payoffs_at = c.tokens.get(c.at).map_or(c.end, |t| (t.line, t.column));
    let (m, n) = (strategies[0].len(), strategies[1].len());
    let mut a = vec![vec![Rational::ZERO; n]; m];
    let mut b = vec![vec![Rational::ZERO; n]; m];
    if c.peek() == Some(&Tok::Open) {
        // Outcome version.
        c.at += 1;
        let mut outcomes: Vec<[Rational; 2]> = Vec::new();
        loop {
            match c.next("an outcome `{ \"name\" u1 u2 }` or `}`")? {
                Tok::Close => break,
                Tok::Open => {
                    if let Some(Tok::Str(_)) = c.peek() {
                        c.at += 1;
                    }
                    let u1 = c.number("player 1's payoff in the outcome")?;
                    let u2 = c.number("player 2's payoff in the outcome")?;
                    c.expect(
                        Tok::Close,
                        "`}` closing the outcome (two payoffs per outcome)",
                    )?;
                    outcomes.push([u1, u2]);
                }
                _ => {
                    c.at -= 1;
                    return Err(c.error("expected an outcome `{ \"name\" u1 u2 }`"));
                }
            }
        }
        for j in 0..n {
            for i in 0..m {
                let k = c.number("an outcome number")?;
                let index = if k.denom() == 1 { k.numer() } else { -1 };
                if index == 0 {
                    continue; // outcome 0: all payoffs zero
                }
                if index < 1 || index as usize > outcomes.len() {
                    c.at -= 1;
                    return Err(c.error(format!(
                        "outcome number {k} does not exist (allowed: 0 to {})",
                        outcomes.len()
                    )));
                }
                let [u1, u2] = outcomes[index as usize - 1];
                a[i][j] = u1;
                b[i][j] = u2;
            }
        }
    } else {
        for j in 0..n {
            for i in 0..m {
                let what = format!(
                    "payoffs of profile ({}, {})",
                    strategies[0][i], strategies[1][j]
                );
                a[i][j] = c.number(&format!("player 1's {what}"))?;
                b[i][j] = c.number(&format!("player 2's {what}"))?;
            }
        }
    }
    if c.at < c.tokens.len() {
        return Err(c.error(format!(
            "unexpected extra text after the {} payoff entries of a {m}x{n} game",
            m * n
        )));
    }
    let [s0, s1]: [Vec<String>; 2] = [strategies[0].clone(), strategies[1].clone()];
    Bimatrix::new(
        title,
        [players[0].clone(), players[1].clone()],
        s0,
        s1,
        a,
        b,
    )
    .map(|game| (game, payoffs_at))
    .map_err(|e| NfgError {
        line: 1,
        column: 1,
        message: e.to_string(),
    })
}

fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Writes the payoff version of the `.nfg` format.
pub fn write_nfg(game: &Bimatrix) -> String {
    let names = |v: &[String]| v.iter().map(|s| quoted(s)).collect::<Vec<_>>().join(" ");
    let mut out = format!(
        "NFG 1 R {} {{ {} {} }} {{ {{ {} }} {{ {} }} }}\n\"\"\n\n",
        quoted(&game.title),
        quoted(&game.players[0]),
        quoted(&game.players[1]),
        names(&game.rows),
        names(&game.cols)
    );
    let mut cells = Vec::new();
    for j in 0..game.n() {
        for i in 0..game.m() {
            cells.push(format!("{} {}", game.a[i][j], game.b[i][j]));
        }
    }
    out.push_str(&cells.join(" "));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_versions_and_round_trips() {
        let payoff = "NFG 1 R \"PD\" { \"A\" \"B\" } { { \"C\" \"D\" } { \"c\" \"d\" } }\n\"\"\n3 3 5 0 0 5 1 1\n";
        let g = read_nfg(payoff).unwrap();
        assert_eq!(g.a[1][0], Rational::int(5)); // (D, c): row gets 5
        assert_eq!(g.b[0][1], Rational::int(5)); // (C, d): column gets 5
        let outcome = "NFG 1 R \"PD\" { \"A\" \"B\" } { 2 2 }\n{ { \"\" 3, 3 } { \"\" 5, 0 } { \"\" 0, 5 } { \"\" 1, 1 } }\n1 2 3 4\n";
        let h = read_nfg(outcome).unwrap();
        assert_eq!(h.a, g.a);
        assert_eq!(h.b, g.b);
        assert_eq!(h.rows, vec!["1", "2"]);
        let again = read_nfg(&write_nfg(&g)).unwrap();
        assert_eq!(again, g);
    }

    #[test]
    fn errors_name_the_place() {
        let e = read_nfg("NFG 1 R \"x\" { \"A\" \"B\" } { 2 2 }\n1 2 3 x 5 6 7 8").unwrap_err();
        assert_eq!((e.line, e.column), (2, 7));
        let e = read_nfg("NFG 1 R \"x\" { \"A\" \"B\" } { 2 2 }\n1 2 3").unwrap_err();
        assert!(e.message.contains("ends"), "{e}");
        assert!(read_nfg("hello").is_err());
        assert!(read_nfg("NFG 1 R \"x\" { \"A\" } { 2 }\n1 2").is_err());
    }

    #[test]
    fn the_payoffs_position_is_their_first_token() {
        let (_, at) =
            read_nfg_located("NFG 1 R \"x\" { \"A\" \"B\" } { 2 2 }\n\n  1 2 3 4 5 6 7 8").unwrap();
        assert_eq!(at, (3, 3));
        // The outcome version: the `{` opening the outcome list.
        let (_, at) = read_nfg_located(
            "NFG 1 R \"x\" { \"A\" \"B\" } { { \"a\" } { \"b\" } } \"comment\"\n{ { \"o\" 1 2 } }\n1",
        )
        .unwrap();
        assert_eq!(at, (2, 1));
    }
}
