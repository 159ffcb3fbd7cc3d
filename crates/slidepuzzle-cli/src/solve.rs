//! `slidepuzzle solve`: one instance, or a batch file solved on all cores.
//! Every decision (kernel, heuristic, tables, streaming) is the library's
//! ([`slidepuzzle::Solver::plan`]); this file translates options and prints.

use std::io::{IsTerminal, Read};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use slidepuzzle::batch::read_batch;
use slidepuzzle::format::format_configuration;
use slidepuzzle::model::{Configuration, Metric, Puzzle};
use slidepuzzle::moves::{letters, mtm_length};
use slidepuzzle::solver::Written;
use slidepuzzle::{
    Algorithm, Error, Heuristic, Limits, MovePruning, Outcome, Plan, Result, SolveOptions, Solver,
};

use crate::common::PuzzleArgs;

/// Options of `solve`.
#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Algorithm: auto, ida, astar, bfs, wastar (or wastar:W, weight W), beam
    /// (or beam:B, width B), constructive.
    #[arg(long, default_value = "auto")]
    pub algo: Algorithm,
    /// Configurations kept per layer by --algo beam.
    #[arg(long)]
    pub beam_width: Option<usize>,
    /// Weight W for wastar (f = g + W h).
    #[arg(long)]
    pub weight: Option<f64>,
    /// Heuristic: auto (the best at hand: pattern databases on 4x4,
    /// graph pattern databases on graphs of 11 to 64 vertices), lc
    /// (Manhattan + linear conflict), md (Manhattan), pdb (additive pattern
    /// databases, default partition), pdb:6-6-3 or pdb:1,4,5/2,3,6/...,
    /// wd (walking distance), and pdb+lc or pdb+wd (the maximum of the
    /// tables and linear conflict or walking distance).
    #[arg(long, default_value = "auto")]
    pub heuristic: Heuristic,
    /// Redundant moves to skip: sequences (the undoing move and the
    /// 6-move loops around 2 x 2 blocks: fewer nodes) or reversal (only
    /// the undoing move: Korf's published node counts).
    #[arg(long, default_value = "sequences")]
    pub move_pruning: MovePruning,
    /// Metric: stm (every tile slid one cell is a move) or mtm (a straight
    /// run of tiles is one move; optimal on plain boards). Lengths,
    /// optimality and the listing options count in it.
    #[arg(long, default_value = "stm")]
    pub metric: Metric,
    /// List every optimal solution (one per line, streamed as found; each
    /// replayed), not just one.
    #[arg(long)]
    pub all_optimal: bool,
    /// List this many solutions, shortest first (with --all-optimal: at
    /// most this many optimal ones).
    #[arg(long)]
    pub count: Option<u64>,
    /// List every solution up to this many moves longer than the optimum.
    #[arg(long)]
    pub beyond_optimal: Option<u32>,
    /// List solutions of at least this length.
    #[arg(long)]
    pub min_depth: Option<u32>,
    /// List solutions of at most this length.
    #[arg(long)]
    pub max_depth: Option<u32>,
    /// Count the solutions the listing options select (default: the
    /// optimal ones) without printing them.
    #[arg(long)]
    pub count_only: bool,
    /// Print every move from the position with the optimal distance after
    /// it, marking those that keep it optimal.
    #[arg(long, conflicts_with_all = ["all_optimal", "count", "beyond_optimal", "count_only", "file"])]
    pub good_moves: bool,
    /// Where pattern databases are cached (default: the platform cache dir).
    #[arg(long)]
    pub cache_dir: Option<std::path::PathBuf>,
    /// Print the plan (method, heuristic, tables, why) before solving.
    #[arg(long)]
    pub explain: bool,
    /// Stop after this many node expansions (per instance).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (per instance).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Memory budget for A*/BFS and for building tables, in MiB.
    #[arg(long, default_value_t = 4096)]
    pub memory: u64,
    /// Print one JSON object per instance.
    #[arg(long)]
    pub json: bool,
    /// Read instances from a file, one per line (`-` for standard input).
    #[arg(long, conflicts_with = "state")]
    pub file: Option<String>,
    /// Worker threads (default: all cores). A batch (`--file`) solves
    /// instances in parallel; one hard board instance is split over the
    /// threads (`--threads 1` keeps it on one, with exactly the sequential
    /// node counts).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write the moves to this file instead of the terminal (written to a
    /// temporary file, then renamed). Boards solved constructively are
    /// streamed: the moves never sit in memory and are replayed as they
    /// are written, so a 1000x1000 board fits in a few hundred MB.
    #[arg(long, conflicts_with = "file")]
    pub output: Option<std::path::PathBuf>,
    /// The configuration to solve; `@FILE` reads it from FILE (for boards
    /// too large for a command line).
    #[arg(required_unless_present = "file")]
    pub state: Option<String>,
}

