//! Short answers where optimal is out of reach: best-first searches on the
//! packed board kernel (A*, weighted A*, beam) and the automatic anytime
//! plan for boards of 17 to 49 cells. Every answer replays to the goal,
//! is no shorter than the optimum (or the printed lower bound), and the
//! anytime answer is never longer than the constructive one.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::theory::uniform_reachable;
use slidepuzzle::{Algorithm, Heuristic, Limits, Outcome, Solution, SolveOptions, solve};

fn solved(p: &Puzzle, start: &Configuration, opts: &SolveOptions) -> Solution {
    match solve(p, start, &p.default_goal(), opts).unwrap() {
        Outcome::Solved(s) => {
            assert_eq!(
                slidepuzzle::moves::replay_steps(p, start, &s.steps).unwrap(),
                p.default_goal(),
                "{}",
                s.algorithm
            );
            assert!(s.stats.lower_bound as usize <= s.length, "{s:?}");
            s
        }
        other => panic!("{} {start:?}: {other:?}", p.spec()),
    }
}

fn with(algorithm: Algorithm, heuristic: Heuristic) -> SolveOptions {
    SolveOptions {
        algorithm,
        heuristic,
        ..SolveOptions::default()
    }
}

/// A* on the board kernel is optimal: it matches IDA* on 3x3 and 4x3
/// under every board heuristic; weighted A* and beam answers are no
/// shorter than the optimum.
#[test]
fn board_best_first_searches_agree_with_ida_star() {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    for spec in ["3x3", "4x3"] {
        let p = Puzzle::parse(spec).unwrap();
        for _ in 0..3 {
            let start = uniform_reachable(&p, &p.default_goal(), &mut rng).unwrap();
            let optimum = solved(&p, &start, &with(Algorithm::Ida, Heuristic::Auto)).length;
            for heuristic in [
                Heuristic::Manhattan,
                Heuristic::LinearConflict,
                Heuristic::WalkingDistance,
            ] {
                let s = solved(&p, &start, &with(Algorithm::AStar, heuristic.clone()));
                assert_eq!(s.length, optimum, "{spec} {heuristic:?} {}", s.algorithm);
                assert!(s.optimal && s.algorithm.starts_with("astar-"), "{s:?}");
            }
            let weighted = Algorithm::WeightedAStar { weight: 2.0 };
            let s = solved(&p, &start, &with(weighted, Heuristic::Auto));
            assert!(s.length >= optimum && s.algorithm == "wastar-2", "{s:?}");
            let beam = Algorithm::Beam { width: 200 };
            let s = solved(&p, &start, &with(beam, Heuristic::Auto));
            assert!(s.length >= optimum && s.algorithm == "beam-200-lc", "{s:?}");
        }
    }
}

/// Pattern databases asked for with A* on a board are the goal's board
/// tables (maximised with Manhattan distance); the answer is optimal.
#[test]
fn board_a_star_uses_pattern_databases_when_asked() {
    let p = Puzzle::parse("3x3").unwrap();
    let start = slidepuzzle::format::parse_configuration(&p, "8 6 7/2 5 4/3 0 1", 1).unwrap();
    let s = solved(
        &p,
        &start,
        &with(Algorithm::AStar, "pdb:4-4".parse().unwrap()),
    );
    assert_eq!(s.length, 31);
    assert_eq!(s.algorithm, "astar-pdb");
}

/// On 5x5 the automatic plan gives the constructive answer at once and
/// shortens it by beam search until the deadline; the answer is never
/// longer than the constructive one.
#[test]
fn auto_shortens_mid_sized_boards_and_respects_the_deadline() {
    let p = Puzzle::parse("5x5").unwrap();
    let plan = slidepuzzle::Solver::new()
        .plan(&p, &p.default_goal(), &SolveOptions::default())
        .unwrap();
    assert_eq!(plan.name(), "anytime-beam-lc");
    assert!(plan.reason.contains("beam searches"), "{plan}");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let start = uniform_reachable(&p, &p.default_goal(), &mut rng).unwrap();
    let constructive = solved(&p, &start, &with(Algorithm::Constructive, Heuristic::Auto));
    let deadline = |seconds: f64| SolveOptions {
        limits: Limits {
            deadline: Some(Instant::now() + Duration::from_secs_f64(seconds)),
            ..Limits::default()
        },
        ..SolveOptions::default()
    };
    // Two seconds: at least the 1,000-wide beam finishes (0.05 s here).
    let s = solved(&p, &start, &deadline(2.0));
    assert!(s.algorithm.starts_with("beam-"), "{s:?}");
    assert!(
        s.length < constructive.length,
        "{} {}",
        s.length,
        constructive.length
    );
    assert!(!s.optimal || s.length == s.stats.lower_bound as usize);
    // A deadline already past stops the solve before any answer, as it
    // does for every method.
    match solve(&p, &start, &p.default_goal(), &deadline(0.0)).unwrap() {
        Outcome::Stopped { reason, .. } => {
            assert_eq!(reason, slidepuzzle::search::StopReason::Timeout)
        }
        other => panic!("{other:?}"),
    }
}

