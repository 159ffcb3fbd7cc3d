//! Tiles that turn as they slide (docs/THEORY.md section 8): the puzzle
//! group as a subgroup of the generalised symmetric group Z_k ≀ S_m (m
//! tiles), by Schreier-Sims on the `n * k` points (vertex, orientation);
//! the invariants that bound it (Garcia, Hanson, Jensen, Owen 2022,
//! *Sliding block puzzles with a twist: on Segerman's 15+4 puzzle*, arXiv
//! 2210.16930, restated for any graph in docs/THEORY.md 8.2); and the
//! reachability test built from both.
//!
//! The invariants, from a spanning tree at the blank's home `h` with
//! potential `φ` (φ(h) = 0, φ(child) = φ(parent) + turn(parent -> child)):
//! a tile's *reduced* orientation `o - φ(v)` changes only when it crosses
//! an edge off the tree, by that edge's cycle turn; a closed blank walk
//! of length `L` and total turn `c` permutes the tiles with sign `(-1)^L`
//! and changes the tiles' total turn by `-c`. So with `H` the subgroup of
//! Z_k the cycle turns generate and `Γ` the subgroup of Z_2 x Z_k the pairs
//! (length mod 2, turn) of the fundamental cycles generate, every reachable
//! position has each tile's reduced turn change in `H` and (parity, total
//! change) in `Γ`. On a 2-connected graph that is neither a cycle nor
//! theta0 these are the only conditions (the closed form), checked
//! against Schreier-Sims and breadth-first search in the tests.

use num_bigint::BigUint;

use super::perm::Perm;
use super::reachability::{Decision, Verdict, require_fitting};
use super::schreier_sims::SimsTable;
use crate::error::{Error, Result};
use crate::model::{Configuration, Puzzle, turns::Turns};
use crate::primitives::budget::Budget;
use crate::primitives::counting::Count;

/// The most points (`vertices * k`) the Schreier-Sims group of a turning
/// puzzle is built on (8,192).
pub const MAX_GROUP_POINTS: usize = 8_192;

/// A spanning tree of the blank's component, rooted at the blank's home,
/// with the turn potential of docs/THEORY.md 8.2.
struct Gauge {
    parent: Vec<usize>,
    depth: Vec<u32>,
    potential: Vec<u8>,
    order: Vec<usize>,
}

impl Gauge {
    fn new(puzzle: &Puzzle, turns: &Turns, home: usize) -> Gauge {
        let n = puzzle.vertex_count();
        let mut g = Gauge {
            parent: vec![usize::MAX; n],
            depth: vec![u32::MAX; n],
            potential: vec![0; n],
            order: vec![home],
        };
        g.depth[home] = 0;
        g.parent[home] = home;
        let mut i = 0;
        while let Some(&v) = g.order.get(i) {
            i += 1;
            for &w in puzzle.graph().neighbors(v) {
                if g.depth[w] == u32::MAX {
                    g.depth[w] = g.depth[v] + 1;
                    g.parent[w] = v;
                    g.potential[w] = turns.add(g.potential[v], turns.turn(v, w));
                    g.order.push(w);
                }
            }
        }
        g
    }

    fn reaches(&self, v: usize) -> bool {
        self.depth[v] != u32::MAX
    }

    /// The blank's path from `v` up the tree to the home (without `v`).
    fn path_home(&self, mut v: usize) -> Vec<usize> {
        let mut path = Vec::new();
        while self.parent[v] != v {
            v = self.parent[v];
            path.push(v);
        }
        path
    }

    /// The edges `(u, v)` of the component off the tree, each once.
    fn chords<'a>(&'a self, puzzle: &'a Puzzle) -> impl Iterator<Item = (usize, usize)> + 'a {
        self.order.iter().flat_map(move |&u| {
            puzzle
                .graph()
                .neighbors(u)
                .iter()
                .filter(move |&&v| u < v && self.parent[v] != u && self.parent[u] != v)
                .map(move |&v| (u, v))
        })
    }
}

