//! Additive disjoint pattern databases for W x H boards.
//!
//! Korf and Felner, "Disjoint pattern database heuristics", Artificial
//! Intelligence 134 (2002); Felner, Korf and Hanan, JAIR 22 (2004). The
//! tiles are split into disjoint groups; for each group a table gives, for
//! every placement of its tiles, the fewest moves **of those tiles** needed
//! to bring them home, whatever the other tiles do. Counting only a group's
//! own moves makes the tables additive: the sum over groups is admissible.
//!
//! Construction: breadth-first search backwards from the goal in the
//! abstract space of (placement of the group's tiles, the blank's region),
//! where the region is the set of free cells the blank can reach without
//! moving a group tile (those moves cost nothing), represented by its
//! smallest cell. Each placement's entry is the depth at which it is first
//! reached. Placements are ranked perfectly: the tiles' cells as a partial
//! permutation, `n!/(n-k)!` entries of one byte.
//!
//! Storage: each table is kept in the caller's [`TableStore`] (the command
//! line's is a directory, `slidepuzzle/pdb/` in the platform cache
//! directory by default) with a header naming the format version, board,
//! goal and group and a checksum of the entries; it is rebuilt (with a
//! message) when missing, stale or corrupt. The memory a build needs is
//! computed first and the build refused above the caller's budget.

use std::sync::Arc;

use super::blank_aware::build_blank_aware;
use super::limits::Limits;
use super::pdb_build::{BuildProgress, build_table};
pub use super::placement::{placements, rank_placement};
use super::region_index::RegionIndex;
use crate::error::{Error, Resource, Result};
use crate::model::Configuration;
use crate::primitives::resident::ResidentBytes;
use crate::store::{StoredTable, TableStore, checksum, split_header};

/// Format version written in every table header (2: entries over the
/// Manhattan distance sum, 4 bits when they fit; 3: XXH3 checksum).
pub const FORMAT_VERSION: u32 = 3;

/// Memory a build of a `k`-tile table on `n` cells needs, in bytes (the
/// search of [`super::pdb_build`] and the packed table).
pub(crate) fn build_memory(n: usize, k: usize) -> u64 {
    super::pdb_build::build_memory(n, k) + placements(n, k).div_ceil(2)
}

/// One pattern database: a group of tiles and its table. Entries are
/// stored over the distance sum ([`OverDistance`](crate::search::pdb_build::Encoding::OverDistance) with step 2,
/// boards being bipartite): a placement's value is the sum of its tiles'
/// Manhattan distances plus twice the entry. Entries take 4 bits (two per
/// byte, the even rank in the low nibble) when they all fit, else a byte.
///
/// A **blank-aware** table ([`super::blank_aware`]) has one entry per
/// (placement, blank region), ranked by its [`RegionIndex`]; a plain one
/// has one per placement ([`rank_placement`]).
pub struct PatternDb {
    /// The group's tiles.
    pub tiles: Vec<u32>,
    n: usize,
    packed: bool,
    data: Storage,
    index: Option<Arc<RegionIndex>>,
}

enum Storage {
    Owned(Vec<u8>),
    /// A stored table's entries, copied onto huge pages
    /// ([`ResidentBytes`]): read from a memory-mapped file, a lookup of a
    /// large table would miss the TLB nearly every time.
    Resident(ResidentBytes),
}

impl PatternDb {
    /// The entry for a placement rank: (value - Manhattan distance sum) / 2.
    #[inline]
    pub fn get(&self, rank: u64) -> u32 {
        entry(self.entries(), self.packed, rank)
    }

    /// The stored bytes (two entries per byte if `Self::is_packed`).
    pub fn entries(&self) -> &[u8] {
        match &self.data {
            Storage::Owned(v) => v,
            Storage::Resident(r) => r,
        }
    }

    /// Whether entries take 4 bits.
    pub(crate) fn is_packed(&self) -> bool {
        self.packed
    }

    /// Number of cells of the board.
    pub fn cells(&self) -> usize {
        self.n
    }

    /// The index of a blank-aware table (`None` for a plain one).
    pub(crate) fn region_index(&self) -> Option<&RegionIndex> {
        self.index.as_deref()
    }
}

