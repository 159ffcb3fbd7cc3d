//! The search core: every domain, heuristic and kernel against the others
//! on random instances (the fast paths against the general one), the split
//! driver against one thread, and the packed keys.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::search::best_first::{StateKey, Strategy, best_first};
use slidepuzzle::search::board::BoardDomain;
use slidepuzzle::search::domain::{Domain, Steps};
use slidepuzzle::search::graph::GraphDomain;
use slidepuzzle::search::heuristic::{Heuristic, Max, Sum, Zero};
use slidepuzzle::search::ida::ida_star;
use slidepuzzle::search::linear_conflict::{LinearConflict, LinearConflictTables};
use slidepuzzle::search::manhattan::{Manhattan, TileDistances};
use slidepuzzle::search::split;
use slidepuzzle::search::{Limits, SearchResult};
use slidepuzzle::theory::uniform_reachable;
use slidepuzzle::{Configuration, Puzzle};

/// The length of a found path, after checking it reaches the goal.
fn length<M: Steps>(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    r: &SearchResult<M>,
) -> usize {
    let steps = r.steps().expect("solved");
    assert_eq!(
        &slidepuzzle::moves::replay_steps(puzzle, start, &steps).unwrap(),
        goal
    );
    steps.len()
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

#[test]
fn every_kernel_agrees_on_random_boards_and_graphs() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let limits = Limits::default();
    for spec in ["3x3", "4x2", "2x2x2", "3x3+diag", "theta:2,2,3"] {
        let puzzle = Puzzle::parse(spec).unwrap();
        let goal = puzzle.default_goal();
        let distances = TileDistances::new(puzzle.graph(), &goal).unwrap();
        for _ in 0..6 {
            let start = uniform_reachable(&puzzle, &goal, &mut rng).unwrap();
            let graph = || GraphDomain::new(puzzle.graph(), &start, &goal).unwrap();
            let md = || Manhattan::new(&distances);
            let astar = Strategy::AStar { weight: 1.0 };
            let bfs = best_first(graph(), Zero, astar, &limits);
            let optimum = length(&puzzle, &start, &goal, &bfs);
            let runs = [
                ida_star(graph(), md(), &limits, false),
                best_first(graph(), md(), astar, &limits),
                // Two admissible heuristics combined stay admissible.
                ida_star(graph(), Max::new(md(), Zero), &limits, false),
                ida_star(graph(), Sum::new(Zero, md()), &limits, false),
            ];
            for r in &runs {
                assert!(r.optimal());
                assert_eq!(length(&puzzle, &start, &goal, r), optimum, "{spec}");
            }
            if let Some((w, h)) = puzzle.plain_board_size() {
                let board = || BoardDomain::<false>::new(w, h, &start, &goal).unwrap();
                let loops = || BoardDomain::<true>::new(w, h, &start, &goal).unwrap();
                let board_md = TileDistances::board(w, h, &goal).unwrap();
                let lc = LinearConflictTables::new(w, h, &goal).unwrap();
                let by_md = ida_star(board(), Manhattan::new(&board_md), &limits, false);
                let by_lc = ida_star(board(), LinearConflict::new(&lc), &limits, false);
                let pruned = ida_star(loops(), Manhattan::new(&board_md), &limits, false);
                assert_eq!(length(&puzzle, &start, &goal, &by_md), optimum);
                assert_eq!(length(&puzzle, &start, &goal, &by_lc), optimum);
                assert_eq!(length(&puzzle, &start, &goal, &pruned), optimum);
                assert!(by_lc.stats().generated <= by_md.stats().generated);
                assert!(pruned.stats().generated <= by_md.stats().generated);
            }
        }
    }
}

#[test]
fn the_split_driver_finds_optimal_solutions_on_two_threads() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let limits = Limits::default();
    for spec in ["4x3", "3x3+diag", "2x2x3"] {
        let puzzle = Puzzle::parse(spec).unwrap();
        let goal = puzzle.default_goal();
        let distances = TileDistances::new(puzzle.graph(), &goal).unwrap();
        for _ in 0..3 {
            let start = uniform_reachable(&puzzle, &goal, &mut rng).unwrap();
            let graph = || GraphDomain::new(puzzle.graph(), &start, &goal).unwrap();
            let one = ida_star(graph(), Manhattan::new(&distances), &limits, false);
            // The driver itself (ida_star splits only instances with h0 >= 16).
            let two = pool(2).install(|| {
                let (domain, mut md) = (graph(), Manhattan::new(&distances));
                let h0 = Heuristic::reset(&mut md, &domain);
                split::split_ida_star(domain, md, h0, &limits)
            });
            let optimum = length(&puzzle, &start, &goal, &one);
            assert_eq!(length(&puzzle, &start, &goal, &two), optimum, "{spec}");
            assert!(two.optimal());
            // Both searched the same iterations, ending at the same bound.
            assert_eq!(two.stats().bound, one.stats().bound, "{spec}");
        }
    }
}

