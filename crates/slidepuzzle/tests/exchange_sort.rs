//! The constructive solver for several blanks (`construct::exchange`)
//! against breadth-first search: on every connected graph up to 7 vertices
//! (cycles aside) with every number of blanks from 2, and on random graphs
//! of 8 to 12 vertices of the kinds that strand tiles, every sampled
//! reachable configuration is solved and the solution replays.

use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidepuzzle::construct::exchange::solve_by_exchanges;
use slidepuzzle::model::{Configuration, Graph, Puzzle};
use slidepuzzle::moves::replay_steps;
use slidepuzzle::search::Limits;

use crate::common;
use common::{is_cycle, parse_edges, random_graph, reachable};

fn puzzle_of(graph: &Graph) -> Puzzle {
    let spec: Vec<String> = graph.edges().map(|(u, v)| format!("{u}-{v}")).collect();
    Puzzle::parse(&format!("edges:{}", spec.join(","))).unwrap()
}

/// Solves `samples` reachable starts (all when fewer) to the natural goal
/// with k blanks; returns (solved, refused).
fn solve_sampled(
    graph: &Graph,
    k: usize,
    samples: usize,
    rng: &mut ChaCha8Rng,
) -> (usize, Vec<String>) {
    let p = puzzle_of(graph);
    let n = graph.vertex_count();
    let goal = Configuration::natural_with_blanks(n, k);
    let seen: Vec<Vec<u32>> = reachable(graph, goal.cells()).into_iter().collect();
    let picked: Vec<&Vec<u32>> = if seen.len() <= samples {
        seen.iter().collect()
    } else {
        seen.sample(rng, samples).collect()
    };
    let (mut solved, mut refused) = (0, Vec::new());
    for cells in picked {
        let start = Configuration::from_cells(cells.clone(), k).unwrap();
        match solve_by_exchanges(&p, &start, &goal, &Limits::default()) {
            Ok(steps) => {
                assert_eq!(
                    replay_steps(&p, &start, &steps).unwrap(),
                    goal,
                    "{}",
                    p.spec()
                );
                solved += 1;
            }
            Err(e) => refused.push(format!("{} k={k} {cells:?}: {e}", p.spec())),
        }
    }
    (solved, refused)
}

#[test]
fn every_reachable_configuration_of_small_graphs_is_solved() {
    let text = include_str!("data/connected_graphs_up_to_7.txt");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut solved, mut refused) = (0, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let graph = parse_edges(line);
        if is_cycle(&graph) {
            continue;
        }
        for k in 2..graph.vertex_count() {
            let (s, r) = solve_sampled(&graph, k, 30, &mut rng);
            solved += s;
            refused.extend(r);
        }
    }
    eprintln!("solved {solved}");
    assert!(
        refused.is_empty(),
        "{} refused, first: {:?}",
        refused.len(),
        &refused[..refused.len().min(5)]
    );
    assert!(solved > 50_000, "{solved}");
}

#[test]
fn reachable_configurations_of_random_graphs_of_8_to_12_vertices_are_solved() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let (mut solved, mut refused) = (0, Vec::new());
    let mut graphs = 0;
    while graphs < 300 {
        let n = rng.random_range(8..=12);
        let graph = random_graph(&mut rng, n);
        if is_cycle(&graph) {
            continue;
        }
        let mut low = 2;
        while (low + 1..=n).map(|i| i as f64).product::<f64>() > 200_000.0 {
            low += 1;
        }
        if low >= n {
            continue;
        }
        graphs += 1;
        let k = rng.random_range(low..n);
        let (s, r) = solve_sampled(&graph, k, 10, &mut rng);
        solved += s;
        refused.extend(r);
    }
    eprintln!("solved {solved}");
    assert!(
        refused.is_empty(),
        "{} refused, first: {:?}",
        refused.len(),
        &refused[..refused.len().min(5)]
    );
    assert!(solved > 2_000, "{solved}");
}

/// Larger random graphs (13 to 60 vertices) with few blanks, where tiles
/// must wait for each other in hallways: uniform scrambles (reachable by
/// construction) are all solved, and the solutions replay.
#[test]
fn uniform_scrambles_of_larger_sparse_graphs_with_few_blanks_are_solved() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let (mut solved, mut refused) = (0, Vec::new());
    for _ in 0..400 {
        let n = rng.random_range(13..=60);
        let graph = random_graph(&mut rng, n);
        if is_cycle(&graph) {
            continue;
        }
        let p = puzzle_of(&graph);
        let k = rng.random_range(2..=5);
        let goal = Configuration::natural_with_blanks(n, k);
        let start = slidepuzzle::theory::seeded_scrambles(&p, &goal, rng.random())
            .next()
            .unwrap()
            .unwrap();
        match solve_by_exchanges(&p, &start, &goal, &Limits::default()) {
            Ok(steps) => {
                assert_eq!(
                    replay_steps(&p, &start, &steps).unwrap(),
                    goal,
                    "{}",
                    p.spec()
                );
                solved += 1;
            }
            Err(e) => refused.push(format!("{} k={k} {:?}: {e}", p.spec(), start.cells())),
        }
    }
    eprintln!("solved {solved}");
    assert!(
        refused.is_empty(),
        "{} refused, first: {:?}",
        refused.len(),
        &refused[..refused.len().min(3)]
    );
}