/// The invariants of a turning puzzle at a home vertex (docs/THEORY.md
/// 8.2): `turn_step` d with H = dZ_k the cycle turns, and `cycles` Γ, the
/// pairs (length mod 2, total turn) of closed blank walks.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TurnInvariants {
    /// k: turns live in Z_k.
    pub modulus: u8,
    /// d: the cycle turns generate dZ_k (d divides k; d = k when every
    /// cycle turns tiles by 0, so the turns are only a change of frame).
    pub turn_step: u8,
    /// Γ: every pair `[length mod 2, total turn]` a closed blank walk can
    /// have, sorted.
    pub cycles: Vec<[u8; 2]>,
    /// Γ in words, for every face: `(even, 0), (odd, 1), ...`.
    pub pairs: String,
}

impl TurnInvariants {
    fn of(puzzle: &Puzzle, turns: &Turns, gauge: &Gauge) -> TurnInvariants {
        let k = turns.modulus();
        let mut gens = Vec::new();
        for (u, v) in gauge.chords(puzzle) {
            let parity = ((gauge.depth[u] + gauge.depth[v] + 1) % 2) as u8;
            let turn = turns.add(
                turns.add(gauge.potential[u], turns.turn(u, v)),
                turns.negate(gauge.potential[v]),
            );
            gens.push([parity, turn]);
        }
        let mut d = k;
        for &[_, c] in &gens {
            d = gcd(d, c);
        }
        let mut cycles = vec![[0u8, 0u8]];
        let mut i = 0;
        while let Some(&[p, c]) = cycles.get(i) {
            i += 1;
            for &[gp, gc] in &gens {
                let next = [(p + gp) % 2, turns.add(c, gc)];
                if !cycles.contains(&next) {
                    cycles.push(next);
                }
            }
        }
        cycles.sort_unstable();
        let pairs = cycles
            .iter()
            .map(|&[p, c]| format!("({}, {c})", if p == 1 { "odd" } else { "even" }))
            .collect::<Vec<_>>()
            .join(", ");
        TurnInvariants {
            modulus: k,
            turn_step: d,
            cycles,
            pairs,
        }
    }

    /// |H| = k / d.
    pub fn turn_subgroup_order(&self) -> u64 {
        (self.modulus / self.turn_step) as u64
    }

    /// Whether some closed walk has odd length (the graph is not
    /// bipartite).
    pub(crate) fn has_odd_cycles(&self) -> bool {
        self.cycles.iter().any(|c| c[0] == 1)
    }
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The turns of a turning puzzle, or an error naming `what`.
fn turns_of<'a>(puzzle: &'a Puzzle, what: &str) -> Result<&'a Turns> {
    puzzle.turns().ok_or_else(|| {
        Error::argument(
            "puzzle",
            format!(
                "{what} needs a puzzle whose tiles turn; {} has none",
                puzzle.spec()
            ),
        )
    })
}

/// The generators of the turning puzzle group at `home`: one closed blank
/// walk (lasso) per edge off the spanning tree, each acting on the points
/// `v * k + o` (the tile on vertex `v` with orientation `o`).
fn generators(puzzle: &Puzzle, turns: &Turns, gauge: &Gauge) -> Vec<Perm> {
    let n = puzzle.vertex_count();
    let k = turns.modulus() as usize;
    let home = gauge.order[0];
    gauge
        .chords(puzzle)
        .map(|(u, v)| {
            // home -> u, u -> v, v -> home.
            let mut to_u = gauge.path_home(u);
            to_u.reverse();
            let mut walk: Vec<usize> = to_u.into_iter().skip(1).collect();
            walk.push(u);
            walk.push(v);
            walk.extend(gauge.path_home(v));
            let mut content: Vec<usize> = (0..n).collect();
            let mut turned = vec![0u8; n];
            let mut blank = home;
            for &w in &walk {
                content.swap(blank, w);
                turned.swap(blank, w);
                turned[blank] = turns.add(turned[blank], turns.turn(w, blank));
                blank = w;
            }
            let mut images = vec![0u32; n * k];
            for (v, &from) in content.iter().enumerate() {
                for o in 0..k {
                    let to = (o + turned[v] as usize) % k;
                    images[from * k + o] = (v * k + to) as u32;
                }
            }
            Perm::from_images(images).expect("a walk's action is a permutation")
        })
        .collect()
}

