//! Pattern-database lookups as search heuristics: additive disjoint
//! tables on boards, with the maximum over the transposed (reflected)
//! lookup on square boards whose goal is symmetric under transposition
//! (Korf and Felner, "Disjoint pattern database heuristics", Artificial
//! Intelligence 134, 2002; Felner, Korf and Hanan, JAIR 22, 2004), and on
//! any graph ([`super::graph_pdb`]).
//!
//! A move changes the placement of one group only, so each node re-ranks
//! one group: O(k). Board entries are stored over the Manhattan distance
//! ([`super::pdb::PatternDb`]), and the Manhattan distance is the same for
//! a state and its transpose, so h = MD + 2 max(sum of direct entries, sum
//! of mirrored entries): [`PdbLookup`] computes one of the two sums, and
//! the maximum is [`super::heuristic::Max`] of the direct and the
//! transposed lookup, the transposed one evaluated only when the direct
//! one does not already prune.

use super::domain::{Domain, Step};
use super::graph_pdb::GraphPdb;
use super::heuristic::Heuristic;
use super::limits::Limits;
use super::manhattan::TileDistances;
use super::pdb::{
    BuildEvent, PatternDb, blank_aware_build_memory, blank_aware_file_name, build_memory, entry,
    file_name, load_or_build, load_or_build_blank_aware,
};
use super::region_index::RegionIndex;
use crate::error::{Error, Resource, Result};
use std::sync::Arc;

use crate::model::Configuration;
use crate::model::symmetry::{BoardSymmetry, GoalFrame};
use crate::store::TableStore;

/// Most vertices a table covers (placements are ranked in a 64-bit mask).
const MAX_VERTICES: usize = 64;

/// The tables for one board and goal (the *table goal*), seen from the
/// goal they serve: the table goal itself, or any goal that is the table
/// goal through a board symmetry with the tiles renamed
/// ([`GoalFrame`], [`BoardPdbTables::serving`]), and what the transposed
/// lookup needs. The tables form one additive partition of the tiles, or
/// several (a *catalogue*, whose heuristic is the maximum over the
/// partitions' sums: Holte, Felner, Newton, Meshulam and Furcy, AI 170,
/// 2006); a group that two partitions share is one table.
pub struct BoardPdbTables {
    width: usize,
    height: usize,
    /// The distinct tables.
    dbs: Vec<Arc<PatternDb>>,
    /// For each partition, the index in `dbs` of each of its groups.
    partitions: Vec<Vec<usize>>,
    /// The goal the tables were built for.
    table_goal: Configuration,
    /// The direct lookups' views of the served goal, one per partition.
    direct: Vec<View>,
    /// Manhattan distances towards the served goal (entries are stored
    /// over them).
    distances: TileDistances,
    /// Transposed lookups (one per partition), for square boards whose
    /// table goal is symmetric under transposition.
    mirror: Option<Vec<View>>,
}

/// How a lookup sees the served goal's configurations in the tables'
/// frame.
struct View {
    /// Served cell -> the table goal's cell.
    cells: Vec<u8>,
    /// For each group, the served goal's tile that the table sees as the
    /// group's i-th tile.
    sources: Vec<Vec<u32>>,
    /// Group affected when a (served) tile moves (u8::MAX for the blank).
    group_of: Vec<u8>,
}

impl View {
    /// The view through `cells` (served cell -> table cell) and `tiles`
    /// (served tile -> the table's name for it) of `groups` (table names).
    fn new(groups: &[Vec<u32>], cells: &[usize], tiles: &[u32]) -> Result<View> {
        let n = cells.len();
        let mut served = vec![u32::MAX; n];
        for (t, &u) in tiles.iter().enumerate() {
            if let Some(slot) = served.get_mut(u as usize) {
                *slot = t as u32;
            }
        }
        let mut group_of = vec![u8::MAX; n];
        let mut sources = Vec::with_capacity(groups.len());
        for (gi, g) in groups.iter().enumerate() {
            let mut src = Vec::with_capacity(g.len());
            for &u in g {
                let t = served.get(u as usize).copied().unwrap_or(u32::MAX);
                let slot = group_of.get_mut(t as usize).ok_or_else(|| {
                    Error::Internal(format!("tile {u} of a table is no tile of the goal served"))
                })?;
                *slot = gi as u8;
                src.push(t);
            }
            sources.push(src);
        }
        Ok(View {
            cells: cells.iter().map(|&c| c as u8).collect(),
            sources,
            group_of,
        })
    }
}

