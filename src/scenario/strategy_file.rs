//! Strategy files: TOML definitions of strategies (memory-one, lookup, fsm,
//! hmm, cycle, ann, transformed, meta), found by name or path, read into the validated
//! [`Definition`]s of `ipd::strategies::defined`, and written back inline
//! so a resolved scenario reproduces a run without the file.
//!
//! How a strategy reference is resolved (scenario players, the `strategy`
//! of a transformed definition, `dilemma match`):
//! 1. an inline table is a definition (it has a `kind`);
//! 2. a built-in id, alias or display name (optionally with parameters in
//!    the `id:key=value,...` form inside strategy files) is the catalogue
//!    strategy, and a shipped strategy file's id or display name (the
//!    files of `strategies/axelrod/` embedded in the binary, see
//!    `ipd::strategies::defined::shipped`) is that file: both win over
//!    files on disk of the same name (no name is both, tested);
//! 3. text ending in `.toml` or containing `/` is a path: relative paths
//!    are tried against the folder of the file that names it, then the
//!    current directory;
//! 4. any other text is a strategy name, looked up as `NAME.toml` in, in
//!    order: the `strategies/` folder next to the naming file, the
//!    `strategies/` folder of that folder's parent (so `scenarios/x.toml`
//!    finds the repository's top-level `strategies/`), and `strategies/`
//!    under the current directory.
//!
//! Files may name other files (a transformed strategy, a meta player's team
//! members); a loop is an error, so a meta file can never contain itself,
//! directly or through other files. A meta team given as a `group` is
//! resolved here from the catalogue (built-ins with default parameters,
//! then the shipped files, meta players left out). Every mistake is a
//! [`ScenarioError`] naming the file, line, column and field.

mod ann;
mod attention;

use crate::ipd::action::Action;
use crate::ipd::strategies::catalogue::{Origin, find};
use crate::ipd::strategies::defined::cycle::Cycle;
use crate::ipd::strategies::defined::fsm::{Fsm, StateSpec};
use crate::ipd::strategies::defined::hmm::{Hmm, MATRICES};
use crate::ipd::strategies::defined::lookup::{LookupTable, Response};
use crate::ipd::strategies::defined::memory_one::{MemoryOneDef, OUTCOMES};
use crate::ipd::strategies::defined::meta::{Decay, GROUPS, Group, Meta, MetaRule, RULES};
use crate::ipd::strategies::defined::shipped::{SHIPPED, ShippedFile, find_shipped};
use crate::ipd::strategies::defined::transformer::{TRANSFORMERS, Transformed, Transformer};
use crate::ipd::strategies::defined::{
    Body, Definition, DefinitionError, KINDS, Place, moves_text, parse_moves,
};
use crate::ipd::strategies::{CATALOGUE, Player, PlayerSpec};
use crate::scenario::error::{ScenarioError, Source};
use crate::scenario::reader::{
    TableReader, finite_number, parse_document, parse_float, parse_integer,
};
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use toml::Spanned;
use toml::de::DeValue;

/// How deeply strategy definitions may nest: a strategy transforming, or
/// teaming up with, a strategy that is itself defined, and so on, through
/// files naming files or inline tables. Reading and playing recurse once
/// per level, so the bound keeps both far from the stack's end (tested with
/// chains of thousands of files and inline tables).
pub const MAX_NESTING: usize = 32;

/// How many strategy definitions one reference may read in all. Each file is
/// read once (then shared), but inline tables are read per mention, so teams
/// that repeat inline definitions at every level multiply: 2 mentions over
/// 32 levels would be 2^32 reads. Real teams (axelrod's largest, the whole
/// catalogue) read a few hundred.
pub const MAX_DEFINITIONS: usize = 20_000;

/// Files being read, innermost last, to refuse loops; the files read
/// completely so far, so that a file named by many others (or a chain of
/// files that transform one another, listed by `dilemma strategies`) is read
/// once: reading N such files is linear, not quadratic; the nesting depth of
/// the definition being read (bounded by [`MAX_NESTING`]) and the number of
/// definitions read so far (bounded by [`MAX_DEFINITIONS`]).
#[derive(Default, Debug)]
pub struct Chain {
    files: Vec<PathBuf>,
    /// Each file read, with the levels of nesting it holds (itself included)
    /// and the definitions its tree holds (each mention counted).
    read: HashMap<PathBuf, (Arc<Definition>, usize, usize)>,
    depth: usize,
    /// The deepest level reached so far.
    deepest: usize,
    definitions: usize,
}

/// The folder relative references in `source` are resolved against.
pub fn base_of(source: &Source) -> PathBuf {
    match source.path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A player for a `strategy` value that is not a plain catalogue id: an
/// inline table definition, a strategy name or a path. `Ok(None)` means the
/// value is a string naming a built-in strategy (the caller builds it with
/// its parameters).
pub fn defined_player(
    source: &Source,
    field: &str,
    value: &Spanned<DeValue<'_>>,
    chain: &mut Chain,
) -> Result<Option<Player>, ScenarioError> {
    match value.get_ref() {
        DeValue::String(text) if find(text).is_some() => Ok(None),
        DeValue::String(_) | DeValue::Table(_) => {
            player_from_value(source, field, value, chain).map(Some)
        }
        _ => Ok(None),
    }
}

/// A player from a strategy reference written in a file: a string (a
/// built-in id with optional `:key=value,...` parameters, a strategy name
/// or a path) or an inline table definition.
pub fn player_from_value(
    source: &Source,
    field: &str,
    value: &Spanned<DeValue<'_>>,
    chain: &mut Chain,
) -> Result<Player, ScenarioError> {
    let at = value.span().start;
    match value.get_ref() {
        DeValue::String(text) => {
            let base = base_of(source);
            resolve_text(text, &base, chain)
                .map_err(|e| e.at(|message| source.invalid(at, field, message)))
        }
        DeValue::Table(table) => {
            let mut reader = TableReader::new(source, field, table, value.span());
            let definition = read_definition(&mut reader, chain)?;
            reader.finish()?;
            Ok(Arc::new(definition).player("inline"))
        }
        _ => Err(source.invalid(
            at,
            field,
            "expected a strategy id, a strategy file name or path, or an inline table with `kind`",
        )),
    }
}

/// Why a reference could not be resolved: a message about the reference
/// itself, or a mistake inside the file it names.
#[derive(Debug)]
pub enum ReferenceError {
    /// Belongs at the reference (unknown name, missing file, loop).
    Here(String),
    /// A mistake in a strategy file.
    InFile(ScenarioError),
}

impl ReferenceError {
    /// The error, placing `Here` messages with `at`.
    pub fn at(self, at: impl FnOnce(String) -> ScenarioError) -> ScenarioError {
        match self {
            ReferenceError::Here(message) => at(message),
            ReferenceError::InFile(error) => error,
        }
    }

    /// The error as one line of text.
    pub fn text(self, what: &str) -> String {
        match self {
            ReferenceError::Here(message) => format!("{what}: {message}"),
            ReferenceError::InFile(error) => error.to_string(),
        }
    }
}

/// Resolves a reference given as text; `base` is the folder of the file
/// that names it (the current directory on the command line).
pub fn resolve_text(text: &str, base: &Path, chain: &mut Chain) -> Result<Player, ReferenceError> {
    let (id, params) = text.split_once(':').unwrap_or((text, ""));
    if find(id).is_some() {
        let mut spec = PlayerSpec::new(id);
        for pair in params.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| {
                ReferenceError::Here(format!(
                    "`{text}`: parameters are written id:key=value,key=value, got `{pair}`"
                ))
            })?;
            let value: f64 = value.trim().parse().map_err(|_| {
                ReferenceError::Here(format!(
                    "`{text}`: parameter `{}` must be a number, got `{value}`",
                    key.trim()
                ))
            })?;
            spec.params.push((key.trim().to_string(), value));
        }
        return spec
            .build()
            .map_err(|e| ReferenceError::Here(e.to_string()));
    }
    if let Some(file) = find_shipped(text) {
        return shipped_player(file, chain);
    }
    if let Some(file) = find_shipped(id) {
        return Err(ReferenceError::Here(format!(
            "`{text}`: `{}` is a strategy file; it takes no parameters",
            file.id
        )));
    }
    let candidates = search_paths(text, base);
    let Some(path) = candidates.iter().find(|p| p.is_file()) else {
        let shown: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
        let message = if is_path(text) {
            format!(
                "strategy file `{text}` not found; looked for: {}",
                shown.join(", ")
            )
        } else {
            let unknown = PlayerSpec::new(text)
                .build()
                .err()
                .map(|e| e.to_string())
                .unwrap_or_else(|| format!("unknown strategy `{text}`"));
            format!(
                "{unknown}; no strategy file `{text}.toml` either (looked for: {}; a path ending \
                 in .toml loads a file from elsewhere)",
                shown.join(", ")
            )
        };
        return Err(ReferenceError::Here(message));
    };
    load_file(path, text, chain)
}

