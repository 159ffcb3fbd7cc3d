//! A puzzle: a graph, what family it belongs to, and how to draw it.

use std::fmt;

use super::budget::SizeBudget;
use super::config::Configuration;
use super::digraph::Digraph;
use super::exchanges::Exchanges;
use super::graph::Graph;
use super::rotating::RotatingPuzzle;
use super::turns::Turns;
use crate::error::{Error, Result};

/// The family a puzzle was built from. Boards and boxes know their geometry,
/// so moves can be written as slidysim letters and fast kernels can be chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleKind {
    /// A `width x height` board, cell `(x, y)` is vertex `x + width * y`
    /// (row-major, top row first). `diagonal` adds the king moves of seed
    /// 000's "8-puzzle with diagonal movements"; `torus` wraps rows and
    /// columns.
    Board {
        /// Number of columns (W).
        width: usize,
        /// Number of rows (H).
        height: usize,
        /// Whether diagonal neighbours are adjacent too.
        diagonal: bool,
        /// Whether rows and columns wrap around.
        torus: bool,
    },
    /// A `width x height x depth` box; vertex `(x, y, z)` is
    /// `x + width * (y + height * z)` (docs/THEORY.md section 1). `2x2x2` is the
    /// Varikon box.
    Box {
        /// Extent along x.
        width: usize,
        /// Extent along y.
        height: usize,
        /// Extent along z (number of layers).
        depth: usize,
    },
    /// Any other graph (cycles, paths, theta graphs, JSON graphs, ...).
    Graph,
}

/// A sliding puzzle: a graph plus the family it came from, its canonical
/// spec string, optional vertex names and drawing positions, and an
/// optional goal that overrides the default.
#[derive(Clone, Debug)]
pub struct Puzzle {
    graph: Graph,
    kind: PuzzleKind,
    spec: String,
    vertex_names: Option<Vec<String>>,
    positions: Option<Vec<[f64; 3]>>,
    goal: Option<Configuration>,
    /// The moves of a puzzle with one-way edges (`graph` is then its
    /// underlying graph); `None` when every edge is two-way.
    one_way: Option<std::sync::Arc<Digraph>>,
    /// The turns of a puzzle whose tiles turn as they slide; `None` when
    /// they do not (docs/THEORY.md section 8).
    turns: Option<std::sync::Arc<Turns>>,
    /// The cycles of a rotating puzzle (no blank; a move turns one cycle);
    /// `None` for a sliding puzzle (docs/THEORY.md section 9).
    rotating: Option<std::sync::Arc<RotatingPuzzle>>,
    /// The pairs a slide also exchanges (Conway's M13); `None` when every
    /// slide moves one tile only (docs/THEORY.md section 12).
    exchanges: Option<std::sync::Arc<Exchanges>>,
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.spec)
    }
}

/// The six axis directions a tile can move on a board or in a box.
///
/// The letter names the direction **the tile moves** (slidysim): `U` slides
/// the tile below the blank up, so the blank goes down. In boxes `F`
/// (front) moves the tile to the layer with smaller z, `B` (back) to larger
/// z.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Tile moves up (blank moves down, +y).
    Up,
    /// Tile moves down (blank moves up, -y).
    Down,
    /// Tile moves left (blank moves right, +x).
    Left,
    /// Tile moves right (blank moves left, -x).
    Right,
    /// Tile moves to the previous layer (blank moves +z).
    Front,
    /// Tile moves to the next layer (blank moves -z).
    Back,
}

