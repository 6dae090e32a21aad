//! Hostile and broken input, through the router and through `crashdex analyze`: empty, binary,
//! invalid UTF-8, UTF-16, huge lines, millions of lines, gzip bombs, truncated gzip, bodies over
//! the limit, malformed multipart, CR line ends, terminal escapes, bidi overrides, HTML/JS/SVG in
//! logs, file names and findings, SQL and FTS5 syntax in query parameters, path traversal in path
//! parameters, absurd page numbers.
//!
//! Every input gets a clear 4xx or a correct analysis, never a 5xx or a panic, and every page
//! escapes what it shows (checked by [`assert_safe_html`]). The inputs are generated here, from
//! fixed seeds, so nothing large lives in git.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{gzip, TestApp, TestResponse, ASSERT_LOG};
use std::path::Path;
use std::process::{Command, Stdio};

// ---------------------------------------------------------------------------------------------
// Inputs

/// A small deterministic generator (xorshift64*), so every run sends the same bytes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn utf16(s: &str, little_endian: bool) -> Vec<u8> {
    let mut out = if little_endian {
        vec![0xff, 0xfe]
    } else {
        vec![0xfe, 0xff]
    };
    for u in s.encode_utf16() {
        out.extend(if little_endian {
            u.to_le_bytes()
        } else {
            u.to_be_bytes()
        });
    }
    out
}

/// HTML, JavaScript and SVG payloads, one per line.
const MARKUP: &str = "\
<script>alert('xss-log')</script>
<img src=x onerror=alert(1)>
<svg onload=alert(1)><script>alert(2)</script></svg>
<a href=\"javascript:alert(1)\">click</a>
\"><iframe src=javascript:alert(1)></iframe>
</span></div></pre><script>alert(3)</script>
<math><mtext><table><mglyph><style><img src=x onerror=alert(4)>
{{ 7*7 }} {% raw %} ${7*7} #{7*7}
RuntimeError: CUDA error: <script>alert('first-error')</script> onerror=alert(5)
";

/// Terminal escapes: colours, clear screen, window title, OSC 8 hyperlink, DCS, bell.
const ESCAPES: &str = "\x1b[31mred\x1b[0m\n\x1b[2J\x1b[H\n\x1b]0;pwned title\x07\n\
\x1b]8;;javascript:alert(1)\x1b\\link\x1b]8;;\x1b\\\n\x1bP+q\x1b\\\x07\x08\x08\x08\n\
RuntimeError: \x1b[1;31mCUDA error: an illegal memory access was encountered\x1b[0m\n";

/// Right-to-left and other bidi controls, zero-width characters.
const BIDI: &str =
    "file \u{202E}gol.exe\u{202C} loaded\n\u{2066}isolate\u{2069} \u{200B}zw\u{FEFF}\n\
RuntimeError: CUDA error: out of memory \u{202E}reversed\n";

