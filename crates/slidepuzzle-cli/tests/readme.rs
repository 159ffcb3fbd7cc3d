//! The documented examples run as written (issue 34, a newcomer's first
//! run): every line of docs/REFERENCE.md's `## Examples` block (README's
//! until issue 66 made README a newcomer's page) is given to `sh` in a fresh
//! directory, with the built binary first on `PATH` (as
//! `cargo install --path crates/slidepuzzle-cli` puts it), an empty cache
//! (`XDG_CACHE_HOME`) and the repository's `crates/` reachable from there
//! (the examples read the shipped Korf file). Each must exit 0 and print
//! something; `serve` must answer `GET /` on its port. The
//! `## Longer runs` block is run the same way by an ignored test
//! (`cargo test --release -p slidepuzzle-cli --test integration readme:: -- --ignored`):
//! minutes each, too long for every CI run.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The reference: every option, with the examples.
const REFERENCE: &str = "docs/REFERENCE.md";

/// The command lines of the first `sh` block under `heading` in the
/// reference.
fn block(heading: &str) -> Vec<String> {
    let text = std::fs::read_to_string(repo().join(REFERENCE)).expect(REFERENCE);
    let section = text
        .split(&format!("\n{heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("{REFERENCE} has no {heading:?} section"));
    let body = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .unwrap_or_else(|| panic!("{heading:?} has no sh block"));
    body.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh working directory with `crates` linked to the repository's and
/// an empty cache; the shell's `PATH` starts with the binary's directory.
fn shell(dir: &Path, line: &str) -> Command {
    let bin = Path::new(env!("CARGO_BIN_EXE_slidepuzzle"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(line)
        .current_dir(dir)
        .env("PATH", path)
        .env("XDG_CACHE_HOME", dir.join("cache"));
    cmd
}

fn workdir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("slidepuzzle-readme-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("crates");
    if !link.exists() {
        std::os::unix::fs::symlink(repo().join("crates").canonicalize().unwrap(), &link).unwrap();
    }
    dir
}

/// Starts `serve`, waits for its port, asks for the page, stops it.
fn serve(dir: &Path, line: &str) {
    // `exec`: the server replaces the shell, so killing the child stops it.
    let mut child = shell(dir, &format!("exec {line}"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let clock = Instant::now();
    let page = loop {
        if let Ok(mut s) = std::net::TcpStream::connect("127.0.0.1:8080") {
            s.write_all(b"GET / HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                .unwrap();
            let mut page = String::new();
            s.read_to_string(&mut page).ok();
            break page;
        }
        if let Ok(Some(status)) = child.try_wait() {
            let mut err = String::new();
            child.stderr.take().unwrap().read_to_string(&mut err).ok();
            panic!("{line}: exited with {status}: {err}");
        }
        assert!(
            clock.elapsed() < Duration::from_secs(30),
            "{line}: no answer on 8080"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    child.kill().ok();
    child.wait().ok();
    assert!(
        page.starts_with("HTTP/1.0 200") || page.starts_with("HTTP/1.1 200"),
        "{line}: {page:.200}"
    );
    assert!(page.contains("<html"), "{line}: {page:.200}");
}

fn run_block(heading: &str, name: &str) {
    let lines = block(heading);
    assert!(lines.len() >= 5, "{heading}: {lines:?}");
    run_lines(&lines, name);
}

/// Every command line of every `sh` block of `file` (under the repository).
fn sh_lines(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(repo().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    text.split("```sh\n")
        .skip(1)
        .filter_map(|b| b.split("\n```").next())
        .flat_map(|b| b.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Runs each line as README's examples are run, in one fresh directory.
fn run_lines(lines: &[String], name: &str) {
    let dir = workdir(name);
    for line in lines {
        if line.starts_with("slidepuzzle serve") {
            serve(&dir, line);
            continue;
        }
        let clock = Instant::now();
        let out = shell(&dir, line).output().expect("sh runs");
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert!(
            out.status.success(),
            "{line}\nexit {:?}\n{stdout}\n{stderr}",
            out.status
        );
        assert!(
            !stdout.trim().is_empty() || line.contains('>') || line.contains("-o "),
            "{line}: printed nothing"
        );
        // A newcomer's terminal is not flooded (issue 66: two examples
        // printed 329 KB and 1.6 MB); big answers go to files.
        assert!(
            stdout.len() < 20_000,
            "{line}: printed {} bytes",
            stdout.len()
        );
        eprintln!("{:6.1} s  {line}", clock.elapsed().as_secs_f64());
    }
    // Run from the repository's root, the examples would leave only what
    // .gitignore names (issue 66: 7 untracked files and folders).
    let ignored = std::fs::read_to_string(repo().join(".gitignore")).expect(".gitignore");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name == "crates" || name == "cache" {
            continue;
        }
        assert!(
            ignored
                .lines()
                .any(|l| l.trim_end_matches('/') == format!("/{name}")),
            "the examples leave {name}, which .gitignore does not name"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_example_in_the_reference_runs_as_written() {
    run_block("## Examples", "examples");
}

/// docs/GUIDE.md (issue 66): every command of the guide by task runs as
/// written, as README's examples do.
#[test]
fn every_command_in_the_guide_runs_as_written() {
    let lines = sh_lines("docs/GUIDE.md");
    assert!(lines.len() >= 25, "{lines:?}");
    run_lines(&lines, "guide");
}

#[test]
#[ignore = "minutes: the reference's longer runs (benchmarks, a 1000 x 1000 board, a God's number)"]
fn every_longer_run_in_the_reference_runs_as_written() {
    run_block("## Longer runs", "longer");
}

/// The README opens with two commands: a solve through `cargo run
/// --release --` and the test command. The solve is one of the
/// `## Examples` lines (so the test above runs it on the build under test,
/// and CI needs no second build to run it), and the test command is the
/// script CI runs.
#[test]
fn the_readme_opens_with_a_solve_the_examples_run_and_the_test_command() {
    let readme = std::fs::read_to_string(repo().join("README.md")).expect("README.md");
    let opening = readme
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("\n```").next())
        .expect("README.md opens with an sh block");
    let lines: Vec<&str> = opening.lines().map(str::trim).collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let solve = lines[0]
        .strip_prefix("cargo run --release -- ")
        .unwrap_or_else(|| panic!("the first command is not a cargo run: {}", lines[0]));
    assert!(solve.starts_with("solve "), "{solve}");
    let examples = block("## Examples");
    assert!(
        examples
            .iter()
            .any(|l| l.strip_prefix("slidepuzzle ").is_some_and(|l| l
                .split("  #")
                .next()
                .unwrap()
                .trim()
                == solve)),
        "`slidepuzzle {solve}` is not among the examples"
    );
    assert_eq!(lines[1], "bash scripts/test");
    let ci = std::fs::read_to_string(repo().join(".ci/run")).expect(".ci/run");
    assert!(ci.contains("bash scripts/test"), ".ci/run does not run it");
}

/// The anchor GitHub gives a heading: lower case, spaces as dashes, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Every relative link of README.md, ARCHITECTURE.md and docs/*.md
/// (issue 66: the guide is link-checked in CI) names a file of the
/// repository, and its `#anchor`, if any, a heading of that file.
#[test]
fn every_link_in_the_documentation_leads_somewhere() {
    let root = repo();
    let mut files = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (_, rest) in text.match_indices("](").map(|(i, _)| ((), &text[i + 2..])) {
            let Some(target) = rest.split(')').next() else {
                continue;
            };
            if target.contains("://") || target.starts_with("mailto:") || target.contains(' ') {
                continue;
            }
            checked += 1;
            let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
            let linked = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            if !linked.exists() {
                broken.push(format!("{}: {target} (no such file)", file.display()));
                continue;
            }
            if !fragment.is_empty() {
                let headings = std::fs::read_to_string(&linked).unwrap_or_default();
                let found = headings
                    .lines()
                    .filter_map(|l| l.strip_prefix('#'))
                    .map(|l| anchor(l.trim_start_matches('#')))
                    .any(|a| a == fragment);
                if !found {
                    broken.push(format!("{}: {target} (no such heading)", file.display()));
                }
            }
        }
    }
    assert!(checked >= 20, "only {checked} links found");
    assert!(broken.is_empty(), "{broken:#?}");
}
