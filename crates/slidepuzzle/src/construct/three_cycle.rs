//! 3-cycles of tiles on any 2-connected graph, and solving a block with
//! them.
//!
//! Wilson's theorem (J. Combin. Theory B 16, 1974; seed 000, section 6)
//! rests on 3-cycles built from two cycles of a theta subgraph. This module
//! builds one explicitly:
//!
//! 1. Near a given vertex, take a shortest cycle and a shortest ear on it
//!    (a chord or a path through new vertices): a theta subgraph with a
//!    branch vertex `s`. Every simple cycle through `s` gives a *ring*: the
//!    blank walked once around it, which rotates the ring's tiles by one.
//! 2. The commutator `D = x y x^-1 y^-1` of two rings moves only the tiles
//!    near `s` (a double transposition when the rings share a path of two
//!    or more tiles, a 3-cycle when they share one). A short conjugate of
//!    `D` times `D` (`w^-1 D w D` with `w` at most two rings) cancels one
//!    transposition against another and leaves a 3-cycle. The candidates
//!    are tried in order on the theta's permutations (cheap); the first
//!    3-cycle wins. On theta0, whose group (PGL(2,5) on six tiles) has no
//!    3-cycle, and in the rare case nothing short is found, one more ear is
//!    added and the search repeated.
//!
//! To move one tile to its goal vertex, the 3-cycle is conjugated: a blank
//! walk `sigma` brings that tile, the tile on the goal vertex and one more
//! misplaced tile onto the 3-cycle's support (greedy routing with the
//! support vertices already filled protected), the 3-cycle is applied and
//! `sigma` is walked backwards. Only those three tiles change, so tiles
//! already placed may be crossed freely. Each placement fixes at least one
//! tile, so a block of `n` vertices needs at most `n` of them; with the
//! parity fixed first (one walk around an odd cycle, on non-bipartite
//! blocks) every configuration the reachability test accepts is solved.

use std::collections::{HashSet, VecDeque};

use super::walker::{NONE, Walker};
use crate::error::{Error, Result};
use crate::model::Graph;
use crate::primitives::perm::{inverse, then};

/// A closed blank walk whose net effect is a 3-cycle of tiles.
#[derive(Clone, Debug)]
pub struct ThreeCycle {
    /// Where the walk starts and ends.
    pub home: usize,
    /// The walk, as a vertex sequence from `home` back to `home`.
    pub walk: Vec<usize>,
    /// The tile on `support[0]` goes to `support[1]`, that on `support[1]`
    /// to `support[2]`, and that on `support[2]` to `support[0]`.
    pub support: [usize; 3],
    /// The subgraph the 3-cycle was found in (a theta, perhaps with an
    /// ear or two more): its vertices, `home` among them.
    pub region: Vec<usize>,
    /// Closed walks from `home` around the region's simple cycles through
    /// it; each rotates that cycle's tiles by one.
    pub rings: Vec<Vec<usize>>,
}

/// Breadth-first distances and parents from `root` over allowed vertices.
fn bfs(graph: &Graph, allowed: &[bool], root: usize) -> (Vec<u32>, Vec<usize>) {
    crate::primitives::bfs::tree(graph.vertex_count(), |u| graph.neighbors(u), allowed, root)
}

/// Path from the BFS root to `v` (root first).
fn path_to(parent: &[usize], v: usize) -> Vec<usize> {
    let mut p = vec![v];
    let mut c = v;
    while parent[c] != c {
        c = parent[c];
        p.push(c);
    }
    p.reverse();
    p
}

