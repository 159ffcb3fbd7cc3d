//! Partitions of the tiles into pattern-database groups: by sizes, the
//! best known ones for 4x4 and 5x5 (Korf and Felner 2002), quick ones for
//! a first solve, and the check of an explicit partition.

use crate::error::{Error, Result};
use crate::model::Configuration;

/// A partition of the tiles into groups, by group sizes (`[5, 5, 5]`),
/// filled with the goal's cells in reading order.
///
/// # Errors
/// [`Error::Argument`] (named `pattern`) when the sizes do not add up to
/// the tile count or a size is not 1 to 8.
pub fn partition_by_sizes(goal: &Configuration, sizes: &[usize]) -> Result<Vec<Vec<u32>>> {
    let tiles: Vec<u32> = goal.cells().iter().copied().filter(|&t| t != 0).collect();
    if sizes.iter().sum::<usize>() != tiles.len() {
        return Err(Error::argument(
            "pattern",
            format!(
                "sizes {sizes:?} add up to {}, but the board has {} tiles",
                sizes.iter().sum::<usize>(),
                tiles.len()
            ),
        ));
    }
    if sizes.iter().any(|&s| s == 0 || s > 8) {
        return Err(Error::argument("pattern", "each group needs 1 to 8 tiles"));
    }
    let mut out = Vec::new();
    let mut i = 0;
    for &s in sizes {
        out.push(tiles[i..i + s].to_vec());
        i += s;
    }
    Ok(out)
}

/// The default partition for a board and goal with the blank's goal in a
/// corner: on 4x4 the 6-6-3 split into two 2-column blocks and the remaining
/// row (about half the nodes of row-major 6-6-3 on Korf's instances); on
/// 5x5 Korf and Felner's 6-6-6-6 split (AI 134, 2002, figure 5); other
/// corners by reflection. Otherwise row-major groups from
/// [`default_sizes`]. Tiles are numbered as in `goal`.
///
/// # Errors
/// As [`partition_by_sizes`] (not expected for the default sizes).
pub(crate) fn default_partition(
    width: usize,
    height: usize,
    goal: &Configuration,
) -> Result<Vec<Vec<u32>>> {
    // Cells for the blank on cell 0.
    const CELLS_4X4: &[&[usize]] = &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
    const CELLS_5X5: &[&[usize]] = &[
        &[1, 2, 5, 6, 7, 12],
        &[3, 4, 8, 9, 13, 14],
        &[10, 11, 15, 16, 20, 21],
        &[17, 18, 19, 22, 23, 24],
    ];
    let cells = match (width, height) {
        (4, 4) => Some(CELLS_4X4),
        (5, 5) => Some(CELLS_5X5),
        _ => None,
    };
    if let Some(groups) = cells.and_then(|c| corner_partition(c, width, height, goal)) {
        return Ok(groups);
    }
    partition_by_sizes(goal, &default_sizes(width * height - 1))
}

/// A named partition of a board by its group sizes: the default one's
/// sizes select the default partition (`default_partition`), and on 4x4
/// with the blank's goal in a corner `[7, 7, 1]` selects two compact
/// blocks of 7 (the rest of the blank's two rows, and the far two rows
/// but for the cell under the blank's column's edge: cells 1-7, 9-15 and
/// 8 for the blank on cell 0). The 7-7-1 tables, 2 x 57,657,600 entries
/// (58 MB packed, about half a minute to build on 2 cores), generate
/// 11,206,293 nodes on Korf's 100 with Korf's move pruning, between the
/// 6-6-3's 40,626,114 and the 7-8's 3,832,599 (0.5 GB, minutes to
/// build; docs/BENCHMARKS.md). Any other sizes: the goal's tiles in
/// reading order ([`partition_by_sizes`]).
///
/// ```
/// use slidepuzzle::search::partition::partition_of_sizes;
/// use slidepuzzle::Configuration;
/// // The blank's goal on cell 0, tile t on cell t.
/// let goal = Configuration::from_cells((0..16).collect(), 1).unwrap();
/// let blocks = partition_of_sizes(4, 4, &goal, &[7, 7, 1]).unwrap();
/// assert_eq!(blocks[2], vec![8]);
/// // Other sizes: reading order.
/// let groups = partition_of_sizes(4, 4, &goal, &[8, 7]).unwrap();
/// assert_eq!(groups[1], (9..16).collect::<Vec<u32>>());
/// ```
///
/// # Errors
/// As [`partition_by_sizes`].
pub fn partition_of_sizes(
    width: usize,
    height: usize,
    goal: &Configuration,
    sizes: &[usize],
) -> Result<Vec<Vec<u32>>> {
    const CELLS_4X4_7_7_1: &[&[usize]] =
        &[&[1, 2, 3, 4, 5, 6, 7], &[9, 10, 11, 12, 13, 14, 15], &[8]];
    let default = default_partition(width, height, goal)?;
    if default.iter().map(Vec::len).eq(sizes.iter().copied()) {
        return Ok(default);
    }
    if (width, height) == (4, 4)
        && sizes == [7, 7, 1]
        && let Some(groups) = corner_partition(CELLS_4X4_7_7_1, width, height, goal)
    {
        return Ok(groups);
    }
    partition_by_sizes(goal, sizes)
}

