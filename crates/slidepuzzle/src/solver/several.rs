//! The front door with several blanks: the plan and the solve.
//!
//! With k >= 2 blanks a move slides one tile into any of the blanks. The
//! optimal methods are the graph methods of one blank (IDA*, A*, BFS, beam)
//! on [`SeveralBlanksDomain`] with the generalised Manhattan distance
//! (admissible: a move changes one tile's distance by at most one); the
//! constructive method is [`crate::construct::several`]. Reachability is
//! decided first by [`check_several_blanks`], every solution is replayed
//! with [`replay_steps`], and solutions are steps `(from, to)`
//! ([`Solution::steps`]), the blank path staying empty.

use std::time::Instant;

use std::sync::Arc;

use super::{
    AUTO_ASTAR_VERTICES, AUTO_OPTIMAL_GRAPH_VERTICES, Algorithm, Fallback, Heuristic,
    MAX_SEARCH_VERTICES, Method, Outcome, Partition, Plan, Solution, SolveOptions, Solver,
    TableKind, TablePlan, constructed, memoised, tables_key, tile_distances,
};
use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Metric, Puzzle};
use crate::moves::replay_steps;
use crate::search::best_first::{Strategy, best_first};
use crate::search::graph_pdb::{GraphPdb, GraphTables, table_name_of};
use crate::search::heuristic::MaxOf;
use crate::search::heuristic::Zero;
use crate::search::ida::ida_star;
use crate::search::manhattan::Manhattan;
use crate::search::pdb_lookup::PdbLookup;
use crate::search::placement::placements;
use crate::search::several::{SeveralBlanksDomain, decode_step};
use crate::search::several_pdb::{free_blank_partitions, load_or_build_free_blank};
use crate::search::{Limits, SearchResult, StopReason};
use crate::theory::blanks::check_several_blanks;

/// The most configurations the reachability test may visit by
/// breadth-first search when none of its exact methods applies.
pub const SEVERAL_BLANKS_CHECK_STATES: usize = 20_000_000;

/// The largest free-blank table the automatic plan builds (placements,
/// one byte each): groups of 6 tiles on 4 x 4, of 5 on 5 x 5.
pub const FREE_BLANK_TABLE_ENTRIES: u64 = 1 << 23;

/// Node expansions the automatic plan gives optimal search with several
/// blanks before weighted A* answers ([`Fallback`]): about 15 s on two
/// cores with 5x5 and 5 blanks, where a random-walk instance with optimum
/// 68 takes 51 M and a uniform one far more than 10 G.
pub const AUTO_SEVERAL_BLANKS_NODES: u64 = 100_000_000;

/// The weight of that weighted A*: 82 moves in 0.6 s on the uniform 5x5
/// with 5 blanks of seed 1 (optimum 70 to 76).
pub const AUTO_SEVERAL_BLANKS_WEIGHT: f64 = 1.5;

/// Free-blank tables pay from this many vertices on; below, the
/// Manhattan distance solves at once.
const FREE_BLANK_MIN_VERTICES: usize = 12;

