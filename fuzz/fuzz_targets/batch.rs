//! Batch files as `solve --file` reads them (ids, Korf's lines, rows),
//! through the library's one reading of what a user gave
//! ([`slidepuzzle::problem::Given::read_batch`]).
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle::model::Puzzle;
use slidepuzzle::problem::Given;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(batch) = Given::default().read_batch(text) {
        assert_eq!(batch.goal.len(), batch.puzzle.vertex_count());
        for i in &batch.instances {
            assert_eq!(i.start.len(), batch.puzzle.vertex_count());
        }
    }
    let board = Given {
        puzzle: Some(Puzzle::parse("4x4").unwrap()),
        ..Given::default()
    };
    let _ = board.read_batch(text);
});
