//! Signatures and fingerprints.
//!
//! A signature is a short human title of a crash with volatile tokens (numbers, addresses, paths,
//! ranks, times, sizes) removed; the fingerprint hashes what makes two crashes the same problem:
//! the class, the normalised message and, for messages that many different bugs share ("illegal
//! memory access", "no kernel image"), where it happened (the kernel, module or library).

use crate::ascii_first::AsciiFirst;
use crate::parse::events::{
    exception_parts, Event, NO_OPERATOR, OP_REASON, STORE_READ_FAILED, STORE_SERVER_GONE,
    TORCH_NO_KERNEL, WINDOWS_EXCEPTION,
};
use regex::Regex;
use std::sync::LazyLock;

const VOLATILE_SOURCE: &str = concat!(
    r#"(?P<q>'[^']{0,200}'|"[^"]{0,200}")"#,
    // (and a Windows path, `d:\a\koboldcpp\ggml\src\ggml-cuda\mmv.cu`, or one that mixes both
    // separators, as a Windows build's `__FILE__` does: `C:/a/xformers/hopper\flash_fwd.h`)
    r"|(?P<path>(?:[A-Za-z]:)?[\w.+@\-]*(?:[/\\][\w.+@\-]+){2,}[/\\]?)",
    // (and an id made of a word and a hex digest: a request's `cmpl-<hex>-0`, `resp_<hex>`, and
    // with the random suffix newer vLLM adds, `chatcmpl-<hex>-92abbc5c`; and such an id a paste
    // elided, `chatcmpl-...`)
    r"|(?P<hex>\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{12,}\b|\b[A-Za-z]+[_-](?:[0-9a-fA-F]{12,}(?:-[0-9a-fA-F]{1,16})?\b|\.\.\.|…))",
    r"|(?P<uuid>\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b)",
    r"|(?P<ip>\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b)",
    // (and an IPv6 address, as NCCL's RoCE transport names a peer by its link-local one and
    // interface, `fe80::966d:ae03:8b:df7%ib0`: four groups at least, which no time of day has)
    r"|(?P<ip6>\b[0-9a-fA-F]{1,4}::?(?:[0-9a-fA-F]{1,4}::?){2,6}[0-9a-fA-F]{1,4}\b(?:%\w+)?)",
    // a PCI bus id, as nvidia-smi and NVML print a GPU's (`GPU 00000000:BA:00.0`, `GPU0000:07:00.0`)
    r"|(?P<bus>(?:\bGPU ?)?(?:[0-9A-Fa-f]{3,8}:)?\b[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]\b)",
    // (the machine a message names, ONNX Runtime's `CUDA failure 700: ... ; GPU=0 ;
    // hostname=DESKTOP-4R2 ; file=...`)
    r"|(?P<host>\bhostname=[^\s;,]+)",
    // (a size joined to its unit is a number all the same: `reserve 14.51G`, `80GB`, `512MiB`)
    r"|(?P<num>[-+]?\b\d+(?:[.,:]\d+)*(?:[eE][-+]?\d+)?(?:[KMGT]i?B?|B)?\b)"
);

static VOLATILE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(VOLATILE_SOURCE).expect("valid regex"));

/// The same pattern in ASCII form, for ASCII messages: it gives the same matches there and is
/// several times cheaper to build (see `crate::ascii_first`).
static VOLATILE_ASCII: LazyLock<regex::bytes::Regex> = LazyLock::new(|| {
    regex::bytes::RegexBuilder::new(VOLATILE_SOURCE)
        .unicode(false)
        .build()
        .expect("valid regex")
});

/// Normalises volatile tokens of a message: numbers to `N`, hex to `HEX`, paths to their file
/// name, quoted strings kept short; the same template for two lines that differ only in values.
pub fn normalize(text: &str) -> String {
    let folded;
    let text = if text.is_ascii() {
        text
    } else {
        folded = fold_fullwidth(text);
        folded.as_str()
    };
    let out = if text.is_ascii() {
        let out = VOLATILE_ASCII.replace_all(text.as_bytes(), |c: &regex::bytes::Captures| {
            let group = |name: &str| {
                // an ASCII haystack has a char boundary at every byte
                c.name(name).map(|m| &text[m.range()])
            };
            replacement(group)
        });
        // ASCII text with UTF-8 replacements
        std::borrow::Cow::Owned(String::from_utf8_lossy(&out).into_owned())
    } else {
        VOLATILE.replace_all(text, |c: &regex::Captures| {
            replacement(|name: &str| c.name(name).map(|m| m.as_str()))
        })
    };
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` with the full-width forms of ASCII characters (`，` `：` `（`, which CJK input methods
/// type, so one message pasted twice may differ in them) and the ideographic space as ASCII.
/// (A full-width comma, colon or semicolon carries its own spacing: it reads as the ASCII one and
/// a space.)
fn fold_fullwidth(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{ff0c}' | '\u{ff1a}' | '\u{ff1b}' => {
                out.push(char::from_u32(c as u32 - 0xfee0).unwrap_or(c));
                out.push(' ');
            }
            '\u{ff01}'..='\u{ff5e}' => out.push(char::from_u32(c as u32 - 0xfee0).unwrap_or(c)),
            '\u{3000}' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// XLA's driver JIT not finding a kernel in the PTX it loaded (`failed to get PTX kernel
/// "compare_3" from module: CUDA_ERROR_NOT_FOUND: named symbol not found`): which of the
/// program's kernels came first is the program's; that the JIT lacks them is the problem.
fn ptx_kernel_key(text: &str) -> Option<String> {
    let rest = &text[text.find("failed to get PTX kernel ")?..];
    let (_, status) = rest.split_once(" from module: ")?;
    Some(format!(
        "failed to get PTX kernel from module: {}",
        normalize(status)
    ))
}

/// What a volatile token becomes, from the groups of its match.
fn replacement<'t>(group: impl Fn(&str) -> Option<&'t str>) -> String {
    if let Some(s) = group("q") {
        // keep short quoted identifiers (a model type, a key) but not values
        if s.len() <= 40 && !s.chars().any(|ch| ch.is_ascii_digit()) {
            return s.to_string();
        }
        return "'…'".to_string();
    }
    if let Some(p) = group("path") {
        let base = p
            .trim_end_matches(['/', '\\'])
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or("");
        let base = VOLATILE_NUM.replace_all(base, "N");
        return format!("…/{base}");
    }
    if let Some(h) = group("hex") {
        // (a long decimal number, `Token id 5279552648203111001`, is a number all the same)
        return if h.bytes().all(|b| b.is_ascii_digit()) {
            "N"
        } else {
            "HEX"
        }
        .to_string();
    }
    if group("uuid").is_some() {
        return "HEX".to_string();
    }
    if group("ip").is_some() || group("ip6").is_some() {
        return "IP".to_string();
    }
    if group("host").is_some() {
        return "hostname=HOST".to_string();
    }
    if let Some(b) = group("bus") {
        return if b.starts_with("GPU") {
            "GPU BUS"
        } else {
            "BUS"
        }
        .to_string();
    }
    "N".to_string()
}

static VOLATILE_NUM: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\d+").expect("valid regex"));

/// The template of a line for folding and grouping: [`normalize`] of its message.
pub fn template(text: &str) -> String {
    normalize(text)
}

/// A stable 16-hex-digit hash of the parts.
pub fn fingerprint(parts: &[&str]) -> String {
    let joined = parts.join("\u{1f}");
    format!("{:016x}", xxhash_rust::xxh3::xxh3_64(joined.as_bytes()))
}

/// A kernel's sticky faults, which whatever CUDA call comes next reports: generic messages
/// too (see [`GENERIC`]).
const STICKY_FAULTS: &[&str] = &[
    "illegal memory access",
    "misaligned address",
    "unspecified launch failure",
    "device-side assert triggered",
];

/// Messages shared by many unrelated bugs, beside [`STICKY_FAULTS`]: the fingerprint adds
/// where they happened. (CUDA's `no kernel image` is in [`BY_LIBRARY`].)
const GENERIC: &[&str] = &[
    "Segmentation fault",
    "unhandled cuda error",
    "illegal instruction",
    // torch's allocator reports every failed allocation alike, whatever step asked too much (a
    // framework's own report, `CUDA out of memory occurred when warming up sampler`, says where)
    "CUDA out of memory. Tried to allocate",
    "CUDA error: out of memory",
    // Python's IndexError of a tuple, list or string names no index and no object
    "index out of range",
    // a JIT's or a compiler's report that names no compiler (DeepGEMM's, Numba's NVVM)
    "Failed to compile",
];

/// Serving frameworks with kernels and schedulers of their own (see [`signature`]).
const SERVERS: &[&str] = &["sglang", "vllm", "tensorrt_llm", "lmdeploy", "tgi"];

/// Messages that name their cause, a binary built without this GPU's architecture: which binary
/// tells two problems apart (the kernel, or the package whose code raised it: flash-attn,
/// vLLM's `_C`, xformers), not the frame of the application where it surfaced. Raised through
/// torch's own kernels from a user's script, it is one problem, torch's build.
const BY_LIBRARY: &[&str] = &["no kernel image"];

/// A TensorRT error behind the source location that raised it (see [`signature`]).
static TRT_LOCATED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(r"\[([\w.]+\.(?:cpp|cc|cu|h))::[\w:~]+::\d+\] (Error Code \d+: .*)")
});

/// The signature (title) and fingerprint of an elected root error, in a log of `framework`.
pub fn signature(
    class: &str,
    phase: &str,
    ev: &Event,
    framework: Option<&str>,
) -> (String, String) {
    // (a driver error whose CUDA name and message a paste wrapped onto the next line; a
    // loader's `ImportError: <path>.so:` whose `undefined symbol: <sym>` went onto the next)
    let joined;
    let text = match ev.after.first() {
        Some(a)
            if (ev.text.contains("CUDA driver error (")
                && a.trim_start().starts_with("(CUDA_ERROR_"))
                || (ev.text.trim_end().ends_with(".so:")
                    && a.trim_start().starts_with("undefined symbol: ")) =>
        {
            joined = format!("{} {}", ev.text.trim_end(), a.trim());
            joined.as_str()
        }
        _ => ev.text.as_str(),
    };
    let msg = core_message(text);
    let norm = normalize(&msg);
    let short = short_title(&norm);
    let title = if phase == "unknown" {
        format!("{class}: {short}")
    } else {
        format!("{class}: {short} [{phase}]")
    };
    // One error in two wordings, keyed alike: ggml's HIP build has named its backend in CUDA's
    // errors since 2024 (`ROCm error: out of memory`, `CUDA error: ...` before); TensorRT 8's
    // ONNX parser puts the node and the error code before the check that failed (`In node 0
    // (importModel): INVALID_GRAPH: Assertion failed: ...`, earlier `[5] Assertion failed: ...`)
    static TRT_NODE: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(concat!("^", crate::parse::events::trt_parser_node!())));
    // (and a program's label of the message it logs for an exception it caught, `Exception
    // details: <message>`)
    let reworded = match msg.strip_prefix("ROCm error: ") {
        Some(rest) => Some(format!("CUDA error: {rest}")),
        None => ["Exception details: ", "Exception message: "]
            .iter()
            .find_map(|p| msg.strip_prefix(p))
            .map(str::to_string)
            .or_else(|| TRT_NODE.find(&msg).map(|m| msg[m.end()..].to_string())),
    };
    let (msg, norm) = match reworded {
        Some(msg) => {
            let norm = normalize(&msg);
            (msg, norm)
        }
        None => (msg, norm),
    };
    let op_key = flashinfer_op_key(class, ev);
    let special = op_key.clone().or_else(|| special_key(class, ev, &norm));
    // (a bare exception that a rule keyed by what raised it already names its problem)
    let placed = special.is_some() && bare_exception(&msg);
    // (TensorRT's error is keyed by the source file that raised it, wherever the line's reader
    // left its location, `[calibrator.cpp::add::779] Error Code 1: ...` or behind a logger's
    // `Error[1]: `, and whatever function path a version gives it, `pluginV2Runner.cpp::load`,
    // `pluginV2Runner.cpp::nvinfer1::rt::load`)
    let key = special.unwrap_or_else(|| match TRT_LOCATED.captures(text) {
        Some(c) => key_message(class, &normalize(&format!("[{}] {}", &c[1], &c[2]))),
        None => key_message(class, &norm),
    });
    let mut parts = vec![class.to_string(), key];
    // (NCCL's `unhandled cuda error` that names the CUDA call's failure below it is that
    // failure, whichever collective of whichever program met it)
    let nccl_named = matches!(class, "nccl_error" | "cuda_driver_error" | "cuda_oom")
        && msg.contains("unhandled cuda error")
        && (nccl_cuda_failure(ev).is_some() || nccl_last_error(ev).is_some());
    let sticky = STICKY_FAULTS.iter().any(|g| msg.contains(g));
    let generic = sticky || GENERIC.iter().any(|g| msg.contains(g));
    if (generic || bare_exception(&msg)) && !nccl_named && !placed {
        // A kernel that faults while a server captures its CUDA graphs is reported from whichever
        // call of the capture loop synchronised next (the runner's constructor, one batch size's
        // capture, a stream sync), which differs between versions: the capture is the place.
        // The torch call an out-of-memory was raised in (`backward`, an optimizer's `step`):
        // during training it is where, whichever script made it (the batch is too big for that
        // step); otherwise only when no frame of the application was pasted.
        let entry = (class == "cuda_oom").then(|| torch_entry(ev)).flatten();
        let (entry_first, entry_last) = match phase {
            "training" => (entry, None),
            _ => (None, entry),
        };
        if phase == "cuda_graph_capture" && KERNEL.captures(&ev.text).is_none() {
            parts.push(phase.to_string());
        } else if let Some(w) = entry_first {
            parts.push(w);
        } else if native_fault_frame(ev).is_some() {
            // (the native frame that faulted, added below, is the place: not the Python frames
            // of whichever program called the native code)
        } else if class == "nccl_error" {
            // (NCCL's failure surfaces in whichever collective or init call met it first, in
            // whichever wrapper a version has: no place of the problem)
        } else if let Some(w) = location(ev, msg.contains("Segmentation fault")) {
            parts.push(w);
        } else if let Some(w) = entry_last {
            parts.push(w);
        } else if let Some(fw) = framework.filter(|fw| SERVERS.contains(fw)) {
            // Nothing says where (a paste of the message alone, a watchdog's report): the
            // server that ran is the one place known, and a fault or an out-of-memory in one
            // server's kernels is not the same problem as in another's. (Not for NCCL's
            // `unhandled cuda error`, NCCL's own whichever program called it, nor for a
            // program known only to use torch: that names no code of its own.)
            if class != "nccl_error" {
                parts.push(format!("in {fw}"));
            }
        }
    } else if BY_LIBRARY.iter().any(|g| msg.contains(g))
        // (an op that names itself is the binary: `RMSNorm failed with error code ...`)
        && op_key.is_none()
        && !msg.contains(" failed with error code ")
    {
        // (a C++ program names the CUDA source of the failed call, `CUDA error 209 at
        // D:\src\ggml-cuda.cu:5284: no kernel image ...` or below the message, `current device:
        // 0, in function ggml_cuda_compute_forward at .../ggml-cuda.cu:2313`: that source is the
        // binary, whichever call, line or path)
        if let Some(file) = cuda_source(ev) {
            parts[1] = key_message(class, "no kernel image is available for execution");
            parts.push(format!("in {file}"));
        } else if let Some(w) = library(ev) {
            parts.push(w);
        }
    }
    // CUDA refuses a call a capture does not allow (`operation not permitted when stream is
    // capturing`) as the call is made, so the innermost frame of the program is the code that
    // made it: two models' code that each sync the host while captured are two problems.
    if class == "cuda_graph_capture_error" && msg.contains("not permitted when stream is capturing")
    {
        if let Some(w) = location(ev, false) {
            parts.push(w);
        }
    }
    // A CUDA error that a C++ program states with the source of its failed call below (ggml's
    // `current device: 0, in function alloc at .../ggml-cuda.cu:420`) happened in that source,
    // not in whichever torch program fails with the same message. (Not a kernel's sticky fault,
    // which the next call of any source reports.)
    if parts.len() == 2 && msg.starts_with("CUDA error: ") && !sticky {
        if let Some(file) = cuda_source(ev) {
            parts.push(format!("in {file}"));
        }
    }
    // A build killed for want of host memory (an engine's or an extension's) is not a run's
    // ranks killed so: fewer parallel jobs or a bigger builder, not a smaller batch.
    if class == "host_oom" && phase == "build" {
        parts.push(phase.to_string());
    }
    // A collective timed out against a timeout configured below a second (`Timeout(ms)=1`, a
    // value meant in seconds or a test's knob) is that setting, not a rank that stalled.
    if class == "nccl_timeout" && watchdog_timeout_ms(&ev.text).is_some_and(|ms| ms < 1000) {
        parts.push("timeout configured below a second".to_string());
    }
    // NCCL's `unhandled system error` is a failed system call of any kind; NCCL 2.12 and later
    // name it below (`Last error:` then `socketStartConnect: Connect to ... failed : No route to
    // host`), and that call and its error are the problem.
    // The call is the one NCCL 2.11 and earlier states on its own `NCCL WARN` line, which a log
    // of those versions has instead: keyed alike (an InfiniBand completion keeps its status).
    // (NCCL's `internal error` and `invalid usage` name theirs the same way: `Last error:` then
    // `Bootstrap : no socket interface found`)
    if class == "nccl_error"
        && (msg.contains("unhandled system error")
            || msg.contains("internal error")
            || msg.contains("Internal check failed")
            || msg.contains("invalid usage"))
    {
        if let Some(last) = nccl_last_error(ev) {
            if last.contains("Got completion from peer") {
                parts.push(format!("last error: {}", normalize(last).to_lowercase()));
            } else {
                parts[1] = nccl_key(last);
            }
        }
    }
    // NCCL's `unhandled cuda error` is any CUDA call that failed in NCCL; below torch's
    // description of the result (`ncclUnhandledCudaError: Call to CUDA function failed.`) NCCL
    // names the call and its error (`Failed to bind NVLink SHARP (NVLS) Multicast memory of size
    // N : CUDA error 2 'out of memory'`), with or without a `Last error:` label: that is the
    // problem. (A `Cuda failure 'msg'` there is keyed by its message already.)
    if class == "nccl_error"
        && msg.contains("unhandled cuda error")
        && nccl_cuda_failure(ev).is_none()
    {
        if let Some(detail) = nccl_last_error(ev).or_else(|| nccl_detail(ev)) {
            let stmt = nccl_statement(detail);
            if !stmt.is_empty() {
                parts[1] = format!("nccl cuda failure: {stmt}");
            }
        }
    }
    // NCCL refuses two ranks on one GPU (`Duplicate GPU detected : rank N and rank M both on CUDA
    // device <busId>`), on its own `NCCL WARN` line or as the `Last error:` below torch's
    // `NCCL error in: ..., invalid usage`: one problem, whichever ranks and bus id, and however
    // the program reported NCCL's result.
    if class == "nccl_error" && ev.states("Duplicate GPU detected") {
        parts[1] = "nccl: two ranks on one gpu (duplicate gpu detected)".into();
    }
    // A process killed by a signal is as many problems as there are signals (an illegal
    // instruction, a bus error, a segmentation fault), whichever process the report names.
    if class == "process_crash" {
        static SIGNAL: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::new(r"(?i)\bsignal:? (\d+)\b"));
        // (the SIGFPE, SIGBUS and torchrun keys name their signal already, which not every
        // handler numbers)
        if let Some(c) = SIGNAL.captures(&ev.text).filter(|_| {
            !SIGNAL_KEYS.iter().any(|(_, key)| parts[1] == *key)
                && !parts[1].starts_with("worker killed by signal ")
        }) {
            parts.push(format!("signal {}", &c[1]));
        }
        // A handler that symbolises the native stack (torch's `!!!!!!! Segfault encountered
        // !!!!!!!`, its frames read as `File "<unknown>", line 0, in f(...)`): the innermost named
        // function is where it faulted, whatever the banner's wording.
        if let Some(f) = native_fault_frame(ev) {
            if ev.text.contains("Segfault") || ev.text.contains("Segmentation fault") {
                parts[1] = "segmentation fault".into();
                parts.retain(|p| p != "signal 11");
            }
            parts.push(format!("at {f}"));
        }
        // absl's failure signal handler (Ray's workers) prints `*** SIGSEGV received at time=...`
        // then `PC: @ <addr> (unknown) <function>`: the function that faulted is the place, as
        // the frame is for a Python error (two segfaults in different code are two problems).
        if ev.text.contains(" received at time=") {
            if let Some(f) = ev.after.iter().take(2).find_map(|t| faulting_function(t)) {
                parts.push(format!("at {f}"));
            }
        }
    }
    // An out-of-memory during graph capture, or while the weights are read (the model does not
    // fit), is a different problem from one while serving.
    // (not one while training: a paste of the same batch's out-of-memory often shows no step
    // at all, and the message and the place it names already part them from a server's)
    if class == "cuda_oom"
        && matches!(phase, "cuda_graph_capture" | "model_load")
        && !parts.iter().any(|p| p == phase)
    {
        parts.push(phase.to_string());
    }
    // A cause stated in several wordings (by several tools, versions or callers) is one problem:
    // its key replaces whatever the message alone would give (see [`ONE_PROBLEM`]).
    if let Some(key) = one_problem_key(class, ev) {
        // (an out-of-memory's step stays part of it, as above)
        let step = (class == "cuda_oom" && matches!(phase, "cuda_graph_capture" | "model_load"))
            .then(|| phase.to_string());
        parts = vec![class.to_string(), key.to_string()];
        parts.extend(step);
    }
    let refs: Vec<&str> = parts.iter().map(String::as_str).collect();
    (title, fingerprint(&refs))
}

/// FlashInfer reports a failed CUDA call twice: its own print, `CUDA Error: <msg> (<code>) <file>:
/// line N at function <call>`, then the op's exception, `RMSNorm failed with error code <msg>`.
/// The op names the problem, as it does where a paste starts at the exception.
fn flashinfer_op_key(class: &str, ev: &Event) -> Option<String> {
    if !ev.text.contains("CUDA Error: ") || !ev.text.contains(" at function ") {
        return None;
    }
    ev.after.iter().take(3).find_map(|t| {
        let i = t.find(" failed with error code ")?;
        let op = t[..i]
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .next()
            .filter(|op| !op.is_empty())?;
        Some(key_message(class, &normalize(&format!("{op}{}", &t[i..]))))
    })
}

/// Where a message has the closing stars of Markdown bold: the only stars in it, behind a word
/// and before a space or the end (not Python's `**kwargs` nor a power, `2**31`).
fn closing_bold(text: &str) -> Option<usize> {
    let i = text.find("**")?;
    let before = text[..i].chars().next_back()?;
    let after = text[i + 2..].chars().next();
    (text.matches('*').count() == 2 && !before.is_whitespace() && after.is_none_or(|c| c == ' '))
        .then_some(i)
}

/// The markers of one phrase an issue's author bolded in a line (`a **b c:** d`): where the
/// opening and the closing `**` start, when the line has no other star.
fn bold_phrase(text: &str) -> Option<(usize, usize)> {
    let i = text.find("**")?;
    let j = i + 2 + text[i + 2..].find("**")?;
    let opens = text[..i]
        .chars()
        .next_back()
        .is_none_or(char::is_whitespace)
        && text[i + 2..]
            .chars()
            .next()
            .is_some_and(|c| !c.is_whitespace());
    let closes = text[..j]
        .chars()
        .next_back()
        .is_some_and(|c| !c.is_whitespace())
        && text[j + 2..].chars().next().is_none_or(char::is_whitespace);
    (text.matches('*').count() == 4 && opens && closes).then_some((i, j))
}

/// Problems keyed by what their message captures, checked in order: the pattern (its first
/// capture group that took part in the match), the key's words before it, and whether the
/// capture is lower-cased.
const CAPTURED_KEYS: &[(&str, &str, bool)] = &[
    // ggml's first CUDA call failing (`ggml_cuda_init: failed to initialize CUDA: unknown
    // error`), whatever label or launcher printed it: CUDA's message is the problem
    (
        r"failed to initialize CUDA: (.+?)\s*$",
        "ggml: failed to initialize cuda:",
        true,
    ),
    // ggml's kernels built without code for the GPU's architecture (`ERROR: CUDA kernel
    // mul_mat_vec has no device code compatible with CUDA arch 520`): the build's missing
    // architecture, whichever kernel the model reached first
    (
        r"has no device code compatible with CUDA arch (\d+)",
        "ggml: build has no device code for cuda arch",
        false,
    ),
    // ROCm's runtime aborting a GPU queue on a kernel's fault (`:0:rocdevice.cpp:3586: ...
    // Callback: Queue 0x7f... aborting with error : HSA_STATUS_ERROR_EXCEPTION: ... code:
    // 0x1016`): the HSA status, not the queue, time or source line
    (
        r"aborting with error : HSA_STATUS_ERROR_(\w+)",
        "rocm: gpu queue aborted with hsa_status_error_",
        true,
    ),
    // Intel Gaudi's graph compiler refusing a node (`synNodeCreateWithId failed for node:
    // batch_gemm with synStatus 26 [Generic failure]`): the status, whichever node
    (
        r"synNodeCreateWithId failed for node: \S+ with synStatus (\d+)",
        "gaudi: graph node creation failed, synStatus",
        false,
    ),
    // A Python module run in a subprocess that failed (`CalledProcessError: Command '['/x/python',
    // '-m', 'vllm.model_executor.models.registry']' returned non-zero exit status 1.`): the module,
    // not the interpreter's path
    (
        r"Command '\[.*?'-m', '([\w.]+)'[^\]]*\]' returned non-zero exit status",
        "subprocess failed: python -m",
        false,
    ),
    // ONNX Runtime's check of a CUDA library call (`onnxruntime::CudaCall] CUDA failure 700: an
    // illegal memory access was encountered ; GPU=0 ; hostname=X ; file=... ; expr=...`): the
    // status, not the machine, the source or a paste's cut among the fields after it
    (
        r"\bCudaCall\] ((?:CUDA|CUDNN|CUDNN_FE|CUBLAS|CUFFT|CURAND|NCCL) failure -?\d+: [^;]*?) ; GPU=",
        "onnxruntime: cuda call failed:",
        true,
    ),
    // Numba's driver failing its first call (`CudaAPIError: [100] Call to cuInit results in
    // CUDA_ERROR_NO_DEVICE`, logged as `ERROR:Call to cuInit ...`, or under `CudaSupportError:
    // Error at driver init:`): the status
    (
        r"\bCall to cuInit results in (CUDA_ERROR_\w+)",
        "numba: cuInit failed with",
        true,
    ),
    // CTranslate2 failing to load a CUDA library (`Library cublas64_12.dll is not found or cannot
    // be loaded`, `Library libcublas.so.11 is not found ...`): the library, whichever CUDA
    // version or system names its file
    (
        r"\bLibrary (?:lib)?([A-Za-z][A-Za-z_]*?)(?:64)?(?:_\d+)?\.(?:dll|so(?:\.\d+)*) is not found or cannot be loaded",
        "ctranslate2: cannot load library",
        true,
    ),
    // Go's runtime on Windows states the exception a cgo call raised by its NTSTATUS code, then
    // the addresses: the code is the problem (`0xc000001d` an illegal instruction)
    (WINDOWS_EXCEPTION, "windows: exception", false),
    // torch's dispatcher with no kernel of an op for a backend (`Could not run
    // 'torchvision::nms' with arguments from the 'CUDA' backend. ... is only available for these
    // backends: [...]`): the op and the backend, not the list of backends its build has
    (TORCH_NO_KERNEL, "torch dispatcher: no kernel of", false),
    // A Rust library's panic is keyed by the source file that panicked, in the wording of Rust
    // before 1.73 (`panicked at 'msg', src/lib.rs:78:26`) and after (`panicked at
    // src/lib.rs:78:26:` with the message on the next line)
    (
        r"\bpanicked at (?:'.*', )?(?:\S*[/\\])?(\w[\w.-]*\.rs):\d+",
        "rust: panic in",
        false,
    ),
    // pip finding no release of a requirement (`Could not find a version that satisfies the
    // requirement sgl-kernel>=0.1.0.post6; extra == "srt"`, then `No matching distribution found
    // for sgl-kernel>=...`): the package, whatever version or platform the requirement asked
    (
        r"(?:Could not find a version that satisfies the requirement|No matching distribution found for) ([A-Za-z0-9][\w.\-]*?)(?:[<>=!~;\[ ,(]|$)",
        "pip: no release satisfies the requirement of",
        true,
    ),
    // ggml reading a GGUF tensor of a type its build does not know: the type, whichever tensor
    // (a newer format's type and another fork's are different problems)
    (
        crate::parse::events::GGML_UNKNOWN_TYPE,
        "ggml: gguf tensor of a type the build does not know:",
        false,
    ),
    // NCCL's wrapper of a verbs call that failed (`misc/ibvwrap.cc:190 NCCL WARN Call to
    // ibv_create_cq failed with error Cannot allocate memory`, a paste cut after `failed`; NCCL
    // 2.0-2.3 without its name, `misc/ibvwrap.cu:269 WARN Call to ...`): the call is the
    // problem, the errno often missing
    (
        r"(?:NCCL )?WARN Call to (ibv_\w+) failed\b",
        "nccl: ib verbs call failed:",
        false,
    ),
    // transformers not knowing a model's type or processor (`Unrecognized image processor in
    // <path>. Should have a `image_processor_type` key in its preprocessor_config.json`): the
    // key it looked for, whichever model and path
    (
        r"\bUnrecognized (?:model|(?:image |video )?processor|feature extractor) in .*\bShould have an? `(\w+)` key",
        "transformers: unrecognized model or processor, no key",
        false,
    ),
];

