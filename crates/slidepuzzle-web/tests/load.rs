//! A load test of the real server over TCP: 1,000 requests, 32 at a time,
//! valid and hostile mixed, while the page (`GET /`) keeps being answered.
//!
//! The client is plain `tokio::net::TcpStream`: one HTTP/1.1 request per
//! connection (`Connection: close`), read to the end.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinSet;

const REQUESTS: usize = 1_000;
const IN_FLIGHT: usize = 32;

/// A response: status, lower-cased headers, body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `request` (the whole HTTP/1.1 text) and reads the answer to EOF.
async fn exchange(addr: SocketAddr, request: Arc<Vec<u8>>) -> Result<Answer, String> {
    let mut stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    // The server may answer (413) and close before it has read the whole
    // body; a failed write is then no failure as long as an answer comes.
    let written = stream.write_all(&request).await;
    let mut raw = Vec::new();
    let read = stream.read_to_end(&mut raw).await;
    if raw.is_empty() {
        return Err(format!("no answer (write: {written:?}, read: {read:?})"));
    }
    parse(&raw)
}

fn parse(raw: &[u8]) -> Result<Answer, String> {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("no end of headers")?;
    let head = std::str::from_utf8(&raw[..split]).map_err(|e| e.to_string())?;
    let mut lines = head.split("\r\n");
    let status_line = lines.next().ok_or("empty answer")?;
    let status: u16 = status_line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line {status_line:?}"))?;
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.eq_ignore_ascii_case("chunked"));
    if chunked {
        body = dechunk(&body)?;
    } else if let Some((_, n)) = headers.iter().find(|(n, _)| n == "content-length") {
        let n: usize = n.parse().map_err(|_| "bad content-length")?;
        if body.len() != n {
            return Err(format!("body of {} bytes, content-length {n}", body.len()));
        }
    }
    Ok(Answer {
        status,
        headers,
        body,
    })
}