/// A shortest cycle found from `center` (a closed BFS-tree cycle, simple),
/// as its vertices in order.
fn short_cycle(graph: &Graph, allowed: &[bool], center: usize) -> Option<Vec<usize>> {
    let (dist, parent) = bfs(graph, allowed, center);
    let mut best: Option<(u32, usize, usize)> = None;
    for x in 0..graph.vertex_count() {
        if dist[x] == u32::MAX {
            continue;
        }
        for &y in graph.neighbors(x) {
            if x < y && allowed[y] && parent[x] != y && parent[y] != x && dist[y] != u32::MAX {
                let len = dist[x] + dist[y];
                if best.is_none_or(|b| len < b.0) {
                    best = Some((len, x, y));
                }
            }
        }
    }
    let (_, x, y) = best?;
    let px = path_to(&parent, x);
    let py = path_to(&parent, y);
    let common = px.iter().zip(&py).take_while(|(a, b)| a == b).count();
    // Cycle: lca .. x, y .. (back to just after lca).
    let mut cycle: Vec<usize> = px[common - 1..].to_vec();
    cycle.extend(py[common..].iter().rev());
    Some(cycle)
}

/// A shortest ear of the subgraph `(in_h, h_edges)`: a path between two
/// distinct vertices of it whose inner vertices are outside it (or an
/// edge of the graph missing from it).
fn short_ear(
    graph: &Graph,
    allowed: &[bool],
    in_h: &[bool],
    h_edges: &HashSet<(usize, usize)>,
) -> Option<Vec<usize>> {
    let n = graph.vertex_count();
    let key = |a: usize, b: usize| (a.min(b), a.max(b));
    for u in 0..n {
        if !in_h[u] {
            continue;
        }
        for &w in graph.neighbors(u) {
            if in_h[w] && allowed[w] && !h_edges.contains(&key(u, w)) {
                return Some(vec![u, w]);
            }
        }
    }
    // Multi-source BFS from the subgraph through outside vertices.
    let mut dist = vec![u32::MAX; n];
    let mut src = vec![NONE; n];
    let mut parent = vec![NONE; n];
    let mut queue = VecDeque::new();
    for v in 0..n {
        if in_h[v] {
            dist[v] = 0;
            src[v] = v;
            parent[v] = v;
            queue.push_back(v);
        }
    }
    while let Some(u) = queue.pop_front() {
        for &w in graph.neighbors(u) {
            if allowed[w] && !in_h[w] && dist[w] == u32::MAX {
                dist[w] = dist[u] + 1;
                src[w] = src[u];
                parent[w] = u;
                queue.push_back(w);
            }
        }
    }
    let mut best: Option<(u32, usize, usize)> = None;
    for x in 0..n {
        if in_h[x] || dist[x] == u32::MAX {
            continue;
        }
        for &y in graph.neighbors(x) {
            if dist[y] != u32::MAX && src[y] != src[x] && (in_h[y] || x < y) {
                let len = dist[x] + dist[y];
                if best.is_none_or(|b| len < b.0) {
                    best = Some((len, x, y));
                }
            }
        }
    }
    let (_, x, y) = best?;
    let mut ear = path_to(&parent, x);
    let mut back = path_to(&parent, y);
    back.reverse();
    ear.extend(back);
    Some(ear)
}

/// Simple cycles through `s` in the subgraph with edges `h_edges`, as
/// closed walks `[s, .., s]` (each in one direction), at most `cap`.
fn rings_through(
    s: usize,
    adjacency: &std::collections::HashMap<usize, Vec<usize>>,
    cap: usize,
) -> Vec<Vec<usize>> {
    let mut rings = Vec::new();
    let mut seen = HashSet::new();
    let mut stack: Vec<(usize, usize)> = vec![(s, 0)];
    let mut on_path = HashSet::from([s]);
    let mut path = vec![s];
    while let Some(&mut (v, ref mut i)) = stack.last_mut() {
        let nbrs = &adjacency[&v];
        if *i >= nbrs.len() || rings.len() >= cap {
            stack.pop();
            on_path.remove(&v);
            path.pop();
            continue;
        }
        let w = nbrs[*i];
        *i += 1;
        if w == s && path.len() >= 3 {
            let mut ring = path.clone();
            ring.push(s);
            // Keep one direction of each cycle.
            let mut canon: Vec<usize> = ring[1..ring.len() - 1].to_vec();
            if canon.first() > canon.last() {
                canon.reverse();
            }
            if seen.insert(canon) {
                rings.push(ring);
            }
        } else if w != s && !on_path.contains(&w) {
            on_path.insert(w);
            path.push(w);
            stack.push((w, 0));
        }
    }
    rings
}

