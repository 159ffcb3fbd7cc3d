//! The local web page of slidepuzzle: play, check and solve any puzzle in a
//! browser, served by `slidepuzzle serve`.
//!
//! The page (`static/index.html`, embedded in the binary) talks to a small
//! JSON API. Every endpoint takes a JSON body and answers JSON; bad input
//! gets `400 {"error": "..."}` and bodies over [`BODY_LIMIT`] bytes get 413.
//! Nothing touches the file system (`graph:FILE` specs are refused).
//!
//! | endpoint | body | answer |
//! |---|---|---|
//! | `POST /api/puzzle` | `{"puzzle"}` | `{"spec", "kind", "width", "height", "depth", "vertices", "edges", "positions", "goal"}` |
//! | `POST /api/solve` | `{"puzzle", "state", "goal"?, "algo"?, "heuristic"?}` | the object `solve --json` prints |
//! | `POST /api/check` | `{"puzzle", "state", "goal"?}` | `{"solvable", "reason"}` |
//! | `POST /api/analyze` | `{"puzzle", "goal"?}` | the object `analyze --json` prints |
//! | `POST /api/scramble` | `{"puzzle", "goal"?, "seed"?}` | `{"state"}` |
//!
//! Solving runs on a blocking thread with a time limit ([`SOLVE_SECONDS`]);
//! if the client goes away the search is cancelled.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use slidepuzzle::format::{format_configuration, parse_configuration};
use slidepuzzle::model::{Configuration, Puzzle, PuzzleKind};
use slidepuzzle::search::{solve, Algorithm, Limits, SolveOptions};

/// Largest accepted request body, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Time limit of one solve request, in seconds.
pub const SOLVE_SECONDS: u64 = 20;
/// Largest puzzle the page accepts (vertices).
pub const MAX_VERTICES: usize = 10_000;

const PAGE: &str = include_str!("../static/index.html");

/// An API error: 400 with `{"error": message}`.
pub struct ApiError(String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (StatusCode::BAD_REQUEST, Json(json!({ "error": self.0 }))).into_response()
    }
}

