//! Problems through the router: grouping by fingerprint, merge/unmerge, split, resolution,
//! the problem list with its chart, similar incidents, and the drafted finding.

mod common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::{TestApp, TestResponse};

const ENV: &str = "\
GPU 0: NVIDIA RTX PRO 6000 Blackwell Workstation Edition
GPU 0 Compute Capability: 12.0
sglang: 0.5.8.post1
";

/// An out-of-memory crash; `alloc` and `gpu` vary the volatile numbers (same fingerprint).
fn oom(alloc: &str, gpu: u32) -> String {
    format!(
        "{ENV}Loading model weights took 12.3 GB
Traceback (most recent call last):
  File \"/srv/sglang/model_executor/model_runner.py\", line 88, in forward
    out = self.model(x)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {alloc}. GPU {gpu} has a total capacity of 79.11 GiB of which 1.2 MiB is free.
"
    )
}

/// A crash of another kind (another fingerprint); `n` varies the bytes only.
fn import_error(n: u32) -> String {
    format!(
        "{ENV}worker {n} starting
Traceback (most recent call last):
  File \"/srv/app/main.py\", line 3, in <module>
    import flash_attn_kernels_v{n}
ModuleNotFoundError: No module named 'flash_attn_kernels_interface'
"
    )
}

/// `POST uri` with a URL-encoded form, with the CSRF cookie and field a browser sends.
async fn post_form(app: &TestApp, uri: &str, body: &str) -> TestResponse {
    let body = format!("csrf={}&{body}", common::TEST_CSRF);
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::COOKIE, common::csrf_cookie())
        .body(Body::from(body))
        .expect("request");
    app.request(req).await
}

/// The problem an incident shows under (the survivor of its own problem).
async fn problem_of(app: &TestApp, incident: i64) -> i64 {
    crashdex::db::problems::for_incident(&app.state.db, incident)
        .await
        .expect("query")
        .and_then(|r| r.root_id)
        .expect("incident has a problem")
}

