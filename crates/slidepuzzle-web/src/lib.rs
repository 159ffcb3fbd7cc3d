#![warn(missing_docs)]
//! The local web page of slidepuzzle: play, check and solve any puzzle in a
//! browser, served by this crate's program `slidepuzzle-serve` (which
//! `slidepuzzle serve` runs).
//!
//! The page (`static/index.html`, embedded in the binary) talks to a small
//! JSON API. Every endpoint takes a JSON body (`Content-Type:
//! application/json`) and answers JSON. Every error, whatever its status,
//! is a JSON object `{"error": "..."}`:
//!
//! | status | when |
//! |---|---|
//! | 400 | bad input: malformed JSON, a missing content type, a field of the wrong type, an unknown field, an invalid puzzle, state or option, a puzzle over the size budget |
//! | 403 | the `Host` header names another site ([`host_allowed`]) |
//! | 404 / 405 | an unknown path / a wrong method (405 keeps the `Allow` header) |
//! | 413 | a body over [`BODY_LIMIT`] bytes |
//! | 500 | a bug (an internal error or a panic in the work) |
//! | 503 | busy (all permits taken; with `Retry-After: 1`, the error is `"busy, retry"`), or the work took longer than its time limit (`"... took longer than N s"`), or a limit stopped a search the answer depends on |
//!
//! This crate opens no file: `graph:FILE` specs are refused (puzzles are
//! parsed without a loader), and pattern databases go through the table
//! store of the [`Solver`] it is given ([`router`] uses a
//! [`MemoryStore`](slidepuzzle::store::MemoryStore); `slidepuzzle-serve`
//! passes a solver whose store is its cache directory).
//!
//! Every body may also carry `"blanks": K` (default 1): states and goals
//! then have K zeros, the default goal is tiles 1..n-K with the blanks
//! last, and `/api/analyze` answers the several-blank analysis (`analyze
//! --blanks K --json`).
//!
//! | endpoint | body | answer |
//! |---|---|---|
//! | `GET /` | | the page (with `GET /app.js`, `/app.css`, `/layout.js`, `/chart.js`, `/chart.css` and `/worker.js`, the page's Web Worker) |
//! | `POST /api/puzzle` | `{"puzzle", "scheme"?}` | `{"spec", "kind", "width", "height", "depth", "vertices", "edges", "positions", "mtm_run_limits", "goal", "tile_colours"}`; a big board adds `"lists": false` and leaves `edges`, `positions`, `goal` and `goal_cells` empty |
//! | `POST /api/graph` | `{"json"}`: a JSON graph (`graph:FILE`'s format, as the page's editor exports it) | as `/api/puzzle`, for that graph (its `spec` is its name) |
//! | `POST /api/solve` | `{"puzzle", "state", "goal"?, "algo"?, "heuristic"?}` | the object `solve --json` prints, with the `plan` |
//! | `POST /api/solve/stream` | as `/api/solve` | newline-delimited JSON: `{"building": {"tables": [{"message", "fraction", "seconds"}], "seconds"}}` lines while tables are built, `{"progress": {"bound", "generated", "seconds"}}` lines, `{"improved": {"length", "lower_bound", "gap", "algorithm", "seconds"}}` lines (anytime solves), then `{"result": ...}` or `{"error"}`; with `"compact": true`, a one-blank answer of more than [`COMPACT_FROM_STEPS`] steps comes as its blank's walk (`walk_u16`: little-endian 16-bit vertices in base64) in place of `blank_path`, `tiles` and `steps` |
//! | `POST /api/check` | `{"puzzle", "state", "goal"?}` | `{"solvable", "reason", "decided_by"}` |
//! | `POST /api/analyze` | `{"puzzle", "goal"?}` | the object `analyze --json` prints (with `--blanks K`) |
//! | `POST /api/scramble` | `{"puzzle", "goal"?, "seed"?, "moves"?}` | `{"state", "seed"}`: uniform, or with `"moves"` a random walk of that many moves |
//! | `POST /api/permutation` | `{"puzzle", "state", "goal"?}` | seed 001's two views: `{"permutation", "parity", "cycle_type", "order", "hole_label", "toroidal"}` (`toroidal` null off plain boards; one blank only) |
//! | `POST /api/lesson` | `{"puzzle", "state", "goal"?}` | the parity argument and the eight standard arrangements (plain boards, one blank; `null` elsewhere): `{"parity": {"arrangement_odd", "blank_distance", "solvable"}, "arrangements": [{"name", "cells", "reachable"}]}` |
//!
//! The committed JSON Schema `docs/schema/records.schema.json` describes
//! every answer (`api_puzzle`, `check`, `analyze`, `api_scramble`,
//! `perm`, `solve`, `api_stream_line` and `error` in its `$defs`), with
//! the same names as the command line's records ([`records`]); the
//! crate's tests validate every route's answers against it.
//!
//! Limits, so that no request can take the server down:
//!
//! * **Size.** Puzzles are read with
//!   [`Puzzle::parse_within`] and the page's [`BUDGET`] (at most
//!   [`MAX_VERTICES`] vertices and [`MAX_EDGES`] edges), which refuses a
//!   spec such as `100000x100000` or `complete:100000` from its numbers,
//!   before any graph is built: a fast 400. A plain board up to
//!   [`MAX_BIG_BOARD_VERTICES`] (1000x1000) is a *big board*:
//!   `/api/puzzle` answers it without its lists (`"lists": false`) and
//!   `/api/scramble` scrambles it, so that the page plays it; the other
//!   endpoints keep [`BUDGET`].
//! * **Time.** The work of every API endpoint runs on a blocking thread
//!   (`tokio::task::spawn_blocking`), never on the async runtime, so `GET /`
//!   and other requests keep being answered. A solve carries its own
//!   deadline ([`SOLVE_SECONDS`]) and a cancel flag, set when the client
//!   goes away or when the answer is not back [`SOLVE_GRACE_SECONDS`] after
//!   the deadline; the other endpoints get [`WORK_SECONDS`]. A request over
//!   its time is answered 503 `"... took longer than N s"`. The streamed
//!   solve (the page's) builds the tables its plan lacks first, within
//!   [`TABLE_BUILD_SECONDS`] and with progress lines, and its search's
//!   deadline counts from the end of the builds; the tables are kept, so
//!   the next solve starts at once. Requests that need a table another one
//!   is building wait for that build instead of starting their own.
//! * **Concurrency.** Solves and the other endpoints draw from two pools of
//!   permits ([`ServerLimits`]; by default twice the available parallelism
//!   each). A permit is held until the blocking work really ends (even
//!   after a timeout answered the client); when a pool is empty the request
//!   is answered at once with 503 `{"error": "busy, retry"}` and
//!   `Retry-After: 1`. `GET /` needs no permit.

