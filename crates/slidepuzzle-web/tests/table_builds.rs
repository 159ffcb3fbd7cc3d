//! The streamed solve from a cold cache (issue 33, items 7 and 8): the
//! tables its plan lacks are built first, with `building` lines, under
//! their own time; the search's time starts afterwards; concurrent
//! requests share one build of each table; a build over its time stops
//! with that reason, not as "cancelled".
//!
//! The tables are small (4x4, 5-5-5) and built slowly on purpose: the
//! solver's event sink, which the building thread calls at the end of
//! every BFS layer, sleeps [`LAYER_PAUSE`], so that a build lasts longer
//! than the server's [`slidepuzzle_web::BUILD_POLL`] and the other
//! request meets it under way.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use serde_json::{Value, json};
use slidepuzzle::Solver;
use slidepuzzle::search::pdb::BuildEvent;
use slidepuzzle::store::MemoryStore;
use slidepuzzle_web::ServerLimits;

/// The lines of a streamed solve of `body`.
async fn stream(router: &Router, body: &Value) -> Vec<Value> {
    let response =
        crate::requests::post(router.clone(), "/api/solve/stream", body.to_string()).await;
    assert_eq!(response.status(), StatusCode::OK);
    crate::requests::text(response)
        .await
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// How long the event sink holds up a build at the end of each layer.
const LAYER_PAUSE: Duration = Duration::from_millis(25);

/// A server with an empty table store whose solver counts the table
/// builds it starts and slows each build down by [`LAYER_PAUSE`] a layer.
fn server(limits: ServerLimits) -> (Router, Arc<AtomicUsize>) {
    let builds = Arc::new(AtomicUsize::new(0));
    let counter = builds.clone();
    let solver = Solver::new()
        .with_store(Arc::new(MemoryStore::new()))
        .with_events(Arc::new(move |e: &BuildEvent| match e {
            BuildEvent::Message(m) if m.starts_with("building") => {
                counter.fetch_add(1, Ordering::SeqCst);
            }
            BuildEvent::Layer(_) => std::thread::sleep(LAYER_PAUSE),
            _ => {}
        }));
    let router = slidepuzzle_web::router_with_limits(Arc::new(solver), None, limits);
    (router, builds)
}

/// One move from the goal, with 5-5-5 tables: a second or more of
/// (slowed) builds before a search of a few nodes.
fn one_move_with_5_5_5() -> Value {
    json!({
        "puzzle": "4x4",
        "state": "1 2 3 4/5 6 7 8/9 10 11 12/13 14 0 15",
        "algo": "ida",
        "heuristic": "pdb:5-5-5",
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cold_streamed_solves_report_one_shared_build_and_then_search_on_their_own_time() {
    // The search gets 0.2 s (and 0.2 s of grace): far less than the
    // builds, which have their own time.
    let (router, builds) = server(ServerLimits {
        solve_time: Duration::from_millis(200),
        solve_grace: Duration::from_millis(200),
        ..ServerLimits::default()
    });
    let body = one_move_with_5_5_5();
    let (a, b) = tokio::join!(stream(&router, &body), stream(&router, &body));
    for lines in [&a, &b] {
        let (last, before) = lines.split_last().unwrap();
        assert_eq!(last["result"]["length"], 1, "{last}");
        assert_eq!(last["result"]["optimal"], true, "{last}");
        let building: Vec<&Value> = before.iter().filter_map(|l| l.get("building")).collect();
        assert!(!building.is_empty(), "no building line: {lines:?}");
        for line in &building {
            for t in line["tables"].as_array().unwrap() {
                if let Some(f) = t["fraction"].as_f64() {
                    assert!((0.0..=1.0).contains(&f), "{t}");
                }
            }
        }
        assert!(
            building.iter().any(|l| l["tables"][0]["message"]
                .as_str()
                .unwrap()
                .starts_with("building the pattern database for tiles")),
            "{building:?}"
        );
    }
    // Three tables, each built once for both requests.
    assert_eq!(builds.load(Ordering::SeqCst), 3);
    // The tables are kept: a third solve builds nothing.
    let lines = stream(&router, &body).await;
    assert_eq!(lines.last().unwrap()["result"]["length"], 1);
    assert!(
        lines.iter().all(|l| l.get("building").is_none()),
        "{lines:?}"
    );
    assert_eq!(builds.load(Ordering::SeqCst), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_build_over_its_time_stops_with_that_reason_and_is_not_kept() {
    let (router, _) = server(ServerLimits {
        build_time: Duration::from_millis(100),
        ..ServerLimits::default()
    });
    let lines = stream(&router, &one_move_with_5_5_5()).await;
    let error = lines.last().unwrap()["error"].as_str().unwrap().to_string();
    assert!(error.contains("time limit reached"), "{error}");
    assert!(error.contains("no table was kept"), "{error}");
    assert!(!error.contains("cancelled"), "{error}");
}
