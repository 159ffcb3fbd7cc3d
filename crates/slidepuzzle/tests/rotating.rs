//! Rotating puzzles (docs/THEORY.md section 9): the group by Schreier-Sims
//! equals a breadth-first search of the arrangements, `check` equals
//! membership in that search, optimal lengths equal its distances, and
//! scrambles are uniform, on random sets of cycles up to 7 vertices and
//! the named families.

use std::collections::{HashMap, VecDeque};

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidepuzzle::model::rotating::RotatingPuzzle;
use slidepuzzle::solver::spec::Algorithm;
use slidepuzzle::theory::rotating::{analyze, check, scramble};
use slidepuzzle::{Configuration, Outcome, Puzzle, Result, SolveOptions, Solver};

/// The front door's answer on the rotating puzzle `p` (the same puzzle
/// in the one model), by IDA* on the turns.
fn solve(p: &RotatingPuzzle, start: &[u32], goal: &[u32]) -> Result<Outcome> {
    let puzzle = Puzzle::parse(p.spec())?;
    let start = Configuration::from_cells(start.to_vec(), 0)?;
    let goal = Configuration::from_cells(goal.to_vec(), 0)?;
    let options = SolveOptions {
        algorithm: Algorithm::Ida,
        ..SolveOptions::default()
    };
    Solver::new().solve(&puzzle, &start, &goal, &options)
}

fn solution_of(outcome: Outcome) -> slidepuzzle::Solution {
    match outcome {
        Outcome::Solved(s) => s,
        other => panic!("not solved: {other:?}"),
    }
}

/// Distances from the goal of every reachable arrangement, by
/// breadth-first search with `RotatingPuzzle::apply` (independent of the
/// group and search code). Every move's inverse is a move, so these are
/// also the distances to the goal.
fn distances(p: &RotatingPuzzle) -> HashMap<Vec<u32>, u32> {
    let goal = p.goal();
    let mut seen = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(a) = queue.pop_front() {
        let d = seen[&a];
        for m in p.moves() {
            let mut b = a.clone();
            p.apply(&mut b, m);
            if !seen.contains_key(&b) {
                seen.insert(b.clone(), d + 1);
                queue.push_back(b);
            }
        }
    }
    seen
}

/// A random rotating puzzle on `n` vertices: 1 to 3 random cycles of 2 to
/// n vertices, then 2-vertex cycles for any vertex left uncovered; no
/// cycle twice (specs refuse repeats).
fn random_puzzle(rng: &mut ChaCha8Rng, n: usize) -> RotatingPuzzle {
    let canonical = |c: &[usize]| {
        let k = (0..c.len()).min_by_key(|&i| c[i]).unwrap_or(0);
        [&c[k..], &c[..k]].concat()
    };
    let mut cycles: Vec<Vec<usize>> = Vec::new();
    let push = |cycles: &mut Vec<Vec<usize>>, c: Vec<usize>| {
        if !cycles.iter().any(|d| canonical(d) == canonical(&c)) {
            cycles.push(c);
        }
    };
    for _ in 0..rng.random_range(1..=3) {
        let mut vs: Vec<usize> = (0..n).collect();
        vs.shuffle(rng);
        vs.truncate(rng.random_range(2..=n));
        push(&mut cycles, vs);
    }
    for v in 0..n {
        if !cycles.iter().flatten().any(|&w| w == v) {
            push(&mut cycles, vec![v, (v + 1) % n]);
        }
    }
    let spec = format!(
        "rotate:{}",
        cycles
            .iter()
            .map(|c| c.iter().map(usize::to_string).collect::<Vec<_>>().join("-"))
            .collect::<Vec<_>>()
            .join(",")
    );
    RotatingPuzzle::parse(&spec).unwrap()
}

fn random_arrangement(rng: &mut ChaCha8Rng, n: usize) -> Vec<u32> {
    let mut a: Vec<u32> = (1..=n as u32).collect();
    a.shuffle(rng);
    a
}

#[test]
fn the_group_check_and_optimal_lengths_equal_breadth_first_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut solved = 0;
    for case in 0..200 {
        let n = rng.random_range(3..=7);
        let p = random_puzzle(&mut rng, n);
        let reach = distances(&p);
        let a = analyze(&p).unwrap();
        assert_eq!(
            a.group_order,
            reach.len().to_string(),
            "{}: {}",
            p.spec(),
            a.group
        );
        for _ in 0..10 {
            let start = random_arrangement(&mut rng, n);
            let v = check(&p, &start, &p.goal()).unwrap();
            assert_eq!(
                v.solvable,
                reach.contains_key(&start),
                "{} {start:?}: {}",
                p.spec(),
                v.reason
            );
        }
        // Optimal lengths on reachable arrangements (100 instances in all).
        if case % 2 == 0 {
            let keys: Vec<&Vec<u32>> = reach.keys().collect();
            let start = keys[rng.random_range(0..keys.len())].clone();
            let s = solution_of(solve(&p, &start, &p.goal()).unwrap());
            assert!(s.optimal, "{}", p.spec());
            let moves = p.format_moves(&s.turns);
            assert_eq!(
                s.length as u32,
                reach[&start],
                "{} {start:?}: {moves}",
                p.spec(),
            );
            let mut replay = start.clone();
            for m in p.parse_moves(&moves).unwrap() {
                p.apply(&mut replay, m);
            }
            assert_eq!(replay, p.goal());
            solved += 1;
        }
    }
    assert_eq!(solved, 100);
}