/// The entry of `rank` in stored bytes, 4 bits each if `packed`.
#[inline(always)]
pub(crate) fn entry(bytes: &[u8], packed: bool, rank: u64) -> u32 {
    if packed {
        ((bytes[(rank >> 1) as usize] >> ((rank & 1) << 2)) & 15) as u32
    } else {
        bytes[rank as usize] as u32
    }
}

/// Packs byte entries two per byte (the even rank in the low nibble) when
/// all of them are below 16 (never-reached entries, 255, become 15).
/// Returns the packed bytes, or `None` when some entry does not fit.
pub(crate) fn pack_nibbles(bytes: &[u8]) -> Option<Vec<u8>> {
    use rayon::prelude::*;
    let fits = bytes.par_iter().all(|&b| b < 16 || b == u8::MAX);
    fits.then(|| {
        bytes
            .par_chunks(2)
            .map(|pair| {
                let lo = pair[0].min(15);
                let hi = pair.get(1).map_or(0, |&b| b.min(15));
                lo | hi << 4
            })
            .collect()
    })
}

/// Builds the table for `tiles` on a `width x height` board with `goal`,
/// entries over the Manhattan distance sum ([`PatternDb`]), one byte each.
/// See [`super::pdb_build`].
///
/// # Errors
/// As `build_table`.
pub(crate) fn build(
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
    limits: &Limits,
    progress: &dyn Fn(&BuildProgress),
) -> Result<Vec<u8>> {
    let board = crate::model::Puzzle::board(width, height, false, false)?;
    Ok(build_table(board.graph(), goal, tiles, true, limits, progress)?.0)
}

/// Builds the table for `tiles` on any graph with at most 64 vertices,
/// entries absolute (the fewest moves of the group's tiles; 255 = never
/// reached).
///
/// # Errors
/// As [`build_table`].
pub(crate) fn build_on_graph(
    graph: &crate::model::Graph,
    goal: &Configuration,
    tiles: &[u32],
    limits: &Limits,
) -> Result<Vec<u8>> {
    Ok(build_table(graph, goal, tiles, false, limits, &|_| {})?.0)
}

/// The header line of a stored table.
fn header(
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
    blank_aware: bool,
    bits: u32,
    sum: u64,
) -> String {
    let g: Vec<String> = goal.cells().iter().map(|t| t.to_string()).collect();
    let t: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    let encoding = if blank_aware {
        "blank-aware-over-manhattan/2"
    } else {
        "over-manhattan/2"
    };
    format!(
        "slidepuzzle-pdb v{FORMAT_VERSION} board {width}x{height} goal {} tiles {} encoding {encoding} bits {bits} checksum {sum:016x}\n",
        g.join(","),
        t.join(",")
    )
}

/// The name a table is stored under: board, a hash of the goal, the tiles.
pub fn file_name(width: usize, height: usize, goal: &Configuration, tiles: &[u32]) -> String {
    let sum = checksum(
        &goal
            .cells()
            .iter()
            .flat_map(|t| t.to_le_bytes())
            .collect::<Vec<_>>(),
    );
    let t: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    format!("{width}x{height}-g{:08x}-t{}.pdb", sum as u32, t.join("-"))
}

/// The name a blank-aware table is stored under: [`file_name`] with `-b`
/// before the extension.
pub(crate) fn blank_aware_file_name(
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
) -> String {
    let plain = file_name(width, height, goal, tiles);
    format!("{}-b.pdb", plain.trim_end_matches(".pdb"))
}

/// Memory a build of a blank-aware table with `index` needs, in bytes
/// (the search of [`super::blank_aware`] and the packed table).
pub(crate) fn blank_aware_build_memory(index: &RegionIndex) -> u64 {
    super::blank_aware::build_memory(index.states()) + index.states().div_ceil(2)
}

/// What a load or build reports.
#[derive(Clone, Debug)]
pub enum BuildEvent {
    /// A message for the user (building, rebuilding a bad table).
    Message(String),
    /// A finished layer of a build.
    Layer(BuildProgress),
}

