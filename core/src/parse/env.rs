//! Environment facts: GPU, architecture, driver, CUDA, Python, framework and package versions,
//! model and server arguments, from environment reports (`collect_env`, `sglang.check_env`,
//! `nvidia-smi`, `pip list`/`pip freeze`) and from the lines servers print at start.

use crate::analysis::Env;
use crate::ascii_first::{AsciiFirst, AsciiFirstSet};
use std::collections::BTreeMap;
use std::sync::LazyLock;

/// Compute capability from a GPU model name (checked in order: longer names first).
const GPU_TABLE: &[(&str, &str)] = &[
    ("GB10", "sm_121"),
    ("DGX Spark", "sm_121"),
    ("Jetson Thor", "sm_110"),
    ("Thor", "sm_110"),
    ("GB300", "sm_103"),
    ("B300", "sm_103"),
    ("GB200", "sm_100"),
    ("B200", "sm_100"),
    ("B100", "sm_100"),
    ("RTX PRO 6000", "sm_120"),
    ("RTX PRO 5000", "sm_120"),
    ("RTX PRO 4500", "sm_120"),
    ("RTX PRO 4000", "sm_120"),
    ("RTX 5090", "sm_120"),
    ("RTX 5080", "sm_120"),
    ("RTX 5070", "sm_120"),
    ("RTX 5060", "sm_120"),
    ("RTX 5050", "sm_120"),
    ("H200", "sm_90"),
    ("H100", "sm_90"),
    ("H800", "sm_90"),
    ("H20", "sm_90"),
    ("GH200", "sm_90"),
    ("L40S", "sm_89"),
    ("L40", "sm_89"),
    ("L20", "sm_89"),
    ("L4", "sm_89"),
    ("RTX 6000 Ada", "sm_89"),
    ("RTX 4090", "sm_89"),
    ("RTX 4080", "sm_89"),
    ("RTX 4070", "sm_89"),
    ("RTX 4060", "sm_89"),
    ("RTX 4050", "sm_89"),
    ("A100", "sm_80"),
    ("A800", "sm_80"),
    ("A30", "sm_80"),
    ("A10G", "sm_86"),
    ("A10", "sm_86"),
    ("A40", "sm_86"),
    ("A16", "sm_86"),
    ("A2", "sm_86"),
    ("RTX A6000", "sm_86"),
    ("RTX A5000", "sm_86"),
    ("RTX A4000", "sm_86"),
    ("RTX 3090", "sm_86"),
    ("RTX 3080", "sm_86"),
    ("RTX 3070", "sm_86"),
    ("RTX 3060", "sm_86"),
    ("RTX 3050", "sm_86"),
    ("T4", "sm_75"),
    ("RTX 2080", "sm_75"),
    ("Quadro RTX", "sm_75"),
    ("RTX 2070", "sm_75"),
    ("RTX 2060", "sm_75"),
    ("V100", "sm_70"),
    ("V100S", "sm_70"),
    ("P6000", "sm_61"),
    ("P2200", "sm_61"),
    ("P2000", "sm_61"),
    ("P1000", "sm_61"),
    ("P620", "sm_61"),
    ("P600", "sm_61"),
    ("TITAN Xp", "sm_61"),
    ("RTX A4500", "sm_86"),
    ("RTX A2000", "sm_86"),
    ("A6000", "sm_86"),
    ("A5000", "sm_86"),
    ("A4000", "sm_86"),
    ("Orin", "sm_87"),
    ("Xavier", "sm_72"),
    ("P5000", "sm_61"),
    ("P4000", "sm_61"),
    ("GTX 1080", "sm_61"),
    ("GTX 1070", "sm_61"),
    ("GTX 1060", "sm_61"),
    ("GTX 1050", "sm_61"),
    ("GTX 1660", "sm_75"),
    ("GTX 1650", "sm_75"),
    // (Pascal's mining cards: `NVIDIA P106-100`)
    ("P106", "sm_61"),
    ("P104", "sm_61"),
    ("P102", "sm_61"),
    ("P100", "sm_60"),
    // (the Quadro boards named for their chips: `Quadro GP100`, `Quadro GV100`)
    ("GP100", "sm_60"),
    ("GV100", "sm_70"),
    ("P40", "sm_61"),
    ("P4", "sm_61"),
    ("K80", "sm_37"),
    // (Kepler's GK110 boards: `Tesla K20Xm`, `Tesla K40c`, by their suffixed names, as the
    // table matches whole words)
    ("K20Xm", "sm_35"),
    ("K20X", "sm_35"),
    ("K20m", "sm_35"),
    ("K20c", "sm_35"),
    ("K20", "sm_35"),
    ("K40m", "sm_35"),
    ("K40c", "sm_35"),
    ("K40", "sm_35"),
    // (Kepler's GK208 desktop cards)
    ("GT 720", "sm_35"),
    ("GT 710", "sm_35"),
    ("TITAN RTX", "sm_75"),
    ("TITAN V", "sm_70"),
    ("Titan V", "sm_70"),
    ("M60", "sm_52"),
    ("M40", "sm_52"),
    ("RTX 2000 Ada", "sm_89"),
    ("RTX 4000 Ada", "sm_89"),
    ("RTX 4500 Ada", "sm_89"),
    ("RTX 5000 Ada", "sm_89"),
    // (laptops' entry GPUs: Maxwell's 900M/MX line, Pascal's and Turing's MX)
    ("940MX", "sm_50"),
    ("930MX", "sm_50"),
    ("940M", "sm_50"),
    ("930M", "sm_50"),
    ("950M", "sm_50"),
    ("960M", "sm_50"),
    ("GTX 750 Ti", "sm_50"),
    ("GTX 980", "sm_52"),
    ("GTX 970", "sm_52"),
    ("TITAN X", "sm_52"),
    ("MX150", "sm_61"),
    ("MX250", "sm_61"),
    ("MX350", "sm_61"),
    ("MX450", "sm_75"),
    ("MX550", "sm_75"),
    // (Turing's small workstation cards, desktop and laptop: `NVIDIA T600 Laptop GPU`)
    ("T400", "sm_75"),
    ("T500", "sm_75"),
    ("T550", "sm_75"),
    ("T600", "sm_75"),
    ("T1000", "sm_75"),
    ("T1200", "sm_75"),
    ("T2000", "sm_75"),
];

/// `sm_XY` for a compute capability written alone (`8.9`, `12.0`), as nvidia-smi's CSV query and
/// nvidia-container-cli state it.
fn sm_of_capability(value: &str) -> Option<String> {
    let (major, minor) = value.trim().split_once('.')?;
    let digits = |d: &str, most: usize| {
        (1..=most).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_digit())
    };
    (digits(major, 2) && digits(minor, 1)).then(|| format!("sm_{major}{minor}"))
}

/// `sm_XY` for a GPU model name, when the table knows it.
pub fn sm_for_model(model: &str) -> Option<&'static str> {
    // "RTX3090" as writers spell it is the table's "RTX 3090"
    let mut m = model
        .replace('_', " ")
        .replace("RTX", "RTX ")
        .replace("RTX  ", "RTX ");
    // a virtual GPU names its profile after the board: `GRID A100D-3-40C` is a slice of an A100,
    // `GRID A100D-40C` one of its memory
    static VGPU_PROFILE: LazyLock<regex::Regex> = LazyLock::new(|| {
        regex::Regex::new(r"\b([A-Z]\d{2,3}S?)[A-Z]?(?:-\d+)?-\d+[A-Z]\b").expect("valid regex")
    });
    if m.contains("GRID ") {
        m = VGPU_PROFILE.replace(&m, "$1").into_owned();
    }
    GPU_TABLE
        .iter()
        .find(|(name, _)| {
            // whole-word match so "A10" does not claim "A100" and "L4" not "L40S"
            m.match_indices(name).any(|(i, _)| {
                let after = m[i + name.len()..].chars().next();
                let before = m[..i].chars().next_back();
                !after.is_some_and(|c| c.is_ascii_alphanumeric())
                    && !before.is_some_and(|c| c.is_ascii_alphanumeric())
            })
        })
        .map(|(_, sm)| *sm)
}

/// Built on first use, in ASCII form for ASCII lines (see [`AsciiFirst`]): these run on few
/// lines, so building them costs more than running them.
fn re(p: &str) -> AsciiFirst {
    // validity is checked by the tests, not on every start-up
    AsciiFirst::new(p)
}

/// collect_env on ROCm names the GPUs on its header line with their gfx target:
/// `GPU models and configuration: AMD Instinct MI300X (gfx942:sramecc+:xnack-)`.
static ROCM_GPU_LINE: LazyLock<AsciiFirst> =
    LazyLock::new(|| re(r"^\s*GPU models and configuration\s*:\s*(AMD [^(]+?)\s*\(gfx"));

static GPU_LINE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    // collect_env names a single GPU on its header line: `GPU models and configuration: GPU 0: ...`
    // (SGLang's check_env on ROCm: `GPU 0,1,2,3,4,5,6,7: AMD Instinct MI300X VF`)
    // (vLLM's aligns its keys: `GPU models and configuration : GPU 0: ...`; FlashInfer's lists
    // `GPU 0 (CUDA order)   : NAME | SM120 | ...`; Triton Inference Server's metrics, `Collecting
    // metrics for GPU 0: NVIDIA TITAN RTX`)
    re(
        r"^\s*(?:GPU models and configuration\s*:\s*|Collecting metrics for )?GPU ([\d,\s]+?)(?: \(CUDA order\))?\s*: ((?:NVIDIA|Tesla|Quadro|GeForce|TITAN|Titan|GRID|AMD)[^(|\n]*?)\s*(?:\(UUID.*|\|.*)?$",
    )
});
// a listing of the GPUs by index (`0: NVIDIA GeForce RTX 5090 32607MiB`, and nvidia-smi's
// `--query-gpu=index,name` CSV: `0, NVIDIA H100 80GB HBM3, 81559 MiB`)
static GPU_INDEXED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(r"^(\d{1,2})[:,] +((?:NVIDIA|Tesla|Quadro) [^,(\n]*?)(?: +\d+ ?MiB)? *(?:[,(].*)?$")
});
/// ggml (llama.cpp and the programs built on it) lists each GPU it found as it starts, under
/// `ggml_init_cublas: found N CUDA devices:` (`ggml_cuda_init:` in later versions): `Device 0:
/// NVIDIA A100-SXM4-40GB, compute capability 8.0, VMM: yes`; its ROCm build the GPU's target:
/// `Device 0: AMD Radeon(TM) Graphics, gfx1151 (0x1151), VMM: no, Wave Size: 32`.
static GGML_DEVICE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(r"^Device (\d{1,2}): ([^,]+), (?:compute capability \d+\.\d+|gfx[0-9a-f]+ \(0x)")
});
/// nccl-tests (and rccl-tests) list the device of each rank under `# Using devices`: `#  Rank  0
/// Group  0 Pid 614740 on host device  0 [0000:f3:00] AMD Radeon AI PRO R9700` (NVIDIA's name the
/// GPU too: `... [0x1b] NVIDIA H100 80GB HBM3`; early versions drop the group, and a paste may
/// drop the `#`).
static NCCL_TESTS_DEVICE: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(
        r"^#?\s*Rank\s+\d+\s+(?:Group\s+\d+\s+)?Pid\s+\d+\s+on\s+\S+\s+device\s+(\d+)\s+\[[\w:.]+\]\s+(\S.*?)\s*$",
    )
});
/// A GPU as the PCI database names it, chip then product in brackets: lspci's `NVIDIA Corporation
/// GA100 [A100 SXM4 80GB] (rev a1)`, `ubuntu-drivers devices`' `model : GK107 [GeForce GT 640]`.
static PCI_NAME: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(r"(?:NVIDIA Corporation|^model\s*:) (?:G[KMPV]|TU|GA|AD|GH|GB)\d{3}\w* \[([^\]]+)\]")
});
/// nvidia-smi's table row of a GPU: its index, name and persistence mode (on Windows, the driver
/// model in its place: `WDDM`, `TCC`); a name the families below miss, as the driver names it
/// (`NVIDIA T600 Laptop GPU`).
static SMI_ROW: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(
        r"^\|\s+(\d+)\s+((?:NVIDIA |Tesla |Quadro )?(?:[A-Z][\w\- ]*?)?(?:H100|H200|H800|H20|B200|B300|GB200|A100|A800|A10G?|L40S?|L4|L20|RTX[\w\- ]*|T4|V100|GB10|TITAN \w+|GTX[\w\- ]*|GeForce [\w\- ]*|P100|P40|K80|K[24]0\w*)[\w\- ]*?|NVIDIA [\w\- ]+?)\s+(On|Off|WDDM|TCC)\s+\|",
    )
});
// (the full name a driver gives: a laptop's chip, `NVIDIA GeForce RTX 3060 Laptop GPU`, is its
// own model, as are the `SUPER` refreshes and China's `D` editions, `NVIDIA GeForce RTX 4090 D`;
// the older GTX and TITAN cards by the same driver's names, `NVIDIA GeForce GTX 970`, `NVIDIA
// TITAN RTX`)
static MODEL_MENTION: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(
        r"(NVIDIA[ _](?:GeForce[ _])?(?:RTX[ _]PRO[ _]\d{4}[ _]Blackwell(?:[ _](?:Server|Workstation|Max-Q)(?:[ _]Edition)?)*|RTX[ _]\d{4}(?:[ _]Ti)?(?:[ _]SUPER)?(?:[ _]D\b)?(?:[ _]Ada(?:[ _]Generation)?)?(?:[ _]Laptop[ _]GPU)?|RTX[ _]A\d{4}|GB10|TITAN[ _](?:RTX|Xp|V|X)\b|GTX[ _]\d{3,4}(?:[ _]Ti)?(?:[ _]SUPER)?(?:[ _]Laptop[ _]GPU|[ _]with[ _]Max-Q[ _]Design)?|[A-Z]{1,2}\d{2,3}[A-Z]?(?:[ _-]?(?:SXM\d?|PCIE|PCIe|NVL|HBM3e?|\d+GB)){0,3}|L4\b))",
    )
});
// (not `\b` in front: in a CJK sentence, "显卡是RTX3090", the character before the name is a
// word character to a Unicode word boundary; a refresh's suffix in either case, TensorFlow's
// `name: GeForce RTX 2070 Super computeCapability: 7.5`)
static BARE_MODEL: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(
        r"(?:^|[^A-Za-z0-9_])(?:(\d{1,2}) ?[x×*] ?)?((?:GB|[HBL])\d{2,3}[A-Z]?|L4|A100|A800|A10G?|L40S?|RTX ?PRO ?6000(?: Blackwell)?|RTX ?[2-5]0[5-9]0(?: Ti)?(?: SUPER| Super)?(?: Laptop GPU)?|(?:Quadro )?P[4-6]000|Quadro RTX ?[4-8]000|[2-5]0[5-9]0(?: Ti)? (?:GPU|card)|GTX ?1[0-6][5-8]0(?: Ti| \d{1,2}GB)?(?: with Max-Q Design)?|GB10|Tesla [KMPTV]\d{1,3}(?:-(?:SXM\d?|PCIE|PCIe|\d+GB))*)(?:[^A-Za-z0-9_]|$)",
    )
});
/// TensorFlow's own runtime as a binding builds it under `external/org_tensorflow/` (its core
/// runtime, kernels, framework and C API, none of them in jaxlib).
const TF_OWN_SOURCES: [W; 4] = [
    W::TF_CORE_RUNTIME_SRC,
    W::TF_CORE_KERNELS_SRC,
    W::TF_CORE_FRAMEWORK_SRC,
    W::TF_C_API_SRC,
];
/// Frameworks that other frameworks run inside: seen, they name a log's framework only when no
/// other is named, and then in this order (what runs inside the others first).
const WEAK_FRAMEWORKS: &[&str] = &[
    "llama.cpp",
    // (candle runs under mistral.rs, whose frames name both)
    "candle",
    // (ONNX Runtime may run TensorRT as its execution provider)
    "onnxruntime",
    "deepgemm",
    "flashinfer",
    "tensorrt",
    // (TensorRT's Python samples copy buffers through PyCUDA)
    "pycuda",
    // (LAMMPS and Trilinos run on Kokkos, WarpX and ImpactX on AMReX, Mitsuba on Dr.Jit,
    // OpenMM-ML on TorchANI, Petals on hivemind)
    "kokkos",
    "amrex",
    "drjit",
    "torchani",
    "hivemind",
    // (Chainer and RAPIDS run on CuPy, cuDF's kernels on Numba; Isaac Lab on Isaac Sim; Julia's
    // Flux on CUDA.jl)
    "cupy",
    "cuda.jl",
    "numba",
    "isaacsim",
    // (Unsloth runs its models through bitsandbytes and xformers)
    "unsloth",
    "bitsandbytes",
    "xformers",
    // (Ray runs the torch, TensorFlow or JAX programs of its tasks and workers: a log that shows
    // Ray's own records and only those libraries is a Ray job's)
    "ray",
    "transformers",
    "accelerate",
    "pytorch",
    // (after torch: a torch program's environment may import TensorFlow, which logs as it
    // loads, as transformers does when both are installed)
    "tensorflow",
    // (JAX runs the simulators and trainers that name themselves: Brax, MJX's playground)
    "jax",
    "triton",
    "nccl",
    // (FFmpeg decodes the media of whatever program calls it: its banner names that program's
    // framework only when nothing else does)
    "ffmpeg",
];

/// Triton Inference Server's words (of [`FRAMEWORK_VOTES`]): the server, not the compiler.
const TRITON_SERVER_WORDS: &[W] = &[
    W::TRITONSERVER,
    W::TRITON_READY_FOR_RPC,
    W::TRITON_MODEL_REPOSITORY,
    W::TRITON_SERVER_NAME,
    W::TRITONBACKEND,
    W::TRITON_POLLING,
    W::TRITON_GRPC,
    W::TRITON_GRPC_OLD,
];

