//! Solving with several blanks through the front door: optimal lengths
//! equal breadth-first search over configurations, unsolvable instances
//! are exactly those BFS cannot reach, constructive solutions replay.

use std::collections::BTreeSet;

use rand::{RngExt, SeedableRng};
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::moves::replay_steps;
use slidepuzzle::solver::{Listed, SolutionQuery};
use slidepuzzle::{Algorithm, Heuristic, Outcome, SolveOptions, Solver};

use crate::common;

/// Distances from `goal` to every configuration reachable from it.
fn bfs_from(p: &Puzzle, goal: &Configuration) -> common::Distances {
    common::distances(p.graph(), goal.cells())
}

fn options(algorithm: Algorithm, heuristic: Heuristic) -> SolveOptions {
    SolveOptions {
        algorithm,
        heuristic,
        ..SolveOptions::default()
    }
}

#[test]
fn optimal_lengths_equal_breadth_first_search_and_unsolvable_means_unreachable() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    let solver = Solver::new();
    let specs = [
        "path:5",
        "cycle:6",
        "edges:0-1,0-2,0-3,0-4",             // a star
        "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3", // two triangles and a hallway
        "theta:1,2,2",
        "2x3",
        "petersen",
        "3x3",
    ];
    for spec in specs {
        let p = Puzzle::parse(spec).unwrap();
        let n = p.vertex_count();
        for k in 2..=3.min(n - 1) {
            let goal = Configuration::natural_with_blanks(n, k);
            let distances = bfs_from(&p, &goal);
            let choices = [
                options(Algorithm::Auto, Heuristic::Auto),
                options(Algorithm::Ida, Heuristic::Manhattan),
                options(Algorithm::Ida, "pdb".parse().unwrap()),
                options(Algorithm::AStar, Heuristic::Auto),
            ];
            for round in 0..6 {
                let mut cells = goal.cells().to_vec();
                for i in (1..n).rev() {
                    cells.swap(i, rng.random_range(0..=i));
                }
                let start = Configuration::from_cells(cells, k).unwrap();
                let want = distances.get(start.cells()).copied();
                let o = &choices[round % choices.len()];
                let outcome = solver.solve(&p, &start, &goal, o).unwrap();
                match (outcome, want) {
                    (Outcome::Solved(s), Some(d)) => {
                        assert_eq!(s.steps.len(), d, "{spec} k={k} {:?}", start.cells());
                        assert!(s.optimal && s.blank_path(&start).is_empty());
                        assert_eq!(replay_steps(&p, &start, &s.steps).unwrap(), goal);
                    }
                    (Outcome::Unsolvable(_), None) => {}
                    (other, want) => panic!("{spec} k={k}: {other:?} but BFS says {want:?}"),
                }
            }
        }
    }
}

/// Solves `seeds` uniform scrambles (from `seed`) of `spec` with `k`
/// blanks under `algorithm`, through the front door; each must be solved,
/// not marked optimal, and replay to the goal. Returns the plan's name.
fn solve_constructively(
    spec: &str,
    k: usize,
    algorithm: Algorithm,
    seed: u64,
    seeds: usize,
) -> String {
    let solver = Solver::new();
    let p = Puzzle::parse(spec).unwrap();
    let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
    let o = options(algorithm, Heuristic::Auto);
    let plan = solver.plan(&p, &goal, &o).unwrap();
    for start in slidepuzzle::theory::seeded_scrambles(&p, &goal, seed).take(seeds) {
        let start = start.unwrap();
        match solver
            .solve_with_plan(&p, &start, &goal, &o, &plan)
            .unwrap()
        {
            Outcome::Solved(s) => {
                assert!(!s.optimal);
                assert_eq!(replay_steps(&p, &start, &s.steps).unwrap(), goal);
            }
            other => panic!("{spec} k={k}: {other:?}"),
        }
    }
    plan.name()
}

#[test]
fn constructive_solutions_with_many_blanks_replay_on_large_graphs() {
    for (spec, k) in [
        ("random:300,200,7", 10),
        ("20x20", 30),
        ("random:1000,600,3", 100),
    ] {
        let name = solve_constructively(spec, k, Algorithm::Auto, 5, 1);
        assert_eq!(name, "constructive", "{spec}");
    }
}

/// Trees and hallways, where tiles must pass each other at junctions:
/// through the front door, constructive solutions of uniform scrambles
/// (before: refused as "needing several blanks at once").
#[test]
fn constructive_solutions_on_trees_and_hallways_replay() {
    for (spec, k) in [
        ("tree:200,5", 3),
        ("tree:200,6", 20),
        ("edges:0-1,1-2,2-3,3-4,4-5,0-6,0-7,5-8,5-9,8-10", 3),
    ] {
        solve_constructively(spec, k, Algorithm::Constructive, 9, 3);
    }
}

