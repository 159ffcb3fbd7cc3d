//! The interpreter: carries out a [`Plan`] made by [`super::decide`], for
//! one blank and several alike.
//!
//! 1. reachability first ([`reachability`], O(V + E) with one blank):
//!    an unsolvable instance is answered at once, with the reason;
//! 2. the plan's method runs ([`search`]): a search kernel on the domain
//!    and heuristic the plan names ([`run_kernel`], the one place where a
//!    plan becomes a domain and a heuristic, for solving and for listing),
//!    the rotation solver, or a constructive solver; a [`Fallback`] hands
//!    over to weighted A* beyond its budget;
//! 3. the path becomes steps, is **replayed** on the general model and
//!    compared with the goal, and is measured in the metric asked for
//!    ([`finish`]).
//!
//! Every method answers in steps `(from, to)`: the kernels' moves are
//! flattened once ([`super::kernel`]), the constructive solvers build
//! steps.

use std::time::Instant;

use super::kernel::{Found, Kernel, OneSearch, OneSolution};
use super::options::{
    ANYTIME_FIRST_WIDTH, ANYTIME_PROOF_BEAM_SHARE, ANYTIME_SECONDS, ANYTIME_TIME_SHARE,
    ANYTIME_WIDTH_FACTOR, BEAM_MAX_DEPTH, COLLECTED_BYTES_PER_MOVE, MAX_SEARCH_VERTICES,
    SEVERAL_BLANKS_CHECK_STATES, SolveOptions,
};
use super::outcome::{Outcome, Solution, constructed, not_solved};
use super::plan::{
    BoardHeuristic, Fallback, Method, Plan, RISING_WEIGHTS, SearchDomain, TablePlan,
};
use super::spec::MovePruning;
use super::tables::TableCache;
use crate::error::{Error, Resource, Result};
use crate::model::symmetry::GoalFrame;
use crate::model::{Configuration, Metric, Puzzle};
use crate::moves::{length_of_steps, replay_steps, steps_of_blank_path};
use crate::search::beam::beam_bytes;
use crate::search::best_first::Strategy;
use crate::search::board::BoardDomain;
use crate::search::domain::{SharedDomain, Step};
use crate::search::exchanges::ExchangeDomain;
use crate::search::graph::GraphDomain;
use crate::search::heuristic::{Heuristic, MAX_OF, Max, MaxOf, Zero};
use crate::search::linear_conflict::{LinearConflict, LinearConflictTables};
use crate::search::manhattan::{Manhattan, TileDistances};
use crate::search::mtm::{MtmBoardDomain, MtmManhattan};
use crate::search::mtm_class_boards::MtmClassBoards;
use crate::search::mtm_lines::{LineDistance, MAX_LINE, MtmLineDomain};
use crate::search::mtm_packed::MtmPackedDomain;
use crate::search::mtm_pdb::MtmPdbLookup;
use crate::search::pdb::BuildEvent;
use crate::search::pdb_lookup::{BoardPdbTables, PdbLookup};
use crate::search::several::SeveralBlanksDomain;
use crate::search::turning::{TurnDistance, TurnDistances, TurningDomain};
use crate::search::turning_blanks::TurningBlanksDomain;
use crate::search::walking::{WalkingDistance, WalkingDistanceTables};
use crate::search::{Improvement, Limits, SearchResult, SearchStats, StopReason};
use crate::theory::Verdict;

/// Whether `goal` can be reached from `start`: Wilson's theorem and its
/// extensions with one blank ([`crate::theory::check`]), the several-blank
/// test otherwise ([`crate::theory::blanks::check_several_blanks`]).
///
/// # Errors
/// Different numbers of blanks on the two sides; as the tests.
pub(super) fn reachability(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
) -> Result<Verdict> {
    match (start.blanks().len(), goal.blanks().len()) {
        (a, b) if a == b => crate::theory::check_with(
            puzzle,
            start,
            goal,
            crate::theory::CheckMethod::Linear,
            SEVERAL_BLANKS_CHECK_STATES,
        ),
        (a, b) => Err(Error::Unsupported(format!(
            "start and goal must have the same number of blanks, not {a} and {b}"
        ))),
    }
}

/// Solves `start` -> `goal` as `plan` says (see the [module docs](self)).
///
/// # Errors
/// As the reachability test, the table builds and the constructive
/// solvers; [`Error::Internal`] if a found path fails its replay (a bug,
/// never a wrong answer returned).
pub(super) fn execute(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    options: &SolveOptions,
    plan: &Plan,
) -> Result<Outcome> {
    let verdict = reachability(puzzle, ends.0, ends.1)?;
    if !verdict.solvable {
        return Ok(Outcome::Unsolvable(verdict));
    }
    if let (SearchDomain::Rotating, Some(rotating)) = (plan.domain, puzzle.rotating()) {
        return super::rotating::solve_by_turns(rotating, ends, options, plan);
    }
    let clock = Instant::now();
    let switch = plan.later.as_ref().zip(plan.switch_after);
    let (result, name) = match (plan.fallback, &plan.method, switch) {
        (Some(fallback), Method::GraphIda, _) => {
            with_fallback(cache, puzzle, ends, options, plan, fallback)?
        }
        (_, &Method::BoardAnytime { heuristic }, _) => {
            anytime(cache, puzzle, ends, options, plan, heuristic)?
        }
        (_, method, _) if method.weight().is_some_and(|w| w > 1.0) => {
            with_rising_weight(cache, puzzle, ends, options, plan)?
        }
        (_, Method::BoardPatternIda { .. }, Some(switch)) => {
            with_better_tables(cache, puzzle, ends, options, (plan, switch))?
        }
        _ => (
            search(
                cache,
                puzzle,
                ends,
                options,
                plan,
                &plan.method,
                &options.limits,
            )?,
            plan.name(),
        ),
    };
    finish(puzzle, ends, options.metric, plan, result, name, clock)
}

