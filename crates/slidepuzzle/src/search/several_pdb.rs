//! Additive pattern databases for several blanks: the *free-blank*
//! abstraction.
//!
//! With one blank a pattern database's abstract state is the group's
//! placement and the blank's region ([`super::pdb_build`]). With k blanks
//! the blanks' regions multiply; this relaxes them instead: a group tile
//! may slide to any neighbouring vertex that no group tile occupies (as if
//! a blank were always there), and only group-tile moves count. Every real
//! move is a move of the relaxed problem or moves a tile of another group,
//! so each table is a lower bound on its group's moves, and the sum over
//! disjoint groups is admissible (Korf and Felner, "Disjoint pattern
//! database heuristics", AI 134, 2002, whose additivity argument this
//! keeps). A one-tile group's entries are its graph distances, so the sum
//! is never below the generalised Manhattan distance; larger groups add
//! the moves group tiles spend passing each other (a linear conflict in a
//! board row, the order of tiles around a cycle).
//!
//! A table is a byte per placement (`n!/(n-k)!` of them, ranked by
//! [`super::placement::rank_placement`]), filled by a layered breadth-first
//! search from the goal placement over atomic bytes, each layer in
//! parallel (rayon). The moves are reversible, so distances from the goal
//! are distances to it. The tables plug into
//! `super::pdb_lookup::PdbLookup::graph` as a [`GraphPdb`].

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use rayon::prelude::*;

use super::graph_pdb::{GraphPdb, GraphTables, auto_partition, load_or_build_tables};
use super::heuristic::MAX_OF;
use super::pdb::BuildEvent;
use super::pdb_build::BuildProgress;
use super::placement::{placements, rank_placement, unrank_placement};
use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Graph, Puzzle};
use crate::search::Limits;
use crate::store::TableStore;

/// Marks a placement not reached yet.
const UNSEEN: u8 = u8::MAX;

