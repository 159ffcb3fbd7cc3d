//! Colour schemes, label styles and animated solutions (`render`): the
//! colours group the tiles the way each scheme says, and the animated SVG is
//! well-formed XML whose animations add up to the replayed configuration.

use std::collections::{BTreeMap, BTreeSet};

use slidepuzzle::format::parse_configuration;
use slidepuzzle::moves::{replay_steps, steps_of_blank_path};
use slidepuzzle::render::{
    Animation, Labels, MAX_ANIMATED_MOVES, Scheme, Style, svg_animated, svg_strip_styled,
    svg_styled,
};
use slidepuzzle::{Configuration, Error, Puzzle, Resource};

fn style(scheme: Scheme) -> Style {
    Style {
        scheme,
        labels: Labels::Number,
    }
}

/// The fill of every tile shape in a drawing of one configuration, by tile.
fn fills(svg: &str) -> BTreeMap<u32, String> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") || n.has_tag_name("circle"))
        .filter_map(|n| {
            let t = n.attribute("data-tile")?.parse().unwrap();
            Some((t, n.attribute("fill").unwrap().to_string()))
        })
        .filter(|&(t, _)| t != 0)
        .collect()
}

/// The tiles' fills in `scheme` on `puzzle` at its goal, read from the SVG.
fn scheme_fills(puzzle: &Puzzle, scheme: Scheme) -> BTreeMap<u32, String> {
    let goal = puzzle.default_goal();
    let f = fills(&svg_styled(puzzle, &goal, &goal, &style(scheme)));
    let expected = scheme.tile_colours(puzzle, &goal);
    for (&t, fill) in &f {
        if scheme != Scheme::Plain {
            assert_eq!(fill, &expected[t as usize], "tile {t}");
        }
    }
    f
}

/// Asserts the tiles of each group share a colour and the groups' colours
/// differ.
fn assert_groups(f: &BTreeMap<u32, String>, groups: &[&[u32]]) {
    let mut seen = BTreeSet::new();
    for g in groups {
        let c = &f[&g[0]];
        for t in *g {
            assert_eq!(&f[t], c, "tile {t} in the group of tile {}", g[0]);
        }
        assert!(seen.insert(c.clone()), "group of {} repeats {c}", g[0]);
    }
    let covered: usize = groups.iter().map(|g| g.len()).sum();
    assert_eq!(covered, f.len(), "every tile is in a group");
}

#[test]
fn rows_and_columns_group_by_goal_row_and_column() {
    let p = Puzzle::parse("4x4").unwrap();
    let rows = scheme_fills(&p, Scheme::Rows);
    assert_groups(
        &rows,
        &[
            &[1, 2, 3, 4],
            &[5, 6, 7, 8],
            &[9, 10, 11, 12],
            &[13, 14, 15],
        ],
    );
    let cols = scheme_fills(&p, Scheme::Columns);
    assert_groups(
        &cols,
        &[
            &[1, 5, 9, 13],
            &[2, 6, 10, 14],
            &[3, 7, 11, 15],
            &[4, 8, 12],
        ],
    );
    // A tile keeps its colour away from home: colours follow the goal.
    let start = parse_configuration(&p, "2 1 3 4/5 6 7 8/9 10 11 12/13 14 15 0", 1).unwrap();
    let moved = fills(&svg_styled(
        &p,
        &start,
        &p.default_goal(),
        &style(Scheme::Columns),
    ));
    assert_eq!(moved, cols);
}

#[test]
fn fringe_colours_the_l_shaped_layers() {
    let p = Puzzle::parse("4x4").unwrap();
    assert_groups(
        &scheme_fills(&p, Scheme::Fringe),
        &[&[1, 2, 3, 4, 5, 9, 13], &[6, 7, 8, 10, 14], &[11, 12, 15]],
    );
    // 5 x 3: the first L, then the last two rows as one 4 x 2 strip.
    let p = Puzzle::parse("5x3").unwrap();
    assert_groups(
        &scheme_fills(&p, Scheme::Fringe),
        &[&[1, 2, 3, 4, 5, 6, 11], &[7, 8, 9, 10, 12, 13, 14]],
    );
}