#[test]
fn cycles_are_solved_shortest_by_rotation_with_any_number_of_blanks() {
    // Every configuration reachable from the goal on cycles of 3 to 7
    // vertices with 1 to 3 blanks: the automatic plan is the rotation
    // solver, its solutions replay, are marked optimal and are as long as
    // the BFS distance.
    let solver = Solver::new();
    let auto = options(Algorithm::Auto, Heuristic::Auto);
    for n in 3..=7 {
        let p = Puzzle::parse(&format!("cycle:{n}")).unwrap();
        for k in 1..=3.min(n - 1) {
            let goal = Configuration::natural_with_blanks(n, k);
            assert_eq!(
                solver.plan(&p, &goal, &auto).unwrap().name(),
                "cycle-rotation"
            );
            for (cells, d) in bfs_from(&p, &goal) {
                let start = Configuration::from_cells(cells, k).unwrap();
                match solver.solve(&p, &start, &goal, &auto).unwrap() {
                    Outcome::Solved(s) => {
                        assert_eq!((s.steps.len(), s.optimal), (d, true), "cycle:{n} {start:?}");
                        assert_eq!(replay_steps(&p, &start, &s.steps).unwrap(), goal);
                    }
                    o => panic!("cycle:{n} {start:?}: {o:?}"),
                }
            }
        }
    }
}

#[test]
fn multi_tile_metric_with_several_blanks_is_refused_with_a_reason() {
    let p = Puzzle::parse("3x3").unwrap();
    let goal = Configuration::natural_with_blanks(9, 2);
    let o = SolveOptions {
        metric: slidepuzzle::model::Metric::Mtm,
        ..SolveOptions::default()
    };
    let e = Solver::new().plan(&p, &goal, &o).unwrap_err();
    assert!(e.to_string().contains("single-tile metric"), "{e}");
}

#[test]
fn the_maximum_over_free_blank_partitions_is_optimal() {
    // Reachable configurations, solved by IDA* with the tables: several
    // partitions are planned and every length equals the BFS distance.
    let mut rng = rand::rngs::StdRng::seed_from_u64(17);
    let solver = Solver::new();
    for (spec, k) in [("3x3", 2), ("3x3", 3), ("petersen", 3), ("2x4", 2)] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
        let o = options(Algorithm::Ida, "pdb".parse().unwrap());
        let plan = solver.plan(&p, &goal, &o).unwrap();
        let tables = plan.tables.as_ref().expect("tables planned");
        assert!(tables.partitions.len() > 1, "{spec}: {}", tables.sizes());
        for groups in tables.partition_groups() {
            let mut tiles: Vec<u32> = groups.iter().flatten().copied().collect();
            tiles.sort();
            let want: Vec<u32> = (1..=(p.vertex_count() - k) as u32).collect();
            assert_eq!(tiles, want, "{spec}: a partition covers every tile once");
        }
        let distances = bfs_from(&p, &goal);
        let mut reachable: Vec<(&Vec<u32>, &usize)> = distances.iter().collect();
        reachable.sort();
        for _ in 0..8 {
            let (cells, &d) = reachable[rng.random_range(0..reachable.len())];
            let start = Configuration::from_cells(cells.clone(), k).unwrap();
            match solver
                .solve_with_plan(&p, &start, &goal, &o, &plan)
                .unwrap()
            {
                Outcome::Solved(s) => {
                    assert_eq!(s.steps.len(), d, "{spec} k={k} {cells:?}");
                    assert!(s.optimal);
                }
                other => panic!("{spec} k={k}: {other:?}"),
            }
        }
    }
}

