//! `slidepuzzle solve`: one instance, or a batch file solved on all cores.

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
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::moves::{letters, mtm_length};
use slidepuzzle::report::solve_record;
use slidepuzzle::search::board::BoardHeuristic;
use slidepuzzle::search::{Algorithm, Limits, Outcome, SolveOptions, solve};
use slidepuzzle::{Error, Result};

use crate::common::{PuzzleArgs, apply_pattern};

/// Options of `solve`.
#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Algorithm: auto, ida, astar, bfs, wastar, beam, constructive.
    #[arg(long, default_value = "auto")]
    pub algo: String,
    /// Configurations kept per layer by --algo beam.
    #[arg(long, default_value_t = 2000)]
    pub beam_width: usize,
    /// Weight W for wastar (f = g + W h).
    #[arg(long, default_value_t = 1.5)]
    pub weight: f64,
    /// Board heuristic: lc (Manhattan + linear conflict), md (Manhattan),
    /// pdb (additive pattern databases, default partition) or pdb:6-6-3.
    #[arg(long, default_value = "lc")]
    pub heuristic: String,
    /// Where pattern databases are cached (default: the platform cache dir).
    #[arg(long)]
    pub cache_dir: Option<std::path::PathBuf>,
    /// Stop after this many node expansions (per instance).
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (per instance).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Memory budget for A*/BFS, in MiB.
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
    /// are written, so a 1000x1000 board fits in a few MB.
    #[arg(long, conflicts_with = "file")]
    pub output: Option<std::path::PathBuf>,
    /// The configuration to solve; `@FILE` reads it from FILE (for boards
    /// too large for a command line).
    #[arg(required_unless_present = "file")]
    pub state: Option<String>,
}

/// `solve --output FILE`: the moves go to FILE (temporary file + rename).
fn solve_to_file(
    args: &SolveArgs,
    options: &SolveOptions,
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    path: &std::path::Path,
) -> Result<ExitCode> {
    use std::io::Write;
    let clock = std::time::Instant::now();
    let tmp = path.with_extension("partial");
    let mut file = std::fs::File::create(&tmp).map_err(|e| Error::io(&tmp, e))?;
    let streamable = puzzle
        .plain_board_size()
        .is_some_and(|(w, h)| w >= 2 && h >= 2)
        && (options.algorithm == Algorithm::Constructive
            || (options.algorithm == Algorithm::Auto
                && puzzle.vertex_count() > slidepuzzle::search::AUTO_OPTIMAL_BOARD_CELLS));
    let summary = if streamable {
        let verdict = slidepuzzle::theory::check(puzzle, start, goal)?;
        if !verdict.solvable {
            drop(file);
            let _ = std::fs::remove_file(&tmp);
            println!("unsolvable: {}", verdict.reason);
            return Ok(ExitCode::from(1));
        }
        let report =
            slidepuzzle::construct::board::stream_board_solution(puzzle, start, goal, &mut file);
        let report = match report {
            Ok(r) => r,
            Err(e) => {
                let _ = std::fs::remove_file(&tmp);
                return Err(match e {
                    Error::Io { source, .. } => Error::Io { path: tmp, source },
                    e => e,
                });
            }
        };
        format!(
            "{} moves (STM), {} (MTM), constructive, streamed and verified by replay while streaming",
            report.moves, report.mtm
        )
    } else {
        let outcome = solve_one(puzzle, start, goal, options, args.timeout)?;
        let Outcome::Solved(s) = &outcome else {
            let _ = std::fs::remove_file(&tmp);
            print_human(None, puzzle, start, &outcome);
            return Ok(ExitCode::from(1));
        };
        let text = letters(puzzle, start.blank(), &s.blank_path).unwrap_or_else(|| {
            let p: Vec<String> = s.blank_path.iter().map(|v| v.to_string()).collect();
            p.join(" ")
        });
        writeln!(file, "{text}").map_err(|e| Error::io(&tmp, e))?;
        format!(
            "{} moves (STM), {}, verified by replay",
            s.blank_path.len(),
            if s.optimal {
                "optimal"
            } else {
                "not proven optimal"
            }
        )
    };
    file.sync_all()
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| Error::io(path, e))?;
    println!(
        "puzzle {}: {summary}; written to {} in {:.2} s",
        puzzle.spec(),
        path.display(),
        clock.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

pub fn options(args: &SolveArgs, cancel: Arc<AtomicBool>) -> Result<SolveOptions> {
    let board_heuristic = match args.heuristic.as_str() {
        "lc" | "linear-conflict" => BoardHeuristic::LinearConflict,
        "md" | "manhattan" => BoardHeuristic::Manhattan,
        h if h.starts_with("pdb") => BoardHeuristic::LinearConflict,
        h => {
            return Err(Error::argument(
                "--heuristic",
                format!("unknown heuristic '{h}': expected lc, md or pdb[:...]"),
            ));
        }
    };
    if let Some(t) = args.timeout
        && !(t > 0.0 && t.is_finite())
    {
        return Err(Error::argument(
            "--timeout",
            format!("must be a positive number of seconds, got {t}"),
        ));
    }
    let limits = Limits {
        max_nodes: args.max_nodes,
        cancel: Some(cancel),
        max_memory: args.memory.saturating_mul(1 << 20),
        ..Limits::default()
    };
    Ok(SolveOptions {
        // The library names the options `algo` and `weight`; here they are flags.
        algorithm: match Algorithm::parse(&args.algo, args.weight).map_err(|e| match e {
            Error::Argument { name, message } => Error::argument(format!("--{name}"), message),
            e => e,
        })? {
            Algorithm::Beam { .. } => Algorithm::Beam {
                width: args.beam_width,
            },
            a => a,
        },
        board_heuristic,
        pattern: None,
        graph_pattern: None,
        limits,
        single_thread: args.threads == Some(1),
    })
}

/// The options plus the pattern databases `--heuristic pdb...` asks for,
/// built for this puzzle and goal.
fn with_pattern(
    args: &SolveArgs,
    options: &SolveOptions,
    puzzle: &Puzzle,
    goal: &Configuration,
) -> Result<SolveOptions> {
    let mut options = options.clone();
    apply_pattern(
        &args.heuristic,
        puzzle,
        goal,
        args.cache_dir.as_deref(),
        args.memory,
        &mut options,
    )?;
    Ok(options)
}

fn install_ctrlc() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let f = flag.clone();
    // Failing to install the handler (already installed) only loses Ctrl-C.
    let _ = ctrlc::set_handler(move || f.store(true, std::sync::atomic::Ordering::SeqCst));
    flag
}

