//! Several blanks without enumerating blank sets: the exact orbits of the
//! tiles, and the group of arrangements certified by comparing orders.
//!
//! Let B be a set of k >= 1 blank vertices of a connected graph and G_B the
//! group of tile arrangements reachable with the blanks back on B (see
//! [`super::blanks`]). Two facts make it computable without the C(n, k)
//! blank sets that [`super::blanks::BlankGroup`] visits:
//!
//! 1. **Orbits, exactly.** Where can the tile on u go, with the blanks back
//!    on B? Follow that one tile and forget the others' labels: tiles and
//!    blanks inside one component of G - x (x the marked tile's vertex) can
//!    be arranged in any way without moving x, because unlabelled tokens
//!    reach every placement of the same size on a connected graph. So the
//!    state is (x, the number of blanks in each component of G - x), and
//!    moving the marked tile to a neighbour y is possible iff y's component
//!    has a blank; the blanks left in that component (one fewer) can be put
//!    anywhere in it first, which gives every split over the pieces it
//!    falls into around y. The orbit of u is the set of tile vertices v
//!    whose state (v, B's counts around v) is reached. This is polynomial
//!    (one state per vertex away from cut vertices).
//! 2. **The group, certified.** G_B lies inside the product of the full
//!    symmetric groups on its orbits. Random closed walks (a random walk of
//!    moves, then [`transport`] of the blanks back to B) give elements of
//!    G_B; Schreier-Sims ([`super::schreier_sims`]) computes the order of
//!    the group H they generate. If that order equals the product of the
//!    orbits' factorials, H = G_B and membership in H decides reachability
//!    exactly. Otherwise nothing is claimed (the caller falls back); the
//!    randomness can only cost a certificate, never give a wrong answer.
//!
//! Auletta, Monti, Parente and Persiano (Algorithmica 23, 1999) and Yu
//! (arXiv 1301.2342) show that on trees, and for k >= 2 on graphs apart from
//! rigid cycles, G_B is indeed such a product; Yu decides it in linear
//! time, which this module does not attempt.

use std::collections::HashMap;

use num_bigint::BigUint;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::blocks::decompose;
use super::perm::Perm;
use super::schreier_sims::SimsTable;
use crate::error::{Error, Result};
use crate::model::{Configuration, Graph};

/// Moves the blanks of `cells` (0 = blank) onto exactly the vertices where
/// `target_blank` is true, by sliding tiles along a breadth-first spanning
/// tree: a leaf of the remaining tree gets what it needs from the nearest
/// vertex that has it (the vertices between hold the other kind, so the
/// slide is legal), and is then left alone. Needs a connected graph and as
/// many targets as blanks. O(n^2). Returns the number of moves made.
pub fn transport(graph: &Graph, cells: &mut [u32], target_blank: &[bool]) -> usize {
    let n = graph.vertex_count();
    // Spanning tree adjacency.
    let mut tree: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut seen = vec![false; n];
    let mut queue = std::collections::VecDeque::from([0usize]);
    seen[0] = true;
    while let Some(v) = queue.pop_front() {
        for &w in graph.neighbors(v) {
            if !seen[w] {
                seen[w] = true;
                tree[v].push(w);
                tree[w].push(v);
                queue.push_back(w);
            }
        }
    }
    let mut remaining = vec![true; n];
    let mut degree: Vec<usize> = tree.iter().map(Vec::len).collect();
    let mut leaves: Vec<usize> = (0..n).filter(|&v| degree[v] <= 1).collect();
    let mut moves = 0;
    let mut from = vec![usize::MAX; n];
    while let Some(leaf) = leaves.pop() {
        if !remaining[leaf] {
            continue;
        }
        let want_blank = target_blank[leaf];
        if want_blank != (cells[leaf] == 0) {
            // Nearest vertex of the wanted kind in the remaining tree.
            let mut queue = std::collections::VecDeque::from([leaf]);
            from.iter_mut().for_each(|f| *f = usize::MAX);
            from[leaf] = leaf;
            let mut found = usize::MAX;
            while let Some(v) = queue.pop_front() {
                if v != leaf && (cells[v] == 0) == want_blank {
                    found = v;
                    break;
                }
                for &w in &tree[v] {
                    if remaining[w] && from[w] == usize::MAX {
                        from[w] = v;
                        queue.push_back(w);
                    }
                }
            }
            debug_assert!(found != usize::MAX, "counts match");
            if found == usize::MAX {
                return moves;
            }
            // path: found -> ... -> leaf.
            let mut path = vec![found];
            while *path.last().expect("non-empty") != leaf {
                path.push(from[*path.last().expect("non-empty")]);
            }
            if want_blank {
                // The blank walks from `found` to the leaf; each tile on
                // the way steps back one vertex.
                for i in 1..path.len() {
                    cells[path[i - 1]] = cells[path[i]];
                    cells[path[i]] = 0;
                    moves += 1;
                }
            } else {
                // The tile walks over blanks to the leaf.
                for i in 1..path.len() {
                    cells[path[i]] = cells[path[i - 1]];
                    cells[path[i - 1]] = 0;
                    moves += 1;
                }
            }
        }
        remaining[leaf] = false;
        for &w in &tree[leaf] {
            if remaining[w] {
                degree[w] -= 1;
                if degree[w] <= 1 {
                    leaves.push(w);
                }
            }
        }
    }
    moves
}

