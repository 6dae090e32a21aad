//! Triage: from lines to an [`Analysis`] (before findings are matched).
//!
//! One pass over the lines feeds three collectors: the detectors of [`events`] (which lines state
//! an error), the progress markers of [`phase`], and the environment of [`env`]. At the end the
//! root error is elected: the first statement of the strongest kind of error, so that wrappers,
//! collateral errors of other ranks and chained exceptions give way to the cause.

pub mod env;
pub mod events;
pub mod phase;
pub mod prefilter;

use crate::analysis::{Analysis, LineRef};
use crate::ascii_first::AsciiFirst;
use crate::lines::Line;
use crate::signature;
use events::{Event, EXCEPTION_LINE};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::{LazyLock, OnceLock};

/// Builds triage's detector and phase automata now rather than on the first line. They cost
/// about as much as triaging a small log, so a caller with other start-up work (loading the
/// findings) can run this on another thread first.
pub fn prepare() {
    // (the prefix reader first: the first line needs it before triage does)
    crate::lines::prepare();
    events::prepare();
    phase::prepare();
}

/// Builds what naming a crash needs at the end of an analysis (the class rules, the signature's
/// matchers) the first time it is called: that would otherwise run after the last line, with one
/// core idle. A caller runs it on another thread once [`Triage::saw_strong_error`] (a healthy log
/// never needs it).
pub fn prepare_naming() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let text = "RuntimeError: CUDA error: an illegal memory access was encountered";
        let class = events::class_of(text).unwrap_or("python_exception");
        let ev = events::Event::bare(1, 3, text.to_string(), text.to_string(), "unknown");
        let _ = crate::signature::signature(class, "unknown", &ev, None);
    });
}

/// Most strong lines remembered for the page and for repeat detection; memory stays bounded on
/// logs that repeat one error a million times.
const MAX_STRONG: usize = 64;
const MAX_WARNINGS: usize = 15;
const CONTEXT_AFTER: usize = 4;
const NCCL_TRACE_AFTER: usize = 16;
/// The most lines an autotuner's report of a dropped candidate takes.
const AUTOTUNE_REPORT_LINES: u8 = 4;
const MAX_FRAMES: usize = 64;

/// Streaming triage: feed lines in order, then [`Triage::finish`].
#[derive(Default)]
pub struct Triage {
    env: env::EnvCollector,
    /// The caller collects the environment itself (see [`Triage::without_env`]).
    skip_env: bool,
    phase: &'static str,
    in_traceback: bool,
    traceback_rank: Option<u32>,
    /// Line of the last traceback's header (or first frame).
    traceback_line: u64,
    frames: Vec<String>,
    chained_next: bool,
    /// The event of a JVM exception whose stack (frames and causes) goes on below it.
    java_chain: Option<usize>,
    /// Python's `Exception ignored in: <obj>` above a traceback: its exception was reported and
    /// dropped (a finaliser's, a `__del__`'s), the program went on.
    ignored_next: bool,
    /// The line of xformers' notice that it runs without Triton (`A matching Triton is not
    /// available, some optimizations will not be enabled`), which it logs with the traceback of
    /// the import it caught; and whether the traceback being read is that one.
    optional_notice_at: Option<u64>,
    optional_traceback: bool,
    /// The first event of each (tier, weak) kind: all that the election needs.
    events: Vec<Event>,
    weak: Vec<bool>,
    kept: [bool; 10],
    /// Lines of strong events, for marking on the incident page.
    strong_lines: Vec<u64>,
    /// The kept events that end a traceback, each with the line of its header.
    raised_under: Vec<(u64, u64)>,
    /// Messages of recent strong events, to recognise a `what():` that repeats one.
    strong_texts: Vec<String>,
    open_context: Vec<usize>,
    max_tier: u8,
    async_report: bool,
    device_assert: bool,
    warnings: Vec<LineRef>,
    warning_keys: HashSet<String>,
    /// Collectives each rank had enqueued, per process group (torch numbers works per group,
    /// so only counts of one group compare).
    enqueued: BTreeMap<(String, u32), u64>,
    timed_out: BTreeSet<u32>,
    /// Whether any collective timed out, with or without a rank.
    any_timeout: bool,
    ranks: BTreeSet<u32>,
    lines: u64,
    /// The fatal-signal event whose stack Python's faulthandler is printing, if any.
    fault_target: Option<usize>,
    /// Another handler's earlier report of the same fatal signal, which takes the stack too.
    fault_also: Option<usize>,
    /// A frame's `File "...` line that a paste hard-wrapped inside its path: the rest of the
    /// frame (`...py", line N, in f`) is on the next line.
    wrapped_frame: Option<String>,
    /// Events whose header leaves the statement to a line below it: the event, how many lines
    /// may still hold that line, and which line it is.
    stated_below: Vec<(usize, u8, Below)>,
    /// torch's `Error building extension 'X':` quotes the build's output on the lines after it:
    /// its line, and how many lines may still hold the compiler's or the shell's error.
    build_output: Option<(u64, u8)>,
    /// That error, and the line of the wrapper that quoted it.
    build_cause: Option<(u64, (u64, String, String))>,
    /// The build the log shows is an inference engine's (TensorRT-LLM's `Engine build
    /// starts`), not a package's compilation.
    engine_build: bool,
    /// The last line that showed the program up (ready, serving, training): a line that only
    /// a logger's ERROR level made an event, before it, did not stop the program.
    came_up_at: u64,
    /// The process torch.multiprocessing's spawn reported failed first (`-- Process 6 terminated
    /// with the following error:`).
    spawn_failed: Option<u32>,
    /// Lines left of a Python warning's message that went on below its header, and the level
    /// the header was logged at (a collector's, which every line has, or none).
    warning_continues: u8,
    warning_level: Option<char>,
    /// The line of the last event, kept or not.
    last_event_at: u64,
    /// The line above the one being read, and that line: its number, level, and its message
    /// and raw line (each cut to 500 chars) when it stopped mid-phrase ([`cut_mid_phrase`]),
    /// the start of a statement that a hard wrap cut before its error words.
    above: (u64, Option<char>, Option<(String, String)>),
    current: (u64, Option<char>, Option<(String, String)>),
    /// A wrapper whose message points at the line below for the error it caught (transformers'
    /// `Failed to import X because of the following error (look up to see its traceback):`,
    /// then the caught exception's message): that line is the statement.
    cause_follows: Option<usize>,
    /// The first line that names a symbol or a library the dynamic loader could not find.
    loader_failure: Option<String>,
    /// xformers' dispatcher found no operator for an attention call (`No operator found for
    /// `memory_efficient_attention_forward` with inputs:`); it then lists each operator it tried,
    /// `` `cutlassF` is not supported because: `` and the reasons, indented below.
    no_operator: bool,
    /// Whether the line above was such an operator's heading or one of its reasons.
    in_op_reasons: bool,
    /// The reasons listed, with how many operators gave each (in the order first seen).
    op_reasons: Vec<(String, u32)>,
    /// CMake said it could not identify the CUDA compiler (nvcc failed to build its probe).
    cuda_compiler_unknown: bool,
    /// PyTorch's warning that the GPU's architecture is not in its build (line, text, raw): the
    /// problem when nothing in the log failed after it.
    incompatible: Option<(u64, String, String)>,
    /// torch's `collect_env` began its report (`Collecting environment information...`): the
    /// warning of a build without the GPU's architecture that follows is its own import of torch,
    /// which ran nothing on the GPU.
    env_report: bool,
    /// A warning that a package's compiled extension did not load (line, text, raw):
    /// `Failed to import from vllm._C with ImportError(...)`.
    extension_unloaded: Option<(u64, String, String)>,
    /// A CUDA out-of-memory that the program caught and logged as a warning (line, text, raw;
    /// phase): fairseq's `WARNING: ran out of memory with exception: CUDA out of memory. ...`.
    warned_oom: Option<((u64, String, String), &'static str)>,
    /// The frames of a traceback that re-raised an earlier statement that had none (the
    /// statement's line, the frames): `THCudaCheck FAIL ... out of memory`, then `RuntimeError:
    /// cuda runtime error (2) : out of memory` below its traceback.
    reraised_frames: Vec<(u64, Vec<String>)>,
    /// torch's warning that CUDA failed to initialise, with CUDA's error (line, text, raw):
    /// `UserWarning: CUDA initialization: Unexpected error from cudaGetDeviceCount(). ... Error
    /// 802: system not yet initialized`. torch goes on without the GPU; what fails later for
    /// want of it is the consequence.
    /// (with the phase the log was in then, see [`started`])
    cuda_init_failed: Option<((u64, String, String), &'static str)>,
    /// vLLM's `No platform detected, vLLM is running on UnspecifiedPlatform` where no probe's
    /// failure was logged before it: the cause stated, unless torch's CUDA warning comes after.
    no_platform: Option<((u64, String, String), &'static str)>,
    /// vLLM's reason its CUDA platform is unavailable (`CUDA platform is not available because:
    /// NVML Shared Library Not Found`, logged at debug): the cause of CUDA's absence once vLLM
    /// says it found no platform at all.
    platform_unavailable: Option<(u64, String, String)>,
    /// The kernel's first report of its OOM killer (`python invoked oom-killer: ...`, `Out of
    /// memory: Killed process N (python)`).
    kernel_oom: Option<(u64, String, String)>,
    /// Ray's first sentence that names a dead worker's exit type (line, text).
    ray_exit: Option<(u64, String)>,
    /// Lines left of an autotuner's report of a dropped candidate.
    autotune_left: u8,
    /// What a log with no event at all shows rather than nothing (tier, then number,
    /// statement and raw line): the first statement a logger's info level hid (a launcher
    /// that relays a child's output at info), else the first line with an error word that no
    /// detector made an event; with the phase the run was in then.
    last_resort: Option<(u8, (u64, String, String), &'static str)>,
    /// The last few lines with an error word that no detector made an event (line, statement,
    /// raw): a logger without levels may state an exception's message before raising it.
    worded: std::collections::VecDeque<(u64, String, String)>,
    /// The line of Open MPI's `*** Process received signal ***` last seen.
    signal_header: u64,
    /// Whether a statement of an illegal memory access was seen (it may follow the kernel's
    /// own account of the fault, an Xid 31).
    illegal_access: bool,
    /// The line of the last heading of pydantic's errors, `3 validation errors for X`.
    validation_heading: u64,
    /// The `raise Error("message` (or `assert cond`) line that a traceback ended in so far, with
    /// the phase then: a paste cut before the exception's own line states the error there.
    cut_raise: Option<((u64, String, String), &'static str)>,
    /// IPython's traceback header, which names the exception before its frames
    /// (`OutOfMemoryError                          Traceback (most recent call last)`), with the
    /// phase then: a paste cut before the exception's own line names the error there.
    ipython_header: Option<((u64, String, String), &'static str)>,
    /// The source line just above this line (a traceback prints its innermost frame's code right
    /// above the exception, with a line of `^~~` markers under it in Python 3.11 and later).
    last_code: String,
    /// Whether [`Triage::last_code`] holds the line just above.
    has_code: bool,
    /// The open traceback's innermost source line (`self.forward_decode_batch(batch)`), when it
    /// is the last line of the traceback so far: the call it makes is the next frame a cut paste
    /// would have shown (read only when needed; the buffer is reused).
    cut_code: String,
    /// Whether [`Triage::cut_code`] holds that line.
    has_cut_code: bool,
    /// The line just above, when a logger marked it as an error and no detector read it as one
    /// (line, text, raw, rank): `logger.exception(msg)` prints its message, then the traceback.
    logged_error: Option<(u64, String, String, Option<u32>)>,
    /// The line just above, when it was an `NCCL WARN` that no detector read as an error (line,
    /// text, raw, rank): NCCL's trace of the error it returned (`NCCL INFO file.cc:N -> 3`) on
    /// the next line makes it the statement of that error, whatever its wording.
    nccl_warn: Option<(u64, String, String, Option<u32>)>,
    /// The line just above was an `NCCL WARN` read as benign (a network plugin that did not
    /// start, NCCL going on without it): the trace of its result below is no failure either.
    benign_nccl_warn: bool,
    /// Lines left in torchrun's `Root Cause (first observed failure):` entry, whose `rank : N`
    /// field is not read yet.
    root_cause_left: u8,
    /// The global rank torchrun's summary names as its first observed failure.
    root_cause_rank: Option<u32>,
    /// torchrun's agent stopped other workers (`Sending process N closing signal SIGTERM`):
    /// the run had more than the one rank a paste may show.
    others_stopped: bool,
    /// Line of SGLang's `Received sigquit from a child process`: its handler then kills its own
    /// process tree with SIGKILL, so the shell's `Killed` just after it is that, not the OOM killer.
    sigquit_line: Option<u64>,
    /// The traceback being read follows an error its program logged (see `logged_error`).
    traceback_logged: bool,
    /// ... by a line of the same rank (or, both untagged, the same process) as the traceback's.
    logged_by_same: bool,
    /// libstdc++'s `terminate called after throwing an instance of 'X'` on the line before,
    /// kept to name an exception whose `what()` says nothing.
    thrown_above: Option<(u64, String, String)>,
    /// A launcher that relays a child's output logs every line of it at its own INFO level; an
    /// INFO line holding a traceback's header or frame, or another logger's record of another
    /// level, shows that, and the level then says nothing of the lines after it.
    relayed_info: bool,
    /// c10d's first warning that its store could not bind an address (see `detect`).
    bind_warning: Option<Line>,
}

/// A substring search built once (`str::contains` builds its searcher on every call).
struct Word(&'static str, OnceLock<memchr::memmem::Finder<'static>>);

impl Word {
    const fn new(word: &'static str) -> Self {
        Word(word, OnceLock::new())
    }

    fn find(&self, text: &str) -> Option<usize> {
        self.1
            .get_or_init(|| memchr::memmem::Finder::new(self.0))
            .find(text.as_bytes())
    }

    fn is_in(&self, text: &str) -> bool {
        self.find(text).is_some()
    }
}

static ASYNC_REPORT: Word = Word::new("asynchronously reported");
static LAST_ENQUEUED: Word = Word::new("ast enqueued");
static ROOT_CAUSE: Word = Word::new("Root Cause (first observed failure)");
static CLOSING_SIGTERM: Word = Word::new("closing signal SIGTERM");
static SCHEDULER_DIED_WORD: Word = Word::new(" scheduler died");
static TRACEBACK: Word = Word::new("Traceback (most recent call last)");
// (words asked of every line: a prebuilt searcher each, not one built per call)
static CUDA_OOM_WORDS: Word = Word::new("CUDA out of memory");
static AUTOTUNE_ERROR: Word = Word::new("Runtime error during autotuning");
static NCCL_INFO: Word = Word::new("NCCL INFO ");
/// Triton's Python backend's report that the stub process running a model failed to start.
/// (its auto-complete's stub words it `Failed to initialize Python stub for auto-complete: `)
const PY_STUB_FAILED: &str = "Failed to initialize Python stub";
static TRACEBACK_HEADER: Word = Word::new("Traceback (most recent call last):");
/// IPython's traceback header: the exception's type, padding, then the header.
static IPYTHON_HEADER: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(r"^[A-Za-z_][\w.]*(?:Error|Exception)\s{2,}Traceback \(most recent call last\)")
});
static WARNING_COLON: Word = Word::new("Warning: ");
static IMPORT_FAILURE: Word = Word::new("undefined symbol: ");
static PYTEST_ARGUMENT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^[a-z_][a-z0-9_]* = <\[?\w+(?:Error|Exception)\("));
static OP_UNREGISTERED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(r"\bNo such operator \w+::\w+|'_OpNamespace' '\w+' object has no attribute '")
});
static MISSING_LIBRARY: Word = Word::new("cannot open shared object file");
/// The function a source line calls first (`self.forward_decode_batch(self.running_batch)`,
/// `return fn(*args)`), not a keyword's parenthesis.
static CALLEE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"^(?:return |await |yield )?(?:[\w\[\], ]+ = )?(?:await )?(?:[\w\[\]]+\.)*([A-Za-z_]\w*)\(",
    )
});
static INCOMPATIBLE: LazyLock<aho_corasick::AhoCorasick> = LazyLock::new(|| {
    aho_corasick::AhoCorasick::new([
        "is not compatible with the current PyTorch installation",
        // (its wording for a GPU below the oldest architecture a build supports)
        "PyTorch no longer supports this GPU because it is too old",
        // (its check's first line, whichever wording follows it: `Found GPU0 Tesla P100-PCIE-16GB
        // which is of cuda capability 6.0.`, then `Minimum and Maximum cuda capability supported
        // by this version of PyTorch is (7.0) - (12.0)`)
        "which is of cuda capability",
        // (its newer wording, `Found GPU0 NVIDIA GeForce RTX 5060 Ti which is of compute
        // capability (CC) 12.0.`, then `Your installed torch==2.13.0+cu126 does not include
        // kernels for this GPU.`)
        "does not include kernels for this GPU",
        // (and its warning, as CUDA initialises, that the driver is older than its CUDA)
        "The NVIDIA driver on your system is too old",
    ])
    .expect("literal patterns")
});
static CUDA_CHECK: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::matcher(events::CUDA_CHECK_FAILED));
static FILE_QUOTE: Word = Word::new("File \"");
static BUILDING_EXTENSION: Word = Word::new("Error building extension '");

/// Whether torch's `Error building extension 'X':` ends its line, the build's output below it,
/// or has ninja's first step glued behind it (`...: [1/15] /usr/bin/nvcc ...`).
fn quotes_build_output(text: &str) -> bool {
    let number = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    let Some(at) = text.find("Error building extension '") else {
        return false;
    };
    let Some((_, rest)) = text[at..].trim_end().split_once("':") else {
        return false;
    };
    let rest = rest.trim_start();
    rest.is_empty()
        || rest
            .strip_prefix('[')
            .and_then(|r| r.split_once(']'))
            .and_then(|(step, _)| step.split_once('/'))
            .is_some_and(|(done, all)| number(done) && number(all))
}
const WRAPPED_QUOTE_TAIL: &str = "', please check the stack trace above for the root cause";
static CUDA_COMPILER_ID: Word = Word::new("CUDA compiler identification ");
/// A package's warning that its compiled extension did not load, as vLLM words it.
static EXTENSION_UNLOADED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"Failed to import from \S+ with (?:(?:ImportError|ModuleNotFoundError|OSError)\(|No module named )",
    )
});
static NCCL_WARN: Word = Word::new("NCCL WARN ");
/// SGLang's launcher naming a scheduler that died (see [`Triage::feed_with`]).
static SCHEDULER_DIED: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"\bRank (\d+) scheduler died\b"));

/// c10d's failed read from the store, or write to its closed socket (see
/// [`events::STORE_READ_FAILED`], [`events::STORE_SERVER_GONE`]).
static STORE_SOCKET_FAILED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(format!(
        "{}|{}",
        events::STORE_READ_FAILED,
        events::STORE_SERVER_GONE
    ))
});
/// The header of a warning that Python's `warnings` module printed: `FILE.py:N: XWarning: `
/// (an editor's copy links the file: `[FILE.py:N](vscode-remote://.../FILE.py:N): XWarning: `).
static PY_WARNING_HEADER: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"\.py:\d+\)?: [A-Z]\w*Warning: "));
/// A record in Python logging's default format (`basicConfig`): `LEVEL:logger.name:message`.
static PY_LOGGING_DEFAULT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?:^|\s)(?:ERROR|CRITICAL):[A-Za-z_][\w.]*:\S"));
static CUDA_GET_DEVICE_COUNT: Word = Word::new("cudaGetDeviceCount()");
static PLATFORM: Word = Word::new("latform");
static CUDA_PLATFORM_UNAVAILABLE: Word = Word::new("checking CUDA platform: ");
static CUDA_PLATFORM_UNAVAILABLE_TOO: Word = Word::new("CUDA platform is not available because: ");
static NO_PLATFORM: Word =
    Word::new("No platform detected, vLLM is running on UnspecifiedPlatform");
static SPAWN_FAILED: Word = Word::new(" terminated with the following error:");
static CUDA_INIT_UNKNOWN: Word = Word::new("CUDA initialization: CUDA unknown error");
/// torch's `CUDA initialization: CUDA driver initialization failed, you might not have a CUDA
/// gpu.` (a container started without the GPU, a MIG instance it cannot see), cut short: a
/// terminal's copy may break the word.
static CUDA_DRIVER_INIT_FAILED: Word = Word::new("CUDA initialization: CUDA driver initializ");
static CUDA_DRIVER_INSUFFICIENT: Word =
    Word::new("CUDA driver version is insufficient for CUDA runtime version");
/// The driver's library missing from a container (`ImportError('libcuda.so.1: cannot open shared
/// object file: No such file or directory')`), which vLLM warns of as its extension fails to
/// import, after it said it found no platform.
static LIBCUDA_MISSING: Word = Word::new("libcuda.so.1: cannot open shared object file");
static CUDA_INIT_FAILED: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"cudaGetDeviceCount\(\).*\bError \d+: \S"));
static PTXAS_FAILED: Word = Word::new("PTXASError");
/// The exit code of torchrun's failure summary, and the signal its `traceback` field names.
static SUMMARY_EXIT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^exitcode\s*: -\d+ \(pid: \d+\)"));
/// nvcc's count of the errors it stated (`2 errors detected in the compilation of "x.cu".`), and
/// one of them (`x.hpp(146): error: ...`).
static NVCC_ERROR_COUNT: Word = Word::new(" detected in the compilation of ");
static NVCC_ERROR: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"\.[A-Za-z]+\(\d+\): (?:fatal )?error: "));
static SUMMARY_SIGNAL: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^traceback\s*: Signal \d+ \(SIG\w+\) received by PID \d+"));
/// Triton's `CompilationError: at 40:12:`, alone or quoted by a worker (`Worker failed with error
/// 'at 1:0:`).
pub(crate) static TRITON_POSITION: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?:CompilationError: |error ')at \d+:\d+:$"));
/// An exception stated by its name and its arguments or message: `ValueError("...")`,
/// `AssertionError: ...` (below the caret of Triton's source quote; after a request's `with
/// exception` in the signature's key).
pub(crate) static EXCEPTION_STATED: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^(?:\w+\.)*[A-Z]\w*(?:Error|Exception)(?:\(|: \S)"));
/// asyncio's record of a task that raised, naming the exception with no message:
/// `<Task finished coro=<...> exception=RayActorError()>`.
static TASK_RAISED_BARE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"<(?:Future|Task) finished .*exception=\w+\(\)>\s*$"));
/// A diagnostic of ptxas itself: `ptxas fatal   : msg`, `ptxas FILE, line N; error   : msg`.
static PTXAS_DIAGNOSTIC: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^ptxas\b.*\b(?:error|fatal)\s+:"));
/// A `raise` of an exception with a literal message: `raise RuntimeError("...`, `raise
/// ValueError(f'...`.
static RAISE_MESSAGE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r#"^raise (?:\w+\.)*\w*(?:Error|Exception)\(f?["']"#));
/// NCCL's trace of an error code returned up its stack: `NCCL INFO bootstrap.cc:256 -> 3`.
static NCCL_TRACE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"NCCL INFO \S+:\d+ -> [1-9]\d*\b"));
/// The line below an event's header that states what the header only introduces (see
/// `Triage::stated_below`).
#[derive(Clone, Copy)]
enum Below {
    /// ptxas's own diagnostic (`ptxas fatal : Value 'sm_121a' is not defined for option
    /// 'gpu-name'`) under Triton's report of the ptxas run (`PTXASError: PTXAS error: Internal
    /// Triton PTX codegen error`, `` `ptxas` failed with error code N: ``), which says only whose
    /// run it was.
    PtxasDiagnostic,
    /// The exception (`ValueError("type fp8e4nv not supported ...")`) on the line after the
    /// caret of the kernel source that Triton's `CompilationError: at 1:0:` quotes (or a
    /// worker's quote of it); whether the caret was seen.
    TritonCause { caret: bool },
    /// The signal (`traceback : Signal 11 (SIGSEGV) received by PID N`) that the exit code of
    /// torchrun's failure summary (`exitcode  : -11 (pid: N)`) stands for.
    SummarySignal,
    /// The first failure XLA's autotuner lists (`Failures (2):`, then `EXECUTION FAILED:
    /// INTERNAL: CUDA Runtime error: ... no kernel image is available ...`) below its verdict
    /// that every candidate failed (`NOT_FOUND: All configs failed during profiling.`).
    ListedFailure,
    /// The cause NVIDIA's containers state in double brackets (`[[ System has unsupported display
    /// driver / cuda driver combination (error 803) ]]`) below their banner `ERROR: The NVIDIA
    /// Driver is present, but CUDA failed to initialize.`
    Bracketed,
    /// nvcc's own error (`x.hpp(146): error: identifier "T" is undefined`) below its count of
    /// them (`2 errors detected in the compilation of "x.cu".`), where a paste put the count
    /// first.
    CompilerError,
    /// The next line that is not blank, which an exception printed as `ImportError: ` states
    /// its message on (the event moves there).
    Message,
    /// The next line that is not blank, which states what CMake's `CMake Error in FILE:` heads
    /// (both are shown, read as one).
    Detail,
    /// The exception line of the traceback that asyncio prints below its record of a task that
    /// raised, when the record names the exception without its message (`future: <Task
    /// finished coro=<...> exception=RayActorError()>`), or that Ray prints below its record of
    /// a task's unhandled error.
    Raised,
}