impl Direction {
    /// All six directions, in letter order U D L R F B.
    pub const ALL: [Direction; 6] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
        Direction::Front,
        Direction::Back,
    ];

    /// The slidysim letter.
    pub(crate) fn letter(self) -> char {
        match self {
            Direction::Up => 'U',
            Direction::Down => 'D',
            Direction::Left => 'L',
            Direction::Right => 'R',
            Direction::Front => 'F',
            Direction::Back => 'B',
        }
    }

    /// Parses a letter (case-insensitive).
    pub(crate) fn from_letter(c: char) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| d.letter() == c.to_ascii_uppercase())
    }

    /// The axis the direction runs along: 0 for x (left, right), 1 for y
    /// (up, down), 2 for z (front, back).
    pub(crate) fn axis(self) -> usize {
        match self {
            Direction::Left | Direction::Right => 0,
            Direction::Up | Direction::Down => 1,
            Direction::Front | Direction::Back => 2,
        }
    }

    /// The blank's displacement `(dx, dy, dz)` for this tile direction.
    pub(crate) fn blank_delta(self) -> (isize, isize, isize) {
        match self {
            Direction::Up => (0, 1, 0),
            Direction::Down => (0, -1, 0),
            Direction::Left => (1, 0, 0),
            Direction::Right => (-1, 0, 0),
            Direction::Front => (0, 0, 1),
            Direction::Back => (0, 0, -1),
        }
    }
}

impl Puzzle {
    /// Builds a puzzle from its parts. Prefer [`Puzzle::parse`] or the named
    /// constructors; this is for graphs read from elsewhere.
    pub fn new(graph: Graph, kind: PuzzleKind, spec: impl Into<String>) -> Self {
        Puzzle {
            graph,
            kind,
            spec: spec.into(),
            vertex_names: None,
            positions: None,
            goal: None,
            one_way: None,
            turns: None,
            rotating: None,
            exchanges: None,
        }
    }

    /// A rotating puzzle (Yang 2011; [`crate::model::rotating`]) in the
    /// one model: a token on every vertex and no blank (its configurations
    /// hold tiles `1..=n` and no 0), its graph the edges its cycles run
    /// along, drawn where [`RotatingPuzzle::positions`] says. Its moves
    /// are [`Puzzle::rotating`]'s turns, not slides; always of kind
    /// [`PuzzleKind::Graph`], so no sliding kernel or letter notation
    /// applies to it.
    ///
    /// ```
    /// use slidepuzzle::Puzzle;
    /// let p = Puzzle::parse("3x3:twiddle").unwrap();
    /// assert_eq!(p.rotating().map(|r| r.cycles().len()), Some(4));
    /// assert_eq!(p.default_goal().cells(), &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    /// assert_eq!((p.default_blank_count(), p.graph().edge_count()), (0, 12));
    /// ```
    ///
    /// # Errors
    /// None in practice ([`Graph::from_edges`] on the cycles' own edges);
    /// typed as the graph's.
    pub(crate) fn from_rotating(rotating: RotatingPuzzle) -> Result<Self> {
        let graph = Graph::from_edges(rotating.vertex_count(), &rotating.edges())?;
        let mut p = Puzzle::new(graph, PuzzleKind::Graph, rotating.spec());
        p.positions = rotating.positions().map(<[[f64; 3]]>::to_vec);
        p.goal = Configuration::from_cells(rotating.goal(), 0).ok();
        p.rotating = Some(std::sync::Arc::new(rotating));
        Ok(p)
    }

    /// The cycles of a rotating puzzle; `None` for a sliding one.
    pub fn rotating(&self) -> Option<&RotatingPuzzle> {
        self.rotating.as_deref()
    }

    /// The number of blanks a face assumes when the user names none and
    /// there is no configuration to count them in: 0 on a rotating puzzle,
    /// else 1.
    pub fn default_blank_count(&self) -> usize {
        if self.rotating.is_some() { 0 } else { 1 }
    }

