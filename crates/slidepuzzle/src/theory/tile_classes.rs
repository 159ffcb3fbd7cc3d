//! Several blanks, decided deterministically: the classes of the
//! marked-tile states (docs/THEORY.md section 4.3).
//!
//! Let G be a connected graph with n vertices and k >= 2 blanks. Follow one
//! tile, the *marked* tile, and forget the other tiles' labels. Unlabelled
//! tokens reach every placement of the same size on a connected graph, so
//! while the marked tile sits on x the tokens inside each component of
//! G - x can be arranged in any way and nothing crosses x: the marked
//! tile's *state* is x with the number of blanks in each component of
//! G - x ([`super::blank_orbits`], point 1). Two configurations s, g are
//! connected iff every tile's state in s and its state in g lie in one
//! class (connected component) of the marked-tile state graph: necessary
//! since each tile's state follows the moves; sufficient because then,
//! after the blanks of s are carried onto g's blank set B, every tile sits
//! in the orbit of its goal vertex under the group G_B of arrangements
//! reachable with the blanks on B, and with k >= 2 on a graph that is not
//! a cycle G_B is the direct product of the symmetric groups on its
//! orbits (Kornhauser, Miller and Spirakis, FOCS 1984). Checked against
//! breadth-first search (`tests/tile_classes.rs`): every configuration of
//! all 4,775 (graph, k) cases of the connected graphs up to 7 vertices
//! that are not cycles, the reachable counts included, and 2,000 random
//! graphs of 8 to 12 vertices (trees, hallways, cycles with pendant paths,
//! two cycles joined by a path, stars, sparse graphs). Cycles are the exception (tiles only rotate)
//! and k = 1 is Wilson's theorem; callers handle both.
//!
//! The state graph is too large to build, but its classes follow from a
//! few *nodes* per vertex x, by the number r of components of G - x:
//! - r = 1 (x is not a cut vertex): one state, one node.
//! - r = 2: a state is the count a in the first component; one node per
//!   feasible a.
//! - r >= 3: every state with blanks in two or more components lies in one
//!   class (two such states are joined by moving single blanks between
//!   components, each step keeping a third count fixed: stepping into that
//!   component and back re-splits the others), the *hub*; each state with
//!   all k blanks in one component is a node of its own.
//!
//! A move of the marked tile from x to a neighbour y in component C of
//! G - x (holding a >= 1 blanks, |C| vertices) leaves one blank on x and
//! lets the other a - 1 blanks of C be placed anywhere in C first: y's
//! component D of G - x's side gets a' = k - a + 1 + e blanks, where e of
//! them come from the beta = |C| + |D| - n vertices of C that stay on x's
//! side of y, e in [max(0, a - |C| + beta), min(a - 1, beta)]. Every such
//! a' is reached, so the node of (x, a) is joined to the nodes of y's
//! states with a' in that range (a hub's counts give one contiguous range).
//!
//! Size: one node per non-cut vertex, r + 1 per vertex with r >= 3 pieces,
//! and at most k + 1 per cut vertex with two pieces; time proportional to
//! V + E plus the nodes (union-find with path halving; runs of consecutive
//! nodes joined once each). Linear in V + E for a fixed k; O(k V) at worst
//! (a long hallway of two-piece cut vertices). Yu (arXiv 1301.2342) and
//! Goraly and Hassin (Algorithmica 2010, through Auletta, Monti, Parente
//! and Persiano's tree algorithm) decide in O(V + E) for any k; this
//! module is our own derivation, checked against breadth-first search.

use num_bigint::BigUint;

use crate::error::{Error, Resource, Result};
use crate::model::{Configuration, Graph};

/// The root of `x` in a forest of links (a node is a root when it links to
/// itself), halving the path on the way.
fn root_halving(links: &mut [u32], mut x: u32) -> u32 {
    while links[x as usize] != x {
        let up = links[links[x as usize] as usize];
        links[x as usize] = up;
        x = up;
    }
    x
}