/// The additive partitions whose maximum the free-blank heuristic takes
/// (each a list of disjoint groups covering every tile of `goal`, groups
/// of at most the size whose table fits `max_entries` placements, at
/// most [`MAX_OF`]): different partitions catch different tiles that must
/// pass each other, and their maximum beats each (Holte, Felner, Newton,
/// Meshulam and Furcy, AI 170, 2006). On 5 x 5 with 5 blanks the eight
/// below expand 3 to 30 times fewer nodes than the first alone
/// (docs/BENCHMARKS.md).
///
/// - Every graph: tiles in breadth-first order of their goal vertices,
///   cut into groups, from up to four sources spread out by farthest-point
///   sampling from vertex 0 (the first is `auto_partition`; on a board,
///   the anti-diagonal bands from each corner).
/// - Plain boards, then: the goal rows and the goal columns (each line's
///   tiles a group, cut if longer: every linear conflict inside one
///   table), and strips two rows (columns) wide read across (blocks of
///   about 2 x k/2).
///
/// Repeated partitions are left out.
///
/// ```
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::search::several_pdb::free_blank_partitions;
/// let p = Puzzle::parse("5x5").unwrap();
/// let goal = Configuration::natural_with_blanks(25, 5);
/// let partitions = free_blank_partitions(&p, &goal, 1 << 23);
/// assert_eq!(partitions.len(), 8);
/// assert_eq!(partitions[0][0], vec![1, 2, 6, 3, 7]); // bands from the top-left
/// assert_eq!(partitions[4][0], vec![1, 2, 3, 4, 5]); // the top row
/// assert_eq!(partitions[5][0], vec![1, 6, 11, 16]); // the left column
/// assert_eq!(partitions[6][0], vec![1, 6, 2, 7, 3]); // a 2 x 3 block
/// ```
pub fn free_blank_partitions(
    puzzle: &Puzzle,
    goal: &Configuration,
    max_entries: u64,
) -> Vec<Vec<Vec<u32>>> {
    let graph = puzzle.graph();
    let n = graph.vertex_count();
    let first = auto_partition(graph, goal, max_entries);
    let k = first.iter().map(Vec::len).max().unwrap_or(1).max(1);
    // The goal's tiles in the order of their vertices in `order`, cut into
    // groups of at most k, a new group at each change of `line`.
    let partition = |order: &[usize], line: &dyn Fn(usize) -> usize| {
        let mut groups: Vec<Vec<u32>> = Vec::new();
        let mut last_line = None;
        for &v in order {
            let t = goal.tile_at(v);
            if t == 0 {
                continue;
            }
            let fresh = last_line != Some(line(v));
            match groups.last_mut() {
                Some(g) if !fresh && g.len() < k => g.push(t),
                _ => groups.push(vec![t]),
            }
            last_line = Some(line(v));
        }
        groups
    };
    let mut partitions = vec![first];
    // Farthest-point sampling: each source maximises its distance to the
    // sources before it.
    let mut nearest = graph.distances_from(0);
    for _ in 1..4 {
        let far = (0..n).max_by_key(|&v| (nearest[v], std::cmp::Reverse(v)));
        let Some(far) = far.filter(|&v| nearest[v] > 0) else {
            break;
        };
        let dist = graph.distances_from(far);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (dist[v], v));
        partitions.push(partition(&order, &|_| 0));
        for (x, d) in nearest.iter_mut().zip(&dist) {
            *x = (*x).min(*d);
        }
    }
    if let Some((w, h)) = puzzle.plain_board_size() {
        let rows: Vec<usize> = (0..n).collect();
        let columns: Vec<usize> = (0..w)
            .flat_map(|x| (0..h).map(move |y| y * w + x))
            .collect();
        partitions.push(partition(&rows, &|v| v / w));
        partitions.push(partition(&columns, &|v| v % w));
        // Two rows read column by column, then the next two.
        let row_strips: Vec<usize> = (0..h.div_ceil(2))
            .flat_map(|s| {
                (0..w).flat_map(move |x| (2 * s..(2 * s + 2).min(h)).map(move |y| y * w + x))
            })
            .collect();
        let column_strips: Vec<usize> = (0..w.div_ceil(2))
            .flat_map(|s| {
                (0..h).flat_map(move |y| (2 * s..(2 * s + 2).min(w)).map(move |x| y * w + x))
            })
            .collect();
        partitions.push(partition(&row_strips, &|v| v / w / 2));
        partitions.push(partition(&column_strips, &|v| v % w / 2));
    }
    let mut distinct: Vec<Vec<Vec<u32>>> = Vec::new();
    for p in partitions {
        if !distinct.contains(&p) && distinct.len() < MAX_OF {
            distinct.push(p);
        }
    }
    distinct
}

/// Builds the free-blank tables of `groups` (disjoint tile sets covering
/// every tile) on `graph` (at most 64 vertices) for `goal`.
///
/// # Errors
/// [`Error::Limit`] above 64 vertices or when the tables need more than
/// `max_memory` bytes (one byte per placement, all groups together),
/// checked before allocating; [`Error::Stopped`] when `limits` stop the
/// build (deadline, cancellation; checked between layers).
///
/// ```
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::search::several_pdb::free_blank_tables;
/// use slidepuzzle::search::Limits;
/// let p = Puzzle::parse("3x3").unwrap();
/// let goal = Configuration::natural_with_blanks(9, 2);
/// let pdb = free_blank_tables(p.graph(), &goal, vec![vec![1, 2, 3], vec![4, 5, 6, 7]],
///     1 << 30, &Limits::default()).unwrap();
/// assert_eq!(pdb.tables()[0].len(), 9 * 8 * 7);
/// ```
pub fn free_blank_tables(
    graph: &Graph,
    goal: &Configuration,
    groups: Vec<Vec<u32>>,
    max_memory: u64,
    limits: &Limits,
) -> Result<GraphPdb> {
    load_or_build_free_blank(graph, goal, groups, max_memory, limits, None, &|_| {})
}

