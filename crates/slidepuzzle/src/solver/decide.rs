//! The planner: one function, [`decide`], turns a puzzle, a goal and
//! [`SolveOptions`] into a [`Plan`] that says everything the interpreter
//! ([`super::run`]) needs: the kernel, the heuristic and its tables
//! (cached or not), streamed or collected, optimal or not, a fallback, and
//! why. Nothing is searched, loaded or built here; the table store is only
//! asked which tables it holds. One blank and several blanks are planned
//! here alike; see the [solver docs](super) for the automatic choice.

use super::options::{
    ANYTIME_FIRST_WIDTH, ANYTIME_PROOF_BEAM_SHARE, ANYTIME_SECONDS, ANYTIME_TABLES_MAX_CELLS,
    ANYTIME_WIDTH_FACTOR, AUTO_ANYTIME_BOARD_CELLS, AUTO_ASTAR_VERTICES,
    AUTO_LINEAR_CONFLICT_CELLS, AUTO_OPTIMAL_BOARD_CELLS, AUTO_OPTIMAL_GRAPH_VERTICES,
    AUTO_OPTIMAL_ROTATING_VERTICES, AUTO_OPTIMAL_TURNING_VERTICES, AUTO_SEVERAL_BLANKS_NODES,
    AUTO_SEVERAL_BLANKS_WEIGHT, AUTO_TURNING_NODES, AUTO_TURNING_WEIGHT, BEAM_MAX_DEPTH,
    FREE_BLANK_MIN_VERTICES, LATER_EXPANSIONS_PER_ENTRY, MAX_SEARCH_VERTICES, QUICK_TABLE_ENTRIES,
    SWITCH_EXPANSIONS_PER_ENTRY, SolveOptions,
};
use super::plan::{BoardHeuristic, Fallback, Method, Plan, SearchDomain, TablePlan};
use super::spec::{Algorithm, Heuristic, MAX_PARTITIONS, Partition};
use super::tables::TableCache;
use crate::error::{Error, Resource, Result};
use crate::model::symmetry::GoalFrame;
use crate::model::{Configuration, Metric, Puzzle};
use crate::search::partition;
use crate::search::{packed, pdb};

/// Decides how to solve instances of `puzzle` towards `goal` with
/// `options`, without searching. Cheap: the store is asked which tables
/// it holds, nothing is loaded or built.
///
/// # Errors
/// [`Error::Argument`] for a heuristic the puzzle cannot use or a bad
/// partition; [`Error::Unsupported`] for the multi-tile metric without
/// straight lines or with several blanks; [`Error::Limit`] for an optimal
/// search on more than [`MAX_SEARCH_VERTICES`] vertices.
pub(super) fn decide(
    cache: &TableCache,
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    if let Algorithm::WeightedAStar { weight } = options.algorithm {
        // The variant can be built directly: its weight is checked here.
        Algorithm::weighted_a_star(weight)?;
    }
    let mut plan = decide_method(cache, puzzle, goal, options)?;
    plan.domain = SearchDomain::of(puzzle, goal.blanks().len(), &plan.method);
    Ok(plan)
}

/// The plan's method, tables and reason ([`decide`] adds its domain).
fn decide_method(
    cache: &TableCache,
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    if puzzle.rotating().is_some() {
        return plan_rotating(puzzle, options);
    }
    if puzzle.exchanges().is_some() {
        return plan_exchanges(puzzle, goal, options);
    }
    if puzzle.digraph().is_some() {
        return plan_one_way(puzzle, goal, options);
    }
    if puzzle.turns().is_some() {
        return plan_turning(puzzle, goal, options);
    }
    if let Some(plan) = cycle_plan(puzzle, options) {
        return Ok(plan);
    }
    if goal.blanks().len() > 1 {
        return plan_several_blanks(cache, puzzle, goal, options);
    }
    if options.metric == Metric::Mtm && !crate::moves::has_straight_lines(puzzle) {
        return Err(Error::Unsupported(format!(
            "the multi-tile metric needs straight lines (boards, tori, boxes), not {}",
            puzzle.spec()
        )));
    }
    if let Some(plan) = constructive_plan(cache, puzzle, goal, options)? {
        return Ok(plan);
    }
    if options.metric == Metric::Mtm {
        return plan_multi_tile(cache, puzzle, goal, options);
    }
    let n = puzzle.vertex_count();
    let kernel_board = puzzle
        .plain_board_size()
        .filter(|&(w, h)| w * h <= packed::MAX_CELLS);
    if n > MAX_SEARCH_VERTICES && kernel_board.is_none() {
        return Err(Error::limit(
            Resource::Vertices,
            n as u64,
            MAX_SEARCH_VERTICES as u64,
        ));
    }
    match kernel_board {
        Some(size) if matches!(options.algorithm, Algorithm::Auto | Algorithm::Ida) => {
            plan_board(cache, size, goal, options)
        }
        Some(size)
            if matches!(
                options.algorithm,
                Algorithm::AStar | Algorithm::WeightedAStar { .. } | Algorithm::Beam { .. }
            ) =>
        {
            plan_board_best_first(cache, size, goal, options)
        }
        _ => plan_graph(cache, puzzle, goal, options),
    }
}

/// The plan on a puzzle with one-way edges: any search of
/// [`graph_method`] (one or several blanks) with the Manhattan distance
/// along the arcs (each tile's shortest directed path to its goal vertex:
/// a move takes one tile one arc, so it is admissible and consistent).
/// Above [`MAX_SEARCH_VERTICES`] vertices, or when asked, the constructive
/// solver ([`crate::construct::one_way`]). No tables or multi-tile metric
/// there yet.
fn plan_one_way(puzzle: &Puzzle, goal: &Configuration, options: &SolveOptions) -> Result<Plan> {
    if options.metric == Metric::Mtm {
        puzzle.require_two_way("the multi-tile metric")?;
    }
    manhattan_only(
        options,
        "with one-way edges; they use md, the Manhattan distance along the arcs",
    )?;
    let n = puzzle.vertex_count();
    let large = n > MAX_SEARCH_VERTICES;
    if large && options.algorithm == Algorithm::Auto {
        return Ok(Plan {
            optimal: false,
            ..plan_of(
                Method::ConstructiveGraph,
                format!(
                    "One-way edges on more than {MAX_SEARCH_VERTICES} vertices: the constructive solver (the two-way solution, each move against an arc made round a directed cycle through it)"
                ),
            )
        });
    }
    if large && options.algorithm != Algorithm::Constructive {
        return Err(Error::limit(
            Resource::Vertices,
            n as u64,
            MAX_SEARCH_VERTICES as u64,
        ));
    }
    let (method, optimal) = graph_method(&options.algorithm, n <= AUTO_ASTAR_VERTICES);
    let name = match method {
        Method::ConstructiveGraph => {
            "the constructive solver (the two-way solution, each move against an arc made round a directed cycle through it)"
        }
        _ => search_name(&method),
    };
    let blanks = goal.blanks().len();
    let with = if method == Method::ConstructiveGraph {
        ""
    } else {
        " with the Manhattan distance along the arcs (each tile's shortest directed path to its goal vertex)"
    };
    let several = if blanks > 1 {
        format!(", {blanks} blanks")
    } else {
        String::new()
    };
    Ok(Plan {
        optimal,
        ..plan_of(method, format!("One-way edges{several}: {name}{with}"))
    })
}