#[test]
fn proven_lower_bounds_never_exceed_the_breadth_first_distance() {
    // Weighted A* (solved, not optimal), beam search, and breadth-first
    // search, A* and IDA* stopped by a node limit each report a lower
    // bound; it must never exceed the true distance, equal the length when
    // optimal, and prove something (above 0) on far configurations.
    let mut rng = rand::rngs::StdRng::seed_from_u64(31);
    let solver = Solver::new();
    let mut proven = 0;
    let mut stopped = 0;
    for (spec, k) in [("3x3", 1), ("3x3", 2), ("petersen", 3)] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
        let distances = bfs_from(&p, &goal);
        let deepest = *distances.values().max().unwrap();
        let mut far: Vec<(&Vec<u32>, &usize)> = distances
            .iter()
            .filter(|(_, d)| **d + 4 >= deepest)
            .collect();
        far.sort();
        let limited = |algorithm| SolveOptions {
            limits: slidepuzzle::Limits {
                max_nodes: Some(1),
                ..Default::default()
            },
            single_thread: true,
            ..options(algorithm, Heuristic::Manhattan)
        };
        let choices = [
            options(
                Algorithm::WeightedAStar { weight: 3.0 },
                Heuristic::Manhattan,
            ),
            options(Algorithm::Beam { width: 4 }, Heuristic::Auto),
            limited(Algorithm::Bfs),
            limited(Algorithm::AStar),
            limited(Algorithm::Ida),
            options(Algorithm::Auto, Heuristic::Auto),
        ];
        for o in &choices {
            for _ in 0..3 {
                let (cells, &d) = far[rng.random_range(0..far.len())];
                let start = Configuration::from_cells(cells.clone(), k).unwrap();
                let (lower, length) = match solver.solve(&p, &start, &goal, o).unwrap() {
                    Outcome::Solved(s) => {
                        if s.optimal {
                            assert_eq!(s.stats.lower_bound as usize, s.length, "{spec}");
                        }
                        (s.stats.lower_bound as usize, s.length)
                    }
                    Outcome::Stopped { stats, .. } => {
                        stopped += 1;
                        (stats.lower_bound as usize, usize::MAX)
                    }
                    other => panic!("{spec} k={k}: {other:?}"),
                };
                assert!(
                    lower <= d && d <= length,
                    "{spec} k={k} {:?}: {lower} <= {d} <= {length}, {o:?}",
                    start.cells()
                );
                proven += usize::from(lower > 0);
            }
        }
    }
    assert!(stopped >= 3, "the node limits stopped {stopped} searches");
    assert_eq!(proven, 3 * 3 * 6, "every search proves a positive bound");
}

#[test]
fn beyond_its_node_budget_the_automatic_plan_answers_by_weighted_a_star() {
    // 4x3 with 2 blanks: IDA* with the Manhattan distance needs more than
    // 65,536 expansions on these two, so a budget of one node hands over
    // to weighted A*: a solution within 1.5 times the optimum, named for
    // both searches, with a proven lower bound. Within the real budget the
    // same plan is optimal; the user's own node limit stops the solve.
    let solver = Solver::new();
    let p = Puzzle::parse("4x3").unwrap();
    let goal = Configuration::natural_with_blanks(12, 2);
    let auto = SolveOptions {
        single_thread: true,
        ..options(Algorithm::Auto, Heuristic::Manhattan)
    };
    let plan = solver.plan(&p, &goal, &auto).unwrap();
    let budget = plan.fallback.expect("the automatic plan has a budget");
    assert_eq!(budget.nodes, slidepuzzle::solver::AUTO_SEVERAL_BLANKS_NODES);
    let mut tight = plan.clone();
    tight.fallback = Some(slidepuzzle::solver::Fallback { nodes: 1, ..budget });
    for state in ["4 9 6 3/8 10 0 1/5 2 7 0", "4 1 0 0/6 10 2 8/7 3 9 5"] {
        let start = slidepuzzle::format::parse_configuration(&p, state, 2).unwrap();
        let optimum = match solver
            .solve_with_plan(&p, &start, &goal, &auto, &plan)
            .unwrap()
        {
            Outcome::Solved(s) => {
                assert!(
                    s.optimal && s.algorithm == plan.name(),
                    "{state}: {}",
                    s.algorithm
                );
                // The words name the search that answered, not the
                // fallback that did not run.
                let words = plan.in_words_for(&s);
                assert!(
                    words.starts_with("IDA* with") && !words.contains("weighted"),
                    "{words}"
                );
                s.length
            }
            other => panic!("{state}: {other:?}"),
        };
        match solver
            .solve_with_plan(&p, &start, &goal, &auto, &tight)
            .unwrap()
        {
            Outcome::Solved(s) => {
                assert_eq!(replay_steps(&p, &start, &s.steps).unwrap(), goal);
                assert!(s.algorithm.ends_with("then wastar-1.5"), "{}", s.algorithm);
                let words = tight.in_words_for(&s);
                assert!(
                    words.starts_with("weighted A* (weight 1.5)")
                        && words.ends_with(
                            "after IDA* with the Manhattan distance on the graph ran long"
                        ),
                    "{words}"
                );
                let lower = s.stats.lower_bound as usize;
                assert!(
                    lower > 0 && lower <= optimum,
                    "{state}: {lower} vs {optimum}"
                );
                assert!(
                    s.length as f64 <= 1.5 * optimum as f64,
                    "{state}: {}",
                    s.length
                );
                assert_eq!(s.optimal, s.length == lower, "{state}");
                // IDA*'s nodes count too: 50 more for IDA* with a budget
                // of 51 (the same A* follows).
                let mut wider = tight.clone();
                wider.fallback = Some(slidepuzzle::solver::Fallback {
                    nodes: 51,
                    ..budget
                });
                let Outcome::Solved(w) = solver
                    .solve_with_plan(&p, &start, &goal, &auto, &wider)
                    .unwrap()
                else {
                    panic!("{state}: solved within 51 nodes")
                };
                assert_eq!(w.stats.expanded, s.stats.expanded + 50, "{state}");
            }
            other => panic!("{state}: {other:?}"),
        }
        // A* out of memory: the constructive solver answers.
        let small = SolveOptions {
            limits: slidepuzzle::Limits {
                max_memory: 1 << 10,
                ..Default::default()
            },
            ..auto.clone()
        };
        match solver
            .solve_with_plan(&p, &start, &goal, &small, &tight)
            .unwrap()
        {
            Outcome::Solved(s) => {
                assert_eq!(replay_steps(&p, &start, &s.steps).unwrap(), goal);
                assert!(s.length >= optimum && s.stats.lower_bound as usize <= optimum);
                assert!(
                    s.algorithm.ends_with("then constructive"),
                    "{}",
                    s.algorithm
                );
            }
            other => panic!("{state}: {other:?}"),
        }
        let limited = SolveOptions {
            limits: slidepuzzle::Limits {
                max_nodes: Some(1),
                ..Default::default()
            },
            ..auto.clone()
        };
        assert!(matches!(
            solver
                .solve_with_plan(&p, &start, &goal, &limited, &plan)
                .unwrap(),
            Outcome::Stopped { .. }
        ));
    }
}

