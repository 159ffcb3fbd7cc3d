//! The tables a [`super::Solver`] keeps: pattern databases of every kind
//! and whole-space distance tables, loaded from the caller's
//! [`TableStore`] or built (and saved there) the first time a plan needs
//! them, then kept for the solver's life under a typed [`TablesKey`].
//! Also what a plan asks of the store before any search: which tables are
//! cached and how much memory the missing ones need ([`TablePlan`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::options::QUICK_TABLE_ENTRIES;
use super::plan::{TableKind, TablePlan};
use crate::error::{Error, Result};
use crate::explore::distance_table::DistanceTable;
use crate::model::{Configuration, Metric, Puzzle};
use crate::search::Limits;
use crate::search::graph_pdb::{self, GraphPdb, GraphTables, table_name_of};
use crate::search::mtm_pdb::MtmPdb;
use crate::search::pdb::{self, BuildEvent};
use crate::search::pdb_lookup::BoardPdbTables;
use crate::search::placement::placements;
use crate::search::several_pdb::{free_blank_partitions, load_or_build_free_blank};
use crate::store::TableStore;

/// Receives table messages and build progress.
pub type EventSink = Arc<dyn Fn(&BuildEvent) + Send + Sync>;

/// The largest free-blank table the automatic plan builds (placements,
/// one byte each): groups of 6 tiles on 4 x 4, of 5 on 5 x 5.
const FREE_BLANK_TABLE_ENTRIES: u64 = 1 << 23;

/// Which loaded tables a solver holds: their kind (`None` for a
/// whole-space distance table), the puzzle (its spec), the goal's cells,
/// the groups (empty for a whole-space table) and the metric.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct TablesKey {
    kind: Option<TableKind>,
    puzzle: String,
    goal: Vec<u32>,
    groups: Vec<Vec<u32>>,
    metric: Metric,
    /// The goal the tables are built for, when they serve another
    /// ([`TablePlan::goal`]).
    table_goal: Option<Vec<u32>>,
}

impl TablesKey {
    /// The key of the pattern databases of `kind` for `groups`.
    fn tables(kind: TableKind, puzzle: &Puzzle, goal: &Configuration, groups: &[Vec<u32>]) -> Self {
        TablesKey {
            kind: Some(kind),
            puzzle: puzzle.spec().to_string(),
            goal: goal.cells().to_vec(),
            groups: groups.to_vec(),
            metric: if kind == TableKind::MultiTile {
                Metric::Mtm
            } else {
                Metric::Stm
            },
            table_goal: None,
        }
    }

    /// The key of a whole-space distance table in `metric`.
    fn distances(puzzle: &Puzzle, goal: &Configuration, metric: Metric) -> Self {
        TablesKey {
            kind: None,
            puzzle: puzzle.spec().to_string(),
            goal: goal.cells().to_vec(),
            groups: Vec::new(),
            metric,
            table_goal: None,
        }
    }
}

/// The value under `key` in `map`, built by `build` (outside the lock) the
/// first time.
fn memoised<T>(
    map: &Mutex<HashMap<TablesKey, Arc<T>>>,
    key: TablesKey,
    build: impl FnOnce() -> Result<T>,
) -> Result<Arc<T>> {
    if let Some(v) = map.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Ok(v.clone());
    }
    let built = Arc::new(build()?);
    map.lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(key, built.clone());
    Ok(built)
}

/// The caller's store and event sink, and the tables loaded so far. Cheap
/// to share across threads; one build of the better tables at a time.
pub(super) struct TableCache {
    store: Option<Arc<dyn TableStore>>,
    events: Option<EventSink>,
    board: Mutex<HashMap<TablesKey, Arc<BoardPdbTables>>>,
    graph: Mutex<HashMap<TablesKey, Arc<GraphPdb>>>,
    multi_tile: Mutex<HashMap<TablesKey, Arc<MtmPdb>>>,
    distances: Mutex<HashMap<TablesKey, Arc<DistanceTable>>>,
    /// Held while the better tables of a plan are built, so concurrent
    /// callers (web requests) wait for one build and then find its tables.
    later_build: Mutex<()>,
}

impl TableCache {
    /// No store, no sink, nothing loaded.
    pub(super) fn new() -> Self {
        TableCache {
            store: None,
            events: None,
            board: Mutex::new(HashMap::new()),
            graph: Mutex::new(HashMap::new()),
            multi_tile: Mutex::new(HashMap::new()),
            distances: Mutex::new(HashMap::new()),
            later_build: Mutex::new(()),
        }
    }

