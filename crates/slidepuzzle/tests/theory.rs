//! The reachability test and the scrambler against brute force.

use std::collections::{HashMap, HashSet};

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::model::{Configuration, Graph, Puzzle, PuzzleKind};
use slidepuzzle::moves::replay;
use slidepuzzle::theory::{check, uniform_reachable};

use crate::common;

/// Every configuration reachable from `goal`, by breadth-first search.
fn reachable(p: &Puzzle, goal: &Configuration) -> common::Configurations {
    common::reachable(p.graph(), goal.cells())
}

fn all_permutations(n: usize) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut items: Vec<u32> = (0..n as u32).collect();
    fn heap(k: usize, items: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if k == 1 {
            out.push(items.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, items, out);
            let j = if k.is_multiple_of(2) { i } else { 0 };
            items.swap(j, k - 1);
        }
    }
    heap(n, &mut items, &mut out);
    out
}

/// Compares `check` with BFS on every configuration of `p`.
fn agree_exhaustively(p: &Puzzle) -> usize {
    let goal = p.default_goal();
    let reach = reachable(p, &goal);
    let mut count = 0;
    for cells in all_permutations(p.vertex_count()) {
        let c = Configuration::from_cells(cells.clone(), 1).unwrap();
        let verdict = check(p, &c, &goal).unwrap();
        assert_eq!(
            verdict.solvable,
            reach.contains(&cells),
            "{}: {cells:?}: {}",
            p.spec(),
            verdict.reason
        );
        count += 1;
    }
    count
}

#[test]
fn check_agrees_with_bfs_on_every_graph_with_at_most_5_vertices() {
    // All labelled graphs on 3..=5 vertices, connected or not (isolated
    // vertices and components without the blank included).
    let mut graphs = 0;
    for n in 3..=5usize {
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        for mask in 0u32..(1 << pairs.len()) {
            let edges: Vec<_> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            let p = Puzzle::new(
                Graph::from_edges(n, &edges).unwrap(),
                PuzzleKind::Graph,
                format!("mask {mask} on {n}"),
            );
            agree_exhaustively(&p);
            graphs += 1;
        }
    }
    assert_eq!(graphs, 8 + 64 + 1024);
}

#[test]
fn check_agrees_with_bfs_on_named_and_random_graphs() {
    for spec in [
        "theta0",
        "theta:1,2,3",
        "theta:2,2,2",
        "cycle:7",
        "3x2",
        "2x3",
        "1x6",
        "complete:6",
        "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3",
    ] {
        agree_exhaustively(&Puzzle::parse(spec).unwrap());
    }
    // Random connected graphs on 6 and 7 vertices, random queries.
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for trial in 0..60 {
        let n = 6 + trial % 2;
        let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (rand_below(&mut rng, v), v)).collect();
        for _ in 0..rand_below(&mut rng, n + 2) {
            let (a, b) = (rand_below(&mut rng, n), rand_below(&mut rng, n));
            edges.push((a, b));
        }
        let p = Puzzle::new(
            Graph::from_edges(n, &edges).unwrap(),
            PuzzleKind::Graph,
            format!("random {trial}"),
        );
        let goal = p.default_goal();
        let reach = reachable(&p, &goal);
        for _ in 0..300 {
            let mut cells: Vec<u32> = (0..n as u32).collect();
            cells.shuffle(&mut rng);
            let c = Configuration::from_cells(cells.clone(), 1).unwrap();
            assert_eq!(
                check(&p, &c, &goal).unwrap().solvable,
                reach.contains(&cells),
                "{edges:?} {cells:?}"
            );
        }
    }
}

fn rand_below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    use rand::RngExt;
    rng.random_range(0..n)
}