/// Smallest region (vertices) kept around a 3-cycle for conjugating words.
const REGION_MIN_VERTICES: usize = 16;

fn adjacency_of(
    vertices: &[usize],
    edges: &HashSet<(usize, usize)>,
) -> std::collections::HashMap<usize, Vec<usize>> {
    let mut adjacency: std::collections::HashMap<usize, Vec<usize>> =
        vertices.iter().map(|&v| (v, Vec::new())).collect();
    for &(a, b) in edges {
        adjacency.get_mut(&a).expect("in H").push(b);
        adjacency.get_mut(&b).expect("in H").push(a);
    }
    for list in adjacency.values_mut() {
        list.sort_unstable();
    }
    adjacency
}

/// Permutation of a closed walk on local labels: `after[v]` is the vertex
/// whose tile is on `v` once the walk is done.
fn walk_perm(
    walk: &[usize],
    local: &std::collections::HashMap<usize, usize>,
    k: usize,
) -> Vec<usize> {
    let mut cells: Vec<usize> = (0..k).collect();
    for pair in walk.windows(2) {
        let (a, b) = (local[&pair[0]], local[&pair[1]]);
        cells.swap(a, b);
    }
    cells
}

/// The support of a 3-cycle as `[a, b, c]` with a's tile going to b, b's
/// to c and c's to a; `None` if `after` is not a 3-cycle.
fn as_three_cycle(after: &[usize]) -> Option<[usize; 3]> {
    let moved: Vec<usize> = (0..after.len()).filter(|&v| after[v] != v).collect();
    if moved.len() != 3 {
        return None;
    }
    let a = moved[0];
    let b = (0..after.len()).find(|&v| after[v] == a)?;
    let c = (0..after.len()).find(|&v| after[v] == b)?;
    (after[a] == c).then_some([a, b, c])
}

/// A letter: ring index and whether it is walked backwards.
type Letter = (usize, bool);

fn letter_walk(rings: &[Vec<usize>], (i, back): Letter) -> Vec<usize> {
    let mut w = rings[i].clone();
    if back {
        w.reverse();
    }
    w
}

/// Searches words in the rings for a 3-cycle (see the module docs).
fn search_three_cycle(
    rings: &[Vec<usize>],
    vertices: &[usize],
) -> Option<(Vec<Letter>, [usize; 3])> {
    let local: std::collections::HashMap<usize, usize> =
        vertices.iter().enumerate().map(|(i, &v)| (v, i)).collect();
    let k = vertices.len();
    let letters: Vec<Letter> = (0..rings.len())
        .flat_map(|i| [(i, false), (i, true)])
        .collect();
    let perm = |l: Letter| -> Vec<usize> {
        let p = walk_perm(&rings[l.0], &local, k);
        if l.1 { inverse(&p) } else { p }
    };
    let perms: Vec<Vec<usize>> = letters.iter().map(|&l| perm(l)).collect();
    let inv = |l: Letter| (l.0, !l.1);
    let word_perm = |w: &[Letter]| -> Vec<usize> {
        let mut p: Vec<usize> = (0..k).collect();
        for &l in w {
            let idx = letters.iter().position(|&m| m == l).expect("letter");
            p = then(&p, &perms[idx]);
        }
        p
    };
    let mut words: Vec<Vec<Letter>> = letters.iter().map(|&l| vec![l]).collect();
    for &a in &letters {
        for &b in &letters {
            if b != inv(a) {
                words.push(vec![a, b]);
            }
        }
    }
    let map_back = |s: [usize; 3]| [vertices[s[0]], vertices[s[1]], vertices[s[2]]];
    let mut commutators = Vec::new();
    for &x in &letters {
        for &y in &letters {
            if x.0 == y.0 {
                continue;
            }
            let word = vec![x, y, inv(x), inv(y)];
            let d = word_perm(&word);
            if let Some(s) = as_three_cycle(&d) {
                return Some((word, map_back(s)));
            }
            if d.iter().enumerate().any(|(v, &t)| v != t) {
                commutators.push((word, d));
            }
        }
    }
    for (word, d) in &commutators {
        for w in &words {
            let wp = word_perm(w);
            let e = then(&then(&then(&inverse(&wp), d), &wp), d);
            if let Some(s) = as_three_cycle(&e) {
                let mut full: Vec<Letter> = w.iter().rev().map(|&l| inv(l)).collect();
                full.extend(word);
                full.extend(w);
                full.extend(word);
                return Some((full, map_back(s)));
            }
        }
    }
    None
}

