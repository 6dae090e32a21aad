//! Phase markers: the progress lines that servers, launchers and builds print, and what they say
//! about where a run is (building, loading weights, capturing CUDA graphs, serving...).

use crate::ascii_first::AsciiFirst;
use std::sync::LazyLock;

/// Ordered markers: (pattern, phase entered when the line is seen).
const MARKERS: &[(&str, &str)] = &[
    // builds: pip, setuptools, cmake, ninja, nvcc (uv heads the output of a build that failed
    // with `× Failed to build \`pkg==1.0\``, `The build backend returned an error`); a program announcing the TensorRT engine it
    // builds (onnx2trt's `Building TensorRT engine, FP16 available:1`); TensorRT's builder, in its own lines as it
    // builds an engine (`Detected 2 inputs and 1 output network tensors`, `[BlockAssignment]
    // Started assigning block shifts`, `Engine generation completed in 13.4 seconds`, an INT8
    // build's `[TRT] Starting Calibration.`)
    (
        r"Building wheels? for|Building wheel|\bFailed to build `[\w.-]+==|The build backend returned an error|Running setup\.py|Running command (?:\S*python\S* setup\.py|pip subprocess to install build dependencies|Getting requirements to build|Preparing (?:editable )?metadata)|running build_ext|Installing build dependencies|Getting requirements to build|Preparing metadata|-- The CXX compiler|-- Configuring done|^\s*\[\d+/\d+\] (/\S*)?(nvcc|c\+\+|g\+\+|gcc|clang|Building|Linking)|Building CUDA extension|Emitting ninja build file|\bEngine build starts\b|\bBuild TensorRT engine\b|^Building (?:the )?TensorRT [Ee]ngine\b|\[TRT\] \[I\] Building engine|\[TRT\] Starting Calibration\b|Engine generation completed in \S+ seconds|\[BlockAssignment\] Started assigning block shifts|\bDetected \d+ inputs and \d+ output network tensors|Compiling objects|^\s*(/\S*/)?nvcc .* -c |^(/\S*/)?(c\+\+|g\+\+|gcc) .* -c ",
        "build",
    ),
    // SGLang / vLLM / TRT-LLM progress, most specific first (vLLM's custom all-reduce registers
    // the buffers of the graphs it captured, `Registering N cuda graph addresses`; TensorRT-LLM's
    // PyTorch executor `Creating CUDA graph instances for N batch sizes`, then `Run generation
    // only CUDA graph warmup for batch size=N` for each; TGI's router
    // names the step of a batch in its tracing span, `batch{batch_size=N}:prefill:prefill{id=N
    // size=N}`, and its server the gRPC method that failed, `Method Decode encountered an error`;
    // SGLang's piecewise capture counts tokens, `Capturing num tokens (num_tokens=N avail_mem=...)`;
    // vLLM's HPU runner logs each graph it warms up, `[Warmup][Graph/prompt][1/352] ...`)
    (
        r"Capture cuda graph end|Graph capturing finished|CUDA graph capturing finished|cuda graph capture (done|finished)",
        "warmup",
    ),
    (
        r"Capture (?:draft )?cuda graph begin|Registering \d+ cuda graph addresses|Capture cuda graph bs|Capturing batches|Capturing num tokens \(|Capturing CUDA graphs?|Capturing (?:a )?cudagraphs?|Graph capturing: +\d+%|capture_cuda_graph|CUDA graph capture (begin|start)|Capture cuda graph|Creating CUDA graph instances for|CUDA graph warmup for batch size|reduce the `max_num_seqs` as needed to decrease memory usage",
        "cuda_graph_capture",
    ),
    (
        r"KV Cache is allocated|Memory pool end|Memory pool:|memory profiling|\bused for profiling\b|Memory profiling takes|determine_available_memory|determine_num_available_blocks|# GPU blocks|# cuda blocks|Available KV cache memory|GPU KV cache size|KV cache allocated|max_total_num_tokens=|init memory pool|Init memory pool|Allocating KV cache|kv_cache_manager|profile_run|Maximum concurrency for|Compiling a graph for dynamic shape|torch\.compile takes|Dynamo bytecode transform|Max tokens in paged KV cache|Allocate \d+ bytes for k/v cache|^llama_kv_cache_(?:init|unified): |^(?:llama_new_context_with_model|llama_context): +(?:n_|freq_|flash_attn|constructing|KV self size|\S+ +(?:output|compute) buffer size)",
        "memory_init",
    ),
    (
        r"Load weight end|Loading weights took|Model loading took|Loading model weights took|Loaded model|model weights loaded",
        "memory_init_pending",
    ),
    // (TensorRT-LLM prints `Loaded engine size` when it has read an engine file, before it
    // deserialises the engine's plugins; TensorFlow's `Reading SavedModel from` and `SavedModel
    // load for tags { serve }` as a server loads a model; FasterTransformer's backend `Before
    // Loading Model:` with the memory it has; llama.cpp names the step of each line it logs:
    // `load_tensors:` as it reads the weights (and its loader's warning of a tensor no layer
    // takes, `model has unused tensor blk.46.nextn.x (size = N bytes) -- ignoring`; Ollama's
    // server waiting on its runner,
    // `msg="waiting for server to become available" status="llm server loading model"`),
    // `llama_kv_cache_init:`, `llama_context:` as it sizes the KV cache and compute buffers; a
    // desktop app's headline `Failed to load the model` and llama.cpp's `error loading model:
    // ...` name the step that failed; KTransformers builds its model by swapping in its own
    // modules, `Injecting model.layers.0.self_attn as ktransformers.operators...`, before it
    // loads the GGUF weights into them)
    (
        r#"Load weight begin|Loading (?:\w+ )?weights\b|Loading \w+ checkpoint shards|[Ll]oading shards: |Starting to load model|Loading model from|load_model|Loading checkpoint shards|Load weight|Downloading .*safetensors|Loading .*\.safetensors|Loaded engine size|Deserializ(?:e|ing) (?:the )?engine|SavedModel load for tags|Reading SavedModel from|\bBefore Loading Model:|^(?:llm_)?load_tensors: |^llama_model_loader: |^llm_load_print_meta: |^print_info: |^llama_model_load: |\bmodel has unused tensor \S+ \(size = \d+ bytes\)|^llama\.cpp: loading model from |^\W*(?:Failed to load (?:the )?model|Error loading model)\.?$|\berror loading model: |\bstatus="llm server loading model"|^Injecting model(?:\.\S+)? as "#,
        "model_load",
    ),
    // (TensorRT-LLM's PyTorch executor logs each iteration's batch, `iter = N, ... states =
    // {'num_ctx_requests': 0, 'num_ctx_tokens': 0, 'num_generation_tokens': 96}`: no context
    // request means it generates only, any means it prefills)
    // (vLLM's metrics with requests running and no token made in the interval, `Avg prompt
    // throughput: 0.0 tokens/s, Avg generation throughput: 0.0 tokens/s, Running: 1 reqs`: the
    // requests it holds stalled as they decoded; llama.cpp's verbose server logs each token it
    // samples, `sampled token:   264: ' a'`; TurboMind's step over its batch counts the
    // sequences it decodes and prefills, `[Forward] [0, 1), dc=1, pf=0, sum_q=...`; a generator
    // done with the prompts, `Finished prefill for all users up to 2048 tokens, Starting
    // decode...`)
    (
        r"\bdc=[1-9]\d*, pf=0, |Decode batch|decode batch|gen throughput|Avg generation throughput: [1-9]|forward_decode|Decoding step|:decode\{|Method Decode encountered|'num_ctx_requests': 0,.*'num_generation_tokens': [1-9]|prompt throughput: 0\.0 tokens/s, Avg generation throughput: 0\.0 tokens/s, Running: [1-9]|\bsampled token: +\d+: |\bStarting decode\b",
        "decode",
    ),
    // (llama.cpp's server takes a request into a slot, `launch_slot_: id 0 | task 0 |
    // processing task` (`slot is processing task` in its older server and ik_llama.cpp, `slot 0
    // is processing [task id: 0]` in older still, as llamafile embeds it), then reads its prompt, `prompt processing progress, n_past = ...`;
    // SGLang's first releases named a prefill batch `new fill batch. #seq: 1. ...`; TurboMind's
    // step with a sequence to prefill, `dc=0, pf=1`; Tenstorrent's generator, `Prefilling User 1
    // up to 8010 tokens`)
    (
        r"\bdc=\d+, pf=[1-9]\d*, |Prefill batch|prefill batch|\bnew fill batch\b|#new-seq:|Running prefill|forward_extend|Avg prompt throughput: [1-9]|:prefill\{|Method Prefill encountered|'num_ctx_requests': [1-9]|launch_slot_: .*\| processing task|\bslot is processing task\b|\bslot \d+ is processing \[task id: |prompt processing progress, |\bPrefilling (?:[Uu]sers?|batch|requests?|prompts?)\b",
        "prefill",
    ),
    (
        r"The server is fired up and ready to roll|Application startup complete|Running on local URL|Uvicorn running on|Starting vLLM API server|server is ready|Server is ready|ready to serve|[Ww]arming up|[Ww]arm ?up (the )?(model|server|engine|requests?|run|step|batch)|[Ww]armup (done|finished|start|begin|request|run|step\b|batch|phase)|Running warmup|run_warmup|Start warmup|^\W*[Ww]arm-?up\s*\.{0,3}\s*$|\b[Mm]odel warm ?up\b|\[Warmup\]\[",
        "warmup",
    ),
    (
        r#""(POST|GET) /v1/(chat/)?completions|"POST /generate|Received request|Finished request|Added request"#,
        "serving_request",
    ),
    // (any loss a step reports, `loss: 0.5`, `regular_loss: 0.24`, `Training Loss per 100
    // steps: 1.35`; Hugging Face's Trainer's summary as its loop starts, `***** Running
    // training *****` to `Number of trainable parameters = N`; a trainer's report of what broke
    // `while training`; verl's trainer names its progress bar `Training Progress`; Megatron
    // prints `training ...` (Megatron-Bridge `Training ...`) as its training loop starts;
    // EasyR1's actor shows its training step's pass over the rollouts as a `Compute log probs`
    // bar; the `MetricLogger` of torchvision's references and the DeiT/MAE family prints each
    // step of its training and evaluation loops as `Epoch: [3]  [ 100/5000]  eta: 1:53:32 ...`,
    // `Test:  [ 2090/10010]  eta: ...`; a segmentation trainer's `Epoch: [1/50][10/1758] ...`
    // (epoch, then step within it); a trainer saving a checkpoint of the model it trains,
    // `Saving model checkpoint to out/checkpoint-500`; a logger that ends its record with the
    // function that logged it, `train_gpt_demo.py:320 train_step`; Lightning's summary of the
    // model as `fit` begins, `415 M     Trainable params`; YOLOv5's and Ultralytics' header of
    // the training table, `Epoch   gpu_mem   box   obj ...`)
    (
        r"(?i)\b(epoch(?:_id)?|train(ing)? step|global_step|iteration)\s*[:=]?\s*\d+|\bstep[:= ]\s*\d+.*\b(loss|lr)\b|\{'loss': |\b\w*loss[:=]\s*[\d.]+|\b[Tt]raining [Ll]oss\b[^:=]{0,30}[:=]\s*[\d.]+|\bwhile training\b|\biter \d+: loss \d|train_loss|Start(?:ing)? training|\*\*\*\*\* Running training|Total optimization steps = \d|Number of trainable parameters = \d|\btrain(?:ing)?:? +\d+%\\?\||\bloss/train\b|Invalidate trace cache @ step \d+|\bTraining Progress: +\d+%|(?-i:\bCompute log probs): +\d+%\||^[Tt]raining ?\.\.\.\s*$|^\s*Epoch\s+(?:gpu_mem|GPU_mem)\s|\b[Ss]aving (?:model )?checkpoint\b|\[ *\d+/\d+\] +eta: \d|\bepoch:? *\[\d+/\d+\]\[\d+/\d+\]|:\d+ train_step\s*$|^\s*[\d.,]+\s*[KMBT]?\s+Trainable params\s*$",
        "training",
    ),
    // (and torch's process group tearing its communicators down, `Watchdog joined, destroying
    // NCCL communicators`)
    (
        r"Shutting down|shutting down|Gracefully stopping|Terminating (all )?(processes|workers)|Stopping (the )?server|destroy_process_group|destroying NCCL communicators",
        "shutdown",
    ),
    // (TGI's launcher: `Starting shard rank=N`, `Waiting for shard to be ready...`, then the
    // shard loads the model and reports `Shard ready in`; a shard that dies before that failed
    // to start. Banners printed as a program starts: TensorRT-LLM's version on import,
    // nccl-tests' `nThread N nGpus N ...` header and its `Using devices` table; `ray.init()`'s
    // `Started a local Ray instance` or `Connecting to existing Ray cluster`; early SGLang's
    // `Init nccl begin.`; NCCL's own lines as it creates a communicator: its bootstrap network,
    // the trees and rings it builds, its channels' rank lists (not a channel's connection to a
    // peer, which a send may make at any step), its count of channels and its `Connected all
    // rings` as the creation ends; NCCL's trace of an error through its communicator's creation,
    // `INFO init.cc:N -> 3`, and the CPUs it binds a rank to, `Setting affinity for GPU 0 to ...`;
    // aws-ofi-nccl choosing its libfabric provider as NCCL loads it (`NET/OFI Selected Provider
    // is efa`, `NET/OFI Running on P4d platform`); NVSHMEM's report that its initialisation failed, which DeepEP and its kin do as they
    // start; Ray's report of an actor whose constructor raised, `The actor died
    // because of an error raised in its creation task`, above the constructor's traceback;
    // torch's JIT extension loaded, its build done or found up to date, `Loading extension module
    // utils...`: the program goes on starting; a trainer reading its dataset before the first
    // step, `Loading dataset x.json...`, Hugging Face datasets' `Generating train split: N
    // examples`; the daemons that serve GPUs to a cluster as they start: NVIDIA's Kubernetes
    // device plugin, `Starting NVIDIA Device Plugin`, `Loading NVML`, `Retrieving plugins.`, and
    // DCGM's exporter, `Starting dcgm-exporter`, `Attempting to initialize DCGM.`; the banner
    // NVIDIA's containers print as they start, `NVIDIA Release 24.03 (build 86102629)`; ninja
    // finding a JIT-built extension up to date, `ninja: no work to do.`: its build is over, as
    // pip's install is once it says `Successfully installed ...`)
    (
        r"^Successfully installed \S|\bNVIDIA Release \d+\.\d+ \(build \d+\)|\bStarting (?:NVIDIA Device Plugin|FS watcher|OS watcher|Plugins|dcgm-exporter)\b|\b(?:Loading|Attempting to initialize) (?:NVML|DCGM)\b|\bRetrieving plugins\.|^Loading extension module \S+\.\.\.|\bninja: no work to do\.\s*$|Waiting for shard to be ready|\[TensorRT-LLM\] TensorRT[- ]LLM version:|\bnThread \d+ nGpus \d+ |^#? *Using devices\s*$|server_args=|ServerArgs\(|Initializing a V1 LLM engine|Initializing an LLM engine|non-default args|Init torch distributed|Init nccl begin|Started a local Ray instance|Connecting to existing Ray cluster|init_distributed|Initializing process group|torch\.distributed\.init_process_group|torchrun|Setting OMP_NUM_THREADS|world_size=|Starting server|Launching|Using [\w ]+ backend|Detected platform|Automatically detected platform|args: Namespace|Namespace\(|vLLM API server version|Use \w+ attention backend|Attention backend|Resolved architecture|Starting shard\b|\bLoading dataset\b|^Generating (?:train|validation|test) split: |\bINFO init\.(?:cc|cu):\d+ -> \d+|error raised in its creation task|\bnvshmem initialization failed\b|\bNET/OFI (?:Selected Provider is|Initializing aws-ofi-nccl|Running on \S+ platform)|NCCL INFO (?:Bootstrap : Using|Setting affinity for GPU \d|Trees \[\d|Ring \d+ ?: \d|Channel \d+/\d+ ?:(?: +\d+)+\s*$|\d+ coll channels, |Connected all (?:rings|trees))",
        "startup",
    ),
];

