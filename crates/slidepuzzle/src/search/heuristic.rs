//! What a search needs from a heuristic: the [`Heuristic`] trait, and the
//! combinators [`Sum`] (additive heuristics) and [`Max`] (the better of
//! two admissible ones).
//!
//! A heuristic follows the domain's configuration move by move: it keeps
//! whatever it needs (tile positions, row codes, table entries, its current
//! value) and updates it in O(1) or O(group size) per move, returning an
//! undo token that the search keeps on its stack and hands back. The
//! implementations: [`super::manhattan::Manhattan`] (boards and graphs),
//! [`super::linear_conflict::LinearConflict`] (boards),
//! and the pattern-database
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

/// The maximum of two admissible heuristics (admissible), evaluated
/// lazily: when the first already exceeds the budget the second is not
/// updated (pattern databases with their transposed lookup, with linear
/// conflict or with walking distance).
#[derive(Clone, Debug)]
pub struct Max<A, B> {
    first: A,
    second: B,
    /// The current values of both.
    values: [u32; 2],
}

impl<A, B> Max<A, B> {
    /// The maximum of `first` (evaluated first) and `second`.
    pub fn new(first: A, second: B) -> Self {
        Max {
            first,
            second,
            values: [0; 2],
        }
    }
}

impl<D: Domain, A: Heuristic<D>, B: Heuristic<D>> Heuristic<D> for Max<A, B> {
    type Undo = (A::Undo, Option<B::Undo>, [u32; 2]);
    const ADMISSIBLE: bool = A::ADMISSIBLE && B::ADMISSIBLE;

    fn reset(&mut self, d: &D) -> u32 {
        self.values = [self.first.reset(d), self.second.reset(d)];
        self.values[0].max(self.values[1])
    }

    #[inline(always)]
    fn apply(&mut self, d: &D, m: D::Move, _: u32, budget: u32) -> (u32, Self::Undo) {
        let before = self.values;
        let (a, ua) = self.first.apply(d, m, before[0], budget);
        if a > budget {
            return (a, (ua, None, before));
        }
        let (b, ub) = self.second.apply(d, m, before[1], budget);
        self.values = [a, b];
        (a.max(b), (ua, Some(ub), before))
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

/// The sum of two heuristics that count disjoint sets of moves (additive
/// groups: admissible when each part counts only its own tiles' moves),
/// evaluated lazily like [`Max`].
#[derive(Clone, Debug)]
pub struct Sum<A, B> {
    first: A,
    second: B,
    /// The current values of both.
    values: [u32; 2],
}

impl<A, B> Sum<A, B> {
    /// The sum of `first` (evaluated first) and `second`.
    pub fn new(first: A, second: B) -> Self {
        Sum {
            first,
            second,
            values: [0; 2],
        }
    }
}

impl<D: Domain, A: Heuristic<D>, B: Heuristic<D>> Heuristic<D> for Sum<A, B> {
    type Undo = (A::Undo, Option<B::Undo>, [u32; 2]);
    const ADMISSIBLE: bool = A::ADMISSIBLE && B::ADMISSIBLE;

    fn reset(&mut self, d: &D) -> u32 {
        self.values = [self.first.reset(d), self.second.reset(d)];
        self.values[0] + self.values[1]
    }

    #[inline(always)]
    fn apply(&mut self, d: &D, m: D::Move, _: u32, budget: u32) -> (u32, Self::Undo) {
        let before = self.values;
        let (a, ua) = self.first.apply(d, m, before[0], budget);
        if a > budget {
            return (a, (ua, None, before));
        }
        let (b, ub) = self.second.apply(d, m, before[1], budget - a);
        self.values = [a, b];
        (a + b, (ua, Some(ub), before))
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
