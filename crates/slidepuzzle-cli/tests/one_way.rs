//! The command line on puzzles with one-way edges (issue 31): check,
//! solve, scramble, analyze, godsnumber and render take them; what
//! assumes two-way moves says so with exit code 2.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    let cache = std::env::temp_dir().join(format!("slidepuzzle-one-way-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .env("XDG_CACHE_HOME", cache)
        .args(args)
        .output()
        .expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn check_tells_a_turn_of_the_directed_cycle_from_a_swap() {
    // dcycle:4 turns its three tiles round; a swap is out of reach.
    let o = run(&["check", "--json", "--puzzle", "dcycle:4", "3 1 2 0"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solvable"], true, "{v}");
    let o = run(&["check", "--json", "--puzzle", "dcycle:4", "2 1 3 0"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["solvable"], false);
    assert!(
        v["reason"].as_str().unwrap().contains("two-way version"),
        "{v}"
    );
    // The Schreier-Sims oracle on the closed blank walks agrees.
    let o = run(&[
        "check",
        "--json",
        "--method",
        "schreier-sims",
        "--puzzle",
        "dcycle:4",
        "2 1 3 0",
    ]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (v["solvable"].as_bool(), v["decided_by"].as_str()),
        (Some(false), Some("schreier-sims"))
    );
}

#[test]
fn a_scrambled_street_grid_is_solved_along_the_arcs() {
    let o = run(&[
        "scramble",
        "--puzzle",
        "4x4:streets",
        "--seed",
        "3",
        "--moves",
        "40",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let state = stdout(&o).lines().next().unwrap().to_string();
    let o = run(&["solve", "--json", "--puzzle", "4x4:streets", &state]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(v["optimal"], true, "{v}");
    assert!(v["length"].as_u64().unwrap() <= 40);
    // The uniform scramble of a strongly connected one-way puzzle works
    // too; solving it is left to the benches (it can take long).
    let o = run(&["scramble", "--puzzle", "4x4:streets", "--seed", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Not strongly connected: only walks.
    let o = run(&["scramble", "--puzzle", "3x3:streets", "--seed", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("strongly connected"), "{}", stderr(&o));
}

#[test]
fn analyze_and_godsnumber_describe_one_way_puzzles() {
    let o = run(&["analyze", "--puzzle", "4x4:streets"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(
        text.contains("24 one-way edges") && text.contains("strongly connected: yes"),
        "{text}"
    );
    assert!(text.contains("puzzle group: A_15"), "{text}");
    let o = run(&["analyze", "--json", "--puzzle", "arcs:1>0,0>2,2-3"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (v["one_way"].as_bool(), v["strongly_connected"].as_bool()),
        (Some(true), Some(false))
    );
    let o = run(&["godsnumber", "--json", "--puzzle", "dcycle:4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    // 4 blank vertices x 3 turns of the tiles; the blank goes round one way.
    assert_eq!(v["states"], 12, "{v}");
    assert_eq!(v["diameter"], 11, "{v}");
}

#[test]
fn render_draws_an_arrow_on_every_one_way_edge() {
    let o = run(&["render", "--puzzle", "arcs:0>1,1>2,2>0,2-3", "1 2 3 0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches("class=\"arrow\"").count(), 3);
}

#[test]
fn what_assumes_two_way_moves_refuses_with_exit_code_2() {
    for args in [
        &["group", "--puzzle", "dcycle:5"][..],
        &[
            "solve",
            "--heuristic",
            "pdb",
            "--puzzle",
            "dcycle:4",
            "3 1 2 0",
        ][..],
        &[
            "solve",
            "--metric",
            "mtm",
            "--puzzle",
            "4x4:streets",
            "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
        ][..],
    ] {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains("one-way"), "{args:?}: {}", stderr(&o));
    }
    for (spec, says) in [
        ("arcs:0>1,0>1", "repeats item 1"),
        ("arcs:0>1,1>x", "'x' is not a vertex number"),
        ("dcycle:2", "at least 3"),
    ] {
        let o = run(&["check", "--puzzle", spec, "1 0"]);
        assert_eq!(o.status.code(), Some(2), "{spec}");
        assert!(stderr(&o).contains(says), "{spec}: {}", stderr(&o));
    }
}
