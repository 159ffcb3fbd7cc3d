//! Move strings (letters with counts, blank paths, tile lists) and the
//! notation tools: a parsed move list replays from its start.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle::model::Puzzle;
use slidepuzzle::moves::{parse_moves, replay};
use slidepuzzle::notation::MoveSequence;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Keep each input cheap: counts in letters can ask for 2^27 moves.
    if text.len() > 200 || text.bytes().filter(|b| b.is_ascii_digit()).count() > 6 {
        return;
    }
    for spec in ["4x4", "3x3:torus", "petersen", "2x2x2"] {
        let p = Puzzle::parse(spec).unwrap();
        let start = p.default_goal();
        if let Ok(path) = parse_moves(&p, &start, text) {
            replay(&p, &start, &path).expect("parsed moves replay");
        }
    }
    if let Ok(seq) = text.parse::<MoveSequence>() {
        let _ = seq.to_string();
    }
});
