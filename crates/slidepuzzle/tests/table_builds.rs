//! Table builds shared by concurrent callers (the web server's requests):
//! one build per table however many callers want it, the builds under way
//! visible with how far they got, and a waiting caller still stopped by
//! its own cancel flag.
//!
//! The tables are small (4x4, 5-5-5, about a second in all) and built
//! slowly on purpose: the solver's event sink, which the building thread
//! calls at the end of every BFS layer, sleeps [`LAYER_PAUSE`], so that
//! each build stays under way long enough for the other callers to meet it.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use slidepuzzle::search::pdb::BuildEvent;
use slidepuzzle::{Algorithm, Error, Limits, Puzzle, SolveOptions, Solver, StopReason};

/// 5-5-5 tables on 4x4: three tables of 524,160 entries each.
fn options() -> SolveOptions {
    SolveOptions {
        algorithm: Algorithm::Ida,
        heuristic: "pdb:5-5-5".parse().unwrap(),
        ..SolveOptions::default()
    }
}

/// How long the event sink holds up a build at the end of each layer.
const LAYER_PAUSE: Duration = Duration::from_millis(10);

/// A solver (no store) that counts the builds it starts and slows each
/// build down by [`LAYER_PAUSE`] a layer.
fn counting_solver() -> (Arc<Solver>, Arc<AtomicUsize>) {
    let started = Arc::new(AtomicUsize::new(0));
    let counter = started.clone();
    let solver = Solver::new().with_events(Arc::new(move |e: &BuildEvent| match e {
        BuildEvent::Message(m) if m.starts_with("building") => {
            counter.fetch_add(1, Ordering::SeqCst);
        }
        BuildEvent::Layer(_) => std::thread::sleep(LAYER_PAUSE),
        _ => {}
    }));
    (Arc::new(solver), started)
}

/// A counting solver, the 4x4 and its 5-5-5 plan, and a thread that
/// builds the plan's tables.
#[allow(clippy::type_complexity)]
fn build_in_the_background() -> (
    Arc<Solver>,
    Puzzle,
    slidepuzzle::Configuration,
    slidepuzzle::Plan,
    std::thread::JoinHandle<slidepuzzle::Result<()>>,
) {
    let (solver, _) = counting_solver();
    let p = Puzzle::parse("4x4").unwrap();
    let goal = p.default_goal();
    let plan = solver.plan(&p, &goal, &options()).unwrap();
    let builder = {
        let (solver, p, goal, plan) = (solver.clone(), p.clone(), goal.clone(), plan.clone());
        std::thread::spawn(move || solver.prepare(&p, &goal, &plan, &Limits::default()))
    };
    (solver, p, goal, plan, builder)
}

#[test]
fn concurrent_callers_wait_for_one_build_of_each_table() {
    let (solver, started) = counting_solver();
    let p = Puzzle::parse("4x4").unwrap();
    let goal = p.default_goal();
    let plan = solver.plan(&p, &goal, &options()).unwrap();
    let groups = plan.tables.as_ref().unwrap().groups.len();
    assert_eq!(groups, 3);
    let ready = Arc::new(Barrier::new(3));
    let callers: Vec<_> = (0..3)
        .map(|_| {
            let (solver, p, goal, plan, ready) = (
                solver.clone(),
                p.clone(),
                goal.clone(),
                plan.clone(),
                ready.clone(),
            );
            std::thread::spawn(move || {
                ready.wait();
                solver.prepare(&p, &goal, &plan, &Limits::default())
            })
        })
        .collect();
    for c in callers {
        c.join().unwrap().unwrap();
    }
    assert_eq!(
        started.load(Ordering::SeqCst),
        groups,
        "each table built once"
    );
    assert!(solver.builds().is_empty());
    // Later callers find the tables at once.
    solver
        .prepare(&p, &goal, &plan, &Limits::default())
        .unwrap();
    assert_eq!(started.load(Ordering::SeqCst), groups);
}

#[test]
fn a_build_under_way_reports_what_it_builds_and_how_far() {
    let (solver, _, _, _, builder) = build_in_the_background();
    let mut seen = Vec::new();
    while !builder.is_finished() {
        seen.extend(solver.builds());
        std::thread::sleep(Duration::from_millis(1));
    }
    builder.join().unwrap().unwrap();
    assert!(
        solver.builds().is_empty(),
        "a finished build is no longer listed"
    );
    let building: Vec<_> = seen
        .iter()
        .filter(|b| {
            b.message
                .starts_with("building the pattern database for tiles")
        })
        .collect();
    assert!(!building.is_empty(), "no build seen under way");
    // Board tables report their layers: a share of the entries in [0, 1],
    // never shrinking within one table.
    let fractions: Vec<f64> = building.iter().filter_map(|b| b.fraction).collect();
    assert!(!fractions.is_empty());
    assert!(fractions.iter().all(|f| (0.0..=1.0).contains(f)));
    assert!(
        building
            .iter()
            .all(|b| b.started.elapsed() < Duration::from_secs(600))
    );
}

#[test]
fn a_caller_waiting_for_another_callers_build_is_stopped_by_its_own_cancel_flag() {
    let (solver, p, goal, plan, builder) = build_in_the_background();
    // Wait until the first table's build is under way.
    let clock = Instant::now();
    while solver.builds().iter().all(|b| b.message.is_empty()) {
        assert!(
            clock.elapsed() < Duration::from_secs(60),
            "the build never started"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    let cancelled = Limits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let err = solver.prepare(&p, &goal, &plan, &cancelled).unwrap_err();
    let Error::Stopped { reason, message } = err else {
        panic!("not stopped: {err}");
    };
    assert_eq!(reason, StopReason::Cancelled);
    assert!(
        message.contains("waiting for a table build another run started"),
        "{message}"
    );
    // The first caller's build went on to the end.
    builder.join().unwrap().unwrap();
}