#[test]
fn check_on_non_square_boards() {
    // Random walks are reachable by construction; swapping two tiles makes
    // them unreachable on boards with W, H >= 2.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for spec in ["4x3", "3x5", "5x2", "2x6", "4x4", "7x3"] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        for _ in 0..20 {
            let mut c = goal.clone();
            let mut blank = c.blank();
            let mut path = Vec::new();
            for _ in 0..200 {
                let ns = p.graph().neighbors(blank);
                blank = ns[rand_below(&mut rng, ns.len())];
                path.push(blank);
            }
            c = replay(&p, &c, &path).unwrap();
            assert!(check(&p, &c, &goal).unwrap().solvable, "{spec}");
            let tiles: Vec<usize> = (0..c.len()).filter(|&v| c.tile_at(v) != 0).collect();
            c.swap(tiles[0], tiles[1]);
            let v = check(&p, &c, &goal).unwrap();
            assert!(!v.solvable, "{spec}");
            assert!(v.reason.contains("parit"), "{}", v.reason);
        }
    }
}

#[test]
fn reachable_counts_match_theory() {
    let goal_count = |spec: &str| {
        let p = Puzzle::parse(spec).unwrap();
        reachable(&p, &p.default_goal()).len()
    };
    assert_eq!(goal_count("theta0"), 840);
    assert_eq!(goal_count("2x2x2"), 20_160);
    assert_eq!(goal_count("3x3"), 181_440);
}

/// Chi-square statistic of `samples` draws over the reachable set.
fn chi_square(spec: &str, samples: usize, seed: u64) -> (f64, usize) {
    let p = Puzzle::parse(spec).unwrap();
    let goal = p.default_goal();
    let reach = reachable(&p, &goal);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut counts: HashMap<Vec<u32>, usize> = HashMap::new();
    for _ in 0..samples {
        let c = uniform_reachable(&p, &goal, &mut rng).unwrap();
        assert!(
            reach.contains(c.cells()),
            "{spec}: scramble produced an unreachable configuration"
        );
        *counts.entry(c.cells().to_vec()).or_default() += 1;
    }
    let expected = samples as f64 / reach.len() as f64;
    let chi: f64 = reach
        .iter()
        .map(|c| {
            let o = *counts.get(c).unwrap_or(&0) as f64;
            (o - expected).powi(2) / expected
        })
        .sum();
    (chi, reach.len() - 1)
}

#[test]
fn scrambles_are_uniform() {
    // Critical value at p = 0.001: dof + 3.09 sqrt(2 dof) + a little (Wilson-
    // Hilferty is within a few units at these sizes).
    for (spec, samples) in [
        ("3x2", 36_000),
        ("theta0", 84_000),
        ("cycle:5", 20_000),
        ("edges:0-1,1-2,2-0,2-3,3-4", 12_000),
    ] {
        let (chi, dof) = chi_square(spec, samples, 99);
        let critical = dof as f64 + 3.09 * (2.0 * dof as f64).sqrt() + 5.0;
        assert!(
            chi < critical,
            "{spec}: chi-square {chi:.1} with {dof} dof exceeds {critical:.1}"
        );
        assert!(
            chi > dof as f64 * 0.5,
            "{spec}: suspiciously even ({chi:.1}); not random?"
        );
    }
}

/// Every configuration reachable from `start`, any number of blanks.
fn reachable_multi_set(p: &Puzzle, start: &Configuration) -> common::Configurations {
    common::reachable(p.graph(), start.cells())
}

/// Number of configurations reachable from `start` with any number of
/// blanks.
fn reachable_multi(p: &Puzzle, start: &Configuration) -> usize {
    reachable_multi_set(p, start).len()
}

/// Every connected labelled graph on `n` vertices, with its edge mask over
/// the pairs (u, v), u < v, in lexicographic order.
fn connected_graphs(n: usize) -> Vec<(u32, Graph)> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
        .collect();
    (0u32..(1 << pairs.len()))
        .filter_map(|mask| {
            let edges: Vec<_> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            let g = Graph::from_edges(n, &edges).unwrap();
            (g.components().1 == 1).then_some((mask, g))
        })
        .collect()
}