/// The plan on a puzzle whose tiles turn (docs/THEORY.md section 8): any
/// search of [`graph_method`] on the turning domain
/// ([`crate::search::turning`]) with the Manhattan distance in the lifted
/// graph (each tile's least moves to its goal vertex *and* orientation).
/// One blank, the single-tile metric, at most
/// [`crate::search::turning::MAX_LABELS`] tile x orientation labels; no
/// tables or constructive solver there yet.
fn plan_turning(puzzle: &Puzzle, goal: &Configuration, options: &SolveOptions) -> Result<Plan> {
    let turning = |what: &str| {
        Err(Error::Unsupported(format!(
            "{what} is not available for puzzles whose tiles turn ({}) yet",
            crate::error::excerpt(puzzle.spec())
        )))
    };
    if options.metric == Metric::Mtm {
        return turning("the multi-tile metric");
    }
    if goal.blanks().len() > 1 {
        return plan_turning_blanks(puzzle, goal, options);
    }
    manhattan_only(
        options,
        "for tiles that turn; they use md, the Manhattan distance with turns",
    )?;
    let n = puzzle.vertex_count();
    let constructive = "the constructive solver (tile by tile, each walked round a turning cycle as needed, then the last few vertices by A*)";
    let large = n > AUTO_OPTIMAL_TURNING_VERTICES;
    // Auto on a large puzzle the constructive solver cannot take (no last
    // region: a tree, a cycle, a unicyclic graph) searches instead: such
    // puzzles reach few configurations.
    let no_region = if large && options.algorithm == Algorithm::Auto {
        crate::construct::turning::applies_to(puzzle).err()
    } else {
        None
    };
    if options.algorithm == Algorithm::Constructive
        || (large && options.algorithm == Algorithm::Auto && no_region.is_none())
    {
        let why = if options.algorithm == Algorithm::Auto {
            format!(
                " (more than {AUTO_OPTIMAL_TURNING_VERTICES} vertices: too many for an optimal search to finish reliably)"
            )
        } else {
            String::new()
        };
        return Ok(Plan {
            optimal: false,
            ..plan_of(
                Method::ConstructiveGraph,
                format!("Tiles that turn{why}: {constructive}"),
            )
        });
    }
    let k = puzzle.turns().map_or(1, |t| t.modulus() as usize);
    let labels = (n - 1) * k;
    if labels > crate::search::turning::MAX_LABELS {
        return Err(Error::limit(
            Resource::Tiles,
            labels as u64,
            crate::search::turning::MAX_LABELS as u64,
        ));
    }
    let (mut method, optimal) = graph_method(&options.algorithm, n <= AUTO_ASTAR_VERTICES);
    // Without a region: IDA* within a node budget, then weighted A*.
    let fallback = no_region.is_some().then_some(Fallback {
        nodes: AUTO_TURNING_NODES,
        weight: AUTO_TURNING_WEIGHT,
    });
    if fallback.is_some() {
        method = Method::GraphIda;
    }
    let name = search_name(&method);
    let with = if method == Method::Bfs {
        ""
    } else {
        " with the Manhattan distance with turns (each tile's least moves to its goal vertex and orientation, in the graph of vertex x orientation pairs)"
    };
    let instead = match fallback {
        Some(_) => format!(
            " (more than {AUTO_OPTIMAL_TURNING_VERTICES} vertices, but the constructive solver needs a 2-connected region of at most {} with the puzzle's turn invariants, and this puzzle has none)",
            crate::construct::turning::MAX_REGION
        ),
        None => String::new(),
    };
    Ok(Plan {
        optimal,
        fallback,
        ..plan_of(method, format!("Tiles that turn{instead}: {name}{with}"))
    })
}

/// The plan on a puzzle whose tiles turn, with several blanks: no
/// heuristic follows them yet, so breadth-first search on the domain of
/// [`crate::search::turning_blanks`], from both ends at once by default
/// (every slide is undone by the slide back, which turns the tile back),
/// from the start alone for `bfs` and `astar`. Shortest; at most
/// [`crate::search::turning::MAX_LABELS`] tile x orientation labels.
fn plan_turning_blanks(
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    let spec = crate::error::excerpt(puzzle.spec());
    let blanks = goal.blanks().len();
    if !matches!(options.heuristic, Heuristic::Auto) {
        return Err(Error::argument(
            "heuristic",
            format!(
                "{} is not available for tiles that turn with {blanks} blanks: they are searched breadth first",
                options.heuristic
            ),
        ));
    }
    let k = puzzle.turns().map_or(1, |t| t.modulus() as usize);
    let labels = puzzle.vertex_count().saturating_sub(blanks) * k;
    if labels > crate::search::turning::MAX_LABELS {
        return Err(Error::limit(
            Resource::Tiles,
            labels as u64,
            crate::search::turning::MAX_LABELS as u64,
        ));
    }
    let (method, how) = match options.algorithm {
        Algorithm::Auto => (
            Method::BidirectionalBfs,
            "bidirectional breadth-first search (from the start and the goal at once)",
        ),
        Algorithm::Bfs | Algorithm::AStar => (
            Method::Bfs,
            "breadth-first search from the start (A* has no heuristic here)",
        ),
        ref other => {
            return Err(Error::Unsupported(format!(
                "{other} is not available for tiles that turn with {blanks} blanks ({spec}); they take auto, bfs or astar (breadth first, shortest)"
            )));
        }
    };
    Ok(plan_of(
        method,
        format!(
            "Tiles that turn, {blanks} blanks: no heuristic follows them yet, so {how}, shortest"
        ),
    ))
}