/// Runs `method` (the plan's, or its fallback's) with the plan's tables
/// within `limits`.
fn search(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    options: &SolveOptions,
    plan: &Plan,
    method: &Method,
    limits: &Limits,
) -> Result<Found> {
    let job = (plan.domain, method, plan.tables.as_ref());
    let one = |search| {
        let kernel = OneSolution { limits, search };
        run_kernel(cache, puzzle, ends, job, options, kernel)
    };
    let best_first = |strategy| one(OneSearch::BestFirst(strategy));
    match method {
        Method::BoardIda { .. }
        | Method::BoardPatternIda { .. }
        | Method::MtmBoardIda { .. }
        | Method::MtmLineIda
        | Method::GraphIda => {
            let split = !options.single_thread;
            one(OneSearch::Ida { split })
        }
        Method::AStar { weight } | Method::BoardAStar { weight, .. } => {
            best_first(Strategy::AStar { weight: *weight })
        }
        Method::Bfs => best_first(Strategy::AStar { weight: 1.0 }),
        Method::BidirectionalBfs => one(OneSearch::Bidirectional),
        Method::Beam { width } => one(OneSearch::Beam {
            width: (*width).max(1),
            max_depth: BEAM_MAX_DEPTH,
            split: !options.single_thread,
        }),
        Method::BoardBeam {
            width, max_depth, ..
        } => one(OneSearch::Beam {
            width: (*width).max(1),
            max_depth: *max_depth,
            split: !options.single_thread,
        }),
        Method::CycleRotation => rotated(puzzle, ends, limits),
        Method::ConstructiveBoard | Method::BoardAnytime { .. } => {
            constructive(puzzle, ends, limits, true)
        }
        Method::ConstructiveGraph => constructive(puzzle, ends, limits, false),
        Method::RotationIda | Method::ConstructiveRotating => Err(Error::Internal(
            "a rotating plan reached the sliding executor".into(),
        )),
    }
}

/// Runs `kernel` on the plan's domain with the heuristic `method` and its
/// `tables` name. The one place where a plan becomes a domain and a
/// heuristic, for solving ([`OneSolution`]) and listing
/// ([`super::kernel::AllSolutions`]); it matches on the domain the plan
/// names ([`SearchDomain`]) and picks nothing again.
///
/// # Errors
/// Table builds over the memory budget; [`Error::Unsupported`] for a
/// graph over [`MAX_SEARCH_VERTICES`] vertices; [`Error::Internal`] for a
/// plan without a search domain.
pub(super) fn run_kernel<K: Kernel>(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    (domain, method, tables): (SearchDomain, &Method, Option<&TablePlan>),
    options: &SolveOptions,
    kernel: K,
) -> Result<K::Output> {
    let limits = &options.limits;
    let graph = match domain {
        SearchDomain::Board { width, height } => {
            let long = K::LONG_PRUNING && options.move_pruning == MovePruning::Sequences;
            let board = (
                cache,
                (width, height),
                puzzle,
                ends,
                (method, tables),
                limits,
            );
            return if long {
                board_run::<true, K>(board, kernel)
            } else {
                board_run::<false, K>(board, kernel)
            };
        }
        SearchDomain::MtmBoard { width, height } => {
            let heuristic = match method {
                Method::MtmBoardIda { heuristic } => *heuristic,
                _ => BoardHeuristic::Manhattan,
            };
            let job = (cache, (width, height), puzzle, ends);
            return multi_tile_run(job, (heuristic, tables), limits, kernel);
        }
        SearchDomain::MtmLines => return multi_tile_lines_run(puzzle, ends, kernel),
        SearchDomain::Construction | SearchDomain::Rotating => {
            return Err(Error::Internal(format!("{method:?} has no search domain")));
        }
        SearchDomain::Exchanges => {
            let domain = ExchangeDomain::new(puzzle, ends.0, ends.1).ok_or_else(|| {
                Error::Unsupported("the exchange search takes one blank on both sides".into())
            })?;
            return Ok(kernel.run(domain, Zero));
        }
        SearchDomain::Graph | SearchDomain::SeveralBlanks | SearchDomain::Turning => domain,
    };
    let heuristic = match (method, tables) {
        (Method::Bfs | Method::BidirectionalBfs, _) => GraphHeuristic::Zero,
        (_, Some(t)) if !matches!(method, Method::Beam { .. }) => GraphHeuristic::Tables(t),
        _ => GraphHeuristic::Manhattan,
    };
    graph_run(cache, puzzle, ends, (graph, heuristic), limits, kernel)
}

/// The heuristic of a graph method.
enum GraphHeuristic<'a> {
    /// None (breadth-first search).
    Zero,
    /// The generalised Manhattan distance.
    Manhattan,
    /// Graph pattern databases (one blank) or the maximum over the
    /// additive partitions of free-blank tables (several).
    Tables(&'a TablePlan),
}