/// The components of G - x for every vertex x: `id(x, v)` names v's
/// component (x itself gets `u16::MAX`); vertices that are not cut
/// vertices have one component, stored implicitly.
struct Components {
    /// For cut vertices: component id of every vertex, and the sizes.
    cut: HashMap<usize, (Vec<u16>, Vec<usize>)>,
    n: usize,
}

impl Components {
    fn new(graph: &Graph) -> Result<Self> {
        let n = graph.vertex_count();
        let mut cut = HashMap::new();
        for x in decompose(graph).articulation_points {
            let mut id = vec![u16::MAX; n];
            let mut sizes = Vec::new();
            for s in 0..n {
                if s == x || id[s] != u16::MAX {
                    continue;
                }
                let c = sizes.len();
                if c >= u16::MAX as usize {
                    return Err(Error::Unsupported("too many components".into()));
                }
                let mut stack = vec![s];
                id[s] = c as u16;
                let mut size = 0;
                while let Some(v) = stack.pop() {
                    size += 1;
                    for &w in graph.neighbors(v) {
                        if w != x && id[w] == u16::MAX {
                            id[w] = c as u16;
                            stack.push(w);
                        }
                    }
                }
                sizes.push(size);
            }
            cut.insert(x, (id, sizes));
        }
        Ok(Components { cut, n })
    }

    /// Component of `v` in G - x (0 if x is not a cut vertex).
    fn id(&self, x: usize, v: usize) -> usize {
        match self.cut.get(&x) {
            Some((id, _)) => id[v] as usize,
            None => 0,
        }
    }

    /// Sizes of the components of G - x.
    fn sizes(&self, x: usize) -> Vec<usize> {
        match self.cut.get(&x) {
            Some((_, sizes)) => sizes.clone(),
            None => vec![self.n - 1],
        }
    }

    /// Blanks of `blank` (a vertex set) in each component of G - x.
    fn counts(&self, x: usize, blank: &[bool]) -> Vec<u16> {
        let mut c = vec![0u16; self.sizes(x).len()];
        for (v, &b) in blank.iter().enumerate() {
            if b && v != x {
                c[self.id(x, v)] += 1;
            }
        }
        c
    }
}

/// Most (vertex, blank counts) states [`tile_orbits`] visits in total.
pub const ORBIT_MAX_STATES: usize = 2_000_000;