/// How many incidents show under problem `id` (from the API).
async fn count(app: &TestApp, id: i64) -> i64 {
    let res = app.get(&format!("/api/v1/problems/{id}")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["stats"]["count"].as_i64().unwrap_or(0)
}

fn assert_see_other(res: &TestResponse, to: &str) {
    assert_eq!(res.status, StatusCode::SEE_OTHER, "{}", res.text());
    assert_eq!(res.header("location"), to);
}

#[tokio::test]
async fn same_fingerprint_is_one_problem() {
    let app = TestApp::new().await;
    let a = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    let b = app.upload(oom("1.50 GiB", 3).as_bytes()).await;
    let c = app.upload(import_error(1).as_bytes()).await;
    let p = problem_of(&app, a).await;
    assert_eq!(problem_of(&app, b).await, p);
    assert_ne!(problem_of(&app, c).await, p);
    assert_eq!(count(&app, p).await, 2);

    let json = app.get(&format!("/api/v1/problems/{p}")).await.json();
    assert_eq!(json["stats"]["sm_archs"][0], "sm_120");
    assert_eq!(json["stats"]["frameworks"][0], "sglang 0.5.8.post1");
    assert_eq!(json["events"][0]["kind"], "created");

    let page = app.get(&format!("/incidents/{b}")).await.text();
    assert!(page.contains("seen 2 times since "), "{page}");
    assert!(page.contains("on sm_120 with sglang 0.5.8.post1"));
    assert!(page.contains(&format!("href=\"/problems/{p}\"")));
    assert!(
        page.contains(&format!("href=\"/incidents/{a}\"")),
        "other incident not linked"
    );

    let list = app.get("/api/v1/problems").await.json();
    assert_eq!(list["total"], 2);
    // most recently seen first, one per page
    let q = problem_of(&app, c).await;
    let first = app.get("/api/v1/problems?limit=1").await.json();
    assert_eq!(first["problems"][0]["id"], q);
    assert_eq!(first["pages"], 2);
    let second = app.get("/api/v1/problems?limit=1&page=2").await.json();
    assert_eq!(second["problems"][0]["id"], p);
    assert_eq!(second["problems"][0]["count"], 2);
    assert_eq!(
        list["problems"][0]["daily"].as_array().map(Vec::len),
        Some(30)
    );
}

#[tokio::test]
async fn problems_page_lists_problems_with_a_chart() {
    let app = TestApp::new().await;
    let empty = app.get("/problems").await;
    assert_eq!(empty.status, StatusCode::OK);
    assert!(empty.text().contains("No problems yet"));
    let a = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    app.upload(oom("2.00 GiB", 1).as_bytes()).await;
    let p = problem_of(&app, a).await;
    let res = app.get("/problems").await;
    assert_eq!(res.status, StatusCode::OK);
    let html = res.text();
    assert!(html.contains("<title>Problems"));
    assert!(html.contains("<h1>Problems</h1>"));
    assert!(html.contains("<svg"), "no chart");
    assert!(html.contains("<rect"), "no bar for today");
    assert!(html.contains("2 incidents in the last 30 days"));
    assert!(html.contains(&format!("href=\"/problems/{p}\"")));
    assert!(html.contains("sm_120"));
    assert!(html.contains("sglang 0.5.8.post1"));
    assert!(html.contains("CUDA out of memory"));

    let show = app.get(&format!("/problems/{p}")).await;
    assert_eq!(show.status, StatusCode::OK);
    let html = show.text();
    assert!(html.contains(&format!("<title>Problem #{p}")));
    assert!(html.contains("<svg"));
    assert!(html.contains("<label for=\"into\">"));
    assert!(html.contains(&format!("action=\"/incidents/{a}/split\"")));
    assert_eq!(app.get("/problems/999").await.status, StatusCode::NOT_FOUND);
    assert_eq!(app.get("/problems/abc").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.get("/api/v1/problems/999").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/api/v1/problems?limit=0").await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn merge_sends_new_incidents_to_the_survivor_and_unmerge_restores() {
    let app = TestApp::new().await;
    let a1 = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    let b1 = app.upload(import_error(1).as_bytes()).await;
    let (p, q) = (problem_of(&app, a1).await, problem_of(&app, b1).await);

    let res = post_form(
        &app,
        &format!("/problems/{p}/merge"),
        &format!("into=%23{q}&author=ann"),
    )
    .await;
    assert_see_other(&res, &format!("/problems/{p}"));
    assert_eq!(problem_of(&app, a1).await, q);
    assert_eq!(count(&app, q).await, 2);
    let merged = app.get(&format!("/problems/{p}")).await.text();
    assert!(
        merged.contains(&format!("merged into <a href=\"/problems/{q}\">")),
        "{merged}"
    );
    assert!(merged.contains(&format!("/problems/{p}/unmerge")));

    // a new incident of the merged fingerprint goes to the survivor
    let a2 = app.upload(oom("3.00 GiB", 2).as_bytes()).await;
    assert_eq!(problem_of(&app, a2).await, q);
    assert_eq!(count(&app, q).await, 3);
    let page = app.get(&format!("/incidents/{a2}")).await.text();
    assert!(page.contains(&format!("href=\"/problems/{q}\"")));
    assert!(page.contains("seen 3 times"));

    let res = post_form(&app, &format!("/problems/{p}/unmerge"), "author=bob").await;
    assert_see_other(&res, &format!("/problems/{p}"));
    assert_eq!(problem_of(&app, a1).await, p);
    assert_eq!(problem_of(&app, a2).await, p);
    assert_eq!(count(&app, p).await, 2);
    assert_eq!(count(&app, q).await, 1);

    let events = app.get(&format!("/api/v1/problems/{p}")).await.json()["events"].clone();
    let kinds: Vec<&str> = events
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["unmerged", "merged", "created"]);
    assert_eq!(events[1]["author"], "ann");
    let history = app.get(&format!("/problems/{q}")).await.text();
    assert!(
        history.contains(&format!("problem #{p} merged into this one")),
        "the survivor's history shows the merge"
    );
}

#[tokio::test]
async fn merge_chains_follow_to_the_survivor() {
    let app = TestApp::new().await;
    let a = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    let b = app.upload(import_error(1).as_bytes()).await;
    let c = app
        .upload(b"RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled system error\n")
        .await;
    let (p, q, r) = (
        problem_of(&app, a).await,
        problem_of(&app, b).await,
        problem_of(&app, c).await,
    );
    assert_ne!(q, r);
    assert_see_other(
        &post_form(&app, &format!("/problems/{p}/merge"), &format!("into={q}")).await,
        &format!("/problems/{p}"),
    );
    assert_see_other(
        &post_form(&app, &format!("/problems/{q}/merge"), &format!("into={r}")).await,
        &format!("/problems/{q}"),
    );
    assert_eq!(problem_of(&app, a).await, r);
    assert_eq!(count(&app, r).await, 3);
    // a cycle is refused
    let res = post_form(&app, &format!("/problems/{r}/merge"), &format!("into={p}")).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.text().contains("cycle"), "{}", res.text());
    // unmerging the middle brings its own merged problem with it
    post_form(&app, &format!("/problems/{q}/unmerge"), "").await;
    assert_eq!(problem_of(&app, a).await, q);
    assert_eq!(count(&app, q).await, 2);
    assert_eq!(count(&app, r).await, 1);
}