/// The groups of tiles on `cells` (given for the blank's goal on cell 0),
/// reflected to the corner where `goal` has its blank; `None` when the
/// blank's goal is not in a corner.
fn corner_partition(
    cells: &[&[usize]],
    width: usize,
    height: usize,
    goal: &Configuration,
) -> Option<Vec<Vec<u32>>> {
    let w = width;
    let blank = goal.blank();
    let (flip_x, flip_y) = (blank % w == w - 1, blank / w == height - 1);
    let corner = (blank.is_multiple_of(w) || flip_x) && (blank / w == 0 || flip_y);
    if !corner {
        return None;
    }
    let map = |c: usize| {
        let (x, y) = (c % w, c / w);
        let x = if flip_x { w - 1 - x } else { x };
        let y = if flip_y { height - 1 - y } else { y };
        y * w + x
    };
    Some(
        cells
            .iter()
            .map(|group| group.iter().map(|&c| goal.tile_at(map(c))).collect())
            .collect(),
    )
}

/// The catalogue for a board and goal with the blank's goal in a corner:
/// several partitions whose maximum (each also looked up transposed)
/// prunes more than any one of them (Holte, Felner, Newton, Meshulam and
/// Furcy, "Maximizing over multiple pattern databases speeds up heuristic
/// search", AI 170, 2006). On 5x5: Korf and Felner's 6-6-6-6 and three
/// more 6-6-6-6 splits into compact blocks (the third shares two groups
/// with Korf and Felner's), 14 tables; blank-aware, 1.6 GB, and on
/// Korf and Felner's #25, #32, #38, #40 and #44 half the expansions of
/// Korf and Felner's partition alone (docs/BENCHMARKS.md). `None` on
/// other boards and goals. Tiles are numbered as in `goal`.
pub(crate) fn catalogue(
    width: usize,
    height: usize,
    goal: &Configuration,
) -> Option<Vec<Vec<Vec<u32>>>> {
    // Cells for the blank on cell 0.
    const CATALOGUE_5X5: &[&[&[usize]]] = &[
        &[
            &[1, 2, 5, 6, 7, 12],
            &[3, 4, 8, 9, 13, 14],
            &[10, 11, 15, 16, 20, 21],
            &[17, 18, 19, 22, 23, 24],
        ],
        &[
            &[1, 2, 3, 6, 7, 8],
            &[4, 9, 13, 14, 19, 24],
            &[5, 10, 11, 15, 16, 20],
            &[12, 17, 18, 21, 22, 23],
        ],
        &[
            &[1, 2, 6, 7, 11, 12],
            &[3, 4, 8, 9, 13, 14],
            &[5, 10, 15, 16, 20, 21],
            &[17, 18, 19, 22, 23, 24],
        ],
        &[
            &[1, 2, 5, 6, 10, 11],
            &[3, 4, 7, 8, 9, 14],
            &[12, 13, 18, 19, 23, 24],
            &[15, 16, 17, 20, 21, 22],
        ],
    ];
    if (width, height) != (5, 5) {
        return None;
    }
    CATALOGUE_5X5
        .iter()
        .map(|cells| corner_partition(cells, width, height, goal))
        .collect()
}

/// Tables quick to build (at most 5 tiles a group, well under a second in
/// all), for a first solve before the default ones are cached: on 4x4 with
/// the blank's goal in a corner a 5-5-5 split into compact blocks (half the
/// nodes of reading order on Korf's hardest instances), elsewhere groups of
/// 5 in reading order.
///
/// # Errors
/// As [`partition_by_sizes`].
pub fn quick_partition(width: usize, height: usize, goal: &Configuration) -> Result<Vec<Vec<u32>>> {
    // Cells for the blank on cell 0: the row and column through the
    // far corner, and two 2 x 2-ish blocks.
    const QUICK_4X4: &[&[usize]] = &[&[8, 12, 13, 14, 15], &[3, 6, 7, 10, 11], &[1, 2, 4, 5, 9]];
    if (width, height) == (4, 4)
        && let Some(groups) = corner_partition(QUICK_4X4, width, height, goal)
    {
        return Ok(groups);
    }
    let tiles = width * height - 1;
    let mut sizes = vec![5; tiles / 5];
    if !tiles.is_multiple_of(5) {
        sizes.push(tiles % 5);
    }
    partition_by_sizes(goal, &sizes)
}