/// Rust's heading of a panic since 1.73, the place alone, its message on the next line
/// (`thread 'main' panicked at src/build.rs:141:14:`, `thread 'main' (6622) panicked at ...`;
/// before, `panicked at 'message', src/main.rs:2:5` held the message).
fn is_panic_heading(t: &str) -> bool {
    t.starts_with("thread '") && t.contains(" panicked at ") && t.ends_with(':')
}

/// An error line that states nothing but a source place (`what():  [05:42:13] src/x.cc:126:`)
/// or, for an exception, a rule of dashes (`TVMError: ------`).
fn states_only_a_heading(text: &str, is_exception: bool) -> bool {
    let t = text.trim_end();
    if is_exception {
        if let Some((_, m)) = events::exception_parts(t) {
            let m = m.trim();
            if m.len() >= 3 && m.bytes().all(|b| b == b'-' || b == b'=') {
                return true;
            }
        }
    }
    t.strip_suffix(':')
        .and_then(|t| t.rsplit(' ').next())
        .and_then(|place| place.rsplit_once(':'))
        .is_some_and(|(file, n)| {
            !n.is_empty()
                && n.bytes().all(|b| b.is_ascii_digit())
                && [".cc", ".cpp", ".cu", ".cuh", ".h", ".hpp", ".c"]
                    .iter()
                    .any(|e| file.ends_with(e))
        })
}

/// A heading whose statement is on a line below it, and how far below to look: NVRTC's failed
/// compile raised with its log as the rest of the message (`RuntimeError: NVRTC Error: 6` above
/// `integer_subbyte.h(39): catastrophic error: ...`); gRPC's failed call, its `details = "..."`
/// two lines below (`<_InactiveRpcError of RPC that terminated with:`); Cargo's failed build
/// script (`error: failed to run custom build command for ...`) above the compiler's output;
/// XLA's failed check naming the expression (`Non-OK-status: executable.status()`) above
/// `Status: INTERNAL: ...`; ICICLE's heading of a CUDA call (`CUDA Runtime Error by:
/// cudaMallocAsync(...)`) above CUDA's words; OpenMM's `Error launching CUDA compiler: 256` above
/// nvcc's errors; Bazel's `Error in fail: Repository command failed`
/// above what the repository rule's command printed. And of exceptions: Keras 3's wrapper of a layer's
/// exception, the cause's message below a blank line (`RuntimeError: Exception encountered when
/// calling Dense.call().`); Visual Studio's copy of a .NET exception, its type alone, then its
/// fields, the message among them (`Microsoft.ML.OnnxRuntime.OnnxRuntimeException`, `  HResult=
/// 0x80131500`, `  Message=[ErrorCode:Fail] ...`).
fn heading_above_statement(text: &str, is_exception: bool) -> Option<(u8, Below)> {
    let t = text.trim_end();
    if is_exception {
        if t.ends_with(".call().") && t.contains("Exception encountered when calling ") {
            return Some((1, Below::Message));
        }
        let t = t.trim_start();
        if t.ends_with("Exception")
            && t.contains('.')
            && t.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_')
        {
            return Some((3, Below::ListedFailure));
        }
    }
    if t.ends_with(|c: char| c.is_ascii_digit()) && t.contains("NVRTC Error: ") {
        Some((20, Below::ListedFailure))
    } else if t.ends_with("of RPC that terminated with:")
        || t.contains("Error launching CUDA compiler: ")
        // (DALI's heading of a pipeline's failure, `RuntimeError: Critical error when building
        // pipeline:`, `Critical error in pipeline:`, above the operator and its error)
        || (t.ends_with(':') && t.contains("Critical error") && t.contains(" pipeline"))
    {
        Some((3, Below::ListedFailure))
    } else if t.ends_with("Error at driver init:") {
        // (Numba's wrapper of its driver's first failure, `CudaSupportError: Error at driver
        // init:`, above the status: `[100] Call to cuInit results in CUDA_ERROR_NO_DEVICE:`)
        Some((1, Below::Detail))
    } else if t.contains("CUDA failure in cu") && t.ends_with(')') {
        // (DyNet's check of a CUDA call names the call, `CUDA failure in cudaMalloc(&ptr, n)`,
        // and CUDA's words for the status on the next line, `out of memory`)
        Some((1, Below::Detail))
    } else if t.ends_with("TaskFailedException") || t.ends_with("CompositeException") {
        // (Julia's wrapper of a task that failed, `ERROR: TaskFailedException`, above the
        // task's own `nested task error: <cause>`)
        Some((6, Below::ListedFailure))
    } else if is_panic_heading(t.trim_start()) {
        Some((1, Below::Message))
    } else if t.starts_with("error: failed to run custom build command for ") {
        Some((60, Below::ListedFailure))
    } else if t
        .split_once("Non-OK-status: ")
        .is_some_and(|(_, expr)| !expr.contains(": "))
        || t.contains("CUDA Runtime Error by: ")
        || t == "Error in fail: Repository command failed"
    {
        Some((1, Below::Message))
    } else {
        None
    }
}

/// A heading in brackets that names a failure and states none (`[Compilation Error]`).
fn is_bracketed_heading(t: &str) -> bool {
    t.strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .is_some_and(|inner| {
            inner.chars().all(|c| c.is_ascii_alphabetic() || c == ' ')
                && (inner.contains("Error") || inner.contains("Fail"))
        })
}

/// Whether a line stopped mid-phrase, as a hard wrap cuts one: long, not a traceback's frame,
/// and ending in a comma or slash, a word that cannot end a sentence, or with a parenthesis or
/// bracket left open (a line ending in a name or a number may be a whole record); or a device
/// assertion's place whose condition went to the next line.
fn cut_mid_phrase(t: &str) -> bool {
    const OPEN_WORDS: &[&str] = &[
        "the", "a", "an", "of", "to", "in", "for", "with", "and", "or", "by", "from", "at", "on",
        "is", "are", "was", "be", "not",
    ];
    device_assert_place(t)
        || (t.len() >= 40
            && !t.starts_with("File \"")
            && (t.ends_with([',', '/'])
                || t.rsplit(' ')
                    .next()
                    .is_some_and(|w| OPEN_WORDS.contains(&w))
                // (more brackets opened than closed, counted by a vectorised search)
                || memchr::memchr2_iter(b'(', b'[', t.as_bytes()).count()
                    > memchr::memchr2_iter(b')', b']', t.as_bytes()).count()))
}

/// A report's line that labels the exception's message, which states the error whatever its
/// words: ComfyUI's `- **Exception Message:** Command '...' returned non-zero exit status 1.`,
/// Visual Studio's copy of a .NET exception, `Message=<msg>` (unless it only heads TensorFlow's
/// list, `Message=2 root error(s) found.`).
fn labels_message(t: &str) -> bool {
    t.contains("Exception Message:** ")
        || (t.starts_with("Message=") && !t.contains(" root error(s) found"))
        // (gRPC's, below the call that failed: `details = "Error: Triton model failed ..."`)
        || t.starts_with("details = \"")
}

/// A Python frame's line without its start (`path/x.py", line 3, in f`).
fn is_cut_frame(t: &str) -> bool {
    let t = t.trim_start();
    let Some((path, rest)) = t.split_once("\", line ") else {
        return false;
    };
    !path.contains(['"', ' '])
        && path.ends_with(".py")
        && rest
            .split_once(", in ")
            .is_some_and(|(n, f)| n.bytes().all(|b| b.is_ascii_digit()) && !f.trim().is_empty())
}

/// A device assertion's place alone (`Indexing.cu:1515: indexSelectSmallIndex:`), its
/// condition wrapped to the next line (`  Assertion `srcIndex < srcSelectDimSize` failed.`).
fn device_assert_place(t: &str) -> bool {
    let Some((place, func)) = t.strip_suffix(':').and_then(|t| t.rsplit_once(": ")) else {
        return false;
    };
    let Some((file, line)) = place.rsplit_once(':') else {
        return false;
    };
    (file.ends_with(".cu") || file.ends_with(".cuh"))
        && !line.is_empty()
        && line.bytes().all(|b| b.is_ascii_digit())
        && !func.is_empty()
        && func.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// The phase of a failure met as CUDA initialises: the step the log was in, or start-up when
/// no progress line came before (a program takes its GPU as it starts).
fn started(phase: &'static str) -> &'static str {
    match phase {
        "unknown" => "startup",
        p => p,
    }
}

/// A line kept whole for a later decision (number, message and raw line, capped).
fn noted(line: &Line, text: &str) -> (u64, String, String) {
    (
        line.number,
        text.trim().chars().take(2000).collect(),
        line.raw.chars().take(4000).collect(),
    )
}

/// An NCCL trace line of an error result (see [`is_nccl_trace`]).
static NCCL_ERROR_TRACE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(events::NCCL_ERROR_TRACE));

/// Whether a logger marked a line below error: warning, info, debug or verbose (glog's `V`).
fn below_error(level: Option<char>) -> bool {
    matches!(level, Some('W' | 'I' | 'D' | 'V'))
}

/// Whether an NCCL failure is of the kinds that creating a communicator meets: `unhandled system
/// error`, `unhandled cuda error`, `internal error`, `invalid usage`, `invalid argument`, or a
/// `WARN` from the code that loads its libraries and makes its first buffers (`misc/ibvwrap.cc`,
/// `misc/cudawrap.cc`, `allocator.cc`); and a transport's setup of its RDMA devices and queue
/// pairs (Mooncake's `Failed to open device mlx5_8 on port 1 with GID 0`, `Failed to query GID 0
/// on mlx5_0`, NVSHMEM's `Error in mlx5dv_devx_obj_modify for INIT2RTR_QP`, the OFI plugin's
/// `Creating new endpoint for domain ... failed`), which it does as it connects its peers.
fn nccl_setup_failure(text: &str) -> bool {
    static SETUP: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"unhandled (?:system|cuda) error|\binternal error\b|\binvalid usage\b|\binvalid argument\b|\b(?:misc/)?(?:ibvwrap|cudawrap|allocator)\.cc:\d+ |\bFailed to (?:open device|query (?:GID|port))\b|\bCreating new endpoint\b.* failed\b|\bfor (?:RST2INIT|INIT2RTR|RTR2RTS)_QP\b",
        )
    });
    const RUNNING: &[&str] = &[
        "remote process exited",
        "Got completion from peer",
        "collective",
        "Connection closed",
        "Broken pipe",
        "WorkNCCL(",
    ];
    SETUP.is_match(text) && !RUNNING.iter().any(|r| text.contains(r))
}

/// A frame of a numbered native backtrace (`2       0x795d6b8ba630 ns::f(int) + 2016`).
fn is_numbered_frame(text: &str) -> bool {
    let t = text.trim_start();
    let rest = t.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.len() < t.len() && rest.trim_start().starts_with("0x")
}

/// A line of a native backtrace as UCX's signal handler prints it (`==== backtrace (tid: 41292)
/// ====`, ` 3  /lib/x86_64-linux-gnu/libc.so.6(+0x45330) [0x7fac579f5330]`), or Open MPI's.
fn is_native_frame(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with("==== backtrace")
        || (t.starts_with(|c: char| c.is_ascii_digit()) && t.contains(") [0x"))
        // (or with the address first, `8 0x0000000000127022 tensorrt_llm::runtime::...() :0`)
        || is_numbered_frame(t)
        // (Open MPI's handler: `[host:pid] [ 1] /lib/libmpi.so.40(PMPI_Init+0x47)[0x7f...]`)
        || (t.starts_with('[') && t.contains("] [") && t.contains(")[0x"))
        || is_gdb_frame(t)
}

/// A frame of gdb's backtrace (`#5  0x00007ffff7deb42c in __run_exit_handlers (...) at
/// exit.c:108`, `#0  __GI_raise (sig=...)`).
fn is_gdb_frame(t: &str) -> bool {
    let Some(rest) = t.strip_prefix('#') else {
        return false;
    };
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &rest[digits..];
    digits > 0
        && rest.starts_with([' ', '\t'])
        && (rest.trim_start().starts_with("0x") || rest.contains(" ("))
}

fn is_nccl_trace(text: &str) -> bool {
    text.contains("NCCL INFO ") && NCCL_TRACE.is_match(text)
}

/// Words without which a message is not of the `nccl_error` class (one of them is in each of its
/// patterns).
static COLLECTIVE_WORDS: LazyLock<aho_corasick::AhoCorasick> = LazyLock::new(|| {
    aho_corasick::AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build([
            "nccl",
            "gloo",
            "c10d",
            "mpi",
            "processgroup",
            "distbackend",
            "collective",
            "unhandled",
            " warn ",
        ])
        .expect("valid words")
});
static WARNING_TAG: Word = Word::new("WARNING:");
static ERROR_TAG: Word = Word::new("ERROR:");

// Regexes of this module are built on first use, in ASCII form for ASCII lines.
static ENQUEUED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(r"(?:\[PG ([^\]]*?) )?Rank (\d+)\].*[Ll]ast enqueued (?:NCCL )?work: (\d+)")
});

/// What triage reads in one line alone: the scans that cost the most, free of triage's state,
/// so that another thread can make them while triage reads the lines before (see
/// [`Triage::feed_with`]). Triage uses them only where it would have made them itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineFacts {
    /// The phase the line announces ([`phase::marker`]).
    phase: Option<&'static str>,
    /// Where in the line the statement [`detect_text`] reads lies, if anywhere.
    statement: Option<(usize, usize)>,
    /// The tier [`events::detect`] gives that statement.
    tier: Option<u8>,
    /// Whether the statement has an error word that only a logger's error level would have
    /// made an event ([`events::Detection::ErrorWord`]).
    error_word: bool,
}

impl LineFacts {
    /// The facts of a line worth making ahead: not those of an indented line, which inside a
    /// traceback is source code that triage skips (triage makes them itself where it needs them).
    pub fn ahead(line: &Line) -> Option<Self> {
        (!line.text.starts_with([' ', '\t'])).then(|| Self::of(line))
    }

    /// The facts of a line, made now.
    pub fn of(line: &Line) -> Self {
        let text = line.text.as_str();
        let statement = detect_text(text);
        let detection = statement.map_or(events::Detection::None, |t| {
            events::detect_gated(t, line.level)
        });
        LineFacts {
            // (a progress bar glued before the message counted a step too)
            phase: phase::marker(text)
                .or_else(|| line.glued_bar.then(|| phase::marker(&line.raw)).flatten()),
            // a sub-slice of the line: its place, so that triage need not find it again
            statement: statement.map(|t| {
                let at = t.as_ptr() as usize - text.as_ptr() as usize;
                (at, at + t.len())
            }),
            tier: match detection {
                events::Detection::Tier(t) => Some(t),
                _ => None,
            },
            error_word: detection == events::Detection::ErrorWord,
        }
    }
}

/// [`LineFacts::ahead`], remembered by text (see [`crate::memo`]): a line's facts depend on its
/// text and level alone. Bounded: it starts over once it holds [`FactsMemo::CAPACITY`] lines.
pub struct FactsMemo {
    /// By a line's text: its level and its facts.
    seen: crate::memo::TextMemo<(Option<char>, Option<LineFacts>)>,
}

impl Default for FactsMemo {
    fn default() -> Self {
        FactsMemo {
            seen: crate::memo::TextMemo::new(Self::CAPACITY),
        }
    }
}

impl FactsMemo {
    const CAPACITY: usize = 1 << 14;

    /// The facts of `line`, from memory when a line of the same text and level came before.
    pub fn ahead(&mut self, line: &Line) -> Option<LineFacts> {
        use crate::memo::Lookup;
        // (a progress bar glued before the message reads the raw line too)
        if line.glued_bar {
            return LineFacts::ahead(line);
        }
        match self.seen.lookup(&line.text) {
            Lookup::Known((level, facts)) if level == line.level => facts,
            Lookup::New(key) => {
                let facts = LineFacts::ahead(line);
                self.seen.remember(key, &line.text, (line.level, facts));
                facts
            }
            // (the same text at another level, or another text with its hash, is read again)
            _ => LineFacts::ahead(line),
        }
    }
}

/// The text the detectors read in a line: a traceback header glued to its end cut off, and
/// an exception the line quotes taken out; `None` when too little is left.
fn detect_text(text: &str) -> Option<&str> {
    let mut text = text;
    // TensorFlow's executor logs at INFO the status that aborted a step, whatever its cause:
    // `(DEBUG INFO) Executor start aborting (this does not indicate an error and you can ignore
    // this message): UNKNOWN: Error invoking NCCL: unhandled cuda error`: the status is read
    if let Some((_, status)) = text.split_once("you can ignore this message): ") {
        text = status;
    }
    // ComfyUI's executor heads the message of the exception a node raised with its own words
    // (`!!! Exception during processing !!! Error(s) in loading state_dict for Flux:`): the
    // message is read on its own when a detector knows it. (At the message's start: this runs
    // on every line.)
    if let Some(rest) = text.strip_prefix("!!! Exception during processing") {
        let rest = rest.trim_start_matches([' ', '!']).trim_end();
        if events::detect(rest, None).is_some() {
            text = rest;
        }
    }
    // A traceback header names no error; its exception line will. A damaged paste may glue
    // the header to the end of the line before it, which is then read on its own.
    if let Some(i) = TRACEBACK_HEADER.find(text) {
        text = text[..i].trim_end();
        // (nor does an exception whose message is a native library's traceback, TVM's
        // `TVMError: Traceback (most recent call last):` over its C++ frames: the exception
        // line that ends them states the error)
        if text.len() < 3
            || (text.ends_with(':')
                && events::exception_parts(text).is_some_and(|(_, m)| m.trim().is_empty()))
        {
            return None;
        }
    }
    // A status table (tritonserver's table of models, a markdown table) states an error in one
    // of a row's cells, which then reads as a line of its own.
    if let Some(cell) = table_cell(text) {
        return Some(cell);
    }
    // An exception quoted in prose (inside an inline code span, indented under a list item,
    // behind an `Error:` label) states the error as its own line would.
    Some(quoted_exception(text).unwrap_or(text))
}

/// The first cell of a table row (`| a | b | c |`) that the detectors read as an error.
fn table_cell(text: &str) -> Option<&str> {
    let row = text.trim().strip_prefix('|')?.strip_suffix('|')?;
    if !row.contains('|') {
        return None;
    }
    row.split('|')
        .map(str::trim)
        .find(|c| c.len() >= 3 && events::detect(c, None).is_some())
}

impl Triage {
    /// A triage with nothing seen yet.
    pub fn new() -> Self {
        Triage {
            phase: "unknown",
            ..Default::default()
        }
    }

    /// A triage that leaves the environment to the caller: its analysis has an empty `env`,
    /// to be filled from an [`env::EnvCollector`] fed the same lines (on another thread).
    pub fn without_env() -> Self {
        Triage {
            skip_env: true,
            ..Self::new()
        }
    }

    /// Reads one line.
    pub fn feed(&mut self, line: &Line) {
        self.feed_with(line, None);
    }

    /// Reads one line whose [`LineFacts`] may have been made already (on another thread).
    pub fn feed_with(&mut self, line: &Line, facts: Option<LineFacts>) {
        // (facts made ahead describe the whole line, not a record glued into it)
        for_each_record(line, |record, whole| {
            self.feed_unglued(record, facts.filter(|_| whole));
        });
    }

    fn feed_unglued(&mut self, line: &Line, facts: Option<LineFacts>) {
        // A multi-line message kept in one line (a JSON log record's message, decoded or still
        // escaped), or a whole traceback glued into one line by a paste that lost its line
        // breaks: its lines (header, frames, exception lines) are read one by one, all on that
        // line's number.
        // (and a traceback's innermost source line with the exception glued to its end)
        let parts = split_embedded_lines(&line.text)
            .or_else(|| split_glued_traceback(&line.text))
            .or_else(|| {
                self.in_traceback
                    .then(|| split_glued_exception(&line.text))
                    .flatten()
            });
        if let Some(parts) = parts {
            for part in parts {
                // (the piece that opens an escaped JSON string, `srv operator(): got exception:
                // {"error":{"code":500,"message":"`, only heads the message the next pieces
                // state: informational, not an event)
                let opens_string = part.trim_end().ends_with(":\"") && part.contains("{\"");
                let sub = Line {
                    text: part,
                    level: if opens_string { Some('I') } else { line.level },
                    ..line.clone()
                };
                self.feed_one(&sub, None);
            }
            return;
        }
        self.feed_one(line, facts);
    }

    fn feed_one(&mut self, line: &Line, facts: Option<LineFacts>) {
        // A paste that starts inside a frame's line, cut before its `File "` (`unsloth/kernels/
        // fast_lora.py", line 116, in backward`): the frame, read whole.
        if self.lines == 0 && is_cut_frame(&line.text) {
            let whole = Line {
                text: format!("  File \"{}", line.text.trim_start()),
                ..line.clone()
            };
            return self.feed_one(&whole, facts);
        }
        if line.relayed {
            self.relayed_info = true;
        }
        // Python's warnings print `FILE:N: Category: message`, then the source line, indented;
        // a message that goes on below its header (`RuntimeWarning: Failed to read commit
        // hash:` then `No module named 'vllm._version'`) is still the warning's.
        if self.warning_continues > 0 {
            let t = &line.text;
            if t.starts_with([' ', '\t']) || t.trim().is_empty() || line.level != self.warning_level
            {
                self.warning_continues = 0;
            } else {
                self.warning_continues -= 1;
                let warned = Line {
                    level: Some('W'),
                    ..line.clone()
                };
                return self.feed_levelled(&warned, None);
            }
        }
        if line.text.trim_end().ends_with(':') && PY_WARNING_HEADER.is_match(&line.text) {
            self.warning_continues = 3;
            self.warning_level = line.level;
        }
        if line.level == Some('I') {
            let t = line.text.trim_start();
            // (IPython's too: its header names the exception first, `AttributeError   Traceback
            // (most recent call last)`, and its frames are no `File "` lines)
            if t.starts_with("Traceback (most recent call last)")
                || (t.starts_with("File \"") && t.contains("\", line "))
                || IPYTHON_HEADER.is_match(t)
                || ipython_frame(t).is_some()
            {
                self.relayed_info = true;
            }
            if self.relayed_info {
                let unlevelled = Line {
                    level: None,
                    ..line.clone()
                };
                return self.feed_levelled(&unlevelled, facts);
            }
        }
        self.feed_levelled(line, facts)
    }

    /// The line above, when `text` continues a statement that a hard wrap cut there: this line
    /// has no level of its own (none but the one a collector gave every line) and starts
    /// mid-sentence (a lower-case word, a closing parenthesis), and the line above, no event,
    /// stopped mid-phrase.
    fn wrapped_start(&self, line: &Line, text: &str) -> Option<(u64, String, String)> {
        let (n, level, Some((above, above_raw))) = &self.above else {
            return None;
        };
        let t = text.trim_start();
        let first = t.split_whitespace().next()?;
        // (a device assertion wrapped inside its thread's index, `thread: [0,0` / `,0] Assertion
        // `val >= zero` failed.`, goes on with a comma or a closing bracket)
        let continues = (t
            .starts_with(|c: char| c.is_ascii_lowercase() || matches!(c, ')' | ']' | ','))
            && !first.ends_with(':')
            && !first.contains("():"))
            || (t.starts_with("Assertion `") && device_assert_place(above));
        // (not a line that states nothing, such as the source line Python shows under a warning,
        // `  warnings.warn("... cannot safely cast "`, above a record whose prefix a collector's
        // own level made look alike)
        (continues
            && line.level == *level
            && *n + 1 == line.number
            && self.last_event_at != *n
            && !events::is_benign(above))
        .then(|| (*n, above.clone(), above_raw.clone()))
    }

