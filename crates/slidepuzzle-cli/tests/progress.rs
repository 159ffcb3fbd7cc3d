//! Long runs show progress on a terminal (issue 66): each command runs
//! under a pseudo-terminal (util-linux `script`, present on every Linux CI
//! machine; its absence fails the test) and its output must hold the
//! progress line.

use std::process::Command;

/// Runs the binary with `args` under a pseudo-terminal in `dir`; returns
/// what the terminal showed, carriage returns as line breaks, and asserts
/// that the command succeeded.
fn on_a_terminal(dir: &std::path::Path, args: &[&str]) -> String {
    let (text, code) = on_a_terminal_with_code(dir, args);
    assert_eq!(code, Some(0), "{args:?}: {text}");
    text
}

/// As [`on_a_terminal`], with the exit code instead of the assertion.
fn on_a_terminal_with_code(dir: &std::path::Path, args: &[&str]) -> (String, Option<i32>) {
    let bin = env!("CARGO_BIN_EXE_slidepuzzle");
    let mut line = format!("'{bin}'");
    for a in args {
        line.push_str(&format!(" '{a}'"));
    }
    let out = Command::new("script")
        .args(["-q", "-e", "-c", &line, "/dev/null"])
        .current_dir(dir)
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .expect("util-linux `script` runs (it gives the commands a terminal)");
    let text = String::from_utf8_lossy(&out.stdout).replace('\r', "\n");
    (text, out.status.code())
}

#[test]
fn long_runs_show_progress_on_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // godsnumber: each depth as it is found.
    let text = on_a_terminal(d, &["godsnumber", "--puzzle", "4x2"]);
    assert!(text.contains("depth 10: "), "{text}");
    // experiment: instances done of all, with an estimate of the rest.
    let text = on_a_terminal(d, &["experiment", "astar-vs-bfs", "--instances", "6"]);
    assert!(text.contains("/18 instances, ETA"), "{text}");
    assert!(text.contains("Seed 000 section 7"), "{text}");
    // pdb build: the share of placements reached, per table.
    let cache = d.join("tables");
    let cache = cache.to_str().unwrap();
    let text = on_a_terminal(
        d,
        &[
            "pdb",
            "build",
            "--puzzle",
            "4x4",
            "--partition",
            "5-5-5",
            "--cache-dir",
            cache,
        ],
    );
    assert!(text.contains("% of placements"), "{text}");
    // A constructive solve --output: the bytes of moves written so far.
    let start = on_a_terminal(d, &["scramble", "--puzzle", "200x200", "--seed", "1"]);
    std::fs::write(d.join("big.txt"), start.trim()).unwrap();
    let text = on_a_terminal(
        d,
        &[
            "solve",
            "--puzzle",
            "200x200",
            "--output",
            "moves.txt",
            "@big.txt",
        ],
    );
    assert!(text.contains("of moves written to moves.txt"), "{text}");
    assert!(text.contains("streamed and verified by replay"), "{text}");
    // Weighted A* (issue 66 item 2: only a clock before): the length no
    // solution is under and the nodes so far, about once a second; here
    // stopped by --timeout (exit 1) on a Segerman scramble it needs about
    // a minute for.
    let start = on_a_terminal(d, &["scramble", "--puzzle", "segerman", "--seed", "1"]);
    let (text, code) = on_a_terminal_with_code(
        d,
        &[
            "solve",
            "--puzzle",
            "segerman",
            "--algo",
            "wastar",
            "--timeout",
            "3",
            start.trim(),
        ],
    );
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("searching: no solution shorter than") && text.contains("M nodes so far"),
        "{text}"
    );
}
