//! The deterministic several-blank test (`theory::tile_classes`) against
//! breadth-first search: every connected graph up to 7 vertices with every
//! number of blanks, every configuration; random graphs of 8 to 12
//! vertices of the kinds that strand tiles (trees, hallways, cycles with
//! pendant paths, two cycles joined by a path, stars).

use num_bigint::BigUint;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidepuzzle::model::{Configuration, Graph};
use slidepuzzle::theory::tile_classes::TileClasses;

use crate::common;
use common::{is_cycle, parse_edges, random_graph, reachable};

/// The next permutation of `cells` in lexicographic order (false at the
/// last one).
fn next_permutation(cells: &mut [u32]) -> bool {
    let Some(i) = (1..cells.len()).rev().find(|&i| cells[i - 1] < cells[i]) else {
        return false;
    };
    let j = (i..cells.len())
        .rev()
        .find(|&j| cells[j] > cells[i - 1])
        .unwrap();
    cells.swap(i - 1, j);
    cells[i..].reverse();
    true
}

fn binomial(n: usize, k: usize) -> BigUint {
    let mut r = BigUint::from(1u32);
    for i in 0..k {
        r = r * BigUint::from(n - i) / BigUint::from(i + 1);
    }
    r
}

/// Checks one (graph, k): the goal's reachable set from BFS against the
/// classes, on every configuration (`all`) or on `samples` random ones
/// plus as many reachable ones; and the count from the group order.
fn agree(graph: &Graph, k: usize, all: bool, samples: usize, rng: &mut ChaCha8Rng) -> usize {
    let n = graph.vertex_count();
    let goal = Configuration::natural_with_blanks(n, k);
    let seen = reachable(graph, goal.cells());
    let mut classes = TileClasses::new(graph, k).unwrap();
    let expected = binomial(n, k) * classes.group_order(&goal).unwrap();
    assert_eq!(
        BigUint::from(seen.len()),
        expected,
        "reachable count on {:?} with {k} blanks",
        graph.edges().collect::<Vec<_>>()
    );
    let mut check = |cells: &[u32]| {
        let start = Configuration::from_cells(cells.to_vec(), k).unwrap();
        let said = classes.stranded_tile(&start, &goal).unwrap().is_none();
        assert_eq!(
            said,
            seen.contains(cells),
            "{:?} with {k} blanks from {cells:?}",
            graph.edges().collect::<Vec<_>>()
        );
    };
    let mut checked = 0;
    if all {
        let mut cells: Vec<u32> = goal.cells().to_vec();
        cells.sort_unstable();
        loop {
            check(&cells);
            checked += 1;
            if !next_permutation(&mut cells) {
                break;
            }
        }
    } else {
        let members: Vec<&Vec<u32>> = seen.iter().take(samples).collect();
        for cells in members {
            check(cells);
            checked += 1;
        }
        let mut cells = goal.cells().to_vec();
        for _ in 0..samples {
            for i in (1..n).rev() {
                cells.swap(i, rng.random_range(0..=i));
            }
            check(&cells);
            checked += 1;
        }
    }
    checked
}

/// All 995 connected graphs on 2 to 7 vertices (tests/data, from
/// networkx's graph atlas), every k from 2 to n - 1 except on cycles,
/// every configuration: 4,775 (graph, k) cases.
#[test]
fn tile_classes_agree_with_bfs_on_every_connected_graph_up_to_7_vertices() {
    let text = include_str!("data/connected_graphs_up_to_7.txt");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut cases, mut configurations) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let graph = parse_edges(line);
        if is_cycle(&graph) {
            continue;
        }
        for k in 2..graph.vertex_count() {
            configurations += agree(&graph, k, true, 0, &mut rng);
            cases += 1;
        }
    }
    // Paths and trees included; cycles (tiles only rotate) are decided
    // elsewhere.
    assert_eq!(cases, 4_775, "{cases} cases");
    assert!(configurations > 3_000_000, "{configurations}");
}

/// Thousands of random graphs of 8 to 12 vertices, with every k whose
/// state space stays small (at most 200,000 configurations).
#[test]
fn tile_classes_agree_with_bfs_on_random_graphs_of_8_to_12_vertices() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut cases = 0;
    let mut graphs = 0;
    while graphs < 2_000 {
        let n = rng.random_range(8..=12);
        let graph = random_graph(&mut rng, n);
        if is_cycle(&graph) {
            continue;
        }
        graphs += 1;
        // Smallest k with n! / k! <= 200,000, then a random one above it.
        let mut low = 2;
        while (low + 1..=n).map(|i| i as f64).product::<f64>() > 200_000.0 {
            low += 1;
        }
        if low >= n {
            continue;
        }
        let k = rng.random_range(low..n);
        agree(&graph, k, false, 40, &mut rng);
        cases += 1;
    }
    assert!(cases >= 1_900, "{cases}");
}

/// Scrambles with several blanks are exactly uniform over the goal's
/// reachable set where not everything is reachable (chi-square at
/// p = 0.001, and not suspiciously even).
#[test]
fn several_blank_scrambles_are_uniform_over_the_reachable_set() {
    use slidepuzzle::model::Puzzle;
    use slidepuzzle::theory::uniform_reachable;
    for (spec, k, samples) in [
        // Two bushes joined by a hallway: tiles never cross it.
        ("edges:0-1,1-2,2-3,0-4,0-5,3-6,3-7", 2, 20_000),
        // Two triangles joined by a hallway.
        ("edges:0-1,1-2,2-0,2-3,3-4,4-5,5-6,6-4", 2, 30_000),
        ("cycle:6", 2, 20_000),
        ("path:6", 3, 10_000),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
        let reach = reachable(p.graph(), goal.cells());
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut counts: std::collections::HashMap<Vec<u32>, usize> = Default::default();
        for _ in 0..samples {
            let c = uniform_reachable(&p, &goal, &mut rng).unwrap();
            assert!(reach.contains(c.cells()), "{spec}: unreachable {c:?}");
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
        let dof = (reach.len() - 1) as f64;
        let critical = dof + 3.09 * (2.0 * dof).sqrt() + 5.0;
        assert!(chi < critical, "{spec}: chi-square {chi:.1}, {dof} dof");
        assert!(chi > dof * 0.5, "{spec}: suspiciously even ({chi:.1})");
    }
}