/// Finds a closed blank walk that 3-cycles three tiles, inside the allowed
/// vertices (a 2-connected block that is not a cycle), starting from
/// thetas near `near`. `None` if none is found (theta0 alone, or a cycle).
pub(crate) fn find_three_cycle(graph: &Graph, allowed: &[bool], near: usize) -> Option<ThreeCycle> {
    let (dist, _) = bfs(graph, allowed, near);
    let mut centers: Vec<usize> = (0..graph.vertex_count())
        .filter(|&v| dist[v] != u32::MAX)
        .collect();
    centers.sort_by_key(|&v| (dist[v], v));
    centers.truncate(24);
    let key = |a: usize, b: usize| (a.min(b), a.max(b));
    let mut tried = HashSet::new();
    for center in centers {
        let Some(cycle) = short_cycle(graph, allowed, center) else {
            continue;
        };
        let mut sorted = cycle.clone();
        sorted.sort_unstable();
        if !tried.insert(sorted) {
            continue;
        }
        let mut in_h = vec![false; graph.vertex_count()];
        let mut h_edges = HashSet::new();
        let mut vertices = cycle.clone();
        for (i, &v) in cycle.iter().enumerate() {
            in_h[v] = true;
            h_edges.insert(key(v, cycle[(i + 1) % cycle.len()]));
        }
        let mut branch = None;
        for _extra_ear in 0..3 {
            let Some(ear) = short_ear(graph, allowed, &in_h, &h_edges) else {
                break;
            };
            branch.get_or_insert(ear[0]);
            for pair in ear.windows(2) {
                h_edges.insert(key(pair[0], pair[1]));
            }
            for &v in &ear {
                if !in_h[v] {
                    in_h[v] = true;
                    vertices.push(v);
                }
            }
            let s = branch.expect("set");
            let rings = rings_through(s, &adjacency_of(&vertices, &h_edges), 12);
            if let Some((word, support)) = search_three_cycle(&rings, &vertices) {
                let mut walk = vec![s];
                for l in word {
                    walk.extend_from_slice(&letter_walk(&rings, l)[1..]);
                }
                // More room for the conjugating ring words: grow the region
                // by shortest ears to at least REGION_MIN_VERTICES.
                while vertices.len() < REGION_MIN_VERTICES {
                    let Some(ear) = short_ear(graph, allowed, &in_h, &h_edges) else {
                        break;
                    };
                    for pair in ear.windows(2) {
                        h_edges.insert(key(pair[0], pair[1]));
                    }
                    for &v in &ear {
                        if !in_h[v] {
                            in_h[v] = true;
                            vertices.push(v);
                        }
                    }
                }
                // The rings the 3-cycle was found on stay: they hold its
                // support, which the capped ring list of the larger region
                // may miss (then the support would lie outside the region).
                let mut more = rings_through(s, &adjacency_of(&vertices, &h_edges), 24);
                for ring in rings {
                    if !more.contains(&ring) {
                        more.push(ring);
                    }
                }
                let rings = more;
                let mut region: Vec<usize> = rings.iter().flatten().copied().collect();
                region.sort_unstable();
                region.dedup();
                return Some(ThreeCycle {
                    home: s,
                    walk,
                    support,
                    region,
                    rings,
                });
            }
        }
    }
    None
}