/// Words (of `W`, where their text is) that vote for a framework (pytorch only registers that
/// torch was seen).
const FRAMEWORK_VOTES: &[(W, &str)] = &[
    (W::SGLANG, "sglang"),
    (W::SERVER_ARGS, "sglang"),
    (W::SCHEDULER_HIT, "sglang"),
    (W::VLLM, "vllm"),
    (W::VLLM_MIXED, "vllm"),
    (W::ENGINE_CORE, "vllm"),
    (W::TENSORRT_LLM_, "tensorrt_llm"),
    (W::TRT_LLM, "tensorrt_llm"),
    (W::TENSORRT_LLM, "tensorrt_llm"),
    // (the name as its 1.x reports spell it, `TensorRT LLM Version:   1.2`)
    (W::TENSORRT_LLM_SPACED, "tensorrt_llm"),
    // (and Triton Inference Server's backend that runs it, `backends/tensorrtllm/`,
    // `libtriton_tensorrtllm.so`)
    (W::TENSORRTLLM_BACKEND, "tensorrt_llm"),
    // (and its LLM API's MPI sessions, `rank 0 using MpiPoolSession to spawn MPI processes`)
    (W::TRTLLM_MPI_SESSION, "tensorrt_llm"),
    (W::LMDEPLOY, "lmdeploy"),
    // (LMDeploy's inference engine, in its sources' paths and its logs: `src/turbomind/...`)
    (W::TURBOMIND, "lmdeploy"),
    // Ollama: its CLI's and server's own name (`ollama run`, `/root/.ollama/models`, a compose
    // service `ollama  | ...`; its server's records are read by their prefix, see `lines`)
    (W::OLLAMA, "ollama"),
    // (its server's record of each GPU it found, `level=INFO source=types.go:130 msg="inference
    // compute" id=GPU-... library=cuda`)
    (W::OLLAMA_COMPUTE, "ollama"),
    // (and llamafile, llama.cpp in one executable: its files' suffix, `model.llamafile --gpu
    // nvidia`, and the directory it unpacks its GPU module into, `~/.llamafile/ggml-cuda.so`)
    (W::LLAMAFILE, "llamafile"),
    // mistral.rs and candle, Rust runtimes, by their crates' tracing targets and build steps
    // (`ERROR mistralrs_core::engine: ...`, `mistralrs-server`, `candle_core::...`,
    // `failed to run custom build command for candle-kernels`)
    (W::MISTRALRS_CORE, "mistral.rs"),
    (W::MISTRALRS_SERVER, "mistral.rs"),
    // (and vllm.rs, a Rust server built on candle, by its crate's paths, `vllm_rs::utils`)
    (W::VLLM_RS, "vllm.rs"),
    (W::CANDLE_CORE, "candle"),
    (W::CANDLE_KERNELS, "candle"),
    // LLaMA-Factory, by its package's paths in frames and its command (`site-packages/
    // llamafactory/train/tuner.py`, `llamafactory-cli train`)
    (W::LLAMAFACTORY_PKG, "llamafactory"),
    (W::LLAMAFACTORY_CLI, "llamafactory"),
    // LoRAX, TGI's fork for serving many adapters, by its packages' names in frames and its
    // launcher's tracing target (`site-packages/lorax_server/...`, `lorax_launcher:`), first, as
    // a fork may keep a name of TGI's
    (W::LORAX_SERVER, "lorax"),
    (W::LORAX_LAUNCHER, "lorax"),
    // TGI: `text_generation_launcher:` before its launcher's lines, `text_generation_server` in
    // its shards' frames, and the shard's command, `bin/text-generation-server`
    (W::TEXT_GENERATION, "tgi"),
    (W::TEXT_GENERATION_SERVER_CMD, "tgi"),
    // TEI, its sibling for embeddings: its crates' tracing targets, `text_embeddings_router:`,
    // `text_embeddings_backend:`, and its binary's and repository's names,
    // `text-embeddings-router`, `text-embeddings-inference`
    (W::TEXT_EMBEDDINGS, "tei"),
    (W::TEXT_EMBEDDINGS_CMD, "tei"),
    // (and its backends' own reports as they start: `Could not start Candle backend`, its
    // check of the build's arch, `Runtime compute cap 70 is not compatible with compile time
    // compute cap 80`)
    (W::TEI_CANDLE, "tei"),
    (W::TEI_COMPUTE_CAP, "tei"),
    // JAX: its compiled library's module, `jaxlib.xla_extension.XlaRuntimeError`, and its
    // sources in a traceback's frames
    (W::JAXLIB, "jax"),
    (W::JAX_SRC, "jax"),
    // (and by its errors' and NumPy API's modules, `jax.errors.JaxRuntimeError`, `jax.numpy`,
    // its runtime error's name, `XlaRuntimeError: RESOURCE_EXHAUSTED: ...`, and its advice to see
    // its frames, `JAX_TRACEBACK_FILTERING=off`)
    (W::JAX_ERRORS, "jax"),
    (W::JAX_NUMPY, "jax"),
    (W::XLA_RUNTIME_ERROR, "jax"),
    (W::JAX_TRACEBACK, "jax"),
    // (and jaxlib's own build, which compiles XLA as an external repository: its records name
    // their sources `external/org_tensorflow/tensorflow/compiler/xla/...`, later
    // `external/xla/xla/...`; TensorFlow's own name theirs `tensorflow/...`)
    // (but TensorFlow's own runtime, which a binding builds as that external repository too,
    // Spark NLP's and TF Java's: `external/org_tensorflow/tensorflow/core/common_runtime/...`,
    // its kernels and framework, its C API, none of them in jaxlib)
    (W::TF_CORE_RUNTIME_SRC, "tensorflow"),
    (W::TF_CORE_KERNELS_SRC, "tensorflow"),
    (W::TF_CORE_FRAMEWORK_SRC, "tensorflow"),
    (W::TF_C_API_SRC, "tensorflow"),
    (W::JAXLIB_TF_SRC, "jax"),
    (W::JAXLIB_XLA_SRC, "jax"),
    // messages only one framework prints: SGLang's scheduler statistics (`Decode batch,
    // #running-req: N`) and its launcher's `Received sigquit from a child process`; vLLM's front
    // end's report of a failed engine start. (Not SGLang's `Capture cuda graph begin`: scripts
    // that imitate its progress lines print it too.)
    (W::RUNNING_REQ, "sglang"),
    // (and its first releases' scheduler, `new fill batch. #seq: 1. ... #running_req: 0.
    // tree_cache_hit_rate: 49.92%.`)
    (W::RUNNING_REQ_OLD, "sglang"),
    (W::TREE_CACHE_HIT, "sglang"),
    // (and its scheduler's sizes once the KV pool is up, `max_total_num_tokens=N,
    // chunked_prefill_size=N, ...`)
    (W::MAX_TOTAL_NUM_TOKENS, "sglang"),
    (W::SIGQUIT_CHILD, "sglang"),
    (W::ENGINE_CORE_INIT, "vllm"),
    // (and its check, as it sizes the KV cache, that one request of the model's length fits:
    // `The model's max seq len (N) is larger than the maximum number of tokens that can be
    // stored in KV cache (N)`)
    (W::KV_CACHE_TOKENS, "vllm"),
    // (and SGLang's own option in its advice after a failed capture, and its launcher's report
    // of a dead scheduler: `Rank 0 scheduler is dead`)
    (W::MEM_FRACTION, "sglang"),
    (W::SCHEDULER_DEAD, "sglang"),
    // (and messages only SGLang prints: its kernel package `sgl_kernel`, its scheduler's `Prefill
    // out of memory. Try to lower your batch size.`, `KV cache pool leak detected!`, its health
    // check's `Server couldn't get a response from detokenizer`, its PD router's `Prefill
    // bootstrap failed`; and only vLLM: the dump of a failed step's input,
    // `/tmp/err_execute_model_input_<time>.pkl`, its metrics' `Avg prompt throughput`, its
    // loader's `Loading model weights took`, its option `gpu_memory_utilization`, its attention
    // selector's `AttentionSelectorConfig(...)` and `AttentionBackendEnum.X`, its KV-cache check
    // `... larger than the available KV cache memory`, its multimodal encoder's `exceeds the
    // pre-allocated encoder cache size`)
    (W::SGL_KERNEL, "sglang"),
    // (and its kernel package's build tree in a kernel's source path, `CUDA error
    // (/sgl-kernel/build/_deps/repo-flash-attention-src/hopper/...)`)
    (W::SGL_KERNEL_DIR, "sglang"),
    // (and its distribution's name, as pip builds it: `Failed building editable for sgl-kernel`)
    (W::SGL_KERNEL_DIST, "sglang"),
    (W::SGL_PREFILL_OOM, "sglang"),
    (W::SGL_POOL_LEAK, "sglang"),
    (W::SGL_DETOKENIZER, "sglang"),
    (W::SGL_BOOTSTRAP, "sglang"),
    (W::VLLM_INPUT_DUMP, "vllm"),
    (W::VLLM_THROUGHPUT, "vllm"),
    (W::VLLM_WEIGHTS_TOOK, "vllm"),
    (W::VLLM_GPU_MEM_UTIL, "vllm"),
    (W::VLLM_ATTN_SELECTOR, "vllm"),
    (W::VLLM_ATTN_ENUM, "vllm"),
    (W::VLLM_KV_MEMORY, "vllm"),
    (W::VLLM_ENCODER_CACHE, "vllm"),
    // (and its multiprocess executor's file, in its logger's prefix and frames,
    // `[multiproc_executor.py:888]`; its Marlin kernels' check, `... is not divisible by
    // min_thread_k = 128`; its LoRA loader's `expected target modules in`; its option
    // `num_speculative_tokens`)
    (W::VLLM_MULTIPROC, "vllm"),
    (W::VLLM_MIN_THREAD_K, "vllm"),
    (W::VLLM_LORA_TARGETS, "vllm"),
    (W::VLLM_SPEC_TOKENS, "vllm"),
    // (and its sleep mode's allocator, `CUDA Error: out of memory at
    // /workspace/csrc/cumem_allocator.cpp:62`)
    (W::VLLM_CUMEM, "vllm"),
    // Ray, in its exceptions' module (`ray.exceptions.OutOfMemoryError: Task was killed due to
    // the node running low on memory.`): weak, as the programs it runs name themselves
    (W::RAY_EXCEPTIONS, "ray"),
    // Triton, the kernel compiler, in its package's paths and modules (`triton/compiler/
    // compiler.py`, `triton.compiler.errors.CompilationError`), and Triton Inference Server by
    // its binary's and its model repository's names: weak, below torch, which runs most
    // kernels Triton compiles
    (W::TRITON_COMPILER_DIR, "triton"),
    // (its compiled library failing to load, `DLL load failed while importing libtriton`)
    (W::LIBTRITON_IMPORT, "triton"),
    (W::TRITON_LANGUAGE_DIR, "triton"),
    (W::TRITON_RUNTIME_DIR, "triton"),
    (W::TRITON_COMPILER_MODULE, "triton"),
    // (and its compiler's own words: its GPU dialect's passes in an MLIR failure,
    // `ConvertTritonGPUToLLVM`, `Failed to translate TritonGPU to LLVM IR`, and its old wrapper
    // of ptxas's errors, `Internal Triton PTX codegen error`)
    (W::TRITON_GPU_DIALECT, "triton"),
    (W::TRITON_CODEGEN, "triton"),
    // (and a kernel's own source, which its compile errors quote: `b_dk += tl.dot(...)`)
    (W::TRITON_TL_ASSIGN, "triton"),
    (W::TRITONSERVER, "triton"),
    (W::TRITON_MODEL_REPOSITORY, "triton"),
    // (and the server's own words as it starts: its banner and version, `== Triton Inference
    // Server ==`, its backends' API, `TRITONBACKEND_ModelInstanceInitialize: ...`, its polling
    // of the repository and its endpoints, `Started GRPCInferenceService at 0.0.0.0:8001`,
    // `Started GRPCService` in early versions)
    (W::TRITON_SERVER_NAME, "triton"),
    (W::TRITONBACKEND, "triton"),
    (W::TRITON_POLLING, "triton"),
    (W::TRITON_GRPC, "triton"),
    (W::TRITON_GRPC_OLD, "triton"),
    (W::TRITON_READY_FOR_RPC, "triton"),
    // MLC LLM, in its packages' paths and modules (`mlc_llm/serve/engine.py`, the older
    // `mlc_chat`), its sources' checkout (`mlc-llm/cpp/serve/...`) and its chat configuration
    // (`mlc-chat-config.json`)
    (W::MLC_LLM, "mlc-llm"),
    (W::MLC_LLM_DIR, "mlc-llm"),
    (W::MLC_CHAT, "mlc-llm"),
    (W::MLC_CHAT_CONFIG, "mlc-llm"),
    // (and its sources in a traceback's frames, `site-packages/ray/_private/worker.py`, its
    // report of a dead actor, `The actor is dead because its worker process has died.`, and Ray
    // Serve's processes as their lines' tags name them, `(ServeController pid=N)`,
    // `(ServeReplica:app:deployment pid=N)`)
    (W::RAY_PRIVATE, "ray"),
    (W::RAY_ACTOR_DEAD, "ray"),
    (W::RAY_SERVE_CONTROLLER, "ray"),
    (W::RAY_SERVE_REPLICA, "ray"),
    // (and Ray's own records as a job runs: `Started a local Ray instance.`, Ray Train's workers
    // by their tag, `(RayTrainWorker pid=14588)`, a task's death, `A worker died or was killed
    // while executing a task`, and its report's ids, `RayTask ID: ...`)
    (W::RAY_LOCAL_INSTANCE, "ray"),
    (W::RAY_TRAIN_WORKER, "ray"),
    (W::RAY_WORKER_DIED, "ray"),
    (W::RAY_TASK_ID, "ray"),
    // Hugging Face transformers, in its package's paths (a frame's `site-packages/transformers/
    // modeling_utils.py`): weak, as the servers load models through it, but above torch, which
    // it runs on (not `ktransformers/`, `sentence_transformers/`: other packages)
    (W::TRANSFORMERS_DIR, "transformers"),
    // (and its directory in a Windows path, `site-packages\transformers\tokenization_utils.py`)
    (W::TRANSFORMERS_WIN_DIR, "transformers"),
    // (and its logger's records as its example scripts and trainers configure it, which tag each
    // with the level and the module: `[INFO|trainer.py:4074] ... >> Saving model checkpoint`)
    (W::TRANSFORMERS_TRAINER_RECORD, "transformers"),
    (W::TRANSFORMERS_MODELING_RECORD, "transformers"),
    (W::TRANSFORMERS_CONFIG_RECORD, "transformers"),
    // (and xformers, the attention kernels many trainers and UIs call through torch, by its
    // name in its paths and modules: weak, above transformers)
    (W::XFORMERS, "xformers"),
    // (and by its attention operator, in its refusals, `Operator `memory_efficient_attention`
    // does not support inputs:`, and its `python -m xformers.info` report, `memory_efficient_
    // attention.cutlassF: available`)
    (W::XFORMERS_MEA, "xformers"),
    // NVIDIA Dynamo, which serves through vLLM, SGLang or TensorRT-LLM: its Rust runtime's and
    // LLM crate's log targets (`ERROR dynamo_runtime::worker: ...`), its workers' packages
    // (`dynamo/trtllm/main.py`) and its logger (`dynamo.worker:`); not torch's `_dynamo`
    (W::DYNAMO_RUNTIME, "dynamo"),
    (W::DYNAMO_LLM, "dynamo"),
    (W::DYNAMO_TRTLLM, "dynamo"),
    (W::DYNAMO_SGLANG, "dynamo"),
    (W::DYNAMO_VLLM, "dynamo"),
    (W::DYNAMO_WORKER, "dynamo"),
    (W::TORCH, "pytorch"),
    // (and its name as its own messages write it: `please report a bug to PyTorch`)
    (W::PYTORCH_NAME, "pytorch"),
    // (and words only torch prints: its hints after a CUDA error, `CUDA kernel errors might be
    // asynchronously reported ...`, `Compile with `TORCH_USE_CUDA_DSA` ...`, its kernels' sources
    // in a device assertion, `aten/src/ATen/native/cuda/...`, c10d's `TCPStore`, its device count
    // check's `... before calling NumCudaDevices()`, autograd's `Variable._execution_engine`)
    (W::TORCH_DSA_HINT, "pytorch"),
    (W::ATEN_SRC, "pytorch"),
    (W::TORCH_ASYNC_HINT, "pytorch"),
    (W::TCP_STORE, "pytorch"),
    // (and c10d's tag on its socket's and store's records, `[c10d] The client socket has timed
    // out after ...`)
    (W::C10D_TAG, "pytorch"),
    (W::NUM_CUDA_DEVICES, "pytorch"),
    (W::AUTOGRAD_ENGINE, "pytorch"),
    // (and its elastic agent's report of a worker that died, `failed (exitcode: -9) local_rank: 5
    // (pid: 22) of binary: ...`, a paste that kept no frame of torch)
    (W::TORCH_ELASTIC_EXIT, "pytorch"),
    // llama.cpp's ggml, in its functions' and macros' names (`ggml_cuda_init`, `GGML_ASSERT`) and
    // its paths; weak as torch is: Ollama and other servers run it inside
    (W::LLAMA_CPP, "llama.cpp"),
    (W::GGML_LOWER, "llama.cpp"),
    (W::GGML_UPPER, "llama.cpp"),
    // (and its loader's own lines, `llama_model_load: error loading model: ...`)
    (W::LLAMA_MODEL_LOAD, "llama.cpp"),
    // (and its steps' tags as it loads a model and builds its context: `load_tensors: loading
    // model tensors ...`, `llama_context: n_ctx = 4096`)
    (W::LOAD_TENSORS, "llama.cpp"),
    (W::LLAMA_CONTEXT, "llama.cpp"),
    // (and its server's slots as they take and finish requests, `slot update_slots: id  3 |
    // task 561 | ...`, `srv  update_slots: all slots are idle`)
    (W::LLAMA_SERVER_SLOT, "llama.cpp"),
    (W::LLAMA_SERVER_IDLE, "llama.cpp"),
    // Megatron-LM, in its package's paths (`megatron/core/transformer/...`, `Megatron-LM/megatron/
    // initialize.py`) and its iteration log (`iteration 182/ 250000 | consumed samples: 186368 |
    // elapsed time per iteration (ms): ...`)
    (W::MEGATRON_DIR, "megatron"),
    (W::MEGATRON_ITER, "megatron"),
    // (and by its core's modules, `megatron.core.datasets`, its checkout's path,
    // `Megatron-LM/examples/...`, and Megatron Bridge's package)
    (W::MEGATRON_MODULE, "megatron"),
    (W::MEGATRON_LM, "megatron"),
    (W::MEGATRON_BRIDGE, "megatron"),
    // PaddlePaddle, in its package's paths (`site-packages/paddle/fluid/framework.py`, its
    // sources' `/paddle/paddle/phi/...` in the `(at ...)` of its errors, `..\paddle/fluid/` on
    // Windows), its pip name, its `paddle.fluid` module and name (`Your Paddle Fluid works well on
    // SINGLE GPU`), and its C++ namespace in a glog stack's mangled names
    // (`N6paddle9framework7details...`)
    // (PaddleOCR's own package first: the tool the user ran, on PaddlePaddle)
    (W::PADDLEOCR_PKG, "paddleocr"),
    // (FastDeploy's sources and package, `fastdeploy/runtime/backends/tensorrt/trt_backend.cc`,
    // `site-packages/fastdeploy/engine/`: the server, whatever backend it runs)
    (W::FASTDEPLOY_DIR, "fastdeploy"),
    // (fastllm's own errors, `FastLLM Error: Unsupport graph model type qwen3_5_moe`)
    (W::FASTLLM_ERROR, "fastllm"),
    (W::PADDLE_DIR, "paddlepaddle"),
    (W::PADDLE_WIN_DIR, "paddlepaddle"),
    (W::PADDLE_FLUID_SRC, "paddlepaddle"),
    (W::PADDLE_PIP, "paddlepaddle"),
    (W::PADDLE_FLUID, "paddlepaddle"),
    (W::PADDLE_FLUID_NAME, "paddlepaddle"),
    (W::PADDLE_CAMEL, "paddlepaddle"),
    (W::PADDLE_MANGLED, "paddlepaddle"),
    // DeepSpeed, the training engine a run goes through, in its package's paths (a frame's
    // `site-packages/deepspeed/runtime/engine.py`) and its own name in its reports (`DeepSpeed
    // info: version=...`, `DeepSpeedEngine`)
    // Applications and services that name themselves in their paths, modules and loggers:
    // ComfyUI (`ComfyUI/execution.py`, `ComfyUI_windows_portable`, `ComfyUI-Manager`), Xinference
    // (`xinference.api.restful_api`), KTransformers (`site-packages/ktransformers/...`,
    // `KTransformersOps`), faster-whisper (`faster_whisper/transcribe.py`), and NVIDIA's
    // Kubernetes device plugin (its pods, `nvidia-device-plugin-daemonset-x`, and its docs'
    // links, `github.com/NVIDIA/k8s-device-plugin#quick-start`); ComfyUI also by its executor's
    // report of a node that raised, `!!! Exception during processing !!! ...`, and its advice
    // after an out-of-memory error, `This error means you ran out of memory on your GPU.`
    (W::COMFYUI, "comfyui"),
    (W::COMFYUI_NODE_RAISED, "comfyui"),
    (W::COMFYUI_OOM_ADVICE, "comfyui"),
    // (NVIDIA Merlin's HugeCTR, by its logger's tags, `[HCTR][07:03:04.414][INFO][RK0][main]:`,
    // older `[HUGECTR][01:38:29][INFO][RANK0]:`, and its name in its sources and exceptions,
    // `HugeCTR::internal_runtime_error`; DGL by its package's paths and its exception)
    (W::HUGECTR_TAG, "hugectr"),
    (W::HUGECTR_OLD_TAG, "hugectr"),
    (W::HUGECTR, "hugectr"),
    (W::DGL_DIR, "dgl"),
    (W::DGL_ERROR, "dgl"),
    // (Apache TVM by its exception, library and sources, `TVMError: ...`, `libtvm.so`,
    // `tvm/src/runtime/...`; OpenMMLab's ops library and Detectron2 by their packages' paths,
    // `mmcv/ops/...`, `detectron2/layers/...`)
    (W::TVM_ERROR, "tvm"),
    (W::LIBTVM, "tvm"),
    (W::TVM_SRC, "tvm"),
    (W::TVM_INCLUDE, "tvm"),
    (W::MMCV_DIR, "mmcv"),
    (W::MMCV_EXT, "mmcv"),
    (W::DETECTRON2_DIR, "detectron2"),
    // (libraries and programs outside serving and training that run CUDA themselves, by their
    // names in their paths, namespaces, exceptions and banners: Faiss (`faiss::gpu::`, `Faiss
    // assertion`), OpenMM (`OpenMMException`, `simtk/openmm`), GROMACS (`src/gromacs/`, `gmx
    // mdrun`), LAMMPS, Blender (Cycles' `ccl::BlenderSession`, `config/userpref.blend`),
    // LuxCoreRender (`[LuxCore]`), fairseq (`fairseq/`, `fairseq_cli`),
    // Nanotron (its logger's `[INFO|DP=0|PP=0|TP=0]`), torchchat and ExecuTorch)
    (W::FAISS_GPU, "faiss"),
    (W::FAISS_ASSERT, "faiss"),
    (W::SWIGFAISS, "faiss"),
    (W::OPENMM_EXCEPTION, "openmm"),
    (W::OPENMM_SIMTK, "openmm"),
    (W::OPENMM_SWIG, "openmm"),
    (W::OPENMM_TEST, "openmm"),
    (W::GROMACS, "gromacs"),
    (W::GROMACS_SRC, "gromacs"),
    (W::GMX_MDRUN, "gromacs"),
    (W::LAMMPS, "lammps"),
    (W::LAMMPS_DIR, "lammps"),
    (W::BLENDER_SESSION, "blender"),
    (W::BLENDER_PREFS, "blender"),
    (W::BLENDER_GIT, "blender"),
    (W::BLENDER_DOCS, "blender"),
    (W::LUXCORE_TAG, "luxcore"),
    (W::LUXCORE_RENDER, "luxcore"),
    (W::FAIRSEQ_DIR, "fairseq"),
    (W::FAIRSEQ_CLI, "fairseq"),
    (W::NANOTRON, "nanotron"),
    (W::NANOTRON_TAG, "nanotron"),
    (W::TORCHCHAT, "torchchat"),
    (W::EXECUTORCH, "executorch"),
    // (simulators and vision programs by their tags, paths and names: Brax, Genesis
    // (`[Genesis]`), Isaac Gym (`isaacgym`, its Carbonite plugin `[carb.gym.plugin]`), SAPIEN
    // (`[SAPIEN]`), Taichi (`[Taichi]`, `taichi_core`), PyCUDA, whisper.cpp (its loader's
    // `whisper_model_load:`), stable-diffusion.cpp, COLMAP, nvdiffrast, Open3D and
    // FasterTransformer (`[FT][ERROR]`); not Ultralytics, whose YOLO trainers are torch's)
    (W::BRAX_DIR, "brax"),
    (W::GENESIS_TAG, "genesis"),
    (W::ISAACGYM, "isaacgym"),
    (W::CARB_GYM, "isaacgym"),
    (W::SAPIEN_TAG, "sapien"),
    (W::TAICHI_TAG, "taichi"),
    (W::TAICHI_CORE, "taichi"),
    (W::TAICHI_DIR, "taichi"),
    (W::PYCUDA, "pycuda"),
    (W::MODEL_LOAD_WHISPER, "whisper.cpp"),
    (W::INIT_WHISPER, "whisper.cpp"),
    (W::SD_CPP, "stable-diffusion.cpp"),
    (W::COLMAP, "colmap"),
    (W::COLMAP_NAME, "colmap"),
    (W::NVDIFFRAST, "nvdiffrast"),
    (W::OPEN3D, "open3d"),
    (W::FT_TAG, "fastertransformer"),
    // (scientific and HPC codes, tools and bindings that run CUDA themselves, by their names in
    // their paths, namespaces, tags and banners: RELION and cryoSPARC (cryo-EM), Cellpose, the
    // AMReX codes WarpX and ImpactX, nekRS, PyFR, OpenFOAM, Celeritas, hypre, QUDA (`# QUDA:`,
    // its mangled `N4quda`), AmgX, CP2K, DeePMD-kit, TorchANI; miners and crackers (ethminer's
    // `dev::eth::`, hashcat, XMRig, T-Rex, NBMiner); the JVM's and .NET's bindings (DJL,
    // Deeplearning4j, ML.NET, TorchSharp, LLamaSharp); Mitsuba, instant-ngp, gsplat; NVIDIA DALI
    // and cuCIM; Milvus, HeavyDB and PG-Strom; Riva's server; hivemind and BytePS; MatConvNet's
    // `vl_nn*` functions. Then the libraries others run on, weak: Kokkos, AMReX, Dr.Jit,
    // TorchANI, hivemind)
    (W::RELION_UPPER, "relion"),
    (W::RELION_LOWER, "relion"),
    (W::CRYOSPARC, "cryosparc"),
    (W::CELLPOSE, "cellpose"),
    (W::PIC_WARPX, "warpx"),
    (W::PIC_WARPX_NAME, "warpx"),
    (W::IMPACTX, "impactx"),
    (W::IMPACTX_NAME, "impactx"),
    (W::NEKRS, "nekrs"),
    (W::PYFR, "pyfr"),
    (W::OPENFOAM, "openfoam"),
    (W::CELERITAS, "celeritas"),
    (W::HYPRE, "hypre"),
    (W::QUDA_TAG, "quda"),
    (W::QUDA_NS, "quda"),
    (W::AMGX_UPPER, "amgx"),
    (W::AMGX_NS, "amgx"),
    (W::CP2K, "cp2k"),
    (W::DEEPMD_UPPER, "deepmd-kit"),
    (W::DEEPMD_LOWER, "deepmd-kit"),
    (W::TORCHANI, "torchani"),
    (W::ETHMINER, "ethminer"),
    (W::ETH_NS, "ethminer"),
    (W::HASHCAT, "hashcat"),
    (W::XMRIG_NAME, "xmrig"),
    (W::XMRIG, "xmrig"),
    (W::TREX_NAME, "t-rex"),
    (W::NBMINER, "nbminer"),
    (W::DJL_PACKAGE, "djl"),
    (W::DJL_CACHE, "djl"),
    (W::DL4J, "deeplearning4j"),
    (W::ND4J, "deeplearning4j"),
    (W::ML_NET, "ml.net"),
    (W::ORT_CSHARP, "onnxruntime"),
    (W::TORCHSHARP, "torchsharp"),
    (W::LLAMASHARP, "llamasharp"),
    (W::MITSUBA, "mitsuba"),
    (W::INSTANT_NGP, "instant-ngp"),
    // (and nerfstudio, whose methods include one named `instant-ngp`)
    (W::NERFSTUDIO_DIR, "nerfstudio"),
    // (hashcat's kernels, read from its `OpenCL/` folder whatever the backend; Pyrit's CLI;
    // taichi's C++ log, `[cuda_driver.h:operator()@92]`; MXNet's library; Jittor's and MindSpore's sources; CARLA's Unreal server)
    (W::HASHCAT_KERNELS, "hashcat"),
    (W::PYRIT_CLI, "pyrit"),
    (W::TAICHI_DRIVER, "taichi"),
    (W::MXNET_LIB, "mxnet"),
    (W::JITTOR_DIR, "jittor"),
    (W::MINDSPORE_SRC, "mindspore"),
    (W::MINDSPORE_DIR, "mindspore"),
    (W::CARLA_UE4, "carla"),
    // (Coqui's `TTS/tts/` package, Theano's and OneFlow's modules, AutoGPTQ's package; gsplat's
    // folder on Windows)
    (W::COQUI_DIR, "coqui-tts"),
    (W::COQUI_WIN_DIR, "coqui-tts"),
    (W::THEANO, "theano"),
    (W::ONEFLOW_DIR, "oneflow"),
    (W::ONEFLOW_PROTO, "oneflow"),
    (W::AUTO_GPTQ, "auto_gptq"),
    (W::GSPLAT_WIN, "gsplat"),
    // (MMDetection3D's package, Levanter's (not its Haliax, which other JAX programs use), OLMo's, jtop's service under the
    // journal, BlazingSQL's Python side, torch2trt, Polars' errors, the Java cuDF binding of the
    // RAPIDS Accelerator for Spark, llm.c's report of its activations)
    (W::MMDET3D, "mmdet3d"),
    (W::LEVANTER_DIR, "levanter"),
    (W::OLMO_DIR, "olmo"),
    // (OLMo's trainer logs under its module's name, `olmo.train:979  INFO`; ColossalAI's
    // package, and ColossalChat's `coati`, built on it)
    (W::OLMO_TRAIN_LOGGER, "olmo"),
    (W::COLOSSALAI_DIR, "colossalai"),
    (W::COLOSSAL_CHAT_DIR, "colossalai"),
    (W::JTOP_UNIT, "jtop"),
    (W::PYBLAZING, "blazingsql"),
    (W::TORCH2TRT, "torch2trt"),
    (W::POLARS_ERRORS, "polars"),
    (W::SPARK_RAPIDS_JNI, "spark_rapids"),
    (W::SPARK_RAPIDS, "spark_rapids"),
    (W::LLMC_ACTIVATIONS, "llm.c"),
    // (GPTQModel's and llm-compressor's packages, Marian's sources, OpenNMT-py's and ParlAI's)
    (W::GPTQMODEL, "gptqmodel"),
    (W::LLMCOMPRESSOR, "llm-compressor"),
    (W::MARIAN_DEV_SRC, "marian"),
    (W::ONMT_DIR, "opennmt-py"),
    (W::PARLAI_DIR, "parlai"),
    // (Stable Baselines, the TensorFlow original and its PyTorch successor)
    (W::STABLE_BASELINES, "stable_baselines"),
    (W::STABLE_BASELINES3, "stable_baselines3"),
    (W::STABLE_BASELINES_WIN, "stable_baselines"),
    // (Nougat's command and package, MinerU's `magic_pdf` package)
    (W::NOUGAT_BIN, "nougat"),
    (W::NOUGAT_DIR, "nougat"),
    (W::MAGIC_PDF, "mineru"),
    // (Isaac ROS's packages, the ZED camera's ROS wrapper, tch-rs's errors)
    (W::ISAAC_ROS, "isaac_ros"),
    (W::ZED_WRAPPER, "zed_sdk"),
    (W::TCH_ERROR, "tch"),
    // (Darknet's assertions behind its program's name, `darknet: ./src/cuda.c:36:`; OpenCV's
    // exceptions and its build's targets; VapourSynth's errors; FFmpeg's banner)
    (W::DARKNET_ASSERT, "darknet"),
    (W::OPENCV_ERROR, "opencv"),
    (W::OPENCV_VERSIONED, "opencv"),
    (W::OPENCV_TARGET, "opencv"),
    (W::VAPOURSYNTH_ERROR, "vapoursynth"),
    (W::FFMPEG_BANNER, "ffmpeg"),
    // (xmake's scripts, named from its program directory: `@programdir\\rules\\cuda\\...`)
    (W::XMAKE_PROGRAMDIR, "xmake"),
    (W::GSPLAT, "gsplat"),
    (W::DALI_DIR, "dali"),
    (W::DALI_MODULE, "dali"),
    (W::CUCIM, "cucim"),
    (W::MILVUS, "milvus"),
    (W::HEAVYDB, "heavydb"),
    (W::PG_STROM, "pg-strom"),
    (W::PG_STROM_DASH, "pg-strom"),
    (W::RIVA_SERVER, "riva"),
    (W::RIVA_DIR, "riva"),
    (W::HIVEMIND, "hivemind"),
    (W::BYTEPS, "byteps"),
    (W::MATCONVNET, "matconvnet"),
    // (image-model trainers: FluxGym, kohya-ss's sd-scripts (not its GUI's directory alone,
    // under which other libraries load), SimpleTuner; graph and
    // 3D libraries on torch: PyTorch Geometric and its torch-scatter, PyTorch3D, tiny-cuda-nn;
    // Chainer; RAPIDS' cuDF, cuGraph, cuML; then CuPy and Numba, weak, which the others run on)
    (W::FLUXGYM, "fluxgym"),
    (W::SD_SCRIPTS, "kohya_ss"),
    (W::SIMPLETUNER, "simpletuner"),
    (W::TORCH_GEOMETRIC, "pytorch_geometric"),
    (W::TORCH_SCATTER, "pytorch_geometric"),
    (W::PYTORCH3D, "pytorch3d"),
    (W::TINYCUDANN, "tiny-cuda-nn"),
    (W::CHAINER, "chainer"),
    (W::CUDF, "cudf"),
    (W::CUGRAPH, "cugraph"),
    (W::CUML, "cuml"),
    (W::CUPY_MODULE, "cupy"),
    (W::CUPY_NAME, "cupy"),
    (W::NUMBA, "numba"),
    // (Oxford Nanopore's Dorado, by its name in its paths and libraries, `libdorado_torch_lib.so`;
    // Guppy by its log's tags and banner, `[guppy/info]`, `ONT Guppy basecall server software`;
    // Bonito by its package's paths, `bonito/cli/basecaller.py`)
    (W::DORADO, "dorado"),
    (W::GUPPY_TAG, "guppy"),
    (W::GUPPY_BANNER, "guppy"),
    (W::BONITO_PKG, "bonito"),
    // (ExLlamaV2 by its package; TabbyML's server by its crates' log targets, `tabby::serve`;
    // AutoAWQ by its package's paths, `site-packages/awq/quantize/...`; ColabFold by its name
    // and its own guess beside any failed prediction, `Could not predict X. Not Enough GPU
    // memory?`; llm.c by its trainer's source, `train_gpt2.cu`)
    (W::EXLLAMAV2, "exllamav2"),
    (W::TABBY_CRATE, "tabby"),
    (W::AUTOAWQ_DIR, "autoawq"),
    (W::COLABFOLD, "colabfold"),
    (W::COLABFOLD_GUESS, "colabfold"),
    (W::LLM_C, "llm.c"),
    // (Infinity's embedding server by its package and logger, `infinity_emb`; Isaac Lab by its
    // name in its paths and apps, `isaaclab.python.kit`; Isaac Sim by its PhysX extensions'
    // tags, `[omni.physx.fabric.plugin]`, weak: Isaac Lab runs on it)
    (W::INFINITY_EMB, "infinity"),
    (W::ISAACLAB, "isaaclab"),
    // (InfiniStore, the KV-cache store AIBrix runs, by its package)
    (W::INFINISTORE, "infinistore"),
    // (LightGBM by its name in its tags and exceptions, `[LightGBM] [Info]`, `LightGBMError`, and
    // its package; XGBoost by its package and exceptions, `xgboost.core.XGBoostError`)
    (W::LIGHTGBM, "lightgbm"),
    (W::LIGHTGBM_LOWER, "lightgbm"),
    (W::XGBOOST, "xgboost"),
    (W::OMNI_PHYSX, "isaacsim"),
    // (the lab's tools that run on torch or TensorFlow, by their packages: DeepLabCut,
    // `site-packages/deeplabcut/...`, Kilosort, `kilosort/run_kilosort.py`, StarDist,
    // `stardist/models/base.py`)
    (W::DEEPLABCUT, "deeplabcut"),
    (W::KILOSORT, "kilosort"),
    // (Julia's packages by their paths in its stack traces, `@ CUDA ~/.julia/packages/CUDA/
    // bki2w/lib/cudadrv/error.jl:89`, and CUDA.jl's own report, `- CUDA_Runtime_jll: 0.19.0+0`;
    // CuArrays was its array package before CUDA.jl; weak: Flux runs on it)
    (W::JULIA_FLUX, "flux"),
    (W::JULIA_FLUX_WIN, "flux"),
    (W::JULIA_CUDA, "cuda.jl"),
    (W::JULIA_CUDA_WIN, "cuda.jl"),
    (W::JULIA_CUARRAYS, "cuda.jl"),
    (W::CUDA_RUNTIME_JLL, "cuda.jl"),
    // (the GPU video decoders by their packages: decord's, `decord/_ffi/base.py`, VPF's,
    // `PyNvCodec/TC/src/NvDecoder.cpp`)
    (W::DECORD, "decord"),
    (W::PYNVCODEC, "vpf"),
    // (Stable Diffusion WebUI Forge by its checkout's name, InvokeAI by its logger's tag,
    // `[InvokeAI]::ERROR --> ...`, OpenPCDet by its package, `pcdet/ops/iou3d_nms/...`, Frigate
    // by its container's name, Marian by its sources and namespace, `marian::NCCLCommunicator`,
    // gpu-burn by its source, `gpu_burn-drv.cpp`, torchpack by its package, cuVS and RAFT by
    // theirs, `site-packages/cuvs/`, `include/raft/`)
    (W::SD_FORGE, "forge"),
    (W::INVOKEAI, "invokeai"),
    (W::INVOKEAI_LOWER, "invokeai"),
    (W::PCDET, "openpcdet"),
    (W::PCDET_WIN, "openpcdet"),
    (W::OPENPCDET, "openpcdet"),
    (W::FRIGATE, "frigate"),
    (W::MARIAN, "marian"),
    (W::GPU_BURN, "gpu-burn"),
    (W::TORCHPACK, "torchpack"),
    (W::CUVS, "cuvs"),
    (W::RAFT_INCLUDE, "raft"),
    (W::PYLIBRAFT, "raft"),
    // (enroot, the container runtime under Slurm's pyxis, by its name in pyxis' report and its
    // hooks' paths, `/etc/enroot/hooks.d/98-nvidia.sh`)
    (W::ENROOT, "enroot"),
    // (NVIDIA's cuOpt, in its sources' paths, `cpp/src/linear_programming/...` under `cuopt/`;
    // NVIDIA Cosmos's world models, in their packages' paths, `cosmos_predict2/_src/...`;
    // mistral.rs by its crates' names, `mistralrs-core`, `mistralrs_server`)
    (W::CUOPT_DIR, "cuopt"),
    (W::MISTRALRS, "mistral.rs"),
    (W::COSMOS_PREDICT, "cosmos"),
    // (NVIDIA Warp by its native sources and errors, `Warp CUDA error 700: ... (warp/native/
    // warp.cu:958)`; Mojo by its standard library's paths, `mojo/stdlib/stdlib/gpu/...`; IREE by
    // its runtime's sources and package, `iree/hal/drivers/cuda/...`, `iree.runtime`; CatBoost
    // by its sources and exceptions, `catboost/cuda/...`, `_catboost.CatBoostError`; AutoGluon,
    // H2O4GPU, ESPnet, icefall and Fooocus by their names; AUTOMATIC1111's web UI by its
    // checkout's, not Forge's, `stable-diffusion-webui-forge`)
    (W::NV_WARP_SRC, "warp"),
    (W::NV_WARP_ERROR, "warp"),
    (W::MOJO_STDLIB, "mojo"),
    (W::IREE_HAL, "iree"),
    (W::IREE_RUNTIME, "iree"),
    (W::CATBOOST_SRC, "catboost"),
    (W::CATBOOST_MODULE, "catboost"),
    (W::CATBOOST_ERROR, "catboost"),
    (W::AUTOGLUON, "autogluon"),
    (W::AUTOGLUON_LOWER, "autogluon"),
    (W::H2O4GPU, "h2o4gpu"),
    (W::ESPNET, "espnet"),
    (W::ICEFALL, "icefall"),
    (W::FOOOCUS, "fooocus"),
    (W::SD_WEBUI, "stable-diffusion-webui"),
    // (DeepStream by its install's paths and its plugins' names, `/opt/nvidia/deepstream/`,
    // `GstNvInferServer`; ai-toolkit and OneTrainer by their names; MMDetection by its package,
    // `mmdet/`; MLServer, BentoML, NVIDIA Modulus, DeepXDE by their packages; Warp also by its
    // library, `warp/bin/warp.so`)
    (W::DEEPSTREAM, "deepstream"),
    (W::GST_NV, "deepstream"),
    (W::AI_TOOLKIT, "ai-toolkit"),
    (W::ONETRAINER, "onetrainer"),
    (W::MMDET, "mmdetection"),
    (W::MLSERVER, "mlserver"),
    (W::BENTOML, "bentoml"),
    (W::MODULUS, "modulus"),
    (W::DEEPXDE, "deepxde"),
    (W::NV_WARP_SO, "warp"),
    // (federated and privacy-preserving learning, and attribution, by their packages: FedML,
    // Flower, `flwr/`, CrypTen, Opacus, Captum, SHAP, `site-packages/shap/`)
    (W::FEDML, "fedml"),
    (W::FLWR, "flower"),
    (W::CRYPTEN, "crypten"),
    (W::OPACUS, "opacus"),
    (W::CAPTUM, "captum"),
    (W::SHAP_PKG, "shap"),
    // (SAPIEN and Spleeter by their packages, `sapien/`, `spleeter/separator.py`; Triton's
    // FasterTransformer backend by its name, `fastertransformer_backend::ModelInstanceState`)
    (W::SAPIEN, "sapien"),
    (W::SPLEETER, "spleeter"),
    (W::FT_BACKEND, "fastertransformer"),
    (W::STARDIST, "stardist"),
    (W::KOKKOS_NS, "kokkos"),
    (W::KOKKOS_SRC, "kokkos"),
    (W::AMREX_NS, "amrex"),
    (W::AMREX_NAME, "amrex"),
    (W::DRJIT, "drjit"),
    (W::DRJIT_NAME, "drjit"),
    (W::XINFERENCE, "xinference"),
    (W::XINFERENCE_NAME, "xinference"),
    (W::KTRANSFORMERS, "ktransformers"),
    (W::KTRANSFORMERS_NAME, "ktransformers"),
    (W::FASTER_WHISPER, "faster-whisper"),
    (W::FASTER_WHISPER_DASH, "faster-whisper"),
    (W::FASTER_WHISPER_NAME, "faster-whisper"),
    (W::NVIDIA_DEVICE_PLUGIN, "k8s-device-plugin"),
    (W::K8S_DEVICE_PLUGIN, "k8s-device-plugin"),
    // (and SkyPilot, which launches clusters and services for other programs, by its name, its
    // package's paths, `site-packages/sky/serve/serve_utils.py` (not any directory named so, a
    // user's `/media/sky/`), and its state's, `~/.sky/`)
    (W::SKYPILOT, "skypilot"),
    (W::SKY_DIR, "skypilot"),
    (W::SKY_HOME, "skypilot"),
    // Libraries that programs run their models through, weak as torch is: ONNX Runtime
    // (`onnxruntime::CudaCall`, `[E:onnxruntime:, ...]`, `[ONNXRuntimeError]`) and bitsandbytes
    // (`site-packages/bitsandbytes/...`, `libbitsandbytes_cuda116.dll`)
    (W::ONNXRUNTIME, "onnxruntime"),
    (W::ONNXRUNTIME_ERROR, "onnxruntime"),
    (W::BITSANDBYTES, "bitsandbytes"),
    // (and Unsloth, by its name as it writes it in its banners and notices, `🦥 Unsloth: Will
    // patch your computer`, `Unsloth 2025.3.19 patched 28 layers`; weak, as its quantised models
    // are served by the others under the lower-case `unsloth/...` of their repositories)
    (W::UNSLOTH, "unsloth"),
    // (and TensorFlow, by its sources in its C++ logger's records, `tensorflow/core/...`,
    // `tensorflow/stream_executor/...`, and its Python package's paths; not JAX's build of XLA
    // from TensorFlow's tree, `external/org_tensorflow/tensorflow/compiler/...`)
    (W::TF_CORE, "tensorflow"),
    (W::TF_STREAM_EXECUTOR, "tensorflow"),
    (W::TF_PYTHON, "tensorflow"),
    (W::TF_PYTHON_WIN, "tensorflow"),
    (W::TF_CORE_WIN, "tensorflow"),
    (W::TF_STREAM_EXECUTOR_WIN, "tensorflow"),
    // (and its Python package's modules, `tensorflow.python.framework.errors_impl.UnknownError`)
    (W::TF_PYTHON_MODULE, "tensorflow"),
    // MXNet, by its exception, `mxnet.base.MXNetError: [17:13:00] src/operator/...`
    (W::MXNET_ERROR, "mxnet"),
    // (and Hugging Face Accelerate's own report, `accelerate env`: ``- `Accelerate` version:
    // 0.20.3``, then the platform's and torch's; weak, as a trainer's crash may quote it)
    (W::ACCELERATE_ENV, "accelerate"),
    (W::DEEPSPEED_DIR, "deepspeed"),
    (W::DEEPSPEED, "deepspeed"),
    // (and the tag of its loss scaler's records: `[deepspeed] OVERFLOW! Rank 0 Skipping step.`)
    (W::DEEPSPEED_TAG, "deepspeed"),
    // TensorRT, in its loggers' tags (`[11/08/2024-08:46:50] [E] [TRT] ...`, `[TensorRT]
    // ERROR: ...`, tkDNN's `TENSORRT LOG: ...`), its benchmark `trtexec` and its errors'
    // `[file.cpp::function::line] Error Code N: ...`: weak, as TensorRT-LLM and other
    // runtimes build on it
    (W::TRT_TAG, "tensorrt"),
    (W::TENSORRT_TAG, "tensorrt"),
    (W::TENSORRT_LOG, "tensorrt"),
    (W::TRTEXEC, "tensorrt"),
    (W::TRT_ERROR_CODE, "tensorrt"),
    // (and its ONNX parser, by its tool's and its importer's names, `onnx2trt`, `ERROR:
    // .../ModelImporter.cpp:134 In function parseGraph:`; its runtime's sources, `ERROR:
    // ../rtSafe/safeRuntime.cpp (25) - Cuda Error in allocate`; and trtexec's summary of a run,
    // `Total Host Walltime: 3.08622 s`)
    (W::ONNX2TRT, "tensorrt"),
    (W::TRT_MODEL_IMPORTER, "tensorrt"),
    (W::TRT_RT_SAFE, "tensorrt"),
    (W::TRTEXEC_WALLTIME, "tensorrt"),
    // (and a program's own words for what it builds or loads, `Building TensorRT engine`)
    (W::TENSORRT_ENGINE, "tensorrt"),
    // (and its C++ API's namespace, in a program's compiler errors or its runtime's messages:
    // `'class nvinfer1::ICudaEngine' has no member named 'getNbBindings'`)
    (W::NVINFER_NS, "tensorrt"),
    // (and NVIDIA's container of it, in its banner: `== NVIDIA TensorRT ==`)
    (W::TRT_CONTAINER_BANNER, "tensorrt"),
    // (and torch's check of its operands' devices, `Expected all tensors to be on the same
    // device, but found at least two devices, cuda:0 and cpu!`)
    (W::TORCH_SAME_DEVICE, "pytorch"),
    // (and its DataLoader's handler of a worker's fatal signal, `ERROR: Unexpected bus error
    // encountered in worker. This might be caused by insufficient shared memory (shm).`)
    (W::TORCH_WORKER_SIGNAL, "pytorch"),
    // NCCL itself, whose lines (`NCCL INFO`, `NCCL WARN`, `NCCL version`) every program that
    // uses it prints: the framework only of a log that names nothing else, not even torch
    // (nccl-tests, a raw `NCCL_DEBUG` paste)
    (W::NCCL_UPPER, "nccl"),
    // (and nccl-tests, NCCL's own benchmark, in its header, `# nThread 1 nGpus 8 minBytes 8
    // ...`, in its table's units row, `#  (B)  (elements)  (us)  (GB/s)`, a paste that kept
    // only the table, and its reports of a failed call, `host: Test CUDA failure common.cu:732
    // '...'`)
    (W::NCCL_TESTS_HEADER, "nccl"),
    (W::NCCL_TESTS_UNITS, "nccl"),
    (W::NCCL_TESTS_FAILURE, "nccl"),
    (W::NCCL_TESTS_NCCL_FAILURE, "nccl"),
    // (but c10d's own NCCL process group, in its glog tag and its watchdog's reports,
    // `ProcessGroupNCCL.cpp:607`, `WorkNCCL(SeqNum=...)`, is torch's)
    (W::PROCESS_GROUP_NCCL, "pytorch"),
    (W::NCCL_WORK, "pytorch"),
    // SGLang's KV pool as it is made (`KV Cache is allocated. #tokens: N, K size: ...`, then
    // `Memory pool end. avail mem=...`): a start-up log that names the package nowhere else
    (W::SGL_KV_ALLOCATED, "sglang"),
    (W::SGL_POOL_END, "sglang"),
    // (and each step it measures free memory at: `Load weight begin. avail mem=...`, `Capture
    // cuda graph begin. ...`, `Update engine weights online from disk begin. avail mem=...`)
    (W::SGL_STEP_BEGIN, "sglang"),
    // DeepSpeed's launcher, in its logger's `[file:line:function]` tag (`[launch.py:321:
    // sigkill_handler] [...] exits with return code = -11`)
    (W::DS_SIGKILL_HANDLER, "deepspeed"),
    // (and its logger's tag of the records only rank 0 writes, `[logging.py:69:log_dist] [Rank
    // 0] step=40, skipped=2, ...`)
    (W::DS_LOG_DIST, "deepspeed"),
    // (and of its engine's configuration, one indented setting a record: `[config.py:957:print]
    //   fp16_enabled ........ False`)
    (W::DS_CONFIG_PRINT, "deepspeed"),
    // (and its launcher's modules, as the command it runs names them: `-m
    // deepspeed.pt.deepspeed_launch`, later `python -u -m deepspeed.launcher.launch
    // --world_info=...`)
    (W::DS_LAUNCH_MODULE, "deepspeed"),
    (W::DS_LAUNCHER_MODULE, "deepspeed"),
    // (and DDP's reducer, once its gradient buckets are laid out: `Reducer buckets have been
    // rebuilt in this iteration.`)
    (W::TORCH_REDUCER_REBUILT, "pytorch"),
    // (and PyTorch Lightning, which labellers name torch: its packages' paths, its seed notice
    // on each rank, `[rank: 1] Global seed set to 42`, its progress bar's `v_num=`, and its
    // handler of Slurm's SIGTERM, `Bypassing SIGTERM: 15`)
    (W::LIGHTNING_DIR, "pytorch"),
    (W::LIGHTNING_PKG_DIR, "pytorch"),
    (W::LIGHTNING_FABRIC, "pytorch"),
    (W::LIGHTNING_SEED, "pytorch"),
    (W::LIGHTNING_VNUM, "pytorch"),
    (W::LIGHTNING_SIGTERM, "pytorch"),
    // torch's wording of a CUDA call that failed (`RuntimeError: CUDA error: ...`, a cuBLAS call
    // `... when calling `cublasCreate(handle)``): torch seen where no frame names it
    (W::TORCH_CUDA_ERROR, "pytorch"),
    (W::TORCH_CUBLAS_CALL, "pytorch"),
    // DeepGEMM and FlashInfer, the kernel libraries the servers run, in their packages' paths
    // and modules (`deep_gemm/jit/compiler.py`, `flashinfer.jit`) and DeepGEMM's own name in its
    // messages: weak, named only by a log that names no server (their own tests, a benchmark)
    (W::DEEP_GEMM_DIR, "deepgemm"),
    (W::DEEP_GEMM_MODULE, "deepgemm"),
    (W::DEEPGEMM_NAME, "deepgemm"),
    (W::FLASHINFER_DIR, "flashinfer"),
    (W::FLASHINFER_MODULE, "flashinfer"),
    // Last, torch by what only a script on it prints: its wheels' local version (`2.0.0.dev20230209
    // +cu117`, `torch 2.4.0+cu121`, also torchvision's and torchaudio's) and nanoGPT's training
    // records (`iter 10: loss 3.2202, time 893.76ms, mfu 16.68%`); and torch's attention refusing
    // inputs none of its kernels runs (`No available kernel. Aborting execution.`)
    (W::TORCH_CU_WHEEL, "pytorch"),
    (W::NANOGPT_MFU, "pytorch"),
    (W::TORCH_SDPA_NO_KERNEL, "pytorch"),
];
/// A GPU as Ray names a node's resource: `accelerator_type:T4`, `accelerator_type:A100-80G`.
static RAY_ACCELERATOR: LazyLock<AsciiFirst> =
    LazyLock::new(|| re(r"\baccelerator_type:([A-Z][A-Za-z0-9]*(?:-\d+G)?)\b"));