/// How a vertex's states are represented (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// Not a cut vertex: one state, one node.
    One,
    /// Two pieces: one node per count (shared along chains).
    Two,
    /// Two pieces, each with a neighbour that is not a cut vertex: every
    /// state moves to one of them and the states with blanks on both sides
    /// move to both, so all states are one class, one node.
    Merged,
    /// Three or more pieces: the hub and one node per piece.
    Many,
}

/// Most nodes [`TileClasses::new`] builds (about 9 bytes each).
pub const TILE_CLASS_MAX_NODES: usize = 60_000_000;

/// The classes of the marked-tile states of a connected graph with a
/// fixed number k >= 2 of blanks (see the module docs). Built once per
/// (graph, k); then [`TileClasses::stranded_tile`] decides a pair of
/// configurations in O(V + E). Vertices are numbered as in the graph;
/// configurations give the tile on each vertex, 0 for a blank.
///
/// ```
/// use slidepuzzle::model::{Configuration, Puzzle};
/// use slidepuzzle::theory::tile_classes::TileClasses;
/// // Two bushes (leaves 4, 5 at vertex 0; 6, 7 at vertex 3) joined by the
/// // hallway 0-1-2-3, with 2 blanks: tiles never cross the hallway.
/// let p = Puzzle::parse("edges:0-1,1-2,2-3,0-4,0-5,3-6,3-7").unwrap();
/// let mut classes = TileClasses::new(p.graph(), 2).unwrap();
/// let goal = Configuration::natural_with_blanks(8, 2);
/// let swap_leaves = Configuration::from_cells(vec![1, 2, 3, 4, 6, 5, 0, 0], 2).unwrap();
/// assert_eq!(classes.stranded_tile(&swap_leaves, &goal).unwrap(), None);
/// let across = Configuration::from_cells(vec![6, 2, 3, 4, 5, 1, 0, 0], 2).unwrap();
/// // Tile 1 (on vertex 5) cannot reach its goal vertex 0.
/// assert_eq!(classes.stranded_tile(&across, &goal).unwrap(), Some((1, 5, 0)));
/// // The group at the goal's blanks: orbits of 2, 2 and single tiles.
/// assert_eq!(classes.orbit_sizes(&goal).unwrap(), vec![2, 2, 1, 1]);
/// assert_eq!(classes.group_order(&goal).unwrap(), 4u32.into());
/// ```
pub struct TileClasses {
    n: usize,
    k: usize,
    /// Depth-first preorder index of each vertex, and subtree sizes.
    pre: Vec<u32>,
    size: Vec<u32>,
    /// Vertex at each preorder index.
    order: Vec<u32>,
    /// Children w of v whose subtree is a component of G - v ("separated"),
    /// in preorder: `sep[sep_start[v]..sep_start[v + 1]]`.
    sep_start: Vec<u32>,
    sep: Vec<u32>,
    /// Size of the component of G - v holding v's parent and the children
    /// that are not separated (0 if there is none).
    rest: Vec<u32>,
    /// First node of each vertex. A two-piece vertex's nodes stand for the
    /// counts `lowest[v]..` of blanks in its component `ahead[v]` (0 or 1),
    /// and `chain_next[v]` is the next vertex of its chain (or u32::MAX).
    first_node: Vec<u32>,
    shape: Vec<Shape>,
    lowest: Vec<u32>,
    ahead: Vec<u8>,
    chain_next: Vec<u32>,
    /// Depth-first parent, and whether the edge to it is a bridge.
    dfs_parent: Vec<u32>,
    bridge_up: Vec<bool>,
    /// Union-find over nodes.
    parent: Vec<u32>,
    /// For runs of consecutive nodes: the next node whose link to its
    /// successor has not been made yet.
    next_open: Vec<u32>,
}