/// The small hostile inputs, each `(name, bytes)`.
fn small_inputs() -> Vec<(&'static str, Vec<u8>)> {
    let mut rng = Rng(0x5eed_cafe_f00d_d00d);
    let truncated_gzip = {
        let mut g = gzip(ASSERT_LOG.repeat(50).as_bytes());
        g.truncate(g.len() / 2);
        g
    };
    vec![
        ("empty", Vec::new()),
        ("one byte", b"x".to_vec()),
        ("one newline", b"\n".to_vec()),
        ("all NUL", vec![0u8; 64 * 1024]),
        ("random binary", rng.bytes(256 * 1024)),
        (
            "invalid UTF-8",
            b"\xc3\x28 \xa0\xa1 \xe2\x28\xa1 \xf0\x28\x8c\xbc \xf8\xa1\xa1\xa1\xa1 \xed\xa0\x80\n\
              RuntimeError: CUDA error: out of memory \xff\xfe\n"
                .to_vec(),
        ),
        ("UTF-16LE with BOM", utf16(ASSERT_LOG, true)),
        ("UTF-16BE with BOM", utf16(ASSERT_LOG, false)),
        ("BOM only", vec![0xff, 0xfe]),
        ("CRLF", ASSERT_LOG.replace('\n', "\r\n").into_bytes()),
        ("lone CR", ASSERT_LOG.replace('\n', "\r").into_bytes()),
        ("terminal escapes", ESCAPES.as_bytes().to_vec()),
        ("bidi overrides", BIDI.as_bytes().to_vec()),
        (
            "markup payloads",
            format!("{ASSERT_LOG}{MARKUP}").into_bytes(),
        ),
        ("truncated gzip", truncated_gzip),
        ("gzip header only", vec![0x1f, 0x8b, 0x08, 0x00]),
        ("gzip of markup", gzip(MARKUP.as_bytes())),
        ("gzip inside gzip", gzip(&gzip(ASSERT_LOG.as_bytes()))),
        (
            "JSON log records",
            br#"{"log":"<script>alert(1)</script>\n","stream":"stderr"}
{"log":"RuntimeError: CUDA error: out of memory\n"}
{"message": {"nested": [1, 2, {"deep": null}]}}
{"log": "unterminated
"#
            .to_vec(),
        ),
        (
            "very long prefix nesting",
            "[rank0]: ".repeat(5000).into_bytes(),
        ),
        (
            "regex-hostile line",
            format!("{}!\n", "a".repeat(200_000)).into_bytes(),
        ),
    ]
}

// ---------------------------------------------------------------------------------------------
// Checks

fn assert_not_5xx(what: &str, res: &TestResponse) {
    assert!(
        !res.status.is_server_error(),
        "{what}: {} {}",
        res.status,
        res.text().chars().take(300).collect::<String>()
    );
}

/// The attributes of a tag's inside (after its name): `(name, value)`, values unquoted.
fn attributes(mut s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    loop {
        s = s.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
        if s.is_empty() {
            return out;
        }
        let name_end = s
            .find(|c: char| c.is_whitespace() || c == '=' || c == '/')
            .unwrap_or(s.len());
        let name = s[..name_end].to_string();
        s = s[name_end..].trim_start();
        let mut value = String::new();
        if let Some(rest) = s.strip_prefix('=') {
            let rest = rest.trim_start();
            let (v, after) = match rest.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let body = &rest[1..];
                    let close = body.find(q).unwrap_or(body.len());
                    (&body[..close], &body[(close + 1).min(body.len())..])
                }
                _ => {
                    let e = rest.find(char::is_whitespace).unwrap_or(rest.len());
                    (&rest[..e], &rest[e..])
                }
            };
            value = v.to_string();
            s = after;
        }
        out.push((name, value));
    }
}

/// Fails when the page has markup that could run script: a `<script>` other than the app's own
/// `/static/` one, a frame or object, an `on*` handler attribute, a `javascript:` or HTML `data:`
/// URL in a URL attribute, or a raw control character (terminal escapes) or bidi override.
fn assert_safe_html(what: &str, html: &str) {
    if let Some(c) = html.chars().find(|&c| crashdex::web::escape::is_hazard(c)) {
        panic!("{what}: raw {c:?} in the page");
    }
    let lower = html.to_ascii_lowercase();
    let mut rest = lower.as_str();
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        let end = after.find('>').unwrap_or(after.len());
        let tag = &after[..end];
        rest = &after[end..];
        if tag.starts_with('/') || tag.starts_with('!') {
            continue;
        }
        let name_len = tag
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(tag.len());
        let name = &tag[..name_len];
        assert!(
            !matches!(name, "iframe" | "object" | "embed" | "base" | "frame"),
            "{what}: <{tag}>"
        );
        let attrs = attributes(&tag[name_len..]);
        if name == "script" {
            let src = attrs.iter().find(|(n, _)| n == "src");
            assert!(
                src.is_some_and(|(_, v)| v.starts_with("/static/")),
                "{what}: <{tag}>"
            );
        }
        for (n, v) in &attrs {
            let handler =
                n.len() > 2 && n.starts_with("on") && n.chars().all(|c| c.is_ascii_alphabetic());
            assert!(!handler && n != "srcdoc", "{what}: <{tag}>");
            let url: String = v.chars().filter(|c| !c.is_whitespace()).collect();
            let url_attr = matches!(
                n.as_str(),
                "href" | "src" | "action" | "formaction" | "xlink:href" | "data" | "poster"
            );
            assert!(
                !(url_attr
                    && (url.starts_with("javascript:") || url.starts_with("data:text/html"))),
                "{what}: <{tag}>"
            );
        }
    }
}

