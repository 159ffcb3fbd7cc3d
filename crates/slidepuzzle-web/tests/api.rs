//! The JSON API, and an end-to-end test of the page in headless Chromium.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use slidepuzzle::Solver;
use slidepuzzle::store::MemoryStore;
use tower::ServiceExt;

async fn post(path: &str, body: String) -> (StatusCode, Value) {
    let response = crate::requests::post(slidepuzzle_web::router(), path, body).await;
    let status = response.status();
    let text = crate::requests::text(response).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

async fn post_json(path: &str, body: Value) -> (StatusCode, Value) {
    post(path, body.to_string()).await
}

/// Korf's instance #88 (65 moves, one of the hardest of the 100) is solved
/// optimally within the request's limit by the default method: pattern
/// databases; an explicit partition is accepted too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn korf_88_is_solved_optimally_with_pattern_databases_by_default() {
    let korf88 = "15 2 12 11/14 13 9 5/1 3 8 7/0 10 6 4";
    let goal = "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15";
    let (s, v) = post_json(
        "/api/solve",
        json!({"puzzle": "4x4", "state": korf88, "goal": goal}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["length"].as_u64(), v["optimal"].as_bool()),
        (Some(65), Some(true)),
        "{v}"
    );
    assert!(
        v["plan"].as_str().unwrap().contains("pattern databases"),
        "{v}"
    );
    assert!(
        v["method"]
            .as_str()
            .unwrap()
            .starts_with("IDA* with additive pattern databases ("),
        "{v}"
    );
    let (s, v) = post_json(
        "/api/solve",
        json!({"puzzle": "3x3", "state": "8 6 7/2 5 4/3 0 1", "heuristic": "pdb:4-4"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (v["length"].as_u64(), v["algorithm"].as_str()),
        (Some(31), Some("ida-pdb"))
    );
    let (s, v) = post_json(
        "/api/solve",
        json!({"puzzle": "3x3", "state": "8 6 7/2 5 4/3 0 1", "heuristic": "pdb:4-x"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("'x'"), "{v}");
}

/// No spelling of a `graph:` spec reaches a file: the parser has no loader.
#[tokio::test]
async fn graph_specs_never_open_files() {
    let dir = std::env::temp_dir().join(format!("slidepuzzle-web-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.json");
    std::fs::write(&file, r#"{"vertices": 3, "edges": [[0,1],[1,2],[2,0]]}"#).unwrap();
    for family in ["graph", "Graph", "GRAPH", " graph", "gRaPh"] {
        let spec = format!("{family}:{}", file.display());
        let (s, v) = post_json("/api/puzzle", json!({ "puzzle": spec })).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{spec}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.contains("not read here"), "{spec}: {e}");
    }
    let (s, v) = post_json("/api/puzzle", json!({ "puzzle": "GRAPH:/etc/passwd" })).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        v["error"].as_str().unwrap().contains("not read here"),
        "{v}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// DNS-rebinding defence: only requests addressed to localhost are served.
#[tokio::test]
async fn requests_for_other_hosts_are_refused() {
    for (host, ok) in [
        ("127.0.0.1:8080", true),
        ("localhost", true),
        ("LOCALHOST:9", true),
        ("[::1]:8080", true),
        ("evil.example:8080", false),
        ("127.0.0.1.evil.example", false),
        ("10.0.0.1:8080", false),
    ] {
        let response = slidepuzzle_web::router()
            .oneshot(
                Request::post("/api/scramble")
                    .header("content-type", "application/json")
                    .header("host", host)
                    .body(Body::from(r#"{"puzzle": "3x3", "seed": 1}"#))
                    .unwrap(),
            )
            .await
            .unwrap();
        let expected = if ok {
            StatusCode::OK
        } else {
            StatusCode::FORBIDDEN
        };
        assert_eq!(response.status(), expected, "{host}");
    }
    let bound = Some("192.168.1.5".parse().unwrap());
    assert!(slidepuzzle_web::host_allowed(
        Some("192.168.1.5:8080"),
        bound
    ));
    assert!(!slidepuzzle_web::host_allowed(
        Some("192.168.1.6:8080"),
        bound
    ));
}

#[tokio::test]
async fn solve_returns_the_cli_record() {
    let (s, v) = post_json(
        "/api/solve",
        json!({"puzzle": "3x3", "state": "8 6 7/2 5 4/3 0 1"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        (v["length"].as_u64(), v["optimal"].as_bool()),
        (Some(31), Some(true))
    );
    for key in [
        "id",
        "moves",
        "blank_path",
        "expanded",
        "generated",
        "seconds",
        "stm",
        "mtm",
        "tiles",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let (_, v) = post_json(
        "/api/solve",
        json!({"puzzle": "4x4", "state": "1 2 3 4/5 6 7 8/9 10 11 12/13 15 14 0"}),
    )
    .await;
    assert_eq!(v["solvable"], false);
    let (_, v) = post_json(
        "/api/solve",
        json!({"puzzle": "petersen", "state": "9 2 3 4 5 6 7 8 1 0"}),
    )
    .await;
    assert_eq!(v["optimal"], true);
}

#[tokio::test]
async fn a_big_board_loads_without_lists_and_scrambles_but_takes_no_state() {
    // 1000x1000 is over the page's 10,000 vertices: it comes without the
    // lists that grow with it, the page computing the grid itself.
    let (s, v) = post_json("/api/puzzle", json!({"puzzle": "1000x1000"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (&v["lists"], &v["vertices"], &v["width"], &v["height"]),
        (&json!(false), &json!(1_000_000), &json!(1000), &json!(1000)),
        "{v}"
    );
    assert_eq!(
        (&v["edges"], &v["goal_cells"], &v["positions"]),
        (&json!([]), &json!([]), &json!(null))
    );
    // Its scramble is the library's: every tile once, one blank, 1000 rows.
    let (s, v) = post_json("/api/scramble", json!({"puzzle": "1000x1000", "seed": 3})).await;
    assert_eq!(s, StatusCode::OK);
    let state = v["state"].as_str().expect("a state");
    assert_eq!(state.split('/').count(), 1000);
    let mut tiles: Vec<usize> = state
        .split(['/', ' '])
        .map(|t| t.parse().expect("a number"))
        .collect();
    tiles.sort_unstable();
    assert_eq!(tiles, (0..1_000_000).collect::<Vec<_>>());
    // Its analysis: the library's, with the group's order as a formula's
    // summary (the number has 5,565,703 digits) and no lists.
    let (s, v) = post_json("/api/analyze", json!({"puzzle": "1000x1000"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(
        (
            &v["group"],
            &v["group_order"],
            &v["edges"],
            &v["block_count"]
        ),
        (
            &json!("A_999999"),
            &json!("≈ 4.13197·10^5565702 (5565703 digits)"),
            &json!(1_998_000),
            &json!(1)
        ),
        "{v}"
    );
    refused_saying(
        "/api/analyze",
        json!({"puzzle": "1000x1000", "blanks": 2}),
        "slidepuzzle analyze --puzzle 1000x1000 --blanks 2",
    )
    .await;
    // A state of a big board is refused with the page's budget (the page
    // names the command-line tool instead of asking).
    let state = json!({"puzzle": "1000x1000", "state": "1 0"});
    refused_saying("/api/check", state, "budget of 10000 vertices").await;
    // Past 1000x1000, and for anything but a plain board, the budgets say so.
    let (over, torus) = (
        json!({"puzzle": "1001x1000"}),
        json!({"puzzle": "200x200:torus"}),
    );
    refused_saying("/api/puzzle", over, "budget of 1000000 vertices").await;
    refused_saying("/api/puzzle", torus, "budget of 10000 vertices").await;
}

/// Posts `body` to `path` and checks the answer: a 400 whose error says
/// `says`.
async fn refused_saying(path: &str, body: Value, says: &str) {
    let (s, v) = post_json(path, body).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{path}: {v}");
    assert!(error_of(&v).contains(says), "{path}: {v}");
}

#[tokio::test]
async fn check_analyze_scramble_and_puzzle_info() {
    let (s, v) = post_json(
        "/api/check",
        json!({"puzzle": "theta0", "state": "2 1 3 4 5 6 0"}),
    )
    .await;
    assert_eq!((s, v["solvable"].as_bool()), (StatusCode::OK, Some(false)));
    let (_, v) = post_json("/api/analyze", json!({"puzzle": "theta0"})).await;
    assert_eq!(
        (v["group"].as_str(), v["reachable_configurations"].as_str()),
        (Some("PGL(2,5)"), Some("840"))
    );
    // With two blanks, the several-blank analysis (every one of the 9!/2!
    // configurations of 3x3 reachable), not the one-blank group A_8.
    let (_, v) = post_json("/api/analyze", json!({"puzzle": "3x3", "blanks": 2})).await;
    assert_eq!(
        (&v["blanks"], &v["everything_reachable"], &v["group"]),
        (&json!(2), &json!(true), &json!(null)),
        "{v}"
    );
    assert_eq!(v["reachable_configurations"], "181440", "{v}");
    assert_eq!(v["blocks"][0]["type"], "bipartite 2-connected", "{v}");
    // A random walk of one move from the goal.
    let (_, w) = post_json(
        "/api/scramble",
        json!({"puzzle": "3x3", "seed": 3, "moves": 1, "blanks": 2}),
    )
    .await;
    let walked = w["state"].as_str().unwrap().to_string();
    let (_, s) = post_json(
        "/api/solve",
        json!({"puzzle": "3x3", "state": walked, "blanks": 2}),
    )
    .await;
    assert_eq!(s["length"], 1, "{w} {s}");
    let (_, v) = post_json("/api/scramble", json!({"puzzle": "4x4", "seed": 3})).await;
    let state = v["state"].as_str().unwrap().to_string();
    let (_, c) = post_json("/api/check", json!({"puzzle": "4x4", "state": state})).await;
    assert_eq!(
        (&c["solvable"], &c["decided_by"]),
        (&json!(true), &json!("blocks"))
    );
    let (_, c) = post_json(
        "/api/check",
        json!({"puzzle": "path:6", "state": "0 2 1 0 3 4", "goal": "1 2 0 0 3 4", "blanks": 2}),
    )
    .await;
    assert_eq!(
        (&c["solvable"], &c["decided_by"]),
        (&json!(false), &json!("tile-classes")),
        "{c}"
    );
    let (_, v) = post_json("/api/puzzle", json!({"puzzle": "2x2x2"})).await;
    assert_eq!(
        (
            v["kind"].as_str(),
            v["vertices"].as_u64(),
            v["edges"].as_array().map(|e| e.len())
        ),
        (Some("box"), Some(8), Some(12))
    );
    // Seed 001's two views of its example position.
    let (s, v) = post_json(
        "/api/permutation",
        json!({"puzzle": "4x4", "state": "15 12 7 1/14 10 0 5/2 6 11 9/3 4 8 13"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        v["toroidal"]["element"],
        "(1,9)(3,6)(4,11,12,7)(5,13)(10,15) * (16,18)(17,19) * (20,21,22,23)"
    );
    assert_eq!(v["hole_label"], 16);
    let (_, v) = post_json(
        "/api/permutation",
        json!({"puzzle": "petersen", "state": "2 1 3 4 5 6 7 8 9 0", "goal": "1 2 3 4 5 6 7 8 9 0"}),
    )
    .await;
    assert_eq!(
        (v["permutation"].as_str(), v["toroidal"].is_null()),
        (Some("(1,2)"), true)
    );
    let (s, v) = post_json(
        "/api/permutation",
        json!({"puzzle": "3x3", "state": "1 2 3/4 0 5/6 7 0", "blanks": 2}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("several, blanks are interchangeable"),
        "{v}"
    );
}

/// The page's colour schemes are the library's (`render --scheme`): each
/// tile's fill by its goal vertex, null for plain or without a scheme,
/// rainbow on graphs without rows, and a 400 naming an unknown scheme.
#[tokio::test]
async fn puzzle_info_gives_each_tile_its_colour_in_a_scheme() {
    let colours = |v: &serde_json::Value| -> Vec<String> {
        v["tile_colours"]
            .as_array()
            .unwrap_or_else(|| panic!("{v}"))
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect()
    };
    let (s, v) = post_json("/api/puzzle", json!({"puzzle": "4x4", "scheme": "rows"})).await;
    assert_eq!(s, 200, "{v}");
    let rows = colours(&v);
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[1], rows[4], "tiles 1 to 4 are the top row");
    assert_ne!(rows[4], rows[5], "tile 5 starts the second row");
    let (_, v) = post_json("/api/puzzle", json!({"puzzle": "4x4", "scheme": "columns"})).await;
    let columns = colours(&v);
    assert_eq!(columns[1], columns[5]);
    assert_ne!(columns[1], columns[2]);
    for body in [
        json!({"puzzle": "4x4"}),
        json!({"puzzle": "4x4", "scheme": "plain"}),
    ] {
        let (_, v) = post_json("/api/puzzle", body).await;
        assert_eq!(v["tile_colours"], json!(null), "{v}");
    }
    // The Petersen graph has no rows: every tile its own hue.
    let (_, v) = post_json(
        "/api/puzzle",
        json!({"puzzle": "petersen", "scheme": "rows"}),
    )
    .await;
    let hues = colours(&v);
    assert_eq!(hues.len(), 10);
    assert_ne!(hues[1], hues[2]);
    let (s, v) = post_json("/api/puzzle", json!({"puzzle": "4x4", "scheme": "stripes"})).await;
    assert_eq!(s, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("'stripes'"), "{v}");
}

/// The editor's JSON import: the library reads the graph (names, the
/// drawing's positions) and the answer is the puzzle record; a graph the
/// reader refuses is a 400 that says why.
#[tokio::test]
async fn a_json_graph_is_read_by_the_library() {
    let text = r#"{"name": "house", "vertices": ["a", "b", "c", "d", "e"],
        "edges": [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["c", "e"], ["d", "e"]],
        "positions": [[0, 2], [2, 2], [2, 1], [0, 1], [1, 0]]}"#;
    let (s, v) = post_json("/api/graph", json!({ "json": text })).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (v["vertices"].as_u64(), v["kind"].as_str()),
        (Some(5), Some("graph")),
        "{v}"
    );
    assert_eq!(v["edges"].as_array().map(|e| e.len()), Some(6), "{v}");
    assert_eq!(v["positions"][4], json!([1.0, 0.0, 0.0]), "{v}");
    let (s, v) = post_json(
        "/api/graph",
        json!({ "json": r#"{"vertices": 3, "edges": [[0, 1], [1, 7]]}"# }),
    )
    .await;
    assert_eq!(s, 400, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("the JSON graph"),
        "{v}"
    );
}

/// What the page draws one-way edges and turned tiles from: the arcs
/// without a reverse, the nonzero turns with their modulus, and the goal's
/// orientations; a scramble of `segerman` is solved (the library replays
/// every answer before it leaves; the browser tests replay it in the page).
#[tokio::test]
async fn puzzle_info_carries_arcs_and_turns() {
    let (_, v) = post_json("/api/puzzle", json!({"puzzle": "3x3:oneway"})).await;
    assert_eq!(
        (&v["one_way"], &v["modulus"], &v["turns"]),
        (&json!([[0, 3], [3, 6]]), &json!(null), &json!([])),
        "{v}"
    );
    assert_eq!(v["goal_orientations"], json!([]), "{v}");
    let (_, v) = post_json("/api/puzzle", json!({"puzzle": "segerman"})).await;
    assert_eq!(
        (&v["one_way"], &v["modulus"], &v["turns"]),
        (&json!([]), &json!(4), &json!([[0, 16, 1], [1, 18, 1]])),
        "{v}"
    );
    assert_eq!(v["goal_orientations"], json!(vec![0; 20]), "{v}");
    let (_, w) = post_json("/api/scramble", json!({"puzzle": "segerman", "seed": 5})).await;
    let state = w["state"].as_str().unwrap().to_string();
    assert!(state.contains('^'), "{w}");
    let (s, r) = post_json("/api/solve", json!({"puzzle": "segerman", "state": state})).await;
    assert_eq!(s, StatusCode::OK, "{r}");
    let steps = r["steps"].as_array().unwrap();
    assert_eq!(steps.len(), r["length"].as_u64().unwrap() as usize, "{r}");
    let (s, v) = post_json(
        "/api/check",
        json!({"puzzle": "3x3", "state": "1^1 2 3/4 5 6/7 8 0"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("do not turn"), "{v}");
}

#[tokio::test]
async fn bad_input_is_a_clear_400_and_the_server_keeps_answering() {
    let cases = [
        (
            json!({"puzzle": "3x3", "state": "1 2 3/4 5 5/7 8 0"}),
            "duplicated",
        ),
        (
            json!({"puzzle": "hexagon", "state": "1 0"}),
            "unknown puzzle",
        ),
        (
            json!({"puzzle": "graph:/etc/passwd", "state": "1 0"}),
            "not read here",
        ),
        (json!({"puzzle": "3x3"}), "missing \"state\""),
        (
            json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 8 0", "algo": "magic"}),
            "unknown algorithm",
        ),
    ];
    for (body, needle) in cases {
        let (s, v) = post_json("/api/solve", body.clone()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            v["error"].as_str().unwrap_or("").contains(needle),
            "{body}: {v}"
        );
    }
    let (s, _) = post("/api/solve", "{not json".into()).await;
    assert!(s.is_client_error());
    let (s, _) = post_json(
        "/api/solve",
        json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 8 0", "extra": 1}),
    )
    .await;
    assert!(s.is_client_error());
    // Oversized bodies are refused.
    let big = format!(
        "{{\"puzzle\": \"3x3\", \"state\": \"{}\"}}",
        "1 ".repeat(40_000)
    );
    let (s, _) = post("/api/solve", big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    // And it still answers.
    let (s, v) = post_json(
        "/api/check",
        json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 0 8"}),
    )
    .await;
    assert_eq!((s, v["solvable"].as_bool()), (StatusCode::OK, Some(true)));
}

/// Sends `request` to `router`: status, headers, JSON body (`Null` if the
/// body is not JSON).
async fn send(
    router: axum::Router,
    request: Request<Body>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let response = router.oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        headers,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// A router with `limits` and a fresh in-memory table store.
fn router_with(limits: slidepuzzle_web::ServerLimits) -> axum::Router {
    slidepuzzle_web::router_with_limits(
        Arc::new(Solver::new().with_store(Arc::new(MemoryStore::new()))),
        None,
        limits,
    )
}

/// A JSON POST of `body` to `path`.
fn post_request(path: &str, body: Value) -> Request<Body> {
    Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap()
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no \"error\" string in {v}"))
}

/// Puzzles over the page's budget are refused from the spec's numbers,
/// before any graph is built: a fast JSON 400 on every endpoint, and the
/// page is still served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_puzzles_are_a_fast_400_before_construction() {
    for spec in [
        "100000x100000",
        "complete:100000",
        "complete:10001",
        "complete:10000",
        "complete:448",
        "edges:0-4294967295",
        "random:1000000000,0",
        // Over the big boards' 1,000,000 vertices (a plain board up to it
        // loads: a_big_board_loads_without_lists_and_scrambles_but_takes_no_state).
        "1001x1000",
        "10000x10000x10000",
    ] {
        for path in [
            "/api/puzzle",
            "/api/check",
            "/api/analyze",
            "/api/scramble",
            "/api/solve",
        ] {
            let t = std::time::Instant::now();
            let (s, v) = post_json(path, json!({"puzzle": spec, "state": "1 0"})).await;
            let took = t.elapsed();
            assert_eq!(s, StatusCode::BAD_REQUEST, "{path} {spec}: {v}");
            assert!(error_of(&v).contains("budget"), "{path} {spec}: {v}");
            assert!(
                took < std::time::Duration::from_millis(500),
                "{path} {spec}: {took:?}"
            );
        }
    }
    // Just over 10,000 vertices a plain board is a big board: it loads,
    // but a state of it is over the budget.
    for path in ["/api/check", "/api/solve"] {
        let state = json!({"puzzle": "101x100", "state": "1 0"});
        refused_saying(path, state, "budget of 10000 vertices").await;
    }
    // The largest accepted puzzles: 10,000 vertices; 99,681 edges.
    let (s, v) = post_json("/api/puzzle", json!({"puzzle": "100x100"})).await;
    assert_eq!((s, v["vertices"].as_u64()), (StatusCode::OK, Some(10_000)));
    let (s, v) = post_json("/api/analyze", json!({"puzzle": "complete:447"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, _, _) = send(
        slidepuzzle_web::router(),
        Request::get("/").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
}

/// Every body the API cannot read is a JSON 400 (axum alone answers 415
/// and 422 with plain text); an oversized body a JSON 413.
#[tokio::test]
async fn unreadable_bodies_are_json_400s() {
    let cases: [(&str, Option<&str>, String, &str); 9] = [
        (
            "/api/solve",
            Some("application/json"),
            json!({"puzzle": 3, "state": "1 0"}).to_string(),
            "invalid type",
        ),
        (
            "/api/scramble",
            Some("application/json"),
            json!({"puzzle": "3x3", "seed": "seven"}).to_string(),
            "invalid type",
        ),
        (
            "/api/scramble",
            Some("application/json"),
            json!({"puzzle": "3x3", "seed": -1}).to_string(),
            "invalid value",
        ),
        (
            "/api/check",
            Some("application/json"),
            json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 8 0", "evil": 1}).to_string(),
            "unknown field",
        ),
        (
            "/api/analyze",
            Some("application/json"),
            json!({"goal": "1 0"}).to_string(),
            "missing field",
        ),
        (
            "/api/analyze",
            None,
            json!({"puzzle": "3x3"}).to_string(),
            "Content-Type",
        ),
        (
            "/api/analyze",
            Some("text/plain"),
            json!({"puzzle": "3x3"}).to_string(),
            "Content-Type",
        ),
        (
            "/api/puzzle",
            Some("application/json"),
            "{not json".into(),
            "",
        ),
        ("/api/puzzle", Some("application/json"), "".into(), ""),
    ];
    for (path, content_type, body, needle) in cases {
        let mut request = Request::post(path).header("host", "localhost");
        if let Some(t) = content_type {
            request = request.header("content-type", t);
        }
        let (s, _, v) = send(
            slidepuzzle_web::router(),
            request.body(Body::from(body.clone())).unwrap(),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path} {body}: {v}");
        assert!(error_of(&v).contains(needle), "{path} {body}: {v}");
    }
    let big = format!(
        "{{\"puzzle\": \"3x3\", \"state\": \"{}\"}}",
        "1 ".repeat(40_000)
    );
    let (s, v) = post("/api/solve", big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(error_of(&v).contains("length limit of 64 KiB"), "{v}");
    assert!(!error_of(&v).contains("Failed to buffer"), "{v}");
}

/// Unknown paths and wrong methods answer JSON too (405 keeps `Allow`).
#[tokio::test]
async fn unknown_routes_and_methods_are_json() {
    for (method, path, status) in [
        ("GET", "/nothing", StatusCode::NOT_FOUND),
        ("POST", "/api/nothing", StatusCode::NOT_FOUND),
        ("GET", "/api/", StatusCode::NOT_FOUND),
        ("GET", "/api/solve", StatusCode::METHOD_NOT_ALLOWED),
        ("DELETE", "/api/check", StatusCode::METHOD_NOT_ALLOWED),
        ("POST", "/", StatusCode::METHOD_NOT_ALLOWED),
    ] {
        let (s, headers, v) = send(
            slidepuzzle_web::router(),
            Request::builder()
                .method(method)
                .uri(path)
                .header("host", "localhost")
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(s, status, "{method} {path}: {v}");
        assert!(!error_of(&v).is_empty());
        if status == StatusCode::METHOD_NOT_ALLOWED {
            assert!(headers.contains_key("allow"), "{method} {path}");
        }
    }
}

/// With no permit left, API requests are answered at once with 503 busy
/// and `Retry-After: 1`; bodies that cannot be read are still 400s, and
/// the page needs no permit.
#[tokio::test]
async fn a_full_pool_answers_503_busy_and_the_page_still_loads() {
    let limits = slidepuzzle_web::ServerLimits {
        solve_permits: 0,
        work_permits: 0,
        ..Default::default()
    };
    let router = slidepuzzle_web::router_with_limits(
        Arc::new(Solver::new().with_store(Arc::new(MemoryStore::new()))),
        None,
        limits,
    );
    for (path, body) in [
        (
            "/api/solve",
            json!({"puzzle": "3x3", "state": "8 6 7/2 5 4/3 0 1"}),
        ),
        (
            "/api/check",
            json!({"puzzle": "3x3", "state": "8 6 7/2 5 4/3 0 1"}),
        ),
        ("/api/analyze", json!({"puzzle": "3x3"})),
        ("/api/scramble", json!({"puzzle": "3x3"})),
        ("/api/puzzle", json!({"puzzle": "3x3"})),
    ] {
        let (s, headers, v) = send(
            router.clone(),
            Request::post(path)
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await;
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{path}");
        assert_eq!(error_of(&v), "busy, retry");
        assert_eq!(headers["retry-after"], "1");
    }
    let (s, _, v) = send(
        router.clone(),
        Request::post("/api/solve")
            .header("content-type", "application/json")
            .body(Body::from("{not json"))
            .unwrap(),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    // A spec over the page's budget is refused before a permit is asked
    // for: 400 naming the size, even with the pool full.
    for path in [
        "/api/solve",
        "/api/check",
        "/api/analyze",
        "/api/scramble",
        "/api/puzzle",
    ] {
        let (s, _, v) = send(
            router.clone(),
            Request::post(path)
                .header("content-type", "application/json")
                .body(Body::from(
                    json!({"puzzle": "100000x100000", "state": "1 0"}).to_string(),
                ))
                .unwrap(),
        )
        .await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{path}: {v}");
        assert!(error_of(&v).contains("vertices"), "{path}: {v}");
    }
    let (s, _, _) = send(router, Request::get("/").body(Body::empty()).unwrap()).await;
    assert_eq!(s, StatusCode::OK);
}

/// Work that outlives its time limit is answered 503 "took longer than":
/// the other endpoints after `work_time`, a solve after its deadline plus
/// the grace (and its search is cancelled). With limits of zero every
/// piece of work ends after its limit, so the answer is the timer's
/// whether the timer's first tick (about a millisecond) is noticed first,
/// or the work's end (it stops itself on its own zero deadline, or answers
/// because a loaded machine woke the waiting task late): the work here
/// takes tens of milliseconds (analysing `complete:447`, 99,681 edges)
/// and about a second (Korf's #88, pattern databases built first).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_over_its_time_limit_is_a_503() {
    let limits = slidepuzzle_web::ServerLimits {
        solve_time: Duration::ZERO,
        solve_grace: Duration::ZERO,
        work_time: Duration::ZERO,
        ..Default::default()
    };
    let router = slidepuzzle_web::router_with_limits(
        Arc::new(Solver::new().with_store(Arc::new(MemoryStore::new()))),
        None,
        limits,
    );
    for (path, body, needle) in [
        (
            "/api/analyze",
            json!({"puzzle": "complete:447"}),
            "analyze took longer than 0 s",
        ),
        (
            "/api/solve",
            json!({
                "puzzle": "4x4",
                "state": "15 2 12 11/14 13 9 5/1 3 8 7/0 10 6 4",
                "goal": "0 1 2 3/4 5 6 7/8 9 10 11/12 13 14 15",
            }),
            "solve took longer than 0 s",
        ),
    ] {
        let (s, headers, v) = send(
            router.clone(),
            Request::post(path)
                .header("content-type", "application/json")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await;
        assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{path}: {v}");
        assert_eq!(error_of(&v), needle);
        assert!(!headers.contains_key("retry-after"));
    }
}

#[tokio::test]
async fn the_page_is_served() {
    let response = slidepuzzle_web::router()
        .oneshot(Request::get("/").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let page = String::from_utf8_lossy(&bytes).into_owned();
    assert!(page.contains("<title>slidepuzzle</title>"));
    // Every script and style the page names is served from the binary, as
    // JavaScript or CSS (the worker too: the page works offline).
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/layout.js", "text/javascript"),
        ("/worker.js", "text/javascript"),
        ("/app.css", "text/css"),
    ] {
        assert!(page.contains(path), "the page names {path}");
        let response = slidepuzzle_web::router()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let served = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert!(served.starts_with(kind), "{path}: {served}");
    }
}

/// Loads the page in a real headless Chromium (Debian's, installed by
/// .ci/run); the page's self-test scrambles a 4x4, a 10x10 and the Petersen
/// graph, asks the server to solve each, replays the moves through its own
/// move code and reports.
#[test]
fn end_to_end_in_headless_chromium() {
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(chromium) = chromium else {
        // A missing browser fails the test (scripts/test installs it); a
        // developer may skip it explicitly, never silently.
        assert!(
            std::env::var_os("SLIDEPUZZLE_SKIP_MISSING_TOOLS").is_some(),
            "Chromium is not installed: run scripts/test (it installs chromium), or set SLIDEPUZZLE_SKIP_MISSING_TOOLS=1 to skip this test"
        );
        eprintln!(
            "note: Chromium is not installed; skipped as SLIDEPUZZLE_SKIP_MISSING_TOOLS asks"
        );
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    runtime.spawn(async move { axum::serve(listener, slidepuzzle_web::router()).await });
    let profile = std::env::temp_dir().join(format!("slidepuzzle-chromium-{}", std::process::id()));
    let output = std::process::Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            &format!("--user-data-dir={}", profile.display()),
            "--virtual-time-budget=30000",
            "--dump-dom",
            &format!("http://{addr}/?selftest=1"),
        ])
        .output()
        .expect("chromium runs");
    std::fs::remove_dir_all(&profile).ok();
    let dom = String::from_utf8_lossy(&output.stdout);
    assert!(
        dom.contains("<pre id=\"selftest\">selftest: solved 4x4 in")
            && dom.contains("; 10x10 in")
            && dom.contains("; petersen in"),
        "the page did not report a solved board; DOM tail: {}",
        &dom[dom.len().saturating_sub(600)..]
    );
}

/// Several blanks through the API: `"blanks"` sets how many 0s the state
/// and goal have; the record carries the steps; a bad count is a 400.
#[tokio::test]
async fn several_blanks_are_solved_and_checked() {
    let (s, v) = post_json(
        "/api/solve",
        json!({"puzzle": "petersen", "blanks": 3, "state": "0 5 4 0 7 1 2 3 0 6"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["length"], 10);
    assert_eq!(v["steps"].as_array().map(Vec::len), Some(10));
    assert_eq!(v["optimal"], true);
    let (s, v) = post_json(
        "/api/check",
        json!({"puzzle": "path:4", "blanks": 2, "state": "2 0 1 0"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["solvable"], false, "{v}");
    // Without "blanks" the library counts the state's 0s, as every face.
    let (s, v) = post_json(
        "/api/solve",
        json!({"puzzle": "path:4", "state": "0 1 0 2"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["steps"], json!([[3, 2], [1, 0], [2, 1]]), "{v}"); // goal 1 2 0 0
    let (s, v) = post_json("/api/scramble", json!({"puzzle": "3x3", "blanks": 9})).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(error_of(&v).contains("blanks"), "{v}");
}

/// `/api/solve/stream`: a progress line at each IDA* bound (rising), then
/// the record; a bad state is still a 400 before anything streams.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_streams_progress_then_the_answer() {
    let body =
        json!({"puzzle": "3x3", "state": "8 6 7/2 5 4/3 0 1", "algo": "ida", "heuristic": "md"});
    let response = crate::requests::post(
        slidepuzzle_web::router(),
        "/api/solve/stream",
        body.to_string(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()["content-type"],
        "application/x-ndjson",
        "{:?}",
        response.headers()
    );
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let lines: Vec<Value> = String::from_utf8_lossy(&bytes)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (last, progress) = lines.split_last().unwrap();
    assert_eq!(last["result"]["length"], 31, "{last}");
    assert!(progress.len() >= 2, "{lines:?}");
    let bounds: Vec<u64> = progress
        .iter()
        .map(|p| p["progress"]["bound"].as_u64().unwrap())
        .collect();
    assert!(bounds.windows(2).all(|w| w[0] < w[1]), "{bounds:?}");
    assert_eq!(*bounds.last().unwrap(), 31);
    let (s, v) = post_json(
        "/api/solve/stream",
        json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 8 9"}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].is_string(), "{v}");
}

/// Issue 65 item 2: six concurrent analyses that pass the time limit
/// (8x8:twist's Schreier-Sims takes 14 s uncancelled), then eight random
/// walks of 10^8 moves (over a second each), are stopped at the limit and
/// give their permits back: right after, every work endpoint answers.
/// Before, the work ran on holding its permit and the server answered
/// "busy" for minutes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_past_its_limit_is_cancelled_and_gives_its_permit_back() {
    let limit = Duration::from_secs(1);
    let router = router_with(slidepuzzle_web::ServerLimits {
        work_time: limit,
        work_permits: 4,
        ..Default::default()
    });
    for (path, body, count) in [
        ("/api/analyze", json!({"puzzle": "8x8:twist"}), 6),
        (
            "/api/scramble",
            json!({"puzzle": "3x3", "moves": 100_000_000u64, "seed": 1}),
            8,
        ),
    ] {
        let clock = std::time::Instant::now();
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..count {
            tasks.spawn(send(router.clone(), post_request(path, body.clone())));
        }
        while let Some(done) = tasks.join_next().await {
            let (s, _, v) = done.unwrap();
            assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{path}: {v}");
        }
        assert!(clock.elapsed() < limit + Duration::from_secs(3), "{path}");
        // Every work endpoint answers within 5 s of the limit.
        let answered_by = std::time::Instant::now() + Duration::from_secs(5);
        for (path, body) in [
            ("/api/analyze", json!({"puzzle": "3x3"})),
            ("/api/scramble", json!({"puzzle": "3x3", "seed": 2})),
            ("/api/puzzle", json!({"puzzle": "4x4"})),
            (
                "/api/check",
                json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/8 7 0"}),
            ),
            (
                "/api/permutation",
                json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 0 8"}),
            ),
            (
                "/api/lesson",
                json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 0 8"}),
            ),
        ] {
            loop {
                let (s, _, v) = send(router.clone(), post_request(path, body.clone())).await;
                if s == StatusCode::OK {
                    break;
                }
                assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{path}: {v}");
                assert!(
                    std::time::Instant::now() < answered_by,
                    "{path} still busy 5 s after the limit: {v}"
                );
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

/// Issue 63, item 6: a client that goes away (a closed tab, the page's
/// Cancel) stops its search on the server within 1 s. With one solve
/// permit, a streamed IDA* search of a random 5x5 with Manhattan distance
/// (hours of work) is started and its first progress line read; then the
/// connection is dropped, and a new solve must get the permit, which the
/// search gives back only when it has stopped, within 1 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_stops_its_search_within_a_second() {
    let router = router_with(slidepuzzle_web::ServerLimits {
        solve_permits: 1,
        ..Default::default()
    });
    let five = "24 16 0 23 21/7 12 9 20 1/19 8 17 4 18/2 14 3 5 10/6 22 11 15 13";
    let long = json!({"puzzle": "5x5", "state": five, "algo": "ida", "heuristic": "md"});
    let response = router
        .clone()
        .oneshot(post_request("/api/solve/stream", long))
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let line = String::from_utf8_lossy(&first).to_string();
    assert!(line.contains("progress"), "{line}");
    // While it runs, the one permit is taken.
    let short = json!({"puzzle": "3x3", "state": "1 2 3/4 5 6/7 0 8"});
    let (s, _, v) = send(router.clone(), post_request("/api/solve", short.clone())).await;
    assert_eq!(s, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    // The client goes away.
    drop(body);
    let gone = std::time::Instant::now();
    loop {
        let (s, _, v) = send(router.clone(), post_request("/api/solve", short.clone())).await;
        if s == StatusCode::OK {
            assert_eq!(v["length"], 1, "{v}");
            break;
        }
        assert_eq!(error_of(&v), "busy, retry");
        assert!(
            gone.elapsed() < Duration::from_secs(1),
            "the search still held its permit 1 s after its client left"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