/// The plan on a puzzle whose slides exchange two other tiles (Conway's
/// M13, [`crate::model::exchanges`]): breadth-first search on the
/// exchange domain ([`crate::search::exchanges`]) from both ends at once
/// ([`crate::search::bidirectional`]), shortest; `bfs` and `astar` (A*
/// with h = 0: no heuristic follows the tiles an exchange moves) search
/// breadth first from the start alone. One blank, single-tile moves.
fn plan_exchanges(puzzle: &Puzzle, goal: &Configuration, options: &SolveOptions) -> Result<Plan> {
    let spec = crate::error::excerpt(puzzle.spec());
    if options.metric == Metric::Mtm {
        return Err(Error::Unsupported(format!(
            "the multi-tile metric counts straight runs of slides; {spec} has none"
        )));
    }
    if goal.blanks().len() != 1 {
        return Err(Error::Unsupported(format!(
            "{spec} is played with one hole, not {}",
            goal.blanks().len()
        )));
    }
    if !matches!(options.heuristic, Heuristic::Auto) {
        return Err(Error::argument(
            "heuristic",
            format!(
                "{} is not available for {spec}: its moves exchange tiles no heuristic follows yet, so it searches breadth first",
                options.heuristic
            ),
        ));
    }
    match options.algorithm {
        Algorithm::Auto => Ok(plan_of(
            Method::BidirectionalBfs,
            format!(
                "{spec}: each slide also exchanges two other tiles, which no heuristic follows yet, so bidirectional breadth-first search (from the start and the goal at once, each slide undone by the slide back), shortest"
            ),
        )),
        Algorithm::Bfs | Algorithm::AStar => Ok(plan_of(
            Method::Bfs,
            format!(
                "{spec}: breadth-first search from the start (A* has no heuristic here; the automatic choice searches from both ends, far faster), shortest"
            ),
        )),
        ref other => Err(Error::Unsupported(format!(
            "{other} is not available for {spec}; it takes auto, bfs or astar (breadth first, shortest)"
        ))),
    }
}

/// The plan on a rotating puzzle: IDA* on the turns with the rotation
/// distance (shortest) up to [`AUTO_OPTIMAL_ROTATING_VERTICES`] tokens,
/// the constructive solver for rotating puzzles above, or either when
/// asked (`ida`, `constructive`). One move is one turn, so there is one
/// metric.
fn plan_rotating(puzzle: &Puzzle, options: &SolveOptions) -> Result<Plan> {
    let spec = crate::error::excerpt(puzzle.spec());
    if options.metric == Metric::Mtm {
        return Err(Error::Unsupported(format!(
            "the multi-tile metric counts straight runs of slides; a rotating puzzle ({spec}) moves by turns, one metric"
        )));
    }
    manhattan_only(
        options,
        "for rotating puzzles; they use the rotation distance",
    )?;
    let n = puzzle.vertex_count();
    let optimal = match options.algorithm {
        Algorithm::Auto => n <= AUTO_OPTIMAL_ROTATING_VERTICES,
        Algorithm::Ida => true,
        Algorithm::Constructive => false,
        ref other => {
            return Err(Error::Unsupported(format!(
                "{other} is not available for rotating puzzles ({spec}); they take auto, ida (shortest) or constructive"
            )));
        }
    };
    if optimal {
        if n > crate::search::rotating::MAX_SEARCH_TOKENS {
            return Err(Error::limit(
                Resource::Tiles,
                n as u64,
                crate::search::rotating::MAX_SEARCH_TOKENS as u64,
            ));
        }
        return Ok(plan_of(
            Method::RotationIda,
            "A rotating puzzle: IDA* on the turns with the rotation distance (each token's distance to its goal vertex, and their sum over the longest cycle)",
        ));
    }
    let why = if options.algorithm == Algorithm::Auto {
        format!(
            " (more than {AUTO_OPTIMAL_ROTATING_VERTICES} tokens: too many for an optimal search to finish reliably)"
        )
    } else {
        String::new()
    };
    Ok(Plan {
        optimal: false,
        ..plan_of(
            Method::ConstructiveRotating,
            format!(
                "A rotating puzzle{why}: the constructive solver (tokens put home a few at a time, each stage by a meet-in-the-middle search, the last few by IDA*)"
            ),
        )
    })
}

/// [`Error::Argument`] unless `options` ask for the automatic heuristic or
/// the Manhattan distance, the one the puzzle kind `where_` names has.
fn manhattan_only(options: &SolveOptions, where_: &str) -> Result<()> {
    if matches!(options.heuristic, Heuristic::Auto | Heuristic::Manhattan) {
        return Ok(());
    }
    Err(Error::argument(
        "heuristic",
        format!("{} is not available {where_}", options.heuristic),
    ))
}

/// The name of a graph search `method` in plan reasons.
fn search_name(method: &Method) -> &'static str {
    match method {
        Method::AStar { weight: 1.0 } => "A*",
        Method::AStar { .. } => "weighted A*",
        Method::Bfs => "breadth-first search",
        Method::Beam { .. } => "beam search",
        _ => "IDA*",
    }
}

/// An optimal plan of `method` (no tables, no fallback, collected); its
/// domain is set by [`decide`].
fn plan_of(method: Method, reason: impl Into<String>) -> Plan {
    Plan {
        method,
        domain: SearchDomain::Construction,
        tables: None,
        later: None,
        switch_after: None,
        later_after: None,
        optimal: true,
        streamed: false,
        reason: reason.into(),
        fallback: None,
    }
}

/// The method an explicit algorithm names on any graph, and whether it is
/// optimal; `Auto` is A* on small graphs (at most [`AUTO_ASTAR_VERTICES`]
/// vertices), IDA* above.
fn graph_method(algorithm: &Algorithm, small: bool) -> (Method, bool) {
    match *algorithm {
        Algorithm::Auto if small => (Method::AStar { weight: 1.0 }, true),
        Algorithm::Auto | Algorithm::Ida => (Method::GraphIda, true),
        Algorithm::AStar => (Method::AStar { weight: 1.0 }, true),
        Algorithm::WeightedAStar { weight } => (Method::AStar { weight }, weight == 1.0),
        Algorithm::Bfs => (Method::Bfs, true),
        Algorithm::Beam { width } => (Method::Beam { width }, false),
        Algorithm::Constructive => (Method::ConstructiveGraph, false),
    }
}

/// The plan on a cycle when the automatic choice or a constructive
/// solution is asked for in the single-tile metric: the rotation solver,
/// shortest and O(n + moves), with any number of blanks.
fn cycle_plan(puzzle: &Puzzle, options: &SolveOptions) -> Option<Plan> {
    let wanted = matches!(options.algorithm, Algorithm::Auto | Algorithm::Constructive)
        && matches!(options.heuristic, Heuristic::Auto)
        && options.metric == Metric::Stm;
    (wanted && crate::theory::blanks::cycle_order(puzzle.graph()).is_some()).then(|| {
        plan_of(
            Method::CycleRotation,
            "On a cycle tiles only rotate: each tile's displacement is fixed up to a whole turn, and the rotation solver moves every tile straight home with the turn that costs least, a shortest solution",
        )
    })
}