/// A closed walk of odd length from `home` inside the allowed vertices
/// (which flips the parity of the tile permutation), if the allowed part is
/// not bipartite.
pub(crate) fn odd_closed_walk(graph: &Graph, allowed: &[bool], home: usize) -> Option<Vec<usize>> {
    let (dist, parent) = bfs(graph, allowed, home);
    for x in 0..graph.vertex_count() {
        if dist[x] == u32::MAX {
            continue;
        }
        for &y in graph.neighbors(x) {
            if allowed[y] && dist[y] == dist[x] {
                let mut walk = path_to(&parent, x);
                let mut back = path_to(&parent, y);
                back.reverse();
                walk.extend(back);
                return Some(walk);
            }
        }
    }
    None
}

/// The six ways to use a 3-cycle on `support` (`[a, b, c]`: a's tile goes
/// to b, b's to c, c's to a): whether to walk it backwards, and its support
/// in the order the tiles go.
fn roles([c0, c1, c2]: [usize; 3]) -> [(bool, [usize; 3]); 6] {
    [
        (false, [c0, c1, c2]),
        (false, [c1, c2, c0]),
        (false, [c2, c0, c1]),
        (true, [c1, c0, c2]),
        (true, [c0, c2, c1]),
        (true, [c2, c1, c0]),
    ]
}

/// Completes a conjugated 3-cycle: the blank walked `sigma` from `home`
/// since `path` had `mark` entries; now the 3-cycle (backwards if asked),
/// then `sigma` in reverse.
fn finish_conjugate(w: &mut Walker, tc: &ThreeCycle, mark: usize, backwards: bool) {
    let sigma = w.walk_since(mark, tc.home);
    if backwards {
        let back: Vec<usize> = tc.walk.iter().rev().copied().collect();
        w.walk(&back);
    } else {
        w.walk(&tc.walk);
    }
    let undo: Vec<usize> = sigma.iter().rev().copied().collect();
    w.walk(&undo);
}

/// Moves the tile on `x` to `v` with a conjugated 3-cycle whose third tile
/// comes from one of `spare` (misplaced vertices other than `x`, `v`),
/// routing the three tiles onto the support greedily. The blank must be on
/// `tc.home` and stays there. False (and no net change) if no routing was
/// found.
fn conjugate_into_place(
    w: &mut Walker,
    tc: &ThreeCycle,
    x: usize,
    v: usize,
    spare: &[usize],
) -> bool {
    // Greedy routing only: the ring search is the exact fallback, and the
    // (tile, blank) search is too slow to try this often on large blocks.
    let saved_limit = std::mem::replace(&mut w.exact_limit, 64);
    let placed = route_onto_support(w, tc, x, v, spare);
    w.exact_limit = saved_limit;
    placed
}

/// The attempts of [`conjugate_into_place`].
fn route_onto_support(
    w: &mut Walker,
    tc: &ThreeCycle,
    x: usize,
    v: usize,
    spare: &[usize],
) -> bool {
    let home = tc.home;
    let (a_tile, b_tile) = (w.cells[x], w.cells[v]);
    let spare_tiles: Vec<u32> = spare.iter().map(|&z| w.cells[z]).collect();
    // The three routings are tried in every order: the one filled first
    // is protected while the others are routed, so the order decides
    // whether a dead end near the support blocks the later ones.
    const ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [2, 1, 0],
        [1, 2, 0],
        [0, 2, 1],
        [2, 0, 1],
        [1, 0, 2],
    ];
    for (backwards, support) in roles(tc.support) {
        let mark = w.path.len();
        for order in ORDERS {
            let (d, _) = bfs(w.graph, &w.allowed, support[2]);
            let mut candidates = spare_tiles.clone();
            candidates.sort_by_key(|&t| d[w.pos[t as usize]]);
            for &c_tile in candidates.iter().take(3) {
                let tiles = [a_tile, b_tile, c_tile];
                let mut done = true;
                for &i in &order {
                    if !w.move_tile(tiles[i], support[i]) {
                        done = false;
                        break;
                    }
                    w.allowed[support[i]] = false;
                }
                done = done && w.route_blank(home, NONE);
                for &u in &support {
                    w.allowed[u] = true;
                }
                if done {
                    finish_conjugate(w, tc, mark, backwards);
                    return true;
                }
                w.undo_to(mark, home);
            }
        }
    }
    false
}