#[test]
fn named_families_have_the_groups_breadth_first_search_finds() {
    for (spec, group) in [
        ("2x2:twiddle", "a group of order 4"), // one 4-cycle: Z_4
        ("3x2:twiddle", "PGL(2,5)"),           // two 4-cycles sharing an edge: S_5 on 6 points
        ("rings:4,2", "a group of order 24"),  // crossing at opposite vertices
        ("rings:5,2", "A_8"),
        ("rotate:0-1-2-3-4-5", "a group of order 6"),
    ] {
        let p = RotatingPuzzle::parse(spec).unwrap();
        let a = analyze(&p).unwrap();
        let reach = distances(&p);
        assert_eq!(a.group_order, reach.len().to_string(), "{spec}");
        assert_eq!(a.group, group, "{spec}");
    }
    // The Hungarian rings: 38 balls, every permutation (a ring of 20 is
    // an odd move).
    let a = analyze(&RotatingPuzzle::parse("rings:20,5").unwrap()).unwrap();
    assert_eq!(a.group, "S_38");
}

/// Where Jordan's theorem decides a piece (primitive, with a 3-cycle),
/// Schreier-Sims on the same rotations finds the same order.
#[test]
fn jordan_agrees_with_schreier_sims() {
    use slidepuzzle::theory::perm::Perm;
    use slidepuzzle::theory::schreier_sims::SimsTable;
    let mut jordan = 0;
    for spec in [
        "5x5:twiddle",
        "4x7:twiddle",
        "rings:20,5",
        "rings:9,4",
        "rotate:0-1-2,2-3-4-5-6,6-7-8-0",
    ] {
        let p = RotatingPuzzle::parse(spec).unwrap();
        let a = analyze(&p).unwrap();
        let n = p.vertex_count();
        let generators: Vec<Perm> = p
            .cycles()
            .iter()
            .map(|c| {
                let mut images: Vec<u32> = (0..n as u32).collect();
                for j in 0..c.len() {
                    images[c[j]] = c[(j + 1) % c.len()] as u32;
                }
                Perm::from_images(images).unwrap()
            })
            .collect();
        let order = SimsTable::new(n, &generators).order();
        assert_eq!(a.group_order, order.to_string(), "{spec}");
        jordan += usize::from(a.pieces.iter().all(|q| q.method == "jordan"));
    }
    // Twiddle boards (diagonal blocks meet in one vertex) and the 3-cycle
    // puzzle by Jordan; the rings meet in two vertices: Schreier-Sims.
    assert_eq!(jordan, 3);
}

#[test]
fn scrambles_are_uniform_over_the_group() {
    // rotate:0-1-2,3-4: 3 x 2 = 6 arrangements, 600 seeded draws.
    let p = RotatingPuzzle::parse("rotate:0-1-2,3-4").unwrap();
    let reach = distances(&p);
    let mut counts: HashMap<Vec<u32>, u32> = HashMap::new();
    for seed in 0..600 {
        let s = scramble(&p, &p.goal(), seed).unwrap();
        assert!(reach.contains_key(&s));
        *counts.entry(s).or_default() += 1;
    }
    assert_eq!(counts.len(), 6);
    for (a, c) in &counts {
        assert!((60..=140).contains(c), "{a:?} drawn {c} times of 600");
    }
}

#[test]
fn unsolvable_positions_say_why_and_bad_input_is_refused() {
    let p = RotatingPuzzle::parse("3x3:twiddle").unwrap();
    let s = solution_of(solve(&p, &p.goal(), &p.goal()).unwrap());
    assert_eq!((s.length, s.optimal), (0, true));
    let odd = RotatingPuzzle::parse("rotate:0-1-2,2-3-4").unwrap();
    let v = check(
        &odd,
        &odd.parse_arrangement("2 1 3 4 5").unwrap(),
        &odd.goal(),
    )
    .unwrap();
    assert!(
        !v.solvable && v.reason.contains("odd length"),
        "{}",
        v.reason
    );
    let s = solve(
        &odd,
        &odd.parse_arrangement("2 1 3 4 5").unwrap(),
        &odd.goal(),
    )
    .unwrap();
    assert!(
        matches!(&s, Outcome::Unsolvable(v) if v.reason.contains("odd length")),
        "{s:?}"
    );
    assert!(check(&p, &[1, 2, 3], &p.goal()).is_err());
    let big = RotatingPuzzle::parse("16x16:twiddle").unwrap();
    let e = solve(&big, &big.goal(), &big.goal()).unwrap_err();
    assert!(e.to_string().contains("255"), "{e}");
}
