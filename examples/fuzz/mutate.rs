//! The fuzzer's inputs: a small deterministic generator, structured
//! mutations of TOML trees (set, scale, delete, add, grow, nest, retype,
//! splice), damage to text, Gambit .nfg token mutations, deep or huge
//! strategy definitions and random command lines.

use toml::{Table, Value};

/// splitmix64: small, fast and reproducible from the seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

const INTEGERS: &[i64] = &[
    0,
    1,
    -1,
    2,
    3,
    7,
    10,
    64,
    100,
    255,
    256,
    1000,
    65_535,
    65_536,
    (1 << 31) - 1,
    1 << 31,
    1 << 32,
    1_000_000,
    1_000_000_000,
    1 << 53,
    i64::MAX,
    i64::MAX - 1,
    i64::MIN,
    -1_000_000,
];

const FLOATS: &[f64] = &[
    0.0,
    -0.0,
    0.5,
    1.0,
    -1.0,
    1e-300,
    1e300,
    f64::MAX,
    f64::MIN_POSITIVE,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    0.999_999_999,
    1.000_000_001,
    1e-9,
    2.5,
];

const STRINGS: &[&str] = &[
    "",
    "NaN",
    "nan",
    "inf",
    "-1",
    "0",
    "1e999",
    "x",
    "tit-for-tat",
    "defector",
    "random:p=2",
    "random:p=nan",
    "gtft:p=0.5,q=1",
    "../..",
    "/",
    "..",
    "🦀",
    "C",
    "D",
    "CD",
    "cd",
    "CCCCDDDDCD",
    "\u{0}",
    "fsm-tit-for-two-tats",
    "meta-hunter",
    "evolved-hmm-5",
    "games/prisoners-dilemma.nfg",
    "games/hawk-dove.toml",
    "prisoners-dilemma",
    "0.7777777777777777777777",
    "majority",
    "nim",
    "kayles",
    "dawson",
    "subtraction",
    "octal",
    "wythoff",
    "take-half",
    "lasker",
    "coloring",
    "end-nim",
    "misere-nim",
    "bash --max 3",
    "fibonacci-nim",
    "ruler",
    "mock-turtles",
    "turning-turtles",
    "all-or-even",
    "subtraction --set 1,2",
    "octal --code 0.07",
    "0.137",
    "1,2,3",
    "birth-death",
    "lattice",
    "all",
    "tournament",
    "moran",
    "ecological",
    "spatial",
    "fixation",
    "game",
    "guess",
    "impartial",
    "pigs",
    "pirates",
    "travelers",
    "transformed",
    "meta",
    "memory-one",
    "lookup",
    "fsm",
    "hmm",
    "cycle",
    "ann",
    "flip",
    "dual",
    "noise",
    "joss-ann",
    "initial",
    "final",
    "match.noise",
    "match.turns",
    "game.temptation",
    "moran.mutation",
    "0/4",
    "auto",
];

/// A value of an interesting shape: a boundary number, a special float, a
/// suspicious string, an empty container, a short list.
pub fn interesting(rng: &mut Rng) -> Value {
    match rng.below(7) {
        0 | 1 => Value::Integer(*rng.pick(INTEGERS)),
        2 => Value::Float(*rng.pick(FLOATS)),
        3 => {
            if rng.chance(0.05) {
                Value::String("a".repeat(*rng.pick(&[300, 10_000, 100_000])))
            } else {
                Value::String(rng.pick(STRINGS).to_string())
            }
        }
        4 => Value::Boolean(rng.chance(0.5)),
        5 => {
            let len = rng.below(5);
            Value::Array((0..len).map(|_| scalar(rng)).collect())
        }
        _ => Value::Table(Table::new()),
    }
}