/// True when a reference is a path rather than a name.
fn is_path(text: &str) -> bool {
    text.ends_with(".toml") || text.contains('/') || text.contains('\\')
}

/// Where a reference may be, in the order tried (duplicates removed).
pub fn search_paths(text: &str, base: &Path) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    if is_path(text) {
        let path = Path::new(text);
        if path.is_absolute() {
            paths.push(path.to_path_buf());
        } else {
            paths.push(base.join(path));
            paths.push(path.to_path_buf());
        }
    } else {
        let file = format!("{text}.toml");
        paths.push(base.join("strategies").join(&file));
        paths.push(base.join("..").join("strategies").join(&file));
        paths.push(Path::new("strategies").join(&file));
    }
    let mut unique: Vec<PathBuf> = Vec::new();
    for path in paths.into_iter().map(|p| tidy(&p)) {
        if !unique.contains(&path) {
            unique.push(path);
        }
    }
    unique
}

/// Removes `.` components and `dir/..` pairs, without touching the disk.
fn tidy(path: &Path) -> PathBuf {
    let mut parts: Vec<Component<'_>> = Vec::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    if parts.is_empty() {
        PathBuf::from(".")
    } else {
        parts.iter().collect()
    }
}

/// A shipped strategy file (embedded in the binary), read like any other;
/// the player's id is the file's id.
pub fn shipped_player(file: &ShippedFile, chain: &mut Chain) -> Result<Player, ReferenceError> {
    let source = Source {
        path: PathBuf::from(file.path),
        text: file.text.to_string(),
    };
    load_source(source, PathBuf::from(file.path), file.id, chain)
}

/// Reads one strategy file; `reference` is how it was named.
fn load_file(path: &Path, reference: &str, chain: &mut Chain) -> Result<Player, ReferenceError> {
    let identity = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    if let Some((definition, levels, size)) = chain.read.get(&identity) {
        // A file read once is shared, but its levels still count where it is
        // used again, so nesting stays bounded however files are combined.
        if chain.depth + levels > MAX_NESTING {
            return Err(ReferenceError::Here(format!(
                "strategy definitions nest too deeply: {} holds {levels} levels of strategies \
                 built on defined strategies and is used at level {}; at most {MAX_NESTING} \
                 levels are allowed",
                path.display(),
                chain.depth + 1
            )));
        }
        // Its tree is played once per mention: count it again.
        chain.definitions += size;
        if chain.definitions > MAX_DEFINITIONS {
            return Err(ReferenceError::Here(too_many_definitions()));
        }
        return Ok(definition.clone().player(reference));
    }
    let source = Source::read(path).map_err(ReferenceError::InFile)?;
    let outer_deepest = chain.deepest;
    chain.deepest = chain.depth;
    let before = chain.definitions;
    let loaded = load_source(source, identity.clone(), reference, chain);
    let levels = chain.deepest - chain.depth;
    let size = chain.definitions - before;
    chain.deepest = chain.deepest.max(outer_deepest);
    let player = loaded?;
    if let Origin::Defined { definition, .. } = &player.origin {
        chain
            .read
            .insert(identity, (definition.clone(), levels, size));
    }
    Ok(player)
}

/// Reads a strategy file's text; `identity` tells files apart in `chain`.
fn load_source(
    source: Source,
    identity: PathBuf,
    reference: &str,
    chain: &mut Chain,
) -> Result<Player, ReferenceError> {
    if let Some(first) = chain.files.iter().position(|f| *f == identity) {
        let mut names: Vec<String> = chain.files[first..]
            .iter()
            .map(|f| f.display().to_string())
            .collect();
        names.push(identity.display().to_string());
        return Err(ReferenceError::Here(format!(
            "strategy files refer to each other in a loop: {}",
            names.join(" -> ")
        )));
    }
    chain.files.push(identity);
    let result = (|| {
        let document = parse_document(&source)?;
        let mut top = TableReader::new(&source, "", document.get_ref(), document.span());
        let definition = read_definition(&mut top, chain)?;
        top.finish()?;
        Ok(definition)
    })();
    chain.files.pop();
    let definition: Definition = result.map_err(ReferenceError::InFile)?;
    Ok(Arc::new(definition).player(reference))
}

/// The refusal for a player built from more than [`MAX_DEFINITIONS`]
/// definitions.
fn too_many_definitions() -> String {
    format!(
        "more than {MAX_DEFINITIONS} strategy definitions in one player (each mention of a \
         defined strategy counts with everything it is built from: a team naming the same \
         defined strategy several times at each level multiplies); name it fewer times"
    )
}

/// Reads a definition from a table (a whole file or an inline table).
pub fn read_definition(
    reader: &mut TableReader<'_>,
    chain: &mut Chain,
) -> Result<Definition, ScenarioError> {
    if chain.depth >= MAX_NESTING {
        let first = chain
            .files
            .first()
            .map(|f| format!(" (the chain starts at {})", f.display()))
            .unwrap_or_default();
        return Err(reader.error(
            reader.span().start,
            "kind",
            format!(
                "strategy definitions nest too deeply: this one is level {} of strategies built \
                 on defined strategies (files naming files, or inline tables){first}; at most \
                 {MAX_NESTING} levels are allowed",
                chain.depth + 1
            ),
        ));
    }
    chain.definitions += 1;
    if chain.definitions > MAX_DEFINITIONS {
        return Err(reader.error(reader.span().start, "kind", too_many_definitions()));
    }
    chain.depth += 1;
    chain.deepest = chain.deepest.max(chain.depth);
    let result = read_definition_body(reader, chain);
    chain.depth -= 1;
    result
}

fn read_definition_body(
    reader: &mut TableReader<'_>,
    chain: &mut Chain,
) -> Result<Definition, ScenarioError> {
    let start = reader.span().start;
    let kind = reader.string("kind")?.ok_or_else(|| {
        reader.error(
            start,
            "kind",
            format!(
                "missing; a strategy definition says its kind (allowed: {})",
                KINDS.join(", ")
            ),
        )
    })?;
    let name = reader.string("name")?.ok_or_else(|| {
        reader.error(
            start,
            "name",
            "missing; a strategy definition needs a display name, e.g. name = \"My Strategy\"",
        )
    })?;
    if name.value.trim().is_empty() {
        return Err(reader.error(name.span.start, "name", "the display name is empty"));
    }
    let description = reader.string("description")?.map(|d| d.value);
    let source = reader.string("source")?.map(|d| d.value);
    let mut spans = Spans::new();
    let declared = read_declared_depth(reader, &mut spans)?;
    let body = match kind.value.as_str() {
        "memory-one" => read_memory_one(reader, &mut spans),
        "lookup" => read_lookup(reader, &mut spans),
        "fsm" => read_fsm(reader, &mut spans),
        "hmm" => read_hmm(reader, &mut spans),
        "cycle" => read_cycle(reader, &mut spans),
        "ann" => ann::read_ann(reader, &mut spans),
        "attention" => attention::read_attention(reader, &mut spans),
        "transformed" => read_transformed(reader, &mut spans, chain),
        "meta" => read_meta(reader, &mut spans, chain),
        other => {
            return Err(reader.error(
                kind.span.start,
                "kind",
                format!(
                    "unknown kind `{other}` of strategy definition (allowed: {})",
                    KINDS.join(", ")
                ),
            ));
        }
    };
    let body = match body? {
        Ok(body) => body,
        Err(error) => return Err(place_error(reader, &spans, error)),
    };
    let mut definition = Definition::new(name.value, description, body);
    definition.source = source;
    if let Body::Meta(meta) = &mut definition.body
        && let Some(slow) = reader.boolean("long_run_time")?
    {
        meta.declared_long_run_time = Some(slow.value);
    }
    if let Some(depth) = declared {
        definition
            .declare_memory_depth(depth)
            .map_err(|error| place_error(reader, &spans, error))?;
    }
    Ok(definition)
}