/// With a board's tables in the store, the anytime plan uses them in its
/// beams and then runs IDA* with them up to the kept answer's length: on
/// 5x4 every answer is proven shortest and as short as IDA*'s alone, and
/// the plan says so; without the tables it says how to build them.
#[test]
fn anytime_with_cached_tables_proves_its_answers_shortest() {
    use slidepuzzle::Solver;
    use slidepuzzle::store::MemoryStore;
    use std::sync::Arc;
    let p = Puzzle::parse("5x4").unwrap();
    let goal = p.default_goal();
    let solver = Solver::new().with_store(Arc::new(MemoryStore::new()));
    let auto = SolveOptions::default();
    let before = solver.plan(&p, &goal, &auto).unwrap();
    assert_eq!(before.name(), "anytime-beam-lc");
    assert!(
        before.reason.contains("slidepuzzle pdb build --puzzle 5x4"),
        "{before}"
    );
    // Build the default tables into the store, as `pdb build` does.
    let ida = with(Algorithm::Ida, "pdb".parse().unwrap());
    let tables = solver.plan(&p, &goal, &ida).unwrap();
    solver
        .prepare(&p, &goal, &tables, &Limits::default())
        .unwrap();
    let after = solver.plan(&p, &goal, &auto).unwrap();
    assert_eq!(after.name(), "anytime-beam-ida-pdb");
    assert!(
        after.reason.contains("IDA*") && after.tables.is_some(),
        "{after}"
    );
    let walks = slidepuzzle::theory::scramble::seeded_walks(&p, &goal, 200, 61);
    for start in walks.take(3) {
        let start = start.unwrap();
        let optimum = match solver.solve(&p, &start, &goal, &ida).unwrap() {
            Outcome::Solved(s) => s.length,
            other => panic!("{other:?}"),
        };
        // The widest beam takes a quarter of the budget; IDA* proves
        // these in well under a second of the rest.
        let budget = SolveOptions {
            limits: Limits::default().with_budget(Some(Duration::from_secs(6))),
            ..SolveOptions::default()
        };
        let s = match solver.solve(&p, &start, &goal, &budget).unwrap() {
            Outcome::Solved(s) => s,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap(),
            goal
        );
        assert_eq!(s.length, optimum, "{s:?}");
        assert!(
            s.optimal && s.stats.lower_bound as usize == s.length,
            "{s:?}"
        );
    }
}

/// In the multi-tile metric the anytime plan's searches still count
/// single-tile moves: its answers are kept by their multi-tile length, so
/// the reported lengths never grow, the last is the answer's, and no
/// lower bound is claimed (a single-tile bound is none in MTM).
#[test]
fn anytime_in_the_multi_tile_metric_claims_no_bound() {
    use slidepuzzle::model::Metric;
    use slidepuzzle::search::{Improvement, ImprovementSink};
    use std::sync::{Arc, Mutex};
    let p = Puzzle::parse("6x5").unwrap();
    let goal = p.default_goal();
    let start = slidepuzzle::theory::scramble::seeded_walks(&p, &goal, 150, 7)
        .next()
        .unwrap()
        .unwrap();
    let seen: Arc<Mutex<Vec<Improvement>>> = Arc::default();
    let sink = seen.clone();
    let opts = SolveOptions {
        metric: Metric::Mtm,
        limits: Limits {
            improvements: Some(ImprovementSink(Arc::new(move |i| {
                sink.lock().unwrap().push(i.clone())
            }))),
            ..Limits::default().with_budget(Some(Duration::from_secs(1)))
        },
        ..SolveOptions::default()
    };
    let plan = slidepuzzle::Solver::new().plan(&p, &goal, &opts).unwrap();
    assert!(plan.reason.contains("no lower bound is proven"), "{plan}");
    let s = solved(&p, &start, &opts);
    assert!(!s.optimal && s.stats.lower_bound == 0, "{s:?}");
    let seen = seen.lock().unwrap();
    let lengths: Vec<usize> = seen.iter().map(|i| i.length).collect();
    assert!(lengths.windows(2).all(|w| w[1] <= w[0]), "{lengths:?}");
    assert_eq!(lengths.last(), Some(&s.length));
    assert!(seen.iter().all(|i| i.lower_bound == 0));
}
