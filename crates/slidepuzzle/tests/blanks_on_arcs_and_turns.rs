//! Several blanks on one-way edges and on tiles that turn (issue 64, part
//! 4). `check` and the optimal `solve` equal a breadth-first search
//! written here from the model's rules alone (each move a
//! `Puzzle::slide`; on one-way edges the search runs backward from the
//! goal, so its depths are solution lengths), with 2 and 3 blanks:
//! - on every weakly connected digraph of 3 to 5 vertices, one per
//!   isomorphism class (13, 199 and 9,364 of them, OEIS A003085),
//!   enumerated here, on 8 starts each;
//! - on every connected graph of 3 to 5 vertices, three times with random
//!   one-way edges and three times with random turns in Z_2 and Z_4, on 8
//!   starts each.

use std::collections::{HashMap, VecDeque};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidepuzzle::theory::{CheckMethod, check_with};
use slidepuzzle::{Configuration, Outcome, Puzzle, SolveOptions, Solver};

/// The connected graphs on 3 to 5 vertices, one per isomorphism class:
/// their vertex counts and edges.
fn graphs() -> Vec<(usize, Vec<(usize, usize)>)> {
    include_str!("data/connected_graphs_up_to_7.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(crate::common::parse_edges)
        .map(|g| (g.vertex_count(), g.edges().collect()))
        .filter(|(n, _)| (3..=5).contains(n))
        .collect()
}

/// The number of moves from each configuration to `goal` that reaches it:
/// a search from the goal over the configurations a move leads *into*
/// it, each found by sliding a tile back (a two-way slide's reverse is a
/// slide; on an arc u -> v the tile on v goes back to u).
fn distances_to(puzzle: &Puzzle, goal: &Configuration) -> HashMap<Configuration, usize> {
    let mut dist = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(c) = queue.pop_front() {
        let d = dist[&c];
        for u in (0..c.len()).filter(|&u| c.tile_at(u) == 0) {
            // The tile now on v came from u along an arc u -> v.
            for &v in puzzle.blank_moves_back(u) {
                if c.tile_at(v) == 0 {
                    continue;
                }
                let mut before = c.clone();
                // Slid back along the same edge: turned back by its turn
                // (turn(v, u) = -turn(u, v)).
                puzzle.slide(&mut before, v, u);
                if !dist.contains_key(&before) {
                    dist.insert(before.clone(), d + 1);
                    queue.push_back(before);
                }
            }
        }
    }
    dist
}

/// A random configuration with the goal's tiles and blanks (orientations
/// random where tiles turn): reachable or not.
fn random_configuration(
    puzzle: &Puzzle,
    goal: &Configuration,
    rng: &mut ChaCha8Rng,
) -> Configuration {
    let mut cells = goal.cells().to_vec();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.random_range(0..=i));
    }
    let c = Configuration::from_cells(cells, goal.blanks().len()).unwrap();
    match puzzle.turns() {
        Some(t) => {
            let k = t.modulus();
            let o = (0..c.len())
                .map(|v| {
                    if c.tile_at(v) == 0 {
                        0
                    } else {
                        rng.random_range(0..k)
                    }
                })
                .collect();
            c.with_orientations(o, k).unwrap()
        }
        None => c,
    }
}

/// `check` and the optimal solve against the search above, on `tries`
/// configurations: half drawn from those that reach the goal, half at
/// random. Returns how many of the random ones were unreachable.
fn agree(puzzle: &Puzzle, goal: &Configuration, rng: &mut ChaCha8Rng, tries: usize) -> usize {
    let dist = distances_to(puzzle, goal);
    let reaching: Vec<&Configuration> = dist.keys().collect();
    let solver = Solver::new();
    let mut unreachable = 0;
    for i in 0..tries {
        let start = if i % 2 == 0 {
            reaching[rng.random_range(0..reaching.len())].clone()
        } else {
            random_configuration(puzzle, goal, rng)
        };
        let want = dist.get(&start).copied();
        let verdict = check_with(puzzle, &start, goal, CheckMethod::Linear, 1 << 20).unwrap();
        let what = format!("{} from {:?}", puzzle.spec(), start.cells());
        assert_eq!(
            verdict.solvable,
            want.is_some(),
            "{what}: {}",
            verdict.reason
        );
        match solver
            .solve(puzzle, &start, goal, &SolveOptions::default())
            .unwrap()
        {
            Outcome::Solved(s) => {
                assert!(s.optimal, "{what}");
                assert_eq!(Some(s.length), want, "{what}");
            }
            Outcome::Unsolvable(_) => {
                assert_eq!(want, None, "{what}");
                unreachable += 1;
            }
            other => panic!("{what}: {other:?}"),
        }
    }
    unreachable
}

/// The permutations of `0..n`.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut all = Vec::new();
    for p in permutations(n - 1) {
        for at in 0..n {
            let mut q = p.clone();
            q.insert(at, n - 1);
            all.push(q);
        }
    }
    all
}

