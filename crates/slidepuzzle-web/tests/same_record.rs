//! One solve, one record: `/api/solve` and the result line of
//! `/api/solve/stream` give the record the library gives for the same
//! instance, field for field (the command line's tests compare `solve
//! --json` with the same record).

use serde_json::{Value, json};

#[path = "../../slidepuzzle/tests/support/faces.rs"]
mod faces;

async fn api(path: &str, body: Value) -> String {
    let response = crate::requests::post(slidepuzzle_web::router(), path, body.to_string()).await;
    assert!(response.status().is_success(), "{path}");
    crate::requests::text(response).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_answers_the_library_record() {
    for instance in faces::INSTANCES {
        let (puzzle, state, blanks, algo, heuristic) = instance;
        let context = format!("{puzzle} {state}");
        let body = json!({
            "puzzle": puzzle,
            "state": state,
            "blanks": blanks,
            "algo": algo,
            "heuristic": heuristic,
        });
        let library = faces::library_record(instance);
        let answer: Value = serde_json::from_str(&api("/api/solve", body.clone()).await).unwrap();
        faces::assert_same(&answer, &library, &context);
        let stream = api("/api/solve/stream", body).await;
        let last: Value = serde_json::from_str(stream.lines().last().unwrap()).unwrap();
        faces::assert_same(&last["result"], &library, &context);
    }
}
