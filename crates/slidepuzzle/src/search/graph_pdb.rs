//! Additive pattern databases on any graph (at most 64 vertices), with an
//! automatic partition: seed 000 (section 8) asks for a better heuristic
//! than the generalised Manhattan distance for general graphs; this is it.
//!
//! The construction is the boards' (`super::pdb::build_on_graph`); the
//! partition groups tiles whose goal vertices are close (breadth-first
//! order from vertex 0), as many per group as keeps each table within a
//! size limit. Tables are kept in the caller's [`TableStore`] when one is
//! given (a header names the graph's edges, the goal and the group, with a
//! checksum), else built in memory.

use super::limits::Limits;
use super::pdb::{BuildEvent, build_on_graph};
use super::pdb_build::BuildProgress;
use super::placement::placements;
use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Graph};
use crate::store::{TableStore, checksum};

/// Format version of stored graph tables.
const GRAPH_FORMAT_VERSION: u32 = 1;

/// The header of a stored graph table: the graph (vertex count and a hash
/// of its edge list), the goal, the group and a checksum of the entries.
fn graph_header(
    kind: GraphTables,
    graph: &Graph,
    goal: &Configuration,
    tiles: &[u32],
    sum: u64,
) -> String {
    let g: Vec<String> = goal.cells().iter().map(|t| t.to_string()).collect();
    let t: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    format!(
        "slidepuzzle-{}-pdb v{GRAPH_FORMAT_VERSION} vertices {} edges {:016x} goal {} tiles {} encoding absolute bits 8 checksum {sum:016x}\n",
        kind.prefix(),
        graph.vertex_count(),
        edges_hash(graph),
        g.join(","),
        t.join(",")
    )
}

fn edges_hash(graph: &Graph) -> u64 {
    let bytes: Vec<u8> = graph
        .edges()
        .flat_map(|(a, b)| [(a as u32).to_le_bytes(), (b as u32).to_le_bytes()])
        .flatten()
        .collect();
    checksum(&bytes)
}

/// Which abstraction a graph table stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphTables {
    /// One blank: the group's placement and the blank's region
    /// ([`super::pdb_build`]).
    OneBlank,
    /// Several blanks: the free-blank relaxation ([`super::several_pdb`]).
    FreeBlank,
}

impl GraphTables {
    /// The word in the file name and header (`graph`, `free-blank`).
    fn prefix(self) -> &'static str {
        match self {
            GraphTables::OneBlank => "graph",
            GraphTables::FreeBlank => "free-blank",
        }
    }
}

/// The name a graph table is stored under: vertex count, hashes of the
/// edges and of the goal, the group's tiles.
pub(crate) fn table_name(graph: &Graph, goal: &Configuration, tiles: &[u32]) -> String {
    table_name_of(GraphTables::OneBlank, graph, goal, tiles)
}

/// [`table_name`] for either kind of table (`graph...` or
/// `free-blank...`).
pub(crate) fn table_name_of(
    kind: GraphTables,
    graph: &Graph,
    goal: &Configuration,
    tiles: &[u32],
) -> String {
    let goal_bytes: Vec<u8> = goal.cells().iter().flat_map(|t| t.to_le_bytes()).collect();
    let t: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    format!(
        "{}{}-e{:08x}-g{:08x}-t{}.pdb",
        kind.prefix(),
        graph.vertex_count(),
        edges_hash(graph) as u32,
        checksum(&goal_bytes) as u32,
        t.join("-")
    )
}

/// Pattern databases for one graph and goal.
pub struct GraphPdb {
    n: usize,
    groups: Vec<Vec<u32>>,
    tables: Vec<Vec<u8>>,
}

