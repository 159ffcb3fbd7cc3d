//! What a search needs from a heuristic: the [`Heuristic`] trait, and the
//! combinators [`Sum`] (additive heuristics) and [`Max`] (the better of
//! two admissible ones), both a lazy [`Pair`].
//!
//! A heuristic follows the domain's configuration move by move: it keeps
//! whatever it needs (tile positions, row codes, table entries, its current
//! value) and updates it in O(1) or O(group size) per move, returning an
//! undo token that the search keeps on its stack and hands back. The
//! implementations: [`super::manhattan::Manhattan`] (boards and graphs),
//! [`super::linear_conflict::LinearConflict`] (boards),
//! [`super::walking::WalkingDistance`] (boards), and the pattern-database
//! lookups of [`super::pdb_lookup`] (boards, with the transposed lookup,
//! and graphs).

use super::domain::Domain;

/// An admissible heuristic for a domain, updated incrementally.
///
/// Protocol (the search keeps it): [`Heuristic::reset`] on the domain's
/// configuration; then for each move, [`Heuristic::apply`] right before
/// [`Domain::apply`] (the domain still shows the configuration before the
/// move: a search that prunes the child never makes the move) and
/// [`Heuristic::undo`] right after [`Domain::undo`], in stack order.
pub trait Heuristic<D: Domain> {
    /// What [`Heuristic::apply`] saves for [`Heuristic::undo`].
    type Undo: Copy;

    /// Whether the value never exceeds the true distance to the goal
    /// (then IDA* and A* return optimal solutions).
    const ADMISSIBLE: bool = true;

    /// Evaluates the domain's current configuration from scratch (O(n) or
    /// so) and follows it from now on.
    fn reset(&mut self, domain: &D) -> u32;

    /// The value after `m`, which the domain is about to make, given the
    /// value `h` before it (the search keeps values on its stack). The search
    /// only needs to know whether the value exceeds `budget`: above it, a
    /// lazy heuristic may return any admissible value greater than
    /// `budget` without computing the rest ([`Max`], [`Sum`]).
    fn apply(&mut self, domain: &D, m: D::Move, h: u32, budget: u32) -> (u32, Self::Undo);

    /// Takes back [`Heuristic::apply`] of `m` (the domain shows the
    /// configuration before `m` again).
    fn undo(&mut self, domain: &D, m: D::Move, undo: Self::Undo);

    /// Whether [`Heuristic::prefetch`] does anything: the depth-first
    /// search then announces all children of a node before it evaluates
    /// them.
    const PREFETCH: bool = false;

    /// Announces that `m` may be evaluated soon, so a heuristic that reads
    /// large tables can start loading their entries (several cache misses
    /// in flight instead of one after another). Changes nothing.
    #[inline(always)]
    fn prefetch(&self, _domain: &D, _m: D::Move) {}
}

/// A heuristic seen one configuration at a time: the value of the domain's
/// configuration ([`Heuristic::reset`]) and of each child
/// ([`Heuristic::apply`] then [`Heuristic::undo`] at once). This is all a
/// search needs that evaluates children but never follows the heuristic
/// down a path: best-first search ([`super::best_first`]) and beam search
/// ([`super::beam`]), which take it as `dyn Evaluate`. Their code is then
/// compiled once per domain instead of once per domain and heuristic (the
/// front door pairs a domain with up to about twenty heuristics), for one
/// indirect call per evaluation. Depth-first searches keep the typed
/// [`Heuristic`] and its incremental updates.
///
/// ```
/// use slidepuzzle::search::board::BoardDomain;
/// use slidepuzzle::search::domain::Domain;
/// use slidepuzzle::search::heuristic::Evaluate;
/// use slidepuzzle::search::manhattan::{Manhattan, TileDistances};
/// use slidepuzzle::Configuration;
/// let goal = Configuration::natural(16); // 1 .. 15, the blank last
/// let mut cells: Vec<u32> = (1..16).chain([0]).collect();
/// cells.swap(15, 11); // the blank one cell up
/// let start = Configuration::from_cells(cells, 1).unwrap();
/// let domain = BoardDomain::<false>::new(4, 4, &start, &goal).unwrap();
/// let table = TileDistances::board(4, 4, &goal).unwrap();
/// let mut h: Box<dyn Evaluate<_>> = Box::new(Manhattan::new(&table));
/// assert_eq!(h.value(&domain), 1);
/// let root = domain.root_context();
/// let children: Vec<u32> = (0..domain.branching(root))
///     .filter_map(|i| domain.nth_move(root, i))
///     .map(|m| h.child_value(&domain, m, 1))
///     .collect();
/// assert!(children.contains(&0)); // tile 12 back up: the goal
/// assert!(children.contains(&2)); // any other tile: one step further
/// ```
pub trait Evaluate<D: Domain> {
    /// The value of the domain's configuration, from scratch.
    fn value(&mut self, domain: &D) -> u32;
    /// The value after `m`, given the value `h` of the domain's
    /// configuration (which `m` leaves unchanged: the domain has not made
    /// it).
    fn child_value(&mut self, domain: &D, m: D::Move, h: u32) -> u32;
}

