//! `slidepuzzle bench short`: answers beyond optimal reach, measured the
//! way DeepCubeA's were (Agostinelli et al. 2019): random walks of a fixed
//! length from the goal (`--moves`) or uniform scrambles, each solved by
//! the plan the library chooses (or `--algo`), with the mean length, the
//! mean proven lower bound, the mean gap, seconds per position and the
//! process's peak memory.

use std::io::Write;
use std::process::ExitCode;

use slidepuzzle::model::Puzzle;
use slidepuzzle::search::manhattan::TileDistances;
use slidepuzzle::{Algorithm, Error, Heuristic, Limits, Outcome, Result, SolveOptions};

/// What `bench short` measures.
pub struct ShortArgs<'a> {
    /// The board or puzzle spec (`6x6`).
    pub puzzle: &'a str,
    /// Random-walk length; `None`: uniform scrambles.
    pub moves: Option<u64>,
    /// Positions.
    pub count: usize,
    /// Seed of the first position (the others follow it).
    pub seed: u64,
    /// The method (the library's automatic plan unless given).
    pub algorithm: Algorithm,
    /// The heuristic (the plan's unless given).
    pub heuristic: Heuristic,
    /// Per-position time budget.
    pub timeout: Option<std::time::Duration>,
    /// Memory budget in bytes.
    pub memory: u64,
    /// Where tables are cached.
    pub cache_dir: Option<&'a std::path::Path>,
}

/// One answered position.
struct Row {
    manhattan: f64,
    length: f64,
    lower_bound: f64,
    seconds: f64,
    optimal: bool,
}

/// Solves each position in turn (one line each, as it finishes) and
/// prints the means. Exit 1 when a position got no answer.
pub fn bench_short(args: ShortArgs<'_>) -> Result<ExitCode> {
    let puzzle = Puzzle::parse(args.puzzle)?;
    let goal = puzzle.default_goal();
    let solver = crate::common::solver(args.cache_dir)?;
    let cancel = crate::common::install_ctrlc();
    let options = SolveOptions {
        algorithm: args.algorithm,
        heuristic: args.heuristic,
        limits: Limits {
            cancel: Some(cancel),
            max_memory: args.memory,
            ..Limits::default()
        },
        ..SolveOptions::default()
    };
    let manhattan = puzzle
        .plain_board_size()
        .and_then(|(w, h)| TileDistances::board(w, h, &goal));
    let workload = match args.moves {
        Some(m) => format!("random walks of {m} moves"),
        None => "uniform scrambles".to_string(),
    };
    eprintln!("plan: {}", solver.plan(&puzzle, &goal, &options)?.name());
    println!(
        "# {} {workload}, {} positions from seed {}",
        puzzle.spec(),
        args.count,
        args.seed
    );
    println!("id\tmanhattan\tlength\tlower_bound\tgap\toptimal\tmethod\tseconds");
    let mut rows: Vec<Row> = Vec::new();
    let mut unanswered = 0usize;
    let positions = slidepuzzle::theory::scramble::scrambles(&puzzle, &goal, args.seed, args.moves);
    for (i, start) in positions.take(args.count).enumerate() {
        let start = start?;
        let cells: Vec<u8> = start.cells().iter().map(|&t| t as u8).collect();
        let md = manhattan.as_ref().map_or(0, |t| t.sum(&cells));
        // Each position's own budget, from its start.
        let options = SolveOptions {
            limits: options.limits.clone().with_budget(args.timeout),
            ..options.clone()
        };
        match solver.solve(&puzzle, &start, &goal, &options)? {
            Outcome::Solved(s) => {
                let lb = s.stats.lower_bound;
                println!(
                    "{}\t{md}\t{}\t{lb}\t{}\t{}\t{}\t{:.2}",
                    i + 1,
                    s.length,
                    s.length.saturating_sub(lb as usize),
                    s.optimal,
                    s.algorithm,
                    s.stats.seconds
                );
                rows.push(Row {
                    manhattan: md as f64,
                    length: s.length as f64,
                    lower_bound: lb as f64,
                    seconds: s.stats.seconds,
                    optimal: s.optimal,
                });
            }
            Outcome::Unsolvable(v) => {
                return Err(Error::Unsupported(format!(
                    "position {} is unsolvable: {v:?}",
                    i + 1
                )));
            }
            Outcome::Stopped { reason, stats, .. } => {
                unanswered += 1;
                println!(
                    "{}\t{md}\t-\t{}\t-\tfalse\tstopped: {}\t{:.2}",
                    i + 1,
                    stats.lower_bound,
                    reason.describe(),
                    stats.seconds
                );
            }
        }
        let _ = std::io::stdout().flush();
    }
    let n = rows.len().max(1) as f64;
    let mean = |f: fn(&Row) -> f64| rows.iter().map(f).sum::<f64>() / n;
    // The gap in per cent of the bound, over the positions that have one
    // (a constructive answer proves none).
    let bounded: Vec<f64> = rows
        .iter()
        .filter(|r| r.lower_bound > 0.0)
        .map(|r| 100.0 * (r.length - r.lower_bound) / r.lower_bound)
        .collect();
    let share = match bounded.len() {
        0 => "no lower bound".to_string(),
        k => format!("{:.1} %", bounded.iter().sum::<f64>() / k as f64),
    };
    println!(
        "# answered {} of {} ({} proven optimal); mean manhattan {:.1}, mean length {:.2}, mean lower bound {:.2}, mean gap {:.2} moves ({share}), {:.2} s per position, peak memory {}",
        rows.len(),
        rows.len() + unanswered,
        rows.iter().filter(|r| r.optimal).count(),
        mean(|r| r.manhattan),
        mean(|r| r.length),
        mean(|r| r.lower_bound),
        mean(|r| r.length - r.lower_bound),
        mean(|r| r.seconds),
        peak_memory()
    );
    Ok(if unanswered == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The process's peak resident memory (`getrusage`), as `N MiB`.
fn peak_memory() -> String {
    #[cfg(unix)]
    {
        // SAFETY: getrusage writes only into the struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } == 0 {
            // Linux reports kilobytes.
            return format!("{} MiB", usage.ru_maxrss / 1024);
        }
    }
    "unknown".to_string()
}