/// The Sims table of the turning puzzle group with the blank on `home`.
///
/// # Errors
/// [`Error::Limit`] above [`MAX_GROUP_POINTS`] points.
fn sims_table(puzzle: &Puzzle, turns: &Turns, gauge: &Gauge) -> Result<SimsTable> {
    sims_table_within(puzzle, turns, gauge, &Budget::default())
}

/// [`sims_table`] within `budget`.
fn sims_table_within(
    puzzle: &Puzzle,
    turns: &Turns,
    gauge: &Gauge,
    budget: &Budget,
) -> Result<SimsTable> {
    let points = puzzle.vertex_count() * turns.modulus() as usize;
    if points > MAX_GROUP_POINTS {
        return Err(Error::limit(
            crate::error::Resource::Points,
            points as u64,
            MAX_GROUP_POINTS as u64,
        ));
    }
    SimsTable::within(points, &generators(puzzle, turns, gauge), budget)
}

/// The order of the turning puzzle group with the blank on `home`, by
/// Schreier-Sims on `n * k` points (a subgroup of Z_k ≀ S_(n-1)).
///
/// ```
/// use slidepuzzle::model::Puzzle;
/// use slidepuzzle::theory::turning::group_order;
/// let p = Puzzle::parse("segerman").unwrap();
/// // 4^19 * 19! / 2: every tile anywhere, turned any way, with one
/// // condition tying the permutation's parity to the total turn.
/// let order = group_order(&p, 19).unwrap();
/// assert_eq!(order.to_string(), "16718775295186229425864704000");
/// ```
///
/// # Errors
/// [`Error::Argument`] for a puzzle without turns or a home outside it;
/// [`Error::Limit`] above [`MAX_GROUP_POINTS`] points.
pub fn group_order(puzzle: &Puzzle, home: usize) -> Result<BigUint> {
    let turns = turns_of(puzzle, "the turning group")?;
    if home >= puzzle.vertex_count() {
        return Err(Error::argument(
            "home",
            format!("vertex {home} is not in the puzzle"),
        ));
    }
    Ok(sims_table(puzzle, turns, &Gauge::new(puzzle, turns, home))?.order())
}

/// The order the closed form (docs/THEORY.md 8.2) gives the group at
/// `home`: `m! * |H|^m * |Γ| / (2 |H|)` for `m` tiles, where it applies
/// (`closed_form_applies`; `None` otherwise).
pub fn closed_form_order(puzzle: &Puzzle, home: usize) -> Option<BigUint> {
    let turns = puzzle.turns()?;
    if home >= puzzle.vertex_count() || !closed_form_applies(puzzle) {
        return None;
    }
    let inv = TurnInvariants::of(puzzle, turns, &Gauge::new(puzzle, turns, home));
    Some(
        closed_form_count(puzzle.vertex_count() as u64 - 1, &inv)
            .value()
            .clone(),
    )
}

/// The closed form's order `m! h^m |Γ| / (2h)` as a [`Count`]: its size
/// and leading digits at once, its digits when asked (10^6! has 5.5
/// million).
fn closed_form_count(m: u64, inv: &TurnInvariants) -> Count {
    let h = inv.turn_subgroup_order();
    let factor = BigUint::from(h).pow(m as u32) * inv.cycles.len() as u64;
    Count::factorial(m)
        .mul(&Count::from(factor))
        .div(&Count::from(2 * h))
}

/// The invariants of a turning puzzle with the blank's home on `home`
/// (the same for every home in one component: they are images of closed
/// walks in an abelian group). `None` without turns or outside the puzzle.
pub fn invariants(puzzle: &Puzzle, home: usize) -> Option<TurnInvariants> {
    let turns = puzzle.turns()?;
    (home < puzzle.vertex_count())
        .then(|| TurnInvariants::of(puzzle, turns, &Gauge::new(puzzle, turns, home)))
}