/// Most vertices a 3-cycle's region may have for the conjugation by ring
/// words (a private routine of this module):
/// its exact search over three tiles stores one byte per state
/// (400^3 = 64 MB).
pub const RING_SEARCH_MAX_VERTICES: usize = 400;

/// The region's rings as position maps: moving by `maps[m]` sends the tile
/// on region vertex i to `maps[m][i]`; map `2r` walks ring r forwards and
/// `2r + 1` backwards (its inverse).
fn ring_maps(tc: &ThreeCycle, index: &[usize]) -> Vec<Vec<u32>> {
    let k = tc.region.len();
    let mut maps = Vec::new();
    for ring in &tc.rings {
        let mut cells: Vec<usize> = (0..k).collect();
        for pair in ring.windows(2) {
            cells.swap(index[pair[0]], index[pair[1]]);
        }
        // cells[j] = the vertex whose tile is now on j.
        let mut forward = vec![0u32; k];
        for (j, &i) in cells.iter().enumerate() {
            forward[i] = j as u32;
        }
        let mut backward = vec![0u32; k];
        for (i, &j) in forward.iter().enumerate() {
            backward[j as usize] = i as u32;
        }
        maps.push(forward);
        maps.push(backward);
    }
    maps
}

/// Breadth-first search over the positions of `tracked` tiles (2 or 3)
/// under the ring maps, from `start` to the first of `goals` that `accept`
/// takes; each state stores only the map that reached it (the parent is
/// recovered with the inverse map). Returns the maps of the word and the
/// goal's index.
fn ring_word(
    maps: &[Vec<u32>],
    k: usize,
    start: &[usize],
    goals: &[Vec<usize>],
    mut accept: impl FnMut(usize, &[usize]) -> bool,
) -> Option<(Vec<usize>, usize)> {
    let tracked = start.len();
    let encode = |p: &[usize]| p.iter().fold(0usize, |acc, &x| acc * k + x);
    let decode = |mut s: usize, out: &mut [usize]| {
        for slot in out.iter_mut().rev() {
            *slot = s % k;
            s /= k;
        }
    };
    let states = k.pow(tracked as u32);
    const UNSEEN: u8 = u8::MAX;
    const ROOT: u8 = u8::MAX - 1;
    let mut via = vec![UNSEEN; states];
    let goal_codes: Vec<usize> = goals.iter().map(|g| encode(g)).collect();
    let s0 = encode(start);
    via[s0] = ROOT;
    let mut queue = std::collections::VecDeque::from([s0]);
    let mut cur = vec![0usize; tracked];
    let mut next = vec![0usize; tracked];
    while let Some(s) = queue.pop_front() {
        if let Some(gi) = goal_codes.iter().position(|&g| g == s) {
            // The word: follow the stored maps back to the start.
            let mut word = Vec::new();
            let mut c = s;
            while via[c] != ROOT {
                let m = via[c] as usize;
                word.push(m);
                decode(c, &mut cur);
                let inverse = &maps[m ^ 1];
                for (dst, &p) in next.iter_mut().zip(cur.iter()) {
                    *dst = inverse[p] as usize;
                }
                c = encode(&next);
            }
            word.reverse();
            if accept(gi, &word) {
                return Some((word, gi));
            }
            continue;
        }
        decode(s, &mut cur);
        for (m, map) in maps.iter().enumerate() {
            for (dst, &p) in next.iter_mut().zip(cur.iter()) {
                *dst = map[p] as usize;
            }
            let n = encode(&next);
            if via[n] == UNSEEN {
                via[n] = m as u8;
                queue.push_back(n);
            }
        }
    }
    None
}

