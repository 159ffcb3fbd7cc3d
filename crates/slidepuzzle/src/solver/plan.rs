//! The decision: which kernel, which heuristic, which tables, streamed or
//! collected, optimal or not, and why. Made by [`super::Solver::plan`]
//! before any search, so every face can show it (`solve --explain`, the
//! JSON `plan` field) and carries it out the same way.

use std::fmt;

use super::outcome::Outcome;
use crate::error::StopReason;
use crate::model::{Configuration, Puzzle};

/// The heuristic of the packed board kernel without tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BoardHeuristic {
    /// Manhattan distance only (Korf 1985's baseline).
    Manhattan,
    /// Manhattan distance plus linear conflict (the default).
    #[default]
    LinearConflict,
    /// Takahashi's walking distance ([`crate::search::walking`]).
    WalkingDistance,
}

impl fmt::Display for BoardHeuristic {
    /// The short names of the heuristic grammar: `md`, `lc`, `wd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BoardHeuristic::Manhattan => "md",
            BoardHeuristic::LinearConflict => "lc",
            BoardHeuristic::WalkingDistance => "wd",
        })
    }
}

/// The kernel that runs, with what it needs.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Method {
    /// IDA* on a plain W x H board, packed, with Manhattan distance or
    /// Manhattan distance plus linear conflict ([`crate::search::board`], [`crate::search::linear_conflict`]).
    BoardIda {
        /// The heuristic.
        heuristic: BoardHeuristic,
    },
    /// IDA* on a plain board with additive pattern databases, and the
    /// transposed lookup where the goal allows it ([`crate::search::pdb_lookup`]).
    BoardPatternIda {
        /// A second heuristic the tables are maximised with.
        with: Option<BoardHeuristic>,
    },
    /// IDA* on any graph, with the generalised Manhattan distance, or
    /// pattern databases when [`Plan::tables`] is set ([`crate::search::graph`], [`crate::search::ida`]).
    GraphIda,
    /// A* (weight 1) or weighted A* on any graph, with the generalised
    /// Manhattan distance or pattern databases ([`crate::search::best_first`]).
    AStar {
        /// The weight on h (1 = optimal A*).
        weight: f64,
    },
    /// Breadth-first search ([`crate::search::best_first`]).
    Bfs,
    /// Bidirectional breadth-first search, from the start and the goal
    /// at once ([`crate::search::bidirectional`]): shortest, on puzzles
    /// whose moves undo each other.
    BidirectionalBfs,
    /// Beam search ([`crate::search::best_first`]).
    Beam {
        /// Configurations kept per layer.
        width: usize,
    },
    /// A* (weight 1) or weighted A* on a plain board's packed kernel
    /// ([`crate::search::board`], [`crate::search::best_first`]) with
    /// `heuristic`, or with the plan's additive pattern databases
    /// maximised with it when [`Plan::tables`] is set.
    BoardAStar {
        /// The weight on h (1 = optimal A*).
        weight: f64,
        /// The heuristic (maximised with the tables when there are any).
        heuristic: BoardHeuristic,
    },
    /// Beam search on a plain board's packed kernel, with `heuristic` or
    /// the plan's tables maximised with it, as [`Method::BoardAStar`]:
    /// configurations kept per layer by the least h.
    BoardBeam {
        /// Configurations kept per layer.
        width: usize,
        /// The heuristic (maximised with the tables when there are any).
        heuristic: BoardHeuristic,
        /// Layers before the beam gives up: 100,000 when asked for; in
        /// the anytime plan one less than the answer it tries to beat (a
        /// beam that gets deeper cannot give a shorter one).
        max_depth: usize,
    },
    /// IDA* in the multi-tile metric on a plain board
    /// ([`crate::search::mtm`]): the walking distance counted in runs, or
    /// (`Manhattan`) the row and column distances divided by the longest
    /// run ([`crate::search::mtm::MtmManhattan`]).
    MtmBoardIda {
        /// [`BoardHeuristic::WalkingDistance`] or
        /// [`BoardHeuristic::Manhattan`].
        heuristic: BoardHeuristic,
    },
    /// IDA* in the multi-tile metric on a torus or box
    /// ([`crate::search::mtm_lines`]): runs along the lines (across the
    /// seam on a torus), with the axis distances divided by the longest
    /// run ([`crate::search::mtm_lines::LineDistance`]).
    MtmLineIda,
    /// Anytime on a plain board: the constructive answer
    /// (`construct::board`), then beam searches on the packed board kernel
    /// with `heuristic` (maximised with the plan's tables when there are
    /// any), of widths 1,000 and 10,000, then the widest one predicted to
    /// fit a share of the time left (a 10 s budget, or the caller's) and
    /// the memory budget; the shortest answer is kept, and the lower bound
    /// is the heuristic's at the start. With tables, IDA* then runs with
    /// them for the rest of the time, stopping at the kept answer's length
    /// ([`crate::search::Limits::stop_at_bound`]): it finds a shorter,
    /// shortest answer or proves the kept one shortest, and otherwise
    /// raises the lower bound to the bound of the iteration it was in
    /// (every smaller one finished).
    BoardAnytime {
        /// The beam searches' heuristic.
        heuristic: BoardHeuristic,
    },
    /// The rotation solver on a cycle (`construct::cycle`): a
    /// shortest solution directly, with any number of blanks.
    CycleRotation,
    /// The constructive solver for boards (`construct::board`).
    ConstructiveBoard,
    /// The constructive solver for any graph (`construct::graph`).
    ConstructiveGraph,
    /// IDA* on a rotating puzzle's turns with the rotation distance
    /// ([`crate::search::rotating`]): shortest in turns.
    RotationIda,
    /// The constructive solver for rotating puzzles
    /// (`construct::rotating`): stage by stage, not shortest.
    ConstructiveRotating,
}