    fn feed_levelled(&mut self, line: &Line, facts: Option<LineFacts>) {
        self.lines = line.number;
        let text = line.text.as_str();
        // (the parts of a glued line share its number: the line above is the one before them)
        // (copied only when it could be such a start: most lines are not)
        if self.current.0 != line.number {
            let t = text.trim();
            let cut = cut_mid_phrase(t).then(|| {
                let short = |s: &str| s.chars().take(500).collect::<String>();
                (short(t), short(&line.raw))
            });
            self.above = std::mem::replace(&mut self.current, (line.number, line.level, cut));
        }
        if let Some(r) = line.rank {
            self.ranks.insert(r);
        }
        for i in std::mem::take(&mut self.open_context) {
            let ev = &mut self.events[i];
            // A message continues on lines of its own; another record's warning or progress
            // line (a launcher's teardown notice) is not part of it.
            let other_record = below_error(line.level) || WARNING.is_match(text.trim());
            // (NCCL traces an error code up its stack, one `NCCL INFO file.cc:N -> code` line a
            // caller: the trace is kept whole, as far as the step that failed, `init.cc` or
            // `bootstrap.cc` for a communicator being created)
            // (UCX's handler of a fatal signal prints its own frames first, `0 libucs.so(
            // ucs_handle_error+0x304) [0x...]`, then libc's: the frame that faulted is further
            // down, and is kept as far)
            // (and TensorRT-LLM's exception, whose numbered native frames, `2  0x7f...
            // tensorrt_llm::...(...) + 95`, say which of its steps threw)
            let cap = if (is_nccl_trace(text) && ev.after.iter().all(|a| is_nccl_trace(a)))
                || (ev.text.contains("TllmException") && is_numbered_frame(text))
                || ((ev.text.contains("Caught signal ")
                    || ev.text.contains("signal SIGSEGV")
                    || ev.text.contains("] Signal: "))
                    && is_native_frame(text))
                // (and glog's stack of a failed check, `@ 0x4477a0 caffe::Solver<>::Solve()`,
                // whose outer frames say which step ran)
                || (ev.text.contains("Check failed")
                    && (text.trim_start().starts_with("@ ")
                        || text.contains("*** Check failure stack trace")))
            {
                NCCL_TRACE_AFTER
            } else {
                CONTEXT_AFTER
            };
            if ev.after.len() < cap && !text.trim().is_empty() && !other_record {
                ev.after.push(text.chars().take(500).collect());
            }
            if ev.after.len() < cap.max(CONTEXT_AFTER) {
                self.open_context.push(i);
            }
        }
        // `raise ImportError("\n[lib] could not load ...")` prints the type alone on its line:
        // the message, and so the statement of the error, is the next line.
        for (i, left, below) in std::mem::take(&mut self.stated_below) {
            let t = text.trim();
            // (whether the line states it, and what is still awaited below it)
            let (states, below) = match below {
                Below::PtxasDiagnostic => (PTXAS_DIAGNOSTIC.is_match(t), Some(below)),
                Below::SummarySignal => (SUMMARY_SIGNAL.is_match(t), Some(below)),
                Below::CompilerError => (NVCC_ERROR.is_match(t), Some(below)),
                Below::Bracketed => (t.starts_with("[[") && t.ends_with("]]"), None),
                Below::Raised => (EXCEPTION_STATED.is_match(t), Some(below)),
                // (a Rust program's `Error: ` alone, anyhow's report of an error whose message
                // starts on the next line, as a build script's stderr holds it under Cargo's
                // `failed to run custom build command`: that message states it)
                Below::ListedFailure if t == "Error:" => {
                    self.stated_below.push((i, 2, Below::Message));
                    continue;
                }
                // (or a panic's heading, Rust's `thread 'main' panicked at build.rs:141:14:`,
                // its message on the next line)
                Below::ListedFailure if is_panic_heading(t) => {
                    self.stated_below.push((i, 2, Below::Message));
                    continue;
                }
                // (or a report's label of the message: see `labels_message`)
                Below::ListedFailure => (
                    events::detect(t, None).is_some_and(|tier| tier >= 2) || labels_message(t),
                    Some(below),
                ),
                // (the message waits out blank lines; any other line states it, or nothing does)
                Below::Message | Below::Detail if t.is_empty() => {
                    self.stated_below.push((i, left, below));
                    continue;
                }
                Below::Message | Below::Detail => {
                    // (torch.compile appends where in the user's code it was tracing, `from user
                    // code:`, to the message of what it raised: a message left empty stays so)
                    if !TRACEBACK.is_in(text)
                        && t.chars().any(char::is_alphabetic)
                        && t != "from user code:"
                    {
                        self.join_below(i, line, t, matches!(below, Below::Detail));
                    }
                    // (a message that only heads the report below it, cubecl's panic with
                    // `[Compilation Error]` above NVRTC's log: the first error listed states it)
                    if matches!(below, Below::Message) && is_bracketed_heading(t) {
                        self.stated_below.push((i, 12, Below::ListedFailure));
                    }
                    // (or that quotes a traceback, litdata's `RuntimeError:` then `We found the
                    // following error Traceback (most recent call last):`: the exception that
                    // ends the quoted traceback states it)
                    if matches!(below, Below::Message)
                        && t.ends_with("Traceback (most recent call last):")
                    {
                        self.stated_below.push((i, 40, Below::Raised));
                    }
                    continue;
                }
                // (the line after the caret states the cause, or nothing below does)
                Below::TritonCause { caret: true } if !t.is_empty() => {
                    (EXCEPTION_STATED.is_match(t), None)
                }
                Below::TritonCause { caret } => (
                    false,
                    Some(Below::TritonCause {
                        caret: caret || (!t.is_empty() && t.chars().all(|c| c == '^')),
                    }),
                ),
            };
            if states {
                self.restate(i, line, t);
                // (a statement far below its record has its own lines after it, which NCCL's
                // `Last error:` and a message's continuation are on: the record's are the
                // traceback's frames)
                if matches!(below, Some(Below::Raised)) {
                    self.events[i].after.truncate(1);
                    if !self.open_context.contains(&i) {
                        self.open_context.push(i);
                    }
                }
            } else if let Some(below) = below.filter(|_| left > 1) {
                self.stated_below.push((i, left - 1, below));
            }
        }
        if let Some((wrapper, left)) = self.build_output.take() {
            let t = text.trim();
            if events::detect(t, None).is_some_and(|tier| tier >= 3)
                && events::class_of(t) == Some("build_error")
            {
                self.build_cause = Some((wrapper, noted(line, t)));
            } else if left > 1 {
                self.build_output = Some((wrapper, left - 1));
            }
        } else if self.build_cause.is_none()
            && BUILDING_EXTENSION.is_in(text)
            && quotes_build_output(text)
        {
            self.build_output = Some((line.number, 12));
        }
        if let Some(i) = self.cause_follows.take() {
            let t = text.trim();
            if t.is_empty() {
                self.cause_follows = Some(i);
            } else if !TRACEBACK.is_in(text) {
                self.restate(i, line, t);
            }
        }
        if self.no_operator {
            self.note_op_reason(text);
        }
        if !self.skip_env {
            self.env.feed_line(line);
        }
        if CUDA_COMPILER_ID.is_in(text)
            && (text.contains("The CUDA compiler identification is unknown")
                || text.contains("CUDA compiler identification source file"))
        {
            self.cuda_compiler_unknown = true;
        }
        // Inside a traceback, indented lines are frames and source code, not progress or errors.
        // Inductor's autotuner reports a candidate kernel that failed and drops it (`Runtime
        // error during autotuning:`, the error, `Ignoring this choice.`): the run goes on with
        // the others, so those lines state nothing that stopped it.
        let dropped_choice = self.autotune_choice(text);
        let code = (self.in_traceback && is_code(text)) || dropped_choice;
        // both facts are read exactly when the line is not code
        let mut facts = match facts {
            _ if code => LineFacts::default(),
            Some(f) => f,
            None => LineFacts::of(line),
        };
        // Python ends a traceback with `module.Class: message` whatever the class is named; one
        // that no detector knows (`pkg.opt_flags.InapplicableConstraint: cannot enforce ...`,
        // torch's `BackendCompilerFailed`) is still the exception the frames above raised.
        // (not one whose message ends in a colon: it quotes the cause on the lines below, as
        // torch's `BackendCompilerFailed: backend='inductor' raised:` does)
        // (pytest states the exception on its `E   ` margin, after the source line it marks with
        // `>`, which a last resort would otherwise take for its error words)
        let pytest_exception = line.pytest_margin;
        let qualified = (self.in_traceback || pytest_exception)
            && !code
            && facts.tier.is_none()
            && !text.trim_end().ends_with(':')
            && (events::QUALIFIED_EXCEPTION.is_match(text.trim())
                // (an exception raised without a message is its class alone, `Exception`,
                // and a traceback pasted indented as a whole ends with its exception indented)
                || ((self.in_traceback || text.starts_with(' '))
                    && BARE_EXCEPTION.is_match(text.trim()))
                // (and a class without Python's suffixes, raised without a message, that a
                // package's modules qualify: `pyfr.backends.cuda.driver.CUDAInvalidDevice`)
                || (self.in_traceback && BARE_QUALIFIED.is_match(text.trim())));
        if qualified {
            let t = text.trim();
            let at = t.as_ptr() as usize - text.as_ptr() as usize;
            facts.statement = Some((at, at + t.len()));
            facts.tier = Some(3);
        }
        if !code {
            if let Some(p) = facts.phase {
                // "got fatal signal ..., shutting down": the failure came first, the shutdown
                // it caused is no phase of the run (nor is vLLM's executor shutting down as
                // `Worker proc VllmWorker-1 died unexpectedly`)
                let caused = p == "shutdown" && {
                    let l = text.to_ascii_lowercase();
                    l.contains("fatal")
                        || l.contains("error")
                        || l.contains(" died")
                        || l.contains("root cause")
                        || l.contains("death signal")
                };
                if !caused {
                    // A program that came up (not a shutdown, which an error may have led to)
                    // did not die of PyTorch's warning that its build lacks the GPU's
                    // architecture, nor of a logger's bare ERROR line before.
                    if phase::order(p) >= phase::order("warmup") && p != "shutdown" {
                        self.incompatible = None;
                        self.came_up_at = line.number;
                    }
                    if p == "build" {
                        // (TensorRT's builder at work, whoever called it)
                        self.engine_build = text.contains("Engine build starts")
                            || text.contains("Building engine")
                            || text.contains("Build TensorRT engine")
                            || text.contains("Engine generation completed in")
                            || text.contains("[BlockAssignment]")
                            || text.contains("output network tensors");
                    }
                    self.advance_phase(p);
                    // a run that went on to its next step did not die of an error word before
                    // (a shutdown is no next step: it may be what the error led to, nor is
                    // NCCL's trace of the error through the communicator's creation)
                    if is_nccl_trace(text.trim()) {
                        // (the trace goes on up to the step whose failure it was: the
                        // communicator's creation, `init.cc`)
                        if let Some((_, (_, t, _), phase)) = &mut self.last_resort {
                            if is_nccl_trace(t) {
                                *phase = p;
                            }
                        }
                    } else if p != "shutdown" {
                        self.last_resort = None;
                    }
                }
            }
        }
        if ASYNC_REPORT.is_in(text) {
            self.async_report = true;
        }
        if text.starts_with("Collecting environment information") {
            self.env_report = true;
        }
        if self.incompatible.is_none()
            && !self.env_report
            && facts.phase.is_none()
            && INCOMPATIBLE.is_match(text)
        {
            self.incompatible = Some(noted(line, text));
        } else if let Some((n, first, _)) = &mut self.incompatible {
            // (torch's check names the GPU on one line and says why on the next: the two are
            // one statement)
            if *n + 1 == line.number
                && first.contains("which is of cuda capability")
                && !first.contains("no longer supports")
                && text.contains("PyTorch no longer supports this GPU")
            {
                first.push(' ');
                first.push_str(text.trim());
            }
        }
        // (both are lines the detectors took for events: only those are searched again)
        if facts.tier.is_some() {
            if self.kernel_oom.is_none()
                && (text.contains("invoked oom-killer")
                    || text.contains("Out of memory: Kill")
                    || text.contains("oom-kill:")
                    // (a scheduler's: Slurm's `Detected 1 oom-kill event(s) in StepId=N`)
                    || text.contains("oom-kill event")
                    || text.contains("oom_kill event"))
            {
                self.kernel_oom = Some(noted(line, text));
            }
            if self.ray_exit.is_none() && text.contains("Worker exit type: ") {
                self.ray_exit = Some((line.number, text.trim().chars().take(500).collect()));
            }
        }
        if self.spawn_failed.is_none() && SPAWN_FAILED.is_in(text) {
            self.spawn_failed = text
                .trim_start_matches(['-', ' '])
                .strip_prefix("Process ")
                .and_then(|r| r.split(' ').next())
                .and_then(|n| n.parse().ok());
        }
        // (or CUDA's bare `CUDA unknown error`, a driver left broken by a suspend or an update;
        // or a driver older than the runtime, in whatever warning states it: Triton's `Unable to
        // allocate pinned system memory, ...: CUDA driver version is insufficient for CUDA
        // runtime version`, the server going on without its GPU; or, once vLLM found no platform,
        // the driver's library it then could not load: why it found none)
        if self.cuda_init_failed.is_none()
            && ((CUDA_GET_DEVICE_COUNT.is_in(text) && CUDA_INIT_FAILED.is_match(text))
                || CUDA_INIT_UNKNOWN.is_in(text)
                || CUDA_DRIVER_INIT_FAILED.is_in(text)
                || CUDA_DRIVER_INSUFFICIENT.is_in(text)
                || (self.no_platform.is_some() && LIBCUDA_MISSING.is_in(text)))
        {
            self.cuda_init_failed = Some((noted(line, text), started(self.phase)));
        }
        // (vLLM probes each platform at import, at debug level; with none found it runs on
        // `UnspecifiedPlatform`, which cannot serve: the CUDA probe's failure is why, or, where
        // the probe was not logged, that no platform was found)
        // (one word search first: every line passes here)
        if PLATFORM.is_in(text) {
            if self.platform_unavailable.is_none()
                && (CUDA_PLATFORM_UNAVAILABLE.is_in(text)
                    || CUDA_PLATFORM_UNAVAILABLE_TOO.is_in(text))
            {
                self.platform_unavailable = Some(noted(line, text));
            }
            if self.cuda_init_failed.is_none() && NO_PLATFORM.is_in(text) {
                match self.platform_unavailable.take() {
                    Some(probe) => self.cuda_init_failed = Some((probe, started(self.phase))),
                    None => {
                        self.no_platform
                            .get_or_insert_with(|| (noted(line, text), started(self.phase)));
                    }
                }
            }
        }
        if self.extension_unloaded.is_none() && EXTENSION_UNLOADED.is_match(text) {
            self.extension_unloaded = Some(noted(line, text));
        }
        if self.warned_oom.is_none()
            && CUDA_OOM_WORDS.is_in(text)
            && (line.level == Some('W') || text.contains("WARNING"))
        {
            self.warned_oom = Some((noted(line, text), self.phase));
        }
        if LAST_ENQUEUED.is_in(text) {
            if let Some(c) = ENQUEUED.captures(text) {
                // (the rank in the message is the rank within its group; a prefix's is global)
                let rank = line.rank.or_else(|| c[2].parse().ok());
                if let (Some(r), Ok(w)) = (rank, c[3].parse()) {
                    let group = c.get(1).map_or("", |g| g.as_str()).to_string();
                    self.enqueued.entry((group, r)).or_insert(w);
                }
            }
        }
        if CLOSING_SIGTERM.is_in(text) {
            self.others_stopped = true;
        }
        // SGLang's launcher names the scheduler process that died, by its rank (`Rank 3
        // scheduler died during initialization (exit code: -11)`), as torchrun's summary does
        // (a word search first: every line passes here)
        if SCHEDULER_DIED_WORD.is_in(text) {
            if let Some(Ok(r)) = SCHEDULER_DIED.captures(text).map(|c| c[1].parse()) {
                self.root_cause_rank.get_or_insert(r);
            }
        }
        if ROOT_CAUSE.is_in(text) {
            // (the entry: `[0]:`, then `time`, `host`, `rank : 1 (local_rank: 1)`, ...)
            self.root_cause_left = 6;
        } else if self.root_cause_left > 0 {
            self.root_cause_left -= 1;
            if let Some(r) = text.trim().strip_prefix("rank") {
                let r = r.trim_start().strip_prefix(':').unwrap_or("").trim_start();
                let digits = r.split(|c: char| !c.is_ascii_digit()).next().unwrap_or("");
                if let Ok(r) = digits.parse() {
                    self.root_cause_rank.get_or_insert(r);
                    self.root_cause_left = 0;
                }
            }
        }
        self.traceback(line);
        let detected = facts.tier.is_some();
        if !code && facts.tier.is_none() && facts.error_word && !below_error(line.level) {
            if let Some(t) = facts.statement.and_then(|(a, b)| line.text.get(a..b)) {
                if self.worded.len() == 8 {
                    self.worded.pop_front();
                }
                self.worded.push_back((
                    line.number,
                    t.trim().chars().take(2000).collect(),
                    line.raw.chars().take(4000).collect(),
                ));
            }
        }
        if !code {
            // (an error word not on what a logger called a warning or info; a statement of
            // the strongest tier on what it called info)
            let resort = match (facts.tier, line.level) {
                (None, level) if below_error(level) => None,
                (None, _) => facts.error_word.then_some(1),
                (Some(t), Some('I' | 'D' | 'V')) if t >= 3 => Some(3),
                _ => None,
            };
            if let Some(tier) =
                resort.filter(|t| self.last_resort.as_ref().is_none_or(|r| r.0 < *t))
            {
                let statement = facts.statement.and_then(|(a, b)| line.text.get(a..b));
                if let Some(t) = statement.filter(|t| tier > 1 || !events::is_benign(t)) {
                    let raw = line.raw.chars().take(4000).collect();
                    let t = t.trim().chars().take(2000).collect();
                    self.last_resort = Some((tier, (line.number, t, raw), self.phase));
                }
            }
        }
        // LLVM's `llvm_unreachable(msg)` prints its message, then `UNREACHABLE executed at
        // FILE:N!` (a Triton pass's `Failed to hoist tmem_store`): the message, kept as the last
        // resort on the line above, is the statement, and the line below says whose it is.
        if text.starts_with("UNREACHABLE executed at ") {
            if let Some((_, (n, t, raw), phase)) = self.last_resort.clone() {
                if n + 1 == line.number {
                    self.keep_first(3, false, || Event {
                        after: vec![text.chars().take(500).collect()],
                        ..Event::bare(n, 3, t, raw, phase)
                    });
                }
            }
        }
        let t = text.trim();
        // Open MPI's handler of a fatal signal prints `*** Process received signal ***`, then
        // `Signal: Aborted (6)`: a program that aborts states why just above, in its own words
        // (`Kokkos::Cuda::initialize ERROR: likely mismatch of architecture`), which no detector
        // knows; that line, not the signal, is the statement.
        if t.ends_with("*** Process received signal ***") {
            self.signal_header = line.number;
        } else if t.ends_with("Signal: Aborted (6)") && self.signal_header + 1 == line.number {
            // (a line a logger marked as an error is a weaker event already, not a worded line)
            let n = line.number.saturating_sub(2);
            let above = self
                .events
                .iter()
                .rev()
                .take(3)
                .find(|e| e.line == n && e.tier < 3)
                .map(|e| (e.text.clone(), e.raw.clone()))
                .or_else(|| {
                    self.worded
                        .back()
                        .filter(|w| w.0 == n)
                        .map(|w| (w.1.clone(), w.2.clone()))
                });
            if let Some((s, raw)) = above {
                let phase = self.phase;
                self.keep_first(3, false, || Event::bare(n, 3, s, raw, phase));
            }
        } else if t == "Aborted"
            || t == "Aborted (core dumped)"
            || t == "terminate called after throwing an instance of 'char const*'"
            || t == "terminate called after throwing an instance of 'char*'"
        {
            // The same for a C++ program that printed its error and aborted, or threw a bare
            // string, which has no `what()` for the runtime to print (fastllm's `Error: cublas
            // error.`, then `Aborted`): its own line right above says why.
            // (a line a logger marked as an error is a weaker event already, not a worded line)
            let near = |n: u64| n + 2 >= line.number;
            let above = match self.events.last() {
                Some(e) if near(e.line) => {
                    (e.tier < 3).then(|| (e.line, e.text.clone(), e.raw.clone()))
                }
                last => self
                    .worded
                    .back()
                    .filter(|w| near(w.0) && last.is_none_or(|e| e.line < w.0))
                    .cloned(),
            };
            if let Some((n, s, raw)) = above.filter(|w| events::class_of(&w.1).is_some()) {
                let phase = self.phase;
                self.keep_first(3, false, || Event::bare(n, 3, s, raw, phase));
            }
        }
        // The JVM prints an exception's chain outermost first, each cause below its wrapper's
        // frames as `Caused by: <class>: <message>` (Spark's `SparkException: Job aborted ...`,
        // then the task's `Caused by: ai.rapids.cudf.CudfException: ... cudaErrorIllegalAddress`):
        // the innermost cause the JVM names is the statement, not the wrapper first printed.
        let java_cause = t
            .strip_prefix("Caused by: ")
            .filter(|c| JAVA_EXCEPTION.is_match(c));
        match (self.java_chain, java_cause) {
            (Some(i), Some(cause)) => {
                if events::detect(cause, None).is_some() {
                    self.restate(i, line, cause);
                }
            }
            (Some(_), None) if JAVA_FRAME.is_match(t) => {}
            _ => self.java_chain = None,
        }
        let before = self.events.len();
        if !code {
            self.detect(line, facts, qualified);
            self.warning(line);
        }
        if self.events.len() > before
            && self.events[before].line == line.number
            && JAVA_EXCEPTION.is_match(self.events[before].text.trim())
        {
            self.java_chain = Some(before);
        }
        // NCCL's trace of an error up its callers at INFO level (`NCCL INFO misc/socket.cc:564
        // -> 2`) is the last resort of a log whose NCCL printed no `WARN` to say why: its first
        // line is where the failure began. (Results 1 to 6 are errors; 7, a non-blocking call
        // still in progress, is not.)
        if self.last_resort.is_none()
            && !self.benign_nccl_warn
            && NCCL_INFO.is_in(t)
            && NCCL_ERROR_TRACE.is_match(t)
        {
            let raw = line.raw.chars().take(4000).collect();
            self.last_resort = Some((
                1,
                (line.number, t.chars().take(2000).collect(), raw),
                self.phase,
            ));
        }
        if !t.is_empty() {
            if let Some((number, msg, raw, rank)) = self.nccl_warn.take() {
                if is_nccl_trace(t) {
                    let phase = self.phase;
                    self.keep_first(3, false, || Event {
                        rank,
                        ..Event::bare(number, 3, msg, raw, phase)
                    });
                }
            }
            // (not one NCCL says to ignore: its InfiniBand verbs library or wrapper missing, as
            // a host without InfiniBand has them, before it goes on with sockets)
            // (a detected line passed `is_benign` as it was detected)
            let nccl_warn = NCCL_WARN.is_in(t);
            self.benign_nccl_warn = nccl_warn && !detected && events::is_benign(t);
            if !detected && !code && nccl_warn && !self.benign_nccl_warn {
                self.nccl_warn = Some((
                    line.number,
                    t.chars().take(2000).collect(),
                    line.raw.chars().take(4000).collect(),
                    line.rank,
                ));
            }
            // (a program that prints its own error line and then the traceback, `!!! ERROR
            // during execution: <msg>`, says the same without a logger's level)
            let error_word = || {
                // (all three start with `E`: one byte search spares most lines the words')
                line.level.is_none()
                    && t.contains('E')
                    && (t.contains("ERROR") || t.contains("Error") || t.contains("Exception"))
            };
            self.logged_error = ((matches!(line.level, Some('E' | 'C' | 'F')) || error_word())
                && !detected
                && !code
                && t.len() >= 8
                && t.chars().any(char::is_alphabetic)
                // (the link between two chained tracebacks is no message of its own)
                && !t.starts_with("During handling of the above exception")
                && !t.starts_with("The above exception was the direct cause"))
            .then(|| {
                (
                    line.number,
                    t.chars().take(2000).collect(),
                    line.raw.chars().take(4000).collect(),
                    line.rank,
                )
            });
        }
        // (a line of `^` and `~` markers keeps the source line above it; inside a traceback its
        // frames say where it failed; the buffer is reused, as most such lines are not needed)
        if self.in_traceback {
            self.has_code = false;
            if t.starts_with("File \"") {
                self.has_cut_code = false;
            } else if text.starts_with("  ") && !t.bytes().all(|b| matches!(b, b'^' | b'~' | b' '))
            {
                self.cut_code.clear();
                self.cut_code.push_str(t);
                self.has_cut_code = true;
            }
            // (or an `assert` there: the assertion that failed, its `AssertionError` cut off)
            if (t.starts_with("raise ") && RAISE_MESSAGE.is_match(t)) || t.starts_with("assert ") {
                self.cut_raise = Some(((line.number, t.to_string(), line.raw.clone()), self.phase));
            } else if t.starts_with("File \"") || (text.starts_with("  ") && !t.is_empty()) {
                // (another frame, or its source line: the raise was not the innermost; a line
                // the paste cut to its log prefix, `ERROR 07-24 13:45:59`, is not)
                self.cut_raise = None;
            }
        } else if !t.is_empty() && !t.bytes().all(|b| matches!(b, b'^' | b'~' | b' ')) {
            self.has_code = text.starts_with("  ") && !t.starts_with("File \"");
            if self.has_code {
                self.last_code.clear();
                let end = t.char_indices().nth(300).map_or(t.len(), |(i, _)| i);
                self.last_code.push_str(&t[..end]);
            }
        }
    }

