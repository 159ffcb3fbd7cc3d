//! What one solve is asked ([`SolveOptions`]) and the thresholds the
//! automatic choice ([`super::decide`]) works with.

use super::spec::{Algorithm, Heuristic, MovePruning};
use crate::model::Metric;
use crate::search::Limits;

/// Plain boards with more cells than this are solved constructively by
/// [`Algorithm::Auto`] (optimal search beyond the 15-puzzle can take hours).
pub const AUTO_OPTIMAL_BOARD_CELLS: usize = 16;

/// Plain boards above [`AUTO_OPTIMAL_BOARD_CELLS`] cells and up to this
/// many are solved by [`Algorithm::Auto`] the anytime way
/// ([`super::Method::BoardAnytime`]): the constructive answer, then beam
/// searches on the packed board kernel that shorten it. Above, beam search
/// with linear conflict loses its way (8x8: a 4,267-move answer at width
/// 1,000, docs/BENCHMARKS.md) and the constructive answer stands.
pub const AUTO_ANYTIME_BOARD_CELLS: usize = 49;

/// The first beam width [`super::Method::BoardAnytime`] tries (6x6:
/// about 0.05 s); the second is [`ANYTIME_WIDTH_FACTOR`] times wider;
/// from their times the plan then predicts the widest beam that fits in
/// [`ANYTIME_TIME_SHARE`] of the time left and in the memory budget, and
/// runs it when it is at least twice the last one (a beam's time grows in
/// proportion to its width).
pub const ANYTIME_FIRST_WIDTH: usize = 1_000;

/// How much wider [`super::Method::BoardAnytime`]'s second beam is than
/// its first.
pub const ANYTIME_WIDTH_FACTOR: usize = 10;

/// The share of the time left that [`super::Method::BoardAnytime`]'s
/// widest beam is sized to take (its time is predicted, not known).
pub const ANYTIME_TIME_SHARE: f64 = 0.6;

/// The share of the time left that [`super::Method::BoardAnytime`]'s
/// widest beam is sized to take when the board's tables are cached: the
/// rest goes to IDA* with them, which proves the answer shortest or finds
/// a shorter one.
pub const ANYTIME_PROOF_BEAM_SHARE: f64 = 0.25;

/// The largest boards on which [`super::Method::BoardAnytime`] uses
/// cached pattern databases (and then IDA* to prove its answer): 5x5 and
/// smaller. On 6x6 the default 5-tile tables gave longer beam answers
/// than linear conflict and a proof is out of reach (docs/BENCHMARKS.md).
pub const ANYTIME_TABLES_MAX_CELLS: usize = 25;

/// Layers a beam search asked for explores before it gives up.
pub const BEAM_MAX_DEPTH: usize = 100_000;

/// Seconds [`super::Method::BoardAnytime`] spends on shortening when the
/// caller sets no budget ([`crate::Limits::improve_for`]; `--timeout` sets
/// it, longer or shorter), never past the deadline.
pub const ANYTIME_SECONDS: u64 = 10;

/// Boards with at most this many cells use linear conflict, not tables,
/// under [`Heuristic::Auto`] (they are solved in milliseconds either way).
pub const AUTO_LINEAR_CONFLICT_CELLS: usize = 9;

/// Graphs (other than plain boards) with more vertices than this are
/// solved constructively by [`Algorithm::Auto`].
pub const AUTO_OPTIMAL_GRAPH_VERTICES: usize = 64;

/// Puzzles whose tiles turn with more vertices than this are solved
/// constructively by [`Algorithm::Auto`] ([`crate::construct::turning`]),
/// the others by A* with the Manhattan distance with turns.
pub const AUTO_OPTIMAL_TURNING_VERTICES: usize = crate::construct::turning::MAX_REGION;

/// Rotating puzzles with more tokens than this are solved constructively
/// by [`Algorithm::Auto`] (`construct::rotating`), the others by
/// IDA* on the turns (a random `3x4:twiddle` in under a second; a
/// random `4x4:twiddle` can take minutes).
pub const AUTO_OPTIMAL_ROTATING_VERTICES: usize = 12;

/// Graphs with at most this many vertices use A* under [`Algorithm::Auto`].
pub const AUTO_ASTAR_VERTICES: usize = 10;

/// Placements per table of the automatic graph pattern databases (and of
/// the quick board tables): each builds in about a second or less (a
/// 5-tile group on 5 x 5, 6.4 million placements, in about 2 s on 2 cores).
pub const QUICK_TABLE_ENTRIES: u64 = 4_000_000;

