//! `godsnumber`: complete breadth-first search of a state space.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use slidepuzzle::Result;
use slidepuzzle::explore::godsnumber::{GodsOptions, GodsReport, Metric, explore};
use slidepuzzle::explore::sharded::{ShardedBfs, ShardedOptions};
use slidepuzzle::store::DirectoryStore;

use crate::common::PuzzleArgs;

/// Options of `godsnumber`.
#[derive(Args)]
pub struct GodsArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Metric: stm (single-tile moves) or mtm (multi-tile moves).
    #[arg(long, default_value = "stm")]
    pub metric: String,
    /// Memory budget in MiB; larger runs are refused before they start
    /// (default: 16384, or three quarters of the memory available now if
    /// that is less).
    #[arg(long, visible_alias = "max-memory-mb")]
    pub memory: Option<u64>,
    /// Stop after this many seconds, checked after every layer (a
    /// --checkpoint run keeps its last checkpoint; default: no limit,
    /// Ctrl-C stops).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// List at most this many antipodes.
    #[arg(long, default_value_t = 10)]
    pub max_antipodes: usize,
    /// Checkpoint file, rewritten atomically after every layer.
    #[arg(long)]
    pub checkpoint: Option<PathBuf>,
    /// Minimum seconds between checkpoints (each one writes the whole
    /// table: 10.9 GB for 7x2).
    #[arg(long, default_value_t = 600.0)]
    pub checkpoint_every: f64,
    /// Resume from --checkpoint if it exists.
    #[arg(long, requires = "checkpoint")]
    pub resume: bool,
    /// Cut the search into this many shards kept on disk in --dir (the
    /// sharded search: layers on disk, resumable at any level, the same
    /// tasks a Ray cluster runs); one blank, two-way moves.
    #[arg(long, requires = "dir", conflicts_with_all = ["checkpoint", "resume"])]
    pub shards: Option<usize>,
    /// The directory of a sharded search (created if missing; a directory
    /// holding an unfinished search of the same puzzle resumes it).
    #[arg(long, requires = "shards")]
    pub dir: Option<PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

pub fn run_godsnumber(args: &GodsArgs) -> Result<ExitCode> {
    let puzzle = args.puzzle.puzzle_or_err()?;
    let goal = args.puzzle.goal_for(&puzzle)?;
    let metric: Metric = args.metric.parse()?;
    if !(args.checkpoint_every.is_finite() && args.checkpoint_every >= 0.0) {
        return Err(slidepuzzle::Error::argument(
            "--checkpoint-every",
            format!("must be 0 or more seconds, got {}", args.checkpoint_every),
        ));
    }
    if let Some(path) = &args.checkpoint {
        // Noticed now, not after the first layers of a long run.
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => std::path::Path::new("."),
        };
        tempfile::NamedTempFile::new_in(dir)
            .map(drop)
            .map_err(|e| slidepuzzle::Error::io(path, e))?;
    }
    let max_memory = crate::common::memory_arg(args.memory, slidepuzzle::search::Work::Explore)?;
    let bar = stage_spinner();
    let show = |depth: usize, count: u64| {
        bar.set_message(format!("depth {depth}: {count} new configurations"));
        bar.tick();
    };
    let report = match (args.shards, &args.dir) {
        (Some(shards), Some(dir)) => {
            let options = ShardedOptions::on_this_machine(metric, shards, max_memory);
            let search = ShardedBfs::new(&puzzle, &goal, &options)?;
            let store = DirectoryStore::new(dir);
            // Noticed now, not after the first level.
            store.check_writable()?;
            search.run(&store, args.max_antipodes, &show)?
        }
        _ => run_in_memory(args, &puzzle, &goal, metric, max_memory, &show)?,
    };
    bar.finish_and_clear();
    print_report(&report, args.json);
    Ok(ExitCode::SUCCESS)
}