impl BoardPdbTables {
    /// Loads the tables for the groups of `partitions` (one additive
    /// partition of the tiles, or several: a catalogue) from `store`,
    /// building (and saving there) the missing ones; without a store they
    /// are built in memory. A group found in several partitions is one
    /// table.
    /// With `blank_aware`, the tables keep an entry per blank region
    /// ([`super::blank_aware`]). They serve `goal` itself;
    /// [`BoardPdbTables::serving`] turns them to another goal.
    ///
    /// # Errors
    /// As [`load_or_build`]; [`Error::Limit`] for boards over 64 cells
    /// ([`Resource::Vertices`]), a missing table whose build would need
    /// more than `max_memory` bytes, or tables that together hold more
    /// ([`Resource::Memory`]).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        width: usize,
        height: usize,
        goal: &Configuration,
        partitions: &[Vec<Vec<u32>>],
        blank_aware: bool,
        store: Option<&dyn TableStore>,
        limits: &Limits,
        report: &dyn Fn(&BuildEvent),
    ) -> Result<Self> {
        let max_memory = limits.max_memory;
        let n = width * height;
        if n > 64 {
            return Err(Error::limit(Resource::Vertices, n as u64, 64));
        }
        let mut groups: Vec<Vec<u32>> = Vec::new();
        let places: Vec<Vec<usize>> = partitions
            .iter()
            .map(|partition| {
                partition
                    .iter()
                    .map(|g| match groups.iter().position(|x| x == g) {
                        Some(i) => i,
                        None => {
                            groups.push(g.clone());
                            groups.len() - 1
                        }
                    })
                    .collect()
            })
            .collect();
        // One index per group size, shared by the groups of that size.
        let mut indices: Vec<Arc<RegionIndex>> = Vec::new();
        if blank_aware {
            let board = crate::model::Puzzle::board(width, height, false, false)?;
            for g in &groups {
                if !indices.iter().any(|ix| ix.group_size() == g.len()) {
                    indices.push(Arc::new(RegionIndex::new(
                        board.graph(),
                        g.len(),
                        max_memory,
                    )?));
                }
            }
        }
        let index_of = |k: usize| indices.iter().find(|ix| ix.group_size() == k);
        let name = |g: &[u32]| match blank_aware {
            true => blank_aware_file_name(width, height, goal, g),
            false => file_name(width, height, goal, g),
        };
        // Refuse up front, before building any table, when one of the
        // missing tables would not fit.
        let need = groups
            .iter()
            .filter(|g| !store.is_some_and(|s| s.contains(&name(g))))
            .map(|g| match index_of(g.len()) {
                Some(ix) => blank_aware_build_memory(ix),
                None => build_memory(n, g.len()),
            })
            .max();
        if let Some(need) = need.filter(|&m| m > max_memory) {
            return Err(Error::limit(Resource::Memory, need, max_memory));
        }
        let mut dbs: Vec<Arc<PatternDb>> = Vec::new();
        for g in &groups {
            // The tables held so far count against the budget (a catalogue
            // holds many).
            let held: u64 = dbs.iter().map(|d| d.entries().len() as u64).sum();
            if held > max_memory {
                return Err(Error::limit(Resource::Memory, held, max_memory));
            }
            dbs.push(Arc::new(match index_of(g.len()) {
                Some(ix) => {
                    load_or_build_blank_aware(store, (width, height), goal, g, ix, limits, report)?
                }
                None => load_or_build(store, width, height, goal, g, limits, report)?,
            }));
        }
        let identity = GoalFrame::onto(width, height, goal, goal)
            .ok_or_else(|| Error::Internal("board tables for a goal of another size".into()))?;
        Self::with_frame(width, height, (dbs, places), goal.clone(), goal, &identity)
    }

    /// The same tables (shared, not copied) serving `goal`, which must be
    /// the table goal through a board symmetry with the tiles renamed
    /// ([`GoalFrame::onto`]): every goal whose blank the symmetries map
    /// onto the table goal's, so tables of the standard goal serve every
    /// goal with its blank in a corner. The heuristic's values are those
    /// of the table goal's lookups on the mapped configurations; the
    /// transposed lookup stays where the table goal allows it. O(n) per
    /// group tile.
    ///
    /// # Errors
    /// [`Error::Argument`] (`--goal`) when `goal` is not the table goal so (its blank
    /// off the symmetric cells, another size, several blanks).
    pub fn serving(&self, goal: &Configuration) -> Result<Self> {
        let frame = GoalFrame::onto(self.width, self.height, goal, &self.table_goal)
            .ok_or_else(|| {
                Error::argument(
                    "--goal",
                    "these tables serve only goals that are their goal mirrored or turned with the tiles renamed",
                )
            })?;
        Self::with_frame(
            self.width,
            self.height,
            (self.dbs.clone(), self.partitions.clone()),
            self.table_goal.clone(),
            goal,
            &frame,
        )
    }

    /// The tables `dbs` of `table_goal`, in the partitions `places` (the
    /// indices in `dbs` of each partition's groups), serving `goal` through
    /// `frame`.
    fn with_frame(
        width: usize,
        height: usize,
        (dbs, partitions): (Vec<Arc<PatternDb>>, Vec<Vec<usize>>),
        table_goal: Configuration,
        goal: &Configuration,
        frame: &GoalFrame,
    ) -> Result<Self> {
        let n = width * height;
        let groups_of = |places: &[usize]| -> Result<Vec<Vec<u32>>> {
            places
                .iter()
                .map(|&i| {
                    dbs.get(i)
                        .map(|d| d.tiles.clone())
                        .ok_or_else(|| Error::Internal("a partition names no table".into()))
                })
                .collect()
        };
        let groups: Vec<Vec<Vec<u32>>> = partitions
            .iter()
            .map(|p| groups_of(p))
            .collect::<Result<_>>()?;
        let cells: Vec<usize> = (0..n).map(|c| frame.cell(c)).collect();
        let tiles: Vec<u32> = (0..n as u32).map(|t| frame.tile(t)).collect();
        let direct = groups
            .iter()
            .map(|g| View::new(g, &cells, &tiles))
            .collect::<Result<_>>()?;
        // Transposition symmetry of the table goal: cell (x, y) -> (y, x);
        // tile u -> the tile whose goal cell is the transpose of u's. The
        // transposed lookup sees the served configuration through the
        // frame, then the transposition.
        let transpose = BoardSymmetry::Transpose;
        let mirror = if width == height
            && transpose.cell(width, height, table_goal.blank()) == table_goal.blank()
        {
            let gpos = table_goal.positions();
            let turned =
                |u: u32| table_goal.tile_at(transpose.cell(width, height, gpos[u as usize]));
            let mcells: Vec<usize> = cells
                .iter()
                .map(|&c| transpose.cell(width, height, c))
                .collect();
            let mtiles: Vec<u32> = tiles.iter().map(|&u| turned(u)).collect();
            Some(
                groups
                    .iter()
                    .map(|g| View::new(g, &mcells, &mtiles))
                    .collect::<Result<_>>()?,
            )
        } else {
            None
        };
        let distances = TileDistances::board(width, height, goal)
            .ok_or_else(|| Error::Internal("board tables for a goal of another size".into()))?;
        Ok(BoardPdbTables {
            width,
            height,
            dbs,
            partitions,
            table_goal,
            direct,
            distances,
            mirror,
        })
    }

    /// Whether the transposed lookup is used.
    pub fn has_mirror(&self) -> bool {
        self.mirror.is_some()
    }

    /// The groups' tiles, one list per table, named as in the table goal.
    pub fn groups(&self) -> Vec<Vec<u32>> {
        self.dbs.iter().map(|d| d.tiles.clone()).collect()
    }

    /// How many additive partitions the tables form (1, or more for a
    /// catalogue).
    pub fn partition_count(&self) -> usize {
        self.partitions.len()
    }

    /// Whether the tables are blank-aware ([`super::blank_aware`]).
    pub(crate) fn is_blank_aware(&self) -> bool {
        self.dbs.iter().any(|d| d.region_index().is_some())
    }

    /// The lookup of partition `p` through `view`: `None` when
    /// `BLANK_AWARE` is not whether the tables are blank-aware.
    fn lookup<const BLANK_AWARE: bool>(
        &self,
        p: usize,
        view: &View,
    ) -> Option<PdbLookup<'_, BLANK_AWARE>> {
        if BLANK_AWARE != self.is_blank_aware() {
            return None;
        }
        let places = self.partitions.get(p)?;
        Some(PdbLookup::new(
            self.width * self.height,
            view.sources
                .iter()
                .zip(places)
                .filter_map(|(src, &i)| Some((src, self.dbs.get(i)?)))
                .map(|(src, d)| (src.as_slice(), d.entries(), d.is_packed(), d.region_index())),
            &view.group_of,
            &view.cells,
            Some(&self.distances),
        ))
    }

    /// The lookup of the tables as they are (the direct lookup), with
    /// `BLANK_AWARE` telling whether they are (`Self::is_blank_aware`):
    /// `None` if not. The two kinds are two types, so the plain kernel
    /// reads no blank.
    /// Of the first partition.
    pub(crate) fn direct<const BLANK_AWARE: bool>(&self) -> Option<PdbLookup<'_, BLANK_AWARE>> {
        self.lookup(0, self.direct.first()?)
    }

    /// The lookup of the transposed configuration, if the board and goal
    /// allow it (and `BLANK_AWARE` is right, as for [`Self::direct`]). Of
    /// the first partition.
    pub(crate) fn transposed<const BLANK_AWARE: bool>(&self) -> Option<PdbLookup<'_, BLANK_AWARE>> {
        self.lookup(0, self.mirror.as_ref()?.first()?)
    }

    /// Every lookup, partition by partition: the direct one, then the
    /// transposed one where the board and goal allow it (`None` if
    /// `BLANK_AWARE` is wrong, as for [`Self::direct`]). The heuristic is
    /// their maximum.
    pub(crate) fn lookups<const BLANK_AWARE: bool>(
        &self,
    ) -> Option<Vec<PdbLookup<'_, BLANK_AWARE>>> {
        let mut out = Vec::new();
        for (p, view) in self.direct.iter().enumerate() {
            out.push(self.lookup(p, view)?);
            if let Some(m) = self.mirror.as_ref().and_then(|m| m.get(p)) {
                out.push(self.lookup(p, m)?);
            }
        }
        Some(out)
    }

    /// The heuristic value of a configuration (one byte per cell): the
    /// maximum of every lookup (`Self::lookups`). O(n) per lookup.
    pub fn value(&self, cells: &[u8]) -> u32 {
        fn max_of<const B: bool>(t: &BoardPdbTables, cells: &[u8]) -> u32 {
            t.lookups::<B>().map_or(0, |all| {
                all.into_iter()
                    .map(|mut l| l.evaluate(cells))
                    .max()
                    .unwrap_or(0)
            })
        }
        if self.is_blank_aware() {
            max_of::<true>(self, cells)
        } else {
            max_of::<false>(self, cells)
        }
    }
}

