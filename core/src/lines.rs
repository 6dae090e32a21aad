//! The line reader: bytes in, uniform [`Line`]s out.
//!
//! Reads bytes, never assumes UTF-8 (invalid sequences become U+FFFD), inflates gzip detected by
//! its magic bytes, splits on `\n` only (so line numbers agree with `sed -n Np`), drops a trailing
//! `\r`, caps very long lines, and strips the prefixes that servers and launchers put in front of a
//! message (ranks, process tags, timestamps, levels, ANSI colours) into fields.

use crate::ascii_first::{AsciiFirst, AsciiFirstSet};
use regex::Regex;
use std::io::{BufRead, BufReader};
use std::sync::LazyLock;

/// Longest line text kept for analysis; the rest of a longer line is counted but not stored.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of a log.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Line {
    /// 1-based line number in the file as uploaded (after decompression).
    pub number: u64,
    /// The line as uploaded, without its line terminator (lossy UTF-8, capped).
    pub raw: String,
    /// The message: ANSI codes removed, known prefixes stripped, trimmed at the end.
    pub text: String,
    /// Rank, tensor-parallel rank or worker rank named by a prefix.
    pub rank: Option<u32>,
    /// Process tag named by a prefix (`EngineCore_DP0`, `TP3`, a compose service...).
    pub process: Option<String>,
    /// Log level named by a prefix: one of `E`, `W`, `I`, `D`, `F` (first letter, upper case).
    pub level: Option<char>,
    /// Whether the line had a timestamp prefix.
    pub timestamped: bool,
    /// The program whose logger alone writes the line's prefix in that shape, if known.
    pub logger: Option<&'static str>,
    /// The line is on pytest's `E   ` margin: a failure's exception, as pytest restates it.
    pub pytest_margin: bool,
    /// A progress bar was glued before the message (see `strip_glued_progress_bar`); `raw`
    /// still has it, and the step it counted.
    pub glued_bar: bool,
    /// A prefix at INFO level stands before a logger's record of another level: a launcher
    /// relays its child's output at its own INFO level.
    pub relayed: bool,
    /// The number the line starts with (behind a quote's `>`), if any: the next line's margin
    /// is a viewer's line numbers when it starts with the number after this one.
    pub gutter: Option<u64>,
}

impl Line {
    /// Builds a line from its number and raw text, stripping prefixes.
    pub fn new(number: u64, raw: String) -> Self {
        Self::after(number, raw, None)
    }

    /// Builds a line that follows one whose [`Line::gutter`] was `before`: a paste copied with
    /// a viewer's line numbers (`56     raise KeyError(`, then `57 KeyError: ...`) loses them
    /// from the second numbered line on.
    pub fn after(number: u64, raw: String, before: Option<u64>) -> Self {
        let mut line = Line {
            number,
            ..Default::default()
        };
        let json = json_log_message(&raw);
        let source = json.as_ref().map_or(raw.as_str(), |(m, _)| m.as_str());
        let mut text = strip_prefixes(&strip_ansi(source), &mut line, before);
        // (a record behind a collector's prefix: `kubectl logs --timestamps` of a service that
        // logs JSON, docker compose's service name before it)
        let json = match json {
            None if text.starts_with('{') => json_log_message(&text).inspect(|(message, _)| {
                text = strip_prefixes(message, &mut line, None);
            }),
            json => json,
        };
        // (a prefix inside the message names the level as well as the record does)
        if line.level.is_none() {
            line.level = json.and_then(|(_, level)| level);
        }
        line.text = text;
        line.raw = raw;
        line
    }
}

/// The line without a viewer's line number in its margin (the number, then one space: the
/// line's own indentation follows), when the line before had the number before it. Sets the
/// line's [`Line::gutter`] to any number it starts with.
fn strip_gutter<'a>(rest: &'a str, line: &mut Line, before: Option<u64>) -> &'a str {
    let padded = rest.trim_start_matches(' ');
    let digits = padded.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 || !(padded.len() == digits || padded[digits..].starts_with(' ')) {
        return rest;
    }
    // (a native backtrace numbers its frames, each an address: `1 0x00000000010d475f f()`,
    // UCX's `1  /lib/libucs.so(+0x3c274) [0x7faa03816274]`)
    let after = padded[digits..].trim_start();
    if after.starts_with("0x") || after.contains(" [0x") {
        return rest;
    }
    let Ok(n) = padded[..digits].parse::<u64>() else {
        return rest;
    };
    line.gutter = Some(n);
    if before.is_some_and(|b| b + 1 == n) {
        padded[digits..].strip_prefix(' ').unwrap_or("")
    } else {
        rest
    }
}

/// The message of a JSON log record (`docker logs` json-file, Kubernetes, structured loggers),
/// and the initial of the level the record states, if any (`"level": "ERROR"`).
fn json_log_message(raw: &str) -> Option<(String, Option<char>)> {
    let t = raw.trim_start();
    if !t.starts_with('{')
        || !(t.contains("\"log\"")
            || t.contains("\"message\"")
            || t.contains("\"msg\"")
            || t.contains("\"event\""))
    {
        return None;
    }
    // (a paste may keep a record only up to its message, `{"log":"<text>\n"`, dropping the
    // stream and time fields after it: the record closed there)
    let v: serde_json::Value = serde_json::from_str(t).ok().or_else(|| {
        let t = t.trim_end();
        t.ends_with('"')
            .then(|| serde_json::from_str(&format!("{t}}}")).ok())
            .flatten()
    })?;
    // (structlog's JSON records name the message `event`)
    let msg = ["log", "message", "msg", "event"]
        .iter()
        .find_map(|k| v.get(*k)?.as_str())?;
    let level = ["level", "severity", "levelname"]
        .iter()
        .find_map(|k| v.get(*k)?.as_str())
        .and_then(|l| match l.to_ascii_uppercase().as_str() {
            "ERROR" | "ERR" => Some('E'),
            "WARN" | "WARNING" => Some('W'),
            "INFO" => Some('I'),
            "DEBUG" | "TRACE" => Some('D'),
            "FATAL" | "CRITICAL" | "PANIC" => Some('F'),
            _ => None,
        });
    Some((msg.trim_end_matches(['\n', '\r']).to_string(), level))
}

/// True when the bytes start with the gzip magic number.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.len() >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
}

/// Wraps a reader so that gzip input is inflated transparently.
pub fn maybe_gunzip<'a, R: BufRead + 'a>(mut r: R) -> std::io::Result<Box<dyn BufRead + 'a>> {
    let head = r.fill_buf()?;
    if is_gzip(head) {
        Ok(Box::new(BufReader::with_capacity(
            256 * 1024,
            flate2::bufread::MultiGzDecoder::new(r),
        )))
    } else {
        Ok(Box::new(r))
    }
}

/// Streams the lines of a reader to `f`, one at a time, so memory stays bounded.
/// Returns the number of lines read. A read error ends the stream early and is returned.
pub fn for_each_line<R: BufRead>(mut r: R, mut f: impl FnMut(Line)) -> std::io::Result<u64> {
    let mut n = 0u64;
    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    let mut truncated = false;
    let mut utf16 = None;
    // the number the line before started with (see `Line::after`)
    let mut gutter = None;
    loop {
        let chunk = r.fill_buf()?;
        if n == 0 && buf.is_empty() && utf16.is_none() {
            utf16 = Some(chunk.starts_with(&[0xff, 0xfe]) || chunk.starts_with(&[0xfe, 0xff]));
            if utf16 == Some(true) {
                // UTF-16 text (a Windows paste): decode whole, it is rare and small.
                let mut all = Vec::new();
                r.read_to_end(&mut all)?;
                let text = decode_utf16(&all);
                // a final line break ends the last line; it does not start another
                let text = text.strip_suffix('\n').unwrap_or(&text);
                if text.is_empty() {
                    return Ok(0);
                }
                let mut gutter = None;
                for (i, l) in text.split('\n').enumerate() {
                    let l = l.strip_suffix('\r').unwrap_or(l);
                    let line = Line::after(i as u64 + 1, l.to_string(), gutter);
                    gutter = line.gutter;
                    f(line);
                    n += 1;
                }
                return Ok(n);
            }
        }
        if chunk.is_empty() {
            if !buf.is_empty() || truncated {
                n += 1;
                f(Line::after(n, to_text(&buf), gutter));
            }
            return Ok(n);
        }
        let (used, end) = match memchr_nl(chunk) {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        let piece = &chunk[..if end { used - 1 } else { used }];
        if buf.len() < MAX_LINE_BYTES {
            let room = MAX_LINE_BYTES - buf.len();
            buf.extend_from_slice(&piece[..piece.len().min(room)]);
            truncated |= piece.len() > room;
        } else {
            truncated = true;
        }
        r.consume(used);
        if end {
            n += 1;
            let line = Line::after(n, to_text(&buf), gutter);
            gutter = line.gutter;
            f(line);
            buf.clear();
            truncated = false;
        }
    }
}

/// Reads a whole log from bytes into lines (gzip inflated). For bounded memory on huge inputs
/// use [`for_each_line`].
pub fn read_bytes(bytes: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    let reader = match maybe_gunzip(BufReader::new(bytes)) {
        Ok(r) => r,
        Err(_) => return out,
    };
    // A truncated gzip stream keeps the lines inflated so far.
    let _ = for_each_line(reader, |l| out.push(l));
    out
}

fn memchr_nl(b: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', b)
}

fn to_text(b: &[u8]) -> String {
    let b = b.strip_suffix(b"\r").unwrap_or(b);
    // valid UTF-8 (nearly every line) is checked much faster than a lossy decode walks it
    let s = match std::str::from_utf8(b) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(b),
    };
    if memchr::memchr(0, s.as_bytes()).is_some() {
        s.replace('\0', "\u{FFFD}")
    } else {
        s.into_owned()
    }
}

fn decode_utf16(b: &[u8]) -> String {
    let le = b.starts_with(&[0xff, 0xfe]);
    let units: Vec<u16> = b[2..]
        .chunks_exact(2)
        .map(|c| {
            if le {
                u16::from_le_bytes([c[0], c[1]])
            } else {
                u16::from_be_bytes([c[0], c[1]])
            }
        })
        .collect();
    String::from_utf16_lossy(&units)
}

static ANSI: LazyLock<Regex> = LazyLock::new(|| {
    // Raw escapes, and escapes pasted as text: `ESC[1;36m`, `^[[0m`, `\x1b[0m`, `\033[0m`, `\e[0m`,
    // rsyslog's octal escape of the control byte (`#033[0m`), and the bare `[0;0m` left when a
    // paste lost the escape byte.
    Regex::new(r"(?:\x1b|ESC|\^\[|\\x1b|\\033|#033|\\e|\\u001b)\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\[[0-9]{1,2}(?:;[0-9]{1,2})*m")
        .expect("valid regex")
});

