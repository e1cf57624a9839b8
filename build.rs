//! Records the versions of the main dependencies (from Cargo.lock) so that
//! `run.json` can say exactly what produced a result.

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    let wanted = [
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
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut found = Vec::new();
    let mut name: Option<String> = None;
    for line in lock.lines() {
        if let Some(rest) = line.strip_prefix("name = ") {
            name = Some(rest.trim_matches('"').to_string());
        } else if let Some(rest) = line.strip_prefix("version = ") {
            if let Some(n) = name.take() {
                if wanted.contains(&n.as_str())
                    && !found.iter().any(|(f, _): &(String, String)| *f == n)
                {
                    found.push((n, rest.trim_matches('"').to_string()));
                }
            }
        }
    }
    found.sort();
    let joined: Vec<String> = found.iter().map(|(n, v)| format!("{n}={v}")).collect();
    println!("cargo:rustc-env=DILEMMA_DEPENDENCIES={}", joined.join(","));
}
