//! Puzzles with one-way edges through the front door (issue 31): specs,
//! the decision, optimal solutions equal to a breadth-first search,
//! scrambles, God's numbers and the analysis.

use std::collections::{HashMap, VecDeque};

use rand::RngExt;
use rand_chacha::rand_core::SeedableRng;
use slidepuzzle::model::{Configuration, Puzzle, digraph::Digraph};
use slidepuzzle::solver::{Algorithm, Outcome, SolveOptions, Solver};

/// The length of an optimal solution from every configuration that
/// reaches `goal` (a breadth-first search backward: the blank on `b` takes
/// the tile back from a vertex `b` has an arc to).
fn distances_to(puzzle: &Puzzle, goal: &Configuration) -> HashMap<Vec<u32>, usize> {
    let mut dist = HashMap::from([(goal.cells().to_vec(), 0)]);
    let mut queue = VecDeque::from([goal.cells().to_vec()]);
    while let Some(c) = queue.pop_front() {
        let d = dist[&c];
        for b in (0..c.len()).filter(|&v| c[v] == 0) {
            for &u in puzzle.blank_moves_back(b) {
                if c[u] == 0 {
                    continue;
                }
                let mut next = c.clone();
                next.swap(b, u);
                if !dist.contains_key(&next) {
                    dist.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    dist
}

/// A random digraph on `n` vertices with some arcs one-way and some
/// two-way, connected underneath.
fn random_one_way(n: usize, rng: &mut rand_chacha::ChaCha8Rng) -> Puzzle {
    loop {
        let mut arcs = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                match rng.random_range(0..6) {
                    0 | 1 => arcs.push((u, v)),
                    2 | 3 => arcs.push((v, u)),
                    4 => arcs.extend([(u, v), (v, u)]),
                    _ => {}
                }
            }
        }
        let d = Digraph::from_arcs(n, &arcs).unwrap();
        let p = Puzzle::one_way(d, "random");
        if p.digraph().is_some() && p.graph().components().1 == 1 {
            return p;
        }
    }
}

/// 100 random instances on random one-way puzzles of 4 to 7 vertices, one
/// or two blanks, by IDA* and A*: solvable exactly when BFS says so, and
/// optimal lengths equal to BFS's (each solution replayed by the library,
/// and here once more).
#[test]
fn optimal_lengths_equal_breadth_first_search_on_100_random_instances() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
    let solver = Solver::new();
    let (mut solved, mut unsolvable) = (0, 0);
    for i in 0..100 {
        let n = rng.random_range(4..=7usize);
        let p = random_one_way(n, &mut rng);
        let blanks = if i % 4 == 3 { 2 } else { 1 };
        let goal = Configuration::natural_with_blanks(n, blanks);
        let dist = distances_to(&p, &goal);
        // A random arrangement of the goal's tiles.
        let mut cells = goal.cells().to_vec();
        for j in (1..n).rev() {
            cells.swap(j, rng.random_range(0..=j));
        }
        let start = Configuration::from_cells(cells.clone(), blanks).unwrap();
        let algorithm = if i % 2 == 0 {
            Algorithm::Ida
        } else {
            Algorithm::AStar
        };
        let options = SolveOptions {
            algorithm,
            ..SolveOptions::default()
        };
        match solver.solve(&p, &start, &goal, &options).unwrap() {
            Outcome::Solved(s) => {
                assert_eq!(
                    Some(&s.length),
                    dist.get(&cells),
                    "{:?} {cells:?}",
                    p.digraph()
                );
                let end = slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap();
                assert_eq!(end, goal);
                solved += 1;
            }
            Outcome::Unsolvable(v) => {
                assert!(
                    !dist.contains_key(&cells),
                    "{:?} {cells:?}: {}",
                    p.digraph(),
                    v.reason
                );
                unsolvable += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    // Both answers occur.
    assert!(
        solved > 20 && unsolvable > 20,
        "{solved} solved, {unsolvable} unsolvable"
    );
}

#[test]
fn a_street_grid_is_solved_optimally_and_never_against_the_arcs() {
    let p = Puzzle::parse("4x4:streets").unwrap();
    let goal = p.default_goal();
    let solver = Solver::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    // A scramble by a backward walk reaches the goal.
    let start = slidepuzzle::theory::scramble::random_walk(&p, &goal, 30, &mut rng).unwrap();
    let Outcome::Solved(s) = solver
        .solve(&p, &start, &goal, &SolveOptions::default())
        .unwrap()
    else {
        panic!("a walk's end reaches the goal");
    };
    assert!(s.length <= 30 && s.optimal);
    assert!(s.algorithm.contains("md"), "{}", s.algorithm);
    for &(from, to) in &s.steps {
        assert!(
            p.allows_blank_move(to, from),
            "{from}>{to} is against an arc"
        );
    }
    // A move against an arc is refused when replayed.
    let d = p.digraph().unwrap();
    let (u, v) = d.arcs().next().unwrap();
    let mut cells: Vec<u32> = (1..16).collect();
    cells.insert(u, 0);
    let against = Configuration::from_cells(cells, 1).unwrap();
    let e = slidepuzzle::moves::replay(&p, &against, &[v])
        .unwrap_err()
        .to_string();
    assert!(e.contains("one-way"), "{e}");
}

#[test]
fn the_decision_names_the_one_way_reason() {
    let p = Puzzle::parse("arcs:1>0,0>2").unwrap();
    let goal = Configuration::from_cells(vec![0, 1, 2], 1).unwrap();
    let start = Configuration::from_cells(vec![1, 2, 0], 1).unwrap();
    let check = |a: &Configuration, b: &Configuration| {
        slidepuzzle::theory::check_with(&p, a, b, slidepuzzle::theory::CheckMethod::Linear, 1000)
    };
    // The one-blank test of two-way puzzles refuses, naming the one that decides.
    let e = slidepuzzle::theory::check(&p, &start, &goal)
        .unwrap_err()
        .to_string();
    assert!(e.contains("check_with"), "{e}");
    let v = check(&start, &goal).unwrap();
    assert!(!v.solvable);
    assert!(v.reason.contains("no one-way edge 1>2"), "{}", v.reason);
    // The blank on 1 can never come back to 2.
    let stuck = Configuration::from_cells(vec![1, 0, 2], 1).unwrap();
    let w = check(&stuck, &start).unwrap();
    assert!(
        !w.solvable && w.reason.contains("downstream"),
        "{}",
        w.reason
    );
    let Outcome::Unsolvable(u) = Solver::new()
        .solve(&p, &start, &goal, &SolveOptions::default())
        .unwrap()
    else {
        panic!("unsolvable");
    };
    assert_eq!(u.reason, v.reason);
}

#[test]
fn gods_number_of_the_directed_cycle_counts_solutions_not_walks_from_the_goal() {
    use slidepuzzle::explore::godsnumber::{GodsOptions, explore};
    // dcycle:4: the blank only goes round one way, so from the goal's
    // neighbour "one step the other way" costs 3 moves, not 1.
    let p = Puzzle::parse("dcycle:4").unwrap();
    let goal = p.default_goal();
    let dist = distances_to(&p, &goal);
    let report = explore(&p, &goal, &GodsOptions::default(), &|_, _| {}).unwrap();
    assert_eq!(report.diameter, *dist.values().max().unwrap());
    assert_eq!(report.states as usize, dist.len());
}

#[test]
fn analysis_and_refusals() {
    use slidepuzzle::theory::{AnyAnalysis, analyze_any};
    let p = Puzzle::parse("4x4:streets").unwrap();
    let AnyAnalysis::OneWay(a) = analyze_any(&p, &p.default_goal()).unwrap() else {
        panic!("a one-way analysis");
    };
    assert!(a.strongly_connected);
    assert_eq!(a.group.as_deref(), Some("A_15"));
    assert_eq!(a.group_order, a.closed_walk_group_order);
    let q = Puzzle::parse("3x3:streets").unwrap();
    let AnyAnalysis::OneWay(b) = analyze_any(&q, &q.default_goal()).unwrap() else {
        panic!("a one-way analysis");
    };
    assert!(!b.strongly_connected && b.group.is_none());
    // What assumes two-way moves says so.
    for e in [
        slidepuzzle::theory::check_loop_generators(&p).unwrap_err(),
        slidepuzzle::theory::movegroup::move_group(&p).unwrap_err(),
        Solver::new()
            .plan(
                &p,
                &p.default_goal(),
                &SolveOptions {
                    heuristic: "pdb".parse().unwrap(),
                    ..SolveOptions::default()
                },
            )
            .unwrap_err(),
    ] {
        assert!(e.to_string().contains("one-way"), "{e}");
    }
}

/// The constructive solver on one-way puzzles: every solvable instance of
/// 100 random ones (one or two blanks on strongly connected ones, one blank
/// elsewhere) is solved, replayed along the arcs, never shorter than
/// optimal.
#[test]
fn the_constructive_solver_solves_every_reachable_instance() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(32);
    let solver = Solver::new();
    let options = SolveOptions {
        algorithm: Algorithm::Constructive,
        ..SolveOptions::default()
    };
    let (mut solved, mut strongly) = (0, 0);
    for i in 0..100 {
        let n = rng.random_range(4..=8usize);
        let p = random_one_way(n, &mut rng);
        let sc = p.digraph().unwrap().is_strongly_connected();
        let blanks = if sc && i % 3 == 2 { 2 } else { 1 };
        let goal = Configuration::natural_with_blanks(n, blanks);
        let dist = distances_to(&p, &goal);
        // A start that reaches the goal: a random one of them.
        let mut reaching: Vec<&Vec<u32>> = dist.keys().collect();
        reaching.sort();
        let cells = reaching[rng.random_range(0..reaching.len())].clone();
        let start = Configuration::from_cells(cells.clone(), blanks).unwrap();
        let Outcome::Solved(s) = solver.solve(&p, &start, &goal, &options).unwrap() else {
            panic!("{:?} {cells:?}: reachable", p.digraph());
        };
        assert!(!s.optimal);
        assert!(s.length >= dist[&cells]);
        let end = slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap();
        assert_eq!(end, goal);
        solved += 1;
        strongly += usize::from(sc);
    }
    assert_eq!(solved, 100);
    assert!(
        strongly > 20 && strongly < 90,
        "{strongly} strongly connected"
    );
}

#[test]
fn a_large_street_grid_is_solved_constructively_by_default() {
    let p = Puzzle::parse("20x20:streets").unwrap();
    let goal = p.default_goal();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let start = slidepuzzle::theory::uniform_reachable(&p, &goal, &mut rng).unwrap();
    let plan = Solver::new()
        .plan(&p, &goal, &SolveOptions::default())
        .unwrap();
    assert!(plan.reason.contains("constructive"), "{}", plan.reason);
    let Outcome::Solved(s) = Solver::new()
        .solve(&p, &start, &goal, &SolveOptions::default())
        .unwrap()
    else {
        panic!("uniform scrambles are reachable");
    };
    let end = slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap();
    assert_eq!(end, goal);
}

/// A batch on a small one-way puzzle (where two-way puzzles get a
/// distance table searched forward from the goal) is solved optimally:
/// every length is a backward BFS's.
#[test]
fn a_batch_on_a_one_way_puzzle_gets_solution_lengths() {
    use slidepuzzle::solver::many::ManyOptions;
    let p = Puzzle::parse("arcs:0>1,1>2,2>3,3>0,0-2").unwrap();
    let goal = p.default_goal();
    let dist = distances_to(&p, &goal);
    let mut starts: Vec<Vec<u32>> = dist.keys().cloned().collect();
    starts.sort();
    let configs: Vec<Configuration> = starts
        .iter()
        .map(|c| Configuration::from_cells(c.clone(), 1).unwrap())
        .collect();
    let many = Solver::new()
        .solve_many(
            &p,
            &configs,
            &goal,
            &SolveOptions::default(),
            &ManyOptions::default(),
        )
        .unwrap();
    for (cells, outcome) in starts.iter().zip(&many.outcomes) {
        let Ok(Outcome::Solved(s)) = outcome else {
            panic!("{cells:?}: {outcome:?}");
        };
        assert_eq!(s.length, dist[cells], "{cells:?}");
    }
}

/// Issue 65 D3: on a directed cycle every move is forced, and the
/// constructive solver walks the one solution, the short way round:
/// equal to a breadth-first search from every reachable start on
/// `dcycle:3` to `dcycle:7`; on `dcycle:300` the start a turn of the
/// tiles the other way takes its 89,400 moves (not 26,909,700) within a
/// small budget, and a budget too small for them stops with the reason.
#[test]
fn the_constructive_solver_takes_the_short_way_round_a_directed_cycle() {
    let solver = Solver::new();
    let options = SolveOptions {
        algorithm: Algorithm::Constructive,
        ..SolveOptions::default()
    };
    let mut checked = 0;
    for n in 3..=7 {
        let p = Puzzle::parse(&format!("dcycle:{n}")).unwrap();
        let goal = p.default_goal();
        for (cells, d) in distances_to(&p, &goal) {
            let start = Configuration::from_cells(cells.clone(), 1).unwrap();
            let Outcome::Solved(s) = solver.solve(&p, &start, &goal, &options).unwrap() else {
                panic!("dcycle:{n} {cells:?}: reachable");
            };
            assert_eq!(s.length, d, "dcycle:{n} {cells:?}");
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        [3, 4, 5, 6, 7].iter().map(|n| n * (n - 1)).sum::<usize>()
    );
    let p = Puzzle::parse("dcycle:300").unwrap();
    let goal = p.default_goal();
    let mut cells: Vec<u32> = std::iter::once(299).chain(1..299).collect();
    cells.push(0);
    let start = Configuration::from_cells(cells, 1).unwrap();
    let mut small = options.clone();
    small.limits.max_memory = 500 << 20;
    let Outcome::Solved(s) = solver.solve(&p, &start, &goal, &small).unwrap() else {
        panic!("reachable");
    };
    assert_eq!(s.length, 89_400);
    small.limits.max_memory = 1 << 20;
    match solver.solve(&p, &start, &goal, &small) {
        Ok(Outcome::Stopped { reason, .. }) => {
            assert_eq!(reason, slidepuzzle::StopReason::Memory)
        }
        other => panic!("{other:?}"),
    }
}