/// Removes ANSI colour codes, raw or pasted as text.
pub fn strip_ansi(s: &str) -> std::borrow::Cow<'_, str> {
    let b = s.as_bytes();
    // The regex runs only on lines that may hold a code. Every code but `ESC (B` (an escape
    // byte) has a `[` right after its start: `ESC[`, `^[`, a pasted `\x1b[`, `\033[`, `#033[`,
    // `\e[` or `\u001b[`, or a bare `[0;36m` left by a paste that lost the escape byte (`[`, one
    // or two digits, then `;` or `m`; a timestamp's `[2026-` is not one). Checking around each `[`
    // (found with memchr) is much cheaper than a substring search per shape, as
    // `str::contains` builds a fresh searcher per call.
    let code_end = |w: Option<&u8>| w.is_some_and(|&w| w == b';' || w == b'm');
    let may_hold_code = memchr::memchr(0x1b, b).is_some()
        || memchr::memchr_iter(b'[', b).any(|i| {
            let before = &b[..i];
            [
                &b"ESC"[..],
                b"^",
                b"\\x1b",
                b"\\033",
                b"#033",
                b"\\e",
                b"\\u001b",
            ]
            .iter()
            .any(|p| before.ends_with(p))
                || (b.get(i + 1).is_some_and(u8::is_ascii_digit)
                    && (code_end(b.get(i + 2))
                        || (b.get(i + 2).is_some_and(u8::is_ascii_digit)
                            && code_end(b.get(i + 3)))))
        });
    if may_hold_code {
        ANSI.replace_all(s, "")
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// One prefix shape: a regex anchored at the start, and how its captures fill the line's fields.
struct Prefix {
    re: AsciiFirst,
    /// Literals one of which starts every match, when there are few enough to list (worked
    /// out on first use: only lines that are not ASCII need them).
    starts: std::sync::OnceLock<Option<Vec<Vec<u8>>>>,
    /// The indices of the `proc`, `rank` and `level` groups (looked up by name once, not on
    /// every line).
    groups: std::sync::OnceLock<[Option<usize>; 3]>,
}

impl Prefix {
    /// False when no match can start `s`. Lines that are not ASCII (progress bars) skip the
    /// set, whose Unicode form is costly to build, for the few shapes that can still apply.
    fn may_start(&self, s: &str) -> bool {
        self.starts
            .get_or_init(|| {
                let hir = regex_syntax::parse(self.re.as_str()).expect("valid prefix regex");
                regex_syntax::hir::literal::Extractor::new()
                    .extract(&hir)
                    .literals()
                    .map(|ls| ls.iter().map(|l| l.as_bytes().to_vec()).collect())
            })
            .as_ref()
            .is_none_or(|starts| starts.iter().any(|l| s.as_bytes().starts_with(l)))
    }
}

/// vLLM's logger: `ERROR 09-28 15:47:24 [core.py:718]`, `WARNING 06-13 11:42:20 _custom_ops.py:11]`
/// (NVIDIA NIM's copy of it, which serves with vLLM, puts the year in: `ERROR 2025-07-21
/// 14:34:24.934 x.py:62]`). Month and day without a year, then the file: no other serving stack's
/// logger writes that, so the shape says whose line it is. (A paste that starts inside the
/// level, `RROR 12-18 19:47:34 engine.py:366] msg`, keeps the rest of the shape; the level is
/// not known.)
const VLLM_LOGGER: &str = r"^(?:(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)|[A-Z]{1,7}) +(?:\d{4}-)?\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? +\[?[\w.\-/]+:\d+\] ?";

/// A desktop app's console: its clock in brackets, then the stream or component and a level,
/// `[09:22:28] stdout/INFO  msg`, `[12:01:44] [Server thread/ERROR]: msg`. The level is the
/// console's guess from the stream (stdout is INFO), not the program's, and is not kept; the two
/// spaces after it are the console's, the spaces behind them the message's own indentation.
const CONSOLE: &str = r"^\[\d{2}:\d{2}:\d{2}\] +\[?[\w.\- ]+/(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)(?:\]: ?| {1,2})";

static CONSOLE_AT: LazyLock<Option<usize>> =
    LazyLock::new(|| PREFIXES.iter().position(|p| p.re.as_str() == CONSOLE));

/// pytest's margin of a failure's exception lines: `E       `.
const PYTEST_MARGIN: &str = r"^(?P<level>E) {3,8}";

/// A level first, then the logger or the source: `INFO model_config.py:1025:`, Python's
/// default `WARNING:root:`, Go's slog in its text format (Ollama's server:
/// `time=2025-03-12T12:14:22.015Z level=ERROR source=sched.go:456 msg="..." error="..."`).
const LEVEL_FIRST: &str = r"^(?:time=\S+ level=)?(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)(?::[\w.]+: *| source=\S+ +|(?: +[\w.\-/]+\.py:\d+:| *:| +-|(?: +\|)?) +)";
static LEVEL_FIRST_AT: LazyLock<Option<usize>> =
    LazyLock::new(|| PREFIXES.iter().position(|p| p.re.as_str() == LEVEL_FIRST));

static PYTEST_MARGIN_AT: LazyLock<Option<usize>> =
    LazyLock::new(|| PREFIXES.iter().position(|p| p.re.as_str() == PYTEST_MARGIN));

/// syslog's and the journal's prefix: the time, the host and the program (`Nov 30 03:09:50 host
/// kernel:`, `Apr 17 01:25:09 ai-pc ollama[56169]:`).
const SYSLOG: &str = r"^[A-Z][a-z]{2} +\d+ \d{2}:\d{2}:\d{2} [\w.\-]+ [\w.\-/]+(?:\[\d+\])?: ?";
/// Ray's C++ logger (see [`PREFIXES`]).
const RAY_CPP: &str = r"^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[.,]\d+ (?P<level>[EWIFDC]) \d+ \d+\] ?(?:\((?P<proc>[\w\-]+)\) )?(?:[\w\-]+\.(?:cc|cpp|h|hpp):\d+: )?";

static RAY_CPP_AT: LazyLock<Option<usize>> =
    LazyLock::new(|| PREFIXES.iter().position(|p| p.re.as_str() == RAY_CPP));

static SYSLOG_AT: LazyLock<Option<usize>> =
    LazyLock::new(|| PREFIXES.iter().position(|p| p.re.as_str() == SYSLOG));

static VLLM_LOGGER_AT: LazyLock<Option<usize>> =
    LazyLock::new(|| PREFIXES.iter().position(|p| p.re.as_str() == VLLM_LOGGER));

/// c10's tag of the rank on each line a distributed torch process prints (`[rank3]:`), and the
/// same tag with a paste's cut through its bracket.
const TORCH_RANK_TAG: &str = r"^\[?rank(?P<rank>\d+)\]: ?";
static TORCH_RANK_TAG_AT: LazyLock<Option<usize>> = LazyLock::new(|| {
    PREFIXES
        .iter()
        .position(|p| p.re.as_str() == TORCH_RANK_TAG)
});

/// torch's C++ logger, glog's level letter and the source in brackets, with its time
/// (`[E1130 03:11:11.199672504 ProcessGroupNCCL.cpp:689]`; torch drops the month's leading
/// zero, older torch prints no time) and without (`[E ProcessGroupNCCL.cpp:737]`).
const TORCH_GLOG: &str =
    r"^\[(?P<level>[EWIF])\d{3,4} \d{2}:\d{2}:\d{2}(?:\.\d+)? [\w.\-/]+:\d+\] ?";
static TORCH_GLOG_RE: LazyLock<Regex> = LazyLock::new(|| Regex::new(TORCH_GLOG).expect("glog"));
const TORCH_GLOG_UNTIMED: &str = r"^\[(?P<level>[EWIF]) [\w.\-/]+\.(?:cpp|cc|h|hpp|py):\d+\] ?";

static TORCH_GLOG_AT: LazyLock<[Option<usize>; 2]> = LazyLock::new(|| {
    [TORCH_GLOG, TORCH_GLOG_UNTIMED].map(|g| PREFIXES.iter().position(|p| p.re.as_str() == g))
});

/// All prefix shapes in one set: one anchored pass says which (if any) can apply.
static PREFIX_SET: LazyLock<AsciiFirstSet> = LazyLock::new(|| {
    AsciiFirstSet::new(PREFIXES.iter().map(|p| p.re.as_str().to_string()).collect())
});

/// Builds the prefix reader's regex set now, as [`crate::parse::prepare`] does triage's
/// automata: the first line would otherwise wait for it while the findings load.
pub(crate) fn prepare() {
    let mut candidates = [false; MAX_PREFIXES];
    // (an ASCII text builds the form most lines use)
    PREFIX_SET.matches_into(&mut candidates[..PREFIXES.len()], "");
}

/// Most prefix shapes (the candidates of a line are marked in an array of this size).
const MAX_PREFIXES: usize = 96;

static PREFIXES: LazyLock<Vec<Prefix>> = LazyLock::new(|| {
    let pats = [
        // quoted reply
        r"^>+ ?",
        // a Markdown list item's bullet, when a paste made each line one (`* E0530 ... msg`)
        r"^\* ",
        // [rank1]: and [rank0]:[E1130 03:11:11.199672504 ProcessGroupNCCL.cpp:689]
        // (a paste cut inside the first line's tag: `rank0]:   File ...`)
        TORCH_RANK_TAG,
        // a trainer's logger naming the process's rank first (`[RANK 4] 2026-05-19 10:10:29,604
        // [ERROR] msg`), and Lightning's, `[rank: 1] Child process with PID ...`
        r"^\[(?:RANK |rank: )(?P<rank>\d+)\] ",
        // torchrun's tee of each local worker's output, `[{role}{local_rank}]:` with its default
        // role (`[default6]:[rank6]: ...`), behind NeMo-Run's task and replica (`pretrain/0 `),
        // or with an empty role and a colon, `[:0]:` (accelerate's launcher's)
        r"^(?:[\w.\-]+/\d+ )?\[(?:default|:)\d+\]: ?",
        // Taskcluster's time before each line of a task's log: [task 2025-07-01T05:06:30.004+00:00]
        r"^\[task \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})\] ?",
        // TorchX's tee of each replica's workers, `{role}/{replica} [{local_rank}]:`
        r"^[\w.\-]+/\d+ \[(?P<rank>\d+)\]: ?",
        TORCH_GLOG,
        TORCH_GLOG_UNTIMED,
        // (NIXL's logger: the level and the source location alone, `E nixl_agent.cpp:545] `)
        r"^(?P<level>[EWIF]) [\w.\-/]+\.(?:cpp|cc|h|hpp):\d+\] ",
        // (a library preloaded under a program names itself, the level and where, HAMi-core's
        // `[HAMI-core ERROR (pid:362 thread=140045668926464 context.c:114)]: ` and `[HAMI-core
        // Msg(162:139751716722496:libvgpu.c:836)]: `, as 4pdvGPU, its former name, did)
        r"^\s*\[[\w.\-]+ (?P<level>ERROR|WARN|Warn|INFO|Info|Msg|DEBUG|Debug) ?\([^()\]]*\.c(?:c|pp)?:\d+\)\]: ?",
        // glog: E0305 20:23:38.890000 755 file.py:533] (torch's logs at verbose level, `V0703`;
        // a paste that cut the level letter, `0804 00:10:29.919358 56 pb_stub.cc:639] `; abseil's
        // logger before its clock is set, the epoch in the seconds, `E0000 00:00:1762238119.118504`;
        // glog 0.7's year in the date, `E20260106 06:43:02.966156  5793 file.cpp:820] `)
        // (torch.compile's id of the frame it compiles behind it, `_guards.py:300] [0/0] `)
        r"^(?:(?P<level>[EWIFDV])(?:\d{8}|\d{3,4})|\d{4}) \d{2}:\d{2}:(?:\d{2}|\d{10})(?:\.\d+)? +\d+ [\w.\-/]+:\d+\] ?(?:\[\d+/\d+(?:_\d+)?\] ?)?",
        // InvokeAI's logger: `[2023-08-19 01:26:11,377]::[uvicorn.error]::INFO --> `
        r"^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[,.]\d+\]::\[[\w.\-]+\]::(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) --> ",
        // SGLang: [2026-02-26 15:56:59 DP1 TP3] or [2026-02-26 15:56:59] (+ optional ,ms); a CI
        // runner's UTC time: [2025-03-10T15:07:20Z]
        r"^\[\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?Z?(?P<proc>(?: (?:DP|PP|TP|EP|CP|MOE_DP|ATTN_DP)\d+)*)\] ?",
        // Ray's C++ logger: [2025-04-02 15:02:00,117 E 135782 135782] (raylet) logging.cc:440:
        // (RAY_LOG writes the component, then the source file and line, before every message;
        // its FATAL level is `C`)
        RAY_CPP,
        // SGLang diffusion: [11-30 03:09:50 TP0]
        r"^\[\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?P<proc>(?: (?:DP|PP|TP|EP)\d+)*)\] ?",
        // TRT-LLM: [05/27/2025-21:12:36] [TRT-LLM] [E]; since 1.2 its logger tags the component
        // after the level, and the rank behind it: [TRT-LLM] [E] [executor][RANK 1]
        r"^\[\d{2}/\d{2}/\d{4}-\d{2}:\d{2}:\d{2}\] ?(?:\[TRT-LLM\] ?)?(?:\[RANK (?P<rank>\d+)\] ?)?(?:\[(?P<level>[EWIV])\] ?(?:\[[a-z_]+\](?:\[RANK \d+\])? ?)?)?",
        r"^\[TRT-LLM\](?:\[(?P<level>[EWIV])\])? ?",
        // Taichi's logger: the level's letter, the date, the time and, since 1.x, the thread:
        // `[E 06/12/24 14:29:13.462 234973] `
        r"^\[(?P<level>[TDIWEC]) \d{2}/\d{2}/\d{2} \d{2}:\d{2}:\d{2}\.\d{3}(?: \d+)?\] ?",
        r"^\[TensorRT-LLM\]\[(?P<level>ERROR|WARNING|INFO|DEBUG)\] ?",
        // vLLM / Ray process tags: (EngineCore_DP0 pid=17374) (VllmWorker rank=3 pid=1090) (APIServer)
        r"^\((?P<proc>[A-Za-z_][\w\-]*)(?: (?:TP|rank=)(?P<rank>\d+))?(?: pid=\d+)?(?:, ip=[\w.:\-]+)?\) ?",
        // Ray before 1.x tagged a worker's lines with its pid alone: `(pid=909597) msg`
        r"^\(pid=\d+(?:, ip=[\w.:\-]+)?\) ?",
        // Ray's tag of an actor whose name holds more than a word (Ray Serve's replica
        // `ServeReplica:app:deployment`, Ray Data's `MapWorker(MapBatches(vLLMEngineActor))`):
        // always with its pid, which tells it from a parenthesis in prose
        // (the pid tells it from prose also where a paste cut the opening parenthesis off its
        // first line: `VllmWorkerProcess pid=214) ERROR ...`)
        r"^\(?(?P<proc>[A-Za-z_][\w\-:.]*(?:\([\w\-:.()]*\))?) pid=\d+(?:, ip=[\w.:\-]+)?\) ?",
        // (a Ray actor that names its own rank among its fields, `(worker1, rank=1, pid=N,
        // ip=10.2.97.7)`: the actor's, not the rank of the process group behind it)
        // (SkyPilot's tag of a task's output names it by its stage and pid: `(task, pid=3369)`,
        // `(setup pid=N)` read above)
        r"^\((?P<proc>[A-Za-z_][\w\-]*), (?:rank=\d+, )?pid=\d+(?:, ip=[\w.:\-]+)?\) ?",
        VLLM_LOGGER,
        // that logger's source location alone, where a paste cut the level and time off the line
        // (in its older wording without the opening bracket: `worker_base.py:572] `)
        r"^\[[\w.\-]+\.py:\d+\] ?",
        r"^[\w.\-]+\.py:\d+\] ",
        // (or cut inside it, leaving only the closing bracket: `] ValueError: ...`)
        r"^\] +",
        // a cloud log console's export: the entry's severity, then its RFC 3339 time (`INFO
        // 2025-03-30T23:51:21.299840450Z msg`); the severity is the collector's guess from the
        // stream (stderr is ERROR), not the program's, and is not kept
        r"^(?:DEFAULT|DEBUG|INFO|NOTICE|WARNING|ERROR|CRITICAL) \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z ",
        // Kubernetes' container runtime (CRI) log file: 2025-08-03T11:35:28.409790786Z stdout F
        // (and the tag alone, its space trimmed, on a blank line of the program's)
        r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+\-]\d{2}:\d{2}) (?:stdout|stderr) [FP](?: |$)",
        // the ONNX parser's tool (onnx2trt, onnx-tensorrt's samples): the time, then TensorRT's
        // severity padded to seven, `[2020-08-20 11:03:50   ERROR] msg`
        r"^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} +(?:(?P<level>ERROR|WARNING|INFO)|VERBOSE|INTERNAL_ERROR)\] ?",
        // TensorFlow's C++ logger (and XLA's, TF Serving's): the time, then glog's level letter
        // and the source location, `2021-02-27 01:33:51.779607: W tensorflow/x/y.cc:235] msg`
        r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?: (?P<level>[EWIF]) [\w.\-/]+:\d+\] ?",
        // KServe's logger: 2024-07-01 07:28:04.488 1 kserve ERROR [__main__.py:<module>():254]
        r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:[.,]\d+)? +\d+ +[\w.\-]+ +(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) +\[[\w.\-]+:[<>\w]+\(\):\d+\] ?",
        // Xinference's logger: the logger's name, then the pid and the level (`2025-02-27
        // 09:47:19,589 uvicorn.error 10363 INFO     msg`: a logger named `error` logs at info),
        // and a `%(asctime)s %(name)s %(levelname)s` format without the pid (`2024-10-14
        // 07:51:37,172 uvicorn.error INFO Waiting for application startup.`)
        r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:[.,]\d+)? +[A-Za-z_][\w.\-]* +(?:\d+ +)?(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) +",
        // log4j's `%d [%-5p] %t %c - %m`, TorchServe's frontend's (`2020-12-01 14:17:59,915
        // [INFO ] W-9005-DocTag_1.0-stdout org.pytorch.serve.wlm.WorkerLifeCycle - msg`), which
        // relays its Python workers' output at info level
        r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:[.,]\d+)? \[(?P<level>TRACE|DEBUG|INFO|WARN|ERROR|FATAL) ?\] \S+ [A-Za-z_][\w.$]* - ",
        // a log shipper's columns behind docker compose's service tag: `svc  | TIME | ERROR |
        // stderr | msg` (the last bar ends an empty message's line)
        r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+\-]\d{2}:?\d{2})? +\| +(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) +\| +(?:(?:stdout|stderr) +\|(?: |$))?",
        // a log viewer's columns: the time, a tab, the level it guessed from the stream, and
        // the stream (`2025-06-11 11:01:08\tstdout msg`, `2025-06-11 11:01:08    error stdout
        // msg`); the guess is not the program's and is not kept
        r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+\-]\d{2}:?\d{2})?[\t ]+(?:(?:error|warning|warn|info|debug) +)?(?:stdout|stderr)(?: |$)",
        // python logging without the logger's name, `2026-11-30 03:09:50 - ERROR - msg` (before
        // the next shape, which would read the level as a logger's name)
        r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+\-]\d{2}:?\d{2})? +- +(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) +- +",
        // python logging: 2026-11-30 03:09:50,914 - name - ERROR - msg (a viewer's own time may
        // stop at the minute: 2026-11-30 03:09 msg; a collector's may end with a colon,
        // 2025-06-27 17:14:23: msg, which a message's own leading colon is not after a space)
        // (Rust's tracing, in TGI, TEI, Dynamo and routers, puts the target module and where
        // the subscriber prints it the source after the level: `2025-04-23T03:14:07.818830Z
        // ERROR text_embeddings_backend: backends/src/lib.rs:255: msg`; a target is told from a
        // message's own `word: ` by its `::` path or the `.rs` location) (and Python's default
        // format behind a collector's time, `ERROR:tensorflow:msg`: the logger's name goes too)
        // (loguru's own SUCCESS level, and llm-compressor's METRIC, which logs a layer's
        // quantisation `error 1342.51` as a figure: records of information)
        r"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+\-]\d{2}:?\d{2})?(?:: +| *(?:-|\|)? *)(?:[A-Za-z_][\w.]* +(?:-|\|) +)?(?:(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL|SUCCESS|METRIC)(?::[\w.]+: *| *(?:-|\||:)? *))?(?:[a-z_][a-z0-9_]*(?:::[a-z0-9_]+)+: (?:[\w.\-/]+\.rs:\d+: )?|[a-z_][a-z0-9_]*: [\w.\-/]+\.rs:\d+: )?",
        // the source location LMDeploy's logger writes after the level: `- base.py:53 - msg`
        r"^[\w.\-]+\.py:\d+ - ",
        // a formatter that puts the level and the function between dashes, behind the time
        // SGLang's prefix read (`- ERROR - swa_radix_cache.py:sanity_check - msg`), or the level
        // alone behind a clock without its date (`01:50:33 - ERROR - msg`)
        r"^- (?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL) - (?:[\w.\-]+\.py:[<>\w]+ - )?",
        // level after a stripped timestamp: INFO model_config.py:1025:  / WARNING server_args.py:1177:
        // (and Python's default format, `%(levelname)s:%(name)s:%(message)s`, with no space:
        // `INFO:torch.distributed.elastic.agent.server.api:[default] Starting worker group`)
        LEVEL_FIRST,
        // CodeProject.AI's server relaying a module's output with the time and the module's
        // script: `02:08:15:llama_chat_adapter.py:   File "...", line 77, in ...`
        r"^\d{2}:\d{2}:\d{2}:[\w.\-]+\.py: ",
        // Go's logrus, text format, the time quoted and the level in lower case: `time="2023-01-05
        // T16:23:09Z" level=fatal msg="Failed to watch metrics: ..."` (dcgm-exporter, NVIDIA's
        // Kubernetes tools)
        r#"^time="[^"]{8,40}" level=(?P<level>debug|info|warning|warn|error|fatal|panic) "#,
        // docker compose: svc-1  | ... (the tag alone on a blank line)
        r"^(?P<proc>[\w.\-]+) +\|(?: |$)",
        // a deployment's tag of a service's output, `[vllm]: ` (Akash's lease logs), and
        // `kubectl logs --prefix`'s `[pod/NAME/CONTAINER] `
        r"^\[(?P<proc>[a-z][a-z0-9_.\-]*)\]: ",
        r"^\[pod/[\w.\-]+/(?P<proc>[\w.\-]+)\] ",
        // a log store's export (Loki, Grafana): the entry's epoch milliseconds and its time,
        // tab-separated, before the line
        r"^\d{13}\t\S+\t",
        // Docker BuildKit's plain progress: the step's number and the seconds since it began
        // (`#12 47.91 nvcc error ...`)
        r"^#\d+ \d+\.\d+ ",
        // ROCm's runtime log (`AMD_LOG_LEVEL`): its level, source and time, then the process
        // (`:1:rocdevice.cpp            :1824: 3852921762 us: [pid:9     tid:0x7fcd5fa0c4c0] `)
        r"^:\d:[\w.]+ *: *\d+ *: *\d+ us: \[pid:\d+ +tid:0x[0-9a-fA-F]+\] ?",
        // kernel: [12345.678901] and [Mon Nov 30 03:09:50 2026]; `dmesg -H`: the time since the
        // line before, `[  +0.004833]`, below a first line's `[Dec 5 10:00]`
        r"^\[ *\+?\d+\.\d+\] ?",
        r"^\[[A-Z][a-z]{2} ?\d{1,2} \d{2}:\d{2}\] ?",
        r"^\[[A-Z][a-z]{2} [A-Z][a-z]{2} +\d+ \d{2}:\d{2}:\d{2} \d{4}\] ?",
        // syslog: Nov 30 03:09:50 host kernel:
        SYSLOG,
        // a CI's clock alone in that shape before each line of a job (`Jul 13 21:22:34     dist.
        // barrier()`): after syslog's, which names a host and a program
        r"^(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} \d{2}:\d{2}:\d{2} +",
        // NCCL debug: host:pid:tid [dev] (a container without a hostname leaves it empty)
        r"^[\w.\-]*:\d+:\d+ \[(?P<rank>\d+)\] ",
        // MPI: [/bin/sh@<0,0>]: and [1,0]<stderr>: (horovodrun's tag names the rank alone:
        // [1]<stderr>:)
        r"^\[[^\]\s]*@<\d+,\d+>\]: ?",
        r"^\[(?:\d+,)?(?P<rank>\d+)\]<std(?:out|err)>: ?",
        // a launcher's tag of each host's output, `worker-9 >> `
        r"^[A-Za-z][\w.\-]* >> ",
        // a benchmark runner's tag of each host's stream (milabench's `node-1.cluster [stderr] `)
        r"^[A-Za-z][\w.\-]* \[std(?:out|err)\] ",
        // a front end's relay of its backend's records, the backend's level inside its own
        // (chaiNNer's `[info]  Backend: [83463] [ERROR] msg`)
        r"^ ?[A-Z][\w.\-]*: \[\d+\] \[(?P<level>ERROR|WARNING|WARN|INFO|DEBUG|CRITICAL)\] ",
        // a front end's tag of the backend process it started (SwarmUI's `[ComfyUI-6/STDERR] `)
        r"^\[[A-Za-z][\w.\-]*/(?:STDERR|STDOUT|stderr|stdout)\] ",
        // pdsh's (DeepSpeed's multi-node launcher's) tag of each node's output by its address:
        // `10.0.0.5: [rank0]: ...`
        r"^\d{1,3}(?:\.\d{1,3}){3}: ",
        // llama.cpp's logger: the time since start and the level, `53.26.801.941 E msg` (no
        // level on what ggml prints as it aborts: `49.13.366.995 .../fattn.cu:574: fatal error`)
        r"^\d{1,3}\.\d{2}\.\d{3}\.\d{3} (?:(?P<level>[EWID]) )?",
        // Slurm's `srun --label`: the task's number, right-aligned to the widest (`  3: `, `93: `)
        r"^\d{1,5}: ",
        // pytest: the `E       ` margin of a failure's exception lines, and the short summary's
        // `FAILED tests/x.py::test_y[param] - ` before the exception it ends with
        PYTEST_MARGIN,
        r"^FAILED \S+::\S+ - ",
        // a library's lower-case debug and info tags (MegEngine's `debug: failed to load cuda
        // func: ...`, a note it goes on after); not `error: `, a compiler's, nor `warning: `, whose
        // relay of one is read on
        r"^(?P<level>debug|info): ",
        // NVIDIA's Nsight tools' own lines among the profiled program's: `==PROF== Connected to
        // process 9137`, `==ERROR== ERR_NVGPUCTRPERM - ...`, `==WARNING== ...`
        r"^==(?:(?P<level>ERROR|WARNING)|PROF|INFO)== ",
        // stray level tag: [E] [W] [ERROR]
        r"^\[(?P<level>[EWI])\] ",
        // (and title-case, as Omniverse's carb logs each plugin's records: `[Error] [carb]
        // Could not load the dynamic library from ...`)
        r"^\[(?P<level>ERROR|WARNING|WARN|INFO|DEBUG|CRITICAL|FATAL|Error|Warning|Info|Verbose|Fatal)\] ?",
        // (Python's logging as Dask formats it, the logger's name first and no time:
        // `distributed.utils - ERROR - std::bad_alloc: ...`)
        r"^[a-z_][\w.]* - (?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) - ",
        // (spdlog's levels in its default pattern, lower-case: `[info] [gxf_executor.cpp:2469]
        // Waiting for completion...` of NVIDIA's GXF and Holoscan; behind its time with
        // milliseconds and an optional logger's name, `[2024-01-19 11:49:04.147] [error] No CUDA
        // GPUs are available` of Oxford Nanopore's Dorado)
        r"^(?:\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}\] (?:\[[\w.\-]+\] )?)?\[(?P<level>error|warning|info|debug|critical|trace)\] ",
        // SGLang's logger with a pid: 125765 [ DP10 TP10 EP10 scheduler.py:2655]
        r"^\d+ \[ ?(?P<proc>(?:(?:DP|PP|TP|EP|CP|ATTN_DP)\d+ ?)*)[\w.\-]+\.py:\d+\] ?",
        // Open MPI's and UCX's tag of a process's messages: [host:pid] and [host:pid :tid:idx]
        // (the host and pid differ from machine to machine; the message is the error)
        r"^\[[A-Za-z][\w\-]*:\d+(?: *:\d+)*\] +",
        // libsharp's logger (NCCL's SHARP plugin): the host, rank and pid, the C source, then
        // the time (older versions leave it out) and the level, `[node:0:174 - context.c:857]
        // [2024-05-30 12:26:47] ERROR msg`
        r"^\[[\w.\-]+:\d+:\d+ - [\w.\-]+\.c:\d+\](?:\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\])? (?:(?P<level>ERROR|WARN|INFO|DEBUG) )?",
        // zerolog's console writer (Go programs: LocalAI, Ollama's runners): the time of day,
        // then a three-letter level, `8:39AM INF msg`
        r"^\d{1,2}:\d{2}(?:AM|PM) (?P<level>TRC|DBG|INF|WRN|ERR|FTL|PNC) ",
        // a paste's line number or a launcher's process tag before another prefix: [155] host:pid:tid
        // (or the Unix time in seconds llama.cpp's server once put before each line:
        // [1707487648] update_slots : ...)
        r"^\[(?:\d{1,7}|1\d{9})\] +",
        // Hydra's job logger, behind the time the shapes above read: [TIME][name][ERROR] - msg
        r"^\[[\w.\-]+\]\[(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)\] - ",
        // a launcher's tag of the process that printed the line: [PROC-0]
        r"^\[[A-Z][A-Za-z]*-\d+\] ?",
        // Buildkite's time marker before each line of a CI job's log, its escape characters
        // lost in a copy: `bk;t=1781344862278[vllm] (EngineCore pid=871) ERROR ...`
        r"^\x1b?_?bk;t=\d{10,13}\x07?",
        // a process manager's tag of the server whose output it relays (concurrently's `-n
        // vllm`, a CI step's), before the server's own prefix: `[vllm] (APIServer pid=1) ERROR ...`
        r"^\[(?:vllm|sglang|lmdeploy|tgi|trtllm|tensorrt_llm|ollama)[\w.-]*\] ",
        // a CI runner's tag of the shell or stream a line came from (`[BASH] Traceback (most
        // recent call last):`)
        r"^\[(?:BASH|SHELL|STDOUT|STDERR|stdout|stderr)\] ",
        // a program's upper-case name as a comment's tag before each of its lines (QUDA's `#
        // QUDA: ERROR: Failed to allocate device memory ...`)
        r"^# [A-Z][A-Z\d_]{1,15}: ",
        // AMReX's abort of one rank, the rank between its colons (`amrex::Abort::10::CUDA error
        // 700 in file ...`), before the program's own words
        r"^amrex::Abort::(?P<rank>\d+)::",
        // `talosctl dmesg`: the facility, the level and the kernel's or a service's time
        // (`kern: warning: [2023-09-14T03:08:37.411164757Z]: NVRM: ...`); the level is not
        // kept, as the kernel's own (a driver's failure to probe at `warning`) is in dmesg's
        // shapes above
        r"^(?:kern|user|daemon|auth|syslog): +(?:emerg|alert|crit|err|warning|notice|info|debug): \[\d{4}-\d{2}-\d{2}T[\d:.]+Z\]: ",
        // a compact date and time before each line, as crypto miners print them (`20210304
        // 11:18:48 ERROR: ...`)
        r"^\d{8} \d{2}:\d{2}:\d{2} ",
        CONSOLE,
        // SD.Next's logger: the time with microseconds after a dash, then the level padded to
        // eight (`18:57:53-195282 ERROR    msg`)
        r"^\d{2}:\d{2}:\d{2}-\d{6} (?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) +",
        // a viewer's clock alone before each line (Jenkins' timestamper `18:38:46  `, a log
        // console's `18:11:06.680 `), before the program's own prefix (or alone, before a line
        // the program left blank)
        r"^\d{2}:\d{2}:\d{2}(?:[.,]\d{1,9})?(?: +|$)",
    ];
    assert!(
        pats.len() <= MAX_PREFIXES,
        "at most {MAX_PREFIXES} prefix shapes"
    );
    pats.iter()
        .map(|p| Prefix {
            re: AsciiFirst::new(*p),
            starts: std::sync::OnceLock::new(),
            groups: std::sync::OnceLock::new(),
        })
        .collect()
});