pub use slidepuzzle::records;

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};
use slidepuzzle::format::format_configuration;
use slidepuzzle::model::budget::SizeBudget;
use slidepuzzle::model::{Configuration, Puzzle, PuzzleKind};
use slidepuzzle::problem::{Given, Problem};
use slidepuzzle::{Algorithm, Budget, Heuristic, Limits, Plan, SolveOptions, Solver};
use tokio::sync::Semaphore;

/// The most configurations a several-blank reachability test may visit
/// when it has to search (the page's budget, below the CLI's).
const CHECK_STATES: usize = 1_000_000;

/// Largest accepted request body, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Time limit of one solve request, in seconds (the search's deadline).
pub const SOLVE_SECONDS: u64 = 20;
/// How long past [`SOLVE_SECONDS`] the server waits for a solve that has
/// not stopped (planning, table building) before answering 503.
pub const SOLVE_GRACE_SECONDS: u64 = 2;
/// Time limit of the table builds a streamed solve waits for before its
/// search starts (`/api/solve/stream`), in seconds: builds are done once
/// and kept, so they get their own budget instead of eating the search's.
pub const TABLE_BUILD_SECONDS: u64 = 180;
/// Time limit of one request to the other endpoints (puzzle, check,
/// analyze, scramble), in seconds.
pub const WORK_SECONDS: u64 = 10;
/// Largest puzzle the page accepts (vertices).
pub const MAX_VERTICES: usize = 10_000;
/// Largest puzzle the page accepts (edges): `complete:448` (100,128
/// edges) is already refused.
pub const MAX_EDGES: usize = 100_000;
/// Largest plain board (`WxH`) the page plays beyond [`MAX_VERTICES`]
/// (vertices): 1000x1000. Such a *big board* loads (`/api/puzzle` answers
/// without its lists: `"lists": false`, the page computes the grid's
/// adjacency and the default goal), scrambles (`/api/scramble`) and plays
/// on the page's canvas; every endpoint that takes a state keeps
/// [`BUDGET`] (a state of a million tiles is over [`BODY_LIMIT`] anyway),
/// and the page names the command-line tool for them.
pub const MAX_BIG_BOARD_VERTICES: usize = 1_000_000;
/// The size budget of a big board ([`MAX_BIG_BOARD_VERTICES`]; the
/// library counts a board's edges from the spec as at most 4 per vertex).
const BIG_BOARD_BUDGET: SizeBudget = SizeBudget {
    vertices: MAX_BIG_BOARD_VERTICES as u64,
    edges: 4 * MAX_BIG_BOARD_VERTICES as u64,
};
/// The page's size budget: [`MAX_VERTICES`] and [`MAX_EDGES`].
pub const BUDGET: SizeBudget = SizeBudget {
    vertices: MAX_VERTICES as u64,
    edges: MAX_EDGES as u64,
};

const PAGE: &str = include_str!("../static/index.html");
const SCRIPT: &str = include_str!("../static/app.js");
const STYLE: &str = include_str!("../static/app.css");
/// d3-force, bundled by `page-build/` (ISC licence; see the file's banner).
const LAYOUT: &str = include_str!("../static/layout.js");
/// uPlot and its style, bundled by `page-build/` (MIT licence; see the
/// files' banners): the progress graph of a puzzle's solves.
const CHART: &str = include_str!("../static/chart.js");
const CHART_STYLE: &str = include_str!("../static/chart.css");
/// The page's heavy work (long answers, big layouts): a script and its Web Worker.
const WORKER: &str = include_str!("../static/worker.js");

/// An API error: a status (400 unless said otherwise) with
/// `{"error": message}`, and `Retry-After: 1` when the server is busy.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    retry_after: bool,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
            retry_after: false,
        }
    }

    /// 400: bad input.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// 503 `"busy, retry"` with `Retry-After: 1`: no permit left.
    pub fn busy() -> Self {
        ApiError {
            retry_after: true,
            ..Self::new(StatusCode::SERVICE_UNAVAILABLE, "busy, retry")
        }
    }

    /// 503: the work of `what` was not done within `limit`.
    pub fn timed_out(what: &str, limit: Duration) -> Self {
        Self::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{what} took longer than {} s", seconds(limit)),
        )
    }

    /// The status this error is answered with.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    /// The message of the `"error"` field.
    pub fn message(&self) -> &str {
        &self.message
    }
}

/// A duration in seconds for messages: `20`, `0.05`.
fn seconds(d: Duration) -> String {
    if d.subsec_nanos() == 0 {
        d.as_secs().to_string()
    } else {
        format!("{}", d.as_secs_f64())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message }))).into_response();
        if self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("1"));
        }
        response
    }
}

impl From<slidepuzzle::Error> for ApiError {
    fn from(e: slidepuzzle::Error) -> Self {
        let status = match e.unhinted() {
            slidepuzzle::Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            slidepuzzle::Error::Stopped { .. } => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::BAD_REQUEST,
        };
        // A library hint as this API's request field.
        let message = match e.hint() {
            Some(h) => {
                let field = match h.option {
                    "algorithm" => "algo",
                    other => other,
                };
                match h.value {
                    Some(v) => format!("{e} (send \"{field}\": \"{v}\")"),
                    None => format!("{e} (send \"{field}\")"),
                }
            }
            None => e.to_string(),
        };
        ApiError::new(status, message)
    }
}

