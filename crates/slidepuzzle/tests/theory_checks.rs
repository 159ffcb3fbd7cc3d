//! Computation as proof: on every connected graph with at most 7 vertices
//! (enumerated here up to isomorphism) and on random graphs with 8 and 9
//! vertices, the closed form, Schreier-Sims and brute-force BFS agree on the
//! group order and the number of reachable configurations, and the
//! linear-time test, Schreier-Sims membership and BFS agree on random
//! check queries. docs/THEORY-CHECKS.md records the counts and time.

use std::collections::{HashSet, VecDeque};
use std::time::Instant;

use num_bigint::BigUint;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidepuzzle::model::{Configuration, Graph, Puzzle, PuzzleKind};
use slidepuzzle::theory::{SimsTable, analyze, check, check_by_schreier_sims, loop_generators};

/// Adjacency bitmasks, one per vertex.
type Adj = Vec<u16>;

fn edge_code(adj: &Adj, order: &[usize]) -> u64 {
    // Bit for each pair (i < j) in the new numbering, lexicographic.
    let n = order.len();
    let mut code = 0u64;
    for i in 0..n {
        for j in i + 1..n {
            code <<= 1;
            if adj[order[i]] >> order[j] & 1 == 1 {
                code |= 1;
            }
        }
    }
    code
}

/// A canonical code: the largest edge code over all vertex orders that
/// list vertices by decreasing degree (isomorphic graphs get equal codes).
fn canonical(adj: &Adj) -> u64 {
    let n = adj.len();
    let deg: Vec<u32> = adj.iter().map(|a| a.count_ones()).collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut by_degree: Vec<usize> = (0..n).collect();
    by_degree.sort_by_key(|&v| std::cmp::Reverse(deg[v]));
    for v in by_degree {
        match groups.last_mut() {
            Some(g) if deg[g[0]] == deg[v] => g.push(v),
            _ => groups.push(vec![v]),
        }
    }
    let mut best = 0u64;
    let mut order = Vec::with_capacity(n);
    fn rec(
        groups: &mut [Vec<usize>],
        gi: usize,
        order: &mut Vec<usize>,
        adj: &Adj,
        best: &mut u64,
    ) {
        if gi == groups.len() {
            *best = (*best).max(edge_code(adj, order));
            return;
        }
        let k = groups[gi].len();
        permute(groups, gi, 0, k, order, adj, best);
    }
    fn permute(
        groups: &mut [Vec<usize>],
        gi: usize,
        i: usize,
        k: usize,
        order: &mut Vec<usize>,
        adj: &Adj,
        best: &mut u64,
    ) {
        if i == k {
            let len = order.len();
            order.extend(groups[gi].iter().copied());
            rec(groups, gi + 1, order, adj, best);
            order.truncate(len);
            return;
        }
        for j in i..k {
            groups[gi].swap(i, j);
            permute(groups, gi, i + 1, k, order, adj, best);
            groups[gi].swap(i, j);
        }
    }
    rec(&mut groups, 0, &mut order, adj, &mut best);
    best
}

/// All graphs on `n` vertices up to isomorphism, by adding a vertex to each
/// graph on n - 1 vertices in every way and keeping one per canonical code.
fn all_graphs(max_n: usize) -> Vec<Vec<Adj>> {
    let mut by_size: Vec<Vec<Adj>> = vec![vec![], vec![vec![0]]];
    for n in 2..=max_n {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for g in &by_size[n - 1] {
            for mask in 0u16..(1 << (n - 1)) {
                let mut adj = g.clone();
                adj.push(mask);
                for (v, row) in adj.iter_mut().enumerate().take(n - 1) {
                    if mask >> v & 1 == 1 {
                        *row |= 1 << (n - 1);
                    }
                }
                if seen.insert(canonical(&adj)) {
                    out.push(adj);
                }
            }
        }
        by_size.push(out);
    }
    by_size
}

fn to_puzzle(adj: &Adj, name: String) -> Puzzle {
    let n = adj.len();
    let edges: Vec<(usize, usize)> = (0..n)
        .flat_map(|u| {
            (u + 1..n)
                .filter(move |&v| adj[u] >> v & 1 == 1)
                .map(move |v| (u, v))
        })
        .collect();
    Puzzle::new(
        Graph::from_edges(n, &edges).unwrap(),
        PuzzleKind::Graph,
        name,
    )
}

