//! Options shared by the subcommands: which puzzle, which goal.

use std::process::ExitCode;

use clap::Args;
use slidepuzzle::format::{infer_board, parse_configuration};
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::{Error, Result};

/// `--puzzle`, `--size` and `--goal`.
#[derive(Args, Clone, Debug, Default)]
pub struct PuzzleArgs {
    /// Puzzle spec: WxH, WxH+diag, WxH:torus, WxHxD, cycle:N, path:N,
    /// complete:N, theta:A,B,C, theta0, petersen, graph:FILE, edges:0-1,1-2.
    /// May be left out for boards written as rows.
    #[arg(long, short = 'p')]
    pub puzzle: Option<String>,
    /// Board size WxH for flat lists (Korf's format); same as --puzzle WxH.
    #[arg(long)]
    pub size: Option<String>,
    /// Goal configuration (default: tile i+1 on vertex i, blank last).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// Number of blanks (all written 0); tiles are 1..n-K.
    #[arg(long, default_value_t = 1)]
    pub blanks: usize,
}

impl PuzzleArgs {
    /// The puzzle from `--puzzle` or `--size`, if given.
    pub fn explicit_puzzle(&self) -> Result<Option<Puzzle>> {
        match (&self.puzzle, &self.size) {
            (Some(_), Some(_)) => Err(Error::argument(
                "--size",
                "give --puzzle or --size, not both",
            )),
            (Some(p), None) => Puzzle::parse(p).map(Some),
            (None, Some(s)) => match Puzzle::parse(s)? {
                p if p.plain_board_size().is_some() => Ok(Some(p)),
                _ => Err(Error::argument(
                    "--size",
                    format!("takes a board WxH, got '{s}'"),
                )),
            },
            (None, None) => Ok(None),
        }
    }

    /// The puzzle, which must be given (commands without a state).
    pub fn puzzle_or_err(&self) -> Result<Puzzle> {
        self.explicit_puzzle()?.ok_or_else(|| {
            Error::argument("--puzzle", "give the puzzle (for example --puzzle 4x4)")
        })
    }

    /// The goal: `--goal` parsed for `puzzle`, or the puzzle's default.
    pub fn goal_for(&self, puzzle: &Puzzle) -> Result<Configuration> {
        if self.blanks == 0 || self.blanks >= puzzle.vertex_count() {
            return Err(Error::argument(
                "--blanks",
                format!(
                    "{} blanks on {} vertices: need at least one blank and one tile",
                    self.blanks,
                    puzzle.vertex_count()
                ),
            ));
        }
        match &self.goal {
            Some(g) => parse_configuration(puzzle, g, self.blanks).map_err(|e| match e {
                Error::Configuration {
                    message,
                    tile,
                    vertices,
                } => Error::config_at(format!("--goal: {message}"), tile, vertices),
                e => e,
            }),
            None if self.blanks == 1 => Ok(puzzle.default_goal()),
            None => Ok(Configuration::natural_with_blanks(
                puzzle.vertex_count(),
                self.blanks,
            )),
        }
    }

    /// Puzzle, start and goal for a state given on the command line.
    pub fn resolve(&self, state: &str) -> Result<(Puzzle, Configuration, Configuration)> {
        let puzzle = match self.explicit_puzzle()? {
            Some(p) => p,
            None => infer_board(state)?,
        };
        let goal = self.goal_for(&puzzle)?;
        let start = parse_configuration(&puzzle, state, self.blanks)?;
        Ok((puzzle, start, goal))
    }
}

/// Prints an error and returns exit code 2.
pub fn fail(e: &Error) -> ExitCode {
    eprintln!("error: {e}");
    ExitCode::from(2)
}

