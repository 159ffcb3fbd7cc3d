#![warn(missing_docs)]
//! The local web page of slidepuzzle: play, check and solve any puzzle in a
//! browser, served by `slidepuzzle serve`.
//!
//! The page (`static/index.html`, embedded in the binary) talks to a small
//! JSON API. Every endpoint takes a JSON body and answers JSON; bad input
//! gets `400 {"error": "..."}` and bodies over [`BODY_LIMIT`] bytes get 413.
//! This crate opens no file: `graph:FILE` specs are refused (puzzles are
//! parsed without a loader), and pattern databases go through the table
//! store of the [`Solver`] it is given ([`router`] uses a
//! [`MemoryStore`](slidepuzzle::store::MemoryStore); `slidepuzzle serve`
//! passes a solver whose store is its cache directory).
//!
//! | endpoint | body | answer |
//! |---|---|---|
//! | `POST /api/puzzle` | `{"puzzle"}` | `{"spec", "kind", "width", "height", "depth", "vertices", "edges", "positions", "goal"}` |
//! | `POST /api/solve` | `{"puzzle", "state", "goal"?, "algo"?, "heuristic"?}` | the object `solve --json` prints, with the `plan` |
//! | `POST /api/check` | `{"puzzle", "state", "goal"?}` | `{"solvable", "reason"}` |
//! | `POST /api/analyze` | `{"puzzle", "goal"?}` | the object `analyze --json` prints |
//! | `POST /api/scramble` | `{"puzzle", "goal"?, "seed"?}` | `{"state"}` |
//!
//! Solving runs on a blocking thread with a time limit ([`SOLVE_SECONDS`]);
//! if the client goes away the search is cancelled.

pub mod records;

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use slidepuzzle::format::{format_configuration, parse_configuration};
use slidepuzzle::model::{Configuration, Puzzle, PuzzleKind};
use slidepuzzle::{Algorithm, Heuristic, Limits, SolveOptions, Solver};

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
    // No loader: a `graph:` spec, however spelled, cannot reach a file.
    let p = Puzzle::parse(spec.trim())?;
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
    let p = parse_puzzle(&req.puzzle)?;
    let goal = goal_of(&p, &req.goal)?;
    let seed = req.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let c = slidepuzzle::theory::seeded_scrambles(&p, &goal, seed)
        .next()
        .ok_or_else(|| slidepuzzle::Error::Internal("no scramble".into()))??;
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

async fn solve_handler(
    State(solver): State<Arc<Solver>>,
    Json(req): Json<PuzzleRequest>,
) -> ApiResult {
    let p = parse_puzzle(&req.puzzle)?;
    let goal = goal_of(&p, &req.goal)?;
    let start = state_of(&p, &req.state)?;
    let algorithm: Algorithm = req.algo.as_deref().unwrap_or("auto").parse()?;
    let heuristic: Heuristic = req.heuristic.as_deref().unwrap_or("auto").parse()?;
    let cancel = Arc::new(AtomicBool::new(false));
    let guard = CancelOnDrop(cancel.clone());
    let options = SolveOptions {
        algorithm,
        heuristic,
        limits: Limits {
            cancel: Some(cancel),
            max_memory: 1 << 30,
            ..Limits::default()
        }
        .with_timeout(Some(Duration::from_secs(SOLVE_SECONDS))),
        ..SolveOptions::default()
    };
    let result = tokio::task::spawn_blocking(move || {
        let plan = solver.plan(&p, &goal, &options)?;
        let outcome = solver.solve_with_plan(&p, &start, &goal, &options, &plan)?;
        let record = records::SolveRecord::new("1", &p, &start, &outcome, Some(&plan));
        // Better tables for the next requests, built in the background
        // once this answer is out.
        if plan.later.is_some() {
            let solver = solver.clone();
            std::thread::spawn(move || solver.build_later(&p, &goal, &plan, 1 << 30));
        }
        Ok::<Value, slidepuzzle::Error>(serde_json::to_value(record).expect("records serialise"))
    })
    .await
    .map_err(|e| ApiError(format!("internal error: {e}")))??;
    drop(guard);
    Ok(Json(result))
}

/// Whether a request's `Host` header names this server: `localhost`,
/// `127.0.0.1`, `[::1]` or the bound address, with any port. A page on
/// another site that rebinds its DNS name to 127.0.0.1 sends its own name
/// and is refused (DNS-rebinding defence). Requests without the header
/// (HTTP/1.0 clients, in-process tests) are not browser requests and pass.
pub fn host_allowed(host: Option<&str>, bound: Option<IpAddr>) -> bool {
    let Some(host) = host else {
        return true;
    };
    let host = host.trim().to_ascii_lowercase();
    // Strip the port: `[::1]:8080`, `127.0.0.1:8080`, `localhost:8080`.
    let name = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((inside, port)) if port.is_empty() || port.starts_with(':') => inside,
            _ => return false,
        }
    } else {
        host.rsplit_once(':').map_or(host.as_str(), |(n, _)| n)
    };
    if name == "localhost" || name == "127.0.0.1" || name == "::1" {
        return true;
    }
    match (name.parse::<IpAddr>(), bound) {
        (Ok(ip), Some(b)) => ip == b && !b.is_unspecified(),
        _ => false,
    }
}

async fn host_guard(
    State(bound): State<Option<IpAddr>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .map(|h| h.to_str().unwrap_or("\u{fffd}"));
    if host_allowed(host, bound) {
        next.run(request).await
    } else {
        (
            StatusCode::FORBIDDEN,
            Json(json!({ "error": "this server answers only requests addressed to localhost" })),
        )
            .into_response()
    }
}

/// The router with a solver that keeps its tables in memory (tests, and
/// servers without a cache directory).
pub fn router() -> Router {
    router_with(
        Arc::new(Solver::new().with_store(Arc::new(slidepuzzle::store::MemoryStore::new()))),
        None,
    )
}

/// The router: the page and the JSON API, with the body limit and the
/// `Host` check ([`host_allowed`], `bound` being the address the server
/// listens on); solves go through `solver` (whose store keeps the pattern
/// databases).
pub fn router_with(solver: Arc<Solver>, bound: Option<IpAddr>) -> Router {
    Router::new()
        .route("/", get(page))
        .route("/api/puzzle", post(puzzle_info))
        .route("/api/check", post(check))
        .route("/api/analyze", post(analyze))
        .route("/api/scramble", post(scramble))
        .route("/api/solve", post(solve_handler))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(bound, host_guard))
        .with_state(solver)
}

/// Serves the page on `addr` until the process ends.
///
/// # Errors
/// The I/O error if the address cannot be bound.
pub async fn serve(addr: SocketAddr, solver: Arc<Solver>) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    axum::serve(listener, router_with(solver, Some(addr.ip()))).await
}