#[tokio::test]
async fn bad_decisions_are_clear_4xx() {
    let app = TestApp::new().await;
    let a = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    let p = problem_of(&app, a).await;
    let cases = [
        (
            format!("/problems/{p}/merge"),
            format!("into={p}"),
            "itself",
        ),
        (
            format!("/problems/{p}/merge"),
            "into=9999".to_string(),
            "no problem #9999",
        ),
        (
            format!("/problems/{p}/merge"),
            "into=abc".to_string(),
            "number of the problem",
        ),
        (
            format!("/problems/{p}/merge"),
            String::new(),
            "number of the problem",
        ),
        (
            format!("/problems/{p}/unmerge"),
            String::new(),
            "not merged",
        ),
        (format!("/problems/{p}/resolve"), String::new(), "finding"),
        (
            format!("/problems/{p}/resolve"),
            "note=restart+it".to_string(),
            "author",
        ),
        (
            format!("/problems/{p}/resolve"),
            "finding=nope".to_string(),
            "no finding",
        ),
        (
            format!("/problems/{p}/reopen"),
            String::new(),
            "not resolved",
        ),
        (
            format!("/incidents/{a}/split"),
            String::new(),
            "only incident",
        ),
    ];
    for (uri, body, says) in cases {
        let res = post_form(&app, &uri, &body).await;
        assert_eq!(
            res.status,
            StatusCode::BAD_REQUEST,
            "{uri} {body}: {}",
            res.text()
        );
        assert!(res.text().contains(says), "{uri} {body}: {}", res.text());
    }
    let long = format!("note={}&author=x", "a".repeat(2001));
    let res = post_form(&app, &format!("/problems/{p}/resolve"), &long).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        post_form(&app, "/problems/9999/unmerge", "").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        post_form(&app, "/incidents/9999/split", "").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        post_form(&app, "/problems/x/resolve", "note=a&author=b")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // a form without the CSRF field is refused
    let req = Request::post(format!("/problems/{p}/resolve"))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from("note=a&author=b"))
        .expect("request");
    assert_eq!(app.request(req).await.status, StatusCode::FORBIDDEN);
    // nothing was recorded beyond the creation
    let json = app.get(&format!("/api/v1/problems/{p}")).await.json();
    assert_eq!(json["events"].as_array().map(Vec::len), Some(1));
}

