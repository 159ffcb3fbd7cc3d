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
//! Storage: each table is cached in a file (default: the platform cache
//! directory, `slidepuzzle/pdb/`) with a header naming the format version,
//! board, goal and group and a checksum of the entries; it is written to a
//! temporary file and renamed, loaded by memory-mapping, and rebuilt (with a
//! message) when missing, stale or corrupt. The memory a build needs is
//! computed first and the build refused above the caller's budget.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::model::Configuration;

/// Format version written in every file header.
pub const FORMAT_VERSION: u32 = 1;

/// Memory a build of a `k`-tile table on `n` cells needs, in bytes (the
/// table, an 8-byte visited mask per placement, and the queue).
pub fn build_memory(n: usize, k: usize) -> u64 {
    let entries = placements(n, k);
    entries * (1 + 8) + entries * 16
}

/// Number of placements of `k` distinct tiles on `n` cells.
pub fn placements(n: usize, k: usize) -> u64 {
    (n - k + 1..=n).map(|x| x as u64).product()
}

/// Ranks the cells of a group's tiles (in group order) as a partial
/// permutation of `0..n`: O(k).
#[inline]
pub fn rank_placement(cells: &[u8], n: usize) -> u64 {
    let mut used = 0u64;
    let mut rank = 0u64;
    for (i, &c) in cells.iter().enumerate() {
        let smaller_used = (used & ((1u64 << c) - 1)).count_ones() as u64;
        rank = rank * (n - i) as u64 + (c as u64 - smaller_used);
        used |= 1u64 << c;
    }
    rank
}

/// Inverse of [`rank_placement`].
pub fn unrank_placement(mut rank: u64, n: usize, k: usize, out: &mut [u8]) {
    let mut digits = [0u64; 64];
    for i in (0..k).rev() {
        let base = (n - i) as u64;
        digits[i] = rank % base;
        rank /= base;
    }
    let mut used = 0u64;
    for i in 0..k {
        // The digits[i]-th unused cell.
        let all = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut free = !used & all;
        for _ in 0..digits[i] {
            free &= free - 1;
        }
        let c = free.trailing_zeros() as u8;
        out[i] = c;
        used |= 1u64 << c;
    }
}

/// One pattern database: a group of tiles and its table.
pub struct PatternDb {
    /// The group's tiles.
    pub tiles: Vec<u32>,
    n: usize,
    data: Storage,
}

enum Storage {
    Owned(Vec<u8>),
    Mapped(memmap2::Mmap, usize),
}

impl PatternDb {
    /// The table entry for a placement rank.
    #[inline]
    pub fn get(&self, rank: u64) -> u8 {
        match &self.data {
            Storage::Owned(v) => v[rank as usize],
            Storage::Mapped(m, offset) => m[offset + rank as usize],
        }
    }

    /// The entries.
    pub fn entries(&self) -> &[u8] {
        match &self.data {
            Storage::Owned(v) => v,
            Storage::Mapped(m, offset) => &m[*offset..],
        }
    }

    /// Number of cells of the board.
    pub fn cells(&self) -> usize {
        self.n
    }
}

/// Builds the table for `tiles` on a `width x height` board with `goal`.
/// O(entries x k x n) time.
pub fn build(width: usize, height: usize, goal: &Configuration, tiles: &[u32]) -> Vec<u8> {
    let board = crate::model::Puzzle::board(width, height, false, false).expect("a valid board");
    build_on_graph(board.graph(), goal, tiles)
}