static MARKER_RULES: LazyLock<super::prefilter::OrderedRules> =
    LazyLock::new(|| super::prefilter::OrderedRules::new(marker_patterns()));

/// The phase markers' patterns in order.
pub(crate) fn marker_patterns() -> impl Iterator<Item = &'static str> {
    MARKERS.iter().map(|(p, _)| *p)
}

/// Builds the markers' automaton now (see [`super::prepare`]).
pub(crate) fn prepare() {
    LazyLock::force(&MARKER_RULES);
}

/// Where a phase sits in a run: markers do not move a run backwards (ranks interleave their
/// progress lines, and servers print summaries of earlier steps late).
pub fn order(phase: &str) -> u8 {
    match phase {
        "unknown" => 0,
        "build" => 1,
        "startup" => 2,
        "model_load" => 3,
        "memory_init" => 4,
        "cuda_graph_capture" => 5,
        "warmup" => 6,
        "prefill" | "decode" | "training" => 7,
        "shutdown" => 8,
        _ => 0,
    }
}

/// The phase a progress line announces, if it is one.
pub fn marker(text: &str) -> Option<&'static str> {
    if text.len() < 5 {
        return None;
    }
    let phase = MARKER_RULES.first_match(text).map(|i| MARKERS[i].1)?;
    // (a script echoing its settings as comments before it starts, Chainer's examples' `#
    // epoch: 20`, `# Minibatch-size: 100`: the number of epochs asked for, not one being run)
    if phase == "training"
        && text.starts_with("# ")
        && text.trim_end().ends_with(|c: char| c.is_ascii_digit())
        && !text.contains("loss")
    {
        return None;
    }
    Some(phase)
}