/// Every weakly connected digraph on `n` vertices (no loops), one per
/// isomorphism class, as its arcs: each set of arcs, written as a bit mask
/// over the `n (n - 1)` possible arcs, is kept when no relabelling of the
/// vertices gives a smaller mask.
fn digraphs(n: usize) -> Vec<Vec<(usize, usize)>> {
    let arcs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (0..n).filter(move |&v| v != u).map(move |v| (u, v)))
        .collect();
    let bit = |arc: (usize, usize)| arcs.iter().position(|&a| a == arc).unwrap();
    // For each relabelling, the bit each arc's bit moves to.
    let images: Vec<Vec<usize>> = permutations(n)
        .iter()
        .map(|p| arcs.iter().map(|&(u, v)| bit((p[u], p[v]))).collect())
        .collect();
    let relabel = |mask: u32, image: &[usize]| {
        image
            .iter()
            .enumerate()
            .filter(|&(i, _)| mask >> i & 1 == 1)
            .fold(0u32, |out, (_, &j)| out | 1 << j)
    };
    let connected = |chosen: &[(usize, usize)]| {
        let mut reached = vec![false; n];
        reached[0] = true;
        for _ in 0..n {
            for &(u, v) in chosen {
                let either = reached[u] || reached[v];
                reached[u] = either;
                reached[v] = either;
            }
        }
        reached.iter().all(|&r| r)
    };
    (0..1u32 << arcs.len())
        .filter(|&mask| images.iter().all(|image| relabel(mask, image) >= mask))
        .map(|mask| {
            let chosen: Vec<(usize, usize)> = (0..arcs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| arcs[i])
                .collect();
            chosen
        })
        .filter(|chosen| connected(chosen))
        .collect()
}

#[test]
fn several_blanks_on_every_digraph_up_to_five_vertices_check_and_solve_as_a_breadth_first_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(65);
    let (mut cases, mut one_way, mut unreachable) = (0, 0, 0);
    for n in 3..=5 {
        let all = digraphs(n);
        // OEIS A003085: weakly connected digraphs on 3, 4, 5 vertices.
        assert_eq!(all.len(), [13, 199, 9364][n - 3], "{n} vertices");
        for arcs in all {
            // An arc both ways is an edge.
            let links: Vec<String> = arcs
                .iter()
                .filter(|&&(u, v)| u < v || !arcs.contains(&(v, u)))
                .map(|&(u, v)| match arcs.contains(&(v, u)) {
                    true => format!("{u}-{v}"),
                    false => format!("{u}>{v}"),
                })
                .collect();
            one_way += usize::from(links.iter().any(|l| l.contains('>')));
            let puzzle = Puzzle::parse(&format!("arcs:{}", links.join(","))).unwrap();
            assert_eq!(puzzle.vertex_count(), n);
            for blanks in [2, 3].into_iter().filter(|&k| k < n) {
                let goal = Configuration::natural_with_blanks(n, blanks);
                unreachable += agree(&puzzle, &goal, &mut rng, 8);
                cases += 1;
            }
        }
    }
    // 2 blanks on every digraph, 3 on those of 4 and 5 vertices.
    assert_eq!(cases, 13 + 2 * (199 + 9364));
    // Every class but the symmetric digraphs (the connected graphs: 2, 6
    // and 21 on 3, 4 and 5 vertices) has a one-way arc.
    assert_eq!(one_way, 13 + 199 + 9364 - 2 - 6 - 21);
    assert!(unreachable > 0, "no random start was unreachable");
}

#[test]
fn several_blanks_on_arcs_and_turns_check_and_solve_as_a_breadth_first_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(64);
    let (mut cases, mut unreachable) = (0, 0);
    for (n, edges) in graphs().into_iter().flat_map(|g| [g.clone(), g.clone(), g]) {
        for blanks in [2, 3].into_iter().filter(|&k| k < n) {
            // One-way edges: each edge two-way, or one way either way.
            let links: Vec<String> = edges
                .iter()
                .map(|&(u, v)| match rng.random_range(0..3) {
                    0 => format!("{u}-{v}"),
                    1 => format!("{u}>{v}"),
                    _ => format!("{v}>{u}"),
                })
                .collect();
            let arcs = Puzzle::parse(&format!("arcs:{}", links.join(","))).unwrap();
            let goal = Configuration::natural_with_blanks(n, blanks);
            unreachable += agree(&arcs, &goal, &mut rng, 8);
            // Tiles that turn: a random turn on each edge, in Z_2 or Z_4.
            let k = if rng.random_bool(0.5) { 2 } else { 4 };
            let turned: Vec<String> = edges
                .iter()
                .map(|&(u, v)| match rng.random_range(0..k) {
                    0 => format!("{u}-{v}"),
                    r => format!("{u}-{v}^{r}"),
                })
                .collect();
            let turning = Puzzle::parse(&format!("turns:{k}:{}", turned.join(","))).unwrap();
            let goal = Configuration::natural_with_blanks(n, blanks)
                .with_orientations(vec![0; n], k)
                .unwrap();
            unreachable += agree(&turning, &goal, &mut rng, 8);
            cases += 2;
        }
    }
    // 29 graphs of 3 to 5 vertices, three random versions of each: 2
    // blanks on each, 3 on those of 4 and 5.
    assert_eq!(cases, 3 * 2 * (29 + 27));
    // Half the starts reach the goal by construction; some random ones
    // must not, or the unsolvable answers would go untested.
    assert!(unreachable > 0, "no random start was unreachable");
}
