//! Search through the router: `/search` (HTML) and `/api/v1/search` (JSON) over uploaded
//! incidents and the fixture findings; filters, snippets, escaping, and inputs that must never
//! fail.

mod common;

use axum::http::StatusCode;
use common::{TestApp, ASSERT_LOG};

const OOM_LOG: &str = "\
[2026-11-02 10:00:01 TP0] Load weight end. type=Qwen3ForCausalLM, avail mem=12.00 GB
[2026-11-02 10:00:09 TP0] Capture cuda graph begin.
Traceback (most recent call last):
  File \"/sgl/model_runner.py\", line 88, in forward
    logits = self.model(x)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.11 GiB of which 1.10 GiB is free.
";

const XSS_LOG: &str = "\
Traceback (most recent call last):
  File \"/x.py\", line 1, in <module>
RuntimeError: zebra <script>alert('pwned')</script> & <b>bold</b>
";

/// An app with the assert, OOM and XSS logs uploaded.
async fn app_with_incidents() -> (TestApp, [i64; 3]) {
    let app = TestApp::new().await;
    let ids = [
        app.upload(ASSERT_LOG.as_bytes()).await,
        app.upload(OOM_LOG.as_bytes()).await,
        app.upload(XSS_LOG.as_bytes()).await,
    ];
    (app, ids)
}

fn api_ids(json: &serde_json::Value, kind: &str) -> Vec<serde_json::Value> {
    json[kind]["hits"]
        .as_array()
        .unwrap_or_else(|| panic!("no {kind} hits: {json}"))
        .iter()
        .map(|h| h["id"].clone())
        .collect()
}

#[tokio::test]
async fn finds_incidents_and_findings_by_words() {
    let (app, [assert_id, oom_id, _]) = app_with_incidents().await;
    let res = app.get("/api/v1/search?q=srcSelectDimSize").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let json = res.json();
    assert_eq!(api_ids(&json, "incidents"), [assert_id]);
    assert_eq!(api_ids(&json, "findings"), ["test_index_out_of_bounds"]);
    assert_eq!(json["query"]["mode"], "all");
    let kinds = ["incidents", "findings", "problems"];
    let sum: i64 = kinds
        .iter()
        .map(|k| json[k]["total"].as_i64().unwrap())
        .sum();
    assert_eq!(json["total"], sum);
    let hit = &json["incidents"]["hits"][0];
    assert!(hit["snippet_html"].as_str().unwrap().contains("<mark>"));
    assert_eq!(hit["url"], format!("/incidents/{assert_id}"));

    // stemming: "allocate" finds "allocated"-style forms; words from the key lines count
    let json = app
        .get("/api/v1/search?q=allocating+model_runner")
        .await
        .json();
    assert_eq!(api_ids(&json, "incidents"), [oom_id]);
}

#[tokio::test]
async fn pasted_error_lines_just_work() {
    let (app, [assert_id, oom_id, _]) = app_with_incidents().await;
    let line =
        "/pytorch/aten/src/ATen/native/cuda/Indexing.cu:1515: indexSelectSmallIndex: block: \
                [0,0,0], thread: [0,0,0] Assertion `srcIndex < srcSelectDimSize` failed.";
    let json = app
        .get(&format!("/api/v1/search?q={}", enc(line)))
        .await
        .json();
    assert_eq!(api_ids(&json, "incidents"), [assert_id]);
    assert_eq!(json["query"]["mode"], "all");

    // the same line from another run (other numbers) still finds it, numbers left out
    let other = line.replace("1515", "1722").replace("[0,0,0]", "[3,1,0]");
    let json = app
        .get(&format!("/api/v1/search?q={}", enc(&other)))
        .await
        .json();
    assert_eq!(json["query"]["mode"], "all");
    assert_eq!(api_ids(&json, "incidents"), [assert_id]);
    assert!(json["query"]["notices"][0]
        .as_str()
        .unwrap()
        .contains("numbers"));

    // a word found nowhere: any of the distinctive words will do
    let json = app
        .get("/api/v1/search?q=srcSelectDimSize+flibbertigibbet+the")
        .await
        .json();
    assert_eq!(json["query"]["mode"], "any");
    assert_eq!(api_ids(&json, "incidents"), [assert_id]);

    let oom = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.";
    let json = app
        .get(&format!("/api/v1/search?q={}", enc(oom)))
        .await
        .json();
    assert_eq!(api_ids(&json, "incidents"), [oom_id]);

    // a whole pasted message, longer than a search requires: its distinctive words decide
    let long = format!(
        "{oom} {}",
        "GPU 0 has a total capacity of 79.19 GiB of which 1.02 GiB is free."
    );
    let json = app
        .get(&format!("/api/v1/search?q={}", enc(&long)))
        .await
        .json();
    assert_eq!(api_ids(&json, "incidents"), [oom_id], "{json}");
    // ranked by bm25 over its rarest terms: a real score, not the unranked 0
    let score = json["incidents"]["hits"][0]["score"].as_f64();
    assert!(score.is_some_and(|s| s < 0.0), "{json}");
    assert!(json["query"]["notices"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n.as_str().unwrap().contains("most distinctive words")));
}