/// Groups tiles by breadth-first order of their goal vertices, each group
/// as large as possible with at most `max_entries` placements, at most 8
/// tiles and at most half the tiles (so a group never covers the whole
/// space, which would make the "heuristic" a complete search).
pub(crate) fn auto_partition(
    graph: &Graph,
    goal: &Configuration,
    max_entries: u64,
) -> Vec<Vec<u32>> {
    let n = graph.vertex_count();
    let dist = graph.distances_from(0);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| (dist[v], v));
    let tiles: Vec<u32> = order
        .iter()
        .map(|&v| goal.tile_at(v))
        .filter(|&t| t != 0)
        .collect();
    let mut k = 1;
    while k < 8 && k < tiles.len().div_ceil(2) && placements(n, k + 1) <= max_entries {
        k += 1;
    }
    tiles.chunks(k).map(|c| c.to_vec()).collect()
}

impl GraphPdb {
    /// Builds the tables for `groups` (every tile in exactly one group).
    ///
    /// # Errors
    /// [`Error::Limit`] above 64 vertices ([`Resource::Vertices`]), or when
    /// the tables would need more than `max_memory` bytes
    /// ([`Resource::Memory`]).
    pub(crate) fn new(
        graph: &Graph,
        goal: &Configuration,
        groups: Vec<Vec<u32>>,
        max_memory: u64,
    ) -> Result<Self> {
        let limits = Limits {
            max_memory,
            ..Limits::default()
        };
        Self::load_or_build(graph, goal, groups, &limits, None, &|_| {})
    }

    /// Loads the tables for `groups` from `store`, building (and saving
    /// there) the missing ones; without a store they are built in memory.
    ///
    /// # Errors
    /// As `GraphPdb::new` with `limits.max_memory`; [`Error::Stopped`]
    /// when `limits` stop a build (nothing is saved); [`Error::Io`] when
    /// the store cannot be written.
    pub fn load_or_build(
        graph: &Graph,
        goal: &Configuration,
        groups: Vec<Vec<u32>>,
        limits: &Limits,
        store: Option<&dyn TableStore>,
        report: &dyn Fn(&BuildEvent),
    ) -> Result<Self> {
        let max_memory = limits.max_memory;
        let n = graph.vertex_count();
        if n > 64 {
            return Err(Error::limit(Resource::Vertices, n as u64, 64));
        }
        let need: u64 = groups
            .iter()
            .map(|g| super::pdb_build::build_memory(n, g.len()))
            .max()
            .unwrap_or(0)
            + groups.iter().map(|g| placements(n, g.len())).sum::<u64>();
        if need > max_memory {
            return Err(Error::limit(Resource::Memory, need, max_memory));
        }
        let tables = load_or_build_tables(
            GraphTables::OneBlank,
            (graph, goal, &groups),
            store,
            report,
            |g, _| build_on_graph(graph, goal, g, limits),
        )?;
        Ok(GraphPdb { n, groups, tables })
    }

    /// Tables built elsewhere (the free-blank tables of
    /// [`super::several_pdb`]), one per group, indexed as [`GraphPdb::tables`].
    pub(crate) fn from_tables(n: usize, groups: Vec<Vec<u32>>, tables: Vec<Vec<u8>>) -> Self {
        GraphPdb { n, groups, tables }
    }

    /// The groups.
    pub(crate) fn groups(&self) -> &[Vec<u32>] {
        &self.groups
    }

    /// The tables, one per group: entry `rank_placement(cells of the
    /// group's tiles)` is the fewest moves of the group's tiles home.
    pub fn tables(&self) -> &[Vec<u8>] {
        &self.tables
    }

    /// The graph's vertex count.
    pub(crate) fn vertex_count(&self) -> usize {
        self.n
    }
}