/// The optional `memory_depth`: a whole number of turns or "inf"
/// (`Some(None)`); checked against the computed depth by the caller.
fn read_declared_depth(
    reader: &mut TableReader<'_>,
    spans: &mut Spans,
) -> Result<Option<Option<u32>>, ScenarioError> {
    let Some(value) = reader.value("memory_depth") else {
        return Ok(None);
    };
    record(
        spans,
        &Place::Field("memory_depth"),
        value.span(),
        "memory_depth",
    );
    let wrong = |reader: &TableReader<'_>| {
        reader.error(
            value.span().start,
            "memory_depth",
            "expected a whole number of turns (0, 1, 2, ...) or \"inf\"",
        )
    };
    match value.get_ref() {
        DeValue::String(text) if text == "inf" => Ok(Some(None)),
        DeValue::Integer(_) => match reader.integer("memory_depth")? {
            Some(n) if (0..=i64::from(u32::MAX)).contains(&n.value) => {
                Ok(Some(Some(n.value as u32)))
            }
            _ => Err(wrong(reader)),
        },
        _ => Err(wrong(reader)),
    }
}

/// Reading gives either a reader error (wrong type, missing field) or a
/// validation error from the core (mapped to a span afterwards).
type Read = Result<Result<Body, DefinitionError>, ScenarioError>;

/// The key under which a place's span is recorded, and its field name.
fn place_key(place: &Place) -> (String, String) {
    match place {
        Place::Field(f) => (f.to_string(), f.to_string()),
        Place::FieldChar(f, i) => (format!("{f}#{i}"), f.to_string()),
        Place::FieldItem(f, i) => (format!("{f}[{i}]"), format!("{f}[{i}]")),
        Place::TableKey(i) => (format!("table.key#{i}"), format!("table#{i}")),
        Place::TableValue(i) => (format!("table.value#{i}"), format!("table#{i}")),
        Place::Table => ("table".into(), "table".into()),
        Place::State(i) => (format!("state#{i}"), format!("state#{i}")),
        Place::TransitionNext(i, a) => {
            (format!("state#{i}.{a}.next"), format!("state#{i}.{a}.next"))
        }
        Place::Transformer(i, f) => (
            format!("transformers#{i}.{f}"),
            format!("transformers[{i}].{f}"),
        ),
        Place::TransformerChar(i, f, c) => (
            format!("transformers#{i}.{f}#{c}"),
            format!("transformers[{i}].{f}"),
        ),
        Place::Item(f, i) => (format!("{f}[{i}]"), format!("{f}[{i}]")),
        Place::Cell(f, r, c) => (format!("{f}[{r}][{c}]"), format!("{f}[{r}][{c}]")),
    }
}

fn place_error(reader: &TableReader<'_>, spans: &Spans, error: DefinitionError) -> ScenarioError {
    let (key, default_field) = place_key(&error.place);
    match spans.get(&key) {
        Some((span, field)) => reader.error(span.start, field, error.message),
        None => reader.error(reader.span().start, &default_field, error.message),
    }
}

/// Where each place of a definition was read: span and field name.
type Spans = HashMap<String, (Range<usize>, String)>;

/// Records the span of a place and the field name to report for it.
fn record(spans: &mut Spans, place: &Place, span: Range<usize>, field: &str) {
    spans.insert(place_key(place).0, (span, field.to_string()));
}

fn required_number(
    reader: &mut TableReader<'_>,
    key: &str,
    what: &str,
) -> Result<crate::scenario::reader::At<f64>, ScenarioError> {
    let start = reader.span().start;
    reader
        .number(key)?
        .ok_or_else(|| reader.error(start, key, format!("missing; {what}")))
}

fn read_memory_one(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let mut vector = [0.0; 4];
    for (slot, outcome) in vector.iter_mut().zip(OUTCOMES) {
        let value = required_number(
            reader,
            outcome,
            &format!(
                "a memory-one strategy gives the probability of C after {outcome} \
                 (and after each of CC, CD, DC, DD, own move first) and `first`"
            ),
        )?;
        record(spans, &Place::Field(outcome), value.span.clone(), outcome);
        *slot = value.value;
    }
    let first = required_number(reader, "first", "the probability of C on the first move")?;
    record(spans, &Place::Field("first"), first.span.clone(), "first");
    Ok(MemoryOneDef::new(vector, first.value).map(Body::MemoryOne))
}

fn read_depth(
    reader: &mut TableReader<'_>,
    key: &str,
    required: bool,
) -> Result<u32, ScenarioError> {
    let start = reader.span().start;
    match reader.integer(key)? {
        Some(n) if (0..=16).contains(&n.value) => Ok(n.value as u32),
        Some(n) => Err(reader.error(
            n.span.start,
            key,
            format!("must be a whole number from 0 to 16, got {}", n.value),
        )),
        None if required => Err(reader.error(
            start,
            key,
            "missing; a lookup table says how many moves its keys hold: own (own last moves), \
             opponent (opponent's last moves) and optionally opponent_first (opponent's first moves)",
        )),
        None => Ok(0),
    }
}

fn read_lookup(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    if let Some(value) = reader.value("own") {
        record(spans, &Place::Field("own"), value.span(), "own");
    }
    let own = read_depth(reader, "own", true)?;
    let opponent = read_depth(reader, "opponent", true)?;
    let opponent_first = read_depth(reader, "opponent_first", false)?;
    let depth = own.max(opponent).max(opponent_first);
    let initial = match reader.string("initial")? {
        Some(text) => {
            record(
                spans,
                &Place::Field("initial"),
                text.span.clone(),
                "initial",
            );
            for (i, (offset, _)) in text.value.char_indices().enumerate() {
                let at = text.span.start + 1 + offset;
                record(
                    spans,
                    &Place::FieldChar("initial", i),
                    at..at + 1,
                    "initial",
                );
            }
            match parse_moves(&text.value, |i| Place::FieldChar("initial", i), "initial") {
                Ok(moves) => moves,
                Err(e) => return Ok(Err(e)),
            }
        }
        None => vec![Action::C; depth as usize],
    };
    let Some(table) = reader.value("table") else {
        return Err(reader.error(
            start,
            "table",
            "missing; a lookup strategy needs a [table] of key = move entries",
        ));
    };
    let DeValue::Table(entries_table) = table.get_ref() else {
        return Err(reader.error(
            table.span().start,
            "table",
            "expected a table of key = move entries",
        ));
    };
    record(spans, &Place::Table, table.span(), "table");
    // The entries are read straight from the parsed table, in file order: a
    // keyed lookup per entry was linear, so a 16-letter table (65 536 keys)
    // took minutes. Every key is used, so none can be unknown.
    let mut keyed: Vec<_> = entries_table.iter().collect();
    keyed.sort_by_key(|(k, _)| k.span().start);
    let mut entries = Vec::with_capacity(keyed.len());
    for (i, (key, value)) in keyed.into_iter().enumerate() {
        let key_text = key.get_ref().to_string();
        let field = format!("table.\"{key_text}\"");
        record(spans, &Place::TableKey(i), key.span(), &field);
        record(spans, &Place::TableValue(i), value.span(), &field);
        let response = match value.get_ref() {
            DeValue::String(s) if s == "C" => Response::Move(Action::C),
            DeValue::String(s) if s == "D" => Response::Move(Action::D),
            DeValue::Integer(_) | DeValue::Float(_) => match finite_number(value.get_ref()) {
                Some(number) => Response::Probability(number),
                None => {
                    return Err(reader.source().invalid(
                        value.span().start,
                        &reader.field(&field),
                        "expected a finite number",
                    ));
                }
            },
            _ => {
                return Err(reader.source().invalid(
                    value.span().start,
                    &reader.field(&field),
                    format!(
                        "the value of key `{key_text}` must be \"C\", \"D\" or the probability of C \
                         (a number from 0 to 1)"
                    ),
                ));
            }
        };
        entries.push((key_text, response));
    }
    Ok(LookupTable::new(own, opponent, opponent_first, initial, &entries).map(Body::Lookup))
}

