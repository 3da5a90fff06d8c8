//! `GET /api/openapi.json`: the OpenAPI 3.1 document of the JSON API. Paths are
//! written here; request and response bodies are JSON Schemas generated from the
//! Rust types the handlers use, so they cannot drift from the code. A test checks
//! that the paths are exactly `app::API_ROUTES`, and compares the whole document
//! with `docs/openapi.json`.

use std::sync::LazyLock;

use actix_web::HttpResponse;
use hygo_booking::appointments::{AppointmentRequest, Booked, DaySlots};
use hygo_booking::card_requests::CardRequest;
use hygo_booking::contact_messages::ContactRequest;
use hygo_booking::newsletter::NewsletterRequest;
use hygo_directory::Doctor;
use schemars::generate::SchemaSettings;
use serde_json::{json, Value};

pub async fn get() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(DOCUMENT.as_str())
}

static DOCUMENT: LazyLock<String> =
    LazyLock::new(|| serde_json::to_string_pretty(&document()).expect("the document serializes") + "\n");

pub fn document() -> Value {
    let mut generator = SchemaSettings::draft2020_12()
        .with(|s| s.definitions_path = "#/components/schemas/".into())
        .into_generator();
    let schema = |v: schemars::Schema| v.to_value();
    let doctor = schema(generator.subschema_for::<Doctor>());
    let appointment = schema(generator.subschema_for::<AppointmentRequest>());
    let booked = schema(generator.subschema_for::<Booked>());
    let slots = schema(generator.subschema_for::<DaySlots>());
    let card = schema(generator.subschema_for::<CardRequest>());
    let contact = schema(generator.subschema_for::<ContactRequest>());
    let newsletter = schema(generator.subschema_for::<NewsletterRequest>());
    let search = schema(generator.subschema_for::<crate::api::search::Answer>());
    let mut schemas = serde_json::Map::from_iter(generator.take_definitions(true));
    schemas.insert(
        "Error".into(),
        json!({
            "type": "object",
            "description": "Every refusal: a sentence a person can read, and per-field messages for forms.",
            "required": ["success", "message"],
            "properties": {
                "success": { "const": false },
                "message": { "type": "string" },
                "errors": { "type": "object", "additionalProperties": { "type": "string" } }
            }
        }),
    );
    schemas.insert(
        "Message".into(),
        json!({
            "type": "object",
            "required": ["success", "message"],
            "properties": { "success": { "const": true }, "message": { "type": "string" } }
        }),
    );
    let created_reference = json!({
        "type": "object",
        "required": ["success", "message", "data"],
        "properties": {
            "success": { "const": true },
            "message": { "type": "string" },
            "data": {
                "type": "object",
                "required": ["reference"],
                "properties": { "reference": { "type": "string", "description": "The request's public reference, `HY-7K3M-Q9TD` (random; ids stay internal)." } }
            }
        }
    });

    let data = |schema: Value| {
        json!({
            "type": "object",
            "required": ["success", "data"],
            "properties": { "success": { "const": true }, "data": schema }
        })
    };
    let list = |item: &Value| json!({ "type": "array", "items": item });
    let ok = |description: &str, schema: Value| {
        json!({ "description": description, "content": { "application/json": { "schema": schema } } })
    };
    let error = |description: &str| ok(description, json!({ "$ref": "#/components/schemas/Error" }));
    let body = |schema: &Value| json!({ "required": true, "content": { "application/json": { "schema": schema } } });
    let query = |name: &str, required: bool, description: &str| {
        json!({ "name": name, "in": "query", "required": required, "description": description, "schema": { "type": "string" } })
    };
    let path_param = |name: &str, description: &str, example: &str| {
        json!({ "name": name, "in": "path", "required": true, "description": description, "schema": { "type": "string" }, "example": example })
    };
    // What every write may also answer.
    let write_errors = |mut responses: Value| {
        let r = responses.as_object_mut().expect("responses are an object");
        r.insert("400".into(), error("The body is not JSON, or a field has the wrong type."));
        r.insert("413".into(), error("The body is larger than its fields allow (16 KB for short forms; a contact message about 70 KB)."));
        r.insert("415".into(), error("The body is not sent as application/json."));
        r.insert("422".into(), error("A field failed its checks; `errors` has a message per field."));
        r.insert("429".into(), error("Too many writes from this client; see the Retry-After header."));
        responses
    };
    let doctor_list = |summary: &str| {
        json!({ "get": {
            "summary": summary,
            "parameters": [query("search", false, "Case-insensitive text matched against name and specialization.")],
            "responses": { "200": ok("Doctors sorted by name, a leading \"Dr.\" ignored.", data(list(&doctor))) }
        }})
    };

    let mut doc = json!({
        "openapi": "3.1.0",
        "info": {
            "title": "HYGO public website API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The calls the HYGO website makes (product spec section 7). Times are India Standard Time."
        },
        "paths": {
            "/api/doctors": doctor_list("Every doctor, or those matching `search`."),
            "/api/api/doctors": doctor_list("The same as /api/doctors; the original browser client calls this path."),
            "/api/doctors/{id}": { "get": {
                "summary": "One doctor.",
                "parameters": [path_param("id", "The doctor's id, a positive whole number.", "1")],
                "responses": {
                    "200": ok("The doctor.", data(doctor.clone())),
                    "400": error("The id is not a positive whole number."),
                    "404": error("No doctor has this id.")
                }
            }},
            "/api/doctors/department/{dept}": { "get": {
                "summary": "The doctors of a department.",
                "parameters": [path_param("dept", "The department's slug, such as cardiology.", "cardiology")],
                "responses": {
                    "200": ok("The department's doctors (possibly none).", data(list(&doctor))),
                    "404": error("No department has this slug.")
                }
            }},
            "/api/search": { "get": {
                "summary": "Site search: doctors, then departments, services and specializations; at most 10. A text that means an emergency (chest pain, stroke, suicide, in any language served) also gets `emergency`: the help to show before any result.",
                "parameters": [query("q", false, "The search text; fewer than 2 characters after trimming gives no results.")],
                "responses": {
                    "200": ok("The results, and the emergency's help when the text means one.", search),
                    "400": error("The text is longer than 100 characters.")
                }
            }},
            "/api/props": { "get": {
                "summary": "The props the server renders a page from, for client-side navigation.",
                "parameters": [query("path", true, "A site path starting with /, with its query if any.")],
                "responses": {
                    "200": ok("The page's props, or {\"redirect\": \"/\"} for a path that is no page.", json!({ "type": "object" })),
                    "400": error("The path does not start with /.")
                }
            }},
            "/api/openapi.json": { "get": {
                "summary": "This document.",
                "responses": { "200": ok("The OpenAPI 3.1 document.", json!({ "type": "object" })) }
            }},
            "/api/SubscriptionData/subscription-form": { "post": {
                "summary": "Request a prepaid health card.",
                "requestBody": body(&card),
                "responses": write_errors(json!({ "201": ok("The request is stored.", created_reference.clone()) }))
            }},
            "/api/contact": { "post": {
                "summary": "Send a message to the clinic.",
                "requestBody": body(&contact),
                "responses": write_errors(json!({ "201": ok("The message is stored.", created_reference.clone()) }))
            }},
            "/newsletter/subscribe": { "post": {
                "summary": "Ask for the newsletter: a confirmation e-mail is sent (double opt-in); the same answer, after the same work, for a new, a pending and a confirmed address.",
                "requestBody": body(&newsletter),
                "responses": write_errors(json!({ "200": ok("Asked: an e-mail is on its way.", json!({ "$ref": "#/components/schemas/Message" })) }))
            }},
            "/newsletter/unsubscribe": { "post": {
                "summary": "One-click unsubscribe (RFC 8058) with the token of the e-mail's link.",
                "parameters": [query("token", true, "The subscriber's unsubscribe token.")],
                "responses": {
                    "200": ok("Unsubscribed (also when already unsubscribed).", json!({ "$ref": "#/components/schemas/Message" })),
                    "404": error("No subscriber has this token.")
                }
            }},
            "/appointments/bookAppointment": { "post": {
                "summary": "Request an appointment in a free slot.",
                "requestBody": body(&appointment),
                "responses": write_errors(json!({
                    "201": ok("The request is stored and holds the slot.", json!({
                        "type": "object",
                        "required": ["success", "message", "data"],
                        "properties": { "success": { "const": true }, "message": { "type": "string" }, "data": booked }
                    })),
                    "409": error("The slot is already held by another request.")
                }))
            }},
            "/appointments/slots": { "get": {
                "summary": "Free and held slots of a doctor on a date.",
                "parameters": [
                    query("doctor", false, "The doctor's name (or give doctorId)."),
                    query("doctorId", false, "The doctor's id."),
                    query("date", true, "YYYY-MM-DD.")
                ],
                "responses": {
                    "200": ok("Both lists are empty on a day without office hours or in the past.", json!({
                        "allOf": [slots, { "type": "object", "properties": { "success": { "const": true } } }]
                    })),
                    "400": error("No doctor given, or the date is not YYYY-MM-DD."),
                    "404": error("No such doctor.")
                }
            }}
        },
        "components": { "schemas": schemas }
    });
    every_operation_refuses_nul(&mut doc);
    doc
}

/// Every endpoint answers 400 to a NUL byte in its path or query (`crate::edge::has_nul`,
/// before any handler): said once here for all of them.
fn every_operation_refuses_nul(doc: &mut Value) {
    const NUL: &str = "A NUL byte in the path or a query parameter.";
    let operations = doc["paths"].as_object_mut().into_iter().flat_map(|paths| paths.values_mut()).filter_map(Value::as_object_mut);
    for operation in operations.flat_map(|methods| methods.values_mut()) {
        let Some(responses) = operation["responses"].as_object_mut() else { continue };
        match responses.get_mut("400").and_then(|r| r["description"].as_str().map(str::to_owned).map(|d| (r, d))) {
            Some((response, description)) => response["description"] = Value::from(format!("{description} Or a NUL byte in the path or a query parameter.")),
            None => {
                let error = json!({ "description": NUL, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } });
                responses.insert("400".into(), error);
            }
        }
    }
}
