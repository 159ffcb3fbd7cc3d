//! `slidepuzzle rotating`: rotating puzzles (tokens on every vertex, a
//! move turns one cycle), translated to and from the library's
//! `model::rotating`, `theory::rotating` and `search::rotating`.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use slidepuzzle::model::rotating::RotatingPuzzle;
use slidepuzzle::{Limits, Result};

use crate::common::{read_arg, timeout_arg};

/// Rotating puzzles: no blank; a move turns the tokens one step round one
/// of the puzzle's cycles (`rotate:0-1-2-3,2-3-4-5`, `WxH:twiddle`,
/// `rings:N,D`). Moves are cycle numbers from 1, `'` for backward.
#[derive(Args)]
pub struct RotatingArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(Subcommand)]
enum Action {
    /// The puzzle group: its pieces, each piece's group and how it was
    /// found (Jordan's theorem or Schreier-Sims), the order.
    Analyze {
        /// The puzzle spec.
        spec: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Say whether an arrangement can reach the goal, and why.
    Check {
        /// The puzzle spec.
        spec: String,
        /// One token per vertex in vertex order (`@FILE` reads it).
        state: String,
        /// The goal (default: token v+1 on vertex v).
        #[arg(long)]
        goal: Option<String>,
        /// Print {"solvable", "reason", "decided_by"} as JSON.
        #[arg(long)]
        json: bool,
    },
    /// A shortest solution (IDA* with the rotation distance), up to 255
    /// tokens.
    Solve {
        /// The puzzle spec.
        spec: String,
        /// One token per vertex in vertex order (`@FILE` reads it).
        state: String,
        /// The goal (default: token v+1 on vertex v).
        #[arg(long)]
        goal: Option<String>,
        /// Stop after this many seconds (exit code 1).
        #[arg(long)]
        timeout: Option<f64>,
        /// Stop after this many node expansions (exit code 1).
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Print the answer as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print uniformly random arrangements that can reach the goal.
    Scramble {
        /// The puzzle spec.
        spec: String,
        /// Random seed (ChaCha8), for reproducible scrambles.
        #[arg(long)]
        seed: Option<u64>,
        /// How many arrangements (1 or more).
        #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
        count: usize,
    },
    /// Apply moves (`1 3' 2`) to an arrangement and print the result.
    Apply {
        /// The puzzle spec.
        spec: String,
        /// The moves (`@FILE` reads them).
        moves: String,
        /// The starting arrangement (default: the goal).
        #[arg(long)]
        state: Option<String>,
    },
}

fn words(tokens: &[u32]) -> String {
    tokens
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn goal_of(p: &RotatingPuzzle, goal: Option<&str>) -> Result<Vec<u32>> {
    match goal {
        Some(g) => p.parse_arrangement(&read_arg(g, crate::common::InputKind::Position)?),
        None => Ok(p.goal()),
    }
}

/// Runs one `rotating` action.
pub fn run(args: &RotatingArgs) -> Result<ExitCode> {
    match &args.action {
        Action::Analyze { spec, json } => {
            let p = RotatingPuzzle::parse(spec)?;
            let a = slidepuzzle::theory::rotating::analyze(&p)?;
            if *json {
                println!("{}", serde_json::to_string(&a).expect("serialisable"));
                return Ok(ExitCode::SUCCESS);
            }
            let lengths = words(
                &a.cycle_lengths
                    .iter()
                    .map(|&l| l as u32)
                    .collect::<Vec<_>>(),
            );
            println!(
                "puzzle: {} ({} tokens, {} cycles of lengths {lengths})",
                a.spec,
                a.vertices,
                a.cycle_lengths.len()
            );
            println!(
                "group: {}, order {} of {} arrangements",
                a.group, a.group_order, a.arrangements
            );
            for (i, q) in a.pieces.iter().enumerate() {
                let how = if q.method == "jordan" {
                    "primitive with a 3-cycle: Jordan's theorem"
                } else {
                    "Schreier-Sims"
                };
                let vs = words(&q.vertices.iter().map(|&v| v as u32).collect::<Vec<_>>());
                println!("piece {}: vertices {vs}: {} ({how})", i + 1, q.group);
            }
            println!("{}", a.summary);
            Ok(ExitCode::SUCCESS)
        }
        Action::Check {
            spec,
            state,
            goal,
            json,
        } => {
            let p = RotatingPuzzle::parse(spec)?;
            let start =
                p.parse_arrangement(&read_arg(state, crate::common::InputKind::Position)?)?;
            let goal = goal_of(&p, goal.as_deref())?;
            let v = slidepuzzle::theory::rotating::check(&p, &start, &goal)?;
            if *json {
                println!("{}", serde_json::to_string(&v).expect("serialisable"));
            } else {
                println!(
                    "{}: {}",
                    if v.solvable { "solvable" } else { "unsolvable" },
                    v.reason
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Action::Solve {
            spec,
            state,
            goal,
            timeout,
            max_nodes,
            json,
        } => {
            let p = RotatingPuzzle::parse(spec)?;
            let start =
                p.parse_arrangement(&read_arg(state, crate::common::InputKind::Position)?)?;
            let goal = goal_of(&p, goal.as_deref())?;
            let limits = Limits {
                max_nodes: *max_nodes,
                ..Limits::default()
            }
            .with_timeout(timeout_arg("timeout", *timeout)?);
            let s = slidepuzzle::solver::rotating::solve(&p, &start, &goal, &limits)?;
            if *json {
                println!("{}", serde_json::to_string(&s).expect("serialisable"));
            } else if !s.solvable {
                println!("unsolvable: {}", s.reason);
            } else if let Some(reason) = s.stopped {
                println!(
                    "stopped: {} (no solution shorter than {} moves)",
                    reason.describe(),
                    s.stats.bound
                );
            } else {
                println!("{}", s.moves);
                eprintln!(
                    "{} moves{}, {} nodes expanded, {:.3} s",
                    s.length,
                    if s.optimal { " (shortest)" } else { "" },
                    s.stats.expanded,
                    s.stats.seconds
                );
            }
            Ok(if s.stopped.is_some() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
        Action::Scramble { spec, seed, count } => {
            let p = RotatingPuzzle::parse(spec)?;
            let seed = crate::common::seed_or_clock(*seed);
            for i in 0..*count as u64 {
                let a =
                    slidepuzzle::theory::rotating::scramble(&p, &p.goal(), seed.wrapping_add(i))?;
                println!("{}", words(&a));
            }
            Ok(ExitCode::SUCCESS)
        }
        Action::Apply { spec, moves, state } => {
            let p = RotatingPuzzle::parse(spec)?;
            let mut a = goal_of(&p, state.as_deref())?;
            for m in p.parse_moves(&read_arg(moves, crate::common::InputKind::Moves)?)? {
                p.apply(&mut a, m);
            }
            println!("{}", words(&a));
            Ok(ExitCode::SUCCESS)
        }
    }
}