fn read_move(
    reader: &mut TableReader<'_>,
    key: &str,
    default: Option<Action>,
) -> Result<Action, ScenarioError> {
    let start = reader.span().start;
    match reader.string(key)? {
        Some(text) if text.value == "C" => Ok(Action::C),
        Some(text) if text.value == "D" => Ok(Action::D),
        Some(text) => Err(reader.error(
            text.span.start,
            key,
            format!("expected the move \"C\" or \"D\", got \"{}\"", text.value),
        )),
        None => {
            default.ok_or_else(|| reader.error(start, key, "missing; give the move \"C\" or \"D\""))
        }
    }
}

fn read_fsm(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    let start_state = reader.string("start")?.ok_or_else(|| {
        reader.error(
            start,
            "start",
            "missing; name the state the machine starts in",
        )
    })?;
    record(
        spans,
        &Place::Field("start"),
        start_state.span.clone(),
        "start",
    );
    let first = read_move(reader, "first", Some(Action::C))?;
    let Some(mut states) = reader.table("states")? else {
        return Err(reader.error(
            start,
            "states",
            "missing; a state machine needs [states.NAME] tables with C and D transitions",
        ));
    };
    record(spans, &Place::Field("states"), states.span(), "states");
    let mut specs = Vec::new();
    for (i, key) in states.keys().into_iter().enumerate() {
        let state_field = format!("states.{}", key.value);
        record(spans, &Place::State(i), key.span.clone(), &state_field);
        let Some(mut state) = states.table(&key.value)? else {
            continue;
        };
        let mut on = [None, None];
        for input in [Action::C, Action::D] {
            let letter = input.letter().to_string();
            let Some(transition) = state.value(&letter) else {
                continue;
            };
            let DeValue::Table(t) = transition.get_ref() else {
                return Err(state.error(
                    transition.span().start,
                    &letter,
                    format!(
                        "expected a table {{ next = \"STATE\", play = \"C\" or \"D\" }} for the \
                         opponent's {letter}"
                    ),
                ));
            };
            let mut t =
                TableReader::new(reader.source(), &state.field(&letter), t, transition.span());
            let next = t.string("next")?.ok_or_else(|| {
                t.error(
                    transition.span().start,
                    "next",
                    "missing; name the state to go to",
                )
            })?;
            let play = read_move(&mut t, "play", None)?;
            t.finish()?;
            let next_field = format!("{state_field}.{letter}.next");
            record(
                spans,
                &Place::TransitionNext(i, input),
                next.span.clone(),
                &next_field,
            );
            on[input.bit() as usize] = Some((next.value, play));
        }
        state.finish()?;
        specs.push(StateSpec {
            name: key.value.clone(),
            on,
        });
    }
    states.finish()?;
    Ok(Fsm::new(&specs, &start_state.value, first).map(Body::Fsm))
}

/// A number inside an array (integer or float, finite), or the error.
fn array_number(
    reader: &TableReader<'_>,
    field: &str,
    value: &Spanned<DeValue<'_>>,
    what: &str,
) -> Result<f64, ScenarioError> {
    let number = match value.get_ref() {
        DeValue::Integer(i) => parse_integer(i).map(|n| n as f64),
        DeValue::Float(f) => parse_float(f),
        _ => None,
    };
    number.filter(|n| n.is_finite()).ok_or_else(|| {
        reader.error(
            value.span().start,
            field,
            format!("expected a number ({what})"),
        )
    })
}

/// A required array field, or the error naming the expected shape.
fn required_array<'a>(
    reader: &mut TableReader<'a>,
    key: &'static str,
    shape: &str,
    spans: &mut Spans,
) -> Result<&'a [Spanned<DeValue<'a>>], ScenarioError> {
    let start = reader.span().start;
    let list = reader
        .array(key)?
        .ok_or_else(|| reader.error(start, key, format!("missing; give {shape}")))?;
    record(spans, &Place::Field(key), list.span.clone(), key);
    Ok(list.value)
}

fn read_hmm(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    let emissions_list = required_array(
        reader,
        "emissions",
        "the probability of C emitted in each hidden state, e.g. emissions = [1, 0, 0.5]",
        spans,
    )?;
    let mut emissions = Vec::with_capacity(emissions_list.len());
    for (i, item) in emissions_list.iter().enumerate() {
        let field = format!("emissions[{i}]");
        record(spans, &Place::Item("emissions", i), item.span(), &field);
        emissions.push(array_number(
            reader,
            &field,
            item,
            "the probability of C emitted in this state",
        )?);
    }
    let n = emissions.len();
    let mut transitions: [Vec<Vec<f64>>; 2] = [Vec::new(), Vec::new()];
    for (matrix, key) in transitions.iter_mut().zip(MATRICES) {
        let opponent = &key[key.len() - 1..];
        let shape = format!(
            "the {n} x {n} matrix of transitions after the opponent's {opponent}: one row per              state, each the probabilities of the next state, e.g. {key} = [[1, 0], [0.5, 0.5]]"
        );
        let rows = required_array(reader, key, &shape, spans)?;
        for (r, row) in rows.iter().enumerate() {
            let field = format!("{key}[{r}]");
            record(spans, &Place::Item(key, r), row.span(), &field);
            let DeValue::Array(items) = row.get_ref() else {
                return Err(reader.error(
                    row.span().start,
                    &field,
                    format!("expected a row (an array of {n} probabilities); {key} is {shape}"),
                ));
            };
            let mut values = Vec::with_capacity(items.len());
            for (c, item) in items.iter().enumerate() {
                let field = format!("{key}[{r}][{c}]");
                record(spans, &Place::Cell(key, r, c), item.span(), &field);
                values.push(array_number(
                    reader,
                    &field,
                    item,
                    "the probability of moving to this state",
                )?);
            }
            matrix.push(values);
        }
    }
    let state = match reader.integer("start")? {
        Some(s) => {
            record(spans, &Place::Field("start"), s.span.clone(), "start");
            usize::try_from(s.value).map_err(|_| {
                reader.error(
                    s.span.start,
                    "start",
                    format!("expected a state number from 0 to {}", n.saturating_sub(1)),
                )
            })?
        }
        None => {
            return Err(reader.error(
                start,
                "start",
                "missing; give the number of the hidden state the model starts in (states are                  numbered from 0 in the order of `emissions`)",
            ));
        }
    };
    let first = read_move(reader, "first", Some(Action::C))?;
    Ok(Hmm::new(transitions, emissions, state, first).map(Body::Hmm))
}

fn read_cycle(reader: &mut TableReader<'_>, spans: &mut Spans) -> Read {
    let start = reader.span().start;
    let text = reader.string("cycle")?.ok_or_else(|| {
        reader.error(
            start,
            "cycle",
            "missing; give the moves of one cycle, e.g. cycle = \"CCD\"",
        )
    })?;
    record(spans, &Place::Field("cycle"), text.span.clone(), "cycle");
    for (i, (offset, _)) in text.value.char_indices().enumerate() {
        let at = text.span.start + 1 + offset;
        record(spans, &Place::FieldChar("cycle", i), at..at + 1, "cycle");
    }
    Ok(Cycle::parse(&text.value).map(Body::Cycle))
}

fn transformer_number(
    t: &mut TableReader<'_>,
    spans: &mut Spans,
    i: usize,
    key: &'static str,
    what: &str,
) -> Result<f64, ScenarioError> {
    let value = required_number(t, key, what)?;
    record(
        spans,
        &Place::Transformer(i, key),
        value.span.clone(),
        &format!("transformers[{i}].{key}"),
    );
    Ok(value.value)
}