/// `kernel` on the graph domain with one blank, or the several-blank
/// domain, with `heuristic`.
fn graph_run<K: Kernel>(
    cache: &TableCache,
    puzzle: &Puzzle,
    (start, goal): (&Configuration, &Configuration),
    (domain, heuristic): (SearchDomain, GraphHeuristic<'_>),
    limits: &Limits,
    kernel: K,
) -> Result<K::Output> {
    let too_large = || {
        Error::Unsupported(format!(
            "optimal search takes at most {MAX_SEARCH_VERTICES} vertices and the same number of blanks on both sides"
        ))
    };
    if domain == SearchDomain::Turning && start.blanks().len() > 1 {
        // Several blanks: breadth first, no heuristic (the plan's).
        let domain = TurningBlanksDomain::new(puzzle, start, goal).ok_or_else(too_large)?;
        return match heuristic {
            GraphHeuristic::Zero => Ok(kernel.run(domain, Zero)),
            _ => Err(Error::Unsupported(
                "tiles that turn with several blanks are searched without a heuristic".into(),
            )),
        };
    }
    if domain == SearchDomain::Turning {
        let domain = TurningDomain::new(puzzle, start, goal).ok_or_else(too_large)?;
        return match heuristic {
            GraphHeuristic::Zero => Ok(kernel.run(domain, Zero)),
            GraphHeuristic::Manhattan => {
                let table = TurnDistances::new(puzzle, goal).ok_or_else(too_large)?;
                Ok(kernel.run(domain, TurnDistance::new(&table)))
            }
            GraphHeuristic::Tables(_) => Err(Error::Internal(
                "no pattern databases for tiles that turn".to_string(),
            )),
        };
    }
    if domain == SearchDomain::SeveralBlanks {
        let domain = SeveralBlanksDomain::of_puzzle(puzzle, start, goal).ok_or_else(too_large)?;
        let job = (cache, puzzle, goal, heuristic, limits);
        // A listing sees every order of commuting moves.
        return if K::LONG_PRUNING {
            several_run(job, domain, kernel)
        } else {
            several_run(job, domain.every_order(), kernel)
        };
    }
    let domain = GraphDomain::of_puzzle(puzzle, start, goal).ok_or_else(too_large)?;
    Ok(match heuristic {
        GraphHeuristic::Zero => kernel.run(domain, Zero),
        GraphHeuristic::Manhattan => {
            kernel.run(domain, Manhattan::new(&tile_distances(puzzle, goal)?))
        }
        GraphHeuristic::Tables(t) => {
            let pdb = cache.graph(puzzle, goal, t, limits)?;
            kernel.run(domain, PdbLookup::graph(&pdb))
        }
    })
}

/// `kernel` on a several-blank domain with `heuristic`.
fn several_run<D: SharedDomain<Move = Step>, K: Kernel>(
    (cache, puzzle, goal, heuristic, limits): (
        &TableCache,
        &Puzzle,
        &Configuration,
        GraphHeuristic<'_>,
        &Limits,
    ),
    domain: D,
    kernel: K,
) -> Result<K::Output> {
    Ok(match heuristic {
        GraphHeuristic::Zero => kernel.run(domain, Zero),
        GraphHeuristic::Manhattan => {
            kernel.run(domain, Manhattan::new(&tile_distances(puzzle, goal)?))
        }
        GraphHeuristic::Tables(t) => {
            let pdb = cache.graph(puzzle, goal, t, limits)?;
            let partitions = t.partition_ranges();
            let lookups = partitions.map(|groups| PdbLookup::graph_groups(&pdb, groups));
            kernel.run(domain, MaxOf::new(lookups.collect()))
        }
    })
}

/// The generalised Manhattan distance's table for a plan's puzzle.
fn tile_distances(puzzle: &Puzzle, goal: &Configuration) -> Result<TileDistances> {
    TileDistances::of_puzzle(puzzle, goal).ok_or_else(|| {
        Error::limit(
            Resource::Vertices,
            puzzle.vertex_count() as u64,
            MAX_SEARCH_VERTICES as u64,
        )
    })
}

/// What a board kernel needs: the tables, the board's size, the puzzle and
/// its two ends, the method and its tables, the limits (memory budget,
/// deadline and cancel flag, which also stop table builds).
type BoardJob<'a> = (
    &'a TableCache,
    (usize, usize),
    &'a Puzzle,
    (&'a Configuration, &'a Configuration),
    (&'a Method, Option<&'a TablePlan>),
    &'a Limits,
);