/// Like [`conjugate_into_place`], but robust: the tiles are first brought
/// into the 3-cycle's region (greedy routing), then onto the support by a
/// word in the region's rings found by breadth-first search: over the two
/// tiles that must land on the support's first two vertices (k^2 states),
/// accepting a goal only if the tile the word brings to the third vertex
/// is a misplaced one; failing that, over all three tiles (k^3 states).
/// The rings generate the region's whole puzzle group (it holds a 3-cycle
/// and is not theta0, so it is at least alternating, hence 3-transitive),
/// so the exact search always succeeds. Greedy routing alone can fail where
/// a dead end next to the support must be filled from inside.
fn conjugate_by_rings(
    w: &mut Walker,
    tc: &ThreeCycle,
    x: usize,
    v: usize,
    spare: &[usize],
) -> bool {
    let home = tc.home;
    let k = tc.region.len();
    let mut index = vec![NONE; w.graph.vertex_count()];
    for (i, &u) in tc.region.iter().enumerate() {
        index[u] = i;
    }
    let inside: Vec<bool> = index.iter().map(|&i| i != NONE).collect();
    let maps = ring_maps(tc, &index);
    let (dist, _) = bfs(w.graph, &w.allowed, home);
    let spare_tiles: std::collections::HashSet<u32> = spare.iter().map(|&z| w.cells[z]).collect();
    let mut spare = spare.to_vec();
    spare.sort_by_key(|&z| (!inside[z], dist[z]));
    if tc.support.iter().any(|&u| index[u] == NONE) {
        return false;
    }
    let roles = roles(tc.support.map(|u| index[u]));
    let (a_tile, b_tile) = (w.cells[x], w.cells[v]);
    for &z in spare.iter().take(3) {
        let c_tile = w.cells[z];
        let mark = w.path.len();
        if !gather(w, &[a_tile, b_tile, c_tile], &inside, home) {
            w.undo_to(mark, home);
            continue;
        }
        let pa = index[w.pos[a_tile as usize]];
        let pb = index[w.pos[b_tile as usize]];
        let pc = index[w.pos[c_tile as usize]];
        let cells = &w.cells;
        let region = &tc.region;
        // Pair search: the third support vertex must receive a misplaced tile.
        let pair_goals: Vec<Vec<usize>> = roles.iter().map(|(_, r)| vec![r[0], r[1]]).collect();
        let found = ring_word(&maps, k, &[pa, pb], &pair_goals, |gi, word| {
            let mut q = roles[gi].1[2];
            for &m in word.iter().rev() {
                q = maps[m ^ 1][q] as usize;
            }
            spare_tiles.contains(&cells[region[q]])
        })
        .or_else(|| {
            (k <= RING_SEARCH_MAX_VERTICES)
                .then(|| {
                    let goals: Vec<Vec<usize>> = roles.iter().map(|(_, r)| r.to_vec()).collect();
                    ring_word(&maps, k, &[pa, pb, pc], &goals, |_, _| true)
                })
                .flatten()
        });
        let Some((word, gi)) = found else {
            w.undo_to(mark, home);
            continue;
        };
        for &m in &word {
            let mut ring = tc.rings[m / 2].clone();
            if m % 2 == 1 {
                ring.reverse();
            }
            w.walk(&ring);
        }
        finish_conjugate(w, tc, mark, roles[gi].0);
        return true;
    }
    false
}