#[tokio::test]
async fn split_keeps_the_route_unless_taken_over() {
    let app = TestApp::new().await;
    let a1 = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    let a2 = app.upload(oom("1.00 GiB", 1).as_bytes()).await;
    let p = problem_of(&app, a1).await;

    let res = post_form(&app, &format!("/incidents/{a2}/split"), "author=cy").await;
    assert_see_other(&res, &format!("/problems/{p}"));
    let n = problem_of(&app, a2).await;
    assert_ne!(n, p);
    assert_eq!(count(&app, p).await, 1);
    assert_eq!(count(&app, n).await, 1);
    let history = app.get(&format!("/problems/{p}")).await.text();
    assert!(history.contains(&format!("incident #{a2} split out into #{n}")));
    let new_page = app.get(&format!("/problems/{n}")).await.text();
    assert!(new_page.contains(&format!("split out of <a href=\"/problems/{p}\">")));

    // without "future incidents go here", the fingerprint keeps its problem
    let a3 = app.upload(oom("2.00 GiB", 2).as_bytes()).await;
    assert_eq!(problem_of(&app, a3).await, p);

    // with it, the new problem takes the fingerprint over
    let res = post_form(&app, &format!("/incidents/{a3}/split"), "takeover=1").await;
    assert_see_other(&res, &format!("/problems/{p}"));
    let m = problem_of(&app, a3).await;
    let a4 = app.upload(oom("4.00 GiB", 3).as_bytes()).await;
    assert_eq!(problem_of(&app, a4).await, m);

    // a split is undone by merging the new problem back
    let res = post_form(&app, &format!("/problems/{n}/merge"), &format!("into={p}")).await;
    assert_see_other(&res, &format!("/problems/{n}"));
    assert_eq!(problem_of(&app, a2).await, p);
    assert_eq!(count(&app, p).await, 2);
}

#[tokio::test]
async fn resolution_shows_on_later_incidents() {
    let app = TestApp::new().await;
    let a1 = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    let p = problem_of(&app, a1).await;
    let res = post_form(
        &app,
        &format!("/problems/{p}/resolve"),
        "note=Lower+--mem-fraction-static+to+0.80+%3Cb%3E&author=Dana+K",
    )
    .await;
    assert_see_other(&res, &format!("/problems/{p}"));
    let a2 = app.upload(oom("1.00 GiB", 1).as_bytes()).await;
    let page = app.get(&format!("/incidents/{a2}")).await.text();
    let resolved = page
        .find("This problem was marked resolved")
        .expect("resolution shown");
    let log = page.find("id=\"log\"").expect("log section");
    assert!(resolved < log, "the resolution is at the top");
    assert!(
        page.contains("Lower --mem-fraction-static to 0.80 &#60;b&#62;"),
        "note escaped"
    );
    assert!(page.contains("by Dana K"));
    assert!(page.contains("arrived after that"));

    let json = app.get(&format!("/api/v1/problems/{p}")).await.json();
    assert_eq!(json["resolution"]["author"], "Dana K");
    assert_eq!(json["events"][0]["kind"], "resolved");

    // by a finding of the knowledge base, then reopened
    let res = post_form(
        &app,
        &format!("/problems/{p}/resolve"),
        "finding=test_index_out_of_bounds",
    )
    .await;
    assert_see_other(&res, &format!("/problems/{p}"));
    let page = app.get(&format!("/incidents/{a1}")).await.text();
    assert!(page.contains("href=\"/findings/test_index_out_of_bounds\""));
    assert!(page.contains("Test fixture: index out of range"));
    let res = post_form(&app, &format!("/problems/{p}/reopen"), "author=Dana").await;
    assert_see_other(&res, &format!("/problems/{p}"));
    let json = app.get(&format!("/api/v1/problems/{p}")).await.json();
    assert!(json["resolution"].is_null());
    assert_eq!(json["events"][0]["kind"], "reopened");
}

