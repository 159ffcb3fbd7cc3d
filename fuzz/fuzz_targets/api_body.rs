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

fuzz_target!(|data: &[u8]| {
    let body = data.to_vec();
    runtime().block_on(async move {
        for path in ["/api/puzzle", "/api/check", "/api/analyze", "/api/scramble"] {
            let response = slidepuzzle_web::router()
                .oneshot(
                    Request::post(path)
                        .header("content-type", "application/json")
                        .header("host", "127.0.0.1:8080")
                        .body(Body::from(body.clone()))
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