fn scalar(rng: &mut Rng) -> Value {
    match rng.below(3) {
        0 => Value::Integer(*rng.pick(INTEGERS)),
        1 => Value::Float(*rng.pick(FLOATS)),
        _ => Value::String(rng.pick(STRINGS).to_string()),
    }
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn paths(value: &Value, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match value {
        Value::Table(table) => {
            for (key, child) in table {
                prefix.push(Step::Key(key.clone()));
                out.push(prefix.clone());
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            // Long arrays: a few of their elements are enough.
            for (i, child) in items.iter().enumerate().take(16) {
                prefix.push(Step::Index(i));
                out.push(prefix.clone());
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(root: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    let mut node = root;
    for step in path {
        node = match (step, node) {
            (Step::Key(k), Value::Table(t)) => t.get_mut(k)?,
            (Step::Index(i), Value::Array(a)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(node)
}

/// Every subtree of `value` (for splicing), at most `limit`.
pub fn subtrees(value: &Value, out: &mut Vec<Value>, limit: usize) {
    if out.len() >= limit {
        return;
    }
    out.push(value.clone());
    match value {
        Value::Table(t) => t.values().for_each(|v| subtrees(v, out, limit)),
        Value::Array(a) => a.iter().take(8).for_each(|v| subtrees(v, out, limit)),
        _ => {}
    }
}

/// Every key of `value`'s tables (the dictionary for added fields).
pub fn keys(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Table(t) => {
            for (k, v) in t {
                if !out.contains(k) {
                    out.push(k.clone());
                }
                keys(v, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|v| keys(v, out)),
        _ => {}
    }
}

/// What the mutator may borrow from: other files' subtrees and keys.
pub struct Dictionary {
    pub subtrees: Vec<Value>,
    pub keys: Vec<String>,
}

fn scale(rng: &mut Rng, value: &mut Value) {
    match value {
        Value::Integer(x) => {
            *x = match rng.below(8) {
                0 => x.saturating_mul(10),
                1 => x.saturating_mul(1000),
                2 => x.saturating_mul(1_000_000),
                3 => x.saturating_neg(),
                4 => x.saturating_add(1),
                5 => x.saturating_sub(1),
                6 => x.saturating_mul(*x),
                _ => 0,
            }
        }
        Value::Float(x) => {
            *x = match rng.below(6) {
                0 => *x * 1e6,
                1 => -*x,
                2 => *x / 1e6,
                3 => *x + f64::EPSILON,
                4 => 1.0 - *x,
                _ => f64::NAN,
            }
        }
        Value::String(s) => {
            *s = match rng.below(4) {
                0 => s.repeat(*rng.pick(&[2, 10, 100, 1000])),
                1 => s.chars().take(s.chars().count() / 2).collect(),
                2 => format!("{s}{}", rng.pick(&["x", "/", ".toml", ":p=1", " ", "\n"])),
                _ => s.to_uppercase(),
            }
        }
        Value::Array(items) if !items.is_empty() => match rng.below(4) {
            0 => {
                // Grow: repeat the elements, with a bound on tables (each is
                // a whole player or game).
                let factor = *rng.pick(&[2usize, 10, 100, 1000, 10_000]);
                let cap = if matches!(items[0], Value::Table(_)) {
                    2000
                } else {
                    100_000
                };
                let target = (items.len() * factor).min(cap);
                let mut grown = Vec::with_capacity(target);
                while grown.len() < target {
                    grown.push(items[grown.len() % items.len()].clone());
                }
                *items = grown;
            }
            1 => {
                let i = rng.below(items.len());
                items.remove(i);
            }
            2 => items.reverse(),
            _ => items.clear(),
        },
        Value::Boolean(b) => *b = !*b,
        _ => *value = interesting(rng),
    }
}

fn retype(rng: &mut Rng, value: &mut Value) {
    let new = match &*value {
        Value::Integer(x) => {
            if rng.chance(0.5) {
                Value::Float(*x as f64)
            } else {
                Value::String(x.to_string())
            }
        }
        Value::Float(x) => {
            if rng.chance(0.5) {
                Value::Integer(*x as i64)
            } else {
                Value::String(x.to_string())
            }
        }
        Value::String(s) => match s.parse::<i64>() {
            Ok(x) => Value::Integer(x),
            Err(_) => Value::Array(vec![Value::String(s.clone())]),
        },
        Value::Array(a) if !a.is_empty() => a[0].clone(),
        other => Value::Array(vec![other.clone()]),
    };
    *value = new;
}

fn nest(rng: &mut Rng, value: &mut Value) {
    let depth = *rng.pick(&[2usize, 10, 60, 200]);
    let mut inner = value.clone();
    let as_table = rng.chance(0.5);
    for _ in 0..depth {
        inner = if as_table {
            let mut t = Table::new();
            t.insert("kind".into(), Value::String("transformed".into()));
            t.insert("strategy".into(), inner);
            Value::Table(t)
        } else {
            Value::Array(vec![inner])
        };
    }
    *value = inner;
}

/// Applies one to four structured mutations to `doc`.
pub fn mutate(rng: &mut Rng, doc: &mut Value, dictionary: &Dictionary) -> Vec<String> {
    let mut done = Vec::new();
    for _ in 0..1 + rng.below(4) {
        let mut all = Vec::new();
        paths(doc, &mut Vec::new(), &mut all);
        if all.is_empty() {
            break;
        }
        let path = rng.pick(&all).clone();
        let op = rng.below(10);
        let shown = format!("{path:?}");
        match op {
            0 | 1 => {
                if let Some(node) = at(doc, &path) {
                    *node = interesting(rng);
                    done.push(format!("set {shown}"));
                }
            }
            2 | 3 => {
                if let Some(node) = at(doc, &path) {
                    scale(rng, node);
                    done.push(format!("scale {shown}"));
                }
            }
            4 => {
                let (parent, last) = path.split_at(path.len() - 1);
                if let Some(node) = at(doc, parent) {
                    match (node, &last[0]) {
                        (Value::Table(t), Step::Key(k)) => {
                            t.remove(k);
                        }
                        (Value::Array(a), Step::Index(i)) if *i < a.len() => {
                            a.remove(*i);
                        }
                        _ => {}
                    }
                    done.push(format!("delete {shown}"));
                }
            }
            5 => {
                // Add a field (known from some file, or unknown) to a table.
                let (parent, _) = path.split_at(path.len() - 1);
                let key = if rng.chance(0.9) {
                    rng.pick(&dictionary.keys).clone()
                } else {
                    "fuzz_unknown".to_string()
                };
                let value = if rng.chance(0.5) && !dictionary.subtrees.is_empty() {
                    rng.pick(&dictionary.subtrees).clone()
                } else {
                    interesting(rng)
                };
                if let Some(Value::Table(t)) = at(doc, parent) {
                    t.insert(key.clone(), value);
                    done.push(format!("add {key} under {parent:?}"));
                } else if let Value::Table(t) = doc {
                    t.insert(key.clone(), value);
                    done.push(format!("add {key}"));
                }
            }
            6 => {
                if let Some(node) = at(doc, &path) {
                    retype(rng, node);
                    done.push(format!("retype {shown}"));
                }
            }
            7 => {
                if let Some(node) = at(doc, &path) {
                    nest(rng, node);
                    done.push(format!("nest {shown}"));
                }
            }
            _ => {
                if !dictionary.subtrees.is_empty() {
                    let donor = rng.pick(&dictionary.subtrees).clone();
                    if let Some(node) = at(doc, &path) {
                        *node = donor;
                        done.push(format!("splice {shown}"));
                    }
                }
            }
        }
    }
    done
}

const FRAGMENTS: &[&str] = &[
    "[",
    "]",
    "=",
    "\"",
    "'",
    "\n[x]\n",
    "{",
    "}",
    "\u{feff}",
    "\r\n",
    "\n[[players]]\n",
    "#",
    "\\u0000",
    "= 1e99999",
    "= -0",
    "\n\n\n",
    "é",
];

/// Damages text: inserted fragments, deleted ranges, duplicated lines,
/// truncation, or a deeply nested value.
pub fn damage_text(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let position = |rng: &mut Rng, len: usize| rng.below(len + 1);
    match rng.below(6) {
        0 => {
            let at = position(rng, bytes.len());
            let fragment = rng.pick(FRAGMENTS).as_bytes().to_vec();
            bytes.splice(at..at, fragment);
        }
        1 => {
            let start = position(rng, bytes.len());
            let end = (start + rng.below(40)).min(bytes.len());
            bytes.drain(start..end);
        }
        2 => {
            let lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let i = rng.below(lines.len());
                let copies = *rng.pick(&[1usize, 10, 1000]);
                let mut out: Vec<&str> = lines[..=i].to_vec();
                out.extend(std::iter::repeat_n(lines[i], copies));
                out.extend(&lines[i + 1..]);
                return out.join("\n");
            }
        }
        3 => {
            let at = position(rng, bytes.len());
            bytes.truncate(at);
        }
        4 => {
            let depth = *rng.pick(&[100usize, 1000, 10_000, 200_000]);
            let (open, close) = if rng.chance(0.5) {
                ("[", "]")
            } else {
                ("{a=", "}")
            };
            let line = format!(
                "\nfuzz_deep = {}1{}\n",
                open.repeat(depth),
                close.repeat(depth)
            );
            bytes.extend_from_slice(line.as_bytes());
        }
        _ => {
            let at = position(rng, bytes.len());
            if at < bytes.len() {
                bytes[at] = rng.next() as u8;
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Mutates the whitespace-separated tokens of a Gambit .nfg file.
pub fn mutate_nfg(rng: &mut Rng, text: &str) -> String {
    let mut tokens: Vec<String> = text.split_whitespace().map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        if tokens.is_empty() {
            break;
        }
        let i = rng.below(tokens.len());
        match rng.below(7) {
            0 => {
                tokens[i] = rng
                    .pick(&[
                        "0",
                        "-1",
                        "99999999999999999999999999999999999999999",
                        "1/0",
                        "0/0",
                        "1e308",
                        "-1e309",
                        "nan",
                        "3/4",
                        "1.5e-300",
                        "{",
                        "}",
                        "\"\"",
                        "\"",
                        "170141183460469231731687303715884105727",
                        "-170141183460469231731687303715884105728",
                        "1000",
                        "40",
                    ])
                    .to_string()
            }
            1 => {
                tokens.remove(i);
            }
            2 => {
                let t = tokens[i].clone();
                tokens.insert(i, t);
            }
            3 => {
                let n = *rng.pick(&[10usize, 1000]);
                let t = tokens[i].clone();
                for _ in 0..n {
                    tokens.insert(i, t.clone());
                }
            }
            4 => tokens[i] = format!("{}{}", tokens[i], rng.pick(&["0", "00000000", "/7", "."])),
            5 => tokens.truncate(i),
            _ => {
                let j = rng.below(tokens.len());
                tokens.swap(i, j);
            }
        }
    }
    tokens.join(" ")
}

/// A deep or huge strategy definition: returns (files, the name the
/// scenario's second player uses).
pub fn deep_definition(rng: &mut Rng) -> (Vec<(String, String)>, String) {
    let mut files = Vec::new();
    match rng.below(4) {
        0 => {
            // A chain of files, each transforming the next.
            let n = *rng.pick(&[20usize, 200, 1000, 3000]);
            for i in 0..n {
                let inner = if i + 1 == n {
                    "tit-for-tat".to_string()
                } else {
                    format!("./chain-{}.toml", i + 1)
                };
                files.push((
                    format!("chain-{i}.toml"),
                    format!(
                        "kind = \"transformed\"\nname = \"C{i}\"\nstrategy = \"{inner}\"\n[[transformers]]\nkind = \"flip\"\n"
                    ),
                ));
            }
            (files, "./chain-0.toml".into())
        }
        1 => {
            // One file with many transformers.
            let n = *rng.pick(&[100usize, 5000, 30_000]);
            let mut text = String::from(
                "kind = \"transformed\"\nname = \"Many\"\nstrategy = \"tit-for-tat\"\n",
            );
            for _ in 0..n {
                let kind = rng.pick(&["flip", "dual", "noise", "initial", "final", "joss-ann"]);
                let extra = match *kind {
                    "noise" => "p = 0.1\n",
                    "initial" | "final" => "moves = \"D\"\n",
                    "joss-ann" => "p = 0.1\nq = 0.1\n",
                    _ => "",
                };
                text.push_str(&format!("[[transformers]]\nkind = \"{kind}\"\n{extra}"));
            }
            files.push(("many.toml".into(), text));
            (files, "./many.toml".into())
        }
        2 => {
            // Meta players nested inside meta players, each in its own file.
            let n = *rng.pick(&[10usize, 100, 1000]);
            for i in 0..n {
                let inner = if i + 1 == n {
                    "\"tit-for-tat\"".to_string()
                } else {
                    format!("\"./meta-{}.toml\", \"grudger\"", i + 1)
                };
                files.push((
                    format!("meta-{i}.toml"),
                    format!(
                        "kind = \"meta\"\nname = \"M{i}\"\nrule = \"majority\"\nteam = [{inner}]\n"
                    ),
                ));
            }
            (files, "./meta-0.toml".into())
        }
        _ => {
            // Inline definitions nested in one file.
            let n = *rng.pick(&[50usize, 500, 5000]);
            let mut text = String::from("\"tit-for-tat\"");
            for _ in 0..n {
                text = format!(
                    "{{ kind = \"transformed\", name = \"I\", strategy = {text}, transformers = [{{ kind = \"flip\" }}] }}"
                );
            }
            files.push((
                "inline.toml".into(),
                format!("kind = \"transformed\"\nname = \"Inline\"\nstrategy = {text}\ntransformers = []\n"),
            ));
            (files, "./inline.toml".into())
        }
    }
}

const SUBCOMMANDS: &[&str] = &[
    "new",
    "merge",
    "frobnicate",
    "run",
    "match",
    "strategies",
    "pirates",
    "guess",
    "game",
    "pigs",
    "travelers",
    "solve",
    "play",
    "help",
];

const WORDS: &[&str] = &[
    "--help",
    "--json",
    "--quiet",
    "--seed",
    "--threads",
    "--turns",
    "--noise",
    "--out",
    "--table",
    "--set",
    "--code",
    "--lambda-step",
    "--bonus",
    "--players",
    "--no-limit",
    "--shard",
    "--shards",
    "--max",
    "--write-nfg",
    "0/2",
    "1/2",
    "2/2",
    "auto",
    "1e9",
    "18446744073709551615",
    "0.7777777777777777777777",
    "1,1000000",
    "--repetitions",
    "-p",
    "-n",
    "--",
    "-",
    "=",
    "tit-for-tat",
    "defector",
    "random:p=0.5",
    "nim",
    "kayles",
    "wythoff",
    "subtraction",
    "octal",
    "dawson",
    "prisoners-dilemma",
    "stag-hunt",
    "1,2,3",
    "0.07",
    "4.0.7",
    "3,4",
    "2..100",
    "1..0",
];

/// A random command line (without the program name).
pub fn command_line(rng: &mut Rng, known: &[String]) -> Vec<String> {
    let mut args = vec![rng.pick(SUBCOMMANDS).to_string()];
    for _ in 0..rng.below(7) {
        let arg = match rng.below(5) {
            0 | 1 => rng.pick(WORDS).to_string(),
            2 => rng.pick(INTEGERS).to_string(),
            3 if !known.is_empty() => rng.pick(known).clone(),
            _ => rng.pick(STRINGS).to_string(),
        };
        args.push(arg);
    }
    // Keep inputs small: numbers that would make the command run for hours
    // are the work limits' business, found by the scenario mutations.
    // Nothing outside the case folder: `--write-nfg /dev/...` would replace a device.
    // No NUL either: a command line cannot carry it.
    args.retain(|a| {
        !a.contains('\n') && !a.contains('\0') && !a.starts_with('/') && !a.contains("..")
    });
    args
}

/// Copies one top-level entry of another document into `doc` (a `[sweep]`
/// into a moran or ecological scenario, `[shards]` into a kind that cannot
/// be sharded, another kind's `[moran]` or `[lattice]`), or adds a
/// `[shards]` or `[limits]` table of its own. Returns what it did.
pub fn graft(rng: &mut Rng, doc: &mut Value, donors: &[(String, Value)]) -> Option<String> {
    let Value::Table(table) = doc else {
        return None;
    };
    match rng.below(10) {
        0 => {
            let count = *rng.pick(&[0i64, 1, 2, 3, 4, 7, 64, 1_000_000, -1]);
            let mut shards = Table::new();
            shards.insert("count".into(), Value::Integer(count));
            table.insert("shards".into(), Value::Table(shards));
            Some(format!("graft [shards] count = {count}"))
        }
        1 => {
            // `none = true` lifts the work limits: rare, since it admits
            // inputs that legitimately run for hours.
            let none = rng.chance(0.2);
            let mut limits = Table::new();
            limits.insert("none".into(), Value::Boolean(none));
            if rng.chance(0.3) {
                limits.insert("fuzz_unknown".into(), interesting(rng));
            }
            table.insert("limits".into(), Value::Table(limits));
            Some(format!("graft [limits] none = {none}"))
        }
        _ => {
            let (name, donor) = rng.pick(donors);
            let Value::Table(donor) = donor else {
                return None;
            };
            // Prefer the tables that make a kind special.
            let keys: Vec<&String> = donor.keys().filter(|k| *k != "name").collect();
            let preferred: Vec<&String> = keys
                .iter()
                .copied()
                .filter(|k| {
                    matches!(
                        k.as_str(),
                        "sweep" | "shards" | "moran" | "ecological" | "lattice" | "qre" | "game"
                    )
                })
                .collect();
            let key = if !preferred.is_empty() && rng.chance(0.7) {
                (*rng.pick(&preferred)).clone()
            } else if !keys.is_empty() {
                (*rng.pick(&keys)).clone()
            } else {
                return None;
            };
            table.insert(key.clone(), donor[&key].clone());
            Some(format!("graft {key} from {name}"))
        }
    }
}

/// A random payoff-form Gambit .nfg game: 1 to 4 players, 1 to 6
/// strategies each (sometimes many more), payoffs small, fractional, huge
/// or special.
pub fn random_nfg(rng: &mut Rng) -> String {
    let players = 1 + rng.below(4).min(rng.below(4));
    let counts: Vec<usize> = (0..players)
        .map(|_| {
            if rng.chance(0.05) {
                *rng.pick(&[20usize, 40, 100])
            } else {
                1 + rng.below(6)
            }
        })
        .collect();
    let cells: usize = counts.iter().product::<usize>().min(200_000);
    let names: Vec<String> = (0..players).map(|p| format!("\"P{p}\"")).collect();
    let strategies: Vec<String> = counts
        .iter()
        .map(|&c| {
            let s: Vec<String> = (0..c).map(|i| format!("\"s{i}\"")).collect();
            format!("{{ {} }}", s.join(" "))
        })
        .collect();
    let mut text = format!(
        "NFG 1 R \"fuzz\" {{ {} }}\n{{ {} }}\n\"\"\n\n",
        names.join(" "),
        strategies.join(" ")
    );
    let style = rng.below(4);
    let mut payoffs = Vec::with_capacity(cells * players);
    for _ in 0..cells * players {
        payoffs.push(match style {
            0 => (rng.below(11) as i64 - 5).to_string(),
            1 => format!("{}/{}", rng.below(20) as i64 - 10, 1 + rng.below(9)),
            2 => format!("{}.{}", rng.below(100), rng.below(1000)),
            _ => match rng.below(5) {
                0 => "170141183460469231731687303715884105727".into(),
                1 => format!("{}", rng.pick(INTEGERS)),
                2 => "1e300".into(),
                3 => "-0".into(),
                _ => format!("{}", rng.below(3)),
            },
        });
    }
    text.push_str(&payoffs.join(" "));
    text.push('\n');
    text
}

/// One subcommand of the command line as clap describes it: its name, its
/// long options, the values its options take (possible values) and
/// whether an option takes a value.
pub struct Subcommand {
    pub name: String,
    pub longs: Vec<(String, bool)>,
    pub values: Vec<String>,
}

/// A command line for one real subcommand: mostly its own options, with
/// values that fit (numbers, fractions, ranges, names, possible values)
/// and sometimes words that do not.
pub fn subcommand_line(rng: &mut Rng, sub: &Subcommand) -> Vec<String> {
    let mut args = vec![sub.name.clone()];
    let value = |rng: &mut Rng| -> String {
        match rng.below(6) {
            0 if !sub.values.is_empty() => rng.pick(&sub.values).clone(),
            0 | 1 => rng.below(200).to_string(),
            2 => rng.pick(INTEGERS).to_string(),
            3 => rng.pick(WORDS).to_string(),
            4 => rng.pick(STRINGS).to_string(),
            _ => format!("{}", rng.pick(FLOATS)),
        }
    };
    // A positional argument or two (a game, a strategy, a preset, N).
    for _ in 0..rng.below(3) {
        args.push(value(rng));
    }
    for _ in 0..rng.below(5) {
        if sub.longs.is_empty() {
            break;
        }
        let (long, takes) = rng.pick(&sub.longs).clone();
        // `--no-limit` admits hours of legitimate work: rare.
        if long == "--no-limit" && !rng.chance(0.05) {
            continue;
        }
        args.push(long);
        if takes || rng.chance(0.05) {
            args.push(value(rng));
        }
    }
    args.retain(|a| {
        !a.contains('\n') && !a.contains('\0') && !a.starts_with('/') && !a.contains("..")
    });
    args
}

/// A gentle mutation that keeps most files valid, so that they run: one to
/// three numbers scaled within their type (doubled, times 10 to 1000,
/// halved, nudged, set to 0 or 1) or a list grown by repeating its
/// elements. This is what explores the work model: big but legal sizes.
pub fn stretch(rng: &mut Rng, doc: &mut Value) -> Vec<String> {
    let mut done = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let mut all = Vec::new();
        paths(doc, &mut Vec::new(), &mut all);
        all.retain(|p| {
            matches!(
                at(doc, p).map(|v| &*v),
                Some(Value::Integer(_) | Value::Float(_) | Value::Array(_))
            )
        });
        if all.is_empty() {
            break;
        }
        let path = rng.pick(&all).clone();
        let shown = format!("{path:?}");
        let Some(node) = at(doc, &path) else { continue };
        match node {
            Value::Integer(x) => {
                *x = match rng.below(9) {
                    0 => x.saturating_mul(2),
                    1 => x.saturating_mul(10),
                    2 => x.saturating_mul(100),
                    3 => x.saturating_mul(1000),
                    4 => *x / 2,
                    5 => x.saturating_add(1),
                    6 => x.saturating_sub(1),
                    7 => 0,
                    _ => 1,
                };
                done.push(format!("stretch {shown} to {x}"));
            }
            Value::Float(x) => {
                *x = match rng.below(8) {
                    0 => *x * 2.0,
                    1 => *x * 10.0,
                    2 => *x / 2.0,
                    3 => *x / 1000.0,
                    4 => 0.0,
                    5 => 1.0,
                    6 => 1.0 - *x,
                    _ => *x + 1e-9,
                };
                done.push(format!("stretch {shown} to {x}"));
            }
            Value::Array(items) if !items.is_empty() => {
                let factor = *rng.pick(&[2usize, 3, 5, 10, 50]);
                let cap = if matches!(items[0], Value::Table(_)) {
                    600
                } else {
                    20_000
                };
                let target = (items.len() * factor).min(cap).max(items.len());
                let mut grown = Vec::with_capacity(target);
                while grown.len() < target {
                    grown.push(items[grown.len() % items.len()].clone());
                }
                *items = grown;
                done.push(format!("grow {shown} to {target}"));
            }
            _ => {}
        }
    }
    done
}
