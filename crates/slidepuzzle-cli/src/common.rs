//! Options shared by the subcommands: which puzzle, which goal.

use std::process::ExitCode;

use clap::Args;
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::problem::{Batch, Given, Problem};
use slidepuzzle::{Error, Result};

/// `--puzzle`, `--size` and `--goal`.
#[derive(Args, Clone, Debug, Default)]
pub struct PuzzleArgs {
    /// The puzzle spec (may be left out for boards written as rows); the
    /// forms are the library's list (`slidepuzzle::model::spec::SPEC_FORMS`).
    #[arg(long, short = 'p', help = puzzle_help(), long_help = puzzle_long_help())]
    pub puzzle: Option<String>,
    /// Board size WxH for flat lists (Korf's format); same as --puzzle WxH.
    #[arg(long)]
    pub size: Option<String>,
    /// Goal configuration (default: tile i+1 on vertex i, blank last).
    #[arg(long, short = 'g')]
    pub goal: Option<String>,
    /// Number of blanks (all written 0); tiles are 1..n-K. Default: the
    /// number of 0s in the configuration given, else 1.
    #[arg(long)]
    pub blanks: Option<usize>,
}

/// The library's argument error about `name` worded with the CLI's `flag`
/// (the library names its own values, each face its own flags); other
/// errors pass unchanged.
pub fn flag_named(name: &str, flag: &str, e: Error) -> Error {
    match e {
        Error::Argument { name: n, message } if n == name => Error::argument(flag, message),
        e => e,
    }
}

/// `--puzzle`'s help: every spec form the library reads.
fn puzzle_help() -> String {
    format!(
        "Puzzle spec: {} (may be left out for boards written as rows)",
        slidepuzzle::model::spec::spec_forms()
    )
}

/// `--puzzle`'s long help: every spec form, an example and what it is.
fn puzzle_long_help() -> String {
    let mut text = String::from(
        "Puzzle spec (may be left out for boards written as rows). The forms, each with an example:\n",
    );
    for (form, example, what) in slidepuzzle::model::spec::SPEC_FORMS {
        text.push_str(&format!("  {form:<24} {what} (e.g. {example})\n"));
    }
    text
}