impl Method {
    /// The same A* method (on the graph or the board kernel, same
    /// heuristic) with weight `weight`; `None` for any other method.
    pub(crate) fn with_weight(&self, weight: f64) -> Option<Method> {
        match *self {
            Method::AStar { .. } => Some(Method::AStar { weight }),
            Method::BoardAStar { heuristic, .. } => Some(Method::BoardAStar { weight, heuristic }),
            _ => None,
        }
    }

    /// The weight of an A* method (1 for plain A*); `None` for any other.
    pub(crate) fn weight(&self) -> Option<f64> {
        match *self {
            Method::AStar { weight } | Method::BoardAStar { weight, .. } => Some(weight),
            _ => None,
        }
    }
}

/// The search domain a plan runs on: the configuration and moves its
/// kernel searches ([`crate::search::domain::Domain`]). Decided once, with
/// the plan ([`SearchDomain::of`]), so the executor matches on it and never
/// picks again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchDomain {
    /// A plain W x H board packed in bytes, one tile per step
    /// ([`crate::search::board`]).
    Board {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A plain W x H board in the multi-tile metric: straight runs of
    /// tiles ([`crate::search::mtm`], [`crate::search::mtm_packed`]).
    MtmBoard {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// A torus or box in the multi-tile metric: runs along its lines
    /// ([`crate::search::mtm_lines`]).
    MtmLines,
    /// Any graph with one blank, one-way arcs included
    /// ([`crate::search::graph`]).
    Graph,
    /// Any graph with several blanks ([`crate::search::several`]).
    SeveralBlanks,
    /// Tiles that turn as they slide ([`crate::search::turning`]).
    Turning,
    /// Slides that exchange two other tiles, Conway's M13
    /// ([`crate::search::exchanges`]), searched breadth first.
    Exchanges,
    /// A rotating puzzle's turns of its cycles, no blank, searched
    /// ([`crate::search::rotating`]) or constructed
    /// (`construct::rotating`).
    Rotating,
    /// No search: the rotation and constructive solvers.
    Construction,
}

impl SearchDomain {
    /// The domain `method` runs on for `puzzle` and a goal with `blanks`
    /// blanks: the one order of precedence for puzzle kinds. The board
    /// and line methods name their own; a graph search runs on tiles that
    /// turn first, then on several blanks, then on the graph (one-way arcs
    /// are the graph domain's moves). O(1).
    ///
    /// ```
    /// use slidepuzzle::Puzzle;
    /// use slidepuzzle::solver::{Method, SearchDomain};
    /// let p = Puzzle::parse("3x3").unwrap();
    /// assert_eq!(SearchDomain::of(&p, 2, &Method::GraphIda), SearchDomain::SeveralBlanks);
    /// assert_eq!(SearchDomain::of(&p, 1, &Method::Bfs), SearchDomain::Graph);
    /// ```
    pub fn of(puzzle: &Puzzle, blanks: usize, method: &Method) -> SearchDomain {
        let board = puzzle.plain_board_size();
        match (method, board) {
            (Method::CycleRotation | Method::ConstructiveBoard | Method::ConstructiveGraph, _) => {
                SearchDomain::Construction
            }
            (Method::RotationIda | Method::ConstructiveRotating, _) => SearchDomain::Rotating,
            (
                Method::BoardIda { .. }
                | Method::BoardPatternIda { .. }
                | Method::BoardAStar { .. }
                | Method::BoardBeam { .. }
                | Method::BoardAnytime { .. },
                Some((width, height)),
            ) => SearchDomain::Board { width, height },
            (Method::MtmBoardIda { .. }, Some((width, height))) => {
                SearchDomain::MtmBoard { width, height }
            }
            (Method::MtmLineIda, _) => SearchDomain::MtmLines,
            _ if puzzle.exchanges().is_some() => SearchDomain::Exchanges,
            _ if puzzle.turns().is_some() => SearchDomain::Turning,
            _ if blanks > 1 => SearchDomain::SeveralBlanks,
            _ => SearchDomain::Graph,
        }
    }
}

/// Pattern databases a plan uses or would like to have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablePlan {
    /// The groups of tiles, one table each.
    pub groups: Vec<Vec<u32>>,
    /// Whether every table is already in the store.
    pub cached: bool,
    /// Bytes the largest missing table needs while it is built (0 when
    /// all are cached).
    pub build_memory: u64,
    /// Which kind of tables.
    pub kind: TableKind,
    /// How `groups` fall into additive partitions, in order: the number of
    /// groups of each. The heuristic is the maximum over the partitions of
    /// the sum of their tables (one partition except for
    /// [`TableKind::FreeBlank`], see
    /// [`crate::search::several_pdb::free_blank_partitions`]).
    pub partitions: Vec<usize>,
    /// The goal the tables are built for when it is not the run's goal:
    /// the standard goal (tile i + 1 on cell i), which serves every board
    /// goal with its blank in a corner through a board symmetry with the
    /// tiles renamed ([`crate::model::symmetry::GoalFrame`]). `groups` then
    /// name the standard goal's tiles. Board tables
    /// ([`TableKind::Board`], looked up through the frame) and multi-tile
    /// tables ([`TableKind::MultiTile`], searched in the frame).
    pub goal: Option<Configuration>,
}