/// A group's tiles as a fixed array, for the inner loop.
#[derive(Clone, Copy)]
struct GroupTiles {
    k: usize,
    tiles: [u8; 8],
    packed: bool,
}

impl GroupTiles {
    /// The table entry for the placement of these tiles in `pos` (plain
    /// tables).
    #[inline(always)]
    fn lookup(&self, pos: &[u8; MAX_VERTICES], n: usize, table: &[u8]) -> u32 {
        let mut used = 0u64;
        let mut rank = 0u64;
        for i in 0..self.k {
            let c = pos[self.tiles[i] as usize & (MAX_VERTICES - 1)];
            let smaller_used = (used & ((1u64 << c) - 1)).count_ones() as u64;
            rank = rank * (n - i) as u64 + (c as u64 - smaller_used);
            used |= 1u64 << c;
        }
        entry(table, self.packed, rank)
    }

    /// The entry of a blank-aware table ranked by `index`, the blank's
    /// cell in `pos[0]`.
    #[inline(always)]
    fn lookup_blank_aware(
        &self,
        pos: &[u8; MAX_VERTICES],
        index: &RegionIndex,
        table: &[u8],
    ) -> u32 {
        let mut cells = [0u8; 8];
        for (c, &t) in cells.iter_mut().zip(&self.tiles).take(self.k) {
            *c = pos[t as usize & (MAX_VERTICES - 1)];
        }
        entry(table, self.packed, index.index(&cells[..self.k], pos[0]))
    }