impl PuzzleArgs {
    /// The puzzle from `--puzzle` or `--size`, if given.
    pub fn explicit_puzzle(&self) -> Result<Option<Puzzle>> {
        match (&self.puzzle, &self.size) {
            (Some(_), Some(_)) => Err(Error::argument(
                "--size",
                "give --puzzle or --size, not both",
            )),
            (Some(p), None) => parse_puzzle(p).map(Some),
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

    /// The number of blanks without a configuration to count them in:
    /// `--blanks`, else 1.
    pub fn blank_count(&self) -> usize {
        self.blanks.unwrap_or(1)
    }

    /// What the command line was given, for the library to read (it
    /// decides the defaults: [`slidepuzzle::problem`]).
    fn given(&self) -> Result<Given<'_>> {
        Ok(Given {
            puzzle: self.explicit_puzzle()?,
            goal: self.goal.as_deref(),
            blanks: self.blanks,
        })
    }

    /// The goal for `puzzle`: `--goal`, else the library's default with
    /// [`PuzzleArgs::blank_count`] blanks.
    pub fn goal_for(&self, puzzle: &Puzzle) -> Result<Configuration> {
        let given = Given {
            puzzle: None,
            goal: self.goal.as_deref(),
            blanks: self.blanks,
        };
        given.goal_for(puzzle).map_err(blanks_flag)
    }

    /// The problem a state given on the command line poses (puzzle, start
    /// and goal; the blanks are `--blanks`, else the state's 0s).
    pub fn problem(&self, state: &str) -> Result<Problem> {
        self.given()?.read(state).map_err(blanks_flag)
    }

    /// [`PuzzleArgs::problem`] as a tuple.
    pub fn resolve(&self, state: &str) -> Result<(Puzzle, Configuration, Configuration)> {
        let Problem {
            puzzle,
            start,
            goal,
        } = self.problem(state)?;
        Ok((puzzle, start, goal))
    }

    /// The batch a `--file` holds: one puzzle, one goal, many starts.
    pub fn batch(&self, text: &str) -> Result<Batch> {
        self.given()?.read_batch(text).map_err(blanks_flag)
    }
}

/// The library's `blanks` argument error worded with `--blanks`.
fn blanks_flag(e: Error) -> Error {
    flag_named("blanks", "--blanks", e)
}

/// Parses a puzzle spec; `graph:FILE` reads FILE (the command line is the
/// only face that reads graph files).
pub fn parse_puzzle(spec: &str) -> Result<Puzzle> {
    let load = |name: &str| read_text(std::path::Path::new(name), InputKind::Graph);
    Puzzle::parse_with(spec, Some(&load))
}

/// Prints an error and returns exit code 2; `streams`: the command can
/// stream its answer to a file (`solve --output`), which the memory hint
/// then suggests.
pub fn fail(e: &Error, streams: bool) -> ExitCode {
    eprintln!("error: {e}");
    if let Some(hint) = e.hint() {
        eprintln!("hint: try {}", hint_flag(hint));
    }
    if let Error::Limit { resource, .. } = e.unhinted() {
        // How to allow it, where the command line can.
        match resource {
            slidepuzzle::Resource::Memory => eprintln!(
                "hint: raise the budget with --memory MiB{}; the default budget is 3/4 of the least of {}",
                if streams {
                    "; `--output FILE` streams a large board's moves instead of holding them"
                } else {
                    ""
                },
                MemorySources::read().describe()
            ),
            slidepuzzle::Resource::Moves => {
                eprintln!("hint: the budget is fixed; split the moves into shorter pieces")
            }
            _ => eprintln!("hint: this is the largest size the command accepts"),
        }
    }
    ExitCode::from(2)
}

/// A library [`slidepuzzle::Hint`] as this command line's flags
/// (`--algo ida`, `--metric stm`, `--puzzle SPEC or --size WxH`).
pub fn hint_flag(hint: &slidepuzzle::Hint) -> String {
    let flag = match hint.option {
        "algorithm" => "--algo",
        "metric" => "--metric",
        "puzzle" => return "--puzzle SPEC or --size WxH".into(),
        other => return format!("the {other} option"),
    };
    match hint.value {
        Some(v) => format!("{flag} {v}"),
        None => flag.to_string(),
    }
}

/// A `--timeout`-like option in seconds, checked ([`Limits::timeout_seconds`]).
///
/// [`Limits::timeout_seconds`]: slidepuzzle::Limits::timeout_seconds
pub fn timeout_arg(name: &str, seconds: Option<f64>) -> Result<Option<std::time::Duration>> {
    seconds
        .map(slidepuzzle::Limits::timeout_seconds)
        .transpose()
        .map_err(|e| match e {
            Error::Argument { message, .. } => Error::argument(name, message),
            e => e,
        })
}

/// What bounds this process's memory, in bytes (`None`: unlimited or
/// unknown): the machine (`MemTotal`, `MemAvailable` in `/proc/meminfo`),
/// the address-space limit (`ulimit -v`, `RLIMIT_AS`, less what the
/// process has mapped already) and the cgroup's limit (`memory.max` of
/// cgroup v2, `memory.limit_in_bytes` of v1, less what the cgroup uses).
#[derive(Clone, Copy, Debug, Default)]
pub struct MemorySources {
    /// `MemTotal`.
    pub total: Option<u64>,
    /// `MemAvailable`.
    pub available: Option<u64>,
    /// `RLIMIT_AS` (soft) and the room left under it.
    pub address_space: Option<(u64, u64)>,
    /// The cgroup's limit and the room left under it.
    pub cgroup: Option<(u64, u64)>,
}

impl MemorySources {
    /// Reads them (Linux; elsewhere all `None`).
    pub fn read() -> MemorySources {
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        let field = |text: &str, name: &str| -> Option<u64> {
            let line = text.lines().find(|l| l.starts_with(name))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        };
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let mapped = field(&status, "VmSize:").unwrap_or(0);
        MemorySources {
            total: field(&meminfo, "MemTotal:"),
            available: field(&meminfo, "MemAvailable:"),
            address_space: address_space_limit().map(|l| (l, l.saturating_sub(mapped))),
            cgroup: cgroup_limit(),
        }
    }