/// The matchers of [`CAPTURED_KEYS`], built once.
static CAPTURED_MATCHERS: LazyLock<Vec<AsciiFirst>> = LazyLock::new(|| {
    CAPTURED_KEYS
        .iter()
        .map(|(p, _, _)| AsciiFirst::new(*p))
        .collect()
});

/// The key of a server whose weights left no GPU memory for its KV cache, in any wording.
const NO_KV_CACHE_MEMORY: &str = "no gpu memory left for the kv cache pool after the weights";

/// The key of an error that states its problem in a way of its own (a device assertion's file
/// and condition, a kill, a class's own detail), before its message is the key.
fn special_key(class: &str, ev: &Event, norm: &str) -> Option<String> {
    if let Some(key) = assertion_key(&ev.text) {
        return Some(key);
    }
    // a KV-cache size computed below zero (vLLM's `Available KV cache memory: -2.77 GiB`,
    // SGLang's `... larger than the profiled value -561981`): weights that left no memory for it
    if class == "cuda_oom" && crate::parse::events::NEGATIVE_KV_MEMORY.is_match(&ev.text) {
        return Some(NO_KV_CACHE_MEMORY.into());
    }
    if let Some(key) = dll_key(&ev.text) {
        return Some(key);
    }
    // the NVIDIA container hook's refusal (`nvidia-container-cli: initialization error: driver
    // error: timed out`), alone or quoted inside Docker's `OCI runtime create failed` with each
    // quote level's escapes (`timed out\\\\n\\\"\"": unknown.`): its own words, to the first escape
    if class == "cuda_driver_error" {
        if let Some((_, rest)) = norm.split_once("nvidia-container-cli: ") {
            let msg = rest.split(['\\', '"']).next().unwrap_or(rest).trim();
            let msg = msg
                .trim_end_matches(": unknown")
                .trim_end_matches(['.', ':']);
            if !msg.is_empty() {
                return Some(format!("nvidia-container-cli: {msg}").to_lowercase());
            }
        }
    }
    // vLLM's warning that its extension did not load for a library it links (`Failed to import
    // from vllm._C with ImportError('libcudart.so.12: cannot open shared object file: No such
    // file or directory')`): that library, as the loader's own line states it, however a paste
    // wrapped the quote
    static UNLOADED_FOR_LIBRARY: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"Failed to import from \S+ with ImportError\(['\x22](?:\S*/)?(\S+?\.so[.\d]*): cannot open shared object file",
        )
    });
    if class == "import_error" {
        if let Some(c) = UNLOADED_FOR_LIBRARY.captures(&ev.text) {
            let stated = format!(
                "{}: cannot open shared object file: No such file or directory",
                &c[1]
            );
            return Some(key_message(class, &normalize(&stated)));
        }
    }
    // TensorRT's ONNX parser meeting an op it has no importer for (`No importer registered for
    // op: Mish`): a custom op the model exports, whichever op (a plugin is the fix for each)
    if class == "unsupported_config" && ev.text.contains("No importer registered for op: ") {
        return Some("no importer registered for op".into());
    }
    // torch's check of the GPU's capability names the GPU first (`Found GPU0 Tesla P100-PCIE-16GB
    // which is of cuda capability 6.0.`); the line after says which problem: a GPU older than
    // any build supports (`PyTorch no longer supports this GPU because it is too old.`), or one
    // this build was not compiled for, which its kernels state as CUDA's `no kernel image`
    if class == "no_kernel_image" && ev.text.contains("which is of cuda capability") {
        const TOO_OLD: &str = "PyTorch no longer supports this GPU because it is too old.";
        return Some(if ev.states("no longer supports this GPU") {
            key_message(class, &normalize(TOO_OLD))
        } else {
            "cuda error: no kernel image is available for execution on the device".into()
        });
    }
    // vLLM's engine waiting on its workers' replies through its shared-memory queue: the RPC's
    // own timeout (`RPC call to execute_model timed out.`) or the queue's bare `TimeoutError`
    // raised in `shm_broadcast.py` (its `acquire_read`, or in later versions the deadline helper
    // `timeout_ms` it calls): a worker stuck (in a collective, a kernel)
    if class == "nccl_timeout" && (VLLM_RPC_TIMEOUT.is_match(&ev.text) || shm_queue_timeout(ev)) {
        return Some(VLLM_WORKER_REPLY_TIMEOUT.into());
    }
    // the driver that would not report a GPU's free memory: torch's `mem_get_info` failing
    // (`HIP error: invalid argument` from its `cudaMemGetInfo`), ROCm's trace of the query
    // (`HSA_AMD_AGENT_INFO_MEMORY_AVAIL query failed.`)
    if class == "cuda_driver_error" && crate::parse::events::memory_query_failed(ev) {
        return Some("cuda: the driver would not report the GPU's free memory".into());
    }
    if let Some(key) = http_retries_key(&ev.text) {
        return Some(key);
    }
    if let Some(key) =
        CAPTURED_KEYS
            .iter()
            .zip(CAPTURED_MATCHERS.iter())
            .find_map(|((_, what, lower), re)| {
                captured_key(re, &ev.text, what).map(|k| if *lower { k.to_lowercase() } else { k })
            })
    {
        return Some(key);
    }
    // Triton's `PassManager::run failed` says only that an MLIR pass failed: the compiler
    // stage (`make_ttgir`, `make_llir`) of which backend, and the kernel's caller, tell one
    // failure from another
    if ev.text.contains("PassManager::run failed") {
        if let Some(stage) = triton_stage(ev) {
            let mut key = format!("triton: pass pipeline failed in {stage}");
            if let Some(caller) = location(ev, false).filter(|l| !l.starts_with("compiler.py:")) {
                key.push_str(&format!(" from {caller}"));
            }
            return Some(key);
        }
    }
    // NCCL's trace of an error result with no `WARN` to say why (`NCCL INFO misc/socket.cc:505
    // -> 2 (Operation now in progress)`): the source file where it began and the result, not
    // the line number of a version nor the errno text some versions add
    static NCCL_TRACE: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"NCCL INFO (?:\S*/)?([\w.]+):\d+ -> ([1-6])\b"));
    if let Some(c) = NCCL_TRACE.captures(&ev.text) {
        return Some(format!("nccl: error {} traced from {}", &c[2], &c[1]));
    }
    // SGLang's MoE runner that has no fused function for the all-to-all backend it was paired
    // with (`Runner backend MoeRunnerBackend.FLASHINFER_TRTLLM requires a fused func for a2a
    // backend deepep, but none is registered.`): the runner is the problem, whichever backend
    // (`deepep`, `deepep_v2`) and wherever a paste wrapped the sentence
    static RUNNER: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"Runner backend (MoeRunnerBackend\.\w+) requires\b"));
    if let Some(key) = captured_key(&RUNNER, &ev.text, "sglang: no fused func registered for") {
        return Some(key);
    }
    // SGLang's check, when its scheduler idles, that every KV-cache slot came back
    // (`token_to_kv_pool_allocator memory leak detected! available_size=N, protected_size=N,
    // ...`): one leak whatever sizes each version lists, and in whatever order; a hybrid model's
    // allocator, which checks its pools apart (`full_available_size=N, mamba_...`), is another
    if let Some(i) = ev.text.find(" memory leak detected!") {
        let pool = ev.text[..i].rsplit(' ').next().unwrap_or("");
        let sizes = &ev.text[i..];
        let hybrid = ["full_", "swa_", "mamba"].iter().any(|p| sizes.contains(p));
        let kind = if hybrid {
            "a hybrid model's pools"
        } else {
            "one pool"
        };
        return Some(format!("sglang: {pool} slots leaked ({kind})"));
    }
    // autograd's refusal of a backward through a result that needs no gradient, in torch's
    // wording before 1.0 (`element 0 of variables does not require grad ...`) and after
    // (`element 0 of tensors ...`)
    if norm.contains("does not require grad and does not have a grad_fn") {
        return Some("torch: backward through a tensor with no grad_fn".into());
    }
    // SGLang's watchdog of a scheduler step that stalled, in each version's words (`Watchdog
    // timeout (self.watchdog_timeout=300)`, `Scheduler watchdog timeout (..., self.soft=False)`)
    if ev.text.contains("atchdog timeout (self.watchdog_timeout=") {
        return Some("sglang: the scheduler's watchdog timed out".into());
    }
    // Ray's `ActorDiedError: The actor died unexpectedly before finishing this task.` goes on,
    // below its fields, with the actor's sentence that names the worker's exit type (`The actor
    // is dead because its worker process has died. Worker exit type: SYSTEM_ERROR`): keyed as
    // that sentence is.
    if ev
        .text
        .contains("The actor died unexpectedly before finishing this task")
    {
        if let Some(detail) = ev
            .after
            .iter()
            .take(12)
            .find(|a| a.contains("Worker exit type: "))
        {
            return Some(key_message(class, &normalize(detail)));
        }
    }
    // A model type that transformers does not know, in its old wording (a `KeyError: 'type'`
    // from its configuration mapping) and its new one (`The checkpoint you are trying to load
    // has model type `x` but Transformers does not recognize this architecture`): one problem,
    // a transformers older than the model, whichever model it is. A server's registry of
    // architectures refusing one (vLLM's `Model architectures ['X'] are not supported for
    // now.`) is likewise one problem, whichever architecture.
    if class == "unsupported_config" {
        let unknown_type = ev
            .text
            .contains("but Transformers does not recognize this architecture")
            || (matches!(exception_parts(&ev.text), Some(("KeyError", _)))
                && ev.frames.iter().any(|f| f.contains("configuration_auto")));
        if unknown_type {
            return Some("transformers does not recognize the model type".into());
        }
        if ev.text.contains("Model architectures [") && ev.text.contains("not supported") {
            return Some("model architecture not supported (not in the registry)".into());
        }
    }
    // A CUDA runtime error that says the machine cannot serve CUDA at all, as any program
    // reports it (torch, a CUDA sample's `code=802(cudaErrorSystemNotReady)`, a C++ tool's
    // `Error (file.cpp:N): system not yet initialized`): the error is the problem, whichever
    // program met it first.
    if class == "cuda_driver_error" {
        const MACHINE: &[(&str, &str)] = &[
            ("system not yet initialized", "system not yet initialized"),
            // (the GPUs held by another process or set exclusive, in CUDA's old wording, `all
            // CUDA-capable devices are busy or unavailable`, and its new one, `CUDA-capable
            // device(s) is/are busy or unavailable`)
            (
                "busy or unavailable",
                "cuda-capable devices are busy or unavailable",
            ),
            ("cudaErrorSystemNotReady", "system not yet initialized"),
            ("CUDA_ERROR_SYSTEM_NOT_READY", "system not yet initialized"),
            (
                "unsupported display driver / cuda driver combination",
                "unsupported display driver / cuda driver combination",
            ),
            (
                "cudaErrorSystemDriverMismatch",
                "unsupported display driver / cuda driver combination",
            ),
        ];
        // (NCCL's account below torch's `unhandled cuda error` may come further down, behind
        // `Last error:`)
        // (in any case: NVIDIA's containers' banner capitalises it, `[[ System not yet
        // initialized (error 802) ]]`)
        let detail = nccl_last_error(ev).or_else(|| nccl_detail(ev));
        let read: Vec<String> = ev
            .lines()
            .take(3)
            .map(String::as_str)
            .chain(detail)
            .map(str::to_ascii_lowercase)
            .collect();
        if let Some((_, m)) = MACHINE
            .iter()
            .find(|(w, _)| read.iter().any(|t| t.contains(&w.to_ascii_lowercase())))
        {
            return Some(format!("cuda: {m}"));
        }
    }
    // TensorRT refuses an engine built on another GPU in one sentence that its versions wrap
    // differently (`[TensorRT] ERROR: INVALID_CONFIG: ...`, `IRuntime::deserializeCudaEngine:
    // Error Code 6: API Usage Error (...)`), whichever two GPUs it names.
    if ev
        .text
        .contains("engine plan file is generated on an incompatible device")
    {
        return Some("tensorrt: engine plan built on an incompatible device".into());
    }
    // xformers' `No operator found for ...` is one message for every cause; the reason its
    // operators gave (see `Triage::finish_with_env`) tells one cause from another
    if ev.text.contains(NO_OPERATOR) {
        if let Some(r) = ev.after.iter().find_map(|a| a.strip_prefix(OP_REASON)) {
            return Some(format!(
                "{}: {}",
                key_message(class, norm),
                r.to_lowercase()
            ));
        }
    }
    if let Some(key) = static_assertion_key(&ev.text) {
        return Some(key);
    }
    // ptxas states a diagnostic as `ptxas FILE, line N; fatal   : msg`: the PTX file is a
    // temporary one (`/tmp/tmpXXXX.ptx`, `C:\...\Temp\tmpXXXX.ptx`), the message is the problem
    static PTXAS: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^ptxas\b.*?; (error|fatal)\s+: (.+)$"));
    if let Some(c) = PTXAS.captures(norm) {
        return Some(format!("ptxas {}: {}", &c[1], &c[2]).to_lowercase());
    }
    // A worker killed by the kernel's OOM killer or by SIGKILL: the report names only pids,
    // ranks and binaries, so every such report is the same problem as far as the log can tell.
    // A C++ `std::bad_alloc` is a failed allocation, not a kill: its message is its key.
    // (Ray's `ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on
    // memory` is its memory monitor's kill, not Python's `MemoryError`)
    let python_memory_error = ev
        .text
        .match_indices("MemoryError")
        .any(|(i, _)| !ev.text[..i].ends_with("OutOf"));
    // Who reports the kill says which process the memory ran out under, and so which fix
    // applies: a DataLoader worker (the loader's workers and their prefetch), a worker that
    // Ray's memory monitor chose to kill (its threshold), or the run itself (its ranks, as its
    // launcher, the shell or the kernel reports them).
    // (nor is ggml's `failed to allocate buffer of size N` for the weights on the host, nor a
    // program's own allocation that failed, `std::bad_alloc`, MSVC's `bad allocation`)
    if class == "host_oom"
        && !python_memory_error
        && !ev.text.contains("std::bad_alloc")
        && !ev.text.contains("bad allocation")
        && !ev.text.contains("failed to allocate")
    {
        let lines = || ev.lines();
        // (a worker's bus error that torch blames on a full /dev/shm is the container's
        // shared-memory size, not the host's memory)
        if lines()
            .any(|t| t.contains("insufficient shared memory") || t.contains("out of shared memory"))
        {
            return Some("dataloader worker: out of shared memory (/dev/shm)".into());
        }
        if lines().any(|t| t.contains("DataLoader worker (pid")) {
            return Some("dataloader worker killed (out of host memory)".into());
        }
        if lines().any(|t| {
            t.contains("due to memory pressure")
                || t.contains("memory usage threshold")
                || t.contains("node running low on memory")
                || t.contains("Ray killed this worker")
        }) {
            return Some("ray's memory monitor killed a worker (out of host memory)".into());
        }
        return Some("killed (out of host memory)".into());
    }
    // A process killed by a signal is reported by whichever handler it had, one key a signal:
    // SIGFPE as faulthandler's `Fatal Python error: Floating point exception`, UCX's `Caught signal
    // 8 (Floating point exception: integer divide by zero)`, the shell's `Floating point exception
    // (core dumped)`; SIGBUS as Open MPI's `Signal: Bus error (7)`, UCX's `Caught signal 7 (Bus
    // error: nonexistent physical address)`, the shell's `Bus error (core dumped)`; SIGILL as the
    // shell's `Illegal instruction` with or without `(core dumped)`
    if class == "process_crash" {
        if let Some((_, key)) = SIGNAL_KEYS
            .iter()
            .find(|(words, _)| words.iter().any(|w| ev.text.contains(w)))
        {
            return Some((*key).into());
        }
    }
    // torchrun's summary of a worker killed by a signal (`exitcode  : -6 (pid: N)`, `traceback :
    // Signal 6 (SIGABRT) received by PID N`): the signal is all the log knows, and it tells an
    // abort from a segfault
    if let Some(sig) = torchrun_signal(&ev.text) {
        return Some(format!("worker killed by signal {sig}"));
    }
    // c10d's check of the collectives ranks call (TORCH_DISTRIBUTED_DEBUG=DETAIL): that the
    // ranks diverged is the problem; which sequence number, op and shapes met is the moment
    if ev
        .text
        .contains("Detected mismatch between collectives on ranks")
    {
        return Some("c10d: ranks called different collectives".into());
    }
    if crate::parse::phase::is_world_size_mismatch(&ev.continued()) {
        return Some("tensorrt-llm: the mpi world size is not the engine's tp x pp".into());
    }
    let by_class = match class {
        "build_error" => nvcc_arch_key(&ev.text)
            .or_else(|| nvcc_stage_signal_key(&ev.text))
            .or_else(|| compiler_killed_key(&ev.text))
            .or_else(|| host_compiler_key(&ev.text))
            .or_else(|| ninja_status_key(&ev.text))
            .or_else(|| missing_nvcc_key(ev))
            .or_else(|| build_probe_key(ev, norm))
            .or_else(|| missing_header_key(&ev.text))
            .or_else(|| source_error_key(&ev.text))
            .or_else(|| compiler_command_key(&ev.text)),
        "import_error" => glibc_key(&ev.text)
            .or_else(|| library_dependency_key(&ev.text))
            .or_else(|| runtime_library_key(&ev.text))
            .or_else(|| extension_symbol_key(&ev.text, norm)),
        "nccl_error" => nccl_cuda_failure(ev)
            .or_else(|| ib_completion_key(&ev.text))
            .or_else(|| nccl_warn_key(&ev.text))
            // (NCCL's statement without its `NCCL WARN` prefix, as a wrapper quotes it)
            .or_else(|| {
                let i = ev.text.find("Error while ")?;
                ev.text[i..]
                    .contains(" shared memory segment")
                    .then(|| nccl_key(&ev.text[i..]))
            }),
        "nccl_timeout" => wrapped_watchdog_key(ev)
            .or_else(|| deepep_timeout_key(&ev.text))
            .or_else(|| stuck_watchdog_key(&ev.text)),
        "gpu_hardware_error" if !norm.contains("fallen off the bus") => xid_key(&ev.text),
        "cublas_cudnn_error" => library_status_key(&ev.text),
        "no_kernel_image" => ptx_kernel_key(&ev.text),
        "cuda_device_side_assert" => assert_macro_key(&ev.text),
        "cuda_illegal_memory_access" => sanitizer_key(ev),
        // (and Triton's run-time build of its launcher)
        "triton_error" => triton_kernel_key(ev)
            .or_else(|| triton_resource_key(norm))
            .or_else(|| compiler_command_key(&ev.text)),
        "weight_load_error" => unknown_tensor_key(&ev.text),
        // NCCL's own allocation (`enqueue.cc:N NCCL WARN Cuda failure 2 'out of memory'`):
        // which of its files allocated is the version's, the failed allocation the problem (so
        // is the `unhandled cuda error` torch raises for it, whose account names it)
        "cuda_oom"
            if ev.text.contains("NCCL WARN Cuda failure")
                || ev.text.contains("unhandled cuda error") =>
        {
            nccl_cuda_failure(ev)
        }
        _ => None,
    };
    by_class
        .or_else(|| {
            // (out-of-memory and faults are keyed by their message and where they happened)
            (!matches!(
                class,
                "cuda_oom" | "cuda_illegal_memory_access" | "cuda_device_side_assert"
            ))
            .then(|| cuda_check_key(ev))
            .flatten()
        })
        .or_else(|| {
            // the symbol a loader's summary lists below it (see `Triage::finish`)
            (class == "import_error" && !norm.contains("undefined symbol: "))
                .then(|| {
                    ev.after
                        .iter()
                        .find_map(|t| undefined_symbol_key(&normalize(&core_message(t))))
                })
                .flatten()
        })
        .or_else(|| {
            // (or the library it could not open, keyed as that loader's error is on its own
            // line: `- ImportError: libnvrtc.so.12: cannot open shared object file: ...`)
            (class == "import_error" && !norm.contains("cannot open shared object file"))
                .then(|| {
                    let t = ev
                        .after
                        .iter()
                        .find(|t| t.contains("cannot open shared object file"))?;
                    let line = Event::bare(
                        0,
                        3,
                        t.trim_start_matches(['-', ' ']).into(),
                        t.clone(),
                        "unknown",
                    );
                    let norm = normalize(&core_message(&line.text));
                    Some(
                        special_key(class, &line, &norm)
                            .unwrap_or_else(|| key_message(class, &norm)),
                    )
                })
                .flatten()
        })
}

/// The signal of torchrun's `exitcode  : -N` or `traceback : Signal N (SIGX) received` field.
fn torchrun_signal(text: &str) -> Option<&str> {
    // (and its agent's line for the worker, `failed (exitcode: -11) local_rank: 0 (pid: N) of
    // binary: ...`, behind whichever logger's prefix)
    if let Some(i) = text.find("failed (exitcode: -") {
        let rest = &text[i + "failed (exitcode: -".len()..];
        let end = rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        return (end > 0 && rest[end..].starts_with(')')).then(|| &rest[..end]);
    }
    let t = text.trim_start();
    let rest = if let Some(r) = t.strip_prefix("exitcode") {
        r.trim_start()
            .strip_prefix(':')?
            .trim_start()
            .strip_prefix('-')?
    } else {
        let r = t
            .strip_prefix("traceback")?
            .trim_start()
            .strip_prefix(':')?;
        r.trim_start().strip_prefix("Signal ")?
    };
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// The innermost function a fatal-signal handler named in the native frames it printed (`File
/// "<unknown>", line 0, in crc32_16bytes(void const*, ...)`, innermost last in `ev.frames`): not
/// the handler's own frames (libc's `sigaction`, an unnamed address).
/// UCX's handler prints its frames below its `Caught signal 11 (Segmentation fault: ...)`,
/// innermost first (`4  /usr/lib/libuct.so.0(uct_tcp_ep_am_bcopy+0x8a) [0x7fbeb852804a]`): the
/// first named one that is neither the handler's own (`ucs_handle_error`) nor libc's (a `memcpy`
/// is where, not what, faulted).
fn native_fault_frame(ev: &Event) -> Option<&str> {
    // (UCX's ` 3  /lib/libx.so(func+0x47) [0x7f...]` and Open MPI's `[host:pid] [ 1]
    // /lib/libmpi.so.40(PMPI_Comm_set_errhandler+0x47)[0x7f...]`; not UCX's symbolised ` 1
    // 0x... func()  ???:0`, whose innermost names are often a stripped library's internals)
    static UCX_FRAME: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^[>\s]*(?:\[[^\]]*\]\s*\[\s*)?\d+\]?\s+(\S*?)\(([A-Za-z_]\w*)\+0x[0-9a-f]+\) ?\[0x",
        )
        .expect("valid regex")
    });
    let torch = ev.frames.iter().rev().find_map(|f| {
        let (file, func) = f.split_once("\", line 0, in ")?;
        let name = func.split('(').next().unwrap_or("").trim();
        (!name.is_empty() && !name.starts_with("0x") && !file.contains("sigaction")).then_some(name)
    });
    torch.or_else(|| {
        (ev.text.contains("Caught signal ") || ev.text.contains("Signal: ")).then_some(())?;
        ev.after
            .iter()
            .filter_map(|t| UCX_FRAME.captures(t))
            .find(|c| !c[2].starts_with("ucs_") && !c[1].contains("/libc.so"))
            .and_then(|c| c.get(2))
            .map(|m| m.as_str())
    })
}

/// The function of absl's `PC: @     0x7f17f832d44a  (unknown)  addProxyOpIfNeeded()` line, when
/// the handler could symbolise the address (else it prints `(unknown)`).
fn faulting_function(text: &str) -> Option<&str> {
    let rest = &text[text.find("PC: @")? + "PC: @".len()..];
    let f = rest.split_whitespace().last()?;
    (rest.split_whitespace().count() >= 3 && !f.starts_with('(')).then_some(f)
}

/// The timeout a watchdog line says the collective had (`WorkNCCL(..., Timeout(ms)=600000)`).
fn watchdog_timeout_ms(text: &str) -> Option<u64> {
    static TIMEOUT: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"Timeout\(ms\)=(\d+)"));
    TIMEOUT.captures(text)?[1].parse().ok()
}

/// `nvcc fatal : Unsupported gpu architecture 'compute_89'`: an nvcc older than the architecture
/// it is asked to build for; which numbered architecture (`compute_61`, `compute_89`, `sm_100f`)
/// depends on the GPU and the toolkit, the problem does not (the quote may be cut or the line
/// quoted in backticks). A numbered name is one key, whether real (`compute_120`) or virtual,
/// with or without its `a`/`f` suffix; a list misread (`compute_#+PTX`) and a name with no number
/// (`compute_N`, an architecture list that was never filled in) stay themselves.
fn nvcc_arch_key(text: &str) -> Option<String> {
    static ARCH: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"Unsupported gpu architecture '?([A-Za-z]+_(\d*)[\w+]*)")
    });
    let c = ARCH.captures(text)?;
    // (an architecture before Maxwell, `compute_20` to `compute_37`, is one a newer toolkit
    // dropped: the opposite problem, a build list older than the nvcc)
    if c[2].parse::<u32>().is_ok_and(|n| n < 50) {
        return Some("nvcc fatal: unsupported gpu architecture, one this nvcc dropped".into());
    }
    let name = &c[1];
    let numbered = !c[2].is_empty()
        && name
            .trim_start_matches(|ch: char| ch.is_ascii_alphabetic())
            .trim_start_matches('_')
            .trim_start_matches(|ch: char| ch.is_ascii_digit())
            .chars()
            .all(|ch| ch.is_ascii_lowercase());
    if numbered {
        return Some("nvcc fatal: unsupported gpu architecture, newer than this nvcc".into());
    }
    Some(format!(
        "nvcc fatal: unsupported gpu architecture {}",
        VOLATILE_NUM.replace_all(name, "#")
    ))
}