/// Builds the table for `tiles` on any graph with at most 64 vertices (the
/// same construction: moves of other tiles are free).
///
/// # Panics
/// If the graph has more than 64 vertices (callers check).
pub fn build_on_graph(graph: &crate::model::Graph, goal: &Configuration, tiles: &[u32]) -> Vec<u8> {
    let n = graph.vertex_count();
    assert!(n <= 64, "pattern databases handle at most 64 vertices");
    let k = tiles.len();
    let entries = placements(n, k) as usize;
    let mut table = vec![u8::MAX; entries];
    // visited[rank] = bitmask of region representatives seen.
    let mut visited = vec![0u64; entries];
    let goal_pos = goal.positions();
    let start: Vec<u8> = tiles.iter().map(|&t| goal_pos[t as usize] as u8).collect();
    let neighbors: Vec<Vec<u8>> = (0..n)
        .map(|c| graph.neighbors(c).iter().map(|&m| m as u8).collect())
        .collect();
    // The blank's region given occupied cells: flood fill, as a bitmask.
    let region = |occupied: u64, from: u8| -> u64 {
        let mut seen = 1u64 << from;
        let mut stack = [0u8; 64];
        let mut top = 1;
        stack[0] = from;
        while top > 0 {
            top -= 1;
            let c = stack[top] as usize;
            for &m in &neighbors[c] {
                let bit = 1u64 << m;
                if occupied & bit == 0 && seen & bit == 0 {
                    seen |= bit;
                    stack[top] = m;
                    top += 1;
                }
            }
        }
        seen
    };
    let occupied_of = |cells: &[u8]| cells.iter().fold(0u64, |acc, &c| acc | 1u64 << c);
    let start_occ = occupied_of(&start);
    let start_region = region(start_occ, goal.blank() as u8);
    let start_rank = rank_placement(&start, n);
    table[start_rank as usize] = 0;
    visited[start_rank as usize] |= 1u64 << start_region.trailing_zeros();
    let mut frontier: Vec<(u64, u8)> = vec![(start_rank, start_region.trailing_zeros() as u8)];
    let mut cells = vec![0u8; k];
    let mut depth = 0u8;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for &(rank, rep) in &frontier {
            unrank_placement(rank, n, k, &mut cells);
            let occ = occupied_of(&cells);
            let reg = region(occ, rep);
            for i in 0..k {
                let from = cells[i];
                for &to in &neighbors[from as usize] {
                    // The tile moves into `to` if the blank can be there.
                    if reg & (1u64 << to) == 0 {
                        continue;
                    }
                    cells[i] = to;
                    let new_occ = (occ & !(1u64 << from)) | (1u64 << to);
                    let new_rep = region(new_occ, from).trailing_zeros();
                    let r = rank_placement(&cells, n) as usize;
                    let bit = 1u64 << new_rep;
                    if visited[r] & bit == 0 {
                        visited[r] |= bit;
                        if table[r] == u8::MAX {
                            table[r] = depth;
                        }
                        next.push((r as u64, new_rep as u8));
                    }
                    cells[i] = from;
                }
            }
        }
        frontier = next;
    }
    table
}