/// Frames of the steps before a server loads its model or a trainer trains: reading the model's
/// configuration or tokenizer, a vLLM worker binding its GPU and joining the process group
/// (`init_device`), vLLM building its engine from the configuration (`from_vllm_config`, V0's
/// `run_mp_engine`) and waiting for it to come up, its executor creating its workers
/// (`_init_executor`, `init_worker`), building the model-parallel groups and their
/// communicators, which SGLang and vLLM do once as a worker joins the run, and the engine's
/// construction ([`ENGINE_CONSTRUCTION`]). (A segfault's faulthandler stack words its frames
/// `line N in f`, without the comma; `in init_distributed` is also DeepSpeed's and vLLM's
/// `init_distributed_environment`.)
const STARTING: &[&str] = &[
    // (a training script parsing its arguments, Hugging Face's `TrainingArguments` taking
    // its devices and joining the process group, DeepSpeed's `init_distributed`)
    // (and any script's own: argparse's module, a `parse_args` or `setup_args` of the script;
    // transformers' `parse_args_into_dataclasses` among them)
    "/argparse.py",
    "\\argparse.py",
    "in parse_args",
    "in setup_args",
    "in _setup_devices",
    // (Hugging Face's `TrainingArguments` validates its options as it is built, `__post_init__`)
    "/training_args.py",
    "in init_distributed",
    "in init_device",
    "in init_torch_distributed",
    // (a program's own set-up of its process group, ColossalAI's `launch_from_torch` under
    // ColossalChat's `setup_distributed`)
    "in setup_distributed",
    "in launch_from_torch",
    "in launch_from_slurm",
    // (torch's RPC framework starting its agents, `rpc.init_rpc(...)`)
    "in init_rpc",
    // (torch creates a process group, and its communicator's store connections, at start)
    "in new_group",
    "in _new_process_group_helper",
    "in ensure_model_parallel_initialized",
    "in initialize_model_parallel",
    "in init_model_parallel_group",
    "in ncclCommInitRank",
    // (torch initialises CUDA on a process's first CUDA call, or as a program asks whether it
    // can, `torch.cuda.is_available()`; on Windows its import loads its DLLs first,
    // `_load_dll_libraries`)
    "in _lazy_init",
    "in is_available",
    "in _load_dll_libraries",
    // (a process choosing its GPU, which it does once as it starts: torch's `set_device`,
    // CuPy's `cupy.cuda.runtime.setDevice` under Chainer's `get_device_from_id(0).use()`)
    "in set_device",
    "in cupy.cuda.runtime.setDevice",
    "in init_worker",
    // (DistributedDataParallel's constructor checks its parameters' shapes across the ranks
    // and broadcasts rank 0's: the job's first collectives, before any step)
    "in _verify_param_shape_across_processes",
    // (DeepSpeed's `deepspeed.initialize` building its engine, optimizer and communication)
    "in init_deepspeed",
    "in deepspeed_init",
    // (transformers loading a tokenizer, which a server or a script does before its model:
    // `tokenization_utils_base.py ... in from_pretrained`)
    "tokenization_utils_base.py",
    // (Megatron's `initialize_megatron`: its arguments, process groups and fused kernels, before
    // the model is built)
    "in initialize_megatron",
    "in _sync_module_states",
    // (a model's configuration class built and validated, transformers' `configuration_auto`,
    // `configuration_utils` and each model's `configuration_llama.py`)
    "configuration_",
    "get_config",
    "arg_utils.py",
    "server_args.py",
    // (vLLM validates its configuration, one module or a package of them, before it loads)
    "/vllm/config.py",
    "/vllm/config/",
    "init_tokenizer",
    "get_tokenizer",
    "get_cached_tokenizer",
    "tokenization_auto",
    // (an ASGI server's lifespan, in which a web app builds its engine before it serves a
    // request: Starlette's `lifespan`, uvicorn's `lifespan/on.py`)
    "in lifespan",
    "/lifespan/on.py",
    // (vLLM's API server building its OpenAI serving classes around the engine it started)
    "in init_app_state",
    // (DeepSpeed wrapping a model for inference, `deepspeed.init_inference`, checking its
    // arguments before any checkpoint it loads)
    "in init_inference",
    // (a framework launching its inference server from arguments it built, SGLang's
    // `launch_server` and slime's `launch_server_process`: reading them fails before any load)
    "in launch_server",
];

/// A KV-cache pool's constructor or its buffer allocation (SGLang's `mem_cache/memory_pool.py`
/// and a backend's `memory_pool_npu.py`: `__init__`, `_create_buffers`); its other functions
/// (`set_kv_buffer`...) run in every forward pass.
/// Triton Inference Server's record of a model it could not load (see [`phase_from_context`]).
static TRITON_MODEL_LOAD: LazyLock<AsciiFirst> =
    LazyLock::new(|| AsciiFirst::new(r"(?:^|\] )failed to load '[^']+' version \d+: "));

fn builds_memory_pool(frame: &str) -> bool {
    frame_file(frame).is_some_and(|(_, name)| name.starts_with("memory_pool"))
        && matches!(function_of(frame), Some("__init__" | "_create_buffers"))
}

