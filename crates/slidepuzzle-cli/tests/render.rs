//! End-to-end tests of `slidepuzzle render`: colour schemes, label styles,
//! the animated SVG, and bad values (exit code 2 and a message naming them).

use std::process::{Command, Output};

/// The binary, with the platform cache directory pointed at a directory of
/// the test run (as in `tests/cli.rs`).
fn run(args: &[&str]) -> Output {
    let cache =
        std::env::temp_dir().join(format!("slidepuzzle-render-cache-{}", std::process::id()));
    Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .env("XDG_CACHE_HOME", cache)
        .args(args)
        .output()
        .expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const STATE: &str = "1 2 3/4 0 6/7 5 8";

#[test]
fn animate_writes_one_animation_per_move_of_the_solution() {
    let o = run(&[
        "render",
        "--scheme",
        "fringe",
        "--animate",
        "--solve",
        STATE,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // The solution is R U... two moves, each one animation.
    assert_eq!(svg.matches("<animateTransform").count(), 2, "{svg}");
    assert!(svg.contains("repeatCount=\"indefinite\""));

    let dir = tempfile_dir("animate");
    let file = dir.join("a.svg");
    let o = run(&[
        "render",
        "--animate",
        "--move-seconds",
        "0.5",
        "-o",
        file.to_str().unwrap(),
        STATE,
        "LU",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&file).unwrap();
    // A pause of 1 s at each end and two moves of 0.5 s.
    assert!(svg.contains("dur=\"3s\""), "{svg}");
    assert_eq!(svg.matches("<animateTransform").count(), 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn schemes_and_labels_change_the_drawing() {
    let o = run(&["render", "--scheme", "rows", "--labels", "none", STATE]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = stdout(&o);
    assert!(!svg.contains("<text"), "no labels");
    let plain = stdout(&run(&["render", STATE]));
    assert_ne!(svg, plain);
    assert!(plain.contains(">5</text>"));
    let goal = stdout(&run(&["render", "--labels", "goal", STATE]));
    // Tile 5 belongs at column 1, row 1.
    assert!(goal.contains(">1,1</text>"), "{goal}");
    // Every scheme name the help lists is accepted, strips too.
    for scheme in ["fringe", "rainbow", "rows", "columns", "grids", "plain"] {
        let o = run(&["render", "--scheme", scheme, STATE, "L"]);
        assert!(o.status.success(), "{scheme}: {}", stderr(&o));
        assert_eq!(stdout(&o).matches("move ").count(), 2, "{scheme}");
    }
}

#[test]
fn bad_values_exit_2_with_a_message() {
    for (args, needle) in [
        (vec!["--scheme", "stripes"], "'stripes'"),
        (vec!["--labels", "roman"], "'roman'"),
        (vec!["--animate"], "--solve"),
        (
            vec!["--animate", "--move-seconds", "0", "--solve"],
            "move-seconds",
        ),
        (vec!["--animate", "--move-seconds", "abc", "--solve"], "abc"),
        (vec!["--move-seconds", "1"], "--animate"),
    ] {
        let mut all = vec!["render"];
        all.extend(&args);
        all.push(STATE);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
    // An illegal move names the move.
    let o = run(&["render", "--animate", STATE, "LL"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sp-render-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn several_blanks_render_every_step() {
    // 3x3 with 2 blanks, two steps from the goal: the strip draws the
    // start and a frame per step, the animation a slide per step, and
    // explicit FROM>TO steps draw too.
    let state = "1 2 3/4 0 0/7 5 6";
    let o = run(&["render", "--blanks", "2", "--solve", state]);
    assert!(o.status.success(), "{}", stderr(&o));
    let strip = stdout(&o);
    let frames = strip.matches(">move ").count();
    assert!(frames >= 3, "a frame per step and the start: {frames}");
    let o = run(&["render", "--blanks", "2", "--animate", "--solve", state]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).matches("<animateTransform").count(),
        frames - 1,
        "one slide per step"
    );
    let o = run(&["render", "--blanks", "2", "--animate", state, "7>4 8>5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).matches("<animateTransform").count(), 2);
    let o = run(&["render", "--blanks", "2", state, "7>5"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("step 1"), "{}", stderr(&o));
}