fn could_have_prefix(s: &str) -> bool {
    match s.as_bytes().first() {
        // (a relayed record behind one space of padding, ` Backend: [pid] [ERROR] ...`)
        // (and a preloaded library's tag behind one, ` [4pdvGPU ERROR (...)]: ...`)
        Some(b' ') => s
            .as_bytes()
            .get(1)
            .is_some_and(|b| b.is_ascii_uppercase() || *b == b'['),
        Some(b) => matches!(
            b,
            b'[' | b']'
                // (`- ERROR - msg`: a logger's level between dashes, behind a clock read off)
                | b'-'
                | b'('
                | b'>'
                | b'*'
                | b'#'
                | b':'
                | b'='
                | b'0'..=b'9'
                | b'A'..=b'Z'
                | b'a'..=b'z'
        ),
        None => false,
    }
}

/// Whether `s` starts with `shape`, in which `9` stands for any digit and every other byte for
/// itself.
fn starts_with_shape(s: &str, shape: &[u8]) -> bool {
    s.len() >= shape.len()
        && s.bytes().zip(shape).all(|(c, want)| match want {
            b'9' => c.is_ascii_digit(),
            _ => c == *want,
        })
}

/// `s` without the spaces before Slurm's `srun --label` tag of a task, which right-aligns the
/// task numbers (`  3: ` among `113: `): a traceback's indentation is never followed by one.
fn unpad_task_label(s: &str) -> &str {
    let unpadded = s.trim_start_matches(' ');
    if unpadded.len() < s.len() && starts_with_task_label(unpadded) {
        unpadded
    } else {
        s
    }
}