/// The steps `(from, to)` from `cells` (any number of blanks): every tile
/// next to a blank, into it; the oracle's own move generation.
fn oracle_steps(p: &Puzzle, cells: &[u32]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (v, &t) in cells.iter().enumerate() {
        if t == 0 {
            out.extend(
                p.graph()
                    .neighbors(v)
                    .iter()
                    .filter(|&&w| cells[w] != 0)
                    .map(|&w| (w, v)),
            );
        }
    }
    out
}

/// Every path of exactly `length` steps from `start` to the goal that
/// never slides a tile straight back (the solutions a listing gives), by
/// depth-first search pruned with the breadth-first distances `to_goal`
/// (which must cover every configuration within `length` of the goal).
fn oracle_solutions(
    p: &Puzzle,
    start: &[u32],
    to_goal: &common::Distances,
    length: usize,
) -> BTreeSet<Vec<(usize, usize)>> {
    fn walk(
        p: &Puzzle,
        cells: &mut Vec<u32>,
        to_goal: &common::Distances,
        left: usize,
        path: &mut Vec<(usize, usize)>,
        out: &mut BTreeSet<Vec<(usize, usize)>>,
    ) {
        if left == 0 {
            if to_goal.get(cells.as_slice()) == Some(&0) {
                out.insert(path.clone());
            }
            return;
        }
        for (from, to) in oracle_steps(p, cells) {
            if path.last() == Some(&(to, from)) {
                continue;
            }
            cells.swap(from, to);
            if to_goal.get(cells.as_slice()).is_some_and(|&d| d < left) {
                path.push((from, to));
                walk(p, cells, to_goal, left - 1, path, out);
                path.pop();
            }
            cells.swap(from, to);
        }
    }
    let mut out = BTreeSet::new();
    walk(
        p,
        &mut start.to_vec(),
        to_goal,
        length,
        &mut Vec::new(),
        &mut out,
    );
    out
}

