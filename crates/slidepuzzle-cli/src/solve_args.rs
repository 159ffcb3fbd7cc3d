//! The options of `solve`, apart from `solve.rs` so that the commands
//! `solve` hands work to (`analysis_cmds`) read them without importing
//! `solve` back.

use clap::Args;
use slidepuzzle::model::{Configuration, Metric, Puzzle};
use slidepuzzle::problem::{Batch, Problem};
use slidepuzzle::{Algorithm, Error, Heuristic, MovePruning, Result};

use crate::common::PuzzleArgs;

/// Options of `solve`.
#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Algorithm: auto, ida, astar, bfs, wastar (or wastar:W, weight W), beam
    /// (or beam:B, width B), constructive.
    #[arg(long, visible_alias = "algorithm", default_value = "auto")]
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
    /// wd (walking distance), pdb+lc or pdb+wd (the maximum of the
    /// tables and linear conflict or walking distance), and bpdb or
    /// bpdb:6-6-6-6 (blank-aware tables: an entry per placement and blank
    /// region, fewer nodes than pdb, more time per node); several
    /// partitions joined by | (pdb:6-6-3|5-5-5, at most 4) or
    /// pdb:catalogue / bpdb:catalogue (5x5) take the maximum over them.
    #[arg(long, default_value = "auto")]
    pub heuristic: Heuristic,
    /// Redundant moves to skip: sequences (the undoing move and the
    /// redundant sequences of up to 14 moves, such as the loops around
    /// 2 x 2 blocks: fewer nodes) or reversal (only the undoing move:
    /// Korf's published node counts).
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
    /// After the answer, build and cache the better pattern databases the
    /// plan leaves for later runs (4x4: the 6-6-3 tables, about a minute
    /// once). Without it the answer ends the command, with a one-line note
    /// when such tables would help.
    #[arg(long)]
    pub cache_tables: bool,
    /// Stop after this many node expansions (per instance; 1 or more).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (per instance).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Memory budget for A*/BFS, for building tables and for a
    /// constructive graph solution kept until it is printed (16 bytes a
    /// move), in MiB (default 4096, or three quarters of the memory
    /// available now if less).
    #[arg(long, visible_alias = "max-memory-mb")]
    pub memory: Option<u64>,
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

/// What `solve` is asked to solve: the state given, or the batch that
/// `--file` holds.
pub enum Work {
    /// One state from the command line.
    One(Problem),
    /// A batch: one puzzle and goal, many starts.
    Batch(Batch),
}

impl SolveArgs {
    /// Reads what to solve (the library decides the defaults).
    pub fn work(&self) -> Result<Work> {
        match (&self.file, &self.state) {
            (Some(file), _) => {
                let text = crate::common::read_input(Some(file))?;
                Ok(Work::Batch(self.puzzle.batch(&text)?))
            }
            (None, Some(state)) => {
                let state = crate::common::read_arg(state, crate::common::InputKind::Position)?;
                Ok(Work::One(self.puzzle.problem(&state)?))
            }
            (None, None) => Err(Error::argument(
                "STATE",
                "give a configuration to solve, or --file",
            )),
        }
    }
}

impl Work {
    /// Every instance as `(id, puzzle, start, goal)`; one state is id `1`.
    pub fn instances(&self) -> Vec<(&str, &Puzzle, &Configuration, &Configuration)> {
        match self {
            Work::One(p) => vec![("1", &p.puzzle, &p.start, &p.goal)],
            Work::Batch(b) => b
                .instances
                .iter()
                .map(|i| (i.id.as_str(), &b.puzzle, &i.start, &b.goal))
                .collect(),
        }
    }
}
