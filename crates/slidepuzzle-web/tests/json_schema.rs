//! Every answer of the JSON API is valid against the committed JSON Schema
//! (`docs/schema/records.schema.json`, draft 2020-12): each route is
//! called in-process (tower's `oneshot`) with small inputs, successes and
//! a 400, and each answer (each line of `/api/solve/stream`) is validated
//! against the schema's record of that route.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use slidepuzzle::Solver;
use slidepuzzle::store::MemoryStore;
use tower::ServiceExt;

#[path = "support/schema.rs"]
mod schema_support;
use schema_support::{assert_valid, schema};

/// Sends `body` to `path`; returns the status and the body's text.
async fn call(router: &Router, method: &str, path: &str, body: &str) -> (StatusCode, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .header("host", "127.0.0.1:8080")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
}

/// Posts `body` to `path`, expects `status` and a `kind` record (every
/// line of it for the stream); returns the values.
async fn answer(
    router: &Router,
    path: &str,
    body: Value,
    status: StatusCode,
    kind: &str,
) -> Vec<Value> {
    let context = format!("{path} {body}");
    let (s, text) = call(router, "POST", path, &body.to_string()).await;
    assert_eq!(s, status, "{context}: {text}");
    let values: Vec<Value> = if path == "/api/solve/stream" && s == StatusCode::OK {
        text.lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{context}: {e}: {l}")))
            .collect()
    } else {
        vec![serde_json::from_str(&text).unwrap_or_else(|e| panic!("{context}: {e}: {text}"))]
    };
    assert!(!values.is_empty(), "{context}: no answer");
    let root = jsonschema::draft202012::new(&schema()).unwrap();
    for v in &values {
        assert_valid(kind, v, &context);
        assert!(root.is_valid(v), "{context}: not a record: {v}");
    }
    values
}