/// Brings `tiles` into the `inside` region and the blank to `home`:
/// greedy routing, each tile protected once inside when that works and
/// unprotected otherwise, for a few rounds (a route may push a tile back
/// out). False if it fails.
fn gather(w: &mut Walker, tiles: &[u32; 3], inside: &[bool], home: usize) -> bool {
    for _round in 0..6 {
        let mut protected: Vec<usize> = Vec::new();
        for &t in tiles {
            let at = w.pos[t as usize];
            if !inside[at] {
                // The nearest region vertex not next to home (so the
                // blank can still get home past it), else any.
                let (from_tile, _) = bfs(w.graph, &w.allowed, at);
                let entry = (0..inside.len())
                    .filter(|&u| inside[u] && u != home && from_tile[u] != u32::MAX)
                    .min_by_key(|&u| (w.graph.has_edge(u, home), from_tile[u], u));
                let Some(entry) = entry else { continue };
                if !w.move_tile(t, entry) {
                    for &u in &protected {
                        w.allowed[u] = true;
                    }
                    let _ = w.move_tile(t, entry);
                    for &u in &protected {
                        w.allowed[u] = false;
                    }
                }
            }
            let at = w.pos[t as usize];
            if inside[at] && w.allowed[at] {
                w.allowed[at] = false;
                protected.push(at);
            }
        }
        let home_ok = w.route_blank(home, NONE);
        for &u in &protected {
            w.allowed[u] = true;
        }
        if !home_ok {
            let _ = w.route_blank(home, NONE);
        }
        if w.blank() == home && tiles.iter().all(|&t| inside[w.pos[t as usize]]) {
            return true;
        }
    }
    false
}

/// Solves the allowed vertices (a 2-connected block, not a cycle) to
/// `target` (`target[v]` the tile wanted on `v`; 0 on `tc.home`, where the
/// blank must be) with conjugated 3-cycles, after fixing the parity.
///
/// # Errors
/// [`Error::Unsupported`] if the block cannot be finished (an odd
/// permutation on a bipartite block, which the reachability test rules
/// out, or no routing found for any misplaced tile).
pub(crate) fn solve_with_three_cycles(
    w: &mut Walker,
    block: &[usize],
    target: &[u32],
    tc: &ThreeCycle,
) -> Result<()> {
    let home = tc.home;
    debug_assert_eq!(w.blank(), home);
    // Parity of the tile permutation on the block.
    let mut goal_of = std::collections::HashMap::new();
    for &v in block {
        goal_of.insert(target[v], v);
    }
    let mut seen = std::collections::HashSet::new();
    let mut odd = false;
    for &v in block {
        if v == home || !seen.insert(v) {
            continue;
        }
        let mut len = 1;
        let mut c = goal_of[&w.cells[v]];
        while c != v {
            seen.insert(c);
            len += 1;
            c = goal_of[&w.cells[c]];
        }
        odd ^= len % 2 == 0;
    }
    if odd {
        let walk = odd_closed_walk(w.graph, &w.allowed, home).ok_or_else(|| {
            Error::Unsupported(
                "internal error: odd permutation on a bipartite block (the reachability test should have refused it)"
                    .into(),
            )
        })?;
        w.walk(&walk);
    }
    let (dist, _) = bfs(w.graph, &w.allowed, home);
    loop {
        super::limits::check_walker(w)?;
        let mut wrong: Vec<usize> = block
            .iter()
            .copied()
            .filter(|&v| v != home && w.cells[v] != target[v])
            .collect();
        if wrong.is_empty() {
            return Ok(());
        }
        wrong.sort_by_key(|&v| std::cmp::Reverse((dist[v], v)));
        // Greedy conjugation farthest first; where none routes, ring words
        // (exact) nearest first.
        let attempts = wrong
            .iter()
            .map(|&v| (v, false))
            .chain(wrong.iter().rev().map(|&v| (v, true)));
        let mut placed = false;
        for (v, exact) in attempts {
            let x = w.pos[target[v] as usize];
            let spare: Vec<usize> = wrong
                .iter()
                .copied()
                .filter(|&z| z != x && z != v)
                .collect();
            let conjugate = if exact {
                conjugate_by_rings
            } else {
                conjugate_into_place
            };
            if !spare.is_empty() && conjugate(w, tc, x, v, &spare) {
                debug_assert_eq!(w.cells[v], target[v]);
                placed = true;
                break;
            }
        }
        if !placed {
            return Err(Error::Unsupported(format!(
                "the 3-cycle construction found no routing for the {} misplaced tiles left",
                wrong.len()
            )));
        }
    }
}