    /// Whether the line is part of an autotuner's report of a candidate it dropped (see
    /// `feed_levelled`): from its `Runtime error during autotuning` header to `Ignoring this
    /// choice.`, at most a few lines.
    fn autotune_choice(&mut self, text: &str) -> bool {
        if AUTOTUNE_ERROR.is_in(text) {
            self.autotune_left = AUTOTUNE_REPORT_LINES;
            return true;
        }
        if self.autotune_left == 0 {
            return false;
        }
        self.autotune_left -= 1;
        if text.contains("Ignoring this choice") {
            self.autotune_left = 0;
        }
        true
    }

    /// The message a logger printed at error level right before a traceback: what the program
    /// said went wrong, read as the weakest statement (the traceback's own exception, when the
    /// paste kept it, is stronger).
    fn logged_exception(&mut self, number: u64, text: String, raw: String, rank: Option<u32>) {
        // (an event at its line: a program that came up before it did not outlive it)
        self.last_event_at = self.last_event_at.max(number);
        let phase = self.phase;
        self.keep_first(events::FALLBACK_TIER, true, || Event {
            rank,
            ..Event::bare(number, events::FALLBACK_TIER, text, raw, phase)
        });
    }

    /// Keeps an event when it is the first of its kind (tier, and whether it is weak): only the
    /// first event of each kind can win the election, so the event is made only then. Returns
    /// whether it was kept.
    fn keep_first(&mut self, tier: u8, weak: bool, make: impl FnOnce() -> Event) -> bool {
        let slot = tier as usize * 2 + weak as usize;
        if self.kept[slot] {
            return false;
        }
        self.kept[slot] = true;
        self.max_tier = self.max_tier.max(tier);
        self.events.push(make());
        self.weak.push(weak);
        self.open_context.push(self.events.len() - 1);
        true
    }

    fn advance_phase(&mut self, p: &'static str) {
        let p = match p {
            // A request reaching a server that is not yet batching means it is about to prefill;
            // once batches are logged, request lines say nothing new.
            "serving_request" if phase::order(self.phase) < phase::order("prefill") => "prefill",
            "serving_request" => return,
            p => phase::settled(p),
        };
        let serving = |x: &str| matches!(x, "prefill" | "decode");
        // (a program that starts, then builds: TensorRT-LLM's engine build after its banner,
        // an extension compiled as a script starts; not a JIT build while a server loads or
        // serves, which stays in that step)
        let builds_after_start = p == "build" && self.phase == "startup";
        if phase::order(p) >= phase::order(self.phase)
            || (serving(p) && serving(self.phase))
            || builds_after_start
        {
            self.phase = p;
        }
    }

    fn traceback(&mut self, line: &Line) {
        let text = line.text.as_str();
        let t = text.trim_start();
        if TRACEBACK.is_in(text) {
            // (right below a line its logger marked as an error, detected or not)
            self.traceback_logged =
                matches!(self.above, (n, Some('E' | 'C' | 'F'), _) if n + 1 == line.number);
            self.logged_by_same = false;
            if let Some((number, msg, raw, rank)) = self.logged_error.take() {
                self.logged_by_same = rank == line.rank;
                self.logged_exception(number, msg, raw, rank);
                self.traceback_logged = true;
            } else if matches!(line.level, Some('E' | 'C' | 'F')) {
                // A logger that glues the traceback's header to its message (vLLM's `Exception
                // in worker X while processing method M: <message>, Traceback (most recent call
                // last):`) states the error on this line itself.
                let head = t.find("Traceback (most recent call last)").map(|i| &t[..i]);
                if head.is_some_and(|h| {
                    let h = h.trim_end_matches([',', ':', ' ']);
                    h.len() >= 8 && h.chars().any(char::is_alphabetic)
                }) {
                    self.logged_exception(
                        line.number,
                        t.trim_end().chars().take(2000).collect(),
                        line.raw.chars().take(4000).collect(),
                        line.rank,
                    );
                }
            }
            if IPYTHON_HEADER.is_match(t) {
                self.ipython_header =
                    Some(((line.number, t.to_string(), line.raw.clone()), self.phase));
            }
            self.optional_traceback = self
                .optional_notice_at
                .is_some_and(|n| n + 1 == line.number);
            self.fault_target = None;
            self.fault_also = None;
            self.in_traceback = true;
            self.traceback_rank = line.rank;
            self.traceback_line = line.number;
            // (an exception whose message is a native library's traceback, TVM's `ValueError:
            // Traceback (most recent call last):`, goes on from the Python frames above it)
            if t.starts_with("Traceback") || !EXCEPTION_STATED.is_match(t) {
                self.frames.clear();
            }
            return;
        }
        if t.starts_with("During handling of the above exception")
            || t.starts_with("The above exception was the direct cause")
        {
            self.chained_next = true;
            return;
        }
        if t.starts_with("Exception ignored in") {
            self.ignored_next = true;
            return;
        }
        if t.starts_with("A matching Triton is not available") {
            self.optional_notice_at = Some(line.number);
            return;
        }
        // Python's faulthandler prints the stack after the fatal signal it reports, innermost
        // call first: those frames say where the crash happened.
        if t.ends_with("(most recent call first):") {
            self.fault_target = if t.starts_with("Current thread") || t.starts_with("Stack") {
                self.events.iter().rposition(|e| {
                    e.frames.is_empty() && events::is_class(&e.text, "process_crash")
                })
            } else {
                None
            };
            // (absl's handler in Ray's and SGLang's processes reports the same signal just
            // before, `*** SIGSEGV received at time=...` and its native frames: one crash, whose
            // Python stack is this one)
            self.fault_also = self.fault_target.and_then(|i| {
                let at = self.events[i].line;
                self.events[..i].iter().rposition(|e| {
                    e.frames.is_empty()
                        && at.saturating_sub(e.line) <= 16
                        && e.text.contains(" received at time=")
                })
            });
            return;
        }
        // (a frame hard-wrapped inside its path is read whole, from its two pieces)
        let joined;
        let t = match self.wrapped_frame.take() {
            Some(head) if !t.starts_with("File \"") && t.contains("\", line ") => {
                joined = head + t;
                joined.as_str()
            }
            _ => t,
        };
        let ipython;
        let t = match ipython_frame(t) {
            Some(f) => {
                ipython = f;
                ipython.as_str()
            }
            None => t,
        };
        // (a traceback a writer shortened to its files and functions, `File
        // "managers/scheduler.py", in process_batch_result_prefill`, keeps its frames too)
        let frame = t.starts_with("File \"") && (t.contains("\", line ") || t.contains("\", in "));
        if !frame && t.starts_with("File \"") && !t[6..].contains('"') {
            self.wrapped_frame = Some(t.chars().take(300).collect());
        }
        // A fatal-signal handler that symbolises native frames (torch's `!!!!!!! Segfault
        // encountered !!!!!!!`) prints them as Python frames at line 0, innermost first, right
        // below its banner: `File "<unknown>", line 0, in crc32_16bytes(...)`.
        if frame && self.fault_target.is_none() && t.contains("\", line 0, in ") {
            self.fault_target = self.events.iter().rposition(|e| {
                e.frames.is_empty()
                    && line.number.saturating_sub(e.line) <= 2
                    && events::is_class(&e.text, "process_crash")
            });
        }
        if frame {
            for i in [self.fault_target, self.fault_also].into_iter().flatten() {
                if let Some(ev) = self.events.get_mut(i) {
                    if ev.frames.len() < MAX_FRAMES {
                        ev.frames.insert(0, t.chars().take(300).collect());
                    }
                }
            }
        }
        if frame && !self.in_traceback {
            // a paste that starts inside a traceback: its frames still say where it failed
            self.in_traceback = true;
            self.traceback_rank = line.rank;
            self.traceback_line = line.number;
            self.frames.clear();
        }
        if self.in_traceback && frame && self.frames.len() < MAX_FRAMES {
            self.frames.push(t.chars().take(300).collect());
        }
    }

    /// The open traceback's frames, and the call its innermost source line makes when the paste
    /// cut it there (as a frame of that function, when it names the step the run was in).
    fn open_frames(&self) -> Vec<String> {
        let mut frames = self.frames.clone();
        // (only a call that names a step of its own: the engine's constructors and the like,
        // which wrap several steps, leave the progress lines to say which)
        let call = self
            .has_cut_code
            .then(|| CALLEE.captures(&self.cut_code))
            .flatten();
        if let Some(call) = call.as_ref().and_then(|c| c.get(1)) {
            let call = call.as_str();
            let frame = format!("File \"<cut>\", line 0, in {call}");
            let step = phase::phase_from_context(std::slice::from_ref(&frame), "");
            if step.is_some_and(|p| p != "startup") {
                frames.push(frame);
            }
        }
        // (a source line that loads a pretrained model says which step the cut frames were in,
        // as for an exception's own traceback)
        if self.has_cut_code && phase::loads_pretrained_model(&self.cut_code) {
            frames.insert(0, format!("    {}", self.cut_code));
        }
        frames
    }

    /// Reads a line of xformers' list of the operators that refused a call: a heading `` `op` is
    /// not supported because: ``, then its reasons, indented.
    fn note_op_reason(&mut self, text: &str) {
        let t = text.trim();
        if t.ends_with("is not supported because:") {
            self.in_op_reasons = true;
        } else if self.in_op_reasons
            // (indented below their operator; a paste quoted as a reply loses the indentation,
            // and then a reason still starts in lower case: `requires device with ...`,
            // `bf16 is only supported ...`, `xFormers wasn't build ...`)
            && (text.starts_with(' ') || t.starts_with(|c: char| c.is_ascii_lowercase()))
            && !t.is_empty()
        {
            let reason = signature::normalize(t);
            if let Some((_, n)) = self.op_reasons.iter_mut().find(|(r, _)| *r == reason) {
                *n += 1;
            } else if self.op_reasons.len() < 64 {
                self.op_reasons.push((reason, 1));
            }
        } else {
            self.in_op_reasons = false;
        }
    }

    fn detect(&mut self, line: &Line, facts: LineFacts, qualified: bool) {
        let Some(text) = facts.statement.and_then(|(a, b)| line.text.get(a..b)) else {
            return;
        };
        let detected = facts.tier;
        if text.contains(events::NO_OPERATOR) {
            self.no_operator = true;
        }
        if self.loader_failure.is_none()
            && (IMPORT_FAILURE.is_in(text) || MISSING_LIBRARY.is_in(text))
        {
            self.loader_failure = Some(text.chars().take(1000).collect());
        }
        // c10d warns of each address its store could not bind before it fails on them all: the
        // first warning states why (`failed to bind to [::]:29500 (errno: 98 - Address already
        // in use)`), the error after it only that none was left.
        if line.level == Some('W')
            && self.bind_warning.is_none()
            && text.contains("[c10d] The server socket has failed to")
            && events::is_bind_failure(text)
        {
            self.bind_warning = Some(line.clone());
        }
        // pytest lists a failing frame's arguments above its source (`self =
        // <[AcceleratorError("CUDA error: misaligned address...") raised in repr()] Tensor ...>`):
        // a value's repr, not a statement; its `E   ` lines below state the error.
        if PYTEST_ARGUMENT.is_match(text) {
            return;
        }
        // A logger that called its line a warning or info did not crash on it.
        let tier = match detected {
            Some(t) if t == 4 || !below_error(line.level) => t,
            // An extension that failed to load is only a warning to the logger that caught it,
            // yet it is what broke the run when nothing else failed.
            Some(_) if line.level == Some('W') && IMPORT_FAILURE.is_in(text) => 1,
            // (so is one whose library's own dependency is missing, as vLLM words it: `Failed to
            // import from vllm._C with ImportError('libcudart.so.12: cannot open shared object
            // file ...')`; torchvision's like warning of its image extension is no such failure)
            Some(_)
                if line.level == Some('W')
                    && MISSING_LIBRARY.is_in(text)
                    && EXTENSION_UNLOADED.is_match(text) =>
            {
                1
            }
            // Ray logs a worker's death at WARNING level, yet it is a statement of a failure: a
            // collective that times out after it on a peer waited for the dead worker.
            Some(t) if line.level == Some('W') && events::is_worker_death(text) => t,
            // c10d's socket warns that a read from the store timed out, then the store raises:
            // the warning is the first statement of that timeout.
            Some(t) if line.level == Some('W') && text.contains("[c10d] waitForInput: ") => t,
            // (and that a read from the store failed on its socket: `[c10d] recvValue failed on
            // SocketImpl(...): Connection reset by peer`, the store's host gone; or a write to it,
            // `[c10d] sendBytes failed on SocketImpl(...): Broken pipe`)
            Some(t) if line.level == Some('W') && STORE_SOCKET_FAILED.is_match(text) => t,
            // A compiler's fatal error glued behind one of its warnings (`cc1plus: warning: ...
            // gcc: fatal error: Killed signal terminated program cc1plus`) ends the build.
            Some(t) if line.level == Some('W') && text.contains(" fatal error: ") => t,
            // Kubernetes names every event that is not normal a `Warning`: `kubectl describe`'s
            // `Warning  Failed  86s (x26 over 6m37s)  kubelet  Error: failed to create containerd
            // container: ...` is the container that could not start.
            Some(t) if line.level == Some('W') && events::K8S_FAILED_EVENT.is_match(&line.raw) => t,
            // torchrun's agent logs the signal that ends the run (`Received Signals.SIGHUP death
            // signal, shutting down workers`) at WARNING level too.
            Some(t) if line.level == Some('W') && text.contains(" death signal") => t,
            // c10's warning of a CUDA call that failed in a destructor (`Warning: CUDA warning:
            // an illegal memory access was encountered (function destroyEvent)`) states the
            // sticky fault a kernel left, often before the exception that reports it.
            Some(t) if line.level == Some('W') && events::is_cuda_warning_of_fault(text) => t,
            Some(t) if line.level == Some('W') && events::is_allocator_failure(text) => t,
            // (XLA's warning that it cannot compile without the toolkit's libdevice, before the
            // op fails for want of it)
            Some(t)
                if line.level == Some('W')
                    && text.contains("libdevice is required by this HLO module") =>
            {
                t
            }
            // (aws-ofi-nccl's tests log each of its failures as a WARN: `WARN: Function:
            // create_nccl_ofi_component Line: 459: NET/OFI Couldn't open AV. RC: -22`)
            Some(t) if line.level == Some('W') && text.contains(": NET/OFI ") => t,
            // (torch's TensorPipe RPC agent logs a transport's failure as a warning before the
            // call fails, `RPC agent for worker1 encountered error when reading incoming response
            // from worker0: transport retry counter exceeded`; not a peer that closed, `: eof`)
            Some(t)
                if line.level == Some('W')
                    && text.starts_with("RPC agent for ")
                    && text.contains(" encountered error when ")
                    && !text.contains(": eof") =>
            {
                t
            }
            // (NVIDIA's containers warn as they start that they found no driver, `WARNING: The
            // NVIDIA Driver was not detected.  GPU functionality will not be available.`: a GPU
            // program's container started without its GPUs)
            Some(t)
                if line.level == Some('W')
                    && text.contains("The NVIDIA Driver was not detected") =>
            {
                t
            }
            // A launcher that relays its child's output logs every line at INFO (`INFO
            // dynamo_engine_vllm::worker: VLLM: Failed: ...cuh:368 'invalid argument'`): a CUDA
            // check's report of a failed call is never informational.
            Some(t) if line.level == Some('I') && CUDA_CHECK.is_match(text) => t,
            // (nor is the tail of an error record that wrapped, the quoted exception a wrapper
            // caught: `ValueError("...")', please check the stack trace above for the root cause`)
            Some(t) if line.level == Some('I') && text.contains(WRAPPED_QUOTE_TAIL) => t,
            // (nor the exception that Triton's Python stub reports before it exits)
            Some(t) if line.level == Some('I') && line.text.contains(PY_STUB_FAILED) => t,
            // (nor a CUDA call's sticky fault in CUDA's own words, which a server may log at
            // INFO as it frees memory: Triton's `I0329 ... backend_memory.cc:177] failed to free
            // CUDA memory: an illegal memory access was encountered`: the context is lost)
            Some(t) if line.level == Some('I') && events::states_sticky_fault(text) => t,
            // (nor torch's words for a CUDA call that failed, which a program that catches it may
            // log at INFO as it skips the input: OmegaFold's `INFO:root:Failed to generate x.pdb
            // due to CUDA error: unknown error`, torch's hints below it)
            Some(t) if line.level == Some('I') && text.contains(" due to CUDA error: ") => t,
            // (nor a KV-cache size below zero, which vLLM logs at INFO before it raises)
            Some(t) if line.level == Some('I') && events::NEGATIVE_KV_MEMORY.is_match(text) => t,
            // (nor a program's handler of a fatal signal, which InfiniStore's logger writes at
            // INFO: `[infini] [info] Interrupt signal (11) received.`, its stack at error below)
            Some(t) if line.level == Some('I') && text.starts_with("Interrupt signal (") => t,
            // (Ollama logs the NVML library it could not load at INFO, `Unable to load CUDA
            // management library <lib>: nvml vram init failure: 999`, then runs without the GPU)
            Some(t)
                if line.level == Some('I')
                    && text.contains("Unable to load CUDA management library ") =>
            {
                t
            }
            _ => return,
        };
        // A transfer engine's transport logs the failure of a transfer (Mooncake's `E1219 ...
        // tcp_transport.cpp:480] TcpTransport::startTransfer encountered an ASIO exception. ...
        // connect: Cannot assign requested address`) before the server records the request that
        // failed with it (tier 2), and libsharp before NCCL's plugin repeats it in a `NCCL WARN`
        // (tier 3): the transport's record is the first statement, as strong as its repeats.
        let tier = if tier == 1 && events::TRANSPORT_SOURCE.is_match(&line.raw) {
            3
        } else {
            tier
        };
        // An operator that was never registered (`No such operator fbgemm::jagged_2d_to_dense`,
        // `'_OpNamespace' 'fbgemm' object has no attribute ...`) after a library failed to load
        // (`fbgemm_gpu_py.so: undefined symbol: ...`) is that failure's consequence.
        let tier = if tier >= 2 && self.loader_failure.is_some() && OP_UNREGISTERED.is_match(text) {
            1
        } else {
            tier
        };
        // A line typed at Python's prompt that did not parse (`File "<stdin>", line 1`, then
        // `IndentationError: unexpected indent`) is the user's typo at the prompt, retyped below.
        let tier = if tier >= 2
            && self.in_traceback
            && (text.starts_with("IndentationError: ") || text.starts_with("SyntaxError: "))
            && self
                .frames
                .last()
                .is_some_and(|f| f.contains("File \"<stdin>\", line "))
        {
            1
        } else {
            tier
        };
        if tier == 4 {
            self.device_assert = true;
            self.async_report = true;
        }
        if tier == 2 && events::is_class(text, "nccl_timeout") {
            self.any_timeout = true;
            if let Some(r) = line.rank.or_else(|| rank_in_text(text)) {
                self.timed_out.insert(r);
            }
        }
        // (a detected statement that Python raised under a name no detector requires, ending the
        // traceback above it: `triton.runtime.errors.OutOfResources: out of resource: ...`)
        let is_exception = qualified
            || EXCEPTION_LINE.is_match(text.trim_end())
            || (self.in_traceback && events::QUALIFIED_EXCEPTION.is_match(text.trim()))
            // (a statement right below the innermost frame's source line, the exception's own
            // line with its `Exception: ` lost to the paste: `data did not match any variant of
            // untagged enum ModelWrapper ...` under tokenizers' `from_file` call)
            || (self.in_traceback
                && self.has_cut_code
                && tier >= 2
                && !text.starts_with([' ', '\t']));
        let mut frames = if is_exception && self.in_traceback {
            self.in_traceback = false;
            std::mem::take(&mut self.frames)
        } else {
            Vec::new()
        };
        let frames_taken = !frames.is_empty();
        // (the innermost source line, when it loads a pretrained model, says which step the
        // hidden library frames below it were in: kept outermost, as the innermost frame is read
        // for where the error was raised)
        if frames_taken && self.has_cut_code && phase::loads_pretrained_model(&self.cut_code) {
            frames.insert(0, format!("    {}", self.cut_code));
        }
        // An exception quoted above its own traceback (a paste that leads with the message, then
        // the traceback that ends in it): the traceback's frames are the quoted error's too.
        // (and a C++ check's statement with no frames, `THCudaCheck FAIL ... error=2 : out of
        // memory`, that Python re-raises shortly below as an exception of its kind, `RuntimeError:
        // cuda runtime error (2) : out of memory`: the traceback says which step met the fault)
        if frames_taken {
            let quoted = self
                .events
                .iter()
                .position(|e| e.frames.is_empty() && e.text.trim() == text.trim())
                .map(Ok)
                .or_else(|| {
                    // (faults that any step may meet; a driver's or a collective's failure at
                    // start-up is placed by other signs) (this runs at every traceback: the
                    // recent events are looked at first, and the classes' own rules asked alone)
                    const ANY_STEP: [&str; 4] = [
                        "cuda_oom",
                        "cuda_illegal_memory_access",
                        "cublas_cudnn_error",
                        "cuda_device_side_assert",
                    ];
                    let recent = self.events.len().saturating_sub(8)..self.events.len();
                    let mut unframed = recent.rev().filter(|&i| {
                        let e = &self.events[i];
                        e.frames.is_empty() && line.number.saturating_sub(e.line) <= 40
                    });
                    let first = unframed.next()?;
                    let kind = ANY_STEP
                        .into_iter()
                        .find(|k| events::has_class_words(text, k))?;
                    std::iter::once(first)
                        .chain(unframed)
                        .find(|&i| events::has_class_words(&self.events[i].text, kind))
                        .map(Err)
                });
            match quoted {
                Some(Ok(i)) => self.events[i].frames = frames.clone(),
                // (only the phase and class read those frames: where the statement was printed,
                // which its fingerprint keeps, is unchanged) (bounded, on a log that repeats
                // the pattern: the earliest are kept)
                Some(Err(i)) if self.reraised_frames.len() < 256 => {
                    self.reraised_frames
                        .push((self.events[i].line, frames.clone()));
                }
                _ => {}
            }
        }
        // A paste that starts below the innermost frame's `File` line keeps that frame's source
        // line (`param = params_dict[name]`): the only sign of where the exception was raised.
        if is_exception && frames.is_empty() && std::mem::take(&mut self.has_code) {
            frames.push(format!("    {}", self.last_code));
        } else if is_exception
            && frames_taken
            && self.has_cut_code
            && self.cut_code.starts_with("assert ")
            && text
                .trim_end()
                .trim_end_matches(':')
                .ends_with("AssertionError")
        {
            // (a bare `AssertionError` says nothing; the `assert` above it says what was
            // asserted: see [`events::classify`])
            frames.push(format!("    {}", self.cut_code));
        }
        let chained = is_exception && std::mem::take(&mut self.chained_next);
        let mut tier = tier;
        if chained && tier > 1 {
            tier -= 1;
        }
        // (a field's error that pydantic v1 lists under its heading, `3 validation errors for
        // DeepSpeedZeroConfig`, details the heading's statement; alone, it is the statement)
        if text.contains(" validation error") && text.contains(" for ") {
            self.validation_heading = line.number;
        }
        if tier == 3
            && self.validation_heading > 0
            && line.number.saturating_sub(self.validation_heading) <= 40
            && events::is_pydantic_v1_detail(text)
        {
            tier = 2;
        }
        // A class raised without a message states nothing that a statement logged before it
        // did not: the error its traceback's program logged just before it (Taichi logs `CUDA
        // Error ... while calling init (cuInit)`, then raises a bare `RuntimeError`) is the
        // statement, and any stronger error before it outranks it; not `AssertionError`, whose
        // `assert` line says what failed.
        if is_exception
            && tier == 3
            && (self.max_tier >= 2 || self.traceback_logged)
            && BARE_EXCEPTION.is_match(text.trim())
            && !text.contains("AssertionError")
        {
            tier = if self.traceback_logged { 0 } else { 2 };
        }
        // (so is a subprocess's failure reported by its exit status alone, `CalledProcessError:
        // Command '[...colmap', 'patch_match_stereo', ...]' returned non-zero exit status 1`,
        // below the error record the subprocess printed just before the traceback)
        if is_exception
            && tier >= 1
            && self.logged_by_same
            && text.contains("CalledProcessError: Command ")
            && text.contains("returned non-zero exit status")
        {
            tier = 0;
        }
        // (an exception Python ignored states a cause only when nothing else does)
        if is_exception && std::mem::take(&mut self.ignored_next) {
            tier = 1;
        }
        // (and the import an optional backend caught and logged as a notice, xformers' `No
        // module named 'triton'` below `A matching Triton is not available`, states none: the
        // program goes on without it)
        if is_exception
            && std::mem::take(&mut self.optional_traceback)
            && (text.contains("ModuleNotFoundError: ") || text.contains("ImportError: "))
        {
            return;
        }
        let traceback_rank = frames_taken.then_some(self.traceback_rank).flatten();
        let rank = || line.rank.or_else(|| rank_in_text(text)).or(traceback_rank);
        // A watchdog that timed out aborts its rank's communicators and takes the process down:
        // a collective error that rank raises afterwards is the consequence, not the cause.
        // (cheap tests first: most errors after a timeout are no collective's)
        if tier == 3
            && self.any_timeout
            && COLLECTIVE_WORDS.is_match(text)
            && self.timed_out_before(rank())
            && events::is_class(text, "nccl_error")
        {
            tier = 2;
        }
        if text.contains("Received sigquit from a child") {
            self.sigquit_line = Some(line.number);
        }
        // (SGLang's launcher, told by SIGQUIT that a child failed, kills its process tree with
        // SIGKILL; the shell that ran it reports `Killed`: collateral, whatever killed the child)
        if tier == 3
            && text.trim() == "Killed"
            && self
                .sigquit_line
                .is_some_and(|l| line.number.saturating_sub(l) <= 3)
        {
            tier = 1;
        }
        // An `what():` line repeats the exception a C++ handler already printed.
        if text.trim_start().starts_with("what():") && self.repeats_earlier(text) {
            tier = 0;
        }
        // A reporter's sentence about the crash ("The server crashes with the error \"Decode out
        // of memory\" when ...") names the error the pasted log states below it: the log's own
        // statement is the first error when the paste has one.
        if tier == 3
            && !is_exception
            && line.level.is_none()
            && !line.timestamped
            && PROSE.is_match(text)
        {
            tier = 2;
        }
        // A statement that a hard wrap cut before its error words (`(raylet) node_manager.cc:N:
        // 2 Workers (tasks /` then ` actors) killed due to memory pressure (OOM), ...`) starts on
        // the line above: the statement is read whole from there.
        let wrapped_from = self.wrapped_start(line, text);
        // A class that does not override `what()` prints `std::exception`, the base class's
        // text: only the `terminate called` line above names it (`'ReadSocketException'`).
        let wrapped_from = match self.thrown_above.take() {
            Some(above)
                if above.0 + 1 == line.number
                    && wrapped_from.is_none()
                    && matches!(
                        text.trim_start().strip_prefix("what():").map(str::trim),
                        Some("" | "std::exception")
                    ) =>
            {
                Some(above)
            }
            _ => wrapped_from,
        };
        if text.contains("terminate called after throwing an instance of '") {
            self.thrown_above = Some((
                line.number,
                text.trim().chars().take(500).collect(),
                line.raw.trim_end().chars().take(500).collect(),
            ));
        }
        let weak = tier == events::FALLBACK_TIER && events::detect(text, None).is_none();
        if tier >= 2 && self.strong_texts.len() < MAX_STRONG {
            self.strong_texts.push(text.chars().take(2000).collect());
        }
        if tier >= 2 && text.contains("illegal memory access") {
            self.illegal_access = true;
        }
        if tier >= 3 && self.strong_lines.len() < MAX_STRONG {
            self.strong_lines.push(line.number);
        }
        self.last_event_at = line.number;
        let phase = self.phase;
        let kept = self.keep_first(tier, weak, || Event {
            line: wrapped_from.as_ref().map_or(line.number, |(n, _, _)| *n),
            tier,
            rank: rank(),
            text: match &wrapped_from {
                Some((_, start, _)) => format!("{start} {}", text.trim_start()),
                None => text.to_string(),
            }
            .chars()
            .take(2000)
            .collect(),
            raw: match &wrapped_from {
                Some((_, _, start)) => format!("{start} {}", line.raw.trim_start()),
                None => line.raw.to_string(),
            }
            .chars()
            .take(4000)
            .collect(),
            after: Vec::new(),
            frames,
            chained,
            phase,
        });
        if !kept {
            return;
        }
        if frames_taken {
            let at = self.events.last().map_or(line.number, |e| e.line);
            self.raised_under.push((at, self.traceback_line));
        }
        // (a wrapper's too, `DistNetworkError:` with c10d's message on the lines below; not
        // `ChildFailedError:`, followed by its report's rulers and summary)
        if is_exception
            && tier >= 1
            && !text.contains("ChildFailedError")
            && text.trim_end().ends_with(':')
            && events::exception_parts(text).is_some_and(|(_, m)| {
                // (or whose message is another's name alone: Paddle's `RuntimeError:
                // ResourceExhaustedError: `, its status on the lines below)
                m.trim().is_empty()
                    || events::exception_parts(m.trim()).is_some_and(|(_, m)| m.trim().is_empty())
            })
        {
            self.state_below(1, Below::Message);
        }
        // Rust since 1.73 states where a thread panicked (`thread 'main' panicked at
        // src/lib.rs:78:26:`) and the panic's message on the line below
        if tier >= 1
            && text.trim_end().ends_with(':')
            && text.trim_start().starts_with("thread '")
            && text.contains("' panicked at ")
        {
            self.state_below(1, Below::Message);
        }
        // A heading with its error's message on the line below (LightGBM's `Met Exceptions:`,
        // MATLAB's `Error using gpuArray.zeros`, llm.c's `[CUDA ERROR] at file F:N:`: see
        // `events::MESSAGE_BELOW_HEADING`): the message is the statement
        if events::MESSAGE_BELOW_HEADING.is_match(text.trim()) {
            self.state_below(1, Below::Message);
        }
        if let Some((within, below)) = heading_above_statement(text, is_exception) {
            self.state_below(within, below);
        }
        // An exception whose message quotes a traceback (vLLM's benchmark: `ValueError: Initial
        // test run failed - ... Error: Traceback (most recent call last):`, read as the exception
        // and the traceback's header) is stated by the exception that ends the quoted traceback.
        if is_exception
            && !TRACEBACK.is_in(text)
            && line
                .raw
                .trim_end()
                .ends_with("Traceback (most recent call last):")
        {
            self.state_below(40, Below::Raised);
        }
        // TVM heads an internal error with its place alone (`what():  [05:42:13]
        // src/runtime/cuda/cuda_device_api.cc:126: `) or a rule (`TVMError: ----`), prints a
        // banner of guidelines and states the check that failed below (`Check failed: ... CUDA:
        // misaligned address`)
        if tier >= 1 && states_only_a_heading(text, is_exception) {
            self.state_below(8, Below::ListedFailure);
        }
        // CMake heads an error with where it was raised (`CMake Error in common/CMakeLists.txt:`,
        // `CMake Error at FILE:N (message):`) and states it on the indented lines below: the
        // statement is the two read as one.
        if text.trim_end().ends_with(':') && text.trim_start().starts_with("CMake Error ") {
            self.state_below(1, Below::Detail);
        }
        if text.trim_end().ends_with("(look up to see its traceback):") {
            self.cause_follows = Some(self.events.len() - 1);
        }
        // (Triton before `PTXASError` raised `RuntimeError: Internal Triton PTX codegen error:`
        // with ptxas's output below it)
        if PTXAS_FAILED.is_in(text)
            || text.contains("`ptxas` failed with error code")
            || text.contains("Internal Triton PTX codegen error")
        {
            self.state_below(3, Below::PtxasDiagnostic);
        }
        if SUMMARY_EXIT.is_match(text.trim()) {
            self.state_below(3, Below::SummarySignal);
        }
        if NVCC_ERROR_COUNT.is_in(text) {
            self.state_below(4, Below::CompilerError);
        }
        if text
            .trim_end()
            .ends_with("All configs failed during profiling.")
        {
            self.state_below(3, Below::ListedFailure);
        }
        // TensorFlow 2 raises an op's failure in a graph as `ResourceExhaustedError: Graph
        // execution error:`, then lists where the op was defined and states the status below
        // (`OOM when allocating tensor with shape[...] ...`): the status is the statement.
        if text.trim_end().ends_with("Error: Graph execution error:") {
            self.state_below(60, Below::ListedFailure);
        }
        // ComfyUI's error report names the exception's type on its own line, `- **Exception
        // Type:** torch.OutOfMemoryError`, and states its message on the next, `- **Exception
        // Message:** Allocation on device`: the message is the statement.
        if text.contains("Exception Type:** ") {
            self.state_below(1, Below::ListedFailure);
        }
        if text.contains("finished coro=<") && TASK_RAISED_BARE.is_match(text) {
            self.state_below(20, Below::Raised);
        }
        // (Ray's record of a task's error that nothing retrieved, `Unhandled error (suppress with
        // 'RAY_IGNORE_UNHANDLED_ERRORS=1'): ray::Worker.method() (pid=N, ...)`, names the task;
        // the traceback below it states the error)
        if text.contains("Unhandled error") && text.contains(": ray::") {
            self.state_below(40, Below::Raised);
        }
        if text.contains("The NVIDIA Driver is present, but CUDA failed to initialize") {
            self.state_below(1, Below::Bracketed);
        }
        if TRITON_POSITION.is_match(text.trim_end()) {
            self.state_below(60, Below::TritonCause { caret: false });
        }
        if events::is_bind_failure(text) {
            if let Some(w) = self.bind_warning.take() {
                let t = w.text.trim().to_string();
                self.restate(self.events.len() - 1, &w, &t);
            }
        }
    }

