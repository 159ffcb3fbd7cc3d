//! The 4 x 4 multi-tile pattern database ([`super::mtm_pdb::MtmPdb`]) as
//! a heuristic of the packed domain ([`super::mtm_packed`]): it follows
//! the configuration's **class board** (each cell's class, the goal
//! regions of the table, as nibbles of one `u64`) and the class board of
//! the transposed configuration, and moves each with one mask per run, as
//! the domain moves the tiles. The tiles themselves are never read.
//!
//! A lookup ranks the class board: each half (cells 0-7 and 8-15) is a
//! number in base `k` (the number of classes), computed for both halves at
//! once in the `u64` by three multiply-adds, and the rank is the sum of
//! the two half tables' entries (the lexicographic ranking of
//! [`super::mtm_pdb`]; the second table narrowed to 16 bits, 2.3 MB for
//! both). Then one byte of the 151 MB table. The
//! transposed board's entry is read only when the first one does not
//! already exceed the search's budget (a lazy maximum), and both are
//! announced to the processor's cache before the node's children are
//! evaluated ([`Heuristic::prefetch`]).
//!
//! The same idea in slidy-cli's 4 x 4 MTM solver (Ben Whitmore), with the
//! regions Tomas Rokicki suggested; written here from that description.

use std::sync::atomic::{AtomicU64, Ordering};

use super::domain::Domain;
use super::heuristic::Heuristic;
use super::mtm_packed::{PACKED_CELLS, PackedRun, RunMask, RunTable, pack};
use super::mtm_pdb::MtmPdb;

/// What prefetching computed, per run number (see `MtmClassBoards::memo`);
/// a clone starts empty.
#[derive(Debug)]
struct Memo(Box<[[AtomicU64; 6]]>);

impl Memo {
    fn new() -> Self {
        Memo(
            (0..256)
                .map(|_| std::array::from_fn(|_| AtomicU64::new(u64::MAX)))
                .collect(),
        )
    }
}

impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo::new()
    }
}

/// The 4 x 4 multi-tile table followed on class boards (module docs).
#[derive(Clone, Debug)]
pub struct MtmClassBoards<'t> {
    table: &'t MtmPdb,
    /// Per run number: the run on the class board and on the transposed
    /// class board.
    runs: Vec<[RunMask; 2]>,
    /// Whether the transposed lookup applies.
    transposed: bool,
    /// k, k^2, k^4 (k the number of classes).
    powers: [u64; 3],
    first: &'t [u32],
    /// The second half's table, narrowed to 16 bits (a half of 8 cells
    /// has at most 8! arrangements).
    second: Box<[u16]>,
    /// The class board, then the transposed class board.
    boards: [u64; 2],
    /// Whether the loaded configuration is one of the table's (else 0).
    valid: bool,
    /// Per run number, what [`Heuristic::prefetch`] computed: the boards
    /// it moved, the boards after the run and their ranks. An entry
    /// serves [`Heuristic::apply`] when its boards are the current ones
    /// (the same run on the same boards gives the same result).
    memo: Memo,
}

impl<'t> MtmClassBoards<'t> {
    /// Follows configurations of a 16-cell board with `table`; `None` for
    /// another table (fewer cells, more than 15 classes).
    pub(crate) fn new(table: &'t MtmPdb) -> Option<Self> {
        let (width, height) = table.size();
        let (k, split, first, second) = table.halves();
        if width * height != PACKED_CELLS || split != 8 || !(2..=15).contains(&k) {
            return None;
        }
        let run_table = RunTable::new(width, height)?;
        let transposed = table.transposed_class_of_tile().is_some();
        let runs = (0..run_table.runs().len() as u8)
            .map(|id| {
                let mirror = run_table
                    .transposed(id)
                    .map(|t| run_table.run(t))
                    .unwrap_or_default();
                [run_table.run(id), mirror]
            })
            .collect();
        let k = k as u64;
        let second = second
            .iter()
            .map(|&v| u16::try_from(v).ok())
            .collect::<Option<Box<[u16]>>>()?;
        Some(MtmClassBoards {
            table,
            runs,
            transposed,
            powers: [k, k * k, k.pow(4)],
            first,
            second,
            boards: [0; 2],
            valid: false,
            memo: Memo::new(),
        })
    }