type ApiResult = Result<Json<Value>, ApiError>;

/// The JSON body of a request, whose rejections are API errors: 413 for a
/// body over [`BODY_LIMIT`], 400 for anything else (malformed JSON, no
/// `Content-Type: application/json`, wrong types, unknown fields), each
/// with `{"error": the rejection's text}` (axum answers 415 and 422 with
/// plain text).
struct ApiJson<T>(T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => Err(json_rejection(&rejection)),
        }
    }
}

fn json_rejection(rejection: &JsonRejection) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        // Said in the user's terms, not the framework's ("Failed to buffer
        // the request body: length limit exceeded").
        return ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the request is over the length limit of {} KiB a request may carry; a puzzle or position that large is for the command line (`slidepuzzle solve @FILE`)",
                BODY_LIMIT / 1024
            ),
        );
    }
    ApiError::new(StatusCode::BAD_REQUEST, rejection.body_text())
}

/// Bounds on the server's work; [`ServerLimits::default`] is what
/// [`router`], [`router_with`] and [`serve`] use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// The deadline a solve's search gets ([`SOLVE_SECONDS`]).
    pub solve_time: Duration,
    /// How long past `solve_time` the answer is awaited before a 503 and
    /// the cancel flag ([`SOLVE_GRACE_SECONDS`]).
    pub solve_grace: Duration,
    /// The time a streamed solve's table builds get before its search
    /// ([`TABLE_BUILD_SECONDS`]).
    pub build_time: Duration,
    /// The time limit of the other endpoints ([`WORK_SECONDS`]).
    pub work_time: Duration,
    /// Most solves at once (default: twice the available parallelism).
    pub solve_permits: usize,
    /// Most requests to the other endpoints at once (default: twice the
    /// available parallelism).
    pub work_permits: usize,
}

impl Default for ServerLimits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        ServerLimits {
            solve_time: Duration::from_secs(SOLVE_SECONDS),
            solve_grace: Duration::from_secs(SOLVE_GRACE_SECONDS),
            build_time: Duration::from_secs(TABLE_BUILD_SECONDS),
            work_time: Duration::from_secs(WORK_SECONDS),
            solve_permits: 2 * cores,
            work_permits: 2 * cores,
        }
    }
}

/// What the API handlers share.
struct App {
    solver: Arc<Solver>,
    limits: ServerLimits,
    solve_permits: Arc<Semaphore>,
    work_permits: Arc<Semaphore>,
}

impl App {
    /// Runs `work` on a blocking thread holding a permit of `pool` (503
    /// busy at once if there is none; the permit is released when `work`
    /// ends, not when the client is answered), and waits at most `limit`
    /// for it (then 503, after `on_timeout`). Work that ends only after
    /// `limit` has passed, with an answer or giving up on its own (a 503,
    /// e.g. its own deadline), gets the same answer as the timer: the
    /// work's end is timed on its own thread, so which of the two is
    /// noticed first (the timer ticks in whole milliseconds, and a loaded
    /// machine may wake the waiting task late) does not change the answer.
    /// A bad request (400) or a bug (500) keeps its own message, late or
    /// not.
    async fn run<F>(
        pool: &Arc<Semaphore>,
        what: &str,
        limit: Duration,
        on_timeout: impl FnOnce(),
        work: F,
    ) -> ApiResult
    where
        F: FnOnce() -> Result<Value, ApiError> + Send + 'static,
    {
        let permit = pool
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError::busy())?;
        let deadline = Instant::now() + limit;
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let answer = work();
            (answer, Instant::now())
        });
        let late = |answer: &Result<Value, ApiError>, ended: Instant| {
            ended > deadline
                && answer
                    .as_ref()
                    .map_or_else(|e| e.status == StatusCode::SERVICE_UNAVAILABLE, |_| true)
        };
        match tokio::time::timeout(limit, task).await {
            Ok(Ok((answer, ended))) if late(&answer, ended) => {
                on_timeout();
                Err(ApiError::timed_out(what, limit))
            }
            Ok(Ok((answer, _))) => answer.map(Json),
            Ok(Err(e)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error (a bug; please report it): {e}"),
            )),
            Err(_) => {
                on_timeout();
                Err(ApiError::timed_out(what, limit))
            }
        }
    }

    /// [`App::run`] for the endpoints other than solve: the work gets a
    /// [`Budget`] whose deadline is the limit and whose cancel flag is
    /// raised when the limit passes or the client goes away, so work past
    /// its limit stops and releases its permit at once.
    async fn work<F>(&self, what: &str, work: F) -> ApiResult
    where
        F: FnOnce(&Budget) -> Result<Value, ApiError> + Send + 'static,
    {
        let cancel = Arc::new(AtomicBool::new(false));
        let _guard = CancelOnDrop(cancel.clone());
        let budget = Budget {
            deadline: Some(Instant::now() + self.limits.work_time),
            cancel: Some(cancel.clone()),
            max_memory: Some(slidepuzzle::search::Work::Request.default_memory()),
        };
        Self::run(
            &self.work_permits,
            what,
            self.limits.work_time,
            || cancel.store(true, Ordering::Relaxed),
            move || work(&budget),
        )
        .await
    }
}

#[derive(Deserialize, Default)]
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
    /// `/api/solve`: `"stm"` (default) or `"mtm"`, the metric a shortest
    /// solution is shortest in.
    #[serde(default)]
    metric: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
    /// Number of blanks (default 1): states and goals have this many 0s.
    #[serde(default)]
    blanks: Option<usize>,
    /// `/api/scramble`: a random walk of this many moves instead of a
    /// uniform scramble.
    #[serde(default)]
    moves: Option<u64>,
    /// `/api/puzzle`: a colour scheme (`plain`, `fringe`, `rainbow`,
    /// `rows`, `columns`, `grids`; the library's
    /// [`slidepuzzle::render::Scheme`], as `render --scheme` takes it):
    /// the answer's `tile_colours` are its fill of each tile.
    #[serde(default)]
    scheme: Option<String>,
    /// `/api/solve/stream`: an answer of more than [`COMPACT_FROM_STEPS`]
    /// steps with one blank comes in its compact form (`compact_answer`).
    #[serde(default)]
    compact: bool,
}

