//! End-to-end tests of the speedsolver commands: `solve --metric`,
//! listings (`--all-optimal`, `--count`, `--beyond-optimal`,
//! `--count-only`), `--good-moves`, `review` (alias `opt-diff`),
//! `optimize` and the `moves` notation tools, with their JSON and their
//! errors (exit code 2, a message).

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    let cache =
        std::env::temp_dir().join(format!("slidepuzzle-speed-cache-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .env("XDG_CACHE_HOME", cache)
        .args(args)
        .output()
        .expect("binary runs")
}

fn out(o: &Output) -> String {
    assert!(
        o.status.success(),
        "exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(out(o).trim()).expect("one JSON object")
}

fn fails(args: &[&str], needle: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(needle), "{args:?}: {err}");
}

const HARD8: &str = "8 6 7/2 5 4/3 0 1";

#[test]
fn mtm_solves_the_hardest_eight_puzzle_in_twenty() {
    let o = run(&["solve", "--metric", "mtm", "--json", HARD8]);
    let r = json(&o);
    assert_eq!(r["mtm"], 20);
    // The length is in the metric asked for, as in Python and the API.
    assert_eq!(r["length"], 20);
    assert_eq!(r["stm"], r["steps"].as_array().unwrap().len());
    assert_eq!(r["metric"], "mtm");
    assert_eq!(r["optimal"], true);
}

#[test]
fn all_optimal_solutions_are_listed_and_counted() {
    let listed = out(&run(&["solve", "--all-optimal", HARD8]));
    let lines: Vec<&str> = listed.lines().collect();
    let counted = json(&run(&["solve", "--count-only", "--json", HARD8]));
    assert_eq!(counted["count"].as_u64().unwrap() as usize, lines.len());
    assert_eq!(counted["length"], 31);
    assert!(counted.get("optimal_length").is_none());
    assert!(counted.get("solutions").is_none());
    let all = json(&run(&["solve", "--all-optimal", "--json", HARD8]));
    let sols = all["solutions"].as_array().unwrap();
    // Each listed solution is what a solve record gives: letters, the
    // blank path from its start, the steps and the lengths.
    let letters: Vec<&str> = sols.iter().map(|s| s["moves"].as_str().unwrap()).collect();
    assert_eq!(letters, lines);
    for s in sols {
        assert_eq!(
            (s["length"].as_u64(), s["stm"].as_u64()),
            (Some(31), Some(31))
        );
        let path = s["blank_path"].as_array().unwrap();
        assert_eq!(path.len(), 32);
        assert_eq!(path[0], 7, "the blank starts on vertex 7");
        assert_eq!(s["steps"].as_array().unwrap().len(), 31);
    }
    // Each one is 31 moves long and solves the position.
    for s in letters {
        let len = out(&run(&["moves", "length", "--metric", "stm", s]));
        assert_eq!(len.trim(), "31");
        let end = out(&run(&["apply", HARD8, s]));
        assert_eq!(end.trim(), "1 2 3/4 5 6/7 8 0");
    }
    let two = out(&run(&["solve", "--count", "2", HARD8]));
    assert_eq!(two.lines().collect::<Vec<_>>(), lines[..2]);
    let mtm = json(&run(&[
        "solve",
        "--all-optimal",
        "--metric",
        "mtm",
        "--json",
        HARD8,
    ]));
    assert_eq!(mtm["length"], 20);
    let sols = mtm["solutions"].as_array().unwrap();
    assert_eq!(mtm["count"].as_u64().unwrap() as usize, sols.len());
    assert!(sols.iter().all(|s| s["length"] == 20 && s["mtm"] == 20));
}

#[test]
fn listings_work_on_graphs_with_blank_paths() {
    let r = json(&run(&[
        "solve",
        "--all-optimal",
        "--beyond-optimal",
        "2",
        "--json",
        "--puzzle",
        "petersen",
        "9 2 3 4 5 6 7 8 1 0",
    ]));
    let sols = r["solutions"].as_array().unwrap();
    assert!(!sols.is_empty());
    // No letters on a graph: the blank path (from vertex 9) says the moves.
    for s in sols {
        assert_eq!(s["moves"], serde_json::Value::Null);
        assert_eq!(s["mtm"], serde_json::Value::Null);
        let path = s["blank_path"].as_array().unwrap();
        assert_eq!(path[0], 9);
        assert_eq!(path.len() as u64, s["stm"].as_u64().unwrap() + 1);
        let written: Vec<String> = path.iter().map(|v| v.to_string()).collect();
        let end = out(&run(&[
            "apply",
            "--puzzle",
            "petersen",
            "9 2 3 4 5 6 7 8 1 0",
            &written.join("-"),
        ]));
        assert_eq!(end.trim(), "1 2 3 4 5 6 7 8 9 0");
    }
    assert_eq!(r["complete"], true);
}

#[test]
fn good_moves_and_review_agree() {
    let g = json(&run(&["solve", "--good-moves", "--json", HARD8]));
    assert_eq!(g["distance"], 31);
    let good: Vec<&str> = g["good"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(!good.is_empty());
    // Each move's blank path starts where the blank is (vertex 7).
    for m in g["moves"].as_array().unwrap() {
        assert_eq!(m["blank_path"][0], 7, "{m}");
        assert_eq!(m["blank_path"].as_array().unwrap().len(), 2, "{m}");
    }
    // A review of a wasteful solution: 2 moves there and back, then optimal.
    let solution = json(&run(&["solve", "--json", "1 2 3/4 5 6/0 7 8"]));
    assert_eq!(solution["moves"], "L2");
    let r = json(&run(&["review", "--json", "1 2 3/4 5 6/0 7 8", "DULL"]));
    assert_eq!(r["distances"], serde_json::json!([2, 3, 2, 1, 0]));
    assert_eq!(
        (r["length"].as_u64(), r["distance"].as_u64()),
        (Some(4), Some(2))
    );
    assert_eq!(r["waste"], 2);
    assert_eq!(r["solved"], true);
    let alias = json(&run(&["opt-diff", "--json", "1 2 3/4 5 6/0 7 8", "DULL"]));
    assert_eq!(alias["waste"], 2);
    let mtm = json(&run(&[
        "review",
        "--json",
        "--metric",
        "mtm",
        "1 2 3/4 5 6/0 7 8",
        "DULL",
    ]));
    assert_eq!(mtm["distances"], serde_json::json!([1, 2, 1, 0]));
    let human = out(&run(&["review", "1 2 3/4 5 6/0 7 8", "DULL"]));
    assert!(
        human.contains("4 moves (STM) for an optimum of 2: 2 wasted"),
        "{human}"
    );
}

#[test]
fn optimize_shortens_a_detour() {
    let r = json(&run(&[
        "optimize",
        "--json",
        "--length",
        "12",
        "1 2 3/4 5 6/7 8 0",
        "DRULDRULDRULD",
    ]));
    assert_eq!(r["before"], 13);
    assert_eq!(r["after"], 1);
    assert_eq!(r["moves"], "D");
    assert_eq!(r["blank_path"], serde_json::json!([8, 5]));
    assert_eq!(r["steps"], serde_json::json!([[5, 8]]));
}

#[test]
fn notation_tools() {
    let t = |args: &[&str]| out(&run(args)).trim().to_string();
    assert_eq!(t(&["moves", "invert", "LD2RU2"]), "D2LU2R");
    assert_eq!(t(&["moves", "transpose", "LD2RU2"]), "UR2DL2");
    assert_eq!(t(&["moves", "mirror", "LD2RU2"]), "UR2DL2");
    assert_eq!(t(&["moves", "simplify", "LLDUDRR U D"]), "L2DR2");
    assert_eq!(t(&["moves", "length", "LD2RU2LD2"]), "9 STM, 6 MTM");
    assert_eq!(t(&["moves", "concat", "R2", "RU", "D"]), "R2RUD");
    assert_eq!(t(&["moves", "slice", "R3U2L", "1", "4"]), "R2U");
    assert_eq!(
        t(&["moves", "slice", "--metric", "mtm", "R3U2L", "1", "3"]),
        "U2L"
    );
    assert_eq!(
        t(&["moves", "from-solution", "--puzzle", "3x3", "L2"]),
        "1 2 3/4 5 6/0 7 8"
    );
    assert_eq!(
        t(&["moves", "apply-to-solved", "--puzzle", "3x3", "R2"]),
        "1 2 3/4 5 6/0 7 8"
    );
    // Graphs: blank paths written with their start.
    assert_eq!(t(&["moves", "invert", "9-4-3"]), "3-4-9");
    assert_eq!(t(&["moves", "simplify", "9-4-9-6"]), "9-6");
    assert_eq!(t(&["moves", "length", "9-4-3"]), "2 STM");
}

#[test]
fn filters_keep_solvable_positions_and_optimal_solutions() {
    use std::io::Write;
    let cache =
        std::env::temp_dir().join(format!("slidepuzzle-speed-cache-{}", std::process::id()));
    let filter = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
            .env("XDG_CACHE_HOME", &cache)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let o = filter(
        &["filter", "solvable"],
        "1 2 3/4 5 6/0 7 8\n# a comment\n1 2 3/4 5 6/8 7 0\n",
    );
    assert_eq!(out(&o), "1 2 3/4 5 6/0 7 8\n");
    let o = filter(&["filter", "optimal", "--puzzle", "3x3"], "L2\nDULL\nRL\n");
    assert_eq!(out(&o), "L2\n");
    let o = filter(
        &["filter", "optimal"],
        "1 2 3/4 5 6/0 7 8\tL2\n1 2 3/4 5 6/0 7 8 | DULL\n",
    );
    assert_eq!(out(&o), "1 2 3/4 5 6/0 7 8\tL2\n");
    let o = filter(&["filter", "solvable"], "1 2 3/4 5 6/0 7 8\n1 2 3/4 5\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2"));
}

#[test]
fn bad_input_is_refused_with_a_message() {
    fails(&["solve", "--metric", "htm", HARD8], "unknown metric 'htm'");
    fails(
        &[
            "solve",
            "--metric",
            "mtm",
            "--puzzle",
            "petersen",
            "9 2 3 4 5 6 7 8 1 0",
        ],
        "straight lines",
    );
    fails(
        &["solve", "--metric", "mtm", "--heuristic", "lc", HARD8],
        "overestimates",
    );
    fails(&["moves", "invert", "R3X"], "'X' at position 3");
    fails(
        &["moves", "invert", "8--7"],
        "item 2 of the blank path is empty",
    );
    fails(&["moves", "slice", "R3", "2", "9"], "not within 0..3");
    fails(
        &["moves", "concat", "R", "1-2"],
        "cannot join letters and a blank path",
    );
    fails(
        &["moves", "apply-to-solved", "--puzzle", "3x3", "U"],
        "goes off the board",
    );
    fails(&["review", "1 2 3/4 5 6/0 7 8", "UU"], "goes off the board");
    fails(&["optimize", "--length", "1", HARD8, "D"], "at least 2");
}

/// One MTM rule: a solution's `mtm` (the library's count, as the JSON
/// record and `solve` print it) equals `moves length --puzzle P` of its
/// letters, on boards and tori, where a run around a torus line of L
/// counts once per L - 1 tiles (`R3` on a 3-torus: two moves, as the
/// solver's MTM search counts it).
#[test]
fn one_multi_tile_rule_for_solutions_and_moves_length() {
    assert_eq!(
        out(&run(&["moves", "length", "--puzzle", "3x3:torus", "R3"])).trim(),
        "3 STM, 2 MTM"
    );
    assert_eq!(out(&run(&["moves", "length", "R3"])).trim(), "3 STM, 1 MTM");
    for spec in ["3x3", "4x3", "3x3:torus", "4x4:torus", "2x2x3"] {
        for seed in ["1", "2", "3"] {
            let state = out(&run(&["scramble", "--puzzle", spec, "--seed", seed]));
            let o = run(&[
                "solve",
                "--json",
                "--algo",
                "constructive",
                "--puzzle",
                spec,
                state.trim(),
            ]);
            let solved = json(&o);
            let letters = solved["moves"]
                .as_str()
                .unwrap_or_else(|| panic!("{spec}: {solved}"));
            let mtm = solved["mtm"].as_u64().unwrap();
            let counted = out(&run(&[
                "moves", "length", "--metric", "mtm", "--puzzle", spec, letters,
            ]));
            assert_eq!(
                counted.trim(),
                mtm.to_string(),
                "{spec} seed {seed}: {letters}"
            );
        }
    }
}