/// The orbits of the tile vertices (the vertices off `base`) under G_base,
/// exactly (module docs, point 1). Needs a connected graph with `base`
/// non-empty. Polynomial: at most one state per vertex and split of the
/// blanks around it.
///
/// # Errors
/// [`Error::Unsupported`] beyond [`ORBIT_MAX_STATES`] states.
pub fn tile_orbits(graph: &Graph, base: &[usize]) -> Result<Vec<Vec<usize>>> {
    let n = graph.vertex_count();
    let comps = Components::new(graph)?;
    let mut blank = vec![false; n];
    for &b in base {
        blank[b] = true;
    }
    // The state every tile vertex v must reach to be in an orbit.
    let home: Vec<Vec<u16>> = (0..n)
        .map(|v| {
            if blank[v] {
                Vec::new()
            } else {
                comps.counts(v, &blank)
            }
        })
        .collect();
    let mut orbit_of = vec![usize::MAX; n];
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    let mut total = 0usize;
    for u in 0..n {
        if blank[u] || orbit_of[u] != usize::MAX {
            continue;
        }
        let id = orbits.len();
        let mut orbit = Vec::new();
        let start = (u, home[u].clone());
        let mut visited: std::collections::HashSet<(usize, Vec<u16>)> =
            std::collections::HashSet::from([start.clone()]);
        let mut stack = vec![start];
        while let Some((x, counts)) = stack.pop() {
            if !blank[x] && orbit_of[x] == usize::MAX && counts == home[x] {
                orbit_of[x] = id;
                orbit.push(x);
            }
            for &y in graph.neighbors(x) {
                let cy = comps.id(x, y);
                if counts[cy] == 0 {
                    continue;
                }
                // Blanks outside y's component end in the component of
                // G - y holding x, with the one left on x.
                let y_sizes = comps.sizes(y);
                let dx = comps.id(y, x);
                let mut fixed = vec![0u16; y_sizes.len()];
                fixed[dx] = 1 + counts
                    .iter()
                    .enumerate()
                    .filter(|&(c, _)| c != cy)
                    .map(|(_, &b)| b)
                    .sum::<u16>();
                // The rest of x's component around y splits into pieces by
                // G - y's components; the remaining blanks go anywhere.
                let mut piece = vec![0usize; y_sizes.len()];
                for v in 0..n {
                    if v != x && v != y && comps.id(x, v) == cy {
                        piece[comps.id(y, v)] += 1;
                    }
                }
                let pieces: Vec<usize> = (0..piece.len()).filter(|&d| piece[d] > 0).collect();
                let mut splits = Vec::new();
                split(
                    (counts[cy] - 1) as usize,
                    &pieces,
                    &piece,
                    &mut fixed.clone(),
                    0,
                    &mut splits,
                );
                for next in splits {
                    let state = (y, next);
                    if !visited.contains(&state) {
                        total += 1;
                        if total > ORBIT_MAX_STATES {
                            return Err(Error::Unsupported(format!(
                                "more than {ORBIT_MAX_STATES} marked-tile states"
                            )));
                        }
                        visited.insert(state.clone());
                        stack.push(state);
                    }
                }
            }
        }
        orbit.sort_unstable();
        orbits.push(orbit);
    }
    Ok(orbits)
}

/// Every way to add `left` blanks to `counts` over `pieces[i..]`, at most
/// `capacity[d]` more in piece d.
fn split(
    left: usize,
    pieces: &[usize],
    capacity: &[usize],
    counts: &mut Vec<u16>,
    i: usize,
    out: &mut Vec<Vec<u16>>,
) {
    if i == pieces.len() {
        if left == 0 {
            out.push(counts.clone());
        }
        return;
    }
    let d = pieces[i];
    let room: usize = pieces[i + 1..].iter().map(|&e| capacity[e]).sum();
    let low = left.saturating_sub(room);
    for put in low..=left.min(capacity[d]) {
        counts[d] += put as u16;
        split(left - put, pieces, capacity, counts, i + 1, out);
        counts[d] -= put as u16;
    }
}

/// Most tiles for [`CertifiedBlankGroup`] (Schreier-Sims stores n^2
/// permutations of degree n).
pub const CERTIFIED_MAX_TILES: usize = 256;

/// The group G_B of a connected graph, generated by random closed walks and
/// certified equal to the product of the symmetric groups on its orbits
/// (module docs, point 2).
pub struct CertifiedBlankGroup {
    base_blank: Vec<bool>,
    /// Tile-point numbering: vertex -> point (vertices off the base).
    point: Vec<usize>,
    table: SimsTable,
    orbits: Vec<Vec<usize>>,
    graph: Graph,
}