/// Build failures whose statement names the build step that failed, not the compiler's error:
/// CMake's probe of the CUDA compiler (`CMake Error at …/CMakeDetermineCompilerId.cmake:N`,
/// `The CUDA compiler identification is unknown` then a bare `CMake Error`: nvcc could not
/// build a trivial file) and torch's extension builder, which reports a failed `ninja -v` as
/// `RuntimeError: Error compiling objects for extension` or, in newer versions, as the
/// `CalledProcessError` of that command (flashinfer's JIT, `ninja -v -C <dir>`, is its own).
fn build_probe_key(ev: &Event, norm: &str) -> Option<String> {
    let probe = |t: &str| {
        t.contains("CMakeDetermineCompilerId")
            || t.contains("CUDA compiler identification")
            || t.contains("CMakeCUDACompilerId")
    };
    if probe(&ev.text) || (ev.text.contains("CMake Error") && ev.after.iter().any(|t| probe(t))) {
        return Some("cmake: the cuda compiler could not be identified".into());
    }
    let torch_ninja = norm.contains("Error compiling objects for extension")
        || (norm.contains("Command '['ninja', '-v'")
            && norm.contains("returned non-zero exit status")
            && !norm.contains("'-C'"));
    torch_ninja.then(|| "torch extension build: ninja failed".into())
}

/// The Triton backend and compiler stage a traceback failed in: `amd make_llir` from the frame
/// `File ".../triton/backends/amd/compiler.py", line 326, in make_llir`.
fn triton_stage(ev: &Event) -> Option<String> {
    static STAGE: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r#"/triton/backends/(\w+)/compiler\.py", line \d+,? in (make_\w+)"#)
    });
    ev.frames
        .iter()
        .rev()
        .find_map(|f| STAGE.captures(f))
        .map(|c| format!("{} {}", &c[1], &c[2]))
}

/// The key of ggml out of device memory for a model's buffers, in either of its wordings.
const GGML_MODEL_BUFFER_OOM: &str = "ggml: cannot allocate a device buffer for the model";

/// Where a line of an event is read for a [`ONE_PROBLEM`] key.
#[derive(Clone, Copy)]
enum Scope {
    /// The message alone.
    Message,
    /// The message and the lines kept after it.
    Lines,
}