/// Listing every optimal solution, the N shortest and those up to one and
/// two moves beyond the optimum, and rating every move, with 2 and 3 blanks on
/// boards and graphs: the same sets and values as an independent
/// breadth-first search over configurations (issue 60).
#[test]
fn listings_and_move_ratings_with_several_blanks_equal_breadth_first_search() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(60);
    let solver = Solver::new();
    let options = SolveOptions::default();
    let cases = [
        ("3x3", 2),
        ("3x3", 3),
        ("4x3", 2),
        ("4x3", 3),
        ("petersen", 2),
        ("2x2x2", 3),
        ("theta:1,2,3", 2),
    ];
    for (spec, k) in cases {
        let p = Puzzle::parse(spec).unwrap();
        let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
        // Positions 6 to 8 moves from the goal, and every configuration
        // within 9 (so also every one on a path one move longer).
        let to_goal = common::distances_within(p.graph(), goal.cells(), 9);
        let mut at_distance: Vec<&Vec<u32>> = to_goal
            .iter()
            .filter(|&(_, &d)| (6..=8).contains(&d))
            .map(|(c, _)| c)
            .collect();
        at_distance.sort();
        for _ in 0..2 {
            let cells = at_distance[rng.random_range(0..at_distance.len())].clone();
            let start = Configuration::from_cells(cells.clone(), k).unwrap();
            let d = to_goal[&cells];
            let optimal = oracle_solutions(&p, &cells, &to_goal, d);
            let one_more = oracle_solutions(&p, &cells, &to_goal, d + 1);
            let two_more = oracle_solutions(&p, &cells, &to_goal, d + 2);
            let list = |query: SolutionQuery| {
                let mut found = Vec::new();
                let listed = solver
                    .solutions(&p, &start, &goal, &options, &query, &mut |steps| {
                        found.push(steps.to_vec());
                        true
                    })
                    .unwrap();
                let Listed::Listed(l) = listed else {
                    panic!("{spec}: unsolvable")
                };
                assert_eq!(l.optimal_length, d, "{spec} {cells:?}");
                assert_eq!(l.count as usize, found.len());
                found
            };
            let at = format!("{spec} k={k} {cells:?}");
            // --all-optimal: the optimal solutions, each once.
            let all = list(SolutionQuery {
                beyond_optimal: Some(0),
                ..SolutionQuery::default()
            });
            assert_eq!(all.len(), optimal.len(), "{at}: a solution listed twice");
            assert_eq!(
                all.iter().cloned().collect::<BTreeSet<_>>(),
                optimal,
                "{at}"
            );
            // --beyond-optimal 1: those and the ones a move longer.
            let beyond = list(SolutionQuery {
                beyond_optimal: Some(1),
                ..SolutionQuery::default()
            });
            let want: BTreeSet<_> = optimal.union(&one_more).cloned().collect();
            assert_eq!(beyond.len(), want.len(), "{at}: a solution listed twice");
            assert_eq!(beyond.into_iter().collect::<BTreeSet<_>>(), want, "{at}");
            // --beyond-optimal 2 (on bipartite boards nothing is one move
            // longer: every solution has the optimum's parity).
            let beyond = list(SolutionQuery {
                beyond_optimal: Some(2),
                ..SolutionQuery::default()
            });
            let want: BTreeSet<_> = want.union(&two_more).cloned().collect();
            assert!(want.len() > optimal.len(), "{at}: longer solutions exist");
            assert_eq!(beyond.len(), want.len(), "{at}: a solution listed twice");
            assert_eq!(beyond.into_iter().collect::<BTreeSet<_>>(), want, "{at}");
            // --count N: the N shortest, the optimal ones first.
            let n = optimal.len() + 2;
            let counted = list(SolutionQuery {
                max_count: Some(n as u64),
                ..SolutionQuery::default()
            });
            assert_eq!(counted.len(), n, "{at}");
            let (first, rest) = counted.split_at(optimal.len());
            assert_eq!(
                first.iter().cloned().collect::<BTreeSet<_>>(),
                optimal,
                "{at}"
            );
            for s in rest {
                assert!(s.len() > d, "{at}: {s:?} listed after the optimal ones");
                assert_eq!(replay_steps(&p, &start, s).unwrap(), goal, "{at}");
            }
            // --good-moves: every step from the start with its distance.
            let (before, moves) = solver.good_moves(&p, &start, &goal, &options).unwrap();
            assert_eq!(before, d, "{at}");
            let rated: BTreeSet<_> = moves.iter().map(|m| m.steps.clone()).collect();
            let legal: BTreeSet<_> = oracle_steps(&p, &cells)
                .into_iter()
                .map(|s| vec![s])
                .collect();
            assert_eq!(rated, legal, "{at}");
            for m in &moves {
                let mut next = cells.clone();
                next.swap(m.steps[0].0, m.steps[0].1);
                let want = to_goal[&next];
                assert_eq!(m.distance, want, "{at} {:?}", m.steps);
                assert_eq!(m.good, want + 1 == d, "{at} {:?}", m.steps);
            }
            assert!(moves.iter().any(|m| m.good) || d == 0, "{at}");
        }
    }
}
