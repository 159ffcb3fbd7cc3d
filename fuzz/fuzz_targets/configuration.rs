//! Configurations on a few puzzles, in every state format; a parsed
//! configuration prints and parses back to itself.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle::format::{format_configuration, infer_board, parse_configuration};
use slidepuzzle::model::Puzzle;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for spec in ["3x3", "4x4", "theta0", "2x2x2"] {
        let p = Puzzle::parse(spec).unwrap();
        for blanks in [1, 2] {
            if let Ok(c) = parse_configuration(&p, text, blanks) {
                let back = parse_configuration(&p, &format_configuration(&p, &c), blanks).unwrap();
                assert_eq!(back, c);
            }
        }
    }
    if let Ok(p) = infer_board(text) {
        let _ = parse_configuration(&p, text, 1);
    }
});
