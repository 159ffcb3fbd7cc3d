//! Every `--json` output of the command line is valid against the committed
//! JSON Schema (`docs/schema/records.schema.json`, draft 2020-12): each
//! command runs on small, fast inputs (3x3 boards, small graphs, two
//! blanks, an unsolvable and a stopped instance) and each line it prints
//! is validated against the schema's record of that command. A test also
//! fails when a subcommand with `--json` is missing from the cases here.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

fn binary() -> Command {
    let cache =
        std::env::temp_dir().join(format!("slidepuzzle-schema-cache-{}", std::process::id()));
    let mut c = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"));
    c.env("XDG_CACHE_HOME", cache);
    c
}

#[path = "../../slidepuzzle-web/tests/support/schema.rs"]
mod schema_support;
use schema_support::{assert_valid, schema, validator};

/// One command run by the schema test: its arguments, standard input, the
/// record each printed line must be, and the exit code.
struct Case {
    args: &'static [&'static str],
    stdin: Option<&'static str>,
    kind: &'static str,
    exit: i32,
}

const fn case(args: &'static [&'static str], kind: &'static str) -> Case {
    Case {
        args,
        stdin: None,
        kind,
        exit: 0,
    }
}

const HARD8: &str = "8 6 7/2 5 4/3 0 1";
const NEAR: &str = "1 2 3/4 5 6/0 7 8";
const ODD: &str = "1 2 3/4 5 6/8 7 0";
const PETERSEN: &str = "9 2 3 4 5 6 7 8 1 0";
const TWO_BLANKS: &str = "0 2/1 4/3 0";
/// `scramble --puzzle 5x5 --seed 3`.
const FIVE: &str = "24 16 0 23 21/7 12 9 20 1/19 8 17 4 18/2 14 3 5 10/6 22 11 15 13";

