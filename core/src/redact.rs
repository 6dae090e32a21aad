//! Secrets redaction: finds credentials in a log (provider API keys, bearer tokens, passwords in
//! URLs, AWS keys, presigned URL signatures, `api_key=`/`token=`/`password=` assignments) and
//! replaces each secret with `[REDACTED:kind]`, keeping everything around it.
//!
//! Works on bytes (logs need not be UTF-8) and never touches a line break, so line numbers stay
//! what they were. An Aho-Corasick pass over the whole input finds the lines that could hold a
//! secret; only those lines go through the rules, so a log without any is returned borrowed.
//!
//! Pure: no I/O.

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use regex::bytes::{Regex, RegexSet};
use std::borrow::Cow;
use std::sync::LazyLock;

/// One kind of secret: its name in `[REDACTED:kind]` and a regex whose group `s` is the secret.
struct Rule {
    kind: &'static str,
    re: Regex,
}

/// Assignment keys whose value is a secret (`API_KEY=...`, `"password": "..."`, `--hf-token x`).
const SECRET_KEYS: &str = r"api[_-]?key|apikey|access[_-]?key[_-]?secret|secret[_-]?key|client[_-]?secret|secret|password|passwd|pwd|token|access[_-]?token|auth[_-]?token|refresh[_-]?token|session[_-]?token|private[_-]?key";