/// Literal hints without which [`BARE_MODEL`] cannot match (it is too costly for every line).
/// (The scan reports overlapping matches, so a hint inside another name stands for it: `H20`
/// for `H200`, `B200` for `GB200`, `A10` for `A100`, `L4` for `L40`.)
const BARE_HINTS: &[&str] = &[
    "H100", "H800", "H20", "B100", "B200", "B300", "GB10", "A800", "A10", "L20", "L4", "RTX",
    "Tesla", "P4000", "P5000", "P6000", "0 GPU", "0 card", "GTX",
];

crate::scan::words! { W {
    GPU_ = "GPU ",
    BRACKET_ = " [",
    COLON_ = ": ",
    NVIDIA = "NVIDIA",
    APABILIT = "apabilit",
    CAPS_PER_GPU = "CAPABILITIES_PER_GPU",
    SM_LOWER = "sm_",
    SM_UPPER = "SM",
    ON_SM = " on sm",
    DEVICE_PROPERTIES = "DeviceProperties(",
    EXPECTING_COMPUTE = "expecting compute",
    COMPUTE_CAP = "compute cap ",
    COMMA_SM_EQ = ", sm=",
    ACCELERATOR_TYPE = "accelerator_type:",
    MIN_CAP = "Minimum capability",
    CUR_CAP = "Current capability",
    SUPPORTS_CAPS = "supports CUDA capabilities",
    CUDA_ARCHS = "CUDA Archs",
    ARCH_LIST = "ARCH_LIST",
    DEVICE_NAME = "device_name=",
    RIVER = "river",
    NVIDIA_SMI = "NVIDIA-SMI",
    CUDA_UPPER = "CUDA",
    CUDA_TITLE = "Cuda",
    CUDA_LOWER = "cuda",
    ERSION = "ersion",
    RELEASE = "release",
    BUILD = "build",
    CUDA_VERSION_ = "cuda_version",
    CUDA_VERSION_DASH = "cuda-version",
    CUDA_VERSION_TITLE = "CUDA Version",
    CUDA_COLON = "CUDA:",
    RROR = "rror",
    EQ_EQ = "==",
    SGLANG = "sglang",
    LLM_ENGINE_V = "LLM engine (v",
    LMSYSORG = "lmsysorg/",
    VLLM_SLASH = "vllm/",
    SERVER_ARGS = "ServerArgs(",
    NON_DEFAULT = "non-default args",
    DASH_DASH = "--",
    LAUNCH_SERVER = "launch_server",
    _SERVE = " serve",
    MODEL_PATH = "model_path=",
    CONFIG_MODEL = "config: model=",
    QUOTED_MODEL = "'model':",
    DASH_MODEL = "--model",
    VLLM_SERVE = "vllm serve",
    PYTHON_TITLE = "Python",
    PYTHON3_ = "python3.",
    SCHEDULER_HIT = "Scheduler hit an exception",
    VLLM = "vllm",
    VLLM_MIXED = "vLLM",
    ENGINE_CORE = "EngineCore",
    TENSORRT_LLM_ = "tensorrt_llm",
    TRT_LLM = "TRT-LLM",
    TENSORRT_LLM = "TensorRT-LLM",
    TENSORRT_LLM_SPACED = "TensorRT LLM",
    TENSORRTLLM_BACKEND = "tensorrtllm",
    TRTLLM_MPI_SESSION = "MpiPoolSession",
    DS_LAUNCH_MODULE = "deepspeed_launch",
    DS_LAUNCHER_MODULE = "deepspeed.launcher",
    TRT_CONTAINER_BANNER = "TensorRT ==",
    LMDEPLOY = "lmdeploy",
    TURBOMIND = "turbomind",
    OLLAMA = "ollama",
    LLAMAFILE = ".llamafile",
    TEXT_GENERATION = "text_generation",
    LORAX_SERVER = "lorax_server",
    MISTRALRS_CORE = "mistralrs_core",
    VLLM_RS = "vllm_rs::",
    CUTLASS_ARCH = "shape combination for arch ",
    NVRTC_ARCH_OPTION = "-arch=compute_",
    ON_GPU = " on GPU ",
    COMPUTE_CAP_COLUMN = "compute_cap",
    MISTRALRS_SERVER = "mistralrs-server",
    CANDLE_CORE = "candle_core::",
    CANDLE_KERNELS = "candle-kernels",
    LLAMAFACTORY_PKG = "/llamafactory/",
    LLAMAFACTORY_CLI = "llamafactory-cli ",
    LORAX_LAUNCHER = "lorax_launcher",
    TEXT_GENERATION_SERVER_CMD = "/text-generation-server\"",
    TEXT_EMBEDDINGS = "text_embeddings_",
    TEXT_EMBEDDINGS_CMD = "text-embeddings-",
    TEI_CANDLE = "Candle backend",
    TEI_COMPUTE_CAP = "compile time compute cap",
    JAXLIB = "jaxlib",
    JAX_SRC = "jax/_src/",
    TORCH = "torch",
    PYTORCH_NAME = "PyTorch",
    TORCH_DSA_HINT = "TORCH_USE_CUDA_DSA",
    ATEN_SRC = "aten/src/",
    TORCH_ASYNC_HINT = "CUDA kernel errors might be asynchronously",
    TCP_STORE = "TCPStore",
    C10D_TAG = "[c10d]",
    NUM_CUDA_DEVICES = "NumCudaDevices",
    AUTOGRAD_ENGINE = "_execution_engine",
    TORCH_ELASTIC_EXIT = "failed (exitcode: ",
    LLAMA_CPP = "llama.cpp",
    GGML_LOWER = "ggml_",
    GGML_UPPER = "GGML_",
    LLAMA_MODEL_LOAD = "llama_model_load",
    MEGATRON_DIR = "megatron/",
    MEGATRON_ITER = "consumed samples:",
    SGL_KV_ALLOCATED = "KV Cache is allocated. #tokens",
    SGL_POOL_END = "Memory pool end. avail mem",
    SGL_STEP_BEGIN = " begin. avail mem=",
    DS_SIGKILL_HANDLER = ":sigkill_handler]",
    DS_LOG_DIST = ":log_dist]",
    DS_CONFIG_PRINT = ":print]   ",
    TORCH_REDUCER_REBUILT = "Reducer buckets have been rebuilt",
    LIGHTNING_DIR = "pytorch_lightning",
    LIGHTNING_PKG_DIR = "lightning/pytorch/",
    LIGHTNING_FABRIC = "lightning_fabric",
    LIGHTNING_SEED = "Global seed set to ",
    LIGHTNING_VNUM = ", v_num=",
    LIGHTNING_SIGTERM = "Bypassing SIGTERM",
    TORCH_CUDA_ERROR = "RuntimeError: CUDA error: ",
    TORCH_CUBLAS_CALL = " when calling `cublas",
    DEEP_GEMM_DIR = "deep_gemm/",
    DEEP_GEMM_MODULE = "deep_gemm.",
    DEEPGEMM_NAME = "DeepGEMM",
    FLASHINFER_DIR = "flashinfer/",
    FLASHINFER_MODULE = "flashinfer.",
    DEEPSPEED_DIR = "deepspeed/",
    DEEPSPEED = "DeepSpeed",
    DEEPSPEED_TAG = "[deepspeed]",
    NCCL_UPPER = "NCCL",
    PROCESS_GROUP_NCCL = "ProcessGroupNCCL",
    NCCL_WORK = "WorkNCCL",
    RUNNING_REQ = "#running-req",
    RUNNING_REQ_OLD = "#running_req: ",
    TREE_CACHE_HIT = "tree_cache_hit_rate",
    NCCL_TESTS_HEADER = " nGpus ",
    NCCL_TESTS_UNITS = "(elements)",
    TRT_TAG = "[TRT]",
    RAY_EXCEPTIONS = "ray.exceptions.",
    TRITON_COMPILER_DIR = "triton/compiler/",
    TRITON_LANGUAGE_DIR = "triton/language/",
    TRITON_RUNTIME_DIR = "triton/runtime/",
    TRITON_COMPILER_MODULE = "triton.compiler.",
    TRITON_GPU_DIALECT = "TritonGPU",
    TRITON_CODEGEN = "Internal Triton PTX codegen error",
    TRITONSERVER = "tritonserver",
    TRITON_MODEL_REPOSITORY = "model_repository_manager",
    TRITON_SERVER_NAME = "Triton Inference Server",
    TRITONBACKEND = "TRITONBACKEND_",
    TRITON_POLLING = "Polling model repository",
    TRITON_GRPC = "Started GRPCInferenceService",
    // (its gRPC endpoint's start-up, one line per method: `grpc_server.cc:101] Ready for RPC
    // 'ServerLive', 0`)
    TRITON_READY_FOR_RPC = "Ready for RPC '",
    TRITON_GRPC_OLD = "Started GRPCService",
    MLC_LLM = "mlc_llm",
    MLC_LLM_DIR = "mlc-llm/",
    MLC_CHAT = "mlc_chat",
    MLC_CHAT_CONFIG = "mlc-chat-config",
    RAY_PRIVATE = "ray/_private/",
    RAY_ACTOR_DEAD = "The actor is dead because",
    RAY_LOCAL_INSTANCE = "Started a local Ray instance",
    RAY_TRAIN_WORKER = "(RayTrainWorker pid=",
    RAY_WORKER_DIED = "A worker died or was killed",
    RAY_TASK_ID = "RayTask ID: ",
    RAY_SERVE_CONTROLLER = "(ServeController pid=",
    RAY_SERVE_REPLICA = "(ServeReplica:",
    TRANSFORMERS_DIR = "transformers/",
    TRANSFORMERS_WIN_DIR = "transformers\\",
    TRANSFORMERS_TRAINER_RECORD = "|trainer.py:",
    TRANSFORMERS_MODELING_RECORD = "|modeling_utils.py:",
    TRANSFORMERS_CONFIG_RECORD = "|configuration_utils.py:",
    LLAMA_CONTEXT = "llama_context: ",
    SGL_KERNEL_DIR = "/sgl-kernel/",
    LOAD_TENSORS = "load_tensors: ",
    LLAMA_SERVER_SLOT = "slot update_slots: id ",
    LLAMA_SERVER_IDLE = "update_slots: all slots are idle",
    XFORMERS = "xformers",
    XFORMERS_MEA = "memory_efficient_attention",
    TRITON_TL_ASSIGN = "= tl.",
    TORCH_CU_WHEEL = "+cu1",
    NANOGPT_MFU = "ms, mfu ",
    TORCH_SDPA_NO_KERNEL = "No available kernel. Aborting execution.",
    JAX_ERRORS = "jax.errors.",
    JAX_NUMPY = "jax.numpy",
    XLA_RUNTIME_ERROR = "XlaRuntimeError",
    JAX_TRACEBACK = "JAX_TRACEBACK_FILTERING",
    TF_CORE_RUNTIME_SRC = "org_tensorflow/tensorflow/core/common_runtime/",
    TF_CORE_KERNELS_SRC = "org_tensorflow/tensorflow/core/kernels/",
    TF_CORE_FRAMEWORK_SRC = "org_tensorflow/tensorflow/core/framework/",
    TF_C_API_SRC = "org_tensorflow/tensorflow/c/",
    JAXLIB_TF_SRC = "external/org_tensorflow/",
    JAXLIB_XLA_SRC = "external/xla/xla/",
    MEGATRON_MODULE = "megatron.core.",
    MEGATRON_LM = "Megatron-LM/",
    PADDLEOCR_PKG = "paddleocr",
    FASTDEPLOY_DIR = "fastdeploy/",
    FASTLLM_ERROR = "FastLLM Error: ",
    PADDLE_DIR = "/paddle/",
    PADDLE_FLUID_SRC = "paddle/fluid/",
    PADDLE_WIN_DIR = "\\paddle\\",
    PADDLE_PIP = "paddlepaddle",
    PADDLE_FLUID = "paddle.fluid",
    PADDLE_FLUID_NAME = "Paddle Fluid",
    PADDLE_CAMEL = "PaddlePaddle",
    PADDLE_MANGLED = "6paddle9framework",
    MEGATRON_BRIDGE = "megatron.bridge",
    DYNAMO_RUNTIME = "dynamo_runtime::",
    DYNAMO_LLM = "dynamo_llm::",
    DYNAMO_TRTLLM = "dynamo/trtllm/",
    DYNAMO_SGLANG = "dynamo/sglang/",
    DYNAMO_VLLM = "dynamo/vllm/",
    DYNAMO_WORKER = "dynamo.worker",
    VLLM_CUMEM = "csrc/cumem_allocator.cpp",
    TENSORRT_TAG = "[TensorRT]",
    TENSORRT_LOG = "TENSORRT LOG",
    TRTEXEC = "trtexec",
    TRT_ERROR_CODE = "] Error Code ",
    ONNX2TRT = "onnx2trt",
    TRT_MODEL_IMPORTER = "ModelImporter.cpp:",
    TRT_RT_SAFE = "rtSafe/",
    NVINFER_NS = "nvinfer1::",
    TRTEXEC_WALLTIME = "Total Host Walltime",
    TENSORRT_ENGINE = "TensorRT engine",
    TORCH_SAME_DEVICE = "Expected all tensors to be on the same device",
    TORCH_WORKER_SIGNAL = " encountered in worker.",
    NCCL_TESTS_FAILURE = ": Test CUDA failure ",
    NCCL_TESTS_NCCL_FAILURE = ": Test NCCL failure ",
    MAX_TOTAL_NUM_TOKENS = "max_total_num_tokens=",
    SIGQUIT_CHILD = "Received sigquit from a child",
    ENGINE_CORE_INIT = "Engine core initialization failed",
    KV_CACHE_TOKENS = "tokens that can be stored in KV cache",
    MEM_FRACTION = "mem-fraction-static",
    SCHEDULER_DEAD = "scheduler is dead",
    SGL_KERNEL = "sgl_kernel",
    SGL_KERNEL_DIST = "sgl-kernel",
    SGL_PREFILL_OOM = "Prefill out of memory",
    SGL_POOL_LEAK = "KV cache pool leak detected",
    SGL_DETOKENIZER = "response from detokenizer",
    SGL_BOOTSTRAP = "Prefill bootstrap failed",
    VLLM_INPUT_DUMP = "err_execute_model_input",
    VLLM_THROUGHPUT = "Avg prompt throughput",
    VLLM_WEIGHTS_TOOK = "Loading model weights took",
    VLLM_GPU_MEM_UTIL = "gpu_memory_utilization",
    VLLM_ATTN_SELECTOR = "AttentionSelectorConfig",
    VLLM_ATTN_ENUM = "AttentionBackendEnum",
    VLLM_KV_MEMORY = "than the available KV cache memory",
    VLLM_ENCODER_CACHE = "pre-allocated encoder cache",
    VLLM_MULTIPROC = "multiproc_executor",
    VLLM_MIN_THREAD_K = "min_thread_k",
    VLLM_LORA_TARGETS = "expected target modules in",
    VLLM_SPEC_TOKENS = "num_speculative_tokens",
    PTXAS_STDERR = "`ptxas` stderr:",
    GPU_NAME_OPTION = "is not defined for option 'gpu-name'",
    NVCC = "nvcc",
    NINJA = "ninja",
    BUILDING_WHEEL = "Building wheel",
    OLLAMA_COMPUTE = "msg=\"inference compute\"",
    CUDA_ARCH_ = "CUDA arch ",
    TARGET_CUDA = "target=cuda:",
    COMPUTE_CAPABILITY_OPTION = "compute-capability=",
    PTXAS_NO_CC = "ptxas does not support CC ",
    COMFYUI = "ComfyUI",
    COMFYUI_NODE_RAISED = "!!! Exception during processing",
    COMFYUI_OOM_ADVICE = "This error means you ran out of memory on your GPU.",
    HUGECTR_TAG = "[HCTR]",
    HUGECTR_OLD_TAG = "[HUGECTR]",
    HUGECTR = "HugeCTR",
    DGL_DIR = "/dgl/",
    DGL_ERROR = "DGLError",
    TVM_ERROR = "TVMError",
    LIBTVM = "libtvm.so",
    TVM_SRC = "tvm/src/",
    TVM_INCLUDE = "/include/tvm/",
    MMCV_DIR = "mmcv/",
    MMCV_EXT = "mmcv._ext",
    DETECTRON2_DIR = "detectron2/",
    FAISS_GPU = "faiss::gpu",
    FAISS_ASSERT = "Faiss assertion",
    SWIGFAISS = "swigfaiss",
    OPENMM_EXCEPTION = "OpenMMException",
    OPENMM_SIMTK = "simtk/openmm",
    OPENMM_SWIG = "_openmm.",
    OPENMM_TEST = "openmm.testInstallation",
    GROMACS = "GROMACS",
    GROMACS_SRC = "src/gromacs/",
    GMX_MDRUN = "gmx mdrun",
    LAMMPS = "LAMMPS",
    LAMMPS_DIR = "/lammps",
    BLENDER_SESSION = "BlenderSession",
    BLENDER_PREFS = "config/userpref.blend",
    BLENDER_GIT = "blender.git",
    BLENDER_DOCS = "docs.blender.org",
    LUXCORE_TAG = "[LuxCore]",
    LUXCORE_RENDER = "luxcorerender",
    FAIRSEQ_DIR = "fairseq/",
    FAIRSEQ_CLI = "fairseq_cli",
    NANOTRON = "nanotron",
    NANOTRON_TAG = "|DP=0|PP=0|TP=0]",
    TORCHCHAT = "torchchat",
    EXECUTORCH = "executorch",
    BRAX_DIR = "/brax/",
    GENESIS_TAG = "[Genesis]",
    ISAACGYM = "isaacgym",
    CARB_GYM = "carb.gym",
    SAPIEN_TAG = "[SAPIEN]",
    TAICHI_TAG = "[Taichi]",
    TAICHI_CORE = "taichi_core",
    TAICHI_DIR = "/taichi/",
    PYCUDA = "pycuda",
    MODEL_LOAD_WHISPER = "whisper_model_load",
    INIT_WHISPER = "whisper_init",
    SD_CPP = "stable-diffusion.cpp",
    COLMAP = "colmap",
    COLMAP_NAME = "COLMAP",
    NVDIFFRAST = "nvdiffrast",
    OPEN3D = "Open3D",
    FT_TAG = "[FT][",
    RELION_UPPER = "RELION",
    RELION_LOWER = "relion",
    CRYOSPARC = "cryosparc",
    CELLPOSE = "cellpose",
    PIC_WARPX = "warpx",
    PIC_WARPX_NAME = "WarpX",
    IMPACTX = "impactx",
    IMPACTX_NAME = "ImpactX",
    NEKRS = "nekRS",
    PYFR = "pyfr",
    OPENFOAM = "OpenFOAM",
    CELERITAS = "celeritas",
    HYPRE = "hypre",
    QUDA_TAG = "# QUDA:",
    QUDA_NS = "N4quda",
    AMGX_UPPER = "AMGX",
    AMGX_NS = "amgx::",
    CP2K = "cp2k",
    DEEPMD_UPPER = "DEEPMD",
    DEEPMD_LOWER = "deepmd",
    TORCHANI = "torchani",
    ETHMINER = "ethminer",
    ETH_NS = "dev::eth::",
    HASHCAT = "hashcat",
    XMRIG_NAME = "XMRig",
    XMRIG = "xmrig",
    TREX_NAME = "T-Rex ",
    NBMINER = "NBMiner",
    DJL_PACKAGE = "ai.djl.",
    DJL_CACHE = ".djl.ai",
    DL4J = "org.deeplearning4j",
    ND4J = "org.nd4j",
    ML_NET = "Microsoft.ML.",
    ORT_CSHARP = "Microsoft.ML.OnnxRuntime",
    TORCHSHARP = "TorchSharp",
    LLAMASHARP = "LLamaSharp",
    MITSUBA = "mitsuba",
    INSTANT_NGP = "instant-ngp",
    NERFSTUDIO_DIR = "/nerfstudio/",
    HASHCAT_KERNELS = "./OpenCL/",
    PYRIT_CLI = "Pyrit_CLI",
    TAICHI_DRIVER = "[cuda_driver.h:operator()@",
    MXNET_LIB = "libmxnet.so",
    JITTOR_DIR = "/jittor/",
    MINDSPORE_SRC = "mindspore/ccsrc/",
    MINDSPORE_DIR = "/mindspore/",
    CARLA_UE4 = "CarlaUE4",
    COQUI_DIR = "/TTS/tts/",
    COQUI_WIN_DIR = "\\TTS\\tts\\",
    THEANO = "theano",
    ONEFLOW_DIR = "oneflow/core/",
    ONEFLOW_PROTO = "oneflow.ErrorProto",
    AUTO_GPTQ = "auto_gptq",
    GSPLAT_WIN = "\\gsplat\\",
    MMDET3D = "mmdet3d/",
    LIBTRITON_IMPORT = "importing libtriton",
    LEVANTER_DIR = "/levanter/",
    OLMO_DIR = "/olmo/",
    OLMO_TRAIN_LOGGER = "olmo.train:",
    COLOSSALAI_DIR = "/colossalai/",
    COLOSSAL_CHAT_DIR = "/coati/",
    JTOP_UNIT = " jtop[",
    PYBLAZING = "pyblazing",
    TORCH2TRT = "torch2trt",
    POLARS_ERRORS = "polars.exceptions.",
    SPARK_RAPIDS_JNI = "ai.rapids.cudf.",
    SPARK_RAPIDS = "com.nvidia.spark.rapids",
    LLMC_ACTIVATIONS = "num_activations: ",
    GPTQMODEL = "gptqmodel",
    LLMCOMPRESSOR = "llmcompressor",
    MARIAN_DEV_SRC = "marian-dev/src/",
    ONMT_DIR = "/onmt/",
    PARLAI_DIR = "/parlai/",
    STABLE_BASELINES = "stable_baselines/",
    STABLE_BASELINES3 = "stable_baselines3/",
    STABLE_BASELINES_WIN = "stable_baselines\\",
    NOUGAT_BIN = "bin/nougat\"",
    NOUGAT_DIR = "/nougat/",
    MAGIC_PDF = "magic_pdf",
    ISAAC_ROS = "isaac_ros",
    ZED_WRAPPER = "zed_wrapper",
    TCH_ERROR = "Tch tensor error",
    DARKNET_ASSERT = "darknet: ./src/",
    OPENCV_ERROR = "OpenCV Error: ",
    OPENCV_VERSIONED = "OpenCV(",
    OPENCV_TARGET = "CMakeFiles/opencv_",
    VAPOURSYNTH_ERROR = "vapoursynth.Error",
    FFMPEG_BANNER = "ffmpeg version ",
    XMAKE_PROGRAMDIR = "@programdir",
    GSPLAT = "gsplat/",
    DALI_DIR = "nvidia/dali/",
    DALI_MODULE = "nvidia.dali",
    CUCIM = "cucim",
    MILVUS = "milvus",
    HEAVYDB = "heavydb",
    PG_STROM = "pg_strom",
    PG_STROM_DASH = "pg-strom",
    RIVA_SERVER = "riva_server",
    RIVA_DIR = "/opt/riva/",
    HIVEMIND = "hivemind",
    BYTEPS = "byteps",
    MATCONVNET = "vl_nn",
    KOKKOS_NS = "Kokkos::",
    KOKKOS_SRC = "Kokkos_",
    AMREX_NS = "amrex::",
    AMREX_NAME = "AMReX",
    DRJIT = "drjit",
    DRJIT_NAME = "Dr.Jit",
    XINFERENCE = "xinference",
    XINFERENCE_NAME = "Xinference",
    KTRANSFORMERS = "ktransformers",
    KTRANSFORMERS_NAME = "KTransformers",
    FASTER_WHISPER = "faster_whisper",
    FASTER_WHISPER_DASH = "aster-whisper",
    FASTER_WHISPER_NAME = "Faster Whisper",
    NVIDIA_DEVICE_PLUGIN = "nvidia-device-plugin",
    K8S_DEVICE_PLUGIN = "k8s-device-plugin",
    SKYPILOT = "SkyPilot",
    SKY_DIR = "-packages/sky/",
    SKY_HOME = ".sky/",
    ONNXRUNTIME = "onnxruntime",
    ONNXRUNTIME_ERROR = "ONNXRuntimeError",
    BITSANDBYTES = "bitsandbytes",
    UNSLOTH = "Unsloth",
    TF_CORE = "tensorflow/core/",
    TF_STREAM_EXECUTOR = "tensorflow/stream_executor/",
    TF_PYTHON = "tensorflow/python/",
    TF_PYTHON_WIN = "tensorflow\\python\\",
    TF_CORE_WIN = "tensorflow\\core\\",
    TF_PYTHON_MODULE = "tensorflow.python.",
    MXNET_ERROR = "MXNetError",
    TF_STREAM_EXECUTOR_WIN = "tensorflow\\stream_executor\\",
    ACCELERATE_ENV = "`Accelerate` version:",
    FLUXGYM = "fluxgym",
    SD_SCRIPTS = "sd-scripts",
    SIMPLETUNER = "SimpleTuner",
    TORCH_GEOMETRIC = "torch_geometric",
    TORCH_SCATTER = "torch_scatter",
    PYTORCH3D = "pytorch3d",
    TINYCUDANN = "tinycudann",
    CHAINER = "chainer",
    CUPY_MODULE = "cupy.",
    CUPY_NAME = "CuPy",
    CUDF = "cudf",
    CUGRAPH = "cugraph",
    CUML = "cuml",
    NUMBA = "numba",
    DORADO = "dorado",
    GUPPY_TAG = "[guppy/",
    GUPPY_BANNER = "ONT Guppy ",
    BONITO_PKG = "bonito/",
    EXLLAMAV2 = "exllamav2",
    TABBY_CRATE = "tabby::",
    AUTOAWQ_DIR = "/awq/",
    COLABFOLD = "colabfold",
    COLABFOLD_GUESS = "Not Enough GPU memory? ",
    LLM_C = "train_gpt2.cu",
    INFINITY_EMB = "infinity_emb",
    OMNI_PHYSX = "omni.physx",
    ISAACLAB = "isaaclab",
    INFINISTORE = "infinistore",
    LIGHTGBM = "LightGBM",
    LIGHTGBM_LOWER = "lightgbm",
    XGBOOST = "xgboost",
    DEEPLABCUT = "deeplabcut",
    KILOSORT = "kilosort",
    JULIA_FLUX = "packages/Flux/",
    JULIA_FLUX_WIN = "packages\\Flux\\",
    JULIA_CUDA = "packages/CUDA/",
    JULIA_CUDA_WIN = "packages\\CUDA\\",
    JULIA_CUARRAYS = "packages/CuArrays/",
    CUDA_RUNTIME_JLL = "CUDA_Runtime_jll",
    DECORD = "decord",
    SD_FORGE = "stable-diffusion-webui-forge",
    INVOKEAI = "[InvokeAI]",
    INVOKEAI_LOWER = "invokeai",
    PCDET = "pcdet/",
    PCDET_WIN = "pcdet\\",
    OPENPCDET = "OpenPCDet",
    FRIGATE = "frigate",
    MARIAN = "marian::",
    GPU_BURN = "gpu_burn",
    TORCHPACK = "torchpack",
    CUVS = "cuvs",
    RAFT_INCLUDE = "include/raft/",
    PYLIBRAFT = "pylibraft",
    ENROOT = "enroot",
    CUOPT_DIR = "/cuopt/",
    MISTRALRS = "mistralrs",
    COSMOS_PREDICT = "cosmos_predict",
    NV_WARP_SRC = "warp/native/",
    NV_WARP_ERROR = "Warp CUDA error",
    MOJO_STDLIB = "mojo/stdlib/",
    IREE_HAL = "iree/hal/",
    IREE_RUNTIME = "iree.runtime",
    CATBOOST_SRC = "catboost/",
    CATBOOST_MODULE = "_catboost.",
    CATBOOST_ERROR = "CatBoostError",
    AUTOGLUON = "AutoGluon",
    AUTOGLUON_LOWER = "autogluon",
    H2O4GPU = "h2o4gpu",
    ESPNET = "espnet",
    ICEFALL = "icefall",
    FOOOCUS = "Fooocus",
    SD_WEBUI = "stable-diffusion-webui",
    DEEPSTREAM = "deepstream",
    GST_NV = "GstNv",
    AI_TOOLKIT = "ai-toolkit",
    ONETRAINER = "OneTrainer",
    MMDET = "mmdet/",
    MLSERVER = "mlserver",
    BENTOML = "bentoml.",
    MODULUS = "modulus",
    DEEPXDE = "deepxde",
    NV_WARP_SO = "warp/bin/warp.so",
    FEDML = "fedml",
    FLWR = "flwr",
    CRYPTEN = "crypten",
    OPACUS = "opacus",
    CAPTUM = "captum",
    SHAP_PKG = "/shap/",
    SAPIEN = "sapien",
    SPLEETER = "spleeter",
    FT_BACKEND = "fastertransformer",
    PYNVCODEC = "PyNvCodec",
    STARDIST = "stardist",
} }