impl Solver {
    /// [`Solver::plan`] for a goal with several blanks.
    pub(super) fn plan_several_blanks(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        options: &SolveOptions,
    ) -> Result<Plan> {
        let n = puzzle.vertex_count();
        let k = goal.blanks().len();
        if options.metric == Metric::Mtm {
            return Err(Error::Unsupported(format!(
                "with {k} blanks slidepuzzle solves in the single-tile metric only (--metric stm)"
            )));
        }
        let mut plan = Plan {
            method: Method::GraphIda,
            tables: None,
            later: None,
            optimal: true,
            streamed: false,
            reason: String::new(),
            fallback: None,
        };
        let constructive = match options.algorithm {
            Algorithm::Constructive => Some("The constructive solver was asked for".to_string()),
            Algorithm::Auto if n > AUTO_OPTIMAL_GRAPH_VERTICES => Some(format!(
                "Puzzles above {AUTO_OPTIMAL_GRAPH_VERTICES} vertices are solved constructively (one blank working, the others as free room, or exchanges at junctions where tiles must pass each other; not optimal); ask for IDA* or A* for the optimum"
            )),
            _ => None,
        };
        if let Some(reason) = constructive {
            plan.method = Method::ConstructiveGraph;
            plan.optimal = false;
            plan.reason = reason;
            return Ok(plan);
        }
        if n > MAX_SEARCH_VERTICES {
            return Err(Error::limit(
                Resource::Vertices,
                n as u64,
                MAX_SEARCH_VERTICES as u64,
            ));
        }
        let tables = match &options.heuristic {
            Heuristic::Auto => (FREE_BLANK_MIN_VERTICES..=64).contains(&n),
            Heuristic::PatternDatabases(Partition::Default) if n <= 64 => true,
            Heuristic::Manhattan => false,
            other => {
                return Err(Error::Argument {
                    name: "heuristic".into(),
                    message: format!(
                        "with {k} blanks the heuristics are the generalised Manhattan distance (manhattan) and free-blank pattern databases (pdb, without sizes, up to 64 vertices), not {other}"
                    ),
                });
            }
        };
        let small = n <= AUTO_ASTAR_VERTICES;
        if options.algorithm == Algorithm::Auto && !small {
            plan.fallback = Some(Fallback {
                nodes: AUTO_SEVERAL_BLANKS_NODES,
                weight: AUTO_SEVERAL_BLANKS_WEIGHT,
            });
        }
        (plan.method, plan.optimal) = match options.algorithm {
            Algorithm::Auto if small => (Method::AStar { weight: 1.0 }, true),
            Algorithm::Auto | Algorithm::Ida => (Method::GraphIda, true),
            Algorithm::AStar => (Method::AStar { weight: 1.0 }, true),
            Algorithm::WeightedAStar { weight } => (Method::AStar { weight }, weight == 1.0),
            Algorithm::Bfs => (Method::Bfs, true),
            Algorithm::Beam { width } => (Method::Beam { width }, false),
            Algorithm::Constructive => unreachable!("handled above"),
        };
        if tables && matches!(plan.method, Method::GraphIda | Method::AStar { .. }) {
            let partitions = free_blank_partitions(puzzle, goal, FREE_BLANK_TABLE_ENTRIES);
            let counts = partitions.iter().map(Vec::len).collect();
            let groups: Vec<Vec<u32>> = partitions.into_iter().flatten().collect();
            let build_memory = groups.iter().map(|g| placements(n, g.len())).sum();
            let graph = puzzle.graph();
            let mut table_plan = self.table_plan(
                groups,
                TableKind::FreeBlank,
                |g| table_name_of(GraphTables::FreeBlank, graph, goal, g),
                |k| placements(n, k),
            );
            table_plan.partitions = counts;
            if !table_plan.cached {
                // Every table stays in memory while the others are built.
                table_plan.build_memory = build_memory;
            }
            plan.tables = Some(table_plan);
        }
        plan.reason = format!(
            "{k} blanks: {} over configurations with {} (a move slides one tile into any blank; commuting moves searched in one order)",
            match plan.method {
                Method::GraphIda => "IDA*",
                Method::Bfs => "breadth-first search",
                Method::Beam { .. } => "beam search",
                _ if small && options.algorithm == Algorithm::Auto =>
                    "A* (small graphs: every configuration fits in memory)",
                _ => "A*",
            },
            if plan.tables.is_some() {
                "the maximum over additive partitions of free-blank pattern databases (a group tile may slide to any vertex no group tile holds)"
            } else {
                "the generalised Manhattan distance"
            }
        );
        if let Some(b) = &plan.fallback {
            plan.reason.push_str(&format!(
                ". Optimal search can take hours with several blanks (a uniform 5x5 with 5 blanks is beyond reach), so beyond {} M nodes weighted A* (weight {}) answers with the lower bound IDA* proved; --algo ida insists on the optimum",
                b.nodes / 1_000_000,
                b.weight
            ));
        }
        Ok(plan)
    }