fn read_transformed(reader: &mut TableReader<'_>, spans: &mut Spans, chain: &mut Chain) -> Read {
    let start = reader.span().start;
    let Some(strategy) = reader.value("strategy") else {
        return Err(reader.error(
            start,
            "strategy",
            "missing; name the strategy to transform: a built-in id (with parameters as \
             \"random:p=0.3\"), a strategy file name or path, or an inline table",
        ));
    };
    let inner = player_from_value(reader.source(), &reader.field("strategy"), strategy, chain)?;
    let Some(list) = reader.array("transformers")? else {
        return Err(reader.error(
            start,
            "transformers",
            format!(
                "missing; give [[transformers]] entries with a kind (allowed: {})",
                TRANSFORMERS.join(", ")
            ),
        ));
    };
    record(
        spans,
        &Place::Field("transformers"),
        list.span.clone(),
        "transformers",
    );
    let mut transformers = Vec::new();
    for (i, item) in list.value.iter().enumerate() {
        let field = reader.field(&format!("transformers[{i}]"));
        let DeValue::Table(table) = item.get_ref() else {
            return Err(reader.source().invalid(
                item.span().start,
                &field,
                "expected a table with `kind` and the transformer's parameters",
            ));
        };
        let mut t = TableReader::new(reader.source(), &field, table, item.span());
        let kind = t.string("kind")?.ok_or_else(|| {
            t.error(
                item.span().start,
                "kind",
                format!("missing; allowed: {}", TRANSFORMERS.join(", ")),
            )
        })?;
        let transformer = match kind.value.as_str() {
            "noise" => {
                let p = transformer_number(
                    &mut t,
                    spans,
                    i,
                    "p",
                    "the probability of flipping the move",
                )?;
                Transformer::noise(p, i)
            }
            "flip" => Ok(Transformer::Flip),
            "dual" => Ok(Transformer::Dual),
            "joss-ann" => {
                let p = transformer_number(&mut t, spans, i, "p", "the probability of C")?;
                let q = transformer_number(&mut t, spans, i, "q", "the probability of D")?;
                Transformer::joss_ann(p, q, i)
            }
            "initial" | "final" => {
                let moves = t.string("moves")?.ok_or_else(|| {
                    t.error(
                        item.span().start,
                        "moves",
                        "missing; give the moves, e.g. moves = \"DD\"",
                    )
                })?;
                for (c, (offset, _)) in moves.value.char_indices().enumerate() {
                    let at = moves.span.start + 1 + offset;
                    record(
                        spans,
                        &Place::TransformerChar(i, "moves", c),
                        at..at + 1,
                        &format!("transformers[{i}].moves"),
                    );
                }
                parse_moves(
                    &moves.value,
                    |c| Place::TransformerChar(i, "moves", c),
                    &format!("{} moves", kind.value),
                )
                .map(|m| {
                    if kind.value == "initial" {
                        Transformer::Initial(m)
                    } else {
                        Transformer::Final(m)
                    }
                })
            }
            other => {
                return Err(t.error(
                    kind.span.start,
                    "kind",
                    format!(
                        "unknown transformer `{other}` (allowed: {})",
                        TRANSFORMERS.join(", ")
                    ),
                ));
            }
        };
        t.finish()?;
        match transformer {
            Ok(t) => transformers.push(t),
            Err(e) => return Ok(Err(e)),
        }
    }
    Ok(Transformed::new(inner, transformers).map(Body::Transformed))
}

/// The members of a named group: every catalogue strategy with its default
/// parameters, then every shipped file, in catalogue order, meta players
/// left out (as axelrod's `MetaPlayer` removes them from any team), kept
/// when the group admits them.
fn group_members(group: Group, chain: &mut Chain) -> Result<Vec<Player>, ReferenceError> {
    let mut members = Vec::new();
    for info in CATALOGUE.iter() {
        let player = PlayerSpec::new(info.id)
            .build()
            .map_err(|e| ReferenceError::Here(e.to_string()))?;
        if group.admits(&player) {
            members.push(player);
        }
    }
    for file in SHIPPED.iter().filter(|f| f.kind != "meta") {
        let player = shipped_player(file, chain)?;
        if group.admits(&player) {
            members.push(player);
        }
    }
    Ok(members)
}

fn read_meta(reader: &mut TableReader<'_>, spans: &mut Spans, chain: &mut Chain) -> Read {
    let start = reader.span().start;
    let rule_text = reader.string("rule")?.ok_or_else(|| {
        reader.error(
            start,
            "rule",
            format!(
                "missing; say how the team's moves become one (allowed: {})",
                RULES.join(", ")
            ),
        )
    })?;
    record(spans, &Place::Field("rule"), rule_text.span.clone(), "rule");
    let group_text = reader.string("group")?;
    let team_list = reader.array("team")?;
    let (team, group) = match (team_list, group_text) {
        (Some(list), None) => {
            record(spans, &Place::Field("team"), list.span.clone(), "team");
            let mut team = Vec::with_capacity(list.value.len());
            for (i, item) in list.value.iter().enumerate() {
                let field = reader.field(&format!("team[{i}]"));
                team.push(player_from_value(reader.source(), &field, item, chain)?);
            }
            (team, None)
        }
        (None, Some(name)) => {
            record(spans, &Place::Field("team"), name.span.clone(), "group");
            let Some(group) = Group::parse(&name.value) else {
                return Err(reader.error(
                    name.span.start,
                    "group",
                    format!(
                        "unknown group `{}` (allowed: {})",
                        name.value,
                        GROUPS.join(", ")
                    ),
                ));
            };
            let members = group_members(group, chain)
                .map_err(|e| e.at(|message| reader.error(name.span.start, "group", message)))?;
            (members, Some(group))
        }
        (Some(list), Some(_)) => {
            return Err(reader.error(
                list.span.start,
                "team",
                "give either `team` (a list of strategies) or `group` (a named group), not both",
            ));
        }
        (None, None) if rule_text.value == "memory-decay" => {
            // axelrod's default start strategy.
            let tft = PlayerSpec::new("tit-for-tat")
                .build()
                .map_err(|e| reader.error(start, "team", e.to_string()))?;
            (vec![tft], None)
        }
        (None, None) => {
            return Err(reader.error(
                start,
                "team",
                format!(
                    "missing; give `team` (a list of strategy ids, file names or inline tables) \
                     or `group` (one of: {})",
                    GROUPS.join(", ")
                ),
            ));
        }
    };
    let rule = match rule_text.value.as_str() {
        "majority" => MetaRule::Majority,
        "minority" => MetaRule::Minority,
        "winner" => MetaRule::Winner,
        "winner-ensemble" => MetaRule::WinnerEnsemble,
        "nice-winner" => MetaRule::NiceWinner,
        "nice-winner-ensemble" => MetaRule::NiceWinnerEnsemble,
        "hunter" => MetaRule::Hunter,
        "mixer" => {
            let weights = match reader.array("distribution")? {
                None => None,
                Some(list) => {
                    record(
                        spans,
                        &Place::Field("distribution"),
                        list.span.clone(),
                        "distribution",
                    );
                    let mut weights = Vec::with_capacity(list.value.len());
                    for item in list.value {
                        let weight = match item.get_ref() {
                            DeValue::Integer(i) => parse_integer(i).map(|n| n as f64),
                            DeValue::Float(f) => parse_float(f),
                            _ => None,
                        };
                        match weight {
                            Some(w) => weights.push(w),
                            None => {
                                return Err(reader.error(
                                    item.span().start,
                                    "distribution",
                                    "expected a list of weights (finite numbers), one per team \
                                     member",
                                ));
                            }
                        }
                    }
                    Some(weights)
                }
            };
            MetaRule::Mixer(weights)
        }
        "memory-decay" => {
            let mut number = |key: &'static str, default: f64| -> Result<f64, ScenarioError> {
                Ok(match reader.number(key)? {
                    Some(v) => {
                        record(spans, &Place::Field(key), v.span.clone(), key);
                        v.value
                    }
                    None => default,
                })
            };
            let p_delete = number("p_delete", 0.1)?;
            let p_alter = number("p_alter", 0.03)?;
            let loss = number("loss", -2.0)?;
            let gain = number("gain", 1.0)?;
            let duration = reader.count("duration", 0)?.map_or(15, |d| d.value);
            let memory = match reader.string("memory")? {
                None => Vec::new(),
                Some(text) => {
                    for (i, (offset, _)) in text.value.char_indices().enumerate() {
                        let at = text.span.start + 1 + offset;
                        record(spans, &Place::FieldChar("memory", i), at..at + 1, "memory");
                    }
                    match parse_moves(&text.value, |i| Place::FieldChar("memory", i), "memory") {
                        Ok(moves) => moves,
                        Err(e) => return Ok(Err(e)),
                    }
                }
            };
            MetaRule::MemoryDecay(Decay {
                p_delete,
                p_alter,
                loss,
                gain,
                duration,
                memory,
            })
        }
        other => {
            return Err(reader.error(
                rule_text.span.start,
                "rule",
                format!("unknown rule `{other}` (allowed: {})", RULES.join(", ")),
            ));
        }
    };
    Ok(Meta::new(team, group, rule).map(|m| Body::Meta(Box::new(m))))
}