/// The phase implied by the Python frames and message of an error, when they are specific.
pub fn phase_from_context(frames: &[String], text: &str) -> Option<&'static str> {
    let has = |pats: &[&str]| frames.iter().any(|f| pats.iter().any(|p| f.contains(p)));
    if text.contains("stream is capturing")
        || text.contains("Capture cuda graph failed")
        || text.contains("Capture CUDA graph failed")
        || text.contains("during capture")
        || text.contains("during CUDA graph capture")
        || text.contains("cudaStreamCaptureStatusActive")
        || text.contains("depend on a capturing blocking stream")
    {
        return Some("cuda_graph_capture");
    }
    // CUDA's status for a call made as the process exits, after the runtime unloaded (`Cuda
    // Runtime (driver shutting down)`, TensorRT's allocator freeing at exit): the run's end
    if text.contains("driver shutting down") {
        return Some("shutdown");
    }
    // Megatron's check of the gradients each backward pass reduces (`found NaN in local grad norm
    // for bucket #0 in backward pass before data-parallel communication collective`, reported by
    // its rerun state machine with the iteration): a step of training
    // (and Chainer's trainer reporting what its loop raised, `Exception in main training loop:
    // out of memory to allocate N bytes`)
    if text.contains("in local grad norm") || text.starts_with("Exception in main training loop") {
        return Some("training");
    }
    // autograd's refusals, which only a backward pass meets (`Trying to backward through the
    // graph a second time`, `element 0 of tensors does not require grad and does not have a
    // grad_fn`, `... has been modified by an inplace operation`): a step of training
    if text.contains("backward through the graph a second time")
        || text.contains("does not require grad and does not have a grad_fn")
        || text
            .contains("needed for gradient computation has been modified by an inplace operation")
    {
        return Some("training");
    }
    // A grammar backend advances each request's automaton by every token the model samples
    // (`Failed to advance FSM for request R for tokens N`, vLLM's scheduler's `grammar rejected
    // tokens [N] for request R`): a step of decoding
    // (and SGLang's decode server failing to receive a request's KV cache from its prefill
    // server: `Decode transfer failed for request rank=1 ...`)
    if text.contains("Failed to advance FSM for request")
        || text.contains("grammar rejected tokens")
        || text.starts_with("Decode transfer failed for request")
    {
        return Some("decode");
    }
    // pydantic's rejection of a configuration dataclass (`Value error, ... [type=value_error,
    // input_value=ArgsKwargs((), {...`): vLLM validates its engine's configuration as it starts
    if text.contains("input_value=ArgsKwargs(") {
        return Some("startup");
    }
    // RMM's pool refusing the size it was asked to reserve as it is created (`Initial pool size
    // exceeds the maximum pool size!`): the memory's set-up
    if text.contains("Initial pool size exceeds the maximum pool size") {
        return Some("memory_init");
    }
    // A driver that failed to start (Numba's `Call to cuInit results in CUDA_ERROR_NO_DEVICE`):
    // a program's first CUDA call, as it starts
    if text.contains("Call to cuInit results in") {
        return Some("startup");
    }
    // The container runtime refusing to start a container (`OCI runtime create failed`, the
    // NVIDIA hook's `nvidia-container-cli: requirement error: ...`): nothing ran yet, whatever
    // the compose tool printed as it stopped the others
    if text.contains("nvidia-container-cli: ") || text.contains("OCI runtime create failed") {
        return Some("startup");
    }
    // systemd failing to start a service (`Job for nvidia-fabricmanager.service failed because
    // the control process exited with error code.`): the daemon's start
    // (and a client that gave up waiting for the server it started, olmOCR's `sglang server did
    // not become ready after waiting.`)
    if (text.starts_with("Job for ") && text.contains(".service failed"))
        || text.contains("server did not become ready")
    {
        return Some("startup");
    }
    // JAX runs its backends' plugins (`jax_plugins/xla_cuda12`) only as it first sets up a
    // backend: their checks of the CUDA libraries are the program's start
    if has(&["/jax_plugins/", "\\jax_plugins\\"]) {
        return Some("startup");
    }
    // TensorRT-LLM checks the MPI world it was launched in against the engine's parallel
    // mapping when its runtime starts (`mpiSize == tp * pp`, `MPI size 1 != TP size 2 * PP size
    // 1`, and in early versions `Engine world size (2 * 1) != Runtime world size (1)`); other
    // frameworks check the ranks launched so as the job starts, whichever function of a training
    // script builds the layout.
    if is_world_size_mismatch(text) || is_layout_mismatch(text) {
        return Some("startup");
    }
    // c10d creating a communicator, its ranks exchanging NCCL's unique id through the store (`[1]
    // is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value
    // store by key '0', but store->get('0') got error: ...`; torch 1.13 spelt it `retreiving`):
    // the process group's set-up
    // (and JAX's clients meeting at the coordination service as they connect, `Barrier timed
    // out. Barrier_id: PjRT_Client_Connect.`)
    // (and torch elastic's rendezvous of a worker group, closed or unreachable as the workers
    // meet: `RendezvousClosedError`, `RendezvousConnectionError`, `RendezvousTimeoutError`)
    if text.contains("is setting up NCCL communicator and retr")
        || text.contains("Barrier_id: PjRT_Client_Connect")
        || [
            "RendezvousClosedError",
            "RendezvousConnectionError",
            "RendezvousTimeoutError",
        ]
        .iter()
        .any(|e| text.contains(e))
    {
        return Some("startup");
    }
    // TensorRT's builder fails in its tactic search or as it serialises the engine it built
    // (`IBuilder::buildSerializedNetwork: Error Code 10: ... Could not find any implementation
    // for node ...`): an engine's build
    // (and its check of the network before it builds, `Network has dynamic or shape inputs, but
    // no optimization profile has been defined.`; and any error its builder's sources raise,
    // which its message's location names, `[myelinBuilderUtils.cpp::getMyelinSupportType::1105]`)
    if text.contains("Could not find any implementation for node")
        || text.contains("buildSerializedNetwork")
        || text.contains("no optimization profile has been defined")
        || text.contains("Builder.cpp::")
        || text.contains("[builder.cpp::")
    {
        return Some("build");
    }
    // TensorRT's runtime reading an engine file (`Error Code 1: Serialization (...)`,
    // `deserializeCudaEngine`, `Engine deserialization failed.`): the engine's load
    if text.contains(": Serialization (")
        || text.contains("deserializeCudaEngine")
        || text.contains("Serialization Error in deserialize")
        // (the plan's header, read first: `Serialization Error in verifyHeader: 0 (Version tag
        // does not match)`)
        || text.contains("Serialization Error in verifyHeader")
        // (TensorRT checks the plan's GPU as it deserialises it)
        || text.contains("engine plan file is generated on an incompatible device")
        // (and its version: `The engine plan file is not compatible with this version of
        // TensorRT, expecting library version 5.1.2 got 5.1.5`)
        || text.contains("engine plan file is not compatible")
        || text.contains("Engine deserialization failed")
        // (TensorRT-LLM's runtime opening the engine file it was given)
        || text.contains("Error opening engine file")
        // (Triton Inference Server's repository manager loading a model, whatever failed in it:
        // `model_repository_manager.cc:1186] failed to load 'resnet' version 1: Not found:
        // unable to load backend library: ...`)
        || (text.contains("failed to load '") && TRITON_MODEL_LOAD.is_match(text))
    {
        return Some("model_load");
    }
    // A program's arguments refused as it parses them (argparse's `prog: error: unrecognized
    // arguments: ...`, `error: argument --x: invalid choice: ...`), or an engine's arguments
    // class refusing one (`EngineArgs.__init__() got an unexpected keyword argument 'x'`)
    if text.contains(": error: unrecognized arguments: ")
        || (text.contains(": error: argument ") && text.contains(": invalid choice: "))
        || text.contains("EngineArgs.__init__()")
        || text.contains("ServerArgs.__init__()")
    {
        return Some("startup");
    }
    // torch's store client connecting to the rendezvous as a process group is made (`[c10d] The
    // client socket has failed to connect to any network address of (host, port)`)
    if text.contains("client socket has failed to connect") {
        return Some("startup");
    }
    // NCCL's warnings from `init.cc` (`init.cu` in NCCL 2.0-2.3) come from a communicator's
    // creation: the first collective of a process group, as it starts
    if text.contains("init.c") {
        static INIT_WARN: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::matcher(r"\binit\.(?:cc|cu):\d+ (?:NCCL )?WARN\b"));
        if INIT_WARN.is_match(text) {
            return Some("startup");
        }
    }
    // NVSHMEM (DeepEP's transport) names the function of its own that failed: one of its
    // initialisation's (`nvshmemi_transport_init`, `nvshmemi_check_state_and_init`), as the
    // job starts
    if text.contains(":nvshmem") {
        static NVSHMEM_INIT: LazyLock<AsciiFirst> =
            LazyLock::new(|| AsciiFirst::matcher(r"\.(?:cpp|cu|cc|c):nvshmem\w*_init\w*:\d+: "));
        if NVSHMEM_INIT.is_match(text) {
            return Some("startup");
        }
    }
    // TensorFlow creates each GPU's stream executor (and its CUDA context) as it starts, and
    // ggml initialises CUDA before it reads a model (`ggml_cuda_init: failed to initialize CUDA`)
    if text.contains("failed initializing StreamExecutor") || text.contains("ggml_cuda_init: ") {
        return Some("startup");
    }
    // KServe logs any exception that stops its model server from starting this way, vLLM's
    // front end any failure of its engine core's start (`Engine core initialization failed`)
    if text.contains("Failed to start model server")
        || text.contains("Engine core initialization failed")
    {
        return Some("startup");
    }
    // vLLM checks the GPU's free memory against the requested utilization when a worker takes
    // its device, before any weight is read, and says so (`Free memory on device cuda:0 (N/N
    // GiB) on startup is less than desired GPU memory utilization`)
    if text.contains("on startup is less than desired GPU memory utilization") {
        return Some("startup");
    }
    // SGLang's scheduler names the step whose KV-cache allocation failed: `Decode out of
    // memory` while extending running requests, `Prefill out of memory` while admitting new ones.
    if text.contains("Decode out of memory") {
        return Some("decode");
    }
    if text.contains("Prefill out of memory") {
        return Some("prefill");
    }
    // Messages that servers print only while sizing the KV cache after loading the weights
    // (vLLM's check that one request of the maximum length fits the cache, in its old and new
    // wording, also when a hard-wrapped paste cut the line short).
    if text.contains("memory for the cache blocks")
        || is_kv_cache_below_max_len(text)
        || text.contains("Executor creation failed due to insufficient GPU memory")
        || text.contains("Not enough memory. Please try to increase --mem-fraction-static")
        || text.contains("leave no GPU memory for the KV cache")
        || text.contains("Not enough memory for KV cache")
        // (vLLM groups its layers' KV-cache specs as it sizes the cache)
        || text.contains("the KV cache specs")
        // (a size it computed below zero)
        || super::events::NEGATIVE_KV_MEMORY.is_match(text)
    {
        return Some("memory_init");
    }
    // SGLang replaying the graph it captured for a decode batch (`cuda_graph_runner.py`, in
    // `replay` or `replay_prepare`), no capture on the stack: a decode step's run, not the
    // capture (its piecewise runner replays prefills)
    if frames.iter().any(|f| {
        frame_in(f, "cuda_graph_runner.py")
            && !f.contains("piecewise")
            && matches!(function_of(f), Some("replay" | "replay_prepare"))
    }) && !frames
        .iter()
        .any(|f| function_of(f).is_some_and(|func| func.contains("capture")))
    {
        return Some("decode");
    }
    // (a function named `capture` alone, vLLM's graph runner's; not Opacus' hooks that capture
    // activations for per-sample gradients, `in capture_backprops_hook`)
    if has(&[
        "cuda_graph_runner",
        "capture_one_batch",
        "capture(",
        "_capture_graph",
        "capture_model",
        "cudagraph",
        "in init_cuda_graphs",
        "in register_graph_buffers",
    ]) || frames.iter().any(|f| function_of(f) == Some("capture"))
    {
        return Some("cuda_graph_capture");
    }
    // a process group torn down as a program ends (`dist.destroy_process_group()`)
    if frames.iter().any(|f| {
        matches!(
            function_of(f),
            Some("destroy_process_group" | "_shutdown_backend")
        )
    }) {
        return Some("shutdown");
    }
    // vLLM's registry inspecting the model's architecture (in a subprocess, `_run_in_subprocess`,
    // `_try_inspect_model_cls`) as it resolves the configuration, before anything is loaded
    if frames.iter().any(|f| {
        frame_in(f, "/model_executor/models/registry.py")
            && function_of(f) == Some("_run_in_subprocess")
    }) {
        return Some("startup");
    }
    // transformers refusing a repository's own code until it is trusted, as it reads the
    // configuration (`... set the option `trust_remote_code=True` to remove this error`)
    // (newer transformers: `The repository for X contains custom code which must be executed
    // to correctly load the model`)
    if (text.contains("trust_remote_code=True") && text.contains("requires you to execute"))
        || text.contains("contains custom code which must be executed")
    {
        return Some("startup");
    }
    // a server's warmup step: the model is loaded and sized, requests are not yet served
    // (vLLM runs its kernels' warmups from the `model_executor/warmup/` package, `kernel_warmup`)
    // (and a server's own warmup request, SGLang's `_execute_server_warmup`: any function
    // named for a warmup)
    let warmup_fn = |f: &String| {
        function_of(f).is_some_and(|func| {
            let func = func.to_ascii_lowercase();
            func.contains("warmup") || func.contains("warm_up")
        })
    };
    if has(&["/warmup/"]) || frames.iter().any(warmup_fn) {
        return Some("warmup");
    }
    const LOADING: &[&str] = &[
        "weight_loader",
        "load_weights",
        "model_loader",
        "load_model",
        "load_state_dict",
        "safetensors",
        // (a GGUF file's tensors: llama-cpp-python's and KTransformers' loaders)
        "load_gguf",
        // (TensorRT-LLM's checkpoint conversion: `XForCausalLM.from_hugging_face` reads the
        // checkpoint with its `ModelWeightsLoader`)
        "model_weights_loader",
        // (accelerate's loader of a checkpoint into a model it built empty, which quantizers'
        // `from_quantized` call)
        "load_checkpoint_in_model",
        // (and AutoGPTQ's own loader of a quantised checkpoint, `from_quantized`)
        "in from_quantized",
        // (a checkpoint's loader by name: Megatron's `load_checkpoint`, DeepSpeed inference's
        // `module_inject/load_checkpoint.py` filling the layers it injected)
        "in load_checkpoint",
        "/load_checkpoint.py",
        // (a layer's own loader of its tensors, KTransformers' operators' `load_weight`)
        "in load_weight",
        // (the libraries that only stream a checkpoint's tensors: Run:ai's model streamer,
        // fastsafetensors, CoreWeave's tensorizer)
        "/runai_model_streamer/",
        "/fastsafetensors/",
        "/tensorizer/",
        // (a model's entry point that `torch.hub.load` runs, which builds and loads it)
        "/hubconf.py\"",
    ];
    // (a tokenizer read as the program starts, inside a function that loads the model and its
    // tokenizer, `_load_model_tokenizer`: the innermost frame is the tokenizer's)
    if frames.last().is_some_and(|f| is_tokenizer_frame(f)) {
        return Some("startup");
    }
    // (a Ray cluster sized for the job's GPUs as it starts, vLLM's `initialize_ray_cluster`, a
    // trainer's `_init_placement_groups`: the innermost frame, whatever function loads the model
    // around it)
    if frames
        .last()
        .and_then(|f| function_of(f))
        .is_some_and(|func| func == "initialize_ray_cluster" || func.contains("placement_group"))
    {
        return Some("startup");
    }
    // frames, or a message that names the loading step that failed ("Error executing
    // load_single_module with args ...")
    // (a layer creating its parameters, `create_weights`, is the model being built to take the
    // checkpoint's tensors, in its loading step; converting them once read,
    // `process_weights_after_loading` and the Marlin kernels' repacking it calls,
    // `gptq_marlin_repack`, ends that step)
    if has(LOADING)
        || has(&[
            "in create_weights",
            "process_weights_after_loading",
            "marlin_repack",
        ])
        // (TGI's layers take their tensors from its `Weights` as they are built:
        // `get_weights_row`, `get_weights_col_packed`, `get_multi_weights_col`)
        || frames.iter().any(|f| {
            function_of(f).is_some_and(|func| {
                func.starts_with("get_weights_") || func.starts_with("get_multi_weights_")
            })
        })
        // (TensorRT-LLM's examples read a checkpoint into the model they build with
        // `load_from_hf_llama`, `load_from_awq_llama`, `load_from_meta_llama`...; Lightning's
        // `load_from_checkpoint`)
        || frames.iter().any(|f| {
            function_of(f)
                .and_then(|func| func.strip_prefix("load_from_"))
                .is_some_and(|what| {
                    ["hf", "awq", "gptq", "meta", "checkpoint", "ft", "binary", "gguf"]
                        .iter()
                        .any(|w| what.starts_with(w))
                })
        })
        // (and a model's layers being constructed, which happens only as it is built to take
        // the weights: the constructor of a modeling file's class)
        || frames.iter().any(|f| constructs_model(f))
        // (transformers' `PreTrainedModel.from_pretrained` in `modeling_utils.py`, which the
        // auto classes call once the configuration is read: it builds the model, loads its
        // weights and dispatches them to the devices)
        || frames.iter().any(|f| {
            function_of(f) == Some("from_pretrained")
                && frame_file(f).is_some_and(|(_, name)| name == "modeling_utils.py")
        })
        // (a checkpoint's converter reading the weights it converts, in its functions: not its
        // imports at the top of the script)
        || frames.iter().any(|f| {
            frame_file(f).is_some_and(|(_, name)| is_checkpoint_converter(name))
                && function_of(f).is_some_and(|func| func != "<module>")
        })
        // (an application's source line that loads a pretrained model, kept when the library's
        // frames were not shown)
        || frames.iter().any(|f| loads_pretrained_model(f))
        // (TGI builds the model it serves, weights and all, in its registry's `get_model`)
        || frames.iter().any(|f| {
            f.contains("models/__init__.py") && function_of(f) == Some("get_model")
        })
        || LOADING.iter().any(|p| text.contains(p))
        || text.contains("load_single_module")
        // (a server's report that a model did not load, `could not load model: rpc error: ...`,
        // LocalAI's of its backend)
        || text.contains("could not load model")
        // (torch's `load_state_dict` names the parameter it was copying when the copy failed:
        // `While copying the parameter named "encoder.blocks.2.mlp.0.weight", ...`)
        || text.contains("While copying the parameter named")
        // (TensorRT-LLM's model checking that the checkpoint gave it every tensor it needs)
        || text.contains("Required but not provided tensors")
        || frames.iter().any(|f| moves_module_to_device(f))
        // (torch reading a saved file, `torch.load`: a checkpoint, the model's or a run's to
        // resume)
        || frames.iter().any(|f| {
            f.contains("torch/serialization.py")
                && matches!(function_of(f), Some("load" | "_load" | "_legacy_load"))
        })
        // (and torch's distributed checkpoint reading its shards, `dcp.load`)
        || frames.iter().any(|f| f.contains(DCP_LOADER))
    {
        return Some("model_load");
    }
    if has(&[
        "profile_run",
        "determine_available_memory",
        "init_memory_pool",
        "_init_pools",
        // (SGLang's scheduler builds its KV pools and prefix cache here; `init_memory_pool_and_cache` before)
        "in init_cache_with_memory_pool",
        "initialize_kv_cache",
        "determine_num_available_blocks",
        // (vLLM's cache engine allocating the KV cache it sized)
        "in _allocate_kv_cache",
        "profile_max_num_token",
        // vLLM sizes and groups its KV cache in these (`kv_cache_utils.py`), only at startup
        "in get_kv_cache_config",
        "in get_kv_cache_groups",
        "in unify_kv_cache_spec_page_size",
        "check_enough_kv_cache_memory",
        // (SGLang builds its KV-cache pools, and registers them with a cache store, here)
        "kv_cache_builder",
    ]) || frames.iter().any(|f| builds_memory_pool(f))
    {
        return Some("memory_init");
    }
    // (SGLang's EAGLE worker verifies draft tokens only for a decode batch: a frame `, in
    // verify`, that function and no other: vLLM's `verify_with_parallel_config` checks the
    // configuration at start-up)
    let in_verify = frames.iter().any(|f| function_of(f) == Some("verify"));
    // (`_decode` in a function's name, not a path's: vLLM's `spec_decode/` package holds code
    // its start-up imports; nor a decoder layer's, ModelOpt's `build_decoder_config` exporting
    // a model's layers)
    let decoding_function = frames.iter().any(|f| {
        function_of(f).is_some_and(|func| func.contains("_decode") && !func.contains("_decoder"))
    });
    if in_verify || decoding_function || has(&["forward_decode", "decode_step"]) {
        return Some("decode");
    }
    // (`forward_fill_batch`: early SGLang's name for the step that prefills new requests)
    // (SGLang's Triton kernel for an extend batch's attention, `extend_attention_fwd`)
    // (a function named for prefilling, not a file: SGLang's disaggregation keeps its prefill
    // server's start-up in `disaggregation/prefill.py` too)
    if has(&[
        "forward_extend",
        "forward_fill_batch",
        "in extend_attention_fwd",
    ]) || frames
        .iter()
        .any(|f| function_of(f).is_some_and(|func| func.contains("prefill")))
    {
        return Some("prefill");
    }
    // DeepSpeed's ZeRO optimizer takes a first step with empty gradients to create its states
    // as `deepspeed.initialize` builds the engine: a step inside that call is start-up
    if frames.iter().any(|f| is_deepspeed_initialize(f)) {
        return Some("startup");
    }
    // (and DeepSpeed's `no_sync`, which a training loop enters to accumulate gradients; torch's
    // activation checkpointing recomputing a layer's forward, `recompute_fn`, which it does only
    // as the backward pass needs the activations)
    if has(&[
        "backward",
        "optimizer.step",
        "train_step",
        "training_step",
        "in no_sync",
        "in recompute_fn",
    ]) {
        return Some("training");
    }
    // an optimizer's step (torch's `optim/adamw.py`, DeepSpeed's engine and its ZeRO and fp16
    // optimizers), which only a training step takes
    let optimizer_step = |f: &String| {
        function_of(f) == Some("step")
            && (f.contains("optim") || f.contains("deepspeed") || f.contains("/zero/"))
    };
    if frames.iter().any(optimizer_step) {
        return Some("training");
    }
    // a forward pass that only training runs: torch's activation checkpointing (which models
    // call only as they train, to recompute the activations in the backward pass), DeepSpeed's
    // training engine's `forward` (its inference engine is `deepspeed/inference/engine.py`)
    let training_forward = |f: &String| {
        f.contains("torch/utils/checkpoint.py")
            || (f.contains("deepspeed/runtime/engine.py") && function_of(f) == Some("forward"))
    };
    // (and DeepSpeed's ZeRO optimizer handling the gradients, `_prepare_fp32_grad_for_sub_group`,
    // `reduce_ready_partitions_and_remove_grads`: a step of training)
    let zero_grads = |f: &String| {
        f.contains("deepspeed/runtime/zero/")
            && function_of(f).is_some_and(|g| g.contains("grad") || g.contains("backward"))
    };
    if frames.iter().any(|f| training_forward(f) || zero_grads(f)) {
        return Some("training");
    }
    // a distributed checkpoint written (Megatron's `dist_checkpointing` saving or writing its
    // shards, torch's DCP `save`), which only a training run does; loading one is a model's load
    let checkpoint_write = |f: &String| {
        (f.contains("/dist_checkpointing/") || f.contains("/distributed/checkpoint/"))
            && function_of(f).is_some_and(|g| g.contains("save") || g.contains("write"))
    };
    if frames.iter().any(checkpoint_write) {
        return Some("training");
    }
    if let Some(p) = kernel_step(text) {
        return Some(p);
    }
    // (a kernel that names its step decided above) Hugging Face's `generate` runs its decoding
    // loop in one function per strategy (`_sample`, `greedy_search`, `_beam_search`...), and a
    // sampler refuses a distribution (`probability tensor contains either `inf`, `nan` or
    // element < 0`) as it picks a token
    const DECODING: &[&str] = &[
        "_sample",
        "sample",
        "greedy_search",
        "_greedy_search",
        "beam_search",
        "_beam_search",
        "beam_sample",
        "_assisted_decoding",
        "assisted_decoding",
        "contrastive_search",
        "_contrastive_search",
    ];
    let decoding = |f: &String| {
        f.contains("generation/utils.py") && function_of(f).is_some_and(|g| DECODING.contains(&g))
    };
    if frames.iter().any(decoding) || text.contains("probability tensor contains either `inf`") {
        // (a trainer that generates as it trains, TRL's GRPO and PPO trainers sampling their
        // completions, is in its training step)
        if frames.iter().any(|f| is_trainer_module(f)) {
            return Some("training");
        }
        return Some("decode");
    }
    // a training loop's own function, named so by the trainers (Megatron's `train`, Hugging
    // Face's `_inner_training_loop`, Lightning's `fit`, OpenRLHF's `ppo_train`, `train_epoch`)
    const LOOPS: &[&str] = &[
        "train",
        "fit",
        "_fit_impl",
        "_inner_training_loop",
        "training_loop",
        "train_loop",
        "train_epoch",
        "_train_epoch",
        "train_one_epoch",
        "train_model",
        "train_step",
        "training_step",
        "ppo_train",
        "fit_loop",
        // (reinforcement learning's runners: Stable-Baselines3's and rsl_rl's `learn`)
        "learn",
        // (Chainer's updater's step, fastai's `fine_tune` and `fit_one_cycle`)
        "update_core",
        "fine_tune",
        "fit_one_cycle",
        // (CNTK's trainer's step, `Trainer.train_minibatch`; TensorFlow's Estimator's
        // `train_and_evaluate`)
        "train_minibatch",
        "train_and_evaluate",
        // (a step's own functions: Hugging Face's and TRL's trainers compute the loss in
        // `compute_loss`; verl's actor the policy's log-probabilities and its update)
        "compute_loss",
        "compute_log_prob",
        "compute_ref_log_prob",
        "update_actor",
        "update_policy",
        // (a trainer saving the checkpoint of the model it trains: `save_checkpoint`,
        // `_save_checkpoint`)
        "save_checkpoint",
        "_save_checkpoint",
    ];
    // (and a trainer's own save of the model it trains, `Trainer._save`, `save_model`, where a
    // paste keeps no frame above it)
    let is_loop = |f: &String| {
        function_of(f).is_some_and(|func| {
            LOOPS.contains(&func)
                || (matches!(func, "_save" | "save_model") && is_trainer_module(f))
        })
    };
    // SGLang's scheduler creating its model worker, when the error is raised there and not in
    // the worker it builds (which loads, sizes and captures: a traceback cut short shows this
    // frame too)
    if frames
        .last()
        .is_some_and(|f| function_of(f) == Some("init_model_worker"))
    {
        return Some("startup");
    }
    // The innermost frame that names either decides: a training script's `train()` that is
    // still parsing its arguments or joining its process group has not begun to train.
    let named = frames.iter().rev().find_map(|f| {
        if is_start_frame(f) {
            Some("startup")
        } else if is_loop(f) {
            Some("training")
        } else {
            None
        }
    });
    // TensorRT-LLM's `trtllm-build` building its engines (`parallel_build`, `build_and_save`,
    // the builder's `build_model`), when no step inside it (reading the checkpoint's weights)
    // said more: an engine's build; its `main`, that reads the arguments, and an import that
    // fails are not yet one
    named.or_else(|| {
        frames
            .iter()
            .any(|f| {
                (frame_in(f, "/tensorrt_llm/commands/build.py")
                    || frame_in(f, "/tensorrt_llm/builder.py"))
                    && !matches!(
                        function_of(f),
                        None | Some("<module>" | "main" | "parse_arguments")
                    )
            })
            .then_some("build")
    })
}