impl TileClasses {
    /// Builds the classes for `graph` (connected) with `k` blanks,
    /// 2 <= k < n.
    ///
    /// # Errors
    /// [`Error::Unsupported`] if the graph is not connected or k is out of
    /// range; [`Error::Limit`] ([`Resource::States`]) beyond
    /// [`TILE_CLASS_MAX_NODES`] nodes.
    pub fn new(graph: &Graph, k: usize) -> Result<Self> {
        let n = graph.vertex_count();
        if k < 2 || k >= n {
            return Err(Error::Unsupported(format!(
                "tile classes need 2 <= blanks < vertices (here {k} blanks, {n} vertices)"
            )));
        }
        if n > u32::MAX as usize / 2 {
            return Err(Error::limit(
                Resource::Vertices,
                n as u64,
                (u32::MAX / 2) as u64,
            ));
        }
        let mut me = TileClasses {
            n,
            k,
            pre: vec![u32::MAX; n],
            size: vec![1; n],
            order: Vec::with_capacity(n),
            sep_start: vec![0; n + 1],
            sep: Vec::new(),
            rest: vec![0; n],
            first_node: vec![0; n + 1],
            shape: vec![Shape::One; n],
            lowest: vec![0; n],
            ahead: vec![0; n],
            chain_next: vec![u32::MAX; n],
            dfs_parent: vec![u32::MAX; n],
            bridge_up: vec![false; n],
            parent: Vec::new(),
            next_open: Vec::new(),
        };
        me.depth_first(graph)?;
        me.shapes(graph);
        me.lay_out_nodes()?;
        me.join_moves(graph);
        Ok(me)
    }

