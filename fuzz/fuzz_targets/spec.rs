//! Puzzle specs: any text is a puzzle or a typed error, never a panic or
//! an allocation beyond the budget. A small budget keeps every input cheap.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle::model::{Puzzle, budget::SizeBudget};

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let budget = SizeBudget {
            vertices: 5_000,
            edges: 20_000,
        };
        if let Ok(p) = Puzzle::parse_within(text, None, &budget) {
            assert!(p.vertex_count() as u64 <= budget.vertices);
            // The default goal is a configuration of the puzzle.
            assert_eq!(p.default_goal().len(), p.vertex_count());
            // A one-way puzzle's goal reaches itself (the decision runs
            // in linear time on every shape).
            if p.digraph().is_some() {
                let goal = p.default_goal();
                assert!(slidepuzzle::check(&p, &goal, &goal).unwrap().solvable);
            }
        }
    }
});