/// A streamed answer asked for compact (`"compact": true`) is sent so from
/// this many steps: below it the record is small anyway.
pub const COMPACT_FROM_STEPS: usize = 10_000;

/// The compact form of a solve record (`/api/solve/stream` with
/// `"compact": true`; the page's): when the record has more than
/// [`COMPACT_FROM_STEPS`] steps and one blank, `blank_path`, `tiles` and
/// `steps` (three lists of the same moves, 60 MB on a 100x100 board) are
/// replaced by `walk_u16`, the blank's walk (the vertices it visits, its
/// start first; each step moves the tile on the next vertex into the blank)
/// as little-endian 16-bit numbers in standard base64: 2.7 bytes a step,
/// 7 MB for the 2.6 million steps of a 100x100 answer. Other records, and
/// walks through vertices over 65,535 (beyond the page's budget), are
/// left as they are.
fn compact_answer(mut record: Value) -> Value {
    use base64::Engine as _;
    let Some(fields) = record.as_object_mut() else {
        return record;
    };
    let stm = fields.get("stm").and_then(Value::as_u64).unwrap_or(0) as usize;
    let walk: Option<Vec<u16>> = fields
        .get("blank_path")
        .and_then(Value::as_array)
        .filter(|path| stm > COMPACT_FROM_STEPS && path.len() == stm + 1)
        .and_then(|path| {
            path.iter()
                .map(|v| v.as_u64().and_then(|v| u16::try_from(v).ok()))
                .collect()
        });
    if let Some(walk) = walk {
        let bytes: Vec<u8> = walk.iter().flat_map(|v| v.to_le_bytes()).collect();
        for key in ["blank_path", "tiles", "steps"] {
            fields.remove(key);
        }
        fields.insert(
            "walk_u16".into(),
            base64::engine::general_purpose::STANDARD
                .encode(bytes)
                .into(),
        );
    }
    record
}

/// Reads a spec within the page's [`BUDGET`], refusing too large a puzzle
/// from the spec's numbers before its graph is built. No loader: a
/// `graph:` spec, however spelled, cannot reach a file.
fn parse_puzzle(spec: &str) -> Result<Puzzle, ApiError> {
    Ok(Puzzle::parse_within(spec.trim(), None, &BUDGET)?)
}

/// [`parse_puzzle`], or, for a plain board (`WxH`) over [`BUDGET`], the
/// board within [`BIG_BOARD_BUDGET`] (a big board). Any other spec over
/// the budget keeps [`BUDGET`]'s error.
fn parse_puzzle_or_big_board(spec: &str) -> Result<Puzzle, ApiError> {
    let refused = match parse_puzzle(spec) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let plain_board = spec.trim().split_once('x').is_some_and(|(w, h)| {
        [w, h]
            .iter()
            .all(|side| !side.is_empty() && side.bytes().all(|b| b.is_ascii_digit()))
    });
    if !plain_board {
        return Err(refused);
    }
    match Puzzle::parse_within(spec.trim(), None, &BIG_BOARD_BUDGET) {
        Ok(p) if p.plain_board_size().is_some() => Ok(p),
        Ok(_) => Err(refused),
        // Over the big-board budget: that budget is the one to name.
        Err(e) => Err(e.into()),
    }
}

/// Whether `p` is a big board ([`MAX_BIG_BOARD_VERTICES`]): over the page's
/// usual budget.
fn big_board(p: &Puzzle) -> bool {
    p.vertex_count() > MAX_VERTICES
}

/// The goal of a request without a state: `"goal"`, else the library's
/// default with `"blanks"` (else 1) blanks.
fn goal_of(p: &Puzzle, req: &PuzzleRequest) -> Result<Configuration, ApiError> {
    let given = Given {
        puzzle: None,
        goal: req.goal.as_deref(),
        blanks: req.blanks,
    };
    Ok(given.goal_for(p)?)
}

/// Puzzle, start and goal of a request with a state; the library decides
/// the defaults (the blanks are `"blanks"`, else the state's 0s).
fn problem(p: Puzzle, req: &PuzzleRequest) -> Result<Problem, ApiError> {
    let state = req
        .state
        .as_deref()
        .ok_or_else(|| ApiError::bad_request("missing \"state\""))?;
    let given = Given {
        puzzle: Some(p),
        goal: req.goal.as_deref(),
        blanks: req.blanks,
    };
    Ok(given.read(state)?)
}

async fn page() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        Html(PAGE),
    )
}

/// A script of the page, as served.
fn javascript(body: &'static str) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        body,
    )
}

/// A style sheet of the page, as served.
fn stylesheet(body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], body)
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method not allowed (the API takes POST, the page GET)",
    )
}