    /// The most the process can still take: the least of `MemAvailable`
    /// and the room under the two limits.
    pub fn room(&self) -> Option<u64> {
        [
            self.available,
            self.address_space.map(|(_, r)| r),
            self.cgroup.map(|(_, r)| r),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// The most a budget may be: the least of `MemTotal` and the two limits.
    pub fn ceiling(&self) -> Option<u64> {
        [
            self.total,
            self.address_space.map(|(l, _)| l),
            self.cgroup.map(|(l, _)| l),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// The three sources in words, for refusals.
    pub fn describe(&self) -> String {
        let mib = |b: Option<u64>| b.map_or("unknown".to_string(), |b| format!("{} MiB", b >> 20));
        let limit = |l: Option<(u64, u64)>| match l {
            Some((l, r)) => format!("{} MiB ({} MiB free)", l >> 20, r >> 20),
            None => "none".to_string(),
        };
        format!(
            "MemAvailable {}, address-space limit (ulimit -v) {}, cgroup limit {}",
            mib(self.available),
            limit(self.address_space),
            limit(self.cgroup)
        )
    }
}

/// The soft `RLIMIT_AS`, `None` when unlimited.
fn address_space_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut r = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit writes into the struct we own.
        let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } == 0;
        if ok && r.rlim_cur != libc::RLIM_INFINITY {
            // rlim_t is u64 on Linux, not on every Unix.
            #[allow(clippy::unnecessary_cast)]
            return Some(r.rlim_cur as u64);
        }
    }
    None
}

/// This process's cgroup memory limit and the room under it (cgroup v2
/// `memory.max`/`memory.current`, else v1 `memory.limit_in_bytes`/
/// `memory.usage_in_bytes`); `None` when unlimited or not found.
fn cgroup_limit() -> Option<(u64, u64)> {
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let read =
        |path: String| -> Option<u64> { std::fs::read_to_string(path).ok()?.trim().parse().ok() };
    for line in cgroups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let (limit, usage) = if controllers.is_empty() {
            (
                read(format!("/sys/fs/cgroup{path}/memory.max")),
                read(format!("/sys/fs/cgroup{path}/memory.current")),
            )
        } else if controllers.split(',').any(|c| c == "memory") {
            // v1 paths are relative to the memory hierarchy's mount; inside
            // a container the mount is the cgroup itself.
            let here =
                read(format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes")).map(|l| {
                    (
                        l,
                        read(format!("/sys/fs/cgroup/memory{path}/memory.usage_in_bytes")),
                    )
                });
            let (l, u) = here.unwrap_or((
                read("/sys/fs/cgroup/memory/memory.limit_in_bytes".into())?,
                read("/sys/fs/cgroup/memory/memory.usage_in_bytes".into()),
            ));
            (Some(l), u)
        } else {
            continue;
        };
        // v1 writes "unlimited" as a number near 2^63.
        if let Some(l) = limit.filter(|&l| l < 1 << 60) {
            return Some((l, l.saturating_sub(usage.unwrap_or(0))));
        }
    }
    None
}

/// A `--memory` option (MiB) as bytes for `work`, by the library's one
/// rule ([`slidepuzzle::search::memory_budget`]) on what this machine has
/// ([`MemorySources`]).
pub fn memory_arg(given_mib: Option<u64>, work: slidepuzzle::search::Work) -> Result<u64> {
    let sources = MemorySources::read();
    let machine = slidepuzzle::search::MachineMemory {
        room: sources.room(),
        ceiling: sources.ceiling(),
        sources: format!(
            "MemTotal {}; {}",
            sources
                .total
                .map_or("unknown".into(), |t| format!("{} MiB", t >> 20)),
            sources.describe()
        ),
    };
    let asked = given_mib.map(|mib| mib.saturating_mul(1 << 20));
    slidepuzzle::search::memory_budget(asked, work, &machine)
        .map_err(|e| flag_named("memory", "--memory", e))
}

