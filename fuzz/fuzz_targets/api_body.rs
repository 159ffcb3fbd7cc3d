//! Web API request bodies: every endpoint but `/api/solve` (whose valid
//! requests may search for seconds) answers any body with a status and a
//! JSON body, `{"error"}` for every 4xx and 5xx; nothing panics.
#![no_main]
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    })
}

/// One router for the whole run (a fresh one per input spent most of the
/// time building its solver and permit pools).
fn router() -> axum::Router {
    static ROUTER: OnceLock<axum::Router> = OnceLock::new();
    ROUTER.get_or_init(slidepuzzle_web::router).clone()
}

fuzz_target!(|data: &[u8]| {
    // The first byte picks the endpoint (one request per run, four times
    // the executions of asking all four); the rest is the body.
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let path = ["/api/puzzle", "/api/check", "/api/analyze", "/api/scramble"][usize::from(pick % 4)];
    let body = body.to_vec();
    runtime().block_on(async move {
        {
            let response = router()
                .oneshot(
                    Request::post(path)
                        .header("content-type", "application/json")
                        .header("host", "127.0.0.1:8080")
                        .body(Body::from(body))
                        .unwrap(),
                )
                .await
                .unwrap();
            let status = response.status();
            let bytes = response.into_body().collect().await.unwrap().to_bytes();
            let value: serde_json::Value =
                serde_json::from_slice(&bytes).expect("every answer is JSON");
            if !status.is_success() {
                assert!(value.get("error").is_some(), "{status}: {value}");
            }
        }
    });
});