fn puzzle_info(p: Puzzle, req: &PuzzleRequest, _: &Budget) -> Result<Value, ApiError> {
    if big_board(&p) {
        // The goal is checked (a goal or blanks the board cannot take is
        // refused) but not sent.
        goal_of(&p, req)?;
        return Ok(big_board_info(&p));
    }
    let goal = goal_of(&p, req)?;
    // A scheme's fill of each tile by its goal vertex (`#rrggbb`, entry 0
    // the blank); null without a scheme or for `plain` (the page's green
    // for a tile at home, sand for the others).
    let tile_colours = match req.scheme.as_deref() {
        None => None,
        Some(name) => match name.parse::<slidepuzzle::render::Scheme>()? {
            slidepuzzle::render::Scheme::Plain => None,
            scheme => Some(scheme.tile_colours(&p, &goal)),
        },
    };
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
    // One-way edges: the arcs `u -> v` (a tile slides from u to v) whose
    // reverse is not an arc; empty when every edge is two-way.
    let one_way: Vec<[usize; 2]> = p
        .digraph()
        .map(|d| {
            d.arcs()
                .filter(|&(u, v)| !d.successors(v).contains(&u))
                .map(|(u, v)| [u, v])
                .collect()
        })
        .unwrap_or_default();
    // Tiles that turn: the edges `[u, v, r]` whose turn r (in k-ths of a
    // full turn counter-clockwise, for a tile sliding u -> v) is not 0.
    let (modulus, turns) = match p.turns() {
        Some(t) => (
            Some(t.modulus()),
            t.nonzero()
                .into_iter()
                .map(|(u, v, r)| [u, v, r as usize])
                .collect(),
        ),
        None => (None, Vec::new()),
    };
    Ok(json!({
        "spec": p.spec(),
        "kind": kind,
        "plain_board": p.plain_board_size().is_some(),
        "width": width,
        "height": height,
        "depth": depth,
        "vertices": p.vertex_count(),
        "edges": edges,
        "positions": p.positions(),
        "mtm_run_limits": slidepuzzle::moves::run_limits(&p),
        "goal": format_configuration(&p, &goal),
        "goal_cells": goal.cells(),
        "goal_orientations": goal.orientations(),
        "one_way": one_way,
        "modulus": modulus,
        "turns": turns,
        // A rotating puzzle's cycles (each in its forward order; a turn
        // carries the token on each vertex to the next); null otherwise.
        "cycles": p.rotating().map(|r| r.cycles()),
        // Slides that also exchange two other tiles (Conway's M13): each
        // `[p, q, r, s]` says a slide between p and q (either way) swaps
        // the tiles on r and s; empty otherwise.
        "exchanges": p
            .exchanges()
            .map(|x| x.list().into_iter().map(|(a, b, c, d)| [a, b, c, d]).collect::<Vec<_>>())
            .unwrap_or_default(),
        "tile_colours": tile_colours,
    }))
}

/// `/api/puzzle`'s answer for a big board ([`MAX_BIG_BOARD_VERTICES`]):
/// the same fields with `"lists": false` and without what grows with the
/// board (no edges, positions, goal or goal cells, which would be tens of
/// megabytes): the page computes a grid's adjacency and the default goal
/// (tiles 1 to n - k in reading order, the k blanks last).
fn big_board_info(p: &Puzzle) -> Value {
    let (width, height) = p.plain_board_size().unwrap_or((0, 0));
    json!({
        "spec": p.spec(),
        "kind": "board",
        "plain_board": true,
        "width": width,
        "height": height,
        "depth": 1,
        "vertices": p.vertex_count(),
        "lists": false,
        "edges": [],
        "positions": null,
        "mtm_run_limits": slidepuzzle::moves::run_limits(p),
        "goal": null,
        "goal_cells": [],
        "goal_orientations": [],
        "one_way": [],
        "modulus": null,
        "turns": [],
        "exchanges": [],
        "cycles": null,
        "tile_colours": null,
    })
}

fn check(p: Puzzle, req: &PuzzleRequest, _: &Budget) -> Result<Value, ApiError> {
    let Problem {
        puzzle: p,
        start,
        goal,
    } = problem(p, req)?;
    let v = slidepuzzle::theory::check_with(
        &p,
        &start,
        &goal,
        slidepuzzle::theory::CheckMethod::Linear,
        CHECK_STATES,
    )?;
    Ok(serde_json::to_value(v).expect("serialisable"))
}

fn analyze(p: Puzzle, req: &PuzzleRequest, budget: &Budget) -> Result<Value, ApiError> {
    let goal = goal_of(&p, req)?;
    if big_board(&p) {
        return big_board_analysis(&p, &goal);
    }
    let a = slidepuzzle::theory::analyze_any_within(&p, &goal, budget)?;
    Ok(serde_json::to_value(a).expect("serialisable"))
}

/// `/api/analyze` on a big board ([`MAX_BIG_BOARD_VERTICES`]) with one
/// blank: the library's one-blank analysis
/// ([`slidepuzzle::theory::group::analyze`], O(V + E)) without its lists
/// and with its big numbers as the library's summaries
/// ([`slidepuzzle::Count::summary`]: `≈ 4.13197·10^5565702 (5565703
/// digits)` for 1000x1000's group order; written out, the numbers would
/// have millions of digits).
fn big_board_analysis(p: &Puzzle, goal: &Configuration) -> Result<Value, ApiError> {
    let blanks = goal.blanks().len();
    if blanks != 1 {
        return Err(ApiError::bad_request(format!(
            "the page analyses a board this big with one blank; the command-line tool takes {blanks}: slidepuzzle analyze --puzzle {} --blanks {blanks}",
            p.spec()
        )));
    }
    let a = slidepuzzle::theory::group::analyze(p, goal);
    Ok(json!({
        "puzzle": a.puzzle,
        "lists": false,
        "vertices": a.vertices,
        "edges": a.edges,
        "components": a.components,
        "bipartite": a.bipartite,
        "cyclomatic_number": a.cyclomatic_number,
        "articulation_point_count": a.articulation_points.len(),
        "block_count": a.blocks.len(),
        "blank_vertex": a.blank_vertex,
        "group": a.group,
        "group_order": a.group_order.summary(),
        "reachable_configurations": a.reachable_configurations.summary(),
        "classes": a.classes.summary(),
    }))
}

fn permutation(p: Puzzle, req: &PuzzleRequest, _: &Budget) -> Result<Value, ApiError> {
    let Problem {
        puzzle: p,
        start,
        goal,
    } = problem(p, req)?;
    let v = slidepuzzle::theory::views::position_views(&p, &start, &goal)?;
    Ok(serde_json::to_value(v).expect("serialisable"))
}

/// The classroom view of a position ([`slidepuzzle::theory::lesson`]): the
/// parity argument and the eight standard arrangements with which of them
/// the position reaches, on plain boards with one blank (`null` elsewhere).
fn lesson(p: Puzzle, req: &PuzzleRequest, _: &Budget) -> Result<Value, ApiError> {
    let Problem {
        puzzle: p,
        start,
        goal,
    } = problem(p, req)?;
    let parity = slidepuzzle::theory::lesson::parity_argument(&p, &start, &goal);
    let arrangements = slidepuzzle::theory::lesson::standard_arrangements(&p, &start)?;
    Ok(json!({ "parity": parity, "arrangements": arrangements }))
}