/// Whether `s` starts with Slurm's `srun --label` tag of a task: its number, a colon, a space.
fn starts_with_task_label(s: &str) -> bool {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    (1..=5).contains(&digits) && s[digits..].starts_with(": ")
}

/// Whether `s` starts with a Python exception's name and its colon (`ValueError: `).
fn starts_with_exception(s: &str) -> bool {
    let Some((name, _)) = s.split_once(':') else {
        return false;
    };
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.')
        && (name.ends_with("Error") || name.ends_with("Exception"))
}

/// Whether `s` starts with an ISO date, `YYYY-MM-DD`.
fn starts_with_date(s: &str) -> bool {
    starts_with_shape(s, b"9999-99-99")
}

/// Whether `s` starts with a month and day and a time, `MM-DD HH:`.
fn starts_with_month_day(s: &str) -> bool {
    starts_with_shape(s, b"99-99 99:")
}

/// A Python exception's line (`torch._dynamo.exc.Unsupported: Observed exception`,
/// `ValueError: x`), which a margin of one space or pdb's `*** ` may stand before.
static MARGINED_EXCEPTION: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::matcher(r"^(?:[A-Za-z_]\w*\.)*(?:[A-Z]\w*(?:Error|Exception)|Unsupported): ")
});

/// Strips the margins a viewer or a quote puts around a line's text: a CI view's bar, Markdown's
/// inline-code backticks.
fn strip_margins(mut rest: &str) -> &str {
    // An exception's line behind pdb's `*** ` (`*** _pickle.UnpicklingError: Weights only load
    // failed. ...`; not absl's banner, `*** SIGSEGV received at time=...`) or indented by one
    // space (a paste indented so throughout, a reply's code block that kept a margin: Python's
    // own frames and code lines take two or more)
    let margined = rest.strip_prefix("*** ").or_else(|| {
        rest.strip_prefix(' ')
            .filter(|i| !i.starts_with([' ', '\t']))
    });
    if let Some(inner) = margined.filter(|i| i.contains(": ") && MARGINED_EXCEPTION.is_match(i)) {
        rest = inner;
    }
    // (.NET marks each inner exception, the cause of the one above it, with `---> `: `--->
    // System.DllNotFoundException: Unable to load DLL ...`)
    // (a collector's separator may have taken its first dash)
    if let Some(inner) = Some(rest.trim_start())
        .filter(|t| t.starts_with("--"))
        .and_then(|t| t.trim_start_matches('-').strip_prefix("> "))
        .filter(|i| i.contains(": ") && MARGINED_EXCEPTION.is_match(i))
    {
        rest = inner;
    }
    // Buildkite's log view (vLLM's CI) copies every line behind `  | `, and Python prints the
    // tracebacks of an exception group behind `  | ` too: the line is what follows the bar (a
    // table's row, `| a | b |`, starts at the margin or ends with a bar, and is left alone).
    let unindented = rest.trim_start_matches(' ');
    if (1..=8).contains(&(rest.len() - unindented.len())) {
        if let Some(inner) = unindented.strip_prefix("| ") {
            if !inner.ends_with('|') {
                rest = inner;
            }
        }
    }
    // A line an issue's author set in Markdown's bold (`**ValueError: ...**`), indented or not.
    // (not the stars of a banner, absl's `*** SIGSEGV received at time=N ***`)
    let mut unindented = rest.trim_start();
    // (italics set in bold: `**_RuntimeError: ..._**`)
    if let Some(inner) = unindented
        .strip_prefix("**_")
        .and_then(|r| r.trim_end().strip_suffix("_**"))
        .filter(|r| !r.starts_with(['*', '_', ' ']) && !r.is_empty())
    {
        rest = inner.trim_end();
        unindented = "";
    }
    // (bold set in italics too: `_**RuntimeError: ...**_`, `***RuntimeError: ...***`)
    for (open, close) in [("_**", "**_"), ("***", "***")] {
        if let Some(inner) = unindented
            .strip_prefix(open)
            .and_then(|r| r.trim_end().strip_suffix(close))
        {
            // (the bold within: one character in from each end)
            let at = rest.len() - unindented.len() + 1;
            unindented = &rest[at..at + inner.len() + 4];
        }
    }
    if let Some(inner) = unindented
        .strip_prefix("**")
        .and_then(|r| r.strip_suffix("**"))
        .filter(|r| !r.starts_with(['*', ' ']) && !r.ends_with(['*', ' ']) && !r.is_empty())
    {
        rest = inner.trim();
    } else if let Some(inner) = unindented
        .strip_prefix("**")
        .filter(|r| r.starts_with(|c: char| c.is_ascii_alphabetic()))
    {
        // (bold whose closing stars a paste cut off, left on a later line or put mid-line:
        // `**RuntimeError: CUDA out of memory.** Tried to allocate ...`)
        rest = inner.trim_end();
    }
    // A line an issue's author quoted as Markdown inline code (`` `CUDA Error: ...` ``, the closing
    // backtick at its end or on the next line) is the line itself.
    if let Some(inner) = rest.strip_prefix('`').filter(|r| !r.starts_with('`')) {
        match inner.strip_suffix('`') {
            Some(quoted) => rest = quoted.trim(),
            None if !inner.contains('`') => rest = inner.trim_start(),
            None => {}
        }
    } else if let Some(inner) = rest.strip_suffix('`').filter(|r| !r.contains('`')) {
        // (the closing backtick of a quote that began on an earlier line)
        rest = inner.trim_end();
    }
    rest
}