/// The constructive plan with one blank, when it is asked for or when the
/// automatic choice finds the puzzle too large for optimal search (boards
/// above [`AUTO_OPTIMAL_BOARD_CELLS`] cells, other graphs above
/// [`AUTO_OPTIMAL_GRAPH_VERTICES`] vertices). Boards are streamed.
fn constructive_plan(
    cache: &TableCache,
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Option<Plan>> {
    let board = puzzle.plain_board_size();
    let on_board = board.is_some_and(|(w, h)| w >= 2 && h >= 2);
    let wants_pdb = matches!(
        options.heuristic,
        Heuristic::PatternDatabases(_) | Heuristic::BlankAwarePatternDatabases(_)
    );
    let reason = match options.algorithm {
        Algorithm::Constructive => "The constructive solver was asked for".to_string(),
        Algorithm::Auto
            if !wants_pdb
                && on_board
                && board.is_some_and(|(w, h)| w * h > AUTO_OPTIMAL_BOARD_CELLS) =>
        {
            format!(
                "Boards above {AUTO_OPTIMAL_BOARD_CELLS} cells are solved constructively (Parberry's algorithm, any size, not optimal); ask for IDA* for the optimum with pattern databases"
            )
        }
        Algorithm::Auto
            if board.is_none() && puzzle.vertex_count() > AUTO_OPTIMAL_GRAPH_VERTICES =>
        {
            format!(
                "Graphs above {AUTO_OPTIMAL_GRAPH_VERTICES} vertices are solved constructively (block by block, Wilson's 3-cycles; not optimal); ask for IDA* or A* for the optimum"
            )
        }
        _ => return Ok(None),
    };
    let anytime = options.algorithm == Algorithm::Auto
        && board.is_some_and(|(w, h)| w >= 2 && h >= 2 && w * h <= AUTO_ANYTIME_BOARD_CELLS);
    if anytime {
        let heuristic = match options.heuristic {
            Heuristic::Manhattan => BoardHeuristic::Manhattan,
            Heuristic::WalkingDistance => BoardHeuristic::WalkingDistance,
            _ => BoardHeuristic::LinearConflict,
        };
        let widths = format!(
            "Boards of {} to {AUTO_ANYTIME_BOARD_CELLS} cells: the constructive answer at once, then beam searches of {ANYTIME_FIRST_WIDTH} and {} positions per layer, then the widest beam that fits",
            AUTO_OPTIMAL_BOARD_CELLS + 1,
            ANYTIME_FIRST_WIDTH * ANYTIME_WIDTH_FACTOR
        );
        // The proof by IDA* counts single-tile moves: tables serve the
        // single-tile metric only.
        let stm = options.metric == Metric::Stm;
        let cached = match (options.heuristic.clone(), board) {
            (Heuristic::Auto, Some(size)) if stm => anytime_tables(cache, size, goal)?,
            _ => None,
        };
        return Ok(Some(match cached {
            Some((tables, served)) => {
                let why = format!(
                    "{widths} {:.0} % of the time left, with the cached {} tables (maximised with linear conflict), each shortening it; then IDA* with those tables for the rest of the time, which finds a shortest answer or proves that none is shorter than the kept one, else says how far it may be; for up to {ANYTIME_SECONDS} s (--timeout sets the budget)",
                    ANYTIME_PROOF_BEAM_SHARE * 100.0,
                    tables.sizes()
                );
                Plan {
                    optimal: false,
                    tables: Some(tables),
                    ..plan_of(Method::BoardAnytime { heuristic }, served.reason(&why))
                }
            }
            None => Plan {
                optimal: false,
                ..plan_of(
                    Method::BoardAnytime { heuristic },
                    format!(
                        "{widths} the time and memory left, each shortening it, for up to {ANYTIME_SECONDS} s (--timeout sets the budget); the answer is not shortest, {}{}",
                        if stm {
                            "and the lower bound shows how far it may be"
                        } else {
                            "and no lower bound is proven (the searches count single-tile moves)"
                        },
                        match board {
                            Some((w, h)) if stm && w * h <= ANYTIME_TABLES_MAX_CELLS => format!(
                                "; with the tables cached (`slidepuzzle pdb build --puzzle {}`, minutes, once) the plan also proves answers shortest",
                                puzzle.spec()
                            ),
                            _ => "; ask for IDA* with pattern databases for the optimum".into(),
                        }
                    ),
                )
            },
        }));
    }
    let method = if on_board {
        Method::ConstructiveBoard
    } else {
        Method::ConstructiveGraph
    };
    Ok(Some(Plan {
        optimal: false,
        streamed: on_board,
        ..plan_of(method, reason)
    }))
}

/// The pattern databases the anytime plan on a W x H board uses when they
/// are cached (it never builds them: a build takes minutes): the stronger
/// partitions first, then the default one; the goal's own tables, else
/// the standard goal's through a frame. `None` when none is cached or the
/// board has no default partition.
fn anytime_tables(
    cache: &TableCache,
    (w, h): (usize, usize),
    goal: &Configuration,
) -> Result<Option<(TablePlan, Served)>> {
    if w * h > ANYTIME_TABLES_MAX_CELLS {
        return Ok(None);
    }
    let frame = standard_frame(w, h, goal);
    let partitions = stronger_partitions(w, h)
        .iter()
        .map(|sizes| Partition::Sizes(sizes.to_vec()))
        .chain([Partition::Default]);
    for partition in partitions {
        // A board without such a partition has no tables to look for.
        let Ok((tables, served)) = board_tables(cache, (w, h), goal, frame.as_ref(), &partition)
        else {
            continue;
        };
        if tables.cached {
            return Ok(Some((tables, served)));
        }
    }
    Ok(None)
}

/// The plan on a plain W x H board of at most [`packed::MAX_CELLS`] cells
/// with IDA* (asked for or automatic): the packed board kernel with
/// Manhattan distance, linear conflict, walking distance or additive
/// pattern databases.
fn plan_board(
    cache: &TableCache,
    (w, h): (usize, usize),
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    let cells = w * h;
    let frame = standard_frame(w, h, goal);
    let tables =
        |partition: &Partition| board_tables(cache, (w, h), goal, frame.as_ref(), partition);
    let plan = match &options.heuristic {
        Heuristic::Manhattan | Heuristic::LinearConflict | Heuristic::WalkingDistance => {
            let heuristic = match options.heuristic {
                Heuristic::Manhattan => BoardHeuristic::Manhattan,
                Heuristic::WalkingDistance => BoardHeuristic::WalkingDistance,
                _ => BoardHeuristic::LinearConflict,
            };
            plan_of(
                Method::BoardIda { heuristic },
                "The heuristic was asked for",
            )
        }
        Heuristic::PatternDatabases(partition)
        | Heuristic::PatternDatabasesMax(partition, _)
        | Heuristic::BlankAwarePatternDatabases(partition) => {
            let with = match &options.heuristic {
                Heuristic::PatternDatabasesMax(_, second) => Some(*second),
                _ => None,
            };
            let blank_aware = matches!(options.heuristic, Heuristic::BlankAwarePatternDatabases(_));
            // Tables asked for by name are the goal's own, so that their
            // node counts are those published (the automatic plan lets the
            // standard goal's cached tables serve).
            let partitions = board_partitions((w, h), goal, partition)?;
            Plan {
                tables: Some(cache.board_table_plan((w, h), goal, partitions, blank_aware)),
                ..plan_of(
                    Method::BoardPatternIda { with },
                    "Pattern databases were asked for",
                )
            }
        }
        Heuristic::Auto if cells <= AUTO_LINEAR_CONFLICT_CELLS => plan_of(
            Method::BoardIda {
                heuristic: BoardHeuristic::LinearConflict,
            },
            format!(
                "Boards of up to {AUTO_LINEAR_CONFLICT_CELLS} cells are solved in milliseconds with Manhattan distance and linear conflict"
            ),
        ),
        Heuristic::Auto => {
            let method = Method::BoardPatternIda { with: None };
            // Larger tables than the default ones are never built on their
            // own, but used when the store holds them.
            for sizes in stronger_partitions(w, h) {
                let (t, reason) = tables(&Partition::Sizes(sizes.to_vec()))?;
                if t.cached {
                    let why = format!(
                        "Additive pattern databases, the best heuristic at hand (Korf and Felner 2002): the {} tables are cached",
                        t.sizes()
                    );
                    return Ok(Plan {
                        tables: Some(t),
                        ..plan_of(method, reason.reason(&why))
                    });
                }
            }
            let (best, reason) = tables(&Partition::Default)?;
            let quick_ok = best
                .groups
                .iter()
                .all(|g| pdb::placements(cells, g.len()) <= QUICK_TABLE_ENTRIES);
            let entries = |t: &TablePlan| -> u64 {
                t.groups
                    .iter()
                    .map(|g| pdb::placements(cells, g.len()))
                    .sum()
            };
            if best.cached || quick_ok {
                // Stronger tables for later, built only after a long run.
                let stronger = match built_after_long_runs(w, h) {
                    Some(sizes) if best.cached && cache.has_store() => {
                        let partition = Partition::Sizes(sizes.to_vec());
                        let t = tables_for_later(cache, (w, h), goal, frame.as_ref(), &partition)?;
                        (!t.cached && t.build_memory <= options.limits.max_memory).then_some(t)
                    }
                    _ => None,
                };
                Plan {
                    tables: Some(best),
                    later_after: stronger
                        .as_ref()
                        .map(|t| entries(t).saturating_mul(LATER_EXPANSIONS_PER_ENTRY)),
                    later: stronger,
                    ..plan_of(
                        method,
                        reason.reason(
                            "Additive pattern databases, the best heuristic at hand (Korf and Felner 2002)",
                        ),
                    )
                }
            } else {
                // Quick tables now (groups of at most 5 tiles), the best
                // ones after the answer.
                let quick = cache.board_table_plan(
                    (w, h),
                    goal,
                    vec![partition::quick_partition(w, h, goal)?],
                    false,
                );
                let (quick_entries, best_entries) = (entries(&quick), entries(&best));
                let reason = format!(
                    "The {} tables are not cached yet, so this run starts with {} tables ({:.1} million entries in all against {:.1} million, built in a fraction of the time)",
                    best.sizes(),
                    quick.sizes(),
                    quick_entries as f64 / 1e6,
                    best_entries as f64 / 1e6
                );
                let later = match frame {
                    Some(_) => {
                        tables_for_later(cache, (w, h), goal, frame.as_ref(), &Partition::Default)?
                    }
                    None => best,
                };
                let later = cache.has_store().then_some(later);
                Plan {
                    tables: Some(quick),
                    switch_after: later
                        .as_ref()
                        .map(|_| best_entries.saturating_mul(SWITCH_EXPANSIONS_PER_ENTRY)),
                    later,
                    ..plan_of(method, reason)
                }
            }
        }
    };
    Ok(plan)
}

/// A* (any weight) or beam search on a plain board: the packed board
/// kernel with Manhattan distance and linear conflict unless another
/// heuristic is asked for; with pattern databases asked for, the goal's
/// own tables maximised with the heuristic `pdb-max:` names (else with the
/// Manhattan distance they already dominate).
fn plan_board_best_first(
    cache: &TableCache,
    (w, h): (usize, usize),
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    let (heuristic, tables) = match &options.heuristic {
        Heuristic::Manhattan => (BoardHeuristic::Manhattan, None),
        Heuristic::WalkingDistance => (BoardHeuristic::WalkingDistance, None),
        Heuristic::Auto | Heuristic::LinearConflict => (BoardHeuristic::LinearConflict, None),
        Heuristic::PatternDatabases(partition)
        | Heuristic::PatternDatabasesMax(partition, _)
        | Heuristic::BlankAwarePatternDatabases(partition) => {
            let with = match &options.heuristic {
                Heuristic::PatternDatabasesMax(_, second) => *second,
                _ => BoardHeuristic::Manhattan,
            };
            let blank_aware = matches!(options.heuristic, Heuristic::BlankAwarePatternDatabases(_));
            let partitions = board_partitions((w, h), goal, partition)?;
            let t = cache.board_table_plan((w, h), goal, partitions, blank_aware);
            (with, Some(t))
        }
    };
    let (method, optimal) = match options.algorithm {
        Algorithm::Beam { width } => (
            Method::BoardBeam {
                width,
                heuristic,
                max_depth: BEAM_MAX_DEPTH,
            },
            false,
        ),
        Algorithm::WeightedAStar { weight } => {
            (Method::BoardAStar { weight, heuristic }, weight == 1.0)
        }
        _ => (
            Method::BoardAStar {
                weight: 1.0,
                heuristic,
            },
            true,
        ),
    };
    Ok(Plan {
        optimal,
        tables,
        ..plan_of(method, "The algorithm was asked for")
    })
}

/// Partitions stronger than the default one that the automatic plan uses
/// when the store holds them, strongest first (7-7-1 is also built after
/// long runs: [`built_after_long_runs`]): on 4x4 7-8
/// (Korf and Felner 2002: about a tenth of the nodes of 6-6-3, but 0.5 GB
/// and minutes to build), then 7-7-1 (about a quarter of the nodes of
/// 6-6-3, 58 MB, half a minute: [`partition::partition_of_sizes`]).
fn stronger_partitions(width: usize, height: usize) -> &'static [&'static [usize]] {
    match (width, height) {
        (4, 4) => &[&[7, 8], &[7, 7, 1]],
        _ => &[],
    }
}