fn scramble(p: Puzzle, req: &PuzzleRequest, budget: &Budget) -> Result<Value, ApiError> {
    let goal = goal_of(&p, req)?;
    let seed = req.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    });
    let c =
        slidepuzzle::theory::scramble::scrambles_within(&p, &goal, seed, req.moves, budget.clone())
            .next()
            .ok_or_else(|| slidepuzzle::Error::Internal("no scramble".into()))??;
    Ok(json!({ "state": format_configuration(&p, &c), "seed": seed }))
}

/// Answers a request that parses a puzzle and then works within the
/// non-solve pool. The spec is checked before a permit is taken: a refused
/// size answers 400 at once, never 503 behind heavy work.
async fn answer(
    app: &App,
    req: PuzzleRequest,
    what: &'static str,
    work: fn(Puzzle, &PuzzleRequest, &Budget) -> Result<Value, ApiError>,
) -> ApiResult {
    let p = parse_puzzle(&req.puzzle)?;
    app.work(what, move |budget| work(p, &req, budget)).await
}

async fn puzzle_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> ApiResult {
    let p = parse_puzzle_or_big_board(&req.puzzle)?;
    app.work("puzzle", move |budget| puzzle_info(p, &req, budget))
        .await
}

/// `/api/graph`'s body: the text of a JSON graph.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GraphRequest {
    json: String,
    /// Blanks of the goal, as every body may carry them.
    #[serde(default)]
    blanks: Option<usize>,
}

/// Reads a JSON graph with the library's reader (`graph:FILE`'s format:
/// names, positions, arcs, turns), within the page's [`BUDGET`], and
/// answers as `/api/puzzle` does; the page's editor opens it.
async fn graph_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<GraphRequest>,
) -> ApiResult {
    let p = slidepuzzle::model::spec::graph_json_within(&req.json, "the JSON graph", &BUDGET)?;
    let info = PuzzleRequest {
        blanks: req.blanks,
        ..PuzzleRequest::default()
    };
    app.work("graph", move |budget| puzzle_info(p, &info, budget))
        .await
}

async fn check_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> ApiResult {
    answer(&app, req, "check", check).await
}

async fn analyze_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> ApiResult {
    let p = parse_puzzle_or_big_board(&req.puzzle)?;
    app.work("analyze", move |budget| analyze(p, &req, budget))
        .await
}

async fn scramble_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> ApiResult {
    let p = parse_puzzle_or_big_board(&req.puzzle)?;
    app.work("scramble", move |budget| scramble(p, &req, budget))
        .await
}

async fn lesson_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> ApiResult {
    answer(&app, req, "lesson", lesson).await
}

async fn permutation_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> ApiResult {
    answer(&app, req, "permutation", permutation).await
}

/// Sets the flag when dropped: the handler's future is dropped when the
/// client disconnects, which cancels the search.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Builds the tables a plan lacks before its search starts (the streamed
/// solve's, under their own budget and with progress lines).
type TableBuilder<'a> = &'a dyn Fn(&Puzzle, &Configuration, &Plan) -> Result<(), ApiError>;