    /// A puzzle with one-way edges: a tile slides from `u` to `v` only
    /// along an arc `u -> v` (a two-way edge is a pair of arcs), so the
    /// blank moves against the arcs (docs/THEORY.md section 7). Its
    /// [`Puzzle::graph`] is the underlying graph, for drawing and layout;
    /// its moves are [`Puzzle::blank_moves`]. With every arc two-way it is
    /// the plain puzzle on that graph. Always of kind
    /// [`PuzzleKind::Graph`], so no board kernel or letter notation
    /// applies to it.
    ///
    /// ```
    /// use slidepuzzle::model::{Puzzle, digraph::Digraph};
    /// let p = Puzzle::one_way(Digraph::parse("arcs:0>1,1>2,2>0").unwrap(), "arcs:0>1,1>2,2>0");
    /// assert_eq!(p.blank_moves(1), &[0]); // the tile on 0 slides into 1
    /// assert!(p.allows_blank_move(1, 0) && !p.allows_blank_move(0, 1));
    /// ```
    pub fn one_way(digraph: Digraph, spec: impl Into<String>) -> Self {
        let graph = digraph.underlying_graph();
        let symmetric = digraph
            .arcs()
            .all(|(u, v)| digraph.successors(v).contains(&u));
        let mut p = Puzzle::new(graph, PuzzleKind::Graph, spec);
        if !symmetric {
            p.one_way = Some(std::sync::Arc::new(digraph));
        }
        p
    }

    /// The same puzzle with tiles that turn by `turns` as they slide
    /// (docs/THEORY.md section 8; [`crate::model::turns`]). Its goal and
    /// configurations carry orientations.
    pub(crate) fn with_turns(mut self, turns: Turns) -> Self {
        self.turns = Some(std::sync::Arc::new(turns));
        self
    }

    /// The turns of a puzzle whose tiles turn; `None` when they do not.
    pub fn turns(&self) -> Option<&Turns> {
        self.turns.as_deref()
    }

    /// The same puzzle with tiles that do not turn (its positions alone).
    pub(crate) fn without_turns(&self) -> Puzzle {
        let mut p = self.clone();
        p.turns = None;
        if let Some(goal) = p.goal.take() {
            p.goal = Configuration::from_cells(goal.cells().to_vec(), goal.blanks().len()).ok();
        }
        p
    }

    /// Slides the tile on `from` to the blank on `to`, turning it by the
    /// edge's turn on a turning puzzle and exchanging the edge's pair on
    /// a puzzle whose slides exchange ([`Puzzle::exchanges`]). The caller
    /// checks the move ([`Puzzle::allows_blank_move`]`(to, from)`).
    pub fn slide(&self, config: &mut Configuration, from: usize, to: usize) {
        config.swap(from, to);
        if let Some(t) = &self.turns {
            let o = t.add(config.orientation_at(to), t.turn(from, to));
            config.set_orientation(to, o);
        }
        if let Some((r, s)) = self.exchanges.as_ref().and_then(|x| x.pair(from, to)) {
            config.swap(r, s);
        }
    }

    /// The same puzzle with slides that also exchange `exchanges`' pairs
    /// ([`crate::model::exchanges`]).
    pub(crate) fn with_exchanges(mut self, exchanges: Exchanges) -> Self {
        self.exchanges = Some(std::sync::Arc::new(exchanges));
        self
    }

    /// The pairs a slide also exchanges on a puzzle like Conway's M13
    /// ([`crate::model::exchanges`]); `None` when every slide moves one
    /// tile only.
    pub fn exchanges(&self) -> Option<&Exchanges> {
        self.exchanges.as_deref()
    }

    /// [`Error::Unsupported`] naming `what` on a puzzle whose slides
    /// exchange other tiles (M13): for the parts of the library that
    /// assume a slide moves one tile only.
    ///
    /// # Errors
    /// As described, when [`Puzzle::exchanges`] is some.
    pub(crate) fn require_no_exchanges(&self, what: &str) -> Result<()> {
        self.refuse_if(self.exchanges.is_some(), |spec| {
            format!(
                "{what} is not available for puzzles whose moves exchange other tiles ({spec}); check, analyze, solve, scramble, apply and godsnumber are"
            )
        })
    }

    /// [`Error::Unsupported`] naming `what` on a puzzle whose tiles turn:
    /// for the parts of the library that know tiles only by position.
    ///
    /// # Errors
    /// As described, when [`Puzzle::turns`] is some.
    pub(crate) fn require_no_turns(&self, what: &str) -> Result<()> {
        self.refuse_if(self.turns.is_some(), |spec| {
            format!("{what} is not available for puzzles whose tiles turn ({spec}) yet")
        })
    }