/// Causes that tools, versions and callers state in several wordings, each keyed as one problem,
/// whatever else the message says: the class it must have (any, if `None`), where to look, a
/// pattern, and the key. Checked in order; the last that matches wins.
const ONE_PROBLEM: &[(Option<&str>, Scope, &str, &str)] = &[
    // torch's shared memory for the tensors a DataLoader's workers pass, full (`unable to write
    // to file </torch_8289_606636967_0>: No space left on device (28)`): a container's /dev/shm
    // too small, not a process the kernel killed
    (
        Some("host_oom"),
        Scope::Message,
        crate::parse::events::TORCH_SHM_FULL,
        "torch: shared memory (/dev/shm) full",
    ),
    // openai-harmony unable to fetch or read the tiktoken vocabulary gpt-oss's encoding needs
    // (`error downloading or loading vocab file: failed to download or load vocab file`), in
    // whichever server's words it is relayed (`Failed to load Harmony encoding: ...`, `Error in
    // harmony chat completion: ...`, `HarmonyError: ...`): a host that cannot reach the file
    (
        None,
        Scope::Message,
        r"\berror downloading or loading vocab file\b",
        "harmony: could not download or load the encoding's vocab file",
    ),
    // R torch's native library, Lantern, that did not load, in either of its words (`Torch
    // libraries are installed but loading them was unsuccessful.`, `Lantern is not loaded.`)
    (
        Some("import_error"),
        Scope::Message,
        crate::parse::events::R_TORCH_LANTERN_UNLOADED,
        "r torch: the Lantern library did not load",
    ),
    // the driver's library not there to load (`OSError: libcuda.so: cannot open shared object
    // file`, cuda-python's `Failed to dlopen libcuda.so`): a container or WSL2 without the driver
    // mounted, whichever loader says so
    (
        Some("cuda_driver_error"),
        Scope::Message,
        crate::parse::events::LIBCUDA_UNLOADABLE,
        "the driver's libcuda.so could not be loaded",
    ),
    // NVENC refusing to open an encode session on a GPU it does not enable
    // (`OpenEncodeSessionEx failed: unsupported device (2): (no details)`), whatever detail FFmpeg
    // appends
    (
        Some("unsupported_config"),
        Scope::Message,
        crate::parse::events::NVENC_UNSUPPORTED_DEVICE,
        "nvenc: encoding not supported on this gpu",
    ),
    // Hugging Face's ZeroGPU failing to lend a Space its GPU (`Error while initializing ZeroGPU:
    // Unknown`): the reason it gives is seldom more than that word
    (
        Some("cuda_driver_error"),
        Scope::Lines,
        crate::parse::events::ZEROGPU_INIT_FAILED,
        "zerogpu: the gpu could not be initialized",
    ),
    // JAX's CUDA plugin checking the libraries it loads as it starts: jaxlib's releases word a
    // missing one as `Unable to load cuSPARSE. Is it installed?` or as the library's own status,
    // `operation cusparseGetProperty(...) failed: The cuSPARSE library was not found.`
    (
        Some("import_error"),
        Scope::Message,
        crate::parse::events::JAX_CUDA_LIB_MISSING,
        "jax: its CUDA plugin could not load a CUDA library",
    ),
    // ssh that cannot resolve a node's name, as a launcher's daemons start: the resolver's own
    // words for it (`Name or service not known`, `Temporary failure in name resolution`) differ
    // by the host's resolver, not by the problem
    (
        Some("process_crash"),
        Scope::Message,
        r"^ssh: Could not resolve hostname \S+: ",
        "ssh: could not resolve a node's hostname",
    ),
    // CUTLASS's TMA descriptor set-up returning the sticky fault an earlier kernel left: the
    // CUresult names the fault, 700 an illegal address, 715 an illegal instruction
    (
        Some("cuda_illegal_memory_access"),
        Scope::Message,
        r"\bFailed to initialize the TMA descriptor,? (?:error code: )?715\b",
        "cutlass: tma descriptor after a sticky illegal instruction (715)",
    ),
    // a rank that timed out fetching NCCL's unique id from the store (`[1] is setting up NCCL
    // communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but
    // store->get('0') got error: Socket Timeout`; torch 1.13 spelt it `retreiving`): rank 0 never
    // published it, whichever ranks and key
    (
        Some("nccl_timeout"),
        Scope::Message,
        r"\bis setting up NCCL communicator and retr(?:ie|ei)ving ncclUniqueId from \[\d+\] .* got error: Socket Timeout\b",
        "c10d: timed out fetching ncclUniqueId from the store",
    ),
    // HIP's runtime with no code object for the GPU's ISA: torch's `HIP error: invalid device
    // function`, and the runtime's own trace of the launch, `hipLaunchKernel: Returned
    // hipErrorInvalidDeviceFunction`
    (
        Some("no_kernel_image"),
        Scope::Message,
        r"\bHIP error: invalid device function\b|\bhipErrorInvalidDeviceFunction\b",
        "hip: invalid device function (no code for the GPU's ISA)",
    ),
    // NumPy 2 importing a module built for NumPy 1: its own statement (`A module that was
    // compiled using NumPy 1.x cannot be run in NumPy 2.2.6 ...`) and the error the import then
    // raises (`AttributeError: _ARRAY_API not found`)
    (
        Some("import_error"),
        Scope::Message,
        r"^A module that was compiled using NumPy 1\.x cannot be run in\b|\b_ARRAY_API not found\b",
        "numpy: a module built for numpy 1.x imported under numpy 2",
    ),
    // Triton Inference Server asked for a model its repository does not hold (`failed to poll
    // model 'pipe': model not found in any model repository.`): whichever model name
    (
        None,
        Scope::Message,
        r"model not found in any model repository",
        "triton server: model not found in any model repository",
    ),
    // torch's sampler refusing a distribution (`probability tensor contains either `inf`, `nan`
    // or element < 0`), quoted or cut short: the logits went bad, whatever model and caller
    (
        None,
        Scope::Message,
        r"probability tensor contains either",
        "sampling: probability tensor contains inf, nan or a negative element",
    ),
    // ggml out of device memory for a model's buffers as it loads it: its CUDA backend's
    // `ggml_backend_cuda_buffer_type_alloc_buffer: allocating N MiB on device 0: cudaMalloc
    // failed: out of memory`, its loader's `error loading model: unable to allocate CUDA2 buffer`
    // that a runner relays: whichever device and size
    (
        Some("cuda_oom"),
        Scope::Message,
        r"\bggml_backend_cuda_buffer_type_alloc_buffer: allocating [\d.]+ MiB on device \d+: cudaMalloc failed",
        GGML_MODEL_BUFFER_OOM,
    ),
    (
        Some("cuda_oom"),
        Scope::Message,
        crate::parse::events::GGML_LOAD_ALLOC,
        GGML_MODEL_BUFFER_OOM,
    ),
    // vLLM asking for another attention backend for a model's features (`Please use Flashinfer
    // backend for models with logits_soft_cap (i.e., Gemma-2)`), however a paste spaced it
    (
        Some("unsupported_config"),
        Scope::Message,
        r"\bPlease use Flashinfer backend for models with ?logits_soft_cap",
        "vllm: logits soft-capping needs the flashinfer attention backend",
    ),
    // ptxas refusing an instruction the build's target lacks (`ptxas /tmp/tmpxft_..._gemm.ptx, line
    // 593; error : Feature 'cp.async' requires .target sm_80 or higher`): a kernel built for an
    // older architecture than its code needs, whichever instruction, file and line
    (
        Some("build_error"),
        Scope::Message,
        r"error\s*: Feature '[^']+' requires \.target sm_\d+ or higher",
        "ptxas: an instruction needs a newer sm target than the build's",
    ),
    // XLA (a TPU, JAX) out of device memory for a buffer (`RESOURCE_EXHAUSTED: Error allocating
    // device buffer: Attempting to allocate 129.50M. That was not possible.`), whatever the size
    (
        Some("cuda_oom"),
        Scope::Message,
        r"RESOURCE_EXHAUSTED: Error allocating device buffer\b",
        "xla: out of device memory allocating a buffer",
    ),
    // NCCL refusing a communicator's configuration (`NCCL WARN Invalid config blocking attribute
    // value -2147483648`), on its own line or as the `Last error:` below torch's `invalid
    // argument`: the config struct the caller passed, from a torch and NCCL that do not fit
    (
        Some("nccl_error"),
        Scope::Lines,
        r"\bInvalid config blocking attribute value\b",
        "nccl: invalid communicator config (blocking attribute)",
    ),
    // An engine that another version of TensorRT built (`The engine plan file is not
    // compatible with this version of TensorRT, expecting library version X got Y, please
    // rebuild.`, a paste cut after `not compatible`; its serializer's `Serialization assertion
    // stdVersionRead == kSERIALIZATION_VERSION failed.Version tag does not match`): whichever
    // versions, rebuild the engine
    (
        Some("unsupported_config"),
        Scope::Message,
        r"engine plan file is not compatible\b|Serialization assertion stdVersionRead == kSERIALIZATION_VERSION failed",
        "tensorrt: engine built by another version of tensorrt",
    ),
    // A cuDNN backend older than a feature asks for (FlashInfer's checks: `cuDNN FP4 requires
    // backend version >= 91002, found 90701`, `cuDNN grouped_mm_bf16 requires ...`): whichever
    // feature asked, the installed cuDNN is the problem
    (
        Some("unsupported_config"),
        Scope::Message,
        r"\bcuDNN\b.* requires backend version >= ",
        "cudnn: backend version below what a feature requires",
    ),
    // A model whose attention heads do not split evenly over the tensor-parallel ranks, however
    // the engine names its parallelism (vLLM's `Total number of attention heads (52) must be
    // divisible by tensor parallel size (8)`, DeepSpeed's `num_heads (52) must be divisible by
    // mp_size (8)`, TGI's `` `num_heads` must be divisible by `num_shards` ``)
    (
        Some("unsupported_config"),
        Scope::Message,
        r"(?i)(?:attention heads|num_heads`?) \(?.*\bmust be divisible by (?:tensor parallel size|`?num_shards`?|mp_size)\b",
        "model: attention heads not divisible by the tensor-parallel size",
    ),
    // Megatron's check that the pipeline stages split the layers evenly, as its versions word it
    // (`num_layers should be divisible by pipeline_model_parallel_size`, `Number of layers should
    // be divisible by the pipeline-model-parallel size`)
    (
        Some("unsupported_config"),
        Scope::Message,
        r"(?i)\b(?:num_layers|number of layers) should be divisible by (?:the )?pipeline[-_]model[-_]parallel[-_ ]size\b",
        "megatron: the layers do not divide evenly into the pipeline stages",
    ),
    // ggml built without the GPU's architecture names the kernel it has no code for (`CUDA
    // kernel flash_attn_ext_f16 has no device code compatible with CUDA arch 610`): the build is
    // the problem, whichever kernel ran first and wherever the template sits
    (
        Some("no_kernel_image"),
        Scope::Message,
        r"\bhas no device code compatible with CUDA arch\b",
        "ggml: a cuda kernel has no device code for the gpu's architecture",
    ),
    // DeepSpeed's ZeRO-3 check that the ranks fetch the same parameters in the same order
    // (`disagreement between rank0 and rank6: rank0: [ids...], rank6: [ids...]`): whichever
    // ranks and ids, one problem
    (
        None,
        Scope::Message,
        r"\bdisagreement between rank\d+ and rank\d+",
        "deepspeed zero-3: ranks disagree on the parameters they fetch",
    ),
    // A fatal signal in Triton's compiler (see `classify`), reported by absl's handler (`***
    // SIGSEGV received at time=...`) or faulthandler's (`Fatal Python error: Segmentation
    // fault`): one crash of the compiler
    (
        Some("triton_error"),
        Scope::Message,
        r"SIGSEGV received at time=|Fatal Python error: Segmentation fault",
        "triton: the compiler crashed (segmentation fault)",
    ),
    // A LoRA adapter of a higher rank than the server was started for (vLLM's `LoRA rank 64 is
    // greater than max_lora_rank 16`, TensorRT-LLM's `low_rank must be smaller than
    // mMaxLowRank`, a hosted API's `rank 128 exceeds max LoRA rank 32`)
    (
        None,
        Scope::Lines,
        r"LoRA rank \d+ is greater than max_lora_rank|low_rank must be smaller than mMaxLowRank|exceeds max LoRA rank",
        "lora: adapter rank above the server's maximum",
    ),
    // A failed RDMA work request's status (`ibv_wc_status_str`) is the problem, whichever
    // transport (NCCL's IB, a KV-cache transfer engine) posted it and however it logs the request
    (
        Some("nccl_error"),
        Scope::Message,
        r"(?i)\blocal protection error\b",
        "rdma: work request failed: local protection error",
    ),
    (
        Some("nccl_error"),
        Scope::Message,
        r"(?i)\bremote access error\b",
        "rdma: work request failed: remote access error",
    ),
    (
        Some("nccl_error"),
        Scope::Message,
        r"(?i)\btransport retry counter exceeded\b",
        "rdma: work request failed: transport retry counter exceeded",
    ),
    // CUDA's peer-access error (217) is the GPUs' topology (no P2P between them), whichever
    // communication path met it first and however its program states it: a custom all-reduce's
    // check macro, torch's `CUDA error: ...`, NCCL's `Cuda failure 217 '...'` below `unhandled
    // cuda error`, TensorRT-LLM's `CUDA runtime error in ...`
    (
        None,
        Scope::Lines,
        r"peer access is not supported",
        "cuda: peer access is not supported between the gpus",
    ),
    // A GPU's uncorrectable ECC error is its memory failing, whichever call met it first and
    // however its framework states it (torch's `CUDA error: uncorrectable ECC error
    // encountered`, TensorFlow's `failed call to cuDevicePrimaryCtxRetain:
    // CUDA_ERROR_ECC_UNCORRECTABLE: ...`)
    (
        Some("gpu_hardware_error"),
        Scope::Message,
        r"uncorrectable ECC error",
        "cuda: uncorrectable ecc error",
    ),
    // Triton's refusal of an FP8 type below the architecture that has it, in its old and new
    // wording, whichever exception (a worker's quote of it, an assertion) carries it
    (
        Some("unsupported_config"),
        Scope::Lines,
        crate::parse::events::TRITON_FP8_ARCH,
        "triton: fp8 type not supported on this architecture",
    ),
    // The NVIDIA container runtime's refusal of an image built for a newer CUDA than the host's
    // driver (`requirement error: unsatisfied condition: cuda>=12.8`, older hooks' `cuda >= 9.0`),
    // whichever CUDA, and whichever tool (docker, compose, an API that created the container)
    // relayed it; or the
    // image's own entrypoint finding the driver too old (NGC's `This container was built for
    // NVIDIA Driver Release 450.36 or later, but version 440.100 was detected`)
    (
        Some("cuda_driver_error"),
        Scope::Lines,
        r"unsatisfied condition: cuda ?>=|This container was built for NVIDIA Driver Release|CUDA Driver UNAVAILABLE \(cuInit",
        "container: image needs a newer cuda driver than the host's",
    ),
    // Triton's ptxas that cannot target the GPU's architecture (a bundled ptxas older than the
    // GPU: `Value 'sm_120' is not defined for option 'gpu-name'`, or only its command,
    // `--gpu-name=sm_100 ... returned non-zero exit status 255`, as a list of arguments or, in
    // older versions, one string), whichever architecture (not Triton's PTX too old for the
    // target, `PTX .version 7.4 does not support .target sm_89`)
    (
        Some("triton_error"),
        Scope::Lines,
        r"is not defined for option 'gpu-name'|\bptxas\S* .*--gpu-name=sm_\w+.*'\]?\)? returned\b",
        "triton: ptxas cannot target this gpu's architecture",
    ),
    // The linker's `cannot find -lcuda` (Triton building its launcher where only the driver's
    // versioned library or the toolkit's stubs exist), with or without the errno text newer
    // binutils add
    (
        None,
        Scope::Message,
        r"cannot find -lcuda",
        "ld: cannot find -lcuda",
    ),
    // torch's CUDA graph trees refusing a read of an output a later replay overwrote: its
    // message goes on with the stack that made the tensor, which is the program's
    (
        None,
        Scope::Message,
        r"output of CUDAGraphs that has been overwritten by a subsequent run",
        "cuda graphs: output overwritten by a subsequent run",
    ),
    // An RDMA transfer engine's NIC refusing to register a buffer (Mooncake's `Failed to register
    // memory 0x...: Bad address [14]`, its Python side's `Mooncake memory registration failed.`),
    // whichever errno the verbs call returned
    (
        None,
        Scope::Lines,
        r"Failed to register memory 0x|Mooncake memory registration failed",
        "rdma: memory registration failed",
    ),
    // PTX that the driver's JIT cannot read (CUDA error 222, `the provided PTX was compiled with
    // an unsupported toolchain`): a toolkit newer than the driver built it, whichever program
    // loaded it and wherever a paste cut the sentence
    (
        Some("cuda_driver_error"),
        Scope::Message,
        r"PTX was compiled with an unsupported\b|CUDA_ERROR_UNSUPPORTED_PTX_VERSION|cudaErrorUnsupportedPtxVersion",
        "cuda: ptx built by a toolkit newer than the driver",
    ),
    // llama.cpp older than the model it is asked to load (`unknown model architecture:
    // 'deepseek4'`): whichever architecture, the build is the problem
    (
        Some("unsupported_config"),
        Scope::Message,
        r"unknown model architecture: '",
        "llama.cpp: the build does not know the model's architecture",
    ),
    // torch's check that an op's tensors share a device names the two devices in whichever
    // order it met them and the op's argument: a tensor left on the wrong device, wherever
    (
        Some("python_exception"),
        Scope::Message,
        r"Expected all tensors to be on the same device",
        "torch: tensors of one op on different devices",
    ),
    // NCCL's socket to a peer that went away, in the wording of the call that noticed it
    // (`Call to recv failed : Connection reset by peer`, `Call to recv from <addr> failed :
    // Broken pipe`, `Net : Connection closed by remote peer`)
    (
        Some("nccl_error"),
        Scope::Message,
        r"Call to recv\b.* failed ?: (?:Connection reset by peer|Broken pipe)|Connection closed by remote peer",
        "nccl: the connection to a peer was lost",
    ),
    // c10d's read from the rendezvous store failing on its socket (`[c10d] recvValue failed on
    // SocketImpl(fd=76, addr=..., remote=...): Connection reset by peer`, `recvVector`): the
    // store's host went away, whichever value was being read and from which address
    (
        Some("nccl_error"),
        Scope::Message,
        STORE_READ_FAILED,
        "c10d: a read from the store's socket failed",
    ),
    // (a write to the store, or the watchdog's poll of it, on the socket its server closed:
    // `Broken pipe`)
    (
        Some("nccl_error"),
        Scope::Message,
        STORE_SERVER_GONE,
        "c10d: the store's server closed its socket",
    ),
    // A port another process holds, whichever server (uvicorn, a gRPC or ZMQ socket) failed to
    // bind it and however its errno reads (`[Errno 98] error while attempting to bind on
    // address ...: address already in use`, `OSError: [Errno 48] Address already in use`)
    (
        None,
        Scope::Message,
        r"(?i)\baddress already in use\b|\bEADDRINUSE\b",
        "socket: address already in use",
    ),
    // c10d's store states a taken port as a failed bind or a failed listen, on each address in
    // turn (its own key: the rendezvous port, not a server's)
    (
        None,
        Scope::Message,
        r"The server socket has failed to .*(?:Address already in use|EADDRINUSE)",
        "c10d: store port already in use",
    ),
    // ptxas refusing Hopper's warpgroup MMA (`wgmma.*`) or Blackwell's fifth-generation tensor
    // core instructions (`tcgen05.*`) on a target without the architecture-specific suffix
    // (`sm_90a`, `sm_100a`), whichever instruction of the family it met first and whether nvcc's
    // PTX step or a plain ptxas run printed it
    (
        None,
        Scope::Message,
        r"Instruction 'wgmma\.[^']*' not supported on \.target",
        "ptxas: wgmma instructions on a target other than sm_90a",
    ),
    (
        None,
        Scope::Message,
        r"Instruction 'tcgen05\.[^']*' not supported on \.target",
        "ptxas: tcgen05 instructions on a target other than sm_100a",
    ),
    // FlashInfer's ops (and the sgl-kernel ops built from them) state a failed launch as `<Op>
    // failed with error code <CUDA message>`: with no kernel image, the library was built
    // without the GPU's architecture, whichever of its ops ran first
    (
        Some("no_kernel_image"),
        Scope::Lines,
        r"\w failed with error code no kernel image is available",
        "flashinfer: its ops have no kernel image for this gpu",
    ),
    // Triton's refusal of a GPU below the oldest architecture it compiles for (`Found NVIDIA
    // GeForce GTX 1070 which is too old to be supported by the triton GPU compiler`), whichever
    // GPU it names
    (
        None,
        Scope::Message,
        r"which is too old to be supported by the triton GPU compiler",
        "triton: the gpu is too old for its compiler",
    ),
    // A state dict loaded into a model whose parameters DeepSpeed's ZeRO-3 partitioned away
    // (`size mismatch for 0.weight: ... the shape in current model is torch.Size([0])`),
    // whichever module the error names
    (
        Some("weight_load_error"),
        Scope::Lines,
        r"the shape in current model is torch\.Size\(\[0\]\)",
        "state dict loaded into parameters partitioned away (zero-3)",
    ),
    // transformers' refusal to apply a chat template to a tokenizer that has none (`As of
    // transformers v4.44, default chat template is no longer allowed, so you must provide a chat
    // template if the tokenizer does not define one.`), raised, relayed by a server's API error,
    // or cut short by a paste
    (
        None,
        Scope::Message,
        r"default chat template is no longer",
        "transformers: the tokenizer has no chat template",
    ),
    // The Hugging Face Hub refusing a gated (or private) model to a client with no token or one
    // without access, in each client's words: huggingface_hub's `GatedRepoError: 401 Client
    // Error. (Request ID: ...)` with `Cannot access gated repo for url ...`, `Access to model X
    // is restricted`, transformers' `You are trying to access a gated repo.`, or requests' bare
    // `HTTPError: 401 Client Error: Unauthorized for url: https://huggingface.co/...` (403
    // `Forbidden` for a token not granted the model)
    (
        None,
        Scope::Lines,
        r"GatedRepoError|Cannot access gated repo|trying to access a gated repo\b|Access to model \S+ is restricted|\b40[13] Client Error: (?:Unauthorized|Forbidden) for url: https://huggingface\.co/",
        "huggingface hub: access to a gated or private model refused",
    ),
    // A GPU without bfloat16 (before Ampere) refused by whichever check met it first: torch's
    // autocast (`Current CUDA Device does not support bfloat16`), transformers' arguments (`Your
    // setup doesn't support bf16/gpu`), a server's (`Bfloat16 is only supported on GPUs with
    // compute capability of at least 8.0`)
    (
        Some("unsupported_config"),
        Scope::Message,
        r"(?i)(?:doesn't|does not) support (?:bf16|bfloat16)\b|bfloat16 is only supported on GPUs with compute capability",
        "gpu: bfloat16 not supported on this gpu",
    ),
    // (xformers' dispatcher, which lists why each operator refused the call below its `No
    // operator found`: `bf16 is only supported on A100+ GPUs`)
    (
        Some("unsupported_config"),
        Scope::Lines,
        r"\bbf16 is only supported on A100\+ GPUs",
        "gpu: bfloat16 not supported on this gpu",
    ),
    // A GPU that dropped off its PCIe link, however the kernel saw it first: the driver's `Xid
    // 79, GPU has fallen off the bus`, or the root port's fatal AER error before it (not
    // nvidia-smi's `Unable to determine the device handle`, which a lost GPU of any cause shows)
    (
        Some("gpu_hardware_error"),
        Scope::Message,
        r"fallen off the bus|Xid \([^)]*\):? 79\b|AER: Uncorrected \(Fatal\) error received",
        "gpu: fell off the bus",
    ),
    // Megatron's check of the gradients of a backward pass (`found NaN in local grad norm for
    // bucket #0 ...`), raised as an assertion in older versions and by its rerun state machine
    // (`Unexpected result nan on rank 3 at iteration #3 ...`) in newer ones
    (
        None,
        Scope::Message,
        r"found NaN in local grad norm",
        "megatron: nan in the local grad norm",
    ),
    // A model whose code lives in its repository, loaded without `trust_remote_code`:
    // transformers' refusal (`Loading X requires you to execute the configuration file in that
    // repo on your local machine`) or its prompt where one could answer (`The repository for X
    // contains custom code which must be executed to correctly load the model`), or vLLM's of a
    // config it could not load (`If the model is a custom model not yet available in the
    // HuggingFace transformers library, consider setting `trust_remote_code=True``)
    (
        None,
        Scope::Message,
        r"requires you to execute the conf|contains custom code which must be executed|custom model not yet available in the HuggingFace transformers library, consider setting .?trust_remote_code",
        "transformers: the model needs trust_remote_code",
    ),
    // TensorRT-LLM's runtime feeding an input the engine was not built with (`Input tensor
    // 'host_sink_token_length' not found; expected shape: (1)`): an engine of another version,
    // whichever input the runtime met first
    (
        Some("unsupported_config"),
        Scope::Message,
        crate::parse::events::TRTLLM_MISSING_INPUT,
        "tensorrt-llm: the engine lacks an input the runtime feeds",
    ),
    // CUDA's `invalid device ordinal`, a GPU index beyond those visible (more ranks than GPUs,
    // a CUDA_VISIBLE_DEVICES that hides them), however the framework relayed it: torch's `CUDA
    // error: invalid device ordinal`, its old `THCudaCheck FAIL file=... error=101 : invalid
    // device ordinal`
    (
        None,
        Scope::Message,
        r"\binvalid device ordinal\b",
        "cuda: invalid device ordinal",
    ),
    // Prefix caching refused together with chunked prefill, in each backend's words (`chunked
    // prefill cannot be used with prefix caching now.`, `Prefix cache and chunked prefill are
    // currently not supported.`)
    (
        Some("unsupported_config"),
        Scope::Message,
        r"(?i)chunked prefill cannot be used with prefix caching|prefix cach\w* and chunked prefill are\b.*\bnot supported",
        "prefix caching with chunked prefill not supported",
    ),
    // bitsandbytes that could not set up its CUDA library, in each version's closing words
    (
        None,
        Scope::Message,
        r"CUDA Setup failed despite GPU being available",
        "bitsandbytes: cuda setup failed",
    ),
    // torch's check that a device index is one of the GPUs it counted (`device >= 0 && device <
    // num_gpus INTERNAL ASSERT FAILED`), as it is raised or as a deferred CUDA call re-raises it
    // (`CUDA call failed lazily at initialization with error: ...`)
    (
        None,
        Scope::Message,
        r"device >= 0 && device < num_gpus INTERNAL ASSERT FAILED",
        "torch: device index outside the gpus it counted",
    ),
    // FlashInfer's sampling kernels (`TopPSamplingFromProbs`, `TopKTopPSamplingFromProbs`,
    // `MinPSamplingFromProbs`, ...) share one implementation, and a fault in one is met in
    // whichever the request's sampling parameters chose: `<op> failed with error code <msg>`
    (
        None,
        Scope::Lines,
        r"\b(?:TopK|TopP|MinP|TopKTopP)?SamplingFromProbs failed with error code\b",
        "flashinfer: a sampling-from-probs kernel failed",
    ),
    // llama.cpp's loader finding no tensor the architecture needs in a model file, in its GGUF
    // wordings (`error loading model: missing tensor 'blk.40.ssm_conv1d.weight'`, `create_tensor:
    // tensor '...' not found`) and its older GGJT one (`llama.cpp: tensor 'tok_embeddings.weight'
    // is missing from model`): a file made for another build or architecture, whichever tensor
    (
        Some("weight_load_error"),
        Scope::Message,
        r"error loading model: missing tensor '|\bcreate_tensor: tensor '[^']+' not found|\btensor '[^']+' is missing from model",
        "llama.cpp: the model file lacks a tensor the loader expects",
    ),
    // Candle's loader (TEI's backend) finding no tensor the model needs in its weights
    // (`cannot find tensor embeddings.word_embeddings.weight`): as llama.cpp's above, weights
    // laid out for another architecture or naming, whichever tensor it looked for first
    (
        Some("weight_load_error"),
        Scope::Message,
        r"\bcannot find tensor \S",
        "candle: the weights lack a tensor the model expects",
    ),
    // Dynamo refusing to compile a function again once it hit its recompile limit under
    // `fullgraph=True` (`torch._dynamo.exc.FailOnRecompileLimitHit: recompile_limit reached with
    // fullgraph=True.`, in older versions `... with one_graph=True.`), however far a paste kept
    // it: the guards that keep failing are the problem, whichever setting's name
    (
        None,
        Scope::Message,
        r"\bFailOnRecompileLimitHit\b",
        "torch dynamo: recompile limit hit under fullgraph",
    ),
    // A driver older than the CUDA runtime a program was built with: CUDA's own message
    // (`cudaErrorInsufficientDriver`, `CUDA driver version is insufficient for CUDA runtime
    // version`) whatever program printed it and how (torch's `CUDA error: ...`, CTranslate2's
    // `CUDA failed with error ...`, a tool's `CUDA error: 35 (0x23) cudaErrorInsufficientDriver
    // : ...`, ggml's `failed to initialize CUDA: ...`), and torch's own check of the driver
    // before it (`The NVIDIA driver on your system is too old (found version N)`): one problem.
    // (The CUDA samples state the call that failed, `cudaGetDeviceProperties returned 35`, and
    // CUDA's message on the next line.)
    (
        Some("cuda_driver_error"),
        Scope::Lines,
        r"driver version is insufficient for CUDA runtime version|driver on your system is too old|\bcudaErrorInsufficientDriver\b",
        "nvidia driver older than the cuda runtime",
    ),
    // An fp16 loss scaler halving its scale to the floor, in DeepSpeed's words (`Current loss
    // scale already at minimum - cannot decrease scale anymore. Exiting run.`) and fairseq's
    // (`Minimum loss scale reached (0.0001). Your loss is probably exploding.`), however far a
    // paste kept them: the gradients overflow at every scale
    (
        None,
        Scope::Message,
        r"\bCurrent loss scale already at minimum\b|\bMinimum loss scale reached\b",
        "fp16 loss scaler: scale already at its minimum",
    ),
    // torch's allocator that asserted as it asked NVML for the memory of a device where an
    // allocation had failed (`NVML_SUCCESS == r INTERNAL ASSERT FAILED at ...:830`, the line
    // number moving with each version): whichever program's words lead it
    (
        Some("cuda_oom"),
        Scope::Message,
        r"NVML_SUCCESS == r INTERNAL ASSERT FAILED",
        "torch: allocator's NVML query failed while out of memory",
    ),
    // torch's indexing kernels checking an index against the dimension it indexes
    // (`IndexKernel.cu`'s `index out of bounds`, the vectorized gather's, `Indexing.cu`'s
    // `srcIndex < srcSelectDimSize` of `index_select` and embeddings, in THC before 1.7, and
    // scatter/gather's): an index past the tensor's end, a token id past the vocabulary most
    // often, whichever op took it
    (
        Some("cuda_device_side_assert"),
        Scope::Message,
        r"\b(?:IndexKernel|IndexKernelUtils|Indexing|ScatterGatherKernel|THCTensorIndex)\.cu:\d+: .*(?:index out of bounds|srcIndex < srcSelectDimSize)",
        "torch: index out of bounds in an indexing kernel",
    ),
    // vLLM (and its forks) refusing a `--quantization` that differs from the method the model's
    // config names (`Quantization method specified in the model config (bitsandbytes) does not
    // match the quantization method specified in the `quantization` argument (bnb)`): whichever
    // two methods
    (
        None,
        Scope::Message,
        r"Quantization method specified in the model config \(\S+\) does not match the quantization method specified in the",
        "the quantization argument differs from the model config's method",
    ),
    // NCCL finding that two ranks' collectives disagree, in its InfiniBand transport's words
    // (`NET/IB : collective mismatch error local size N remote N`, `NET/IB : req 0/1 tag 0 peer
    // ADDR collective mismatch error, local size N remote size N`) and its own (`Mismatched
    // collective detected, please check your collective calls at and around rank N`): ranks
    // that called different collectives or sizes, whichever sizes and peers
    (
        Some("nccl_error"),
        Scope::Message,
        r"\bcollective mismatch error\b|\bMismatched collective detected\b",
        "nccl: ranks called mismatched collectives",
    ),
    // vLLM's front end finding its engine gone, with no cause in the log (`Engine loop has
    // died`, `MQLLMEngine is already dead, terminating server process`): one report
    (
        Some("process_crash"),
        Scope::Message,
        r"Engine loop has died|MQLLMEngine is already dead",
        "vllm: the engine process died (no cause in the log)",
    ),
    // torch.load's weights-only unpickler refusing a checkpoint (the default since 2.6), whichever
    // class the pickle named (`Unsupported global: GLOBAL utils.HParams`)
    (
        Some("weight_load_error"),
        Scope::Message,
        r"Weights only load failed",
        "torch.load: the weights-only unpickler refused the checkpoint",
    ),
    // vLLM's check that its torch.compile cache holds the graph it compiled, in its older words
    // (`AssertionError: failed to get the hash of the compiled graph`) and newer (`vLLM failed to
    // compile the model. The most likely reason for this is that a previous compilation failed,
    // leading to a corrupted compilation artifact`): one cache that no longer fits
    (
        None,
        Scope::Message,
        r"failed to get the hash of the compiled graph|leading to a corrupted compilation artifact",
        "vllm: torch.compile cache holds no usable artifact for the graph",
    ),
    // A chat template refusing a conversation whose roles do not alternate, in whichever
    // template's words (`Conversation roles must alternate user/assistant/user/assistant/...`,
    // `After the optional system message, conversation roles must alternate user and assistant
    // roles ...`) and whichever engine rendered it (jinja2, llama.cpp's minja)
    (
        None,
        Scope::Message,
        r"(?i:conversation roles must alternate)",
        "chat template: conversation roles must alternate",
    ),
    // CUDA refusing a kernel launch that asks more registers, threads or shared memory of an SM
    // than it has (`too many resources requested for launch`, cudaErrorLaunchOutOfResources),
    // in whichever program's words: the kernel's launch configuration against this GPU
    (
        None,
        Scope::Message,
        r"too many resources requested for launch",
        "cuda: a kernel launch asked for more resources than the gpu has",
    ),
    // HIP's runtime finding no code object for the GPU (`hipErrorNoBinaryForGpu: Unable to find
    // code object for all current devices!`, `... Coudn't find binary for current devices!` in
    // older ROCm): a build without the GPU's architecture, whichever program
    (
        None,
        Scope::Message,
        r"hipErrorNoBinaryForGpu",
        "hip: no code object for the gpu's architecture",
    ),
    // Ray's cluster losing a node to missed heartbeats (`The node with node id: <id> and
    // address: <ip> ... has been marked dead because the detector has missed too many heartbeats
    // from it`), as its driver's logger or its GCS event log records it, and the raylet's side
    // of it (`... this node manager has mistakenly been marked as dead by the GCS`): whichever
    // node
    (
        Some("process_crash"),
        Scope::Message,
        crate::parse::events::RAY_NODE_DEAD,
        "ray: a node was marked dead after missed heartbeats",
    ),
    // CUDA's limit of eight peers a GPU maps, met on a host with more GPUs (`peer mapping
    // resources exhausted`), as NCCL's allocator or a program's own CUDA check states it
    (
        None,
        Scope::Message,
        crate::parse::events::PEER_MAPPING_LIMIT,
        "cuda: peer mapping resources exhausted (more peers than a GPU maps)",
    ),
    // Gloo's transport giving up on a peer (`[.../gloo/transport/tcp/unbound_buffer.cc:81] Timed
    // out waiting 1800000ms for recv operation to complete`, or `send`): one hang, whichever
    // side of the pair waited, however a paste glued the next line to it
    (
        Some("nccl_timeout"),
        Scope::Message,
        r"\bTimed out waiting \d+ms for (?:send|recv) operation to complete",
        "gloo: a send or receive between ranks timed out",
    ),
    // the device count query failing with an out-of-memory status (WSL's driver that could not
    // start: torch's `Unexpected error from cudaGetDeviceCount() ... Error 2: out of memory`, the
    // CUDA samples' `code=2(cudaErrorMemoryAllocation) "cudaGetDeviceCount(&device_count)"`, a
    // program's `Failed to get count of cuda capable device. Exception:out of memory`)
    (
        Some("cuda_driver_error"),
        Scope::Message,
        r#"cudaGetDeviceCount\(.*(?:Error 2: out of memory|cudaErrorMemoryAllocation)|\(cudaErrorMemoryAllocation\) "cudaGetDeviceCount\(|\bcount of cuda capable devices?\b.*\bout of memory\b"#,
        "cuda: the device count query failed with out of memory (the driver could not start)",
    ),
    // Mesa's Vulkan driver for AMD GPUs on a job the kernel driver cancelled after a hang or
    // reset (`radv/amdgpu: The CS has been cancelled because the context is lost.`): one
    // problem, whatever prefixes a journal or a viewer put before it
    (
        Some("gpu_hardware_error"),
        Scope::Message,
        crate::parse::events::RADV_CONTEXT_LOST,
        "vulkan (radv): the GPU's context was lost (a hang or a reset)",
    ),
    // nlohmann's JSON parser refusing a file (Triton's TensorRT-LLM backend reading an engine's
    // `config.json` that is missing or empty: `[json.exception.parse_error.101] parse error at
    // line 1, column 1: syntax error while parsing value - unexpected end of input`): one
    // problem, however much of the detail a paste kept
    (
        None,
        Scope::Message,
        r"\[json\.exception\.parse_error\.\d+\] parse error at line 1, column 1\b",
        "json: the file read was empty or missing (parse error at line 1, column 1)",
    ),
    // a TensorRT release older than the GPU: `Target GPU SM 120 is not supported by this TensorRT
    // release.`, or, in releases before that check, its helper that reads a two-digit SM failing
    // on a three-digit one, `smVerHex2Dig ... Assertion major >= 0 && major < 10 failed`
    (
        Some("no_kernel_image"),
        Scope::Message,
        crate::parse::events::TRT_RELEASE_LACKS_SM,
        "tensorrt: this release does not support the GPU's architecture",
    ),
    // NVML's driver library of another version than the loaded kernel module (a driver
    // upgraded without a reboot): nvidia-smi's `Failed to initialize NVML: Driver/library version
    // mismatch`, the container hook's `nvidia-container-cli: initialization error: nvml error:
    // driver/library version mismatch`, inside Docker's `OCI runtime create failed` or alone;
    // the kernel module's own words for it, `NVRM: API mismatch: the client has the version X,
    // but this kernel module has the version Y`, and the status NVML's bindings raise,
    // `NVML_ERROR_LIB_RM_VERSION_MISMATCH`
    (
        Some("cuda_driver_error"),
        Scope::Message,
        r"(?i)\bnvml(?: error)?: driver/library version mismatch|Failed to initialize NVML: Driver/library version mismatch|NVRM: API mismatch: the client\b|\bNVML_ERROR_LIB_RM_VERSION_MISMATCH\b",
        "nvml: driver/library version mismatch",
    ),
    // a DataLoader worker's shared memory run out, which kills it with a bus error: torch's hint
    // (`Unexpected bus error encountered in worker. This might be caused by insufficient shared
    // memory (shm).`) or the worker's death alone (`DataLoader worker (pid N) is killed by
    // signal: Bus error.`)
    (
        Some("host_oom"),
        Scope::Message,
        crate::parse::events::DATALOADER_SHM_BUS_ERROR,
        "dataloader: a worker's shared memory ran out (bus error)",
    ),
    // CUDA's status 304 for an OS call that failed (pinned or shared memory the host would not
    // give, a driver's call WSL does not support): `cudaErrorOperatingSystem`, `OS call failed or
    // operation not supported on this OS`, whoever's check printed it
    (
        Some("cuda_driver_error"),
        Scope::Message,
        r"\bcudaErrorOperatingSystem\b|\bOS call failed or operation not supported on this OS\b",
        "cuda: an OS call failed or is not supported on this OS (304)",
    ),
    // a profiler the driver keeps from the GPU's performance counters (Nsight Compute's
    // `ERR_NVGPUCTRPERM`, CUPTI's `CUPTI_ERROR_INSUFFICIENT_PRIVILEGES`), whichever call asked
    (
        Some("cuda_driver_error"),
        Scope::Message,
        crate::parse::events::PROFILER_COUNTERS_DENIED,
        "profiler: no permission for the GPU's performance counters",
    ),
    // TensorRT deserialising an engine whose plugin library was not loaded (`getPluginCreator
    // could not find plugin YoloLayer_TRT version 1`, `IPluginCreator not found in Plugin
    // Registry`): one problem, whichever plugin and however the logger tagged it
    (
        Some("import_error"),
        Scope::Message,
        crate::parse::events::TRT_PLUGIN_UNREGISTERED,
        "tensorrt: the engine's plugin is not registered (its library not loaded)",
    ),
    // a container runtime given GPUs that no CDI specification on the host defines (Podman's
    // `setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all`, whether or not its
    // `unable to start container "<id>":` comes first): the host's CDI set-up, whichever devices
    (
        Some("cuda_driver_error"),
        Scope::Message,
        crate::parse::events::CDI_UNRESOLVABLE,
        "container: the GPUs asked for are not in any CDI specification",
    ),
    // Triton's code generator refusing a variable that an `if` branch gives another type
    // (`initial value for `x` is of type fp16, but the then block redefines it as fp32`, or as
    // `<[65536], bf16>`): one problem, whichever variable and types
    (
        Some("triton_error"),
        Scope::Message,
        r"\bbut the (?:then|else) block redefines it as\b",
        "triton: an if branch changes a variable's type",
    ),
    // Windows' loader out of commit memory as it loads a DLL (`[WinError 1455] The paging file
    // is too small for this operation to complete. Error loading "...\\cudnn_cnn_infer64_8.dll"`,
    // in the system's language): the paging file, whichever DLL was loading
    (
        None,
        Scope::Message,
        r"\[WinError 1455\]",
        "windows: paging file too small to load a library",
    ),
    // ONNX Runtime's report of the node whose kernel failed (`Non-zero status code returned
    // while running Resize node. Name:'Resize_124' Status Message: CUDA error
    // cudaErrorNoKernelImageForDevice:...`), behind its logger's or a caller's words: its CUDA
    // provider's build lacks the GPU, whichever node of the model runs first
    (
        Some("no_kernel_image"),
        Scope::Message,
        r"Non-zero status code returned while running",
        "onnxruntime: a node's cuda kernel: no kernel image is available",
    ),
    // CUDA's error 804, a container's CUDA newer than the host's driver on a GPU that cannot
    // take the forward-compatibility package: `forward compatibility was attempted on non
    // supported HW`, as torch's device count warning, ggml's `failed to initialize CUDA: ...` or
    // the status name states it: one problem, whoever asked first
    (
        Some("cuda_driver_error"),
        Scope::Message,
        r"(?i)forward compatibility was attempted on non supported HW|\bcudaErrorCompatNotSupportedOnDevice\b|\bCUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE\b",
        "cuda: forward compatibility attempted on unsupported hardware (804)",
    ),
    // CUDA's `CUDA unknown error - this may be due to an incorrectly set up environment, ...` at
    // its initialisation, torch's warning or the error it raises later: one problem
    (
        Some("cuda_driver_error"),
        Scope::Message,
        r"\bCUDA unknown error - this may be due to an incorrectly set up environment",
        "cuda: unknown error as cuda initialised",
    ),
    // bitsandbytes' older setup finding no CUDA library it can load (`CUDA SETUP: CUDA detection
    // failed! Possible reasons: ...`, or once it fell back to its CPU build, `CUDA SETUP: Required
    // library version not found: libbitsandbytes_cpu.so`)
    (
        Some("import_error"),
        Scope::Message,
        r"^CUDA SETUP: (?:CUDA detection failed\b|Required library version not found: )",
        "bitsandbytes: cuda setup found no cuda library to load",
    ),
    // bitsandbytes finding no build of its library for the CUDA it was set up for, in each
    // version's words (`Could not find the bitsandbytes CUDA binary at PosixPath('...')`,
    // `bitsandbytes library load error: Configured CUDA binary not found at ...`)
    (
        Some("import_error"),
        Scope::Message,
        r"\bCould not find the bitsandbytes CUDA binary at |\bbitsandbytes library load error: Configured CUDA binary not found at ",
        "bitsandbytes: no cuda binary for the configured cuda",
    ),
    // Transformer Engine finding no attention backend for the inputs, in each version's words
    // (`No dot product attention backend is available for the provided inputs.`, `No dot
    // product attention support for the provided inputs!`)
    (
        Some("unsupported_config"),
        Scope::Message,
        r"\bNo dot product attention (?:backend is available|support) for the provided inputs\b",
        "transformer engine: no attention backend for the inputs",
    ),
    // a table of GPU architectures with no row for this GPU (aiter's `KeyError: 'gfx1151'`):
    // one problem whichever architecture is missing, and not the missing key of another table
    (
        Some("unsupported_config"),
        Scope::Message,
        r"\bKeyError: '(?:gfx\d+[a-z]?|sm_?\d+[a-z]?)'",
        "gpu architecture missing from a table of architectures",
    ),
    // Triton's cache directory not writable (`PermissionError: [Errno 13] Permission denied:
    // '/app/.triton'`, a lock file under `/tmp/triton/`): whichever path the cache took
    (
        Some("triton_error"),
        Scope::Message,
        r"Permission denied: '[^']*(?:/\.triton|/triton/)",
        "triton: kernel cache not writable (permission denied)",
    ),
    // FlashAttention's backward pass refusing a large head on a GPU with less shared memory
    // than the data-centre ones (`FlashAttention backward for head dim > 64 requires A100 or
    // H100 GPUs ...`, FA2's `head dim > 192 requires A100/A800 or H100/H800`): whichever limit
    (
        Some("unsupported_config"),
        Scope::Message,
        r"\bFlashAttention backward for head dim > \d+ requires\b",
        "flash-attention: backward for this head dim needs an a100/h100-class gpu",
    ),
    // a disk full as a file is written (`[Errno 28] No space left on device`, safetensors'
    // `IoError(Os { code: 28, kind: StorageFull, ... })`): whichever writer met it
    // (not NCCL's shared-memory segment that did not fit `/dev/shm`, its own problem)
    (
        Some("python_exception"),
        Scope::Message,
        r"No space left on device|\bkind: StorageFull\b",
        "disk full: no space left on device",
    ),
    // (but a shared-memory region that does not fit `/dev/shm`, Triton's Python backend's
    // `Unable to initialize shared memory key '...' to requested size`, `Failed to increase the
    // shared memory pool size ...`, with its advice of `--shm-size`: a container's shm too small)
    (
        Some("host_oom"),
        Scope::Message,
        r"(?i)\bshared memory\b.*(?:--shm-size|no space left on device)|/dev/shm\b.*No space left on device",
        "shared memory: /dev/shm too small for the region asked for",
    ),
    // safetensors unable to read a file's header (`Error while deserializing header:
    // HeaderTooLarge`, `InvalidHeaderDeserialization`, `MetadataIncompleteBuffer`): a file cut
    // short or not a safetensors file at all (a Git LFS pointer), whichever way it shows
    (
        Some("weight_load_error"),
        Scope::Message,
        r"Error while deserializing header: (?:HeaderTooLarge|InvalidHeaderDeserialization|MetadataIncompleteBuffer)\b|^(?:HeaderTooLarge|InvalidHeaderDeserialization|MetadataIncompleteBuffer)$",
        "safetensors: file header unreadable (file corrupt or incomplete)",
    ),
    // the Hugging Face Hub's servers (`huggingface.co`, its CDN `cdn-lfs.huggingface.co`)
    // answering too slowly (`HTTPSConnectionPool(host=..., port=443): Read timed out.`)
    (
        None,
        Scope::Message,
        r"HTTPSConnectionPool\(host='(?:[\w-]+\.)*(?:huggingface\.co|hf\.co)', port=\d+\): Read timed out",
        "hugging face hub: read timed out",
    ),
    // torch_memory_saver (SGLang's, for RL engines that release and resume their memory) out of
    // device memory mapping its regions back (`[torch_memory_saver.cpp] CUresult error: 2 (out
    // of memory)`, `cuMemCreate CUDA_ERROR_OUT_OF_MEMORY (may not be an issue ...)`)
    (
        Some("cuda_oom"),
        Scope::Message,
        r"\[torch_memory_saver\.cpp\].*(?:\(out of memory\)|CUDA_ERROR_OUT_OF_MEMORY)",
        "torch_memory_saver: out of gpu memory mapping its regions back",
    ),
    // TensorRT's ONNX parser with no importer or plugin for an op (`In function
    // importFallbackPluginImporter:`, TensorRT 10's `checkFallbackPluginImporter`, then `creator &&
    // "Plugin not found, are the plugin name, version, and namespace correct?"`): whichever op
    (
        Some("unsupported_config"),
        Scope::Lines,
        crate::parse::events::TRT_NO_PLUGIN,
        "tensorrt onnx parser: no importer or plugin for an op",
    ),
    // TensorRT refusing to build a network with no output (`Network must have at least one
    // output`), what an ONNX parse that failed leaves it: whichever wrapper reported it
    (
        None,
        Scope::Lines,
        r"\bNetwork must have at least one output\b",
        "tensorrt: network has no output (the onnx parse failed)",
    ),
    // ONNX Runtime's arena out of device memory (`BFCArena::AllocateRawInternal(...) Failed to
    // allocate memory for requested buffer of size N`), under whichever node's wrapper
    (
        Some("cuda_oom"),
        Scope::Lines,
        crate::parse::events::ORT_ARENA_OOM,
        "onnxruntime: arena failed to allocate device memory",
    ),
    // vLLM refusing a LoRA adapter whose modules the model does not take (`While loading <path>,
    // expected target modules in [...] but received [...]`): whichever adapter and modules
    (
        Some("weight_load_error"),
        Scope::Message,
        crate::parse::events::VLLM_LORA_TARGETS,
        "lora: adapter targets modules the model does not support",
    ),
    // Ascend's CANN failing to set up an operator's kernel (`Parse dynamic kernel config fail.`
    // under `EZ9999`, after torch_npu's `call aclnnArange failed, error code is 561103`): the
    // install's kernels do not fit the operator, whichever operator met it first
    (
        None,
        Scope::Lines,
        r"\bParse dynamic kernel config fail\b",
        "ascend: an operator's kernel config failed to parse (CANN kernels do not fit)",
    ),
    // XLA's TPU runtime unable to reserve a program's memory (`(0) RESOURCE_EXHAUSTED: Attempting
    // to reserve 10.51G at the bottom of memory`, also behind `OP_REQUIRES failed at
    // tpu_execute_op.cc:266 : `): whichever size, line or op list states it
    (
        Some("cuda_oom"),
        Scope::Message,
        r"\bRESOURCE_EXHAUSTED: Attempting to reserve \S+ at the bottom of memory",
        "xla: the runtime could not reserve the program's device memory",
    ),
    // gRPC's status of a call whose server process closed the connection mid-call (`rpc error:
    // code = Unavailable desc = error reading from server: EOF`): LocalAI's backend that died,
    // however the caller wrapped the status (a log record, an HTTP error's JSON); one that died
    // loading its model (`could not load model: ...`) apart from one that died serving
    (
        Some("process_crash"),
        Scope::Message,
        GRPC_BACKEND_EOF,
        "grpc: the backend process died mid-call (error reading from server: EOF)",
    ),
    (
        Some("process_crash"),
        Scope::Message,
        r"\bcould not load model: .*\bcode = Unavailable desc = error reading from server: EOF\b",
        "grpc: the backend process died loading its model (error reading from server: EOF)",
    ),
    // TensorFlow's allocator unable to give an op its output on a GPU (`OOM when allocating
    // tensor with shape[32,64,112,112] and type float on /job:localhost/.../device:GPU:0 by
    // allocator GPU_0_bfc`, `... tensor of shape [] ...` in its older words): the GPU's memory,
    // whichever op, shape or GPU asked
    (
        Some("cuda_oom"),
        Scope::Message,
        r"\bOOM when allocating tensor (?:with|of) shape",
        "tensorflow: out of gpu memory allocating a tensor",
    ),
    // UCX finding no transport that copies between host and device memory (`UCX  ERROR   no copy
    // across memory types transport to prm-dgx-10:9574: self/memory - Destination is
    // unreachable, ...`, `... to <no debug data>: Unsupported operation`): a GPU buffer given to
    // an MPI or UCX built without CUDA, whichever peer or transports it lists
    (
        None,
        Scope::Message,
        r"\bUCX +ERROR +no copy across memory types transport\b",
        "ucx: no transport copies across memory types (a build without cuda)",
    ),
];