/// Every command with `--json`, on small inputs.
fn cases() -> Vec<Case> {
    vec![
        // solve: solved on a board (STM and MTM), a graph and with two
        // blanks; unsolvable; stopped by --max-nodes (exit 1); a batch.
        case(&["solve", "--json", NEAR], "solve"),
        case(&["solve", "--json", "--metric", "mtm", NEAR], "solve"),
        case(
            &["solve", "--json", "--puzzle", "petersen", PETERSEN],
            "solve",
        ),
        case(&["solve", "--json", TWO_BLANKS], "solve"),
        // The anytime plan: shorter answers, one a line, then the record.
        case(&["solve", "--json", "--timeout", "1", FIVE], "solve"),
        case(&["solve", "--json", ODD], "solve"),
        Case {
            args: &[
                "solve",
                "--json",
                "--algo",
                "ida",
                "--heuristic",
                "md",
                "--max-nodes",
                "5",
                HARD8,
            ],
            stdin: None,
            kind: "solve",
            exit: 1,
        },
        Case {
            args: &["solve", "--json", "--puzzle", "3x3", "--file", "-"],
            stdin: Some("a 1 2 3 4 5 6 0 7 8\nb 1 2 3 4 5 6 8 7 0\nc 1 2 3 4 5 6 7 0 8\n"),
            kind: "solve",
            exit: 0,
        },
        // Listings: solutions, counts, a graph, MTM, unsolvable, stopped.
        case(&["solve", "--all-optimal", "--json", NEAR], "listing"),
        case(&["solve", "--count-only", "--json", NEAR], "listing"),
        case(&["solve", "--count", "3", "--json", NEAR], "listing"),
        case(
            &["solve", "--all-optimal", "--metric", "mtm", "--json", NEAR],
            "listing",
        ),
        case(
            &[
                "solve",
                "--beyond-optimal",
                "2",
                "--json",
                "--puzzle",
                "petersen",
                PETERSEN,
            ],
            "listing",
        ),
        case(
            &[
                "solve",
                "--min-depth",
                "4",
                "--max-depth",
                "4",
                "--json",
                NEAR,
            ],
            "listing",
        ),
        case(&["solve", "--all-optimal", "--json", ODD], "listing"),
        Case {
            args: &[
                "solve",
                "--all-optimal",
                "--json",
                "--algo",
                "ida",
                "--heuristic",
                "md",
                "--max-nodes",
                "5",
                HARD8,
            ],
            stdin: None,
            kind: "listing",
            exit: 1,
        },
        case(&["solve", "--good-moves", "--json", NEAR], "good_moves"),
        case(
            &[
                "solve",
                "--good-moves",
                "--json",
                "--puzzle",
                "petersen",
                PETERSEN,
            ],
            "good_moves",
        ),
        case(&["review", "--json", NEAR, "DULL"], "review"),
        case(
            &["opt-diff", "--json", "--metric", "mtm", NEAR, "DULL"],
            "review",
        ),
        case(
            &["review", "--summary", "--json", NEAR, "DULL"],
            "review_summary",
        ),
        case(
            &[
                "optimize",
                "--json",
                "--length",
                "12",
                "1 2 3/4 5 6/7 8 0",
                "DRULDRULDRULD",
            ],
            "optimize",
        ),
        case(&["check", "--json", NEAR], "check"),
        case(&["check", "--json", ODD], "check"),
        case(&["check", "--json", TWO_BLANKS], "check"),
        case(
            &[
                "check",
                "--json",
                "--method",
                "schreier-sims",
                "--puzzle",
                "theta0",
                "2 1 3 4 5 6 0",
            ],
            "check",
        ),
        case(&["analyze", "--json", "--puzzle", "theta0"], "analyze"),
        case(&["analyze", "--json", "--puzzle", "4x4:streets"], "analyze"),
        case(&["analyze", "--json", "--puzzle", "segerman"], "analyze"),
        case(&["analyze", "--json", "--puzzle", "m13"], "analyze"),
        case(
            &[
                "solve",
                "--json",
                "--puzzle",
                "m13",
                "1 4 7 9 3 6 5 8 2 11 12 10 0",
            ],
            "solve",
        ),
        case(
            &["analyze", "--json", "--puzzle", "turns:4:0-1^1,1-2,2-3,3-0"],
            "analyze",
        ),
        case(
            &[
                "check",
                "--json",
                "--puzzle",
                "segerman",
                "1^1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0",
            ],
            "check",
        ),
        case(
            &[
                "solve",
                "--json",
                "--puzzle",
                "segerman",
                "2^1 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0",
            ],
            "solve",
        ),
        case(
            &["analyze", "--json", "--puzzle", "arcs:1>0,0>2,2-3"],
            "analyze",
        ),
        case(
            &["check", "--json", "--puzzle", "arcs:1>0,0>2", "1 2 0"],
            "check",
        ),
        case(
            &["solve", "--json", "--puzzle", "dcycle:4", "3 1 2 0"],
            "solve",
        ),
        case(&["analyze", "--json", "--puzzle", "3x3"], "analyze"),
        case(
            &["analyze", "--json", "--puzzle", "2x3", "--blanks", "2"],
            "analyze",
        ),
        case(&["perm", "--json", NEAR], "perm"),
        case(&["perm", "--json", NEAR, "L"], "perm"),
        case(
            &["perm", "--json", "--puzzle", "petersen", PETERSEN],
            "perm",
        ),
        case(&["group", "--json", "--puzzle", "theta0"], "group"),
        case(&["words", "--json", "--gens", "(1,2,3),(3,4,5)"], "words"),
        case(
            &[
                "words",
                "--json",
                "--gens",
                "(1,2,3),(3,4,5)",
                "--element",
                "(1,2)(4,5)",
            ],
            "words",
        ),
        case(&["godsnumber", "--json", "--puzzle", "2x3"], "godsnumber"),
        case(
            &["godsnumber", "--json", "--puzzle", "2x3", "--metric", "mtm"],
            "godsnumber",
        ),
        case(
            &["godsnumber", "--json", "--puzzle", "2x3", "--blanks", "2"],
            "godsnumber",
        ),
        case(&["movegroup", "--json", "--puzzle", "2x2x2"], "movegroup"),
        case(
            &["experiment", "astar-vs-bfs", "--instances", "1", "--json"],
            "experiment",
        ),
        case(
            &[
                "experiment",
                "theta-family",
                "--max-vertices",
                "6",
                "--json",
            ],
            "theta_family",
        ),
        case(&["analyze", "--json", "--puzzle", "3x2:twiddle"], "analyze"),
        case(&["rotating", "analyze", "--json", "6x6:twiddle"], "analyze"),
        case(
            &[
                "check",
                "--json",
                "--puzzle",
                "3x3:twiddle",
                "2 1 3 4 5 6 7 8 9",
            ],
            "check",
        ),
        case(
            &[
                "solve",
                "--json",
                "--puzzle",
                "3x3:twiddle",
                "4 1 3 5 2 6 7 8 9",
            ],
            "solve",
        ),
        case(
            &[
                "solve",
                "--json",
                "--puzzle",
                "5x5:twiddle",
                "21 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 1 22 23 24 25",
            ],
            "solve",
        ),
        case(
            &[
                "rotating",
                "solve",
                "--json",
                "rotate:0-1-2,2-3-4",
                "2 1 3 4 5",
            ],
            "solve",
        ),
        Case {
            args: &[
                "solve",
                "--json",
                "--algo",
                "ida",
                "--max-nodes",
                "10",
                "--puzzle",
                "5x5:twiddle",
                "21 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 1 22 23 24 25",
            ],
            stdin: None,
            kind: "solve",
            exit: 1,
        },
    ]
}

