//! End-to-end tests of the `slidepuzzle` binary: output, JSON, batches and
//! bad input (exit code 2, a message naming the problem, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The binary, with the platform cache directory pointed at a directory of
/// the test run (pattern databases built by default land there, not in the
/// user's cache).
fn binary() -> Command {
    let cache = std::env::temp_dir().join(format!("slidepuzzle-cli-cache-{}", std::process::id()));
    let mut c = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"));
    c.env("XDG_CACHE_HOME", cache);
    c
}

fn run(args: &[&str]) -> Output {
    binary().args(args).output().expect("binary runs")
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    let mut child = binary()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn readme_solve_command_works() {
    let o = run(&["solve", "8 6 7/2 5 4/3 0 1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("31 moves"), "{out}");
    assert!(out.contains("optimal"), "{out}");
    assert!(out.contains("moves: "), "{out}");
}

#[test]
fn solve_json_has_the_documented_fields_and_replays() {
    let o = run(&["solve", "--json", "1 2 3/4 5 6/0 7 8"]);
    assert!(o.status.success());
    let v = &json_lines(&o)[0];
    assert_eq!(v["length"], 2);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["moves"], "L2");
    // The blank's vertices with its start, and the same moves as steps.
    assert_eq!(v["blank_path"], serde_json::json!([6, 7, 8]));
    assert_eq!(v["steps"], serde_json::json!([[7, 6], [8, 7]]));
    for key in [
        "id",
        "expanded",
        "generated",
        "seconds",
        "mtm",
        "stm",
        "tiles",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    // Apply the printed moves and get the goal back.
    let a = run(&["apply", "1 2 3/4 5 6/0 7 8", v["moves"].as_str().unwrap()]);
    assert_eq!(stdout(&a).trim(), "1 2 3/4 5 6/7 8 0");
}

#[test]
fn graph_puzzles_solve_from_the_cli() {
    for (puzzle, state) in [
        ("theta0", "3 5 4 0 2 6 1"),
        ("2x2x2", "0 2/3 1/6 7/4 5"),
        ("theta:1,2,3", "5 0 3 7 4 1 2 6"),
        ("cycle:6", "2 3 4 5 1 0"),
        ("petersen", "9 2 3 4 5 6 7 8 1 0"),
    ] {
        let o = run(&["solve", "--json", "--puzzle", puzzle, state]);
        assert!(o.status.success(), "{puzzle}: {}", stderr(&o));
        let v = &json_lines(&o)[0];
        assert_eq!(v["optimal"], true, "{puzzle}: {v}");
        assert!(v["length"].as_u64().unwrap() > 0);
    }
}

#[test]
fn json_graph_file() {
    let dir = std::env::temp_dir().join(format!("slidepuzzle-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("house.json");
    std::fs::write(
        &file,
        r#"{"name": "house", "vertices": ["a","b","c","d","e"],
            "edges": [["a","b"],["b","c"],["c","d"],["d","a"],["c","e"],["d","e"]],
            "positions": [[0,0],[1,0],[1,1],[0,1],[0.5,2]]}"#,
    )
    .unwrap();
    let spec = format!("graph:{}", file.display());
    let o = run(&["solve", "--json", "--puzzle", &spec, "4 3 2 1 0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(json_lines(&o)[0]["optimal"], true);
    let o = run(&["check", "--puzzle", &spec, "2 1 3 4 0"]);
    assert!(stdout(&o).starts_with("solvable"), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn loyd_14_15_is_unsolvable_at_once() {
    let o = run(&["check", "--json", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"]);
    let v = &json_lines(&o)[0];
    assert_eq!(v["solvable"], false);
    assert!(v["reason"].as_str().unwrap().contains("odd"));
    let o = run(&["solve", "--json", "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"]);
    assert!(o.status.success());
    assert_eq!(json_lines(&o)[0]["solvable"], false);
}

#[test]
fn batch_of_korf_lines_in_input_order() {
    let input = "# two of Korf's instances\n79 0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15\n\n12 14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15\n";
    let o = run_stdin(
        &[
            "solve",
            "--json",
            "--file",
            "-",
            "--size",
            "4x4",
            "--goal",
            "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
        ],
        input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(
        (lines[0]["id"].as_str(), lines[0]["length"].as_u64()),
        (Some("79"), Some(42))
    );
    assert_eq!(
        (lines[1]["id"].as_str(), lines[1]["length"].as_u64()),
        (Some("12"), Some(45))
    );
}

#[test]
fn limits_stop_with_exit_1_and_the_bound() {
    let o = run(&[
        "solve",
        "--json",
        "--max-nodes",
        "100000",
        "--heuristic",
        "lc",
        "--size",
        "4x4",
        "--goal",
        "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v = &json_lines(&o)[0];
    assert_eq!(v["stopped"], "max_nodes");
    assert!(v["bound"].as_u64().unwrap() >= 41);
}

#[test]
fn scramble_is_reproducible_and_solvable() {
    let a = run(&["scramble", "--puzzle", "4x4", "--seed", "5", "--count", "3"]);
    let b = run(&["scramble", "--puzzle", "4x4", "--seed", "5", "--count", "3"]);
    assert_eq!(stdout(&a), stdout(&b));
    for line in stdout(&a).lines() {
        let c = run(&["check", line]);
        assert!(stdout(&c).starts_with("solvable"), "{line}");
    }
}

#[test]
fn show_draws_the_board() {
    let o = run(&["show", "1 2 3/4 5 6/7 8 0"]);
    assert_eq!(stdout(&o), "1 2 3\n4 5 6\n7 8 .\n");
}

#[test]
fn bad_input_gives_exit_2_and_names_the_problem() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "1 2 3/4 5 6/7 8"], "row 3 has 2 tiles"),
        (
            &["solve", "1 2 3/4 5 5/7 8 0"],
            "tile 5 is duplicated (positions 5 and 6)",
        ),
        (
            &["solve", "1 2 3/4 5 6/7 8 9"],
            "tile 9 at position 9 is out of range",
        ),
        (
            &["solve", "--puzzle", "3x3", "1 2 3 4 5 6 7 8"],
            "expected 9 labels",
        ),
        (&["solve", "1 2 3/4 x 6/7 8 0"], "'x' in row 2"),
        (
            &["apply", "1 2 3/4 5 6/7 8 0", "RRQ"],
            "unknown move letter 'Q' at position 3",
        ),
        (
            &["apply", "1 2 3/4 5 6/7 8 0", "RRR"],
            "move 'R' at position 3 goes off the board",
        ),
        (
            &["solve", "--puzzle", "hexagon", "1 0"],
            "puzzle spec 'hexagon': unknown puzzle",
        ),
        (&["solve", "--puzzle", "cycle:2", "1 0"], "at least 3"),
        (
            &["solve", "--puzzle", "graph:/nonexistent/g.json", "1 0"],
            "/nonexistent/g.json: No such file",
        ),
        (
            &["solve", "--algo", "magic", "1 2 3/4 5 6/7 8 0"],
            "unknown algorithm 'magic'",
        ),
        (
            &[
                "solve",
                "--algo",
                "wastar",
                "--weight",
                "0.5",
                "1 2 3/4 5 6/7 8 0",
            ],
            "--weight: must be a number >= 1, got 0.5",
        ),
        (
            &["solve", "--goal", "1 2 3/4 5 6/7 7 0", "1 2 3/4 5 6/7 8 0"],
            "goal: tile 7 is duplicated",
        ),
        (&["solve", "1 2 0"], "cannot tell the puzzle"),
        (&["scramble"], "give the puzzle"),
    ];
    for (args, needle) in cases {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn bad_batch_lines_name_the_line() {
    let o = run_stdin(
        &["solve", "--file", "-"],
        "1 2 3/4 5 6/7 0 8\n# fine\n1 2 3/4 5 6/7 7 0\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 3"), "{}", stderr(&o));
}

#[test]
fn analyze_reports_groups_and_big_orders() {
    let o = run(&["analyze", "--json", "--puzzle", "5x5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(v["group"], "A_24");
    // 24!/2 does not fit in 64 bits.
    assert_eq!(v["group_order"], "310224200866619719680000");
    assert_eq!(v["classes"], "2");
    for key in [
        "vertices",
        "edges",
        "components",
        "bipartite",
        "cyclomatic_number",
        "articulation_points",
        "blocks",
        "reachable_configurations",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let o = run(&["analyze", "--json", "--puzzle", "theta0"]);
    assert_eq!(json_lines(&o)[0]["reachable_configurations"], "840");
}

#[test]
fn perm_follows_seed_001() {
    let o = run(&[
        "perm",
        "--puzzle",
        "4x4",
        "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
        "11-10-6-5-1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("(2,16,12,11,7,6)\n"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("parity: odd"));
    // Seed 001's example position in its toroidal model.
    let o = run(&[
        "perm",
        "--json",
        "--puzzle",
        "4x4",
        "15 12 7 1/14 10 0 5/2 6 11 9/3 4 8 13",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(
        v["toroidal"]["element"],
        "(1,9)(3,6)(4,11,12,7)(5,13)(10,15) * (16,18)(17,19) * (20,21,22,23)"
    );
    assert_eq!(v["toroidal"]["degree"], 23);
}

#[test]
fn words_reproduce_seed_004() {
    let o = run(&[
        "words",
        "--json",
        "--gens",
        "(1,2,3),(3,4,5)",
        "--element",
        "(1,2)(4,5)",
    ]);
    let v = &json_lines(&o)[0];
    assert_eq!(
        (v["max_length"].as_u64(), v["farthest_count"].as_u64()),
        (Some(6), Some(1))
    );
    assert_eq!(v["farthest"][0], "(1,2)(4,5)");
    assert_eq!(v["element_length"], 6);
    let o = run(&["words", "--json", "--gens", "(1,2,3),(3,4,5),(5,6,1)"]);
    let v = &json_lines(&o)[0];
    assert_eq!(
        (v["max_length"].as_u64(), v["farthest_count"].as_u64()),
        (Some(5), Some(46))
    );
    let o = run(&["words", "--gens", "(1,2,x)"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("generator 1"), "{}", stderr(&o));
}

#[test]
fn gap_script_ends_by_printing_the_order() {
    let o = run(&["group", "--gap", "--puzzle", "4x4"]);
    let s = stdout(&o);
    assert!(s.contains("G := Group(g1,"), "{s}");
    assert!(
        s.contains("L := (1,4,3,2)(5,8,7,6)(9,12,11,10)(13,15,14)(20,21,22,23);"),
        "{s}"
    );
    assert!(s.trim_end().ends_with("Print(Size(G), \"\\n\");"));
}

#[test]
fn both_check_methods_agree() {
    for (puzzle, state) in [
        ("theta0", "2 1 3 4 5 6 0"),
        ("theta0", "3 5 4 0 2 6 1"),
        ("cycle:5", "2 3 4 1 0"),
        ("3x3", "2 1 3/4 5 6/7 8 0"),
    ] {
        let a = run(&["check", "--json", "--puzzle", puzzle, state]);
        let b = run(&[
            "check",
            "--json",
            "--method",
            "schreier-sims",
            "--puzzle",
            puzzle,
            state,
        ]);
        assert_eq!(
            json_lines(&a)[0]["solvable"],
            json_lines(&b)[0]["solvable"],
            "{puzzle} {state}"
        );
    }
}

/// Runs GAP on a script if GAP is installed (`.ci/run` installs Debian's
/// gap-core); `None` when it is not.
fn gap(script: &str) -> Option<String> {
    let mut child = Command::new("gap")
        .args(["-q", "-b"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn gap_confirms_group_orders_and_the_composition_convention() {
    if gap("Print(1);\nQUIT;\n").is_none() {
        // A missing tool fails the test (scripts/test installs GAP); a
        // developer may skip it explicitly, never silently.
        assert!(
            std::env::var_os("SLIDEPUZZLE_SKIP_MISSING_TOOLS").is_some(),
            "GAP is not installed: run scripts/test (it installs gap-core), or set SLIDEPUZZLE_SKIP_MISSING_TOOLS=1 to skip this check"
        );
        eprintln!("note: GAP is not installed; skipped as SLIDEPUZZLE_SKIP_MISSING_TOOLS asks");
        return;
    }
    // One GAP session for every script (GAP takes a second or two to
    // start): each script prints its group's order on a line of its own,
    // and a closing line prints a product, to check the composition
    // convention.
    let puzzles = [
        "4x4",
        "3x3",
        "5x2",
        "theta0",
        "theta:2,2,3",
        "petersen",
        "cycle:6",
        "2x2x2",
        "path:4",
        "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3",
        // Tiles that turn: GAP's order of the vertex x orientation group.
        "segerman",
        "4x3:mobius",
        "3x3:twist",
        "turns:4:0-1^1,1-2,2-3,3-0",
    ];
    let mut session = String::new();
    let mut ours = Vec::new();
    for puzzle in puzzles {
        let script = stdout(&run(&["group", "--gap", "--puzzle", puzzle]));
        assert_eq!(
            script.matches("Print(").count(),
            1,
            "{puzzle}: a script prints one line\n{script}"
        );
        session.push_str(&script);
        let order =
            json_lines(&run(&["analyze", "--json", "--puzzle", puzzle]))[0]["group_order"].clone();
        ours.push(order.as_str().unwrap().to_string());
    }
    // Products read left to right in both: (1,2,3)*(3,4,5).
    session.push_str("Print((1,2,3)*(3,4,5), \"\\n\");\nQUIT;\n");
    let theirs = gap(&session).unwrap();
    let lines: Vec<&str> = theirs.lines().map(str::trim).collect();
    assert_eq!(lines.len(), puzzles.len() + 1, "GAP printed:\n{theirs}");
    for ((puzzle, ours), theirs) in puzzles.iter().zip(&ours).zip(&lines) {
        assert_eq!(*theirs, ours.as_str(), "{puzzle}");
    }
    let product = slidepuzzle::theory::Perm::parse_gap("(1,2,3)", 5)
        .unwrap()
        .then(&slidepuzzle::theory::Perm::parse_gap("(3,4,5)", 5).unwrap());
    assert_eq!(lines[puzzles.len()], product.to_gap());
}

#[test]
fn several_blanks() {
    let o = run(&[
        "check",
        "--json",
        "--puzzle",
        "path:5",
        "--blanks",
        "2",
        "2 0 1 0 3",
    ]);
    assert_eq!(json_lines(&o)[0]["solvable"], false);
    let o = run(&[
        "check",
        "--json",
        "--puzzle",
        "3x3",
        "--blanks",
        "2",
        "2 1 3/4 5 6/7 0 0",
    ]);
    assert_eq!(json_lines(&o)[0]["solvable"], true);
    let o = run(&[
        "analyze",
        "--json",
        "--puzzle",
        "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-6,6-4",
        "--blanks",
        "3",
    ]);
    let v = &json_lines(&o)[0];
    assert_eq!(
        (v["everything_reachable"].as_bool(), v["hallway"].as_u64()),
        (Some(false), Some(3))
    );
    let o = run(&[
        "check",
        "--puzzle",
        "3x3",
        "--blanks",
        "2",
        "2 1 3/4 5 6/7 8 0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("tile 8 at position 8 is out of range"),
        "{}",
        stderr(&o)
    );
    // Without --blanks the 0s of the position count them, as in Python and
    // on the page: two blanks here, solved to the two-blank goal.
    let o = run(&["solve", "--json", "2 1 3/4 5 6/7 0 0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(v["solved"], true, "{v}");
    assert!(!v["steps"].as_array().unwrap().is_empty());
    // The library checks the count; the CLI names its own flag.
    let o = run(&[
        "check",
        "--puzzle",
        "3x3",
        "--blanks",
        "9",
        "1 2 3/4 5 6/7 8 0",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--blanks: 9 blanks on 9 vertices"),
        "{}",
        stderr(&o)
    );
}

/// Listing every optimal solution and rating every move answer in one
/// blank's paths: with two blanks they are refused with a message (exit
/// 2), not answered for the first blank alone or ended by an internal
/// error.
/// Listings and move ratings with several blanks through the command
/// line: `--all-optimal`, `--count N`, `--beyond-optimal 2` and
/// `--good-moves` print the library's sets and values (which
/// `several_blanks::listings_and_move_ratings_with_several_blanks_equal_breadth_first_search`
/// checks against breadth-first search), as replayable steps; a listed
/// solution reviews with no waste.
#[test]
fn listings_and_move_ratings_work_with_several_blanks() {
    use slidepuzzle::solver::{Listed, SolutionQuery};
    let state = "1 7 2/6 0 0/4 3 5"; // 12 moves, 52 optimal solutions
    let p = slidepuzzle::Puzzle::parse("3x3").unwrap();
    let start = slidepuzzle::format::parse_configuration(&p, state, 2).unwrap();
    let goal = slidepuzzle::Configuration::natural_with_blanks(9, 2);
    let solver = slidepuzzle::Solver::new();
    let options = slidepuzzle::SolveOptions::default();
    let library = |query: SolutionQuery| {
        let mut found = Vec::new();
        let listed = solver.solutions(&p, &start, &goal, &options, &query, &mut |s| {
            found.push(s.to_vec());
            true
        });
        assert!(matches!(listed, Ok(Listed::Listed(_))), "{listed:?}");
        found
    };
    let steps_of = |v: &serde_json::Value| -> Vec<(usize, usize)> {
        let steps = v["steps"].as_array().unwrap();
        let pair = |s: &serde_json::Value| {
            (
                s[0].as_u64().unwrap() as usize,
                s[1].as_u64().unwrap() as usize,
            )
        };
        steps.iter().map(pair).collect()
    };
    let cases = [
        (
            vec!["--all-optimal"],
            SolutionQuery {
                beyond_optimal: Some(0),
                ..Default::default()
            },
        ),
        (
            vec!["--count", "60"],
            SolutionQuery {
                max_count: Some(60),
                ..Default::default()
            },
        ),
        (
            vec!["--beyond-optimal", "2"],
            SolutionQuery {
                beyond_optimal: Some(2),
                ..Default::default()
            },
        ),
    ];
    for (flags, query) in cases {
        let mut args = vec!["solve", "--json", "--puzzle", "3x3", "--blanks", "2"];
        args.extend(&flags);
        args.push(state);
        let o = run(&args);
        assert!(o.status.success(), "{flags:?}: {}", stderr(&o));
        let record = &json_lines(&o)[0];
        assert_eq!(record["length"], 12, "{flags:?}");
        let listed: Vec<_> = record["solutions"]
            .as_array()
            .unwrap()
            .iter()
            .map(steps_of)
            .collect();
        assert_eq!(listed, library(query), "{flags:?}");
        assert!(
            listed.len() > 52 || flags == ["--all-optimal"],
            "{flags:?}: {}",
            listed.len()
        );
        assert_eq!(record["count"], listed.len(), "{flags:?}");
    }
    // `solve FLAG` on the state, with two blanks on 3x3.
    let solve = |flag: &str| run(&["solve", flag, "--puzzle", "3x3", "--blanks", "2", state]);
    // In text, one line of FROM>TO steps per solution.
    let o = solve("--all-optimal");
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<String> = stdout(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 52);
    assert!(
        lines
            .iter()
            .all(|l| l.split(' ').count() == 12 && l.contains('>')),
        "{lines:?}"
    );
    let r = run(&[
        "review", "--json", "--puzzle", "3x3", "--blanks", "2", state, &lines[0],
    ]);
    assert!(r.status.success(), "{}", stderr(&r));
    let review = &json_lines(&r)[0];
    assert_eq!(
        (review["waste"].as_u64(), review["solved"].as_bool()),
        (Some(0), Some(true)),
        "{review}"
    );
    // Every move with its distance: the library's ratings.
    let o = run(&[
        "solve",
        "--good-moves",
        "--json",
        "--puzzle=3x3",
        "--blanks=2",
        state,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let record = &json_lines(&o)[0];
    let (before, moves) = solver.good_moves(&p, &start, &goal, &options).unwrap();
    assert_eq!(record["distance"], before);
    let printed = record["moves"].as_array().unwrap();
    assert_eq!(printed.len(), moves.len());
    for (shown, m) in printed.iter().zip(&moves) {
        assert_eq!(steps_of(shown), m.steps, "{shown}");
        assert_eq!(
            (shown["distance"].as_u64(), shown["good"].as_bool()),
            (Some(m.distance as u64), Some(m.good))
        );
        assert!(!stderr(&o).contains("internal error"));
    }
    assert!(moves.iter().any(|m| m.good));
}

/// A random tree with several blanks: the scramble solved constructively
/// (tiles pass each other at junctions), steps in JSON that replay to the
/// goal; a bad tree spec names what is wrong.
#[test]
fn trees_with_several_blanks_are_solved_constructively() {
    let s = run(&[
        "scramble",
        "--puzzle",
        "tree:40,2",
        "--blanks",
        "4",
        "--seed",
        "3",
    ]);
    assert!(s.status.success(), "{}", stderr(&s));
    let state = String::from_utf8(s.stdout).unwrap().trim().to_string();
    let o = run(&[
        "solve",
        "--json",
        "--puzzle",
        "tree:40,2",
        "--blanks",
        "4",
        "--algo",
        "constructive",
        &state,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    let steps: Vec<(usize, usize)> = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s[0].as_u64().unwrap() as usize,
                s[1].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let p = slidepuzzle::Puzzle::parse("tree:40,2").unwrap();
    let cells: Vec<u32> = state
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let start = slidepuzzle::model::Configuration::from_cells(cells, 4).unwrap();
    let end = slidepuzzle::moves::replay_steps(&p, &start, &steps).unwrap();
    assert_eq!(
        end,
        slidepuzzle::model::Configuration::natural_with_blanks(40, 4)
    );
    assert_eq!(v["optimal"], false);
    let bad = run(&["check", "--puzzle", "tree:1", "1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("needs at least 2 vertices"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn godsnumber_json() {
    let o = run(&[
        "godsnumber",
        "--json",
        "--puzzle",
        "3x3",
        "--max-antipodes",
        "5",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(
        (
            v["states"].as_u64(),
            v["diameter"].as_u64(),
            v["antipode_count"].as_u64()
        ),
        (Some(181_440), Some(31), Some(2))
    );
    assert_eq!(v["antipodes"].as_array().unwrap().len(), 2);
    let o = run(&["godsnumber", "--puzzle", "4x4", "--memory", "100"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("over the budget of 100 MiB"),
        "{}",
        stderr(&o)
    );
    let o = run(&["godsnumber", "--puzzle", "petersen", "--metric", "mtm"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("straight lines"), "{}", stderr(&o));
}

#[test]
fn godsnumber_sharded_on_disk_equals_the_in_memory_search_and_refuses_another_run() {
    let dir = tempfile::tempdir().unwrap();
    let shards = dir.path().join("shards");
    let s = shards.to_str().unwrap();
    let args = ["godsnumber", "--json", "--puzzle", "3x3", "--metric", "mtm"];
    let memory = json_lines(&run(&args))[0].clone();
    let o = run(&[&args[..], &["--shards", "7", "--dir", s]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let disk = &json_lines(&o)[0];
    assert_eq!(disk["distribution"], memory["distribution"]);
    assert_eq!(disk["antipodes"], memory["antipodes"]);
    assert_eq!(disk["engine"], "sharded (7 shards)");
    // The same directory for another puzzle or shard count: exit 2, why.
    for other in [
        vec!["godsnumber", "--puzzle", "3x3", "--shards", "8", "--dir", s],
        vec!["godsnumber", "--puzzle", "4x2", "--shards", "7", "--dir", s],
    ] {
        let o = run(&other);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("holds a sharded search of 3x3 (mtm, 7 shards"),
            "{}",
            stderr(&o)
        );
    }
    // --shards needs --dir; one blank only.
    let o = run(&["godsnumber", "--puzzle", "3x3", "--shards", "4"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "godsnumber",
        "--puzzle",
        "3x3",
        "--blanks",
        "2",
        "--shards",
        "4",
        "--dir",
        s,
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("one blank"), "{}", stderr(&o));
}

/// Issue 65 item 4: the sharded search's cost grows with the
/// configurations, not with the square of the shard count. 1,000 shards
/// for 360 states took 33 s when every shard wrote two files per level.
#[test]
fn godsnumber_with_a_thousand_shards_writes_files_for_its_configurations_only() {
    let dir = tempfile::tempdir().unwrap();
    let shards = dir.path().join("shards");
    let s = shards.to_str().unwrap();
    let clock = std::time::Instant::now();
    let o = run(&[
        "godsnumber",
        "--json",
        "--puzzle",
        "3x2",
        "--shards",
        "1000",
        "--dir",
        s,
    ]);
    let took = clock.elapsed();
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    assert_eq!(v["states"], 360);
    assert_eq!(v["diameter"], 21);
    assert!(took < std::time::Duration::from_secs(10), "took {took:?}");
    // The record and the one antipode's frontier file.
    let names = std::fs::read_dir(&shards).unwrap().count();
    assert_eq!(names, 2);
}

#[test]
fn movegroup_reproduces_the_varikon_box() {
    let o = run(&["movegroup", "--json", "--puzzle", "2x2x2"]);
    let v = &json_lines(&o)[0];
    assert_eq!(
        (v["order"].as_str(), v["center_order"].as_u64()),
        (Some("20160"), Some(4))
    );
    assert_eq!(v["structure"], "S_7 x (Z_2)^2");
    // The seed's open question: the 3x3x3 box, and a box of four
    // dimensions.
    let o = run(&["movegroup", "--puzzle", "3x3x3"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("G = (A_26)^27.(C_3 x C_3 x C_3)") && text.contains("centre Z(G) = 1"),
        "{text}"
    );
    let o = run(&["movegroup", "--json", "--puzzle", "2x2x2x2"]);
    assert_eq!(json_lines(&o)[0]["structure"], "S_15 x (Z_2)^3");
}

#[test]
fn experiment_runs_and_reports_the_paper_beside_ours() {
    let o = run(&["experiment", "astar-vs-bfs", "--instances", "2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = json_lines(&o)[0].as_array().unwrap().clone();
    assert_eq!(rows.len(), 3);
    for r in rows {
        assert!(r["astar_expanded"].as_f64().unwrap() <= r["bfs_expanded"].as_f64().unwrap());
        assert!(r["paper_bfs"].as_f64().unwrap() > 0.0);
        for w in r["weighted"].as_array().unwrap() {
            assert!(w["percent_longer"].as_f64().unwrap() >= 0.0);
        }
    }
}

/// theta-family prints a JSON line per graph as it finishes, and
/// `--min-vertices` continues a table: only 6-vertex rows here, each
/// theta(a,b,c) with a + b + c = 4 once; a range with no graph exits 2.
#[test]
fn theta_family_streams_one_row_per_graph_in_the_range() {
    let o = run(&[
        "experiment",
        "theta-family",
        "--min-vertices",
        "6",
        "--max-vertices",
        "6",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = json_lines(&o);
    let specs: Vec<&str> = rows.iter().map(|r| r["puzzle"].as_str().unwrap()).collect();
    assert_eq!(specs, ["theta:0,1,3", "theta:0,2,2", "theta:1,1,2"]);
    assert!(rows.iter().all(|r| r["vertices"] == 6));
    // 5! configurations of the tiles times 6 blank places: S_5 (non-bipartite).
    assert_eq!(rows[0]["reachable"], 720);
    let o = run(&[
        "experiment",
        "theta-family",
        "--min-vertices",
        "8",
        "--max-vertices",
        "7",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--min-vertices: 8 is above --max-vertices 7"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn pattern_database_commands() {
    let dir = std::env::temp_dir().join(format!("slidepuzzle-cli-pdb-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let o = run(&[
        "pdb",
        "--cache-dir",
        d,
        "build",
        "--size",
        "3x3",
        "--partition",
        "4-4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&[
        "solve",
        "--json",
        "--heuristic",
        "pdb:4-4",
        "--cache-dir",
        d,
        "8 6 7/2 5 4/3 0 1",
    ]);
    let v = &json_lines(&o)[0];
    assert_eq!(
        (v["length"].as_u64(), v["algorithm"].as_str()),
        (Some(31), Some("ida-pdb"))
    );
    let listing = stdout(&run(&["pdb", "--cache-dir", d, "list"]));
    assert_eq!(listing.lines().count(), 2);
    assert!(
        listing.lines().all(|l| l.contains("4 bits per entry")),
        "{listing}"
    );
    let o = run(&["pdb", "--cache-dir", d, "verify"]);
    assert!(o.status.success());
    // With pattern databases, auto means IDA* (on any board size).
    let o = run(&[
        "solve",
        "--json",
        "--heuristic",
        "pdb:4-4",
        "--cache-dir",
        d,
        "--algo",
        "auto",
        "1 2 3/4 5 6/7 0 8",
    ]);
    assert_eq!(json_lines(&o)[0]["algorithm"], "ida-pdb");
    let o = run(&[
        "solve",
        "--heuristic",
        "pdb:4-3",
        "--cache-dir",
        d,
        "8 6 7/2 5 4/3 0 1",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("add up to 7, but the board has 8 tiles"),
        "{}",
        stderr(&o)
    );
    assert!(run(&["pdb", "--cache-dir", d, "remove"]).status.success());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn graph_pattern_databases_give_the_same_optimal_length() {
    let state = "5 7 8 2 6 1 3 4 0";
    let a = json_lines(&run(&["solve", "--json", "--puzzle", "theta:2,2,3", state]))[0].clone();
    let b = json_lines(&run(&[
        "solve",
        "--json",
        "--heuristic",
        "pdb",
        "--puzzle",
        "theta:2,2,3",
        state,
    ]))[0]
        .clone();
    assert_eq!(a["length"], b["length"]);
    assert_eq!(b["algorithm"], "astar-graph-pdb");
    assert!(b["expanded"].as_u64() < a["expanded"].as_u64());
}

#[test]
fn render_writes_svg() {
    let o = run(&["render", "--solve", "1 2 3/4 0 6/7 5 8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("move ").count(), 3, "start and two moves");
    let o = run(&["render", "--puzzle", "2x2x2", "1 2/3 4/5 6/7 0"]);
    assert_eq!(stdout(&o).matches("<circle").count(), 8);
}

#[test]
fn solve_streams_large_boards_to_a_file_that_apply_replays() {
    let dir = std::env::temp_dir().join(format!("sp-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state.txt");
    let moves = dir.join("moves.txt");
    let s = run(&["scramble", "--puzzle", "40x30", "--seed", "3"]);
    std::fs::write(&state, stdout(&s)).unwrap();
    let at_state = format!("@{}", state.display());
    let o = run(&[
        "solve",
        "--puzzle",
        "40x30",
        "--output",
        moves.to_str().unwrap(),
        &at_state,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("streamed and verified by replay"),
        "{}",
        stdout(&o)
    );
    assert!(!dir.join("moves.partial").exists());
    let at_moves = format!("@{}", moves.display());
    let a = run(&["apply", "--puzzle", "40x30", &at_state, &at_moves]);
    assert!(a.status.success(), "{}", stderr(&a));
    let goal: Vec<String> = (1..1200)
        .map(|t| t.to_string())
        .chain(["0".into()])
        .collect();
    let got: Vec<String> = stdout(&a)
        .split_whitespace()
        .map(|t| t.trim_matches('/').to_string())
        .filter(|t| !t.is_empty())
        .collect();
    assert_eq!(got.join(" ").replace('/', " "), goal.join(" "));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--output` goes through the same plan as a plain solve (pattern
/// databases included), and answering "unsolvable" is exit 0 with no file.
#[test]
fn output_uses_the_plan_and_unsolvable_is_an_answer() {
    let dir = std::env::temp_dir().join(format!("sp-output-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let moves = dir.join("moves.txt");
    let o = run(&[
        "solve",
        "--explain",
        "--heuristic",
        "pdb:4-4",
        "--cache-dir",
        d,
        "--output",
        moves.to_str().unwrap(),
        "8 6 7/2 5 4/3 0 1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("plan: ida-pdb"), "{}", stderr(&o));
    assert!(stdout(&o).contains("31 moves (STM)"), "{}", stdout(&o));
    // The tables were built (and cached) for it.
    let listing = stdout(&run(&["pdb", "--cache-dir", d, "list"]));
    assert_eq!(listing.lines().count(), 2, "{listing}");
    let unsolvable = dir.join("none.txt");
    let o = run(&[
        "solve",
        "--output",
        unsolvable.to_str().unwrap(),
        "1 2 3/4 5 6/8 7 0",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("unsolvable"), "{}", stdout(&o));
    assert!(!unsolvable.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With no flags a 4x4 uses pattern databases, and `pdb build` with the
/// default partition's sizes prepares exactly the tables `solve` loads.
#[test]
fn default_4x4_uses_pattern_databases_and_pdb_build_prepares_them() {
    let dir = std::env::temp_dir().join(format!("sp-default-{}", std::process::id()));
    let d = dir.to_str().unwrap();
    let o = run(&[
        "pdb",
        "--cache-dir",
        d,
        "build",
        "--size",
        "4x4",
        "--partition",
        "6-6-3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&[
        "solve",
        "--json",
        "--cache-dir",
        d,
        "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
    ]);
    let v = &json_lines(&o)[0];
    assert_eq!(v["algorithm"], "ida-pdb", "{v}");
    let plan = v["plan"].as_str().unwrap();
    assert!(plan.contains("6-6-3 (cached)"), "{plan}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 66 item 3: the answer ends the command. The better tables are
/// named in a note, and built only with `--cache-tables`.
#[test]
fn better_tables_are_built_after_the_answer_only_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let start = "5 1 2 4/9 6 3 8/13 10 7 12/0 14 11 15";
    let o = run(&["solve", "--cache-dir", d, start]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "the 6-6-3 pattern databases would make later solves of 4x4 faster; add --cache-tables"
        ),
        "{}",
        stderr(&o)
    );
    let plan = |o: &Output| json_lines(o)[0]["plan"].as_str().unwrap().to_string();
    let o = run(&["solve", "--json", "--cache-dir", d, start]);
    assert!(!plan(&o).contains("6-6-3 (cached)"), "{}", plan(&o));
    let o = run(&["solve", "--cache-tables", "--cache-dir", d, start]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("caching the 6-6-3"), "{}", stderr(&o));
    let o = run(&["solve", "--json", "--cache-dir", d, start]);
    assert!(plan(&o).contains("6-6-3 (cached)"), "{}", plan(&o));
    // With them cached, no note.
    let o = run(&["solve", "--cache-dir", d, start]);
    assert!(!stderr(&o).contains("--cache-tables"), "{}", stderr(&o));
}

#[test]
fn several_blanks_are_decided_exactly_and_counted() {
    // Two triangles joined by the hallway 2-3-4, two blanks: tiles may
    // trade places inside a triangle but never across the hallway.
    let spec = "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-6,6-4";
    let check = |state: &str| {
        let by = |method: &str, says: &str| {
            let o = run(&[
                "check",
                "--puzzle",
                spec,
                "--blanks",
                "2",
                "--goal",
                "1 2 3 4 5 0 0",
                "--method",
                method,
                state,
            ]);
            assert!(stdout(&o).contains(says), "{}", stdout(&o));
            stdout(&o).starts_with("solvable")
        };
        let yes = by("linear", "marked-tile classes");
        assert_eq!(by("schreier-sims", "blank-set group"), yes, "{state}");
        yes
    };
    assert!(check("2 1 3 4 5 0 0"));
    assert!(!check("5 2 3 4 1 0 0"));
    let a = run(&["analyze", "--json", "--puzzle", "cycle:9", "--blanks", "2"]);
    let v = &json_lines(&a)[0];
    assert_eq!(v["group_order"], "7");
    assert_eq!(v["reachable_configurations"], "252");
    assert_eq!(v["everything_reachable"], false);
}

#[test]
fn several_blanks_beyond_the_blank_set_group_agree_with_the_certified_group() {
    // A 3-leaf star, a 40-vertex hallway, a star with a 4-cycle: 51
    // vertices and 6 blanks are C(51, 6) = 18 M blank sets, too many to
    // enumerate. The marked-tile classes decide; the oracle
    // (--method schreier-sims) falls back to the certified group.
    let mut edges = vec!["0-1".to_string(), "0-2".into(), "0-3".into()];
    let mut prev = 0;
    for v in 4..44 {
        edges.push(format!("{prev}-{v}"));
        prev = v;
    }
    for e in [
        "43-44", "43-45", "43-46", "44-47", "47-48", "48-44", "48-49", "49-50", "50-47",
    ] {
        edges.push(e.into());
    }
    let spec = format!("edges:{}", edges.join(","));
    let goal: Vec<String> = (1..=45)
        .map(|t| t.to_string())
        .chain(std::iter::repeat_n("0".to_string(), 6))
        .collect();
    let with_swap = |a: usize, b: usize| {
        let mut s = goal.clone();
        s.swap(a, b);
        s.join(" ")
    };
    let check = |state: String| {
        let by = |method: &str, says: &str| {
            let o = run(&[
                "check",
                "--puzzle",
                &spec,
                "--blanks",
                "6",
                "--goal",
                &goal.join(" "),
                "--method",
                method,
                &state,
            ]);
            assert!(stdout(&o).contains(says), "{}", stdout(&o));
            stdout(&o)
        };
        let out = by("linear", "marked-tile classes");
        let oracle = by("schreier-sims", "certified");
        assert_eq!(
            out.starts_with("solvable"),
            oracle.starts_with("solvable"),
            "{out} / {oracle}"
        );
        out
    };
    // Leaves of the first star trade places; the centre's tile is stuck.
    assert!(check(with_swap(1, 2)).starts_with("solvable"));
    let no = check(with_swap(0, 1));
    assert!(no.starts_with("unsolvable"), "{no}");
    assert!(no.contains("can never reach its goal vertex"), "{no}");
    let a = run(&["analyze", "--json", "--puzzle", &spec, "--blanks", "6"]);
    let v = &json_lines(&a)[0];
    assert_eq!(v["group_order"], "30240");
    assert_eq!(v["blank_sets"], "18009460");
}

#[test]
fn several_blanks_solve_scramble_and_check() {
    // Petersen with 3 blanks: the JSON names the steps; the text names
    // them as from>to pairs; the length matches.
    let o = run(&[
        "solve",
        "--json",
        "--puzzle",
        "petersen",
        "--blanks",
        "3",
        "0 5 4 0 7 1 2 3 0 6",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["length"], 10);
    assert_eq!(v["steps"].as_array().unwrap().len(), 10);
    assert_eq!(v["optimal"], true);
    let o = run(&["solve", "--puzzle", "2x3", "--blanks", "2", "0 2/1 4/3 0"]);
    let text = stdout(&o);
    assert!(
        o.status.success() && text.contains("steps (from>to): "),
        "{text}"
    );
    // A scramble with 2 blanks has two 0s and solves.
    let o = run(&[
        "scramble", "--puzzle", "3x3", "--blanks", "2", "--seed", "4",
    ]);
    let state = stdout(&o).trim().to_string();
    assert_eq!(
        state.split_whitespace().filter(|t| *t == "0").count(),
        2,
        "{state}"
    );
    let o = run(&["solve", "--puzzle", "3x3", "--blanks", "2", &state]);
    assert!(stdout(&o).contains("optimal in STM"), "{}", stdout(&o));
    // With several blanks Schreier-Sims runs on the blank-set group: the
    // same answers as the default (marked-tile classes), by other means.
    for (puzzle, state) in [
        ("3x3", "1 2 3/4 5 6/7 0 0"),
        // A tree with a hallway 0-1-2-3: the two bushes' tiles never meet.
        ("edges:0-1,1-2,2-3,0-4,0-5,3-6,3-7", "1 2 3 4 6 5 0 0"),
        ("edges:0-1,1-2,2-3,0-4,0-5,3-6,3-7", "1 2 3 4 5 6 0 0"),
        ("edges:0-1,1-2,2-3,0-4,0-5,3-6,3-7", "6 2 3 4 5 1 0 0"),
    ] {
        let args = |method: &'static str| {
            vec![
                "check", "--json", "--puzzle", puzzle, "--blanks", "2", "--method", method, state,
            ]
        };
        let (a, b) = (run(&args("linear")), run(&args("schreier-sims")));
        assert_eq!(
            a.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&a.stderr)
        );
        assert_eq!(
            b.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&b.stderr)
        );
        let (a, b) = (&json_lines(&a)[0], &json_lines(&b)[0]);
        assert_eq!(a["solvable"], b["solvable"], "{puzzle} {state}: {a} {b}");
    }
}

#[test]
fn a_batch_file_keeps_the_number_of_blanks() {
    // Before: `--file` read every line with one blank and refused these.
    let lines = "0 2 3/1 0 6/4 7 5\n1 0 3/4 2 0/7 6 5\n";
    let o = run_stdin(
        &[
            "solve", "--json", "--puzzle", "3x3", "--blanks", "2", "--file", "-",
        ],
        lines,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let records = json_lines(&o);
    assert_eq!(records.len(), 2);
    for (v, line) in records.iter().zip(lines.lines()) {
        assert_eq!(v["solved"], true, "{line}: {v}");
        let mut cells: Vec<u64> = line
            .split(|c: char| c == '/' || c.is_whitespace())
            .map(|x| x.parse().unwrap())
            .collect();
        for step in v["steps"].as_array().unwrap() {
            let (from, to) = (step[0].as_u64().unwrap(), step[1].as_u64().unwrap());
            assert_eq!(cells[to as usize], 0, "{line}: a step into a tile");
            cells.swap(from as usize, to as usize);
        }
        assert_eq!(cells, [1, 2, 3, 4, 5, 6, 7, 0, 0], "{line}");
    }
}

#[test]
fn suboptimal_and_stopped_solves_state_a_proven_lower_bound() {
    // The 8-puzzle's worst case takes 31 moves. Weighted A* finds a longer
    // solution and proves a bound no higher than 31; breadth-first search
    // stopped by a node limit proves the depth it finished.
    let hard = "8 6 7/2 5 4/3 0 1";
    let o = run(&["solve", "--json", "--algo", "wastar:3", hard]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v = &json_lines(&o)[0];
    let lower = v["lower_bound"].as_u64().unwrap();
    assert!(v["optimal"] == false && lower > 0 && lower <= 31, "{v}");
    assert!(v["length"].as_u64().unwrap() >= 31, "{v}");
    let o = run(&["solve", "--json", hard]);
    assert_eq!(json_lines(&o)[0]["lower_bound"], 31);
    let o = run(&["solve", "--algo", "bfs", "--max-nodes", "1", hard]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("no solution shorter than"), "{text}");
    let o = run(&["solve", "--algo", "wastar:3", hard]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("the optimum in STM is at least"), "{text}");
}

#[test]
fn scramble_moves_walks_a_chosen_number_of_moves() {
    // One move from the 8-puzzle's goal: the blank moved once, so the
    // optimal solution is one move; twenty moves end at most twenty away.
    let o = run(&[
        "scramble", "--puzzle", "3x3", "--moves", "1", "--seed", "4", "--count", "3",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        let s = run(&["solve", "--json", "--puzzle", "3x3", line]);
        assert_eq!(json_lines(&s)[0]["length"], 1, "{line}");
    }
    let again = run(&[
        "scramble", "--puzzle", "3x3", "--moves", "1", "--seed", "4", "--count", "3",
    ]);
    assert_eq!(again.stdout, o.stdout, "one seed, one sequence");
    let o = run(&[
        "scramble", "--puzzle", "4x4", "--blanks", "2", "--moves", "20", "--seed", "1",
    ]);
    let state = String::from_utf8_lossy(&o.stdout).trim().to_string();
    let s = run(&[
        "solve",
        "--json",
        "--puzzle",
        "4x4",
        "--blanks",
        "2",
        "--heuristic",
        "md",
        &state,
    ]);
    assert!(
        json_lines(&s)[0]["length"].as_u64().unwrap() <= 20,
        "{state}"
    );
}

#[test]
fn library_hints_are_worded_as_this_command_lines_flags() {
    // Several blanks in the multi-tile metric: the library hints at the
    // single-tile metric, the command line words it as its flag.
    let o = run(&[
        "solve",
        "--puzzle",
        "3x3",
        "--metric",
        "mtm",
        "1 2 3/4 5 6/7 0 0",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("single-tile metric only"), "{err}");
    assert!(err.contains("hint: try --metric stm"), "{err}");
    // A flat list that is no square: name the puzzle.
    let o = run(&["check", "1 2 3 0 4 5"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("hint: try --puzzle SPEC or --size WxH"),
        "{}",
        stderr(&o)
    );
    // The library names its option `method`; the command line its flag.
    let o = run(&["check", "--method", "guess", "1 2 3/4 5 6/7 8 0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--method: unknown method 'guess'"),
        "{}",
        stderr(&o)
    );
}

/// Issue 66 item 7: the rough outputs a newcomer met, each as it reads
/// now.
#[test]
fn outputs_read_as_english() {
    // "1 moves" and "(Stm)": counts agree with their nouns, metrics are
    // written as everywhere else, and the distribution has a heading.
    let o = run(&["solve", "1 2 3/4 5 6/7 0 8"]);
    assert!(
        stdout(&o).contains("\n1 move (STM, 1 MTM), optimal"),
        "{}",
        stdout(&o)
    );
    let o = run(&["godsnumber", "--puzzle", "3x2"]);
    let out = stdout(&o);
    assert!(
        out.starts_with(
            "3x2 (STM): 360 configurations, God's number 21 from this goal, 1 antipode;"
        ),
        "{out}"
    );
    assert!(out.contains("\ndepth configurations\n    0 1\n"), "{out}");
    // A JSON graph's vertex names, not their numbers.
    let dir = tempfile::tempdir().unwrap();
    let house = dir.path().join("house.json");
    std::fs::write(
        &house,
        r#"{"name": "house", "vertices": ["a","b","c","d","e"],
            "edges": [["a","b"],["b","c"],["c","d"],["d","a"],["c","e"],["d","e"]]}"#,
    )
    .unwrap();
    let spec = format!("graph:{}", house.display());
    let out = stdout(&run(&["analyze", "--puzzle", &spec]));
    assert!(out.contains("5 vertices, 6 edges, 1 component\n"), "{out}");
    assert!(
        out.contains("{a,b,c,d,e}") && out.contains("root e:"),
        "{out}"
    );
    assert!(out.contains("blank on vertex e"), "{out}");
    // Loop generators' walks start where they end, at the blank, as a
    // solution's blank path starts at the blank.
    let out = stdout(&run(&["group", "--puzzle", "theta0"]));
    assert!(out.contains("blank walk 6-5-0-2-1-6"), "{out}");
    let v = &json_lines(&run(&["group", "--json", "--puzzle", "theta0"]))[0];
    for g in v["generators"].as_array().unwrap() {
        let walk = g["blank_walk"].as_array().unwrap();
        assert_eq!(walk.first(), walk.last());
        assert_eq!(walk[0], 6);
    }
    // Only solve is told to stream its moves.
    let o = run(&["godsnumber", "--puzzle", "4x4", "--memory", "100"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!stderr(&o).contains("--output"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("raise the budget with --memory"),
        "{}",
        stderr(&o)
    );
    // A need past 64-bit sizes keeps its unit (it read "2^64 - 1 or more
    // memory").
    let o = run(&["godsnumber", "--puzzle", "5x5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("memory: needs 16 EiB or more"),
        "{}",
        stderr(&o)
    );
    // A small table's size is not "about 0 MiB".
    let cache = std::env::temp_dir().join(format!("slidepuzzle-small-{}", std::process::id()));
    let o = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .env("XDG_CACHE_HOME", &cache)
        .args(["solve", "--metric", "mtm", "8 6 7/2 5 4/3 0 1"])
        .output()
        .expect("binary runs");
    let _ = std::fs::remove_dir_all(&cache);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stderr(&o).contains(" 0 MiB"), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("multi-tile pattern database for 3x3")
            && stderr(&o).contains("about 0.3 MiB"),
        "{}",
        stderr(&o)
    );
}

/// Issue 66 item 3: a solve with several blanks says that it builds (and
/// caches) its free-blank pattern databases and how many, and a second run
/// loads them without a word.
#[test]
fn several_blanks_say_which_tables_they_build_once() {
    let cache = std::env::temp_dir().join(format!("slidepuzzle-free-{}", std::process::id()));
    let solve = || {
        Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
            .env("XDG_CACHE_HOME", &cache)
            .args(["solve", "--puzzle", "4x3", "--blanks", "2"])
            .arg("4 1 0 0/6 10 2 8/7 3 9 5")
            .output()
            .expect("binary runs")
    };
    let first = solve();
    let second = solve();
    let _ = std::fs::remove_dir_all(&cache);
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stderr(&first).contains("building 20 free-blank pattern databases")
            && stderr(&first).contains("cached for later runs"),
        "{}",
        stderr(&first)
    );
    assert!(
        stdout(&first).contains("32 moves (STM), optimal"),
        "{}",
        stdout(&first)
    );
    assert!(second.status.success(), "{}", stderr(&second));
    assert!(!stderr(&second).contains("building"), "{}", stderr(&second));
    assert_eq!(
        stdout(&first).lines().nth(1),
        stdout(&second).lines().nth(1)
    );
}

/// Issue 66 item 5: `--puzzle`'s help lists every spec form the library
/// reads (it left out random:, tree:, sparse: and hallway:), from the
/// library's one list.
#[test]
fn puzzle_help_lists_every_spec_form() {
    for command in ["solve", "analyze", "scramble", "godsnumber"] {
        let long = stdout(&run(&[command, "--help"]));
        let short = stdout(&run(&[command, "-h"]));
        for (form, example, _) in slidepuzzle::model::spec::SPEC_FORMS {
            assert!(
                long.contains(form) && long.contains(example),
                "{command}: {form}"
            );
            assert!(short.contains(form), "{command} -h: {form}");
        }
    }
    // Each command lists its own options: `--summary` is review's only.
    assert!(stdout(&run(&["review", "--help"])).contains("--summary"));
    assert!(!stdout(&run(&["optimize", "--help"])).contains("--summary"));
}

/// The subcommands (and sub-subcommands) that `--help` lists, as the
/// words that run them.
fn every_command() -> Vec<Vec<String>> {
    fn listed(words: &[String]) -> Vec<String> {
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&run(&args));
        help.lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .skip(1)
            .take_while(|l| !l.trim().is_empty())
            .filter_map(|l| l.split_whitespace().next())
            .filter(|c| *c != "help")
            .map(str::to_string)
            .collect()
    }
    let mut all = Vec::new();
    for c in listed(&[]) {
        let subs = listed(std::slice::from_ref(&c));
        if subs.is_empty() {
            all.push(vec![c]);
        } else {
            all.extend(subs.into_iter().map(|s| vec![c.clone(), s]));
        }
    }
    all
}

/// One vocabulary (issue 66 item 5): a flag is a switch in every command
/// that has it, or takes a value in every one. (`--resume` was a switch
/// of `godsnumber` and took the directory in `bench`; the directory of a
/// resumable run is now `--dir` in both, as in Python's `dir=`.)
#[test]
fn a_flag_means_the_same_kind_of_thing_in_every_command() {
    let commands = every_command();
    assert!(commands.len() > 20, "{commands:?}");
    let mut kinds: std::collections::BTreeMap<String, Vec<(String, bool)>> = Default::default();
    for words in &commands {
        let mut args: Vec<&str> = words.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&run(&args));
        for line in help.lines() {
            let line = line.trim_start();
            let line = line
                .strip_prefix("-")
                .filter(|l| l.chars().nth(1) == Some(','))
                .map_or(line, |l| l[2..].trim_start());
            let Some(rest) = line.strip_prefix("--") else {
                continue;
            };
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            let takes_value = rest[name.len()..].starts_with(" <");
            kinds
                .entry(name)
                .or_default()
                .push((words.join(" "), takes_value));
        }
    }
    assert!(
        kinds.contains_key("dir") && kinds.contains_key("puzzle"),
        "{kinds:?}"
    );
    let mixed: Vec<String> = kinds
        .iter()
        .filter(|(_, uses)| uses.iter().any(|u| u.1) && uses.iter().any(|u| !u.1))
        .map(|(name, uses)| format!("--{name}: {uses:?}"))
        .collect();
    assert!(mixed.is_empty(), "{mixed:#?}");
}

/// `bench short` solves its random walks one line each, then prints the
/// means; every answered position's length is at least its lower bound
/// and the summary counts them all.
#[test]
fn bench_short_reports_each_position_and_the_means() {
    let o = run(&[
        "bench",
        "short",
        "--puzzle",
        "5x5",
        "--moves",
        "60",
        "--count",
        "3",
        "--timeout",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let rows: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id"))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 3, "{out}");
    for r in &rows {
        let (length, bound): (u32, u32) = (r[2].parse().unwrap(), r[3].parse().unwrap());
        assert!(length >= bound && bound > 0, "{out}");
    }
    assert!(out.contains("# answered 3 of 3"), "{out}");
    assert!(out.contains("mean length"), "{out}");
}