/// A board method ([`Method::BoardIda`], [`Method::BoardPatternIda`]) on
/// the packed board domain, pruning redundant sequences of up to 14 moves
/// with `LOOPS`.
fn board_run<const LOOPS: bool, K: Kernel>(
    (cache, (w, h), puzzle, (start, goal), (method, tables), limits): BoardJob<'_>,
    kernel: K,
) -> Result<K::Output> {
    let max_memory = limits.max_memory;
    let too_large = || Error::Internal("board too large for the board kernel".into());
    let domain = BoardDomain::<LOOPS>::new(w, h, start, goal).ok_or_else(too_large)?;
    let with_tables = match (method, tables) {
        (Method::BoardPatternIda { with }, Some(t)) => Some((*with, t)),
        (Method::BoardAStar { heuristic, .. } | Method::BoardBeam { heuristic, .. }, Some(t)) => {
            Some((Some(*heuristic), t))
        }
        _ => None,
    };
    let alone = match method {
        Method::BoardIda { heuristic }
        | Method::BoardAStar { heuristic, .. }
        | Method::BoardBeam { heuristic, .. } => Some(*heuristic),
        _ => None,
    };
    match (with_tables, alone) {
        (None, Some(heuristic)) => Ok(match heuristic {
            BoardHeuristic::Manhattan => {
                let d = TileDistances::board(w, h, goal).ok_or_else(too_large)?;
                kernel.run(domain, Manhattan::new(&d))
            }
            BoardHeuristic::LinearConflict => {
                let t = LinearConflictTables::new(w, h, goal).ok_or_else(too_large)?;
                kernel.run(domain, LinearConflict::new(&t))
            }
            BoardHeuristic::WalkingDistance => {
                let t = WalkingDistanceTables::new(w, h, goal, max_memory)?;
                kernel.run(domain, WalkingDistance::new(&t))
            }
        }),
        (Some((with, t)), _) => {
            let tables = cache.board((w, h), puzzle, goal, t, limits)?;
            let second = (w, h, goal, with);
            if tables.is_blank_aware() {
                board_tables_run::<true, LOOPS, K>(domain, &tables, second, max_memory, kernel)
            } else {
                board_tables_run::<false, LOOPS, K>(domain, &tables, second, max_memory, kernel)
            }
        }
        _ => Err(Error::Internal(format!(
            "{method:?} without its tables on the board kernel"
        ))),
    }
}

/// `kernel` on a board with the tables' lookups (direct, and the maximum
/// with the transposed one where the board and goal allow it; the maximum
/// over every partition's for a catalogue), plain or
/// blank-aware as `BLANK_AWARE` says (two kernels, so the plain one reads
/// no blank).
fn board_tables_run<const BLANK_AWARE: bool, const LOOPS: bool, K: Kernel>(
    domain: BoardDomain<LOOPS>,
    tables: &BoardPdbTables,
    second: (usize, usize, &Configuration, Option<BoardHeuristic>),
    max_memory: u64,
    kernel: K,
) -> Result<K::Output> {
    let other_kind = || Error::Internal("board tables of the other kind".into());
    if tables.partition_count() > 1 {
        // A catalogue: the maximum over every partition's direct and
        // transposed lookups.
        let lookups = tables.lookups::<BLANK_AWARE>().ok_or_else(other_kind)?;
        if lookups.len() > MAX_OF {
            return Err(Error::Internal(format!(
                "{} lookups, more than the {MAX_OF} a maximum takes",
                lookups.len()
            )));
        }
        return board_run_with(domain, MaxOf::new(lookups), second, max_memory, kernel);
    }
    let direct = tables.direct::<BLANK_AWARE>().ok_or_else(other_kind)?;
    match tables.transposed::<BLANK_AWARE>() {
        Some(mirror) => {
            board_run_with(domain, Max::new(direct, mirror), second, max_memory, kernel)
        }
        None => board_run_with(domain, direct, second, max_memory, kernel),
    }
}

/// `kernel` on a board with `first`, maximised with the second heuristic
/// of `(width, height, goal, second)` when there is one (looked up only
/// where `first` does not prune).
fn board_run_with<H, K: Kernel, const LOOPS: bool>(
    domain: BoardDomain<LOOPS>,
    first: H,
    (w, h, goal, second): (usize, usize, &Configuration, Option<BoardHeuristic>),
    max_memory: u64,
    kernel: K,
) -> Result<K::Output>
where
    H: Heuristic<BoardDomain<LOOPS>> + Clone + Send + Sync,
{
    let too_large = || Error::Internal("board too large for the board kernel".into());
    Ok(match second {
        // The tables are stored over the Manhattan distance: never below it.
        None | Some(BoardHeuristic::Manhattan) => kernel.run(domain, first),
        Some(BoardHeuristic::LinearConflict) => {
            let t = LinearConflictTables::new(w, h, goal).ok_or_else(too_large)?;
            kernel.run(domain, Max::new(first, LinearConflict::new(&t)))
        }
        Some(BoardHeuristic::WalkingDistance) => {
            let t = WalkingDistanceTables::new(w, h, goal, max_memory)?;
            kernel.run(domain, Max::new(first, WalkingDistance::new(&t)))
        }
    })
}