/// Checks an explicit partition: every tile of `goal` in exactly one group,
/// each group of 1 to 8 tiles.
///
/// # Errors
/// [`Error::Argument`] (named `pattern`) naming a missing, repeated or
/// unknown tile.
pub(crate) fn check_partition(goal: &Configuration, groups: &[Vec<u32>]) -> Result<()> {
    let n = goal.len() as u32;
    let mut seen = vec![false; n as usize];
    for g in groups {
        if g.is_empty() || g.len() > 8 {
            return Err(Error::argument("pattern", "each group needs 1 to 8 tiles"));
        }
        for &t in g {
            if t == 0 || t >= n {
                return Err(Error::argument(
                    "pattern",
                    format!("tile {t} is not a tile (1..{})", n - 1),
                ));
            }
            if std::mem::replace(&mut seen[t as usize], true) {
                return Err(Error::argument(
                    "pattern",
                    format!("tile {t} is in two groups"),
                ));
            }
        }
    }
    if let Some(t) = (1..n).find(|&t| !seen[t as usize]) {
        return Err(Error::argument(
            "pattern",
            format!("tile {t} is in no group"),
        ));
    }
    Ok(())
}

/// The default partition: groups of 5 (the last one smaller), e.g. 5-5-5
/// on 4x4 and 4-4 on 3x3.
pub(crate) fn default_sizes(tiles: usize) -> Vec<usize> {
    if tiles <= 8 {
        return vec![tiles.div_ceil(2), tiles / 2]
            .into_iter()
            .filter(|&s| s > 0)
            .collect();
    }
    let mut sizes = vec![5; tiles / 5];
    if !tiles.is_multiple_of(5) {
        sizes.push(tiles % 5);
    }
    sizes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_partitions_cover_every_tile_and_follow_the_blank() {
        for (w, h) in [(4, 4), (5, 5), (3, 3), (4, 3)] {
            let n = w * h;
            for blank in [0, w - 1, n - w, n - 1] {
                // Tiles 1..n-1 in reading order, the blank on `blank`.
                let mut cells: Vec<u32> = (1..n as u32).collect();
                cells.insert(blank, 0);
                let goal = Configuration::from_cells(cells, 1).unwrap();
                let groups = default_partition(w, h, &goal).unwrap();
                check_partition(&goal, &groups).unwrap();
                let quick = quick_partition(w, h, &goal).unwrap();
                check_partition(&goal, &quick).unwrap();
                assert!(quick.iter().all(|g| g.len() <= 5));
                if (w, h) == (5, 5) {
                    for p in catalogue(w, h, &goal).unwrap() {
                        check_partition(&goal, &p).unwrap();
                    }
                    assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), [6; 4]);
                    // The group next to the blank holds the tiles on the
                    // blank's two neighbours.
                    let pos = goal.positions();
                    let next_to_blank = |t: u32| {
                        let (c, b) = (pos[t as usize], blank);
                        (c % w).abs_diff(b % w) + (c / w).abs_diff(b / w) == 1
                    };
                    assert_eq!(groups[0].iter().filter(|&&t| next_to_blank(t)).count(), 2);
                }
            }
        }
    }

    #[test]
    fn sizes_name_the_default_and_the_7_7_1_blocks_in_every_corner() {
        let natural = |blank: usize| {
            let mut cells: Vec<u32> = (1..16).collect();
            cells.insert(blank, 0);
            Configuration::from_cells(cells, 1).unwrap()
        };
        // Blank on cell 0: tile t on cell t, the blocks by cell.
        let first = natural(0);
        assert_eq!(
            partition_of_sizes(4, 4, &first, &[7, 7, 1]).unwrap(),
            vec![
                vec![1, 2, 3, 4, 5, 6, 7],
                vec![9, 10, 11, 12, 13, 14, 15],
                vec![8]
            ]
        );
        // The standard goal (blank last): the blocks turned half round.
        let last = natural(15);
        assert_eq!(
            partition_of_sizes(4, 4, &last, &[7, 7, 1]).unwrap(),
            vec![
                vec![15, 14, 13, 12, 11, 10, 9],
                vec![7, 6, 5, 4, 3, 2, 1],
                vec![8]
            ]
        );
        for blank in [0, 3, 12, 15] {
            let goal = natural(blank);
            assert_eq!(
                partition_of_sizes(4, 4, &goal, &[6, 6, 3]).unwrap(),
                default_partition(4, 4, &goal).unwrap()
            );
            let blocks = partition_of_sizes(4, 4, &goal, &[7, 7, 1]).unwrap();
            check_partition(&goal, &blocks).unwrap();
            // The lone tile's goal cell is on the edge next to the blank's
            // two rows (or columns), never in a corner.
            let cell = goal.positions()[blocks[2][0] as usize];
            let (x, y) = (cell % 4, cell / 4);
            assert!((x == 0 || x == 3) != (y == 0 || y == 3), "{blank}: {cell}");
        }
        // Other sizes, and a goal with the blank off the corners: reading
        // order.
        assert_eq!(
            partition_of_sizes(4, 4, &first, &[8, 7]).unwrap(),
            partition_by_sizes(&first, &[8, 7]).unwrap()
        );
        let centre = natural(5);
        assert_eq!(
            partition_of_sizes(4, 4, &centre, &[7, 7, 1]).unwrap(),
            partition_by_sizes(&centre, &[7, 7, 1]).unwrap()
        );
        assert!(partition_of_sizes(4, 4, &first, &[7, 7]).is_err());
    }
}