/// A progress bar (tqdm's `99%|█████████▉| 23054/23316 [2:22:47<01:34,  2.79it/s]`) that the
/// terminal redrew in place with carriage returns, and a paste then glued to the line printed
/// after it: that line is what follows the last bar. (A bar of no known total counts without a
/// percentage: `Inference Rate: 0 inf [00:40, ? inf/s]`.)
/// (its statistics' bracket holds no other: a bar cut before its `]`, the message glued into its
/// statistics, does not end at a bracket of the message, `block: [0,0,0]`)
static PROGRESS_BAR: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"^.*(?:\d%(?:\|[^|]*\|)?[^\[\]|]*\[|\d ?[A-Za-z]* \[\d+:\d{2}(?::\d{2})?, )[^\]]*(?:\w/s|s/it)[^\[\]]*\]",
    )
});

/// A line that is a progress bar alone behind a task's name (marker's `Running OCR Error
/// Detection: 100%|████| 1/1 [00:00<00:00, 51.64it/s]`): a step that ran, whatever it is named.
pub(crate) fn is_named_progress_bar(s: &str) -> bool {
    let s = s.trim();
    let Some(pct) = s.find("%|") else {
        return false;
    };
    let name = s[..pct]
        .trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end();
    name.strip_suffix(':').is_some_and(|n| {
        n.starts_with(|c: char| c.is_ascii_alphabetic())
            && n.chars()
                .all(|c| c.is_ascii_alphanumeric() || " _()/-".contains(c))
    }) && PROGRESS_BAR.find(s).is_some_and(|m| m.end() == s.len())
}

fn strip_glued_progress_bar(s: &str) -> &str {
    // (a bar cut while it was drawn, the message printed into it: `33%|███████Memory access
    // fault by GPU node-3 ...`)
    // (a one-byte search first: most lines hold no `%`)
    if let Some(i) = s.find('%').filter(|&i| s[i + 1..].starts_with('|')) {
        let rest = &s[i + 2..];
        let after = rest.trim_start_matches(|c| matches!(c, '\u{2588}'..='\u{258f}'));
        if s[..i].ends_with(|c: char| c.is_ascii_digit())
            && after.len() < rest.len()
            && after.starts_with(|c: char| c.is_ascii_alphabetic())
        {
            return after;
        }
    }
    // (RELION's bar, its time then a fish that swims along the dots, `0.27/1.06 hrs
    // .......~~(,_,">ERROR: ...`, `000/??? sec ~~(,_,"> [oo]ERROR: ...`)
    // (a one-byte search first: most lines that start with a digit hold no `~`)
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        let fish = s.find('~').and_then(|i| s[i..].strip_prefix("~~(,_,\">"));
        if let Some(after) = fish {
            let after = after.trim_start();
            let after = after.strip_prefix("[oo]").unwrap_or(after);
            if after.starts_with(|c: char| c.is_ascii_alphabetic()) {
                return after;
            }
        }
    }
    // (a notebook draws the bar without its `|` borders: `Epoch 14:   0% 0/101 [00:00<?, ?it/s]`;
    // a bar counts in its own unit, `[00:00<?, ?sec/s]`)
    if !(s.contains("/s") || s.contains("s/it")) {
        return s;
    }
    match PROGRESS_BAR.find(s) {
        Some(m) if !s[m.end()..].trim().is_empty() => s[m.end()..].trim_start(),
        _ => s,
    }
}

/// The message behind a progress bar glued before it (see [`strip_glued_progress_bar`]), once
/// per line, after the prefixes before the bar: a collector's prefix and level stay its own.
fn unbar<'a>(rest: &'a str, line: &mut Line) -> Option<&'a str> {
    if line.glued_bar {
        return None;
    }
    let unbarred = strip_glued_progress_bar(rest);
    (unbarred.len() < rest.len()).then(|| {
        line.glued_bar = true;
        unpad_task_label(strip_margins(unbarred))
    })
}

/// Rich's log handler (`RichHandler`): a time column, the level padded to eight, the message,
/// and the source location right-aligned at the terminal's edge, `[05/05/25 16:31:14] DEBUG
/// msg   file.py:47`. The time column is left blank while the time stays the same, so a line
/// may start with the spaces it would take; the level padded to eight behind exactly that many
/// spaces is never a traceback's indentation. Returns the message, with the line's level set.
fn strip_rich_columns<'a>(rest: &'a str, line: &mut Line) -> Option<&'a str> {
    static RICH: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^(?:\[\d{2}/\d{2}/\d{2,4} \d{2}:\d{2}:\d{2}\] |\[\d{2}:\d{2}:\d{2}\] | {20}| {11})(?P<level>DEBUG    |INFO     |WARNING  |ERROR    |CRITICAL )(?P<message>\S.*?)(?: {2,}[\w.\-]+\.py:\d+)?$",
        )
        .expect("valid rich pattern")
    });
    // (a cheap look at the first bytes: most lines that start with `[` are other loggers')
    let bracketed = starts_with_shape(rest, b"[99/99/") || starts_with_shape(rest, b"[99:99:99] ");
    if !(bracketed || rest.starts_with("           ")) {
        return None;
    }
    let c = RICH.captures(rest)?;
    line.level = c["level"].chars().next();
    if rest.starts_with('[') {
        line.timestamped = true;
    }
    c.name("message").map(|m| m.as_str())
}

/// The letter of a level word a prefix names (`ERROR` → `E`); loguru's SUCCESS and
/// llm-compressor's METRIC levels are records of information.
fn level_letter(word: &str) -> Option<char> {
    match word.chars().next()?.to_ascii_uppercase() {
        'S' | 'M' => Some('I'),
        c => Some(c),
    }
}

/// Strips known prefixes (repeatedly: they nest) into the line's fields and returns the message.
/// A process's tag (` (EngineCore_DP0 pid=32) ERROR ...`) indented by one space, as a paste or
/// a collector may leave it: a traceback's indentation is two spaces or more.
fn unindent_process_tag(rest: &str) -> &str {
    match rest.strip_prefix(' ') {
        Some(inner)
            if inner.starts_with('(')
                && inner
                    .split_once(')')
                    .is_some_and(|(tag, _)| tag.contains("pid=")) =>
        {
            inner
        }
        _ => rest,
    }
}

/// The source of a line of rich's traceback panel (`│ ❱ 216 │   │   raise X(...)   │`, `│   215
/// │   if x:   │`), without the panel's borders, its marker, number and indent guides.
fn rich_source_line(line: &str) -> Option<&str> {
    let inner = line.strip_prefix('\u{2502}')?;
    let inner = inner.strip_suffix('\u{2502}').unwrap_or(inner).trim();
    let rest = inner.strip_prefix('\u{2771}').unwrap_or(inner).trim_start();
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let after = rest.get(digits..)?;
    // (a number, then at least one guide: a bare number and text is a log's own line)
    (digits > 0 && after.starts_with(' ') && after.contains('\u{2502}'))
        .then(|| after.trim_start_matches([' ', '\u{2502}']))
}

