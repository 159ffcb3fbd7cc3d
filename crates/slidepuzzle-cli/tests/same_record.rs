//! One solve, one record: `solve --json` prints the record the library
//! gives for the same instance, field for field. The web API's tests
//! compare its answers with the same record, so the two faces agree
//! without the command line depending on the web crate.

use std::process::Command;

use serde_json::Value;

#[path = "../../slidepuzzle/tests/support/faces.rs"]
mod faces;

fn cli(puzzle: &str, state: &str, blanks: usize, extra: &[&str]) -> Value {
    let cache = std::env::temp_dir().join(format!("slidepuzzle-same-cache-{}", std::process::id()));
    let blanks = blanks.to_string();
    let o = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .env("XDG_CACHE_HOME", cache)
        .args(["solve", "--json", "--puzzle", puzzle, "--blanks", &blanks])
        .args(extra)
        .arg(state)
        .output()
        .expect("binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON record")
}

#[test]
fn the_cli_prints_the_library_record() {
    for instance in faces::INSTANCES {
        let (puzzle, state, blanks, algo, heuristic) = instance;
        let extra = ["--algo", algo, "--heuristic", heuristic];
        let from_cli = cli(puzzle, state, blanks, &extra);
        faces::assert_same(
            &from_cli,
            &faces::library_record(instance),
            &format!("{puzzle} {state}"),
        );
    }
}
