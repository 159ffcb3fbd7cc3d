//! Unlabelled motion for [`super`]: tokens (tiles without their labels)
//! moved until the blanks are on a target set, inside a connected region.

use std::collections::VecDeque;

use crate::model::Graph;

/// The vertices marked `inside` that `root` reaches through them, in
/// breadth-first order from `root` (first).
pub(super) fn breadth_first_order(graph: &Graph, root: usize, inside: &[bool]) -> Vec<usize> {
    let mut order = vec![root];
    let mut seen = vec![false; inside.len()];
    seen[root] = true;
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &w in graph.neighbors(v) {
            if inside[w] && !seen[w] {
                seen[w] = true;
                order.push(w);
            }
        }
    }
    order
}

/// Marks for the breadth-first searches of [`pull`], reused.
pub(super) struct Scratch {
    pub(super) from: Vec<usize>,
    pub(super) mark: Vec<u32>,
    pub(super) stamp: u32,
}

impl Scratch {
    pub(super) fn new(n: usize) -> Self {
        Self {
            from: vec![usize::MAX; n],
            mark: vec![0; n],
            stamp: 0,
        }
    }
}

/// Makes `to` blank (`want_blank`) or a tile's, pulling the nearest token
/// of that kind among the `alive` vertices along a shortest path (whose
/// inner vertices are all of the other kind): tiles step forward into the
/// blank, or the tile walks through the blanks. The alive vertices must
/// hold a token of that kind, connected to `to`.
pub(super) fn pull(
    graph: &Graph,
    cells: &mut [u32],
    alive: &[bool],
    to: usize,
    want_blank: bool,
    scratch: &mut Scratch,
    steps: &mut Vec<(usize, usize)>,
) {
    scratch.stamp += 1;
    let stamp = scratch.stamp;
    scratch.mark[to] = stamp;
    let mut queue = VecDeque::from([to]);
    let mut found = None;
    'search: while let Some(v) = queue.pop_front() {
        for &w in graph.neighbors(v) {
            if alive[w] && scratch.mark[w] != stamp {
                scratch.mark[w] = stamp;
                scratch.from[w] = v;
                if (cells[w] == 0) == want_blank {
                    found = Some(w);
                    break 'search;
                }
                queue.push_back(w);
            }
        }
    }
    let end = found.expect("the region holds a token of the kind wanted");
    // path to = p0, ..., pm = end
    let mut path = vec![end];
    while *path.last().expect("non-empty") != to {
        path.push(scratch.from[*path.last().expect("non-empty")]);
    }
    path.reverse();
    let m = path.len() - 1;
    for j in (0..m).rev() {
        // Blank wanted: the tiles p_{m-1}, ..., p_0 each step forward into
        // the blank. Tile wanted: the tile on p_m walks through the blanks.
        let step = if want_blank {
            (path[j], path[j + 1])
        } else {
            (path[j + 1], path[j])
        };
        steps.push(step);
        cells.swap(path[j], path[j + 1]);
    }
}

/// Unlabelled motion inside `region` (connected): moves tokens until the
/// blanks are exactly the region's vertices marked in `target` (as many as
/// the region holds). Vertices leave in reverse breadth-first order, each
/// a leaf of what remains; a leaf of the wrong kind is fixed by pulling
/// the nearest token of the right kind along a path of the other kind.
pub(super) fn arrange(
    graph: &Graph,
    cells: &mut [u32],
    region: &[usize],
    target: &[bool],
    steps: &mut Vec<(usize, usize)>,
) {
    let n = cells.len();
    if region.iter().all(|&v| (cells[v] == 0) == target[v]) {
        return;
    }
    let mut alive = vec![false; n];
    for &v in region {
        alive[v] = true;
    }
    let order = breadth_first_order(graph, region[0], &alive);
    let mut scratch = Scratch::new(n);
    for &leaf in order.iter().rev() {
        let want_blank = target[leaf];
        if (cells[leaf] == 0) != want_blank {
            pull(graph, cells, &alive, leaf, want_blank, &mut scratch, steps);
        }
        alive[leaf] = false;
    }
}
