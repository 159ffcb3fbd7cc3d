//! `slidepuzzle bench`: published benchmark sets, solved and checked
//! against their published optimal lengths.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use clap::{Args, ValueEnum};

use crate::journal::{Counts, Finished, Journal, Reached};
use rayon::prelude::*;
use slidepuzzle::instances::{Instance, blank_first_goal, korf50, korf100};
use slidepuzzle::model::Puzzle;
use slidepuzzle::search::{Progress, ProgressSink};
use slidepuzzle::{
    Algorithm, Error, Heuristic, Limits, MovePruning, Outcome, Partition, Result, SolveOptions,
    solve,
};

/// The benchmark sets.
#[derive(Clone, Copy, ValueEnum)]
pub enum Set {
    /// Korf's 100 random 15-puzzles (1985).
    Korf100,
    /// Korf and Felner's 50 random 24-puzzles (2002).
    Korf50,
    /// The constructive solvers: length against the optimum on small
    /// graphs, then time and moves on boards and random 2-connected graphs
    /// up to 1,000 vertices.
    Constructive,
    /// Feasibility with several blanks at scale (`check --blanks K`):
    /// 100,000-vertex sparse graphs, trees and paths and a 300x300 board
    /// with 1,000 blanks, 10,000-vertex graphs with 50.
    Feasibility,
    /// Solving with several blanks: constructive against optimal on small
    /// trees, then moves and seconds on 1,000-vertex trees, sparse graphs
    /// with pendant trees, 2-connected graphs and two trees joined by a
    /// hallway, with 10 and 100 blanks.
    Several,
    /// Short answers beyond optimal reach, as DeepCubeA was measured:
    /// random walks of `--moves` moves from the goal of `--puzzle`
    /// (default 6x6), or uniform scrambles without `--moves`, solved by the
    /// default plan (or `--algo`) within `--timeout` each: mean length,
    /// lower bound, gap, seconds per position and peak memory.
    Short,
}

/// Options of `bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Which set.
    pub set: Set,
    /// Heuristic: auto, lc (Manhattan + linear conflict), md (Manhattan),
    /// wd (walking distance), pdb, pdb:6-6-3, pdb:7-8 (additive pattern
    /// databases), pdb+lc, pdb+wd (their maximum), bpdb, bpdb:6-6-6-6
    /// (blank-aware tables: an entry per blank region, fewer nodes, more
    /// time per node), pdb:A|B (the maximum over several partitions),
    /// pdb:catalogue, bpdb:catalogue (5x5). Default: pdb, the default tables (6-6-3 for
    /// korf100, Korf and Felner's 6-6-6-6 for korf50), built in the cache
    /// if missing.
    #[arg(long)]
    pub heuristic: Option<Heuristic>,
    /// Redundant moves to skip: reversal (only the undoing move, so node
    /// counts compare with the published ones) or sequences (also the
    /// redundant sequences of up to 14 moves, such as the loops around
    /// 2 x 2 blocks: fewer nodes).
    #[arg(long, default_value = "reversal")]
    pub move_pruning: MovePruning,
    /// Where pattern databases are cached (default: the platform cache dir).
    #[arg(long)]
    pub cache_dir: Option<std::path::PathBuf>,
    /// Memory budget for building pattern databases, in MiB (default 8192,
    /// or three quarters of the memory available now if less).
    #[arg(long, visible_alias = "max-memory-mb")]
    pub memory: Option<u64>,
    /// Only these instance ids: `1-10`, `3,5,79`.
    #[arg(long)]
    pub ids: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Per-instance time limit in seconds; building the tables first is
    /// held to it too (build them once with `slidepuzzle pdb build`, which
    /// takes its own `--timeout`).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Metric: stm (lengths checked against the published optima) or mtm
    /// (the multi-tile metric; no published lengths, so each answer is
    /// checked to be proven optimal, and its MTM length is printed).
    #[arg(long, default_value = "stm")]
    pub metric: slidepuzzle::model::Metric,
    /// Keep a journal in this directory (created if missing) and resume
    /// from it: each finished instance and each IDA* bound an instance
    /// starts is recorded as it happens, so a long run (korf50) can be
    /// stopped at any time and run again with the same options; finished
    /// instances are not solved again and the others start at their last
    /// bound, with the counts adding up to an uninterrupted run's. Like
    /// `godsnumber --dir`: a directory holding an unfinished run resumes
    /// it. (`--resume DIR`, its earlier name, is kept as a hidden alias
    /// for one release: `--resume` elsewhere is a switch.)
    #[arg(long, value_name = "DIR", alias = "resume")]
    pub dir: Option<std::path::PathBuf>,
    /// `short`: the puzzle (a board spec such as 6x6, or any puzzle spec).
    #[arg(long, default_value = "6x6")]
    pub puzzle: String,
    /// `short`: random walks of this many moves from the goal (DeepCubeA's
    /// 6x6 positions have a mean Manhattan distance of about 92: 400 moves
    /// here); uniform scrambles without it.
    #[arg(long)]
    pub moves: Option<u64>,
    /// `short`: how many positions.
    #[arg(long, default_value_t = 10)]
    pub count: usize,
    /// `short`: the seed of the first position.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// `short`: the method (auto: the library's plan; beam:B, wastar:W,
    /// constructive, ...).
    #[arg(long, default_value = "auto")]
    pub algo: Algorithm,
}