fn dechunk(mut data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let line_end = data
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or("truncated chunk")?;
        let size = std::str::from_utf8(&data[..line_end]).map_err(|e| e.to_string())?;
        let size = usize::from_str_radix(size.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|e| format!("chunk size: {e}"))?;
        data = &data[line_end + 2..];
        if size == 0 {
            return Ok(out);
        }
        if data.len() < size + 2 {
            return Err("truncated chunk".into());
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

/// The text of a request.
fn request(
    method: &str,
    path: &str,
    port: u16,
    content_type: Option<&str>,
    body: &str,
) -> Arc<Vec<u8>> {
    let mut r =
        format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n");
    if let Some(t) = content_type {
        r.push_str(&format!("Content-Type: {t}\r\n"));
    }
    if method == "POST" || !body.is_empty() {
        r.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    r.push_str("\r\n");
    r.push_str(body);
    Arc::new(r.into_bytes())
}

/// One kind of request the test sends, and what it may get back.
struct Case {
    name: &'static str,
    request: Arc<Vec<u8>>,
    /// The answer it must get when the server is not busy.
    status: u16,
    /// Whether 503 busy is an acceptable answer (API endpoints only).
    may_be_busy: bool,
    /// For 200s: a key the answer must have.
    key: Option<&'static str>,
}

fn cases(port: u16) -> Vec<Case> {
    let json_post = |path: &str, body: Value| {
        request(
            "POST",
            path,
            port,
            Some("application/json"),
            &body.to_string(),
        )
    };
    let ok = |name, request, key| Case {
        name,
        request,
        status: 200,
        may_be_busy: true,
        key: Some(key),
    };
    let refused = |name, request, status, may_be_busy| Case {
        name,
        request,
        status,
        may_be_busy,
        key: None,
    };
    let big = format!(
        "{{\"puzzle\": \"3x3\", \"state\": \"{}\"}}",
        "1 ".repeat(35_000)
    );
    assert!(big.len() > 69_000);
    vec![
        // Valid.
        ok(
            "solve 3x3",
            json_post(
                "/api/solve",
                json!({"puzzle": "3x3", "state": "8 6 7/2 5 4/3 0 1"}),
            ),
            "moves",
        ),
        ok(
            "check theta0",
            json_post(
                "/api/check",
                json!({"puzzle": "theta0", "state": "2 1 3 4 5 6 0"}),
            ),
            "solvable",
        ),
        ok(
            "analyze 4x4",
            json_post("/api/analyze", json!({"puzzle": "4x4"})),
            "group",
        ),
        ok(
            "scramble 4x4",
            json_post("/api/scramble", json!({"puzzle": "4x4", "seed": 7})),
            "state",
        ),
        ok(
            "puzzle 2x2x2",
            json_post("/api/puzzle", json!({"puzzle": "2x2x2"})),
            "edges",
        ),
        ok(
            "solve petersen",
            json_post(
                "/api/solve",
                json!({"puzzle": "petersen", "state": "9 2 3 4 5 6 7 8 1 0"}),
            ),
            "moves",
        ),
        // Valid and heavy (tens of milliseconds, answers of up to 1 MB):
        // the largest puzzles within the budget.
        ok(
            "puzzle complete:447",
            json_post("/api/puzzle", json!({"puzzle": "complete:447"})),
            "edges",
        ),
        ok(
            "analyze 100x100",
            json_post("/api/analyze", json!({"puzzle": "100x100"})),
            "group",
        ),
        // Puzzles over the budget: a 400 from the spec's numbers (or busy,
        // the permit being taken before the spec is read).
        refused(
            "puzzle 100000x100000",
            json_post("/api/puzzle", json!({"puzzle": "100000x100000"})),
            400,
            true,
        ),
        refused(
            "analyze complete:100000",
            json_post("/api/analyze", json!({"puzzle": "complete:100000"})),
            400,
            true,
        ),
        refused(
            "scramble complete:10001",
            json_post("/api/scramble", json!({"puzzle": "complete:10001"})),
            400,
            true,
        ),
        refused(
            "check complete:10000",
            json_post(
                "/api/check",
                json!({"puzzle": "complete:10000", "state": "1 0"}),
            ),
            400,
            true,
        ),
        refused(
            "solve edges:0-4294967295",
            json_post(
                "/api/solve",
                json!({"puzzle": "edges:0-4294967295", "state": "1 0"}),
            ),
            400,
            true,
        ),
        refused(
            "puzzle random:1000000000,0",
            json_post("/api/puzzle", json!({"puzzle": "random:1000000000,0"})),
            400,
            true,
        ),
        // Bodies refused before any work: never busy.
        refused(
            "malformed JSON",
            request(
                "POST",
                "/api/solve",
                port,
                Some("application/json"),
                "{not json",
            ),
            400,
            false,
        ),
        refused(
            "wrong type",
            json_post("/api/check", json!({"puzzle": 3, "state": "1 0"})),
            400,
            false,
        ),
        refused(
            "unknown field",
            json_post("/api/scramble", json!({"puzzle": "3x3", "evil": true})),
            400,
            false,
        ),
        refused(
            "missing content type",
            request("POST", "/api/analyze", port, None, r#"{"puzzle": "3x3"}"#),
            400,
            false,
        ),
        refused(
            "oversized body",
            request("POST", "/api/solve", port, Some("application/json"), &big),
            413,
            false,
        ),
        refused(
            "unknown route",
            json_post("/api/nothing", json!({"puzzle": "3x3"})),
            404,
            false,
        ),
        refused(
            "unknown page",
            request("GET", "/etc/passwd", port, None, ""),
            404,
            false,
        ),
        refused(
            "another host",
            Arc::new(
                format!("GET / HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n")
                    .into_bytes(),
            ),
            403,
            false,
        ),
        refused(
            "wrong method",
            request("GET", "/api/solve", port, None, ""),
            405,
            false,
        ),
    ]
}

/// Checks one answer against its case; returns whether it was busy.
fn verify(case: &Case, answer: &Answer) -> bool {
    let name = case.name;
    let body: Value = serde_json::from_slice(&answer.body).unwrap_or_else(|e| {
        panic!(
            "{name}: status {}, body is not JSON ({e}): {:?}",
            answer.status,
            String::from_utf8_lossy(&answer.body)
        )
    });
    if answer.status >= 400 {
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{name}: status {} without an \"error\": {body}",
            answer.status
        );
    }
    if answer.status == 503 && case.may_be_busy {
        assert_eq!(body["error"], "busy, retry", "{name}");
        assert_eq!(answer.header("retry-after"), Some("1"), "{name}");
        return true;
    }
    assert_eq!(answer.status, case.status, "{name}: {body}");
    if let Some(key) = case.key {
        assert!(body.get(key).is_some(), "{name}: no {key:?} in {body}");
    }
    if case.status == 400 && case.may_be_busy {
        assert!(
            body["error"].as_str().unwrap().contains("budget"),
            "{name}: {body}"
        );
    }
    false
}

/// `GET /` answers 200 with the page, quickly.
async fn probe_page(addr: SocketAddr, port: u16) -> Duration {
    let t = Instant::now();
    let answer = tokio::time::timeout(
        Duration::from_secs(5),
        exchange(addr, request("GET", "/", port, None, "")),
    )
    .await
    .expect("GET / answered within 5 s")
    .expect("GET / answered");
    assert_eq!(answer.status, 200);
    assert!(String::from_utf8_lossy(&answer.body).contains("<title>slidepuzzle</title>"));
    t.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_mixed_requests_32_at_a_time() {
    let started = Instant::now();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let port = addr.port();
    let solver = Arc::new(
        slidepuzzle::Solver::new().with_store(Arc::new(slidepuzzle::store::MemoryStore::new())),
    );
    let server = tokio::spawn(slidepuzzle_web::serve_on(listener, solver));
    let cases = Arc::new(cases(port));
    probe_page(addr, port).await;

    let mut in_flight = JoinSet::new();
    let mut next = 0;
    let mut done = 0;
    let mut busy = vec![0usize; cases.len()];
    let mut answered = vec![0usize; cases.len()];
    let mut slowest = (Duration::ZERO, "");
    let mut slowest_probe = Duration::ZERO;
    let mut probes = 0;
    while done < REQUESTS {
        while next < REQUESTS && in_flight.len() < IN_FLIGHT {
            let i = next % cases.len();
            let request = cases[i].request.clone();
            in_flight.spawn(async move {
                let t = Instant::now();
                let answer = tokio::time::timeout(Duration::from_secs(30), exchange(addr, request))
                    .await
                    .map_err(|_| "no answer within 30 s".to_string())
                    .and_then(|a| a);
                (i, answer, t.elapsed())
            });
            next += 1;
        }
        let (i, answer, took) = in_flight.join_next().await.unwrap().unwrap();
        let case = &cases[i];
        let answer = answer.unwrap_or_else(|e| panic!("{}: {e}", case.name));
        if verify(case, &answer) {
            busy[i] += 1;
        } else {
            answered[i] += 1;
        }
        if took > slowest.0 {
            slowest = (took, case.name);
        }
        done += 1;
        // The page, between batches, while the next ones are in flight.
        if done % IN_FLIGHT == 0 {
            slowest_probe = slowest_probe.max(probe_page(addr, port).await);
            probes += 1;
        }
    }
    slowest_probe = slowest_probe.max(probe_page(addr, port).await);
    probes += 1;
    let elapsed = started.elapsed();
    eprintln!(
        "{REQUESTS} requests, {IN_FLIGHT} at a time, in {:.2} s; {} busy (503); slowest request {:.3} s ({}); {probes} probes of GET /, slowest {:.3} s",
        elapsed.as_secs_f64(),
        busy.iter().sum::<usize>(),
        slowest.0.as_secs_f64(),
        slowest.1,
        slowest_probe.as_secs_f64()
    );
    for (i, case) in cases.iter().enumerate() {
        eprintln!(
            "  {:<28} {:>3} answered, {:>3} busy",
            case.name, answered[i], busy[i]
        );
        // Every kind of request got its real answer at least once.
        assert!(answered[i] > 0, "{}: only ever busy", case.name);
    }
    assert!(
        elapsed < Duration::from_secs(45),
        "took {:.1} s",
        elapsed.as_secs_f64()
    );
    server.abort();
}
