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
//!    symmetric groups on its orbits. Random closed walks (random moves,
//!    then `transport` of the blanks back to B; some first gather the
//!    blanks near an orbit, some are conjugates g^-1 l g of short local
//!    walks l) give elements of G_B, generating a subgroup H. Either
//!    Schreier-Sims ([`super::schreier_sims`]) finds the order of H equal
//!    to the product of the orbits' factorials, or transpositions found in
//!    H (powers of samples with one 2-cycle and otherwise odd cycles, and
//!    their conjugates by samples) join every orbit; either way H = G_B and
//!    reachability is the orbit test, exactly. Otherwise nothing is claimed
//!    (the caller falls back); the randomness can only cost a certificate,
//!    never give a wrong answer.
//!
//! Auletta, Monti, Parente and Persiano (Algorithmica 23, 1999) decide
//! trees in linear time through classes of exchangeable pebbles, and Yu
//! (arXiv 1301.2342) reduces any graph to that case in linear time; this
//! module is polynomial instead, and checked against breadth-first search
//! and the enumerated blank-set group on small connected graphs (one per
//! degree sequence and edge count up to 6 vertices, random ones on 7 and 8;
//! `tests/theory.rs`), where 412 of 431 (graph, k) cases are certified.

use std::collections::HashMap;

use num_bigint::BigUint;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::blocks::decompose;
use super::perm::Perm;
use super::schreier_sims::SimsTable;
use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Graph};

