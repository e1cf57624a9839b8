//! Reading and writing `kind = "attention"` definitions (see
//! `ipd::strategies::defined::attention`), and loading their weights file.
//!
//! Schema (every key but `long_run_time` required):
//!
//! ```toml
//! kind = "attention"
//! name = "EvolvedAttention"
//! weights = "evolved-attention.weights"  # raw little-endian float32
//! sha256 = "5a1f..."                     # of the weights file, lower-case hex
//! states = 6            # rows of the state embedding (at least 6)
//! positions = 201       # CLS + the turns read (memory depth = positions - 1)
//! hidden = 256
//! layers = 24
//! heads = 8             # divides hidden
//! intermediate = 512
//! layer_norm_eps = 1e-12
//! long_run_time = true  # axelrod's classifier (default true)
//! ```
//!
//! The weights file holds every tensor in the order of
//! `attention::Dims::tensors` (strategies/axelrod/generate_attention.py
//! writes axelrod's this way), so its size is fixed by the dimensions.
//!
//! Where the weights file is: a relative `weights` is resolved against the
//! folder of the TOML file that names it. A shipped file (embedded in the
//! binary, `strategies/axelrod/`) has no folder on disk: its weights are
//! looked up in `$DILEMMA_DATA` when that variable is set, else in the
//! repository's `strategies/axelrod/` (`CARGO_MANIFEST_DIR` at build time);
//! the binary never embeds them (~51 MB).
//!
//! Checked when the definition is read, each refusal naming the file, line,
//! column and field: the file exists (the message names the path tried and
//! the variable), its size is exactly 4 bytes per weight the dimensions
//! call for (the message gives the expected count and the dimensions), its
//! SHA-256 is the declared one. A file is read and hashed once per process
//! (keyed by its canonical path) and shared by every definition, player and
//! thread through an `Arc`.
//!
//! Read only to be described (`Chain::describing`: `dilemma strategies`,
//! its listing and pages), the file's presence and size are checked from
//! its metadata and nothing is read: the model has its dimensions only
//! (`Model::described`) and the definition carries the declared SHA-256.
//! Every reader that builds players to play reads and checks the weights
//! as above, so a digest written into a results folder is always one that
//! was computed.

use super::{Read, Spans, record};
use crate::ipd::strategies::defined::attention::{Attention, Dims, MAX_DIMENSION, Model};
use crate::ipd::strategies::defined::shipped::SHIPPED;
use crate::ipd::strategies::defined::{Body, DefinitionError, Place};
use crate::scenario::error::ScenarioError;
use crate::scenario::reader::TableReader;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// The variable naming the folder of the shipped weights files.
pub const DATA_VARIABLE: &str = "DILEMMA_DATA";

/// The folder the shipped weights files are read from.
pub fn shipped_data_folder() -> PathBuf {
    match std::env::var_os(DATA_VARIABLE) {
        Some(folder) if !folder.is_empty() => PathBuf::from(folder),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies/axelrod"),
    }
}

/// Weights files read so far: canonical path -> (SHA-256, weights).
type Loaded = HashMap<PathBuf, (String, Arc<Vec<f32>>)>;

