//! Detectors: which lines state an error, how strongly, and of which class.
//!
//! Each source prints its errors in its own shapes; the table below is grouped by source
//! (CUDA runtime and device assertions, PyTorch, NCCL/c10d, Triton, compilers and pip, the kernel,
//! serving frameworks' wrappers). A line becomes an [`Event`] with a tier:
//! - 4: a device assertion (the cause of the `device-side assert triggered` that follows it);
//! - 3: a specific statement of a root error (an exception with its message, a CUDA error...);
//! - 2: a statement that is often a consequence (a watchdog timeout of a rank that waited) or a
//!   wrapper that still carries the message;
//! - 1: collateral noise (a peer's connection closed, a process killed by its launcher);
//! - 0: a wrapper that only points elsewhere (`ChildFailedError`, `See root cause above`).

use crate::ascii_first::AsciiFirst;
use crate::scan::Found;
use std::sync::LazyLock;

/// A line that states (or wraps) an error.
#[derive(Debug, Clone)]
pub struct Event {
    pub line: u64,
    pub tier: u8,
    pub rank: Option<u32>,
    /// The message of the line (prefixes stripped).
    pub text: String,
    /// The raw line as uploaded.
    pub raw: String,
    /// A few lines after the event (messages), used to classify it.
    pub after: Vec<String>,
    /// Python frames of the traceback that ended in this event (file paths and functions).
    pub frames: Vec<String>,
    /// The event follows "During handling of the above exception" (a consequence).
    pub chained: bool,
    /// Index of the phase marker in force when the event was seen.
    pub phase: &'static str,
}

impl Event {
    /// A statement read from one line alone, with no context, frames or rank kept around it (a
    /// fallback, or a warning that states the cause).
    pub fn bare(line: u64, tier: u8, text: String, raw: String, phase: &'static str) -> Self {
        Event {
            line,
            tier,
            rank: None,
            text,
            raw,
            after: Vec::new(),
            frames: Vec::new(),
            chained: false,
            phase,
        }
    }

    /// The message's line, then the lines kept after it.
    pub fn lines(&self) -> impl Iterator<Item = &String> {
        std::iter::once(&self.text).chain(self.after.iter())
    }

    /// Whether the message or a line kept after it holds `needle`.
    pub fn states(&self, needle: &str) -> bool {
        self.lines().any(|t| t.contains(needle))
    }

    /// The message with its continuation: a message that ends in a colon (`Assertion failed:`)
    /// goes on at the next line, or in the next row of the table that holds it.
    pub fn continued(&self) -> std::borrow::Cow<'_, str> {
        let next = self.after.first().map(|a| {
            let a = a.trim();
            let cell = a.strip_prefix('|').and_then(|r| r.strip_suffix('|'));
            cell.and_then(|r| r.rsplit('|').map(str::trim).find(|c| !c.is_empty()))
                .unwrap_or(a)
        });
        match next {
            Some(next) if self.text.trim_end().ends_with(':') && !next.is_empty() => {
                format!("{} {next}", self.text.trim_end()).into()
            }
            _ => self.text.as_str().into(),
        }
    }
}

struct Rule {
    tier: u8,
}

/// Triton Inference Server's reports of a model it could not load, which quote the backend's
/// error (see the detectors): as strong as the cause they quote.
const TRITON_LOAD_WRAPPER: &str = r"\bloading failed with error: |\bFailed to create instance: ";

/// Index of the weak fallback detector (an ERROR-level line with an error word).
pub const FALLBACK_TIER: u8 = 1;

/// A status of NVIDIA's driver stack as its `nvstatusToString` prints it, or the fabric
/// manager's refusal of a driver it was not built for. (Patterns a detector and a class rule
/// share are macros, for the class rules to `concat!` them.)
macro_rules! nv_status {
    () => {
        r"\[NV_(?:ERR|WARN)_[A-Z0-9_]+\]|fabric manager NVIDIA GPU driver interface version \S+ (?:don't|doesn't|do not|does not) match"
    };
}

/// torch's CPU allocator out of host memory: `DefaultCPUAllocator: not enough memory: ...`.
macro_rules! cpu_allocator_oom {
    () => {
        r"\bDefaultCPUAllocator: (?:not enough memory|can't allocate memory)"
    };
}
/// torch's out-of-memory message hard-wrapped, its first words lost: `Tried to allocate 418.00 MiB`.
macro_rules! oom_message_tail {
    () => {
        r"^Tried to allocate \d+(?:\.\d+)? [KMGT]i?B\b"
    };
}
/// nvdiffrast's GL context that EGL would not make current: `eglMakeCurrent() failed`.
macro_rules! egl_make_current_failed {
    () => {
        r"\beglMakeCurrent\(\) failed\b"
    };
}
/// R torch's native library, Lantern, that did not load, in either of its wordings.
macro_rules! r_torch_lantern_unloaded {
    () => {
        r"\bTorch libraries are installed but loading them was unsuccessful\b|\bLantern is not loaded\b"
    };
}
/// A GPU nvidia-smi could not reset: `GPU 00000000:01:00.0: In use by another client`.
macro_rules! gpu_in_use_by_another_client {
    () => {
        r"\bGPU [0-9A-Fa-f]{8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d: In use by another client\b"
    };
}
/// A profiler the driver keeps from the GPU's performance counters: Nsight Compute's
/// `ERR_NVGPUCTRPERM - The user does not have permission ...`, CUPTI's
/// `CUPTI_ERROR_INSUFFICIENT_PRIVILEGES`.
macro_rules! profiler_counters_denied {
    () => {
        r"\bERR_NVGPUCTRPERM\b|\bCUPTI_ERROR_INSUFFICIENT_PRIVILEGES\b"
    };
}
/// gdb's backtrace of a process stopped at address zero, `#0  0x0000000000000000 in ?? ()`:
/// a call through a null function pointer, a segfault whatever the paste kept around it.
macro_rules! gdb_null_frame {
    () => {
        r"^#0 +0x0+ in \?\? \(\)"
    };
}
/// cudarc's loader of a CUDA library it could not open at run time: `Unable to dynamically load
/// the "nvrtc" shared library` (the detector and the import class; the driver's own, "cuda", is
/// the driver class's).
macro_rules! cudarc_unloadable {
    () => {
        r"\bUnable to dynamically load the \x22\w+\x22 shared library\b"
    };
}
/// A DataLoader worker killed by a bus error, its shared memory run out: `DataLoader worker (pid
/// 34569) is killed by signal: Bus error.` (the class rule and the signature's key).
macro_rules! dataloader_bus_error {
    () => {
        r"\bDataLoader worker \(pid \d+\) is killed by signal: Bus error\b"
    };
}
/// The signature's key of a worker's shared memory run out: torch's hint (`Unexpected bus error
/// encountered in worker. This might be caused by insufficient shared memory (shm).`) or the
/// worker's death alone (see the `dataloader_bus_error` macro).
pub const DATALOADER_SHM_BUS_ERROR: &str = concat!(
    r"\bUnexpected bus error encountered in worker\b|",
    dataloader_bus_error!()
);
/// See the `profiler_counters_denied` macro (the signature's key).
pub const PROFILER_COUNTERS_DENIED: &str = profiler_counters_denied!();
/// A DeepSpeed config checked against the run's own arguments as the trainer or accelerate
/// prepares the engine: transformers' `Please correct the following DeepSpeed config values
/// that mismatch TrainingArguments values:`, accelerate's `Please specify the ZeRO optimization
/// config in the DeepSpeed config.`, `... the following accelerate config variables will be
/// ignored`, and a value left `auto` that nothing filled.
macro_rules! deepspeed_config_check {
    () => {
        r"\bDeepSpeed config values that mismatch\b|\bPlease specify the ZeRO optimization config\b|\bthe following accelerate config variables will be ignored\b|without `auto` \(set to correct value\)"
    };
}

/// Whether a line is a DeepSpeed config check (see `deepspeed_config_check`): a refusal before
/// any step, as the engine is prepared.
pub fn is_deepspeed_config_check(text: &str) -> bool {
    static CHECK: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(deepspeed_config_check!()));
    CHECK.is_match(text)
}

/// The CUDA math libraries' failures in the words of a program or of the library itself: CNTK's
/// `CURAND failure 105: ...`, cuSPARSE's check of a call's arguments, `** On entry to
/// cusparseSpMM_bufferSize(): ...` (the detector and the library-error class).
macro_rules! math_library_failure {
    () => {
        r"\bCU(?:RAND|SPARSE|SOLVER|FFT|BLAS) failure \d+|\*\* On entry to cu[a-z]\w*\(\): \S"
    };
}
/// MSVC's numbered diagnostic, `error C2039: ...`, `fatal error C1083: ...` (the detector and the
/// build-error class).
macro_rules! msvc_diagnostic {
    () => {
        r"\berror C\d{4}: \S"
    };
}
/// A container runtime given GPUs that no CDI specification on the host defines (Podman's
/// `setting up CDI devices: unresolvable CDI devices nvidia.com/gpu=all`): the driver class and
/// the signature's key.
macro_rules! cdi_unresolvable {
    () => {
        r"\bunresolvable CDI devices\b"
    };
}
/// See the `cdi_unresolvable` macro (the signature's key).
pub const CDI_UNRESOLVABLE: &str = cdi_unresolvable!();
/// TensorRT deserialising an engine whose plugin library was not loaded: `getPluginCreator could
/// not find plugin YoloLayer_TRT version 1`, `IPluginCreator not found in Plugin Registry` (the
/// import class, the engine's load as its phase, and the signature's key).
macro_rules! trt_plugin_unregistered {
    () => {
        r"\bgetPluginCreator could not find plugin\b|\bIPluginCreator not found in Plugin Registry\b"
    };
}
/// See the `trt_plugin_unregistered` macro (the signature's key).
pub const TRT_PLUGIN_UNREGISTERED: &str = trt_plugin_unregistered!();

/// Whether a line states TensorRT's missing plugin (see `trt_plugin_unregistered`).
pub fn is_trt_plugin_unregistered(text: &str) -> bool {
    static UNREGISTERED: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(trt_plugin_unregistered!()));
    UNREGISTERED.is_match(text)
}
/// Guppy's failed cuBLAS call: `[guppy/error] CuBLAS error at <file>`.
macro_rules! cublas_error_at {
    () => {
        r"\bCuBLAS error at \S"
    };
}
/// [`r_torch_lantern_unloaded!`], for the signature's key.
pub const R_TORCH_LANTERN_UNLOADED: &str = r_torch_lantern_unloaded!();

/// A scheduler's or orchestrator's report that the OOM killer ended a job: Kubernetes' `Reason:
/// OOMKilled`, Slurm's `Detected N oom_kill event(s)` and `srun: error: <node>: task N: Out Of
/// Memory`.
macro_rules! oom_kill_report {
    () => {
        r"\bOOMKilled\b|\boom_kill events? in |: task \d+: Out Of Memory\b"
    };
}

/// Ray's cluster losing a node, which it logs as a warning: `The node with node id: <id> and
/// address: <ip> ... has been marked dead because the detector has missed too many heartbeats
/// from it`, and the raylet's own `Exiting because this node manager has mistakenly been marked
/// as dead by the GCS`: every actor and task on the node dies with it (a macro, for the
/// detectors and the class rules to include it).
macro_rules! ray_node_dead {
    () => {
        r"has been marked dead because the detector has missed too many heartbeats|node manager has mistakenly been marked as dead\b|\bThis node has bee[mn] marked as dead\b"
    };
}

/// A TensorRT release older than the GPU: `Target GPU SM 120 is not supported by this TensorRT
/// release.`, or, before that check, its helper that reads the SM as two digits failing on three
/// (`smVerHex2Dig ... Assertion major >= 0 && major < 10 failed`) (a macro, for the class rules to
/// include it; [`TRT_RELEASE_LACKS_SM`] for the signature's key).
macro_rules! trt_release_lacks_sm {
    () => {
        r"\bTarget GPU SM \d+ is not supported by this TensorRT release|\bsmVerHex2Dig\b.*\bmajor < \d+ failed"
    };
}
pub const TRT_RELEASE_LACKS_SM: &str = trt_release_lacks_sm!();

/// CUDA's limit of peers a GPU maps (eight), met on a host with more GPUs.
pub const PEER_MAPPING_LIMIT: &str =
    r"\bpeer mapping resources exhausted\b|\bcudaErrorTooManyPeers\b|\bCUDA_ERROR_TOO_MANY_PEERS\b";

/// Mesa's Vulkan driver for AMD GPUs on a job the kernel driver cancelled after a hang or reset.
macro_rules! radv_context_lost {
    () => {
        r"\bThe CS has been cancelled because the context is lost\b"
    };
}
pub const RADV_CONTEXT_LOST: &str = radv_context_lost!();

/// [`ray_node_dead!`], for the signature's key.
pub const RAY_NODE_DEAD: &str = ray_node_dead!();

/// CUDA's runtime refusing a call or a launch it was given (see the class rule), a macro for the
/// class rule and [`is_cuda_refusal`] to share.
macro_rules! cuda_refusal {
    () => {
        r"too many resources requested for launch|cudaErrorLaunchOutOfResources|CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES|\binvalid configuration argument\b|cudaErrorInvalidConfiguration|(?:(?i:cuda (?:runtime |driver )?error)(?: \(\w+\))?|HIP error): invalid (?:argument|resource handle)\b|\bCUDA error \S+:\d+ 'invalid (?:argument|resource handle)'|\bcuda[A-Z]\w*\(.*\)(?: failed)?: invalid (?:argument|resource handle)\b|\bCUDA error in \S+ executing '[^']*': invalid (?:argument|resource handle)\b|cudaErrorInvalidValue\b|\bCUDA_ERROR_INVALID_VALUE\b|cudaErrorInvalidResourceHandle|\binvalid resource handle\b|the launch timed out and was terminated|cudaErrorLaunchTimeout"
    };
}

/// A heading whose error's message is on the line below it, alone on its line: MATLAB's, the
/// function that raised it (`Error using gpuArray.zeros`, `Error using vl_nnconv (line 12)`);
/// LightGBM's command line's `Met Exceptions:`; VS Code's Python debugger's, copied from its
/// pop-up (`Exception has occurred: RuntimeError`, in Chinese `发生异常: OutOfMemoryError`); the Gaussian rasterizers' and llm.c's checks
/// of a CUDA call (`[CUDA ERROR] in cuda_rasterizer/rasterizer_impl.cu`, `[CUDA ERROR] at file
/// train_gpt2.cu:341:`); ComfyUI's dialog before its 2024 report, `Error occurred when executing
/// Sam2Segmentation:`, the exception's message below a blank line; VapourSynth's `Failed to
/// evaluate the script:` / `Script evaluation failed:` above `Python exception: ...`. A detector
/// takes it (tier 3)
/// and the parser moves the statement to the line below.
macro_rules! message_below_heading {
    () => {
        r"^(?:Error using [\w.]+(?: \(line \d+\))?|Met Exceptions:|Exception has occurred: [\w.]+|发生异常: [\w.]+|\[CUDA ERROR\] (?:in \S+|at file \S+:)|Error occurred when executing [\w .\-]+:|Failed to evaluate the script:|Script evaluation failed:)\s*$"
    };
}

/// See the `message_below_heading` macro.
pub static MESSAGE_BELOW_HEADING: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::matcher(message_below_heading!()));

/// Blender Cycles' check of a driver call: the driver's words, the call and its place (`Out of
/// memory in cuStreamCreate(&cuda_stream_, CU_STREAM_NON_BLOCKING) (queue.cpp:21)`); a detector
/// and a class rule read it.
macro_rules! cycles_driver_check {
    () => {
        r"^[A-Z][a-z]+(?: [a-z]+)* in cu[A-Z]\w*\(.*\) \(\S.*:\d+\)$"
    };
}
/// A program that could not set up its CUDA context or the driver's OptiX denoiser (Cycles'
/// `Failed to configure CUDA context (Invalid context)`).
macro_rules! device_setup_failed {
    () => {
        r"Failed to (?:create|configure|initiali[sz]e) (?:the )?(?:CUDA context|OptiX denoiser)\b"
    };
}
/// A severe or fatal diagnostic of the NVIDIA HPC SDK's compilers and PGI's before them
/// (`NVFORTRAN-F-0004-Unable to open MODULE file x.mod`, `PGF90-S-0519-...`).
macro_rules! hpc_sdk_diagnostic {
    () => {
        r"^(?:NVFORTRAN|PGF90|PGF95|PGFORTRAN|NVC\+\+|NVC|PGC\+\+|PGCC)-[SF]-\d{4}-"
    };
}
/// Open MPI asked for CUDA support it was not built with, in its help box.
macro_rules! ompi_cuda_not_built {
    () => {
        r"^The user requested CUDA support with the --mca \w+ 1 flag"
    };
}
/// torch's ONNX exporter, for an operator no symbolic function covers at that opset.
macro_rules! onnx_unsupported_operator {
    () => {
        r"\bExporting the operator '[^']+' to ONNX opset version \d+ is not supported"
    };
}
/// UCX's fatal error, which aborts the process (`cuda_ipc_cache.c:166  Fatal: ...`).
macro_rules! ucx_fatal {
    () => {
        r"\.c:\d+ +Fatal: "
    };
}

/// Whether a message is CUDA's refusal of a call or a launch: a driver that serves, refusing
/// what a program asked of it as it ran, not one that could not start.
pub fn is_cuda_refusal(text: &str) -> bool {
    static RE: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(cuda_refusal!()));
    RE.is_match(text)
}

/// Whether a message is a GPU context the kernel driver lost to a hang or a reset (radv's
/// [`RADV_CONTEXT_LOST`]): lost while the GPU ran, not a driver that could not start.
pub fn is_context_lost(text: &str) -> bool {
    static RE: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(RADV_CONTEXT_LOST));
    RE.is_match(text)
}

/// The words of an error the detectors' last, generic rule reads on any line (an exception named
/// in prose counts only on a logger's error line).
macro_rules! error_words {
    () => {
        "error|failed|failure|fatal"
    };
}

/// The end of c10d's `NCCL error in: FILE:LINE, <status>, NCCL version X`, which a paste may
/// keep without its head.
macro_rules! nccl_error_tail {
    () => {
        r"\.cpp:\d+, (?:unhandled (?:cuda|system) error|internal error|invalid usage|invalid argument|remote process exited)\b.*, NCCL version \d"
    };
}

/// Triton's Python backend finding the stub process that runs a model's code gone (it died of a
/// signal or was killed): `Stub process is unhealthy and it will be restarted`, `Stub process
/// 'model_0_0' is not healthy.`
macro_rules! stub_process_dead {
    () => {
        r"\bStub process (?:is unhealthy|'[^']*' is not healthy)"
    };
}

/// torch's DataLoader's report of a worker's fatal signal, in lower case: `Unexpected
/// segmentation fault encountered in worker.`
macro_rules! worker_signal {
    () => {
        r"Unexpected (?:segmentation fault|bus error|floating-point exception) encountered in worker"
    };
}

/// A CUDA library that cannot resolve a symbol of another it loads (cuBLAS of cuBLASLt:
/// `Invalid handle. Cannot load symbol cublasLtGetVersion`).
macro_rules! unloadable_symbol {
    () => {
        r"Cannot load symbol \w+"
    };
}

/// ggml's (llama.cpp's, ollama's) aborting checks: `GGML_ASSERT(x) failed`, the older
/// `GGML_ASSERT: file.cu:48: x`, a bare `GGML_ASSERT(x);`, `GGML_ABORT`'s `FILE:LINE: fatal
/// error` or `FILE:LINE: <its message>` (`llama.cpp:11968: The current context does not support
/// K-shift`: a sentence, where a compiler's `file.c:12:5: error:` names a column and a kind). A
/// detector and the class rule read them.
macro_rules! ggml_abort {
    () => {
        r"\bGGML_ASSERT(?:\(.*\) failed|: \S+:\d+: )|^GGML_ASSERT\(.*\);?\s*$|\.(?:cuh?|cpp|c):\d+: fatal error\s*$|^[\w/.\-]*(?:ggml|llama)[\w.\-]*\.(?:cuh?|cpp|c):\d+: [A-Z][a-z]+ [^:]{8,}$"
    };
}

/// Triton's refusal of an FP8 type the GPU cannot compute in: a detector, a class rule and a
/// signature key read it.
macro_rules! triton_fp8_arch {
    () => {
        r"\btype fp8\w* not supported in this architecture|\bfp8\w* data type is not supported on CUDA arch"
    };
}

/// NCCL's trace of an error result up its callers at INFO level (`NCCL INFO misc/socket.cc:564
/// -> 2`; results 1 to 6 are errors, 7 a non-blocking call still in progress): a class rule and
/// the line reader's last resort read it.
/// The Linux kernel's modpost refusing a module that uses what its licence may not (`ERROR:
/// modpost: GPL-incompatible module nvidia.ko uses GPL-only symbol 'x'`): a detector and the
/// build-error class read it.
macro_rules! modpost_gpl_only {
    () => {
        r"\bGPL-incompatible module \S+ uses GPL-only symbol\b"
    };
}

/// NVIDIA's containers' warning that they found no driver as they start (`WARNING: The NVIDIA
/// Driver was not detected.  GPU functionality will not be available.`): a detector and the
/// driver class read it.
macro_rules! container_without_driver {
    () => {
        r"\bThe NVIDIA Driver was not detected\. +GPU functionality will not be available\b"
    };
}

/// MIOpen's own errors, whatever step failed (`MIOpen(HIP): Error [SetIsaName] ...`, `MIOpen
/// Error: .../hipoc_program.cpp:286: Code object build failed.`): a detector and the library
/// status class read them, as cuDNN's are.
macro_rules! miopen_error {
    () => {
        r"^MIOpen(?:\(HIP\))?: Error \[\w+\] |^MIOpen Error: "
    };
}

/// XLA's device it could not use, `Failed to create stream executor for device CUDA:0:`, its
/// reason on the lines below: a detector and the driver-error class read it.
macro_rules! xla_no_stream_executor {
    () => {
        r"\bFailed to create stream executor for device \S"
    };
}

/// Lightning's launcher as a process it started exits with an error (`[rank: 1] Child process
/// with PID 23026 terminated with code 1. Forcefully terminating all other processes`): a
/// detector and the process-crash class read it.
macro_rules! lightning_child_exit {
    () => {
        r"\bChild process with PID \d+ terminated with code -?[1-9]\d*"
    };
}

/// NVSHMEM's error print of its bootstrap socket's lost peer (`FILE:socketProgress:LINE:
/// socketProgress: Connection closed by remote peer HOST<PORT>`): part of `nvshmem_error`, and
/// a detector of its own ahead of the collateral words NCCL's own socket uses.
macro_rules! nvshmem_peer_closed {
    () => {
        r"\.(?:cpp|cu|cc|c):\w+:\d+: .*\bConnection closed by remote peer\b"
    };
}

/// NVSHMEM's report of a failed step: `FILE:LINE: non-zero status: N <step>` (`(reason) ` after the
/// status in some versions), `FILE:LINE: NULL value <step>`, or its error print's `FILE:FUNC:LINE:
/// <message>` (`transport.cpp:nvshmemi_transport_init:275: init failed for transport: IBGDA`,
/// its bootstrap's copy of NCCL's sockets `ncclsocket_socket.cpp:socketProgress:59: socketProgress:
/// Connection closed by remote peer`). A detector and the class rule read it.
macro_rules! nvshmem_error {
    () => {
        concat!(
            r"\.(?:cpp|cu|cc|c|h|hpp|cuh):\d+: (?:non-zero status: -?\d+(?:[ :]|$)|NULL value(?: |$))|\.(?:cpp|cu|cc|c):\w+:\d+: .*\b(?:failed|[Ee]rror|[Uu]nable)\b|",
            nvshmem_peer_closed!()
        )
    };
}

macro_rules! nccl_error_trace {
    () => {
        r"NCCL INFO \S+:\d+ -> [1-6]\b"
    };
}

/// NCCL's trace of an error result (see the `nccl_error_trace` macro).
pub const NCCL_ERROR_TRACE: &str = nccl_error_trace!();

/// Go's runtime on Windows stating the exception a cgo call raised by its NTSTATUS code
/// (`Exception 0xc000001d 0x0 0x0 0x7ff8729a99dd`): a detector, a class rule and a signature key
/// (the code, captured) read it.
macro_rules! windows_exception {
    () => {
        r"^Exception (0xc0000[0-9a-f]{3}) 0x"
    };
}

/// See the `windows_exception` macro.
pub const WINDOWS_EXCEPTION: &str = windows_exception!();

/// torch's dispatcher with no kernel of an op for a backend (`Could not run 'torchvision::nms'
/// with arguments from the 'CUDA' backend`): a detector, a class rule and a signature key (the op
/// and the backend, captured) read it.
macro_rules! torch_no_kernel {
    () => {
        r"Could not run '([\w:.]+' with arguments from the '\w+)' backend"
    };
}

/// See the `torch_no_kernel` macro.
pub const TORCH_NO_KERNEL: &str = torch_no_kernel!();

/// compute-sanitizer's report of a hardware exception a kernel raised, its block's first line
/// (`========= Illegal instruction`, `Misaligned address`, `Invalid PC`): the detector and the
/// illegal-memory-access class both read it.
/// A CUDA call that a layer between the program and the driver (a GPU virtualisation's client
/// library) does not implement: OrionX's `Sorry, cudaMallocManaged() is not implemented in the
/// current version.`
macro_rules! cuda_call_unimplemented {
    () => {
        r"\bcu(?:da)?[A-Z]\w*\(\) is not (?:implemented|supported) in the current version\b"
    };
}

/// TensorRT-LLM's CUTLASS GEMM heuristics (which FlashInfer's MoE kernels use) refusing a
/// tactic the GPU cannot run: `Unsupported tile (64, 64, 64) and cluster (1, 2, 1) shape
/// combination for arch 100.`
macro_rules! cutlass_shape_unsupported {
    () => {
        r"\bUnsupported tile \([\d, ]+\) and cluster \([\d, ]+\) shape combination for arch \d+"
    };
}

/// torch's TensorPipe RPC agent's report of a transport's failure (`RPC agent for worker1
/// encountered error when reading incoming response from worker0: ...`).
macro_rules! rpc_agent_error {
    () => {
        r"\bRPC agent for \S+ encountered error when "
    };
}

macro_rules! sanitizer_hw_exception {
    () => {
        r"^[ \t]*=+ +(?i:Illegal (?:instruction|address)|Misaligned address|Invalid (?:PC|address space)|Hardware stack (?:overflow|error))\s*$"
    };
}

/// ggml's allocation of a device's buffer, whichever backend's device (`ggml_gallocr_reserve_n:
/// failed to allocate ROCm0 buffer of size N`, its loader's `error loading model: unable to
/// allocate CUDA2 buffer`, SYCL's `can't malloc N Bytes memory on device`,
/// Vulkan's `ggml_vulkan: Device memory allocation of size N failed.` and the driver's
/// `ErrorOutOfDeviceMemory`, Metal's command buffer that ran out, `error: Insufficient Memory
/// (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)`): the detector and the out-of-memory
/// class both read it.
macro_rules! ggml_device_alloc {
    () => {
        concat!(
            r"\bfailed to allocate (?:CUDA|ROCm|SYCL|Vulkan|Metal)\d* buffer of size \d|",
            ggml_load_alloc!(),
            r"|\bcan't malloc \d+ Bytes memory on device|\bDevice memory allocation of size \d+ failed|\bErrorOutOfDeviceMemory\b|kIOGPUCommandBufferCallbackErrorOutOfMemory"
        )
    };
}

/// Tenstorrent's allocator out of a device's memory (`Out of Memory: Not enough space to allocate
/// 499122176 B DRAM buffer across 12 banks, ...`), and its traces larger than the region set
/// aside for them (`Creating trace buffers of size 60825600B on MeshDevice 0, but only
/// 50000000B is allocated for trace region.`): the detector and the out-of-memory class both
/// read it.
macro_rules! tt_device_oom {
    () => {
        r"\bOut of Memory: Not enough space to allocate \d+ B (?:DRAM|L1)\b|\bCreating trace buffers of size \d+ ?B on \w+ \d+, but only \d+ ?B is allocated for trace region\b"
    };
}

/// llama.cpp's loader out of a device's memory for the model's buffers (`error loading model:
/// unable to allocate CUDA2 buffer`): the class rule (through [`ggml_device_alloc!`]) and the
/// signature's key share it.
macro_rules! ggml_load_alloc {
    () => {
        r"\bunable to allocate (?:CUDA|ROCm|SYCL|Vulkan|Metal)\d* buffer\b"
    };
}

/// [`ggml_load_alloc!`], for the signature's key.
pub const GGML_LOAD_ALLOC: &str = ggml_load_alloc!();

/// TensorRT-LLM's runtime feeding an input the engine was not built with (`Input tensor
/// 'host_sink_token_length' not found; expected shape: (1)`): the class rule and the signature's
/// key share it.
macro_rules! trtllm_missing_input {
    () => {
        r"\bInput tensor '[^']+' not found; expected shape\b"
    };
}

/// [`trtllm_missing_input!`], for the signature's key.
pub const TRTLLM_MISSING_INPUT: &str = trtllm_missing_input!();

/// bitsandbytes' older setup falling back to a CPU build it does not have (`CUDA SETUP: Required
/// library version not found: libbitsandbytes_cpu.so`): a detector and a class rule read it.
const BNB_CPU_FALLBACK: &str = r"^CUDA SETUP: Required library version not found: \S";

/// The node and the error code TensorRT's ONNX parser has put before the check that failed since
/// TensorRT 8 (`In node 0 (importModel): INVALID_GRAPH: Assertion failed: ...`): the detector
/// and the grouping key read it.
macro_rules! trt_parser_node {
    () => {
        r"In node -?\d+ \([\w:]+\): (?:INVALID|UNSUPPORTED)_[A-Z_]+: "
    };
}
pub(crate) use trt_parser_node;

/// TensorRT's statements of a network its builder or ONNX parser does not take as given: a
/// detector and a class rule read it. (The parser's node and error code, see
/// `trt_parser_node`; onnx2trt's data type it has no TensorRT type for, `Unsupported ONNX data
/// type: INT64 (7)`.)
const TRT_UNBUILDABLE: &str = concat!(
    r"\bNetwork has dynamic or shape inputs, but no optimization profile has been defined\b|\bNo importer registered for op: \S|\b",
    trt_parser_node!(),
    r"|^Unsupported ONNX data type: \S"
);

/// See [`classify`]: TensorRT's ONNX parser's failed check of the graph it was given.
static TRT_PARSER_REFUSAL: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?:^|\s)\[[5-8]\] Assertion failed: "));

/// NumPy 2 refusing an extension built against NumPy 1 (`A module that was compiled using NumPy
/// 1.x cannot be run in NumPy 2.0.0 as it may crash.`): a detector and a class rule read it.
const NUMPY1_BUILD: &str = r"^A module that was compiled using NumPy 1\.x cannot be run in\b";

/// vLLM's LoRA loader refusing an adapter whose modules the model does not take (`While loading
/// <path>, expected target modules in [...] but received [...]`): the class rule and the
/// signature's key share it.
pub const VLLM_LORA_TARGETS: &str = r"\bWhile loading \S+, expected target modules in ";

/// TensorRT's ONNX parser with no importer or plugin for an op (`In function
/// importFallbackPluginImporter:`, TensorRT 10's `checkFallbackPluginImporter`, then `creator &&
/// "Plugin not found, are the plugin name, version, and namespace correct?"`): the class rule
/// and the signature's key share it.
pub const TRT_NO_PLUGIN: &str = r"\bIn function (?:import|check)FallbackPluginImporter\b|Plugin not found, are the plugin name, version, and namespace correct";

/// ONNX Runtime's arena out of device memory (`BFCArena::AllocateRawInternal(...) Failed to
/// allocate memory for requested buffer of size N`): the class rule and the signature's key
/// share it.
pub const ORT_ARENA_OOM: &str =
    r"BFCArena::AllocateRawInternal\b.*\bFailed to allocate memory for requested buffer\b";

/// A KV-cache size a server computed below zero, the weights and activations having taken more
/// than its share of GPU memory: vLLM's `Available KV cache memory: -2.77 GiB` (at INFO, before
/// the error a cut paste may lack) and SGLang's `max_total_tokens=N is larger than the profiled
/// value -N`. A detector, the class rule, the phase and the signature key read it.
macro_rules! negative_kv_memory {
    () => {
        r"\bKV cache memory: -\d|\bis larger than the profiled value -\d"
    };
}

/// See the `negative_kv_memory` macro (the class rule and the detector read the pattern; the
/// line reader, the phase and the signature key this matcher).
pub static NEGATIVE_KV_MEMORY: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(negative_kv_memory!()));

/// c10d's report that a read from the rendezvous store failed on its socket (`[c10d] recvValue
/// failed on SocketImpl(...): Connection reset by peer`): a statement at warning level, and one
/// problem whichever value was read.
pub const STORE_READ_FAILED: &str = r"\[c10d\] recv\w* failed on SocketImpl\(";

/// c10d's write to the store on a socket its server closed (`[c10d] sendBytes failed on
/// SocketImpl(...): Broken pipe`), and its watchdog's like warning as it polls the store
/// (`Failed to check the "should dump" flag on TCPStore, (maybe TCPStore server has shut down too
/// early), with error: Broken pipe`): the store's server, on the first rank, is gone.
pub const STORE_SERVER_GONE: &str = r#"\[c10d\] send\w* failed on SocketImpl\(.*: Broken pipe|\bFailed to check the "should dump" flag on TCPStore\b.*\bBroken pipe"#;

/// Ordered detectors: the first pattern that matches a line decides its tier.
const DETECTORS: &[(&str, u8)] = &[
    // --- device assertions (tier 4): first, since a damaged line may glue a wrapper to one;
    // DeepEP's and DeepGEMM's device-side assert macros print `Assertion failed: <file>.cu:N,
    // condition: <cond>` before they trap (a paste may wrap the condition onto the next line);
    // a kernel's bounds check prints `Out Of Bound Tensor access detected at dim[1]: assert(63 <
    // 63)` from each thread that failed it; a paste that wraps torch's device assertion may
    // start a line at its thread's coordinates, `[0,0,0], thread: [66,0,0] Assertion `...` ---
    (
        r"(\.cu|\.cuh|\.h|\.hip):\d+: .*Assertion .* failed|\bDevice-side assertion `.*' failed|(?:block: |^)\[\d+,\s*\d+,\s*\d+\],? thread: \[\d+,\s*\d+,\s*\d+\].*Assertion|Assertion `.+` failed|Assertion failed: \S*\.cuh?:\d+,(?: condition: |$)|Out Of Bound Tensor access detected at dim\[\d+\]: assert\(",
        4,
    ),
    // --- CUDA's report that a capture already failed (`operation failed due to a previous error
    // during capture`, `cudaErrorStreamCaptureInvalidated`): a consequence, printed before or
    // after the call that broke the capture (`operation not permitted when stream is
    // capturing`), so only a statement when nothing says more (tier 1) ---
    (
        r"operation failed due to a previous error during capture|\b(?:cudaErrorStreamCaptureInvalidated|CUDA_ERROR_STREAM_CAPTURE_INVALIDATED|ERROR_STREAM_CAPTURE_INVALIDATED)\b",
        1,
    ),
    // --- a host C/C++ `assert()` (tier 3): glibc prints `prog: FILE:LINE: FUNC: Assertion `COND'
    // failed.` (a closing quote, where CUDA's device assertion has a backtick) before it aborts,
    // and the condition is the statement; Triton's compiler asserts so in its MLIR passes ---
    (r"Assertion `[^`]+' failed", 3),
    // (Faiss's own check, `Faiss assertion 'err__ == cudaSuccess' failed in FUNC at FILE:N;
    // details: CUDA error 77`, before it aborts)
    (r"^Faiss assertion '.+' failed in ", 3),
    // (c10's loader of a compiled library, `Error in dlopen: model.so: undefined symbol: X`,
    // thrown, as AOTInductor's runner and torch's NVRTC stub load theirs)
    (
        r"\bError in dlopen(?: or dlsym)?(?::| for library) \S*\.so",
        3,
    ),
    // (Blender Cycles' check of a driver call, the driver's words then the call and its place:
    // `Out of memory in cuStreamCreate(&cuda_stream_, CU_STREAM_NON_BLOCKING) (queue.cpp:21)`)
    (cycles_driver_check!(), 3),
    // (the NVIDIA HPC SDK's compilers (and PGI's before them) state a severe or fatal
    // diagnostic with the compiler's name, its severity's letter and a number:
    // `NVFORTRAN-F-0004-Unable to open MODULE file x.mod`, `PGF90-S-0519-More than one
    // device-resident object in assignment (exx.f90: 4574)`)
    (hpc_sdk_diagnostic!(), 3),
    // (a runtime's own fatal statement, as OpenACC's prints it before it exits: `FATAL ERROR:
    // data in PRESENT clause was not found on device 1: name=density`, also behind a launcher's
    // rank and thread, `1: 14: FATAL ERROR: ...`)
    (r"(?:^|: )FATAL ERROR: \S", 3),
    // (Julia's loader, for CUDA.jl, when the driver's library is absent: `could not load
    // library "libcuda"`, inside its logger's box)
    (r"\bcould not load library \x22libcuda\b", 3),
    // (a program's own check of a CUDA call: a plugin's, as DeepStream's and TensorRT's samples
    // write it, `CUDA failure: too many resources requested for launch in file yoloPlugins.cpp at
    // line 149`; hypre's, the status's number and words, then the place, `CUDA ERROR (code = 700,
    // an illegal memory access was encountered) at .../device_utils.c:258`; a driver call's name
    // and CUDA's words, as hashcat prints them, `cuLinkAddData(): the provided PTX was compiled
    // with an unsupported toolchain.`; AMReX's, the status's number, the place and CUDA's words,
    // `CUDA error 700 in file .../AMReX_GpuDevice.cpp line 642: an illegal memory access was
    // encountered !!!`; a miner's, `cuda exception in [check_if_cuda_really_exists, 256],
    // unknown error`; cuFile's assertion as it aborts the
    // process, `Assertion failure, file index :cufio-udev  line :134`; XLA's, `cuLinkAddData
    // fails. This is usually caused by stale driver version.`, above its hint to bypass the
    // linker; glibc's, as a new thread found no memory for its thread-local storage, `cannot
    // allocate memory for thread-local data: ABORT`; TensorRT's check of an argument it was
    // given, `Parameter check failed at: cudnnEngine.cpp::enqueue::267, condition: bindings[x] !=
    // nullptr`, before the caller's exception; Kaldi's check of a CUDA call, `cudaError_t
    // 700 : "an illegal memory access was encountered" returned from 'cudaStreamSynchronize(s)'`;
    // OptiX's status alone on its line below the place that checked it, `OPTIX_ERROR_UNSUPPORTED_
    // ABI_VERSION (7801)`; Dr.Jit refusing a driver it knows miscompiles OptiX, `DrJit considers
    // the driver of your graphics card buggy ...`; Magnum's EGL context with no EGL device for
    // the CUDA device (Habitat), `unable to find CUDA device 0 among 2 EGL devices in total`. And
    // the driver's kernel module
    // refused: the kernel
    // would not load it unsigned under Secure Boot, `modprobe: ERROR: could not insert 'nvidia':
    // Key was rejected by service`, `Loading of module with unavailable key is rejected`; another
    // driver, nouveau as a rule, holds its device, `NVRM: The NVIDIA probe routine was not called
    // for 1 device(s).`; NVIDIA's driver container found no kernel headers to build it against,
    // `Could not resolve Linux kernel version`; torch's statement that it sees no GPU alone on
    // a C++ program's error line, Dorado's `[error] No CUDA GPUs are available`; a kernel's own
    // refusal of the device it runs on, printed from the GPU before it traps, Nunchaku's `This
    // kernel is not supported on your GPU`, above the launch failure it leaves; ggml's
    // fixed context out of room, `ggml_new_tensor_impl: not enough space in the context's memory
    // pool (needed N, available N)`, before its assertion; a C++ program's own handler of a
    // fatal signal, `Interrupt signal (11) received.` (InfiniStore), `Server received critical
    // signal: 11` (Milvus), at whatever level it logs
    // it, above the stack it prints)
    (
        concat!(
            r"\bCUDA failure: .+ in file \S+ at line \d+|^CUDA ERROR \(code = \d+, .+\) at \S+:\d+|^c[lu][A-Z]\w*\(\): (?:[a-z]|CL_[A-Z])|\bCUDA error \d+ in file \S+ line \d+: |\bcuda exception in \[\w+, \d+\], ",
            r"|^Assertion failure, file index :\S+ +line :\d+|\bcuLinkAddData fails\. |\bcannot allocate memory for thread-local data\b|\bParameter check failed at: \S+::\w+::\d+, condition: |\bcudaError_t \d+ : \x22[^\x22]*\x22 returned from '|^OPTIX_ERROR_[A-Z_]+\b|\bDrJit considers the driver of your graphics card buggy\b|\bunable to find CUDA device \d+ among \d+ EGL devices\b|\bcould not insert 'nvidia[\w-]*': |^Loading of module with unavailable key is rejected\b|^NVRM: The NVIDIA probe routine was not called for \d+ device|^Could not resolve Linux kernel version\b|^No CUDA GPUs are available\b|^This kernel is not supported on your GPU\b|\bnot enough space in the context's memory pool\b|(?:^|\] )Interrupt signal \((?:4|6|7|8|11)\) received\b|^Signal (?:4|6|7|8|11) caught\.$|\breceived critical signal: (?:4|6|7|8|11)\b"
        ),
        3,
    ),
    // (Taichi's check of a driver call, `CUDA Error CUDA_ERROR_UNKNOWN: unknown error while
    // calling init (cuInit)`, whatever the driver's name for the status came out as)
    // (and a program's fatal record behind its own tag, LightGBM's `[LightGBM] [Fatal] [CUDA] an
    // illegal memory access was encountered .../cuda_data_partition.cu 987`, before the C++
    // exception that carries it; XGBoost's check of a CUDA call, the file, the line and CUDA's
    // words: `/workspace/src/tree/updater_gpu_hist.cu: 279: invalid argument`, below the heading
    // that names where it was caught; XLA's failed check of a status, `F ...autotuner.cc:1099]
    // Non-OK-status: executable.status()`, whose status is on the next line; SiftGPU refusing
    // the hardware it was given, `Shader not supported by your hardware!`; make running a
    // compiler that is not there, `make[1]: /usr/local/cuda/bin/nvcc: Command not found`;
    // RELION's check of a CUDA call, `ERROR: unknown error in .../cuda_projector.cu at line 126
    // (error-code 30)`; AmgX's, `Caught amgx exception: Cannot allocate pinned memory`; GLFW's,
    // `Glfw Error 65550: Failed to detect any supported platform`; ICICLE's heading of a failed
    // call, `CUDA Runtime Error by: cudaMallocAsync(...)` above CUDA's words; Darknet's,
    // `CUDA Error Prev: an illegal memory access was encountered`; FFmpeg's loader of the
    // driver's libraries, `[h264 @ 0x1e8e8840] Cannot load libnvcuvid.so.1`, `[AVHWDeviceContext
    // @ 0x...] Could not dynamically load CUDA`; Hydra's import of a configured class that
    // failed, `Error locating target 'x.y.Z', set env var HYDRA_FULL_ERROR=1 ...`; gcc missing its
    // compiler proper, `gcc: error trying to exec 'cc1plus': execvp: No such file or directory`;
    // TensorFlow's binary without an op a model uses, `Not found: Op type not registered
    // 'TRTEngineOp' in binary running on ...`, below TF Serving's `Loading servable: ... failed:`;
    // Bazel's report of a Starlark rule's `fail()`, `Error in fail: Repository command failed`,
    // whose cause (the configure script's) is on the next line; torch's CPU allocator's check
    // behind a caller's own words, `** model x could not be loaded: [enforce fail at
    // ..\c10\core\impl\alloc_cpu.cpp:81] data. DefaultCPUAllocator: not enough memory: ...`
    // (InvokeAI's); TensorRT's failed CUDA call, `ERROR: engine.cpp(404) - Cuda Error in
    // commonEmitTensor:11`, and its builder's `[E] 10: Could not find any implementation for
    // node ...`, whose code the line reader takes for a task's number; Guppy's `[guppy/error]
    // CuBLAS error at <file>`; torch's out-of-memory message hard-wrapped, its first words lost,
    // `Tried to allocate 418.00 MiB` on a line of its own; R torch's `Torch libraries are
    // installed but loading them was unsuccessful.`, `Lantern is not loaded.` under R's `Error
    // in f(x) :`; .NET's native library loader, `Unable to load DLL '...\LibTorchSharp.dll' or one
    // of its dependencies`; perftest's failed registration of its buffer with the network card
    // (GPUDirect RDMA), `Couldn't allocate MR`; nvdiffrast's `[E glutil.cpp:248] eglMakeCurrent()
    // failed when setting GL context`, before the CUDA-GL interop errors it leads to; an
    // AttributeError's message a trainer logged alone, `'DummyOptim' object has no attribute
    // 'param_groups'`, before the traceback; nvidia-smi's list of the GPUs it could not reset (for a MIG change too),
    // `GPU 00000000:01:00.0: In use by another client`; the JVM's report of the signal that killed it, in its comment-marked
    // header, `#  SIGSEGV (0xb) at pc=0x00007f8ee531b610, pid=3422, tid=...`; a profiler kept
    // from the GPU's counters, see `profiler_counters_denied`; gdb stopped at address zero, see
    // `gdb_null_frame`; PhysX's error callback, `PxgCudaUtils.h (54) : internal error :
    // SynchronizeStreams cuEventRecord failed`; k2's fatal check, `[F] .../device_guard.h:66:...
    // k2 compiled without CUDA support`, and torch built without a collective backend, `Failed to
    // initialize custom process group: Distributed package doesn't have NCCL built in.` (Windows,
    // macOS, an NPU's build); Elixir's report of the exception that ended a process, `**
    // (RuntimeError) Out of memory while trying to allocate 117964800 bytes.` (Nx's EXLA); the
    // ocl crate's status of a failed OpenCL call, `Status
    // error code: CL_MEM_OBJECT_ALLOCATION_FAILURE (-4)`, below `Error executing function: ...`;
    // TensorRT's lookup of a plugin the engine needs, `getPluginCreator could not find plugin
    // YoloLayer_TRT version 1`, before the deserialisation it fails; MSVC's diagnostic, which
    // names the file alone when it has no line, `flash_api.cpp : fatal error C1083: Cannot open
    // compiler generated file`; a program's check of a CUDA call, the call then CUDA's words,
    // `cudaMalloc(256 bytes) failed: operation not permitted when stream is capturing` (or the
    // call's name alone, AutoDock-GPU's `cudaGetDeviceCount failed initialization error`), or
    // DyNet's, the call alone, `CUDA failure in cudaMalloc(&ptr, n)`, CUDA's words on the next
    // line, which may stand alone: `the provided PTX was compiled with an unsupported toolchain.`;
    // TensorFlow's status of a failed NCCL call, `UNKNOWN: Error invoking NCCL: unhandled cuda
    // error`)
    (
        concat!(
            r"\bCUDA Error .* while calling \w+ \(cu\w+\)|^\[[A-Za-z][\w.-]*\] \[(?:Fatal|FATAL)\] \S|^/\S+\.cuh?: \d+: [a-z]|^#\s+SIG[A-Z]+ \(0x[0-9a-f]+\) at pc=0x|\bNon-OK-status: \S|^Error in fail: \S|",
            cpu_allocator_oom!(),
            r"|\bCuda Error in [\w:]+: ?\d+|",
            cublas_error_at!(),
            r"|",
            r_torch_lantern_unloaded!(),
            r"|\bUnable to load DLL '[^']+' or one of its dependencies\b|^Couldn't allocate MR\s*$|",
            egl_make_current_failed!(),
            r"|^'[\w.]+' object has no attribute '\w+'\s*$|",
            oom_message_tail!(),
            r"|\bCould not find any implementation for node\b|",
            profiler_counters_denied!(),
            r"|",
            gdb_null_frame!(),
            r"|",
            gpu_in_use_by_another_client!(),
            r"|\.\w+ \(\d+\) : (?:internal error|abort) : \S|",
            cudarc_unloadable!(),
            r"|\bgetPluginCreator could not find plugin\b|^Status error code: CL_[A-Z_]+ \(-\d+\)|\bcompiled without CUDA support\b|\bDistributed package doesn't have \w+ built in\b|^\*\* \((?:[A-Z]\w*\.)*[A-Z]\w*Error\) \S|^Shader not supported by your hardware!|",
            msvc_diagnostic!(),
            r"|\bcuda[A-Z]\w*\([^)]*\) failed: [a-z]|^cuda[A-Z]\w* failed:? (?:initialization|unknown) error\b|CUDA failure in cu\w*\(.*\)\s*$|\bError invoking NCCL: \S|^the provided PTX was compiled with an unsupported toolchain\b|\bSiftGPU not fully supported\b|^make(?:\[\d+\])?: \S+: Command not found\b|\bin \S+\.(?:cuh?|cpp|h) at line \d+ \(error-code \d+\)|^Caught amgx exception: \S|^Glfw Error \d+: \S|CUDA Runtime Error by: \S|^CUDA Error(?: Prev)?: [a-z]|(?:^|\] )Cannot load lib\w+\.so(?:\.\d+)*\s*$|(?:^|\] )Could not dynamically load CUDA\b|^Error locating target '[^']+'|\berror trying to exec '[^']+': execvp\b|\bOp type not registered '\w+' in binary\b",
        ),
        3,
    ),
    // (CUDA's words for a kernel's fault behind a function's name alone, as SiftGPU prints
    // them: `PyramidCU::GenerateFeatureList:\tan illegal memory access was encountered`)
    (
        r"^[\w:]+:\s+an illegal memory access was encountered\s*$",
        3,
    ),
    // (and its failure to set up the device, which it prints above its pointer to its GPU
    // rendering guide: `Failed to configure CUDA context (Invalid context)`, `Failed to create
    // OptiX denoiser`)
    (concat!("^", device_setup_failed!()), 3),
    // --- vLLM's report of the exception a worker raised in a method the engine called, with its
    // message behind (`Exception in worker VllmWorkerProcess while processing method
    // determine_num_available_blocks: <message>`), when its traceback was not kept; pydantic v1's
    // line of a field it rejected (`<message> (type=value_error)`) (tier 3) ---
    (
        r"Exception in worker \S+ while processing method \w+: \S|\(type=value_error(?:\.\w+)*\)\s*$",
        3,
    ),
    // --- Open MPI's report that a rank called `MPI_Abort` (tier 1): the rank aborted on behalf
    // of an error it states above, when the paste kept it; so does TensorFlow's exception for
    // a cuDNN that did not start (`UnknownError: Failed to get convolution algorithm. This is
    // probably because cuDNN failed to initialize, so try looking to see if a warning log
    // message was printed above.`), which a paste may put before the log (not the status it
    // lists under `N root error(s) found.`, its statement when nothing is above); and Slurm's pyxis
    // plugin for a container that did not start, whose enroot log it prints below (`pyxis:
    // container start failed with error code: 1`, `pyxis: printing enroot log file:`, `spank:
    // required plugin spank_pyxis.so: task_init() failed with rc=-1`) ---
    (
        r"MPI_ABORT was invoked on rank \d+|Error: +Failed to get convolution algorithm\. This is probably because cuDNN failed to initialize, so try looking to see if a warning log message was printed above\b|\bpyxis: (?:container start failed with error code: \d+|printing enroot log file:|couldn't start container)\s*$|\bspank: required plugin \S+: task_init\(\) failed\b",
        1,
    ),
    // --- Open MPI's help text for a runtime that did not come up (`It looks like orte_init
    // failed for some reason; your parallel process is`, `... MPI_INIT failed ...`, `ORTE was
    // unable to reliably start one or more daemons.`): the first statement, the reasons it
    // lists below only guesses (tier 3); so are its refusals to place the processes asked for
    // (`All nodes which are allocated for this job are already filled.` when a program spawns
    // workers beyond its allocation, `There are not enough slots available in the system ...`) ---
    (OMPI_START_FAILED, 3),
    // --- and the remote shell's own error that Open MPI's launcher printed before that report
    // (the daemon not on the remote `PATH`, `bash: orted: command not found`; ssh that could not
    // reach or log into a node, `ssh: Could not resolve hostname localhost:4: Name or service not
    // known`, `Host key verification failed.`): the cause its listed guesses only guess at
    // (tier 3) ---
    (OMPI_REMOTE_SHELL, 3),
    // --- a Go program's panic (`panic: At least one device with migEnabled=true was not
    // configured correctly: ...`, a Kubernetes device plugin's), the process's last statement
    // (tier 3) ---
    (GO_PANIC, 3),
    // --- a status of XLA's (TensorFlow's, JAX's) runtime that names no failure in other words,
    // `(1) RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the bottom of memory.`, listed
    // before the op that reports it (tier 3) ---
    (r"\bRESOURCE_EXHAUSTED: \S", 3),
    // --- and TensorFlow 1.x's statuses as it lists them under `2 root error(s) found.`, in
    // words (`(0) Unknown: Failed to get convolution algorithm. ...`, `(1) Internal: ...`): each
    // a statement of the error, whose wrapper names only its class (tier 3) ---
    (TF_LISTED_STATUS, 3),
    // --- and its statement of an allocation that failed, on a line of its own below the
    // exception that wraps it (`ResourceExhaustedError: Graph execution error:`, then `OOM when
    // allocating tensor with shape[16,64,64,64] and type float on /job:localhost/...`); XLA's
    // warning that the CUDA toolkit's libdevice, which its GPU compile links, is missing
    // (`libdevice is required by this HLO module but was not found at ./libdevice.10.bc`),
    // before the op's failure (tier 3) ---
    (
        r"^\s*OOM when allocating tensor with shape\S* and type \w+ on \S|\blibdevice is required by this HLO module but was not found\b",
        3,
    ),
    // --- and an op's failure as its kernel logs it, at warning level, before Python raises it
    // (see `is_allocator_failure`) (tier 3) ---
    (OP_FAILED_RE, 3),
    // --- Open MPI's shared-memory transport whose single copy between processes failed
    // (`Read -1, expected 33554432, errno = 14`: `process_vm_readv` refused, as a container
    // without ptrace rights refuses it), stated before the crash it leads to (tier 3) ---
    (OMPI_CMA_READ, 3),
    // --- CUDA's own words for finding no GPU (and HIP's, `no ROCm-capable device`), whoever
    // prints them without a label of their own (XGBoost's `[12:56:52] .../common.h:41:
    // .../common.cu: 13: no CUDA-capable device is detected`) (tier 3) ---
    (r"\bno (?:CUDA|ROCm)-capable device is detected\b", 3),
    // --- a heading with its error's message on the line below (LightGBM's `Met Exceptions:`,
    // MATLAB's `Error using gpuArray.zeros`, the Gaussian rasterizers' `[CUDA ERROR] in <file>`
    // over `Line 336: an illegal memory access was encountered`: see `message_below_heading`)
    // (tier 3; the statement moves to that line) ---
    // (and a pipeline's report of the stage that raised, its exception's message inline, SGLang's
    // diffusion runtime's `[TextEncodingStage] Error during execution after 630.26 ms: Expected
    // attn_mask dtype ...`, before the traceback and an accelerator's log of the operator that
    // failed)
    (
        concat!(
            message_below_heading!(),
            r"|\] Error during execution after \d+(?:\.\d+)? ms: \S"
        ),
        3,
    ),
    // --- PhysX's GPU allocator out of device memory (`PxgCudaDeviceMemoryAllocator fail to
    // allocate memory N bytes!! Result = 2`), before the failures of the steps that needed it
    // (tier 3) ---
    (PHYSX_ALLOC_OOM, 3),
    // --- ggml reading a GGUF tensor of a type its build does not know (`gguf_init_from_file_impl:
    // tensor 'blk.0.ffn_down_exps.weight' has invalid ggml type 39 (NONE)`), or one whose type
    // number it gives another meaning (`... of type 4 (DEPRECATED) has 2880 elements per row, not
    // a multiple of block size (0)`), before the loader's `failed to read tensor info` (tier 3) ---
    (GGML_UNKNOWN_TYPE, 3),
    // --- XLA's check of the cuDNN library it loaded against the one it was built with, logged
    // with no error word before the call that fails on it (tier 3) ---
    (
        r"Loaded runtime CuDNN library: \S+ but source was compiled with",
        3,
    ),
    // --- a launcher's report that a worker was killed (tier 1), before the summary wrappers: a
    // damaged summary may glue `exitcode: -9` into another field's line; SGLang's launcher logs
    // `Exit code: -9` (multiprocessing's -signal) under its `Rank N scheduler is dead` wrapper;
    // Python's `subprocess` words a child's SIGKILL `Command '[...]' died with <Signals.SIGKILL:
    // 9>.`, a desktop's launcher `terminated by signal SIGKILL (Forced quit)` ---
    (
        r"(?:exitcode|[Ee]xit code)\s*:\s*-9\b|[Ss]ignal 9 \(SIGKILL\) received by PID|ProcessExitedException: process \d+ terminated with signal|exited on signal 9 \(Killed\)|exits with return code = -9\b|died with <Signals\.SIGKILL: 9>|\bterminated by signal SIGKILL\b",
        1,
    ),
    // --- llama.cpp's `llama_model_load: error loading model: <why>` (tier 3, a statement): its
    // callers' `failed to load model`, `main: error: unable to load model` after it say less ---
    (r"^(?:\w+: )?error loading model: \S", 3),
    // --- Candle's loader (TEI's backend) finding no tensor the model needs, `Could not start
    // backend: cannot find tensor embeddings.word_embeddings.weight` (tier 3): the `Error: Could
    // not create backend` that its `main` returns after it says less ---
    (r"\bcannot find tensor \S", 3),
    // --- ggml's report of a kernel built without code for the GPU (`ERROR: CUDA kernel
    // mul_mat_vec has no device code compatible with CUDA arch 520. ggml-cuda.cu was compiled
    // for: ...`, tier 3): printed by each thread that reached it, before the launch fails ---
    (r"has no device code compatible with CUDA arch \d+", 3),
    // --- torch's check, under `TORCH_DISTRIBUTED_DEBUG=DETAIL`, that the ranks called the same
    // collective (`Detected mismatch between collectives on ranks. Rank 0 is running collective:
    // ...`), and DeepSpeed's refusal to build its ops without a toolkit (`CUDA_HOME does not
    // exist, unable to compile CUDA op(s)`): statements of their own (tier 3), whatever wraps
    // them ---
    (
        r"Detected mismatch between collectives on ranks|CUDA_HOME does not exist, unable to compile CUDA op",
        3,
    ),
    // --- a desktop app's last word on a runtime process that died without a message (LM Studio:
    // `(Exit code: 18446744072635810000). Unknown error.`, the code an unsigned status) ---
    (r"^\(Exit code: -?\d+\)\.? Unknown error", 1),
    // --- DeepSpeed's launcher, when a worker exits non-zero, kills the others and logs the
    // worker's command line and `exits with return code = N` (a negative N: the signal that
    // ended it) from its `sigkill_handler` (tier 1): the worker's own error, above, states why ---
    (r"\] exits with return code = -?[1-9]\d*$", 1),
    // --- an OpenAI-compatible server's error body as its client printed it (vLLM's and SGLang's
    // `{"object":"error","message":"...","type":"BadRequestError",...}`, tier 3): the server's
    // statement of why it refused the request ---
    (
        r#"^\{['"]object['"]: ?['"]error['"], ?['"]message['"]: ?['"]."#,
        3,
    ),
    // --- a wrapper that quotes the cause it caught (tier 2): the cause itself, when the paste
    // kept it, comes first and is stronger ---
    (r"Worker failed with error '.", 2),
    // (its tail alone, where a paste wrapped the line before the quoted exception:
    // `ValueError("...")', please check the stack trace above for the root cause`)
    (
        r#"^\w*(?:Error|Exception)\(\\?['"].*'?, please check the stack trace above"#,
        2,
    ),
    // (systemd's report of a service's process that ended, `ollama.service: main process
    // exited, code=exited, status=127/n/a`: the statement that its `ollama.service failed.` and
    // `Unit ... entered failed state.` only summarise; one that exited with a status of its own
    // ranks below what the journal shows of why, the kernel's `NVRM: API mismatch: ...` quoted
    // after it)
    (
        r"\.service: [Mm]ain process exited, code=(?:killed|dumped), status=",
        3,
    ),
    // (Triton Inference Server's last word when it cannot start: `error: creating server:
    // Invalid argument - load failed for model 'm': ...`, the model's error behind it;
    // text-embeddings-inference's record of a backend that would not start, `Could not start
    // Candle backend: Could not start backend: config is not supported`, above the `Error:
    // Could not create backend` it then exits with; Lightning's launcher as one of the processes
    // it started exits with an error, `[rank: 1] Child process with PID 23026 terminated with
    // code 1. Forcefully terminating all other processes`: the child's own error says why)
    (
        concat!(
            r"\.service: [Mm]ain process exited, code=exited, status=|^error: creating server: |\bCould not start (?:Candle|ORT|Python) backend: \S|",
            lightning_child_exit!()
        ),
        2,
    ),
    // (and its reports of one model that failed to load, which quote the backend's error: `Model
    // 'm' loading failed with error: version 1 is at UNAVAILABLE state: Internal: <cause>`, read
    // as a compiler's `error:` otherwise, and the backend's own `Failed to create instance:
    // <cause>`, which comes first)
    (TRITON_LOAD_WRAPPER, 2),
    // (torch elastic's error record, which its error handler logs as indented JSON, `ERROR:...
    // error_handler:{` / `"message": {` / `"message": "RendezvousClosedError: ",`: the exception
    // it caught, quoted as a JSON string)
    (
        r#"^\s*"message": "(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception): "#,
        3,
    ),
    // (ggml's abort after a CUDA call failed, `GGML_ASSERT: ggml-cuda.cu:101: !"CUDA error"`:
    // its `CUDA_CHECK` printed the error and where above it, so the assert repeats them)
    (
        r#"\bGGML_ASSERT(?:\(|: \S+:\d+: )!"(?:CUDA|ROCm|HIP|MUSA|SYCL) error"\)?"#,
        1,
    ),
    // (ggml's failed check, in each of its wordings: `GGML_ASSERT(x) failed`, the older
    // `GGML_ASSERT: file.cu:48: x`, a bare `GGML_ASSERT(x);` its abort printed, and
    // `GGML_ABORT`'s `FILE:LINE: fatal error`)
    (ggml_abort!(), 3),
    // (PMIx's server finding a peer process it can no longer reach, `PMIX ERROR: UNREACHABLE in
    // file server/pmix_server.c`: a rank that died, whose own error is the cause)
    (r"\bPMIX ERROR: UNREACHABLE\b", 2),
    // (Open MPI's runtime layers state a failure to launch or wire up ranks as `PRTE ERROR: Bad
    // parameter in file F at line N`, `ORTE_ERROR_LOG`, `PMIX ERROR: ...`)
    (r"\b(?:PRTE|ORTE|PMIX|OPAL) ERROR: |\bORTE_ERROR_LOG: ", 3),
    // (vLLM's V0 engine client: `MQEngineDeadError: Engine loop is not running. Inspect the
    // stacktrace to find the original error: ValueError('...')`)
    (r"Inspect the stacktrace to find the original error: .", 2),
    // --- a peer's failure as this rank saw it (tier 2): the statement when nothing stronger is in
    // the paste, yet weaker than the cause a failing rank printed ---
    // (NCCL's proxy that could not connect to a peer's, `Proxy Call to rank 1 failed (Connect)`,
    // as its service's `Failed to execute operation Connect from rank 1`: the peer's side)
    // (and a rank's report of the peer it waited for: c10d's store, `... This may indicate a
    // possible application crash on rank 0 or a network set up issue.`, and Gloo's monitored
    // barrier, `Rank 3 successfully reached monitoredBarrier, but received errors while waiting
    // for send/recv from rank 0`, `Ranks 1 failed to pass monitoredBarrier`)
    (
        r"remote process exited or there was a network error|NCCL WARN .*(Broken pipe|Connection closed by remote peer|Connection reset by peer|Failed to execute operation|Proxy Call to rank \d+ failed)|This may indicate a possible application crash on rank \d+|received errors while waiting for send/recv from rank \d+|failed to pass monitoredBarrier",
        2,
    ),
    // --- the driver's report that it could not initialise a GPU, `NVRM: GPU 0000:02:00.0:
    // RmInitAdapter failed! (0x62:0x55:1861)` (tier 2): a status, whose cause (a GSP that would
    // not boot, a client of another version) the driver states on its own line, before it or,
    // from a later attempt, after ---
    // (the open kernel module words it `rm_init_adapter failed, device minor number 0`)
    (r"RmInitAdapter failed!|\brm_init_adapter failed\b", 2),
    // --- Ray's report of an actor whose worker its memory monitor killed (`The actor is dead
    // because its worker process has died. Worker exit type: NODE_OUT_OF_MEMORY Worker exit
    // detail: Task was killed due to the node running low on memory.`, tier 3): the death
    // report states the cause itself ---
    // (and NVSHMEM's error print of its bootstrap socket's lost peer, `FILE:socketProgress:LINE:
    // socketProgress: Connection closed by remote peer HOST<PORT>`: the first statement of the
    // failure its status lines then pass up, where NCCL's own socket says the same words as a
    // collateral below)
    (
        concat!(
            r"\bWorker exit (?:type: NODE_OUT_OF_MEMORY\b|detail: Task was killed due to the node running low on memory)|",
            nvshmem_peer_closed!()
        ),
        3,
    ),
    // --- Ray's report that a worker process died (tier 2): it lists possible causes, it does
    // not know which (its `ActorDiedError: The actor died unexpectedly before finishing this
    // task.` is the same report, whose message goes on to that detail a few lines below) ---
    // (and vLLM's front end finding its engine process gone, `RuntimeError('Engine loop has
    // died')`, `MQLLMEngine is already dead, terminating server process`: the cause, if any, is
    // the engine's own report before it; and Ray's loss of a whole node, see [`RAY_NODE_DEAD`];
    // Triton's Python backend finding the stub process that runs a model gone, `Stub process is
    // unhealthy and it will be restarted`; ROS 2's launcher, `[ERROR] [component_container-1]:
    // process has died [pid 1497463, exit code -11, cmd '...']`)
    (
        concat!(
            stub_process_dead!(),
            r"|worker process has died|\bprocess has died \[pid \d+, exit code -?\d+|A worker died or was killed while executing a task|The actor died unexpectedly before finishing this task|Engine loop has died|MQLLMEngine is already dead|",
            ray_node_dead!()
        ),
        2,
    ),
    // --- pydantic's summary of a rejected configuration; its `Value error, ...` line says why
    // (a paste may wrap the summary: `ValidationError: 1 validation` / `error for VllmConfig`) ---
    (
        r"\d+ validation errors? for \w+|ValidationError: \d+ validation\b",
        2,
    ),
    // --- torchrun's summary of a worker killed by a signal (`exitcode  : -6 (pid: N)`, `traceback
    // : Signal 6 (SIGABRT) received by PID N`, tier 1): what is known when the paste kept no
    // more, unlike the summary's headings and its `exitcode  : 1` of an exception printed above
    // (SIGTERM, 15, is the launcher stopping the others) ---
    (
        r"^\s*exitcode\s*:\s*-(?:[1-8]|1[0-46-9]|[2-6]\d)\b|^\s*traceback\s*:\s*Signal (?:[1-8]|1[0-46-9]|[2-6]\d) \(SIG\w+\) received",
        1,
    ),
    // --- wrappers that only point at the cause (tier 0; SGLang before 0.4.4 wrote `Received
    // sigquit from a child proces.`; transformers' lazy import states each module it could not
    // import as `Failed to import X because of the following error (look up to see its
    // traceback):`, nested, the error itself on the last line; TorchScript's `The following
    // operation failed in the TorchScript interpreter.`, above the script's traceback and the
    // error that ends it; uvicorn's and asyncio's headers above the traceback of what a request
    // or a callback raised, `Exception in ASGI application`, `Exception in callback <handle>`; a
    // message that ends in `NoneType: None`, what `traceback.format_exc()`
    // gives when no exception is being handled: Triton's vLLM backend's `Failed to start engine:
    // NoneType: None`, the stub's own report after it; vLLM's `Loading lora <path> failed`, raised
    // from the adapter's own error; a server's HTTP 500 to its client, `fastapi.exceptions.
    // HTTPException: 500: Briton error during inference`, above the engine's own error; a
    // launcher's report of a command that failed, `RuntimeError: Error running command.`, above
    // the command's own stderr; CatBoost's `Application terminated with error: ??+0 (0x...)`,
    // its backtrace's first frame, with the exception stated below it; JAX's notice above the
    // exception it raised, `jax.errors.SimplifiedTraceback: For simplicity, JAX has removed its
    // internal frames ...`; PyCUDA's `CompileError: nvcc compilation of kernel.cu failed`, with
    // nvcc's own error in the `[stderr: ...]` below it; TensorFlow 1.x's exception over the
    // statuses it lists, `ResourceExhaustedError: 2 root error(s) found.`; Mojo's `error: function instantiation
    // failed` and MAX's `error: failed to run the pass manager for offload functions`, above the
    // note that states the constraint that failed; MLCommons' CM automation's report of a script
    // that failed, `CM error: Portable CM script failed (name = get-dataset-openimages, return
    // code = 256)`, below what the script printed as it died; Megalodon's `Guppy server
    // initialization failed. See guppy logs in --output-directory for more details.`, above the
    // server's log; .NET's `TargetInvocationException: Exception has been thrown by the target of
    // an invocation.`, whose cause is the inner exception below it, `---> ...`; Inductor's
    // `SubprocException: An exception occurred in a subprocess:`, over the traceback its compile
    // worker raised) ---
    (
        r"\b\d+ root error\(s\) found\.?\s*$|jax\.errors\.SimplifiedTraceback: For simplicity|: error: function instantiation failed\s*$|: error: failed to run the pass manager for offload functions\s*$|\bCompileError: nvcc compilation of \S+ failed\s*$|ChildFailedError|See root cause above|See inner exception for details|See stack trace above for root cause|EngineDeadError|EngineCore encountered (a fatal error|an issue)|hit an exception|DataParallelController hit an exception|Received sigquit from a child proces|scheduler is dead|Child process unexpectedly failed|Traceback \(most recent call last\)|^Failures:|^Root Cause \(first observed failure\)|KeyboardInterrupt|^\s*(exitcode|error_file|traceback)\s*:|Signal 15 \(SIGTERM\)|closing signal SIGTERM|^\s*raise |^Exception in thread|^Exception in (?:ASGI application|callback )|Worker failed with error|failed to start\.?$|^Error executing job|^Application terminated with error: \S*\+\d+ \(0x[0-9A-Fa-f]+\)\s*$|Waiting for|Jax plugin configuration error: Exception when calling |will try our best to dump|Stack trace of the failed collective|flight recorder|This is most likely caused by incorrect usages of collectives|^SystemExit|Executor worker returned error|because of the following error \(look up to see its traceback\):?$|^\W*(?:Failed to load (?:the )?model|Error loading model)\.?$|The following operation failed in the TorchScript interpreter|Loading lora \S+ failed'?\)?$|\bHTTPException: 5\d\d\b|^(?:RuntimeError: )?Error running command\.?$|: NoneType: None(?:\\n)?\x22?$|\bCM error: Portable CM script failed\b|\bSee \w+ logs? in \S+ for more details\.?$|\bTargetInvocationException: Exception has been thrown by the target of an invocation\.?$|\bAn exception occurred in a subprocess:\s*$",
        0,
    ),
    // --- collateral: peers, launchers, teardown (tier 1; NCCL's proxy that lost a peer, `Socket
    // recv failed while polling for opId=...`, as its socket's `Connection closed by remote
    // peer`); torch's fixed description of an NCCL
    // result code (`ncclInvalidUsage: This usually reflects invalid usage of NCCL library.`) only
    // explains the `NCCL error in: ...` line above it, whatever the paste's order; Slurm's `srun:
    // error: HOST: task 1: Exited with exit code 1` reports a task's exit, as torchrun's `failed
    // (exitcode: 1)` does, and another node's copy of it may come first; torch's terminate
    // handler on Windows states an uncaught C++ exception as `Unhandled exception caught in
    // c10/util/AbortHandler.h` before its stack, as libstdc++'s `terminate called` does; a
    // socket whose peer went away, `Transport endpoint is not connected`; NumPy 2's
    // `AttributeError: _ARRAY_API not found` as a module built for NumPy 1 imports, below its
    // own statement of that (`A module that was compiled using NumPy 1.x cannot be run in`);
    // Dynamo's account of a graph break below its exception (`Explanation: ...`);
    // NVSHMEM's closing
    // `nvshmem initialization failed, exiting`, below the step that failed; Open MPI's banner
    // `*** Process received signal ***` above its `Signal: Segmentation fault (11)`, which a
    // paste may have cut; nvidia-smi's `No devices were found`, whose cause the driver states in
    // the kernel's log, if the paste has it ---
    // (gRPC states a failed call as `<AioRpcError of RPC that terminated with:` (or
    // `_InactiveRpcError`, a stream's `_MultiThreadedRendezvous`), then `status = ...` and
    // `details = "..."` on lines of their own: the details say what failed)
    (
        r"(?:RpcError|Rendezvous) of RPC that terminated with:?$|\bmpirun has exited due to process rank \d+ with PID\b|srun: error: \S+: tasks? [\d,\-]+: (?:Exited with exit code|Terminated)|Connection closed by remote peer|Socket recv failed while polling|ncclRemoteError: A call failed possibly|ncclInvalidUsage: This usually reflects|ncclSystemError: System call \(|ncclUnhandledCudaError: Call to CUDA function failed|ncclInternalError: Internal check failed|ncclInvalidArgument: Invalid value for an argument|Broken pipe|BrokenPipeError|ConnectionResetError|Transport endpoint is not connected|_ARRAY_API not found|^\s*(?:Explanation|Developer debug context): |nvshmem initialization failed, exiting|ConnectionRefusedError|Connection reset by peer|recvValue failed|Socket Timeout|DistNetworkError|Some NCCL operations have failed or timed out|taking the entire process down|terminate called after throwing|\*\*\* Process received signal \*\*\*|Unhandled exception caught in c10/util/AbortHandler\.h|Signal \d+ \(SIG\w+\) received|failed \(exitcode: -?\d+\)|died unexpectedly|ninja: build stopped|subprocess-exited-with-error|Failed building wheel|Failed to build|CalledProcessError|exit status \d+|error: command '.*' failed|destroy_process_group\(\) was not called|^CUDA kernel errors might be asynchronously|For debugging consider passing CUDA_LAUNCH_BLOCKING|Compile with `TORCH_USE_CUDA_DSA`|^Search for `?cuda|^HIP kernel errors might be asynchronously|For debugging consider passing AMD_SERIALIZE_KERNEL|Compile with `?TORCH_USE_HIP_DSA|^No devices were found$",
        1,
    ),
    // --- DeepEP's kernels print their own timeout (`DeepEP dispatch NVL receiver timeout, ...`,
    // `DeepEP timeout for combine senders, ...`) and then trap, which the host reports as an
    // `unspecified launch failure`: the timeout is the statement (tier 3); its `Warning: ` form
    // is a low-latency kernel masking the rank and going on ---
    (r"^DeepEP [\w ()]*\btimeout\b", 3),
    // --- FFmpeg's hardware codecs, in their tagged lines, the driver's video library they could
    // not load (`[h264_cuvid @ 0x3a46360] Cannot load libnvcuvid.so.1`, a container started
    // without the driver's video capability) and NVENC refusing a session (`[h264_nvenc @ 0x...]
    // OpenEncodeSessionEx failed: unsupported device (2): (no details)`) (tier 3) ---
    (
        r"^(?:\[\w+ @ 0x[0-9a-f]+\] )?(?:Cannot load lib\S+\.so[.\d]*\s*$|OpenEncodeSessionEx failed: )",
        3,
    ),
    // --- nccl-tests' report of an NCCL call's result (`host: Test NCCL failure common.cu:N
    // 'internal error / '`, tier 2): NCCL's own `NCCL WARN` states why, when the paste kept it ---
    (r"Test NCCL failure \S+:\d+", 2),
    // --- torch's heartbeat monitor reports a watchdog thread that stopped making progress
    // (`ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in
    // monitoring enqueued collectives`, tier 1): a hang it saw late, behind a collective's own
    // timeout or a CUDA error that a paste keeps; its advice to `disable the heartbeat monitor`
    // states nothing ---
    (r"watchdog got stuck for \d+ seconds", 1),
    // --- watchdog and collective timeouts (tier 2: usually a rank waiting on the culprit);
    // torch 2.4 and later log `[PG ...] Timeout at NCCL work: N, last enqueued NCCL work: ...`
    // only for a work that timed out, and a paste may keep it without the `Watchdog caught` line;
    // c10d's socket warns `[c10d] waitForInput: socket ... timed out after Nms` (after `poll for
    // socket ... returned 0, likely a timeout`) as a read from the store times out, before the store raises its own timeout; the watchdog thread's end is a
    // timeout only when it was one (a CUDA error it met is stated by the detectors below) ---
    (
        r"Watchdog caught collective|[Ww]atchdog timeout|Timed out waiting for|\[c10d\] waitForInput: (?:socket .* timed out after \d+ms|poll for socket .* returned 0, likely a timeout$)|\[c10d\] The client socket has timed out after|collective operation timeout|NCCL (communicator|operation).*timed? ?out|Timeout\(ms\)=\d+\) ran for|[Hh]eartbeat monitor timed out|Process group watchdog thread terminated with exception: (?:\[Rank \d+\] )?Watchdog\b|Timeout at NCCL work: \d+",
        2,
    ),
    // --- vLLM's V0 async engine bounds each step with a timeout and logs `Engine iteration timed
    // out. This should never happen!` when a step hangs (tier 3): the engine's own statement,
    // before the `asyncio.exceptions.CancelledError` and bare `TimeoutError` its traceback ends
    // in, which only say that the step was cancelled ---
    (r"Engine iteration timed out", 3),
    // --- Python's report of SIGABRT (tier 2): abort() is called on behalf of something else (an
    // uncaught C++ exception, a failed check), which the log states nearby, often after it when
    // another process's stream is interleaved ---
    (r"Fatal Python error: Aborted", 2),
    // nvcc refusing every host compiler it finds (`ERROR: No supported gcc/g++ host compiler
    // found, but clang-3.8 is available.`), and sgl-kernel's loader that found no variant of its
    // library it could import (`[sgl_kernel] CRITICAL: Could not load any common_ops
    // library!`, its attempts listed below) (tier 3)
    (
        r"No supported gcc/g\+\+ host compiler found|Could not load any \w+ library!",
        3,
    ),
    // LLVM's fatal error (`LLVM ERROR: Cannot select: intrinsic %llvm.nvvm...`), printed by
    // the compiler it is linked into (Triton's) before it aborts the process (tier 3)
    (r"^LLVM ERROR: \S", 3),
    // (a C++ exception named with its namespace, as TensorRT-LLM's logger states one behind the
    // `[TensorRT-LLM][ERROR]` prefix the line reader strips: `tensorrt_llm::common::TllmException:
    // W4A(fp)8 kernel is unsupported on pre-Hopper architectures!`)
    (r"^(?:[a-z]\w*::)+[A-Z]\w*(?:Exception|Error): \S", 3),
    // (Triton's lowering names the conversion it cannot emit on a line of its own before LLVM's
    // abort: `Unsupported conversion from bf16 to f16`, then `LLVM ERROR: Unsupported rounding
    // mode for conversion.`)
    (r"^Unsupported conversion from \w+ to \w+\s*$", 3),
    // the CUDA samples' check of a runtime call, `cudaGetDeviceProperties returned 802` (its
    // message on the next line, `-> system not yet initialized`) (tier 3)
    (r"^cuda[A-Z]\w+ returned \d+$", 3),
    // absl's failure handler (Ray's workers) states a fault first, `*** SIGBUS received at
    // time=N on cpu N ***`, before its stack and Python's `Fatal Python error: Bus error`: the
    // same statement, made first (an abort's is not: something said why before it) (tier 3)
    (r"^\*\*\* SIG(?:BUS|SEGV|ILL|FPE) received at time=", 3),
    // --- NVIDIA's driver stack (the kernel modules, UVM, the fabric manager) states a failed
    // call's status as `<description> [NV_ERR_<NAME>]` (`WARNING Nothing to do
    // [NV_WARN_NOTHING_TO_DO]` for a query the driver refused); the fabric manager refuses a
    // driver of another version with `fabric manager NVIDIA GPU driver interface version X don't
    // match with driver version Y` (tier 3) ---
    (nv_status!(), 3),
    // --- kernel and hardware (tier 3); an NVSwitch reports its errors as `SXid (PCI:...): N`, the
    // driver a GPU System Processor that stopped answering as `NVRM: ... Heartbeat timed out`,
    // a channel that stopped making progress as `NVRM: ... RC watchdog: GPU is probably locked!`
    // (before the Xid it raises for it); the PCIe root port states a fatal error on the GPU's
    // link (`pcieport 0000:00:02.0: AER: Uncorrected (Fatal) error received: id=0010`, `PCIe Bus
    // Error: severity=Uncorrected (Fatal)`) before the driver finds the GPU gone; the driver's
    // module that found no GPU to bind, `NVRM: No NVIDIA graphics adapter probed!` (nouveau
    // holding it), or refused its client of another version, `NVRM: API mismatch: the client has
    // the version X, but`, or a GPU it does not support, `NVRM: The NVIDIA GPU <bus> (PCI ID:
    // <id>)` at the head of the message that says why; and its GPU System Processor that would
    // not boot, `NVRM: _kgspBootGspRm: unexpected WPR2 already up, cannot proceed with booting
    // GSP`, or its boot firmware's refusal, `NVRM: kgspBootstrap_GH100: GSP-FMC reported an
    // error while attempting to boot GSP: 0xb`, before the `RmInitAdapter failed!` it causes ---
    (
        r"NVRM: API mismatch: |NVRM: The NVIDIA GPU \S+ \(PCI ID: [0-9a-fA-F:]+\)|NVRM: .*\b[Cc]annot (?:proceed|initialize)\b|NVRM: .*\breported an error while attempting to boot GSP\b|NVRM: Xid|SXid \(|AER: Uncorrected \(Fatal\) error received|PCIe Bus Error: severity=Uncorrected \(Fatal\)|NVRM: No NVIDIA (?:graphics adapter|GPU) (?:probed|found)|NVRM: .*(?:[Hh]eartbeat timed out|Timeout waiting for RPC from GSP|RC watchdog: GPU is probably locked)|fallen off the bus|uncorrectable ECC|ECC error|GPU is lost|Unable to determine the device handle for GPU|Out of memory: Kill(ed)? process|oom-kill(?::| event|')|invoked oom-killer:|Killed process \d+|\bkilled as a result of limit of \S|(?:^|[\s\]|])Killed$|^\[\d+\]\+? +Killed +\S|^\s*\d+ killed +\S|killed by the OOM killer|segfault at|general protection fault|killed due to memory pressure|Ray killed this worker",
        3,
    ),
    // --- a scheduler's or orchestrator's report that the OOM killer ended a job (tier 3):
    // Kubernetes' `Reason: OOMKilled`, Slurm's `Detected N oom_kill event(s)` and `srun: error:
    // <node>: task N: Out Of Memory`; torch's DataLoader reports a worker's fatal signal as
    // `Unexpected segmentation fault encountered in worker.` ---
    (concat!(oom_kill_report!(), "|", worker_signal!()), 3),
    // --- Docker Compose's `<service> exited with code 137` (128 + SIGKILL, tier 1): a launcher's
    // report of the kill, as torchrun's `exitcode: -9` is; what the service printed first is
    // stronger ---
    (r"\bexited with code 137\b", 1),
    // --- a CUDA library that cannot resolve a symbol of another it loads (cuBLAS of cuBLASLt:
    // `Invalid handle. Cannot load symbol cublasLtGetVersion`) aborts after it (tier 3) ---
    (unloadable_symbol!(), 3),
    // --- a dynamic loader's message printed bare, not raised (tier 2): a library that probes
    // its optional binaries (bitsandbytes' CPU fallback) prints it and goes on; raised as
    // `ImportError: ...` or `OSError: ...` it is the exception's own tier-3 statement (a paste
    // may lower-case the name: `importError: ...`); so is Python's `No module named 'x'` pasted
    // without its exception's name, and vLLM's `Unknown quantization method: x`; vLLM's warning
    // that its compiled extension did not load for a library it links, `Failed to import from
    // vllm._C with ImportError('libcudart.so.12: cannot open shared object file ...')` ---
    (
        r"^\S+\.so[.\d]*: undefined symbol: |^(?:[a-z]\w*: )?\S+\.so[.\d]*: cannot open shared object file|^No module named '[\w.]+'\s*$|^Unknown quantization method: \S|^Failed to import from \S+ with ImportError\(['\x22]\S+\.so[.\d]*: cannot open shared object file",
        2,
    ),
    // --- TensorRT's refusal of a network it cannot build as given: its builder's `Network has
    // dynamic or shape inputs, but no optimization profile has been defined.` (logged with no
    // error word, before `Network validation failed.`), and the ONNX parser's `[8] No importer
    // registered for op: Mish`, under its `In function parseGraph:` header (tier 3) ---
    (TRT_UNBUILDABLE, 3),
    // --- bitsandbytes' statement of the CUDA library it did not find (`Could not find the
    // bitsandbytes CUDA binary at PosixPath('.../libbitsandbytes_cuda121.so')`), before its
    // fallback's loader error and the exception that ends the import; and its older setup's
    // report of a DLL Windows would not load, `Could not find module '...\\libbitsandbytes_
    // cuda116.dll' (or one of its dependencies).`, under its banner; its newer loader's `bitsandbytes
    // library load error: Configured CUDA binary not found at ...`) (tier 3) ---
    (
        r"^Could not find the bitsandbytes CUDA binary at |\bbitsandbytes library load error: |^Could not find module '[^']*\.dll' \(or one of its dependencies\)",
        3,
    ),
    // --- a server's record of a request that failed with the exception it names (SGLang's `Decode
    // transfer failed for request ... with exception KVTransferError(...): <why>`) (tier 2) ---
    // (and SGLang's decode side, as requests it bootstrapped time out waiting for their KV
    // cache, states that first, before each request's failure: `Some requests fail to receive KV
    // Cache transfer done signal after bootstrapping.`)
    (
        r"\bfailed for request .* with exception [A-Z]\w*(?:Error|Exception)\(|\bfail to receive KV Cache transfer done signal\b",
        2,
    ),
    // --- torch's `load_state_dict` listing the keys a checkpoint and the model do not share,
    // quoted alone without its `Error(s) in loading state_dict` header, and that header where
    // a paste cut the `RuntimeError: ` before it (`Error(s) in loading state_dict for Linear:`);
    // a program's own log of the exception it caught, its type and message on two records
    // (`ERROR - Exception type: ValueError`, `ERROR - Exception details: <message>`) below its
    // summary of the step that failed: the message states the error (tier 3) ---
    (
        r"^(?:Missing|Unexpected) key\(s\) in state_dict: |^Error\(s\) in loading state_dict for \S+:|^Exception (?:details|message): \S",
        3,
    ),
    // --- NumPy 2 refusing an extension built against NumPy 1 (`A module that was compiled using
    // NumPy 1.x cannot be run in NumPy 2.0.0 as it may crash.`), before the import it breaks
    // (tier 2) ---
    (NUMPY1_BUILD, 2),
    // --- bitsandbytes' older report that it found no CUDA library it could load (`CUDA SETUP:
    // CUDA detection failed! Possible reasons:`), under a banner of `=` and `ERROR` (tier 3) ---
    (r"^CUDA SETUP: CUDA detection failed\b", 3),
    (BNB_CPU_FALLBACK, 3),
    // --- statements a logger may print without an exception's type (its level stripped with
    // the prefix, `ERROR: ...`): transformers' refusal of a model type it does not know (`The
    // checkpoint you are trying to load has model type `x` but Transformers does not recognize
    // this architecture`), and ggml's loader that could not open the model file it was given
    // (`gguf_init_from_file: failed to open GGUF file '...'`), above the loader's own summary;
    // torch's refusal of a matmul's mixed dtypes pasted alone (`expected mat1 and mat2 to have
    // the same dtype, but got: c10::BFloat16 != c10::Half`) (tier 3) ---
    (
        r"but Transformers does not recognize this architecture|\bfailed to open GGUF file\b|^expected \w+ and \w+ to have the same dtype, but got: ",
        3,
    ),
    // --- transformers' prompt before it runs a model repository's own code (`The repository for
    // X contains custom code which must be executed to correctly load the model. ... Do you wish
    // to run the custom code? [y/N]`), which a run with no terminal answers with an `EOFError`:
    // the prompt states why; older versions refuse outright, `Loading X requires you to execute
    // the configuration file in that repo on your local machine`, which a paste may keep without
    // its exception's type (tier 3) ---
    (
        r"contains custom code which must be executed to correctly load the model|requires you to execute the configuration file in that repo",
        3,
    ),
    // --- ninja's report of a build step that failed (`FAILED: [code=139] cuda_0.o`, tier 2): the
    // compiler's own errors below it state why, when it printed any (a crashed nvcc prints
    // none); so TensorRT's report that one of its kernels failed to run, `Error Code 1: Cask
    // (Cask Gemm execution)`, with the CUDA runtime's words for why after it, `Error Code 1: Cuda
    // Runtime (an illegal memory access was encountered)` ---
    (
        r"^FAILED: (?:\[code=\d+\] )?\S+\.(?:o|obj|so)\s*$|\bError Code \d+: Cask \(",
        2,
    ),
    // --- pip's report, after an install it completed, of the packages whose requirements it
    // broke (`ERROR: pip's dependency resolver does not currently take into account all the
    // packages that are installed. ...`, then `vllm 0.18.0 requires torch==2.10.0, but you have
    // torch 2.9.0 which is incompatible.`): the environment is inconsistent, but the install did
    // not fail, so any error after it states more (tier 1) ---
    (PIP_CONFLICTS, 1),
    // (CMake's FindCUDA script for one object that reports nvcc failed, `CMake Error at
    // x_generated_col2im_kernels.cu.o.Release.cmake:220 (message): Error generating ...`: a
    // parallel build prints nvcc's own error after it, which says why)
    (
        r"^CMake Error at \S+\.cu\.o\.\w+\.cmake:\d+ \(message\):",
        1,
    ),
    // --- compilers and builds (tier 3); uv's resolver that cannot install what was asked (`×
    // No solution found when resolving dependencies:`) and conda's (`LibMambaUnsatisfiableError:
    // Encountered problems while solving:`) as pip's does; GNU ld's `x.cu:149: multiple definition of `sym'` (a
    // symbol two objects define) stops a link as an undefined one does; a shell that finds no compiler (`/bin/sh: 1:
    // /usr/local/cuda/bin/nvcc: not found`, bash's `nvcc: command not found`) stops a build too;
    // nvcc states a sub-tool it ran that died as `'<tool>' died due to signal N` (Linux) or
    // `'<tool>' died with status 0xC0000005 (ACCESS_VIOLATION)` (Windows); pip's resolver that
    // cannot install the packages asked for states `ERROR: Cannot install ... because these
    // package versions have conflicting dependencies.`, then `The conflict is caused by:`;
    // NVRTC names the source it compiles at run time `default_program` and states the limits of
    // a kernel's parameters with a capital, `default_program(27): Error: Formal parameter space
    // overflowed`; the Linux kernel's modpost refuses a module that uses what it may not,
    // `ERROR: modpost: GPL-incompatible module nvidia.ko uses GPL-only symbol 'x'` ---
    (
        concat!(
            r"(^|\s)(fatal )?error: |",
            modpost_gpl_only!(),
            r"|: error [A-Z]*\d*:|\(\d+\): (?:fatal )?error|\bdefault_program\(\d+\): Error: |nvcc (fatal|error)\s*:|\bnvlink (?:fatal|error)\s*:|'(?:cicc|ptxas|nvlink|fatbinary|cudafe\+\+)' died|Killed signal terminated program|CMake Error|undefined reference to|undefined symbol: |collect2: error|ld: cannot find|No CMAKE_CUDA_COMPILER|No matching distribution found|Could not find a version that satisfies|ResolutionImpossible|because these package versions have conflicting dependencies|^The conflict is caused by:$|\bNo solution found when resolving dependencies\b|\b(?:LibMamba)?UnsatisfiableError: |metadata-generation-failed|Failed to build installable wheels|ptxas\b.*\b(?:error|fatal)\s+:|\d+ errors? detected in the compilation of|: multiple definition of [\x60']|#error:? +-- unsupported [\w ]+ version!|sh: (?:line \d+: |\d+: )?(?:\S*/)?(?:nvcc|ptxas|cicc|nvlink|fatbinary|cuobjdump|ninja|cmake|make|gcc|g\+\+|c\+\+|cc|clang): (?:command )?not found"
        ),
        3,
    ),
    // --- runtime errors (tier 3); TensorRT's logger marks its own fatal assertion `[F] [TRT]`
    // (`Assertion failed: Unsupported SM.`, before it aborts); it states a failed GPU allocation as `Error
    // Code 2: OutOfMemory`, NCCL's InfiniBand transport a failed work request as `NET/IB : Got
    // completion from peer ... with status=N`, and a C++ runtime may print CUDA's `no kernel
    // image` message bare before it aborts; TensorRT-LLM's C++ exceptions start their message
    // with `[TensorRT-LLM][ERROR]`, which a wrapper quoting one keeps mid-line; vLLM's and
    // Dynamo's NIXL connectors log `NIXL is not available` (the `nixl` import failed) before
    // they raise it; NCCL's init refuses two ranks on one GPU with `NCCL WARN Duplicate GPU
    // detected : rank N and rank M both on CUDA device X` before it returns ncclInvalidUsage,
    // which torch quotes below its `Last error:` (the warning alone, or the quote above torch's
    // error in a reordered paste, may be all that states it), and every argument it refuses
    // with `NCCL WARN Invalid ...` (`Invalid rank requested : 1/1`), as its bootstrap root a
    // rank seen twice (`rank 1 of 8 ranks has already checked in`); TensorRT's logger marks its
    // error severity `[TRT] [E]` (Python) or `[E] [TRT]` (trtexec); the common `CHECK_CUDA` macro (flash-attention's among them) prints `CUDA
    // error (FILE:LINE): <CUDA message>` before it exits; c10d logs `Gloo connectFullMesh failed
    // with [FILE:LINE] <errno text>` when Gloo's ranks cannot connect, before it raises; torch
    // before 1.8 printed a failed CUDA call as `THCudaCheck FAIL file=F line=N error=N : msg`
    // before it raised; torch states a failed first CUDA call as `Unexpected error from
    // cudaGetDeviceCount(). ... Error N: <CUDA's message>`, which a paste may quote bare
    // (`cudaGetDeviceCount() ... Error 802: system not yet initialized`) above the error a
    // framework raised for want of a GPU (its warning form stays benign: torch goes on without
    // CUDA); ggml states a host buffer it could not allocate before its loader gives up; Triton
    // states an FP8 type the GPU cannot compute in, which a paste may keep without its exception
    // (`type fp8e4nv not supported in this architecture. ...`); a kernel built for one
    // architecture prints `This kernel only supports sm120.` before it traps; c10 warns of a
    // kernel's sticky fault as a destructor's CUDA call fails (`Warning: CUDA warning: an illegal
    // memory access was encountered (function destroyEvent)`); the LLVM in Triton, older than
    // the GPU, warns `'sm_120' is not a recognized processor for this target (ignoring
    // processor)` before the compile it then fails; NVIDIA's containers check the host's driver
    // as they start, `ERROR: This container was built for NVIDIA Driver Release 450.36 or later,
    // but version 440.100 was detected ...`, `WARNING: The NVIDIA Driver was not detected.  GPU
    // functionality will not be available.` (a GPU server's container started without its
    // GPUs), `[[CUDA Driver UNAVAILABLE (cuInit(0) returned 804)]]`, Ollama's GPU discovery `cuInit err: 802` (and its other CUDA calls there:
    // `cudart init failure: 35`, `nvcuda failed to get primary device context 800`, `error
    // looking up CUDA GPU memory: device memory info lookup failure 0: 4`, logged as it falls
    // back to the CPU), HAMi's vGPU memory limit refusing an allocation (`[HAMI-core ERROR
    // (...allocator.c:53)]: Device 0 OOM 3171158016 / 3145728000`), Triton Inference Server's CUDA memory
    // pools it could not set up, `Failed to finalize CUDA memory manager: ...`; ptxas's refusal of a target it does not know,
    // which a paste may quote without its `ptxas fatal :`; CUTLASS's device code built without
    // the architecture-specific target (`sm_90a`, `sm_100a`) prints `Arch conditional MMA
    // instruction used without targeting appropriate compute capability.` and traps; pip's
    // `ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device`
    // states why an install stopped; a shell reports a program killed by SIGILL as `Illegal
    // instruction (core dumped)` (a build using instructions the CPU lacks); a Rust library
    // states its panic, `thread '<unnamed>' panicked at src/lib.rs:78:26:`, before Python
    // raises it as a `PanicException`; llama.cpp's server states a full KV cache as it retries
    // a batch smaller (`failed to find free space in the KV cache, retrying with smaller
    // n_batch = 256`), before `failed to decode the batch`; torch's dispatcher with no kernel of
    // an op for a backend, `Could not run 'torchvision::nms' with arguments from the 'CUDA'
    // backend`, a paste may keep without its exception; Go's runtime on Windows states the
    // exception a cgo call raised, `Exception 0xc000001d 0x0 0x0 0x7ff8729a99dd` (an illegal
    // instruction; 0xc0000005 an access violation), above its goroutines' stacks; NCCL
    // refusing a connection that no peer of its made, `socketFinalizeAccept: wrong magic ...`,
    // `wrong type 4 != 3`; ggml's allocation of a device's buffer, `ggml_gallocr_reserve_n: failed
    // to allocate ROCm0 buffer of size N`; libc++'s terminate handler (clang's standard library:
    // macOS, Android, llamafile) states the uncaught exception on its own line, `libc++abi:
    // terminating due to uncaught exception of type std::length_error: vector`; the tail of c10d's
    // `NCCL error in: ...ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3` that a
    // paste cut before its head; CuTe's device code reaching an instruction its build left out,
    // `Attempting to use wgmma.fence without CUTE_ARCH_MMA_SM90A_ENABLED` (built for sm_90, not
    // sm_90a); HIP's runtime, at its log level 1, states which ISAs a library's bundle of code
    // objects lacks, `Missing CO for these ISAs - ` (the ISA on the next line), before it
    // returns `hipErrorNoBinaryForGpu`, and SYCL's runtime a kernel its binary lacks for the
    // device, `No kernel named <mangled name> was found`; hipBLAS' status of a failed call, `HIPBLAS_STATUS_
    // INTERNAL_ERROR when calling hipblasLtMatmul`, as cuBLAS'; HIP's runtime trace of a call
    // (`AMD_LOG_LEVEL=3`) that returned an error of substance, `hipLaunchKernel: Returned
    // hipErrorInvalidDeviceFunction` (not `hipErrorNotReady`, a poll's answer); Julia's CUDA.jl
    // out of device memory, `ERROR: Out of GPU memory trying to allocate 2.000 GiB`, and a
    // kernel's own `throw` (a bounds check), `ERROR: a exception was thrown during kernel
    // execution.`, before its `KernelException`; DCNv2's check of its kernels' launch, `error in
    // modulated_deformable_im2col_cuda: invalid device function`; Vulkan's C++ bindings' result,
    // `vk::Instance::enumeratePhysicalDevices: ErrorInitializationFailed` (SAPIEN's renderer);
    // the video
    // decoders' checks of a CUDA call, decord's `CUDA error 3000 at line 341 in file F`, VPF's
    // `CUDA error with code -2072787712`; the other math libraries' statuses as cuBLAS' are,
    // a program's `ERROR: CUSOLVER_STATUS_INTERNAL_ERROR <file> 207`, CNTK's `CURAND failure
    // 105: ...`, and cuSPARSE's check of a call's arguments, `** On entry to cusparseSpMM_
    // bufferSize(): matrix B and C must be in column-major order`; MIOpen's (ROCm's cuDNN) own
    // errors, `MIOpen(HIP): Error [SetIsaName] ...`, `MIOpen Error: .../hipoc_program.cpp:286:
    // Code object build failed.`; TensorRT's runtime that could
    // not start CUDA, `Cuda initialization failure with error 35`, and a Vulkan device that could
    // not be created, `vkCreateDevice failed -4`; Ollama's NVML loader, `nvmlInit_v2 err: 18`,
    // `Unable to load CUDA management library <lib>: nvml vram init failure: 999` (logged at INFO
    // before it goes on without the GPU); XLA's device it could not use, `Failed to create stream
    // executor for device CUDA:0:`, its reason on the lines below ---
    (
        concat!(
            r"'sm_\d+[a-z]?' is not a recognized processor for this target|^Attempting to use \S+ without CUTE_ARCH_\w+_ENABLED|\bValue 'sm_\d+[a-z]?' is not defined for option 'gpu-name'|Arch conditional MMA instruction used without targeting appropriate compute capability|CUDA warning: (?:an illegal memory access|device-side assert|unspecified launch failure|misaligned address)|\bkernel only supports sm_?\d+[a-z]?\b|",
            triton_fp8_arch!(),
            r"|\bConversion from/to f8\w+ is only supported on compute capability\b|ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate|\bOut of GPU memory\b|\ban? exception was thrown during kernel execution\b|\berror in \w+_cuda: [a-z]|\bvk::\w+(?:::\w+)*: Error(?:InitializationFailed|IncompatibleDriver|DeviceLost|OutOfDeviceMemory)\b|",
            ggml_device_alloc!(),
            "|",
            tt_device_oom!(),
            r"|This container was built for NVIDIA Driver Release [\d.]+ or later|",
            container_without_driver!(),
            r"|\bUnable to load CUDA management library \S+: \S|\bnvmlInit(?:_v2)? err: [1-9]\d*\b|\bcudart init failure: [1-9]\d*\b|\bfailed to get (?:primary )?device context [1-9]\d*|\bdevice memory info lookup failure\b|\bDevice \d+ OOM \d+ / \d+\b|\bdevice OOM encountered: usage=\d+ limit=\d+|",
            cuda_call_unimplemented!(),
            "|",
            cutlass_shape_unsupported!(),
            r"|\bFailed to finalize CUDA memory manager\b|CUDA Driver UNAVAILABLE \(cuInit\(0\) returned \d+\)|\bCuda initialization failure with error \d+|\bvkCreateDevice failed -\d+|\bcuInit err: [1-9]\d*\b|cudaGetDeviceCount\(\).*\bError \d+: \S|driver version is insufficient for CUDA runtime version|Failed to initialize NVML: |\bCUresult error\b|Memory access fault by GPU node-\d+|\bamdgpu: \[(?:gfx|mm)hub\d*\] page fault\b|HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION|HSA_STATUS_ERROR_EXCEPTION\b|CUDA Exception: (?:Warp|Lane|Device) (?:Out of range|Illegal|Misaligned) Address|\[TRT\] \[E\] |\bError Code \d+: [A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*){0,3} \(|\[E\] \[TRT\] |\[F\] \[TRT\] |\[TensorRT\] ERROR: |THCudaCheck FAIL file=|\[TensorRT-LLM\]\[ERROR\] |CUDA error: |CUDA Error: |CUDA error \d+ at \S+:\d+: |\bCUDA error -?\d+ at line \d+ in file \S|\bCUDA error with code -?\d+\b|\bCUDA error \d+: [a-z]|CUDA error \(\S+:\d+\): |CUDA runtime error|CUDA_ERROR_\w+|cudaError[A-Z]\w+|\bReturned hipError(?:InvalidDeviceFunction|NoBinaryForGpu|IllegalAddress|OutOfMemory|LaunchFailure|NoDevice|InvalidKernelFile)\b|Triton Error \[CUDA\]|(?:CU|HIP)BLAS_STATUS_\w+|CUDNN_STATUS_\w+|\bCU(?:SOLVER|SPARSE|RAND)_STATUS_[A-Z]\w*|\bOn entry to \w+ +parameter number \d+ had an illegal value\b|",
            math_library_failure!(),
            "|",
            miopen_error!(),
            "|",
            xla_no_stream_executor!(),
            r"|NCCL error|",
            nccl_error_tail!(),
            r"|NCCL WARN .*(rror|ailed|ailure|annot|nable|[Mm]ismatch|Got completion from peer|No route to host|Could not find NET\b|Could not find real path of /sys/|: wrong (?:magic|type) |\bInvalid |ranks has already checked in)|Duplicate GPU detected : rank \d+ and rank \d+|\bNET/IB\w* ?: ?Got completion from peer|\bFunction: \w+ Line: \d+: NET/OFI .*(?:rror|ailed|ailure|annot|nable|[Cc]ouldn't)|[\w/.-]+\.(?:cc|cu|h):\d+ WARN .*(rror|ailed|ailure|annot|nable|[Mm]ismatch)|nccl\w+Error|ncclInvalidUsage|out of memory|OutOfMemoryError|\bOOM when allocating tensor\b|Error Code \d+: OutOfMemory|OutOfResources|no kernel image is available|hipErrorNoBinaryForGpu|Missing CO for these ISAs\b|\bNo kernel named \S+ was found|Failed to initialize the TMA descriptor|Segmentation fault|Segfault encountered|SIGSEGV|^SIG(?:ILL|FPE|BUS): [a-z]|\breceived signal SIGFPE, Arithmetic exception\b|Could not install packages due to an (?:OSError|EnvironmentError)|^Illegal instruction(?: \(core dumped\))?\s*$|^thread '[^']*' panicked at |Fatal Python error|what\(\): |libc\+\+abi: terminating due to uncaught exception of type \S|size mismatch for \S+: copying a param|^\s*Value error, |<(?:Future|Task) finished .*exception=\w+\(|^NIXL is not available$|Gloo connectFullMesh failed|",
            rpc_agent_error!(),
            r"|max seq len \(\d+\) is larger than the maximum number of tokens that can be stored in KV cache|To serve at least one request with the models?'s max seq len|must be large enough to process at least 1 sequence|failed to find free space in the KV cache|",
            torch_no_kernel!(),
            "|",
            windows_exception!()
        ),
        3,
    ),
    // --- DDP's reducer finding gradients it never received by the next step, `Expected to have
    // finished reduction in the prior iteration before starting a new one.` (tier 3): stated
    // on its own line when ranks interleave the `RuntimeError` that carries it ---
    (
        r"^Expected to have finished reduction in the prior iteration before starting a new one\b",
        3,
    ),
    // --- a CUDA check macro's report before it exits (tier 3): vLLM's and SGLang's kernels
    // print the failed call's source line and CUDA's message, `Failed: Cuda error
    // /workspace/csrc/custom_all_reduce.cuh:164 'invalid argument'` (`Failed: FILE:N 'msg'` in
    // earlier versions) ---
    (CUDA_CHECK_FAILED, 3),
    // --- compute-sanitizer's memcheck report of a kernel's bad access, the first line of its
    // block (`========= Invalid __global__ write of size 4 bytes`, then the kernel, the thread
    // and the address), or of the hardware exception a kernel raised (`========= Illegal
    // instruction`, `Misaligned address`, `Invalid PC`): the fault itself, before the CUDA
    // error it causes (tier 3); a CI log pasted indented keeps its margin, and a test runner's
    // line the report interrupts keeps its start (`test_x (...) ... ========= Invalid`) ---
    (
        concat!(
            r"(?:^[ \t]*=+|\s={9}) +(?:Invalid __(?:global|shared|local)__ (?:read|write|atomic)\b|(?:Out-of-range|Misaligned) Shared or Local Address\b)|",
            sanitizer_hw_exception!()
        ),
        3,
    ),
    // --- NVSHMEM's error macros (DeepEP's transport) print `FILE:LINE: non-zero status: N ` or
    // `FILE:LINE: NULL value ` and then the failed step (`ibrc.cpp:418: non-zero status: 110
    // ibv_modify_qp failed`), innermost first, each caller adding its own line (tier 3) ---
    (NVSHMEM_STATUS, 3),
    // --- a failed `CHECK` of glog or Ray (`F0706 ... file.cc:219] Check failed: x`, Ray's
    // `[... C pid tid] task_receiver.cc:219:  Check failed: objects_valid`) aborts the process:
    // the condition is the statement (tier 3) ---
    // (also once glog's prefix, which holds the place, is read off: `Check failed: x`; and
    // TensorRT's Myelin compiler's own check, `nvrtc_compile.cpp:940: CHECK(false) failed. NVRTC
    // Compilation failure`, before the builder finds no implementation for the node)
    (
        r"\.(?:cc|cpp|h|hpp):\d+\]?:? +Check failed: |^Check failed: \S|\.(?:cc|cpp):\d+: CHECK\([^)]*\) failed\.",
        3,
    ),
    // --- glibc's heap checks abort the process with their own line (`free(): invalid
    // pointer`, `double free or corruption (out)`, `malloc(): corrupted top size`) before the
    // signal handlers print `Aborted`: the statement (tier 3) ---
    (GLIBC_HEAP, 3),
    // --- a shared library a program loads at run time and could not (cuDNN's own loader:
    // `Could not load library libcudnn_ops_infer.so.8. Error: ...: cannot open shared object
    // file`; on Windows `Could not load library cudnn_cnn_infer64_8.dll. Error code 126`, and
    // cuDNN 8's `Could not locate cudnn_ops_infer64_8.dll. Please make sure it is in your library
    // path!`, which a spinner's timer may have glued behind it, `0:00:00Could not locate ...`),
    // stated before the abort it leads to (tier 3) ---
    // (cuDNN 9's loader, and CTranslate2's, name every file they tried: `Unable to load any of
    // {libcudnn_ops.so.9.1.0, libcudnn_ops.so.9.1, ...}`)
    // (and Python's own, for a script it could not open: `python: can't open file '/app/x.py':
    // [Errno 2] No such file or directory`, each rank's as a launcher starts them)
    (
        r"^Could not load library \S+\. Error(?: code \d+|: )|(?:^|\d)Could not locate \S+\.(?:dll|so[\d.]*)\. Please make sure it is in your library path|^Unable to load any of \{\S+\.so|: can't open file '[^']*': \[Errno \d+\] ",
        3,
    ),
    // --- a library handle a program could not create (DeepSpeed's ops: `Fail to create cublas
    // handle.`), stated with no error word of its own (tier 3) ---
    (
        r"(?i)^fail(?:ed)? to create cu(?:blas|blaslt|dnn|sparse|solver) handle",
        3,
    ),
    // --- UCX's handler of a fatal signal (`[host:pid:tid] Caught signal 8 (Floating point
    // exception: integer divide by zero)`, then `==== backtrace ====`) and the shell's or
    // faulthandler's `Floating point exception`: the process died of that signal (tier 3); its
    // `Caught signal 6 (Aborted)` is an abort on behalf of something else, as `Aborted` is ---
    // (Triton server's own handler states the same signals first: `Signal (11) received.`)
    (
        r"Caught signal (?:4|7|8|11) \(|Floating point exception|^Signal \((?:4|7|8|11)\) received\.?$",
        3,
    ),
    // --- UCX, the transport of NIXL's KV transfers and of MPI, logs each error it hits as
    // `[time] [host:pid:tid] file.c:N  UCX  ERROR <msg>` (`Local protection error on mlx5_0:1`)
    // before the caller sees a failed transfer (tier 3) ---
    // (and UCC, the collectives library over it, by its own components' tags: `ucc_cl.c:57
    // UCC  ERROR no TLs are selected for CL_BASIC`, `cl_basic_team.c:131  CL_BASIC ERROR no tl
    // teams were created`; and UCX's fatal errors, `cuda_ipc_cache.c:166  Fatal: failed to open
    // ipc mem handle`)
    (
        concat!(r"\b(?:UCX|UCC|CL_[A-Z]+|TL_[A-Z]+) +ERROR |", ucx_fatal!()),
        3,
    ),
    // (ONNX Runtime logs the failed node with its status at its error level, then raises the
    // same to Python: `[E:onnxruntime:, sequential_executor.cc:514 ExecuteKernel] Non-zero
    // status code returned while running Pad node. ... Failed to allocate memory ...`, and a
    // session that failed to start, `... Exception during initialization: bad allocation`); its
    // Python exceptions' classes name a status, not an error (`onnxruntime.capi.
    // onnxruntime_pybind11_state.Fail: [ONNXRuntimeError] : 1 : FAIL : ...`, an app's dialog
    // quoting it: `Fail: "[ONNXRuntimeError] : 1 : FAIL : ...`)
    (
        r#"\[E:onnxruntime:[^\]]*\] (?:Non-zero status code returned while running \w+ node|Exception during initialization: )|^(?:\w+\.)*[A-Z]\w*: "?\[ONNXRuntimeError\] : \d+ : [A-Z_]+ : "#,
        3,
    ),
    // (Open MPI's refusal of CUDA support it was not built with, in its help box: `The user
    // requested CUDA support with the --mca mpi_cuda_support 1 flag`)
    (ompi_cuda_not_built!(), 3),
    // (Mojo's compiler states a failed `constraint` as a note below the generic `error:
    // function instantiation failed`: `info.mojo:1842:9: note: constraint failed: Unknown GPU
    // architecture detected.`)
    (r"\bnote: constraint failed: \S", 3),
    // (torch's ONNX exporter, for an operator no symbolic function covers at that opset:
    // `Exporting the operator 'aten::unflatten' to ONNX opset version 11 is not supported.`)
    (onnx_unsupported_operator!(), 3),
    // --- a process died without saying why (tier 2) ---
    (
        // (TGI's launcher: `Shard process was signaled to shutdown with signal 4`; Triton
        // server's handler of an abort: `Signal (6) received.`, then the stack; not the
        // `Interrupt signal (2) received.` of a program asked to stop; torchrun's agent, hung up
        // on (a closed terminal or session): `Received Signals.SIGHUP death signal, shutting down
        // workers`)
        r"core dumped|Aborted|SIGABRT|SIGBUS|Bus error|exited with code [1-9]\d*|exit code:? (137|139|134)\b|was signaled to shutdown with signal \d+|^Signal \(6\) received\.?$|Received (?:Signals\.SIGHUP|1) death signal",
        2,
    ),
    // --- a shell's report that a job it ran was killed (`./start.sh: line 28: 7 Killed  CMD`,
    // tier 2): printed after the fact, behind whatever the job said before it died ---
    (r": line \d+: +\d+ Killed +\S", 2),
    // --- an exception that wraps one raised in another process (tier 1): Ray's
    // `RayTaskError(AttributeError): ray::Actor.method() ...`, whose task's own traceback, when
    // the paste kept it, states the cause (and an actor's death it wraps, Ray's own words) ---
    (r"^(\w+\.)*[A-Z]\w*(Error|Exception)\([A-Z]\w*\): ", 1),
    // --- Python exceptions (tier 3), not warnings (and a program's report of one a thread of its
    // raised, `RuntimeError in aborted thread: CUDA kernel mismatch ...`); a binding's class may
    // start lower-case (`nixlBackendError`, see [`EXCEPTION_LINE`]), and a class defined in a
    // function is named through it (`..._site_initialize.<locals>.MLIRError: ...`) ---
    (
        r"^(?:\w+\.)*[A-Z]\w*Error in (?:an? |the )?(?:aborted |worker |main )?thread(?: \S+)?: \S|^((?:\w+|<locals>)\.)*_?[A-Z]\w*(Error|Exception|Failure|Fault|Exit)(: |:?$)|^(\w+\.)*[a-z][a-z\d]*[A-Z]\w*(Error|Exception)(: |:?$)|^(\w+\.)*(KeyError|AssertionError|StopIteration|NotImplementedError|MemoryError)\b|^AssertionError|^Exception: ",
        3,
    ),
    // --- ComfyUI's error report (markdown) states the exception's message on its own line
    // below its type: `- **Exception Type:** ValueError`, then `- **Exception Message:** <msg>`
    // (a collector's prefix before it may take the list's dash as its separator, and the
    // reader the opening stars as a paste's bold) (tier 3) ---
    (r"(?:^|\s)(?:- )?(?:\*\*)?Exception Message:\*\* \S", 3),
    // --- an exception of a class named for no error, raised from a package's module of
    // exceptions (`torch._dynamo.exc.Unsupported: ...`, `torch._dynamo.exc.FailOnRecompileLimitHit:
    // ...`), which a paste may keep without its traceback (tier 3) ---
    (EXCEPTION_MODULE, 3),
    // --- Triton Inference Server's status of a model it could not load, in its table of models
    // (`| name | 1 | UNAVAILABLE: Internal: <reason> |`) or quoted (tier 2): its own log line
    // `failed to load 'name' ...` states it first, when the paste kept it ---
    (r"^UNAVAILABLE: [A-Z][a-z]+(?: [a-z]+)*: \S", 2),
    // --- an exception logged as its `repr`, alone on its line (tier 3): vLLM's V0 engine logs
    // the exception that stopped its loop so (`ERROR ... [engine.py:160] ValueError('...')`)
    // before the traceback ---
    (
        r#"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\(['"].*['"]\)\.?$"#,
        3,
    ),
    // --- CUTLASS's device code reports a path it lacks for the GPU it runs on as `<function>
    // not implemented` and then traps (the host sees an `unspecified launch failure`): the
    // statement (tier 3) ---
    (r"\bcutlass::.* not implemented$", 3),
    // --- Megatron's check of the gradients a backward pass reduces, `found NaN in local grad
    // norm for bucket #0 ...`, which its rerun state machine logs as `Unexpected result nan on
    // rank 3 at iteration #3 ...` with no error word of its own (tier 3) ---
    (r"found NaN in local grad norm", 3),
    // --- TurboMind's (LMDeploy's) check of a kernel it lacks for a data type and GPU, `not
    // implemented: dtype=e2m1, is_fused_moe=1, sm=70`, before it aborts (tier 3) ---
    (r"^not implemented: \S", 3),
    // --- a check of the GPU's capability that refuses it, stated bare by a server's logger
    // or a paste of the message alone (`Bfloat16 is only supported on GPUs with compute
    // capability of at least 8.0`, `... is not supported for the current GPU. Minimum
    // capability: 75. Current capability: 70.`), and xformers' refusal of an attention call
    // (`No operator found for `memory_efficient_attention_forward` with inputs:`), which
    // quotes its NotImplementedError's message, and TensorRT's of an engine built on another
    // GPU (`The engine plan file is generated on an incompatible device, expecting compute 6.1
    // got compute 7.5`) or another version of TensorRT, logged with no error word, and vLLM's
    // refusal of a model's architecture quoted without its ValueError (`Model architectures
    // ['X'] are not supported for now.`); FlashAttention's `FlashAttention only supports Ampere
    // GPUs or newer.`; SageAttention's `SM89 kernel is not available. Make sure you GPUs with
    // compute capability 8.9.`; TEI's check of the device against its build, `Runtime compute cap
    // 120 is not compatible with compile time compute cap 80` (tier 3) ---
    (
        r"\bis only supported on GPUs with compute capability\b|\bonly supports \w+ GPUs or newer\b|\bnot supported for the current GPU\b|Minimum capability: \d+\. +Current capability: \d+|^No operator found for `|engine plan file is generated on an incompatible device|engine plan file is not compatible with this version|\bengine created with incompatible serialization version\b|\bplan->header\.magicTag == rt::kPLAN_MAGIC_TAG failed\b|^Model architectures \[[^\]]*\] (?:are|is) not supported\b|\bSM\d+ kernel is not available\b|\bRuntime compute cap \d+ is not compatible with compile time compute cap\b",
        3,
    ),
    // --- a KV-cache size computed below zero, which no error may follow in a cut paste (tier
    // 3) ---
    (negative_kv_memory!(), 3),
    // --- ggml finding no usable CUDA device as it starts (`ggml_cuda_init: failed to initialize
    // CUDA: unknown error`): it goes on, on the CPU, which is not what a GPU run asked for
    // (tier 3) ---
    (r"\bfailed to initialize CUDA: ", 3),
    // --- the Hub refusing a gated repository to a client that is not logged in or not granted
    // it (`Cannot access gated repo for url <url>.`, transformers' `You are trying to access a
    // gated repo.`), quoted without its exception (tier 3) ---
    (
        r"^Cannot access gated repo for url |^You are trying to access a gated repo\b",
        3,
    ),
    // --- Ascend's CANN runtime states an operator's failure under an error code, once with the
    // process and time (`EZ9999[PID: N] <time> AclNN_Inner_Error(EZ9999):  <why>`, older `EZ9999:
    // [PID: N] <time> <why>`) after a bare `EZ9999: Inner Error!`: the line that says why ---
    (
        r"^E[A-Z0-9]\d{4}(?:\[PID: \d+\]|: \[PID: \d+\]) |\bAclNN_\w*Error\(E[A-Z0-9]\d{4}\): +\S",
        2,
    ),
    // --- SGLang skips a model module that fails to import (`Ignore import error when loading
    // sglang.srt.models.X. <the error>`): harmless for another model, the cause when the model
    // served is that one; stated before any later error, so only a statement when nothing
    // stronger is (tier 1); so is ONNX Runtime's notice that its CUDA provider would not load,
    // `EP Error ... CreateExecutionProviderInstance CUDA_PATH is set but CUDA wasnt able to be
    // loaded.` or, for its TensorRT provider, `Please install TensorRT libraries as mentioned in
    // the GPU requirements page`, after which it retries (and the loader's own `LoadLibrary
    // failed with error 126 "" when trying to load ...providers_cuda.dll` before it, when kept),
    // the cause of the session that then fails (ComfyUI's `Error occurred when executing X:`
    // above it) ---
    (
        r"^Ignore import error when loading \S+[.:] \S|\bCUDA_PATH is set but CUDA wasn'?t able to be loaded\b|\bLoadLibrary failed with error \d+ |\bPlease install TensorRT libraries as mentioned in the GPU requirements page\b",
        1,
    ),
    // --- torch's message of a tensor that cannot be expanded to a shape, in a paste cut inside
    // it (`The expanded size of the tensor (256) must match the existing size (512) at
    // non-singleton dimension 0.  Target sizes: [256].  Tensor sizes: [512]`): what is left
    // still states the error (tier 2) ---
    (r"\bat non-singleton dimension \d+\.\s+Target sizes: \[", 2),
    // --- Mesa's Vulkan driver for AMD GPUs on a job the kernel driver cancelled after a GPU
    // hang or reset (`radv/amdgpu: The CS has been cancelled because the context is lost.`),
    // before the program's own `ErrorDeviceLost`; the container runtime that could not give a
    // container the device it was asked for (`CDI device injection failed: unresolvable CDI
    // devices ...`); Slurm cancelling a job step (`slurmstepd: error: *** STEP 6053.0 ON host
    // CANCELLED AT ...`) (tier 3) ---
    (
        concat!(
            radv_context_lost!(),
            r"|\bCDI device injection failed\b|slurmstepd: error: \*\*\* (?:STEP|JOB) \S+ ON \S+ CANCELLED AT\b"
        ),
        3,
    ),
    // --- llama.cpp's server that could not open its port, `main: couldn't bind HTTP server
    // socket, hostname: 127.0.0.1, port: 8080`, printed with no level as it exits (tier 3) ---
    (r"\bcouldn't bind HTTP server socket\b", 3),
    // --- Slurm's daemons state their own errors behind their name, whatever the syslog prefix
    // (`slurmd: error: Waiting for gres.conf file /dev/nvidia0`, `slurmd: fatal: can't stat
    // gres.conf file ...`), before systemd reports the unit's exit (tier 3) ---
    (r"^slurm(?:d|ctld|dbd): (?:error|fatal): \S", 3),
    // --- serde's refusal of a file in a newer format than the library that reads it
    // (tokenizers' `data did not match any variant of untagged enum ModelWrapper at line N
    // column N`, a tokenizer.json saved by a later version), often pasted without the
    // `Exception: ` Python puts before it (tier 2) ---
    (r"\bdata did not match any variant of untagged enum \w+", 2),
    // --- a transport that would not register memory for its transfers (NIXL's backends: `Can't
    // register memory for unknown device 3`), worded without an error word (tier 2) ---
    (
        r"\b(?:[Cc]an't|[Cc]annot|[Uu]nable to) register memory\b",
        2,
    ),
    // --- NIXL's agent finding no plugin for a backend asked for (`getPluginParams: backend
    // 'UCX' not found`: the plugin's library did not load), before `createBackend: unsupported
    // backend` repeats it (tier 3) ---
    (r"\bgetPluginParams: backend '[^']+' not found", 3),
    // --- a logger's ERROR line with an error word, or that names an exception in prose
    // (Mooncake's `TcpTransport::startTransfer encountered an ASIO exception. ...`) or by its
    // class in a sentence (olmOCR's `ERROR - IndexError in model, restarting server`; not the
    // class that ends a traceback, which states the exception itself) (tier 1 fallback) ---
    (
        concat!(
            r"(?i)\b(",
            error_words!(),
            r"|exception)\b|(?-i:[a-z](?:Error|Exception) [a-z])"
        ),
        1,
    ),
];

/// The functions glibc names in its report of a corrupted heap (`free(): invalid pointer`).
macro_rules! glibc_heap_functions {
    () => {
        "(?:free|malloc|realloc|calloc|munmap_chunk|malloc_consolidate)"
    };
}
pub(crate) use glibc_heap_functions;

/// glibc's report of a corrupted heap, printed before it aborts (a macro, for the class rule
/// below to include it).
macro_rules! glibc_heap {
    () => {
        concat!(
            "^",
            glibc_heap_functions!(),
            r"\(\): [a-z]|^double free or corruption|^corrupted (?:size vs\. prev_size|double-linked list)",
            // (tcmalloc's, when a program preloads it: `src/tcmalloc.cc:283] Attempt to free
            // invalid pointer 0x1`, which reads as glog's prefix and its message)
            r"|tcmalloc\.cc:\d+\] Attempt to free invalid pointer|^Attempt to free invalid pointer 0x",
            // (and glibc before 2.26, which named the program: `*** Error in `python':
            // munmap_chunk(): invalid pointer: 0x00007fff1d4dcc28 ***`)
            r"|\*\*\* Error in `[^`']*': (?:",
            glibc_heap_functions!(),
            r"\(\): [a-z]|double free or corruption|corrupted )"
        )
    };
}
const GLIBC_HEAP: &str = glibc_heap!();

/// NVSHMEM's report of a failed step (see the `nvshmem_error` macro).
const NVSHMEM_STATUS: &str = nvshmem_error!();

/// Triton's refusal of an FP8 type the GPU cannot compute in (see the class rules).
pub const TRITON_FP8_ARCH: &str = triton_fp8_arch!();

/// A CUDA check macro's report of a failed call: `Failed: [Cuda error ]FILE:LINE 'CUDA message'`.
pub const CUDA_CHECK_FAILED: &str =
    r"\bFailed: (?:Cuda error )?\S*\.(?:cuh?|cpp|cc|hpp|h):\d+ '[^']+'";

/// pip's report of the requirements an install left unmet (see the detectors).
const PIP_CONFLICTS: &str = r"pip's dependency resolver does not currently take into account all the packages|\brequires \S+, but you have \S+ \S+ which is incompatible\b";

/// ggml's refusal of a tensor type its build does not know (see the detectors).
pub const GGML_UNKNOWN_TYPE: &str = r"tensor '[^']*' (?:has invalid ggml type (\d+)|of type (\d+) \(\w+\) has \d+ elements per row, not a multiple of block size\b)";

/// PhysX's GPU allocator out of device memory (`PxgCudaDeviceMemoryAllocator fail to allocate
/// memory N bytes!! Result = 2`, 2 being CUDA_ERROR_OUT_OF_MEMORY).
const PHYSX_ALLOC_OOM: &str =
    r"\bPxgCuda\w*MemoryAllocator fail to allocate memory \d+ bytes!* Result = 2\b";

/// torch's shared memory for the tensors a DataLoader's workers pass, full (`unable to write to
/// file </torch_8289_606636967_0>: No space left on device (28)`; its first releases ended the
/// message at the file, or at their allocator's place: `... </torch_3690_106607550> at
/// /pytorch/torch/lib/TH/THAllocator.c:271`).
pub const TORCH_SHM_FULL: &str = r"\bunable to write to file </torch_\w+>(?:: No space left on device\b|\s*$| at \S+THAllocator\.c:\d+)";

/// JAX's CUDA plugin finding a CUDA library missing, in either of jaxlib's wordings.
macro_rules! jax_cuda_lib_missing {
    () => {
        r"\bUnable to load cu\w+\. Is it installed\?|\bThe cu\w+ library was not found\b"
    };
}
/// [`jax_cuda_lib_missing!`], for the signature's key.
pub const JAX_CUDA_LIB_MISSING: &str = jax_cuda_lib_missing!();
/// The driver's `libcuda.so` that a loader could not open: ctypes' and vLLM's `libcuda.so.1:
/// cannot open shared object file`, cuda-python's `Failed to dlopen libcuda.so`.
macro_rules! libcuda_unloadable {
    () => {
        r"\bCannot load libcuda\.so\b|\blibcuda\.so(?:\.1)?: cannot open shared object file|\bFailed to dlopen libcuda\.so\b|\bcould not load library \x22libcuda\x22"
    };
}
/// [`libcuda_unloadable!`], for the signature's key.
pub const LIBCUDA_UNLOADABLE: &str = libcuda_unloadable!();
/// Hugging Face's ZeroGPU failing to lend a Space its GPU: `Error while initializing ZeroGPU:
/// Unknown`.
macro_rules! zerogpu_init_failed {
    () => {
        r"\bError while initializing ZeroGPU\b"
    };
}
/// [`zerogpu_init_failed!`], for the signature's key.
pub const ZEROGPU_INIT_FAILED: &str = zerogpu_init_failed!();
/// NVENC refusing an encode session on a GPU it does not enable: `OpenEncodeSessionEx failed:
/// unsupported device (2)`.
pub const NVENC_UNSUPPORTED_DEVICE: &str = r"\bOpenEncodeSessionEx failed: unsupported device\b";

/// Open MPI's statement that its runtime did not start (see the detectors).
const OMPI_START_FAILED: &str = r"It looks like (?:orte_init|opal_init|ompi_rte_init|MPI_INIT|ompi_mpi_init)\b.* failed for some reason|\b[OP]RTE was unable to reliably start one or more daemons|^All nodes which are allocated for this job are already filled\.|^There are not enough slots available in the system to satisfy the \d+";

const OMPI_REMOTE_SHELL: &str = r"^(?:ba|z)?sh: (?:line \d+: )?(?:orted|prted): (?:command )?not found|^ssh: (?:Could not resolve hostname \S+|connect to host \S+ port \d+): |^Host key verification failed\.|^Permission denied \(publickey";

/// Whether a line is the remote shell's error that a launcher met starting a node's daemon (see
/// [`OMPI_REMOTE_SHELL`]): a failure at start-up.
pub fn is_remote_launch_failure(text: &str) -> bool {
    static REMOTE_SHELL: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(OMPI_REMOTE_SHELL));
    REMOTE_SHELL.is_match(text)
}

const OMPI_CMA_READ: &str = r"\bRead -1, expected \d+, errno = \d+";

/// An operator stopping a process is not a crash, and says nothing about one.
const STOPPED: &str = r"^(?:\w+\.)*KeyboardInterrupt\b|closing signal SIGTERM|Signal 15 \(SIGTERM\)|Received SIGTERM|received signal SIGINT|^Aborted!$";

// Checked in order behind one literal prefilter: most lines mention none of the words any
// detector needs. One scan serves the event words, the stop rule (first) and the detectors.
static RULES: LazyLock<(super::prefilter::OrderedRules, Vec<Rule>)> = LazyLock::new(|| {
    let rules = super::prefilter::OrderedRules::gated(rule_patterns(), EVENT_WORDS);
    (
        rules,
        DETECTORS.iter().map(|(_, t)| Rule { tier: *t }).collect(),
    )
});

/// A compiler's error that Cargo relayed from a build script as a warning (see
/// [`detect_gated`]): `cuda/snarkvm.cu(275): error: ...`, `src/x.cpp:12:3: error: ...`.
static RELAYED_COMPILER_ERROR: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"^\S+\.(?:cuh?|cc|cpp|c|h|hpp)(?:\(\d+\)|:\d+:\d+): (?:fatal |catastrophic )?error: \S",
    )
});

/// gdb's frame of a jump to address zero (see `gdb_null_frame`).
static GDB_NULL_FRAME: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(gdb_null_frame!()));

/// The JVM's fatal-error report's signal line (see [`detect_gated`]).
static JVM_SIGNAL: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^#\s+SIG[A-Z]+ \(0x[0-9a-f]+\) at pc=0x"));

/// The detectors' patterns in order, after the stop rule.
pub(crate) fn rule_patterns() -> impl Iterator<Item = &'static str> {
    std::iter::once(STOPPED).chain(DETECTORS.iter().map(|(p, _)| *p))
}

/// Builds the detectors' automaton now (see [`super::prepare`]).
pub(crate) fn prepare() {
    LazyLock::force(&RULES);
    LazyLock::force(&BENIGN_WORDS);
    // (an ASCII text builds the form most lines use)
    EXCEPTION_LINE.is_match("");
}

static TRITON_LOAD_WRAPPER_AT: LazyLock<Option<usize>> = LazyLock::new(|| {
    DETECTORS
        .iter()
        .position(|(p, _)| *p == TRITON_LOAD_WRAPPER)
});

/// Cheap pre-check: a line without any of these words (ASCII case ignored) cannot be an event.
const EVENT_WORDS: &[&str] = &[
    "error",
    "non-ok-status",
    "defaultcpuallocator: ",
    "in use by another client",
    "could not find any implementation",
    "err_nvgpuctrperm",
    "compiled without cuda",
    "distributed package doesn't have ",
    "provided ptx was compiled with an unsupported",
    "status error code: cl_",
    "getplugincreator could not",
    "unable to dynamically load the",
    "00000000 in ?? (",
    "tried to allocate ",
    "loading them was unsuccessful",
    "lantern is not loaded",
    "unable to load dll",
    "couldn't allocate mr",
    "eglmakecurrent() failed",
    "object has no attribute",
    "error locating target",
    "op type not registered",
    "error trying to exec",
    "cannot load lib",
    "could not dynamically load cuda",
    "(error-code ",
    "caught amgx exception",
    "glfw error",
    "command not found",
    "siftgpu not fully supported",
    "() is not implemented in the current version",
    "() is not supported in the current version",
    "shape combination for arch ",
    "libdevice is required by this hlo module",
    "shader not supported by your hardware",
    // (XGBoost's check of a CUDA call, `/workspace/src/tree/updater_gpu_hist.cu: 279: invalid
    // argument`)
    ".cu: ",
    ".cuh: ",
    // (SiftGPU's `PyramidCU::GenerateFeatureList:\tan illegal memory access was encountered`)
    "illegal memory access",
    // (the NVIDIA HPC SDK's compilers' diagnostics, `NVFORTRAN-F-0004-...`, `PGF90-S-0519-...`)
    "nvfortran-",
    // (Julia's `could not load library "libcuda"`)
    "could not load library",
    "nvmlinit",
    "] page fault",
    "can't open file '",
    "no devices were found",
    "gpl-only symbol",
    "could not start",
    "miopen",
    "terminated with code",
    "stream executor for device",
    "pgf90-",
    "pgf95-",
    "pgfortran-",
    "nvc++-",
    "pgc++-",
    "pgcc-",
    // (torch's ONNX exporter: `Exporting the operator 'aten::unflatten' to ONNX opset version
    // 11 is not supported.`; Mojo's `note: constraint failed: ...`)
    "to onnx opset",
    "constraint failed",
    // (FFmpeg's `[h264_cuvid @ 0x...] Cannot load libnvcuvid.so.1`)
    "cannot load",
    // (aws-ofi-nccl's `NET/OFI Couldn't find any optimal provider`)
    "net/ofi",
    "process received signal",
    "cuinit err",
    "exception",
    "fail",
    "assert",
    "fatal",
    "timeout",
    "timed out",
    "killed",
    "kill",
    "xid",
    "fallen off",
    // (nvidia-smi's `Unable to determine the device handle for GPU <bus id>: GPU is lost`)
    "gpu is lost",
    // (CuTe's device code built without a feature of the GPU's architecture: `Attempting to use
    // wgmma.fence without CUTE_ARCH_MMA_SM90A_ENABLED`)
    "cute_arch_",
    // (the driver's module that found no GPU: `NVRM: No NVIDIA graphics adapter probed!`; that
    // refused its client, a GPU, or could not boot the GPU's firmware: `NVRM: API mismatch`,
    // `NVRM: The NVIDIA GPU <bus> (PCI ID: <id>)`, `cannot proceed with booting GSP`)
    "api mismatch",
    "(pci id:",
    "cannot proceed",
    "cannot initialize",
    "adapter probed",
    // (`NVRM: The NVIDIA probe routine was not called for 1 device(s).`; the kernel's refusal of
    // an unsigned module, `Loading of module with unavailable key is rejected`; NVIDIA's driver
    // container without the headers of the host's kernel, `Could not resolve Linux kernel
    // version`)
    "probe routine was not called",
    "unavailable key is rejected",
    // (Dr.Jit's refusal of a driver, `DrJit considers the driver of your graphics card buggy`;
    // Magnum's EGL context, `unable to find CUDA device 0 among 6 EGL devices in total`)
    "considers the driver",
    "unable to find cuda device",
    "could not resolve linux kernel",
    // (torch's statement as a C++ program's logger prints it alone, Dorado's `[error] No CUDA
    // GPUs are available`)
    "no cuda gpus are available",
    "kernel is not supported on your gpu",
    "cuda_path is set",
    "symbolic_shapes.",
    // (TensorRT: `... no optimization profile has been defined`, `No importer registered for
    // op: X`)
    "optimization profile",
    "no importer registered",
    "unsupported onnx data type",
    // (HIP's runtime: `Missing CO for these ISAs - `; SYCL's: `No kernel named <mangled> was
    // found`)
    "missing co for",
    "no kernel named",
    // (Open MPI's `Read -1, expected N, errno = N`, and its refusals to place processes: `All
    // nodes which are allocated for this job are already filled.`, `There are not enough slots
    // available in the system ...`)
    "read -1, expected",
    "already filled",
    // (Go's `panic: ...`; XLA's `RESOURCE_EXHAUSTED: ...`)
    "panic: ",
    "resource_exhausted",
    "not enough slots",
    // (uv's resolver: `× No solution found when resolving dependencies:`)
    "no solution found",
    // (NIXL's `Can't register memory for unknown device N`, `getPluginParams: backend 'X' not
    // found`)
    "register memory",
    "getpluginparams",
    // (serde's `data did not match any variant of untagged enum ModelWrapper`)
    "untagged enum",
    // (radv's `The CS has been cancelled because the context is lost`; the container runtime's
    // `CDI device injection failed`; Slurm's `*** STEP N ON host CANCELLED AT`)
    "context is lost",
    "cdi device injection",
    "cancelled at",
    // (torch's `... at non-singleton dimension 0.  Target sizes: [N].  Tensor sizes: [N]`)
    "non-singleton dimension",
    // (llama.cpp's server: `couldn't bind HTTP server socket`)
    "couldn't bind",
    // (GNU ld's `multiple definition of `sym'`)
    "multiple definition of",
    // (c10d's store: `... a possible application crash on rank 0 ...`)
    "application crash",
    // (a shell's report of SIGILL, a CPU without the instructions a build used; a Rust panic)
    "illegal instruction",
    "panicked at",
    "ecc",
    "segfault",
    "sigsegv",
    "abort",
    "out of memory",
    // (CUDA.jl's `Out of GPU memory trying to allocate 2.000 GiB`, behind Julia's `ERROR: `)
    "out of gpu memory",
    // (FlashAttention's check, its c10 error's message printed without the exception's class:
    // `FlashAttention only supports Ampere GPUs or newer.`)
    "gpus or newer",
    "outofresources",
    "traceback",
    // (a package's module of exceptions, `torch._dynamo.exc.Unsupported`)
    "exc.",
    "kernel is not available",
    // (pip's `vllm 0.18.0 requires torch==2.10.0, but you have torch 2.9.0 which is incompatible.`)
    "which is incompatible",
    // (TEI's `Runtime compute cap 120 is not compatible with compile time compute cap 80`)
    "compile time compute cap",
    // (cuDNN 8's loader on Windows, `Could not locate cudnn_ops_infer64_8.dll. Please make sure
    // it is in your library path!`)
    "in your library path",
    // (torch's `Unexpected key(s) in state_dict: "..."`, NumPy's `A module that was compiled
    // using NumPy 1.x cannot be run in NumPy 2.0.0`)
    "key(s) in state_dict",
    "in loading state_dict",
    "exception details: ",
    "exception message: ",
    "compiled using numpy",
    "dependency resolver",
    // (ggml's `tensor '...' has invalid ggml type 39 (NONE)`)
    "invalid ggml type",
    "multiple of block size",
    "unsupported conversion from",
    // (`GGML_ABORT`'s message behind its source location, `llama.cpp:11968: The current context
    // does not support K-shift`)
    "llama.cpp:",
    // (the same from one of its split sources, `src/llama-context.cpp:1034: Invalid input batch`)
    "src/llama-",
    "ggml",
    // (XLA's `Loaded runtime CuDNN library: 8.5.0 but source was compiled with: 8.6.0.`)
    "loaded runtime cudnn",
    // (cuBLAS's `** On entry to SGEMM parameter number 8 had an illegal value`)
    "had an illegal value",
    // (cuSPARSE's `** On entry to cusparseSpMM_bufferSize(): matrix B and C must be ...`)
    "** on entry to cu",
    // (Open MPI's `ORTE was unable to reliably start one or more daemons`)
    "reliably start",
    // (Ray's loss of a node, logged as a warning)
    "marked dead",
    "marked as dead",
    "what():",
    "nccl",
    "cuda",
    "watchdog",
    "signal",
    "exit",
    "interrupt",
    "terminate",
    "broken pipe",
    "connection",
    "died",
    // (Triton's Python backend: `Stub process is unhealthy and it will be restarted`)
    "stub process",
    "fault",
    "dead",
    "sigquit",
    "build stopped",
    "failures:",
    "root cause",
    "raise ",
    "waiting for",
    "exception in",
    "dump",
    "ran for",
    "collective",
    "error_file",
    "heartbeat",
    "undefined",
    "cannot open shared object",
    "unable to load any of",
    // compute-sanitizer's memcheck
    "invalid __",
    "shared or local address",
    "no module named",
    "cannot find tensor",
    "unknown quantization method",
    "cannot find",
    "cannot load symbol",
    "no matching distribution",
    "could not find a version",
    "resolutionimpossible",
    // (pip's resolver, `ERROR: Cannot install ... conflicting dependencies.` then `The conflict
    // is caused by:`, its level stripped with the prefix)
    "conflicting dependencies",
    "conflict is caused by",
    "metadata-generation",
    "installable wheels",
    "cmake",
    "stopiteration",
    "notimplemented",
    // CUTLASS's device code: `<function> not implemented`
    "not implemented",
    "status",
    // vLLM's KV-cache sizing check, stated without an exception type in older versions
    "stored in kv cache",
    // Triton's refusal of an FP8 type the GPU lacks, quoted without its exception, and its
    // compiler's (`Conversion from/to f8e4m3nv is only supported on compute capability >= 90`)
    "supported in this architecture",
    // Megatron's check of a backward pass's gradients
    "nan in local grad norm",
    // bitsandbytes' report of the CUDA library it looked for
    "bitsandbytes cuda binary",
    // transformers' prompt before it runs a repository's code
    "contains custom code",
    "does not recognize this architecture",
    "to have the same dtype",
    "requires you to execute",
    "only supported on compute capability",
    "to serve at least one request",
    "gated repo",
    // (a KV-cache size below zero)
    "kv cache memory: -",
    "profiled value -",
    // (and TensorRT-LLM's: `maxTokensInPagedKvCache (N) must be large enough to process at least
    // 1 sequence to completion`)
    "at least 1 sequence",
    "size mismatch",
    "kernel image",
    "nixl is not available",
    // fatal signals named alone (absl's `*** SIGABRT received at time=...`), and NVSHMEM's
    // `NULL value` report
    "sigabrt",
    "sigbus",
    // (Go's runtime names a fatal signal so, before its goroutines' stacks: `SIGILL: illegal
    // instruction`, `SIGFPE: integer divide by zero`)
    "sigill",
    "sigfpe",
    "null value",
    // Triton Inference Server's status of a model that failed to load
    "unavailable: ",
    // glibc's heap checks
    "(): ",
    "double free",
    "corrupted ",
    // (and tcmalloc's)
    "free invalid pointer",
    // NVIDIA driver statuses (`[NV_ERR_...]`) and the fabric manager's refusal of a driver
    "[nv_",
    "driver interface version",
    // a refused GPU capability, and xformers' refusal of an attention call
    "capability",
    "engine plan file",
    "no operator found",
    "incompatible device",
    "model architectures",
    "host compiler",
    "could not load any",
    // a kernel built for one architecture: `This kernel only supports sm120.`
    "only supports sm",
    // LLVM's backend asked for an architecture it does not know (Triton's bundled LLVM)
    "is not a recognized processor",
    // an NVIDIA container's check of the host's driver
    "this container was built for",
    "nvidia driver was not detected",
    "cuda driver unavailable",
    // ptxas's unknown target, CUTLASS's arch-conditional instruction, a kernel's bounds check
    "is not defined for option",
    "arch conditional mma",
    "out of bound tensor access",
    "cuda warning: ",
    // (words of detectors that no word above let through: a shell that found no compiler,
    // `sh: 1: nvcc: not found`; compute-sanitizer's `Illegal address`; HAMi's `Device 0 OOM N
    // / N`; ggml's `unable to allocate Vulkan0 buffer`, `can't malloc N Bytes memory on
    // device`; DDP's `Expected to have finished reduction ...` on a line of its own; NVRM's `No
    // NVIDIA GPU found`; vLLM's `EngineCore encountered an issue`; and the weaker statements:
    // `Transport endpoint is not connected`, NumPy's `_ARRAY_API not found`, Dynamo's
    // `Explanation:`, `taking the entire process down`, `destroy_process_group() was not
    // called`, HIP's debugging advice, torch's flight recorder, `NoneType: None`)
    ": not found",
    ": command not found",
    "illegal address",
    "misaligned address",
    "invalid pc",
    "invalid address space",
    "oom ",
    "unable to allocate",
    "can't malloc",
    "finished reduction",
    "no nvidia gpu",
    "encountered an issue",
    "transport endpoint",
    "_array_api",
    "explanation: ",
    "developer debug context",
    "entire process down",
    "was not called",
    "amd_serialize_kernel",
    "torch_use_hip_dsa",
    "flight recorder",
    "nonetype: none",
    // (a remote shell's errors under Open MPI's launcher)
    "orted: ",
    "prted: ",
    "could not resolve hostname",
    "connect to host",
    "host key verification",
    "permission denied (publickey",
    // TensorFlow's allocation that failed, on its own line below `Graph execution error:`, and
    // its listed statuses (`(0) Internal: ...`)
    "oom when allocating",
    ") unknown: ",
    ") internal: ",
    ") invalid argument: ",
    ") not found: ",
    ") failed precondition: ",
    ") aborted: ",
    ") out of range: ",
    ") unimplemented: ",
    ") data loss: ",
    ") resource exhausted: ",
];

/// Returns the tier of a line's message if it states or wraps an error.
pub fn detect(text: &str, level: Option<char>) -> Option<u8> {
    match detect_gated(text, level) {
        Detection::Tier(t) => Some(t),
        _ => None,
    }
}

/// What [`detect_gated`] found in a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detection {
    /// An event of this tier.
    Tier(u8),
    /// Only an error word on a line no logger marked as an error (`Error: ShardCannotStart`,
    /// a tool's `... failed`), benign or not: no event, but the last resort of a log that has
    /// none.
    ErrorWord,
    /// Nothing.
    None,
}

/// [`detect`], telling apart a line it dropped only for want of an error level.
pub fn detect_gated(text: &str, level: Option<char>) -> Detection {
    // (nor is a heading that states nothing, a web UI's pop-up's or a writer's `Error` above
    // what they pasted: the lines below say what failed, if anything)
    if text.len() < 3 || matches!(text.trim(), "Error" | "Error:" | "ERROR" | "ERROR:") {
        return Detection::None;
    }
    // rule 0 is `STOPPED`
    let Some(first) = RULES.0.first_match(text).and_then(|i| i.checked_sub(1)) else {
        // A record its logger marked fatal states an error in whatever words it uses (OpenACC's
        // `FATAL ERROR: data in PRESENT clause was not found on device 1`, its prefix read off
        // as the level).
        if matches!(level, Some('F' | 'C'))
            && text.bytes().any(|b| b.is_ascii_alphabetic())
            && !is_benign(text)
        {
            return Detection::Tier(FALLBACK_TIER);
        }
        // (a structured logger's record it marked as an error, in words no rule knows, is no
        // event, but the last resort of a log that has none: mig-parted's `level=error
        // msg="Resetting GPU ... is not supported."`)
        if level == Some('E') && text.starts_with("msg=") {
            return Detection::ErrorWord;
        }
        // (nor is a record marked as an error in words of its own that say a step failed: one
        // that quotes the system's reason for a failed call, Mooncake's `E0116 ...
        // SocketHandShakePlugin: connect()10.0.0.30:15041: Connection refused [111]`, the error
        // its next records wrap; vLLM's scheduler's record of a token the request's grammar
        // refused, `Unexpected: grammar rejected tokens [530, 729] for request R. Terminating
        // request.`, as weighty as the grammar backend's `Failed to advance FSM` beside it;
        // TensorRT's record at its error level, tagged by its samples' logger, `[E] [TRT]
        // (Unnamed Layer* 173) [Convolution]: kernel weights has count 5376 but 32640 was
        // expected`, but not the ONNX parser's dump of the node it failed on, `[TRT]
        // ModelImporter.cpp:723: --- End node ---`, whose own error line says `ERROR:`)
        static ERRNO_TEXT: LazyLock<AsciiFirst> = LazyLock::new(|| {
            AsciiFirst::new(
                r": (?:Connection refused|Connection reset by peer|No route to host|Network is unreachable|Connection timed out|Broken pipe|Address already in use)\b",
            )
        });
        let tensorrt_error = || {
            text.starts_with("[TRT] ") && text.len() > 12 && !text.contains("ModelImporter.cpp:")
        };
        if level == Some('E')
            && (ERRNO_TEXT.is_match(text)
                || text.contains("grammar rejected tokens [")
                || tensorrt_error())
        {
            return Detection::Tier(FALLBACK_TIER);
        }
        return Detection::None;
    };
    let mut tier = RULES.1[first].tier;
    // (Triton's wrapper quotes its backend's error: a cause that would outrank a bare wrapper,
    // `Failed to create instance: ... maxTokensInPagedKvCache must be large enough to process
    // at least 1 sequence`, is stated here first, not on the later line that repeats it)
    if Some(first) == *TRITON_LOAD_WRAPPER_AT {
        let quoted = ["Failed to create instance: ", "loading failed with error: "]
            .iter()
            .find_map(|m| text.find(m).map(|i| &text[i + m.len()..]));
        if let Some(Detection::Tier(t)) = quoted.map(|q| detect_gated(q, level)) {
            tier = tier.max(t);
        }
    }
    // The generic fallback counts only on lines a logger marked as errors. (Whether an error
    // word is benign is asked only of the one line a last resort keeps: [`is_benign`].)
    // (and on a line that quotes CUDA's text of a kernel's sticky fault, at whatever level a
    // logger wrote it: see `states_sticky_fault`)
    let on_error_line =
        || matches!(level, Some('E') | Some('F') | Some('C')) || states_sticky_fault(text);
    // (a failed call that quotes the fault is its first statement, above the exceptions its
    // callers then throw: old cuDF's `ERROR: CUDA Runtime call cudaDeviceSynchronize() in line
    // 741 of file ... failed with an illegal memory access was encountered (77).`; a record a
    // logger marked as an error, or a failed call's own report, states it whatever word the
    // program put first, pyPaSWAS' `ERROR - Warning: cuCtxSynchronize failed: an illegal memory
    // access was encountered`, which no benign word below then hides)
    if (matches!(level, Some('E' | 'F' | 'C')) || text.contains(" failed: "))
        && states_sticky_fault(text)
    {
        return Detection::Tier(tier.max(3));
    }
    if first == DETECTORS.len() - 1 && states_sticky_fault(text) {
        tier = tier.max(3);
    }
    if first == DETECTORS.len() - 1 && !on_error_line() {
        // (an exception named in prose is no error word; an error word beside it still is)
        static WORD: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::new(concat!(r"(?i)\b(", error_words!(), r")\b")));
        return if WORD.is_match(text) {
            Detection::ErrorWord
        } else {
            Detection::None
        };
    }
    // (Cargo relays a build script's output as warnings, a compiler's errors among them:
    // `warning: cuda/snarkvm.cu(275): error: identifier "vec_t" is undefined`)
    if let Some(rest) = text.strip_prefix("warning: ") {
        if RELAYED_COMPILER_ERROR.is_match(rest) {
            return detect_gated(rest, level);
        }
    }
    if is_benign(text) {
        // (a statement with a hint of its own after it, OrionX's `Sorry, cudaMallocManaged() is
        // not implemented in the current version. If user application keeps reporting errors,
        // please use Ctrl+C to exit`: the statement, read alone)
        if let Some(statement) = stated_before_hint(text) {
            return detect_gated(statement, level);
        }
        return Detection::None;
    }
    Detection::Tier(tier)
}

/// The sentences before a hint of what to do if an error happens (see [`is_if_hint`]), when a
/// sentence's end comes before it.
fn stated_before_hint(text: &str) -> Option<&str> {
    let before = text[..IF_HINT.find(text)?.start()].trim_end();
    (before.ends_with(['.', '!']) && before.contains(char::is_alphanumeric)).then_some(before)
}

// (vLLM's warning that it found no compiled extension, `Failed to import from vllm._C with No
// module named 'vllm._C'`, printed without its level by `collect_env`: it goes on without it, and
// what then fails names the cause, see `extension_unloaded`)
// (SGLang's notice that it turns off a feature whose package it could not import, `Failed to
// import deep_gemm, disable ENABLE_JIT_DEEPGEMM.`: it goes on without it)
// (the cpuinfo library that torch loads, unable to read the CPU's features in a container or on
// an ARM host, `Error in cpuinfo: prctl(PR_SVE_GET_VL) failed`: it goes on without them)
// (a serving benchmark's table of results, vLLM's and SGLang's `Failed requests:    0`: a count
// the benchmark reports, whatever its value, not a failure of the program that prints it)
// (a hint of what to do if an error happens: see `is_if_hint`)
// (and libgit2's, under an updater that goes on without the update, `OpenSSL error: failed
// to load certificates: error:00000000:lib(0)::reason(0)`)
// (and TensorRT's ONNX parser meeting an op it has no importer of, at its info level, `No
// importer registered for op: ScatterND. Attempting to import as plugin.`: a plugin may serve)
// (and ggml's loader probing each library beside it for a backend it can load: one linked
// into the program has no entry point, `load_backend: failed to find ggml_backend_init in
// .../libggml-cuda.so`, and the backend is already registered)
// (and vLLM's note of a request its client dropped, `Aborted request cmpl-<id>.`: the server
// goes on)
// (and the header of torch's ONNX exporter's diagnostics, `verbose: False, log level:
// Level.ERROR`: a setting, above the count of what it found)
// (and a program's summary of a feature it turned off and why, XMRig's `* NVML  disabled
// (failed to load NVML)`: it runs on without it)
// (and Inductor's autotuner logging a candidate it dropped, behind its logger's source tag,
// `select_algorithm.py:3213 [1/0] No valid triton configs. OutOfMemoryError: out of resource:
// ...` then `Ignoring this choice.`, where the paste cut the report's header: it goes on with
// the other candidates)
// (and a record at INFO of a logger named for errors, uvicorn's `[INFO] (uvicorn.error:75) -
// Started server process`)
// (and DeepStream's nvinfer finding no engine file cached, `Deserialize engine failed because file
// path: .../model_b1_gpu0_fp32.engine open error`, before it builds one from the model)
// (and torch's hint below a data-dependent guard, `ATTENTION: guard_size_oblivious would fix the
// error, evaluating expression to False.`: advice about the error above)
// (and a program's usage report that did not reach its vendor, Guppy's `Failed to send ping to
// https://ping-dev.oxfordnanoportal.com/...`: telemetry, the work goes on)
// (and the `what():` of a second exception thrown while the first terminated the process, when
// ranks' lines interleave: `what():  [1,2]<stderr>:terminate called recursively` states nothing;
// the first exception's message does, wherever it lands)
static BENIGN: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::matcher(
        r#"(?i)warning|^Error in cpuinfo: |^OpenSSL error: failed to load certificates\b|\bNo importer registered for op: \S+ Attempting to import as plugin\b|^\s*(error_file|exitcode)\s*:\s*<N/A>|no error|as an error in a future release|errors?: 0\b|error_rate|\bignor(?:e|ed|ing)\b[^.]*\berror|_error=|--[\w-]*error|ignore_errors|enable_nan_detection|Error\w* handling|error handler|CUDA_LAUNCH_BLOCKING=1 (may|to)|potential root causes|common causes include|crashed unexpectedly due to SIGSEGV|^\s*#|Is CUDA available|CUDA runtime version:|CUDA used to build|cuda graph: (True|False)|Capture cuda graph (begin|end)|captured bs|(?-i:Capturing)|Decode out of memory happened|ncclCommInitRank|NCCL INFO|init\.cc:\d+ NCCL|NCCL version \d|\bBootstrap ?: Using\b|Using network|Channel \d+|comm 0x|^\s*File "|standard error output:$|^Failed to import from \S+ with (?:ModuleNotFoundError\(["'])?No module named |^Failed to import [\w.]+, disabl(?:e|ing) [\w_]+|^\s*Failed requests: +\d|\bsubmit this information together with your error trace\b|\bplease submit your error trace to\b|\bSkipping tactic 0x[0-9a-f]+ due to\b|^load_backend: failed to find ggml_backend_init in |^Aborted request \S+\.?$|\blog level: Level\.\w+$| {2,}disabled \((?:failed|unable) to \w+ [^()]*\)$|\bselect_algorithm\.py:\d+ \[\d+/\d+\] No valid triton configs\b|\bwould fix the error\b|\bDeserialize engine failed because file path: \S+ open error\b|\[(?:INFO|DEBUG)\] \([\w.]*\berror:\d+\)|^Failed to send ping to https?://|\bwhat\(\):\s+(?:\S*:)?terminate called recursively\s*$"#,
    )
});

static EXECUTOR_INIT_FAILED: super::Word =
    super::Word::new("Failed to initialize executor on rank ");

/// A native frame as c10 prints its backtrace on Windows: return addresses in hex, then
/// `module!symbol`.
fn is_windows_native_frame(text: &str) -> bool {
    let t = text.trim_start();
    let hex = t.bytes().take_while(u8::is_ascii_hexdigit).count();
    hex >= 16
        && t[hex..].starts_with(' ')
        && t[hex..]
            .trim_start()
            .split(' ')
            .next()
            .is_some_and(|m| m.contains('!'))
}

/// A table's header: at least four words set apart by runs of spaces, and nothing but words
/// (a statement has punctuation, or single spaces between all its words but where a value it
/// interpolates is empty: `Failed to open device mlx5_8 on port  with GID 0`).
fn is_column_header(text: &str) -> bool {
    let t = text.trim();
    t.split_whitespace().count() >= 4
        && t.split("  ").filter(|p| !p.trim().is_empty()).count() >= 3
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '_' || c == '-')
}

/// A hint of what to do if an error happens (`If you are running Triton inside docker, use
/// '--shm-size' ...`), within one sentence: a decimal point is no end of one, and a sentence after
/// it may state the error. The hint is a sentence of its own (or after a word and a comma,
/// `However, if ...`), not a clause after the statement it follows (`ptxas returned an error ...
/// If the error message indicates that a file could not be written, ...`).
static IF_HINT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?i)\bif\b(?:[^.]|\.\S)* error"));

fn is_if_hint(text: &str) -> bool {
    let Some(m) = IF_HINT.find(text) else {
        return false;
    };
    let before = text[..m.start()].trim_end();
    // (a word and a comma before it: `However, if I set it to 0.7, I receive the following error`)
    let before = match before.strip_suffix(',') {
        Some(b) => b.trim_end_matches(char::is_alphanumeric).trim_end(),
        None => before,
    };
    before.is_empty()
        || before.ends_with(['.', ';', '!', '?'])
        || !before.contains(char::is_alphanumeric)
}

/// TensorFlow's and XLA's BFC allocator warns of an allocation it could not make for an op
/// (`Allocator (GPU_0_bfc) ran out of memory trying to allocate 103.65GiB (rounded to N)requested
/// by op `) before the op fails with `RESOURCE_EXHAUSTED`: the first statement of that
/// out-of-memory. (Its like warning that `the caller indicates that this is not a failure` is
/// only advice.)
pub fn is_allocator_failure(text: &str) -> bool {
    (text.contains("_bfc) ran out of memory trying to allocate ") && !text.contains("not a failure"))
        // (and the op's own failure that follows, also a warning: `OP_REQUIRES failed at
        // tile_ops.cc:123 : Resource exhausted: OOM when allocating tensor with shape[...]`)
        || ((text.contains("OP_REQUIRES failed at ") || text.contains("Compute status: "))
            && OP_FAILED.is_match(text))
}

/// A TensorFlow op's failure as its kernel logs it, at warning level, before the status is raised:
/// `OP_REQUIRES failed at xla_ops.cc:590 : UNAVAILABLE: No PTX compilation provider is available.`,
/// and as its first releases' executor logged it, `executor.cc:1076] 0x18ef02bb0 Compute status:
/// Resource exhausted: OOM when allocating tensor with shape`. (Not the statuses an input pipeline
/// ends or is stopped with, `OUT_OF_RANGE: End of sequence`, `CANCELLED`, nor a lookup a caller may
/// answer, `NOT_FOUND`, but cuDNN finding no convolution algorithm that runs: `Not found: No
/// algorithm worked!`.)
static OP_FAILED: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(OP_FAILED_RE));
const OP_FAILED_RE: &str = r"(?:\bOP_REQUIRES failed at \S+ :|\] (?:0x[0-9a-f]+ )?Compute status:) (?:(?:Unknown|UNKNOWN|Internal|INTERNAL|Unavailable|UNAVAILABLE|Resource exhausted|RESOURCE_EXHAUSTED|Failed precondition|FAILED_PRECONDITION|Invalid argument|INVALID_ARGUMENT): \S|(?:Not found|NOT_FOUND): No algorithm worked\b)";

/// c10's warning of a CUDA call that failed in a destructor with a kernel's sticky fault
/// (`Warning: CUDA warning: an illegal memory access was encountered (function destroyEvent)`),
/// or a logger's warning that quotes one (vLLM's `Failed to pickle inputs of failed execution:
/// CUDA error: an illegal memory access was encountered`): the fault stated, often before the
/// exception that reports it. A sticky fault ends the CUDA context, so no caller recovers.
pub fn is_cuda_warning_of_fault(text: &str) -> bool {
    (text.contains("CUDA warning: ") || text.contains("CUDA error: "))
        && [
            "illegal memory access",
            "device-side assert",
            "unspecified launch failure",
            "misaligned address",
        ]
        .iter()
        .any(|f| text.contains(f))
}

/// A failed CUDA call quoted with CUDA's own text of a kernel's sticky fault after a colon
/// (`...: an illegal memory access was encountered`) or after `failed with` (`... failed with
/// an illegal memory access was encountered (77).`), whoever logged it and at what level.
pub fn states_sticky_fault(text: &str) -> bool {
    [
        ": an illegal memory access was encountered",
        ": unspecified launch failure",
        ": misaligned address",
        ": device-side assert triggered",
        " failed with an illegal memory access was encountered",
        " failed with unspecified launch failure",
    ]
    .iter()
    .any(|f| text.contains(f))
}

/// The end of c10d's `NCCL error in:` line (see the detectors).
static NCCL_ERROR_TAIL: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(nccl_error_tail!()));

/// The wording of NCCL's error statuses, as `ncclGetErrorString` gives them.
static NCCL_STATUS: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"failed: (?:unhandled (?:cuda|system) error|internal error|invalid usage|invalid argument|remote process exited|Unable to load NCCL library)",
    )
});

crate::scan::words! { B {
    PG_SHUTDOWN = "error set by ProcessGroupNCCL: Process Group shutdown",
    SKIPPING_TACTIC = "Skipping tactic",
    FAILURE_PROFILING = "due to failure while profiling",
    CUDA_WARNING = "CUDA warning: ",
    CUDA_ERROR = "CUDA error: ",
    WARNING = "Warning",
    ASSERTION = "Assertion",
    FAILED = "failed",
    FAILED_COLON = "failed: ",
    IBVERBS = "Failed to open libibverbs",
    OFI_INIT_FAILED = "NET/OFI aws-ofi-nccl initialization failed",
    FALLING_BACK = ". Falling back to ",
    PINNED_VULKAN = "Failed to allocate pinned memory",
    PINNED_CUDA = " of pinned memory: ",
    IBV_WRAPPER = "ibvwrap.cc:",
    WRAPPER_NOT_INIT = "lib wrapper not initialized",
    NCCL_WARN = "NCCL WARN",
    NCCL_ERROR = "NCCL error",
    // (words a regex below needs, so that a line without them skips it: the tail of c10d's NCCL
    // error, a setting's `=`)
    NCCL_VERSION = ", NCCL version ",
    EQUALS = "=",
    NVCC_FATAL = "nvcc fatal",
    FATAL_ERROR = " fatal error: ",
    // (MSVC's, `xkeycheck.h(54): fatal error C1189: #error: ... Enable warning C4005 to ...`)
    MSVC_FATAL = "fatal error C",
    DIAGNOSTIC_ERROR = ": error: ",
    NV_WARN = "[NV_WARN_",
    NV_ERR = "[NV_ERR_",
    UNSUPPORTED_DIRECTIVE = "#error -- unsupported ",
    XID = "NVRM: Xid",
    SXID = "SXid (",
    NON_ZERO = ": non-zero status: ",
    NULL_VALUE = ": NULL value",
    FULL_MESH = "connectFullMesh failed",
    DRIVER_INSUFFICIENT = "driver version is insufficient",
    WATCHDOG_TIMEOUT = "watchdog timeout (",
    MISMATCH = "Detected mismatch between collectives",
    UNFINISHED_REDUCTION = "finished reduction in the prior iteration",
    // (the words of a worker's death: see `is_worker_death`)
    WORKER_PROC = "Worker proc ",
    ENGINE_CORE_PROC = "Engine core proc ",
    DIED_UNEXPECTEDLY = " died unexpectedly",
    WORKER_PROCESS_DIED = "worker process has died",
    WORKER_DIED_KILLED = "A worker died or was killed",
    ACTOR_DIED = "The actor died unexpectedly before finishing this task",
    RAY_TASK_ACTOR_DIED = "RayTaskError(ActorDiedError)",
    NODE_DEAD = "has been marked dead because the detector has missed too many heartbeats",
} }

/// pydantic v1's line for one field's error, below its `3 validation errors for Model` heading:
/// `  extra fields not permitted (type=value_error.extra)`.
pub fn is_pydantic_v1_detail(text: &str) -> bool {
    static DETAIL: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"\(type=[a-z_]+(?:\.[a-z_]+)*(?:; [^)]*)?\)\s*$"));
    text.trim_end().ends_with(')') && DETAIL.is_match(text)
}

/// A compiler's error at a line and column of a file (see [`is_benign`]).
static COMPILER_ERROR_AT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^\s*\S+:\d+:\d+: error: "));

/// A count of failures that is zero (see [`is_benign`]).
static ZERO_FAILED: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(r"\bfailed: +0\b"));

/// The words [`is_benign`] and [`is_worker_death`] test a line for, found in one scan (the
/// detectors send it most lines they match, often long ones).
static BENIGN_WORDS: LazyLock<aho_corasick::dfa::DFA> =
    LazyLock::new(|| crate::scan::dfa(B::TEXT, false).expect("valid words"));

/// A Kubernetes event of a container that failed, as `kubectl describe` lists it.
pub static K8S_FAILED_EVENT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^\s*Warning\s{2,}Failed\s{2,}\S"));

/// TensorFlow 1.x's statuses as it lists them under `2 root error(s) found.`, in words.
const TF_LISTED_STATUS: &str = r"^\s*\(\d+\) (?:Unknown|Internal|Invalid argument|Not found|Unavailable|Failed precondition|Aborted|Out of range|Unimplemented|Data loss|Resource exhausted): \S";

/// Lines that mention an error word without stating an error.
pub fn is_benign(text: &str) -> bool {
    // (a line marked as a comment is benign, but for the JVM's fatal-error report, which marks
    // every line so: its signal, `#  SIGSEGV (0xb) at pc=0x...`; and gdb's frame of a jump to
    // address zero, see `gdb_null_frame`)
    if text.starts_with('#') && (JVM_SIGNAL.is_match(text) || GDB_NULL_FRAME.is_match(text)) {
        return false;
    }
    // TensorFlow's listed status is the error, whatever its advice says (`... so try looking to
    // see if a warning log message was printed above.`)
    if text.trim_start().starts_with('(') {
        static LISTED: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(TF_LISTED_STATUS));
        if LISTED.is_match(text) {
            return false;
        }
    }
    // GLFW on a machine with no display, which a renderer notes and goes on without (`[svulkan2]
    // [error] GLFW error: X11: The DISPLAY environment variable is missing`, then `Continue
    // without GLFW.`): what needed a window fails in its own words
    if text.contains("The DISPLAY environment variable is missing") {
        return true;
    }
    // GLib's report of a precondition a caller broke, which returns and goes on
    // (`(deepstream-app:10): GStreamer-CRITICAL **: 07:18:35.870: gst_caps_fixate: assertion
    // 'GST_IS_CAPS (caps)' failed`): what came to pass the bad value says why, not the check
    if text.contains("-CRITICAL **: ") && text.contains(": assertion '") {
        return true;
    }
    // A feature a program goes on without, as it says (koboldcpp's `IPv6 Socket Failed to Bind.
    // IPv6 will be unavailable.`)
    if text.trim_end().ends_with("will be unavailable.") {
        return true;
    }
    // Slurm's step daemon starting a task in another directory than asked (`slurmstepd: error:
    // couldn't chdir to `/root/x': No such file or directory: going to /tmp instead`): the
    // task runs all the same
    if text.contains("couldn't chdir to") && text.trim_end().ends_with("instead") {
        return true;
    }
    // a program's advice, whatever it names (Dynamo's below a graph break, `Hint: Dynamo has
    // detected that tracing the code will result in an error ...`; a UI's at start-up, `Hint:
    // your device supports --cuda-malloc for potential speed improvements.`)
    if text.trim_start().starts_with("Hint: ") {
        return true;
    }
    // a frame of c10's C++ backtrace below the error it follows (`frame #0:
    // c10::Error::Error(c10::SourceLocation, ...) + 0x98 (0x7f... in .../libc10.so)`): the
    // constructor of the error is no statement of one
    if let Some(rest) = text.trim_start().strip_prefix("frame #") {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && rest[digits..].starts_with(": ") {
            return true;
        }
    }
    // Kubernetes names every event that is not normal a `Warning`: a container that failed
    // (`Warning  Failed  86s  kubelet  Error: failed to create containerd container: ...`) is no
    // warning
    if K8S_FAILED_EVENT.is_match(text) {
        return false;
    }
    // a progress bar whose task is named for errors (marker's `Running OCR Error Detection:
    // 100%|████| 1/1 [00:00<00:00, 51.64it/s]`): a step that ran, not an error
    if text.contains("%|") && crate::lines::is_named_progress_bar(text) {
        return true;
    }
    // a loader's missing symbol is an error whatever words its mangled name holds
    // (`undefined symbol: _ZN3c107WarningC1E...`)
    if text.contains("undefined symbol: ") {
        return false;
    }
    // a Go program's panic states what stopped it, whatever settings it names
    // (`... with migEnabled=true was not configured correctly`)
    if text.starts_with("panic: ") {
        return false;
    }
    // PMIx's report that a process's error handler ran (`pmixp_client_v2.c:211: Error handler
    // invoked: status = -61`, under Slurm's step daemon) is a process that failed, not the
    // installing of a handler
    if text.contains("Error handler invoked: status = ") {
        return false;
    }
    // the source line Python shows under a warning it printed (`  warnings.warn("scatter inputs
    // have incompatible types: ...`): the warning's code, not a statement
    if text.trim_start().starts_with("warnings.warn(") {
        return true;
    }
    // c10's header of the native frames below an error it raised (`Exception raised from
    // checkForNCCLErrorsInternal at .../ProcessGroupNCCL.cpp:1729 (most recent call first):`):
    // where, not what
    if text.trim_start().starts_with("Exception raised from ") {
        return true;
    }
    // (the words the checks below need, found in one scan of the line)
    let b = Found::of(&*BENIGN_WORDS, text.as_bytes());
    // a failure stated with the way round it on the same line, which the program then takes
    // (IndexTTS's `Failed to load custom CUDA kernel for BigVGAN. Falling back to torch.`): a
    // failure after it states itself
    // (and ggml's backends failing to pin host memory for a staging buffer, `ggml_vulkan: Failed
    // to allocate pinned memory (...: ErrorOutOfDeviceMemory)`, `failed to allocate 512.00 MiB of
    // pinned memory: out of memory`: they use pageable memory instead and go on)
    if b.has(B::FALLING_BACK) || b.has(B::PINNED_VULKAN) || b.has(B::PINNED_CUDA) {
        return true;
    }
    // torch's watchdog finding the communicators of a process group that its own, orderly
    // shutdown aborted (`found async exception when checking for NCCL errors: NCCL communicator
    // encountered error set by ProcessGroupNCCL: Process Group shutdown on rank 3`)
    if b.has(B::PG_SHUTDOWN) {
        return true;
    }
    // a count of failures that is zero (a test runner's summary, `Tests failed:  0`)
    if b.has(B::FAILED_COLON) && ZERO_FAILED.is_match(text) {
        return true;
    }
    // an autotuner dropping a candidate kernel that failed as it was profiled (FlashInfer's and
    // TensorRT-LLM's `Skipping tactic <t> due to failure while profiling: <error>`): the tuner
    // goes on with the others
    if b.has(B::SKIPPING_TACTIC) && b.has(B::FAILURE_PROFILING) {
        return true;
    }
    // (SGLang's skipped model module states its import error, tier 1: see the detectors)
    if text.starts_with("Ignore import error when loading ") {
        return false;
    }
    // (c10's warning of a kernel's sticky fault: see the parser's level rules)
    if (b.has(B::CUDA_WARNING) || b.has(B::CUDA_ERROR)) && is_cuda_warning_of_fault(text) {
        return false;
    }
    // a frame of c10's native backtrace on Windows (`00007FFF76662C24... c10.dll!c10::Error::Error
    // [<unknown file> @ <unknown line number>]`): where, not what
    if is_windows_native_frame(text) {
        return true;
    }
    // a table's header with an `error` column (nccl-tests' `size  count  type  redop  time
    // algbw  busbw  error`): words in columns, no sentence
    if is_column_header(text) {
        return true;
    }
    // An exception line is never benign, whatever its message says.
    if EXCEPTION_LINE.is_match(text) && !b.has(B::WARNING) {
        return false;
    }
    if b.has(B::ASSERTION) && b.has(B::FAILED) {
        return false;
    }
    // (nor a program's report of an NCCL call that returned an error status, XLA's `NCCL
    // operation ncclCommInitRank(&comm, ...) failed: unhandled cuda error`, however much its
    // call reads like NCCL's informational lines)
    if b.has(B::FAILED_COLON) && NCCL_STATUS.is_match(text) {
        return false;
    }
    // (nor Triton Inference Server's report that it could not start, whatever the C++
    // declaration it quotes says: `[with ... bool THRW = true]`)
    if text.starts_with("error: creating server: ") {
        return false;
    }
    // (pydantic's restatement of the exception a validator raised, `Value error, <msg>`, whose
    // message may quote the values it checked: `model_max_length=None`)
    if text.trim_start().starts_with("Value error, ") {
        return false;
    }
    // TensorRT-LLM's report that an executor failed to start quotes the exception it caught,
    // whatever that says (a C++ declaration's `sizes=None` is no configuration dump)
    if EXECUTOR_INIT_FAILED.is_in(text) {
        return false;
    }
    // NCCL warns that it found no InfiniBand verbs library and goes on with sockets (its
    // maintainers say to ignore it unless InfiniBand was meant to be used), or that the AWS OFI
    // network plugin did not start (`NCCL WARN NET/OFI aws-ofi-nccl initialization failed`, then
    // `NCCL INFO Using network Socket`)
    // (nor its wrapper of that library, called without it: `misc/ibvwrap.cc:173 NCCL WARN lib
    // wrapper not initialized.`; nor an InfiniBand device it skips, `Call to ibv_open_device
    // failed`, `NET/IB : Unable to open device mlx5_59`: it uses the others, or says it found
    // none)
    if b.has(B::IBVERBS)
        || b.has(B::OFI_INIT_FAILED)
        || (b.has(B::IBV_WRAPPER) && b.has(B::WRAPPER_NOT_INIT))
        || (b.has(B::NCCL_WARN)
            && (text.trim_end().ends_with("Call to ibv_open_device failed")
                || text.contains("NET/IB : Unable to open device ")))
    {
        return true;
    }
    // an NCCL error names the NCCL version that raised it, as the version banner does (and so
    // does its tail, `...ProcessGroupNCCL.cpp:1275, internal error, NCCL version 2.14.3`)
    if b.has(B::NCCL_WARN)
        || b.has(B::NCCL_ERROR)
        || (b.has(B::NCCL_VERSION) && NCCL_ERROR_TAIL.is_match(text))
    {
        return false;
    }
    // nvcc's and a compiler driver's fatal errors are never warnings, even glued to the end of
    // a warning line
    if b.has(B::NVCC_FATAL) || b.has(B::FATAL_ERROR) || b.has(B::MSVC_FATAL) {
        return false;
    }
    // (nor a compiler's error at a position in a file, whatever the file's name says: GCC's
    // `/usr/include/c++/5/bits/c++0x_warning.h:32:2: error: #error This file requires ...`)
    if b.has(B::DIAGNOSTIC_ERROR) && COMPILER_ERROR_AT.is_match(text) {
        return false;
    }
    // a driver status whose description starts with `WARNING` (`[NV_WARN_NOTHING_TO_DO]`) is
    // the status a failed call returned
    if b.has(B::NV_WARN) || b.has(B::NV_ERR) {
        return false;
    }
    // CUDA's `#error -- unsupported GNU version!` is a directive quoted by the compiler, not a
    // comment; the kernel's GPU and NVSwitch errors keep the syslog level the line was logged at
    // (`kern: warning: ... NVRM: Xid ...`)
    if b.has(B::UNSUPPORTED_DIRECTIVE) || b.has(B::XID) || b.has(B::SXID) {
        return false;
    }
    // NVSHMEM's error report names the step that failed, its bootstrap's among them; Gloo's
    // ends with errno's text, which is `no error` when no system call failed
    if b.has(B::NON_ZERO) || b.has(B::NULL_VALUE) || b.has(B::FULL_MESH) {
        return false;
    }
    // CUDA's message for a driver older than its runtime names the runtime's version, as an
    // environment report's `CUDA runtime version : 12.4` does
    if b.has(B::DRIVER_INSUFFICIENT) {
        return false;
    }
    // SGLang's watchdog names its settings after its report (`Scheduler watchdog timeout
    // (self.watchdog_timeout=300, self.soft=False)`): no configuration dump
    if b.has(B::WATCHDOG_TIMEOUT) {
        return false;
    }
    // a report that a worker died is a statement, even with the causes it guesses at; so is
    // torch's report of mismatched collectives, whatever tensor options (`requires_grad=false`)
    // it lists, and DDP's report of gradients it never received, whatever setting it advises
    // (`find_unused_parameters=True`)
    if worker_death_in(b) || b.has(B::MISMATCH) || b.has(B::UNFINISHED_REDUCTION) {
        return false;
    }
    // a setting's value (`enable_nan_detection=False, ...`) marks a configuration dump, not an
    // exception's statement that quotes one (`torch._dynamo.exc.FailOnRecompileLimitHit:
    // recompile_limit reached with fullgraph=True.`)
    static SETTING: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::matcher(r"(?i)=\s*(true|false|none)\b"));
    BENIGN.is_match(text)
        || is_if_hint(text)
        || (b.has(B::EQUALS)
            && SETTING.is_match(text)
            // (not a C++ function's template arguments as GCC prints them, `CudaCall(...) [with
            // ERRTYPE = cudaError; bool THRW = true]`, before the error it raised)
            && !text.contains("[with ")
            // (nor a program's report of a step that failed, quoting an error that advises a
            // setting: `Training failed: Trying to backward through the graph a second time
            // ... Specify retain_graph=True if you need to ...`)
            && !text.contains(" failed: ")
            && exception_parts(text).is_none()
            && !EXCEPTION_MODULE_LINE.is_match(text))
}

/// A Python exception line: `pkg.mod.SomeError: message`. (A class a C++ binding names in
/// camel case after its library keeps the library's lower-case start: NIXL's
/// `nixl_cu13._bindings.nixlBackendError: NIXL_ERR_BACKEND`; Ray names the exception a task
/// raised in its own: `ray.exceptions.RayTaskError(AttributeError): ray::Actor.method() ...`; a
/// private class keeps its underscore: torch's `torch._C._LinAlgError: linalg.cholesky: ...`;
/// TensorFlow 1.x points back at the op's creation stack it printed: `ResourceExhaustedError
/// (see above for traceback): OOM when allocating tensor ...`.)
pub static EXCEPTION_LINE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"^((?:(?:[A-Za-z_]\w*|<locals>)\.)*)(_?[A-Z]\w*(?:Error|Exception|Failure|Fault|Exit)(?:\([A-Z]\w*\)| \(see above for traceback\))?|[a-z][a-z\d]*[A-Z]\w*(?:Error|Exception)|Exception|KeyError|AssertionError|StopIteration|NotImplementedError|MemoryError)(?::\s?(.*))?$",
    )
});

/// The last line of a traceback of an exception whose class [`EXCEPTION_LINE`] does not know by
/// its name: `module.path.ClassName: message`, the module path in Python's lower-case style.
pub static QUALIFIED_EXCEPTION: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^(?:[a-z_][a-z\d_]*\.)+_?[A-Z][A-Za-z\d_]*: \S"));

/// An exception raised from a package's module of exceptions, whatever its class's name:
/// `torch._dynamo.exc.Unsupported: ...`; and torch's symbolic shapes' own, `torch.fx.experimental.
/// symbolic_shapes.GuardOnDataDependentSymNode: Could not guard on ...`. (Not a wrapper that ends its line with a colon to
/// quote the cause below it: `torch._dynamo.exc.BackendCompilerFailed: backend='inductor'
/// raised:`.)
pub const EXCEPTION_MODULE: &str = r"^(?:[a-z_][a-z\d_]*\.)+(?:exc|exceptions|errors|symbolic_shapes)\.[A-Z][A-Za-z\d_]*: \S(?:.*[^:\s])?\s*$";
static EXCEPTION_MODULE_LINE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(EXCEPTION_MODULE));

/// The exception type and message of an exception line, if it is one.
pub fn exception_parts(text: &str) -> Option<(&str, &str)> {
    let c = EXCEPTION_LINE.captures(text.trim_end())?;
    let ty = c.get(2)?.as_str();
    let msg = c.get(3).map(|m| m.as_str()).unwrap_or("");
    Some((ty, msg))
}

/// xformers' report that no attention operator accepts a call (`No operator found for
/// `memory_efficient_attention_forward` with inputs:`).
pub const NO_OPERATOR: &str = "No operator found for `";

/// How the reason most of xformers' operators gave for refusing a call is appended to the
/// event's context lines (see `Triage::finish_with_env`).
pub const OP_REASON: &str = "operators not supported because: ";

/// Ordered class rules over the elected event's message and its context.
/// (An NVLink error is the link's failure; NCCL's NVLink SHARP (NVLS) buffers that could not be
/// bound, `Failed to bind NVLink SHARP (NVLS) Multicast memory ...`, are the collective's.)
const CLASSES: &[(&str, &str)] = &[
    // (a worker that a signal ended, as cog reports it after its guess at the cause: `Prediction
    // failed for an unknown reason. It might have run out of memory? (exitcode -6)`: Python's
    // negative exit code is the signal's number, whatever the guess; 9, a kill, is apart)
    ("process_crash", r"\(exitcode -(?:[1-8]|1[0-46-9])\)\s*$"),
    // (Lightning's launcher's report of a child that exited with an error: see the detectors)
    // (and ggml's Metal backend finding a command buffer the GPU did not complete,
    // `ggml_metal_graph_compute: command buffer 0 failed with status 5`: Metal's error status, no
    // cause named)
    (
        "process_crash",
        concat!(
            lightning_child_exit!(),
            r"|\bcommand buffer \d+ failed with status \d+"
        ),
    ),
    // (a compiler's diagnostic in a GPU kernel's source is a build's failure, whatever its words
    // say of the GPU: hipcc's `custom_kernels.hip:404:17: error: instruction not supported on
    // this GPU`)
    (
        "build_error",
        r"\.(?:hip|cu|cuh):\d+:\d+: (?:fatal )?error: ",
    ),
    (
        "gpu_hardware_error",
        r"NVRM: Xid|fallen off the bus|AER: Uncorrected \(Fatal\) error received|PCIe Bus Error: severity=Uncorrected \(Fatal\)|RmInitAdapter failed|NVRM: .*\b[Cc]annot (?:proceed|initialize)\b|NVRM: .*\breported an error while attempting to boot GSP\b|rm_init_adapter failed|Unable to determine the device handle for GPU|uncorrectable ECC|ECC error|GPU is lost|uncorrectable NVLink error|NVLink (?:[^S]|S[^H]).*error|cudaErrorECCUncorrectable|Xid \d+|SXid \(|NVRM: .*(?:[Hh]eartbeat timed out|Timeout waiting for RPC from GSP|RC watchdog: GPU is probably locked)",
    ),
    // (a device the graphics driver lost as it ran, to a hang or a fault: Vulkan's
    // `VK_ERROR_DEVICE_LOST` (`vk::Queue::submit: ErrorDeviceLost`, vkd3d-proton's `vr -4`),
    // radv's `The CS has been cancelled because the context is lost`: the GPU failed, as an Xid
    // says, not the driver's set-up; and so Intel's Unified Runtime, `UR_RESULT_ERROR_DEVICE_LOST`,
    // and DirectML's DXGI status `887A0006 The GPU will not respond to more commands`)
    (
        "gpu_hardware_error",
        concat!(
            r"\bVK_ERROR_DEVICE_LOST\b|\bvk::\w+(?:::\w+)*: ErrorDeviceLost\b|\bVkResult: ERROR_DEVICE_LOST\b|\bFailed to submit queue\(s\), vr -4\b|\bUR_RESULT_ERROR_DEVICE_LOST\b|\b887A0006 The GPU will not respond to more commands\b|",
            radv_context_lost!()
        ),
    ),
    // (TensorRT's refusal of a network it cannot build as given, see [`TRT_UNBUILDABLE`]; ONNX
    // Runtime's TensorRT provider given a model without shapes, `TensorRT input: 937 has no
    // shape specified. Please run shape inference on the onnx model first.`)
    ("unsupported_config", TRT_UNBUILDABLE),
    ("unsupported_config", cuda_call_unimplemented!()),
    ("unsupported_config", cutlass_shape_unsupported!()),
    // (an operator missing from torch's registry under a package's namespace, `'_OpNamespace'
    // '_C' object has no attribute 'rms_norm'`: the package's compiled extension did not load,
    // or was built from other sources than its Python code; an AttributeError's message is
    // classified up to the attribute's name)
    ("import_error", r"'_OpNamespace' '\w+' object\b"),
    // (a CUTLASS kernel that refuses the arguments or the GPU it was given, FBGEMM's FP8 rowwise
    // GEMM, built for sm_90 only, on another GPU: `RuntimeError: cutlass cannot initialize`)
    (
        "unsupported_config",
        r"\b[Cc]utlass cannot (?:initialize|implement)\b",
    ),
    (
        "unsupported_config",
        r"\bhas no shape specified\. Please run shape inference\b",
    ),
    // (a table of GPU architectures that has no row for this one, aiter's `KeyError: 'gfx1151'`:
    // an architecture this version does not support; Transformer Engine's attention finding no
    // backend for the inputs, `No dot product attention support for the provided inputs!`, and
    // its check of the flash-attn it found, `FlashAttention maximum version 2.5.8 is supported.`)
    // (and a setting or an input a program refuses by name: jaxlib's `XLA_PYTHON_CLIENT_ALLOCATOR
    // env var must be "default", ...`; diffusers' pipeline moved to the GPU after
    // `enable_sequential_cpu_offload`, `It seems like you have activated sequential model
    // offloading ...`; LLaMA-Factory's multimodal plugin finding no processor for the model,
    // `Processor was not found, please check and update your model file.`)
    // (and an operation a library supports only from a version of another on: c10d's
    // `ProcessGroupNCCL only supports alltoall* for NCCL lib version >= 2.7.0`, whatever
    // collective library it names; a plugin's check that a package it patches in is recent
    // enough, ComfyUI-KJNodes' `sageattention is not new enough version or could not determine
    // CUDA architecture`)
    (
        "unsupported_config",
        concat!(
            r"\bKeyError: '(?:gfx\d+[a-z]?|sm_?\d+[a-z]?)'|\bNo dot product attention (?:support|backend is available) for the provided inputs\b|\b(?:[Mm]inimum|[Mm]aximum) version \S+ is (?:supported|required)\b|",
            r"\benv var must be \S|\bactivated sequential model offloading\b|\bProcessor was not found\b|",
            r"\bonly supports [\w*]+ for \w+ (?:lib )?version >= \d|\bis not new enough version\b"
        ),
    ),
    // (serde refusing a file written in a later format than the library reading it, tokenizers'
    // `data did not match any variant of untagged enum ModelWrapper`: this version cannot read it)
    (
        "unsupported_config",
        r"\bdata did not match any variant of untagged enum \w+",
    ),
    // (PhysX's GPU allocator, `PxgCudaDeviceMemoryAllocator fail to allocate memory N bytes!!
    // Result = 2`, 2 being CUDA_ERROR_OUT_OF_MEMORY; and PhysX's steps that found the sticky
    // error an earlier kernel left, `PhysX error: Synchronizing GPU Narrowphase failed! 700`,
    // 700 being an illegal address)
    ("cuda_oom", PHYSX_ALLOC_OOM),
    // (ggml's context, sized when it was made, out of room for a tensor: `ggml_new_tensor_impl:
    // not enough space in the context's memory pool (needed N, available N)`)
    (
        "cuda_oom",
        r"\bnot enough space in the context's memory pool\b",
    ),
    // (nvdiffrast's check of a CUDA call by its status number, `Cuda error: 2[cudaMalloc(&ptr,
    // bytes);]`, 2 being cudaErrorMemoryAllocation)
    ("cuda_oom", r"\bCuda error: 2\[cuda\w*(?:Malloc|Alloc)\w*\("),
    // (and its other statuses: 700, 716 and 719 a kernel's fault, the rest the runtime's
    // refusal, `Cuda error: 801[cudaGraphicsGLRegisterImage(...)]` of OpenGL interop) (and
    // Numba's driver, which numbers the status before the call, `CudaAPIError: [716] Call to
    // cuMemcpyDtoH results in UNKNOWN_CUDA_ERROR`, whatever name it found for it; OpenMM's, for
    // a status it has no name for, `Error synchronizing CUDA context: Invalid error code (700)`)
    (
        "cuda_illegal_memory_access",
        r"\bCuda error: (?:700|716|719)\[cuda\w+\(|\bCudaAPIError: \[(?:700|716|719)\] |\bInvalid error code \((?:700|716|719)\)",
    ),
    ("cuda_driver_error", r"\bCuda error: \d+\[cuda\w+\("),
    // (TensorRT's checks of its CUDA calls, by the status's number: `Cuda Error in allocate: 2`,
    // 2 being cudaErrorMemoryAllocation, `Cuda Error in initializeCommonContext: 4`, and of the
    // runtime's start, `Cuda initialization failure with error 35.` (35, a driver older than the
    // runtime); torch2trt's `RuntimeError: Driver error:`; Stable Diffusion WebUI Forge's check
    // that torch sees a GPU at launch, `Your device does not support the current version of
    // Torch/CUDA!` (its older wording is `Torch is not able to use GPU`); the GPU APIs of other stacks that
    // could not open the device, Vulkan's `vkCreateDevice failed -4`, DCGM's profiling module,
    // `The third-party Profiling module returned an unrecoverable error`, Neuron's runtime
    // without its driver, `Unable to determine Neuron Driver version`; other accelerators'
    // device memory, Gaudi's `MODULE:PT_DEVMEM Allocation failed for size::2123366400`,
    // Neuron's `nrt_tensor_allocate status=4 message="Allocation Failure"`, and KataGo's OpenCL
    // kernel out of resources, `CL_OUT_OF_RESOURCES (possibly ran out of GPU memory?)`)
    (
        "cuda_oom",
        r"\bCuda Error in \w+: 2\b|\bMODULE:PT_DEVMEM Allocation failed\b|\bnrt_tensor_allocate status=4\b|\bCL_OUT_OF_RESOURCES \(possibly ran out of GPU memory\?\)",
    ),
    (
        "cuda_driver_error",
        r"\bCuda Error in \w+: \d+\b|\bCuda initialization failure with error \d+|^RuntimeError: Driver error:\s*$|\bYour device does not support the current version of Torch/CUDA\b|\bvkCreateDevice failed -\d+|\bThe third-party Profiling module returned an unrecoverable error\b|\bUnable to determine Neuron Driver version\b",
    ),
    // (a Metal shader library the GPU's compiler could not build, ggml's `load pipeline error:
    // Error Domain=CompilerError Code=2 "Compiler encountered an internal error"`)
    ("build_error", r"\bError Domain=CompilerError\b"),
    // (PyCUDA's statement of a driver call's failure, `pycuda._driver.LogicError:
    // cuModuleLoadDataEx failed: initialization error`: the context the driver could not make)
    (
        "cuda_driver_error",
        r"\bcu[A-Z]\w* failed: initialization error\b",
    ),
    // (a driver call's failure stated with the driver's result code alone, as a library that
    // intercepts the driver's calls logs it: HAMi-core's `cuCtxSetCurrent failed res=4`)
    (
        "cuda_driver_error",
        r"\bcu[A-Z][A-Za-z0-9]+(?:_v\d+)? failed,? (?:with )?(?:res|result|ret|status|error code)[ =:]+-?\d+\b",
    ),
    // (the CUDA MPS control daemon's report that a server it started for a client died, `Server
    // encountered a fatal exception. Shutting down`: the driver's sharing service failed)
    (
        "cuda_driver_error",
        r"\bServer encountered a fatal exception\. Shutting down\b",
    ),
    // (torch's old THC check of a CUDA call that failed with the runtime's unknown error, 30,
    // as it first touches the device: `THCudaCheck FAIL file=.../THCGeneral.cpp line=70
    // error=30 : unknown error`, the driver's state, not the program's)
    (
        "cuda_driver_error",
        r"\bTHCudaCheck FAIL file=\S+ line=\d+ error=30 : unknown error",
    ),
    // (a glog check that found no device, COLMAP's `Check failed: num_cuda_devices > 0 (0 vs.
    // 0)`; and PhysX's loader that could not load the driver's library, `PxPhysXGpuModuleLoader.cpp
    // (148) : internal error : libcuda.so!`)
    (
        "cuda_driver_error",
        r"\bCheck failed: \w*(?:cuda|gpu|device)\w* > 0 \(0 vs\. 0\)|: internal error : libcuda\.so!",
    ),
    // (a driver call that failed with a kernel's fault, SAPIEN's `SynchronizeStreams
    // cuEventRecord failed with error 700`, the NVIDIA HPC SDK's OpenACC runtime's `call to
    // cuStreamSynchronize returned error 700: Illegal address during kernel execution`)
    (
        "cuda_illegal_memory_access",
        r"\bcu[A-Z]\w* failed with error (?:700|716|719)\b|\bcall to cu[A-Z]\w* returned error (?:700|716|719)\b|\bIllegal address during kernel execution\b",
    ),
    // (torch's shared memory for tensors a DataLoader's workers pass, full: `unable to write to
    // file </torch_8289_606636967_0>: No space left on device (28)`, a container's /dev/shm
    // too small, host memory held back)
    ("host_oom", TORCH_SHM_FULL),
    // (and a DataLoader worker killed by a bus error, which its shared memory running out
    // raises: `DataLoader worker (pid 34569) is killed by signal: Bus error.`)
    ("host_oom", dataloader_bus_error!()),
    // (NVML refusing a query, as pynvml raises it: `NVMLError_InvalidArgument: Invalid Argument`,
    // `NVMLError_Uninitialized`, `NVMLError_DriverNotLoaded`: the driver's management library,
    // not a program's value)
    (
        "cuda_driver_error",
        r"\bNVMLError_(?:InvalidArgument|Uninitialized|DriverNotLoaded|LibraryNotFound|LibRmVersionMismatch|NoPermission|Unknown)\b",
    ),
    // (and PhysX's own error callback, `PxgCudaUtils.h (54) : internal error : SynchronizeStreams
    // cuEventRecord failed`, `NpScene.cpp (3509) : internal error : PhysX Internal CUDA error.
    // Simulation can not continue!`: its GPU simulation's streams met a kernel's sticky fault)
    (
        "cuda_illegal_memory_access",
        r"\bPhysX error: .*\bfail(?:ed)?!? (?:with error )?700\b|\(\d+\) : internal error : (?:PhysX Internal CUDA error\b|SynchronizeStreams cu\w+ failed\b)",
    ),
    // (NVIDIA's daemons beside the kernel driver that could not open it: the persistence daemon's
    // `nvidia-persistenced failed to initialize`, the vGPU manager's `vmiop_env_log: Failed to
    // initialize RM client: 0x26` (RM, the driver's resource manager); and a Jetson's hardware
    // engine a process could not open, its device not passed to a container: `Opening channel
    // /dev/nvhost-nvdec failed`; SAPIEN's renderer finding no Vulkan device for the GPU it was
    // given, `Failed to find a supported physical device "cuda:0"`; ONNX Runtime's check of a
    // CUDA call as its provider starts, `CUDA failure 3: initialization error`; cudarc finding no
    // driver library, `Unable to dynamically load the "cuda" shared library`; a container
    // runtime given GPUs its CDI specification does not define, Podman's `setting up CDI devices:
    // unresolvable CDI devices nvidia.com/gpu=all`: the host's driver set-up, not the program)
    (
        "cuda_driver_error",
        concat!(
            cdi_unresolvable!(),
            r"|\bCUDA failure \d+: initialization error\b|\bUnable to dynamically load the \x22cuda\x22 shared library\b|\bnvidia-persistenced failed to initialize\b|\bFailed to initialize RM client\b|\bOpening channel /dev/nvhost-[\w-]+ failed\b|\bFailed to find a supported physical device\b"
        ),
    ),
    // (a profiler the driver keeps from the GPU's performance counters: Nsight Compute's
    // `ERR_NVGPUCTRPERM - The user does not have permission to access NVIDIA GPU Performance
    // Counters ...`, CUPTI's `CUPTI_ERROR_INSUFFICIENT_PRIVILEGES`, and Nsight Compute's bare
    // `Unknown Error on device 0.`: the driver's setting, not the program profiled)
    (
        "cuda_driver_error",
        concat!(
            profiler_counters_denied!(),
            r"|^Unknown Error on device \d+\.?$"
        ),
    ),
    // (a program that could not set up its CUDA context or the driver's OptiX denoiser, as
    // Blender's Cycles words it, `Failed to configure CUDA context (Invalid context)`, `Failed
    // to create OptiX denoiser`: the driver's, not the program's; and Cycles' check of a driver
    // call, the driver's own words before the call, `Out of memory in cuStreamCreate(...)
    // (queue.cpp:21)`, `Invalid value in cuCtxPushCurrent(...) (util.cpp:14)`)
    // (UCC finding no transport layer for its collectives, `no TLs are selected for
    // CL_BASIC`, `no tl teams were created`; Open MPI asked for CUDA support it was built
    // without; torch's ONNX exporter, an operator it cannot export at that opset; UCX's fatal
    // errors, which abort the process)
    (
        "unsupported_config",
        concat!(
            r"\bno TLs are selected for \w+|\bno tl teams were created\b|",
            ompi_cuda_not_built!(),
            "|",
            onnx_unsupported_operator!()
        ),
    ),
    ("process_crash", ucx_fatal!()),
    ("build_error", hpc_sdk_diagnostic!()),
    // (Mojo's kernels' constraints on the GPU they run on: `constraint failed: Unknown GPU
    // architecture detected.`, `The tcgen05 instructions are only applicable on nVidia Blackwell
    // (sm_100a, sm_101a) hardware.`)
    (
        "no_kernel_image",
        r"\bconstraint failed: Unknown GPU architecture\b|\binstructions are only applicable on \w+ \w+ \(sm_\d+",
    ),
    // (and OpenCL's status for a buffer the device could not give, as the ocl crate reports it
    // below the call: `Status error code: CL_MEM_OBJECT_ALLOCATION_FAILURE (-4)`; RMM's, as old
    // cuDF raised it, `RMM_ERROR_OUT_OF_MEMORY`, and its allocator's `std::bad_alloc: CUDA error
    // at: .../rmm/mr/...`)
    (
        "cuda_oom",
        r"^Out of memory in cu[A-Z]\w*\(|\bCL_MEM_OBJECT_ALLOCATION_FAILURE\b|\bRMM_ERROR_OUT_OF_MEMORY\b|\bstd::bad_alloc: CUDA error at: ",
    ),
    (
        "cuda_illegal_memory_access",
        r"^Illegal address in cu[A-Z]\w*\(",
    ),
    (
        "cuda_driver_error",
        concat!(r"\b", device_setup_failed!(), "|", cycles_driver_check!()),
    ),
    // (whatever CUDA said of the memory NCCL could not bind for NVLS, out of memory included:
    // the collective's multicast buffers, not the model's)
    ("nccl_error", r"NVLink SHARP \(NVLS\)"),
    // (Gloo, torch's CPU collective backend, finding no network device it can use for the
    // process group: `makeDeviceForHostname(): unsupported gloo device`; and HCCL, the collective
    // library of Ascend NPUs, whose calls fail as `HcclCommInitRootInfo failed.` and whose error
    // codes start EI: `EI0009: [PID: 2225827] ... Transport init error.`)
    (
        "nccl_error",
        r"\bunsupported gloo device\b|\bHccl[A-Z]\w* failed\b|\bEI\d{4}: \[PID: \d+\]",
    ),
    // (a GPU allocation that failed, raised as Python's `MemoryError` by PyCUDA, `MemoryError:
    // cuMemAlloc failed: out of memory`, and MXNet's check of a kernel launch, `Check failed: err
    // == cudaSuccess (2 vs. 0) Name: mxnet_generic_kernel ErrStr:out of memory`, and thrust's
    // `std::bad_alloc` carrying CUDA's status, XGBoost's `Memory allocation error on worker 0:
    // std::bad_alloc: cudaErrorMemoryAllocation: out of memory`, and CuPy's `MemoryError: bad
    // allocation: cudaErrorMemoryAllocation: out of memory`, and RAPIDS' memory manager's pool,
    // `std::bad_alloc: out_of_memory: RMM failure at: .../pool_memory_resource.hpp:192: Maximum
    // pool size exceeded`: the device's memory, not the host's; so are MATLAB's `Out of memory on
    // device.`, Deeplearning4j's `cudaMalloc failed; Bytes: [N]; Error code [2]`, QUDA's `Failed
    // to allocate device memory of size N` and TensorFlow 2's `ResourceExhaustedError` for an op
    // on a GPU, `{{function_node __wrapped__Mul_device_/job:localhost/.../device:GPU:0}} failed to
    // allocate memory`; the driver API's status 2 as OptiX 6 words it, `cudaDriver().
    // CuDevicePrimaryCtxRetain( &context, dev.get() ) returned (2): Out of memory`; OpenCL's
    // device allocation failure, `CL_MEM_OBJECT_ALLOCATION_FAILURE` (DaVinci Resolve); thrust's
    // exception for an allocation it could not make on the device, as Paddle's operator reports
    // it, `Operator argsort raises an thrust::system::detail::bad_alloc exception.`; torch's
    // message hard-wrapped, its first words lost: `Tried to allocate 418.00 MiB`, alone; ncnn's
    // Vulkan allocation that failed, `vkAllocateMemory failed -2`, -2 being Vulkan's
    // `VK_ERROR_OUT_OF_DEVICE_MEMORY`; Intel's Unified Runtime out of resources,
    // `UR_RESULT_ERROR_OUT_OF_RESOURCES`; MLX's Metal allocation above the device's largest
    // buffer, `[metal::malloc] Attempting to allocate N bytes which is greater than the maximum
    // allowed buffer size of M bytes.`)
    (
        "cuda_oom",
        concat!(
            oom_message_tail!(),
            r"|\bvkAllocateMemory failed -2\b|\bUR_RESULT_ERROR_OUT_OF_RESOURCES\b|\[metal::malloc\] Attempting to allocate \d+ bytes which is greater than the maximum allowed buffer size\b|\bcuMem\w+ failed: out of memory|\bErrStr:out of memory\b|\bOut of memory on device\b|\bthrust::system::detail::bad_alloc\b|\breturned \(2\): Out of memory\b|\bCL_MEM_OBJECT_ALLOCATION_FAILURE\b|\bcudaMalloc failed; Bytes: \[\d+\]; Error code \[2\]|\bFailed to allocate device memory\b|\bResourceExhaustedError: .*device:GPU:\d+.* failed to allocate memory\b|\b(?:bad_alloc|bad allocation): cudaErrorMemoryAllocation\b|\bout_of_memory: RMM failure at:|\bRMM failure at:\S+: Maximum pool size exceeded|\brmm::out_of_memory\b|\bbad_alloc: out_of_memory: CUDA error at: |\bRMM failure at: ?\S+: Initial pool size exceeds the maximum pool size\b",
        ),
    ),
    // (the kernel's OOM killer, also a memory cgroup's in old kernels' words, `Task in /docker/<id>
    // killed as a result of limit of host`, and the ways launchers word its SIGKILL; Go's
    // `os/exec` words it
    // `signal: killed`, as in Ollama's `llama runner process has terminated: signal: killed`;
    // MSVC's message of `std::bad_alloc` ending a statement, `... initialization: bad allocation`)
    (
        "host_oom",
        r"Out of memory: Kill(ed)? process|oom-kill(?::| event|')|invoked oom-killer:|Killed process \d+|\bkilled as a result of limit of \S|(?:^|[\s\]|])Killed$|^\[\d+\]\+? +Killed +\S|^\s*\d+ killed +\S|: line \d+: +\d+ Killed +\S|killed by the OOM killer|(?:exitcode|[Ee]xit code)\s*:\s*-9\b|\bexited with (?:exit )?code -9\b|[Ss]ignal 9 \(SIGKILL\)|terminated with signal SIGKILL|killed by signal: Killed|\bMemoryError\b|killed due to memory pressure|Ray killed this worker|exceeds the memory usage threshold|node running low on memory|std::bad_alloc|: bad allocation$|exited on signal 9 \(Killed\)|died with <Signals\.SIGKILL: 9>|\bterminated by signal SIGKILL\b|\bprocess has terminated: signal: killed\b|\bcannot allocate memory for thread-local data\b|\bray-oom-prevention\b",
    ),
    // (torch's CPU allocator states a host allocation it could not make as `DefaultCPUAllocator:
    // not enough memory: you tried to allocate N bytes`, or `can't allocate memory`; the OOM
    // killer's work as Kubernetes, Slurm and Docker Compose report it: see the detectors; a
    // shell's report of a job it ran that was killed, bash's `[1]+  Killed  python x.py` and zsh's
    // `[1]    26478 killed     python x.py`)
    (
        "host_oom",
        concat!(
            cpu_allocator_oom!(),
            r"|\[Errno 12\] Cannot allocate memory|",
            // (Rust's allocator that could not get what a program asked for, `memory allocation
            // of 2097152 bytes failed`, before it aborts)
            r"\bmemory allocation of \d+ bytes failed\b|",
            // (Triton's Python backend short of `/dev/shm` for its models' regions: `Unable to
            // initialize shared memory key '...' to requested size`, `Failed to increase the shared
            // memory pool size for key ...`, host memory a container's shm limit holds back)
            r"Unable to initialize shared memory key '|Failed to increase the shared memory pool size\b|",
            oom_kill_report!(),
            r"|\bexited with code 137\b|\bexits with return code = -9\b",
            // (torch's DataLoader on a worker's bus error, which it blames on /dev/shm, host
            // memory too: `insufficient shared memory (shm)`, `workers are out of shared memory`)
            r"|insufficient shared memory \(shm\)|workers are out of shared memory",
            // (ggml's allocation of a host buffer for weights or its compute graph)
            r"|ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate|failed to allocate CPU buffer"
        ),
    ),
    // (a `ptxas` error on a `tmpxft_*.ptx` is nvcc's own PTX step of a build; Triton's ptxas
    // errors name the `/tmp/tmpXXXX.ptx` it wrote, and come under `triton_error`; DeepSpeed's op
    // builder and torch's extension builder state a missing CUDA toolkit as `CUDA_HOME does not
    // exist` / `CUDA_HOME environment variable is not set` (a setup.py's own check: `CUDA_HOME is
    // not set`), at install or at a JIT build; CUTLASS
    // and CuTe headers, where nvcc's template errors land, are `.hpp`; nvcc states each error as
    // `FILE(LINE): error: ...`, gcc as `FILE:LINE:COL: error: ...`; ptxas states a diagnostic as
    // `ptxas FILE, line N; error   : msg`, or `; fatal   : msg` for a PTX `.version` it lacks;
    // nvcc's front end states an error in any file it includes (`.inl`, `.ipp` too) as `FILE(LINE):
    // error: ...`, a file it cannot read as `Catastrophic error: ...`; CUDA's `host_config.h` rejects
    // a host compiler it does not support with `#error -- unsupported GNU version! ...`; torch's
    // extension builder refuses an nvcc whose CUDA differs from torch's (`The detected CUDA version
    // (X) mismatches the version that was used to compile PyTorch (Y)`) and reports a failed
    // compile as `Error compiling objects for extension`; FlashInfer's JIT states a toolkit it
    // cannot find as `Could not find nvcc and default cuda_home=... doesn't exist`; the linker
    // one of its inputs, `ld: cannot find <object or -llib>`; a compiler a command ran, behind its
    // path and a cross toolchain's target, `.../x86_64-conda-linux-gnu-cc`)
    // (AITER's JIT, which builds each kernel module the first time it is called, states one
    // that did not build as `[aiter] failed jit build [module_aiter_core]` (`failed build jit` in
    // other versions), the builder's output and traceback below)
    // (and Cargo's report of a crate's build script that failed, `error: failed to run custom
    // build command for `torch-sys v0.14.0``, which the script's own message joins when it is
    // not a compiler's)
    // (and NVRTC compiling a kernel a program generated at run time, tinygrad's `Nvrtc Error 6,
    // NVRTC_ERROR_COMPILATION`, its log naming the unnamed program `<null>(17): error: ...`,
    // CuPy's `NVRTCError: NVRTC_ERROR_COMPILATION (6)`)
    (
        "build_error",
        r"\bfailed (?:jit build|build jit) \[\w+\]|\bfailed to run custom build command for \S|\bNVRTC_ERROR_COMPILATION\b|\bNVRTC Compilation failure\b|^<null>\(\d+\): error: ",
    ),
    // (make running a compiler that is not there, `make[1]: /usr/local/cuda/bin/nvcc: Command
    // not found`, and gcc missing its own, `error trying to exec 'cc1plus': execvp`; OpenCL's
    // compiler failing on a kernel, `clBuildProgram failed: BUILD_PROGRAM_FAILURE`; MSBuild's
    // CUDA rule reporting the nvcc command that failed, `CUDA 11.6.targets(790,9): error
    // MSB3721: ...`)
    (
        "build_error",
        r"^make(?:\[\d+\])?: \S+: Command not found\b|\berror MSB\d{4}:|\bBUILD_PROGRAM_FAILURE\b|\berror trying to exec '[^']+': execvp\b",
    ),
    // (torch's inductor without the C++ compiler it builds kernels with: `RuntimeError:
    // Compiler: cl is not found.`, MSVC's missing from a Windows shell)
    // (and StyleGAN's plugin builder finding no host compiler, `Could not find MSVC/GCC/CLANG
    // installation on this computer`)
    (
        "build_error",
        r"\bCompiler: \S+ is not found\b|\bCould not find MSVC/GCC/CLANG installation\b",
    ),
    // (XLA's PTX assembler that crashed or failed on a kernel it generated, `Status: INTERNAL:
    // ptxas exited with non-zero error code 139, output: ...`)
    (
        "build_error",
        r"\bptxas exited with non-zero error code \d+",
    ),
    // (the driver's kernel module that DKMS could not build for the running kernel, as
    // nvidia-installer reports it, `ERROR: Failed to run `/usr/sbin/dkms build -m nvidia -v
    // 455.38 -k 6.8.12-1-pve``, or the kernel's modpost refusing the module it built,
    // `ERROR: modpost: GPL-incompatible module nvidia.ko uses GPL-only symbol 'x'`, and NVIDIA's driver container finding no headers to build it
    // against, `Could not resolve Linux kernel version`; nvJitLink's link of two objects that
    // define one symbol, `Linking globals named '_ZN6__half...': symbol multiply defined!`)
    (
        "build_error",
        concat!(
            r"\bFailed to run `\S*dkms build\b|",
            modpost_gpl_only!(),
            r"|^Could not resolve Linux kernel version\b|\bsymbol multiply defined!"
        ),
    ),
    // (a program's check of a CUDA call that states CUDA's message behind the source position,
    // as a compiler places its diagnostics: mallocMC's `SimpleCudaMalloc_impl.hpp(42): error: out
    // of memory` in a C++ exception; gcc's own ends in `out of memory allocating N bytes`)
    ("cuda_oom", r"(?:\(\d+\)|:\d+): error: out of memory\s*$"),
    // (OpenCV states a failed CUDA call as a compiler places a diagnostic, `OpenCV(4.2.0)
    // .../resize.cu:137: error: (-217:Gpu API call) no kernel image is available ...`: CUDA's
    // message, behind its own code, says what failed)
    // (OpenCV 2's wording has no name behind the code, `error: (-217) invalid device function in
    // function call`, and its own statement `OpenCV Error: Gpu API call (invalid device
    // function)`; a library's status comes the same way, `(-217:Gpu API call)
    // CUBLAS_STATUS_NOT_INITIALIZED`; any other code is OpenCV's own exception, an assertion
    // `(-215:Assertion failed)` as a rule, which no compiler raised)
    (
        "no_kernel_image",
        r"\(-217(?::Gpu API call)?\) (?:no kernel image is available|invalid device function)|\bGpu API call \((?:no kernel image is available|invalid device function)",
    ),
    ("cuda_oom", r"\(-217(?::Gpu API call)?\) out of memory"),
    (
        "cuda_illegal_memory_access",
        r"\(-217(?::Gpu API call)?\) an illegal memory access",
    ),
    (
        "cublas_cudnn_error",
        r"\(-217(?::Gpu API call)?\) CU(?:BLAS|DNN)_STATUS_\w+|Assertion `[^`']*(?i:cudnn|cublas)[^`']*' failed",
    ),
    // (and Python's own words for a script it could not open, `python: can't open file
    // '/app/x.py': [Errno 2] No such file or directory`: no signal, the interpreter's error)
    (
        "python_exception",
        r":\d+: error: \(-\d+(?::[^)]*)?\) |: can't open file '[^']*': \[Errno \d+\] ",
    ),
    // (Darknet's `error()`, which asserts as it exits: `darknet: ./src/utils.c:297: error:
    // Assertion `0' failed.`, the statement of a failure above it, no compiler's diagnostic)
    ("process_crash", r":\d+: error: Assertion `0' failed\."),
    // (MSVC numbers its diagnostics, `error C2039: ...`, `fatal error C1083: ...`, whatever
    // file they name: a header without an extension, `cstddef(11)`, or none; Numba's NVVM
    // refusing the IR it generated for a kernel, `NvvmError: Failed to compile`; TorchInductor's
    // C++ compiler failing on the code it generated, `CppCompileError: C++ compile error`; GCC's
    // driver refusing its inputs, `g++: error: .../bindings.o: No such file or directory`)
    (
        "build_error",
        concat!(
            r"\bCppCompileError: |'(?:cicc|ptxas|nvlink|fatbinary|cudafe\+\+)' died|Killed signal terminated program|nvcc (fatal|error)|",
            msvc_diagnostic!(),
            r"|\bNvvmError: Failed to compile\b|\bnvlink (?:fatal|error)\s*:|Could not find nvcc|(\.cu|\.cpp|\.cc|\.h|\.hpp|\.cuh|\.c)(\(\d+\):?|:\d+:\d*:?) ?(fatal )?error(?::| [A-Z]+\d+)|\bdefault_program\(\d+\): (?:[Ee]rror|catastrophic error): |CMake Error|undefined reference to|: multiple definition of [\x60']|collect2: error|^clang(?:\+\+)?(?:-\d+)?: error: |^(?:\S*/)?(?:[\w.-]+-)?(?:g\+\+|gcc|c\+\+)(?:-\d+)?: (?:fatal )?error: |^Error in fail: |\bld: cannot find |\bninja: error: |Failed building wheel|subprocess-exited-with-error|ninja: build stopped|error: command '.*' failed|No CMAKE_CUDA_COMPILER|Unsupported gpu architecture 'compute_|No matching distribution found|Could not find a version that satisfies|ResolutionImpossible|because these package versions have conflicting dependencies|^The conflict is caused by:$|\bNo solution found when resolving dependencies\b|\b(?:LibMamba)?UnsatisfiableError: |metadata-generation-failed|Failed to build installable wheels|\bCommand '\[?'?(?:\S*/)?(?:[\w.]+-)*(?:ninja|nvcc|make|cmake|gcc|g\+\+|c\+\+|cc|clang)\b|Ninja build failed|NVCC compilation failed|\d+ errors? detected in the compilation of|ptxas \S*tmpxft_\S*\.ptx, line \d+; (?:error|fatal)|^\(\d+\): (?:fatal )?error: |Error building extension '|Could not install packages due to an (?:OSError|EnvironmentError)|CUDA_HOME does not exist|CUDA_HOME (?:environment variable )?is not set|Failed to compile \S+\.(?:cu|cuh|cpp|cc|c)\b|sh: (?:line \d+: |\d+: )?(?:\S*/)?(?:nvcc|ptxas|cicc|nvlink|fatbinary|cuobjdump|ninja|cmake|make|gcc|g\+\+|c\+\+|cc|clang): (?:command )?not found|\.[A-Za-z]+\(\d+\): (?:fatal )?error: |[Cc]atastrophic error: |catastrophic errors? detected in the compilation of|#error -- unsupported [\w ]+ version!|No supported gcc/g\+\+ host compiler found|The detected CUDA version \(\S*\) mismatches the version that was used to compile|Error compiling objects for extension|\bdepends on `[^`]+`, but doesn't declare it as a build\b"
        ),
    ),
    // (ninja states a step that failed as `FAILED: [code=N] <output>`, and FlashInfer's and
    // SGLang's JIT the ninja run as `ninja exited with status N`; gcc and nvcc state a header
    // they cannot find as `fatal error: <file>: No such file or directory` and stop with
    // `compilation terminated.`, with or without the file's position;
    // a JIT or build that runs a missing compiler or build tool fails in Python's subprocess:
    // `FileNotFoundError: [Errno 2] No such file or directory: 'ninja'`; XLA's compile of a
    // program's PTX with the ptxas it found, `ptxas returned an error during compilation of ptx
    // to sass: ...`, and its finding none to compile with, `No PTX compilation provider is
    // available. Neither ptxas/nvlink nor nvjtlink is available.`, nor the toolkit's libdevice,
    // `libdevice not found at ./libdevice.10.bc`, `Can't find libdevice directory ...`)
    (
        "build_error",
        r"^FAILED: (?:\[code=\d+\] )?\S+\.(?:o|obj|so)\s*$|ninja exited with status \d+|\bptxas returned an error during compilation of ptx to sass\b|\bNo PTX compilation provider is available\b|\blibdevice (?:is required by this HLO module but was )?not found at \S|\bCan't find libdevice directory\b|fatal error: [^:\s]+\.(?:h|hh|hpp|hxx|cuh|inc|inl)\b: No such file or directory|^compilation terminated\.$|No such file or directory: '(?:\S*/)?(?:ninja|nvcc|ptxas|cmake|make|gcc|g\+\+|c\+\+|cc|clang)'",
    ),
    (
        "cuda_device_side_assert",
        // (HIP's kernels state theirs as `skinny_gemms.hip:497: void f(...): Device-side
        // assertion `false' failed.`)
        // CUDA's own `Assertion `cond` failed.` or an assertion in a kernel source file; not a
        // host-side check such as TensorRT-LLM's `[TensorRT-LLM][ERROR] Assertion failed: ...`
        // (a kernel's block and thread before it: its `failed.` may be wrapped to the next line)
        r"Assertion `.*` failed|\.(?:cuh?|hip):\d+: .*Assertion .* failed|\bDevice-side assertion `.*' failed|(?:block: |^)\[\d+,\s*\d+,\s*\d+\],? thread: \[\d+,\s*\d+,\s*\d+\].*Assertion [`']|device-side assert|cudaErrorAssert|CUDA_ERROR_ASSERT|Assertion failed: \S*\.cuh?:\d+,(?: condition: |$)|Out Of Bound Tensor access detected at dim\[\d+\]: assert\(",
    ),
    // (Triton's language refuses an FP8 type the GPU has no instructions for, FP8 e4m3 below
    // SM89: `type fp8e4nv not supported in this architecture`, older `fp8e4nv data type is not
    // supported on CUDA arch < 89`: a quantisation the architecture does not support, whatever
    // exception or compile error carries it; the LLVM lowering of an older Triton that meets the
    // type, `Conversion from/to f8e4m3nv is only supported on compute capability >= 90` before
    // it aborts, is its compiler failing)
    ("unsupported_config", TRITON_FP8_ARCH),
    // (TensorRT-LLM's MoE GEMM finding no tuned configuration for the device and shapes it was
    // given, `Assertion failed: MOE GEMM1 Config is not set` (Jetson Orin): a layout it cannot run)
    ("unsupported_config", r"\bMOE GEMM\d? Config is not set\b"),
    // (PEFT refusing to merge adapters into a quantised model, `Cannot merge LORA layers when
    // the model is loaded in 8-bit mode`, and a trainer a model so loaded, `The model you want to
    // train is loaded in 8-bit precision.`)
    // (and Accelerate refusing bf16 on a device without it, `bf16 mixed precision requires
    // PyTorch >= 1.10 and a supported device`)
    // (and Accelerate refusing to train a model dispatched across devices, `You can't train a
    // model that has been loaded with `device_map='auto'` in any distributed mode`)
    // (and torch's memory-efficient attention refusing its inputs, `cutlassF: no kernel found to
    // launch!`: a shape or dtype it has no kernel for, not the GPU's architecture)
    // (and Open3D built without CUDA asked for a CUDA device, `MemoryManager::
    // GetDeviceMemoryManager: Unimplemented device`; SiftGPU without the OpenGL or CUDA support
    // it needs, `Shader not supported by your hardware!`, `ERROR: SiftGPU not fully supported`;
    // TensorRT deserialising an engine another version built, `Serialization assertion
    // plan->header.magicTag == rt::kPLAN_MAGIC_TAG failed.Trying to load an engine created with
    // incompatible serialization version`; Triton Inference Server given a model whose platform
    // it has no backend for, `Invalid argument: unknown platform 'onnxruntime_onnx'`)
    (
        "unsupported_config",
        r"\bwhen the model is loaded in \d+-bit mode\b|\bThe model you want to train is loaded in \d+-bit precision\b|\bbf16 mixed precision requires PyTorch >= [\d.]+ and a supported device\b|\bloaded with `device_map='auto'` in any distributed mode\b|\bcutlassF: no kernel found to launch\b|\bGetDeviceMemoryManager: Unimplemented device\b|\bengine created with incompatible serialization version\b|\bplan->header\.magicTag == rt::kPLAN_MAGIC_TAG failed\b|\bShader not supported by your hardware\b|\bSiftGPU not fully supported\b|\bInvalid argument: unknown platform '\w+'",
    ),
    // (Theano's cuDNN handle that a driver too old for the library cannot create, `Error
    // creating cudnn handle. This can be a sign of a too old driver.`)
    // (and TensorFlow's cuDNN finding no convolution algorithm that runs, `Not found: No
    // algorithm worked!`)
    (
        "cublas_cudnn_error",
        r"\bError creating cudnn handle\b|\b(?:Not found|NOT_FOUND): No algorithm worked\b",
    ),
    // (Cycles' check of a CUDA call, `CUDA error: Illegal address in cuMemcpyDtoH(...)`)
    (
        "cuda_illegal_memory_access",
        r"\bCUDA error: Illegal address in cu[A-Z]\w*\(",
    ),
    // (Megatron's check of a backward pass's gradients raises, or its rerun state machine stops
    // the run, with no error word: an exception either way, not a signal; so does transformers'
    // prompt before it runs a repository's code, which the `EOFError` of a run with no terminal
    // ends; nor is the Hub's refusal of a gated repository to a client not logged in)
    // (nor is torch's type promotion refusing to mix an FP8 tensor with another dtype, `Promotion
    // for Float8 Types is not supported, attempted to promote Float and Float8_e5m2`, nor a matmul
    // of two dtypes pasted without its exception's type, `expected mat1 and mat2 to have the same
    // dtype, but got: ...`: a dtype mismatch in the program's arithmetic)
    (
        "python_exception",
        r"found NaN in local grad norm|contains custom code which must be executed|requires you to execute the configuration file in that repo|Cannot access gated repo for url|trying to access a gated repo\b|Promotion for Float8 Types is not supported|^expected \w+ and \w+ to have the same dtype, but got: ",
    ),
    (
        "triton_error",
        r"\bConversion from/to f8\w+ is only supported on compute capability\b",
    ),
    // (Triton's report of a kernel that needs more shared memory than an SM has, which it and
    // Inductor name `OutOfMemoryError` in some versions: `out of resource: triton_mm Required:
    // 131072 Hardware limit:101376`; no allocation of device memory failed)
    (
        "triton_error",
        r"out of resource: [\w ]+,? Required: \d+,? Hardware limit",
    ),
    // (Triton's cache of compiled kernels, whose temporary file another worker compiling the same
    // kernel renamed first: `FileNotFoundError: ... '/root/.triton/cache/<hash>/k.json.tmp.pid_N'`)
    (
        "triton_error",
        r"\bFileNotFoundError: .*[/\\]\.triton[/\\]cache[/\\]",
    ),
    // (ggml's allocation of a device buffer, whichever backend's device: `failed to allocate
    // ROCm0 buffer of size N`, SYCL's `can't malloc N Bytes memory on device`; torch's XPU allocator
    // refusing a block over the device's limit, `Current platform can NOT allocate memory block
    // with size larger than 4GB! Tried to allocate 6.85 GiB`; XLA's (JAX's) allocator, `XlaRuntimeError:
    // RESOURCE_EXHAUSTED: Out of memory while trying to allocate N bytes.`, `... Failed to allocate
    // request for 2.99GiB ... on device ordinal 0` (its 2021 releases, `Resource exhausted: Failed
    // to allocate request for ...`; its message alone in a binding that drops the status,
    // Elixir's EXLA, `** (RuntimeError) Out of memory while trying to allocate N bytes.`), a
    // TPU's `RESOURCE_EXHAUSTED: Error
    // allocating device buffer`, and its older TPU runtime's `RESOURCE_EXHAUSTED: Attempting to
    // reserve 14.51G at the bottom of memory` (from a TPU worker, `Resource exhausted: From
    // /job:tpu_worker/replica:0/task:0:` with the rest on the next line); TGI's KV cache with no block left for a
    // request, `Out of available cache blocks: asked 1024, only 172 free blocks`)
    // (ONNX Runtime's arena, `BFCArena::AllocateRawInternal(...) Failed to allocate memory for
    // requested buffer of size N`; TensorRT's builder, `Requested amount of memory (N bytes) could
    // not be allocated`; SGLang's pools of per-request state, `Not enough space for mamba ping
    // pong idx, try to increase --mamba-full-memory-ratio.`)
    // (Numba's `Call to cuInit results in CUDA_ERROR_OUT_OF_MEMORY`: the driver failing to start
    // is no allocation of the program's, whatever its status)
    // (torch's CUDA start-up states the error its device count returned, `Unexpected error from
    // cudaGetDeviceCount() ... Error 2: out of memory`: a driver that could not start, whatever
    // its status says, not an allocation of the program's; so does a program's own check of the
    // count, the CUDA samples' `code=2(cudaErrorMemoryAllocation) "cudaGetDeviceCount(&n)"` and
    // `Failed to get count of cuda capable device. Exception:out of memory` under WSL; and the
    // deviceQuery sample's `cudaGetDeviceCount returned 999`, whatever the code)
    (
        "cuda_driver_error",
        r#"Unexpected error from cudaGetDeviceCount\(\)|\bCall to cuInit results in CUDA_ERROR_\w+|^cudaGetDeviceCount returned \d+$|\(\w+\) "cudaGetDeviceCount\(|\bcount of cuda capable devices?\b.*\bout of memory\b"#,
    ),
    ("cuda_oom", ORT_ARENA_OOM),
    // (NVSHMEM's check of a CUDA driver call states the call's status: `non-zero status: 2
    // cuMemCreate failed`, where 2 is CUDA_ERROR_OUT_OF_MEMORY, its heap's physical memory)
    ("cuda_oom", r"\bnon-zero status: 2 cuMem\w+ failed\b"),
    // (HAMi's vGPU memory limit, which refuses an allocation beyond a pod's share: `Device 0 OOM
    // 3171158016 / 3145728000`, after which CUDA reports an unrecognised error code; as
    // 4pdvGPU, its former name, worded it: `device OOM encountered: usage=N limit=N`)
    (
        "cuda_oom",
        r"\bDevice \d+ OOM \d+ / \d+\b|\bdevice OOM encountered: usage=\d+ limit=\d+",
    ),
    // (OneFlow's error type for a failed allocation of its allocator, `Error Type:
    // oneflow.ErrorProto.out_of_memory_error`)
    ("cuda_oom", r"\bErrorProto\.out_of_memory_error\b"),
    // (XLA's allocator refusing room for a constant it places on the device, `XlaRuntimeError:
    // INTERNAL: Failed to allocate 98697216 bytes for new constant`)
    (
        "cuda_oom",
        r"\bFailed to allocate \d+ bytes for new constant\b",
    ),
    // (TensorFlow's op that could not allocate its output on a GPU: `OP_REQUIRES failed at
    // tile_ops.cc:123 : Resource exhausted: OOM when allocating tensor with shape[...] and type
    // float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc`; its first
    // releases' ended the line at the shape, the GPU's node below: `Compute status: Resource
    // exhausted: OOM when allocating tensor with shape`)
    (
        "cuda_oom",
        r"\bOOM when allocating tensor\b.*(?:\bdevice:GPU:\d+|\bGPU_\d+_bfc\b)|\bOOM when allocating tensor with shape\s*$",
    ),
    // (CuPy's memory pool, `Out of memory allocating 25,600,000 bytes (allocated so far: N
    // bytes).`, and tiny-cuda-nn's, `Could not allocate memory: .../gpu_memory.h:112
    // cudaMalloc(&rawptr, n_bytes) failed with error out of memory`, whose paste may cut the
    // status; a prover's `Failed to alloc gpu resource for leaf array buffer`)
    (
        "cuda_oom",
        r"\bOut of memory allocating [\d,]+ bytes\b|\bCould not allocate memory: .*\bcudaMalloc\(|\bFailed to alloc(?:ate)? gpu resource\b",
    ),
    // (and Paddle's allocator, `Out of memory error on GPU 0. Cannot allocate 172.000000MB memory
    // on GPU 0, ...`, under its `ResourceExhaustedError:`; DALI's, `Critical error in pipeline:
    // CUDA allocation failed`)
    (
        "cuda_oom",
        concat!(
            r"CUDA out of memory|\bOut of GPU memory\b|\bCUDA allocation failed\b|failed to find free space in the KV cache|\bOut of available cache blocks\b|",
            r"\bRequested amount of memory \(\d+ bytes\) could not be allocated\b|",
            ggml_device_alloc!(),
            "|",
            tt_device_oom!(),
            r"|can NOT allocate memory block with size larger than|\bOut of memory while trying to allocate \d+ bytes\b|OutOfMemoryError|\bAllocation on device(?:\s*$| {2})|Error Code \d+: OutOfMemory|CUDA error: out of memory|cudaErrorMemoryAllocation|CUDA_ERROR_OUT_OF_MEMORY|Failed to CUDA calloc|Not enough memory\. Please try to increase|\b[Nn]ot enough (?:GPU |device |KV ?cache )?memory\b|No available memory for the cache blocks|tokens that can be stored in KV cache|To serve at least one request with the models?'s max seq len|must be large enough to process at least 1 sequence|less than desired GPU memory utilization|[Ii]nsufficient (GPU|device) memory|\bInsufficient VRAM\b|\bOut of memory error on GPU \d+\. Cannot allocate\b|\b(?:RESOURCE_EXHAUSTED|Resource exhausted): (?:Out of memory|Failed to allocate|From /job:\w+|Error allocating device buffer|Attempting to reserve \S+ at the bottom of memory)\b|leave no GPU memory for the KV cache|out of memory|bytes of scratch space, but only \d+ is available|\bNot enough space for .*\bincrease --[\w-]*memory|",
            negative_kv_memory!()
        ),
    ),
    // (Go's runtime names a fatal signal of the process before its goroutines' stacks, `SIGILL:
    // illegal instruction` of a CPU without the instructions a cgo library was built for: the
    // host's, not a kernel's illegal instruction)
    ("process_crash", r"^SIG(?:ILL|FPE|BUS): [a-z]"),
    // (Rust's runtime aborting the process, `fatal runtime error: Rust cannot catch foreign
    // exceptions`: a C++ exception thrown through Rust frames)
    ("process_crash", r"^fatal runtime error: \S"),
    ("process_crash", gdb_null_frame!()),
    // (a program's handler naming the fatal signal it caught by number, `Interrupt signal (11)
    // received.`, Unreal Engine's `Signal 11 caught.`, Milvus' `Server received critical signal:
    // 11`)
    (
        "process_crash",
        r"(?:^|\] )Interrupt signal \((?:4|6|7|8|11)\) received\b|^Signal (?:4|6|7|8|11) caught\.$|\breceived critical signal: (?:4|6|7|8|11)\b",
    ),
    // (Slurm cancelling a job or a step, for its time limit or at someone's request: `slurmstepd:
    // error: *** STEP 6053.0 ON host CANCELLED AT <time> ***`; a memory limit reads as an OOM
    // kill, see `host_oom`; PMIx's error handler run for a process of the step that failed,
    // `pmixp_client_v2.c:211: Error handler invoked: status = -61`)
    (
        "process_crash",
        r"slurmstepd: error: \*\*\* (?:STEP|JOB) \S+ ON \S+ CANCELLED AT\b|\bError handler invoked: status = -?\d+",
    ),
    // (CUTLASS states a failed `cuTensorMapEncodeTiled` as `Error: Failed to initialize the TMA
    // descriptor <CUresult>`; 700 is the sticky illegal address an earlier kernel left, 715,
    // 716 and 719 the sticky illegal instruction, misaligned address and launch failure; a
    // `hardware stack error`, `invalid program counter` or an address-space fault is a
    // kernel's fault as an illegal address is; so are the HIP runtime's `Memory access fault by
    // GPU node-N` and the amdgpu kernel driver's `amdgpu: [gfxhub] page fault (...)`, ROCm's queue aborting with `HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The
    // agent attempted to access memory beyond the largest legal address` or a kernel's other
    // hardware exception, `HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a hardware
    // exception. code: 0x1016`, cuda-gdb's `CUDA Exception: Warp Out of range Address`, and
    // compute-sanitizer's report of a kernel's hardware exception, `========= Illegal instruction`;
    // the driver API's names of those faults, as Numba reports a call that met one, `Call to
    // cuMemcpyDtoH results in CUDA_ERROR_LAUNCH_FAILED`)
    (
        "cuda_illegal_memory_access",
        concat!(
            r"\bInvalid __(?:global|shared|local)__ (?:read|write|atomic)\b|\b(?:Out-of-range|Misaligned) Shared or Local Address\b|",
            sanitizer_hw_exception!(),
            r"|Failed to initialize the TMA descriptor,? (?:error code: )?(?:700|71[569])\b|illegal memory access|misaligned address|Memory access fault by GPU node-\d+|\bamdgpu: \[(?:gfx|mm)hub\d*\] page fault\b|HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION|HSA_STATUS_ERROR_EXCEPTION\b|attempted to access memory beyond the largest legal address|CUDA Exception: (?:Warp|Lane|Device) (?:Out of range|Illegal|Misaligned) Address|cudaErrorIllegalAddress|CUDA_ERROR_(?:ILLEGAL_ADDRESS|LAUNCH_FAILED|MISALIGNED_ADDRESS|ILLEGAL_INSTRUCTION)\b|illegal instruction|cudaErrorIllegalInstruction|unspecified launch failure|cudaErrorLaunchFailure|address out of bounds|Invalid access of peer GPU memory|out of bounds (global|shared|local) memory|MMU Fault|operation not supported on global/shared address space|cudaErrorInvalidAddressSpace|hardware stack error|cudaErrorHardwareStackError|invalid program counter|cudaErrorInvalidPc"
        ),
    ),
    // (SGLang logs any exception raised in a piecewise CUDA graph's capture or replay as
    // `Piecewise CUDA Graph failed with error: <e>`; the graph API's calls, `cudaGraphLaunch`,
    // not the graphics interop's, `cudaGraphicsMapResources`; torch's CUDA graph trees refuse a read of a
    // graph's output that a later replay overwrote: `accessing tensor output of CUDAGraphs that
    // has been overwritten by a subsequent run`; Ascend's graph capture, `Not allow to synchronize
    // captured-stream`, `New capture stream failed`)
    (
        "cuda_graph_capture_error",
        r"output of CUDAGraphs that has been overwritten by a subsequent run|\bsynchronize captured-stream\b|\bNew capture stream failed\b|stream is capturing|during capture|capturing stream|separate capture sequences|capture was not ended in the same stream|uncaptured work in another stream|depend on a capturing blocking stream|cudaErrorStreamCapture|[Cc]apture.*(?:[Ii]nvalidated|unsupported)|[Cc]apture cuda graph failed|CUDA graph capture|cudaGraph(?:[A-Z_]\w*)?\b|graph capture failed|Piecewise CUDA Graph failed",
    ),
    // (Triton builds each kernel's cubin for the GPU it runs on, with the ptxas it ships: a driver
    // that cannot load that cubin, `Triton Error [CUDA]: device kernel image is invalid` from its
    // `load_binary`, is older than Triton's toolchain, as CUDA's `provided PTX was compiled with
    // an unsupported toolchain` is, not a binary built without this GPU)
    (
        "cuda_driver_error",
        r"Triton Error \[CUDA\]: device kernel image is invalid",
    ),
    // (FlashInfer's JIT states a GPU outside a kernel's architectures as `No supported CUDA
    // architectures found for major versions [N]`; FlashAttention checks the GPU's generation
    // before it launches: `FlashAttention only supports Ampere GPUs or newer.`; CUTLASS's
    // device code prints `<function> not implemented` for an instruction path it lacks on this
    // architecture; CUDA's `device kernel image is invalid`, `invalid device function` (as
    // FasterTransformer's check words it too, `[FT][ERROR] CUDA runtime error: invalid device
    // function <file>`) and `a PTX JIT compilation failed` are a binary with no code this GPU
    // can run; a CuTe DSL op checks
    // the GPU's architecture before it builds: `expects arch to be one of [sm_120a], but got
    // sm_121a`; TensorRT's kernel library a GPU newer than it knows: `Assertion failed: Unsupported
    // SM.`, `[caskUtils.h::trtSmToCask::N] ... (Unsupported SM: 0x1200)`; a kernel runner's bare
    // `RuntimeError: Unsupported architecture` (FlashInfer's trtllm-gen kernels off SM100, at
    // `<file>:N: Unsupported architecture`; DeepGEMM's `Assertion error (<file>:N): Unsupported
    // architecture`); a kernel library that names the GPU generation it has kernels for,
    // `DeepGEMM only supports Hopper (SM90) architectures`; CUTLASS's arch-conditional
    // instruction in a binary built without the `a` target; a CUDA check failing a launch from
    // one architecture's own kernel sources, `CUDA error (.../hopper/flash_fwd_launch_template.h:
    // 188): invalid argument`: those kernels ask for what only that architecture has; a library's
    // check of the GPU's generation as a torch check, `Expected is_sm90 || is_sm8x || is_sm75 to
    // be true, but got false`; CUDA's `named symbol not found`, a kernel the loaded binary has no
    // code of for this device, as bitsandbytes and torch state it: `Error named symbol not found
    // at line 116 in file .../ops.cu`, `CUDA error: named symbol not found`, and XLA's driver
    // wrapper: `failed to get PTX kernel "x" from module: CUDA_ERROR_NOT_FOUND: named symbol not
    // found`, candle's `DriverError(CUDA_ERROR_NOT_FOUND, "named symbol not found") when loading
    // cast_f32_bf16`; NCCL's own `Cuda
    // failure 'named symbol not found'` stays the collective's; HIP's runtime finding no code
    // object for the GPU, `hipErrorNoBinaryForGpu: Unable to find code object for all current
    // devices!`, and the driver API's `CUDA_ERROR_NO_BINARY_FOR_GPU` as a module loads (TVM's
    // `cuModuleLoadData(...) failed with error: CUDA_ERROR_NO_BINARY_FOR_GPU`); NVRTC older than
    // the GPU, `nvrtc: error: invalid value for --gpu-architecture
    // (-arch)`: the toolkit has no code for its architecture; a TensorRT release older than the
    // GPU, `Target GPU SM 120 is not supported by this TensorRT release.`, or, before it said so,
    // its helper that reads a two-digit SM failing on one of three: `smVerHex2Dig ... Assertion
    // major >= 0 && major < 10 failed`; TEI built for another GPU: `Runtime compute cap 120 is not
    // compatible with compile time compute cap 80`)
    (
        "no_kernel_image",
        concat!(
            r"nvrtc: error: invalid value for --gpu-architecture|\bwithout CUTE_ARCH_\w+_ENABLED\b|CUDA error \([^)]*\b(?:hopper|blackwell|sm_?90a?|sm_?100a?)[/\\][^)]*\): invalid argument|has no device code compatible with CUDA arch \d+|no kernel image is available|cudaErrorNoKernelImageForDevice|\bCUDA_ERROR_NO_BINARY_FOR_GPU\b|is not compatible with the current PyTorch installation|PyTorch no longer supports this GPU because it is too old|\bwhich is of cuda capability \d|\bdoes not include kernels for this GPU\b|which is too old to be supported by the triton GPU compiler|CUDA capability sm_\d+ is not compatible|not compiled due to insufficient nvcc version or a supported arch|no kernel found|Unsupported (SM|sm|gpu|GPU) (version|architecture)|Unsupported SM(?:\.|: 0x[0-9a-fA-F]+\b)|\btrtSmToCask\b|[Uu]nsupported compute capability|requires GPUs with sm\d+ or higher|only supports \w+ GPUs or newer|\bonly supports (?:Volta|Turing|Ampere|Ada|Hopper|Blackwell)\b|Arch conditional MMA instruction used without targeting|\bkernel only supports sm_?\d+[a-z]?\b|Assertion failed: Unsupported [Aa]rch|(?:^|: )Unsupported architecture\.?$|No compiled \w+.* capability|Arch unsupported for |No supported CUDA architectures found for major versions|device kernel image is invalid|cudaErrorInvalidKernelImage|(?:CUDA error: |CUDA runtime error(?: in [^:]*)?: |CUDA error \d+ at \S+: |HIP error: |ROCm error: |HIP failure: '|Cuda failure (?:\d+ )?')[Ii]nvalid device function|cudaErrorInvalidDeviceFunction|hipErrorInvalidDeviceFunction|: invalid device function\s*$|\berror 98:? invalid device function\b|\bErrStr:invalid device function\b|\b[A-Z_]*ERROR: invalid device function in \S|hipErrorNoBinaryForGpu|Missing CO for these ISAs\b|a PTX JIT compilation failed|\bNo kernel named \S+ was found|\bcutlass::.* not implemented$|expects arch to be one of .*, but got (?:Arch\.)?sm_\d+|engine plan file is generated on an incompatible device|\bSM\d+ kernel is not available\b|\bExpected is_sm\d+\w*(?: \|\| is_sm\d+\w*)* to be true, but got false|\b(?:Error|CUDA error:|CUDA_ERROR_NOT_FOUND:) named symbol not found\b|\bCUDA_ERROR_NOT_FOUND, \x22named symbol not found\b|cudaErrorSymbolNotFound|\bRuntime compute cap \d+ is not compatible with compile time compute cap\b|",
            trt_release_lacks_sm!()
        ),
    ),
    // (torch refuses to initialise CUDA again in a process forked after the parent did:
    // `Cannot re-initialize CUDA in forked subprocess`; the runtime's cudaErrorOperatingSystem
    // reads `OS call failed or operation not supported on this OS`; Docker's daemon, asked for GPUs
    // with no NVIDIA container runtime configured: `could not select device driver "" with
    // capabilities: [[gpu]]`, or for CDI devices with CDI not enabled, `could not select device
    // driver "cdi" with capabilities: []`, or asked for a runtime it does not have registered:
    // `unknown or invalid runtime name: nvidia`; a Vulkan renderer finding no usable device
    // (SAPIEN's `failed to find a rendering device`, `vk::...: ErrorInitializationFailed`), the
    // driver's ICD missing from the container; CUDA's error 802, `system not yet initialized`
    // (NVIDIA's containers' banner: `[[ System not yet initialized (error 802) ]]`), is an
    // NVSwitch machine whose fabric manager is not running; torch reports any failure of its first CUDA
    // call as `Unexpected error from cudaGetDeviceCount()`; CUDA's `initialization error` and
    // `unknown error` from a first call (`cudaMemGetInfo(&free, &total) failed: unknown error`, NCCL's
    // `Cuda failure 999 'unknown error'`), a stub `libcuda`, a missing PTX JIT library and an MPS
    // daemon out of reach are all a driver that cannot serve the process; so is a status the
    // driver stack states as `[NV_ERR_<NAME>]`, and a fabric manager refusing the driver; the
    // NVIDIA container runtime's hook refuses an image that needs a newer CUDA or driver than the
    // host's as `requirement error: unsatisfied condition: cuda>=12.8` (however a hard wrap cuts the
    // condition); a CUDA call the platform
    // does not offer, `CUDA driver error: operation not supported`, `cuda runtime error (801) :
    // operation not supported` (IPC on Windows, virtual memory under a vGPU), is the driver's refusal;
    // so is a driver-API call's status a program states as `CUresult error result=1 ...`, and a
    // Vulkan backend's device that the driver would not create or lost (Isaac Sim's `VkResult:
    // ERROR_INCOMPATIBLE_DRIVER` too; LightGBM's OpenCL build finding no GPU, `No OpenCL device
    // found`), `vk::PhysicalDevice::createDevice:
    // ErrorDeviceLost`; the driver's own libraries missing from a container, `libcuda.so.1: cannot
    // open shared object file`, NVML's `NVML Shared Library Not Found`; vLLM that found no GPU
    // platform at all, `No platform detected, vLLM is running on UnspecifiedPlatform`; NVML's
    // status of a kernel module other than its library, `NVML_ERROR_LIB_RM_VERSION_MISMATCH`, as
    // nvidia-smi's `Driver/library version mismatch`; and the driver's own failure as NVML reports
    // it to a caller, `Failed to query NVML device info: an internal driver error occured`; Triton
    // Inference Server failing to set up its CUDA memory pools at start-up, `Failed to finalize
    // CUDA memory manager: CNMEM_STATUS_CUDA_ERROR` (a vGPU or MIG slice without the virtual
    // memory calls it makes); Ollama's CUDA calls as it discovers GPUs, `cudart init failure: 35`,
    // `failed to get primary device context 800`; a GPU's device node or nvidia-smi missing where
    // a node's daemon or a driver check expects them, Slurm's `can't stat gres.conf file
    // /dev/nvidia0`, the GPU Operator's `chroot: failed to run command 'nvidia-smi': No such
    // file or directory`: no driver there; the driver refusing a call, `[CUDA_ERROR_NOT_PERMITTED]
    // ... cuMemCreate(...)`, a fabric handle without an IMEX channel; cuda-python's `Failed to
    // dlopen libcuda.so`; Hugging Face's ZeroGPU, which lends a Space its GPU, failing to set it
    // up, `Error while initializing ZeroGPU: Unknown`; the runtime's invalid device, as a status,
    // `CUDA_ERROR_INVALID_DEVICE`, `cudaErrorInvalidDevice`, or PyFR's exception for it,
    // `CUDAInvalidDevice`; an OptiX ABI the driver does not offer, `OPTIX_ERROR_UNSUPPORTED_ABI_
    // VERSION: Optix call 'optixInit()' failed`, a driver older than the SDK; CUDA's unknown
    // error from a miner's first call, `cuda exception in [check_if_cuda_really_exists, 256],
    // unknown error`; DCGM's exporter without NVML, `Cannot init NVML library; err:
    // ERROR_LIBRARY_NOT_FOUND`, and the GPU Operator's and Kubernetes plugins' Go wrappers of it
    // (`error initializing NVML: ERROR_LIBRARY_NOT_FOUND`, `failed to initialize NVML: ...
    // error opening libnvidia-ml.so.1`, `panic: Fatal: nvml: Not Supported`), its validator's
    // `failed to validate the driver, retrying`; CUDA's status for a call on a thread with no
    // current context as UCX prints it, `cuIpcGetMemHandle(...) is failed. ret:invalid device
    // context`; a GPU nvidia-smi could not reset, `GPU
    // 00000000:01:00.0: In use by another client`; XLA's PTX linker refused by the driver, `cuLinkAddData fails. This
    // is usually caused by stale driver version.`; OptiX's function table that the driver does
    // not offer, `Failed to load OptiX function table. You may need to update your driver.`, and
    // Dr.Jit's refusal of a driver it knows to miscompile; no EGL or GLX context on the GPU,
    // Habitat's `Could not find an EGL device for CUDA device 0`, nvdiffrast's `eglMakeCurrent()
    // failed when setting GL context`, `unable to find CUDA device 0
    // among 2 EGL devices`, `Check failed: numDevices > 0 [EGL] No devices detected`, LWJGL's
    // `Could not create GLX context`; Blender's Cycles with no device of the kind asked for,
    // `Error: Found no Cycles device of the specified type`, and its OptiX calls failing,
    // `OPTIX_ERROR_PIPELINE_LINK_ERROR in optixPipelineCreate(...)`; Open MPI's CUDA IPC,
    // `The call to cuIpcOpenMemHandle failed.`, a peer GPU the job's binding hides; nvblox's check
    // of a CUDA call that met the driver's unknown error, `CUDA error = 999 at ...`; CTranslate2
    // built without CUDA, `This CTranslate2 package was not compiled with CUDA support` (k2's
    // `k2 compiled without CUDA support`); a
    // program's assertion that it sees a GPU, `AssertionError: Trying to use CUDA, but CUDA is
    // not available.`; an OpenCL loader with no platform, `clGetPlatformIDs failed:
    // PLATFORM_NOT_FOUND_KHR`, and Vulkan's, `vkCreateInstance failed with
    // ERROR_INCOMPATIBLE_DRIVER` (vkd3d-proton's `Failed to create Vulkan device, vr -3.`); FFmpeg that could not load the driver's library, `Could not dynamically
    // load CUDA`; a context the driver does not know, CUDA.jl's `CUDA error (code 201,
    // CUDA_ERROR_INVALID_CONTEXT)`; a module's PTX the driver's JIT would not take (OpenMM's
    // `Error loading CUDA module: CUDA_ERROR_INVALID_PTX (218)`, PTX newer than the driver, as
    // the JIT's ptxas words it below Numba's linker error: `ptxas application ptx input, line 9;
    // fatal   : Unsupported .version 6.2; current version is '6.1'`); a call made after the
    // runtime unloaded at exit, TensorRT's `Error Code 1: Cuda Runtime (driver shutting down)`;
    // a program built without CUDA asked for it, COLMAP's `ERROR: Dense stereo reconstruction
    // requires CUDA, which is not available on your system.`;
    // FluidX3D finding no OpenCL device; RELION's check of a call
    // that met CUDA's unknown error, `unknown error in .../cuda_projector.cu at line 126
    // (error-code 30)`; JAX finding no GPU it can use, `Unable to initialize backend 'cuda':
    // FAILED_PRECONDITION: No visible GPU devices.`, `... INTERNAL: no supported devices`, and
    // XLA's reason above it, `Failed to create stream executor for device CUDA:0:`; the driver
    // failing to map a buffer for a peer or the host, as a CUDA sample's check states it,
    // `Cuda failure p2pBandwidthLatencyTest.cu:189: 'mapping of buffer object failed'`; NCCL's
    // own warning of it is the collective library's)
    (
        "cuda_driver_error",
        concat!(
            xla_no_stream_executor!(),
            r"|\ban internal driver error occurr?ed\b|\bcudart init failure: [1-9]\d*\b|\bvk::\w+(?:::\w+)*: Error(?:InitializationFailed|IncompatibleDriver|DeviceLost)\b|\bfailed to find a rendering device\b|\bfailed to get (?:primary )?device context [1-9]\d*|\bdevice memory info lookup failure\b|\bgres\.conf file /dev/nvidia\d+|\bfailed to run command 'nvidia-smi': No such file or directory|\bnvidia-smi: (?:command )?not found\b|\bFailed to finalize CUDA mem(?:ory manager)?\b|driver on your system is too old|\bcuInit err: [1-9]\d*\b|No platform detected, vLLM is running on UnspecifiedPlatform|\bUnable to load CUDA management library \S+: \S|\bnvmlInit(?:_v2)? err: [1-9]\d*\b|^No devices were found$|driver version is insufficient|not supported (?:in|by) the installed CUDA driver|Driver/library version mismatch|\bNVML_ERROR_LIB_RM_VERSION_MISMATCH\b|cudaErrorInsufficientDriver|CUDA driver initialization failed|no (?:CUDA|ROCm)-capable device|\bUnable to initialize backend '(?:cuda|rocm|gpu)': (?:FAILED_PRECONDITION: No visible GPU devices\b|INTERNAL: no supported devices\b)|invalid device ordinal|cudaErrorNoDevice|CUDA_ERROR_NO_DEVICE|Found no NVIDIA driver|NVIDIA driver .* not (found|loaded)|cuInit|CUDA initialization|cudaErrorInitializationError|CUDA_ERROR_NOT_INITIALIZED|cudaErrorSystemDriverMismatch|forward compatibility was attempted|Failed to initialize NVML|CUDA unknown error|provided PTX was compiled with an unsupported\b|cudaErrorUnsupportedPtxVersion|CUDA_ERROR_UNSUPPORTED_PTX_VERSION|\bCUDA_ERROR_INVALID_PTX\b|\bcudaErrorInvalidPtx\b|\bptx input, line \d+; fatal +: Unsupported \.version \d+\.\d+; current version is '|\bCuda Runtime \(driver shutting down\)|\brequires CUDA, which is not available on your system\b|\bcudaErrorCudartUnloading\b|CUDA error: driver shutting down|cudaErrorDevicesUnavailable|busy or unavailable|\.(?:cu|cpp|cc):\d+: 'mapping of buffer object failed'|cudaErrorMapBufferObjectFailed|re-initialize CUDA in forked subprocess|OS call failed or operation not sup(?:ported)? on this OS|cudaErrorOperatingSystem|could not select device driver \S* with capabilities: \[(?:\[gpu\])?\]|(?i:system) not yet initialized|cudaErrorSystemNotReady|CUDA_ERROR_SYSTEM_NOT_READY|Unexpected error from cudaGetDeviceCount|CUDA (?:driver )?error: (?:initialization|unknown) error|Cuda failure (?:999 )?'unknown error'|\bcuda[A-Z]\w*\(.*\) failed: (?:initialization|unknown) error|^cuda[A-Z]\w* failed:? (?:initialization|unknown) error\b|CUDA error 3 at \S+: initialization error|\bCUDA error \d+ in file \S+ line \d+: (?:initialization|unknown) error\b|\berror=3 : initialization error\b|cudaErrorUnknown\b|CUDA_ERROR_UNKNOWN|unsupported display driver / cuda driver combination|CUDA driver is a stub library|cudaErrorStubLibrary|PTX JIT compiler library not found|MPS client failed to connect|MPS server is not ready|CUDA (?:driver )?error: the operation cannot be performed in the present state|This container was built for NVIDIA Driver Release|CUDA Driver UNAVAILABLE|NVML Shared Library Not Found|could not load NVML library|",
            container_without_driver!(),
            "|",
            libcuda_unloadable!(),
            "|",
            zerogpu_init_failed!(),
            "|",
            nv_status!(),
            r"|\bCannot init NVML library\b|\blibnvidia-ml\.so(?:\.1)?: cannot open shared object file|\b(?:error initializing|failed to initiali[sz]e) NVML: |\bnvml: Not Supported\b|\bfailed to validate the driver\b|\binvalid device context\b|",
            gpu_in_use_by_another_client!(),
            r"|\bUnknown OpenCL Error \(-?\d+\)|\bFailed to load OptiX function table\b|\bDrJit considers the driver of your graphics card buggy\b|\bunable to find CUDA device \d+ among \d+ EGL devices\b|\bCould not find an EGL device for CUDA device\b|",
            egl_make_current_failed!(),
            r"|\[EGL\] No devices detected\b|\bCould not create GLX context\b|\bcuLinkAddData fails\. This is usually caused by stale driver\b|\bCUDA_ERROR_INVALID_DEVICE\b|\bcudaErrorInvalidDevice\b|\bCUDAInvalidDevice\b|\bOPTIX_ERROR_[A-Z_]+ in optix\w+\(|\bOPTIX_ERROR_UNSUPPORTED_ABI_VERSION\b|\bFound no Cycles device of the specified type\b|\bThe call to cu[A-Z]\w* failed\b|\bCUDA error = 999 at \S+|\bclGetPlatformIDs failed\b|\bPLATFORM_NOT_FOUND_KHR\b|\bvkCreateInstance failed with ERROR_\w+|\bFailed to create the Vulkan instance\b|\bFailed to create Vulkan device\b|\bCould not dynamically load CUDA\b|\bCUDA_ERROR_(?:INVALID_CONTEXT|CONTEXT_IS_DESTROYED|NOT_INITIALIZED|DEINITIALIZED)\b|\bcudaError(?:InvalidContext|ContextIsDestroyed|Initialization)Error?\b|\bno OpenCL devices available\b|^unknown error in \S+\.cuh? at line \d+ \(error-code 30\)|\b(?:not compiled with|compiled without) CUDA support\b|^AssertionError: (?:.*\bbut )?CUDA is not available\b|\bcuda exception in \[.*\], (?:unknown|initialization) error\b|\brequirement error: unsatisfied\b|unknown or invalid runtime name: nvidia\b|nvidia-container-cli: (?:initialization|mount|detection|ldcache) error|CUDA runtime error in \w+\(.*\): operation not supported|CUDA runtime error in \w+\(.*\): (?:initialization|unknown) error\b|cudaErrorNotSupported\b|CUDA_ERROR_NOT_SUPPORTED\b|cudaErrorNotPermitted\b|CUDA_ERROR_NOT_PERMITTED\b|\bCUresult error\b|(?i:cuda (?:driver |runtime )?error|runtime error) ?(?:\(\d+\))? ?:? operation not supported|vk::\w+(?:::\w+)*: Error(?:DeviceLost|InitializationFailed|IncompatibleDriver)\b|\bNo OpenCL device found\b|VK_ERROR_(?:DEVICE_LOST|INITIALIZATION_FAILED|INCOMPATIBLE_DRIVER)\b|\bVkResult: ERROR_(?:DEVICE_LOST|INITIALIZATION_FAILED|INCOMPATIBLE_DRIVER)\b"
        ),
    ),
    // (torch finds no device it may use: `No CUDA GPUs are available`, and a program that checks
    // for either runtime, `No CUDA or HIP available on this system.`; a build of torch without
    // CUDA: `Torch not compiled with CUDA enabled`, vLLM finding no platform it can run on: `Failed to
    // infer device type`, or a device index beyond
    // the GPUs it sees, `device >= 0 && device < num_gpus INTERNAL ASSERT FAILED`, or refuses to load a
    // tensor saved on a GPU: `... but torch.cuda.is_available() is False`; NVML and the container
    // runtime print the driver/library mismatch in lower case: `nvml error: driver/library
    // version mismatch`; SGLang's device lookup, finding CUDA unavailable: `No accelerator (CUDA,
    // XPU, HPU, NPU, MUSA, MPS) [or platform plugin ]is available`; ggml's first CUDA call failing,
    // `ggml_cuda_init: failed to initialize CUDA: unknown error`, after which it runs on the CPU;
    // a library's own check that torch sees no GPU, Unsloth's `No NVIDIA GPU found?`, the
    // Stable Diffusion web UI's `Torch is not able to use GPU`; the kernel module that bound to
    // none, `NVRM: No NVIDIA graphics adapter probed!`, or refused a client of another version,
    // `NVRM: API mismatch: the client has the version X, but`, or a GPU it does not support,
    // `NVRM: The NVIDIA GPU <bus> (PCI ID: <id>)`, then why: too old for this driver, no GSP for
    // the open module; Mesa's Vulkan driver on a context the kernel driver lost, `The CS has
    // been cancelled because the context is lost`, as llama.cpp's `ErrorDeviceLost` after it; the
    // container runtime's `CDI device injection failed`, a GPU the container cannot have; the
    // module that another driver beat to the GPU, `NVRM: The NVIDIA probe routine was not called
    // for 1 device(s).`, or that the kernel would not load unsigned under Secure Boot, `modprobe:
    // ERROR: could not insert 'nvidia': Key was rejected by service`)
    (
        "cuda_driver_error",
        concat!(
            r"NVRM: API mismatch: |NVRM: The NVIDIA GPU \S+ \(PCI ID: [0-9a-fA-F:]+\)|NVRM: The NVIDIA probe routine was not called\b|\bcould not insert 'nvidia[\w-]*': |^Loading of module with unavailable key is rejected\b|",
            radv_context_lost!(),
            r"|\bCDI device injection failed\b|No (?:CUDA|HIP) GPUs are available|\bdoes not allocate any GPUs on the driver node\b|\bNo CUDA or HIP available\b|\bNo NVIDIA GPU found\b|\bTorch is not able to use GPU\b|NVRM: No NVIDIA (?:graphics adapter|GPU) (?:probed|found)|Torch not compiled with CUDA enabled|failed to initialize CUDA: |Failed to infer device type|No supported device detected|device >= 0 && device < num_gpus|torch\.cuda\.is_available\(\) is False|(?i:driver/library version mismatch)|No accelerator \(CUDA, "
        ),
    ),
    // (CUDA's runtime refusing a call or a launch it was given, with no fault on the device:
    // `too many resources requested for launch`, `invalid configuration argument`, `invalid
    // argument`, `invalid resource handle` (also as FlashInfer's and TensorRT-LLM's check macro
    // states it: `CUDA error in FILE:N executing 'cudaLaunchKernelEx(...)': invalid argument`), a
    // kernel the display watchdog killed, `the launch timed out and was terminated`; the
    // driver/runtime's own status, not a program's exception; torch's ROCm build says `HIP
    // error: invalid argument` for the same refusal)
    // (but a launch whose grid or block the program sized wrongly, `invalid configuration
    // argument`, is the program's own error, whichever library launched it)
    (
        "python_exception",
        r"\binvalid configuration argument\b|\bcudaErrorInvalidConfiguration\b",
    ),
    ("cuda_driver_error", cuda_refusal!()),
    // (a CUDA status raised as its bare number, as a wrapper of CUDA's Python bindings formats
    // it, `RuntimeError: Cuda Error: 222`: the number is CUDA's enum, which names the kind;
    // 2 memory, 98/200/209 no code for the device, 700/716/719 a fault, 710 an assertion, the
    // rest of these the driver: not initialised, too old, no device, an unsupported PTX; a
    // runtime before CUDA 10.1 numbered an illegal address 77 and an assertion 59, as old
    // Faiss prints them, `details: CUDA error 77`)
    ("cuda_oom", r"(?i:\bcuda error:? \(?)2\)?\s*$"),
    (
        "no_kernel_image",
        r"(?i:\bcuda error:? \(?)(?:98|200|209)\)?\s*$",
    ),
    // (a package that ships one build of its extension per architecture finding none for the
    // device: tiny-cuda-nn's `Could not find compatible tinycudann extension for compute
    // capability 75.`)
    (
        "no_kernel_image",
        r"\bCould not find compatible \S+ extension for compute capability \d+",
    ),
    // (a kernel refusing the device it runs on, Nunchaku's `This kernel is not supported on
    // your GPU`: built without code for its architecture; RAFT's `NN_DESCENT cannot be run for
    // __CUDA_ARCH__ < 700`, its code for older GPUs left empty; Kokkos' check at start-up that
    // its kernels run on the device, `Kokkos::Cuda::initialize ERROR: likely mismatch of
    // architecture`: built for another architecture)
    (
        "no_kernel_image",
        r"^This kernel is not supported on your GPU\b|\bcannot be run for __CUDA_ARCH__ < \d+|\bKokkos::\w+::initialize ERROR: likely mismatch of architecture\b",
    ),
    // (CUDA.jl's report of an exception a kernel threw, a bounds check's or an assertion's:
    // `ERROR: a exception was thrown during kernel execution.`, `KernelException: exception
    // thrown during kernel execution on device NVIDIA RTX A5000`)
    (
        "cuda_device_side_assert",
        r"\ban? exception was thrown during kernel execution\b|\bKernelException: exception thrown during kernel execution\b",
    ),
    // (systemd refusing to start one of NVIDIA's daemons, `Job for nvidia-fabricmanager.service
    // failed because the control process exited with error code.`: the driver's fabric, its
    // persistence or its IMEX domain is not up)
    (
        "cuda_driver_error",
        r"^Job for nvidia-[\w-]+\.service failed\b",
    ),
    // (a package that loads its own library for the torch it runs with, finding none built for
    // that version: DGL's `Cannot find DGL C++ graphbolt library at .../libgraphbolt_pytorch_
    // 2.5.1.dylib`)
    // (and cudarc's loader of CUDA's libraries at run time, `Unable to find nvrtc lib under the
    // names [...]`, `Unable to dynamically load the "nvrtc" shared library`; a package built without the framework it binds, Open3D's `Open3D was not
    // built with PyTorch support!`; JAX's check, as it is imported, of the jaxlib beside it,
    // `jaxlib is version 0.3.25, but this version of jax requires version >= 0.4.14.`;
    // transformers asked for an attention its package is missing for, `FlashAttention2 has been
    // toggled on, but ... the package flash_attn seems to be not installed.`; vLLM's copy of
    // FlashAttention built without its compiled kernels, `vllm.vllm_flash_attn requires the CUDA
    // flash attention extensions (_vllm_fa2_C or _vllm_fa3_C)`)
    (
        "import_error",
        concat!(
            r"\bCannot find DGL C\+\+ \w+ library at |\bUnable to find \w+ lib under the names\b|",
            cudarc_unloadable!(),
            r"|\bwas not built with (?:PyTorch|TensorFlow) support\b|\bjaxlib is version [\w.]+, but this version of jax requires version\b|\bthe package \w+ seems to be not installed\b|\brequires the CUDA flash attention extensions\b"
        ),
    ),
    // (R torch's native library, Lantern, that did not load: `Lantern is not loaded. Please use
    // install_torch() ...`, `Torch libraries are installed but loading them was unsuccessful.`;
    // .NET's, `System.DllNotFoundException: Unable to load DLL 'LibTorchSharp' ...`)
    (
        "import_error",
        concat!(
            r_torch_lantern_unloaded!(),
            r"|\bDllNotFoundException\b|\bUnable to load DLL '",
        ),
    ),
    // (FFmpeg's loader of the driver's decode and encode libraries, `Cannot load
    // libnvcuvid.so.1`; VapourSynth naming a plugin it did not load, `No attribute with the name
    // vivtc exists. Did you mistype a plugin namespace?`; Triton Inference Server without the
    // backend a model names, `unable to find 'libtriton_fil.so' for model ...`; Hydra failing
    // to import a configured class, `Error locating target 'x.y.Z'`; TensorFlow's binary without
    // an op a model uses, `Op type not registered 'TRTEngineOp' in binary running on ...`)
    (
        "import_error",
        r"(?:^|\] )Cannot load lib\w+\.so(?:\.\d+)*\s*$|\bDid you mistype a plugin namespace\?|\bunable to find 'libtriton_\w+\.so'|^Error locating target '|\bOp type not registered '\w+' in binary\b",
    ),
    (
        "cuda_illegal_memory_access",
        r"(?i:\bcuda error:? \(?)(?:700|716|719|77)\)?\s*$",
    ),
    (
        "cuda_device_side_assert",
        r"(?i:\bcuda error:? \(?)(?:710|59)\)?\s*$",
    ),
    (
        "cuda_driver_error",
        r"(?i:\bcuda error:? \(?)(?:3|35|100|101|222|802|803|804|999)\)?\s*$",
    ),
    // (a CUDA library that cannot resolve a symbol of another it loads, cuBLAS of cuBLASLt's
    // `Cannot load symbol cublasLtGetVersion`, is two libraries that do not fit: a load failure,
    // not a status a cuBLAS call returned)
    ("import_error", unloadable_symbol!()),
    // (ONNX Runtime's CUDA provider whose libraries did not load, `CUDA_PATH is set but CUDA
    // wasnt able to be loaded`; a compiled extension that never loaded, named when first used,
    // GroundingDINO's `NameError: name '_C' is not defined`, Paddle's `Can not import paddle core
    // while this file exists: .../libpaddle.so`)
    (
        "import_error",
        r"\bCUDA_PATH is set but CUDA wasn'?t able to be loaded\b|\bNameError: name '_C' is not defined\b|\bCan not import paddle core while this file exists\b",
    ),
    // (TensorRT deserialising an engine whose plugin library was not loaded: `Cannot deserialize
    // plugin since corresponding IPluginCreator not found in Plugin Registry`, in later versions
    // `getPluginCreator could not find plugin X version N`; a loader that names the files it
    // tried, `Unable to load any of {libcudnn_ops.so.9.1.0, ...}`; ONNX Runtime's CUDA provider
    // whose library needs one that is missing, `Failed to load library
    // libonnxruntime_providers_cuda.so with error: libcublasLt.so.11: cannot open shared object
    // file`, a load failure whichever library it names)
    // (and Inductor finding no Triton it can use, `Cannot find a working triton installation`,
    // `torch._inductor.exc.TritonMissing`: a package that is not installed, or too old to load;
    // XLA that could not load NCCL, `Unable to load NCCL library. Multi-GPU collectives will not
    // work.`, vLLM's NCCL wrapper, `Failed to load NCCL library from libnccl.so.2.`;
    // CTranslate2's loader of cuBLAS and cuDNN, `Library libcublas.so.12 is not found or cannot
    // be loaded`; JAX's CUDA plugin checking the libraries it needs, `Unable to load cuSPARSE.
    // Is it installed?`, `operation cusparseGetProperty(...) failed: The cuSPARSE library was not
    // found.`)
    (
        "import_error",
        concat!(
            jax_cuda_lib_missing!(),
            r"|Cannot find a working triton installation|\bTritonMissing\b|\bLibrary \S+\.(?:so|dll)\b\S* is not found or cannot be loaded|",
            trt_plugin_unregistered!(),
            r"|Could not load any \w+ library|Unable to load NCCL library|\bFailed to load NCCL library from\b|Unable to load any of \{\S+\.so|Failed to load library \S+ with error: .*cannot open shared object file"
        ),
    ),
    // (bitsandbytes that could not load its CUDA library: `CUDA Setup failed despite GPU being
    // available`; torchvision whose compiled operators did not load into this torch: `operator
    // torchvision::nms does not exist`, and torch's namespace of ops asked for one that no loaded
    // library registered, `No such operator xformers::efficient_attention_forward_cutlass`, and
    // torchvision's check at import that it was built for torch's CUDA, `Detected that PyTorch and
    // torchvision were compiled with different CUDA versions` (PyG's extensions say the same,
    // `... PyTorch and torch_sparse were ...`); Windows' loader that cannot find or start a DLL
    // or one it depends on, in the system's language: `OSError: [WinError 126] The specified module
    // could not be found. Error loading "...\\torch\\lib\\fbgemm.dll" or one of its
    // dependencies.`, ctypes' `Could not find module '...\\x.dll' (or one of its dependencies)`,
    // `[WinError 1114]` for a DLL whose initialisation failed; torch's dispatcher with no CUDA
    // kernel of an op registered, `Could not run 'torchvision::nms' with arguments from the
    // 'CUDA' backend`: a CPU-only build of the package that defines it; the dynamic loader
    // failing on a library's symbols, `libcublas.so.11: undefined symbol: cublasLtGetStatusString`,
    // `symbol free_gemm_select version libcublasLt.so.11 not defined in file ...`: two builds of
    // the libraries mixed, whichever library it names; a feature's check for the package it
    // needs, `Ulysses Attention and Ring Attention requires xfuser package.`, or that asks for
    // it, `DeepGEMM backend is not available or outdated. Please install or update ...`, or
    // that names the package it takes code from, `awq quantization requires some operators from
    // vllm. Please install vllm by ...`;
    // bitsandbytes' fallback to a CPU build it lacks and NumPy 2's refusal of a NumPy 1 build, as
    // their detectors read them)
    // (Windows refusing to map a DLL for want of committable memory, `[WinError 1455] The paging
    // file is too small for this operation to complete. Error loading "...\\cudnn_xx.dll"`: the
    // host's virtual memory is exhausted, often by DataLoader workers each loading torch's CUDA
    // libraries, not a DLL that is missing)
    ("host_oom", r"\[WinError 1455\]"),
    ("import_error", BNB_CPU_FALLBACK),
    ("import_error", NUMPY1_BUILD),
    ("import_error", r"\b_ARRAY_API not found\b"),
    // (a native library a decoder loads at run time: FFmpeg's `Cannot load libnvcuvid.so.1`,
    // DALI's `dlopen "libnvcuvid.so" failed!`)
    (
        "import_error",
        r"(?:^|\] )Cannot load lib\S+\.so[.\d]*\s*$|\bdlopen \x22[^\x22\s]+\.so[.\d]*\x22 failed\b",
    ),
    // (NVENC on a GPU without the encoder, or one the driver does not enable it on)
    ("unsupported_config", NVENC_UNSUPPORTED_DEVICE),
    // (a library built without the backend it was asked to use, TensorFlow's `Tensorflow needs to
    // be built with TensorRT support enabled to allow TF-TRT to operate.`)
    (
        "unsupported_config",
        r"\bneeds to be built with \w+ support enabled\b",
    ),
    // (a package's own check for the native library it loads: DGL's `Cannot find DGL C++
    // graphbolt library at .../libgraphbolt_pytorch_2.3.0.so`, built for another torch)
    (
        "import_error",
        r"\bCannot find [\w+ ]*\blibrary at \S+\.(?:so|dll|dylib)\b",
    ),
    // (and a symbol a loader looked up in a library it had loaded and did not find, jaxlib's
    // `cudaGetErrorString symbol not found` (a name in code's case: CUDA's own `named symbol not
    // found` is a kernel the binary lacks, read above), macOS's `Symbol not found: _x`; TensorRT's check of the
    // kernel library it loads, `Assertion validateCaskKLibSize(buffer.size) failed`, which a
    // mismatched or damaged install fails)
    (
        "import_error",
        r"\brequires (?:the )?[A-Za-z_][\w-]* package\b[._*]*\s*$|\b[A-Za-z_]\w*[A-Z_]\w* symbol not found\b|\bSymbol not found: |^AttributeError: function '[^']+' not found\b|\bvalidateCaskKLibSize\b|\.so[.\d]*: (?:undefined symbol: |symbol \S+ version \S+ not defined in file )|Could not run '[\w:.]+' with arguments from the 'CUDA' backend|CUDA Setup failed despite GPU being available|CUDA SETUP: CUDA detection failed\b|\bCUDA SETUP: Setup Failed!|^Could not find the bitsandbytes CUDA binary at |\bbitsandbytes library load error: |operator torchvision::\w+ does not exist|\bNo such operator \w+::\w+|Detected that PyTorch and \w+ were compiled with different CUDA versions|\[WinError (?:126|127|1114)\]|Could not find module '[^']*\.dll'|Error loading \x22[^\x22]*\.dll\x22|\bis not (?:installed|available)(?: or outdated)?[.,;]? *[Pp]lease (?:install|update)\b|\brequires\b[^.]* from [\w.-]+\. Please install\b",
    ),
    // (cuBLAS's check of a call's arguments, `** On entry to HgemmStridedBatched parameter number
    // 10 had an illegal value`, before the call returns its status)
    // (torch's cuDNN v8 convolution states that no cuDNN engine fits as `GET was unable to find
    // an engine to execute this computation`, or `FIND ...` in benchmark mode; cuDNN's frontend
    // states each error it returns as `[cudnn_frontend] Error: <msg>` (`No execution plans built
    // successfully.`), which llm.c's check macro heads with `[CUDNN ERROR] at file F:N:`;
    // a check of CUTLASS's status, `Expected status == cutlass::Status::kSuccess to be true`
    // (tiny-cuda-nn's, `Got cutlass error: Error Internal at: 394`), or
    // the status's own wording as the whole message, vLLM's `RuntimeError: Error Internal`, or
    // after a CUTLASS runner's words (`Failed to run cutlass FP4 gemm on sm120. Error: Error
    // Internal`); c10 naming CUTLASS's caller as the thrower (`Exception raised from
    // cutlass_gemm_caller at ...`) of a message with no class (`Invalid status`);
    // DeepSpeed's kernels print a failed cuBLAS GEMM as `!!!! kernel execution error.`; XLA's
    // check of the cuDNN it loaded, `Loaded runtime CuDNN library: 8.5.0 but source was compiled
    // with: 8.6.0.`)
    // (and MIOpen's errors, whatever step of its own failed, `MIOpen(HIP): Error [BuildOcl] comgr
    // status = INVALID_ARGUMENT (2)`, as cuDNN's are)
    // (and ROCm's rocBLAS, `rocBLAS error: Cannot read .../TensileLibrary.dat: Illegal seek`, and
    // its hipBLASLt, `rocblaslt error: Could not load .../TensileLibrary_lazy_gfx942.dat`)
    // (and torch's THC before 1.5, `cublas runtime error : unknown error at .../THCBlas.cu:271`)
    // (and jaxlib's wording of a cuSOLVER or cuBLAS status, `RuntimeError: cuSolver internal
    // error`, `operation cublasGetVersion( nullptr, &version) failed: cuBlas internal error`)
    // (and TensorFlow's guess at why it found no convolution algorithm, `Failed to get
    // convolution algorithm. This is probably because cuDNN failed to initialize`)
    // (and torch's own checks of a cuDNN call in its cuDNN bindings, `mha_graph->execute(...)
    // .is_good() INTERNAL ASSERT FAILED at ".../aten/src/ATen/native/cudnn/MHA.cpp":410`)
    // (and the other CUDA math and codec libraries' statuses in the same shape, cuSPARSE's,
    // cuRAND's, nvJPEG's (DALI's decoder: `NVJPEG error "6" : NVJPEG_STATUS_EXECUTION_FAILED`),
    // cuStateVec's, cuTENSOR's; CNTK's wording of one, `CURAND failure 105: ...`; cuSPARSE's
    // check of a call's arguments, `** On entry to cusparseSpMM_bufferSize(): matrix B and C must
    // be in column-major order`; TensorFlow's words for a failed cuBLAS or cuDNN call, `Blas GEMM
    // launch failed : a.shape=...`, `cuDNN launch failure : input shape(...)`)
    // (and XLA's stream executor failing to set up cuDNN, `FAILED_PRECONDITION: DNN library
    // initialization failed.`, as ColabFold reports it under its own guess at the cause)
    // (and CTranslate2's wording of a cuBLAS status, `cuBLAS failed with status
    // CUBLAS_STATUS_NOT_SUPPORTED`, whose status a paste may cut short; fastllm's bare `Error:
    // cublas error.`)
    (
        "cublas_cudnn_error",
        concat!(
            r"\bDNN library initialization failed\b|\bcublas runtime error : |\bINTERNAL ASSERT FAILED at \S*[/\\]native[/\\]cudnn[/\\]|\bOn entry to \w+ +parameter number \d+ had an illegal value\b|",
            math_library_failure!(),
            r"|\bBlas \w+ launch failed\b|\bcuDNN launch failure\b|\brocBLAS error: |\b(?:rocblaslt|hipblaslt|hipBLASLt) error: |(?:CU|HIP)BLAS_STATUS_\w+|CUDNN_STATUS_\w+|cuDNN Frontend error|cu(?:BLAS|blas) error|\bcuBLAS (?:API )?failed with status\b|(?i:fail(?:ed)? to create cublas handle)|cuDNN error|CUSOLVER_STATUS|\bcusolver\w+ failed\b|\b(?:CUSPARSE|CURAND|NVJPEG|CUSTATEVEC|CUTENSORNET|CUTENSOR)_STATUS_[A-Z_]+|\bcu(?:Solver|Blas|BLAS|DNN|Sparse|FFT) internal error\b|CUFFT_|\bError initializing FFT: \d+|",
            cublas_error_at!(),
            "|",
            miopen_error!(),
            r"|cublasLt|CuDNN Compatibility|unable to find an engine to execute this computation|\[cudnn_frontend\] Error|\[CUDNN ERROR\]|!!!! kernel execution error|CUDNN(?:_FE)? failure \d+|\bCUDNN error executing cudnn[A-Z]\w*\(|Loaded runtime CuDNN library: \S+ but source was compiled with|\bcuDNN failed to initialize\b|\bcutlass::Status::k\w+|\bGot cutlass error: |\bException raised from \w*cutlass\w* at |(?:^(?:\w+Error: )?|(?i:cutlass).*\bError: )Error (?:Internal|Misaligned Operand|Invalid Data Type|Invalid Layout|Invalid Problem|Workspace Null|Arch Mismatch|Insufficient Driver)\s*$",
        ),
    ),
    // (c10d's store server gives up on ranks that never connected with `Timed out after N seconds
    // waiting for clients. N/M clients joined.`; a client that never reached the store failed to
    // connect, a network problem, however long it tried: see `nccl_error`)
    // (Gloo's transport states its own timeout: `Timed out waiting 1800000ms for recv operation
    // to complete`, and `Connect timeout` for a peer that never connected at rendezvous, as
    // c10d's store client does; vLLM's executor, that its workers did not answer: `RPC call to execute_model
    // timed out.`; vLLM's V0 engine, that a step did not finish: `Engine iteration timed out`;
    // SGLang's decode side, KV caches that did not arrive in time: `... with exception
    // KVTransferError(...): Request N timed out after 600.0s in KVPoll.WaitingForInput`)
    // (torch 2.5's watchdog states the work it gave up on, `[PG ID 1 PG GUID 1 Rank 1] failure
    // detected by watchdog at work sequence id: 1116 PG status: ...`, a paste may keep only
    // that; and its dump signal's `... from this local rank` may wrap before `rank`)
    // (torch 1.x's watchdog taking the process down, `Some NCCL operations have failed or timed
    // out.`, is a timeout, unless its line goes on to state an NCCL error)
    // (and Gloo's rendezvous store that a peer never wrote to, Horovod's `[horovod/common/gloo/
    // http_store.cc:53] Wait timeout for key(s): 0`, later `Wait timeout after 30 seconds for
    // key(s): 0`)
    (
        "nccl_timeout",
        r"\bWait timeout(?: after \d+ seconds)? for key\(s\): |\bSome NCCL operations have failed or timed out\.(?: Due to [^.]*\.)? *$|^DeepEP [\w ()]*\btimeout\b|DeepEP error: timeout\b|due to a collective timeout from this local\b|\bfailure detected by watchdog at work sequence id\b|Timeout at NCCL work: \d+|Watchdog caught collective|watchdog got stuck for \d+ seconds|[Hh]eartbeat monitor timed out|[Ww]atchdog timeout|collective operation timeout|NCCL (communicator|operation)\b.*timed? ?out|Timeout\(ms\)=\d+\) ran for|DistStoreError.*[Tt]imeout|\[c10d\] waitForInput: (?:socket .* timed out after|poll for socket .* returned 0, likely a timeout$)|waiting for clients\. \d+/\d+ clients joined|Timed out waiting for .*(rank|collective|barrier|store)|barrier.*timed out|Timed out waiting \d+ms for (?:recv|send) operation|RPC call to \w+ timed out|gloo/transport/[\w/.]+:\d+\] Connect timeout|Engine iteration timed out|\bfail to receive KV Cache transfer done signal\b|\bKVTransferError\([^)]*\): Request \S+ timed out after\b",
    ),
    // (c10d's old store-based barrier states ranks that never arrived as `Timed out initializing
    // process group in store based barrier`; DeepEP's kernels raise `DeepEP timeout check failed`
    // behind the exception's type; a rank waiting for rank 0 to publish the communicator's id
    // in the store times out as `retrieving ncclUniqueId from [0] ... got error: Socket Timeout`;
    // JAX's coordination service, whose barrier some task never reached: `DEADLINE_EXCEEDED:
    // Barrier timed out. Barrier_id: PjRT_Client_Connect.`; Ray's compiled graph, whose channel
    // between the driver and a worker got nothing in time, `RayChannelTimeoutError: System error:
    // Timed out waiting for object available to read`: a worker stuck in its step; SGLang's
    // health check, which found the pipeline silent, `Health check failed. Server couldn't get a
    // response from detokenizer for last 20 seconds.`: its hang watchdog)
    (
        "nccl_timeout",
        r"\bRayChannelTimeoutError: .*\bTimed out waiting\b|\bServer couldn't get a response from detokenizer for last \d+ seconds\b|\bDEADLINE_EXCEEDED: Barrier timed out\b|This may indicate a possible application crash on rank \d+ or a network|Timed out initializing process group in store based barrier|: DeepEP timeout check failed|retr(?:ie|ei)ving ncclUniqueId from \[\d+\] .* got error: Socket Timeout",
    ),
    // (DTensor's dispatch of an op, a collective's among them, given no distributed tensor to
    // take its device mesh from: `found no DeviceMesh from dtensor args for
    // c10d.broadcast_.default!`, an op DTensor does not take as called; no collective ran;
    // FSDP's flat parameters, which cannot mix frozen and trained parameters unless it keeps the
    // originals: `` `FlatParameter` requires uniform `requires_grad` ``, a LoRA model wrapped
    // without `use_orig_params=True`)
    (
        "unsupported_config",
        r"\bfound no DeviceMesh from dtensor args for\b|\bFlatParameter`? requires uniform `?requires_grad\b",
    ),
    // (CUDA's refusal to enable peer access twice, or to disable what was not enabled (704,
    // 705), is a program's misuse of the runtime as it sets its devices up, ggml's
    // `ggml_cuda_set_peer_access` on a model reloaded: `CUDA error: peer access is already
    // enabled`)
    (
        "cuda_driver_error",
        r"\bpeer access (?:is already enabled|has not been enabled)\b",
    ),
    // (torch's symmetric memory, which maps its peers' buffers for fused collectives, finding
    // two ranks on one GPU as they meet: `CUDASymmetricMemoryAllocator::rendezvous: detected
    // allocations from overlapping devices from different ranks.`)
    ("nccl_error", r"SymmetricMemory\w*::rendezvous: "),
    // (torch's RPC over TensorPipe: its agent's failure to reach or hear from a peer, `RPC agent
    // for Test0 encountered error when sending outgoing request #0 to Test1: ECONNREFUSED`, and
    // TensorPipe's own checks, `In operator() at tensorpipe/common/ibv.h:172 "": Invalid
    // argument`, as the agents set up their transports; an RPC that got no answer in time, `RPC
    // ran for more than set timeout (180000 ms)`, is a timeout of the communication)
    ("nccl_timeout", r"\bRPC ran for more than set timeout\b"),
    (
        "nccl_error",
        concat!(
            rpc_agent_error!(),
            r"|\bIn operator\(\) at tensorpipe/\S+:\d+ "
        ),
    ),
    // (CUDA's `peer access is not supported between these two devices` (217) comes from the
    // calls that map one GPU's memory into another's, which programs make only to communicate
    // between GPUs: a custom all-reduce's IPC buffers, NCCL's P2P transport;)
    // (MPI is the collective library of TensorRT-LLM's ranks: `Failed: MPI error`, `MPI_ERR_*`;
    // torch before c10d's `NCCL error in:` and CuPy name NCCL's result by number: `NCCL Error 5:
    // invalid usage`; NVSHMEM, DeepEP's transport, reports `FILE:LINE: non-zero status: N`;
    // Mooncake's transfer engine, which moves the KV cache between a disaggregated prefill and
    // decode over RDMA, a buffer its NIC would not register: `Failed to register memory 0x...:
    // Bad address [14]`, and the failures its transports log from their sources,
    // `tcp_transport.cpp:136] Session::writeBody failed. Error: Bad address`)
    // (an RDMA transport's queue pair that would not move to its connected states, `Failed to
    // modify QP to RTR: Connection timed out`, and the statuses the verbs library gives a failed
    // work request, `ibv_wc_status_str`: `local protection error`, `remote access error`,
    // `transport retry counter exceeded`: a transfer between GPUs or hosts failed)
    // (c10d's store client that could not reach the store as the ranks meet: `The client socket
    // has timed out after 60s while trying to connect to (host, port)`, torch 1.x's `connect()
    // timed out. Original timeout was 60000 ms.`, the elastic agent's `RendezvousConnectionError`
    // and `RendezvousTimeoutError` (the nodes that never all joined),
    // a group that never met its peers there: `Unable to meet other processes at the rendezvous
    // store`; XLA's report of an NCCL call that returned an error, `NCCL operation
    // ncclCommInitRank(&comm, ...) failed: internal error`; vLLM's NIXL connector that could not
    // move a KV cache, `NIXL transfer failure: handshake_setup_failed`, and NIXL's own status,
    // `nixlBackendError: NIXL_ERR_BACKEND` as it registers GPU memory with its transport, and its
    // backends' words for memory they would not register, `Can't register memory for unknown
    // device 3`; torch 1.x's `NCCL communicator was aborted.` on the ranks its watchdog tore down)
    (
        "nccl_error",
        concat!(
            nccl_error_trace!(),
            r"|client socket has timed out after|\bFunction: \w+ Line: \d+: NET/OFI |Unable to meet other processes at the rendezvous store|^(?:\w+\.)*\w+Error: connect\(\) timed out\b|Rendezvous(?:Connection|Closed|Timeout)Error|\bNET/IB\w* ?: ?Got completion from peer|NVLink SHARP \(NVLS\)|\bmonitoredBarrier\b|\bmodify QP to (?:INIT|RTR|RTS)\b|\b(?:local (?:length|QP operation|protection)|remote (?:invalid request|access|operation)) error\b|\b(?:transport|RNR) retry counter exceeded\b|\bibv_\w+ failed\b|\(Ib failure: |Error while (?:creating|attaching to) shared memory segment /dev/shm/nccl-|NCCL error|NCCL Error \d+: |Duplicate GPU detected : rank|Test NCCL failure|peer access is not supported|cudaErrorPeerAccessUnsupported|CUDA_ERROR_PEER_ACCESS_UNSUPPORTED|",
            nvshmem_error!(),
            r"|ncclInvalidUsage|ncclSystemError|ncclInternalError|NIXL transfer failure: |\bNIXL_ERR_[A-Z_]+|NCCL operation nccl\w+\(.*\) failed: |ncclUnhandledCudaError|ncclRemoteError|ncclInvalidArgument|NCCL WARN|[\w/.-]+\.(?:cc|cu|h):\d+ WARN |DistBackendError|ProcessGroupNCCL|unhandled system error|unhandled cuda error|Gloo|gloo/transport|c10d|collective mismatch|[Mm]ismatch between collectives|\bMPI error\b|MPI_ERR_[A-Z]|\bUCX +ERROR |\b(?:TL|CL)_[A-Z]+ ERROR |\bFailed to register memory 0x[0-9a-fA-F]+: |\bNCCL communicator was aborted\b|\b(?:[Cc]an't|[Cc]annot|[Uu]nable to) register memory\b|Mooncake memory registration failed|\b\w+_transport\.cpp:\d+\] .*\b(?:failed|[Ee]rror)\b"
        ),
    ),
    // (CUDA's limit of peers a GPU maps, eight: `peer mapping resources exhausted` on a host with
    // more GPUs than that, a driver's limit whatever program enabled peer access; NCCL's
    // `Cuda failure 'peer mapping resources exhausted'` is its own, above)
    ("cuda_driver_error", PEER_MAPPING_LIMIT),
    // (Triton Inference Server states a backend it cannot load as `unable to find backend library
    // for backend 'X'` or `unable to load shared library: <path>: <dlerror>` (the loader's
    // `libgomp-d22c30c5.so.1: cannot allocate memory in static TLS block` among them); checked before
    // Triton's rules: a failed import names the module it looked in, Triton's among them, and
    // `ImportError: cannot import name 'triton_key' from 'triton.compiler.compiler'` is torch and
    // Triton releases that do not fit, not a compiler's failure; NIXL's agent states a backend
    // whose plugin did not load as `getPluginParams: backend 'UCX' not found`; NVRTC missing its
    // builtins library as torch compiles a kernel at run time, `nvrtc: error: failed to open
    // libnvrtc-builtins.so.12.8.`)
    (
        "import_error",
        r"\bnvrtc: error: failed to open \S|unable to find backend library for backend|unable to load shared library|\bcannot allocate memory in static TLS block\b|AppendExecutionProvider_\w+: Failed to load shared library\b|LoadLibrary failed with error \d+|\bPlease install TensorRT libraries as mentioned\b|^Could not load library \S+\. Error(?: code \d+|: )|(?:^|\d)Could not locate \S+\.(?:dll|so[\d.]*)\. Please make sure it is in your library path|ImportError|ModuleNotFoundError|undefined symbol|cannot open shared object file|\.so[.\d]*: cannot read file data\b|No module named|DLL load failed|GLIBC\w*_[\d.]+' not found|version `GLIBC|Failed to import|cannot import name|NIXL is not available|\bgetPluginParams: backend '[^']+' not found",
    ),
    // (Triton's own report of a failed ptxas run is `` `ptxas` failed with error code N: ``; on
    // Windows the PTX it wrote is `...\Temp\tmpXXXX.ptx`; Triton compiles a C launcher for its
    // kernels and states a host with no C compiler as `Failed to find C compiler. Please specify
    // via CC environment variable.`; a lowering that LLVM rejects while Triton compiles a kernel
    // aborts with `LLVM ERROR: <msg>` (`Unsupported rounding mode for conversion.`), the kernel's
    // IR dumped after it: the compiler that failed, not the option its message may call
    // unsupported; Triton's limit on a block's elements, `numel (N) exceeds triton maximum tensor
    // numel (1048576)`, and Inductor's autotuner left with no Triton template that compiles or
    // fits, `NoValidChoicesError`; Triton's ptxas run on Windows, `ptxas.exe` quoted in a list;
    // its language's checks of a kernel's shapes as it compiles, `arange's range must be a power
    // of 2`, `Shape element 0 must be a power of 2`, a bound that is no `tl.constexpr`; the lowering's
    // `Unsupported conversion from bf16 to f16`; its front end's type checks,
    // `triton.language.semantic.IncompatibleTypeErrorImpl: invalid operands of type
    // pointer<int64> and triton.language.int32`; its launcher's `Triton Error [CUDA]: ...`, not
    // the Inference Server's client's `Triton Error while executing ...`)
    (
        "triton_error",
        r"Internal Triton PTX codegen error|\btriton\.language\.semantic\.\w+: |\btl\.(?:static_range|constexpr)\b|^Unsupported conversion from \w+ to \w+\s*$|arange's range must be a power of 2|arange's arguments must be of type tl\.constexpr|Shape element \d+ must be a power of 2|exceeds triton maximum tensor numel|NoValidChoicesError|\bTriton compilation failed: |No valid triton configs|'sm_\d+[a-z]?' is not a recognized processor for this target|Kernel requires a runtime memory allocation, but no allocator was set|LLVM ERROR: |Pipeline failed while executing \[`\w*Triton|Failures have been detected while processing an MLIR pass pipeline|Failed to find C compiler\b|OutOfResources|out of resource: (shared memory|registers)|ptxas /tmp/\S+\.ptx, line \d+; error|ptxas /tmp/compile-ptx-src-\w+, line \d+; (?:error|fatal)|ptxas \S*[\\/]tmp\w+\.ptx, line \d+; (?:error|fatal)|`ptxas` failed with error code|mlir::triton::|CalledProcessError: Command '(?:\[')?[^']*ptxas(?:\.exe)?(?:'|\s)|^loc\(.*\): error:|PTXASError|triton\.compiler|CompilationError|triton\.runtime|Triton Error \[|PassManager::run failed|triton_ops/|/triton/(?:compiler|runtime|language|backends)/|(?:^|[\s/])triton/lib/\S+\.cpp:\d+",
    ),
    // (Triton's MLIR passes name the op they reject by its dialect: `error: 'tt.dot' op ...`,
    // `'ttg.convert_layout' op ...`, when the `loc(...)` before it is cut off; an assertion of
    // the LLVM that Triton downloads and compiles with, `~/.triton/llvm/.../Casting.h:566: ...
    // Assertion `isa<To>(Val) && ...' failed.`; LLVM's `UNREACHABLE executed at .../lib/Dialect/
    // TritonGPU/Transforms/HoistTMEMAlloc.cpp:418!` in one of Triton's passes; MLIR's verifier at a
    // kernel's line and column in its Python source, `wy_fast.py:208:39: error: operand #2 does
    // not dominate this use`: no other compiler places a diagnostic in a `.py` file by column)
    (
        "triton_error",
        r"error: '(?:tt|ttg|ttng|triton_gpu|triton_nvidia_gpu)\.\w+' op\b|/\.triton/llvm/\S+: .*Assertion\b|\bUNREACHABLE executed at \S*(?:Triton|triton)|\.py:\d+:\d+: error: |\berror: operand #\d+ does not dominate this use\b",
    ),
    // (torch's caching allocator asks NVML for the device's memory as it handles an allocation
    // that failed, and asserts when NVML cannot answer: `NVML_SUCCESS == r INTERNAL ASSERT FAILED
    // at ".../CUDACachingAllocator.cpp":830`, an out-of-memory that its own report hides)
    (
        "cuda_oom",
        r"NVML_SUCCESS == r INTERNAL ASSERT FAILED at \S*CUDACachingAllocator",
    ),
    // (torch.distributed.checkpoint's planner rejects a saved tensor whose shape differs from the
    // model's or optimizer's: `Size mismatch between saved torch.Size([..]) and current: ...`;
    // vLLM's loader lists the parameters no checkpoint tensor filled: `Following weights were not
    // initialized from checkpoint: {...}`; TensorRT-LLM's parameter setter refuses a converted
    // checkpoint's tensor of another shape: `The value updated is not the same shape as the
    // original. Updated: (..), original: (..)`; llama.cpp's loader a GGUF file that lacks a
    // tensor, holds one of another shape or is cut short: `error loading model: missing tensor
    // 'blk.0...'`, `create_tensor: tensor '...' not found`, `data is not within the file bounds`;
    // the older GGJT loader's `llama.cpp: tensor 'tok_embeddings.weight' is missing from model`),
    // or cannot open: `gguf_init_from_file: failed to open GGUF file '...'`, or whose metadata
    // lacks a key the architecture needs: `error loading model hyperparameters: key not found in
    // model: gemma3.attention.layer_norm_rms_epsilon`; Candle's `cannot find tensor <name>`;
    // ggml's reader of a file cut short, `error loading model: unexpectedly reached end of file`;
    // safetensors' header it cannot read, `Error while deserializing header: HeaderTooLarge`,
    // which a server's logger may state without its `SafetensorError`)
    // (and Megatron's distributed checkpoint that does not fit what it is loaded into,
    // `megatron.core.dist_checkpointing.core.CheckpointingException: Cannot find global shape
    // metadata for N-D flattened tensor ...`, `... Global shape mismatch ...`; Megatron-Bridge's
    // import of a Hugging Face checkpoint, `ValueError: Shape mismatch for megatron param
    // decoder.layers.1.mlp.linear_fc2.weight:`; llama.cpp's converter meeting a tensor it has no
    // name for, `ValueError: Can not map tensor 'lm_head.weight'`; a loader's lookup in the
    // checkpoint's files, `Key output.weight_scale_inv not found in Safetensor files`;
    // TensorRT's builder given a layer's weights of another shape, `[Convolution]: kernel weights
    // has count 5376 but 32640 was expected`)
    (
        "weight_load_error",
        r"\bCan not map tensor '|\bnot found in [Ss]afetensors? files?\b|\bkernel weights has count \d+ but \d+ was expected\b|\bdist_checkpointing\S*\.CheckpointingException: |size mismatch for|\bShape mismatch for (?:\w+ )?param\b|error loading model: unexpectedly reached end of file|\bcannot find tensor \S|weights were not initialized from checkpoint|[Mm]issing key\(s\)|Missing key in checkpoint state_dict|[Uu]nexpected key\(s\)|Error\(s\) in loading state_dict|copying a param with shape|weights missing from checkpoint|SafetensorError(?:: Error while deserializing|: [^E]|\s*$)|^Error while deserializing header: [A-Z]\w+|[Ww]eight.*shape mismatch|shape mismatch.*weight|checkpoint.*(corrupt|incomplete)|is not found in (the )?(checkpoint|state dict)|^(?:RuntimeError: )?weight \S+ does not exist|Size mismatch between saved \S+|The value updated is not the same shape as the original|error loading model: (?:missing tensor '|wrong number of tensors|(?:llama\.cpp: )?tensor '[^']+' (?:has wrong shape|data is not within the file bounds|is missing from model)|create_tensor: tensor '[^']+' not found)|\bfailed to open GGUF file\b|error loading model hyperparameters: key not found in model: ",
    ),
    // (transformers states a checkpoint it cannot read as `Unable to load weights from pytorch
    // checkpoint file`, a missing shard as `does not appear to have a file named X.safetensors`;
    // accelerate, a tensor whose shape differs from the model's: `Trying to set a tensor of shape
    // ... this looks incorrect`, or that the model has no place for: `QuantLinear() does not
    // have a parameter or a buffer named g_idx.`; torch, a truncated or corrupt `.pt`: `PytorchStreamReader failed
    // reading zip archive`, and since 2.6 a pickle its default `weights_only` load refuses:
    // `Weights only load failed`); vLLM's loader, a checkpoint tensor the model has no place for:
    // `There is no module or parameter named 'X' in <Model>` (a paste may wrap it after `named`),
    // and its loader of a tensor another size than the parameter's, `Tried to load weights of
    // size torch.Size([..])to a parameter of size torch.Size([..])`; bitsandbytes', a quantized
    // weight whose checkpoint lacks its quantization state, `Supplied state dict for X does not
    // contain `bitsandbytes__*` and possibly other `quantized_stats` components`; TensorRT-LLM's
    // model, the tensors
    // a converted checkpoint lacks: `Required but not provided tensors:{...}`; vLLM's LoRA
    // loader, an adapter whose modules the model does not take: `While loading <path>, expected
    // target modules in [...] but received [...]`, its own rule below; a tool reading a
    // checkpoint's tensors by name and missing one, `KeyError: 'model.embed_tokens.weight'` (or
    // its message alone, as vLLM's engine logs it: `ERROR ... engine.py:366] 'lm_head.weight'`);
    // ONNX Runtime that cannot parse a model file, `INVALID_PROTOBUF`, `Protobuf parsing failed`)
    ("weight_load_error", VLLM_LORA_TARGETS),
    (
        "weight_load_error",
        r"Weights only load failed\b|Required but not provided tensors\b|\bdoes not have a parameter or a buffer named \S|Attempted to load weight \(torch\.Size\(|Unable to load weights from \S+ checkpoint|does not appear to have a file named \S*\.(?:safetensors|bin|pt|pth)\b|Trying to set a tensor of shape .* this looks incorrect|PytorchStreamReader failed|There is no module or parameter named(?: '[^']+' in \w+|$)|\bTried to load weights of size torch\.Size\(|Supplied state dict for \S+ does not contain `bitsandbytes|^(?:KeyError: )?'[\w.]+\.(?:weight|bias)'$|\bINVALID_PROTOBUF\b|\bProtobuf parsing failed\b",
    ),
    // (Marlin's `Invalid thread config: thread_m_blocks = N, thread_k = -1, ...`: no kernel
    // configuration it was built with fits the layer's shape; a value over a limit the server
    // was started with, `LoRA rank 32 is greater than max_lora_rank 16`; the set a check allows,
    // `Only {'triton', 'fa4'} backends are supported on Blackwell GPUs for ...`; a feature the
    // GPU is too old for, `Device compute capability 8.9 or higher required for FP8 execution.`,
    // as `Bfloat16 is only supported on GPUs with compute capability of at least 8.0` is)
    // (Python's own TypeErrors for operands a program did not expect, `unsupported operand
    // type(s) for +: 'NoneType' and 'str'`, `'<' not supported between instances of ...`: a bug
    // or a missing value, not a configuration the program refuses; DDP's `Expected to mark a
    // variable ready only once`, a parameter a model used twice in one backward pass, whose
    // advice says `DDP does not support such use cases`, and its `Expected to have finished
    // reduction in the prior iteration`, parameters that produced no loss)
    (
        "python_exception",
        r"unsupported operand type\(s\) for|not supported between instances of|unsupported format character|^thread '[^']*' panicked at |Expected to mark a variable ready only once|Expected to have finished reduction in the prior iteration\b",
    ),
    // (a runtime reading a configuration a different version wrote, which lacks a key it needs:
    // nlohmann::json's `[json.exception.out_of_range.403] key 'builder_config' not found` as
    // TensorRT-LLM's backend reads an engine's `config.json`; TensorRT's plugin builder finding
    // no format of a plugin for the data types asked, `PLUGIN_V2_Gemm_0: could not find any
    // supported formats consistent with input/output data types`; vLLM refusing a model whose
    // layers need KV caches of several kinds when its hybrid KV-cache manager is off; llama.cpp
    // older than a model's architecture: `error loading model architecture: unknown model
    // architecture: 'gemma4'`; transformers older than a model's tokenizer class: `Tokenizer class
    // Qwen2Tokenizer does not exist or is not currently imported.`, and vLLM's fallback to it for an
    // architecture it does not have: `'X' is not a registered model in the Transformers library`)
    (
        "unsupported_config",
        r"unknown model architecture: '|is not a registered model in the Transformers library|\bTokenizer class \S+ does not exist or is not currently imported|json\.exception\.out_of_range\.403\] key '[^']+' not found|could not find any supported formats consistent with input/output data types|Hybrid KV cache manager is disabled but",
    ),
    // (among them TensorRT-LLM's runtime refusing an engine built without what in-flight
    // batching needs: `TrtGptModelInflightBatching requires GPT attention plugin with packed
    // input and paged KV cache.`; vLLM's parallel sizes against the GPUs a node has: `Tensor
    // parallel size (2) cannot be larger than the number of available GPUs (1)`; a kernel's
    // check worded without its verb, `size_k must divisible by BLOCK_SIZE_K`)
    (
        "unsupported_config",
        r"^not implemented: \S|[Cc]apability \S+ or (?:higher|newer|above|greater)\b|InflightBatching requires |mpiSize == tp \* pp|MPI worldSize is expected to be equal to tp\*pp|MPI size \d+ != TP size|Engine world size \(.*\) != Runtime world size|does not recognize this architecture|(?:not|n't) supported|Failed to find a kernel that can implement the|require hardware with FP8 support|[Uu]nsupported|NotImplementedError|No valid attention backend|requires SM|(?:is|are) only supported|[Nn]ot implemented for|Unknown (quantization|model|architecture)|model type .* but Transformers|Please use `--|is not a valid|is not available for|must be (?:evenly )?(one of|divisible)|\bmust divisible by\b|\bnot divisible by|\bworld_size \(\d+\) is not equal to|invalid (value|choice)|\bnot found\. Available \w+: |Assertion error (?:\(.*\): |\S+:\d+ ')Unknown recipe|is not compatible with|\b[Oo]nly (?:\S+ ){1,6}(?:is|are) supported\b|\bonly supports (?:[\w()/-]+,? ){1,6}(?:and|or) \w+|(?i:not) currently supported|(?:isn't|is not|aren't|are not) supported yet|\b(?:(?:does|do) (?i:not)|doesn't|don't) (?:yet )?support\b|is not aligned with the quantized weight shape|Invalid thread config|is (?:greater|larger) than (?:the (?:derived )?)?max_\w+|\bcannot be (?:larger|greater) than the number of (?:available )?(?:GPUs|devices)\b|\bonly supports? (?:Hopper|Ampere|Blackwell|Ada)(?:\.|$| \()",
    ),
    // (a cluster with no node of the resources asked for, Ray's autoscaler: `Error: No available
    // node types can fulfill resource request {'GPU': 1.0}`; a GPU short of a kernel's resources,
    // TensorRT-LLM's `GPU lacks the shared memory resources to run GroupedGEMM kernel`; a model
    // config's RoPE scaling in a schema this version does not read, `rope_scaling should have a
    // 'rope_type' key`; torch built without the collective backend asked for, `Distributed
    // package doesn't have NCCL built in`; vLLM's attention backend asked for a kind of attention
    // it lacks, an embedding model's, `AttributeError('Invalid attention type encoder_only')`;
    // fastllm's for an architecture it lacks, `FastLLM Error: Unsupport graph model type
    // qwen3_5_moe`)
    (
        "unsupported_config",
        r"\bNo available node types can fulfill resource request\b|\bGPU lacks the \w+(?: \w+)? resources to run\b|\brope_scaling\W* (?:should have|must (?:be|have|contain))\b|\bDistributed package doesn't have \w+ built in\b|\bInvalid attention type \w+|\b[Uu]nsupport (?:graph )?model type\b",
    ),
    // (FlashAttention's backward pass for large heads, which needs the shared memory of the
    // data-centre GPUs: `FlashAttention backward for head dim > 64 requires A100 or H100 GPUs`,
    // `... requires A100/A800 or H100/H800`)
    (
        "unsupported_config",
        r"\brequires (?:an? )?(?:A100|H100|Ampere|Hopper|Blackwell)\b",
    ),
    // (TensorRT's ONNX parser meeting an op it has no importer or plugin for: `In function
    // importFallbackPluginImporter:` then `Assertion failed: creator && "Plugin not found, are
    // the plugin name, version, and namespace correct?"`)
    ("unsupported_config", TRT_NO_PLUGIN),
    // (transformers' trainer refusing to train weights that are all quantised, `You cannot perform
    // fine-tuning on purely quantized models`: adapters the configuration lacks)
    // (and DeepSpeed's and accelerate's checks of a DeepSpeed config against the run's own
    // arguments and schema: `Please correct the following DeepSpeed config values that mismatch
    // TrainingArguments values:`, `3 validation errors for DeepSpeedZeroConfig`, `Please specify
    // the ZeRO optimization config in the DeepSpeed config.`, `When using `deepspeed_config_file`,
    // the following accelerate config variables will be ignored`, a value left `auto` that
    // nothing filled, `Please specify `x` without `auto` (set to correct value)`; Lightning's
    // refusal of an option combination, `MisconfigurationException: ...`)
    (
        "unsupported_config",
        concat!(
            r"cannot perform fine-tuning on purely quantized models|\bvalidation errors? for DeepSpeed\w*Config\b|\bMisconfigurationException: \S|",
            deepspeed_config_check!()
        ),
    ),
    // (vLLM refusing an attention backend a model cannot run on, `Please use Flashinfer backend
    // for models with logits_soft_cap (i.e., Gemma-2)`; Transformer Engine finding none of its
    // attention backends able to run the inputs, `No dot product attention backend is available
    // for the provided inputs`; torch's scaled_dot_product_attention likewise, with the backends
    // it was allowed, after a warning per backend saying why: `No available kernel. Aborting
    // execution.`)
    (
        "unsupported_config",
        r"\bPlease use \w+ backend for models with|\bNo dot product attention backend is available for the provided inputs|\bNo available kernel\.(?: +Aborting execution\b|\s*$)",
    ),
    // (the wordings config checks share: a size that `must be a multiple of` or `must divide`
    // another, a feature `not yet supported`, two options that are `incompatible`, transformers'
    // `Unrecognized configuration class` for a model it has no class for, a feature that `can
    // only be enabled on` some GPUs or `requires sm75+`; TensorRT's `setInputShape` refuses an
    // input the engine was not built for, outside every optimization profile (`satisfyProfile
    // Runtime dimension does not satisfy any optimization profile`, TensorRT 10: `... does not
    // satisfy any optimization profiles`) or against a static dimension (`Static dimension
    // mismatch while setting input shape`): a request over the limits the engine was built with;
    // its builder, finding no kernel for a layer under the build's precision and workspace:
    // `Could not find any implementation for node X`; argparse refusing an option this
    // version does not have, `prog: error: unrecognized arguments: --x`, or a value it does not
    // offer, `error: argument --x: invalid choice: 'y'`; a feature's check of the library
    // version it needs, `cuDNN FP4 requires backend version >= 91002, found 90701`, and
    // TensorRT's of the version that built an engine, `The engine plan file is not compatible
    // with this version of TensorRT`, also where a paste cut it there, or of its serializer,
    // `Serialization assertion stdVersionRead == kSERIALIZATION_VERSION failed.Version tag does
    // not match` (`serializationVersion` in later releases), and TensorRT-LLM's
    // runtime's check that it read the engine, `Failed to deserialize cuda engine` (an engine
    // from another TensorRT-LLM, whose message TensorRT printed above); FlashInfer's dispatch of a
    // kernel it was not built with, `failed to dispatch with dtype Half`, `failed to dispatch
    // head_dim 256`, and its tile check, `FlashInfer Internal Error: Invalid configuration`;
    // vLLM's `GGUF quantization hasn't supported tensor parallelism yet`; TensorRT-LLM's runtime
    // given an engine built for other settings or by another version: `The engine is built with
    // remove_input_padding=True and max_num_tokens=128, while trying to ...`, an input the
    // runtime feeds that the engine does not have, `Input tensor 'host_sink_token_length' not
    // found; expected shape: (1)`)
    (
        "unsupported_config",
        concat!(
            r"\b[Ee]ngine (?:is|was) built with \S.{0,200}\bwhile trying\b|",
            trtllm_missing_input!(),
            r"|\brequires (?:\w+ )?version >= ?[\w.]+,? (?:but )?found [\w.]+|engine plan file is not compatible\b|Serialization assertion stdVersionRead == \w+ failed|\bVersion tag does not match\b|Failed to deserialize cuda engine\b|Could not find any implementation for node|\bfailed to dispatch (?:with dtype \w+|(?:head_dim|head dim|group_size|page_size|pos_encoding_mode|mask_mode) \d+)|FlashInfer Internal Error: Invalid configuration\b|\bhas(?:n't| not) supported \S+(?: \S+)* yet\b|(?i:\bonly supports? head ?(?:size|dim(?:ension)?)s? \d)|\bhead_?(?:size|dim) == \d+ \|\||\bmodel_type:? '[^']*' (?:is )?not in\b|must be a multiple of|is not a multiple of|\bmust be (?:a )?power of (?:2|two)\b|must divide|not yet supported|is incompatible with|are incompatible\b|Unrecognized configuration class|Unrecognized (?:model|(?:image |video )?processor|feature extractor) in |can only be (?:used|enabled|run)\b|\bcannot be used with\b|cannot be (?:used|enabled|run) except (?:on|with)\b|(?i:\brequires? sm_?\d{2,3})|does not satisfy any optimization profile|Static dimension mismatch while setting input shape|: error: unrecognized arguments: |: error: argument [\w/-]+: invalid choice: "
        ),
    ),
    // (a `CHECK` of an NCCL call's status, `Check failed: dynload::ncclGroupEnd() ==
    // ncclSuccess (1 vs. 0)`: the collective library failed, whatever the check does next)
    ("nccl_error", r"Check failed: .*\bnccl[A-Z]\w*\("),
    // (CuPy's binding of NCCL raising NCCL's own status, `cupy_backends.cuda.libs.nccl.NcclError:
    // NCCL_ERROR_INTERNAL_ERROR: internal error`, as Ray's compiled graphs' channels use it)
    ("nccl_error", r"\bNcclError: NCCL_ERROR_[A-Z_]+\b"),
    // (cuda-python's status of a runtime call as TensorRT-LLM's `CUASSERT` raises it, `CUDA
    // ERROR: 2, error code reference: ...`: 2 is cudaErrorMemoryAllocation)
    ("cuda_oom", r"\bCUDA ERROR: 2, error code reference\b"),
    // (a CUDA call's failure stated by its number alone, decord's `CUDA error 3000 at line 341
    // in file F`, VPF's `CUDA error with code -2072787712` / `No error string available`: the
    // driver's or the codec's, not a kernel's, which CUDA names)
    (
        "cuda_driver_error",
        r"\bCUDA error -?\d+ at line \d+ in file\b|\bCUDA error with code -?\d+\b",
    ),
    // (glog's fatal `CHECK`, `F0105 ... nccl_all_reduce_thunk.cc:175] Check failed:
    // reduction_kind.has_value()`, its prefix read off the line: it aborts the process)
    // (faulthandler on Windows names the structured exception that stopped the process,
    // `Windows fatal exception: access violation`, as `Fatal Python error: Segmentation fault`
    // elsewhere; not its `code 0xe06d7363` of a C++ exception a handler may still catch)
    (
        "process_crash",
        concat!(
            r"Segmentation fault|Segfault encountered|SIGSEGV|\breceived signal SIGFPE\b|Fatal Python error|^Windows fatal exception: (?:access violation|stack overflow|illegal instruction|in page error|(?:int|integer|float) divide by zero)\b|",
            windows_exception!(),
            "|",
            glibc_heap!(),
            r"|core dumped|\*\*\* Process received signal \*\*\*|^Illegal instruction\s*$|\bAborted(?: \(core dumped\))?\.?\s*$|^Aborted\b|SIGABRT|SIGBUS|Bus error|signal 11|Caught signal \d+ \(|Floating point exception|MPI_ABORT was invoked|terminate called|Unhandled exception caught in c10/util/AbortHandler|exits with return code = -(?:4|6|7|8|11)\b|\.service: [Mm]ain process exited, code=|",
            ray_node_dead!(),
            "|",
            stub_process_dead!(),
            r"|\buncaught exception of type std::|what\(\):\s+std::bad_\w+\s*$|Received (?:Signals\.SIGHUP|1) death signal|Engine loop has died|MQLLMEngine is already dead|\.(?:cc|cpp|h|hpp):\d+\]?:? +Check failed: |^\s*Check failed: "
        ),
    ),
    // (torch's DataLoader states a worker's fatal signal in lower case: `Unexpected segmentation
    // fault encountered in worker.`, `... bus error ...`)
    ("process_crash", worker_signal!()),
    // (Ollama's report that its runner died, `llama runner process has terminated: exit status
    // 2`, `... : CUDA error` with no CUDA words for which: a process's death, where no rule
    // before this one read a cause in its reason; and a Windows process's exit code that is an
    // exception's status, 0xC0000000 and up: `process 0 terminated with exit code 3221225620`,
    // 0xC0000094, a division by zero, `-1073741819`, 0xC0000005, an access violation)
    (
        "process_crash",
        r"\brunner process has terminated: |\bexit code (?:32212\d{5}|-10737\d{5})\b",
    ),
    // (a GGUF file with a tensor type newer than the build, or another fork's: a model this
    // version does not support)
    ("unsupported_config", GGML_UNKNOWN_TYPE),
    // (and ggml's own check of a tensor's type number when it reads one it does not know,
    // `GGML_ASSERT(type >= 0 && type < GGML_TYPE_COUNT) failed` (a model of a newer format,
    // gpt-oss's MXFP4, in an older build); vLLM's Punica LoRA kernels built for no such layer
    // size, `No suitable kernel. h_in=8 h_out=18944 dtype=Float out_dtype=BFloat16`)
    (
        "unsupported_config",
        r"\bGGML_ASSERT\(type >= 0 && type < GGML_TYPE_COUNT\) failed|\bNo suitable kernel\. h_in=\d+ h_out=\d+",
    ),
    // (vLLM's model runner needs unified virtual addressing over pinned host memory, which WSL2
    // and some containers do not give: `RuntimeError: UVA is not available`)
    ("unsupported_config", r"\bUVA is not available\b"),
    // (and the older GGJT loader's `error loading model: unrecognized tensor type 4`: a file
    // quantised in a type this build does not know)
    (
        "unsupported_config",
        r"\berror loading model: unrecognized tensor type \d+",
    ),
    // (pip's report of the requirements an install left unmet: the install's problem)
    ("build_error", PIP_CONFLICTS),
    // (Open MPI's runtime that did not start: not a collective library's failure, the launcher's)
    ("process_crash", OMPI_START_FAILED),
    ("process_crash", OMPI_REMOTE_SHELL),
    ("process_crash", OMPI_CMA_READ),
    // (a kernel library's host-side check of its inputs, as DeepGEMM and TVM FFI state it:
    // `Assertion error (csrc/utils/layout.hpp:108): sf.size(-1) == ...`, a shape or layout the
    // kernel does not take, when no rule above knows its condition)
    (
        "unsupported_config",
        r"Assertion error \([^)]*\.(?:hpp|h|cuh|cpp|cc):\d+\):",
    ),
    // (a Go program's panic, `panic: <message>` above its goroutines' stacks, when no rule above
    // knows its message: the process aborted on it)
    ("process_crash", GO_PANIC),
    // (gRPC's status for a server process whose connection ended mid-call, `rpc error: code =
    // Unavailable desc = error reading from server: EOF`: LocalAI's backend that died as it
    // loaded a model; what killed it is not in the caller's log)
    (
        "process_crash",
        r"\brpc error: code = Unavailable desc = error reading from server: EOF\b",
    ),
    ("python_exception", r"(Error|Exception)\b"),
];

/// A Go program's panic, as its runtime prints it before the goroutines' stacks.
const GO_PANIC: &str = r"^panic: \S";

// Each built on first use, in ASCII form for ASCII text: most messages stop at an early class.
static CLASS_RES: LazyLock<Vec<(&'static str, AsciiFirst)>> = LazyLock::new(|| {
    CLASSES
        .iter()
        .map(|(c, p)| (*c, AsciiFirst::matcher(*p)))
        .collect()
});

/// A message that is only a source file and a line (`/spconv/src/spconv/indice.cu 165`).
static PLACE_ONLY: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^\S+\.(?:cuh?|cc|cpp|c|h|hpp)[ :]\d+$"));

/// The class of an error from its message alone, if any rule knows it.
pub fn class_of(text: &str) -> Option<&'static str> {
    // (a log repeats its messages, from every rank and every step, and several checks ask the
    // class of one message: the answer of each text is remembered, per thread, bounded)
    CLASS_MEMO.with_borrow_mut(|memo| memo.get_or_make(text, || class_scan(text)))
}

thread_local! {
    /// [`class_of`]'s answers by text.
    static CLASS_MEMO: std::cell::RefCell<crate::memo::TextMemo<Option<&'static str>>> =
        std::cell::RefCell::new(crate::memo::TextMemo::new(1 << 12));
}

/// Every class rule in order, the first that matches naming the class.
fn class_scan(text: &str) -> Option<&'static str> {
    CLASS_RES
        .iter()
        .find(|(_, re)| re.is_match(text))
        .map(|(c, _)| *c)
}

/// Whether `text` is of `class` ([`class_of`]), asked first of that class's own rule: most
/// messages are not, and one regex says so where [`class_of`] would try every earlier class.
pub fn is_class(text: &str, class: &str) -> bool {
    has_class_words(text, class) && class_of(text) == Some(class)
}

/// Whether one of `class`'s own rules matches `text`, whatever an earlier class's would say: a
/// cheap test of two messages' kind (an out-of-memory stated by a C++ check and by Python).
pub fn has_class_words(text: &str, class: &str) -> bool {
    CLASS_RES
        .iter()
        .any(|(c, re)| *c == class && re.is_match(text))
}

/// One of the hints torch prints after every CUDA error it raises.
fn is_torch_cuda_hint(text: &str) -> bool {
    text.contains("TORCH_USE_CUDA_DSA")
        || text.contains("CUDA kernel errors might be asynchronously reported")
        || text.contains("consider passing CUDA_LAUNCH_BLOCKING")
        // (and its ROCm build's: `HIP kernel errors might be ...`, `For debugging consider
        // passing AMD_SERIALIZE_KERNEL=3`, `Compile with TORCH_USE_HIP_DSA ...`)
        || text.contains("TORCH_USE_HIP_DSA")
        || text.contains("HIP kernel errors might be asynchronously reported")
        || text.contains("consider passing AMD_SERIALIZE_KERNEL")
        || text.contains("Search for `cuda")
        // (a Markdown paste eats the backtick)
        || text.contains("Search for cudaError")
}

/// Ray's report that a worker process died (`A worker died or was killed while executing a
/// task`, `The actor died because its worker process has died`, `The actor died unexpectedly
/// before finishing this task`), and vLLM's executor's (`Worker proc VllmWorker-3 died
/// unexpectedly, shutting down executor.`) and V1 client's (`Engine core proc EngineCore_DP1
/// died unexpectedly, shutting down client.`).
pub fn is_worker_death(text: &str) -> bool {
    worker_death_in(Found::of(&*BENIGN_WORDS, text.as_bytes()))
}

fn worker_death_in(b: Found) -> bool {
    ((b.has(B::WORKER_PROC) || b.has(B::ENGINE_CORE_PROC)) && b.has(B::DIED_UNEXPECTEDLY))
        || b.has(B::WORKER_PROCESS_DIED)
        || b.has(B::WORKER_DIED_KILLED)
        // (Ray's ActorDiedError when it knows nothing of why: `The actor died unexpectedly
        // before finishing this task.`)
        || b.has(B::ACTOR_DIED)
        // (and the task that waited on an actor that died, `ray.exceptions.RayTaskError(
        // ActorDiedError): ray::main_task() ...`, where a paste cut the actor's own report)
        || b.has(B::RAY_TASK_ACTOR_DIED)
        // (and Ray's loss of a whole node, with every worker on it)
        || b.has(B::NODE_DEAD)
}

/// The path of a traceback frame (`File "<path>", line N, in <function>`).
fn frame_path(frame: &str) -> Option<&str> {
    let (_, rest) = frame.split_once("File \"")?;
    rest.split_once('"').map(|(path, _)| path)
}

/// The innermost traceback frame of an event (not a source line kept below it: a bare
/// `AssertionError` keeps its `assert`, see `Triage::feed_levelled`).
fn innermost_frame(ev: &Event) -> Option<&str> {
    ev.frames
        .iter()
        .rev()
        .map(String::as_str)
        .find(|f| frame_path(f).is_some())
}

/// The file name that ends a path, with either separator.
fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// Whether a traceback frame is in a module that checks a server's arguments or a model's
/// configuration.
fn is_config_check_frame(frame: &str) -> bool {
    let Some(path) = frame_path(frame) else {
        return false;
    };
    let name = file_name(path);
    matches!(name, "server_args.py" | "arg_utils.py" | "config.py")
        || (name.starts_with("configuration_") && name.ends_with(".py"))
        || path.contains("/vllm/config/")
}

/// Modules of libraries whose exceptions are all of one class (a whole path's end, or a
/// directory), and that class.
const RAISING_MODULES: &[(&str, &str)] = &[
    // c10d's collectives, its rendezvous and stores, and the frameworks' own communicators
    ("/torch/distributed/distributed_c10d.py", "nccl_error"),
    ("/torch/distributed/utils.py", "nccl_error"),
    ("/torch/distributed/rendezvous.py", "nccl_error"),
    ("/torch/distributed/elastic/rendezvous/", "nccl_error"),
    ("/device_communicators/", "nccl_error"),
    // torch's and DeepSpeed's extension builders, FlashInfer's and DeepGEMM's JIT compilers
    ("/torch/utils/cpp_extension.py", "build_error"),
    ("/deepspeed/ops/op_builder/", "build_error"),
    ("/flashinfer/jit/cpp_ext.py", "build_error"),
    ("/deep_gemm/jit/compiler.py", "build_error"),
    // Triton's compiler, whose checks of the kernel it was given assert bare (`assert
    // isinstance(k, tuple)` in `ASTSource`, a caller of another Triton release)
    ("/triton/compiler/", "triton_error"),
    // a package's `setup.py`, which pip runs to build it (a bare name: pip may run it from the
    // package's directory)
    ("setup.py", "build_error"),
];

/// The class of [`RAISING_MODULES`] whose module a traceback frame is in, if any.
fn raising_module(frame: &str) -> Option<&'static str> {
    module_class(&frame_path(frame)?.replace('\\', "/"))
}

/// The class of [`RAISING_MODULES`] whose module a path (with `/` separators) is, if any.
fn module_class(path: &str) -> Option<&'static str> {
    RAISING_MODULES
        .iter()
        .find(|(m, _)| {
            if m.ends_with('/') {
                path.contains(m)
            } else if m.starts_with('/') {
                path.ends_with(m)
            } else {
                // (a file's name, in any directory)
                file_name(path) == *m
            }
        })
        .map(|(_, class)| *class)
}

/// Whether a frame is in an extension builder: one of [`RAISING_MODULES`] whose errors are
/// builds' (torch's `cpp_extension.py`, DeepSpeed's op builders, a package's `setup.py`), or
/// anywhere in FlashInfer's and DeepGEMM's JIT packages.
pub fn in_builder(frame: &str) -> bool {
    // (the frame's path read once, for the table and the JIT packages both)
    frame_path(frame).is_some_and(|p| {
        let p = p.replace('\\', "/");
        module_class(&p) == Some("build_error")
            || p.contains("/flashinfer/jit/")
            || p.contains("/deep_gemm/jit/")
    })
}

/// The class of an exception of unknown words by the module that raised it: a traceback frame
/// (`File "<path>", line N, in <function>`) in one of [`RAISING_MODULES`]. A collective's or a
/// store's failure that says it timed out is a timeout.
fn raising_module_class(frame: &str, text: &str) -> Option<&'static str> {
    let class = raising_module(frame)?;
    // (but DDP's check that every rank built the same model, which `distributed/utils.py`
    // raises, `DDP expects same model across all ranks, but Rank 1 has 212 params, while rank 0
    // has inconsistent 0 params`, is the program's model, not the collective that compared it)
    // (nor torch's arithmetic on mismatched shapes in a communicator's code, `The size of
    // tensor a (33554432) must match the size of tensor b (40701952) at non-singleton dimension
    // 0`: a tensor the program passed, not a collective that failed)
    if class == "nccl_error"
        && (text.contains("expects same model across all ranks")
            || text.contains("must match the size of tensor b")
            || text.contains("appears not to match sizes of the same param in process")
            || text.contains("appears not to match strides of the same param in process"))
    {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    // (but one that timed out connecting never reached its peer or store: a network problem)
    if class == "nccl_error"
        && (lower.contains("timed out") || lower.contains("timeout"))
        && !lower.contains("connect")
    {
        return Some("nccl_timeout");
    }
    Some(class)
}

/// Classifies the elected event, reading its message first, then its context and frames.
pub fn classify(ev: &Event, has_device_assert: bool) -> &'static str {
    let text = without_guessed_causes(ev.text.as_str());
    // A kernel library's JIT checking the toolkit it compiles with (DeepGEMM's `Assertion error
    // (.../jit/compiler.hpp:187):`, then its condition `... "NVCC version should be >= 12.3"`),
    // or the exit code of the compiler it ran (`Assertion error (.../jit/kernel_runtime.hpp:45):
    // exit_code == 0`): the build's toolchain, not the kernel's input.
    if text.contains("Assertion error (")
        && (ev.continued().to_ascii_lowercase().contains("nvcc version")
            || (text.contains("/jit/") && text.contains("exit_code == 0")))
    {
        return "build_error";
    }
    // An exception whose message is only the place that raised it (spconv's `RuntimeError:
    // .../spconv/indice.cu 165`) states what failed on the next line (`cuda execution failed
    // with error 98 invalid device function`).
    if let Some((_, msg)) = exception_parts(text) {
        if PLACE_ONLY.is_match(msg.trim()) {
            if let Some(c) = ev.after.first().and_then(|a| class_of(a)) {
                return c;
            }
        }
    }
    // A kernel library's host-side assertion macro (DeepGEMM's and FlashMLA's `Assertion error
    // (<file>.cuh:N): Assertion `res == CUresult::CUDA_SUCCESS` failed.`) checks a driver call's
    // result or a shape on the host, though its header is a `.cuh`: no kernel asserted.
    if text.contains("Assertion error (")
        && !text.contains("block: [")
        && class_of(text) == Some("cuda_device_side_assert")
    {
        return "python_exception";
    }
    // The message of LLVM's `llvm_unreachable`, whose next line names the compiler that stopped
    // (`UNREACHABLE executed at .../lib/Dialect/TritonGPU/Transforms/HoistTMEMAlloc.cpp:418!`).
    if let Some(c) = ev
        .after
        .first()
        .filter(|a| a.starts_with("UNREACHABLE executed at "))
        .and_then(|a| class_of(a))
    {
        return c;
    }
    // ptxas's diagnostic under Triton's report of the ptxas run it made (`Internal Triton PTX
    // codegen error:`, Inductor's `Triton compilation failed: <kernel>`): Triton's compile of a
    // kernel, whatever the diagnostic says (`PTX .version 7.4 does not support .target sm_89`);
    // Triton's `PTXASError` ends with the run to repeat, `Repro command: .../ptxas ... /tmp/x.ptx`
    if (PTXAS_LINE.is_match(text) || PTXAS_AT_LINE.is_match(text))
        && ev
            .after
            .iter()
            .take(4)
            .any(|a| a.contains("Triton") || a.contains("triton") || a.contains("Repro command: "))
    {
        return "triton_error";
    }
    // ptxas's own diagnostic with no Triton run around it is a compile of PTX (nvcc's step of a
    // build, or a JIT's), whatever words it uses (`Instruction 'wgmma.fence' not supported on
    // .target 'sm_120'` is PTX written for another architecture, not an unsupported option).
    // One that does not know the GPU's architecture, away from any build, is the ptxas a program
    // runs to compile kernels for the GPU it found: Triton's, which bundles its own (a build
    // compiles for the targets it was given, with nvcc's ptxas).
    let unknown_target = PTXAS_UNKNOWN_TARGET.is_match(text);
    if (PTXAS_LINE.is_match(text) || PTXAS_AT_LINE.is_match(text) || unknown_target)
        && !matches!(
            class_of(text),
            Some("triton_error" | "cuda_oom" | "host_oom")
        )
    {
        return if unknown_target && ev.phase != "build" && !text.contains("tmpxft") {
            "triton_error"
        } else {
            "build_error"
        };
    }
    // An assertion in Triton's own front end (`triton/language/semantic.py`: `Input shapes should
    // have M >= 16, ...`) is Triton refusing to compile the kernel it was given.
    // (not its refusal of an FP8 type the GPU lacks, a quantisation the GPU does not support)
    if matches!(exception_parts(text), Some(("AssertionError", _)))
        && class_of(text) != Some("unsupported_config")
        && ev
            .frames
            .last()
            .is_some_and(|f| f.contains("/triton/language/") || f.contains("/triton/compiler/"))
    {
        return "triton_error";
    }
    // The cause Triton states below the caret of its `CompilationError: at 31:16:` (kept as the
    // first line after it) is Triton failing to compile the kernel when its own words name no
    // other class: `AttributeError("'NoneType' object has no attribute 'type'")`.
    if ev
        .after
        .first()
        .is_some_and(|a| super::TRITON_POSITION.is_match(a))
        && matches!(class_of(text), None | Some("python_exception"))
    {
        return "triton_error";
    }
    // A fatal signal whose stack's innermost frame is Triton's compiler (faulthandler's `Stack
    // (most recent call first):` under `Fatal Python error: Segmentation fault`, from
    // `triton/compiler/code_generator.py`): Triton crashed compiling a kernel.
    if ev
        .frames
        .last()
        .is_some_and(|f| f.contains("/triton/compiler/"))
        && class_of(text) == Some("process_crash")
    {
        return "triton_error";
    }
    // Ray's report that a worker process died is its own statement: the lines after it (a
    // peer's collective that timed out waiting for the dead worker) do not say why it died.
    if is_worker_death(text) {
        // (a raylet record a paste glued after the guesses, `...unexpected errors.(raylet) [time]
        // node_manager.cc:N: 2 Workers (tasks / actors) killed due to memory pressure (OOM)`,
        // states what happened)
        let glued = ev.text[text.len()..]
            .find("(raylet) ")
            .map(|i| &ev.text[text.len() + i..]);
        if let Some(c) = glued.and_then(class_of) {
            if c != "python_exception" && c != "process_crash" {
                return c;
            }
        }
        return match class_of(text) {
            Some(c) if c != "python_exception" => c,
            _ => "process_crash",
        };
    }
    let exc = exception_parts(text);
    // CTranslate2 states a failed CUDA call as `CUDA failed with error <CUDA's message>`: the
    // message has the class it has in torch's `CUDA error: <message>`.
    if let Some((_, msg)) = text.split_once("CUDA failed with error ") {
        if let Some(c) = class_of(&format!("CUDA error: {msg}"))
            .filter(|c| !matches!(*c, "python_exception" | "process_crash"))
        {
            return c;
        }
    }
    // glog names the source file of each record in its prefix, which the line reader strips
    // from the message: a failure logged by a transfer engine's transport (Mooncake's
    // `E0708 ... tcp_transport.cpp:136] Session::writeBody failed. Error: Bad address`) is a
    // failure of the communication between ranks.
    if TRANSPORT_SOURCE.is_match(&ev.raw)
        && matches!(
            class_of(text),
            None | Some("python_exception" | "process_crash")
        )
    {
        // (a transfer that did not complete in time, `Failed to complete transfers after 60
        // seconds`, is a timeout of the communication)
        static TIMED_OUT: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::new(r"(?i)\btimed? ?out\b|\bafter \d+ ?(?:s|seconds)\b"));
        if TIMED_OUT.is_match(text) {
            return "nccl_timeout";
        }
        return "nccl_error";
    }
    // A weight loader that fails on a shape is a weight-load problem, not a generic exception.
    let in_loader = ev.frames.iter().any(|f| {
        f.contains("weight_loader")
            || f.contains("load_weights")
            || f.contains("model_loader")
            || f.contains("load_state_dict")
            // (torch's distributed checkpoint, `dcp.load`, reading its shards)
            || f.contains(super::phase::DCP_LOADER)
            // (the innermost frame's source line, when a paste starts below its `File` line)
            || f.contains("params_dict[")
    });
    // `Capture cuda graph failed: <cause>`: the cause decides the class when it is known (an
    // out-of-memory, a collective's transport); the capture is where it happened.
    // (SGLang's piecewise graphs: `Piecewise CUDA Graph failed with error: <cause>`)
    let direct = match text
        .split_once("graph failed: ")
        .or_else(|| text.split_once("Graph failed with error: "))
        .map(|(_, cause)| class_of(cause))
    {
        Some(Some(c)) if c != "python_exception" && c != "process_crash" => Some(c),
        // (an attribute that does not exist is a name, not a statement: `module 'torch' has no
        // attribute 'OutOfMemoryError'` is a torch older than the code that asks for it)
        _ => match (exc, text.find(" has no attribute '")) {
            (Some(("AttributeError", _)), Some(i)) => class_of(&text[..i]),
            _ => class_of(text),
        },
    };
    // A C++ check that throws (dmlc's and TVM's `LOG(FATAL)`, xgrammar's `XGRAMMAR_CHECK`) rather
    // than aborts reaches Python as an exception: `RuntimeError: [t] file.cc:N: Check failed: ...`
    let direct = match direct {
        Some("process_crash") if exc.is_some() && text.contains("Check failed:") => {
            Some("python_exception")
        }
        d => d,
    };
    let mut class = match direct {
        // ggml's check of a cuBLAS call prints CUDA's wording of cuBLAS's status (`CUDA error:
        // the requested functionality is not supported`), then the device and function, then
        // the call (`cublasGemmEx(...)`): the call, or a function named for it, says whose
        // status it is
        Some("unsupported_config" | "python_exception" | "process_crash") | None
            if text.contains("CUDA error: ")
                && ev.after.iter().take(3).any(|a| {
                    a.trim_start().starts_with("cublas")
                        || (a.contains("in function ") && a.contains("_cublas"))
                }) =>
        {
            "cublas_cudnn_error"
        }
        // `param = params_dict[name]` in a model's weight loader: the checkpoint names a tensor
        // the model does not have (what a later message would blame does not matter)
        Some("python_exception") | None
            if in_loader && matches!(exc, Some(("KeyError", m)) if !m.trim().is_empty()) =>
        {
            "weight_load_error"
        }
        // A KeyError on a parameter's dotted name (`'layers.0.mlp.down_proj.weight.absmax'`):
        // the checkpoint names a tensor the model does not have; a server that logs `str(e)`
        // prints the key alone.
        Some("python_exception") | None
            if match exc {
                Some(("KeyError", m)) => PARAMETER_KEY.is_match(m.trim()),
                _ => PARAMETER_KEY.is_match(text.trim()),
            } =>
        {
            "weight_load_error"
        }
        Some("python_exception") | None => {
            // KeyError on a model type inside transformers' auto-config means an unknown model;
            // on a Hugging Face architecture's class name (`KeyError:
            // 'Qwen2_5_VLForConditionalGeneration'`) it is a registry of supported
            // architectures (TensorRT-LLM's `MODEL_MAP`, a framework's model table) without it.
            if let Some(("KeyError", msg)) = exc {
                if ev.frames.iter().any(|f| f.contains("configuration_auto"))
                    || ARCHITECTURE_KEY.is_match(msg)
                {
                    return "unsupported_config";
                }
            }
            // An exception that a support check raised (vLLM's `_check_scheme_supported`, a
            // `verify_*_supported`): the check's refusal, however its message reads or wherever
            // a paste cut it.
            if ev
                .frames
                .last()
                .and_then(|f| super::phase::function_of(f))
                .is_some_and(is_support_check)
            {
                return "unsupported_config";
            }
            // Message continued on the next lines (NCCL's "Last error:", wrapped text). A kill
            // printed there (`Killed`: a launcher tearing its process tree down after the error,
            // the shell reporting the job) came after the exception and does not explain it.
            // (torch's hints after every CUDA error, `Compile with `TORCH_USE_CUDA_DSA` to enable
            // device-side assertions.`, name no cause)
            // (up to the next exception's statement: a wrapper's restatement, `Exception: Capture
            // cuda graph failed: <this error>`, names where it was caught, not what it is)
            let mut ctx = ev
                .after
                .iter()
                .take(4)
                .map(|s| s.as_str())
                .take_while(|s| !NEXT_EXCEPTION.is_match(s))
                .filter(|s| !is_torch_cuda_hint(s))
                .collect::<Vec<_>>()
                .join(" ");
            // A message hard-wrapped mid-sentence (its line ends in a word, the next starts in
            // lower case) is read whole: the words that tell its class may straddle the break.
            if is_hard_wrapped(ev, text) {
                ctx = format!("{} {ctx}", text.trim_end());
            }
            match class_of(&ctx) {
                Some(c) if !matches!(c, "python_exception" | "process_crash" | "host_oom") => c,
                // ptxas's own diagnostic with no Triton run around it (`ptxas error   : Entry
                // function '...' uses too much shared data`): nvcc's PTX step of a build
                _ if PTXAS_LINE.is_match(text) => "build_error",
                _ => {
                    // (TensorRT-LLM states each C++ exception of its own behind
                    // `[TensorRT-LLM][ERROR]`, a prefix the line reader strips from the
                    // message: an exception, not a fatal signal)
                    // (torch raises a CUDA runtime error as an exception: `CUDA error: <msg>`)
                    // (Triton Inference Server's `UNAVAILABLE: Internal: ...` is the status of a
                    // model whose backend raised while loading it, not a fatal signal)
                    if exc.is_some()
                        || (!ev.frames.is_empty() && QUALIFIED_EXCEPTION.is_match(text))
                        || EXCEPTION_MODULE_LINE.is_match(text)
                        || text.contains("Error")
                        || text.starts_with("UNAVAILABLE: ")
                        || text.contains("CUDA error: ")
                        || text.contains("Exception")
                        || ev.raw.contains("[TensorRT-LLM][ERROR]")
                        // (TensorRT's logger of old, `[TensorRT] ERROR: <msg>`: a library's
                        // error, the program's exception behind it)
                        || ev.raw.contains("[TensorRT] ERROR: ")
                        // (pydantic restates the exception it raises as `Value error, <msg>
                        // [type=value_error, input_value=..., input_type=...]`)
                        || text.contains(", input_value=")
                        || text.trim_start().starts_with("Value error, ")
                        // (a program's record of an exception it caught: `<worker> exception:
                        // <str(e)>`, which names no type; not a C++ runtime's `Unhandled
                        // exception: ...` before it aborts)
                        || (text.contains(" exception: ")
                            && !text.contains("Unhandled exception: "))
                        || is_logged_failure(text)
                        // (a program's statement of the step that failed, `Failed to compile
                        // grammar: ...`, names no signal)
                        || text.contains("Failed to ")
                        // (nor its record of the error a step met, `Stream generator error:
                        // <message>`)
                        || text.contains(" error: ")
                        // (nor a grammar's refusal of a sampled token, which ends the request)
                        || text.contains("grammar rejected tokens")
                        // (a message a class rule names an exception, whatever its words)
                        || stated_exception(text)
                        // (Rust's anyhow prints an error returned from `main` as `Error: <msg>`,
                        // then its chain of causes under `Caused by:`: an error a program
                        // returned, not a signal)
                        // (the blank line between them may keep a collector's prefix)
                        || ev.after.iter().take(2).any(|a| a.trim() == "Caused by:")
                        // (the `assert` a traceback cut before its `AssertionError` ended in)
                        || text.trim_start().starts_with("assert ")
                    {
                        "python_exception"
                    } else {
                        "process_crash"
                    }
                }
            }
        }
        Some(c) => c,
    };
    // A weight loader asserts that a checkpoint tensor fits its parameter; a failed assertion
    // there is a checkpoint that does not fit the model, whatever its message.
    if class == "python_exception"
        && in_loader
        && (text.contains("size of tensor")
            || text.contains("size of the tensor")
            || text.contains("shape")
            || matches!(exc, Some(("AssertionError", _))))
    {
        class = "weight_load_error";
    }
    // vLLM's message queue raises a bare `TimeoutError` when a worker process does not answer
    // in time (then `RPC call to ... timed out`): its hang watchdog, not a program's bug.
    if class == "python_exception"
        && matches!(exc, Some(("TimeoutError", _)))
        && ev.frames.iter().any(|f| f.contains("shm_broadcast.py"))
    {
        class = "nccl_timeout";
    }
    // Triton's cache refused by the file system (`PermissionError: [Errno 13] Permission denied:
    // '/tmp/triton/<hash>.lock'`, its `~/.triton` directory not writable in a container): Triton
    // cannot compile or load a kernel, whichever program asked for one
    if class == "python_exception"
        && matches!(exc, Some(("PermissionError" | "OSError", _)))
        && (ev
            .frames
            .iter()
            .any(|f| super::phase::frame_in(f, "/triton/runtime/cache.py"))
            || text.contains("/triton/")
            || text.contains("/.triton"))
    {
        class = "triton_error";
    }
    if class == "python_exception" {
        if let Some((ty, _)) = exc {
            if ty == "ImportError" || ty == "ModuleNotFoundError" {
                class = "import_error";
            } else if ty == "NotImplementedError" {
                class = "unsupported_config";
            }
        }
    }
    // A module's top-level code that uses an attribute another package lacks (`module
    // 'triton.language' has no attribute 'constexpr_function'`) fails its import: two packages
    // of versions that do not fit. (a server may quote the exception behind its own words)
    if class == "python_exception"
        && text.contains("AttributeError: module '")
        && text.contains("' has no attribute '")
        && raised_at_import(ev)
    {
        class = "import_error";
    }
    // A value rejected by the code that checks a server's arguments or a model's config
    // (SGLang's `server_args.py`, vLLM's `arg_utils.py` and `config.py`, transformers'
    // `configuration_*.py`) is an option or model this version does not take, whatever the
    // check's words; the innermost frame is the one that raised (a bare `AssertionError` keeps
    // the `assert` line below that frame, see `Triage::feed_levelled`).
    if class == "python_exception"
        && matches!(
            exc,
            Some(("ValueError" | "AssertionError" | "TypeError", _))
        )
        && innermost_frame(ev).is_some_and(is_config_check_frame)
    {
        class = "unsupported_config";
    }
    // A checkpoint's converter looking up a tensor or entry the checkpoint does not have
    // (`KeyError: 'ema_model_state_dict'` in TensorRT-LLM's `convert_checkpoint.py`): the
    // weights do not fit the converter.
    if class == "python_exception"
        && matches!(exc, Some(("KeyError", _)))
        && innermost_frame(ev)
            .and_then(frame_path)
            .is_some_and(|p| crate::parse::phase::is_checkpoint_converter(file_name(p)))
    {
        class = "weight_load_error";
    }
    // An exception in words no rule knows, raised by a library whose every failure is of one
    // kind (c10d's collectives and rendezvous, an extension builder), is of that kind.
    if class == "python_exception" {
        if let Some(c) = innermost_frame(ev).and_then(|f| raising_module_class(f, text)) {
            class = c;
        }
    }
    // The runtime's query of free device memory failing (torch's `mem_get_info`, `RuntimeError:
    // HIP error: invalid argument` from its `cudaMemGetInfo`; ROCm's own trace of it,
    // `HSA_AMD_AGENT_INFO_MEMORY_AVAIL query failed.`): the driver would not answer, however the
    // runtime words it. (Not an illegal address: a query touches no kernel's memory, so that is
    // an earlier kernel's fault, reported late.)
    if memory_query_failed(ev)
        && (MEMORY_QUERY_FAILED.is_match(&ev.text) || class == "python_exception")
    {
        class = "cuda_driver_error";
    }
    // A bare `AssertionError` under an `assert` that something is supported (vLLM's `assert
    // is_fa_version_supported(self.fa_version)`): the setting or the hardware is not supported;
    // or that a package it would use was imported (`assert FLASH_ATTN_2_AVAILABLE`, `assert
    // is_flash_attn_2_available()`, `assert HAS_TRITON`): the package did not import.
    let bare_assert = ev
        .text
        .trim_end()
        .trim_end_matches(':')
        .ends_with("AssertionError");
    if let Some(code) = ev
        .frames
        .last()
        .map(|f| f.trim_start())
        .filter(|c| class == "python_exception" && bare_assert && c.starts_with("assert "))
    {
        if ASSERTS_SUPPORT.is_match(code) {
            class = "unsupported_config";
        } else if ASSERTS_IMPORTED.is_match(code) {
            class = "import_error";
        }
    }
    // An exception raised while setuptools asks a package's setup script what it needs to build
    // (`get_requires_for_build_wheel`, under pip's `Getting requirements to build wheel` or
    // uv's `The build backend returned an error`): the package's build failed, whatever it
    // could not import (a setup script that imports torch, in an isolated build without it).
    if matches!(class, "import_error" | "python_exception")
        && ev
            .frames
            .iter()
            .any(|f| f.contains("/setuptools/build_meta.py"))
    {
        class = "build_error";
    }
    // A package's setup.py that refuses the toolchain it finds (`causal_conv1d is only supported
    // on CUDA 11.6 and above`) fails the package's build: what the build needs is missing, not a
    // setting of the program.
    if class == "unsupported_config"
        && ev
            .frames
            .last()
            .and_then(|f| frame_path(f))
            .is_some_and(|p| file_name(p) == "setup.py")
    {
        class = "build_error";
    }
    // A failed assertion that states what a value must be (`H must be 128, but got 16`, `16 is
    // not divisible by 3`, `Expect (32 <= headDim <= 2048)`, `Assertion failed: 16 != 40`, one of
    // a set, `assert Lq in {16, 32, 64, 128, 256, 576}, where Lq = 80`)
    // checks what the program was given against what it supports; one on its own state
    // (`isinstance(...)`, `mNextBlocks.empty()`) stays an exception.
    // (not torch.compile's check of a compiled graph's input layout, `expected size 4096==1024,
    // stride 1024==1024 at dim=0`: the compiler's own mistake about a tensor, not a value given)
    if class == "python_exception"
        && (matches!(exc, Some(("AssertionError", _)))
            || HOST_ASSERTION.iter().any(|a| text.contains(a)))
        && (REQUIREMENT.is_match(text) || REQUIREMENT.is_match(&wrapped_message(ev, text)))
        && !(text.contains("expected size ") && text.contains(" at dim="))
        // (a C++ check that names the object's own member, `this->value != kInvalidPoolIndex`,
        // is about its state; so is one on how its own code calls a function, `getIdx() should
        // not be used with entry 17`, or that what it holds is set: `must not be None`)
        && !text.contains("this->")
        && !INTERNAL_CALL_RULE.is_match(text)
        // (nor one between two counts the program keeps, each labelled, vLLM's scheduler's
        // `scheduled_running_reqs: 2 > running: 1`: its own bookkeeping)
        && !COUNTS_COMPARED.is_match(text)
    {
        class = "unsupported_config";
    }
    // TensorRT's ONNX parser numbers a failed check by its `ErrorCode` in brackets, which the
    // line reader takes for a rank's tag: 5 to 8, `kINVALID_GRAPH` to `kUNSUPPORTED_NODE`, are
    // a graph or node it does not take (`[5] Assertion failed: tensors.count(input_name)`).
    if class == "python_exception" && TRT_PARSER_REFUSAL.is_match(&ev.raw) {
        class = "unsupported_config";
    }
    // ggml (llama.cpp, ollama) aborts on a failed check: `GGML_ASSERT(addr) failed`,
    // `GGML_ABORT`'s `FILE:LINE: fatal error`: a process stopped by a signal, no exception.
    if class == "python_exception" && exc.is_none() && GGML_ABORT.is_match(text) {
        class = "process_crash";
    }
    // torch's dispatcher finding no kernel for a tensor's dtype or device (`"addmm_impl_cpu_" not
    // implemented for 'Half'`, `Could not run 'aten::add' with arguments from the 'Meta'
    // backend`; none for CUDA at all is a build without it, an import problem by its class rule)
    // or a tensor left on the meta device (`Cannot copy out of meta tensor; no data!`):
    // tensors the program put in the wrong place or type, not an option the library refuses; nor
    // is Dynamo's `torch._dynamo.exc.Unsupported: ...`, code of the program it cannot trace.
    if class == "unsupported_config" && TORCH_DISPATCH.is_match(text) {
        class = "python_exception";
    }
    // A port another process holds (c10d's store: `The server socket has failed to bind to
    // [::]:29500 (errno: 98 - Address already in use)`, then `... failed to listen on any local
    // network address`) is a socket the program could not open: no collective ran, and no
    // signal killed the program (llama.cpp's server exits after `couldn't bind HTTP server
    // socket`, with no exception to name).
    if matches!(class, "nccl_error" | "process_crash") && is_bind_failure(text) {
        class = "python_exception";
    }
    if class == "cuda_device_side_assert"
        || has_device_assert && text.contains("device-side assert")
    {
        return "cuda_device_side_assert";
    }
    class
}

/// A listening socket the program could not open: its port is taken, or the address is not
/// the host's (uvicorn: `[Errno 99] error while attempting to bind on address ('::1', N, 0, 0):
/// cannot assign requested address`).
pub fn is_bind_failure(text: &str) -> bool {
    text.contains("Address already in use")
        || text.contains("address already in use")
        || text.contains("failed to listen on any")
        || text.contains("error while attempting to bind on address")
        // (llama.cpp's server: `main: couldn't bind HTTP server socket, hostname: 127.0.0.1,
        // port: 8080`)
        || text.contains("couldn't bind HTTP server socket")
}

/// A message hard-wrapped mid-sentence: its line ends in a word, the next starts in lower case.
fn is_hard_wrapped(ev: &Event, text: &str) -> bool {
    text.trim_end()
        .ends_with(|c: char| c.is_ascii_alphanumeric())
        && ev
            .after
            .first()
            .is_some_and(|a| a.starts_with(|c: char| c.is_ascii_lowercase()))
}

/// The message with the lines a hard wrap moved below it (as far as two).
fn wrapped_message<'a>(ev: &Event, text: &'a str) -> std::borrow::Cow<'a, str> {
    if !is_hard_wrapped(ev, text) {
        return text.into();
    }
    let mut whole = text.trim_end().to_string();
    for a in ev.after.iter().take(2) {
        whole.push(' ');
        whole.push_str(a.trim());
    }
    whole.into()
}

/// ROCm's runtime trace of a failed query of a device's free memory (see [`classify`]).
static MEMORY_QUERY_FAILED: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"\bHSA_AMD_AGENT_INFO_MEMORY_AVAIL query failed"));

/// A CUDA or HIP runtime error as torch words it.
static CUDA_OR_HIP_ERROR: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"\b(?:CUDA|HIP) error: "));

/// Whether the event states a failed query of a device's free memory: ROCm's trace of it, or a
/// CUDA or HIP error raised in torch's `mem_get_info` (for [`classify`] and the signature's key).
pub fn memory_query_failed(ev: &Event) -> bool {
    MEMORY_QUERY_FAILED.is_match(&ev.text)
        || (CUDA_OR_HIP_ERROR.is_match(&ev.text)
            && ev.frames.iter().any(|f| f.ends_with("in mem_get_info")))
}

/// An `assert` of support: `assert is_fa_version_supported(v)`, `assert x in SUPPORTED_DTYPES`.
static ASSERTS_SUPPORT: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?i)supported\b|_supported_"));

/// An `assert` on a flag a module sets when a package it would use imported.
static ASSERTS_IMPORTED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"^assert\s+\(?(?:[\w.]*\b[A-Z0-9_]+_AVAILABLE|[\w.]*\bis_\w+_available\(\)|[\w.]*\bHAS_[A-Z0-9_]+)\)?\s*(?:,|$)",
    )
});

/// Whether the exception was raised by a module's top-level code while it was imported: the
/// innermost frame is `<module>` and its caller another module's import (a `<module>` frame, or
/// importlib's), in Python's traceback (innermost last) or in the `At:` stack pybind11 prints
/// for an exception that reached C++ (innermost first, `path(N): <module>`).
pub(crate) fn raised_at_import(ev: &Event) -> bool {
    let module = |f: &str| f.trim_end().ends_with("<module>");
    let importer = |f: &str| module(f) || f.contains("importlib");
    // (a class's body runs as its module is imported: `in FlaxModelMixin` below `<module>`,
    // an annotation naming what the other package no longer has)
    let class_body = |f: &String| {
        super::phase::function_of(f)
            .is_some_and(|func| func.starts_with(|c: char| c.is_ascii_uppercase()))
    };
    let kept = ev.frames.len() - ev.frames.iter().rev().take_while(|f| class_body(f)).count();
    let frames = &ev.frames[..kept];
    let n = frames.len();
    if n >= 2 && module(&frames[n - 1]) && importer(&frames[n - 2]) {
        return true;
    }
    let mut at = ev.after.iter().map(|a| a.trim());
    at.any(|a| a == "At:") && {
        let inner: Vec<&str> = at.take(2).collect();
        inner.len() == 2 && module(inner[0]) && importer(inner[1])
    }
}

/// A C++ library's failed check of its own (TensorRT-LLM's `Assertion failed:`, DeepGEMM's
/// `Assertion error`, TurboMind's `Assertion fail:`, FlashInfer's TRT-LLM kernels' `Expect (`, a
/// `CHECK` that throws, as TVM's FFI does for FlashInfer: `Check failed: num_tokens > 64`).
const HOST_ASSERTION: &[&str] = &[
    "Assertion failed",
    "Assertion error",
    "Assertion fail:",
    "Expect (",
    "Check failed: ",
];

/// A requirement on a value: a bound, a divisibility, `must be`, `should be`, `but got`, `requires
/// gfx950 (CDNA4), got gfx942`, an
/// instruction about an option (`Do not set crossKvCacheFraction for decoder-only models`), a
/// comparison with a number (not `== 0`: a status checked, `exit_code == 0`) or with a limit the
/// library was compiled with, named in capitals (`num_ranks > NUM_MAX_NVL_PEERS`, `n <= kMaxN`),
/// or one an engine or server was built with, named a maximum (TensorRT-LLM's members
/// `max_context_len <= mMaxContextLength`, `n < max_batch_size`).
static REQUIREMENT: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"\b(?:must|should)(?: not)? be\b|\brequires \S.*, got \S|\b[Ss]et [A-Z][A-Z0-9_]{2,}=|\b(?:[Dd]o not|[Dd]on't|[Pp]lease) (?:set|specify|enable|use)\b|\bbut got\b|divisible|is (?:greater|less|larger|smaller) than|%\s*\d+\s*==\s*0|[<>]=?\s*\d|\d\s*[<>]=?\s|(?:==|!=)\s*[1-9]|[<>]=?\s*(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]|k[A-Z][A-Za-z0-9]*)\b|[<>]=?\s*m?_?[Mm]ax(?:[A-Z_]\w*)?\b|\bin [\[{(]\d+(?:, ?\d+)+[\]})]",
    )
});

/// A rule on how a function may be called (`getIdx() should not be used with entry 17`), or that
/// objects it holds be set (`All of them must not be None`): a library's check of its own code
/// and state, not of a value given to it.
static INTERNAL_CALL_RULE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"\w\(\) (?:must|should)(?: not)? be (?:used|called)\b|\b(?:must|should) not be None\b",
    )
});

/// Two labelled counts compared, `running_reqs: 2 > running: 1` (see [`classify`]).
static COUNTS_COMPARED: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"\b[a-z_]\w*: \d+ [<>]=? [a-z_]\w*: \d+\b"));

/// ggml's aborting checks (see [`classify`]).
static GGML_ABORT: LazyLock<AsciiFirst> = LazyLock::new(|| AsciiFirst::new(ggml_abort!()));

/// torch's dispatcher's refusals (see [`classify`]).
static TORCH_DISPATCH: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(concat!(
        r#""\w+" not implemented for '\w+'|"#,
        torch_no_kernel!(),
        r"|Cannot copy out of meta tensor|torch\._dynamo\.exc\.Unsupported: "
    ))
});

/// A line that starts another exception's statement (`Exception: ...`, `torch.OutOfMemoryError: ...`).
static NEXT_EXCEPTION: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception): "));

/// A glog record of a transport's source file: `E0708 09:26:26.525108 368 tcp_transport.cpp:136] `
/// (and of Mooncake's transfer tasks, metadata and RPC client: `transfer_task.cpp:305] `,
/// `[coro_rpc_client.hpp:978] `, and its RDMA devices: `rdma_context.cpp:81] `), and of libsharp, the offload library below NCCL's SHARP
/// plugin, which logs its own failure before the plugin's `NCCL WARN` repeats it
/// (`[node:0:174 - tree_ops.c:314][2024-05-30 12:26:47] ERROR Failed to lock SAT tree`, older
/// versions without the time).
pub(crate) static TRANSPORT_SOURCE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"\b(?:\w+_transport|transfer_\w+|coro_rpc_\w+|rdma_\w+)\.(?:cpp|cc|hpp|h):\d+\] |\[[\w.\-]+:\d+:\d+ - [\w.\-]+\.c:\d+\](?:\[\d{4}-| ERROR )",
    )
});

/// ptxas's diagnostic at a line of its input: `ptxas /tmp/f, line 6; error   : msg`.
static PTXAS_AT_LINE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?:^|\s)ptxas \S+, line \d+; (?:error|fatal)"));

/// A diagnostic of ptxas: `ptxas error   : msg`, `ptxas fatal   : msg`.
static PTXAS_LINE: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?:^|\s)ptxas(?:-\w+)? (?:error|fatal)\s*: "));

/// ptxas refusing a target it does not know (`Value 'sm_121a' is not defined for option
/// 'gpu-name'`, `PTX .version 7.4 does not support .target sm_89`): a ptxas older than the GPU.
static PTXAS_UNKNOWN_TARGET: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"\bValue 'sm_\d+[a-z]?' is not defined for option 'gpu-name'|\bPTX \.version \d+\.\d+ does not support \.target sm_\d+",
    )
});

/// Whether a function is named for a check of support: `_check_scheme_supported`,
/// `verify_quantization_support`, `check_if_supported`.
fn is_support_check(func: &str) -> bool {
    let f = func.trim_start_matches('_');
    ["check", "verify", "validate", "assert"]
        .iter()
        .any(|v| f.starts_with(v))
        && f.contains("support")
}

/// A model parameter's dotted name quoted as a dictionary key: `'model.layers.0.mlp.weight'`,
/// `'layers.17.mlp.down_proj.weight.absmax'`, or a projection's tensor of a quantisation's own
/// name (bitsandbytes' `'layers.23.mlp.down_proj.SCB'`).
static PARAMETER_KEY: LazyLock<AsciiFirst> = LazyLock::new(|| {
    AsciiFirst::new(
        r"^'(?:\w+\.)+(?:\d+\.)(?:\w+\.)*(?:\w*(?:weight|bias|scale|zero_point|qzeros|g_idx)\w*(?:\.\w+)*|\w*proj\.\w+)'$",
    )
});

/// A Hugging Face model class name as a dictionary key: `'LlamaForCausalLM'`, `'GPT2LMHeadModel'`.
static ARCHITECTURE_KEY: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"^'[A-Z][A-Za-z0-9_]*(?:For[A-Z][A-Za-z]+|LMHeadModel)'"));

/// A line that only a logger's ERROR level made an event (`Failed to start model server:
/// integer division or modulo by zero`): a running program reporting a failure it caught, not a
/// process killed by a signal.
/// Whether a class rule other than the last, generic one (`Error` or `Exception`) reads the
/// message as an exception.
fn stated_exception(text: &str) -> bool {
    let rules = &CLASS_RES[..CLASS_RES.len() - 1];
    rules
        .iter()
        .find(|(_, re)| re.is_match(text))
        .is_some_and(|(c, _)| *c == "python_exception")
}

fn is_logged_failure(text: &str) -> bool {
    RULES.0.first_match(text) == Some(DETECTORS.len())
}

/// Ray's report of a dead worker ends with the causes it guesses at ("There are some potential
/// root causes. (1) The process is killed by SIGKILL by OOM killer ...", in newer versions "Some
/// common causes include: (1) the process was killed by the OOM killer ..."): a list of
/// possibilities, not what happened, so it does not decide the class.
/// (So are torch's hints after a CUDA error, when a paste glued them to its line: `Compile with
/// `TORCH_USE_CUDA_DSA` to enable device-side assertions` names no assertion that fired.)
pub fn without_guessed_causes(text: &str) -> &str {
    [
        "There are some potential root causes",
        "Some common causes include",
        "CUDA kernel errors might be asynchronously reported",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING",
        "Compile with `TORCH_USE_CUDA_DSA`",
        "HIP kernel errors might be asynchronously reported",
        "Compile with TORCH_USE_HIP_DSA",
    ]
    .iter()
    .filter_map(|h| text.find(h))
    .filter(|i| *i > 0)
    .min()
    .map_or(text, |i| text[..i].trim_end())
}

/// The engine's own error patterns (detectors and class rules), e.g. to export for a benchmark
/// against a plain multi-pattern grep.
pub fn patterns() -> Vec<&'static str> {
    DETECTORS
        .iter()
        .map(|(p, _)| *p)
        .chain(CLASSES.iter().map(|(_, p)| *p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_without_common_error_words_pass_the_gate() {
        // (lines whose only words are the detector's own: the gate must let each through)
        for line in [
            "sh: 1: nvcc: not found",
            "========= Illegal address",
            "========= Misaligned address",
            "Device 0 OOM 3171158016 / 3145728000",
            "device OOM encountered: usage=9502195712 limit=8388608000",
            "Sorry, cuMemAllocManaged() is not supported in the current version.",
            "Unsupported tile (64, 64, 64) and cluster (1, 2, 1) shape combination for arch 100.",
            "Expected to have finished reduction in the prior iteration before starting a new one.",
            "OOM when allocating tensor with shape[16,64] and type float on /job:localhost/replica:0/task:0/device:GPU:0",
            "  (1) Internal: Blas GEMM launch",
            "bash: orted: command not found",
            "ssh: Could not resolve hostname node7: Name or service not known",
            "/home/u/llama.cpp/src/llama-context.cpp:1034: Invalid input batch for sequence",
            "gguf_init_from_file_impl: tensor 'blk.0.ffn_down_exps.weight' of type 4 (DEPRECATED) has 2880 elements per row, not a multiple of block size (0)",
            "FlashAttention only supports Ampere GPUs or newer.",
            "Out of GPU memory trying to allocate 2.000 GiB",
            "libdevice is required by this HLO module but was not found at ./libdevice.10.bc",
        ] {
            assert!(detect(line, None).is_some(), "{line}");
        }
    }

    #[test]
    fn libraries_own_checks_state_errors() {
        for line in [
            // (a mangled name that holds `Warning` is no warning)
            "what():  Error in dlopen: /tmp/example/model.so: undefined symbol: _ZN3c107WarningC1ESt7variantIJNS0_11UserWarningEEE",
            "Faiss assertion 'err__ == cudaSuccess' failed in faiss::gpu::DeviceTensor<T>::~DeviceTensor() at impl/x.cuh:61; details: CUDA error 77",
            "Out of memory in cuStreamCreate(&cuda_stream_, CU_STREAM_NON_BLOCKING) (C:\\src\\queue.cpp:21)",
            "FATAL ERROR: data in PRESENT clause was not found on device 1: name=density host:0x5841ba50",
        ] {
            assert_eq!(detect(line, None), Some(3), "{line}");
        }
    }

    #[test]
    fn every_pattern_is_valid() {
        // checked here rather than on every start-up
        let all = patterns().into_iter().chain([STOPPED, BENIGN.as_str()]);
        for p in all {
            assert!(regex_syntax::parse(p).is_ok(), "valid regex: {p}");
        }
    }

    #[test]
    fn an_allocators_failure_is_told_from_its_advice() {
        assert!(is_allocator_failure(
            "Allocator (GPU_0_bfc) ran out of memory trying to allocate 103.65GiB (rounded to 111289565184)requested by op "
        ));
        assert!(!is_allocator_failure(
            "Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.19GiB with freed_by_count=0. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available."
        ));
    }

    #[test]
    fn tensorrts_refusals_of_a_network_are_its_configuration() {
        for t in [
            "[8] No importer registered for op: Mish",
            "[TRT] Network has dynamic or shape inputs, but no optimization profile has been defined.",
        ] {
            assert_eq!(class_of(t), Some("unsupported_config"), "{t}");
        }
    }

    #[test]
    fn a_tables_header_is_no_statement() {
        assert!(is_benign(
            "       size         count    type   redop     time   algbw   busbw  error"
        ));
        // (a statement has punctuation, or single spaces between its words)
        assert!(!is_benign(
            "RuntimeError: CUDA error: an illegal memory access"
        ));
        assert!(!is_column_header("an error occurred in the loader"));
        assert!(!is_column_header(
            "Failed to open device mlx5_8 on port  with GID 0"
        ));
    }

    #[test]
    fn an_assertion_on_the_programs_own_state_stays_an_exception() {
        let class = |log: &str| {
            crate::analyze(log.as_bytes(), &crate::findings::FindingsIndex::default()).error_class
        };
        // a requirement on what the program was given, as `requires X, got Y`
        assert_eq!(
            class("AssertionError: mla_gluon requires gfx950 (CDNA4), got gfx942\n"),
            "unsupported_config"
        );
        // a check of what the program holds, or of how its own code calls a function
        assert_eq!(
            class("AssertionError: All of them must not be None\n"),
            "python_exception"
        );
        assert_eq!(
            class("  what():  [TensorRT-LLM][ERROR] Assertion failed: getIdx() should not be used with entry 17\n"),
            "python_exception"
        );
    }

    #[test]
    fn a_cuda_status_inside_another_librarys_check_keeps_its_class() {
        // NCCL's check of a CUDA call that failed with CUDA's unknown error (999)
        assert_eq!(
            class_of("host:1:2 [0] include/alloc.h:112 NCCL WARN Cuda failure 999 'unknown error'"),
            Some("cuda_driver_error")
        );
        // FlashInfer's and TensorRT-LLM's check macro stating CUDA's refusal of a launch
        assert_eq!(
            class_of("CUDA error in /src/moe_dev_kernel.cu:178 executing 'cudaLaunchKernelEx(&config, k, p)': invalid argument"),
            Some("cuda_driver_error")
        );
        // NVSHMEM's check of the driver's allocation, status 2: CUDA_ERROR_OUT_OF_MEMORY
        assert_eq!(
            class_of(
                "/nvshmem/src/host/mem/mem_heap.cpp:1509: non-zero status: 2 cuMemCreate failed"
            ),
            Some("cuda_oom")
        );
    }

    #[test]
    fn a_go_programs_panic_is_its_statement() {
        assert_eq!(
            detect("panic: runtime error: index out of range", None),
            Some(3)
        );
        let text = "panic: At least one device with migEnabled=true was not configured correctly: No MIG devices";
        assert_eq!(detect(text, None), Some(3));
        assert_eq!(class_of(text), Some("process_crash"));
    }

    #[test]
    fn a_kv_transfer_engines_transport_failure_is_a_collective_error() {
        // (Mooncake's glog records of its transports, which move the KV cache between a
        // disaggregated prefill and decode)
        assert_eq!(
            class_of(
                "tcp_transport.cpp:136] Session::writeBody failed. Error: Bad address (value: 14)"
            ),
            Some("nccl_error")
        );
    }

    #[test]
    fn triton_without_a_c_compiler_is_a_triton_error() {
        let text =
            "RuntimeError: Failed to find C compiler. Please specify via CC environment variable.";
        assert_eq!(class_of(text), Some("triton_error"));
    }

    #[test]
    fn a_bare_cuda_status_number_has_its_class() {
        for (text, want) in [
            ("RuntimeError: Cuda Error: 222", Some("cuda_driver_error")),
            ("RuntimeError: CUDA error: 2", Some("cuda_oom")),
            ("RuntimeError: Cuda Error: 209", Some("no_kernel_image")),
            (
                "RuntimeError: Cuda Error: 700",
                Some("cuda_illegal_memory_access"),
            ),
            (
                "RuntimeError: Cuda Error: 710",
                Some("cuda_device_side_assert"),
            ),
        ] {
            assert_eq!(class_of(text), want, "{text}");
        }
        // (a number CUDA's enum does not give, or one with more words after it, says nothing)
        assert_ne!(class_of("RuntimeError: Cuda Error: 1234"), Some("cuda_oom"));
        assert_ne!(
            class_of("RuntimeError: CUDA error: 2 tensors differ"),
            Some("cuda_oom")
        );
    }

    #[test]
    fn cuda_status_messages_have_their_class() {
        // the texts CUDA's runtime and driver give their error codes, as torch raises them
        let cases = [
            ("initialization error", "cuda_driver_error"),
            ("unknown error", "cuda_driver_error"),
            ("CUDA driver is a stub library", "cuda_driver_error"),
            ("PTX JIT compiler library not found", "cuda_driver_error"),
            (
                "system has unsupported display driver / cuda driver combination",
                "cuda_driver_error",
            ),
            ("device kernel image is invalid", "no_kernel_image"),
            ("invalid device function", "no_kernel_image"),
            ("a PTX JIT compilation failed", "no_kernel_image"),
            ("hardware stack error", "cuda_illegal_memory_access"),
            ("invalid program counter", "cuda_illegal_memory_access"),
            (
                "operation not supported on global/shared address space",
                "cuda_illegal_memory_access",
            ),
            (
                "capturing stream has unjoined work",
                "cuda_graph_capture_error",
            ),
            (
                "operation would make the legacy stream depend on a capturing blocking stream",
                "cuda_graph_capture_error",
            ),
            (
                "operation not permitted when stream is capturing",
                "cuda_graph_capture_error",
            ),
            ("uncorrectable ECC error encountered", "gpu_hardware_error"),
            (
                "the operation cannot be performed in the present state",
                "cuda_driver_error",
            ),
        ];
        for (msg, class) in cases {
            let text = format!("RuntimeError: CUDA error: {msg}");
            assert_eq!(class_of(&text), Some(class), "{text}");
        }
        // a cubin Triton built for this GPU that the driver cannot load is the driver's age
        assert_eq!(
            class_of("RuntimeError: Triton Error [CUDA]: device kernel image is invalid"),
            Some("cuda_driver_error")
        );
        // the same words outside CUDA's report are no driver failure
        assert_eq!(
            class_of("ValueError: unknown error in the tokenizer"),
            Some("python_exception")
        );
    }

    #[test]
    fn library_wordings_have_their_class() {
        // how torch, transformers, accelerate, c10d, NVML and gcc word these causes, whichever
        // exception type carries them
        let cases = [
            (
                "RuntimeError: [enforce fail at alloc_cpu.cpp:117] data. DefaultCPUAllocator: not enough memory: you tried to allocate 1073741824 bytes.",
                "host_oom",
            ),
            (
                "fatal error: cuda_runtime.h: No such file or directory",
                "build_error",
            ),
            ("RuntimeError: No CUDA GPUs are available", "cuda_driver_error"),
            (
                "FileNotFoundError: Cannot find DGL C++ graphbolt library at /x/dgl/graphbolt/libgraphbolt_pytorch_2.5.1.dylib",
                "import_error",
            ),
            (
                "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown",
                "cuda_driver_error",
            ),
            (
                "RuntimeError: Timed out initializing process group in store based barrier on rank: 3, for key: store_based_barrier_key:1",
                "nccl_timeout",
            ),
            // (a store the client never reached is a connection failure, however long it tried)
            (
                "torch.distributed.DistNetworkError: The client socket has timed out after 1800000ms while trying to connect to (10.0.0.1, 29500).",
                "nccl_error",
            ),
            (
                "\"message\": \"RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.\",",
                "nccl_error",
            ),
            ("RuntimeError: connect() timed out. Original timeout was 60000 ms.", "nccl_error"),
            (
                "RuntimeError: DeepEP timeout check failed: rank = 3, thread = 0",
                "nccl_timeout",
            ),
            (
                "OSError: Unable to load weights from pytorch checkpoint file for 'm' at 'm/pytorch_model.bin'.",
                "weight_load_error",
            ),
            (
                "OSError: m does not appear to have a file named model-00001-of-00004.safetensors.",
                "weight_load_error",
            ),
            (
                "RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory",
                "weight_load_error",
            ),
            (
                "ValueError: head_dim must be a multiple of 16, got 72",
                "unsupported_config",
            ),
            (
                "AssertionError: Tensor parallel size 3 must divide num_kv_heads 8",
                "unsupported_config",
            ),
            (
                "ValueError: Quantization method fp8 is not yet supported on this device",
                "unsupported_config",
            ),
            (
                "ValueError: --enable-lora is incompatible with --speculative-model",
                "unsupported_config",
            ),
            (
                "ValueError: Unrecognized configuration class <class 'C'> for this kind of AutoModel: AutoModelForCausalLM.",
                "unsupported_config",
            ),
            (
                "RuntimeError: [TensorRT-LLM][ERROR] Assertion failed: FP8 FMHA can only be enabled on sm_89, sm_90, sm_100 or sm_120",
                "unsupported_config",
            ),
            ("RuntimeError: FlashInfer requires sm75+", "unsupported_config"),
            (
                "ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10",
                "unsupported_config",
            ),
            ("      Reason:       OOMKilled", "host_oom"),
            (
                "slurmstepd: error: Detected 1 oom_kill event in StepId=1.0. Some of the step tasks have been OOM Killed.",
                "host_oom",
            ),
            ("srun: error: node01: task 3: Out Of Memory", "host_oom"),
            (
                "Invalid handle. Cannot load symbol cublasLtGetVersion",
                "import_error",
            ),
            (
                "FileNotFoundError: [Errno 2] No such file or directory: 'ninja'",
                "build_error",
            ),
            ("vllm-1 exited with code 137", "host_oom"),
            (
                "ERROR: Unexpected segmentation fault encountered in worker.",
                "process_crash",
            ),
            (
                "error: 'tt.dot' op operand #0 must be ranked tensor",
                "triton_error",
            ),
        ];
        for (text, class) in cases {
            assert_eq!(class_of(text), Some(class), "{text}");
        }
        // a header named in an ordinary message is no failed build
        assert_eq!(
            class_of("ValueError: cuda_runtime.h not found in CUDA_HOME"),
            Some("python_exception")
        );
    }

    #[test]
    fn a_library_of_one_kind_classes_its_unknown_exceptions() {
        let c10d = r#"  File "/usr/lib/python3/dist-packages/torch/distributed/distributed_c10d.py", line 4159, in barrier"#;
        assert_eq!(
            raising_module_class(c10d, "RuntimeError: Connection reset by peer"),
            Some("nccl_error")
        );
        assert_eq!(
            raising_module_class(c10d, "RuntimeError: Socket Timeout"),
            Some("nccl_timeout")
        );
        let builder = r#"  File "C:\py\Lib\site-packages\torch\utils\cpp_extension.py", line 2104, in _run_ninja_build"#;
        assert_eq!(
            raising_module_class(builder, "RuntimeError: Error building"),
            Some("build_error")
        );
        // DTensor and the distributed checkpoint are not collectives
        let dtensor = r#"  File "/x/torch/distributed/tensor/_dispatch.py", line 3, in dispatch"#;
        assert_eq!(raising_module_class(dtensor, "RuntimeError: mixed"), None);
        let verify = r#"File "/x/site-packages/torch/distributed/utils.py", line 118, in _verify_param_shape_across_processes"#;
        assert_eq!(
            raising_module_class(verify, "RuntimeError: DDP expects same model across all ranks, but Rank 1 has 212 params, while rank 0 has inconsistent 0 params."),
            None
        );
        assert_eq!(
            raising_module_class(verify, "RuntimeError: Connection reset by peer"),
            Some("nccl_error")
        );
    }
}