/// Checks a response that may be HTML or JSON: never a 5xx, HTML safe, JSON well-formed.
fn assert_handled(what: &str, res: &TestResponse) {
    assert_not_5xx(what, res);
    let ct = res.header("content-type");
    if ct.starts_with("text/html") {
        assert_safe_html(what, &res.text());
    } else if ct.starts_with("application/json") {
        let _: serde_json::Value = serde_json::from_slice(&res.body)
            .unwrap_or_else(|e| panic!("{what}: bad JSON ({e}): {}", res.text()));
    }
}

/// After an upload was accepted: the page, the API view and the raw download all work and the
/// page is safe. Returns the analysis JSON.
async fn check_incident(app: &TestApp, what: &str, id: i64) -> serde_json::Value {
    let page = app.get(&format!("/incidents/{id}")).await;
    assert_eq!(page.status, StatusCode::OK, "{what}: page");
    assert_safe_html(what, &page.text());
    let api = app.get(&format!("/api/v1/incidents/{id}")).await;
    assert_eq!(api.status, StatusCode::OK, "{what}: api");
    let raw = app.get(&format!("/incidents/{id}/raw")).await;
    assert_eq!(raw.status, StatusCode::OK, "{what}: raw");
    assert!(raw.header("content-type").starts_with("text/plain"));
    assert!(raw.header("content-disposition").starts_with("attachment"));
    api.json()["analysis"].clone()
}

/// An upload's status must be a success or a clear 4xx (400 empty/malformed, 413 too large).
fn upload_outcome(what: &str, res: &TestResponse) -> Option<i64> {
    assert_handled(what, res);
    match res.status {
        StatusCode::OK | StatusCode::CREATED => Some(res.json()["id"].as_i64().expect("id")),
        StatusCode::SEE_OTHER => res
            .header("location")
            .strip_prefix("/incidents/")
            .and_then(|s| s.parse().ok()),
        StatusCode::BAD_REQUEST | StatusCode::PAYLOAD_TOO_LARGE => None,
        s => panic!("{what}: unexpected {s}: {}", res.text()),
    }
}

// ---------------------------------------------------------------------------------------------
// Uploads

#[tokio::test]
async fn hostile_bodies_through_the_api() {
    let app = TestApp::new().await;
    let plain = app.post_raw("/api/v1/incidents", ASSERT_LOG).await.json()["analysis"].clone();
    for (what, bytes) in small_inputs() {
        let res = app.post_raw("/api/v1/incidents", bytes.clone()).await;
        let Some(id) = upload_outcome(what, &res) else {
            assert!(
                bytes.is_empty() || what.starts_with("gzip header"),
                "{what}: refused with {}: {}",
                res.status,
                res.text()
            );
            continue;
        };
        let a = check_incident(&app, what, id).await;
        match what {
            // the same log in another encoding or line ending: the same analysis
            "UTF-16LE with BOM" | "UTF-16BE with BOM" | "CRLF" => {
                assert_eq!(a["error_class"], plain["error_class"], "{what}");
                assert_eq!(a["line_count"], plain["line_count"], "{what}");
            }
            "lone CR" => assert_eq!(a["line_count"], 1, "{what}: CR alone ends no line"),
            "markup payloads" | "terminal escapes" | "bidi overrides" | "invalid UTF-8" => {
                assert_eq!(
                    a["crash"], true,
                    "{what}: the crash under the noise is found"
                )
            }
            "gzip inside gzip" => assert!(a["line_count"].as_u64().unwrap() < 20, "{what}"),
            _ => {}
        }
    }
}