/// The kinds of pattern databases a plan can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// Additive board tables ([`crate::search::pdb`]).
    Board,
    /// Additive board tables with one entry per blank region
    /// ([`crate::search::blank_aware`]): never weaker than [`Self::Board`]
    /// for the same groups.
    BlankAwareBoard,
    /// Additive graph tables ([`crate::search::graph_pdb`]).
    Graph,
    /// One multi-tile-metric table over classes of tiles
    /// ([`crate::search::mtm_pdb`]); `groups` are the classes.
    MultiTile,
    /// Additive free-blank tables for several blanks
    /// ([`crate::search::several_pdb`]), built in memory.
    FreeBlank,
}

impl TablePlan {
    /// The group sizes joined by dashes (`6-6-3`); several partitions
    /// joined by ` | ` (`5-5-5-5 | 4-4-4-4-4`).
    pub fn sizes(&self) -> String {
        self.partition_groups()
            .map(|groups| {
                let s: Vec<String> = groups.iter().map(|g| g.len().to_string()).collect();
                s.join("-")
            })
            .collect::<Vec<String>>()
            .join(" | ")
    }

    /// The groups of each partition in turn (see [`TablePlan::partitions`]).
    pub fn partition_groups(&self) -> impl Iterator<Item = &[Vec<u32>]> {
        self.partition_ranges().map(|r| &self.groups[r])
    }

    /// The indices in `groups` of each partition in turn (clipped to
    /// `groups`).
    pub(crate) fn partition_ranges(&self) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
        let mut start = 0;
        self.partitions.iter().map(move |&count| {
            let end = (start + count).min(self.groups.len());
            let range = start.min(end)..end;
            start = end;
            range
        })
    }
}

