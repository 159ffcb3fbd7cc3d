//! Requests as the page sends them, through the router in-process
//! (tower's `oneshot`): shared by the web API's test modules.

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use axum::response::Response;
use http_body_util::BodyExt;
use tower::ServiceExt;

/// `POST path` with the JSON text `body`, a JSON content type and a local
/// `Host`, as the page sends it: the router's response.
pub async fn post(router: Router, path: &str, body: String) -> Response {
    router
        .oneshot(
            Request::post(path)
                .header("content-type", "application/json")
                .header("host", "127.0.0.1:8080")
                .body(Body::from(body))
                .unwrap(),
        )
        .await
        .unwrap()
}

/// The whole body of `response`, as text.
pub async fn text(response: Response) -> String {
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8_lossy(&bytes).into_owned()
}