#[tokio::test]
async fn hostile_bodies_through_the_form() {
    let app = TestApp::new().await;
    for (what, bytes) in small_inputs() {
        let res = app
            .post_multipart("/incidents", &[("file", Some("x.log"), &bytes)])
            .await;
        if let Some(id) = upload_outcome(what, &res) {
            check_incident(&app, what, id).await;
        }
        // pasted text goes through the same path, with CRLF normalised
        let res = app
            .post_multipart("/incidents", &[("text", None, &bytes)])
            .await;
        if let Some(id) = upload_outcome(what, &res) {
            check_incident(&app, what, id).await;
        }
    }
}

#[tokio::test]
async fn hostile_file_names_are_escaped() {
    let app = TestApp::new().await;
    let names = [
        "<script>alert('name')</script>.log",
        "\"><svg onload=alert(1)>.log",
        "javascript:alert(1).log",
        "..%2F..%2Fetc%2Fpasswd",
        "../../../../etc/passwd",
        "C:\\Windows\\system32\\evil.log",
        "\u{202E}gol.exe",
        "a\"b;c\r\nSet-Cookie: x=1.log",
        &"n".repeat(5000),
    ];
    for (i, name) in names.iter().enumerate() {
        let log = format!("RuntimeError: boom {i}\n");
        let res = app
            .post_multipart("/incidents", &[("file", Some(name), log.as_bytes())])
            .await;
        let id = upload_outcome(name, &res).expect("accepted");
        check_incident(&app, name, id).await;
        let raw = app.get(&format!("/incidents/{id}/raw")).await;
        let disposition = raw.header("content-disposition");
        assert!(
            !disposition.contains('/') && !disposition.contains('\\'),
            "{disposition}"
        );
        // the API's X-Filename header path
        let req = Request::post("/api/v1/incidents")
            .header("x-filename", name.replace(['\r', '\n'], ""))
            .body(Body::from(format!("RuntimeError: api {i}\n")))
            .unwrap();
        let res = app.request(req).await;
        if let Some(id) = upload_outcome(name, &res) {
            check_incident(&app, name, id).await;
        }
    }
    for page in ["/", "/incidents", "/api/v1/incidents"] {
        let res = app.get(page).await;
        assert_eq!(res.status, StatusCode::OK, "{page}");
        assert_handled(page, &res);
    }
}

#[tokio::test]
async fn limits_bombs_and_malformed_multipart() {
    let app = TestApp::new().await; // 1 MiB
    let bomb = gzip(&vec![0u8; 64 << 20]);
    assert!(bomb.len() < 128 << 10, "{}", bomb.len());
    let res = app.post_raw("/api/v1/incidents", bomb.clone()).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE, "gzip bomb");
    assert_eq!(res.json()["error"], "too_large");
    let res = app
        .post_multipart("/incidents", &[("file", Some("bomb.gz"), &bomb)])
        .await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE, "gzip bomb form");
    assert_safe_html("bomb form", &res.text());
    // a concatenation of gzip members, each small, together past the limit
    let member = gzip(&vec![b'a'; 512 << 10]);
    let res = app.post_raw("/api/v1/incidents", member.repeat(4)).await;
    assert_eq!(
        res.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "multi-member bomb"
    );

    let res = app.post_raw("/api/v1/incidents", vec![b'a'; 2 << 20]).await;
    assert_eq!(
        res.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "body over the limit"
    );
    let res = app.post_raw("/api/v1/incidents", vec![b'a'; 8 << 20]).await;
    assert_eq!(
        res.status,
        StatusCode::PAYLOAD_TOO_LARGE,
        "body over the transport limit"
    );

    for (what, parts) in [
        ("no file", vec![("comment", None, b"hello".as_slice())]),
        ("empty file", vec![("file", Some("e.log"), b"".as_slice())]),
        ("no fields", vec![]),
    ] {
        for uri in ["/incidents", "/api/v1/incidents"] {
            let res = app.post_multipart(uri, &parts).await;
            assert_eq!(res.status, StatusCode::BAD_REQUEST, "{what} {uri}");
            assert_handled(what, &res);
        }
    }
    for (what, ct, body) in [
        (
            "wrong boundary",
            "multipart/form-data; boundary=abc",
            b"--xyz\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nhi\r\n--xyz--\r\n"
                .to_vec(),
        ),
        (
            "unterminated",
            "multipart/form-data; boundary=abc",
            b"--abc\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nRuntimeError"
                .to_vec(),
        ),
        ("no boundary", "multipart/form-data", b"whatever".to_vec()),
        (
            "garbage headers",
            "multipart/form-data; boundary=abc",
            b"--abc\r\n\x00\xff\r\n\r\n--abc--".to_vec(),
        ),
    ] {
        for uri in ["/incidents", "/api/v1/incidents"] {
            let req = Request::post(uri)
                .header("content-type", ct)
                .header("cookie", "crashdex_csrf=0")
                .body(Body::from(body.clone()))
                .unwrap();
            let res = app.request(req).await;
            assert_handled(what, &res);
            assert!(res.status.is_client_error(), "{what} {uri}: {}", res.status);
        }
    }
}