/// Whether a frame reads a tokenizer (transformers' `tokenization_auto.py`, a server's
/// `get_tokenizer`).
fn is_tokenizer_frame(f: &str) -> bool {
    [
        "tokenization_auto",
        "in get_tokenizer",
        "in init_tokenizer",
        "in get_cached_tokenizer",
    ]
    .iter()
    .any(|w| f.contains(w))
}

/// The step a marker names once it holds: the weights' `memory_init_pending` (a load that ended,
/// the KV cache not yet sized) is the memory's sizing.
pub fn settled(marker: &'static str) -> &'static str {
    match marker {
        "memory_init_pending" => "memory_init",
        p => p,
    }
}

/// Whether an application's source line, kept with its traceback's frames, loads a pretrained
/// model (`model = AutoModelForCausalLM.from_pretrained(...)`, a pipeline's or an adapter's): the
/// call the error came out of when the library's own frames were hidden (an editor's pop-up
/// shows only the user's code). Not a tokenizer's, processor's or configuration's, which are
/// read as the program starts.
pub fn loads_pretrained_model(code: &str) -> bool {
    static CALL: LazyLock<AsciiFirst> =
        LazyLock::new(|| AsciiFirst::new(r"\b([A-Za-z_]\w*)\.from_pretrained\("));
    let code = code.trim_start();
    !code.starts_with("File \"")
        && CALL.captures(code).is_some_and(|c| {
            let receiver = c[1].to_ascii_lowercase();
            !["token", "process", "config", "extractor", "scheduler"]
                .iter()
                .any(|w| receiver.contains(w))
        })
}

/// Whether a script's file name is a checkpoint converter's (TensorRT-LLM's
/// `convert_checkpoint.py`, llama.cpp's `convert_hf_to_gguf.py` and its older
/// `convert-hf-to-gguf.py`): it reads a model's weights to write them in another format.
pub fn is_checkpoint_converter(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.starts_with("convert")
        && name.ends_with(".py")
        && ["checkpoint", "ckpt", "gguf", "weights"]
            .iter()
            .any(|w| name.contains(w))
}

/// Whether a frame is a model's constructor: `__init__` in a modeling file (`modeling_llama.py`,
/// TGI's `custom_modeling/`, vLLM's `model_executor/models/` and the layers they build from,
/// Megatron's and Transformer Engine's layers).
fn constructs_model(frame: &str) -> bool {
    let func = function_of(frame);
    if !matches!(func, Some("__init__" | "build_module")) {
        return false;
    }
    let Some((path, name)) = frame_file(frame) else {
        return false;
    };
    // (Megatron builds each layer from its spec, `spec_utils.py`'s `build_module`)
    if func == Some("build_module") {
        return name == "spec_utils.py";
    }
    name.starts_with("modeling_")
        || path.contains("/custom_modeling/")
        || path.contains("/model_executor/models/")
        || path.contains("/model_executor/layers/")
        // (Megatron's layers and Transformer Engine's modules, whose constructors allocate
        // their parameters)
        || path.contains("/megatron/core/transformer/")
        || path.contains("/megatron/core/extensions/")
        || path.contains("/transformer_engine/pytorch/module/")
}

/// The file a Python frame names, as its path and its name (`File "a/b/train.py", line 3, in
/// <module>` → `a/b/train.py`, `train.py`).
fn frame_file(frame: &str) -> Option<(&str, &str)> {
    let path = frame.split('"').nth(1)?;
    Some((path, path.rsplit(['/', '\\']).next().unwrap_or(path)))
}

/// Whether a frame's path holds `path` (written with `/`), also in a Windows path.
pub(crate) fn frame_in(frame: &str, path: &str) -> bool {
    frame.contains(path) || (frame.contains('\\') && frame.replace('\\', "/").contains(path))
}

/// The function a Python frame names (`File "x.py", line 3, in load_weights` → `load_weights`;
/// faulthandler's dump of a fatal error's stack leaves out the comma: `line 3 in load_weights`).
/// (A paste that lost the line break after a frame keeps its code behind the name: `in _init
/// \ttorch.classes.load_library(ft_decoder_lib)` names `_init`.)
pub(crate) fn function_of(frame: &str) -> Option<&str> {
    let frame = frame.trim_end();
    if let Some((_, func)) = frame.rsplit_once(", in ") {
        return Some(frame_name(func));
    }
    let (head, func) = frame.rsplit_once(" in ")?;
    let (_, number) = head.rsplit_once(", line ")?;
    number
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then_some(frame_name(func))
}

fn frame_name(func: &str) -> &str {
    func.split([' ', '\t']).next().unwrap_or(func)
}

/// The step a FlashInfer kernel that a message names serves: they are named for it
/// (`BatchPrefillWithPagedKVCache failed with error: ...`, `BatchDecodeWithPagedKVCache`).
pub fn kernel_step(text: &str) -> Option<&'static str> {
    if text.contains("BatchPrefillWith") || text.contains("SinglePrefillWith") {
        Some("prefill")
    } else if text.contains("BatchDecodeWith") || text.contains("SingleDecodeWith") {
        Some("decode")
    } else {
        None
    }
}