const HARD8: &str = "8 6 7/2 5 4/3 0 1";
const NEAR: &str = "1 2 3/4 5 6/0 7 8";
const ODD: &str = "1 2 3/4 5 6/8 7 0";
const PETERSEN: &str = "9 2 3 4 5 6 7 8 1 0";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_api_answer_is_valid_against_the_schema() {
    let r = slidepuzzle_web::router();
    let ok = StatusCode::OK;
    let bad = StatusCode::BAD_REQUEST;
    for puzzle in [
        "3x3",
        "petersen",
        "2x2x2",
        "3x3:torus",
        "theta0",
        "3x3:oneway",
        "segerman",
        "4x3:mobius",
        "1000x1000",
    ] {
        answer(
            &r,
            "/api/puzzle",
            json!({ "puzzle": puzzle }),
            ok,
            "api_puzzle",
        )
        .await;
    }
    answer(
        &r,
        "/api/puzzle",
        json!({"puzzle": "2x3", "blanks": 2}),
        ok,
        "api_puzzle",
    )
    .await;
    answer(
        &r,
        "/api/puzzle",
        json!({"puzzle": "4x4", "scheme": "fringe"}),
        ok,
        "api_puzzle",
    )
    .await;
    answer(
        &r,
        "/api/graph",
        json!({"json": r#"{"vertices": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"], ["c", "a"]], "positions": [[0, 0], [2, 0], [1, 1]]}"#}),
        ok,
        "api_puzzle",
    )
    .await;
    answer(
        &r,
        "/api/graph",
        json!({"json": "{\"vertices\": 1}"}),
        bad,
        "error",
    )
    .await;
    answer(&r, "/api/graph", json!({"graph": "{}"}), bad, "error").await;
    for body in [
        json!({"puzzle": "3x3", "state": NEAR}),
        json!({"puzzle": "3x3", "state": ODD}),
        json!({"puzzle": "theta0", "state": "2 1 3 4 5 6 0"}),
        json!({"puzzle": "2x3", "state": "0 2 1 4 3 0", "blanks": 2}),
    ] {
        answer(&r, "/api/check", body, ok, "check").await;
    }
    for body in [
        json!({"puzzle": "theta0"}),
        json!({"puzzle": "3x3"}),
        json!({"puzzle": "2x3", "blanks": 2}),
        json!({"puzzle": "segerman"}),
        json!({"puzzle": "4x4:streets"}),
        json!({"puzzle": "m13"}),
        json!({"puzzle": "1000x1000"}),
    ] {
        answer(&r, "/api/analyze", body, ok, "analyze").await;
    }
    for body in [
        json!({"puzzle": "3x3", "seed": 1}),
        json!({"puzzle": "petersen", "seed": 2, "moves": 5}),
        json!({"puzzle": "2x3", "seed": 3, "blanks": 2}),
    ] {
        answer(&r, "/api/scramble", body, ok, "api_scramble").await;
    }
    for body in [
        json!({"puzzle": "3x3", "state": HARD8}),
        json!({"puzzle": "petersen", "state": PETERSEN}),
    ] {
        answer(&r, "/api/permutation", body, ok, "perm").await;
    }
    for body in [
        json!({"puzzle": "3x3", "state": HARD8}),
        json!({"puzzle": "4x4", "state": "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}),
        json!({"puzzle": "petersen", "state": PETERSEN}),
        json!({"puzzle": "2x3", "state": "0 2 1 4 3 0", "blanks": 2}),
    ] {
        let v = answer(&r, "/api/lesson", body.clone(), ok, "api_lesson").await;
        let board = body["puzzle"] != "petersen" && body.get("blanks").is_none();
        assert_eq!(v[0]["parity"].is_object(), board, "{v:?}");
    }
    for body in [
        json!({"puzzle": "3x3", "state": NEAR}),
        json!({"puzzle": "3x3", "state": HARD8, "algo": "ida", "heuristic": "md"}),
        json!({"puzzle": "petersen", "state": PETERSEN}),
        json!({"puzzle": "2x3", "state": "0 2 1 4 3 0", "blanks": 2}),
        json!({"puzzle": "3x3", "state": ODD}),
    ] {
        let v = answer(&r, "/api/solve", body.clone(), ok, "solve").await;
        let lines = answer(&r, "/api/solve/stream", body, ok, "api_stream_line").await;
        // The stream's result is a record like /api/solve's (a second
        // solve may use tables the first one left, or other counters).
        let (last, progress) = lines.split_last().unwrap();
        assert!(progress.iter().all(|p| p.get("progress").is_some()));
        for key in ["id", "solvable", "solved", "length", "optimal", "metric"] {
            assert_eq!(last["result"][key], v[0][key], "{key}");
        }
    }
    // A progress line or more before the result of an IDA* search.
    let lines = answer(
        &r,
        "/api/solve/stream",
        json!({"puzzle": "3x3", "state": HARD8, "algo": "ida", "heuristic": "md"}),
        ok,
        "api_stream_line",
    )
    .await;
    assert!(lines.len() >= 3, "{lines:?}");
    // An anytime solve (5x5): improved lines, the constructive answer
    // first, each no longer than the last, then the record of the last.
    let five = "24 16 0 23 21/7 12 9 20 1/19 8 17 4 18/2 14 3 5 10/6 22 11 15 13";
    let lines = answer(
        &r,
        "/api/solve/stream",
        json!({"puzzle": "5x5", "state": five}),
        ok,
        "api_stream_line",
    )
    .await;
    let (last, before) = lines.split_last().unwrap();
    let improved: Vec<&Value> = before.iter().filter_map(|l| l.get("improved")).collect();
    assert!(improved.len() >= 2, "{lines:?}");
    assert_eq!(improved[0]["algorithm"], "constructive", "{lines:?}");
    assert!(
        improved
            .windows(2)
            .all(|w| w[1]["length"].as_u64() <= w[0]["length"].as_u64()),
        "{lines:?}"
    );
    assert_eq!(last["result"]["length"], improved.last().unwrap()["length"]);
    // Bad input: a 400 with {"error"} from every route.
    for path in [
        "/api/puzzle",
        "/api/check",
        "/api/analyze",
        "/api/scramble",
        "/api/permutation",
        "/api/lesson",
        "/api/solve",
        "/api/solve/stream",
    ] {
        answer(&r, path, json!({"puzzle": "3x"}), bad, "error").await;
        answer(
            &r,
            path,
            json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 8 9", "unknown": 1}),
            bad,
            "error",
        )
        .await;
        let (s, text) = call(&r, "POST", path, "{not json").await;
        assert_eq!(s, bad, "{path}");
        assert_valid("error", &serde_json::from_str(&text).unwrap(), path);
    }
    for path in [
        "/api/check",
        "/api/permutation",
        "/api/solve",
        "/api/solve/stream",
    ] {
        answer(
            &r,
            path,
            json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 8 9"}),
            bad,
            "error",
        )
        .await;
    }
    // Other errors have the same body.
    let (s, text) = call(&r, "POST", "/api/nothing", "{}").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_valid("error", &serde_json::from_str(&text).unwrap(), "404");
    let (s, text) = call(&r, "GET", "/api/solve", "").await;
    assert_eq!(s, StatusCode::METHOD_NOT_ALLOWED);
    assert_valid("error", &serde_json::from_str(&text).unwrap(), "405");
}

/// A search stopped by the time limit is a stopped solve record, from
/// `/api/solve` and as the stream's result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_search_is_a_valid_stopped_record() {
    let limits = slidepuzzle_web::ServerLimits {
        solve_time: Duration::from_millis(50),
        solve_grace: Duration::from_secs(30),
        ..Default::default()
    };
    let r = slidepuzzle_web::router_with_limits(
        Arc::new(Solver::new().with_store(Arc::new(MemoryStore::new()))),
        None,
        limits,
    );
    // Korf's #88 with Manhattan distance: far more than 50 ms.
    let body = json!({
        "puzzle": "4x4",
        "state": "15 2 12 11/14 13 9 5/1 3 8 7/0 10 6 4",
        "goal": "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
        "algo": "ida",
        "heuristic": "md",
    });
    let v = answer(&r, "/api/solve", body.clone(), StatusCode::OK, "solve").await;
    assert_valid("solve_stopped", &v[0], "/api/solve");
    assert_eq!(v[0]["stopped"], "timeout");
    let lines = answer(
        &r,
        "/api/solve/stream",
        body,
        StatusCode::OK,
        "api_stream_line",
    )
    .await;
    let last = lines.last().unwrap();
    assert_valid("solve_stopped", &last["result"], "/api/solve/stream");
}

/// `"compact": true` (the page's): a 100x100 answer (2.6 million steps)
/// comes as its blank's walk in under 10 MB, valid against the schema, and
/// the walk replays to the goal on the board; a short answer asked so is
/// the plain record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_answer_asked_compact_is_its_blanks_walk() {
    use base64::Engine as _;
    let r = slidepuzzle_web::router();
    let ok = StatusCode::OK;
    let scrambled = answer(
        &r,
        "/api/scramble",
        json!({"puzzle": "100x100", "seed": 1}),
        ok,
        "api_scramble",
    )
    .await;
    let state = scrambled[0]["state"].as_str().unwrap().to_string();
    let body =
        json!({"puzzle": "100x100", "state": state, "algo": "constructive", "compact": true});
    let (s, text) = call(&r, "POST", "/api/solve/stream", &body.to_string()).await;
    assert_eq!(s, ok, "{text:.300}");
    assert!(text.len() < 10_000_000, "{} bytes", text.len());
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_valid("api_stream_line", &last, "the compact answer");
    let record = &last["result"];
    for gone in ["steps", "tiles", "blank_path"] {
        assert!(record.get(gone).is_none(), "{gone} was sent");
    }
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(record["walk_u16"].as_str().unwrap())
        .unwrap();
    let walk: Vec<usize> = bytes
        .chunks(2)
        .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])))
        .collect();
    let stm = record["stm"].as_u64().unwrap() as usize;
    assert!(stm > 1_000_000, "{stm} steps");
    assert_eq!(walk.len(), stm + 1);
    let mut cells: Vec<usize> = state
        .split([' ', '/'])
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().unwrap())
        .collect();
    for pair in walk.windows(2) {
        let (blank, from) = (pair[0], pair[1]);
        assert_eq!(cells[blank], 0, "the walk leaves the blank");
        let next =
            blank.abs_diff(from) == 100 || (blank.abs_diff(from) == 1 && blank / 100 == from / 100);
        assert!(next, "{from} is no neighbour of {blank}");
        cells.swap(blank, from);
    }
    let goal: Vec<usize> = (1..10_000).chain([0]).collect();
    assert_eq!(cells, goal);
    let lines = answer(
        &r,
        "/api/solve/stream",
        json!({"puzzle": "3x3", "state": NEAR, "compact": true}),
        ok,
        "api_stream_line",
    )
    .await;
    assert!(lines.last().unwrap()["result"]["steps"].is_array());
}
