//! The committed JSON Schema of the records (`docs/schema/records.schema.json`)
//! and validation against one of its records, shared by the command
//! line's and the web API's schema tests (each includes this file).

use serde_json::Value;

/// The committed schema.
pub fn schema() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/schema/records.schema.json"
    );
    let text = std::fs::read_to_string(path).expect("the schema is committed");
    serde_json::from_str(&text).expect("the schema is JSON")
}

/// A validator of the schema's record `kind` (one of its `$defs`).
pub fn validator(kind: &str) -> jsonschema::Validator {
    let mut s = schema();
    assert!(
        s["$defs"].get(kind).is_some(),
        "no record {kind} in the schema"
    );
    let root = s.as_object_mut().unwrap();
    root.remove("anyOf");
    root.insert("$ref".into(), Value::String(format!("#/$defs/{kind}")));
    jsonschema::draft202012::new(&s).expect("the schema compiles")
}

/// Panics with every error if `value` is not a valid `kind` record.
pub fn assert_valid(kind: &str, value: &Value, context: &str) {
    let v = validator(kind);
    let errors: Vec<String> = v
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{context}: not a valid {kind} record:\n  {}\n{value}",
        errors.join("\n  ")
    );
}
