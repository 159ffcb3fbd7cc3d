//! The `slidepuzzle` command: a thin layer over the `slidepuzzle` library.
//!
//! Exit codes: 0 when every instance was answered (solved, or proved
//! unsolvable), 1 when a limit stopped a search, 2 for bad input.

mod analysis_cmds;
mod bench;
mod bench_short;
mod common;
mod explore_cmds;
mod journal;
mod notation_cmds;
mod pdb_cmds;
mod solve;
mod solve_args;
mod theory_cmds;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use common::{PuzzleArgs, fail};
use slidepuzzle::render::{Labels, Scheme};

/// Sliding-tile puzzles on any graph: check, solve, scramble and explore.
#[derive(Parser)]
#[command(name = "slidepuzzle", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a configuration (optimally by default) and print the moves.
    Solve(solve::SolveArgs),
    /// Review a solution: the optimal distance before each move, the moves
    /// that lost ground and by how much, the total waste (slidy-cli's
    /// opt-diff).
    #[command(alias = "opt-diff")]
    Review(analysis_cmds::ReviewArgs),
    /// Shorten a solution: re-solve every stretch of --length moves
    /// optimally and keep what is shorter.
    Optimize(analysis_cmds::OptimizeArgs),
    /// Notation tools: invert, transpose, simplify, length, concat, slice,
    /// from-solution, apply-to-solved.
    Moves(notation_cmds::MovesArgs),
    /// Keep the lines of a list that are solvable configurations, or
    /// optimal solutions.
    Filter(analysis_cmds::FilterArgs),
    /// Say whether a configuration can reach the goal, and why.
    Check {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print {"solvable", "reason", "decided_by"} as JSON.
        #[arg(long)]
        json: bool,
        /// linear (the O(V+E) block test; with several blanks the
        /// marked-tile classes) or schreier-sims (membership in the group of
        /// the loop generators, graphs up to 40 vertices; with several
        /// blanks the blank-set group): an independent second opinion.
        #[arg(long, default_value = "linear")]
        method: String,
        /// The configuration (slidysim rows `1 2 3/4 5 6/7 8 0` or a flat
        /// list), or @FILE to read it from FILE.
        state: String,
    },
    /// Print uniformly random configurations that can reach the goal (or,
    /// with --moves, the ends of random walks from it).
    Scramble {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Random seed (ChaCha8), for reproducible scrambles.
        #[arg(long)]
        seed: Option<u64>,
        /// How many configurations (1 or more).
        #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        count: usize,
        /// A random walk of this many moves from the goal instead of a
        /// uniform scramble (no move undoes the one before; at most this
        /// far from the goal): scrambles of chosen difficulty.
        #[arg(long)]
        moves: Option<u64>,
    },
    /// Apply moves (slidysim letters `R3U2`, a blank path `3-4-7`, or tile
    /// numbers `tiles:5 8`) and print the resulting configuration.
    Apply {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The starting configuration (`@FILE` reads it from FILE).
        state: String,
        /// The moves (`@FILE` reads them from FILE, e.g. `solve --output`).
        moves: String,
    },
    /// Draw a configuration in the terminal.
    Show {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The configuration.
        state: String,
    },
    /// Describe the puzzle: blocks, articulation points, the puzzle group
    /// and its order, reachable configurations and classes.
    Analyze {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print JSON (big numbers as decimal strings).
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        budget: common::BudgetArgs,
    },
    /// A configuration as a permutation in GAP cycle notation (seed 001's
    /// convention: the hole is labelled n), with parity and cycle type; on
    /// boards also its coordinates in seed 001's toroidal model.
    Perm {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// The configuration.
        state: String,
        /// Moves to apply first (letters, blank path or tiles).
        moves: Option<String>,
    },
    /// The puzzle group's loop generators; --gap writes a GAP script that
    /// prints the group order.
    Group {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Write a GAP script.
        #[arg(long)]
        gap: bool,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Shortest words in permutation generators (Cayley graph BFS).
    Words(theory_cmds::WordsArgs),
    /// Breadth-first search of every configuration reachable from the goal:
    /// distance table, God's number, antipodes.
    Godsnumber(explore_cmds::GodsArgs),
    /// The group the seed's total moves generate on configurations (any
    /// box: WxH, WxHxD, 2x2x2x2; tori): order, reachable configurations,
    /// blank group, kernel, centre, derived series, structure.
    Movegroup {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        budget: common::BudgetArgs,
    },
    /// Run an experiment: astar-vs-bfs (seed 000, section 7, beside the
    /// paper's table), theta-family (God's numbers of every theta graph up
    /// to --max-vertices; seed 000, section 8).
    Experiment {
        /// Which experiment.
        #[arg(value_parser = ["astar-vs-bfs", "theta-family"])]
        name: String,
        /// theta-family: the largest graphs, in vertices (4 to 12; on 2
        /// cores 10 takes about 20 s, 11 about 2 minutes, the 12-vertex
        /// rows about an hour and a half, each search holding n!/4 bytes).
        #[arg(long, default_value_t = 9, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(4..=12))]
        max_vertices: usize,
        /// theta-family: the smallest graphs, in vertices (4 to 12), to
        /// continue a table: `--min-vertices 12 --max-vertices 12` runs
        /// only the 12-vertex rows.
        #[arg(long, default_value_t = 4, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(4..=12))]
        min_vertices: usize,
        /// Random instances per graph (1 to 100,000).
        #[arg(long, default_value_t = 100, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
        instances: usize,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        budget: common::BudgetArgs,
    },
    /// Manage cached pattern databases: build, list, verify, remove.
    Pdb(pdb_cmds::PdbArgs),
    /// Serve the local web page (play, check, solve, analyze) and its JSON
    /// API: runs `slidepuzzle-serve` (the web crate's program) with these
    /// options.
    Serve {
        /// Port to listen on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to bind (default loopback only).
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Where pattern databases are cached (default: the platform cache
        /// dir); the server reads and writes only its tables there.
        #[arg(long)]
        cache_dir: Option<std::path::PathBuf>,
    },
    /// Write an SVG drawing of a configuration, or with MOVES (or --solve)
    /// a strip of frames of the solution, or with --animate an SVG that
    /// plays it.
    Render(RenderArgs),
    /// Run a benchmark (korf100, korf50) and print per-instance results.
    Bench(bench::BenchArgs),
    /// Deprecated alias, kept for one release: `rotating ACTION SPEC ...`
    /// runs `ACTION --puzzle SPEC ...` (analyze, check, solve, scramble,
    /// apply); rotating puzzles (5x5:twiddle, rings:20,5, rotate:0-1-2,...)
    /// are puzzles like any other now.
    Rotating {
        /// ACTION SPEC and the action's own arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, num_args = 2..)]
        words: Vec<String>,
    },
}

fn main() -> ExitCode {
    // Output piped into `head` and the like: end quietly when the reader
    // goes away (the default for command-line tools), not with a panic.
    #[cfg(unix)]
    // SAFETY: restoring the default action of a signal at start-up, before
    // any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    run(Cli::parse())
}

/// Runs one parsed command line.
fn run(cli: Cli) -> ExitCode {
    // Only solve streams its moves (`--output`): the memory hint says so
    // there alone.
    let streams = matches!(cli.command, Command::Solve(_));
    let result = match cli.command {
        Command::Solve(args) => solve::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Rotating { words } => match rotating_alias(&words) {
            Ok(argv) => {
                eprintln!(
                    "note: `slidepuzzle rotating` is a deprecated alias: this runs `slidepuzzle {}`",
                    argv[1..].join(" ")
                );
                return match Cli::try_parse_from(&argv) {
                    Ok(cli) => run(cli),
                    Err(e) => e.exit(),
                };
            }
            Err(e) => Err(e),
        },
        Command::Check {
            puzzle,
            json,
            method,
            state,
        } => common::read_arg(&state, crate::common::InputKind::Position)
            .and_then(|state| check(&puzzle, json, &method, &state)),
        Command::Analyze {
            puzzle,
            json,
            budget,
        } => theory_cmds::run_analyze(&puzzle, json, &budget),
        Command::Perm {
            puzzle,
            json,
            state,
            moves,
        } => theory_cmds::run_perm(&puzzle, &state, moves.as_deref(), json),
        Command::Group { puzzle, gap, json } => theory_cmds::run_group(&puzzle, gap, json),
        Command::Words(args) => theory_cmds::run_words(&args),
        Command::Review(args) => analysis_cmds::run_review(&args),
        Command::Optimize(args) => analysis_cmds::run_optimize(&args),
        Command::Moves(args) => notation_cmds::run(&args),
        Command::Filter(args) => analysis_cmds::run_filter(&args),
        Command::Godsnumber(args) => explore_cmds::run_godsnumber(&args),
        Command::Pdb(args) => pdb_cmds::run(&args),
        Command::Serve {
            port,
            bind,
            cache_dir,
        } => serve(bind, port, cache_dir.as_deref()),
        Command::Render(args) => render(&args),
        Command::Movegroup {
            puzzle,
            json,
            budget,
        } => explore_cmds::run_movegroup(&puzzle, json, &budget),
        Command::Experiment {
            name,
            instances,
            seed,
            max_vertices,
            min_vertices,
            json,
            budget,
        } => match name.as_str() {
            "theta-family" => {
                explore_cmds::run_theta_family(min_vertices..=max_vertices, json, &budget)
            }
            _ => explore_cmds::run_experiment(instances, seed, json, &budget),
        },
        Command::Scramble {
            puzzle,
            seed,
            count,
            moves,
        } => scramble(&puzzle, seed, count, moves),
        Command::Apply {
            puzzle,
            state,
            moves,
        } => common::read_arg(&state, crate::common::InputKind::Position).and_then(|state| {
            common::read_arg(&moves, crate::common::InputKind::Moves)
                .and_then(|moves| apply(&puzzle, &state, &moves))
        }),
        Command::Show { puzzle, state } => show(&puzzle, &state),
    };
    match result {
        Ok(code) => code,
        Err(e @ slidepuzzle::Error::Stopped { .. }) => {
            // The message says what stopped and why ("the analysis
            // stopped: time limit reached").
            eprintln!("{e}");
            ExitCode::from(1)
        }
        Err(e) => fail(&e, streams),
    }
}

/// The general command line that `rotating ACTION SPEC ...` stands for:
/// `ACTION --puzzle SPEC ...`; `apply SPEC MOVES [--state S]` becomes
/// `apply --puzzle SPEC S MOVES`, from the goal without `--state`.
fn rotating_alias(words: &[String]) -> slidepuzzle::Result<Vec<String>> {
    // The old actions' flags that take a value.
    const VALUED: [&str; 6] = [
        "--goal",
        "--timeout",
        "--max-nodes",
        "--seed",
        "--count",
        "--state",
    ];
    let usage = || {
        slidepuzzle::Error::argument(
            "rotating",
            "give an action and a puzzle spec, as `rotating solve 5x5:twiddle STATE`",
        )
    };
    let (action, rest) = words.split_first().ok_or_else(usage)?;
    let mut spec = None;
    let mut state = None;
    let mut others = Vec::new();
    let mut items = rest.iter();
    while let Some(word) = items.next() {
        if word == "--state" && action == "apply" {
            state = items.next().cloned();
        } else if let Some(value) = word.strip_prefix("--state=").filter(|_| action == "apply") {
            state = Some(value.to_string());
        } else if VALUED.contains(&word.as_str()) {
            others.push(word.clone());
            others.extend(items.next().cloned());
        } else if word.starts_with("--") || spec.is_some() {
            others.push(word.clone());
        } else {
            spec = Some(word.clone());
        }
    }
    let spec = spec.ok_or_else(usage)?;
    let mut argv = vec!["slidepuzzle".to_string(), action.clone()];
    argv.extend(["--puzzle".to_string(), spec.clone()]);
    if action == "apply" {
        let state = match state {
            Some(s) => s,
            None => {
                let p = common::parse_puzzle(&spec)?;
                slidepuzzle::format::format_configuration(&p, &p.default_goal())
            }
        };
        argv.push(state);
    }
    argv.extend(others);
    Ok(argv)
}

fn check(
    args: &PuzzleArgs,
    json: bool,
    method: &str,
    state: &str,
) -> slidepuzzle::Result<ExitCode> {
    let (puzzle, start, goal) = args.resolve(state)?;
    let method: slidepuzzle::theory::CheckMethod = method
        .parse()
        .map_err(|e| common::flag_named("method", "--method", e))?;
    let verdict = slidepuzzle::theory::check_with(
        &puzzle,
        &start,
        &goal,
        method,
        slidepuzzle::solver::SEVERAL_BLANKS_CHECK_STATES,
    )?;
    if json {
        println!("{}", serde_json::to_string(&verdict).expect("serialisable"));
    } else {
        println!(
            "{}: {}",
            if verdict.solvable {
                "solvable"
            } else {
                "unsolvable"
            },
            verdict.reason
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn scramble(
    args: &PuzzleArgs,
    seed: Option<u64>,
    count: usize,
    moves: Option<u64>,
) -> slidepuzzle::Result<ExitCode> {
    let puzzle = args.puzzle_or_err()?;
    let goal = args.goal_for(&puzzle)?;
    let seed = common::seed_or_clock(seed);
    for c in slidepuzzle::theory::scramble::scrambles(&puzzle, &goal, seed, moves).take(count) {
        let c = c?;
        println!("{}", slidepuzzle::format::format_configuration(&puzzle, &c));
    }
    Ok(ExitCode::SUCCESS)
}

fn apply(args: &PuzzleArgs, state: &str, moves: &str) -> slidepuzzle::Result<ExitCode> {
    let (puzzle, start, _) = args.resolve(state)?;
    let end = slidepuzzle::moves::apply_written(&puzzle, &start, moves)?;
    println!(
        "{}",
        slidepuzzle::format::format_configuration(&puzzle, &end)
    );
    Ok(ExitCode::SUCCESS)
}

fn show(args: &PuzzleArgs, state: &str) -> slidepuzzle::Result<ExitCode> {
    let (puzzle, start, _) = args.resolve(state)?;
    print!("{}", slidepuzzle::format::draw(&puzzle, &start));
    Ok(ExitCode::SUCCESS)
}

/// The program that serves the page: the web crate's `slidepuzzle-serve`,
/// so that this tool builds without the web server's crates.
const SERVE_PROGRAM: &str = "slidepuzzle-serve";

/// `serve`: runs [`SERVE_PROGRAM`] with the same options, as `cargo` and
/// `git` run their external subcommands. It is looked for beside this
/// program first (a build of the workspace, or both crates installed),
/// then on `PATH`; on Unix it replaces this process, so a signal that stops
/// `slidepuzzle serve` stops the server.
fn serve(
    bind: std::net::IpAddr,
    port: u16,
    cache_dir: Option<&std::path::Path>,
) -> slidepuzzle::Result<ExitCode> {
    let program = serve_program()?;
    let mut command = std::process::Command::new(&program);
    command.args(["--bind", &bind.to_string(), "--port", &port.to_string()]);
    if let Some(dir) = cache_dir {
        command.arg("--cache-dir").arg(dir);
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Returns only if the program could not be started.
        let error = command.exec();
        Err(slidepuzzle::Error::io(&program, error))
    }
    #[cfg(not(unix))]
    {
        let status = command
            .status()
            .map_err(|e| slidepuzzle::Error::io(&program, e))?;
        Ok(match status.code() {
            Some(0) => ExitCode::SUCCESS,
            Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
            None => ExitCode::FAILURE,
        })
    }
}

/// Where [`SERVE_PROGRAM`] is: beside this program, else the first on
/// `PATH`.
///
/// # Errors
/// [`slidepuzzle::Error::Unsupported`] saying how to install it when it is
/// in neither place.
fn serve_program() -> slidepuzzle::Result<std::path::PathBuf> {
    let name = format!("{SERVE_PROGRAM}{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&name)));
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join(&name));
    beside
        .into_iter()
        .chain(on_path)
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| {
            slidepuzzle::Error::Unsupported(format!(
                "the page is served by {SERVE_PROGRAM}, which is neither beside this program nor on PATH: \
                 install it with `cargo install --locked --path crates/slidepuzzle-web` \
                 (or build the workspace: `cargo build --release --workspace`)"
            ))
        })
}

/// Options of `render`.
#[derive(clap::Args)]
struct RenderArgs {
    #[command(flatten)]
    puzzle: PuzzleArgs,
    /// The configuration.
    state: String,
    /// Moves to draw (letters, blank path or tiles with one blank; steps
    /// FROM>TO, such as "3>7 4>3", with any number).
    moves: Option<String>,
    /// Solve the configuration and draw the solution.
    #[arg(long, conflicts_with = "moves")]
    solve: bool,
    /// One frame every this many moves (1 or more).
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    every: usize,
    /// At most this many frames (1 or more).
    #[arg(long, default_value_t = 40, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    max_frames: usize,
    /// Colours: plain (green when home, else sand), fringe (by fringe
    /// layer), rainbow (by tile number), rows, columns (by goal row or
    /// column) or grids (by quadrant of the goal).
    #[arg(long, default_value = "plain")]
    scheme: Scheme,
    /// Tile labels: number, none, or goal (the goal cell as x,y, 0-based).
    #[arg(long, default_value = "number")]
    labels: Labels,
    /// Write an animated SVG of MOVES (or of --solve's solution) that
    /// plays in a browser and loops, instead of the strip of frames
    /// (at most 100,000 moves).
    #[arg(long)]
    animate: bool,
    /// Seconds per move of --animate (more than 0, at most 60).
    #[arg(long, default_value_t = 0.2, requires = "animate")]
    move_seconds: f64,
    /// Output file (default: standard output).
    #[arg(long, short = 'o')]
    output: Option<std::path::PathBuf>,
}

fn render(args: &RenderArgs) -> slidepuzzle::Result<ExitCode> {
    use slidepuzzle::render::{Animation, Style, svg_animated, svg_strip_styled, svg_styled};
    let (puzzle, start, goal) = args.puzzle.resolve(&args.state)?;
    let steps = if let Some(m) = &args.moves {
        Some(slidepuzzle::moves::parse_steps(&puzzle, &start, m)?)
    } else if args.solve {
        let solver = crate::common::solver(None)?;
        match solver.solve(&puzzle, &start, &goal, &Default::default())? {
            slidepuzzle::Outcome::Solved(s) => Some(s.steps),
            slidepuzzle::Outcome::Unsolvable(v) => {
                return Err(slidepuzzle::Error::Unsupported(format!(
                    "no solution to draw: {}",
                    v.reason
                )));
            }
            slidepuzzle::Outcome::Stopped { reason, .. } => {
                return Err(slidepuzzle::Error::Unsupported(format!(
                    "no solution to draw: {}",
                    reason.describe()
                )));
            }
        }
    } else {
        None
    };
    let style = Style {
        scheme: args.scheme,
        labels: args.labels,
    };
    let text = match steps {
        Some(p) if args.animate => {
            let animation = Animation {
                move_seconds: args.move_seconds,
                ..Animation::default()
            };
            svg_animated(&puzzle, &start, &goal, &p, &style, &animation)?
        }
        None if args.animate => {
            return Err(slidepuzzle::Error::argument(
                "--animate",
                "needs moves to play: give MOVES or --solve",
            ));
        }
        Some(p) => svg_strip_styled(
            &puzzle,
            &start,
            &goal,
            &p,
            args.every,
            args.max_frames,
            &style,
        )?,
        None => svg_styled(&puzzle, &start, &goal, &style),
    };
    match &args.output {
        Some(f) => std::fs::write(f, text).map_err(|e| slidepuzzle::Error::io(f, e))?,
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}