    /// [`Error::Unsupported`] with `message` (given the spec, excerpted)
    /// when `refused`; the one shape of the `require_*` guards.
    fn refuse_if(&self, refused: bool, message: impl FnOnce(&str) -> String) -> Result<()> {
        if refused {
            Err(Error::unsupported(message(&crate::error::excerpt(
                &self.spec,
            ))))
        } else {
            Ok(())
        }
    }

    /// [`Error::Unsupported`] naming `what` on a rotating puzzle (which
    /// has no blank and no slides); `Ok` on a sliding one.
    ///
    /// # Errors
    /// As above.
    pub(crate) fn require_sliding(&self, what: &str) -> Result<()> {
        self.refuse_if(self.rotating.is_some(), |spec| {
            format!(
                "{what}: not available for rotating puzzles ({spec}) yet; solve, check, analyze, scramble, apply and render are"
            )
        })
    }

    /// A configuration with orientations where the puzzle's tiles turn
    /// (all 0 where `config` has none), unchanged otherwise.
    ///
    /// # Errors
    /// [`Error::Configuration`] for orientations on a puzzle whose tiles do
    /// not turn, or outside Z_k.
    pub(crate) fn orient(&self, config: Configuration) -> Result<Configuration> {
        match (&self.turns, config.orientations().is_empty()) {
            (Some(t), true) => {
                let n = config.len();
                config.with_orientations(vec![0; n], t.modulus())
            }
            (Some(t), false) => {
                let o = config.orientations().to_vec();
                config.with_orientations(o, t.modulus())
            }
            (None, true) => Ok(config),
            (None, false) if config.orientations().iter().all(|&o| o == 0) => Ok(
                Configuration::from_cells(config.cells().to_vec(), config.blanks().len())?,
            ),
            (None, false) => {
                let v = config
                    .orientations()
                    .iter()
                    .position(|&o| o != 0)
                    .unwrap_or(0);
                Err(Error::config_at(
                    format!(
                        "tile {} at position {} is turned, but the tiles of {} do not turn",
                        config.tile_at(v),
                        v + 1,
                        crate::error::excerpt(&self.spec)
                    ),
                    Some(config.tile_at(v)),
                    vec![v],
                ))
            }
        }
    }

    /// The digraph of a puzzle with one-way edges ([`Puzzle::one_way`]);
    /// `None` when every edge is two-way.
    pub fn digraph(&self) -> Option<&Digraph> {
        self.one_way.as_deref()
    }

    /// Where a blank on `v` may move: its neighbours, or on a puzzle with
    /// one-way edges the tails of the arcs into `v` (whose tiles may slide
    /// into it). In the graph's neighbour order.
    pub fn blank_moves(&self, v: usize) -> &[usize] {
        match &self.one_way {
            Some(d) => d.blank_moves(v),
            None => self.graph.neighbors(v),
        }
    }

    /// Where a blank on `v` came from by one move: the reverse of
    /// [`Puzzle::blank_moves`] (the heads of the arcs out of `v` on a
    /// one-way puzzle, the neighbours otherwise). Backward searches from a
    /// goal follow these.
    pub fn blank_moves_back(&self, v: usize) -> &[usize] {
        match &self.one_way {
            Some(d) => d.successors(v),
            None => self.graph.neighbors(v),
        }
    }

    /// Whether a blank on `blank` may move to `to` (the tile on `to`
    /// slides into `blank`). False for vertices outside the puzzle.
    pub fn allows_blank_move(&self, blank: usize, to: usize) -> bool {
        let n = self.vertex_count();
        blank < n
            && to < n
            && match &self.one_way {
                Some(d) => d.successors(to).contains(&blank),
                None => self.graph.has_edge(blank, to),
            }
    }

    /// [`Error::Unsupported`] naming `what` on a puzzle with one-way edges
    /// that is not strongly connected. A strongly connected one reaches
    /// exactly what its two-way version reaches (the reversal theorem,
    /// docs/THEORY.md section 7), so the theory of [`Puzzle::graph`]
    /// answers for it.
    ///
    /// # Errors
    /// As described.
    pub(crate) fn require_reversible(&self, what: &str) -> Result<()> {
        let refused = self
            .one_way
            .as_ref()
            .is_some_and(|d| !d.is_strongly_connected());
        self.refuse_if(refused, |spec| {
            format!(
                "{what} needs a one-way puzzle to be strongly connected (every vertex reaching \
                 every other along the arcs); {spec} is not"
            )
        })
    }