/// The tables of `partition` the automatic plan leaves for later: the
/// standard goal's when `frame` takes `goal` to it (so that one build
/// serves every goal with its blank in a corner), else the goal's own.
fn tables_for_later(
    cache: &TableCache,
    (w, h): (usize, usize),
    goal: &Configuration,
    frame: Option<&GoalFrame>,
    partition: &Partition,
) -> Result<TablePlan> {
    let target = match frame {
        Some(_) => Configuration::natural(w * h),
        None => goal.clone(),
    };
    let groups = board_partitions((w, h), &target, partition)?;
    let mut t = cache.board_table_plan((w, h), &target, groups, false);
    if frame.is_some() {
        t.goal = Some(target);
    }
    Ok(t)
}

/// The stronger partition the automatic plan builds for later after a
/// long run with the default tables ([`Plan::later_after`]): 7-7-1 on
/// 4x4 (a quarter of the 6-6-3's nodes for half a minute's build); 7-8
/// is only ever built on request.
fn built_after_long_runs(width: usize, height: usize) -> Option<&'static [usize]> {
    match (width, height) {
        (4, 4) => Some(&[7, 7, 1]),
        _ => None,
    }
}

/// The tables of `partition` for `goal` in the automatic plan: its own
/// when they are cached or no other goal serves it; else, when `frame` takes `goal` to the
/// standard goal and the standard goal's tables are cached, those
/// ([`TablePlan::goal`]), so no goal with its blank in a corner builds
/// tables the store already holds in another orientation. Returns the
/// plan and the reason's wording (the frame's sentence appended when the
/// standard goal's tables serve).
fn board_tables(
    cache: &TableCache,
    (w, h): (usize, usize),
    goal: &Configuration,
    frame: Option<&GoalFrame>,
    partition: &Partition,
) -> Result<(TablePlan, Served)> {
    let own = cache.board_table_plan(
        (w, h),
        goal,
        board_partitions((w, h), goal, partition)?,
        false,
    );
    own_or_standard(own, frame, w * h, |standard| {
        let partitions = board_partitions((w, h), standard, partition)?;
        Ok(Some(cache.board_table_plan(
            (w, h),
            standard,
            partitions,
            false,
        )))
    })
}

