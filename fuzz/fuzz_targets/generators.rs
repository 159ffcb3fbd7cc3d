//! Permutation generators as `words --gens` and `perm` read them (GAP cycle
//! notation).
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle::explore::words::parse_generators;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Points up to 2^24 are allowed; keep inputs small so each run is cheap.
    if text.len() > 300 || text.bytes().filter(|b| b.is_ascii_digit()).count() > 40 {
        return;
    }
    if let Ok(gens) = parse_generators(text) {
        for g in gens {
            let back = g.to_gap();
            assert!(!back.is_empty());
        }
    }
});
