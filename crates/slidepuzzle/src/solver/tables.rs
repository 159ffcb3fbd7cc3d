//! The tables a [`super::Solver`] keeps: pattern databases of every kind
//! and whole-space distance tables, loaded from the caller's
//! [`TableStore`] or built (and saved there) the first time a plan needs
//! them, then kept for the solver's life under a typed [`TablesKey`].
//! Also what a plan asks of the store before any search: which tables are
//! cached and how much memory the missing ones need ([`TablePlan`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
use crate::search::region_index::RegionIndex;
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
    /// How the groups fall into partitions ([`TablePlan::partitions`]);
    /// empty where that does not change the tables.
    partitions: Vec<usize>,
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
            partitions: Vec::new(),
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
            partitions: Vec::new(),
        }
    }
}

/// One table's place in a solver's memory: empty until its build ends.
/// Its lock is held during the build, so that concurrent callers wait for
/// one build instead of building the same table again.
type Slot<T> = Arc<Mutex<Option<Arc<T>>>>;

/// How often a caller waiting for another caller's build looks at its own
/// limits (so that its cancel flag and deadline still stop it).
const WAIT_POLL: Duration = Duration::from_millis(20);

/// The value under `key` in `map`, built by `build` the first time. While
/// one caller builds it, others asking for the same key wait for that build
/// (one build per table, however many requests want it) unless their
/// `limits` stop them first; a build that fails or is stopped leaves the
/// key empty, so the next caller builds it afresh.
fn memoised<T>(
    map: &Mutex<HashMap<TablesKey, Slot<T>>>,
    key: TablesKey,
    limits: &Limits,
    build: impl FnOnce() -> Result<T>,
) -> Result<Arc<T>> {
    let slot: Slot<T> = map
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .entry(key)
        .or_default()
        .clone();
    let mut held = loop {
        match slot.try_lock() {
            Ok(held) => break held,
            Err(std::sync::TryLockError::Poisoned(p)) => break p.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                if let Some(reason) = limits.check_time() {
                    return Err(Error::Stopped {
                        reason,
                        message: format!(
                            "stopped while waiting for a table build another run started ({})",
                            reason.describe()
                        ),
                    });
                }
                std::thread::sleep(WAIT_POLL);
            }
        }
    };
    if let Some(v) = held.as_ref() {
        return Ok(v.clone());
    }
    let built = Arc::new(build()?);
    *held = Some(built.clone());
    Ok(built)
}

/// A table build under way, as [`super::Solver::builds`] reports it: what
/// the build's last message says it is building, and how far it got.
#[derive(Clone, Debug, PartialEq)]
pub struct BuildStatus {
    /// The build's last message ("building the pattern database for tiles
    /// [1, 2, 3, 4, 5] on 5x5 (6375600 entries, ...)"); empty until the
    /// first one.
    pub message: String,
    /// Share of the current table's entries reached so far, 0 to 1, for
    /// builds that report their breadth-first layers (board, free-blank
    /// and multi-tile tables); `None` otherwise.
    pub fraction: Option<f64>,
    /// Breadth-first layers finished in the current table (0 before the
    /// first, and for builds that do not report layers).
    pub layers: u32,
    /// When this build started.
    pub started: Instant,
}

/// The builds under way, by an id that is never reused.
#[derive(Default)]
struct ActiveBuilds {
    next: u64,
    builds: Vec<(u64, BuildStatus)>,
}

/// Registers one build in [`ActiveBuilds`] until dropped, and keeps its
/// status current from the build's events.
struct BuildTracker<'a> {
    active: &'a Mutex<ActiveBuilds>,
    id: u64,
}

impl<'a> BuildTracker<'a> {
    fn start(active: &'a Mutex<ActiveBuilds>) -> Self {
        let mut a = active.lock().unwrap_or_else(|p| p.into_inner());
        a.next += 1;
        let id = a.next;
        a.builds.push((
            id,
            BuildStatus {
                message: String::new(),
                fraction: None,
                layers: 0,
                started: Instant::now(),
            },
        ));
        BuildTracker { active, id }
    }