fn reachable(p: &Puzzle, goal: &Configuration) -> HashSet<Vec<u8>> {
    let start: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some(cells) = queue.pop_front() {
        let blank = cells.iter().position(|&t| t == 0).unwrap();
        for &w in p.graph().neighbors(blank) {
            let mut next = cells.clone();
            next.swap(blank, w);
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    seen
}

/// Checks one graph; returns the number of check queries made.
fn agree(p: &Puzzle, rng: &mut ChaCha8Rng, queries: usize) -> usize {
    let n = p.vertex_count();
    let goal = p.default_goal();
    let b = goal.blank();
    let analysis = analyze(p, &goal);
    let reach = reachable(p, &goal);
    let with_blank_home = reach.iter().filter(|c| c[b] == 0).count();
    let gens: Vec<_> = loop_generators(p, b).into_iter().map(|(_, g)| g).collect();
    let sims = SimsTable::new(n, &gens);
    assert_eq!(
        analysis.group_order,
        BigUint::from(with_blank_home),
        "{}: closed form vs BFS",
        p.spec()
    );
    assert_eq!(
        sims.order(),
        BigUint::from(with_blank_home),
        "{}: Schreier-Sims vs BFS",
        p.spec()
    );
    assert_eq!(
        analysis.reachable_configurations,
        BigUint::from(reach.len()),
        "{}",
        p.spec()
    );
    for _ in 0..queries {
        let mut cells: Vec<u32> = (0..n as u32).collect();
        cells.shuffle(rng);
        // Half the queries start from a reachable configuration.
        if rng.random_range(0..2) == 0 {
            let all: Vec<&Vec<u8>> = reach.iter().take(64).collect();
            cells = all[rng.random_range(0..all.len())]
                .iter()
                .map(|&t| t as u32)
                .collect();
        }
        let c = Configuration::from_cells(cells.clone(), 1).unwrap();
        let key: Vec<u8> = cells.iter().map(|&t| t as u8).collect();
        let truth = reach.contains(&key);
        assert_eq!(
            check(p, &c, &goal).unwrap().solvable,
            truth,
            "{}: {cells:?}",
            p.spec()
        );
        assert_eq!(
            check_by_schreier_sims(p, &c, &goal).unwrap().solvable,
            truth,
            "{}: {cells:?}",
            p.spec()
        );
    }
    queries
}

fn is_connected(adj: &Adj) -> bool {
    let n = adj.len();
    let mut seen = 1u16;
    let mut stack = vec![0];
    while let Some(v) = stack.pop() {
        for w in 0..n {
            if adj[v] >> w & 1 == 1 && seen >> w & 1 == 0 {
                seen |= 1 << w;
                stack.push(w);
            }
        }
    }
    seen.count_ones() as usize == n
}

#[test]
fn closed_form_schreier_sims_and_bfs_agree_on_all_small_connected_graphs() {
    let clock = Instant::now();
    let graphs = all_graphs(7);
    // OEIS A000088 (graphs) and A001349 (connected graphs).
    let counts: Vec<usize> = graphs.iter().map(|g| g.len()).collect();
    assert_eq!(counts, vec![0, 1, 2, 4, 11, 34, 156, 1044]);
    let connected: Vec<usize> = graphs
        .iter()
        .map(|g| g.iter().filter(|a| is_connected(a)).count())
        .collect();
    assert_eq!(connected, vec![0, 1, 1, 2, 6, 21, 112, 853]);
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let (mut checked, mut queries) = (0, 0);
    for (n, list) in graphs.iter().enumerate().skip(2) {
        for (i, adj) in list.iter().enumerate() {
            if !is_connected(adj) {
                continue;
            }
            queries += agree(
                &to_puzzle(adj, format!("graph {i} on {n} vertices")),
                &mut rng,
                20,
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 1 + 2 + 6 + 21 + 112 + 853);
    eprintln!(
        "{checked} connected graphs, {queries} queries, {:.1} s",
        clock.elapsed().as_secs_f64()
    );
}

#[test]
fn agreement_on_random_graphs_with_8_and_9_vertices() {
    let clock = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut queries = 0;
    for trial in 0..40 {
        let n = if trial < 28 { 8 } else { 9 };
        let mut adj: Adj = vec![0; n];
        let add = |a: usize, b: usize, adj: &mut Adj| {
            if a != b {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        };
        for v in 1..n {
            let u = rng.random_range(0..v);
            add(u, v, &mut adj);
        }
        for _ in 0..rng.random_range(0..2 * n) {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            add(a, b, &mut adj);
        }
        queries += agree(&to_puzzle(&adj, format!("random {trial}")), &mut rng, 50);
    }
    eprintln!(
        "40 random graphs, {queries} queries, {:.1} s",
        clock.elapsed().as_secs_f64()
    );
}