/// One scan of a line for every word of `W` and every bare-model hint, instead of a substring
/// search per word (each `str::contains` builds a fresh searcher, which dominated this module).
/// (A contiguous NFA, not a DFA: it scans these few hundred short words as fast, and a DFA's
/// build was a sixth of the whole run's instructions on a short log.)
static WORDS: LazyLock<aho_corasick::nfa::contiguous::NFA> = LazyLock::new(|| {
    crate::scan::contiguous(W::TEXT.iter().chain(BARE_HINTS), false).expect("valid words")
});

/// The words of `W` (and, from bit `W::TEXT.len()` on, the bare-model hints) that occur in a line.
#[derive(Clone, Copy, Default)]
struct Seen(crate::scan::Found<5>);

// one bit per word and hint
const _: () = assert!(W::TEXT.len() + BARE_HINTS.len() <= 640);

impl Seen {
    fn of(t: &str) -> Seen {
        Seen(crate::scan::Found::of(&*WORDS, t.as_bytes()))
    }

    fn has(self, w: W) -> bool {
        self.0.has(w)
    }

    fn bare_hint(self) -> bool {
        self.0.any_from(W::TEXT.len())
    }
}
// (vLLM's `No compiled <op>: no <kernel> for CUDA device capability: 120` states the device's
// capability as one number, as torch's `Current capability: 75` does; a CuTe DSL op that rejects
// the GPU names its architecture last: `expects arch to be one of [sm_100a], but got sm_121a`;
// Triton and Inductor print the device they compile for as `DeviceProperties(type='cuda',
// index=0, cc=89, ...)`, and the LLVM of a Triton older than the GPU refuses it as `'sm_120' is
// not a recognized processor for this target`; ptxas refuses an instruction the target lacks
// with `not supported on .target 'sm_121'`, the GPU a JIT or a native build compiles for;
// TensorRT refuses an engine built on another GPU with `expecting compute 8.6 got compute 7.5`,
// the device's first (an RTX 4090 reads `expecting compute 8.9 got compute 8.6`);
// bitsandbytes' setup report lists `COMPUTE_CAPABILITIES_PER_GPU = ['8.6']`; TurboMind names the
// device's architecture in a kernel it lacks: `not implemented: dtype=e2m1, is_fused_moe=1, sm=70`;
// TensorRT-LLM a kernel the device lacks at the end of its message: `... is unsupported on SM89.`;
// a kernel library that refuses the GPU: `... but current device compute capability is 120.`;
// TGI's and LoRAX's check before FlashAttention V2 writes it with a space: `GPU with CUDA
// capability 7 5 is not supported for Flash Attention V2`;
// ggml names the device's architecture as 100 × major + 10 × minor in a kernel it lacks: `CUDA
// kernel flash_attn_ext_f16 has no device code compatible with CUDA arch 610`; vLLM's kernels
// that refuse the GPU: `FlashInfer-CUTLASS MoE kernel does not support current device sm_120`;
// TensorRT older than the GPU: `Target GPU SM 120 is not supported by this TensorRT release.`;
// TEI's check of its build against the device: `Runtime compute cap 120 is not compatible with
// compile time compute cap 80`, the device's first; Paddle's note of each device as it starts,
// `Please NOTE: device: 0, CUDA Capability: 70, Driver API Version: 11.0`; vLLM's CUTLASS runners
// name the device's architecture they failed on: `Failed to run cutlass FP4 gemm on sm120.`;
// Triton's MLIR reproducer lists its passes' options, the device's architecture among them:
// `convert-triton-to-tritongpu{... target=cuda:75 ...}`, `allocate-shared-memory-nv{
// compute-capability=120 ...}`, whole only before the next option: a paste may cut it;
// tiny-cuda-nn's bindings finding none of their builds for the device, `Could not find
// compatible tinycudann extension for compute capability 75.`; XLA falling back to the driver
// to compile PTX for a GPU its ptxas is older than: `Falling back to the CUDA driver for PTX
// compilation; ptxas does not support CC 8.9`)
static CAPABILITY: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(
        r"(?i)(?:compute capability among GPUs detected|compute capability|CUDA capability|device capability|Current capability|capability|COMPUTE_CAPABILITIES_PER_GPU)(?:\s+is)?\s*[:=]?\s*(?:\[')?(?:sm_?)?\(?(\d{1,2})[.,]\s?(\d)\)?|with CUDA capabilit(?:y|ies) sm_(\d+)|(?:Current|Compute|CUDA) capability: (\d{2,3})\b|SM ?(\d{2,3}) (?:GPU|device)|on SM ?(\d{2,3})(?: device|\.?\s*$)|ptxas\b.*--gpu-name=sm_(\d{2,3})a?\b|device[ _]capability(?:: | ?= ?)(\d{2,3})\b|expects arch to be one of .*, but got (?:Arch\.)?sm_(\d{2,3})[af]?\b|^\s*Architecture: \w+ \(sm_(\d{2,3})[af]?\)|DeviceProperties\(type='cuda', index=\d+, (?:\w+=\w+, )*?cc=(\d{2,3})\b|^'sm_(\d{2,3})[af]?' is not a recognized processor for this target|not supported on \.target 'sm_(\d{2,3})[af]?'|\bincompatible device, expecting compute (\d{1,2}\.\d)\b|^not implemented: .*, sm=(\d{2,3})\b|\bcurrent (?:device )?compute +capability is (\d{2,3})\b|\bhas no device code compatible with CUDA arch (\d{1,2})(\d)0\b|\bcurrent device sm_(\d{2,3})[af]?\b|\bTarget GPU SM ?(\d{2,3}) is not supported\b|\bGPU with CUDA capability (\d{1,2}) (\d) is not supported\b|\bRuntime compute cap (\d{2,3}) is not compatible\b|\bgemm on sm(\d{2,3})[af]?\b|\btarget=cuda:(\d{2,3})[ },]|\bcompute-capability=(\d{2,3})[ },]|\bextension for compute capability (\d{2,3})\b|\bptxas does not support CC (\d{1,2})\.(\d)\b",
    )
});
/// ptxas refusing the architecture it was asked to build for, anywhere on a line (behind a
/// rank's prefix, quoted bare). Triton compiles for the GPU it runs on and quotes ptxas's output
/// under `` `ptxas` stderr: ``, so there the architecture is the device's; so is it in a log
/// with no build (not in a build, whose target list is a setting). (A paste may cut the line
/// after `is not defined for`.)
/// vLLM's check of a dtype against the GPU names the GPU with its capability: `Your NVIDIA TITAN
/// RTX GPU has compute capability 7.5.`
static GPU_CAPABILITY_STATED: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(r"\bYour ((?:NVIDIA |Quadro |Tesla )?\S.{1,50}?) GPU has compute capability \d")
});
static PTXAS_TARGET: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(r"\bValue 'sm_(\d{2,3})[af]?' is not defined for(?: option 'gpu-name'|\s*$)")
});
static DRIVER: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(
        r"(?i)(?:Driver Version|Nvidia driver version|CUDA Driver Versions?|NVIDIA-SMI|driver version|\bDriver:)\s*:?\s*(\d{3}\.\d+(?:\.\d+)?)",
    )
});
static CUDA: LazyLock<Vec<AsciiFirst>> = LazyLock::new(|| {
    vec![
        re(r"CUDA used to build PyTorch\s*:\s*(\d+\.\d+)"),
        re(r"Cuda compilation tools, release (\d+\.\d+)"),
        // (nvidia-smi of R610 and later drivers says `CUDA UMD Version: 13.3`)
        re(r"CUDA (?:UMD )?Version\s*:\s*(\d+\.\d+)"),
        re(r"CUDA runtime version\s*:\s*(\d+\.\d+)"),
        re(r"(?i)\bcuda[ _-]?(?:version|toolkit)?\s*[:=]\s*(\d+\.\d+)"),
    ]
});
static TORCH_CU: LazyLock<AsciiFirst> = LazyLock::new(|| re(r"\+cu(\d{2,3})\b"));
static PYTHON: LazyLock<Vec<AsciiFirst>> = LazyLock::new(|| {
    vec![
        re(r"^Python(?: version)?\s*:\s*(3\.\d+\.\d+)"),
        re(r"\bPython (3\.\d+\.\d+)\b"),
        re(r"python(3\.\d{1,2})/(?:site|dist)-packages"),
    ]
});
static PIP: LazyLock<AsciiFirst> =
    LazyLock::new(|| re(r"^(?:\[(?:pip3?|conda)\]\s+)?([A-Za-z][\w.\-]*)\s*==\s*([\w.+!\-]+)\s*$"));