    /// [`Error::Unsupported`] naming `what` on a puzzle with one-way
    /// edges: for the parts of the library that assume every move can be
    /// undone (block theory, constructive solvers, tables, GAP export).
    ///
    /// # Errors
    /// As described, when [`Puzzle::digraph`] is some.
    pub(crate) fn require_two_way(&self, what: &str) -> Result<()> {
        self.refuse_if(self.one_way.is_some(), |spec| {
            format!("{what} is not available for puzzles with one-way edges ({spec}) yet")
        })
    }

    /// A `width x height` board; see [`PuzzleKind::Board`].
    ///
    /// # Errors
    /// [`Error::Spec`] if a side is 0 or the board has fewer than 2 cells.
    pub fn board(width: usize, height: usize, diagonal: bool, torus: bool) -> Result<Self> {
        Self::board_within(width, height, diagonal, torus, &SizeBudget::DEFAULT)
    }

    /// [`Puzzle::board`] within `budget`, checked before anything is built.
    ///
    /// # Errors
    /// As [`Puzzle::board`]; [`Error::Limit`] above the budget.
    pub(crate) fn board_within(
        width: usize,
        height: usize,
        diagonal: bool,
        torus: bool,
        budget: &SizeBudget,
    ) -> Result<Self> {
        let cells = super::budget::mul(width, height);
        // At most 4 edges per cell (grid, torus, diagonals).
        budget.check(cells, cells.and_then(|c| c.checked_mul(4)))?;
        if width == 0 || height == 0 || width * height < 2 {
            return Err(Error::spec(
                "",
                format!("board {width}x{height} needs at least 2 cells and sides >= 1"),
            ));
        }
        let mut edges = Vec::new();
        let idx = |x: usize, y: usize| x + width * y;
        for y in 0..height {
            for x in 0..width {
                if x + 1 < width {
                    edges.push((idx(x, y), idx(x + 1, y)));
                } else if torus && width > 1 {
                    edges.push((idx(x, y), idx(0, y)));
                }
                if y + 1 < height {
                    edges.push((idx(x, y), idx(x, y + 1)));
                } else if torus && height > 1 {
                    edges.push((idx(x, y), idx(x, 0)));
                }
                if diagonal && y + 1 < height {
                    if x + 1 < width {
                        edges.push((idx(x, y), idx(x + 1, y + 1)));
                    }
                    if x > 0 {
                        edges.push((idx(x, y), idx(x - 1, y + 1)));
                    }
                }
            }
        }
        let mut spec = format!("{width}x{height}");
        if diagonal {
            spec.push_str("+diag");
        }
        if torus {
            spec.push_str(":torus");
        }
        let graph = Graph::from_edges(width * height, &edges)?;
        let mut p = Puzzle::new(
            graph,
            PuzzleKind::Board {
                width,
                height,
                diagonal,
                torus,
            },
            spec,
        );
        p.positions = Some(
            (0..width * height)
                .map(|v| [(v % width) as f64, (v / width) as f64, 0.0])
                .collect(),
        );
        Ok(p)
    }

