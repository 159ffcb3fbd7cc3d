//! Tiles that turn (docs/THEORY.md section 8): the group by Schreier-Sims
//! equals a breadth-first search of the configuration space, the closed
//! form equals Schreier-Sims wherever it applies, and the linear check
//! equals membership, on every connected graph up to 6 vertices with turns
//! in Z_2 and Z_4 on random subsets of edges.

use std::collections::{HashSet, VecDeque};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use slidepuzzle::format::parse_configuration;
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::theory::turning::{self, TurnMethod};

/// Every configuration reachable from `start`, by breadth-first search
/// that slides tiles with `Puzzle::slide` (independent of the group code).
fn reachable(puzzle: &Puzzle, start: &Configuration) -> HashSet<Configuration> {
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start.clone()]);
    while let Some(c) = queue.pop_front() {
        let b = c.blank();
        for &w in puzzle.graph().neighbors(b) {
            let mut next = c.clone();
            puzzle.slide(&mut next, w, b);
            if seen.insert(next.clone()) {
                queue.push_back(next);
            }
        }
    }
    seen
}

/// The connected graphs on 2 to `max` vertices, one per isomorphism class.
fn atlas(max: usize) -> Vec<String> {
    include_str!("data/connected_graphs_up_to_7.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter(|l| {
            let n = l
                .split([',', '-'])
                .map(|x| x.parse::<usize>().unwrap())
                .max()
                .unwrap()
                + 1;
            n <= max
        })
        .map(str::to_string)
        .collect()
}

/// The `turns:K:` spec of `edges` with a random turn on a random subset.
fn with_random_turns(edges: &str, k: u8, rng: &mut ChaCha8Rng) -> String {
    let items: Vec<String> = edges
        .split(',')
        .map(|e| {
            if rng.random_bool(0.5) {
                format!("{e}^{}", rng.random_range(1..k))
            } else {
                e.to_string()
            }
        })
        .collect();
    format!("turns:{k}:{}", items.join(","))
}

fn random_configuration(p: &Puzzle, rng: &mut ChaCha8Rng) -> Configuration {
    let n = p.vertex_count();
    let k = p.turns().unwrap().modulus();
    let mut cells: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        cells.swap(i, rng.random_range(0..=i));
    }
    let turns = cells
        .iter()
        .map(|&t| if t == 0 { 0 } else { rng.random_range(0..k) })
        .collect();
    Configuration::from_cells(cells, 1)
        .unwrap()
        .with_orientations(turns, k)
        .unwrap()
}

#[test]
fn group_closed_form_and_check_equal_breadth_first_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(31);
    let mut exceptions = Vec::new();
    let mut compared = 0;
    let mut classes = std::collections::BTreeMap::new();
    for edges in atlas(6) {
        for k in [2u8, 4] {
            for _ in 0..3 {
                let spec = with_random_turns(&edges, k, &mut rng);
                let p = Puzzle::parse(&spec).unwrap();
                let n = p.vertex_count();
                let goal = p.default_goal();
                let home = goal.blank();
                let order = turning::group_order(&p, home).unwrap();
                if let Some(closed) = turning::closed_form_order(&p, home) {
                    let class = turning::analyze_turning(&p, &goal).unwrap().class;
                    *classes.entry(class).or_insert(0) += 1;
                    if closed != order {
                        exceptions.push(format!("{spec}: closed {closed}, group {order}"));
                    }
                }
                // Breadth-first search where the space is small.
                let bfs = (n <= 5 || k == 2).then(|| reachable(&p, &goal));
                if let Some(space) = &bfs {
                    let at_home = space.iter().filter(|c| c.blank() == home).count();
                    assert_eq!(order, at_home.into(), "{spec}");
                    compared += 1;
                }
                for _ in 0..6 {
                    let start = random_configuration(&p, &mut rng);
                    let linear = turning::check(&p, &start, &goal, TurnMethod::Linear).unwrap();
                    let group =
                        turning::check(&p, &start, &goal, TurnMethod::SchreierSims).unwrap();
                    assert_eq!(
                        linear.solvable, group.solvable,
                        "{spec} {start:?}: {}",
                        linear.reason
                    );
                    if let Some(space) = &bfs {
                        assert_eq!(space.contains(&start), linear.solvable, "{spec} {start:?}");
                    }
                }
            }
        }
    }
    assert!(compared > 300, "{compared}");
    // Every class of the closed form occurs.
    for class in [
        "whole",
        "even-permutations",
        "parity-with-turn",
        "turns-confined",
        "frame-only",
    ] {
        assert!(classes.get(class).is_some_and(|&c| c > 3), "{classes:?}");
    }
    assert!(exceptions.is_empty(), "{}", exceptions.join("\n"));
}