/// The frame taking `goal` on a W x H board to the standard goal (tile
/// i + 1 on cell i), when `goal` is another goal with its blank in a
/// corner ([`GoalFrame::onto`]).
fn standard_frame(w: usize, h: usize, goal: &Configuration) -> Option<GoalFrame> {
    GoalFrame::onto(w, h, goal, &Configuration::natural(w * h)).filter(|f| !f.is_identity())
}

/// `own` (a goal's own tables) when they are cached or no `frame` takes
/// the goal to the standard goal; else the standard goal's tables
/// (`standard` of the standard goal of `cells` cells, `None` when there
/// are none) when those are cached, with [`TablePlan::goal`] set and the
/// frame's sentence. The one rule of board and multi-tile tables alike.
fn own_or_standard(
    own: TablePlan,
    frame: Option<&GoalFrame>,
    cells: usize,
    standard: impl FnOnce(&Configuration) -> Result<Option<TablePlan>>,
) -> Result<(TablePlan, Served)> {
    if let (false, Some(f)) = (own.cached, frame) {
        let natural = Configuration::natural(cells);
        if let Some(mut t) = standard(&natural)?.filter(|t| t.cached) {
            t.goal = Some(natural);
            return Ok((t, Served(Some(f.in_words()))));
        }
    }
    Ok((own, Served(None)))
}

/// The sentence a plan adds when the standard goal's tables serve its
/// goal ([`GoalFrame::in_words`]).
struct Served(Option<String>);

impl Served {
    /// `reason`, followed by the sentence if there is one.
    fn reason(&self, reason: &str) -> String {
        match &self.0 {
            Some(s) => format!("{}. {s}", reason.trim_end_matches('.')),
            None => reason.to_string(),
        }
    }
}

/// The partitions a board pattern-database heuristic names (one, or
/// several for a catalogue), in the tiles of `goal` (the run's goal, or
/// the standard goal whose tables serve it).
///
/// # Errors
/// [`Error::Argument`] for a partition that does not cover the tiles once,
/// a catalogue where the board has none, or more than
/// [`MAX_PARTITIONS`] partitions.
fn board_partitions(
    (w, h): (usize, usize),
    goal: &Configuration,
    partition: &Partition,
) -> Result<Vec<Vec<Vec<u32>>>> {
    match partition {
        Partition::Several(several) if several.len() > MAX_PARTITIONS => Err(Error::argument(
            "heuristic",
            format!(
                "{} partitions, but a catalogue holds at most {MAX_PARTITIONS}",
                several.len()
            ),
        )),
        Partition::Several(several) => several
            .iter()
            .map(|p| match p {
                Partition::Several(_) | Partition::Catalogue => Err(Error::argument(
                    "heuristic",
                    "a catalogue's partitions are sizes or groups",
                )),
                one => board_groups((w, h), goal, one),
            })
            .collect(),
        Partition::Catalogue => partition::catalogue(w, h, goal).ok_or_else(|| {
            Error::argument(
                "heuristic",
                format!(
                    "there is a catalogue for 5x5 with the blank's goal in a corner, not for {w}x{h} with this goal: give the partitions (pdb:6-6-3|5-5-5)"
                ),
            )
        }),
        one => Ok(vec![board_groups((w, h), goal, one)?]),
    }
}

/// The one partition a board pattern-database heuristic names, in the
/// tiles of `goal`.
fn board_groups(
    (w, h): (usize, usize),
    goal: &Configuration,
    partition: &Partition,
) -> Result<Vec<Vec<u32>>> {
    match partition {
        Partition::Default => partition::default_partition(w, h, goal),
        // The sizes of the default partition select it (6-6-3 on 4x4 is
        // the two-column split), so `pdb build --partition 6-6-3` and
        // `--heuristic pdb` prepare and use the same tables; 7-7-1 on 4x4
        // names compact blocks.
        Partition::Sizes(sizes) => partition::partition_of_sizes(w, h, goal, sizes),
        Partition::Groups(groups) => {
            partition::check_partition(goal, groups)?;
            Ok(groups.clone())
        }
        Partition::Several(_) | Partition::Catalogue => Err(Error::Internal(
            "several partitions where one was expected".into(),
        )),
    }
}