/// Whether the closed form of docs/THEORY.md 8.2 applies: a 2-connected
/// graph that is neither a cycle nor theta0, nor K_{2,3} (the one
/// bipartite such graph with at most 4 tiles, whose group can be a third
/// of the closed form's when 3 divides k).
pub(crate) fn closed_form_applies(puzzle: &Puzzle) -> bool {
    let blocks = super::blocks::decompose(puzzle.graph());
    let covers =
        blocks.blocks.len() == 1 && blocks.blocks[0].vertices.len() == puzzle.vertex_count();
    let small_bipartite = blocks
        .blocks
        .first()
        .is_some_and(|b| b.kind == super::blocks::BlockKind::Bipartite && b.vertices.len() <= 5);
    covers
        && !small_bipartite
        && matches!(
            blocks.blocks[0].kind,
            super::blocks::BlockKind::Bipartite | super::blocks::BlockKind::NonBipartite
        )
}

/// A GAP script defining the turning puzzle group with the blank on the
/// goal's blank vertex, as permutations of the points `v * k + o + 1`
/// (the tile on vertex `v` turned `o`), one generator per closed blank
/// walk off a spanning tree; it ends with `Print(Size(G), "\n");` so `gap
/// -q script.g` prints the order, which [`group_order`] computes here.
///
/// ```
/// use slidepuzzle::model::Puzzle;
/// let p = Puzzle::parse("turns:2:0-1^1,1-2,2-0").unwrap();
/// let script = slidepuzzle::theory::turning::gap_script(&p, &p.default_goal()).unwrap();
/// assert!(script.contains("G := Group(") && script.ends_with("Print(Size(G), \"\\n\");\n"));
/// ```
///
/// # Errors
/// As [`group_order`].
pub fn gap_script(puzzle: &Puzzle, goal: &Configuration) -> Result<String> {
    let turns = turns_of(puzzle, "the turning group")?;
    let home = goal.blank();
    let gauge = Gauge::new(puzzle, turns, home);
    let k = turns.modulus();
    let points = puzzle.vertex_count() * k as usize;
    if points > MAX_GROUP_POINTS {
        return Err(Error::limit(
            crate::error::Resource::Points,
            points as u64,
            MAX_GROUP_POINTS as u64,
        ));
    }
    let gens = generators(puzzle, turns, &gauge);
    let mut s = format!(
        "# slidepuzzle: the puzzle group of {} (tiles turn in Z_{k}) with the blank on vertex \
         {home}.\n# Point v*{k} + o + 1 is the tile on vertex v turned o; products read left to \
         right, as in GAP.\n",
        puzzle.spec()
    );
    let names: Vec<String> = (1..=gens.len()).map(|i| format!("g{i}")).collect();
    for (name, g) in names.iter().zip(&gens) {
        s.push_str(&format!("{name} := {};;\n", g.to_gap()));
    }
    let list = if names.is_empty() {
        "()".to_string()
    } else {
        names.join(", ")
    };
    s.push_str(&format!("G := Group({list});;\nPrint(Size(G), \"\\n\");\n"));
    Ok(s)
}

/// Whether `goal` is reachable from `start` on a puzzle whose tiles turn,
/// with several blanks: a breadth-first search of at most `max_states`
/// configurations, each slide turning its tile
/// (`theory::blanks::bfs_several_blanks`); no closed form is known
/// (docs/THEORY.md section 8 covers one blank).
///
/// # Errors
/// [`Error::Configuration`] for configurations that do not fit or hold
/// other tiles, or different numbers of blanks; [`Error::Limit`] when the
/// search passes `max_states`.
pub fn check_several_blanks(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    max_states: usize,
) -> Result<Verdict> {
    require_fitting(puzzle, start, goal)?;
    let start = puzzle.orient(start.clone())?;
    let goal = puzzle.orient(goal.clone())?;
    super::blanks::bfs_several_blanks(
        puzzle,
        &start,
        &goal,
        max_states,
        "tiles that turn with several blanks: each slide turns its tile",
    )
}

/// How the turning check decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnMethod {
    /// The linear tests: positions (Wilson, block by block), the turn
    /// invariants, then the closed form where it applies and
    /// Schreier-Sims where it does not.
    Linear,
    /// Membership in the group built by Schreier-Sims, always.
    SchreierSims,
}