/// FNV-1a over the entries.
pub fn checksum(data: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The header line of a table file.
fn header(width: usize, height: usize, goal: &Configuration, tiles: &[u32], sum: u64) -> String {
    let g: Vec<String> = goal.cells().iter().map(|t| t.to_string()).collect();
    let t: Vec<String> = tiles.iter().map(|t| t.to_string()).collect();
    format!(
        "slidepuzzle-pdb v{FORMAT_VERSION} board {width}x{height} goal {} tiles {} checksum {sum:016x}\n",
        g.join(","),
        t.join(",")
    )
}

/// The default cache directory: `<platform cache dir>/slidepuzzle/pdb`.
pub fn default_cache_dir() -> PathBuf {
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("slidepuzzle")
        .join("pdb")
}

/// The file name for a table.
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

/// Loads a table from `dir`, building and saving it if it is missing,
/// stale or corrupt. `log` receives progress and repair messages.
///
/// # Errors
/// [`Error::Unsupported`] when the build would need more than `max_memory`
/// bytes; [`Error::Input`] when the cache cannot be written.
pub fn load_or_build(
    dir: &Path,
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
    max_memory: u64,
    log: &dyn Fn(&str),
) -> Result<PatternDb> {
    let n = width * height;
    let path = dir.join(file_name(width, height, goal, tiles));
    if path.exists() {
        match load(&path, width, height, goal, tiles) {
            Ok(db) => return Ok(db),
            Err(e) => log(&format!("rebuilding {}: {e}", path.display())),
        }
    }
    let need = build_memory(n, tiles.len());
    if need > max_memory {
        return Err(Error::Unsupported(format!(
            "building the {}-tile pattern database for {width}x{height} needs about {} MiB, over the {} MiB budget (--memory)",
            tiles.len(),
            need >> 20,
            max_memory >> 20
        )));
    }
    log(&format!(
        "building the pattern database for tiles {:?} on {width}x{height} ({} entries)",
        tiles,
        placements(n, tiles.len())
    ));
    let data = build(width, height, goal, tiles);
    save(&path, width, height, goal, tiles, &data)?;
    Ok(PatternDb {
        tiles: tiles.to_vec(),
        n,
        data: Storage::Owned(data),
    })
}

/// Writes a table atomically (temporary file, then rename).
pub fn save(
    path: &Path,
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
    data: &[u8],
) -> Result<()> {
    let io = |e: std::io::Error| Error::Input(format!("cannot write {}: {e}", path.display()));
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let mut f = std::fs::File::create(&tmp).map_err(io)?;
    f.write_all(header(width, height, goal, tiles, checksum(data)).as_bytes())
        .map_err(io)?;
    f.write_all(data).map_err(io)?;
    f.sync_all().map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Loads and verifies a table file (header and checksum).
///
/// # Errors
/// [`Error::Input`] naming what does not match.
pub fn load(
    path: &Path,
    width: usize,
    height: usize,
    goal: &Configuration,
    tiles: &[u32],
) -> Result<PatternDb> {
    let bad = |why: &str| Error::Input(format!("{}: {why}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| bad(&e.to_string()))?;
    // SAFETY: the file is opened read-only and only read; a concurrent
    // writer replaces it by rename, which leaves this mapping intact.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| bad(&e.to_string()))?;
    let nl = map
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| bad("no header"))?;
    let head = std::str::from_utf8(&map[..=nl]).map_err(|_| bad("bad header"))?;
    let data = &map[nl + 1..];
    let n = width * height;
    if data.len() as u64 != placements(n, tiles.len()) {
        return Err(bad("wrong size (truncated or another table)"));
    }
    if head != header(width, height, goal, tiles, checksum(data)) {
        return Err(bad("header or checksum mismatch (stale or corrupt)"));
    }
    Ok(PatternDb {
        tiles: tiles.to_vec(),
        n,
        data: Storage::Mapped(map, nl + 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let t = build(3, 3, &goal, &[5]);
        for cell in 0..9u8 {
            let r = rank_placement(&[cell], 9);
            let (x, y) = (cell as i32 % 3, cell as i32 / 3);
            assert_eq!(t[r as usize] as i32, (x - 1).abs() + (y - 1).abs());
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
}

/// Reads the header of a table file.
///
/// # Errors
/// [`Error::Input`] if the file cannot be read or has no valid header.
pub fn file_info(path: &Path) -> Result<FileInfo> {
    use std::io::BufRead;
    let bad = |why: &str| Error::Input(format!("{}: {why}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| bad(&e.to_string()))?;
    let mut line = String::new();
    std::io::BufReader::new(file)
        .read_line(&mut line)
        .map_err(|e| bad(&e.to_string()))?;
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
    })
}

/// Fully verifies a table file: header, size and checksum.
///
/// # Errors
/// [`Error::Input`] saying what is wrong.
pub fn verify_file(path: &Path) -> Result<FileInfo> {
    let info = file_info(path)?;
    let goal = Configuration::from_cells(info.goal.clone(), 1)
        .map_err(|e| Error::Input(format!("{}: goal: {e}", path.display())))?;
    load(path, info.width, info.height, &goal, &info.tiles)?;
    Ok(info)
}