fn strip_prefixes(s: &str, line: &mut Line, gutter_before: Option<u64>) -> String {
    let mut rest = s.trim_end();
    // A carriage return pasted as the caret notation that `cat -v` and editors show (`^M`).
    rest = rest.strip_suffix("^M").unwrap_or(rest).trim_end();
    // (rich's traceback panel shows each frame's source with its line numbers and indent
    // guides, the failing line marked `❱ 216 │   │   raise RuntimeError(...)`: source, kept as
    // a traceback's indented code line, no statement; also behind a collector's prefix, below)
    if let Some(code) = rich_source_line(rest) {
        return format!("    {code}");
    }
    // A log shown inside a box (a Kubernetes dashboard's or a terminal UI's panel) keeps the
    // box's vertical borders at both ends of each line.
    if let Some(inner) = rest.strip_prefix('\u{2502}') {
        rest = inner.strip_suffix('\u{2502}').unwrap_or(inner).trim();
    }
    // (a viewer's line numbers, also inside a quoted reply: `>  57   File "..."`)
    let body = rest.trim_start_matches('>');
    let numbered = strip_gutter(body, line, gutter_before);
    if numbered.len() != body.len() {
        rest = numbered;
    }
    rest = strip_margins(rest);
    // A log viewer that puts its own time before each line (` 2025-02-18 12:54 [rank13]:...`)
    // may indent it by a space, and a collector the lines after its first (`[TIME] [rank3]:...`
    // then ` [rank3]:...`): a date or a bracketed tag is never a traceback's indentation, which
    // is two spaces or more.
    if let Some(inner) = rest.strip_prefix(' ') {
        if starts_with_date(inner) || inner.starts_with('[') {
            rest = inner;
        }
    }
    rest = unindent_process_tag(rest);
    rest = unpad_task_label(rest);
    // (whether the last prefix read was glog's, which ends with the source line in brackets)
    let mut after_glog = false;
    // ten rounds is more nesting than any launcher produces; it bounds hostile input
    'outer: for _ in 0..10 {
        // (nor is a tab: a paste indents each line of a quoted block by one, behind whatever
        // prefix a collector added)
        if rest.starts_with('\t') {
            let inner = rest.trim_start_matches('\t');
            if starts_with_date(inner) || inner.starts_with('[') {
                rest = inner;
            }
        }
        // (nor is torch's C++ logger's timed tag, `[E520 19:20:12.156885067 shim_common.cpp:311]`,
        // however deep a paste or a collector's prefix indents it)
        if rest.starts_with("  ") {
            let inner = rest.trim_start();
            if inner.starts_with('[') && TORCH_GLOG_RE.is_match(inner) {
                rest = inner;
            }
        }
        // (rich's columns may sit behind a collector's prefix, and start with spaces)
        if let Some(message) = strip_rich_columns(rest, line) {
            rest = message;
            continue 'outer;
        }
        if !could_have_prefix(rest) {
            match unbar(rest, line) {
                Some(unbarred) => {
                    rest = unbarred;
                    continue 'outer;
                }
                None => break,
            }
        }
        let mut candidates = [false; MAX_PREFIXES];
        let candidates = &mut candidates[..PREFIXES.len()];
        if rest.is_ascii() {
            PREFIX_SET.matches_into(candidates, rest);
        } else {
            for (c, p) in candidates.iter_mut().zip(PREFIXES.iter()) {
                *c = p.may_start(rest);
            }
        }
        for (i, _) in candidates.iter().enumerate().filter(|(_, hit)| **hit) {
            let p = &PREFIXES[i];
            let Some(c) = p.re.captures(rest) else {
                continue;
            };
            let m = c.get(0).expect("group 0");
            if m.end() == 0 {
                continue;
            }
            let [proc_i, rank_i, level_i] = *p
                .groups
                .get_or_init(|| ["proc", "rank", "level"].map(|n| c.index_of(n)));
            let group = |i: Option<usize>| i.and_then(|i| c.get(i));
            // A lone "word | " prefix must not eat a table row or an ordinary sentence.
            if let Some(proc_) = group(proc_i) {
                let p = proc_.as_str().trim();
                if !p.is_empty() {
                    line.process = Some(p.to_string());
                    // `DP1 TP3`, `Worker_TP6`, `Worker_TP0_EP0`
                    let tp = p.split([' ', '_']).rev().find_map(|t| t.strip_prefix("TP"));
                    if let Some(tp) = tp {
                        if line.rank.is_none() {
                            line.rank = tp.parse().ok();
                        }
                    }
                }
            }
            // (an outer tag's rank stands: a launcher's global rank, `[1,3]<stdout>:`, over the
            // local device NCCL's own prefix names behind it, `host:pid:tid [0]`)
            if let Some(r) = group(rank_i).filter(|_| line.rank.is_none()) {
                line.rank = r.as_str().parse().ok();
            }
            let mut end = m.end();
            let mut level = group(level_i);
            // (`CUDA ERROR (code = 700, ...)` behind a time is a program's words for CUDA's
            // status, not a logger named `CUDA` logging at error level)
            if level.is_some_and(|l| rest[..l.start()].ends_with(" CUDA ")) {
                continue;
            }
            // A level followed by a date (`ERROR 08-03 04:35:28 [core.py:396]`) starts
            // vLLM's logger behind a time that `kubectl logs --timestamps` put first: leave it
            // to that prefix, which reads its source location too.
            let behind = &rest[end..];
            if let Some(l) = level
                .filter(|l| l.start() > 0)
                .filter(|_| starts_with_month_day(behind) || starts_with_date(behind))
            {
                end = l.start();
                level = None;
            }
            if let Some(l) = level {
                let inner = level_letter(l.as_str());
                if line.level == Some('I') && inner != Some('I') {
                    line.relayed = true;
                }
                // (`FATAL ERROR: msg` reads as two levels; the first, fatal, stands)
                if line.level != Some('F') {
                    line.level = inner;
                }
            }
            if m.as_str().contains(':') && m.as_str().bytes().any(|b| b.is_ascii_digit()) {
                line.timestamped = true;
            }
            // (glog's source line in brackets, `file.cc:641]`)
            after_glog = m
                .as_str()
                .trim_end()
                .strip_suffix(']')
                .is_some_and(|p| p.ends_with(|c: char| c.is_ascii_digit()));
            if Some(i) == *VLLM_LOGGER_AT {
                line.logger = Some("vllm");
            } else if Some(i) == *PYTEST_MARGIN_AT {
                line.pytest_margin = true;
            } else if Some(i) == *LEVEL_FIRST_AT {
                // (the logger Python's default format names is the package that logged; Go's
                // slog names none, and leaves the program a journal's prefix named before it,
                // unless it names the Go source that logged, as Ollama's server has it do:
                // `time=... level=INFO source=ggml.go:104 msg=...`)
                line.logger = python_logger(m.as_str())
                    .or_else(|| {
                        let p = m.as_str();
                        (p.contains(".go:") && GO_SOURCE.is_match(p)).then_some("ollama")
                    })
                    .or(line.logger);
            } else if m.as_str().contains("[TRT-LLM]") || m.as_str().starts_with("[TensorRT-LLM][")
            {
                line.logger = Some("tensorrt_llm");
            } else if TORCH_GLOG_AT.contains(&Some(i)) && m.as_str().contains("ProcessGroup") {
                // (c10d's own source in glog's tag, `[E ProcessGroupNCCL.cpp:737]`: torch's
                // line, in whatever program ran it)
                line.logger = Some("pytorch");
            } else if [
                "model_repository_manager.cc:",
                "backend_model_instance.cc:",
                "pinned_memory_manager.cc:",
                "cuda_memory_manager.cc:",
            ]
            .iter()
            .any(|f| m.as_str().contains(f))
            {
                // (Triton Inference Server's own sources in glog's tag, `I0329 17:33:30.929620
                // 5501 model_repository_manager.cc:960] successfully loaded ...`, and its memory
                // pools' as it starts, `pinned_memory_manager.cc:271]`: the server's line,
                // whatever backend it runs)
                line.logger = Some("triton");
            } else if Some(i) == *TORCH_RANK_TAG_AT {
                // (torch's, whatever runs in it: a weak vote, and the logger of a message
                // behind the tag, read next, names the program that printed it)
                line.logger.get_or_insert("pytorch");
            } else if Some(i) == *RAY_CPP_AT {
                // (Ray's own C++ processes: the raylet, the GCS, a core worker)
                line.logger = Some("ray");
            } else if Some(i) == *SYSLOG_AT && m.as_str().contains(" ollama[") {
                // (systemd's journal of the Ollama service, `Apr 17 01:25:09 host ollama[561]: `:
                // the llama.cpp lines behind it are its runner's)
                line.logger = Some("ollama");
            }
            // A bar after a time separates the message (`TIME | msg`, loguru's `TIME | ERROR |
            // msg`), unless the line ends with one too: then it is the border of a table the
            // program printed (tritonserver's table of models), whose cells all belong to it.
            if level.is_none() && starts_with_date(rest) && rest.ends_with('|') {
                if let Some(bar) = rest[..end].find('|') {
                    end = bar;
                }
            }
            // A time with no level behind it pads nothing: spaces after its one separator are
            // the message's own indentation (a traceback's `  File ...` lines).
            if level.is_none() && rest[..end].ends_with("  ") && Some(i) != *CONSOLE_AT {
                end = rest[..end].trim_end_matches(' ').len() + 1;
            }
            // (a CI view's bar or a quoted line may sit behind a collector's prefix too, and
            // `srun --label`'s padded task number)
            rest = unindent_process_tag(unpad_task_label(strip_margins(&rest[end..])));
            continue 'outer;
        }
        match unbar(rest, line) {
            Some(unbarred) => rest = unbarred,
            None => break,
        }
    }
    // A writer's words in another script glued before an exception (`报错ValueError: ...`, 报错
    // being "error:"), with that script's punctuation (`，` `。`): the exception is the message.
    let lead = rest.len()
        - rest
            .trim_start_matches(|c: char| !c.is_ascii() && !c.is_whitespace())
            .len();
    // (or before a bare `Error: `, a CLI's statement, glued after the model's streamed answer)
    if lead > 0 && (starts_with_exception(&rest[lead..]) || rest[lead..].starts_with("Error: ")) {
        rest = &rest[lead..];
    }
    // Triton Inference Server 24.x quotes each message behind glog's prefix (`E0618 ...
    // model_lifecycle.cc:641] "failed to load 'm' version 1: ..."`): the message is inside.
    if after_glog && rest.len() >= 2 && rest.starts_with('"') && rest.ends_with('"') {
        rest = &rest[1..rest.len() - 1];
        if rest.contains("\\\"") {
            return rest.replace("\\\"", "\"");
        }
    }
    // Ray folds repeated lines of its workers into one: `... [repeated 2x across cluster]`
    if rest.ends_with("across cluster]") {
        if let Some(i) = rest.rfind(" [repeated ") {
            rest = rest[..i].trim_end();
        }
    }
    // A traceback that a JSON string carried, printed with its newlines undone but its quotes
    // still escaped (`  File \"/x.py\", line 3, in f`): the frame is read as Python wrote it.
    if rest.trim_start().starts_with("File \\\"") && rest.contains("\\\", line ") {
        return rest.replace("\\\"", "\"");
    }
    // (or one a forum's typography curled: `File “main.py”, line 135, in`)
    if rest.trim_start().starts_with("File “") && rest.contains("”, line ") {
        return rest.replacen('“', "\"", 1).replacen('”', "\"", 1);
    }
    // (rich's traceback panel behind a collector's prefix: see the panel above)
    if let Some(code) = rich_source_line(rest) {
        return format!("    {code}");
    }
    rest.to_string()
}

/// Go's slog naming the source file that logged (see the line reader).
static GO_SOURCE: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(r" source=\S+\.go:\d+ "));