/// What [`super::Solver::solve`] will do for one puzzle, goal and options.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The kernel.
    pub method: Method,
    /// The domain it searches ([`SearchDomain::of`]).
    pub domain: SearchDomain,
    /// The pattern databases this run uses, if any.
    pub tables: Option<TablePlan>,
    /// Better tables that are not in the store yet: the run uses quicker
    /// ones and a face may build these afterwards for later runs
    /// ([`super::Solver::build_later`]).
    pub later: Option<TablePlan>,
    /// Node expansions the run may spend with [`Plan::tables`] before it
    /// builds [`Plan::later`] (and stores them) and starts over with
    /// those; `None`: no switch. The budget is about what the build costs
    /// ([`super::SWITCH_EXPANSIONS_PER_ENTRY`] per entry of the better
    /// tables), so an easy instance is answered at once with the quick
    /// tables and a hard one spends at most about twice what the better
    /// choice in hindsight would have (the ski-rental argument). The
    /// counters of both searches add up.
    pub switch_after: Option<u64>,
    /// Node expansions a run must have spent before [`Plan::later`] is
    /// worth building after its answer; `None`: always (the quick tables'
    /// runs). Set when the default tables are cached and stronger ones
    /// would be built (7-7-1 on 4 x 4:
    /// [`super::LATER_EXPANSIONS_PER_ENTRY`] per entry), so only a long
    /// run pays for them. See [`Plan::later_for`].
    pub later_after: Option<u64>,
    /// Whether a solution found is proven optimal, in the metric of the
    /// options ([`crate::model::Metric`]).
    pub optimal: bool,
    /// Whether the moves can be streamed to a writer without being held in
    /// memory ([`super::Solver::solve_to_writer`]).
    pub streamed: bool,
    /// Why this method, in one or two sentences for users.
    pub reason: String,
    /// What answers when the optimal search would run too long (the
    /// automatic plan with several blanks), if anything.
    pub fallback: Option<Fallback>,
}

/// The weights weighted A* moves on to, in turn, when the weight asked
/// for runs out of memory (those above it): a larger weight stores far
/// fewer nodes, and its answer is at most that many times the optimum.
/// On a uniform 5x5 weight 1.5 fills 1 GiB in seconds; weight 2 answers
/// in a tenth of a second.
pub const RISING_WEIGHTS: [f64; 4] = [2.0, 3.0, 5.0, 8.0];

/// A budget for the optimal search, and what answers beyond it: the
/// automatic plan with several blanks gives IDA* `nodes` expansions, then
/// asks weighted A* (f = g + `weight` h, at most `weight` times the
/// optimum), then the constructive solver if A* runs out of memory. The
/// answer is then not optimal and carries the lower bound IDA* proved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fallback {
    /// Node expansions the optimal search may take.
    pub nodes: u64,
    /// The weight of the weighted A* that answers beyond them.
    pub weight: f64,
}

impl Plan {
    /// The tables worth building after `outcome` (the answer of a run of
    /// this plan; `None` when the face has no outcome, e.g. the moves went
    /// to a file): [`Plan::later`] when it is always worth it, or when the
    /// run expanded at least [`Plan::later_after`] nodes (solved, or
    /// stopped by a limit). Nothing after an unsolvable answer (no search
    /// ran) or a run the user cancelled. A face that builds under the
    /// run's own limits skips the build when they are spent
    /// ([`crate::Limits::check_time`]). O(1).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use slidepuzzle::{Puzzle, SolveOptions, Solver};
    /// use slidepuzzle::store::MemoryStore;
    /// let solver = Solver::new().with_store(Arc::new(MemoryStore::new()));
    /// let p = Puzzle::parse("4x4").unwrap();
    /// // Nothing cached: quick 5-5-5 tables now, and the 6-6-3 tables are
    /// // worth building after any answer, or before a batch.
    /// let plan = solver.plan(&p, &p.default_goal(), &SolveOptions::default()).unwrap();
    /// assert_eq!(plan.later_after, None);
    /// assert_eq!(plan.later_for(None).unwrap().sizes(), "6-6-3");
    /// assert!(plan.later_up_front().is_some());
    /// ```
    pub fn later_for(&self, outcome: Option<&Outcome>) -> Option<&TablePlan> {
        let later = self.later.as_ref()?;
        let expanded = match outcome {
            Some(Outcome::Solved(s)) => Some(s.stats.expanded),
            Some(Outcome::Stopped {
                reason: StopReason::Cancelled,
                ..
            })
            | Some(Outcome::Unsolvable(_)) => return None,
            Some(Outcome::Stopped { stats, .. }) => Some(stats.expanded),
            None => None,
        };
        match (self.later_after, expanded) {
            (None, _) => Some(later),
            (Some(needed), Some(expanded)) => (expanded >= needed).then_some(later),
            (Some(_), None) => None,
        }
    }