/// [`free_blank_tables`], loading them from `store` (names
/// `free-blank...`, see [`super::graph_pdb::table_name_of`]) and building
/// and saving the missing ones; `report` hears about builds.
///
/// # Errors
/// As [`free_blank_tables`]; [`Error::Io`] when the store cannot be read.
pub(crate) fn load_or_build_free_blank(
    graph: &Graph,
    goal: &Configuration,
    groups: Vec<Vec<u32>>,
    max_memory: u64,
    limits: &Limits,
    store: Option<&dyn TableStore>,
    report: &dyn Fn(&BuildEvent),
) -> Result<GraphPdb> {
    let n = graph.vertex_count();
    if n > 64 {
        return Err(Error::limit(Resource::Vertices, n as u64, 64));
    }
    let need: u64 = groups
        .iter()
        .map(|g| placements(n, g.len()))
        .fold(0u64, u64::saturating_add);
    if need > max_memory {
        return Err(Error::limit(Resource::Memory, need, max_memory));
    }
    let positions = goal.positions();
    let tables = load_or_build_tables(
        GraphTables::FreeBlank,
        (graph, goal, &groups),
        store,
        report,
        |g, progress| {
            let home: Vec<u8> = g
                .iter()
                .map(|&t| {
                    positions
                        .get(t as usize)
                        .copied()
                        .filter(|&v| v < n)
                        .map(|v| v as u8)
                        .ok_or_else(|| Error::config(format!("tile {t} is not in the goal")))
                })
                .collect::<Result<_>>()?;
            build_one(graph, &home, limits, progress)
        },
    )?;
    Ok(GraphPdb::from_tables(n, groups, tables))
}