/// `solve --output FILE`: the moves go to FILE (temporary file in the same
/// directory, renamed once the moves are written and replayed).
fn solve_to_file(
    solver: &Solver,
    options: &SolveOptions,
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    path: &std::path::Path,
) -> Result<ExitCode> {
    let clock = std::time::Instant::now();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let tmp = tempfile::NamedTempFile::new_in(&dir).map_err(|e| Error::io(&dir, e))?;
    let mut out = std::io::BufWriter::new(tmp);
    let written = solver.solve_to_writer(puzzle, start, goal, options, &mut out)?;
    let summary = match written {
        Written::Solved {
            moves,
            mtm,
            optimal,
            streamed,
        } => format!(
            "{moves} moves (STM){}, {}{}",
            mtm.map(|m| format!(", {m} (MTM)")).unwrap_or_default(),
            if optimal {
                "optimal"
            } else {
                "not proven optimal"
            },
            if streamed {
                ", streamed and verified by replay while streaming"
            } else {
                ", verified by replay"
            }
        ),
        Written::NotSolved(outcome) => {
            print_human(None, puzzle, start, &outcome);
            return Ok(exit_code(&outcome));
        }
    };
    let tmp = out
        .into_inner()
        .map_err(|e| Error::io(path, e.into_error()))?;
    tmp.as_file().sync_all().map_err(|e| Error::io(path, e))?;
    tmp.persist(path).map_err(|e| Error::io(path, e.error))?;
    println!(
        "puzzle {}: {summary}; written to {} in {:.2} s",
        puzzle.spec(),
        path.display(),
        clock.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// 0 for an answered instance (solved or proved unsolvable), 1 when a
/// limit stopped the search.
fn exit_code(outcome: &Outcome) -> ExitCode {
    match outcome {
        Outcome::Stopped { .. } => ExitCode::from(1),
        _ => ExitCode::SUCCESS,
    }
}

/// The library's options from the command line's.
pub fn options(args: &SolveArgs, cancel: Arc<AtomicBool>) -> Result<SolveOptions> {
    if let Some(t) = args.timeout
        && !(t > 0.0 && t.is_finite() && t < 1e9)
    {
        return Err(Error::Argument {
            name: "--timeout".into(),
            message: format!("must be a positive number of seconds below 1e9, got {t}"),
        });
    }
    let algorithm = match (args.algo, args.weight, args.beam_width) {
        (Algorithm::WeightedAStar { .. }, Some(w), None) => format!("wastar:{w}").parse()?,
        (Algorithm::Beam { .. }, None, Some(b)) => format!("beam:{b}").parse()?,
        (a, None, None) => a,
        _ => {
            return Err(Error::Argument {
                name: "--weight/--beam-width".into(),
                message: "--weight goes with --algo wastar, --beam-width with --algo beam".into(),
            });
        }
    };
    let limits = Limits {
        max_nodes: args.max_nodes,
        cancel: Some(cancel),
        max_memory: args.memory.saturating_mul(1 << 20),
        ..Limits::default()
    }
    .with_timeout(args.timeout.map(Duration::from_secs_f64));
    Ok(SolveOptions {
        algorithm,
        heuristic: args.heuristic.clone(),
        limits,
        single_thread: args.threads == Some(1),
        move_pruning: args.move_pruning,
        metric: args.metric,
    })
}

fn install_ctrlc() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let f = flag.clone();
    // Failing to install the handler (already installed) only loses Ctrl-C.
    let _ = ctrlc::set_handler(move || f.store(true, std::sync::atomic::Ordering::SeqCst));
    flag
}

/// The options with the deadline starting now (per instance).
fn fresh(options: &SolveOptions, timeout: Option<f64>) -> SolveOptions {
    let mut opts = options.clone();
    opts.limits = opts
        .limits
        .with_timeout(timeout.map(Duration::from_secs_f64));
    opts
}

fn print_human(id: Option<&str>, puzzle: &Puzzle, start: &Configuration, outcome: &Outcome) {
    let prefix = id.map(|i| format!("[{i}] ")).unwrap_or_default();
    match outcome {
        Outcome::Solved(s) => {
            let blank = start.blank();
            let mtm = mtm_length(puzzle, blank, &s.blank_path)
                .map(|m| format!(", {m} MTM"))
                .unwrap_or_default();
            println!(
                "{prefix}{} moves (STM{mtm}){}, verified by replay",
                s.blank_path.len(),
                if s.optimal {
                    format!(", optimal in {}", s.metric.to_string().to_uppercase())
                } else {
                    ", not proven optimal".to_string()
                }
            );
            if let Some(l) = letters(puzzle, blank, &s.blank_path) {
                println!("{prefix}moves: {l}");
            }
            let path: Vec<String> = s.blank_path.iter().map(|v| v.to_string()).collect();
            println!("{prefix}blank path: {}", path.join("-"));
            println!(
                "{prefix}{}: {} expanded, {} generated, {:.3} s",
                s.algorithm, s.stats.expanded, s.stats.generated, s.stats.seconds
            );
        }
        Outcome::Unsolvable(v) => println!("{prefix}unsolvable: {}", v.reason),
        Outcome::Stopped {
            reason,
            algorithm,
            stats,
        } => println!(
            "{prefix}stopped ({algorithm}) after {:.3} s: {}",
            stats.seconds,
            slidepuzzle::solver::stop_message(*reason, algorithm, stats)
        ),
    }
}

/// The JSON record, with the plan.
fn record(
    id: &str,
    puzzle: &Puzzle,
    start: &Configuration,
    outcome: &Outcome,
    plan: &Plan,
) -> String {
    slidepuzzle_web::records::SolveRecord::new(id, puzzle, start, outcome, Some(plan)).to_json()
}

/// On a terminal: a spinner on stderr showing how far IDA* has got (its
/// bound, nodes so far), and the sink that feeds it.
fn spinner() -> Option<(ProgressBar, slidepuzzle::search::ProgressSink)> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("valid template"),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    let shown = bar.clone();
    let sink =
        slidepuzzle::search::ProgressSink(Arc::new(move |p: slidepuzzle::search::Progress| {
            shown.set_message(format!(
                "searching: no solution shorter than {} moves; {:.1} M nodes so far",
                p.bound,
                p.generated as f64 / 1e6
            ));
        }));
    Some((bar, sink))
}

