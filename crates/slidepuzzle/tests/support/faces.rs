//! What every face must answer for a solve: the record the library itself
//! gives ([`slidepuzzle::records::SolveRecord`]). The command line's
//! tests (`solve --json`) and the web API's (`/api/solve` and its stream)
//! include this file and compare their answers with it, so the faces
//! agree with one another without depending on one another; the Python
//! package's `Solution` is compared with the same record in
//! `crates/slidepuzzle-py/tests/test_solve.py`.

use std::sync::Arc;

use serde_json::Value;
use slidepuzzle::problem::Given;
use slidepuzzle::solver::SolveOptions;
use slidepuzzle::store::MemoryStore;
use slidepuzzle::{Puzzle, Solver};

/// The instances compared: puzzle, state, blanks, `algo`, `heuristic`
/// (shortest answers, several blanks, a graph, an unsolvable one).
pub const INSTANCES: [(&str, &str, usize, &str, &str); 5] = [
    ("3x3", "8 6 7/2 5 4/3 0 1", 1, "ida", "md"),
    ("3x3", "1 2 3/4 5 6/0 7 8", 1, "auto", "auto"),
    ("petersen", "9 2 3 4 5 6 7 8 1 0", 1, "auto", "auto"),
    ("2x3", "0 2/1 4/3 0", 2, "auto", "auto"),
    ("3x3", "1 2 3/4 5 6/8 7 0", 1, "auto", "auto"),
];

/// The fields compared: everything but the clock (`seconds`).
const SAME: [&str; 16] = [
    "id",
    "solvable",
    "solved",
    "metric",
    "optimal",
    "lower_bound",
    "length",
    "moves",
    "blank_path",
    "tiles",
    "steps",
    "stm",
    "mtm",
    "algorithm",
    "plan",
    "method",
];

/// The library's record for one of [`INSTANCES`], solved with no table
/// cached (as the faces' tests solve it: a fresh cache directory, or the
/// web router's memory store).
pub fn library_record(
    (puzzle, state, blanks, algo, heuristic): (&str, &str, usize, &str, &str),
) -> Value {
    let given = Given {
        puzzle: Some(Puzzle::parse(puzzle).expect("a puzzle spec")),
        goal: None,
        blanks: Some(blanks),
    };
    let problem = given.read(state).expect("a valid state");
    let options = SolveOptions {
        algorithm: algo.parse().expect("an algorithm"),
        heuristic: heuristic.parse().expect("a heuristic"),
        ..SolveOptions::default()
    };
    let solver = Solver::new().with_store(Arc::new(MemoryStore::new()));
    let plan = solver
        .plan(&problem.puzzle, &problem.goal, &options)
        .expect("a plan");
    let outcome = solver
        .solve_with_plan(
            &problem.puzzle,
            &problem.start,
            &problem.goal,
            &options,
            &plan,
        )
        .expect("a solve");
    let record = slidepuzzle::records::SolveRecord::new(
        "1",
        &problem.puzzle,
        &problem.start,
        &outcome,
        Some(&plan),
    );
    serde_json::to_value(record).expect("records serialise")
}

/// Asserts that a face's record says what the library's does: the fields
/// of [`SAME`], and for a solved instance the same keys (nothing one face
/// adds or drops).
pub fn assert_same(face: &Value, library: &Value, context: &str) {
    for key in SAME {
        assert_eq!(
            face.get(key),
            library.get(key),
            "{context}: {key}\n{face}\n{library}"
        );
    }
    if library["solved"] == true {
        let keys = |v: &Value| {
            let mut k: Vec<String> = v.as_object().expect("an object").keys().cloned().collect();
            k.sort();
            k
        };
        assert_eq!(keys(face), keys(library), "{context}");
    }
}