    /// The entry for `pos`: blank-aware when `index` is given.
    #[inline(always)]
    fn entry<const BLANK_AWARE: bool>(
        &self,
        pos: &[u8; MAX_VERTICES],
        n: usize,
        table: &[u8],
        index: Option<&RegionIndex>,
    ) -> u32 {
        match (BLANK_AWARE, index) {
            (true, Some(index)) => self.lookup_blank_aware(pos, index, table),
            _ => self.lookup(pos, n, table),
        }
    }
}

/// Additive pattern-database lookups following a configuration (through a
/// cell map: the identity, or the transposition): h = MD + 2 x (sum of the
/// entries) for board tables stored over the Manhattan distance, h = sum
/// of the entries for graph tables.
///
/// `BLANK_AWARE` lookups read blank-aware tables ([`super::blank_aware`])
/// and follow the blank; plain ones do not.
#[derive(Clone)]
pub struct PdbLookup<'t, const BLANK_AWARE: bool = false> {
    n: usize,
    groups: Vec<GroupTiles>,
    /// The index of each group's table if it is blank-aware.
    indices: Vec<Option<&'t RegionIndex>>,
    tables: Vec<&'t [u8]>,
    /// Group index of each tile (u8::MAX for the blank).
    group_of: [u8; MAX_VERTICES],
    /// Vertex -> the vertex the lookup sees.
    cell_map: [u8; MAX_VERTICES],
    /// Board tables: the Manhattan distances the entries are stored over.
    distances: Option<&'t TileDistances>,
    /// Mapped vertex of each tile.
    pos: [u8; MAX_VERTICES],
    /// Current entry of each group.
    entries: [u8; MAX_VERTICES],
    md: u32,
    sum: u32,
}

