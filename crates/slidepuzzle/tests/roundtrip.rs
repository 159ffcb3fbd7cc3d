//! Property tests: printing and parsing are inverse, and move notations
//! agree.

use proptest::prelude::*;
use slidepuzzle::format::{format_configuration, parse_configuration};
use slidepuzzle::model::{Configuration, Puzzle};
use slidepuzzle::moves::{letters, parse_moves, replay, tiles_moved};

fn board_and_config() -> impl Strategy<Value = (Puzzle, Configuration)> {
    (1usize..7, 1usize..7)
        .prop_filter("at least 2 cells", |(w, h)| w * h >= 2)
        .prop_flat_map(|(w, h)| {
            let n = w * h;
            (
                Just((w, h)),
                Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle(),
            )
        })
        .prop_map(|((w, h), cells)| {
            (
                Puzzle::board(w, h, false, false).unwrap(),
                Configuration::from_cells(cells, 1).unwrap(),
            )
        })
}

proptest! {
    #[test]
    fn rows_round_trip((p, c) in board_and_config()) {
        let text = format_configuration(&p, &c);
        prop_assert_eq!(parse_configuration(&p, &text, 1).unwrap(), c.clone());
        // The flat form parses to the same configuration.
        let flat = text.replace('/', " ");
        prop_assert_eq!(parse_configuration(&p, &flat, 1).unwrap(), c);
    }

    #[test]
    fn move_notations_round_trip((p, c) in board_and_config(), steps in prop::collection::vec(0usize..4, 0..40)) {
        // A random legal blank path.
        let mut blank = c.blank();
        let mut path = Vec::new();
        for s in steps {
            let ns = p.graph().neighbors(blank);
            blank = ns[s % ns.len()];
            path.push(blank);
        }
        let l = letters(&p, c.blank(), &path).unwrap();
        prop_assert_eq!(&parse_moves(&p, &c, &l).unwrap(), &path);
        let as_path: Vec<String> = path.iter().map(|v| v.to_string()).collect();
        if !path.is_empty() {
            prop_assert_eq!(&parse_moves(&p, &c, &format!("path:{}", as_path.join("-"))).unwrap(), &path);
            let tiles: Vec<String> = tiles_moved(&c, &path).iter().map(|t| t.to_string()).collect();
            prop_assert_eq!(&parse_moves(&p, &c, &format!("tiles:{}", tiles.join(" "))).unwrap(), &path);
        }
        prop_assert!(replay(&p, &c, &path).is_ok());
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,40}") {
        let p = Puzzle::parse("3x3").unwrap();
        let _ = parse_configuration(&p, &text, 1);
        let _ = parse_moves(&p, &p.default_goal(), &text);
        let _ = Puzzle::parse(&text);
    }
}