/// Whether a frame is torch moving a module's tensors onto a device (`model.cuda()`,
/// `.to(device)`: `Module._apply` and its `convert`), which a program does as it loads the model
/// it will run.
fn moves_module_to_device(f: &str) -> bool {
    frame_file(f).is_some_and(|(path, _)| {
        path.ends_with("torch/nn/modules/module.py")
            || path.ends_with("torch\\nn\\modules\\module.py")
    }) && matches!(function_of(f), Some("_apply" | "convert" | "to" | "cuda"))
}

/// Whether a frame is of a script named for training (`File "tools/train.py", line N, in
/// <module>`, `train_text_to_image_sdxl.py`, Megatron's `pretrain_gpt.py`): the last resort of
/// a failure nothing else places.
/// (Not in a class's constructor there, TorchTitan's `Trainer.__init__` in `train.py`: the
/// trainer being set up, before it trains.)
pub fn in_training_script(frames: &[String]) -> bool {
    frames
        .iter()
        .rev()
        .find(|f| is_training_script(f))
        .is_some_and(|f| function_of(f) != Some("__init__"))
}

fn is_training_script(f: &str) -> bool {
    let Some((_, name)) = frame_file(f) else {
        return false;
    };
    let Some(stem) = name.strip_suffix(".py") else {
        return false;
    };
    ["train", "finetune", "pretrain", "sft"].iter().any(|w| {
        stem.strip_prefix(w)
            .is_some_and(|r| r.is_empty() || r.starts_with(['_', '-']))
    })
}

