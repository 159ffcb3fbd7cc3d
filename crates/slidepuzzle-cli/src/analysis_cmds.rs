//! The speedsolvers' commands: listing solutions (`solve --all-optimal`,
//! `--count`, `--beyond-optimal`, `--count-only`), `solve --good-moves`,
//! `review` (where a solution lost moves) and `optimize`. The library
//! decides and checks ([`slidepuzzle::Solver::solutions`],
//! [`slidepuzzle::Solver::review`], ...); this file translates and prints.

use std::io::Write;
use std::process::ExitCode;

use clap::Args;
use slidepuzzle::model::Metric;
use slidepuzzle::problem::Problem;
use slidepuzzle::records::{
    GoodMovesRecord, ListingRecord, OptimizeRecord, ReviewRecord, WasteRecord,
};
use slidepuzzle::solver::SolutionView;
use slidepuzzle::solver::{Listed, SolutionQuery};
use slidepuzzle::{Error, Result, SolveOptions, Solver};

use crate::common::PuzzleArgs;
use crate::solve_args::{SolveArgs, Work};

use slidepuzzle::moves::write_steps;

/// The listing the options ask for, if any.
///
/// # Errors
/// [`Error::Argument`] for `--count 0` or `--min-depth` above `--max-depth`.
pub fn query(args: &SolveArgs) -> Result<Option<SolutionQuery>> {
    if args.count == Some(0) {
        return Err(Error::argument("--count", "must be at least 1"));
    }
    if let (Some(lo), Some(hi)) = (args.min_depth, args.max_depth)
        && lo > hi
    {
        return Err(Error::argument(
            "--min-depth",
            format!("{lo} is above --max-depth {hi}: no length fits"),
        ));
    }
    let listing = args.all_optimal
        || args.count.is_some()
        || args.beyond_optimal.is_some()
        || args.min_depth.is_some()
        || args.max_depth.is_some()
        || args.count_only;
    Ok(listing.then(|| SolutionQuery {
        max_count: args.count,
        min_length: args.min_depth,
        // --all-optimal alone, or with --count: the optimal length only.
        max_length: args.max_depth,
        beyond_optimal: args
            .beyond_optimal
            .or((args.all_optimal && args.max_depth.is_none()).then_some(0)),
    }))
}

