//! `slidepuzzle solve`: one instance, or a batch file solved on all cores.
//! Every decision (kernel, heuristic, tables, streaming) is the library's
//! ([`slidepuzzle::Solver::plan`]); this file translates options and prints.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use slidepuzzle::format::{counted, format_configuration};
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::solver::Written;
use slidepuzzle::solver::many::{Many, ManyOptions};
use slidepuzzle::{Algorithm, Error, Limits, Outcome, Plan, Result, SolveOptions, Solver};

pub use crate::solve_args::{SolveArgs, Work};
use slidepuzzle::problem::{Batch, Problem};

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
    // On a terminal, the bytes of moves written so far (a 1000 x 1000
    // board's answer is gigabytes, written over minutes).
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {elapsed_precise} {bytes} of moves written to {msg} ({bytes_per_sec})",
            )
            .expect("valid template"),
        );
        bar.set_message(path.display().to_string());
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    } else {
        ProgressBar::hidden()
    };
    // indicatif counts the bytes that pass through to the file.
    let mut out = std::io::BufWriter::new(bar.wrap_write(tmp.as_file()));
    let written = solver.solve_to_writer(puzzle, start, goal, options, &mut out);
    bar.finish_and_clear();
    let written = written?;
    let summary = match written {
        Written::Solved {
            moves,
            mtm,
            optimal,
            streamed,
        } => format!(
            "{} (STM){}, {}{}",
            counted(moves, "move", "moves"),
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
    out.into_inner()
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

/// The library's options from the command line's, and the thread pool
/// `--threads` asks for.
pub fn options(args: &SolveArgs, cancel: Arc<AtomicBool>) -> Result<SolveOptions> {
    if let Some(t) = crate::common::threads_arg(args.threads)? {
        // Only fails if the pool was already built, which it is not here.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(t)
            .build_global();
    }
    let timeout = crate::common::timeout_arg("--timeout", args.timeout)?;
    let algorithm = match (args.algo, args.weight, args.beam_width) {
        (Algorithm::WeightedAStar { .. }, Some(w), None) => Algorithm::weighted_a_star(w)
            .map_err(|e| crate::common::flag_named("weight", "--weight", e))?,
        (Algorithm::Beam { .. }, None, Some(b)) => Algorithm::beam(b)
            .map_err(|e| crate::common::flag_named("beam width", "--beam-width", e))?,
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
        max_memory: crate::common::memory_arg(args.memory, slidepuzzle::search::Work::Solve)?,
        ..Limits::default()
    }
    .with_budget(timeout);
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
    crate::common::install_ctrlc()
}

/// ", optimal in STM", or how far from optimal the solution may be.
fn optimality(s: &slidepuzzle::Solution) -> String {
    let metric = s.metric.to_string().to_uppercase();
    match s.stats.lower_bound {
        _ if s.optimal => format!(", optimal in {metric}"),
        0 => ", not proven optimal".to_string(),
        lower => format!(", not proven optimal (the optimum in {metric} is at least {lower})"),
    }
}

fn print_human(id: Option<&str>, puzzle: &Puzzle, start: &Configuration, outcome: &Outcome) {
    let prefix = id.map(|i| format!("[{i}] ")).unwrap_or_default();
    match outcome {
        Outcome::Solved(s) if puzzle.rotating().is_some() => {
            let how = if s.optimal {
                ", shortest".to_string()
            } else {
                ", not proven shortest".to_string()
            };
            println!(
                "{prefix}{}{how}, verified by replay",
                counted(s.turns.len() as u64, "turn", "turns")
            );
            println!("{prefix}turns: {}", s.written(puzzle, start));
            println!(
                "{prefix}{}: {} expanded, {} generated, {:.3} s",
                s.algorithm, s.stats.expanded, s.stats.generated, s.stats.seconds
            );
        }
        Outcome::Solved(s) if start.blanks().len() > 1 => {
            println!(
                "{prefix}{} (STM){}, verified by replay",
                counted(s.steps.len() as u64, "move", "moves"),
                optimality(s)
            );
            if let Some(tiles) = slidepuzzle::moves::unambiguous_tiles(puzzle, start, &s.steps) {
                let tiles: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
                println!("{prefix}tiles: {}", tiles.join(" "));
            }
            println!(
                "{prefix}steps (from>to): {}",
                slidepuzzle::moves::format_steps(&s.steps)
            );
            println!(
                "{prefix}{}: {} expanded, {} generated, {:.3} s",
                s.algorithm, s.stats.expanded, s.stats.generated, s.stats.seconds
            );
        }
        Outcome::Solved(s) => {
            // The library's one view of the solution.
            let view = s.view(puzzle, start);
            let mtm = view.mtm.map(|m| format!(", {m} MTM")).unwrap_or_default();
            println!(
                "{prefix}{} (STM{mtm}){}, verified by replay",
                counted(view.stm as u64, "move", "moves"),
                optimality(s)
            );
            if let Some(l) = &view.moves {
                println!("{prefix}moves: {l}");
            }
            // With its start, as listings, `review` and the JSON write it.
            let path: Vec<String> = view.blank_path.iter().map(|v| v.to_string()).collect();
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
            slidepuzzle::solver::stop_message(*reason, stats)
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
    let record = slidepuzzle::records::SolveRecord::new(id, puzzle, start, outcome, Some(plan));
    serde_json::to_string(&record).expect("records serialise")
}

/// On a terminal: a spinner on stderr showing how far the search has got
/// (the length no solution is under, nodes so far), and the sink that
/// feeds it.
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
    // The rate counts from the first report (after any table build).
    let first = std::sync::OnceLock::new();
    let sink =
        slidepuzzle::search::ProgressSink(Arc::new(move |p: slidepuzzle::search::Progress| {
            let (at, from) = *first.get_or_init(|| (std::time::Instant::now(), p.generated));
            let seconds = at.elapsed().as_secs_f64();
            let rate = if seconds > 0.5 {
                format!(
                    ", {:.1} M/s",
                    p.generated.saturating_sub(from) as f64 / seconds / 1e6
                )
            } else {
                String::new()
            };
            // A bound of 0 proves nothing (a heuristic that is not
            // admissible): only the nodes are shown.
            let proven = if p.bound > 0 {
                format!("no solution shorter than {} moves; ", p.bound)
            } else {
                String::new()
            };
            shown.set_message(format!(
                "searching: {proven}{:.1} M nodes so far{rate}",
                p.generated as f64 / 1e6
            ));
        }));
    Some((bar, sink))
}

/// Shows each shorter answer of an anytime solve on the spinner's line
/// (length, the proven bound and the gap, the search, the time).
fn improvement_line(bar: &ProgressBar) -> slidepuzzle::search::ImprovementSink {
    let shown = bar.clone();
    slidepuzzle::search::ImprovementSink(Arc::new(move |i: &slidepuzzle::search::Improvement| {
        let bound = match i.lower_bound {
            0 => String::new(),
            b => format!(
                ", at least {b} (gap {})",
                i.length.saturating_sub(b as usize)
            ),
        };
        shown.set_message(format!(
            "shortening: {}{bound} by {} after {:.1} s",
            slidepuzzle::format::counted(i.length as u64, "move", "moves"),
            i.algorithm,
            i.seconds
        ));
    }))
}

/// The better tables a plan left for later, after the answer `outcome`
/// (`None`: not at hand), when the plan says they are worth it
/// ([`Plan::later_for`]): built with `--cache-tables`, else named in a
/// one-line note, so the prompt comes back with the answer. The command's
/// limits hold: a deadline or Ctrl-C stops the build and nothing
/// half-built is kept, so none starts once they are spent.
fn build_later(
    solver: &Solver,
    problem: (&Puzzle, &Configuration),
    plan: &Plan,
    outcome: Option<&Outcome>,
    (limits, asked): (&Limits, bool),
) {
    let (puzzle, goal) = problem;
    let spent = limits.check_time().is_some();
    let Some(t) = plan.later_for(outcome).filter(|_| !spent) else {
        return;
    };
    if !asked {
        eprintln!(
            "note: the {} pattern databases would make later solves of {} faster; \
             add --cache-tables to build them once ({} while building)",
            t.sizes(),
            puzzle.spec(),
            slidepuzzle::Resource::Memory.amount(t.build_memory)
        );
        return;
    }
    {
        eprintln!(
            "caching the {} pattern databases for later runs (once; Ctrl-C skips)",
            t.sizes()
        );
        if let Err(e) = solver.build_later(puzzle, goal, plan, limits) {
            eprintln!("note: the {} tables were not cached: {e}", t.sizes());
        }
    }
}

/// `solve`: the listing and good-moves answers go to `analysis_cmds`;
/// here one state or a batch is solved.
pub fn run(args: SolveArgs) -> Result<ExitCode> {
    let options = options(&args, install_ctrlc())?;
    let solver = crate::common::solver(args.cache_dir.as_deref())?;
    let work = args.work()?;
    if args.good_moves {
        return crate::analysis_cmds::run_good_moves(&args, &solver, &options, &work);
    }
    if let Some(query) = crate::analysis_cmds::query(&args)? {
        return crate::analysis_cmds::run_listing(&args, &solver, &options, &query, &work);
    }
    match &work {
        Work::One(problem) => solve_one(&args, &solver, options, problem),
        Work::Batch(batch) => solve_batch(&args, &solver, options, batch),
    }
}

/// One state: the plan (`--explain`), the answer (to the terminal, as
/// JSON, or into `--output`), then the tables the plan left for later.
fn solve_one(
    args: &SolveArgs,
    solver: &Solver,
    mut options: SolveOptions,
    problem: &Problem,
) -> Result<ExitCode> {
    let Problem {
        puzzle,
        start,
        goal,
    } = problem;
    let limits = options.limits.clone();
    let plan = solver.plan(puzzle, goal, &options)?;
    if args.explain {
        eprintln!("plan: {plan}");
    }
    if let Some(path) = &args.output {
        let code = solve_to_file(solver, &options, puzzle, start, goal, path)?;
        build_later(
            solver,
            (puzzle, goal),
            &plan,
            None,
            (&limits, args.cache_tables),
        );
        return Ok(code);
    }
    let bar = spinner().map(|(bar, sink)| {
        options.limits.progress = Some(sink);
        options.limits.improvements = Some(improvement_line(&bar));
        bar
    });
    if args.json {
        // One line per shorter answer, before the record.
        options.limits.improvements = Some(slidepuzzle::search::ImprovementSink(Arc::new(
            |i: &slidepuzzle::search::Improvement| {
                let line = slidepuzzle::records::ImprovementRecord::new("1", i);
                println!(
                    "{}",
                    serde_json::to_string(&line).expect("records serialise")
                );
            },
        )));
    }
    let outcome = solver.solve_with_plan(puzzle, start, goal, &options, &plan);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let outcome = outcome?;
    if args.json {
        println!("{}", record("1", puzzle, start, &outcome, &plan));
    } else {
        println!(
            "puzzle {}: {}",
            puzzle.spec(),
            format_configuration(puzzle, start)
        );
        print_human(None, puzzle, start, &outcome);
    }
    build_later(
        solver,
        (puzzle, goal),
        &plan,
        Some(&outcome),
        (&limits, args.cache_tables),
    );
    Ok(exit_code(&outcome))
}

/// A batch on all cores (one plan, the better tables built once), a
/// progress bar on a terminal, one answer a line in input order.
fn solve_batch(
    args: &SolveArgs,
    solver: &Solver,
    mut options: SolveOptions,
    batch: &Batch,
) -> Result<ExitCode> {
    let bar = if std::io::stderr().is_terminal() {
        let b = ProgressBar::new(batch.instances.len() as u64);
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
    let shown = bar.clone();
    let many = ManyOptions {
        // Checked by options() above.
        instance_timeout: args.timeout.map(Duration::from_secs_f64),
        on_done: Some(Arc::new(move |_| shown.inc(1))),
        on_improvement: None,
    };
    let starts: Vec<Configuration> = batch.instances.iter().map(|i| i.start.clone()).collect();
    // In a batch --timeout bounds each instance, not the whole run.
    options.limits.deadline = None;
    let Many { plan, outcomes } =
        solver.solve_many(&batch.puzzle, &starts, &batch.goal, &options, &many)?;
    bar.finish_and_clear();
    if args.explain {
        eprintln!("plan: {plan}");
    }
    let mut stopped = false;
    for (inst, result) in batch.instances.iter().zip(outcomes) {
        let outcome =
            result.map_err(|e| Error::input(inst.line, format!("id {}: {e}", inst.id)))?;
        stopped |= matches!(outcome, Outcome::Stopped { .. });
        if args.json {
            println!(
                "{}",
                record(&inst.id, &batch.puzzle, &inst.start, &outcome, &plan)
            );
        } else {
            print_human(Some(&inst.id), &batch.puzzle, &inst.start, &outcome);
        }
    }
    Ok(if stopped {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