/// gRPC's status of a call whose server process closed the connection.
const GRPC_BACKEND_EOF: &str = r"\bcode = Unavailable desc = error reading from server: EOF\b";

/// The [`ONE_PROBLEM`] key of an event, if one applies.
fn one_problem_key(class: &str, ev: &Event) -> Option<&'static str> {
    static MATCHERS: LazyLock<Vec<AsciiFirst>> = LazyLock::new(|| {
        ONE_PROBLEM
            .iter()
            .map(|(_, _, p, _)| AsciiFirst::new(*p))
            .collect()
    });
    ONE_PROBLEM
        .iter()
        .zip(MATCHERS.iter())
        .rev()
        .find(|((want, scope, _, _), m)| {
            want.is_none_or(|w| w == class)
                && match scope {
                    Scope::Message => m.is_match(&ev.text),
                    Scope::Lines => ev.lines().any(|t| m.is_match(t)),
                }
        })
        .map(|((_, _, _, key), _)| *key)
}

static VLLM_RPC_TIMEOUT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::matcher(r"\bRPC call to \w+ timed out"));
const VLLM_WORKER_REPLY_TIMEOUT: &str = "vllm: a worker did not answer the engine in time";

/// A bare `TimeoutError` raised where vLLM's engine reads its workers' replies.
fn shm_queue_timeout(ev: &Event) -> bool {
    ev.text.trim_end().ends_with("TimeoutError")
        && ev
            .frames
            .last()
            .is_some_and(|f| f.contains("shm_broadcast"))
}

/// nvcc's report of one of its stages killed by a signal (`nvcc error   : 'cicc' died due to
/// signal 9 (Kill signal)`, `'cudafe++' died ...`): which stage the kill met is chance, the signal
/// (9: the OOM killer, of a build with too many jobs) is the problem.
fn nvcc_stage_signal_key(text: &str) -> Option<String> {
    static DIED: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"'(?:cicc|ptxas|nvlink|fatbinary|cudafe\+\+)' died due to signal (\d+)")
    });
    DIED.captures(text).map(|c| match &c[1] {
        "9" => COMPILER_KILLED_KEY.into(),
        n => format!("nvcc: a compiler stage died of signal {n}"),
    })
}

/// The key of a compiler killed by SIGKILL mid-build, nvcc's stage or gcc's compiler proper.
const COMPILER_KILLED_KEY: &str = "build: a compiler was killed (signal 9)";

/// A compiler driver's report that the OOM killer (or another signal) ended its compiler proper
/// (`c++: fatal error: Killed signal terminated program cc1plus`): whichever driver (`g++`,
/// `c++`, `x86_64-linux-gnu-gcc`) ran it and whichever compiler it ended (C's `cc1`, C++'s
/// `cc1plus`), one problem; a `Killed` one is the SIGKILL nvcc reports of its stages.
fn compiler_killed_key(text: &str) -> Option<String> {
    static KILLED: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"fatal error: (\w+) signal terminated program \w+"));
    KILLED.captures(text).map(|c| match &c[1] {
        "Killed" => COMPILER_KILLED_KEY.into(),
        sig => format!("compiler: {sig} signal terminated the compiler").to_lowercase(),
    })
}

/// nvcc's `host_config.h` refusing the host compiler (`#error -- unsupported GNU version! gcc
/// versions later than 12 are not supported!`, MSVC's `#error:  -- unsupported Microsoft Visual
/// Studio version!`): one problem, a host compiler newer than the toolkit supports, whatever the
/// versions, the path and the hint after it.
fn host_compiler_key(text: &str) -> Option<String> {
    static UNSUPPORTED: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"#error:? +-- unsupported ([A-Za-z]+(?: [A-Za-z]+)*?) version")
    });
    UNSUPPORTED
        .captures(text)
        .map(|c| format!("nvcc: unsupported {} host compiler version", &c[1]).to_lowercase())
}

/// ninja's report of a failed step (`FAILED: [code=139] cuda_0.o`), or a JIT's of the ninja run
/// (`ninja exited with status 139`), elected only when no compiler said why: the status is all
/// the log knows (139: the compiler crashed), whichever output the step was building.
fn ninja_status_key(text: &str) -> Option<String> {
    static STATUS: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"^FAILED: \[code=(\d+)\]|ninja exited with status (\d+)")
    });
    let c = STATUS.captures(text)?;
    let n = c.get(1).or(c.get(2))?.as_str();
    Some(format!("ninja: a build step failed with status {n}"))
}

/// A build that found no CUDA compiler, as each tool states it: CMake's `Failed to find nvcc.`
/// and `No CMAKE_CUDA_COMPILER could be found` (under its `CMake Error at ...` header), a
/// package's setup (`nvcc was not found`, `CUDA_HOME is not set`), torch's extension builder
/// (`CUDA_HOME environment variable is not set`, `CUDA_HOME does not exist`), FlashInfer's JIT
/// (`Could not find nvcc`), a shell or subprocess that ran it (`sh: 1: nvcc: not found`, `No such
/// file or directory: '.../nvcc'`): one problem, no CUDA toolkit where the build looked.
fn missing_nvcc_key(ev: &Event) -> Option<String> {
    static NO_NVCC: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"Failed to find nvcc|Could not find nvcc|\bnvcc was not found|No CMAKE_CUDA_COMPILER could be found|CUDA_HOME (?:environment variable )?is not set|CUDA_HOME does not exist|\bnvcc: (?:command )?not found|No such file or directory: '(?:\S*/)?nvcc'",
        )
    });
    let stated = NO_NVCC.is_match(&ev.text)
        || (ev.text.contains("CMake Error")
            && ev.after.iter().take(3).any(|t| NO_NVCC.is_match(t)));
    stated.then(|| "build: no cuda compiler (nvcc) was found".into())
}

/// NCCL's `unhandled cuda error` is identified by the CUDA call's failure it reports (`Last
/// error: Cuda failure 'invalid argument'`), on the line or just after it; a `NCCL WARN Cuda
/// failure 1 'invalid argument'` line states the same failure.
fn nccl_cuda_failure(ev: &Event) -> Option<String> {
    static FAILURE: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"Cuda failure (?:\d+ )?'([^']+)'"));
    ev.lines()
        .find_map(|t| FAILURE.captures(t))
        .map(|c| format!("nccl cuda failure: {}", c[1].to_lowercase()))
}

/// The failed call NCCL names after `Last error:` (on the next line, or after the label).
pub(crate) fn nccl_last_error(ev: &Event) -> Option<&str> {
    let mut lines = ev.lines();
    while let Some(t) = lines.next() {
        let Some(i) = t.find("Last error:") else {
            continue;
        };
        let rest = t[i + "Last error:".len()..].trim();
        let detail = if rest.is_empty() {
            lines.next()?.trim()
        } else {
            rest
        };
        // (a paste may leave the detail out: the C++ trace that follows names no call)
        if detail.is_empty() || detail.starts_with("Exception raised from") {
            return None;
        }
        return Some(detail);
    }
    None
}

/// The line after torch's fixed description of an NCCL result (`ncclUnhandledCudaError: Call to
/// CUDA function failed.`): NCCL's own account of the failure, when the paste has one there.
pub(crate) fn nccl_detail(ev: &Event) -> Option<&str> {
    let mut lines = ev.after.iter().take(4);
    lines.find(|t| t.trim_start().starts_with("ncclUnhandledCudaError:"))?;
    let detail = lines.next()?.trim();
    let frame = detail.starts_with("Exception raised from") || detail.starts_with("frame #");
    (!detail.is_empty() && !frame && !detail.ends_with(':')).then_some(detail)
}

/// An NCCL warning's statement without its volatile words: any word with a digit or a slash
/// (segment names, `/dev/shm/...`, addresses and ports, sizes, a rank prefix), which differ
/// between runs and NCCL versions (`nccl-shm-recv-<hash>-1-1-0`, `/dev/shm/nccl-c8G2vd`).
fn nccl_statement(text: &str) -> String {
    text.split_whitespace()
        .filter(|w| !w.contains(|c: char| c.is_ascii_digit() || c == '/'))
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// `host:pid:tid [dev] include/shm.h:48 NCCL WARN Error while creating shared memory segment
/// ...`: the warning's statement is the problem, not the NCCL source line that printed it.
fn nccl_warn_key(text: &str) -> Option<String> {
    // (aws-ofi-nccl's own tests log the plugin's warning as `WARN: Function: f Line: N: NET/OFI
    // ...`, NCCL as `f:N NCCL WARN NET/OFI ...`: one message)
    if let Some(i) = text
        .find(": NET/OFI ")
        .filter(|_| !text.contains("NCCL WARN "))
    {
        let rest = &text[i + 2..];
        return (!nccl_statement(rest).is_empty()).then(|| nccl_key(rest));
    }
    let i = text.find("NCCL WARN ")?;
    let rest = &text[i + "NCCL WARN ".len()..];
    // NCCL's shared-memory helper warns `Call to open failed: No such file or directory` before
    // its `Error while attaching to shared memory segment ...`: a segment that is not there to
    // open is one a peer should have created (creating opens with O_CREAT, which cannot miss)
    if text[..i].contains("shmutils.") && rest.starts_with("Call to open failed: No such file") {
        return Some(SHM_ATTACH_KEY.into());
    }
    (!nccl_statement(rest).is_empty()).then(|| nccl_key(rest))
}

/// The key `<what> <first group>` of a message that `re` reads (a key named by one word of the
/// message: the header, the file, the Xid).
fn captured_key(re: &AsciiFirst, text: &str, what: &str) -> Option<String> {
    // (a pattern of alternatives captures in whichever one matched)
    let c = re.captures(text)?;
    let got = (1..c.group_count()).find_map(|i| c.get(i))?;
    Some(format!("{what} {}", got.as_str()))
}

/// urllib3 giving up on a host (`HTTPSConnectionPool(host='huggingface.co', port=443): Max
/// retries exceeded with url: /org/model/resolve/main/config.json (Caused by
/// ConnectTimeoutError(...))`): the host and why it could not be reached (a timeout, a name that
/// did not resolve, a proxy, TLS), not the file of whichever model was asked for.
fn http_retries_key(text: &str) -> Option<String> {
    static RETRIES: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"HTTPS?ConnectionPool\(host='([^']+)', port=\d+\): Max retries exceeded with url: \S+(?: \(Caused by (\w+)\()?",
        )
    });
    RETRIES.captures(text).map(|c| {
        let cause = c.get(2).map_or("", |m| m.as_str());
        format!("http: max retries exceeded for {} {cause}", &c[1])
            .trim_end()
            .to_string()
    })
}

/// Windows' loader failing on a DLL (`Error loading "C:\\...\\torch\\lib\\fbgemm.dll" or one
/// of its dependencies`, `Could not find module 'C:\\...\\koboldcpp_cublas.dll'`): the DLL is the
/// problem, whichever install path and whichever language the system states it in. (Not when
/// the loader ran out of commit memory: see [`ONE_PROBLEM`].)
fn dll_key(text: &str) -> Option<String> {
    // (the path quoted as a JSON string quotes it, `Error loading \"c:\\...\\fbgemm.dll\"`)
    static DLL: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r#"(?:Error loading \\?["']|Could not find module ')(?:[^"']*[\\/])?([\w.+-]+\.dll)\\?["']"#,
        )
    });
    DLL.captures(text)
        .map(|c| format!("windows: cannot load {}", c[1].to_lowercase()))
}

/// A header the compiler could not find (`fatal error: cuda/std/utility: No such file or
/// directory`): the header is the problem (a toolkit that moved it, a package not installed),
/// whichever source file included it.
fn missing_header_key(text: &str) -> Option<String> {
    // (MSVC's `fatal error C1083: Cannot open include file: 'Python.h': No such file or
    // directory`, in the system's language; tcc's `error: include file 'Python.h' not found`)
    static HEADER: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r#"fatal error: ([\w./+-]+\.?\w*): No such file or directory|fatal error C1083: [^:]*: ['"\x{201c}]?([\w./+-]+\.h)|\berror: include file '([\w./+-]+)' not found"#,
        )
    });
    let c = HEADER.captures(text)?;
    let header = (1..=3).find_map(|i| c.get(i))?.as_str();
    Some(format!("missing header {header}"))
}

/// A compiler's first error in a source file (`sparse24_gemm_sm90.cu(292): error: ...`,
/// `file.cpp:12:5: error: ...`): the file that does not compile is the problem, whichever of its
/// errors a compiler version or a paste shows first.
fn source_error_key(text: &str) -> Option<String> {
    static SOURCE: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"(?:^|[\s/\\])([\w.+-]+\.(?:cu|cpp|cc|cxx|c))(?:\(\d+\)|:\d+(?::\d+)?):? (?:fatal )?error\b",
        )
    });
    captured_key(&SOURCE, text, "compile error in")
}

/// The words of each signal a handler names, and the one key of a process it killed.
const SIGNAL_KEYS: &[(&[&str], &str)] = &[
    (
        &["Floating point exception"],
        "killed by SIGFPE (floating point exception)",
    ),
    (&["Bus error", "SIGBUS"], "killed by SIGBUS (bus error)"),
    (
        &["Illegal instruction", "SIGILL"],
        "killed by SIGILL (illegal instruction)",
    ),
];

/// The key of NCCL's failure to attach to a peer's shared memory segment.
const SHM_ATTACH_KEY: &str = "nccl: a shared memory segment could not be attached";

/// The key of an NCCL statement (a `NCCL WARN` line's, or the `Last error:` torch repeats). NCCL
/// 2.19 and later warn `Error: failed to extend /dev/shm/nccl-XXXX to N bytes` before the
/// `Error while creating shared memory segment` that earlier versions print alone: one problem,
/// no room in `/dev/shm` for the segment.
fn nccl_key(text: &str) -> String {
    let stmt = nccl_statement(text);
    // NCCL creates a segment in /dev/shm by `shm_open` and sizes it by `posix_fallocate` (2.19
    // and earlier warn `Call to posix_fallocate failed : <errno text>`, later versions `Error:
    // failed to extend /dev/shm/nccl-X to N bytes, error: <errno text> (N)`), then warns `Error
    // while creating shared memory segment`: the system's error is the problem (a full
    // /dev/shm is not a denied one), whichever version worded the call.
    let creating = stmt.contains("error while creating shared memory segment")
        || (stmt.starts_with("error: failed to extend") && text.contains("/dev/shm/"))
        || stmt.starts_with("call to posix_fallocate failed")
        || stmt.starts_with("call to shm_open failed");
    if creating {
        // (a full /dev/shm, `No space left on device`, is what a warning that names no errno
        // meets almost always: keyed alike)
        const ERRNO: &[&str] = &[
            "permission denied",
            "cannot allocate memory",
            "no such file or directory",
            "invalid argument",
        ];
        return match ERRNO.iter().find(|e| stmt.contains(*e)) {
            Some(e) => format!("nccl: a shared memory segment could not be created: {e}"),
            None => "nccl: a shared memory segment could not be created".into(),
        };
    }
    if stmt.contains("error while attaching to shared memory segment") {
        return SHM_ATTACH_KEY.into();
    }
    format!("nccl: {stmt}")
}

/// A watchdog line that a paste hard-wrapped before its `OpType=` (`... Watchdog caught colle` /
/// `ctive operation timeout: WorkNCCL(SeqNum=4, OpType=BROADCAST, ...`): the operation type is on
/// the next line, and keyed as an unbroken line is (see [`key_message`]).
fn wrapped_watchdog_key(ev: &Event) -> Option<String> {
    if ev.text.contains("OpType=") {
        return None;
    }
    // (or inside the field: `WorkNCCL(SeqNum=4596, OpTyp` / `e=_ALLGATHER_BASE, ...`)
    let glued;
    let next = if ev.text.contains("Watchdog caught") {
        match ev.after.first() {
            Some(a) if ev.text.contains("WorkNCCL(") && !a.contains("OpType=") => {
                glued = format!("{}{}", ev.text.trim_end(), a.trim_start());
                glued.as_str()
            }
            _ => ev.after.iter().take(2).find(|t| t.contains("OpType="))?,
        }
    } else {
        // torch's `Timeout at NCCL work: N, ...` names only the work's sequence number; the
        // watchdog's exception a few lines below names that work's operation
        // (`WorkNCCL(SeqNum=N, OpType=BROADCAST, ...)`), when the paste kept it
        let i = ev.text.find("Timeout at NCCL work: ")?;
        let seq: String = ev.text[i + "Timeout at NCCL work: ".len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let work = format!("SeqNum={seq},");
        ev.after
            .iter()
            .find(|t| !seq.is_empty() && t.contains(&work) && t.contains("OpType="))?
    };
    let i = next.find("OpType=")?;
    let op: String = next[i..]
        .chars()
        .take_while(|c| *c != ',' && *c != ')')
        .collect();
    Some(
        format!(
            "watchdog caught collective operation timeout: {}",
            collective_kind(&op)
        )
        .to_lowercase(),
    )
}

/// torch's heartbeat monitor words its report of a stalled watchdog thread one way (`... watchdog
/// got stuck for N seconds without making progress in monitoring enqueued collectives. This
/// typically indicates ...`), and older versions another (`Heartbeat monitor timed out! Process
/// will be terminated after dumping debug info. workMetaList_.size()=N`): the stall is the
/// problem, whatever the paste kept of the line before the words (a prefix, a hard-wrapped
/// `ProcessGroupNCCL'` on the line above).
fn stuck_watchdog_key(text: &str) -> Option<String> {
    (text.contains("watchdog got stuck for ") || text.contains("Heartbeat monitor timed out!"))
        .then(|| "processgroupnccl watchdog got stuck (heartbeat monitor)".into())
}

/// The kind of collective of an `OpType=` field: c10d names the tensor forms of a collective
/// (`all_gather_into_tensor`, `reduce_scatter_tensor`) `_ALLGATHER_BASE` and
/// `_REDUCE_SCATTER_BASE`, the list forms `ALLGATHER` and `REDUCE_SCATTER`; a rank that never
/// joined stalls either alike.
fn collective_kind(op: &str) -> String {
    let Some(name) = op.strip_prefix("OpType=") else {
        return op.to_string();
    };
    let name = name.strip_prefix('_').unwrap_or(name);
    let name = name.strip_suffix("_BASE").unwrap_or(name);
    format!("OpType={name}")
}

/// DeepEP's kernel timeouts name the role that waited and its channel and ranks (`DeepEP dispatch
/// NVL receiver timeout, channel: 6, ...`, `DeepEP dispatch forwarder timeout (RDMA meta), ...`,
/// `DeepEP timeout for dispatch senders, rank 3, ...`): whichever role gave up first, the
/// operation that stalled (dispatch, combine) is the problem.
fn deepep_timeout_key(text: &str) -> Option<String> {
    // (its host's own wait, `DeepEP error: timeout (dispatch CPU)`, which the exception's type
    // may precede)
    let rest = match text.find("DeepEP error: timeout (") {
        Some(i) => &text[i + "DeepEP error: timeout (".len()..],
        None => text.trim_start().strip_prefix("DeepEP ")?,
    };
    let rest = rest.strip_prefix("timeout for ").unwrap_or(rest);
    let op: String = rest.chars().take_while(char::is_ascii_alphabetic).collect();
    (!op.is_empty()).then(|| format!("deepep {} timeout", op.to_lowercase()))
}

/// Triton's `OutOfResources: out of resource: shared memory, Required: 98304, Hardware limit:
/// 65536`: the resource a kernel's configuration exceeds is the problem, the amounts are the
/// kernel's config and the GPU's. Its first word names it (`shared`, `registers`), also when a
/// cut paste ends inside the name (`shared me`), or the exception's repr quotes it.
fn triton_resource_key(norm: &str) -> Option<String> {
    // (the exception's repr a server logs, `OutOfResources(98304, 49152, 'shared memory')`)
    if let Some(i) = norm.find("OutOfResources(") {
        let resource: String = norm[i..]
            .split('\'')
            .nth(1)?
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        return (!resource.is_empty())
            .then(|| format!("triton out of resource: {resource}").to_lowercase());
    }
    let i = norm.find("out of resource: ")?;
    let resource: String = norm[i + "out of resource: ".len()..]
        .chars()
        .take_while(char::is_ascii_alphabetic)
        .collect();
    (!resource.is_empty()).then(|| format!("triton out of resource: {resource}").to_lowercase())
}

/// NCCL's InfiniBand transport warns of a failed work request as `NCCL WARN NET/IB : Got
/// completion from peer ADDR<port> with status=12 opcode=... vendor err 129` (an IB plugin as
/// `NET/IBP:Got completion ...`; NCCL 2.x before 2.12 without the peer, `Got completion with
/// error 12, opcode 1, len 32768, vendor err 129`): the completion
/// status (12, retries exceeded; 4, a protection error...) is the problem, the peer, GIDs and
/// lengths are volatile. (Quoted as a `Last error:` behind another NCCL error, that error leads.)
fn ib_completion_key(text: &str) -> Option<String> {
    static STATUS: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"(?:NCCL WARN |^)NET/IB\w* ?: ?Got completion (?:from peer .*?)?with (?:status=|error )(\d+)",
        )
    });
    let c = STATUS.captures(text)?;
    Some(format!(
        "nccl warn: net/ib completion with status {}",
        &c[1]
    ))
}

/// cuBLAS and cuDNN report a failure as a status (`CUBLAS_STATUS_EXECUTION_FAILED`): the status
/// is the problem, whichever framework (torch, Caffe's `Check failed: status ==
/// CUBLAS_STATUS_SUCCESS (13 vs. 0)`, CNTK's `CUBLAS failure 13`) and model hit it, and whichever
/// GEMM entry point torch names after it (`when calling `cublasGemmEx(...)``, `cublasLtMatmul`):
/// which one torch takes depends on its version and the dtype, and a paste often cuts it off.
fn library_status_key(text: &str) -> Option<String> {
    static STATUS: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"\b(CUBLAS|CUDNN)_STATUS_([A-Z_]+)"));
    // (cuDNN's frontend names the CUDA error a launch returned, `err 715 != CUDA_SUCCESS`, before
    // the status it maps it to, `CUDNN_STATUS_EXECUTION_FAILED_CUDA_DRIVER`, which a paste may
    // cut: the CUDA error is the more precise)
    static CUDA_ERR: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"\berr (\d+) != CUDA_SUCCESS\b"));
    if let Some(c) = CUDA_ERR.captures(text) {
        return Some(format!("cudnn: cuda error {}", &c[1]));
    }
    STATUS
        .captures_iter(text)
        .find(|c| &c[2] != "SUCCESS")
        .map(|c| format!("{}_status_{}", &c[1], &c[2]).to_lowercase())
}

/// `NVRM: Xid (PCI:0000:01:00): 31, pid=..., name=..., MMU Fault: ...`: the Xid number names the
/// kind of fault; the bus address, process and fault address differ from run to run.
fn xid_key(text: &str) -> Option<String> {
    static XID: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(r"Xid \([^)]*\):? (\d+)"));
    captured_key(&XID, text, "nvidia xid")
}

/// compute-sanitizer's memcheck names the kernel below the access it caught (`at void
/// flash::flash_fwd_splitkv_kernel<...>(...)`, `at flash_fwd_splitkv_kernel+0x2000`, `at 0x2405c0
/// in /src/memory_sm80.h:369:cp_async_zfill`): the kernel's own name is where it happened,
/// whether the access was a read or a write, and whatever the build's symbols spelled around it.
fn sanitizer_key(ev: &Event) -> Option<String> {
    if !ev.text.contains(" Invalid __") && !ev.text.contains(" Shared or Local Address") {
        return None;
    }
    let at = ev.after.iter().take(3).find_map(|t| {
        t.trim_start_matches(['=', ' '])
            .strip_prefix("at ")
            .map(str::to_string)
    })?;
    // (a program counter and the source file before the function: `0x2405c0 in FILE:N:func`)
    let at = at.split_once(" in ").map_or(at.as_str(), |(_, rest)| rest);
    let at = at.strip_prefix("void ").unwrap_or(at);
    let name = at.split(['<', '(', '+', ' ']).next().unwrap_or("");
    let name = name.rsplit("::").next().unwrap_or(name);
    let name = name.rsplit(':').next().unwrap_or(name);
    (!name.is_empty()).then(|| format!("compute-sanitizer: invalid access in {name}"))
}

/// DeepEP's and DeepGEMM's device assertion macros print `Assertion failed: FILE:LINE,
/// condition: COND`, and a paste may wrap the condition onto the next line: the file is the key
/// (its line moves between versions), whether or not the condition was kept.
fn assert_macro_key(text: &str) -> Option<String> {
    static MACRO: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"Assertion failed: (?:\S*/)?([\w.-]+\.cuh?):\d+,(?: condition: |\s*$)")
    });
    captured_key(&MACRO, text, "device assertion in")
}

/// Triton's `CompilationError: at 78:24:` gives a position in a kernel's source, which it prints
/// below; the kernel's name (`def _fwd_kernel(`) says which kernel failed to compile.
fn triton_kernel_key(ev: &Event) -> Option<String> {
    if !ev.text.contains("CompilationError") {
        return None;
    }
    static DEF: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(r"^\s*def (\w+)\("));
    if let Some(c) = ev.after.iter().find_map(|t| DEF.captures(t)) {
        return Some(format!("triton compilation error in {}", &c[1]));
    }
    // Newer Triton quotes only the lines around the position: the first of them is the kernel's
    // code there (two kernels that fail at `at N:N:` are otherwise one key)
    let code = ev
        .after
        .iter()
        .map(|t| t.trim())
        .find(|t| t.chars().any(char::is_alphanumeric))?;
    Some(format!("triton compilation error at: {}", normalize(code)).to_lowercase())
}

/// A weight loader's `KeyError: 'model.layers.55.mlp.gate_up_proj.input_scale'` names the
/// checkpoint tensor the model has no parameter for: the name, without its layer numbers, is the
/// problem (the quoted name is too long, and has digits, to survive [`normalize`]).
fn unknown_tensor_key(text: &str) -> Option<String> {
    static KEY: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"KeyError: '([^']{1,200})'"));
    let c = KEY.captures(text)?;
    Some(format!(
        "checkpoint tensor not in the model: {}",
        VOLATILE_NUM.replace_all(&c[1], "N")
    ))
}