impl CertifiedBlankGroup {
    /// Tries to build and certify the group for blank set `base` on a
    /// connected `graph`; `Ok(None)` when the sampled group stays smaller
    /// than the product of the orbits' symmetric groups (then G_B may be
    /// smaller too, and nothing is claimed). `seed` fixes the random walks.
    /// Time: the orbits, plus up to a few hundred walks of 4n moves with
    /// O(n^2) transport and a Schreier-Sims sift each.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a disconnected graph, no blanks, over
    /// [`CERTIFIED_MAX_TILES`] tiles, or as [`tile_orbits`].
    pub fn new(graph: &Graph, base: &[usize], seed: u64) -> Result<Option<Self>> {
        let n = graph.vertex_count();
        if graph.components().1 != 1 || base.is_empty() {
            return Err(Error::Unsupported(
                "the certified blank group needs a connected graph and a blank".into(),
            ));
        }
        let tiles = n - base.len();
        if tiles > CERTIFIED_MAX_TILES {
            return Err(Error::Unsupported(format!(
                "{tiles} tiles: the certified blank group is limited to {CERTIFIED_MAX_TILES}"
            )));
        }
        let orbits = tile_orbits(graph, base)?;
        let mut base_blank = vec![false; n];
        for &b in base {
            base_blank[b] = true;
        }
        let mut point = vec![usize::MAX; n];
        let mut next = 0;
        for (v, p) in point.iter_mut().enumerate() {
            if !base_blank[v] {
                *p = next;
                next += 1;
            }
        }
        let fact = |m: usize| -> BigUint { (1..=m as u64).map(BigUint::from).product() };
        let target: BigUint = orbits.iter().map(|o| fact(o.len())).product();
        let mut table = SimsTable::new(tiles, &[]);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let identity: Vec<u32> = (0..n)
            .map(|v| {
                if base_blank[v] {
                    0
                } else {
                    point[v] as u32 + 1
                }
            })
            .collect();
        let mut blanks_at: Vec<usize> = Vec::with_capacity(base.len());
        let (mut idle, mut walks) = (0, 0);
        const MAX_IDLE: usize = 40;
        const MAX_WALKS: usize = 400;
        while table.order() != target && idle < MAX_IDLE && walks < MAX_WALKS {
            walks += 1;
            let mut cells = identity.clone();
            // Every other walk first gathers the blanks around a random
            // vertex, so that regions far from the base get exercised.
            let steps = if walks % 2 == 0 {
                let centre = rng.random_range(0..n);
                let near = graph.distances_from(centre);
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by_key(|&v| (near[v], v));
                let mut gather = vec![false; n];
                for &v in &order[..base.len()] {
                    gather[v] = true;
                }
                transport(graph, &mut cells, &gather);
                4 * base.len() + 16
            } else {
                4 * n
            };
            for _ in 0..steps {
                blanks_at.clear();
                blanks_at.extend((0..n).filter(|&v| cells[v] == 0));
                let b = blanks_at[rng.random_range(0..blanks_at.len())];
                let nb = graph.neighbors(b);
                let w = nb[rng.random_range(0..nb.len())];
                cells.swap(b, w);
            }
            transport(graph, &mut cells, &base_blank);
            // sigma maps the point of the vertex a tile started on to the
            // point of the vertex it ends on.
            let mut images = vec![0u32; tiles];
            for v in 0..n {
                if cells[v] != 0 {
                    images[cells[v] as usize - 1] = point[v] as u32;
                }
            }
            let sigma = Perm::from_images(images).expect("a relabelling is a permutation");
            if sigma.is_identity() || table.contains(&sigma) {
                idle += 1;
            } else {
                table.add_generator(sigma);
                idle = 0;
            }
        }
        if table.order() != target {
            return Ok(None);
        }
        Ok(Some(CertifiedBlankGroup {
            base_blank,
            point,
            table,
            orbits,
            graph: graph.clone(),
        }))
    }

    /// The group's order: the product of the orbits' factorials.
    pub fn order(&self) -> BigUint {
        self.table.order()
    }

    /// The orbits of the tile vertices.
    pub fn orbits(&self) -> &[Vec<usize>] {
        &self.orbits
    }