/// The framework whose package a Python logger is named for (`INFO:torch.distributed...:`).
fn python_logger(prefix: &str) -> Option<&'static str> {
    let (_, name) = prefix.split_once(':')?;
    let package = name.split(['.', ':']).next()?;
    match package {
        "torch" => Some("pytorch"),
        "vllm" => Some("vllm"),
        "sglang" => Some("sglang"),
        "tensorrt_llm" => Some("tensorrt_llm"),
        "deepspeed" => Some("deepspeed"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> Line {
        Line::new(1, s.to_string())
    }

    #[test]
    fn every_prefix_is_valid() {
        for p in PREFIXES.iter() {
            assert!(
                regex_syntax::parse(p.re.as_str()).is_ok(),
                "{}",
                p.re.as_str()
            );
        }
    }

    #[test]
    fn reads_a_level_between_dashes_without_a_logger_name() {
        for raw in [
            "2024-01-01 01:50:33 - ERROR - Exception details: boom",
            "01:50:33 - ERROR - Exception details: boom",
        ] {
            let l = text(raw);
            assert_eq!(l.level, Some('E'), "{raw}");
            assert_eq!(l.text, "Exception details: boom", "{raw}");
        }
        // (a logger's name between them stays read as one)
        let l = text("2024-01-01 01:50:33 - mylog - WARNING - careful");
        assert_eq!((l.level, l.text.as_str()), (Some('W'), "careful"));
    }

    #[test]
    fn reads_logurus_information_levels_as_info() {
        for raw in [
            "2025-02-03T22:54:07.889978+0800 | compress | METRIC - error 1342.51",
            "2025-02-03 22:54:07.889 | main | SUCCESS - done",
        ] {
            assert_eq!(text(raw).level, Some('I'), "{raw}");
        }
    }

    #[test]
    fn unquotes_tritons_glog_message() {
        let l = text(
            r#"E0618 08:11:13.251518 1 model_lifecycle.cc:641] "failed to load 'm' version 1: key \"x\" not found""#,
        );
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, r#"failed to load 'm' version 1: key "x" not found"#);
        // (a message of its own in quotes elsewhere keeps them)
        let l = text(r#"2025-01-01 00:00:00 "quoted""#);
        assert_eq!(l.text, r#""quoted""#);
    }

    #[test]
    fn strips_rust_tracings_target_and_source() {
        let l = text("2025-04-23T03:14:07.818830Z ERROR text_embeddings_backend: backends/src/lib.rs:255: RuntimeError: boom");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "RuntimeError: boom");
        let l =
            text("2025-03-23T14:51:21.602769Z  WARN dynamo_llm::engines::vllm::worker: slow start");
        assert_eq!(l.level, Some('W'));
        assert_eq!(l.text, "slow start");
        // a target without a module path or a source is not told from a message's own words
        let l = text("2024-01-01 12:00:00,123 - ERROR - failed: disk full");
        assert_eq!(l.text, "failed: disk full");
    }

    #[test]
    fn a_viewers_clock_before_a_blank_line_leaves_it_blank() {
        assert_eq!(text("11:35:28.409 ").text.trim(), "");
        assert_eq!(
            text("11:35:28.409 Loading model done.").text,
            "Loading model done."
        );
    }

    #[test]
    fn strips_a_viewers_indented_minute_time() {
        let l = text(" 2025-02-18 12:54 [rank13]:[E218 04:54:22.864467604 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught");
        assert_eq!(l.rank, Some(13));
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "[Rank 1] Watchdog caught");
        // an indented line that does not start with a date keeps its indentation
        assert_eq!(
            text("  File \"x.py\", line 3").text,
            "  File \"x.py\", line 3"
        );
        assert_eq!(text(" 2025 was a year").text, " 2025 was a year");
        let l = text(" [rank3]:[E227 16:30:43.526301625 ProcessGroupNCCL.cpp:1834] [PG ID 2 PG GUID 3 Rank 3] Timeout at NCCL work: 32");
        assert_eq!(l.rank, Some(3));
        assert!(l.text.starts_with("[PG ID 2"), "{}", l.text);
    }

    #[test]
    fn strips_rich_handlers_columns() {
        let l = text("[05/05/25 16:31:14] DEBUG    connect failed, retrying          _trace.py:47");
        assert_eq!(l.level, Some('D'));
        assert_eq!(l.text, "connect failed, retrying");
        // (the time column left blank under a line of the same second)
        let blank = " ".repeat(20);
        let l = text(&format!(
            "{blank}ERROR    OSError: [Errno 98] in use        server.py:108"
        ));
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "OSError: [Errno 98] in use");
        // (a traceback's indentation before a word that is not a padded level stays)
        let code = format!("{blank}INFO = 3");
        assert_eq!(text(&code).text, code);
    }

    #[test]
    fn strips_a_runners_host_and_stream_tag() {
        let l = text("node-d004.cluster [stderr] [rank14]:[E909 09:55:29.307629539 ProcessGroupNCCL.cpp:607] [Rank 14] Watchdog caught collective operation timeout: ");
        assert_eq!(l.rank, Some(14));
        assert_eq!(l.level, Some('E'));
        assert!(l.text.starts_with("[Rank 14] Watchdog"), "{}", l.text);
        // (a bracketed word in prose is no tag)
        assert_eq!(
            text("see the [stderr] output").text,
            "see the [stderr] output"
        );
    }

    #[test]
    fn strips_a_ray_actors_fields_before_the_ranks_tag() {
        let l = text("(worker1, rank=1, pid=1341842, ip=10.2.97.7) [rank13]: RuntimeError: boom");
        assert_eq!(l.rank, Some(13));
        assert_eq!(l.text, "RuntimeError: boom");
    }

    #[test]
    fn strips_a_shippers_columns_behind_compose() {
        let l = text("svc  | 2025-03-01T12:00:00.123Z | ERROR | stderr | RuntimeError: boom");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "RuntimeError: boom");
        let l = text("svc  | 2025-03-01T12:00:00.123Z | ERROR | stderr |");
        assert_eq!(l.text, "");
        // the logger behind it gives the line's own level
        let l = text("svc  | 2025-03-01T12:00:00.123Z | ERROR | stderr | INFO 03-01 12:00:00 [core.py:1] ready");
        assert_eq!(l.level, Some('I'));
        assert_eq!(l.text, "ready");
        assert!(!l.relayed);
        // a launcher's INFO before its child's ERROR record: a relay
        let l = text(
            "I0305 20:23:38.890000 755 launcher.py:53] ERROR 09-14 03:01:12 [core.py:700] boom",
        );
        assert_eq!(
            (l.level, l.relayed, l.text.as_str()),
            (Some('E'), true, "boom")
        );
        let l =
            text("I0305 20:23:38.890000 755 launcher.py:53] INFO 09-14 03:01:12 [core.py:700] ok");
        assert!(!l.relayed);
    }

    #[test]
    fn vllms_logger_with_its_level_cut_by_a_paste() {
        let l = text("RROR 12-18 19:47:34 engine.py:366] ValueError: Total number of heads");
        assert_eq!(l.logger, Some("vllm"));
        assert_eq!(l.level, None);
        assert_eq!(l.text, "ValueError: Total number of heads");
        // (a capitalised word and a time of another shape is no such logger)
        let l = text("NOTE 12:47:34 engine.py:366] x");
        assert_eq!(l.logger, None);
    }

    #[test]
    fn a_runtime_time_before_vllms_logger() {
        // `kubectl logs --timestamps` / `docker logs -t`
        let l = text(
            "2025-08-03T11:35:28.409790786Z ERROR 08-03 04:35:28 [core.py:396] RuntimeError: boom",
        );
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.logger, Some("vllm"));
        assert_eq!(l.text, "RuntimeError: boom");
        // python logging's own level stays its prefix
        let l = text("2025-08-03 11:35:28,409 ERROR Traceback (most recent call last):");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "Traceback (most recent call last):");
        // a table printed behind a time keeps its first cells
        assert_eq!(
            text("2025-08-03T11:35:28.409790786Z | tensorrt_llm | 1 | UNAVAILABLE: x |").text,
            "| tensorrt_llm | 1 | UNAVAILABLE: x |"
        );
        // a time before a traceback keeps the frame's indentation
        assert_eq!(
            text("2025-08-03 11:35:28   File \"x.py\", line 3").text,
            "  File \"x.py\", line 3"
        );
    }

    #[test]
    fn strips_ray_tags_of_serve_and_data_actors() {
        let l = text("2026-03-09 01:31:29.489217213 (MapWorker(MapBatches(vLLMEngineActor)) pid=1202, ip=10.0.0.1) (EngineCore_DP0 pid=32080) ERROR 03-08 17:31:28 [core.py:1102] TimeoutError");
        assert_eq!(l.text, "TimeoutError");
        assert_eq!(l.level, Some('E'));
        let l =
            text("(ServeReplica:app:LLMDeployment-8B pid=4288, ip=10.0.0.2) Process EngineCore_0:");
        assert_eq!(l.text, "Process EngineCore_0:");
        // a parenthesis in prose keeps its words
        let l = text("(see: the docs) for details");
        assert_eq!(l.text, "(see: the docs) for details");
    }

    #[test]
    fn a_progress_bar_glued_before_a_line_is_stripped_after_the_collectors_prefix() {
        let l = text("99%|\u{2588}\u{2588}\u{2589}| 23054/23316 [2:22:47<01:34,  2.79it/s][rank1]:[E1101 17:03:05.823968890 ProcessGroupNCCL.cpp:607] [Rank 1] Watchdog caught collective operation timeout");
        assert_eq!((l.rank, l.glued_bar), (Some(1), true));
        assert!(l.text.starts_with("[Rank 1] Watchdog caught"));
        // (a notebook's bar has no borders; a collector's level before the bar stays the line's)
        let l = text(
            "Transcribe:   0%|          | 0/4240.94 [00:00<?, ?sec/s]Could not load library x",
        );
        assert_eq!(l.text, "Could not load library x");
        let l = text("app  | 2025-03-01T12:00:00.123Z | ERROR | stderr | Epoch 14:   0% 0/101 [00:00<?, ?it/s]boom");
        assert_eq!(l.text, "boom");
        // a bar alone is a progress line, not a prefix
        let bar =
            "Loading safetensors checkpoint shards: 100% Completed | 2/2 [00:01<00:00,  1.50it/s]";
        assert_eq!(text(bar).text, bar);
    }

    #[test]
    fn markdown_left_around_a_line_is_stripped() {
        assert_eq!(
            text("RuntimeError: No CUDA GPUs are available`").text,
            "RuntimeError: No CUDA GPUs are available"
        );
        assert_eq!(
            text("**torch.OutOfMemoryError: CUDA out of memory. Tried").text,
            "torch.OutOfMemoryError: CUDA out of memory. Tried"
        );
        // (not absl's banner, nor a line quoting code in the middle)
        assert_eq!(
            text("*** SIGSEGV received at time=1 ***").text,
            "*** SIGSEGV received at time=1 ***"
        );
        assert_eq!(text("set `x` to 1").text, "set `x` to 1");
        assert_eq!(text("rank3]:   File \"a.py\", line 1, in f").rank, Some(3));
    }

    #[test]
    fn strips_torch_rank_and_glog() {
        let l = text("[rank0]:[E1130 03:11:11.199672504 ProcessGroupNCCL.cpp:689] [Rank 0] Watchdog caught collective operation timeout");
        assert_eq!(l.rank, Some(0));
        assert_eq!(l.level, Some('E'));
        assert!(l.text.starts_with("[Rank 0] Watchdog"), "{}", l.text);
    }

    #[test]
    fn strips_native_loggers_of_abseil_ray_and_rocm() {
        // abseil before its clock is set: the epoch in the seconds
        let l = text("E0000 00:00:1762238119.118504 2368741 gpunetio_backend.cpp:1105] Can't register memory for unknown device 3");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "Can't register memory for unknown device 3");
        // Ray's C++ logger at its FATAL level
        let l = text("[2022-02-16 12:46:52,789 C 149 149] node_manager.cc:170: This node has beem marked as dead.");
        assert_eq!(l.level, Some('C'));
        assert_eq!(l.logger, Some("ray"));
        assert_eq!(l.text, "This node has beem marked as dead.");
        // ROCm's runtime log
        let l = text(":1:rocdevice.cpp            :1824: 3852921762 us: [pid:9     tid:0x7fcd5fa0c4c0] HSA_AMD_AGENT_INFO_MEMORY_AVAIL query failed.");
        assert_eq!(l.text, "HSA_AMD_AGENT_INFO_MEMORY_AVAIL query failed.");
        // a container runtime's and Compose's tags alone on a blank line
        assert_eq!(text("2025-08-03T11:35:28.409790786Z stderr F").text, "");
        assert_eq!(text("app-1  |").text, "");
    }

    #[test]
    fn strips_sglang_prefix() {
        let l = text("[2026-02-26 15:56:59 DP1 TP3] Scheduler hit an exception: Traceback (most recent call last):");
        assert_eq!(l.rank, Some(3));
        assert_eq!(
            l.text,
            "Scheduler hit an exception: Traceback (most recent call last):"
        );
        let l = text("[2026-02-26 05:19:58] WARNING model_config.py:1025: Transformers version 5.3.0.dev0 is used");
        assert_eq!(l.level, Some('W'));
        assert_eq!(l.text, "Transformers version 5.3.0.dev0 is used");
    }

    #[test]
    fn strips_vllm_prefix_with_ansi() {
        let l = text("\x1b[1;36m(EngineCore_DP0 pid=17374)\x1b[0;0m ERROR 09-28 15:47:24 [core.py:718] EngineCore failed to start.");
        assert_eq!(l.process.as_deref(), Some("EngineCore_DP0"));
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "EngineCore failed to start.");
        let l = text("ESC[1;36m(VllmWorker rank=3 pid=1090)ESC[0;0m RuntimeError: boom");
        assert_eq!(l.rank, Some(3));
        assert_eq!(l.text, "RuntimeError: boom");
        // (rsyslog writes the escape byte as `#033`, behind its own prefix)
        let l = text("Apr  3 17:38:57 host app[140320]: #033[1;36m(VllmWorker rank=2 pid=140320)#033[0;0m OSError: x.so: cannot open shared object file");
        assert_eq!(l.rank, Some(2));
        assert_eq!(l.text, "OSError: x.so: cannot open shared object file");
    }

    #[test]
    fn strips_list_bullets_rank_tags_and_bare_llama_times() {
        // (a Markdown bullet before glog's prefix, and bold around the message)
        let l = text(
            "* E0530 23:11:46.299486 1 logging.cc:43] **The engine plan file is not compatible**",
        );
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "The engine plan file is not compatible");
        let l = text("[RANK 4] 2026-05-19 10:10:29,604 [ERROR] boom");
        assert_eq!(l.rank, Some(4));
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "boom");
        let l = text("49.13.366.995 /src/ggml-cuda/fattn.cu:574: fatal error");
        assert_eq!(l.text, "/src/ggml-cuda/fattn.cu:574: fatal error");
        // (a bar alone behind a task's name, whatever the name says; not a message before a bar)
        assert!(is_named_progress_bar(
            "Running OCR Error Detection: 100%|\u{2588}\u{2588}| 1/1 [00:00<00:00, 51.64it/s]"
        ));
        assert!(!is_named_progress_bar(
            "RuntimeError: boom: 50%|\u{2588}| 1/2 [00:01<00:01, 1.00it/s]"
        ));
        // (spdlog's lower-case level, as NVIDIA's GXF and Holoscan print it)
        let l = text("[info] [gxf_executor.cpp:2469] Waiting for completion...");
        assert_eq!(l.level, Some('I'));
        assert_eq!(text("[error] [x.cpp:1] boom").level, Some('E'));
        // (a banner of stars is no bullet)
        assert_eq!(text("*****").text, "*****");
    }

    #[test]
    fn a_viewers_line_numbers_are_stripped_from_the_second_numbered_line() {
        let mut lines = Vec::new();
        let log = ">  57   File \"x.py\", line 245, in get\n>  58     raise KeyError(\n>  59 KeyError: 'x'\n";
        for_each_line(log.as_bytes(), |l| lines.push(l)).unwrap();
        assert_eq!(lines[1].text, "    raise KeyError(");
        assert_eq!(lines[2].text, "KeyError: 'x'");
        // (not a native backtrace's numbered frames, nor numbers that do not follow)
        let mut lines = Vec::new();
        let log = "0 0x0000000000042520 __sigaction() ???:0\n1 0x00000000010d475f f() ???:0\n3 errors\n7 more\n";
        for_each_line(log.as_bytes(), |l| lines.push(l)).unwrap();
        assert_eq!(lines[1].text, "1 0x00000000010d475f f() ???:0");
        assert_eq!(lines[3].text, "7 more");
    }

    #[test]
    fn a_line_set_in_markdown_emphasis_is_the_line() {
        for t in [
            "**ValueError: bad value**",
            "_**ValueError: bad value**_",
            "**_ValueError: bad value_**",
            "***ValueError: bad value***",
        ] {
            assert_eq!(text(t).text, "ValueError: bad value", "{t}");
        }
        // (a logger's prefix inside the emphasis comes off too)
        let l = text("**_ERROR 11-25 06:52:24 engine.py:366] ValueError: bad value_**");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "ValueError: bad value");
        // (a banner's stars stay)
        assert!(text("*** SIGSEGV received at time=1 ***")
            .text
            .contains("SIGSEGV"));
    }

    #[test]
    fn strips_libsharp_and_zerolog_prefixes() {
        let l = text(
            "[node:0:174 - tree_ops.c:314][2024-05-30 12:26:47] ERROR Failed to lock SAT tree",
        );
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "Failed to lock SAT tree");
        let l =
            text("[C25L18:0:24972 - comm.c:374] ERROR Failed to lock SAT tree(ID:0x40 ret:0x4)");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "Failed to lock SAT tree(ID:0x40 ret:0x4)");
        let l = text("api_1  | 8:39AM INF [llama-cpp] Fails: could not load model");
        assert_eq!(l.level, Some('I'));
        assert_eq!(l.text, "[llama-cpp] Fails: could not load model");
        let l = text("11:26PM ERR Server error error=\"rpc error\"");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "Server error error=\"rpc error\"");
    }

    #[test]
    fn strips_tensorflow_cpp_logger() {
        let l = text("2021-02-27 01:33:51.779607: W tensorflow/stream_executor/gpu/asm_compiler.cc:235] Your CUDA software stack is old.");
        assert_eq!(l.level, Some('W'));
        assert_eq!(l.text, "Your CUDA software stack is old.");
    }

    #[test]
    fn strips_glog_and_python_logging() {
        let l = text("E1130 03:12:18.297000 1138 torch/distributed/elastic/multiprocessing/api.py:986] failed (exitcode: -6)");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "failed (exitcode: -6)");
        // (glog 0.7 writes the year into the date)
        let l = text("E20260106 06:43:02.966156  5793 ascend_direct_transport.cpp:820] Failed");
        assert_eq!((l.level, l.text.as_str()), (Some('E'), "Failed"));
        let l = text("[2026-11-30 03:09:50,914] INFO Capture cuda graph begin.");
        assert_eq!(l.text, "Capture cuda graph begin.");
        // Python's default format has no space after the logger's name, which names the
        // package that logged
        let l = text("INFO:torch.distributed.elastic.multiprocessing:Setting worker0 reply file to: /tmp/e/error.json");
        assert_eq!(l.level, Some('I'));
        assert_eq!(l.logger, Some("pytorch"));
        assert_eq!(l.text, "Setting worker0 reply file to: /tmp/e/error.json");
        let l = text("ERROR:root:Failed loading model mnist");
        assert_eq!((l.level, l.logger), (Some('E'), None));
        assert_eq!(l.text, "Failed loading model mnist");
        // Go's slog, text format: the level and the source before the message's fields
        let l = text(
            r#"time=2025-03-12T12:14:22.015Z level=ERROR source=sched.go:456 msg="error loading llama server""#,
        );
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, r#"msg="error loading llama server""#);
        // (the Go source it names marks Ollama's server; a record without one names nothing)
        assert_eq!(l.logger, Some("ollama"));
        let l = text(r#"time=2026-09-19T20:06:59.547Z level=INFO msg="Starting dcgm-exporter""#);
        assert_eq!(l.logger, None);
        // (and logrus', the time quoted and the level in lower case)
        let l = text(r#"time="2021-03-05T07:35:54Z" level=info msg="Not collecting DCP metrics""#);
        assert_eq!(l.level, Some('I'));
        assert_eq!(l.text, r#"msg="Not collecting DCP metrics""#);
    }

    #[test]
    fn triton_servers_glog_sources_name_it() {
        let l = text("I0329 17:33:30.929620 5501 model_repository_manager.cc:960] successfully loaded 'retinaface' version 1");
        assert_eq!(l.logger, Some("triton"));
        assert_eq!(l.text, "successfully loaded 'retinaface' version 1");
    }

    #[test]
    fn strips_ray_cpp_logger_with_source_location() {
        let l = text("[2024-07-25 10:46:00,050 E 24036 24036] logging.cc:440: *** SIGSEGV received at time=1 on cpu 2 ***");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "*** SIGSEGV received at time=1 on cpu 2 ***");
        let l = text(
            "[2025-04-02 15:02:00,117 E 135782 135782] (raylet) node_manager.cc:1134: Worker died",
        );
        assert_eq!(l.process.as_deref(), Some("raylet"));
        assert_eq!(l.text, "Worker died");
    }

    #[test]
    fn strips_prefixes_of_lines_that_are_not_ascii() {
        let l = text("[rank1]: Loading safetensors: 100%|\u{2588}\u{2588}| 2/2");
        assert_eq!(l.rank, Some(1));
        assert_eq!(l.text, "Loading safetensors: 100%|\u{2588}\u{2588}| 2/2");
        let l = text("caf\u{e9}-1  | d\u{e9}j\u{e0} vu");
        assert_eq!(l.process.as_deref(), Some("caf\u{e9}-1"));
        assert_eq!(l.text, "d\u{e9}j\u{e0} vu");
        let l = text("[2026-02-26 15:56:59 TP3] \u{2502} exit code: 1");
        assert_eq!(l.rank, Some(3));
        assert_eq!(l.text, "\u{2502} exit code: 1");
    }

    #[test]
    fn strips_kernel_times_of_dmesg_and_its_human_form() {
        for raw in [
            "[   43.337565] NVRM: GSP boot failed",
            "[  +0.004833] NVRM: GSP boot failed",
            "[Dec 5 10:00] NVRM: GSP boot failed",
            "[Mon Nov 30 03:09:50 2026] NVRM: GSP boot failed",
        ] {
            assert_eq!(text(raw).text, "NVRM: GSP boot failed", "{raw}");
        }
    }

    #[test]
    fn strips_other_launcher_prefixes() {
        let l = text("[06/21/2025-01:30:42] [TRT-LLM] [RANK 0] [E] Failed to initialize executor on rank 0: boom");
        assert_eq!((l.rank, l.level), (Some(0), Some('E')));
        assert_eq!(l.text, "Failed to initialize executor on rank 0: boom");
        let l = text(
            "[rank1]:[E626 06:24:44.903881913 ProcessGroupNCCL.cpp:616] [Rank 1] Watchdog caught",
        );
        assert_eq!((l.rank, l.level), (Some(1), Some('E')));
        assert_eq!(l.text, "[Rank 1] Watchdog caught");
        let l = text("[E ProcessGroupNCCL.cpp:475] [Rank 2] Watchdog caught");
        assert_eq!(l.text, "[Rank 2] Watchdog caught");
        let l = text("[155] crow-ib-19:5330:7970 [3] misc/ibvwrap.cc:284 NCCL WARN Call failed");
        assert_eq!(l.text, "misc/ibvwrap.cc:284 NCCL WARN Call failed");
        let l = text("2025-08-28 21:19:34 ERROR 125765 [ DP10 TP10 EP10 scheduler.py:2655] Scheduler hit an exception");
        assert_eq!((l.rank, l.level), (Some(10), Some('E')));
        assert_eq!(l.text, "Scheduler hit an exception");
        let l =
            text("(Worker_TP6 pid=288161) ERROR 10-17 13:05:09 [multiproc_executor.py:671] boom");
        assert_eq!(l.rank, Some(6));
        let l = text("(raylet) [2025-04-02 15:02:00,117 E 135782 135782] (raylet) node_manager.cc:3069: 1 Workers killed");
        assert_eq!(l.level, Some('E'));
        assert_eq!(l.text, "1 Workers killed");
        let l = text("[2025-05-25 19:45:03] [ERROR] Scheduler hit an exception");
        assert_eq!(l.level, Some('E'));
        let l = text("(pid=909608) z-pc:909608:910337 [0] NCCL INFO Channel 00/02 :    0   1");
        assert_eq!(l.text, "NCCL INFO Channel 00/02 :    0   1");
        // (the app's two spaces after the level, not the traceback's indentation behind them)
        let l = text("[09:22:28] stdout/INFO    File \"x.py\", line 3, in run");
        assert_eq!(
            (l.level, l.text.as_str()),
            (None, "  File \"x.py\", line 3, in run")
        );
        let l = text("[12:01:44] [Server thread/ERROR]: boom");
        assert_eq!(l.text, "boom");
        let l = text("(SGLangEngine pid=23902)     subprocess.run( [repeated 2x across cluster]");
        assert_eq!(l.text, "    subprocess.run(");
    }

    #[test]
    fn words_in_another_script_before_an_exception_are_not_its_message() {
        for (raw, message) in [
            (
                "报错ValueError: No available memory",
                "ValueError: No available memory",
            ),
            // (a sentence that names no exception is kept whole)
            ("报错了，请看下面", "报错了，请看下面"),
        ] {
            assert_eq!(text(raw).text, message);
        }
    }

    #[test]
    fn strips_ci_bars_and_cut_logger_tags() {
        let l = text(
            "  | (EngineCore_DP0 pid=6804) ValueError: No available memory for the cache blocks.",
        );
        assert_eq!(l.process.as_deref(), Some("EngineCore_DP0"));
        assert_eq!(
            l.text,
            "ValueError: No available memory for the cache blocks."
        );
        let l = text("  | [2025-03-10T15:07:20Z] ERROR 03-10 08:07:20 [core.py:302] EngineCore hit an exception");
        assert_eq!(l.text, "EngineCore hit an exception");
        let l = text("    | ValueError: bad");
        assert_eq!(l.text, "ValueError: bad");
        // torchrun's tee of a local worker, behind NeMo-Run's task tag
        let l = text("pretrain/0 [default6]:[rank6]:     raise RuntimeError(msg)");
        assert_eq!(l.rank, Some(6));
        assert_eq!(l.text, "    raise RuntimeError(msg)");
        // behind a collector's prefix: the bar is still a margin
        let l = text(
            "2025-08-03T11:35:28.409790786Z stderr F   | (EngineCore_DP0 pid=1) ValueError: bad",
        );
        assert_eq!(l.process.as_deref(), Some("EngineCore_DP0"));
        assert_eq!(l.text, "ValueError: bad");
        let l = text("app-1  |   | GPU | Name |");
        assert_eq!(l.text, "  | GPU | Name |");
        let l = text("| GPU | Name | Memory |");
        assert_eq!(l.text, "| GPU | Name | Memory |");
        let l = text("[multiproc_executor.py:492] ValueError: Free memory on device (1/2 GiB)");
        assert_eq!(l.text, "ValueError: Free memory on device (1/2 GiB)");
        let l = text("] ValueError: No valid attention backend found");
        assert_eq!(l.text, "ValueError: No valid attention backend found");
    }

    #[test]
    fn keeps_plain_python_lines() {
        let l = text("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 200.00 GiB.");
        assert_eq!(
            l.text,
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 200.00 GiB."
        );
        let l = text("  File \"/x.py\", line 3, in <module>");
        assert_eq!(l.text, "  File \"/x.py\", line 3, in <module>");
    }

    #[test]
    fn a_frame_with_quotes_a_json_string_escaped_is_unescaped() {
        let l = text(r#"  File \"/x.py\", line 3, in run"#);
        assert_eq!(l.text, "  File \"/x.py\", line 3, in run");
        // (only a frame: an exception's message keeps what it printed)
        let l = text(r#"ValueError: bad \"x\""#);
        assert_eq!(l.text, r#"ValueError: bad \"x\""#);
    }

    #[test]
    fn a_frame_whose_quotes_a_forum_curled_is_read_straight() {
        let l = text("File “main.py”, line 135, in main");
        assert_eq!(l.text, "File \"main.py\", line 135, in main");
        let l = text("ValueError: bad “x”");
        assert_eq!(l.text, "ValueError: bad “x”");
    }

    #[test]
    fn reads_crlf_gzip_and_bad_utf8() {
        let lines = read_bytes(b"a\r\nb\xff\nc");
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].raw, "a");
        assert_eq!(lines[1].raw, "b\u{FFFD}");
        assert_eq!(lines[2].number, 3);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        std::io::Write::write_all(&mut gz, b"x\ny\n").unwrap();
        let lines = read_bytes(&gz.finish().unwrap());
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1].raw, "y");
    }

    #[test]
    fn caps_long_lines() {
        let mut big = vec![b'a'; 3 * MAX_LINE_BYTES];
        big.extend_from_slice(b"\nok\n");
        let lines = read_bytes(&big);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].raw.len(), MAX_LINE_BYTES);
        assert_eq!(lines[1].raw, "ok");
    }

    #[test]
    fn reads_json_log_records() {
        let l = text(
            r#"{"log":"RuntimeError: CUDA error: out of memory\n","stream":"stderr","time":"2026-01-01T00:00:00Z"}"#,
        );
        assert_eq!(l.text, "RuntimeError: CUDA error: out of memory");
        // (a paste that kept the record only up to its message)
        let l = text(r#"{"log":"releasing cuda driver library\n""#);
        assert_eq!(l.text, "releasing cuda driver library");
    }

    #[test]
    fn utf16_counts_lines_like_utf8() {
        let mut le = vec![0xff, 0xfe];
        le.extend("a\r\nb\n".encode_utf16().flat_map(u16::to_le_bytes));
        let lines = read_bytes(&le);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].raw, "a");
        assert_eq!(lines[1].raw, "b");
        assert!(read_bytes(&[0xff, 0xfe]).is_empty());
    }

    #[test]
    fn empty_input_has_no_lines() {
        assert!(read_bytes(b"").is_empty());
    }
}
