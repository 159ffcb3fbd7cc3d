//! `slidepuzzle rotating` (issue 31, part 3): rotating puzzles from the
//! command line; bad input exits 2 with the position named, a stopped
//! search exits 1.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .arg("rotating")
        .args(args)
        .output()
        .expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn analyze_names_the_group_and_how_it_was_found() {
    let o = run(&["analyze", "3x2:twiddle"]);
    assert!(o.status.success());
    assert!(
        stdout(&o).contains("group: PGL(2,5), order 120 of 720"),
        "{}",
        stdout(&o)
    );
    let o = run(&["analyze", "--json", "6x6:twiddle"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (&v["group"], &v["pieces"][0]["method"]),
        (&serde_json::json!("S_36"), &serde_json::json!("jordan")),
        "{v}"
    );
}

#[test]
fn a_scramble_is_solved_and_the_moves_apply_back_to_the_goal() {
    let o = run(&["scramble", "3x3:twiddle", "--seed", "7"]);
    let scrambled = stdout(&o).trim().to_string();
    let o = run(&["solve", "--json", "3x3:twiddle", &scrambled]);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["optimal"], true, "{v}");
    let moves = v["moves"].as_str().unwrap();
    let o = run(&["apply", "3x3:twiddle", moves, "--state", &scrambled]);
    assert_eq!(stdout(&o).trim(), "1 2 3 4 5 6 7 8 9");
    let o = run(&["check", "rotate:0-1-2,2-3-4", "2 1 3 4 5"]);
    assert!(
        stdout(&o).starts_with("unsolvable: every cycle"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn bad_input_exits_2_and_a_stopped_search_exits_1() {
    for (args, says) in [
        (vec!["analyze", "rotate:0-1,1-x"], "character 14"),
        (
            vec!["check", "2x2:twiddle", "1 2 2 4"],
            "token 2 is at positions 2 and 3",
        ),
        (vec!["apply", "2x2:twiddle", "1 5'"], "move 2"),
        (
            vec!["solve", "16x16:twiddle", "@/nonexistent-file"],
            "nonexistent-file",
        ),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(says), "{args:?}: {e}");
    }
    let scrambled = stdout(&run(&["scramble", "5x5:twiddle", "--seed", "1"]));
    let o = run(&[
        "solve",
        "5x5:twiddle",
        scrambled.trim(),
        "--max-nodes",
        "1000",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).starts_with("stopped:"), "{}", stdout(&o));
}