/// A `--seed`, or the clock's nanoseconds when none is given (the face
/// passes the clock in; the library's scrambles take a seed).
pub fn seed_or_clock(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    })
}

/// Most worker threads `--threads` accepts: four per core, at least 64.
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    4 * cores.max(64).max(cores)
}

/// `--threads`, checked: 1 to [`max_threads`].
pub fn threads_arg(threads: Option<usize>) -> Result<Option<usize>> {
    match threads {
        Some(t) if t == 0 || t > max_threads() => Err(Error::argument(
            "--threads",
            format!("must be between 1 and {}, got {t}", max_threads()),
        )),
        t => Ok(t),
    }
}

/// The shared `Solver`: tables in `--cache-dir` (checked writable now, so
/// that a bad directory is refused before any table is built) or the
/// platform cache directory, build progress on stderr.
pub fn solver(cache_dir: Option<&std::path::Path>) -> Result<slidepuzzle::Solver> {
    use slidepuzzle::store::DirectoryStore;
    if let Some(dir) = cache_dir {
        DirectoryStore::new(dir).check_writable()?;
    }
    let dir = cache_dir
        .map(|d| d.to_path_buf())
        .unwrap_or_else(DirectoryStore::default_dir);
    let report = std::sync::Arc::new(BuildReporter::new());
    Ok(slidepuzzle::Solver::new()
        .with_store(std::sync::Arc::new(DirectoryStore::new(dir)))
        .with_events(std::sync::Arc::new(move |e| report.event(e))))
}

/// Shows pattern-database builds: messages on stderr, and a progress bar
/// per table (placements with their entry, depth, layer size) when stderr
/// is a terminal.
pub struct BuildReporter {
    bar: std::sync::Mutex<Option<indicatif::ProgressBar>>,
    terminal: bool,
}

impl BuildReporter {
    /// A reporter drawing on stderr if it is a terminal.
    pub fn new() -> Self {
        use std::io::IsTerminal;
        BuildReporter {
            bar: std::sync::Mutex::new(None),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn new_bar() -> indicatif::ProgressBar {
        let b = indicatif::ProgressBar::new(0);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {percent}% of placements {msg}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        b
    }

    /// Shows one event.
    pub fn event(&self, event: &slidepuzzle::search::pdb::BuildEvent) {
        use slidepuzzle::search::pdb::BuildEvent;
        let mut bar = self.bar.lock().unwrap_or_else(|p| p.into_inner());
        match event {
            BuildEvent::Message(m) => {
                if let Some(b) = bar.take() {
                    b.finish_and_clear();
                }
                eprintln!("{m}");
            }
            BuildEvent::Layer(p) if self.terminal => {
                let b = bar.get_or_insert_with(Self::new_bar);
                b.set_length(p.placements);
                b.set_position(p.placements_reached);
                b.set_message(format!(
                    "(depth {}, {} states in the layer)",
                    p.depth, p.layer_states
                ));
                if p.placements_reached >= p.placements {
                    b.finish_and_clear();
                    *bar = None;
                }
            }
            BuildEvent::Layer(_) => {}
        }
    }
}

impl Default for BuildReporter {
    fn default() -> Self {
        Self::new()
    }
}

/// What an input file holds, and so how large it may be: each kind has a
/// natural size (docs/RELIABILITY.md), and a file past it is refused after
/// reading at most one byte more (so `@/dev/zero` stops at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// One configuration: 48 MiB (2^22 vertices of up to 8 characters
    /// each; a 1000 x 1000 board is about 7 MB).
    Position,
    /// A move list: 128 MiB (2^27 moves as letters, the most a held path
    /// takes).
    Moves,
    /// A batch or a list to filter: 256 MiB.
    Batch,
    /// A JSON graph: 256 MiB (2^24 edges).
    Graph,
}

impl InputKind {
    /// The most bytes a file of this kind may hold.
    pub const fn max_bytes(self) -> u64 {
        match self {
            InputKind::Position => 48 << 20,
            InputKind::Moves => 128 << 20,
            InputKind::Batch | InputKind::Graph => 256 << 20,
        }
    }