/// [`Method::MtmBoardIda`]: with the plan's tables on 4 x 4, the packed
/// domain and the maximum of the tables followed on class boards (the
/// regions, and the rows when the plan has them); with a table on smaller
/// boards, the multi-tile board domain with the walking distance counted
/// in runs maximised with it; without, the walking distance or the
/// run-divided Manhattan distance.
fn multi_tile_run<K: Kernel>(
    (cache, (w, h), puzzle, (start, goal)): (
        &TableCache,
        (usize, usize),
        &Puzzle,
        (&Configuration, &Configuration),
    ),
    (heuristic, tables): (BoardHeuristic, Option<&TablePlan>),
    limits: &Limits,
    kernel: K,
) -> Result<K::Output> {
    let max_memory = limits.max_memory;
    let too_large = || Error::Internal("board too large for the board kernel".into());
    // Tables of the standard goal serving another goal: the search runs
    // on the puzzle seen in the standard goal's frame, and its paths come
    // back through the frame's inverse.
    let framed = match tables.and_then(|t| t.goal.as_ref()).filter(|g| *g != goal) {
        Some(table_goal) => {
            let frame = GoalFrame::onto(w, h, goal, table_goal).ok_or_else(|| {
                Error::Internal("standard-goal tables for a goal they do not serve".into())
            })?;
            Some((frame.apply(start)?, table_goal.clone(), frame.cells_back()))
        }
        None => None,
    };
    let (start, goal, back) = match &framed {
        Some((s, g, back)) => (s, g, Some(back.as_slice())),
        None => (start, goal, None),
    };
    let domain = MtmBoardDomain::new(w, h, start, goal).ok_or_else(too_large)?;
    if let Some(plan) = tables {
        let tables = cache.multi_tiles((w, h), puzzle, goal, plan, limits)?;
        let table = tables
            .first()
            .ok_or_else(|| Error::Internal("a multi-tile plan without a table".into()))?;
        // 4 x 4: the packed domain and the tables followed on class boards.
        let lookups: Option<Vec<MtmClassBoards>> =
            tables.iter().map(|t| MtmClassBoards::new(t)).collect();
        if let (Some(packed), Some(mut lookups)) =
            (MtmPackedDomain::new(w, h, start, goal), lookups)
        {
            let first = lookups.remove(0);
            return Ok(match lookups.pop() {
                Some(second) if lookups.is_empty() => {
                    kernel.run_mapped(packed, Max::new(first, second), back)
                }
                None => kernel.run_mapped(packed, first, back),
                Some(_) => return Err(Error::Internal("more than two multi-tile tables".into())),
            });
        }
        // The walking distance in runs first: cheap, and where it prunes
        // the table (a cache miss) is not read.
        let wd = match WalkingDistanceTables::new(w, h, goal, max_memory) {
            Ok(wd) => wd,
            Err(e) if e.is_fallback() => {
                return Ok(kernel.run_mapped(domain, MtmPdbLookup::new(table), back));
            }
            Err(e) => return Err(e),
        };
        let both = Max::new(
            WalkingDistance::with_metric(&wd, Metric::Mtm),
            MtmPdbLookup::new(table),
        );
        return Ok(kernel.run_mapped(domain, both, back));
    }
    Ok(match heuristic {
        BoardHeuristic::WalkingDistance => {
            let t = WalkingDistanceTables::new(w, h, goal, max_memory)?;
            kernel.run(domain, WalkingDistance::with_metric(&t, Metric::Mtm))
        }
        _ => {
            let md = MtmManhattan::new(w, h, goal).ok_or_else(too_large)?;
            kernel.run(domain, md)
        }
    })
}

/// [`Method::MtmLineIda`]: the line domain of a torus or box with the
/// distances along each axis divided by the longest run.
fn multi_tile_lines_run<K: Kernel>(
    puzzle: &Puzzle,
    (start, goal): (&Configuration, &Configuration),
    kernel: K,
) -> Result<K::Output> {
    let unsupported = || {
        Error::Unsupported(format!(
            "optimal search in the multi-tile metric takes tori and boxes of up to {MAX_SEARCH_VERTICES} cells and {MAX_LINE} a side, not {}",
            puzzle.spec()
        ))
    };
    let domain = MtmLineDomain::of_puzzle(puzzle, start, goal).ok_or_else(unsupported)?;
    let heuristic = LineDistance::of_puzzle(puzzle, goal).ok_or_else(unsupported)?;
    Ok(kernel.run(domain, heuristic))
}

/// Within a [`Fallback`]'s budget the plan's optimal search; beyond it
/// weighted A*, or the constructive solver when A* runs out of memory.
/// The counters add up, the lower bound is the better of the two
/// searches', and the answer is optimal only if its length meets that
/// bound. Only the plan's own budget hands over; the user's limits stop
/// the whole solve. Returns the result and the methods' names.
fn with_fallback(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    options: &SolveOptions,
    plan: &Plan,
    fallback: Fallback,
) -> Result<(Found, String)> {
    let limits = &options.limits;
    let (first, over_budget) = within(cache, puzzle, ends, options, plan, fallback.nodes)?;
    if !over_budget {
        return Ok((first, plan.name()));
    }
    let weighted = Method::AStar {
        weight: fallback.weight,
    };
    let mut second = search(cache, puzzle, ends, options, plan, &weighted, limits)?;
    let constructive_answered = second.stopped() == Some(StopReason::Memory);
    if constructive_answered {
        let stats = *second.stats();
        second = constructive(puzzle, ends, limits, false)?;
        *second.stats_mut() = stats;
    }
    carry_over(&mut second, first.stats());
    if second.moves().is_none() {
        // The stop message reads IDA*'s finished bound.
        second.stats_mut().bound = first.stats().bound;
    }
    let proven = meets_lower_bound(&second);
    if let SearchResult::Found { optimal, .. } = &mut second {
        *optimal = proven;
    }
    let then = if constructive_answered {
        "constructive".to_string()
    } else {
        Plan {
            method: weighted,
            ..plan.clone()
        }
        .name()
    };
    Ok((second, format!("{}, then {then}", plan.name())))
}

/// The plan's method within `nodes` expansions (or the caller's smaller
/// node budget), and whether it stopped at `nodes` rather than at the
/// caller's budget: the first search of a plan with a fallback or a switch.
fn within(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    options: &SolveOptions,
    plan: &Plan,
    nodes: u64,
) -> Result<(Found, bool)> {
    let limits = &options.limits;
    let mut budget = limits.clone();
    budget.max_nodes = Some(limits.max_nodes.map_or(nodes, |m| m.min(nodes)));
    let first = search(cache, puzzle, ends, options, plan, &plan.method, &budget)?;
    let over_budget =
        first.stopped() == Some(StopReason::MaxNodes) && limits.max_nodes.is_none_or(|m| m > nodes);
    Ok((first, over_budget))
}

