//! `apply` takes what `solve` prints (issue 65 D4): each move line of the
//! text answer, the file `solve --output` writes and the JSON record's
//! steps, for one blank and several, on boards, graphs, one-way and
//! turning puzzles; replayed, they reach the goal. Ambiguous or
//! impossible moves are refused with exit 2, naming the item.

use std::process::Command;

fn slidepuzzle(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .args(args)
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join("slidepuzzle-apply-test"),
        )
        .output()
        .expect("binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = slidepuzzle(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// The puzzles, with their blank counts: one blank and several, plain,
/// graph, one-way and turning.
const CASES: &[(&str, &str)] = &[
    ("3x3", "1"),
    ("3x3", "2"),
    ("4x4:torus", "1"),
    ("petersen", "1"),
    ("path:5", "2"),
    ("cycle:6", "3"),
    ("dcycle:5", "1"),
    ("4x4:streets", "1"),
    ("turns:2:0-1^1,1-2,2-3,3-0,0-2", "1"),
    ("3x3:mobius", "1"),
];

#[test]
fn every_move_line_of_a_solve_and_its_output_file_replay_to_the_goal() {
    let dir = std::env::temp_dir().join(format!("slidepuzzle-apply-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut lines_checked = 0;
    for &(puzzle, blanks) in CASES {
        let base = ["--puzzle", puzzle, "--blanks", blanks];
        let goal = ok(&[&["scramble", "--moves", "0"][..], &base].concat());
        let goal = goal.trim();
        for seed in ["1", "2", "3"] {
            let start = ok(&[&["scramble", "--seed", seed, "--moves", "40"][..], &base].concat());
            let start = start.trim();
            let text = ok(&[&["solve"][..], &base, &[start]].concat());
            let mut lines = 0;
            for line in text.lines() {
                if ["moves:", "blank path:", "steps (from>to):"]
                    .iter()
                    .any(|l| line.starts_with(l))
                {
                    let end = ok(&[&["apply"][..], &base, &[start, line]].concat());
                    assert_eq!(end.trim(), goal, "{puzzle} {start}: {line}");
                    lines += 1;
                }
            }
            let solved = text.contains(" 0 moves") || text.contains("solved already");
            assert!(
                lines > 0 || solved,
                "{puzzle} {start}: no move line in\n{text}"
            );
            lines_checked += lines;
            let file = dir.join(format!(
                "{}-{blanks}-{seed}.txt",
                puzzle.replace([':', '^', ','], "_")
            ));
            let file = file.to_str().unwrap();
            ok(&[&["solve", "--output", file][..], &base, &[start]].concat());
            let at = format!("@{file}");
            let end = ok(&[&["apply"][..], &base, &[start, &at]].concat());
            assert_eq!(end.trim(), goal, "{puzzle} {start}: the output file");
            let json = ok(&[&["solve", "--json"][..], &base, &[start]].concat());
            let record: serde_json::Value = serde_json::from_str(&json).unwrap();
            let steps: Vec<String> = record["steps"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| format!("{}>{}", s[0], s[1]))
                .collect();
            let end = ok(&[&["apply"][..], &base, &[start, &steps.join(" ")]].concat());
            assert_eq!(end.trim(), goal, "{puzzle} {start}: the JSON steps");
            let tiles: Vec<String> = record["tiles"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.to_string())
                .collect();
            let tiles = format!("tiles:{}", tiles.join(" "));
            let (code, out, err) = slidepuzzle(&[&["apply"][..], &base, &[start, &tiles]].concat());
            // Tiles say the moves exactly when no moving tile had two
            // blanks to enter; then they replay to the goal.
            match code {
                0 => assert_eq!(out.trim(), goal, "{puzzle} {start}: {tiles}"),
                _ => assert!(
                    blanks != "1" && err.contains("write steps FROM>TO"),
                    "{puzzle} {start}: {tiles}: {err}"
                ),
            }
        }
    }
    assert!(lines_checked >= 30, "{lines_checked}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_checkers_reproducers_are_refused_by_name() {
    for (args, needle) in [
        (
            &[
                "apply",
                "--puzzle",
                "turns:2:0-1^1,1-2",
                "--blanks",
                "2",
                "0 0 1",
                "0-1",
            ][..],
            "vertex 1 holds a blank, not a tile",
        ),
        (
            &[
                "apply", "--puzzle", "path:4", "--blanks", "2", "1 0 0 2", "tiles:3",
            ],
            "there is no tile 3 (tiles are 1..2)",
        ),
        (
            &[
                "apply", "--puzzle", "path:4", "--blanks", "2", "1 0 0 2", "2 2",
            ],
            "item 2: tile 2 (vertex 2) can slide into the blank on vertex 1 or on vertex 3",
        ),
        (
            &[
                "apply", "--puzzle", "path:4", "--blanks", "2", "1 0 0 2", "0-1",
            ],
            "starts on the blank that walks",
        ),
        (
            &["apply", "--puzzle", "2x2", "--blanks", "2", "1 0/2 0", "R"],
            "letters need one blank, not 2",
        ),
        (
            &[
                "apply",
                "--puzzle",
                "4x4:oneway",
                "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
                "R",
            ],
            "takes no letters: letters are for plain boards",
        ),
    ] {
        let (code, _, err) = slidepuzzle(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("18446744073709551615"), "{err}");
    }
    // A blank never turns: the walk of the blank on vertex 1 to vertex 2
    // moves the tile on 2, and the answer parses back.
    let end = ok(&[
        "apply",
        "--puzzle",
        "turns:2:0-1^1,1-2",
        "--blanks",
        "2",
        "0 0 1",
        "1-2",
    ]);
    assert_eq!(end.trim(), "0 1 0");
    let end = ok(&[
        "apply",
        "--puzzle",
        "turns:2:0-1^1,1-2",
        "--blanks",
        "2",
        "0 1 0",
        "1>0",
    ]);
    assert_eq!(end.trim(), "1^1 0 0");
}
