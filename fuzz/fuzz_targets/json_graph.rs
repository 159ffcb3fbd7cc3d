//! JSON graph files: a graph or a typed error; a graph is simple and
//! within the budget.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slidepuzzle::model::budget::SizeBudget;
use slidepuzzle::model::spec::graph_json_within;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let budget = SizeBudget {
        vertices: 5_000,
        edges: 20_000,
    };
    if let Ok(p) = graph_json_within(text, "fuzz", &budget) {
        let g = p.graph();
        assert!(g.vertex_count() as u64 <= budget.vertices);
        for (a, b) in g.edges() {
            assert_ne!(a, b);
        }
    }
});
