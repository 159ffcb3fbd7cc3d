//! The constructive board solver: every solvable board gets a verified
//! solution, for any size and any goal.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use slidepuzzle::model::Puzzle;
use slidepuzzle::moves::replay;
use slidepuzzle::search::{Algorithm, Outcome, SolveOptions, solve};
use slidepuzzle::theory::{check, uniform_reachable};

fn constructive(p: &Puzzle, seed: u64, random_goal: bool) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let goal = if random_goal {
        uniform_reachable(p, &p.default_goal(), &mut rng).unwrap()
    } else {
        p.default_goal()
    };
    let start = uniform_reachable(p, &goal, &mut rng).unwrap();
    assert!(check(p, &start, &goal).unwrap().solvable);
    let opts = SolveOptions {
        algorithm: Algorithm::Constructive,
        ..SolveOptions::default()
    };
    match solve(p, &start, &goal, &opts).unwrap() {
        Outcome::Solved(s) => {
            assert_eq!(replay(p, &start, &s.blank_path).unwrap(), goal);
            assert!(!s.optimal);
            s.blank_path.len()
        }
        o => panic!("{} {start:?}: {o:?}", p.spec()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_boards_and_goals(w in 2usize..9, h in 2usize..9, seed in any::<u64>(), random_goal in any::<bool>()) {
        let p = Puzzle::board(w, h, false, false).unwrap();
        constructive(&p, seed, random_goal);
    }
}

#[test]
fn larger_boards() {
    for (spec, seed) in [("10x10", 1), ("17x5", 2), ("3x25", 3), ("30x30", 4)] {
        let p = Puzzle::parse(spec).unwrap();
        let n = p.vertex_count() as f64;
        let len = constructive(&p, seed, false) as f64;
        // Parberry's bound for n x n boards is 5 n^3 with n the side.
        assert!(len < 5.0 * n.powf(1.5), "{spec}: {len} moves");
    }
}

#[test]
fn auto_chooses_constructive_for_large_boards_and_says_so() {
    let p = Puzzle::parse("6x6").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let start = uniform_reachable(&p, &p.default_goal(), &mut rng).unwrap();
    match solve(&p, &start, &p.default_goal(), &SolveOptions::default()).unwrap() {
        Outcome::Solved(s) => assert!(
            s.algorithm.contains("too large for optimal search"),
            "{}",
            s.algorithm
        ),
        o => panic!("{o:?}"),
    }
}

#[test]
#[ignore = "slow: a 100x100 board (about 3 million moves); run with --ignored"]
fn hundred_by_hundred() {
    let p = Puzzle::parse("100x100").unwrap();
    constructive(&p, 7, false);
}

#[test]
fn graph_constructive_solver_on_well_connected_graphs() {
    for (spec, seed) in [
        ("petersen", 1),
        ("3x3x3", 2),
        ("5x5+diag", 3),
        ("cycle:30", 4),
        ("complete:12", 5),
        ("theta:2,2,3", 6),
    ] {
        let p = Puzzle::parse(spec).unwrap();
        constructive(&p, seed, false);
    }
}

#[test]
fn graph_constructive_solver_fails_cleanly_when_stuck() {
    // A long cycle with two chords: the greedy method locks tiles on
    // pendant paths; it must say so, not loop or return a wrong path.
    let p = Puzzle::parse("edges:0-1,1-2,2-3,3-4,4-5,5-6,6-7,7-8,8-9,9-10,10-11,11-12,12-13,13-14,14-15,15-16,16-17,17-18,18-19,19-0,0-10,5-15").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let start = uniform_reachable(&p, &p.default_goal(), &mut rng).unwrap();
    let opts = SolveOptions {
        algorithm: Algorithm::Constructive,
        ..SolveOptions::default()
    };
    match solve(&p, &start, &p.default_goal(), &opts) {
        Ok(Outcome::Solved(s)) => {
            assert_eq!(replay(&p, &start, &s.blank_path).unwrap(), p.default_goal())
        }
        Err(e) => assert!(e.to_string().contains("stuck"), "{e}"),
        Ok(other) => panic!("{other:?}"),
    }
}