    /// Whether a collective of this rank already timed out (a log without ranks is one process).
    fn timed_out_before(&self, rank: Option<u32>) -> bool {
        match rank {
            Some(r) => self.timed_out.contains(&r),
            None => self.any_timeout && self.ranks.len() <= 1,
        }
    }

    fn repeats_earlier(&self, text: &str) -> bool {
        let msg = text.trim_start().trim_start_matches("what():").trim();
        self.strong_texts.iter().any(|core| {
            let core = core.trim();
            !core.is_empty() && (msg.contains(core) || core.contains(msg))
        })
    }

    fn warning(&mut self, line: &Line) {
        if self.warnings.len() >= MAX_WARNINGS {
            return;
        }
        let text = line.text.trim();
        // every shape of `WARNING` starts with a `W` or holds `Warning: `
        let is_warn = line.level == Some('W')
            || ((text.starts_with('W') || WARNING_COLON.is_in(text)) && WARNING.is_match(text));
        if !is_warn || ROUTINE.is_match(text) || text.len() < 12 {
            return;
        }
        let key = signature::template(text);
        if self.warning_keys.insert(key) {
            self.warnings.push(LineRef {
                line: line.number,
                text: line.raw.chars().take(1000).collect(),
            });
        }
    }

    /// Elects the root error and builds the analysis.
    pub fn finish(mut self) -> Analysis {
        let env = std::mem::take(&mut self.env).finish();
        self.finish_with_env(env)
    }

    /// Whether a line so far stated an error (tier 2 or more): the log will likely need naming
    /// (see [`prepare_naming`]).
    pub fn saw_strong_error(&self) -> bool {
        self.max_tier >= 2
    }