    /// [`Solver::solve_with_plan`] for several blanks.
    pub(super) fn solve_several_blanks(
        &self,
        puzzle: &Puzzle,
        start: &Configuration,
        goal: &Configuration,
        options: &SolveOptions,
        plan: &Plan,
    ) -> Result<Outcome> {
        let verdict = check_several_blanks(puzzle, start, goal, SEVERAL_BLANKS_CHECK_STATES)?;
        if !verdict.solvable {
            return Ok(Outcome::Unsolvable(verdict));
        }
        let clock = Instant::now();
        let limits = &options.limits;
        let mut name = plan.name();
        let result = if plan.method == Method::CycleRotation {
            super::rotated(puzzle, start, goal, limits, |(f, t)| {
                crate::search::several::encode_step(f, t)
            })?
        } else if plan.method == Method::ConstructiveGraph {
            construct(puzzle, start, goal, limits)?
        } else {
            let d = tile_distances(puzzle, goal)?;
            let split = !options.single_thread;
            let pdb = match &plan.tables {
                Some(t) => Some((
                    self.free_blank_tables(puzzle, goal, t, limits.max_memory, limits)?,
                    t,
                )),
                None => None,
            };
            // The maximum over the partitions of the sum of their tables.
            let lookup = pdb.as_ref().map(|(pdb, t)| {
                MaxOf::new(
                    t.partition_ranges()
                        .map(|groups| PdbLookup::graph_groups(pdb, groups))
                        .collect(),
                )
            });
            let search = |method: &Method, limits: &Limits| -> Result<SearchResult> {
                let domain =
                    SeveralBlanksDomain::new(puzzle.graph(), start, goal).ok_or_else(|| {
                        Error::Unsupported(format!(
                            "optimal search takes at most {MAX_SEARCH_VERTICES} vertices and the same number of blanks on both sides"
                        ))
                    })?;
                let lookup = lookup.clone();
                Ok(match (method, lookup) {
                    (Method::GraphIda, Some(lookup)) => ida_star(domain, lookup, limits, split),
                    (Method::GraphIda, None) => ida_star(domain, Manhattan::new(&d), limits, split),
                    (&Method::AStar { weight }, Some(lookup)) => {
                        best_first(domain, lookup, Strategy::AStar { weight }, limits)
                    }
                    (&Method::AStar { weight }, None) => best_first(
                        domain,
                        Manhattan::new(&d),
                        Strategy::AStar { weight },
                        limits,
                    ),
                    (Method::Bfs, _) => {
                        best_first(domain, Zero, Strategy::AStar { weight: 1.0 }, limits)
                    }
                    (&Method::Beam { width }, _) => best_first(
                        domain,
                        Manhattan::new(&d),
                        Strategy::Beam {
                            width: width.max(1),
                            max_depth: 100_000,
                        },
                        limits,
                    ),
                    (_, _) => {
                        return Err(Error::Internal(format!(
                            "{method:?} is not a plan for several blanks"
                        )));
                    }
                })
            };
            match plan.fallback {
                Some(fallback) if plan.method == Method::GraphIda => {
                    let mut budget = limits.clone();
                    budget.max_nodes = Some(
                        limits
                            .max_nodes
                            .map_or(fallback.nodes, |m| m.min(fallback.nodes)),
                    );
                    let first = search(&plan.method, &budget)?;
                    // Only the plan's own budget hands over; the user's
                    // limits stop the whole solve.
                    let over_budget = first.stopped == Some(StopReason::MaxNodes)
                        && limits.max_nodes.is_none_or(|m| m > fallback.nodes);
                    if over_budget {
                        let weighted = Method::AStar {
                            weight: fallback.weight,
                        };
                        let (result, constructive) =
                            beyond_budget(puzzle, start, goal, limits, first, |l| {
                                search(&weighted, l)
                            })?;
                        name = format!(
                            "{name}, then {}",
                            if constructive {
                                "constructive".to_string()
                            } else {
                                Plan {
                                    method: weighted,
                                    ..plan.clone()
                                }
                                .name()
                            }
                        );
                        result
                    } else {
                        first
                    }
                }
                _ => search(&plan.method, limits)?,
            }
        };
        let mut stats = result.stats;
        stats.seconds = clock.elapsed().as_secs_f64();
        let Some(codes) = result.path.clone() else {
            return Ok(super::not_solved(&result, name, stats));
        };
        let steps: Vec<(usize, usize)> = codes.into_iter().map(decode_step).collect();
        let end = replay_steps(puzzle, start, &steps)?;
        if &end != goal {
            return Err(Error::Internal(format!(
                "the {name} solution of {} steps does not reach the goal on replay",
                steps.len()
            )));
        }
        let optimal = result.optimal && plan.optimal;
        if optimal {
            stats.lower_bound = u32::try_from(steps.len()).unwrap_or(u32::MAX);
        }
        Ok(Outcome::Solved(Solution {
            blank_path: Vec::new(),
            metric: Metric::Stm,
            length: steps.len(),
            steps,
            optimal,
            algorithm: name,
            stats,
        }))
    }
}