fn loaded() -> &'static Mutex<Loaded> {
    static LOADED: OnceLock<Mutex<Loaded>> = OnceLock::new();
    LOADED.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The model of `dims` on `data`: built (its weights packed, ~0.1 s and
/// the size of the weights again) once per process, then shared by every
/// definition that reads the same file with the same dimensions (the 12
/// meta players whose teams hold EvolvedAttention, for one).
fn shared_model(dims: Dims, data: Arc<Vec<f32>>) -> Result<Model, DefinitionError> {
    static MODELS: OnceLock<Mutex<Vec<Model>>> = OnceLock::new();
    let mut models = MODELS
        .get_or_init(|| Mutex::new(Vec::new()))
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(model) = models
        .iter()
        .find(|m| m.dims() == dims && m.weights_are(&data))
    {
        return Ok(model.clone());
    }
    let model = Model::new(dims, data)?;
    models.push(model.clone());
    Ok(model)
}

/// The definition's fields after `kind`, `name` and the common ones.
/// With `describe_only` (`Chain::describing`) the weights file is checked
/// for presence and size only, and the model has no weights
/// (`Model::described`): nothing is read or hashed.
pub(super) fn read_attention(
    reader: &mut TableReader<'_>,
    spans: &mut Spans,
    describe_only: bool,
) -> Read {
    let start = reader.span().start;
    let dimension = |reader: &mut TableReader<'_>,
                     key: &'static str,
                     spans: &mut Spans|
     -> Result<usize, ScenarioError> {
        let value = reader.integer(key)?.ok_or_else(|| {
            reader.error(
                start,
                key,
                format!(
                    "missing; an attention model gives its dimensions ({}), e.g. {key} = {}",
                    "states, positions, hidden, layers, heads, intermediate",
                    axelrod_value(key)
                ),
            )
        })?;
        record(spans, &Place::Field(key), value.span.clone(), key);
        usize::try_from(value.value)
            .ok()
            .filter(|v| *v <= MAX_DIMENSION)
            .ok_or_else(|| {
                reader.error(
                    value.span.start,
                    key,
                    format!(
                        "must be a whole number from 1 to {MAX_DIMENSION}, got {}",
                        value.value
                    ),
                )
            })
    };
    let states = dimension(reader, "states", spans)?;
    let positions = dimension(reader, "positions", spans)?;
    let hidden = dimension(reader, "hidden", spans)?;
    let layers = dimension(reader, "layers", spans)?;
    let heads = dimension(reader, "heads", spans)?;
    let intermediate = dimension(reader, "intermediate", spans)?;
    let eps = reader.number("layer_norm_eps")?.ok_or_else(|| {
        reader.error(
            start,
            "layer_norm_eps",
            "missing; give LayerNorm's epsilon, e.g. layer_norm_eps = 1e-12",
        )
    })?;
    record(
        spans,
        &Place::Field("layer_norm_eps"),
        eps.span.clone(),
        "layer_norm_eps",
    );
    let long_run_time = reader.boolean("long_run_time")?.is_none_or(|b| b.value);
    let dims = Dims {
        states,
        positions,
        hidden,
        layers,
        heads,
        intermediate,
        layer_norm_eps: eps.value as f32,
    };
    if let Err(e) = dims.check() {
        return Ok(Err(e));
    }
    let weights = reader.string("weights")?.ok_or_else(|| {
        reader.error(
            start,
            "weights",
            "missing; name the weights file (raw little-endian float32, relative to this file), \
             e.g. weights = \"evolved-attention.weights\"",
        )
    })?;
    let sha = reader.string("sha256")?.ok_or_else(|| {
        reader.error(
            start,
            "sha256",
            "missing; give the SHA-256 of the weights file (64 hex digits), e.g. from \
             `sha256sum FILE`",
        )
    })?;
    let declared = sha.value.to_ascii_lowercase();
    if declared.len() != 64 || !declared.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(reader.error(
            sha.span.start,
            "sha256",
            format!(
                "expected 64 hexadecimal digits (the SHA-256 of the weights file), got \"{}\"",
                sha.value
            ),
        ));
    }
    let source = reader.source();
    let shipped = SHIPPED.iter().any(|f| Path::new(f.path) == source.path);
    let written = Path::new(&weights.value);
    let path = if written.is_absolute() {
        written.to_path_buf()
    } else if shipped {
        shipped_data_folder().join(written)
    } else {
        super::base_of(source).join(written)
    };
    let at_weights = |message: String| reader.error(weights.span.start, "weights", message);
    let count = dims.weight_count();
    if describe_only {
        check_file(&path, count, &dims, shipped).map_err(at_weights)?;
        let model = match Model::described(dims) {
            Ok(model) => model,
            Err(e) => return Ok(Err(e)),
        };
        return Ok(Ok(Body::Attention(Box::new(Attention {
            model: Arc::new(model),
            weights_path: path,
            sha256: declared,
            long_run_time,
        }))));
    }
    let (actual, data) = load(&path, count, &dims, shipped).map_err(at_weights)?;
    if actual != declared {
        return Err(reader.error(
            sha.span.start,
            "sha256",
            format!(
                "the weights file {} has SHA-256 {actual}, not the declared {declared}: it is \
                 not the file this definition was written for",
                path.display()
            ),
        ));
    }
    let model = match shared_model(dims, data) {
        Ok(model) => model,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok(Body::Attention(Box::new(Attention {
        model: Arc::new(model),
        weights_path: path,
        sha256: declared,
        long_run_time,
    }))))
}

/// axelrod's value of a dimension, for examples in messages.
fn axelrod_value(key: &str) -> usize {
    let d = Dims::AXELROD;
    match key {
        "states" => d.states,
        "positions" => d.positions,
        "hidden" => d.hidden,
        "layers" => d.layers,
        "heads" => d.heads,
        _ => d.intermediate,
    }
}

