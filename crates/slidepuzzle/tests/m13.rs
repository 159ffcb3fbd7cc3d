//! Conway's M13 (seed 001; docs/THEORY.md section 12) against an
//! independent model: the plane's lines found here by cross products of
//! the documented coordinates, the move written here from Conway's
//! definition, and a breadth-first search of all its configurations.
//! The library's group (M12, simple), God's number, checks, scrambles
//! and optimal solves must agree with it; a second, cyclic model of the
//! plane (the difference set {0, 1, 3, 9} mod 13) must give the same
//! distance distribution.

use std::collections::{HashMap, VecDeque};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::explore::godsnumber::{GodsOptions, explore};
use slidepuzzle::theory::exchanges::analyze_exchanges;
use slidepuzzle::{Configuration, Outcome, Puzzle, SolveOptions, Solver};

type Cells = [u8; 13];

/// The documented coordinates: vertex `x + 3y` is `(x, y, 1)`, then the
/// directions `(1,0,0)`, `(0,1,0)`, `(1,1,0)`, `(2,1,0)`.
fn coordinates() -> Vec<[i32; 3]> {
    let mut points: Vec<[i32; 3]> = (0..9).map(|v| [v % 3, v / 3, 1]).collect();
    points.extend([[1, 0, 0], [0, 1, 0], [1, 1, 0], [2, 1, 0]]);
    points
}

/// For each pair `p, q`, the other two points of the line through them:
/// the points orthogonal (mod 3) to the cross product `p x q`.
fn pairs_by_cross_product() -> HashMap<(usize, usize), (usize, usize)> {
    let pts = coordinates();
    let mut out = HashMap::new();
    for p in 0..13 {
        for q in 0..13 {
            if p == q {
                continue;
            }
            let (a, b) = (pts[p], pts[q]);
            let l = [
                a[1] * b[2] - a[2] * b[1],
                a[2] * b[0] - a[0] * b[2],
                a[0] * b[1] - a[1] * b[0],
            ];
            let others: Vec<usize> = (0..13)
                .filter(|&r| r != p && r != q)
                .filter(|&r| (0..3).map(|i| l[i] * pts[r][i]).sum::<i32>().rem_euclid(3) == 0)
                .collect();
            assert_eq!(others.len(), 2, "the line through {p} and {q}");
            out.insert((p, q), (others[0], others[1]));
        }
    }
    out
}

/// The lines of the cyclic plane: `{0, 1, 3, 9} + i` mod 13.
fn pairs_cyclic() -> HashMap<(usize, usize), (usize, usize)> {
    let lines: Vec<Vec<usize>> = (0..13)
        .map(|i| [0, 1, 3, 9].iter().map(|d| (d + i) % 13).collect())
        .collect();
    let mut out = HashMap::new();
    for line in &lines {
        for &p in line {
            for &q in line {
                if p != q {
                    let o: Vec<usize> =
                        line.iter().copied().filter(|&r| r != p && r != q).collect();
                    out.insert((p, q), (o[0], o[1]));
                }
            }
        }
    }
    assert_eq!(out.len(), 13 * 12, "every pair on exactly one line");
    out
}

/// Conway's move: the counter on `p` goes to the hole on `q`, and the
/// other two counters of the line pq swap.
fn play(c: &mut Cells, pairs: &HashMap<(usize, usize), (usize, usize)>, p: usize, q: usize) {
    c.swap(p, q);
    let (r, s) = pairs[&(p, q)];
    c.swap(r, s);
}

