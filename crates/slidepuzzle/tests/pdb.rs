//! Pattern databases: admissible, consistent with BFS, cached safely.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::instances::{korf100, korf100_puzzle};
use slidepuzzle::model::Puzzle;
use slidepuzzle::search::partition::partition_by_sizes;
use slidepuzzle::search::pdb::{BuildEvent, file_name, load_or_build, parse, verify_table};
use slidepuzzle::search::pdb_lookup::BoardPdbTables;
use slidepuzzle::store::{DirectoryStore, TableStore};
use slidepuzzle::theory::uniform_reachable;
use slidepuzzle::{
    Algorithm, Heuristic, Limits, Outcome, Partition, Plan, SolveOptions, Solver, StopReason,
};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("slidepuzzle-pdb-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn length(
    p: &Puzzle,
    opts: &SolveOptions,
    start: &slidepuzzle::model::Configuration,
    goal: &slidepuzzle::model::Configuration,
) -> usize {
    match Solver::new().solve(p, start, goal, opts).unwrap() {
        Outcome::Solved(s) => s.steps.len(),
        o => panic!("{o:?}"),
    }
}

#[test]
fn pdb_ida_is_optimal_on_3x3_and_3x4() {
    let dir = temp_dir("small");
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for (spec, sizes) in [("3x3", vec![4, 4]), ("4x3", vec![6, 5])] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let solver = Solver::new().with_store(Arc::new(DirectoryStore::new(&dir)));
        let with_pdb = SolveOptions {
            algorithm: Algorithm::Ida,
            heuristic: Heuristic::PatternDatabases(Partition::Sizes(sizes)),
            ..SolveOptions::default()
        };
        assert_eq!(solver.plan(&p, &goal, &with_pdb).unwrap().name(), "ida-pdb");
        let plain = SolveOptions {
            algorithm: Algorithm::Ida,
            ..SolveOptions::default()
        };
        for _ in 0..5 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let Outcome::Solved(s) = solver.solve(&p, &start, &goal, &with_pdb).unwrap() else {
                panic!()
            };
            assert_eq!(s.steps.len(), length(&p, &plain, &start, &goal), "{spec}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn blank_aware_tables_are_optimal_and_never_weaker_than_plain_ones() {
    let dir = temp_dir("blank-aware");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let solver = Solver::new().with_store(Arc::new(DirectoryStore::new(&dir)));
    for (spec, sizes) in [
        ("3x3", vec![4, 4]),
        ("4x3", vec![6, 5]),
        ("4x4", vec![5, 5, 5]),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let options = |heuristic| SolveOptions {
            algorithm: Algorithm::Ida,
            heuristic,
            ..SolveOptions::default()
        };
        let plain = options(Heuristic::PatternDatabases(Partition::Sizes(sizes.clone())));
        let aware = options(Heuristic::BlankAwarePatternDatabases(Partition::Sizes(
            sizes.clone(),
        )));
        let plan = solver.plan(&p, &goal, &aware).unwrap();
        assert!(plan.to_string().contains("blank-aware"), "{plan}");
        let (mut fewer, mut plain_nodes, mut aware_nodes) = (false, 0, 0);
        for _ in 0..4 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let solve = |o: &SolveOptions| match solver.solve(&p, &start, &goal, o).unwrap() {
                Outcome::Solved(s) => (s.steps.len(), s.stats.generated),
                o => panic!("{o:?}"),
            };
            let ((n1, g1), (n2, g2)) = (solve(&plain), solve(&aware));
            assert_eq!(n1, n2, "{spec}: the same optimal length");
            fewer |= g2 < g1;
            plain_nodes += g1;
            aware_nodes += g2;
        }
        assert!(
            fewer && aware_nodes <= plain_nodes,
            "{spec}: {aware_nodes} vs {plain_nodes}"
        );
    }
    // The cache holds both kinds, and each verifies as what it is.
    let store = DirectoryStore::new(&dir);
    let mut kinds = [0, 0];
    for f in store.list().unwrap() {
        let info = verify_table(store.load(&f.name).unwrap().unwrap()).unwrap();
        assert_eq!(info.blank_aware, f.name.ends_with("-b.pdb"), "{}", f.name);
        kinds[usize::from(info.blank_aware)] += 1;
    }
    assert_eq!(kinds, [7, 7]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn korf_instances_with_5_5_5() {
    let dir = temp_dir("korf");
    let (p, goal) = korf100_puzzle();
    let groups = partition_by_sizes(&goal, &[5, 5, 5]).unwrap();
    let store = DirectoryStore::new(&dir);
    let pdb = BoardPdbTables::new(
        4,
        4,
        &goal,
        std::slice::from_ref(&groups),
        false,
        Some(&store),
        &Limits::default(),
        &|_| {},
    )
    .unwrap();
    assert!(
        pdb.has_mirror(),
        "Korf's goal is symmetric under transposition"
    );
    let solver = Solver::new().with_store(Arc::new(store));
    let opts = SolveOptions {
        algorithm: Algorithm::Ida,
        heuristic: "pdb:5-5-5".parse().unwrap(),
        ..SolveOptions::default()
    };
    for inst in korf100()
        .into_iter()
        .filter(|i| [1, 2, 12, 42, 79, 97].contains(&i.id))
    {
        let Outcome::Solved(s) = solver.solve(&p, &inst.start, &goal, &opts).unwrap() else {
            panic!()
        };
        assert_eq!(s.algorithm, "ida-pdb");
        assert_eq!(s.steps.len() as u32, inst.optimal, "instance {}", inst.id);
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn corrupt_or_stale_files_are_rebuilt_never_trusted() {
    let dir = temp_dir("cache");
    let p = Puzzle::parse("3x3").unwrap();
    let goal = p.default_goal();
    let tiles = [1u32, 2, 3, 4];
    let store = DirectoryStore::new(&dir);
    let load = |_: &std::path::Path, w, h, goal, tiles: &[u32]| {
        parse(
            store.load(&file_name(w, h, goal, tiles)).unwrap().unwrap(),
            w,
            h,
            goal,
            tiles,
        )
    };
    let first = load_or_build(
        Some(&store),
        3,
        3,
        &goal,
        &tiles,
        &Limits::default(),
        &|_| {},
    )
    .unwrap();
    let good = first.entries().to_vec();
    let path = dir.join(file_name(3, 3, &goal, &tiles));
    assert!(load(&path, 3, 3, &goal, &tiles).is_ok());
    // Flip one entry: the checksum catches it and the table is rebuilt.
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    assert!(load(&path, 3, 3, &goal, &tiles).is_err());
    let messages = std::sync::Mutex::new(Vec::new());
    let rebuilt = load_or_build(
        Some(&store),
        3,
        3,
        &goal,
        &tiles,
        &Limits::default(),
        &|m| {
            if let BuildEvent::Message(m) = m {
                messages.lock().unwrap().push(m.clone())
            }
        },
    )
    .unwrap();
    assert_eq!(rebuilt.entries(), &good[..]);
    assert!(
        messages
            .lock()
            .unwrap()
            .iter()
            .any(|m| m.contains("rebuilding"))
    );
    // Truncated files too.
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    assert!(load(&path, 3, 3, &goal, &tiles).is_err());
    // A budget too small refuses the build up front.
    std::fs::remove_file(&path).unwrap();
    let err = load_or_build(
        Some(&store),
        3,
        3,
        &goal,
        &tiles,
        &Limits {
            max_memory: 1000,
            ..Limits::default()
        },
        &|_| {},
    )
    .err()
    .unwrap();
    assert!(err.to_string().contains("memory: needs"), "{err}");
    assert!(
        matches!(err, slidepuzzle::Error::Limit { budget: 1000, .. }),
        "{err:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A deadline or a cancel flag stops every kind of table build: the
/// error is `Stopped` with its reason, and the store keeps nothing (no
/// table, no temporary file). Then the same store builds the table whole.
#[test]
fn a_stopped_table_build_leaves_nothing_behind() {
    use slidepuzzle::search::graph_pdb::GraphPdb;
    use slidepuzzle::search::mtm_pdb::{MtmPdb, default_classes};
    use std::sync::atomic::AtomicBool;
    let dir = temp_dir("stopped");
    let store = DirectoryStore::new(&dir);
    let past = Limits {
        deadline: Some(std::time::Instant::now()),
        ..Limits::default()
    };
    let cancelled = Limits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let board = Puzzle::parse("4x4").unwrap();
    let goal = board.default_goal();
    let tiles = [1u32, 2, 3, 4, 5];
    let stopped = |r: slidepuzzle::Result<()>, reason: StopReason| match r {
        Err(slidepuzzle::Error::Stopped {
            reason: got,
            message,
        }) => {
            assert_eq!(got, reason, "{message}");
            assert!(message.contains("no table was kept"), "{message}");
        }
        other => panic!("not stopped: {other:?}"),
    };
    let board_build =
        |l: &Limits| load_or_build(Some(&store), 4, 4, &goal, &tiles, l, &|_| {}).map(drop);
    stopped(board_build(&past), StopReason::Timeout);
    stopped(board_build(&cancelled), StopReason::Cancelled);
    let mtm = |l: &Limits| {
        let classes = default_classes(3, 3, &goal3()).unwrap();
        MtmPdb::build(3, 3, &goal3(), &classes, l, &|_| {}).map(drop)
    };
    stopped(mtm(&past), StopReason::Timeout);
    let theta = Puzzle::parse("theta:2,2,3").unwrap();
    let graph = |l: &Limits| {
        let groups = vec![(1..=3).collect(), (4..=6).collect::<Vec<u32>>()];
        GraphPdb::load_or_build(
            theta.graph(),
            &theta.default_goal(),
            groups,
            l,
            Some(&store),
            &|_| {},
        )
        .map(drop)
    };
    stopped(graph(&cancelled), StopReason::Cancelled);
    let left: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "files left behind: {left:?}");
    // Unlimited, the same calls build and save.
    board_build(&Limits::default()).unwrap();
    graph(&Limits::default()).unwrap();
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3);
    std::fs::remove_dir_all(&dir).ok();
}

fn goal3() -> slidepuzzle::Configuration {
    Puzzle::parse("3x3").unwrap().default_goal()
}

/// Graph pattern databases under IDA* and A* give the optimal length (A*
/// with the generalised Manhattan distance as the reference).
#[test]
fn graph_pdb_ida_and_astar_are_optimal() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for spec in [
        "theta:2,2,3",
        "petersen",
        "3x3+diag",
        "2x2x3",
        "theta:1,3,4",
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let solver = Solver::new();
        for _ in 0..4 {
            let start = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let reference = length(
                &p,
                &SolveOptions {
                    algorithm: Algorithm::AStar,
                    heuristic: Heuristic::Manhattan,
                    ..SolveOptions::default()
                },
                &start,
                &goal,
            );
            for algorithm in [Algorithm::Ida, Algorithm::AStar] {
                let opts = SolveOptions {
                    algorithm,
                    heuristic: Heuristic::PatternDatabases(Partition::Default),
                    ..SolveOptions::default()
                };
                let plan = solver.plan(&p, &goal, &opts).unwrap();
                assert!(plan.tables.is_some(), "{spec}: {plan}");
                let Outcome::Solved(s) = solver
                    .solve_with_plan(&p, &start, &goal, &opts, &plan)
                    .unwrap()
                else {
                    panic!()
                };
                assert!(s.algorithm.contains("pdb"), "{}", s.algorithm);
                assert_eq!(s.steps.len(), reference, "{spec} {algorithm:?}");
            }
        }
    }
}

/// A 4x4 goal with the blank on `corner` and the tiles in a random order.
fn corner_goal(corner: usize, rng: &mut ChaCha8Rng) -> slidepuzzle::model::Configuration {
    use rand::seq::SliceRandom;
    let mut cells: Vec<u32> = (1..16).collect();
    cells.shuffle(rng);
    cells.insert(corner, 0);
    slidepuzzle::model::Configuration::from_cells(cells, 1).unwrap()
}

/// Tables of the standard goal serving a goal with its blank in another
/// corner (a board symmetry with the tiles renamed) give every
/// configuration the value the standard tables give its image, direct and
/// transposed lookups alike.
#[test]
fn standard_tables_serve_every_corner_goal_through_a_symmetry() {
    use slidepuzzle::model::Configuration;
    use slidepuzzle::model::symmetry::GoalFrame;
    let p = Puzzle::parse("4x4").unwrap();
    let standard = p.default_goal();
    let groups = partition_by_sizes(&standard, &[5, 5, 5]).unwrap();
    let tables = BoardPdbTables::new(
        4,
        4,
        &standard,
        std::slice::from_ref(&groups),
        false,
        None,
        &Limits::default(),
        &|_| {},
    )
    .unwrap();
    assert!(tables.has_mirror());
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for corner in [0usize, 3, 12, 15] {
        let goal = corner_goal(corner, &mut rng);
        let frame = GoalFrame::onto(4, 4, &goal, &standard).unwrap();
        let served = tables.serving(&goal).unwrap();
        assert!(served.has_mirror());
        for _ in 0..200 {
            let s = uniform_reachable(&p, &goal, &mut rng).unwrap();
            let bytes: Vec<u8> = s.cells().iter().map(|&t| t as u8).collect();
            let image: Vec<u8> = frame
                .apply(&s)
                .unwrap()
                .cells()
                .iter()
                .map(|&t| t as u8)
                .collect();
            assert_eq!(
                served.value(&bytes),
                tables.value(&image),
                "corner {corner}"
            );
        }
        let goal_bytes: Vec<u8> = goal.cells().iter().map(|&t| t as u8).collect();
        assert_eq!(served.value(&goal_bytes), 0);
    }
    // A goal whose blank no symmetry takes to the corner is refused.
    let centre = Configuration::from_cells(
        vec![1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        1,
    )
    .unwrap();
    assert!(tables.serving(&centre).is_err());
}

/// The automatic plan for a goal with its blank in any corner (tiles in
/// any order) uses the standard goal's cached tables through a board
/// symmetry: nothing is built, the plan says so, and the answers are
/// optimal (equal to IDA* with linear conflict) and replayed.
#[test]
fn a_corner_goal_is_solved_with_the_standard_goals_cached_tables() {
    use slidepuzzle::model::Configuration;
    use slidepuzzle::theory::scramble::random_walk;
    let dir = temp_dir("frame");
    let store: Arc<dyn TableStore> = Arc::new(DirectoryStore::new(&dir));
    let p = Puzzle::parse("4x4").unwrap();
    let standard = p.default_goal();
    let solver = Solver::new().with_store(store.clone());
    let auto = SolveOptions::default();
    let plan = solver.plan(&p, &standard, &auto).unwrap();
    let best = plan.later.clone().unwrap();
    assert_eq!(best.goal, None);
    assert_eq!(plan.switch_after, Some(8 * (2 * 5_765_760 + 3_360)));
    let lc = SolveOptions {
        heuristic: Heuristic::LinearConflict,
        ..SolveOptions::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    // An easy instance is answered by the quick 5-5-5 tables alone; one
    // that runs past the switch budget (made tiny here) builds the 6-6-3
    // tables and starts over with them, and the counters add up.
    let easy = random_walk(&p, &standard, 12, &mut rng).unwrap();
    let Outcome::Solved(s) = solver
        .solve_with_plan(&p, &easy, &standard, &auto, &plan)
        .unwrap()
    else {
        panic!("easy")
    };
    assert_eq!(s.algorithm, "ida-pdb");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "the 5-5-5 tables only"
    );
    let switching = Plan {
        switch_after: Some(10),
        ..plan.clone()
    };
    let hard = random_walk(&p, &standard, 60, &mut rng).unwrap();
    let Outcome::Solved(s) = solver
        .solve_with_plan(&p, &hard, &standard, &auto, &switching)
        .unwrap()
    else {
        panic!("hard")
    };
    assert_eq!(s.algorithm, "ida-pdb, then ida-pdb with the 6-6-3 tables");
    assert!(s.optimal && s.stats.expanded > 10);
    assert_eq!(s.steps.len(), length(&p, &lc, &hard, &standard));
    assert!(
        switching.in_words_for(&s).starts_with(
            "IDA* with additive pattern databases (6-6-3), after the 5-5-5 tables ran long"
        ),
        "{}",
        switching.in_words_for(&s)
    );
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(files, 6, "the 6-6-3 tables of the standard goal stored too");
    // The face's build after the answer finds them built.
    solver
        .build_later(&p, &standard, &plan, &Limits::default())
        .unwrap();
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), files);
    for corner in [0usize, 3, 12, 15] {
        let goal = corner_goal(corner, &mut rng);
        // A fresh solver: nothing loaded but what the store holds.
        let solver = Solver::new().with_store(store.clone());
        let plan = solver.plan(&p, &goal, &auto).unwrap();
        let tables = plan.tables.as_ref().unwrap();
        assert!(tables.cached, "corner {corner}: {plan}");
        assert_eq!(tables.goal.as_ref(), Some(&standard), "corner {corner}");
        assert_eq!(tables.sizes(), "6-6-3");
        // Only the stronger 7-7-1 tables are left for later, and only for
        // after a long run (never before, and not after these short ones).
        assert_eq!(
            plan.later.as_ref().map(|t| t.sizes()).as_deref(),
            Some("7-7-1")
        );
        assert!(plan.later_after.is_some() && plan.later_up_front().is_none());
        assert!(
            plan.reason.contains("the standard goal's tables serve it"),
            "{}",
            plan.reason
        );
        for moves in [30, 45] {
            let start = random_walk(&p, &goal, moves, &mut rng).unwrap();
            let Outcome::Solved(s) = solver.solve(&p, &start, &goal, &auto).unwrap() else {
                panic!("corner {corner}")
            };
            assert!(s.optimal);
            assert_eq!(
                s.steps.len(),
                length(&p, &lc, &start, &goal),
                "corner {corner}"
            );
        }
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        files,
        "nothing built"
    );
    // Without the standard tables in the store, a corner goal plans its own
    // quick tables now and the standard goal's 6-6-3 for later.
    let empty = temp_dir("frame-empty");
    let solver = Solver::new().with_store(Arc::new(DirectoryStore::new(&empty)));
    let goal = Configuration::from_cells((0..16).collect(), 1).unwrap();
    let plan = solver.plan(&p, &goal, &auto).unwrap();
    assert_eq!(plan.tables.as_ref().unwrap().goal, None);
    assert_eq!(plan.later.as_ref().unwrap().goal.as_ref(), Some(&standard));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&empty).ok();
}

/// When the better tables cannot be had at the switch (here: over the
/// memory budget), the quick tables search on, the answer is still
/// optimal and the event sink hears why.
#[test]
fn the_quick_tables_search_on_when_the_better_ones_cannot_be_built() {
    use slidepuzzle::search::pdb::BuildEvent;
    use slidepuzzle::theory::scramble::random_walk;
    use std::sync::Mutex;
    let dir = temp_dir("switch-memory");
    let heard = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = heard.clone();
    let solver = Solver::new()
        .with_store(Arc::new(DirectoryStore::new(&dir)))
        .with_events(Arc::new(move |e: &BuildEvent| {
            if let BuildEvent::Message(m) = e {
                sink.lock().unwrap().push(m.clone());
            }
        }));
    let p = Puzzle::parse("4x4").unwrap();
    let goal = p.default_goal();
    let mut options = SolveOptions::default();
    // Room for the 5-5-5 tables (about 2 MiB each while building), not
    // for a 6-tile table (about 28 MiB).
    options.limits.max_memory = 16 << 20;
    let plan = Plan {
        switch_after: Some(10),
        ..solver.plan(&p, &goal, &options).unwrap()
    };
    assert_eq!(plan.later.as_ref().unwrap().sizes(), "6-6-3");
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let start = random_walk(&p, &goal, 60, &mut rng).unwrap();
    let Outcome::Solved(s) = solver
        .solve_with_plan(&p, &start, &goal, &options, &plan)
        .unwrap()
    else {
        panic!("not solved")
    };
    assert_eq!(s.algorithm, "ida-pdb");
    assert!(s.optimal);
    let lc = SolveOptions {
        heuristic: Heuristic::LinearConflict,
        ..SolveOptions::default()
    };
    assert_eq!(s.steps.len(), length(&p, &lc, &start, &goal));
    let heard = heard.lock().unwrap();
    assert!(
        heard
            .iter()
            .any(|m| m.starts_with("the 6-6-3 tables could not be had")
                && m.ends_with("the 5-5-5 tables search on")),
        "{heard:?}"
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        3,
        "no 6-tile table stored"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A catalogue (several partitions) is the maximum of its partitions'
/// values, direct and transposed; a group two partitions share is one
/// table; solving with it is optimal and generates no more nodes than
/// its first partition alone.
#[test]
fn a_catalogue_is_the_maximum_of_its_partitions() {
    let (p, goal) = korf100_puzzle();
    let tiles = |g: &[u32]| g.to_vec();
    let reading = partition_by_sizes(&goal, &[5, 5, 5]).unwrap();
    let blocks = slidepuzzle::search::partition::quick_partition(4, 4, &goal).unwrap();
    let shared = vec![
        tiles(&[1, 2, 3, 4, 5]),
        tiles(&[6, 7, 10, 11, 14]),
        tiles(&[8, 9, 12, 13, 15]),
    ];
    let catalogue = [reading.clone(), blocks.clone(), shared.clone()];
    let build = |partitions: &[Vec<Vec<u32>>]| {
        BoardPdbTables::new(
            4,
            4,
            &goal,
            partitions,
            false,
            None,
            &Limits::default(),
            &|_| {},
        )
        .unwrap()
    };
    let all = build(&catalogue);
    assert_eq!(all.partition_count(), 3);
    assert_eq!(all.groups().len(), 8, "tiles 1-5 are one table");
    let singles: Vec<BoardPdbTables> = catalogue
        .iter()
        .map(|c| build(std::slice::from_ref(c)))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut above_first = 0;
    for _ in 0..300 {
        let s = uniform_reachable(&p, &goal, &mut rng).unwrap();
        let bytes: Vec<u8> = s.cells().iter().map(|&t| t as u8).collect();
        let each: Vec<u32> = singles.iter().map(|t| t.value(&bytes)).collect();
        assert_eq!(all.value(&bytes), *each.iter().max().unwrap());
        above_first += usize::from(all.value(&bytes) > each[0]);
    }
    assert!(above_first > 0, "the other partitions never added anything");
    let words = |groups: &[Vec<u32>]| {
        let g: Vec<String> = groups
            .iter()
            .map(|g| {
                g.iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        g.join("/")
    };
    let solver = Solver::new();
    let options = |text: String| SolveOptions {
        algorithm: Algorithm::Ida,
        heuristic: text.parse().unwrap(),
        ..SolveOptions::default()
    };
    let one = options(format!("pdb:{}", words(&reading)));
    let several = options(format!(
        "pdb:{}|{}|{}",
        words(&reading),
        words(&blocks),
        words(&shared)
    ));
    let plan = solver.plan(&p, &goal, &several).unwrap();
    assert_eq!(
        plan.tables.as_ref().unwrap().sizes(),
        "5-5-5 | 5-5-5 | 5-5-5"
    );
    let (mut nodes_one, mut nodes_several) = (0, 0);
    for inst in korf100().into_iter().filter(|i| [79, 97].contains(&i.id)) {
        for (opts, nodes) in [(&one, &mut nodes_one), (&several, &mut nodes_several)] {
            let Outcome::Solved(s) = solver.solve(&p, &inst.start, &goal, opts).unwrap() else {
                panic!()
            };
            assert_eq!(s.steps.len() as u32, inst.optimal, "instance {}", inst.id);
            *nodes += s.stats.generated;
        }
    }
    assert!(
        nodes_several < nodes_one,
        "{nodes_several} against {nodes_one}"
    );
}

/// The automatic plan takes the strongest partition the store holds: the
/// 7-7-1 blocks over the 6-6-3 tables, the 7-8 over both, for the
/// standard goal and, through a board symmetry, for a goal with its blank
/// in another corner. With the 6-6-3 tables it leaves the 7-7-1 ones for
/// after a long run only (`Plan::later_after`, `Plan::later_for`), never
/// before a batch. Planning only reads which tables are stored, so
/// placeholders stand for the tables here (a real build of the 7-7-1
/// tables takes about half a minute).
#[test]
fn the_automatic_plan_takes_the_strongest_cached_partition() {
    use slidepuzzle::model::Configuration;
    use slidepuzzle::search::partition::partition_of_sizes;
    use slidepuzzle::store::MemoryStore;
    let p = Puzzle::parse("4x4").unwrap();
    let standard = p.default_goal();
    let corner =
        slidepuzzle::format::parse_configuration(&p, "13 14 15 0/9 10 11 12/5 6 7 8/1 2 3 4", 1)
            .unwrap();
    let store = Arc::new(MemoryStore::new());
    let solver = Solver::new().with_store(store.clone());
    let stock = |sizes: &[usize]| {
        for g in partition_of_sizes(4, 4, &standard, sizes).unwrap() {
            store
                .save(
                    &file_name(4, 4, &standard, &g),
                    &[b"placeholder".as_slice()],
                )
                .unwrap();
        }
    };
    let auto = SolveOptions::default();
    let planned = |goal: &Configuration| -> Plan { solver.plan(&p, goal, &auto).unwrap() };
    let sizes = |plan: &Plan| plan.tables.as_ref().unwrap().sizes();
    // Nothing stored: quick tables now, the 6-6-3 ones for later, always
    // (after any answer, and before a batch).
    let cold = planned(&standard);
    assert_eq!(sizes(&cold), "5-5-5");
    assert_eq!(cold.later.as_ref().unwrap().sizes(), "6-6-3");
    assert_eq!(cold.later_after, None);
    assert_eq!(cold.later_for(None), cold.later.as_ref());
    let unsolvable = solver
        .solve(
            &p,
            &slidepuzzle::format::parse_configuration(
                &p,
                "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0",
                1,
            )
            .unwrap(),
            &standard,
            &auto,
        )
        .unwrap();
    assert!(matches!(unsolvable, Outcome::Unsolvable(_)));
    assert_eq!(cold.later_for(Some(&unsolvable)), None, "no search ran");
    assert_eq!(cold.later_up_front(), cold.later.as_ref());
    stock(&[6, 6, 3]);
    // The 6-6-3 tables: the 7-7-1 ones (the standard goal's, also for a
    // corner goal) are built only after a run of at least one expansion
    // per entry.
    let entries = 2 * 57_657_600 + 16;
    for goal in [&standard, &corner] {
        let plan = planned(goal);
        assert_eq!(sizes(&plan), "6-6-3");
        let later = plan.later.as_ref().unwrap();
        assert_eq!(later.sizes(), "7-7-1");
        assert_eq!(later.goal.is_some(), goal == &corner);
        assert_eq!(plan.switch_after, None);
        assert_eq!(plan.later_after, Some(entries));
        assert!(
            plan.to_string()
                .contains("If this run expands 116 million nodes or more, the 7-7-1 tables are built after the answer"),
            "{plan}"
        );
        let run = |expanded: u64| Outcome::Stopped {
            reason: StopReason::MaxNodes,
            algorithm: "ida-pdb".into(),
            stats: slidepuzzle::SearchStats {
                expanded,
                ..Default::default()
            },
        };
        assert_eq!(plan.later_for(Some(&run(entries - 1))), None);
        assert_eq!(plan.later_for(Some(&run(entries))), Some(later));
        assert_eq!(plan.later_for(None), None);
        // A run stopped by its deadline is worth the tables; one the user
        // cancelled is not.
        for (reason, worth) in [(StopReason::Timeout, true), (StopReason::Cancelled, false)] {
            let stopped = Outcome::Stopped {
                reason,
                algorithm: "ida-pdb".into(),
                stats: slidepuzzle::SearchStats {
                    expanded: 2 * entries,
                    ..Default::default()
                },
            };
            assert_eq!(
                plan.later_for(Some(&stopped)).is_some(),
                worth,
                "{reason:?}"
            );
        }
        assert_eq!(plan.later_up_front(), None);
    }
    // Over the memory budget, no stronger tables are offered.
    let small = SolveOptions {
        limits: Limits {
            max_memory: 64 << 20,
            ..Limits::default()
        },
        ..SolveOptions::default()
    };
    let plan = solver.plan(&p, &standard, &small).unwrap();
    assert_eq!((sizes(&plan).as_str(), plan.later), ("6-6-3", None));
    stock(&[7, 7, 1]);
    for goal in [&standard, &corner] {
        let plan = planned(goal);
        let tables = plan.tables.as_ref().unwrap();
        assert_eq!(tables.sizes(), "7-7-1", "{plan}");
        assert_eq!(
            tables.groups,
            partition_of_sizes(4, 4, &standard, &[7, 7, 1]).unwrap()
        );
        assert!(tables.cached);
        assert_eq!((&plan.later, plan.later_after), (&None, None));
        assert_eq!(plan.switch_after, None);
        assert_eq!(tables.goal.is_some(), goal == &corner, "{plan}");
        assert!(
            plan.to_string().contains("the 7-7-1 tables are cached"),
            "{plan}"
        );
    }
    stock(&[7, 8]);
    assert_eq!(sizes(&planned(&corner)), "7-8");
}