/// Whether a frame is in a trainer's module (`transformers/trainer.py`, TRL's
/// `trainer/grpo_trainer.py`, `ppo_trainer.py`).
fn is_trainer_module(f: &str) -> bool {
    frame_file(f).is_some_and(|(_, name)| name == "trainer.py" || name.ends_with("_trainer.py"))
}

/// vLLM's engine construction, whose frames wrap its later start-up steps too (loading the
/// weights, profiling memory, capturing graphs): a traceback cut short above those steps shows
/// only these.
const ENGINE_CONSTRUCTION: &[&str] = &[
    "in from_vllm_config",
    "in from_engine_args",
    "in run_mp_engine",
    "in wait_for_engine_startup",
    "in _init_executor",
    // (a model server's own function that starts its engine, KServe's `start_engine`)
    "in start_engine",
];

/// Whether the frames place an error at start-up only through an engine's construction (the
/// innermost start-up frame is one of [`ENGINE_CONSTRUCTION`]), so that a progress line of a
/// later start-up step says more.
pub fn only_engine_construction(frames: &[String]) -> bool {
    frames
        .iter()
        .rev()
        .find(|f| is_start_frame(f))
        .is_some_and(|f| ENGINE_CONSTRUCTION.iter().any(|w| f.contains(w)))
}