/// A solve request's work. `limits` bound the search (their deadline, if
/// any, counts from the request's start); with `build_tables`, the tables
/// the plan lacks are built by it first and `search_time` then starts
/// counting when the search does.
fn solve(
    solver: &Arc<Solver>,
    p: Puzzle,
    req: &PuzzleRequest,
    limits: Limits,
    build_tables: Option<(TableBuilder<'_>, Duration)>,
) -> Result<Value, ApiError> {
    let Problem {
        puzzle: p,
        start,
        goal,
    } = problem(p, req)?;
    let algorithm: Algorithm = req.algo.as_deref().unwrap_or("auto").parse()?;
    let heuristic: Heuristic = req.heuristic.as_deref().unwrap_or("auto").parse()?;
    let metric: slidepuzzle::model::Metric = req.metric.as_deref().unwrap_or("stm").parse()?;
    let mut options = SolveOptions {
        algorithm,
        heuristic,
        limits,
        metric,
        ..SolveOptions::default()
    };
    let plan = solver.plan(&p, &goal, &options)?;
    if let Some((build, search_time)) = build_tables {
        if plan.tables.as_ref().is_some_and(|t| !t.cached) {
            build(&p, &goal, &plan)?;
        }
        options.limits = options.limits.with_timeout(Some(search_time));
    }
    let outcome = solver.solve_with_plan(&p, &start, &goal, &options, &plan)?;
    let record = records::SolveRecord::new("1", &p, &start, &outcome, Some(&plan));
    // Better tables for the next requests, built in the background once
    // this answer is out, when the plan says this answer makes them worth it.
    if plan.later_for(Some(&outcome)).is_some() {
        let solver = solver.clone();
        let limits = slidepuzzle::Limits {
            max_memory: slidepuzzle::search::Work::Request.default_memory(),
            ..slidepuzzle::Limits::default()
        };
        std::thread::spawn(move || solver.build_later(&p, &goal, &plan, &limits));
    }
    Ok(serde_json::to_value(record).expect("records serialise"))
}

async fn solve_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> ApiResult {
    let p = parse_puzzle(&req.puzzle)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let guard = CancelOnDrop(cancel.clone());
    let limits = Limits {
        cancel: Some(cancel.clone()),
        max_memory: slidepuzzle::search::Work::Request.default_memory(),
        ..Limits::default()
    }
    .with_timeout(Some(app.limits.solve_time));
    let solver = app.solver.clone();
    let answer = App::run(
        &app.solve_permits,
        "solve",
        app.limits.solve_time + app.limits.solve_grace,
        || cancel.store(true, Ordering::Relaxed),
        move || solve(&solver, p, &req, limits, None),
    )
    .await;
    drop(guard);
    answer
}

/// `POST /api/solve/stream`: the solve of [`solve_handler`] with its
/// progress as it happens. The body is newline-delimited JSON: while the
/// tables the plan lacks are built, a `{"building": {"tables": [{"message",
/// "fraction", "seconds"}], "seconds"}}` line about every [`BUILD_POLL`];
/// one `{"progress": {"bound", "generated", "seconds"}}` line at each new
/// IDA* bound; one `{"improved": {"length", "lower_bound", "gap",
/// "algorithm", "seconds"}}` line at each shorter answer of an anytime
/// solve (the constructive one first); then one `{"result": record}` (the object `/api/solve`
/// answers) or `{"error": message}` line. Table builds get their own time
/// ([`ServerLimits::build_time`]): the search's
/// [`ServerLimits::solve_time`] starts when they are done, and a build
/// another request started is waited for, not repeated. Errors found
/// before the search starts (the spec, the state) are a 400 as elsewhere.
/// Closing the connection cancels the build or the search (the page's
/// Cancel), as do the time limits.
async fn solve_stream_handler(
    State(app): State<Arc<App>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Response, ApiError> {
    let p = parse_puzzle(&req.puzzle)?;
    // The state and goal are checked here, so that a bad one is a 400.
    problem(p.clone(), &req)?;
    let permit = app
        .solve_permits
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::busy())?;
    let cancel = Arc::new(AtomicBool::new(false));
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let started = Instant::now();
    let (progress_tx, progress_cancel) = (tx.clone(), cancel.clone());
    let sink = slidepuzzle::search::limits::ProgressSink(Arc::new(
        move |p: slidepuzzle::search::limits::Progress| {
            let line = json!({"progress": {
                "bound": p.bound,
                "generated": p.generated,
                "seconds": started.elapsed().as_secs_f64(),
            }});
            // Nobody listens any more: stop.
            if progress_tx.send(line.to_string()).is_err() {
                progress_cancel.store(true, Ordering::Relaxed);
            }
        },
    ));
    let improved_tx = tx.clone();
    let improvements = slidepuzzle::search::ImprovementSink(Arc::new(
        move |i: &slidepuzzle::search::Improvement| {
            let line = json!({"improved": slidepuzzle::records::ImprovedAnswer::from(i)});
            // A closed connection is noticed by the progress lines' sender.
            let _ = improved_tx.send(line.to_string());
        },
    ));
    let limits = Limits {
        cancel: Some(cancel.clone()),
        max_memory: slidepuzzle::search::Work::Request.default_memory(),
        progress: Some(sink),
        improvements: Some(improvements),
        ..Limits::default()
    };
    let server = app.limits;
    // When the watchdog cancels: the search's time and grace, moved on
    // while tables are built.
    let hard = Arc::new(Mutex::new(started + server.solve_time + server.solve_grace));
    let fired = Arc::new(AtomicBool::new(false));
    let solver = app.solver.clone();
    {
        let (hard, cancel, fired) = (hard.clone(), cancel.clone(), fired.clone());
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let build = |p: &Puzzle, goal: &Configuration, plan: &Plan| {
                let watch = BuildWatch {
                    cancel: &cancel,
                    hard: &hard,
                    server,
                    tx: &tx,
                    started,
                };
                build_tables(&solver, (p, goal, plan), &watch)
            };
            let line = match solve(&solver, p, &req, limits, Some((&build, server.solve_time))) {
                Ok(record) if req.compact => json!({ "result": compact_answer(record) }),
                Ok(record) => json!({ "result": record }),
                Err(_) if fired.load(Ordering::Relaxed) => json!({ "error": format!(
                    "solve took longer than {} s", seconds(started.elapsed())
                ) }),
                Err(e) => json!({ "error": e.message }),
            };
            // The client may be gone; then nobody reads it.
            let _ = tx.send(line.to_string());
        });
    }
    {
        let cancel = cancel.clone();
        tokio::spawn(async move {
            loop {
                let due = *hard.lock().unwrap_or_else(|p| p.into_inner());
                if Instant::now() >= due {
                    break;
                }
                tokio::time::sleep_until(due.into()).await;
            }
            if !cancel.swap(true, Ordering::Relaxed) {
                fired.store(true, Ordering::Relaxed);
            }
        });
    }
    // Dropped with the body when the client disconnects: cancels.
    let guard = CancelOnDrop(cancel);
    let lines = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        let line = rx.recv().await?;
        Some((Ok::<_, std::convert::Infallible>(line + "\n"), (rx, guard)))
    });
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        axum::body::Body::from_stream(lines),
    )
        .into_response())
}

/// How often a streamed solve reports the table builds it waits for.
pub const BUILD_POLL: Duration = Duration::from_millis(250);

/// What a streamed solve's table builds answer to: its cancel flag, the
/// watchdog's time, the server's limits, its lines and its start.
struct BuildWatch<'a> {
    cancel: &'a Arc<AtomicBool>,
    hard: &'a Mutex<Instant>,
    server: ServerLimits,
    tx: &'a tokio::sync::mpsc::UnboundedSender<String>,
    started: Instant,
}