/// Builds (or loads from the cache) the pattern databases named by a
/// heuristic spec: `pdb` (the default partition), `pdb:6-6-3` (group sizes,
/// reading order) or `pdb:1,4,5/2,3,6/...` (explicit tiles); `None` for
/// other heuristics.
pub fn pattern_heuristic(
    heuristic: &str,
    puzzle: &Puzzle,
    goal: &Configuration,
    cache_dir: Option<&std::path::Path>,
    memory_mib: u64,
) -> Result<Option<std::sync::Arc<slidepuzzle::search::pdb_ida::PdbHeuristic>>> {
    use slidepuzzle::search::pdb_ida::{
        PdbHeuristic, check_partition, default_partition, partition_by_sizes,
    };
    let Some(rest) = heuristic.strip_prefix("pdb") else {
        return Ok(None);
    };
    let Some((w, h)) = puzzle.plain_board_size() else {
        return Err(Error::Internal(format!(
            "{} is not a plain board (use graph_pattern)",
            puzzle.spec()
        )));
    };
    // The library names a bad partition `pattern`; the user wrote --heuristic.
    let name_option = |e: Error| match e {
        Error::Argument { message, .. } => {
            Error::argument(format!("--heuristic {heuristic}"), message)
        }
        e => e,
    };
    let number = |x: &str| {
        x.trim().parse::<usize>().map_err(|_| {
            Error::argument("--heuristic", format!("{heuristic}: '{x}' is not a number"))
        })
    };
    let groups: Vec<Vec<u32>> = match rest.strip_prefix(':') {
        None if rest.is_empty() => default_partition(w, h, goal)?,
        None => {
            return Err(Error::argument(
                "--heuristic",
                format!(
                    "unknown heuristic '{heuristic}': expected lc, md, pdb, pdb:6-6-3 or pdb:1,2,3/4,5,6/..."
                ),
            ));
        }
        Some(list) if list.contains('/') || list.contains(',') => {
            let groups: Vec<Vec<u32>> = list
                .split('/')
                .map(|g| g.split(',').map(|x| number(x).map(|t| t as u32)).collect())
                .collect::<Result<_>>()?;
            check_partition(goal, &groups).map_err(name_option)?;
            groups
        }
        Some(list) => {
            let sizes: Vec<usize> = list.split('-').map(number).collect::<Result<_>>()?;
            partition_by_sizes(goal, &sizes).map_err(name_option)?
        }
    };
    let dir = cache_dir
        .map(|d| d.to_path_buf())
        .unwrap_or_else(slidepuzzle::search::pdb::default_cache_dir);
    let max_memory = memory_mib.saturating_mul(1 << 20);
    let report = BuildReporter::new();
    let h = PdbHeuristic::new(w, h, goal, &groups, &dir, max_memory, &|e| report.event(e))?;
    report.finish();
    Ok(Some(std::sync::Arc::new(h)))
}

/// Shows pattern-database builds: messages on stderr, and a progress bar
/// (placements with their entry, depth, layer size) when stderr is a
/// terminal.
pub struct BuildReporter {
    bar: indicatif::ProgressBar,
}

impl BuildReporter {
    /// A reporter drawing on stderr if it is a terminal.
    pub fn new() -> Self {
        use std::io::IsTerminal;
        let bar = if std::io::stderr().is_terminal() {
            let b = indicatif::ProgressBar::new(0);
            b.set_style(
                indicatif::ProgressStyle::with_template(
                    "{elapsed_precise} [{bar:40}] {percent}% of placements {msg}",
                )
                .expect("valid template")
                .progress_chars("=> "),
            );
            b
        } else {
            indicatif::ProgressBar::hidden()
        };
        BuildReporter { bar }
    }

    /// Shows one event.
    pub fn event(&self, event: &slidepuzzle::search::pdb::BuildEvent) {
        use slidepuzzle::search::pdb::BuildEvent;
        match event {
            BuildEvent::Message(m) => {
                if self.bar.is_hidden() {
                    eprintln!("{m}");
                } else {
                    self.bar.println(m);
                    self.bar.reset();
                }
            }
            BuildEvent::Layer(p) => {
                self.bar.set_length(p.placements);
                self.bar.set_position(p.placements_reached);
                self.bar.set_message(format!(
                    "(depth {}, {} states in the layer)",
                    p.depth, p.layer_states
                ));
            }
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Default for BuildReporter {
    fn default() -> Self {
        Self::new()
    }
}

/// Sets the pattern databases a heuristic spec asks for on `options`:
/// board tables (cached) for plain boards, in-memory graph tables with the
/// automatic partition (`pdb`) for other graphs.
pub fn apply_pattern(
    heuristic: &str,
    puzzle: &Puzzle,
    goal: &Configuration,
    cache_dir: Option<&std::path::Path>,
    memory_mib: u64,
    options: &mut slidepuzzle::search::SolveOptions,
) -> Result<()> {
    if !heuristic.starts_with("pdb") {
        return Ok(());
    }
    if puzzle.plain_board_size().is_some() {
        options.pattern = pattern_heuristic(heuristic, puzzle, goal, cache_dir, memory_mib)?;
        return Ok(());
    }
    if heuristic != "pdb" {
        return Err(Error::argument(
            "--heuristic",
            "on graphs other than boards, pdb uses the automatic partition (no sizes)",
        ));
    }
    use slidepuzzle::search::graph_pdb::{GraphPdb, auto_partition};
    let groups = auto_partition(puzzle.graph(), goal, 50_000_000);
    let pdb = GraphPdb::new(
        puzzle.graph(),
        goal,
        groups,
        memory_mib.saturating_mul(1 << 20),
    )?;
    options.graph_pattern = Some(std::sync::Arc::new(pdb));
    Ok(())
}

/// An argument as given, or the contents of FILE for `@FILE` (trimmed):
/// configurations and move lists too large for a command line.
pub fn read_arg(arg: &str) -> Result<String> {
    match arg.strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .map(|t| t.trim().to_string())
            .map_err(|e| Error::io(path, e)),
        None => Ok(arg.to_string()),
    }
}