#[tokio::test]
async fn fifty_megabyte_single_line() {
    let app = TestApp::with_limit(64 << 20).await;
    let mut line = vec![b'a'; 50 << 20];
    line.extend_from_slice(b" RuntimeError: CUDA error: out of memory\nnext line\n");
    let res = app.post_raw("/api/v1/incidents", line).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let id = res.json()["id"].as_i64().unwrap();
    let a = check_incident(&app, "50 MB line", id).await;
    assert_eq!(a["line_count"], 2);
}

#[tokio::test]
async fn five_million_short_lines() {
    let app = TestApp::with_limit(64 << 20).await;
    let mut log = Vec::with_capacity(16 << 20);
    for i in 0..5_000_000u32 {
        log.extend_from_slice(if i % 1000 == 0 { b"ok\n" } else { b"x\n" });
    }
    log.extend_from_slice(b"RuntimeError: CUDA error: out of memory\n");
    let res = app.post_raw("/api/v1/incidents", log).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let id = res.json()["id"].as_i64().unwrap();
    let a = check_incident(&app, "5M lines", id).await;
    assert_eq!(a["line_count"], 5_000_001);
    assert_eq!(a["first_error"]["line"], 5_000_001);
}

// ---------------------------------------------------------------------------------------------
// Findings with hostile content

#[tokio::test]
async fn hostile_finding_is_sanitised() {
    let dir = tempfile::tempdir().unwrap();
    let finding = r#"+++
id = "hostile_finding"
title = "<script>alert('title')</script> <img src=x onerror=alert(1)>"
severity = "high"
status = "workaround"
informational = false
components = ["<svg onload=alert(1)>"]
refs = ["javascript:alert(1)"]
fixed_in = []
examples = []

[match]
error_class = ["cuda_oom"]

[[match.all]]
name = "<b onmouseover=alert(1)>oom</b>"
regex = 'CUDA error: out of memory'
+++

## Symptoms

<script>alert('body')</script>
<img src=x onerror=alert(2)>
<iframe src="javascript:alert(3)"></iframe>
[click](javascript:alert(4)) and <a href="javascript:alert(5)">raw link</a>
<svg><animate onbegin=alert(6) attributeName=x dur=1s></svg>

## Resolution

<details open ontoggle=alert(7)>x</details> `<script>in code</script>`
"#;
    std::fs::write(dir.path().join("hostile_finding.md"), finding).unwrap();
    let findings = dir.path().to_path_buf();
    let app = TestApp::with_config(|c| c.findings = findings).await;
    assert!(
        app.state.findings().get("hostile_finding").is_some(),
        "the hostile finding loaded"
    );
    let log = "RuntimeError: CUDA error: out of memory\n";
    let res = app.post_raw("/api/v1/incidents", log).await;
    let json = res.json();
    let id = json["id"].as_i64().unwrap();
    assert_eq!(json["analysis"]["matches"][0]["finding"], "hostile_finding");
    for page in [
        format!("/incidents/{id}"),
        "/findings".into(),
        "/findings/hostile_finding".into(),
        "/findings?q=%3Cscript%3E".into(),
        "/search?q=alert".into(),
        "/search?q=hostile".into(),
        "/incidents".into(),
        "/".into(),
    ] {
        let res = app.get(&page).await;
        assert_handled(&page, &res);
    }
    let page = app.get("/findings/hostile_finding").await.text();
    assert!(
        page.contains("&#60;script&#62;alert(&#39;title&#39;)"),
        "title escaped"
    );
}