impl BuildWatch<'_> {
    /// Moves the watchdog's time to `extra` past now.
    fn watch_for(&self, extra: Duration) {
        *self.hard.lock().unwrap_or_else(|p| p.into_inner()) =
            Instant::now() + extra + self.server.solve_time + self.server.solve_grace;
    }

    /// One `building` line from [`Solver::builds`], if any build runs.
    fn report(&self, solver: &Solver) {
        let tables: Vec<Value> = solver
            .builds()
            .iter()
            .map(|b| {
                json!({
                    "message": b.message,
                    "fraction": b.fraction,
                    "seconds": b.started.elapsed().as_secs_f64(),
                })
            })
            .collect();
        if tables.is_empty() {
            return;
        }
        let line = json!({"building": {
            "tables": tables,
            "seconds": self.started.elapsed().as_secs_f64(),
        }});
        // Nobody listens any more: stop.
        if self.tx.send(line.to_string()).is_err() {
            self.cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// The streamed solve's table builds: [`Solver::prepare`] within
/// [`ServerLimits::build_time`] and the request's cancel flag, with the
/// watchdog's time moved on while they run and a `building` line about
/// every [`BUILD_POLL`] from [`Solver::builds`] (which also shows a build
/// another request started and this one waits for).
fn build_tables(
    solver: &Solver,
    (p, goal, plan): (&Puzzle, &Configuration, &Plan),
    watch: &BuildWatch<'_>,
) -> Result<(), ApiError> {
    watch.watch_for(watch.server.build_time);
    let limits = Limits {
        cancel: Some(watch.cancel.clone()),
        max_memory: slidepuzzle::search::Work::Request.default_memory(),
        ..Limits::default()
    }
    .with_timeout(Some(watch.server.build_time));
    let done = AtomicBool::new(false);
    let built = std::thread::scope(|scope| {
        let reporter = scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                watch.report(solver);
                std::thread::park_timeout(BUILD_POLL);
            }
        });
        let built = solver.prepare(p, goal, plan, &limits);
        done.store(true, Ordering::Relaxed);
        reporter.thread().unpark();
        built
    });
    // The search's time starts now.
    watch.watch_for(Duration::ZERO);
    Ok(built?)
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
/// databases). The work is bounded by [`ServerLimits::default`].
pub fn router_with(solver: Arc<Solver>, bound: Option<IpAddr>) -> Router {
    router_with_limits(solver, bound, ServerLimits::default())
}

/// [`router_with`] with these time limits and pools of permits.
pub fn router_with_limits(
    solver: Arc<Solver>,
    bound: Option<IpAddr>,
    limits: ServerLimits,
) -> Router {
    let app = Arc::new(App {
        solver,
        limits,
        solve_permits: Arc::new(Semaphore::new(limits.solve_permits)),
        work_permits: Arc::new(Semaphore::new(limits.work_permits)),
    });
    Router::new()
        .route("/", get(page))
        .route("/app.js", get(|| async { javascript(SCRIPT) }))
        .route("/app.css", get(|| async { stylesheet(STYLE) }))
        .route("/layout.js", get(|| async { javascript(LAYOUT) }))
        .route("/chart.js", get(|| async { javascript(CHART) }))
        .route("/chart.css", get(|| async { stylesheet(CHART_STYLE) }))
        .route("/worker.js", get(|| async { javascript(WORKER) }))
        .route("/api/puzzle", post(puzzle_handler))
        .route("/api/graph", post(graph_handler))
        .route("/api/check", post(check_handler))
        .route("/api/analyze", post(analyze_handler))
        .route("/api/scramble", post(scramble_handler))
        .route("/api/permutation", post(permutation_handler))
        .route("/api/lesson", post(lesson_handler))
        .route("/api/solve", post(solve_handler))
        .route("/api/solve/stream", post(solve_stream_handler))
        .fallback(not_found)
        // After the routes: it is installed in each of them.
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(bound, host_guard))
        .with_state(app)
}

/// Serves the page on `addr` until the process ends.
///
/// # Errors
/// The I/O error if the address cannot be bound.
pub async fn serve(addr: SocketAddr, solver: Arc<Solver>) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    serve_on(listener, solver).await
}

/// Serves the page on a bound `listener` until the process ends (tests
/// bind `127.0.0.1:0` and read the port from the listener).
///
/// # Errors
/// The I/O error if the listener's address cannot be read.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    solver: Arc<Solver>,
) -> std::io::Result<()> {
    let bound = listener.local_addr()?.ip();
    axum::serve(listener, router_with(solver, Some(bound))).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_hints_are_worded_as_request_fields() {
        let e = slidepuzzle::Error::Unsupported("not an optimal search".into())
            .with_hint("algorithm", Some("ida"));
        let api = ApiError::from(e);
        assert_eq!(api.status, StatusCode::BAD_REQUEST);
        assert_eq!(api.message, r#"not an optimal search (send "algo": "ida")"#);
        let stopped = slidepuzzle::Error::Internal("a bug".into()).with_hint("metric", Some("stm"));
        assert_eq!(
            ApiError::from(stopped).status,
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }

    /// Work that ends once its time is over, stopping itself (a 503) or
    /// with an answer, is answered as the timer would answer it; before
    /// that, its own answer stays, and so do its other errors, late or not.
    #[tokio::test]
    async fn work_stopping_itself_after_the_limit_is_a_time_out() {
        let pool = Arc::new(Semaphore::new(1));
        let stopped = || {
            Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "time limit reached",
            ))
        };
        let answered = || Ok(json!({"answer": 1}));
        for _ in 0..20 {
            // The last round's work may still hold the one permit (its
            // timer fired first): wait for it, or this round is "busy".
            drop(pool.acquire().await.unwrap());
            let e = App::run(&pool, "solve", Duration::ZERO, || {}, stopped)
                .await
                .unwrap_err();
            assert_eq!(e.message, "solve took longer than 0 s");
            drop(pool.acquire().await.unwrap());
            let e = App::run(&pool, "analyze", Duration::ZERO, || {}, answered)
                .await
                .unwrap_err();
            assert_eq!(e.message, "analyze took longer than 0 s");
        }
        // A bad request found late is still a bad request.
        drop(pool.acquire().await.unwrap());
        let bad = || Err(ApiError::bad_request("no such tile"));
        let e = App::run(&pool, "solve", Duration::ZERO, || {}, bad)
            .await
            .unwrap_err();
        assert_eq!(e.status, StatusCode::BAD_REQUEST);
        let long = Duration::from_secs(60);
        drop(pool.acquire().await.unwrap());
        let e = App::run(&pool, "solve", long, || {}, stopped)
            .await
            .unwrap_err();
        assert_eq!(e.message, "time limit reached");
        drop(pool.acquire().await.unwrap());
        let v = App::run(&pool, "analyze", long, || {}, answered)
            .await
            .unwrap();
        assert_eq!(v.0["answer"], 1);
        drop(pool.acquire().await.unwrap());
        let e = App::run(&pool, "solve", long, || {}, bad)
            .await
            .unwrap_err();
        assert_eq!(
            (e.status, e.message.as_str()),
            (StatusCode::BAD_REQUEST, "no such tile")
        );
    }
}
