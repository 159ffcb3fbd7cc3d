//! Breadth-first search on vertices `0..n` given by a neighbour function.

use std::collections::VecDeque;

/// Marker for "not reached" in distance vectors (same as
/// [`crate::model::graph::UNREACHABLE`]).
pub const UNREACHED: u32 = u32::MAX;

/// Marker for "no parent" in parent vectors.
pub const NO_PARENT: usize = usize::MAX;

/// Breadth-first distances (in edges) from `source` over vertices
/// `0..n`, where `neighbors(u)` lists u's neighbours; [`UNREACHED`] where
/// there is no path. O(V + E).
#[inline]
pub(crate) fn distances<'a, F>(n: usize, neighbors: F, source: usize) -> Vec<u32>
where
    F: Fn(usize) -> &'a [usize],
{
    let mut dist = vec![UNREACHED; n];
    let mut queue = VecDeque::new();
    dist[source] = 0;
    queue.push_back(source);
    while let Some(u) = queue.pop_front() {
        for &v in neighbors(u) {
            if dist[v] == UNREACHED {
                dist[v] = dist[u] + 1;
                queue.push_back(v);
            }
        }
    }
    dist
}

/// Labels the vertices `0..n` by flood fill: for each vertex of `roots`
/// in turn not yet labelled, a new label (0, 1, ...) spreads over every
/// unlabelled vertex reachable through `neighbors`. Returns the labels
/// and their count. With every vertex as a root and symmetric neighbours
/// these are the connected components; Kosaraju's second pass uses it
/// with the reversed arcs. O(V + E).
pub(crate) fn flood_labels<'a, F>(
    n: usize,
    roots: impl IntoIterator<Item = usize>,
    neighbors: F,
) -> (Vec<usize>, usize)
where
    F: Fn(usize) -> &'a [usize],
{
    let mut label = vec![usize::MAX; n];
    let mut count = 0;
    for root in roots {
        if label[root] != usize::MAX {
            continue;
        }
        label[root] = count;
        let mut stack = vec![root];
        while let Some(u) = stack.pop() {
            for &v in neighbors(u) {
                if label[v] == usize::MAX {
                    label[v] = count;
                    stack.push(v);
                }
            }
        }
        count += 1;
    }
    (label, count)
}

/// Breadth-first distances and parents from `root` through the vertices
/// with `allowed[v]` (the root itself is always entered). Returns
/// `(dist, parent)`: [`UNREACHED`] / [`NO_PARENT`] where not reached,
/// `parent[root] == root`. Neighbours are visited in the order
/// `neighbors(u)` gives them, so parents are deterministic. O(V + E).
pub(crate) fn tree<'a, F>(
    n: usize,
    neighbors: F,
    allowed: &[bool],
    root: usize,
) -> (Vec<u32>, Vec<usize>)
where
    F: Fn(usize) -> &'a [usize],
{
    let mut dist = vec![UNREACHED; n];
    let mut parent = vec![NO_PARENT; n];
    dist[root] = 0;
    parent[root] = root;
    let mut queue = VecDeque::from([root]);
    while let Some(u) = queue.pop_front() {
        for &w in neighbors(u) {
            if allowed[w] && dist[w] == UNREACHED {
                dist[w] = dist[u] + 1;
                parent[w] = u;
                queue.push_back(w);
            }
        }
    }
    (dist, parent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_and_tree_on_a_path_with_a_blocked_vertex() {
        // 0 - 1 - 2 - 3
        let adj: Vec<Vec<usize>> = vec![vec![1], vec![0, 2], vec![1, 3], vec![2]];
        assert_eq!(distances(4, |u| &adj[u], 1), vec![1, 0, 1, 2]);
        let (d, p) = tree(4, |u| &adj[u], &[true, true, false, true], 0);
        assert_eq!(d, vec![0, 1, UNREACHED, UNREACHED]);
        assert_eq!(p, vec![0, 0, NO_PARENT, NO_PARENT]);
    }
}