    /// The tables a batch or a benchmark builds before it starts
    /// ([`super::Solver::solve_many`], `bench`): [`Plan::later`] when it
    /// is always worth building, not the stronger tables kept for long
    /// runs ([`Plan::later_after`]).
    pub fn later_up_front(&self) -> Option<&TablePlan> {
        self.later.as_ref().filter(|_| self.later_after.is_none())
    }

    /// The short name of the method, as solutions report it (`ida-pdb`,
    /// `ida-md-lc`, `astar-graph-md`, `constructive`, ...).
    pub fn name(&self) -> String {
        let pdb = self.tables.is_some();
        match &self.method {
            Method::BoardIda {
                heuristic: BoardHeuristic::Manhattan,
            } => "ida-md".into(),
            Method::BoardIda {
                heuristic: BoardHeuristic::LinearConflict,
            } => "ida-md-lc".into(),
            Method::BoardIda {
                heuristic: BoardHeuristic::WalkingDistance,
            } => "ida-wd".into(),
            Method::BoardPatternIda { with: None } => "ida-pdb".into(),
            Method::BoardPatternIda { with: Some(h) } => format!("ida-pdb-{h}"),
            Method::MtmBoardIda { .. } if pdb => "ida-mtm-pdb".into(),
            Method::MtmBoardIda { heuristic } => format!("ida-mtm-{heuristic}"),
            Method::MtmLineIda => "ida-mtm-lines".into(),
            Method::GraphIda if pdb => "ida-graph-pdb".into(),
            Method::GraphIda => "ida-graph-md".into(),
            Method::AStar { weight } if *weight == 1.0 && pdb => "astar-graph-pdb".into(),
            Method::AStar { weight } if *weight == 1.0 => "astar-graph-md".into(),
            Method::AStar { weight } => format!("wastar-{weight}"),
            Method::Bfs => "bfs".into(),
            Method::BidirectionalBfs => "bidirectional-bfs".into(),
            Method::Beam { width } => format!("beam-{width}"),
            Method::BoardAStar { weight, .. } if *weight != 1.0 => format!("wastar-{weight}"),
            Method::BoardAStar { .. } if pdb => "astar-pdb".into(),
            Method::BoardAStar { heuristic, .. } => format!("astar-{heuristic}"),
            Method::BoardBeam { width, .. } if pdb => format!("beam-{width}-pdb"),
            Method::BoardBeam {
                width, heuristic, ..
            } => format!("beam-{width}-{heuristic}"),
            Method::BoardAnytime { .. } if pdb => "anytime-beam-ida-pdb".into(),
            Method::BoardAnytime { heuristic } => format!("anytime-beam-{heuristic}"),
            Method::CycleRotation => "cycle-rotation".into(),
            Method::ConstructiveBoard | Method::ConstructiveGraph => "constructive".into(),
            Method::RotationIda => "ida-rotations".into(),
            Method::ConstructiveRotating => "constructive-rotations".into(),
        }
    }
}