/// Whether `goal` is reachable from `start` on a puzzle whose tiles turn
/// (one blank). See the module documentation and docs/THEORY.md section 8.
///
/// ```
/// use slidepuzzle::{format::parse_configuration, model::Puzzle};
/// use slidepuzzle::theory::turning::{TurnMethod, check};
/// let p = Puzzle::parse("segerman").unwrap();
/// let goal = p.default_goal();
/// let mut one_turned = goal.clone();
/// let turned = parse_configuration(&p, "1^1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0", 1).unwrap();
/// let v = check(&p, &turned, &goal, TurnMethod::Linear).unwrap();
/// assert!(!v.solvable, "{}", v.reason); // one quarter turn alone: parity
/// ```
///
/// # Errors
/// [`Error::Configuration`] for configurations that do not fit or hold
/// different tiles; [`Error::Unsupported`] for several blanks, and where
/// neither the closed form nor Schreier-Sims (above
/// [`MAX_GROUP_POINTS`] points) applies.
pub fn check(
    puzzle: &Puzzle,
    start: &Configuration,
    goal: &Configuration,
    method: TurnMethod,
) -> Result<Verdict> {
    let turns = turns_of(puzzle, "this test")?;
    let n = puzzle.vertex_count();
    require_fitting(puzzle, start, goal)?;
    if start.blanks().len() != 1 || goal.blanks().len() != 1 {
        return Err(Error::unsupported(
            "several blanks where tiles turn are decided by check_several_blanks",
        ));
    }
    let start = puzzle.orient(start.clone())?;
    let goal = puzzle.orient(goal.clone())?;
    let home = goal.blank();
    let gauge = Gauge::new(puzzle, turns, home);
    let verdict = |solvable, reason: String, decided_by| Verdict {
        solvable,
        reason,
        decided_by,
    };
    if !gauge.reaches(start.blank()) {
        return Ok(verdict(
            false,
            format!(
                "the blank is on vertex {} and cannot reach the goal's blank on vertex {home}",
                start.blank()
            ),
            Decision::Components,
        ));
    }
    // Bring the start's blank home along the tree.
    let mut at_home = start.clone();
    let mut blank = start.blank();
    for w in gauge.path_home(blank) {
        puzzle.slide(&mut at_home, w, blank);
        blank = w;
    }
    let plain = puzzle.without_turns();
    let by_position = super::reachability::check(
        &plain,
        &at_home.without_orientations(),
        &goal.without_orientations(),
    )?;
    if !by_position.solvable {
        return Ok(by_position);
    }
    if method == TurnMethod::Linear
        && let Some(reason) = invariant_fault(turns, &gauge, &at_home, &goal, puzzle)
    {
        return Ok(verdict(false, reason, Decision::TurnInvariants));
    }
    if method == TurnMethod::Linear && closed_form_applies(puzzle) {
        return Ok(verdict(
            true,
            "every tile reaches its place (Wilson's theorem) and the turns owed meet the \
             turn invariants, which are the only conditions on this 2-connected graph \
             (docs/THEORY.md 8.2)"
                .to_string(),
            Decision::TurnInvariants,
        ));
    }
    let table = sims_table(puzzle, turns, &gauge).map_err(|e| match e {
        Error::Limit { .. } if method == TurnMethod::Linear => Error::unsupported(format!(
            "{} is not 2-connected (or is a cycle or theta0) and too large for Schreier-Sims \
             ({} points above {MAX_GROUP_POINTS}); its turning tiles are not decided here",
            crate::error::excerpt(puzzle.spec()),
            n * turns.modulus() as usize
        )),
        other => other,
    })?;
    let k = turns.modulus() as usize;
    let mut where_goal = vec![(0usize, 0u8); n + 1];
    for v in 0..n {
        where_goal[goal.tile_at(v) as usize] = (v, goal.orientation_at(v));
    }
    let mut images = vec![0u32; n * k];
    for v in 0..n {
        let (to, o_goal) = where_goal[at_home.tile_at(v) as usize];
        let shift = turns.add(o_goal, turns.negate(at_home.orientation_at(v))) as usize;
        for o in 0..k {
            images[v * k + o] = (to * k + (o + shift) % k) as u32;
        }
    }
    let needed = Perm::from_images(images)
        .ok_or_else(|| Error::config("start and goal hold different tiles"))?;
    Ok(if table.contains(&needed) {
        verdict(
            true,
            "the goal's positions and turns are in the puzzle group (Schreier-Sims on the \
             vertex x orientation points)"
                .to_string(),
            Decision::SchreierSims,
        )
    } else {
        verdict(
            false,
            "the positions are reachable, but not with these turns: the goal is outside the \
             puzzle group (Schreier-Sims on the vertex x orientation points)"
                .to_string(),
            Decision::SchreierSims,
        )
    })
}

