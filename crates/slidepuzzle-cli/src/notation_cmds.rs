//! `slidepuzzle moves ...`: notation tools on move sequences
//! ([`slidepuzzle::notation::MoveSequence`]); the library does the work.

use std::process::ExitCode;

use clap::{Args, Subcommand};
use slidepuzzle::Result;
use slidepuzzle::format::format_configuration;
use slidepuzzle::model::Metric;
use slidepuzzle::notation::MoveSequence;

use crate::common::PuzzleArgs;

/// `moves` and its subcommands.
#[derive(Args)]
pub struct MovesArgs {
    #[command(subcommand)]
    pub command: MovesCommand,
}

/// The notation tools. Moves are slidysim letters (`R3U2`, the letter
/// names the direction the tile moves) or, on any graph, a blank path
/// written with its start vertex (`5-4-7`); `@FILE` reads them from FILE.
#[derive(Subcommand)]
pub enum MovesCommand {
    /// The sequence that undoes MOVES (reversed, each direction opposite).
    Invert {
        /// The moves.
        moves: String,
    },
    /// MOVES on the board reflected in its main diagonal (U<->L, D<->R).
    #[command(alias = "mirror")]
    Transpose {
        /// The moves.
        moves: String,
    },
    /// Merge runs in one direction and cancel opposite moves (R1R2 = R3,
    /// R3L = R2); blank paths lose every step straight back.
    Simplify {
        /// The moves.
        moves: String,
    },
    /// Length in STM and MTM (or only --metric), MTM by the solvers' rule.
    Length {
        /// Only this metric.
        #[arg(long)]
        metric: Option<Metric>,
        /// The puzzle the moves are made on (a torus counts a run longer
        /// than its line's L - 1 tiles more than once, as solutions do);
        /// default: lines without an end.
        #[arg(long)]
        puzzle: Option<String>,
        /// The moves.
        moves: String,
    },
    /// The sequences one after the other.
    Concat {
        /// The sequences (at least one).
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// Moves FROM..TO (0-based, TO exclusive), counted in --metric.
    Slice {
        /// stm (single-tile moves; a counted letter is cut inside) or mtm
        /// (straight runs).
        #[arg(long, default_value = "stm")]
        metric: Metric,
        /// The moves.
        moves: String,
        /// The first move kept.
        from: usize,
        /// One past the last move kept.
        to: usize,
    },
    /// The scramble MOVES solves: the goal with MOVES undone.
    #[command(name = "from-solution")]
    FromSolution {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The solution.
        moves: String,
    },
    /// The configuration MOVES makes from the goal.
    #[command(name = "apply-to-solved")]
    ApplyToSolved {
        #[command(flatten)]
        puzzle: PuzzleArgs,
        /// The moves.
        moves: String,
    },
}

fn parse(arg: &str) -> Result<MoveSequence> {
    crate::common::read_arg(arg, crate::common::InputKind::Moves)?.parse()
}

/// Runs one notation tool.
pub fn run(args: &MovesArgs) -> Result<ExitCode> {
    match &args.command {
        MovesCommand::Invert { moves } => println!("{}", parse(moves)?.invert()),
        MovesCommand::Transpose { moves } => println!("{}", parse(moves)?.transpose()?),
        MovesCommand::Simplify { moves } => println!("{}", parse(moves)?.simplify()),
        MovesCommand::Length {
            metric,
            puzzle,
            moves,
        } => {
            let m = parse(moves)?;
            let puzzle = puzzle
                .as_deref()
                .map(slidepuzzle::Puzzle::parse)
                .transpose()?;
            let puzzle = puzzle.as_ref();
            match metric {
                Some(metric) => match m.length(*metric, puzzle) {
                    Some(n) => println!("{n}"),
                    None => {
                        return Err(slidepuzzle::Error::argument(
                            "--metric",
                            "a blank path has no multi-tile length (no directions)",
                        ));
                    }
                },
                None => {
                    let stm = m.length(Metric::Stm, puzzle).unwrap_or(0);
                    match m.length(Metric::Mtm, puzzle) {
                        Some(mtm) => println!("{stm} STM, {mtm} MTM"),
                        None => println!("{stm} STM"),
                    }
                }
            }
        }
        MovesCommand::Concat { moves } => {
            let mut seqs = moves.iter().map(|m| parse(m));
            let mut all = seqs.next().transpose()?.ok_or_else(|| {
                slidepuzzle::Error::argument("moves", "give at least one sequence")
            })?;
            for s in seqs {
                all = all.concat(&s?)?;
            }
            println!("{all}");
        }
        MovesCommand::Slice {
            metric,
            moves,
            from,
            to,
        } => println!("{}", parse(moves)?.slice(*from, *to, *metric)?),
        MovesCommand::FromSolution { puzzle, moves } => {
            let p = puzzle.puzzle_or_err()?;
            let goal = puzzle.goal_for(&p)?;
            let scramble = parse(moves)?.scramble_solved_by(&p, &goal)?;
            println!("{}", format_configuration(&p, &scramble));
        }
        MovesCommand::ApplyToSolved { puzzle, moves } => {
            let p = puzzle.puzzle_or_err()?;
            let goal = puzzle.goal_for(&p)?;
            let end = parse(moves)?.apply_to(&p, &goal)?;
            println!("{}", format_configuration(&p, &end));
        }
    }
    Ok(ExitCode::SUCCESS)
}