/// Node expansions the quick board tables may spend, per entry of the
/// better tables left for later ([`super::Plan::later`]), before the run
/// builds those and starts over with them ([`super::Plan::switch_after`]).
/// About what the build costs in search time: on 4 x 4 the 6-6-3 tables
/// (11.5 million entries) build in 3.4 s on 2 cores, while IDA* with the
/// 5-5-5 tables expands about 25 million nodes a second there (2-core AMD
/// EPYC, 2026-11-29; docs/BENCHMARKS.md).
pub const SWITCH_EXPANSIONS_PER_ENTRY: u64 = 8;

/// Node expansions a run with the default board tables must have spent,
/// per entry of the stronger tables built after long runs, before those
/// are built after its answer and cached ([`super::Plan::later_after`]).
/// On 4 x 4 that is 115 million expansions for the 7-7-1 tables (115
/// million entries, built in about 33 s on 2 cores): a run of about 5 s
/// or more with the 6-6-3 tables (about 22 million expansions a second on
/// 2 cores), so that a user who meets hard instances gets tables that
/// search about a quarter of the nodes, and one who meets easy ones never
/// waits for the build (2-core AMD EPYC, 2026-11-29; docs/BENCHMARKS.md).
pub const LATER_EXPANSIONS_PER_ENTRY: u64 = 1;

/// Bytes a collected constructive board solution takes per move while it
/// is built, shortened, replayed and written as letters (the path, its
/// shortened copy, the letters).
pub const COLLECTED_BYTES_PER_MOVE: u64 = 24;

/// Largest puzzle the general optimal searches handle (vertices).
pub const MAX_SEARCH_VERTICES: usize = 256;

/// The most configurations the reachability test may visit by
/// breadth-first search with several blanks when none of its exact
/// methods applies.
pub const SEVERAL_BLANKS_CHECK_STATES: usize = crate::theory::decide::CHECK_STATES;

/// Node expansions the automatic plan gives optimal search with several
/// blanks before weighted A* answers ([`super::Fallback`]): about 15 s on
/// two cores with 5x5 and 5 blanks, where a random-walk instance with
/// optimum 68 takes 51 M and a uniform one far more than 10 G.
pub const AUTO_SEVERAL_BLANKS_NODES: u64 = 100_000_000;

/// Node expansions the automatic plan gives IDA* on a turning puzzle of
/// more than `AUTO_OPTIMAL_TURNING_VERTICES` (7) vertices that the
/// constructive solver cannot take (no last region) before weighted A*
/// answers: about 2 s (a cycle of 9 with one chord in Z_2: 25 M nodes
/// with a budget of 20 M, 7.7 s, 113 moves against a bound of 97).
pub const AUTO_TURNING_NODES: u64 = 5_000_000;

/// The weight of the weighted A* that answers beyond
/// [`AUTO_TURNING_NODES`].
pub const AUTO_TURNING_WEIGHT: f64 = 2.0;

/// The weight of that weighted A*: 82 moves in 0.6 s on the uniform 5x5
/// with 5 blanks of seed 1 (optimum 70 to 76).
pub const AUTO_SEVERAL_BLANKS_WEIGHT: f64 = 1.5;

/// Free-blank tables pay from this many vertices on; below, the
/// Manhattan distance solves at once.
pub const FREE_BLANK_MIN_VERTICES: usize = 12;

/// Options of one solve.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// The algorithm ([`Algorithm::Auto`] by default).
    pub algorithm: Algorithm,
    /// The heuristic ([`Heuristic::Auto`] by default).
    pub heuristic: Heuristic,
    /// Nodes, time, memory and cancellation. `limits.max_memory` also
    /// bounds table builds.
    pub limits: Limits,
    /// Keep one instance on one thread (the default splits hard board
    /// instances over all of rayon's threads); node counts are then exactly
    /// those of the sequential search.
    pub single_thread: bool,
    /// Which redundant moves the search skips ([`MovePruning::Sequences`]
    /// by default; [`MovePruning::Reversal`] reproduces published node
    /// counts).
    pub move_pruning: MovePruning,
    /// How moves are counted: [`Metric::Stm`] (the default) or
    /// [`Metric::Mtm`] (a straight run of tiles is one move; optimal
    /// search on plain boards). Optimality, lengths and enumerations are in
    /// this metric.
    pub metric: Metric,
}
