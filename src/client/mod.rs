//! The command-line client: `crashdex submit` sends logs to a server and prints one line per
//! incident (verdict, matched finding or "new problem", URL), with exit codes for CI;
//! `crashdex import` ([`import`]) ingests many logs into a local database or a server.
//!
//! Exit codes of `submit`: 0 all sent (and `--fail-on` not triggered), 1 `--fail-on`
//! triggered, 2 an error (a file, the network, or the server refused).

mod import;

pub use import::{import, ImportArgs};

use clap::{Args, ValueEnum};
use serde_json::Value;
use std::io::Read;
use std::time::Duration;

/// When `submit` exits non-zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    /// A crash no earlier incident has (a new problem).
    New,
    /// A crash that matched no finding.
    Unknown,
    /// Any crash.
    Any,
}

/// Arguments of `crashdex submit`.
#[derive(Debug, Args)]
pub struct SubmitArgs {
    /// Log files (plain or gzip); `-` reads standard input.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The crashdex server.
    #[arg(long, env = "CRASHDEX_SERVER", default_value = "http://127.0.0.1:8080")]
    pub server: String,
    /// An API token (`crashdex token create`), sent as `Authorization: Bearer`.
    #[arg(long, env = "CRASHDEX_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// Print each API response (one JSON object a line) instead of the summary lines.
    #[arg(long)]
    pub json: bool,
    /// Exit with status 1 when an incident is a new problem, unknown (no finding), or any crash.
    #[arg(long, value_enum)]
    pub fail_on: Option<FailOn>,
    /// Send all the files as one incident (one log per rank; the server elects the culprit).
    #[arg(long)]
    pub together: bool,
    /// Metadata: who sends (`ci`, `bot`, `user`).
    #[arg(long, env = "CRASHDEX_SOURCE")]
    pub source: Option<String>,
    /// Metadata: the job the logs come from.
    #[arg(long)]
    pub job: Option<String>,
    /// Metadata: the host the logs come from.
    #[arg(long)]
    pub host: Option<String>,
    /// Metadata: comma-separated labels.
    #[arg(long)]
    pub labels: Option<String>,
}

/// A log to send.
struct LogFile {
    name: Option<String>,
    bytes: Vec<u8>,
}

fn read_file(path: &str) -> Result<LogFile, String> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(|e| format!("standard input: {e}"))?;
        return Ok(LogFile { name: None, bytes });
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let name = std::path::Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned());
    Ok(LogFile { name, bytes })
}

/// An HTTP client for the API.
pub(crate) struct Api {
    client: reqwest::Client,
    server: String,
    token: Option<String>,
}

impl Api {
    pub(crate) fn new(server: &str, token: Option<String>) -> Result<Api, String> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(300))
            .user_agent(concat!("crashdex/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("cannot build an HTTP client: {e}"))?;
        Ok(Api {
            client,
            server: server.trim_end_matches('/').to_string(),
            token: token.filter(|t| !t.is_empty()),
        })
    }

    /// Posts logs as one incident; `Ok` is the response JSON of a 200/201.
    async fn post(&self, files: Vec<LogFile>, query: &[(&str, String)]) -> Result<Value, String> {
        let url = format!("{}/api/v1/incidents", self.server);
        let mut req = self.client.post(&url).query(query);
        if let Some(t) = &self.token {
            req = req.bearer_auth(t);
        }
        req = if files.len() == 1 {
            let f = files.into_iter().next().ok_or("no file")?;
            if let Some(name) = &f.name {
                req = req.header("x-filename", name.as_str());
            }
            req.header("content-type", "application/octet-stream")
                .body(f.bytes)
        } else {
            let mut form = reqwest::multipart::Form::new();
            for (i, f) in files.into_iter().enumerate() {
                let name = f.name.unwrap_or_else(|| format!("part-{i}.log"));
                form = form.part(
                    "file",
                    reqwest::multipart::Part::bytes(f.bytes).file_name(name),
                );
            }
            req.multipart(form)
        };
        let res = req
            .send()
            .await
            .map_err(|e| format!("{url}: {}", short(&e)))?;
        let status = res.status();
        let body: Value = res.json().await.unwrap_or(Value::Null);
        if !status.is_success() {
            let message = body["message"].as_str().unwrap_or("no message");
            return Err(format!("the server answered {status}: {message}"));
        }
        Ok(body)
    }

    /// Posts one log (for `import`).
    pub(crate) async fn post_one(
        &self,
        name: Option<String>,
        bytes: Vec<u8>,
    ) -> Result<Value, String> {
        self.post(vec![LogFile { name, bytes }], &[]).await
    }
}