    /// The analysis, with the environment an [`env::EnvCollector`] fed the same lines found
    /// (on another thread; see [`Triage::without_env`]): the fingerprint reads the framework.
    pub fn finish_with_env(self, env: crate::Env) -> Analysis {
        // PyTorch's warning that its build lacks the GPU's architecture states the problem when
        // the paste shows nothing failing after it (the CUDA error it leads to was not pasted).
        let elected = self.elect();
        let init_failed = self.cuda_init_failed.as_ref().or(self.no_platform.as_ref());
        // (a CUDA out-of-memory the program caught and logged as a warning, then a traceback the
        // paste cut before its exception: what the run died of, as no later line says)
        let warned_oom = self.warned_oom.as_ref().filter(|_| self.in_traceback);
        // Nothing else: the first line with an error word, whatever level it was logged at.
        let fallback = self
            .incompatible
            .as_ref()
            // (torch checks the GPU's architecture as it initialises CUDA, at a program's start)
            .map(|f| (f, 3, started(self.phase)))
            // (torch's warning that CUDA did not initialise, when nothing failed after it in the
            // paste: the program went on without its GPU)
            .or(init_failed.map(|(f, p)| (f, 3, *p)))
            .or(warned_oom.map(|(f, p)| (f, 3, *p)))
            .or(self.last_resort.as_ref().map(|(t, f, p)| (f, *t, *p)))
            // (a traceback the paste cut after the frame that raised, before the exception's
            // line: the `raise` states it, `raise RuntimeError("Failed to find C compiler.`)
            .or(self
                .cut_raise
                .as_ref()
                .filter(|_| self.in_traceback)
                .map(|(f, p)| (f, 3, *p)))
            // (IPython's header naming the exception, above a traceback the paste cut before the
            // exception's own line)
            .or(self
                .ipython_header
                .as_ref()
                .filter(|_| self.in_traceback)
                .map(|(f, p)| (f, 3, *p)))
            // (a package's compiled extension that did not load, then a traceback the paste cut
            // before its exception: the extension is what the program went on without)
            .or(self
                .extension_unloaded
                .as_ref()
                .filter(|_| self.in_traceback)
                .map(|f| (f, 3, started(self.phase))));
        let fallback = match (elected, fallback) {
            (None, Some(((line, text, raw), tier, phase))) => {
                Some(Event::bare(*line, tier, text.clone(), raw.clone(), phase))
            }
            // (a wrapper that only points at a cause, `Waiting for ...`, when a program's own
            // statement of an error follows: `Error: No available node types can fulfill ...`;
            // not a summary's line below its wrapper, `train.py FAILED`)
            (Some(ev), Some(((line, text, raw), tier, phase)))
                if ev.tier == 0
                    && text
                        .get(..7)
                        .is_some_and(|t| t.eq_ignore_ascii_case("error: ")) =>
            {
                Some(Event::bare(*line, tier, text.clone(), raw.clone(), phase))
            }
            _ => None,
        };
        // (a fallback is there only for want of an elected event, or to replace its wrapper)
        let elected = fallback.as_ref().or(elected);
        // SGLang's note that it skipped a model module whose import failed states a cause only
        // when something failed after it (a traceback, a scheduler's report): alone, in a log
        // that goes on loading the model it serves, the skipped module was another model's.
        let elected = elected.filter(|ev| {
            !(ev.text
                .trim_start()
                .starts_with("Ignore import error when loading ")
                && !self.in_traceback
                && self.events.len() == 1)
        });
        // A wait a program announces (`Waiting for workers to be ready.`) points at a cause only
        // when one follows; alone, it is the program's progress (also inside a banner's rule,
        // NeMo-Run's `──── Waiting for Experiment x to finish ────`).
        let waits = |ev: &Event| ev.tier == 0 && ev.text.contains("Waiting for ");
        let elected = elected.filter(|ev| !(waits(ev) && self.events.iter().all(waits)));
        // An operator missing from torch's registry (`'_OpNamespace' '_C' object has no
        // attribute 'silu_and_mul'`) after a warning that the package's compiled extension did
        // not load: the extension's import failure is the cause, the missing op its consequence.
        let unloaded;
        let elected = match (elected, &self.extension_unloaded) {
            (Some(ev), Some((line, text, raw)))
                if *line < ev.line
                    && (ev.text.contains("'_OpNamespace' '")
                        || ev.text.contains("No such operator")
                        // (or the import's own exception, raised after the warning quoted it:
                        // the warning stated it first)
                        || events::exception_parts(ev.text.trim()).is_some_and(|(_, msg)| {
                            msg.trim().len() >= 20 && text.contains(msg.trim())
                        })) =>
            {
                unloaded = Event::bare(*line, ev.tier, text.clone(), raw.clone(), ev.phase);
                Some(&unloaded)
            }
            (e, _) => e,
        };
        // A logger's error record, shortly above the exception, that quotes the exception's
        // whole message (SGLang's `ERROR - ... sanity check failed, ping @x: Incorrect LRU list,
        // ...` before it re-raises `AssertionError: Incorrect LRU list, ...`) stated it first:
        // its line is the evidence, while the exception's message and frames still key and
        // place it (not a frame's source line, `raise RuntimeError("...")`).
        let quoted_first;
        let elected = match elected {
            Some(ev) if ev.tier >= 2 => {
                let msg = events::exception_parts(ev.text.trim())
                    .map(|(_, m)| m.trim())
                    .filter(|m| m.len() >= 30);
                // (among the events, or the lines with an error word a logger without levels
                // printed: SGLang's `[... TP1] ... sanity check failed, ping @x: <message>`)
                // (or on the line right above the traceback that ends in the exception, however
                // long: HiDream's `!!! ERROR loading full: <message>`, then
                // `traceback.print_exc()`)
                let header = self
                    .raised_under
                    .iter()
                    .find(|(at, _)| *at == ev.line)
                    .map(|(_, h)| *h);
                let quotes = |line: u64, text: &str, m: &str| {
                    line < ev.line
                        && (line + 10 >= ev.line || header.is_some_and(|h| line + 1 == h))
                        && text.contains(m)
                        && events::exception_parts(text.trim()).is_none()
                        && !text.trim_start().starts_with("raise ")
                };
                let earlier = msg.and_then(|m| {
                    self.events
                        .iter()
                        .map(|e| (e.line, &e.text, &e.raw))
                        .chain(self.worded.iter().map(|(l, t, r)| (*l, t, r)))
                        .filter(|(l, t, _)| quotes(*l, t, m))
                        .min_by_key(|(l, _, _)| *l)
                });
                match earlier {
                    Some((line, _, raw)) => {
                        let mut stated = ev.clone();
                        stated.line = line;
                        stated.raw = raw.clone();
                        quoted_first = stated;
                        Some(&quoted_first)
                    }
                    None => Some(ev),
                }
            }
            e => e,
        };
        // A program that failed with no more specific cause after torch warned that CUDA did
        // not initialise (a test harness's `case failed`, `No CUDA GPUs are available`) failed
        // for want of the GPU: CUDA's error in the warning is the cause.
        let uninitialised;
        let elected = match (elected, init_failed) {
            (Some(ev), Some(((line, text, raw), at)))
                if *line < ev.line
                    && matches!(
                        events::class_of(&ev.text),
                        None | Some("python_exception" | "process_crash" | "cuda_driver_error")
                    ) =>
            {
                // (torch initialises CUDA at its first CUDA call: the step the log was in then)
                let phase = *at;
                uninitialised =
                    Event::bare(*line, ev.tier.max(3), text.clone(), raw.clone(), phase);
                Some(&uninitialised)
            }
            (e, _) => e,
        };
        // torch's `Error building extension 'X':` quotes the build's output below it: the
        // compiler's or the shell's error there (`/bin/sh: 1: nvcc: not found`) is the cause.
        let quoted;
        let elected = match (elected, &self.build_cause) {
            (Some(ev), Some((wrapper, (line, text, raw)))) if ev.line == *wrapper => {
                quoted = Event {
                    after: ev.after.clone(),
                    ..Event::bare(*line, ev.tier, text.clone(), raw.clone(), ev.phase)
                };
                Some(&quoted)
            }
            (e, _) => e,
        };
        // A shell's bare `Killed` says only that a signal killed the program, torch's DataLoader
        // only that a worker died (`DataLoader worker (pid(s) N) exited unexpectedly`); the
        // kernel's or the scheduler's report of its OOM killer below it says why. (So does it
        // for Ray Tune's `TuneError: ('Trials did not complete', [...])`, which names the trials
        // that failed and not why.)
        let killed;
        let elected = match (elected, &self.kernel_oom) {
            (Some(ev), Some((line, text, raw)))
                if *line > ev.line
                    && (ev.text.trim() == "Killed"
                        || ev.text.contains("'Trials did not complete'")
                        || (ev.text.trim_end().ends_with(" Killed") && ev.text.len() < 80)
                        || (ev.text.contains("DataLoader worker")
                            && (ev.text.contains("exited unexpectedly")
                                || ev.text.contains("killed by signal: Killed")))) =>
            {
                killed = Event::bare(*line, ev.tier, text.clone(), raw.clone(), ev.phase);
                Some(&killed)
            }
            (e, _) => e,
        };
        // Ray's `ActorDiedError` ends its message, below the actor's fields (further down than
        // the lines kept after an event), with the sentence that names the worker's exit type.
        let detailed;
        let elected = match (elected, &self.ray_exit) {
            (Some(ev), Some((line, text)))
                if *line > ev.line
                    && *line - ev.line <= 12
                    && ev
                        .text
                        .contains("The actor died unexpectedly before finishing this task") =>
            {
                let mut e = ev.clone();
                e.after.push(text.clone());
                detailed = e;
                Some(&detailed)
            }
            (e, _) => e,
        };
        let Some(ev) = elected else {
            return Analysis {
                crash: false,
                first_error: None,
                error_class: "none".into(),
                phase: "unknown".into(),
                async_cuda_report: false,
                culprit_rank: None,
                env,
                warnings: self.warnings,
                signature: "no crash".into(),
                fingerprint: String::new(),
                matches: vec![],
                near_misses: vec![],
                annotations: vec![],
                key_lines: vec![],
                line_count: self.lines,
            };
        };
        // A stack printed after the error and cut before its exception line (a device assertion
        // followed by the Python stack that reports it, a timeout quoted above the traceback of
        // the step that waited, a log exported newest first) is the error's own: its frames say
        // where the run was and which step failed.
        let trailing;
        let followed_by_traceback = ev.frames.is_empty()
            && self.in_traceback
            && !self.frames.is_empty()
            && self.traceback_line > ev.line;
        let reraised_by = (ev.frames.is_empty() && !followed_by_traceback)
            .then(|| self.reraised_frames.iter().find(|(l, _)| *l == ev.line))
            .flatten();
        let framed = if followed_by_traceback {
            trailing = Event {
                frames: self.open_frames(),
                ..ev.clone()
            };
            &trailing
        } else if let Some((_, frames)) = reraised_by {
            trailing = Event {
                frames: frames.clone(),
                ..ev.clone()
            };
            &trailing
        } else {
            ev
        };
        // A device assertion is reported by the exception it causes (`CUDA error: device-side
        // assert triggered`), whose traceback, printed below it, says which step ran the kernel.
        // (or just above it: the kernel's stdout flushed after Python's stderr)
        let reported;
        let reports = |e: &&Event| !e.frames.is_empty() && e.text.contains("device-side assert");
        let report = (framed.frames.is_empty() && ev.tier == 4)
            .then(|| {
                self.events
                    .iter()
                    .filter(reports)
                    .find(|e| e.line > ev.line)
                    .or_else(|| {
                        self.events
                            .iter()
                            .filter(reports)
                            .rev()
                            .find(|e| e.line < ev.line && ev.line - e.line <= 2)
                    })
            })
            .flatten();
        let framed = match report {
            Some(r) => {
                reported = Event {
                    frames: r.frames.clone(),
                    ..ev.clone()
                };
                &reported
            }
            None => framed,
        };
        let class = match events::classify(framed, self.device_assert) {
            // (a record that a traceback follows, `logger.exception(e)`, states an exception's
            // text, whatever words it has: no signal killed the process)
            // (not a fatal signal's own words, which faulthandler's stack dump follows, nor a
            // launcher's report of a child's exit code, before the traceback of its own raise)
            // (nor a record in Python logging's default format, `ERROR:module.name:message`:
            // a Python program's logger states it)
            "process_crash"
                if (followed_by_traceback || PY_LOGGING_DEFAULT.is_match(&ev.text))
                    && !events::is_class(&ev.text, "process_crash")
                    && !events::is_worker_death(&ev.text)
                    && !ev.text.contains("exitcode")
                    && !ev.text.contains("exit code")
                    // (nor a C++ handler's account of the exception that aborted the process,
                    // `what():  std::bad_array_new_length`: the traceback below is another
                    // process's, which lost the aborted one)
                    && !ev.text.trim_start().starts_with("what():")
                    && !ev.text.contains("uncaught exception of type")
                    && !ev.text.to_ascii_lowercase().contains("signal") =>
            {
                "python_exception"
            }
            c => c,
        };
        // A traceback that follows the error and was cut before its exception line re-raises it
        // (a scheduler's report of the exception it caught): its frames say which step failed.
        let reraised = (self.in_traceback && self.traceback_line > ev.line)
            .then(|| self.open_frames())
            .filter(|f| !f.is_empty() && !framed.frames.is_empty());
        // NCCL's `unhandled cuda error` whose own account is a driver that cannot serve the
        // process (`Cuda failure 802 'system not yet initialized'`: no fabric manager; a driver
        // too old) failed for the driver's sake, not the collective's.
        // (And one whose account is an allocation that failed, NCCL's check of a CUDA call
        // saying `Cuda failure 2 'out of memory'`, ran out of GPU memory as it set up its
        // buffers: the same failure NCCL states on its own `NCCL WARN` line.)
        let nccl_account = (class == "nccl_error" && ev.text.contains("unhandled cuda error"))
            .then(|| signature::nccl_last_error(ev).or_else(|| signature::nccl_detail(ev)))
            .flatten();
        let class = match nccl_account.and_then(|d| Some((d, events::class_of(d)?))) {
            Some((_, "cuda_driver_error")) => "cuda_driver_error",
            Some((d, "cuda_oom")) if d.contains("Cuda failure") => "cuda_oom",
            // (a kernel's sticky fault that NCCL's next CUDA call met, `Cuda failure
            // 'device-side assert triggered'`, is the kernel's, not the collective's)
            Some((d, c @ ("cuda_device_side_assert" | "cuda_illegal_memory_access")))
                if d.contains("Cuda failure") =>
            {
                c
            }
            _ => class,
        };
        // The driver's Xid 31 is the GPU's MMU faulting on an address of the process's; when
        // the process then reports an illegal memory access, its kernel's bad access is the
        // problem (NVIDIA reads an Xid 31 as most likely the application's), not the GPU.
        static MMU_FAULT: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::new(r"\bXid \([^)]*\): 31,"));
        let class =
            if class == "gpu_hardware_error" && self.illegal_access && MMU_FAULT.is_match(&ev.text)
            {
                "cuda_illegal_memory_access"
            } else {
                class
            };
        let phase = phase_of(framed, class, reraised.as_deref());
        // A collective timeout whose work number says the group had already run hundreds of
        // collectives (`WorkNCCL(SeqNum=15734, ...)`) was well past the job's start; in a job no
        // serving framework ran, that is its training loop (each step reduces its gradients).
        let phase = if phase == "unknown"
            && class == "nccl_timeout"
            && matches!(env.framework.as_deref(), None | Some("pytorch"))
            && ev.lines().any(|t| work_number(t).is_some_and(|n| n >= 100))
        {
            "training"
        } else {
            phase
        };
        // A compiler killed while a package builds (`Killed` below an nvcc or ninja step) is
        // a build that failed, for want of memory for its parallel jobs; an engine build that
        // TensorRT-LLM runs is not compiling a package, and stays a host out of memory.
        // (and so is a module a package's build could not import, `No module named 'torch'` in an
        // isolated build whose setup script imports it)
        let package_build = phase == "build" && !self.engine_build;
        let class = match class {
            "host_oom" if package_build => "build_error",
            // (a compiler that crashed as a build ran it, `Segmentation fault (core dumped)`
            // above make's `Error 139`: the build failed)
            "process_crash" if phase == "build" => "build_error",
            "import_error"
                if package_build
                    && (framed.text.contains("No module named")
                        || framed.text.contains("ImportError")) =>
            {
                "build_error"
            }
            c => c,
        };
        // An assertion that compares two shapes as a model takes its weights (TGI's
        // `assert list(weight.shape) == [...]`: `AssertionError: [12582912, 1] != [6144, 4096]`)
        // is a checkpoint's tensor that does not fit the layer built for it.
        static SHAPES_DIFFER: LazyLock<AsciiFirst> = LazyLock::new(|| {
            AsciiFirst::new(r"AssertionError: \[\d+(?:, ?\d+)*\] != \[\d+(?:, ?\d+)*\]\s*$")
        });
        let class = if class == "python_exception"
            && phase == "model_load"
            && SHAPES_DIFFER.is_match(&framed.text)
        {
            "weight_load_error"
        } else {
            class
        };
        // An exception raised in Triton's own compiler or runtime (its launcher that would not
        // load, `SystemError: PY_SSIZE_T_CLEAN macro must be defined` from `load_binary`), with no
        // more specific class, is Triton failing to build or load a kernel.
        let class = if class == "python_exception"
            && framed.frames.last().is_some_and(|f| {
                ["/triton/compiler/", "/triton/runtime/", "/triton/backends/"]
                    .iter()
                    .any(|d| phase::frame_in(f, d))
            }) {
            "triton_error"
        } else {
            class
        };
        // A CUDA call that fails while the server captures its CUDA graphs, with no more specific
        // class than the runtime's refusal, is a failure of the capture.
        let class = if matches!(
            class,
            "python_exception" | "process_crash" | "cuda_driver_error"
        ) && phase == "cuda_graph_capture"
            && (CUDA_FAILURE.is_match(&ev.text)
                || ev.after.first().is_some_and(|a| SOURCE_LINE.is_match(a)))
        {
            "cuda_graph_capture_error"
        } else {
            class
        };
        // A CUDA call that fails in vLLM's or SGLang's custom all-reduce (which maps its peers'
        // buffers by IPC: `Failed: Cuda error .../custom_all_reduce.cuh:336 'invalid argument'`),
        // outside a capture, is the collective's failure.
        let class = if matches!(
            class,
            "python_exception" | "process_crash" | "cuda_driver_error"
        ) && phase != "cuda_graph_capture"
            && CUDA_FAILURE.is_match(&ev.text)
            && ev.text.contains("custom_all_reduce")
        {
            "nccl_error"
        } else {
            class
        };
        // xformers' dispatcher refuses a call for the reasons its operators give: a GPU newer
        // than every operator of the installed build knows (`your GPU has capability (12, 0)
        // (too new)`) is a build without kernels for it; any other reason (a dtype the GPU is
        // too old for, tensors on the CPU, a build without CUDA) is a configuration it does not
        // support, whatever exception type a paste kept of its first line.
        let class = if ev.text.contains(events::NO_OPERATOR) {
            match self.main_op_reason() {
                Some(r) if r.ends_with("(too new)") => "no_kernel_image",
                _ => "unsupported_config",
            }
        } else {
            class
        };
        let culprit = self.culprit(ev, class);
        // A loader's summary (`Could not load any common_ops library!`) lists the import errors
        // below it: the missing symbol or library identifies the problem.
        let mut keyed;
        let ev = match &self.loader_failure {
            Some(sym)
                if class == "import_error"
                    && !IMPORT_FAILURE.is_in(&ev.text)
                    && !MISSING_LIBRARY.is_in(&ev.text) =>
            {
                keyed = ev.clone();
                keyed.after.push(sym.clone());
                &keyed
            }
            _ => ev,
        };
        // xformers' dispatcher lists every operator it tried and why each refused the call: the
        // reason most of them give (`device=cpu`, `xFormers wasn't build with CUDA support`)
        // is the problem, which its first line does not say.
        let reasoned;
        let ev = match self.main_op_reason() {
            Some(r) if ev.text.contains(events::NO_OPERATOR) => {
                reasoned = Event {
                    after: [ev.after.as_slice(), &[format!("{}{r}", events::OP_REASON)]].concat(),
                    ..ev.clone()
                };
                &reasoned
            }
            _ => ev,
        };
        // A bare `CMake Error` after CMake said it could not identify the CUDA compiler is that
        // failure (its own line, or the lines below it, may not say so).
        let probed;
        let ev = if class == "build_error"
            && self.cuda_compiler_unknown
            && ev.text.contains("CMake Error")
        {
            probed = Event {
                after: vec!["The CUDA compiler identification is unknown".into()],
                ..ev.clone()
            };
            &probed
        } else {
            ev
        };
        // (a message that says nothing of where, a bare `AssertionError()`, is located by the
        // frames of the stack printed after it, when it had none of its own)
        let located;
        let ev = if ev.frames.is_empty()
            && !framed.frames.is_empty()
            && signature::bare_exception(&ev.text)
        {
            located = Event {
                frames: framed.frames.clone(),
                ..ev.clone()
            };
            &located
        } else {
            ev
        };
        let (signature, fingerprint) =
            signature::signature(class, phase, ev, env.framework.as_deref());
        // torch's `NCCL error in: ..., unhandled system error ...` goes on with NCCL's own
        // account, `Last error:` and the call that failed, on the lines below: one message, shown
        // whole.
        let shown = match signature::nccl_last_error(ev) {
            Some(last)
                if matches!(class, "nccl_error" | "cuda_driver_error" | "cuda_oom")
                    && ev.text.contains("NCCL error")
                    && !ev.raw.contains(last) =>
            {
                format!("{} Last error: {last}", ev.raw.trim_end())
            }
            _ => ev.raw.clone(),
        };
        let mut key_lines = self.strong_lines.clone();
        key_lines.push(ev.line);
        key_lines.sort_unstable();
        key_lines.dedup();
        Analysis {
            crash: true,
            first_error: Some(LineRef {
                line: ev.line,
                text: shown,
            }),
            error_class: class.into(),
            phase: phase.into(),
            async_cuda_report: self.async_report,
            culprit_rank: culprit,
            env,
            warnings: self
                .warnings
                .iter()
                .filter(|w| w.line != ev.line)
                .cloned()
                .collect(),
            signature,
            fingerprint,
            matches: vec![],
            near_misses: vec![],
            annotations: vec![],
            key_lines,
            line_count: self.lines,
        }
    }

    fn elect(&self) -> Option<&Event> {
        let strong = self
            .events
            .iter()
            .zip(&self.weak)
            .filter(|(e, weak)| e.tier >= 1 && !**weak)
            .map(|(e, _)| e.tier)
            .max();
        let best = match strong {
            Some(t) => t,
            // Only wrappers or a logger's ERROR lines: a truncated paste; show what there is
            // (not a logger's ERROR line that the program came up after).
            None => self
                .events
                .iter()
                .zip(&self.weak)
                .filter(|(_, weak)| !**weak || !self.came_up_after_errors())
                .map(|(e, _)| e.tier)
                .max()?,
        };
        if best == 0 {
            return self
                .events
                .iter()
                .find(|e| !e.text.contains("Traceback (most recent call last)"));
        }
        // a logger's bare ERROR line of the same tier is no statement of the cause
        self.events
            .iter()
            .zip(&self.weak)
            .find(|(e, weak)| {
                e.tier == best
                    && (strong.is_none() || !**weak)
                    && (!**weak || !self.came_up_after_errors())
            })
            .map(|(e, _)| e)
    }

    /// The reason most of xformers' operators gave for refusing the call (the first seen of
    /// those given equally often).
    fn main_op_reason(&self) -> Option<&String> {
        self.op_reasons
            .iter()
            .rev()
            .max_by_key(|(_, n)| *n)
            .map(|(r, _)| r)
    }

    /// Whether the program came up (ready, serving, training) after the last line that was an
    /// event: its logger's bare ERROR lines before did not stop it.
    fn came_up_after_errors(&self) -> bool {
        self.came_up_at > self.last_event_at
    }

    /// Moves event `i` to `line`, whose statement `t` says what the event's own line only
    /// wrapped; the wrapper's text becomes the event's first context line.
    /// The last event leaves its statement to one of the next `lines` lines.
    fn state_below(&mut self, lines: u8, below: Below) {
        self.stated_below
            .push((self.events.len() - 1, lines, below));
    }

    /// Joins the message an event's header left to `line` to the event: the event moves there,
    /// or, for a header that stays shown (`detail`), the two lines are shown as one.
    fn join_below(&mut self, i: usize, line: &Line, msg: &str, detail: bool) {
        let ev = &mut self.events[i];
        ev.text = format!("{} {}", ev.text.trim_end(), msg)
            .chars()
            .take(2000)
            .collect();
        ev.raw = if detail {
            format!("{} {}", ev.raw.trim_end(), line.raw.trim())
                .chars()
                .take(4000)
                .collect()
        } else {
            ev.line = line.number;
            line.raw.chars().take(4000).collect()
        };
        ev.after.retain(|a| a.trim() != msg);
    }

    fn restate(&mut self, i: usize, line: &Line, t: &str) {
        let ev = &mut self.events[i];
        let wrapper = std::mem::replace(&mut ev.text, t.chars().take(2000).collect());
        ev.line = line.number;
        ev.raw = line.raw.chars().take(4000).collect();
        ev.after.retain(|a| a.trim() != t);
        ev.after.insert(0, wrapper);
    }

    fn culprit(&self, ev: &Event, class: &str) -> Option<u32> {
        // A rank's own report of the peer it waited for names the culprit: c10d's store (`a
        // possible application crash on rank 0`), Gloo's monitored barrier (`waiting for
        // send/recv from rank 0`, `Ranks 1 failed to pass monitoredBarrier`), torch's advice to
        // `check rank 0 logs for faulty rank`; NCCL's proxy thread of a rank, which names it
        // where the line's own tag is only the local GPU: `[Proxy Service 14] Failed to execute
        // operation Connect from rank 14`, `Proxy Call to rank 14 failed (Connect)`); vLLM's
        // executor naming the worker process that died, which it names for its rank
        // (`Worker proc VllmWorker-1 died unexpectedly`); Open MPI's launcher naming the process that
        // died (`mpirun noticed that process rank 6 with PID 0 on node x exited on signal 9`,
        // `mpirun has exited due to process rank 1 with PID 0 on node x exiting improperly`);
        // Megatron's check of a rank's gradients (`Rank 3: found NaN in local grad norm`)
        static NAMED: LazyLock<AsciiFirst> = LazyLock::new(|| {
            AsciiFirst::new(
                r"application crash on rank (\d+)|waiting for send/recv from rank (\d+)|Ranks (\d+) failed to pass monitoredBarrier|check rank (\d+) logs for faulty rank|\[Proxy Service (\d+)\] Failed to execute operation|Proxy Call to rank (\d+) failed|Worker proc VllmWorker-(\d+) died|mpirun noticed that process rank (\d+) with PID|mpirun has exited due to process rank (\d+) with PID|\bRank (\d+): found NaN in local grad norm",
            )
        });
        if let Some(c) = NAMED.captures(&ev.text) {
            if let Some(r) = (1..c.group_count()).find_map(|i| c.get(i)) {
                return r.as_str().parse().ok();
            }
        }
        // TensorRT-LLM's executor names the rank whose start failed (`Failed to initialize
        // executor on rank 6: <cause>`); rank 0 of a log of one process is a run of one.
        static EXECUTOR: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::new(r"Failed to initialize executor on rank (\d+)"));
        if let Some(r) = EXECUTOR
            .captures(&ev.text)
            .and_then(|c| c[1].parse::<u32>().ok())
            .filter(|r| *r > 0 || self.ranks.len() >= 2)
        {
            return Some(r);
        }
        if class == "nccl_timeout" {
            // The rank that enqueued the fewest collectives of a group is the one the others
            // waited for; groups that name different laggards name none.
            let mut laggard = None;
            let groups: BTreeSet<&str> = self.enqueued.keys().map(|(g, _)| g.as_str()).collect();
            for group in groups {
                let counts = || {
                    self.enqueued
                        .iter()
                        .filter(move |((g, _), _)| g == group)
                        .map(|((_, r), w)| (*r, *w))
                };
                let (Some(min), Some(max)) = (
                    counts().map(|(_, w)| w).min(),
                    counts().map(|(_, w)| w).max(),
                ) else {
                    continue;
                };
                let mut least = counts().filter(|(_, w)| *w == min).map(|(r, _)| r);
                if let (true, Some(r), None) = (min < max, least.next(), least.next()) {
                    if laggard.is_some_and(|l| l != r) {
                        return self.silent_rank();
                    }
                    laggard = Some(r);
                }
            }
            return laggard.or_else(|| self.silent_rank());
        }
        // torchrun's agent names the first worker it saw fail: `failed (exitcode: -9)
        // local_rank: 3 (pid: ...)` (its rank on that node, the only one the line gives; newer
        // versions: `failed (exitcode: -9) for binary located at PATH with local_rank: 0`)
        // (torch.multiprocessing's spawn names the process that failed by its index, which a
        // spawned run uses as its rank: `-- Process 6 terminated with the following error:`)
        static ELASTIC_FAILED: LazyLock<AsciiFirst> = LazyLock::new(|| {
            AsciiFirst::new(
                r"failed \(exitcode: -?\d+\) (?:for binary located at \S+ with )?local_rank: (\d+)",
            )
        });
        if ev.rank.is_none() {
            if let Some(r) = self.spawn_failed {
                return Some(r);
            }
            if let Some(c) = ELASTIC_FAILED.captures(&ev.text) {
                return c[1].parse().ok();
            }
        }
        // (one rank's error and the agent stopping the others: that rank failed first)
        // (a paste of one rank's output whose rank is not 0 is a multi-rank job's, and that
        // rank's error is the one it kept; rank 0 alone is as likely a run of one process)
        // (unless it says another failed: SGLang's `TP rank 1 could finish the model loading, but
        // there are other ranks that didn't finish loading`)
        // (rank 0 too when torch's launcher tagged the error with it, `[rank0]: Traceback`: a
        // distributed run whose failing rank the log names)
        let one_rank_kept = self.ranks.len() == 1
            && ev
                .rank
                .is_some_and(|r| r > 0 || ev.raw.trim_start().starts_with("[rank0]:"))
            && !ev.text.contains("other ranks");
        // (and a kernel's fault printed untagged, its device's assertion, under the one rank
        // whose watchdog then reports it: `[Rank 4] NCCL watchdog thread terminated with
        // exception: CUDA error: device-side assert triggered`; the fault is that rank's)
        if ev.rank.is_none()
            && matches!(
                class,
                "cuda_device_side_assert" | "cuda_illegal_memory_access"
            )
            && self.ranks.len() <= 1
        {
            let named: BTreeSet<u32> = self
                .events
                .iter()
                .filter_map(|e| e.rank)
                .chain(self.ranks.iter().copied())
                .collect();
            if let [r] = named.into_iter().collect::<Vec<_>>()[..] {
                if r > 0 {
                    return Some(r);
                }
            }
        }
        if self.ranks.len() >= 2 || self.others_stopped || one_rank_kept {
            ev.rank.or(self.root_cause_rank)
        } else {
            // torchrun's summary names the worker it saw fail first (its global rank)
            self.root_cause_rank
        }
    }
}

impl Triage {
    /// The one rank seen in the log that did not report a timeout: the others waited for it.
    fn silent_rank(&self) -> Option<u32> {
        let silent: Vec<u32> = self.ranks.difference(&self.timed_out).copied().collect();
        (silent.len() == 1 && !self.timed_out.is_empty()).then(|| silent[0])
    }
}

/// The exception line a paste quotes: the content of an inline code span (`` `ValueError: ...` ``)
/// that reads as an exception with its message, an exception indented outside a traceback, or
/// one behind a writer's `Error:` label.
fn quoted_exception(text: &str) -> Option<&str> {
    let is_exception =
        |t: &str| events::exception_parts(t).is_some_and(|(_, msg)| !msg.trim().is_empty());
    if text.contains('`') {
        let mut parts = text.split('`');
        // odd-numbered parts are inside a code span
        parts.next();
        while let Some(inside) = parts.next() {
            let inside = inside.trim();
            if is_exception(inside) {
                return Some(inside);
            }
            parts.next();
        }
    }
    let t = text.trim_start();
    // (or its name alone, its message on the lines below: ` RuntimeError:`)
    if t.len() != text.len()
        && (is_exception(t) || (t.ends_with(':') && events::exception_parts(t).is_some()))
    {
        return Some(t);
    }
    // (or behind the report of Triton's Python backend, whose stub process logs the exception
    // its model raised at INFO, then exits: `"Failed to initialize Python stub: TypeError: ...`)
    let rest = match t.strip_prefix("Error: ") {
        Some(rest) => rest,
        None => t
            .trim_start_matches('"')
            .strip_prefix(PY_STUB_FAILED)?
            .trim_start_matches(" for auto-complete")
            .strip_prefix(": ")?,
    }
    .trim_start();
    is_exception(rest).then_some(rest)
}

/// The sequence number of the collective a process-group timeout names (`WorkNCCL(SeqNum=N,`).
fn work_number(text: &str) -> Option<u64> {
    let (_, rest) = text.split_once("WorkNCCL(SeqNum=")?;
    let digits = rest.split(|c: char| !c.is_ascii_digit()).next()?;
    digits.parse().ok()
}

