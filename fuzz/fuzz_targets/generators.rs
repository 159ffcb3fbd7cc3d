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
    // A point from 10^5 up to the 2^24 limit is accepted and makes a
    // permutation of that degree: correct, but megabytes per run under
    // AddressSanitizer. Larger points are refused before allocation and
    // stay in.
    let large = text
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|run| run.parse::<u64>().ok())
        .any(|n| (100_000..=1 << 24).contains(&n));
    if large {
        return;
    }
    if let Ok(gens) = parse_generators(text) {
        for g in gens {
            let back = g.to_gap();
            assert!(!back.is_empty());
        }
    }
});
