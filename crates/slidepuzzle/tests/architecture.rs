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
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
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
