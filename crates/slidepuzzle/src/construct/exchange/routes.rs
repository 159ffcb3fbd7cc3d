//! Marked-tile routes for [`super`]: the pieces of G minus a vertex
//! (optionally with one vertex held), the search over marked-tile states
//! (docs/THEORY.md 4.3) and its realisation on tokens (natural moves with
//! re-planning, else the planned blank counts).

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use super::motion::{Scratch, arrange, breadth_first_order, pull};
use crate::model::Graph;

/// Most marked-tile states one route search visits.
pub const ROUTE_STATES: usize = 200_000;

/// Most states a search visits to check that a natural move keeps the goal
/// in reach (`walk`); beyond, the planned move is taken.
pub(super) const REPLAN_STATES: usize = 2_000;

/// No piece (the vertex removed).
pub(super) const NONE: u32 = u32::MAX;

/// The components ("pieces") of G minus one vertex x: `piece[v]` for
/// every vertex v != x (`NONE` at x), and each piece's size.
pub(super) struct Pieces {
    pub(super) piece: Vec<u32>,
    pub(super) sizes: Vec<u32>,
}

/// The pieces of G - x for each vertex, computed on first use; with a
/// frozen vertex f, the pieces of G - f - x inside x's component.
pub(super) struct PieceCache<'g> {
    pub(super) graph: &'g Graph,
    pub(super) frozen: usize,
    pub(super) cache: Vec<Option<Pieces>>,
    /// How many vertices' pieces are kept.
    pub(super) kept: usize,
}

impl<'g> PieceCache<'g> {
    pub(super) fn new(graph: &'g Graph, frozen: Option<usize>) -> Self {
        let n = graph.vertex_count();
        Self {
            graph,
            frozen: frozen.unwrap_or(usize::MAX),
            cache: (0..n).map(|_| None).collect(),
            kept: 0,
        }
    }

    pub(super) fn get(&mut self, x: usize) -> &Pieces {
        let (graph, frozen) = (self.graph, self.frozen);
        if self.cache[x].is_none() {
            self.kept += 1;
        }
        self.cache[x].get_or_insert_with(|| {
            let n = graph.vertex_count();
            let mut piece = vec![NONE; n];
            let mut sizes = Vec::new();
            let mut queue = VecDeque::new();
            for &s in graph.neighbors(x) {
                if piece[s] != NONE || s == frozen {
                    continue;
                }
                let id = sizes.len() as u32;
                piece[s] = id;
                let mut size = 1u32;
                queue.push_back(s);
                while let Some(v) = queue.pop_front() {
                    for &w in graph.neighbors(v) {
                        if w != x && w != frozen && piece[w] == NONE {
                            piece[w] = id;
                            size += 1;
                            queue.push_back(w);
                        }
                    }
                }
                sizes.push(size);
            }
            Pieces { piece, sizes }
        })
    }
}

/// The pieces with one vertex frozen (a tile held on it), one cache per
/// frozen vertex, all dropped when they would pass a byte budget.
pub(super) struct FrozenPieces<'g> {
    pub(super) graph: &'g Graph,
    pub(super) caches: FxHashMap<usize, PieceCache<'g>>,
    pub(super) budget: u64,
}

impl<'g> FrozenPieces<'g> {
    pub(super) fn new(graph: &'g Graph, budget: u64) -> Self {
        Self {
            graph,
            caches: FxHashMap::default(),
            budget,
        }
    }

    pub(super) fn with_frozen(&mut self, frozen: usize) -> &mut PieceCache<'g> {
        let n = self.graph.vertex_count() as u64;
        let kept: u64 = self.caches.values().map(|c| c.kept as u64 + 1).sum();
        if kept * 4 * n > self.budget {
            self.caches.clear();
        }
        let graph = self.graph;
        self.caches
            .entry(frozen)
            .or_insert_with(|| PieceCache::new(graph, Some(frozen)))
    }
}

/// One marked-tile state: the tile's vertex and the number of blanks in
/// each piece of G minus that vertex (in the pieces' order).
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct State {
    pub(super) at: u32,
    pub(super) counts: Counts,
}