    fn name(self) -> &'static str {
        match self {
            InputKind::Position => "a configuration",
            InputKind::Moves => "a move list",
            InputKind::Batch => "a batch",
            InputKind::Graph => "a graph file",
        }
    }
}

/// Reads at most `kind`'s size from `reader`, refusing more.
fn read_capped(
    reader: impl std::io::Read,
    kind: InputKind,
    name: &std::path::Path,
) -> Result<String> {
    use std::io::Read;
    let max = kind.max_bytes();
    let mut text = String::new();
    reader
        .take(max + 1)
        .read_to_string(&mut text)
        .map_err(|e| Error::io(name, e))?;
    if text.len() as u64 > max {
        return Err(Error::invalid_file(
            name,
            format!(
                "larger than {} MiB, the most {} may hold",
                max >> 20,
                kind.name()
            ),
        ));
    }
    Ok(text)
}

/// Reads a text file of `kind` (so `/dev/zero` is refused, not read
/// forever).
pub fn read_text(path: &std::path::Path, kind: InputKind) -> Result<String> {
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    read_capped(file, kind, path)
}

/// The lines a batch or a filter reads: standard input for `None` or `-`,
/// else the file, size-capped as a batch.
pub fn read_input(file: Option<&str>) -> Result<String> {
    match file {
        None | Some("-") => read_capped(
            std::io::stdin(),
            InputKind::Batch,
            std::path::Path::new("standard input"),
        ),
        Some(f) => read_text(std::path::Path::new(f), InputKind::Batch),
    }
}

/// An argument as given, or the contents of FILE for `@FILE` (trimmed):
/// configurations and move lists too large for a command line.
pub fn read_arg(arg: &str, kind: InputKind) -> Result<String> {
    match arg.strip_prefix('@') {
        Some(path) => read_text(std::path::Path::new(path), kind).map(|t| t.trim().to_string()),
        None => Ok(arg.to_string()),
    }
}

/// `--timeout` and `--memory` of a command whose long work is not a
/// search (analyze, words, movegroup, ...): the library's budget for it.
#[derive(Args, Debug, Clone, Default)]
pub struct BudgetArgs {
    /// Stop after this many seconds (the answer says what was left out or
    /// the command stops with exit 1; default: no limit, Ctrl-C stops).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Memory budget in MiB (default 4096, or three quarters of the
    /// memory available now if that is less).
    #[arg(long, visible_alias = "max-memory-mb")]
    pub memory: Option<u64>,
}

impl BudgetArgs {
    /// The budget: the deadline from now, the memory by the library's one
    /// rule, and a cancel flag raised by Ctrl-C.
    pub fn budget(&self) -> Result<slidepuzzle::Budget> {
        let timeout = timeout_arg("--timeout", self.timeout)?;
        Ok(slidepuzzle::Budget {
            deadline: timeout.map(|t| std::time::Instant::now() + t),
            cancel: Some(install_ctrlc()),
            max_memory: Some(memory_arg(self.memory, slidepuzzle::search::Work::Solve)?),
        })
    }
}

/// A flag raised by Ctrl-C, SIGTERM or SIGHUP, so that the work stops
/// and cleans up (a `--output` temporary file is removed) as on Ctrl-C; a
/// second signal exits at once (status 130), for work that does not
/// read the flag. The handler is installed once; a second install only
/// loses the signals for the second flag.
pub fn install_ctrlc() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let f = flag.clone();
    let _ = ctrlc::set_handler(move || {
        if f.swap(true, std::sync::atomic::Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    flag
}
