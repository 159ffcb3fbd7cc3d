//! `slidepuzzle pdb build|list|verify|remove`: manage cached pattern
//! databases.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};
use slidepuzzle::search::pdb::{default_cache_dir, verify_file};
use slidepuzzle::{Error, Result};

use crate::common::{PuzzleArgs, pattern_heuristic};

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
        /// Group sizes, e.g. 6-6-3 (default: groups of 5).
        #[arg(long)]
        partition: Option<String>,
        /// Memory budget in MiB.
        #[arg(long, default_value_t = 8192)]
        memory: u64,
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
    let dir = args.cache_dir.clone().unwrap_or_else(default_cache_dir);
    let files = || -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|x| x == "pdb"))
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    match &args.action {
        PdbAction::Build {
            puzzle,
            partition,
            memory,
        } => {
            let p = puzzle.puzzle_or_err()?;
            let goal = puzzle.goal_for(&p)?;
            let spec = match partition {
                Some(sizes) => format!("pdb:{sizes}"),
                None => "pdb".to_string(),
            };
            let clock = std::time::Instant::now();
            pattern_heuristic(&spec, &p, &goal, Some(&dir), *memory)?;
            println!(
                "ready in {:.2} s in {}",
                clock.elapsed().as_secs_f64(),
                dir.display()
            );
        }
        PdbAction::List => {
            for f in files() {
                let size = std::fs::metadata(&f).map(|m| m.len()).unwrap_or(0);
                match slidepuzzle::search::pdb::file_info(&f) {
                    Ok(i) => println!(
                        "{}  {}x{}  tiles {:?}  {} bits per entry  {} bytes",
                        f.display(),
                        i.width,
                        i.height,
                        i.tiles,
                        i.bits,
                        size
                    ),
                    Err(e) => println!("{}  unreadable: {e}", f.display()),
                }
            }
        }
        PdbAction::Verify => {
            let mut bad = 0;
            for f in files() {
                match verify_file(&f) {
                    Ok(_) => println!("ok       {}", f.display()),
                    Err(e) => {
                        bad += 1;
                        println!("CORRUPT  {e}");
                    }
                }
            }
            if bad > 0 {
                return Ok(ExitCode::from(1));
            }
        }
        PdbAction::Remove { files: names } => {
            let targets: Vec<PathBuf> = if names.is_empty() {
                files()
            } else {
                names.iter().map(|n| dir.join(n)).collect()
            };
            for f in targets {
                std::fs::remove_file(&f).map_err(|e| Error::io(&f, e))?;
                println!("removed {}", f.display());
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