    pub(super) fn set_store(&mut self, store: Arc<dyn TableStore>) {
        self.store = Some(store);
    }

    pub(super) fn set_events(&mut self, sink: EventSink) {
        self.events = Some(sink);
    }

    pub(super) fn store(&self) -> Option<&dyn TableStore> {
        self.store.as_deref()
    }

    pub(super) fn has_store(&self) -> bool {
        self.store.is_some()
    }

    fn report(&self, e: &BuildEvent) {
        if let Some(sink) = &self.events {
            sink(e);
        }
    }

    /// The plan for `groups`: which tables the store lacks (asked once
    /// per table) and the memory the largest missing one needs to build.
    pub(super) fn table_plan(
        &self,
        groups: Vec<Vec<u32>>,
        kind: TableKind,
        name: impl Fn(&[u32]) -> String,
        build_memory: impl Fn(usize) -> u64,
    ) -> TablePlan {
        let store = self.store.as_ref();
        let missing: Vec<usize> = groups
            .iter()
            .filter(|g| !store.is_some_and(|s| s.contains(&name(g))))
            .map(|g| g.len())
            .collect();
        TablePlan {
            cached: store.is_some() && missing.is_empty(),
            build_memory: missing.into_iter().map(build_memory).max().unwrap_or(0),
            partitions: vec![groups.len()],
            groups,
            kind,
            goal: None,
        }
    }

    /// The plan of additive board tables over `groups` on a W x H board.
    pub(super) fn board_table_plan(
        &self,
        (w, h): (usize, usize),
        goal: &Configuration,
        groups: Vec<Vec<u32>>,
    ) -> TablePlan {
        self.table_plan(
            groups,
            TableKind::Board,
            |g| pdb::file_name(w, h, goal, g),
            |k| pdb::build_memory(w * h, k),
        )
    }

    /// The plan of the automatic graph tables (groups of tiles whose goal
    /// vertices are close, [`graph_pdb::auto_partition`]).
    pub(super) fn graph_table_plan(&self, puzzle: &Puzzle, goal: &Configuration) -> TablePlan {
        let groups = graph_pdb::auto_partition(puzzle.graph(), goal, QUICK_TABLE_ENTRIES);
        let n = puzzle.vertex_count();
        self.table_plan(
            groups,
            TableKind::Graph,
            |g| graph_pdb::table_name(puzzle.graph(), goal, g),
            |k| crate::search::pdb_build::build_memory(n, k),
        )
    }

    /// The plan of the free-blank tables for a goal with several blanks:
    /// several additive partitions ([`free_blank_partitions`]), all in
    /// memory while the others are built.
    pub(super) fn free_blank_table_plan(&self, puzzle: &Puzzle, goal: &Configuration) -> TablePlan {
        let n = puzzle.vertex_count();
        let partitions = free_blank_partitions(puzzle, goal, FREE_BLANK_TABLE_ENTRIES);
        let counts = partitions.iter().map(Vec::len).collect();
        let groups: Vec<Vec<u32>> = partitions.into_iter().flatten().collect();
        let build_memory = groups.iter().map(|g| placements(n, g.len())).sum();
        let graph = puzzle.graph();
        let mut plan = self.table_plan(
            groups,
            TableKind::FreeBlank,
            |g| table_name_of(GraphTables::FreeBlank, graph, goal, g),
            |k| placements(n, k),
        );
        plan.partitions = counts;
        if !plan.cached {
            // Every table stays in memory while the others are built.
            plan.build_memory = build_memory;
        }
        plan
    }

    /// The plan of the multi-tile-metric table over `classes` (one table
    /// holds every class: its name stands for each group).
    pub(super) fn multi_tile_table_plan(
        &self,
        (w, h): (usize, usize),
        goal: &Configuration,
        classes: &[u8],
    ) -> TablePlan {
        let mut groups: Vec<Vec<u32>> = Vec::new();
        for (p, &c) in classes.iter().enumerate() {
            if c > 0 {
                if groups.len() < c as usize {
                    groups.resize(c as usize, Vec::new());
                }
                groups[c as usize - 1].push(goal.cells()[p]);
            }
        }
        let name = MtmPdb::file_name(w, h, goal, classes);
        let entries = MtmPdb::build_memory(w, h, goal).unwrap_or(0);
        self.table_plan(groups, TableKind::MultiTile, |_| name.clone(), |_| entries)
    }