/// Blanks per piece, kept sparse: the pieces holding blanks, increasing,
/// with their counts. O(blanks) memory whatever the number of pieces (a
/// hub of degree d has d pieces; dense counts made the states of a route
/// search O(d^3) bytes in all, 1 GB at d = 351, issue 34).
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub(super) struct Counts(Vec<(u32, u32)>);

impl Counts {
    /// The blanks in `piece`.
    pub(super) fn get(&self, piece: usize) -> u32 {
        match self.0.binary_search_by_key(&(piece as u32), |e| e.0) {
            Ok(i) => self.0[i].1,
            Err(_) => 0,
        }
    }

    /// Sets the blanks in `piece`.
    pub(super) fn set(&mut self, piece: usize, count: u32) {
        match self.0.binary_search_by_key(&(piece as u32), |e| e.0) {
            Ok(i) if count == 0 => {
                self.0.remove(i);
            }
            Ok(i) => self.0[i].1 = count,
            Err(_) if count == 0 => {}
            Err(i) => self.0.insert(i, (piece as u32, count)),
        }
    }

    /// All blanks.
    pub(super) fn total(&self) -> u32 {
        self.0.iter().map(|e| e.1).sum()
    }

    /// Dense counts over `pieces` pieces.
    pub(super) fn dense(&self, pieces: usize) -> Vec<u32> {
        let mut v = vec![0; pieces];
        for &(p, c) in &self.0 {
            v[p as usize] = c;
        }
        v
    }
}

/// Best-first search over the marked-tile states of the tile on
/// `start` (blanks where `blanks` says; pieces from `pieces`, which may
/// leave a frozen vertex out) to the first state `goal` accepts, taking
/// states by `rank` of their vertex, then in the order found (so
/// breadth-first when `rank` is constant); returns the states from the
/// first to that one and what `goal` returned. `None` when no state is
/// accepted within `budget` states.
pub(super) fn search<T>(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    blanks: &[bool],
    start: usize,
    budget: usize,
    rank: impl Fn(usize) -> u32,
    mut goal: impl FnMut(&State, &mut PieceCache<'_>) -> Option<T>,
) -> Option<(Vec<State>, T)> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let first = {
        let p = pieces.get(start);
        let mut counts = Counts::default();
        for (v, &b) in blanks.iter().enumerate() {
            if b && p.piece[v] != NONE {
                let i = p.piece[v] as usize;
                counts.set(i, counts.get(i) + 1);
            }
        }
        State {
            at: start as u32,
            counts,
        }
    };
    let mut states = vec![(first.clone(), usize::MAX)];
    let mut index: FxHashMap<State, usize> = FxHashMap::default();
    index.insert(first, 0);
    let mut open = BinaryHeap::from([Reverse((rank(start), 0usize))]);
    let (last, found) = loop {
        let Reverse((_, head)) = open.pop()?;
        if states.len() > budget {
            return None;
        }
        let state = states[head].0.clone();
        if let Some(found) = goal(&state, pieces) {
            break (head, found);
        }
        let x = state.at as usize;
        // The vertices and blanks of x's component (the frozen vertex and
        // other components left out).
        let (size, k) = {
            let px = pieces.get(x);
            (px.sizes.iter().sum::<u32>() + 1, state.counts.total())
        };
        for &y in graph.neighbors(x) {
            let (ci, size_c) = {
                let px = pieces.get(x);
                if px.piece[y] == NONE {
                    continue;
                }
                let ci = px.piece[y] as usize;
                (ci, px.sizes[ci])
            };
            let blanks_c = state.counts.get(ci);
            if blanks_c == 0 {
                continue;
            }
            let py = pieces.get(y);
            let back = py.piece[x] as usize;
            // beta: the vertices of C (the piece entered) left on x's side
            // of y; the others fill y's remaining pieces.
            let beta = size_c + py.sizes[back] - size;
            let room = size_c - 1 - beta;
            let lowest = (blanks_c - 1).saturating_sub(room);
            let highest = (blanks_c - 1).min(beta);
            for e in spread(lowest, highest) {
                let rest = blanks_c - 1 - e;
                let outside = k - blanks_c + 1 + e;
                for mut counts in distributions(&py.sizes, back, rest) {
                    counts.set(back, outside);
                    let next = State {
                        at: y as u32,
                        counts,
                    };
                    if !index.contains_key(&next) {
                        index.insert(next.clone(), states.len());
                        open.push(Reverse((rank(y), states.len())));
                        states.push((next, head));
                        // The budget holds inside an expansion too (a hub
                        // of degree d adds about d states at once).
                        if states.len() > budget {
                            return None;
                        }
                    }
                }
            }
        }
    };
    let mut path = Vec::new();
    let mut i = last;
    while i != usize::MAX {
        path.push(i);
        i = states[i].1;
    }
    Some((
        path.into_iter()
            .rev()
            .map(|i| states[i].0.clone())
            .collect(),
        found,
    ))
}

