//! ARCHITECTURE.md's layering table against the code: the imports between
//! the crate's top-level modules (every `crate::MODULE` path outside
//! comments and `#[cfg(test)]` modules) must be exactly those the table
//! lists, and each must run down to a lower layer.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The table: module -> (layer, imports).
fn table() -> BTreeMap<String, (u32, BTreeSet<String>)> {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ARCHITECTURE.md"),
    )
    .unwrap();
    let start = text
        .find("| module | layer | imports from the crate |")
        .expect("ARCHITECTURE.md has the layering table");
    let mut out = BTreeMap::new();
    for line in text[start..].lines().skip(2) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() != 5 {
            break;
        }
        let imports = cells[3]
            .split(',')
            .map(str::trim)
            .filter(|m| !m.is_empty() && *m != "-")
            .map(String::from)
            .collect();
        out.insert(cells[1].to_string(), (cells[2].parse().unwrap(), imports));
    }
    out
}

/// The code: top-level module -> the crate's modules it names (`lib` for
/// the crate root's re-exports, such as `crate::Result`).
fn imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in rust_files(&src) {
        let rel = path.strip_prefix(&src).unwrap();
        let first = rel.components().next().unwrap().as_os_str();
        let module = first.to_str().unwrap().trim_end_matches(".rs").to_string();
        let found = out.entry(module.clone()).or_default();
        for line in std::fs::read_to_string(&path).unwrap().lines() {
            let line = line.trim();
            if line.starts_with("#[cfg(test)]") {
                break; // test modules sit at the end of their files
            }
            if line.starts_with("//") {
                continue;
            }
            for (i, _) in line.match_indices("crate::") {
                let name: String = line[i + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let target = if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                    "lib".to_string()
                } else {
                    name
                };
                if target != module && !target.is_empty() {
                    found.insert(target);
                }
            }
        }
    }
    out
}

#[test]
fn the_layering_table_is_the_import_graph_and_runs_down() {
    let table = table();
    let code = imports();
    assert!(table.len() >= 15, "the table was read: {table:?}");
    let listed: BTreeSet<&String> = table.keys().collect();
    let present: BTreeSet<&String> = code.keys().collect();
    assert_eq!(
        listed, present,
        "ARCHITECTURE.md's table lists every module"
    );
    for (module, found) in &code {
        let (layer, expected) = &table[module];
        assert_eq!(
            found, expected,
            "{module}: the code imports {found:?}, ARCHITECTURE.md lists {expected:?}"
        );
        for target in found {
            let below = table[target].0;
            assert!(
                below < *layer,
                "{module} (layer {layer}) imports {target} (layer {below}): not downward"
            );
        }
    }
}

/// Every `.rs` file under `src/` with its text (without comment lines and
/// the `#[cfg(test)]` module at its end).
fn sources() -> Vec<(std::path::PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    for path in rust_files(&src) {
        let text = std::fs::read_to_string(&path).unwrap();
        let code: Vec<&str> = text
            .lines()
            .take_while(|l| !l.trim().starts_with("#[cfg(test)]"))
            .filter(|l| !l.trim().starts_with("//"))
            .collect();
        out.push((path, code.join("\n")));
    }
    out
}