    /// Loads or builds the board tables of a plan. Tables planned for
    /// another goal ([`TablePlan::goal`]) are loaded for it and then serve
    /// `goal` through a board symmetry ([`BoardPdbTables::serving`]).
    pub(super) fn board(
        &self,
        (w, h): (usize, usize),
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        limits: &Limits,
    ) -> Result<Arc<BoardPdbTables>> {
        let Some(table_goal) = &tables.goal else {
            return self.board_of_goal((w, h), puzzle, goal, &tables.groups, limits);
        };
        let mut key = TablesKey::tables(TableKind::Board, puzzle, goal, &tables.groups);
        key.table_goal = Some(table_goal.cells().to_vec());
        memoised(&self.board, key, || {
            self.board_of_goal((w, h), puzzle, table_goal, &tables.groups, limits)?
                .serving(goal)
        })
    }

    /// Loads or builds the board tables of `groups` for `goal` itself.
    fn board_of_goal(
        &self,
        (w, h): (usize, usize),
        puzzle: &Puzzle,
        goal: &Configuration,
        groups: &[Vec<u32>],
        limits: &Limits,
    ) -> Result<Arc<BoardPdbTables>> {
        memoised(
            &self.board,
            TablesKey::tables(TableKind::Board, puzzle, goal, groups),
            || {
                BoardPdbTables::new(w, h, goal, groups, self.store.as_deref(), limits, &|e| {
                    self.report(e)
                })
            },
        )
    }

    /// Loads or builds the graph tables of a plan.
    pub(super) fn graph(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        limits: &Limits,
    ) -> Result<Arc<GraphPdb>> {
        memoised(
            &self.graph,
            TablesKey::tables(TableKind::Graph, puzzle, goal, &tables.groups),
            || {
                GraphPdb::load_or_build(
                    puzzle.graph(),
                    goal,
                    tables.groups.clone(),
                    limits,
                    self.store.as_deref(),
                    &|e| self.report(e),
                )
            },
        )
    }

    /// Loads or builds the free-blank tables of a plan (several blanks);
    /// `limits` can stop the build.
    pub(super) fn free_blank(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        limits: &Limits,
    ) -> Result<Arc<GraphPdb>> {
        memoised(
            &self.graph,
            TablesKey::tables(TableKind::FreeBlank, puzzle, goal, &tables.groups),
            || {
                load_or_build_free_blank(
                    puzzle.graph(),
                    goal,
                    tables.groups.clone(),
                    limits.max_memory,
                    limits,
                    self.store.as_deref(),
                    &|e| self.report(e),
                )
            },
        )
    }

    /// Loads or builds the multi-tile pattern database of a W x H board
    /// ([`MtmPdb`]: the default classes).
    pub(super) fn multi_tile(
        &self,
        (w, h): (usize, usize),
        puzzle: &Puzzle,
        goal: &Configuration,
        limits: &Limits,
    ) -> Result<Arc<MtmPdb>> {
        memoised(
            &self.multi_tile,
            TablesKey::tables(TableKind::MultiTile, puzzle, goal, &[]),
            || {
                MtmPdb::load_or_build(self.store.as_deref(), w, h, goal, limits, &|e| {
                    self.report(e)
                })
            },
        )
    }

    /// Loads or builds the tables of one [`TablePlan`], whatever their kind.
    pub(super) fn load(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        t: &TablePlan,
        limits: &Limits,
    ) -> Result<()> {
        let board = || {
            puzzle
                .plain_board_size()
                .ok_or_else(|| Error::Internal(format!("{:?} tables off a board", t.kind)))
        };
        match t.kind {
            TableKind::Board => self.board(board()?, puzzle, goal, t, limits).map(drop),
            TableKind::Graph => self.graph(puzzle, goal, t, limits).map(drop),
            TableKind::MultiTile => self.multi_tile(board()?, puzzle, goal, limits).map(drop),
            TableKind::FreeBlank => self.free_blank(puzzle, goal, t, limits).map(drop),
        }
    }

    /// Builds `later` (the better tables a plan left for after the answer),
    /// one build at a time across callers.
    pub(super) fn load_later(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        later: &TablePlan,
        limits: &Limits,
    ) -> Result<()> {
        let _one_at_a_time = self.later_build.lock().unwrap_or_else(|p| p.into_inner());
        self.load(puzzle, goal, later, limits)
    }

    /// The whole-space distance table in `metric`, built by `build` the
    /// first time.
    pub(super) fn distances(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        metric: Metric,
        build: impl FnOnce() -> Result<DistanceTable>,
    ) -> Result<Arc<DistanceTable>> {
        memoised(
            &self.distances,
            TablesKey::distances(puzzle, goal, metric),
            build,
        )
    }
}