    /// A `width x height x depth` box (3-D grid graph) within `budget`,
    /// checked before anything is built.
    ///
    /// # Errors
    /// [`Error::Spec`] if a side is 0 or the box has fewer than 2 cells;
    /// [`Error::Limit`] above the budget.
    pub(crate) fn cuboid_within(
        width: usize,
        height: usize,
        depth: usize,
        budget: &SizeBudget,
    ) -> Result<Self> {
        let cells = super::budget::mul(width, height).and_then(|c| c.checked_mul(depth as u64));
        budget.check(cells, cells.and_then(|c| c.checked_mul(3)))?;
        let n = width * height * depth;
        if width == 0 || height == 0 || depth == 0 || n < 2 {
            return Err(Error::spec(
                "",
                format!("box {width}x{height}x{depth} needs at least 2 cells and sides >= 1"),
            ));
        }
        let idx = |x: usize, y: usize, z: usize| x + width * (y + height * z);
        let mut edges = Vec::new();
        for z in 0..depth {
            for y in 0..height {
                for x in 0..width {
                    if x + 1 < width {
                        edges.push((idx(x, y, z), idx(x + 1, y, z)));
                    }
                    if y + 1 < height {
                        edges.push((idx(x, y, z), idx(x, y + 1, z)));
                    }
                    if z + 1 < depth {
                        edges.push((idx(x, y, z), idx(x, y, z + 1)));
                    }
                }
            }
        }
        let graph = Graph::from_edges(n, &edges)?;
        let mut p = Puzzle::new(
            graph,
            PuzzleKind::Box {
                width,
                height,
                depth,
            },
            format!("{width}x{height}x{depth}"),
        );
        p.positions = Some(
            (0..n)
                .map(|v| {
                    [
                        (v % width) as f64,
                        ((v / width) % height) as f64,
                        (v / (width * height)) as f64,
                    ]
                })
                .collect(),
        );
        Ok(p)
    }

    /// Sets vertex names (used by JSON graphs); `names.len()` must equal the
    /// vertex count.
    pub(crate) fn with_vertex_names(mut self, names: Vec<String>) -> Self {
        debug_assert_eq!(names.len(), self.vertex_count());
        self.vertex_names = Some(names);
        self
    }

    /// Sets drawing positions (2-D positions have z = 0).
    pub(crate) fn with_positions(mut self, positions: Vec<[f64; 3]>) -> Self {
        debug_assert_eq!(positions.len(), self.vertex_count());
        self.positions = Some(positions);
        self
    }