#[tokio::test]
async fn similar_incidents_are_listed_for_a_novel_incident() {
    let app = TestApp::new().await;
    let earlier = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    app.upload(import_error(1).as_bytes()).await;
    // the same crash in other words: another fingerprint, much shared text
    let novel = format!(
        "{ENV}Traceback (most recent call last):
  File \"/srv/sglang/model_executor/model_runner.py\", line 88, in forward
    out = self.model(x)
torch.OutOfMemoryError: CUDA out of memory while capturing the graph buffers. Tried to allocate 8.00 GiB.
"
    );
    let id = app.upload(novel.as_bytes()).await;
    assert_ne!(problem_of(&app, id).await, problem_of(&app, earlier).await);
    let page = app.get(&format!("/incidents/{id}")).await.text();
    assert!(page.contains("Similar incidents and findings"), "{page}");
    let section = &page[page.find("Similar incidents and findings").unwrap()..];
    assert!(
        section.contains(&format!("href=\"/incidents/{earlier}\"")),
        "{section}"
    );
    assert!(section.contains("score 0."));

    // an incident of a known problem does not look for similar ones
    let again = app.upload(oom("5.00 GiB", 4).as_bytes()).await;
    let page = app.get(&format!("/incidents/{again}")).await.text();
    assert!(!page.contains("Similar incidents and findings"));
    // nor does one that matched a finding
    let known = app.upload(common::ASSERT_LOG.as_bytes()).await;
    let page = app.get(&format!("/incidents/{known}")).await.text();
    assert!(!page.contains("Similar incidents and findings"));
}

#[tokio::test]
async fn drafted_finding_passes_the_findings_check() {
    let app = TestApp::new().await;
    let id = app.upload(oom("20.00 MiB", 0).as_bytes()).await;
    let page = app.get(&format!("/incidents/{id}")).await.text();
    assert!(page.contains(&format!("/incidents/{id}/draft-finding")));

    let res = app.get(&format!("/incidents/{id}/draft-finding")).await;
    assert_eq!(res.status, StatusCode::OK);
    let html = res.text();
    assert!(
        html.contains("passes <code>crashdex findings check</code>"),
        "{html}"
    );
    assert!(html.contains("<textarea id=\"draft-text\""));
    assert!(html.contains("<label for=\"draft-text\">"));

    let md = app
        .get(&format!("/incidents/{id}/draft-finding?download=finding"))
        .await;
    assert_eq!(md.status, StatusCode::OK);
    assert!(md.header("content-type").starts_with("text/markdown"));
    assert!(md
        .header("content-disposition")
        .starts_with("attachment; filename=\""));
    let text = md.text();
    let example = app
        .get(&format!("/incidents/{id}/draft-finding?download=example"))
        .await;
    assert!(example.header("content-type").starts_with("text/plain"));
    let example = example.text();
    assert!(example.contains("CUDA out of memory"));

    // the same validation as `crashdex findings check`
    let fid = text
        .lines()
        .find_map(|l| l.strip_prefix("id = '"))
        .and_then(|l| l.strip_suffix('\''))
        .expect("id line")
        .to_string();
    let index = crashdex_core::FindingsIndex::from_sources(&[(format!("{fid}.md"), text.clone())])
        .unwrap_or_else(|e| panic!("draft invalid: {e:?}\n{text}"));
    assert!(index.warnings().is_empty(), "{:?}", index.warnings());
    let f = index.get(&fid).expect("finding");
    assert!(f.title.starts_with("CUDA out of memory"), "{}", f.title);
    assert_eq!(f.conditions.error_class, ["cuda_oom"]);
    assert_eq!(f.conditions.sm_arch, ["sm_120"]);
    assert_eq!(f.conditions.framework, ["sglang"]);
    assert_eq!(f.examples, [format!("examples/{fid}.log")]);
    let analysis = crashdex_core::analyze(example.as_bytes(), &index);
    assert_eq!(
        analysis.matches.first().map(|m| m.finding.as_str()),
        Some(fid.as_str()),
        "{text}\n{example}"
    );
    // a similar log with other numbers matches too: the rules are generalised
    let other = crashdex_core::analyze(oom("7.25 GiB", 5).as_bytes(), &index);
    assert_eq!(
        other.matches.first().map(|m| m.finding.as_str()),
        Some(fid.as_str())
    );

    let bad = app
        .get(&format!("/incidents/{id}/draft-finding?download=zip"))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let healthy = app.upload(b"INFO all good\nINFO serving\n").await;
    let res = app
        .get(&format!("/incidents/{healthy}/draft-finding"))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.text().contains("no crash"));
}