impl From<slidepuzzle::Error> for ApiError {
    fn from(e: slidepuzzle::Error) -> Self {
        ApiError(e.to_string())
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PuzzleRequest {
    puzzle: String,
    #[serde(default)]
    state: Option<String>,
    #[serde(default)]
    goal: Option<String>,
    #[serde(default)]
    algo: Option<String>,
    #[serde(default)]
    heuristic: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

fn parse_puzzle(spec: &str) -> Result<Puzzle, ApiError> {
    let spec = spec.trim();
    if spec.starts_with("graph:") {
        return Err(ApiError(
            "graph files are not read by the web server; use edges:0-1,1-2,... instead".into(),
        ));
    }
    let p = Puzzle::parse(spec)?;
    if p.vertex_count() > MAX_VERTICES {
        return Err(ApiError(format!(
            "the page handles at most {MAX_VERTICES} vertices"
        )));
    }
    Ok(p)
}

fn goal_of(p: &Puzzle, goal: &Option<String>) -> Result<Configuration, ApiError> {
    match goal {
        Some(g) => parse_configuration(p, g, 1).map_err(|e| ApiError(format!("goal: {e}"))),
        None => Ok(p.default_goal()),
    }
}

fn state_of(p: &Puzzle, state: &Option<String>) -> Result<Configuration, ApiError> {
    let s = state
        .as_deref()
        .ok_or_else(|| ApiError("missing \"state\"".into()))?;
    Ok(parse_configuration(p, s, 1)?)
}

async fn page() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        Html(PAGE),
    )
}

async fn puzzle_info(Json(req): Json<PuzzleRequest>) -> ApiResult {
    let p = parse_puzzle(&req.puzzle)?;
    let goal = goal_of(&p, &req.goal)?;
    let (kind, width, height, depth) = match p.kind() {
        PuzzleKind::Board { width, height, .. } => ("board", *width, *height, 1),
        PuzzleKind::Box {
            width,
            height,
            depth,
        } => ("box", *width, *height, *depth),
        PuzzleKind::Graph => ("graph", 0, 0, 0),
    };
    let edges: Vec<[usize; 2]> = p.graph().edges().map(|(a, b)| [a, b]).collect();
    Ok(Json(json!({
        "spec": p.spec(),
        "kind": kind,
        "plain_board": p.plain_board_size().is_some(),
        "width": width,
        "height": height,
        "depth": depth,
        "vertices": p.vertex_count(),
        "edges": edges,
        "positions": p.positions(),
        "goal": format_configuration(&p, &goal),
        "goal_cells": goal.cells(),
    })))
}

async fn check(Json(req): Json<PuzzleRequest>) -> ApiResult {
    let p = parse_puzzle(&req.puzzle)?;
    let goal = goal_of(&p, &req.goal)?;
    let start = state_of(&p, &req.state)?;
    let v = slidepuzzle::theory::check(&p, &start, &goal)?;
    Ok(Json(serde_json::to_value(v).expect("serialisable")))
}

async fn analyze(Json(req): Json<PuzzleRequest>) -> ApiResult {
    let p = parse_puzzle(&req.puzzle)?;
    let goal = goal_of(&p, &req.goal)?;
    let a = slidepuzzle::theory::analyze(&p, &goal);
    Ok(Json(serde_json::to_value(a).expect("serialisable")))
}

async fn scramble(Json(req): Json<PuzzleRequest>) -> ApiResult {
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    let p = parse_puzzle(&req.puzzle)?;
    let goal = goal_of(&p, &req.goal)?;
    let seed = req.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let c = slidepuzzle::theory::uniform_reachable(&p, &goal, &mut rng)?;
    Ok(Json(
        json!({ "state": format_configuration(&p, &c), "seed": seed }),
    ))
}

/// Sets the flag when dropped: the handler's future is dropped when the
/// client disconnects, which cancels the search.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

async fn solve_handler(Json(req): Json<PuzzleRequest>) -> ApiResult {
    let p = parse_puzzle(&req.puzzle)?;
    let goal = goal_of(&p, &req.goal)?;
    let start = state_of(&p, &req.state)?;
    let algorithm = Algorithm::parse(req.algo.as_deref().unwrap_or("auto"), 1.5)?;
    if req
        .heuristic
        .as_deref()
        .is_some_and(|h| h != "lc" && h != "md")
    {
        return Err(ApiError("the web API offers heuristics lc and md".into()));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let guard = CancelOnDrop(cancel.clone());
    let options = SolveOptions {
        algorithm,
        board_heuristic: match req.heuristic.as_deref() {
            Some("md") => slidepuzzle::search::board::BoardHeuristic::Manhattan,
            _ => slidepuzzle::search::board::BoardHeuristic::LinearConflict,
        },
        limits: Limits {
            cancel: Some(cancel),
            max_memory: 1 << 30,
            ..Limits::default()
        }
        .with_timeout(Some(Duration::from_secs(SOLVE_SECONDS))),
        ..SolveOptions::default()
    };
    let result = tokio::task::spawn_blocking(move || {
        let outcome = solve(&p, &start, &goal, &options)?;
        Ok::<Value, slidepuzzle::Error>(slidepuzzle::report::solve_record(
            "1", &p, &start, &outcome,
        ))
    })
    .await
    .map_err(|e| ApiError(format!("internal error: {e}")))??;
    drop(guard);
    Ok(Json(result))
}

/// The router: the page and the JSON API, with the body limit.
pub fn router() -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/puzzle", post(puzzle_info))
        .route("/api/check", post(check))
        .route("/api/analyze", post(analyze))
        .route("/api/scramble", post(scramble))
        .route("/api/solve", post(solve_handler))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

/// Serves the page on `addr` until the process ends.
///
/// # Errors
/// The I/O error if the address cannot be bound.
pub async fn serve(addr: SocketAddr) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    axum::serve(listener, router()).await
}