/// The invariant `goal` breaks, in words, with both blanks on the home.
fn invariant_fault(
    turns: &Turns,
    gauge: &Gauge,
    start: &Configuration,
    goal: &Configuration,
    puzzle: &Puzzle,
) -> Option<String> {
    let inv = TurnInvariants::of(puzzle, turns, gauge);
    let n = start.len();
    let k = turns.modulus();
    let mut where_goal = vec![(0usize, 0u8); n + 1];
    for v in 0..n {
        where_goal[goal.tile_at(v) as usize] = (v, goal.orientation_at(v));
    }
    let reduced = |v: usize, o: u8| turns.add(o, turns.negate(gauge.potential[v]));
    let mut total = 0u8;
    let mut image = vec![0usize; n];
    for (v, slot) in image.iter_mut().enumerate() {
        let t = start.tile_at(v);
        let (to, o_goal) = where_goal[t as usize];
        *slot = to;
        if t == 0 {
            continue;
        }
        let change = turns.add(
            reduced(to, o_goal),
            turns.negate(reduced(v, start.orientation_at(v))),
        );
        if !change.is_multiple_of(inv.turn_step) {
            return Some(format!(
                "tile {t} would have to turn by {change} (mod {k}) more than its route gives, \
                 but every cycle of this puzzle turns a tile by a multiple of {} (mod {k}), so \
                 its orientation at each vertex is fixed up to multiples of {}",
                inv.turn_step, inv.turn_step
            ));
        }
        total = turns.add(total, change);
    }
    let parity = crate::primitives::perm::is_odd(&image) as u8;
    if !inv.cycles.contains(&[parity, total]) {
        let needs = format!(
            "an {} permutation of the tiles with a total turn of {total} (mod {k})",
            if parity == 1 { "odd" } else { "even" }
        );
        let tied = inv.cycles.iter().all(|&[p, c]| p == c % 2);
        let why = if tied && k.is_multiple_of(2) {
            "on this puzzle every closed walk of the blank turns the tiles by an odd total \
             exactly when its length is odd, so the permutation's parity and the total turn \
             (mod 2) always change together"
                .to_string()
        } else {
            format!(
                "the closed walks of the blank give only the (parity, total turn) pairs {}",
                inv.pairs
            )
        };
        return Some(format!("the goal needs {needs}, but {why}"));
    }
    None
}

/// How many orientation draws a uniform scramble of a turning puzzle
/// ([`super::scramble::uniform_reachable`]) makes before it takes a
/// random walk instead (64).
pub const UNIFORM_DRAWS: usize = 64;