/// Loads a table from `store`, building it (and saving it there, if a
/// store is given) when it is missing, stale or corrupt. `report` receives
/// messages and build progress.
///
/// # Errors
/// [`Error::Limit`] ([`Resource::Memory`]) when the build would need more
/// than `limits.max_memory` bytes; [`Error::Stopped`] when `limits` stop
/// the build (nothing is saved); [`Error::Io`] when the store cannot be
/// written.
pub fn load_or_build(
    store: Option<&dyn TableStore>,
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
    limits: &Limits,
    report: &dyn Fn(&BuildEvent),
) -> Result<PatternDb> {
    load_or_build_with(store, (width, height), goal, tiles, None, limits, report)
}

/// [`load_or_build`] for the blank-aware table of `tiles`
/// ([`super::blank_aware`]), ranked by `index` (built for this board and
/// `tiles.len()`), stored under [`blank_aware_file_name`].
///
/// # Errors
/// As [`load_or_build`].
pub(crate) fn load_or_build_blank_aware(
    store: Option<&dyn TableStore>,
    (width, height): (usize, usize),
    goal: &Configuration,
    tiles: &[u32],
    index: &Arc<RegionIndex>,
    limits: &Limits,
    report: &dyn Fn(&BuildEvent),
) -> Result<PatternDb> {
    load_or_build_with(
        store,
        (width, height),
        goal,
        tiles,
        Some(index),
        limits,
        report,
    )
}

fn load_or_build_with(
    store: Option<&dyn TableStore>,
    (width, height): (usize, usize),
    goal: &Configuration,
    tiles: &[u32],
    index: Option<&Arc<RegionIndex>>,
    limits: &Limits,
    report: &dyn Fn(&BuildEvent),
) -> Result<PatternDb> {
    let max_memory = limits.max_memory;
    let n = width * height;
    let blank_aware = index.is_some();
    let name = match index {
        Some(_) => blank_aware_file_name(width, height, goal, tiles),
        None => file_name(width, height, goal, tiles),
    };
    if let Some(store) = store {
        match store.load(&name) {
            Ok(Some(bytes)) => match parse_with(bytes, (width, height), goal, tiles, index) {
                Ok(db) => return Ok(db),
                Err(e) => report(&BuildEvent::Message(format!(
                    "rebuilding {name} in {}: {e}",
                    store.location()
                ))),
            },
            Ok(None) => {}
            Err(e) => report(&BuildEvent::Message(format!("rebuilding: {e}"))),
        }
    }
    let (need, entries) = match index {
        Some(ix) => (blank_aware_build_memory(ix), ix.states()),
        None => (build_memory(n, tiles.len()), placements(n, tiles.len())),
    };
    if need > max_memory {
        return Err(Error::limit(Resource::Memory, need, max_memory));
    }
    report(&BuildEvent::Message(format!(
        "building the {}pattern database for tiles {:?} on {width}x{height} ({entries} entries, about {} while building)",
        if blank_aware { "blank-aware " } else { "" },
        tiles,
        Resource::Memory.amount(need)
    )));
    let layer = |p: &BuildProgress| report(&BuildEvent::Layer(*p));
    let bytes = match index {
        Some(ix) => {
            let board = crate::model::Puzzle::board(width, height, false, false)?;
            build_blank_aware(board.graph(), goal, tiles, ix, limits, &layer)?.0
        }
        None => build(width, height, goal, tiles, limits, &layer)?,
    };
    let (data, packed) = match pack_nibbles(&bytes) {
        Some(nibbles) => (nibbles, true),
        None => (bytes, false),
    };
    if let Some(store) = store {
        let bits = if packed { 4 } else { 8 };
        let head = header(
            width,
            height,
            goal,
            tiles,
            blank_aware,
            bits,
            checksum(&data),
        );
        if let Err(e) = store.save(&name, &[head.as_bytes(), &data]) {
            // The table is built; it serves this run from memory.
            report(&BuildEvent::Message(format!(
                "note: the table was not cached ({e}); it is used from memory"
            )));
        }
    }
    Ok(PatternDb {
        tiles: tiles.to_vec(),
        n,
        packed,
        data: Storage::Owned(data),
        index: index.cloned(),
    })
}

/// Checks stored contents (header, size and checksum) against the board,
/// goal and tiles they should hold.
///
/// # Errors
/// [`Error::Io`] (invalid data) naming what does not match.
pub fn parse(
    bytes: StoredTable,
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
) -> Result<PatternDb> {
    parse_with(bytes, (width, height), goal, tiles, None)
}