/// One table: breadth-first search over placements from `home` (the
/// group's goal vertices, in group order); `progress` hears of each
/// finished layer.
fn build_one(
    graph: &Graph,
    home: &[u8],
    limits: &Limits,
    progress: &dyn Fn(&BuildProgress),
) -> Result<Vec<u8>> {
    let n = graph.vertex_count();
    let k = home.len();
    let size = placements(n, k) as usize;
    let table: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNSEEN)).collect();
    table[rank_placement(home, n) as usize].store(0, Relaxed);
    let neighbors: Vec<Vec<u8>> = (0..n)
        .map(|v| graph.neighbors(v).iter().map(|&w| w as u8).collect())
        .collect();
    let mut depth = 0u8;
    let mut reached = 1u64;
    progress(&BuildProgress {
        depth: 0,
        layer_states: 1,
        placements_reached: reached,
        placements: size as u64,
    });
    loop {
        if let Some(reason) = limits.check(0) {
            return Err(Error::Stopped {
                reason,
                message: format!("the free-blank table build stopped: {}", reason.describe()),
            });
        }
        let next = depth + 1;
        let grew = (0..size)
            .into_par_iter()
            .with_min_len(1 << 14)
            .filter(|&r| table[r].load(Relaxed) == depth)
            .map_init(
                || vec![0u8; k],
                |cells, r| {
                    unrank_placement(r as u64, n, k, cells);
                    let used = cells.iter().fold(0u64, |m, &c| m | 1u64 << c);
                    let mut grew = 0u64;
                    for i in 0..k {
                        let from = cells[i];
                        for &to in &neighbors[from as usize] {
                            if used >> to & 1 == 1 {
                                continue;
                            }
                            cells[i] = to;
                            let child = rank_placement(cells, n) as usize;
                            cells[i] = from;
                            if table[child].load(Relaxed) == UNSEEN
                                && table[child]
                                    .compare_exchange(UNSEEN, next, Relaxed, Relaxed)
                                    .is_ok()
                            {
                                grew += 1;
                            }
                        }
                    }
                    grew
                },
            )
            .sum::<u64>();
        if grew == 0 {
            break;
        }
        reached += grew;
        progress(&BuildProgress {
            depth: u32::from(next),
            layer_states: grew,
            placements_reached: reached,
            placements: size as u64,
        });
        if next == UNSEEN - 1 {
            break;
        }
        depth = next;
    }
    Ok(table.into_iter().map(AtomicU8::into_inner).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::search::domain::Domain;
    use crate::search::heuristic::Heuristic;
    use crate::search::manhattan::TileDistances;
    use crate::search::pdb_lookup::PdbLookup;
    use crate::search::several::SeveralBlanksDomain;

    /// A build reports each layer, ending with every placement reached
    /// (the 3x3 with two blanks is connected enough for all of them).
    #[test]
    fn a_build_reports_its_layers() {
        let p = Puzzle::parse("3x3").unwrap();
        let layers = std::sync::Mutex::new(Vec::new());
        let report = |e: &BuildEvent| {
            if let BuildEvent::Layer(l) = e {
                layers.lock().unwrap().push(*l);
            }
        };
        let goal = Configuration::natural_with_blanks(9, 2);
        load_or_build_free_blank(
            p.graph(),
            &goal,
            vec![vec![1, 2, 3]],
            1 << 30,
            &Limits::default(),
            None,
            &report,
        )
        .unwrap();
        let layers = layers.into_inner().unwrap();
        assert!(layers.len() > 3);
        assert!(layers.iter().enumerate().all(|(i, l)| l.depth == i as u32));
        assert_eq!(
            layers.iter().map(|l| l.layer_states).sum::<u64>(),
            9 * 8 * 7
        );
        let last = layers.last().unwrap();
        assert_eq!(last.placements_reached, last.placements);
    }

    /// Several builds report one growing share: the total stays the
    /// entries of all of them, the count never falls and ends at the total.
    #[test]
    fn several_builds_report_one_share_of_all_of_them() {
        let p = Puzzle::parse("3x3").unwrap();
        let layers = std::sync::Mutex::new(Vec::new());
        let report = |e: &BuildEvent| {
            if let BuildEvent::Layer(l) = e {
                layers.lock().unwrap().push(*l);
            }
        };
        let goal = Configuration::natural_with_blanks(9, 2);
        load_or_build_free_blank(
            p.graph(),
            &goal,
            vec![vec![1, 2, 3], vec![4, 5], vec![6, 7]],
            1 << 30,
            &Limits::default(),
            None,
            &report,
        )
        .unwrap();
        let layers = layers.into_inner().unwrap();
        let all = 9 * 8 * 7 + 2 * 9 * 8;
        assert!(layers.iter().all(|l| l.placements == all));
        assert!(
            layers
                .windows(2)
                .all(|w| w[0].placements_reached <= w[1].placements_reached)
        );
        assert!(layers.iter().any(|l| l.placements_reached < 9 * 8 * 7));
        assert_eq!(layers.last().unwrap().placements_reached, all);
    }

    #[test]
    fn one_tile_tables_are_the_graph_distances_and_sums_dominate_manhattan() {
        let p = Puzzle::parse("3x3").unwrap();
        let goal = Configuration::natural_with_blanks(9, 2);
        let singles: Vec<Vec<u32>> = (1..=7).map(|t| vec![t]).collect();
        let pdb =
            free_blank_tables(p.graph(), &goal, singles, 1 << 30, &Limits::default()).unwrap();
        let d = TileDistances::new(p.graph(), &goal).unwrap();
        for (g, table) in pdb.groups().iter().zip(pdb.tables()) {
            for v in 0..9u8 {
                assert_eq!(
                    table[rank_placement(&[v], 9) as usize] as u32,
                    d.get(g[0] as u8, v)
                );
            }
        }
        // Tiles 1 and 2 swapped in the top row: the pair costs more than
        // their Manhattan distance (they must pass each other).
        let pairs = free_blank_tables(
            p.graph(),
            &goal,
            vec![vec![1, 2], vec![3, 4], vec![5, 6], vec![7]],
            1 << 30,
            &Limits::default(),
        )
        .unwrap();
        let start = Configuration::from_cells(vec![2, 1, 3, 4, 5, 6, 7, 0, 0], 2).unwrap();
        let domain = SeveralBlanksDomain::new(p.graph(), &start, &goal).unwrap();
        let mut lookup = PdbLookup::graph(&pairs);
        let h = Heuristic::<SeveralBlanksDomain>::reset(&mut lookup, &domain);
        assert_eq!(d.sum(domain.cells()), 2);
        assert_eq!(h, 4);
    }
}