    /// Whether `goal` (blanks on the base) is reachable from `start` (same
    /// tiles): the start's blanks are transported onto the base and the
    /// remaining rearrangement must be in the group. O(n^2).
    ///
    /// # Errors
    /// [`Error::State`] if the tiles differ or the goal's blanks are not the
    /// base.
    pub fn reaches(&self, start: &Configuration, goal: &Configuration) -> Result<bool> {
        let n = self.point.len();
        if goal.len() != n
            || start.len() != n
            || (0..n).any(|v| (goal.tile_at(v) == 0) != self.base_blank[v])
        {
            return Err(Error::State(
                "the goal's blanks are not the group's base".into(),
            ));
        }
        let mut cells = start.cells().to_vec();
        if cells.iter().filter(|&&t| t == 0).count() != self.orbits_blank_count() {
            return Err(Error::State(
                "start and goal have different blank counts".into(),
            ));
        }
        transport(&self.graph, &mut cells, &self.base_blank);
        let mut vertex_of = HashMap::new();
        for (v, &t) in cells.iter().enumerate() {
            if t != 0 {
                vertex_of.insert(t, v);
            }
        }
        let mut images = Vec::with_capacity(n);
        for v in 0..n {
            let t = goal.tile_at(v);
            if t == 0 {
                continue;
            }
            let from = *vertex_of
                .get(&t)
                .ok_or_else(|| Error::State("start and goal hold different tiles".into()))?;
            images.push(self.point[from] as u32);
        }
        // tau sends the point where the transported start holds a tile to
        // the point where the goal wants it; reachable iff tau is in G_B.
        let mut tau = vec![0u32; images.len()];
        for (goal_point, &from_point) in images.iter().enumerate() {
            tau[from_point as usize] = goal_point as u32;
        }
        let tau = Perm::from_images(tau).expect("a bijection");
        Ok(self.table.contains(&tau))
    }

    /// A tile that cannot get to its goal vertex, if any: (tile, the vertex
    /// it is on once the start's blanks are moved onto the base, its goal
    /// vertex), the two vertices lying in different orbits. Since the group
    /// is the full product over the orbits, `goal` is reachable iff there
    /// is none. O(n^2).
    ///
    /// # Errors
    /// As [`Self::reaches`].
    pub fn stranded_tile(
        &self,
        start: &Configuration,
        goal: &Configuration,
    ) -> Result<Option<(u32, usize, usize)>> {
        self.reaches(start, goal)?;
        let n = self.point.len();
        let mut orbit_of = vec![usize::MAX; n];
        for (i, o) in self.orbits.iter().enumerate() {
            for &v in o {
                orbit_of[v] = i;
            }
        }
        let mut cells = start.cells().to_vec();
        transport(&self.graph, &mut cells, &self.base_blank);
        let goal_pos = goal.positions();
        Ok((0..n).find_map(|v| {
            let t = cells[v];
            let g = goal_pos[t as usize];
            (t != 0 && orbit_of[v] != orbit_of[g]).then_some((t, v, g))
        }))
    }

    fn orbits_blank_count(&self) -> usize {
        self.base_blank.iter().filter(|&&b| b).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;

    #[test]
    fn transport_puts_the_blanks_on_the_target() {
        let p = Puzzle::parse("4x3").unwrap();
        let g = p.graph();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..50 {
            let mut cells: Vec<u32> = (0..12).map(|v| if v < 4 { 0 } else { v }).collect();
            // Shuffle, then pick a random target set of 4 vertices.
            for i in (1..12).rev() {
                cells.swap(i, rng.random_range(0..=i));
            }
            let mut target = [false; 12];
            let mut placed = 0;
            while placed < 4 {
                let v = rng.random_range(0..12);
                if !target[v] {
                    target[v] = true;
                    placed += 1;
                }
            }
            let before: Vec<u32> = {
                let mut t = cells.clone();
                t.sort_unstable();
                t
            };
            transport(g, &mut cells, &target);
            for v in 0..12 {
                assert_eq!(cells[v] == 0, target[v]);
            }
            let mut after = cells.clone();
            after.sort_unstable();
            assert_eq!(before, after);
        }
    }

    #[test]
    fn orbits_on_a_path_are_single_tiles() {
        // On a path nothing passes anything: every tile is its own orbit.
        let p = Puzzle::parse("path:6").unwrap();
        let orbits = tile_orbits(p.graph(), &[0, 5]).unwrap();
        assert_eq!(orbits.len(), 4);
        assert!(orbits.iter().all(|o| o.len() == 1));
    }
}