/// A CUDA call checked by a kernel library's macro fails with CUDA's message and the source line
/// of the call: `Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:164 'invalid argument'`
/// (vLLM; `Failed: FILE:N 'msg'` in earlier versions), `Runtime check failed at
/// .../custom_all_reduce.cuh:37: CUDA error: invalid argument` (SGLang's JIT kernels), or the
/// message raised with the source line below it (`RuntimeError: invalid argument` then
/// `/sgl-kernel/csrc/allreduce/custom_all_reduce.cuh:350`). The source file and CUDA's message
/// are the problem; the line number moves between versions, the path between builds.
fn cuda_check_key(ev: &Event) -> Option<String> {
    const FILE: &str = r"(?:\S*/)?([\w.+-]+\.(?:cuh?|cpp|cc|hpp|h)):\d+";
    static FAILED: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(format!(r"\bFailed: (?:Cuda error )?{FILE} '([^']+)'")));
    static CHECK: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(format!(r"{FILE}:? CUDA error: (.+?)\s*$")));
    static SOURCE_LINE: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(format!(r"^\s*{FILE}\s*$")));
    let key = |file: &str, msg: &str| {
        Some(format!(
            "cuda error in {file}: {}",
            msg.trim().trim_end_matches('.').to_lowercase()
        ))
    };
    if let Some(c) = FAILED
        .captures(&ev.text)
        .or_else(|| CHECK.captures(&ev.text))
    {
        return key(&c[1], &c[2]);
    }
    let (_, msg) = exception_parts(&ev.text)?;
    if msg.trim().is_empty() || msg.contains('/') || msg.len() > 80 {
        return None;
    }
    let c = SOURCE_LINE.captures(ev.after.first()?)?;
    key(&c[1], msg)
}

/// A title-length form of a message: long reports are cut after their second sentence.
fn short_title(norm: &str) -> String {
    let mut end = norm.len();
    if norm.len() > 100 {
        let mut seen = 0;
        for (i, _) in norm.match_indices(". ") {
            seen += 1;
            if seen == 2 {
                end = i + 1;
                break;
            }
        }
    }
    norm[..end].chars().take(160).collect()
}

/// A device assertion is the same problem whichever kernel hit it and from which block and
/// thread: its key is the asserted condition (also when the threads' interleaved prints damaged
/// the kernel name before it); a host `assert()`'s key is its file and condition.
fn assertion_key(text: &str) -> Option<String> {
    // (glibc's `assert()` of host C/C++ code closes the condition with a quote, `Assertion
    // `COND' failed.`: its file and condition, not the line number a version moves or the
    // program name and path before them)
    static ASSERT: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"(\w+\.cuh?):\d+: .*?Assertion `([^`]*)`(?: failed|\s*$)|(\w+\.(?:cpp|cc|cxx|c|hpp|h)):\d+: .*?(Assertion `[^`]+' failed)|(\w+\.cuh?):\d+: .*?\bthread: \[[\d,]+\] Assertion ([^`']+?) failed|(\w+)\.py:\d+: \w+: block: \[[\d,]+\], thread: \[[\d,]+\] Assertion `([^`]+)`",
        )
    });
    let c = ASSERT.captures(text)?;
    // (a Triton kernel's `tl.device_assert`, as Inductor generates them: its condition with the
    // sizes and temporaries of that graph normalised, and its module only when a person named it:
    // Inductor names each by a hash of its code, `csb4oil3msr6exef73a73ay7nhpngmxzhvkm4wtxncwp.py`)
    if let (Some(module), Some(cond)) = (c.get(7), c.get(8)) {
        let module = module.as_str();
        let generated = module.len() > 40
            && module
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        let cond = VOLATILE_NUM.replace_all(cond.as_str(), "N");
        let place = if generated { "triton kernel" } else { module };
        return Some(format!("{place}: device assertion `{cond}` failed").to_lowercase());
    }
    // (a device assertion's condition is the check, whichever file holds it: torch moved its
    // index kernels' `srcIndex < srcSelectDimSize` from THC's `THCTensorIndex.cu` to ATen's
    // `Indexing.cu`, and one file's kernels share a check, `indexSelectSmallIndex` and
    // `indexSelectLargeIndex`)
    // (an empty condition, torch's `_assert_async` or a release build's, names no check: the
    // file then says which)
    // (the condition alone: a wrapped line may leave `failed.` to the next; a paste rendered
    // as markdown loses the backticks around it)
    if let Some(cond) = c.get(2).or(c.get(6)).filter(|c| !c.as_str().is_empty()) {
        return Some(format!("device assertion `{}` failed", cond.as_str()).to_lowercase());
    }
    if let (Some(file), Some(_)) = (c.get(1), c.get(2)) {
        return Some(format!("{}: assertion `` failed", file.as_str()).to_lowercase());
    }
    Some(format!("{}: {}", c.get(3)?.as_str(), c.get(4)?.as_str()).to_lowercase())
}

/// A failed `static_assert` states its problem in the message its author wrote (nvcc: `FILE(N):
/// error: static assertion failed with "MajorB must be GMMA::Major::K for this config."`, gcc:
/// `FILE:N:M: error: static assertion failed: msg`): the message, whichever file and instantiation
/// tripped it, is the key (it is no volatile value, however long).
fn static_assertion_key(text: &str) -> Option<String> {
    let i = text.find("static assertion failed")?;
    let rest = text[i + "static assertion failed".len()..].trim_start();
    let rest = rest
        .strip_prefix("with")
        .or_else(|| rest.strip_prefix(':'))?
        .trim_start();
    let msg = match rest.strip_prefix('"') {
        Some(r) => r.split('"').next().unwrap_or(r),
        None => rest,
    };
    let msg = VOLATILE_NUM.replace_all(msg.trim(), "N");
    (!msg.is_empty()).then(|| format!("static assertion failed: {msg}").to_lowercase())
}

/// A compiler run whose `CalledProcessError` is the statement (Triton's build of its launcher
/// stub, `Command '['/usr/bin/gcc', '/tmp/tmpXXXX/main.c', '-O3', ..., '-I/usr/include/python3.11']'
/// returned non-zero exit status 1`): the compiler and what it was asked to build are the
/// problem, not the temporary directory and the include paths of one machine.
fn compiler_command_key(text: &str) -> Option<String> {
    let i = text.find("Command '[")?;
    let args = &text[i + "Command '[".len()..];
    let args = &args[..args.find("]'")?];
    let args: Vec<&str> = args
        .split(", ")
        .map(|a| a.trim().trim_matches(['\'', '"']))
        .collect();
    let program = args.first()?.rsplit('/').next()?;
    // (the C or C++ compiler of any toolchain is one compiler to the program that ran it: `gcc`,
    // `cc`, `clang`, a conda toolchain's `x86_64-conda-linux-gnu-cc`, a versioned `gcc-11`)
    let bare = program
        .rsplit('-')
        .find(|p| !p.chars().all(|c| c.is_ascii_digit() || c == '.'));
    let program = match bare.unwrap_or(program) {
        "cc" | "gcc" | "clang" => "the c compiler",
        "c++" | "g++" | "clang++" => "the c++ compiler",
        _ => program,
    };
    let source = args[1..]
        .iter()
        .filter(|a| !a.starts_with('-'))
        .filter_map(|a| a.rsplit('/').next())
        .find(|a| {
            [".c", ".cc", ".cpp", ".cu"]
                .iter()
                .any(|ext| a.ends_with(ext))
        })?;
    // (the module it builds names it better than the source, which versions rename: Triton's
    // `cuda_utils` stub from `main.c`, later from `cuda_utils.c`)
    let built = args
        .iter()
        .position(|a| *a == "-o")
        .and_then(|i| args.get(i + 1))
        .and_then(|o| o.rsplit('/').next())
        .and_then(|o| o.split('.').next())
        .filter(|o| !o.is_empty());
    Some(match built {
        Some(module) => format!("{program} failed to build {module}").to_lowercase(),
        None => format!("{program} failed to compile {source}").to_lowercase(),
    })
}

/// A library that could not be loaded for want of another (ONNX Runtime's `Failed to load
/// library libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared
/// object file`): the two libraries are the problem, whatever the logger put before them.
fn library_dependency_key(text: &str) -> Option<String> {
    static DEPENDENCY: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"Failed to load library (?:\S*/)?([\w.+-]+?)\.so\S* with error: (?:\S*/)?([\w.+-]+?)\.so[.\d]*: cannot open shared object file",
        )
    });
    let c = DEPENDENCY.captures(text)?;
    Some(format!("{}.so cannot load {}.so", &c[1], &c[2]).to_lowercase())
}

/// A native library a program loads as it runs, in its loader's words: FFmpeg's `Cannot load
/// libnvcuvid.so.1`, DALI's `dlopen "libnvcuvid.so" failed!`: the library, by its name, is the
/// problem.
fn runtime_library_key(text: &str) -> Option<String> {
    static RUNTIME_LIBRARY: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r#"(?:\bCannot load |\bdlopen ")(?:\S*/)?(lib[\w+-]+)\.so"#)
    });
    captured_key(&RUNTIME_LIBRARY, text, "could not load")
}

/// The dynamic loader's `version `GLIBC_2.32' not found (required by <library>)`: the C library
/// version and the library that needs it are the problem (a paste may cut or redact the path, or
/// the loader's `required by`).
fn glibc_key(text: &str) -> Option<String> {
    static GLIBC: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"version `(GLIBC\w*_[\d.]+)' not found \((?:required by )?[^)]*?([\w.+-]+)\)",
        )
    });
    let c = GLIBC.captures(text)?;
    // (the library by its name: `flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so` and
    // `flash_attn_2_cuda.cpython-312-aarch64-linux-gnu.so` are one library)
    let lib = c[2].split(['.']).next().unwrap_or("");
    Some(format!("{} not found (required by {lib})", &c[1]).to_lowercase())
}

/// A torch extension's undefined symbol, read from the loader's own words wherever a program
/// quoted them (vLLM's `Failed to import from vllm._C with ImportError('<path>: undefined symbol:
/// <sym>')`), with the library named by its package: every package names its extension `_C`
/// (`vllm/_C.abi3.so`, `hpc/_C.abi3.so`), which alone does not tell two packages apart.
fn extension_symbol_key(text: &str, norm: &str) -> Option<String> {
    let i = text.find(": undefined symbol: ")?;
    let start = text[..i]
        .rfind([' ', '\'', '"', '(', '`'])
        .map_or(0, |j| j + 1);
    let key =
        undefined_symbol_key(&normalize(&text[start..])).or_else(|| undefined_symbol_key(norm))?;
    let mut parts = text[start..i].rsplit('/');
    let base = parts.next()?;
    if !base.starts_with("_C.") {
        return Some(key);
    }
    let package = parts.next().filter(|p| !p.is_empty())?;
    Some(format!("{}/{key}", package.to_lowercase()))
}

/// The message without exception type, prefixes such as `CUDA error:`, rank tags, or the
/// wrappers TensorRT-LLM puts in front of the error it caught.
fn core_message(text: &str) -> String {
    // (ComfyUI's error report labels the message it states: `- **Exception Message:** <msg>`)
    // (the line's reader may have taken the dash or the opening stars)
    let text = [
        "- **Exception Message:** ",
        "**Exception Message:** ",
        "Exception Message:** ",
    ]
    .iter()
    .find_map(|p| text.strip_prefix(p))
    .unwrap_or(text);
    // (and its older dialog the node it ran, `Error occurred when executing Sam2Segmentation:`,
    // joined to the message below it: the node is the workflow's, the message the error)
    let text = text
        .strip_prefix("Error occurred when executing ")
        .and_then(|r| r.split_once(": "))
        .map_or(text, |(_, m)| m);
    // (a JSON report quotes it as a field's string, torchelastic's error file `"message":
    // "RendezvousConnectionError: ...",`: the string is the message, not a quoted value in it)
    let text = text
        .trim_start()
        .strip_prefix("\"message\": \"")
        .map_or(text, |m| {
            m.trim_end().trim_end_matches(',').trim_end_matches('"')
        });
    // ONNX Runtime states a failed CUDA call after the source and C++ signature of its checker,
    // then where it ran (`.../cuda_call.cc:97 bool onnxruntime::CudaCall(...) [with ERRTYPE =
    // cudaError; ...] CUDA failure 77: an illegal memory access was encountered ; GPU=0 ;
    // hostname=x ; expr=cudaEventDestroy(read_event_);`): the failure is the message
    let text = match text.find("CUDA failure ") {
        Some(i) if text[..i].contains("CudaCall(") => {
            let rest = &text[i..];
            rest.find(" ; GPU=").map_or(rest, |j| &rest[..j])
        }
        _ => text,
    };
    // bold an issue's author closed mid-line (`**RuntimeError: CUDA out of memory.** Tried to
    // allocate ...`; the line's reader took the opening stars): no part of the message
    // (or a phrase bolded within the line: `[Rank 4] **Watchdog caught collective operation
    // timeout:** WorkNCCL(...)`)
    let debolded;
    let text = match (closing_bold(text), bold_phrase(text)) {
        (Some(i), _) => {
            debolded = format!("{}{}", &text[..i], &text[i + 2..]);
            debolded.as_str()
        }
        (None, Some((i, j))) => {
            debolded = format!("{}{}{}", &text[..i], &text[i + 2..j], &text[j + 2..]);
            debolded.as_str()
        }
        _ => text,
    };
    // torch's hints after a CUDA error, glued onto its line when a paste lost the line breaks
    // (`CUDA error: ... encountered Search for `cudaError...' in https://... CUDA kernel errors
    // might be asynchronously reported ...`), are no part of the message
    // (nor is the traceback header a logger glued behind the message: `..., Traceback (most
    // recent call last):`; a paste may also glue the hint without a space: `encounteredSearch
    // for `cuda...`)
    let text = [
        "Search for `cuda",
        "Search for cudaError",
        "CUDA kernel errors might be asynchronously",
        // (torch.compile's hint after the error it raises)
        "Set TORCHDYNAMO_VERBOSE=",
        ", Traceback (most recent call last)",
    ]
    .iter()
    .filter_map(|h| text.find(h))
    // (a statement that is the hint itself, a paste that kept nothing before it, stays whole)
    .filter(|&i| text[..i].chars().any(char::is_alphanumeric))
    .min()
    .map_or(text, |i| &text[..i]);
    // (Python 3.11's carets under the source line a paste glued to the message: `^^^^`)
    let text = text.trim_end().trim_end_matches('^').trim_end();
    let t = text.trim();
    // pytest's summary of a failed test in front of its exception (`FAILED
    // tests/test_dpo.py::TestDPO::test_train - torch.OutOfMemoryError: ...`)
    let t = match t.strip_prefix("FAILED ").and_then(|r| r.split_once(" - ")) {
        Some((test, rest)) if test.contains("::") && !rest.trim().is_empty() => rest.trim(),
        _ => t,
    };
    // a Go program's structured record of a failed call (Ollama's slog: `msg="error looking up
    // nvidia GPU memory" error="nvcuda failed to get primary device context 800"`): the error
    // field states what failed, the message only which step met it
    static SLOG_ERROR: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r#"^(?:\S+=\S+ )*msg="[^"]*"(?: \S+=(?:"[^"]*"|\S+))*? err(?:or)?="([^"]+)""#,
        )
    });
    // (and a record with no error field states it in its message: `msg="error looking up CUDA
    // GPU memory: device memory info lookup failure 0: 4"`, which is no quoted value to hide)
    static SLOG_MSG: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r#"^(?:\S+=\S+ )*msg="([^"]+)""#));
    let slog_error = SLOG_ERROR
        .captures(t)
        .or_else(|| SLOG_MSG.captures(t))
        .map(|c| c[1].to_string());
    let t = slog_error.as_deref().unwrap_or(t);
    // JAX's re-raise of an error with its whole traceback (`jax._src.traceback_util.
    // UnfilteredStackTrace: RuntimeError: cuSolver internal error`): the error it carries
    let t = t
        .strip_prefix("jax._src.traceback_util.UnfilteredStackTrace: ")
        .unwrap_or(t);
    // TensorFlow's op that failed (`OP_REQUIRES failed at tile_ops.cc:123 : Resource exhausted:
    // OOM when allocating ...`) and its listed statuses (`(0) Unknown: Failed to get ...`): the
    // status's message, as the op's line and the exception below it both state it
    static TF_STATUS_HEAD: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"^(?:OP_REQUIRES failed at \S+ : |\(\d+\) )(?:[A-Z][a-z]+(?: [a-z]+)?|[A-Z]+(?:_[A-Z]+)*): +",
        )
    });
    let t = TF_STATUS_HEAD.find(t).map_or(t, |m| &t[m.end()..]);
    // a message quoted whole (a repr printed alone, `"Prefill out of memory. ...\n"`): its words
    let t = match t
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .or_else(|| t.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')))
    {
        Some(inner) if inner.len() > 20 && !inner.contains(['"', '\'']) => {
            inner.strip_suffix("\\n").unwrap_or(inner).trim()
        }
        _ => t,
    };
    // an HTTP API's error body that a client raised (`Error code: 400 - {'error': {'message':
    // 'As of transformers v4.44, ...', 'type': 'BadRequestError', ...}}`, or vLLM's flat
    // `{"object":"error","message":"...",...}`, or llama-server's `{"error":{"code":500,
    // "message":"..."`): the server's message, and of a message of several lines escaped into
    // the string (a template engine's `\n---\nWhile executing ...\nError: ...`), its last
    static API_MESSAGE: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r#"\{['"](?:error['"]: ?\{['"](?:code['"]: ?\d+, ?['"])?|object['"]: ?['"]error['"], ?['"])message['"]: ?['"](.{20,}?)(?:['"], ?['"](?:type|object|param|code)['"]|$)"#,
        )
    });
    let api_message = API_MESSAGE.captures(t).map(|c| {
        let m = &c[1];
        m.rsplit("\\n")
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or(m)
            .to_string()
    });
    let t = api_message.as_deref().unwrap_or(t);
    // a message of several lines escaped into one (a bytes repr, XGBoost's `b'... invalid
    // argument\n\nStack trace returned 10 entries:\n[bt] (0) ...`): its first line states it
    let t = match t.find("\\n") {
        Some(i) if t[..i].chars().any(char::is_alphanumeric) => t[..i].trim_end(),
        _ => t,
    };
    // a wrapper that quotes the exception it caught as its repr, at its end (Ray Tune's `Trial 0
    // failed because of the following error: RuntimeError('CUDA error: ...')`): that exception's
    // message
    static EXCEPTION_REPR: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r#"\b[A-Z]\w*(?:Error|Exception)\(['"](.{10,}?)['"],?\)\.?\s*$"#)
    });
    let repr_message = EXCEPTION_REPR.captures(t).map(|c| c[1].to_string());
    let t = repr_message.as_deref().unwrap_or(t);
    // a bare `Error` word a program or a writer put in front of the statement (`Error CUDA
    // error: ...`, `ERROR: CUDA error: ...`)
    let t = match t
        .strip_prefix("Error")
        .or_else(|| t.strip_prefix("ERROR"))
        .filter(|r| r.starts_with([' ', ':']))
        .map(|r| r.trim_start_matches(':').trim_start())
    {
        // (not a wrapper's own words: `Error during backend allocation: <msg>`)
        Some(r) if r.starts_with(|c: char| c.is_ascii_uppercase()) => r,
        _ => t,
    };
    // a writer's label in front of the error pasted behind it, ended by a CJK full-width colon
    // (`报错：RuntimeError: ...`, `3. 错误信息：RuntimeError: ...`): the error it labels
    let t = match t.find('：') {
        Some(i) if exception_parts(t[i + '：'.len_utf8()..].trim_start()).is_some() => {
            t[i + '：'.len_utf8()..].trim_start()
        }
        _ => t,
    };
    // a C++ handler's `what():` and a library's tags (`[TM][ERROR]`) in front of the message
    let t = t.strip_prefix("what():").map(str::trim_start).unwrap_or(t);
    // Numba's two wordings of a failed driver call: the status's number in front (`[100] Call to
    // cuInit results in CUDA_ERROR_NO_DEVICE`), or its wrapper's words in front and the number
    // behind (`Error at driver init: Call to cuInit results in CUDA_ERROR_NO_DEVICE (100)`)
    static NUMBA_DRIVER_CALL: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"(?:\[\d+\] |Error at driver init: )(Call to cu\w+ results in CUDA_ERROR_\w+)",
        )
    });
    let numba_call = NUMBA_DRIVER_CALL.captures(t).map(|c| c[1].to_string());
    let t = numba_call.as_deref().unwrap_or(t);
    // dmlc's places in front of a message it re-raised, each with its time (XGBoost's `[10:12:10]
    // .../common.h:41: .../updater_gpu_hist.cu: 279: invalid argument`)
    static DMLC_PLACE: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^(?:\[\d\d:\d\d:\d\d\] \S+:\d+: )+"));
    let t = match DMLC_PLACE.find(t) {
        Some(m) if m.end() < t.len() => &t[m.end()..],
        _ => t,
    };
    // torch's process-group tag (`[PG ID 5 PG GUID 55(mesh_replicate) Rank 1]`, `[PG 1 Rank 0]`)
    // names which group of which run saw the error, not the error
    static PG_TAG: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^\[PG [^\]]{0,120}\]\s*"));
    let t = match PG_TAG.find(t) {
        Some(m) => &t[m.end()..],
        None => t,
    };
    let t = without_tags(t);
    // TensorRT's source location in front of its message (`[pluginV2Runner.cpp::load::290] `,
    // `[pluginV2Runner.cpp::nvinfer1::rt::load::293] ` in another version)
    static TRT_LOCATION: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^(?:\d+: )?\[[\w.]+\.(?:cpp|cc|cu|h)::[\w:~]+::\d+\] "));
    let t = without_head(&TRT_LOCATION, t);
    // Rust's `tracing` names the module that logged a record behind its level
    // (`ERROR dynamo_runtime::worker: <msg>`): where it was logged, not the error; so are the
    // spans it was in and the source line, before it (TGI's router: `batch{batch_size=1}:prefill:
    // prefill{id=1 size=1}: text_generation_client: router/client/src/lib.rs:33: Server error:
    // <the shard's message>`)
    static SPANS: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"^(?:[a-z_]\w*(?:\{[^}]*\})?:)+ [a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)*: \S+\.rs:\d+: (?:Server error: )?",
        )
    });
    let t = without_head(&SPANS, t);
    static TARGET: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^[a-z_][a-z0-9_]*(?:::[a-z_][a-z0-9_]*)+: "));
    let t = without_head(&TARGET, t);
    // a Rust panic's header names the thread and the source line that unwrapped the error
    // (`thread '<unnamed>' panicked at .../core.rs:106:37: called `Result::unwrap()` on an `Err`
    // value: DriverError(...)`): where, not what; so does argparse's program name before its
    // refusal (`train.py: error: unrecognized arguments: --local-rank=1`), and FFmpeg's tag of
    // the component and its context (`[h264_nvenc @ 0x55d0c8a2b440] OpenEncodeSessionEx failed:
    // out of memory (10)`): an encoder for another codec fails the same way; a program's words
    // around what its loop raised, ColabFold's `Could not predict <job>. Not Enough GPU memory?
    // `, Chainer's `Exception in main training loop: `: whichever job, the same exception (and
    // VS Code's debugger's heading joined to the message below it, `Exception has occurred:
    // RuntimeError mat1 and mat2 ...`: its message, as the traceback's own line states it)
    static PANIC_AT: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"^thread '[^']*' panicked at \S+:\d+(?::\d+)?:\s+|^[\w.-]+\.py: error: |^\[\w+ @ (?:0x)?[0-9a-fA-F]+\] |^Could not predict \S+\. Not Enough GPU memory\? |^Exception in main training loop: |^Exception has occurred: [\w.]+ ",
        )
    });
    let t = without_head(&PANIC_AT, t);
    // an exception logged as its `repr` (`OutOfMemoryError('CUDA out of memory. ...')`): its
    // message, as the exception's own line states it
    static REPR: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r#"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\(['"](.+?)['"]?\)?\.?$"#)
    });
    let repr = REPR.captures(t).map(|c| c[1].to_string());
    let t = repr.as_deref().unwrap_or(t);
    // asyncio's report of a future that failed unobserved (`future: <Future finished
    // exception=RayTaskError(RuntimeError)(RuntimeError('probability tensor ...'))>`): the
    // message of the exception it holds, whatever wrapped it
    static FUTURE: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r#"<(?:Future|Task) finished .*?exception=[\w.()]*?\(['"](.+?)['"]\)"#)
    });
    let held = FUTURE.captures(t).map(|c| c[1].to_string());
    let t = held.as_deref().unwrap_or(t);
    // a capture wrapper glued behind a reporter's prose (`<prose>Exception: Capture cuda graph
    // failed: <cause>`): the cause it wraps
    let t = match t
        .find("apture cuda graph failed: ")
        .or_else(|| t.find("apture CUDA graph failed: "))
    {
        Some(i) if i > 1 => &t[i + "apture cuda graph failed: ".len()..],
        _ => t,
    };
    let t = match t.find("[TensorRT-LLM][ERROR] ") {
        Some(i) => &t[i + "[TensorRT-LLM][ERROR] ".len()..],
        None => t,
    };
    // (vLLM's model runner re-raises as `Error in model execution (input dumped to PATH): <msg>`;
    // a program that caught an exception prints it behind its own words: `Error during backend
    // allocation: <msg>`, ComfyUI's `!!! Exception during processing !!! <msg>`, Dynamo's runtime
    // the error its worker returned: `Application shutdown with error: <msg>`)
    static WRAPPER: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"^Encounter error '|^(?:Failed to initialize executor on rank \d+|Encountered an error in \w+ function|Executor failed process requestId \d+ due to the following error): |^Worker failed with error '|^Capture (?:cuda|CUDA) graph failed: |^Process group watchdog thread terminated with exception: |^Error in model execution(?: \(input dumped to [^)]*\))?: |^Exception in worker \S+ while processing method \w+: |^Engine loop is not running\. Inspect the stacktrace to find the original error: |^Application shutdown with error: |^(?:!!! ?)?(?:ERROR|Error|Exception) (?:during|while) [\w .'\-]{1,60}?(?:: | !!! )",
        )
    });
    // (vLLM's executor closes the quote of `Worker failed with error '<msg>'` with a pointer to
    // the stack above, no part of the message; TensorRT-LLM's weight loader quotes the error of
    // one parameter as `Encounter error '<msg>' for parameter '<name>'`)
    let unwrap = |t: &'_ str| -> String {
        match WRAPPER.find(t) {
            Some(m) => {
                let rest = &t[m.end()..];
                match rest
                    .find("', please check the stack trace above")
                    .or_else(|| rest.find("' for parameter '"))
                {
                    Some(i) => rest[..i].to_string(),
                    None => rest.to_string(),
                }
            }
            None => t.to_string(),
        }
    };
    let t = unwrap(t);
    // a program's record of an exception it caught, `<worker> exception: <str(e)>`, names where
    // it was caught before the message; not a C++ runtime's `Unhandled exception: ...`, whose
    // whole line is the statement
    static CAUGHT: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^[A-Z][\w.]*(?: [\w.]+){0,3} exception: "));
    let t = match CAUGHT.find(&t) {
        Some(m) if !t.starts_with("Unhandled ") && !t[m.end()..].trim().is_empty() => {
            t[m.end()..].to_string()
        }
        _ => t,
    };
    // `RuntimeError: [TM][ERROR] message`: the library's tags behind the exception type too
    let t = match exception_parts(&t) {
        Some((_, msg)) if !msg.is_empty() => unwrap(without_tags(msg)),
        _ => t,
    };
    // `Exception: Capture cuda graph failed: RuntimeError: CUDA error: ...`: the wrapped
    // exception's own type is not part of the problem either
    let t = match exception_parts(&t) {
        Some((ty, msg)) if !msg.is_empty() && ty.ends_with("Error") => msg.to_string(),
        _ => t,
    };
    // a wrapper that quotes the cause as its `repr` (vLLM's `MQEngineDeadError: Engine loop is
    // not running. Inspect the stacktrace to find the original error: ValueError('<msg>').`)
    let t = match REPR.captures(&t) {
        Some(c) => c[1].to_string(),
        None => t,
    };
    // Triton's launcher reports a failed CUDA call as `Triton Error [CUDA]: <CUDA's message>`:
    // the same statement as `CUDA error: <CUDA's message>`
    let t = match t.strip_prefix("Triton Error [CUDA]: ") {
        Some(rest) => format!("CUDA error: {rest}"),
        None => t,
    };
    // A CUDA driver API check (DeepGEMM's) reports `CUDA driver error (FILE:N): 715
    // (CUDA_ERROR_ILLEGAL_INSTRUCTION, an illegal instruction was encountered)`: the same
    // statement as the runtime's `CUDA error: an illegal instruction was encountered`
    static DRIVER: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"^CUDA driver error \([^)]*\): \d+\s*\(CUDA_ERROR_\w+, ([^)]+)\)")
    });
    let t = match DRIVER.captures(&t) {
        Some(c) => format!("CUDA error: {}", &c[1]),
        None => t,
    };
    // PyTorch's older THC form `cuda runtime error (39) : MESSAGE at FILE:LINE` states what
    // `CUDA error: MESSAGE` states today
    static THC: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^cuda runtime error \(\d+\) : (.+?)(?: at \S+:\d+)?$"));
    let t = match THC.captures(&t) {
        Some(c) => format!("CUDA error: {}", &c[1]),
        None => t,
    };
    let t = t
        .as_str()
        .trim_start_matches("[Rank ")
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches("] ");
    // (TensorRT's logger heads an error with its code, `3: [executionContext.cpp::...] Error
    // Code 3: ...`, whose digits the line above took: the location it heads is the message)
    let t = match t.strip_prefix(": [") {
        Some(rest) => &t[t.len() - rest.len() - 1..],
        None => t,
    };
    t.to_string()
}