fn short(e: &reqwest::Error) -> String {
    let source = std::error::Error::source(e)
        .map(|s| format!(": {s}"))
        .unwrap_or_default();
    if e.is_connect() {
        format!("cannot connect{source}")
    } else if e.is_timeout() {
        "timed out".into()
    } else {
        format!("request failed{source}")
    }
}

/// The line printed for one incident: verdict, what it matched, URL.
pub fn summary_line(server: &str, r: &Value) -> String {
    let verdict = r["analysis"]
        .get("crash")
        .map(|_| verdict_of(&r["analysis"]))
        .unwrap_or_default();
    let what = match r["analysis"]["matches"].as_array().and_then(|m| m.first()) {
        Some(m) => format!("finding {}", m["finding"].as_str().unwrap_or("?")),
        None if r["analysis"]["crash"] != true => "no crash".into(),
        None if r["new_problem"] == true => "new problem".into(),
        None => "known problem, no finding".into(),
    };
    let url = format!(
        "{}{}",
        server.trim_end_matches('/'),
        r["url"].as_str().unwrap_or("")
    );
    format!("{verdict}  [{what}]  {url}")
}

/// The verdict sentence of an analysis as JSON (the core's wording).
fn verdict_of(a: &Value) -> String {
    serde_json::from_value::<crashdex_core::Analysis>(a.clone())
        .map(|a| a.verdict())
        .unwrap_or_else(|_| a["error_class"].as_str().unwrap_or("?").to_string())
}

/// Whether a response triggers `--fail-on`.
pub fn triggers(fail_on: FailOn, r: &Value) -> bool {
    let crash = r["analysis"]["crash"] == true;
    let matched = r["analysis"]["matches"]
        .as_array()
        .is_some_and(|m| !m.is_empty());
    match fail_on {
        FailOn::Any => crash,
        FailOn::Unknown => crash && !matched,
        FailOn::New => crash && r["new_problem"] == true,
    }
}

/// `crashdex submit`: returns the exit code.
pub fn submit(args: SubmitArgs) -> i32 {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("crashdex: cannot start the runtime: {e}");
            return 2;
        }
    };
    runtime.block_on(submit_async(args))
}

async fn submit_async(args: SubmitArgs) -> i32 {
    let api = match Api::new(&args.server, args.token.clone()) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("crashdex: {e}");
            return 2;
        }
    };
    let query: Vec<(&str, String)> = [
        ("source", &args.source),
        ("job", &args.job),
        ("host", &args.host),
        ("labels", &args.labels),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.clone().map(|v| (k, v)))
    .collect();
    let batches: Vec<Vec<String>> = if args.together {
        vec![args.files.clone()]
    } else {
        args.files.iter().map(|f| vec![f.clone()]).collect()
    };
    let (mut errors, mut triggered) = (0, false);
    for batch in batches {
        let files: Result<Vec<LogFile>, String> = batch.iter().map(|f| read_file(f)).collect();
        let result = match files {
            Ok(files) => api.post(files, &query).await,
            Err(e) => Err(e),
        };
        match result {
            Ok(r) => {
                if args.json {
                    println!("{r}");
                } else {
                    println!("{}", summary_line(&api.server, &r));
                }
                triggered |= args.fail_on.is_some_and(|f| triggers(f, &r));
            }
            Err(e) => {
                eprintln!("crashdex: {}: {e}", batch.join(" "));
                errors += 1;
            }
        }
    }
    match (errors, triggered) {
        (0, false) => 0,
        (0, true) => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn fail_on_rules() {
        let new = json!({"new_problem": true, "analysis": {"crash": true, "matches": []}});
        let known = json!({"new_problem": false, "analysis": {"crash": true, "matches": [{"finding": "x"}]}});
        let healthy = json!({"new_problem": false, "analysis": {"crash": false, "matches": []}});
        assert!(triggers(FailOn::New, &new) && !triggers(FailOn::New, &known));
        assert!(triggers(FailOn::Unknown, &new) && !triggers(FailOn::Unknown, &known));
        assert!(triggers(FailOn::Any, &known) && !triggers(FailOn::Any, &healthy));
    }

    #[test]
    fn summary_lines() {
        let r = json!({"url": "/incidents/3", "new_problem": true,
            "analysis": {"crash": true, "matches": [], "error_class": "cuda_oom"}});
        let line = summary_line("http://h:1/", &r);
        assert!(
            line.ends_with("[new problem]  http://h:1/incidents/3"),
            "{line}"
        );
        let r = json!({"url": "/incidents/4", "analysis": {"crash": true, "matches": [{"finding": "fp8"}]}});
        assert!(summary_line("http://h", &r).contains("[finding fp8]"));
    }
}