/// A player's `strategy` as TOML: the whole definition inline for a
/// defined player, `None` for a built-in.
pub fn defined_toml(player: &Player) -> Option<toml::Table> {
    match &player.origin {
        Origin::Defined { definition, .. } => Some(definition_toml(definition)),
        Origin::Builtin(_) => None,
    }
}

/// A player as a resolved TOML table: `strategy` with the parameters beside
/// it for a built-in, `strategy` as an inline definition for a defined one.
pub fn player_toml(player: &Player) -> toml::Table {
    let mut t = toml::Table::new();
    match &player.origin {
        Origin::Defined { definition, .. } => {
            t.insert(
                "strategy".into(),
                toml::Value::Table(definition_toml(definition)),
            );
        }
        Origin::Builtin(info) => {
            t.insert("strategy".into(), toml::Value::String(info.id.into()));
            for (spec, value) in info.params.iter().zip(&player.params) {
                t.insert(spec.name.into(), toml::Value::Float(*value));
            }
        }
    }
    t
}

/// A built-in player as `id` or `id:key=value,...`.
fn builtin_text(player: &Player) -> String {
    let Origin::Builtin(info) = player.origin else {
        return player.id().to_string();
    };
    let params: Vec<String> = info
        .params
        .iter()
        .zip(&player.params)
        .map(|(spec, value)| format!("{}={value}", spec.name))
        .collect();
    if params.is_empty() {
        info.id.to_string()
    } else {
        format!("{}:{}", info.id, params.join(","))
    }
}

/// A team member as written back: a built-in as `id` or `id:key=value`, a
/// shipped file by its id, any other definition inline.
fn member_value(player: &Player) -> toml::Value {
    match &player.origin {
        Origin::Defined {
            reference,
            definition,
        } => match find_shipped(reference) {
            Some(file) if file.id == reference => toml::Value::String(reference.clone()),
            _ => toml::Value::Table(definition_toml(definition)),
        },
        Origin::Builtin(_) => toml::Value::String(builtin_text(player)),
    }
}

/// The fields of a meta definition.
fn meta_toml(meta: &Meta, t: &mut toml::Table) {
    use toml::Value;
    t.insert("rule".into(), Value::String(meta.rule.name().into()));
    match meta.group {
        Some(group) => {
            t.insert("group".into(), Value::String(group.name().into()));
        }
        None => {
            let team = meta.team.iter().map(member_value).collect();
            t.insert("team".into(), Value::Array(team));
        }
    }
    if let Some(slow) = meta.declared_long_run_time {
        t.insert("long_run_time".into(), Value::Boolean(slow));
    }
    match &meta.rule {
        MetaRule::Mixer(Some(weights)) => {
            let list = weights.iter().map(|w| Value::Float(*w)).collect();
            t.insert("distribution".into(), Value::Array(list));
        }
        MetaRule::MemoryDecay(decay) => {
            t.insert("p_delete".into(), Value::Float(decay.p_delete));
            t.insert("p_alter".into(), Value::Float(decay.p_alter));
            t.insert("loss".into(), Value::Float(decay.loss));
            t.insert("gain".into(), Value::Float(decay.gain));
            t.insert("duration".into(), Value::Integer(decay.duration.into()));
            if !decay.memory.is_empty() {
                t.insert("memory".into(), Value::String(moves_text(&decay.memory)));
            }
        }
        _ => {}
    }
}

