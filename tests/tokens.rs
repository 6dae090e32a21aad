//! Tokens, the write policy, private mode with browser sessions, CSRF and rate limits, through
//! the router.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::{csrf_cookie, TestApp, TestResponse, ASSERT_LOG, TEST_CSRF};
use crashdex::auth::{writes_require_token, Scope};

async fn token(app: &TestApp, name: &str, scope: Scope) -> String {
    crashdex::tokens::create(&app.state.db, name, scope)
        .await
        .expect("token")
}

async fn post_with(app: &TestApp, auth: Option<&str>, extra: &[(&str, &str)]) -> TestResponse {
    let mut req =
        Request::post("/api/v1/incidents").header(header::CONTENT_TYPE, "application/octet-stream");
    if let Some(t) = auth {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    for (k, v) in extra {
        req = req.header(*k, *v);
    }
    // different bytes each time, so each write is a new incident
    let body = format!("{ASSERT_LOG}{}\n", rand_suffix());
    app.request(req.body(Body::from(body)).unwrap()).await
}

fn rand_suffix() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    format!("# {}", N.fetch_add(1, Ordering::Relaxed))
}

async fn get_with(
    app: &TestApp,
    uri: &str,
    auth: Option<&str>,
    cookie: Option<&str>,
) -> TestResponse {
    let mut req = Request::get(uri);
    if let Some(t) = auth {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    if let Some(c) = cookie {
        req = req.header(header::COOKIE, c);
    }
    app.request(req.body(Body::empty()).unwrap()).await
}

#[test]
fn policy_loopback_open_elsewhere_tokens() {
    assert!(!writes_require_token("127.0.0.1:8080", false, false));
    assert!(!writes_require_token("[::1]:8080", false, false));
    assert!(writes_require_token("0.0.0.0:8080", false, false));
    assert!(!writes_require_token("0.0.0.0:8080", true, false));
    assert!(writes_require_token("127.0.0.1:8080", false, true));
}

#[tokio::test]
async fn loopback_writes_are_open_but_bad_tokens_are_not() {
    let app = TestApp::new().await;
    assert_eq!(post_with(&app, None, &[]).await.status, StatusCode::CREATED);
    let res = post_with(&app, Some("cdx_wrong"), &[]).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(res.json()["error"], "unauthorized");
    // a page of another site may not write, even to an open server
    let res = post_with(
        &app,
        None,
        &[
            ("origin", "https://evil.example"),
            ("host", "127.0.0.1:8080"),
        ],
    )
    .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = post_with(&app, None, &[("sec-fetch-site", "cross-site")]).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn non_loopback_writes_need_a_token() {
    let app = TestApp::with_config(|c| c.bind = "0.0.0.0:8080".into()).await;
    let res = post_with(&app, None, &[]).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{}", res.text());
    assert_eq!(res.json()["error"], "unauthorized");
    assert_eq!(res.header("www-authenticate"), "Bearer");
    let write = token(&app, "ci", Scope::Write).await;
    let admin = token(&app, "ops", Scope::Admin).await;
    let read = token(&app, "reader", Scope::Read).await;
    assert_eq!(
        post_with(&app, Some(&write), &[]).await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        post_with(&app, Some(&admin), &[]).await.status,
        StatusCode::CREATED
    );
    let res = post_with(&app, Some(&read), &[]).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.json()["error"], "forbidden");
    assert_eq!(
        post_with(&app, Some("cdx_nope"), &[]).await.status,
        StatusCode::UNAUTHORIZED
    );
    let res = app
        .request(
            Request::post("/api/v1/incidents")
                .header(header::AUTHORIZATION, "Basic Y2k6eA==")
                .body(Body::from("x"))
                .unwrap(),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // reads stay open
    assert_eq!(app.get("/api/v1/incidents").await.status, StatusCode::OK);
    // the web upload form needs a session too
    let res = app
        .post_multipart(
            "/incidents",
            &[("file", Some("a.log"), ASSERT_LOG.as_bytes())],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);

    // a revoked token is refused, and the list never shows tokens
    crashdex::db::tokens::revoke(&app.state.db, "ci", "2026-03-04T00:00:00Z")
        .await
        .unwrap();
    assert_eq!(
        post_with(&app, Some(&write), &[]).await.status,
        StatusCode::UNAUTHORIZED
    );
    let rows = crashdex::db::tokens::list(&app.state.db).await.unwrap();
    assert_eq!(rows.len(), 3);
    assert!(rows[0].revoked_at.is_some() && rows[0].last_used_at.is_some());
    let admin_page = get_with(&app, "/admin", Some(&admin), None).await;
    assert_eq!(admin_page.status, StatusCode::OK);
    assert!(!admin_page.text().contains(&admin));
    assert_eq!(
        get_with(&app, "/api/v1/admin/webhooks", Some(&read), None)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn open_writes_flag_opens_a_public_bind() {
    let app = TestApp::with_config(|c| {
        c.bind = "0.0.0.0:8080".into();
        c.api.open_writes = true;
    })
    .await;
    assert_eq!(post_with(&app, None, &[]).await.status, StatusCode::CREATED);
}

#[tokio::test]
async fn writes_are_rate_limited_per_token() {
    let app = TestApp::with_config(|c| c.api.rate_limit = Some("2/min".parse().unwrap())).await;
    let a = token(&app, "a", Scope::Write).await;
    let b = token(&app, "b", Scope::Write).await;
    assert_eq!(
        post_with(&app, Some(&a), &[]).await.status,
        StatusCode::CREATED
    );
    assert_eq!(
        post_with(&app, Some(&a), &[]).await.status,
        StatusCode::CREATED
    );
    let res = post_with(&app, Some(&a), &[]).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(res.json()["error"], "rate_limited");
    let retry: u64 = res.header("retry-after").parse().unwrap();
    assert!((1..=30).contains(&retry), "{retry}");
    assert_eq!(
        post_with(&app, Some(&b), &[]).await.status,
        StatusCode::CREATED,
        "own bucket"
    );
    // reads are not limited
    for _ in 0..5 {
        assert_eq!(app.get("/api/v1/incidents").await.status, StatusCode::OK);
    }
}

#[tokio::test]
async fn private_mode_needs_a_token_or_a_session() {
    let app = TestApp::with_config(|c| c.api.private = true).await;
    let res = app.get("/api/v1/incidents").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(res.json()["error"], "unauthorized");
    let res = app.get("/incidents?page=2").await;
    assert_eq!(res.status, StatusCode::SEE_OTHER);
    assert_eq!(
        res.header("location"),
        "/login?next=%2Fincidents%3Fpage%3D2"
    );
    assert_eq!(app.get("/healthz").await.status, StatusCode::OK);
    assert_eq!(app.get("/static/app.css").await.status, StatusCode::OK);
    let login = app.get("/login?next=/incidents").await;
    assert_eq!(login.status, StatusCode::OK);
    assert!(login.text().contains("name=\"csrf\""));

    let write = token(&app, "me", Scope::Write).await;
    let admin = token(&app, "root", Scope::Admin).await;
    assert_eq!(
        get_with(&app, "/api/v1/incidents", Some(&write), None)
            .await
            .status,
        StatusCode::OK
    );
    // even writes need the token here, whatever the bind
    assert_eq!(
        post_with(&app, None, &[]).await.status,
        StatusCode::UNAUTHORIZED
    );

    // login: a wrong token, a missing CSRF field, then the real thing
    let res = login_post(&app, "cdx_wrong", Some(TEST_CSRF)).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        login_post(&app, &write, None).await.status,
        StatusCode::FORBIDDEN
    );
    let res = login_post(&app, &write, Some(TEST_CSRF)).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text());
    assert_eq!(res.header("location"), "/incidents");
    let set_cookie = res.header("set-cookie").to_string();
    assert!(
        set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Strict"),
        "{set_cookie}"
    );
    let session = set_cookie.split(';').next().unwrap().to_string();
    assert!(!set_cookie.contains(&write), "the cookie is not the token");

    let page = get_with(&app, "/", None, Some(&session)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        get_with(&app, "/api/v1/incidents", None, Some(&session))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(
        get_with(&app, "/admin", None, Some(&session)).await.status,
        StatusCode::FORBIDDEN
    );
    // a session does not write through the API (no CSRF there)
    let res = post_with(&app, None, &[("cookie", session.as_str())]).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // the upload form does, with its CSRF field
    let cookies = format!("{session}; {}", csrf_cookie());
    let res = upload_form(&app, &cookies, Some(TEST_CSRF)).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text());

    let res = login_post(&app, &admin, Some(TEST_CSRF)).await;
    let admin_session = res
        .header("set-cookie")
        .split(';')
        .next()
        .unwrap()
        .to_string();
    assert_eq!(
        get_with(&app, "/admin", None, Some(&admin_session))
            .await
            .status,
        StatusCode::OK
    );

    // revoking the token ends its sessions
    crashdex::db::tokens::revoke(&app.state.db, "me", "2026-03-04T00:00:00Z")
        .await
        .unwrap();
    assert_eq!(
        get_with(&app, "/", None, Some(&session)).await.status,
        StatusCode::SEE_OTHER
    );
}

async fn login_post(app: &TestApp, token: &str, csrf: Option<&str>) -> TestResponse {
    let mut form = vec![("token", token), ("next", "/incidents")];
    if let Some(c) = csrf {
        form.push(("csrf", c));
    }
    let body = serde_urlencoded::to_string(&form).unwrap();
    let req = Request::post("/login")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, csrf_cookie())
        .body(Body::from(body))
        .unwrap();
    app.request(req).await
}

async fn upload_form(app: &TestApp, cookies: &str, csrf: Option<&str>) -> TestResponse {
    let boundary = "XyZcsrf";
    let mut body = String::new();
    if let Some(c) = csrf {
        body += &format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{c}\r\n"
        );
    }
    body += &format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n{ASSERT_LOG}{}\r\n--{boundary}--\r\n",
        rand_suffix()
    );
    let req = Request::post("/incidents")
        .header(
            header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .header(header::COOKIE, cookies)
        .body(Body::from(body))
        .unwrap();
    app.request(req).await
}

#[tokio::test]
async fn upload_form_checks_csrf() {
    let app = TestApp::new().await;
    let home = app.get("/").await;
    let set_cookie = home.header("set-cookie").to_string();
    assert!(set_cookie.starts_with("crashdex_csrf="), "{set_cookie}");
    assert!(set_cookie.contains("HttpOnly") && set_cookie.contains("SameSite=Strict"));
    let token = set_cookie["crashdex_csrf=".len()..]
        .split(';')
        .next()
        .unwrap()
        .to_string();
    assert!(home
        .text()
        .contains(&format!("name=\"csrf\" value=\"{token}\"")));
    let cookie = format!("crashdex_csrf={token}");

    assert_eq!(
        upload_form(&app, &cookie, None).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        upload_form(&app, &cookie, Some(TEST_CSRF)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        upload_form(&app, "", Some(&token)).await.status,
        StatusCode::FORBIDDEN
    );
    let res = upload_form(&app, &cookie, Some(&token)).await;
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text());
    // a browser that has the cookie gets no new one
    let again = get_with(&app, "/", None, Some(&cookie)).await;
    assert_eq!(again.header("set-cookie"), "");
    // API responses never set it
    assert_eq!(app.get("/api/v1/incidents").await.header("set-cookie"), "");
}