/// Carries the tile on `path[0].at` along `path` (marked-tile states, as
/// [`search`] returns them), moving tokens of `cells`.
pub(super) fn realise(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    cells: &mut [u32],
    path: &[State],
    steps: &mut Vec<(usize, usize)>,
) {
    for pair in path.windows(2) {
        step_marked_tile(graph, pieces, cells, &pair[0], &pair[1], steps);
    }
}

/// The vertices of the piece of G - `x` (as `pieces` sees it) holding `w`.
pub(super) fn piece_holding(pieces: &mut PieceCache<'_>, x: usize, w: usize) -> Vec<usize> {
    let p = pieces.get(x);
    let id = p.piece[w];
    (0..p.piece.len()).filter(|&v| p.piece[v] == id).collect()
}

/// Carries the marked tile on `start` to a state `goal` accepts (as
/// [`search`] finds one), moving tokens of `cells`. Each step prefers the
/// *natural* move: the nearest blank of the piece ahead slides up to the
/// next vertex of the plan and nothing else moves. When `goal` is still
/// reachable from where that leads, by a plan shorter than the rest of
/// the current one, the plan is redone from there;
/// otherwise the planned step is realised as planned (its blank counts
/// restored piece by piece). The natural moves keep the routes short.
pub(super) fn walk<T>(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    cells: &mut Vec<u32>,
    start: usize,
    rank: impl Fn(usize) -> u32,
    mut goal: impl FnMut(&State, &mut PieceCache<'_>) -> Option<T>,
    steps: &mut Vec<(usize, usize)>,
) -> Option<(usize, T)> {
    let blanks_of = |cells: &[u32]| cells.iter().map(|&t| t == 0).collect::<Vec<bool>>();
    let (mut path, mut found) = search(
        graph,
        pieces,
        &blanks_of(cells),
        start,
        ROUTE_STATES,
        &rank,
        &mut goal,
    )?;
    let mut scratch = Scratch::new(cells.len());
    while path.len() > 1 {
        let (x, y) = (path[0].at as usize, path[1].at as usize);
        let mut trial = cells.clone();
        let mut trial_steps = Vec::new();
        if trial[y] != 0 {
            let px = pieces.get(x);
            let ahead = px.piece[y];
            let alive: Vec<bool> = px.piece.iter().map(|&p| p == ahead).collect();
            pull(
                graph,
                &mut trial,
                &alive,
                y,
                true,
                &mut scratch,
                &mut trial_steps,
            );
        }
        trial.swap(x, y);
        trial_steps.push((x, y));
        let replanned = search(
            graph,
            pieces,
            &blanks_of(&trial),
            y,
            REPLAN_STATES,
            &rank,
            &mut goal,
        );
        // Only a shorter plan counts (so the walk ends).
        if let Some(replanned) = replanned.filter(|(p, _)| p.len() < path.len()) {
            *cells = trial;
            steps.extend(trial_steps);
            (path, found) = replanned;
        } else {
            step_marked_tile(graph, pieces, cells, &path[0], &path[1], steps);
            path.remove(0);
        }
    }
    Some((path[0].at as usize, found))
}

/// A route for the tile on `a` (blanks on `blanks`) to the `nth` nearest
/// state that borders an exchange site (the nearest for 0): the moves, the tokens afterwards (each
/// tile labelled by its starting vertex + 1), the tile's vertex y1 and the
/// sites there.
pub(super) struct Route {
    pub(super) steps: Vec<(usize, usize)>,
    pub(super) cells: Vec<u32>,
    pub(super) y1: usize,
    pub(super) sites: Sites,
    /// The piece of G - y1 holding each vertex (`NONE` at y1).
    pub(super) side: Vec<u32>,
}

pub(super) fn route_to_junction(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    blanks: &[bool],
    a: usize,
    nth: usize,
) -> Option<Route> {
    let n = graph.vertex_count();
    let mut cells: Vec<u32> = (0..n as u32)
        .map(|v| if blanks[v as usize] { 0 } else { v + 1 })
        .collect();
    let mut steps = Vec::new();
    let (y1, sites) = if nth == 0 {
        walk(
            graph,
            pieces,
            &mut cells,
            a,
            |_| 0,
            |state, pieces| {
                let sites = junctions(graph, pieces, state);
                (!sites.is_empty()).then_some(sites)
            },
            &mut steps,
        )?
    } else {
        let mut skip = nth;
        let (path, sites) = search(
            graph,
            pieces,
            blanks,
            a,
            ROUTE_STATES,
            |_| 0,
            |state, pieces| {
                let sites = junctions(graph, pieces, state);
                if sites.is_empty() {
                    return None;
                }
                if skip == 0 {
                    return Some(sites);
                }
                skip -= 1;
                None
            },
        )?;
        realise(graph, pieces, &mut cells, &path, &mut steps);
        (path.last().expect("a route has a state").at as usize, sites)
    };
    let side = pieces.get(y1).piece.clone();
    Some(Route {
        steps,
        cells,
        y1,
        sites,
        side,
    })
}

/// At most a handful of values of `lowest..=highest`: all of a short
/// range, the ends and the middle of a long one.
pub(super) fn spread(lowest: u32, highest: u32) -> Vec<u32> {
    if lowest > highest {
        return Vec::new();
    }
    if highest - lowest <= 6 {
        (lowest..=highest).collect()
    } else {
        vec![lowest, (lowest + highest) / 2, highest]
    }
}

/// Ways to put `total` blanks into the pieces other than `skip` (whose
/// entry is left 0), within their sizes: greedily from each piece in turn,
/// and one at a time round the pieces. At most one per piece plus one,
/// each O(total) to build: O(pieces x total) time.
pub(super) fn distributions(sizes: &[u32], skip: usize, total: u32) -> Vec<Counts> {
    let others: Vec<usize> = (0..sizes.len()).filter(|&i| i != skip).collect();
    let mut out: Vec<Counts> = Vec::new();
    let mut seen: rustc_hash::FxHashSet<Counts> = rustc_hash::FxHashSet::default();
    let mut push = |v: Counts| {
        if seen.insert(v.clone()) {
            out.push(v);
        }
    };
    if others.is_empty() {
        if total == 0 {
            push(Counts::default());
        }
        return out;
    }
    for s in 0..others.len() {
        let mut counts = Counts::default();
        let mut left = total;
        for j in 0..others.len() {
            if left == 0 {
                break;
            }
            let p = others[(s + j) % others.len()];
            let put = left.min(sizes[p]);
            counts.set(p, put);
            left -= put;
        }
        if left == 0 {
            push(counts);
        }
    }
    let mut counts = Counts::default();
    let mut left = total;
    while left > 0 {
        let mut progress = false;
        for &p in &others {
            if left == 0 {
                break;
            }
            if counts.get(p) < sizes[p] {
                counts.set(p, counts.get(p) + 1);
                left -= 1;
                progress = true;
            }
        }
        if !progress {
            break;
        }
    }
    if left == 0 {
        push(counts);
    }
    out
}

/// The exchange sites a state borders: each neighbour x of the tile's
/// vertex y1 with degree >= 3 whose piece holds at least two blanks and one
/// tile, with each ordered pair (y2, y3) of x's other neighbours. Kept as
/// the junctions x only (a hub of degree d has about d^2 sites; listing
/// them for every tile's route took O(n d^2) memory, issue 34).
pub(super) fn junctions(graph: &Graph, pieces: &mut PieceCache<'_>, state: &State) -> Sites {
    let y1 = state.at as usize;
    let p = pieces.get(y1);
    let mut xs = Vec::new();
    for &x in graph.neighbors(y1) {
        if graph.neighbors(x).len() < 3 || p.piece[x] == NONE {
            continue;
        }
        let id = p.piece[x] as usize;
        let blanks = state.counts.get(id);
        if blanks >= 2 && p.sizes[id] > blanks {
            xs.push(x);
        }
    }
    Sites { y1, xs }
}

/// The sites of [`junctions`]: for each junction x (in y1's neighbour
/// order), the ordered pairs (y2, y3) of distinct neighbours of x other
/// than y1, y2 outer, in x's neighbour order.
pub(super) struct Sites {
    y1: usize,
    xs: Vec<usize>,
}

impl Sites {
    fn pairs(graph: &Graph, x: usize) -> usize {
        let m = graph.neighbors(x).len() - 1;
        m * (m - 1)
    }

    /// Whether there is none.
    pub(super) fn is_empty(&self) -> bool {
        self.xs.is_empty()
    }

    /// How many sites.
    pub(super) fn len(&self, graph: &Graph) -> usize {
        self.xs.iter().map(|&x| Self::pairs(graph, x)).sum()
    }

    /// The junctions x.
    pub(super) fn junctions(&self) -> &[usize] {
        &self.xs
    }

    /// Site `i` (`i < len`) as (x, y2, y3).
    pub(super) fn get(&self, graph: &Graph, mut i: usize) -> (usize, usize, usize) {
        for &x in &self.xs {
            let count = Self::pairs(graph, x);
            if i < count {
                let others: Vec<usize> = graph
                    .neighbors(x)
                    .iter()
                    .copied()
                    .filter(|&y| y != self.y1)
                    .collect();
                let (a, b) = (i / (others.len() - 1), i % (others.len() - 1));
                let y2 = others[a];
                let y3 = others[if b >= a { b + 1 } else { b }];
                return (x, y2, y3);
            }
            i -= count;
        }
        panic!("site {i} past the end")
    }
}

/// Realises one step of the marked tile from state `from` to state `to`
/// (a neighbour): rearranges the unlabelled tokens of the piece entered so
/// that its blanks split as `to` says, with one on the vertex entered,
/// then moves the tile.
pub(super) fn step_marked_tile(
    graph: &Graph,
    pieces: &mut PieceCache<'_>,
    cells: &mut [u32],
    from: &State,
    to: &State,
    steps: &mut Vec<(usize, usize)>,
) {
    let n = cells.len();
    let (x, y) = (from.at as usize, to.at as usize);
    let k: u32 = from.counts.total();
    let region = piece_holding(pieces, x, y);
    let py = pieces.get(y);
    let back = py.piece[x] as usize;
    // Quotas per part of the region: y's own pieces, and the part left on
    // x's side (blanks there: to.counts[back] minus those outside C and x).
    let blanks_c = region.iter().filter(|&&v| cells[v] == 0).count() as u32;
    let outside = k - blanks_c + 1;
    let mut quota = to.counts.dense(py.sizes.len());
    quota[back] = to.counts.get(back) - outside;
    // Breadth-first order from y inside the region: keep the blanks nearest
    // y in each part, then add the nearest tiles' vertices.
    let mut inside = vec![false; n];
    for &v in &region {
        inside[v] = true;
    }
    let order = breadth_first_order(graph, y, &inside);
    let mut target = vec![false; n];
    target[y] = true;
    for pass in 0..2 {
        for &v in &order[1..] {
            let part = py.piece[v] as usize;
            if quota[part] > 0 && !target[v] && (pass == 1 || cells[v] == 0) {
                target[v] = true;
                quota[part] -= 1;
            }
        }
    }
    arrange(graph, cells, &region, &target, steps);
    cells.swap(x, y);
    steps.push((x, y));
}