impl Plan {
    /// The method in plain words for people who do not know the short
    /// names, e.g. `IDA* with additive pattern databases (6-6-3)` or `the
    /// constructive solver (fast, not shortest)`.
    pub(crate) fn in_words(&self) -> String {
        let heuristic = |h: &BoardHeuristic| match h {
            BoardHeuristic::Manhattan => "the Manhattan distance",
            BoardHeuristic::LinearConflict => "the Manhattan distance and linear conflicts",
            BoardHeuristic::WalkingDistance => "the walking distance",
        };
        let tables = match &self.tables {
            Some(t) if t.kind == TableKind::FreeBlank => {
                format!("pattern databases with free blanks ({})", t.sizes())
            }
            Some(t) if t.partitions.len() > 1 && t.kind != TableKind::MultiTile => format!(
                "the maximum over {} partitions of {}additive pattern databases ({})",
                t.partitions.len(),
                if t.kind == TableKind::BlankAwareBoard {
                    "blank-aware "
                } else {
                    ""
                },
                t.sizes()
            ),
            Some(t) if t.kind == TableKind::BlankAwareBoard => {
                format!("blank-aware additive pattern databases ({})", t.sizes())
            }
            Some(t) => format!("additive pattern databases ({})", t.sizes()),
            None => "the Manhattan distance on the graph".into(),
        };
        match &self.method {
            Method::BoardIda { heuristic: h } => format!("IDA* with {}", heuristic(h)),
            Method::BoardPatternIda { with: None } => format!("IDA* with {tables}"),
            Method::BoardPatternIda { with: Some(h) } => {
                format!("IDA* with {tables} and {}", heuristic(h))
            }
            Method::MtmBoardIda { .. } if self.tables.is_some() => {
                "IDA* in the multi-tile metric with a pattern database".into()
            }
            Method::MtmBoardIda { heuristic: h } => {
                format!("IDA* in the multi-tile metric with {}", heuristic(h))
            }
            Method::MtmLineIda => {
                "IDA* in the multi-tile metric with the distances along each axis".into()
            }
            Method::GraphIda if self.fallback.is_some() => {
                format!("IDA* with {tables}, or weighted A* when that runs long")
            }
            Method::GraphIda => format!("IDA* with {tables}"),
            Method::AStar { weight } if *weight == 1.0 => format!("A* with {tables}"),
            Method::AStar { weight } => format!("weighted A* (weight {weight}) with {tables}"),
            Method::Bfs => "breadth-first search".into(),
            Method::BidirectionalBfs => {
                "bidirectional breadth-first search (from the start and the goal at once)".into()
            }
            Method::Beam { width } => format!("beam search ({width} positions per layer)"),
            Method::BoardAStar {
                weight,
                heuristic: h,
            } => {
                let what = match &self.tables {
                    Some(_) if *h == BoardHeuristic::Manhattan => tables,
                    Some(_) => format!("{tables} and {}", heuristic(h)),
                    None => heuristic(h).to_string(),
                };
                match *weight {
                    1.0 => format!("A* with {what}"),
                    w => format!("weighted A* (weight {w}) with {what}"),
                }
            }
            Method::BoardBeam {
                width,
                heuristic: h,
                ..
            } => match &self.tables {
                Some(_) => format!("beam search ({width} positions per layer) with {tables}"),
                None => format!(
                    "beam search ({width} positions per layer) with {}",
                    heuristic(h)
                ),
            },
            Method::BoardAnytime { .. } if self.tables.is_some() => format!(
                "the constructive solver, then beam searches with {tables} that shorten its answer, then IDA* with them that proves it shortest or finds a shorter one"
            ),
            Method::BoardAnytime { heuristic: h } => format!(
                "the constructive solver, then beam searches with {} that shorten its answer (not shortest)",
                heuristic(h)
            ),
            Method::CycleRotation => "the rotation solver for cycles (shortest)".into(),
            Method::ConstructiveBoard | Method::ConstructiveGraph => {
                "the constructive solver (fast, not shortest)".into()
            }
            Method::RotationIda => "IDA* on the turns with the rotation distance".into(),
            Method::ConstructiveRotating => {
                "the constructive solver for rotating puzzles (stage by stage, not shortest)".into()
            }
        }
    }
}

impl Plan {
    /// The name a solution reports when the quick tables ran past
    /// [`Plan::switch_after`] and `later` answered, e.g. `ida-pdb, then
    /// ida-pdb with the 6-6-3 tables`.
    pub(crate) fn switched_name(&self, later: &TablePlan) -> String {
        format!(
            "{}, then {} with the {} tables",
            self.name(),
            self.name(),
            later.sizes()
        )
    }