    fn update(&self, e: &BuildEvent) {
        let mut a = self.active.lock().unwrap_or_else(|p| p.into_inner());
        let Some((_, status)) = a.builds.iter_mut().find(|(id, _)| *id == self.id) else {
            return;
        };
        match e {
            BuildEvent::Message(m) => {
                status.message = m.clone();
                status.fraction = None;
                status.layers = 0;
            }
            BuildEvent::Layer(p) => {
                status.layers = p.depth + 1;
                if p.placements > 0 {
                    status.fraction = Some(p.placements_reached as f64 / p.placements as f64);
                }
            }
        }
    }
}

impl Drop for BuildTracker<'_> {
    fn drop(&mut self) {
        let mut a = self.active.lock().unwrap_or_else(|p| p.into_inner());
        a.builds.retain(|(id, _)| *id != self.id);
    }
}

/// The caller's store and event sink, and the tables loaded so far. Cheap
/// to share across threads; one build of the better tables at a time.
pub(super) struct TableCache {
    store: Option<Arc<dyn TableStore>>,
    events: Option<EventSink>,
    board: Mutex<HashMap<TablesKey, Slot<BoardPdbTables>>>,
    graph: Mutex<HashMap<TablesKey, Slot<GraphPdb>>>,
    multi_tile: Mutex<HashMap<TablesKey, Slot<MtmPdb>>>,
    distances: Mutex<HashMap<TablesKey, Slot<DistanceTable>>>,
    /// The builds under way ([`TableCache::builds`]).
    active: Mutex<ActiveBuilds>,
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
            active: Mutex::new(ActiveBuilds::default()),
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

    /// Sends `e` to the event sink, if any.
    pub(super) fn report(&self, e: &BuildEvent) {
        if let Some(sink) = &self.events {
            sink(e);
        }
    }