fn run_in_memory(
    args: &GodsArgs,
    puzzle: &slidepuzzle::Puzzle,
    goal: &slidepuzzle::Configuration,
    metric: Metric,
    max_memory: u64,
    show: &(dyn Fn(usize, u64) + Sync),
) -> Result<GodsReport> {
    let options = GodsOptions {
        metric,
        max_memory,
        max_antipodes: args.max_antipodes,
        checkpoint: args.checkpoint.clone(),
        checkpoint_interval: args.checkpoint_every,
        resume: args.resume,
        budget: slidepuzzle::Budget {
            deadline: crate::common::timeout_arg("--timeout", args.timeout)?
                .map(|t| std::time::Instant::now() + t),
            cancel: Some(crate::common::install_ctrlc()),
            max_memory: None,
        },
    };
    explore(puzzle, goal, &options, show)
}

fn print_report(report: &GodsReport, json: bool) {
    if json {
        println!("{}", serde_json::to_string(&report).expect("serialisable"));
        return;
    }
    println!(
        "{} ({}): {}, God's number {} from this goal, {}; {} engine, {:.2} s",
        report.puzzle,
        report.metric.to_string().to_uppercase(),
        slidepuzzle::format::counted(report.states, "configuration", "configurations"),
        report.diameter,
        slidepuzzle::format::counted(report.antipode_count, "antipode", "antipodes"),
        report.engine,
        report.seconds
    );
    println!("depth configurations");
    for (d, c) in report.distribution.iter().enumerate() {
        println!("{d:>5} {c}");
    }
    for a in &report.antipodes {
        println!("antipode: {a}");
    }
}

pub fn run_movegroup(
    args: &PuzzleArgs,
    json: bool,
    budget: &crate::common::BudgetArgs,
) -> Result<ExitCode> {
    let puzzle = args.puzzle_or_err()?;
    // On a terminal, the stage the computation is in (a 4x4x4 box takes
    // about 17 s).
    let bar = stage_spinner();
    let show = |stage: &str, done: usize, total: usize| {
        bar.set_message(if total > 1 {
            format!("{stage}: {done} of {total}")
        } else {
            stage.to_string()
        });
        bar.tick();
    };
    let r = slidepuzzle::theory::movegroup::move_group_with(&puzzle, &budget.budget()?, &show);
    bar.finish_and_clear();
    let r = r?;
    if json {
        println!("{}", serde_json::to_string(&r).expect("serialisable"));
    } else {
        println!(
            "{}: the moves {} generate G = {} (order {}; faithful on {} points)",
            r.puzzle,
            r.generators.join(", "),
            r.structure,
            r.order,
            r.degree
        );
        println!(
            "reachable configurations from the goal: {} (goal stabiliser of order {})",
            r.reachable_configurations, r.goal_stabiliser_order
        );
        println!(
            "blank group P = {}; kernel K of G -> P of order {}, acting on the tiles as {}",
            r.blank_group, r.kernel_order, r.kernel_on_tiles
        );
        match (&r.center, r.center_order) {
            (Some(name), Some(order)) => println!("centre Z(G) = {name} (order {order})"),
            _ => println!("centre: not computed (an intransitive action on a large group)"),
        }
        println!("derived series orders: {}", r.derived_series.join(" > "));
    }
    Ok(ExitCode::SUCCESS)
}

/// A bar of `done/total UNIT` with an ETA on a terminal's standard error,
/// hidden elsewhere.
/// On a terminal, a spinner on stderr with the time and a message (the
/// stage or layer a long computation is in); hidden elsewhere.
fn stage_spinner() -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new_spinner();
    b.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("valid template"));
    b
}

fn counting_bar(unit: &str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let b = ProgressBar::new(0);
    b.set_style(
        ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit}, ETA {{eta}}"
        ))
        .expect("valid template")
        .progress_chars("=> "),
    );
    b
}