    /// The rank of a class board: both half codes at once (the nibbles
    /// paired into base-k bytes, the bytes into 16-bit lanes, the lanes
    /// into two 32-bit codes: three multiply-adds, no table), then the two
    /// half tables.
    #[inline(always)]
    fn rank(&self, board: u64) -> u64 {
        const NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
        const BYTES: u64 = 0x00FF_00FF_00FF_00FF;
        const LANES: u64 = 0x0000_FFFF_0000_FFFF;
        let [k, k2, k4] = self.powers;
        let pairs = (board & NIBBLES) + k * ((board >> 4) & NIBBLES);
        let quads = (pairs & BYTES) + k2 * ((pairs >> 8) & BYTES);
        let codes = (quads & LANES) + k4 * ((quads >> 16) & LANES);
        let a = self.first.get(codes as u32 as usize).copied().unwrap_or(0);
        let b = self
            .second
            .get((codes >> 32) as usize)
            .copied()
            .unwrap_or(0);
        a as u64 + b as u64
    }

    /// The class boards of `cells` (one tile a cell) and whether they are
    /// arrangements of the table's classes.
    fn load(&mut self, cells: &[u8]) {
        let packed = self
            .table
            .class_cells(cells)
            .and_then(|(direct, mirror)| Some([pack(&direct)?, pack(&mirror)?]));
        self.valid = packed.is_some();
        self.boards = packed.unwrap_or_default();
    }

    /// The value of boards of ranks `ranks`, the transposed entry read
    /// only when the direct one is within `budget`.
    #[inline(always)]
    fn value(&self, ranks: [u64; 2], budget: u32) -> u32 {
        if !self.valid {
            return 0;
        }
        let direct = self.table.entry(ranks[0]) as u32;
        if !self.transposed || direct > budget {
            return direct;
        }
        direct.max(self.table.entry(ranks[1]) as u32)
    }

    /// The boards after run `m` and their ranks, from the memo when
    /// [`Heuristic::prefetch`] computed them for the current boards.
    #[inline(always)]
    fn child(&self, m: PackedRun) -> ([u64; 2], [u64; 2]) {
        if let Some(e) = self.memo.0.get(m.run as usize) {
            let get = |i: usize| e[i].load(Ordering::Relaxed);
            if [get(0), get(1)] == self.boards {
                return ([get(2), get(3)], [get(4), get(5)]);
            }
        }
        let boards = self.moved(m);
        (boards, [self.rank(boards[0]), self.rank(boards[1])])
    }

    /// The boards after run `m`.
    #[inline(always)]
    fn moved(&self, m: PackedRun) -> [u64; 2] {
        match self.runs.get(m.run as usize) {
            Some([a, b]) => [a.apply(self.boards[0]), b.apply(self.boards[1])],
            None => self.boards,
        }
    }
}

impl<D: Domain<Move = PackedRun>> Heuristic<D> for MtmClassBoards<'_> {
    /// The class boards before the move.
    type Undo = [u64; 2];
    const PREFETCH: bool = true;

    /// Starts loading the child's two entries.
    #[inline(always)]
    fn prefetch(&self, _: &D, m: PackedRun) {
        let boards = self.moved(m);
        let ranks = [self.rank(boards[0]), self.rank(boards[1])];
        self.table.prefetch_entry(ranks[0]);
        if self.transposed {
            self.table.prefetch_entry(ranks[1]);
        }
        if let Some(e) = self.memo.0.get(m.run as usize) {
            let [a, b] = self.boards;
            for (x, v) in e
                .iter()
                .zip([a, b, boards[0], boards[1], ranks[0], ranks[1]])
            {
                x.store(v, Ordering::Relaxed);
            }
        }
    }

    fn reset(&mut self, d: &D) -> u32 {
        self.load(d.cells());
        self.value(
            [self.rank(self.boards[0]), self.rank(self.boards[1])],
            u32::MAX,
        )
    }

    #[inline(always)]
    fn apply(&mut self, _: &D, m: PackedRun, _: u32, budget: u32) -> (u32, [u64; 2]) {
        let before = self.boards;
        let (boards, ranks) = self.child(m);
        self.boards = boards;
        (self.value(ranks, budget), before)
    }

    #[inline(always)]
    fn undo(&mut self, _: &D, _: PackedRun, before: [u64; 2]) {
        self.boards = before;
    }
}