impl Solver {
    /// The free-blank tables of `tables`, loaded from the solver's store or
    /// built (and saved there), kept for the solver's life.
    pub(super) fn free_blank_tables(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        max_memory: u64,
        limits: &Limits,
    ) -> Result<Arc<GraphPdb>> {
        memoised(
            &self.graph_tables,
            tables_key(TableKind::FreeBlank, puzzle, goal, &tables.groups),
            || {
                load_or_build_free_blank(
                    puzzle.graph(),
                    goal,
                    tables.groups.clone(),
                    max_memory,
                    limits,
                    self.store.as_deref(),
                    &|e| self.report(e),
                )
            },
        )
    }
}

/// The constructive solver with several blanks ([`crate::construct::several`]),
/// its steps encoded as the search's moves.
fn construct(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
) -> Result<SearchResult> {
    let built = crate::construct::several::solve_several_blanks_within(puzzle, start, goal, limits)
        .map(|steps| {
            steps
                .iter()
                .map(|&(f, t)| crate::search::several::encode_step(f, t))
                .collect()
        });
    constructed(built)
}

/// Beyond the optimal search's budget ([`Fallback`]): `weighted` (weighted
/// A*) answers, or the constructive solver when A* runs out of memory. The
/// counters add up, the lower bound is the better of the two searches',
/// and the answer is optimal only if its length meets that bound. Returns
/// the result and whether the constructive solver answered.
fn beyond_budget(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    limits: &Limits,
    first: SearchResult,
    weighted: impl FnOnce(&Limits) -> Result<SearchResult>,
) -> Result<(SearchResult, bool)> {
    let mut second = weighted(limits)?;
    let constructive = second.stopped == Some(StopReason::Memory);
    if constructive {
        let c = construct(puzzle, start, goal, limits)?;
        second.path = c.path;
        second.stopped = c.stopped;
    }
    let lower_bound = first.stats.lower_bound.max(second.stats.lower_bound);
    second.stats.expanded += first.stats.expanded;
    second.stats.generated += first.stats.generated;
    second.stats.lower_bound = lower_bound;
    if second.path.is_none() {
        // The stop message reads IDA*'s finished bound.
        second.stats.bound = first.stats.bound;
    }
    second.optimal = second
        .path
        .as_ref()
        .is_some_and(|p| p.len() as u64 == u64::from(lower_bound));
    Ok((second, constructive))
}