/// The rules, most specific first: when two rules find overlapping secrets the earlier wins.
static RULES: LazyLock<Vec<Rule>> = LazyLock::new(|| {
    const VALUE: &str = r#"["']?(?P<s>[^\s"'<>&,;|()\[\]{}`]{6,})"#;
    // `KEY=value`, `KEY: value`, `"key": "value"` (maybe with a prefix such as `HF_`)
    let assignment = format!(
        r#"(?i)(?:^|[^A-Za-z0-9])(?:[A-Za-z0-9]+[_-])*(?:{SECRET_KEYS})["']?[ \t]*[=:][ \t]*{VALUE}"#
    );
    // `--api-key value`, `--hf-token=value`
    let flag = format!(r"(?i)--(?:[A-Za-z0-9]+-)*(?:{SECRET_KEYS})(?:[ \t]+|=){VALUE}");
    let rules: [(&'static str, &str); 15] = [
        ("anthropic-key", r"\b(?P<s>sk-ant-[A-Za-z0-9_-]{20,})"),
        (
            "openai-key",
            r"\b(?P<s>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})",
        ),
        ("hf-token", r"\b(?P<s>hf_[A-Za-z0-9]{30,})"),
        ("google-api-key", r"\b(?P<s>AIza[0-9A-Za-z_-]{35})"),
        (
            "github-token",
            r"\b(?P<s>(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})",
        ),
        ("slack-token", r"\b(?P<s>xox[abposr]-[A-Za-z0-9-]{10,})"),
        ("aws-access-key", r"\b(?P<s>(?:AKIA|ASIA)[A-Z0-9]{16})\b"),
        (
            "aws-secret",
            r#"(?i)aws_?secret_?access_?key["']?[ \t]*[=:][ \t]*["']?(?P<s>[A-Za-z0-9/+=]{16,})"#,
        ),
        ("bearer", r"(?i)\bbearer[ \t]+(?P<s>[A-Za-z0-9._~+/=-]{8,})"),
        (
            "basic-auth",
            r"(?i)\bauthorization[ \t]*[:=][ \t]*basic[ \t]+(?P<s>[A-Za-z0-9+/=]{8,})",
        ),
        (
            "authorization",
            r#"(?i)\bauthorization["']?[ \t]*[:=][ \t]*["']?(?:token[ \t]+)?(?P<s>[A-Za-z0-9._~+/=-]{12,})"#,
        ),
        (
            "url-password",
            r"(?i)\b[a-z][a-z0-9+.-]*://[^\s:/@]+:(?P<s>[^\s@/\[][^\s@/]*)@",
        ),
        (
            "signature",
            r"(?i)[?&](?:x-amz-signature|x-amz-security-token|x-goog-signature|signature|sig)=(?P<s>[^&\s\x22'#<>\[]{8,})",
        ),
        ("secret", assignment.as_str()),
        ("secret", flag.as_str()),
    ];
    rules
        .iter()
        .map(|(kind, re)| Rule {
            kind,
            re: Regex::new(re).expect("valid redaction regex"),
        })
        .collect()
});

/// All rules in one set: one pass over a candidate line says which rules can apply.
static RULE_SET: LazyLock<RegexSet> = LazyLock::new(|| {
    RegexSet::new(RULES.iter().map(|r| r.re.as_str())).expect("valid redaction set")
});

/// Literals that every secret (or its key) contains, ASCII case-insensitive.
static TRIGGERS: LazyLock<AhoCorasick> = LazyLock::new(|| {
    AhoCorasickBuilder::new()
        .ascii_case_insensitive(true)
        .match_kind(MatchKind::LeftmostFirst)
        .build([
            "sk-",
            "hf_",
            "aiza",
            "ghp_",
            "gho_",
            "ghu_",
            "ghs_",
            "ghr_",
            "github_pat_",
            "xox",
            "akia",
            "asia",
            "bearer",
            "authorization",
            "://",
            "sig=",
            "signature",
            "token",
            "secret",
            "key",
            "password",
            "passwd",
            "pwd",
        ])
        .expect("valid trigger literals")
});

/// Values of a generic assignment that are not secrets.
fn is_placeholder(v: &[u8]) -> bool {
    const WORDS: [&str; 12] = [
        "none",
        "null",
        "nil",
        "true",
        "false",
        "undefined",
        "redacted",
        "hidden",
        "changeme",
        "default",
        "required",
        "optional",
    ];
    v.iter()
        .all(|b| b.is_ascii_digit() || *b == b'.' || *b == b'-')
        || v.iter()
            .all(|b| matches!(b, b'*' | b'x' | b'X' | b'.' | b'#'))
        || v.starts_with(b"$")
        || v.starts_with(b"%")
        || WORDS.iter().any(|w| v.eq_ignore_ascii_case(w.as_bytes()))
}

/// Redacts the secrets in a text. Returns the text (borrowed when nothing was found) and the
/// number of secrets replaced.
pub fn redact(text: &str) -> (Cow<'_, str>, usize) {
    match redact_bytes(text.as_bytes()) {
        (Cow::Borrowed(_), n) => (Cow::Borrowed(text), n),
        // secrets are whole characters and replacements are ASCII, so the result is UTF-8
        (Cow::Owned(b), n) => (Cow::Owned(String::from_utf8_lossy(&b).into_owned()), n),
    }
}

/// Redacts the secrets in a log's bytes. Returns the bytes (borrowed when nothing was found) and
/// the number of secrets replaced. Line breaks are never touched.
pub fn redact_bytes(bytes: &[u8]) -> (Cow<'_, [u8]>, usize) {
    let mut out: Option<Vec<u8>> = None;
    let mut copied = 0; // bytes of the input already in `out`
    let mut count = 0;
    let mut next_line = 0; // lines before this offset were already handled
    for m in TRIGGERS.find_iter(bytes) {
        if m.start() < next_line {
            continue;
        }
        let start = bytes[..m.start()]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = bytes[m.end()..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| m.end() + i);
        next_line = end + 1;
        let line = &bytes[start..end];
        let spans = secrets_in_line(line);
        if spans.is_empty() {
            continue;
        }
        let buf = out.get_or_insert_with(|| Vec::with_capacity(bytes.len()));
        buf.extend_from_slice(&bytes[copied..start]);
        let mut at = 0;
        for (s, e, kind) in &spans {
            buf.extend_from_slice(&line[at..*s]);
            buf.extend_from_slice(MARKER);
            buf.extend_from_slice(kind.as_bytes());
            buf.push(b']');
            at = *e;
        }
        buf.extend_from_slice(&line[at..]);
        copied = end;
        count += spans.len();
    }
    match out {
        None => (Cow::Borrowed(bytes), 0),
        Some(mut buf) => {
            buf.extend_from_slice(&bytes[copied..]);
            (Cow::Owned(buf), count)
        }
    }
}

/// The marker every replacement starts with.
pub const MARKER: &[u8] = b"[REDACTED:";

static MARKER_FINDER: LazyLock<AhoCorasick> =
    LazyLock::new(|| AhoCorasick::new([MARKER]).expect("valid marker"));

/// The number of `[REDACTED:` markers in a log: what [`redact_bytes`] replaced, plus any the
/// upload already had (a log redacted elsewhere, or downloaded from crashdex and sent again).
pub fn count_markers(bytes: &[u8]) -> usize {
    MARKER_FINDER.find_iter(bytes).count()
}

/// The secrets of one line as sorted, non-overlapping `(start, end, kind)` spans.
fn secrets_in_line(line: &[u8]) -> Vec<(usize, usize, &'static str)> {
    let mut spans: Vec<(usize, usize, &'static str)> = Vec::new();
    for i in RULE_SET.matches(line).iter() {
        let rule = &RULES[i];
        for c in rule.re.captures_iter(line) {
            let Some(s) = c.name("s") else { continue };
            if rule.kind == "secret" && is_placeholder(s.as_bytes()) {
                continue;
            }
            let (a, b) = (s.start(), s.end());
            // an earlier (more specific) rule already took these bytes
            if spans.iter().any(|&(x, y, _)| a < y && x < b) {
                continue;
            }
            spans.push((a, b, rule.kind));
        }
    }
    spans.sort_unstable();
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(input: &str, kind: &str, secret: &str) {
        let (out, n) = redact(input);
        assert_eq!(n, 1, "{input} -> {out}");
        assert!(!out.contains(secret), "{input} -> {out}");
        assert!(
            out.contains(&format!("[REDACTED:{kind}]")),
            "{input} -> {out}"
        );
    }

    #[test]
    fn provider_keys() {
        let hf = "hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789";
        one(&format!("using token {hf} for download"), "hf-token", hf);
        let oa = "sk-proj-Abc123Def456Ghi789Jkl012Mno345";
        one(&format!("OPENAI key is {oa}"), "openai-key", oa);
        let oa = "sk-Abc123Def456Ghi789Jkl012Mno345";
        one(&format!("client = OpenAI({oa})"), "openai-key", oa);
        let an = "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx_yz-0123";
        one(&format!("x {an} y"), "anthropic-key", an);
        let g = "AIzaSyA1234567890abcdefghijklmnopqrstuv";
        one(&format!("maps?key2 {g}"), "google-api-key", g);
        let gh = "ghp_0123456789abcdefghijklmnopqrstuvwxyz";
        one(&format!("remote: {gh}"), "github-token", gh);
        let gh = "gho_0123456789abcdefghijklmnopqrstuvwxyzAB";
        one(&format!("remote: {gh}"), "github-token", gh);
        let pat = "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz";
        one(&format!("clone with {pat}"), "github-token", pat);
        let sl = "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOp";
        one(&format!("slack {sl} posted"), "slack-token", sl);
        let sl = "xoxp-1234567890-abcdefghij";
        one(&format!("slack {sl}"), "slack-token", sl);
    }

    #[test]
    fn bearer_and_authorization() {
        one(
            "curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc' http://x",
            "bearer",
            "eyJhbGciOiJIUzI1NiJ9",
        );
        one("header bearer abcdef123456", "bearer", "abcdef123456");
        one(
            "Authorization: Basic dXNlcjpwYXNzd29yZA==",
            "basic-auth",
            "dXNlcjpwYXNzd29yZA==",
        );
        one(
            "Authorization: token 0123456789abcdef0123",
            "authorization",
            "0123456789abcdef0123",
        );
    }

    #[test]
    fn passwords_in_urls() {
        let (out, n) = redact("connecting to postgres://admin:s3cr3t!@db.internal:5432/app\n");
        assert_eq!(n, 1);
        assert_eq!(
            out,
            "connecting to postgres://admin:[REDACTED:url-password]@db.internal:5432/app\n"
        );
        one(
            "pip install git+https://user:hunter22@github.com/x/y",
            "url-password",
            "hunter22",
        );
        // no password: nothing to redact
        assert_eq!(redact("see https://user@host/x and http://h:80/p").1, 0);
    }

    #[test]
    fn aws_keys() {
        one(
            "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
            "aws-access-key",
            "AKIAIOSFODNN7EXAMPLE",
        );
        one(
            "ASIAY34FZKBOKMUTVV7A used",
            "aws-access-key",
            "ASIAY34FZKBOKMUTVV7A",
        );
        one(
            "aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "aws-secret",
            "wJalrXUtnFEMI",
        );
        one(
            "AWS_SECRET_ACCESS_KEY: \"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\"",
            "aws-secret",
            "wJalrXUtnFEMI",
        );
    }

    #[test]
    fn presigned_url_signatures() {
        let url = "GET https://bucket.s3.amazonaws.com/w.safetensors?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=0123456789abcdef0123456789abcdef&X-Amz-Expires=3600 403";
        let (out, n) = redact(url);
        assert_eq!(n, 1, "{out}");
        assert!(out.contains("X-Amz-Signature=[REDACTED:signature]&X-Amz-Expires=3600"));
        one(
            "https://cdn.example/x.bin?Expires=1&Signature=AbCdEfGh~123-456_&Key-Pair-Id=K",
            "signature",
            "AbCdEfGh~123",
        );
        one(
            "https://acct.blob.core.windows.net/c/b?sv=2020&sig=AbCd%2BEfGh%3D&se=2026",
            "signature",
            "AbCd%2BEfGh",
        );
    }

    #[test]
    fn generic_assignments() {
        one("export API_KEY=abc123def456", "secret", "abc123def456");
        one(
            "HF_TOKEN=my-private-token-1",
            "secret",
            "my-private-token-1",
        );
        one("{\"password\": \"p4ssw0rd!\"}", "secret", "p4ssw0rd!");
        one("db password: correcthorse", "secret", "correcthorse");
        one("--api-key sglang-secret-99", "secret", "sglang-secret-99");
        one("client_secret='9f8e7d6c5b4a'", "secret", "9f8e7d6c5b4a");
    }

    #[test]
    fn no_false_positives_on_ml_log_shapes() {
        for line in [
            "max_new_tokens=1024, max_tokens: 4096, num_tokens=123456",
            "pad_token='<pad>' eos_token=</s> bos_token=<|im_start|> pad_token_id=0",
            "tokenizer=/models/glm-5 tokenizer_mode='auto' skip_tokenizer_init=False",
            "api_key=None, ssl_keyfile=None, key_cache dtype fp8",
            "server_args=ServerArgs(api_key=None, admin_api_key=None, tokenizer_path='x')",
            "keys: ['model.layers.0.self_attn.k_proj.weight'] (missing keys)",
            "Downloading https://huggingface.co/zai-org/GLM-5/resolve/main/config.json",
            "[2026-02-26 15:56:59 TP0] Decode batch. #running-req: 1, #token: 1234, token usage: 0.01",
            "task-0123456789abcdefghijklmnop started; disk-usage ok",
            "password: ******** token: xxxxxxxx secret: $SECRET_FROM_ENV",
            "use --hf-token or set HF_TOKEN to download gated models",
        ] {
            let (out, n) = redact(line);
            assert_eq!(n, 0, "{line} -> {out}");
            assert!(matches!(out, Cow::Borrowed(_)));
        }
    }

    #[test]
    fn keeps_lines_and_counts_every_secret() {
        let log = b"a\nkey hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 and AKIAIOSFODNN7EXAMPLE\r\n\xff\xfe bin\npostgres://u:pw123456@h/db\nend";
        let (out, n) = redact_bytes(log);
        assert_eq!(n, 3);
        assert_eq!(count_markers(&out), 3);
        assert_eq!(
            out.iter().filter(|&&b| b == b'\n').count(),
            log.iter().filter(|&&b| b == b'\n').count()
        );
        let text = String::from_utf8_lossy(&out);
        assert!(text.contains("key [REDACTED:hf-token] and [REDACTED:aws-access-key]\r\n"));
        assert!(text.ends_with("postgres://u:[REDACTED:url-password]@h/db\nend"));
        assert!(out.starts_with(b"a\n"));
        assert!(
            out.windows(2).any(|w| w == b"\xff\xfe"),
            "binary bytes kept"
        );
    }

    #[test]
    fn redaction_is_idempotent() {
        let log = "token=abcdef123456 Bearer abcdefgh12345678 https://u:p4ssword@h/";
        let (once, n) = redact(log);
        assert_eq!(n, 3, "{once}");
        let (twice, m) = redact(&once);
        assert_eq!(m, 0, "{twice}");
        assert_eq!(once, twice);
    }

    #[test]
    fn empty_and_plain_inputs_are_borrowed() {
        assert!(matches!(redact_bytes(b""), (Cow::Borrowed(_), 0)));
        let plain = "RuntimeError: CUDA error: device-side assert triggered\n".repeat(100);
        assert!(matches!(redact(&plain), (Cow::Borrowed(_), 0)));
    }
}