/// `solve` with listing options: each instance's solutions, streamed one
/// per line as found (or gathered into one JSON object per instance).
pub fn run_listing(
    args: &SolveArgs,
    solver: &Solver,
    options: &SolveOptions,
    query: &SolutionQuery,
    work: &Work,
) -> Result<ExitCode> {
    let mut stopped = false;
    let stdout = std::io::stdout();
    for (id, puzzle, start, goal) in work.instances() {
        if args.explain {
            eprintln!("plan: {}", solver.plan(puzzle, goal, options)?);
        }
        let mut gathered = Vec::new();
        let mut write_error = None;
        let listed = {
            let mut out = stdout.lock();
            let batch = args.file.is_some();
            let mut sink = |steps: &[(usize, usize)]| -> bool {
                if args.count_only {
                    return true;
                }
                if args.json {
                    gathered.push(SolutionView::of_steps(puzzle, start, steps, options.metric));
                    return true;
                }
                let text = write_steps(puzzle, start, steps);
                let line = if batch {
                    format!("[{id}] {text}")
                } else {
                    text
                };
                match writeln!(out, "{line}") {
                    Ok(()) => true,
                    Err(e) => {
                        write_error = Some(e);
                        false
                    }
                }
            };
            solver.solutions(puzzle, start, goal, options, query, &mut sink)?
        };
        if let Some(e) = write_error {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return Ok(ExitCode::SUCCESS);
            }
            return Err(Error::io("standard output", e));
        }
        let metric = options.metric.to_string().to_uppercase();
        match listed {
            Listed::Unsolvable(v) => {
                if args.json {
                    let r = ListingRecord::unsolvable(id, options.metric, &v.reason);
                    println!("{}", serde_json::to_string(&r).expect("serialisable"));
                } else {
                    println!("[{id}] unsolvable: {}", v.reason);
                }
            }
            Listed::Listed(l) => {
                stopped |= l.stopped.is_some();
                let stop = l.stopped.map(|r| r.describe().to_string());
                if args.json {
                    let solutions = (!args.count_only).then_some(gathered);
                    let r = ListingRecord::listed(id, options.metric, &l, solutions);
                    println!("{}", serde_json::to_string(&r).expect("serialisable"));
                } else {
                    let what = if args.count_only { "counted" } else { "listed" };
                    let summary = match &stop {
                        Some(s) => format!(
                            "{} solutions {what} before the search stopped ({s})",
                            l.count
                        ),
                        None => format!(
                            "{} solutions {what}{}; the optimum is {} moves ({metric}); {} generated, {:.3} s",
                            l.count,
                            if l.complete {
                                ""
                            } else {
                                " (not all: the count was reached)"
                            },
                            l.optimal_length,
                            l.stats.generated,
                            l.stats.seconds
                        ),
                    };
                    if args.count_only {
                        println!("[{id}] {summary}");
                    } else {
                        eprintln!("[{id}] {summary}");
                    }
                }
            }
        }
    }
    Ok(if stopped {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// `solve --good-moves`: every move from the position with its distance.
pub fn run_good_moves(
    args: &SolveArgs,
    solver: &Solver,
    options: &SolveOptions,
    work: &Work,
) -> Result<ExitCode> {
    let Work::One(Problem {
        puzzle,
        start,
        goal,
    }) = work
    else {
        return Err(Error::argument(
            "--good-moves",
            "takes one state, not --file",
        ));
    };
    let (before, moves) = solver.good_moves(puzzle, start, goal, options)?;
    let metric = options.metric.to_string().to_uppercase();
    if args.json {
        let r = GoodMovesRecord::new(puzzle, start, options.metric, (before, &moves));
        println!("{}", serde_json::to_string(&r).expect("serialisable"));
    } else {
        println!("distance {before} ({metric})");
        for m in &moves {
            let verdict = if m.good {
                "good".to_string()
            } else {
                format!("loses {}", (m.distance + 1).saturating_sub(before))
            };
            println!(
                "{}\t{} -> {}\t{verdict}",
                write_steps(puzzle, start, &m.steps),
                before,
                m.distance
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A scramble and its solution, the options `review` and `optimize`
/// share.
#[derive(Args)]
pub struct SolutionArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Metric: stm or mtm (MTM moves are maximal straight runs).
    #[arg(long, default_value = "stm")]
    pub metric: Metric,
    /// Where pattern databases are cached (default: the platform cache dir).
    #[arg(long)]
    pub cache_dir: Option<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Stop each search after this many seconds.
    #[arg(long)]
    pub timeout: Option<f64>,
    /// The scramble (`@FILE` reads it from FILE).
    pub state: String,
    /// The solution (letters, blank path or tiles; `@FILE` reads it).
    pub moves: String,
}

/// Options of `review`.
#[derive(Args)]
pub struct ReviewArgs {
    #[command(flatten)]
    pub solution: SolutionArgs,
    /// Only the total waste (one optimal search instead of one per move).
    #[arg(long)]
    pub summary: bool,
}

fn review_options(metric: Metric, timeout: Option<f64>) -> Result<SolveOptions> {
    let timeout = crate::common::timeout_arg("--timeout", timeout)?;
    let mut options = SolveOptions {
        metric,
        ..SolveOptions::default()
    };
    options.limits = options.limits.with_timeout(timeout);
    Ok(options)
}

/// `review STATE MOVES`: the optimal distance before each move, the moves
/// that lost ground, the waste.
pub fn run_review(review: &ReviewArgs) -> Result<ExitCode> {
    let args = &review.solution;
    let state = crate::common::read_arg(&args.state, crate::common::InputKind::Position)?;
    let (puzzle, start, goal) = args.puzzle.resolve(&state)?;
    let text = crate::common::read_arg(&args.moves, crate::common::InputKind::Moves)?;
    let path = slidepuzzle::moves::parse_steps(&puzzle, &start, &text)?;
    let options = review_options(args.metric, args.timeout)?;
    let solver = crate::common::solver(args.cache_dir.as_deref())?;
    if review.summary {
        let w = solver.waste(&puzzle, &start, &goal, &path, &options)?;
        if args.json {
            let r = WasteRecord {
                metric: args.metric,
                length: w.length,
                distance: w.optimal,
                solved: w.remaining == 0,
                remaining: w.remaining,
                waste: w.waste,
            };
            println!("{}", serde_json::to_string(&r).expect("serialisable"));
        } else {
            println!("{}", w.waste);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let r = solver.review(&puzzle, &start, &goal, &path, &options)?;
    let optimal = r.distances.first().copied().unwrap_or(0);
    let end = r.distances.last().copied().unwrap_or(0);
    let metric = args.metric.to_string().to_uppercase();
    let spelled = r.written(&puzzle, &start)?;
    if args.json {
        let rec = ReviewRecord {
            metric: args.metric,
            length: r.length,
            distance: optimal,
            solved: end == 0,
            distances: &r.distances,
            losses: r.moves.iter().map(|m| m.loss).collect(),
            moves: &spelled,
            waste: r.waste,
        };
        println!("{}", serde_json::to_string(&rec).expect("serialisable"));
        return Ok(ExitCode::SUCCESS);
    }
    println!("move\tdistance\tloss");
    for (i, (m, s)) in r.moves.iter().zip(&spelled).enumerate() {
        println!(
            "{}. {s}\t{} -> {}\t{}",
            i + 1,
            m.before,
            m.after,
            if m.loss == 0 {
                String::new()
            } else {
                format!("+{}", m.loss)
            }
        );
    }
    println!(
        "{} ({metric}) for an optimum of {optimal}{}: {} wasted",
        slidepuzzle::format::counted(r.length as u64, "move", "moves"),
        if end == 0 {
            String::new()
        } else {
            format!(
                "; {} from the goal at the end",
                slidepuzzle::format::counted(end as u64, "move", "moves")
            )
        },
        r.waste
    );
    Ok(ExitCode::SUCCESS)
}

/// Options of `optimize`.
#[derive(Args)]
pub struct OptimizeArgs {
    #[command(flatten)]
    pub solution: SolutionArgs,
    /// Window: every stretch of this many moves is re-solved optimally.
    #[arg(long, short = 'l', default_value_t = 12)]
    pub length: usize,
}

/// `optimize STATE MOVES --length L`.
pub fn run_optimize(args: &OptimizeArgs) -> Result<ExitCode> {
    let a = &args.solution;
    let state = crate::common::read_arg(&a.state, crate::common::InputKind::Position)?;
    let (puzzle, start, _) = a.puzzle.resolve(&state)?;
    let text = crate::common::read_arg(&a.moves, crate::common::InputKind::Moves)?;
    let path = slidepuzzle::moves::parse_steps(&puzzle, &start, &text)?;
    let options = review_options(a.metric, a.timeout)?;
    let solver = crate::common::solver(a.cache_dir.as_deref())?;
    let better = solver.optimize(&puzzle, &start, &path, args.length, &options)?;
    let len = |p: &[(usize, usize)]| {
        slidepuzzle::moves::length_of_steps(&puzzle, &start, p, a.metric).unwrap_or(p.len())
    };
    let spelled = write_steps(&puzzle, &start, &better);
    if a.json {
        let r = OptimizeRecord {
            metric: a.metric,
            before: len(&path),
            after: len(&better),
            solution: SolutionView::of_steps(&puzzle, &start, &better, a.metric),
        };
        println!("{}", serde_json::to_string(&r).expect("serialisable"));
    } else {
        println!("{spelled}");
        eprintln!(
            "{} -> {} ({})",
            len(&path),
            slidepuzzle::format::counted(len(&better) as u64, "move", "moves"),
            a.metric.to_string().to_uppercase()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// What `filter` keeps.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum FilterKind {
    /// Lines holding a configuration that can reach the goal.
    Solvable,
    /// Lines holding an optimal solution: `MOVES` (of the scramble it
    /// solves, from the goal) or `STATE<TAB>MOVES` (also `STATE | MOVES`).
    Optimal,
}

/// Options of `filter`.
#[derive(Args)]
pub struct FilterArgs {
    /// What to keep.
    pub kind: FilterKind,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Metric for `optimal`: stm or mtm.
    #[arg(long, default_value = "stm")]
    pub metric: Metric,
    /// Where pattern databases are cached (default: the platform cache dir).
    #[arg(long)]
    pub cache_dir: Option<std::path::PathBuf>,
    /// Read the lines from this file (default, or `-`: standard input).
    #[arg(long)]
    pub file: Option<String>,
}

/// `filter solvable|optimal`: prints the input lines that pass, unchanged
/// (blank lines and `#` comments are skipped).
pub fn run_filter(args: &FilterArgs) -> Result<ExitCode> {
    let text = crate::common::read_input(args.file.as_deref())?;
    let options = SolveOptions {
        metric: args.metric,
        ..SolveOptions::default()
    };
    let solver = crate::common::solver(args.cache_dir.as_deref())?;
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let at = |e: Error| Error::input(i + 1, e.to_string());
        let keep = match args.kind {
            FilterKind::Solvable => {
                let (puzzle, start, goal) = args.puzzle.resolve(l).map_err(at)?;
                slidepuzzle::check(&puzzle, &start, &goal)
                    .map_err(at)?
                    .solvable
            }
            FilterKind::Optimal => {
                let split = l.split_once('\t').or_else(|| l.split_once('|'));
                let (puzzle, start, goal, moves) = match split {
                    Some((state, moves)) => {
                        let (p, s, g) = args.puzzle.resolve(state.trim()).map_err(at)?;
                        (p, s, g, moves.trim())
                    }
                    None => {
                        let p = args.puzzle.puzzle_or_err()?;
                        let g = args.puzzle.goal_for(&p)?;
                        let seq: slidepuzzle::notation::MoveSequence = l.parse().map_err(at)?;
                        let s = seq.scramble_solved_by(&p, &g).map_err(at)?;
                        (p, s, g, l)
                    }
                };
                let path = slidepuzzle::moves::parse_steps(&puzzle, &start, moves).map_err(at)?;
                let w = solver
                    .waste(&puzzle, &start, &goal, &path, &options)
                    .map_err(at)?;
                w.waste == 0 && w.remaining == 0
            }
        };
        if keep {
            println!("{line}");
        }
    }
    Ok(ExitCode::SUCCESS)
}