/// Average degree below 3 (2E < 3V): where graph pattern databases pay.
fn sparse(puzzle: &Puzzle) -> bool {
    2 * puzzle.graph().edge_count() < 3 * puzzle.vertex_count()
}

/// The plan on any graph with one blank (boards too, with an explicit
/// algorithm other than IDA*): IDA*, A*, BFS or beam search with the
/// generalised Manhattan distance or graph pattern databases.
fn plan_graph(
    cache: &TableCache,
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    let n = puzzle.vertex_count();
    let small = n <= AUTO_ASTAR_VERTICES;
    let wants_tables = match &options.heuristic {
        Heuristic::PatternDatabases(Partition::Default) => true,
        Heuristic::PatternDatabases(_) => {
            return Err(Error::argument(
                "heuristic",
                format!(
                    "on {} pattern databases use the automatic partition: give pdb without sizes",
                    puzzle.spec()
                ),
            ));
        }
        Heuristic::PatternDatabasesMax(..)
        | Heuristic::WalkingDistance
        | Heuristic::BlankAwarePatternDatabases(_) => {
            return Err(Error::argument(
                "heuristic",
                format!(
                    "{} is a heuristic for plain boards only, not {}",
                    options.heuristic,
                    puzzle.spec()
                ),
            ));
        }
        // Measured (docs/BENCHMARKS.md): on sparse graphs (thetas, cycles
        // with chords) tiles must travel around long cycles and the tables
        // cut the nodes a thousandfold; on grid-like graphs (boxes, tori,
        // diagonal boards) the generalised Manhattan distance is close and
        // cheaper per node.
        Heuristic::Auto => !small && n <= 64 && sparse(puzzle),
        Heuristic::Manhattan | Heuristic::LinearConflict => false,
    };
    let (method, optimal) = graph_method(&options.algorithm, small);
    let mut plan = Plan {
        optimal,
        ..plan_of(method, "")
    };
    if wants_tables && matches!(plan.method, Method::GraphIda | Method::AStar { .. }) {
        if n > 64 {
            return Err(Error::argument(
                "heuristic",
                format!("pattern databases handle at most 64 vertices, not {n}"),
            ));
        }
        plan.tables = Some(cache.graph_table_plan(puzzle, goal));
    }
    plan.reason = match (&plan.method, options.algorithm != Algorithm::Auto) {
        (_, true) => "The algorithm was asked for".into(),
        (Method::AStar { .. }, false) => format!(
            "Graphs of up to {AUTO_ASTAR_VERTICES} vertices are solved at once by A* with the generalised Manhattan distance"
        ),
        _ if plan.tables.is_some() => "A sparse graph (average degree below 3): IDA* with pattern databases over groups of tiles whose goal vertices are close (often thousands of times fewer nodes than the generalised Manhattan distance)".into(),
        _ => "IDA* with the generalised Manhattan distance (on graphs of average degree 3 or more it beats tables small enough to build at once)".into(),
    };
    Ok(plan)
}

/// The plan for an optimal search in the multi-tile metric: IDA* on the
/// plain-board MTM domain with the walking distance counted in runs
/// (boards of up to [`AUTO_OPTIMAL_BOARD_CELLS`] cells under
/// [`Heuristic::Auto`]) or the row and column distances divided by the
/// longest run. With tables, the goal's own when cached; else, for a goal
/// with its blank in another corner, the standard goal's when cached
/// (the search then runs in their frame, [`TablePlan::goal`]); else the
/// goal's own, built.
fn plan_multi_tile(
    cache: &TableCache,
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    if puzzle.plain_board_size().is_none() {
        return plan_multi_tile_lines(puzzle, options);
    }
    let Some((w, h)) = puzzle
        .plain_board_size()
        .filter(|&(w, h)| w * h <= packed::MAX_CELLS)
        .filter(|&(w, h)| w.max(h) <= crate::search::mtm::MAX_RUN + 1)
    else {
        return Err(Error::Unsupported(format!(
            "optimal search in the multi-tile metric takes plain boards of up to {} cells and {} a side, not {} (the constructive solver counts its moves in MTM too)",
            packed::MAX_CELLS,
            crate::search::mtm::MAX_RUN + 1,
            puzzle.spec()
        ))
        .with_hint("algorithm", Some("constructive")));
    };
    multi_tile_algorithm(options)?;
    let max_memory = options.limits.max_memory;
    let sets = crate::search::mtm_pdb::default_class_sets(w, h, goal, max_memory);
    let mut tables = None;
    let mut served = Served(None);
    let heuristic = match (&options.heuristic, sets.is_empty()) {
        (Heuristic::Auto | Heuristic::PatternDatabases(Partition::Default), false) => {
            let own = cache.multi_tile_table_plan((w, h), goal, &sets);
            // The standard goal's cached tables serve a goal with its blank
            // in a corner (through a board symmetry), as for the board tables.
            let frame = standard_frame(w, h, goal);
            let (t, s) = own_or_standard(own, frame.as_ref(), w * h, |standard| {
                let sets = crate::search::mtm_pdb::default_class_sets(w, h, standard, max_memory);
                Ok(
                    (!sets.is_empty())
                        .then(|| cache.multi_tile_table_plan((w, h), standard, &sets)),
                )
            })?;
            (tables, served) = (Some(t), s);
            BoardHeuristic::WalkingDistance
        }
        (Heuristic::PatternDatabases(_), _) => {
            return Err(Error::argument(
                "heuristic",
                format!(
                    "in the multi-tile metric the pattern database has fixed classes of tiles: give pdb without a partition, on boards of up to 16 cells, not {}",
                    puzzle.spec()
                ),
            ));
        }
        (Heuristic::Auto, true) | (Heuristic::Manhattan, _) => BoardHeuristic::Manhattan,
        (Heuristic::WalkingDistance, _) => BoardHeuristic::WalkingDistance,
        _ => {
            return Err(Error::argument(
                "heuristic",
                format!(
                    "{} counts single-tile moves and overestimates in the multi-tile metric: use auto, pdb, wd or md",
                    options.heuristic
                ),
            ));
        }
    };
    let reason = match (&tables, heuristic) {
        (Some(t), _) if t.partitions.len() > 1 => {
            "The multi-tile metric: IDA* over straight runs with the maximum of two pattern databases of exact MTM distances over classes of tiles (four regions, and the rows), each looked up for the configuration and its transpose"
        }
        (Some(_), _) => {
            "The multi-tile metric: IDA* over straight runs with a pattern database of exact MTM distances over classes of tiles (every tile apart on boards of up to 10 cells; four regions on 4x4), looked up for the configuration and its transpose"
        }
        (None, BoardHeuristic::WalkingDistance) => {
            "The multi-tile metric: IDA* over straight runs with the walking distance counted in runs (Takahashi's tables searched again with a run of the blank as one move)"
        }
        _ => {
            "The multi-tile metric: IDA* over straight runs with the row and column distances divided by the longest run"
        }
    };
    Ok(Plan {
        tables,
        ..plan_of(Method::MtmBoardIda { heuristic }, served.reason(reason))
    })
}

