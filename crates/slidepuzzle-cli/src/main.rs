//! The `slidepuzzle` command: a thin layer over the `slidepuzzle` library.
//!
//! Exit codes: 0 when every instance was answered (solved, or proved
//! unsolvable), 1 when a limit stopped a search, 2 for bad input.

mod bench;
mod common;
mod explore_cmds;
mod solve;
mod theory_cmds;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use common::{PuzzleArgs, fail};

/// Sliding-tile puzzles on any graph: check, solve, scramble and explore.
#[derive(Parser)]
#[command(name = "slidepuzzle", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a configuration (optimally by default) and print the moves.
    Solve(solve::SolveArgs),
    /// Say whether a configuration can reach the goal, and why.
    Check {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print {"solvable", "reason"} as JSON.
        #[arg(long)]
        json: bool,
        /// linear (the O(V+E) block test) or schreier-sims (membership in
        /// the group of the loop generators; graphs up to 40 vertices).
        #[arg(long, default_value = "linear")]
        method: String,
        /// The configuration (slidysim rows `1 2 3/4 5 6/7 8 0` or a flat list).
        state: String,
    },
    /// Print uniformly random configurations that can reach the goal.
    Scramble {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Random seed (ChaCha8), for reproducible scrambles.
        #[arg(long)]
        seed: Option<u64>,
        /// How many configurations.
        #[arg(long, default_value_t = 1)]
        count: usize,
    },
    /// Apply moves (slidysim letters `R3U2`, a blank path `3-4-7`, or tile
    /// numbers `tiles:5 8`) and print the resulting configuration.
    Apply {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The starting configuration.
        state: String,
        /// The moves.
        moves: String,
    },
    /// Draw a configuration in the terminal.
    Show {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The configuration.
        state: String,
    },
    /// Describe the puzzle: blocks, articulation points, the puzzle group
    /// and its order, reachable configurations and classes.
    Analyze {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print JSON (big numbers as decimal strings).
        #[arg(long)]
        json: bool,
    },
    /// A configuration as a permutation in GAP cycle notation (seed 001's
    /// convention: the hole is labelled n), with parity and cycle type.
    Perm {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// The configuration.
        state: String,
        /// Moves to apply first (letters, blank path or tiles).
        moves: Option<String>,
    },
    /// The puzzle group's loop generators; --gap writes a GAP script that
    /// prints the group order.
    Group {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Write a GAP script.
        #[arg(long)]
        gap: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Shortest words in permutation generators (Cayley graph BFS).
    Words(theory_cmds::WordsArgs),
    /// Breadth-first search of every configuration reachable from the goal:
    /// distance table, God's number, antipodes.
    Godsnumber(explore_cmds::GodsArgs),
    /// Run a benchmark (korf100, korf50) and print per-instance results.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Check {
            puzzle,
            json,
            method,
            state,
        } => check(&puzzle, json, &method, &state),
        Command::Analyze { puzzle, json } => theory_cmds::run_analyze(&puzzle, json),
        Command::Perm {
            puzzle,
            json,
            state,
            moves,
        } => theory_cmds::run_perm(&puzzle, &state, moves.as_deref(), json),
        Command::Group { puzzle, gap, json } => theory_cmds::run_group(&puzzle, gap, json),
        Command::Words(args) => theory_cmds::run_words(&args),
        Command::Godsnumber(args) => explore_cmds::run_godsnumber(&args),
        Command::Scramble {
            puzzle,
            seed,
            count,
        } => scramble(&puzzle, seed, count),
        Command::Apply {
            puzzle,
            state,
            moves,
        } => apply(&puzzle, &state, &moves),
        Command::Show { puzzle, state } => show(&puzzle, &state),
    };
    match result {
        Ok(code) => code,
        Err(e) => fail(&e),
    }
}

fn check(
    args: &PuzzleArgs,
    json: bool,
    method: &str,
    state: &str,
) -> slidepuzzle::Result<ExitCode> {
    let (puzzle, start, goal) = args.resolve(state)?;
    let verdict = match method {
        _ if args.blanks > 1 => {
            slidepuzzle::theory::blanks::check_several_blanks(&puzzle, &start, &goal, 20_000_000)?
        }
        "linear" => slidepuzzle::theory::check(&puzzle, &start, &goal)?,
        "schreier-sims" => slidepuzzle::theory::check_by_schreier_sims(&puzzle, &start, &goal)?,
        m => {
            return Err(slidepuzzle::Error::Unsupported(format!(
                "unknown --method '{m}': expected linear or schreier-sims"
            )));
        }
    };
    if json {
        println!("{}", serde_json::to_string(&verdict).expect("serialisable"));
    } else {
        println!(
            "{}: {}",
            if verdict.solvable {
                "solvable"
            } else {
                "unsolvable"
            },
            verdict.reason
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn scramble(args: &PuzzleArgs, seed: Option<u64>, count: usize) -> slidepuzzle::Result<ExitCode> {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::SeedableRng;
    let puzzle = args.puzzle_or_err()?;
    let goal = args.goal_for(&puzzle)?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..count {
        let c = slidepuzzle::theory::uniform_reachable(&puzzle, &goal, &mut rng)?;
        println!("{}", slidepuzzle::format::format_configuration(&puzzle, &c));
    }
    Ok(ExitCode::SUCCESS)
}

fn apply(args: &PuzzleArgs, state: &str, moves: &str) -> slidepuzzle::Result<ExitCode> {
    let (puzzle, start, _) = args.resolve(state)?;
    let path = slidepuzzle::moves::parse_moves(&puzzle, &start, moves)?;
    let end = slidepuzzle::moves::replay(&puzzle, &start, &path)?;
    println!(
        "{}",
        slidepuzzle::format::format_configuration(&puzzle, &end)
    );
    Ok(ExitCode::SUCCESS)
}

fn show(args: &PuzzleArgs, state: &str) -> slidepuzzle::Result<ExitCode> {
    let (puzzle, start, _) = args.resolve(state)?;
    print!("{}", slidepuzzle::format::draw(&puzzle, &start));
    Ok(ExitCode::SUCCESS)
}