#[tokio::test]
async fn migration_backfills_problems_for_stored_incidents() {
    use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
    // a database as the first release left it, with incidents but no problems
    let dir = tempfile::tempdir().expect("temp dir");
    let first = dir.path().join("migrations");
    std::fs::create_dir(&first).expect("dir");
    let init = "20260301000000_init.sql";
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    std::fs::copy(src.join(init), first.join(init)).expect("copy");
    let options = SqliteConnectOptions::new()
        .filename(dir.path().join("old.db"))
        .create_if_missing(true);
    let pool = SqlitePool::connect_with(options).await.expect("pool");
    let old = sqlx::migrate::Migrator::new(first.as_path())
        .await
        .expect("migrator");
    old.run(&pool).await.expect("first migration");
    for (n, fp) in [(1, "aaa"), (2, "bbb"), (3, "aaa")] {
        sqlx::query(
            "INSERT INTO raw_logs (sha256, size, body, received_at) VALUES (?, 1, x'00', ?)",
        )
        .bind(format!("sha{n}"))
        .bind(format!("2026-03-0{n}T00:00:00Z"))
        .execute(&pool)
        .await
        .expect("raw log");
        sqlx::query(
            "INSERT INTO incidents (raw_log_id, created_at, crash, verdict, error_class, phase,
                 signature, fingerprint, analysis_json)
             VALUES (?, ?, 1, 'v', 'cuda_oom', 'decode', ?, ?, '{}')",
        )
        .bind(n)
        .bind(format!("2026-03-0{n}T00:00:00Z"))
        .bind(format!("cuda_oom: sig {fp}"))
        .bind(fp)
        .execute(&pool)
        .await
        .expect("incident");
    }
    crashdex::db::MIGRATOR
        .run(&pool)
        .await
        .expect("later migrations");

    let root = |id: i64| {
        let pool = pool.clone();
        async move {
            crashdex::db::problems::for_incident(&pool, id)
                .await
                .expect("query")
                .and_then(|r| r.root_id)
                .expect("backfilled")
        }
    };
    let (p1, p2, p3) = (root(1).await, root(2).await, root(3).await);
    assert_eq!(p1, p3);
    assert_ne!(p1, p2);
    let p = crashdex::db::problems::get(&pool, p1)
        .await
        .expect("query")
        .expect("problem");
    assert_eq!(p.fingerprint, "aaa");
    assert_eq!(p.signature, "cuda_oom: sig aaa");
    assert_eq!(p.created_at, "2026-03-01T00:00:00Z");
    let stats = crashdex::db::problems::stats(&pool, p1)
        .await
        .expect("query")
        .expect("stats");
    assert_eq!(stats.count, 2);
    let events = crashdex::db::problems::events(&pool, p1, 10)
        .await
        .expect("query");
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].kind, "created");

    // a new incident of a backfilled fingerprint joins the backfilled problem
    let mut conn = pool.acquire().await.expect("connection");
    let attached = crashdex::problems::attach(&mut conn, 3, "aaa", "cuda_oom: sig aaa", "now")
        .await
        .expect("attach");
    assert_eq!(attached, p1);
}