#[tokio::test]
async fn nasty_inputs_never_fail() {
    let (app, _) = app_with_incidents().await;
    let nasty = [
        "",
        " ",
        "\"",
        "\"\"",
        "\"unbalanced",
        "a\"b\"c",
        "::",
        "std::runtime_error",
        "`srcIndex < srcSelectDimSize`",
        "*",
        "cuda*",
        "-",
        "-cuda",
        "NOT",
        "AND OR NOT",
        "NEAR(cuda oom, 2)",
        "cuda NEAR oom",
        "(",
        ")",
        "((cuda)",
        "{col1 col2}: cuda",
        "first_error: cuda",
        "signature:oom",
        "^cuda",
        "cuda + oom",
        "'; DROP TABLE incidents; --",
        "%",
        "%25",
        "\u{0}",
        "\u{E000}cuda\u{E001}",
        "\u{1b}[31mERROR\u{1b}[0m",
        "ünïcödé ß 中文 🔥",
        "class:",
        "class:nope since:not-a-date arch:",
        "since:2026-02-30",
        "status:open",
        "class:cuda_oom arch:sm_12* framework:SGLang phase:decode status:open since:2026-01-01",
    ];
    let long = "x ".repeat(10_000);
    for q in nasty.iter().copied().chain([long.as_str()]) {
        for base in ["/search?q=", "/api/v1/search?q="] {
            let res = app.get(&format!("{base}{}", enc(q))).await;
            assert_eq!(res.status, StatusCode::OK, "{base}{q:?}: {}", res.text());
        }
    }
    // raw, badly encoded query strings
    for raw in [
        "q=%ff%fe",
        "q=%",
        "q=%zz",
        "q&q&q",
        "class=x&class=y",
        "q=a&q=b",
        "=&&=",
    ] {
        for base in ["/search?", "/api/v1/search?"] {
            let res = app.get(&format!("{base}{raw}")).await;
            assert!(
                res.status == StatusCode::OK || res.status == StatusCode::BAD_REQUEST,
                "{base}{raw}: {}",
                res.status
            );
        }
    }
}

#[tokio::test]
async fn snippets_escape_the_log_and_mark_matches() {
    let (app, [_, _, xss_id]) = app_with_incidents().await;
    let res = app.get("/search?q=zebra+pwned").await;
    assert_eq!(res.status, StatusCode::OK);
    let html = res.text();
    assert!(html.contains(&format!("/incidents/{xss_id}")), "{html}");
    assert!(!html.contains("<script>alert"), "unescaped log text");
    assert!(!html.contains("<b>bold"), "unescaped log text");
    assert!(html.contains("<mark>zebra</mark>"), "{html}");
    assert!(html.contains("&lt;script&gt;alert("));
    let json = app.get("/api/v1/search?q=zebra").await.json();
    let hit = &json["incidents"]["hits"][0];
    assert!(hit["first_error"].as_str().unwrap().contains("<script>"));
    assert!(hit["snippet_html"]
        .as_str()
        .unwrap_or("")
        .find("<script>")
        .is_none());
}