/// Loads the `kind` tables of `groups` from `store`, building the missing,
/// stale or corrupt ones with `build` (and saving them there). `build`
/// hears of its layers through its second argument, and `report` hears
/// them as a share of all the builds: `placements` is the entries of every
/// missing table, and `placements_reached` counts the finished ones too.
///
/// # Errors
/// As `build`; a failed save is only reported (the table serves this run
/// from memory).
pub(crate) fn load_or_build_tables(
    kind: GraphTables,
    (graph, goal, groups): (&Graph, &Configuration, &[Vec<u32>]),
    store: Option<&dyn TableStore>,
    report: &dyn Fn(&BuildEvent),
    build: impl Fn(&[u32], &dyn Fn(&BuildProgress)) -> Result<Vec<u8>>,
) -> Result<Vec<Vec<u8>>> {
    let n = graph.vertex_count();
    let entries = |g: &[u32]| placements(n, g.len()) as usize;
    // First what the store holds, so that the builds are announced once.
    let mut tables = Vec::with_capacity(groups.len());
    for g in groups {
        let stored = match store {
            Some(s) => s.load(&table_name_of(kind, graph, goal, g))?,
            None => None,
        };
        tables.push(stored.and_then(|bytes| {
            let (head, data) = crate::store::split_header(&bytes)?;
            (data.len() == entries(g) && head == graph_header(kind, graph, goal, g, checksum(data)))
                .then(|| data.to_vec())
        }));
    }
    // A group in several partitions is built once.
    let mut missing: Vec<&Vec<u32>> = Vec::new();
    for (g, t) in groups.iter().zip(&tables) {
        if t.is_none() && !missing.contains(&g) {
            missing.push(g);
        }
    }
    match missing.as_slice() {
        [] => {}
        [g] => report(&BuildEvent::Message(format!(
            "building the {} pattern database for tiles {g:?} ({} entries)",
            kind.prefix(),
            entries(g)
        ))),
        many => report(&BuildEvent::Message(format!(
            "building {} {} pattern databases ({} entries in all{})",
            many.len(),
            kind.prefix(),
            many.iter().map(|g| entries(g)).sum::<usize>(),
            if store.is_some() {
                "; they are cached for later runs"
            } else {
                ""
            }
        ))),
    }
    // Layers report the share of all the builds, so that one bar fills once.
    let all: u64 = missing.iter().map(|g| entries(g) as u64).sum();
    let mut done = 0u64;
    let mut built: Vec<Vec<u8>> = Vec::with_capacity(groups.len());
    for (i, (g, found)) in groups.iter().zip(tables).enumerate() {
        let table = match found {
            Some(t) => t,
            None if let Some(j) = groups[..i].iter().position(|h| h == g) => built[j].clone(),
            None => {
                let before = done;
                let overall = |p: &BuildProgress| {
                    report(&BuildEvent::Layer(BuildProgress {
                        placements_reached: before + p.placements_reached,
                        placements: all,
                        ..*p
                    }))
                };
                let t = build(g, &overall)?;
                done += entries(g) as u64;
                if let Some(s) = store {
                    let head = graph_header(kind, graph, goal, g, checksum(&t));
                    if let Err(e) =
                        s.save(&table_name_of(kind, graph, goal, g), &[head.as_bytes(), &t])
                    {
                        report(&BuildEvent::Message(format!(
                            "note: the table was not cached ({e}); it is used from memory"
                        )));
                    }
                }
                t
            }
        };
        built.push(table);
    }
    Ok(built)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::search::placement::rank_placement;

    #[test]
    fn auto_partition_covers_every_tile_once() {
        let p = Puzzle::parse("theta:2,2,3").unwrap();
        let goal = p.default_goal();
        let groups = auto_partition(p.graph(), &goal, 100_000);
        let mut all: Vec<u32> = groups.concat();
        all.sort_unstable();
        assert_eq!(all, (1..9).collect::<Vec<u32>>());
        let pdb = GraphPdb::new(p.graph(), &goal, groups, 1 << 30).unwrap();
        for (g, table) in pdb.groups().iter().zip(pdb.tables()) {
            let pos = goal.positions();
            let cells: Vec<u8> = g.iter().map(|&t| pos[t as usize] as u8).collect();
            assert_eq!(table[rank_placement(&cells, 9) as usize], 0);
        }
    }
}