impl<D: Domain, H: Heuristic<D>> Evaluate<D> for H {
    #[inline]
    fn value(&mut self, domain: &D) -> u32 {
        self.reset(domain)
    }

    #[inline]
    fn child_value(&mut self, domain: &D, m: D::Move, h: u32) -> u32 {
        let (value, undo) = self.apply(domain, m, h, u32::MAX);
        self.undo(domain, m, undo);
        value
    }
}

/// An [`Evaluate`] that can be copied for another thread (beam search
/// expands a layer on rayon's threads, each with its own copy).
pub trait EvaluateShared<D: Domain>: Evaluate<D> + Sync {
    /// A copy for another thread.
    fn fork(&self) -> Box<dyn Evaluate<D> + Send + '_>;
}

impl<D: Domain, H: Heuristic<D> + Clone + Send + Sync> EvaluateShared<D> for H {
    fn fork(&self) -> Box<dyn Evaluate<D> + Send + '_> {
        Box::new(self.clone())
    }
}

/// h = 0: turns A* into uniform-cost (breadth-first) search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<D: Domain> Heuristic<D> for Zero {
    type Undo = ();

    fn reset(&mut self, _: &D) -> u32 {
        0
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, _: D::Move, _: u32, _: u32) -> (u32, ()) {
        (0, ())
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: D::Move, _: ()) {}
}

/// How [`Pair`] combines two values.
pub trait Combine: Clone + Send + Sync {
    /// The combined value.
    fn combine(a: u32, b: u32) -> u32;
    /// The budget left for the second heuristic when the first has `a`
    /// (no more than `budget`).
    fn rest(budget: u32, a: u32) -> u32;
}

/// [`Combine`] by the maximum: see [`Max`].
#[derive(Clone, Copy, Debug, Default)]
pub struct ByMax;

impl Combine for ByMax {
    #[inline(always)]
    fn combine(a: u32, b: u32) -> u32 {
        a.max(b)
    }

    #[inline(always)]
    fn rest(budget: u32, _: u32) -> u32 {
        budget
    }
}

/// [`Combine`] by the sum: see [`Sum`].
#[derive(Clone, Copy, Debug, Default)]
pub struct BySum;

impl Combine for BySum {
    #[inline(always)]
    fn combine(a: u32, b: u32) -> u32 {
        a + b
    }

    #[inline(always)]
    fn rest(budget: u32, a: u32) -> u32 {
        budget - a
    }
}

/// Two heuristics combined by `C`, evaluated lazily: when the first
/// already exceeds the budget the second is not updated (both
/// combinations are at least the first value, so the child is pruned
/// either way).
#[derive(Clone, Debug)]
pub struct Pair<A, B, C> {
    first: A,
    second: B,
    /// The current values of both.
    values: [u32; 2],
    combine: std::marker::PhantomData<C>,
}

impl<A, B, C> Pair<A, B, C> {
    /// `first` (evaluated first) combined with `second`.
    pub fn new(first: A, second: B) -> Self {
        Pair {
            first,
            second,
            values: [0; 2],
            combine: std::marker::PhantomData,
        }
    }
}

/// The maximum of two admissible heuristics (admissible): pattern
/// databases with their transposed lookup, with linear conflict or with
/// walking distance.
pub type Max<A, B> = Pair<A, B, ByMax>;

/// The sum of two heuristics that count disjoint sets of moves (additive
/// groups: admissible when each part counts only its own tiles' moves).
pub type Sum<A, B> = Pair<A, B, BySum>;

impl<D: Domain, A: Heuristic<D>, B: Heuristic<D>, C: Combine> Heuristic<D> for Pair<A, B, C> {
    type Undo = (A::Undo, Option<B::Undo>, [u32; 2]);
    const ADMISSIBLE: bool = A::ADMISSIBLE && B::ADMISSIBLE;
    const PREFETCH: bool = A::PREFETCH || B::PREFETCH;

    #[inline(always)]
    fn prefetch(&self, d: &D, m: D::Move) {
        self.first.prefetch(d, m);
        self.second.prefetch(d, m);
    }

    fn reset(&mut self, d: &D) -> u32 {
        self.values = [self.first.reset(d), self.second.reset(d)];
        C::combine(self.values[0], self.values[1])
    }