/// What [`PdbLookup`] restores on undo.
#[derive(Clone, Copy, Default)]
pub struct PdbUndo {
    md: u32,
    sum: u32,
    group: u8,
    entry: u8,
}

impl<'t, const BLANK_AWARE: bool> PdbLookup<'t, BLANK_AWARE> {
    /// Lookups of `groups` (tiles, table bytes, 4-bit entries or not);
    /// `group_of[t]` is the group tile t's move changes, `cell_map` maps
    /// vertices to the vertices the tables see; `distances` for board
    /// tables stored over the Manhattan distance.
    fn new<'g>(
        n: usize,
        groups: impl Iterator<Item = (&'g [u32], &'t [u8], bool, Option<&'t RegionIndex>)>,
        group_of: &[u8],
        cell_map: &[u8],
        distances: Option<&'t TileDistances>,
    ) -> Self {
        let mut lookup = PdbLookup {
            n,
            groups: Vec::new(),
            indices: Vec::new(),
            tables: Vec::new(),
            group_of: [u8::MAX; MAX_VERTICES],
            cell_map: [0; MAX_VERTICES],
            distances,
            pos: [0; MAX_VERTICES],
            entries: [0; MAX_VERTICES],
            md: 0,
            sum: 0,
        };
        for (tiles, table, packed, index) in groups {
            let mut g = GroupTiles {
                k: tiles.len().min(8),
                tiles: [0; 8],
                packed,
            };
            lookup.indices.push(index);
            for (slot, &t) in g.tiles.iter_mut().zip(tiles) {
                *slot = t as u8;
            }
            lookup.groups.push(g);
            lookup.tables.push(table);
        }
        lookup.group_of[..group_of.len()].copy_from_slice(group_of);
        lookup.cell_map[..cell_map.len()].copy_from_slice(cell_map);
        lookup
    }

