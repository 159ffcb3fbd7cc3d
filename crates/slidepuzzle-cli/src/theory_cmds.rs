//! `analyze`, `perm`, `group` and `words`: the puzzle theory commands.

use std::process::ExitCode;

use clap::Args;
use slidepuzzle::explore::words::{parse_generators, word_lengths_within};
use slidepuzzle::moves::{parse_moves, replay};
use slidepuzzle::theory::gap::gap_script;
use slidepuzzle::theory::views::position_views;
use slidepuzzle::theory::{AnyAnalysis, analyze_any_within};
use slidepuzzle::theory::{Perm, loop_generators};
use slidepuzzle::{Error, Result};

use crate::common::{BudgetArgs, PuzzleArgs};

/// The text of a rotating puzzle's analysis.
fn print_rotating(a: &slidepuzzle::theory::rotating::RotatingAnalysis) {
    let words = |items: &[usize]| {
        items
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!(
        "puzzle {}: {} tokens, {} cycles of lengths {}",
        a.spec,
        a.vertices,
        a.cycle_lengths.len(),
        words(&a.cycle_lengths)
    );
    println!(
        "puzzle group: {}, order {} of {} arrangements",
        a.group, a.group_order, a.arrangements
    );
    for (i, q) in a.pieces.iter().enumerate() {
        let how = if q.method == "jordan" {
            "primitive with a 3-cycle: Jordan's theorem"
        } else {
            "Schreier-Sims"
        };
        println!(
            "piece {}: vertices {}: {} ({how})",
            i + 1,
            words(&q.vertices),
            q.group
        );
    }
    println!("{}", a.summary);
}

pub fn run_analyze(args: &PuzzleArgs, json: bool, budget: &BudgetArgs) -> Result<ExitCode> {
    // The clock starts before the puzzle is built (4 M vertices take
    // seconds).
    let budget = budget.budget()?;
    let puzzle = args.puzzle_or_err()?;
    let goal = args.goal_for(&puzzle)?;
    let a = match analyze_any_within(&puzzle, &goal, &budget)? {
        AnyAnalysis::OneBlank(a) => a,
        AnyAnalysis::OneWay(w) => {
            if json {
                println!("{}", serde_json::to_string(&w).expect("serialisable"));
                return Ok(ExitCode::SUCCESS);
            }
            println!(
                "puzzle {}: {} vertices, {} one-way edges, {} two-way edges, {} blank(s)",
                w.puzzle, w.vertices, w.one_way_edges, w.two_way_edges, w.blanks
            );
            let sizes: Vec<String> = w.strong_components.iter().map(|s| s.to_string()).collect();
            println!(
                "strongly connected: {}; strong components (sizes, sources first): {}",
                if w.strongly_connected { "yes" } else { "no" },
                sizes.join(" ")
            );
            if let (Some(g), Some(o)) = (&w.group, &w.group_order) {
                println!("puzzle group: {g}, order {o}");
            }
            if let Some(o) = &w.closed_walk_group_order {
                println!("group of closed blank walks by Schreier-Sims: order {o}");
            }
            println!("{}", w.reason);
            return Ok(ExitCode::SUCCESS);
        }
        AnyAnalysis::Turning(t) => {
            if json {
                println!("{}", serde_json::to_string(&t).expect("serialisable"));
                return Ok(ExitCode::SUCCESS);
            }
            println!(
                "puzzle {}: {} vertices, {} tiles that turn in Z_{}",
                t.spec, t.vertices, t.tiles, t.modulus
            );
            println!("puzzle group: {}", t.summary);
            if let Some(o) = &t.group_order {
                println!("order by Schreier-Sims: {o}");
            }
            if let Some(o) = &t.closed_form_order {
                println!("order by the closed form: {}", o.summary());
            }
            println!(
                "order of Z_{} wr S_{}: {}",
                t.modulus,
                t.tiles,
                t.whole_order.summary()
            );
            println!(
                "closed blank walks give (parity, total turn): {}; cycle turns are multiples of {}",
                t.invariants.pairs, t.invariants.turn_step
            );
            return Ok(ExitCode::SUCCESS);
        }
        AnyAnalysis::Exchanges(x) => {
            if json {
                println!("{}", serde_json::to_string(&x).expect("serialisable"));
                return Ok(ExitCode::SUCCESS);
            }
            println!(
                "puzzle {}: {} vertices, {} tiles, each slide exchanging two other tiles",
                x.spec, x.vertices, x.tiles
            );
            println!(
                "puzzle group (the hole back on vertex {}): {}, order {}",
                x.hole_vertex, x.group, x.group_order
            );
            println!(
                "{}-transitive on the other {} vertices{}; simple: {}",
                x.transitivity,
                x.tiles,
                if x.sharply_transitive {
                    " (sharply)"
                } else {
                    ""
                },
                match x.simple {
                    Some(true) => "yes",
                    Some(false) => "no",
                    None => "not tested (too large to list)",
                }
            );
            println!("reachable configurations: {}", x.reachable_configurations);
            println!("{}", x.summary);
            return Ok(ExitCode::SUCCESS);
        }
        AnyAnalysis::Rotating(a) => {
            if json {
                println!("{}", serde_json::to_string(&a).expect("serialisable"));
            } else {
                print_rotating(&a);
            }
            return Ok(ExitCode::SUCCESS);
        }
        AnyAnalysis::SeveralBlanks(b) => {
            if json {
                println!("{}", serde_json::to_string(&b).expect("serialisable"));
                return Ok(ExitCode::SUCCESS);
            }
            println!(
                "{} with {} blanks: every configuration reachable: {} ({})",
                b.puzzle,
                b.blanks,
                if b.everything_reachable { "yes" } else { "no" },
                b.reason
            );
            if let Some(c) = &b.counts {
                println!(
                    "blank-set group (blanks back on the goal's vertices): order {}; {} blank sets reachable; {} configurations reachable from the goal",
                    c.group_order, c.blank_sets, c.reachable_configurations
                );
            }
            return Ok(ExitCode::SUCCESS);
        }
    };
    if json {
        println!("{}", serde_json::to_string(&a).expect("serialisable"));
        return Ok(ExitCode::SUCCESS);
    }
    // Vertices by the names a JSON graph gave them, else by number.
    let name = |v: usize| {
        puzzle
            .vertex_names()
            .and_then(|names| names.get(v))
            .cloned()
            .unwrap_or_else(|| v.to_string())
    };
    println!(
        "puzzle {}: {} vertices, {} edges, {}",
        a.puzzle,
        a.vertices,
        a.edges,
        slidepuzzle::format::counted(a.components as u64, "component", "components")
    );
    println!(
        "bipartite: {}; cyclomatic number: {}",
        if a.bipartite { "yes" } else { "no" },
        a.cyclomatic_number
    );
    let aps: Vec<String> = a.articulation_points.iter().map(|&v| name(v)).collect();
    println!(
        "articulation points: {}",
        if aps.is_empty() {
            "none".into()
        } else {
            aps.join(" ")
        }
    );
    println!("blocks ({}):", a.blocks.len());
    const SHOWN: usize = 20;
    for block in a.blocks.iter().take(SHOWN) {
        let vs: Vec<String> = block.vertices.iter().take(12).map(|&v| name(v)).collect();
        let more = if block.vertices.len() > 12 {
            format!(" ... ({} vertices)", block.vertices.len())
        } else {
            String::new()
        };
        println!(
            "  {{{}{more}}} {} with {} edges, root {}: group {} (order {})",
            vs.join(","),
            block.kind,
            block.edges,
            block.root.map(name).unwrap_or_else(|| "-".into()),
            block.group,
            block.group_order.summary()
        );
    }
    if a.blocks.len() > SHOWN {
        println!(
            "  ... and {} more (use --json for all)",
            a.blocks.len() - SHOWN
        );
    }
    println!(
        "puzzle group (blank on vertex {}): {}",
        name(a.blank_vertex),
        a.group
    );
    println!("group order: {}", a.group_order.summary());
    println!(
        "reachable configurations: {}",
        a.reachable_configurations.summary()
    );
    println!("classes: {}", a.classes.summary());
    Ok(ExitCode::SUCCESS)
}

pub fn run_perm(
    args: &PuzzleArgs,
    state: &str,
    moves: Option<&str>,
    json: bool,
) -> Result<ExitCode> {
    let (puzzle, mut start, goal) = args.resolve(state)?;
    if let Some(m) = moves {
        let path = parse_moves(&puzzle, &start, m)?;
        start = replay(&puzzle, &start, &path)?;
    }
    let v = position_views(&puzzle, &start, &goal)?;
    if json {
        println!("{}", serde_json::to_string(&v).expect("serialisable"));
    } else {
        let cycle_type: Vec<String> = v
            .cycle_type
            .iter()
            .map(|(l, c)| {
                if *c > 1 {
                    format!("{l}^{c}")
                } else {
                    l.to_string()
                }
            })
            .collect();
        println!("{}", v.permutation);
        println!(
            "parity: {}; cycle type: {}; order {}; hole labelled {}",
            v.parity,
            if cycle_type.is_empty() {
                "identity".into()
            } else {
                cycle_type.join(" ")
            },
            v.order,
            v.hole_label
        );
        if let Some(t) = &v.toroidal {
            println!(
                "toroidal model (seed 001, {} points): {}  (rows rolled down {}, columns rolled right {})",
                t.degree, t.element, t.rows_rolled, t.columns_rolled
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run_group(args: &PuzzleArgs, gap: bool, json: bool) -> Result<ExitCode> {
    let puzzle = args.puzzle_or_err()?;
    if args.blank_count() > 1 {
        return Err(slidepuzzle::Error::argument(
            "--blanks",
            "group describes the one-blank puzzle group; for several blanks use analyze --blanks K",
        ));
    }
    let goal = args.goal_for(&puzzle)?;
    if gap && puzzle.turns().is_some() {
        print!(
            "{}",
            slidepuzzle::theory::turning::gap_script(&puzzle, &goal)?
        );
        return Ok(ExitCode::SUCCESS);
    }
    slidepuzzle::theory::check_loop_generators(&puzzle)?;
    if gap {
        print!("{}", gap_script(&puzzle, &goal));
        return Ok(ExitCode::SUCCESS);
    }
    let a = slidepuzzle::theory::analyze(&puzzle, &goal);
    // Each walk from the goal's blank vertex and back, written with its
    // start as solutions' blank paths are.
    let home = goal.blank();
    let gens: Vec<(Vec<usize>, _)> = loop_generators(&puzzle, home)
        .into_iter()
        .map(|(w, p)| (std::iter::once(home).chain(w).collect(), p))
        .collect();
    if json {
        let g: Vec<_> = gens
            .iter()
            .map(|(w, p)| serde_json::json!({"blank_walk": w, "permutation": p.to_gap()}))
            .collect();
        println!(
            "{}",
            serde_json::json!({"group": a.group, "group_order": a.group_order.to_string(), "generators": g})
        );
    } else {
        println!(
            "{} (order {}), generated by {} loop generators:",
            a.group,
            a.group_order.summary(),
            gens.len()
        );
        for (w, p) in &gens {
            let walk: Vec<String> = w.iter().map(|v| v.to_string()).collect();
            println!("  {}   blank walk {}", p.to_gap(), walk.join("-"));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Options of `words`.
#[derive(Args)]
pub struct WordsArgs {
    /// Generators in GAP cycle notation, comma-separated: "(1,2,3),(3,4,5)".
    #[arg(long)]
    pub gens: String,
    /// Also give a shortest word for this element, e.g. "(1,2)(4,5)".
    #[arg(long)]
    pub element: Option<String>,
    /// Refuse groups larger than this (memory: about 4 n + 64 bytes each).
    #[arg(long, default_value_t = 20_000_000)]
    pub max_elements: usize,
    /// List at most this many farthest elements.
    #[arg(long, default_value_t = 100)]
    pub max_listed: usize,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

pub fn run_words(args: &WordsArgs) -> Result<ExitCode> {
    let gens = parse_generators(&args.gens)?;
    let element = match &args.element {
        Some(e) => Some(
            Perm::parse_gap(e, gens.first().map_or(0, |g| g.degree())).map_err(|e| match e {
                Error::Argument { message, .. } => Error::argument("--element", message),
                e => e,
            })?,
        ),
        None => None,
    };
    let r = word_lengths_within(
        &gens,
        element.as_ref(),
        args.max_elements,
        args.max_listed,
        &args.budget.budget()?,
    )?;
    if args.json {
        println!("{}", serde_json::to_string(&r).expect("serialisable"));
        return Ok(ExitCode::SUCCESS);
    }
    println!(
        "group order {}; longest shortest word {}, reached by {} element(s)",
        r.order, r.max_length, r.farthest_count
    );
    let dist: Vec<String> = r.distribution.iter().map(|d| d.to_string()).collect();
    println!("elements by word length: {}", dist.join(" "));
    println!("farthest: {}", r.farthest.join(" "));
    if args.element.is_some() {
        match (&r.element_word, r.element_length) {
            (Some(w), Some(l)) => println!("shortest word for the element ({l}): {w}"),
            _ => println!("the element is not in the group"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