#[test]
fn several_blanks_criterion_matches_bfs_on_all_connected_graphs_up_to_6_vertices() {
    use slidepuzzle::theory::blanks::everything_reachable;
    let mut cases = 0;
    for n in 3..=6usize {
        let mut seen_shapes = HashSet::new();
        for (mask, g) in connected_graphs(n) {
            // Skip most relabellings: keep one graph per sorted degree
            // sequence and edge count on 6 vertices (the test stays fast).
            if n == 6 {
                let mut deg: Vec<usize> = (0..n).map(|v| g.neighbors(v).len()).collect();
                deg.sort_unstable();
                if !seen_shapes.insert((
                    deg,
                    mask.count_ones(),
                    slidepuzzle::theory::blanks::hallway_length(&g),
                )) {
                    continue;
                }
            }
            let p = Puzzle::new(g, PuzzleKind::Graph, format!("mask {mask} on {n}"));
            for k in 2..n {
                let total: usize = (k + 1..=n).product();
                let mut cells: Vec<u32> = (1..=(n - k) as u32).collect();
                cells.extend(std::iter::repeat_n(0, k));
                let start = Configuration::from_cells(cells, k).unwrap();
                let all = reachable_multi(&p, &start) == total;
                let (claimed, why) = everything_reachable(&p, k);
                assert_eq!(claimed, all, "{:?} k={k}: {why}", p.graph());
                cases += 1;
            }
        }
    }
    assert!(cases > 1000, "{cases}");
}

#[test]
fn several_blank_check_agrees_with_bfs() {
    use slidepuzzle::theory::blanks::check_several_blanks;
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for spec in [
        "path:5",
        "cycle:6",
        "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-6,6-4",
        "edges:0-1,0-2,0-3,3-4",
        "3x2",
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let n = p.vertex_count();
        for k in 2..n - 1 {
            for _ in 0..10 {
                let mut a: Vec<u32> = (1..=(n - k) as u32)
                    .chain(std::iter::repeat_n(0, k))
                    .collect();
                let mut b = a.clone();
                a.shuffle(&mut rng);
                b.shuffle(&mut rng);
                let start = Configuration::from_cells(a, k).unwrap();
                let goal = Configuration::from_cells(b.clone(), k).unwrap();
                let v = check_several_blanks(&p, &start, &goal, 1_000_000).unwrap();
                let seen = common::reachable(p.graph(), start.cells());
                assert_eq!(v.solvable, seen.contains(&b), "{spec} k={k}: {}", v.reason);
            }
        }
    }
}

/// One connected graph per degree sequence and edge count on 3 to 6
/// vertices, then `per_size` random trees on 7 and 8 vertices with fewer
/// than `chords_below` extra edges each.
fn small_connected_graphs(
    rng: &mut ChaCha8Rng,
    per_size: usize,
    chords_below: usize,
) -> Vec<Graph> {
    let mut graphs: Vec<Graph> = Vec::new();
    for n in 3..=6usize {
        let mut shapes = HashSet::new();
        for (mask, g) in connected_graphs(n) {
            let mut deg: Vec<usize> = (0..n).map(|v| g.neighbors(v).len()).collect();
            deg.sort_unstable();
            if shapes.insert((deg, mask.count_ones())) {
                graphs.push(g);
            }
        }
    }
    for n in [7usize, 8] {
        for _ in 0..per_size {
            let mut edges: Vec<(usize, usize)> = (1..n).map(|v| (rand_below(rng, v), v)).collect();
            for _ in 0..rand_below(rng, chords_below) {
                let (a, b) = (rand_below(rng, n), rand_below(rng, n));
                if a != b && !edges.contains(&(a.min(b), a.max(b))) {
                    edges.push((a.min(b), a.max(b)));
                }
            }
            graphs.push(Graph::from_edges(n, &edges).unwrap());
        }
    }
    graphs
}