#[tokio::test]
async fn filters_in_the_text_and_as_fields() {
    let (app, [assert_id, oom_id, _]) = app_with_incidents().await;
    let json = app.get("/api/v1/search?q=class:cuda_oom").await.json();
    assert_eq!(api_ids(&json, "incidents"), [oom_id]);
    assert_eq!(json["query"]["filters"]["class"], "cuda_oom");
    // the fixture finding is for device asserts only
    assert_eq!(json["findings"]["total"], 0);

    let json = app
        .get("/api/v1/search?q=cuda&class=cuda_device_side_assert")
        .await
        .json();
    assert_eq!(api_ids(&json, "incidents"), [assert_id]);
    assert_eq!(api_ids(&json, "findings"), ["test_index_out_of_bounds"]);

    let json = app.get("/api/v1/search?q=cuda+status:fixed").await.json();
    assert_eq!(json["findings"]["total"], 0);
    let json = app
        .get("/api/v1/search?q=cuda+status:workaround")
        .await
        .json();
    assert_eq!(json["findings"]["total"], 1);

    let json = app
        .get("/api/v1/search?q=cuda+since:2999-01-01")
        .await
        .json();
    assert_eq!(json["incidents"]["total"], 0);
    let json = app
        .get("/api/v1/search?q=cuda+since:2000-01-01")
        .await
        .json();
    assert_eq!(json["incidents"]["total"], 2);

    let json = app.get("/api/v1/search?q=cuda+arch:sm_90").await.json();
    assert_eq!(json["incidents"]["total"], 0);
    let json = app.get("/api/v1/search?q=since:bad").await.json();
    assert_eq!(json["query"]["notices"].as_array().unwrap().len(), 1);

    // the form's menus show the effective filters
    let html = app.get("/search?q=oom&phase=decode").await.text();
    assert!(
        html.contains(r#"<option value="decode" selected>"#),
        "{html}"
    );
}

/// `since:` also bounds the scan by id (ids grow with time at ingest), but must stay exact when
/// they do not: a restored backup or a clock set back gives older times to newer ids.
#[tokio::test]
async fn since_is_exact_when_times_are_out_of_id_order() {
    let (app, [assert_id, oom_id, xss_id]) = app_with_incidents().await;
    for (id, at) in [
        (assert_id, "2026-06-01T00:00:00Z"),
        (oom_id, "2026-01-01T00:00:00Z"),
        (xss_id, "2026-03-01T00:00:00Z"),
    ] {
        sqlx::query("UPDATE incidents SET created_at = ? WHERE id = ?")
            .bind(at)
            .bind(id)
            .execute(&app.state.db)
            .await
            .unwrap();
    }
    let ids = |json: &serde_json::Value| {
        let mut v: Vec<i64> = api_ids(json, "incidents")
            .iter()
            .filter_map(|v| v.as_i64())
            .collect();
        v.sort_unstable();
        v
    };
    // with and without words, and through a filter's own index (`class:`)
    for (q, want) in [
        ("since:2026-02-01", vec![assert_id, xss_id]),
        ("since:2026-05-01", vec![assert_id]),
        ("zebra+since:2026-02-01", vec![xss_id]),
        ("zebra+since:2026-04-01", vec![]),
        ("srcIndex+since:2026-05-01", vec![assert_id]),
        ("class:cuda_oom+since:2025-12-01", vec![oom_id]),
        ("class:cuda_oom+since:2026-02-01", vec![]),
    ] {
        let json = app.get(&format!("/api/v1/search?q={q}")).await.json();
        assert_eq!(ids(&json), want, "{q}");
        assert_eq!(json["incidents"]["total"], want.len(), "{q}");
    }
}

#[tokio::test]
async fn empty_and_unsearchable_queries_explain_themselves() {
    let (app, _) = app_with_incidents().await;
    let html = app.get("/search").await.text();
    assert!(html.contains("How to search"));
    assert!(html.contains("class:cuda_oom"));
    assert!(html.contains("<label for=\"q\""));
    let html = app.get("/search?q=%3A%3A+%2A").await.text();
    assert!(html.contains("no words to search for"), "{html}");
    let json = app.get("/api/v1/search?q=").await.json();
    assert_eq!(json["total"], 0);
    let res = app.get("/api/v1/search?q=cuda&limit=0").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json()["error"], "bad_request");
    let json = app.get("/api/v1/search?q=cuda&limit=1").await.json();
    assert_eq!(json["incidents"]["hits"].as_array().unwrap().len(), 1);
    assert_eq!(json["incidents"]["total"], 2);
}