/// Whether `path` is a file of exactly the size `count` weights take,
/// from its metadata (nothing is read); the message of a refusal (missing,
/// not a file, wrong size) otherwise.
fn check_file(path: &Path, count: usize, dims: &Dims, shipped: bool) -> Result<(), String> {
    let metadata = std::fs::metadata(path).map_err(|e| {
        let hint = if shipped {
            format!(
                "; the shipped weights are read from {} (set {DATA_VARIABLE} to the folder \
                 holding them)",
                shipped_data_folder().display()
            )
        } else {
            " (a relative path is resolved against the folder of this file)".to_string()
        };
        format!("cannot read the weights file {}: {e}{hint}", path.display())
    })?;
    if !metadata.is_file() {
        return Err(format!("the weights file {} is not a file", path.display()));
    }
    if metadata.len() != count as u64 * 4 {
        return Err(wrong_size(path, metadata.len(), count, dims));
    }
    Ok(())
}

/// The refusal of a weights file of `bytes` bytes.
fn wrong_size(path: &Path, bytes: u64, count: usize, dims: &Dims) -> String {
    format!(
        "the weights file {} holds {bytes} bytes; {} expects {count} float32 weights \
         ({} bytes, tensors in the order of strategies/axelrod/generate_attention.py)",
        path.display(),
        dims.describe(),
        count * 4
    )
}