/// The blank-set group (several blanks) against breadth-first search on
/// every connected graph with at most 6 vertices (one per degree sequence
/// on 6) and random graphs on 7 and 8: the number of configurations
/// reachable from the goal is (blank sets) x (group order), and random
/// start/goal pairs get the same answer as the search.
#[test]
fn blank_set_group_agrees_with_bfs() {
    use slidepuzzle::theory::blanks::BlankGroup;
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let graphs = small_connected_graphs(&mut rng, 6, 4);
    let (mut cases, mut queries) = (0, 0);
    for g in graphs {
        let n = g.vertex_count();
        let p = Puzzle::new(g, PuzzleKind::Graph, "test");
        for k in 2..n - 1 {
            let mut cells: Vec<u32> = (1..=(n - k) as u32).collect();
            cells.extend(std::iter::repeat_n(0, k));
            cells.shuffle(&mut rng);
            let goal = Configuration::from_cells(cells.clone(), k).unwrap();
            let group = BlankGroup::new(p.graph(), &goal.blanks()).unwrap();
            let reachable = reachable_multi_set(&p, &goal);
            let claimed = group.order() * num_bigint::BigUint::from(group.blank_sets());
            assert_eq!(
                claimed,
                num_bigint::BigUint::from(reachable.len()),
                "{:?} k={k}",
                p.graph()
            );
            cases += 1;
            for _ in 0..4 {
                cells.shuffle(&mut rng);
                let start = Configuration::from_cells(cells.clone(), k).unwrap();
                let by_group = group.reaches(&start, &goal).unwrap();
                assert_eq!(
                    by_group,
                    reachable.contains(start.cells()),
                    "{:?} k={k}",
                    p.graph()
                );
                queries += 1;
            }
        }
    }
    assert!(cases > 150 && queries > 600, "{cases} {queries}");
}

/// The marked-tile orbits equal the orbits seen by breadth-first search,
/// and wherever the sampled group is certified, its order equals the
/// blank-set group's and its answers equal BFS (random starts, blanks
/// anywhere).
#[test]
fn certified_blank_group_agrees_with_bfs() {
    use slidepuzzle::theory::blank_orbits::{Certificate, CertifiedBlankGroup, tile_orbits};
    use slidepuzzle::theory::blanks::BlankGroup;
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let graphs = small_connected_graphs(&mut rng, 8, 3);
    let (mut cases, mut certified, mut queries) = (0, 0, 0);
    let mut transposition_certified = 0;
    for g in graphs {
        let n = g.vertex_count();
        let p = Puzzle::new(g, PuzzleKind::Graph, "test");
        for k in 1..n - 1 {
            let mut cells: Vec<u32> = (1..=(n - k) as u32).collect();
            cells.extend(std::iter::repeat_n(0, k));
            cells.shuffle(&mut rng);
            let goal = Configuration::from_cells(cells.clone(), k).unwrap();
            let reachable = reachable_multi_set(&p, &goal);
            // Orbits by BFS: where each tile sits when the blanks are back
            // on the goal's vertices.
            let mut seen_at: HashMap<u32, HashSet<usize>> = HashMap::new();
            for c in &reachable {
                if (0..n).all(|v| (c[v] == 0) == (goal.cells()[v] == 0)) {
                    for (v, &t) in c.iter().enumerate() {
                        if t != 0 {
                            seen_at.entry(t).or_default().insert(v);
                        }
                    }
                }
            }
            let mut by_bfs: Vec<Vec<usize>> = seen_at
                .values()
                .map(|s| {
                    let mut o: Vec<usize> = s.iter().copied().collect();
                    o.sort_unstable();
                    o
                })
                .collect();
            by_bfs.sort();
            by_bfs.dedup();
            let mut orbits = tile_orbits(p.graph(), &goal.blanks()).unwrap();
            orbits.sort();
            assert_eq!(orbits, by_bfs, "{:?} k={k}", p.graph());
            cases += 1;
            let Some(group) = CertifiedBlankGroup::new(p.graph(), &goal.blanks(), 7).unwrap()
            else {
                continue;
            };
            certified += 1;
            let exact = BlankGroup::new(p.graph(), &goal.blanks()).unwrap();
            assert_eq!(group.order(), exact.order(), "{:?} k={k}", p.graph());
            // The transposition certificate, where it succeeds, must claim
            // the same group.
            let by_transpositions = CertifiedBlankGroup::with_certificate(
                p.graph(),
                &goal.blanks(),
                7,
                Certificate::Transpositions,
            )
            .unwrap();
            if let Some(t) = by_transpositions {
                assert_eq!(t.order(), exact.order(), "{:?} k={k}", p.graph());
                transposition_certified += 1;
            }
            for _ in 0..4 {
                cells.shuffle(&mut rng);
                let start = Configuration::from_cells(cells.clone(), k).unwrap();
                assert_eq!(
                    group.reaches(&start, &goal).unwrap(),
                    reachable.contains(start.cells()),
                    "{:?} k={k} start {:?}",
                    p.graph(),
                    start.cells()
                );
                queries += 1;
            }
        }
    }
    eprintln!(
        "certified blank group: {cases} cases, {certified} certified ({transposition_certified} also by transpositions), {queries} queries"
    );
    assert!(
        cases > 200 && certified > 100 && transposition_certified > 100 && queries > 400,
        "{cases} {certified} {transposition_certified} {queries}"
    );
}