/// In the multi-tile metric the optimal solver is IDA*: an
/// [`Error::Argument`] for another algorithm.
fn multi_tile_algorithm(options: &SolveOptions) -> Result<()> {
    if matches!(options.algorithm, Algorithm::Auto | Algorithm::Ida) {
        return Ok(());
    }
    Err(Error::argument(
        "algo",
        format!(
            "in the multi-tile metric the optimal solver is IDA* (auto or ida), not {}",
            options.algorithm
        ),
    ))
}

/// The plan for an optimal search in the multi-tile metric on a torus or
/// box: IDA* over the runs along its lines with the distances along each
/// axis divided by the longest run ([`crate::search::mtm_lines`]).
fn plan_multi_tile_lines(puzzle: &Puzzle, options: &SolveOptions) -> Result<Plan> {
    use crate::search::mtm_lines::MAX_LINE;
    let fits = puzzle
        .straight_lines()
        .is_some_and(|(extent, _)| extent.iter().all(|&e| e <= MAX_LINE));
    if !fits || puzzle.vertex_count() > MAX_SEARCH_VERTICES {
        return Err(Error::Unsupported(format!(
            "optimal search in the multi-tile metric takes tori and boxes of up to {MAX_SEARCH_VERTICES} cells and {MAX_LINE} a side, not {} (the constructive solver counts its moves in MTM too)",
            puzzle.spec()
        ))
        .with_hint("algorithm", Some("constructive")));
    }
    multi_tile_algorithm(options)?;
    if !matches!(options.heuristic, Heuristic::Auto | Heuristic::Manhattan) {
        return Err(Error::argument(
            "heuristic",
            format!(
                "in the multi-tile metric on {} the heuristic is the distances along each axis divided by the longest run: give auto or md, not {}",
                puzzle.spec(),
                options.heuristic
            ),
        ));
    }
    Ok(plan_of(
        Method::MtmLineIda,
        "The multi-tile metric on a torus or box: IDA* over straight runs along its lines (across the seam on a torus), with the distances along each axis divided by the longest run",
    ))
}

/// The plan for a goal with several blanks: the graph methods of one
/// blank on configurations with several blanks (a move slides one tile
/// into any blank), with the generalised Manhattan distance or free-blank
/// pattern databases; the automatic plan hands over to weighted A* beyond
/// [`AUTO_SEVERAL_BLANKS_NODES`] expansions ([`Fallback`]).
fn plan_several_blanks(
    cache: &TableCache,
    puzzle: &Puzzle,
    goal: &Configuration,
    options: &SolveOptions,
) -> Result<Plan> {
    let n = puzzle.vertex_count();
    let k = goal.blanks().len();
    if options.metric == Metric::Mtm {
        return Err(Error::Unsupported(format!(
            "with {k} blanks slidepuzzle solves in the single-tile metric only"
        ))
        .with_hint("metric", Some("stm")));
    }
    let auto = options.algorithm == Algorithm::Auto;
    if options.algorithm == Algorithm::Constructive || (auto && n > AUTO_OPTIMAL_GRAPH_VERTICES) {
        let reason = if auto {
            format!(
                "Puzzles above {AUTO_OPTIMAL_GRAPH_VERTICES} vertices are solved constructively (one blank working, the others as free room, or exchanges at junctions where tiles must pass each other; not optimal); ask for IDA* or A* for the optimum"
            )
        } else {
            "The constructive solver was asked for".to_string()
        };
        return Ok(Plan {
            optimal: false,
            ..plan_of(Method::ConstructiveGraph, reason)
        });
    }
    if n > MAX_SEARCH_VERTICES {
        return Err(Error::limit(
            Resource::Vertices,
            n as u64,
            MAX_SEARCH_VERTICES as u64,
        ));
    }
    let wants_tables = match &options.heuristic {
        Heuristic::Auto => (FREE_BLANK_MIN_VERTICES..=64).contains(&n),
        Heuristic::PatternDatabases(Partition::Default) if n <= 64 => true,
        Heuristic::Manhattan => false,
        other => {
            return Err(Error::argument(
                "heuristic",
                format!(
                    "with {k} blanks the heuristics are the generalised Manhattan distance (manhattan) and free-blank pattern databases (pdb, without sizes, up to 64 vertices), not {other}"
                ),
            ));
        }
    };
    let small = n <= AUTO_ASTAR_VERTICES;
    let (method, optimal) = graph_method(&options.algorithm, small);
    let mut plan = Plan {
        optimal,
        fallback: (auto && !small).then_some(Fallback {
            nodes: AUTO_SEVERAL_BLANKS_NODES,
            weight: AUTO_SEVERAL_BLANKS_WEIGHT,
        }),
        ..plan_of(method, "")
    };
    if wants_tables && matches!(plan.method, Method::GraphIda | Method::AStar { .. }) {
        plan.tables = Some(cache.free_blank_table_plan(puzzle, goal));
    }
    plan.reason = several_blanks_reason(&plan, k, small && auto);
    Ok(plan)
}

/// Why a plan with `k` blanks, in words.
fn several_blanks_reason(plan: &Plan, k: usize, small_auto: bool) -> String {
    let mut reason = format!(
        "{k} blanks: {} over configurations with {} (a move slides one tile into any blank; commuting moves searched in one order)",
        match plan.method {
            Method::GraphIda => "IDA*",
            Method::Bfs => "breadth-first search",
            Method::Beam { .. } => "beam search",
            _ if small_auto => "A* (small graphs: every configuration fits in memory)",
            _ => "A*",
        },
        if plan.tables.is_some() {
            "the maximum over additive partitions of free-blank pattern databases (a group tile may slide to any vertex no group tile holds)"
        } else {
            "the generalised Manhattan distance"
        }
    );
    if let Some(b) = &plan.fallback {
        reason.push_str(&format!(
            ". Optimal search can take hours with several blanks (a uniform 5x5 with 5 blanks is beyond reach), so beyond {} M nodes weighted A* (weight {}) answers with the lower bound IDA* proved; ask for IDA* to insist on the optimum",
            b.nodes / 1_000_000,
            b.weight
        ));
    }
    reason
}