    /// Starts tracking a build: its events update its [`BuildStatus`]
    /// until the tracker is dropped.
    fn track(&self) -> BuildTracker<'_> {
        BuildTracker::start(&self.active)
    }

    /// A build's event: to its tracker and to the caller's sink.
    fn event(&self, tracker: &BuildTracker<'_>, e: &BuildEvent) {
        tracker.update(e);
        self.report(e);
    }

    /// The builds under way now, oldest first. A table is tracked from the
    /// moment it is asked for, but listed only from the build's first
    /// message: a table the store holds is loaded without being listed
    /// (loading the 151 M-entry multi-tile table is no build).
    pub(super) fn builds(&self) -> Vec<BuildStatus> {
        let a = self.active.lock().unwrap_or_else(|p| p.into_inner());
        a.builds
            .iter()
            .filter(|(_, s)| !s.message.is_empty())
            .map(|(_, s)| s.clone())
            .collect()
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

    /// The plan of additive board tables over the groups of `partitions`
    /// (one, or several: a catalogue) on a W x H board, blank-aware ones if
    /// `blank_aware`.
    pub(super) fn board_table_plan(
        &self,
        (w, h): (usize, usize),
        goal: &Configuration,
        partitions: Vec<Vec<Vec<u32>>>,
        blank_aware: bool,
    ) -> TablePlan {
        let counts: Vec<usize> = partitions.iter().map(Vec::len).collect();
        let groups: Vec<Vec<u32>> = partitions.into_iter().flatten().collect();
        let mut plan = self.board_table_plan_of_groups((w, h), goal, groups, blank_aware);
        plan.partitions = counts;
        plan
    }

    /// [`Self::board_table_plan`] of one partition, `groups`.
    fn board_table_plan_of_groups(
        &self,
        (w, h): (usize, usize),
        goal: &Configuration,
        groups: Vec<Vec<u32>>,
        blank_aware: bool,
    ) -> TablePlan {
        if blank_aware {
            let states = |k: usize| {
                crate::model::Puzzle::board(w, h, false, false)
                    .and_then(|b| RegionIndex::count_states(b.graph(), k))
                    .unwrap_or(u64::MAX)
            };
            return self.table_plan(
                groups,
                TableKind::BlankAwareBoard,
                |g| pdb::blank_aware_file_name(w, h, goal, g),
                |k| {
                    let s = states(k);
                    crate::search::blank_aware::build_memory(s).saturating_add(s.div_ceil(2))
                },
            );
        }
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

    /// The plan of the multi-tile-metric tables over the class sets
    /// `sets` (each the class of every goal cell: one table, whose classes
    /// are its groups; the heuristic is the tables' maximum, so each is a
    /// partition of its own). All stay in memory: a build needs the sum.
    pub(super) fn multi_tile_table_plan(
        &self,
        (w, h): (usize, usize),
        goal: &Configuration,
        sets: &[Vec<u8>],
    ) -> TablePlan {
        let store = self.store.as_ref();
        let mut plan = TablePlan {
            groups: Vec::new(),
            cached: store.is_some(),
            build_memory: 0,
            kind: TableKind::MultiTile,
            partitions: Vec::new(),
            goal: None,
        };
        for classes in sets {
            let groups = class_groups(goal, classes);
            plan.partitions.push(groups.len());
            plan.groups.extend(groups);
            let name = MtmPdb::file_name(w, h, goal, classes);
            plan.cached &= store.is_some_and(|s| s.contains(&name));
            plan.build_memory += MtmPdb::build_memory_of(w, h, goal, classes).unwrap_or(0);
        }
        if plan.cached {
            plan.build_memory = 0;
        }
        plan
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
            return self.board_of_goal((w, h), puzzle, goal, tables, limits);
        };
        let mut key = TablesKey::tables(tables.kind, puzzle, goal, &tables.groups);
        key.table_goal = Some(table_goal.cells().to_vec());
        key.partitions = tables.partitions.clone();
        memoised(&self.board, key, limits, || {
            self.board_of_goal((w, h), puzzle, table_goal, tables, limits)?
                .serving(goal)
        })
    }

    /// Loads or builds the board tables of a plan for `goal` itself.
    fn board_of_goal(
        &self,
        (w, h): (usize, usize),
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        limits: &Limits,
    ) -> Result<Arc<BoardPdbTables>> {
        let partitions: Vec<Vec<Vec<u32>>> =
            tables.partition_groups().map(|g| g.to_vec()).collect();
        let blank_aware = tables.kind == TableKind::BlankAwareBoard;
        let mut key = TablesKey::tables(tables.kind, puzzle, goal, &tables.groups);
        key.partitions = tables.partitions.clone();
        memoised(&self.board, key, limits, || {
            let tracker = self.track();
            BoardPdbTables::new(
                w,
                h,
                goal,
                &partitions,
                blank_aware,
                self.store.as_deref(),
                limits,
                &|e| self.event(&tracker, e),
            )
        })
    }

    /// Loads or builds the graph tables of a plan: pattern databases on
    /// the graph with one blank, or the free-blank tables of several
    /// blanks when the plan's kind is [`TableKind::FreeBlank`]; `limits`
    /// can stop the build.
    pub(super) fn graph(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        limits: &Limits,
    ) -> Result<Arc<GraphPdb>> {
        let free_blank = tables.kind == TableKind::FreeBlank;
        let kind = if free_blank {
            TableKind::FreeBlank
        } else {
            TableKind::Graph
        };
        memoised(
            &self.graph,
            TablesKey::tables(kind, puzzle, goal, &tables.groups),
            limits,
            || {
                let tracker = self.track();
                let (graph, groups, store) =
                    (puzzle.graph(), tables.groups.clone(), self.store.as_deref());
                let events = |e: &BuildEvent| self.event(&tracker, e);
                if free_blank {
                    load_or_build_free_blank(
                        graph,
                        goal,
                        groups,
                        limits.max_memory,
                        limits,
                        store,
                        &events,
                    )
                } else {
                    GraphPdb::load_or_build(graph, goal, groups, limits, store, &events)
                }
            },
        )
    }

    /// Loads or builds the multi-tile pattern database of a W x H board
    /// over `classes` (the class of each goal cell, [`MtmPdb`]).
    pub(super) fn multi_tile(
        &self,
        (w, h): (usize, usize),
        puzzle: &Puzzle,
        goal: &Configuration,
        classes: &[u8],
        limits: &Limits,
    ) -> Result<Arc<MtmPdb>> {
        memoised(
            &self.multi_tile,
            TablesKey::tables(
                TableKind::MultiTile,
                puzzle,
                goal,
                &class_groups(goal, classes),
            ),
            limits,
            || {
                let tracker = self.track();
                MtmPdb::load_or_build(self.store.as_deref(), (w, h), goal, classes, limits, &|e| {
                    self.event(&tracker, e)
                })
            },
        )
    }

    /// Loads or builds every multi-tile table of a plan, in its order.
    pub(super) fn multi_tiles(
        &self,
        (w, h): (usize, usize),
        puzzle: &Puzzle,
        goal: &Configuration,
        tables: &TablePlan,
        limits: &Limits,
    ) -> Result<Vec<Arc<MtmPdb>>> {
        // Tables planned for another goal (the standard one) are its own.
        let goal = tables.goal.as_ref().unwrap_or(goal);
        tables
            .partition_groups()
            .map(|groups| {
                let classes = classes_of_groups(goal, groups);
                self.multi_tile((w, h), puzzle, goal, &classes, limits)
            })
            .collect()
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
            TableKind::Board | TableKind::BlankAwareBoard => {
                self.board(board()?, puzzle, goal, t, limits).map(drop)
            }
            TableKind::Graph | TableKind::FreeBlank => {
                self.graph(puzzle, goal, t, limits).map(drop)
            }
            TableKind::MultiTile => self
                .multi_tiles(board()?, puzzle, goal, t, limits)
                .map(drop),
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
    /// first time (`limits` stop a wait for another caller's build).
    pub(super) fn distances(
        &self,
        puzzle: &Puzzle,
        goal: &Configuration,
        metric: Metric,
        limits: &Limits,
        build: impl FnOnce() -> Result<DistanceTable>,
    ) -> Result<Arc<DistanceTable>> {
        memoised(
            &self.distances,
            TablesKey::distances(puzzle, goal, metric),
            limits,
            build,
        )
    }
}

/// The groups of a multi-tile class set: the goal's tiles of class 1, of
/// class 2, ... (the blank's class 0 left out).
fn class_groups(goal: &Configuration, classes: &[u8]) -> Vec<Vec<u32>> {
    let mut groups: Vec<Vec<u32>> = Vec::new();
    for (p, &c) in classes.iter().enumerate() {
        if c > 0 {
            if groups.len() < c as usize {
                groups.resize(c as usize, Vec::new());
            }
            if let Some(&t) = goal.cells().get(p) {
                groups[c as usize - 1].push(t);
            }
        }
    }
    groups
}

/// The class of each goal cell from the groups ([`class_groups`] undone):
/// 1 + the index of the group holding the cell's goal tile, 0 for a blank.
fn classes_of_groups(goal: &Configuration, groups: &[Vec<u32>]) -> Vec<u8> {
    goal.cells()
        .iter()
        .map(|t| {
            groups
                .iter()
                .position(|g| g.contains(t))
                .map_or(0, |i| (i + 1) as u8)
        })
        .collect()
}

#[cfg(test)]
mod tests {

    #[test]
    fn multi_tile_classes_and_groups_round_trip() {
        let goal = Configuration::from_cells((0..16u32).collect(), 1).unwrap();
        for classes in crate::search::mtm_pdb::default_class_sets(4, 4, &goal, u64::MAX) {
            let groups = class_groups(&goal, &classes);
            assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 15);
            assert_eq!(classes_of_groups(&goal, &groups), classes);
        }
    }

    use super::*;

    /// A tracked table is listed once its build says what it builds, and
    /// not before (a load from the store says nothing), nor after.
    #[test]
    fn a_table_is_listed_from_its_builds_first_message() {
        let cache = TableCache::new();
        let tracker = cache.track();
        assert!(cache.builds().is_empty(), "a load is not a build");
        cache.event(
            &tracker,
            &BuildEvent::Message("building tiles [1, 2]".into()),
        );
        let listed = cache.builds();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].message, "building tiles [1, 2]");
        drop(tracker);
        assert!(cache.builds().is_empty());
    }
}
