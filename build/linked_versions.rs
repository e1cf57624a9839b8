// The versions of the packages the binary links, read from Cargo.lock and the
// manifest. Included (`include!`) by build.rs, which records them for run.json,
// and by tests/suite/cli_provenance.rs, which tests it: build.rs cannot have tests.
//
// Cargo.lock may hold several versions of one name (rand 0.9.5 for proptest, a
// dev-dependency, and rand 0.10.3 for the engine), and it does not say which
// dependencies are dev-dependencies. So the versions are resolved through the
// dependency graph, not by name: from the root package's own entry (which names
// one version per direct dependency), leaving out the root's dev- and
// build-only dependencies (those the manifest lists only under
// [dev-dependencies] or [build-dependencies]), then through each package's
// entry. A name reached at two versions keeps the one nearest the root (the
// first in breadth-first order).

/// One `[[package]]` entry of a Cargo.lock.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LockPackage {
    name: String,
    version: String,
    /// As written: "name", "name version" or "name version (source)".
    dependencies: Vec<String>,
}

/// The `[[package]]` entries of a Cargo.lock's text.
fn lock_packages(lock: &str) -> Vec<LockPackage> {
    let mut packages: Vec<LockPackage> = Vec::new();
    let mut in_dependencies = false;
    let quoted = |s: &str| s.trim().trim_end_matches(',').trim_matches('"').to_string();
    for line in lock.lines() {
        let line = line.trim();
        if line == "[[package]]" {
            packages.push(LockPackage {
                name: String::new(),
                version: String::new(),
                dependencies: Vec::new(),
            });
            in_dependencies = false;
            continue;
        }
        let Some(package) = packages.last_mut() else {
            continue;
        };
        if in_dependencies {
            if line.starts_with(']') {
                in_dependencies = false;
            } else if !line.is_empty() {
                package.dependencies.push(quoted(line));
            }
        } else if line.starts_with('[') {
            // Another table ([metadata], ...): no more packages.
            break;
        } else if let Some(rest) = line.strip_prefix("name = ") {
            package.name = quoted(rest);
        } else if let Some(rest) = line.strip_prefix("version = ") {
            package.version = quoted(rest);
        } else if let Some(rest) = line.strip_prefix("dependencies = [") {
            let rest = rest.trim();
            if let Some(inline) = rest.strip_suffix(']') {
                package
                    .dependencies
                    .extend(inline.split(',').map(quoted).filter(|d| !d.is_empty()));
            } else {
                in_dependencies = true;
            }
        }
    }
    packages
}

/// The names a manifest (Cargo.toml) lists only as dev- or build-dependencies
/// (`[dev-dependencies]`, `[build-dependencies]`, their `target.*` forms and
/// `[dev-dependencies.NAME]` tables), none of which the binary links.
fn not_linked(manifest: &str) -> Vec<String> {
    let mut normal: Vec<String> = Vec::new();
    let mut other: Vec<String> = Vec::new();
    // Which list the keys of the current table go to: 0 normal, 1 other, none.
    let mut section: Option<usize> = None;
    for line in manifest.lines() {
        let line = line.trim();
        if let Some(table) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            let parts: Vec<&str> = table.split('.').map(str::trim).collect();
            let list = |part: &str| match part {
                "dependencies" => Some(0),
                "dev-dependencies" | "build-dependencies" => Some(1),
                _ => None,
            };
            section = None;
            if let Some(at) = parts.iter().position(|p| list(p).is_some()) {
                let which = list(parts[at]);
                match parts.get(at + 1) {
                    // [dependencies.NAME]: a table for one name.
                    Some(name) => {
                        let name = name.trim_matches('"').to_string();
                        [&mut normal, &mut other][which.unwrap_or(1)].push(name);
                    }
                    None => section = which,
                }
            }
            continue;
        }
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let key = line.split(['=', '.']).next().unwrap_or_default();
        let key = key.trim().trim_matches('"').to_string();
        match section {
            Some(0) => normal.push(key),
            Some(_) => other.push(key),
            None => {}
        }
    }
    other.retain(|name| !normal.contains(name));
    other.sort();
    other.dedup();
    other
}

/// Every package the root package `root` links, with the version it links
/// (see the top of this file), sorted by name.
fn linked_versions(lock: &str, manifest: &str, root: &str) -> Vec<(String, String)> {
    let packages = lock_packages(lock);
    let skip = not_linked(manifest);
    // The package a dependency entry names: "name" (the only version of that
    // name), "name version" or "name version (source)".
    let find = |entry: &str| -> Option<usize> {
        let mut words = entry.split_whitespace();
        let name = words.next()?;
        let version = words.next();
        packages
            .iter()
            .position(|p| p.name == name && version.is_none_or(|v| p.version == v))
    };
    let Some(start) = packages.iter().position(|p| p.name == root) else {
        return Vec::new();
    };
    let mut seen = vec![false; packages.len()];
    seen[start] = true;
    let mut queue = std::collections::VecDeque::from([start]);
    let mut found: Vec<(String, String)> = Vec::new();
    while let Some(at) = queue.pop_front() {
        for entry in &packages[at].dependencies {
            let name = entry.split_whitespace().next().unwrap_or_default();
            if at == start && skip.iter().any(|s| s == name) {
                continue;
            }
            let Some(next) = find(entry) else {
                continue;
            };
            if seen[next] {
                continue;
            }
            seen[next] = true;
            queue.push_back(next);
            let package = &packages[next];
            if !found.iter().any(|(n, _)| *n == package.name) {
                found.push((package.name.clone(), package.version.clone()));
            }
        }
    }
    found.sort();
    found
}