/// The plan's quick tables within [`Plan::switch_after`] expansions; beyond
/// them the better tables ([`Plan::later`]) are loaded (built and stored)
/// and the search starts over with them, under what is left of the node
/// budget. The counters add up and the name says which tables answered
/// ([`Plan::switched_name`]). When the better tables are over the memory
/// budget (an error [`Error::is_fallback`] allows), the quick ones search
/// on and the event sink hears why; any other error (a deadline or cancel
/// during the build, the store) is returned, as from any plan's tables.
fn with_better_tables(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    options: &SolveOptions,
    (plan, (later, switch)): (&Plan, (&TablePlan, u64)),
) -> Result<(Found, String)> {
    let limits = &options.limits;
    let (first, over_budget) = within(cache, puzzle, ends, options, plan, switch)?;
    if !over_budget {
        return Ok((first, plan.name()));
    }
    let mut rest = limits.clone();
    rest.max_nodes = limits
        .max_nodes
        .map(|m| m.saturating_sub(first.stats().expanded));
    let better = Plan {
        tables: Some(later.clone()),
        later: None,
        switch_after: None,
        ..plan.clone()
    };
    let (mut second, name) = match cache.load(puzzle, ends.1, later, &rest) {
        Ok(()) => (
            search(cache, puzzle, ends, options, &better, &better.method, &rest)?,
            plan.switched_name(later),
        ),
        Err(e) if e.is_fallback() => {
            cache.report(&BuildEvent::Message(format!(
                "the {} tables could not be had ({e}); the {} tables search on",
                later.sizes(),
                plan.tables
                    .as_ref()
                    .map_or_else(String::new, TablePlan::sizes)
            )));
            (
                search(cache, puzzle, ends, options, plan, &plan.method, &rest)?,
                plan.name(),
            )
        }
        Err(e) => return Err(e),
    };
    carry_over(&mut second, first.stats());
    Ok((second, name))
}

/// Weighted A* with `weight`, and when it runs out of memory again with
/// each larger weight of [`RISING_WEIGHTS`] in turn (a larger weight
/// stores far fewer nodes; each answer is at most its weight times the
/// optimum). The counters add up, the lower bound is the best of the
/// searches', and the name lists the weights that ran: `wastar-1.5, then
/// wastar-2`.
fn with_rising_weight(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    options: &SolveOptions,
    plan: &Plan,
) -> Result<(Found, String)> {
    let weight = plan.method.weight().unwrap_or(1.0);
    let run = |w: f64| {
        let method = plan
            .method
            .with_weight(w)
            .unwrap_or(Method::AStar { weight: w });
        let found = search(cache, puzzle, ends, options, plan, &method, &options.limits);
        let name = Plan {
            method,
            ..plan.clone()
        }
        .name();
        found.map(|r| (r, name))
    };
    let (mut result, first) = run(weight)?;
    let mut names = vec![first];
    for w in RISING_WEIGHTS.into_iter().filter(|&w| w > weight) {
        if result.stopped() != Some(StopReason::Memory) {
            break;
        }
        let (mut r, name) = run(w)?;
        carry_over(&mut r, result.stats());
        result = r;
        names.push(name);
    }
    let proven = meets_lower_bound(&result);
    if let SearchResult::Found { optimal, .. } = &mut result {
        *optimal |= proven;
    }
    Ok((result, names.join(", then ")))
}