/// The text after a library's leading tags (`[TM][ERROR] message`), unless the tags are all
/// there is.
fn without_tags(t: &str) -> &str {
    // (a relayed child's stream, `[nvidia-smi(stdout)]`; and xoscar's actor address, which
    // Xinference puts in front of every exception it re-raises: `ValueError:
    // [address=0.0.0.0:34479, pid=610] <message>`)
    static TAGS: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"^(?:\[[A-Za-z][\w\-]*(?:\(\w+\))?\] ?|\[address=[^\]\s]*, pid=\d+\] ?)+")
    });
    match TAGS.find(t) {
        Some(m) if !t[m.end()..].trim().is_empty() => t[m.end()..].trim_start(),
        _ => t,
    }
}

/// `text` with each match of `re` replaced by `to`, searched only where the literal `gate` that
/// every match holds is in it.
fn replaced<'a>(text: &'a str, gate: &str, re: &Regex, to: &str) -> std::borrow::Cow<'a, str> {
    if text.contains(gate) {
        re.replace_all(text, to)
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// The part of a normalised message that identifies the problem: messages that carry a long
/// tail of measurements (OOM reports, NCCL "Last error" chatter) are cut to their first sentence.
fn key_message(class: &str, norm: &str) -> String {
    // a count a message shows as its sum or product (`Attempted to assign N + N + N = N
    // multimodal tokens`, `N x N = N`) is one count, whatever the number of terms
    static EQUATION: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\bN(?: [+x*×] N)+ = N\b").expect("valid regex"));
    let equated = replaced(norm, " = N", &EQUATION, "N");
    // a C library's `strerror` text followed by its errno (`Connection timed out [110]`) states
    // the error once: the number repeats it
    let norm = equated.strip_suffix(" [N]").unwrap_or(&equated);
    // a sentence's closing period, and markdown's emphasis a paste kept around it (`requires
    // xfuser package._`), end a message in one paste and not in another; so does the backtick
    // closing a quoted call (`when calling `cusolverDnCreate(handle)``), which a cut loses
    // (an underscore only after the period: a cut name ends in one, `tokenizer.chat_`)
    let norm = norm
        .strip_suffix('_')
        .filter(|r| r.ends_with('.'))
        .unwrap_or(norm)
        .trim_end_matches(['.', '*', ' ', '`']);
    // an amount of memory is printed in whichever unit suits its size, and in decimal or binary
    // units by each version (`MPS allocated: 17.2 GB` and `... 16.04 GiB`): a size, whatever its
    // unit
    static SIZE_UNIT: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"\bN (?:[KMGTP]i?B|bytes)\b").expect("valid regex"));
    let sized = replaced(norm, "B", &SIZE_UNIT, "N bytes");
    let norm = sized.as_ref();
    // a source location that ends a message (`... out of memory …/allocator.h:N`) is the
    // build's, not the problem's
    let norm = match norm.rfind(" …/") {
        Some(i) if !norm[i + 1..].contains(' ') => &norm[..i],
        _ => norm,
    };
    // (and one in parentheses, as TensorRT-LLM's assertions end: `Assertion failed: MSG
    // (…/runtime/tllmRuntime.cpp:N)`, also where a paste cut it inside the path)
    let norm = match norm.rfind(" (…/") {
        Some(i) if !norm[i + 1..].contains(' ') => &norm[..i],
        _ => norm,
    };
    // ggml's CUDA check states a failed call as `CUDA error N at FILE:LINE: <CUDA's message>`:
    // CUDA's message is the problem, as torch's `CUDA error: <message>` states it
    let ggml;
    let norm = match norm
        .strip_prefix("CUDA error N at …/")
        .and_then(|r| r.split_once(": "))
    {
        Some((place, msg)) if !place.contains(' ') => {
            ggml = format!("CUDA error: {msg}");
            ggml.as_str()
        }
        _ => norm,
    };
    // a Kubernetes event's columns before its message (`Warning  Failed  86s (x26 over 6m37s)
    // kubelet  Error: ...`): the age and the count are this pod's, the message the problem
    static K8S_EVENT_COLUMNS: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r"^\s*Warning\s+Failed\s+\S+(?:\s+\(x\w+ over \S+\))?\s+\S+\s+")
    });
    let norm = match K8S_EVENT_COLUMNS.find(norm) {
        Some(m) => &norm[m.end()..],
        None => norm,
    };
    // Ollama relaying its runner's last error (`Error: llama runner process has terminated: CUDA
    // error: the resource allocation failed`): the runner's error is the problem, as the runner
    // states it itself
    const OLLAMA_RELAY: &str = "llama runner process has terminated: ";
    let norm = match norm.find(OLLAMA_RELAY) {
        Some(i) if norm.len() > i + OLLAMA_RELAY.len() => &norm[i + OLLAMA_RELAY.len()..],
        _ => norm,
    };
    // ggml's assertion (`FILE:LINE: GGML_ASSERT(cond) failed`), whether its runner printed it or
    // a server relayed it behind its own words (`llama runner process has terminated:
    // GGML_ASSERT(cond) failed`): the condition is the problem, not the path of the checkout
    // or the wrapper
    let norm = match norm.find("GGML_ASSERT(") {
        Some(i) if norm.ends_with(") failed") => &norm[i..],
        _ => norm,
    };
    // a request's failure logged with the exception that ended it (SGLang's `Decode transfer
    // failed for request rank=N decode_req.req.rid='…' ... with exception KVTransferError(...):
    // Aborted by AbortReq.`): the exception states the problem; the request and the step only
    // say where it surfaced
    let quoted;
    let norm = match norm.find(" with exception ") {
        Some(i)
            if crate::parse::EXCEPTION_STATED.is_match(&norm[i + " with exception ".len()..]) =>
        {
            quoted = norm[i + " with exception ".len()..].to_string();
            quoted.as_str()
        }
        _ => norm,
    };
    // HIP states CUDA's errors in CUDA's words behind its own name (`HIP error: operation not
    // permitted when stream is capturing`): one problem on either vendor's GPU
    let hip;
    let norm = match norm.find("HIP error: ") {
        Some(i) => {
            hip = format!(
                "{}CUDA error: {}",
                &norm[..i],
                &norm[i + "HIP error: ".len()..]
            );
            hip.as_str()
        }
        None => norm,
    };
    // a program that caught a CUDA error and logged it behind its own words (`Create model
    // with specified precision failed - model: M, message: CUDA error: <msg>`) states CUDA's
    // error, as torch's own `CUDA error: <msg>` line does: the key starts there where CUDA's
    // message is itself the cause (a device or driver that cannot serve, memory exhausted or
    // failing), not where it is a kernel's fault that many causes share (an illegal address)
    let caught;
    let norm = match norm.find("CUDA error: ") {
        Some(i)
            if i > 0
                && matches!(
                    class,
                    "cuda_driver_error" | "cuda_oom" | "gpu_hardware_error"
                ) =>
        {
            caught = norm[i..].to_string();
            caught.as_str()
        }
        _ => norm,
    };
    // `CUDA runtime error in ::cudaMallocAsync(ptr, n, ...): out of memory`: the failing call
    // and its error, not the arguments a version passed to it
    if let Some(i) = norm.find("CUDA runtime error in ") {
        let rest = &norm[i + "CUDA runtime error in ".len()..];
        let call: String = rest
            .trim_start_matches(':')
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if let Some(j) = rest.find("): ") {
            let err = rest[j + 3..].split(" (").next().unwrap_or("").trim();
            if !call.is_empty() && !err.is_empty() {
                return format!("cuda runtime error in {call}: {err}").to_lowercase();
            }
        }
    }
    // Ray's report of a dead worker comes in two sentences (the task's, the actor's) that say
    // the same thing: the worker's exit type is what is known of the problem.
    if let Some(i) = norm.find("Worker exit type: ") {
        let kind: String = norm[i + "Worker exit type: ".len()..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        return format!("ray worker died: {}", kind.to_lowercase());
    }
    // (the raylet's sentence names that kind itself, where a paste cut the line before it)
    if norm.contains("killed while executing a task by an unexpected system error") {
        return "ray worker died: system_error".into();
    }
    // torch shares a DataLoader worker's tensors through shared-memory objects named by pid and
    // a counter (`unable to open shared memory object </torch_30997_2076642173> in read-write
    // mode`, then `: Too many open files (24)` or a chained `OSError: [Errno 24]`): one problem,
    // the file descriptors its default sharing strategy uses up.
    if norm.contains("unable to open shared memory object <") {
        return "torch: unable to open a shared memory object (file descriptors)".into();
    }
    // Triton runs its own `ptxas` or, for Blackwell GPUs (Triton 3.5 and later), its
    // `ptxas-blackwell`: a diagnostic names the binary that printed it, one problem either way
    let ptxas_variant;
    let norm = match norm.strip_prefix("ptxas-").and_then(|r| r.split_once(' ')) {
        Some((variant, rest))
            if class == "triton_error" && variant.bytes().all(|b| b.is_ascii_alphanumeric()) =>
        {
            ptxas_variant = format!("ptxas {rest}");
            ptxas_variant.as_str()
        }
        _ => norm,
    };
    // A library that misses a symbol of the C++ library it was built against (a mangled
    // `_ZN3c10...` of libtorch) is one ABI mismatch, whichever symbol the loader met first.
    if class == "import_error" {
        if let Some(key) = undefined_symbol_key(norm) {
            return key;
        }
    }
    // torch states a failed GPU allocation in its allocator's words (`CUDA out of memory. Tried
    // to allocate N bytes (GPU N; ...)`, whose tail each version words its own way) or, where
    // a CUDA call failed outside it (and in its first releases), in CUDA's (`CUDA error: out of
    // memory`): one problem, placed by the step that asked (see [`GENERIC`])
    // (also behind a caller's words for the step, `Detailed export error: CUDA out of memory.
    // Tried to allocate N MiB.`)
    if class == "cuda_oom"
        && (norm.contains("CUDA out of memory. Tried to allocate")
            || norm == "CUDA error: out of memory")
    {
        return "cuda out of memory".into();
    }
    // OptiX's status names the problem, whatever call or wrapper reported it
    // (`OPTIX_ERROR_UNSUPPORTED_ABI_VERSION (7801)` below the place that checked `optixInit()`,
    // `RuntimeError: OPTIX_ERROR_UNSUPPORTED_ABI_VERSION: Optix call 'optixInit()' failed: ...`)
    if let Some(i) = norm.find("OPTIX_ERROR_") {
        let code: String = norm[i..]
            .chars()
            .take_while(|c| c.is_ascii_uppercase() || *c == '_')
            .collect();
        return format!("optix: {}", code.to_lowercase());
    }
    // XLA's cuBLAS wrapper states the handle it could not create with whatever its version
    // took cuBLAS's status for (`failed to create cublas handle: cublas error`, later `...: the
    // library was not initialized`): one problem
    if class == "cublas_cudnn_error"
        && norm
            .to_ascii_lowercase()
            .contains("failed to create cublas handle")
    {
        return "failed to create cublas handle".into();
    }
    // TensorRT's errors name the source that raised them, `[calibrator.cpp::add::N] Error Code
    // N: Cuda Runtime (...)`, behind whichever logger's prefix a program gave them (`Error[N]:
    // `, `[<time> ERROR] N: `): the error starts at its source
    let trt;
    let norm = match norm.find("] Error Code N: ") {
        Some(i) => match norm[..i].rfind('[') {
            Some(j) if j > 0 && norm[j..i].contains("::") && !norm[j..i].contains(' ') => {
                trt = norm[j..].to_string();
                trt.as_str()
            }
            _ => norm,
        },
        None => norm,
    };
    // TensorRT's builder states a failed GPU allocation as `[virtualMemoryBuffer.cpp::...]
    // Error Code 2: OutOfMemory (...)` (TensorRT 8 and later) or `Cuda Error in allocate: 2 (out
    // of memory)` (TensorRT 7): one problem, whichever allocator and version printed it.
    // (and its default allocator's `Error Code N: Cuda Runtime (out of memory)`, `Cuda Error in
    // nvinfer1::internal::DefaultAllocator::allocate: N (out of memory)`, the builder's
    // `Requested amount of memory (N bytes) could not be allocated`)
    if class == "cuda_oom"
        && (norm.contains("Error Code N: OutOfMemory")
            || norm.contains("Cuda Error in allocate: N (out of memory)")
            || norm.contains("Error Code N: Cuda Runtime (out of memory)")
            || norm.contains("DefaultAllocator::allocate: N (out of memory)")
            || norm.contains("Requested amount of memory (N bytes) could not be allocated"))
    {
        return "tensorrt: out of gpu memory".into();
    }
    // TensorRT's builder found no kernel for a layer (`Could not find any implementation for
    // node /model/Conv + PWN(...)`): which layer is the user's network, the builder's refusal
    // the problem.
    if norm.contains("Could not find any implementation for node") {
        return "tensorrt builder: no implementation for a node".into();
    }
    // CUDA's `no kernel image` printed bare is the statement `CUDA error: ` introduces (not a
    // kernel's own report that names itself, `GemmaRMSNorm failed with error code ...`).
    if class == "no_kernel_image" && norm.starts_with("no kernel image is available") {
        return format!("cuda error: {norm}").to_lowercase();
    }
    // ... and the same statement behind the words of a program that caught and printed it
    // (`Error during benchmark: CUDA error: no kernel image ...`, a `print(f"...: {e}")`)
    if class == "no_kernel_image" {
        if let Some(i) = norm.find("CUDA error: no kernel image is available") {
            return norm[i..].to_lowercase();
        }
        // (XLA's stream executor names the CUDA call that found no kernel, behind whichever of
        // its callers reported it: `Could not create RepeatBufferKernel: INTERNAL: Failed call
        // to cudaGetFuncBySymbol: ...`, its autotuner's `EXECUTION FAILED: INTERNAL: CUDA
        // Runtime error: [N] Failed call to cudaGetFuncBySymbol: cudaErrorNoKernelImageForDevice:
        // ...`): the call and CUDA's message
        if let Some(i) = norm.find("Failed call to ") {
            let call: String = norm[i + "Failed call to ".len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !call.is_empty() && norm[i..].contains("no kernel image is available") {
                return format!("failed call to {call}: no kernel image is available")
                    .to_lowercase();
            }
        }
    }
    // PyTorch's warning that its build lacks the GPU's architecture is the cause CUDA's `no
    // kernel image` states when a kernel of that build runs: one problem.
    if class == "no_kernel_image"
        && norm.contains("is not compatible with the current PyTorch installation")
    {
        return "cuda error: no kernel image is available for execution on the device".into();
    }
    // SGLang's check that the weights leave room for the KV-cache pool, in its old wording (`Not
    // enough memory. Please try to increase --mem-fraction-static.`) and its new one (`Loaded
    // weights leave no GPU memory for the KV cache under --mem-fraction-static=N.`).
    // (And vLLM's `No available memory for the cache blocks`: the same problem in its words; a
    // size computed below zero is keyed so in [`special_key`], its sign being volatile here.)
    if class == "cuda_oom"
        && (norm.contains("Not enough memory. Please try to increase --mem-fraction-static")
            || norm.contains("leave no GPU memory for the KV cache")
            || norm.contains("No available memory for the cache blocks"))
    {
        return NO_KV_CACHE_MEMORY.into();
    }
    // vLLM's check at startup that the free GPU memory covers the requested utilization; later
    // versions name the device in it (`Free memory on device cuda:0 (...)`): one problem.
    if class == "cuda_oom" && norm.contains("is less than desired GPU memory utilization") {
        return "free gpu memory at startup is below the requested utilization".into();
    }
    // vLLM's and SGLang's checks that a tensor-parallel shard of an FP8 block-quantized weight
    // holds whole blocks, each worded for the weight it checks (`Weight output_partition_size =
    // N is not divisible by weight quantization block_n = N.`, `Weight input_size_per_partition
    // = N ... block_k = N.`, `The output_size of gate's and up's weight = N ... block_n = N.`):
    // one problem, a parallel size that cuts a weight finer than its quantization block.
    if norm.contains("is not divisible by weight quantization block_") {
        return "fp8 block quantization: a weight shard is not a whole number of blocks".into();
    }
    // vLLM's KV-cache check, in either wording: one problem, a maximum model length the cache
    // cannot hold.
    if class == "cuda_oom" && crate::parse::phase::is_kv_cache_below_max_len(norm) {
        return "kv cache cannot hold one request of the maximum model length".into();
    }
    // CUDA's error 802 (`cudaErrorSystemNotReady`: the system, an NVSwitch machine's fabric
    // manager, is not ready), however a program states it (torch's `Unexpected error from
    // cudaGetDeviceCount() ... Error 802: system not yet initialized`, its older `cuda runtime
    // error (802)`, nccl-tests' `Test CUDA failure common.cu:N 'system not yet initialized'`)
    if class == "cuda_driver_error" && norm.contains("system not yet initialized") {
        return "cuda error: system not yet initialized".into();
    }
    // torch's report of a failed first CUDA call (`Unexpected error from cudaGetDeviceCount().
    // Did you run ...? Error N: <CUDA's message>`) is as many problems as CUDA has messages: 803
    // (a driver and compat libraries that disagree) is not 804 (forward compatibility on a GPU
    // without it)
    if class == "cuda_driver_error" && norm.contains("cudaGetDeviceCount()") {
        if let Some((_, msg)) = norm.split_once("Error N: ") {
            // (as torch's warning it ends `(Triggered internally at .../CUDAFunctions.cpp:N.)`)
            let msg = msg.split(" (Triggered internally").next().unwrap_or(msg);
            let msg = msg.trim().trim_end_matches(['.', ')']);
            if !msg.is_empty() {
                return format!("cuda error: {msg}").to_lowercase();
            }
        }
    }
    // Docker's daemon found no runtime for the GPUs a container asked for: one problem, whether
    // `--gpus` (no driver named, `""`) or a compose file's `driver: nvidia` asked.
    // (not CDI's devices, `could not select device driver "cdi" with capabilities: []`: the
    // daemon's CDI support is off, another fix)
    if class == "cuda_driver_error" && norm.contains("could not select device driver") {
        if norm.contains("device driver \"cdi\"") {
            return "docker: cdi devices requested with cdi not enabled".into();
        }
        return "docker: no container runtime provides gpus".into();
    }
    // The GPU left the bus: the Xid line and the driver's own sentence say the same thing.
    if class == "gpu_hardware_error" && norm.contains("fallen off the bus") {
        return "gpu has fallen off the bus".into();
    }
    // `host:pid:tid [dev] misc/ibvwrap.cc:N NCCL WARN Call to ibv_create_qp failed`: NCCL's
    // warning is the problem, not the source file of the NCCL build that printed it
    // (NCCL 2.0-2.3 printed it without its name: `misc/ibvwrap.cu:N WARN Call to ...`)
    if class == "nccl_error" {
        static OLD_WARN: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::new(r"\.(?:cc|cu|c|h):N WARN "));
        let at = norm
            .find("NCCL WARN ")
            .map(|i| i + "NCCL WARN ".len())
            .or_else(|| OLD_WARN.find(norm).map(|m| m.end()));
        if let Some(i) = at {
            return format!("nccl warn: {}", norm[i..].trim()).to_lowercase();
        }
    }
    // `NCCL error in: …/ProcessGroupNCCL.cpp:N, remote process exited ..., NCCL version N`: the
    // kind of error is the problem, not the torch source line or the NCCL version that saw it
    if class == "nccl_error" {
        // (older torch: `NCCL Error 1: unhandled cuda error`, the result code before the kind)
        if let Some(i) = norm.find("NCCL error").or_else(|| norm.find("NCCL Error")) {
            let rest = &norm[i + "NCCL error".len()..];
            let rest = match rest.strip_prefix(" in: ") {
                Some(r) => r.split_once(", ").map(|(_, k)| k).unwrap_or(r),
                None => rest
                    .strip_prefix(" N:")
                    .unwrap_or(rest)
                    .trim_start_matches(':')
                    .trim_start(),
            };
            let kind = rest.split(", NCCL version").next().unwrap_or(rest);
            // (newer torch versions add a hint to the kind; it names no problem)
            let kind = kind.split(" (run with NCCL_DEBUG").next().unwrap_or(kind);
            let kind = kind.split(". ").next().unwrap_or(kind).trim();
            if !kind.is_empty() {
                return format!("nccl error: {}", kind.to_lowercase());
            }
        }
    }
    // (a check that rejects a configuration states it in its first sentence; the advice that
    // follows changes between versions: `... not divisible by min_thread_k = N. Consider ...`)
    // (an uncaught exception's details after its first sentence are values and advice, and where a
    // paste hard-wrapped the message they are cut short: `Error in memory profiling. Initial free
    // memory N GiB,`)
    // (a check that names itself and then lists its values, `Invalid thread config:
    // thread_m_blocks = N, thread_k = N, ...`, is its name: a paste may cut the list anywhere)
    static VALUES: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(r"^\w+ = N\b"));
    let norm = match norm.split_once(": ") {
        Some((head, values))
            if head.len() <= 60 && !head.contains(": ") && VALUES.is_match(values) =>
        {
            head
        }
        _ => norm,
    };
    let cut = match class {
        // (vLLM's `No compiled <op>: no <kernel> for CUDA device capability: N. Required
        // capability: N or N` lists the capabilities its version builds: the first sentence is
        // the problem)
        // (torch's `Cannot re-initialize CUDA in forked subprocess. To use CUDA with ...` and
        // the driver's other refusals state the problem first; advice and a writer's words
        // follow)
        "cuda_oom" | "nccl_timeout" | "triton_error" | "unsupported_config"
        | "python_exception" | "no_kernel_image" | "cuda_driver_error" => {
            // (and without the period that ends it, which a one-sentence message keeps)
            norm.find(". ")
                .map(|i| &norm[..i])
                .unwrap_or(norm)
                .trim_end_matches('.')
        }
        _ => norm,
    };
    // A membership check that lists what it allows (`model_type: 'qwen2_5_vl' not in ['llama',
    // ...]`): the list is the version's and a paste cuts it anywhere, the value refused is the
    // user's; the check is the problem.
    static NOT_IN: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"^(.*?)'[^']*' (?:is )?not in\b"));
    let not_in;
    let refused = (class == "unsupported_config")
        .then(|| NOT_IN.captures(cut))
        .flatten();
    let cut = match refused {
        Some(c) => {
            not_in = format!("{}'…' not in", &c[1]);
            not_in.as_str()
        }
        _ => cut,
    };
    // A check that refuses a model's architecture names the Hugging Face class of the user's
    // model (`Model architectures ['Qwen3ForCausalLM'] are not supported for now`, `X has no
    // SGLang implementation`): one problem, a version that lacks the architecture, whichever model
    // it was; the name goes as a quoted value does (not `AutoModelForCausalLM`, the loader's own
    // class)
    static ARCH: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"\b[A-Z][A-Za-z0-9_]*For[A-Z][A-Za-z]+\b"));
    let arch;
    let cut = if class == "unsupported_config" && ARCH.is_match(cut) {
        let mut out = String::with_capacity(cut.len());
        let mut last = 0;
        for m in ARCH.find_iter(cut) {
            let name = &cut[m.start()..m.end()];
            out.push_str(&cut[last..m.start()]);
            out.push_str(if name.starts_with("Auto") {
                name
            } else {
                "…"
            });
            last = m.end();
        }
        out.push_str(&cut[last..]);
        arch = out;
        arch.as_str()
    } else {
        cut
    };
    // c10d's store waited for ranks that never came: its server for clients to connect (`Timed
    // out after N seconds waiting for clients. N/N clients joined.`), a client for keys the other
    // ranks set as they join (`wait timeout after Nms, keys: /default_pg/...`, which the client's
    // socket warns first: `[c10d] waitForInput: socket ... timed out after Nms`): one problem
    if class == "nccl_timeout"
        && (cut.contains("seconds waiting for clients")
            || (cut.contains("wait timeout after") && cut.contains("keys:"))
            || (cut.contains("waitForInput: socket") && cut.contains("timed out after")))
    {
        return "c10d store: timed out waiting for the other ranks to join".into();
    }
    // c10d's TCPStore client that never reached the store (`The client socket has timed out
    // after 900s while trying to connect to (HOST, PORT)`, torch 1.x's `connect() timed out`,
    // `The client socket has failed to connect to any network address of (HOST, PORT)`, the
    // elastic agent's `RendezvousConnectionError: The connection to the C10d store has
    // failed`): one problem, whichever unit or wording the torch version prints
    if class == "nccl_error"
        && (cut.contains("client socket has timed out")
            || cut.contains("client socket has failed to connect")
            || cut.contains("connect() timed out")
            || cut.contains("connection to the C10d store has failed"))
    {
        return "c10d store: the client could not connect to the store".into();
    }
    // pip's resolver refusing the packages asked for, stated above the conflict (`ERROR: Cannot
    // install ... because these package versions have conflicting dependencies.`) or at its
    // head (`The conflict is caused by:`): the pins that conflict differ, the problem does not
    if class == "build_error"
        && (cut.contains("package versions have conflicting dependencies")
            || cut.contains("The conflict is caused by:"))
    {
        return "pip: the resolver found conflicting dependencies".into();
    }
    // transformers asked to apply a chat template the tokenizer does not have, in the wording of
    // each version (`Cannot use chat template functions because tokenizer.chat_template is not
    // set ...`, `Cannot use apply_chat_template() because ...`, `As of transformers v4.44,
    // default chat template is no longer allowed ...`), however far a paste kept it
    if class == "python_exception"
        && (cut.contains("because tokenizer.chat_")
            || cut.contains("default chat template is no longer allowed"))
    {
        return "transformers: the tokenizer has no chat template".into();
    }
    // torch's `[PG N Rank N] Timeout at NCCL work: N, last enqueued NCCL work: N, ...` names no
    // operation: only its sequence numbers, which differ between runs
    if class == "nccl_timeout" && cut.contains("Timeout at NCCL work") {
        return "watchdog: timeout at nccl work".into();
    }
    if class == "nccl_timeout" {
        // WorkNCCL(SeqNum=N, OpType=ALLREDUCE, ...) keeps the operation type only (a hard-wrapped
        // paste may cut the rest)
        if let Some(i) = cut.find("OpType=") {
            let op: String = cut[i..]
                .chars()
                .take_while(|c| *c != ',' && *c != ')')
                .collect();
            let op = collective_kind(&op);
            let head = cut.split("WorkNCCL").next().unwrap_or(cut);
            // (a line glued to a progress bar or another rank's output keeps only the statement)
            let head = head
                .find("Watchdog caught")
                .map(|i| &head[i..])
                .unwrap_or(head);
            return format!("{head}{op}").to_lowercase();
        }
        return cut.split(" ran for").next().unwrap_or(cut).to_lowercase();
    }
    // A check that states its problem and then dumps the object it checked (`No valid attention
    // backend found for cuda with AttentionSelectorConfig(head_size=N, dtype=...)`) or the values
    // it derived its limit from (`... the derived max_model_len (max_position_embeddings=N or
    // ...)`), or a list of the objects it found (DeepSpeed's `still have inflight params [{'id':
    // N, ...}]`, `[<bound method ...>]`): the dump is values, worded anew by versions and cut anywhere by pastes; the
    // statement before it is the problem.
    static DUMP: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r" (?:with |for |of |in )?[A-Z]\w*\(\w+=|: [A-Z]\w*\(\w+=| \(\w+=N\b|:? \[(?:\{'|<)",
        )
    });
    if class != "nccl_error" {
        if let Some(m) = DUMP.find(cut) {
            if m.start() >= 20 {
                return cut[..m.start()].to_lowercase();
            }
        }
    }
    // Advice a later version appended to the same statement (`Cannot copy out of meta tensor;
    // no data! Please use torch.nn.Module.to_empty() instead ...`) is no part of the problem.
    if let Some(i) = [". Please ", "! Please "]
        .iter()
        .filter_map(|a| cut.find(a))
        .min()
        .filter(|i| *i >= 20)
    {
        return cut[..=i].to_lowercase();
    }
    cut.to_lowercase()
}

