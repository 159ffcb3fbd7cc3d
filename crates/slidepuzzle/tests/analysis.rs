//! The speedsolver toolkit against brute force: every optimal solution
//! (STM and MTM) equals the set breadth-first search finds, MTM optimal
//! lengths equal an MTM breadth-first search, reviews and good moves equal
//! BFS distances, listings beyond the optimum count what a path count
//! finds, and optimised solutions are never longer.

use std::collections::{BTreeSet, VecDeque};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap as HashMap;
use slidepuzzle::model::{Configuration, Direction, Metric, Puzzle};
use slidepuzzle::moves::{blank_path_of_steps, length_in, replay, steps_of_blank_path};
use slidepuzzle::search::mtm_pdb::{MtmPdb, default_classes};
use slidepuzzle::solver::{Listed, SolutionQuery};
use slidepuzzle::theory::uniform_reachable;
use slidepuzzle::{Limits, Outcome, SolveOptions, Solver};

type Key = Vec<u32>;

/// The moves of the metric from `blank`, as blank paths, written here from
/// the model's directions alone (an oracle independent of the search
/// domains).
fn oracle_moves(p: &Puzzle, blank: usize, metric: Metric) -> Vec<Vec<usize>> {
    match metric {
        Metric::Stm => p
            .graph()
            .neighbors(blank)
            .iter()
            .map(|&v| vec![v])
            .collect(),
        Metric::Mtm => {
            let mut out = Vec::new();
            for d in Direction::ALL {
                let mut run = Vec::new();
                let mut at = blank;
                while let Some(next) = p.blank_target(at, d) {
                    run.push(next);
                    out.push(run.clone());
                    at = next;
                }
            }
            out
        }
    }
}

fn apply(c: &Configuration, path: &[usize]) -> Configuration {
    let mut c = c.clone();
    let mut b = c.blank();
    for &v in path {
        c.swap(b, v);
        b = v;
    }
    c
}

