//! Batch files as `solve --file` reads them (ids, Korf's lines, rows).
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle::batch::read_batch;
use slidepuzzle::model::Puzzle;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((p, instances)) = read_batch(text, None, 1) {
        for i in &instances {
            assert_eq!(i.start.len(), p.vertex_count());
        }
    }
    let _ = read_batch(text, Some(Puzzle::parse("4x4").unwrap()), 1);
});