/// [`Method::BoardAnytime`]: the constructive answer, then a beam search
/// of width [`ANYTIME_FIRST_WIDTH`], one [`ANYTIME_WIDTH_FACTOR`] times
/// wider, then the widest that fits in [`ANYTIME_TIME_SHARE`] of the time
/// left ([`ANYTIME_PROOF_BEAM_SHARE`] with the plan's tables; predicted
/// from the last beam's time per width) and in the memory budget
/// ([`crate::search::beam::beam_bytes`]), each within
/// [`Limits::improve_for`] (the caller's budget, else [`ANYTIME_SECONDS`])
/// and the deadline, each answer kept when it is shorter in the metric
/// asked for; a width less than twice the last ends the shortening, and
/// so does the first beam a limit stops (time, memory, a cancel). Each
/// beam may go one layer less deep than the answer kept (in single-tile
/// moves). With the plan's tables (single-tile metric only), IDA* with
/// them then runs for the time left up to the kept length
/// ([`Limits::stop_at_bound`]): a solution it finds is shortest, and
/// reaching the kept length proves the kept answer shortest. The counters
/// add up; the lower bound is the heuristics' at the start, raised by
/// IDA* to the bound of the iteration it was in (0 in the multi-tile
/// metric, where the searches' single-tile bounds do not hold); the name
/// is the search that gave the answer kept. Each shorter answer, the
/// constructive one first, goes to [`Limits::improvements`] as it is
/// found (its length, the bound proven so far, its search), and the
/// first beam's and IDA*'s raised bounds are reported with the answer
/// kept even when it is not shorter.
fn anytime(
    cache: &TableCache,
    puzzle: &Puzzle,
    ends: (&Configuration, &Configuration),
    options: &SolveOptions,
    plan: &Plan,
    heuristic: BoardHeuristic,
) -> Result<(Found, String)> {
    let limits = &options.limits;
    let began = Instant::now();
    let mut best = constructive(puzzle, ends, limits, true)?;
    let mut name = "constructive".to_string();
    if best.moves().is_none() {
        return Ok((best, name));
    }
    // The searches count single-tile moves: in the multi-tile metric the
    // answers are measured again and their bounds do not hold.
    let stm = options.metric == Metric::Stm;
    // An answer's length in the metric asked for.
    let measured = |found: &Found| {
        found.moves().map(|steps| {
            length_of_steps(puzzle, ends.0, steps, options.metric).unwrap_or(steps.len())
        })
    };
    let report = |found: &Found, lower_bound: u32, algorithm: &str| {
        limits.improved(&Improvement {
            length: measured(found).unwrap_or(0),
            lower_bound: if stm { lower_bound } else { 0 },
            algorithm: algorithm.to_string(),
            seconds: began.elapsed().as_secs_f64(),
        })
    };
    report(&best, best.stats().lower_bound, &name);
    let mut budget = limits.clone();
    // The caller's budget (--timeout), else ANYTIME_SECONDS, never past
    // the deadline.
    let budget_time = limits
        .improve_for
        .unwrap_or(std::time::Duration::from_secs(ANYTIME_SECONDS));
    let until = Instant::now() + budget_time;
    let deadline = limits.deadline.map_or(until, |d| d.min(until));
    budget.deadline = Some(deadline);
    // The board domain the beams search, for their memory estimates.
    let (w, h) = puzzle
        .plain_board_size()
        .ok_or_else(|| Error::Internal("the anytime plan needs a plain board".into()))?;
    let board = BoardDomain::<true>::new(w, h, ends.0, ends.1)
        .ok_or_else(|| Error::Internal("the anytime plan needs a one-blank board".into()))?;
    let mut counted = *best.stats();
    // With tables, IDA* has the last word (see below).
    let proof = plan.tables.is_some() && stm;
    let mut width = ANYTIME_FIRST_WIDTH;
    // Seconds per unit of width of the last beam.
    let mut per_width = 0.0f64;
    for round in 0.. {
        let Some(kept) = best.moves().map(|m| m.len()) else {
            break;
        };
        let depth = kept.saturating_sub(1);
        if round >= 2 {
            // The widest beam that fits the time and memory left.
            let left = deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64();
            let share = if proof {
                ANYTIME_PROOF_BEAM_SHARE
            } else {
                ANYTIME_TIME_SHARE
            };
            let by_time = (left * share / per_width.max(1e-12)) as usize;
            let mut by_memory = width;
            while beam_bytes(&board, by_memory.saturating_mul(2), depth) <= budget.max_memory
                && by_memory < by_time
            {
                by_memory = by_memory.saturating_mul(2);
            }
            let next = by_time.min(by_memory.max(width));
            if next < width.saturating_mul(2) {
                break;
            }
            width = next;
        }
        let method = Method::BoardBeam {
            width,
            heuristic,
            max_depth: depth,
        };
        let beam_began = Instant::now();
        let beam = search(cache, puzzle, ends, options, plan, &method, &budget)?;
        per_width = beam_began.elapsed().as_secs_f64() / width as f64;
        counted.expanded += beam.stats().expanded;
        counted.generated += beam.stats().generated;
        counted.lower_bound = counted.lower_bound.max(beam.stats().lower_bound);
        counted.seconds += beam.stats().seconds;
        let shorter = match (measured(&beam), measured(&best)) {
            (Some(found), Some(kept)) => found < kept,
            _ => false,
        };
        // A beam that lost every path may be followed by a wider one; a
        // limit ends the shortening.
        let stopped = beam
            .stopped()
            .is_some_and(|r| r != StopReason::BeamExhausted);
        if shorter {
            best = beam;
            name = Plan {
                method,
                ..plan.clone()
            }
            .name();
        }
        if best.moves().is_some() && (shorter || round == 0) {
            // The first beam proves the bound, so it is reported even when
            // its answer is not shorter.
            report(&best, counted.lower_bound, &name);
        }
        if stopped {
            break;
        }
        if round == 0 {
            width = width.saturating_mul(ANYTIME_WIDTH_FACTOR);
        }
    }
    if proof
        && let Some(kept) = best.moves().map(|m| m.len())
        && u64::from(counted.lower_bound) < kept as u64
        && budget.check_time().is_none()
    {
        // IDA* with the tables for the time left, up to the kept length:
        // a solution it finds is shortest (and shorter), and every bound
        // it finishes is proven.
        let ida = Limits {
            stop_at_bound: Some(u32::try_from(kept).unwrap_or(u32::MAX)),
            start_bound: Some(counted.lower_bound),
            ..budget.clone()
        };
        let method = Method::BoardPatternIda { with: None };
        let found_from = counted.lower_bound;
        let found = search(cache, puzzle, ends, options, plan, &method, &ida)?;
        counted.expanded += found.stats().expanded;
        counted.generated += found.stats().generated;
        counted.lower_bound = counted.lower_bound.max(found.stats().lower_bound);
        counted.seconds += found.stats().seconds;
        let raised = counted.lower_bound > found_from;
        if let Some(shorter) = found.moves().map(|m| m.len())
            && shorter < kept
        {
            counted.lower_bound = counted.lower_bound.max(shorter as u32);
            best = found;
            name = Plan {
                method,
                ..plan.clone()
            }
            .name();
            report(&best, counted.lower_bound, &name);
        } else if raised {
            // The same answer, proven shortest or closer to it.
            report(&best, counted.lower_bound, &name);
        }
    }
    if !stm {
        counted.lower_bound = 0;
    }
    *best.stats_mut() = counted;
    let proven = meets_lower_bound(&best);
    if let SearchResult::Found { optimal, .. } = &mut best {
        *optimal = proven;
    }
    Ok((best, name))
}