#[test]
fn grids_colour_the_quadrants() {
    let p = Puzzle::parse("4x4").unwrap();
    assert_groups(
        &scheme_fills(&p, Scheme::Grids),
        &[
            &[1, 2, 5, 6],
            &[3, 4, 7, 8],
            &[9, 10, 13, 14],
            &[11, 12, 15],
        ],
    );
    // 5 x 5: the left and top halves take the middle column and row.
    let p = Puzzle::parse("5x5").unwrap();
    let f = scheme_fills(&p, Scheme::Grids);
    assert_eq!(f[&1], f[&13]);
    assert_ne!(f[&13], f[&14]);
    assert_ne!(f[&13], f[&18]);
}

#[test]
fn rainbow_gives_every_tile_its_own_colour_and_graphs_fall_back_to_it() {
    let p = Puzzle::parse("4x4").unwrap();
    let f = scheme_fills(&p, Scheme::Rainbow);
    assert_eq!(f.values().collect::<BTreeSet<_>>().len(), 15);
    for spec in ["petersen", "theta0", "cycle:6"] {
        let g = Puzzle::parse(spec).unwrap();
        let rainbow = scheme_fills(&g, Scheme::Rainbow);
        assert_eq!(
            rainbow.values().collect::<BTreeSet<_>>().len(),
            g.vertex_count() - 1,
            "{spec}"
        );
        for s in [Scheme::Fringe, Scheme::Rows, Scheme::Columns, Scheme::Grids] {
            assert_eq!(scheme_fills(&g, s), rainbow, "{spec} {s}");
        }
    }
    // Boxes are their layers stacked: 2x2x2 has four rows of two.
    let b = Puzzle::parse("2x2x2").unwrap();
    assert_groups(
        &scheme_fills(&b, Scheme::Rows),
        &[&[1, 2], &[3, 4], &[5, 6], &[7]],
    );
}

