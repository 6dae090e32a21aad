//! `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the API, generated from the
//! handlers' `#[utoipa::path]` attributes and the `ToSchema` types (JSON only: no UI crate).
//! Paths are relative to the server URL `/api/v1`. `tests/api_v1.rs` checks that every route
//! of [`super::router`] is documented and every documented route exists.

use super::{admin, findings, incidents, search};
use axum::Json;
use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, Parameter, ParameterBuilder, ParameterIn,
};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ObjectBuilder, Required, ResponseBuilder, Type};
use utoipa::{Modify, OpenApi};

/// The API document.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "crashdex",
        description = "Crash triage for ML-serving logs: upload logs, read incidents and findings. \
                       Errors are JSON `{\"error\", \"message\"}`. Writes need \
                       `Authorization: Bearer <token>` unless the server is bound to loopback or \
                       runs with `--open-writes`; `--private` servers need a token for reads too."
    ),
    servers((url = "/api/v1")),
    paths(
        incidents::create,
        incidents::list,
        incidents::show,
        incidents::log,
        findings::list,
        findings::show,
        search::search,
        admin::webhooks,
        openapi_json,
    ),
    modifiers(&BearerAuth, &OtherRoutes),
    tags(
        (name = "incidents", description = "Uploaded logs and their analysis"),
        (name = "findings", description = "The knowledge base"),
        (name = "problems", description = "Incidents grouped by fingerprint"),
        (name = "search", description = "Full-text search"),
        (name = "admin", description = "Server status"),
        (name = "meta", description = "This document"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("A token from `crashdex token create NAME`"))
                    .build(),
            ),
        );
    }
}

/// The routes whose handlers carry no `#[utoipa::path]` (problems), described by hand:
/// their parameters, and a JSON object in reply.
struct OtherRoutes;

impl Modify for OtherRoutes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let query = |name: &str, what: &str| param(name, what, ParameterIn::Query, Required::False);
        let problems = operation(
            "problems",
            "Problems (incidents grouped by fingerprint), most recently seen first",
        )
        .parameter(query("page", "1-based page"))
        .parameter(query("limit", "Problems per page"));
        let problem = operation(
            "problems",
            "One problem: its incidents, history and resolution",
        )
        .parameter(param("id", "Problem id", ParameterIn::Path, Required::True));
        for (path, op) in [("/problems", problems), ("/problems/{id}", problem)] {
            openapi
                .paths
                .add_path_operation(path, vec![HttpMethod::Get], op.build());
        }
    }
}

fn operation(tag: &str, summary: &str) -> OperationBuilder {
    OperationBuilder::new()
        .tag(tag)
        .summary(Some(summary))
        .response(
            "200",
            ResponseBuilder::new().description("A JSON object").build(),
        )
        .response(
            "400",
            ResponseBuilder::new()
                .description("A bad parameter")
                .build(),
        )
        .response(
            "404",
            ResponseBuilder::new().description("Not found").build(),
        )
}

fn param(name: &str, what: &str, at: ParameterIn, required: Required) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(at)
        .required(required)
        .description(Some(what))
        .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
        .build()
}

/// The document as a value (what the endpoint serves).
pub fn document() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// This OpenAPI 3.1 document.
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json"))
)]
pub async fn openapi_json() -> Json<utoipa::openapi::OpenApi> {
    Json(document())
}