/// On cycles (any number of blanks) the rotation test and the counts agree
/// with breadth-first search.
#[test]
fn cycles_with_several_blanks_agree_with_bfs() {
    use slidepuzzle::theory::blanks::{cycle_order, cycle_reaches, several_blank_counts};
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut queries = 0;
    for n in 3..=7usize {
        let p = Puzzle::parse(&format!("cycle:{n}")).unwrap();
        let order = cycle_order(p.graph()).unwrap();
        for k in 1..n {
            let mut cells: Vec<u32> = (1..=(n - k) as u32).collect();
            cells.extend(std::iter::repeat_n(0, k));
            cells.shuffle(&mut rng);
            let goal = Configuration::from_cells(cells.clone(), k).unwrap();
            let reachable = reachable_multi_set(&p, &goal);
            if k >= 2 {
                let counts = several_blank_counts(&p, &goal).unwrap();
                assert_eq!(
                    counts.reachable_configurations,
                    num_bigint::BigUint::from(reachable.len()),
                    "cycle:{n} k={k}"
                );
            }
            for _ in 0..10 {
                cells.shuffle(&mut rng);
                let start = Configuration::from_cells(cells.clone(), k).unwrap();
                assert_eq!(
                    cycle_reaches(&order, &start, &goal),
                    reachable.contains(start.cells()),
                    "cycle:{n} k={k}"
                );
                queries += 1;
            }
        }
    }
    assert_eq!(queries, 200);
    assert!(cycle_order(Puzzle::parse("path:5").unwrap().graph()).is_none());
}

/// Disconnected graphs with several blanks: each component decided on its
/// own agrees with breadth-first search over the whole graph.
#[test]
fn several_blanks_on_disconnected_graphs_agree_with_bfs() {
    use slidepuzzle::theory::blanks::check_several_blanks;
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    let mut queries = 0;
    for spec in [
        "edges:0-1,1-2,2-0,3-4,4-5,5-6",
        "edges:0-1,1-2,2-3,3-0,0-2,4-5,5-6,6-4,7-8",
        "edges:0-1,1-2,3-4,4-5,5-3,5-6,6-7,7-5",
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let n = p.vertex_count();
        for k in 2..n - 1 {
            let mut cells: Vec<u32> = (1..=(n - k) as u32).collect();
            cells.extend(std::iter::repeat_n(0, k));
            cells.shuffle(&mut rng);
            let goal = Configuration::from_cells(cells.clone(), k).unwrap();
            let reachable = reachable_multi_set(&p, &goal);
            for i in 0..12 {
                // Half the starts taken from the reachable set itself.
                let start = if i % 2 == 0 {
                    let pick = reachable.iter().nth(rand_below(&mut rng, reachable.len()));
                    Configuration::from_cells(pick.unwrap().clone(), k).unwrap()
                } else {
                    cells.shuffle(&mut rng);
                    Configuration::from_cells(cells.clone(), k).unwrap()
                };
                let verdict = check_several_blanks(&p, &start, &goal, 1_000_000).unwrap();
                assert_eq!(
                    verdict.solvable,
                    reachable.contains(start.cells()),
                    "{spec} k={k} {:?}: {}",
                    start.cells(),
                    verdict.reason
                );
                queries += 1;
            }
        }
    }
    assert!(queries > 100, "{queries}");
}