/// `experiment theta-family`: each row is printed as its graph finishes
/// (a JSON line with `--json`, else a table line under one header), so a
/// long run stopped by `--timeout` or Ctrl-C keeps every finished row.
pub fn run_theta_family(
    vertices: std::ops::RangeInclusive<usize>,
    json: bool,
    budget: &crate::common::BudgetArgs,
) -> Result<ExitCode> {
    use slidepuzzle::explore::theta_family::{ThetaRow, theta_family, theta_graphs};
    if vertices.is_empty() {
        return Err(slidepuzzle::Error::argument(
            "--min-vertices",
            format!(
                "{} is above --max-vertices {}: no graph to compute",
                vertices.start(),
                vertices.end()
            ),
        ));
    }
    let bar = counting_bar("searches");
    let show = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    if !json {
        println!(
            "{:<14} {:>3} {:>9} {:>12} {:>13} {:>5} {:>13} {:>9} {:>8}",
            "graph",
            "n",
            "bipartite",
            "group",
            "reachable",
            "God",
            "eccentricity",
            "antipodes",
            "seconds"
        );
    }
    let mut print_row = |r: &ThetaRow| {
        let line = if json {
            serde_json::to_string(r).expect("serialisable")
        } else {
            let low = r.eccentricity.iter().min().copied().unwrap_or(0);
            format!(
                "{:<14} {:>3} {:>9} {:>12} {:>13} {:>5} {:>13} {:>9} {:>8.2}",
                r.puzzle,
                r.vertices,
                if r.bipartite { "yes" } else { "no" },
                r.group,
                r.reachable,
                r.gods_number,
                format!("{low}..{}", r.gods_number),
                r.antipodes,
                r.seconds
            )
        };
        bar.suspend(|| println!("{line}"));
    };
    let rows = theta_family(
        &theta_graphs(vertices),
        &budget.budget()?,
        &show,
        &mut print_row,
    );
    bar.finish_and_clear();
    rows?;
    Ok(ExitCode::SUCCESS)
}

pub fn run_experiment(
    instances: usize,
    seed: u64,
    json: bool,
    budget: &crate::common::BudgetArgs,
) -> Result<ExitCode> {
    let bar = counting_bar("instances");
    let show = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let rows =
        slidepuzzle::explore::experiment::astar_vs_bfs(instances, seed, &budget.budget()?, &show);
    bar.finish_and_clear();
    let rows = rows?;
    if json {
        println!("{}", serde_json::to_string(&rows).expect("serialisable"));
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "Seed 000 section 7: mean nodes expanded over {instances} uniformly random solvable instances (seed {seed})"
    );
    println!(
        "{:<40} {:>4} {:>8} {:>12} {:>12} {:>9} | paper: {:>10} {:>10} {:>9}",
        "graph", "cyc", "length", "A*", "BFS", "decrease", "A*", "BFS", "decrease"
    );
    for r in &rows {
        println!(
            "{:<40} {:>4} {:>8.2} {:>12.1} {:>12.1} {:>8.2}% | {:>17.1} {:>10.1} {:>8.2}%",
            r.name,
            r.cyclomatic_number,
            r.mean_length,
            r.astar_expanded,
            r.bfs_expanded,
            r.percent_decrease,
            r.paper_astar,
            r.paper_bfs,
            100.0 * (1.0 - r.paper_astar / r.paper_bfs)
        );
    }
    println!();
    println!(
        "A* with additive pattern databases (automatic partition) instead of Manhattan distance:"
    );
    for r in &rows {
        let sizes: Vec<String> = r.pdb_groups.iter().map(|g| g.len().to_string()).collect();
        println!(
            "{:<40} {:>12.1} expanded ({:.1}x fewer than with Manhattan; groups {})",
            r.name,
            r.astar_pdb_expanded,
            r.astar_expanded / r.astar_pdb_expanded.max(1e-9),
            sizes.join("-")
        );
    }
    println!();
    println!("Weighted A* (f = g + W h): nodes vs A*, solution length vs optimal");
    for r in &rows {
        for w in &r.weighted {
            println!(
                "{:<40} W = {:<4} {:>12.1} expanded  {:>7.2}% fewer nodes  {:>6.2}% longer",
                r.name, w.weight, w.expanded, w.percent_fewer_nodes, w.percent_longer
            );
        }
    }
    println!(
        "paper (theta(2,2,3) at W = 4.0): 42.81% fewer nodes, 16.82% longer; W = 2.0 and 1.4 rows are on graphs the text lost"
    );
    Ok(ExitCode::SUCCESS)
}