#[test]
fn segerman_is_the_parity_with_turn_subgroup() {
    let p = Puzzle::parse("segerman").unwrap();
    let goal = p.default_goal();
    let a = turning::analyze_turning(&p, &goal).unwrap();
    assert_eq!(a.group_order, a.closed_form_order.map(|c| c.to_string()));
    assert_eq!(a.class, "parity-with-turn", "{}", a.summary);
    // One tile turned a quarter: odd total turn with an even permutation.
    let turned =
        parse_configuration(&p, "1^1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0", 1).unwrap();
    let v = turning::check(&p, &turned, &goal, TurnMethod::Linear).unwrap();
    assert!(!v.solvable);
    assert!(v.reason.contains("parity"), "{}", v.reason);
    // Two tiles swapped and one turned: odd with odd.
    let swapped =
        parse_configuration(&p, "2^1 1 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 0", 1).unwrap();
    assert!(
        turning::check(&p, &swapped, &goal, TurnMethod::Linear)
            .unwrap()
            .solvable
    );
}

#[test]
fn mobius_and_twisted_torus_say_why_in_words() {
    for spec in ["4x3:mobius", "3x3:twist", "4x4:twist"] {
        let p = Puzzle::parse(spec).unwrap();
        let a = turning::analyze_turning(&p, &p.default_goal()).unwrap();
        assert_eq!(
            a.group_order,
            a.closed_form_order.map(|c| c.to_string()),
            "{spec}"
        );
        assert!(!a.summary.is_empty());
        assert_ne!(a.class, "other", "{spec}: {}", a.summary);
    }
}

#[test]
fn orientations_are_checked_where_they_are_read() {
    let p = Puzzle::parse("3x3").unwrap();
    let e = parse_configuration(&p, "1^1 2 3/4 5 6/7 8 0", 1).unwrap_err();
    assert!(e.to_string().contains("do not turn"), "{e}");
    let t = Puzzle::parse("3x3:twist").unwrap();
    let e = parse_configuration(&t, "1^4 2 3/4 5 6/7 8 0", 1).unwrap_err();
    assert!(e.to_string().contains("outside 0..3"), "{e}");
    let e = parse_configuration(&t, "1 2 3/4 5 6/7 8 0^1", 1).unwrap_err();
    assert!(e.to_string().contains("blank"), "{e}");
    let e = parse_configuration(&t, "1^x 2 3/4 5 6/7 8 0", 1).unwrap_err();
    assert!(e.to_string().contains("not a turn"), "{e}");
    let c = parse_configuration(&t, "1^3 2 3 4 5 6 7 8 0", 1).unwrap();
    assert_eq!(
        slidepuzzle::format::format_configuration(&t, &c),
        "1^3 2 3 4 5 6 7 8 0"
    );
}