/// A star, a hallway of `len` vertices and a star with a 4-cycle (the
/// blanks start on the last six vertices).
fn dumbbell(len: usize) -> Graph {
    let mut edges = vec![(0, 1), (0, 2), (0, 3)];
    let mut prev = 0;
    for v in 4..4 + len {
        edges.push((prev, v));
        prev = v;
    }
    let m = prev;
    for (a, b) in [
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 4),
        (4, 5),
        (5, 1),
        (5, 6),
        (6, 7),
        (7, 4),
    ] {
        edges.push((m + a, m + b));
    }
    Graph::from_edges(m + 8, &edges).unwrap()
}

/// Both certificates give the exact blank-set group's order where that can
/// be enumerated (hallway 10, C(21, 6) blank sets), and the transposition
/// certificate the same structure's order with 305 tiles.
#[test]
fn certificates_scale_past_the_blank_set_group() {
    use slidepuzzle::theory::blank_orbits::{Certificate, CertifiedBlankGroup};
    use slidepuzzle::theory::blanks::BlankGroup;
    let small = dumbbell(10);
    let n = small.vertex_count();
    let base: Vec<usize> = (n - 6..n).collect();
    let exact = BlankGroup::new(&small, &base).unwrap().order();
    assert_eq!(exact, num_bigint::BigUint::from(6u32 * 5040));
    for c in [Certificate::SchreierSims, Certificate::Transpositions] {
        let g = CertifiedBlankGroup::with_certificate(&small, &base, 3, c)
            .unwrap()
            .unwrap_or_else(|| panic!("{c:?} did not certify"));
        assert_eq!(g.order(), exact, "{c:?}");
    }
    let large = dumbbell(300);
    let n = large.vertex_count();
    let base: Vec<usize> = (n - 6..n).collect();
    let g = CertifiedBlankGroup::new(&large, &base, 3).unwrap().unwrap();
    assert_eq!(g.certificate(), Certificate::Transpositions);
    assert_eq!(g.order(), exact);
}

/// Large cycles and thetas: the linear-time paths (cycle order, owned-tile
/// matching, scrambling) give the known answers. No timing is asserted;
/// before the cycle order was made linear these took minutes in debug.
#[test]
fn large_cycles_and_thetas_have_the_known_answers() {
    let n = 200_000;
    let p = Puzzle::parse(&format!("cycle:{n}")).unwrap();
    let goal = p.default_goal();
    // Tiles 1..n-1 on vertices 0..n-2, rotated by s; the blank stays on n-1.
    let rotated = |s: usize| {
        let mut cells: Vec<u32> = (0..n - 1).map(|v| ((v + s) % (n - 1)) as u32 + 1).collect();
        cells.push(0);
        Configuration::from_cells(cells, 1).unwrap()
    };
    for s in [0, 1, 7, n / 2, n - 2] {
        assert!(
            check(&p, &rotated(s), &goal).unwrap().solvable,
            "rotation {s}"
        );
    }
    let mut swapped = rotated(12_345).cells().to_vec();
    swapped.swap(10, 11);
    let swapped = Configuration::from_cells(swapped, 1).unwrap();
    assert!(!check(&p, &swapped, &goal).unwrap().solvable);
    // The blank elsewhere: a walk of the goal's blank is reachable, and a
    // transposition of it is not.
    let walk: Vec<usize> = (0..1000).collect();
    let moved = replay(&p, &goal, &walk).unwrap();
    assert!(check(&p, &moved, &goal).unwrap().solvable);
    let mut cells = moved.cells().to_vec();
    cells.swap(5000, 5001);
    let odd = Configuration::from_cells(cells, 1).unwrap();
    assert!(!check(&p, &odd, &goal).unwrap().solvable);
    // Scrambles are reachable; swapping two tiles of one is not.
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let s = uniform_reachable(&p, &goal, &mut rng).unwrap();
    assert!(check(&p, &s, &goal).unwrap().solvable);
    let mut cells = s.cells().to_vec();
    let (a, b) = if cells[0] == 0 || cells[1] == 0 {
        (2, 3)
    } else {
        (0, 1)
    };
    cells.swap(a, b);
    let bad = Configuration::from_cells(cells, 1).unwrap();
    assert!(!check(&p, &bad, &goal).unwrap().solvable);
    let a = slidepuzzle::theory::analyze(&p, &goal);
    assert_eq!(a.group, format!("C_{}", n - 1));
    assert_eq!(a.group_order.to_string(), (n - 1).to_string());
    assert_eq!(
        a.reachable_configurations.to_string(),
        (n as u64 * (n as u64 - 1)).to_string()
    );

    // theta:1000,1000,1000 is bipartite (A_k); theta:1000,1000,1001 is not (S_k).
    for (spec, transposition_ok) in [
        ("theta:1000,1000,1000", false),
        ("theta:1000,1000,1001", true),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let s = uniform_reachable(&p, &goal, &mut rng).unwrap();
        assert!(check(&p, &s, &goal).unwrap().solvable, "{spec}");
        let mut cells = goal.cells().to_vec();
        cells.swap(0, 1);
        let t = Configuration::from_cells(cells.clone(), 1).unwrap();
        assert_eq!(
            check(&p, &t, &goal).unwrap().solvable,
            transposition_ok,
            "{spec}"
        );
        cells.swap(1, 2);
        let three = Configuration::from_cells(cells, 1).unwrap();
        assert!(check(&p, &three, &goal).unwrap().solvable, "{spec} 3-cycle");
    }
}