/// A frame of a step before the model loads or training begins: [`STARTING`], the engine's
/// construction, joining the process group, wrapping the model for data-parallel training
/// (DDP checks the model across ranks in its constructor), or building a trainer.
fn is_start_frame(f: &str) -> bool {
    // (reading an attribute of a configuration object happens at any step: not its building)
    if matches!(function_of(f), Some("__getattribute__" | "__getattr__")) {
        return false;
    }
    STARTING
        .iter()
        .chain(ENGINE_CONSTRUCTION)
        .any(|w| f.contains(w))
        || f.ends_with("in init_process_group")
        // (a library's own `init()`, which a program calls once as it starts: FedML's and
        // CrypTen's `fedml.init()`, `crypten.init()` in their package's `__init__.py`)
        || (frame_file(f).is_some_and(|(_, name)| name == "__init__.py")
            && function_of(f) == Some("init"))
        // (a worker or server process's `start`, Dask's `Worker.start` registering with its
        // scheduler)
        || (matches!(function_of(f), Some("start" | "_start"))
            && frame_file(f).is_some_and(|(_, name)| {
                ["worker.py", "server.py", "nanny.py"]
                    .iter()
                    .any(|w| name.ends_with(w))
            }))
        // (a launcher waiting for the server it started to come up: DeepSpeed-MII's
        // `_wait_until_server_is_live`)
        || function_of(f).is_some_and(|func| {
            func.contains("wait") && (func.contains("server") || func.contains("ready"))
        })
        || (f.contains("parallel/distributed.py") && f.ends_with("in __init__"))
        // (torch elastic's agent meeting its peers and starting its workers, `_rendezvous`,
        // `_initialize_workers`: the job's launch, whatever the workers were to run)
        || (frame_in(f, "elastic/agent/server/api.py")
            && matches!(
                function_of(f),
                Some("_rendezvous" | "_initialize_workers" | "_start_workers")
            ))
        // (OpenMM's `Simulation(...)`, whose Context compiles its kernels and plans its FFTs as
        // it is built)
        || (frame_in(f, "openmm/app/simulation.py") && f.ends_with("in __init__"))
        // (and for fully sharded training: FSDP's constructor flattening the wrapped module's
        // parameters)
        || f.contains("/fsdp/_init_utils.py")
        || (f.contains("/fsdp/fully_sharded_data_parallel.py") && f.ends_with("in __init__"))
        // (a trainer's constructor, `SFTTrainer(...)` reaching `Trainer.__init__`: built before
        // its first step)
        || (is_trainer_module(f) && function_of(f) == Some("__init__"))
        // (and its set-up before the first epoch, Ultralytics' `_setup_train` broadcasting the
        // AMP flag from rank 0)
        || (is_trainer_module(f)
            && matches!(
                function_of(f),
                Some("_setup_train" | "setup_train" | "_setup_training" | "setup_training")
            ))
        || is_deepspeed_initialize(f)
        // (Accelerate's `Accelerator` built, or the model, optimizer and loaders handed to its
        // `prepare`, both before the first step; kohya's `prepare_accelerator` around it)
        || (frame_in(f, "/accelerate/accelerator.py")
            && matches!(function_of(f), Some("__init__" | "prepare")))
        || function_of(f) == Some("prepare_accelerator")
        // (and the training data set up before the first step: `build_dataset`,
        // `create_train_val_dataloader`, SimpleTuner's `configure_multi_databackend`)
        || function_of(f).is_some_and(builds_training_data)
        // (a serving engine building its model's configuration or its tokenizer manager, SGLang's
        // `configs/model_config.py` and `managers/tokenizer_manager.py` constructors: before any
        // weight is read)
        || ((f.contains("/model_config.py") || f.contains("/tokenizer_manager.py"))
            && function_of(f) == Some("__init__"))
}

/// A function that builds a run's data before it trains: a verb of making, then the data it makes
/// (`build_dataset`, `create_train_val_dataloader`, `init_data_backend`,
/// `configure_multi_databackend`); not a loader's own step (`__next__`, `_next_data`).
fn builds_training_data(func: &str) -> bool {
    const VERBS: &[&str] = &[
        "build_",
        "create_",
        "make_",
        "init_",
        "setup_",
        "configure_",
        "prepare_",
    ];
    const DATA: &[&str] = &[
        "dataset",
        "dataloader",
        "data_loader",
        "databackend",
        "data_backend",
    ];
    let func = func.trim_start_matches('_');
    VERBS.iter().any(|v| func.starts_with(v)) && DATA.iter().any(|d| func.contains(d))
}

/// The source of torch's distributed checkpoint loader (`dcp.load`, and `_shard/checkpoint/` in
/// torch 1.13): a frame of it reads a checkpoint's shards, for the phase rules and the
/// weight-load class.
pub(crate) const DCP_LOADER: &str = "/checkpoint/state_dict_loader.py";

/// A frame of `deepspeed.initialize` building its engine: the call itself (and Accelerate's
/// `_prepare_deepspeed` around it), the engine's constructor and its `_configure_*` steps (the
/// model's broadcast, the ZeRO optimizer's partitions), and the reading of its configuration.
/// All run once, before the first step.
fn is_deepspeed_initialize(f: &str) -> bool {
    if f.ends_with("in _prepare_deepspeed") {
        return true;
    }
    let Some((path, _)) = frame_file(f) else {
        return false;
    };
    if !path.contains("deepspeed/") {
        return false;
    }
    let func = function_of(f).unwrap_or_default();
    // (the engine's module before DeepSpeed 0.3, `deepspeed/pt/deepspeed_light.py`; ZeRO's
    // optimizer creating its states with a first, empty step)
    let engine = path.ends_with("runtime/engine.py") || path.ends_with("pt/deepspeed_light.py");
    (path.ends_with("deepspeed/__init__.py") && func == "initialize")
        || (engine && (func == "__init__" || func.starts_with("_configure")))
        || func == "initialize_optimizer_states"
        || path.ends_with("runtime/config.py")
        || path.ends_with("runtime/config_utils.py")
        || path.ends_with("runtime/zero/config.py")
}

/// vLLM's check that the KV cache holds one request of the model's maximum length, in its
/// wording before v1 (`... is larger than the maximum number of tokens that can be stored in KV
/// cache (N)`) and in v1 (`To serve at least one request with the model's max seq len (N), ...`),
/// also when a hard-wrapped paste cut the line short.
/// (TensorRT-LLM's: `maxTokensInPagedKvCache (N) must be large enough to process at least 1
/// sequence to completion`)
pub fn is_kv_cache_below_max_len(text: &str) -> bool {
    text.contains("tokens that can be stored in KV cache")
        || text.contains("To serve at least one request with the model")
        || text.contains("large enough to process at least 1 sequence")
}

/// A training or serving framework's check of the ranks launched against the parallel layout
/// asked for: `World size 8 is not divisible by tp_size 1 * pp_size 3`, `world_size (8) is not
/// equal to tensor_model_parallel_size (1) x pipeline_model_parallel_size (1)`; or of the model's
/// dimensions against it, as its configuration is validated: `Total number of attention heads
/// (64) must be divisible by tensor parallel size (3)`, Megatron's `num_layers should be
/// divisible by pipeline_model_parallel_size` (`Number of layers should be divisible by the
/// pipeline-model-parallel size`).
fn is_layout_mismatch(text: &str) -> bool {
    let world = ["World size", "world_size", "world size"]
        .iter()
        .any(|w| text.contains(w));
    if world && (text.contains(" is not divisible by ") || text.contains(" is not equal to ")) {
        return true;
    }
    // (the divisor is the parallel size: advice that names it after another check's divisor,
    // `... is not divisible by min_thread_k = 128. Consider reducing tensor_parallel_size`, is not)
    static BY_PARALLEL_SIZE: LazyLock<AsciiFirst> = LazyLock::new(|| {
        AsciiFirst::matcher(r"\bdivisible by (?:the )?(?:[\w-]*?parallel[-_ ]size|[tpm]p_size)\b")
    });
    text.contains(" divisible by ") && BY_PARALLEL_SIZE.is_match(text)
}

/// TensorRT-LLM's report that the number of MPI processes it runs in is not the engine's tensor
/// times pipeline parallelism, as its versions word it.
pub fn is_world_size_mismatch(text: &str) -> bool {
    text.contains("mpiSize == tp * pp")
        || text.contains("MPI worldSize is expected to be equal to tp*pp")
        || (text.contains("MPI size ") && text.contains(" != TP size "))
        || (text.contains("Engine world size (") && text.contains(") != Runtime world size ("))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_marker_is_valid() {
        for (p, _) in MARKERS {
            assert!(regex_syntax::parse(p).is_ok(), "valid marker regex: {p}");
        }
    }
}