// ---------------------------------------------------------------------------------------------
// Query and path parameters

/// GET routes that take query parameters (a route that does not exist answers 404, a 4xx).
const QUERY_ROUTES: &[&str] = &[
    "/",
    "/incidents",
    "/findings",
    "/search",
    "/problems",
    "/api/v1/incidents",
    "/api/v1/findings",
    "/api/v1/search",
    "/api/v1/problems",
];

/// Every parameter name any list or search takes (unknown ones are ignored by the handlers).
const PARAMS: &[&str] = &[
    "q",
    "page",
    "limit",
    "before",
    "class",
    "finding",
    "source",
    "since",
    "until",
    "job",
    "host",
    "label",
    "component",
    "status",
    "arch",
    "severity",
    "kind",
    "sort",
    "crash",
    "phase",
];

/// SQL and FTS5 syntax, encodings and oddities.
const NASTY_VALUES: &[&str] = &[
    "' OR '1'='1",
    "1; DROP TABLE incidents; --",
    "\" OR 1=1 --",
    "1 UNION SELECT sha256, body FROM raw_logs --",
    "NEAR(cuda oom, 2)",
    "\"unbalanced",
    "a AND OR NOT",
    "*",
    "^start",
    "col:value",
    "incidents_fts:x",
    "(((",
    "{signature first_error}: oom",
    "a\u{0}b",
    "%00",
    "%",
    "_",
    "\\",
    "<script>alert(1)</script>",
    "\u{202E}evil",
    "-1",
    "9223372036854775808",
    "-9223372036854775809",
    "1e308",
    "NaN",
];