/// Builds the better tables a plan left for later, after the answer.
fn build_later(solver: &Solver, puzzle: &Puzzle, goal: &Configuration, plan: &Plan, memory: u64) {
    if let Some(t) = &plan.later {
        eprintln!(
            "caching the {} pattern databases for later runs (once; Ctrl-C skips)",
            t.sizes()
        );
        if let Err(e) = solver.build_later(puzzle, goal, plan, memory) {
            eprintln!("note: the {} tables were not cached: {e}", t.sizes());
        }
    }
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    if let Some(t) = args.threads {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        if t == 0 || t > 4 * cores.max(64) {
            return Err(Error::Argument {
                name: "--threads".into(),
                message: format!("must be between 1 and {}, got {t}", 4 * cores.max(64)),
            });
        }
        // Only fails if the pool was already built, which it is not here.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global();
    }
    let cancel = install_ctrlc();
    let options = options(&args, cancel)?;
    if args.good_moves {
        return crate::analysis_cmds::run_good_moves(&args, &options);
    }
    if let Some(query) = crate::analysis_cmds::query(&args) {
        return crate::analysis_cmds::run_listing(&args, &options, &query);
    }
    let memory = options.limits.max_memory;
    let solver = crate::common::solver(args.cache_dir.as_deref());
    let mut stopped = false;
    if let Some(file) = &args.file {
        let text = if file == "-" {
            let mut s = String::new();
            std::io::stdin()
                .take(crate::common::MAX_INPUT_BYTES)
                .read_to_string(&mut s)
                .map_err(|e| Error::io("standard input", e))?;
            s
        } else {
            crate::common::read_text(std::path::Path::new(file))?
        };
        let (puzzle, batch) = read_batch(&text, args.puzzle.explicit_puzzle()?, 1)?;
        let goal = args.puzzle.goal_for(&puzzle)?;
        let mut plan = solver.plan(&puzzle, &goal, &options)?;
        if plan.later.is_some() && batch.len() > 1 {
            // A batch pays once for the better tables.
            solver.build_later(&puzzle, &goal, &plan, memory)?;
            plan = solver.plan(&puzzle, &goal, &options)?;
        }
        if args.explain {
            eprintln!("plan: {plan}");
        }
        solver.prepare(&puzzle, &goal, &plan, memory)?;
        let bar = if std::io::stderr().is_terminal() {
            let b = ProgressBar::new(batch.len() as u64);
            b.set_style(
                ProgressStyle::with_template(
                    "{bar:40} {pos}/{len} solved, {elapsed} elapsed, eta {eta}",
                )
                .expect("valid template"),
            );
            b
        } else {
            ProgressBar::hidden()
        };
        let results: Vec<Result<Outcome>> = batch
            .par_iter()
            .map(|inst| {
                let opts = fresh(&options, args.timeout);
                let r = solver
                    .solve_with_plan(&puzzle, &inst.start, &goal, &opts, &plan)
                    .map_err(|e| Error::input(inst.line, format!("id {}: {e}", inst.id)));
                bar.inc(1);
                r
            })
            .collect();
        bar.finish_and_clear();
        for (inst, result) in batch.iter().zip(results) {
            let outcome = result?;
            stopped |= matches!(outcome, Outcome::Stopped { .. });
            if args.json {
                println!(
                    "{}",
                    record(&inst.id, &puzzle, &inst.start, &outcome, &plan)
                );
            } else {
                print_human(Some(&inst.id), &puzzle, &inst.start, &outcome);
            }
        }
    } else {
        let state = args
            .state
            .as_deref()
            .expect("clap requires state or --file");
        let (puzzle, start, goal) = args.puzzle.resolve(&crate::common::read_arg(state)?)?;
        let plan = solver.plan(&puzzle, &goal, &options)?;
        if args.explain {
            eprintln!("plan: {plan}");
        }
        if let Some(path) = &args.output {
            let code = solve_to_file(&solver, &options, &puzzle, &start, &goal, path)?;
            build_later(&solver, &puzzle, &goal, &plan, memory);
            return Ok(code);
        }
        let mut options = options;
        let bar = spinner().map(|(bar, sink)| {
            options.limits.progress = Some(sink);
            bar
        });
        let outcome = solver.solve_with_plan(&puzzle, &start, &goal, &options, &plan);
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let outcome = outcome?;
        stopped = matches!(outcome, Outcome::Stopped { .. });
        if args.json {
            println!("{}", record("1", &puzzle, &start, &outcome, &plan));
        } else {
            println!(
                "puzzle {}: {}",
                puzzle.spec(),
                format_configuration(&puzzle, &start)
            );
            print_human(None, &puzzle, &start, &outcome);
        }
        if matches!(outcome, Outcome::Solved(_)) {
            build_later(&solver, &puzzle, &goal, &plan, memory);
        }
    }
    Ok(if stopped {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