    /// Sets the puzzle's own goal, used when the user gives none.
    pub(crate) fn with_goal(mut self, goal: Configuration) -> Self {
        self.goal = Some(goal);
        self
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The family.
    pub fn kind(&self) -> &PuzzleKind {
        &self.kind
    }

    /// The sides of a plain box of any dimension, first coordinate first:
    /// `[W, H]` for a board without diagonals or wrapping, `[W, H, D]` for
    /// a box, `[S0, S1, ...]` for a box of four or more dimensions (a graph
    /// puzzle whose spec is `S0xS1x...`); `None` for anything else. Vertex
    /// `c0 + S0 * (c1 + S1 * ...)` has coordinates `(c0, c1, ...)`.
    ///
    /// ```
    /// use slidepuzzle::Puzzle;
    /// assert_eq!(Puzzle::parse("4x3").unwrap().box_sides(), Some(vec![4, 3]));
    /// assert_eq!(Puzzle::parse("2x2x2x2").unwrap().box_sides(), Some(vec![2; 4]));
    /// assert_eq!(Puzzle::parse("4x4:torus").unwrap().box_sides(), None);
    /// ```
    pub fn box_sides(&self) -> Option<Vec<usize>> {
        if self.turns.is_some() || self.one_way.is_some() || self.rotating.is_some() {
            return None;
        }
        match self.kind {
            PuzzleKind::Board {
                width,
                height,
                diagonal: false,
                torus: false,
            } => Some(vec![width, height]),
            PuzzleKind::Box {
                width,
                height,
                depth,
            } => Some(vec![width, height, depth]),
            PuzzleKind::Board { .. } => None,
            PuzzleKind::Graph => {
                let sides: Vec<usize> = self
                    .spec
                    .split('x')
                    .map(|s| s.parse().ok())
                    .collect::<Option<_>>()?;
                (sides.len() >= 4 && sides.iter().product::<usize>() == self.vertex_count())
                    .then_some(sides)
            }
        }
    }

    /// The canonical spec string (`4x4`, `theta:1,2,2`, `graph:FILE`, ...).
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Number of vertices (cells).
    pub fn vertex_count(&self) -> usize {
        self.graph.vertex_count()
    }

    /// Vertex names, when the puzzle came from a JSON graph that had them.
    pub fn vertex_names(&self) -> Option<&[String]> {
        self.vertex_names.as_deref()
    }

    /// Drawing positions `[x, y, z]` per vertex, when known.
    pub fn positions(&self) -> Option<&[[f64; 3]]> {
        self.positions.as_deref()
    }

    /// `(width, height)` for plain boards (no diagonals, no wrap), the ones
    /// the fast board kernels handle.
    pub fn plain_board_size(&self) -> Option<(usize, usize)> {
        match self.kind {
            PuzzleKind::Board {
                width,
                height,
                diagonal: false,
                torus: false,
            } => Some((width, height)),
            _ => None,
        }
    }

    /// The geometry of straight lines, where the multi-tile metric is
    /// defined: the extents `[x, y, z]` (a board has depth 1) and whether
    /// lines wrap around (tori); `None` for boards with diagonal moves and
    /// other graphs. A line along an axis of extent `L` holds `L` cells, so
    /// a run of the blank moves at most `L - 1` tiles.
    ///
    /// ```
    /// use slidepuzzle::model::Puzzle;
    /// assert_eq!(Puzzle::parse("4x3:torus").unwrap().straight_lines(), Some(([4, 3, 1], true)));
    /// assert_eq!(Puzzle::parse("2x2x2").unwrap().straight_lines(), Some(([2, 2, 2], false)));
    /// assert_eq!(Puzzle::parse("3x3+diag").unwrap().straight_lines(), None);
    /// ```
    pub fn straight_lines(&self) -> Option<([usize; 3], bool)> {
        match self.kind {
            PuzzleKind::Board {
                width,
                height,
                diagonal: false,
                torus,
            } => Some(([width, height, 1], torus)),
            PuzzleKind::Box {
                width,
                height,
                depth,
            } => Some(([width, height, depth], false)),
            _ => None,
        }
    }

    /// The coordinates `[x, y, z]` of vertex `v` on a board or box (see
    /// [`PuzzleKind`] for the numbering), `None` on other graphs.
    pub(crate) fn coordinates(&self, v: usize) -> Option<[usize; 3]> {
        self.coords(v).map(|(x, y, z, ..)| [x, y, z])
    }

    /// The goal: the puzzle's own if it has one, else the default (tile
    /// `i + 1` on vertex `i`, blank on the last vertex; docs/THEORY.md section 1).
    pub fn default_goal(&self) -> Configuration {
        let goal = self
            .goal
            .clone()
            .unwrap_or_else(|| Configuration::natural(self.vertex_count()));
        match self.turns {
            Some(_) => self.orient(goal.clone()).unwrap_or(goal),
            None => goal,
        }
    }

    /// Checks that `blanks` blanks fit the puzzle: at least one blank and
    /// one tile on a sliding puzzle, none on a rotating one.
    ///
    /// # Errors
    /// [`crate::error::Error::Argument`] named `blanks` otherwise.
    pub fn check_blank_count(&self, blanks: usize) -> crate::error::Result<()> {
        let n = self.vertex_count();
        if self.rotating.is_some() {
            if blanks != 0 {
                return Err(crate::error::Error::argument(
                    "blanks",
                    format!(
                        "{blanks} blanks on the rotating puzzle {}: it has none (a token on every vertex)",
                        crate::error::excerpt(&self.spec)
                    ),
                ));
            }
            return Ok(());
        }
        if blanks == 0 || blanks >= n {
            return Err(crate::error::Error::argument(
                "blanks",
                format!("{blanks} blanks on {n} vertices: need at least one blank and one tile"),
            ));
        }
        Ok(())
    }

    /// The goal with `blanks` blanks, the one default of every face: the
    /// puzzle's own goal ([`Puzzle::default_goal`]) with one blank, else
    /// tile `i + 1` on vertex `i` and the blanks on the last `blanks`
    /// vertices ([`Configuration::natural_with_blanks`]).
    ///
    /// ```
    /// use slidepuzzle::Puzzle;
    /// let p = Puzzle::parse("2x3").unwrap();
    /// assert_eq!(p.goal_with_blanks(2).unwrap().cells(), &[1, 2, 3, 4, 0, 0]);
    /// assert_eq!(p.goal_with_blanks(1).unwrap(), p.default_goal());
    /// assert!(p.goal_with_blanks(6).is_err());
    /// ```
    ///
    /// # Errors
    /// As [`Puzzle::check_blank_count`].
    pub fn goal_with_blanks(&self, blanks: usize) -> crate::error::Result<Configuration> {
        self.check_blank_count(blanks)?;
        Ok(if blanks == self.default_blank_count() {
            self.default_goal()
        } else {
            self.orient(Configuration::natural_with_blanks(
                self.vertex_count(),
                blanks,
            ))?
        })
    }

    /// Coordinates `(x, y, z)` of vertex `v` on a board or box.
    fn coords(&self, v: usize) -> Option<(usize, usize, usize, usize, usize, usize)> {
        match self.kind {
            PuzzleKind::Board { width, height, .. } => {
                Some((v % width, v / width, 0, width, height, 1))
            }
            PuzzleKind::Box {
                width,
                height,
                depth,
            } => Some((
                v % width,
                (v / width) % height,
                v / (width * height),
                width,
                height,
                depth,
            )),
            PuzzleKind::Graph => None,
        }
    }

    /// The vertex the blank goes to when a tile at `blank`'s neighbour moves
    /// in direction `d`, or `None` if there is no such tile (the move is off
    /// the board) or the puzzle has no geometry. Wraps on tori.
    pub fn blank_target(&self, blank: usize, d: Direction) -> Option<usize> {
        let (x, y, z, w, h, depth) = self.coords(blank)?;
        let torus = matches!(self.kind, PuzzleKind::Board { torus: true, .. });
        let (dx, dy, dz) = d.blank_delta();
        let step = |c: usize, delta: isize, size: usize| -> Option<usize> {
            let t = c as isize + delta;
            if (0..size as isize).contains(&t) {
                Some(t as usize)
            } else if torus && size > 1 && delta != 0 {
                Some(t.rem_euclid(size as isize) as usize)
            } else {
                None
            }
        };
        let (nx, ny, nz) = (step(x, dx, w)?, step(y, dy, h)?, step(z, dz, depth)?);
        let target = nx + w * (ny + h * nz);
        (target != blank).then_some(target)
    }

    /// The direction the tile moves when the blank goes from `from` to the
    /// neighbouring vertex `to`, or `None` for diagonal moves and graphs
    /// without geometry.
    pub(crate) fn direction_of(&self, from: usize, to: usize) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|&d| self.blank_target(from, d) == Some(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_edges_and_directions() {
        let p = Puzzle::board(3, 3, false, false).unwrap();
        assert_eq!(p.graph().edge_count(), 12);
        // Blank in the centre (4): U moves the tile below (7) up.
        assert_eq!(p.blank_target(4, Direction::Up), Some(7));
        assert_eq!(p.blank_target(4, Direction::Left), Some(5));
        assert_eq!(p.blank_target(8, Direction::Up), None);
        assert_eq!(p.direction_of(4, 1), Some(Direction::Down));
    }

    #[test]
    fn torus_diag_and_box() {
        let t = Puzzle::board(4, 4, false, true).unwrap();
        assert_eq!(t.graph().edge_count(), 32);
        assert_eq!(t.blank_target(3, Direction::Left), Some(0));
        let d = Puzzle::board(3, 3, true, false).unwrap();
        assert_eq!(d.graph().edge_count(), 20);
        assert_eq!(d.direction_of(0, 4), None);
        let b = Puzzle::cuboid_within(2, 2, 2, &SizeBudget::DEFAULT).unwrap();
        assert_eq!(b.graph().edge_count(), 12);
        assert_eq!(b.blank_target(0, Direction::Front), Some(4));
    }

    #[test]
    fn tiny_boards_are_rejected() {
        assert!(Puzzle::board(1, 1, false, false).is_err());
        assert!(Puzzle::board(0, 3, false, false).is_err());
    }
}