fn encode(v: &str) -> String {
    let mut out = String::new();
    for b in v.bytes() {
        if b.is_ascii_alphanumeric() {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[tokio::test]
async fn sql_and_fts_syntax_in_every_text_parameter() {
    let app = TestApp::new().await;
    let id = app.upload(ASSERT_LOG.as_bytes()).await;
    app.upload(b"RuntimeError: CUDA error: out of memory\n")
        .await;
    let long = "oom ".repeat(5000);
    let mut served = 0;
    for route in QUERY_ROUTES {
        for param in PARAMS {
            for value in NASTY_VALUES.iter().copied().chain([long.as_str()]) {
                let uri = format!("{route}?{param}={}", encode(value));
                let res = app.get(&uri).await;
                assert_handled(&uri, &res);
                served += 1;
            }
        }
        // raw, unencoded oddities in the query string itself
        for q in [
            "q=%",
            "q=%zz",
            "page=&page=2",
            "q",
            "=",
            "&&&",
            "q=a&q=b",
            "limit=1&limit=x",
        ] {
            let res = app.get(&format!("{route}?{q}")).await;
            assert_handled(q, &res);
        }
    }
    // the data is intact after all of that
    let res = app.get(&format!("/api/v1/incidents/{id}")).await;
    assert_eq!(res.status, StatusCode::OK);
    let list = app.get("/api/v1/incidents").await.json();
    assert_eq!(list["incidents"].as_array().unwrap().len(), 2);
    eprintln!("{served} hostile query requests served");
}

#[tokio::test]
async fn path_traversal_in_every_path_parameter() {
    let app = TestApp::new().await;
    app.upload(ASSERT_LOG.as_bytes()).await;
    let values = [
        "..%2F..%2Fetc%2Fpasswd",
        "..%2F..%2FCargo.toml",
        "%2e%2e%2f%2e%2e%2fCargo.toml",
        "..%5C..%5CCargo.toml",
        "....%2F%2F....%2F%2Fetc%2Fpasswd",
        "%252e%252e%252fCargo.toml",
        "1%00",
        "%00",
        "1%3B%20DROP%20TABLE%20incidents",
        "9223372036854775808",
        "-9223372036854775809",
        "0x1",
        "1e3",
        "%201",
        "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    ];
    let templates = [
        "/incidents/{}",
        "/incidents/{}/raw",
        "/findings/{}",
        "/problems/{}",
        "/api/v1/incidents/{}",
        "/api/v1/incidents/{}/log",
        "/api/v1/findings/{}",
        "/api/v1/problems/{}",
        "/static/{}",
    ];
    let mut uris: Vec<String> = templates
        .iter()
        .flat_map(|t| values.iter().map(move |v| t.replace("{}", v)))
        .collect();
    uris.extend(
        [
            "/findings/../Cargo.toml",
            "/static/../Cargo.toml",
            "/static/..%2FCargo.toml",
            "/static/%2e%2e/Cargo.toml",
            "/static/%2e%2e%2fsrc%2fmain.rs",
            "/static/....//Cargo.toml",
            "/static//etc/passwd",
            "/static/%2Fetc%2Fpasswd",
            "/static/..\\Cargo.toml",
            "/incidents/../../../etc/passwd",
            "/incidents/1/../../Cargo.toml",
            "/api/v1/../../Cargo.toml",
            "//etc/passwd",
        ]
        .map(String::from),
    );
    for uri in &uris {
        let res = app.get(uri).await;
        assert_handled(uri, &res);
        let body = res.text();
        for leak in ["[workspace]", "[package]", "root:x:0:0", "fn main()"] {
            assert!(!body.contains(leak), "{uri} leaked {leak}");
        }
    }
}

#[tokio::test]
async fn huge_and_negative_page_numbers() {
    let app = TestApp::new().await;
    for i in 0..3 {
        app.upload(format!("RuntimeError: log {i}\n").as_bytes())
            .await;
    }
    for value in [
        "-1",
        "0",
        "-9223372036854775808",
        "9223372036854775807",
        "99999999999999999999999999",
        "1e9",
        "NaN",
        "0x10",
        "+5",
        "%20",
    ] {
        for route in ["/incidents", "/search", "/problems", "/findings"] {
            let uri = format!("{route}?page={value}&q=log");
            let res = app.get(&uri).await;
            assert_handled(&uri, &res);
        }
        for param in ["limit", "before"] {
            let uri = format!("/api/v1/incidents?{param}={value}");
            let res = app.get(&uri).await;
            assert_handled(&uri, &res);
            assert!(res.status == StatusCode::OK || res.status == StatusCode::BAD_REQUEST);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command line

/// Runs `crashdex analyze FILE --json` and returns the parsed JSON (exit 0 required).
fn analyze_file(path: &Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_crashdex"))
        .arg("analyze")
        .arg(path)
        .arg("--json")
        .arg("--findings")
        .arg(common::fixture_findings_dir())
        .stdin(Stdio::null())
        .output()
        .expect("run crashdex");
    assert!(
        out.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn analyze_cli_on_hostile_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let mut inputs = small_inputs();
    let mut long = vec![b'b'; 8 << 20];
    long.push(b'\n');
    inputs.push(("8 MB line", long));
    inputs.push(("gzip bomb", gzip(&vec![0u8; 32 << 20])));
    for (i, (what, bytes)) in inputs.iter().enumerate() {
        let path = dir.path().join(format!("input-{i}.log"));
        std::fs::write(&path, bytes).unwrap();
        let a = analyze_file(&path);
        assert!(a.get("crash").is_some(), "{what}: {a}");
        assert!(a.get("error_class").is_some(), "{what}");
    }
    // standard input, too
    let mut child = Command::new(env!("CARGO_BIN_EXE_crashdex"))
        .args(["analyze", "-", "--json"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(MARKUP.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success());
    let a: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(a["crash"], true);
}