#[test]
fn the_split_driver_stops_at_the_node_limit() {
    let puzzle = Puzzle::parse("4x4").unwrap();
    let goal = puzzle.default_goal();
    // Korf's #88, one of the hardest of the 100 (65 moves).
    let start = slidepuzzle::format::parse_configuration(
        &puzzle,
        "12 10 6 0/9 8 13 15/11 7 3 2/5 4 14 1",
        1,
    )
    .unwrap();
    let distances = TileDistances::board(4, 4, &goal).unwrap();
    let limits = Limits {
        max_nodes: Some(1_000_000),
        ..Limits::default()
    };
    let board = BoardDomain::<true>::new(4, 4, &start, &goal).unwrap();
    let r = pool(2).install(|| ida_star(board, Manhattan::new(&distances), &limits, true));
    assert!(r.moves().is_none());
    assert_eq!(r.stopped(), Some(slidepuzzle::StopReason::MaxNodes));
    assert!(r.stats().expanded < 2_000_000, "{}", r.stats().expanded);
}

#[test]
fn packed_keys_round_trip_and_order_like_the_cells() {
    fn check<K: StateKey + std::fmt::Debug>(cells: &[Vec<u8>]) {
        let keys: Vec<K> = cells.iter().map(|c| K::pack(c)).collect();
        for (c, k) in cells.iter().zip(&keys) {
            let mut out = vec![0; c.len()];
            k.unpack(&mut out);
            assert_eq!(&out, c);
        }
        for i in 0..cells.len() {
            for j in 0..cells.len() {
                assert_eq!(keys[i].cmp(&keys[j]), cells[i].cmp(&cells[j]));
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for n in [9usize, 16, 25, 40] {
        let puzzle = Puzzle::parse(&format!("path:{n}")).unwrap();
        let goal = puzzle.default_goal();
        let cells: Vec<Vec<u8>> = (0..20)
            .map(|_| {
                let c = slidepuzzle::scramble(&puzzle, &goal, &mut rng).unwrap();
                c.cells().iter().map(|&t| t as u8).collect()
            })
            .collect();
        if n <= 16 {
            check::<u64>(&cells);
        }
        if n <= 25 {
            check::<u128>(&cells);
        }
        check::<Box<[u8]>>(&cells);
    }
}

#[test]
fn a_domain_restores_its_configuration_after_apply_and_undo() {
    let puzzle = Puzzle::parse("3x4").unwrap();
    let goal = puzzle.default_goal();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let start = uniform_reachable(&puzzle, &goal, &mut rng).unwrap();
    let mut board = BoardDomain::<false>::new(3, 4, &start, &goal).unwrap();
    let graph = GraphDomain::new(puzzle.graph(), &start, &goal).unwrap();
    let before = board.cells().to_vec();
    assert_eq!(graph.cells(), &before[..]);
    let root = board.root_context();
    let mut moved = 0;
    for i in 0..board.branching(root) {
        if let Some(m) = board.nth_move(root, i) {
            board.apply(m);
            assert_ne!(board.cells(), &before[..]);
            board.undo(m);
            moved += 1;
        }
    }
    assert_eq!(board.cells(), &before[..]);
    let root = graph.root_context();
    let graph_moves = (0..graph.branching(root))
        .filter(|&i| graph.nth_move(root, i).is_some())
        .count();
    assert_eq!(moved, graph_moves);
}

#[test]
fn loop_pruning_never_loses_the_optimum_on_random_boards() {
    // Narrow boards too: a redundant sequence is pruned only where its
    // better equivalent fits inside its box, so every board is safe.
    for (w, h, count) in [(4, 3, 20), (3, 4, 10), (3, 3, 20), (5, 2, 20), (2, 5, 20)] {
        let puzzle = Puzzle::parse(&format!("{w}x{h}")).unwrap();
        let goal = puzzle.default_goal();
        let distances = TileDistances::board(w, h, &goal).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(19);
        let limits = Limits::default();
        let (mut all, mut pruned_nodes) = (0, 0);
        for _ in 0..count {
            let start = uniform_reachable(&puzzle, &goal, &mut rng).unwrap();
            let plain = BoardDomain::<false>::new(w, h, &start, &goal).unwrap();
            let loops = BoardDomain::<true>::new(w, h, &start, &goal).unwrap();
            let a = ida_star(plain, Manhattan::new(&distances), &limits, false);
            let b = ida_star(loops, Manhattan::new(&distances), &limits, false);
            assert_eq!(
                length(&puzzle, &start, &goal, &a),
                length(&puzzle, &start, &goal, &b),
                "{w}x{h}"
            );
            all += a.stats().generated;
            pruned_nodes += b.stats().generated;
        }
        assert!(pruned_nodes < all, "{w}x{h}: {pruned_nodes} < {all}");
    }
}

#[test]
fn walking_distance_is_admissible_at_least_manhattan_and_incremental() {
    use slidepuzzle::search::walking::{WalkingDistance, WalkingDistanceTables};
    // Takahashi's table sizes: 24,964 row matrices on 4x4, whatever the goal.
    for goal in [
        "1 2 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
        "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
    ] {
        let p = Puzzle::parse("4x4").unwrap();
        let goal = slidepuzzle::format::parse_configuration(&p, goal, 1).unwrap();
        let t = WalkingDistanceTables::new(4, 4, &goal, 1 << 30).unwrap();
        assert_eq!(t.states(), (24_964, 24_964));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let limits = Limits::default();
    for (w, h) in [(3, 3), (4, 3), (3, 4)] {
        let puzzle = Puzzle::parse(&format!("{w}x{h}")).unwrap();
        let goal = puzzle.default_goal();
        let tables = WalkingDistanceTables::new(w, h, &goal, 1 << 30).unwrap();
        let md = TileDistances::board(w, h, &goal).unwrap();
        let goal_cells: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        assert_eq!(tables.value(&goal_cells), 0);
        for _ in 0..8 {
            let start = uniform_reachable(&puzzle, &goal, &mut rng).unwrap();
            let cells: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
            let board = || BoardDomain::<false>::new(w, h, &start, &goal).unwrap();
            let optimum = ida_star(board(), Manhattan::new(&md), &limits, false);
            let optimum = length(&puzzle, &start, &goal, &optimum) as u32;
            let wd = tables.value(&cells);
            assert!(wd <= optimum, "{w}x{h}: {wd} > {optimum}");
            assert!(wd >= md.sum(&cells), "{w}x{h}");
            if cells != goal_cells {
                assert!(wd > 0);
            }
            // IDA* with walking distance, alone and with linear conflict.
            let by_wd = ida_star(board(), WalkingDistance::new(&tables), &limits, false);
            assert_eq!(length(&puzzle, &start, &goal, &by_wd) as u32, optimum);
            let lc = LinearConflictTables::new(w, h, &goal).unwrap();
            let both = Max::new(LinearConflict::new(&lc), WalkingDistance::new(&tables));
            let by_both = ida_star(board(), both, &limits, false);
            assert_eq!(length(&puzzle, &start, &goal, &by_both) as u32, optimum);
            // Incremental along a random walk equals from scratch.
            let mut domain = board();
            let mut wd_h = WalkingDistance::new(&tables);
            let mut h = Heuristic::reset(&mut wd_h, &domain);
            let mut context = domain.root_context();
            let mut undos = Vec::new();
            for step in 0..40u32 {
                let moves: Vec<_> = (0..domain.branching(context))
                    .filter_map(|i| domain.nth_move(context, i).map(|m| (m, i)))
                    .collect();
                let (m, i) = moves[(step as usize * 7 + 3) % moves.len()];
                let (h1, undo) = wd_h.apply(&domain, m, h, u32::MAX);
                context = domain.child_context(context, m, i);
                domain.apply(m);
                undos.push((m, undo, h));
                h = h1;
                assert_eq!(h, tables.value(domain.cells()));
            }
            while let Some((m, undo, before)) = undos.pop() {
                domain.undo(m);
                wd_h.undo(&domain, m, undo);
                h = before;
            }
            assert_eq!(domain.cells(), &cells[..]);
            assert_eq!(h, tables.value(&cells));
        }
    }
    // A budget too small is refused, not a panic.
    let goal = Puzzle::parse("4x4").unwrap().default_goal();
    assert!(WalkingDistanceTables::new(4, 4, &goal, 1000).is_err());
}