static KV: LazyLock<AsciiFirst> = LazyLock::new(|| re(r"^\s*([A-Za-z][\w .\-]*?)\s*:\s+(.+?)\s*$"));
static SERVER_ARGS: LazyLock<AsciiFirst> =
    LazyLock::new(|| re(r"(?:server_args=)?ServerArgs\((.*)\)?"));
static ARG_PAIR: LazyLock<AsciiFirst> =
    LazyLock::new(|| re(r#"(\w+)=('[^']*'|"[^"]*"|\[[^\]]*\]|\{[^}]*\}|[^,)\s]+)"#));
static NON_DEFAULT: LazyLock<AsciiFirst> = LazyLock::new(|| re(r"non-default args:\s*\{(.*)\}?"));
static DICT_PAIR: LazyLock<AsciiFirst> =
    LazyLock::new(|| re(r#"'(\w+)':\s*('[^']*'|"[^"]*"|\[[^\]]*\]|\{[^}]*\}|[^,}]+)"#));
static CLI_LAUNCH: LazyLock<AsciiFirst> = LazyLock::new(|| {
    re(
        r"(?:sglang\.launch_server|sglang serve|vllm serve|vllm\.entrypoints\.\S+|trtllm-serve)\s+(.*)$",
    )
});
static CLI_FLAG: LazyLock<AsciiFirst> =
    LazyLock::new(|| re(r#"--([\w-]+)(?:[ =]('[^']*'|"[^"]*"|[^\s-][^\s]*))?"#));
static VERSION_LINES: LazyLock<Vec<(AsciiFirst, &'static str)>> = LazyLock::new(|| {
    vec![
        (
            re(r"(?i)\bvLLM(?: API server)? [Vv]ersion\s*:?\s*v?(\d+\.\d+[\w.+\-]*)"),
            "vllm",
        ),
        (
            re(
                r"(?:Initializing an? (?:V\d )?|Dumping input data for (?:V\d )?)LLM engine \(v(\d+\.\d+[\w.+\-]*)\)",
            ),
            "vllm",
        ),
        (
            re(r"(?i)\bTensorRT-LLM version:?\s*v?(\d+\.\d+[\w.+\-]*)"),
            "tensorrt_llm",
        ),
        (
            re(r"(?i)\bsglang(?:[:= ]+| version:? |==)v?(\d+\.\d+\.\d+[\w.+\-]*)"),
            "sglang",
        ),
        (
            re(r"lmsysorg/sglang:v(\d+\.\d+\.\d+(?:\.post\d+)?)"),
            "sglang",
        ),
        (re(r"vllm/vllm-openai:v(\d+\.\d+\.\d+)"), "vllm"),
        // (transformers' own report, `transformers env`, first of the packages it lists:
        // ``- `transformers` version: 4.55.0``, then `- DeepSpeed version: not installed` ...)
        (
            re(r"^- `transformers` version: (\d+\.\d+[\w.+\-]*)"),
            "transformers",
        ),
    ]
});
/// All of [`VERSION_LINES`] in one pass: most lines that mention a version match none of them.
static VERSION_SET: LazyLock<AsciiFirstSet> = LazyLock::new(|| {
    // `versions` marks hits in an array of 16
    assert!(VERSION_LINES.len() <= 16, "at most 16 version lines");
    AsciiFirstSet::new(
        VERSION_LINES
            .iter()
            .map(|(r, _)| r.as_str().to_string())
            .collect(),
    )
});
static MODEL: LazyLock<Vec<AsciiFirst>> = LazyLock::new(|| {
    vec![
        re(r#"\bmodel_path=['"]([^'"]+)['"]"#),
        re(r#"Initializing a V\d LLM engine .*? with config: model=['"]([^'"]+)['"]"#),
        re(r#"'model':\s*'([^']+)'"#),
        re(r#"--model(?:-path)?[ =]['"]?([\w./\-]+)"#),
        re(r#"\bvllm serve ['"]?([\w./\-]+)"#),
    ]
});

/// Known package names printed by `sglang.check_env` as `name: version`.
const CHECK_ENV_PACKAGES: &[&str] = &[
    "sglang",
    "sgl_kernel",
    "sglang-kernel",
    "sgl-kernel",
    "flashinfer",
    "flashinfer_python",
    "flashinfer-python",
    "flashinfer_cubin",
    "flashinfer_jit_cache",
    "triton",
    "transformers",
    "torchao",
    "numpy",
    "vllm",
    "xgrammar",
    "deep_gemm",
    "deepgemm",
    "flash_attn",
    "flash-attn",
    "nvidia-nccl-cu12",
    "nvidia-nccl-cu13",
    "tensorrt_llm",
    "tensorrt",
    "torch",
    "torchvision",
];

/// Collects environment facts line by line; earlier, more explicit statements win.
#[derive(Debug, Default)]
pub struct EnvCollector {
    env: Env,
    gpu_ids: std::collections::BTreeSet<u32>,
    sm_stated: Option<String>,
    cuda_rank: usize,
    torch_explicit: bool,
    framework_votes: BTreeMap<&'static str, u32>,
    /// The frameworks in the order their first vote came: on a tie the earlier wins (the
    /// program that ran is named by the outer frames, another it imports by inner ones).
    framework_order: Vec<&'static str>,
    /// A framework known only by the shape of its logger's prefixes (see [`crate::lines::Line::logger`]).
    logger: Option<&'static str>,
    /// Triton Inference Server's own words were seen: the program, whatever backend (torch,
    /// ONNX Runtime) it runs, unless a serving framework it hosts names itself.
    triton_server: bool,
    gpu_model_rank: u8,
    bare_count: Option<u32>,
    /// The line above was Triton's `` `ptxas` stderr: `` heading.
    ptxas_stderr: bool,
    /// The architecture a ptxas refused to target with no Triton heading above it (`ptxas fatal
    /// : Value 'sm_100' is not defined for option 'gpu-name'`), and whether the log shows a build
    /// (nvcc, ninja, a wheel): away from a build, the ptxas that ran was a JIT's, compiling for
    /// the GPU it found.
    ptxas_target: Option<String>,
    build_seen: bool,
    /// The column of `compute_cap` in the CSV header just read (`nvidia-smi
    /// --query-gpu=name,compute_cap --format=csv`): the next line holds its value.
    cap_column: Option<usize>,
    /// The line above asked torch for the device's name in a REPL (`>>>
    /// torch.cuda.get_device_name()`): the next line, quoted, is its answer.
    name_asked: bool,
}

impl EnvCollector {
    /// Reads one line's message.
    pub fn feed(&mut self, text: &str) {
        let t = text.trim();
        let cap_column = self.cap_column.take();
        let name_asked = std::mem::take(&mut self.name_asked);
        if t.len() < 3 || t.len() > 20_000 {
            return;
        }
        let w = Seen::of(t);
        if t.trim_start_matches('>')
            .trim_start()
            .starts_with("torch.cuda.get_device_name(")
        {
            self.name_asked = true;
        } else if name_asked {
            if let Some(name) = t
                .strip_prefix('\'')
                .and_then(|r| r.strip_suffix('\''))
                .filter(|n| !n.contains('\''))
            {
                self.set_model(name, 3);
            }
        }
        if self.sm_stated.is_none() {
            let stated = match cap_column {
                Some(col) => t.split(',').nth(col).and_then(sm_of_capability),
                // nvidia-container-cli's `info` lists each device's compute capability as its
                // `Architecture:   6.1` (lscpu's `Architecture: x86_64` is no number)
                None => t
                    .strip_prefix("Architecture:")
                    .and_then(sm_of_capability)
                    // (Triton Inference Server names it as it places a model's instance:
                    // `Creating instance m_0 on GPU 0 (7.0) using artifact ''`)
                    .or_else(|| {
                        if !w.has(W::ON_GPU) {
                            return None;
                        }
                        let rest = &t[t.find(" on GPU ")? + " on GPU ".len()..];
                        let (_, cap) = rest.split_once(" (")?;
                        sm_of_capability(cap.split_once(')')?.0)
                    }),
            };
            if stated.is_some() {
                self.sm_stated = stated;
            }
        }
        // (TensorRT-LLM's CUTLASS heuristics name the GPU's arch as they refuse a tactic for it,
        // `... shape combination for arch 100.`)
        if self.sm_stated.is_none() && w.has(W::CUTLASS_ARCH) {
            self.sm_stated = arch_after(t, "shape combination for arch ");
        }
        // (CuPy compiles its kernels with NVRTC for the device it runs on, and lists the options
        // of a compile that failed: `Options: -I/.../cupy/core/include -ftz=true -arch=compute_61`)
        if self.sm_stated.is_none() && w.has(W::NVRTC_ARCH_OPTION) && t.starts_with("Options: ") {
            self.sm_stated = arch_after(t, "-arch=compute_");
        }
        if w.has(W::COMPUTE_CAP_COLUMN) && !t.contains('=') {
            self.cap_column = t.split(',').position(|c| c.trim() == "compute_cap");
        }
        if std::mem::take(&mut self.ptxas_stderr) && self.sm_stated.is_none() {
            if let Some(c) = PTXAS_TARGET.captures(t) {
                self.sm_stated = Some(format!("sm_{}", &c[1]));
            }
        }
        if self.ptxas_target.is_none() && w.has(W::GPU_NAME_OPTION) {
            self.ptxas_target = PTXAS_TARGET.captures(t).map(|c| format!("sm_{}", &c[1]));
        }
        if !self.build_seen && (w.has(W::NVCC) || w.has(W::NINJA) || w.has(W::BUILDING_WHEEL)) {
            self.build_seen = true;
        }
        self.ptxas_stderr = w.has(W::PTXAS_STDERR);
        self.gpu(t, w);
        self.versions(t, w);
        self.frameworks(t, w);
        self.args(t, w);
    }

    /// Reads the process tag a line's prefix named: vLLM names its processes (`(VllmWorker
    /// rank=3 pid=1090)`, `(EngineCore_DP0 pid=17374)`, `(APIServer pid=1)`), and a log made
    /// only of its workers' lines may never spell the framework's name in a message.
    pub fn feed_logger(&mut self, logger: &'static str) {
        // (torch's own lines run inside every framework: the weakest vote, not the logger)
        if logger == "pytorch" {
            self.vote("pytorch", 0);
        } else {
            self.logger.get_or_insert(logger);
        }
    }

    /// Reads a line: its message, and what its prefixes named (the process, the logger, the
    /// source of a C++ logger's record).
    pub fn feed_line(&mut self, line: &crate::lines::Line) {
        self.feed(&line.text);
        // TensorFlow's C++ logger names the record's source in the prefix the line reader took
        // off, and jaxlib's build compiles XLA as an external repository (`E
        // external/xla/xla/stream_executor/cuda/cuda_dnn.cc:417] `)
        if line.level.is_some() {
            let prefix = line
                .raw
                .get(..line.raw.len().saturating_sub(line.text.len()))
                .unwrap_or("");
            // (and its PJRT client's, `E1122 00:10:47.231964 290312
            // pjrt_stream_executor_client.cc:3077] `)
            if prefix.contains(" tensorflow_serving/") {
                // (TensorFlow Serving's own sources, `I tensorflow_serving/model_servers/
                // main.cc:153] `: it builds TensorFlow as `external/org_tensorflow` too)
                self.vote("tensorflow_serving", 1);
            } else if prefix.contains("external/xla/xla/")
                || (prefix.contains("external/org_tensorflow/")
                    && !prefix.contains("org_tensorflow/tensorflow/core/")
                    && !prefix.contains("org_tensorflow/tensorflow/c/"))
                || prefix.contains(" pjrt_stream_executor_client.cc:")
            {
                self.vote("jax", 1);
            } else if prefix.contains("external/org_tensorflow/tensorflow/") {
                // (TensorFlow's own runtime built as that external repository by a binding,
                // Spark NLP's: `E external/org_tensorflow/tensorflow/core/common_runtime/
                // session.cc:91] `)
                self.vote("tensorflow", 1);
            } else if prefix.contains(" org.pytorch.serve.") {
                // (TorchServe's frontend's loggers, `[INFO ] W-9005-m-stdout
                // org.pytorch.serve.wlm.WorkerLifeCycle - `)
                self.vote("torchserve", 1);
            } else if prefix.contains(":sleap.") {
                // (SLEAP's loggers, `INFO:sleap.nn.training:`)
                self.vote("sleap", 1);
            } else if prefix.contains(" mistralrs_") {
                // (mistral.rs's crates as tracing's target: `INFO mistralrs_core::engine::
                // logger: Throughput ...`)
                self.vote("mistral.rs", 1);
            } else if prefix.contains(" candle_") {
                // (candle's, `WARN candle_core::...: `)
                self.vote("candle", 1);
            } else if prefix.contains(" text_embeddings_") {
                // (TEI's crates as tracing's target, which the line reader took off:
                // `ERROR text_embeddings_backend: backends/src/lib.rs:491: `)
                self.vote("tei", 1);
            } else if prefix.contains(" WindowlessContext.cpp:") {
                // (habitat-sim's EGL context, `F0702 15:00:34.320842 19023
                // WindowlessContext.cpp:99] `)
                self.vote("habitat-sim", 1);
            } else if prefix.contains(" solver.cpp:") || prefix.contains(" caffe.cpp:") {
                // (Caffe's solver and its command, `I0214 12:03:30.859231 10752 solver.cpp:272] `)
                self.vote("caffe", 1);
            } else if prefix.contains(" tensorflow/") || prefix.contains("\\tensorflow\\") {
                // (TensorFlow's own sources, `I tensorflow/core/common_runtime/gpu/
                // gpu_device.cc:1618] `: weak, as it names no program that runs it)
                self.vote("tensorflow", 0);
            }
        }
        if let Some(p) = &line.process {
            self.feed_process(p);
        }
        if let Some(logger) = line.logger {
            self.feed_logger(logger);
        }
    }

    pub fn feed_process(&mut self, process: &str) {
        const VLLM_PROCESSES: &[&str] = &[
            "VllmWorker",
            "EngineCore",
            "APIServer",
            "RayWorkerWrapper",
            "RayWorkerVllm",
        ];
        // (vLLM V1 names its worker processes by their place in the parallel layout:
        // `Worker_TP3`, `Worker_PP1_TP0`, `Worker_DP0_TP0_EP0`)
        let v1_worker = process
            .strip_prefix("Worker_")
            .is_some_and(|r| r.starts_with(['T', 'P', 'D', 'E']));
        // (and a compose service named after it alone, whose lines docker compose tags `vllm-1
        // | ` by its replica's number: not another program named from it, `vllm-rs-svc0`)
        let service_of = |name: &str| {
            process.strip_prefix(name).is_some_and(|r| {
                r.is_empty()
                    || r.strip_prefix(['-', '_'])
                        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
        };
        if v1_worker || VLLM_PROCESSES.iter().any(|p| process.starts_with(p)) || service_of("vllm")
        {
            self.vote("vllm", 1);
        }
        // (and the other programs users run as a service of that name: Frigate's NVR, whose
        // decoders' lines are ffmpeg's, `frigate | [TIME] ffmpeg.cam.detect ERROR : ...`)
        for name in ["sglang", "ollama", "frigate"] {
            if service_of(name) {
                self.vote(name, 1);
            }
        }
        // SGLang's logger names a process by its place alone: `[TIME TP0]`, `[TIME DP1 TP3]`
        let sglang = process.split(' ').all(|t| {
            ["ATTN_DP", "MOE_DP", "DP", "PP", "TP", "EP", "CP"]
                .iter()
                .find_map(|p| t.strip_prefix(p))
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        });
        if sglang {
            self.vote("sglang", 1);
        }
        // Ray Serve's own processes, `(ServeController pid=N)`, `(ServeReplica:app:deployment
        // pid=N)`, `(ProxyActor pid=N)`: weak, as the model they serve may name its server
        if [
            "ServeController",
            "ServeReplica:",
            "ProxyActor",
            "HTTPProxyActor",
            // (and Ray Train's workers, `(RayTrainWorker pid=N)`)
            "RayTrainWorker",
        ]
        .iter()
        .any(|p| process.starts_with(p))
        {
            self.vote("ray", 0);
        }
    }

    fn gpu(&mut self, t: &str, w: Seen) {
        if w.has(W::OLLAMA_COMPUTE) {
            self.ollama_compute(t);
            return;
        }
        let gpu_line = w.has(W::GPU_) && w.has(W::COLON_);
        // cheap checks first: the regexes run only on lines that can be these shapes
        let smi_row = !gpu_line && t.starts_with('|');
        if let Some(c) = gpu_line.then(|| GPU_LINE.captures(t)).flatten() {
            for id in c[1].split(',').filter_map(|s| s.trim().parse::<u32>().ok()) {
                self.gpu_ids.insert(id);
            }
            self.set_model(c[2].trim(), 3);
        } else if let Some(c) = (gpu_line && t.contains("(gfx"))
            .then(|| ROCM_GPU_LINE.captures(t))
            .flatten()
        {
            self.set_model(c[1].trim(), 3);
        } else if let Some(c) = (t.trim_start_matches(['#', ' ']).starts_with("Rank ")
            && t.contains(" device "))
        .then(|| NCCL_TESTS_DEVICE.captures(t))
        .flatten()
        {
            if let Ok(id) = c[1].parse() {
                self.gpu_ids.insert(id);
            }
            self.set_model(c[2].trim(), 3);
        } else if let Some(c) = (t.starts_with("Device ")
            && (w.has(W::APABILIT) || t.contains(", gfx")))
        .then(|| GGML_DEVICE.captures(t))
        .flatten()
        {
            if let Ok(id) = c[1].parse() {
                self.gpu_ids.insert(id);
            }
            self.set_model(c[2].trim(), 3);
        } else if let Some(c) = (t.as_bytes()[0].is_ascii_digit() && w.has(W::NVIDIA))
            .then(|| GPU_INDEXED.captures(t))
            .flatten()
            .filter(|c| sm_for_model(&c[2]).is_some())
        {
            // (a known model: a numbered list in prose may name the driver or a tool)
            if let Ok(id) = c[1].parse() {
                self.gpu_ids.insert(id);
            }
            self.set_model(c[2].trim(), 3);
        } else if let Some(c) = (w.has(W::BRACKET_) && (w.has(W::NVIDIA) || t.starts_with("model")))
            .then(|| PCI_NAME.captures(t))
            .flatten()
        {
            self.set_model(c[1].trim(), 2);
        } else if let Some(c) = smi_row.then(|| SMI_ROW.captures(t)).flatten() {
            if let Ok(id) = c[1].parse() {
                self.gpu_ids.insert(id);
            }
            self.set_model(c[2].trim(), 2);
        } else if let Some(c) = w
            .has(W::APABILIT)
            .then(|| GPU_CAPABILITY_STATED.captures(t))
            .flatten()
        {
            self.set_model(c[1].trim(), 2);
        } else if w.has(W::NVIDIA) && MODEL_MENTION.is_match(t) {
            if let Some(c) = MODEL_MENTION.captures(t) {
                self.set_model(&c[1].replace('_', " "), 1);
            }
        } else if w.has(W::ACCELERATOR_TYPE)
            && self.gpu_model_rank == 0
            && self.env.gpu_model.is_none()
        {
            // Ray names a node's GPU as a resource, `'accelerator_type:T4': 1.0` (weak evidence,
            // as a bare model name is: kept only when nothing better is said)
            if let Some(c) = RAY_ACCELERATOR.captures(t) {
                if sm_for_model(&c[1]).is_some() {
                    self.env.gpu_model = Some(c[1].to_string());
                }
            }
        } else if self.gpu_model_rank == 0 && self.env.gpu_model.is_none() && w.bare_hint() {
            // "8x H100", "on B200": the weakest evidence, kept only when nothing better is said,
            // and read in a short line or in one sentence of a writer's long paragraph
            let short = if t.len() < 300 {
                Some(t)
            } else {
                t.split(". ")
                    .find(|s| s.len() < 300 && BARE_MODEL.is_match(s))
            };
            if let Some((s, c)) = short.and_then(|s| Some((s, BARE_MODEL.captures(s)?))) {
                // "a 3090 GPU": the GeForce card its number names
                // (not a laptop's chip, whose name ends in `Laptop GPU`)
                let name = match c[2].strip_suffix(" GPU").or(c[2].strip_suffix(" card")) {
                    Some(n) if !n.ends_with(" Laptop") => format!("RTX {n}"),
                    _ => c[2].to_string(),
                };
                // (with the brand a device's own name gives it, `Using GPU Device: GeForce GTX
                // 1080 Ti, Vendor: NVIDIA Corporation`)
                let before = c.get(2).map_or("", |m| &s[..m.start()]);
                let name = ["NVIDIA GeForce ", "GeForce "]
                    .iter()
                    .find(|b| before.ends_with(*b) && name.starts_with(['G', 'R']))
                    .map_or(name.clone(), |b| format!("{b}{name}"));
                if sm_for_model(&name).is_some() && !w.has(W::DEVICE_NAME) {
                    self.env.gpu_model = Some(name);
                    if let Some(n) = c.get(1).and_then(|m| m.as_str().parse::<u32>().ok()) {
                        self.bare_count = Some(n);
                    }
                }
            }
        }
        if w.has(W::APABILIT)
            || w.has(W::CAPS_PER_GPU)
            || w.has(W::SM_LOWER)
            || w.has(W::SM_UPPER)
            || w.has(W::ON_SM)
            || w.has(W::DEVICE_PROPERTIES)
            || w.has(W::EXPECTING_COMPUTE)
            || w.has(W::COMPUTE_CAP)
            || w.has(W::COMMA_SM_EQ)
            || w.has(W::CUDA_ARCH_)
            || w.has(W::TARGET_CUDA)
            || w.has(W::COMPUTE_CAPABILITY_OPTION)
            || w.has(W::PTXAS_NO_CC)
        {
            if w.has(W::MIN_CAP) && !w.has(W::CUR_CAP) {
                return;
            }
            // (ggml names the device's arch before the list it was built for: `... compatible
            // with CUDA arch 750. ggml-cuda.cu was compiled for: __CUDA_ARCH_LIST__`)
            if (w.has(W::SUPPORTS_CAPS) || w.has(W::CUDA_ARCHS) || w.has(W::ARCH_LIST))
                && !w.has(W::CUDA_ARCH_)
            {
                return;
            }
            // (a requirement is not the device: `Device compute capability 8.9 or higher
            // required for FP8 execution.`; the device may follow it on the line: `... 8.9 or
            // higher (e.g., RTX 4090). Your GPU's capability is 8.6.`)
            let stated = CAPABILITY.captures_iter(t).find(|c| {
                let tail = t[c.get(0).map_or(t.len(), |m| m.end())..].trim_start();
                !["or higher", "or above", "or newer", "or later"]
                    .iter()
                    .any(|w| tail.starts_with(w))
            });
            if let Some(c) = stated {
                let major = c.get(1).or(c.get(17)).or(c.get(21)).or(c.get(28));
                let minor = c.get(2).or(c.get(18)).or(c.get(22)).or(c.get(29));
                let sm = if let (Some(a), Some(b)) = (major, minor) {
                    Some(format!("sm_{}{}", a.as_str(), b.as_str()))
                } else {
                    c.get(3)
                        .or(c.get(4))
                        .or(c.get(5))
                        .or(c.get(6))
                        .or(c.get(7))
                        .or(c.get(8))
                        .or(c.get(9))
                        .or(c.get(10))
                        .or(c.get(11))
                        .or(c.get(12))
                        .or(c.get(13))
                        .or(c.get(14))
                        .or(c.get(15))
                        .or(c.get(16))
                        .or(c.get(19))
                        .or(c.get(20))
                        .or(c.get(23))
                        .or(c.get(24))
                        .or(c.get(25))
                        .or(c.get(26))
                        .or(c.get(27))
                        .map(|m| format!("sm_{}", m.as_str().replace('.', "")))
                };
                if let Some(sm) = sm {
                    if self.sm_stated.is_none() && sm.len() <= 6 {
                        self.sm_stated = Some(sm);
                    }
                }
            }
        }
    }

    /// Ollama's record of each GPU it found as it starts: `msg="inference compute" id=GPU-...
    /// library=cuda variant=jetpack6 compute=8.7 driver=12.2 name=Orin total="61.4 GiB"`; later
    /// versions name the device `name=CUDA0` and the GPU `description="NVIDIA GeForce RTX 3090"`,
    /// and ROCm's GPUs by PCI id (`name=1002:73bf`) with their `compute=gfx1030`.
    fn ollama_compute(&mut self, t: &str) {
        static FIELDS: LazyLock<AsciiFirst> = LazyLock::new(|| {
            re(
                r#"\bcompute=(\d{1,2})\.(\d)\b|\bdescription="([^"]{4,80})"|\bname=(?:"([^"]{4,80})"|([A-Za-z][\w-]{2,40})(?:\s|$))"#,
            )
        });
        let (mut model, mut described) = (None, false);
        for c in FIELDS.captures_iter(t) {
            if let (Some(a), Some(b)) = (c.get(1), c.get(2)) {
                if self.sm_stated.is_none() {
                    self.sm_stated = Some(format!("sm_{}{}", a.as_str(), b.as_str()));
                }
            } else if let Some(d) = c.get(3) {
                (model, described) = (Some(d.as_str()), true);
            } else if let Some(n) = c.get(4).or(c.get(5)).filter(|_| !described) {
                // (a device's own name, `CUDA0`, `ROCm1`, names no model)
                let n = n.as_str();
                let device = n.trim_end_matches(|ch: char| ch.is_ascii_digit());
                if !device.eq_ignore_ascii_case("cuda") && !device.eq_ignore_ascii_case("rocm") {
                    model = Some(n);
                }
            }
        }
        if let Some(m) = model {
            self.set_model(m, 3);
        }
    }

    fn set_model(&mut self, name: &str, rank: u8) {
        let name = name.trim_end_matches(['.', ',', ' ']);
        if name.len() < 4 || name.len() > 80 {
            return;
        }
        if rank > self.gpu_model_rank {
            self.gpu_model_rank = rank;
            self.env.gpu_model = Some(name.to_string());
        }
    }

    fn versions(&mut self, t: &str, w: Seen) {
        if self.env.driver_version.is_none() && (w.has(W::RIVER) || w.has(W::NVIDIA_SMI)) {
            if let Some(c) = DRIVER.captures(t) {
                self.env.driver_version = Some(c[1].to_string());
            }
        }
        let cuda = w.has(W::CUDA_UPPER) || w.has(W::CUDA_TITLE) || w.has(W::CUDA_LOWER);
        if cuda
            && (w.has(W::ERSION)
                || w.has(W::RELEASE)
                || w.has(W::BUILD)
                || w.has(W::CUDA_VERSION_)
                || w.has(W::CUDA_VERSION_DASH)
                || w.has(W::CUDA_VERSION_TITLE)
                || w.has(W::CUDA_COLON))
            && !w.has(W::RROR)
        {
            for (i, r) in CUDA.iter().enumerate() {
                if self.env.cuda_version.is_some() && i >= self.cuda_rank {
                    break;
                }
                if let Some(c) = r.captures(t) {
                    self.env.cuda_version = Some(c[1].to_string());
                    self.cuda_rank = i;
                    break;
                }
            }
        }
        // every Python pattern needs one of these words
        let pythonish = w.has(W::PYTHON_TITLE) || w.has(W::PYTHON3_);
        if pythonish
            && self
                .env
                .python_version
                .as_deref()
                .is_none_or(|v| v.matches('.').count() < 2)
        {
            for r in PYTHON.iter() {
                if let Some(c) = r.captures(t) {
                    let v = c[1].to_string();
                    if self.env.python_version.is_none() || v.matches('.').count() == 2 {
                        self.env.python_version = Some(v);
                    }
                    break;
                }
            }
        }
        // PyTorch's own statement of its version beats a pip line without the local part.
        for key in [
            "PyTorch version:",
            "PyTorch:",
            "torch version:",
            "Torch version:",
        ] {
            if let Some(rest) = t.strip_prefix(key) {
                let v = rest.trim();
                if !v.is_empty() && v.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                    let v = v.split_whitespace().next().unwrap_or(v);
                    self.env.packages.insert("torch".into(), v.to_string());
                    self.torch_explicit = true;
                }
            }
        }
        if w.has(W::EQ_EQ) {
            if let Some(c) = PIP.captures(t) {
                let name = normalize_pkg(&c[1]);
                if !(name == "torch" && self.torch_explicit) {
                    self.env
                        .packages
                        .entry(name)
                        .or_insert_with(|| c[2].to_string());
                }
            }
        } else if let Some(c) = w
            .has(W::COLON_)
            .then(|| t.split_once(": "))
            .flatten()
            .filter(|(k, _)| CHECK_ENV_PACKAGES.contains(&k.trim()))
            .and_then(|_| KV.captures(t))
        {
            let key = c[1].trim();
            let val = c[2].trim();
            if CHECK_ENV_PACKAGES.contains(&key)
                && val.chars().next().is_some_and(|c| c.is_ascii_digit())
                && !val.contains(' ')
            {
                self.env
                    .packages
                    .entry(normalize_pkg(key))
                    .or_insert_with(|| val.to_string());
            }
        }
        let versiony = w.has(W::ERSION)
            || w.has(W::SGLANG)
            || w.has(W::LLM_ENGINE_V)
            || w.has(W::LMSYSORG)
            || w.has(W::VLLM_SLASH);
        if !versiony {
            return;
        }
        let mut hits = [false; 16];
        let hits = &mut hits[..VERSION_LINES.len()];
        VERSION_SET.matches_into(hits, t);
        let matching = hits.iter().zip(VERSION_LINES.iter()).filter(|(h, _)| **h);
        for (_, (r, fw)) in matching {
            if let Some(c) = r.captures(t) {
                self.vote(fw, 5);
                self.env
                    .packages
                    .entry(fw.to_string())
                    .or_insert_with(|| release(&c[1]).to_string());
            }
        }
    }

    fn vote(&mut self, fw: &'static str, n: u32) {
        if !self.framework_order.contains(&fw) {
            self.framework_order.push(fw);
        }
        *self.framework_votes.entry(fw).or_default() += n;
    }

    fn frameworks(&mut self, t: &str, w: Seen) {
        // (most lines name no framework: one test of the bits spares the walk over the words)
        static ANY: LazyLock<crate::scan::Found<5>> = LazyLock::new(|| {
            crate::scan::Found::from_patterns(FRAMEWORK_VOTES.iter().map(|(w, _)| *w as usize))
        });
        // each word's places in FRAMEWORK_VOTES, so that a line's few words are looked up, not
        // all the votes' words tested one by one
        static VOTES_OF: LazyLock<Vec<Vec<usize>>> = LazyLock::new(|| {
            let mut of = vec![Vec::new(); W::TEXT.len()];
            for (i, (word, _)) in FRAMEWORK_VOTES.iter().enumerate() {
                of[*word as usize].push(i);
            }
            of
        });
        let hits = w.0.and(*ANY);
        if hits.is_empty() {
            return;
        }
        // (an environment report's line for a package it did not find, `- DeepSpeed version: not
        // installed`, `- Tensorflow version (GPU?): not installed (NA)`, names what is absent)
        let t_end = t.trim_end();
        if t_end.ends_with(": not installed") || t_end.ends_with(": not installed (NA)") {
            return;
        }
        // (in the votes' order, as a tie between frameworks goes to the first voted)
        let mut votes: Vec<usize> = hits
            .ones()
            .flat_map(|i| VOTES_OF[i].iter().copied())
            .collect();
        votes.sort_unstable();
        for (word, fw) in votes.into_iter().map(|i| &FRAMEWORK_VOTES[i]) {
            let text = W::TEXT[*word as usize];
            let named = match text {
                "sglang" | "vllm" | "xinference" | "ktransformers" => names_package(t, text),
                // (a name inside another word names something else: `hoyollama2-70b`, a
                // model's directory, is no Ollama)
                // (Forge's checkout is AUTOMATIC1111's name with its own after it)
                "stable-diffusion-webui" => t.match_indices(text).any(|(i, _)| {
                    !t[i + text.len()..].starts_with("-forge")
                        && !t[i + text.len()..].starts_with("-reForge")
                }),
                // (TensorFlow's own runtime under that external repository is no jaxlib's: the
                // words that name it for TensorFlow, already found on the line)
                "external/org_tensorflow/" => !TF_OWN_SOURCES.iter().any(|own| w.has(*own)),
                // (a line naming llama.cpp too lists what a build vendors: llama-box's `vendor :
                // llama.cpp eccc7a16 (5136), stable-diffusion.cpp 3eb18db (204)`)
                "stable-diffusion.cpp" => !w.has(W::LLAMA_CPP),
                // (ONNX Runtime's C# bindings are `Microsoft.ML.OnnxRuntime`, not ML.NET)
                "Microsoft.ML." => t
                    .match_indices(text)
                    .any(|(i, _)| !t[i + text.len()..].starts_with("OnnxRuntime")),
                "transformers/" | "transformers\\" | "ollama" => {
                    t.match_indices(text).any(|(i, _)| {
                        !t[..i]
                            .ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                    })
                }
                _ => true,
            };
            if named {
                self.vote(fw, if WEAK_FRAMEWORKS.contains(fw) { 0 } else { 1 });
            }
        }
        if TRITON_SERVER_WORDS.iter().any(|w2| w.has(*w2)) {
            self.triton_server = true;
        }
    }

    fn args(&mut self, t: &str, w: Seen) {
        if w.has(W::SERVER_ARGS) {
            if let Some(c) = SERVER_ARGS.captures(t) {
                for p in ARG_PAIR.captures_iter(&c[1]) {
                    self.env
                        .server_args
                        .insert(p[1].to_string(), unquote(&p[2]));
                }
            }
        } else if w.has(W::NON_DEFAULT) {
            if let Some(c) = NON_DEFAULT.captures(t) {
                for p in DICT_PAIR.captures_iter(&c[1]) {
                    self.env
                        .server_args
                        .insert(p[1].to_string(), unquote(p[2].trim()));
                }
            }
        } else if w.has(W::DASH_DASH) && (w.has(W::LAUNCH_SERVER) || w.has(W::_SERVE)) {
            if let Some(c) = CLI_LAUNCH.captures(t) {
                for p in CLI_FLAG.captures_iter(&c[1]) {
                    let v = p
                        .get(2)
                        .map(|m| unquote(m.as_str()))
                        .unwrap_or_else(|| "true".into());
                    self.env
                        .server_args
                        .entry(p[1].replace('-', "_"))
                        .or_insert(v);
                }
            }
        }
        let modelish = w.has(W::MODEL_PATH)
            || w.has(W::CONFIG_MODEL)
            || w.has(W::QUOTED_MODEL)
            || w.has(W::DASH_MODEL)
            || w.has(W::VLLM_SERVE);
        if self.env.model.is_none() && modelish {
            for r in MODEL.iter() {
                if let Some(c) = r.captures(t) {
                    self.env.model = Some(c[1].to_string());
                    break;
                }
            }
        }
    }

    /// The environment, with derived fields (architecture from the model, framework version).
    pub fn finish(mut self) -> Env {
        if !self.gpu_ids.is_empty() {
            self.env.gpu_count = Some(self.gpu_ids.len() as u32);
        } else if self.gpu_model_rank == 0 {
            self.env.gpu_count = self.bare_count;
        }
        self.env.sm_arch = self
            .sm_stated
            .clone()
            .or_else(|| {
                self.env
                    .gpu_model
                    .as_deref()
                    .and_then(sm_for_model)
                    .map(str::to_string)
            })
            .or_else(|| self.ptxas_target.clone().filter(|_| !self.build_seen));
        if self.env.cuda_version.is_none() {
            if let Some(v) = self
                .env
                .packages
                .get("torch")
                .and_then(|t| TORCH_CU.captures(t))
            {
                let d = &v[1];
                let (major, minor) = d.split_at(d.len() - 1);
                self.env.cuda_version = Some(format!("{major}.{minor}"));
            }
        }
        let order = |k: &str| self.framework_order.iter().position(|f| *f == k);
        let best = self
            .framework_votes
            .iter()
            .filter(|(k, v)| !WEAK_FRAMEWORKS.contains(*k) && **v > 0)
            .max_by_key(|(k, v)| (**v, std::cmp::Reverse(order(k))))
            .map(|(k, _)| *k);
        // (a logger's shape is the weakest evidence: a log that names a framework anywhere is
        // that framework's, and another stack may embed vLLM and its logger)
        // (then what runs inside the others: llama.cpp, then torch, also as an installed
        // package, then NCCL)
        let weak = WEAK_FRAMEWORKS.iter().copied().find(|fw| {
            self.framework_votes.contains_key(fw)
                || (*fw == "pytorch" && self.env.packages.contains_key("torch"))
        });
        let server = self.triton_server.then_some("triton");
        let fw = best.or(server).or(self.logger).or(weak);
        if let Some(fw) = fw {
            self.env.framework = Some(fw.to_string());
            let key = if fw == "pytorch" { "torch" } else { fw };
            self.env.framework_version = self.env.packages.get(key).cloned();
        }
        self.env
    }
}

/// The architecture a line states as the two or three digits after `marker` (its last
/// occurrence): `... for arch 100.`, `-arch=compute_61`.
fn arch_after(t: &str, marker: &str) -> Option<String> {
    let (_, rest) = t.rsplit_once(marker)?;
    let digits = &rest[..rest.bytes().take_while(u8::is_ascii_digit).count()];
    (2..=3)
        .contains(&digits.len())
        .then(|| format!("sm_{digits}"))
}

/// Whether `name` occurs in `t` as something other than the name of a Python environment or of
/// another project (a conda env `envs/vllm/`, a venv `sglang/lib/python3.12`, a hidden `~/.sglang`,
/// `mini-sglang`): users name their environments after what they meant to run, which is not
/// what the log shows running.
fn names_package(t: &str, name: &str) -> bool {
    t.match_indices(name).any(|(i, _)| {
        let before = &t[..i];
        let after = &t[i + name.len()..];
        !(before.ends_with("envs/")
            || before.ends_with("/.")
            || before.ends_with(|c: char| c == '-' || c.is_ascii_alphanumeric())
            || after.starts_with("/lib/python")
            || after.starts_with("/bin/")
            // (a Rust port of the same name, vllm.rs: `vllm_rs::core::engine`, `vllm-rs-svc0`)
            || ["_rs", "-rs", ".rs"].iter().any(|r| after.starts_with(r))
            || encloses_environment(after))
    })
}

/// Whether the rest of a path, after a directory's name, goes into a Python environment
/// (`ktransformers/.venv/lib/python3.11/site-packages/sglang/...`): that directory is a
/// checkout the environment lives in, and the packages the environment runs are others.
fn encloses_environment(after: &str) -> bool {
    let path = after
        .split(|c: char| c.is_whitespace() || c == '"' || c == '\'')
        .next()
        .unwrap_or("");
    path.starts_with('/') && (path.contains("/.venv/") || path.contains("/site-packages/"))
}

/// A version as stated, without the punctuation after it or a container tag's CUDA flavour
/// (`lmsysorg/sglang:v0.4.6.post1-cu124` is sglang 0.4.6.post1).
fn release(v: &str) -> &str {
    let v = v.trim_end_matches(['.', ',']);
    match v.find("-cu") {
        Some(i) if v[i + 3..].starts_with(|c: char| c.is_ascii_digit()) => &v[..i],
        _ => v,
    }
}

fn normalize_pkg(name: &str) -> String {
    let n = name.to_ascii_lowercase().replace('_', "-");
    match n.as_str() {
        "flashinfer" | "flashinfer-python" => "flashinfer-python".into(),
        "sgl-kernel" | "sglang-kernel" => "sgl-kernel".into(),
        "tensorrt-llm" => "tensorrt_llm".into(),
        _ => n,
    }
}

fn unquote(s: &str) -> String {
    s.trim().trim_matches(|c| c == '\'' || c == '"').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The framework of raw log lines read as triage reads them: text, process tag, logger.
    fn framework_of(raws: &[&str]) -> Option<String> {
        let mut c = EnvCollector::default();
        for raw in raws {
            let l = crate::lines::Line::new(1, raw.to_string());
            c.feed(&l.text);
            if let Some(p) = &l.process {
                c.feed_process(p);
            }
            if let Some(logger) = l.logger {
                c.feed_logger(logger);
            }
        }
        c.finish().framework
    }

    fn env(lines: &[&str]) -> Env {
        let mut c = EnvCollector::default();
        for l in lines {
            c.feed(l);
        }
        c.finish()
    }

    #[test]
    fn ollamas_inference_compute_record_names_the_gpu() {
        let e = env(&[
            r#"msg="inference compute" id=GPU-5fd1 library=cuda variant=jetpack6 compute=8.7 driver=12.2 name=Orin total="61.4 GiB""#,
        ]);
        assert_eq!(
            (e.gpu_model.as_deref(), e.sm_arch.as_deref()),
            (Some("Orin"), Some("sm_87"))
        );
        // (later versions: the device's own name, then the GPU's)
        let e = env(&[
            r#"msg="inference compute" id=GPU-5fd1 library=CUDA compute=8.6 name=CUDA0 description="NVIDIA GeForce RTX 3090" driver=12.8"#,
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA GeForce RTX 3090"));
        // (ROCm's: a PCI id and a gfx target, neither a model nor an sm)
        let e = env(&[
            r#"msg="inference compute" id=0 library=rocm variant="" compute=gfx1030 driver=6.3 name=1002:73bf total="16.0 GiB""#,
        ]);
        assert_eq!((e.gpu_model, e.sm_arch), (None, None));
    }

    #[test]
    fn the_device_capability_after_a_requirement_is_the_devices() {
        let e = env(&["ERROR: FP8 models require a GPU with Compute Capability 8.9 or higher (e.g., RTX 4090). Your GPU's capability is 8.6."]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_86"));
    }

    #[test]
    fn rocm_reports_name_amd_gpus_without_an_sm_arch() {
        let e = env(&["GPU 0,1,2,3,4,5,6,7: AMD Instinct MI300X VF"]);
        assert_eq!(e.gpu_model.as_deref(), Some("AMD Instinct MI300X VF"));
        assert_eq!(e.sm_arch, None);
        let e = env(&[
            "GPU models and configuration: AMD Instinct MI250X/MI250 (gfx90a:sramecc+:xnack-)",
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("AMD Instinct MI250X/MI250"));
    }

    #[test]
    fn nccl_tests_rows_and_a_repl_answer_name_the_gpu() {
        let e = env(&[
            "#  Rank  0 Group  0 Pid 614740 on R9700-Workstation-SH device  0 [0000:f3:00] AMD Radeon AI PRO R9700",
            "#  Rank  1 Group  0 Pid 614740 on R9700-Workstation-SH device  1 [0000:03:00] AMD Radeon AI PRO R9700",
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("AMD Radeon AI PRO R9700"));
        assert_eq!(e.gpu_count, Some(2));
        let e = env(&[">>> torch.cuda.get_device_name()", "'AMD Instinct MI210'"]);
        assert_eq!(e.gpu_model.as_deref(), Some("AMD Instinct MI210"));
        // (a quoted line not asked for is no GPU)
        assert_eq!(env(&[">>> x", "'AMD Instinct MI210'"]).gpu_model, None);
    }

    #[test]
    fn a_word_inside_another_names_no_framework() {
        let e = env(&[
            "[TRT-LLM] [I] Serializing engine to trt_llm/hoyollama2-70b_int8-sq/rank3.engine...",
        ]);
        assert_ne!(e.framework.as_deref(), Some("ollama"));
        assert_eq!(
            env(&["pulling manifest from /root/.ollama/models"])
                .framework
                .as_deref(),
            Some("ollama")
        );
    }

    #[test]
    fn a_ray_resource_names_the_gpu() {
        let e = env(&["current_node_resource={'accelerator_type:T4': 1.0, 'GPU': 0.0}"]);
        assert_eq!(e.gpu_model.as_deref(), Some("T4"));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_75"));
        assert_eq!(env(&["'accelerator_type:XYZ': 1.0"]).gpu_model, None);
    }

    #[test]
    fn turbomind_names_the_architecture_of_a_kernel_it_lacks() {
        let e = env(&["not implemented: dtype=e2m1, is_fused_moe=1, sm=70"]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_70"));
        assert_eq!(env(&["kernel_sm=70 done"]).sm_arch, None);
        // ptxas refusing the GPU's architecture at run time names it; in a build, the target
        // list is a setting, not the device
        let refused =
            "[rank6]: ptxas fatal   : Value 'sm_100' is not defined for option 'gpu-name'";
        assert_eq!(env(&[refused]).sm_arch.as_deref(), Some("sm_100"));
        assert_eq!(
            env(&["[1/4] /usr/local/cuda/bin/nvcc -c a.cu", refused]).sm_arch,
            None
        );
    }

    #[test]
    fn ggml_names_the_device_arch_it_has_no_kernel_for() {
        let line = "fattn.cu:571: ERROR: CUDA kernel flash_attn_ext_f16 has no device code \
                    compatible with CUDA arch 610. ggml-cuda.cu was compiled for: 610";
        assert_eq!(env(&[line]).sm_arch.as_deref(), Some("sm_61"));
        let line =
            "ERROR: CUDA kernel mul_mat_q has no device code compatible with CUDA arch 1200. \
                    ggml-cuda.cu was compiled for: __CUDA_ARCH_LIST__";
        assert_eq!(env(&[line]).sm_arch.as_deref(), Some("sm_120"));
    }

    #[test]
    fn windows_nvidia_smi_rows_and_vgpu_profiles_name_the_gpu() {
        let e = env(&["|   0  NVIDIA GeForce 940MX         WDDM  |   00000000:01:00.0 Off |                  N/A |"]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA GeForce 940MX"));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_50"));
        assert_eq!(sm_for_model("GRID A100D-40C"), Some("sm_80"));
        assert_eq!(sm_for_model("GRID A100D-3-40C"), Some("sm_80"));
        assert_eq!(sm_for_model("Tesla V100S-PCIE-32GB"), Some("sm_70"));
        assert_eq!(sm_for_model("NVIDIA TITAN Xp"), Some("sm_61"));
        assert_eq!(sm_for_model("Quadro GP100"), Some("sm_60"));
        assert_eq!(sm_for_model("Quadro GV100"), Some("sm_70"));
    }

    #[test]
    fn nvidia_smi_csv_query_states_the_capability() {
        let e = env(&[
            "$ nvidia-smi --query-gpu=name,compute_cap --format=csv",
            "name, compute_cap",
            "NVIDIA GeForce RTX 4090, 8.9",
        ]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_89"));
        let e = env(&["compute_cap", "12.0"]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_120"));
        // (a value that is no capability, or a line that is not below the header)
        assert_eq!(env(&["compute_cap", "[N/A]"]).sm_arch, None);
        assert_eq!(env(&["compute_cap", "", "8.9"]).sm_arch, None);
    }

    #[test]
    fn inductor_device_properties_state_the_capability() {
        let e = env(&["triton_meta={'signature': {}, 'device': DeviceProperties(type='cuda', index=0, cc=89, major=8, regs_per_multiprocessor=65536)}"]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_89"));
    }

    #[test]
    fn older_and_laptop_cards_keep_their_full_names() {
        for (line, model, sm) in [
            ("Device NVIDIA TITAN RTX", "NVIDIA TITAN RTX", "sm_75"),
            (
                "Device: cuda:0 NVIDIA GeForce GTX 970 : native",
                "NVIDIA GeForce GTX 970",
                "sm_52",
            ),
            (
                "Device name=GeForce RTX 3070 Laptop GPU, global memory size=8346468352",
                "GeForce RTX 3070 Laptop GPU",
                "sm_86",
            ),
            (
                "Active GPU name: GeForce GTX 1650 with Max-Q Design",
                "GeForce GTX 1650 with Max-Q Design",
                "sm_75",
            ),
        ] {
            let e = env(&[line]);
            assert_eq!(
                (e.gpu_model.as_deref(), e.sm_arch.as_deref()),
                (Some(model), Some(sm)),
                "{line}"
            );
        }
    }

    #[test]
    fn gpus_listed_by_index() {
        let e = env(&[
            "1. NVIDIA driver 550 on the host",
            "0: NVIDIA GeForce RTX 5070 Ti 16303MiB",
            "1: NVIDIA GeForce RTX 5090 D 32607MiB",
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA GeForce RTX 5070 Ti"));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_120"));
        assert_eq!(e.gpu_count, Some(2));
        let e = env(&[
            "index, name, memory.total [MiB]",
            "0, NVIDIA H100 80GB HBM3, 81559 MiB",
            "1, NVIDIA H100 80GB HBM3, 81559 MiB",
            "2, NVIDIA H100 80GB HBM3, 81559 MiB",
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA H100 80GB HBM3"));
        assert_eq!(e.gpu_count, Some(3));
        // a numbered list that names no GPU model is not a listing
        let e = env(&["1: NVIDIA driver crashes after an hour"]);
        assert_eq!(e.gpu_count, None);
    }

    #[test]
    fn cuda_in_a_markdown_list() {
        let e = env(&["- OS:ubuntu22.04", "- CUDA:12.2", "- NVIDIA GPU:RTX 4090"]);
        assert_eq!(e.cuda_version.as_deref(), Some("12.2"));
        // a device string is no version
        let e = env(&["Running on CUDA:0 with bf16"]);
        assert_eq!(e.cuda_version, None);
    }

    #[test]
    fn collect_env_report() {
        let e = env(&[
            "PyTorch version: 2.11.0+cu130",
            "CUDA used to build PyTorch: 13.0",
            "Python version: 3.12.3 (main, Aug 31 2026, 10:18:26) [GCC 13.3.0] (64-bit runtime)",
            "GPU 0: NVIDIA H200",
            "GPU 1: NVIDIA H200",
            "Nvidia driver version: 580.159.04",
            "[pip3] torch==2.11.0",
            "[pip3] triton==3.6.0",
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA H200"));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_90"));
        assert_eq!(e.gpu_count, Some(2));
        assert_eq!(e.driver_version.as_deref(), Some("580.159.04"));
        assert_eq!(e.cuda_version.as_deref(), Some("13.0"));
        assert_eq!(e.python_version.as_deref(), Some("3.12.3"));
        assert_eq!(
            e.packages.get("torch").map(String::as_str),
            Some("2.11.0+cu130")
        );
        assert_eq!(e.packages.get("triton").map(String::as_str), Some("3.6.0"));
    }

    #[test]
    fn pci_names_of_the_gpu() {
        let e = env(&["01:00.0 3D controller: NVIDIA Corporation GA100 [A100 SXM4 80GB] (rev a1)"]);
        assert_eq!(e.gpu_model.as_deref(), Some("A100 SXM4 80GB"));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_80"));
        let e = env(&[
            "vendor   : NVIDIA Corporation",
            "model    : GK107 [GeForce GT 640]",
        ]);
        assert_eq!(e.gpu_model.as_deref(), Some("GeForce GT 640"));
        // (a bracket after another vendor's chip names no NVIDIA GPU)
        let e = env(&[
            "00:02.0 VGA compatible controller: Intel Corporation UHD Graphics 630 [8086:3e92]",
        ]);
        assert_eq!(e.gpu_model, None);
    }

    #[test]
    fn sglang_check_env_and_args() {
        let e = env(&[
            "GPU 0,1,2,3,4,5,6,7: NVIDIA RTX PRO 6000 Blackwell Workstation Edition",
            "GPU 0,1,2,3,4,5,6,7 Compute Capability: 12.0",
            "sglang: 0.5.8.post1",
            "CUDA Driver Version: 580.95.05",
            "server_args=ServerArgs(model_path='zai-org/GLM-5-NVFP4', tp_size=8, attention_backend='triton', mem_fraction_static=0.88)",
        ]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_120"));
        assert_eq!(e.gpu_count, Some(8));
        assert_eq!(e.framework.as_deref(), Some("sglang"));
        assert_eq!(e.framework_version.as_deref(), Some("0.5.8.post1"));
        assert_eq!(e.model.as_deref(), Some("zai-org/GLM-5-NVFP4"));
        assert_eq!(e.server_args.get("tp_size").map(String::as_str), Some("8"));
        assert_eq!(
            e.server_args.get("attention_backend").map(String::as_str),
            Some("triton")
        );
    }

    #[test]
    fn every_pattern_is_valid() {
        let one = [
            &*GPU_LINE,
            &*SMI_ROW,
            &*MODEL_MENTION,
            &*BARE_MODEL,
            &*CAPABILITY,
            &*DRIVER,
            &*TORCH_CU,
            &*PIP,
            &*KV,
            &*SERVER_ARGS,
            &*NON_DEFAULT,
            &*CLI_LAUNCH,
        ];
        let lists = CUDA
            .iter()
            .chain(PYTHON.iter())
            .chain(MODEL.iter())
            .chain(VERSION_LINES.iter().map(|(r, _)| r));
        for r in one.into_iter().chain(lists) {
            assert!(regex_syntax::parse(r.as_str()).is_ok(), "{}", r.as_str());
        }
    }

    #[test]
    fn vllm_process_tags_name_the_framework() {
        let raws = [
            "(VllmWorker rank=2 pid=225) ERROR 06-26 23:10:17 [multiproc_executor.py:527] boom",
            "torch._C._cuda_init()",
        ];
        assert_eq!(framework_of(&raws).as_deref(), Some("vllm"));
        // a process tag of another program votes for nothing
        let mut c = EnvCollector::default();
        c.feed("torch._C._cuda_init()");
        c.feed_process("vllm-svc-1");
        c.feed_process("TP");
        c.feed_process("vllm-rs-svc0");
        assert_eq!(c.finish().framework.as_deref(), Some("pytorch"));
        // a compose service named after the framework alone, and its replica's number
        for service in ["vllm-1", "vllm", "sglang_2"] {
            let mut c = EnvCollector::default();
            c.feed("torch._C._cuda_init()");
            c.feed_process(service);
            let want = service.split(['-', '_']).next();
            assert_eq!(c.finish().framework.as_deref(), want, "{service}");
        }
    }

    #[test]
    fn sglang_and_trtllm_prefixes_name_the_framework() {
        let framework = framework_of;
        assert_eq!(
            framework(&["[2026-05-24 03:51:45 TP0] Decode batch, #running-req: 4"]).as_deref(),
            Some("sglang")
        );
        assert_eq!(
            framework(&["[2025-04-13 14:53:45 DP1 TP3] Capture cuda graph end."]).as_deref(),
            Some("sglang")
        );
        assert_eq!(
            framework(&["[12/05/2025-06:23:18] [TRT-LLM] [RANK 0] [I] iter = 4286"]).as_deref(),
            Some("tensorrt_llm")
        );
        // a plain date in brackets is anyone's; SGLang's statistics are its own
        assert_eq!(framework(&["[2026-05-24 03:51:45] boom"]), None);
        assert_eq!(
            framework(&["[2026-04-05 20:02:51] Prefill batch, #new-seq: 1, #running-req: 31"])
                .as_deref(),
            Some("sglang")
        );
        // an imitation of its progress lines is not
        assert_eq!(
            framework(&["[2026-11-30 03:09:50,914] INFO Capture cuda graph begin."]),
            None
        );
    }

    #[test]
    fn versions_counts_and_ties() {
        let env = |lines: &[&str]| {
            let mut c = EnvCollector::default();
            for l in lines {
                c.feed(l);
            }
            c.finish()
        };
        let e =
            env(&["Dumping input data for V1 LLM engine (v0.10.3.dev108+ga14b5d87d) with config:"]);
        assert_eq!(
            e.framework_version.as_deref(),
            Some("0.10.3.dev108+ga14b5d87d")
        );
        let e = env(&["Initializing an LLM engine (v0.6.3.post1) with config: model='x'"]);
        assert_eq!(e.framework_version.as_deref(), Some("0.6.3.post1"));
        let e = env(&["image: lmsysorg/sglang:v0.4.6.post1-cu124"]);
        assert_eq!(e.framework_version.as_deref(), Some("0.4.6.post1"));
        let e = env(&[
            "GPU 0 (CUDA order)   : NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition | SM120 | 188",
        ]);
        assert_eq!(e.gpu_count, Some(1));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_120"));
        // ggml's list of the devices it found
        let e = env(&[
            "ggml_init_cublas: found 2 CUDA devices:",
            "  Device 0: NVIDIA GeForce RTX 3090, compute capability 8.6",
            "  Device 1: NVIDIA GeForce RTX 3090, compute capability 8.6",
        ]);
        assert_eq!(e.gpu_count, Some(2));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_86"));
        // the outer frame names the program that ran; a package it imports ties it
        let e = env(&[
            r#"  File "/usr/lib/python3/site-packages/sglang/srt/managers/tp_worker.py", line 1"#,
            r#"  File "/usr/lib/python3/site-packages/vllm/utils.py", line 2"#,
        ]);
        assert_eq!(e.framework.as_deref(), Some("sglang"));
    }

    #[test]
    fn environment_names_are_not_frameworks() {
        for raw in [
            r#"  File "/data/miniconda3/envs/vllm/lib/python3.10/site-packages/torch/nn/m.py", line 1"#,
            r#"  File "/home/u/.python/sglang/lib/python3.12/site-packages/deep_gemm/x.py", line 1"#,
            "Virtual env : /home/admin2/.sglang",
            r#"  File "/mnt/d/code/mini-sglang/.venv/lib/python3.12/site-packages/torch/a.py", line 1"#,
        ] {
            let fw = framework_of(&[raw]);
            assert!(
                !matches!(fw.as_deref(), Some("vllm" | "sglang")),
                "{raw}: {fw:?}"
            );
        }
        // the package itself, inside such an environment, is
        let raw = r#"  File "/envs/vllm/lib/python3.10/site-packages/vllm/engine/a.py", line 1"#;
        assert_eq!(framework_of(&[raw]).as_deref(), Some("vllm"));
        // (and a checkout that holds the environment is not the package the environment runs)
        let raw = r#"  File "/home/u/ktransformers/.venv/lib/python3.11/site-packages/sglang/srt/a.py", line 1"#;
        assert_eq!(framework_of(&[raw]).as_deref(), Some("sglang"));
    }

    #[test]
    fn maxwell_cards_have_an_architecture() {
        let mut c = EnvCollector::default();
        c.feed("显卡：Tesla M40");
        let e = c.finish();
        assert_eq!(e.gpu_model.as_deref(), Some("Tesla M40"));
        assert_eq!(e.sm_arch.as_deref(), Some("sm_52"));
    }

    #[test]
    fn vllms_logger_names_the_framework_when_no_word_does() {
        let of = framework_of;
        let vllm_line = "ERROR 09-27 06:46:46 engine.py:157] RuntimeError: CUDA error: boom";
        assert_eq!(of(&[vllm_line]).as_deref(), Some("vllm"));
        assert_eq!(
            of(&["ERROR 2025-07-21 14:34:24.934 x.py:62] boom"]).as_deref(),
            Some("vllm")
        );
        // a log that names its framework is that framework's, whatever logger it embeds
        assert_eq!(
            of(&[
                vllm_line,
                "File \"/x/site-packages/sglang/srt/a.py\", line 1"
            ])
            .as_deref(),
            Some("sglang")
        );
        // another logger's shape says nothing
        assert_eq!(of(&["[2026-02-26 15:56:59] boom"]), None);
    }

    #[test]
    fn tgi_and_lmdeploy_are_named() {
        let of = |lines: &[&str]| {
            let mut c = EnvCollector::default();
            for l in lines {
                c.feed(l);
            }
            c.finish().framework
        };
        let tgi = of(&[
            "INFO text_generation_launcher: Starting shard rank=0",
            "File \"/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py\"",
            "ERROR text_generation_launcher: Shard 0 failed to start",
        ]);
        assert_eq!(tgi.as_deref(), Some("tgi"));
        let lmdeploy = of(&["  File \"/usr/lib/python3/site-packages/lmdeploy/cli/cli.py\""]);
        assert_eq!(lmdeploy.as_deref(), Some("lmdeploy"));
    }

    #[test]
    fn arch_table_is_whole_word() {
        assert_eq!(sm_for_model("NVIDIA A100-SXM4-80GB"), Some("sm_80"));
        assert_eq!(sm_for_model("NVIDIA A10G"), Some("sm_86"));
        assert_eq!(sm_for_model("NVIDIA L40S"), Some("sm_89"));
        assert_eq!(sm_for_model("NVIDIA GeForce RTX 5090"), Some("sm_120"));
        assert_eq!(sm_for_model("NVIDIA GeForce RTX 3050"), Some("sm_86"));
        assert_eq!(sm_for_model("NVIDIA B200"), Some("sm_100"));
        assert_eq!(sm_for_model("NVIDIA GB10"), Some("sm_121"));
        assert_eq!(sm_for_model("NVIDIA H20"), Some("sm_90"));
    }

    #[test]
    fn bare_model_mention_is_weakest() {
        let e = env(&["Running on 8x H200 with sglang"]);
        assert_eq!(e.sm_arch.as_deref(), Some("sm_90"));
        assert_eq!(e.gpu_count, Some(8));
        let e = env(&["Running on 8x H200", "GPU 0: NVIDIA B200"]);
        assert_eq!(e.gpu_model.as_deref(), Some("NVIDIA B200"));
        assert_eq!(e.gpu_count, Some(1));
    }

    #[test]
    fn vllm_lines() {
        let e = env(&[
            "Initializing a V1 LLM engine (v0.15.1) with config: model='openai/whisper-large-v3', speculative_config=None",
            "non-default args: {'model': 'Qwen/Qwen3-8B', 'tensor_parallel_size': 4}",
        ]);
        assert_eq!(e.framework.as_deref(), Some("vllm"));
        assert_eq!(e.framework_version.as_deref(), Some("0.15.1"));
        assert_eq!(
            e.server_args
                .get("tensor_parallel_size")
                .map(String::as_str),
            Some("4")
        );
    }
}