#[test]
fn random_walks_end_within_their_length_and_never_step_straight_back() {
    use slidepuzzle::theory::seeded_walks;
    for (spec, k) in [("3x3", 1), ("2x3", 2), ("petersen", 3), ("path:5", 2)] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
        let distances = common::distances(p.graph(), goal.cells());
        for moves in [0u64, 1, 5, 20] {
            let walks: Vec<Configuration> = seeded_walks(&p, &goal, moves, 9)
                .take(20)
                .collect::<Result<_, _>>()
                .unwrap();
            let again: Vec<Configuration> = seeded_walks(&p, &goal, moves, 9)
                .take(20)
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(walks, again, "{spec}: one seed, one sequence");
            for c in &walks {
                let d = distances[c.cells()] as u64;
                assert!(d <= moves, "{spec} k={k}: {moves} moves ended {d} away");
                if k == 1 && p.graph().is_bipartite() {
                    assert_eq!(d % 2, moves % 2, "{spec}: parity");
                }
            }
            if moves == 1 {
                assert!(
                    walks.iter().all(|c| c != &goal),
                    "{spec}: one move leaves the goal"
                );
            }
        }
    }
    // On path:3 the second move cannot undo the first: 1 2 _ -> 1 _ 2 -> _ 1 2.
    let p = Puzzle::parse("path:3").unwrap();
    let end = seeded_walks(&p, &p.default_goal(), 2, 1)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(end.cells(), &[0, 1, 2]);
    // On path:2 the undoing move is the only one, so it is taken.
    let p = Puzzle::parse("path:2").unwrap();
    let end = seeded_walks(&p, &p.default_goal(), 2, 1)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(&end, &p.default_goal());
    assert!(
        seeded_walks(&p, &p.default_goal(), u64::MAX, 1)
            .next()
            .unwrap()
            .is_err()
    );
}

/// On a disconnected graph the reason names the blank's component, not
/// "the graph": K4 on vertices 2-5 (the blank's, 2-connected, not
/// bipartite) beside the edge 0-1.
#[test]
fn a_solvable_reason_on_a_disconnected_graph_names_the_blank_component() {
    let p = Puzzle::parse("edges:0-1,2-3,2-4,2-5,3-4,3-5,4-5").unwrap();
    let goal = p.default_goal();
    assert_eq!(goal.blank(), 5);
    // The blank around the triangle 5-2-3-5: a 3-cycle of tiles.
    let start = replay(&p, &goal, &[2, 3, 5]).unwrap();
    assert_ne!(start, goal);
    let verdict = check(&p, &start, &goal).unwrap();
    assert!(verdict.solvable, "{}", verdict.reason);
    assert!(
        verdict.reason.contains("2 connected components")
            && verdict
                .reason
                .contains("the blank's component (4 vertices) is 2-connected"),
        "{}",
        verdict.reason
    );
}