#[tokio::test]
async fn html_results_are_grouped_by_kind() {
    let (app, [assert_id, ..]) = app_with_incidents().await;
    let html = app.get("/search?q=srcIndex").await.text();
    let findings = html.find("id=\"h-findings\"").expect("findings group");
    let incidents = html.find("id=\"h-incidents\"").expect("incidents group");
    assert!(findings < incidents);
    assert!(html.contains("/findings/test_index_out_of_bounds"));
    assert!(html.contains(&format!("/incidents/{assert_id}")));
    assert!(
        html.contains("<title>Search: srcIndex · crashdex</title>"),
        "{html}"
    );
}

#[tokio::test]
async fn findings_index_follows_a_reload() {
    let app = TestApp::new().await;
    let json = app.get("/api/v1/search?q=srcSelectDimSize").await.json();
    assert_eq!(json["findings"]["total"], 1);
    app.state
        .set_findings(crashdex_core::FindingsIndex::empty());
    crashdex::search::index_findings(&app.state.db, &app.state.findings())
        .await
        .unwrap();
    let json = app.get("/api/v1/search?q=srcSelectDimSize").await.json();
    assert_eq!(json["findings"]["total"], 0);
}

#[tokio::test]
async fn problems_are_found_through_their_incidents() {
    let (app, [assert_id, oom_id, _]) = app_with_incidents().await;
    if !crashdex::db::search::has_problems(&app.state.db)
        .await
        .unwrap()
    {
        eprintln!("no problems table yet: skipped");
        return;
    }
    let second = ASSERT_LOG.replace("thread: [0,0,0]", "thread: [7,0,0]");
    let again = app.upload(second.as_bytes()).await;
    let json = app.get("/api/v1/search?q=srcSelectDimSize").await.json();
    assert_eq!(json["problems"]["total"], 1, "{json}");
    let p = &json["problems"]["hits"][0];
    assert_eq!(p["matched_incidents"], 2);
    assert_eq!(p["status"], "open");
    let problem: i64 = p["id"].as_i64().unwrap();
    assert_eq!(p["url"], format!("/problems/{problem}"));
    assert_eq!(json["incidents"]["total"], 2);
    assert!(api_ids(&json, "incidents").contains(&assert_id.into()));
    assert!(api_ids(&json, "incidents").contains(&again.into()));

    // nothing is resolved yet
    let json = app
        .get("/api/v1/search?q=cuda+status:resolved")
        .await
        .json();
    assert_eq!(json["incidents"]["total"], 0, "{json}");
    assert_eq!(json["problems"]["total"], 0, "{json}");

    // status applies to problems and, through them, to incidents
    sqlx::query("UPDATE problems SET resolved_at = '2026-11-30T00:00:00Z' WHERE id = ?")
        .bind(problem)
        .execute(&app.state.db)
        .await
        .unwrap();
    let json = app.get("/api/v1/search?q=cuda+status:open").await.json();
    assert_eq!(api_ids(&json, "incidents"), [oom_id]);
    assert!(api_ids(&json, "problems").iter().all(|id| id != problem));
    let json = app
        .get("/api/v1/search?q=cuda+status:resolved")
        .await
        .json();
    assert_eq!(json["incidents"]["total"], 2);
    assert_eq!(api_ids(&json, "problems"), [problem]);
    assert_eq!(json["problems"]["hits"][0]["status"], "resolved");
    let html = app.get("/search?q=srcSelectDimSize").await.text();
    assert!(
        html.contains(&format!("href=\"/problems/{problem}\"")),
        "{html}"
    );
    // filters alone list problems too
    let json = app.get("/api/v1/search?class=cuda_oom").await.json();
    assert_eq!(json["problems"]["total"], 1);
}

/// Percent-encodes a query value.
fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