/// The weights of `path` (read once per process) and their SHA-256; the
/// message of a refusal (missing, unreadable, wrong size) otherwise.
fn load(
    path: &Path,
    count: usize,
    dims: &Dims,
    shipped: bool,
) -> Result<(String, Arc<Vec<f32>>), String> {
    check_file(path, count, dims, shipped)?;
    let identity = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let mut cache = loaded()
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some((sha, data)) = cache.get(&identity)
        && data.len() == count
    {
        return Ok((sha.clone(), Arc::clone(data)));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read the weights file {}: {e}", path.display()))?;
    if bytes.len() != count * 4 {
        return Err(wrong_size(path, bytes.len() as u64, count, dims));
    }
    let sha = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<String>();
    let data: Arc<Vec<f32>> = Arc::new(
        bytes
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
    );
    cache.insert(identity, (sha.clone(), Arc::clone(&data)));
    Ok((sha, data))
}

/// The fields of an attention definition, as `read_attention` reads them
/// back: the weights file by its resolved path.
pub(super) fn write_attention(attention: &Attention, t: &mut toml::Table) {
    use toml::Value;
    let d = attention.model.dims();
    t.insert(
        "weights".into(),
        Value::String(attention.weights_path.display().to_string()),
    );
    t.insert("sha256".into(), Value::String(attention.sha256.clone()));
    for (key, value) in [
        ("states", d.states),
        ("positions", d.positions),
        ("hidden", d.hidden),
        ("layers", d.layers),
        ("heads", d.heads),
        ("intermediate", d.intermediate),
    ] {
        t.insert(key.into(), Value::Integer(value as i64));
    }
    t.insert(
        "layer_norm_eps".into(),
        Value::Float(f64::from(d.layer_norm_eps)),
    );
    t.insert(
        "long_run_time".into(),
        Value::Boolean(attention.long_run_time),
    );
}

#[cfg(test)]
mod tests {
    use super::super::{Chain, definition_toml, read_definition};
    use crate::ipd::strategies::defined::attention::Dims;
    use crate::ipd::strategies::defined::{Body, Definition};
    use crate::scenario::error::{ScenarioError, Source};
    use crate::scenario::reader::{TableReader, parse_document};
    use sha2::{Digest, Sha256};
    use std::path::{Path, PathBuf};

    fn read_at(path: &Path, text: &str) -> Result<Definition, ScenarioError> {
        let source = Source {
            path: path.to_path_buf(),
            text: text.to_string(),
        };
        let document = parse_document(&source)?;
        let mut top = TableReader::new(&source, "", document.get_ref(), document.span());
        let definition = read_definition(&mut top, &mut Chain::default())?;
        top.finish()?;
        Ok(definition)
    }

    const SMALL: Dims = Dims {
        states: 6,
        positions: 4,
        hidden: 4,
        layers: 1,
        heads: 2,
        intermediate: 6,
        layer_norm_eps: 1e-12,
    };

    /// A folder with a small model's weights file; its SHA-256.
    fn folder(test: &str) -> (PathBuf, String) {
        let dir =
            std::env::temp_dir().join(format!("dilemma-attention-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bytes: Vec<u8> = (0..SMALL.weight_count())
            .flat_map(|i| ((i % 13) as f32 * 0.05 - 0.3).to_le_bytes())
            .collect();
        std::fs::write(dir.join("small.weights"), &bytes).unwrap();
        let sha = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        (dir, sha)
    }

    fn text(sha: &str, positions: usize) -> String {
        format!(
            "kind = \"attention\"\nname = \"Small\"\nweights = \"small.weights\"\nsha256 = \"{sha}\"\n\
             states = 6\npositions = {positions}\nhidden = 4\nlayers = 1\nheads = 2\n\
             intermediate = 6\nlayer_norm_eps = 1e-12\n"
        )
    }

    #[test]
    fn an_attention_file_reads_and_survives_the_round_trip() {
        let (dir, sha) = folder("round-trip");
        let definition = read_at(&dir.join("small.toml"), &text(&sha, 4)).unwrap();
        assert_eq!(definition.kind(), "attention");
        assert_eq!(definition.memory_depth(), Some(3));
        assert!(!definition.is_stochastic());
        assert!(definition.long_run_time());
        let written = toml::to_string(&definition_toml(&definition)).unwrap();
        // Written back with the resolved path: it reads from anywhere.
        let again = read_at(Path::new("elsewhere/x.toml"), &written)
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(toml::to_string(&definition_toml(&again)).unwrap(), written);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Read only to be described, the weights file must be there with the
    /// right size, but it is not read: a wrong SHA-256 goes unnoticed and
    /// the model has no weights; read to play, the same text is refused.
    #[test]
    fn a_described_model_checks_the_file_but_reads_no_weights() {
        let (dir, sha) = folder("described");
        let file = dir.join("small.toml");
        let read = |text: &str, chain: &mut Chain| {
            let source = Source {
                path: file.clone(),
                text: text.to_string(),
            };
            let document = parse_document(&source)?;
            let mut top = TableReader::new(&source, "", document.get_ref(), document.span());
            read_definition(&mut top, chain)
        };
        let other = "0".repeat(64);
        let described = read(&text(&other, 4), &mut Chain::describing()).unwrap();
        let Body::Attention(a) = &described.body else {
            panic!("not an attention body")
        };
        assert!(!a.model.has_weights());
        assert_eq!(a.sha256, other);
        assert_eq!(described.memory_depth(), Some(3));
        let played = read(&text(&sha, 4), &mut Chain::default()).unwrap();
        let Body::Attention(a) = &played.body else {
            panic!("not an attention body")
        };
        assert!(a.model.has_weights());
        let e = read(&text(&other, 4), &mut Chain::default()).unwrap_err();
        assert!(e.to_string().contains("field `sha256`"), "{e}");
        for (broken, what) in [
            (text(&sha, 5), "expects"),
            (
                text(&sha, 4).replace("small.weights", "none.weights"),
                "none.weights",
            ),
        ] {
            let e = read(&broken, &mut Chain::describing()).unwrap_err();
            assert!(
                e.to_string().contains("field `weights`") && e.to_string().contains(what),
                "{e}"
            );
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn wrong_size_sha_and_missing_files_are_placed() {
        let (dir, sha) = folder("mistakes");
        let file = dir.join("small.toml");
        // positions = 5 needs 4 more floats than the file holds.
        let e = read_at(&file, &text(&sha, 5)).unwrap_err().to_string();
        assert!(
            e.contains("small.toml:3:11")
                && e.contains("field `weights`")
                && e.contains(&format!(
                    "expects {} float32 weights",
                    Dims {
                        positions: 5,
                        ..SMALL
                    }
                    .weight_count()
                ))
                && e.contains("positions = 5"),
            "{e}"
        );
        let other = "0".repeat(64);
        let e = read_at(&file, &text(&other, 4)).unwrap_err().to_string();
        assert!(
            e.contains("small.toml:4:10")
                && e.contains("field `sha256`")
                && e.contains(&format!("has SHA-256 {sha}")),
            "{e}"
        );
        let e = read_at(&file, &text("abc", 4)).unwrap_err().to_string();
        assert!(e.contains("64 hexadecimal digits"), "{e}");
        let e = read_at(
            &file,
            &text(&sha, 4).replace("small.weights", "none.weights"),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("small.toml:3:11") && e.contains("none.weights") && e.contains("relative"),
            "{e}"
        );
        let e = read_at(&file, &text(&sha, 4).replace("heads = 2", "heads = 3"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("small.toml:9:9") && e.contains("heads must divide hidden"),
            "{e}"
        );
        let e = read_at(&file, &text(&sha, 4).replace("layers = 1\n", ""))
            .unwrap_err()
            .to_string();
        assert!(e.contains("field `layers`") && e.contains("missing"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