fn phase_of(ev: &Event, class: &str, reraised: Option<&[String]>) -> &'static str {
    // A server or a rendezvous store opens its listening port as it starts, whatever step its
    // progress lines reached before (a server binds its HTTP port once the model is up).
    // (and the store that never saw all its ranks join, `Timed out after 601 seconds waiting for
    // clients. 1/2 clients joined.`, timed out as the process group was being created; as
    // did Gloo's rendezvous waiting for a peer's key, Horovod's `Wait timeout after 30 seconds
    // for key(s): 0`)
    if events::is_bind_failure(&ev.text)
        || ev.text.contains(" clients joined")
        || ev.text.contains(" for key(s): ")
    {
        return "startup";
    }
    // A serving engine's tool-call parser reads what the model generated (vLLM's `ERROR ...
    // [hermes_tool_parser.py:148] ...`): whatever request line came before, it failed on the
    // decoded output.
    if ev.raw.contains("tool_parser.py:") || ev.frames.iter().any(|f| f.contains("tool_parser")) {
        return "decode";
    }
    let context = phase::phase_from_context(&ev.frames, &ev.continued());
    // A JIT build that fails while a server captures graphs failed during capture (the wrapper
    // that reports it says so); otherwise a build fails while building.
    // (or the traceback that re-raises it, below: `The above exception was the direct cause
    // of the following exception:` then the capture's frames)
    if class == "build_error" && matches!(ev.phase, "unknown" | "build" | "startup") {
        let reraised_in = reraised.and_then(|f| phase::phase_from_context(f, ""));
        return match context.or(reraised_in) {
            Some("cuda_graph_capture") => "cuda_graph_capture",
            _ => "build",
        };
    }
    if let Some(p) = context {
        // (a traceback cut short above the step that raised shows only the engine's
        // construction, which wraps loading and sizing: the progress line says which step)
        if p == "startup"
            && matches!(
                ev.phase,
                "model_load" | "memory_init" | "cuda_graph_capture" | "warmup"
            )
            && phase::only_engine_construction(&ev.frames)
        {
            return ev.phase;
        }
        return p;
    }
    // (Ray prints the remote task's traceback below its `RayTaskError(OutOfMemoryError): ray::
    // WorkerDict.update_actor()` line: the frames the task failed in)
    if ev.phase == "unknown" && ev.text.contains("RayTaskError") {
        if let Some(p) = phase::phase_from_context(&ev.after, "") {
            return p;
        }
    }
    // An error raised inside an extension builder (torch's `cpp_extension.py` checking the
    // CUDA version or arch list, a JIT compiler, a package's `setup.py`) was raised building,
    // whatever its class, when no progress line said otherwise (not a built module that fails
    // to import as a builder loads it: that is the program starting)
    if ev.phase == "unknown"
        && class != "import_error"
        && ev.frames.iter().any(|f| events::in_builder(f))
    {
        return "build";
    }
    // TensorRT calls a plugin creator's `deserializePlugin` only while it deserialises an engine:
    // that frame of a C++ backtrace below the error places it in the load, where no progress
    // line (`Loaded engine size`) was kept before it; TensorRT-LLM's runtime is constructed
    // from the engine it deserialises (`tensorrt_llm::runtime::TllmRuntime::TllmRuntime()`)
    if ev.phase == "unknown"
        && ev.after.iter().take(12).any(|a| {
            a.contains("::deserializePlugin(") || a.contains("::TllmRuntime::TllmRuntime(")
        })
    {
        return "model_load";
    }
    // A native stack below a crash that runs through the C library's exit handlers
    // (`__run_exit_handlers`, `__cxa_finalize`): the process was ending, its libraries' static
    // destructors running; one through Python's import of an extension module
    // (`PyModule_ExecDef`, `PyInit_<module>`): it faulted as it imported its libraries; one
    // through NCCL's creation of a communicator, as the job started
    const NATIVE_STEPS: &[(&str, &str)] = &[
        ("__run_exit_handlers", "shutdown"),
        ("__cxa_finalize", "shutdown"),
        ("(PyModule_ExecDef+", "startup"),
        ("(PyInit_", "startup"),
        // (NCCL creating a communicator, `ncclCommInitRankFunc`, as the job's ranks start)
        ("ncclCommInitRank", "startup"),
        // (libtorch reading a TorchScript model, `torch::jit::load(std::string const&, ...)`,
        // in c10's backtrace of the error it threw)
        ("torch::jit::load(", "model_load"),
        // (Caffe's solver, whose `Solve` and `Step` run the training iterations, in glog's stack
        // of a failed check, `@ 0x4477a0 caffe::Solver<>::Solve()`)
        ("::Solver<>::Solve(", "training"),
        ("::Solver<>::Step(", "training"),
    ];
    if ev.phase == "unknown" {
        let step = ev.after.iter().find_map(|a| {
            NATIVE_STEPS
                .iter()
                .find(|(frame, _)| a.contains(frame))
                .map(|(_, step)| *step)
        });
        if let Some(step) = step {
            return step;
        }
    }
    if let Some(p) = phase_after(ev, class, reraised) {
        return p;
    }
    // An exception Python ignored in an object's finalizer (`Exception ignored in: <function
    // MjRenderContext.__del__ ...>`, its traceback rooted in `__del__`): the objects were being
    // torn down, as a program ends
    if ev.phase == "unknown"
        && ev
            .frames
            .first()
            .is_some_and(|f| f.ends_with(" in __del__"))
    {
        return "shutdown";
    }
    // (not an op missing from the library that should have registered it, which a model's
    // `forward` met as it ran: the step that called it is unknown)
    let called = ev.frames.iter().any(|f| f.ends_with(" in forward"));
    // (transformers checks, as it builds the model it loads, the attention it was asked to use:
    // `FlashAttention2 has been toggled on, but it cannot be used ...`, a package missing)
    if ev.phase == "unknown" && ev.text.contains("FlashAttention2 has been toggled on, but") {
        return "model_load";
    }
    // (TensorRT looks up the plugins an engine names as it deserialises it: a creator it could
    // not find, with the deserialisation failing after, is the engine's load)
    if ev.phase == "unknown"
        && events::is_trt_plugin_unregistered(&ev.text)
        && ev.lines().any(|l| l.contains("eserializ"))
    {
        return "model_load";
    }
    if ev.phase == "unknown" && class == "import_error" && !called {
        return "startup";
    }
    // (whatever the error, one a module raised as it was imported, `import torch` failing to
    // load its DLLs on Windows with `[WinError 1455] The paging file is too small`: the program
    // was starting)
    if ev.phase == "unknown" && events::raised_at_import(ev) {
        return "startup";
    }
    // A container that Docker could not give the GPUs it asked for never started, nor did one
    // the NVIDIA container runtime's prestart hook (`nvidia-container-cli`) refused, nor one
    // whose entrypoint found the host's driver too old for it.
    if ev.phase == "unknown"
        && class == "cuda_driver_error"
        && (ev.text.contains("could not select device driver")
            || ev.text.contains("nvidia-container-cli: ")
            || ev
                .text
                .contains("This container was built for NVIDIA Driver")
            || ev.text.contains("CUDA Driver UNAVAILABLE"))
    {
        return "startup";
    }
    // Dynamo's runtime connects to its etcd and NATS servers as it is created, when a worker or
    // front end starts (`Failed to connect to etcd server with config ...`, `Failed to connect
    // to NATS: ...`).
    if ev.phase == "unknown"
        && (ev.text.contains("Failed to connect to etcd")
            || ev.text.contains("Failed to connect to NATS"))
    {
        return "startup";
    }
    // A collective library that fails to create its communicator fails in distributed init.
    if ev.phase == "unknown" && matches!(class, "nccl_error" | "nccl_timeout") {
        // (vLLM's and SGLang's own NCCL wrapper creates its communicator while the model-parallel
        // groups are built, in a worker's `init_device`, and runs a first all-reduce in its
        // constructor; the frames of that step or the worker's report of the method that failed
        // say so)
        let init = [
            "createComm",
            "CommInitRank",
            "init_process_group",
            "init_distributed",
            "PyNcclCommunicator",
            "device_communicators/pynccl.py",
            "init_model_parallel_group",
            "initialize_model_parallel",
            "init_worker_distributed_environment",
            "method init_device",
            // (NCCL traces a failure up through its callers, `NCCL INFO init.cc:1263 -> 2`: up
            // through communicator creation)
            "NCCL INFO init.cc:",
            // (NCCL 2.3 and earlier: `init.cu`; a vendored copy: `.../nccl_archive/src/init.cc`)
            "INFO init.cu:",
            "/init.cc:",
            // (and its bootstrap, the ranks' first exchange as a communicator is created, which
            // names itself in the `Last error:` torch quotes: `Bootstrap : no socket interface
            // found`)
            "bootstrap.cc:",
            "Bootstrap : ",
            "bootstrap.cu:",
            "Call to connect failed",
            // (the sockets it opens for them: `Socket creation failed : Address family not
            // supported by protocol`, `ncclSocketInit: connecting to address with family N`)
            "Socket creation failed",
            "ncclSocketInit",
            // (and the transports it sets up between the ranks, `NCCL INFO transport.cc:68 -> 1`,
            // whose connections its proxy thread makes: `Error encountered progressing
            // operation=Connect`)
            "INFO transport.cc:",
            "transport/p2p.cc:",
            "operation=Connect",
            "operation Connect from rank",
            // (the queue pairs its InfiniBand transport makes as it connects its channels, and
            // the NVLink SHARP buffers it binds as a communicator sets up NVLS)
            "ibv_create_qp",
            "ibv_modify_qp",
            "modify QP to",
            "transport/nvls.cc:",
            // (c10d's store client connects at rendezvous: `The client socket has timed out
            // after 900s while trying to connect to (HOST, PORT)`)
            "while trying to connect to (",
            "rendezvous",
            // (NCCL refuses two ranks on one GPU as it creates their communicator, and creates
            // the shared-memory segments of its intra-node transport as it connects its
            // channels: `include/shm.h:48 NCCL WARN Error while creating shared memory segment`)
            "Duplicate GPU detected",
            "shared memory segment",
            "shm.h:",
            "shmutils.cc",
            // (NVSHMEM, DeepEP's transport, bootstraps its processes as they start:
            // `aborting due to error in nvshmemi_init_thread`)
            "nvshmemi_init",
            "nvshmem_init",
            // (its bootstrap module's sources, `modules/bootstrap/uid/bootstrap_uid.cpp:97:
            // non-zero status`, and the transport map it builds from the exchange)
            "/bootstrap/",
            "building transport map",
            // (UCX, under MPI and NIXL, creating its worker and endpoints, and NIXL creating a
            // backend, `createBackend: backend 'UCX' encountered error`; SHARP creating the
            // group a communicator reduces in, `SHARP group create: ...`)
            "Failed to create UCP worker",
            "createBackend",
            "group create: ",
            // (Gloo connecting its ranks' pairs as its process group is created)
            "connectFullMesh",
            // (the group's first collective, `WorkNCCL(SeqNum=1, ...)`: vLLM's warm-up
            // all-reduce, DDP's broadcast of the parameters, as the ranks start)
            "(SeqNum=1,",
        ];
        if ev
            .lines()
            .chain(ev.frames.iter())
            .any(|t| init.iter().any(|w| t.contains(w)))
        {
            return "startup";
        }
        // (a collective called from a constructor, the innermost frame kept outside torch's own:
        // a server's scheduler building its model runner, a wrapper joining the group, a
        // trainer all-reducing a flag across the ranks, is the group's set-up; a traceback cut
        // short shows no deeper frame)
        if ev
            .frames
            .iter()
            .rev()
            .find(|f| !f.replace('\\', "/").contains("/torch/"))
            .is_some_and(|f| f.trim_end().ends_with(", in __init__"))
        {
            return "startup";
        }
    }
    // Triton Inference Server loads each model of its repository as it starts, and names the
    // model whose load failed (`failed to load 'm' version 1: ...`, `load failed for model 'm'`,
    // `Model 'm' loading failed with error: ...`):
    // a failure in the model's own load, unless the server could not take its backend or
    // configuration at all (an import or a refused setting: still starting) or names the
    // model's warmup sample.
    if ev.phase == "unknown"
        && (ev.text.contains("failed to load '")
            || ev.text.contains("load failed for model '")
            || ev.text.contains("loading failed with error")
            // (its backend creating an instance of the model it loads, `Failed to create
            // instance: ...`)
            || ev.text.contains("Failed to create instance: ")
            // (its table of models gives one that failed the status `UNAVAILABLE: <reason>`,
            // which for an out-of-memory may be the instance sizing its cache, not its load)
            || (ev.text.trim_start().starts_with("UNAVAILABLE: ") && class != "cuda_oom"))
        // (a backend that refuses what it reads as it creates the model's instance, an engine's
        // configuration from another version, refuses it in the model's load, as does one that
        // cannot deserialise the engine)
        && (!matches!(class, "import_error" | "unsupported_config")
            || (class == "unsupported_config"
                && (ev.text.contains("Failed to create instance: ")
                    // (TensorRT-LLM's backend reading the engine's configuration as it
                    // creates the instance: `unexpected error when creating
                    // modelInstanceState: [json.exception.out_of_range.403] key ...`)
                    || ev.text.contains("when creating modelInstanceState")
                    || ev.text.contains("Failed to deserialize"))))
    {
        return if ev.text.contains("warmup") {
            "warmup"
        } else {
            "model_load"
        };
    }
    // A driver or device the process cannot use is found when it first takes its GPU (not a
    // launch or call the driver refused as the program ran).
    // (A context the kernel driver lost to a hang or a reset, radv's `The CS has been cancelled
    // because the context is lost`, is lost while the GPU runs.)
    if ev.phase == "unknown"
        && class == "cuda_driver_error"
        && !events::is_cuda_refusal(&ev.text)
        && !events::is_context_lost(&ev.text)
    {
        return "startup";
    }
    // NCCL failing in a way that creating a communicator does (a system call, a CUDA call or an
    // internal check of its setup, a caller's invalid arguments, its own CUDA or verbs library
    // that would not load, its first buffers), with nothing before to say the run had gone on:
    // the communicator's creation, as the job started. (Not a peer that went away, a network
    // completion error or mismatched collectives: those happen as the job runs.)
    if ev.phase == "unknown" && class == "nccl_error" && nccl_setup_failure(&ev.text) {
        return "startup";
    }
    // Failures that can only happen at one step, whatever the log showed before them.
    const FOUND_AT: &[(&str, &str)] = &[
        // (ggml's refusal of a tensor in the GGUF file it reads, `gguf_init_from_file_impl:
        // tensor '...' has invalid ggml type 39`: the model's file, as it is loaded; whatever
        // else its reader of GGUF files refuses)
        ("has invalid ggml type", "model_load"),
        ("gguf_init_from_file_impl: ", "model_load"),
        // (a HIP runtime with no code object for the GPU, which it checks as it initialises)
        ("hipErrorNoBinaryForGpu", "startup"),
        // (a library's check as it initialises, Kokkos' `Kokkos::Cuda::initialize ERROR: ...`;
        // a container runtime that could not give a container its GPUs, Podman's `setting up CDI
        // devices: unresolvable CDI devices nvidia.com/gpu=all`)
        ("::initialize ERROR: ", "startup"),
        ("setting up CDI devices: ", "startup"),
        // (OpenMM's report of a platform whose Context could not be created, as its installation
        // test or a simulation starts: `CUDA platform error: Error initializing FFT: 5`)
        ("platform error: Error ", "startup"),
        // (llama.cpp's loader giving up on a model, `llama_model_load: error loading model:
        // unable to allocate CUDA0 buffer`, which Ollama's runner relays)
        ("error loading model: ", "model_load"),
        // (NCCL reading the machine's PCI topology from sysfs as it creates a communicator,
        // `NCCL WARN Could not find real path of /sys/class/pci_bus/...`)
        ("Could not find real path of /sys/", "startup"),
        // (an MPI runtime that did not come up as the processes were launched: Open MPI's `It
        // looks like orte_init failed for some reason; your parallel process is ...`, `ORTE was
        // unable to reliably start one or more daemons`)
        (
            "failed for some reason; your parallel process is",
            "startup",
        ),
        (
            "RTE was unable to reliably start one or more daemons",
            "startup",
        ),
    ];
    if ev.phase == "unknown" {
        if let Some((_, p)) = FOUND_AT.iter().find(|(m, _)| ev.text.contains(m)) {
            return p;
        }
        // (a DeepSpeed config checked as the trainer or accelerate prepares the engine)
        if events::is_deepspeed_config_check(&ev.text) {
            return "startup";
        }
        // (and the remote shell's error that launching a node's daemon met, `bash: orted:
        // command not found`, `ssh: Could not resolve hostname ...`)
        if events::is_remote_launch_failure(&ev.text) {
            return "startup";
        }
    }
    // A checkpoint whose tensors do not fit the model is found while the weights are read.
    if ev.phase == "unknown" && class == "weight_load_error" {
        return "model_load";
    }
    // A model whose type or architecture the library does not know is refused when its
    // configuration is read, at start-up. (Other unsupported things, a kernel on an architecture
    // say, can be refused at any step: those keep what the log shows.)
    const UNKNOWN_MODEL: &[&str] = &[
        "model type",
        "model_type",
        "Model architectures",
        // (TensorRT-LLM: `The given huggingface model architecture X is not supported in
        // TRT-LLM yet`)
        "model architecture",
        "Unrecognized configuration class",
        "Unrecognized model",
        // (transformers older than a model's processor: `Unrecognized image processor in X.
        // Should have a `image_processor_type` key in its preprocessor_config.json`)
        "Unrecognized image processor",
        "Unrecognized processor",
    ];
    // (and a dtype the GPU cannot run, which vLLM and TGI check when a worker takes its device:
    // `Bfloat16 is only supported on GPUs with compute capability of at least 8.0`)
    // (`The quantization method awq is not supported for the current GPU. Minimum capability:
    // 75. Current capability: 70.`)
    const DEVICE_CHECKS: &[&str] = &[
        // (and the model's shape against the parallelism asked for: `Total number of attention
        // heads (12) must be divisible by tensor parallel size (8).`)
        "must be divisible by tensor parallel size",
        "must be divisible by pipeline parallel size",
        "Bfloat16 is only supported on GPUs",
        "not supported for the current GPU",
        "Current capability: ",
        // (vLLM's check of the context length asked for against the model's configuration:
        // `User-specified max_model_len (4096) is greater than the derived max_model_len`)
        "than the derived max_model_len",
        // (Ray's autoscaler finding no node for the GPUs a job's placement group asks for, as
        // the job starts: `No available node types can fulfill resource request`)
        "No available node types can fulfill resource request",
    ];
    if ev.phase == "unknown"
        && class == "unsupported_config"
        && UNKNOWN_MODEL
            .iter()
            .chain(DEVICE_CHECKS)
            .any(|m| ev.text.contains(m))
    {
        return "startup";
    }
    if ev.phase == "unknown"
        && (phase::in_training_script(&ev.frames)
            || reraised.is_some_and(phase::in_training_script))
    {
        return "training";
    }
    ev.phase
}

/// The step a failure happened in, as the lines right after it say: a wrapper that names it
/// (`Exception: Capture cuda graph failed`), a worker's report of the method that raised
/// (vLLM's `Exception in worker ... while processing method load_model`, `Error executing method
/// 'determine_num_available_blocks'`), the frames of the traceback that re-raises it, or, when no
/// progress line came before, a CUDA-graph capture's progress bar closed by the failure.
fn phase_after(ev: &Event, class: &str, reraised: Option<&[String]>) -> Option<&'static str> {
    const KERNEL_CLASSES: &[&str] = &[
        "cuda_oom",
        "cuda_illegal_memory_access",
        "cuda_device_side_assert",
        "cublas_cudnn_error",
        "no_kernel_image",
        "triton_error",
        "cuda_graph_capture_error",
    ];
    static METHOD: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"(?:while processing method|Error executing method) '?(\w+)|\bray::\w+\.(\w+)\(\)",
        )
    });
    let lines = || ev.lines();
    // (a custom all-reduce registers its buffers' IPC handles for CUDA graphs only, at the end
    // of a capture: `register_graph_buffers`, `get_graph_buffer_ipc_meta`)
    if ev.after.iter().any(|a| {
        let a = a.to_ascii_lowercase();
        a.contains("capture cuda graph failed") || a.contains("graph_buffer")
    }) {
        return Some("cuda_graph_capture");
    }
    // SGLang logs an exception raised in a piecewise CUDA graph (`Piecewise CUDA Graph failed
    // with error: ...`) while it captures the graphs as the server starts, or replays one for a
    // prefill: the traceback that re-raises it shows the scheduler's event loop when it served.
    if ev.text.contains("Piecewise CUDA Graph failed")
        && matches!(
            ev.phase,
            "unknown" | "startup" | "model_load" | "memory_init" | "cuda_graph_capture"
        )
        && !lines()
            .chain(reraised.unwrap_or_default())
            .any(|t| t.contains("event_loop"))
    {
        return Some("cuda_graph_capture");
    }
    if ev.phase != "unknown" {
        return None;
    }
    // vLLM logs a worker whose construction raised as `WorkerProc failed to start.`, an engine
    // core whose initialisation raised as `EngineCore failed to start.`, with the traceback
    // (other workers' errors of the same start interleave with it)
    // (unless the traceback that re-raises it names the step)
    let reraised_phase = reraised.and_then(|f| phase::phase_from_context(f, ""));
    if ev.after.iter().any(|a| {
        a.contains("WorkerProc failed to start") || a.contains("EngineCore failed to start")
    }) {
        return Some(reraised_phase.unwrap_or("startup"));
    }
    if let Some(p) = lines()
        .filter_map(|t| METHOD.captures(t))
        .filter_map(|c| {
            c.get(1)
                .or_else(|| c.get(2))
                .map(|m| m.as_str().to_string())
        })
        .find_map(|m| phase::phase_from_context(&[format!(", in {m}")], ""))
    {
        return Some(p);
    }
    if let Some(p) = reraised_phase {
        return Some(p);
    }
    // A progress bar that tqdm redrew as the error was printed shows the step the program was
    // in (`Steps: 0%| | 1/3600 [04:02<..., loss=0.13, lr=1e-6]` right below the out-of-memory):
    // the bar was live when the error came (not one at 100 %, another worker's step that ended).
    if let Some(p) = ev
        .after
        .iter()
        .take(2)
        .filter(|a| {
            a.contains('%') && !a.contains("100%") && (a.contains("it/s") || a.contains("s/it"))
        })
        .find_map(|a| phase::marker(a))
        .filter(|p| !matches!(*p, "shutdown" | "startup" | "serving_request"))
    {
        return Some(phase::settled(p));
    }
    // A graph's failure that names the capture it broke (`operation not permitted when stream is
    // capturing`, Ascend's `New capture stream failed`, `Not allow to synchronize
    // captured-stream`) happened while a graph was captured; one in a replayed graph's run
    // (`overwritten by a subsequent run`) says no such thing.
    if class == "cuda_graph_capture_error"
        && lines().take(8).any(|t| {
            let t = t.to_ascii_lowercase();
            t.contains("captur") && !t.contains("replay")
        })
    {
        return Some("cuda_graph_capture");
    }
    // (the `what():` line of the exception a FlashInfer kernel threw names the kernel; the
    // message itself was read with the frames)
    if let Some(p) = ev.after.iter().take(3).find_map(|t| phase::kernel_step(t)) {
        return Some(p);
    }
    // A compiler killed mid-build (the shell's bare `Killed`) before the build's own lines
    // (ninja's next step, `[4/13] nvcc ...`, then `FAILED: x.o`): interleaved parallel jobs
    if class == "host_oom"
        && ev
            .after
            .iter()
            .take(4)
            .any(|a| phase::marker(a) == Some("build") || a.trim_start().starts_with("FAILED: "))
    {
        return Some("build");
    }
    // llama.cpp's report, right below a failed allocation, that it could not create the
    // context (`graph_reserve: failed to allocate compute buffers`, `llama_init_from_model:
    // failed to initialize the context`, `llama_kv_cache_init: failed to allocate buffer for kv
    // cache`, its graph allocator's `ggml_gallocr_reserve_n: failed to allocate CUDA0 buffer`):
    // the weights were loaded, their KV cache and compute buffers did not fit
    if ev.after.iter().take(4).any(|a| {
        a.contains("failed to allocate compute")
            || a.contains("failed to initialize the context")
            || a.contains("failed to allocate buffer for kv cache")
            || a.contains("ggml_gallocr_reserve_n: failed to allocate")
    }) {
        return Some("memory_init");
    }
    // An application's report, right below the error, that its model did not load (`Stable
    // diffusion model failed to load`, `Failed to load model`; TGI's shard, `Error when
    // initializing model`; llama.cpp's loader, `llama_model_load: error loading model: unable to
    // allocate CUDA0 buffer`)
    if ev.after.iter().take(6).any(|a| {
        let a = a.to_ascii_lowercase();
        a.contains("model failed to load")
            || a.starts_with("failed to load model")
            || a.starts_with("error when initializing model")
            || a.contains("llama_model_load: error loading model: ")
    }) {
        return Some("model_load");
    }
    // TGI's router repeats a shard's error under the tracing span of the step that failed
    // (`batch{batch_size=1}:prefill:prefill{id=N size=N}: text_generation_client: ...`)
    // (and its launcher the shard's gRPC method that failed, `Method Prefill encountered an
    // error.`; LoRAX's router its warmup span, `ERROR warmup{...}:warmup:`, and `Error:
    // Warmup(...)` as it exits)
    // (or its router states the error on a line of that span itself, `ERROR
    // batch{batch_size=1}:decode:decode{size=1}: text_generation_router_v3::client: ...`)
    if let Some(p) = std::iter::once(&ev.text)
        .chain(ev.after.iter())
        .filter(|a| {
            a.contains("text_generation_client")
                || a.contains("text_generation_router")
                || a.contains(" encountered an error")
        })
        .find_map(|a| phase::marker(a).filter(|p| matches!(*p, "prefill" | "decode")))
    {
        return Some(p);
    }
    if ev
        .after
        .iter()
        .any(|a| a.contains("}:warmup: ") || a.starts_with("Error: Warmup("))
    {
        return Some("warmup");
    }
    if ev
        .after
        .iter()
        .any(|a| phase::marker(a) == Some("cuda_graph_capture"))
    {
        return Some("cuda_graph_capture");
    }
    // TensorRT-LLM's builder reports that the engine it was building failed (`Engine building
    // failed, please check the error log.`, its build script's `Failed to build engine for
    // rank N`) below TensorRT's own errors.
    if ev
        .after
        .iter()
        .any(|a| a.contains("Engine building failed") || a.contains("Failed to build engine"))
    {
        return Some("build");
    }
    // A weight loader's progress bar right below the error, stopped short of 100%: tqdm prints a
    // bar's last state when the loop it wraps unwinds, so the error came while reading weights.
    if ev
        .after
        .iter()
        .any(|a| a.contains('%') && !a.contains("100%") && phase::marker(a) == Some("model_load"))
    {
        return Some("model_load");
    }
    // A bare progress bar (no description: the Hugging Face Trainer's, a script's own tqdm over
    // its steps) right below the error and stopped short of 100%: the loop it counts is the
    // training loop the error unwound.
    if ev.after.iter().take(3).any(|a| {
        let a = a.trim_start();
        let digits = a.bytes().take_while(u8::is_ascii_digit).count();
        (1..=3).contains(&digits) && a[digits..].starts_with("%|") && !a.starts_with("100%")
    }) {
        return Some("training");
    }
    // vLLM's and KServe's reports that the engine or server never came up, right below the
    // error (`EngineCore failed to start.`, `WorkerProc initialization failed due to an exception
    // in a background process`): nothing more specific said where, so it failed starting. (Not
    // for a kernel's failure: the engine runs its kernels first when it profiles memory or
    // captures graphs, later steps of its start.)
    if KERNEL_CLASSES.contains(&class) {
        return None;
    }
    // (`EngineCore failed to start` and `WorkerProc failed to start` were read above, for any
    // class)
    const NOT_STARTED: &[&str] = &[
        "Engine core initialization failed",
        "WorkerProc initialization failed",
        "Failed to start model server",
    ];
    if ev
        .after
        .iter()
        .any(|a| NOT_STARTED.iter().any(|w| a.contains(w)))
    {
        return Some("startup");
    }
    None
}