/// Moves the blanks of `cells` (0 = blank) onto exactly the vertices where
/// `target_blank` is true, by sliding tiles along a breadth-first spanning
/// tree: a leaf of the remaining tree gets what it needs from the nearest
/// vertex that has it (the vertices between hold the other kind, so the
/// slide is legal), and is then left alone. Needs a connected graph and as
/// many targets as blanks. O(n^2). Returns the number of moves made.
pub(crate) fn transport(graph: &Graph, cells: &mut [u32], target_blank: &[bool]) -> usize {
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
    let mut touched: Vec<usize> = Vec::new();
    while let Some(leaf) = leaves.pop() {
        if !remaining[leaf] {
            continue;
        }
        let want_blank = target_blank[leaf];
        if want_blank != (cells[leaf] == 0) {
            // Nearest vertex of the wanted kind in the remaining tree.
            let mut queue = std::collections::VecDeque::from([leaf]);
            for &v in &touched {
                from[v] = usize::MAX;
            }
            touched.clear();
            from[leaf] = leaf;
            touched.push(leaf);
            let mut found = usize::MAX;
            while let Some(v) = queue.pop_front() {
                if v != leaf && (cells[v] == 0) == want_blank {
                    found = v;
                    break;
                }
                for &w in &tree[v] {
                    if remaining[w] && from[w] == usize::MAX {
                        from[w] = v;
                        touched.push(w);
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

/// Most component ids (cut vertices times vertices) [`tile_orbits`]
/// stores, 2 bytes each.
pub const COMPONENT_MAX_CELLS: u64 = 100_000_000;

/// The components of G - x for every vertex x: `id(x, v)` names v's
/// component (x itself gets `u16::MAX`); vertices that are not cut
/// vertices have one component, stored implicitly.
struct Components {
    /// For cut vertices: component id of every vertex, and the sizes.
    cut: HashMap<usize, (Vec<u16>, Vec<usize>)>,
    /// The one size, n - 1, of G - x for any other x.
    whole: [usize; 1],
}

impl Components {
    fn new(graph: &Graph) -> Result<Self> {
        let n = graph.vertex_count();
        let mut cut = HashMap::new();
        let points = decompose(graph).articulation_points;
        // A component id per vertex for every cut vertex: check the cells
        // before allocating them.
        let cells = (points.len() as u64).saturating_mul(n as u64);
        if cells > COMPONENT_MAX_CELLS {
            return Err(Error::limit(Resource::Cells, cells, COMPONENT_MAX_CELLS));
        }
        for x in points {
            let mut id = vec![u16::MAX; n];
            let mut sizes = Vec::new();
            for s in 0..n {
                if s == x || id[s] != u16::MAX {
                    continue;
                }
                let c = sizes.len();
                if c >= u16::MAX as usize {
                    return Err(Error::Unsupported(format!(
                        "more than {} components around cut vertex {x}",
                        u16::MAX
                    )));
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
        Ok(Components {
            cut,
            whole: [n - 1],
        })
    }

    /// Component of `v` in G - x (0 if x is not a cut vertex).
    fn id(&self, x: usize, v: usize) -> usize {
        match self.cut.get(&x) {
            Some((id, _)) => id[v] as usize,
            None => 0,
        }
    }

    /// Sizes of the components of G - x.
    fn sizes(&self, x: usize) -> &[usize] {
        match self.cut.get(&x) {
            Some((_, sizes)) => sizes,
            None => &self.whole,
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
/// [`Error::Limit`] ([`Resource::States`]) beyond [`ORBIT_MAX_STATES`]
/// states; [`Error::Unsupported`] when a cut vertex has too many pieces.
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
    type EdgePieces = (Vec<usize>, Vec<usize>, Vec<usize>);
    let mut pieces_of: HashMap<(usize, usize), EdgePieces> = HashMap::new();
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
                // G - y's components; the remaining blanks go anywhere. The
                // pieces depend only on the edge, so they are kept.
                let (pieces, piece, room) = pieces_of.entry((x, y)).or_insert_with(|| {
                    let mut piece = vec![0usize; y_sizes.len()];
                    for v in 0..n {
                        if v != x && v != y && comps.id(x, v) == cy {
                            piece[comps.id(y, v)] += 1;
                        }
                    }
                    let pieces: Vec<usize> = (0..piece.len()).filter(|&d| piece[d] > 0).collect();
                    let mut room = vec![0usize; pieces.len() + 1];
                    for i in (0..pieces.len()).rev() {
                        room[i] = room[i + 1] + piece[pieces[i]];
                    }
                    (pieces, piece, room)
                });
                let mut splits = Vec::new();
                let complete = split(
                    (counts[cy] - 1) as usize,
                    &Pieces {
                        ids: pieces,
                        capacity: piece,
                        room,
                    },
                    &mut fixed.clone(),
                    0,
                    &mut splits,
                    (ORBIT_MAX_STATES - total).min(100_000),
                );
                if !complete {
                    return Err(Error::Unsupported(format!(
                        "more than {ORBIT_MAX_STATES} marked-tile states (a cut vertex with many pieces)"
                    )));
                }
                for next in splits {
                    let state = (y, next);
                    if !visited.contains(&state) {
                        total += 1;
                        if total > ORBIT_MAX_STATES {
                            return Err(Error::limit(
                                Resource::States,
                                total as u64,
                                ORBIT_MAX_STATES as u64,
                            ));
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

/// The pieces blanks can be split over: their component ids, the
/// capacity of each id, and the total capacity of `ids[i..]` at `room[i]`.
struct Pieces<'a> {
    ids: &'a [usize],
    capacity: &'a [usize],
    room: &'a [usize],
}

/// Every way to add `left` blanks to `counts` over `pieces.ids[i..]`, at
/// most `capacity[d]` more in piece d, pushed to `out`; false (and stopped)
/// once `out` would exceed `limit`.
fn split(
    left: usize,
    pieces: &Pieces,
    counts: &mut Vec<u16>,
    i: usize,
    out: &mut Vec<Vec<u16>>,
    limit: usize,
) -> bool {
    if i == pieces.ids.len() {
        if left == 0 {
            if out.len() >= limit {
                return false;
            }
            out.push(counts.clone());
        }
        return true;
    }
    let d = pieces.ids[i];
    let low = left.saturating_sub(pieces.room[i + 1]);
    for put in low..=left.min(pieces.capacity[d]) {
        counts[d] += put as u16;
        let ok = split(left - put, pieces, counts, i + 1, out, limit);
        counts[d] -= put as u16;
        if !ok {
            return false;
        }
    }
    true
}

/// Most tiles for the Schreier-Sims certificate (it stores n^2
/// permutations of degree n); above, transpositions certify.
pub const SIMS_MAX_TILES: usize = 256;

/// How a [`CertifiedBlankGroup`] proves that the sampled group is the
/// whole product of the symmetric groups on the orbits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certificate {
    /// Schreier-Sims on the sampled elements reaches the order of the
    /// product.
    SchreierSims,
    /// The sampled group contains transpositions joining every orbit: a
    /// sample whose cycles are one 2-cycle and odd cycles has a power that
    /// is that transposition, and conjugating a transposition (a b) by a
    /// sample g gives (g(a) g(b)). Transpositions joining an orbit generate
    /// its symmetric group. No table: O(samples x n) besides the walks.
    Transpositions,
}

/// Random closed walks at the base: each is a random walk of moves (half of
/// them after gathering the blanks around a random vertex, so that regions
/// far from the base get exercised), then [`transport`] of the blanks back
/// onto the base. Yields the tile permutation on points (images).
struct Sampler<'a> {
    graph: &'a Graph,
    base_blank: Vec<bool>,
    identity: Vec<u32>,
    point: Vec<usize>,
    blanks: usize,
    rng: ChaCha8Rng,
    walks: usize,
}

impl Sampler<'_> {
    /// The next sample, in turn: a [`Self::global`] walk, a
    /// [`Self::gathered`] one and a [`Self::local`] one, the last two around
    /// a random vertex of `centres` (of all vertices if empty).
    fn next(&mut self, centres: &[usize]) -> Vec<u32> {
        self.walks += 1;
        let n = self.identity.len();
        let centre = if centres.is_empty() {
            self.rng.random_range(0..n)
        } else {
            centres[self.rng.random_range(0..centres.len())]
        };
        match self.walks % 3 {
            0 => self.global(),
            1 => self.gathered(centre),
            _ => self.local(centre),
        }
    }

    /// The blank set of the `blanks` vertices nearest to `centre`.
    fn gather_set(&self, centre: usize) -> Vec<bool> {
        let n = self.identity.len();
        let near = self.graph.distances_from(centre);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (near[v], v));
        let mut gather = vec![false; n];
        for &v in &order[..self.blanks] {
            gather[v] = true;
        }
        gather
    }

    /// The blanks gathered around `centre`, a short walk there, then the
    /// blanks back onto the base.
    fn gathered(&mut self, centre: usize) -> Vec<u32> {
        let mut cells = self.identity.clone();
        let gather = self.gather_set(centre);
        transport(self.graph, &mut cells, &gather);
        self.walk(&mut cells, 4 * self.blanks + 16);
        transport(self.graph, &mut cells, &self.base_blank);
        self.images(&cells)
    }

    /// images[point where a tile started] = point where it ends in `cells`
    /// (blanks on the base).
    fn images(&self, cells: &[u32]) -> Vec<u32> {
        let mut images = vec![0u32; cells.len() - self.blanks];
        for (v, &t) in cells.iter().enumerate() {
            if t != 0 {
                images[t as usize - 1] = self.point[v] as u32;
            }
        }
        images
    }

    /// Random moves on `cells`, one random blank at a time.
    fn walk(&mut self, cells: &mut [u32], steps: usize) {
        let n = cells.len();
        let mut blanks_at: Vec<usize> = (0..n).filter(|&v| cells[v] == 0).collect();
        for _ in 0..steps {
            let i = self.rng.random_range(0..blanks_at.len());
            let b = blanks_at[i];
            let nb = self.graph.neighbors(b);
            let w = nb[self.rng.random_range(0..nb.len())];
            if cells[w] != 0 {
                cells.swap(b, w);
                blanks_at[i] = w;
            }
        }
    }

    /// A walk of 4n moves from the base, then the blanks back onto it.
    fn global(&mut self) -> Vec<u32> {
        let n = self.identity.len();
        let mut cells = self.identity.clone();
        self.walk(&mut cells, 4 * n);
        transport(self.graph, &mut cells, &self.base_blank);
        self.images(&cells)
    }

    /// A conjugate g^-1 l g of a short closed walk l: g gathers the blanks
    /// around a random vertex, l walks there and brings the blanks back to
    /// the gathered set, g^-1 undoes the gathering. Only tiles near that
    /// vertex move, so such samples often have a power that is a single
    /// transposition.
    fn local(&mut self, centre: usize) -> Vec<u32> {
        let n = self.identity.len();
        let gather = self.gather_set(centre);
        let mut cells = self.identity.clone();
        transport(self.graph, &mut cells, &gather);
        let gathered = cells.clone();
        // Short walks give sparse permutations, long ones mix: any length.
        let steps = self.rng.random_range(1..=64 * self.blanks + 256);
        self.walk(&mut cells, steps);
        transport(self.graph, &mut cells, &gather);
        // Tile t now stands where tile u stood after gathering; undoing the
        // gathering takes it to u's starting point.
        let mut images = vec![0u32; n - self.blanks];
        for v in 0..n {
            if cells[v] != 0 {
                images[cells[v] as usize - 1] = gathered[v] - 1;
            }
        }
        images
    }
}

/// The group G_B of a connected graph, generated by random closed walks and
/// certified equal to the product of the symmetric groups on its orbits
/// (module docs, point 2). Once certified, reachability is the orbit test:
/// every tile's goal vertex in its own orbit.
pub struct CertifiedBlankGroup {
    base_blank: Vec<bool>,
    orbits: Vec<Vec<usize>>,
    orbit_of: Vec<usize>,
    certificate: Certificate,
    graph: Graph,
}

impl CertifiedBlankGroup {
    /// Tries to build and certify the group for blank set `base` on a
    /// connected `graph`, with Schreier-Sims up to [`SIMS_MAX_TILES`]
    /// tiles, then with transpositions; `Ok(None)` when the samples do not
    /// reach the product of the orbits' symmetric groups (then G_B may be
    /// smaller, and nothing is claimed). `seed` fixes the random walks.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a disconnected graph or no blanks;
    /// [`Error::Limit`] ([`Resource::Tiles`]) for the Schreier-Sims
    /// certificate beyond [`SIMS_MAX_TILES`] tiles; or as [`tile_orbits`].
    pub fn new(graph: &Graph, base: &[usize], seed: u64) -> Result<Option<Self>> {
        let tiles = graph.vertex_count().saturating_sub(base.len());
        if tiles <= SIMS_MAX_TILES
            && let Some(group) =
                Self::with_certificate(graph, base, seed, Certificate::SchreierSims)?
        {
            return Ok(Some(group));
        }
        Self::with_certificate(graph, base, seed, Certificate::Transpositions)
    }

    /// As [`Self::new`] with the given kind of certificate. Time: the
    /// orbits, plus up to 600 (Schreier-Sims) or 20,000 (transpositions)
    /// random walks, each ending with an O(n^2) transport.
    ///
    /// # Errors
    /// As [`Self::new`].
    pub fn with_certificate(
        graph: &Graph,
        base: &[usize],
        seed: u64,
        certificate: Certificate,
    ) -> Result<Option<Self>> {
        let n = graph.vertex_count();
        if graph.components().1 != 1 || base.is_empty() || base.len() >= n {
            return Err(Error::Unsupported(
                "the certified blank group needs a connected graph, a blank and a tile".into(),
            ));
        }
        let tiles = n - base.len();
        if certificate == Certificate::SchreierSims && tiles > SIMS_MAX_TILES {
            return Err(Error::limit(
                Resource::Tiles,
                tiles as u64,
                SIMS_MAX_TILES as u64,
            ));
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
        let mut orbit_of = vec![usize::MAX; n];
        for (i, o) in orbits.iter().enumerate() {
            for &v in o {
                orbit_of[v] = i;
            }
        }
        let identity: Vec<u32> = (0..n)
            .map(|v| {
                if base_blank[v] {
                    0
                } else {
                    point[v] as u32 + 1
                }
            })
            .collect();
        let mut sampler = Sampler {
            graph,
            base_blank: base_blank.clone(),
            identity,
            point,
            blanks: base.len(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            walks: 0,
        };
        let certified = match certificate {
            Certificate::SchreierSims => {
                let fact = crate::primitives::counting::factorial;
                let target: BigUint = orbits.iter().map(|o| fact(o.len())).product();
                let mut table = SimsTable::new(tiles, &[]);
                let mut idle = 0;
                // Local samples around the tiles that can move at all.
                let centres: Vec<usize> = orbits
                    .iter()
                    .filter(|o| o.len() > 1)
                    .flatten()
                    .copied()
                    .collect();
                while table.order() != target && idle < 60 && sampler.walks < 600 {
                    let sigma = Perm::from_images(sampler.next(&centres))
                        .expect("a relabelling is a permutation");
                    if sigma.is_identity() || table.contains(&sigma) {
                        idle += 1;
                    } else {
                        table.add_generator(sigma);
                        idle = 0;
                    }
                }
                table.order() == target
            }
            Certificate::Transpositions => {
                // Union-find over points; transpositions only join points
                // of one orbit, so the orbits are all joined exactly when
                // the number of sets equals the number of orbits.
                let mut parent: Vec<usize> = (0..tiles).collect();
                fn find(parent: &mut [usize], mut a: usize) -> usize {
                    while parent[a] != a {
                        parent[a] = parent[parent[a]];
                        a = parent[a];
                    }
                    a
                }
                let mut sets = tiles;
                // A few known transpositions per orbit (by point), to
                // conjugate by every sample.
                let mut orbit_of_point = vec![0usize; tiles];
                for (v, &pt) in sampler.point.iter().enumerate() {
                    if pt != usize::MAX {
                        orbit_of_point[pt] = orbit_of[v];
                    }
                }
                // Every transposition that joined two sets is kept (at most
                // one fewer than the orbit's size), so each sample yields
                // that many conjugates.
                let mut known: Vec<Vec<(usize, usize)>> = vec![Vec::new(); orbits.len()];
                let mut idle = 0;
                fn join(parent: &mut [usize], a: usize, b: usize, sets: &mut usize) -> bool {
                    let (ra, rb) = (find(parent, a), find(parent, b));
                    if ra != rb {
                        parent[ra] = rb;
                        *sets -= 1;
                    }
                    ra != rb
                }
                // Local samples go where orbits are still split.
                let mut centres: Vec<usize> = Vec::new();
                while sets > orbits.len() && idle < 1000 && sampler.walks < 20_000 {
                    if sampler.walks.is_multiple_of(64) {
                        centres.clear();
                        for o in &orbits {
                            let root = find(&mut parent, sampler.point[o[0]]);
                            if o.iter()
                                .any(|&v| find(&mut parent, sampler.point[v]) != root)
                            {
                                centres.extend_from_slice(o);
                            }
                        }
                    }
                    let g = sampler.next(&centres);
                    let before = sets;
                    if let Some((a, b)) = lone_transposition(&g)
                        && join(&mut parent, a, b, &mut sets)
                    {
                        known[orbit_of_point[a]].push((a, b));
                    }
                    for list in known.iter_mut() {
                        for i in 0..list.len() {
                            let (a, b) = list[i];
                            let (ga, gb) = (g[a] as usize, g[b] as usize);
                            if join(&mut parent, ga, gb, &mut sets) {
                                list.push((ga, gb));
                            }
                        }
                    }
                    idle = if sets < before { 0 } else { idle + 1 };
                }
                sets == orbits.len()
            }
        };
        Ok(certified.then(|| CertifiedBlankGroup {
            base_blank,
            orbits,
            orbit_of,
            certificate,
            graph: graph.clone(),
        }))
    }

    /// The group's order: the product of the orbits' factorials.
    pub fn order(&self) -> BigUint {
        self.orbits
            .iter()
            .map(|o| crate::primitives::counting::factorial(o.len()))
            .product()
    }

    /// The orbits of the tile vertices.
    pub(crate) fn orbits(&self) -> &[Vec<usize>] {
        &self.orbits
    }

    /// How the group was certified.
    pub fn certificate(&self) -> Certificate {
        self.certificate
    }

    /// Whether `goal` (blanks on the base) is reachable from `start` (same
    /// tiles). O(n^2).
    ///
    /// # Errors
    /// As `Self::stranded_tile`.
    pub fn reaches(&self, start: &Configuration, goal: &Configuration) -> Result<bool> {
        Ok(self.stranded_tile(start, goal)?.is_none())
    }

    /// A tile that cannot get to its goal vertex, if any: (tile, the vertex
    /// it is on once the start's blanks are moved onto the base, its goal
    /// vertex), the two vertices lying in different orbits. Since the group
    /// is the full product over the orbits, `goal` is reachable iff there
    /// is none. O(n^2).
    ///
    /// # Errors
    /// [`Error::Configuration`] if the goal's blanks are not the base or the tiles
    /// differ.
    pub(crate) fn stranded_tile(
        &self,
        start: &Configuration,
        goal: &Configuration,
    ) -> Result<Option<(u32, usize, usize)>> {
        let n = self.base_blank.len();
        if goal.len() != n
            || start.len() != n
            || (0..n).any(|v| (goal.tile_at(v) == 0) != self.base_blank[v])
        {
            return Err(Error::config("the goal's blanks are not the group's base"));
        }
        let (mut a, mut b) = (start.cells().to_vec(), goal.cells().to_vec());
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return Err(Error::config(
                "start and goal hold different tiles or blank counts",
            ));
        }
        let mut cells = start.cells().to_vec();
        transport(&self.graph, &mut cells, &self.base_blank);
        let goal_pos = goal.positions();
        Ok((0..n).find_map(|v| {
            let t = cells[v];
            let g = goal_pos[t as usize];
            (t != 0 && self.orbit_of[v] != self.orbit_of[g]).then_some((t, v, g))
        }))
    }
}

/// The transposition a power of `g` equals, if `g`'s cycles are one
/// 2-cycle and otherwise odd (raising g to the least common multiple of
/// the odd lengths leaves exactly that 2-cycle).
fn lone_transposition(g: &[u32]) -> Option<(usize, usize)> {
    let mut seen = vec![false; g.len()];
    let mut pair = None;
    for s in 0..g.len() {
        if seen[s] {
            continue;
        }
        let mut len = 0;
        let mut x = s;
        while !seen[x] {
            seen[x] = true;
            x = g[x] as usize;
            len += 1;
        }
        if len % 2 == 0 {
            if len != 2 || pair.is_some() {
                return None;
            }
            pair = Some((s, g[s] as usize));
        }
    }
    pair
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
