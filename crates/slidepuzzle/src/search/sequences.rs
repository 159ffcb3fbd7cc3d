//! Redundant move sequences on grids, found by enumeration, for move
//! pruning (Taylor and Korf, "Pruning duplicate nodes in depth-first
//! search", AAAI 1993).
//!
//! Two blank paths of the same length from the same cell that leave the
//! same configuration are duplicates: a depth-first search needs only the
//! lexicographically smaller (directions ordered up, left, right, down).
//! A path with an equivalent shorter one is never needed either. So a
//! sequence is *redundant* when another one with the same effect is
//! shorter, or as long and smaller, and stays inside the first one's
//! bounding box (so it can be made wherever the first can, on any board
//! without holes). The lexicographically smallest of the shortest paths
//! to any configuration contains no redundant sequence (replacing one
//! would give a shorter or smaller path), so pruning every path that ends
//! in one keeps IDA* optimal.
//!
//! Enumeration: every blank path of up to [`LENGTH`] moves without an
//! immediate reversal, from the centre of a board large enough to hold
//! it, grouped by effect (the blank's cell and the tiles it moved). On
//! boards the shortest cycles have 12 moves, so the shortest redundant
//! sequences have 6 (one and a half times around a 2 x 2 block, either
//! way); up to 8 moves, 2 x 3 rectangles add longer ones.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Longest redundant sequence the table knows.
pub const LENGTH: usize = 8;

/// For every window of the last [`LENGTH`] directions (2 bits each, the
/// last move in the low bits): the length of its shortest redundant
/// suffix, or `u8::MAX` when it has none.
pub struct SequenceTable {
    shortest_redundant_suffix: Vec<u8>,
}

impl std::fmt::Debug for SequenceTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SequenceTable")
    }
}

impl SequenceTable {
    /// The table, built on first use (a few milliseconds).
    pub fn get() -> &'static SequenceTable {
        static TABLE: OnceLock<SequenceTable> = OnceLock::new();
        TABLE.get_or_init(build)
    }

    /// Whether the path whose last `made` moves (capped at [`LENGTH`])
    /// are the window `window` ends in a redundant sequence of real moves.
    #[inline(always)]
    pub fn ends_redundant(&self, window: u32, made: u32) -> bool {
        let k = self.shortest_redundant_suffix[window as usize & ((1 << (2 * LENGTH)) - 1)];
        (k as u32) <= made
    }
}

/// Blank moves as cell offsets on the enumeration board, in the order up,
/// left, right, down.
fn offsets(width: i32) -> [i32; 4] {
    [-width, -1, 1, width]
}

/// One enumerated path: its directions and the bounding box of the cells
/// the blank visits (min x, min y, max x, max y).
struct Walk {
    directions: Vec<u8>,
    bbox: [i32; 4],
}

/// Paths by effect: the blank's final cell and the moved tiles as (cell,
/// tile) pairs in cell order.
type Groups = HashMap<(i32, Vec<(i32, i32)>), Vec<Walk>>;

fn build() -> SequenceTable {
    let width = 2 * LENGTH as i32 + 3;
    let centre = width * (width / 2) + width / 2;
    let step = offsets(width);
    let mut groups: Groups = HashMap::new();
    let mut cells: Vec<i32> = (0..width * width).collect();
    let mut path = Vec::new();
    enumerate(&mut cells, centre, width, &step, &mut path, &mut groups);
    let mut redundant: HashMap<Vec<u8>, ()> = HashMap::new();
    for walks in groups.values() {
        for s in walks {
            let inside = |t: &Walk| {
                t.bbox[0] >= s.bbox[0]
                    && t.bbox[1] >= s.bbox[1]
                    && t.bbox[2] <= s.bbox[2]
                    && t.bbox[3] <= s.bbox[3]
            };
            let beaten = walks.iter().any(|t| {
                let better = t.directions.len() < s.directions.len()
                    || (t.directions.len() == s.directions.len() && t.directions < s.directions);
                better && inside(t)
            });
            if beaten {
                redundant.insert(s.directions.clone(), ());
            }
        }
    }
    let windows = 1usize << (2 * LENGTH);
    let mut table = vec![u8::MAX; windows];
    for (window, slot) in table.iter_mut().enumerate() {
        // Oldest direction first.
        let dirs: Vec<u8> = (0..LENGTH)
            .rev()
            .map(|i| (window >> (2 * i) & 3) as u8)
            .collect();
        for k in 1..=LENGTH {
            if redundant.contains_key(&dirs[LENGTH - k..]) {
                *slot = k as u8;
                break;
            }
        }
    }
    SequenceTable {
        shortest_redundant_suffix: table,
    }
}

/// Depth-first enumeration of the paths without immediate reversal from
/// the blank's cell `blank`, up to [`LENGTH`] moves.
fn enumerate(
    cells: &mut [i32],
    blank: i32,
    width: i32,
    step: &[i32; 4],
    path: &mut Vec<u8>,
    groups: &mut Groups,
) {
    if !path.is_empty() {
        let moved: Vec<(i32, i32)> = cells
            .iter()
            .enumerate()
            .filter(|&(c, &t)| c as i32 != t)
            .map(|(c, &t)| (c as i32, t))
            .collect();
        // The bounding box of the blank's cells along the path.
        let start = width * (width / 2) + width / 2;
        let mut at = start;
        let mut bbox = [at % width, at / width, at % width, at / width];
        for &d in path.iter() {
            at += step[d as usize];
            bbox = [
                bbox[0].min(at % width),
                bbox[1].min(at / width),
                bbox[2].max(at % width),
                bbox[3].max(at / width),
            ];
        }
        groups.entry((blank, moved)).or_default().push(Walk {
            directions: path.clone(),
            bbox,
        });
    }
    if path.len() == LENGTH {
        return;
    }
    for d in 0..4u8 {
        if path.last().is_some_and(|&last| last == 3 - d) {
            continue;
        }
        let next = blank + step[d as usize];
        cells.swap(blank as usize, next as usize);
        path.push(d);
        enumerate(cells, next, width, step, path, groups);
        path.pop();
        cells.swap(blank as usize, next as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packs directions (oldest first) into a window.
    fn window(dirs: &[u8]) -> u32 {
        dirs.iter().fold(0, |w, &d| w << 2 | d as u32)
    }

    #[test]
    fn the_loops_around_a_2x2_block_are_found() {
        let t = SequenceTable::get();
        // Right, down, left, up, right, down (clockwise, 1.5 times) and
        // down, right, up, left, down, right (counter-clockwise) leave the
        // same configuration; the second is the larger.
        let (up, left, right, down) = (0, 1, 2, 3);
        let cw = window(&[right, down, left, up, right, down]);
        let ccw = window(&[down, right, up, left, down, right]);
        assert!(!t.ends_redundant(cw, 6));
        assert!(t.ends_redundant(ccw, 6));
        // Not when fewer real moves were made than the sequence has.
        assert!(!t.ends_redundant(ccw, 5));
        // Straight runs and single turns are never redundant.
        assert!(!t.ends_redundant(window(&[up, up, up, left]), 8));
    }
}