/// Distances to `goal` of every reachable configuration (the move graphs
/// are symmetric, so BFS from the goal).
fn bfs(p: &Puzzle, goal: &Configuration, metric: Metric) -> HashMap<Key, u32> {
    let mut dist = HashMap::default();
    dist.insert(goal.cells().to_vec(), 0);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(c) = queue.pop_front() {
        let d = dist[c.cells()];
        for m in oracle_moves(p, c.blank(), metric) {
            let next = apply(&c, &m);
            if !dist.contains_key(next.cells()) {
                dist.insert(next.cells().to_vec(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// Every optimal solution by following the distances down.
fn optimal_set(
    p: &Puzzle,
    start: &Configuration,
    dist: &HashMap<Key, u32>,
    metric: Metric,
) -> BTreeSet<Vec<usize>> {
    let mut out = BTreeSet::new();
    let mut stack = vec![(start.clone(), Vec::new())];
    while let Some((c, path)) = stack.pop() {
        let d = dist[c.cells()];
        if d == 0 {
            out.insert(path);
            continue;
        }
        for m in oracle_moves(p, c.blank(), metric) {
            let next = apply(&c, &m);
            if dist[next.cells()] + 1 == d {
                let mut longer = path.clone();
                longer.extend(&m);
                stack.push((next, longer));
            }
        }
    }
    out
}

fn listed(
    p: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    options: &SolveOptions,
    query: &SolutionQuery,
) -> (Vec<Vec<usize>>, slidepuzzle::solver::Listing) {
    let mut found = Vec::new();
    let r = Solver::new()
        .solutions(p, start, goal, options, query, &mut |steps: &[(
            usize,
            usize,
        )]| {
            found.push(blank_path_of_steps(steps));
            true
        })
        .unwrap();
    match r {
        Listed::Listed(l) => (found, l),
        Listed::Unsolvable(v) => panic!("unsolvable: {}", v.reason),
    }
}

fn metric(m: Metric) -> SolveOptions {
    SolveOptions {
        metric: m,
        ..SolveOptions::default()
    }
}

#[test]
fn all_optimal_solutions_equal_the_bfs_sets() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    for (spec, m, instances) in [
        ("3x3", Metric::Stm, 6),
        ("4x2", Metric::Stm, 6),
        ("petersen", Metric::Stm, 6),
        ("3x3", Metric::Mtm, 6),
        ("4x2", Metric::Mtm, 6),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let dist = bfs(&p, &goal, m);
        for _ in 0..instances {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let expected = optimal_set(&p, &start, &dist, m);
            let (found, l) = listed(&p, &start, &goal, &metric(m), &SolutionQuery::default());
            let set: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
            assert_eq!(set.len(), found.len(), "{spec} {m}: listed twice");
            assert_eq!(set, expected, "{spec} {m} {:?}", start.cells());
            assert_eq!(l.count as usize, expected.len());
            assert_eq!(l.optimal_length as u32, dist[start.cells()]);
            assert!(l.complete);
            for path in &found {
                assert_eq!(&replay(&p, &start, path).unwrap(), &goal);
            }
        }
    }
}

#[test]
fn mtm_optimal_lengths_equal_an_mtm_bfs() {
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    for spec in ["3x3", "4x2", "3x2", "2x2", "5x2"] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let dist = bfs(&p, &goal, Metric::Mtm);
        for heuristic in ["auto", "wd", "md"] {
            let options = SolveOptions {
                heuristic: heuristic.parse().unwrap(),
                ..metric(Metric::Mtm)
            };
            for _ in 0..8 {
                let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
                let Outcome::Solved(s) = Solver::new().solve(&p, &start, &goal, &options).unwrap()
                else {
                    panic!("{spec}")
                };
                assert!(s.optimal);
                assert_eq!(s.metric, Metric::Mtm);
                assert_eq!(s.length as u32, dist[start.cells()], "{spec} {heuristic}");
                assert_eq!(
                    length_in(&p, start.blank(), &s.blank_path(&start), Metric::Mtm),
                    Some(s.length)
                );
            }
        }
    }
}

#[test]
fn the_mtm_tables_are_admissible_and_consistent() {
    // Exact on 3x3 (every tile apart); coarse classes give lower bounds
    // that change by at most one per move.
    let p = Puzzle::parse("3x3").unwrap();
    let goal = p.default_goal();
    let dist = bfs(&p, &goal, Metric::Mtm);
    let exact = MtmPdb::build(
        3,
        3,
        &goal,
        &default_classes(3, 3, &goal).unwrap(),
        &Limits::default(),
        &|_| {},
    )
    .unwrap();
    let coarse = MtmPdb::build(
        3,
        3,
        &goal,
        &[1, 1, 1, 2, 2, 2, 3, 3, 0],
        &Limits::default(),
        &|_| {},
    )
    .unwrap();
    assert_eq!(coarse.entries(), 9 * 56 * 10);
    for (cells, &d) in &dist {
        let bytes: Vec<u8> = cells.iter().map(|&t| t as u8).collect();
        assert_eq!(exact.value(&bytes), d);
        let h = coarse.value(&bytes);
        assert!(h <= d, "{cells:?}: {h} > {d}");
        let c = Configuration::from_cells(cells.clone(), 1).unwrap();
        for m in oracle_moves(&p, c.blank(), Metric::Mtm) {
            let next: Vec<u8> = apply(&c, &m).cells().iter().map(|&t| t as u8).collect();
            assert!(coarse.value(&next).abs_diff(h) <= 1);
        }
    }
}

#[test]
fn reviews_and_good_moves_equal_bfs_distances() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let solver = Solver::new();
    for (spec, m) in [
        ("3x3", Metric::Stm),
        ("3x3", Metric::Mtm),
        ("petersen", Metric::Stm),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let dist = bfs(&p, &goal, m);
        let options = metric(m);
        for _ in 0..4 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            // A wandering solution: 6 random moves, then an optimal finish.
            let mut path = Vec::new();
            let mut c = start.clone();
            for _ in 0..6 {
                let moves = oracle_moves(&p, c.blank(), m);
                let mv = &moves[rng.random_range(0..moves.len())];
                c = apply(&c, mv);
                path.extend(mv);
            }
            let Outcome::Solved(s) = solver.solve(&p, &c, &goal, &options).unwrap() else {
                panic!()
            };
            path.extend(&s.blank_path(&c));
            let path = slidepuzzle::moves::simplify(start.blank(), &path);
            let steps = steps_of_blank_path(start.blank(), &path);
            let r = solver.review(&p, &start, &goal, &steps, &options).unwrap();
            let mut at = start.clone();
            assert_eq!(r.distances[0] as u32, dist[at.cells()]);
            for (i, mv) in r.moves.iter().enumerate() {
                at = slidepuzzle::moves::replay_steps(&p, &at, &mv.steps).unwrap();
                assert_eq!(r.distances[i + 1] as u32, dist[at.cells()]);
                assert_eq!(mv.loss, 1 + mv.after - mv.before);
            }
            assert_eq!(*r.distances.last().unwrap(), 0);
            assert_eq!(r.waste, r.length - r.distances[0]);
            let (d, moves) = solver.good_moves(&p, &start, &goal, &options).unwrap();
            assert_eq!(d as u32, dist[start.cells()]);
            assert_eq!(moves.len(), oracle_moves(&p, start.blank(), m).len());
            for mv in moves {
                let next = slidepuzzle::moves::replay_steps(&p, &start, &mv.steps).unwrap();
                assert_eq!(mv.distance as u32, dist[next.cells()]);
                assert_eq!(mv.good, dist[next.cells()] + 1 == d as u32);
            }
        }
    }
}

/// Paths of exactly `len` steps from `start` to `goal` that never step
/// straight back (the solutions a listing beyond the optimum gives).
fn count_reduced_paths(p: &Puzzle, start: &Configuration, goal: &Configuration, len: usize) -> u64 {
    // (configuration, previous blank vertex) -> number of paths so far.
    let mut layer: HashMap<(Key, usize), u64> = HashMap::default();
    layer.insert((start.cells().to_vec(), usize::MAX), 1);
    for _ in 0..len {
        let mut next: HashMap<(Key, usize), u64> = HashMap::default();
        for ((cells, prev), n) in layer {
            let c = Configuration::from_cells(cells, 1).unwrap();
            let b = c.blank();
            for &v in p.graph().neighbors(b) {
                if v != prev {
                    *next
                        .entry((apply(&c, &[v]).cells().to_vec(), b))
                        .or_default() += n;
                }
            }
        }
        layer = next;
    }
    layer
        .into_iter()
        .filter(|((cells, _), _)| cells == goal.cells())
        .map(|(_, n)| n)
        .sum()
}

#[test]
fn listings_beyond_the_optimum_count_every_reduced_path() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for spec in ["3x2", "3x3"] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        for _ in 0..3 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let query = SolutionQuery {
                beyond_optimal: Some(4),
                ..SolutionQuery::default()
            };
            let (found, l) = listed(&p, &start, &goal, &SolveOptions::default(), &query);
            let opt = l.optimal_length;
            for len in opt..=opt + 4 {
                let n = found.iter().filter(|f| f.len() == len).count() as u64;
                assert_eq!(
                    n,
                    count_reduced_paths(&p, &start, &goal, len),
                    "{spec} length {len}"
                );
            }
            // Shortest first, and --count stops early.
            assert!(found.windows(2).all(|w| w[0].len() <= w[1].len()));
            let few = SolutionQuery {
                max_count: Some(3),
                ..SolutionQuery::default()
            };
            let (first, l) = listed(&p, &start, &goal, &SolveOptions::default(), &few);
            assert_eq!(first.len(), 3);
            assert_eq!(l.count, 3);
            let k = first.len().min(found.len());
            assert_eq!(&first[..k], &found[..k]);
        }
    }
}