    #[inline(always)]
    fn value(&self) -> u32 {
        match self.distances {
            Some(_) => self.md + 2 * self.sum,
            None => self.sum,
        }
    }

    /// Evaluates `cells` from scratch and follows it from now on.
    fn evaluate(&mut self, cells: &[u8]) -> u32 {
        const M: usize = MAX_VERTICES - 1;
        for (v, &t) in cells.iter().enumerate() {
            self.pos[t as usize & M] = self.cell_map[v & M];
        }
        self.sum = 0;
        for (i, (g, table)) in self.groups.iter().zip(&self.tables).enumerate() {
            let e = g.entry::<BLANK_AWARE>(
                &self.pos,
                self.n,
                table,
                self.indices.get(i).copied().flatten(),
            );
            self.entries[i & M] = e as u8;
            self.sum += e;
        }
        self.md = self.distances.map_or(0, |d| d.sum(cells));
        self.value()
    }
}

impl<'t> PdbLookup<'t, false> {
    /// Lookups of graph tables (absolute entries, no reflection).
    pub(crate) fn graph(pdb: &'t GraphPdb) -> Self {
        Self::graph_groups(pdb, 0..pdb.groups().len())
    }

    /// Lookups of the graph tables `groups` of `pdb` only (one additive
    /// partition of a set that holds several, see
    /// [`super::several_pdb::free_blank_partitions`]); the sum of their
    /// entries. Groups out of range are left out.
    pub(crate) fn graph_groups(pdb: &'t GraphPdb, groups: std::ops::Range<usize>) -> Self {
        let n = pdb.vertex_count();
        let mut group_of = vec![u8::MAX; n];
        let chosen = || {
            pdb.groups()
                .iter()
                .zip(pdb.tables())
                .skip(groups.start)
                .take(groups.len())
        };
        for (i, (g, _)) in chosen().enumerate() {
            for &t in g {
                if let Some(slot) = group_of.get_mut(t as usize) {
                    *slot = i as u8;
                }
            }
        }
        let identity: Vec<u8> = (0..n as u8).collect();
        PdbLookup::new(
            n,
            chosen().map(|(g, t)| (g.as_slice(), t.as_slice(), false, None)),
            &group_of,
            &identity,
            None,
        )
    }
}

impl<D: Domain<Move = Step>, const BLANK_AWARE: bool> Heuristic<D> for PdbLookup<'_, BLANK_AWARE> {
    type Undo = PdbUndo;
    fn reset(&mut self, d: &D) -> u32 {
        self.evaluate(d.cells())
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, s: Step, _: u32, _: u32) -> (u32, PdbUndo) {
        const M: usize = MAX_VERTICES - 1;
        let tile = s.tile as usize & M;
        let g = self.group_of[tile] as usize & M;
        let undo = PdbUndo {
            md: self.md,
            sum: self.sum,
            group: g as u8,
            entry: self.entries[g],
        };
        if let Some(d) = self.distances {
            self.md = self.md.wrapping_add(d.delta(s));
        }
        self.pos[tile] = self.cell_map[s.to as usize & M];
        if BLANK_AWARE {
            // The blank is now where the tile was.
            self.pos[0] = self.cell_map[s.from as usize & M];
        }
        let e = self.groups[g].entry::<BLANK_AWARE>(
            &self.pos,
            self.n,
            self.tables[g],
            if BLANK_AWARE {
                self.indices.get(g).copied().flatten()
            } else {
                None
            },
        );
        self.entries[g] = e as u8;
        self.sum = self.sum + e - undo.entry as u32;
        (self.value(), undo)
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, s: Step, u: PdbUndo) {
        const M: usize = MAX_VERTICES - 1;
        self.pos[s.tile as usize & M] = self.cell_map[s.from as usize & M];
        if BLANK_AWARE {
            self.pos[0] = self.cell_map[s.to as usize & M];
        }
        self.entries[u.group as usize & M] = u.entry;
        self.md = u.md;
        self.sum = u.sum;
    }
}