    /// Iterative depth-first search from vertex 0: preorder, subtree
    /// sizes, low points, and for every vertex its separated children and
    /// the size of the rest.
    fn depth_first(&mut self, graph: &Graph) -> Result<()> {
        let n = self.n;
        let mut low = vec![0u32; n];
        let mut dfs_parent = vec![u32::MAX; n];
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        // (vertex, next neighbour index)
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        self.pre[0] = 0;
        low[0] = 0;
        self.order.push(0);
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            let nb = graph.neighbors(v);
            if *i < nb.len() {
                let w = nb[*i];
                *i += 1;
                if self.pre[w] == u32::MAX {
                    self.pre[w] = self.order.len() as u32;
                    low[w] = self.pre[w];
                    self.order.push(w as u32);
                    dfs_parent[w] = v as u32;
                    children[v].push(w as u32);
                    stack.push((w, 0));
                } else if w as u32 != dfs_parent[v] {
                    low[v] = low[v].min(self.pre[w]);
                }
            } else {
                stack.pop();
                if let Some(&(u, _)) = stack.last() {
                    low[u] = low[u].min(low[v]);
                    self.size[u] += self.size[v];
                }
            }
        }
        if self.order.len() != n {
            return Err(Error::Unsupported(
                "tile classes need a connected graph".into(),
            ));
        }
        for w in 1..n {
            let p = dfs_parent[w];
            if p != u32::MAX {
                self.bridge_up[w] = low[w] > self.pre[p as usize];
            }
        }
        self.dfs_parent = dfs_parent;
        for (v, kids) in children.iter().enumerate() {
            self.sep_start[v] = self.sep.len() as u32;
            let mut separated = 0u32;
            for &w in kids {
                if v == 0 || low[w as usize] >= self.pre[v] {
                    self.sep.push(w);
                    separated += self.size[w as usize];
                }
            }
            self.rest[v] = (n as u32 - 1) - separated;
        }
        self.sep_start[n] = self.sep.len() as u32;
        Ok(())
    }

    fn shapes(&mut self, graph: &Graph) {
        for v in 0..self.n {
            self.shape[v] = match self.pieces(v) {
                1 => Shape::One,
                2 => {
                    let mut free = [false; 2];
                    for &w in graph.neighbors(v) {
                        if self.pieces(w) == 1 {
                            free[self.piece_of(v, w)] = true;
                        }
                    }
                    if free == [true, true] {
                        Shape::Merged
                    } else {
                        Shape::Two
                    }
                }
                _ => Shape::Many,
            };
        }
    }

    /// Separated children of `v`.
    fn separated(&self, v: usize) -> &[u32] {
        &self.sep[self.sep_start[v] as usize..self.sep_start[v + 1] as usize]
    }

    /// Number of components of G - v.
    fn pieces(&self, v: usize) -> usize {
        self.separated(v).len() + usize::from(self.rest[v] > 0)
    }

    /// Size of component `i` of G - v (separated children first, the rest
    /// last).
    fn piece_size(&self, v: usize, i: usize) -> usize {
        match self.separated(v).get(i) {
            Some(&w) => self.size[w as usize] as usize,
            None => self.rest[v] as usize,
        }
    }

    /// The component of G - v holding its neighbour `w`.
    fn piece_of(&self, v: usize, w: usize) -> usize {
        let sep = self.separated(v);
        let (pv, pw) = (self.pre[v], self.pre[w]);
        if pw > pv && pw < pv + self.size[v] {
            // A descendant: inside the child whose preorder range holds it.
            let i = sep.partition_point(|&c| self.pre[c as usize] <= pw);
            if i > 0 {
                let c = sep[i - 1] as usize;
                if pw < self.pre[c] + self.size[c] {
                    return i - 1;
                }
            }
        }
        sep.len()
    }

    /// Counts of blanks in component `ahead[v]` that a two-piece vertex's
    /// states have: `lowest..=highest`.
    fn two_piece_range(&self, v: usize) -> (usize, usize) {
        let a = self.ahead[v] as usize;
        let (c, other) = (self.piece_size(v, a), self.piece_size(v, 1 - a));
        (self.k.saturating_sub(other), self.k.min(c))
    }

    /// The count in component `ahead[v]` of a two-piece vertex's state
    /// with `a` blanks in component `piece`.
    fn ahead_count(&self, v: usize, piece: usize, a: usize) -> usize {
        if piece == self.ahead[v] as usize {
            a
        } else {
            self.k - a
        }
    }

    /// Two-piece vertices joined by bridges form paths, *chains*: along one,
    /// a move x_i -> x_(i+1) turns a blanks ahead into a - 1 (beta = 0), so
    /// the state (x_i, a) is the node of *lane* a + i, shared by the whole
    /// chain (k + L nodes for a chain of L vertices instead of about k L).
    /// Sets `ahead`, `chain_next`, and returns the chains.
    fn chains(&mut self) -> Vec<Vec<u32>> {
        let n = self.n;
        let two = |me: &Self, v: usize| me.shape[v] == Shape::Two;
        let mut links: Vec<[u32; 2]> = vec![[u32::MAX; 2]; n];
        let add = |links: &mut Vec<[u32; 2]>, a: usize, b: u32| {
            let slot = if links[a][0] == u32::MAX { 0 } else { 1 };
            links[a][slot] = b;
        };
        for w in 1..n {
            let p = self.dfs_parent[w] as usize;
            if self.bridge_up[w] && two(self, w) && two(self, p) {
                add(&mut links, w, p as u32);
                add(&mut links, p, w as u32);
            }
        }
        let mut seen = vec![false; n];
        let mut chains = Vec::new();
        for v in 0..n {
            if !two(self, v) || seen[v] || links[v][1] != u32::MAX {
                continue;
            }
            // v is an end (at most one link): walk to the other end.
            let mut chain = vec![v as u32];
            seen[v] = true;
            let (mut from, mut at) = (v as u32, links[v][0]);
            while at != u32::MAX && !seen[at as usize] {
                seen[at as usize] = true;
                chain.push(at);
                let l = links[at as usize];
                let next = if l[0] == from { l[1] } else { l[0] };
                from = at;
                at = next;
            }
            chains.push(chain);
        }
        for chain in &chains {
            for i in 0..chain.len() {
                let x = chain[i] as usize;
                self.ahead[x] = if i + 1 < chain.len() {
                    self.chain_next[x] = chain[i + 1];
                    self.piece_of(x, chain[i + 1] as usize) as u8
                } else if i > 0 {
                    1 - self.piece_of(x, chain[i - 1] as usize) as u8
                } else {
                    0
                };
            }
        }
        chains
    }

    fn lay_out_nodes(&mut self) -> Result<()> {
        let over = |total: usize| {
            Error::limit(Resource::States, total as u64, TILE_CLASS_MAX_NODES as u64)
        };
        let mut total: usize = 0;
        for v in 0..self.n {
            let count = match self.shape[v] {
                Shape::One | Shape::Merged => 1,
                Shape::Two => 0,
                Shape::Many => self.pieces(v) + 1,
            };
            self.first_node[v] = total as u32;
            total += count;
            if total > TILE_CLASS_MAX_NODES {
                return Err(over(total));
            }
        }
        for chain in self.chains() {
            // Lane of (x_i, a) is a + i; lanes lowest..=highest.
            let ranges: Vec<(usize, usize)> = chain
                .iter()
                .map(|&x| self.two_piece_range(x as usize))
                .collect();
            let offset = (0..chain.len()).map(|i| ranges[i].0 + i).min().unwrap_or(0);
            let top = (0..chain.len()).map(|i| ranges[i].1 + i).max().unwrap_or(0);
            for (i, &x) in chain.iter().enumerate() {
                let x = x as usize;
                self.lowest[x] = ranges[i].0 as u32;
                self.first_node[x] = (total + ranges[i].0 + i - offset) as u32;
            }
            total = total.saturating_add(top + 1 - offset);
            if total > TILE_CLASS_MAX_NODES {
                return Err(over(total));
            }
        }
        self.first_node[self.n] = total as u32;
        self.parent = (0..total as u32).collect();
        self.next_open = (0..total as u32).collect();
        Ok(())
    }

    fn find(&mut self, x: u32) -> u32 {
        root_halving(&mut self.parent, x)
    }

    fn union(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // Smaller index as root keeps the trees shallow enough with
            // path halving.
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi as usize] = lo;
        }
    }

    fn open_from(&mut self, x: u32) -> u32 {
        root_halving(&mut self.next_open, x)
    }

    /// Joins the nodes `from..=to` (consecutive, one vertex's).
    fn join_run(&mut self, from: u32, to: u32) {
        let mut x = self.open_from(from);
        while x < to {
            self.union(x, x + 1);
            self.next_open[x as usize] = x + 1;
            x = self.open_from(x + 1);
        }
    }

    /// Joins `node` with the nodes of `y`'s states that have a count in
    /// `lo..=hi` in component `j` of G - y.
    fn join_targets(&mut self, node: u32, y: usize, j: usize, lo: usize, hi: usize) {
        let k = self.k;
        let base = self.first_node[y];
        match self.shape[y] {
            Shape::One | Shape::Merged => self.union(node, base),
            Shape::Two => {
                let (slo, shi) = self.two_piece_range(y);
                // Counts of the component ahead.
                let (a, b) = if j == self.ahead[y] as usize {
                    (lo, hi)
                } else {
                    (k - hi, k - lo)
                };
                let (a, b) = (a.max(slo), b.min(shi));
                if a > b {
                    return;
                }
                let first = base + (a - slo) as u32;
                self.union(node, first);
                self.join_run(first, base + (b - slo) as u32);
            }
            Shape::Many => {
                if lo < k {
                    self.union(node, base);
                }
                if hi == k {
                    self.union(node, base + 1 + j as u32);
                }
            }
        }
    }

    /// The range of counts a' in y's component D after a move from a state
    /// with `a` blanks in x's component C (module docs).
    fn arrivals(&self, a: usize, c: usize, beta: usize) -> (usize, usize) {
        let low_extra = (a + beta).saturating_sub(c);
        let high_extra = (a - 1).min(beta);
        (self.k - a + 1 + low_extra, self.k - a + 1 + high_extra)
    }

    /// Joins `node`, standing for every state with a count a in C from the
    /// least the rest allows (at least 1) up to `amax`, to the arrivals of
    /// all of them: one contiguous range (module docs).
    fn join_counts(&mut self, node: u32, amax: usize, c: usize, beta: usize, y: usize, j: usize) {
        let amin = 1.max(self.k.saturating_sub(self.n - 1 - c));
        if amin <= amax {
            let lo = self.arrivals(amax, c, beta).0;
            let hi = self.arrivals(amin, c, beta).1;
            self.join_targets(node, y, j, lo, hi);
        }
    }

    fn join_moves(&mut self, graph: &Graph) {
        let (n, k) = (self.n, self.k);
        for x in 0..n {
            let base = self.first_node[x];
            let shape = self.shape[x];
            for &y in graph.neighbors(x) {
                if y < x || self.chain_next[x] == y as u32 || self.chain_next[y] == x as u32 {
                    // Each undirected edge once (the moves y -> x are the
                    // reverses of the moves x -> y); moves along a chain
                    // stay on their lane.
                    continue;
                }
                let i = self.piece_of(x, y);
                let j = self.piece_of(y, x);
                let c = self.piece_size(x, i);
                let d = self.piece_size(y, j);
                let beta = c + d - n;
                match shape {
                    Shape::One | Shape::Merged => {
                        // Every count a in C (a = k only, off cut
                        // vertices).
                        self.join_counts(base, k.min(c), c, beta, y, j);
                    }
                    Shape::Two => {
                        let (slo, shi) = self.two_piece_range(x);
                        for s in slo..=shi {
                            let a = self.ahead_count(x, i, s);
                            if a == 0 {
                                continue;
                            }
                            let (lo, hi) = self.arrivals(a, c, beta);
                            self.join_targets(base + (s - slo) as u32, y, j, lo, hi);
                        }
                    }
                    Shape::Many => {
                        // The hub: counts a in C with the rest outside.
                        self.join_counts(base, (k - 1).min(c), c, beta, y, j);
                        if c >= k {
                            let (lo, hi) = self.arrivals(k, c, beta);
                            self.join_targets(base + 1 + i as u32, y, j, lo, hi);
                        }
                    }
                }
            }
        }
    }

    /// The node of the state of the tile on `x` in the configuration whose
    /// blank counts by preorder prefix are `prefix`.
    fn node_of(&self, x: usize, prefix: &[u32]) -> u32 {
        let base = self.first_node[x];
        let sep = self.separated(x);
        let in_child = |w: u32| {
            let w = w as usize;
            let p = self.pre[w] as usize;
            (prefix[p + self.size[w] as usize] - prefix[p]) as usize
        };
        match self.shape[x] {
            Shape::One | Shape::Merged => base,
            Shape::Two => {
                let a = self.ahead_count(x, 0, in_child(sep[0]));
                base + (a - self.lowest[x] as usize) as u32
            }
            Shape::Many => {
                let mut outside = self.k;
                for (i, &w) in sep.iter().enumerate() {
                    let a = in_child(w);
                    if a == self.k {
                        return base + 1 + i as u32;
                    }
                    outside -= a;
                }
                if outside == self.k {
                    return base + 1 + sep.len() as u32;
                }
                base
            }
        }
    }

    /// Blank counts of `cells` by preorder prefix: entry i counts the
    /// blanks among the first i vertices in preorder.
    fn prefix(&self, cells: &[u32]) -> Vec<u32> {
        let mut prefix = Vec::with_capacity(self.n + 1);
        prefix.push(0u32);
        let mut total = 0;
        for &v in &self.order {
            total += u32::from(cells[v as usize] == 0);
            prefix.push(total);
        }
        prefix
    }

    /// The class of every vertex's tile in `config` (`u32::MAX` on
    /// blanks): equal classes mean the two tiles can trade places.
    ///
    /// # Errors
    /// [`Error::Configuration`] if `config` does not have n cells and k
    /// blanks.
    pub(crate) fn classes(&mut self, config: &Configuration) -> Result<Vec<u32>> {
        self.classes_of_cells(config.cells())
    }

    /// [`TileClasses::classes`] for any cells (0 = blank, anything else a
    /// tile): the classes of the tile vertices depend only on where the
    /// blanks are.
    ///
    /// # Errors
    /// [`Error::Configuration`] unless there are n cells, k of them 0.
    pub(crate) fn classes_of_cells(&mut self, cells: &[u32]) -> Result<Vec<u32>> {
        if cells.len() != self.n || cells.iter().filter(|&&t| t == 0).count() != self.k {
            return Err(Error::config(format!(
                "expected {} cells with {} blanks",
                self.n, self.k
            )));
        }
        let prefix = self.prefix(cells);
        let mut out = vec![u32::MAX; self.n];
        for x in 0..self.n {
            if cells[x] != 0 {
                let node = self.node_of(x, &prefix);
                out[x] = self.find(node);
            }
        }
        Ok(out)
    }

    /// Whether `goal` is reachable from `start` (same tiles, k blanks
    /// each): every tile's class in `start` equals its class in `goal`.
    /// O(V). On failure, the first tile (by number) whose classes differ,
    /// with its vertices in `start` and `goal`.
    ///
    /// # Errors
    /// As `TileClasses::classes`.
    pub fn stranded_tile(
        &mut self,
        start: &Configuration,
        goal: &Configuration,
    ) -> Result<Option<(u32, usize, usize)>> {
        let a = self.classes(start)?;
        let b = self.classes(goal)?;
        Self::stranded_between(start, goal, &a, &b)
    }

    /// [`TileClasses::stranded_tile`] from the two sides' classes (from
    /// [`TileClasses::classes`]), so a caller that also needs the goal's
    /// orbits computes its classes once.
    ///
    /// # Errors
    /// [`Error::Configuration`] if a tile of `start` is not in `goal`.
    pub(crate) fn stranded_between(
        start: &Configuration,
        goal: &Configuration,
        a: &[u32],
        b: &[u32],
    ) -> Result<Option<(u32, usize, usize)>> {
        let mut at_goal = vec![usize::MAX; goal.len() + 1];
        for (v, &t) in goal.cells().iter().enumerate() {
            if t != 0 && (t as usize) < at_goal.len() {
                at_goal[t as usize] = v;
            }
        }
        let mut worst: Option<(u32, usize, usize)> = None;
        for (v, &t) in start.cells().iter().enumerate() {
            if t == 0 {
                continue;
            }
            let g = at_goal.get(t as usize).copied().unwrap_or(usize::MAX);
            if g == usize::MAX {
                return Err(Error::config(format!(
                    "tile {t} is not in the goal configuration"
                )));
            }
            if a[v] != b[g] && worst.is_none_or(|(w, _, _)| t < w) {
                worst = Some((t, v, g));
            }
        }
        Ok(worst)
    }

    /// The sizes of the orbits of `config`'s tiles under the group of
    /// arrangements with its blanks in place (one per class that holds
    /// tiles), largest first.
    ///
    /// # Errors
    /// As `TileClasses::classes`.
    pub fn orbit_sizes(&mut self, config: &Configuration) -> Result<Vec<usize>> {
        Ok(Self::orbit_sizes_of(&self.classes(config)?))
    }

    /// [`TileClasses::orbit_sizes`] from a configuration's classes (from
    /// [`TileClasses::classes`]; `u32::MAX` marks blanks).
    pub(crate) fn orbit_sizes_of(classes: &[u32]) -> Vec<usize> {
        let mut tally: std::collections::HashMap<u32, usize> = Default::default();
        for &c in classes.iter().filter(|&&c| c != u32::MAX) {
            *tally.entry(c).or_default() += 1;
        }
        let mut sizes: Vec<usize> = tally.into_values().collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes
    }

    /// The order of that group: the product of the orbits' factorials
    /// (the group is the full product of their symmetric groups; module
    /// docs).
    ///
    /// # Errors
    /// As `TileClasses::classes`.
    pub fn group_order(&mut self, config: &Configuration) -> Result<BigUint> {
        Ok(self
            .orbit_sizes(config)?
            .into_iter()
            .map(crate::primitives::counting::factorial)
            .product())
    }

    /// Number of nodes built.
    pub(crate) fn nodes(&self) -> usize {
        self.parent.len()
    }
}