/// Distances to `goal` by breadth-first search backwards (every move of a
/// two-way puzzle is undone by the reverse slide).
fn distances_to(
    puzzle: &Puzzle,
    goal: &Configuration,
) -> std::collections::HashMap<Configuration, usize> {
    let mut seen = std::collections::HashMap::from([(goal.clone(), 0usize)]);
    let mut queue = VecDeque::from([goal.clone()]);
    while let Some(c) = queue.pop_front() {
        let d = seen[&c];
        let b = c.blank();
        for &w in puzzle.graph().neighbors(b) {
            let mut next = c.clone();
            puzzle.slide(&mut next, w, b);
            if !seen.contains_key(&next) {
                seen.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    seen
}

/// 100 random instances on random turning puzzles of 4 and 5 vertices
/// (connected graphs of the atlas, turns in Z_2 or Z_4), by A*, IDA* and
/// BFS: solvable exactly when BFS says so, optimal lengths equal to BFS's,
/// each solution replayed (by the library, and here once more).
#[test]
fn optimal_lengths_equal_breadth_first_search_on_100_random_instances() {
    use slidepuzzle::solver::{Algorithm, Outcome, SolveOptions, Solver};
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let graphs: Vec<String> = atlas(5)
        .into_iter()
        .filter(|g| g.split(',').count() >= 3)
        .collect();
    let solver = Solver::new();
    let (mut solved, mut unsolvable) = (0, 0);
    for i in 0..100 {
        let edges = &graphs[rng.random_range(0..graphs.len())];
        let k = if i % 2 == 0 { 2 } else { 4 };
        let p = Puzzle::parse(&with_random_turns(edges, k, &mut rng)).unwrap();
        let goal = p.default_goal();
        let dist = distances_to(&p, &goal);
        let start = random_configuration(&p, &mut rng);
        let algorithm = [Algorithm::AStar, Algorithm::Ida, Algorithm::Bfs][i % 3];
        let options = SolveOptions {
            algorithm,
            ..SolveOptions::default()
        };
        match solver.solve(&p, &start, &goal, &options).unwrap() {
            Outcome::Solved(s) => {
                assert_eq!(Some(&s.length), dist.get(&start), "{} {start:?}", p.spec());
                let end = slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap();
                assert_eq!(end, goal);
                solved += 1;
            }
            Outcome::Unsolvable(v) => {
                assert!(
                    !dist.contains_key(&start),
                    "{} {start:?}: {}",
                    p.spec(),
                    v.reason
                );
                unsolvable += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(
        solved > 20 && unsolvable > 20,
        "{solved} solved, {unsolvable} unsolvable"
    );
}

/// Uniform scrambles of Segerman's 15+4 puzzle, the Möbius band and the
/// twisted torus are solved by the automatic choice (the constructive
/// solver) and replayed to the goal.
#[test]
fn scrambled_turning_puzzles_are_solved_and_replayed() {
    use slidepuzzle::solver::{Outcome, SolveOptions, Solver};
    let solver = Solver::new();
    for spec in ["segerman", "5x4:mobius", "3x3:twist", "4x3:twist"] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        for seed in 0..5 {
            let start = slidepuzzle::theory::seeded_scrambles(&p, &goal, seed)
                .next()
                .unwrap()
                .unwrap();
            assert!(slidepuzzle::check(&p, &start, &goal).unwrap().solvable);
            let Outcome::Solved(s) = solver
                .solve(&p, &start, &goal, &SolveOptions::default())
                .unwrap()
            else {
                panic!("{spec} seed {seed}: not solved");
            };
            let end = slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap();
            assert_eq!(end, goal, "{spec} seed {seed}");
        }
    }
}

/// God's numbers of small turning puzzles: the complete search counts
/// every configuration an independent breadth-first search reaches, its
/// depth is the largest BFS distance, and the memory budget is checked
/// before anything is searched.
#[test]
fn gods_numbers_equal_breadth_first_search() {
    use slidepuzzle::explore::godsnumber::{GodsOptions, explore};
    for spec in [
        "turns:4:0-1^1,1-2,2-0,2-3,3-0",
        "turns:2:0-1^1,1-2,2-3,3-0,0-2",
        "3x2:mobius",
    ] {
        let p = Puzzle::parse(spec).unwrap();
        let goal = p.default_goal();
        let dist = distances_to(&p, &goal);
        let report = explore(&p, &goal, &GodsOptions::default(), &|_, _| {}).unwrap();
        assert_eq!(report.states, dist.len() as u64, "{spec}");
        assert_eq!(report.diameter, *dist.values().max().unwrap(), "{spec}");
        let small = GodsOptions {
            max_memory: 1000,
            ..GodsOptions::default()
        };
        let e = explore(&p, &goal, &small, &|_, _| {}).unwrap_err();
        assert!(e.to_string().contains("memory"), "{spec}: {e}");
    }
}

/// The one case the proof of the closed form (docs/THEORY.md 8.2) leaves
/// to computation: K_{2,3}, the bipartite 2-connected graph of 5 vertices
/// that is not a cycle (its puzzle group projects onto A_4, which has a
/// quotient Z_3). Every assignment of turns to its two chords (the other
/// edges turn 0: any assignment is one of these up to a change of frame)
/// in Z_2 to Z_6, at every home: the group is the closed form's
/// m! |H|^m |Γ| / (2 |H|), except that it is a third of it exactly when 3
/// divides k and the chord turns are a, -a (mod 3) with a not 0 (mod 3).
/// So the closed form leaves K_{2,3} to Schreier-Sims.
#[test]
fn k23_follows_the_closed_form_except_for_a_factor_three() {
    // Parts {0, 1} and {2, 3, 4}; the spanning tree 0-2, 0-3, 0-4, 1-2.
    let mut exceptions = 0;
    for k in 2u8..=6 {
        for a in 0..k {
            for b in 0..k {
                let spec = format!("turns:{k}:0-2,0-3,0-4,1-2,1-3^{a},1-4^{b}");
                let p = Puzzle::parse(&spec).unwrap();
                assert_eq!(turning::closed_form_order(&p, 0), None);
                for home in 0..5 {
                    let order = turning::group_order(&p, home).unwrap();
                    let inv = turning::invariants(&p, home).unwrap();
                    let h = inv.turn_subgroup_order();
                    let formula = 24 * h.pow(4) * inv.cycles.len() as u64 / (2 * h);
                    let third = k % 3 == 0 && a % 3 != 0 && (a + b) % 3 == 0;
                    let expected = if third { formula / 3 } else { formula };
                    assert_eq!(order, expected.into(), "{spec} at {home}");
                    exceptions += third as usize;
                    // The check agrees with membership there.
                    let goal = p.default_goal();
                    let v = turning::check(&p, &goal, &goal, TurnMethod::Linear).unwrap();
                    assert!(v.solvable);
                }
            }
        }
    }
    assert_eq!(exceptions, 5 * (2 + 8));
}

/// 200 random 2-connected graphs of 7 to 9 vertices (a Hamiltonian cycle
/// plus chords) with random turns in Z_2, Z_3 and Z_4: the closed form
/// equals Schreier-Sims.
#[test]
fn random_two_connected_graphs_up_to_nine_vertices_follow_the_closed_form() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut checked = 0;
    for _ in 0..200 {
        let n = rng.random_range(7..=9usize);
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut edges: std::collections::BTreeSet<(usize, usize)> = (0..n)
            .map(|i| {
                let (a, b) = (order[i], order[(i + 1) % n]);
                (a.min(b), a.max(b))
            })
            .collect();
        for _ in 0..rng.random_range(1..=4) {
            let (a, b) = (rng.random_range(0..n), rng.random_range(0..n));
            if a != b {
                edges.insert((a.min(b), a.max(b)));
            }
        }
        let list: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        let k = rng.random_range(2..=4u8);
        let p = Puzzle::parse(&with_random_turns(&list.join(","), k, &mut rng)).unwrap();
        let home = rng.random_range(0..n);
        if let Some(closed) = turning::closed_form_order(&p, home) {
            assert_eq!(
                closed,
                turning::group_order(&p, home).unwrap(),
                "{} at {home}",
                p.spec()
            );
            checked += 1;
        }
    }
    assert!(checked > 150, "{checked}");
}

/// Edges `u-v,...` of a random connected graph on `n` vertices of one of
/// four families: a tree, a cycle, a unicyclic graph (a tree plus one
/// edge), or a Hamiltonian cycle with chords.
fn random_family_edges(n: usize, family: usize, rng: &mut ChaCha8Rng) -> String {
    let mut edges: Vec<(usize, usize)> = Vec::new();
    match family {
        0 | 2 => (1..n).for_each(|v| edges.push((rng.random_range(0..v), v))),
        _ => (0..n).for_each(|v| edges.push((v, (v + 1) % n))),
    }
    let wanted = edges.len()
        + match family {
            2 => 1,
            3 => rng.random_range(1..=3),
            _ => 0,
        };
    while edges.len() < wanted {
        let (u, v) = (rng.random_range(0..n), rng.random_range(0..n));
        let (u, v) = (u.min(v), u.max(v));
        if u != v && !edges.iter().any(|&(a, b)| (a.min(b), a.max(b)) == (u, v)) {
            edges.push((u, v));
        }
    }
    let items: Vec<String> = edges.iter().map(|(u, v)| format!("{u}-{v}")).collect();
    items.join(",")
}

/// The checker's D2 (issue 65): the automatic plan refused solvable turning
/// puzzles of 8 and more vertices without a 2-connected region (every tree,
/// cycle and unicyclic graph), even the solved position. Now 60 random
/// puzzles of 8 and 9 vertices (trees, cycles, unicyclic graphs, cycles
/// with chords; turns in Z_2 to Z_4), three reachable starts each (the
/// goal and two uniform scrambles): all 180 are solved by the automatic
/// plan and replayed, and where the plan says optimal the length is a
/// breadth-first search's.
#[test]
fn the_automatic_plan_solves_every_reachable_start_on_eight_and_nine_vertices() {
    use slidepuzzle::solver::{Outcome, SolveOptions, Solver};
    let mut rng = ChaCha8Rng::seed_from_u64(65);
    let solver = Solver::new();
    let (mut optimal, mut not_optimal) = (0, 0);
    for i in 0..60 {
        let n = 8 + i % 2;
        let edges = random_family_edges(n, i % 4, &mut rng);
        let k = 2 + (i / 4 % 3) as u8;
        let mut spec = with_random_turns(&edges, k, &mut rng);
        if i == 0 {
            // The checker's reproducer, a path of 8 with one turn.
            spec = "turns:2:0-1,1-2,2-3,3-4,4-5,5-6,6-7^1".into();
        }
        let p = Puzzle::parse(&spec).unwrap();
        let goal = p.default_goal();
        let scrambles = slidepuzzle::theory::seeded_scrambles(&p, &goal, i as u64);
        let starts: Vec<Configuration> = std::iter::once(Ok(goal.clone()))
            .chain(scrambles.take(2))
            .collect::<Result<_, _>>()
            .unwrap();
        // The exact lengths where the reachable set is small enough.
        let dist = (i % 4 != 3).then(|| distances_to(&p, &goal));
        for start in starts {
            let outcome = solver
                .solve(&p, &start, &goal, &SolveOptions::default())
                .unwrap_or_else(|e| panic!("{spec} {start:?}: {e}"));
            let Outcome::Solved(s) = outcome else {
                panic!("{spec} {start:?}: {outcome:?}");
            };
            let end = slidepuzzle::moves::replay_steps(&p, &start, &s.steps).unwrap();
            assert_eq!(end, goal, "{spec}");
            if s.optimal {
                optimal += 1;
                if let Some(dist) = &dist {
                    assert_eq!(Some(&s.length), dist.get(&start), "{spec} {start:?}");
                }
            } else {
                not_optimal += 1;
            }
        }
    }
    // Both kinds of answer occur: optimal where a search finished (no
    // region, few configurations), not where the constructive solver or
    // the weighted A* after the node budget answered.
    assert!(
        optimal >= 90 && not_optimal > 0,
        "{optimal} optimal, {not_optimal} not"
    );
}