/// Distances from `goal` of every configuration reachable from it (each
/// move is its own inverse, so these are the distances to it too).
fn bfs(goal: Cells, pairs: &HashMap<(usize, usize), (usize, usize)>) -> HashMap<Cells, u8> {
    let mut dist = HashMap::from([(goal, 0u8)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(c) = queue.pop_front() {
        let d = dist[&c];
        let hole = c.iter().position(|&t| t == 0).unwrap();
        for p in (0..13).filter(|&p| p != hole) {
            let mut next = c;
            play(&mut next, pairs, p, hole);
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(next) {
                e.insert(d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

fn distribution(dist: &HashMap<Cells, u8>) -> Vec<u64> {
    let max = *dist.values().max().unwrap() as usize;
    let mut out = vec![0u64; max + 1];
    for &d in dist.values() {
        out[d as usize] += 1;
    }
    out
}

fn cells_of(c: &Configuration) -> Cells {
    let mut out = [0u8; 13];
    for (v, slot) in out.iter_mut().enumerate() {
        *slot = c.tile_at(v) as u8;
    }
    out
}

#[test]
fn m13_checks_scrambles_solves_and_gods_number_equal_an_independent_search() {
    let puzzle = Puzzle::parse("m13").unwrap();
    let goal = puzzle.default_goal();
    let pairs = pairs_by_cross_product();
    // The library's exchanges are the cross products' pairs.
    let x = puzzle.exchanges().unwrap();
    for (&(p, q), &(r, s)) in &pairs {
        assert_eq!(
            x.pair(p, q),
            Some((r.min(s), r.max(s))),
            "the line through {p} and {q}"
        );
    }
    let dist = bfs(cells_of(&goal), &pairs);
    assert_eq!(dist.len(), 13 * 95_040, "Conway's pseudogroup: 13 x |M12|");
    let spread = distribution(&dist);
    // Every plane of order 3 is the cyclic one: the same distances.
    let mut cyclic_goal = [0u8; 13];
    for (v, t) in cyclic_goal.iter_mut().enumerate().take(12) {
        *t = v as u8 + 1;
    }
    assert_eq!(distribution(&bfs(cyclic_goal, &pairs_cyclic())), spread);
    // God's number by the library's complete search.
    let report = explore(&puzzle, &goal, &GodsOptions::default(), &|_, _| {}).unwrap();
    assert_eq!(report.states, dist.len() as u64);
    assert_eq!(report.distribution, spread);
    assert_eq!(report.diameter, 9);
    // 100 uniform scrambles: reachable, solved optimally (the BFS
    // distance), and each answer replays to the goal by the move here.
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let solver = Solver::new();
    for i in 0..100 {
        let start = slidepuzzle::theory::uniform_reachable(&puzzle, &goal, &mut rng).unwrap();
        let want = dist[&cells_of(&start)];
        let verdict = slidepuzzle::theory::check_with(
            &puzzle,
            &start,
            &goal,
            slidepuzzle::theory::CheckMethod::Linear,
            1000,
        )
        .unwrap();
        assert!(verdict.solvable, "scramble {i}: {}", verdict.reason);
        let Outcome::Solved(s) = solver
            .solve(&puzzle, &start, &goal, &SolveOptions::default())
            .unwrap()
        else {
            panic!("scramble {i} not solved");
        };
        assert!(s.optimal);
        assert_eq!(s.length, want as usize, "scramble {i}");
        if i < 3 {
            // One-sided breadth-first search (`--algo bfs`) agrees.
            let bfs = SolveOptions {
                algorithm: slidepuzzle::solver::Algorithm::Bfs,
                ..SolveOptions::default()
            };
            let Outcome::Solved(b) = solver.solve(&puzzle, &start, &goal, &bfs).unwrap() else {
                panic!("scramble {i} not solved by bfs");
            };
            assert_eq!((b.length, b.algorithm.as_str()), (s.length, "bfs"));
            assert_eq!(s.algorithm, "bidirectional-bfs");
        }
        let mut c = cells_of(&start);
        for &(from, to) in &s.steps {
            assert_eq!(c[to], 0, "scramble {i}: step {from}>{to} into the hole");
            play(&mut c, &pairs, from, to);
        }
        assert_eq!(c, cells_of(&goal), "scramble {i}");
    }
    // An odd exchange of two counters is not in M12 (which lies in A12):
    // unreachable by the search here, refused by the check, and the
    // solver says unsolvable.
    let mut swapped = goal.cells().to_vec();
    swapped.swap(0, 1);
    let swapped = Configuration::from_cells(swapped, 1).unwrap();
    assert!(!dist.contains_key(&cells_of(&swapped)));
    let verdict = slidepuzzle::theory::check_with(
        &puzzle,
        &swapped,
        &goal,
        slidepuzzle::theory::CheckMethod::Linear,
        1000,
    )
    .unwrap();
    assert!(!verdict.solvable, "{}", verdict.reason);
    let outcome = solver
        .solve(&puzzle, &swapped, &goal, &SolveOptions::default())
        .unwrap();
    assert!(matches!(outcome, Outcome::Unsolvable(_)));
}

#[test]
fn m13s_hole_group_is_m12_sharply_5_transitive_and_simple() {
    let puzzle = Puzzle::parse("m13").unwrap();
    let a = analyze_exchanges(&puzzle, &puzzle.default_goal()).unwrap();
    assert_eq!(a.group_order, "95040");
    assert_eq!(a.group, "M12");
    assert_eq!((a.transitivity, a.sharply_transitive), (5, true));
    assert_eq!(a.simple, Some(true));
    assert_eq!(a.conjugacy_classes, Some(15), "M12 has 15 classes (ATLAS)");
    assert_eq!(a.reachable_configurations, "1235520");
    // Any hole gives the same group (the plane's collineations move any
    // point to any other and keep the moves).
    let other = Configuration::from_cells(
        (0..13u32)
            .map(|v| {
                if v == 4 {
                    0
                } else if v == 12 {
                    5
                } else {
                    v + 1
                }
            })
            .collect(),
        1,
    )
    .unwrap();
    let b = analyze_exchanges(&puzzle, &other).unwrap();
    assert_eq!((b.group.as_str(), b.hole_vertex), ("M12", 4));
}

#[test]
fn m13_refuses_what_it_does_not_support_with_the_reason() {
    let puzzle = Puzzle::parse("m13").unwrap();
    let goal = puzzle.default_goal();
    let constructive = SolveOptions {
        algorithm: slidepuzzle::solver::Algorithm::Constructive,
        ..SolveOptions::default()
    };
    let e = Solver::new()
        .solve(&puzzle, &goal, &goal, &constructive)
        .unwrap_err();
    assert!(e.to_string().contains("auto, bfs or astar"), "{e}");
    let e = slidepuzzle::theory::movegroup::move_group(&puzzle).unwrap_err();
    assert!(e.to_string().contains("exchange"), "{e}");
    let two = Configuration::natural_with_blanks(13, 2);
    let e = Solver::new()
        .solve(&puzzle, &two, &two, &SolveOptions::default())
        .unwrap_err();
    assert!(e.to_string().contains("one hole"), "{e}");
}