fn parse_with(
    bytes: StoredTable,
    (width, height): (usize, usize),
    goal: &Configuration,
    tiles: &[u32],
    index: Option<&Arc<RegionIndex>>,
) -> Result<PatternDb> {
    let bad = |why: &str| Error::invalid_file("stored table", why);
    let (head, data) = split_header(&bytes).ok_or_else(|| bad("no header"))?;
    let n = width * height;
    let entries = match index {
        Some(ix) => ix.states(),
        None => placements(n, tiles.len()),
    };
    let packed = if data.len() as u64 == entries.div_ceil(2) {
        true
    } else if data.len() as u64 == entries {
        false
    } else {
        return Err(bad("wrong size (truncated or another table)"));
    };
    let bits = if packed { 4 } else { 8 };
    // Copied and checked in one pass (the file's pages let go behind).
    let (resident, sum) = bytes.resident_with_checksum(head.len())?;
    let expected = header(width, height, goal, tiles, index.is_some(), bits, sum);
    if head != expected {
        return Err(bad("header or checksum mismatch (stale or corrupt)"));
    }
    Ok(PatternDb {
        tiles: tiles.to_vec(),
        n,
        packed,
        data: Storage::Resident(resident),
        index: index.cloned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::search::placement::unrank_placement;

    #[test]
    fn ranking_round_trips() {
        let n = 9;
        let mut out = [0u8; 3];
        for r in 0..placements(n, 3) {
            unrank_placement(r, n, 3, &mut out);
            assert_eq!(rank_placement(&out, n), r);
        }
    }

    #[test]
    fn single_tile_database_is_manhattan_distance() {
        // One tile alone: its table is its Manhattan distance.
        let goal = Configuration::natural(9);
        // Stored over the Manhattan distance, every entry is 0.
        let t = build(3, 3, &goal, &[5], &Limits::default(), &|_| {}).unwrap();
        assert!(t.iter().all(|&e| e == 0));
        let abs = build_on_graph(
            Puzzle::board(3, 3, false, false).unwrap().graph(),
            &goal,
            &[5],
            &Limits::default(),
        )
        .unwrap();
        for cell in 0..9u8 {
            let r = rank_placement(&[cell], 9);
            let (x, y) = (cell as i32 % 3, cell as i32 / 3);
            assert_eq!(abs[r as usize] as i32, (x - 1).abs() + (y - 1).abs());
        }
    }
}

/// What a table file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileInfo {
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// The goal the table was built for.
    pub goal: Vec<u32>,
    /// The group's tiles.
    pub tiles: Vec<u32>,
    /// Bits per entry (4 or 8).
    pub bits: u32,
    /// Whether the table is blank-aware ([`super::blank_aware`]).
    pub blank_aware: bool,
}

/// Reads the header of stored table contents.
///
/// # Errors
/// [`Error::Io`] (invalid data) if there is no valid header.
pub fn table_info(bytes: &[u8]) -> Result<FileInfo> {
    let bad = |why: &str| Error::invalid_file("stored table", why);
    let end = bytes
        .iter()
        .position(|&b| b == b'\n')
        .unwrap_or(bytes.len())
        .min(4096);
    let line = String::from_utf8_lossy(&bytes[..end]);
    let words: Vec<&str> = line.split_whitespace().collect();
    let field = |name: &str| {
        words
            .iter()
            .position(|w| *w == name)
            .and_then(|i| words.get(i + 1))
            .copied()
            .ok_or_else(|| bad(&format!("header has no {name}")))
    };
    if words.first() != Some(&"slidepuzzle-pdb")
        || words.get(1) != Some(&format!("v{FORMAT_VERSION}").as_str())
    {
        return Err(bad(
            "not a slidepuzzle pattern database of this format version",
        ));
    }
    let (w, h) = field("board")?
        .split_once('x')
        .ok_or_else(|| bad("bad board"))?;
    let list = |s: &str| -> Result<Vec<u32>> {
        s.split(',')
            .map(|x| x.parse().map_err(|_| bad("bad number in header")))
            .collect()
    };
    Ok(FileInfo {
        width: w.parse().map_err(|_| bad("bad width"))?,
        height: h.parse().map_err(|_| bad("bad height"))?,
        goal: list(field("goal")?)?,
        tiles: list(field("tiles")?)?,
        bits: field("bits")?.parse().map_err(|_| bad("bad bits"))?,
        blank_aware: field("encoding")? == "blank-aware-over-manhattan/2",
    })
}

/// Verifies any table slidepuzzle stores and says what it is: a board
/// table fully ([`verify_table`]); a graph table (`slidepuzzle-KIND-pdb`,
/// KIND `graph`, `several`, ...) by its size (`vertices!/(vertices -
/// tiles)!` entries) and checksum; an MTM table by its checksum. Anything
/// else is refused: a check that cannot check a file says so.
///
/// ```
/// use slidepuzzle::search::pdb::verify_stored;
/// use slidepuzzle::store::{MemoryStore, TableStore};
/// let store = MemoryStore::new();
/// store.save("garbage.pdb", &[b"\x00\x01 random\n", &[7; 64]]).unwrap();
/// assert!(verify_stored(store.load("garbage.pdb").unwrap().unwrap()).is_err());
/// ```
///
/// # Errors
/// [`Error::Io`] (invalid data) saying what is wrong, or that the file is
/// no table slidepuzzle writes.
pub fn verify_stored(bytes: StoredTable) -> Result<String> {
    if bytes.starts_with(b"slidepuzzle-pdb ") {
        let i = verify_table(bytes)?;
        return Ok(format!(
            "board {}x{} tiles {:?}",
            i.width, i.height, i.tiles
        ));
    }
    let bad = |why: String| Error::invalid_file("stored table", why);
    let (head, data) = crate::store::split_header(&bytes)
        .ok_or_else(|| bad("no header line: not a table slidepuzzle writes".into()))?;
    let words: Vec<&str> = head.split_whitespace().collect();
    let field = |name: &str| -> Option<&str> {
        words
            .iter()
            .position(|w| *w == name)
            .and_then(|i| words.get(i + 1).copied())
    };
    let kind = words.first().copied().unwrap_or("");
    if !(kind.starts_with("slidepuzzle-") && kind.ends_with("-pdb")) {
        return Err(bad(format!(
            "header '{}' is not a table slidepuzzle writes",
            crate::error::excerpt(head.trim_end())
        )));
    }
    let sum = field("checksum")
        .and_then(|h| u64::from_str_radix(h, 16).ok())
        .ok_or_else(|| bad("the header has no checksum".into()))?;
    if crate::store::checksum(data) != sum {
        return Err(bad("the checksum does not match the entries".into()));
    }
    if let (Some(n), Some(tiles)) = (field("vertices"), field("tiles")) {
        let n: usize = n.parse().map_err(|_| bad("bad vertex count".into()))?;
        let k = tiles.split(',').count();
        let entries = crate::search::placement::placements(n, k.min(n));
        if data.len() as u64 != entries {
            return Err(bad(format!(
                "{} entries where {n} vertices and {k} tiles have {entries}",
                data.len()
            )));
        }
        return Ok(format!("{kind}: {n} vertices, tiles {tiles}"));
    }
    Ok(format!("{kind}: {} bytes, checksum matches", data.len()))
}

/// Fully verifies stored table contents: header, size and checksum.
///
/// # Errors
/// [`Error::Io`] (invalid data) saying what is wrong.
pub fn verify_table(bytes: StoredTable) -> Result<FileInfo> {
    let info = table_info(&bytes)?;
    if info.width.saturating_mul(info.height) > 64 || info.tiles.len() > 16 {
        return Err(Error::invalid_file(
            "stored table",
            "board or group too large",
        ));
    }
    let goal = Configuration::from_cells(info.goal.clone(), 1)
        .map_err(|e| Error::invalid_file("stored table", format!("goal: {e}")))?;
    if info.blank_aware {
        let board = crate::model::Puzzle::board(info.width, info.height, false, false)
            .map_err(|e| Error::invalid_file("stored table", format!("board: {e}")))?;
        let index = RegionIndex::new(board.graph(), info.tiles.len(), u64::MAX)
            .map_err(|e| Error::invalid_file("stored table", format!("{e}")))?;
        let dims = (info.width, info.height);
        parse_with(bytes, dims, &goal, &info.tiles, Some(&Arc::new(index)))?;
    } else {
        parse(bytes, info.width, info.height, &goal, &info.tiles)?;
    }
    Ok(info)
}