/// `…/lib.so: undefined symbol: _ZN5torch3jit…`: the library and the namespace of a mangled C++
/// symbol (the library it belongs to), or the plain symbol a C library lacks.
fn undefined_symbol_key(norm: &str) -> Option<String> {
    // (macOS's loader says it its own way, with the C name's underscore in front: `dlopen(<path>,
    // 2): Symbol not found: __ZN2at5Error...`: the same library missing the same symbol)
    static DLOPEN: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"dlopen\((\S+?), [^)]*\): Symbol not found: _(\S+)"));
    let linux;
    let norm = match DLOPEN.captures(norm) {
        Some(c) => {
            linux = format!("{}: undefined symbol: {}", &c[1], &c[2]);
            linux.as_str()
        }
        None => norm,
    };
    let i = norm.find("undefined symbol: ")?;
    let lib = norm[..i]
        .trim_end()
        .trim_end_matches(':')
        .rsplit(['/', ' '])
        .next()
        .unwrap_or("");
    // (an extension module's file name carries the ABI it was built for, which is not the
    // library: `_C.cpython-310-x86_64-linux-gnu.so`, `_C.abi3.so`, both `_C.so`)
    // (a path that a paste made a link keeps its bracket: `..._C.abi3.so)`)
    let stem;
    let lib = match lib
        .trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
        .split_once('.')
    {
        Some((name, rest))
            if !name.is_empty()
                && (rest == "so" || rest.ends_with(".so") || rest.starts_with("so.")) =>
        {
            stem = format!("{name}.so");
            stem.as_str()
        }
        _ => lib,
    };
    let sym = norm[i + "undefined symbol: ".len()..]
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_end_matches(['`', '\'', '"', ',', '.']);
    let ns = sym
        .strip_prefix("_ZNK")
        .or_else(|| sym.strip_prefix("_ZN"))
        .or_else(|| sym.strip_prefix("_Z"))
        .map(|rest| {
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            let len: usize = digits.parse().unwrap_or(0);
            rest[digits.len()..].chars().take(len).collect::<String>()
        });
    let owner = match ns.as_deref() {
        Some("c10" | "at" | "torch" | "caffe2") => "libtorch".to_string(),
        Some(n) if !n.is_empty() => n.to_string(),
        Some(_) => return None,
        None => sym.to_string(),
    };
    Some(format!("{lib}: undefined symbol of {owner}").to_lowercase())
}

/// A kernel named in a message (`file.cu:123: kernel_name`).
static KERNEL: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(r"(\w+\.cuh?):\d+: (\w+)"));

/// The CUDA source file a C++ program names with a failed call, in its message (`CUDA error 209
/// at D:\src\ggml-cuda.cu:5284: ...`) or on the line below (`in function f at
/// /src/ggml-cuda.cu:2313`, in later builds without the `at`).
fn cuda_source(ev: &Event) -> Option<String> {
    static AT: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"(?:\bCUDA error \d+ at |\bin function \w+ (?:at )?)\S*?([\w.-]+\.cuh?):\d+",
        )
    });
    std::iter::once(&ev.text)
        .chain(ev.after.iter().take(2))
        .find_map(|t| AT.captures(t).map(|c| c[1].to_string()))
}

/// The kernel named in an error's message, or the installed package (other than torch) of its
/// innermost frame: which binary failed.
fn library(ev: &Event) -> Option<String> {
    if let Some(c) = KERNEL.captures(&ev.text) {
        return Some(format!("{}:{}", &c[1], &c[2]));
    }
    static PACKAGE: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r#"File "[^"]*[-_]packages/([A-Za-z_][\w.]*)/"#));
    ev.frames
        .iter()
        .rev()
        .filter_map(|f| PACKAGE.captures(f))
        .map(|c| c[1].to_string())
        .find(|p| p != "torch")
}

/// The outermost frame of torch's own code (`_tensor.py:backward`, `optimizer.py:wrapper`): the
/// torch call an application made, when only torch's frames were pasted. (Not `nn.Module`'s
/// plumbing, which calls the application's code back.)
fn torch_entry(ev: &Event) -> Option<String> {
    static FRAME: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r#"File "[^"]*[-_]packages[/\\]torch[/\\](?:[^"]*[/\\])?([^"/\\]+)", line \d+,? in (\S+)"#,
        )
    });
    // (the call, not its file: torch renamed `tensor.py` to `_tensor.py`)
    ev.frames
        .iter()
        .filter_map(|f| FRAME.captures(f))
        .find(|c| &c[1] != "module.py")
        .map(|c| format!("torch {}", &c[2]))
}

/// An exception raised with no message (`AssertionError` from a bare `assert`): its type says
/// nothing of the cause, so where it was raised is the problem.
pub(crate) fn bare_exception(msg: &str) -> bool {
    // (its `repr`, as a logger may print it: `AssertionError()`)
    let t = msg.trim().trim_end_matches(':').trim_end_matches("()");
    let name = t.rsplit('.').next().unwrap_or(t);
    !t.is_empty()
        && !t.contains(' ')
        && name.starts_with(|c: char| c.is_ascii_uppercase())
        && (name.ends_with("Error") || name.ends_with("Exception"))
}

/// Where a generic error happened: a kernel name from an assertion, else the innermost frame
/// outside the Python standard library and torch's own wrappers. A segmentation fault happens in
/// the call its faulthandler stack shows innermost, torch's own too (`all_reduce`), unlike a CUDA
/// error that surfaces at whichever torch call synchronised next: `in_torch` keeps those frames.
fn location(ev: &Event, in_torch: bool) -> Option<String> {
    if let Some(c) = KERNEL.captures(&ev.text) {
        return Some(format!("{}:{}", &c[1], &c[2]));
    }
    static FRAME: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r#"File "((?:[^"]*/)?)([^"/]+)", line \d+,? in (\S+)"#));
    // torch's and the standard library's frames (a stream's synchronize) are where an error
    // surfaced, not where the application went wrong
    let library = |dir: &str, file: &str| {
        (!in_torch && dir.contains("-packages/torch/"))
            || (dir.contains("/lib/python3") && !dir.contains("-packages/"))
            || file.starts_with('<')
    };
    ev.frames
        .iter()
        .rev()
        .filter_map(|f| FRAME.captures(f))
        .filter(|c| !library(&c[1], &c[2]))
        // (torch's `nn.Module` plumbing is no place either, also where a Windows path hides the
        // package; another package's own `module.py`, Megatron's, is code that ran)
        .filter(|c| {
            !(c[2].ends_with("module.py") && format!("{}{}", &c[1], &c[2]).contains("torch"))
        })
        // (a package's `__init__.py` is named by its package, `gaussian_renderer/__init__.py:
        // render`: the file name alone says nothing; one outside a package says nothing at all)
        .filter_map(|c| match &c[2] {
            f if f.starts_with("__init__") => {
                let package = c[1].trim_end_matches('/').rsplit('/').next()?;
                (!package.is_empty()).then(|| format!("{package}/{f}:{}", &c[3]))
            }
            f => Some(format!("{f}:{}", &c[3])),
        })
        .find(|f| !f.contains("_compile.py"))
}

/// `t` without the head `re` finds at its start (a location, a logger's target, a program's
/// name), unless nothing would be left of the message.
fn without_head<'a>(re: &AsciiFirst, t: &'a str) -> &'a str {
    match re.find(t) {
        Some(m) if !t[m.end()..].trim().is_empty() => &t[m.end()..],
        _ => t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An elected error stated on one line with nothing kept around it.
    fn event(text: &str, phase: &'static str) -> Event {
        Event {
            line: 1,
            tier: 3,
            rank: None,
            text: text.into(),
            raw: text.into(),
            after: vec![],
            frames: vec![],
            chained: false,
            phase,
        }
    }

    #[test]
    fn absl_faulting_function_is_read_from_the_pc_line() {
        let pc = "PC: @     0x7f0c73d2944a  (unknown)  addProxyOpIfNeeded()";
        assert_eq!(faulting_function(pc), Some("addProxyOpIfNeeded()"));
        assert_eq!(
            faulting_function("PC: @     0x7f3c5f628350  (unknown)  (unknown)"),
            None
        );
        assert_eq!(faulting_function("no pc here"), None);
    }

    #[test]
    fn closing_bold_is_found_only_behind_a_word() {
        let t = "RuntimeError: CUDA out of memory.** Tried to allocate 20.00 MiB";
        assert_eq!(closing_bold(t), Some(33));
        assert_eq!(closing_bold("f() got an unexpected keyword **kwargs"), None);
        assert_eq!(closing_bold("overflow: 2**31 is too large"), None);
    }

    #[test]
    fn a_bolded_phrase_is_found_between_words() {
        let t = "[Rank 4] **Watchdog caught collective operation timeout:** WorkNCCL(SeqNum=1)";
        assert_eq!(bold_phrase(t), Some((9, 56)));
        assert_eq!(bold_phrase("f(**a, **b) got **kwargs"), None);
        assert_eq!(bold_phrase("f() takes **kwargs and **extra"), None);
        assert_eq!(bold_phrase("2**31 and 2**32 overflow"), None);
        let bold = |t: &str| core_message(t);
        assert_eq!(
            bold(t),
            bold("[Rank 4] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1)")
        );
    }

    #[test]
    fn a_bare_error_word_before_the_statement_is_dropped() {
        assert_eq!(
            core_message("Error CUDA error: unspecified launch failure"),
            core_message("CUDA error: unspecified launch failure")
        );
        // (a wrapper's own words stay for its unwrapping)
        assert!(core_message("Error during backend allocation: boom").contains("boom"));
    }

    #[test]
    fn pci_bus_ids_are_volatile_however_spaced() {
        assert_eq!(
            normalize("Unable to determine the device handle for GPU0000:07:00.0: Unknown Error"),
            normalize("Unable to determine the device handle for GPU 000:BA:80.0: Unknown Error")
        );
    }

    #[test]
    fn windows_paths_are_volatile() {
        assert_eq!(
            normalize(r"d:\a\koboldcpp\ggml\src\ggml-cuda\mmv.cu:51: ERROR"),
            "…/mmv.cu:N: ERROR"
        );
        // (a path that mixes both separators is one path)
        assert_eq!(
            normalize(r"CUDA error (C:/a/xformers/hopper\flash_fwd.h:188): invalid argument"),
            normalize("CUDA error (/__w/xformers/hopper/flash_fwd.h:188): invalid argument")
        );
    }

    #[test]
    fn full_width_punctuation_is_read_as_ascii() {
        assert_eq!(
            normalize("Not enough memory for KV cache，try reducing --num-pages"),
            normalize("Not enough memory for KV cache, try reducing --num-pages")
        );
    }

    #[test]
    fn normalizes_volatile_tokens() {
        assert_eq!(
            normalize("CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.11 GiB"),
            "CUDA out of memory. Tried to allocate N MiB. GPU N has a total capacity of N GiB"
        );
        // (a size joined to its unit)
        assert_eq!(
            normalize("Attempting to reserve 14.51G at the bottom of memory; 80GB, 512MiB"),
            "Attempting to reserve N at the bottom of memory; N, N"
        );
        assert_eq!(
            normalize(
                "at 0x7f6c9e77305d in /opt/venv/lib/python3.12/site-packages/torch/lib/libc10.so"
            ),
            "at HEX in …/libcN.so"
        );
        // a request's id, whichever API made it
        assert_eq!(
            normalize("Failed to advance FSM for request cmpl-4eb6fd83247a426b8764e9f0d514f10d-0"),
            normalize("Failed to advance FSM for request resp_20217d9f89044056949fa9498cdd56a4"),
        );
    }

    #[test]
    fn relative_and_elided_paths_normalize_alike() {
        assert_eq!(
            normalize("Assertion error (.../deepgemm-src/csrc/apis/hyperconnection.hpp:56)"),
            normalize("Assertion error (/deepgemm/csrc/apis/hyperconnection.hpp:56)")
        );
        assert_eq!(
            normalize("failed at csrc/apis/attention.hpp:211"),
            "failed at …/attention.hpp:N"
        );
    }

    #[test]
    fn library_status_is_the_key() {
        let caffe = library_status_key("Check failed: status == CUBLAS_STATUS_SUCCESS (13 vs. 0)  CUBLAS_STATUS_EXECUTION_FAILED");
        let cntk = library_status_key("CUBLAS failure 13: CUBLAS_STATUS_EXECUTION_FAILED ; GPU=1 ; expr=cublas_gemm(cuHandle)");
        assert_eq!(caffe.as_deref(), Some("cublas_status_execution_failed"));
        assert_eq!(caffe, cntk);
        let torch = library_status_key("CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k)`");
        let lt = library_status_key("CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling cublasLtMatmul with transpose_mat1 1");
        assert_eq!(torch, caffe);
        assert_eq!(torch, lt);
        let other = library_status_key(
            "CUDA error: CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasGemmEx(handle)`",
        );
        assert_ne!(torch, other);
        assert_eq!(library_status_key("CUBLAS_STATUS_SUCCESS"), None);
    }

    #[test]
    fn a_dump_after_the_statement_is_not_the_key() {
        let key = |t: &str| key_message("unsupported_config", &normalize(t));
        let whole = key("ValueError: No valid attention backend found for cuda with AttentionSelectorConfig(head_size=576, dtype=torch.bfloat16, kv_cache_dtype=auto, block_size=None, use_mla=True, use_sparse=True)");
        let cut = key("ValueError: No valid attention backend found for cuda with AttentionSelectorConfig(head_size=576, dtype=torch");
        assert_eq!(whole, cut);
        assert_eq!(
            whole,
            "valueerror: no valid attention backend found for cuda"
        );
        // a short head that names the object is the statement itself
        assert_ne!(
            key("ValueError: Foo(a=1) is bad"),
            key("ValueError: Foo(a=2, b=3)")
        );
    }

    #[test]
    fn a_failed_first_cuda_call_is_keyed_by_cudas_message() {
        let key = |t: &str| key_message("cuda_driver_error", &normalize(t));
        let e803 = key("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination");
        let e804 = key("RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 804: forward compatibility was attempted on non supported HW");
        let bare = key("cudaGetDeviceCount() ... Error 804: forward compatibility was attempted on non supported HW");
        assert_ne!(e803, e804);
        assert_eq!(e804, bare);
    }

    #[test]
    fn undefined_libtorch_symbols_share_a_key() {
        let key = |t: &str| undefined_symbol_key(&normalize(t));
        let a = key("/x/sgl_kernel/common_ops.abi3.so: undefined symbol: _ZN5torch3jit17parseSchemaOrNameERKSsb");
        let b = key("/y/site-packages/sgl_kernel/common_ops.abi3.so: undefined symbol: _ZNK3c106SymInt6sym_neERKS0_");
        let c = key("/x/sgl_kernel/common_ops.abi3.so: undefined symbol: cuGreenCtxStreamCreate");
        assert_eq!(a, b);
        assert_ne!(a, c);
        // (macOS's loader words it its own way)
        let linux = key("/x/scatter_cpu.cpython-37m-x86_64-linux-gnu.so: undefined symbol: _ZN2at5ErrorC1ENS_14SourceLocationESs");
        let mac = key("dlopen(/y/scatter_cpu.cpython-36m-darwin.so, 2): Symbol not found: __ZN2at5ErrorC1ENS_14SourceLocationESs");
        assert_eq!(linux, mac);
        assert!(linux.is_some());
    }

    #[test]
    fn a_fault_that_names_no_place_is_keyed_by_its_server() {
        let ev = Event {
            line: 1,
            tier: 3,
            rank: None,
            text: "RuntimeError: CUDA error: an illegal memory access was encountered".into(),
            raw: String::new(),
            after: vec![],
            frames: vec![],
            chained: false,
            phase: "unknown",
        };
        let fp = |class: &str, fw: Option<&str>| signature(class, "unknown", &ev, fw).1;
        let ima = "cuda_illegal_memory_access";
        assert_ne!(fp(ima, Some("sglang")), fp(ima, Some("vllm")));
        // torch alone names no code of the program's own
        assert_eq!(fp(ima, Some("pytorch")), fp(ima, None));
        let mut nccl = ev.clone();
        nccl.text =
            "torch.distributed.DistBackendError: NCCL error in: x.cpp:1, unhandled cuda error"
                .into();
        let fp = |fw| signature("nccl_error", "unknown", &nccl, fw).1;
        assert_eq!(fp(Some("sglang")), fp(None));
    }

    #[test]
    fn a_bare_exception_is_told_apart_by_where_it_was_raised() {
        let at = |file: &str, func: &str| {
            let ev = Event {
                line: 1,
                tier: 3,
                rank: None,
                text: "AssertionError".into(),
                raw: "AssertionError".into(),
                after: vec![],
                frames: vec![format!(
                    "File \"/opt/venv/lib/python3.12/site-packages/{file}\", line 9, in {func}"
                )],
                chained: false,
                phase: "unknown",
            };
            signature("python_exception", "unknown", &ev, None).1
        };
        let gemm = at("deep_gemm/jit_kernels/gemm.py", "gemm_fp8_fp8_bf16_nt");
        assert_ne!(
            gemm,
            at("vllm/v1/core/kv_cache_utils.py", "unify_page_size")
        );
        assert_eq!(
            gemm,
            at("deep_gemm/jit_kernels/gemm.py", "gemm_fp8_fp8_bf16_nt")
        );
        assert!(bare_exception("AssertionError"));
        assert!(bare_exception("AssertionError()"));
        assert!(bare_exception("torch._dynamo.exc.InternalTorchDynamoError"));
        assert!(!bare_exception("AssertionError: n must be even"));
        assert!(!bare_exception("Killed"));
    }

    #[test]
    fn quoted_messages_are_read_inside_their_wrappers() {
        let ev = |t: &str| event(t, "unknown");
        let key = |t: &str| signature("python_exception", "unknown", &ev(t), None);
        // llama-server's error body with its code before the message, one escaped line break in
        // the message: its last line
        let (title, fp) = key(
            r#"Error code: 500 - {"error":{"code":500,"message":"While executing a template:\nError: Jinja Exception: Conversation roles must alternate","type":"server_error"}}"#,
        );
        assert_eq!(
            title,
            "python_exception: Jinja Exception: Conversation roles must alternate"
        );
        assert_eq!(
            fp,
            key("Jinja Exception: Conversation roles must alternate").1
        );
        // an exception's repr at the end of a wrapper's line
        assert_eq!(
            key("Trial 3 failed because of the following error: ValueError('the batch size must divide the number of GPUs')").1,
            key("ValueError: the batch size must divide the number of GPUs").1
        );
    }

    #[test]
    fn slog_records_are_keyed_by_what_failed() {
        let ev = |t: &str| event(t, "startup");
        let key = |t: &str| signature("cuda_driver_error", "startup", &ev(t), Some("ollama"));
        // the error field, not the step's message, and not a quoted value hidden as one
        let a = key(
            r#"msg="error looking up nvidia GPU memory" error="nvcuda failed to get primary device context 800""#,
        );
        assert!(
            a.0.contains("failed to get primary device context"),
            "{}",
            a.0
        );
        let b = key(
            r#"msg="error looking up CUDA GPU memory: device memory info lookup failure 0: 4""#,
        );
        let c = key(
            r#"msg="Unable to load cudart CUDA management library /tmp/x/libcudart.so.11.0: cudart init failure: 35""#,
        );
        assert!(b.0.contains("device memory info lookup failure"), "{}", b.0);
        assert_ne!(b.1, c.1);
    }

    #[test]
    fn same_problem_same_fingerprint() {
        let ev = |t: &str| event(t, "decode");
        let a = signature("cuda_oom", "decode", &ev("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.11 GiB"), None);
        let b = signature("cuda_oom", "decode", &ev("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 3 has a total capacity of 139.8 GiB"), None);
        assert_eq!(a.1, b.1);
        let c = signature(
            "cuda_oom",
            "cuda_graph_capture",
            &ev("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB."),
            None,
        );
        assert_ne!(a.1, c.1);
        // the step that asked for the memory tells two out-of-memory problems apart, not the
        // sizes or the install's paths
        let framed = |frame: &str, size: &str| {
            let mut e = ev(&format!(
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {size}."
            ));
            e.frames = vec![format!("File \"{frame}\", line 10, in forward")];
            signature("cuda_oom", "decode", &e, None).1
        };
        let sampler = "/usr/lib/python3/dist-packages/vllm/v1/sample/sampler.py";
        assert_eq!(
            framed(sampler, "2.0 GiB"),
            framed(
                &sampler.replace("/usr/lib/python3/dist", "/opt/venv/site"),
                "7.5 GiB"
            )
        );
        assert_ne!(
            framed(sampler, "2.0 GiB"),
            framed(
                "/usr/lib/python3/dist-packages/vllm/model_executor/layers/linear.py",
                "2.0 GiB"
            )
        );
        // one problem in each version's wording: a store the client never reached, a
        // tokenizer without a chat template
        let key = |class: &str, t: &str| signature(class, "startup", &ev(t), None).1;
        let store = key("nccl_error", "torch.distributed.DistNetworkError: The client socket has timed out after 1800000ms while trying to connect to (10.0.0.1, 29500).");
        assert_eq!(
            store,
            key(
                "nccl_error",
                "RuntimeError: connect() timed out. Original timeout was 60000 ms."
            )
        );
        assert_eq!(store, key("nccl_error", "\"message\": \"RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.\","));
        let template = key("python_exception", "ValueError: Cannot use chat template functions because tokenizer.chat_template is not set and no template argument was passed!");
        assert_eq!(
            template,
            key(
                "python_exception",
                "ValueError: Cannot use apply_chat_template() because tokenizer.chat_"
            )
        );
        assert_eq!(template, key("python_exception", "ValueError: As of transformers v4.44, default chat template is no longer allowed, so you must provide a chat template if the tokenizer does not define one."));
        assert_ne!(
            template,
            key("python_exception", "ValueError: Cannot use this tokenizer")
        );
        // Megatron's two wordings of its layers-over-pipeline check; an extension's undefined
        // symbol whatever ABI tag its file name carries: (class, a, b, one problem?)
        let pairs = [
            ("unsupported_config", "AssertionError: num_layers should be divisible by pipeline_model_parallel_size", "AssertionError: Number of layers should be divisible by the pipeline-model-parallel size", true),
            ("unsupported_config", "AssertionError: num_layers should be divisible by pipeline_model_parallel_size", "ValueError: Total number of attention heads (64) must be divisible by tensor parallel size (3).", false),
            ("import_error", "ImportError: /x/vllm/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi", "ImportError: /x/vllm/_C.abi3.so: undefined symbol: _ZN2at4_ops5zeros4callEv", true),
            ("import_error", "ImportError: /x/vllm/_C.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi", "ImportError: /x/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi", false),
        ];
        for (class, a, b, same) in pairs {
            assert_eq!(key(class, a) == key(class, b), same, "{a} / {b}");
        }
    }

    #[test]
    fn pip_keys_a_missing_release_by_its_package() {
        let key = |t: &str| {
            signature(
                "build_error",
                "build",
                &Event::bare(1, 3, t.into(), t.into(), "build"),
                None,
            )
            .1
        };
        let a = key(
            r#"ERROR: Could not find a version that satisfies the requirement sgl-kernel>=0.1.0.post6; extra == "srt" (from sglang[srt]) (from versions: none)"#,
        );
        assert_eq!(a, key("ERROR: Could not find a version that satisfies the requirement sgl-kernel==0.0.5.post4 (from versions: none)"));
        assert_eq!(
            a,
            key("ERROR: No matching distribution found for sgl-kernel>=0.1.0.post6")
        );
        assert_ne!(a, key("ERROR: Could not find a version that satisfies the requirement flashinfer_python>=0.2.5 (from versions: none)"));
    }

    #[test]
    fn a_line_a_paste_wrapped_keys_as_the_unbroken_line() {
        let ev = |t: &str| Event::bare(1, 3, t.into(), t.into(), "unknown");
        let wrapped = |class: &str, head: &str, rest: &str| {
            let mut e = ev(head);
            e.after = vec![rest.to_string()];
            signature(class, "unknown", &e, None).1
        };
        let whole = |class: &str, t: &str| signature(class, "unknown", &ev(t), None).1;
        // the loader's undefined symbol on the line below the library's path
        assert_eq!(
            wrapped(
                "import_error",
                "ImportError: /x/site-packages/torchac_cuda.cpython-310-x86_64-linux-gnu.so:",
                " undefined symbol: _ZN3c106detail23torchInternalAssertFailEPKcS2_jS2_",
            ),
            whole(
                "import_error",
                "ImportError: /y/torchac_cuda.cpython-312-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
            )
        );
        // the watchdog's operation cut inside its field name
        assert_eq!(
            wrapped(
                "nccl_timeout",
                "[Rank 2] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=4596, OpTyp",
                "e=_ALLGATHER_BASE, NumelIn=896, NumelOut=3584, Timeout(ms)=1800000) ran for 1800002 milliseconds before timing out.",
            ),
            whole(
                "nccl_timeout",
                "[Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=96383, OpType=_ALLGATHER_BASE, NumelIn=88200, NumelOut=5644800, Timeout(ms)=7200000) ran for 7200520 milliseconds before timing out.",
            )
        );
    }
}
