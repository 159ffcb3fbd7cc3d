//! `slidepuzzle pdb build|list|verify|remove`: manage cached pattern
//! databases.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use slidepuzzle::search::pdb::{table_info, verify_stored};
use slidepuzzle::store::{DirectoryStore, TableStore};
use slidepuzzle::{Algorithm, Heuristic, Limits, Partition, Result, SolveOptions};

use crate::common::PuzzleArgs;

/// Options of `pdb`.
#[derive(Args)]
pub struct PdbArgs {
    #[command(subcommand)]
    pub action: PdbAction,
    /// The cache directory (default: the platform cache dir).
    #[arg(long, global = true)]
    pub cache_dir: Option<PathBuf>,
}

/// What to do with the cache.
#[derive(Subcommand)]
pub enum PdbAction {
    /// Build (or load) the tables for a board, goal and partition.
    Build {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The partition as `--heuristic` names it without `pdb:`: group
        /// sizes (6-6-3, 7-7-1, 7-8) or tiles (1,4,5/2,3,6/...). Default: the
        /// default partition (6-6-3 on 4x4, 6-6-6-6 on 5x5), the one
        /// `solve` uses.
        #[arg(long)]
        partition: Option<String>,
        /// Memory budget in MiB (default 8192, or three quarters of the
        /// memory available now if that is less).
        #[arg(long, visible_alias = "max-memory-mb")]
        memory: Option<u64>,
        /// Stop the build after this many seconds (exit 1 with the
        /// reason; nothing is saved; default: no limit, Ctrl-C stops).
        #[arg(long)]
        timeout: Option<f64>,
    },
    /// List the cached tables.
    List,
    /// Check every cached table's header, size and checksum.
    Verify,
    /// Delete cached tables (all of them, or the named files).
    Remove {
        /// File names in the cache (default: all).
        files: Vec<String>,
    },
}

pub fn run(args: &PdbArgs) -> Result<ExitCode> {
    let dir = args
        .cache_dir
        .clone()
        .unwrap_or_else(DirectoryStore::default_dir);
    let store = DirectoryStore::new(&dir);
    match &args.action {
        PdbAction::Build {
            puzzle,
            partition,
            memory,
            timeout,
        } => {
            let p = puzzle.puzzle_or_err()?;
            let goal = puzzle.goal_for(&p)?;
            let heuristic: Heuristic = match partition {
                Some(text) => format!("pdb:{text}").parse()?,
                None => Heuristic::PatternDatabases(Partition::Default),
            };
            let options = SolveOptions {
                algorithm: Algorithm::Ida,
                heuristic,
                ..SolveOptions::default()
            };
            store.check_writable()?;
            let solver = crate::common::solver(Some(&dir))?;
            let plan = solver.plan(&p, &goal, &options)?;
            let clock = std::time::Instant::now();
            let timeout = crate::common::timeout_arg("--timeout", *timeout)?;
            let limits = Limits {
                max_memory: crate::common::memory_arg(*memory, slidepuzzle::search::Work::Tables)?,
                cancel: Some(crate::common::install_ctrlc()),
                ..Limits::default()
            }
            .with_timeout(timeout);
            solver.prepare(&p, &goal, &plan, &limits)?;
            let groups = plan.tables.map(|t| t.groups).unwrap_or_default();
            println!(
                "tables {groups:?} ready in {:.2} s in {}",
                clock.elapsed().as_secs_f64(),
                dir.display()
            );
        }
        PdbAction::List => {
            for f in store.list()? {
                let info = store.load(&f.name).and_then(|t| {
                    t.map_or(
                        Err(slidepuzzle::Error::invalid_file(&f.name, "vanished")),
                        |t| table_info(&t),
                    )
                });
                match info {
                    Ok(i) => println!(
                        "{}  {}x{}  tiles {:?}{}  {} bits per entry  {} bytes",
                        f.name,
                        i.width,
                        i.height,
                        i.tiles,
                        if i.blank_aware { " blank-aware" } else { "" },
                        i.bits,
                        f.bytes
                    ),
                    Err(_) => println!(
                        "{}  {} bytes (graph table or other format)",
                        f.name, f.bytes
                    ),
                }
            }
            eprintln!("tables in {}", dir.display());
        }
        PdbAction::Verify => {
            let mut bad = 0;
            for f in store.list()? {
                let Some(bytes) = store.load(&f.name)? else {
                    continue;
                };
                match verify_stored(bytes) {
                    Ok(what) => println!("ok       {} ({what})", f.name),
                    Err(e) => {
                        bad += 1;
                        println!("CORRUPT  {}: {e}", f.name);
                    }
                }
            }
            if bad > 0 {
                return Ok(ExitCode::from(1));
            }
        }
        PdbAction::Remove { files: names } => {
            let targets: Vec<String> = if names.is_empty() {
                store.list()?.into_iter().map(|f| f.name).collect()
            } else {
                names.clone()
            };
            for name in targets {
                store.remove(&name)?;
                println!("removed {name}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