/// The source line of a CUDA check printed alone below the message it raised
/// (`/sgl-kernel/csrc/allreduce/custom_all_reduce.cuh:350`).
static SOURCE_LINE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::matcher(r"^\s*\S*/[\w.+-]+\.cuh?:\d+\s*$"));

/// A statement of a failed CUDA call.
static CUDA_FAILURE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::matcher(r"(?i)cuda error|cuda failure|\bFailed: \S*\.(?:cuh?|cpp|cc|hpp|h):\d+ '")
});

/// A class alone on its line behind two or more lower-case modules, as Python's traceback ends
/// with an exception raised without a message (`pyfr.backends.cuda.driver.CUDAInvalidDevice`).
static BARE_QUALIFIED: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::matcher(r"^(?:[a-z_][a-z\d_]*\.){2,}[A-Z][A-Za-z\d_]*$"));

/// A JVM exception as its stack trace states it: a class qualified by its lower-case package
/// (`org.apache.spark.SparkException: ...`, `ai.rapids.cudf.CudfException: ...`).
static JAVA_EXCEPTION: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::matcher(
        r"^(?:[a-z_][\w$]*\.){2,}[A-Z][\w$]*(?:Exception|Error|Throwable)(?::|\s*$)",
    )
});

/// A line of a JVM stack below an exception: a frame (`at pkg.Class.method(File.java:10)`), the
/// count of frames it shares with its wrapper (`... 12 more`), or a suppressed one's heading.
static JAVA_FRAME: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::matcher(r"^(?:at [\w$.<>/]+\(.*\)|\.\.\. \d+ more|Suppressed: )"));

/// An exception's name alone on its line (`AssertionError` of an `assert` without a message).
static BARE_EXCEPTION: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::matcher(r"^(?:[A-Za-z_]\w*\.)*(?:[A-Z]\w*)?(?:Error|Exception)$"));

/// A frame as IPython prints it (`File ~/pkg/cache_engine.py:64, in CacheEngine._allocate(self,
/// n)`; Jupyter's copy links the path, `File [~/pkg/x.py:64](http://host/...#line=63), in ...`),
/// in Python's own words (`File "~/pkg/cache_engine.py", line 64, in _allocate`), for every rule
/// that reads frames. (IPython qualifies a method with its class and lists its arguments.)
fn ipython_frame(t: &str) -> Option<String> {
    static FRAME: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"^File \[?([^\s\[\]()]+\.pyx?):(\d+)(?:\]\([^)\s]*\))?, in (?:[A-Za-z_]\w*\.)*([A-Za-z_<]\w*>?)(?:\(|\s*$)",
        )
    });
    // (IPython 8's frame of a notebook cell, `Cell In[45], line 17, in train(epoch)`, and
    // IPython 7's, which names no line: `<ipython-input-45-8c7df9c1> in train(epoch)`,
    // `/usr/lib/python3.6/site-packages/torch/nn/modules/module.py in convert(t)`; Colab's copy
    // links the path: `[/usr/lib/.../configuration_auto.py](https://localhost:8080/#) in f(x)`,
    // and a module's own code without the parentheses, `[.../xarray_jax.py](...) in <module>`,
    // or a cell's, `[/tmp/ipython-input-31.py](...) in <cell line: 0>()`)
    // (IPython 8.0 to 8.4 named the cell without a line, `Input In [16], in train(data)`, and
    // VS Code's copy brackets it: `Input [In [16]], in train(data)`)
    static CELL: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"^(?:Cell In ?\[\d+\], line (\d+)|Input \[?In ?\[\d+\]\]?), in (?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)\(",
        )
    });
    static OLD: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(
            r"^(?:\[(\S+?\.py)\]\([^)\s]*\)|(<ipython-input-[\w-]+>|\S+\.py)) in (?:(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*|<module>|<cell line: \d+>)\(.*\)|(<module>))\s*$",
        )
    });
    if t.starts_with("Cell In") || t.starts_with("Input ") {
        let c = CELL.captures(t)?;
        let line = c.get(1).map_or("1", |m| m.as_str());
        return Some(format!("File \"<cell>\", line {line}, in {}", &c[2]));
    }
    if t.starts_with('<')
        || (t.starts_with('/') && t.contains(".py in "))
        || (t.starts_with('[') && t.contains(".py](") && t.contains(") in "))
    {
        let c = OLD.captures(t)?;
        let path = c.get(1).or_else(|| c.get(2))?.as_str();
        let func = c.get(3).or_else(|| c.get(4))?.as_str();
        // (a cell's own code, Colab's `in <cell line: 0>()`, runs at its module's top level)
        let func = if func.starts_with("<cell") {
            "<module>"
        } else {
            func
        };
        return Some(format!("File \"{path}\", line 1, in {func}"));
    }
    if !t.starts_with("File ") || t.starts_with("File \"") {
        return None;
    }
    let c = FRAME.captures(t)?;
    Some(format!("File \"{}\", line {}, in {}", &c[1], &c[2], &c[3]))
}

/// Inside a traceback: an indented line, a caret marker, or a line that reads as Python source
/// (indentation is often lost in pasted logs). An indented `SomeError: message` is not source: some
/// servers indent a whole traceback when they log it.
fn is_code(text: &str) -> bool {
    // (IPython marks the frame's own line with an arrow before its number: `---> 64 x = f()`)
    static CODE: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::matcher(
            r"^(?:return|raise|if|for|while|with|await|yield|assert|def|elif|else|try|except|async|lambda|from|import)\b|^[\w.\[\]'\x22]+\s*(?:=|\()|^[~^]+\s*$|^-+> +\d+ ",
        )
    });
    if text.starts_with(' ') || text.starts_with('\t') {
        let t = text.trim();
        // (both exceptions below name a class ending in `Error` or `Exception`: a line with
        // neither word is code, without the regexes)
        if !t.contains("Error") && !t.contains("Exception") {
            return !t.starts_with("what():");
        }
        let stated = events::exception_parts(t).is_some_and(|(ty, msg)| {
            !msg.trim().is_empty() && (ty.ends_with("Error") || ty.ends_with("Exception"))
        });
        // (nor is an exception's bare name, `  AssertionError` of a failed `assert` with no
        // message: no source line is a class name alone; nor C++'s report of an exception that
        // ended the process, `  what():  CUDA error: ...`, under its `terminate called`)
        return !stated && !BARE_EXCEPTION.is_match(t) && !t.starts_with("what():");
    }
    let t = text.trim();
    // (an exception's `repr` alone on its line, `AssertionError()`, is a logger's record
    // interleaved with the traceback: vLLM logs the exception that stopped its engine so; no
    // source line makes an exception without raising it)
    static REPR: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r#"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\((?:['"].*['"])?\)\.?$"#)
    });
    !EXCEPTION_LINE.is_match(t) && CODE.is_match(t) && !REPR.is_match(t)
}

/// The statements of a traceback glued into one line (`...: Traceback (most recent call last):
/// File "x.py", line 3, in f     raise KeyError(k) KeyError: 'a'  During handling of...`), split
/// where each one began; `None` for an ordinary line.
fn split_glued_traceback(text: &str) -> Option<Vec<String>> {
    // (IPython's header has no colon and its frames read `Cell In[10], line 1`: a notebook's
    // output copied flat, `---- TypeError Traceback (most recent call last) Cell In[10], ...`)
    let h = TRACEBACK.find(text)?;
    let rest = &text[h + TRACEBACK.0.len()..];
    if !FILE_QUOTE.is_in(rest) && !rest.contains("Cell In[") {
        return None;
    }
    static START: LazyLock<regex::Regex> = LazyLock::new(|| {
        // (a paste that dropped the line breaks without a space glues a frame to the `:` or
        // `)` before it, and the exception line to the caret marker before it)
        regex::Regex::new(r#"\s(?:File "|Traceback \(most recent call last\):|During handling of the above exception|The above exception was the direct cause|(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit): |Exception: )|[:)]File "|[\^)](?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Exit): "#)
            .expect("valid regex")
    });
    let cuts = START.find_iter(text).map(|m| m.start() + 1);
    let parts = pieces(text, cuts)
        .map(|(_, part)| {
            // frames keep the indentation they had, so that their code is read as code
            if part.starts_with("File \"") {
                format!("  {part}")
            } else {
                part.to_string()
            }
        })
        .collect();
    Some(parts)
}

/// A traceback's source line with the exception line glued to its end by a paste that lost the
/// line break (`\tself._handle = _dlopen(self._name, mode)OSError: /x/libth_common.so: undefined
/// symbol: ...`): the code and the exception; `None` for an ordinary line.
fn split_glued_exception(text: &str) -> Option<Vec<String>> {
    if !text.starts_with([' ', '\t']) || !(text.contains("Error: ") || text.contains("Exception: "))
    {
        return None;
    }
    static GLUED: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(r#"[)\]'"](?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception): \S"#)
    });
    let cut = GLUED.find(text)?.start() + 1;
    Some(vec![text[..cut].to_string(), text[cut..].to_string()])
}

/// The lines of a multi-line message held in one line: a JSON log record's message decoded with
/// its line breaks, or still escaped (`...\\n  File \\"x.py\\", line 3 ...\\nRuntimeError: ...`, a
/// record cut before its opening brace); `None` for an ordinary line.
fn split_embedded_lines(text: &str) -> Option<Vec<String>> {
    if memchr::memchr(b'\n', text.as_bytes()).is_some() {
        return Some(text.split('\n').map(|l| l.trim_end().to_string()).collect());
    }
    // (most lines have no backslash; an escaped message needs two line breaks and an error)
    memchr::memchr(b'\\', text.as_bytes())?;
    let twice = ESCAPED_NEWLINE
        .find(text)
        .is_some_and(|i| ESCAPED_NEWLINE.is_in(&text[i + 2..]));
    if !twice
        || !(text.contains("Error") || text.contains("Traceback") || text.contains("Exception"))
    {
        return None;
    }
    let mut parts: Vec<String> = text
        .split("\\n")
        .map(|l| l.replace("\\\"", "\"").trim_end().to_string())
        .collect();
    // (the last piece ends where the JSON string that held the message closes: `...","type":
    // "server_error"}}` is the record's, not the message's)
    if let Some(last) = parts.last_mut() {
        if let Some(c) = JSON_TAIL.captures(last) {
            let end = c.get(1).map_or(last.len(), |m| m.end());
            last.truncate(end);
        }
    }
    Some(parts)
}

/// The close of a JSON string and of the objects around it, after a message: `","type":
/// "server_error"}}`.
static JSON_TAIL: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r#"^(.*[^\\])"(?:,"\w+":(?:"[^"]*"|-?\d+|null|true|false))*\}+\s*$"#)
        .expect("valid regex")
});

/// The two characters `\n` of an escaped line break.
static ESCAPED_NEWLINE: Word = Word::new("\\n");

/// The non-empty, trimmed pieces of `text` between the cuts (ascending byte offsets), each with
/// the offset where it starts.
fn pieces(text: &str, cuts: impl Iterator<Item = usize>) -> impl Iterator<Item = (usize, &str)> {
    let mut from = 0;
    cuts.chain([text.len()]).filter_map(move |to| {
        let piece = (from, text[from..to].trim());
        from = to;
        (!piece.1.is_empty()).then_some(piece)
    })
}

/// The log records glued into one line by a paste that lost its line breaks, split where each
/// record's prefix begins (`... in all_reduce ERROR 11-04 18:02:56 [multiproc_executor.py:597]
/// RuntimeError: ...`, `...it/s]WARNING:torch.distributed...:Sending process N closing signal
/// SIGTERM ERROR:torch...:failed (exitcode: -9)`), each with whether it starts with a record's
/// prefix; `None` for an ordinary line. Only long lines and lines with a logging module's level
/// tag are searched.
/// Calls `f` with each log record of a line (and whether it is the line itself): a paste that
/// lost its line breaks glues records into one line, and each is read as the line it was, with
/// its own prefix, on the glued line's number (the first keeps what the line's own prefix said:
/// its level, rank, process). The environment's collector on another thread reads them so too.
pub fn for_each_record(line: &Line, mut f: impl FnMut(&Line, bool)) {
    let Some(records) = split_glued_records(&line.text) else {
        return f(line, true);
    };
    for (own_prefix, record) in records {
        let sub = if own_prefix {
            Line::new(line.number, record)
        } else {
            Line {
                text: record,
                ..line.clone()
            }
        };
        f(&sub, false);
    }
}

fn split_glued_records(text: &str) -> Option<Vec<(bool, String)>> {
    if text.len() < 160 && !(WARNING_TAG.is_in(text) || ERROR_TAG.is_in(text)) {
        return None;
    }
    // vLLM's `LEVEL MM-DD HH:MM:SS [file.py:N]` (behind a worker's process tag), SGLang's
    // `[YYYY-MM-DD HH:MM:SS TPn]`, a logging module's `YYYY-MM-DD HH:MM:SS,mmm - ` and its bare
    // `LEVEL:name:` (also right after a progress bar's `]` or `|`), TensorFlow's `YYYY-MM-DD
    // HH:MM:SS.ffffff: E file.cc:N] ` (a Windows console pads each record to its width, and a
    // copy joins them), NCCL's `host:pid:tid [dev] NCCL INFO`, glibc's report of a corrupted
    // heap (`free(): invalid pointer`), which it writes to the terminal unbuffered, glued to the
    // end of a line a program had not finished
    static RECORD: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::new(concat!(
            r"\s(?:\([A-Za-z_][\w\-]*(?: (?:TP|rank=)\d+)?(?: pid=\d+)?\) )?(?:(?:ERROR|WARNING|INFO|DEBUG|CRITICAL) \d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)? \[[\w./\-]+:\d+\]|\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?: (?:DP|TP|PP|EP)\d+)*\]|\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d{3} - |\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d+: [IWEF] [\w./\-]+:\d+\] |[\w.\-]+:\d+:\d+ \[\d+\] NCCL (?:INFO|WARN) )|[\s\]|](?:WARNING|ERROR|INFO|CRITICAL):[A-Za-z_][\w.]*:|\w",
            events::glibc_heap_functions!(),
            r"\(\): [a-z]",
        ))
    });
    let cuts: Vec<usize> = RECORD.find_iter(text).map(|m| m.start() + 1).collect();
    if cuts.is_empty() {
        return None;
    }
    let parts = pieces(text, cuts.into_iter())
        .map(|(at, part)| (at > 0, part.to_string()))
        .collect();
    Some(parts)
}

fn rank_in_text(text: &str) -> Option<u32> {
    static RANK: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(r"^\[Rank (\d+)\]"));
    RANK.captures(text).and_then(|c| c[1].parse().ok())
}

/// A sentence of a report that tells of a crash (a capitalised word, words, then a narrative
/// verb: "crashes with", "runs fine ... then", "I get"), not a log's statement of one.
/// (The typographic apostrophe sits outside the class so that the pattern has an ASCII form.)
static PROSE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::matcher(
        r"^[A-Z][\w.-]*(?: [A-Za-z](?:[\w'.,-]|’)*){0,}? (?:crash(?:es|ed)? (?:with|in|when|during)|runs fine|(?:I|we) (?:get|got|see|saw|encounter(?:ed)?)|fails with the error|with the error) ",
    )
});

static WARNING: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::matcher(
        r"^(?:\w+Warning: |WARNING[: ]|Warning: |W\d{4} |\[TRT\] \[W\] )|\b\w+Warning: ",
    )
});

static ROUTINE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::matcher(
        r"(?i)FutureWarning|DeprecationWarning|deprecated|OMP_NUM_THREADS|destroy_process_group|TORCH_CUDA_ARCH_LIST is not set|Using default MoE (kernel )?config|torch_dtype|tokenizer|huggingface_hub|found in sys\.modules|sliding window|is not tested|not installed|Falling back|pynvml|^\*+$|generation_config|chat template|set_seed",
    )
});

/// Triage over lines already read.
pub fn triage(log: &[Line]) -> Analysis {
    let mut t = Triage::new();
    for l in log {
        t.feed(l);
    }
    t.finish()
}

#[cfg(test)]
mod tests {
    use super::ipython_frame;

    #[test]
    fn ipython_frames_read_as_pythons() {
        assert_eq!(
            ipython_frame("File ~/env/vllm/worker/cache_engine.py:64, in CacheEngine._allocate_kv_cache(self, n)").as_deref(),
            Some("File \"~/env/vllm/worker/cache_engine.py\", line 64, in _allocate_kv_cache")
        );
        // (Jupyter's copy links the path)
        assert_eq!(
            ipython_frame("File [~/x/engine.py:49](http://host/lab/tree/x/engine.py#line=48), in Engine.__init__(self)").as_deref(),
            Some("File \"~/x/engine.py\", line 49, in __init__")
        );
        assert_eq!(
            ipython_frame("<ipython-input-45-8c7df9c19b44> in train(epoch)").as_deref(),
            Some("File \"<ipython-input-45-8c7df9c19b44>\", line 1, in train")
        );
        assert_eq!(
            ipython_frame("Cell In[45], line 17, in train(epoch)").as_deref(),
            Some("File \"<cell>\", line 17, in train")
        );
        assert_eq!(
            ipython_frame("[/usr/lib/python3.11/transformers/models/auto/configuration_auto.py](https://localhost:8080/#) in from_pretrained(cls, name, **kwargs)").as_deref(),
            Some("File \"/usr/lib/python3.11/transformers/models/auto/configuration_auto.py\", line 1, in from_pretrained")
        );
        assert_eq!(
            ipython_frame("[/usr/lib/python3.12/graphcast/xarray_jax.py](https://localhost:8080/#) in <module>").as_deref(),
            Some("File \"/usr/lib/python3.12/graphcast/xarray_jax.py\", line 1, in <module>")
        );
        assert_eq!(
            ipython_frame("Input [In [16]], in train(data)").as_deref(),
            Some("File \"<cell>\", line 1, in train")
        );
        assert_eq!(ipython_frame("Input tensor is empty"), None);
        assert_eq!(ipython_frame("File \"x.py\", line 3, in f"), None);
        assert_eq!(ipython_frame("File not found: model.bin"), None);
    }

    #[test]
    fn a_jvm_chain_is_stated_by_its_innermost_cause() {
        // (the JVM prints the wrapper first and each cause below its frames)
        let log = concat!(
            "24/01/01 10:00:05 ERROR Executor: Exception in task 0.0 in stage 1.0 (TID 1)\n",
            "org.apache.spark.SparkException: Job aborted due to stage failure: Task 0 in stage 1.0 failed 4 times\n",
            "\tat org.apache.spark.scheduler.DAGScheduler.abortStage(DAGScheduler.scala:2403)\n",
            "Caused by: java.lang.RuntimeException: Error running native op\n",
            "\tat com.nvidia.spark.rapids.GpuExec.doExecute(GpuExec.scala:100)\n",
            "Caused by: ai.rapids.cudf.CudfException: reduce failed to synchronize: cudaErrorIllegalAddress: an illegal memory access was encountered\n",
            "\tat ai.rapids.cudf.Table.groupByAggregate(Native Method)\n",
            "\t... 12 more\n",
            "24/01/01 10:00:06 INFO Executor: Finished task 1.0\n",
            // (a cause after the stack has ended belongs to no chain)
            "Caused by: java.io.IOException: Stream closed\n",
        );
        let a = crate::analyze(log.as_bytes(), &crate::findings::FindingsIndex::default());
        assert_eq!(a.error_class, "cuda_illegal_memory_access");
        assert_eq!(a.first_error.map(|f| f.line), Some(6));
        // (a Python exception's chain is not the JVM's: its first exception stays the statement)
        let py = concat!(
            "Traceback (most recent call last):\n",
            "  File \"x.py\", line 1, in <module>\n",
            "KeyError: 'a'\n",
            "Caused by: java.lang.RuntimeException: unrelated\n",
        );
        let a = crate::analyze(py.as_bytes(), &crate::findings::FindingsIndex::default());
        assert_eq!(a.first_error.map(|f| f.line), Some(3));
    }

    #[test]
    fn a_traceback_cut_after_an_assert_states_that_assertion() {
        let log = concat!(
            "Traceback (most recent call last):\n",
            "  File \"/x/vllm/model_executor/models/deepseek_v2.py\", line 743, in __init__\n",
            "    assert isinstance(layer, DeepseekV2DecoderLayer)\n",
        );
        let a = crate::analyze(log.as_bytes(), &crate::findings::FindingsIndex::default());
        assert!(a.crash);
        assert_eq!(a.error_class, "python_exception");
        assert_eq!(a.first_error.map(|f| f.line), Some(3));
    }

    #[test]
    fn a_device_assertion_takes_its_step_from_the_exception_that_reports_it() {
        let log = concat!(
            "IndexKernel.cu:92: operator(): block: [0,0,0], thread: [4,0,0] Assertion `index < size` failed.\n",
            "Traceback (most recent call last):\n",
            "  File \"/srv/scheduler.py\", line 226, in forward_step\n",
            "    self.forward_decode_batch(self.running_batch)\n",
            "  File \"/srv/model_runner.py\", line 300, in forward_decode\n",
            "    return self.model.forward(x)\n",
            "RuntimeError: CUDA error: device-side assert triggered\n",
        );
        let a = crate::analyze(log.as_bytes(), &crate::findings::FindingsIndex::default());
        assert_eq!(a.error_class, "cuda_device_side_assert");
        assert_eq!(a.first_error.map(|f| f.line), Some(1));
        assert_eq!(a.phase, "decode");
    }
}