/// Orientations for `positions` (a uniform draw of the positions reachable
/// from `goal`, with no orientations), drawn uniformly from those
/// reachable (docs/THEORY.md 8.2): with the blank brought home, each
/// tile's orientation uniformly among those its cycles allow (its reduced
/// turn plus a multiple of d), redrawn until (parity, total turn) is one
/// of the closed walks' pairs (each draw succeeds with probability at
/// least 1/(2k)). Exactly uniform where the closed form holds; elsewhere
/// each draw is checked by Schreier-Sims. `None` after [`UNIFORM_DRAWS`]
/// failed draws ([`super::scramble::uniform_reachable`] then takes a
/// random walk).
///
/// # Errors
/// As [`check`].
pub(crate) fn orient_uniformly<R: rand::Rng + ?Sized>(
    puzzle: &Puzzle,
    goal: &Configuration,
    positions: &Configuration,
    rng: &mut R,
) -> Result<Option<Configuration>> {
    use rand::RngExt;
    let turns = turns_of(puzzle, "a uniform scramble")?;
    let goal = puzzle.orient(goal.clone())?;
    let home = goal.blank();
    let gauge = Gauge::new(puzzle, turns, home);
    let blank = positions.blank();
    // The positions with the blank brought home (turns do not matter yet).
    let mut at_home = positions.clone();
    let mut b = blank;
    let path = gauge.path_home(blank);
    for &w in &path {
        at_home.swap(w, b);
        b = w;
    }
    let inv = TurnInvariants::of(puzzle, turns, &gauge);
    let n = puzzle.vertex_count();
    let d = inv.turn_step;
    let k = turns.modulus();
    let mut goal_reduced = vec![0u8; n + 1];
    for v in 0..n {
        let t = goal.tile_at(v) as usize;
        goal_reduced[t] = turns.add(goal.orientation_at(v), turns.negate(gauge.potential[v]));
    }
    let exact = closed_form_applies(puzzle);
    // The blank's way back from the home to the drawn vertex.
    let back: Vec<usize> = if path.is_empty() {
        Vec::new()
    } else {
        path.iter().rev().skip(1).copied().chain([blank]).collect()
    };
    for _ in 0..UNIFORM_DRAWS {
        let mut orientations = vec![0u8; n];
        for (v, slot) in orientations.iter_mut().enumerate() {
            let t = at_home.tile_at(v) as usize;
            if t == 0 {
                continue;
            }
            let extra = d * rng.random_range(0..k / d);
            *slot = turns.add(turns.add(goal_reduced[t], gauge.potential[v]), extra);
        }
        let mut drawn = at_home.clone().with_orientations(orientations, k)?;
        // Back to the drawn blank vertex, turning tiles as they slide.
        let mut b = home;
        for &w in &back {
            puzzle.slide(&mut drawn, w, b);
            b = w;
        }
        let method = if exact {
            TurnMethod::Linear
        } else {
            TurnMethod::SchreierSims
        };
        if check(puzzle, &drawn, &goal, method)?.solvable {
            return Ok(Some(drawn));
        }
    }
    Ok(None)
}

/// What `analyze` reports for a puzzle whose tiles turn: the group as a
/// subgroup of Z_k ≀ S_m, its order by Schreier-Sims and by the closed
/// form, the invariants, and the class in words.
#[derive(Clone, Debug, serde::Serialize)]
pub struct TurningAnalysis {
    /// The puzzle's spec.
    pub spec: String,
    /// Vertices.
    pub vertices: usize,
    /// Edges.
    pub edges: usize,
    /// Whether the graph is bipartite.
    pub bipartite: bool,
    /// The blank's vertex (the goal's) the group is taken at.
    pub blank_vertex: usize,
    /// Tiles (m).
    pub tiles: usize,
    /// k: orientations live in Z_k.
    pub modulus: u8,
    /// |Z_k ≀ S_m| = k^m * m! (in decimal in JSON).
    pub whole_order: Count,
    /// The group's order by Schreier-Sims, in decimal (`None` above
    /// [`MAX_GROUP_POINTS`] points).
    pub group_order: Option<String>,
    /// The order the closed form gives, where it applies (in decimal in
    /// JSON).
    pub closed_form_order: Option<Count>,
    /// The invariants at the goal's blank.
    pub invariants: TurnInvariants,
    /// The class: `"whole"`, `"even-permutations"`, `"parity-with-turn"`,
    /// `"turns-confined"`, `"frame-only"`, `"outside-the-closed-form"` (not
    /// 2-connected, a cycle, theta0 or K_{2,3}) or `"other"`.
    pub class: &'static str,
    /// The group in words.
    pub summary: String,
}

/// The analysis of a turning puzzle with the blank at `goal`'s blank.
///
/// # Errors
/// [`Error::Argument`] for a puzzle without turns; [`Error::Unsupported`]
/// for a goal with several blanks.
pub fn analyze_turning(puzzle: &Puzzle, goal: &Configuration) -> Result<TurningAnalysis> {
    analyze_turning_within(puzzle, goal, &Budget::default())
}