    /// What answered `solution` in plain words: `Plan::in_words`, except
    /// that a plan with a fallback (IDA*, then weighted A* when that runs
    /// long) names only the search that gave this answer, e.g. `IDA* with
    /// the Manhattan distance on the graph` or `weighted A* (weight 1.5)
    /// with ..., after IDA* ran long`.
    pub fn in_words_for(&self, solution: &super::outcome::Solution) -> String {
        if let Some((_, last)) = solution.algorithm.rsplit_once(", then wastar-")
            && let Some(method) = self.method.with_weight(last.parse().unwrap_or(f64::NAN))
        {
            // Weighted A* whose weight rose when memory ran out.
            let answered = Plan {
                method,
                ..self.clone()
            };
            return format!(
                "{}, after a smaller weight ran out of memory",
                answered.in_words()
            );
        }
        if let (Some(later), Some(_)) = (&self.later, self.switch_after)
            && solution.algorithm == self.switched_name(later)
        {
            let answered = Plan {
                tables: Some(later.clone()),
                later: None,
                switch_after: None,
                ..self.clone()
            };
            return format!(
                "{}, after the {} tables ran long",
                answered.in_words(),
                self.tables
                    .as_ref()
                    .map_or_else(String::new, TablePlan::sizes)
            );
        }
        let Some(fallback) = &self.fallback else {
            return self.in_words();
        };
        let alone = Plan {
            fallback: None,
            ..self.clone()
        };
        if solution.algorithm == self.name() {
            return alone.in_words();
        }
        let then = if solution.algorithm.ends_with("then constructive") {
            "the constructive solver (fast, not shortest)".to_string()
        } else {
            Plan {
                method: Method::AStar {
                    weight: fallback.weight,
                },
                fallback: None,
                ..self.clone()
            }
            .in_words()
        };
        format!("{then}, after {} ran long", alone.in_words())
    }
}

impl fmt::Display for Plan {
    /// The plan in words: method, tables (with their state), optimality,
    /// and the reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.name())?;
        if let Some(t) = &self.tables {
            write!(
                f,
                " with {} pattern databases {} ({})",
                match t.kind {
                    TableKind::Board => "board",
                    TableKind::BlankAwareBoard => "blank-aware board",
                    TableKind::Graph => "graph",
                    TableKind::MultiTile => "multi-tile",
                    TableKind::FreeBlank => "free-blank",
                },
                t.sizes(),
                if t.cached {
                    "cached".to_string()
                } else {
                    format!(
                        "built now, about {}",
                        crate::error::Resource::Memory.amount(t.build_memory)
                    )
                }
            )?;
        }
        write!(
            f,
            "; {}",
            match (self.optimal, &self.fallback) {
                (true, Some(b)) => format!(
                    "optimal within {} M nodes, else weighted A* (weight {}, not optimal)",
                    b.nodes / 1_000_000,
                    b.weight
                ),
                (true, None) => "optimal".into(),
                (false, _) => match self.method {
                    Method::AStar { weight } if weight > 1.0 => format!(
                        "not optimal (at most {weight} times the optimum; a larger weight, up to {}, if memory runs out)",
                        RISING_WEIGHTS[RISING_WEIGHTS.len() - 1]
                    ),
                    _ => "not optimal".into(),
                },
            }
        )?;
        // Reasons are sentences; the plan ends with a full stop.
        if self.streamed {
            write!(f, "; moves streamed")?;
        }
        write!(f, ". {}", self.reason.trim_end_matches('.'))?;
        write!(f, ".")?;
        match (&self.later, self.switch_after) {
            (Some(l), None) if self.later_after.is_some() => write!(
                f,
                " If this run expands {} million nodes or more, the {} tables are built after the answer and cached for later runs.",
                self.later_after.unwrap_or(0).div_ceil(1_000_000),
                l.sizes()
            )?,
            (Some(l), Some(nodes)) => write!(
                f,
                " If they have not solved it within {} million expansions, the {} tables are built then and the search starts over with them; else these are built after the answer and cached for later runs.",
                nodes.div_ceil(1_000_000),
                l.sizes()
            )?,
            (Some(l), None) => write!(
                f,
                " The {} tables are built after the answer and cached for later runs.",
                l.sizes()
            )?,
            (None, _) => {}
        }
        Ok(())
    }
}