/// Adds the counters of the searches that ran `before` in the same solve
/// to `r`'s, and keeps the better of their proven lower bounds.
fn carry_over(r: &mut Found, before: &SearchStats) {
    let stats = r.stats_mut();
    stats.expanded += before.expanded;
    stats.generated += before.generated;
    stats.lower_bound = stats.lower_bound.max(before.lower_bound);
}

/// Whether `r`'s path is as short as the lower bound its searches proved
/// (then it is optimal, whatever search found it).
fn meets_lower_bound(r: &Found) -> bool {
    r.moves()
        .is_some_and(|p| p.len() as u64 == u64::from(r.stats().lower_bound))
}

/// The rotation solver on a cycle ([`crate::construct::cycle`]); its
/// solutions are shortest, so the result is marked optimal.
fn rotated(
    puzzle: &Puzzle,
    (start, goal): (&Configuration, &Configuration),
    limits: &Limits,
) -> Result<Found> {
    let built = crate::theory::blanks::cycle_order(puzzle.graph())
        .ok_or_else(|| Error::Internal("the rotation solver planned off a cycle".into()))
        .and_then(|order| crate::construct::cycle::solve_cycle(&order, start, goal, limits));
    let mut result = constructed(built)?;
    if let SearchResult::Found { optimal, .. } = &mut result {
        *optimal = true;
    }
    Ok(result)
}

/// The constructive solver: for boards ([`crate::construct::board`], refused
/// first when the collected solution would not fit the memory budget), for
/// any graph ([`crate::construct::graph`]), with several blanks
/// ([`crate::construct::several`]), or with one-way edges
/// ([`crate::construct::one_way`]).
fn constructive(
    puzzle: &Puzzle,
    (start, goal): (&Configuration, &Configuration),
    limits: &Limits,
    board: bool,
) -> Result<Found> {
    let walk = |path: Vec<usize>| steps_of_blank_path(start.blank(), &path);
    let built = if puzzle.turns().is_some() {
        crate::construct::turning::solve_turning_within(puzzle, start, goal, limits).map(walk)
    } else if puzzle.digraph().is_some() {
        crate::construct::one_way::solve_one_way_within(puzzle, start, goal, limits)
    } else if start.blanks().len() > 1 {
        crate::construct::several::solve_several_blanks_within(puzzle, start, goal, limits)
    } else if board {
        check_collected_board(puzzle, limits.max_memory)?;
        crate::construct::solve_board_constructively_within(puzzle, start, goal, limits).map(walk)
    } else {
        crate::construct::solve_graph_constructively_within(puzzle, start, goal, limits).map(walk)
    };
    constructed(built)
}

/// Refuses, before any work, a constructive board solution that would not
/// fit `max_memory` when collected: a W x H board takes about
/// 1.35 W H (W + H) moves (1000 x 1000: 2.66e9; measured), each
/// [`COLLECTED_BYTES_PER_MOVE`]. [`super::Solver::solve_to_writer`] streams
/// such solutions instead, in O(W H) memory.
fn check_collected_board(puzzle: &Puzzle, max_memory: u64) -> Result<()> {
    let Some((w, h)) = puzzle.plain_board_size() else {
        return Ok(());
    };
    let moves = 1.35 * (w as f64) * (h as f64) * ((w + h) as f64);
    let need = moves * COLLECTED_BYTES_PER_MOVE as f64;
    if need > max_memory as f64 {
        return Err(Error::Limit {
            resource: Resource::Memory,
            needed: if need >= u64::MAX as f64 {
                u64::MAX
            } else {
                need as u64
            },
            budget: max_memory,
        });
    }
    Ok(())
}

/// The answer from a kernel's result: its path as steps, replayed to the
/// goal and measured in `metric`; or why there is none.
fn finish(
    puzzle: &Puzzle,
    (start, goal): (&Configuration, &Configuration),
    metric: Metric,
    plan: &Plan,
    result: Found,
    name: String,
    clock: Instant,
) -> Result<Outcome> {
    let mut stats = *result.stats();
    stats.seconds = clock.elapsed().as_secs_f64();
    // The steps move into the solution (a collected constructive board
    // solution holds millions of moves): no copy.
    let SearchResult::Found {
        moves: steps,
        optimal: proven,
        ..
    } = result
    else {
        return Ok(not_solved(&result, name, stats));
    };
    let end = replay_steps(puzzle, start, &steps)?;
    if &end != goal {
        return Err(Error::Internal(format!(
            "the {name} solution of {} steps does not reach the goal on replay",
            steps.len()
        )));
    }
    let length = length_of_steps(puzzle, start, &steps, metric)
        .ok_or_else(|| Error::Internal("a multi-tile length without directions".into()))?;
    // A path as short as a proven lower bound in its metric is shortest,
    // whatever plan found it (the anytime plan's IDA* proofs).
    let at_bound = metric == Metric::Stm && u64::from(stats.lower_bound) == length as u64;
    let optimal = proven && (plan.optimal || at_bound);
    if optimal {
        stats.lower_bound = u32::try_from(length).unwrap_or(u32::MAX);
    }
    Ok(Outcome::Solved(Solution {
        steps,
        turns: Vec::new(),
        metric,
        length,
        optimal,
        algorithm: name,
        stats,
    }))
}