/// A definition as an inline TOML table that reads back to the same one.
pub fn definition_toml(definition: &Definition) -> toml::Table {
    use toml::Value;
    let mut t = toml::Table::new();
    t.insert("kind".into(), Value::String(definition.kind().into()));
    t.insert("name".into(), Value::String(definition.name.clone()));
    if let Some(d) = &definition.description {
        t.insert("description".into(), Value::String(d.clone()));
    }
    if let Some(source) = &definition.source {
        t.insert("source".into(), Value::String(source.clone()));
    }
    if let Some(depth) = definition.declared_memory_depth {
        let value = depth.map_or_else(|| Value::String("inf".into()), |d| Value::Integer(d.into()));
        t.insert("memory_depth".into(), value);
    }
    match &definition.body {
        Body::MemoryOne(m) => {
            for (outcome, p) in OUTCOMES.iter().zip(m.vector) {
                t.insert(outcome.to_string(), Value::Float(p));
            }
            t.insert("first".into(), Value::Float(m.first));
        }
        Body::Lookup(table) => {
            t.insert("own".into(), Value::Integer(table.own.into()));
            t.insert("opponent".into(), Value::Integer(table.opponent.into()));
            t.insert(
                "opponent_first".into(),
                Value::Integer(table.opponent_first.into()),
            );
            t.insert("initial".into(), Value::String(moves_text(&table.initial)));
            let mut entries = toml::Table::new();
            for (key, response) in table.entries() {
                let value = match response {
                    Response::Move(a) => Value::String(a.letter().to_string()),
                    Response::Probability(p) => Value::Float(p),
                };
                entries.insert(key, value);
            }
            t.insert("table".into(), Value::Table(entries));
        }
        Body::Fsm(machine) => {
            t.insert(
                "start".into(),
                Value::String(machine.states[machine.start].clone()),
            );
            t.insert(
                "first".into(),
                Value::String(machine.first.letter().to_string()),
            );
            let mut states = toml::Table::new();
            for (name, transitions) in machine.states.iter().zip(&machine.transitions) {
                let mut state = toml::Table::new();
                for (input, (next, play)) in [Action::C, Action::D].iter().zip(transitions) {
                    let mut transition = toml::Table::new();
                    transition.insert("next".into(), Value::String(machine.states[*next].clone()));
                    transition.insert("play".into(), Value::String(play.letter().to_string()));
                    state.insert(input.letter().to_string(), Value::Table(transition));
                }
                states.insert(name.clone(), Value::Table(state));
            }
            t.insert("states".into(), Value::Table(states));
        }
        Body::Hmm(model) => {
            t.insert("start".into(), Value::Integer(model.start as i64));
            t.insert(
                "first".into(),
                Value::String(model.first.letter().to_string()),
            );
            let floats = |row: &[f64]| Value::Array(row.iter().map(|p| Value::Float(*p)).collect());
            t.insert("emissions".into(), floats(&model.emissions));
            for (matrix, key) in model.transitions.iter().zip(MATRICES) {
                let rows = matrix.iter().map(|row| floats(row)).collect();
                t.insert(key.into(), Value::Array(rows));
            }
        }
        Body::Cycle(cycle) => {
            t.insert("cycle".into(), Value::String(moves_text(&cycle.moves)));
        }
        Body::Ann(network) => ann::write_ann(network, &mut t),
        Body::Attention(model) => attention::write_attention(model, &mut t),
        Body::Transformed(transformed) => {
            let strategy = match defined_toml(&transformed.inner) {
                Some(inline) => Value::Table(inline),
                None => Value::String(builtin_text(&transformed.inner)),
            };
            t.insert("strategy".into(), strategy);
            let list = transformed
                .transformers
                .iter()
                .map(|transformer| {
                    let mut entry = toml::Table::new();
                    entry.insert("kind".into(), Value::String(transformer.name().into()));
                    match transformer {
                        Transformer::Noise { p } => {
                            entry.insert("p".into(), Value::Float(*p));
                        }
                        Transformer::JossAnn { p, q } => {
                            entry.insert("p".into(), Value::Float(*p));
                            entry.insert("q".into(), Value::Float(*q));
                        }
                        Transformer::Initial(m) | Transformer::Final(m) => {
                            entry.insert("moves".into(), Value::String(moves_text(m)));
                        }
                        Transformer::Flip | Transformer::Dual => {}
                    }
                    Value::Table(entry)
                })
                .collect();
            t.insert("transformers".into(), Value::Array(list));
        }
        Body::Meta(meta) => meta_toml(meta, &mut t),
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(text: &str) -> Source {
        Source {
            path: PathBuf::from("memory.toml"),
            text: text.to_string(),
        }
    }

    fn read(text: &str) -> Result<Definition, ScenarioError> {
        let source = source(text);
        let document = parse_document(&source)?;
        let mut top = TableReader::new(&source, "", document.get_ref(), document.span());
        let definition = read_definition(&mut top, &mut Chain::default())?;
        top.finish()?;
        Ok(definition)
    }

    /// A 16-letter lookup table (65 536 keys) reads in linear time (it once
    /// took minutes: a keyed search per entry) and keeps every entry.
    #[test]
    fn sixteen_letter_lookup_tables_read_every_entry() {
        let mut text = String::from(
            "kind = \"lookup\"\nname = \"Big\"\nown = 8\nopponent = 8\ninitial = \"CCCCCCCC\"\n[table]\n",
        );
        let letter = |bit: bool| if bit { 'D' } else { 'C' };
        for index in 0..1usize << 16 {
            let key: String = (0..16).rev().map(|b| letter(index >> b & 1 == 1)).collect();
            // D exactly when the opponent's group starts with D.
            let response = letter(index >> 7 & 1 == 1);
            text.push_str(&format!(
                "\"{} {}\" = \"{response}\"\n",
                &key[..8],
                &key[8..]
            ));
        }
        let definition = read(&text).unwrap();
        let Body::Lookup(table) = &definition.body else {
            panic!("a lookup table")
        };
        let entries = table.entries();
        assert_eq!(entries.len(), 1 << 16);
        for (key, response) in entries.iter().step_by(997) {
            let opponent_first = key.split(' ').nth(1).unwrap().starts_with('D');
            let want = if opponent_first { Action::D } else { Action::C };
            assert_eq!(*response, Response::Move(want), "{key}");
        }
        // Values are still checked one by one, naming the key.
        let bad = "kind = \"lookup\"\nname = \"B\"\nown = 1\nopponent = 0\ninitial = \"C\"\n\
                   [table]\n\"C\" = \"C\"\n\"D\" = inf\n";
        let error = read(bad).unwrap_err().to_string();
        assert!(
            error.contains("table.\"D\"") && error.contains("finite"),
            "{error}"
        );
        let bad = bad.replace("inf", "true");
        let error = read(&bad).unwrap_err().to_string();
        assert!(error.contains("must be \"C\", \"D\""), "{error}");
    }

    /// Writing a definition and reading it back gives the same definition.
    #[test]
    fn definitions_survive_the_round_trip_through_toml() {
        let texts = [
            "kind = \"memory-one\"\nname = \"m\"\ndescription = \"d\"\nfirst = 0.5\nCC = 1\nCD = 0.1\nDC = 0.3333333333333333\nDD = 0\n",
            "kind = \"lookup\"\nname = \"l\"\nown = 1\nopponent = 1\nopponent_first = 1\ninitial = \"D\"\n[table]\n\"C C C\" = \"C\"\n\"CCD\" = 0.25\n\"C D C\" = \"D\"\n\"C D D\" = \"D\"\n\"D C C\" = \"D\"\n\"D C D\" = \"C\"\n\"D D C\" = \"D\"\n\"D D D\" = 1\n",
            "kind = \"fsm\"\nname = \"f\"\nstart = \"b\"\nfirst = \"D\"\n[states.b]\nC = { next = \"a\", play = \"C\" }\nD = { next = \"b\", play = \"D\" }\n[states.a]\nC = { next = \"a\", play = \"C\" }\nD = { next = \"b\", play = \"C\" }\n",
            "kind = \"cycle\"\nname = \"c\"\ncycle = \"CDD\"\n",
            "kind = \"hmm\"\nname = \"h\"\nmemory_depth = 5\nstart = 1\nfirst = \"D\"\nemissions = [1, 0.25]\ntransitions_C = [[1, 0], [0.5, 0.5]]\ntransitions_D = [[0.0, 1.0], [0.125, 0.875]]\n",
            "kind = \"cycle\"\nname = \"c\"\nsource = \"s\"\nmemory_depth = \"inf\"\ncycle = \"CD\"\n",
            "kind = \"transformed\"\nname = \"t\"\nstrategy = \"random:p=0.3\"\n[[transformers]]\nkind = \"noise\"\np = 0.2\n[[transformers]]\nkind = \"joss-ann\"\np = 0.1\nq = 0.6\n[[transformers]]\nkind = \"final\"\nmoves = \"DD\"\n",
            "kind = \"transformed\"\nname = \"t2\"\nstrategy = { kind = \"cycle\", name = \"c\", cycle = \"CD\" }\n[[transformers]]\nkind = \"dual\"\n[[transformers]]\nkind = \"initial\"\nmoves = \"DCD\"\n[[transformers]]\nkind = \"flip\"\n",
        ];
        for text in texts {
            let first = read(text).unwrap_or_else(|e| panic!("{e}"));
            let written = toml::to_string(&definition_toml(&first)).unwrap();
            let again = read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert_eq!(
                toml::to_string(&definition_toml(&again)).unwrap(),
                written,
                "{text}"
            );
            assert_eq!(first.name, again.name);
            assert_eq!(first.memory_depth(), again.memory_depth());
            assert_eq!(first.is_stochastic(), again.is_stochastic());
            if let (Body::Transformed(a), Body::Transformed(b)) = (&first.body, &again.body) {
                assert_eq!(a.transformers, b.transformers);
                assert_eq!(a.inner.name, b.inner.name);
                assert_eq!(a.inner.params, b.inner.params);
            }
        }
    }

    /// Shipped files whose declared memory depth (axelrod's hand-set
    /// classifier) exceeds the depth computed from the data, with the reason.
    const DECLARED_ABOVE_COMPUTED: &[(&str, &str)] = &[(
        "evolved-fsm-6",
        "axelrod classifies it as unbounded; the last 7 turns fix its move",
    )];

    /// Shipped files that draw random numbers (gamblers and hidden Markov
    /// models), with the declared depth that differs from the computed one.
    const STOCHASTIC: &[(&str, Option<&str>)] = &[
        ("pso-gambler-1-1-1", None),
        ("pso-gambler-2-2-2", None),
        ("pso-gambler-2-2-2-noise-05", None),
        ("pso-gambler-mem1", None),
        ("zd-mem2", None),
        (
            "evolved-hmm-5",
            Some(
                "axelrod hand-sets 5; the belief over its hidden states carries the whole history",
            ),
        ),
    ];

    #[test]
    fn shipped_files_read_and_agree_with_what_build_rs_extracted() {
        use crate::ipd::strategies::defined::shipped::SHIPPED;
        for file in SHIPPED {
            let player = shipped_player(file, &mut Chain::default())
                .unwrap_or_else(|e| panic!("{}", e.text(file.path)));
            let Origin::Defined { definition, .. } = &player.origin else {
                panic!("{}: not a definition", file.path);
            };
            assert_eq!(player.id(), file.id);
            assert_eq!(definition.name, file.name, "{}", file.path);
            assert_eq!(definition.kind(), file.kind, "{}", file.path);
            let stochastic = STOCHASTIC.iter().find(|(id, _)| *id == file.id);
            // Meta players are stochastic when their rule or team is.
            assert!(
                player.is_stochastic() == stochastic.is_some() || file.kind == "meta",
                "{}",
                file.path
            );
            assert!(definition.source.is_some(), "{}", file.path);
            let declared = definition.declared_memory_depth;
            assert!(declared.is_some(), "{}: no memory_depth", file.path);
            let computed = definition.computed_memory_depth();
            if let Some((_, reason)) = DECLARED_ABOVE_COMPUTED
                .iter()
                .find(|(id, _)| *id == file.id)
            {
                assert_ne!(declared, Some(computed), "{}: {reason}", file.id);
            } else if let Some((_, Some(reason))) = stochastic {
                assert_ne!(declared, Some(computed), "{}: {reason}", file.id);
            } else {
                assert_eq!(declared, Some(computed), "{}", file.id);
            }
        }
    }

    #[test]
    fn a_declared_memory_depth_is_never_below_the_computed_one() {
        let tft = "kind = \"lookup\"\nname = \"t\"\nown = 0\nopponent = 1\n[table]\nC = \"C\"\nD = \"D\"\n";
        let read_with = |depth: &str| read(&format!("memory_depth = {depth}\n{tft}"));
        assert_eq!(read_with("3").unwrap().memory_depth(), Some(3));
        assert_eq!(read_with("\"inf\"").unwrap().memory_depth(), None);
        assert_eq!(read_with("1").unwrap().memory_depth(), Some(1));
        let e = read_with("0").unwrap_err().to_string();
        assert!(
            e.contains("memory.toml:1:16") && e.contains("below the depth computed"),
            "{e}"
        );
        let e = read_with("\"two\"").unwrap_err().to_string();
        assert!(e.contains("field `memory_depth`"), "{e}");
    }

    #[test]
    fn search_paths_follow_the_documented_order() {
        assert_eq!(
            search_paths("x", Path::new("scenarios")),
            vec![
                PathBuf::from("scenarios/strategies/x.toml"),
                PathBuf::from("strategies/x.toml"),
            ]
        );
        assert_eq!(
            search_paths("x", Path::new("a/b")),
            vec![
                PathBuf::from("a/b/strategies/x.toml"),
                PathBuf::from("a/strategies/x.toml"),
                PathBuf::from("strategies/x.toml"),
            ]
        );
        assert_eq!(
            search_paths("sub/x.toml", Path::new("a")),
            vec![PathBuf::from("a/sub/x.toml"), PathBuf::from("sub/x.toml")]
        );
    }

    #[test]
    fn built_in_parameters_in_the_colon_form_are_checked() {
        let e = read("kind = \"transformed\"\nname = \"t\"\nstrategy = \"random:p=x\"\n[[transformers]]\nkind = \"flip\"\n")
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("parameter `p` must be a number, got `x`"),
            "{e}"
        );
        let e = read("kind = \"transformed\"\nname = \"t\"\nstrategy = \"random:q=1\"\n[[transformers]]\nkind = \"flip\"\n")
            .unwrap_err();
        assert!(e.to_string().contains("has no parameter `q`"), "{e}");
    }

    #[test]
    fn meta_definitions_read_and_round_trip() {
        let texts = [
            "kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"tit-for-tat\", \"random:p=0.3\", { kind = \"cycle\", name = \"c\", cycle = \"CD\" }, \"fortress3\"]\n",
            "kind = \"meta\"\nname = \"m\"\nrule = \"mixer\"\ndistribution = [0.25, 0.75]\nteam = [\"cooperator\", \"defector\"]\nlong_run_time = false\n",
            "kind = \"meta\"\nname = \"m\"\nrule = \"memory-decay\"\np_delete = 0.2\nmemory = \"CD\"\n",
            "kind = \"meta\"\nname = \"m\"\nrule = \"nice-winner-ensemble\"\ngroup = \"memory-one\"\n",
        ];
        for text in texts {
            let first = read(text).unwrap_or_else(|e| panic!("{e}"));
            let written = toml::to_string(&definition_toml(&first)).unwrap();
            let again = read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
            assert_eq!(
                toml::to_string(&definition_toml(&again)).unwrap(),
                written,
                "{text}"
            );
            let (Body::Meta(a), Body::Meta(b)) = (&first.body, &again.body) else {
                panic!("not meta: {text}");
            };
            assert_eq!(a.rule, b.rule);
            assert_eq!(a.team.len(), b.team.len());
            assert_eq!(first.is_stochastic(), again.is_stochastic());
            assert_eq!(first.long_run_time(), again.long_run_time());
        }
    }

    #[test]
    fn meta_groups_follow_the_catalogue_classifiers() {
        use crate::ipd::strategies::defined::meta::Meta;
        let team = |group: &str| -> Vec<Player> {
            let d = read(&format!(
                "kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\ngroup = \"{group}\"\n"
            ))
            .unwrap();
            let Body::Meta(meta) = d.body else { panic!() };
            let meta: Meta = *meta;
            meta.team
        };
        let ordinary = team("ordinary");
        assert!(ordinary.iter().all(|p| p.id() != "meta-hunter"));
        assert!(ordinary.iter().any(|p| p.id() == "fortress3"));
        let one = team("memory-one");
        assert!(one.iter().all(|p| p.memory_depth().is_some_and(|d| d <= 1)));
        let finite = team("finite-memory").len();
        let long = team("long-memory").len();
        assert_eq!(finite + long, ordinary.len());
        let stochastic = team("stochastic").len();
        let deterministic = team("deterministic").len();
        assert_eq!(stochastic + deterministic, ordinary.len());
        assert!(
            one.len() > 30 && stochastic > 50,
            "{} {stochastic}",
            one.len()
        );
    }

    #[test]
    fn meta_mistakes_are_placed() {
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"tit-for-tat\", \"grudgr\"]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:4:24") && e.contains("did you mean `grudger`"),
            "{e}"
        );
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"mixer\"\nteam = [\"cooperator\", \"defector\"]\ndistribution = [0.5, 0.6]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:5:16") && e.contains("sum to 1"),
            "{e}"
        );
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"winer\"\nteam = [\"cooperator\"]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:3:8") && e.contains("unknown rule"),
            "{e}"
        );
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\ngroup = \"nice\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown group `nice`"), "{e}");
        let e = read("kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"cooperator\"]\ndistribution = [1]\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("memory.toml:5:1") && e.contains("unknown field"),
            "{e}"
        );
    }

    #[test]
    fn a_meta_file_that_contains_itself_is_refused() {
        let dir = std::env::temp_dir().join(format!("dilemma-meta-loop-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let meta = |member: &str| {
            format!(
                "kind = \"meta\"\nname = \"m\"\nrule = \"majority\"\nteam = [\"cooperator\", \"{member}\"]\n"
            )
        };
        std::fs::write(dir.join("a.toml"), meta("./b.toml")).unwrap();
        std::fs::write(dir.join("b.toml"), meta("./a.toml")).unwrap();
        std::fs::write(dir.join("self.toml"), meta("./self.toml")).unwrap();
        std::fs::write(dir.join("ok.toml"), meta("./c.toml")).unwrap();
        std::fs::write(dir.join("c.toml"), meta("defector")).unwrap();
        for (file, line) in [("a.toml", "b.toml:4:23"), ("self.toml", "self.toml:4:23")] {
            let e = resolve_text(
                &dir.join(file).display().to_string(),
                &dir,
                &mut Chain::default(),
            )
            .unwrap_err()
            .text(file);
            assert!(e.contains("in a loop") && e.contains(line), "{e}");
        }
        let ok = resolve_text(
            &dir.join("ok.toml").display().to_string(),
            &dir,
            &mut Chain::default(),
        )
        .unwrap_or_else(|e| panic!("{}", e.text("ok")));
        assert!(!ok.is_stochastic());
        std::fs::remove_dir_all(&dir).ok();
    }
}