#[test]
fn optimize_never_lengthens_and_keeps_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let solver = Solver::new();
    for (spec, m) in [
        ("4x4", Metric::Stm),
        ("4x4", Metric::Mtm),
        ("petersen", Metric::Stm),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let start = uniform_reachable(&p, &p.default_goal(), &mut rng).unwrap();
        let mut path = Vec::new();
        let mut c = start.clone();
        for _ in 0..60 {
            let moves = oracle_moves(&p, c.blank(), Metric::Stm);
            let mv = &moves[rng.random_range(0..moves.len())];
            c = apply(&c, mv);
            path.extend(mv);
        }
        let steps = steps_of_blank_path(start.blank(), &path);
        let better = solver.optimize(&p, &start, &steps, 8, &metric(m)).unwrap();
        let better = blank_path_of_steps(&better);
        assert_eq!(replay(&p, &start, &better).unwrap(), c);
        let len = |x: &[usize]| length_in(&p, start.blank(), x, m).unwrap();
        assert!(
            len(&better) < len(&path),
            "{spec} {m}: a random walk has slack"
        );
    }
}

#[test]
fn a_corner_goal_in_the_multi_tile_metric_is_served_by_the_standard_goals_table() {
    // The standard goal's multi-tile table serves a goal with its blank in
    // another corner through a board symmetry (here turned half round,
    // the tiles renamed): nothing is built for that goal, the lengths are
    // the MTM distances of a breadth-first search, and the listing of
    // every optimal solution, given back through the symmetry, is the
    // breadth-first set.
    use slidepuzzle::store::DirectoryStore;
    use std::sync::Arc;
    let dir = std::env::temp_dir().join(format!("slidepuzzle-mtm-frame-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stored = || std::fs::read_dir(&dir).unwrap().count();
    let p = Puzzle::parse("3x3").unwrap();
    let standard = p.default_goal();
    let corner = slidepuzzle::format::parse_configuration(&p, "0 1 2/3 4 5/6 7 8", 1).unwrap();
    let solver = Solver::new().with_store(Arc::new(DirectoryStore::new(&dir)));
    let options = metric(Metric::Mtm);
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let warm = uniform_reachable(&p, &standard, &mut rng).unwrap();
    solver.solve(&p, &warm, &standard, &options).unwrap();
    assert_eq!(stored(), 1, "the standard goal's table");
    let plan = solver.plan(&p, &corner, &options).unwrap();
    let tables = plan.tables.as_ref().unwrap();
    assert_eq!(tables.goal.as_ref(), Some(&standard), "{plan}");
    assert!(tables.cached, "{plan}");
    assert!(
        plan.reason
            .contains("so the standard goal's tables serve it"),
        "{plan}"
    );
    let dist = bfs(&p, &corner, Metric::Mtm);
    for _ in 0..4 {
        let start = uniform_reachable(&p, &corner, &mut rng).unwrap();
        let Outcome::Solved(s) = solver.solve(&p, &start, &corner, &options).unwrap() else {
            panic!("not solved")
        };
        assert!(s.optimal);
        assert_eq!(s.length as u32, dist[start.cells()], "{:?}", start.cells());
        assert_eq!(
            &slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap(),
            &corner
        );
        let mut found = Vec::new();
        let listed = solver
            .solutions(
                &p,
                &start,
                &corner,
                &options,
                &SolutionQuery::default(),
                &mut |steps: &[(usize, usize)]| {
                    found.push(blank_path_of_steps(steps));
                    true
                },
            )
            .unwrap();
        let Listed::Listed(l) = listed else {
            panic!("unsolvable")
        };
        let set: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
        assert_eq!(set.len(), found.len(), "listed twice");
        assert_eq!(set, optimal_set(&p, &start, &dist, Metric::Mtm));
        assert_eq!(l.count as usize, set.len());
        assert!(l.complete);
    }
    assert_eq!(stored(), 1, "nothing built for the corner goal");
    std::fs::remove_dir_all(&dir).ok();
}