    #[inline(always)]
    fn apply(&mut self, d: &D, m: D::Move, _: u32, budget: u32) -> (u32, Self::Undo) {
        let before = self.values;
        let (a, ua) = self.first.apply(d, m, before[0], budget);
        if a > budget {
            return (a, (ua, None, before));
        }
        let (b, ub) = self.second.apply(d, m, before[1], C::rest(budget, a));
        self.values = [a, b];
        (C::combine(a, b), (ua, Some(ub), before))
    }

    #[inline(always)]
    fn undo(&mut self, d: &D, m: D::Move, (ua, ub, before): Self::Undo) {
        if let Some(ub) = ub {
            self.second.undo(d, m, ub);
        }
        self.first.undo(d, m, ua);
        self.values = before;
    }
}

/// The most heuristics a [`MaxOf`] combines.
pub const MAX_OF: usize = 8;

/// The maximum of up to [`MAX_OF`] admissible heuristics of one type
/// (admissible), evaluated lazily in order: once one exceeds the budget
/// the rest are not updated (the child is pruned either way). Used for
/// the maximum over several additive partitions of pattern databases
/// (Holte, Felner, Newton, Meshulam and Furcy, "Maximizing over multiple
/// pattern databases speeds up heuristic search", AI 170, 2006).
///
/// ```
/// use slidepuzzle::search::heuristic::{Heuristic, MaxOf};
/// use slidepuzzle::search::manhattan::{Manhattan, TileDistances};
/// use slidepuzzle::search::board::BoardDomain;
/// use slidepuzzle::Configuration;
/// let goal = Configuration::natural(9);
/// let start = Configuration::from_cells(vec![1, 2, 3, 4, 5, 6, 0, 7, 8], 1).unwrap();
/// let d = TileDistances::board(3, 3, &goal).unwrap();
/// let domain = BoardDomain::<false>::new(3, 3, &start, &goal).unwrap();
/// let mut h = MaxOf::new(vec![Manhattan::new(&d), Manhattan::new(&d)]);
/// assert_eq!(h.reset(&domain), 2);
/// ```
#[derive(Clone, Debug)]
pub struct MaxOf<H> {
    /// The heuristics (at most [`MAX_OF`]).
    parts: Vec<H>,
    /// Their current values.
    values: [u32; MAX_OF],
}

impl<H> MaxOf<H> {
    /// The maximum of `parts`; beyond the first [`MAX_OF`] they are
    /// dropped (the maximum of fewer stays admissible).
    pub fn new(mut parts: Vec<H>) -> Self {
        parts.truncate(MAX_OF);
        MaxOf {
            parts,
            values: [0; MAX_OF],
        }
    }
}

/// What [`MaxOf`] restores: the parts' undo tokens (the first `updated`
/// of them are meaningful) and their values before the move.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaxOfUndo<U> {
    undo: [U; MAX_OF],
    values: [u32; MAX_OF],
    updated: u8,
}

impl<D: Domain, H: Heuristic<D, Undo: Default>> Heuristic<D> for MaxOf<H> {
    type Undo = MaxOfUndo<H::Undo>;
    const ADMISSIBLE: bool = H::ADMISSIBLE;
    const PREFETCH: bool = H::PREFETCH;

    #[inline(always)]
    fn prefetch(&self, d: &D, m: D::Move) {
        for part in &self.parts {
            part.prefetch(d, m);
        }
    }

    /// Also puts the parts in decreasing order of their values here, so
    /// that the one most likely to exceed a budget is asked first.
    fn reset(&mut self, d: &D) -> u32 {
        let mut valued: Vec<(u32, H)> = self
            .parts
            .drain(..)
            .map(|mut part| (part.reset(d), part))
            .collect();
        valued.sort_by_key(|(value, _)| std::cmp::Reverse(*value));
        let mut best = 0;
        for (i, (value, part)) in valued.into_iter().enumerate() {
            self.values[i] = value;
            best = best.max(value);
            self.parts.push(part);
        }
        best
    }

    #[inline(always)]
    fn apply(&mut self, d: &D, m: D::Move, _: u32, budget: u32) -> (u32, Self::Undo) {
        let mut undo = MaxOfUndo {
            undo: [H::Undo::default(); MAX_OF],
            values: self.values,
            updated: 0,
        };
        let mut best = 0;
        for (i, part) in self.parts.iter_mut().enumerate() {
            let (v, u) = part.apply(d, m, undo.values[i], budget);
            undo.undo[i] = u;
            undo.updated = i as u8 + 1;
            self.values[i] = v;
            best = best.max(v);
            if v > budget {
                break;
            }
        }
        (best, undo)
    }

    #[inline(always)]
    fn undo(&mut self, d: &D, m: D::Move, undo: Self::Undo) {
        for i in (0..undo.updated as usize).rev() {
            self.parts[i].undo(d, m, undo.undo[i]);
        }
        self.values = undo.values;
    }
}
