//! One solve, one record: `solve --json` and the web API's `/api/solve`
//! (and the result line of `/api/solve/stream`) give the same solution
//! with the same names for the same instance. The Python package's
//! `Solution` is compared with the same record in
//! `crates/slidepuzzle-py/tests/test_solve.py`.

use std::process::Command;

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The fields compared: everything but the clock (`seconds`).
const SAME: [&str; 16] = [
    "id",
    "solvable",
    "solved",
    "metric",
    "optimal",
    "lower_bound",
    "length",
    "moves",
    "blank_path",
    "tiles",
    "steps",
    "stm",
    "mtm",
    "algorithm",
    "plan",
    "method",
];

fn cli(puzzle: &str, state: &str, blanks: usize, extra: &[&str]) -> Value {
    let cache = std::env::temp_dir().join(format!("slidepuzzle-same-cache-{}", std::process::id()));
    let blanks = blanks.to_string();
    let o = Command::new(env!("CARGO_BIN_EXE_slidepuzzle"))
        .env("XDG_CACHE_HOME", cache)
        .args(["solve", "--json", "--puzzle", puzzle, "--blanks", &blanks])
        .args(extra)
        .arg(state)
        .output()
        .expect("binary runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON record")
}

async fn api(path: &str, body: Value) -> String {
    let response = slidepuzzle_web::router()
        .oneshot(
            Request::post(path)
                .header("content-type", "application/json")
                .header("host", "127.0.0.1:8080")
                .body(Body::from(body.to_string()))
                .unwrap(),
        )
        .await
        .unwrap();
    assert!(response.status().is_success(), "{path} {body}");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn same(a: &Value, b: &Value, context: &str) {
    for key in SAME {
        assert_eq!(a.get(key), b.get(key), "{context}: {key}\n{a}\n{b}");
    }
}

#[test]
fn the_cli_and_the_api_give_the_same_record() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for (puzzle, state, blanks, algo, heuristic) in [
        ("3x3", "8 6 7/2 5 4/3 0 1", 1, "ida", "md"),
        ("3x3", "1 2 3/4 5 6/0 7 8", 1, "auto", "auto"),
        ("petersen", "9 2 3 4 5 6 7 8 1 0", 1, "auto", "auto"),
        ("2x3", "0 2/1 4/3 0", 2, "auto", "auto"),
        ("3x3", "1 2 3/4 5 6/8 7 0", 1, "auto", "auto"),
    ] {
        let context = format!("{puzzle} {state}");
        let from_cli = cli(
            puzzle,
            state,
            blanks,
            &["--algo", algo, "--heuristic", heuristic],
        );
        let body = json!({
            "puzzle": puzzle,
            "state": state,
            "blanks": blanks,
            "algo": algo,
            "heuristic": heuristic,
        });
        let (answer, stream) = runtime.block_on(async {
            (
                api("/api/solve", body.clone()).await,
                api("/api/solve/stream", body).await,
            )
        });
        let from_api: Value = serde_json::from_str(&answer).unwrap();
        same(&from_cli, &from_api, &context);
        let last: Value = serde_json::from_str(stream.lines().last().unwrap()).unwrap();
        same(&from_cli, &last["result"], &context);
        if from_cli["solved"] == true {
            // The same keys, too: nothing one face adds or drops.
            let keys = |v: &Value| {
                let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
                k.sort();
                k
            };
            assert_eq!(keys(&from_cli), keys(&from_api), "{context}");
        }
    }
}
