//! Records the versions of the main dependencies the binary links (resolved
//! through Cargo.lock's dependency graph from this package, dev-dependencies
//! left out: `build/linked_versions.rs`) so that `run.json` can say exactly
//! what produced a result, and embeds the shipped
//! strategy files of `strategies/axelrod/` (see `ipd/strategies/defined/shipped.rs`).

use std::path::Path;

// lock_packages, not_linked, linked_versions: what the binary links, by the
// dependency graph of Cargo.lock (tested by tests/suite/cli_provenance.rs).
include!("build/linked_versions.rs");

/// The dependencies whose versions `run.json` records.
const MAIN_DEPENDENCIES: [&str; 11] = [
    "rayon",
    "rand",
    "rand_chacha",
    "csv",
    "plotters",
    "clap",
    "serde",
    "toml",
    "indicatif",
    "thiserror",
    "serde_json",
];

fn main() {
    shipped_strategies();
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rerun-if-changed=Cargo.toml");
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let manifest = std::fs::read_to_string("Cargo.toml").unwrap_or_default();
    let root = std::env::var("CARGO_PKG_NAME").unwrap_or_else(|_| "dilemma".into());
    let found: Vec<(String, String)> = linked_versions(&lock, &manifest, &root)
        .into_iter()
        .filter(|(name, _)| MAIN_DEPENDENCIES.contains(&name.as_str()))
        .collect();
    let joined: Vec<String> = found.iter().map(|(n, v)| format!("{n}={v}")).collect();
    println!("cargo:rustc-env=DILEMMA_DEPENDENCIES={}", joined.join(","));
}

/// The folder of shipped strategy files, relative to the crate root.
const SHIPPED_FOLDER: &str = "strategies/axelrod";

/// Writes `$OUT_DIR/shipped_strategies.rs`: one `ShippedFile` per
/// `*.toml` of [`SHIPPED_FOLDER`], sorted by file name, with its id (the
/// file name without `.toml`), its `kind` and `name` (read from the file's
/// top-level `kind = "..."` and `name = "..."` lines) and its text by
/// `include_str!`. The reader checks the whole file when it is used; a test
/// checks that these two fields agree with it.
fn shipped_strategies() {
    println!("cargo:rerun-if-changed={SHIPPED_FOLDER}");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR");
    let folder = Path::new(&root).join(SHIPPED_FOLDER);
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut out = String::from("&[\n");
    for path in &files {
        println!("cargo:rerun-if-changed={}", path.display());
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let field = |key: &str| {
            top_level_string(&text, key).unwrap_or_else(|| {
                panic!(
                    "{}: a shipped strategy file needs a top-level line {key} = \"...\"",
                    path.display()
                )
            })
        };
        let id = path.file_stem().unwrap_or_default().to_string_lossy();
        let file_name = path.file_name().unwrap_or_default().to_string_lossy();
        out.push_str(&format!(
            "    ShippedFile {{ id: {id:?}, kind: {:?}, name: {:?}, path: {:?}, text: include_str!({:?}) }},\n",
            field("kind"),
            field("name"),
            format!("{SHIPPED_FOLDER}/{file_name}"),
            path.display().to_string(),
        ));
    }
    out.push_str("]\n");
    let target =
        Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped_strategies.rs");
    std::fs::write(&target, out).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}

/// The value of a top-level `key = "..."` line (before the first table
/// header), with TOML's `\"` and `\\` escapes undone.
fn top_level_string(text: &str, key: &str) -> Option<String> {
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            return None;
        }
        let Some(rest) = line.strip_prefix(key) else {
            continue;
        };
        let Some(quoted) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        let quoted = quoted.trim().strip_prefix('"')?;
        let mut value = String::new();
        let mut chars = quoted.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return Some(value),
                '\\' => match chars.next()? {
                    '"' => value.push('"'),
                    '\\' => value.push('\\'),
                    _ => return None,
                },
                c => value.push(c),
            }
        }
        return None;
    }
    None
}