/// The first path segment of every name a `super::` path imports in
/// `code` (`super::a::X` gives `a`; `super::{a::X, b}` gives `a` and `b`).
fn super_names(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (i, _) in code.match_indices("super::") {
        let rest = &code[i + 7..];
        let ident = |s: &str| -> String {
            s.trim()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '*')
                .collect()
        };
        if let Some(group) = rest.strip_prefix('{') {
            let (mut depth, mut item, mut end) = (0, String::new(), false);
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => end = true,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        names.push(ident(&item));
                        item.clear();
                        continue;
                    }
                    _ => {}
                }
                if end {
                    break;
                }
                item.push(c);
            }
            names.push(ident(&item));
        } else {
            names.push(ident(rest));
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

#[test]
fn inside_folders_files_import_their_siblings_never_mod_rs_and_in_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    // folder -> module -> the siblings it imports
    let mut edges: BTreeMap<std::path::PathBuf, BTreeMap<String, BTreeSet<String>>> =
        BTreeMap::new();
    let mut climbs = Vec::new();
    let mut checked = 0;
    for (path, code) in sources() {
        let (folder, module) = if path.file_name().unwrap() == "mod.rs" {
            let dir = path.parent().unwrap();
            (
                dir.parent().unwrap().to_path_buf(),
                dir.file_name().unwrap(),
            )
        } else {
            (
                path.parent().unwrap().to_path_buf(),
                path.file_stem().unwrap(),
            )
        };
        if folder == src {
            continue; // top-level modules: the layering table's business
        }
        let module = module.to_str().unwrap().to_string();
        let siblings: BTreeSet<String> = std::fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
            .map(|p| p.file_stem().unwrap().to_str().unwrap().to_string())
            .filter(|n| n != "mod")
            .collect();
        let imports = edges
            .entry(folder.clone())
            .or_default()
            .entry(module.clone())
            .or_default();
        for name in super_names(&code) {
            checked += 1;
            if siblings.contains(&name) {
                if name != module {
                    imports.insert(name);
                }
            } else {
                climbs.push(format!("{}: super::{name}", path.display()));
            }
        }
    }
    assert!(checked > 50, "the super:: paths were read ({checked})");
    assert!(
        climbs.is_empty(),
        "files reach up to their folder's mod.rs (import the sibling that defines the item instead): {climbs:#?}"
    );
    for (folder, graph) in &edges {
        // Depth-first search for a circle among the siblings.
        fn visit<'a>(
            m: &'a str,
            graph: &'a BTreeMap<String, BTreeSet<String>>,
            state: &mut BTreeMap<&'a str, u8>,
            trail: &mut Vec<&'a str>,
        ) -> Option<Vec<String>> {
            match state.get(m) {
                Some(1) => {
                    let from = trail.iter().position(|t| *t == m).unwrap();
                    return Some(trail[from..].iter().map(|s| s.to_string()).collect());
                }
                Some(_) => return None,
                None => {}
            }
            state.insert(m, 1);
            trail.push(m);
            for next in graph.get(m).into_iter().flatten() {
                if let Some(circle) = visit(next, graph, state, trail) {
                    return Some(circle);
                }
            }
            trail.pop();
            state.insert(m, 2);
            None
        }
        let mut state = BTreeMap::new();
        for m in graph.keys() {
            let circle = visit(m, graph, &mut state, &mut Vec::new());
            assert!(
                circle.is_none(),
                "{}: an import circle {circle:?}",
                folder.display()
            );
        }
    }
}

/// The modules only the crate itself uses: private without the
/// `internals` feature (ARCHITECTURE.md, "The public surface").
const INTERNAL_MODULES: [&str; 3] = ["batch", "construct", "primitives"];

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out
}

#[test]
fn the_internal_modules_are_private_and_no_face_names_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    for m in INTERNAL_MODULES {
        let gated = format!("#[cfg(not(feature = \"internals\"))]\npub(crate) mod {m};");
        assert!(
            lib.contains(&gated),
            "lib.rs: `{m}` is private without `internals`"
        );
        assert!(
            !lib.lines().any(|l| l == format!("pub mod {m};"))
                || lib.contains(&format!("#[cfg(feature = \"internals\")]\npub mod {m};")),
            "lib.rs: `{m}` is public only with `internals`"
        );
    }
    let faces = ["slidepuzzle-cli", "slidepuzzle-web", "slidepuzzle-py"];
    let mut seen = 0;
    for face in faces {
        let src = root.join("..").join(face).join("src");
        for file in rust_files(&src) {
            seen += 1;
            let code = std::fs::read_to_string(&file).unwrap();
            for m in INTERNAL_MODULES {
                assert!(
                    !code.contains(&format!("slidepuzzle::{m}::"))
                        && !code.contains(&format!("slidepuzzle::{m};")),
                    "{}: a face reaches the internal module `{m}`",
                    file.display()
                );
            }
        }
    }
    assert!(seen >= 10, "the faces' sources were read ({seen} files)");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    for face in faces {
        let face_manifest =
            std::fs::read_to_string(root.join("..").join(face).join("Cargo.toml")).unwrap();
        assert!(
            !face_manifest.contains("internals"),
            "{face} must not turn on `internals`"
        );
    }
    assert!(manifest.contains("internals = []"));
}

/// One edition and one `rust-version` for the workspace, every crate
/// inheriting both, and README naming the same minimum toolchain.
#[test]
fn one_edition_and_one_declared_toolchain() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    let workspace = read("Cargo.toml");
    let field = |name: &str| -> String {
        let line = workspace
            .lines()
            .find(|l| l.starts_with(&format!("{name} = ")))
            .unwrap_or_else(|| panic!("the workspace declares {name}"));
        line.split('"').nth(1).unwrap().to_string()
    };
    assert_eq!(field("edition"), "2024");
    let version = field("rust-version");
    for krate in [
        "slidepuzzle",
        "slidepuzzle-cli",
        "slidepuzzle-web",
        "slidepuzzle-py",
    ] {
        let manifest = read(&format!("crates/{krate}/Cargo.toml"));
        for key in ["edition.workspace = true", "rust-version.workspace = true"] {
            assert!(manifest.contains(key), "{krate}: {key}");
        }
    }
    assert!(
        read("README.md").contains(&format!("({version} or newer, the `rust-version`")),
        "README names rust-version {version}"
    );
}