/// The command's name as clap knows it (`opt-diff` is `review`).
fn command_name(args: &[&str]) -> String {
    match args[0] {
        "opt-diff" => "review".to_string(),
        "rotating" => args[1].to_string(),
        name => name.to_string(),
    }
}

/// Runs a case; returns the JSON values it printed, one per line.
fn run(c: &Case) -> Vec<Value> {
    let mut child = binary()
        .args(c.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let input = c.stdin.unwrap_or("");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert_eq!(
        o.status.code(),
        Some(c.exit),
        "{:?}: {}",
        c.args,
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8(o.stdout).expect("UTF-8");
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{:?}: {e}: {l}", c.args)))
        .collect();
    assert!(!lines.is_empty(), "{:?} printed nothing", c.args);
    lines
}

/// What JSON Schema cannot say: a one-blank `blank_path` is the start and
/// one vertex per step, each step's tile leaving the vertex the blank goes
/// to; the length is the STM or MTM count of the metric.
fn check_solution(s: &Value, metric: &str, context: &str) {
    let steps = s["steps"].as_array().unwrap();
    let path = s["blank_path"].as_array().unwrap();
    // A rotating puzzle moves by turns, a sliding one by steps.
    let turns = s["turns"].as_array().unwrap();
    assert!(steps.is_empty() || turns.is_empty(), "{context}: {s}");
    assert_eq!(
        s["stm"].as_u64().unwrap() as usize,
        steps.len() + turns.len(),
        "{context}: {s}"
    );
    assert_eq!(
        s["tiles"].as_array().unwrap().len(),
        steps.len(),
        "{context}"
    );
    if !path.is_empty() {
        assert_eq!(path.len(), steps.len() + 1, "{context}: {s}");
        for (i, step) in steps.iter().enumerate() {
            assert_eq!(step[0], path[i + 1], "{context}: step {i} of {s}");
            assert_eq!(step[1], path[i], "{context}: step {i} of {s}");
        }
    }
    let expected = if metric == "mtm" {
        &s["mtm"]
    } else {
        &s["stm"]
    };
    assert_eq!(&s["length"], expected, "{context}: {s}");
}

#[test]
fn the_schema_is_a_valid_draft_2020_12_schema() {
    let s = schema();
    jsonschema::meta::validate(&s).expect("valid against its meta-schema");
    for kind in s["$defs"].as_object().unwrap().keys() {
        validator(kind);
    }
}

#[test]
fn every_json_output_is_valid_against_the_schema() {
    for c in cases() {
        let context = format!("{:?}", c.args);
        for value in run(&c) {
            // An anytime solve's shorter answers come before its record.
            let kind = match value.get("improved") {
                Some(_) if c.kind == "solve" => "improvement",
                _ => c.kind,
            };
            assert_valid(kind, &value, &context);
            // And against the root, which accepts any record.
            let root = jsonschema::draft202012::new(&schema()).unwrap();
            assert!(root.is_valid(&value), "{context}: not a record: {value}");
            let metric = value["metric"].as_str().unwrap_or("stm").to_string();
            if c.kind == "solve" && value["solved"] == true {
                check_solution(&value, &metric, &context);
            }
            if c.kind == "listing" {
                for s in value["solutions"].as_array().into_iter().flatten() {
                    check_solution(s, &metric, &context);
                }
            }
            if c.kind == "optimize" {
                check_solution(&value, &metric, &context);
                assert_eq!(value["after"], value["length"], "{context}");
            }
        }
    }
}

/// A renamed or missing field fails: the schema is strict where it matters.
/// An anytime solve with `--json` prints each shorter answer as it is
/// found, the constructive one first, each shorter than the last, the
/// bound never falling, then the record of the last one.
#[test]
fn an_anytime_solve_prints_each_shorter_answer_then_its_record() {
    let lines = run(&case(&["solve", "--json", "--timeout", "1", FIVE], "solve"));
    let (record, improved) = lines.split_last().expect("a record");
    assert!(improved.len() >= 2, "{lines:?}");
    assert_eq!(improved[0]["improved"]["algorithm"], "constructive");
    for pair in improved.windows(2) {
        let (a, b) = (&pair[0]["improved"], &pair[1]["improved"]);
        assert!(b["length"].as_u64() <= a["length"].as_u64(), "{lines:?}");
        assert!(
            b["lower_bound"].as_u64() >= a["lower_bound"].as_u64(),
            "{lines:?}"
        );
    }
    let last = &improved.last().unwrap()["improved"];
    assert_eq!(record["length"], last["length"], "{lines:?}");
    assert_eq!(record["algorithm"], last["algorithm"], "{lines:?}");
}

#[test]
fn a_renamed_field_fails_the_schema() {
    let c = case(&["solve", "--json", NEAR], "solve");
    let good = run(&c).remove(0);
    assert_valid("solve", &good, "as printed");
    let v = validator("solve");
    let mut renamed = good.clone();
    let path = renamed
        .as_object_mut()
        .unwrap()
        .remove("blank_path")
        .unwrap();
    renamed["path"] = path;
    assert!(!v.is_valid(&renamed), "a renamed blank_path passed");
    let mut strings = good.clone();
    strings["blank_path"] = serde_json::json!(["6-7-8"]);
    assert!(!v.is_valid(&strings), "a blank path of strings passed");
    let c = case(&["solve", "--all-optimal", "--json", NEAR], "listing");
    let listing = run(&c).remove(0);
    let v = validator("listing");
    let mut old = listing.clone();
    old["optimal_length"] = old["length"].clone();
    assert!(!v.is_valid(&old), "optimal_length passed");
    let mut strings = listing.clone();
    strings["solutions"] = serde_json::json!(["L2"]);
    assert!(!v.is_valid(&strings), "solutions as strings passed");
}

/// The solved record's solution part and a listing's solution are the
/// same object for the same (unique) optimal solution.
#[test]
fn a_listed_solution_is_the_solve_records_solution() {
    let solved = run(&case(&["solve", "--json", NEAR], "solve")).remove(0);
    let listing = run(&case(
        &["solve", "--all-optimal", "--json", NEAR],
        "listing",
    ))
    .remove(0);
    assert_eq!(listing["length"], solved["length"]);
    assert_eq!(listing["solutions"].as_array().unwrap().len(), 1);
    let listed = &listing["solutions"][0];
    for key in [
        "length",
        "moves",
        "blank_path",
        "tiles",
        "steps",
        "stm",
        "mtm",
    ] {
        assert_eq!(listed[key], solved[key], "{key}");
    }
    assert_eq!(solved["blank_path"], serde_json::json!([6, 7, 8]));
    assert_eq!(solved["steps"], serde_json::json!([[7, 6], [8, 7]]));
    assert_eq!(solved["moves"], "L2");
}

/// The subcommands whose help offers `--json`, found by asking the binary
/// (nested ones as `moves invert`).
fn json_commands(prefix: &[String]) -> BTreeSet<String> {
    let o = binary()
        .args(prefix)
        .arg("--help")
        .output()
        .expect("binary runs");
    let help = String::from_utf8_lossy(&o.stdout).into_owned();
    let mut found = BTreeSet::new();
    if !prefix.is_empty() && help.contains("--json") {
        found.insert(prefix.join(" "));
    }
    let Some((_, commands)) = help.split_once("Commands:") else {
        return found;
    };
    for line in commands.lines().skip(1) {
        if !line.starts_with("  ") {
            break;
        }
        let name = line.split_whitespace().next().unwrap_or_default();
        if name.is_empty() || name == "help" {
            continue;
        }
        let mut sub = prefix.to_vec();
        sub.push(name.to_string());
        found.extend(json_commands(&sub));
    }
    found
}

#[test]
fn every_subcommand_with_json_is_covered() {
    let with_json = json_commands(&[]);
    assert!(
        with_json.contains("solve") && with_json.contains("check"),
        "{with_json:?}"
    );
    let covered: BTreeSet<String> = cases().iter().map(|c| command_name(c.args)).collect();
    let missing: Vec<&String> = with_json.difference(&covered).collect();
    assert!(
        missing.is_empty(),
        "these commands print --json but the schema test runs none of them: {missing:?}"
    );
    let stale: Vec<&String> = covered.difference(&with_json).collect();
    assert!(
        stale.is_empty(),
        "cases of commands without --json: {stale:?}"
    );
}