/// The ids of `--ids` (`N`, `N-M`, comma-separated), each checked to be an
/// instance of the set (1 to `count`); never empty.
fn parse_ids(spec: &str, count: usize) -> Result<std::collections::BTreeSet<u32>> {
    let mut out = std::collections::BTreeSet::new();
    for part in spec.split(',') {
        let bad = || Error::argument("--ids", format!("'{part}' is not N or N-M"));
        let id = |t: &str| -> Result<u32> {
            let n: u32 = t.trim().parse().map_err(|_| bad())?;
            if n == 0 || n as usize > count {
                return Err(Error::argument(
                    "--ids",
                    format!("{n} is not an instance of this set (1 to {count})"),
                ));
            }
            Ok(n)
        };
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (id(a)?, id(b)?);
                if a > b {
                    return Err(Error::argument(
                        "--ids",
                        format!("'{part}' is an empty range (write the smaller id first)"),
                    ));
                }
                out.extend(a..=b);
            }
            None => {
                out.insert(id(part)?);
            }
        }
    }
    Ok(out)
}

pub fn run(args: BenchArgs) -> Result<ExitCode> {
    let (instances, side): (Vec<Instance>, usize) = match args.set {
        Set::Korf100 => (korf100(), 4),
        Set::Korf50 => (korf50(), 5),
        Set::Constructive => return bench_constructive(),
        Set::Feasibility => return bench_feasibility(),
        Set::Several => return bench_several(),
        Set::Short => {
            return crate::bench_short::bench_short(crate::bench_short::ShortArgs {
                puzzle: &args.puzzle,
                moves: args.moves,
                count: args.count,
                seed: args.seed,
                algorithm: args.algo,
                heuristic: args.heuristic.clone().unwrap_or_default(),
                timeout: crate::common::timeout_arg("--timeout", args.timeout)?,
                memory: crate::common::memory_arg(args.memory, slidepuzzle::search::Work::Solve)?,
                cache_dir: args.cache_dir.as_deref(),
            });
        }
    };
    let timeout = crate::common::timeout_arg("--timeout", args.timeout)?;
    let threads = crate::common::threads_arg(args.threads)?;
    let instances: Vec<Instance> = match &args.ids {
        Some(spec) => {
            let ids = parse_ids(spec, instances.len())?;
            instances
                .into_iter()
                .filter(|i| ids.contains(&i.id))
                .collect()
        }
        None => instances,
    };
    // Tables named, not chosen from what the cache holds: the node counts
    // stay those of the goal's own default tables.
    let heuristic = args
        .heuristic
        .clone()
        .unwrap_or(Heuristic::PatternDatabases(Partition::Default));
    let puzzle = Puzzle::board(side, side, false, false)?;
    let goal = blank_first_goal(side * side);
    let cancel = crate::common::install_ctrlc();
    let options = SolveOptions {
        algorithm: Algorithm::Ida,
        heuristic: heuristic.clone(),
        limits: Limits {
            cancel: Some(cancel.clone()),
            max_memory: crate::common::memory_arg(args.memory, slidepuzzle::search::Work::Bench)?,
            ..Limits::default()
        },
        // Instances run in parallel; each one's node counts stay exact.
        single_thread: true,
        move_pruning: args.move_pruning,
        metric: args.metric,
    };
    let solver = crate::common::solver(args.cache_dir.as_deref())?;
    let build = Instant::now();
    let build_limits = options.limits.clone().with_timeout(timeout);
    let mut plan = solver.plan(&puzzle, &goal, &options)?;
    if plan.later_up_front().is_some() {
        solver.build_later(&puzzle, &goal, &plan, &build_limits)?;
        plan = solver.plan(&puzzle, &goal, &options)?;
    }
    solver.prepare(&puzzle, &goal, &plan, &build_limits)?;
    eprintln!(
        "plan: {plan} (ready in {:.2} s)",
        build.elapsed().as_secs_f64()
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| Error::argument("--threads", format!("cannot start threads: {e}")))?;
    let wall = Instant::now();
    // The published node count this run should reproduce exactly: Korf
    // 1985's with Manhattan distance, Korf and Felner 2002's with their
    // 6-6-6-6 databases (the default 5x5 partition; their count omits the
    // root, which ours includes).
    let published_nodes = |inst: &Instance| -> Option<u64> {
        if args.move_pruning != MovePruning::Reversal {
            return None;
        }
        match (args.set, &heuristic) {
            (Set::Korf100, Heuristic::Manhattan) => inst.md_nodes,
            (Set::Korf50, Heuristic::PatternDatabases(Partition::Default)) => {
                inst.pdb_nodes.map(|n| n + 1)
            }
            _ => None,
        }
    };
    let journal = match &args.dir {
        Some(dir) => {
            let run = format!(
                "set={}\theuristic={heuristic}\tmove_pruning={}\tmetric={}",
                set_name(args.set),
                args.move_pruning,
                args.metric
            );
            let j = Arc::new(Journal::open(dir, &run)?);
            eprintln!("journal: {}", j.path().display());
            Some(j)
        }
        None => None,
    };
    // The first journal write that fails stops the run (cancel flag) and
    // is the command's error.
    let journal_error: Arc<Mutex<Option<Error>>> = Arc::new(Mutex::new(None));
    let fail = {
        let journal_error = journal_error.clone();
        let cancel = cancel.clone();
        move |e: Error| {
            cancel.store(true, std::sync::atomic::Ordering::SeqCst);
            journal_error
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(e);
        }
    };
    println!("id\tpublished\tlength\tmatch\texpanded\tgenerated\tseconds\tpublished_nodes");
    let results: Vec<(Instance, Result<Row>)> = pool.install(|| {
        instances
            .into_par_iter()
            .map(|inst| {
                if let Some(f) = journal.as_ref().and_then(|j| j.finished(inst.id)) {
                    return (inst, Ok(Row::Solved(f, true)));
                }
                let prior = journal.as_ref().and_then(|j| j.reached(inst.id));
                let mut opts = options.clone();
                opts.limits = opts.limits.with_timeout(timeout);
                let clock = Instant::now();
                if let Some(j) = &journal {
                    opts.limits.start_bound = prior.map(|r| r.bound);
                    let (j, fail, id) = (j.clone(), fail.clone(), inst.id);
                    opts.limits.progress = Some(ProgressSink(Arc::new(move |p: Progress| {
                        if prior.is_some_and(|r| r.bound == p.bound) {
                            return;
                        }
                        let counts = resumed(prior, p.expanded, p.generated, clock);
                        let reached = Reached {
                            bound: p.bound,
                            counts,
                        };
                        if let Err(e) = j.record_bound(id, &reached) {
                            fail(e);
                        }
                    })));
                }
                let out = solver.solve_with_plan(&puzzle, &inst.start, &goal, &opts, &plan);
                let row = out.map(|o| match o {
                    Outcome::Solved(s) => Row::Solved(
                        Finished {
                            length: s.length as u32,
                            counts: resumed(prior, s.stats.expanded, s.stats.generated, clock),
                            optimal: s.optimal,
                        },
                        false,
                    ),
                    Outcome::Stopped { reason, stats, .. } => Row::Stopped(
                        reason.describe().to_string(),
                        resumed(prior, stats.expanded, stats.generated, clock),
                    ),
                    Outcome::Unsolvable(v) => Row::Unsolvable(v.reason),
                });
                // Reported as each instance ends, so a long unattended run
                // keeps its results even if it is stopped before the table.
                if let Ok(Row::Solved(f, _)) = &row {
                    eprintln!(
                        "solved {} ({}, {} generated, {:.2} s)",
                        inst.id,
                        slidepuzzle::format::counted(f.length as u64, "move", "moves"),
                        f.counts.generated,
                        f.counts.seconds
                    );
                    if let Some(Err(e)) = journal.as_ref().map(|j| j.record_finished(inst.id, f)) {
                        fail(e);
                    }
                }
                (inst, row)
            })
            .collect()
    });
    if let Some(e) = journal_error
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take()
    {
        return Err(e);
    }
    let wall = wall.elapsed().as_secs_f64();
    let (mut generated, mut expanded, mut cpu, mut all_match, mut solved) =
        (0u64, 0u64, 0.0, true, 0);
    let (mut nodes_compared, mut nodes_equal, mut from_journal) = (0, 0, 0);
    for (inst, row) in &results {
        let md = published_nodes(inst)
            .map(|n| n.to_string())
            .unwrap_or_else(|| "-".into());
        match row {
            Ok(Row::Solved(f, journaled)) => {
                let ok = match args.metric {
                    slidepuzzle::model::Metric::Stm => f.length == inst.optimal,
                    slidepuzzle::model::Metric::Mtm => f.optimal,
                };
                all_match &= ok;
                solved += 1;
                from_journal += usize::from(*journaled);
                let c = f.counts;
                generated += c.generated;
                expanded += c.expanded;
                cpu += c.seconds;
                if let Some(n) = published_nodes(inst) {
                    nodes_compared += 1;
                    nodes_equal += usize::from(n == c.generated);
                }
                println!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\t{md}",
                    inst.id,
                    inst.optimal,
                    f.length,
                    if ok { "yes" } else { "NO" },
                    c.expanded,
                    c.generated,
                    c.seconds
                );
            }
            Ok(Row::Stopped(reason, c)) => {
                all_match = false;
                println!(
                    "{}\t{}\t-\tstopped ({reason})\t{}\t{}\t{:.3}\t{md}",
                    inst.id, inst.optimal, c.expanded, c.generated, c.seconds
                );
            }
            Ok(Row::Unsolvable(reason)) => {
                all_match = false;
                println!("{}\t{}\t-\tunsolvable?! {reason}", inst.id, inst.optimal);
            }
            Err(e) => return Err(e.clone()),
        }
    }
    if let Some(j) = &journal {
        println!(
            "# {from_journal} instances finished in earlier sessions (from {})",
            j.path().display()
        );
    }
    match args.metric {
        slidepuzzle::model::Metric::Stm => println!(
            "# {solved}/{} solved; all lengths match the published optimum: {}",
            results.len(),
            if all_match { "yes" } else { "NO" }
        ),
        slidepuzzle::model::Metric::Mtm => println!(
            "# {solved}/{} solved in MTM (length column: MTM moves; published: the STM optimum); all proven optimal: {}",
            results.len(),
            if all_match { "yes" } else { "NO" }
        ),
    }
    if nodes_compared > 0 {
        println!("# node counts equal to the published ones: {nodes_equal} of {nodes_compared}");
    }
    println!(
        "# total: {expanded} expanded, {generated} generated, {wall:.2} s wall, {cpu:.2} s summed over instances, {:.1} M generated/s per thread, {} threads",
        generated as f64 / cpu.max(1e-9) / 1e6,
        pool.current_num_threads()
    );
    Ok(if all_match {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// One instance's row: finished (now, or `true`: in an earlier session,
/// from the journal), stopped (the reason and the counts so far) or
/// unsolvable (which a published instance never is).
enum Row {
    Solved(Finished, bool),
    Stopped(String, Counts),
    Unsolvable(String),
}

/// The counts of a run that started at `prior`'s bound (or from the
/// root), having made `expanded` and `generated` nodes since `clock`: the
/// sums over the sessions, the root counted once.
fn resumed(prior: Option<Reached>, expanded: u64, generated: u64, clock: Instant) -> Counts {
    let seconds = clock.elapsed().as_secs_f64();
    match prior.map(|r| r.counts) {
        None => Counts {
            expanded,
            generated,
            seconds,
        },
        // This session's count holds the root again.
        Some(b) => Counts {
            expanded: b.expanded + expanded,
            generated: b.generated + generated.saturating_sub(1),
            seconds: b.seconds + seconds,
        },
    }
}

/// The set's name as `bench` spells it.
fn set_name(set: Set) -> &'static str {
    match set {
        Set::Korf100 => "korf100",
        Set::Korf50 => "korf50",
        Set::Constructive => "constructive",
        Set::Feasibility => "feasibility",
        Set::Several => "several",
        Set::Short => "short",
    }
}

/// Solves `start` -> `goal` by `algorithm` through the facade (every
/// solution replayed by the library); an error unless solved.
fn solved(
    puzzle: &Puzzle,
    start: &slidepuzzle::model::Configuration,
    goal: &slidepuzzle::model::Configuration,
    algorithm: Algorithm,
) -> Result<slidepuzzle::Solution> {
    let opts = SolveOptions {
        algorithm,
        ..SolveOptions::default()
    };
    match solve(puzzle, start, goal, &opts)? {
        Outcome::Solved(s) => Ok(s),
        other => Err(Error::Unsupported(format!(
            "{}: not solved: {other:?}",
            puzzle.spec()
        ))),
    }
}

/// Any number of blanks: (moves, seconds).
fn solve_with(
    puzzle: &Puzzle,
    start: &slidepuzzle::model::Configuration,
    goal: &slidepuzzle::model::Configuration,
    algorithm: Algorithm,
) -> Result<(usize, f64)> {
    solved(puzzle, start, goal, algorithm).map(|s| (s.steps.len(), s.stats.seconds))
}

/// `bench several` (issue 17): the constructive solver with several
/// blanks, against the optimum on small trees, then at 1,000 vertices.
fn bench_several() -> Result<ExitCode> {
    use rand_chacha::rand_core::SeedableRng;
    use slidepuzzle::model::Configuration;
    use slidepuzzle::theory::uniform_reachable;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1717);
    println!("# constructive / optimal (A*) over 10 uniform scrambles each");
    println!("puzzle\tvertices\tblanks\tmean_optimal\tmean_constructive\tratio");
    for (spec, k) in [
        ("tree:9,1", 2),
        ("tree:9,2", 3),
        ("tree:10,3", 4),
        ("petersen", 3),
    ] {
        let p = Puzzle::parse(spec)?;
        let goal = Configuration::natural_with_blanks(p.vertex_count(), k);
        let (mut opt, mut con) = (0usize, 0usize);
        for _ in 0..10 {
            let start = uniform_reachable(&p, &goal, &mut rng)?;
            opt += solve_with(&p, &start, &goal, Algorithm::AStar)?.0;
            con += solve_with(&p, &start, &goal, Algorithm::Constructive)?.0;
        }
        println!(
            "{spec}\t{}\t{k}\t{:.1}\t{:.1}\t{:.2}",
            p.vertex_count(),
            opt as f64 / 10.0,
            con as f64 / 10.0,
            con as f64 / opt.max(1) as f64
        );
    }
    println!("# one uniform scramble each: moves and seconds (whole solve, replayed)");
    println!("graph\tvertices\tedges\tblanks\tmoves\tseconds");
    let cases: Vec<(&str, Puzzle)> = vec![
        ("tree:1000,1", Puzzle::parse("tree:1000,1")?),
        (
            "sparse with pendant trees",
            feasibility_graph(1000, 300, 0, &mut rng)?,
        ),
        ("random:1000,300,1", Puzzle::parse("random:1000,300,1")?),
        (
            "two trees, 20-hallway",
            feasibility_graph(490, 0, 20, &mut rng)?,
        ),
        ("20x20", Puzzle::parse("20x20")?),
    ];
    for (name, p) in &cases {
        for k in [10, 100] {
            let n = p.vertex_count();
            let goal = Configuration::natural_with_blanks(n, k);
            let start = uniform_reachable(p, &goal, &mut rng)?;
            let clock = Instant::now();
            let (moves, _) = solve_with(p, &start, &goal, Algorithm::Constructive)?;
            println!(
                "{name}\t{n}\t{}\t{k}\t{moves}\t{:.2}",
                p.graph().edge_count(),
                clock.elapsed().as_secs_f64()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `bench constructive` (issue 5): ratio to the optimum, then large sizes.
fn bench_constructive() -> Result<ExitCode> {
    use rand_chacha::rand_core::SeedableRng;
    use slidepuzzle::theory::uniform_reachable;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    println!("# constructive / optimal (A*) over 20 random solvable instances each");
    println!("puzzle\tvertices\tmean_optimal\tmean_constructive\tratio");
    for spec in [
        "theta:2,2,3",
        "theta:1,1,1",
        "theta:0,3,4",
        "petersen",
        "3x3+diag",
        "2x2x2",
        "random:10,2,1",
        "random:11,3,2",
        "edges:0-1,1-2,2-0,2-3,3-4,4-5,5-3,5-6,6-7",
    ] {
        let p = Puzzle::parse(spec)?;
        let goal = p.default_goal();
        let (mut opt, mut con) = (0usize, 0usize);
        for _ in 0..20 {
            let start = uniform_reachable(&p, &goal, &mut rng)?;
            opt += solve_with(&p, &start, &goal, Algorithm::AStar)?.0;
            con += solve_with(&p, &start, &goal, Algorithm::Constructive)?.0;
        }
        println!(
            "{spec}\t{}\t{:.1}\t{:.1}\t{:.2}",
            p.vertex_count(),
            opt as f64 / 20.0,
            con as f64 / 20.0,
            con as f64 / opt.max(1) as f64
        );
    }
    println!("# one random solvable instance each: moves and seconds (replayed)");
    println!("puzzle\tvertices\tmoves\tseconds");
    for spec in [
        "10x10",
        "30x30",
        "100x100",
        "random:40,10,1",
        "random:120,30,1",
        "random:1000,300,1",
        "random:1000,100,1",
        "theta:20,20,20",
    ] {
        let p = Puzzle::parse(spec)?;
        let goal = p.default_goal();
        let start = uniform_reachable(&p, &goal, &mut rng)?;
        let clock = Instant::now();
        let (moves, _) = solve_with(&p, &start, &goal, Algorithm::Constructive)?;
        println!(
            "{spec}\t{}\t{moves}\t{:.2}",
            p.vertex_count(),
            clock.elapsed().as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// A random graph for the several-blank benches
/// ([`slidepuzzle::model::random_graph::tree_with_chords`]), drawn from the
/// bench's one random stream so that its rows stay the same.
fn feasibility_graph(
    n: usize,
    extra: usize,
    hall: usize,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<Puzzle> {
    let total = if hall > 0 { 2 * n + hall } else { n };
    let name = format!("random graph ({total} vertices)");
    slidepuzzle::model::random_graph::tree_with_chords(n, extra, hall, rng, &name)
}

/// `bench feasibility` (issue 17): `check --blanks K` at scale. For each
/// graph a uniform scramble (reachable) and the same with two tiles of
/// different orbits swapped where there are such (unreachable), each
/// decided by the library's default test; seconds per decision.
fn bench_feasibility() -> Result<ExitCode> {
    use rand_chacha::rand_core::SeedableRng;
    use slidepuzzle::model::Configuration;
    use slidepuzzle::theory::{CheckMethod, check_with, uniform_reachable};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    println!(
        "graph\tvertices\tedges\tblanks\tscramble_s\tcheck_s\tverdict\tcheck_swapped_s\tverdict_swapped\tdecided_by"
    );
    let cases: Vec<(&str, Puzzle, usize)> = vec![
        (
            "sparse 100k",
            feasibility_graph(100_000, 50_000, 0, &mut rng)?,
            1000,
        ),
        (
            "tree 100k",
            feasibility_graph(100_000, 0, 0, &mut rng)?,
            1000,
        ),
        ("300x300", Puzzle::parse("300x300")?, 1000),
        ("path:100000", Puzzle::parse("path:100000")?, 1000),
        (
            "two trees, 2,000-hallway",
            feasibility_graph(49_000, 0, 2_000, &mut rng)?,
            1000,
        ),
        (
            "sparse 10k",
            feasibility_graph(10_000, 5_000, 0, &mut rng)?,
            50,
        ),
        (
            "two trees, 119-hallway",
            feasibility_graph(4_940, 0, 119, &mut rng)?,
            50,
        ),
    ];
    for (name, p, k) in cases {
        let n = p.vertex_count();
        let goal = Configuration::natural_with_blanks(n, k);
        let clock = Instant::now();
        let start = uniform_reachable(&p, &goal, &mut rng)?;
        let scramble_s = clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        let yes = check_with(&p, &start, &goal, CheckMethod::Linear, 1_000_000)?;
        let check_s = clock.elapsed().as_secs_f64();
        // Swap the tiles on the first two tile vertices of the hallway side
        // and the far side: unreachable where the orbits differ.
        let mut cells = start.cells().to_vec();
        let tiles: Vec<usize> = (0..n).filter(|&v| cells[v] != 0).collect();
        let (a, b) = (tiles[0], tiles[tiles.len() - 1]);
        cells.swap(a, b);
        let swapped = Configuration::from_cells(cells, k)?;
        let clock = Instant::now();
        let no = check_with(&p, &swapped, &goal, CheckMethod::Linear, 1_000_000)?;
        let swapped_s = clock.elapsed().as_secs_f64();
        let by = yes.decided_by.describe();
        println!(
            "{name}\t{n}\t{}\t{k}\t{scramble_s:.3}\t{check_s:.3}\t{}\t{swapped_s:.3}\t{}\t{by}",
            p.graph().edge_count(),
            if yes.solvable {
                "reachable"
            } else {
                "NOT reachable (bug)"
            },
            if no.solvable {
                "reachable"
            } else {
                "not reachable"
            },
        );
        if !yes.solvable {
            return Err(Error::Unsupported(format!(
                "{name}: a uniform scramble was judged unreachable (a bug)"
            )));
        }
    }
    Ok(ExitCode::SUCCESS)
}