#[test]
fn plain_is_todays_look_and_labels_follow_the_style() {
    let p = Puzzle::parse("3x3").unwrap();
    let goal = p.default_goal();
    let start = parse_configuration(&p, "1 2 3/4 5 6/7 0 8", 1).unwrap();
    assert_eq!(
        svg_styled(&p, &start, &goal, &Style::default()),
        slidepuzzle::render::svg(&p, &start, &goal)
    );
    let f = scheme_fills(&p, Scheme::Plain);
    assert_eq!(f.values().collect::<BTreeSet<_>>().len(), 1, "all home");
    let f = fills(&svg_styled(&p, &start, &goal, &Style::default()));
    assert_ne!(f[&7], f[&8], "8 is away from home");

    let texts = |labels| {
        let s = svg_styled(
            &p,
            &start,
            &goal,
            &Style {
                scheme: Scheme::Plain,
                labels,
            },
        );
        let doc = roxmltree::Document::parse(&s).unwrap();
        doc.descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| n.text().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert!(texts(Labels::None).is_empty());
    assert_eq!(
        texts(Labels::Number),
        ["1", "2", "3", "4", "5", "6", "7", "8"]
    );
    // Tile 8 sits on the bottom-right cell but belongs at column 1, row 2.
    assert_eq!(texts(Labels::GoalPosition)[7], "1,2");
    let steps = steps_of_blank_path(start.blank(), &[8]);
    let strip = svg_strip_styled(&p, &start, &goal, &steps, 1, 5, &style(Scheme::Fringe)).unwrap();
    roxmltree::Document::parse(&strip).unwrap();
}

#[test]
fn names_parse_with_typed_errors() {
    assert_eq!("Rows".parse::<Scheme>().unwrap(), Scheme::Rows);
    assert_eq!(" grids ".parse::<Scheme>().unwrap(), Scheme::Grids);
    assert_eq!("plain".parse::<Scheme>().unwrap(), Scheme::default());
    assert_eq!(
        "goal-position".parse::<Labels>().unwrap(),
        Labels::GoalPosition
    );
    match "diagonals".parse::<Scheme>() {
        Err(Error::Argument { name, message }) => {
            assert_eq!(name, "scheme");
            assert!(message.contains("'diagonals'"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    match "letters".parse::<Labels>() {
        Err(Error::Argument { name, message }) => {
            assert_eq!(name, "labels");
            assert!(message.contains("'letters'"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}

/// A point in the drawing, in pixels.
type Point = (f64, f64);

/// Where every tile ends in an animated SVG: its start translation plus
/// the last value of each of its animations. Also returns the number of
/// moving-tile animations and the centre of every vertex's slot.
fn animated_end(svg: &str) -> (BTreeMap<u32, Point>, usize, Vec<Point>) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    let pair = |s: &str| {
        let mut it = s
            .trim()
            .trim_start_matches("translate(")
            .trim_end_matches(')')
            .split_whitespace()
            .map(|x| x.parse::<f64>().unwrap());
        (it.next().unwrap(), it.next().unwrap())
    };
    let mut ends = BTreeMap::new();
    let mut animations = 0;
    for g in doc.descendants().filter(|n| n.has_tag_name("g")) {
        let t: u32 = g.attribute("data-tile").unwrap().parse().unwrap();
        let (mut x, mut y) = pair(g.attribute("transform").unwrap());
        for a in g.children().filter(|n| n.has_tag_name("animateTransform")) {
            animations += 1;
            assert_eq!(a.attribute("additive"), Some("sum"));
            let times: Vec<f64> = a
                .attribute("keyTimes")
                .unwrap()
                .split(';')
                .map(|k| k.parse().unwrap())
                .collect();
            assert_eq!((times[0], *times.last().unwrap()), (0.0, 1.0));
            assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
            let values: Vec<&str> = a.attribute("values").unwrap().split(';').collect();
            assert_eq!(values.len(), times.len());
            let (dx, dy) = pair(values.last().unwrap());
            x += dx;
            y += dy;
        }
        ends.insert(t, (x, y));
    }
    let mut slots = BTreeMap::new();
    for n in doc.descendants() {
        let Some(v) = n.attribute("data-vertex") else {
            continue;
        };
        let f = |a| n.attribute(a).unwrap().parse::<f64>().unwrap();
        let centre = if n.has_tag_name("rect") {
            (f("x") + f("width") / 2.0, f("y") + f("height") / 2.0)
        } else {
            (f("cx"), f("cy"))
        };
        slots.insert(v.parse::<usize>().unwrap(), centre);
    }
    (ends, animations, slots.into_values().collect())
}

/// Animates `path` from `start` and checks the animation count and that
/// every tile ends on the slot of its vertex in the replayed configuration.
fn check_animation(puzzle: &Puzzle, start: &Configuration, path: &[usize]) -> String {
    let goal = puzzle.default_goal();
    let steps = steps_of_blank_path(start.blank(), path);
    let svg = svg_animated(
        puzzle,
        start,
        &goal,
        &steps,
        &style(Scheme::Fringe),
        &Animation::default(),
    )
    .unwrap();
    check_ends(puzzle, start, &steps, &svg);
    svg
}

/// Checks one animation per step and that every tile of `svg` ends on the
/// slot of its vertex after `steps` (any number of blanks).
fn check_ends(puzzle: &Puzzle, start: &Configuration, steps: &[(usize, usize)], svg: &str) {
    let (ends, animations, slots) = animated_end(svg);
    assert_eq!(animations, steps.len(), "one animation per move");
    assert_eq!(slots.len(), puzzle.vertex_count());
    let end = slidepuzzle::moves::replay_steps(puzzle, start, steps).unwrap();
    for (v, &slot) in slots.iter().enumerate() {
        let t = end.tile_at(v);
        if t != 0 {
            let (x, y) = ends[&t];
            assert!(
                (x - slot.0).abs() < 1e-6 && (y - slot.1).abs() < 1e-6,
                "tile {t} ends at ({x}, {y}), vertex {v} is at {slot:?}"
            );
        }
    }
}

#[test]
fn animation_of_a_three_move_solution_ends_on_the_replayed_configuration() {
    let p = Puzzle::parse("3x3").unwrap();
    let start = parse_configuration(&p, "1 2 3/4 0 5/7 8 6", 1).unwrap();
    // The blank (vertex 4) goes right, down, and ... the goal in 2; take a
    // 3-move detour: right (5), up (2), back down (5).
    let svg = check_animation(&p, &start, &[5, 2, 5]);
    // Each moving tile has its own keyframes only: tile 5 moves once,
    // tile 3 twice, no other tile at all.
    assert_eq!(svg.matches("<animateTransform").count(), 3);
    let solution = slidepuzzle::moves::parse_moves(&p, &start, "LU").unwrap();
    check_animation(&p, &start, &solution);
    // Boxes, a JSON-free graph with positions, and one without.
    let b = Puzzle::parse("2x2x2").unwrap();
    check_animation(&b, &b.default_goal(), &[3, 1, 5, 4, 6, 7]);
    let g = Puzzle::parse("petersen").unwrap();
    let goal = g.default_goal();
    let blank = goal.blank();
    let a = g.graph().neighbors(blank)[0];
    let c = g.graph().neighbors(a)[0];
    check_animation(&g, &goal, &[a, c, a, blank]);
    let t = Puzzle::parse("theta0").unwrap();
    let tb = t.default_goal().blank();
    let tn = t.graph().neighbors(tb)[0];
    check_animation(&t, &t.default_goal(), &[tn, tb, tn]);
}

#[test]
fn animation_timing_size_and_limits() {
    let p = Puzzle::parse("3x3").unwrap();
    let goal = p.default_goal();
    let back_and_forth = |n: usize| -> Vec<(usize, usize)> {
        (0..n)
            .map(|i| if i % 2 == 0 { (7, 8) } else { (8, 7) })
            .collect()
    };
    let once = Animation {
        move_seconds: 0.5,
        pause_seconds: 0.0,
        repeat: false,
    };
    let svg = svg_animated(
        &p,
        &goal,
        &goal,
        &back_and_forth(4),
        &Style::default(),
        &once,
    )
    .unwrap();
    assert!(svg.contains(r#"dur="2s""#), "4 moves of 0.5 s, no pause");
    assert!(svg.contains(r#"fill="freeze""#) && !svg.contains("indefinite"));
    let looped = svg_animated(
        &p,
        &goal,
        &goal,
        &back_and_forth(4),
        &Style::default(),
        &Animation::default(),
    )
    .unwrap();
    assert!(looped.contains(r#"dur="2.8s""#) && looped.contains("indefinite"));

    // Linear size: every move costs about the same.
    let size = |n| {
        svg_animated(
            &p,
            &goal,
            &goal,
            &back_and_forth(n),
            &Style::default(),
            &Animation::default(),
        )
        .unwrap()
        .len() as f64
    };
    let (s0, s1, s2) = (size(0), size(1000), size(2000));
    let (first, second) = (s1 - s0, s2 - s1);
    assert!((first - second).abs() < 0.1 * first, "{s0} {s1} {s2}");
    assert!(first < 250.0 * 1000.0, "{first} bytes for 1000 moves");

    let too_long = back_and_forth(MAX_ANIMATED_MOVES + 1);
    match svg_animated(
        &p,
        &goal,
        &goal,
        &too_long,
        &Style::default(),
        &Animation::default(),
    ) {
        Err(Error::Limit {
            resource: Resource::Moves,
            needed,
            budget,
        }) => assert_eq!((needed, budget), (100_001, 100_000)),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        Error::limit(Resource::Moves, 100_001, 100_000).to_string(),
        "moves: needs 100001 moves, over the budget of 100000 moves"
    );
    match svg_animated(
        &p,
        &goal,
        &goal,
        &steps_of_blank_path(8, &[7, 3]),
        &Style::default(),
        &Animation::default(),
    ) {
        Err(Error::Moves { index, .. }) => assert_eq!(index, Some(1)),
        other => panic!("{other:?}"),
    }
    for bad in [0.0, -1.0, f64::NAN, 61.0] {
        let a = Animation {
            move_seconds: bad,
            ..Animation::default()
        };
        let e = svg_animated(&p, &goal, &goal, &[(7, 8)], &Style::default(), &a).unwrap_err();
        assert!(matches!(e, Error::Argument { .. }), "{bad}: {e}");
    }
}

/// A solution with several blanks plays every step (the strip has a frame
/// per step, the animation one slide per step) and ends on the goal.
#[test]
fn several_blank_solutions_draw_every_step() {
    use slidepuzzle::{Outcome, SolveOptions, Solver};
    let p = Puzzle::parse("3x3").unwrap();
    let goal = Configuration::natural_with_blanks(9, 2);
    let start = parse_configuration(&p, "1 2 3/4 0 0/7 5 6", 2).unwrap();
    let Outcome::Solved(s) = Solver::new()
        .solve(&p, &start, &goal, &SolveOptions::default())
        .unwrap()
    else {
        panic!("solvable")
    };
    assert!(s.steps.len() >= 2);
    let strip = svg_strip_styled(&p, &start, &goal, &s.steps, 1, 100, &Style::default()).unwrap();
    assert_eq!(strip.matches("move ").count(), s.steps.len() + 1);
    let svg = svg_animated(
        &p,
        &start,
        &goal,
        &s.steps,
        &Style::default(),
        &Animation::default(),
    )
    .unwrap();
    check_ends(&p, &start, &s.steps, &svg);
    assert_eq!(replay_steps(&p, &start, &s.steps).unwrap(), goal);
}