fn solve_one(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    options: &SolveOptions,
    timeout: Option<f64>,
) -> Result<Outcome> {
    let mut opts = options.clone();
    opts.limits = opts
        .limits
        .with_timeout(timeout.map(Duration::from_secs_f64));
    solve(puzzle, start, goal, &opts)
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
                    ", optimal"
                } else {
                    ", not proven optimal"
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
            slidepuzzle::report::stop_message(*reason, algorithm, stats)
        ),
    }
}

pub fn run(args: SolveArgs) -> Result<ExitCode> {
    if let Some(t) = args.threads {
        if t == 0 {
            return Err(Error::argument("--threads", "must be at least 1"));
        }
        // Only fails if the pool was already built, which it is not here.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global();
    }
    let cancel = install_ctrlc();
    let options = options(&args, cancel)?;
    let mut stopped = false;
    if let Some(file) = &args.file {
        let text = if file == "-" {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map_err(|e| Error::io("standard input", e))?;
            s
        } else {
            std::fs::read_to_string(file).map_err(|e| Error::io(file, e))?
        };
        let (puzzle, batch) = read_batch(&text, args.puzzle.explicit_puzzle()?, 1)?;
        let goal = args.puzzle.goal_for(&puzzle)?;
        let options = with_pattern(&args, &options, &puzzle, &goal)?;
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
                let r = solve_one(&puzzle, &inst.start, &goal, &options, args.timeout)
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
                println!("{}", solve_record(&inst.id, &puzzle, &inst.start, &outcome));
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
        if let Some(path) = &args.output {
            return solve_to_file(&args, &options, &puzzle, &start, &goal, path);
        }
        let options = with_pattern(&args, &options, &puzzle, &goal)?;
        let outcome = solve_one(&puzzle, &start, &goal, &options, args.timeout)?;
        stopped = matches!(outcome, Outcome::Stopped { .. });
        if args.json {
            println!("{}", solve_record("1", &puzzle, &start, &outcome));
        } else {
            println!(
                "puzzle {}: {}",
                puzzle.spec(),
                format_configuration(&puzzle, &start)
            );
            print_human(None, &puzzle, &start, &outcome);
        }
    }
    Ok(if stopped {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