#[cfg(test)]
mod tests {
    use super::super::ida::ida_star;
    use super::super::limits::Limits;
    use super::super::mtm::MtmBoardDomain;
    use super::super::mtm_packed::MtmPackedDomain;
    use super::super::mtm_pdb::MtmPdbLookup;
    use super::*;
    use crate::model::Configuration;

    /// A 4 x 4 table with two classes of tiles (102,960 entries: quick to
    /// build), the blank's goal in `corner`.
    fn coarse_table(goal: &Configuration) -> MtmPdb {
        let classes: Vec<u8> = goal
            .cells()
            .iter()
            .map(|&t| match t {
                0 => 0,
                1..=7 => 1,
                _ => 2,
            })
            .collect();
        MtmPdb::build(4, 4, goal, &classes, &Limits::default(), &|_| {}).unwrap()
    }

    /// The configuration `runs` pseudo-random runs from `goal`.
    fn walk(goal: &Configuration, runs: usize, seed: usize) -> Configuration {
        let mut d = MtmPackedDomain::new(4, 4, goal, goal).unwrap();
        let mut c = d.root_context();
        for step in 0..runs {
            let i = (step * 7 + seed * 13 + step * step * seed) % d.branching(c);
            let m = d.nth_move(c, i).unwrap();
            c = d.child_context(c, m, i);
            d.apply(m);
        }
        let cells = d.cells().iter().map(|&t| t as u32).collect();
        Configuration::from_cells(cells, 1).unwrap()
    }

    #[test]
    fn class_boards_give_the_table_value_along_a_walk() {
        for goal in [
            Configuration::natural(16),
            Configuration::from_cells((0..16u32).collect(), 1).unwrap(),
        ] {
            let table = coarse_table(&goal);
            let mut d = MtmPackedDomain::new(4, 4, &goal, &goal).unwrap();
            let mut h = MtmClassBoards::new(&table).unwrap();
            assert_eq!(h.transposed, goal.blank() % 5 == 0);
            assert_eq!(Heuristic::<MtmPackedDomain>::reset(&mut h, &d), 0);
            let mut c = d.root_context();
            for step in 0..300 {
                let i = (step * 5 + 1) % d.branching(c);
                let m = d.nth_move(c, i).unwrap();
                let (v, _) = Heuristic::<MtmPackedDomain>::apply(&mut h, &d, m, 0, u32::MAX);
                c = d.child_context(c, m, i);
                d.apply(m);
                assert_eq!(v, table.value(d.cells()), "step {step}");
            }
        }
    }

    #[test]
    fn the_packed_search_counts_the_nodes_of_the_general_one() {
        let goal = Configuration::natural(16);
        let table = coarse_table(&goal);
        for seed in 1..6 {
            let start = walk(&goal, 14, seed);
            let limits = Limits::default();
            let general = ida_star(
                MtmBoardDomain::new(4, 4, &start, &goal).unwrap(),
                MtmPdbLookup::new(&table),
                &limits,
                false,
            );
            let packed = ida_star(
                MtmPackedDomain::new(4, 4, &start, &goal).unwrap(),
                MtmClassBoards::new(&table).unwrap(),
                &limits,
                false,
            );
            assert!(general.moves().is_some());
            assert_eq!(packed.steps(), general.steps(), "seed {seed}");
            assert_eq!(packed.stats().generated, general.stats().generated);
            assert_eq!(packed.stats().expanded, general.stats().expanded);
        }
    }

    #[test]
    fn other_tables_are_refused() {
        let goal = Configuration::natural(9);
        let classes = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        let table = MtmPdb::build(3, 3, &goal, &classes, &Limits::default(), &|_| {}).unwrap();
        assert!(MtmClassBoards::new(&table).is_none());
    }
}