/// [`analyze_turning`] within `budget`: a Schreier-Sims construction
/// that passes its deadline, cancel flag or memory budget is left out
/// (`group_order` is `None` and the summary says which limit stopped it);
/// the orders are [`Count`]s, so even a puzzle of a million vertices is
/// analysed in linear time, and the linear passes read the deadline and
/// cancel flag between them.
///
/// # Errors
/// As [`analyze_turning`]; [`Error::Stopped`] when a limit passes during
/// the linear passes (before any order is known).
pub(crate) fn analyze_turning_within(
    puzzle: &Puzzle,
    goal: &Configuration,
    budget: &Budget,
) -> Result<TurningAnalysis> {
    let turns = turns_of(puzzle, "the turning analysis")?;
    if goal.blanks().len() != 1 {
        return Err(Error::unsupported(
            "several blanks on a puzzle whose tiles turn are not analysed yet",
        ));
    }
    let home = goal.blank();
    // The linear passes (each about a second on 2048x2048:twist's 4 M
    // vertices) read the budget between them.
    budget.check("the turning analysis")?;
    let gauge = Gauge::new(puzzle, turns, home);
    budget.check("the turning analysis")?;
    let inv = TurnInvariants::of(puzzle, turns, &gauge);
    budget.check("the turning analysis")?;
    let m = puzzle.vertex_count() - 1;
    let k = turns.modulus();
    let whole = Count::factorial(m as u64).mul(&Count::from(BigUint::from(k).pow(m as u32)));
    let (group, sims_stopped) = match sims_table_within(puzzle, turns, &gauge, budget) {
        Ok(t) => (Some(t.order()), None),
        Err(Error::Stopped { message, .. }) => (None, Some(message)),
        Err(_) => (None, None),
    };
    let closed = closed_form_applies(puzzle).then(|| closed_form_count(m as u64, &inv));
    let h = inv.turn_subgroup_order();
    let full_pairs = 2 * h as usize;
    let class = if inv.turn_step == k {
        "frame-only"
    } else if !closed_form_applies(puzzle) {
        "outside-the-closed-form"
    } else if h < k as u64 {
        "turns-confined"
    } else if inv.cycles.len() == full_pairs {
        "whole"
    } else if !inv.has_odd_cycles() {
        "even-permutations"
    } else if inv.cycles.len() * 2 == full_pairs && inv.cycles.iter().all(|&[p, c]| p == c % 2) {
        "parity-with-turn"
    } else {
        "other"
    };
    let mut summary = match class {
        "frame-only" => "every cycle turns a tile by 0: the turns are only a change of frame, \
                         each tile's orientation is fixed by where it stands, and the group is \
                         the plain puzzle group"
            .to_string(),
        "turns-confined" => format!(
            "the cycles turn tiles only by multiples of {} (mod {k}): each tile's orientation at \
             a vertex is fixed up to those",
            inv.turn_step
        ),
        "outside-the-closed-form" => format!(
            "the graph is not 2-connected, or is a cycle, theta0 or K_{{2,3}}, so the closed form \
             does not apply: the group is the subgroup of Z_{k} ≀ S_{m} Schreier-Sims finds{}",
            group
                .as_ref()
                .map_or(String::new(), |g| format!(" (order {g})"))
        ),
        "whole" => format!("the whole generalised symmetric group Z_{k} ≀ S_{m}"),
        "even-permutations" => format!(
            "the index-two subgroup of Z_{k} ≀ S_{m} with even permutations (the graph is \
             bipartite), any turns"
        ),
        "parity-with-turn" => format!(
            "the index-two subgroup of Z_{k} ≀ S_{m} where the permutation is odd exactly when \
             the total turn is odd"
        ),
        _ => "a subgroup given by the (parity, total turn) pairs of the closed walks".to_string(),
    };
    if let (Some(c), Some(g)) = (&closed, &group)
        && c.value() != g
    {
        summary.push_str("; an exception: smaller than the closed form");
    }
    if let Some(why) = sims_stopped {
        summary.push_str(&format!(" ({why}; no order by Schreier-Sims)"));
    }
    Ok(TurningAnalysis {
        spec: puzzle.spec().to_string(),
        vertices: puzzle.vertex_count(),
        edges: puzzle.graph().edge_count(),
        bipartite: puzzle.graph().is_bipartite(),
        blank_vertex: home,
        tiles: m,
        modulus: k,
        whole_order: whole,
        group_order: group.map(|g| g.to_string()),
        closed_form_order: closed,
        invariants: inv,
        class,
        summary,
    })
}
